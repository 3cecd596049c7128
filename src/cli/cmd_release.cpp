// sandmark-cli release ASSIGNMENT [-o DIR]
#include "assignment/release_writer.h"
#include "cli_util.h"
#include "commands.h"

#include <QDir>

namespace sandmark::cli {

int cmdRelease(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("ASSIGNMENT"), QStringLiteral("Assignment folder or its assignment.json."));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("Folder to write the release folder into (default: the "
                                                   "assignment folder)."),
                                    QStringLiteral("DIR"));
    parser.addOption(output);
    if (int rc = parseOrExit(parser, args, QStringLiteral("Write the student release: solutions replaced by stubs, "
                                                          "hidden tests removed, outputs cleared."), 1);
        rc != ExitOk)
        return rc < 0 ? ExitOk : rc;

    if (parser.isSet(output) && parser.value(output).isEmpty()) { // -o '' (as import refuses it)
        err() << "sandmark-cli: release: -o needs a folder" << Qt::endl;
        return ExitUsage;
    }
    if (parser.isSet(output) && outputIsNotAFolder(QStringLiteral("release"), parser.value(output)))
        return ExitUsage;
    auto assignment = Assignment::load(parser.positionalArguments().at(0));
    if (!assignment) {
        return failWith(assignment.error());
    }
    const QString outDir = parser.isSet(output) ? parser.value(output) : assignment->folder();
    auto report = writeRelease(*assignment, outDir);
    if (!report) {
        return failWith(report.error());
    }
    for (const QString &w : report->warnings) {
        out().flush();
        err() << "sandmark-cli: warning: " << w << Qt::endl;
    }
    // Relative to here when the folder was given so (or defaulted) and lies below; as given when absolute.
    QString shown = QDir::current().relativeFilePath(report->folder);
    if (shown.startsWith(QLatin1String("..")) || (parser.isSet(output) && QDir::isAbsolutePath(parser.value(output))))
        shown = report->folder;
    out() << "release of " << assignment->slug() << " written to " << shown << '\n';
    for (const QString &f : report->files)
        out() << "  " << f << '\n';
    out() << report->solutionRegions << " solution region(s) replaced, " << report->hiddenTestRegions
          << " hidden test block(s) removed\n";
    out().flush();
    return ExitOk;
}

} // namespace sandmark::cli
