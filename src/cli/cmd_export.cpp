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

namespace {

/// Student ids for one line of stderr: each as displayText() shows it, at most 20, then "…".
QString shownIds(QStringList ids)
{
    for (QString &id : ids)
        id = displayText(id);
    return ids.size() > 20 ? ids.mid(0, 20).join(QLatin1String(", ")) + QStringLiteral(", …") : ids.join(QLatin1String(", "));
}

/// The rows whose grade the file holds back, each group said once: ids that look alike (CSV: flagged in the comments;
/// Canvas: no score), and for Canvas the submissions a person has still to finish (no score: Canvas keeps its own).
void warnOfHeldBackRows(const QList<EffectiveGrade> &grades, bool canvas)
{
    // Two folders whose ids look alike in the file (the same once normalized): an import could give one the other's
    // grade.
    for (const QStringList &group : exportIdCollisions(grades)) {
        err() << "sandmark-cli: warning: export: " << exportIdCollisionText(group) << ": "
              << (canvas ? "their scores are left empty, so that Canvas gives no one the other's grade"
                         : "their rows say so in the comments column")
              << "; rename one folder and grade it again" << Qt::endl;
    }
    if (!canvas)
        return;
    if (const QStringList unfinished = unfinishedForLms(grades); !unfinished.isEmpty())
        err() << "sandmark-cli: warning: export: " << unfinished.size()
              << " submission(s) a person has still to finish (needs-manual, or needs-review not marked reviewed): "
              << shownIds(unfinished)
              << "; their scores are left empty, so that Canvas keeps what it has; grade them by hand or mark them "
                 "reviewed (sandmark-cli manual, review) and export again"
              << Qt::endl;
}

/// What a Canvas file cannot say, said on stderr wherever the file went: grades given under older checks (`stale` of
/// them; the CSV has its stale column), and folders not imported from an LMS (Canvas matches rows by its user id).
void noteWhatCanvasCannotSay(const QList<EffectiveGrade> &grades, const Assignment &assignment, qsizetype stale)
{
    if (stale > 0)
        err() << "sandmark-cli: warning: export: " << stale
              << " student(s) graded under older checks, not marked in Canvas's file (the CSV marks them in its stale "
                 "column); sandmark-cli grade regrades them"
              << Qt::endl;
    const QString manifest = importManifestPath(assignment.displayPath(QStringLiteral("submissions")));
    if (!grades.isEmpty() && !QFileInfo::exists(manifest))
        err() << "sandmark-cli: note: export: the submissions were not imported from an LMS (no " << displayText(manifest)
              << "), so the ID column holds the folder names; Canvas matches rows by its user id: name the folders so, "
                 "or import Canvas's submissions zip (sandmark-cli import submissions)"
              << Qt::endl;
}

} // namespace

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
    if (const QStringList gone = leaveOutGoneSubmissions(*grades, assignment); !gone.isEmpty())
        err() << "sandmark-cli: note: export: left out " << gone.size()
              << " gradebook row(s) whose submission folder is gone: " << shownIds(gone)
              << " (their grades stay in the gradebook)" << Qt::endl;
    // The LMS's names for Canvas's Student column; without them (an unreadable manifest) the export still holds.
    Expected<QMap<QString, QString>> names = importedNames(assignment.displayPath(QStringLiteral("submissions")));
    if (!names)
        err() << "sandmark-cli: warning: " << names.error().toString() << "; the Student column is left empty" << Qt::endl;
    const bool canvas = fmt == QLatin1String("canvas");
    warnOfHeldBackRows(*grades, canvas);
    const QByteArray data = exportGrades(*grades, assignment,
                                         canvas ? GradeExportFormat::Canvas : GradeExportFormat::Csv,
                                         parser.value(column), names ? *names : QMap<QString, QString>{});
    if (const auto problem = exportTargetProblem(parser.value(output), assignment, book.path())) {
        return failWith(*problem);
    }
    const QString to = parser.value(output);
    if (auto w = writeOutput(to, data); !w) {
        return failWith(w.error());
    }
    const qsizetype stale = std::count_if(grades->cbegin(), grades->cend(), [](const EffectiveGrade &g) { return g.stale; });
    if (canvas)
        noteWhatCanvasCannotSay(*grades, assignment, stale);
    if (!to.isEmpty() && to != QLatin1String("-")) { // stdout is free: say what was written
        out() << "exported " << grades->size() << " student(s) to " << to << " (" << fmt << ")";
        if (stale > 0 && fmt == QLatin1String("csv"))
            out() << "; " << stale << " graded under older checks, marked in the stale column";
        out() << '\n';
    }
    return ExitOk;
}

} // namespace sandmark::cli
