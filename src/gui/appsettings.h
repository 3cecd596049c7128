#pragma once
// The desktop app's user settings, stored with QSettings (organization "Sandmark", application "Sandmark").

#include "assignment/limits.h"
#include "sandbox/submissionrun.h"

#include <QString>
#include <QStringList>

namespace sandmark {

/// Typed access to the GUI's QSettings keys, with defaults from the core (paths::defaultPython(),
/// paths::cacheDir(), Limits{}). Reads and writes QSettings directly: call from the GUI thread.
/// Secrets (the Hub token) are never stored here; see the SecretStore of src/core/secrets.
class AppSettings
{
public:
    /// A registered backend name (sandbox/registry.h: "bwrap", "docker", "local-unsafe"); default:
    /// defaultSandboxKind()'s, "docker" on macOS and "bwrap" elsewhere.
    static QString sandboxBackend();
    static void setSandboxBackend(const QString &name);
    static Limits defaultLimits();
    static void setDefaultLimits(const Limits &limits);
    /// Sandboxes run at once; default: defaultJobs() of defaultLimits(), as the CLI's `grade`.
    static int parallelRuns();
    static void setParallelRuns(int runs);
    static QString pythonInterpreter();
    static void setPythonInterpreter(const QString &path);
    /// Environments and run folders; default paths::cacheDir().
    static QString cacheFolder();
    static void setCacheFolder(const QString &path);
    /// HF_HOME for the dataset cache; default $HF_HOME, else `<cacheFolder>/huggingface` (as the CLI).
    static QString datasetCacheFolder();
    static void setDatasetCacheFolder(const QString &path);
    /// The preferences that choose how runs go (backend, dataset cache), for runOptionsFor().
    static RunChoices runChoices();
    /// Removes every key above (Restore Defaults).
    static void resetToDefaults();

    /// Most recent first, at most kMaxRecent, only folders that still exist.
    static QStringList recentAssignments();
    static void addRecentAssignment(const QString &folder);
    static void clearRecentAssignments();
    static constexpr int kMaxRecent = 8;
};

} // namespace sandmark
