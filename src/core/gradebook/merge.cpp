// Gradebook::mergeFrom(): joining shard gradebooks (docs/gradebook.md, "Merging").
#include "gradebook/gradebook.h"
#include "util/inputfile.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QVariant>

namespace sandmark {

namespace {

/// A statement of a merge that failed: what it merged, and SQLite's message.
struct MergeFailure
{
    QString what;
    QString sqlError;
};

/// The other gradebook's submissions and runs (with their check results) that this one lacks; a run counts as
/// present when one of the student's has the same times, inputs hash and status. The latest files hash follows
/// the latest run. Inside the merge's transaction, with the other gradebook attached as `other`.
std::optional<MergeFailure> mergeRuns(QSqlDatabase &db, MergeStats &stats)
{
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("INSERT INTO main.submissions(student, files_hash, added_at) "
                               "SELECT o.student, o.files_hash, o.added_at FROM other.submissions o "
                               "WHERE o.student NOT IN (SELECT student FROM main.submissions)")))
        return MergeFailure{QStringLiteral("submissions"), q.lastError().text()};

    QSqlQuery runs(db), exists(db), insert(db), checks(db);
    runs.setForwardOnly(true);
    if (!runs.exec(QStringLiteral("SELECT r.id, s.student, r.started_at, r.finished_at, r.backend, r.environment_key, "
                                  "r.reference_key, r.files_hash, r.inputs_hash, r.status, r.score, r.max_score, r.reasons, r.artifacts, r.notes, "
                                  "r.execution_hash, r.stored_digest, r.inputs_key FROM other.runs r JOIN other.submissions s ON s.id = r.submission_id "
                                  "ORDER BY r.finished_at, r.id")))
        return MergeFailure{QStringLiteral("runs"), runs.lastError().text()};
    exists.prepare(QStringLiteral("SELECT 1 FROM main.runs r JOIN main.submissions s ON s.id = r.submission_id "
                                  "WHERE s.student = ? AND r.started_at = ? AND r.finished_at = ? AND r.inputs_hash = ? "
                                  "AND r.status = ? LIMIT 1"));
    insert.prepare(QStringLiteral("INSERT INTO main.runs(submission_id, started_at, finished_at, backend, environment_key, "
                                  "reference_key, files_hash, inputs_hash, status, score, max_score, reasons, artifacts, notes, execution_hash, "
                                  "stored_digest, inputs_key) SELECT s.id, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM main.submissions s "
                                  "WHERE s.student = ?"));
    checks.prepare(QStringLiteral("INSERT INTO main.check_results(run_id, position, check_id, check_type, outcome, points, "
                                  "max_points, expected, actual, feedback) SELECT ?, position, check_id, check_type, outcome, "
                                  "points, max_points, expected, actual, feedback FROM other.check_results WHERE run_id = ?"));
    while (runs.next()) {
        const QString student = runs.value(1).toString();
        exists.addBindValue(student);
        exists.addBindValue(runs.value(2));
        exists.addBindValue(runs.value(3));
        exists.addBindValue(runs.value(8));
        exists.addBindValue(runs.value(9));
        if (!exists.exec())
            return MergeFailure{QStringLiteral("runs"), exists.lastError().text()};
        if (exists.next()) {
            ++stats.runsPresent;
            continue;
        }
        for (int i = 2; i <= 17; ++i)
            insert.addBindValue(runs.value(i));
        insert.addBindValue(student);
        if (!insert.exec())
            return MergeFailure{QStringLiteral("run of %1").arg(student), insert.lastError().text()};
        const qint64 newId = insert.lastInsertId().toLongLong();
        checks.addBindValue(newId);
        checks.addBindValue(runs.value(0));
        if (!checks.exec())
            return MergeFailure{QStringLiteral("check results of %1").arg(student), checks.lastError().text()};
        ++stats.runsAdded;
    }
    // The latest files hash follows the latest run.
    if (!q.exec(QStringLiteral("UPDATE main.submissions SET files_hash = (SELECT r.files_hash FROM main.runs r WHERE "
                               "r.submission_id = main.submissions.id ORDER BY r.id DESC LIMIT 1) WHERE EXISTS "
                               "(SELECT 1 FROM main.runs r WHERE r.submission_id = main.submissions.id)")))
        return MergeFailure{QStringLiteral("files hash"), q.lastError().text()};
    return std::nullopt;
}

/// What the other gradebook's results were graded under (MergeStats::gradedUnder): each student's latest run, unless
/// it is a grader error (no grade) or its inputs key is unknown (a run before schema 8), by inputs and reference key.
std::optional<MergeFailure> readGradedUnder(QSqlDatabase &db, MergeStats &stats)
{
    QSqlQuery q(db);
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("SELECT r.inputs_key, r.reference_key, count(*), max(r.finished_at) FROM other.runs r "
                               "WHERE r.id IN (SELECT max(id) FROM other.runs GROUP BY submission_id) "
                               "AND r.status <> 'grader-error' AND r.inputs_key <> '' "
                               "GROUP BY r.inputs_key, r.reference_key ORDER BY max(r.finished_at)")))
        return MergeFailure{QStringLiteral("what the results were graded under"), q.lastError().text()};
    while (q.next())
        stats.gradedUnder << MergeStats::GradedUnder{q.value(0).toString(), q.value(1).toString(), q.value(2).toInt(),
                                                     q.value(3).toString()};
    return std::nullopt;
}

/// The other gradebook's overrides that this one lacks (the same student, check, points, comment and time).
std::optional<MergeFailure> mergeOverrides(QSqlDatabase &db, MergeStats &stats)
{
    QSqlQuery overrides(db), exists(db), insert(db);
    overrides.setForwardOnly(true);
    if (!overrides.exec(QStringLiteral("SELECT s.student, o.check_id, o.points, o.comment, o.created_at FROM other.overrides o "
                                       "JOIN other.submissions s ON s.id = o.submission_id ORDER BY o.created_at, o.id")))
        return MergeFailure{QStringLiteral("overrides"), overrides.lastError().text()};
    exists.prepare(QStringLiteral("SELECT 1 FROM main.overrides o JOIN main.submissions s ON s.id = o.submission_id "
                                  "WHERE s.student = ? AND o.check_id = ? AND o.points = ? AND o.comment = ? AND o.created_at = ? LIMIT 1"));
    insert.prepare(QStringLiteral("INSERT INTO main.overrides(submission_id, check_id, points, comment, created_at) "
                                  "SELECT s.id, ?, ?, ?, ? FROM main.submissions s WHERE s.student = ?"));
    while (overrides.next()) {
        for (int i = 0; i < 5; ++i)
            exists.addBindValue(overrides.value(i));
        if (!exists.exec())
            return MergeFailure{QStringLiteral("overrides"), exists.lastError().text()};
        if (exists.next()) {
            ++stats.overridesPresent;
            continue;
        }
        for (int i = 1; i < 5; ++i)
            insert.addBindValue(overrides.value(i));
        insert.addBindValue(overrides.value(0));
        if (!insert.exec())
            return MergeFailure{QStringLiteral("override"), insert.lastError().text()};
        ++stats.overridesAdded;
    }
    return std::nullopt;
}

/// Settled notebook matches: the instructor's decisions, carried like overrides; two different decisions for
/// one notebook are the instructor's to settle again, so the one here stays and the other is reported.
std::optional<MergeFailure> mergeMatches(QSqlDatabase &db, MergeStats &stats)
{
    QSqlQuery matches(db), mine(db), insert(db);
    matches.setForwardOnly(true);
    if (!matches.exec(QStringLiteral("SELECT student, notebook, file, settled_at FROM other.notebook_matches "
                                     "ORDER BY settled_at, student, notebook")))
        return MergeFailure{QStringLiteral("settled matches"), matches.lastError().text()};
    mine.prepare(QStringLiteral("SELECT file FROM main.notebook_matches WHERE student = ? AND notebook = ?"));
    insert.prepare(QStringLiteral("INSERT INTO main.notebook_matches(student, notebook, file, settled_at) VALUES (?, ?, ?, ?)"));
    while (matches.next()) {
        mine.addBindValue(matches.value(0));
        mine.addBindValue(matches.value(1));
        if (!mine.exec())
            return MergeFailure{QStringLiteral("settled matches"), mine.lastError().text()};
        if (mine.next()) {
            const QString kept = mine.value(0).toString();
            if (kept == matches.value(2).toString())
                ++stats.matchesPresent;
            else
                stats.matchConflicts << MatchConflict{matches.value(0).toString(), matches.value(1).toString(), kept,
                                                      matches.value(2).toString()};
            mine.finish();
            continue;
        }
        for (int i = 0; i < 4; ++i)
            insert.addBindValue(matches.value(i));
        if (!insert.exec())
            return MergeFailure{QStringLiteral("settled match"), insert.lastError().text()};
        ++stats.matchesAdded;
    }
    return std::nullopt;
}

/// Review marks: a person's, like overrides; this gradebook's own mark of a student stays (counted as present).
std::optional<MergeFailure> mergeReviews(QSqlDatabase &db, MergeStats &stats)
{
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("SELECT count(*) FROM other.reviews")) || !q.next())
        return MergeFailure{QStringLiteral("review marks"), q.lastError().text()};
    const int marks = q.value(0).toInt();
    q.finish();
    if (!q.exec(QStringLiteral("INSERT OR IGNORE INTO main.reviews(student, reviewed_at, status, score) "
                               "SELECT student, reviewed_at, status, score FROM other.reviews")))
        return MergeFailure{QStringLiteral("review marks"), q.lastError().text()};
    stats.reviewsAdded = q.numRowsAffected();
    stats.reviewsPresent = marks - stats.reviewsAdded;
    return std::nullopt;
}

/// The path to attach to read `otherPath` (schema `version`): the file itself, or an older gradebook's copy in
/// `upgraded` brought to today's schema (its write-ahead log copied with it), so that an input is never changed.
Expected<QString> readablePath(const QString &otherPath, const QFileInfo &fi, int version, const QTemporaryDir &upgraded)
{
    QString attached = fi.absoluteFilePath();
    if (version < Gradebook::schemaVersion) {
        const QString copy = upgraded.filePath(QStringLiteral("input.sqlite"));
        // Copied by SQLite, never by QFile::copy(): a descriptor of the input closed in this process would drop
        // the locks of any connection to it here (Gradebook::connectGradebookFile()), and SQLite's copy holds what
        // the input's write-ahead log holds.
        if (!upgraded.isValid())
            return Error{otherPath, {}, QStringLiteral("cannot copy this older gradebook (schema version %1) to read it: %2")
                                            .arg(version)
                                            .arg(upgraded.errorString())};
        if (Expected<void> copied = Gradebook::copyExisting(attached, copy); !copied)
            return Error{otherPath, {}, QStringLiteral("cannot copy this older gradebook (schema version %1) to read it: %2")
                                            .arg(version)
                                            .arg(copied.error().message)};
        QFile::setPermissions(copy, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        auto other = Gradebook::open(copy);
        if (!other)
            return Error{otherPath, {}, QStringLiteral("cannot read this older gradebook (schema version %1): %2")
                                            .arg(version)
                                            .arg(other.error().message)};
        attached = copy;
    }
    return attached;
}

} // namespace

Expected<MergeStats> Gradebook::mergeFrom(const QString &otherPath)
{
    const QFileInfo fi(otherPath);
    if (!fi.isFile())
        return Error{otherPath, {}, fi.exists() ? notARegularFile(otherPath) : QStringLiteral("no such gradebook")};
    if (fi.canonicalFilePath() == QFileInfo(m_path).canonicalFilePath())
        return Error{otherPath, {}, QStringLiteral("is the output gradebook itself")};
    // Validates the schema (refuses non-gradebooks and newer versions) without writing to the file. An input is
    // never changed: an older one is read through an upgraded copy, so an archived shard or one on read-only
    // media merges too.
    Expected<int> version = Gradebook::checkExisting(fi.absoluteFilePath());
    if (!version)
        return version.error();
    QTemporaryDir upgraded;
    Expected<QString> attached = readablePath(otherPath, fi, *version, upgraded);
    if (!attached)
        return attached.error();
    // An input in a read-only folder (archived, read-only media) is attached read-only (readUri()).
    if (*attached == fi.absoluteFilePath())
        attached = Gradebook::readUri(*attached);
    if (!attached)
        return attached.error();
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    QSqlQuery q(db);
    q.prepare(QStringLiteral("ATTACH DATABASE ? AS other"));
    q.addBindValue(*attached);
    if (!q.exec())
        return sqlError(QStringLiteral("merge"), q.lastError().text());
    struct Detach
    {
        QSqlDatabase db;
        ~Detach() { QSqlQuery(db).exec(QStringLiteral("DETACH DATABASE other")); }
    } detach{db};

    MergeStats stats;
    // IMMEDIATE: SQLite's write lock at once, so another program's lock is waited out for the busy timeout (a
    // deferred transaction that reads, then writes, gets SQLITE_BUSY at once) and, when it is still held, said as
    // busy by sqlError(), as for every other write (exit 3 in the CLI, not 1 with "database is locked").
    if (QSqlQuery begin(db); !begin.exec(QStringLiteral("BEGIN IMMEDIATE")))
        return sqlError(QStringLiteral("merge"), begin.lastError().text());
    for (const auto step : {mergeRuns, mergeOverrides, mergeMatches, mergeReviews, readGradedUnder})
        if (const std::optional<MergeFailure> failed = step(db, stats)) {
            db.rollback();
            return sqlError(QStringLiteral("merge %1: %2").arg(otherPath, failed->what), failed->sqlError);
        }
    if (!db.commit()) {
        const Error e = sqlError(QStringLiteral("merge %1: commit").arg(otherPath), db.lastError().text());
        db.rollback();
        return e;
    }
    return stats;
}

MergeStats &MergeStats::operator+=(const MergeStats &other)
{
    runsAdded += other.runsAdded;
    runsPresent += other.runsPresent;
    overridesAdded += other.overridesAdded;
    overridesPresent += other.overridesPresent;
    matchesAdded += other.matchesAdded;
    matchesPresent += other.matchesPresent;
    matchConflicts += other.matchConflicts;
    reviewsAdded += other.reviewsAdded;
    reviewsPresent += other.reviewsPresent;
    gradedUnder += other.gradedUnder;
    return *this;
}

QStringList matchConflictLines(const MergeStats &stats, const QString &input)
{
    QStringList lines;
    for (const MatchConflict &c : stats.matchConflicts)
        lines << QStringLiteral("%1's %2 is settled as %3 here and as %4 in %5: %3 kept; settle it with "
                                "sandmark-cli match ASSIGNMENT %1 %2 FILE")
                     .arg(c.student, c.notebook, c.kept, c.other, input);
    return lines;
}

QStringList gradedUnderWarnings(const QList<MergeStats> &stats, const QStringList &inputs)
{
    // The newest results: the keys of the latest finished run of all inputs (ISO 8601 UTC sorts as text).
    const MergeStats::GradedUnder *newest = nullptr;
    qsizetype newestInput = -1;
    for (qsizetype i = 0; i < stats.size(); ++i)
        for (const MergeStats::GradedUnder &g : stats[i].gradedUnder)
            if (!newest || g.newestFinished > newest->newestFinished) {
                newest = &g;
                newestInput = i;
            }
    QStringList lines;
    if (!newest)
        return lines;
    for (qsizetype i = 0; i < stats.size(); ++i) {
        int total = 0, differ = 0, otherReference = 0;
        for (const MergeStats::GradedUnder &g : stats[i].gradedUnder) {
            total += g.results;
            if (g.inputsKey == newest->inputsKey)
                continue;
            differ += g.results;
            if (g.referenceKey != newest->referenceKey)
                otherReference += g.results;
        }
        if (differ == 0)
            continue;
        const QString what = otherReference == 0
                                 ? QStringLiteral("other checks or assignment.json settings (the same reference run)")
                                 : QStringLiteral("another version of the assignment (%1 of them with another reference run: "
                                                  "instructor notebook, data files, limits, injected tests or environment)")
                                       .arg(otherReference);
        lines << QStringLiteral("%1: %2 of %3 result(s) were graded under %4 than the newest results (in %5); merged as "
                                "they are: sandmark-cli grade ASSIGNMENT regrades every result graded under other inputs "
                                "than the assignment's current ones (export marks them stale)")
                     .arg(inputs.value(i), QString::number(differ), QString::number(total), what, inputs.value(newestInput));
    }
    return lines;
}

namespace {
/// `ids` for a message: the first few, then how many more.
QString someIds(const QStringList &ids)
{
    constexpr qsizetype shown = 5;
    QString text = ids.mid(0, shown).join(QLatin1String(", "));
    if (ids.size() > shown)
        text += QStringLiteral(" and %1 more").arg(ids.size() - shown);
    return text;
}

/// Refuses gradebooks of different assignments: a gradebook records no slug, so what says whose it is are the
/// checks its results hold. Shards of one assignment share checks, also across an edit of some of them; two
/// gradebooks whose results share no check at all are two assignments' (merged, one table would mix them, and an
/// export would show neither's grades). A gradebook without check results tells nothing and merges with any.
std::optional<Error> differentAssignments(const QList<std::pair<QString, QStringList>> &books)
{
    for (qsizetype i = 0; i < books.size(); ++i)
        for (qsizetype j = 0; j < i; ++j) {
            const auto &[first, firstIds] = books[j];
            const auto &[second, secondIds] = books[i];
            if (firstIds.isEmpty() || secondIds.isEmpty())
                continue;
            bool shared = false;
            for (const QString &id : secondIds)
                shared = shared || firstIds.contains(id);
            if (!shared)
                return Error{second, {}, QStringLiteral("holds the grades of another assignment than %1 (its results are of "
                                                        "the checks %2; those of %1 of the checks %3; none in common): "
                                                        "gradebooks of different assignments are not merged (nothing was "
                                                        "merged)")
                                             .arg(first, someIds(secondIds), someIds(firstIds))};
        }
    return std::nullopt;
}
} // namespace

Expected<QList<MergeStats>> mergeGradebooks(const QString &outPath, const QStringList &inputs)
{
    QList<std::pair<QString, QStringList>> books; // each gradebook of the merge and the checks its results hold
    const QFileInfo outInfo(outPath);
    if (outInfo.isFile() && outInfo.size() > 0) {
        Expected<QStringList> ids = Gradebook::recordedCheckIds(outPath);
        if (!ids)
            return ids.error();
        books.append({outPath, *ids});
    }
    for (const QString &in : inputs) {
        Expected<QStringList> ids = Gradebook::recordedCheckIds(in);
        if (!ids)
            return ids.error();
        books.append({in, *ids});
    }
    if (std::optional<Error> different = differentAssignments(books))
        return *different;
    const QString out = outInfo.absoluteFilePath();
    const bool existed = outInfo.exists();
    // OUT may be new, its folder not: a typo in the folder would otherwise make a tree nobody asked for.
    if (!existed && !QFileInfo(outInfo.absolutePath()).isDir())
        return Error{out, {}, QStringLiteral("its folder %1 does not exist").arg(outInfo.absolutePath())};
    const QString target = existed ? out
                                   : outInfo.absolutePath() + QStringLiteral("/.%1.merging-%2")
                                                                  .arg(outInfo.fileName())
                                                                  .arg(QCoreApplication::applicationPid());
    auto discard = [&] {
        if (!existed)
            Gradebook::removeFiles(target);
    };
    // A batch grading into OUT holds its writers' lock; a merge is refused until the batch ends, as a second batch
    // is, rather than write beside it. Taken on OUT itself (also while a new OUT is built under its temporary name), held
    // until the merged gradebook is in place.
    Expected<std::unique_ptr<QLockFile>> lock = Gradebook::lockForWriting(
        out, QStringLiteral("merge into it when the batch has finished (nothing was merged)"));
    if (!lock)
        return lock.error();
    QList<MergeStats> stats;
    {
        auto gb = Gradebook::open(target);
        if (!gb) {
            Error e = gb.error();
            e.file = out;
            discard();
            return e;
        }
        for (const QString &in : inputs) {
            Expected<MergeStats> s = (*gb)->mergeFrom(in);
            if (!s) {
                Error e = s.error();
                if (e.file == target)
                    e.file = out;
                gb->reset();
                discard();
                return e;
            }
            stats << *s;
        }
    } // closed (WAL checkpointed) before the rename
    if (!existed && !QFile::rename(target, out)) {
        discard();
        return Error{out, {}, QStringLiteral("cannot create it (a file appeared there while merging, or the folder is not writable)")};
    }
    return stats;
}

} // namespace sandmark
