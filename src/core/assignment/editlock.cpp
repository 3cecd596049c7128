#include "assignment/editlock.h"

#include <QDeadlineTimer>
#include <QFileInfo>
#include <QLockFile>
#include <QMutex>
#include <QRecursiveMutex>

#include <map>

namespace sandmark {

// One per lock file in this process: the threads' mutex (recursive: an editor may call another), and the lock file
// itself, taken by the outermost holder.
struct AssignmentEditLock::Shared
{
    QString path;
    QRecursiveMutex mutex;
    int depth = 0; // guarded by mutex
    std::unique_ptr<QLockFile> file;
};

namespace {

QMutex g_registryMutex;
std::map<QString, std::weak_ptr<AssignmentEditLock::Shared>> g_registry;

std::shared_ptr<AssignmentEditLock::Shared> sharedFor(const QString &lockPath)
{
    QMutexLocker locker(&g_registryMutex);
    std::weak_ptr<AssignmentEditLock::Shared> &slot = g_registry[lockPath];
    std::shared_ptr<AssignmentEditLock::Shared> shared = slot.lock();
    if (!shared) {
        shared = std::make_shared<AssignmentEditLock::Shared>();
        shared->path = lockPath;
        slot = shared;
    }
    for (auto it = g_registry.begin(); it != g_registry.end();)
        it = it->second.expired() ? g_registry.erase(it) : std::next(it);
    return shared;
}

} // namespace

QString AssignmentEditLock::lockFilePath(const QString &jsonPath)
{
    const QFileInfo info(jsonPath);
    const QString target = info.exists() ? info.canonicalFilePath() : info.absoluteFilePath();
    return target + QStringLiteral(".lock");
}

Expected<std::shared_ptr<AssignmentEditLock>> AssignmentEditLock::acquire(const QString &jsonPath,
                                                                          std::chrono::milliseconds timeout)
{
    const QString lockPath = lockFilePath(jsonPath);
    std::shared_ptr<Shared> shared = sharedFor(lockPath);
    const QDeadlineTimer deadline(timeout);
    const auto busy = [&](const QString &holder) {
        return Error{jsonPath, {},
                     QStringLiteral("another edit of assignment.json is under way (%1 held by %2 for more than %3 s); "
                                    "nothing written — run again when it has finished")
                         .arg(lockPath, holder)
                         .arg(timeout.count() / 1000)};
    };
    if (!shared->mutex.tryLock(int(std::max<qint64>(0, deadline.remainingTime()))))
        return busy(QStringLiteral("another thread of this process"));
    if (shared->depth == 0) {
        auto file = std::make_unique<QLockFile>(lockPath);
        // An edit takes milliseconds; a lock file this old is one a process left behind (one that died is taken over
        // at once, on this host).
        file->setStaleLockTime(2 * 60 * 1000);
        if (!file->tryLock(int(std::max<qint64>(0, deadline.remainingTime())))) {
            const QLockFile::LockError why = file->error();
            if (why == QLockFile::LockFailedError) {
                qint64 pid = 0;
                QString host, app;
                file->getLockInfo(&pid, &host, &app);
                shared->mutex.unlock();
                return busy(pid > 0 ? QStringLiteral("process %1%2").arg(pid).arg(app.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(app))
                                    : QStringLiteral("another process"));
            }
            // The folder takes no lock file (read-only, no permission): no edit can be written there either, and the
            // write says so; the edit goes on without a lock.
            file.reset();
        }
        shared->file = std::move(file);
    }
    ++shared->depth;
    return std::shared_ptr<AssignmentEditLock>(new AssignmentEditLock(std::move(shared)));
}

AssignmentEditLock::~AssignmentEditLock()
{
    if (--m_shared->depth == 0 && m_shared->file) {
        m_shared->file->unlock();
        m_shared->file.reset();
    }
    m_shared->mutex.unlock();
}

} // namespace sandmark
