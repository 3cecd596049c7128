#include "notebook/nbgrader.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

#include <cmath>

namespace sandmark {

namespace {
/// nbgrader reads a cell's points with Python's float(): a number, or text holding one ("2"); absent is 0.
void readPoints(const QJsonValue &v, NbgraderCell &c)
{
    bool ok = true;
    if (v.isDouble())
        c.points = v.toDouble();
    else if (v.isString())
        c.points = v.toString().trimmed().toDouble(&ok);
    else
        ok = v.isUndefined() || v.isNull();
    if (!ok || !std::isfinite(c.points) || c.points < 0) {
        c.pointsError = QStringLiteral("%1 is not a number of points")
                            .arg(QString::fromUtf8(QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact)).mid(1).chopped(1).left(40));
        c.points = 0;
    }
}
} // namespace

QList<NbgraderCell> nbgraderCells(const Notebook &notebook)
{
    QList<NbgraderCell> cells;
    for (int i = 0; i < notebook.cellCount(); ++i) {
        const QJsonObject m = notebook.nbgraderMetadata(i);
        if (m.isEmpty())
            continue;
        NbgraderCell c;
        c.index = i;
        c.gradeId = m.value(QLatin1String("grade_id")).toString();
        c.solution = m.value(QLatin1String("solution")).toBool();
        c.grade = m.value(QLatin1String("grade")).toBool();
        c.task = m.value(QLatin1String("task")).toBool();
        readPoints(m.value(QLatin1String("points")), c);
        c.schemaVersion = m.value(QLatin1String("schema_version")).toInt(1);
        // nbgrader/utils.py is_locked(): answer cells never, test cells always, others as marked.
        c.locked = !c.solution && (c.grade || m.value(QLatin1String("locked")).toBool());
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
