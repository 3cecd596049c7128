#include "batchtask.h"

#include <QDeadlineTimer>
#include <QMutexLocker>
#include <QThread>
#include <QTimer>

#include <memory>
#include <optional>
#include <tuple>

namespace sandmark {

BatchTask::BatchTask(Assignment assignment, QList<Submission> submissions, BatchOptions options, QObject *parent)
    : QObject(parent),
      m_thread(new QThread),
      m_grader(new BatchGrader(std::move(assignment), std::move(submissions), std::move(options)))
{
    m_jobs = m_grader->jobs();
    m_thread->setObjectName(QStringLiteral("sandmark-batch"));
    m_grader->moveToThread(m_thread);
    // The grader dies on its own thread (its sandboxes' processes live there), when the thread ends.
    connect(m_thread, &QThread::finished, m_grader, &QObject::deleteLater);

    // On the batch's thread: thousands of unchanged submissions become one list, sent before started() (or
    // the end, when the batch stops while checking them), so the GUI applies their grades with one sort.
    auto skipped = std::make_shared<QStringList>();
    connect(m_grader, &BatchGrader::submissionSkipped, m_grader, [skipped](const QString &id) { *skipped << id; });
    auto flush = [this, skipped] {
        if (!skipped->isEmpty())
            QMetaObject::invokeMethod(this, [this, ids = std::exchange(*skipped, {})] { Q_EMIT submissionsSkipped(ids); },
                                      Qt::QueuedConnection);
    };
    connect(m_grader, &BatchGrader::started, m_grader, flush);
    connect(m_grader, &BatchGrader::finished, m_grader, flush);
    connect(m_grader, &BatchGrader::failed, m_grader, flush);

    // On the batch's thread too: results and progress gathered for resultsIntervalMs, then sent as one list (a
    // regrade commits hundreds at once; one queued event each kept the GUI thread from its event loop while it
    // applied them all), and whatever is left before the batch's end.
    struct Pending
    {
        QList<Finished> results;
        std::optional<std::tuple<int, int, double>> progress;
        bool scheduled = false;
    };
    auto pending = std::make_shared<Pending>();
    auto send = [this, pending] {
        pending->scheduled = false;
        if (pending->results.isEmpty() && !pending->progress)
            return;
        QMetaObject::invokeMethod(this, [this, results = std::exchange(pending->results, {}),
                                         progress = std::exchange(pending->progress, std::nullopt)] {
            if (!results.isEmpty())
                Q_EMIT submissionsFinished(results);
            if (progress)
                Q_EMIT this->progress(std::get<0>(*progress), std::get<1>(*progress), std::get<2>(*progress));
        }, Qt::QueuedConnection);
    };
    auto schedule = [grader = m_grader, pending, send] {
        if (!std::exchange(pending->scheduled, true))
            QTimer::singleShot(resultsIntervalMs, grader, send);
    };
    connect(m_grader, &BatchGrader::submissionFinished, m_grader,
            [pending, schedule](const QString &id, const GradeResult &result, const RunRecord &run) {
                pending->results.append({id, result, run});
                schedule();
            });
    connect(m_grader, &BatchGrader::progress, m_grader, [pending, schedule](int done, int total, double eta) {
        pending->progress = std::make_tuple(done, total, eta);
        schedule();
    });
    connect(m_grader, &BatchGrader::finished, m_grader, send);
    connect(m_grader, &BatchGrader::failed, m_grader, send);

    // To the GUI thread, queued (this object lives there).
    connect(m_grader, &BatchGrader::message, this, &BatchTask::message);
    connect(m_grader, &BatchGrader::referenceEnded, this, &BatchTask::referenceEnded);
    connect(m_grader, &BatchGrader::started, this, &BatchTask::started);
    connect(m_grader, &BatchGrader::submissionStarted, this, &BatchTask::submissionStarted);
    connect(m_grader, &BatchGrader::finished, this, [this](const BatchSummary &s) {
        m_grader = nullptr; // deleted on its thread by now, or soon
        Q_EMIT finished(s);
    });
    connect(m_grader, &BatchGrader::failed, this, [this](const Error &e) {
        m_grader = nullptr;
        Q_EMIT failed(e);
    });

    // On the batch's thread, after the signals above were queued: the batch is over, its thread ends.
    auto over = [this] {
        QMutexLocker lock(&m_mutex);
        m_over = true; // from here on the grader may be deleted: nothing is posted to it any more
        m_thread->quit();
    };
    connect(m_grader, &BatchGrader::finished, m_grader, over);
    connect(m_grader, &BatchGrader::failed, m_grader, over);
}

BatchTask::~BatchTask()
{
    if (!m_threadStarted) {
        delete m_grader; // never left this thread's hands: no process, no connection yet
        delete m_thread;
        return;
    }
    if (m_thread->isRunning()) {
        // Closing during a batch: cancel it and let it end as a cancelled batch does (summary, pruning, lock).
        cancel();
        if (!m_thread->wait(QDeadlineTimer(shutdownWaitMs))) {
            m_thread->quit(); // the grader is destroyed on its thread: its sandboxes are killed
            m_thread->wait();
        }
    }
    delete m_thread;
}

void BatchTask::start()
{
    if (m_threadStarted)
        return;
    m_threadStarted = true;
    m_thread->start();
    // Posted before any cancel(), so the grader starts first even when cancelled at once.
    QMetaObject::invokeMethod(m_grader, &BatchGrader::start, Qt::QueuedConnection);
}

void BatchTask::cancel()
{
    QMutexLocker lock(&m_mutex);
    if (!m_threadStarted || m_over || !m_grader)
        return;
    // Posted under the lock: the grader lives at least until `m_over` is set on its thread.
    QMetaObject::invokeMethod(m_grader, &BatchGrader::cancel, Qt::QueuedConnection);
}

} // namespace sandmark
