#include "checkresultsmodel.h"

#include "coretranslation.h"
#include "notebook/cellref.h"
#include "roles.h"
#include "translations.h"

#include <QColor>
#include <QFont>
#include <QLocale>

namespace sandmark {

CheckResultsModel::CheckResultsModel(QObject *parent) : RowTableModel(ColumnCount, parent) {}

void CheckResultsModel::setOverrides(const QHash<QString, Override> &overrides)
{
    m_overrides = overrides;
    allRowsChanged();
}

void CheckResultsModel::setGroups(QList<CheckGroup> groups)
{
    m_groups = std::move(groups);
    allRowsChanged(GroupColumn, GroupColumn);
}

void CheckResultsModel::setCellLabels(QHash<int, QString> labels)
{
    m_cellLabels = std::move(labels);
    allRowsChanged(FeedbackColumn, FeedbackColumn);
}

QString CheckResultsModel::groupText(const QString &checkId) const
{
    for (const CheckGroup &g : m_groups) {
        if (!g.checkIds.contains(checkId))
            continue;
        double total = 0;
        for (const CheckResult &r : rows()) {
            if (!g.checkIds.contains(r.checkId))
                continue;
            const auto o = m_overrides.constFind(r.checkId);
            if (o == m_overrides.cend() && r.outcome == Outcome::NotGraded)
                return tr("%1: not graded").arg(g.name);
            total += o != m_overrides.cend() ? o->points : r.points;
        }
        return tr("%1: %2 / %3").arg(g.name, scoreText(total), scoreText(g.maxPoints));
    }
    return {};
}

QVariant CheckResultsModel::cellData(const CheckResult &r, int column, int role) const
{
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        switch (column) {
        case CheckColumn:
            return r.checkId;
        case GroupColumn:
            return groupText(r.checkId);
        case OutcomeColumn:
            return r.outcome == Outcome::Pass ? tr("pass") : r.outcome == Outcome::Fail ? tr("fail") : tr("not graded");
        case PointsColumn:
            return QStringLiteral("%1 / %2").arg(scoreText(r.points), scoreText(r.maxPoints));
        case OverrideColumn: {
            const auto o = m_overrides.constFind(r.checkId);
            if (o == m_overrides.cend())
                return QString();
            return tr("%1 — %2").arg(scoreText(o->points), o->comment);
        }
        case ExpectedColumn:
            return translatedCoreText(r.expected);
        case ActualColumn:
            return translatedCoreText(r.actual);
        case FeedbackColumn:
            return labelCellReferences(translatedCoreText(r.feedback), m_cellLabels);
        default:
            return {};
        }
    case Qt::FontRole:
        if (column == OverrideColumn && m_overrides.contains(r.checkId)) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::BackgroundRole:
        if (r.outcome == Outcome::Fail)
            return QColor(0xfd, 0xe2, 0xe2);
        if (r.outcome == Outcome::NotGraded)
            return QColor(0xff, 0xf1, 0xd6);
        return {};
    case CheckIdRole:
        return r.checkId;
    case PointsRole:
        return r.points;
    case NotebookCellRole: {
        const QList<CellReference> refs = findCellReferences(r.feedback);
        return refs.isEmpty() ? -1 : refs.first().index;
    }
    default:
        return {};
    }
}

QVariant CheckResultsModel::columnTitle(int column) const
{
    switch (column) {
    case CheckColumn:
        return tr("Check");
    case GroupColumn:
        return tr("Question");
    case OutcomeColumn:
        return tr("Outcome");
    case PointsColumn:
        return tr("Points");
    case OverrideColumn:
        return tr("Override");
    case ExpectedColumn:
        return tr("Expected");
    case ActualColumn:
        return tr("Actual");
    case FeedbackColumn:
        return tr("Feedback");
    default:
        return {};
    }
}

RecordCellsModel::RecordCellsModel(QObject *parent) : RowTableModel(ColumnCount, parent) {}

void RecordCellsModel::setRecord(const ExecutionRecord &record)
{
    resetRows(record.cells());
}

void RecordCellsModel::setCellLabels(QHash<int, QString> labels)
{
    m_labels = std::move(labels);
    allRowsChanged(IndexColumn, IndexColumn);
}

QVariant RecordCellsModel::cellData(const CellRecord &c, int column, int role) const
{
    const QString &status = c.status;
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (column) {
        case IndexColumn:
            return c.index ? labelCellReferences(QStringLiteral("cells[%1]").arg(*c.index), m_labels) : QStringLiteral("—");
        case KindColumn:
            return c.injected.isEmpty() ? runRecordWord(c.cellType) : tr("injected %1").arg(runRecordWord(c.injected));
        case StatusColumn:
            return runRecordWord(status);
        case DurationColumn:
            return tr("%1 s").arg(QLocale().toString(c.durationS.value_or(0), 'f', 2));
        case ErrorColumn:
            return c.error ? QStringLiteral("%1: %2").arg(c.error->ename, c.error->evalue) : c.errorText;
        default:
            return {};
        }
    }
    if (role == NotebookCellRole)
        return c.index.value_or(-1);
    if (role == Qt::BackgroundRole && !status.isEmpty() && status != QLatin1String("ok"))
        return QColor(0xfd, 0xe2, 0xe2);
    if (role == Qt::TextAlignmentRole && column == DurationColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant RecordCellsModel::columnTitle(int column) const
{
    switch (column) {
    case IndexColumn:
        return tr("Cell");
    case KindColumn:
        return tr("Kind");
    case StatusColumn:
        return tr("Status");
    case DurationColumn:
        return tr("Duration");
    case ErrorColumn:
        return tr("Error");
    default:
        return {};
    }
}

} // namespace sandmark
