// sandmark-cli override ASSIGNMENT STUDENT [--check ID] --points P --comment TEXT [--gradebook PATH]
#include "assignment/assignment.h"
#include "cli_util.h"
#include "commands.h"
#include "gradebook/gradebook.h"
#include "util/displaytext.h"


#include <algorithm>
#include <cmath>

namespace sandmark::cli {

int cmdOverride(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("ASSIGNMENT"), QStringLiteral("Assignment folder or its assignment.json."));
    parser.addPositionalArgument(QStringLiteral("STUDENT"), QStringLiteral("Student id."));
    const QCommandLineOption check(QStringLiteral("check"), QStringLiteral("Override one check (default: the whole score)."),
                                   QStringLiteral("ID"));
    const QCommandLineOption points(QStringLiteral("points"), QStringLiteral("Points to give."), QStringLiteral("P"));
    const QCommandLineOption comment(QStringLiteral("comment"), QStringLiteral("Why (kept and exported)."), QStringLiteral("TEXT"));
    const QCommandLineOption gradebook(QStringLiteral("gradebook"),
                                       QStringLiteral("Gradebook file (default: ASSIGNMENT/.sandmark/gradebook.sqlite)."),
                                       QStringLiteral("PATH"));
    parser.addOptions({check, points, comment, gradebook});
    if (int rc = parseOrExit(parser, args, QStringLiteral("Set a manual grade for a check or a whole submission. It survives "
                                                          "regrades and is shown beside the automatic score."), 2);
        rc != ExitOk)
        return rc < 0 ? ExitOk : rc;
    bool ok = false;
    const double p = parser.value(points).toDouble(&ok);
    if (!parser.isSet(points) || !ok || !std::isfinite(p) || p < 0) {
        err() << "sandmark-cli: override: --points must be a number >= 0" << Qt::endl;
        return ExitUsage;
    }
    if (!parser.isSet(comment) || parser.value(comment).trimmed().isEmpty()) {
        err() << "sandmark-cli: override: --comment is required (say why)" << Qt::endl;
        return ExitUsage;
    }
    auto opened = openAssignmentGradebook(parser.positionalArguments().at(0), parser.value(gradebook));
    if (!opened) {
        printError(opened.error());
        return ExitBadInput;
    }
    const Assignment &assignment = opened->assignment;
    // An override corrects a grade within what it is worth; it is not a bonus (exports and feedback add it up).
    double worth = assignment.maxPoints();
    QString what = QStringLiteral("the assignment");
    if (parser.isSet(check)) {
        const QList<Check> checks = assignment.checks();
        const auto c = std::find_if(checks.begin(), checks.end(), [&](const Check &x) { return x.id == parser.value(check); });
        if (c == checks.end()) {
            printError({assignment.jsonPath(), QStringLiteral("checks"),
                        QStringLiteral("no check '%1' in this assignment").arg(parser.value(check))});
            return ExitBadInput;
        }
        worth = c->points;
        what = QStringLiteral("check '%1'").arg(c->id);
    }
    if (p > worth) {
        err() << "sandmark-cli: override: --points " << p << " is more than " << what << " is worth (" << worth << ")"
              << Qt::endl;
        return ExitBadInput;
    }
    const QString student = parser.positionalArguments().at(1);
    if (auto r = opened->gradebook->addOverride(student, {parser.value(check), p, parser.value(comment), {}}); !r) {
        printError(r.error());
        return ExitBadInput;
    }
    const auto grades = opened->gradebook->effectiveGrades();
    if (!grades) {
        printError(grades.error());
        return ExitBadInput;
    }
    for (const EffectiveGrade &g : *grades)
        if (g.studentId == student)
            out() << displayText(student) << ": " << (g.score() ? QString::number(*g.score()) : QStringLiteral("-")) << " / " << g.maxScore
                  << " (automatic " << g.autoScore << ")\n";
    out().flush();
    return ExitOk;
}

} // namespace sandmark::cli
