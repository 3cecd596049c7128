#pragma once
// Shared fixtures of the benchmarks in bench/: the gradebook of a graded batch (gradebook_bench,
// bench_submissions_table) and the assignment folder with its submissions (bench_submissions_table,
// bench_batch_stall), and a SecretStore without a keychain.

#include "gradebook/gradebook.h"
#include "secrets/secretstore.h"
#include "util/expected.h"

#include <QString>
#include <QTimer>

namespace sandmark::bench {

/// The id of the i-th fixture student: "student00042" (zero-padded, so that ids sort as numbers do).
QString studentId(int i);

/// The i-th student's run: `checks` value checks q1..qN worth 1 point each, a third of them failed (with
/// feedback), backend "bwrap", duration 1.5-2.5 s, started now, a made-up artifacts path that does not exist.
RunRecord fixtureRun(int i, int checks);

/// Writes `n` runs (fixtureRun(0..n-1)) into `gradebook` with one recordRun() each (one transaction per run,
/// as a batch commits them) and a manual override of q1 for every tenth student. Blocking. Errors: the first
/// failed write.
Expected<void> writeGradebookFixture(Gradebook &gradebook, int n, int checks);

/// Builds in `folder` a copy of examples/iris (`irisFolder`: assignment.json, the instructor notebook,
/// data/iris.csv) with `n` submission folders `submissions/studentNNNNN/` each holding alice's notebook, and
/// its gradebook (writeGradebookFixture) at Gradebook::defaultPath(folder). When `folder` already holds a
/// complete fixture of the same size (a marker file written last), nothing is done: a kept fixture is reused.
/// Blocking (minutes for 5,000: one synchronous transaction per run). Errors name the file.
Expected<void> buildAssignmentFixture(const QString &irisFolder, const QString &folder, int n, int checks);

/// A SecretStore without a keychain, for the benches that start the app's pages (they never read secrets):
/// every call answers at once (queued on `context`'s thread) with nothing and no error.
class NoSecrets : public SecretStore
{
public:
    void read(const QString &, QObject *context, ReadCallback cb) override
    {
        QTimer::singleShot(0, context, [cb] { cb(QString()); });
    }
    void write(const QString &, const QString &, QObject *context, DoneCallback cb) override
    {
        QTimer::singleShot(0, context, [cb] { cb({}); });
    }
    void remove(const QString &, QObject *context, DoneCallback cb) override
    {
        QTimer::singleShot(0, context, [cb] { cb({}); });
    }
};

} // namespace sandmark::bench
