#include "resultsmodels.h"

#include "roles.h"

#include <QLocale>

#include <algorithm>

namespace sandmark {

ResultsSummary summarizeResults(const QList<EffectiveGrade> &grades, const QStringList &checkIds, int bins)
{
    ResultsSummary s;
    bins = qMax(1, bins);
    for (int i = 0; i < bins; ++i)
        s.bins.append({100.0 * i / bins, 100.0 * (i + 1) / bins, 0});
    QHash<QString, int> checkRow;
    for (const QString &id : checkIds) {
        checkRow.insert(id, int(s.checks.size()));
        s.checks.append({id, 0, 0, 0, 0, 0});
    }
    QList<double> sums(s.checks.size(), 0.0);
    QList<double> scores;
    for (const EffectiveGrade &g : grades) {
        ++s.submissions;
        switch (g.status) {
        case GradeStatus::Graded:
            ++s.graded;
            break;
        case GradeStatus::NeedsManual:
            ++s.needsManual;
            break;
        case GradeStatus::NeedsReview:
            ++s.needsReview;
            break;
        case GradeStatus::GraderError:
            ++s.graderErrors;
            break;
        }
        s.maxScore = qMax(s.maxScore, g.maxScore);
        if (const std::optional<double> score = g.score()) {
            scores << *score;
            const double percent = g.maxScore > 0 ? 100.0 * *score / g.maxScore : 0;
            const int bin = std::clamp(int(percent * bins / 100.0), 0, bins - 1);
            ++s.bins[bin].count;
        }
        if (g.runStatus == GradeStatus::GraderError)
            continue; // nothing ran: no outcome to count
        for (const EffectiveCheck &c : g.checks) {
            auto it = checkRow.constFind(c.result.checkId);
            if (it == checkRow.cend()) {
                it = checkRow.insert(c.result.checkId, int(s.checks.size()));
                s.checks.append({c.result.checkId, 0, 0, 0, 0, 0});
                sums.append(0);
            }
            ResultsSummary::CheckRate &r = s.checks[*it];
            switch (c.result.outcome) {
            case Outcome::Pass:
                ++r.passed;
                break;
            case Outcome::Fail:
                ++r.failed;
                break;
            case Outcome::NotGraded:
                ++r.notGraded;
                break;
            }
            r.maxPoints = qMax(r.maxPoints, c.result.maxPoints);
            sums[*it] += c.points();
        }
    }
    for (int i = 0; i < s.checks.size(); ++i) {
        const int n = s.checks.at(i).passed + s.checks.at(i).failed + s.checks.at(i).notGraded;
        s.checks[i].meanPoints = n > 0 ? sums.at(i) / n : 0;
    }
    s.withScore = int(scores.size());
    if (!scores.isEmpty()) {
        std::sort(scores.begin(), scores.end());
        double sum = 0;
        for (double v : std::as_const(scores))
            sum += v;
        s.meanScore = sum / scores.size();
        const qsizetype m = scores.size() / 2;
        s.medianScore = scores.size() % 2 ? scores.at(m) : (scores.at(m - 1) + scores.at(m)) / 2;
    }
    return s;
}

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
            return tr("%1 / %2").arg(locale.toString(c.meanPoints, 'f', 2), locale.toString(c.maxPoints, 'g', 6));
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
