#pragma once
// Where Sandmark's installed data and per-user caches live.

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

} // namespace sandmark::paths
