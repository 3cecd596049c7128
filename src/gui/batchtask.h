#pragma once
// Runs a batch for the desktop app, off the GUI thread.

#include "batch/batchgrader.h"

#include <QMutex>
#include <QObject>
#include <QStringList>

class QThread;

namespace sandmark {

/// Runs a BatchGrader (src/core/batch/batchgrader.h) on a thread of its own with its own event loop, so
/// nothing a batch does — the gradebook's lock and connection, hashing every submission's files, needsRerun,
/// parsing notebooks, recordRun, deleting superseded run folders, the sandboxes' processes — touches the GUI
/// thread. The grader's signals reach the task's thread queued and are re-emitted by the task; the unchanged
/// submissions arrive as one list (submissionsSkipped) before started(), and the results (with the latest
/// progress) as lists too, at most one every `resultsIntervalMs` (submissionsFinished): a queued event per result
/// made the GUI thread apply hundreds of them in one pass of its event loop. cancel() is passed on to the grader.
/// Exactly one of finished()/failed() follows start(), after every result, after which the batch's thread has ended.
///
/// Destroying the task during a batch cancels it and waits (at most `shutdownWaitMs`) for the grader to end
/// on its thread: every result recorded so far stays (each was committed as its run ended), running
/// sandboxes are killed, the gradebook's lock is released; past that time the grader is destroyed on its
/// thread, which kills its sandboxes as well. Create, use and destroy it on the GUI thread.
class BatchTask : public QObject
{
    Q_OBJECT
public:
    BatchTask(Assignment assignment, QList<Submission> submissions, BatchOptions options, QObject *parent = nullptr);
    ~BatchTask() override;

    /// Starts the batch's thread and the grader on it. Once only.
    void start();
    /// Stops the batch (BatchGrader::cancel(), on the batch's thread); finished() follows with `cancelled`.
    void cancel();
    /// Sandboxes at once (BatchGrader::jobs()).
    int jobs() const { return m_jobs; }
    /// The grader, living on the batch's thread until the batch ends; for observers (tests) that connect to
    /// its signals with connections that touch nothing of the GUI. Null before start() and after the end.
    BatchGrader *grader() const { return m_grader; }

    /// How long the destructor waits for a cancelled batch to end cleanly, in milliseconds.
    static constexpr int shutdownWaitMs = 30000;
    /// How long results are gathered on the batch's thread before they are sent to the GUI as one list.
    static constexpr int resultsIntervalMs = 50;

    /// One submission's committed result (BatchGrader::submissionFinished).
    struct Finished
    {
        QString studentId;
        GradeResult result;
        RunRecord run;
    };

Q_SIGNALS:
    void message(const QString &line);
    /// The unchanged submissions (BatchGrader::submissionSkipped), all at once.
    void submissionsSkipped(const QStringList &studentIds);
    void referenceEnded(const sandmark::HealthInputs::Reference &reference);
    void started(int total);
    void submissionStarted(const QString &studentId);
    /// Results as the grader committed them, in its order (BatchGrader::submissionFinished), several at once.
    void submissionsFinished(const QList<sandmark::BatchTask::Finished> &finished);
    /// The grader's latest progress (BatchGrader::progress), sent with the results.
    void progress(int done, int total, double etaSeconds);
    void finished(const sandmark::BatchSummary &summary);
    void failed(const sandmark::Error &error);

private:
    QThread *m_thread = nullptr;
    BatchGrader *m_grader = nullptr; ///< lives on m_thread; deleted there when the thread ends
    int m_jobs = 1;
    bool m_threadStarted = false;
    QMutex m_mutex;      ///< guards m_over, which the batch's thread sets
    bool m_over = false; ///< the grader emitted its end: nothing is posted to it any more
};

} // namespace sandmark
