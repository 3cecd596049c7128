#include "batch/regradepreview.h"

#include "batch/batchgrading.h"
#include "batch/referencerun.h"
#include "util/paths.h"

#include <QFileInfo>
#include <QHash>
#include <QSet>

#include <algorithm>

namespace sandmark {

namespace {

/// The environment key of the stored runs a regrade would reuse (the most common one among the latest runs in
/// `backend`; ties by key): the reference key is computed with it, as the batch computes it with the environment
/// its backend resolves (the same one while nothing outside changed). Errors name `path` and say where the latest
/// runs are when none is in `backend`.
Expected<QString> storedEnvironment(const QHash<QString, LatestRuns> &latest, const QString &backend, const QString &path)
{
    QHash<QString, int> environments;
    for (const LatestRuns &runs : latest)
        if (const std::optional<StoredRun> stored = runs.reusable(backend))
            ++environments[stored->environmentKey];
    QString key;
    for (auto it = environments.cbegin(); it != environments.cend(); ++it)
        if (key.isEmpty() || it.value() > environments.value(key) || (it.value() == environments.value(key) && it.key() < key))
            key = it.key();
    if (!key.isEmpty())
        return key;
    // Say where the latest runs are: graded in bwrap, then in podman, the latest are podman's.
    QSet<QString> others;
    for (const LatestRuns &runs : latest)
        if (runs.completed && !runs.completed->backend.isEmpty() && runs.completed->backend != backend)
            others.insert(runs.completed->backend);
    QStringList names(others.cbegin(), others.cend());
    names.sort();
    return Error{path, {}, names.isEmpty()
                               ? QStringLiteral("no submission has been graded in the %1 sandbox yet: nothing to regrade").arg(backend)
                               : QStringLiteral("no submission's latest run is in the %1 sandbox (they are in %2): nothing to "
                                                "regrade from stored values; try --sandbox %3")
                                     .arg(backend, names.join(QStringLiteral(", ")), names.first())};
}

/// Fills `out` from the batch's plan: the skipped are counted, the regraded and those that cannot run get their
/// new result in `out.grades` (changed ones listed), the others would run, with the plan's reason.
void applyPlan(const QList<PlannedSubmission> &planned, const BatchGrading &grading, RegradePreview &out)
{
    QHash<QString, qsizetype> byStudent;
    for (qsizetype i = 0; i < out.grades.size(); ++i)
        byStudent.insert(out.grades.at(i).studentId, i);
    const auto regrade = [&](const QString &student, const GradeResult &result, QStringList &into) {
        into << student;
        auto it = byStudent.constFind(student);
        const bool firstGrade = it == byStudent.constEnd();
        if (firstGrade) { // first graded now (a notebook that cannot be read)
            EffectiveGrade fresh;
            fresh.studentId = student;
            it = byStudent.insert(student, out.grades.size());
            out.grades << fresh;
        }
        const EffectiveGrade before = out.grades.at(*it);
        out.grades[*it] = withResult(before, result);
        const EffectiveGrade &after = out.grades.at(*it);
        if (firstGrade || after.status != before.status || after.score() != before.score())
            out.changed << student;
    };
    for (const PlannedSubmission &p : planned) {
        const QString &student = p.submission.studentId;
        switch (p.action) {
        case PlannedSubmission::Action::Skip:
            ++out.unchanged;
            break;
        case PlannedSubmission::Action::Regrade:
            regrade(student, p.regraded, out.regraded);
            break;
        case PlannedSubmission::Action::Run:
            // What cannot run at all is graded without a sandbox in the batch too.
            if (const std::optional<GradeResult> notRun = grading.resultWithoutRun(p.submission))
                regrade(student, *notRun, out.cannotRun);
            else
                out.wouldRun.insert(student, p.reason);
            break;
        }
    }
    out.changed.sort();
    std::sort(out.grades.begin(), out.grades.end(), [](const EffectiveGrade &a, const EffectiveGrade &b) { return a.studentId < b.studentId; });
}

} // namespace

Expected<RegradePreview> previewRegrade(const Assignment &assignment, QList<Submission> submissions,
                                        const RegradePreviewOptions &options)
{
    const QString path = options.gradebookPath.isEmpty() ? Gradebook::defaultPath(assignment.folder()) : options.gradebookPath;
    if (!QFileInfo::exists(path))
        return Error{path, {}, QStringLiteral("no gradebook yet: nothing has been graded, so grade would run every submission "
                                              "in the sandbox (a dry run previews a regrade from stored runs)")};
    if (Expected<int> existing = Gradebook::checkExisting(path); !existing)
        return existing.error();
    // Read only: a gradebook in a read-only folder previews too (Gradebook::openForReading()).
    Expected<std::unique_ptr<Gradebook>> gradebook = Gradebook::openForReading(path);
    if (!gradebook)
        return gradebook.error();
    Gradebook &gb = **gradebook;
    Expected<QHash<QString, LatestRuns>> latest = gb.latestRuns();
    if (!latest)
        return latest.error();
    Expected<QString> environment = storedEnvironment(*latest, options.backend, path);
    RegradePreview out;
    Expected<QList<EffectiveGrade>> current = gb.effectiveGrades();
    if (!current)
        return current.error();
    out.current = std::move(*current);
    out.grades = out.current;
    if (!environment) {
        // No run of `backend` to regrade from: each submission runs there (its environment, not known without the
        // sandbox, is no stored run's), as the batch's plan says, without a reference value to read.
        out.noStoredRuns = environment.error().message;
        BatchGrading grading(assignment, options.limits);
        grading.setReference({}, referenceKey(assignment, QStringLiteral("(the %1 sandbox's environment)").arg(options.backend)), {});
        Expected<QList<PlannedSubmission>> planned = grading.plan(std::move(submissions), gb, options.backend, false, &*latest);
        if (!planned)
            return planned.error();
        applyPlan(*planned, grading, out);
        return out;
    }
    out.environmentKey = *environment;

    const QString cacheDir = options.referenceCacheDir.isEmpty() ? paths::cacheDir() + QLatin1String("/reference")
                                                                 : options.referenceCacheDir;
    const QString key = referenceKey(assignment, out.environmentKey);
    QString whyNot;
    const std::optional<CachedReference> reference = cachedReference(assignment, cacheDir, key, &whyNot);
    if (!reference) {
        // Which one: the stored runs were graded under this very key (the cache lost it), or under another one (what the
        // runs depend on changed since; the reference key of the same environment says which side: the assignment's).
        const bool sameKey = std::any_of(latest->cbegin(), latest->cend(), [&](const LatestRuns &runs) {
            const std::optional<StoredRun> stored = runs.reusable(options.backend);
            return stored && stored->environmentKey == out.environmentKey && stored->referenceKey == key;
        });
        out.referenceRuns =
            !whyNot.isEmpty() ? QStringLiteral("the cached reference values cannot serve the checks as they are now (%1)").arg(whyNot)
            : sameKey ? QStringLiteral("the assignment is as its runs were graded, but the reference values they were graded with "
                                       "are no longer cached in %1 (the cache was cleared, or SANDMARK_CACHE_DIR names another)")
                            .arg(cacheDir)
                      : QStringLiteral("the assignment changed in what its runs depend on since they were graded (the instructor "
                                       "notebook, a supplied file, a test's code, the limits, the dependencies, a setting or Sandmark's version), so "
                                       "its reference values are not cached yet");
        return out;
    }
    out.brokenChecks = reference->outcome.brokenChecks;

    BatchGrading grading(assignment, options.limits);
    grading.setReference(reference->payload, key, reference->outcome);
    Expected<QList<PlannedSubmission>> planned = grading.plan(std::move(submissions), gb, options.backend, false, &*latest);
    if (!planned)
        return planned.error();
    applyPlan(*planned, grading, out);
    return out;
}

} // namespace sandmark
