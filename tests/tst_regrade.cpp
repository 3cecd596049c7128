// Regrades from stored values (issue 20): which changes of an assignment need a run (decideRegrade(), one row per
// kind of change), and batches of the example in the real bwrap sandbox with a real kernel: a tolerance change and
// a new value check on a captured name regrade with no sandbox started; a test's code change runs again; a name
// over the capture budget runs again. previewRegrade() (grade --dry-run, the Checks page) foresees each of them
// without a sandbox or a write.
#include "recordtestutil.h"
#include "batch/batchgrader.h"
#include "batch/batchgrading.h"
#include "batch/referencerun.h"
#include "batch/regrade.h"
#include "batch/regradepreview.h"
#include "batch/submissions.h"
#include "gradebook/gradebook.h"
#include "grading/value.h"
#include "sandbox/backend.h"
#include "sandbox/workdir.h"

#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <sys/stat.h>
#include <QTest>
#include <QTimer>

#include <functional>

using namespace sandmark;
using namespace Qt::Literals::StringLiterals;

namespace {

const QString kIris = QStringLiteral(SANDMARK_SOURCE_DIR "/examples/iris");

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

/// A copy of examples/iris in `folder` with the submissions `students`.
bool copyIris(const QString &folder, const QStringList &students)
{
    bool ok = writeFile(folder + u"/assignment.json"_s, readFile(kIris + u"/assignment.json"_s))
              && writeFile(folder + u"/iris-analysis.ipynb"_s, readFile(kIris + u"/iris-analysis.ipynb"_s))
              && writeFile(folder + u"/data/iris.csv"_s, readFile(kIris + u"/data/iris.csv"_s));
    for (const QString &s : students)
        ok = ok && writeFile(folder + u"/submissions/%1/iris-analysis.ipynb"_s.arg(s),
                             readFile(kIris + u"/submissions/%1/iris-analysis.ipynb"_s.arg(s)));
    return ok;
}

QJsonObject readJson(const QString &path)
{
    return QJsonDocument::fromJson(readFile(path)).object();
}

bool writeJson(const QString &path, const QJsonObject &o)
{
    return writeFile(path, QJsonDocument(o).toJson());
}

/// assignment.json of `folder` changed by `edit`.
bool editAssignment(const QString &folder, const std::function<void(QJsonObject &)> &edit)
{
    QJsonObject a = readJson(folder + u"/assignment.json"_s);
    edit(a);
    return writeJson(folder + u"/assignment.json"_s, a);
}

/// Sets `key` of the check `id` (removes it when `value` is undefined).
void setCheckField(QJsonObject &a, const QString &id, const QString &key, const QJsonValue &value)
{
    QJsonArray checks = a.value(u"checks"_s).toArray();
    for (qsizetype i = 0; i < checks.size(); ++i) {
        QJsonObject c = checks[i].toObject();
        if (c.value(u"id"_s).toString() != id)
            continue;
        if (value.isUndefined())
            c.remove(key);
        else
            c.insert(key, value);
        checks[i] = c;
    }
    a.insert(u"checks"_s, checks);
}

void addCheck(QJsonObject &a, const QJsonObject &check)
{
    QJsonArray checks = a.value(u"checks"_s).toArray();
    checks.append(check);
    a.insert(u"checks"_s, checks);
}

struct BatchRun
{
    std::optional<BatchSummary> summary;
    std::optional<Error> error;
    QStringList started;
};

/// The run folders under `runsRoot`, sorted.
QStringList runFolders(const QString &runsRoot)
{
    QStringList out = QDir(runsRoot).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    out.sort();
    return out;
}

} // namespace

class TestRegrade : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void decideRegrade_data();
    void decideRegrade();
    void storedPayloadLacksAProbeLabel();
    void decodeOnlyTheNamesChecksRead();
    void sharedCapturesResolveToTheirHolder();
    void storedFilesThatAreNotRegularRunAgain();
    void toleranceAndNewCapturedCheckRegradeWithoutASandbox();
    void testCodeChangeRunsAgain();
    void editedStoredPayloadRunsAgain();
    void nameOverTheCaptureBudgetRunsAgain();
    void runAgainReasonNamesWhatChanged_data();
    void runAgainReasonNamesWhatChanged();

private:
    BatchOptions options(const QString &folder) const;
    BatchRun runBatch(const QString &folder, const BatchOptions &opt);
    /// previewRegrade() of the folder's submissions with the batch options' gradebook, cache and backend.
    Expected<RegradePreview> preview(const QString &folder, const BatchOptions &opt) const;

    QTemporaryDir m_tmp;
    QString m_skip;
};

// Why a submission runs again names the part of its execution key that changed — the submission's files, the
// environment, the assignment's side, or several — as the batch's plan() finds it (grade, grade --dry-run); it said
// "what the run depends on changed (files, notebooks, …)" for each. No sandbox: a recorded run with chosen keys.
void TestRegrade::runAgainReasonNamesWhatChanged_data()
{
    QTest::addColumn<bool>("files");
    QTest::addColumn<bool>("environment");
    QTest::addColumn<bool>("assignment");
    QTest::addColumn<QString>("reason");
    const QString files = u"its files changed since its last run (the notebook or another file handed in)"_s;
    const QString env = u"(the dependencies, the Python or the image)"_s;
    const QString inputs = u"in what its run depends on (the instructor notebook, a supplied file, a test's code, the limits, a "
                           "setting or Sandmark's version)"_s;
    QTest::newRow("files") << true << false << false << files;
    QTest::newRow("environment") << false << true << false << u"the environment changed since its last run "_s + env;
    QTest::newRow("assignment") << false << false << true << u"the assignment changed since its last run "_s + inputs;
    QTest::newRow("environment and assignment")
        << false << true << true << u"the environment %1 and the assignment changed since its last run %2"_s.arg(env, inputs);
    QTest::newRow("files and assignment") << true << false << true
                                          << files + u"; the assignment changed since its last run "_s + inputs;
}

void TestRegrade::runAgainReasonNamesWhatChanged()
{
    QFETCH(bool, files);
    QFETCH(bool, environment);
    QFETCH(bool, assignment);
    QFETCH(QString, reason);
    QTemporaryDir dir;
    const QString folder = dir.filePath(u"iris"_s);
    QVERIFY(copyIris(folder, {u"alice"_s}));
    Expected<Assignment> before = Assignment::load(folder);
    QVERIFY(before);
    Expected<QList<Submission>> subs = discoverSubmissions(folder + u"/submissions"_s);
    QVERIFY(subs && subs->size() == 1);
    // Alice's last run, as a batch in bwrap under environment "env-1" recorded it.
    RunRecord r;
    r.studentId = u"alice"_s;
    r.filesHash = submissionFilesHash(subs->first());
    r.environmentKey = u"env-1"_s;
    r.referenceKey = referenceKey(*before, r.environmentKey);
    r.inputsHash = Gradebook::inputsHash(r.filesHash, assignmentInputsKey(*before, r.referenceKey));
    r.executionHash = Gradebook::inputsHash(r.filesHash, r.referenceKey);
    r.backend = u"bwrap"_s;
    r.artifacts = dir.filePath(u"artifacts"_s);
    r.started = QDateTime::currentDateTimeUtc();
    r.finished = r.started;
    r.result.status = GradeStatus::Graded;
    auto gb = Gradebook::open(dir.filePath(u"gb.sqlite"_s));
    QVERIFY(gb);
    QVERIFY((*gb)->recordRun(r));
    if (files)
        QVERIFY(writeFile(folder + u"/submissions/alice/iris-analysis.ipynb"_s,
                          readFile(folder + u"/submissions/alice/iris-analysis.ipynb"_s) + "\n"));
    if (assignment)
        QVERIFY(writeFile(folder + u"/data/iris.csv"_s, readFile(folder + u"/data/iris.csv"_s) + "\n"));
    Expected<Assignment> now = Assignment::load(folder);
    QVERIFY(now);
    BatchGrading grading(*now, now->limits());
    grading.setReference({}, referenceKey(*now, environment ? u"env-2"_s : u"env-1"_s), {});
    Expected<QList<PlannedSubmission>> planned = grading.plan(*subs, **gb, u"bwrap"_s, false);
    QVERIFY(planned && planned->size() == 1);
    QCOMPARE(planned->first().action, PlannedSubmission::Action::Run);
    QCOMPARE(planned->first().reason, reason);
}

void TestRegrade::initTestCase()
{
    QVERIFY(m_tmp.isValid());
    // Run folders live under it: the sandbox user (when running as root) must be able to reach them.
    QVERIFY(QFile::setPermissions(m_tmp.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner
                                                    | QFileDevice::ReadGroup | QFileDevice::ExeGroup
                                                    | QFileDevice::ReadOther | QFileDevice::ExeOther));
    if (Expected<void> c = createBackend(SandboxKind::Bwrap, {})->check(); !c)
        m_skip = u"bwrap cannot run here: "_s + c.error().toString();
}

BatchOptions TestRegrade::options(const QString &folder) const
{
    BatchOptions opt;
    opt.jobs = 2;
    opt.run.kind = SandboxKind::Bwrap;
    opt.run.runsRoot = folder + u"-runs"_s;
    opt.gradebookPath = folder + u"/gradebook.sqlite"_s;
    opt.referenceCacheDir = folder + u"-reference"_s;
    return opt;
}

BatchRun TestRegrade::runBatch(const QString &folder, const BatchOptions &opt)
{
    BatchRun o;
    Expected<Assignment> a = Assignment::load(folder);
    if (!a) {
        o.error = a.error();
        return o;
    }
    Expected<QList<Submission>> subs = discoverSubmissions(folder + u"/submissions"_s);
    if (!subs) {
        o.error = subs.error();
        return o;
    }
    BatchGrader grader(*a, *subs, opt);
    QEventLoop loop;
    connect(&grader, &BatchGrader::submissionStarted, &loop, [&](const QString &id) { o.started << id; });
    connect(&grader, &BatchGrader::finished, &loop, [&](const BatchSummary &s) {
        o.summary = s;
        loop.quit();
    });
    connect(&grader, &BatchGrader::failed, &loop, [&](const Error &e) {
        o.error = e;
        loop.quit();
    });
    QTimer::singleShot(600000, &loop, &QEventLoop::quit);
    grader.start();
    loop.exec();
    return o;
}

Expected<RegradePreview> TestRegrade::preview(const QString &folder, const BatchOptions &opt) const
{
    Expected<Assignment> a = Assignment::load(folder);
    if (!a)
        return a.error();
    Expected<QList<Submission>> subs = discoverSubmissions(folder + u"/submissions"_s);
    if (!subs)
        return subs.error();
    RegradePreviewOptions po;
    po.gradebookPath = opt.gradebookPath;
    po.referenceCacheDir = opt.referenceCacheDir;
    po.backend = sandboxKindName(opt.run.kind);
    po.limits = a->limits();
    return previewRegrade(*a, *subs, po);
}

// ---- the rule, one row per kind of change --------------------------------------------------------------------

void TestRegrade::decideRegrade_data()
{
    QTest::addColumn<QString>("change");
    QTest::addColumn<bool>("rerun");
    QTest::addColumn<QString>("reason"); // a part of the reason given

    // Needs no run: the checks' grading, from the stored payload.
    QTest::newRow("nothing changed") << u"none"_s << false << QString();
    QTest::newRow("a value check's tolerance") << u"rtol"_s << false << QString();
    QTest::newRow("a value check's options") << u"options"_s << false << QString();
    QTest::newRow("a check's points") << u"points"_s << false << QString();
    QTest::newRow("a manual check's points") << u"manual points"_s << false << QString();
    QTest::newRow("a check removed") << u"remove"_s << false << QString();
    QTest::newRow("a value check on a captured name") << u"new captured"_s << false << QString();
    QTest::newRow("a value check on a name the run never defined") << u"new undefined"_s << false << QString();
    QTest::newRow("a value check moved to another probe point of the run") << u"move anchor"_s << false << QString();
    // Needs a run.
    QTest::newRow("a value check on a name over the capture budget") << u"new dropped"_s << true << u"dropped at probe 'end'"_s;
    QTest::newRow("a value check on a name not captured (no capture at that point)") << u"new uncaptured"_s << true
                                                                                      << u"was not captured at probe 'q1'"_s;
    QTest::newRow("a value check at a new probe point") << u"new anchor"_s << true << u"probe point 'q3'"_s;
    QTest::newRow("a test's code") << u"test code"_s << true << u"what the run depends on changed"_s;
    QTest::newRow("a new test check") << u"new test"_s << true << u"what the run depends on changed"_s;
    QTest::newRow("the limits") << u"limits"_s << true << u"what the run depends on changed"_s;
    QTest::newRow("the capture budget") << u"capture"_s << true << u"what the run depends on changed"_s;
    QTest::newRow("the dependencies") << u"dependencies"_s << true << u"what the run depends on changed"_s;
    QTest::newRow("the instructor notebook") << u"notebook"_s << true << u"what the run depends on changed"_s;
    QTest::newRow("a supplied data file") << u"data file"_s << true << u"what the run depends on changed"_s;
    QTest::newRow("the environment") << u"environment"_s << true << u"what the run depends on changed"_s;
    QTest::newRow("a run from before execution hashes") << u"old run"_s << true << u"predates"_s;
    QTest::newRow("the student's files") << u"files"_s << true << u"what the run depends on changed"_s;
}

void TestRegrade::decideRegrade()
{
    QFETCH(QString, change);
    QFETCH(bool, rerun);
    QFETCH(QString, reason);
    QTemporaryDir dir;
    const QString folder = dir.filePath(u"iris"_s);
    QVERIFY(copyIris(folder, {}));
    // The base: the example plus a manual check, as its last run stored it.
    QVERIFY(editAssignment(folder, [](QJsonObject &a) {
        addCheck(a, QJsonObject{{u"id"_s, u"explain"_s}, {u"type"_s, u"manual"_s}, {u"anchor"_s, u"q2"_s}, {u"points"_s, 1}});
    }));
    Expected<Assignment> base = Assignment::load(folder);
    QVERIFY2(base, qPrintable(base ? QString() : base.error().toString()));
    const QString env = u"env-1"_s;
    StoredExecution stored;
    stored.executionHash = Gradebook::inputsHash(u"files-1"_s, referenceKey(*base, env));
    const QString baseInputsKey = assignmentInputsKey(*base, referenceKey(*base, env)); // reads the file: before the change
    // q1 captured nothing beyond its checked name (a probe without capture); the end probe captured DATA_URL and
    // dropped `df` (over the budget).
    stored.payload = R"({"format": "sandmark-payload/1", "probes": {
        "q1": {"values": {"n_rows": {"t": "int", "v": "150"}}},
        "end": {"values": {"mean_sepal": {"t": "float", "v": "5.8"}, "petal_ratio": {"t": "float", "v": "3.1"},
                           "corr": {"t": "float", "v": "0.9629"}},
                "captured": {"DATA_URL": {"t": "str", "v": "https://data.example.invalid/ds101/iris.csv"},
                             "n_rows": {"t": "int", "v": "150"}},
                "dropped": ["df", "np", "pd"]}}})";
    stored.record = test::executionRecord(QJsonDocument::fromJson(R"({"cells": [
        {"index": 1, "status": "ok"},
        {"index": null, "injected": "probe", "label": "q1", "status": "ok"},
        {"index": null, "injected": "probe", "label": "end", "status": "ok"},
        {"index": null, "injected": "test", "check": "corr-hidden", "status": "ok"}]})").object());

    QString files = u"files-1"_s;
    QString environment = env;
    if (change == u"rtol"_s)
        QVERIFY(editAssignment(folder, [](QJsonObject &a) { setCheckField(a, u"corr"_s, u"rtol"_s, 1e-6); }));
    else if (change == u"options"_s)
        QVERIFY(editAssignment(folder, [](QJsonObject &a) { setCheckField(a, u"corr"_s, u"show_expected"_s, false); }));
    else if (change == u"points"_s)
        QVERIFY(editAssignment(folder, [](QJsonObject &a) { setCheckField(a, u"corr-hidden"_s, u"points"_s, 3); }));
    else if (change == u"manual points"_s)
        QVERIFY(editAssignment(folder, [](QJsonObject &a) { setCheckField(a, u"explain"_s, u"points"_s, 4); }));
    else if (change == u"remove"_s)
        QVERIFY(editAssignment(folder, [](QJsonObject &a) {
            QJsonArray checks = a.value(u"checks"_s).toArray();
            checks.removeAt(1); // mean_sepal
            a.insert(u"checks"_s, checks);
        }));
    else if (change == u"new captured"_s)
        QVERIFY(editAssignment(folder, [](QJsonObject &a) {
            addCheck(a, QJsonObject{{u"id"_s, u"url"_s}, {u"type"_s, u"value"_s}, {u"variable"_s, u"DATA_URL"_s}, {u"points"_s, 1}});
        }));
    else if (change == u"new undefined"_s)
        QVERIFY(editAssignment(folder, [](QJsonObject &a) {
            addCheck(a, QJsonObject{{u"id"_s, u"x"_s}, {u"type"_s, u"value"_s}, {u"variable"_s, u"never_defined"_s}, {u"points"_s, 1}});
        }));
    else if (change == u"move anchor"_s)
        QVERIFY(editAssignment(folder, [](QJsonObject &a) { setCheckField(a, u"n_rows"_s, u"anchor"_s, QJsonValue(QJsonValue::Undefined)); }));
    else if (change == u"new dropped"_s)
        QVERIFY(editAssignment(folder, [](QJsonObject &a) {
            addCheck(a, QJsonObject{{u"id"_s, u"df"_s}, {u"type"_s, u"value"_s}, {u"variable"_s, u"df"_s}, {u"points"_s, 1}});
        }));
    else if (change == u"new uncaptured"_s)
        QVERIFY(editAssignment(folder, [](QJsonObject &a) {
            addCheck(a, QJsonObject{{u"id"_s, u"url-q1"_s}, {u"type"_s, u"value"_s}, {u"variable"_s, u"DATA_URL"_s},
                                    {u"anchor"_s, u"q1"_s}, {u"points"_s, 1}});
        }));
    else if (change == u"new anchor"_s)
        QVERIFY(editAssignment(folder, [](QJsonObject &a) {
            addCheck(a, QJsonObject{{u"id"_s, u"ratio-q3"_s}, {u"type"_s, u"value"_s}, {u"variable"_s, u"petal_ratio"_s},
                                    {u"anchor"_s, u"q3"_s}, {u"points"_s, 1}});
        }));
    else if (change == u"test code"_s)
        QVERIFY(editAssignment(folder, [](QJsonObject &a) { setCheckField(a, u"corr-hidden"_s, u"code"_s, u"assert corr > 0.9"_s); }));
    else if (change == u"new test"_s)
        QVERIFY(editAssignment(folder, [](QJsonObject &a) {
            addCheck(a, QJsonObject{{u"id"_s, u"t2"_s}, {u"type"_s, u"test"_s}, {u"code"_s, u"assert n_rows == 150"_s}, {u"points"_s, 1}});
        }));
    else if (change == u"limits"_s)
        QVERIFY(editAssignment(folder, [](QJsonObject &a) {
            QJsonObject l = a.value(u"limits"_s).toObject();
            l.insert(u"cell_timeout_s"_s, 20);
            a.insert(u"limits"_s, l);
        }));
    else if (change == u"capture"_s)
        QVERIFY(editAssignment(folder, [](QJsonObject &a) {
            QJsonObject l = a.value(u"limits"_s).toObject();
            l.insert(u"capture_bytes"_s, 1048576);
            a.insert(u"limits"_s, l);
        }));
    else if (change == u"dependencies"_s)
        QVERIFY(editAssignment(folder, [](QJsonObject &a) { a.insert(u"dependencies"_s, QJsonArray{u"scipy"_s}); }));
    else if (change == u"notebook"_s) {
        QJsonObject nb = readJson(folder + u"/iris-analysis.ipynb"_s);
        QJsonArray cells = nb.value(u"cells"_s).toArray();
        QJsonObject first = cells[0].toObject();
        first.insert(u"source"_s, u"import numpy as np\nimport pandas as pd\nimport math\n\nDATA_URL = \"https://data.example.invalid/ds101/iris.csv\""_s);
        cells[0] = first;
        nb.insert(u"cells"_s, cells);
        QVERIFY(writeJson(folder + u"/iris-analysis.ipynb"_s, nb));
    } else if (change == u"data file"_s)
        QVERIFY(writeFile(folder + u"/data/iris.csv"_s, readFile(folder + u"/data/iris.csv"_s) + "5.0,3.0,1.5,0.2,setosa\n"));
    else if (change == u"environment"_s)
        environment = u"env-2"_s;
    else if (change == u"old run"_s)
        stored.executionHash.clear();
    else if (change == u"files"_s)
        files = u"files-2"_s;
    else
        QCOMPARE(change, u"none"_s);

    Expected<Assignment> changed = Assignment::load(folder);
    QVERIFY2(changed, qPrintable(changed ? QString() : changed.error().toString()));
    const RegradeDecision d =
        sandmark::decideRegrade(changed->checks(), Gradebook::inputsHash(files, referenceKey(*changed, environment)), stored);
    QVERIFY2(d.rerun == rerun, qPrintable(change + u": "_s + d.reason));
    if (rerun)
        QVERIFY2(d.reason.contains(reason), qPrintable(d.reason));
    else
        QCOMPARE(d.reason, QString());
    // The grading key still tells every change apart (the "unchanged, skip" key), the execution key only those
    // that need a run.
    if (change != u"none"_s && change != u"environment"_s && change != u"files"_s && change != u"old run"_s)
        QVERIFY(assignmentInputsKey(*changed, referenceKey(*changed, env)) != baseInputsKey);
}

// A probe cell that ran but left no values (the kernel died first) is graded from the record as after the run; a
// payload label the record does not know, or a payload that does not decode, runs again.
void TestRegrade::storedPayloadLacksAProbeLabel()
{
    Check c;
    c.id = u"x"_s;
    c.type = Check::Type::Value;
    c.variable = u"x"_s;
    StoredExecution stored{u"h"_s, QByteArray("null"), {}, {}};
    stored.record = test::executionRecord(QJsonDocument::fromJson(R"({"cells": [{"index": null, "injected": "probe", "label": "end", "status": "not-run"}]})").object());
    QCOMPARE(sandmark::decideRegrade({c}, u"h"_s, stored).rerun, false);
    stored.record = test::executionRecord(QJsonObject());
    const RegradeDecision noProbe = sandmark::decideRegrade({c}, u"h"_s, stored);
    QVERIFY(noProbe.rerun);
    QVERIFY2(noProbe.reason.contains(u"probe point 'end'"_s), qPrintable(noProbe.reason));
    stored.payload = "{not json";
    QVERIFY(sandmark::decideRegrade({c}, u"h"_s, stored).reason.contains(u"cannot be read"_s));
    // knownUndefined only for names the capture considers: a private name is never known to be undefined.
    const Expected<ProbePayload> p = decodeProbePayload(
        R"({"format": "sandmark-payload/1", "probes": {"end": {"values": {}, "captured": {"a": {"t": "none"}}, "dropped": ["f"]}}})");
    QVERIFY(p);
    QVERIFY(p->holds(u"end"_s, u"a"_s));
    QVERIFY(p->knownUndefined(u"end"_s, u"b"_s));
    QVERIFY(!p->holds(u"end"_s, u"f"_s));
    QVERIFY(!p->holds(u"end"_s, u"_b"_s));
    QVERIFY(!p->holds(u"end"_s, u"Out"_s));
    QVERIFY(!p->holds(u"q1"_s, u"b"_s));
}

// A decode for some names (what grading reads) builds only their captured values; the others are known to be defined
// (never "not defined"), and a checked value, an error in a skipped value and a malformed document are as before.
void TestRegrade::decodeOnlyTheNamesChecksRead()
{
    const QByteArray json = R"({"format": "sandmark-payload/1", "probes": {
        "q1": {"values": {"x": {"t": "int", "v": "1"}}, "captured": {"df": {"t": "int", "v": "7"}, "big": [1, 2, {"deep": true}]}, "dropped": []},
        "end": {"values": {}, "captured": {"x": {"t": "int", "v": "2"}, "df": {"t": "int", "v": "8"}}, "dropped": ["f"]}}})";
    const QSet<QString> names{u"x"_s};
    const Expected<ProbePayload> some = decodeProbePayload(json, u"payload.json"_s, &names);
    QVERIFY2(some, some ? "" : qPrintable(some.error().toString()));
    QCOMPARE(some->find(u"q1"_s, u"x"_s)->intText, u"1"_s);
    QCOMPARE(some->find(u"end"_s, u"x"_s)->intText, u"2"_s);
    QCOMPARE(some->find(u"q1"_s, u"df"_s), nullptr);
    QCOMPARE(some->skipped.value(u"q1"_s), (QSet<QString>{u"df"_s, u"big"_s}));
    QCOMPARE(some->skipped.value(u"end"_s), (QSet<QString>{u"df"_s}));
    QVERIFY(!some->knownUndefined(u"q1"_s, u"df"_s)); // skipped is defined
    QVERIFY(some->knownUndefined(u"q1"_s, u"y"_s));
    QVERIFY(!some->holds(u"end"_s, u"f"_s));
    // The whole decode has them all; a skipped value that would not decode (`big`) is an error value there only.
    const Expected<ProbePayload> all = decodeProbePayload(json, u"payload.json"_s);
    QVERIFY(all);
    QCOMPARE(all->find(u"q1"_s, u"df"_s)->intText, u"7"_s);
    QCOMPARE(all->find(u"q1"_s, u"big"_s)->kind, ProbeValue::Kind::Error);
    QVERIFY(all->skipped.isEmpty());
    // A syntax error inside a skipped value is still found, with its place.
    QByteArray bad = json;
    bad.replace("\"deep\": true", "\"deep\": tru");
    const Expected<ProbePayload> broken = decodeProbePayload(bad, u"payload.json"_s, &names);
    QVERIFY(!broken);
    QCOMPARE(broken.error().file, u"payload.json"_s);
    QVERIFY2(broken.error().location.startsWith(u"line 2, column"_s), qPrintable(broken.error().toString()));
}

// A captured value the runner stored once for several probes ({"t": "same", "at": LABEL}, docs/probe-payload.md
// section 5) decodes as the holder's value at every probe that refers to it, filtered or not; a reference to a
// probe that does not hold the name is that name's error value, never another name's value or a missing one.
void TestRegrade::sharedCapturesResolveToTheirHolder()
{
    const QByteArray json = R"({"format": "sandmark-payload/1", "probes": {
        "q1": {"values": {}, "captured": {"df": {"t": "int", "v": "7"}, "n": {"t": "int", "v": "1"}}, "dropped": []},
        "q2": {"values": {"n": {"t": "int", "v": "5"}}, "captured": {"df": {"t": "same", "at": "q1"}}, "dropped": []},
        "end": {"values": {}, "captured": {"df": {"t": "same", "at": "q2"}, "n": {"t": "same", "at": "q1"},
                                           "gone": {"t": "same", "at": "q1"}}, "dropped": []}}})";
    for (const bool filtered : {false, true}) {
        const QSet<QString> names{u"df"_s, u"n"_s, u"gone"_s};
        const Expected<ProbePayload> p = decodeProbePayload(json, u"payload.json"_s, filtered ? &names : nullptr);
        QVERIFY2(p, p ? "" : qPrintable(p.error().toString()));
        QCOMPARE(p->find(u"q1"_s, u"df"_s)->intText, u"7"_s);
        QCOMPARE(p->find(u"q2"_s, u"df"_s)->intText, u"7"_s);   // "end" sorts before "q2": resolved after reading all
        QCOMPARE(p->find(u"q2"_s, u"n"_s)->intText, u"5"_s);    // a checked value is its own
        QCOMPARE(p->find(u"end"_s, u"n"_s)->intText, u"1"_s);
        QCOMPARE(p->find(u"end"_s, u"df"_s)->kind, ProbeValue::Kind::Error); // q2 does not hold df, it refers too: no chains
        QCOMPARE(p->find(u"end"_s, u"gone"_s)->kind, ProbeValue::Kind::Error);
        QVERIFY2(p->find(u"end"_s, u"gone"_s)->text.contains(u"refers to probe 'q1', which does not hold it"_s),
                 qPrintable(p->find(u"end"_s, u"gone"_s)->text));
    }
    // A name no check reads is skipped at every probe, shared or not.
    const QSet<QString> onlyN{u"n"_s};
    const Expected<ProbePayload> some = decodeProbePayload(json, u"payload.json"_s, &onlyN);
    QVERIFY(some);
    QCOMPARE(some->find(u"q2"_s, u"df"_s), nullptr);
    QVERIFY(some->skipped.value(u"q2"_s).contains(u"df"_s));
    QVERIFY(!some->knownUndefined(u"q2"_s, u"df"_s));
    QCOMPARE(some->find(u"end"_s, u"n"_s)->intText, u"1"_s);
}

// A stored run folder is a cache: a FIFO (would block for ever) or a link to /dev/zero (would never end) in place of
// its payload is an error naming the file, and the submission runs again; a regular pair of files reads.
void TestRegrade::storedFilesThatAreNotRegularRunAgain()
{
    QTemporaryDir dir;
    const QString payload = dir.filePath(u"payload.json"_s), record = dir.filePath(u"record.json"_s);
    QFile r(record);
    QVERIFY(r.open(QIODevice::WriteOnly));
    r.write(R"({"cells": []})");
    r.close();
    QVERIFY(::mkfifo(QFile::encodeName(payload).constData(), 0600) == 0);
    const QSet<QString> names{u"x"_s};
    const QString digest = storedDigest("null", R"({"cells": []})");
    Expected<StoredExecution> fifo = readStoredExecution(dir.path(), u"h"_s, digest, names);
    QVERIFY(!fifo);
    QCOMPARE(fifo.error().file, payload);
    QVERIFY2(fifo.error().message.contains(u"not a regular file"_s), qPrintable(fifo.error().toString()));
    QVERIFY(QFile::remove(payload));
    QVERIFY(QFile::link(u"/dev/zero"_s, payload));
    Expected<StoredExecution> zero = readStoredExecution(dir.path(), u"h"_s, digest, names);
    QVERIFY(!zero);
    QVERIFY2(zero.error().message.contains(u"not a regular file"_s), qPrintable(zero.error().toString()));
    QVERIFY(QFile::remove(payload));
    QFile p(payload);
    QVERIFY(p.open(QIODevice::WriteOnly));
    p.write("null");
    p.close();
    Expected<StoredExecution> ok = readStoredExecution(dir.path(), u"h"_s, digest, names);
    QVERIFY2(ok, ok ? "" : qPrintable(ok.error().toString()));
    QVERIFY(ok->decoded && ok->decoded->isNull);
    // The same files under another digest (edited since the run), or a run that kept none, are not trusted.
    Expected<StoredExecution> edited = readStoredExecution(dir.path(), u"h"_s, storedDigest("null ", R"({"cells": []})"), names);
    QVERIFY(!edited);
    QCOMPARE(edited.error().file, dir.path());
    QVERIFY2(edited.error().message.contains(u"changed since the run"_s), qPrintable(edited.error().toString()));
    Expected<StoredExecution> old = readStoredExecution(dir.path(), u"h"_s, QString(), names);
    QVERIFY(!old);
    QVERIFY2(old.error().message.contains(u"predates digests"_s), qPrintable(old.error().toString()));
}

// ---- batches in the sandbox --------------------------------------------------------------------------------------

void TestRegrade::toleranceAndNewCapturedCheckRegradeWithoutASandbox()
{
    if (!m_skip.isEmpty())
        QSKIP(qPrintable(m_skip));
    const QString folder = m_tmp.filePath(u"tolerance"_s);
    QVERIFY(copyIris(folder, {u"alice"_s, u"bob"_s, u"carol"_s}));
    const BatchOptions opt = options(folder);
    const BatchRun first = runBatch(folder, opt);
    QVERIFY2(!first.error, qPrintable(first.error ? first.error->toString() : QString()));
    QCOMPARE(first.summary->ran, 3);
    QCOMPARE(first.summary->regraded, 0);
    auto gb = Gradebook::open(opt.gradebookPath);
    QVERIFY(gb);
    QVERIFY((*gb)->addOverride(u"bob"_s, Override{u"mean_sepal"_s, 1, u"right idea, wrong column"_s, {}}));
    QMap<QString, EffectiveGrade> before;
    const auto gradesBefore = (*gb)->effectiveGrades();
    QVERIFY(gradesBefore);
    for (const EffectiveGrade &g : *gradesBefore)
        before.insert(g.studentId, g);
    QCOMPARE(*before.value(u"carol"_s).score(), 8.0); // corr typed in: within rtol 1e-3
    const QStringList foldersBefore = runFolders(opt.run.runsRoot);
    QCOMPARE(foldersBefore.size(), 4); // the reference and three submissions
    const qint64 runsBefore = *(*gb)->runCount();

    // A tighter tolerance (carol's typed-in corr fails it) and a new value check on a name every probe captured.
    QVERIFY(editAssignment(folder, [](QJsonObject &a) {
        setCheckField(a, u"corr"_s, u"rtol"_s, 1e-6);
        addCheck(a, QJsonObject{{u"id"_s, u"url"_s}, {u"type"_s, u"value"_s}, {u"variable"_s, u"DATA_URL"_s}, {u"points"_s, 1}});
    }));
    // The preview foresees it without a sandbox or a write: every grade as the regrade below records it.
    const Expected<RegradePreview> foreseen = preview(folder, opt);
    QVERIFY2(foreseen, qPrintable(foreseen ? QString() : foreseen.error().toString()));
    QVERIFY(foreseen->referenceRuns.isEmpty());
    QCOMPARE(foreseen->regraded, (QStringList{u"alice"_s, u"bob"_s, u"carol"_s}));
    QVERIFY(foreseen->cannotRun.isEmpty());
    QCOMPARE(foreseen->changed, (QStringList{u"alice"_s, u"bob"_s, u"carol"_s})); // the new check's point for all
    QVERIFY(foreseen->wouldRun.isEmpty());
    QCOMPARE(foreseen->unchanged, 0);
    QCOMPARE(foreseen->grades.size(), 3);
    QCOMPARE(*(*gb)->runCount(), runsBefore);
    QCOMPARE(runFolders(opt.run.runsRoot), foldersBefore);
    const BatchRun regrade = runBatch(folder, opt);
    QVERIFY2(!regrade.error, qPrintable(regrade.error ? regrade.error->toString() : QString()));
    QCOMPARE(regrade.summary->regraded, 3);
    QCOMPARE(regrade.summary->ran, 0);
    QCOMPARE(regrade.summary->skipped, 0);
    QVERIFY(regrade.started.isEmpty());              // no submission was started
    QVERIFY(regrade.summary->referenceFromCache);    // nor the instructor notebook
    QCOMPARE(runFolders(opt.run.runsRoot), foldersBefore); // no run folder made, none pruned
    QCOMPARE(*(*gb)->runCount(), runsBefore + 3);    // one grading each, of the stored run

    QMap<QString, EffectiveGrade> after;
    const auto gradesAfter = (*gb)->effectiveGrades();
    QVERIFY(gradesAfter);
    for (const EffectiveGrade &g : *gradesAfter)
        after.insert(g.studentId, g);
    for (const QString &s : {u"alice"_s, u"bob"_s, u"carol"_s}) {
        // The grading of the same run: its times, backend and artifacts folder.
        QCOMPARE(after[s].started, before[s].started);
        QCOMPARE(after[s].finished, before[s].finished);
        QCOMPARE(after[s].artifacts, before[s].artifacts);
        QCOMPARE(after[s].backend, u"bwrap"_s);
        QCOMPARE(after[s].maxScore, 9.0);
        QCOMPARE(after[s].checks.size(), 6);
        QVERIFY(!after[s].stale);
    }
    QCOMPARE(*after[u"alice"_s].score(), 9.0);
    QCOMPARE(*after[u"carol"_s].score(), 7.0); // corr 0/2 now, the new check 1/1
    const EffectiveCheck carolCorr = *std::find_if(after[u"carol"_s].checks.cbegin(), after[u"carol"_s].checks.cend(),
                                                   [](const EffectiveCheck &c) { return c.result.checkId == u"corr"_s; });
    QCOMPARE(carolCorr.result.outcome, Outcome::Fail);
    const EffectiveCheck carolUrl = after[u"carol"_s].checks.last();
    QCOMPARE(carolUrl.result.checkId, u"url"_s);
    QCOMPARE(carolUrl.result.outcome, Outcome::Pass);
    // bob's override survives the regrade: 6 automatic + the new check's 1, mean_sepal 1 by hand.
    QCOMPARE(after[u"bob"_s].autoScore, 7.0);
    QCOMPARE(*after[u"bob"_s].score(), 8.0);
    QCOMPARE(after[u"bob"_s].overrideComments(), QStringList{u"mean_sepal: right idea, wrong column"_s});
    for (const EffectiveGrade &g : foreseen->grades) { // the preview's grades are the ones recorded
        QCOMPARE(g.score(), after[g.studentId].score());
        QCOMPARE(g.autoScore, after[g.studentId].autoScore);
        QCOMPARE(g.maxScore, after[g.studentId].maxScore);
        QCOMPARE(g.status, after[g.studentId].status);
        QCOMPARE(g.checks.size(), after[g.studentId].checks.size());
        for (qsizetype i = 0; i < g.checks.size(); ++i) {
            QCOMPARE(g.checks.at(i).result.outcome, after[g.studentId].checks.at(i).result.outcome);
            QCOMPARE(g.checks.at(i).points(), after[g.studentId].checks.at(i).points());
        }
    }

    // Graded as it stands: the next batch skips everyone; --force runs everyone.
    const BatchRun again = runBatch(folder, opt);
    QCOMPARE(again.summary->skipped, 3);
    QCOMPARE(again.summary->regraded, 0);
    BatchOptions forced = opt;
    forced.force = true;
    const BatchRun force = runBatch(folder, forced);
    QCOMPARE(force.summary->ran, 3);
    QCOMPARE(force.summary->regraded, 0);
    QCOMPARE(*(*gb)->effectiveGrade(u"carol"_s)->value().score(), 7.0); // the run agrees with the regrade
    QCOMPARE(*(*gb)->effectiveGrade(u"bob"_s)->value().score(), 8.0);

    // A new submission would run; one whose notebook cannot be read is graded without a sandbox; the rest stand.
    QVERIFY(writeFile(folder + u"/submissions/zoe/iris-analysis.ipynb"_s, readFile(kIris + u"/submissions/alice/iris-analysis.ipynb"_s)));
    QVERIFY(writeFile(folder + u"/submissions/yan/iris-analysis.ipynb"_s, "{ not json"));
    const Expected<RegradePreview> later = preview(folder, opt);
    QVERIFY2(later, qPrintable(later ? QString() : later.error().toString()));
    QCOMPARE(later->unchanged, 3);
    QCOMPARE(later->wouldRun.keys(), QStringList{u"zoe"_s});
    QCOMPARE(later->wouldRun.value(u"zoe"_s), u"not graded yet"_s);
    QVERIFY(later->regraded.isEmpty());               // counted as the batch counts it: not from a stored run
    QCOMPARE(later->cannotRun, QStringList{u"yan"_s}); // graded without a sandbox
    QCOMPARE(later->changed, QStringList{u"yan"_s});   // not graded before
    QCOMPARE(later->grades.size(), 4); // alice, bob, carol, yan: zoe has no grade yet
    QCOMPARE(later->grades.at(3).studentId, u"yan"_s);
    QCOMPARE(later->grades.at(3).status, GradeStatus::NeedsReview);
    QVERIFY(!later->grades.at(3).score()); // nothing graded: blank, never 0
    QVERIFY(!(*gb)->effectiveGrade(u"yan"_s)->has_value()); // nothing written
}

// A run folder is a cache on disk: a stored payload replaced by another valid one (here another student's) is not
// graded; the submission runs again and gets its own grade.
void TestRegrade::editedStoredPayloadRunsAgain()
{
    if (!m_skip.isEmpty())
        QSKIP(qPrintable(m_skip));
    const QString folder = m_tmp.filePath(u"edited"_s);
    QVERIFY(copyIris(folder, {u"alice"_s, u"carol"_s}));
    const BatchOptions opt = options(folder);
    const BatchRun first = runBatch(folder, opt);
    QVERIFY2(!first.error, qPrintable(first.error ? first.error->toString() : QString()));
    QCOMPARE(first.summary->ran, 2);
    auto gb = Gradebook::open(opt.gradebookPath);
    QVERIFY(gb);
    const QString alice = (*gb)->effectiveGrade(u"alice"_s)->value().artifacts;
    const QString carol = (*gb)->effectiveGrade(u"carol"_s)->value().artifacts;
    QVERIFY(!alice.isEmpty() && !carol.isEmpty() && alice != carol);
    // carol's corr was typed in: alice's payload computed it, and passes a tolerance carol's value fails.
    QVERIFY(writeFile(carol + u"/payload.json"_s, readFile(alice + u"/payload.json"_s)));
    QVERIFY(editAssignment(folder, [](QJsonObject &a) { setCheckField(a, u"corr"_s, u"rtol"_s, 1e-6); }));
    const BatchRun second = runBatch(folder, opt);
    QVERIFY2(!second.error, qPrintable(second.error ? second.error->toString() : QString()));
    QCOMPARE(second.summary->regraded, 1);               // alice, from her untouched stored run
    QCOMPARE(second.summary->ran, 1);
    QCOMPARE(second.started, QStringList{u"carol"_s});    // carol's edited one is not trusted
    QCOMPARE(*(*gb)->effectiveGrade(u"alice"_s)->value().score(), 8.0);
    QCOMPARE(*(*gb)->effectiveGrade(u"carol"_s)->value().score(), 6.0); // her own corr, which fails rtol 1e-6
}

void TestRegrade::testCodeChangeRunsAgain()
{
    if (!m_skip.isEmpty())
        QSKIP(qPrintable(m_skip));
    const QString folder = m_tmp.filePath(u"testcode"_s);
    QVERIFY(copyIris(folder, {u"carol"_s}));
    const BatchOptions opt = options(folder);
    const BatchRun first = runBatch(folder, opt);
    QVERIFY2(!first.error, qPrintable(first.error ? first.error->toString() : QString()));
    QCOMPARE(first.summary->ran, 1);
    // carol's typed-in corr fails a new hidden test that the solution passes: only a run can tell.
    QVERIFY(editAssignment(folder, [](QJsonObject &a) {
        setCheckField(a, u"corr-hidden"_s, u"code"_s, u"assert corr != 0.9629, \"computed, not typed in\""_s);
    }));
    const QStringList foldersBefore = runFolders(opt.run.runsRoot);
    // The preview cannot decide before the instructor notebook ran the new test, and says so.
    const Expected<RegradePreview> foreseen = preview(folder, opt);
    QVERIFY2(foreseen, qPrintable(foreseen ? QString() : foreseen.error().toString()));
    QVERIFY2(foreseen->referenceRuns.contains(u"not cached"_s), qPrintable(foreseen->referenceRuns));
    QVERIFY(foreseen->regraded.isEmpty());
    QCOMPARE(foreseen->grades.size(), 1);
    const BatchRun second = runBatch(folder, opt);
    QVERIFY2(!second.error, qPrintable(second.error ? second.error->toString() : QString()));
    QCOMPARE(second.summary->regraded, 0);
    QCOMPARE(second.summary->ran, 1);
    QCOMPARE(second.started, QStringList{u"carol"_s});
    QVERIFY(!second.summary->referenceFromCache); // the instructor notebook runs the new test too
    QVERIFY(second.summary->brokenChecks.isEmpty());
    QVERIFY(runFolders(opt.run.runsRoot) != foldersBefore);
    auto gb = Gradebook::open(opt.gradebookPath);
    const EffectiveGrade carol = (*gb)->effectiveGrade(u"carol"_s)->value();
    QCOMPARE(*carol.score(), 7.0); // the hidden test fails now
    QCOMPARE(carol.checks.last().result.checkId, u"corr-hidden"_s);
    QCOMPARE(carol.checks.last().result.outcome, Outcome::Fail);
}

void TestRegrade::nameOverTheCaptureBudgetRunsAgain()
{
    if (!m_skip.isEmpty())
        QSKIP(qPrintable(m_skip));
    const QString folder = m_tmp.filePath(u"budget"_s);
    QVERIFY(copyIris(folder, {u"alice"_s}));
    // 64 bytes for the notebook's two probe points: DATA_URL (about 70 bytes encoded) does not fit.
    QVERIFY(editAssignment(folder, [](QJsonObject &a) {
        QJsonObject l = a.value(u"limits"_s).toObject();
        l.insert(u"capture_bytes"_s, 64);
        a.insert(u"limits"_s, l);
    }));
    const BatchOptions opt = options(folder);
    const BatchRun first = runBatch(folder, opt);
    QVERIFY2(!first.error, qPrintable(first.error ? first.error->toString() : QString()));
    QCOMPARE(first.summary->ran, 1);
    auto gb = Gradebook::open(opt.gradebookPath);
    const QString artifacts = (*gb)->effectiveGrade(u"alice"_s)->value().artifacts;
    const Expected<ProbePayload> stored = decodeProbePayload(readFile(artifacts + u"/payload.json"_s));
    QVERIFY(stored);
    QVERIFY(stored->capturedAll.contains(u"end"_s));
    QVERIFY2(stored->dropped.value(u"end"_s).contains(u"DATA_URL"_s), qPrintable(QStringList(stored->dropped.value(u"end"_s).values()).join(u", "_s)));
    QVERIFY(stored->dropped.value(u"end"_s).contains(u"np"_s)); // a module: never captured, named as dropped

    QVERIFY(editAssignment(folder, [](QJsonObject &a) {
        addCheck(a, QJsonObject{{u"id"_s, u"url"_s}, {u"type"_s, u"value"_s}, {u"variable"_s, u"DATA_URL"_s}, {u"points"_s, 1}});
    }));
    const BatchRun second = runBatch(folder, opt);
    QVERIFY2(!second.error, qPrintable(second.error ? second.error->toString() : QString()));
    QCOMPARE(second.summary->regraded, 0);
    QCOMPARE(second.summary->ran, 1);
    QVERIFY(!second.summary->referenceFromCache); // the reference dropped it too: it runs asking for the name
    const EffectiveGrade alice = (*gb)->effectiveGrade(u"alice"_s)->value();
    QCOMPARE(*alice.score(), 9.0); // graded from the run, never a silent 0 or not-graded
    QCOMPARE(alice.checks.last().result.outcome, Outcome::Pass);
}

QTEST_GUILESS_MAIN(TestRegrade)
#include "tst_regrade.moc"
