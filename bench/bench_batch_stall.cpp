// Benchmark: the longest GUI-thread stall while the app grades a batch of N (default 5,000) submissions whose
// gradebook already holds their results (issue 15; goal < 50 ms). Usage:
//   bench_batch_stall [N=5000] [--ambiguous-every K=10] [--fixture DIR] [--runs R=1] [--only app|core]
//                     [--scenario run|failed|open|sort|select|export] [--why] [--why-over MS=20]
//
// Fixture (bench/fixture.h, kept in DIR and reused): a copy of examples/iris with N submission folders; every
// K-th folder holds a second notebook (ambiguous: recorded as needs-review without a sandbox). The reference
// run of the instructor notebook runs once for real (sandbox chosen by the app's default preferences; cached
// by key like every reference run), then every student gets a recorded run under the real inputs hash, so a
// batch finds the others unchanged and no sandbox runs: what is measured is the batch's own work (the gradebook
// lock and connection, hashing every submission's files, needsRerun, recording results, pruning) and the
// page's handling of its signals.
//
// Each scenario runs in a fresh MainWindow with the assignment open and listed, while an event-loop latency
// probe (a 5 ms precise QTimer) records the largest gap between its ticks, from the click to the batch's end:
//   Run All     every submission unchanged: hashed, needsRerun, skipped;
//   Run Failed  the ambiguous ones graded again (force): one recordRun each.
// Each of these is measured twice: "core on the GUI thread" drives BatchGrader on the GUI thread (how the app
// ran batches before issue 15), "app" clicks the Submissions page's button. The other GUI actions on the same
// 5,000 results are measured in the app only, each from the action to its end and then a quiet 300 ms:
//   Open        opening the assignment, until the table is complete and its notebooks checked;
//   Sort        sorting the table by status, then by student again;
//   Select      selecting a student (the detail reads the gradebook on the thread pool);
//   Export      Results → Export → Grades CSV (written on the thread pool).
// Prints the stalls in ms and their ratio to the goal; never asserts a time.
#include "appsettings.h"
#include "batch/batchgrader.h"
#include "batch/referencerun.h"
#include "batch/submissions.h"
#include "fixture.h"
#include "gradebook/export.h"
#include "gradebook/gradebook.h"
#include "jobtracker.h"
#include "mainwindow.h"
#include "resultspage.h"
#include "submissionsmodel.h"
#include "submissionspage.h"
#include "util/paths.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QSaveFile>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>
#include <QThreadPool>
#include <QTimer>

#include <algorithm>
#include <ctime>
#include <utility>

using namespace sandmark;

namespace {

constexpr double kGoalMs = 50.0;
const QString kIris = QStringLiteral(SANDMARK_SOURCE_DIR "/examples/iris");

/// The event-loop latency probe: a precise 5 ms timer on the GUI thread; the largest gap between two of its
/// ticks is the longest time the GUI thread did not return to its event loop.
class StallProbe : public QObject
{
public:
    StallProbe()
    {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(5);
        QObject::connect(&m_timer, &QTimer::timeout, this, [this] {
            m_maxGapNs = std::max(m_maxGapNs, m_since.nsecsElapsed());
            m_since.restart();
        });
    }
    void start()
    {
        m_maxGapNs = 0;
        m_since.start();
        m_timer.start();
    }
    /// The longest gap in ms (a tick's own 5 ms included).
    double stop()
    {
        m_timer.stop();
        m_maxGapNs = std::max(m_maxGapNs, m_since.nsecsElapsed());
        return m_maxGapNs / 1e6;
    }

private:
    QTimer m_timer;
    QElapsedTimer m_since;
    qint64 m_maxGapNs = 0;
};

/// The calling thread's CPU time so far, in ns.
qint64 threadCpuNs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

/// With --why: every GUI-thread event delivery over `whyOverMs` (--why-over, 20 ms) wall (receiver class, event
/// type, ms), to find a stall; a few ms lists each step of an action with its CPU time.
class TimingApp : public QApplication
{
public:
    using QApplication::QApplication;
    bool why = false;
    qint64 whyOverMs = 20;
    QStringList slow;
    bool notify(QObject *receiver, QEvent *event) override
    {
        if (!why || QThread::currentThread() != thread())
            return QApplication::notify(receiver, event);
        QElapsedTimer t;
        t.start();
        const qint64 cpu0 = threadCpuNs();
        const QEvent::Type type = event->type(); // the event may be gone after delivery
        // The receiver and its parents ("QSocketNotifier < QProcess < sandmark::SandboxRun"): a notifier says little alone.
        QString what = QString::fromLatin1(receiver->metaObject()->className()) + QLatin1Char(' ') + receiver->objectName();
        for (const QObject *p = receiver->parent(); p; p = p->parent())
            what += QLatin1String(" < ") + QString::fromLatin1(p->metaObject()->className());
        const bool result = QApplication::notify(receiver, event);
        // The GUI thread's own CPU time in it too: on a busy machine much of a gap is waiting for a core.
        if (t.elapsed() > whyOverMs)
            slow << QStringLiteral("%1 ms (GUI thread CPU %4 ms): %2, event %3")
                        .arg(t.elapsed())
                        .arg(what)
                        .arg(int(type))
                        .arg((threadCpuNs() - cpu0) / 1000000);
        return result;
    }
};

bool waitFor(const std::function<bool()> &done, int timeoutMs)
{
    // Sleeps in the event loop between events, as the app's own loop does (a 10 ms timer wakes it to look). It
    // spun (processEvents returns at once when nothing is posted): the GUI thread took a core from the batch's
    // thread on a 2-core machine, and the scheduler then held it back for whole time slices, which the probe
    // measured as stalls of 20-60 ms with a few ms of GUI work in them (perf).
    QTimer tick;
    tick.start(10);
    QElapsedTimer t;
    t.start();
    while (!done()) {
        if (t.elapsed() > timeoutMs)
            return false;
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    }
    return true;
}

/// Adds the batch part of the fixture to a built assignment fixture: second notebooks for every K-th student,
/// the real reference key, and one run per student recorded under its real inputs hash. Kept (a marker file) for
/// the same N, K and Sandmark version.
Expected<void> prepareBatchFixture(const QString &folder, int n, int ambiguousEvery, QTextStream &out)
{
    const QString marker = QDir(folder).filePath(QStringLiteral(".sandmark/bench-batch-fixture"));
    // The version is part of every reference key: a fixture recorded by another build would run everything.
    const QByteArray stamp = QByteArray::number(n) + ' ' + QByteArray::number(ambiguousEvery) + ' ' + paths::version().toUtf8();
    if (QFile f(marker); f.open(QIODevice::ReadOnly) && f.readAll() == stamp)
        return {};
    for (int i = 0; i < n; i += ambiguousEvery) {
        const QString dir = QDir(folder).filePath(QStringLiteral("submissions/") + bench::studentId(i));
        if (!QFile::exists(dir + QStringLiteral("/part2.ipynb"))
            && !QFile::copy(dir + QStringLiteral("/iris-analysis.ipynb"), dir + QStringLiteral("/part2.ipynb")))
            return Error{dir, {}, QStringLiteral("cannot add a second notebook")};
    }
    auto assignment = Assignment::load(QDir(folder).filePath(QStringLiteral("assignment.json")));
    if (!assignment)
        return assignment.error();
    const SubmissionRunOptions run = runOptionsFor(*assignment, AppSettings::runChoices());
    ReferenceRunOptions ro;
    ro.run = run;
    ReferenceRun reference(*assignment, ro);
    QString key, environmentKey;
    std::optional<Error> failed;
    bool done = false;
    QObject::connect(&reference, &ReferenceRun::finished, [&](const QByteArray &, const QString &k) {
        key = k;
        environmentKey = reference.environmentKey();
        done = true;
    });
    QObject::connect(&reference, &ReferenceRun::failed, [&](const Error &e) {
        failed = e;
        done = true;
    });
    out << "reference run of the instructor notebook (" << sandboxKindName(run.kind) << ")…" << Qt::endl;
    reference.start();
    if (!waitFor([&] { return done; }, 600000))
        return Error{folder, {}, QStringLiteral("the reference run did not end in 10 minutes")};
    if (failed)
        return *failed;
    const QString inputsKey = assignmentInputsKey(*assignment, key);
    auto submissions = discoverSubmissions(QDir(folder).filePath(QStringLiteral("submissions")));
    if (!submissions)
        return submissions.error();
    auto gb = Gradebook::open(Gradebook::defaultPath(folder));
    if (!gb)
        return gb.error();
    for (int i = 0; i < submissions->size(); ++i) {
        const Submission &s = submissions->at(i);
        RunRecord rec = bench::fixtureRun(i, int(assignment->checks().size()));
        rec.studentId = s.studentId;
        rec.filesHash = submissionFilesHash(s);
        rec.inputsHash = Gradebook::inputsHash(rec.filesHash, inputsKey);
        rec.environmentKey = environmentKey;
        rec.referenceKey = key;
        rec.backend = sandboxKindName(run.kind);
        rec.artifacts.clear();
        if (!s.problem.isEmpty()) { // recorded as a batch records it: needs-review, no sandbox
            rec.backend.clear();
            rec.finished = rec.started;
            rec.result.status = GradeStatus::NeedsReview;
            rec.result.reasons = {s.problem};
        }
        if (auto id = (*gb)->recordRun(rec); !id)
            return id.error();
    }
    // The fixture's made-up artifacts folders are superseded now: forget them, so that no batch prunes them.
    auto superseded = (*gb)->supersededArtifacts();
    if (!superseded)
        return superseded.error();
    QList<qint64> ids;
    for (const Gradebook::SupersededRun &r : std::as_const(*superseded))
        ids << r.runId;
    if (auto ok = (*gb)->forgetArtifacts(ids); !ok)
        return ok.error();
    QSaveFile f(marker);
    if (!f.open(QIODevice::WriteOnly) || f.write(stamp) != stamp.size() || !f.commit())
        return Error{marker, {}, QStringLiteral("cannot write: %1").arg(f.errorString())};
    return {};
}

enum class Scenario { RunAll, RunFailed, Open, Sort, Select, Export };
enum class Mode { CoreOnGuiThread, App };

struct Measure
{
    double stallMs = 0;   ///< the longest gap of the probe from the click to the batch's end
    double seconds = 0;   ///< the batch's wall time
    int skipped = 0, recorded = 0;
    QString error;
    QStringList slow;     ///< with --why: the GUI-thread deliveries over 20 ms in that span
};

Measure measure(const QString &folder, int n, Scenario scenario, Mode mode, SecretStore *secrets)
{
    Measure m;
    MainWindow w(nullptr, secrets);
    w.resize(1280, 800);
    w.show();
    w.setCurrentPage(MainWindow::SubmissionsPage);
    SubmissionsPage *page = w.submissionsPage();
    bool listed = false, graded = false, checked = false;
    QObject::connect(page, &SubmissionsPage::submissionsListed, page, [&] { listed = true; });
    QObject::connect(page, &SubmissionsPage::gradesLoaded, page, [&] { graded = page->model()->rowCount() == n; });
    QObject::connect(page, &SubmissionsPage::notebooksChecked, page, [&] { checked = true; });
    StallProbe probe;
    QElapsedTimer clock;
    // A GUI action other than a batch: from `act` to `done`, then a quiet 300 ms (what the action posted runs too).
    auto action = [&](const std::function<void()> &act, const std::function<bool()> &done) {
        static_cast<TimingApp *>(qApp)->slow.clear();
        probe.start();
        clock.start();
        act();
        if (!waitFor(done, 300000))
            m.error = QStringLiteral("the action did not end in 5 minutes");
        waitFor([] { return false; }, 300);
        m.seconds = clock.nsecsElapsed() / 1e9;
        m.stallMs = probe.stop();
        m.slow = std::exchange(static_cast<TimingApp *>(qApp)->slow, {});
        sandmark::backgroundPool()->waitForDone();
        return m;
    };
    if (scenario == Scenario::Open)
        return action([&] { w.openAssignment(folder); }, [&] { return listed && graded && checked; });
    w.openAssignment(folder);
    // The table complete and its notebooks checked: the batch starts from an idle window.
    if (!waitFor([&] { return listed && graded && checked; }, 300000)) {
        m.error = QStringLiteral("the window did not list and check the fixture in 5 minutes");
        return m;
    }
    sandmark::backgroundPool()->waitForDone();
    waitFor([] { return false; }, 300); // what the window posted after the table was complete
    switch (scenario) {
    case Scenario::Sort:
        return action([&] {
            page->table()->sortByColumn(SubmissionsModel::StatusColumn, Qt::AscendingOrder);
            QCoreApplication::processEvents();
            page->table()->sortByColumn(SubmissionsModel::StudentColumn, Qt::AscendingOrder);
        }, [] { return true; });
    case Scenario::Select: {
        const QModelIndex row = page->proxy()->index(n / 2, 0);
        return action([&] { page->table()->setCurrentIndex(row); }, [] { return true; });
    }
    case Scenario::Export: {
        QTemporaryDir out;
        bool exported = false;
        QObject::connect(w.resultsPage(), &ResultsPage::exported, page, [&] { exported = true; });
        QObject::connect(w.resultsPage(), &ResultsPage::exportFailed, page, [&](const QString &e) {
            m.error = e;
            exported = true;
        });
        return action([&] { w.resultsPage()->exportGrades(out.filePath(QStringLiteral("grades.csv")), GradeExportFormat::Csv); },
                      [&] { return exported; });
    }
    default:
        break;
    }
    QStringList failedStudents;
    for (const SubmissionsModel::Row &r : page->model()->rows())
        if (r.state == SubmissionsModel::State::NeedsReview)
            failedStudents << r.student;

    bool ended = false;
    if (mode == Mode::App) {
        QObject::connect(page, &SubmissionsPage::batchFinished, page, [&](const BatchSummary &s) {
            m.skipped = s.skipped;
            m.recorded = s.graded + s.needsManual + s.needsReview + s.graderErrors;
            ended = true;
        });
        QObject::connect(page, &SubmissionsPage::batchFailed, page, [&](const QString &e) {
            m.error = e;
            ended = true;
        });
        static_cast<TimingApp *>(qApp)->slow.clear(); // only what happens from the click on
        probe.start();
        clock.start();
        if (scenario == Scenario::RunAll)
            page->runAll();
        else
            page->runFailed();
        if (auto *app = static_cast<TimingApp *>(qApp); app->why)
            app->slow << QStringLiteral("%1 ms: the click (runAll/runFailed) itself").arg(clock.elapsed());
    } else {
        auto assignment = Assignment::load(QDir(folder).filePath(QStringLiteral("assignment.json")));
        auto all = discoverSubmissions(QDir(folder).filePath(QStringLiteral("submissions")));
        if (!assignment || !all) {
            m.error = QStringLiteral("cannot load the fixture");
            return m;
        }
        QList<Submission> batch;
        for (const Submission &s : std::as_const(*all))
            if (scenario == Scenario::RunAll || failedStudents.contains(s.studentId))
                batch << s;
        BatchOptions options;
        options.run = runOptionsFor(*assignment, AppSettings::runChoices());
        options.jobs = AppSettings::parallelRuns();
        options.force = scenario == Scenario::RunFailed;
        options.gradebookPath = page->gradebookPath();
        auto *grader = new BatchGrader(*assignment, batch, options, page);
        // What the page did with each signal: the row's state or result.
        QObject::connect(grader, &BatchGrader::submissionStarted, page,
                         [page](const QString &id) { page->model()->setState(id, SubmissionsModel::State::Running); });
        QObject::connect(grader, &BatchGrader::submissionSkipped, page,
                         [page](const QString &id) { page->model()->setState(id, SubmissionsModel::State::NotRun); });
        QObject::connect(grader, &BatchGrader::submissionFinished, page, [page](const QString &id, const GradeResult &r, const RunRecord &) {
            page->model()->setResult(id, r, -1, QString());
        });
        QObject::connect(grader, &BatchGrader::finished, page, [&](const BatchSummary &s) {
            m.skipped = s.skipped;
            m.recorded = s.graded + s.needsManual + s.needsReview + s.graderErrors;
            ended = true;
        });
        QObject::connect(grader, &BatchGrader::failed, page, [&](const Error &e) {
            m.error = e.toString();
            ended = true;
        });
        static_cast<TimingApp *>(qApp)->slow.clear();
        probe.start();
        clock.start();
        grader->start();
    }
    if (!waitFor([&] { return ended; }, 600000))
        m.error = QStringLiteral("the batch did not end in 10 minutes");
    m.seconds = clock.nsecsElapsed() / 1e9;
    m.stallMs = probe.stop();
    m.slow = std::exchange(static_cast<TimingApp *>(qApp)->slow, {});
    sandmark::backgroundPool()->waitForDone(); // the page's reads after the batch end before the window goes
    return m;
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    TimingApp app(argc, argv);
    QStandardPaths::setTestModeEnabled(true); // no settings or recent list of the real user touched
    QCoreApplication::setOrganizationName(QStringLiteral("SandmarkBench"));
    AppSettings::resetToDefaults();
    QStringList args = app.arguments();
    args.removeFirst();
    auto option = [&](const QString &name, const QString &fallback) {
        const qsizetype i = args.indexOf(name);
        if (i < 0 || i + 1 >= args.size())
            return fallback;
        const QString value = args.at(i + 1);
        args.remove(i, 2);
        return value;
    };
    const int ambiguousEvery = qMax(1, option(QStringLiteral("--ambiguous-every"), QStringLiteral("10")).toInt());
    const QString fixtureDir = option(QStringLiteral("--fixture"), QString());
    const int runs = qMax(1, option(QStringLiteral("--runs"), QStringLiteral("1")).toInt());
    app.why = args.removeAll(QStringLiteral("--why")) > 0;
    app.whyOverMs = qMax(0, option(QStringLiteral("--why-over"), QStringLiteral("20")).toInt());
    const QString only = option(QStringLiteral("--only"), QString()); // "app" or "core": one mode (for profiling)
    // One scenario (for profiling): its name's first word, lower case ("run", "failed", "open", "sort", "select", "export").
    const QString onlyScenario = option(QStringLiteral("--scenario"), QString());
    const int n = args.value(0, QStringLiteral("5000")).toInt();
    QTextStream out(stdout);

    QTemporaryDir tmp;
    const QString folder = fixtureDir.isEmpty() ? tmp.path() : fixtureDir;
    QElapsedTimer t;
    t.start();
    if (auto built = bench::buildAssignmentFixture(kIris, folder, n, 5); !built) {
        out << built.error().toString() << Qt::endl;
        return 1;
    }
    if (auto prepared = prepareBatchFixture(folder, n, ambiguousEvery, out); !prepared) {
        out << prepared.error().toString() << Qt::endl;
        return 1;
    }
    out << "setup: " << n << " submissions (every " << ambiguousEvery << "th ambiguous), all recorded, in "
        << t.elapsed() / 1000.0 << " s" << Qt::endl;

    bench::NoSecrets secrets;
    const QList<std::pair<Scenario, const char *>> scenarios = {
        {Scenario::RunAll, "Run All (all unchanged)"},
        {Scenario::RunFailed, "Run Failed (ambiguous, recorded)"},
        {Scenario::Open, "Open the assignment"},
        {Scenario::Sort, "Sort by status and back"},
        {Scenario::Select, "Select a student"},
        {Scenario::Export, "Export grades CSV"},
    };
    out << "longest GUI-thread stall from the click to the batch's end, or the action's (goal " << kGoalMs << " ms):\n";
    for (const auto &[scenario, name] : scenarios) {
        const QString key = scenario == Scenario::RunFailed ? QStringLiteral("failed")
                                                            : QString::fromLatin1(name).section(QLatin1Char(' '), 0, 0).toLower();
        if (!onlyScenario.isEmpty() && onlyScenario != key)
            continue;
        double before = 0, after = 0;
        const bool batch = scenario == Scenario::RunAll || scenario == Scenario::RunFailed;
        for (const Mode mode : {Mode::CoreOnGuiThread, Mode::App}) {
            if ((only == QLatin1String("app") && mode != Mode::App) || (only == QLatin1String("core") && mode != Mode::CoreOnGuiThread)
                || (!batch && mode != Mode::App)) // the other actions: the app only
                continue;
            QList<double> stalls;
            Measure last;
            for (int r = 0; r < runs; ++r) {
                last = measure(folder, n, scenario, mode, &secrets);
                if (!last.error.isEmpty()) {
                    out << name << ": " << last.error << Qt::endl;
                    return 1;
                }
                stalls << last.stallMs;
                for (const QString &line : std::as_const(last.slow))
                    out << "    slow: " << line << Qt::endl;
            }
            std::sort(stalls.begin(), stalls.end());
            const double stall = stalls.at(stalls.size() / 2);
            (mode == Mode::App ? after : before) = stall;
            out << "  " << name << (mode == Mode::App ? ", app:                  " : ", core on the GUI thread: ")
                << QString::number(stall, 'f', 1) << " ms (ratio to goal " << QString::number(stall / kGoalMs, 'f', 2) << "); ";
            if (batch)
                out << "batch " << QString::number(last.seconds, 'f', 2) << " s, " << last.skipped << " skipped, "
                    << last.recorded << " recorded" << Qt::endl;
            else
                out << QString::number(last.seconds, 'f', 2) << " s" << Qt::endl;
        }
        if (after > 0 && before > 0) // both measured (no --only)
            out << "  " << name << ": app / core on the GUI thread = " << QString::number(after / before, 'f', 3)
                << Qt::endl;
    }
    return 0;
}
