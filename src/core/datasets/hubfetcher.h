#pragma once
// Fetches `required_datasets` entries into the dataset cache over Qt Network, the way huggingface_hub's
// hf_hub_download does (file_download.py: HEAD /resolve for X-Repo-Commit, X-Linked-Etag/ETag,
// X-Linked-Size and the redirect Location; GET of the blob into blobs/<etag>.incomplete with Range resume;
// rename to blobs/<etag>; refs/<revision>; relative symlink snapshots/<commit>/<path>).

#include "datasets/datasetentry.h"
#include "datasets/hubcache.h"

#include <QFile>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QUrl>

#include <memory>

class QNetworkAccessManager;
class QNetworkReply;
class QNetworkRequest;

namespace sandmark {

/// The outcome of one entry.
struct FetchOutcome
{
    enum Status { Pending, Cached, Downloaded, Failed, Cancelled };
    DatasetEntry entry;
    Status status = Pending;
    QString path;        ///< the snapshot path (Cached/Downloaded)
    qint64 size = -1;    ///< bytes of the file; -1 when unknown
    int httpStatus = 0;  ///< the failing HTTP status (401, 403, 404 …), 0 otherwise
    int requests = 0;    ///< HTTP requests sent for this entry (0 when it was already cached)
    bool resumed = false; ///< a GET continued a partial `.incomplete` file with Range
    QString error;       ///< one sentence, names the problem and the fix (Failed)

    static QString statusName(Status s);
};

/// Downloads several entries in parallel into one HubCache. Lives in the thread that created it (which
/// needs an event loop); all signals are emitted from it. One batch at a time per object.
class HubFetcher : public QObject
{
    Q_OBJECT
public:
    /// `endpoint` is the Hub URL without a trailing "/" (HubCache::defaultEndpoint()).
    HubFetcher(HubCache cache, QString endpoint, QObject *parent = nullptr);
    ~HubFetcher() override;

    /// Bearer token sent to the endpoint's own host only (never to a redirect target on another host).
    /// Empty: no Authorization header. Kept in memory only.
    void setToken(const QString &token) { m_token = token; }
    void setMaxParallel(int n) { m_maxParallel = qMax(1, n); }
    /// Attempts per file when the connection drops mid-transfer; each retry resumes with Range.
    void setMaxAttempts(int n) { m_maxAttempts = qMax(1, n); }

    /// Starts the batch. Entries already resolvable offline in the cache are reported Cached without any
    /// request. Emits fileFinished per entry and finished once.
    void start(const QList<DatasetEntry> &entries);
    /// Aborts all transfers; partial files stay as `.incomplete` for a later resume. No signal follows.
    void cancel();
    /// Each entry's outcome so far (`Pending` while it is being fetched), in the order given to start().
    QList<FetchOutcome> outcomes() const { return m_outcomes; }

Q_SIGNALS:
    /// Bytes of file `index` on disk so far and its expected size (-1 unknown).
    void progress(int index, qint64 bytes, qint64 total);
    void fileFinished(int index, const sandmark::FetchOutcome &outcome);
    void finished(const QList<sandmark::FetchOutcome> &outcomes);

private:
    struct Job;
    void pump();
    void head(Job *job, const QUrl &url, int redirects);
    void onHead(Job *job, QNetworkReply *reply, int redirects);
    void get(Job *job);
    void onGetData(Job *job, QNetworkReply *reply);
    void onGetFinished(Job *job, QNetworkReply *reply);
    void finishJob(Job *job, FetchOutcome::Status status, const QString &error = {}, int httpStatus = 0);
    void fail(Job *job, const QString &error, int httpStatus = 0) { finishJob(job, FetchOutcome::Failed, error, httpStatus); }
    QNetworkRequest request(const QUrl &url, bool sendToken) const;
    bool sameOrigin(const QUrl &a, const QUrl &b) const;

    HubCache m_cache;
    QString m_endpoint;
    QString m_token;
    int m_maxParallel = 4;
    int m_maxAttempts = 3;
    QNetworkAccessManager *m_nam = nullptr;
    QList<FetchOutcome> m_outcomes;
    QList<std::shared_ptr<Job>> m_jobs;
    QList<Job *> m_queue;
    int m_active = 0;
    int m_remaining = 0;
    bool m_running = false;
};

/// The user-facing message for an HTTP failure of `entry` (401, 403, 404 and others), with the fix.
QString hubHttpErrorMessage(int status, const QByteArray &errorCode, const QByteArray &hubMessage);

} // namespace sandmark
