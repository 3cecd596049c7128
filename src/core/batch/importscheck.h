#pragma once
// The environment's imports under the assignment's limits (docs/grading.md, "Health"): the instructor
// notebook's import statements run alone in the sandbox, so a memory limit too small for them (numpy's
// OpenBLAS cannot map its buffers under 256 MiB of address space, and a correct answer fails) or a module the
// environment lacks is found before anyone is graded.

#include "assignment/assignment.h"
#include "batch/health.h"
#include "sandbox/submissionrun.h"
#include "util/expected.h"

#include <QObject>
#include <QPointer>
#include <QTemporaryDir>

#include <memory>
#include <optional>

namespace sandmark {

class DatasetScanner;
struct ScanResult;

/// Runs the instructor notebook's imports (notebooks().first(), found with Python's ast by sandmark_scan.py) in
/// the assignment's environment and sandbox, under its limits, each statement in its own cell, then reads the
/// kernel's peak address space. When a statement fails or the kernel does not start, runs them once more with a
/// larger memory limit (4 GiB, or 4 times the limit when that is more) to tell a limit that is too small from
/// another error. Asynchronous; lives in the creating thread and never blocks it; emits exactly one of
/// finished()/failed(). failed() is a grader error (no Python to scan with, no sandbox); what the imports did is
/// a finished() result.
class ImportsCheck : public QObject
{
    Q_OBJECT
public:
    ImportsCheck(Assignment assignment, SubmissionRunOptions options, QObject *parent = nullptr);
    ~ImportsCheck() override;

    void start();
    void cancel();

Q_SIGNALS:
    void finished(const sandmark::ImportsCheckResult &result);
    void failed(const sandmark::Error &error);

private:
    void onScanned(const ScanResult &scan);
    void runImports(qint64 memoryBytes);
    void onRunFinished(const SubmissionRunResult &run);
    void fail(const Error &error);

    Assignment m_assignment;
    SubmissionRunOptions m_options;
    QPointer<DatasetScanner> m_scanner;
    QPointer<SubmissionRun> m_run;
    std::unique_ptr<QTemporaryDir> m_dir; ///< the generated assignment (imports notebook, no checks)
    ImportsCheckResult m_result;
    bool m_retry = false; ///< the second run, with the larger memory limit
    bool m_done = false;
};

/// One line of an error's text for reports: numpy's long ImportError becomes its "Original error was: …" line,
/// any other its first non-empty line, at most 300 characters. Pure.
QString errorHeadline(const QString &ename, const QString &evalue);

} // namespace sandmark
