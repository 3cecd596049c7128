// sandmark-cli import nbgrader PATH -o ASSIGNMENT
// sandmark-cli import submissions ARCHIVE|FOLDER -o OUT [--json]
#include "assignment/nbgrader_import.h"
#include "batch/lmsimport.h"
#include "cli_util.h"
#include "commands.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace sandmark::cli {

namespace {

/// A path as shown to the user: relative when inside the working directory, else absolute.
QString shown(const QString &path)
{
    const QString abs = QFileInfo(path).absoluteFilePath();
    const QString cwd = QDir::currentPath();
    return abs.startsWith(cwd + QLatin1Char('/')) ? QDir(cwd).relativeFilePath(abs) : abs;
}

/// `import submissions`: exit 0 when something was imported (flagged entries on stderr), 1 when nothing was.
int importSubmissionsCmd(const QString &input, const QString &outFolder, bool json)
{
    auto report = importSubmissions(input, outFolder);
    if (!report) {
        printError(report.error());
        return ExitBadInput;
    }
    if (json) {
        QJsonArray imported, flagged;
        for (const ImportedSubmission &s : report->imported)
            imported.append(QJsonObject{{QStringLiteral("student"), s.studentId},
                                        {QStringLiteral("notebook"), s.notebookPath}});
        for (const FlaggedEntry &f : report->flagged)
            flagged.append(QJsonObject{{QStringLiteral("entry"), f.entry}, {QStringLiteral("reason"), f.reason}});
        out() << QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("imported"), imported},
                                                             {QStringLiteral("flagged"), flagged}})
                                       .toJson(QJsonDocument::Compact))
              << '\n';
    } else {
        for (const ImportedSubmission &s : report->imported)
            out() << s.studentId << '\t' << shown(s.notebookPath) << '\n';
    }
    out().flush();
    for (const FlaggedEntry &f : report->flagged)
        err() << "sandmark-cli: import: flagged: " << f.entry << ": " << f.reason << Qt::endl;
    if (report->imported.isEmpty()) {
        err() << "sandmark-cli: " << input << ": nothing could be imported (" << report->flagged.size()
              << " flagged)" << Qt::endl;
        return ExitBadInput;
    }
    err() << "sandmark-cli: import: " << report->imported.size() << " submission(s) imported into "
          << shown(outFolder) << ", " << report->flagged.size() << " flagged" << Qt::endl;
    return ExitOk;
}

} // namespace

int cmdImport(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("KIND"), QStringLiteral("What to import: nbgrader, submissions."));
    parser.addPositionalArgument(QStringLiteral("PATH"),
                                 QStringLiteral("nbgrader: a source notebook or a course's source/<assignment>/ "
                                                "folder. submissions: a Canvas or Moodle zip export, or a folder "
                                                "with one notebook per student."));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("nbgrader: the assignment folder to create. submissions: the "
                                                   "folder to write <student>/<notebook>.ipynb into."),
                                    QStringLiteral("OUT"));
    parser.addOption(output);
    const QCommandLineOption json(QStringLiteral("json"),
                                  QStringLiteral("submissions: print {\"imported\": [...], \"flagged\": [...]} "
                                                 "as one JSON object."));
    parser.addOption(json);
    if (int rc = parseOrExit(parser, args,
                             QStringLiteral("nbgrader: create a Sandmark assignment from an nbgrader source "
                                            "notebook or folder: test cells become test checks, manually graded "
                                            "cells manual checks. submissions: import students' notebooks from a "
                                            "Canvas or Moodle zip or a folder into OUT/<student>/; unsafe entries "
                                            "and students with several notebooks are flagged on stderr."),
                             2);
        rc != ExitOk)
        return rc < 0 ? ExitOk : rc;
    const QStringList pos = parser.positionalArguments();
    const bool submissions = pos.at(0) == QLatin1String("submissions");
    if (pos.at(0) != QLatin1String("nbgrader") && !submissions) {
        err() << "sandmark-cli: import: unknown kind '" << pos.at(0) << "' (known: nbgrader, submissions)" << Qt::endl;
        return ExitUsage;
    }
    if (!parser.isSet(output)) {
        err() << "sandmark-cli: import: -o " << (submissions ? "OUT" : "ASSIGNMENT") << " is required" << Qt::endl;
        return ExitUsage;
    }
    if (submissions)
        return importSubmissionsCmd(pos.at(1), parser.value(output), parser.isSet(json));
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
