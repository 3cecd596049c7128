#pragma once
// Reading a file Sandmark did not write (a notebook, assignment.json, a CSV of grades, a test's code): only a
// regular file of bounded size, so that no input can block a command for ever or exhaust memory.

#include "util/expected.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace sandmark {

/// The whole content of `path`, opened without blocking and checked after opening (no race with a file swapped in
/// between): a regular file (a symbolic link to one is followed) of at most `maxBytes` bytes. Errors name `path`:
/// it does not exist, it is a folder, a FIFO, a device or a socket ("not a regular file": reading it could block for
/// ever or never end), it is larger than `maxBytes` (with both sizes), it cannot be read. Synchronous; any thread.
Expected<QByteArray> readInputFile(const QString &path, qint64 maxBytes);

/// Why this process cannot open the existing file `path` for reading (permission denied, an I/O error): an Error
/// naming `path` in readInputFile()'s words ("cannot read the file: Permission denied"); nothing when it opens or
/// does not exist (readInputFile() says so). That is a problem of the machine Sandmark runs on, not of the file's
/// content: a student's notebook that cannot be opened is a grader error, never charged to the student. Opened
/// without blocking and closed at once. Synchronous; any thread.
std::optional<Error> cannotOpenForReading(const QString &path);

/// Why `path`, which is not a regular file, cannot be read as one, in readInputFile()'s words: "no such file", "is
/// a folder, not a file", or "is not a regular file (a FIFO, a device or a socket): …". Synchronous; any thread.
QString notARegularFile(const QString &path);

/// readInputFile()'s limit for inputs that are not notebooks (assignment.json, CSV, YAML, code): 64 MiB.
inline constexpr qint64 kMaxInputFileBytes = 64LL * 1024 * 1024;

} // namespace sandmark
