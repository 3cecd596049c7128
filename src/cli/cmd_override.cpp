// sandmark-cli override ASSIGNMENT STUDENT... [--check ID] --points P --comment TEXT [--gradebook PATH]
// sandmark-cli override ASSIGNMENT STUDENT [--check ID] --clear [--gradebook PATH]
#include "assignment/assignment.h"
#include "cli_util.h"
#include "commands.h"
#include "gradebook/gradebook.h"
#include "gradebook/manual.h"
#include "util/displaytext.h"

#include <cmath>
#include <optional>

namespace sandmark::cli {

namespace {

// "alice: 5.5 / 8 (automatic 4)", the student's effective score after a change.
int printScore(Gradebook &gradebook, const QString &student)
{
    const auto grade = gradebook.effectiveGrade(student);
    if (!grade)
        return failWith(grade.error());
    if (*grade) {
        const EffectiveGrade &g = **grade;
        const std::optional<double> automatic = g.automaticScore();
        out() << displayText(student) << ": " << (g.score() ? formatPoints(*g.score()) : QStringLiteral("-")) << " / "
              << formatPoints(g.maxScore) << " (automatic " << (automatic ? formatPoints(*automatic) : QStringLiteral("none"))
              << ")\n";
    }
    out().flush();
    return ExitOk;
}

int clearOverride(const QString &assignmentPath, const QString &typedStudent, const std::optional<QString> &checkId,
                  const QString &gradebookPath)
{
    auto opened = openAssignmentGradebook(assignmentPath, gradebookPath);
    if (!opened)
        return failWith(opened.error());
    const Expected<QStringList> ids = gradebookStudentIds(*opened->gradebook, {typedStudent});
    if (!ids)
        return failWith(ids.error());
    const QString &student = ids->constFirst();
    if (checkId) {
        if (auto c = overriddenCheck(opened->assignment, *checkId); !c)
            return failWith(c.error());
    }
    const auto removed = opened->gradebook->removeOverrides(student, checkId.value_or(QString()));
    if (!removed)
        return failWith(removed.error());
    const QString what = checkId ? QStringLiteral("check '%1'").arg(*checkId) : QStringLiteral("the whole submission");
    if (*removed == 0)
        out() << displayText(student) << ": no override of " << displayText(what) << " to remove\n";
    else
        out() << displayText(student) << ": removed " << *removed << " override(s) of " << displayText(what) << "\n";
    return printScore(*opened->gradebook, student);
}

} // namespace

int cmdOverride(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("ASSIGNMENT"), QStringLiteral("Assignment folder or its assignment.json."));
    parser.addPositionalArgument(QStringLiteral("STUDENT..."),
                                 QStringLiteral("Student id(s): all get the same override in one transaction; an unknown "
                                                "student (or one whose latest run lacks --check) refuses the whole command. "
                                                "--clear takes one."));
    const QCommandLineOption check(QStringLiteral("check"), QStringLiteral("Override one check (default: the whole score)."),
                                   QStringLiteral("ID"));
    const QCommandLineOption points(QStringLiteral("points"), QStringLiteral("Points to give."), QStringLiteral("P"));
    const QCommandLineOption comment(QStringLiteral("comment"), QStringLiteral("Why (kept and exported)."), QStringLiteral("TEXT"));
    const QCommandLineOption gradebook = gradebookPathOption();
    const QCommandLineOption clear(QStringLiteral("clear"),
                                   QStringLiteral("Remove the override(s) of the check (or of the whole submission): the "
                                                  "automatic points count again."));
    parser.addOptions({check, points, comment, clear, gradebook});
    if (int rc = parseOrExit(parser, args, QStringLiteral("Set a manual grade for a check or a whole submission. It survives "
                                                          "regrades and is shown beside the automatic score; --clear "
                                                          "removes it."), -1);
        rc != ExitOk)
        return rc < 0 ? ExitOk : rc;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() < 2) {
        err() << "sandmark-cli: override: expected ASSIGNMENT STUDENT... (see 'sandmark-cli override --help')" << Qt::endl;
        return ExitUsage;
    }
    if (parser.isSet(clear)) {
        if (pos.size() != 2) {
            err() << "sandmark-cli: override: --clear takes one STUDENT" << Qt::endl;
            return ExitUsage;
        }
        if (parser.isSet(points) || parser.isSet(comment)) {
            err() << "sandmark-cli: override: --clear takes no --points or --comment" << Qt::endl;
            return ExitUsage;
        }
        return clearOverride(parser.positionalArguments().at(0), parser.positionalArguments().at(1),
                             parser.isSet(check) ? std::optional<QString>(parser.value(check)) : std::nullopt,
                             parser.value(gradebook));
    }
    bool ok = false;
    const double p = parser.value(points).toDouble(&ok);
    if (!parser.isSet(points) && !parser.isSet(comment)) {
        err() << "sandmark-cli: override: give --points P --comment TEXT, or --clear" << Qt::endl;
        return ExitUsage;
    }
    if (!parser.isSet(points) || !ok || !std::isfinite(p) || p < 0) {
        err() << "sandmark-cli: override: --points must be a number >= 0" << Qt::endl;
        return ExitUsage;
    }
    if (!parser.isSet(comment) || parser.value(comment).trimmed().isEmpty()) {
        err() << "sandmark-cli: override: --comment is required (say why)" << Qt::endl;
        return ExitUsage;
    }
    auto opened = openAssignmentGradebook(pos.at(0), parser.value(gradebook));
    if (!opened)
        return failWith(opened.error());
    const Expected<QStringList> students = gradebookStudentIds(*opened->gradebook, pos.mid(1));
    if (!students)
        return failWith(students.error());
    const auto stored = overrideSubmissions(*opened->gradebook, opened->assignment, *students,
                                            {parser.value(check), p, parser.value(comment), {}}, MissingRun::Refuse);
    if (!stored)
        return failWith(stored.error());
    for (const QString &student : stored->overridden)
        if (int rc = printScore(*opened->gradebook, student); rc != ExitOk)
            return rc;
    return ExitOk;
}

} // namespace sandmark::cli
