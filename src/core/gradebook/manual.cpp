#include "gradebook/manual.h"

#include "gradebook/studentids.h"

#include "checks/registry.h"

#include <QHash>
#include <QStringDecoder>

#include <algorithm>
#include <cmath>

namespace sandmark {

QList<PendingManual> pendingManualChecks(const QList<EffectiveGrade> &grades)
{
    QList<PendingManual> out;
    for (const EffectiveGrade &g : grades)
        for (const EffectiveCheck &c : g.checks)
            if (c.awaitsPerson())
                out << PendingManual{g.studentId, c.result.checkId, c.result.maxPoints, c.result.actual, c.result.feedback};
    return out;
}

namespace {

struct CsvRecord
{
    int line = 0;
    QStringList fields;
};

/// RFC 4180 records with the line each starts on.
Expected<QList<CsvRecord>> readCsv(const QString &text, const QString &fileName)
{
    QList<CsvRecord> records;
    CsvRecord current;
    QString field;
    bool quoted = false;      // inside a quoted field
    bool wasQuoted = false;   // the current field was quoted (text after the closing quote is an error)
    int line = 1;
    int quoteLine = 0;
    current.line = 1;
    auto endField = [&] {
        current.fields << field;
        field.clear();
        wasQuoted = false;
    };
    auto endRecord = [&] {
        endField();
        const bool blank = current.fields.size() == 1 && current.fields.first().trimmed().isEmpty();
        if (!blank)
            records << current;
        current = CsvRecord{};
    };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar ch = text.at(i);
        if (quoted) {
            if (ch == QLatin1Char('"')) {
                if (i + 1 < text.size() && text.at(i + 1) == QLatin1Char('"')) {
                    field += QLatin1Char('"');
                    ++i;
                } else {
                    quoted = false;
                    wasQuoted = true;
                }
            } else {
                if (ch == QLatin1Char('\n'))
                    ++line;
                field += ch;
            }
            continue;
        }
        if (ch == QLatin1Char('"')) {
            if (!field.trimmed().isEmpty() || wasQuoted)
                return Error{fileName, QStringLiteral("line %1").arg(line),
                             QStringLiteral("a quote inside an unquoted field (quote the whole field and double the quote)")};
            field.clear();
            quoted = true;
            quoteLine = line;
        } else if (ch == QLatin1Char(',')) {
            endField();
        } else if (ch == QLatin1Char('\r') && i + 1 < text.size() && text.at(i + 1) == QLatin1Char('\n')) {
            continue; // CRLF: the LF ends the record
        } else if (ch == QLatin1Char('\n')) {
            endRecord();
            ++line;
            current.line = line;
        } else if (wasQuoted && !ch.isSpace()) {
            return Error{fileName, QStringLiteral("line %1").arg(line), QStringLiteral("text after a closing quote")};
        } else {
            field += ch;
        }
    }
    if (quoted)
        return Error{fileName, QStringLiteral("line %1").arg(quoteLine), QStringLiteral("a quoted field is never closed")};
    if (!field.isEmpty() || !current.fields.isEmpty())
        endRecord();
    return records;
}

} // namespace

Expected<QList<ManualGradeRow>> parseManualGradesCsv(const QByteArray &bytesIn, const QString &fileName)
{
    QByteArray bytes = bytesIn;
    if (bytes.startsWith("\xEF\xBB\xBF"))
        bytes.remove(0, 3);
    QStringDecoder decode(QStringDecoder::Utf8);
    const QString text = decode(bytes);
    if (decode.hasError())
        return Error{fileName, {}, QStringLiteral("not UTF-8 text (save the file as CSV UTF-8)")};
    auto records = readCsv(text, fileName);
    if (!records)
        return records.error();
    if (records->isEmpty())
        return Error{fileName, QStringLiteral("line 1"), QStringLiteral("empty file; expected a header: student,check,points,comment")};
    const CsvRecord header = records->takeFirst();
    QHash<QString, int> column;
    for (int i = 0; i < header.fields.size(); ++i)
        column.insert(header.fields.at(i).trimmed().toLower(), i);
    for (const char *required : {"student", "check", "points"})
        if (!column.contains(QLatin1String(required)))
            return Error{fileName, QStringLiteral("line %1").arg(header.line),
                         QStringLiteral("the header has no '%1' column (expected: student,check,points,comment)")
                             .arg(QLatin1String(required))};
    const int cStudent = column.value(QStringLiteral("student"));
    const int cCheck = column.value(QStringLiteral("check"));
    const int cPoints = column.value(QStringLiteral("points"));
    const int cComment = column.value(QStringLiteral("comment"), -1);

    QList<ManualGradeRow> rows;
    QHash<QPair<QString, QString>, int> seen;
    for (const CsvRecord &r : *records) {
        const QString where = QStringLiteral("line %1").arg(r.line);
        auto field = [&](int c) { return c >= 0 && c < r.fields.size() ? r.fields.at(c).trimmed() : QString(); };
        ManualGradeRow row;
        row.line = r.line;
        row.studentId = field(cStudent);
        row.checkId = field(cCheck);
        row.comment = cComment >= 0 && cComment < r.fields.size() ? r.fields.at(cComment).trimmed() : QString();
        if (row.studentId.isEmpty())
            return Error{fileName, where, QStringLiteral("the student is empty")};
        if (row.checkId.isEmpty())
            return Error{fileName, where, QStringLiteral("the check is empty")};
        const QString pointsText = field(cPoints);
        bool ok = false;
        row.points = pointsText.toDouble(&ok);
        if (pointsText.isEmpty() || !ok || !std::isfinite(row.points) || row.points < 0)
            return Error{fileName, where, QStringLiteral("points '%1' is not a number >= 0").arg(pointsText)};
        const auto key = qMakePair(row.studentId, row.checkId);
        if (seen.contains(key))
            return Error{fileName, where, QStringLiteral("student '%1', check '%2' is graded twice (also on line %3)")
                                              .arg(row.studentId, row.checkId)
                                              .arg(seen.value(key))};
        seen.insert(key, r.line);
        rows << row;
    }
    return rows;
}

namespace {

// The override a manual grade is stored as: `g` (the student's effective grade, null when none) has a manual
// check `row.checkId` worth at least `row.points`. Errors name `fileName` and `where`.
Expected<Gradebook::OverrideRequest> manualGradeRequest(const EffectiveGrade *g, const ManualGradeRow &row,
                                                        const QString &fileName, const QString &where)
{
    if (!g)
        return Error{fileName, where, QStringLiteral("no graded submission for student '%1'").arg(row.studentId)};
    const EffectiveCheck *check = nullptr;
    for (const EffectiveCheck &c : g->checks)
        if (c.result.checkId == row.checkId)
            check = &c;
    if (!check)
        return Error{fileName, where,
                     QStringLiteral("student '%1' has no check '%2' in the latest run").arg(row.studentId, row.checkId)};
    if (!checkKind(check->result.type).gradedByHand())
        return Error{fileName, where, QStringLiteral("check '%1' is graded automatically, not by hand (use "
                                                     "`sandmark-cli override` to change its points)")
                                          .arg(row.checkId)};
    if (!std::isfinite(row.points) || row.points < 0 || row.points > check->result.maxPoints)
        return Error{fileName, where, QStringLiteral("%1 for check '%2', which is worth %3")
                                          .arg(pointsPhrase(row.points), row.checkId, formatPoints(check->result.maxPoints))};
    Override o;
    o.checkId = row.checkId;
    o.points = row.points;
    o.comment = row.comment.trimmed().isEmpty() ? QStringLiteral("graded by hand") : row.comment.trimmed();
    return Gradebook::OverrideRequest{row.studentId, o, where.isEmpty() ? fileName : QStringLiteral("%1 %2").arg(fileName, where)};
}

} // namespace

Expected<int> importManualGrades(Gradebook &gradebook, const QList<ManualGradeRow> &rows, const QString &fileName)
{
    auto grades = gradebook.effectiveGrades();
    if (!grades)
        return grades.error();
    QHash<QString, const EffectiveGrade *> byStudent;
    for (const EffectiveGrade &g : *grades)
        byStudent.insert(g.studentId, &g);
    const StudentIds stored(byStudent.keys());
    QHash<std::pair<QString, QString>, int> lineOf; // (stored student, check) → the row's line
    QList<Gradebook::OverrideRequest> requests;
    for (ManualGradeRow row : rows) {
        const QString where = QStringLiteral("line %1").arg(row.line);
        // A spreadsheet writes "Zoë" composed; the folder (the id) may be decomposed, as macOS names it.
        const QStringList alike = stored.find(row.studentId);
        if (alike.size() > 1)
            return Error{fileName, where,
                         QStringLiteral("student '%1' is %2 students of the gradebook once Unicode-normalized (%3): write "
                                        "it as one of them is stored")
                             .arg(row.studentId)
                             .arg(alike.size())
                             .arg(alike.join(QLatin1String(", ")))};
        if (alike.size() == 1)
            row.studentId = alike.constFirst();
        if (const int first = lineOf.value({row.studentId, row.checkId}); first > 0)
            return Error{fileName, where, QStringLiteral("student '%1' and check '%2' again (also on line %3, the same "
                                                         "student in another Unicode form)")
                                              .arg(row.studentId, row.checkId)
                                              .arg(first)};
        lineOf.insert({row.studentId, row.checkId}, row.line);
        auto request = manualGradeRequest(byStudent.value(row.studentId), row, fileName, where);
        if (!request)
            return request.error();
        requests << *request;
    }
    if (auto stored = gradebook.addOverrides(requests); !stored)
        return stored.error();
    return int(requests.size());
}

Expected<void> storeManualGrade(Gradebook &gradebook, const QString &studentId, const QString &checkId, double points,
                                const QString &comment, const QString &source)
{
    auto grade = gradebook.effectiveGrade(studentId);
    if (!grade)
        return grade.error();
    ManualGradeRow row;
    row.studentId = studentId;
    row.checkId = checkId;
    row.points = points;
    row.comment = comment;
    auto request = manualGradeRequest(*grade ? &**grade : nullptr, row, source, {});
    if (!request)
        return request.error();
    return gradebook.addOverrides({*request});
}

Expected<Check> overriddenCheck(const Assignment &assignment, const QString &id)
{
    const QList<Check> checks = assignment.checks();
    const auto c = std::find_if(checks.begin(), checks.end(), [&](const Check &x) { return x.id == id; });
    if (c == checks.end())
        return Error{assignment.jsonPath(), QStringLiteral("checks"), QStringLiteral("no check '%1' in this assignment").arg(id)};
    return *c;
}

Expected<BulkOverride> overrideSubmissions(Gradebook &gradebook, const Assignment &assignment, const QStringList &students,
                                           const Override &override_, MissingRun missing)
{
    // What the override replaces is worth: a correction within it, not a bonus (exports and feedback add it up).
    double worth = assignment.maxPoints();
    QString what = QStringLiteral("the assignment");
    if (!override_.checkId.isEmpty()) {
        const auto c = overriddenCheck(assignment, override_.checkId);
        if (!c)
            return c.error();
        worth = c->points;
        what = QStringLiteral("check '%1'").arg(c->id);
    }
    if (!std::isfinite(override_.points) || override_.points < 0 || override_.points > worth)
        return Error{assignment.jsonPath(), {},
                     QStringLiteral("%1 is not between 0 and what %2 is worth (%3)")
                         .arg(pointsPhrase(override_.points), what, formatPoints(worth))};
    if (override_.comment.trimmed().isEmpty())
        return Error{gradebook.path(), {}, QStringLiteral("an override needs a comment (say why)")};
    if (students.isEmpty())
        return Error{gradebook.path(), {}, QStringLiteral("no student to override")};

    BulkOverride result;
    QList<Gradebook::OverrideRequest> requests;
    for (const QString &student : students) {
        if (result.overridden.contains(student) || result.skipped.contains(student))
            continue;
        auto grade = gradebook.effectiveGrade(student);
        if (!grade)
            return grade.error();
        const bool hasCheck = *grade && (override_.checkId.isEmpty()
                                         || std::any_of((*grade)->checks.cbegin(), (*grade)->checks.cend(),
                                                        [&](const EffectiveCheck &c) { return c.result.checkId == override_.checkId; }));
        if (!hasCheck) {
            if (missing == MissingRun::Refuse)
                return Error{gradebook.path(), QStringLiteral("student '%1'").arg(student),
                             *grade ? QStringLiteral("the latest run has no check '%1' (nothing was stored)").arg(override_.checkId)
                                    : QStringLiteral("no run of this student in the gradebook (nothing was stored)")};
            result.skipped << student;
            continue;
        }
        Override o = override_;
        o.comment = o.comment.trimmed();
        requests << Gradebook::OverrideRequest{student, o, QStringLiteral("student '%1'").arg(student)};
        result.overridden << student;
    }
    if (!requests.isEmpty())
        if (auto stored = gradebook.addOverrides(requests); !stored)
            return stored.error();
    return result;
}

} // namespace sandmark
