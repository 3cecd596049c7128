#include "datasets/datasetjob.h"

#include <QFileInfo>

namespace sandmark {

QStringList DatasetReport::problems() const
{
    QStringList out;
    for (const CallOutcome &c : callOutcomes) {
        if (!c.ok && !c.skipped)
            out.append(QStringLiteral("%1: %2 failed%3: %4: %5")
                           .arg(c.call.where(), c.call.source.simplified(),
                                c.hubFiles.isEmpty() ? QString()
                                                     : QStringLiteral(" reading %1").arg(c.hubFiles.join(QLatin1String(", "))),
                                c.errorName, c.errorValue.simplified()));
    }
    for (const FetchOutcome &e : entries) {
        if (e.status != FetchOutcome::Cached && e.status != FetchOutcome::Downloaded)
            out.append(QStringLiteral("required_datasets: %1: %2")
                           .arg(e.entry.toString(), e.error.isEmpty() ? QStringLiteral("missing from the cache") : e.error));
    }
    return out;
}

QStringList DatasetReport::computedCalls() const
{
    QStringList out;
    for (const ScannedCall &c : calls)
        if (c.isComputed())
            out.append(QStringLiteral("%1: %2 has a computed argument (%3): the scan cannot know its file; list "
                                      "the files it reads with 'sandmark-cli datasets add'")
                           .arg(c.where(), c.source.simplified(), c.computed.join(QLatin1String("; "))));
    return out;
}

DatasetJob::DatasetJob(AssignmentDatasets assignment, Options options, QObject *parent)
    : QObject(parent), m_a(std::move(assignment)), m_o(std::move(options))
{
}

void DatasetJob::start()
{
    m_running = true;
    m_report = DatasetReport{};
    m_report.assignment = m_a.slug;
    m_imports.clear();
    m_nextNotebook = 0;
    scanNext();
}

void DatasetJob::cancel()
{
    if (!m_running)
        return;
    if (m_scanner)
        m_scanner->cancel();
    if (m_calls)
        m_calls->cancel();
    if (m_fetcher) {
        m_fetcher->cancel();
        m_report.entries = m_fetcher->outcomes();
    }
    // The steps stop without a word once cancelled: the job ends here, with what was done, the rest cancelled
    // (the Data page waited for a finished() that never came, and stayed at "Cancelling…").
    for (FetchOutcome &e : m_report.entries)
        if (e.status == FetchOutcome::Pending) {
            e.status = FetchOutcome::Cancelled;
            e.error = QStringLiteral("cancelled");
        }
    m_report.cancelled = true;
    done();
}

void DatasetJob::fail(const Error &error)
{
    m_running = false;
    Q_EMIT failed(error);
}

void DatasetJob::scanNext()
{
    if (m_nextNotebook >= m_a.notebooks.size()) {
        if (m_o.mode == Scan)
            done();
        else
            runCalls();
        return;
    }
    const QString nb = m_a.notebooks.at(m_nextNotebook++);
    auto cells = readCodeCells(nb);
    if (!cells) {
        fail(cells.error());
        return;
    }
    if (!m_scanner) {
        m_scanner = new DatasetScanner(this);
        connect(m_scanner, &DatasetScanner::finished, this, [this](const ScanResult &r) {
            m_report.calls += r.calls;
            m_report.warnings += r.warnings;
            m_imports += r.imports;
            scanNext();
        });
        connect(m_scanner, &DatasetScanner::failed, this, &DatasetJob::fail);
    }
    m_scanner->start(m_o.python, QFileInfo(nb).fileName(), *cells, m_a.functions);
}

void DatasetJob::runCalls()
{
    bool any = false;
    for (const ScannedCall &c : std::as_const(m_report.calls))
        any = any || !c.isComputed();
    if (!any) {
        for (const ScannedCall &c : std::as_const(m_report.calls)) {
            CallOutcome o;
            o.call = c;
            o.skipped = true;
            m_report.callOutcomes.append(o);
        }
        runEntries();
        return;
    }
    EnvCallRequest req;
    req.python = m_o.python;
    req.workDir = m_a.dir;
    req.hfHome = m_o.hfHome;
    req.endpoint = m_o.endpoint;
    req.token = m_o.mode == Check ? QString() : m_o.token;
    req.offline = m_o.mode == Check;
    req.imports = m_imports;
    req.calls = m_report.calls;
    m_calls = new EnvCallRunner(this);
    connect(m_calls, &EnvCallRunner::finished, this,
            [this](const QList<CallOutcome> &outcomes, const QStringList &importErrors, const QString &) {
                m_report.callOutcomes = outcomes;
                for (const QString &e : importErrors)
                    m_report.warnings.append(QStringLiteral("import failed in the environment: %1").arg(e));
                runEntries();
            });
    connect(m_calls, &EnvCallRunner::failed, this, &DatasetJob::fail);
    m_calls->start(req);
}

void DatasetJob::runEntries()
{
    auto entries = parseDatasetEntries(m_a.requiredDatasets, m_a.jsonPath);
    if (!entries) {
        fail(entries.error());
        return;
    }
    const HubCache cache(m_o.hfHome);
    if (m_o.mode == Check || entries->isEmpty()) {
        for (const DatasetEntry &e : std::as_const(*entries)) {
            FetchOutcome o;
            o.entry = e;
            o.path = cache.resolveOffline(e);
            if (o.path.isEmpty()) {
                o.status = FetchOutcome::Failed;
                o.error = QStringLiteral("not in the cache %1 (refs/%2 → snapshots/<commit>/%3); run "
                                         "'sandmark-cli datasets warm'")
                              .arg(cache.hubDir(), e.revision, e.filename);
            } else {
                o.status = FetchOutcome::Cached;
                o.size = QFileInfo(o.path).size();
            }
            m_report.entries.append(o);
        }
        done();
        return;
    }
    m_fetcher = new HubFetcher(cache, m_o.endpoint, this);
    m_fetcher->setToken(m_o.token);
    connect(m_fetcher, &HubFetcher::progress, this, &DatasetJob::progress);
    connect(m_fetcher, &HubFetcher::fileFinished, this, &DatasetJob::entryFinished);
    connect(m_fetcher, &HubFetcher::finished, this, [this](const QList<FetchOutcome> &outcomes) {
        m_report.entries = outcomes;
        done();
    });
    m_fetcher->start(*entries);
}

void DatasetJob::done()
{
    qint64 total = 0;
    for (const FetchOutcome &e : std::as_const(m_report.entries))
        if (!e.path.isEmpty())
            total += QFileInfo(e.path).size();
    for (const CallOutcome &c : std::as_const(m_report.callOutcomes)) {
        if (!c.ok)
            continue;
        QString p = c.result;
        if (p.size() >= 2 && (p.front() == QLatin1Char('\'') || p.front() == QLatin1Char('"')))
            p = p.mid(1, p.size() - 2);
        const QFileInfo fi(p);
        if (fi.isFile())
            total += fi.size();
    }
    m_report.totalBytes = total;
    m_report.overSizeThreshold = m_o.sizeWarningBytes > 0 && total > m_o.sizeWarningBytes;
    m_running = false;
    Q_EMIT finished(m_report);
}

} // namespace sandmark
