// Instrumenting a notebook with Sandmark's cells and stripping them again (issue 2), and the validity of
// every notebook Sandmark writes (checked with the system Python's nbformat).
#include "notebook/instrument.h"
#include "notebook/release.h"

#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <set>

using namespace sandmark;
using namespace sandmark::test;
using namespace Qt::Literals::StringLiterals;

namespace {

const QString kNonce = u"0123456789abcdef0123456789abcdef"_s;

// Every loadable notebook fixture, relative to tests/data.
QStringList loadableFixtures()
{
    QStringList files = caseNotebooks();
    const QDir nbDir(dataPath(u"notebooks"_s));
    for (const QString &name : nbDir.entryList({u"*.ipynb"_s}, QDir::Files, QDir::Name))
        files << u"notebooks/"_s + name;
    QStringList out;
    for (const QString &f : std::as_const(files))
        if (Notebook::load(dataPath(f)))
            out << f;
    return out;
}

InstrumentOptions fullOptions()
{
    InstrumentOptions o;
    o.runtimeDir = u"/sandmark/runtime"_s;
    o.nonce = kNonce;
    o.redirectNames.insert(u"data.csv"_s, u"data/data.csv"_s);
    o.redirectUrls.insert(u"https://example.invalid/d.csv"_s, u"data/data.csv"_s);
    o.probes = {ProbeSpec{u"q1"_s, u"q1"_s, {u"ans"_s}}, ProbeSpec{u"end"_s, {}, {u"x"_s, u"total"_s}}};
    o.tests = {TestCellSpec{.checkId = u"t1"_s, .code = u"assert x == 3\n"_s}, TestCellSpec{.checkId = u"t2"_s, .code = u"assert total > 0"_s}};
    return o;
}

// fullOptions() plus an nbgrader-style test cell: it replaces the cell with grade_id "t1" where there is one
// (markers.ipynb), else goes after the cell named "q1", else to the end.
InstrumentOptions roundTripOptions()
{
    InstrumentOptions o = fullOptions();
    o.tests.append(TestCellSpec{.checkId = u"t3"_s, .code = u"assert b == a"_s, .gradeId = u"t1"_s, .after = u"q1"_s});
    return o;
}

QString writeTemp(const QTemporaryDir &dir, const QString &name, const QByteArray &bytes)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

// Runs `code` with the system Python; returns stdout, or a null QByteArray on failure (stderr in *error).
QByteArray runPython(const QString &code, QString *error)
{
    QProcess p;
    p.start(systemPython(), {u"-c"_s, code});
    if (!p.waitForFinished(30000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        *error = QString::fromUtf8(p.readAllStandardError());
        return {};
    }
    QByteArray out = p.readAllStandardOutput();
    return out.isNull() ? QByteArray("") : out;
}

} // namespace

class TestInstrument : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void roundTrip_data();
    void roundTrip();
    void runCopyClearsOutputs();
    void injectedCells();
    void idsOnlyFrom45();
    void duplicateIdsStayUnique();
    void anchoredPlacement();
    void testCellReplacesGradedCell();
    void otterTestAfterCheckCall();
    void noRedirectCellWithoutData();
    void badVariables_data();
    void badVariables();
    void unicodeVariableNames();
    void badNonce_data();
    void badNonce();
    void cellSourcesRunInPython();
    void producedNotebooksAreValid();
};

void TestInstrument::roundTrip_data()
{
    QTest::addColumn<QString>("file");
    for (const QString &f : loadableFixtures())
        QTest::newRow(qPrintable(f)) << f;
}

// strip(instrument(nb)) == nb as JSON (key order included), in memory and through a file on disk.
void TestInstrument::roundTrip()
{
    QFETCH(QString, file);
    const auto nb = Notebook::load(dataPath(file));
    QVERIFY(nb);
    const auto inst = instrument(*nb, roundTripOptions());
    QVERIFY2(inst, qPrintable(inst ? QString() : inst.error().toString()));
    QVERIFY(inst->notebook.cellCount() > nb->cellCount());

    const OJson original = parseOrdered(nb->toJson());
    QVERIFY(parseOrdered(strip(inst->notebook).toJson()) == original);

    QTemporaryDir tmp;
    const QString path = writeTemp(tmp, u"instrumented.ipynb"_s, inst->notebook.toJson());
    const auto reloaded = Notebook::load(path);
    QVERIFY2(reloaded, qPrintable(reloaded ? QString() : reloaded.error().toString()));
    QCOMPARE(reloaded->repairs(), QStringList()); // what instrument() writes needs no repair
    QVERIFY(parseOrdered(strip(*reloaded).toJson()) == original);
    // Stripping a notebook without injected cells changes nothing.
    QVERIFY(parseOrdered(strip(*nb).toJson()) == original);
}

// The copy that runs carries no stale outputs (a 192 MB submission of old stdout was written into the run, copied and
// parsed by the runner again: fresh-user test); the cells and their order are the same, Markdown untouched.
void TestInstrument::runCopyClearsOutputs()
{
    const QByteArray bytes = R"json({"nbformat": 4, "nbformat_minor": 5, "metadata": {"kernelspec": {"name": "python3",
        "language": "python", "display_name": "Python 3"}}, "cells": [
        {"cell_type": "markdown", "id": "m", "metadata": {}, "source": "# HW"},
        {"cell_type": "code", "id": "a", "metadata": {"tags": ["q1"]}, "execution_count": 7, "source": "x = 1\nprint(x)",
         "outputs": [{"output_type": "stream", "name": "stdout", "text": "old output"}]}]})json";
    const auto nb = Notebook::parse(bytes, u"stale.ipynb"_s);
    QVERIFY2(nb, qPrintable(nb ? QString() : nb.error().toString()));
    InstrumentOptions options = roundTripOptions();
    options.clearOutputs = true;
    const auto inst = instrument(*nb, options);
    QVERIFY2(inst, qPrintable(inst ? QString() : inst.error().toString()));
    const QByteArray text = inst->notebook.toJson();
    QVERIFY(!text.contains("old output"));
    const OJson json = parseOrdered(text);
    bool found = false;
    for (const OJson &cell : json["cells"]) {
        if (cell.value("id", "") != "a")
            continue;
        found = true;
        QCOMPARE(cell["outputs"].size(), size_t(0));
        QVERIFY(cell["execution_count"].is_null());
        QCOMPARE(cell["source"].get<std::string>(), std::string("x = 1\nprint(x)"));
        QVERIFY(cell["metadata"]["tags"][0] == "q1");
    }
    QVERIFY(found);
    // Off by default: the round trip keeps them.
    const auto kept = instrument(*nb, roundTripOptions());
    QVERIFY(kept && kept->notebook.toJson().contains("old output"));
}

void TestInstrument::injectedCells()
{
    const auto nb = Notebook::load(dataPath(u"notebooks/anchors.ipynb"_s));
    QVERIFY(nb);
    const auto inst = instrument(*nb, fullOptions());
    QVERIFY(inst);
    const Notebook &out = inst->notebook;
    // redirect + 7 own cells + probe q1 (after cells[1]) + probe end + 2 tests
    QCOMPARE(out.cellCount(), nb->cellCount() + 5);
    QCOMPARE(out.injectedKind(0), InjectedKind::Redirect);
    QCOMPARE(out.injectedKind(3), InjectedKind::Probe);
    QCOMPARE(out.sandmarkMetadata(3).value(u"label"_s).toString(), u"q1"_s);
    QCOMPARE(out.cellCount() - 3, 9);
    QCOMPARE(out.injectedKind(9), InjectedKind::Probe);
    QCOMPARE(out.sandmarkMetadata(9).value(u"label"_s).toString(), u"end"_s);
    QCOMPARE(out.injectedKind(10), InjectedKind::Test);
    QCOMPARE(out.sandmarkMetadata(10).value(u"check"_s).toString(), u"t1"_s);
    QCOMPARE(out.injectedKind(11), InjectedKind::Test);
    QCOMPARE(out.sandmarkMetadata(11).value(u"check"_s).toString(), u"t2"_s);
    int injected = 0;
    for (int i = 0; i < out.cellCount(); ++i) {
        if (out.injectedKind(i) == InjectedKind::None)
            continue;
        ++injected;
        const QJsonObject cell = QJsonDocument::fromJson(out.cellJson(i)).object();
        QCOMPARE(cell.value(u"cell_type"_s).toString(), u"code"_s);
        QCOMPARE(cell.value(u"outputs"_s).toArray().size(), 0);
        QVERIFY(cell.value(u"execution_count"_s).isNull());
        QVERIFY(!out.sandmarkMetadata(i).value(u"injected"_s).toString().isEmpty());
    }
    QCOMPARE(injected, 5);
    // The notebook's own cells are untouched and in order.
    QStringList own;
    for (int i = 0; i < out.cellCount(); ++i)
        if (out.injectedKind(i) == InjectedKind::None)
            own << out.cellId(i);
    QCOMPARE(own, (QStringList{u"intro"_s, u"c1"_s, u"cell-q2"_s, u"c3"_s, u"c4"_s, u"c5"_s, u"q1"_s}));
    // The test's code travels in the cell's metadata, which the runner reads and the kernel never sees: the cell's
    // source is a comment, with neither the code nor the nonce (the runner runs the test in its own interpreter).
    const QString stub = out.cellSource(10);
    QVERIFY(stub.startsWith(u"# Sandmark test check"_s));
    QVERIFY(!stub.contains(u"assert"_s));
    QVERIFY(!stub.contains(QString::fromLatin1(QByteArray("assert x == 3\n").toBase64())));
    QVERIFY(!stub.contains(kNonce));
    QCOMPARE(out.sandmarkMetadata(10).value(u"code"_s).toString(), u"assert x == 3\n"_s);
}

// Injected cells get ids only in nbformat >= 4.5 notebooks.
void TestInstrument::idsOnlyFrom45()
{
    for (int minor = 0; minor <= 5; ++minor) {
        const auto nb = Notebook::load(dataPath(u"notebooks/v4.%1.ipynb"_s.arg(minor)));
        QVERIFY(nb);
        const auto inst = instrument(*nb, fullOptions());
        QVERIFY(inst);
        std::set<QString> ids;
        for (int i = 0; i < inst->notebook.cellCount(); ++i) {
            const QString id = inst->notebook.cellId(i);
            QCOMPARE(id.isEmpty(), minor < 5);
            if (!id.isEmpty())
                QVERIFY2(ids.insert(id).second, qPrintable(id));
        }
    }
    const auto old = Notebook::load(dataPath(u"cases/old-format-without-ids.ipynb"_s));
    QVERIFY(old);
    const auto inst = instrument(*old, fullOptions());
    QVERIFY(inst);
    QVERIFY(!inst->notebook.toJson().contains("\"id\""));
}

// The copied cell's id was repaired on load; the injected probes get fresh ids that collide with none.
void TestInstrument::duplicateIdsStayUnique()
{
    const auto nb = Notebook::load(dataPath(u"cases/duplicate-cell-ids.ipynb"_s));
    QVERIFY(nb);
    InstrumentOptions o = fullOptions();
    o.probes = {ProbeSpec{u"q1"_s, u"q1"_s, {u"days"_s}}, ProbeSpec{u"end"_s, {}, {u"days"_s, u"weeks"_s}}};
    const auto inst = instrument(*nb, o);
    QVERIFY(inst);
    std::set<QString> ids;
    for (int i = 0; i < inst->notebook.cellCount(); ++i)
        QVERIFY2(ids.insert(inst->notebook.cellId(i)).second, qPrintable(inst->notebook.cellId(i)));
    // The tag q1 is on two cells: the probe goes after the last (cells[2] of the notebook, [3] with the
    // redirect cell first), with a note.
    QCOMPARE(inst->notebook.injectedKind(4), InjectedKind::Probe);
    QCOMPARE(inst->notebook.cellSource(3), u"days = 366  # the cell above, duplicated and fixed"_s);
    QCOMPARE(inst->notes.size(), 1);
    QVERIFY2(inst->notes.at(0).contains(u"'q1' appears on several cells"_s), qPrintable(inst->notes.at(0)));
}

void TestInstrument::anchoredPlacement()
{
    const auto nb = Notebook::load(dataPath(u"notebooks/anchors.ipynb"_s));
    QVERIFY(nb);
    InstrumentOptions o;
    o.nonce = kNonce;
    o.probes = {ProbeSpec{u"missing"_s, u"missing"_s, {u"m"_s}}, ProbeSpec{u"cell-q2"_s, u"cell-q2"_s, {u"b"_s}},
                ProbeSpec{u"q3"_s, u"q3"_s, {u"c"_s}}, ProbeSpec{u"end"_s, {}, {u"a"_s}}};
    const auto inst = instrument(*nb, o);
    QVERIFY(inst);
    const Notebook &out = inst->notebook;
    // No redirect cell: cells keep their indices until the first probe.
    QCOMPARE(out.cellId(2), u"cell-q2"_s);
    QCOMPARE(out.injectedKind(3), InjectedKind::Probe);
    QCOMPARE(out.sandmarkMetadata(3).value(u"label"_s).toString(), u"cell-q2"_s);
    QCOMPARE(out.cellId(5), u"c4"_s); // the last cell tagged q3
    QCOMPARE(out.injectedKind(6), InjectedKind::Probe);
    QCOMPARE(out.sandmarkMetadata(6).value(u"label"_s).toString(), u"q3"_s);
    // At the end: first the fallback (in the order given), then the end probe.
    const int n = out.cellCount();
    QCOMPARE(n, nb->cellCount() + 4);
    QCOMPARE(out.sandmarkMetadata(n - 2).value(u"label"_s).toString(), u"missing"_s);
    QCOMPARE(out.sandmarkMetadata(n - 2).value(u"fallback"_s).toBool(), true);
    QCOMPARE(out.sandmarkMetadata(n - 1).value(u"label"_s).toString(), u"end"_s);
    QVERIFY(!out.sandmarkMetadata(n - 1).contains(u"fallback"_s));
    QCOMPARE(inst->notes,
             (QStringList{u"answer cell 'missing' not found; its probe runs at the end of the notebook"_s,
                          u"answer cell 'q3' appears on several cells; probed after the last, cells[4]"_s}));
}

// nbgrader semantics: the instructor's test replaces the submission's cell of that grade_id, whatever the
// student wrote in it; strip() puts the student's cell back exactly.
void TestInstrument::testCellReplacesGradedCell()
{
    const auto nb = Notebook::load(dataPath(u"notebooks/markers.ipynb"_s));
    QVERIFY(nb);
    InstrumentOptions o;
    o.nonce = kNonce;
    o.tests = {TestCellSpec{.checkId = u"t-one"_s, .code = u"assert a == 'SOL-A'"_s, .gradeId = u"t1"_s, .after = u"m2"_s},
               TestCellSpec{.checkId = u"t-gone"_s, .code = u"assert True"_s, .gradeId = u"deleted"_s, .after = u"m2"_s},
               TestCellSpec{.checkId = u"t-lost"_s, .code = u"assert True"_s, .gradeId = u"deleted-too"_s, .after = u"nowhere"_s}};
    const auto inst = instrument(*nb, o);
    QVERIFY(inst);
    const Notebook &out = inst->notebook;
    // [0..2] m0 m1 m2, [3] t-gone (after m2), [4] t-one in place of m3, [5..7] m4 m5 m6, [8] t-lost at the end
    QCOMPARE(out.cellCount(), nb->cellCount() + 2);
    QCOMPARE(out.injectedKind(3), InjectedKind::Test);
    QCOMPARE(out.sandmarkMetadata(3).value(u"check"_s).toString(), u"t-gone"_s);
    QCOMPARE(out.injectedKind(4), InjectedKind::Test);
    QCOMPARE(out.sandmarkMetadata(4).value(u"check"_s).toString(), u"t-one"_s);
    QCOMPARE(out.sandmarkMetadata(4).value(u"code"_s).toString(), u"assert a == 'SOL-A'"_s);
    QCOMPARE(out.sandmarkMetadata(4).value(u"replaced"_s).toMap().value(u"id"_s).toString(), u"m3"_s);
    QCOMPARE(out.sandmarkMetadata(8).value(u"check"_s).toString(), u"t-lost"_s);
    QCOMPARE(out.sandmarkMetadata(8).value(u"fallback"_s).toBool(), true);
    QCOMPARE(inst->notes.size(), 2);
    QVERIFY(parseOrdered(strip(out).toJson()) == parseOrdered(nb->toJson()));
    // The ids stay unique although the replaced cell's id lives on inside the metadata.
    std::set<QString> ids;
    for (int i = 0; i < out.cellCount(); ++i)
        QVERIFY(ids.insert(out.cellId(i)).second);
}

// Otter: a question's test runs after the last cell calling grader.check("<question>"), else after its answer
// cell, else at the end; grader.check("q10") is not a call for q1.
void TestInstrument::otterTestAfterCheckCall()
{
    const auto nb = Notebook::load(dataPath(u"otter/submissions/everywhere/hw-otter.ipynb"_s));
    QVERIFY(nb);
    InstrumentOptions o;
    o.nonce = kNonce;
    TestCellSpec q4{.checkId = u"q4-1"_s, .code = u"assert True"_s, .after = u"q4-answer"_s};
    q4.afterCheckCall = u"q4"_s;
    TestCellSpec q2{.checkId = u"q2"_s, .code = u"assert True"_s, .after = u"q2-answer"_s};
    q2.afterCheckCall = u"q2"_s;
    TestCellSpec q9{.checkId = u"q9-1"_s, .code = u"assert True"_s, .after = u"q9-answer"_s};
    q9.afterCheckCall = u"q9"_s;
    TestCellSpec q10{.checkId = u"q1-1"_s, .code = u"assert True"_s, .after = u"no-such-cell"_s};
    q10.afterCheckCall = u"q"_s; // no cell calls grader.check("q")
    o.tests = {q4, q2, q9, q10};
    const auto inst = instrument(*nb, o);
    QVERIFY(inst);
    const Notebook &out = inst->notebook;
    const auto after = [&](const QString &check) {
        for (int i = 1; i < out.cellCount(); ++i)
            if (out.sandmarkMetadata(i).value(u"check"_s).toString() == check)
                return out.cellId(i - 1);
        return QString();
    };
    QCOMPARE(after(u"q4-1"_s), u"q5-check-extra"_s); // grader.check('q4') there, after q5: the last call
    QCOMPARE(after(u"q2"_s), u"q2-check"_s);          // grader.check("q2")
    QCOMPARE(after(u"q9-1"_s), u"export"_s);          // no call, no answer cell: at the end, in the given order
    QCOMPARE(out.sandmarkMetadata(out.cellCount() - 1).value(u"check"_s).toString(), u"q1-1"_s);
    QCOMPARE(out.cellCount(), nb->cellCount() + 4);
    QVERIFY(parseOrdered(strip(out).toJson()) == parseOrdered(nb->toJson()));
}

void TestInstrument::noRedirectCellWithoutData()
{
    const auto nb = Notebook::load(dataPath(u"notebooks/v4.5.ipynb"_s));
    QVERIFY(nb);
    InstrumentOptions o;
    o.nonce = kNonce;
    const auto inst = instrument(*nb, o);
    QVERIFY(inst);
    QVERIFY(parseOrdered(inst->notebook.toJson()) == parseOrdered(nb->toJson())); // nothing to inject
}

void TestInstrument::badVariables_data()
{
    QTest::addColumn<QString>("variable");
    QTest::newRow("leading digit") << u"1x"_s;
    QTest::newRow("dash") << u"a-b"_s;
    QTest::newRow("empty") << QString();
    QTest::newRow("code") << u"x); import os; ("_s;
    QTest::newRow("attribute") << u"df.shape"_s;
    QTest::newRow("quote") << u"a\"b"_s;
    QTest::newRow("keyword") << u"class"_s;
    // PEP 3131: names are compared in NFKC form, so a name Python would store differently is not the one probed.
    QTest::newRow("not NFKC: ligature") << u"\uFB01le"_s;           // ﬁle: Python stores `file`
    QTest::newRow("not NFKC: decomposed") << u"re\u0301sultat"_s;    // é as e + combining acute
    QTest::newRow("leading Arabic-Indic digit") << u"\u0663x"_s;    // ٣x
    QTest::newRow("symbol") << u"a\u20ACb"_s;                       // a€b
}

// PEP 3131 identifiers, checked against Python's own rule (str.isidentifier(), not a keyword, NFKC form) for the
// same names, so the two can never disagree on a name in this list.
void TestInstrument::unicodeVariableNames()
{
    const QStringList names = {u"résultat"_s, u"π_approx"_s, u"_x"_s, u"变量"_s, u"Ωmega2"_s, u"a·b"_s, u"x\u0301"_s,
                               u"℮x"_s, u"\uFB01le"_s, u"re\u0301sultat"_s, u"\u0663x"_s, u"x\u0663"_s, u"a\u20ACb"_s,
                               u"x²"_s, u"class"_s, u"match"_s, u"1x"_s, u"a b"_s, u"naïve_Σ"_s};
    QString error;
    const QByteArray out = runPython(u"import json, keyword, sys, unicodedata\n"
                                     "names = %1\n"
                                     "sys.stdout.write(json.dumps([n.isidentifier() and not keyword.iskeyword(n) and "
                                     "unicodedata.normalize('NFKC', n) == n for n in names]))\n"_s
                                         .arg(QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(names)).toJson(QJsonDocument::Compact))),
                                     &error);
    QVERIFY2(!out.isNull(), qPrintable(error));
    const QJsonArray python = QJsonDocument::fromJson(out).array();
    QCOMPARE(python.size(), names.size());
    for (qsizetype i = 0; i < names.size(); ++i)
        QVERIFY2(isPythonVariableName(names.at(i)) == python.at(i).toBool(),
                 qPrintable(u"%1: Python says %2"_s.arg(names.at(i)).arg(python.at(i).toBool())));
    QVERIFY(isPythonVariableName(u"résultat"_s));
    QVERIFY(isPythonVariableName(u"π_approx"_s));
    QCOMPARE(pythonName(u"re\u0301sultat"_s), u"résultat"_s);
    QCOMPARE(pythonName(u"\uFB01le"_s), u"file"_s);
}

void TestInstrument::badVariables()
{
    QFETCH(QString, variable);
    const auto nb = Notebook::load(dataPath(u"notebooks/v4.5.ipynb"_s));
    QVERIFY(nb);
    InstrumentOptions o;
    o.nonce = kNonce;
    o.probes = {ProbeSpec{u"end"_s, {}, {u"ok"_s, variable}}};
    const auto inst = instrument(*nb, o);
    QVERIFY(!inst);
    QCOMPARE(inst.error().location, u"probe 'end'"_s);
    QCOMPARE(inst.error().message, u"'%1' is not a Python variable name"_s.arg(variable));
}

void TestInstrument::badNonce_data()
{
    QTest::addColumn<QString>("nonce");
    QTest::newRow("empty") << QString();
    QTest::newRow("upper case") << u"0123456789ABCDEF0123456789ABCDEF"_s;
    QTest::newRow("not hex") << u"0123456789abcdefg123456789abcdef"_s;
    QTest::newRow("15 chars") << u"0123456789abcde"_s;
    QTest::newRow("65 chars") << QString(65, QLatin1Char('a'));
    QTest::newRow("quote injection") << u"0123456789abcdef\" + __import__('os').getcwd() + \""_s;
}

void TestInstrument::badNonce()
{
    QFETCH(QString, nonce);
    const auto nb = Notebook::load(dataPath(u"notebooks/v4.5.ipynb"_s));
    QVERIFY(nb);
    InstrumentOptions o = fullOptions();
    o.nonce = nonce;
    const auto inst = instrument(*nb, o);
    QVERIFY(!inst);
    QCOMPARE(inst.error().location, u"nonce"_s);
    QVERIFY(inst.error().message.contains(u"hex"_s));
    // makeNonce() always passes.
    o.nonce = makeNonce();
    QVERIFY(QRegularExpression(u"^[0-9a-f]{32}$"_s).match(o.nonce).hasMatch());
    QVERIFY(instrument(*nb, o));
    QVERIFY(makeNonce() != makeNonce());
}

// The injected cells are real Python that passes exactly the configured values to the runtime, including
// names and URLs outside ASCII (a data file named in French, an emoji in a label). Fake runtime modules
// print what they receive.
void TestInstrument::cellSourcesRunInPython()
{
    QTemporaryDir runtime;
    writeTemp(runtime, u"sandmark_redirect.py"_s,
              "import json, sys\n"
              "def install(names, urls):\n"
              "    sys.stdout.buffer.write(json.dumps({'names': names, 'urls': urls}, ensure_ascii=False).encode('utf-8'))\n");
    writeTemp(runtime, u"sandmark_probe.py"_s,
              "import json, sys\n"
              "def emit(ns, names, nonce, max_bytes, label):\n"
              "    out = {'names': names, 'nonce': nonce, 'max_bytes': max_bytes, 'label': label,\n"
              "           'values': {n: ns[n] for n in names if n in ns}}\n"
              "    sys.stdout.buffer.write(json.dumps(out, ensure_ascii=False).encode('utf-8'))\n");
    InstrumentOptions o;
    o.runtimeDir = runtime.path() + u"/"_s; // a trailing slash is fine
    o.nonce = kNonce;
    o.probeBytes = 12345;
    o.redirectNames.insert(u"données-été😀.csv"_s, u"data/données-été😀.csv"_s);
    o.redirectNames.insert(u"a\"b'c\\d.csv"_s, u"data/q.csv"_s);
    o.redirectUrls.insert(u"https://example.invalid/x?a=1&b=\"2\""_s, u"data/x.csv"_s);
    const ProbeSpec probe{u"q😀 \"1\""_s, u"q1"_s, {u"x"_s, u"_y2"_s, u"π_approx"_s}};

    QString error;
    const QByteArray redirectOut = runPython(redirectCellSource(o), &error);
    QVERIFY2(!redirectOut.isNull(), qPrintable(error));
    const QJsonObject r = QJsonDocument::fromJson(redirectOut).object();
    QCOMPARE(r.value(u"names"_s).toObject().value(u"données-été😀.csv"_s).toString(), u"data/données-été😀.csv"_s);
    QCOMPARE(r.value(u"names"_s).toObject().value(u"a\"b'c\\d.csv"_s).toString(), u"data/q.csv"_s);
    QCOMPARE(r.value(u"urls"_s).toObject().value(u"https://example.invalid/x?a=1&b=\"2\""_s).toString(),
             u"data/x.csv"_s);

    const QByteArray probeOut = runPython(u"x = 41 + 1\n_y2 = 'é'\nπ_approx = 3.5\n"_s + probeCellSource(o, probe)
                                              + u"\nassert '_sandmark_probe' not in globals()\n"_s,
                                          &error);
    QVERIFY2(!probeOut.isNull(), qPrintable(error));
    const QJsonObject p = QJsonDocument::fromJson(probeOut).object();
    QCOMPARE(p.value(u"label"_s).toString(), probe.label);
    QCOMPARE(p.value(u"nonce"_s).toString(), kNonce);
    QCOMPARE(p.value(u"max_bytes"_s).toInt(), 12345);
    QCOMPARE(p.value(u"names"_s).toArray(), (QJsonArray{u"x"_s, u"_y2"_s, u"π_approx"_s}));
    QCOMPARE(p.value(u"values"_s).toObject().value(u"π_approx"_s).toDouble(), 3.5);
    QCOMPARE(p.value(u"values"_s).toObject().value(u"x"_s).toInt(), 42);
    QCOMPARE(p.value(u"values"_s).toObject().value(u"_y2"_s).toString(), u"é"_s);
}

// Issue 2, "Done means": what Sandmark writes (instrumented copies, releases, stripped and saved copies) is
// valid nbformat 4 for the system Python's nbformat.validate, without any repair on its side. Every fixture.
void TestInstrument::producedNotebooksAreValid()
{
    if (!haveNbformat())
        QSKIP("/usr/bin/python3 has no nbformat module (apt install python3-nbformat)");
    QTemporaryDir tmp;
    QStringList written;
    QMap<QString, QString> origin;
    int n = 0;
    for (const QString &file : loadableFixtures()) {
        const auto nb = Notebook::load(dataPath(file));
        QVERIFY(nb);
        const auto inst = instrument(*nb, roundTripOptions());
        QVERIFY(inst);
        const QString base = u"%1-"_s.arg(++n);
        QStringList mine;
        mine << writeTemp(tmp, base + u"instrumented.ipynb"_s, inst->notebook.toJson());
        mine << writeTemp(tmp, base + u"stripped.ipynb"_s, strip(inst->notebook).toJson());
        const QString saved = tmp.filePath(base + u"saved.ipynb"_s);
        QVERIFY(nb->save(saved));
        mine << saved;
        if (const auto released = makeRelease(*nb, file))
            mine << writeTemp(tmp, base + u"release.ipynb"_s, released->notebook.toJson());
        for (const QString &path : std::as_const(mine))
            origin.insert(path, file);
        written << mine;
    }
    QVERIFY(written.size() > 60);
    const QMap<QString, QString> problems = nbformatProblems(written);
    for (auto it = problems.cbegin(); it != problems.cend(); ++it)
        qWarning("%s (%s): %s", qPrintable(origin.value(it.key())), qPrintable(QFileInfo(it.key()).fileName()),
                 qPrintable(it.value()));
    QVERIFY2(problems.isEmpty(), "see the warnings above");

    // The check itself catches a bad notebook (a duplicate id, as before repair).
    QCOMPARE(nbformatProblems({dataPath(u"cases/duplicate-cell-ids.ipynb"_s)}).size(), 1);
}

QTEST_GUILESS_MAIN(TestInstrument)
#include "tst_instrument.moc"
