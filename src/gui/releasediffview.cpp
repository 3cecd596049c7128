#include "releasediffview.h"

#include "boundedtext.h"
#include "roles.h"
#include "wrappinglabel.h"

#include <QCheckBox>
#include <QColor>
#include <QFont>
#include <QLabel>
#include <QListView>
#include <QLocale>
#include <QVBoxLayout>

namespace sandmark {

CellDiffModel::CellDiffModel(QObject *parent) : QAbstractListModel(parent) {}

QString CellDiffModel::shownLines(const QStringList &lines)
{
    QStringList shown;
    for (qsizetype i = 0; i < qMin(lines.size(), kShownLines); ++i) {
        const QString &l = lines.at(i);
        shown << (l.size() > kShownLineChars ? l.left(kShownLineChars) + QChar(0x2026) : l);
    }
    if (lines.size() > kShownLines)
        shown << tr("… the other lines are not shown here (%1 of %2 shown; sandmark-cli diff prints them all)")
                     .arg(QLocale().toString(qlonglong(kShownLines)), QLocale().toString(qlonglong(lines.size())));
    return shown.join(QLatin1Char('\n'));
}

void CellDiffModel::setDiff(NotebookDiff diff)
{
    beginResetModel();
    m_diff = std::move(diff);
    endResetModel();
}

void CellDiffModel::setShowUnchanged(bool show)
{
    if (show == m_showUnchanged)
        return;
    m_showUnchanged = show;
    if (!m_diff.cells.isEmpty())
        Q_EMIT dataChanged(index(0), index(int(m_diff.cells.size()) - 1), {Qt::DisplayRole, Qt::SizeHintRole});
}

int CellDiffModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_diff.cells.size());
}

QVariant CellDiffModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const CellDiff &d = m_diff.cells.at(index.row());
    using Change = CellDiff::Change;
    switch (role) {
    case Qt::DisplayRole: {
        auto place = [](int i) { return i < 0 ? tr("none") : QStringLiteral("cells[%1]").arg(i); };
        QStringList head{tr("%1 → %2").arg(place(d.releaseIndex), place(d.studentIndex))};
        if (d.answer)
            head << tr("answer");
        head << (d.change == Change::Unchanged ? tr("unchanged")
                 : d.change == Change::Changed ? tr("changed")
                 : d.change == Change::Added   ? tr("added by the student")
                                               : tr("deleted by the student"));
        if (!d.matchedBy.isEmpty())
            head << d.matchedBy;
        QString body;
        if (d.tooLarge) {
            const QLocale l;
            body = tr("Too large to compare line by line (over %1 characters or %2 lines). Release: %3 characters, %4 lines; "
                      "student: %5 characters, %6 lines. The first lines of each:")
                       .arg(l.toString(qlonglong(kCellDiffMaxChars)), l.toString(qlonglong(kCellDiffMaxLines)),
                            l.toString(qlonglong(d.releaseChars)), l.toString(qlonglong(d.releaseLines)),
                            l.toString(qlonglong(d.studentChars)), l.toString(qlonglong(d.studentLines)))
                   + QLatin1Char('\n');
        }
        if (d.change != Change::Unchanged)
            body += shownLines(d.lines);
        else if (m_showUnchanged)
            body += shownLines(d.studentSource.split(QLatin1Char('\n')));
        else
            body += shownLines({d.studentSource.left(kShownLineChars + 1).section(QLatin1Char('\n'), 0, 0)})
                    + (d.studentSource.contains(QLatin1Char('\n')) ? QStringLiteral(" …") : QString());
        return head.join(QStringLiteral(" · ")) + QLatin1Char('\n') + body;
    }
    case Qt::FontRole:
        return QFont(QStringLiteral("monospace"));
    case Qt::BackgroundRole:
        if (d.answer && d.change != Change::Unchanged)
            return QColor(0xff, 0xe8, 0xa3); // a changed answer: what the grader reads
        if (d.answer)
            return QColor(0xff, 0xf6, 0xd9);
        if (d.change == Change::Added)
            return QColor(0xdc, 0xf5, 0xdc);
        if (d.change == Change::Removed)
            return QColor(0xfd, 0xe2, 0xe2);
        if (d.change == Change::Changed)
            return QColor(0xe8, 0xf0, 0xfe);
        return {};
    case Qt::ForegroundRole:
        return d.change == Change::Unchanged ? QVariant(QColor(Qt::darkGray)) : QVariant();
    case DiffChangeRole:
        return int(d.change);
    case DiffAnswerRole:
        return d.answer;
    case NotebookCellRole:
        return d.studentIndex;
    default:
        return {};
    }
}

ReleaseDiffView::ReleaseDiffView(QWidget *parent)
    : QWidget(parent), m_model(new CellDiffModel(this)), m_summary(new WrappingLabel(this)),
      m_showUnchanged(new QCheckBox(tr("Show &unchanged cells"), this)), m_view(new QListView(this))
{
    auto *layout = new QVBoxLayout(this);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setAccessibleName(tr("Diff summary"));
    layout->addWidget(m_summary);
    m_showUnchanged->setToolTip(tr("Unchanged cells show their first line only unless this is ticked"));
    connect(m_showUnchanged, &QCheckBox::toggled, m_model, &CellDiffModel::setShowUnchanged);
    layout->addWidget(m_showUnchanged);
    m_view->setModel(m_model);
    m_view->setAccessibleName(tr("Cells changed from the release"));
    m_view->setWordWrap(false);
    m_view->setUniformItemSizes(false);
    m_view->setSpacing(2);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    layout->addWidget(m_view, 1);
}

void ReleaseDiffView::setDiff(const QString &notebook, const NotebookDiff &diff)
{
    m_model->setDiff(diff);
    m_summary->setText(tr("%1 against its release: %n cell(s) changed", nullptr, diff.changed).arg(notebook) + QStringLiteral(", ")
                       + tr("%n answer(s) among them", nullptr, diff.answersChanged) + QStringLiteral(", ")
                       + tr("%n added", nullptr, diff.added) + QStringLiteral(", ") + tr("%n deleted", nullptr, diff.removed));
}

void ReleaseDiffView::setMessage(const QString &message)
{
    m_model->setDiff({});
    m_summary->setText(boundedText(message));
}

QString ReleaseDiffView::summaryText() const
{
    return m_summary->text();
}

} // namespace sandmark
