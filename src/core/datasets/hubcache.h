#pragma once
// The dataset cache: an HF_HOME folder in huggingface_hub's cache layout.
//
// Layout (huggingface_hub file_download.py, `_hf_hub_download_to_cache_dir`, `try_to_load_from_cache`):
//   <HF_HOME>/hub/<type>s--<org>--<name>/blobs/<etag>               file contents, named by normalised ETag
//   <HF_HOME>/hub/<type>s--<org>--<name>/snapshots/<commit>/<path>  relative symlink to ../../blobs/<etag>
//   <HF_HOME>/hub/<type>s--<org>--<name>/refs/<revision>            text: the commit hash <revision> resolved to

#include "datasets/datasetentry.h"
#include "util/expected.h"

#include <QString>

namespace sandmark {

/// Paths and offline resolution inside one HF_HOME. Plain value; thread-safe for reads.
class HubCache
{
public:
    /// `hfHome` is the HF_HOME folder (the hub cache is `hfHome/hub`).
    explicit HubCache(QString hfHome) : m_home(std::move(hfHome)) {}

    /// The folder Sandmark warms by default: $HF_HOME when set, else `paths::cacheDir()/huggingface`.
    static QString defaultHome();
    /// The Hub endpoint: $HF_ENDPOINT without a trailing "/", else https://huggingface.co.
    static QString defaultEndpoint();

    QString home() const { return m_home; }
    QString hubDir() const; ///< `<home>/hub` (HF_HUB_CACHE)

    /// "datasets--org--name" (huggingface_hub `repo_folder_name`).
    static QString repoFolderName(const DatasetEntry &e);
    QString repoDir(const DatasetEntry &e) const;
    QString blobPath(const DatasetEntry &e, const QString &etag) const;
    QString pointerPath(const DatasetEntry &e, const QString &commit) const;
    QString refPath(const DatasetEntry &e) const; ///< refs/<revision>

    /// `{endpoint}/{datasets/|spaces/}{repo_id}/resolve/{revision}/{filename}`, revision percent-encoded
    /// entirely and filename with "/" kept (huggingface_hub `hf_hub_url`).
    static QString resolveUrl(const QString &endpoint, const DatasetEntry &e);

    /// The commit `e.revision` resolves to offline: the revision itself when it is a commit hash, else the
    /// content of refs/<revision>; empty when unknown.
    QString cachedCommit(const DatasetEntry &e) const;

    /// Offline resolution as huggingface_hub does with HF_HUB_OFFLINE=1: refs/<revision> → commit →
    /// snapshots/<commit>/<filename> must exist (following the symlink). Returns the snapshot path or
    /// an empty string when the file is not cached.
    QString resolveOffline(const DatasetEntry &e) const;

    /// Records a downloaded blob: writes refs/<revision> (unless the revision is the commit) atomically
    /// and creates the relative snapshot symlink to the blob. The blob must already exist.
    Expected<QString> link(const DatasetEntry &e, const QString &commit, const QString &etag) const;

    /// huggingface_hub `_normalize_etag`: strips a leading `W/` and surrounding quotes.
    static QString normalizeEtag(const QString &etag);

private:
    QString m_home;
};

} // namespace sandmark
