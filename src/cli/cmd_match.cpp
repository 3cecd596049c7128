// sandmark-cli match ASSIGNMENT STUDENT NOTEBOOK (FILE | --clear) [--gradebook PATH]
#include "batch/notebookmatch.h"
#include "batch/submissions.h"
#include "cli_util.h"
#include "commands.h"
#include "gradebook/gradebook.h"
#include "util/displaytext.h"

namespace sandmark::cli {

int cmdMatch(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("ASSIGNMENT"), QStringLiteral("Assignment folder or its assignment.json (a problem set)."));
    parser.addPositionalArgument(QStringLiteral("STUDENT"), QStringLiteral("Student id (a folder of ASSIGNMENT/submissions)."));
    parser.addPositionalArgument(QStringLiteral("NOTEBOOK"), QStringLiteral("The instructor notebook, as assignment.json lists it."));
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("The student's notebook graded for it, relative to the student's folder."));
    const QCommandLineOption clear(QStringLiteral("clear"), QStringLiteral("Forget the settled match: the rule decides again."));
    const QCommandLineOption gradebook = gradebookPathOption();
    parser.addOptions({clear, gradebook});
    if (int rc = parseOrExit(parser, args, QStringLiteral("Settle which of a student's notebooks is graded for a notebook of a "
                                                          "problem set, or for a one-notebook assignment whose folder "
                                                          "holds several (an on-time and a late copy). Kept in the gradebook (grade --force and changed "
                                                          "files keep it); the next grade applies it."), -1);
        rc != ExitOk)
        return rc < 0 ? ExitOk : rc;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() < 3 || pos.size() > 4 || parser.isSet(clear) == (pos.size() == 4)) {
        err() << "sandmark-cli: match: give FILE, or --clear" << Qt::endl;
        return ExitUsage;
    }
    auto opened = openAssignmentGradebook(pos.at(0), parser.value(gradebook));
    if (!opened) {
        return failWith(opened.error());
    }
    const Assignment &assignment = opened->assignment;
    Expected<Submission> s = submissionNamed(assignment.displayPath(QStringLiteral("submissions")), pos.at(1));
    if (!s) {
        return failWith(s.error());
    }
    const QString file = pos.size() == 4 ? pos.at(3) : QString();
    Gradebook &book = *opened->gradebook;
    const Expected<QMap<QString, QString>> before = book.settledMatches(s->studentId);
    if (auto ok = settleNotebookMatch(book, assignment, *s, pos.at(2), file); !ok) {
        return failWith(ok.error());
    }
    const Expected<QMap<QString, QString>> after = book.settledMatches(s->studentId);
    if (!before || !after) {
        return failWith(!before ? before.error() : after.error());
    }
    const bool unchanged = *before == *after; // settled as it was already: grade has nothing new to apply
    out() << displayText(s->studentId) << ": " << displayText(pos.at(2));
    if (file.isEmpty())
        out() << (unchanged ? ": no settled match to remove (the rule decides)\n" : ": settled match removed (the rule decides)\n");
    else
        out() << " ← " << displayText(file) << (unchanged ? " (settled so already; nothing changed)\n" : " (settled; grade to apply it)\n");
    return ExitOk;
}

} // namespace sandmark::cli
