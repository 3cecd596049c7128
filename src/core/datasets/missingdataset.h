#pragma once
// Recognises a notebook error caused by a cold dataset cache, so the run becomes a grader-error
// (never a zero for the student) with a message naming the repo, the file and the fix.

#include <QString>

#include <optional>

namespace sandmark {

/// If the error of a cell (exception class name, str(exception), and optionally the traceback text)
/// comes from huggingface_hub not finding a file offline — `LocalEntryNotFoundError`,
/// `OfflineModeIsEnabled`, "outgoing traffic has been disabled", `EntryNotFoundError` with
/// HF_HUB_OFFLINE — returns the grader-error message: it names the repo and file when the error text
/// does (huggingface_hub's "repo_id: …, filename: …" or the call in the traceback), and the command that
/// fixes it (`sandmark-cli datasets warm <assignment>`). Otherwise std::nullopt. Pure; thread-safe.
std::optional<QString> missingDatasetMessage(const QString &errorName, const QString &errorValue,
                                             const QString &traceback = {}, const QString &assignmentDir = {});

} // namespace sandmark
