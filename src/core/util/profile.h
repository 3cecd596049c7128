#pragma once
// Stage timings of grading runs, for bench/bench_peer's per-stage table (issue 20). Off unless asked for.

#include <QList>
#include <QString>

namespace sandmark::profile {

/// True when the environment variable SANDMARK_PROFILE names a file: then span() appends to it. Read once.
bool enabled();

/// Seconds since the epoch, wall clock (CLOCK_REALTIME, microseconds): the clock the runner reads inside the
/// sandbox too (no backend gives it a time namespace), so both sides' spans share one time line.
double now();

/// Appends one JSON line `{"run": run, "stage": stage, "start": start, "end": end}` (seconds since the epoch)
/// to the SANDMARK_PROFILE file when enabled(); nothing otherwise. `run` names what the span belongs to (a
/// submission's notebook path, or "batch"). Thread-safe; each line is written and flushed at once, so a
/// killed process leaves whole lines. Failures to write are ignored (profiling never changes a grade).
void span(const QString &run, const QString &stage, double start, double end = now());

/// One of the runner's own stages: an entry of the result's "profile" array (docs/runner-protocol.md, `[stage,
/// start, end]`), read by readRunnerAnswer(), which skips entries of another shape.
struct RunnerStage
{
    QString stage;     ///< "kernel-start", "cell:student:3", …
    double start = 0;  ///< seconds since the epoch (the host's clock)
    double end = 0;    ///< seconds since the epoch
};

/// The runner's own stages, appended under `run` as span() does, stage names prefixed "runner:".
void runnerSpans(const QString &run, const QList<RunnerStage> &stages);

/// Times the scope it lives in: span(run, stage, construction time, destruction time) when enabled().
class Scope
{
public:
    Scope(QString run, QString stage);
    ~Scope();
    Scope(const Scope &) = delete;
    Scope &operator=(const Scope &) = delete;

private:
    QString m_run, m_stage;
    double m_start = 0;
};

} // namespace sandmark::profile
