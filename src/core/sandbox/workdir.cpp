#include "sandbox/workdir.h"

#include "sandbox/sandbox_log.h"
#include "sandbox/sandboxrun.h"
#include "util/paths.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QMutex>
#include <QRandomGenerator>
#include <QSaveFile>
#include <QSet>
#include <QSysInfo>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <ftw.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sandmark {

namespace {

QByteArray enc(const QString &p)
{
    return QFile::encodeName(p);
}

Expected<void> copyFile(const QString &from, const QString &to)
{
    if (!QDir().mkpath(QFileInfo(to).path()))
        return Error{to, QString(), QStringLiteral("cannot create the folder")};
    QFile::remove(to);
    QFile src(from);
    if (!src.copy(to))
        return Error{from, QString(), QStringLiteral("cannot copy into the run folder: %1").arg(src.errorString())};
    QFile::setPermissions(to, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
    return {};
}

Expected<void> chownTree(const QString &root, const SandboxIdentity &id)
{
    auto own = [&](const QString &p) -> Expected<void> {
        if (::lchown(enc(p).constData(), id.uid, id.gid) != 0)
            return Error{p, QString(), QStringLiteral("cannot hand the file to the sandbox uid %1: %2")
                                           .arg(id.uid)
                                           .arg(QString::fromLocal8Bit(strerror(errno)))};
        return {};
    };
    if (Expected<void> r = own(root); !r)
        return r;
    QDirIterator it(root, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString p = it.next();
        if (Expected<void> r = own(p); !r)
            return r;
    }
    return {};
}

Expected<void> saveFile(const QString &path, const QByteArray &data)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size() || !f.commit())
        return Error{path, QString(), QStringLiteral("cannot write: %1").arg(f.errorString())};
    paths::makePrivateFile(path);
    return {};
}

} // namespace

bool isSafeRelativePath(const QString &name)
{
    if (name.isEmpty() || name.startsWith(QLatin1Char('/')) || name.contains(QLatin1Char('\\'))
        || name.contains(QChar(0)))
        return false;
    const QStringList parts = name.split(QLatin1Char('/'));
    for (const QString &part : parts) {
        if (part.isEmpty() || part == QLatin1String(".") || part == QLatin1String(".."))
            return false;
    }
    return true;
}

namespace {

// The owner file of a run folder whose run has not ended: "<pid> <start time> <boot id> <pid namespace> <host>" of the
// process that made it, so that a later process can tell a live run from one whose process was killed.
constexpr char kOwnerFile[] = "/owner";

QByteArray readSmall(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.read(4096).trimmed() : QByteArray();
}

/// Field 22 of /proc/PID/stat (the start time in clock ticks since boot); empty when no such process.
QByteArray processStartTime(qint64 pid)
{
    const QByteArray stat = readSmall(QStringLiteral("/proc/%1/stat").arg(pid));
    const qsizetype close = stat.lastIndexOf(')'); // the command name may hold spaces and parentheses
    if (close < 0)
        return {};
    const QList<QByteArray> fields = stat.mid(close + 2).split(' '); // fields[0] is field 3 (state)
    return fields.size() > 19 ? fields.at(19) : QByteArray();
}

QByteArray pidNamespace()
{
    return QFile::symLinkTarget(QStringLiteral("/proc/self/ns/pid")).toUtf8();
}

QByteArray ownerLine()
{
    const qint64 pid = QCoreApplication::applicationPid();
    return QByteArray::number(pid) + ' ' + processStartTime(pid) + ' ' + readSmall(QStringLiteral("/proc/sys/kernel/random/boot_id"))
           + ' ' + pidNamespace().replace(' ', '_') + ' ' + QSysInfo::machineHostName().toUtf8().replace(' ', '_');
}

/// Whether the process an owner line names is certainly gone, `mine` being this process's ownerLine() split at
/// spaces: the same host and pid namespace and no process with that pid and start time now, or the same host booted
/// since. Another host's or another pid namespace's: never.
bool ownerGone(const QByteArray &line, const QList<QByteArray> &mine)
{
    const QList<QByteArray> theirs = line.split(' ');
    if (theirs.size() != 5 || mine.size() != 5 || theirs[0].toLongLong() <= 0 || theirs[4] != mine[4])
        return false; // unreadable, or another machine's (a cache shared by cluster nodes)
    if (theirs[2] != mine[2])
        return true; // this host booted since: every process of then is gone
    if (theirs[3] != mine[3])
        return false; // another pid namespace (a container): its pids mean nothing here
    return processStartTime(theirs[0].toLongLong()) != theirs[1];
}

/// A fresh, empty run folder under `runsRoot`: its root passable by the sandbox uid (on the way to `work`),
/// `artifacts` ours only. Nothing is left behind on error.
Expected<RunFolder> createRunFolder(const QString &runsRoot)
{
    RunFolder folder;
    const QString stamp = QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    const QString rnd = QStringLiteral("%1").arg(QRandomGenerator::system()->generate64(), 16, 16, QLatin1Char('0'));
    folder.root = runsRoot + QLatin1Char('/') + stamp + QLatin1Char('-') + rnd;
    folder.work = folder.root + QLatin1String("/work");
    folder.artifacts = folder.root + QLatin1String("/artifacts");
    if (!QDir().mkpath(folder.work) || !QDir().mkpath(folder.artifacts))
        return Error{folder.root, QString(), QStringLiteral("cannot create the run folder")};
    Expected<void> r = paths::makePrivateFolder(folder.root, paths::FolderAccess::Traversable);
    if (r)
        r = paths::makePrivateFolder(folder.artifacts);
    if (r)
        r = saveFile(folder.root + QLatin1String(kOwnerFile), ownerLine() + '\n');
    if (!r) {
        QDir(folder.root).removeRecursively();
        return r.error();
    }
    return folder;
}

/// Copies the tree of `dir` into `work`: regular files and folders only.
Expected<void> copySubmissionDir(const QString &dir, const QString &work)
{
    const QDir base(dir);
    if (!base.exists())
        return Error{dir, QString(), QStringLiteral("the submission folder does not exist")};
    QDirIterator it(dir, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString p = it.next();
        const QFileInfo fi = it.fileInfo();
        const QString rel = base.relativeFilePath(p);
        if (fi.isSymLink())
            return Error{p, QString(), QStringLiteral("symbolic links are not accepted in a submission")};
        if (!isSafeRelativePath(rel))
            return Error{p, QString(), QStringLiteral("the path escapes the submission folder")};
        if (fi.isDir()) {
            QDir().mkpath(work + QLatin1Char('/') + rel);
            continue;
        }
        if (!fi.isFile())
            return Error{p, QString(), QStringLiteral("only regular files are accepted in a submission")};
        if (Expected<void> c = copyFile(p, work + QLatin1Char('/') + rel); !c)
            return c;
    }
    return {};
}

/// Copies each of `files` (regular files) to the top of `work`.
Expected<void> copySubmissionFiles(const QStringList &files, const QString &work)
{
    for (const QString &file : files) {
        const QFileInfo fi(file);
        if (fi.isSymLink())
            return Error{file, QString(), QStringLiteral("symbolic links are not accepted in a submission")};
        if (!fi.isFile())
            return Error{file, QString(), QStringLiteral("the submission file does not exist")};
        if (Expected<void> c = copyFile(file, work + QLatin1Char('/') + fi.fileName()); !c)
            return c;
    }
    return {};
}

/// Copies each file of `tree` (regular files) to its relative path in `work`.
Expected<void> copySubmissionTree(const QList<SuppliedFile> &tree, const QString &work)
{
    for (const SuppliedFile &f : tree) {
        const QFileInfo fi(f.source);
        if (!isSafeRelativePath(f.name))
            return Error{f.source, QString(), QStringLiteral("the path escapes the submission folder")};
        if (fi.isSymLink())
            return Error{f.source, QString(), QStringLiteral("symbolic links are not accepted in a submission")};
        if (!fi.isFile())
            return Error{f.source, QString(), QStringLiteral("the submission file does not exist")};
        const QString target = work + QLatin1Char('/') + f.name;
        if (!QDir().mkpath(QFileInfo(target).path()))
            return Error{target, QString(), QStringLiteral("cannot create the folder")};
        if (Expected<void> c = copyFile(f.source, target); !c)
            return c;
    }
    return {};
}

/// Copies the supplied data files into `folder.work`, each recorded in `folder`: the student's own file of the
/// same name wins.
Expected<void> copyDataFiles(const QList<SuppliedFile> &dataFiles, RunFolder &folder)
{
    for (const SuppliedFile &d : dataFiles) {
        if (!isSafeRelativePath(d.name))
            return Error{d.name, QString(), QStringLiteral("a data file name must stay inside the working folder")};
        const QString target = folder.work + QLatin1Char('/') + d.name;
        if (QFileInfo::exists(target) || QFileInfo(target).isSymLink()) {
            folder.shadowedDataFiles << d.name;
            qCInfo(lcSandbox) << "kept the submission's own" << d.name << "instead of the supplied file";
            continue;
        }
        struct stat st{};
        if (::stat(enc(d.source).constData(), &st) != 0 || !S_ISREG(st.st_mode))
            return Error{d.source, QString(), QStringLiteral("the supplied data file does not exist")};
        if (!QDir().mkpath(QFileInfo(target).path()))
            return Error{target, QString(), QStringLiteral("cannot create the folder")};
        // A private copy, never a hard link: the run may write to it (C25: appending to the supplied data
        // succeeds in this run only), and the assignment's file stays as it is.
        if (Expected<void> c = copyFile(d.source, target); !c)
            return c;
        folder.copiedDataFiles << d.name;
    }
    return {};
}

/// Fills the fresh `folder`'s work folder as `spec` says: the submission, then the data files, then hands it to
/// the sandbox's uid when that is not ours.
Expected<void> fillRunFolder(const WorkdirSpec &spec, RunFolder &folder)
{
    if (!spec.submissionDir.isEmpty())
        if (Expected<void> r = copySubmissionDir(spec.submissionDir, folder.work); !r)
            return r;
    if (Expected<void> r = copySubmissionFiles(spec.submissionFiles, folder.work); !r)
        return r;
    if (Expected<void> r = copySubmissionTree(spec.submissionTree, folder.work); !r)
        return r;
    if (Expected<void> r = copyDataFiles(spec.dataFiles, folder); !r)
        return r;
    if (spec.sandboxOwner) {
        if (Expected<void> r = chownTree(folder.work, *spec.sandboxOwner); !r)
            return r;
        // The run's own uid owns it; no other (another run's uid) may read it.
        QFile::setPermissions(folder.work, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    }
    return {};
}

} // namespace

int reclaimAbandonedRunFolders(const QString &runsRoot)
{
    int removed = 0;
    const QList<QByteArray> mine = ownerLine().split(' '); // read once, not per folder
    const QStringList names = QDir(runsRoot).entryList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::NoSymLinks);
    for (const QString &name : names) {
        const QString root = runsRoot + QLatin1Char('/') + name;
        const QFileInfo owner(root + QLatin1String(kOwnerFile));
        if (!owner.isFile() || owner.isSymLink() || owner.size() > 4096)
            continue; // an ended run's folder (its artifacts a gradebook may name), or not Sandmark's
        if (ownerGone(readSmall(owner.filePath()), mine) && QDir(root).removeRecursively())
            ++removed;
    }
    if (removed > 0)
        qCDebug(lcSandbox) << "removed" << removed << "run folder(s) of killed processes in" << runsRoot;
    return removed;
}

void releaseRunFolder(const RunFolder &folder)
{
    if (!folder.root.isEmpty())
        QFile::remove(folder.root + QLatin1String(kOwnerFile));
}

void removeRunFolder(const RunFolder &folder)
{
    if (!folder.root.isEmpty())
        QDir(folder.root).removeRecursively();
}

Expected<RunFolder> prepareRunFolder(const WorkdirSpec &spec)
{
    const QString runsRoot = spec.runsRoot.isEmpty() ? paths::cacheDir() + QLatin1String("/runs") : spec.runsRoot;
    // The runs and each run folder: the sandbox uid passes through to its own `work` (bwrap binds it as that
    // uid) but lists nothing, so no run's folder name or artifacts are found from another (security report F8).
    if (Expected<void> r = paths::makePrivateFolder(runsRoot, paths::FolderAccess::Traversable); !r)
        return r.error();
    {
        // Once per process and runs folder: what killed processes left (their work/ held whatever their notebooks
        // wrote). Never another live process's.
        static QMutex mutex;
        static QSet<QString> reclaimed;
        const QMutexLocker lock(&mutex);
        if (!reclaimed.contains(runsRoot)) {
            reclaimed.insert(runsRoot);
            reclaimAbandonedRunFolders(runsRoot);
        }
    }
    Expected<RunFolder> folder = createRunFolder(runsRoot);
    if (!folder)
        return folder;
    if (Expected<void> filled = fillRunFolder(spec, *folder); !filled) {
        QDir(folder->root).removeRecursively();
        return filled.error();
    }
    return folder;
}

QString storedDigest(const QByteArray &payloadJson, const QByteArray &recordJson)
{
    // BLAKE2b: as strong as SHA-256 and, in Qt's implementations, about 7 times faster (it is read for every regrade).
    QCryptographicHash h(QCryptographicHash::Blake2b_256);
    for (const QByteArray *bytes : {&payloadJson, &recordJson}) {
        h.addData(QByteArray::number(bytes->size()) + '\n');
        h.addData(*bytes);
    }
    return QString::fromLatin1(h.result().toHex());
}

Expected<QString> writeArtifacts(const RunFolder &folder, const RunResult &result)
{
    ExecutionRecord record = result.record;
    record.setShadowedDataFiles(folder.shadowedDataFiles);
    const QByteArray recordJson = record.toJsonText();
    const QByteArray payloadJson = result.payloadJson.isEmpty() ? QByteArrayLiteral("null") : result.payloadJson;
    if (Expected<void> r = saveFile(folder.artifacts + QLatin1String("/record.json"), recordJson); !r)
        return r.error();
    if (Expected<void> r = saveFile(folder.artifacts + QLatin1String("/payload.json"), payloadJson); !r)
        return r.error();
    if (!result.notebookJson.isEmpty()) {
        if (Expected<void> r = saveFile(folder.artifacts + QLatin1String("/executed.ipynb"), result.notebookJson); !r)
            return r.error();
    }
    QByteArray log;
    if (result.unsafe)
        log += "UNSAFE: this notebook ran with the local-unsafe backend, without a sandbox.\n";
    log += result.log;
    if (Expected<void> r = saveFile(folder.artifacts + QLatin1String("/log.txt"), log); !r)
        return r.error();
    return storedDigest(payloadJson, recordJson);
}

namespace {
// nftw() takes a plain function: the walk's state is the calling thread's.
thread_local FolderUsage *t_usage = nullptr;
thread_local qint64 t_maxEntries = 0;

int countEntry(const char *, const struct stat *st, int type, struct FTW *)
{
    if (++t_usage->entries > t_maxEntries) {
        t_usage->truncated = true;
        return 1; // stops the walk
    }
    if (type != FTW_NS) // FTW_NS: removed between listing and stat
        t_usage->bytes += qint64(st->st_blocks) * 512;
    return 0;
}
} // namespace

FolderUsage measureFolder(const QString &folder, qint64 maxEntries)
{
    FolderUsage usage;
    t_usage = &usage;
    t_maxEntries = maxEntries;
    // FTW_PHYS: symlinks are not followed; FTW_MOUNT: nothing mounted inside is descended into. An unreadable or
    // vanished entry is skipped and the walk goes on.
    ::nftw(QFile::encodeName(folder).constData(), countEntry, 16, FTW_PHYS | FTW_MOUNT);
    t_usage = nullptr;
    return usage;
}

Expected<void> removeWorkCopy(const RunFolder &folder)
{
    // `work` (the submission and data copies, whatever the notebook wrote) and the sandbox's private
    // etc/ and home/ folders; the artifacts stay.
    for (const QString &name : {QStringLiteral("work"), QStringLiteral("etc"), QStringLiteral("home")}) {
        QDir dir(folder.root + QLatin1Char('/') + name);
        if (dir.exists() && !dir.removeRecursively())
            return Error{dir.path(), QString(), QStringLiteral("cannot remove the run's working copy")};
    }
    return {};
}

} // namespace sandmark
