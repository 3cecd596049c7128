// sandmark-cli import nbgrader PATH -o ASSIGNMENT
#include "assignment/nbgrader_import.h"
#include "cli_util.h"
#include "commands.h"

namespace sandmark::cli {

int cmdImport(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("KIND"), QStringLiteral("What to import: nbgrader."));
    parser.addPositionalArgument(QStringLiteral("PATH"),
                                 QStringLiteral("An nbgrader source notebook, or a course's source/<assignment>/ "
                                                "folder."));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("The assignment folder to create."), QStringLiteral("ASSIGNMENT"));
    parser.addOption(output);
    if (int rc = parseOrExit(parser, args,
                             QStringLiteral("Create a Sandmark assignment from an nbgrader source notebook or "
                                            "folder: test cells become test checks, manually graded cells manual "
                                            "checks."),
                             2);
        rc != ExitOk)
        return rc < 0 ? ExitOk : rc;
    const QStringList pos = parser.positionalArguments();
    if (pos.at(0) != QLatin1String("nbgrader")) {
        err() << "sandmark-cli: import: unknown kind '" << pos.at(0) << "' (known: nbgrader)" << Qt::endl;
        return ExitUsage;
    }
    if (!parser.isSet(output)) {
        err() << "sandmark-cli: import: -o ASSIGNMENT is required" << Qt::endl;
        return ExitUsage;
    }
    auto report = importNbgrader(pos.at(1), parser.value(output));
    if (!report) {
        printError(report.error());
        return ExitBadInput;
    }
    for (const QString &w : report->warnings) {
        out().flush();
        err() << "sandmark-cli: warning: " << w << Qt::endl;
    }
    out() << "assignment written to " << report->folder << '\n'
          << "  notebooks:     " << report->notebooks.join(QLatin1String(", ")) << '\n'
          << "  data files:    " << report->dataFiles.size() << '\n'
          << "  test checks:   " << report->testChecks << '\n'
          << "  manual checks: " << report->manualChecks << '\n'
          << "  answer cells:  " << report->answerCells << ", locked cells: " << report->lockedCells << '\n';
    out().flush();
    return ExitOk;
}

} // namespace sandmark::cli
