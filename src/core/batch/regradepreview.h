#pragma once
// What `grade` would do now, without doing it: which submissions are unchanged, which regrade from their stored
// run and with what result, which would run again and why. `sandmark-cli grade --dry-run` prints it; the app's
// Checks page shows the grade distribution it gives as the instructor edits the checks (issue 20).

#include "assignment/assignment.h"
#include "batch/submissions.h"
#include "gradebook/gradebook.h"
#include "util/expected.h"

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

namespace sandmark {

struct RegradePreviewOptions
{
    QString gradebookPath;     ///< empty: Gradebook::defaultPath(assignment folder)
    QString referenceCacheDir; ///< empty: paths::cacheDir() + "/reference"
    QString backend;           ///< sandboxKindName() of the sandbox `grade` would use: runs of another one run again
    Limits limits;             ///< the runs' limits (the probe cap named in "too large" feedback)
};

/// What grade would leave, computed from the gradebook and the stored runs alone.
struct RegradePreview
{
    /// Every submission that has a run, as grade would leave it, sorted by student id: the regraded ones with their
    /// new result (overrides and review marks kept: withResult()), the others as they are now.
    QList<EffectiveGrade> grades;
    QList<EffectiveGrade> current; ///< the grades as the gradebook has them now (before), sorted by student id
    QStringList regraded;  ///< graded again from their stored run, without a sandbox (BatchSummary::regraded)
    /// Graded without a sandbox because they cannot run at all (a notebook that cannot be read:
    /// BatchGrading::resultWithoutRun(); BatchSummary::cannotRun).
    QStringList cannotRun;
    /// Of `regraded` and `cannotRun`, those whose status or score in `grades` differs from `current`; sorted.
    QStringList changed;
    int unchanged = 0;               ///< nothing changed: their grade stands
    QMap<QString, QString> wouldRun; ///< student → why it would run in a sandbox (its grade in `grades` is today's)
    /// Checks the instructor notebook fails itself (ReferenceOutcome::brokenChecks): not graded for anyone.
    QMap<QString, QString> brokenChecks;
    QString environmentKey; ///< of the stored runs the preview used (the most common one in `backend`)
    /// Why grade would run the instructor notebook first, when the reference cache cannot serve the assignment as it
    /// is now; then nothing is decided (which submissions regrade is known after that run) and `grades` are today's.
    QString referenceRuns;
    /// Why no stored run serves `backend` when none of the latest runs was made there ("no submission's latest run
    /// is in the docker sandbox (they are in bwrap)"): then every submission would run there (or cannot run at
    /// all), each in `wouldRun` with the batch's reason, and nothing regrades; empty otherwise. Nothing of the
    /// sandbox is needed to say so.
    QString noStoredRuns;
};

/// Previews grade on `submissions` without a sandbox, a lock or a write: the reference values come from the
/// reference cache (cachedReference()) for the environment the stored runs used, and each submission is decided
/// as BatchGrading::plan() decides it. The gradebook must exist (an older one is brought to today's schema first,
/// as every command that opens one does); nothing else is written.
/// Errors name the file: the gradebook missing or unreadable. Nothing graded in `backend` yet: every submission would
/// run (RegradePreview::noStoredRuns). When the reference
/// values for today's checks are not cached (what the runs depend on changed: a test's code, the notebook, limits,
/// dependencies), RegradePreview::referenceRuns says so.
/// A change outside the assignment folder that grade would see (the base interpreter upgraded) is not seen here.
/// Synchronous: hashes every submission's files and reads the stored runs it regrades (about a millisecond per
/// submission); any thread.
Expected<RegradePreview> previewRegrade(const Assignment &assignment, QList<Submission> submissions,
                                        const RegradePreviewOptions &options);

} // namespace sandmark
