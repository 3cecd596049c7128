#include "gradebook/summary.h"

#include <QHash>

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

} // namespace sandmark
