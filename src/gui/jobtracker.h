#pragma once
// Background jobs whose results reach the GUI thread only while they are still wanted.

#include <QFuture>
#include <QFutureWatcher>
#include <QThreadPool>
#include <QObject>
#include <QtConcurrent/QtConcurrentRun>

#include <memory>
#include <type_traits>
#include <utility>

namespace sandmark {

/// The pool for the app's own background work (gradebook reads, notebook parsing, image decoding), with as
/// many threads as cores. Never QThreadPool::globalInstance(): Qt 6.4's raster engine splits large fills over
/// that pool and waits for them on the GUI thread, so a job of ours queued there held up painting for as long
/// as it ran (400 ms and more in bench_batch_stall). Created on first use, destroyed at exit; thread-safe.
QThreadPool *backgroundPool();

/// Runs one kind of background job at a time (e.g. "load the preview"). Every run() or cancel() bumps a
/// generation counter; a job's result is delivered only if no newer run() or cancel() came after it, so a
/// slow stale result never overwrites a fresh one (the pattern of KDAB/hotspot's job tracker).
///
/// Work runs on backgroundPool(); it must not touch widgets and must own (copy) its inputs.
/// The `done` callback runs on the tracker's thread (the GUI thread) from the event loop, never inside
/// run(), and never after the tracker is destroyed (a QFutureWatcher child of the tracker delivers it). The work itself is not interrupted by
/// cancel(): it runs to its end and its result is dropped.
class JobTracker : public QObject
{
    Q_OBJECT
public:
    explicit JobTracker(QObject *parent = nullptr);

    /// Starts `work()` in the background; when it finishes and is still current, calls `done(result)`.
    template <typename Work, typename Done>
    void run(Work work, Done done)
    {
        run(backgroundPool(), std::move(work), std::move(done));
    }

    /// The same on `pool` (e.g. one thread of its own for long, low-priority work that must not hold up the
    /// background pool's short jobs). `pool` must outlive the work.
    template <typename Work, typename Done>
    void run(QThreadPool *pool, Work work, Done done)
    {
        using Result = std::invoke_result_t<Work>;
        const quint64 generation = ++m_generation;
        setBusy(true);
        // std::shared_ptr: QFuture needs a default-constructible result; Expected<T> is not.
        auto *watcher = new QFutureWatcher<std::shared_ptr<Result>>(this);
        // The watcher reports through queued events, so done() never runs inside run(), even when the work
        // finished before the watcher was attached.
        connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation, done = std::move(done)]() mutable {
            watcher->deleteLater();
            if (generation != m_generation)
                return; // superseded: drop it
            setBusy(false);
            done(std::move(*watcher->result()));
        });
        watcher->setFuture(QtConcurrent::run(pool, [work = std::move(work)]() mutable { return std::make_shared<Result>(work()); }));
    }

    /// Drops the result of the running job, if any.
    void cancel();
    /// Bumped by every run() and cancel().
    quint64 generation() const { return m_generation; }
    /// True from run() until its result is delivered or dropped by cancel().
    bool isBusy() const { return m_busy; }

Q_SIGNALS:
    void busyChanged(bool busy);

private:
    void setBusy(bool busy);

    quint64 m_generation = 0;
    bool m_busy = false;
};

} // namespace sandmark
