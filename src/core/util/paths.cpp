#include "util/paths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QStorageInfo>
#include <QTemporaryFile>

#include <unistd.h>

namespace sandmark::paths {

QString version()
{
    return QStringLiteral(SANDMARK_VERSION_STRING);
}

QString dataDir()
{
    const QString env = qEnvironmentVariable("SANDMARK_DATA_DIR");
    if (!env.isEmpty())
        return QDir::cleanPath(env);
    const QString bin = QCoreApplication::applicationDirPath();
    const QString installed = QDir::cleanPath(bin + QLatin1String("/../") + QLatin1String(SANDMARK_DATA_SUBDIR));
#ifdef Q_OS_MACOS
    // In the app bundle both executables sit in Sandmark.app/Contents/MacOS and the data in
    // Contents/Resources/sandmark; the build tree's bundle is bin/Sandmark.app beside bin/../share/sandmark.
    if (!QFileInfo::exists(installed)) {
        const QString candidates[] = {
            QDir::cleanPath(bin + QLatin1String("/../Resources/sandmark")),
            QDir::cleanPath(bin + QLatin1String("/../../../../") + QLatin1String(SANDMARK_DATA_SUBDIR)),
        };
        for (const QString &c : candidates) {
            if (QFileInfo::exists(c))
                return c;
        }
    }
#endif
    return installed;
}

QString pythonRuntimeDir()
{
    return dataDir() + QLatin1String("/python");
}

QString cacheDir()
{
    const QString env = qEnvironmentVariable("SANDMARK_CACHE_DIR");
    if (!env.isEmpty())
        return QDir::cleanPath(env);
    // Run as root (CI, containers), the sandbox drops to a dedicated unprivileged uid, which cannot enter
    // /root: the run folders and environments must live where that uid can reach them.
    if (::geteuid() == 0)
        return QStringLiteral("/var/cache/sandmark");
    QString base = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation);
    if (base.isEmpty())
        base = QDir::homePath() + QLatin1String("/.cache");
    return base + QLatin1String("/sandmark");
}

QString defaultPython()
{
    const QString env = qEnvironmentVariable("SANDMARK_PYTHON");
    if (!env.isEmpty())
        return env;
    return QStringLiteral("/usr/bin/python3");
}

Expected<void> makePrivateFolder(const QString &folder, FolderAccess access)
{
    if (!QDir().mkpath(folder))
        return Error{folder, {}, QStringLiteral("cannot create the folder")};
    const QFile::Permissions mode = access == FolderAccess::OwnerOnly
                                        ? QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner
                                        : QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ExeGroup | QFile::ExeOther;
    if (!QFile::setPermissions(folder, mode))
        return Error{folder, {}, QStringLiteral("cannot make the folder private (chmod %1)")
                                     .arg(access == FolderAccess::OwnerOnly ? QStringLiteral("700") : QStringLiteral("711"))};
    return {};
}

bool makePrivateFile(const QString &file)
{
    if (!QFileInfo::exists(file))
        return true;
    return QFile::setPermissions(file, QFile::ReadOwner | QFile::WriteOwner);
}

Expected<void> checkWritableFolder(const QString &folder, qint64 minFreeBytes)
{
    const QString abs = QDir::cleanPath(QFileInfo(folder).absoluteFilePath());
    // The deepest folder that exists says which file system it is on.
    QString existing = abs;
    while (!QFileInfo(existing).isDir() && existing != QLatin1String("/"))
        existing = QFileInfo(existing).absolutePath();
    const QStorageInfo storage(existing);
    if (storage.isValid() && storage.isReadOnly())
        return Error{folder, {}, QStringLiteral("cannot write: read-only file system (%1 is mounted read-only)").arg(storage.rootPath())};
    // A pseudo file system (/proc, /sys) has no size at all: it is not full, it cannot hold files (mkpath says so).
    if (storage.isValid() && storage.bytesTotal() > 0 && storage.bytesAvailable() >= 0 && storage.bytesAvailable() < minFreeBytes)
        return Error{folder, {}, QStringLiteral("cannot write: the disk is full (%1 bytes free on %2)")
                                     .arg(storage.bytesAvailable())
                                     .arg(storage.rootPath())};
    if (!QDir().mkpath(abs))
        return Error{folder, {}, QStringLiteral("cannot create the folder (no permission to write in %1?)").arg(existing)};
    QTemporaryFile probe(abs + QLatin1String("/.sandmark-write-probe-XXXXXX"));
    if (!probe.open())
        return Error{folder, {}, QStringLiteral("cannot write: %1").arg(probe.errorString())};
    const QByteArray page(4096, '\0');
    if (probe.write(page) != page.size() || !probe.flush())
        return Error{folder, {}, QStringLiteral("cannot write: %1").arg(probe.errorString())};
    return {};
}

} // namespace sandmark::paths
