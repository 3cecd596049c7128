// nbgrader compatibility: metadata, import, autograde placement of test cells, tampering detection.
#include "assignment/assignment.h"
#include "assignment/nbgrader_import.h"
#include "assignment/plan.h"
#include "notebook/instrument.h"
#include "notebook/nbgrader.h"
#include "notebook/notebook_p.h"
#include "notebook/release.h"

#include "testsupport.h"

#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace sandmark;

class TestNbgrader : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString m_assignment;

    static QString data(const QString &rel) { return QStringLiteral(SANDMARK_TEST_DATA_DIR "/nbgrader/") + rel; }

    Notebook submission(const QString &student)
    {
        auto nb = Notebook::load(data(QStringLiteral("submissions/%1/ps1.ipynb").arg(student)));
        if (!nb)
            qFatal("%s", qPrintable(nb.error().toString()));
        return *nb;
    }

    Notebook instrumented(const QString &student, QStringList *notes = nullptr)
    {
        auto a = Assignment::load(m_assignment);
        auto r = instrument(submission(student),
                            instrumentOptionsFor(*a, QStringLiteral("/rt"), QString(32, QLatin1Char('a')),
                                                 QStringLiteral("ps1.ipynb")));
        if (!r)
            qFatal("%s", qPrintable(r.error().toString()));
        if (notes)
            *notes = r->notes;
        return r->notebook;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_assignment = m_tmp.filePath(QStringLiteral("ps1"));
        auto report = importNbgrader(data(QStringLiteral("source/ps1")), m_assignment);
        QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
        QCOMPARE(report->testChecks, 5);
        QCOMPARE(report->manualChecks, 1);
        QCOMPARE(report->answerCells, 4);
        QCOMPARE(report->dataFiles, QStringList{QStringLiteral("data/numbers.txt")});
    }

    void metadataBothSchemas()
    {
        auto nb = Notebook::load(data(QStringLiteral("source/ps1/ps1.ipynb")));
        QVERIFY(nb);
        const QList<NbgraderCell> cells = nbgraderCells(*nb);
        QCOMPARE(cells.size(), 11);
        QCOMPARE(cells.at(3).gradeId, QStringLiteral("total"));
        QCOMPARE(cells.at(3).schemaVersion, 1);
        QVERIFY(cells.at(3).solution);
        QVERIFY(cells.at(2).isTest());
        QVERIFY(cells.at(2).locked); // test cells are locked whatever the flag says
        QCOMPARE(cells.at(2).points, 2.0);
        QVERIFY(cells.at(8).isManual());
    }

    void importedChecks()
    {
        auto a = Assignment::load(m_assignment);
        QVERIFY2(a, qPrintable(a ? QString() : a.error().toString()));
        QCOMPARE(a->checks().size(), 6);
        const Check square = a->checks().at(0);
        QCOMPARE(square.type, Check::Type::Test);
        QCOMPARE(square.gradeId, QStringLiteral("square-tests"));
        QCOMPARE(square.after, QStringLiteral("square"));
        QVERIFY(square.code.contains(QLatin1String("square(-4)"))); // hidden tests kept for grading
        QCOMPARE(a->checks().at(4).type, Check::Type::Manual);
        QCOMPARE(a->checks().at(5).gradeId, QStringLiteral("words-tests"));
        QVERIFY(a->checks().at(5).code.contains(QLatin1String("isinstance(words, list)"))); // ###BEGIN HIDDEN TESTS
        QCOMPARE(a->maxPoints(), 11.0);
        QVERIFY(a->warnings().isEmpty());
        // Runs see NBGRADER_EXECUTION as under nbgrader's autograder (nbgrader/converters/autograde.py).
        QVERIFY(a->fromNbgrader());
        QCOMPARE(a->runEnvironment(), (QMap<QString, QString>{{QStringLiteral("NBGRADER_EXECUTION"), QStringLiteral("autograde")}}));
    }

    void testCellsReplaceInPlace_data()
    {
        QTest::addColumn<QString>("student");
        QTest::newRow("keeps") << QStringLiteral("keeps");
        QTest::newRow("edits") << QStringLiteral("edits");
        QTest::newRow("empties") << QStringLiteral("empties");
    }
    void testCellsReplaceInPlace()
    {
        QFETCH(QString, student);
        const Notebook nb = instrumented(student);
        // cells[0] is the redirect cell (the assignment supplies a data file); the submission's cells[2] is
        // now the instructor's square-tests, with the hidden tests restored.
        QCOMPARE(nb.injectedKind(0), InjectedKind::Redirect);
        QCOMPARE(nb.injectedKind(3), InjectedKind::Test);
        QCOMPARE(nb.sandmarkMetadata(3).value(QLatin1String("grade_id")).toString(), QStringLiteral("square-tests"));
        QVERIFY(sandmark::test::injectedTestCode(nb, 3).contains(QLatin1String("square(-4) == 16")));
        // Instructor order kept: total-tests before total-more.
        QCOMPARE(nb.sandmarkMetadata(5).value(QLatin1String("check")).toString(), QStringLiteral("total-tests"));
        QCOMPARE(nb.sandmarkMetadata(6).value(QLatin1String("check")).toString(), QStringLiteral("total-more"));
        QCOMPARE(nb.sandmarkMetadata(11).value(QLatin1String("check")).toString(), QStringLiteral("words-tests"));
        QVERIFY(sandmark::test::injectedTestCode(nb, 11).contains(QLatin1String("isinstance(words, list)")));
        // strip gives the student's notebook back exactly.
        QCOMPARE(NotebookEditor::json(strip(nb)), NotebookEditor::json(submission(student)));
    }

    void deletedTestCellIsRestoredAfterItsAnswer()
    {
        QStringList notes;
        const Notebook nb = instrumented(QStringLiteral("deletes"), &notes);
        QCOMPARE(nb.nbgraderMetadata(2).value(QLatin1String("grade_id")).toString(), QStringLiteral("square"));
        QCOMPARE(nb.injectedKind(3), InjectedKind::Test);
        QCOMPARE(nb.sandmarkMetadata(3).value(QLatin1String("check")).toString(), QStringLiteral("square-tests"));
        QVERIFY(!nb.sandmarkMetadata(3).contains(QLatin1String("replaced")));
        // total-tests and total-more were both deleted: they come back after 'total', in the instructor's
        // order (total-more follows the restored total-tests), so total-more finds `checked`.
        QCOMPARE(nb.nbgraderMetadata(4).value(QLatin1String("grade_id")).toString(), QStringLiteral("total"));
        QCOMPARE(nb.sandmarkMetadata(5).value(QLatin1String("check")).toString(), QStringLiteral("total-tests"));
        QCOMPARE(nb.sandmarkMetadata(6).value(QLatin1String("check")).toString(), QStringLiteral("total-more"));
        QCOMPARE(nb.nbgraderMetadata(7).value(QLatin1String("grade_id")).toString(), QStringLiteral("ratio-given"));
        QCOMPARE(nb.sandmarkMetadata(11).value(QLatin1String("check")).toString(), QStringLiteral("words-tests"));
        QCOMPARE(nb.cellCount(), 12);
        QCOMPARE(notes,
                 (QStringList{QStringLiteral("test cell 'square-tests' is missing from the submission; restored after 'square'"),
                              QStringLiteral("test cell 'total-tests' is missing from the submission; restored after 'total'"),
                              QStringLiteral("test cell 'total-more' is missing from the submission; restored after 'total-tests'"),
                              QStringLiteral("test cell 'words-tests' is missing from the submission; restored after 'words'")}));
        QCOMPARE(NotebookEditor::json(strip(nb)), NotebookEditor::json(submission(QStringLiteral("deletes"))));
    }

    void duplicatedTestCellRunsOnce()
    {
        // The student copied square-tests twice (cells[3] unchanged, cells[12] edited). The first cell with the
        // grade_id becomes the instructor's test; the copies keep their place as injected cells that do not run.
        QStringList notes;
        const Notebook nb = instrumented(QStringLiteral("copies"), &notes);
        QCOMPARE(nb.sandmarkMetadata(3).value(QLatin1String("check")).toString(), QStringLiteral("square-tests"));
        QVERIFY(sandmark::test::injectedTestCode(nb, 3).contains(QLatin1String("square(-4) == 16")));
        for (int i : {4, 13}) {
            QCOMPARE(nb.injectedKind(i), InjectedKind::Test);
            const QJsonObject meta = nb.sandmarkMetadata(i);
            QCOMPARE(meta.value(QLatin1String("check")).toString(), QString());
            QCOMPARE(meta.value(QLatin1String("duplicate")).toBool(), true);
            QCOMPARE(meta.value(QLatin1String("grade_id")).toString(), QStringLiteral("square-tests"));
            QVERIFY(!nb.cellSource(i).contains(QLatin1String("assert")));
        }
        int tests = 0;
        for (int i = 0; i < nb.cellCount(); ++i)
            tests += nb.sandmarkMetadata(i).value(QLatin1String("check")).toString() == QLatin1String("square-tests");
        QCOMPARE(tests, 1);
        QCOMPARE(notes, QStringList{QStringLiteral("test cell 'square-tests' appears 3 times; the instructor's test runs at "
                                                   "the first, cells[2]; the copies (cells[3], cells[12]) do not run")});
        QCOMPARE(NotebookEditor::json(strip(nb)), NotebookEditor::json(submission(QStringLiteral("copies"))));
    }

    void tamperingDetected_data()
    {
        QTest::addColumn<QString>("student");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("keeps") << QStringLiteral("keeps") << QStringList{};
        QTest::newRow("edits") << QStringLiteral("edits")
                               << QStringList{QStringLiteral("test cell 'square-tests' was edited (cells[2]); "
                                                             "the instructor's version ran"),
                                              QStringLiteral("test cell 'words-tests' was edited (cells[10]); "
                                                             "the instructor's version ran")};
        QTest::newRow("deletes") << QStringLiteral("deletes")
                                 << QStringList{QStringLiteral("cell 'square-tests' was deleted"),
                                                QStringLiteral("cell 'total-tests' was deleted"),
                                                QStringLiteral("cell 'total-more' was deleted"),
                                                QStringLiteral("cell 'words-tests' was deleted")};
        QTest::newRow("untouched") << QStringLiteral("untouched")
                                   << QStringList{QStringLiteral("answer cell 'square' was never touched (cells[1])"),
                                                  QStringLiteral("answer cell 'explain' was never touched (cells[8])"),
                                                  QStringLiteral("answer cell 'words' was never touched (cells[9])")};
        QTest::newRow("copies") << QStringLiteral("copies")
                                << QStringList{QStringLiteral("cell 'square-tests' was copied: 2 more time(s) (cells[3], "
                                                              "cells[12]) after cells[2]; the first is the one graded")};
    }
    void tamperingDetected()
    {
        QFETCH(QString, student);
        QFETCH(QStringList, expected);
        auto source = Notebook::load(data(QStringLiteral("source/ps1/ps1.ipynb")));
        auto release = makeRelease(*source, QStringLiteral("ps1.ipynb"));
        QVERIFY(release);
        QStringList got;
        for (const CellChange &c : compareWithRelease(release->notebook, submission(student)))
            got << c.describe();
        QCOMPARE(got, expected);
    }

    // What a graded run notes: every change but a test cell's deletion or copies, which instrument() notes with
    // where the instructor's test ran. A changed or deleted locked cell (not a test) is noted as such.
    void changeNotesForTheRun()
    {
        auto source = Notebook::load(data(QStringLiteral("source/ps1/ps1.ipynb")));
        auto release = makeRelease(*source, QStringLiteral("ps1.ipynb"));
        QVERIFY(release);
        QCOMPARE(changeNotes(release->notebook, submission(QStringLiteral("keeps"))), QStringList());
        QCOMPARE(changeNotes(release->notebook, submission(QStringLiteral("deletes"))), QStringList());
        QCOMPARE(changeNotes(release->notebook, submission(QStringLiteral("copies"))), QStringList());
        QCOMPARE(changeNotes(release->notebook, submission(QStringLiteral("edits"))),
                 (QStringList{QStringLiteral("test cell 'square-tests' was edited (cells[2]); the instructor's version ran"),
                              QStringLiteral("test cell 'words-tests' was edited (cells[10]); the instructor's version ran")}));
        Json json = NotebookEditor::json(submission(QStringLiteral("keeps")));
        json["cells"][6]["source"] = "ratio = 1.0";
        QCOMPARE(changeNotes(release->notebook, NotebookEditor::fromJson(json)),
                 QStringList{QStringLiteral("locked cell 'ratio-given' was changed (cells[6])")});
        json["cells"].erase(6);
        QCOMPARE(changeNotes(release->notebook, NotebookEditor::fromJson(json)),
                 QStringList{QStringLiteral("cell 'ratio-given' was deleted")});
        // An answer cell copied with its metadata (a test cell's copies are the instrument's to note).
        json = NotebookEditor::json(submission(QStringLiteral("keeps")));
        json["cells"].push_back(json["cells"][9]);
        QCOMPARE(changeNotes(release->notebook, NotebookEditor::fromJson(json)),
                 QStringList{QStringLiteral("cell 'words' was copied: 1 more time(s) (cells[11]) after cells[9]")});
        // A notebook without nbgrader cells notes nothing.
        QCOMPARE(changeNotes(Notebook(), submission(QStringLiteral("edits"))), QStringList());
    }

    void importRefusesExistingAssignment()
    {
        auto again = importNbgrader(data(QStringLiteral("source/ps1")), m_assignment);
        QVERIFY(!again);
        QVERIFY(again.error().message.contains(QLatin1String("already holds an assignment.json")));
    }
};

QTEST_GUILESS_MAIN(TestNbgrader)
#include "tst_nbgrader.moc"
