#include "datasets/hubcache.h"

#include "util/paths.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QUrl>

namespace sandmark {

QString HubCache::defaultHome()
{
    const QString env = qEnvironmentVariable("HF_HOME");
    if (!env.isEmpty())
        return QDir::cleanPath(env);
    return paths::cacheDir() + QLatin1String("/huggingface");
}

QString HubCache::defaultEndpoint()
{
    QString env = qEnvironmentVariable("HF_ENDPOINT");
    if (env.isEmpty())
        env = QStringLiteral("https://huggingface.co");
    while (env.endsWith(QLatin1Char('/')))
        env.chop(1);
    return env;
}

QString HubCache::hubDir() const
{
    return m_home + QLatin1String("/hub");
}

QString HubCache::repoFolderName(const DatasetEntry &e)
{
    QStringList parts{e.repoType + QLatin1Char('s')};
    parts += e.repoId.split(QLatin1Char('/'));
    return parts.join(QLatin1String("--"));
}

QString HubCache::repoDir(const DatasetEntry &e) const
{
    return hubDir() + QLatin1Char('/') + repoFolderName(e);
}

QString HubCache::blobPath(const DatasetEntry &e, const QString &etag) const
{
    return repoDir(e) + QLatin1String("/blobs/") + etag;
}

QString HubCache::pointerPath(const DatasetEntry &e, const QString &commit) const
{
    return repoDir(e) + QLatin1String("/snapshots/") + commit + QLatin1Char('/') + e.filename;
}

QString HubCache::refPath(const DatasetEntry &e) const
{
    return repoDir(e) + QLatin1String("/refs/") + e.revision;
}

QString HubCache::resolveUrl(const QString &endpoint, const DatasetEntry &e)
{
    QString prefix;
    if (e.repoType == QLatin1String("dataset"))
        prefix = QStringLiteral("datasets/");
    else if (e.repoType == QLatin1String("space"))
        prefix = QStringLiteral("spaces/");
    const QString rev = QString::fromLatin1(QUrl::toPercentEncoding(e.revision));
    const QString file = QString::fromLatin1(QUrl::toPercentEncoding(e.filename, "/"));
    return endpoint + QLatin1Char('/') + prefix + e.repoId + QLatin1String("/resolve/") + rev + QLatin1Char('/')
           + file;
}

QString HubCache::cachedCommit(const DatasetEntry &e) const
{
    QFile ref(refPath(e));
    if (ref.open(QIODevice::ReadOnly))
        return QString::fromUtf8(ref.readAll());
    if (isCommitHash(e.revision))
        return e.revision;
    return {};
}

QString HubCache::resolveOffline(const DatasetEntry &e) const
{
    const QString commit = cachedCommit(e);
    if (commit.isEmpty())
        return {};
    const QString p = pointerPath(e, commit);
    // QFileInfo::isFile follows the symlink: a dangling snapshot link is not a cached file.
    return QFileInfo(p).isFile() ? p : QString();
}

Expected<QString> HubCache::link(const DatasetEntry &e, const QString &commit, const QString &etag) const
{
    const QString blob = blobPath(e, etag);
    if (!QFileInfo::exists(blob))
        return Error{blob, {}, QStringLiteral("blob missing after download")};
    if (e.revision != commit) {
        QDir().mkpath(repoDir(e) + QLatin1String("/refs"));
        const QString refFile = refPath(e);
        QDir().mkpath(QFileInfo(refFile).absolutePath()); // revisions like "refs/pr/1" nest
        QFile existing(refFile);
        if (!existing.open(QIODevice::ReadOnly) || QString::fromUtf8(existing.readAll()) != commit) {
            existing.close();
            QSaveFile ref(refFile);
            if (!ref.open(QIODevice::WriteOnly) || ref.write(commit.toUtf8()) < 0 || !ref.commit())
                return Error{refFile, {}, QStringLiteral("cannot write: %1").arg(ref.errorString())};
        }
    }
    const QString pointer = pointerPath(e, commit);
    const QFileInfo pi(pointer);
    QDir().mkpath(pi.absolutePath());
    if (pi.isSymLink() || pi.exists()) {
        if (QFileInfo(pointer).isFile())
            return pointer;
        QFile::remove(pointer);
    }
    const QString rel = QDir(pi.absolutePath()).relativeFilePath(blob);
    if (!QFile::link(rel, pointer))
        return Error{pointer, {}, QStringLiteral("cannot create the snapshot symlink")};
    return pointer;
}

QString HubCache::normalizeEtag(const QString &etag)
{
    // Python's str.lstrip("W/") strips any run of 'W' and '/' characters, then strip('"').
    QString s = etag;
    while (!s.isEmpty() && (s.front() == QLatin1Char('W') || s.front() == QLatin1Char('/')))
        s.remove(0, 1);
    while (s.startsWith(QLatin1Char('"')))
        s.remove(0, 1);
    while (s.endsWith(QLatin1Char('"')))
        s.chop(1);
    return s;
}

} // namespace sandmark
