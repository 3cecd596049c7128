#include "checkresultsmodel.h"

#include "coretranslation.h"
#include "notebook/cellref.h"
#include "roles.h"
#include "translations.h"

#include <QColor>
#include <QFont>
#include <QJsonArray>
#include <QLocale>

namespace sandmark {

CheckResultsModel::CheckResultsModel(QObject *parent) : QAbstractTableModel(parent) {}

void CheckResultsModel::setResults(QList<CheckResult> results)
{
    beginResetModel();
    m_results = std::move(results);
    endResetModel();
}

void CheckResultsModel::setOverrides(const QHash<QString, Override> &overrides)
{
    m_overrides = overrides;
    if (!m_results.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(int(m_results.size()) - 1, ColumnCount - 1));
}

void CheckResultsModel::setGroups(QList<CheckGroup> groups)
{
    m_groups = std::move(groups);
    if (!m_results.isEmpty())
        Q_EMIT dataChanged(index(0, GroupColumn), index(int(m_results.size()) - 1, GroupColumn));
}

void CheckResultsModel::setCellLabels(QHash<int, QString> labels)
{
    m_cellLabels = std::move(labels);
    if (!m_results.isEmpty())
        Q_EMIT dataChanged(index(0, FeedbackColumn), index(int(m_results.size()) - 1, FeedbackColumn));
}

QString CheckResultsModel::groupText(const QString &checkId) const
{
    for (const CheckGroup &g : m_groups) {
        if (!g.checkIds.contains(checkId))
            continue;
        double total = 0;
        for (const CheckResult &r : m_results) {
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

int CheckResultsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_results.size());
}

int CheckResultsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CheckResultsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const CheckResult &r = m_results.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        switch (index.column()) {
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
        if (index.column() == OverrideColumn && m_overrides.contains(r.checkId)) {
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

QVariant CheckResultsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
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

RecordCellsModel::RecordCellsModel(QObject *parent) : QAbstractTableModel(parent) {}

void RecordCellsModel::setRecord(const QJsonObject &record)
{
    beginResetModel();
    m_cells.clear();
    const QJsonArray cells = record.value(QLatin1String("cells")).toArray();
    for (const QJsonValue &c : cells)
        m_cells << c.toObject();
    endResetModel();
}

void RecordCellsModel::setCellLabels(QHash<int, QString> labels)
{
    m_labels = std::move(labels);
    if (!m_cells.isEmpty())
        Q_EMIT dataChanged(index(0, IndexColumn), index(int(m_cells.size()) - 1, IndexColumn));
}

int RecordCellsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_cells.size());
}

int RecordCellsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RecordCellsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const QJsonObject &c = m_cells.at(index.row());
    const QString status = c.value(QLatin1String("status")).toString();
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (index.column()) {
        case IndexColumn:
            return c.value(QLatin1String("index")).isDouble()
                       ? labelCellReferences(QStringLiteral("cells[%1]").arg(c.value(QLatin1String("index")).toInt()), m_labels)
                       : QStringLiteral("—");
        case KindColumn: {
            const QString injected = c.value(QLatin1String("injected")).toString();
            return injected.isEmpty() ? runRecordWord(c.value(QLatin1String("cell_type")).toString())
                                      : tr("injected %1").arg(runRecordWord(injected));
        }
        case StatusColumn:
            return runRecordWord(status);
        case DurationColumn:
            return tr("%1 s").arg(QLocale().toString(c.value(QLatin1String("duration_s")).toDouble(), 'f', 2));
        case ErrorColumn: {
            const QJsonValue e = c.value(QLatin1String("error"));
            if (e.isObject())
                return QStringLiteral("%1: %2").arg(e.toObject().value(QLatin1String("ename")).toString(),
                                                    e.toObject().value(QLatin1String("evalue")).toString());
            return e.toString();
        }
        default:
            return {};
        }
    }
    if (role == NotebookCellRole)
        return c.value(QLatin1String("index")).isDouble() ? c.value(QLatin1String("index")).toInt() : -1;
    if (role == Qt::BackgroundRole && !status.isEmpty() && status != QLatin1String("ok"))
        return QColor(0xfd, 0xe2, 0xe2);
    if (role == Qt::TextAlignmentRole && index.column() == DurationColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant RecordCellsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
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
