#pragma once
// Private to sandmark_core's sandbox backends: the fix for a folder a run binds that the sandbox user cannot reach.

#include "sandbox/backend.h"

#include <QFileInfo>
#include <QString>

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

} // namespace sandmark
