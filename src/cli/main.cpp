// sandmark-cli: argument dispatch only; every command lives in cmd_<name>.cpp on top of sandmark_core.
#include "commands.h"
#include "util/buildfeatures.h"
#include "util/paths.h"

#include <QCoreApplication>
#include <QTextStream>

using namespace sandmark;
using namespace sandmark::cli;

namespace sandmark::cli {

const QList<Command> &commands()
{
    static const QList<Command> all = {
        {"validate", "check an assignment folder and its notebooks", cmdValidate},
        {"release", "write the student release of an assignment", cmdRelease},
        {"instrument", "write the instrumented copy of a notebook", cmdInstrument},
        {"strip", "remove Sandmark's injected cells from a notebook", cmdStrip},
        {"datasets", "scan, list, add, remove, warm or check an assignment's Hub datasets", cmdDatasets},
        {"import", "create an assignment from nbgrader or Otter, or import submissions from a Canvas/Moodle zip", cmdImport},
        {"run", "run one notebook in the sandbox and print its execution record", cmdRun},
        {"doctor", "prove that a sandbox backend isolates what it must", cmdDoctor},
        {"grade", "grade a batch of submissions into the gradebook", cmdGrade},
        {"merge", "merge gradebooks (shards) into one", cmdMerge},
        {"slurm", "grade on a Slurm cluster: submit shards as a job array, follow them, merge", cmdSlurm},
        {"export", "export the gradebook as CSV or as a Canvas gradebook import", cmdExport},
        {"match", "settle which student notebook is graded for a notebook of a problem set", cmdMatch},
        {"override", "set a manual grade for a check or a whole submission", cmdOverride},
        {"manual", "list the answers awaiting grading by hand, or import their grades from CSV", cmdManual},
        {"review", "mark submissions reviewed, or list those awaiting a person and the marks", cmdReview},
        {"feedback", "write one HTML feedback file per graded submission", cmdFeedback},
        {"diff", "show a student's notebook against the release, cell by cell", cmdDiff},
        {"values", "show a value check's full expected and actual values for a student", cmdValues},
        {"checks", "list an assignment's checks and the reference run's variables; add, remove, edit checks", cmdChecks},
        {"assignment", "change an assignment's title, notebooks, data files, dependencies, datasets, limits, sandbox", cmdAssignment},
    };
    return all;
}

} // namespace sandmark::cli

static void printUsage(QTextStream &out)
{
    out << "Usage: sandmark-cli COMMAND [OPTIONS] [ARGS]\n\nCommands:\n";
    for (const Command &c : commands())
        out << "  " << QString::fromLatin1(c.name).leftJustified(12) << ' ' << QString::fromLatin1(c.summary)
            << '\n';
    out << "\nRun 'sandmark-cli COMMAND --help' for a command's options.\n"
           "Exit codes: 0 ok, 1 bad input or check failed, 2 usage, 3 grader error, 130 interrupted.\n";
}

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("sandmark-cli"));
    QCoreApplication::setOrganizationName(QStringLiteral("Sandmark"));
    QCoreApplication::setApplicationVersion(paths::version());

    QStringList args = QCoreApplication::arguments();
    QTextStream out(stdout);
    QTextStream err(stderr);
    if (args.size() < 2) {
        printUsage(err);
        return ExitUsage;
    }
    const QString name = args.at(1);
    if (name == QLatin1String("--help") || name == QLatin1String("-h") || name == QLatin1String("help")) {
        printUsage(out);
        return ExitOk;
    }
    const QStringList versionArgs = {QStringLiteral("--version"), QStringLiteral("-v")};
    if (versionArgs.contains(name) || (name == QLatin1String("--verbose") && versionArgs.contains(args.value(2)))) {
        out << "sandmark-cli " << paths::version() << '\n';
        if (args.contains(QLatin1String("--verbose"))) // what this build has, one "part: yes/no" line each
            out << formatBuildFeatures(coreBuildFeatures());
        return ExitOk;
    }
    for (const Command &c : commands()) {
        if (name == QLatin1String(c.name)) {
            args.removeFirst(); // the program; QCommandLineParser treats the command name as program name
            return c.run(args);
        }
    }
    err << "sandmark-cli: unknown command '" << name << "' (see sandmark-cli --help)\n";
    return ExitUsage;
}
