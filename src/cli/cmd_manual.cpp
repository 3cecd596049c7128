// sandmark-cli manual ASSIGNMENT list [--json] [--gradebook PATH]
// sandmark-cli manual ASSIGNMENT import GRADES.csv [--gradebook PATH]
#include "assignment/assignment.h"
#include "cli_util.h"
#include "commands.h"
#include "gradebook/gradebook.h"
#include "gradebook/manual.h"
#include "util/displaytext.h"
#include "util/inputfile.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace sandmark::cli {

int cmdManual(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("ASSIGNMENT"), QStringLiteral("Assignment folder or its assignment.json."));
    parser.addPositionalArgument(QStringLiteral("ACTION"),
                                 QStringLiteral("list: the manual checks awaiting a person, with the answers; "
                                                "import GRADES.csv: store grades (columns student,check,points,comment)."));
    parser.addPositionalArgument(QStringLiteral("[GRADES.csv]"), QStringLiteral("The grades file (import)."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("list: print JSON."));
    const QCommandLineOption gradebook = gradebookPathOption();
    parser.addOptions({json, gradebook});
    if (int rc = parseOrExit(parser, args,
                             QStringLiteral("Grade answers marked for grading by hand (nbgrader's manually graded cells). "
                                            "Grades are stored with the overrides and survive regrades."),
                             -1);
        rc != ExitOk)
        return rc < 0 ? ExitOk : rc;
    const QStringList pos = parser.positionalArguments();
    const QString action = pos.value(1);
    if (pos.size() < 2 || (action != QLatin1String("list") && action != QLatin1String("import"))) {
        err() << "sandmark-cli: manual: expected ASSIGNMENT list|import (see sandmark-cli manual --help)" << Qt::endl;
        return ExitUsage;
    }
    if ((action == QLatin1String("list") && pos.size() != 2) || (action == QLatin1String("import") && pos.size() != 3)) {
        err() << "sandmark-cli: manual: " << (action == QLatin1String("list") ? "list takes no file" : "import needs GRADES.csv")
              << Qt::endl;
        return ExitUsage;
    }
    // list only reads: it works on a gradebook in a read-only folder too, as export does.
    auto opened = openAssignmentGradebook(pos.at(0), parser.value(gradebook), action == QLatin1String("list"));
    if (!opened)
        return failWith(opened.error());
    Gradebook &book = *opened->gradebook; // the assignment is only needed to find the gradebook

    if (action == QLatin1String("import")) {
        const QString file = pos.at(2);
        // The gradebook given as the CSV would be read outside SQLite while this process has it open, dropping its
        // connection's POSIX locks (docs/gradebook.md, "POSIX locks"): refused unread.
        if (!mayReadAsInput(file, book.path(), QStringLiteral("a CSV of grades (columns student,check,points,comment)")))
            return ExitBadInput;
        const Expected<QByteArray> bytes = readInputFile(file, kMaxInputFileBytes);
        if (!bytes)
            return failWith(bytes.error());
        auto rows = parseManualGradesCsv(*bytes, file);
        if (!rows)
            return failWith(rows.error());
        auto stored = importManualGrades(book, *rows, file);
        if (!stored)
            return failWith(stored.error());
        auto grades = book.effectiveGrades();
        const qsizetype left = grades ? pendingManualChecks(*grades).size() : 0;
        out() << "imported " << *stored << " manual grade(s) from " << file << "; " << left << " still await grading\n";
        out().flush();
        return ExitOk;
    }

    auto grades = book.effectiveGrades();
    if (!grades)
        return failWith(grades.error());
    const QList<PendingManual> pending = pendingManualChecks(*grades);
    if (parser.isSet(json)) {
        QJsonArray list;
        for (const PendingManual &p : pending)
            list.append(QJsonObject{{QStringLiteral("student"), p.studentId},
                                    {QStringLiteral("check"), p.checkId},
                                    {QStringLiteral("points"), p.maxPoints},
                                    {QStringLiteral("answer"), p.answer},
                                    {QStringLiteral("note"), p.feedback}});
        out() << QJsonDocument(list).toJson();
        out().flush();
        return ExitOk;
    }
    QString student;
    for (const PendingManual &p : pending) {
        if (p.studentId != student) {
            student = p.studentId;
            out() << displayText(student) << ":\n";
        }
        out() << "  " << p.checkId << " (" << pointsPhrase(p.maxPoints) << ") — " << p.feedback << '\n';
        const QStringList lines = p.answer.split(QLatin1Char('\n'));
        for (const QString &l : lines)
            out() << "    | " << l << '\n';
    }
    QStringList students;
    for (const PendingManual &p : pending)
        if (!students.contains(p.studentId))
            students << p.studentId;
    out() << pending.size() << " manual grade(s) await grading in " << students.size() << " submission(s)\n";
    out().flush();
    return ExitOk;
}

} // namespace sandmark::cli
