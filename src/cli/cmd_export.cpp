// sandmark-cli export ASSIGNMENT [--format csv|canvas] [-o FILE] [--gradebook PATH] [--canvas-column NAME]
#include "assignment/assignment.h"
#include "batch/lmsimport.h"
#include "batch/referencerun.h"
#include "cli_util.h"
#include "commands.h"
#include "gradebook/export.h"
#include "gradebook/gradebook.h"
#include "util/displaytext.h"

#include <QFileInfo>

namespace sandmark::cli {

int cmdExport(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("ASSIGNMENT"), QStringLiteral("Assignment folder or its assignment.json."));
    const QCommandLineOption format(QStringLiteral("format"), QStringLiteral("csv (default) or canvas (Canvas gradebook import)."),
                                    QStringLiteral("FORMAT"), QStringLiteral("csv"));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("Write to FILE (default: stdout)."),
                                    QStringLiteral("FILE"));
    const QCommandLineOption gradebook = gradebookPathOption();
    const QCommandLineOption column(QStringLiteral("canvas-column"),
                                    QStringLiteral("Canvas assignment column, e.g. \"HW1 (4711)\" (default: the title)."),
                                    QStringLiteral("NAME"));
    parser.addOptions({format, output, gradebook, column});
    if (int rc = parseOrExit(parser, args, QStringLiteral("Export the effective grades (latest run plus overrides)."), 1); rc != ExitOk)
        return rc < 0 ? ExitOk : rc;
    const QString fmt = parser.value(format);
    if (fmt != QLatin1String("csv") && fmt != QLatin1String("canvas")) {
        err() << "sandmark-cli: export: --format must be csv or canvas, not '" << fmt << "'" << Qt::endl;
        return ExitUsage;
    }
    if (outputIsAFolder(QStringLiteral("export"), parser.value(output)))
        return ExitUsage;
    auto opened = openAssignmentGradebook(parser.positionalArguments().at(0), parser.value(gradebook), true);
    if (!opened) {
        return failWith(opened.error());
    }
    const Assignment &assignment = opened->assignment;
    Gradebook &book = *opened->gradebook;
    auto grades = book.effectiveGrades();
    if (!grades) {
        return failWith(grades.error());
    }
    markStale(*grades, assignment); // results graded under other checks, reference or limits than today's
    // The export lists the current submissions: rows whose folder was deleted or renamed since are left out (the
    // gradebook keeps them), before the lookalike-id check, which then sees only the rows exported.
    if (QStringList gone = leaveOutGoneSubmissions(*grades, assignment); !gone.isEmpty()) {
        for (QString &id : gone)
            id = displayText(id);
        err() << "sandmark-cli: note: export: left out " << gone.size()
              << " gradebook row(s) whose submission folder is gone: "
              << (gone.size() > 20 ? gone.mid(0, 20).join(QLatin1String(", ")) + QStringLiteral(", …")
                                   : gone.join(QLatin1String(", ")))
              << " (their grades stay in the gradebook)" << Qt::endl;
    }
    // The LMS's names for Canvas's Student column; without them (an unreadable manifest) the export still holds.
    Expected<QMap<QString, QString>> names = importedNames(assignment.displayPath(QStringLiteral("submissions")));
    if (!names)
        err() << "sandmark-cli: warning: " << names.error().toString() << "; the Student column is left empty" << Qt::endl;
    // Two folders whose ids look alike in the file (the same once normalized): an import could give one the other's
    // grade. Named here, flagged in the file (CSV: the comments; Canvas: no score).
    for (const QStringList &group : exportIdCollisions(*grades)) {
        err() << "sandmark-cli: warning: export: " << exportIdCollisionText(group) << ": "
              << (fmt == QLatin1String("csv") ? "their rows say so in the comments column"
                                              : "their scores are left empty, so that Canvas gives no one the other's grade")
              << "; rename one folder and grade it again" << Qt::endl;
    }
    if (fmt == QLatin1String("canvas")) { // their scores are left empty (unfinishedForLms()): say whose, and why
        QStringList unfinished = unfinishedForLms(*grades);
        for (QString &id : unfinished)
            id = displayText(id);
        if (!unfinished.isEmpty())
            err() << "sandmark-cli: warning: export: " << unfinished.size()
                  << " submission(s) a person has still to finish (needs-manual, or needs-review not marked reviewed): "
                  << (unfinished.size() > 20 ? unfinished.mid(0, 20).join(QLatin1String(", ")) + QStringLiteral(", …")
                                             : unfinished.join(QLatin1String(", ")))
                  << "; their scores are left empty, so that Canvas keeps what it has; grade them by hand or mark them "
                     "reviewed (sandmark-cli manual, review) and export again"
                  << Qt::endl;
    }
    const QByteArray data = exportGrades(*grades, assignment,
                                         fmt == QLatin1String("csv") ? GradeExportFormat::Csv : GradeExportFormat::Canvas,
                                         parser.value(column), names ? *names : QMap<QString, QString>{});
    if (const auto problem = exportTargetProblem(parser.value(output), assignment, book.path())) {
        return failWith(*problem);
    }
    const QString to = parser.value(output);
    if (auto w = writeOutput(to, data); !w) {
        return failWith(w.error());
    }
    const qsizetype stale = std::count_if(grades->cbegin(), grades->cend(), [](const EffectiveGrade &g) { return g.stale; });
    // Canvas's import has no place to mark a grade given under older checks (the CSV has its stale column): a warning,
    // wherever the file went (stdout included).
    if (stale > 0 && fmt == QLatin1String("canvas"))
        err() << "sandmark-cli: warning: export: " << stale
              << " student(s) graded under older checks, not marked in Canvas's file (the CSV marks them in its stale "
                 "column); sandmark-cli grade regrades them"
              << Qt::endl;
    // Canvas matches rows by its user id: folders not imported from Canvas carry their own names there.
    if (fmt == QLatin1String("canvas") && !grades->isEmpty()
        && !QFileInfo::exists(importManifestPath(assignment.displayPath(QStringLiteral("submissions")))))
        err() << "sandmark-cli: note: export: the submissions were not imported from an LMS (no "
              << displayText(importManifestPath(assignment.displayPath(QStringLiteral("submissions"))))
              << "), so the ID column holds the folder names; Canvas matches rows by its user id: name the folders so, "
                 "or import Canvas's submissions zip (sandmark-cli import submissions)"
              << Qt::endl;
    if (!to.isEmpty() && to != QLatin1String("-")) { // stdout is free: say what was written
        out() << "exported " << grades->size() << " student(s) to " << to << " (" << fmt << ")";
        if (stale > 0 && fmt == QLatin1String("csv"))
            out() << "; " << stale << " graded under older checks, marked in the stale column";
        out() << '\n';
    }
    return ExitOk;
}

} // namespace sandmark::cli
