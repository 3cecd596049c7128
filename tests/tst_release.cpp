// The student release: nbgrader solution and hidden-test markers (issue 2; tests/data/cases/release-markers).
#include "assignment/release_writer.h"
#include "notebook/celldiff.h"
#include "notebook/release.h"

#include "testsupport.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace sandmark;
using namespace sandmark::test;
using namespace Qt::Literals::StringLiterals;

namespace {

Notebook loadOrFail(const QString &relative)
{
    auto nb = Notebook::load(dataPath(relative));
    if (!nb)
        qFatal("cannot load fixture %s: %s", qPrintable(relative), qPrintable(nb.error().toString()));
    return *nb;
}

std::string joined(const OJson &cell)
{
    const OJson &src = cell["source"];
    if (src.is_string())
        return src.get<std::string>();
    std::string out;
    for (const OJson &l : src)
        out += l.get<std::string>();
    return out;
}

QString lf(QString s)
{
    return s.replace(u"\r\n"_s, u"\n"_s);
}

QStringList attachmentNames(const OJson &cell)
{
    QStringList names;
    if (cell.contains("attachments"))
        for (auto &[k, v] : cell["attachments"].items())
            names << QString::fromStdString(k);
    return names;
}

// Lines inside solution and hidden-test regions of `nb` (markers included), found independently of the
// code under test: a marker is a line whose stripped text starts with '#' and names the marker. Whole cells
// marked nbgrader `solution: true` without markers count entirely.
QStringList secretLines(const OJson &nb)
{
    static const QRegularExpression marker(u"^\\s*#+\\s*(BEGIN|END) (SOLUTION|HIDDEN TESTS)"_s);
    QStringList secret;
    for (const OJson &cell : nb["cells"]) {
        const QStringList lines = lf(QString::fromStdString(joined(cell))).split(QLatin1Char('\n'));
        bool any = false;
        bool inside = false;
        for (const QString &line : lines) {
            const auto m = marker.match(line);
            if (m.hasMatch()) {
                any = true;
                inside = m.captured(1) == u"BEGIN"_s;
                secret << line.trimmed();
                continue;
            }
            if (inside && !line.trimmed().isEmpty())
                secret << line.trimmed();
        }
        const bool solutionCell = cell["metadata"].contains("nbgrader")
                                  && cell["metadata"]["nbgrader"].value("solution", false);
        if (!any && solutionCell)
            for (const QString &line : lines)
                if (!line.trimmed().isEmpty())
                    secret << line.trimmed();
    }
    return secret;
}

} // namespace

class TestRelease : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void markerEdgeCasesMatchExpected();
    void markerInStringMatchesExpectedAndWarns();
    void markerErrors_data();
    void markerErrors();
    void spellingsAndSolutionCells();
    void customStubs();
    void noSolutionLineSurvives_data();
    void noSolutionLineSurvives();
    void unmarkedNotebookOnlyLosesOutputs();
    void diffAgainstReleaseCellByCell();
    void diffMatchesByIdThenPosition();
};

// Indented markers, CRLF + tab/trailing spaces, a solution with a leaking output, two regions, a string source, a
// markdown solution with its own attachment next to a prompt whose attachment stays.
void TestRelease::markerEdgeCasesMatchExpected()
{
    const Notebook source = loadOrFail(u"cases/release-markers/marker-edge-cases.ipynb"_s);
    const auto released = makeRelease(source, u"marker-edge-cases.ipynb"_s);
    QVERIFY2(released, qPrintable(released ? QString() : released.error().toString()));
    QCOMPARE(released->warnings, QStringList());
    QCOMPARE(released->solutionRegions, 7);
    QCOMPARE(released->hiddenTestRegions, 0);

    const OJson got = parseOrdered(released->notebook.toJson());
    const OJson expected = readOrdered(dataPath(u"cases/release-markers/marker-edge-cases.student.ipynb"_s));
    QCOMPARE(got["cells"].size(), expected["cells"].size());
    for (size_t i = 0; i < expected["cells"].size(); ++i) {
        const OJson &g = got["cells"][i];
        const OJson &e = expected["cells"][i];
        const QByteArray where = "cells[" + QByteArray::number(qulonglong(i)) + "]";
        QVERIFY2(g["cell_type"] == e["cell_type"], where.constData());
        QVERIFY2(g["id"] == e["id"], where.constData());
        QCOMPARE(lf(QString::fromStdString(joined(g))), QString::fromStdString(joined(e)));
        QVERIFY2(!QString::fromStdString(joined(g)).contains(QLatin1Char('\r'))
                     || g["id"] != "q2",
                 "the stubbed CRLF cell holds no CR");
        if (g["cell_type"] == "code") {
            QVERIFY2(g["outputs"] == OJson::array(), where.constData());
            QVERIFY2(g["execution_count"].is_null(), where.constData());
        }
        QCOMPARE(attachmentNames(g), attachmentNames(e));
    }
    // The explicit expectations of the fixture.
    QCOMPARE(attachmentNames(got["cells"][6]), QStringList{u"chart.png"_s});
    QCOMPARE(attachmentNames(got["cells"][7]), QStringList());
    QVERIFY(!released->notebook.toJson().contains("42"));
    QVERIFY(got["cells"][5]["source"].is_string()); // q5 keeps its string form
    QVERIFY(got["metadata"] == expected["metadata"]);
}

// Marker text inside a string is not a marker; the first cell is kept whole, with a warning.
void TestRelease::markerInStringMatchesExpectedAndWarns()
{
    const Notebook source = loadOrFail(u"cases/release-markers/marker-in-string.ipynb"_s);
    const auto released = makeRelease(source, u"hint.ipynb"_s);
    QVERIFY(released);
    QCOMPARE(released->solutionRegions, 1);
    QCOMPARE(released->warnings,
             QStringList{u"hint.ipynb: cells[0]: line 1 mentions a marker but is not a marker line; kept as is"_s});
    const OJson got = parseOrdered(released->notebook.toJson());
    const OJson expected = readOrdered(dataPath(u"cases/release-markers/marker-in-string.student.ipynb"_s));
    QVERIFY2(got == expected, released->notebook.toJson().constData());
}

void TestRelease::markerErrors_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("location");
    QTest::addColumn<QString>("message");
    QTest::newRow("missing END") << u"cases/release-markers/missing-end-marker.ipynb"_s << u"cells[1]"_s
                                 << u"BEGIN SOLUTION on line 2 has no matching END SOLUTION"_s;
    QTest::newRow("nested BEGIN") << u"cases/release-markers/nested-begin-marker.ipynb"_s << u"cells[0]"_s
                                  << u"nested BEGIN SOLUTION on line 3"_s;
    QTest::newRow("END without BEGIN") << u"notebooks/end-without-begin.ipynb"_s << u"cells[1]"_s
                                       << u"END SOLUTION on line 3 has no matching BEGIN SOLUTION"_s;
}

void TestRelease::markerErrors()
{
    QFETCH(QString, file);
    QFETCH(QString, location);
    QFETCH(QString, message);
    const auto released = makeRelease(loadOrFail(file), file);
    QVERIFY2(!released, "an unbalanced notebook must not be released");
    QCOMPARE(released.error().file, file);
    QCOMPARE(released.error().location, location);
    QCOMPARE(released.error().message, message);
    QCOMPARE(released.error().toString(), file + u": "_s + location + u": "_s + message);
}

// Marker spellings (###BEGIN, # BEGIN, #### BEGIN), hidden tests, and nbgrader solution cells without markers.
void TestRelease::spellingsAndSolutionCells()
{
    const auto released = makeRelease(loadOrFail(u"notebooks/markers.ipynb"_s), u"markers.ipynb"_s);
    QVERIFY2(released, qPrintable(released ? QString() : released.error().toString()));
    const Notebook &nb = released->notebook;
    QCOMPARE(nb.cellCount(), 7);
    // ###BEGIN (no space)
    QCOMPARE(nb.cellSource(0), u"a = 0\n# YOUR CODE HERE\nraise NotImplementedError()\nb = a"_s);
    // "# BEGIN SOLUTION" indented in a loop body; the trailing newline is kept
    QCOMPARE(nb.cellSource(1), u"for i in range(3):\n    # YOUR CODE HERE\n    raise NotImplementedError()\n"_s);
    // "#### BEGIN SOLUTION"
    QCOMPARE(nb.cellSource(2), u"# YOUR CODE HERE\nraise NotImplementedError()"_s);
    // hidden tests removed with their markers
    QCOMPARE(nb.cellSource(3), u"assert a is not None\nprint('ok')"_s);
    // markdown cell with nbgrader solution: true and no markers
    QCOMPARE(nb.cellSource(4), u"YOUR ANSWER HERE"_s);
    // code cell with nbgrader solution: true and no markers
    QCOMPARE(nb.cellSource(5), u"# YOUR CODE HERE\nraise NotImplementedError()"_s);
    // markdown cell with markers: only the region is replaced
    QCOMPARE(nb.cellSource(6), u"Prompt kept.\nYOUR ANSWER HERE\nAfter."_s);
    QCOMPARE(released->solutionRegions, 6);
    QCOMPARE(released->hiddenTestRegions, 1);
    for (int i = 0; i < nb.cellCount(); ++i)
        QCOMPARE(nb.outputCount(i), 0);
    // nbgrader metadata (grade ids, points) stays: the grader needs it on the students' copies.
    QCOMPARE(nb.nbgraderMetadata(3).value(u"grade_id"_s).toString(), u"t1"_s);
    QCOMPARE(nb.nbgraderMetadata(4).value(u"points"_s).toInt(), 2);
}

void TestRelease::customStubs()
{
    ReleaseOptions options;
    options.codeStub = {u"pass  # TODO"_s};
    options.markdownStub = u"_Your answer_"_s;
    const auto released = makeRelease(loadOrFail(u"notebooks/markers.ipynb"_s), u"m.ipynb"_s, options);
    QVERIFY(released);
    QCOMPARE(released->notebook.cellSource(1), u"for i in range(3):\n    pass  # TODO\n"_s);
    QCOMPARE(released->notebook.cellSource(4), u"_Your answer_"_s);
    QCOMPARE(released->notebook.cellSource(5), u"pass  # TODO"_s);
}

// Issue 2, "Done means": the release of every fixture with markers holds no solution line.
void TestRelease::noSolutionLineSurvives_data()
{
    QTest::addColumn<QString>("file");
    for (const QString &f : caseNotebooks() + QStringList{u"notebooks/markers.ipynb"_s}) {
        const OJson nb = readOrdered(dataPath(f));
        if (nb.is_discarded() || secretLines(nb).isEmpty())
            continue;
        if (auto loaded = Notebook::load(dataPath(f)); loaded && makeRelease(*loaded, f))
            QTest::newRow(qPrintable(f)) << f;
    }
}

void TestRelease::noSolutionLineSurvives()
{
    QFETCH(QString, file);
    const QStringList secret = secretLines(readOrdered(dataPath(file)));
    QVERIFY(!secret.isEmpty());
    const auto released = makeRelease(loadOrFail(file), file);
    QVERIFY(released);
    const OJson out = parseOrdered(released->notebook.toJson());
    QStringList kept;
    for (const OJson &cell : out["cells"]) {
        for (const QString &line : lf(QString::fromStdString(joined(cell))).split(QLatin1Char('\n')))
            kept << line.trimmed();
        if (cell.contains("outputs"))
            QVERIFY(cell["outputs"].empty());
    }
    for (const QString &line : secret)
        QVERIFY2(!kept.contains(line), qPrintable(u"%1: solution line survived: %2"_s.arg(file, line)));
}

// A notebook without markers or solution cells: only outputs and execution counts change.
void TestRelease::unmarkedNotebookOnlyLosesOutputs()
{
    const QString file = u"notebooks/v4.5.ipynb"_s;
    const auto released = makeRelease(loadOrFail(file), file);
    QVERIFY(released);
    QCOMPARE(released->solutionRegions, 0);
    OJson expected = readOrdered(dataPath(file));
    for (OJson &cell : expected["cells"])
        if (cell["cell_type"] == "code") {
            cell["outputs"] = OJson::array();
            cell["execution_count"] = nullptr;
        }
    QVERIFY2(parseOrdered(released->notebook.toJson()) == expected, released->notebook.toJson().constData());
}

// sam's notebook (tests/data/review) against the release: his answer in q1 changed (the stub replaced), a cell of
// his own added after it, the rest as released.
void TestRelease::diffAgainstReleaseCellByCell()
{
    auto assignment = Assignment::load(dataPath(u"review"_s));
    QVERIFY(assignment);
    const auto diff = diffAgainstRelease(*assignment, u"review.ipynb"_s, dataPath(u"review/submissions/sam/review.ipynb"_s));
    QVERIFY2(diff, diff ? "" : qPrintable(diff.error().toString()));
    QCOMPARE(diff->cells.size(), 6);
    QCOMPARE(diff->changed, 1);
    QCOMPARE(diff->answersChanged, 1);
    QCOMPARE(diff->added, 1);
    QCOMPARE(diff->removed, 0);
    const CellDiff &q1 = diff->cells.at(3);
    QCOMPARE(q1.change, CellDiff::Change::Changed);
    QVERIFY(q1.answer);
    QCOMPARE(q1.releaseIndex, 3);
    QCOMPARE(q1.studentIndex, 3);
    QCOMPARE(q1.matchedBy, u"grade_id 'q1'"_s);
    QVERIFY(q1.lines.contains(u"-raise NotImplementedError()"_s));
    QVERIFY(q1.lines.contains(u"+summary = pd.DataFrame({'x': [1.0, 2.0, 3.0], 'y': [10.0, 25.0, 30.0]})"_s));
    const CellDiff &extra = diff->cells.at(4);
    QCOMPARE(extra.change, CellDiff::Change::Added);
    QCOMPARE(extra.releaseIndex, -1);
    QCOMPARE(extra.studentIndex, 4);
    QVERIFY(!extra.answer);
    QCOMPARE(diff->cells.at(5).change, CellDiff::Change::Unchanged);
    QCOMPARE(diff->cells.at(5).matchedBy, u"id 'total'"_s);
    const QString text = unifiedCellDiff(*diff, u"release/review.ipynb"_s, u"sam/review.ipynb"_s);
    QVERIFY2(text.startsWith(u"--- release/review.ipynb\n+++ sam/review.ipynb\n@@ cells[3] → cells[3] (answer, grade_id 'q1') @@\n"_s),
             qPrintable(text));
    QVERIFY2(text.contains(u"@@ (none) → cells[4] (added) @@\n+summary['z'] = summary['x'] * unknown_factor\n"_s), qPrintable(text));
    QVERIFY(!text.contains(u"cells[5]"_s)); // unchanged: left out without context
    QVERIFY(unifiedCellDiff(*diff, u"a"_s, u"b"_s, true).contains(u"= cells[5]\n"_s));
}

// Without ids or grade_ids the cells pair by position; a deleted release cell is "removed".
void TestRelease::diffMatchesByIdThenPosition()
{
    auto nb = [](const QByteArray &cells) {
        auto parsed = Notebook::parse("{\"cells\": " + cells + ", \"metadata\": {}, \"nbformat\": 4, \"nbformat_minor\": 4}", u"x.ipynb"_s);
        if (!parsed)
            qFatal("%s", qPrintable(parsed.error().toString()));
        return *parsed;
    };
    const Notebook release = nb(R"json([{"cell_type": "code", "execution_count": null, "metadata": {}, "outputs": [], "source": "a = 1"},
 {"cell_type": "code", "execution_count": null, "metadata": {}, "outputs": [], "source": "b = 2"},
 {"cell_type": "code", "execution_count": null, "metadata": {}, "outputs": [], "source": "c = 3"}])json");
    const Notebook student = nb(R"json([{"cell_type": "code", "execution_count": 1, "metadata": {}, "outputs": [], "source": "a = 1"},
 {"cell_type": "code", "execution_count": 2, "metadata": {}, "outputs": [], "source": "b = 20\nprint(b)"}])json");
    const NotebookDiff d = diffNotebooks(release, student);
    QCOMPARE(d.cells.size(), 3);
    QCOMPARE(d.cells.at(0).change, CellDiff::Change::Unchanged);
    QCOMPARE(d.cells.at(1).change, CellDiff::Change::Changed);
    QCOMPARE(d.cells.at(1).lines, (QStringList{u"-b = 2"_s, u"+b = 20"_s, u"+print(b)"_s}));
    QCOMPARE(d.cells.at(2).change, CellDiff::Change::Removed);
    QCOMPARE(d.cells.at(2).releaseIndex, 2);
    QCOMPARE(d.removed, 1);
    QCOMPARE(d.answersChanged, 0);
}

QTEST_GUILESS_MAIN(TestRelease)
#include "tst_release.moc"
