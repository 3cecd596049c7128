#include "notebook/cellref.h"

#include "notebook/notebook_p.h"

#include <QRegularExpression>

namespace sandmark {

QList<CellReference> findCellReferences(const QString &text)
{
    static const QRegularExpression ref(QStringLiteral("\\bcells\\[(\\d{1,9})\\]"));
    QList<CellReference> out;
    for (auto it = ref.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        out << CellReference{m.capturedStart(), m.capturedLength(), m.capturedView(1).toInt()};
    }
    return out;
}

QString cellLabel(CellType type, int executionCount, const QString &source, int maxChars)
{
    QString first;
    for (const QString &line : source.split(QLatin1Char('\n'))) {
        if (!line.trimmed().isEmpty()) {
            first = line.trimmed();
            break;
        }
    }
    if (first.size() > maxChars)
        first = first.left(qMax(1, maxChars - 1)) + QStringLiteral("…");
    QString head;
    if (type == CellType::Markdown)
        head = QStringLiteral("Markdown");
    else if (type == CellType::Raw)
        head = QStringLiteral("Raw");
    else if (executionCount < 0)
        head = QStringLiteral("In [ ]");
    else
        head = QStringLiteral("In [%1]").arg(executionCount);
    return first.isEmpty() ? head : QStringLiteral("%1: %2").arg(head, first);
}

QHash<int, QString> cellLabels(const Notebook &notebook)
{
    QHash<int, QString> out;
    for (int i = 0; i < notebook.cellCount(); ++i) {
        const std::optional<int> count = executionCount(NotebookEditor::json(notebook)["cells"][size_t(i)]);
        out.insert(i, cellLabel(notebook.cellType(i), count.value_or(-1), notebook.cellSource(i)));
    }
    return out;
}

QString labelCellReferences(const QString &text, const QHash<int, QString> &labels)
{
    QString out;
    qsizetype at = 0;
    for (const CellReference &r : findCellReferences(text)) {
        const auto label = labels.constFind(r.index);
        if (label == labels.cend())
            continue;
        out += QStringView(text).mid(at, r.start - at);
        out += QStringLiteral("%1 (%2)").arg(*label, QStringView(text).mid(r.start, r.length));
        at = r.start + r.length;
    }
    out += QStringView(text).mid(at);
    return out;
}

} // namespace sandmark
