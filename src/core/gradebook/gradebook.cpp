#include "gradebook/gradebook.h"

#include "checks/registry.h"

#include "util/paths.h"
#include "util/inputfile.h"
#include "util/json_p.h"

#include <QAtomicInteger>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QLockFile>
#include <QLoggingCategory>
#include <QSqlDatabase>
#include <QSqlError>
#include <QScopeGuard>
#include <QSqlQuery>
#include <QStorageInfo>
#include <QUrl>
#include <QVariant>

#include <algorithm>

#include <cmath>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sandmark {

Q_LOGGING_CATEGORY(lcGradebook, "sandmark.gradebook", QtInfoMsg)

namespace {

const char *const kSchemaV1[] = {
    "CREATE TABLE submissions ("
    "  id INTEGER PRIMARY KEY,"
    "  student TEXT NOT NULL UNIQUE,"
    "  files_hash TEXT NOT NULL,"
    "  added_at TEXT NOT NULL)",
    "CREATE TABLE runs ("
    "  id INTEGER PRIMARY KEY,"
    "  submission_id INTEGER NOT NULL REFERENCES submissions(id),"
    "  started_at TEXT NOT NULL,"
    "  finished_at TEXT NOT NULL,"
    "  backend TEXT NOT NULL,"
    "  environment_key TEXT NOT NULL,"
    "  reference_key TEXT NOT NULL,"
    "  files_hash TEXT NOT NULL,"
    "  inputs_hash TEXT NOT NULL,"
    "  status TEXT NOT NULL,"
    "  score REAL NOT NULL,"
    "  max_score REAL NOT NULL,"
    "  reasons TEXT NOT NULL)", // JSON array of strings
    "CREATE INDEX runs_by_submission ON runs(submission_id, id)",
    "CREATE TABLE check_results ("
    "  run_id INTEGER NOT NULL REFERENCES runs(id),"
    "  position INTEGER NOT NULL,"
    "  check_id TEXT NOT NULL,"
    "  check_type TEXT NOT NULL,"
    "  outcome TEXT NOT NULL,"
    "  points REAL NOT NULL,"
    "  max_points REAL NOT NULL,"
    "  expected TEXT NOT NULL,"
    "  actual TEXT NOT NULL,"
    "  feedback TEXT NOT NULL,"
    "  PRIMARY KEY (run_id, check_id))",
    "CREATE TABLE overrides ("
    "  id INTEGER PRIMARY KEY,"
    "  submission_id INTEGER NOT NULL REFERENCES submissions(id),"
    "  check_id TEXT NOT NULL," // '' = the whole submission
    "  points REAL NOT NULL,"
    "  comment TEXT NOT NULL,"
    "  created_at TEXT NOT NULL)",
    "CREATE INDEX overrides_by_submission ON overrides(submission_id, check_id, id)",
};

QString typeName(Check::Type t)
{
    return checkKind(t).name();
}

/// A name no kind has (a gradebook from a newer Sandmark) reads as the first registered kind, as always.
Check::Type parseType(const QString &s)
{
    const CheckKind *kind = findCheckKind(s);
    return kind ? kind->type() : checkKinds().constFirst()->type();
}

/// SQLite stores a null QString as NULL; the schema's text columns are NOT NULL.
QString text(const QString &s)
{
    return s.isNull() ? QString(QLatin1String("")) : s;
}

QString isoNow()
{
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
}

QDateTime fromIso(const QString &s)
{
    QDateTime d = QDateTime::fromString(s, Qt::ISODateWithMs);
    d.setTimeSpec(Qt::UTC);
    return d;
}

/// A run's reasons or notes: a JSON array of strings ("[]" for most runs, which need no parser). The gradebook
/// is a file anyone may hand over (a shard to merge): text that is not such an array is shown as one entry
/// saying so, never dropped and never a crash.
QStringList parseReasons(const QString &json)
{
    QStringList out;
    if (json.isEmpty() || json == QLatin1String("[]"))
        return out;
    const Expected<nlohmann::json> doc = jsonutil::parse<nlohmann::json>(json.toUtf8(), QString());
    if (!doc || !doc->is_array())
        return {QStringLiteral("the gradebook's reasons or notes for this run are not a JSON list of strings: %1")
                    .arg(json.size() > 200 ? json.left(200) + QStringLiteral("…") : json)};
    for (const nlohmann::json &v : *doc)
        out << (v.is_string() ? QString::fromStdString(v.get<std::string>())
                              : QString::fromStdString(jsonutil::qtCompact(nlohmann::json::array({v}))));
    return out;
}

/// A run's reasons or notes as stored: a compact JSON array of strings, as Qt wrote it (parseReasons() reads it).
QString reasonsJson(const QStringList &texts)
{
    nlohmann::json array = nlohmann::json::array();
    for (const QString &t : texts)
        array.push_back(t.toStdString());
    return QString::fromStdString(jsonutil::qtCompact(array));
}

/// A transaction that rolls back unless committed. A writing one takes SQLite's write lock at its start (BEGIN
/// IMMEDIATE), so another connection's lock is waited out for the busy timeout: a deferred one that reads and then
/// writes gets SQLITE_BUSY at once, without waiting. A reading one (`Read`) is deferred, so it also works read-only.
class Transaction
{
public:
    enum Kind { Write, Read };
    explicit Transaction(QSqlDatabase db, Kind kind = Write) : m_db(std::move(db))
    {
        if (kind == Read) {
            m_ok = m_db.transaction();
            m_error = m_ok ? QString() : m_db.lastError().text();
        } else {
            QSqlQuery begin(m_db);
            m_ok = begin.exec(QStringLiteral("BEGIN IMMEDIATE"));
            m_error = m_ok ? QString() : begin.lastError().text();
        }
    }
    /// Why it did not begin (SQLite's text).
    QString error() const { return m_error; }
    ~Transaction()
    {
        if (m_ok && !m_done)
            m_db.rollback();
    }
    bool begun() const { return m_ok; }
    bool commit()
    {
        m_done = m_db.commit();
        return m_done;
    }

private:
    QSqlDatabase m_db;
    bool m_ok = false, m_done = false;
    QString m_error;
};

} // namespace

std::optional<double> EffectiveGrade::score() const
{
    if (submissionOverride)
        return submissionOverride->points;
    qsizetype graded = 0;
    double sum = 0;
    for (const EffectiveCheck &c : checks) {
        sum += c.points();
        graded += c.override_ || c.result.outcome != Outcome::NotGraded ? 1 : 0;
    }
    return scoreIfGraded(sum, graded, checks.size(), runStatus);
}

std::optional<double> EffectiveGrade::automaticScore() const
{
    const qsizetype graded = std::count_if(checks.cbegin(), checks.cend(),
                                           [](const EffectiveCheck &c) { return c.result.outcome != Outcome::NotGraded; });
    return scoreIfGraded(autoScore, graded, checks.size(), runStatus);
}

std::optional<double> EffectiveGrade::pointsOf(const QStringList &checkIds) const
{
    double total = 0;
    bool any = false;
    for (const EffectiveCheck &c : checks) {
        if (!checkIds.contains(c.result.checkId))
            continue;
        if (!c.override_ && c.result.outcome == Outcome::NotGraded)
            return std::nullopt;
        total += c.points();
        any = true;
    }
    return any ? std::optional<double>(total) : std::nullopt;
}

QStringList EffectiveGrade::awaiting() const
{
    QStringList out;
    if (submissionOverride)
        return out;
    for (const EffectiveCheck &c : checks)
        if (c.awaitsPerson())
            out << c.result.checkId;
    return out;
}

QStringList EffectiveGrade::overrideComments() const
{
    QStringList out;
    if (submissionOverride && !submissionOverride->comment.isEmpty())
        out << submissionOverride->comment;
    for (const EffectiveCheck &c : checks)
        if (c.override_ && !c.override_->comment.isEmpty())
            out << QStringLiteral("%1: %2").arg(c.result.checkId, c.override_->comment);
    return out;
}

QString Gradebook::defaultPath(const QString &assignmentFolder)
{
    return QDir(assignmentFolder).filePath(QStringLiteral(".sandmark/gradebook.sqlite"));
}

namespace {
// lockForWriting()'s refusal, which isBusy() recognises: program, pid, advice.
QString busyText()
{
    return QStringLiteral("another batch is grading into this gradebook (%1, pid %2); %3");
}

/// SQLite's answer when another connection holds the database's lock past the busy timeout.
bool saysLocked(const QString &sqliteMessage)
{
    return sqliteMessage.contains(QLatin1String("database is locked"))
           || sqliteMessage.contains(QLatin1String("database table is locked"));
}

QString lockedText()
{
    return QStringLiteral("another program holds a lock on this gradebook (SQLite: database is locked, still after "
                          "waiting 10 s): close it — a database browser, a sync tool, another Sandmark — and run the "
                          "command again");
}
} // namespace

Expected<std::unique_ptr<QLockFile>> Gradebook::lockForWriting(const QString &path, const QString &advice)
{
    // A different file from the gradebook (`<path>.lock`): taking and releasing it opens and closes no descriptor
    // of the gradebook itself (see connectGradebookFile()). QLockFile removes the lock of a process that died (a
    // SIGKILLed grade).
    QDir().mkpath(QFileInfo(path).absolutePath());
    auto lock = std::make_unique<QLockFile>(path + QLatin1String(".lock"));
    lock->setStaleLockTime(0);
    if (lock->tryLock(0))
        return lock;
    if (lock->error() != QLockFile::LockFailedError)
        return Error{path, {}, QStringLiteral("cannot create the lock file %1.lock").arg(path)};
    qint64 pid = 0;
    QString host, app;
    lock->getLockInfo(&pid, &host, &app);
    return Error{path, {}, busyText().arg(app.isEmpty() ? QStringLiteral("sandmark") : app).arg(pid).arg(advice)};
}

std::optional<Error> Gradebook::inputIsGradebook(const QString &input, const QString &gradebookPath, const QString &expected)
{
    // stat() follows symbolic links and opens nothing: a descriptor of the gradebook opened and closed here would
    // be the very harm this prevents. The same device and inode is the same file, however named.
    struct stat in{};
    if (input.isEmpty() || gradebookPath.isEmpty() || ::stat(QFile::encodeName(input).constData(), &in) != 0)
        return std::nullopt;
    for (const char *suffix : {"", "-wal", "-shm", "-journal"}) {
        struct stat gb{};
        const QString file = gradebookPath + QLatin1String(suffix);
        if (::stat(QFile::encodeName(file).constData(), &gb) == 0 && gb.st_dev == in.st_dev && gb.st_ino == in.st_ino)
            return Error{input, {}, (*suffix ? QStringLiteral("is one of the gradebook's SQLite files (%1), not %2: nothing was read")
                                             : QStringLiteral("is the gradebook (%1), not %2: nothing was read"))
                                        .arg(QDir::toNativeSeparators(file), expected)};
    }
    return std::nullopt;
}

bool Gradebook::isBusy(const Error &error)
{
    // The text up to its first argument is lockForWriting()'s alone.
    static const QString prefix = busyText().left(busyText().indexOf(QLatin1String("%1")));
    return error.location.isEmpty() && (error.message.startsWith(prefix) || error.message == lockedText());
}

Gradebook::Gradebook(QString path, QString connection) : m_path(std::move(path)), m_connection(std::move(connection)) {}

Gradebook::~Gradebook()
{
    m_statements.clear(); // before the connection they belong to
    {
        QSqlDatabase db = QSqlDatabase::database(m_connection, false);
        if (db.isOpen())
            db.close();
    }
    QSqlDatabase::removeDatabase(m_connection);
}

QSqlQuery &Gradebook::prepared(const QString &sql)
{
    std::unique_ptr<QSqlQuery> &q = m_statements[sql];
    if (!q) {
        q = std::make_unique<QSqlQuery>(QSqlDatabase::database(m_connection));
        q->prepare(sql);
    } else {
        q->finish();
    }
    return *q;
}

namespace {
// SQLite's words for a damaged file (SQLITE_CORRUPT, or a cut header): the gradebook is damaged, which no statement
// of Sandmark's can fix, and the user's fix is a backup — never "not a Sandmark gradebook", which invites deleting it.
bool saysDamaged(const QString &sqliteMessage)
{
    return sqliteMessage.contains(QLatin1String("malformed")) || sqliteMessage.contains(QLatin1String("disk image"));
}

QString damagedText(const QString &sqliteMessage)
{
    QString why = sqliteMessage.trimmed();
    // Qt's driver appends its own "Unable to fetch row" / "Unable to execute statement": not the user's concern.
    for (const char *qt : {" Unable to fetch row", " Unable to execute statement", " Unable to execute multiple statements"})
        if (why.endsWith(QLatin1String(qt)))
            why.chop(qsizetype(qstrlen(qt)));
    return QStringLiteral("the gradebook is damaged (%1): restore it from a backup, or move it aside and grade again "
                          "into a new one")
        .arg(why.trimmed());
}
} // namespace

Error Gradebook::sqlError(const QString &place, const QString &message) const
{
    if (saysDamaged(message))
        return Error{m_path, {}, damagedText(message)}; // no internal place: the whole file is the problem
    if (saysLocked(message))
        return Error{m_path, {}, lockedText()}; // busy, not bad: isBusy()
    // SQLite says "disk I/O error" or nothing at all when the disk is full; say what is wrong.
    QString text = message.trimmed();
    if (text.isEmpty())
        text = QStringLiteral("SQLite failed without a message");
    const QStorageInfo storage(QFileInfo(m_path).absolutePath());
    constexpr qint64 lowSpace = 1024 * 1024;
    if (storage.isValid() && storage.bytesAvailable() >= 0 && storage.bytesAvailable() < lowSpace)
        text += QStringLiteral(" (the disk is full: %1 bytes free on %2)").arg(storage.bytesAvailable()).arg(storage.rootPath());
    return Error{m_path, place, text};
}

Expected<void> Gradebook::checkWritable()
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    if (!q.exec(QStringLiteral("BEGIN IMMEDIATE")))
        return sqlError(QStringLiteral("BEGIN IMMEDIATE"), q.lastError().text());
    if (!q.exec(QStringLiteral("ROLLBACK")))
        return sqlError(QStringLiteral("ROLLBACK"), q.lastError().text());
    return {};
}

bool Gradebook::removeFiles(const QString &path)
{
    bool ok = true;
    for (const char *suffix : {"", "-wal", "-shm", "-journal"}) {
        const QString f = path + QLatin1String(suffix);
        if (QFileInfo::exists(f) && !QFile::remove(f))
            ok = false;
    }
    return ok;
}

// The one way Sandmark opens a gradebook file: a SQLite connection made by connectGradebookFile().
//
// SQLite keeps a WAL database's locks as POSIX advisory locks (fcntl), and POSIX locks belong to a process and an
// inode: closing ANY descriptor of the database file in the process drops every lock the process holds on it, the
// locks of its open SQLite connections included. SQLite knows this about its own descriptors (it defers their
// close while a connection of the process holds a lock); a QFile, an ifstream, QFile::copy() or open()/close()
// does not. After such a close another process that opens and closes the gradebook (`sandmark-cli export`, the
// app, a merge) believes it is the last user: it checkpoints, deletes the -wal and -shm files under the
// connection still open here, and this process's later commits go to a deleted file — lost on a SIGKILL, and
// the other's writes are overwritten when this one checkpoints. So no code opens a gradebook file (or its -wal or
// -shm) except through SQLite, whether or not a connection may be open in the process (another thread's, a
// batch's): the header is checked by SQLite itself (SQLITE_NOTADB), a copy is VACUUM INTO. QFileInfo (stat),
// chmod, rename and unlink open nothing and are fine. docs/ARCHITECTURE.md, "gradebook/".
QSqlDatabase Gradebook::connectGradebookFile(const QString &abs, const QString &connection, bool readOnly)
{
    // URIs on (readUri()'s `file:…?mode=ro`, also in ATTACH); an absolute path is a path all the same.
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
    db.setDatabaseName(abs);
    db.setConnectOptions(readOnly ? QStringLiteral("QSQLITE_OPEN_URI;QSQLITE_OPEN_READONLY;QSQLITE_BUSY_TIMEOUT=10000")
                                  : QStringLiteral("QSQLITE_OPEN_URI;QSQLITE_BUSY_TIMEOUT=10000"));
    db.open();
    return db;
}

Expected<QString> Gradebook::readUri(const QString &abs)
{
    const QFileInfo fi(abs);
    const QString folder = fi.absolutePath();
    if (fi.isWritable() && QFileInfo(folder).isWritable())
        return abs;
    QString uri = QUrl::fromLocalFile(abs).toString(QUrl::FullyEncoded);
    if (QFileInfo::exists(abs + QLatin1String("-shm")) || QFileInfo(folder).isWritable())
        return uri + QLatin1String("?mode=ro");
    // A read-only folder without a -shm file: SQLite cannot create the one a read-only WAL connection shares, so it
    // reads the file as immutable — safe while no -wal holds commits (no writer can make one in this folder).
    if (QFileInfo(abs + QLatin1String("-wal")).size() > 0)
        return Error{abs, {}, QStringLiteral("the folder %1 is read-only, and the gradebook's write-ahead log (%2-wal) holds "
                                             "results not yet in the file, which SQLite cannot read without writing beside "
                                             "it: make the folder writable (chmod u+w %1) or copy the folder with its files "
                                             "somewhere writable and pass --gradebook COPY")
                                 .arg(folder, fi.fileName())};
    return uri + QLatin1String("?immutable=1");
}

Expected<std::unique_ptr<Gradebook>> Gradebook::openForReading(const QString &path)
{
    const QFileInfo fi(path);
    const QString abs = fi.absoluteFilePath();
    if (!fi.exists())
        return Error{abs, {}, QStringLiteral("no such gradebook")};
    Expected<QString> uri = readUri(abs);
    if (!uri)
        return uri.error();
    if (*uri == abs)
        return open(abs);
    Expected<int> version = checkExisting(abs); // read-only too (inspect() uses readUri())
    if (!version)
        return version.error();
    if (*version < schemaVersion)
        return Error{abs, {}, QStringLiteral("the folder %1 is read-only, and this gradebook was written by an older Sandmark "
                                             "(schema version %2), which must bring it to version %3 first: make the folder "
                                             "writable (chmod u+w %1), or merge it into a new gradebook elsewhere "
                                             "(sandmark-cli merge NEW.sqlite %4) and pass --gradebook NEW.sqlite")
                                 .arg(fi.absolutePath())
                                 .arg(*version)
                                 .arg(schemaVersion)
                                 .arg(path)};
    static QAtomicInteger<quint64> counter;
    const QString connection = QStringLiteral("sandmark-gradebook-ro-%1").arg(counter.fetchAndAddRelaxed(1));
    std::unique_ptr<Gradebook> gb(new Gradebook(abs, connection));
    QSqlDatabase db = connectGradebookFile(*uri, connection, true);
    if (!db.isOpen())
        return gb->sqlError({}, QStringLiteral("cannot open: %1").arg(db.lastError().text()));
    return gb;
}

Expected<int> Gradebook::checkExisting(const QString &path)
{
    return inspect(path, {});
}

Expected<QStringList> Gradebook::recordedCheckIds(const QString &path)
{
    QStringList ids;
    Expected<int> version = inspect(path, {}, &ids);
    if (!version)
        return version.error();
    return ids;
}

Expected<void> Gradebook::copyExisting(const QString &path, const QString &copy)
{
    Expected<int> version = inspect(path, copy);
    if (!version)
        return version.error();
    return {};
}

Expected<int> Gradebook::inspect(const QString &path, const QString &vacuumInto, QStringList *checkIds)
{
    const QFileInfo fi(path);
    const QString abs = fi.absoluteFilePath();
    if (!fi.isFile())
        return Error{abs, {}, fi.exists() ? notARegularFile(abs) : QStringLiteral("no such gradebook")};
    if (fi.size() == 0)
        return Error{abs, {}, QStringLiteral("not a Sandmark gradebook (an empty file)")};
    static QAtomicInteger<quint64> counter;
    const QString connection = QStringLiteral("sandmark-gradebook-check-%1").arg(counter.fetchAndAddRelaxed(1));
    std::optional<Error> error;
    int version = 0;
    {
        // Read-only only where it must be: a read-only connection to a WAL database creates -wal and -shm files
        // beside it and, unable to checkpoint, leaves them there when it closes. Read-write, the last connection to
        // close removes them; only reads are made either way (VACUUM INTO writes only the copy).
        // Where the folder is read-only as well, SQLite cannot make the -shm file a read-only WAL connection needs:
        // readUri() reads it immutable then, or says why it cannot be read there.
        Expected<QString> uri = readUri(abs);
        if (!uri)
            return uri.error();
        QSqlDatabase db = connectGradebookFile(*uri, connection, *uri != abs);
        if (!db.isOpen()) {
            error = Error{abs, {}, QStringLiteral("cannot open: %1").arg(db.lastError().text())};
        } else {
            // The header is SQLite's to read (see connectGradebookFile()): a file that is not a database is
            // SQLITE_NOTADB (26) at the first statement, and SQLite writes nothing to it.
            QSqlQuery q(db);
            if (!q.exec(QStringLiteral("PRAGMA user_version")) || !q.next())
                error = Error{abs, {}, saysDamaged(q.lastError().text()) || q.lastError().nativeErrorCode() == QLatin1String("11")
                                           ? damagedText(q.lastError().text())
                                       : q.lastError().nativeErrorCode() == QLatin1String("26")
                                           ? QStringLiteral("not a Sandmark gradebook (not an SQLite database)")
                                           : QStringLiteral("not a Sandmark gradebook (%1)").arg(q.lastError().text())};
            else if ((version = q.value(0).toInt()) == 0)
                error = Error{abs, {}, QStringLiteral("not a Sandmark gradebook (no schema version)")};
            else if (version > schemaVersion)
                error = Error{abs, QStringLiteral("schema"),
                              QStringLiteral("written by a newer Sandmark (schema version %1, this one knows %2)")
                                  .arg(version)
                                  .arg(schemaVersion)};
            q.finish();
            if (!error && checkIds) {
                if (!q.exec(QStringLiteral("SELECT DISTINCT check_id FROM check_results ORDER BY check_id")))
                    error = Error{abs, {}, saysDamaged(q.lastError().text()) ? damagedText(q.lastError().text())
                                                                             : q.lastError().text()};
                while (!error && q.next())
                    *checkIds << q.value(0).toString();
                q.finish();
            }
            if (!error && !vacuumInto.isEmpty()) {
                q.prepare(QStringLiteral("VACUUM INTO ?"));
                q.addBindValue(vacuumInto);
                if (!q.exec())
                    error = Error{abs, {}, QStringLiteral("cannot copy it to %1: %2").arg(vacuumInto, q.lastError().text())};
                q.finish();
            }
            db.close();
        }
    }
    QSqlDatabase::removeDatabase(connection);
    if (error)
        return *error;
    return version;
}

Expected<std::unique_ptr<Gradebook>> Gradebook::open(const QString &path)
{
    static QAtomicInteger<quint64> counter;
    const QString abs = QFileInfo(path).absoluteFilePath();
    if (!QDir().mkpath(QFileInfo(abs).absolutePath()))
        return Error{abs, {}, QStringLiteral("cannot create the folder %1").arg(QFileInfo(abs).absolutePath())};
    const QString connection = QStringLiteral("sandmark-gradebook-%1").arg(counter.fetchAndAddRelaxed(1));
    const bool existed = QFileInfo::exists(abs);
    // Another program's SQLite file (or one from a newer Sandmark) is refused before anything is set on it: the
    // journal mode below would change the file.
    if (existed && QFileInfo(abs).size() > 0)
        if (Expected<int> version = checkExisting(abs); !version)
            return version.error();
    std::unique_ptr<Gradebook> gb(new Gradebook(abs, connection));
    // A gradebook this call creates is removed again when it cannot be set up (a full disk, say): no 0-byte or
    // 4 KB file that later looks like a broken gradebook.
    auto failed = [&](Error e) -> Error {
        if (!existed) {
            gb.reset(); // closes the connection first
            removeFiles(abs);
        }
        // SQLite's words for a folder it cannot write ("unable to open database file", "attempt to write a readonly
        // database") name neither the folder nor the cause: a read-only file system or folder, a full disk is said
        // as such (the CLI exits 3 on it, the machine's problem). Looked at only after a failure.
        if (!isBusy(e))
            if (Expected<void> writable = paths::checkWritableFolder(QFileInfo(abs).absolutePath()); !writable)
                return Error{abs, {}, writable.error().message};
        return e;
    };
    {
        QSqlDatabase db = connectGradebookFile(abs, connection, false);
        if (!db.isOpen())
            return failed(gb->sqlError({}, QStringLiteral("cannot open: %1").arg(db.lastError().text())));
        QSqlQuery q(db);
        for (const char *pragma : {"PRAGMA journal_mode=WAL", "PRAGMA synchronous=FULL", "PRAGMA foreign_keys=ON"})
            if (!q.exec(QLatin1String(pragma)))
                return failed(gb->sqlError(QLatin1String(pragma), q.lastError().text()));
    }
    if (auto m = gb->migrate(); !m)
        return failed(m.error());
    // Grades are private to the grading user, also in a gradebook an older version wrote 0644. SQLite gives
    // the -wal and -shm files the database's mode, so they follow. Our own `.sandmark` folder is closed too;
    // a folder the user chose (--gradebook /tmp/x.sqlite) is left as it is.
    for (const char *suffix : {"", "-wal", "-shm"})
        paths::makePrivateFile(abs + QLatin1String(suffix));
    if (QFileInfo(QFileInfo(abs).absolutePath()).fileName() == QLatin1String(".sandmark"))
        (void)paths::makePrivateFolder(QFileInfo(abs).absolutePath());
    return gb;
}

Expected<void> Gradebook::migrate()
{
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("PRAGMA user_version")) || !q.next())
        return sqlError(QStringLiteral("PRAGMA user_version"), q.lastError().text().isEmpty() ? QStringLiteral("not an SQLite database") : q.lastError().text());
    const int version = q.value(0).toInt();
    if (version == schemaVersion)
        return {};
    if (version > schemaVersion)
        return sqlError(QStringLiteral("schema"), QStringLiteral("written by a newer Sandmark (schema version %1, this one knows %2)")
                                                      .arg(version)
                                                      .arg(schemaVersion));
    if (!q.exec(QStringLiteral("SELECT count(*) FROM sqlite_master")) || !q.next())
        return sqlError(QStringLiteral("schema"), q.lastError().text());
    if (version == 0 && q.value(0).toInt() > 0)
        return sqlError(QStringLiteral("schema"), QStringLiteral("not a Sandmark gradebook (it has tables but no schema version)"));
    Transaction t(db);
    if (!t.begun())
        return sqlError(QStringLiteral("schema"), t.error());
    if (version == 0)
        for (const char *stmt : kSchemaV1)
            if (!q.exec(QLatin1String(stmt)))
                return sqlError(QStringLiteral("schema"), q.lastError().text());
    // Version 2: each run remembers its run folder's artifacts (executed notebook, record) for feedback pages.
    if (version <= 1 && !q.exec(QStringLiteral("ALTER TABLE runs ADD COLUMN artifacts TEXT NOT NULL DEFAULT ''")))
        return sqlError(QStringLiteral("schema"), q.lastError().text());
    // Version 3: each run keeps its notes (what was noticed without changing the status), a JSON array of strings.
    if (version <= 2 && !q.exec(QStringLiteral("ALTER TABLE runs ADD COLUMN notes TEXT NOT NULL DEFAULT '[]'")))
        return sqlError(QStringLiteral("schema"), q.lastError().text());
    // Version 4: an instructor's settled notebook matches of problem-set submissions (settleMatch()), kept by
    // student and instructor notebook, so `grade --force` and a changed file keep the choice.
    if (version <= 3 && !q.exec(QStringLiteral("CREATE TABLE IF NOT EXISTS notebook_matches ("
                                               "  student TEXT NOT NULL,"
                                               "  notebook TEXT NOT NULL,"
                                               "  file TEXT NOT NULL,"
                                               "  settled_at TEXT NOT NULL,"
                                               "  PRIMARY KEY (student, notebook))")))
        return sqlError(QStringLiteral("schema"), q.lastError().text());
    // Version 5: each run keeps the hash of what its execution depended on (RunRecord::executionHash), so a change
    // of the checks' grading alone regrades from the stored payload without running (docs/grading.md).
    if (version <= 4 && !q.exec(QStringLiteral("ALTER TABLE runs ADD COLUMN execution_hash TEXT NOT NULL DEFAULT ''")))
        return sqlError(QStringLiteral("schema"), q.lastError().text());
    // Version 6: each run keeps the digest of the payload and record it stored (RunRecord::storedDigest): a regrade
    // trusts its run folder, a cache on disk, only while they are unchanged.
    if (version <= 5 && !q.exec(QStringLiteral("ALTER TABLE runs ADD COLUMN stored_digest TEXT NOT NULL DEFAULT ''")))
        return sqlError(QStringLiteral("schema"), q.lastError().text());
    // Version 7: a person's review marks (setReviewed()), by student, with the grade they saw.
    if (version <= 6 && !q.exec(QStringLiteral("CREATE TABLE IF NOT EXISTS reviews ("
                                               "  student TEXT PRIMARY KEY,"
                                               "  reviewed_at TEXT NOT NULL,"
                                               "  status TEXT NOT NULL,"
                                               "  score REAL)"))) // NULL: nothing was graded
        return sqlError(QStringLiteral("schema"), q.lastError().text());
    // Version 8: each run keeps the assignment inputs key it was graded under (RunRecord::inputsKey), which a merge
    // compares across shards; its inputs_hash mixes it with the student's files.
    if (version <= 7 && !q.exec(QStringLiteral("ALTER TABLE runs ADD COLUMN inputs_key TEXT NOT NULL DEFAULT ''")))
        return sqlError(QStringLiteral("schema"), q.lastError().text());
    if (!q.exec(QStringLiteral("PRAGMA user_version = %1").arg(schemaVersion)) || !t.commit())
        return sqlError(QStringLiteral("schema"), q.lastError().text());
    qCDebug(lcGradebook) << (version == 0 ? "created gradebook" : "migrated gradebook") << m_path << "to version" << schemaVersion;
    return {};
}

Expected<void> Gradebook::settleMatch(const QString &studentId, const QString &notebook, const QString &file)
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    if (file.isEmpty()) {
        q.prepare(QStringLiteral("DELETE FROM notebook_matches WHERE student = ? AND notebook = ?"));
        q.addBindValue(studentId);
        q.addBindValue(notebook);
    } else {
        q.prepare(QStringLiteral("INSERT OR REPLACE INTO notebook_matches (student, notebook, file, settled_at) "
                                 "VALUES (?, ?, ?, ?)"));
        q.addBindValue(studentId);
        q.addBindValue(notebook);
        q.addBindValue(file);
        q.addBindValue(QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    }
    if (!q.exec())
        return sqlError(QStringLiteral("notebook_matches"), q.lastError().text());
    return {};
}

Expected<QMap<QString, QString>> Gradebook::settledMatches(const QString &studentId)
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(QStringLiteral("SELECT notebook, file FROM notebook_matches WHERE student = ?"));
    q.addBindValue(studentId);
    if (!q.exec())
        return sqlError(QStringLiteral("notebook_matches"), q.lastError().text());
    QMap<QString, QString> out;
    while (q.next())
        out.insert(q.value(0).toString(), q.value(1).toString());
    return out;
}

Expected<qint64> Gradebook::recordRun(const RunRecord &run)
{
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    Transaction t(db);
    if (!t.begun())
        return sqlError(QStringLiteral("recordRun"), t.error());
    Expected<qint64> id = insertRun(run);
    if (!id)
        return id;
    if (!t.commit())
        return sqlError(QStringLiteral("recordRun(%1): commit").arg(run.studentId), db.lastError().text());
    return id;
}

Expected<QList<qint64>> Gradebook::recordRuns(const QList<RunRecord> &runs)
{
    QList<qint64> ids;
    if (runs.isEmpty())
        return ids;
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    Transaction t(db);
    if (!t.begun())
        return sqlError(QStringLiteral("recordRuns"), t.error());
    for (const RunRecord &run : runs) {
        Expected<qint64> id = insertRun(run);
        if (!id)
            return id.error();
        ids << *id;
    }
    if (!t.commit())
        return sqlError(QStringLiteral("recordRuns: commit"), db.lastError().text());
    return ids;
}

Expected<qint64> Gradebook::insertRun(const RunRecord &run)
{
    // One statement per step, each prepared once per gradebook (prepared()): a batch records thousands of runs.
    QSqlQuery *q = nullptr;
    const auto release = qScopeGuard([&q] {
        if (q)
            q->finish();
    });
    auto fail = [&](const QString &what) -> Error {
        return sqlError(QStringLiteral("recordRun(%1): %2").arg(run.studentId, what), q->lastError().text());
    };
    auto step = [&](const QString &sql) -> QSqlQuery & {
        if (q)
            q->finish();
        q = &prepared(sql);
        return *q;
    };
    step(QStringLiteral("INSERT INTO submissions(student, files_hash, added_at) VALUES(?, ?, ?) "
                        "ON CONFLICT(student) DO UPDATE SET files_hash = excluded.files_hash"));
    q->addBindValue(text(run.studentId));
    q->addBindValue(text(run.filesHash));
    q->addBindValue(isoNow());
    if (!q->exec())
        return fail(QStringLiteral("submission"));
    step(QStringLiteral("SELECT id FROM submissions WHERE student = ?"));
    q->addBindValue(text(run.studentId));
    if (!q->exec() || !q->next())
        return fail(QStringLiteral("submission id"));
    const qint64 submissionId = q->value(0).toLongLong();

    const GradeResult &r = run.result;
    QSqlQuery &ins = step(QStringLiteral("INSERT INTO runs(submission_id, started_at, finished_at, backend, environment_key, "
                                         "reference_key, files_hash, inputs_hash, status, score, max_score, reasons, artifacts, notes, "
                                         "execution_hash, stored_digest, inputs_key) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    ins.addBindValue(submissionId);
    ins.addBindValue(run.started.toUTC().toString(Qt::ISODateWithMs));
    ins.addBindValue(run.finished.toUTC().toString(Qt::ISODateWithMs));
    ins.addBindValue(text(run.backend));
    ins.addBindValue(text(run.environmentKey));
    ins.addBindValue(text(run.referenceKey));
    ins.addBindValue(text(run.filesHash));
    ins.addBindValue(text(run.inputsHash));
    ins.addBindValue(gradeStatusName(r.status));
    ins.addBindValue(r.score);
    ins.addBindValue(r.maxScore);
    ins.addBindValue(reasonsJson(r.reasons));
    ins.addBindValue(text(run.artifacts));
    ins.addBindValue(reasonsJson(r.notes));
    ins.addBindValue(text(run.executionHash));
    ins.addBindValue(text(run.storedDigest));
    ins.addBindValue(text(run.inputsKey));
    if (!ins.exec())
        return fail(QStringLiteral("run"));
    const qint64 runId = ins.lastInsertId().toLongLong();

    QSqlQuery &check = step(QStringLiteral("INSERT INTO check_results(run_id, position, check_id, check_type, outcome, "
                                           "points, max_points, expected, actual, feedback) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    for (qsizetype i = 0; i < r.checks.size(); ++i) {
        const CheckResult &c = r.checks[i];
        check.addBindValue(runId);
        check.addBindValue(int(i));
        check.addBindValue(text(c.checkId));
        check.addBindValue(typeName(c.type));
        check.addBindValue(outcomeName(c.outcome));
        check.addBindValue(c.points);
        check.addBindValue(c.maxPoints);
        check.addBindValue(text(c.expected));
        check.addBindValue(text(c.actual));
        check.addBindValue(text(c.feedback));
        if (!check.exec())
            return fail(QStringLiteral("check %1").arg(c.checkId));
    }
    return runId;
}

Expected<std::pair<qint64, qint64>> Gradebook::submissionIds(QSqlQuery &q, const QString &studentId, const QString &place) const
{
    q.prepare(QStringLiteral("SELECT s.id, (SELECT max(r.id) FROM runs r WHERE r.submission_id = s.id) "
                             "FROM submissions s WHERE s.student = ?"));
    q.addBindValue(studentId);
    if (!q.exec())
        return sqlError(place, q.lastError().text());
    if (!q.next())
        return Error{m_path, place, QStringLiteral("no submission for student '%1'").arg(studentId)};
    return std::pair<qint64, qint64>{q.value(0).toLongLong(), q.value(1).toLongLong()};
}

Expected<void> Gradebook::insertOverride(const QString &studentId, const Override &override_, const QString &place)
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    const auto ids = submissionIds(q, studentId, place);
    if (!ids)
        return ids.error();
    const auto [submissionId, runId] = *ids;
    if (!override_.checkId.isEmpty()) {
        q.prepare(QStringLiteral("SELECT 1 FROM check_results WHERE run_id = ? AND check_id = ?"));
        q.addBindValue(runId);
        q.addBindValue(text(override_.checkId));
        if (!q.exec() || !q.next())
            return Error{m_path, place,
                         QStringLiteral("student '%1' has no check '%2' in the latest run").arg(studentId, override_.checkId)};
    }
    q.prepare(QStringLiteral("INSERT INTO overrides(submission_id, check_id, points, comment, created_at) VALUES(?, ?, ?, ?, ?)"));
    q.addBindValue(submissionId);
    q.addBindValue(text(override_.checkId));
    q.addBindValue(override_.points);
    q.addBindValue(text(override_.comment));
    q.addBindValue(override_.when.isValid() ? override_.when.toUTC().toString(Qt::ISODateWithMs) : isoNow());
    if (!q.exec())
        return sqlError(place, q.lastError().text());
    return {};
}

bool Review::holds(GradeStatus current, const std::optional<double> &currentScore) const
{
    if (current != status || currentScore.has_value() != score.has_value())
        return false;
    return !score || std::abs(*score - *currentScore) <= 1e-9;
}

Expected<void> Gradebook::setReviewed(const QStringList &studentIds, bool reviewed)
{
    const QString place = QStringLiteral("review");
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    Transaction t(db);
    if (!t.begun())
        return sqlError(place, t.error());
    QSqlQuery q(db);
    for (const QString &student : studentIds) {
        auto grades = effectiveGradesWhere(QStringLiteral("s.student = ?"), {student});
        if (!grades)
            return grades.error();
        if (grades->isEmpty())
            return Error{m_path, place, QStringLiteral("%1 has no run: grade it first").arg(student)};
        const EffectiveGrade &g = grades->constFirst();
        if (reviewed) {
            q.prepare(QStringLiteral("INSERT OR REPLACE INTO reviews(student, reviewed_at, status, score) VALUES(?, ?, ?, ?)"));
            const std::optional<double> score = g.score();
            q.addBindValue(student);
            q.addBindValue(isoNow());
            q.addBindValue(gradeStatusName(g.status));
            q.addBindValue(score ? QVariant(*score) : QVariant(QMetaType::fromType<double>()));
        } else {
            q.prepare(QStringLiteral("DELETE FROM reviews WHERE student = ?"));
            q.addBindValue(student);
        }
        if (!q.exec())
            return sqlError(place, q.lastError().text());
    }
    if (!t.commit())
        return sqlError(place, db.lastError().text());
    return {};
}

Expected<void> Gradebook::addOverride(const QString &studentId, const Override &override_)
{
    return addOverrides({{studentId, override_, QStringLiteral("override")}});
}

Expected<void> Gradebook::addOverrides(const QList<OverrideRequest> &requests)
{
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    Transaction t(db);
    if (!t.begun())
        return sqlError(QStringLiteral("override"), t.error());
    for (const OverrideRequest &r : requests)
        if (auto ok = insertOverride(r.studentId, r.override_, r.source.isEmpty() ? QStringLiteral("override") : r.source); !ok)
            return ok.error(); // the Transaction rolls back every insert of this batch
    if (!t.commit())
        return sqlError(QStringLiteral("override"), db.lastError().text());
    return {};
}

Expected<int> Gradebook::removeOverrides(const QString &studentId, const QString &checkId)
{
    const QString place = QStringLiteral("override");
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    Transaction t(db);
    if (!t.begun())
        return sqlError(place, t.error());
    QSqlQuery q(db);
    const auto ids = submissionIds(q, studentId, place);
    if (!ids)
        return ids.error();
    const qint64 submissionId = ids->first;
    q.prepare(QStringLiteral("DELETE FROM overrides WHERE submission_id = ? AND check_id = ?"));
    q.addBindValue(submissionId);
    q.addBindValue(text(checkId));
    if (!q.exec())
        return sqlError(place, q.lastError().text());
    const int removed = q.numRowsAffected();
    if (!t.commit())
        return sqlError(place, db.lastError().text());
    return removed;
}

bool LatestRuns::needsRerun(const QString &inputsHash, const QString &backend) const
{
    // A later grader error does not hide a completed run with the same inputs: the grade stands, but the latest
    // attempt failed, so rerun.
    if (!completed || lastFailed)
        return true;
    // Another sandbox's result is not this one's: the user chose the backend (an empty one: nothing ran).
    if (!backend.isEmpty() && !completed->backend.isEmpty() && completed->backend != backend)
        return true;
    return completed->inputsHash != inputsHash;
}

std::optional<StoredRun> LatestRuns::reusable(const QString &backend) const
{
    if (!completed || lastFailed || completed->backend.isEmpty() || completed->artifacts.isEmpty()
        || (!backend.isEmpty() && completed->backend != backend))
        return std::nullopt;
    return completed;
}

Expected<QHash<QString, LatestRuns>> Gradebook::queryLatestRuns(const QString &studentId)
{
    // Per submission: its latest completed run (the index runs_by_submission serves both subqueries) and the status
    // of its latest run of all.
    const QString sql = QStringLiteral(
        "SELECT s.student, r.id, r.inputs_hash, r.execution_hash, r.backend, r.environment_key, r.reference_key, "
        "r.files_hash, r.artifacts, r.started_at, r.finished_at, r.stored_digest, "
        "(SELECT l.status FROM runs l WHERE l.submission_id = s.id ORDER BY l.id DESC LIMIT 1) "
        "FROM submissions s LEFT JOIN runs r ON r.id = (SELECT max(c.id) FROM runs c WHERE c.submission_id = s.id "
        "AND c.status IN ('graded', 'needs-manual', 'needs-review'))%1")
                            .arg(studentId.isNull() ? QString() : QStringLiteral(" WHERE s.student = ?"));
    QSqlQuery &q = prepared(sql);
    const auto release = qScopeGuard([&q] { q.finish(); }); // a statement left active would hold a read snapshot
    if (!studentId.isNull())
        q.addBindValue(studentId);
    if (!q.exec())
        return sqlError(QStringLiteral("latest runs"), q.lastError().text());
    QHash<QString, LatestRuns> out;
    while (q.next()) {
        LatestRuns &l = out[q.value(0).toString()];
        l.lastFailed = q.value(12).toString() == QLatin1String("grader-error");
        if (q.value(1).isNull())
            continue;
        StoredRun run;
        run.runId = q.value(1).toLongLong();
        run.inputsHash = q.value(2).toString();
        run.executionHash = q.value(3).toString();
        run.backend = q.value(4).toString();
        run.environmentKey = q.value(5).toString();
        run.referenceKey = q.value(6).toString();
        run.filesHash = q.value(7).toString();
        run.artifacts = q.value(8).toString();
        run.started = fromIso(q.value(9).toString());
        run.finished = fromIso(q.value(10).toString());
        run.storedDigest = q.value(11).toString();
        l.completed = std::move(run);
    }
    return out;
}

Expected<QHash<QString, LatestRuns>> Gradebook::latestRuns()
{
    return queryLatestRuns(QString());
}

Expected<bool> Gradebook::needsRerun(const QString &studentId, const QString &inputsHash, const QString &backend)
{
    const Expected<QHash<QString, LatestRuns>> l = queryLatestRuns(studentId);
    if (!l)
        return l.error();
    return l->value(studentId).needsRerun(inputsHash, backend);
}

Expected<std::optional<StoredRun>> Gradebook::reusableRun(const QString &studentId, const QString &backend)
{
    const Expected<QHash<QString, LatestRuns>> l = queryLatestRuns(studentId);
    if (!l)
        return l.error();
    return l->value(studentId).reusable(backend);
}

Expected<QList<EffectiveGrade>> Gradebook::effectiveGrades()
{
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    // One read transaction: a consistent snapshot even while another process writes.
    Transaction t(db, Transaction::Read);
    return effectiveGradesWhere(QStringLiteral("1"), {});
}

Expected<std::optional<EffectiveGrade>> Gradebook::effectiveGrade(const QString &studentId)
{
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    Transaction t(db, Transaction::Read);
    auto grades = effectiveGradesWhere(QStringLiteral("s.student = ?"), {studentId});
    if (!grades)
        return grades.error();
    if (grades->isEmpty())
        return std::optional<EffectiveGrade>();
    return std::optional<EffectiveGrade>(grades->constFirst());
}

Expected<QList<EffectiveGrade>> Gradebook::effectiveGradesWhere(const QString &where, const QVariantList &binds)
{
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    QSqlQuery q(db);
    q.setForwardOnly(true);
    auto exec = [&](const QString &sql) {
        q.prepare(sql);
        for (const QVariant &b : binds)
            q.addBindValue(b);
        return q.exec();
    };
    if (!exec(QStringLiteral("SELECT s.id, s.student, r.id, r.started_at, r.finished_at, r.backend, r.status, r.score, "
                             "r.max_score, r.reasons, r.artifacts, r.files_hash, r.inputs_hash, r.environment_key, r.notes, "
                             "r.reference_key FROM submissions s JOIN runs r ON r.id = "
                             "(SELECT max(id) FROM runs WHERE submission_id = s.id) WHERE %1 ORDER BY s.student").arg(where)))
        return sqlError(QStringLiteral("effectiveGrades"), q.lastError().text());
    QList<EffectiveGrade> out;
    QHash<qint64, qsizetype> byRun, bySubmission;
    while (q.next()) {
        EffectiveGrade g;
        g.studentId = q.value(1).toString();
        g.runId = q.value(2).toLongLong();
        g.started = fromIso(q.value(3).toString());
        g.finished = fromIso(q.value(4).toString());
        g.backend = q.value(5).toString();
        g.runStatus = parseGradeStatus(q.value(6).toString()).value_or(GradeStatus::GraderError);
        g.status = g.runStatus;
        g.autoScore = q.value(7).toDouble();
        g.maxScore = q.value(8).toDouble();
        g.reasons = parseReasons(q.value(9).toString());
        g.artifacts = q.value(10).toString();
        g.filesHash = q.value(11).toString();
        g.inputsHash = q.value(12).toString();
        g.environmentKey = q.value(13).toString();
        g.notes = parseReasons(q.value(14).toString());
        g.referenceKey = q.value(15).toString();
        byRun.insert(g.runId, out.size());
        bySubmission.insert(q.value(0).toLongLong(), out.size());
        out << g;
    }
    if (out.isEmpty())
        return out;
    if (!exec(QStringLiteral("SELECT c.run_id, c.check_id, c.check_type, c.outcome, c.points, c.max_points, c.expected, "
                             "c.actual, c.feedback FROM check_results c JOIN runs r ON r.id = c.run_id JOIN submissions s "
                             "ON s.id = r.submission_id WHERE r.id = (SELECT max(id) FROM runs WHERE submission_id = "
                             "r.submission_id) AND %1 ORDER BY c.run_id, c.position").arg(where)))
        return sqlError(QStringLiteral("effectiveGrades"), q.lastError().text());
    while (q.next()) {
        auto it = byRun.constFind(q.value(0).toLongLong());
        if (it == byRun.constEnd())
            continue;
        EffectiveCheck c;
        c.result.checkId = q.value(1).toString();
        c.result.type = parseType(q.value(2).toString());
        c.result.outcome = parseOutcome(q.value(3).toString()).value_or(Outcome::NotGraded);
        c.result.points = q.value(4).toDouble();
        c.result.maxPoints = q.value(5).toDouble();
        c.result.expected = q.value(6).toString();
        c.result.actual = q.value(7).toString();
        c.result.feedback = q.value(8).toString();
        out[*it].checks << c;
    }
    // Overrides in creation order: the latest one per (submission, check) wins.
    if (!exec(QStringLiteral("SELECT o.submission_id, o.check_id, o.points, o.comment, o.created_at FROM overrides o "
                             "JOIN submissions s ON s.id = o.submission_id WHERE %1 ORDER BY o.id").arg(where)))
        return sqlError(QStringLiteral("effectiveGrades"), q.lastError().text());
    while (q.next()) {
        auto it = bySubmission.constFind(q.value(0).toLongLong());
        if (it == bySubmission.constEnd())
            continue;
        Override o{q.value(1).toString(), q.value(2).toDouble(), q.value(3).toString(), fromIso(q.value(4).toString())};
        EffectiveGrade &g = out[*it];
        if (o.checkId.isEmpty()) {
            // A person set the whole submission's grade: it has been reviewed, whatever the run needed.
            g.submissionOverride = o;
            g.status = GradeStatus::Graded;
            continue;
        }
        for (EffectiveCheck &c : g.checks)
            if (c.result.checkId == o.checkId)
                c.override_ = o;
    }
    // Answers graded by hand settle `needs-manual`; a run recorded as `graded` by an older Sandmark, whose manual
    // answers still wait, is `needs-manual` too.
    for (EffectiveGrade &g : out)
        if (!g.submissionOverride)
            g.status = withManualChecks(g.runStatus, g.awaiting().size());
    auto reviews = readReviews(QStringLiteral(" JOIN submissions s ON s.student = v.student WHERE %1").arg(where), binds);
    if (!reviews)
        return reviews.error();
    for (EffectiveGrade &g : out)
        if (const auto it = reviews->constFind(g.studentId); it != reviews->constEnd())
            g.review = *it;
    return out;
}

Expected<QHash<QString, Review>> Gradebook::readReviews(const QString &joinWhere, const QVariantList &binds)
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT v.student, v.reviewed_at, v.status, v.score FROM reviews v") + joinWhere);
    for (const QVariant &b : binds)
        q.addBindValue(b);
    if (!q.exec())
        return sqlError(QStringLiteral("reviews"), q.lastError().text());
    QHash<QString, Review> out;
    while (q.next()) {
        Review r;
        r.when = fromIso(q.value(1).toString());
        r.status = parseGradeStatus(q.value(2).toString()).value_or(GradeStatus::GraderError);
        if (!q.value(3).isNull())
            r.score = q.value(3).toDouble();
        out.insert(q.value(0).toString(), r);
    }
    return out;
}

Expected<QList<GradeSummary>> Gradebook::gradeSummaries()
{
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    Transaction t(db); // one snapshot for both queries
    QSqlQuery q(db);
    q.setForwardOnly(true);
    // Durations by SQLite's julianday() (it reads the ISO 8601 text with its 'Z'), rounded to milliseconds.
    if (!q.exec(QStringLiteral("SELECT s.student, r.id, r.status, r.reasons, r.backend, "
                               "round((julianday(r.finished_at) - julianday(r.started_at)) * 86400000.0) / 1000.0, "
                               "r.artifacts, r.max_score, "
                               "(SELECT total(c.points) FROM check_results c WHERE c.run_id = r.id), "
                               "(SELECT count(*) FROM check_results c WHERE c.run_id = r.id AND c.outcome <> 'not-graded'), "
                               "(SELECT count(*) FROM check_results c WHERE c.run_id = r.id), "
                               "EXISTS (SELECT 1 FROM overrides o WHERE o.submission_id = s.id), "
                               "r.files_hash, r.inputs_hash, r.environment_key, "
                               // awaitsPerson() in SQL: manual checks without an outcome, in check order
                               "(SELECT group_concat(a.check_id, char(31)) FROM (SELECT c.check_id FROM check_results c "
                               "WHERE c.run_id = r.id AND c.check_type = 'manual' AND c.outcome = 'not-graded' "
                               "ORDER BY c.position) a) "
                               "FROM submissions s JOIN runs r ON r.id = (SELECT max(id) FROM runs WHERE submission_id = s.id) "
                               "ORDER BY s.student")))
        return sqlError(QStringLiteral("gradeSummaries"), q.lastError().text());
    QList<GradeSummary> out;
    QHash<QString, qsizetype> overridden; // student → index: computed from their effective grades below
    while (q.next()) {
        GradeSummary g;
        g.studentId = q.value(0).toString();
        g.runId = q.value(1).toLongLong();
        g.status = parseGradeStatus(q.value(2).toString()).value_or(GradeStatus::GraderError);
        g.runStatus = g.status;
        g.reasons = parseReasons(q.value(3).toString());
        g.backend = q.value(4).toString();
        g.durationS = q.value(5).toDouble();
        g.artifacts = q.value(6).toString();
        g.maxScore = q.value(7).toDouble();
        g.score = scoreIfGraded(q.value(8).toDouble(), q.value(9).toLongLong(), q.value(10).toLongLong(), g.runStatus);
        g.filesHash = q.value(12).toString();
        g.inputsHash = q.value(13).toString();
        g.environmentKey = q.value(14).toString();
        if (const QString awaiting = q.value(15).toString(); !awaiting.isEmpty())
            g.awaiting = awaiting.split(QChar(31));
        g.status = withManualChecks(g.runStatus, g.awaiting.size());
        if (q.value(11).toBool())
            overridden.insert(g.studentId, out.size());
        out << g;
    }
    auto reviews = readReviews({}, {});
    if (!reviews)
        return reviews.error();
    if (!reviews->isEmpty())
        for (GradeSummary &g : out)
            if (const auto it = reviews->constFind(g.studentId); it != reviews->constEnd())
                g.review = *it;
    if (overridden.isEmpty())
        return out;
    // Few submissions have overrides: the same rules as effectiveGrades() for those, from their own rows.
    auto grades = effectiveGradesWhere(QStringLiteral("s.id IN (SELECT submission_id FROM overrides)"), {});
    if (!grades)
        return grades.error();
    for (const EffectiveGrade &g : std::as_const(*grades))
        if (const auto it = overridden.constFind(g.studentId); it != overridden.constEnd()) {
            const GradeSummary fromGrade = summaryOf(g);
            out[*it].score = fromGrade.score;
            out[*it].overridden = fromGrade.overridden;
            out[*it].status = fromGrade.status;
            out[*it].awaiting = fromGrade.awaiting;
        }
    return out;
}

EffectiveGrade withResult(EffectiveGrade grade, const GradeResult &result)
{
    grade.runStatus = result.status;
    grade.autoScore = result.score;
    grade.maxScore = result.maxScore;
    grade.reasons = result.reasons;
    grade.notes = result.notes;
    QList<EffectiveCheck> checks;
    for (const CheckResult &r : result.checks) {
        EffectiveCheck c;
        c.result = r;
        for (const EffectiveCheck &old : std::as_const(grade.checks))
            if (old.result.checkId == r.checkId)
                c.override_ = old.override_;
        checks << c;
    }
    grade.checks = std::move(checks);
    grade.status = grade.submissionOverride ? GradeStatus::Graded : withManualChecks(grade.runStatus, grade.awaiting().size());
    return grade;
}

GradeSummary summaryOf(const EffectiveGrade &grade)
{
    GradeSummary s;
    s.studentId = grade.studentId;
    s.runId = grade.runId;
    s.status = grade.status;
    s.runStatus = grade.runStatus;
    s.reasons = grade.reasons;
    s.awaiting = grade.awaiting();
    s.backend = grade.backend;
    s.durationS = grade.started.isValid() && grade.finished.isValid() ? grade.started.msecsTo(grade.finished) / 1000.0 : 0;
    s.artifacts = grade.artifacts;
    s.score = grade.score();
    s.maxScore = grade.maxScore;
    s.overridden = !grade.overrideComments().isEmpty();
    s.review = grade.review;
    s.filesHash = grade.filesHash;
    s.inputsHash = grade.inputsHash;
    s.environmentKey = grade.environmentKey;
    s.stale = grade.stale;
    return s;
}

Expected<QList<Gradebook::SupersededRun>> Gradebook::supersededArtifacts()
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("SELECT r.id, r.artifacts FROM runs r WHERE r.artifacts <> '' "
                               "AND r.id <> (SELECT max(id) FROM runs WHERE submission_id = r.submission_id) "
                               "AND r.artifacts NOT IN (SELECT l.artifacts FROM runs l WHERE l.id IN "
                               "(SELECT max(id) FROM runs GROUP BY submission_id)) ORDER BY r.id")))
        return sqlError(QStringLiteral("supersededArtifacts"), q.lastError().text());
    QList<SupersededRun> out;
    while (q.next())
        out << SupersededRun{q.value(0).toLongLong(), q.value(1).toString()};
    return out;
}

Expected<void> Gradebook::forgetArtifacts(const QList<qint64> &runIds)
{
    if (runIds.isEmpty())
        return {};
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    Transaction t(db);
    if (!t.begun())
        return sqlError(QStringLiteral("forgetArtifacts"), t.error());
    QSqlQuery q(db);
    q.prepare(QStringLiteral("UPDATE runs SET artifacts = '' WHERE id = ?"));
    for (qint64 id : runIds) {
        q.addBindValue(id);
        if (!q.exec())
            return sqlError(QStringLiteral("forgetArtifacts"), q.lastError().text());
    }
    if (!t.commit())
        return sqlError(QStringLiteral("forgetArtifacts"), db.lastError().text());
    return {};
}

Expected<qint64> Gradebook::runCount()
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    if (!q.exec(QStringLiteral("SELECT count(*) FROM runs")) || !q.next())
        return sqlError(QStringLiteral("runCount"), q.lastError().text());
    return q.value(0).toLongLong();
}

Expected<QStringList> Gradebook::checkIds()
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    if (!q.exec(QStringLiteral("SELECT run_id FROM check_results GROUP BY run_id ORDER BY count(*) DESC, run_id DESC LIMIT 1")))
        return sqlError(QStringLiteral("checkIds"), q.lastError().text());
    if (!q.next())
        return QStringList();
    const qint64 runId = q.value(0).toLongLong();
    q.prepare(QStringLiteral("SELECT check_id FROM check_results WHERE run_id = ? ORDER BY position"));
    q.addBindValue(runId);
    if (!q.exec())
        return sqlError(QStringLiteral("checkIds"), q.lastError().text());
    QStringList ids;
    while (q.next())
        ids << q.value(0).toString();
    return ids;
}

QString Gradebook::hashFiles(const QStringList &files, const QString &root)
{
    QStringList sorted = files;
    sorted.sort();
    QCryptographicHash h(QCryptographicHash::Sha256);
    const QDir base(root);
    for (const QString &f : sorted) {
        const QByteArray rel = base.relativeFilePath(f).toUtf8();
        h.addData(QByteArray::number(rel.size()) + ':' + rel);
        // Opened without blocking and checked after opening: a file swapped for a FIFO or a device since it was listed
        // would block or never end.
        QFile file;
        const int fd = ::open(QFile::encodeName(f).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
        struct stat st{};
        if (fd >= 0 && ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode)
            && file.open(fd, QIODevice::ReadOnly, QFileDevice::AutoCloseHandle)) {
            h.addData(QByteArray::number(file.size()) + ':');
            h.addData(&file);
        } else {
            if (fd >= 0 && !file.isOpen())
                ::close(fd);
            h.addData(QByteArrayLiteral("unreadable"));
        }
    }
    return QString::fromLatin1(h.result().toHex());
}

QString Gradebook::inputsHash(const QString &filesHash, const QString &assignmentKey)
{
    return QString::fromLatin1(
        QCryptographicHash::hash((filesHash + QLatin1Char('\n') + assignmentKey).toUtf8(), QCryptographicHash::Sha256).toHex());
}

} // namespace sandmark
