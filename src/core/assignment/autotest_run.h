#pragma once
// Running nbgrader AUTOTEST evaluation notebooks (autotest.h) in the sandbox, for `import nbgrader`.

#include "assignment/autotest.h"
#include "sandbox/submissionrun.h"
#include "util/expected.h"

namespace sandmark {

/// What the evaluation run gave for each plan, in the plans' order.
struct AutotestEvaluation
{
    QList<RunResult> runs; ///< per plan: the executed evaluation notebook and its record
    QString backend;       ///< the sandbox backend that ran them (sandboxKindName())
    QString notice;        ///< SubmissionRunOptions::notice, when runOptionsFor() had one
};

/// Runs each plan's evaluation notebook in the sandbox `choices` select (runOptionsFor() on a generated assignment
/// with no dependencies, the default limits and `dataFiles`), each in a fresh kernel, one after the other, in one
/// run folder holding `dataFiles` (relative to `dataRoot`) — nbgrader's kernel runs in the assignment folder, so
/// the instructor's code reads its files. Blocks the calling thread with a local event loop until the run ends:
/// call it from the CLI or a worker thread, never the GUI thread. A sandbox that cannot run is an error with its fix
/// (fail closed); what the notebooks did is for readAutotestValues().
Expected<AutotestEvaluation> runAutotestEvaluation(const QList<AutotestPlan> &plans, const QString &dataRoot,
                                                   const QStringList &dataFiles, const RunChoices &choices);

} // namespace sandmark
