// Benchmark: regrading a 1,000-submission gradebook from the stored probe payloads after a change of the checks'
// grading only (issue 20; goal < 1 s, no sandbox started). Usage:
//   bench_regrade [N=1000] [--sandbox bwrap|local-unsafe] [--keep DIR]
//   bench_regrade --again DIR      (regrade DIR's fixture again after another tolerance change; for profilers)
//
// Fixture (in a temporary folder, or DIR): a copy of examples/iris with N submission folders holding alice's
// notebook. One submission and the instructor notebook are graded for real (BatchGrader, the chosen sandbox), then
// the run's folder (payload.json, record.json, executed notebook) is copied for the N-1 others and their runs are
// recorded under the same hashes: every student has a real stored run. Then corr's tolerance changes (1e-3 → 1e-6)
// and a value check on a captured name (DATA_URL) is added, and the timed batch is the real code path:
// BatchGrader over all N submissions, as `sandmark-cli grade` runs it. Prints the time, its ratio to the goal, how
// many were regraded and run, and how many sandboxes started (submissions started + the reference run); before it,
// the same decisions as a dry run (previewRegrade(), `grade --dry-run`, the Checks page), timed too. Never
// asserts a time. Prints the CPU time (user + system) of the timed batch beside its wall time: on a loaded machine the
// CPU time is what the code costs.
#include "batch/batchgrader.h"
#include "batch/referencerun.h"
#include "batch/regradepreview.h"
#include "batch/submissions.h"
#include "gradebook/gradebook.h"
#include "sandbox/registry.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTextStream>

#include <optional>

#include <sys/resource.h>

using namespace sandmark;

namespace {

constexpr double kGoalS = 1.0;
const QString kIris = QStringLiteral(SANDMARK_SOURCE_DIR "/examples/iris");

QTextStream &out()
{
    static QTextStream s(stdout);
    return s;
}

bool copyFile(const QString &from, const QString &to)
{
    QDir().mkpath(QFileInfo(to).absolutePath());
    QFile::remove(to);
    return QFile::copy(from, to);
}

bool copyFolder(const QString &from, const QString &to)
{
    QDir().mkpath(to);
    for (const QFileInfo &fi : QDir(from).entryInfoList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QString target = QDir(to).filePath(fi.fileName());
        if (fi.isDir() ? !copyFolder(fi.filePath(), target) : !copyFile(fi.filePath(), target))
            return false;
    }
    return true;
}

struct BatchOutcome
{
    std::optional<BatchSummary> summary;
    std::optional<Error> error;
    int started = 0;
    double seconds = 0;
    double cpuSeconds = 0; ///< user + system time of this process over the batch
};

double processCpuSeconds()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    const auto s = [](const timeval &t) { return double(t.tv_sec) + double(t.tv_usec) / 1e6; };
    return s(u.ru_utime) + s(u.ru_stime);
}

BatchOutcome grade(const QString &folder, const QList<Submission> &subs, const BatchOptions &opt)
{
    BatchOutcome o;
    Expected<Assignment> a = Assignment::load(folder);
    if (!a) {
        o.error = a.error();
        return o;
    }
    QElapsedTimer clock;
    clock.start();
    const double cpuAtStart = processCpuSeconds();
    BatchGrader grader(*a, subs, opt);
    QEventLoop loop;
    QObject::connect(&grader, &BatchGrader::submissionStarted, &loop, [&](const QString &) { ++o.started; });
    QObject::connect(&grader, &BatchGrader::finished, &loop, [&](const BatchSummary &s) {
        o.summary = s;
        loop.quit();
    });
    QObject::connect(&grader, &BatchGrader::failed, &loop, [&](const Error &e) {
        o.error = e;
        loop.quit();
    });
    grader.start();
    loop.exec();
    o.seconds = clock.elapsed() / 1000.0;
    o.cpuSeconds = processCpuSeconds() - cpuAtStart;
    return o;
}

int fail(const QString &what)
{
    QTextStream(stderr) << "bench_regrade: " << what << Qt::endl;
    return 1;
}

// Steps 1 and 2: ROOT/iris with N submissions, one graded for real and its stored run copied for the others.
std::optional<QString> buildFixture(const QString &root, int n, SandboxKind kind, const BatchOptions &opt)
{
    const QString folder = root + QStringLiteral("/iris");
    QDir(folder).removeRecursively();
    if (!copyFile(kIris + QStringLiteral("/assignment.json"), folder + QStringLiteral("/assignment.json"))
        || !copyFile(kIris + QStringLiteral("/iris-analysis.ipynb"), folder + QStringLiteral("/iris-analysis.ipynb"))
        || !copyFile(kIris + QStringLiteral("/data/iris.csv"), folder + QStringLiteral("/data/iris.csv")))
        return QStringLiteral("cannot copy examples/iris to %1").arg(folder);
    const QString notebook = kIris + QStringLiteral("/submissions/alice/iris-analysis.ipynb");
    for (int i = 0; i < n; ++i)
        if (!copyFile(notebook, folder + QStringLiteral("/submissions/student%1/iris-analysis.ipynb").arg(i, 5, 10, QLatin1Char('0'))))
            return QStringLiteral("cannot write the submissions");
    Expected<QList<Submission>> subs = discoverSubmissions(folder + QStringLiteral("/submissions"));
    if (!subs || subs->size() != n)
        return QStringLiteral("cannot list the submissions");
    // 1. One submission (and the instructor notebook) graded for real.
    out() << "grading one submission and the instructor notebook in the " << sandboxKindName(kind) << " sandbox …" << Qt::endl;
    const BatchOutcome first = grade(folder, {subs->first()}, opt);
    if (first.error || !first.summary || first.summary->ran != 1)
        return QStringLiteral("the real run failed: %1").arg(first.error ? first.error->toString() : QStringLiteral("no run"));
    // 2. Its stored run replicated for the others: a copy of the run folder each, recorded under the same hashes.
    auto gb = Gradebook::open(opt.gradebookPath);
    if (!gb)
        return gb.error().toString();
    Expected<std::optional<EffectiveGrade>> g = (*gb)->effectiveGrade(subs->first().studentId);
    Expected<std::optional<StoredRun>> stored = (*gb)->reusableRun(subs->first().studentId);
    if (!g || !*g || !stored || !*stored)
        return QStringLiteral("the real run is not in the gradebook");
    RunRecord model;
    model.filesHash = (*stored)->filesHash;
    model.inputsHash = (*stored)->inputsHash;
    model.executionHash = (*stored)->executionHash;
    model.started = (*stored)->started;
    model.finished = (*stored)->finished;
    model.backend = (*stored)->backend;
    model.environmentKey = (*stored)->environmentKey;
    model.referenceKey = (*stored)->referenceKey;
    model.storedDigest = (*stored)->storedDigest; // the copies hold the same bytes
    model.result.status = (**g).runStatus;
    model.result.score = (**g).autoScore;
    model.result.maxScore = (**g).maxScore;
    for (const EffectiveCheck &c : (**g).checks)
        model.result.checks << c.result;
    const QString runFolder = QFileInfo((*stored)->artifacts).absolutePath();
    QList<RunRecord> replicas;
    for (qsizetype i = 1; i < subs->size(); ++i) {
        RunRecord r = model;
        r.studentId = subs->at(i).studentId;
        const QString copy = QStringLiteral("%1-copy%2").arg(runFolder).arg(i);
        if (!copyFolder(runFolder, copy))
            return QStringLiteral("cannot copy the run folder %1").arg(runFolder);
        r.artifacts = copy + QStringLiteral("/artifacts");
        replicas << r;
    }
    if (Expected<QList<qint64>> ids = (*gb)->recordRuns(replicas); !ids)
        return ids.error().toString();
    return std::nullopt;

}

// Step 3: the checks' grading changes: corr's tolerance becomes `rtol`, and a value check on a captured name is added
// (once).
std::optional<QString> changeGrading(const QString &folder, double rtol)
{
    QFile f(folder + QStringLiteral("/assignment.json"));
    if (!f.open(QIODevice::ReadOnly))
        return QStringLiteral("cannot read assignment.json");
    QJsonObject a = QJsonDocument::fromJson(f.readAll()).object();
    f.close();
    QJsonArray checks = a.value(QStringLiteral("checks")).toArray();
    bool hasUrl = false;
    for (qsizetype i = 0; i < checks.size(); ++i) {
        QJsonObject c = checks[i].toObject();
        hasUrl = hasUrl || c.value(QStringLiteral("id")).toString() == QStringLiteral("url");
        if (c.value(QStringLiteral("id")).toString() == QStringLiteral("corr")) {
            c.insert(QStringLiteral("rtol"), rtol);
            checks[i] = c;
        }
    }
    if (!hasUrl)
        checks.append(QJsonObject{{QStringLiteral("id"), QStringLiteral("url")}, {QStringLiteral("type"), QStringLiteral("value")},
                                  {QStringLiteral("variable"), QStringLiteral("DATA_URL")}, {QStringLiteral("points"), 1}});
    a.insert(QStringLiteral("checks"), checks);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(QJsonDocument(a).toJson()) <= 0)
        return QStringLiteral("cannot write assignment.json");
    return std::nullopt;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    int n = 1000;
    SandboxKind kind = SandboxKind::Bwrap;
    QString keep;
    bool again = false;
    for (qsizetype i = 0; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--sandbox") && i + 1 < args.size()) {
            const std::optional<SandboxKind> k = parseSandboxKind(args[++i]);
            if (!k)
                return fail(QStringLiteral("unknown sandbox %1").arg(args[i]));
            kind = *k;
        } else if ((args[i] == QLatin1String("--keep") || args[i] == QLatin1String("--again")) && i + 1 < args.size()) {
            again = args[i] == QLatin1String("--again");
            keep = args[++i];
        } else {
            n = args[i].toInt();
        }
    }
    if (n < 1)
        return fail(QStringLiteral("usage: bench_regrade [N=1000] [--sandbox NAME] [--keep DIR | --again DIR]"));
    QTemporaryDir tmp;
    const QString root = keep.isEmpty() ? tmp.path() : keep;
    // Run folders live under it: the sandbox user (when running as root) must be able to reach them.
    QFile::setPermissions(root, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner | QFileDevice::ReadGroup
                                    | QFileDevice::ExeGroup | QFileDevice::ReadOther | QFileDevice::ExeOther);
    const QString folder = root + QStringLiteral("/iris");
    BatchOptions opt;
    opt.jobs = 1;
    opt.run.kind = kind;
    opt.run.runsRoot = root + QStringLiteral("/runs");
    opt.referenceCacheDir = root + QStringLiteral("/reference");
    opt.gradebookPath = folder + QStringLiteral("/.sandmark/gradebook.sqlite");
    double rtol = 1e-6;
    if (!again) {
        if (const std::optional<QString> e = buildFixture(root, n, kind, opt))
            return fail(*e);
    } else {
        // Another tolerance than the one in place, so that every stored run is regraded again.
        const Expected<Assignment> a = Assignment::load(folder);
        if (!a)
            return fail(a.error().toString());
        for (const Check &c : a->checks())
            if (const double now = c.options.value(QStringLiteral("rtol")).toDouble(); c.id == QStringLiteral("corr") && now > 0 && now <= 1e-6)
                rtol = now / 2;
    }
    Expected<QList<Submission>> subs = discoverSubmissions(folder + QStringLiteral("/submissions"));
    if (!subs || (!again && subs->size() != n))
        return fail(QStringLiteral("cannot list the submissions"));
    n = int(subs->size());
    auto gb = Gradebook::open(opt.gradebookPath);
    if (!gb)
        return fail(gb.error().toString());
    const qint64 runsBefore = *(*gb)->runCount();
    const int runFoldersBefore = int(QDir(opt.run.runsRoot).entryList(QDir::Dirs | QDir::NoDotAndDotDot).size());
    if (const std::optional<QString> e = changeGrading(folder, rtol))
        return fail(*e);

    // 4. The dry run first (`grade --dry-run`, the Checks page): the same decisions and grades, nothing written.
    std::optional<RegradePreview> preview;
    double previewSeconds = 0, previewCpu = 0;
    if (Expected<Assignment> a = Assignment::load(folder)) {
        RegradePreviewOptions po;
        po.gradebookPath = opt.gradebookPath;
        po.referenceCacheDir = opt.referenceCacheDir;
        po.backend = sandboxKindName(opt.run.kind);
        po.limits = a->limits();
        const double cpuAtStart = processCpuSeconds();
        QElapsedTimer clock;
        clock.start();
        Expected<RegradePreview> p = previewRegrade(*a, *subs, po);
        previewSeconds = clock.elapsed() / 1000.0;
        previewCpu = processCpuSeconds() - cpuAtStart;
        if (!p)
            return fail(QStringLiteral("the dry run failed: %1").arg(p.error().toString()));
        preview = std::move(*p);
    }

    // 5. The timed regrade: the batch over every submission.
    const BatchOutcome regrade = grade(folder, *subs, opt);
    if (regrade.error || !regrade.summary)
        return fail(QStringLiteral("the regrade failed: %1").arg(regrade.error ? regrade.error->toString() : QString()));
    const BatchSummary &s = *regrade.summary;
    const int sandboxes = regrade.started + (s.referenceFromCache ? 0 : 1);
    const int runFoldersAfter = int(QDir(opt.run.runsRoot).entryList(QDir::Dirs | QDir::NoDotAndDotDot).size());
    out() << "submissions:        " << n << Qt::endl;
    out() << "regraded " << s.regraded << " from stored values, " << s.ran << " run (" << s.graded << " graded, "
          << s.needsReview << " need review, " << s.skipped << " unchanged)" << Qt::endl;
    out() << "sandboxes started:  " << sandboxes << Qt::endl;
    out() << "run folders:        " << runFoldersBefore << " before, " << runFoldersAfter << " after" << Qt::endl;
    out() << "gradings recorded:  " << (*(*gb)->runCount() - runsBefore) << Qt::endl;
    out() << QStringLiteral("regrade time:       %1 s (the whole batch: gradebook, reference cache, hashing, stored "
                            "payloads, grading, one transaction)")
                 .arg(regrade.seconds, 0, 'f', 3)
          << Qt::endl;
    out() << QStringLiteral("CPU time:           %1 s (user + system of this process over the batch)").arg(regrade.cpuSeconds, 0, 'f', 3)
          << Qt::endl;
    out() << QStringLiteral("ratio to the goal:  %1 (goal < 1 s: ratio < 1)").arg(regrade.seconds / kGoalS, 0, 'f', 2) << Qt::endl;
    if (preview)
        out() << QStringLiteral("dry run:            %1 s, CPU %2 s (previewRegrade: %3 regraded, %4 would run; nothing written); "
                                "ratio to the goal %5")
                     .arg(previewSeconds, 0, 'f', 3)
                     .arg(previewCpu, 0, 'f', 3)
                     .arg(preview->regraded.size())
                     .arg(preview->wouldRun.size())
                     .arg(previewSeconds / kGoalS, 0, 'f', 2)
              << Qt::endl;
    return 0;
}
