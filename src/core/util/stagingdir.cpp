#include "util/stagingdir.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QLoggingCategory>

namespace sandmark {

namespace {

Q_LOGGING_CATEGORY(lcStaging, "sandmark.staging", QtInfoMsg)

void reclaimAbandoned(const QString &parent, const QString &prefix)
{
    const QFileInfoList found = QDir(parent).entryInfoList({prefix + QLatin1Char('*')},
                                                           QDir::Dirs | QDir::Hidden | QDir::NoDotAndDotDot);
    for (const QFileInfo &dir : found) {
        if (dir.isSymLink())
            continue;
        const QString lockPath = dir.absoluteFilePath() + QLatin1Char('/') + QLatin1String(kStagingLockName);
        bool abandoned = false;
        if (QFileInfo::exists(lockPath)) {
            QLockFile lock(lockPath);
            abandoned = lock.tryLock(0); // QLockFile takes over a lock whose process is gone
            if (abandoned)
                lock.unlock();
        } else {
            abandoned = dir.lastModified().secsTo(QDateTime::currentDateTime()) > 24 * 3600;
        }
        if (abandoned && QDir(dir.absoluteFilePath()).removeRecursively())
            qCInfo(lcStaging) << "removed the staging folder of a write that did not finish:" << dir.absoluteFilePath();
    }
}

} // namespace

Expected<std::unique_ptr<StagingDir>> StagingDir::create(const QString &parent, const QString &prefix)
{
    reclaimAbandoned(parent, prefix);
    std::unique_ptr<StagingDir> staging(new StagingDir(parent + QLatin1Char('/') + prefix + QLatin1String("XXXXXX")));
    if (!staging->m_dir.isValid())
        return Error{parent, {}, QStringLiteral("cannot create a staging folder: %1").arg(staging->m_dir.errorString())};
    staging->m_lock = std::make_unique<QLockFile>(staging->filePath(QLatin1String(kStagingLockName)));
    if (!staging->m_lock->tryLock(0))
        return Error{staging->path(), {}, QStringLiteral("cannot write the staging folder's lock file")};
    return staging;
}

Expected<void> StagingDir::renameTo(const QString &target)
{
    m_lock->unlock();
    if (!QDir().rename(path(), target)) {
        m_lock->tryLock(0);
        return Error{target, {}, QStringLiteral("cannot move the staged folder into place")};
    }
    m_dir.setAutoRemove(false);
    return {};
}

} // namespace sandmark
