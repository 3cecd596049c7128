#pragma once
// Scan, warm or check the datasets of one assignment: scanner → calls in the environment → entries.

#include "datasets/assignmentdatasets.h"
#include "datasets/envcalls.h"
#include "datasets/hubfetcher.h"
#include "datasets/scanner.h"

#include <QObject>

namespace sandmark {

/// What one job found and did. Plain value.
struct DatasetReport
{
    QString assignment;               ///< slug
    QList<ScannedCall> calls;         ///< every scanned call (computed ones included)
    QStringList warnings;             ///< scan warnings (release, unparsable cells, failed imports)
    bool cancelled = false;           ///< cancel() ended the job before its steps did
    QList<CallOutcome> callOutcomes;  ///< warm/check: one per call (computed ones skipped)
    QList<FetchOutcome> entries;      ///< warm/check: one per required_datasets entry
    qint64 totalBytes = 0;            ///< bytes of every file found in the cache (calls and entries)
    bool overSizeThreshold = false;

    /// Missing files/failing calls, one line each ("<where>: <what>"); empty when everything is there.
    QStringList problems() const;
    /// Calls the scan could not evaluate (computed arguments), one line each with the fix.
    QStringList computedCalls() const;
};

/// Drives the steps for one assignment. Lives in the creating thread; finished or failed once per start().
class DatasetJob : public QObject
{
    Q_OBJECT
public:
    enum Mode { Scan, Warm, Check };

    struct Options
    {
        Mode mode = Scan;
        QString python;          ///< environment interpreter for the calls (scan uses it too)
        QString hfHome;          ///< dataset cache (HF_HOME)
        QString endpoint;        ///< Hub URL
        QString token;           ///< may be empty
        qint64 sizeWarningBytes = 2LL * 1024 * 1024 * 1024; ///< total above this sets overSizeThreshold
    };

    DatasetJob(AssignmentDatasets assignment, Options options, QObject *parent = nullptr);

    void start();
    /// Stops the running step and ends the job at once: finished() with what was done, the entries not yet
    /// fetched `Cancelled`, and `cancelled` set. Nothing when no job runs.
    void cancel();

Q_SIGNALS:
    void progress(int entryIndex, qint64 bytes, qint64 total);
    void entryFinished(int entryIndex, const sandmark::FetchOutcome &outcome);
    void finished(const sandmark::DatasetReport &report);
    void failed(const sandmark::Error &error);

private:
    void scanNext();
    void runCalls();
    void runEntries();
    void done();
    void fail(const Error &error);

    AssignmentDatasets m_a;
    Options m_o;
    DatasetReport m_report;
    QList<ScannedImport> m_imports;
    qsizetype m_nextNotebook = 0;
    DatasetScanner *m_scanner = nullptr;
    EnvCallRunner *m_calls = nullptr;
    HubFetcher *m_fetcher = nullptr;
    bool m_running = false; ///< between start() and its finished() or failed()
};

} // namespace sandmark
