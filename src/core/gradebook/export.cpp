#include "gradebook/export.h"

#include "batch/submissions.h"

#include "util/coretext.h"
#include "util/displaytext.h"

#include <QFileInfo>
#include <QSet>

#include <algorithm>

namespace sandmark {

namespace {

QString number(double v)
{
    return QString::number(v, 'g', 12);
}

QByteArray joinRows(const QList<QStringList> &rows)
{
    QByteArray out;
    for (const QStringList &row : rows)
        out += row.join(QLatin1Char(',')).toUtf8() + "\r\n";
    return out;
}

} // namespace

QString csvField(const QString &text)
{
    // Text from students and LMS exports, written as the grade table shows it (displayText()): every control
    // character — a newline, a tab, NUL — and the bidirectional overrides, isolates and other format characters
    // as a visible escape ("\n", "\u202e"), never raw and never dropped: a raw newline split one student's row for
    // many readers, a NUL ended the text in some ("\0=1" then read as "=1"), an override made a name display as
    // another, and dropping one made two folders one id, so that an import gave one the other's grade.
    QString t = displayText(text);
    // The formula guard looks past leading spaces (" =1+1" is a formula to some spreadsheets) and knows the
    // fullwidth forms of the formula characters.
    const qsizetype first = std::find_if(t.cbegin(), t.cend(), [](QChar c) { return c != QLatin1Char(' '); }) - t.cbegin();
    if (first < t.size()) {
        static const QString formula = QStringLiteral("=+-@\uFF1D\uFF0B\uFF0D\uFF20");
        const QChar c = t.at(first);
        if (formula.contains(c))
            t.prepend(QLatin1Char('\''));
    }
    // No CR or LF is left to quote (escaped above): a comma or a quote.
    if (t.contains(QLatin1Char(',')) || t.contains(QLatin1Char('"'))) {
        t.replace(QLatin1Char('"'), QLatin1String("\"\""));
        return QLatin1Char('"') + t + QLatin1Char('"');
    }
    return t;
}

QList<QStringList> exportIdCollisions(const QStringList &studentIds)
{
    QMap<QString, QStringList> byKey;
    QStringList order;
    for (const QString &id : studentIds) {
        const QString key = csvField(id).normalized(QString::NormalizationForm_KC);
        if (!byKey.contains(key))
            order << key;
        if (!byKey[key].contains(id))
            byKey[key] << id;
    }
    QList<QStringList> out;
    for (const QString &key : std::as_const(order))
        if (byKey.value(key).size() > 1)
            out << byKey.value(key);
    return out;
}

QList<QStringList> exportIdCollisions(const QList<EffectiveGrade> &grades)
{
    QStringList ids;
    ids.reserve(grades.size());
    for (const EffectiveGrade &g : grades)
        ids << g.studentId;
    return exportIdCollisions(ids);
}

QString exportIdCollisionText(const QStringList &group)
{
    QStringList named;
    for (const QString &id : group) {
        QStringList points;
        for (const QChar c : id)
            if (c.unicode() > 0x7E || c.unicode() < 0x20)
                points << QStringLiteral("U+%1").arg(uint(c.unicode()), 4, 16, QLatin1Char('0')).toUpper();
        named << QStringLiteral("'%1'%2").arg(displayText(id), points.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(points.join(QLatin1Char(' '))));
    }
    const QString last = named.isEmpty() ? QString() : named.takeLast();
    return coretext::text(coretext::lookalikeFolders).arg(named.join(QStringLiteral(" and ")), last);
}

namespace {
// The other ids of `id`'s collision group, or none.
QStringList lookalikesOf(const QList<QStringList> &collisions, const QString &id)
{
    for (const QStringList &group : collisions)
        if (group.contains(id)) {
            QStringList others = group;
            others.removeAll(id);
            return others;
        }
    return {};
}
} // namespace

QList<CheckGroup> notebookColumns(const Assignment &assignment)
{
    QList<CheckGroup> columns;
    if (!assignment.isProblemSet())
        return columns;
    for (const QString &notebook : assignment.notebooks()) {
        CheckGroup c{notebook, {}, 0};
        for (const Check &check : assignment.checksOf(notebook)) {
            c.checkIds << check.id;
            c.maxPoints += check.points;
        }
        columns << c;
    }
    return columns;
}

QByteArray exportCsv(const QList<EffectiveGrade> &grades, const QStringList &checkIds, const QList<CheckGroup> &notebooks,
                     const QList<CheckGroup> &groups)
{
    QList<QStringList> rows;
    QStringList header{QStringLiteral("student"), QStringLiteral("score"), QStringLiteral("max"), QStringLiteral("status"),
                       QStringLiteral("stale")};
    for (const QString &id : checkIds)
        header << csvField(id);
    for (const CheckGroup &n : notebooks)
        header << csvField(n.name + QStringLiteral(" total"));
    for (const CheckGroup &group : groups)
        header << csvField(group.name + QStringLiteral(" total"));
    header << QStringLiteral("comments");
    rows << header;
    const QList<QStringList> collisions = exportIdCollisions(grades);
    for (const EffectiveGrade &g : grades) {
        const std::optional<double> score = g.score();
        QStringList row{csvField(g.studentId), score ? number(*score) : QString(), number(g.maxScore),
                        gradeStatusName(g.status), g.stale ? QStringLiteral("yes") : QString()};
        for (const QString &id : checkIds) {
            QString cell;
            for (const EffectiveCheck &c : g.checks)
                if (c.result.checkId == id && (c.override_ || c.result.outcome != Outcome::NotGraded))
                    cell = number(c.points());
            row << cell;
        }
        for (const CheckGroup &n : notebooks) {
            double sum = 0;
            bool graded = false;
            for (const EffectiveCheck &c : g.checks)
                if (n.checkIds.contains(c.result.checkId) && (c.override_ || c.result.outcome != Outcome::NotGraded)) {
                    sum += c.points();
                    graded = true;
                }
            row << (graded ? number(sum) : QString());
        }
        for (const CheckGroup &group : groups) {
            const std::optional<double> total = g.pointsOf(group.checkIds);
            row << (total ? number(*total) : QString());
        }
        // Why a row has no score or needs review, or what it still waits for, before the graders' comments.
        QStringList comments;
        if (const QStringList others = lookalikesOf(collisions, g.studentId); !others.isEmpty())
            comments << QStringLiteral("the same id as another submission folder once Unicode-normalized (%1 of them): "
                                       "check whose grade this is before importing")
                            .arg(others.size() + 1);
        if (!score)
            comments << QStringLiteral("not graded: %1").arg(g.reasons.value(0, QStringLiteral("no check could be graded")));
        else if (g.status == GradeStatus::NeedsReview && !g.reasons.isEmpty())
            comments << QStringLiteral("needs review: %1").arg(g.reasons.join(QLatin1String("; ")));
        if (const QStringList awaiting = g.awaiting(); !awaiting.isEmpty())
            comments << QStringLiteral("awaiting a person: %1").arg(awaiting.join(QLatin1String(", ")));
        comments += g.overrideComments();
        row << csvField(comments.join(QLatin1String("; ")));
        rows << row;
    }
    return joinRows(rows);
}

bool gradeAwaitsPerson(GradeStatus status, bool reviewHolds)
{
    return status == GradeStatus::NeedsManual || (status == GradeStatus::NeedsReview && !reviewHolds);
}

bool unfinishedForLms(const EffectiveGrade &grade)
{
    return gradeAwaitsPerson(grade.status, grade.review && grade.review->holds(grade.status, grade.score()));
}

QStringList unfinishedForLms(const QList<EffectiveGrade> &grades)
{
    QStringList ids;
    for (const EffectiveGrade &g : grades)
        if (unfinishedForLms(g))
            ids << g.studentId;
    return ids;
}

QStringList leaveOutGoneSubmissions(QList<EffectiveGrade> &grades, const Assignment &assignment)
{
    const Expected<QList<Submission>> found = discoverSubmissions(assignment.absolute(QStringLiteral("submissions")));
    if (!found)
        return {};
    QSet<QString> current;
    for (const Submission &s : *found)
        current.insert(s.studentId);
    QStringList gone;
    grades.removeIf([&](const EffectiveGrade &g) {
        if (current.contains(g.studentId))
            return false;
        gone << g.studentId;
        return true;
    });
    return gone;
}

QByteArray exportCanvasCsv(const QList<EffectiveGrade> &grades, const QString &assignmentColumn, double pointsPossible,
                           const QMap<QString, QString> &names)
{
    QList<QStringList> rows;
    rows << QStringList{QStringLiteral("Student"), QStringLiteral("ID"), QStringLiteral("SIS User ID"),
                        QStringLiteral("SIS Login ID"), QStringLiteral("Section"), csvField(assignmentColumn)};
    rows << QStringList{QStringLiteral("    Points Possible"), {}, {}, {}, {}, number(pointsPossible)};
    const QList<QStringList> collisions = exportIdCollisions(grades);
    for (const EffectiveGrade &g : grades) {
        // Ids Canvas may match to one student: no score, so that the import overwrites no one's with another's. Nor
        // for a grade a person has still to finish: Canvas keeps what it has.
        const bool held = !lookalikesOf(collisions, g.studentId).isEmpty() || unfinishedForLms(g);
        const std::optional<double> score = held ? std::nullopt : g.score();
        rows << QStringList{csvField(names.value(g.studentId)), csvField(g.studentId), {}, {}, {},
                            score ? number(*score) : QString()};
    }
    return joinRows(rows);
}

namespace {
/// `path` with symbolic links resolved as far as it exists (a file still to be written: its folder's).
QString resolved(const QString &path)
{
    const QFileInfo fi(path);
    if (fi.exists())
        return fi.canonicalFilePath();
    const QString dir = QFileInfo(fi.absolutePath()).canonicalFilePath();
    return dir.isEmpty() ? fi.absoluteFilePath() : dir + QLatin1Char('/') + fi.fileName();
}
} // namespace

std::optional<Error> exportTargetProblem(const QString &target, const Assignment &assignment, const QString &gradebookPath)
{
    if (target.isEmpty() || target == QLatin1String("-"))
        return std::nullopt;
    const QString t = resolved(target);
    const QString gradebook = resolved(gradebookPath);
    for (const char *suffix : {"", "-wal", "-shm", "-journal"})
        if (t == gradebook + QLatin1String(suffix))
            return Error{target, {}, QStringLiteral("is the gradebook the export reads: choose another file")};
    QStringList inputs{assignment.jsonPath()};
    for (const QString &nb : assignment.notebooks())
        inputs << assignment.displayPath(nb);
    for (const DataFile &d : assignment.dataFiles())
        inputs << assignment.displayPath(d.path);
    for (const QString &input : std::as_const(inputs))
        if (t == resolved(input))
            return Error{target, {}, QStringLiteral("is a file of the assignment (%1): choose another file")
                                         .arg(QFileInfo(input).fileName())};
    const QString folder = resolved(assignment.folder());
    for (const char *inside : {"/submissions/", "/.sandmark/"})
        if (t.startsWith(folder + QLatin1String(inside)))
            return Error{target, {}, QStringLiteral("is inside the assignment's %1 folder, which holds grading material: "
                                                    "choose another place")
                                         .arg(QLatin1String(inside).mid(1).chopped(1))};
    return std::nullopt;
}

QStringList exportCheckColumns(const Assignment &assignment, const QList<EffectiveGrade> &grades)
{
    QStringList ids;
    for (const Check &check : assignment.checks())
        ids << check.id;
    // Checks the assignment no longer has but a recorded result still holds: their points are in that row's score.
    for (const EffectiveGrade &g : grades)
        for (const EffectiveCheck &c : g.checks)
            if (!ids.contains(c.result.checkId))
                ids << c.result.checkId;
    return ids;
}

QByteArray exportGrades(const QList<EffectiveGrade> &grades, const Assignment &assignment, GradeExportFormat format,
                        const QString &canvasColumn, const QMap<QString, QString> &names)
{
    if (format == GradeExportFormat::Canvas)
        // A column Canvas can match: never empty (an assignment without a title has its slug).
        return exportCanvasCsv(grades,
                               !canvasColumn.trimmed().isEmpty()       ? canvasColumn
                               : !assignment.title().trimmed().isEmpty() ? assignment.title()
                                                                         : assignment.slug(),
                               assignment.maxPoints(), names);
    return exportCsv(grades, exportCheckColumns(assignment, grades), notebookColumns(assignment),
                     checkGroups(assignment.checks()));
}

} // namespace sandmark
