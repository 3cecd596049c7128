// Assignment health: the report's rows from known inputs (pure), the reference run's cell times, and
// `sandmark-cli validate --health` on real assignments through the bwrap sandbox.
#include "recordtestutil.h"
#include "batch/health.h"

#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using namespace sandmark;
using State = HealthItem::State;

namespace {

HealthItem item(const QList<HealthItem> &items, const QString &id)
{
    for (const HealthItem &i : items)
        if (i.id == id)
            return i;
    return {};
}

HealthInputs basic()
{
    HealthInputs in;
    in.backend = QStringLiteral("bwrap");
    in.checks = 5;
    in.maxPoints = 8;
    in.dataFiles = 1;
    in.dataBytes = 3860;
    in.limits.wallTimeoutS = 120;
    in.limits.cellTimeoutS = 10;
    in.submissions = 10;
    in.jobs = 2;
    return in;
}

HealthInputs::Reference referenceTaking(double duration, QList<CellTiming> cells)
{
    HealthInputs::Reference r;
    r.ok = true;
    r.timing = ReferenceTiming{};
    r.timing->durationS = duration;
    r.timing->cells = std::move(cells);
    return r;
}

HealthInputs::Reference failedReference(const QString &message)
{
    HealthInputs::Reference r;
    r.message = message;
    return r;
}

using sandmark::test::CliRun;

CliRun cli(const QStringList &args)
{
    return sandmark::test::runCli(args, {}, {}, 600000);
}

// A copy of examples/iris (assignment, notebook, data; no submissions) with `limits` and extra code appended
// to the instructor notebook's cells[cell] (1: the setup cell with the imports; 3: the first answer cell).
bool copyIris(const QString &to, const QByteArray &limitsJson, const QString &extraCode, int cell = 1)
{
    const QString from = QStringLiteral(SANDMARK_SOURCE_DIR "/examples/iris");
    QDir().mkpath(to + QStringLiteral("/data"));
    if (!QFile::copy(from + QStringLiteral("/data/iris.csv"), to + QStringLiteral("/data/iris.csv")))
        return false;
    QFile a(from + QStringLiteral("/assignment.json"));
    if (!a.open(QIODevice::ReadOnly))
        return false;
    QJsonObject assignment = QJsonDocument::fromJson(a.readAll()).object();
    assignment.insert(QStringLiteral("limits"), QJsonDocument::fromJson(limitsJson).object());
    QFile n(from + QStringLiteral("/iris-analysis.ipynb"));
    if (!n.open(QIODevice::ReadOnly))
        return false;
    QJsonObject nb = QJsonDocument::fromJson(n.readAll()).object();
    QJsonArray cells = nb.value(QStringLiteral("cells")).toArray();
    QJsonObject first = cells.at(cell).toObject();
    const QJsonValue source = first.value(QStringLiteral("source")); // a string or a list of lines (nbformat)
    QString text = source.toString();
    for (const QJsonValue &line : source.toArray())
        text += line.toString();
    first.insert(QStringLiteral("source"), text + QLatin1Char('\n') + extraCode);
    cells.replace(cell, first);
    nb.insert(QStringLiteral("cells"), cells);
    QFile outA(to + QStringLiteral("/assignment.json")), outN(to + QStringLiteral("/iris-analysis.ipynb"));
    return outA.open(QIODevice::WriteOnly) && outA.write(QJsonDocument(assignment).toJson()) > 0
           && outN.open(QIODevice::WriteOnly) && outN.write(QJsonDocument(nb).toJson()) > 0;
}

} // namespace

class TestHealth : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void cellTimesComeFromTheRecord()
    {
        const ExecutionRecord record = test::executionRecord(QJsonDocument::fromJson(R"({"duration_s": 3.5, "cells": [
            {"index": 1, "status": "ok", "duration_s": 0.2},
            {"index": null, "status": "ok", "duration_s": 0.9},
            {"index": 3, "status": "ok", "duration_s": 1.5},
            {"index": 5, "status": "not-run"}]})").object());
        const ReferenceTiming t = ReferenceTiming::fromRecord(record);
        QCOMPARE(t.durationS, 3.5);
        QCOMPARE(t.cells.size(), 2); // the injected cell (no index) and the cell that did not run are left out
        QCOMPARE(t.cells.at(0).index, 3); // slowest first
        QCOMPARE(t.cells.at(0).seconds, 1.5);
        QCOMPARE(t.cells.at(1).index, 1);
        const ReferenceTiming back = *ReferenceTiming::fromJsonText(t.toJsonText());
        QCOMPARE(back.durationS, 3.5);
        QCOMPARE(back.cells.size(), 2);
        QCOMPARE(back.cells.at(0).index, 3);
    }

    // A problem set's reference run: every notebook's cells and time, not the first notebook's only.
    void problemSetTimesCoverEveryNotebook()
    {
        const ExecutionRecord part1 = test::executionRecord(QJsonDocument::fromJson(R"({"duration_s": 2.0, "cells": [
            {"index": 0, "status": "ok", "duration_s": 0.5},
            {"index": null, "status": "ok", "duration_s": 0.1}]})").object());
        const ExecutionRecord part2 = test::executionRecord(QJsonDocument::fromJson(R"({"cells": [
            {"index": 4, "status": "ok", "duration_s": 3.5},
            {"index": 1, "status": "ok", "duration_s": 0.25}]})").object()); // no duration_s: the sandbox's time counts
        ReferenceTiming t;
        t.addNotebook(u"part1.ipynb"_qs, part1, 9);
        t.addNotebook(u"part2.ipynb"_qs, part2, 4.5);
        QCOMPARE(t.durationS, 6.5);
        QCOMPARE(t.notebooks.size(), 2);
        QCOMPARE(t.notebooks.at(1).notebook, u"part2.ipynb"_qs);
        QCOMPARE(t.notebooks.at(1).seconds, 4.5);
        QCOMPARE(t.cells.size(), 3);
        QCOMPARE(t.cells.at(0).place(), u"part2.ipynb cells[4]"_qs); // the slowest cell is the second notebook's
        QCOMPARE(t.cells.at(1).place(), u"part1.ipynb cells[0]"_qs);
        QCOMPARE(t.cells.at(2).place(), u"part2.ipynb cells[1]"_qs);
        // The reference cache's timing file, byte for byte as Qt's writer made it before (a cache stays valid).
        t.runS = 12.25;
        t.kernelStartS = 0.1 + 0.2;
        QCOMPARE(t.toJsonText(),
                 QByteArray(R"({"cells":[{"duration_s":3.5,"index":4,"notebook":"part2.ipynb"},)"
                            R"({"duration_s":0.5,"index":0,"notebook":"part1.ipynb"},{"duration_s":0.25,"index":1,)"
                            R"("notebook":"part2.ipynb"}],"duration_s":6.5,"kernel_start_s":0.30000000000000004,)"
                            R"("notebooks":[{"duration_s":2,"notebook":"part1.ipynb"},{"duration_s":4.5,"notebook":)"
                            R"("part2.ipynb"}],"run_s":12.25})"));
        QVERIFY(!ReferenceTiming::fromJsonText("[1]") && !ReferenceTiming::fromJsonText("{\"cells\": ")); // damaged
        const ReferenceTiming back = *ReferenceTiming::fromJsonText(t.toJsonText());
        QCOMPARE(back.runS, 12.25);
        QCOMPARE(back.durationS, 6.5);
        QCOMPARE(back.notebooks.size(), 2);
        QCOMPARE(back.notebooks.at(0).notebook, u"part1.ipynb"_qs);
        QCOMPARE(back.notebooks.at(0).seconds, 2.0);
        QCOMPARE(back.cells.size(), 3);
        QCOMPARE(back.cells.at(0).place(), u"part2.ipynb cells[4]"_qs);
        QCOMPARE(ReferenceTiming::fromRecord(part1).cells.at(0).place(), u"cells[0]"_qs); // one notebook: no name

        HealthInputs in = basic(); // 120 s per notebook, 10 s per cell, 10 submissions, 2 at once
        HealthInputs::Reference r;
        r.ok = true;
        t.runS = 12; // both notebooks' sandboxes and kernels with their cells
        t.kernelStartS = 4;
        r.timing = t;
        in.reference = r;
        QList<HealthItem> items = assessHealth(in);
        QVERIFY2(item(items, u"slowest-cells"_qs).detail.startsWith(u"part2.ipynb cells[4] 3.5 s, part1.ipynb cells[0] 0.5 s"_qs),
                 qPrintable(item(items, u"slowest-cells"_qs).detail));
        QCOMPARE(item(items, u"batch-time"_qs).detail,
                 u"12.0 s per submission (the reference run of its 2 notebook(s): 4.0 s kernel start-up, 6.5 s cells and "
                 "checks, 1.5 s sandbox and run set-up); 10 submission(s) take about 1.0 min with 2 at once; at most "
                 "20.5 min if every submission ran to its time limit (245.5 s each, with the start-up)"_qs);
        QCOMPARE(item(items, u"limits"_qs).state, State::Ok);
        QVERIFY2(item(items, u"limits"_qs).detail.endsWith(
                     u"the reference run's slowest notebook, part2.ipynb, used 4.5 s (4 % of the run limit, which holds "
                     "each notebook); its 2 notebook(s) together used 6.5 s (3 % of the problem set's limit of 240 s)"_qs),
                 qPrintable(item(items, u"limits"_qs).detail));
        QCOMPARE(item(items, u"reference"_qs).detail, u"Succeeded in 6.5 s."_qs);

        // 50 s + 50 s: each notebook within half of its own limit, the set within half of 240 s — no warning,
        // where the sum against one notebook's limit would have been one.
        r.timing = ReferenceTiming{};
        r.timing->addNotebook(u"part1.ipynb"_qs, test::executionRecord(QJsonObject{{u"duration_s"_qs, 50}}));
        r.timing->addNotebook(u"part2.ipynb"_qs, test::executionRecord(QJsonObject{{u"duration_s"_qs, 50}}));
        in.reference = r;
        QCOMPARE(item(assessHealth(in), u"limits"_qs).state, State::Ok);
        // One notebook over half of its limit is a warning, whatever the others take.
        r.timing->addNotebook(u"part3.ipynb"_qs, test::executionRecord(QJsonObject{{u"duration_s"_qs, 70}}));
        in.reference = r;
        items = assessHealth(in);
        QCOMPARE(item(items, u"limits"_qs).state, State::Warning);
        QVERIFY2(item(items, u"limits"_qs).detail.contains(u"slowest notebook, part3.ipynb, used 70.0 s"_qs),
                 qPrintable(item(items, u"limits"_qs).detail));
        QVERIFY(item(items, u"limits"_qs).fix.contains(u"limits.set_timeout_s"_qs));
    }

    // validate --health of a problem set in the real sandbox: the slowest cell is found in the notebook it is in
    // (the second), and the batch estimate counts every notebook.
    void cliTimesEveryNotebookOfAProblemSet()
    {
        if (QStandardPaths::findExecutable(u"bwrap"_qs).isEmpty())
            QSKIP("bwrap is not installed");
        QTemporaryDir dir;
        const QString from = QStringLiteral(SANDMARK_SOURCE_DIR "/tests/data/problemsets/ps");
        QDir().mkpath(dir.filePath(u"data"_qs));
        for (const QString &f : {u"assignment.json"_qs, u"helpers.py"_qs, u"data/points.csv"_qs, u"part1.ipynb"_qs,
                                u"part3.ipynb"_qs})
            QVERIFY(QFile::copy(from + QLatin1Char('/') + f, dir.filePath(f)));
        QFile n(from + u"/part2.ipynb"_qs);
        QVERIFY(n.open(QIODevice::ReadOnly));
        QJsonObject nb = QJsonDocument::fromJson(n.readAll()).object();
        QJsonArray cells = nb.value(u"cells"_qs).toArray();
        int last = -1; // the last code cell gets a sleep
        for (int i = 0; i < cells.size(); ++i)
            if (cells.at(i).toObject().value(u"cell_type"_qs).toString() == u"code"_qs)
                last = i;
        QVERIFY(last >= 0);
        QJsonObject slow = cells.at(last).toObject();
        QString text = slow.value(u"source"_qs).toString();
        for (const QJsonValue &line : slow.value(u"source"_qs).toArray())
            text += line.toString();
        slow.insert(u"source"_qs, text + u"\nimport time\ntime.sleep(2)"_qs);
        cells.replace(last, slow);
        nb.insert(u"cells"_qs, cells);
        QFile out(dir.filePath(u"part2.ipynb"_qs));
        QVERIFY(out.open(QIODevice::WriteOnly) && out.write(QJsonDocument(nb).toJson()) > 0);
        out.close();

        // A cache of its own: the reference runs here, and its timing file can be made an older Sandmark's. Run
        // folders live under it: the sandbox user (when running as root) must be able to reach them.
        QVERIFY(QFile::setPermissions(dir.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner
                                                      | QFileDevice::ReadGroup | QFileDevice::ExeGroup
                                                      | QFileDevice::ReadOther | QFileDevice::ExeOther));
        const QMap<QString, QString> env{{u"SANDMARK_CACHE_DIR"_qs, dir.filePath(u"cache"_qs)}};
        auto health = [&]() -> QMap<QString, QJsonObject> {
            const CliRun r = sandmark::test::runCli({u"validate"_qs, u"--health"_qs, u"--json"_qs, u"--jobs"_qs, u"1"_qs, dir.path()},
                                                    env, QStringLiteral(SANDMARK_TEST_DATA_DIR), 600000);
            if (r.code != 0)
                qWarning() << r.err;
            QMap<QString, QJsonObject> items;
            for (const QJsonValue &v : QJsonDocument::fromJson(r.out).object().value(u"items"_qs).toArray())
                items.insert(v.toObject().value(u"id"_qs).toString(), v.toObject());
            return items;
        };
        QMap<QString, QJsonObject> items = health();
        QCOMPARE(items.size(), 10);
        const QString slowest = items.value(u"slowest-cells"_qs).value(u"detail"_qs).toString();
        QVERIFY2(slowest.startsWith(QStringLiteral("part2.ipynb cells[%1] ").arg(last)), qPrintable(slowest));
        const QString limits = items.value(u"limits"_qs).value(u"detail"_qs).toString();
        QVERIFY2(limits.contains(u"slowest notebook, part2.ipynb"_qs) && limits.contains(u"its 3 notebook(s) together"_qs),
                 qPrintable(limits));
        const QString batch = items.value(u"batch-time"_qs).value(u"detail"_qs).toString();
        // The whole run of the three notebooks, each in its own sandbox and kernel, not their cells alone.
        QVERIFY2(batch.contains(u"(the reference run of its 3 notebook(s): "_qs) && batch.contains(u" s kernel start-up, "_qs),
                 qPrintable(batch));
        static const QRegularExpression perSubmission(uR"(^(\d+\.\d) s per submission)"_qs);
        const QRegularExpressionMatch m = perSubmission.match(batch);
        QVERIFY2(m.hasMatch() && m.captured(1).toDouble() >= 2.0, qPrintable(batch)); // the sleep in the second notebook

        // The times an older Sandmark cached for a problem set (the first notebook's cells, no notebooks) are not
        // shown as if they were the set's: the reference runs again and caches every notebook's.
        const QFileInfoList timings = QDir(dir.filePath(u"cache/reference"_qs)).entryInfoList({u"*.timing.json"_qs}, QDir::Files);
        QCOMPARE(timings.size(), 1);
        QFile timing(timings.first().filePath());
        QVERIFY(timing.open(QIODevice::ReadOnly));
        QJsonObject older = QJsonDocument::fromJson(timing.readAll()).object();
        timing.close();
        QVERIFY(older.contains(u"notebooks"_qs));
        older.remove(u"notebooks"_qs);
        QVERIFY(timing.open(QIODevice::WriteOnly | QIODevice::Truncate));
        timing.write(QJsonDocument(older).toJson());
        timing.close();
        items = health();
        const QString reference = items.value(u"reference"_qs).value(u"detail"_qs).toString();
        QVERIFY2(reference.startsWith(u"Succeeded in "_qs) && !reference.contains(u"cached"_qs), qPrintable(reference));
        QVERIFY2(items.value(u"slowest-cells"_qs).value(u"detail"_qs).toString().startsWith(u"part2.ipynb cells["_qs),
                 qPrintable(items.value(u"slowest-cells"_qs).value(u"detail"_qs).toString()));
        QVERIFY(timing.open(QIODevice::ReadOnly));
        QVERIFY(QJsonDocument::fromJson(timing.readAll()).object().value(u"notebooks"_qs).toArray().size() == 3);
        timing.close();
        items = health(); // and now it is a cache hit, with every notebook's times
        QVERIFY2(items.value(u"reference"_qs).value(u"detail"_qs).toString().endsWith(u"(cached result)."_qs),
                 qPrintable(items.value(u"reference"_qs).value(u"detail"_qs).toString()));
        QVERIFY(items.value(u"slowest-cells"_qs).value(u"detail"_qs).toString().startsWith(u"part2.ipynb cells["_qs));
    }

    void nothingCheckedYetIsPending()
    {
        const QList<HealthItem> items = assessHealth(basic());
        QCOMPARE(items.size(), 10);
        QStringList ids;
        for (const HealthItem &i : items)
            ids << i.id;
        QCOMPARE(ids, (QStringList{u"sandbox"_qs, u"assignment"_qs, u"checks"_qs, u"data-size"_qs, u"datasets"_qs,
                                   u"limits"_qs, u"environment"_qs, u"reference"_qs, u"slowest-cells"_qs, u"batch-time"_qs}));
        for (const QString &id : {u"sandbox"_qs, u"environment"_qs, u"reference"_qs, u"slowest-cells"_qs, u"batch-time"_qs})
            QVERIFY2(item(items, id).state == State::Pending, qPrintable(id));
        QCOMPARE(item(items, u"checks"_qs).detail, u"5 check(s), 8 points in total"_qs);
        QCOMPARE(item(items, u"datasets"_qs).state, State::Ok); // none listed
        QCOMPARE(item(items, u"limits"_qs).state, State::Ok);
    }

    void slowestCells_data()
    {
        QTest::addColumn<double>("slowest");
        QTest::addColumn<int>("state");
        QTest::newRow("fast") << 1.0 << int(State::Ok);
        QTest::newRow("half the limit is still fine") << 5.0 << int(State::Ok);
        QTest::newRow("over half the limit") << 6.5 << int(State::Warning);
        QTest::newRow("at the limit") << 10.0 << int(State::Failed);
    }
    void slowestCells()
    {
        QFETCH(double, slowest);
        QFETCH(int, state);
        HealthInputs in = basic();
        in.reference = referenceTaking(12, {{7, slowest, {}}, {2, 0.5, {}}, {4, 0.25, {}}, {1, 0.1, {}}});
        const HealthItem cells = item(assessHealth(in), u"slowest-cells"_qs);
        QCOMPARE(int(cells.state), state);
        QVERIFY2(cells.detail.startsWith(QStringLiteral("cells[7] %1 s, cells[2] 0.5 s, cells[4] 0.3 s (limit 10.0 s per cell)")
                                             .arg(slowest, 0, 'f', 1)),
                 qPrintable(cells.detail)); // the three slowest, and the limit they are measured against
        QCOMPARE(cells.fix.isEmpty(), state == int(State::Ok));
        if (state != int(State::Ok))
            QVERIFY2(cells.fix.contains(u"cells[7]"_qs) && cells.fix.contains(u"limits.cell_timeout_s"_qs), qPrintable(cells.fix));
    }

    void referenceAgainstTheRunLimit()
    {
        HealthInputs in = basic();
        in.reference = referenceTaking(30, {{1, 2, {}}});
        QList<HealthItem> items = assessHealth(in);
        QCOMPARE(item(items, u"limits"_qs).state, State::Ok);
        QVERIFY2(item(items, u"limits"_qs).detail.endsWith(u"the reference run used 30.0 s (25 % of the run limit)"_qs),
                 qPrintable(item(items, u"limits"_qs).detail));
        QCOMPARE(item(items, u"reference"_qs).detail, u"Succeeded in 30.0 s."_qs);
        QCOMPARE(item(items, u"environment"_qs).state, State::Ok);
        in.reference = referenceTaking(70, {{1, 2, {}}});
        items = assessHealth(in);
        QCOMPARE(item(items, u"limits"_qs).state, State::Warning);
        QVERIFY(item(items, u"limits"_qs).fix.contains(u"limits.timeout_s"_qs));
    }

    void failedReferenceNamesItsError()
    {
        HealthInputs in = basic();
        in.reference = failedReference(u"iris-analysis.ipynb: cells[3]: raised ValueError: x"_qs);
        const QList<HealthItem> items = assessHealth(in);
        QCOMPARE(item(items, u"reference"_qs).state, State::Failed);
        QCOMPARE(item(items, u"reference"_qs).detail, u"iris-analysis.ipynb: cells[3]: raised ValueError: x"_qs);
        QVERIFY(!item(items, u"reference"_qs).fix.isEmpty());
        QCOMPARE(item(items, u"environment"_qs).state, State::Pending);
        QCOMPARE(item(items, u"slowest-cells"_qs).state, State::Pending);
    }

    // What the reference run found besides its values: a check the solution fails (the Checks row fails, naming
    // it), noted cell errors (the reference row warns while one is not tagged raises-exception), a module the
    // environment lacks (the environment row fails, naming it and the fix).
    void referenceFindingsAreNamed()
    {
        HealthInputs in = basic();
        HealthInputs::Reference r = referenceTaking(4, {});
        r.brokenChecks = {{u"q3-tests"_qs, u"the test check fails on the instructor notebook (AssertionError: typo); fix the "
                                            "test or the solution"_qs}};
        r.notes = {u"cells[2] raised NameError: name 'a' is not defined (not an answer or test cell: noted, not a failure)"_qs};
        r.untaggedNotes = 1;
        in.reference = r;
        QList<HealthItem> items = assessHealth(in);
        const HealthItem checks = item(items, u"checks"_qs);
        QCOMPARE(checks.state, State::Failed);
        QCOMPARE(checks.detail, u"5 check(s), 8 points in total; 1 fail(s) on the instructor notebook: checks 'q3-tests': "
                                "the test check fails on the instructor notebook (AssertionError: typo); fix the test or "
                                "the solution"_qs);
        QVERIFY(checks.fix.contains(u"not graded for anyone"_qs));
        const HealthItem reference = item(items, u"reference"_qs);
        QCOMPARE(reference.state, State::Warning);
        QCOMPARE(reference.detail, u"Succeeded in 4.0 s. Noted, not failures: cells[2] raised NameError: name 'a' is not "
                                   "defined (not an answer or test cell: noted, not a failure)."_qs);
        r.untaggedNotes = 0; // tagged raises-exception: on purpose, said so
        in.reference = r;
        QCOMPARE(item(assessHealth(in), u"reference"_qs).state, State::Ok);
        QCOMPARE(item(assessHealth(in), u"environment"_qs).state, State::Ok);

        in.reference = failedReference(u"ps1.ipynb: cells[0]: raised ModuleNotFoundError: No module named 'pytest'"_qs);
        in.reference->missingModules = {u"pytest"_qs};
        items = assessHealth(in);
        const HealthItem env = item(items, u"environment"_qs);
        QCOMPARE(env.state, State::Failed);
        QCOMPARE(env.detail, u"The environment lacks the module(s) pytest."_qs);
        QVERIFY(env.fix.startsWith(u"Add the package that provides each to \"dependencies\" in assignment.json"_qs));
    }

    // The environment row from the imports under the limits: a memory limit too small (the imports fail under it
    // and run with more) fails with the size to set; a missing module fails naming it; imports that leave little
    // room warn; imports that fit are ok.
    void importsUnderTheLimits()
    {
        HealthInputs in = basic();
        ImportsCheckResult r;
        r.statements = {u"import numpy as np"_qs, u"import pandas as pd"_qs};
        r.failedStatement = u"import numpy as np"_qs;
        r.error = u"ImportError: libopenblas.so.0: failed to map segment from shared object"_qs;
        r.memoryTooSmall = true;
        r.limitBytes = 256LL << 20;
        r.triedBytes = 4LL << 30;
        r.peakBytes = 300LL << 20;
        in.imports = r;
        HealthItem env = item(assessHealth(in), u"environment"_qs);
        QCOMPARE(env.state, State::Failed);
        QCOMPARE(env.detail, u"`import numpy as np` fails under the limits (ImportError: libopenblas.so.0: failed to map "
                             "segment from shared object), and runs with 4 GiB of memory: the memory limit of 256 MiB "
                             "is too small for the environment's imports (they take 300 MiB of address space)."_qs);
        QCOMPARE(env.fix, u"Raise limits.memory_bytes in assignment.json to at least 768 MiB (805306368 bytes); a correct "
                          "answer fails under the current limit."_qs);

        r.memoryTooSmall = false;
        r.failedStatement = u"import pytest"_qs;
        r.error = u"ModuleNotFoundError: No module named 'pytest'"_qs;
        r.missingModule = u"pytest"_qs;
        in.imports = r;
        env = item(assessHealth(in), u"environment"_qs);
        QCOMPARE(env.state, State::Failed);
        QCOMPARE(env.detail, u"The environment lacks the module(s) pytest."_qs);

        r = ImportsCheckResult{};
        r.ok = true;
        r.statements = {u"import numpy as np"_qs};
        r.limitBytes = 1LL << 30;
        r.peakBytes = 900LL << 20;
        in.imports = r;
        env = item(assessHealth(in), u"environment"_qs);
        QCOMPARE(env.state, State::Warning);
        QCOMPARE(env.detail, u"Ready; the notebook's 1 import(s) start under the limits, taking 900 MiB of the 1 GiB of "
                             "address space."_qs);
        r.peakBytes = 200LL << 20;
        in.imports = r;
        QCOMPARE(item(assessHealth(in), u"environment"_qs).state, State::Ok);
    }

    // The CLI through the real sandbox: with 256 MiB, numpy's import fails (OpenBLAS cannot map its buffers), and
    // the report says the memory limit is too small, with the size to set; exit 1.
    void cliFindsMemoryLimitTooSmallForTheImports()
    {
        if (QStandardPaths::findExecutable(u"bwrap"_qs).isEmpty())
            QSKIP("bwrap is not installed");
        QTemporaryDir dir;
        QVERIFY(copyIris(dir.path(), R"({"timeout_s": 120, "cell_timeout_s": 60, "memory_bytes": 268435456})", u"pass"_qs));
        const CliRun r = cli({u"validate"_qs, u"--health"_qs, u"--json"_qs, dir.path()});
        QCOMPARE(r.code, 1);
        QMap<QString, QJsonObject> items;
        for (const QJsonValue &v : QJsonDocument::fromJson(r.out).object().value(u"items"_qs).toArray())
            items.insert(v.toObject().value(u"id"_qs).toString(), v.toObject());
        const QJsonObject env = items.value(u"environment"_qs);
        QCOMPARE(env.value(u"state"_qs).toString(), u"failed"_qs);
        const QString detail = env.value(u"detail"_qs).toString();
        QVERIFY2(detail.startsWith(u"`import numpy as np` fails under the limits (ImportError: "_qs), qPrintable(detail));
        QVERIFY2(detail.contains(u"and runs with 4 GiB of memory: the memory limit of 256 MiB is too small for the "
                                 "environment's imports (they take "_qs),
                 qPrintable(detail));
        QVERIFY2(env.value(u"fix"_qs).toString().startsWith(u"Raise limits.memory_bytes in assignment.json to at least "_qs),
                 qPrintable(env.value(u"fix"_qs).toString()));
    }

    void cachedResultWithoutTimes()
    {
        HealthInputs in = basic();
        HealthInputs::Reference cached;
        cached.ok = true;
        cached.cached = true;
        in.reference = cached;
        const QList<HealthItem> items = assessHealth(in);
        QCOMPARE(item(items, u"reference"_qs).detail, u"Succeeded (cached result)."_qs);
        QCOMPARE(item(items, u"slowest-cells"_qs).state, State::Pending);
        QVERIFY(item(items, u"slowest-cells"_qs).detail.contains(u"run the reference again"_qs));
    }

    // A submission's run costs its sandbox's and its kernel's start-up as well as the cells the execution record times
    // (the record's clock starts when the job arrives, the kernel already started): the estimate is the reference
    // run's whole time, said with its parts — not its cells' time, which was about a hundredth of a real run.
    void batchTimeCountsTheWholeRun()
    {
        ReferenceTiming t = ReferenceTiming::fromRecord(test::executionRecord(QJsonObject{{u"duration_s"_qs, 0.2}}));
        // The runner's profile ([stage, start, end], seconds since the epoch): only the kernel's stages count as its start-up.
        t.addKernelStart({{u"runner-imports"_qs, 100.0, 100.5}, {u"kernel-start"_qs, 100.5, 103.5},
                          {u"kernel-preimport"_qs, 103.5, 107.5}, {u"job-wait"_qs, 107.5, 108.0},
                          {u"cell:student:1"_qs, 108.0, 108.2}});
        QCOMPARE(t.kernelStartS, 7.0);
        t.runS = 9.5; // the reference run's wall clock, from its start to its artifacts
        QCOMPARE(t.perSubmissionS(), 9.5);
        const ReferenceTiming back = *ReferenceTiming::fromJsonText(t.toJsonText()); // the reference cache's timing file
        QCOMPARE(back.runS, 9.5);
        QCOMPARE(back.kernelStartS, 7.0);
        QCOMPARE(back.durationS, 0.2);

        HealthInputs in = basic(); // 10 submissions, 2 at once
        in.limits.wallTimeoutS = 60;
        HealthInputs::Reference r;
        r.ok = true;
        r.timing = t;
        in.reference = r;
        HealthItem batch = item(assessHealth(in), u"batch-time"_qs);
        QCOMPARE(batch.state, State::Ok);
        QCOMPARE(batch.detail,
                 u"9.5 s per submission (the reference run: 7.0 s kernel start-up, 0.2 s cells and checks, 2.3 s sandbox and "
                 "run set-up); 10 submission(s) take about 0.8 min with 2 at once; at most 5.8 min if every submission ran to "
                 "its time limit (69.3 s each, with the start-up)"_qs);

        // A timing an older version cached has the cells' time only: shown as the lower bound it is, never as the time.
        in.reference = referenceTaking(0.2, {});
        batch = item(assessHealth(in), u"batch-time"_qs);
        QCOMPARE(batch.detail,
                 u"at least 0.2 s per submission (the reference run's cells and checks only: its cached timing, from an older "
                 "version, lacks the kernel start-up and the sandbox, which often take most of a run); 10 submission(s) take "
                 "at least 0.0 min with 2 at once; at most 5.0 min if every submission ran to its time limit (60.0 s each)"_qs);
    }

    void batchTime()
    {
        HealthInputs in = basic(); // 10 submissions, 2 at once
        in.reference = referenceTaking(6, {});
        in.reference->timing->runS = 6;
        in.limits.wallTimeoutS = 60;
        QList<HealthItem> items = assessHealth(in);
        QCOMPARE(item(items, u"batch-time"_qs).state, State::Ok);
        QCOMPARE(item(items, u"batch-time"_qs).detail,
                 u"6.0 s per submission (the reference run: 0.0 s kernel start-up, 6.0 s cells and checks, 0.0 s sandbox and "
                 "run set-up); 10 submission(s) take about 0.5 min with 2 at once; at most 5.0 min if every submission ran to "
                 "its time limit (60.0 s each)"_qs);
        in.secondsPerSubmission = 90; // measured wins over the reference
        in.limits.wallTimeoutS = 120;
        items = assessHealth(in);
        QCOMPARE(item(items, u"batch-time"_qs).state, State::Warning);
        QCOMPARE(item(items, u"batch-time"_qs).detail,
                 u"90.0 s per submission (measured on graded submissions); 10 submission(s) take about 7.5 min with 2 at once; "
                 "at most 10.0 min if every submission ran to its time limit (120.0 s each)"_qs);
        QVERIFY(!item(items, u"batch-time"_qs).fix.isEmpty());
    }

    void datasets()
    {
        HealthInputs in = basic();
        in.requiredDatasets = 3;
        QCOMPARE(item(assessHealth(in), u"datasets"_qs).state, State::Pending);
        in.missingDatasets = 2;
        QCOMPARE(item(assessHealth(in), u"datasets"_qs).state, State::Failed);
        QCOMPARE(item(assessHealth(in), u"datasets"_qs).detail, u"2 of 3 file(s) missing from the cache"_qs);
        in.missingDatasets = 0;
        QCOMPARE(item(assessHealth(in), u"datasets"_qs).state, State::Ok);
    }

    void sandbox()
    {
        HealthInputs in = basic();
        DoctorReport report;
        report.backend = u"bwrap"_qs;
        report.checks = {{u"bwrap installed"_qs, true, u"/usr/bin/bwrap"_qs, {}},
                         {u"network: host loopback unreachable"_qs, false, u"connected to 127.0.0.1:4711"_qs, u"upgrade bwrap"_qs}};
        in.doctor = report;
        HealthItem s = item(assessHealth(in), u"sandbox"_qs);
        QCOMPARE(s.state, State::Failed);
        QCOMPARE(s.detail, u"bwrap: network: host loopback unreachable — connected to 127.0.0.1:4711"_qs);
        QCOMPARE(s.fix, u"upgrade bwrap"_qs);
        report.backend = u"local-unsafe"_qs;
        report.checks = {{u"python runs"_qs, true, {}, {}}};
        in.doctor = report;
        s = item(assessHealth(in), u"sandbox"_qs);
        QCOMPARE(s.state, State::Warning);
        QVERIFY(s.detail.contains(u"UNSAFE"_qs));
    }

    // The CLI through the real sandbox: a solution cell that takes most of its per-cell limit is a warning
    // naming that cell; the report is JSON with --json; exit 0 without failed items.
    // The slow cell is the imports cell (numpy and pandas, up to seconds on a loaded machine) plus a 6 s sleep:
    // over half the 10 s limit at any speed, and 4 s of room for the imports before it would time out.
    void cliReportsSlowCell()
    {
        if (QStandardPaths::findExecutable(u"bwrap"_qs).isEmpty())
            QSKIP("bwrap is not installed");
        QTemporaryDir dir;
        QVERIFY(copyIris(dir.path(), R"({"timeout_s": 60, "cell_timeout_s": 10})", u"import time\ntime.sleep(6)"_qs));
        const CliRun r = cli({u"validate"_qs, u"--health"_qs, u"--json"_qs, u"--jobs"_qs, u"3"_qs, dir.path()});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject report = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(report.value(u"assignment"_qs).toString(), u"iris-basics"_qs);
        QMap<QString, QJsonObject> items;
        for (const QJsonValue &v : report.value(u"items"_qs).toArray())
            items.insert(v.toObject().value(u"id"_qs).toString(), v.toObject());
        QCOMPARE(items.size(), 10);
        QCOMPARE(items.value(u"reference"_qs).value(u"state"_qs).toString(), u"ok"_qs);
        const QJsonObject cells = items.value(u"slowest-cells"_qs);
        QCOMPARE(cells.value(u"state"_qs).toString(), u"warning"_qs);
        const QString detail = cells.value(u"detail"_qs).toString();
        static const QRegularExpression slowest(uR"(^cells\[1\] (\d+\.\d) s, .*\(limit 10\.0 s per cell\)$)"_qs);
        const QRegularExpressionMatch m = slowest.match(detail);
        QVERIFY2(m.hasMatch(), qPrintable(detail));
        QVERIFY2(m.captured(1).toDouble() >= 6.0, qPrintable(detail)); // the sleep: a lower bound at any speed
        QVERIFY(cells.value(u"fix"_qs).toString().contains(u"cells[1]"_qs));
        const QString batch = items.value(u"batch-time"_qs).value(u"detail"_qs).toString();
        QVERIFY2(batch.contains(u"with 3 at once"_qs), qPrintable(batch));
        // Each submission starts a sandbox and a kernel as the reference run did: its estimate is more than the
        // notebook's own time ("Succeeded in X s"), and names the kernel start-up it counts.
        static const QRegularExpression succeeded(uR"(^Succeeded in (\d+\.\d) s)"_qs), perSubmission(uR"(^(\d+\.\d) s per submission \(the reference run: (\d+\.\d) s kernel start-up, )"_qs);
        const QRegularExpressionMatch ran = succeeded.match(items.value(u"reference"_qs).value(u"detail"_qs).toString());
        const QRegularExpressionMatch estimate = perSubmission.match(batch);
        QVERIFY2(ran.hasMatch() && estimate.hasMatch(), qPrintable(batch));
        QVERIFY2(estimate.captured(1).toDouble() > ran.captured(1).toDouble() && estimate.captured(2).toDouble() > 0,
                 qPrintable(batch));
    }

    // A solution (an answer cell) that fails is a failed item with the cell named, and exit 1.
    void cliReportsBrokenReference()
    {
        if (QStandardPaths::findExecutable(u"bwrap"_qs).isEmpty())
            QSKIP("bwrap is not installed");
        QTemporaryDir dir;
        QVERIFY(copyIris(dir.path(), R"({"timeout_s": 60, "cell_timeout_s": 10})", u"raise ValueError('broken solution')"_qs, 3));
        const CliRun r = cli({u"validate"_qs, u"--health"_qs, dir.path()});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.out.contains("FAILED  Reference run"), r.out.constData());
        QVERIFY2(r.out.contains("cells[3]: the instructor notebook failed in the reference run: raised ValueError: broken "
                                "solution"),
                 r.out.constData());
        QVERIFY(r.out.contains("NOT READY"));
    }

    // An error in a cell that is neither an answer nor a test (here after the setup cell's imports) is noted, not a
    // failure: the reference run succeeds, and the report warns (the cell is not tagged raises-exception).
    void cliNotesErrorOutsideAnswers()
    {
        if (QStandardPaths::findExecutable(u"bwrap"_qs).isEmpty())
            QSKIP("bwrap is not installed");
        QTemporaryDir dir;
        QVERIFY(copyIris(dir.path(), R"({"timeout_s": 60, "cell_timeout_s": 10})", u"raise ValueError('shown on purpose')"_qs));
        const CliRun r = cli({u"validate"_qs, u"--health"_qs, u"--json"_qs, dir.path()});
        QVERIFY2(r.code == 0, r.err.constData());
        QMap<QString, QJsonObject> items;
        for (const QJsonValue &v : QJsonDocument::fromJson(r.out).object().value(u"items"_qs).toArray())
            items.insert(v.toObject().value(u"id"_qs).toString(), v.toObject());
        const QJsonObject reference = items.value(u"reference"_qs);
        QCOMPARE(reference.value(u"state"_qs).toString(), u"warning"_qs);
        QVERIFY2(reference.value(u"detail"_qs).toString().endsWith(
                     u"Noted, not failures: cells[1] raised ValueError: shown on purpose (not an answer or test cell: "
                     "noted, not a failure)."_qs),
                 qPrintable(reference.value(u"detail"_qs).toString()));
        QVERIFY(reference.value(u"fix"_qs).toString().contains(u"raises-exception"_qs));
        QCOMPARE(items.value(u"checks"_qs).value(u"state"_qs).toString(), u"ok"_qs); // every value is defined
    }

    // A test check the solution fails is the assignment's error: the report names the check, and grading leaves
    // that check not graded for everyone (a grader error, never a 0 for the student) while the others are graded.
    void testCheckFailingOnTheSolutionIsNotGradedForAnyone()
    {
        if (QStandardPaths::findExecutable(u"bwrap"_qs).isEmpty())
            QSKIP("bwrap is not installed");
        QTemporaryDir dir;
        QVERIFY(copyIris(dir.path(), R"({"timeout_s": 60, "cell_timeout_s": 10})", u"pass"_qs));
        QFile f(dir.filePath(u"assignment.json"_qs));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QJsonObject a = QJsonDocument::fromJson(f.readAll()).object();
        f.close();
        QJsonArray checks = a.value(u"checks"_qs).toArray();
        QJsonObject test = checks.at(4).toObject();
        QCOMPARE(test.value(u"type"_qs).toString(), u"test"_qs);
        test.insert(u"code"_qs, u"assert corr > 5, 'impossible'"_qs);
        checks.replace(4, test);
        a.insert(u"checks"_qs, checks);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QJsonDocument(a).toJson());
        f.close();

        const QByteArray why = "the test check fails on the instructor notebook (AssertionError: impossible); fix the "
                               "test or the solution";
        const CliRun health = cli({u"validate"_qs, u"--health"_qs, dir.path()});
        QCOMPARE(health.code, 1);
        QVERIFY2(health.out.contains("OK      Reference run"), health.out.constData());
        QVERIFY2(health.out.contains("FAILED  Checks") && health.out.contains("checks 'corr-hidden': " + why),
                 health.out.constData());

        QVERIFY(QDir().mkpath(dir.filePath(u"submissions/alice"_qs)));
        QVERIFY(QFile::copy(QStringLiteral(SANDMARK_SOURCE_DIR "/examples/iris/submissions/alice/iris-analysis.ipynb"),
                            dir.filePath(u"submissions/alice/iris-analysis.ipynb"_qs)));
        const CliRun grade = cli({u"grade"_qs, u"--json"_qs, dir.path()});
        QCOMPARE(grade.code, 3); // a grader error of one check
        QVERIFY2(grade.err.contains("sandmark-cli: grade: the check 'corr-hidden' was not graded for anyone (a grader error, "
                                    "not the students'): " + why),
                 grade.err.constData());
        const QJsonObject alice = QJsonDocument::fromJson(grade.out.split('\n').value(0)).object();
        QCOMPARE(alice.value(u"status"_qs).toString(), u"needs-review"_qs);
        QCOMPARE(alice.value(u"score"_qs).toDouble(), 7.0); // the four value checks, graded as usual
        QCOMPARE(alice.value(u"max_score"_qs).toDouble(), 8.0);
        QCOMPARE(alice.value(u"reasons"_qs).toVariant().toStringList(),
                 QStringList{u"check 'corr-hidden' not graded: grader error: "_qs + QString::fromUtf8(why)});
        for (const QJsonValue &c : alice.value(u"checks"_qs).toArray()) {
            const QJsonObject check = c.toObject();
            const bool broken = check.value(u"id"_qs).toString() == u"corr-hidden"_qs;
            QCOMPARE(check.value(u"outcome"_qs).toString(), broken ? u"not-graded"_qs : u"pass"_qs);
            if (broken)
                QCOMPARE(check.value(u"feedback"_qs).toString(), u"not graded: grader error: "_qs + QString::fromUtf8(why));
        }
    }

    // Issue 17: every way to NOT READY is a failure a script can test (`validate --health && publish`): exit 1, in
    // text and in JSON, whichever item FAILED — not only a broken reference run.
    void cliNotReadyExitsNonZero_data()
    {
        QTest::addColumn<QByteArray>("patch"); // keys merged into the copy's assignment.json
        QTest::addColumn<QString>("failed");   // the item that FAILED
        QTest::newRow("an anchor the notebook lacks")
            << QByteArray(R"({"checks": [{"id": "n_rows", "type": "value", "variable": "n_rows", "anchor": "no-such-cell"}]})")
            << u"assignment"_qs;
        QTest::newRow("a dataset missing from the cache")
            << QByteArray(R"({"required_datasets": ["sandmark-test/absent data.csv"]})") << u"datasets"_qs;
    }
    void cliNotReadyExitsNonZero()
    {
        QFETCH(QByteArray, patch);
        QFETCH(QString, failed);
        if (QStandardPaths::findExecutable(u"bwrap"_qs).isEmpty())
            QSKIP("bwrap is not installed");
        QTemporaryDir dir, emptyCache;
        QVERIFY(copyIris(dir.path(), R"({"timeout_s": 60, "cell_timeout_s": 10})", QString()));
        QFile f(dir.filePath(u"assignment.json"_qs));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QJsonObject a = QJsonDocument::fromJson(f.readAll()).object();
        f.close();
        const QJsonObject p = QJsonDocument::fromJson(patch).object();
        for (auto it = p.begin(); it != p.end(); ++it)
            a.insert(it.key(), it.value());
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QJsonDocument(a).toJson());
        f.close();
        const QStringList args = {u"validate"_qs, u"--health"_qs, u"--dataset-cache"_qs, emptyCache.path(), dir.path()};
        const CliRun text = cli(args);
        QVERIFY2(text.code == 1, (text.out + text.err).constData());
        QVERIFY2(text.out.endsWith("NOT READY: fix the FAILED items\n"), text.out.constData());
        const CliRun json = cli(args + QStringList{u"--json"_qs});
        QVERIFY2(json.code == 1, (json.out + json.err).constData());
        const QJsonObject report = QJsonDocument::fromJson(json.out).object();
        QCOMPARE(report.value(u"ok"_qs).toBool(true), false);
        QStringList failedItems;
        for (const QJsonValue &v : report.value(u"items"_qs).toArray())
            if (v.toObject().value(u"state"_qs).toString() == u"failed"_qs)
                failedItems << v.toObject().value(u"id"_qs).toString();
        QVERIFY2(failedItems.contains(failed), qPrintable(failedItems.join(u", "_qs)));
    }

    void cliOptionsNeedHealth()
    {
        const CliRun r = cli({u"validate"_qs, u"--jobs"_qs, u"2"_qs, QStringLiteral(SANDMARK_SOURCE_DIR "/examples/iris")});
        QCOMPARE(r.code, 2);
        QCOMPARE(r.err, QByteArray("sandmark-cli: validate: --jobs needs --health\n"));
    }
};

QTEST_GUILESS_MAIN(TestHealth)
#include "tst_health.moc"
