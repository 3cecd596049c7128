// Golden-file tests of sandmark-cli: stdout, stderr and the exit code of real runs of the built binary.
//
// Each row runs sandmark-cli from tests/data (so the paths it prints are relative and stable) and compares
// with tests/data/cli/<row>.stdout, <row>.stderr and <row>.code. A temporary folder in the arguments or the
// output is written as <TMP>. To rewrite the golden files after an intended change, run the suite with
// SANDMARK_UPDATE_GOLDEN=1 (e.g. `SANDMARK_UPDATE_GOLDEN=1 ctest --preset dev -R tst_cli`) and review the
// diff before committing.
#include "notebook/notebook.h"

#include "testsupport.h"

#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace sandmark;
using namespace sandmark::test;
using namespace Qt::Literals::StringLiterals;

namespace {

struct Run
{
    QByteArray out;
    QByteArray err;
    int code = -1;
};

Run runCli(const QStringList &args)
{
    QProcess p;
    p.setWorkingDirectory(QStringLiteral(SANDMARK_TEST_DATA_DIR));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"LC_ALL"_s, u"C.UTF-8"_s);
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(SANDMARK_CLI), args);
    Run r;
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished();
        r.err = "timed out";
        return r;
    }
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    return r;
}

bool updating()
{
    return qEnvironmentVariableIntValue("SANDMARK_UPDATE_GOLDEN") == 1;
}

QString goldenPath(const QString &name, const char *ext)
{
    return dataPath(u"cli/"_s + name + QLatin1Char('.') + QLatin1String(ext));
}

QByteArray normalized(QByteArray bytes, const QString &tmp)
{
    if (!tmp.isEmpty())
        bytes.replace(tmp.toUtf8(), "<TMP>");
    return bytes;
}

// Compares `actual` with the golden file (or rewrites it in update mode).
void compareGolden(const QString &name, const char *ext, const QByteArray &actual)
{
    const QString path = goldenPath(name, ext);
    if (updating()) {
        QFile f(path);
        QVERIFY2(f.open(QIODevice::WriteOnly) && f.write(actual) == actual.size(), qPrintable(path));
        return;
    }
    QVERIFY2(QFileInfo::exists(path), qPrintable(u"missing golden file %1 (run with SANDMARK_UPDATE_GOLDEN=1)"_s.arg(path)));
    const QByteArray expected = readAll(path);
    if (actual != expected)
        qWarning().noquote() << "---" << path << "expected:\n" << expected << "\n--- actual:\n" << actual;
    QVERIFY2(actual == expected, qPrintable(u"%1 differs from %2"_s.arg(QLatin1String(ext), path)));
}

} // namespace

class TestCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void golden_data();
    void golden();
    void version();
    void instrumentThenStripGivesTheOriginal();
    void releaseWritesTheGoldenNotebook();
    void outputFileIsWrittenAtomically();
};

void TestCli::golden_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    const QString nonce = u"0123456789abcdef0123456789abcdef"_s;
    QTest::newRow("help") << QStringList{u"--help"_s} << 0;
    QTest::newRow("no-arguments") << QStringList{} << 2;
    QTest::newRow("unknown-command") << QStringList{u"frobnicate"_s} << 2;
    QTest::newRow("validate-help") << QStringList{u"validate"_s, u"--help"_s} << 0;
    QTest::newRow("validate-missing-argument") << QStringList{u"validate"_s} << 2;
    QTest::newRow("validate-unknown-option") << QStringList{u"validate"_s, u"--frob"_s, u"assignments/good"_s} << 2;
    QTest::newRow("validate-good") << QStringList{u"validate"_s, u"assignments/good"_s} << 0;
    QTest::newRow("validate-bad-limits") << QStringList{u"validate"_s, u"assignments/bad-limits"_s} << 1;
    QTest::newRow("validate-bad-notebook") << QStringList{u"validate"_s, u"assignments/bad-notebook/assignment.json"_s}
                                           << 1;
    QTest::newRow("validate-missing-folder") << QStringList{u"validate"_s, u"assignments/nope"_s} << 1;
    QTest::newRow("release") << QStringList{u"release"_s, u"assignments/good"_s, u"-o"_s, u"{TMP}"_s} << 0;
    QTest::newRow("release-bad-notebook")
        << QStringList{u"release"_s, u"assignments/bad-notebook"_s, u"-o"_s, u"{TMP}"_s} << 1;
    QTest::newRow("instrument") << QStringList{u"instrument"_s, u"assignments/good"_s, u"assignments/good/hw.ipynb"_s,
                                               u"--nonce"_s, nonce, u"--runtime-dir"_s, u"/sandmark/runtime"_s}
                                << 0;
    QTest::newRow("instrument-c06") << QStringList{u"instrument"_s, u"assignments/good"_s,
                                                   u"cases/C06-duplicate-ids.ipynb"_s, u"--nonce"_s, nonce}
                                    << 0;
    QTest::newRow("instrument-bad-nonce") << QStringList{u"instrument"_s, u"assignments/good"_s,
                                                         u"assignments/good/hw.ipynb"_s, u"--nonce"_s, u"xyz"_s}
                                          << 2;
    QTest::newRow("instrument-missing-argument") << QStringList{u"instrument"_s, u"assignments/good"_s} << 2;
    QTest::newRow("instrument-r-notebook") << QStringList{u"instrument"_s, u"assignments/good"_s,
                                                          u"cases/C20b-r-kernel.ipynb"_s, u"--nonce"_s, nonce}
                                           << 1;
    QTest::newRow("strip") << QStringList{u"strip"_s, u"cli/instrument.stdout"_s} << 0;
    QTest::newRow("strip-non-notebook") << QStringList{u"strip"_s, u"assignments/good/data/iris.csv"_s} << 1;
    QTest::newRow("strip-not-utf8") << QStringList{u"strip"_s, u"cases/C10-cp1252-byte.ipynb"_s} << 1;
    QTest::newRow("strip-missing-file") << QStringList{u"strip"_s, u"cases/nope.ipynb"_s} << 1;
    QTest::newRow("datasets-size-warning-negative")
        << QStringList{u"datasets"_s, u"check"_s, u"assignments/good"_s, u"--size-warning"_s, u"-1"_s} << 2;
    QTest::newRow("datasets-size-warning-text")
        << QStringList{u"datasets"_s, u"warm"_s, u"assignments/good"_s, u"--size-warning"_s, u"2G"_s} << 2;
    QTest::newRow("grade-help") << QStringList{u"grade"_s, u"--help"_s} << 0;
    QTest::newRow("grade-bad-shard") << QStringList{u"grade"_s, u"assignments/good"_s, u"--shard"_s, u"3/2"_s} << 2;
    QTest::newRow("grade-bad-jobs") << QStringList{u"grade"_s, u"assignments/good"_s, u"--jobs"_s, u"0"_s} << 2;
    QTest::newRow("grade-missing-folder") << QStringList{u"grade"_s, u"assignments/nope"_s} << 1;
    QTest::newRow("grade-no-submissions") << QStringList{u"grade"_s, u"assignments/good"_s, u"--gradebook"_s, u"{TMP}/gb.sqlite"_s} << 1;
    QTest::newRow("merge-help") << QStringList{u"merge"_s, u"--help"_s} << 0;
    QTest::newRow("merge-missing-argument") << QStringList{u"merge"_s, u"{TMP}/out.sqlite"_s} << 2;
    QTest::newRow("merge-missing-input") << QStringList{u"merge"_s, u"{TMP}/out.sqlite"_s, u"{TMP}/nope.sqlite"_s} << 1;
    QTest::newRow("manual-help") << QStringList{u"manual"_s, u"--help"_s} << 0;
    QTest::newRow("feedback-help") << QStringList{u"feedback"_s, u"--help"_s} << 0;
    QTest::newRow("feedback-no-output") << QStringList{u"feedback"_s, u"assignments/good"_s} << 2;
    QTest::newRow("manual-bad-action") << QStringList{u"manual"_s, u"assignments/good"_s, u"grade"_s} << 2;
    QTest::newRow("strip-too-many-arguments") << QStringList{u"strip"_s, u"a.ipynb"_s, u"b.ipynb"_s} << 2;
    // import submissions (fixtures: tests/data/import/make_zips.py)
    QTest::newRow("import-submissions-canvas")
        << QStringList{u"import"_s, u"submissions"_s, u"import/canvas.zip"_s, u"-o"_s, u"{TMP}/out"_s} << 0;
    QTest::newRow("import-submissions-canvas-json")
        << QStringList{u"import"_s, u"submissions"_s, u"import/canvas.zip"_s, u"-o"_s, u"{TMP}/out"_s, u"--json"_s} << 0;
    QTest::newRow("import-submissions-nothing-importable")
        << QStringList{u"import"_s, u"submissions"_s, u"import/evil.zip"_s, u"-o"_s, u"{TMP}/out"_s} << 1;
    QTest::newRow("import-submissions-not-a-zip")
        << QStringList{u"import"_s, u"submissions"_s, u"import/not-a-zip.zip"_s, u"-o"_s, u"{TMP}/out"_s} << 1;
    QTest::newRow("import-submissions-missing-output")
        << QStringList{u"import"_s, u"submissions"_s, u"import/canvas.zip"_s} << 2;
}

void TestCli::golden()
{
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QTemporaryDir tmp;
    for (QString &a : args)
        a.replace(u"{TMP}"_s, tmp.path());
    const Run r = runCli(args);
    const QString name = QString::fromLatin1(QTest::currentDataTag());
    QCOMPARE(r.code, code);
    compareGolden(name, "stdout", normalized(r.out, tmp.path()));
    compareGolden(name, "stderr", normalized(r.err, tmp.path()));
    compareGolden(name, "code", QByteArray::number(r.code) + '\n');
    // Errors are one line each on stderr, naming the file and the place.
    if (code == 1) {
        const QList<QByteArray> lines = r.err.trimmed().split('\n');
        int errors = 0;
        for (const QByteArray &line : lines)
            if (line.startsWith("sandmark-cli: ") && !line.startsWith("sandmark-cli: warning: ")
                && !line.startsWith("sandmark-cli: note: "))
                ++errors;
        QVERIFY2(errors >= 1, r.err.constData());
        QVERIFY2(!r.err.contains(QStringLiteral(SANDMARK_TEST_DATA_DIR).toUtf8()),
                 "paths inside the working directory are shown relative");
    }
}

void TestCli::version()
{
    const Run r = runCli({u"--version"_s});
    QCOMPARE(r.code, 0);
    QVERIFY2(QRegularExpression(u"^sandmark-cli \\d+\\.\\d+\\.\\d+\\S*\n$"_s).match(QString::fromUtf8(r.out)).hasMatch(),
             r.out.constData());
    QCOMPARE(r.err, QByteArray());
}

// The golden instrumented notebook strips back to the instructor notebook, byte for byte.
void TestCli::instrumentThenStripGivesTheOriginal()
{
    const Run r = runCli({u"strip"_s, u"cli/instrument.stdout"_s});
    QCOMPARE(r.code, 0);
    QCOMPARE(r.out, readAll(dataPath(u"assignments/good/hw.ipynb"_s)));
    const auto inst = Notebook::load(dataPath(u"cli/instrument.stdout"_s));
    QVERIFY(inst);
    int injected = 0;
    for (int i = 0; i < inst->cellCount(); ++i)
        injected += inst->injectedKind(i) != InjectedKind::None;
    QCOMPARE(injected, 6); // redirect, probes q1, q2 and end, test-5, and t-corr in place of its cell
}

void TestCli::releaseWritesTheGoldenNotebook()
{
    QTemporaryDir tmp;
    const Run r = runCli({u"release"_s, u"assignments/good"_s, u"-o"_s, tmp.path()});
    QCOMPARE(r.code, 0);
    const QByteArray released = readAll(tmp.filePath(u"student/hw.ipynb"_s));
    compareGolden(u"release-hw"_s, "ipynb", released);
    QCOMPARE(readAll(tmp.filePath(u"student/data/iris.csv"_s)), readAll(dataPath(u"assignments/good/data/iris.csv"_s)));
    if (haveNbformat())
        QCOMPARE(nbformatProblems({tmp.filePath(u"student/hw.ipynb"_s)}), (QMap<QString, QString>()));
}

// -o FILE: a failing run leaves an existing file as it was.
void TestCli::outputFileIsWrittenAtomically()
{
    QTemporaryDir tmp;
    const QString out = tmp.filePath(u"out.ipynb"_s);
    {
        QFile f(out);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("previous\n");
    }
    Run r = runCli({u"strip"_s, u"cases/C10-cp1252-byte.ipynb"_s, u"-o"_s, out});
    QCOMPARE(r.code, 1);
    QCOMPARE(readAll(out), QByteArray("previous\n"));
    r = runCli({u"strip"_s, u"cli/instrument.stdout"_s, u"-o"_s, out});
    QCOMPARE(r.code, 0);
    QCOMPARE(r.out, QByteArray());
    QCOMPARE(readAll(out), readAll(dataPath(u"assignments/good/hw.ipynb"_s)));
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
