#include "resultsmodels.h"

#include "roles.h"
#include "translations.h"

#include <QLocale>

#include <algorithm>

namespace sandmark {

GradeDistributionModel::GradeDistributionModel(QObject *parent) : QAbstractTableModel(parent) {}

void GradeDistributionModel::setBins(QList<ResultsSummary::Bin> bins)
{
    beginResetModel();
    m_bins = std::move(bins);
    endResetModel();
}

QString GradeDistributionModel::rangeLabel(const ResultsSummary::Bin &bin)
{
    return tr("%1–%2 %").arg(QLocale().toString(bin.fromPercent, 'g', 3), QLocale().toString(bin.toPercent, 'g', 3));
}

int GradeDistributionModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_bins.size());
}

int GradeDistributionModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant GradeDistributionModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ResultsSummary::Bin &b = m_bins.at(index.row());
    if (role == Qt::DisplayRole)
        return index.column() == RangeColumn ? rangeLabel(b) : QVariant(b.count);
    if (role == SortRole)
        return index.column() == RangeColumn ? QVariant(b.fromPercent) : QVariant(b.count);
    if (role == Qt::TextAlignmentRole && index.column() == CountColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant GradeDistributionModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    return section == RangeColumn ? tr("Score (% of maximum)") : section == CountColumn ? tr("Submissions") : QVariant();
}

CheckPassRateModel::CheckPassRateModel(QObject *parent) : QAbstractTableModel(parent) {}

void CheckPassRateModel::setChecks(QList<ResultsSummary::CheckRate> checks)
{
    beginResetModel();
    m_checks = std::move(checks);
    endResetModel();
}

int CheckPassRateModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_checks.size());
}

int CheckPassRateModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CheckPassRateModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ResultsSummary::CheckRate &c = m_checks.at(index.row());
    const QLocale locale;
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case CheckColumn:
            return c.checkId;
        case RateColumn:
            return tr("%1 %").arg(locale.toString(100.0 * c.passRate(), 'f', 0));
        case PassedColumn:
            return c.passed;
        case FailedColumn:
            return c.failed;
        case NotGradedColumn:
            return c.notGraded;
        case MeanColumn:
            return tr("%1 / %2").arg(locale.toString(c.meanPoints, 'f', 2), scoreText(c.maxPoints));
        default:
            return {};
        }
    }
    if (role == SortRole) {
        switch (index.column()) {
        case CheckColumn:
            return c.checkId;
        case RateColumn:
            return c.passRate();
        case PassedColumn:
            return c.passed;
        case FailedColumn:
            return c.failed;
        case NotGradedColumn:
            return c.notGraded;
        case MeanColumn:
            return c.meanPoints;
        default:
            return {};
        }
    }
    if (role == Qt::TextAlignmentRole && index.column() != CheckColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant CheckPassRateModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case CheckColumn:
        return tr("Check");
    case RateColumn:
        return tr("Pass rate");
    case PassedColumn:
        return tr("Passed");
    case FailedColumn:
        return tr("Failed");
    case NotGradedColumn:
        return tr("Not graded");
    case MeanColumn:
        return tr("Mean points");
    default:
        return {};
    }
}

} // namespace sandmark
