#pragma once
// sandmark-cli: one function per command, each in its own cmd_<name>.cpp.
// Every command parses its own arguments (QCommandLineParser), writes results on stdout,
// and one line per problem on stderr, naming the file and the place.

#include <QStringList>

namespace sandmark::cli {

/// Documented exit codes (README, "Exit codes of sandmark-cli"; the man page's EXIT STATUS). Stable: scripts and CI
/// depend on them.
enum ExitCode : int {
    ExitOk = 0,          ///< success
    ExitBadInput = 1,    ///< the input (assignment, notebook, archive) is bad, or a check found problems
    ExitUsage = 2,       ///< wrong command line
    ExitGraderError = 3, ///< the grader side failed or is busy: sandbox cannot start, environment build failed, a
                         ///< gradebook another batch or program holds (Gradebook::isBusy()), a place it must write
                         ///< that cannot be written (cannotWriteThere()); failWith() decides
    ExitInterrupted = 130,
};

/// A command: `args` holds the command name first, then its arguments (as QCommandLineParser expects).
using CommandFn = int (*)(const QStringList &args);

struct Command
{
    const char *name;
    const char *summary;
    CommandFn run;
};

/// All commands, in the order `sandmark-cli --help` lists them.
const QList<Command> &commands();

// Commands (keep in the order of commands()).
int cmdValidate(const QStringList &args);
int cmdRelease(const QStringList &args);
int cmdInstrument(const QStringList &args);
int cmdStrip(const QStringList &args);
int cmdDatasets(const QStringList &args);
int cmdImport(const QStringList &args);
int cmdRun(const QStringList &args);
int cmdDoctor(const QStringList &args);
int cmdGrade(const QStringList &args);
int cmdMerge(const QStringList &args);
int cmdSlurm(const QStringList &args);
int cmdExport(const QStringList &args);
int cmdMatch(const QStringList &args);
int cmdOverride(const QStringList &args);
int cmdManual(const QStringList &args);
int cmdReview(const QStringList &args);
int cmdFeedback(const QStringList &args);
int cmdDiff(const QStringList &args);
int cmdValues(const QStringList &args);
int cmdChecks(const QStringList &args);
int cmdAssignment(const QStringList &args);

} // namespace sandmark::cli
