#include "resultsmodels.h"

#include "roles.h"
#include "translations.h"

#include <QLocale>

#include <algorithm>

namespace sandmark {

GradeDistributionModel::GradeDistributionModel(QObject *parent) : RowTableModel(ColumnCount, parent) {}

QString GradeDistributionModel::rangeLabel(const ResultsSummary::Bin &bin)
{
    return tr("%1–%2 %").arg(QLocale().toString(bin.fromPercent, 'g', 3), QLocale().toString(bin.toPercent, 'g', 3));
}

QVariant GradeDistributionModel::cellData(const ResultsSummary::Bin &b, int column, int role) const
{
    if (role == Qt::DisplayRole)
        return column == RangeColumn ? rangeLabel(b) : QVariant(b.count);
    if (role == SortRole)
        return column == RangeColumn ? QVariant(b.fromPercent) : QVariant(b.count);
    if (role == Qt::TextAlignmentRole && column == CountColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant GradeDistributionModel::columnTitle(int column) const
{
    return column == RangeColumn ? tr("Score (% of maximum)") : column == CountColumn ? tr("Submissions") : QVariant();
}

CheckPassRateModel::CheckPassRateModel(QObject *parent) : RowTableModel(ColumnCount, parent) {}

QVariant CheckPassRateModel::cellData(const ResultsSummary::CheckRate &c, int column, int role) const
{
    const QLocale locale;
    if (role == Qt::DisplayRole) {
        switch (column) {
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
        switch (column) {
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
    if (role == Qt::ToolTipRole && column == CheckColumn)
        return c.checkId; // elided when the table is narrow
    if (role == Qt::TextAlignmentRole && column != CheckColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant CheckPassRateModel::columnTitle(int column) const
{
    switch (column) {
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
