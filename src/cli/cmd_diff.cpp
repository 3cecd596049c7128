// sandmark-cli diff ASSIGNMENT STUDENT [--notebook NOTEBOOK] [--context]
#include "assignment/release_writer.h"
#include "batch/notebookmatch.h"
#include "batch/submissions.h"
#include "gradebook/gradebook.h"
#include "cli_util.h"
#include "commands.h"
#include "util/displaytext.h"

#include <QDir>
#include <QFileInfo>

namespace sandmark::cli {

int cmdDiff(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("ASSIGNMENT"), QStringLiteral("Assignment folder or its assignment.json."));
    parser.addPositionalArgument(QStringLiteral("STUDENT"), QStringLiteral("Student id (a folder or notebook of ASSIGNMENT/submissions)."));
    const QCommandLineOption notebook(QStringLiteral("notebook"),
                                      QStringLiteral("Only this instructor notebook of a problem set (default: each)."),
                                      QStringLiteral("NOTEBOOK"));
    const QCommandLineOption context(QStringLiteral("context"), QStringLiteral("List the unchanged cells too, one line each."));
    parser.addOptions({notebook, context});
    if (int rc = parseOrExit(parser, args, QStringLiteral("Print the student's notebook against the release, cell by cell, "
                                                          "as a unified diff of the cells' sources (cells matched by nbgrader "
                                                          "grade_id or cell id, else by position; answer cells marked)."), 2);
        rc != ExitOk)
        return rc < 0 ? ExitOk : rc;
    const QStringList pos = parser.positionalArguments();
    const Expected<Assignment> assignment = Assignment::load(pos.at(0));
    if (!assignment) {
        return failWith(assignment.error());
    }
    Expected<Submission> s = submissionNamed(assignment->displayPath(QStringLiteral("submissions")), pos.at(1));
    if (!s) {
        return failWith(s.error());
    }
    // A problem set's folder holds several notebooks by design: they are matched below.
    if (!s->problem.isEmpty() && !(assignment->isProblemSet() && s->problem.startsWith(QLatin1String("ambiguous:")))) {
        return failWith(Error{s->root, {}, s->problem});
    }
    // Each instructor notebook with the student's file graded for it (a problem set: the instructor's settled
    // choices, kept in the gradebook, then the matching rule's); only the one a named notebook is matched to.
    QList<std::pair<QString, QString>> pairs;
    if (assignment->isProblemSet()) {
        const QString named = s->isFolder && isNotebookName(pos.at(1)) ? s->notebookPath : QString(); // `amy/part2.ipynb`
        QMap<QString, QString> settled;
        if (QFileInfo::exists(Gradebook::defaultPath(assignment->folder())))
            if (Expected<std::unique_ptr<Gradebook>> gb = openExistingGradebook(*assignment, {}))
                if (Expected<QMap<QString, QString>> kept = (*gb)->settledMatches(s->studentId))
                    settled = *kept;
        applyProblemSet(*s, instructorNotebooks(*assignment), settled);
        for (const NotebookMatch &m : std::as_const(s->set.notebooks)) {
            const QString file = m.file.isEmpty() ? QString() : QDir(s->root).filePath(m.file);
            if ((!parser.isSet(notebook) || m.notebook == parser.value(notebook)) && (named.isEmpty() || file == named))
                pairs << std::pair{m.notebook, file};
        }
        if (pairs.isEmpty() && !named.isEmpty()) {
            return failWith(Error{named, {}, QStringLiteral("not matched to a notebook of the assignment%1 (sandmark-cli match "
                                                       "settles which is which)")
                                            .arg(parser.isSet(notebook) ? QStringLiteral(" as ") + parser.value(notebook) : QString())});
        }
    } else if (!parser.isSet(notebook) || parser.value(notebook) == assignment->notebooks().value(0)) {
        pairs << std::pair{assignment->notebooks().value(0), s->notebookPath};
    }
    if (pairs.isEmpty()) {
        err() << "sandmark-cli: diff: " << displayText(parser.value(notebook)) << ": not a notebook of the assignment ("
              << assignment->notebooks().join(QLatin1String(", ")) << ")" << Qt::endl;
        return ExitUsage;
    }
    int rc = ExitOk;
    for (const auto &[rel, file] : std::as_const(pairs)) {
        if (file.isEmpty()) {
            out() << "--- release/" << rel << "\n+++ " << displayText(s->studentId) << ": no notebook matched\n";
            continue;
        }
        const Expected<NotebookDiff> diff = diffAgainstRelease(*assignment, rel, file);
        if (!diff) {
            printError(diff.error());
            rc = ExitBadInput;
            continue;
        }
        out() << unifiedCellDiff(*diff, QStringLiteral("release/") + rel,
                                 s->studentId + QLatin1Char('/') + QDir(s->root).relativeFilePath(file), parser.isSet(context));
        out() << "# " << diff->changed << " changed (" << diff->answersChanged << " answer(s)), " << diff->added
              << " added, " << diff->removed << " removed\n";
    }
    return rc;
}

} // namespace sandmark::cli
