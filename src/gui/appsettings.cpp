#include "appsettings.h"

#include "batch/batchgrader.h"
#include "datasets/hubcache.h"
#include "util/paths.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace sandmark {

namespace {
const QString kBackend = QStringLiteral("sandbox/backend");
const QString kWall = QStringLiteral("limits/timeout_s");
const QString kCell = QStringLiteral("limits/cell_timeout_s");
const QString kMemory = QStringLiteral("limits/memory_bytes");
const QString kParallel = QStringLiteral("batch/parallel");
const QString kPython = QStringLiteral("python/interpreter");
const QString kCache = QStringLiteral("cache/folder");
const QString kHfHome = QStringLiteral("cache/hf_home");
const QString kRecent = QStringLiteral("recent/assignments");
} // namespace

QString AppSettings::sandboxBackend()
{
    return QSettings().value(kBackend, sandboxKindName(defaultSandboxKind())).toString();
}

void AppSettings::setSandboxBackend(const QString &name)
{
    QSettings().setValue(kBackend, name);
}

Limits AppSettings::defaultLimits()
{
    QSettings s;
    Limits l;
    l.wallTimeoutS = s.value(kWall, l.wallTimeoutS).toDouble();
    l.cellTimeoutS = s.value(kCell, l.cellTimeoutS).toDouble();
    l.memoryBytes = s.value(kMemory, l.memoryBytes).toLongLong();
    return l;
}

void AppSettings::setDefaultLimits(const Limits &limits)
{
    QSettings s;
    s.setValue(kWall, limits.wallTimeoutS);
    s.setValue(kCell, limits.cellTimeoutS);
    s.setValue(kMemory, limits.memoryBytes);
}

int AppSettings::parallelRuns()
{
    // The CLI's default too (grade, validate --health): the cores, bounded by memory / the memory limit.
    return qMax(1, QSettings().value(kParallel, defaultJobs(defaultLimits())).toInt());
}

void AppSettings::setParallelRuns(int runs)
{
    QSettings().setValue(kParallel, qMax(1, runs));
}

QString AppSettings::pythonInterpreter()
{
    return QSettings().value(kPython, paths::defaultPython()).toString();
}

void AppSettings::setPythonInterpreter(const QString &path)
{
    QSettings().setValue(kPython, path);
}

QString AppSettings::cacheFolder()
{
    return QSettings().value(kCache, paths::cacheDir()).toString();
}

void AppSettings::setCacheFolder(const QString &path)
{
    QSettings().setValue(kCache, path);
}

QString AppSettings::datasetCacheFolder()
{
    // The same default as the CLI (`datasets warm` and `grade`): $HF_HOME, else <cache>/huggingface.
    const QString cache = cacheFolder();
    const QString fallback = cache == paths::cacheDir() ? HubCache::defaultHome() : cache + QLatin1String("/huggingface");
    return QSettings().value(kHfHome, fallback).toString();
}

void AppSettings::setDatasetCacheFolder(const QString &path)
{
    QSettings().setValue(kHfHome, path);
}

RunChoices AppSettings::runChoices()
{
    RunChoices choices;
    choices.preferredSandbox = parseSandboxKind(sandboxBackend());
    choices.defaultDatasetCache = datasetCacheFolder();
    return choices;
}

void AppSettings::resetToDefaults()
{
    QSettings s;
    for (const QString &k : {kBackend, kWall, kCell, kMemory, kParallel, kPython, kCache, kHfHome})
        s.remove(k);
}

QStringList AppSettings::recentAssignments()
{
    QStringList out;
    const QStringList stored = QSettings().value(kRecent).toStringList();
    for (const QString &f : stored)
        if (QFileInfo(f).isDir() && !out.contains(f))
            out << f;
    return out.mid(0, kMaxRecent);
}

void AppSettings::addRecentAssignment(const QString &folder)
{
    QStringList list = QSettings().value(kRecent).toStringList();
    const QString clean = QDir::cleanPath(folder);
    list.removeAll(clean);
    list.prepend(clean);
    QSettings().setValue(kRecent, list.mid(0, kMaxRecent));
}

void AppSettings::clearRecentAssignments()
{
    QSettings().remove(kRecent);
}

} // namespace sandmark
