#pragma once
// Private to sandmark_core's sandbox backends: the fix for a folder a run binds that the sandbox user cannot reach.

#include "sandbox/backend.h"

#include <QFileInfo>
#include <QString>

#include <optional>

namespace sandmark {

/// What to do about `folder` of `request` that the sandbox user cannot reach because of the private folder
/// `blocker`: for Sandmark's own Python runtime, open the blocker or point SANDMARK_DATA_DIR at a reachable copy
/// (moving the cache does not move the runtime); for everything else — the run folder, environments, datasets,
/// all under Sandmark's cache — keep the cache elsewhere or open the blocker. Pure.
inline QString unreachableFolderFix(const RunRequest &request, const QString &folder, const QString &blocker)
{
    if (!request.runtimeDir.isEmpty() && folder == request.runtimeDir)
        return QStringLiteral("it is Sandmark's own Python runtime: chmod o+rx %1, or set SANDMARK_DATA_DIR to a copy "
                              "of %2 in a folder the sandbox user can reach")
            .arg(blocker, QFileInfo(folder).absolutePath());
    return QStringLiteral("keep Sandmark's cache outside private folders (e.g. SANDMARK_CACHE_DIR=/var/cache/sandmark) "
                          "or chmod o+rx %1")
        .arg(blocker);
}

/// The error for `folder` of `request`, which a run binds, when it is Sandmark's Python runtime and does not exist:
/// nothing a chmod could fix (fresh-user finding: a SANDMARK_DATA_DIR that does not exist got "cannot reach … chmod
/// o+rx /nonexistent"). Chosen by SANDMARK_DATA_DIR, the line leads with the variable and its fix; `place` is the
/// backend's ("sandbox bwrap"). None for any other folder, or when it exists. Reads the file system.
inline std::optional<Error> missingBoundFolder(const RunRequest &request, const QString &folder, const QString &place)
{
    // Only Sandmark's own runtime: the others (the run folder, environments, datasets) are Sandmark's to create.
    if (QFileInfo(folder).isDir() || request.runtimeDir.isEmpty() || folder != request.runtimeDir)
        return std::nullopt;
    const QString dataDir = qEnvironmentVariable("SANDMARK_DATA_DIR");
    if (!dataDir.isEmpty())
        return Error{{}, {},
                     QStringLiteral("SANDMARK_DATA_DIR names %1, which %2, so Sandmark's Python runtime (%3) is not "
                                    "there: point SANDMARK_DATA_DIR at Sandmark's share folder (the one holding "
                                    "python/, such as /usr/share/sandmark), or unset it")
                         .arg(dataDir,
                              QFileInfo(dataDir).isDir() ? QStringLiteral("has no python folder")
                                                         : QStringLiteral("does not exist"),
                              folder)};
    return Error{folder, place, QStringLiteral("Sandmark's Python runtime is missing: reinstall Sandmark")};
}

} // namespace sandmark
