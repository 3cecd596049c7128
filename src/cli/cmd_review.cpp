// sandmark-cli review ASSIGNMENT [STUDENT...] [--clear] [--gradebook PATH]
#include "cli_util.h"
#include "commands.h"
#include "gradebook/export.h"
#include "gradebook/gradebook.h"
#include "util/displaytext.h"

#include <QSet>

namespace sandmark::cli {

namespace {

/// "needs-review, 1 of 2 points", "graded, 1 of 1 point" or "grader-error, not graded".
QString gradeText(GradeStatus status, const std::optional<double> &score, double maxScore)
{
    return score ? QStringLiteral("%1, %2 of %3").arg(gradeStatusName(status), formatPoints(*score), pointsPhrase(maxScore))
                 : QStringLiteral("%1, not graded").arg(gradeStatusName(status));
}

} // namespace

int cmdReview(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("ASSIGNMENT"), QStringLiteral("Assignment folder or its assignment.json."));
    parser.addPositionalArgument(QStringLiteral("STUDENT"),
                                 QStringLiteral("Students to mark reviewed (none: list the submissions awaiting a person: "
                                                "needs-review not marked reviewed, needs-manual)."),
                                 QStringLiteral("[STUDENT...]"));
    const QCommandLineOption clear(QStringLiteral("clear"), QStringLiteral("Remove the students' review marks."));
    const QCommandLineOption gradebook = gradebookPathOption();
    parser.addOptions({clear, gradebook});
    if (int rc = parseOrExit(parser, args, QStringLiteral("Mark submissions reviewed: a person looked at the latest run and "
                                                          "its grade, which the mark records. The grade does not change; "
                                                          "the app's review mode passes over a marked submission while its "
                                                          "grade is the one seen. Kept across regrades and merges."), -1);
        rc != ExitOk)
        return rc < 0 ? ExitOk : rc;
    const QStringList pos = parser.positionalArguments();
    if (pos.isEmpty() || (parser.isSet(clear) && pos.size() < 2)) {
        err() << "sandmark-cli: review: give ASSIGNMENT" << (pos.isEmpty() ? "" : " and the students whose marks to remove")
              << Qt::endl;
        return ExitUsage;
    }
    // No student: a list, which only reads (a gradebook in a read-only folder too, as export).
    auto opened = openAssignmentGradebook(pos.at(0), parser.value(gradebook), pos.size() == 1);
    if (!opened)
        return failWith(opened.error());
    Gradebook &book = *opened->gradebook;
    const Expected<QStringList> students = gradebookStudentIds(book, pos.mid(1));
    if (!students)
        return failWith(students.error());
    QSet<QString> hadMark; // --clear says which marks there were to remove
    if (parser.isSet(clear)) {
        auto before = book.effectiveGrades();
        if (!before)
            return failWith(before.error());
        for (const EffectiveGrade &g : *before)
            if (g.review)
                hadMark.insert(g.studentId);
    }
    if (!students->isEmpty()) {
        if (auto ok = book.setReviewed(*students, !parser.isSet(clear)); !ok)
            return failWith(ok.error());
    }
    auto grades = book.effectiveGrades();
    if (!grades)
        return failWith(grades.error());
    qsizetype listed = 0;
    for (const EffectiveGrade &g : *grades) {
        const bool named = students->contains(g.studentId);
        // No student: what awaits a person, as export holds it back (unfinishedForLms()): needs-review whose mark does
        // not hold (none, or the grade changed since), and needs-manual, whose answers await their points marked or not.
        if (students->isEmpty() ? !unfinishedForLms(g) : !named)
            continue;
        ++listed;
        out() << displayText(g.studentId) << ": " << gradeText(g.status, g.score(), g.maxScore) << "; ";
        if (!g.review)
            out() << (!named ? "not reviewed" : hadMark.contains(g.studentId) ? "review mark removed" : "had no review mark")
                  << '\n';
        else if (g.review->holds(g.status, g.score()))
            out() << "reviewed " << g.review->when.toString(Qt::ISODate) << '\n';
        else
            out() << "reviewed " << g.review->when.toString(Qt::ISODate) << " when it was "
                  << gradeText(g.review->status, g.review->score, g.maxScore) << " (the grade changed since)\n";
    }
    if (students->isEmpty() && listed == 0) // an empty list read as if the command had failed (fresh-user run s25)
        out() << "nothing awaits a person (" << grades->size() << " submission(s) in the gradebook)\n";
    // A mark records that someone looked; an answer awaiting grading by hand still needs its points (export holds
    // its Canvas score back until then: unfinishedForLms()).
    if (!parser.isSet(clear))
        for (const EffectiveGrade &g : *grades)
            if (students->contains(g.studentId) && g.status == GradeStatus::NeedsManual)
                err() << "sandmark-cli: note: review: " << displayText(g.studentId)
                      << " still awaits grading by hand: a review mark does not give its answers points, and export "
                         "leaves its Canvas score empty until they have them (sandmark-cli manual)"
                      << Qt::endl;
    return ExitOk;
}

} // namespace sandmark::cli
