#pragma once
// One `required_datasets` entry of assignment.json: a file in a Hugging Face Hub repository.

#include "util/expected.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace sandmark {

/// A file in a Hub repository. Format (docs/datasets.md):
///
///     "[<type>:]<repo_id>[@<revision>] <filename>"
///
/// `type` is `dataset` (the default), `model` or `space`; `revision` is a branch, tag or commit hash
/// (default `main`); `filename` is the path inside the repository, `/`-separated. Examples:
/// `"neuro/betas S01/betas_all.npy"`, `"model:org/bert@v1.0 config.json"`.
struct DatasetEntry
{
    QString repoType = QStringLiteral("dataset"); ///< "dataset", "model" or "space" (huggingface_hub's repo_type)
    QString repoId;                               ///< "org/name" (or "name")
    QString revision = QStringLiteral("main");    ///< branch, tag or 40-hex commit
    QString filename;                             ///< path inside the repo, "/"-separated, never absolute

    /// The canonical text form, omitting defaults ("dataset:", "@main"), so it round-trips through parse().
    QString toString() const;
    /// `org/name filename` with type and revision only when they differ from the defaults: for messages.
    QString display() const { return toString(); }

    bool operator==(const DatasetEntry &o) const = default;

    /// Parses the text form. `file` and `location` (e.g. "required_datasets[2]") go into the Error.
    static Expected<DatasetEntry> parse(const QString &text, const QString &file = {}, const QString &location = {});
};

/// Parses every entry; the first bad one is the Error (location "required_datasets[i]").
Expected<QList<DatasetEntry>> parseDatasetEntries(const QStringList &texts, const QString &file = {});

/// True when `revision` is a full 40-hex commit hash (huggingface_hub's REGEX_COMMIT_HASH).
bool isCommitHash(const QString &revision);

} // namespace sandmark
