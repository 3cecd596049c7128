// Datasets: entry format, the ast scanner, warming into the huggingface_hub cache layout against a
// loopback fake Hub (tests/python/fake_hub.py) with the real huggingface_hub in a venv, and the offline check.
#include "recordtestutil.h"
#include "datasets/assignmentdatasets.h"
#include "datasets/datasetentry.h"
#include "datasets/datasetjob.h"
#include "datasets/hubcache.h"
#include "datasets/hubfetcher.h"
#include "datasets/missingdataset.h"
#include "datasets/scanner.h"
#include "assignment/assignment.h"
#include "grading/result.h"
#include "sandbox/backend.h"
#include "sandbox/submissionrun.h"

#include <QCryptographicHash>
#include <QEventLoop>
#include <QTimer>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace sandmark;

namespace {

const QString kSys = QStringLiteral("/usr/bin/python3");
const QString kNeuroCommit = QStringLiteral("1111111111111111111111111111111111111111");
const QString kTinyCommit = QStringLiteral("2222222222222222222222222222222222222222");

QString runtimeScript(const char *name)
{
    return QStringLiteral(SANDMARK_SOURCE_DIR "/resources/python/") + QLatin1String(name);
}

// The venv with the real huggingface_hub from PyPI, cached in the build tree between runs.
QString hfVenvPython(QString *why)
{
    const QString dir = qEnvironmentVariable("SANDMARK_HF_VENV", QStringLiteral(SANDMARK_BINARY_DIR "/hfvenv"));
    const QString py = dir + QLatin1String("/bin/python");
    QProcess check;
    check.start(py, {QStringLiteral("-c"), QStringLiteral("import huggingface_hub")});
    if (check.waitForFinished(60000) && check.exitStatus() == QProcess::NormalExit && check.exitCode() == 0)
        return py;
    QProcess mk;
    mk.setProcessChannelMode(QProcess::MergedChannels);
    mk.start(kSys, {QStringLiteral("-m"), QStringLiteral("venv"), QStringLiteral("--system-site-packages"), dir});
    mk.waitForFinished(120000);
    QProcess pip;
    pip.setProcessChannelMode(QProcess::MergedChannels);
    pip.start(py, {QStringLiteral("-m"), QStringLiteral("pip"), QStringLiteral("install"), QStringLiteral("-q"),
                   QStringLiteral("huggingface_hub")});
    if (!pip.waitForFinished(600000) || pip.exitCode() != 0) {
        *why = QStringLiteral("cannot install huggingface_hub into %1: %2").arg(dir, QString::fromUtf8(pip.readAll()));
        return {};
    }
    return py;
}

class FakeHub
{
public:
    bool start(const QString &dir)
    {
        m_log = dir + QLatin1String("/requests.jsonl");
        QJsonObject files{
            {QStringLiteral("S01/betas_all.npy"), QJsonObject{{QStringLiteral("size"), 200000}, {QStringLiteral("lfs"), true}}},
            {QStringLiteral("S01/mask_brain.npy"), QJsonObject{{QStringLiteral("size"), 50000}, {QStringLiteral("lfs"), true}}},
            {QStringLiteral("S02/betas_all.npy"), QJsonObject{{QStringLiteral("size"), 210000}, {QStringLiteral("lfs"), true}}},
            {QStringLiteral("S03/betas_all.npy"), QJsonObject{{QStringLiteral("size"), 220000}, {QStringLiteral("lfs"), true}}},
            {QStringLiteral("README.md"), QJsonObject{{QStringLiteral("size"), 120}}},
        };
        QJsonObject repos{
            {QStringLiteral("datasets/course/neuro"), QJsonObject{{QStringLiteral("commit"), kNeuroCommit}, {QStringLiteral("files"), files}}},
            {QStringLiteral("models/course/tiny"),
             QJsonObject{{QStringLiteral("commit"), kTinyCommit},
                         {QStringLiteral("files"), QJsonObject{{QStringLiteral("big/weights.bin"),
                                                                QJsonObject{{QStringLiteral("size"), 1000000}, {QStringLiteral("lfs"), true}}}}}}},
            {QStringLiteral("datasets/course/gated"),
             QJsonObject{{QStringLiteral("commit"), QStringLiteral("3333333333333333333333333333333333333333")},
                         {QStringLiteral("gated"), true},
                         {QStringLiteral("files"), QJsonObject{{QStringLiteral("data.csv"), QJsonObject{{QStringLiteral("size"), 64}}}}}}},
        };
        QJsonObject cfg{{QStringLiteral("log"), m_log},
                        {QStringLiteral("token"), QStringLiteral("hf_test_token")},
                        {QStringLiteral("repos"), repos},
                        {QStringLiteral("drop_once"), QJsonArray{QStringLiteral("big/weights.bin")}}};
        QFile f(dir + QLatin1String("/hub.json"));
        if (!f.open(QIODevice::WriteOnly))
            return false;
        f.write(QJsonDocument(cfg).toJson());
        f.close();
        m_proc.start(kSys, {QStringLiteral(SANDMARK_SOURCE_DIR "/tests/python/fake_hub.py"), f.fileName()});
        if (!m_proc.waitForReadyRead(60000)) // Python starting on a loaded machine; ends at the first line
            return false;
        const QList<QByteArray> parts = m_proc.readLine().trimmed().split(' ');
        if (parts.size() != 3)
            return false;
        m_endpoint = QStringLiteral("http://127.0.0.1:%1").arg(QString::fromLatin1(parts.at(1)));
        return true;
    }
    ~FakeHub()
    {
        m_proc.closeWriteChannel();
        if (!m_proc.waitForFinished(3000))
            m_proc.kill();
        m_proc.waitForFinished(3000);
    }
    QString endpoint() const { return m_endpoint; }
    QList<QJsonObject> requests() const
    {
        QList<QJsonObject> out;
        QFile f(m_log);
        if (!f.open(QIODevice::ReadOnly))
            return out;
        while (!f.atEnd()) {
            const QByteArray line = f.readLine().trimmed();
            if (!line.isEmpty())
                out.append(QJsonDocument::fromJson(line).object());
        }
        return out;
    }
    int count(const QString &method, const QString &server = {}) const
    {
        int n = 0;
        for (const QJsonObject &r : requests())
            if (r.value(QLatin1String("method")).toString() == method
                && (server.isEmpty() || r.value(QLatin1String("server")).toString() == server)
                && !r.value(QLatin1String("path")).toString().startsWith(QLatin1String("/api/")))
                ++n;
        return n;
    }

private:
    QProcess m_proc;
    QString m_log;
    QString m_endpoint;
};

ScanResult scan(const QList<CodeCell> &cells, const QStringList &functions = defaultDatasetFunctions())
{
    DatasetScanner s;
    QSignalSpy done(&s, &DatasetScanner::finished);
    QSignalSpy failed(&s, &DatasetScanner::failed);
    s.start(kSys, QStringLiteral("nb.ipynb"), cells, functions, runtimeScript("sandmark_scan.py"));
    if (!done.wait(30000) && failed.isEmpty())
        return {};
    if (!failed.isEmpty()) {
        qWarning() << failed.first().first().value<Error>().toString();
        return {};
    }
    return done.first().first().value<ScanResult>();
}

DatasetReport runJob(const AssignmentDatasets &a, DatasetJob::Options o)
{
    DatasetJob job(a, o);
    QSignalSpy done(&job, &DatasetJob::finished);
    QSignalSpy failed(&job, &DatasetJob::failed);
    job.start();
    for (int i = 0; i < 240 && done.isEmpty() && failed.isEmpty(); ++i)
        done.wait(500);
    if (!failed.isEmpty()) {
        qWarning() << failed.first().first().value<Error>().toString();
        return {};
    }
    return done.isEmpty() ? DatasetReport{} : done.first().first().value<DatasetReport>();
}

QByteArray fileSha(const QString &p)
{
    QFile f(p);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256).toHex();
}

// Makes `path` and everything below readable (and folders traversable) by others: when the tests run as
// root, the sandbox drops to another uid that must read the cache and the environment.
void openUp(const QString &path)
{
    QFile::setPermissions(path, QFile::permissions(path) | QFile::ReadOther | QFile::ExeOther | QFile::ReadGroup
                                    | QFile::ExeGroup);
    QDirIterator it(path, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QFileInfo fi(it.next());
        if (fi.isSymLink())
            continue;
        QFile::setPermissions(fi.filePath(), fi.permissions() | QFile::ReadOther | QFile::ReadGroup
                                                 | (fi.isDir() ? (QFile::ExeOther | QFile::ExeGroup) : QFile::Permissions()));
    }
}

// Runs the instructor notebook through the real path — SubmissionRun: an environment with huggingface_hub
// from PyPI, instrument, the bwrap sandbox, sandmark_runner.py with a real kernel — with the dataset cache
// bound read-only (HF_HUB_OFFLINE=1 is the sandbox's own). The course helper reaches the run as a data file.
Expected<SubmissionRunResult> runInstructorInSandbox(const QString &assignmentDir, const QString &hfHome, const QString &tmp)
{
    // The assignment as an instructor would complete it for grading: its dependency and its helper module.
    {
        QFile f(assignmentDir + QLatin1String("/assignment.json"));
        if (!f.open(QIODevice::ReadOnly))
            return Error{f.fileName(), {}, f.errorString()};
        QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        f.close();
        o.insert(QStringLiteral("dependencies"), QJsonArray{QStringLiteral("huggingface_hub")});
        o.insert(QStringLiteral("data_files"), QJsonArray{QStringLiteral("localizer.py")});
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(QJsonDocument(o).toJson()) < 0)
            return Error{f.fileName(), {}, f.errorString()};
    }
    auto a = Assignment::load(assignmentDir);
    if (!a)
        return a.error();
    openUp(tmp);
    SubmissionRunOptions opt;
    opt.kind = SandboxKind::Bwrap;
    opt.datasetCache = hfHome;
    opt.runsRoot = tmp + QLatin1String("/runs");
    SubmissionRun run(*a, assignmentDir + QLatin1String("/instructor.ipynb"), opt);
    QEventLoop loop;
    std::optional<Expected<SubmissionRunResult>> out;
    QObject::connect(&run, &SubmissionRun::finished, &loop, [&](const SubmissionRunResult &r) { out = r; loop.quit(); });
    QObject::connect(&run, &SubmissionRun::failed, &loop, [&](const Error &e) { out = e; loop.quit(); });
    QTimer::singleShot(600000, &loop, &QEventLoop::quit); // the first run builds the environment (pip)
    run.start();
    if (!out)
        loop.exec();
    if (!out)
        return Error{{}, {}, QStringLiteral("the sandbox run did not end")};
    return *out;
}

// The text a code cell printed on stdout.
QString cellStdout(const QJsonObject &cell)
{
    QString text;
    for (const QJsonValue &o : cell.value(QLatin1String("outputs")).toArray()) {
        const QJsonObject out = o.toObject();
        if (out.value(QLatin1String("name")).toString() != QLatin1String("stdout"))
            continue;
        const QJsonValue t = out.value(QLatin1String("text"));
        if (t.isArray())
            for (const QJsonValue &l : t.toArray())
                text += l.toString();
        else
            text += t.toString();
    }
    return text;
}

} // namespace

class TestDatasets : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        qRegisterMetaType<ScanResult>();
        qRegisterMetaType<Error>();
        qRegisterMetaType<DatasetReport>();
        qRegisterMetaType<FetchOutcome>();
        qRegisterMetaType<QList<FetchOutcome>>();
        // The tests' environment must not leak a real token or cache into the loopback runs.
        qunsetenv("HF_TOKEN");
        qunsetenv("HF_HOME");
        qunsetenv("HF_HUB_OFFLINE");
    }

    void entry_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("canonical"); // empty: invalid
        QTest::addColumn<QString>("errorPart");
        QTest::newRow("plain") << "course/neuro S01/betas_all.npy" << "course/neuro S01/betas_all.npy" << "";
        QTest::newRow("revision") << "course/neuro@v1.0 a.csv" << "course/neuro@v1.0 a.csv" << "";
        QTest::newRow("model") << "model:org/bert@0123456789abcdef0123456789abcdef01234567 config.json"
                               << "model:org/bert@0123456789abcdef0123456789abcdef01234567 config.json" << "";
        QTest::newRow("explicit dataset") << "dataset:org/ds@main x.bin" << "org/ds x.bin" << "";
        QTest::newRow("space in file name") << "org/ds my file.txt" << "org/ds my file.txt" << "";
        QTest::newRow("no file") << "org/ds" << "" << "no file name";
        QTest::newRow("empty") << "  " << "" << "empty entry";
        QTest::newRow("bad type") << "repo:org/ds a" << "" << "unknown repo type";
        QTest::newRow("bad repo") << "org//ds a" << "" << "repo id";
        QTest::newRow("double dash") << "org/a--b a" << "" << "'--'";
        QTest::newRow("absolute file") << "org/ds /etc/passwd" << "" << "relative";
        QTest::newRow("dotdot") << "org/ds a/../../b" << "" << "'..'";
        QTest::newRow("empty revision") << "org/ds@ a" << "" << "revision";
        QTest::newRow("double at") << "org/ds@@ a" << "" << "revision '@'";
        QTest::newRow("at in revision") << "org/ds@v1@v2 a" << "" << "revision 'v1@v2'";
        QTest::newRow("dotdot revision") << "org/ds@a..b a" << "" << "revision";
        QTest::newRow("reflog revision") << "org/ds@main~1 a" << "" << "revision";
        QTest::newRow("lock revision") << "org/ds@x.lock a" << "" << "revision";
        QTest::newRow("pr revision") << "org/ds@refs/pr/1 a" << "org/ds@refs/pr/1 a" << "";
        QTest::newRow("tag with plus") << "org/ds@v1.0+build a" << "org/ds@v1.0+build a" << "";
    }
    void entry()
    {
        QFETCH(QString, text);
        QFETCH(QString, canonical);
        QFETCH(QString, errorPart);
        auto e = DatasetEntry::parse(text, QStringLiteral("assignment.json"), QStringLiteral("required_datasets[0]"));
        if (canonical.isEmpty()) {
            QVERIFY(!e);
            QCOMPARE(e.error().file, QStringLiteral("assignment.json"));
            QCOMPARE(e.error().location, QStringLiteral("required_datasets[0]"));
            QVERIFY2(e.error().message.contains(errorPart), qPrintable(e.error().message));
        } else {
            QVERIFY2(e, e ? "" : qPrintable(e.error().toString()));
            QCOMPARE(e->toString(), canonical);
            QCOMPARE(DatasetEntry::parse(canonical)->toString(), canonical);
        }
    }

    void cacheLayout()
    {
        HubCache c(QStringLiteral("/h"));
        auto e = *DatasetEntry::parse(QStringLiteral("course/neuro@v 1 S01/a b.npy"));
        QCOMPARE(HubCache::repoFolderName(e), QStringLiteral("datasets--course--neuro"));
        QCOMPARE(c.pointerPath(e, kNeuroCommit), QStringLiteral("/h/hub/datasets--course--neuro/snapshots/") + kNeuroCommit
                                                     + QStringLiteral("/1 S01/a b.npy"));
        auto m = *DatasetEntry::parse(QStringLiteral("model:org/m@refs/pr/1 w.bin"));
        QCOMPARE(HubCache::resolveUrl(QStringLiteral("http://x.invalid"), m),
                 QStringLiteral("http://x.invalid/org/m/resolve/refs%2Fpr%2F1/w.bin"));
        QCOMPARE(HubCache::normalizeEtag(QStringLiteral("W/\"abc\"")), QStringLiteral("abc"));
        QCOMPARE(HubCache::normalizeEtag(QStringLiteral("\"abc\"")), QStringLiteral("abc"));
    }

    void scanner_data()
    {
        QTest::addColumn<QStringList>("cells");
        QTest::addColumn<int>("calls");
        QTest::addColumn<QString>("function");
        QTest::addColumn<QString>("args");   // JSON of the first call's positional args
        QTest::addColumn<QString>("kwargs"); // JSON of the first call's keyword args
        QTest::addColumn<int>("line");
        QTest::addColumn<bool>("computed");
        const QString imp = QStringLiteral("import localizer\n");
        QTest::newRow("literal") << QStringList{imp + QStringLiteral("x = localizer.get_file(\"S01\", \"betas\", \"all\")")}
                                 << 1 << "localizer.get_file" << R"(["S01","betas","all"])" << "{}" << 2 << false;
        QTest::newRow("keyword") << QStringList{imp + QStringLiteral("localizer.get_file(\"S01\", kind=\"betas\", which=2)")}
                                 << 1 << "localizer.get_file" << R"(["S01"])" << R"({"kind":"betas","which":2})" << 2 << false;
        QTest::newRow("multi-line") << QStringList{imp + QStringLiteral("\n\ny = localizer.get_file(\n    \"S01\",\n    # a comment\n    \"mask\",\n    \"brain\")")}
                                    << 1 << "localizer.get_file" << R"(["S01","mask","brain"])" << "{}" << 4 << false;
        QTest::newRow("commented-out") << QStringList{imp + QStringLiteral("# localizer.get_file(\"S01\", \"betas\", \"all\")\npass")}
                                       << 0 << "" << "" << "" << 0 << false;
        QTest::newRow("inside a string") << QStringList{imp + QStringLiteral("s = \"localizer.get_file('S01', 'b', 'c')\"\nt = '''\nlocalizer.download('x')\n'''")}
                                         << 0 << "" << "" << "" << 0 << false;
        QTest::newRow("computed variable") << QStringList{imp + QStringLiteral("for s in ['S01']:\n    localizer.get_file(s, \"betas\", \"all\")")}
                                           << 1 << "localizer.get_file" << R"([null,"betas","all"])" << "{}" << 3 << true;
        QTest::newRow("f-string") << QStringList{imp + QStringLiteral("n = 1\nlocalizer.download(f\"S0{n}.npy\")")}
                                  << 1 << "localizer.download" << "[null]" << "{}" << 3 << true;
        QTest::newRow("expression") << QStringList{imp + QStringLiteral("localizer.download(\"a\" + \".npy\")")}
                                    << 1 << "localizer.download" << "[null]" << "{}" << 2 << true;
        QTest::newRow("aliased module") << QStringList{QStringLiteral("from course import localizer as L"), QStringLiteral("L.get_file('S01', 'betas', 'all')")}
                                        << 1 << "course.localizer.get_file" << R"(["S01","betas","all"])" << "{}" << 1 << false;
        QTest::newRow("import as") << QStringList{QStringLiteral("import localizer as loc\nloc.download('a.npy')")}
                                   << 1 << "localizer.download" << R"(["a.npy"])" << "{}" << 2 << false;
        QTest::newRow("aliased function") << QStringList{QStringLiteral("from huggingface_hub import hf_hub_download as dl\n"
                                                                        "p = dl(repo_id='org/ds', filename='a.csv', repo_type='dataset')")}
                                          << 1 << "huggingface_hub.hf_hub_download" << "[]"
                                          << R"({"filename":"a.csv","repo_id":"org/ds","repo_type":"dataset"})" << 2 << false;
        QTest::newRow("magics") << QStringList{QStringLiteral("%matplotlib inline\n!pip install x\nfiles = !ls\nimport localizer\nlocalizer.download('a')"),
                                               QStringLiteral("%%bash\nlocalizer.download('not python')"),
                                               QStringLiteral("%%time\nlocalizer.download('b')")}
                                << 2 << "localizer.download" << R"(["a"])" << "{}" << 5 << false;
        QTest::newRow("other function") << QStringList{imp + QStringLiteral("localizer.other('a')\nprint('x')")}
                                        << 0 << "" << "" << "" << 0 << false;
    }
    void scanner()
    {
        QFETCH(QStringList, cells);
        QFETCH(int, calls);
        QList<CodeCell> in;
        for (int i = 0; i < cells.size(); ++i)
            in.append({i, cells.at(i)});
        const ScanResult r = scan(in);
        QCOMPARE(r.calls.size(), calls);
        QVERIFY2(r.warnings.isEmpty(), qPrintable(r.warnings.join(QLatin1Char('\n'))));
        if (calls == 0)
            return;
        QFETCH(QString, function);
        QFETCH(QString, args);
        QFETCH(QString, kwargs);
        QFETCH(int, line);
        QFETCH(bool, computed);
        const ScannedCall &c = r.calls.first();
        QCOMPARE(c.function, function);
        QCOMPARE(QString::fromUtf8(QJsonDocument(QJsonArray::fromVariantList(c.args)).toJson(QJsonDocument::Compact)), args);
        QCOMPARE(QString::fromUtf8(QJsonDocument(QJsonObject::fromVariantMap(c.kwargs)).toJson(QJsonDocument::Compact)), kwargs);
        QCOMPARE(c.line, line);
        QCOMPARE(c.isComputed(), computed);
        QVERIFY(c.where().contains(QStringLiteral("nb.ipynb cells[")));
    }

    void scanReleaseWarns()
    {
        const ScanResult r = scan({{0, QStringLiteral("import localizer")},
                                   {1, QStringLiteral("# YOUR CODE HERE\nraise NotImplementedError()")}});
        QCOMPARE(r.calls.size(), 0);
        QCOMPARE(r.stubCells, 1);
        QCOMPARE(r.warnings.size(), 1);
        QVERIFY(r.warnings.first().contains(QStringLiteral("looks like a release")));
    }

    void scanBadCellIsReported()
    {
        const ScanResult r = scan({{3, QStringLiteral("def f(:\n  pass")}});
        QCOMPARE(r.warnings.size(), 1);
        QVERIFY2(r.warnings.first().contains(QStringLiteral("cells[3]")), qPrintable(r.warnings.first()));
    }

    void missingDataset_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("traceback");
        QTest::addColumn<QString>("expect"); // empty: not a missing dataset
        QTest::newRow("local entry") << "LocalEntryNotFoundError"
                                     << "Cannot find the requested files in the disk cache and outgoing traffic has been disabled."
                                     << "L.get_file('S01')\nhf_hub_download(repo_id=\"course/neuro\", filename=\"S01/betas_all.npy\")"
                                     << "'S01/betas_all.npy' from the Hub repository 'course/neuro'";
        QTest::newRow("offline mode") << "OfflineModeIsEnabled"
                                      << "Cannot reach https://x: offline mode is enabled. (repo_id: org/ds, repo_type: dataset, revision: main, filename: a.csv)"
                                      << "" << "'a.csv' from the Hub repository 'org/ds'";
        QTest::newRow("unknown file") << "LocalEntryNotFoundError" << "Cannot find the requested files in the disk cache"
                                      << "" << "a Hugging Face Hub file";
        QTest::newRow("other error") << "ValueError" << "bad value" << "" << "";
        QTest::newRow("file not found") << "FileNotFoundError" << "data.csv" << "" << "";
    }
    void missingDataset()
    {
        QFETCH(QString, name);
        QFETCH(QString, value);
        QFETCH(QString, traceback);
        QFETCH(QString, expect);
        const auto m = missingDatasetMessage(name, value, traceback, QStringLiteral("/course/a1"));
        QCOMPARE(m.has_value(), !expect.isEmpty());
        if (m) {
            QVERIFY2(m->contains(expect), qPrintable(*m));
            QVERIFY(m->contains(QStringLiteral("sandmark-cli datasets warm /course/a1")));
            QVERIFY(m->contains(QStringLiteral("grader error")));
        }
    }

    void editKeepsUnknownKeys()
    {
        QTemporaryDir tmp;
        const QString json = tmp.filePath(QStringLiteral("assignment.json"));
        QVERIFY(QFile::copy(QStringLiteral(SANDMARK_TEST_DATA_DIR "/datasets/assignment/assignment.json"), json));
        QFile::setPermissions(json, QFile::ReadOwner | QFile::WriteOwner);
        QVERIFY(editRequiredDatasets(json, {QStringLiteral("org/new a.csv"), QStringLiteral("course/neuro S02/betas_all.npy")}, {}));
        QVERIFY(editRequiredDatasets(json, {}, {QStringLiteral("model:course/tiny big/weights.bin")}));
        // Adding what is listed already changes nothing and says so (it said "added" before: fresh-user attack s17).
        const QByteArray before = [&] { QFile f(json); return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray(); }();
        const QDateTime written = QFileInfo(json).lastModified();
        auto again = editRequiredDatasets(json, {QStringLiteral("org/new a.csv")}, {});
        QVERIFY(again);
        QCOMPARE(*again, QStringList{QStringLiteral("org/new a.csv")});
        QCOMPARE([&] { QFile f(json); return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray(); }(), before);
        QCOMPARE(QFileInfo(json).lastModified(), written);
        auto bad = editRequiredDatasets(json, {QStringLiteral("org/new")}, {});
        QVERIFY(!bad);
        QVERIFY(!editRequiredDatasets(json, {}, {QStringLiteral("org/none a")}));
        QFile f(json);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(o.value(QLatin1String("x_unknown_key")).toObject().value(QLatin1String("kept")).toBool(), true);
        QCOMPARE(o.value(QLatin1String("title")).toString(), QStringLiteral("Neuro data"));
        const QJsonArray list = o.value(QLatin1String("required_datasets")).toArray();
        QCOMPARE(list.size(), 3);
        QCOMPARE(list.at(2).toString(), QStringLiteral("org/new a.csv"));
    }

    // The whole path against the loopback Hub: warm (calls in the venv + entries over Qt Network), re-warm,
    // resume, check warm/cold, and huggingface_hub itself reading the cache offline.
    void warmAndCheck()
    {
        QString why;
        const QString py = hfVenvPython(&why);
        if (py.isEmpty())
            QSKIP(qPrintable(why));
        QTemporaryDir tmp;
        FakeHub hub;
        QVERIFY(hub.start(tmp.path()));
        const QString assignmentDir = tmp.filePath(QStringLiteral("neuro"));
        QDir().mkpath(assignmentDir);
        for (const char *f : {"assignment.json", "instructor.ipynb", "localizer.py"})
            QVERIFY(QFile::copy(QStringLiteral(SANDMARK_TEST_DATA_DIR "/datasets/assignment/") + QLatin1String(f),
                                assignmentDir + QLatin1Char('/') + QLatin1String(f)));
        auto a = loadAssignmentDatasets(assignmentDir);
        QVERIFY2(a, a ? "" : qPrintable(a.error().toString()));
        qputenv("SANDMARK_DATA_DIR", QByteArray(SANDMARK_BINARY_DIR "/share/sandmark"));

        DatasetJob::Options o;
        o.mode = DatasetJob::Warm;
        o.python = py;
        o.hfHome = tmp.filePath(QStringLiteral("hf"));
        o.endpoint = hub.endpoint();
        o.sizeWarningBytes = 1000000;
        const DatasetReport r = runJob(*a, o);
        QCOMPARE(r.assignment, QStringLiteral("neuro"));
        QCOMPARE(r.calls.size(), 4); // get_file x2, computed loop call, dl(README)
        int ok = 0, skipped = 0;
        for (const CallOutcome &c : r.callOutcomes) {
            ok += c.ok;
            skipped += c.skipped;
            if (!c.ok && !c.skipped)
                qWarning() << c.call.source << c.errorName << c.errorValue;
        }
        QCOMPARE(ok, 3);
        QCOMPARE(skipped, 1);
        // The helper's own path rule, observed through its hf_hub_download call.
        QCOMPARE(r.callOutcomes.at(0).hubFiles, QStringList{QStringLiteral("course/neuro S01/betas_all.npy")});
        QCOMPARE(r.callOutcomes.at(1).hubFiles, QStringList{QStringLiteral("course/neuro S01/mask_brain.npy")});
        QCOMPARE(r.entries.size(), 3);
        for (const FetchOutcome &e : r.entries)
            QVERIFY2(e.status == FetchOutcome::Downloaded, qPrintable(e.entry.toString() + QLatin1String(": ") + e.error));
        // The model file dropped mid-transfer once; the retry resumed with Range.
        QVERIFY(r.entries.at(2).resumed);
        bool sawRange = false;
        for (const QJsonObject &req : hub.requests())
            sawRange = sawRange || req.value(QLatin1String("range")).toString().startsWith(QLatin1String("bytes=500000-"));
        QVERIFY(sawRange);
        QCOMPARE(fileSha(r.entries.at(2).path).size(), 64);
        QCOMPARE(QFileInfo(r.entries.at(2).path).size(), 1000000);
        QVERIFY(QFileInfo(r.entries.at(2).path).isSymLink());
        QVERIFY(!QFileInfo(r.entries.at(2).path).symLinkTarget().isEmpty());
        QVERIFY(r.totalBytes > 1000000);
        QVERIFY(r.overSizeThreshold);
        QVERIFY2(r.problems().isEmpty(), qPrintable(r.problems().join(QLatin1Char('\n'))));
        QCOMPARE(r.computedCalls().size(), 1);
        QVERIFY(r.computedCalls().first().contains(QStringLiteral("instructor.ipynb cells[5] line 2")));
        // No token was set: none was sent.
        for (const QJsonObject &req : hub.requests())
            QVERIFY(req.value(QLatin1String("authorization")).isNull());

        // Re-warm: entries send nothing; the helper's calls only HEAD, never GET again.
        const int gets = hub.count(QStringLiteral("GET"));
        const DatasetReport again = runJob(*a, o);
        for (const FetchOutcome &e : again.entries) {
            QCOMPARE(e.status, FetchOutcome::Cached);
            QCOMPARE(e.requests, 0);
        }
        QCOMPARE(hub.count(QStringLiteral("GET")), gets);

        // Check (offline) passes.
        o.mode = DatasetJob::Check;
        o.endpoint = QStringLiteral("http://hub.invalid");
        const DatasetReport checked = runJob(*a, o);
        QVERIFY2(checked.problems().isEmpty(), qPrintable(checked.problems().join(QLatin1Char('\n'))));
        for (const CallOutcome &c : checked.callOutcomes)
            QVERIFY2(c.ok || c.skipped, qPrintable(c.errorName + QLatin1String(": ") + c.errorValue));

        // huggingface_hub itself, offline, reads every file from the cache Sandmark wrote.
        QProcess reader;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HF_HOME"), o.hfHome);
        env.insert(QStringLiteral("HF_HUB_OFFLINE"), QStringLiteral("1"));
        reader.setProcessEnvironment(env);
        reader.setProcessChannelMode(QProcess::MergedChannels);
        reader.start(py, {QStringLiteral("-c"), QStringLiteral(
            "from huggingface_hub import hf_hub_download as d\n"
            "for r, f, t in [('course/neuro','S02/betas_all.npy','dataset'),('course/neuro','S03/betas_all.npy','dataset'),"
            "('course/tiny','big/weights.bin','model'),('course/neuro','S01/betas_all.npy','dataset'),"
            "('course/neuro','S01/mask_brain.npy','dataset'),('course/neuro','README.md','dataset')]:\n"
            "    p = d(repo_id=r, filename=f, repo_type=t, local_files_only=True)\n"
            "    print(len(open(p,'rb').read()))\n")});
        QVERIFY(reader.waitForFinished(60000));
        const QString out = QString::fromUtf8(reader.readAll());
        QVERIFY2(reader.exitCode() == 0, qPrintable(out));
        QCOMPARE(out.split(QLatin1Char('\n'), Qt::SkipEmptyParts),
                 (QStringList{QStringLiteral("210000"), QStringLiteral("220000"), QStringLiteral("1000000"),
                              QStringLiteral("200000"), QStringLiteral("50000"), QStringLiteral("120")}));

        // The instructor notebook itself runs in the sandbox, offline, and reads every file from the cache
        // (the helper's calls and the loop's files that only required_datasets lists) — then, with a cold
        // cache, the same run is a grader error naming the missing file and the fix, never a zero.
        if (auto bwrap = createBackend(SandboxKind::Bwrap)->check(); !bwrap) {
            qWarning() << "sandbox part skipped: bwrap cannot run here:" << bwrap.error().toString();
        } else {
            auto warm = runInstructorInSandbox(assignmentDir, o.hfHome, tmp.path());
            QVERIFY2(warm, warm ? "" : qPrintable(warm.error().toString()));
            const QJsonObject record = test::recordJson(warm->run.record);
            QVERIFY2(record.value(QLatin1String("status")).toString() == QLatin1String("completed"),
                     qPrintable(QString::fromUtf8(QJsonDocument(record).toJson())));
            const QJsonArray cells = QJsonDocument::fromJson(warm->run.notebookJson).object().value(QLatin1String("cells")).toArray();
            QCOMPARE(cells.size(), 8); // injected cells stripped
            QCOMPARE(cellStdout(cells.at(7).toObject()),
                     QStringLiteral("{'betas_all.npy': 200000, 'mask_brain.npy': 50000, 'README.md': 120}\n"));
            GradeInput in;
            in.record = warm->run.record;
            in.referencePayload = warm->run.payloadJson;
            in.studentPayload = warm->run.payloadJson;
            QCOMPARE(grade(in).status, GradeStatus::Graded);

            const QString coldHome = tmp.filePath(QStringLiteral("cold-sandbox"));
            QDir().mkpath(coldHome);
            auto cold = runInstructorInSandbox(assignmentDir, coldHome, tmp.path());
            QVERIFY2(cold, cold ? "" : qPrintable(cold.error().toString()));
            in.record = cold->run.record;
            in.studentPayload = cold->run.payloadJson;
            const GradeResult g = grade(in);
            QCOMPARE(g.status, GradeStatus::GraderError);
            const QString reasons = g.reasons.join(QLatin1Char('\n'));
            QVERIFY2(reasons.contains(QLatin1String("'S01/betas_all.npy' from the Hub repository 'course/neuro'")), qPrintable(reasons));
            QVERIFY2(reasons.contains(QLatin1String("sandmark-cli datasets warm")), qPrintable(reasons));
        }

        // The CLI: check exits 0 on the warm cache, 1 on a cold one, naming each missing file on stderr.
        {
            const QString cli = QCoreApplication::applicationDirPath() + QLatin1String("/sandmark-cli");
            auto runCli = [&](const QString &cache, QString *err) {
                QProcess p;
                p.start(cli, {QStringLiteral("datasets"), QStringLiteral("check"), tmp.path(), QStringLiteral("--slug"),
                              QStringLiteral("neuro"), QStringLiteral("--cache"), cache, QStringLiteral("--python"), py});
                p.waitForFinished(120000);
                *err = QString::fromUtf8(p.readAllStandardError());
                return p.exitCode();
            };
            QString err;
            QCOMPARE(runCli(o.hfHome, &err), 0);
            QCOMPARE(runCli(tmp.filePath(QStringLiteral("cold-cli")), &err), 1);
            for (const char *f : {"course/neuro S01/betas_all.npy", "course/neuro S01/mask_brain.npy", "course/neuro README.md",
                                  "course/neuro S02/betas_all.npy", "course/neuro S03/betas_all.npy",
                                  "model:course/tiny big/weights.bin"})
                QVERIFY2(err.contains(QLatin1String(f)), qPrintable(err));
        }

        // Cold cache: check names every missing file and every failing call.
        o.hfHome = tmp.filePath(QStringLiteral("cold"));
        const DatasetReport cold = runJob(*a, o);
        const QString all = cold.problems().join(QLatin1Char('\n'));
        QCOMPARE(cold.problems().size(), 6); // 3 calls fail + 3 entries
        for (const char *f : {"S02/betas_all.npy", "S03/betas_all.npy", "big/weights.bin", "LocalEntryNotFoundError",
                              "cells[2]", "cells[3]", "cells[6]", "S01/betas_all.npy", "README.md"})
            QVERIFY2(all.contains(QLatin1String(f)), qPrintable(all));
    }

    void tokenOnlyWhenSetAndHttpErrors()
    {
        QTemporaryDir tmp;
        FakeHub hub;
        QVERIFY(hub.start(tmp.path()));
        const QList<DatasetEntry> entries{*DatasetEntry::parse(QStringLiteral("course/gated data.csv")),
                                          *DatasetEntry::parse(QStringLiteral("course/neuro nope.bin"))};
        auto fetch = [&](const QString &token) {
            HubFetcher f(HubCache(tmp.filePath(QStringLiteral("hf"))), hub.endpoint());
            f.setToken(token);
            QSignalSpy done(&f, &HubFetcher::finished);
            f.start(entries);
            [&] { QVERIFY(done.wait(30000)); }();
            return done.isEmpty() ? QList<FetchOutcome>{} : done.first().first().value<QList<FetchOutcome>>();
        };
        auto r = fetch({});
        QCOMPARE(r.size(), 2);
        QCOMPARE(r.at(0).status, FetchOutcome::Failed);
        QCOMPARE(r.at(0).httpStatus, 401);
        QVERIFY2(r.at(0).error.contains(QStringLiteral("HF_TOKEN")), qPrintable(r.at(0).error));
        QCOMPARE(r.at(1).httpStatus, 404);
        QVERIFY(r.at(1).error.contains(QStringLiteral("file name")));
        for (const QJsonObject &req : hub.requests())
            QVERIFY(req.value(QLatin1String("authorization")).isNull());

        r = fetch(QStringLiteral("hf_test_token"));
        QCOMPARE(r.at(0).status, FetchOutcome::Downloaded);
        QCOMPARE(QFileInfo(r.at(0).path).size(), 64);
        int withToken = 0;
        for (const QJsonObject &req : hub.requests())
            withToken += req.value(QLatin1String("authorization")).toString() == QLatin1String("Bearer hf_test_token");
        QVERIFY(withToken >= 2); // HEAD and GET to the Hub host
    }
};

QTEST_GUILESS_MAIN(TestDatasets)
#include "tst_datasets.moc"
