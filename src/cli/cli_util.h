#pragma once
// Small helpers shared by the CLI commands: parsing, error lines, output files.

#include "sandbox/submissionrun.h"
#include "assignment/assignment.h"
#include "batch/submissions.h"
#include "datasets/scanner.h"
#include "gradebook/gradebook.h"
#include "sandbox/backend.h"
#include "util/expected.h"

#include <QCommandLineParser>
#include <QSocketNotifier>
#include <QTextStream>

#include <functional>
#include <limits>
#include <memory>

namespace sandmark::cli {

QTextStream &out();
QTextStream &err();

/// Scans the code cells of the notebook at `path` with sandmark_scan.py run by `python` (imports, modules, the
/// names each cell assigns), waiting in a local event loop. Errors: the notebook cannot be read, the scan failed.
Expected<ScanResult> scanNotebook(const QString &python, const QString &path);

/// Prints "sandmark-cli: <file>: <place>: <message>" on stderr.
void printError(const Error &error);
/// Whether `error` says Sandmark could not write where it must — its message starts "cannot write" or "cannot
/// create", as paths::checkWritableFolder() and every writer word it — and the file or folder it names (else the
/// deepest existing folder above it) cannot be written now: the standard output ("<stdout>", writeOutput()'s without
/// -o), its folder does not exist, it is a device or a FIFO (/dev/full), a read-only file system or one of the kernel's (/sys, /proc), no write permission, or a full disk.
/// The machine's problem, not the input's. Reads metadata only.
bool cannotWriteThere(const Error &error);
/// The exit code `error` calls for: ExitGraderError when the gradebook is busy (Gradebook::isBusy(): another batch,
/// or another program's SQLite lock) or a place Sandmark must write cannot be written (cannotWriteThere()), else
/// ExitBadInput. Every command maps its errors through it (README, "Exit codes").
int exitCodeFor(const Error &error);
/// printError(`error`), then exitCodeFor(`error`).
int failWith(const Error &error);

/// The assignment.json of ASSIGNMENT (a folder or the file itself), as the user named it.
QString jsonPathOf(const QString &assignment);

/// Parses `args` with `parser` (adds --help). Returns ExitOk to continue, or the exit code to return now
/// (ExitUsage after printing the problem, ExitOk after --help). `positional` is the exact count required,
/// or -1 to skip the check; `usage` is e.g. "ASSIGNMENT NOTEBOOK".
int parseOrExit(QCommandLineParser &parser, const QStringList &args, const QString &description, int positional);

/// Whether `path`, the file a command's -o names (`command`: "export"), is an existing folder: then true, after
/// printing "sandmark-cli: <command>: -o <path> is a folder; give the name of the file to write (a path in it)", and the
/// command exits ExitUsage (README, "Exit codes": a usage mistake) before any work. False for stdout ("" or "-").
bool outputIsAFolder(const QString &command, const QString &path);
/// The same for a command that writes into a folder (release, feedback): whether `path`, or the nearest of its parent
/// folders that exists, is a file (or a device, a FIFO…), not a folder: then true, after printing "sandmark-cli:
/// <command>: -o <path>: <that entry> is a file; give a folder to write into", and the command exits ExitUsage before
/// any work.
bool outputIsNotAFolder(const QString &command, const QString &path);

/// Writes `data` to `path` atomically (a device or a FIFO in place), or to stdout when `path` is empty or "-". Every
/// failed write is an error naming `path`, "cannot write: …", which exitCodeFor() makes a grader error.
Expected<void> writeOutput(const QString &path, const QByteArray &data);

/// Opens the gradebook of `assignment` (its default path, or `explicitPath` when not empty) for commands
/// that read or amend grades (export, override): it must exist already. With `forReading` (a command that only
/// reads it: export, feedback, values), Gradebook::openForReading(): a gradebook in a read-only folder is read
/// read-only. Errors name the gradebook file ("no gradebook yet (grade the submissions first)").
Expected<std::unique_ptr<Gradebook>> openExistingGradebook(const Assignment &assignment, const QString &explicitPath,
                                                           bool forReading = false);

/// The first of `options` given on the command line that is not in `taken`, as its name ("no-header"), or empty:
/// an option of another action or kind, which the command refuses as a usage error rather than ignore.
QString optionNotTaken(const QCommandLineParser &parser, const QList<const QCommandLineOption *> &options,
                       const QList<const QCommandLineOption *> &taken);

/// The backend option, `--sandbox NAME`, of every command that runs a sandbox: `help` is its help text, with %1
/// standing for the backends' names ("bwrap, docker, podman, local-unsafe") and %2, where it appears, for this
/// platform's default backend. `defaultValue` is the value when the option is not given (empty: none, so that
/// the assignment's own choice applies). Read it with readSandboxOption().
QCommandLineOption sandboxOption(const QString &help, const QString &defaultValue = {});

/// Reads a backend option (`--sandbox NAME`) when it is set. Returns false after printing the error (the
/// command then exits with ExitUsage); `kind` is left unchanged when the option is not set.
bool readSandboxOption(const QCommandLineParser &parser, const QCommandLineOption &option, std::optional<SandboxKind> &kind);

/// The run choices a command line gives (`--sandbox`, `--dataset-cache`, `--docker-image`; each empty when not
/// given) with the CLI's default dataset cache, HubCache::defaultHome() (the folder `datasets warm` fills): what
/// runOptionsFor() takes, the one place the CLI's commands make it.
RunChoices commandLineRunChoices(std::optional<SandboxKind> sandbox, const QString &datasetCache,
                                 std::optional<QString> dockerImage = std::nullopt);

/// Prints the options' notice (runOptionsFor(): the assignment asked for an unsandboxed backend the user did not
/// choose) as a warning, and "sandmark-cli: UNSAFE: <backend> runs the <what> WITHOUT a sandbox (resource limits
/// only)" when the options' backend does not isolate (local-unsafe); to stderr, nothing otherwise.
void warnIfUnsafe(const SubmissionRunOptions &options, const QString &what);

/// Warns, one "sandmark-cli: warning: <command>: …" line per group on stderr, about the students of
/// `submissions` whose ids look the same in an exported file (exportIdCollisions(): alike once Unicode-normalized,
/// "José" composed and decomposed): each is graded apart, but a gradebook export or an LMS import could give one the
/// other's grade. Nothing when every id is distinct.
void warnLookalikeIds(const QString &command, const QList<Submission> &submissions);

/// Reads a count option (`--jobs N`) when it is set: a whole number >= 1. Returns false after printing
/// "sandmark-cli: <command>: --<name> must be a positive number, not '<value>'"; `value` is left unchanged
/// when the option is not set.
/// Values over `max` are refused the same way ("must be at most <max>").
bool readPositiveIntOption(const QCommandLineParser &parser, const QCommandLineOption &option, const QString &command,
                           int &value, int max = std::numeric_limits<int>::max());

/// The most sandboxes at once `--jobs` accepts: the app's Preferences allow the same (its "sandboxes run at
/// once" box stops at 256). Each sandbox runs a Python kernel of its own (at least 256 MiB of address space,
/// limits.memory_bytes) and, as root, holds one of the 1024 uids of SandboxIdentityLease; far more than the
/// cores and memory can carry only makes every run slower, and a typo like 99999 would start a storm of
/// processes. The default (no --jobs) comes from the cores and the memory limit: defaultJobs().
constexpr int MaxJobs = 256;

/// readPositiveIntOption() for `--jobs`: 1..MaxJobs.
bool readJobsOption(const QCommandLineParser &parser, const QCommandLineOption &option, const QString &command, int &value);

/// While it lives, SIGINT and SIGTERM do not end the process: each calls `onInterrupt` from the event loop
/// (the handler only writes a byte to a self-pipe that a QSocketNotifier reads — nothing else is safe in a
/// signal handler), so the command can cancel its sandboxes and exit 130 (ExitInterrupted). The previous
/// handlers are restored when it is destroyed. One at a time; main thread only.
class InterruptWatch
{
public:
    explicit InterruptWatch(std::function<void()> onInterrupt);
    ~InterruptWatch();
    InterruptWatch(const InterruptWatch &) = delete;
    InterruptWatch &operator=(const InterruptWatch &) = delete;
    bool interrupted() const { return m_interrupted; }

private:
    std::function<void()> m_onInterrupt;
    std::unique_ptr<QSocketNotifier> m_notifier;
    bool m_installed = false;
    bool m_interrupted = false;
};

/// `--gradebook PATH`: the gradebook file of the commands that read or amend grades (default:
/// ASSIGNMENT/.sandmark/gradebook.sqlite). One definition, so every command's help says the same.
QCommandLineOption gradebookPathOption();

/// Whether the command may read `input`, a file the user named (a CSV of grades, a notebook, a test's code): false,
/// after printing "sandmark-cli: INPUT: is the gradebook (GRADEBOOK), not EXPECTED: nothing was read", when it is the
/// gradebook at `gradebookPath` or one of its SQLite files (Gradebook::inputIsGradebook(): only SQLite opens a
/// gradebook). The command then exits ExitBadInput. Opens neither file.
bool mayReadAsInput(const QString &input, const QString &gradebookPath, const QString &expected);

/// The gradebook's ids of `typed`, students as the user typed them: each as typed when the gradebook has a student of
/// that id, else the one student whose id is the same once Unicode-normalized (NFC: "Zoë" typed composed, as a
/// keyboard writes it, for an id decomposed as macOS writes folder names, or the other way round; nothing looser),
/// else as typed (the command's own error then says it has no run). The one place the CLI turns a typed student into
/// a gradebook id: review, override, values and feedback --student (grade, diff and match find the folder with
/// submissionNamed(), which matches alike). Errors: several students of the gradebook are the typed one once
/// normalized, each named; the gradebook cannot be read.
Expected<QStringList> gradebookStudentIds(Gradebook &book, const QStringList &typed);

/// An assignment with its (existing) gradebook, as the commands that read or amend grades open them.
struct AssignmentGradebook
{
    Assignment assignment;
    std::unique_ptr<Gradebook> gradebook;
};

/// Loads the assignment at `assignmentPath` (folder or assignment.json), then opens its existing gradebook with
/// openExistingGradebook() (`gradebookOption`: the --gradebook value, empty for the default). Errors: the
/// assignment's, else the gradebook's. Used by export, feedback, override and manual; `forReading` as
/// openExistingGradebook()'s.
Expected<AssignmentGradebook> openAssignmentGradebook(const QString &assignmentPath, const QString &gradebookOption,
                                                      bool forReading = false);

} // namespace sandmark::cli
