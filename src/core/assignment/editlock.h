#pragma once
// One edit of assignment.json at a time: the read, the change and the atomic write of an editor (the app's, the
// CLI's) happen under a lock that other threads and other processes wait for, so that two edits at once both land.

#include "util/expected.h"

#include <QString>

#include <chrono>
#include <memory>

namespace sandmark {

/// Held while an edit reads, changes and writes the assignment.json at a path (assignment/edit.h's editors,
/// editRequiredDatasets()). Across processes: an advisory lock file next to it, `assignment.json.lock`
/// (QLockFile: created while held and removed after; one left by a process that died is taken over). Within a
/// process: threads wait for each other, and a thread that holds it may take it again (an editor that calls
/// another; it is released on the thread that took it). A folder the lock file cannot be created in is not locked (nothing can be written there either: the
/// write itself reports that). Blocking: call it off the GUI thread.
class AssignmentEditLock
{
public:
    /// Waits up to `timeout` for the lock. Error when another edit holds it longer: "another edit of
    /// assignment.json is under way (…lock held by process N); nothing written — run again".
    static Expected<std::shared_ptr<AssignmentEditLock>> acquire(const QString &jsonPath,
                                                                 std::chrono::milliseconds timeout = std::chrono::seconds(30));
    /// The lock file of the assignment.json at `jsonPath`: `<jsonPath>.lock`, symbolic links resolved. Pure but
    /// for resolving the links.
    static QString lockFilePath(const QString &jsonPath);

    ~AssignmentEditLock();
    AssignmentEditLock(const AssignmentEditLock &) = delete;
    AssignmentEditLock &operator=(const AssignmentEditLock &) = delete;

    struct Shared;

private:
    explicit AssignmentEditLock(std::shared_ptr<Shared> shared) : m_shared(std::move(shared)) {}
    std::shared_ptr<Shared> m_shared;
};

} // namespace sandmark
