#pragma once
// A staging folder beside the place a result is renamed into, so that a failed or killed write leaves that
// place as it was — and so that what a killed process left behind is reclaimed by the next one.

#include "util/expected.h"

#include <QLockFile>
#include <QString>
#include <QTemporaryDir>

#include <memory>

namespace sandmark {

/// A folder `<parent>/<prefix>XXXXXX` that holds a lock file (`.owner.lock`, QLockFile) while its owner
/// lives, and is removed with everything in it when the object is destroyed (unless release()d). Creating one
/// first removes the staging folders with the same prefix in `parent` whose owner is gone — a process killed
/// mid-write (SIGKILL, SIGTERM without cleanup, power cut) — or, with no lock file (written before locks),
/// older than a day; a folder whose owner runs now is left alone. `parent` must be on the file system of the
/// final place (results are renamed, never copied). Not copyable; any thread, one object per thread.
class StagingDir
{
public:
    /// Errors: the folder or its lock file cannot be created (the message names `parent` and the reason).
    static Expected<std::unique_ptr<StagingDir>> create(const QString &parent, const QString &prefix);

    /// The folder's absolute path.
    QString path() const { return m_dir.path(); }
    /// `path()/relative`.
    QString filePath(const QString &relative) const { return m_dir.filePath(relative); }

    /// Renames the whole folder to `target` (which must not exist; same file system). The lock file is removed
    /// first, so `target` holds only what was staged. Errors: the rename failed (nothing is lost: the staging
    /// folder stays, and is removed with this object).
    Expected<void> renameTo(const QString &target);

private:
    explicit StagingDir(const QString &templatePath) : m_dir(templatePath) {}

    QTemporaryDir m_dir;
    std::unique_ptr<QLockFile> m_lock;
};

/// The lock file's name inside a staging folder.
inline constexpr char kStagingLockName[] = ".owner.lock";

} // namespace sandmark
