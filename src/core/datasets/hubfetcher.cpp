#include "datasets/hubfetcher.h"

#include "util/paths.h"

#include <QDir>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QStorageInfo>

Q_DECLARE_LOGGING_CATEGORY(lcDatasets)

namespace sandmark {

struct HubFetcher::Job
{
    int index = 0;
    DatasetEntry entry;
    QUrl resolveUrl;
    QUrl location;     // where the bytes are (resolve URL or redirect target)
    QString commit;
    QString etag;
    qint64 size = -1;
    int attempts = 0;
    bool done = false;
    bool truncateNext = false;
    QFile file;
    QPointer<QNetworkReply> reply;
};

QString FetchOutcome::statusName(Status s)
{
    switch (s) {
    case Pending: return QStringLiteral("pending");
    case Cached: return QStringLiteral("cached");
    case Downloaded: return QStringLiteral("downloaded");
    case Failed: return QStringLiteral("failed");
    case Cancelled: return QStringLiteral("cancelled");
    }
    return {};
}

QString hubHttpErrorMessage(int status, const QByteArray &errorCode, const QByteArray &hubMessage)
{
    QString msg;
    switch (status) {
    case 401:
        msg = QStringLiteral("HTTP 401 Unauthorized: the repository is private or gated and no valid token was "
                             "sent; store a token with 'sandmark-cli datasets token set' or set HF_TOKEN");
        break;
    case 403:
        msg = QStringLiteral("HTTP 403 Forbidden: the token has no access to this repository; accept its "
                             "conditions on the Hub with the token's account, or use another token");
        break;
    case 404:
        msg = QStringLiteral("HTTP 404 Not Found: check the repo id, the repo type (dataset:/model:), the "
                             "revision and the file name");
        break;
    default:
        msg = QStringLiteral("HTTP %1 from the Hub").arg(status);
    }
    if (!errorCode.isEmpty())
        msg += QStringLiteral(" [%1]").arg(QString::fromLatin1(errorCode));
    if (!hubMessage.isEmpty())
        msg += QStringLiteral(" (%1)").arg(QString::fromUtf8(hubMessage).left(200));
    return msg;
}

HubFetcher::HubFetcher(HubCache cache, QString endpoint, QObject *parent)
    : QObject(parent), m_cache(std::move(cache)), m_endpoint(std::move(endpoint)),
      m_nam(new QNetworkAccessManager(this))
{
    m_nam->setAutoDeleteReplies(false);
}

HubFetcher::~HubFetcher()
{
    cancel();
}

bool HubFetcher::sameOrigin(const QUrl &a, const QUrl &b) const
{
    return a.scheme() == b.scheme() && a.host().compare(b.host(), Qt::CaseInsensitive) == 0
           && a.port(a.scheme() == QLatin1String("https") ? 443 : 80)
                  == b.port(b.scheme() == QLatin1String("https") ? 443 : 80);
}

QNetworkRequest HubFetcher::request(const QUrl &url, bool sendToken) const
{
    QNetworkRequest req(url);
    req.setRawHeader("User-Agent", "sandmark/" + paths::version().toLatin1() + " hf_hub/compatible");
    req.setRawHeader("Accept-Encoding", "identity"); // the real size, as huggingface_hub asks
    if (sendToken && !m_token.isEmpty())
        req.setRawHeader("Authorization", "Bearer " + m_token.toUtf8());
    req.setTransferTimeout(60000);
    return req;
}

void HubFetcher::start(const QList<DatasetEntry> &entries)
{
    cancel();
    m_running = true;
    m_outcomes.clear();
    m_jobs.clear();
    m_queue.clear();
    m_active = 0;
    m_remaining = int(entries.size());
    for (int i = 0; i < entries.size(); ++i) {
        FetchOutcome o;
        o.entry = entries.at(i);
        m_outcomes.append(o);
        auto job = std::make_shared<Job>();
        job->index = i;
        job->entry = entries.at(i);
        job->resolveUrl = QUrl(HubCache::resolveUrl(m_endpoint, job->entry));
        m_jobs.append(job);
    }
    // Cached entries first, synchronously in order, then the network ones.
    for (const auto &job : std::as_const(m_jobs)) {
        const QString p = m_cache.resolveOffline(job->entry);
        if (!p.isEmpty()) {
            m_outcomes[job->index].path = p;
            m_outcomes[job->index].size = QFileInfo(p).size();
            finishJob(job.get(), FetchOutcome::Cached);
            if (!m_running)
                return; // a slot cancelled us
        } else {
            m_queue.append(job.get());
        }
    }
    pump();
}

void HubFetcher::cancel()
{
    if (!m_running)
        return;
    m_running = false;
    for (const auto &job : std::as_const(m_jobs)) {
        if (job->reply) {
            QNetworkReply *r = job->reply;
            job->reply = nullptr;
            r->disconnect(this);
            r->abort();
            r->deleteLater();
        }
        if (job->file.isOpen())
            job->file.close();
    }
    m_queue.clear();
}

void HubFetcher::pump()
{
    while (m_running && m_active < m_maxParallel && !m_queue.isEmpty()) {
        Job *job = m_queue.takeFirst();
        ++m_active;
        head(job, job->resolveUrl, 0);
    }
    if (m_running && m_remaining == 0) {
        m_running = false;
        Q_EMIT finished(m_outcomes);
    }
}

void HubFetcher::head(Job *job, const QUrl &url, int redirects)
{
    QNetworkRequest req = request(url, sameOrigin(url, job->resolveUrl));
    req.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    ++m_outcomes[job->index].requests;
    QNetworkReply *r = m_nam->head(req);
    job->reply = r;
    connect(r, &QNetworkReply::finished, this, [this, job, r, redirects] { onHead(job, r, redirects); });
}

void HubFetcher::onHead(Job *job, QNetworkReply *reply, int redirects)
{
    reply->deleteLater();
    job->reply = nullptr;
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status == 0) {
        if (++job->attempts < m_maxAttempts) {
            head(job, reply->url(), redirects);
            return;
        }
        fail(job, QStringLiteral("cannot reach %1: %2").arg(reply->url().toDisplayString(), reply->errorString()));
        return;
    }
    if (status >= 400) {
        fail(job, hubHttpErrorMessage(status, reply->rawHeader("X-Error-Code"), reply->rawHeader("X-Error-Message")),
             status);
        return;
    }
    const bool isRedirect = status >= 300 && status < 400 && reply->hasRawHeader("Location");
    QUrl target;
    if (isRedirect) {
        target = reply->url().resolved(QUrl(QString::fromUtf8(reply->rawHeader("Location"))));
        // huggingface_hub follows redirects that stay on the Hub host (renamed repos); a redirect to another
        // host (the CDN) carries the file's metadata itself.
        if (sameOrigin(target, job->resolveUrl)) {
            if (redirects >= 10) {
                fail(job, QStringLiteral("too many redirects from %1").arg(job->resolveUrl.toDisplayString()));
                return;
            }
            head(job, target, redirects + 1);
            return;
        }
    }
    job->commit = QString::fromLatin1(reply->rawHeader("X-Repo-Commit"));
    QByteArray etag = reply->rawHeader("X-Linked-Etag");
    if (etag.isEmpty())
        etag = reply->rawHeader("ETag");
    job->etag = HubCache::normalizeEtag(QString::fromLatin1(etag));
    QByteArray size = reply->rawHeader("X-Linked-Size");
    if (size.isEmpty() && !isRedirect)
        size = reply->rawHeader("Content-Length");
    bool okSize = false;
    job->size = size.toLongLong(&okSize);
    if (!okSize)
        job->size = -1;
    job->location = isRedirect ? target : reply->url();
    if (job->commit.isEmpty()) {
        fail(job, QStringLiteral("%1 sent no X-Repo-Commit header: is HF_ENDPOINT a Hugging Face Hub?")
                      .arg(reply->url().toDisplayString()));
        return;
    }
    if (job->etag.isEmpty() || job->etag.contains(QLatin1Char('/'))) {
        fail(job, QStringLiteral("%1 sent no usable ETag").arg(reply->url().toDisplayString()));
        return;
    }
    m_outcomes[job->index].size = job->size;

    const QString pointer = m_cache.pointerPath(job->entry, job->commit);
    const QString blob = m_cache.blobPath(job->entry, job->etag);
    if (QFileInfo(pointer).isFile() || QFileInfo::exists(blob)) {
        auto linked = m_cache.link(job->entry, job->commit, job->etag);
        if (!linked) {
            fail(job, linked.error().toString());
            return;
        }
        m_outcomes[job->index].path = *linked;
        finishJob(job, FetchOutcome::Cached);
        return;
    }
    job->attempts = 0;
    get(job);
}

void HubFetcher::get(Job *job)
{
    const QString blob = m_cache.blobPath(job->entry, job->etag);
    QDir().mkpath(QFileInfo(blob).absolutePath());
    job->file.setFileName(blob + QLatin1String(".incomplete"));
    const qint64 have = job->file.exists() ? job->file.size() : 0;

    if (job->size > 0) {
        const QStorageInfo disk(QFileInfo(blob).absolutePath());
        if (disk.isValid() && disk.bytesAvailable() >= 0 && disk.bytesAvailable() < job->size - have) {
            fail(job, QStringLiteral("not enough disk space in %1: the file needs %2 bytes, %3 are free")
                          .arg(disk.rootPath())
                          .arg(job->size - have)
                          .arg(disk.bytesAvailable()));
            return;
        }
    }
    if (!job->file.open(QIODevice::WriteOnly | QIODevice::Append)) {
        fail(job, QStringLiteral("cannot write %1: %2").arg(job->file.fileName(), job->file.errorString()));
        return;
    }
    QNetworkRequest req = request(job->location, sameOrigin(job->location, job->resolveUrl));
    req.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::SameOriginRedirectPolicy);
    if (have > 0) {
        req.setRawHeader("Range", "bytes=" + QByteArray::number(have) + '-');
        m_outcomes[job->index].resumed = true;
    }
    ++m_outcomes[job->index].requests;
    QNetworkReply *r = m_nam->get(req);
    job->reply = r;
    job->truncateNext = false;
    connect(r, &QNetworkReply::metaDataChanged, this, [job, r, have] {
        const int st = r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        // A server that ignores Range answers 200 with the whole file: start over.
        if (have > 0 && st == 200)
            job->truncateNext = true;
    });
    connect(r, &QNetworkReply::readyRead, this, [this, job, r] { onGetData(job, r); });
    connect(r, &QNetworkReply::finished, this, [this, job, r] { onGetFinished(job, r); });
}

void HubFetcher::onGetData(Job *job, QNetworkReply *reply)
{
    const int st = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (st != 200 && st != 206)
        return; // error bodies are not file contents
    if (job->truncateNext) {
        job->file.resize(0);
        job->file.seek(0);
        job->truncateNext = false;
    }
    const QByteArray data = reply->readAll();
    if (job->file.write(data) != data.size() || !job->file.flush()) {
        const QString why = job->file.errorString();
        QNetworkReply *r = job->reply;
        job->reply = nullptr;
        r->disconnect(this);
        r->abort();
        r->deleteLater();
        job->file.close();
        const QStorageInfo disk(QFileInfo(job->file.fileName()).absolutePath());
        fail(job, QStringLiteral("cannot write %1: %2 (disk full? %3 bytes free on %4); the partial file is kept "
                                 "and the next warm resumes it")
                      .arg(job->file.fileName(), why)
                      .arg(disk.bytesAvailable())
                      .arg(disk.rootPath()));
        return;
    }
    Q_EMIT progress(job->index, job->file.size(), job->size);
}

void HubFetcher::onGetFinished(Job *job, QNetworkReply *reply)
{
    if (job->reply != reply)
        return;
    if (reply->bytesAvailable() > 0)
        onGetData(job, reply);
    if (job->done)
        return;
    reply->deleteLater();
    job->reply = nullptr;
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    job->file.close();
    if (status >= 400 && status != 416) {
        fail(job, hubHttpErrorMessage(status, reply->rawHeader("X-Error-Code"), reply->rawHeader("X-Error-Message")),
             status);
        return;
    }
    const qint64 have = job->file.size();
    const bool complete = job->size < 0 ? reply->error() == QNetworkReply::NoError : have >= job->size;
    if (!complete || (reply->error() != QNetworkReply::NoError && status != 416)) {
        if (have > job->size && job->size >= 0) {
            QFile::remove(job->file.fileName());
            fail(job, QStringLiteral("received %1 bytes, expected %2; the partial file was removed").arg(have).arg(job->size));
            return;
        }
        if (++job->attempts < m_maxAttempts) {
            qCInfo(lcDatasets) << "resuming" << job->entry.toString() << "at" << have << "bytes";
            get(job);
            return;
        }
        fail(job, QStringLiteral("download interrupted at %1 of %2 bytes (%3); run warm again to resume")
                      .arg(have)
                      .arg(job->size)
                      .arg(reply->errorString()));
        return;
    }
    if (job->size >= 0 && have != job->size) {
        QFile::remove(job->file.fileName());
        fail(job, QStringLiteral("received %1 bytes, expected %2; the partial file was removed").arg(have).arg(job->size));
        return;
    }
    const QString blob = m_cache.blobPath(job->entry, job->etag);
    QFile::remove(blob);
    if (!QFile::rename(job->file.fileName(), blob)) {
        fail(job, QStringLiteral("cannot move %1 to %2").arg(job->file.fileName(), blob));
        return;
    }
    auto linked = m_cache.link(job->entry, job->commit, job->etag);
    if (!linked) {
        fail(job, linked.error().toString());
        return;
    }
    m_outcomes[job->index].path = *linked;
    m_outcomes[job->index].size = have;
    finishJob(job, FetchOutcome::Downloaded);
}

void HubFetcher::finishJob(Job *job, FetchOutcome::Status status, const QString &error, int httpStatus)
{
    if (job->done)
        return;
    job->done = true;
    if (job->file.isOpen())
        job->file.close();
    FetchOutcome &o = m_outcomes[job->index];
    o.status = status;
    o.error = error;
    o.httpStatus = httpStatus;
    const bool wasNetwork = o.requests > 0;
    --m_remaining;
    Q_EMIT fileFinished(job->index, o);
    if (wasNetwork) {
        --m_active;
        if (m_running)
            QMetaObject::invokeMethod(this, &HubFetcher::pump, Qt::QueuedConnection);
    } else if (m_running && m_remaining == 0 && m_queue.isEmpty()) {
        QMetaObject::invokeMethod(this, &HubFetcher::pump, Qt::QueuedConnection);
    }
}

} // namespace sandmark
