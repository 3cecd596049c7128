#include "notebook/nbgrader.h"

#include "notebook/notebook_p.h"
#include "util/json_p.h"

#include <QRegularExpression>
#include <QSet>

#include <cmath>

namespace sandmark {

namespace {
/// nbgrader reads a cell's points with Python's float(): a number, or text holding one ("2"); absent is 0.
/// `v` is null when the key is absent.
void readPoints(const Json &v, NbgraderCell &c)
{
    bool ok = true;
    if (v.is_number())
        c.points = v.get<double>();
    else if (v.is_string())
        c.points = qs(v.get<std::string>()).trimmed().toDouble(&ok);
    else
        ok = v.is_null();
    if (!ok || !std::isfinite(c.points) || c.points < 0) {
        // As Qt wrote the value: an object's keys sorted (nlohmann::json), doubles in Qt's digits.
        c.pointsError = QStringLiteral("%1 is not a number of points")
                            .arg(qs(jsonutil::qtCompact(nlohmann::json(v))).left(40));
        c.points = 0;
    }
}
} // namespace

QList<NbgraderCell> nbgraderCells(const Notebook &notebook)
{
    QList<NbgraderCell> cells;
    for (int i = 0; i < notebook.cellCount(); ++i) {
        const Json &cell = NotebookEditor::json(notebook)["cells"][size_t(i)];
        const Json m = jsonutil::objectOr(jsonutil::objectOr(cell, "metadata"), "nbgrader");
        if (m.empty())
            continue;
        NbgraderCell c;
        c.index = i;
        c.gradeId = qs(jsonutil::stringOr(m, "grade_id"));
        c.solution = jsonutil::boolOr(m, "solution", false);
        c.grade = jsonutil::boolOr(m, "grade", false);
        c.task = jsonutil::boolOr(m, "task", false);
        readPoints(m.value("points", Json()), c);
        c.schemaVersion = int(jsonutil::intOr(m, "schema_version", 1));
        // nbgrader/utils.py is_locked(): answer cells never, test cells always, others as marked.
        c.locked = !c.solution && (c.grade || jsonutil::boolOr(m, "locked", false));
        cells << c;
    }
    return cells;
}

QString CellChange::describe() const
{
    const QString where = submissionIndex >= 0 ? QStringLiteral(" (cells[%1])").arg(submissionIndex) : QString();
    switch (kind) {
    case Kind::LockedModified:
        return QStringLiteral("locked cell '%1' was changed%2").arg(gradeId, where);
    case Kind::TestModified:
        return QStringLiteral("test cell '%1' was edited%2; the instructor's version ran").arg(gradeId, where);
    case Kind::Deleted:
        return QStringLiteral("cell '%1' was deleted").arg(gradeId);
    case Kind::AnswerUntouched:
        return QStringLiteral("answer cell '%1' was never touched%2").arg(gradeId, where);
    case Kind::Duplicated: {
        QStringList at;
        for (int i : copies)
            at << QStringLiteral("cells[%1]").arg(i);
        return QStringLiteral("cell '%1' was copied: %2 more time(s) (%3) after cells[%4]%5")
            .arg(gradeId)
            .arg(copies.size())
            .arg(at.join(QLatin1String(", ")))
            .arg(submissionIndex)
            .arg(testCell ? QStringLiteral("; the first is the one graded") : QString());
    }
    }
    return {};
}

namespace {
QString normalized(const QString &source)
{
    static const QRegularExpression trailing(QStringLiteral("[ \\t\\r]+(?=\\n|$)"));
    QString s = source;
    s.replace(trailing, QString());
    return s.trimmed();
}
} // namespace

QList<CellChange> compareWithRelease(const Notebook &release, const Notebook &submission)
{
    QList<CellChange> changes;
    const QList<NbgraderCell> submitted = nbgraderCells(submission);
    for (const NbgraderCell &r : nbgraderCells(release)) {
        if (r.gradeId.isEmpty())
            continue;
        auto it = std::find_if(submitted.begin(), submitted.end(),
                               [&](const NbgraderCell &s) { return s.gradeId == r.gradeId; });
        if (it == submitted.end()) {
            if (r.locked)
                changes.append({CellChange::Kind::Deleted, r.gradeId, -1, {}});
            continue;
        }
        QList<int> copies;
        for (auto c = it + 1; c != submitted.end(); ++c)
            if (c->gradeId == r.gradeId)
                copies << c->index;
        if (!copies.isEmpty()) {
            CellChange dup{CellChange::Kind::Duplicated, r.gradeId, it->index, {}};
            dup.copies = copies;
            dup.testCell = r.isTest();
            changes.append(dup);
        }
        const bool same = normalized(release.cellSource(r.index)) == normalized(submission.cellSource(it->index));
        if (r.solution && same)
            changes.append({CellChange::Kind::AnswerUntouched, r.gradeId, it->index, {}});
        else if (r.isTest() && !same)
            changes.append({CellChange::Kind::TestModified, r.gradeId, it->index, {}});
        else if (r.locked && !same)
            changes.append({CellChange::Kind::LockedModified, r.gradeId, it->index, {}});
    }
    return changes;
}

QStringList changeNotes(const Notebook &release, const Notebook &submission)
{
    QSet<QString> tests;
    for (const NbgraderCell &c : nbgraderCells(release))
        if (c.isTest())
            tests.insert(c.gradeId);
    QStringList notes;
    for (const CellChange &c : compareWithRelease(release, submission)) {
        const bool byInstrument = tests.contains(c.gradeId)
                                  && (c.kind == CellChange::Kind::Deleted || c.kind == CellChange::Kind::Duplicated);
        if (!byInstrument)
            notes << c.describe();
    }
    return notes;
}

} // namespace sandmark
