#pragma once
// Assignment health: what to fix before publishing an assignment (issue 5, "Assignment health"). One pure
// function turns what is known (doctor report, validation, dataset cache, reference run and its cell times,
// measured grading times) into rows, each with its fix; the app's Health page and `sandmark-cli validate
// --health` show the same rows.

#include "assignment/assignment.h"
#include "assignment/validate.h"
#include "sandbox/doctor.h"
#include "sandbox/executionrecord.h"
#include "util/profile.h"

#include <QList>
#include <QMap>
#include <QString>

#include <optional>

namespace sandmark {

/// How long one code cell of an instructor notebook ran in the reference run.
struct CellTiming
{
    int index = -1;     ///< cells[index] of the notebook (injected cells are not counted), as in the record
    double seconds = 0; ///< execution time, seconds
    /// The instructor notebook the cell belongs to (Assignment::notebooks()) in a problem set; empty for a
    /// single notebook, whose cells need no name.
    QString notebook;
    /// "cells[3]", or "part2.ipynb cells[3]" in a problem set: the place as the report names it.
    QString place() const;
};

/// How long one notebook of a problem set's reference run took.
struct NotebookTiming
{
    QString notebook;   ///< the instructor notebook (Assignment::notebooks())
    double seconds = 0; ///< its run, wall clock, seconds
};

/// The reference run's times, from its execution records (docs/runner-protocol.md: `duration_s`, `cells`): of its
/// one notebook, or of every notebook of a problem set (each ran in a kernel of its own, one after the other).
struct ReferenceTiming
{
    double durationS = 0;   ///< the whole run, every notebook together, wall clock, seconds
    QList<CellTiming> cells; ///< every executed code cell of every notebook, slowest first
    /// A problem set: each notebook's time, in the order they ran (each is held to limits.timeout_s); empty for a
    /// single notebook (durationS is its time).
    QList<NotebookTiming> notebooks;
    /// What the whole run cost, as each submission's run in a batch costs it, wall clock, seconds: from the start of
    /// the run (its environment already resolved) to its artifacts written — run folder, sandbox start, the runner's
    /// start, every notebook's kernel start-up, cells and checks. durationS counts the cells and checks only (the
    /// runner's clock starts when the job arrives, after its kernel has started). 0: not known (a timing cached by
    /// an older version).
    double runS = 0;
    /// Of runS, the kernels' start-up (pre-imports included), seconds: the runner's profile stages "kernel-start"
    /// and "kernel-preimport" of every notebook (docs/runner-protocol.md). 0 when not known.
    double kernelStartS = 0;
    /// Reads `duration_s` and `cells[].index/duration_s` of one notebook's execution record; cells sorted slowest
    /// first.
    static ReferenceTiming fromRecord(const ExecutionRecord &record);
    /// Adds one notebook of a problem set: its record's cells (named `notebook`) and its time — the record's
    /// `duration_s`, else `fallbackS` (the sandbox's wall clock, when the record has none) — to durationS and
    /// notebooks. Cells stay sorted slowest first.
    void addNotebook(const QString &notebook, const ExecutionRecord &record, double fallbackS = 0);
    /// Adds the kernel start-up of one notebook's run to kernelStartS: the "kernel-start" and "kernel-preimport"
    /// stages of the runner's profile (RunResult::profile: [stage, start, end] triples, seconds).
    void addKernelStart(const QList<profile::RunnerStage> &profile);
    /// The time one submission's run is expected to take, seconds: runS when known, else durationS (the cells and
    /// checks alone: a lower bound, without the kernel start-up and the sandbox).
    double perSubmissionS() const { return runS > 0 ? runS : durationS; }
    /// The reference cache's timing file (`<key>.timing.json`): the times as one compact JSON object, as Qt's
    /// QJsonDocument wrote it before (`duration_s`, `cells[]` {`index`, `duration_s`, `notebook`}, `run_s`,
    /// `kernel_start_s`, `notebooks[]`), so a cache written by an earlier version reads the same.
    QByteArray toJsonText() const;
    /// The inverse of toJsonText(); tolerant of missing keys (a cache written before problem sets has no notebooks).
    /// nullopt when `text` is not a JSON object (a damaged cache file: the reference runs again).
    static std::optional<ReferenceTiming> fromJsonText(const QByteArray &text);
};

/// What starting the instructor notebook's imports under the limits found (ImportsCheck, importscheck.h).
struct ImportsCheckResult
{
    QStringList statements;  ///< the import statements tried, in notebook order (the course's own modules left out)
    bool ok = false;         ///< every statement ran under the assignment's limits
    QString failedStatement; ///< the first that failed ("import numpy as np"); empty when the kernel did not start
    QString error;           ///< its error in one line, or why the kernel did not start
    QString missingModule;   ///< the module the environment lacks (ModuleNotFoundError), if that was the error
    /// The imports failed under the limit but ran with `triedBytes` of address space: the limit is too small.
    bool memoryTooSmall = false;
    qint64 limitBytes = 0;   ///< the assignment's limits.memory_bytes
    qint64 triedBytes = 0;   ///< the larger limit of the second run (memoryTooSmall or not), 0 when none ran
    /// The kernel's peak address space after the imports (Linux VmPeak), bytes, from the run that succeeded;
    /// unset when no run succeeded or /proc was not readable.
    std::optional<qint64> peakBytes;
};

/// What is known about an assignment when its health is assessed. Optional parts that are unset are
/// "not checked yet" (pending) rows, so the report can be shown before the slow checks end.
struct HealthInputs
{
    QString backend;                    ///< sandboxKindName() of the backend the batch will use
    std::optional<DoctorReport> doctor; ///< the sandbox self-test of `backend`; unset: still running
    QList<Problem> problems;            ///< validateAssignment()
    int checks = 0;
    double maxPoints = 0;
    int dataFiles = 0;
    qint64 dataBytes = 0;               ///< supplied data files in total, bytes
    int requiredDatasets = 0;           ///< entries of required_datasets
    std::optional<int> missingDatasets; ///< of them, not in the HF_HOME cache; unset: not checked
    Limits limits;
    /// The reference run: unset = not run yet; otherwise whether it succeeded, with its error or times.
    struct Reference
    {
        bool ok = false;
        bool cached = false;         ///< the payload came from the reference cache
        QString message;             ///< the error when !ok
        std::optional<ReferenceTiming> timing; ///< unset for a cached result from before timings were kept
        /// Checks the instructor notebook fails itself: check id → why (ReferenceOutcome::brokenChecks).
        QMap<QString, QString> brokenChecks;
        QStringList notes;           ///< noted cell errors (ReferenceOutcome::notes())
        int untaggedNotes = 0;       ///< of them, cells not tagged raises-exception (perhaps not on purpose)
        QStringList missingModules;  ///< modules the environment lacks, seen in the run's errors
    };
    std::optional<Reference> reference;
    std::optional<ImportsCheckResult> imports;  ///< the imports under the limits; unset: not checked (yet)
    std::optional<double> secondsPerSubmission; ///< mean measured run time of graded submissions, seconds
    int submissions = 0;                        ///< submissions to grade
    int jobs = 1;                               ///< sandboxes at once
};

/// One row of the report.
struct HealthItem
{
    enum class State { Ok, Warning, Failed, Pending };
    QString id;     ///< stable key: sandbox, assignment, checks, data-size, datasets, limits, environment,
                    ///< reference, slowest-cells, batch-time
    QString title;  ///< "Reference run"
    State state = State::Pending;
    QString detail; ///< what was found ("Succeeded in 4.2 s.")
    QString fix;    ///< what to do; empty when nothing needs doing
};

/// "ok", "warning", "failed", "pending".
QString healthStateName(HealthItem::State state);

/// The report, always the same ten rows in the same order. Thresholds: a reference run over half the
/// whole-run limit, a cell over half the per-cell limit, more than 60 s per submission and more than 200 MiB
/// of supplied data are warnings (student code is often slower than the instructor's); a cell at or over its
/// limit fails. Pure; thread-safe. Texts go through QCoreApplication::translate() (context "sandmark::Health"),
/// so the app shows them translated and the CLI in English.
QList<HealthItem> assessHealth(const HealthInputs &in);

} // namespace sandmark
