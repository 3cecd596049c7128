#pragma once
// Instrumented notebooks: Sandmark's own cells injected into a copy of a notebook, and stripped again.
// The cells' sources follow docs/runner-protocol.md ("Probe cells"), which the Python runtime implements.

#include "notebook/notebook.h"
#include "util/expected.h"

#include <QMap>

namespace sandmark {

/// Where and what to probe. `anchor` empty: at the end of the notebook. Otherwise right after the answer
/// cell named `anchor` (nbgrader grade_id, cell id or tag, see Notebook::findAnchor); when the submission
/// has no such cell the probe goes to the end, flagged `fallback` in its metadata and in the notes.
struct ProbeSpec
{
    QString label;         ///< payload key for this probe ("end", or the anchor)
    QString anchor;        ///< empty for "end"
    QStringList variables; ///< Python names to encode
    /// > 0: the probe also lists the namespace's user variables within this many bytes (the reference run's
    /// listing, docs/probe-payload.md section 4); 0: no listing.
    qint64 namespaceBytes = 0;
    /// > 0: the probe also captures every other top-level name within this many bytes (docs/probe-payload.md
    /// section 5), for regrades without a run; 0: only `variables`.
    qint64 captureBytes = 0;
};

/// An instructor assertion cell, run in the student's namespace.
/// Placement (nbgrader's autograde semantics): with `gradeId`, the instructor's cell *replaces* the
/// submission's cell of that nbgrader grade_id in place, whatever the student did to it (kept, edited,
/// emptied); when the student deleted it, it goes right after the cell named `after` (the answer cell it
/// follows in the instructor notebook, or a test cell placed before it); failing both, or without `gradeId`,
/// it runs at the end, after the probes. The replaced cell is kept in the injected cell's metadata so strip()
/// restores it exactly. When the student copied the test cell, the first cell with the grade_id is replaced
/// (as nbgrader's DeduplicateIds keeps the first) and each later copy becomes an injected test cell with no
/// check, `duplicate: true` and a comment as its only source: it keeps its place and does not run.
struct TestCellSpec
{
    QString checkId;
    QString code;
    // The optional placements default to empty, so a spec may name only what it uses.
    QString gradeId{}; ///< nbgrader grade_id of the instructor's test cell; empty for assignment.json tests
    QString after{};   ///< grade_id, cell id or tag of the cell it follows in the instructor notebook
    /// Otter checks (no `gradeId`): the question whose `grader.check("<name>")` call places the test — right
    /// after the last code cell of the submission that makes that call (Otter keeps the last check's result),
    /// else after `after`, else at the end.
    QString afterCheckCall{};
};

struct InstrumentOptions
{
    /// Folder holding sandmark_probe.py, sandmark_tests.py and sandmark_redirect.py as the kernel sees it.
    QString runtimeDir = QStringLiteral("/sandmark/runtime");
    /// Per-run secret that marks genuine probe outputs: 32 hex chars (see makeNonce()).
    QString nonce;
    /// URL file names (basename) → local path relative to the working directory (the supplied data files).
    QMap<QString, QString> redirectNames;
    /// Exact URLs → local path; tried before redirectNames.
    QMap<QString, QString> redirectUrls;
    QList<ProbeSpec> probes;
    QList<TestCellSpec> tests;
    qint64 probeBytes = 8 * 1024 * 1024; ///< payload cap passed to the probe runtime
    /// The copy that runs (SubmissionRun): every code cell's outputs emptied and its execution_count null. The runner
    /// replaces them with its own, so a submission's stale outputs (up to the notebook size cap) were only written,
    /// copied into the sandbox and parsed again. Off by default: then strip(instrument(nb)) equals nb.
    bool clearOutputs = false;
};

struct InstrumentResult
{
    Notebook notebook;
    QStringList notes; ///< e.g. "anchor 'q3' not found in the submission; its probe runs at the end"
};

/// True when `name` can be a Python variable as Python stores it: an identifier by PEP 3131 (a letter —
/// Unicode letters included, `résultat`, `π_approx` — or `_`, then letters, digits, combining marks and
/// connector punctuation), already in NFKC form (see pythonName()), and not a keyword ("class", "None").
bool isPythonVariableName(const QString &name);
/// `name` as Python's parser stores an identifier: NFKC-normalized (PEP 3131), so `ﬁle` is `file` and a
/// decomposed `é` (e + U+0301) is the composed one.
QString pythonName(const QString &name);

/// A fresh random nonce (128 bits as 32 lowercase hex chars) from QRandomGenerator::system().
QString makeNonce();

/// Returns a copy of `notebook`, stripped of any cells already marked as injected (noted), with: the URL-redirect cell first (only when there are redirects), probe cells
/// after their anchors or at the end, and test cells last. Every injected cell carries
/// `metadata.sandmark.injected` ("redirect", "probe", "test") and, in nbformat >= 4.5 notebooks, a fresh
/// unique id; in older ones no id, so the notebook stays schema-consistent (shared case C07).
/// Errors: a variable that is not a Python identifier, an empty nonce. Pure function; thread-safe.
Expected<InstrumentResult> instrument(const Notebook &notebook, const InstrumentOptions &options);

/// Removes exactly the injected cells and puts back the submission's cells that test cells replaced;
/// strip(instrument(nb)) equals nb.
Notebook strip(const Notebook &notebook);

/// The probe cell's Python source for the given spec (shown in previews and used by instrument()).
QString probeCellSource(const InstrumentOptions &options, const ProbeSpec &probe);
/// The test cell's source: a comment only. The test's code travels in the cell's metadata (`sandmark.code`), which
/// the runner reads and the kernel never sees; the runner runs it in its test process (docs/runner-protocol.md,
/// "Test checks").
QString testCellSource(const TestCellSpec &test);
/// The redirect cell's Python source.
QString redirectCellSource(const InstrumentOptions &options);

} // namespace sandmark
