// sandmark-cli feedback ASSIGNMENT [--student ID] -o DIR [--gradebook PATH]
#include "assignment/assignment.h"
#include "cli_util.h"
#include "commands.h"
#include "gradebook/feedback.h"
#include "gradebook/gradebook.h"
#include "util/displaytext.h"

#include <QDir>
#include <QFileInfo>

namespace sandmark::cli {

int cmdFeedback(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("ASSIGNMENT"), QStringLiteral("Assignment folder or its assignment.json."));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("Folder for the HTML files (created if needed)."), QStringLiteral("DIR"));
    const QCommandLineOption student(QStringLiteral("student"), QStringLiteral("Only this student (repeatable)."),
                                     QStringLiteral("ID"));
    const QCommandLineOption gradebook = gradebookPathOption();
    parser.addOptions({output, student, gradebook});
    if (int rc = parseOrExit(parser, args,
                             QStringLiteral("Write one self-contained HTML feedback file per graded submission: the "
                                            "executed notebook with each check's score and feedback, manual grades "
                                            "and comments, and the total."),
                             1);
        rc != ExitOk)
        return rc < 0 ? ExitOk : rc;
    if (!parser.isSet(output) || parser.value(output).isEmpty()) {
        err() << "sandmark-cli: feedback: -o DIR is required" << Qt::endl;
        return ExitUsage;
    }
    if (outputIsNotAFolder(QStringLiteral("feedback"), parser.value(output)))
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
    const Expected<QStringList> typed = gradebookStudentIds(book, parser.values(student));
    if (!typed)
        return failWith(typed.error());
    const QStringList &wanted = *typed;
    for (const QString &w : wanted)
        if (std::none_of(grades->begin(), grades->end(), [&](const EffectiveGrade &g) { return g.studentId == w; })) {
            return failWith({book.path(), {}, QStringLiteral("no graded submission for student '%1'").arg(w)});
        }
    const QString dir = parser.value(output);
    auto report = writeFeedbackFolder(assignment, *grades, dir, wanted);
    if (!report) {
        return failWith(report.error());
    }
    for (const QString &note : std::as_const(report->notes))
        err() << "sandmark-cli: note: " << note << Qt::endl;
    for (const FeedbackPage &page : std::as_const(report->pages))
        out() << displayText(page.studentId) << ": " << (page.score ? formatPoints(*page.score) : QStringLiteral("-")) << " / "
              << formatPoints(page.maxScore) << " → " << QDir(dir).filePath(QFileInfo(page.path).fileName()) << '\n';
    const qsizetype written = report->pages.size();
    out() << written << " feedback file(s) written to " << dir << '\n';
    out().flush();
    return ExitOk;
}

} // namespace sandmark::cli
