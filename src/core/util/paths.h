#pragma once
// Where Sandmark's installed data and per-user caches live.

#include "util/expected.h"

#include <QString>

namespace sandmark::paths {

/// Sandmark's version, from git at configure time ("0.1.0.42").
QString version();

/// The shared data folder: `<prefix>/share/sandmark`, found relative to the running executable
/// (`<prefix>/bin/..`; in the macOS app bundle `Contents/Resources/sandmark`), so the build tree and an
/// installed package behave the same. The environment
/// variable SANDMARK_DATA_DIR overrides it. Requires a QCoreApplication. Thread-safe.
QString dataDir();

/// `dataDir()/python`: the runner, probe and redirect runtime shipped with Sandmark.
QString pythonRuntimeDir();

/// The per-user cache root (environments, run folders): SANDMARK_CACHE_DIR, else /var/cache/sandmark when
/// running as root (the sandbox's unprivileged uid cannot enter /root), else the user's generic cache
/// location + "/sandmark". Created on demand by the code that writes into it.
QString cacheDir();

/// The Python interpreter used for notebooks and helpers when an assignment names none:
/// SANDMARK_PYTHON, else /usr/bin/python3 (the `python3` first on PATH may lack nbclient).
QString defaultPython();

/// Who may enter a folder of grading material besides the user who grades.
enum class FolderAccess {
    OwnerOnly,   ///< 0700: reference payloads, artifacts, a gradebook's own folder
    Traversable, ///< 0711: others may pass through to a folder they are given (a run's `work`) but list nothing
};

/// Creates `folder` (with missing parents, which keep the usual mode) and sets its mode to `access`, also when
/// it existed with a looser one (folders written by older versions were 0755): the sandbox's uid and any
/// other local account must not read grading material (security report F8). Errors name the folder.
/// Synchronous.
Expected<void> makePrivateFolder(const QString &folder, FolderAccess access = FolderAccess::OwnerOnly);

/// Sets `file` to 0600 (owner read/write) when it exists. Returns false when it exists and chmod failed.
bool makePrivateFile(const QString &file);

/// Whether Sandmark can write files into `folder` (created when missing, with its parents): the file system
/// is not mounted read-only, at least `minFreeBytes` are free on it, and a small probe file can be written
/// there (then removed). Errors name the folder and the reason ("read-only file system", "the disk is full:
/// N bytes free on MOUNT", or the system's message such as "Permission denied"): a problem of the machine
/// the grader runs on, not of the input (the CLI exits 3 for it). Synchronous; call off the GUI thread.
Expected<void> checkWritableFolder(const QString &folder, qint64 minFreeBytes = qint64(1) << 20);

} // namespace sandmark::paths
