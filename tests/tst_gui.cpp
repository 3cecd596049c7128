// Widget and model tests of the desktop app, run offscreen (QT_QPA_PLATFORM=offscreen from ctest).
#include "addcheckdialogs.h"
#include "recordtestutil.h"
#include "assignmentsettingsdialog.h"
#include "newassignmentdialog.h"
#include "externalopen.h"
#include "codesyntaxlabel.h"
#include "checkeditdialog.h"
#include "grading/compare.h"
#include "ansi.h"
#include "appsettings.h"
#include "namespacemodel.h"
#include "celldata.h"
#include "assignment/edit.h"
#include "assignment/otter_import.h"
#include "assignment/nbgrader_import.h"
#include "checks/registry.h"
#include "checkresultsmodel.h"
#include "coretranslation.h"
#include "util/coretext.h"
#include "checksmodel.h"
#include "submissiondetail.h"
#include "gradebook/export.h"
#include "releasediffview.h"
#include "valuesdialog.h"
#include "datafilesmodel.h"
#include "injectedcellfilter.h"
#include "jobtracker.h"
#include "manualgradingpanel.h"
#include "overridedialog.h"
#include "mainwindow.h"
#include "notebookcelldelegate.h"
#include "notebookcellmodel.h"
#include "notebookpreview.h"
#include "notebookview.h"
#include "pages.h"
#include "preferencesdialog.h"
#include "problemlistmodel.h"
#include "pythonhighlighter.h"
#include "roles.h"
#include "datasetmodels.h"
#include "healthmodel.h"
#include "healthpage.h"
#include "gradebook/gradebook.h"
#include "batch/batchgrader.h"
#include "batch/notebookmatch.h"
#include "sandbox/submissionrun.h"
#include "sandbox/backend.h"
#include "notebook/notebook.h"
#include "gradebookaccess.h"
#include "gradebook/manual.h"
#include "resultsmodels.h"
#include "resultspage.h"
#include "reviewnavigation.h"
#include "selftestdialog.h"
#include "boundedtext.h"
#include "screenshots.h"
#include "selftestmodel.h"
#include "submissionsmodel.h"
#include "importflagsmodel.h"
#include "submissionspage.h"
#include "focusringstyle.h"
#include "shortcutsdialog.h"
#include "userguide.h"
#include "translations.h"
#include "testsupport.h"
#include "batchtask.h"
#include "cluster/slurm.h"
#include "secrets/secretstore.h"

#include <nlohmann/json.hpp>

#include <sys/stat.h>

#include <QAbstractItemModelTester>
#include <QBuffer>
#include <QDialogButtonBox>
#include <QDir>
#include <QElapsedTimer>
#include <QApplication>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QGroupBox>
#include <QStyleOption>
#include <QPainter>
#include <QLabel>
#include <QMenuBar>
#include <QTabBar>
#include <QTableWidget>
#include <QLineEdit>
#include <QMessageBox>
#include <QComboBox>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QHeaderView>
#include <QScrollBar>
#include <QShortcut>
#include <QSplitter>
#include <QTableView>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLockFile>
#include <QMutex>
#include <QProcess>
#include <QScopeGuard>
#include <QSemaphore>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextDocumentFragment>
#include <QTextLayout>
#include <QThread>
#include <QFileDialog>
#include <QInputDialog>
#include <QTextBrowser>
#include <QTimer>
#include <QUrl>
#include <QDesktopServices>
#include <QHostAddress>
#include <QRegularExpression>
#include <QCryptographicHash>
#include <QDirIterator>
#include <QTcpSocket>
#include <QTcpServer>
#include <QToolButton>
#include <QTranslator>

using namespace sandmark;
using sandmark::test::copyTree;
using sandmark::test::dataPath;
using sandmark::test::readAll;

/// Skips the calling test (QSKIP returns from it) where bwrap cannot start, naming why.
#define SKIP_WITHOUT_BWRAP()                                                                                      \
    do {                                                                                                          \
        if (auto sandbox = createBackend(SandboxKind::Bwrap)->check(); !sandbox)                                  \
            QSKIP(qPrintable(QStringLiteral("bwrap cannot start here: ") + sandbox.error().toString()));          \
    } while (false)

namespace {

const QString kIris = QStringLiteral(SANDMARK_SOURCE_DIR "/examples/iris");
// The window on a 1024x640 screen: its first size is 95 % of the screen (MainWindow), as the screenshot tour shows it.
const QSize kSmallScreenWindow(973, 608);

/// Opens the assignment `folder` in `w`, waits until it is open, then shows the window and waits until it is
/// exposed. False when either did not happen within 20 s.
bool openAndShow(MainWindow &w, const QString &folder)
{
    QSignalSpy opened(&w, &MainWindow::assignmentOpened);
    w.openAssignment(folder);
    if (!opened.wait(20000))
        return false;
    w.show();
    return QTest::qWaitForWindowExposed(&w);
}

QByteArray pngBase64(int w, int h)
{
    QImage img(w, h, QImage::Format_RGB32);
    img.fill(QColor(30, 120, 200));
    QByteArray bytes;
    QBuffer buf(&bytes);
    buf.open(QIODevice::WriteOnly);
    img.save(&buf, "PNG");
    return bytes.toBase64();
}

QJsonObject codeCell(const QString &source, int count, const QJsonArray &outputs)
{
    return QJsonObject{{QStringLiteral("cell_type"), QStringLiteral("code")},
                       {QStringLiteral("metadata"), QJsonObject{}},
                       {QStringLiteral("execution_count"), count},
                       {QStringLiteral("source"), source},
                       {QStringLiteral("outputs"), outputs}};
}

QByteArray notebookJson(const QJsonArray &cells)
{
    QJsonObject nb{{QStringLiteral("nbformat"), 4},
                   {QStringLiteral("nbformat_minor"), 4},
                   {QStringLiteral("metadata"),
                    QJsonObject{{QStringLiteral("kernelspec"),
                                 QJsonObject{{QStringLiteral("name"), QStringLiteral("python3")},
                                             {QStringLiteral("language"), QStringLiteral("python")},
                                             {QStringLiteral("display_name"), QStringLiteral("Python 3")}}}}},
                   {QStringLiteral("cells"), cells}};
    return QJsonDocument(nb).toJson();
}

// Copies the iris example into `dir` (notebook, data, assignment.json) so tests can break it.
void copyIris(const QString &dir)
{
    QDir().mkpath(dir + QStringLiteral("/data"));
    QFile::copy(kIris + QStringLiteral("/iris-analysis.ipynb"), dir + QStringLiteral("/iris-analysis.ipynb"));
    QFile::copy(kIris + QStringLiteral("/data/iris.csv"), dir + QStringLiteral("/data/iris.csv"));
    QFile::copy(kIris + QStringLiteral("/assignment.json"), dir + QStringLiteral("/assignment.json"));
}

/// These students' submissions of the example into `dir`/submissions. False when one cannot be copied.
bool copyIrisSubmissions(const QString &dir, const QStringList &students)
{
    for (const QString &student : students) {
        QDir().mkpath(dir + QStringLiteral("/submissions/") + student);
        if (!QFile::copy(kIris + QStringLiteral("/submissions/%1/iris-analysis.ipynb").arg(student),
                         dir + QStringLiteral("/submissions/%1/iris-analysis.ipynb").arg(student)))
            return false;
    }
    return true;
}

/// copyIris() with these students' submissions of the example.
bool copyIrisWith(const QString &dir, const QStringList &students)
{
    copyIris(dir);
    return copyIrisSubmissions(dir, students);
}

/// The app's catalogue `name` (sandmark_de; empty: none, English) installed while this lives.
struct CatalogueInstalled
{
    explicit CatalogueInstalled(const QString &name)
    {
        loaded = name.isEmpty() || translator.load(name, QStringLiteral(SANDMARK_BUILD_DATA_DIR "/translations"));
        if (!name.isEmpty() && loaded)
            QCoreApplication::installTranslator(&translator);
    }
    ~CatalogueInstalled() { QCoreApplication::removeTranslator(&translator); }
    CatalogueInstalled(const CatalogueInstalled &) = delete;
    CatalogueInstalled &operator=(const CatalogueInstalled &) = delete;
    QTranslator translator;
    bool loaded = false;
};

QByteArray readBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The last check of an assignment.json as compact JSON text, keys in file order (QJsonDocument would sort them).
struct OJsonCheck
{
    QString text;
};
OJsonCheck lastCheck(const QString &jsonPath)
{
    const QByteArray bytes = readBytes(jsonPath);
    const auto root = nlohmann::ordered_json::parse(bytes.constData(), bytes.constData() + bytes.size(), nullptr, false);
    if (root.is_discarded() || !root.contains("checks") || root["checks"].empty())
        return {};
    return {QString::fromStdString(root["checks"].back().dump())};
}

int injectedRows(const QAbstractItemModel *m)
{
    int n = 0;
    for (int r = 0; r < m->rowCount(); ++r)
        n += m->index(r, 0).data(InjectedKindRole).toInt() != 0 ? 1 : 0;
    return n;
}

// The check table of a submission's detail, found by its model (its accessible name is translated).
QTableView *checksTableOf(SubmissionDetail *detail)
{
    for (QTableView *t : detail->findChildren<QTableView *>())
        if (t->model() == detail->checksModel())
            return t;
    return nullptr;
}

QPushButton *buttonNamed(QWidget *parent, const QString &accessibleName)
{
    const QList<QPushButton *> buttons = parent->findChildren<QPushButton *>();
    for (QPushButton *b : buttons)
        if (b->accessibleName() == accessibleName)
            return b;
    return nullptr;
}

bool loadKind(NotebookPreview &p, PreviewKind kind)
{
    QSignalSpy loaded(&p, &NotebookPreview::loaded);
    p.setKind(kind);
    return loaded.wait(20000);
}

// A completed run of `student` on the iris checks (ids and points as in examples/iris/assignment.json), the
// first `passing` checks passed, as the grading core would record it.
RunRecord irisRun(const Assignment &a, const QString &student, int passing, GradeStatus status = GradeStatus::Graded)
{
    RunRecord run;
    run.studentId = student;
    run.filesHash = QStringLiteral("files-") + student;
    run.inputsHash = QStringLiteral("inputs-") + student;
    run.started = QDateTime::currentDateTimeUtc();
    run.finished = run.started.addSecs(4);
    run.backend = QStringLiteral("bwrap");
    run.result.status = status;
    int i = 0;
    for (const Check &check : a.checks()) {
        CheckResult c;
        c.checkId = check.id;
        c.type = check.type;
        c.maxPoints = check.points;
        c.outcome = status == GradeStatus::GraderError ? Outcome::NotGraded : i++ < passing ? Outcome::Pass : Outcome::Fail;
        c.points = c.outcome == Outcome::Pass ? check.points : 0;
        run.result.checks << c;
        run.result.score += c.points;
        run.result.maxScore += c.maxPoints;
    }
    return run;
}

// An in-memory stand-in for the OS keychain (the machine running the tests may have none); answers from
// the event loop like the real one.
// Receives the URLs QDesktopServices::openUrl() hands to the desktop (a scheme's handler while a test sets it).
class UrlCatcher : public QObject
{
    Q_OBJECT
public:
    QList<QUrl> urls;
public Q_SLOTS:
    void open(const QUrl &url) { urls << url; }
};

class MemoryStore : public SecretStore
{
public:
    QMap<QString, QString> values;
    bool broken = false;
    void read(const QString &key, QObject *context, ReadCallback cb) override
    {
        QTimer::singleShot(0, context, [this, key, cb] {
            if (broken)
                cb(Error{{}, {}, noKeychainMessage(QStringLiteral("no Secret Service"))});
            else
                cb(values.value(key));
        });
    }
    void write(const QString &key, const QString &value, QObject *context, DoneCallback cb) override
    {
        QTimer::singleShot(0, context, [this, key, value, cb] {
            if (broken) {
                cb(Error{{}, {}, noKeychainMessage(QStringLiteral("no Secret Service"))});
                return;
            }
            values.insert(key, value);
            cb({});
        });
    }
    void remove(const QString &key, QObject *context, DoneCallback cb) override
    {
        QTimer::singleShot(0, context, [this, key, cb] {
            values.remove(key);
            cb({});
        });
    }
};

// The row of the assignment settings' limits table whose limit is `key` ("timeout_s"), or -1.
int limitRowOf(QTableWidget *limits, const char *key)
{
    for (int r = 0; r < limits->rowCount(); ++r)
        if (limits->item(r, 0)->data(Qt::UserRole).toString() == QLatin1String(key))
            return r;
    return -1;
}

} // namespace

class TestGui : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("SandmarkTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_gui"));
        AppSettings::resetToDefaults();
        AppSettings::clearRecentAssignments();
    }

    // A result graded under other inputs (markStale()) says so in the status column and its tooltip.
    void staleResultIsMarked()
    {
        SubmissionsModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        SubmissionsModel::Row a, b;
        a.student = QStringLiteral("alice");
        b.student = QStringLiteral("bob");
        m.setRows({a, b});
        GradeSummary ga, gb;
        ga.studentId = QStringLiteral("alice");
        gb.studentId = QStringLiteral("bob");
        gb.stale = true;
        m.applyGrades({ga, gb});
        QCOMPARE(m.index(0, SubmissionsModel::StatusColumn).data().toString(), QStringLiteral("graded"));
        QCOMPARE(m.index(1, SubmissionsModel::StatusColumn).data().toString(), QStringLiteral("graded (stale)"));
        QVERIFY(m.index(1, SubmissionsModel::StatusColumn).data(Qt::ToolTipRole).toString().contains(QStringLiteral("Stale:")));
        QVERIFY(!m.index(0, SubmissionsModel::StatusColumn).data(Qt::ToolTipRole).toString().contains(QStringLiteral("Stale:")));
        // Regraded now: current again.
        m.setResult(QStringLiteral("bob"), GradeResult{}, 1.0, QStringLiteral("bwrap"));
        QCOMPARE(m.index(1, SubmissionsModel::StatusColumn).data().toString(), QStringLiteral("graded"));
    }

    // needs-manual (issue 17): its own status text, icon and tooltip naming what waits; the filter finds it; a live
    // result with a manual check awaiting shows it at once; a result where nothing was graded has no score.
    void needsManualIsShown()
    {
        SubmissionsModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        SubmissionsModel::Row a, b, c;
        a.student = QStringLiteral("ann");
        b.student = QStringLiteral("ben");
        c.student = QStringLiteral("cid");
        m.setRows({a, b, c});
        GradeSummary ga, gb;
        ga.studentId = QStringLiteral("ann");
        ga.status = GradeStatus::NeedsManual;
        ga.awaiting = {QStringLiteral("explain"), QStringLiteral("plot-task")};
        ga.score = 3;
        ga.maxScore = 7;
        gb.studentId = QStringLiteral("ben");
        m.applyGrades({ga, gb});
        const QModelIndex ann = m.index(0, SubmissionsModel::StatusColumn);
        QCOMPARE(ann.data().toString(), QStringLiteral("needs-manual"));
        QVERIFY(ann.data(Qt::ToolTipRole).toString().contains(QStringLiteral("Awaiting grading by hand: explain, plot-task")));
        QVERIFY(ann.data(Qt::DecorationRole).isValid());
        QCOMPARE(m.index(1, SubmissionsModel::StatusColumn).data().toString(), QStringLiteral("graded"));
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&m);
        proxy.setFilterKeyColumn(-1);
        proxy.setFilterFixedString(QStringLiteral("needs-manual"));
        QCOMPARE(proxy.rowCount(), 1);
        QCOMPARE(proxy.index(0, 0).data().toString(), QStringLiteral("ann"));

        GradeResult live;
        live.status = GradeStatus::NeedsManual;
        live.maxScore = 2;
        live.checks << CheckResult{QStringLiteral("explain"), Check::Type::Manual, Outcome::NotGraded, 0, 2, {}, {}, {}};
        m.setResult(QStringLiteral("ben"), live, 1.0, QStringLiteral("bwrap"));
        QCOMPARE(m.rows().at(1).state, SubmissionsModel::State::NeedsManual);
        QCOMPARE(m.rows().at(1).awaiting, QStringList{QStringLiteral("explain")});
        QCOMPARE(m.index(1, SubmissionsModel::ScoreColumn).data().toString(), QStringLiteral("no score")); // nothing graded yet

        GradeResult unreadable;
        unreadable.status = GradeStatus::NeedsReview;
        unreadable.maxScore = 3;
        unreadable.reasons = {QStringLiteral("cid/hw.ipynb: this is an HTML page, not a notebook")};
        unreadable.checks << CheckResult{QStringLiteral("x"), Check::Type::Value, Outcome::NotGraded, 0, 3, {}, {}, {}};
        m.setResult(QStringLiteral("cid"), unreadable, -1, QString());
        QCOMPARE(m.index(2, SubmissionsModel::ScoreColumn).data().toString(), QStringLiteral("no score"));
        QCOMPARE(m.index(2, SubmissionsModel::StatusColumn).data().toString(), QStringLiteral("needs-review"));

        QTranslator de;
        QVERIFY(de.load(QStringLiteral("sandmark_de"), QStringLiteral(SANDMARK_BUILD_DATA_DIR "/translations")));
        QCoreApplication::installTranslator(&de);
        QCOMPARE(SubmissionsModel::stateText(SubmissionsModel::State::NeedsManual), QStringLiteral("Bewertung von Hand offen"));
        QCoreApplication::removeTranslator(&de);
    }

    // Grading texts stored in English (feedback, reasons, values) are shown in the app's language: the core builds
    // them from util/coretext.h's templates, the app matches them at display time (translatedCoreText()). Parts
    // joined by "; " are translated one by one, nested templates too; the student's own text stays as it is.
    void gradingTextsAreShownInTheAppsLanguage()
    {
        ProbeValue expected;
        expected.kind = ProbeValue::Kind::Int;
        expected.intText = QStringLiteral("150");
        expected.real = 150;
        ProbeValue missing;
        missing.kind = ProbeValue::Kind::Missing;
        const Comparison undefined = compareValues(QStringLiteral("n_rows"), expected, missing, {});
        ProbeValue wrong = expected;
        wrong.intText = QStringLiteral("100");
        wrong.real = 100;
        CompareOptions hidden;
        hidden.showExpected = false;
        const Comparison differs = compareValues(QStringLiteral("n_rows"), expected, wrong, hidden);
        const QString reasons = differs.feedback + QStringLiteral("; cells[10]: raised AssertionError: 100%1 rows; not 150");
        const QString nested = QStringLiteral("not graded: the probe did not run: kernel died while executing cells[7] (exit status 0)");
        const QString unreadable = QStringLiteral("the notebook cannot be read: line 9, column 5: invalid JSON; last read: '\"'");

        QCOMPARE(translatedCoreText(undefined.feedback), undefined.feedback); // English: as stored
        CatalogueInstalled de(QStringLiteral("sandmark_de"));
        QVERIFY(de.loaded);
        QCOMPARE(translatedCoreText(undefined.feedback), QStringLiteral("`n_rows` ist nicht definiert"));
        QCOMPARE(translatedCoreText(undefined.actual), QStringLiteral("(nicht definiert)"));
        QCOMPARE(translatedCoreText(reasons),
                 QStringLiteral("`n_rows`: nicht der erwartete Wert (abgegeben: 100); diese Prüfung zeigt den erwarteten Wert nicht; "
                                "cells[10]: löste AssertionError: 100%1 rows aus; not 150"));
        QCOMPARE(translatedCoreText(nested), QStringLiteral("nicht bewertet: die Sonde lief nicht: Kernel beim Ausführen von cells[7] "
                                                            "abgestürzt (Exit-Status 0)"));
        QCOMPARE(translatedCoreText(unreadable), QStringLiteral("das Notebook kann nicht gelesen werden: line 9, column 5: invalid JSON; "
                                                                "last read: '\"'"));
        QCOMPARE(translatedCoreText(QStringLiteral("a note the student wrote")), QStringLiteral("a note the student wrote"));
        // A manual check's feedback (fresh-user finding: "graded by hand: answer cell '…'" stayed English in German).
        QCOMPARE(translatedCoreText(QStringLiteral("graded by hand: answer cell 'explain'")),
                 QStringLiteral("von Hand bewertet: Antwortzelle 'explain'"));
        QCOMPARE(translatedCoreText(QStringLiteral("graded by hand: task cell 'plot' is missing from the submission")),
                 QStringLiteral("von Hand bewertet: Aufgabenzelle 'plot' fehlt in der Abgabe"));
        QCOMPARE(translatedCoreText(QStringLiteral("not answered: answer cell 'explain' still holds the release's text")),
                 QStringLiteral("nicht beantwortet: Antwortzelle 'explain' enthält noch den Text der Studierendenfassung"));
        // A value's summary, also inside feedback (an argument translated as a text of its own), cut or not.
        QCOMPARE(translatedCoreText(QStringLiteral("`s`: not the expected value (yours: Series 'x', 3 values (float64), index ['a', …)")),
                 QStringLiteral("`s`: nicht der erwartete Wert (abgegeben: Series 'x', 3 Werte (float64), Index ['a', …)"));
        QCOMPARE(translatedCoreText(QStringLiteral("not graded: grader error: the reference run did not define it")),
                 QStringLiteral("nicht bewertet: Fehler des Bewerters: der Referenzlauf hat ihn nicht definiert"));
        QCOMPARE(translatedCoreText(QStringLiteral("cells[6]: timeout after 5 s and ignored the interrupt; kernel killed")),
                 QStringLiteral("cells[6]: Zeitlimit nach 5 s überschritten und die Unterbrechung ignoriert; Kernel beendet"));
        QCOMPARE(translatedCoreText(QStringLiteral("kernel died while executing cells[4] (killed by SIGKILL; out of memory?)")),
                 QStringLiteral("Kernel beim Ausführen von cells[4] abgestürzt (beendet durch SIGKILL; Speicher erschöpft?)"));

        // Where the app shows them: the detail's check table (cell references labelled after translation).
        CheckResultsModel results;
        results.setResults({CheckResult{QStringLiteral("n_rows"), Check::Type::Value, Outcome::Fail, 0, 1,
                                        QStringLiteral("cells[3]: raised KeyError: 'kind'"), undefined.expected, undefined.actual}});
        results.setCellLabels({{3, QStringLiteral("[2] df = pd.read_csv(…)")}});
        QCOMPARE(results.index(0, CheckResultsModel::ActualColumn).data().toString(), QStringLiteral("(nicht definiert)"));
        QCOMPARE(results.index(0, CheckResultsModel::FeedbackColumn).data().toString(),
                 QStringLiteral("[2] df = pd.read_csv(…) (cells[3]): löste KeyError: 'kind' aus"));
    }

    // A value comparison's numbers in the app's locale (issue 19: "Differenz 3.54, relativ 0.708" beside "47,5 s"):
    // the difference, the relative difference and the tolerances of the reasons the app shows follow its number
    // style, as durations do; the compared values stay as Python wrote them, the stored (CLI) text stays English.
    void comparisonNumbersFollowTheAppsLocale()
    {
        const QLocale before;
        auto number = [](double d, const char *text) {
            ProbeValue v;
            v.kind = ProbeValue::Kind::Float;
            v.real = d;
            v.realText = QString::fromLatin1(text);
            return v;
        };
        CompareOptions tolerance;
        tolerance.atol = 0.25;
        tolerance.rtol = 0.015;
        const Comparison value = compareValues(QStringLiteral("mean"), number(5.0, "5.0"), number(8.54, "8.54"), tolerance);
        const Comparison fromZero = compareValues(QStringLiteral("z"), number(0.0, "0.0"), number(1.5, "1.5"), tolerance);
        ProbeValue expected;
        expected.kind = ProbeValue::Kind::List;
        expected.items = {number(1, "1.0"), number(2.5, "2.5")};
        ProbeValue actual = expected;
        actual.items[1] = number(2.9, "2.9");
        const Comparison element = compareValues(QStringLiteral("v"), expected, actual, tolerance);
        QCOMPARE(value.feedback, QStringLiteral("`mean`: value 8.54 ≠ 5.0 (difference 3.54, relative 0.708; allowed: atol 0.25 + rtol "
                                                "0.015 × |expected|)")); // stored and printed in English
        CatalogueInstalled de(QStringLiteral("sandmark_de"));
        QVERIFY(de.loaded);
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        QCOMPARE(translatedCoreText(value.feedback),
                 QStringLiteral("`mean`: Wert 8.54 ≠ 5.0 (Differenz 3,54, relativ 0,708; erlaubt: atol 0,25 + rtol 0,015 × |erwartet|)"));
        QCOMPARE(translatedCoreText(fromZero.feedback),
                 QStringLiteral("`z`: Wert 1.5 ≠ 0.0 (Differenz 1,5; erlaubt: atol 0,25 + rtol 0,015 × |erwartet|)"));
        const QString germanElement = translatedCoreText(element.feedback);
        QVERIFY2(germanElement.contains(QStringLiteral("(Differenz 0,4, relativ 0,16; erlaubt: atol 0,25 + rtol 0,015 × |erwartet|)")),
                 qPrintable(germanElement));
        QCOMPARE(translatedCoreText(QStringLiteral("`x`: value 2 ≠ 1 (difference 1, relative 1; allowed: atol 1e-08 + rtol 1.5e-05 × |expected|)")),
                 QStringLiteral("`x`: Wert 2 ≠ 1 (Differenz 1, relativ 1; erlaubt: atol 1e-08 + rtol 1,5e-05 × |erwartet|)"));
        QCOMPARE(translatedCoreText(QStringLiteral("cells[6]: timeout after 47.5 s")), QStringLiteral("cells[6]: Zeitlimit nach 47,5 s überschritten"));
        QLocale::setDefault(before);
    }

    // What a value comparison found (grading/compare.cpp), an import's flag reason (batch/lmsimport.cpp), the
    // sandbox self-test's rows (sandbox/doctor.cpp, the probe) and the keychain's error: English where they are
    // stored and printed, in the app's language where the app shows them, durations in its number style (issue 19).
    void comparisonImportAndDoctorTextsAreShownInTheAppsLanguage()
    {
        const QLocale before;
        auto number = [](double d, const char *text) {
            ProbeValue v;
            v.kind = ProbeValue::Kind::Float;
            v.real = d;
            v.realText = QString::fromLatin1(text);
            return v;
        };
        const Comparison value = compareValues(QStringLiteral("r"), number(0.9628, "0.9628"), number(-1.0, "-1.0"), {});
        ProbeValue shortList;
        shortList.kind = ProbeValue::Kind::List;
        shortList.items = {number(1, "1.0"), number(2, "2.0")};
        ProbeValue longList = shortList;
        longList.items.push_back(number(3, "3.0"));
        const Comparison length = compareValues(QStringLiteral("v"), longList, shortList, {});
        const QString element = QStringLiteral("`a`: element [0]: value 'x' ≠ 'y' — 1 of 3 elements differ");
        ImportManifest manifest;
        manifest.flagged << FlaggedEntry{QStringLiteral("notes.txt"), QStringLiteral("not named like a Canvas (name_id_submission_file) or "
                                                                                   "Moodle (Full Name_id_assignsubmission_file_/) submission")}
                         << FlaggedEntry{QStringLiteral("amy"), QStringLiteral("ambiguous: 2 notebooks (a.ipynb, b.ipynb); not guessed")};
        DoctorReport report;
        report.backend = QStringLiteral("bwrap");
        report.checks << DoctorCheck{QStringLiteral("probe: runs inside the sandbox"), true, QStringLiteral("0.17 s"), {}}
                      << DoctorCheck{QStringLiteral("network: DNS fails fast"), false, QStringLiteral("gaierror after 3.02 s"),
                                     QStringLiteral("bwrap must run with --disable-userns (bubblewrap 0.8 or newer)")};
        const QString keychain = noKeychainMessage(QStringLiteral("no Secret Service"));

        // English: the stored texts as they are (the CLI's and the gradebook's).
        QVERIFY2(value.feedback.startsWith(QStringLiteral("`r`: value -1.0 ≠ 0.9628 (difference 1.96, relative 2.04; allowed: atol ")),
                 qPrintable(value.feedback));
        QCOMPARE(length.feedback, QStringLiteral("`v`: length 2 ≠ 3"));
        QCOMPARE(translatedCoreText(value.feedback), value.feedback);
        ImportFlagsModel flags;
        flags.setManifest(manifest, {}, {});
        QCOMPARE(flags.index(0, ImportFlagsModel::ReasonColumn).data().toString(), manifest.flagged.at(0).reason);

        CatalogueInstalled de(QStringLiteral("sandmark_de"));
        QVERIFY(de.loaded);
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        const QString german = translatedCoreText(value.feedback);
        QVERIFY2(german.startsWith(QStringLiteral("`r`: Wert -1.0 ≠ 0.9628 (Differenz 1,96, relativ 2,04; erlaubt: atol ")), qPrintable(german));
        QVERIFY2(german.endsWith(QStringLiteral(" × |erwartet|)")), qPrintable(german));
        QCOMPARE(translatedCoreText(length.feedback), QStringLiteral("`v`: Länge 2 ≠ 3"));
        // The reading that explains most: an element's own difference inside the element's text.
        QCOMPARE(translatedCoreText(element), QStringLiteral("`a`: Element [0]: Wert 'x' ≠ 'y' — 1 von 3 Elementen verschieden"));
        QCOMPARE(translatedCoreText(QStringLiteral("`d`: missing key 'a'; unexpected keys 'b', 'c'")),
                 QStringLiteral("`d`: fehlender Schlüssel 'a'; unerwartete Schlüssel 'b', 'c'"));
        QCOMPARE(translatedCoreText(QStringLiteral("not graded: grader error: the reference run did not define it")),
                 QStringLiteral("nicht bewertet: Fehler des Bewerters: der Referenzlauf hat ihn nicht definiert"));

        // The import's flags on the Submissions page.
        flags.setManifest(manifest, {}, {});
        QCOMPARE(flags.index(0, ImportFlagsModel::ReasonColumn).data().toString(),
                 QStringLiteral("nicht wie eine Abgabe aus Canvas (name_id_submission_file) oder Moodle "
                                "(Full Name_id_assignsubmission_file_/) benannt"));
        QCOMPARE(flags.index(1, ImportFlagsModel::ReasonColumn).data().toString(),
                 QStringLiteral("mehrdeutig: 2 Notebooks (a.ipynb, b.ipynb); nicht geraten"));

        // The self-test's rows, durations with a decimal comma; the Health page's sandbox row.
        SelfTestModel selfTest;
        selfTest.setReport(report);
        QCOMPARE(selfTest.index(0, SelfTestModel::CheckColumn).data().toString(), QStringLiteral("Sonde: läuft in der Sandbox"));
        QCOMPARE(selfTest.index(0, SelfTestModel::DetailColumn).data().toString(), QStringLiteral("0,17 s"));
        QCOMPARE(translatedCoreText(QStringLiteral("exit 0 as uid 4100327")), QStringLiteral("Exit-Status 0 als UID 4100327"));
        QCOMPARE(selfTest.index(1, SelfTestModel::CheckColumn).data().toString(), QStringLiteral("Netzwerk: DNS schlägt sofort fehl"));
        QCOMPARE(selfTest.index(1, SelfTestModel::DetailColumn).data().toString(), QStringLiteral("gaierror nach 3,02 s"));
        QCOMPARE(selfTest.index(1, SelfTestModel::FixColumn).data().toString(),
                 QStringLiteral("bwrap muss mit --disable-userns laufen (bubblewrap 0.8 oder neuer)"));
        HealthInputs inputs;
        inputs.backend = report.backend;
        inputs.doctor = report;
        const QList<HealthItem> items = assessHealth(inputs);
        HealthModel health;
        health.setItems(items);
        const auto sandbox = std::find_if(items.cbegin(), items.cend(), [](const HealthItem &i) { return i.id == QLatin1String("sandbox"); });
        QVERIFY(sandbox != items.cend());
        const int row = int(sandbox - items.cbegin());
        QCOMPARE(health.index(row, HealthModel::DetailColumn).data().toString(),
                 QStringLiteral("bwrap: Netzwerk: DNS schlägt sofort fehl — gaierror nach 3,02 s"));
        QCOMPARE(health.index(row, HealthModel::FixColumn).data().toString(),
                 QStringLiteral("bwrap muss mit --disable-userns laufen (bubblewrap 0.8 oder neuer)"));
        // Every backend's fix for the probe's rows has its template (listed in coretext.h as the backends write it).
        for (SandboxKind kind : sandboxKinds()) {
            const auto backend = createBackend(kind);
            for (const char *name : {coretext::loopbackUnreachable, coretext::rootReadOnly, coretext::workdirWritable,
                                     coretext::othersHidden, coretext::limitAddressSpace, coretext::limitProcesses,
                                     coretext::limitCgroupMemory, coretext::noCapabilities, coretext::noNestedUserns,
                                     coretext::probeRuns}) {
                const QString fix = backend->doctorFix(coretext::text(name));
                QVERIFY2(fix.isEmpty() || translatedCoreText(fix) != fix, qPrintable(backend->name() + QStringLiteral(": ") + fix));
            }
        }

        // The keychain's error in Preferences.
        QCOMPARE(translatedCoreText(keychain),
                 QStringLiteral("kein Schlüsselbund des Betriebssystems verfügbar (no Secret Service); Sandmark speichert Tokens nie "
                                "in einfachen Dateien: starten Sie einen Secret Service (gnome-keyring, KWallet) oder setzen Sie "
                                "HF_TOKEN in der Umgebung"));
        MemoryStore broken;
        broken.broken = true;
        PreferencesDialog prefs(nullptr, &broken);
        QSignalSpy status(&prefs, &PreferencesDialog::tokenStatusChanged);
        QVERIFY(status.wait(20000));
        QVERIFY2(prefs.tokenStatus().startsWith(QStringLiteral("kein Schlüsselbund")), qPrintable(prefs.tokenStatus()));

        // The run's record: its status and the cells' kinds in the app's words.
        RecordCellsModel record;
        record.setRecord(test::executionRecord(QJsonObject{{QStringLiteral("status"), QStringLiteral("completed")},
                                     {QStringLiteral("cells"), QJsonArray{QJsonObject{{QStringLiteral("index"), 0},
                                                                                      {QStringLiteral("cell_type"), QStringLiteral("code")},
                                                                                      {QStringLiteral("injected"), QStringLiteral("redirect")},
                                                                                      {QStringLiteral("status"), QStringLiteral("not-run")},
                                                                                      {QStringLiteral("duration_s"), 0.25}}}}}));
        QCOMPARE(record.index(0, RecordCellsModel::KindColumn).data().toString(), QStringLiteral("eingefügt: Umleitung"));
        QCOMPARE(record.index(0, RecordCellsModel::StatusColumn).data().toString(), QStringLiteral("nicht ausgeführt"));
        QCOMPARE(record.index(0, RecordCellsModel::DurationColumn).data().toString(), QStringLiteral("0,25 s"));
        QCOMPARE(runRecordWord(QStringLiteral("completed")), QStringLiteral("abgeschlossen"));
        QLocale::setDefault(before);
    }

    // The Submissions table's problems (batch/submissions.cpp) and the rows a comparison in any order left without a
    // partner (grading/compare.cpp: "(at index N)", "(N more)"), and a value of the wrong type ("yours is an int"):
    // English where they are stored, German in the app (issue 19).
    void submissionProblemsAndUnmatchedRowsAreShownInTheAppsLanguage()
    {
        QTemporaryDir dir, outside;
        const QString nb = kIris + QStringLiteral("/submissions/alice/iris-analysis.ipynb");
        QDir root(dir.path());
        QVERIFY(root.mkpath(QStringLiteral("amy")) && root.mkpath(QStringLiteral("ben")) && root.mkpath(QStringLiteral("cid"))
                && root.mkpath(QStringLiteral("fay")));
        QVERIFY(QFile::copy(nb, dir.filePath(QStringLiteral("amy/part1.ipynb"))));
        QVERIFY(QFile::copy(nb, dir.filePath(QStringLiteral("amy/part2.ipynb"))));
        QVERIFY(QFile::copy(nb, dir.filePath(QStringLiteral("ben/hw.ipynb"))));
        QVERIFY(QFile::link(outside.path(), dir.filePath(QStringLiteral("ben/data"))));
        QVERIFY(QFile::copy(nb, dir.filePath(QStringLiteral("fay/hw.ipynb"))));
        QVERIFY(QFile::copy(nb, dir.filePath(QStringLiteral("fay.ipynb"))));
        QCOMPARE(::mkfifo(QFile::encodeName(dir.filePath(QStringLiteral("zed.ipynb"))).constData(), 0600), 0);
        QCOMPARE(::mkdir((QFile::encodeName(dir.path()) + "/caf\xe9").constData(), 0755), 0); // Latin-1, not UTF-8
        const auto found = discoverSubmissions(dir.path());
        QVERIFY(found);
        QList<SubmissionsModel::Row> rows;
        for (const Submission &s : *found) {
            SubmissionsModel::Row r;
            r.student = s.studentId;
            r.notebookPath = s.notebookPath;
            r.problem = s.problem;
            rows << r;
        }
        SubmissionsModel m;
        m.setRows(rows);
        QStringList status;
        for (int row = 0; row < m.rowCount(); ++row)
            status << m.index(row, SubmissionsModel::StatusColumn).data().toString();
        const QStringList english = {
            QStringLiteral("cannot be graded: ambiguous: 2 notebooks (part1.ipynb, part2.ipynb); keep one, or grade the one meant "
                           "by its path (sandmark-cli grade ASSIGNMENT amy/<notebook>)"),
            QStringLiteral("cannot be graded: data is a symbolic link (refused)"),
            QStringLiteral("cannot be graded: 'caf\uFFFD': the name is not valid UTF-8 (rename it)"),
            QStringLiteral("cannot be graded: no notebook (*.ipynb) in the folder"),
            QStringLiteral("cannot be graded: duplicate student id 'fay' (a folder and a notebook?)"),
            QStringLiteral("cannot be graded: duplicate student id 'fay' (a folder and a notebook?)"),
            QStringLiteral("cannot be graded: zed.ipynb is not a regular file (refused)")};
        QCOMPARE(status, english);

        CatalogueInstalled de(QStringLiteral("sandmark_de"));
        QVERIFY(de.loaded);
        status.clear();
        for (int row = 0; row < m.rowCount(); ++row)
            status << m.index(row, SubmissionsModel::StatusColumn).data().toString();
        QCOMPARE(status, (QStringList{
            QStringLiteral("nicht bewertbar: mehrdeutig: 2 Notebooks (part1.ipynb, part2.ipynb); nur eines behalten oder das "
                           "gemeinte über seinen Pfad bewerten (sandmark-cli grade ASSIGNMENT amy/<notebook>)"),
            QStringLiteral("nicht bewertbar: data ist ein symbolischer Link (abgelehnt)"),
            QStringLiteral("nicht bewertbar: 'caf\uFFFD': der Name ist kein gültiges UTF-8 (bitte umbenennen)"),
            QStringLiteral("nicht bewertbar: kein Notebook (*.ipynb) im Ordner"),
            QStringLiteral("nicht bewertbar: doppelte Personen-ID 'fay' (ein Ordner und ein Notebook?)"),
            QStringLiteral("nicht bewertbar: doppelte Personen-ID 'fay' (ein Ordner und ein Notebook?)"),
            QStringLiteral("nicht bewertbar: zed.ipynb ist keine reguläre Datei (abgelehnt)")}));
        // The tooltip names the problem in German too.
        QVERIFY2(m.index(1, SubmissionsModel::StudentColumn).data(Qt::ToolTipRole).toString().endsWith(
                     QStringLiteral("\ndata ist ein symbolischer Link (abgelehnt)")),
                 qPrintable(m.index(1, SubmissionsModel::StudentColumn).data(Qt::ToolTipRole).toString()));

        // Values compared in any order: the unmatched ones named with their index, at most three, then how many more.
        auto series = [](const QStringList &values) {
            QStringList quoted;
            for (const QString &v : values)
                quoted << QLatin1Char('"') + v + QLatin1Char('"');
            const QString json = QStringLiteral(R"({"t": "series", "dtype": "float64", "name": {"t": "none"},
                "index": {"t": "pd-index", "type": "pandas.core.indexes.range.RangeIndex", "dtype": "int64",
                          "name": {"t": "none"}, "range": [0, %1, 1]},
                "values": {"t": "ndarray", "dtype": "float64", "shape": [%1], "enc": "float", "values": [%2]}})")
                                     .arg(values.size())
                                     .arg(quoted.join(QLatin1String(", ")));
            auto v = decodeProbeValue(json.toUtf8(), QStringLiteral("test"));
            return v ? *v : ProbeValue();
        };
        CompareOptions anyOrder;
        anyOrder.checkRowOrder = false;
        anyOrder.checkIndex = false;
        const Comparison many = compareValues(QStringLiteral("s"), series({QStringLiteral("1.0"), QStringLiteral("2.0"), QStringLiteral("3.0"), QStringLiteral("4.0"), QStringLiteral("5.0")}),
                                              series({QStringLiteral("1.0"), QStringLiteral("20.0"), QStringLiteral("30.0"), QStringLiteral("40.0"), QStringLiteral("50.0")}), anyOrder);
        const Comparison one = compareValues(QStringLiteral("s"), series({QStringLiteral("1.0"), QStringLiteral("2.0")}), series({QStringLiteral("1.0"), QStringLiteral("3.0")}), anyOrder);
        ProbeValue text;
        text.kind = ProbeValue::Kind::Str;
        text.text = QStringLiteral("abc");
        ProbeValue integer;
        integer.kind = ProbeValue::Kind::Int;
        integer.intText = QStringLiteral("7");
        integer.real = 7;
        CompareOptions hidden;
        hidden.showExpected = false;
        const Comparison type = compareValues(QStringLiteral("t"), text, integer, hidden);
        QCOMPARE(many.feedback, QStringLiteral("`s`: 4 of 5 values differ (compared in any order, index ignored): missing 2.0 (at "
                                               "index 1), 3.0 (at index 2), 4.0 (at index 3), … (1 more); unexpected 20.0 (at "
                                               "index 1), 30.0 (at index 2), 40.0 (at index 3), … (1 more)"));
        QCOMPARE(one.feedback, QStringLiteral("`s`: 1 of 2 values differ (compared in any order, index ignored): missing 2.0 (at "
                                              "index 1); unexpected 3.0 (at index 1)"));
        QCOMPARE(type.feedback, QStringLiteral("`t`: not of the expected type (yours is an int); this check does not show the expected value"));
        QCOMPARE(translatedCoreText(many.feedback),
                 QStringLiteral("`s`: 4 von 5 Werten verschieden (in beliebiger Reihenfolge verglichen, Index ignoriert): fehlend: "
                                "2.0 (Index 1), 3.0 (Index 2), 4.0 (Index 3), … (noch 1); unerwartet: 20.0 (Index 1), 30.0 (Index 2), "
                                "40.0 (Index 3), … (noch 1)"));
        QCOMPARE(translatedCoreText(one.feedback),
                 QStringLiteral("`s`: 1 von 2 Werten verschieden (in beliebiger Reihenfolge verglichen, Index ignoriert): fehlend: "
                                "2.0 (Index 1); unerwartet: 3.0 (Index 1)"));
        QCOMPARE(translatedCoreText(QStringLiteral("`d`: 2 of 4 rows differ (compared in any order, index ignored): missing {'k': "
                                                   "'a', 'v': 3.0} (at index 2), {'k': 'b', 'v': 1.0} (at index 'x')")),
                 QStringLiteral("`d`: 2 von 4 Zeilen verschieden (in beliebiger Reihenfolge verglichen, Index ignoriert): fehlend: "
                                "{'k': 'a', 'v': 3.0} (Index 2), {'k': 'b', 'v': 1.0} (Index 'x')"));
        QCOMPARE(translatedCoreText(type.feedback),
                 QStringLiteral("`t`: nicht vom erwarteten Typ (abgegeben: ein Wert vom Typ int); diese Prüfung zeigt den erwarteten "
                                "Wert nicht"));
        QCOMPARE(translatedCoreText(QStringLiteral("`t`: not of the expected type (yours is a str); this check does not show the "
                                                   "expected value")),
                 QStringLiteral("`t`: nicht vom erwarteten Typ (abgegeben: ein Wert vom Typ str); diese Prüfung zeigt den erwarteten "
                                "Wert nicht"));
    }

    // Preferences in German: numbers with a decimal comma (the memory limit was "4.0 GiB"), and the dialog fits a
    // 1024×640 screen (issue 19).
    void preferencesFollowTheLocale()
    {
        // Qt's system locale under LANG=de_DE.UTF-8 with LC_NUMERIC=C (or LANGUAGE=de) is German with C's numbers:
        // the app takes German's own (src/app/main.cpp); an explicit numeric locale stays.
        const QLocale german(QLocale::German, QLocale::Germany);
        QCOMPARE(numberLocale(german, QStringLiteral("C")).decimalPoint(), QStringLiteral(","));
        QCOMPARE(numberLocale(german, QStringLiteral("C.UTF-8")), german);
        QCOMPARE(numberLocale(german, QStringLiteral("POSIX")), german);
        QCOMPARE(numberLocale(QLocale::c(), QStringLiteral("C.UTF-8")), QLocale::c());
        const QLocale english(QLocale::English, QLocale::UnitedStates);
        QCOMPARE(numberLocale(english, QStringLiteral("de_DE.UTF-8")), english);

        const QLocale before;
        QLocale::setDefault(numberLocale(german, QStringLiteral("C")));
        CatalogueInstalled de(QStringLiteral("sandmark_de"));
        QVERIFY(de.loaded);
        // One style for tolerances: "1e-06", not "1E-06" (the checks table, the check editor).
        QCOMPARE(numberText(1e-6), QStringLiteral("1e-06"));
        QCOMPARE(numberText(2.5e-7), QStringLiteral("2,5e-07"));
        QCOMPARE(numberText(0.001), QStringLiteral("0,001"));
        QCOMPARE(numberText(12345), QStringLiteral("12345"));
        ChecksModel checks;
        Check corr;
        corr.id = QStringLiteral("corr");
        corr.type = Check::Type::Value;
        corr.options.insert(QStringLiteral("rtol"), 1e-6);
        checks.setChecks({corr});
        QCOMPARE(checks.index(0, ChecksModel::ToleranceColumn).data().toString(), QStringLiteral("rtol 1e-06"));
        // The editors' tolerance fields show and read the same style (a QDoubleSpinBox showed "0,0000010000").
        NumberSpinBox tolerance;
        tolerance.setDecimals(10);
        tolerance.setRange(0, 1e9);
        tolerance.setValue(1e-6);
        QCOMPARE(tolerance.text(), QStringLiteral("1e-06"));
        QCOMPARE(tolerance.valueFromText(QStringLiteral("2,5e-3")), 0.0025);
        QCOMPARE(tolerance.valueFromText(QStringLiteral("0.001")), 0.001); // C's style too, never "1" (a group)
        QString typed = QStringLiteral("1e-");
        int at = 3;
        QCOMPARE(tolerance.validate(typed, at), QValidator::Intermediate);
        typed = QStringLiteral("abc");
        QCOMPARE(tolerance.validate(typed, at), QValidator::Invalid);

        MemoryStore store;
        PreferencesDialog prefs(nullptr, &store);
        auto *memory = prefs.findChild<QDoubleSpinBox *>(QStringLiteral("memorySpin"));
        QVERIFY(memory);
        memory->setValue(4);
        QCOMPARE(memory->text(), QStringLiteral("4,0 GiB"));

        // On a 1024×640 screen (less a title bar and a panel), in a desktop's larger font, every label keeps its
        // height: the form scrolls.
        const QSize screen(1024, 640 - 80);
        QFont larger = prefs.font();
        larger.setPointSizeF(12);
        prefs.setFont(larger);
        prefs.selectBackend(QStringLiteral("local-unsafe")); // the tallest form: with the warning
        prefs.show();
        QVERIFY(QTest::qWaitForWindowExposed(&prefs));
        QVERIFY2(prefs.minimumSizeHint().height() <= screen.height() && prefs.minimumSizeHint().width() <= screen.width(),
                 qPrintable(QStringLiteral("%1×%2").arg(prefs.minimumSizeHint().width()).arg(prefs.minimumSizeHint().height())));
        prefs.resize(prefs.size().boundedTo(screen));
        QTRY_VERIFY(prefs.height() <= screen.height());
        for (QLabel *label : prefs.findChildren<QLabel *>()) {
            if (!label->isVisibleTo(&prefs) || label->text().isEmpty())
                continue;
            const int needed = label->hasHeightForWidth() ? label->heightForWidth(label->width()) : label->minimumSizeHint().height();
            QVERIFY2(label->height() >= needed, qPrintable(QStringLiteral("%1: %2 < %3").arg(label->objectName()).arg(label->height()).arg(needed)));
        }
        QLocale::setDefault(before);
    }

    // A student id with a newline or a right-to-left override shows escaped, in one line, in its own order;
    // the id itself (StudentRole, what the page grades and looks up) stays as it is.
    void untrustedStudentIdIsEscaped()
    {
        SubmissionsModel m;
        SubmissionsModel::Row a;
        a.student = QStringLiteral("bob\nalice\u202Egnp.ipynb");
        m.setRows({a});
        QCOMPARE(m.index(0, SubmissionsModel::StudentColumn).data().toString(), QStringLiteral("bob\\nalice\\u202egnp.ipynb"));
        QCOMPARE(m.index(0, SubmissionsModel::StudentColumn).data(StudentRole).toString(), a.student);
    }

    void openExampleAssignment()
    {
        MemoryStore store;
        MainWindow w(nullptr, &store);
        QSignalSpy opened(&w, &MainWindow::assignmentOpened);
        w.openAssignment(kIris);
        QVERIFY(w.openTracker()->isBusy()); // the GUI thread did not do the work
        QVERIFY(opened.wait(20000));
        QVERIFY(w.assignment().has_value());
        QCOMPARE(w.assignment()->slug(), QStringLiteral("iris-basics"));
        QCOMPARE(w.checksPage()->model()->rowCount(), 5);
        QCOMPARE(w.checksPage()->model()->totalPoints(), 8.0);
        QCOMPARE(w.problemModel()->errorCount(), 0);
        QCOMPARE(w.dataPage()->filesModel()->rowCount(), 1);
        QVERIFY(w.dataPage()->filesModel()->index(0, 0).data(SizeBytesRole).toLongLong() > 1000);
        QTRY_COMPARE_WITH_TIMEOUT(w.preview()->cellModel()->rowCount(), 11, 20000);
        QVERIFY(AppSettings::recentAssignments().contains(QDir::cleanPath(kIris)));
        for (int p = 0; p < MainWindow::PageCount; ++p) {
            w.setCurrentPage(MainWindow::Page(p));
            QCOMPARE(w.currentPage(), MainWindow::Page(p));
            QVERIFY(!w.pageTitle(MainWindow::Page(p)).isEmpty());
        }
    }

    // Alt+letter reaches one thing per screen: on each page, the menu bar's titles and every visible button,
    // tab, group box and labelled field have different mnemonics — in English and in German (the review found
    // Alt+V opening the View menu instead of "Add &Value Check…", and Alt+W both "&Werkzeuge" and a button).
    void mnemonicsAreUniquePerPage_data()
    {
        QTest::addColumn<QString>("catalogue");
        QTest::newRow("English") << QString();
        QTest::newRow("German") << QStringLiteral("sandmark_de");
    }
    void mnemonicsAreUniquePerPage()
    {
        QFETCH(QString, catalogue);
        const CatalogueInstalled language(catalogue);
        QVERIFY(language.loaded);
        MemoryStore store;
        MainWindow w(nullptr, &store);
        QVERIFY(openAndShow(w, kIris));
        QStringList clashes;
        // Each page as it shows; the Submissions page also with a submission's detail open, on each of its tabs
        // (the detail's buttons clashed with the page's before: Alt+F, and Alt+U on the diff tab).
        QList<std::pair<int, int>> views; // (page, detail tab or -1)
        for (int p = 0; p < MainWindow::PageCount; ++p)
            views.append({p, -1});
        auto *submissions = w.findChild<SubmissionsPage *>();
        QVERIFY(submissions);
        auto *detailTabs = submissions->findChild<SubmissionDetail *>()->findChild<QTabWidget *>();
        QVERIFY(detailTabs);
        for (int t = 0; t < detailTabs->count(); ++t)
            views.append({int(MainWindow::SubmissionsPage), t});
        for (const auto &[p, tab] : views) {
            w.setCurrentPage(MainWindow::Page(p));
            if (tab >= 0) { // the detail as a graded submission shows it (nothing is graded here)
                auto *detail = submissions->findChild<SubmissionDetail *>();
                if (detail->isHidden()) {
                    GradeResult result;
                    result.status = GradeStatus::Graded;
                    result.maxScore = 1;
                    result.checks << CheckResult{QStringLiteral("n_rows"), Check::Type::Value, Outcome::Pass, 1, 1, {}, {}, {}};
                    detail->setResult(QStringLiteral("alice"), result, {}, QString(), QString());
                    detail->show();
                }
                detailTabs->setCurrentIndex(tab);
                QCoreApplication::processEvents();
            }
            QMap<QKeySequence, QStringList> owners;
            const auto note = [&owners](const QString &text) {
                const QKeySequence key = QKeySequence::mnemonic(text);
                if (!key.isEmpty())
                    owners[key].append(text);
            };
            for (QAction *menu : w.menuBar()->actions())
                note(menu->text());
            for (QWidget *widget : w.findChildren<QWidget *>()) {
                if (!widget->isVisible() || widget->window() != &w)
                    continue;
                if (auto *b = qobject_cast<QAbstractButton *>(widget))
                    note(b->text());
                else if (auto *l = qobject_cast<QLabel *>(widget); l && l->buddy())
                    note(l->text());
                else if (auto *g = qobject_cast<QGroupBox *>(widget))
                    note(g->title());
                else if (auto *t = qobject_cast<QTabBar *>(widget))
                    for (int i = 0; i < t->count(); ++i)
                        note(t->tabText(i));
            }
            for (auto it = owners.cbegin(); it != owners.cend(); ++it)
                if (it.value().size() > 1)
                    clashes.append(QStringLiteral("page %1%2: %3 is %4")
                                       .arg(w.pageTitle(MainWindow::Page(p)),
                                            tab >= 0 ? QStringLiteral(" (detail tab %1)").arg(detailTabs->tabText(tab)) : QString(),
                                            it.key().toString(QKeySequence::NativeText), it.value().join(QStringLiteral(", "))));
        }
        QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QLatin1Char('\n'))));
    }

    // Help → Keyboard Shortcuts lists what the widgets really have: menus, page actions, buttons, QShortcuts.
    // Help → User Guide reads the installed documentation (the build tree has its copy): README first, links to
    // the docs followed inside the window with Back; where it is not installed, the window says where it looked.
    void userGuideOpensFromHelp()
    {
        MemoryStore store;
        MainWindow w(nullptr, &store);
        QAction *guide = nullptr;
        for (QAction *menu : w.menuBar()->actions())
            if (menu->menu())
                for (QAction *a : menu->menu()->actions())
                    if (a->text() == QStringLiteral("&User Guide"))
                        guide = a;
        QVERIFY(guide);
        guide->trigger();
        auto *dialog = w.findChild<UserGuideDialog *>();
        QVERIFY(dialog);
        QTextBrowser *browser = dialog->browser();
        QVERIFY(browser->source().toLocalFile().endsWith(QLatin1String("/doc/README.md")));
        QVERIFY(browser->toPlainText().contains(QLatin1String("Sandmark")));
        QVERIFY(!browser->isBackwardAvailable());
        // README's own link to the review docs, as a click follows it.
        const QString review = QStringLiteral("docs/review.md");
        QVERIFY(browser->toHtml().contains(review));
        browser->setSource(browser->source().resolved(QUrl(review)));
        QVERIFY2(browser->toPlainText().startsWith(QLatin1String("Reviewing a submission")),
                 qPrintable(browser->toPlainText().left(80)));
        QVERIFY(browser->isBackwardAvailable());
        browser->backward();
        QVERIFY(browser->source().toLocalFile().endsWith(QLatin1String("/doc/README.md")));

        QTemporaryDir empty;
        qputenv("SANDMARK_DATA_DIR", empty.path().toLocal8Bit());
        UserGuideDialog missing;
        qunsetenv("SANDMARK_DATA_DIR");
        QVERIFY(missing.browser()->isHidden());
        const auto labels = missing.findChildren<QLabel *>();
        QVERIFY(std::any_of(labels.begin(), labels.end(), [&](const QLabel *l) {
            return l->text().contains(empty.path() + QStringLiteral("/doc/README.md does not exist"));
        }));
    }

    void helpListsEveryShortcut()
    {
        MemoryStore store;
        MainWindow w(nullptr, &store);
        const QList<ShortcutEntry> all = w.shortcuts();
        const auto has = [&all](const QString &where, const QString &what, const QKeySequence &keys) {
            return std::any_of(all.cbegin(), all.cend(), [&](const ShortcutEntry &e) {
                return e.where == where && e.what == what && e.keys == keys.toString(QKeySequence::NativeText);
            });
        };
        QVERIFY(has(QStringLiteral("File menu"), QStringLiteral("Open Assignment"), QKeySequence::Open));
        QVERIFY(has(QStringLiteral("View menu"), w.pageTitle(MainWindow::ResultsPage), QKeySequence(QStringLiteral("Ctrl+5"))));
        QVERIFY(has(QStringLiteral("Help menu"), QStringLiteral("Keyboard Shortcuts"), QKeySequence::HelpContents));
        const QString submissions = w.pageTitle(MainWindow::SubmissionsPage);
        QVERIFY(has(submissions, QStringLiteral("Run All"), QKeySequence(QStringLiteral("Ctrl+R"))));
        // A button's extra shortcut keeps its mnemonic (QAbstractButton::setShortcut would replace Alt+A).
        QVERIFY(has(submissions, QStringLiteral("Run All"), QKeySequence(QStringLiteral("Alt+A"))));
        QVERIFY(has(submissions, QStringLiteral("Run Selected"), QKeySequence(QStringLiteral("Alt+S"))));
        QVERIFY(has(w.pageTitle(MainWindow::ResultsPage), QStringLiteral("Export"), QKeySequence(QStringLiteral("Alt+E"))));
        QVERIFY(has(submissions, QStringLiteral("Next"), QKeySequence(Qt::Key_F8)));
        QVERIFY(has(submissions, QStringLiteral("Run Failed"), QKeySequence(QStringLiteral("Alt+D"))));
        QVERIFY(has(w.pageTitle(MainWindow::ChecksPageIndex), QStringLiteral("Remove the selected checks"), QKeySequence::Delete));
        QVERIFY(has(w.pageTitle(MainWindow::ResultsPage), QStringLiteral("Export"), QKeySequence(QStringLiteral("Ctrl+E"))));

        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTest::keyClick(&w, Qt::Key_F1);
        auto *dialog = w.findChild<ShortcutsDialog *>();
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        auto *table = dialog->findChild<QTableWidget *>(QStringLiteral("shortcutsTable"));
        QVERIFY(table);
        QCOMPARE(table->rowCount(), all.size());
        QCOMPARE(table->item(0, 0)->text(), QStringLiteral("File menu"));
        dialog->close();
    }

    // The window fits a 1024x640 screen and a 1400x900 one at scale 1.5 on every page, and its first size is
    // clamped to the screen (the review: 1054 px minimum, 1650x1140 at scale 1.5). Also run by hand under Xvfb:
    // QT_QPA_PLATFORM=xcb [QT_SCALE_FACTOR=1.5] xvfb-run -s "-screen 0 1024x640x24" bin/tst_gui windowFitsASmallScreen
    void windowFitsASmallScreen_data() { mnemonicsAreUniquePerPage_data(); }
    void windowFitsASmallScreen()
    {
        QFETCH(QString, catalogue); // German labels are longer: they must fit too
        const CatalogueInstalled language(catalogue);
        QVERIFY(language.loaded);
        MemoryStore store;
        MainWindow w(nullptr, &store);
        QCOMPARE(w.pageTitle(MainWindow::SubmissionsPage), catalogue.isEmpty() ? QStringLiteral("Submissions") : QStringLiteral("Abgaben"));
        QVERIFY(openAndShow(w, kIris));
        // The offscreen screen is 800x800: the default 1100x760 shrinks to it, as far as the minimum size allows.
        const QRect screen = w.screen()->availableGeometry();
        const QSize startMin = w.minimumSizeHint().expandedTo(w.minimumSize());
        QVERIFY2(w.width() <= std::max((screen.size() * 0.95).width(), startMin.width()) && w.height() <= (screen.size() * 0.95).height(),
                 qPrintable(QStringLiteral("%1x%2 on a %3x%4 screen").arg(w.width()).arg(w.height()).arg(screen.width()).arg(screen.height())));
        QVERIFY(screen.contains(w.geometry().topLeft()));
        for (int p = 0; p < MainWindow::PageCount; ++p) {
            w.setCurrentPage(MainWindow::Page(p));
            QCoreApplication::processEvents();
            const QSize min = w.minimumSizeHint().expandedTo(w.minimumSize());
            // 933x600: a 1400x900 screen at scale factor 1.5, smaller than 1024x640.
            QVERIFY2(min.width() <= 933 && min.height() <= 600,
                     qPrintable(QStringLiteral("page %1 needs %2x%3").arg(w.pageTitle(MainWindow::Page(p))).arg(min.width()).arg(min.height())));
            // A line from outside (a batch's "reference values from the cache (/var/cache/…/<64 hex>.json)", a
            // path, a student's reason) is one long word: no label that shows one widens the window.
            const QString longWord = QStringLiteral("/var/cache/sandmark/reference/%1.json").arg(QString(128, QLatin1Char('e')));
            for (QLabel *label : w.findChildren<QLabel *>()) {
                if (!label->isVisible() || !(label->wordWrap() || label->textInteractionFlags() & Qt::TextSelectableByMouse))
                    continue;
                const QString text = label->text();
                label->setText(text + QLatin1Char(' ') + longWord);
                QCoreApplication::processEvents();
                const int width = w.minimumSizeHint().expandedTo(w.minimumSize()).width();
                label->setText(text);
                QVERIFY2(width <= 933, qPrintable(QStringLiteral("page %1: the label %2 (%3) makes the window %4 wide")
                                                      .arg(w.pageTitle(MainWindow::Page(p)), label->accessibleName(), text.left(40))
                                                      .arg(width)));
            }
        }
        w.resize(1024, 640);
        QCoreApplication::processEvents();
        QCOMPARE(w.size(), QSize(1024, 640));
    }

    // No blank strip beside the sidebar (the review's screenshots: about 60 px between the page list and the
    // splitter's handle at 1100 px): the splitter's first part is exactly the page list, on every page and width.
    void sidebarHasNoBlankStrip()
    {
        QSettings().remove(QStringLiteral("window")); // as on a first start
        MemoryStore store;
        MainWindow w(nullptr, &store);
        QVERIFY(openAndShow(w, kIris));
        auto *splitter = w.findChild<QSplitter *>(QStringLiteral("mainSplitter"));
        QVERIFY(splitter);
        QWidget *list = splitter->widget(0);
        QWidget *pages = splitter->widget(1);
        for (const int width : {1100, 1400, 933, 760}) {
            w.setMinimumSize(0, 0);
            w.resize(width, 700);
            for (int p = 0; p < MainWindow::PageCount; ++p) {
                w.setCurrentPage(MainWindow::Page(p));
                QCoreApplication::processEvents();
                const int gap = pages->geometry().left() - list->geometry().right() - 1;
                QVERIFY2(splitter->sizes().constFirst() == list->width() && gap <= splitter->handleWidth(),
                         qPrintable(QStringLiteral("%1 px wide, page %2: the list is %3 px of the splitter's %4, %5 px before the page")
                                        .arg(w.width()).arg(w.pageTitle(MainWindow::Page(p))).arg(list->width())
                                        .arg(splitter->sizes().constFirst()).arg(gap)));
            }
        }
    }

    // The window in review (a batch graded, the detail of the first submission awaiting a person shown) keeps its
    // size and still fits 933x600, in English and in German, with a long word from outside in any of the page's
    // labels (the batch's status line once grew it to 1304x608 on a 1024x640 screen; German review to 1012x614).
    void windowFitsASmallScreenInReview_data() { mnemonicsAreUniquePerPage_data(); }
    void windowFitsASmallScreenInReview()
    {
        AppSettings::resetToDefaults();
        SKIP_WITHOUT_BWRAP();
        QFETCH(QString, catalogue);
        const CatalogueInstalled language(catalogue);
        QVERIFY(language.loaded);
        QTemporaryDir dir;
        QVERIFY(copyIrisWith(dir.path(), {QStringLiteral("alice"), QStringLiteral("bob"), QStringLiteral("dave")}));
        MemoryStore store;
        MainWindow w(nullptr, &store);
        SubmissionsPage *page = w.submissionsPage();
        QSignalSpy listed(page, &SubmissionsPage::submissionsListed);
        w.openAssignment(dir.path());
        QVERIFY(listed.wait(20000));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.resize(933, 600);
        w.setCurrentPage(MainWindow::SubmissionsPage);
        QSignalSpy finished(page, &SubmissionsPage::batchFinished);
        QSignalSpy failed(page, &SubmissionsPage::batchFailed);
        page->runAll();
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty() || !failed.isEmpty(), 600000);
        QVERIFY(failed.isEmpty());
        QSignalSpy shown(page, &SubmissionsPage::detailShown);
        QSignalSpy loaded(page->detail(), &SubmissionDetail::artifactsLoaded);
        page->reviewNext();
        QVERIFY(shown.wait(20000));
        QCOMPARE(page->detail()->student(), QStringLiteral("dave"));
        QTRY_VERIFY_WITH_TIMEOUT(!loaded.isEmpty(), 20000); // the executed notebook, its status line gone
        QCoreApplication::processEvents();
        QCOMPARE(w.size(), QSize(933, 600));
        const QSize min = w.minimumSizeHint().expandedTo(w.minimumSize());
        // The content of the review fits 933x600: the window keeps its size (its minimum is fixed at rest:
        // MainWindow::restoreLayout()) and lays the content out within it, nothing squeezed (below).
        QVERIFY2(min.width() <= 933 && min.height() <= 600, qPrintable(QStringLiteral("%1x%2").arg(min.width()).arg(min.height())));
        // Nothing of the review is squeezed below its minimum at 933x600 (the summary's reason wrapping to another
        // line once squeezed the checks tab and the override box by 14 px): the tabs, the check table, the override
        // box, each wrapped label at the height its width needs.
        const auto squeezed = [](QWidget *root) {
            QStringList out;
            for (QWidget *c : root->findChildren<QWidget *>()) {
                if (!c->isVisible() || !(qobject_cast<QTabWidget *>(c) || qobject_cast<QGroupBox *>(c) || qobject_cast<QTableView *>(c)
                                         || qobject_cast<QLabel *>(c)))
                    continue;
                const int need = c->hasHeightForWidth() ? c->heightForWidth(c->width())
                                                        : std::max(c->minimumSizeHint().height(), c->minimumSize().height());
                if (c->height() < need)
                    out << QStringLiteral("%1 '%2' %3 < %4").arg(QString::fromLatin1(c->metaObject()->className()), c->accessibleName())
                               .arg(c->height()).arg(need);
            }
            return out;
        };
        QTRY_VERIFY2_WITH_TIMEOUT(squeezed(page->detail()).isEmpty(), qPrintable(squeezed(page->detail()).join(QLatin1String("; "))), 5000);
        // dave's row, the fourth, stays in view above his detail.
        QTableView *table = page->table();
        QCOMPARE(table->currentIndex().data(StudentRole).toString(), QStringLiteral("dave"));
        QTRY_VERIFY_WITH_TIMEOUT(table->viewport()->rect().contains(table->visualRect(table->currentIndex())), 5000);
        QCOMPARE(w.size(), QSize(933, 600));
        const QString longWord = QStringLiteral("/var/cache/sandmark/reference/%1.json").arg(QString(128, QLatin1Char('e')));
        for (QLabel *label : page->findChildren<QLabel *>()) {
            if (!label->isVisible() || !(label->wordWrap() || label->textInteractionFlags() & Qt::TextSelectableByMouse))
                continue;
            const QString text = label->text();
            label->setText(text + QLatin1Char(' ') + longWord);
            QCoreApplication::processEvents();
            const int width = w.minimumSizeHint().expandedTo(w.minimumSize()).width();
            label->setText(text);
            QVERIFY2(width <= 933, qPrintable(QStringLiteral("the label %1 (%2) makes the window %3 wide").arg(label->accessibleName(), text.left(40)).arg(width)));
        }
        QCOMPARE(w.size(), QSize(933, 600));
    }

    // On a 1024x640 screen (a 973x608 window) the review's check table shows a submission's five checks (issue 19,
    // "no 3-row table behind an invisible splitter": it showed 1.5 rows while the override form below kept its full
    // height). One line per check, long values elided (the tooltip has them whole); the override form folded to one
    // line until opened. English and German; the window keeps its size.
    void reviewShowsFiveChecksInASmallWindow_data() { mnemonicsAreUniquePerPage_data(); }
    void reviewShowsFiveChecksInASmallWindow()
    {
        AppSettings::resetToDefaults();
        QFETCH(QString, catalogue);
        const CatalogueInstalled language(catalogue);
        QVERIFY(language.loaded);
        QTemporaryDir dir;
        const QStringList students = {QStringLiteral("alice"), QStringLiteral("bob"), QStringLiteral("carol"),
                                      QStringLiteral("dave"), QStringLiteral("erin"), QStringLiteral("frank")};
        QVERIFY(copyIrisWith(dir.path(), students));
        auto a = Assignment::load(dir.path());
        QVERIFY(a);
        {
            auto gb = Gradebook::open(Gradebook::defaultPath(a->folder()));
            QVERIFY(gb);
            for (const QString &s : students) {
                RunRecord run = irisRun(*a, s, 1);
                for (CheckResult &c : run.result.checks) { // values and feedback as long as a real run's
                    c.expected = QStringLiteral("Series 'sepal_length', 3 values (float64), index ['setosa', 'versicolor', 'virginica']");
                    c.actual = QStringLiteral("numpy.float64(5.843333333333334)");
                    c.feedback = QStringLiteral("`mean_sepal`: expected a Series, got a float64: a Series of the mean sepal "
                                                "length per species, indexed by species");
                }
                QVERIFY((*gb)->recordRun(run));
            }
        }
        MemoryStore store;
        MainWindow w(nullptr, &store);
        SubmissionsPage *page = w.submissionsPage();
        QSignalSpy listed(page, &SubmissionsPage::submissionsListed);
        w.openAssignment(dir.path());
        QVERIFY(listed.wait(20000));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.resize(kSmallScreenWindow);
        w.setCurrentPage(MainWindow::SubmissionsPage);
        QTRY_COMPARE_WITH_TIMEOUT(page->model()->rows().at(page->model()->rowOf(QStringLiteral("bob"))).state,
                                  SubmissionsModel::State::Graded, 20000);
        QSignalSpy shown(page, &SubmissionsPage::detailShown);
        const QModelIndex bob = page->proxy()->mapFromSource(page->model()->index(page->model()->rowOf(QStringLiteral("bob")), 0));
        page->table()->setCurrentIndex(bob); // as a click selects the row
        QVERIFY(shown.wait(20000));
        SubmissionDetail *detail = page->detail();
        QCOMPARE(detail->student(), QStringLiteral("bob"));
        QCOMPARE(detail->checksModel()->rowCount(), 5);
        QTableView *checks = checksTableOf(detail);
        QVERIFY(checks);
        const auto rowsInView = [checks] {
            int n = 0;
            for (int r = 0; r < checks->model()->rowCount(); ++r)
                n += checks->viewport()->rect().contains(checks->visualRect(checks->model()->index(r, 0))) ? 1 : 0;
            return n;
        };
        QTRY_VERIFY2_WITH_TIMEOUT(rowsInView() == 5, qPrintable(QStringLiteral("%1 of 5 check rows in view; the table is %2 px high")
                                                                  .arg(rowsInView()).arg(checks->height())), 5000);
        QCOMPARE(w.size(), kSmallScreenWindow);
        // The feedback, the last column, is in view without scrolling sideways.
        QTRY_COMPARE(checks->horizontalScrollBar()->maximum(), 0);
        QVERIFY(checks->columnViewportPosition(CheckResultsModel::FeedbackColumn) + 100 <= checks->viewport()->width());
        // The whole value is in the tooltip of a cell that elides it.
        QCOMPARE(detail->checksModel()->index(1, CheckResultsModel::ExpectedColumn).data(Qt::ToolTipRole).toString(),
                 translatedCoreText(QStringLiteral("Series 'sepal_length', 3 values (float64), index ['setosa', 'versicolor', 'virginica']")));
        // The override form opens on a click and folds again: open, its comment field shows and the checks keep
        // rows in view; folded, all five again.
        auto *toggle = detail->findChild<QToolButton *>(QStringLiteral("overrideToggle"));
        QVERIFY(toggle);
        auto *comment = detail->findChild<QPlainTextEdit *>(QStringLiteral("overrideComment"));
        QVERIFY(comment);
        QVERIFY(!comment->isVisible());
        toggle->click();
        QTRY_VERIFY(comment->isVisible());
        QTRY_VERIFY2_WITH_TIMEOUT(rowsInView() >= 2, qPrintable(QStringLiteral("%1 check rows in view; the table is %2 px high, the detail %3")
                                                                   .arg(rowsInView()).arg(checks->height()).arg(detail->height())), 5000);
        QCOMPARE(w.size(), kSmallScreenWindow);
        toggle->click();
        QTRY_VERIFY(!comment->isVisible());
        QTRY_COMPARE_WITH_TIMEOUT(rowsInView(), 5, 5000);
        // ... and the submissions table above has its rows back (it gives up to two for five checks).
        QTRY_VERIFY_WITH_TIMEOUT(page->table()->viewport()->height() >= 3 * page->table()->verticalHeader()->defaultSectionSize(), 5000);
    }

    // The Checks page on a 1024x640 screen needs no horizontal scrolling (issue 19): with the reference values of examples/iris
    // shown, every column is in view, the last one (the reference value) wide enough to read, and long texts elided
    // with the whole text in the tooltip. English and German.
    void checksTableFitsASmallWindow_data() { mnemonicsAreUniquePerPage_data(); }
    void checksTableFitsASmallWindow()
    {
        QFETCH(QString, catalogue);
        const CatalogueInstalled language(catalogue);
        QVERIFY(language.loaded);
        MemoryStore store;
        MainWindow w(nullptr, &store);
        QVERIFY(openAndShow(w, kIris));
        w.resize(kSmallScreenWindow);
        w.setCurrentPage(MainWindow::ChecksPageIndex);
        ChecksPage *page = w.checksPage();
        QCOMPARE(page->model()->rowCount(), 5);
        // The values a reference run of the example shows (Run Reference; the layout needs no sandbox).
        const QString series = QStringLiteral("Series 'mean_sepal', 3 values (float64), index ['setosa', 'versicolor', "
                                              "'virginica']  (Series)");
        page->model()->setReferenceValues({{QStringLiteral("n_rows"), QStringLiteral("150  (int)")},
                                           {QStringLiteral("mean_sepal"), series},
                                           {QStringLiteral("petal_ratio"), QStringLiteral("array float64 (150,), [0.1428571428571428, "
                                                                                          "0.1428571428571428, 0.1538461538461538, …]  (ndarray)")},
                                           {QStringLiteral("corr"), QStringLiteral("0.9628654314027961  (float64)")},
                                           {QStringLiteral("corr-hidden"), QStringLiteral("passes on the reference run")}});
        QTableView *table = nullptr;
        for (QTableView *t : page->findChildren<QTableView *>())
            if (t->model() == page->model())
                table = t;
        QVERIFY(table);
        QTRY_VERIFY(table->isVisible());
        QCoreApplication::processEvents();
        const auto inView = [table]() -> QString {
            if (table->horizontalScrollBar()->maximum() > 0)
                return QStringLiteral("scrolls by %1 px").arg(table->horizontalScrollBar()->maximum());
            for (int c = 0; c < ChecksModel::ColumnCount; ++c)
                if (!table->isColumnHidden(c) && table->columnViewportPosition(c) + table->columnWidth(c) > table->viewport()->width())
                    return QStringLiteral("column %1 ends at %2 of %3").arg(c).arg(table->columnViewportPosition(c) + table->columnWidth(c))
                        .arg(table->viewport()->width());
            return QString();
        };
        QTRY_VERIFY2(inView().isEmpty(), qPrintable(inView()));
        QVERIFY2(table->columnWidth(ChecksModel::ReferenceColumn) >= 150, qPrintable(QString::number(table->columnWidth(ChecksModel::ReferenceColumn))));
        QVERIFY(table->columnWidth(ChecksModel::WhatColumn) >= 100);
        QCOMPARE(page->model()->index(1, ChecksModel::ReferenceColumn).data(Qt::ToolTipRole).toString(), translatedCoreText(series));
        // ... and after the window grows and shrinks again.
        w.resize(1400, 900);
        QCoreApplication::processEvents();
        w.resize(kSmallScreenWindow);
        QTRY_VERIFY2(inView().isEmpty(), qPrintable(inView()));
    }

    // The Results page's pass rates per check on a 1024x640 screen need no horizontal scrolling (issue 19: the table
    // scrolled sideways, German's "Nicht bewertet" showed as "Nicht…"): every column in view, every header's text
    // whole, the numbers at their width, a long check id elided with the whole id in the tooltip. English and German.
    void resultsPassRatesFitASmallWindow_data() { mnemonicsAreUniquePerPage_data(); }
    void resultsPassRatesFitASmallWindow()
    {
        QFETCH(QString, catalogue);
        const CatalogueInstalled language(catalogue);
        QVERIFY(language.loaded);
        QTemporaryDir dir;
        copyIris(dir.path());
        auto a = Assignment::load(dir.path());
        QVERIFY(a);
        const QString longId = QStringLiteral("sepal_length_by_species_mean_of_an_older_version_of_the_assignment");
        {
            auto gb = Gradebook::open(Gradebook::defaultPath(a->folder()));
            QVERIFY(gb);
            int passing = 0;
            for (const QString &s : {QStringLiteral("alice"), QStringLiteral("bob"), QStringLiteral("carol")}) {
                RunRecord run = irisRun(*a, s, passing++ * 2);
                CheckResult old; // a check only an older run had: a column of its own
                old.checkId = longId;
                old.type = Check::Type::Value;
                old.maxPoints = 12.5;
                old.points = 12.5;
                old.outcome = Outcome::Pass;
                run.result.checks << old;
                QVERIFY((*gb)->recordRun(run));
            }
        }
        MemoryStore store;
        MainWindow w(nullptr, &store);
        QSignalSpy opened(&w, &MainWindow::assignmentOpened);
        w.openAssignment(dir.path());
        QVERIFY(opened.wait(20000));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.resize(kSmallScreenWindow);
        w.setCurrentPage(MainWindow::ResultsPage);
        ResultsPage *page = w.resultsPage();
        QTRY_COMPARE_WITH_TIMEOUT(page->checksModel()->rowCount(), 6, 20000);
        QTableView *table = nullptr;
        for (QTableView *t : page->findChildren<QTableView *>())
            if (auto *proxy = qobject_cast<QSortFilterProxyModel *>(t->model()); proxy && proxy->sourceModel() == page->checksModel())
                table = t;
        QVERIFY(table);
        QTRY_VERIFY(table->isVisible());
        QCoreApplication::processEvents();
        QHeaderView *header = table->horizontalHeader();
        const int margin = 2 * table->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
        const auto fits = [&]() -> QString {
            QStringList widths;
            for (int c = 0; c < CheckPassRateModel::ColumnCount; ++c)
                widths << QString::number(table->columnWidth(c));
            if (table->horizontalScrollBar()->maximum() > 0)
                return QStringLiteral("scrolls by %1 (columns %2 in %3 px)").arg(table->horizontalScrollBar()->maximum())
                    .arg(widths.join(QLatin1Char('+'))).arg(table->viewport()->width());
            for (int c = 0; c < CheckPassRateModel::ColumnCount; ++c) {
                const QString title = table->model()->headerData(c, Qt::Horizontal).toString();
                if (table->columnViewportPosition(c) + table->columnWidth(c) > table->viewport()->width())
                    return QStringLiteral("%1 ends at %2 of %3").arg(title).arg(table->columnViewportPosition(c) + table->columnWidth(c))
                        .arg(table->viewport()->width());
                // On one line, or on lines of its words (a narrow table): whole, in the header's height.
                const QRect text = header->fontMetrics().boundingRect(QRect(0, 0, header->sectionSize(c) - margin, 1000),
                                                                      int(header->defaultAlignment()), title);
                if (text.width() > header->sectionSize(c) - margin || text.height() > header->height() - 2)
                    return QStringLiteral("%1 is cut: %2x%3 px for %4x%5").arg(title).arg(header->sectionSize(c)).arg(header->height())
                        .arg(text.width() + margin).arg(text.height());
            }
            return QString();
        };
        QTRY_VERIFY2(fits().isEmpty(), qPrintable(fits()));
        QCOMPARE(w.size(), kSmallScreenWindow);
        // The long id elides; the tooltip has it whole.
        int row = -1;
        for (int r = 0; r < table->model()->rowCount(); ++r)
            if (table->model()->index(r, CheckPassRateModel::CheckColumn).data().toString() == longId)
                row = r;
        QVERIFY(row >= 0);
        QVERIFY(table->columnWidth(CheckPassRateModel::CheckColumn) < table->fontMetrics().horizontalAdvance(longId));
        QCOMPARE(table->model()->index(row, CheckPassRateModel::CheckColumn).data(Qt::ToolTipRole).toString(), longId);
        // ... and after the window grows and shrinks again.
        w.resize(1400, 900);
        QCoreApplication::processEvents();
        w.resize(kSmallScreenWindow);
        QTRY_VERIFY2(fits().isEmpty(), qPrintable(fits()));
    }

    // Health's rows keep one line's height on a 1024x640 screen (issue 19: "Limits" and "Environment built" were about 110 px
    // high, the last row clipped): every row in view, and the selected row's detail and fix in full under the table.
    void healthRowsKeepANormalHeight_data() { mnemonicsAreUniquePerPage_data(); }
    void healthRowsKeepANormalHeight()
    {
        QFETCH(QString, catalogue);
        const CatalogueInstalled language(catalogue);
        QVERIFY(language.loaded);
        QTemporaryDir dir;
        copyIris(dir.path());
        MemoryStore store;
        MainWindow w(nullptr, &store);
        QSignalSpy opened(&w, &MainWindow::assignmentOpened);
        w.openAssignment(dir.path());
        QVERIFY(opened.wait(20000));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.resize(kSmallScreenWindow);
        w.setCurrentPage(MainWindow::HealthPage);
        HealthPage *page = w.healthPage();
        // A reference run's outcome: the limits row says what the run took of them (its longest text).
        HealthInputs::Reference reference;
        reference.ok = true;
        ReferenceTiming timing;
        timing.durationS = 0.1;
        timing.runS = 1.2;
        timing.kernelStartS = 0.8;
        timing.cells = {CellTiming{3, 0.05, QString()}};
        reference.timing = timing;
        page->setReferenceResult(reference);
        QCoreApplication::processEvents();
        QTableView *table = page->findChild<QTableView *>();
        QVERIFY(table);
        const int line = table->fontMetrics().height() + 12;
        const auto tall = [&] {
            QStringList out;
            for (int r = 0; r < table->model()->rowCount(); ++r)
                if (table->rowHeight(r) > line)
                    out << QStringLiteral("%1: %2 px").arg(table->model()->index(r, 0).data().toString()).arg(table->rowHeight(r));
            return out;
        };
        QTRY_VERIFY2(tall().isEmpty(), qPrintable(tall().join(QLatin1String(", "))));
        QCOMPARE(table->model()->rowCount(), 10);
        QTRY_COMPARE(table->verticalScrollBar()->maximum(), 0); // every row in view
        QCOMPARE(w.size(), kSmallScreenWindow);
        // The limits row, selected: its detail and fix whole under the table.
        const HealthItem *limits = page->model()->item(QStringLiteral("limits"));
        QVERIFY(limits);
        int row = -1;
        for (int r = 0; r < page->model()->rowCount(); ++r)
            if (page->model()->items().at(r).id == QLatin1String("limits"))
                row = r;
        table->setCurrentIndex(table->model()->index(row, 0));
        auto *detail = page->findChild<QLabel *>(QStringLiteral("healthDetail"));
        QVERIFY(detail);
        QVERIFY(detail->isVisible());
        QVERIFY2(QTextDocumentFragment::fromHtml(detail->text()).toPlainText().contains(limits->detail),
                 qPrintable(detail->text()));
        QTRY_VERIFY2(detail->height() >= detail->heightForWidth(detail->width()), // once laid out: never cut
                     qPrintable(QStringLiteral("%1 < %2").arg(detail->height()).arg(detail->heightForWidth(detail->width()))));
    }

    // Two student folders whose names differ only by Unicode normalisation ("José" composed and decomposed) look
    // like one student twice: the Submissions page flags both with the core's warning, as `sandmark-cli export` says
    // it (exportIdCollisionText()), naming their code points.
    void lookalikeStudentFoldersAreFlagged()
    {
        QTemporaryDir dir;
        const QString nfc = QStringLiteral("Jos\u00E9"), nfd = QStringLiteral("Jose\u0301");
        copyIris(dir.path());
        for (const QString &s : {nfc, nfd, QStringLiteral("amy")}) {
            QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("submissions/") + s)));
            QVERIFY(QFile::copy(kIris + QStringLiteral("/submissions/alice/iris-analysis.ipynb"),
                                dir.filePath(QStringLiteral("submissions/%1/iris-analysis.ipynb").arg(s))));
        }
        MemoryStore store;
        MainWindow w(nullptr, &store);
        SubmissionsPage *page = w.submissionsPage();
        QSignalSpy listed(page, &SubmissionsPage::submissionsListed);
        w.openAssignment(dir.path());
        QVERIFY(listed.wait(20000));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.setCurrentPage(MainWindow::SubmissionsPage);
        QCOMPARE(page->model()->rowCount(), 3);
        ImportFlagsModel *flags = page->importFlagsModel();
        QTRY_COMPARE(flags->rowCount(), 2);
        const QString warning = exportIdCollisionText({nfd, nfc});
        QVERIFY2(warning.contains(QLatin1String("(U+0301)")) && warning.contains(QLatin1String("(U+00E9)")), qPrintable(warning));
        QStringList entries;
        for (int r = 0; r < 2; ++r) {
            entries << flags->rows().at(r).entry;
            QVERIFY(flags->rows().at(r).student);
            QVERIFY2(flags->index(r, ImportFlagsModel::ReasonColumn).data().toString().startsWith(warning),
                     qPrintable(flags->index(r, ImportFlagsModel::ReasonColumn).data().toString()));
        }
        entries.sort();
        QStringList expected{nfc, nfd};
        expected.sort();
        QCOMPARE(entries, expected);
        QTableView *view = nullptr;
        for (QTableView *t : page->findChildren<QTableView *>())
            if (t->model() == flags)
                view = t;
        QVERIFY(view && view->isVisible());
        // Selecting a flagged row shows that student's row in the table.
        view->setCurrentIndex(flags->index(1, 0));
        QCOMPARE(page->table()->currentIndex().data(StudentRole).toString(), flags->rows().at(1).entry);
    }

    // Tab leaves a table for the next control (QTableView would walk it into the next student's row); arrows
    // move within it. Every item view of the window, on every page.
    void tabLeavesTheTable()
    {
        MemoryStore store;
        MainWindow w(nullptr, &store);
        QVERIFY(openAndShow(w, kIris));
        w.setCurrentPage(MainWindow::SubmissionsPage);
        QTableView *table = w.submissionsPage()->table();
        QVERIFY(table);
        QTRY_VERIFY(table->model()->rowCount() > 1);
        table->setCurrentIndex(table->model()->index(0, 0));
        table->setFocus();
        QTRY_VERIFY(table->hasFocus());
        QTest::keyClick(table, Qt::Key_Tab);
        QVERIFY(!table->hasFocus());
        QCOMPARE(table->currentIndex().row(), 0);
        for (int p = 0; p < MainWindow::PageCount; ++p) {
            w.setCurrentPage(MainWindow::Page(p));
            QCoreApplication::processEvents();
            for (const QAbstractItemView *view : w.findChildren<QAbstractItemView *>())
                if (view->isVisible())
                    QVERIFY2(!view->tabKeyNavigation(), qPrintable(view->objectName() + view->accessibleName()));
        }
    }

    // The keyboard focus is seen: with the app's style a focused button, check box and tab carry a solid ring in
    // the highlight colour (Fusion's own mark is a faint line the review could not find).
    void focusRingIsVisible()
    {
        FocusRingStyle style(QStringLiteral("fusion"));
        const auto highlightPixels = [&style](QWidget &widget, bool focused) {
            widget.setStyle(&style);
            widget.resize(160, 32);
            QImage image(widget.size(), QImage::Format_ARGB32);
            image.fill(Qt::white);
            QPainter painter(&image);
            if (auto *button = qobject_cast<QPushButton *>(&widget)) {
                QStyleOptionButton option;
                option.initFrom(button);
                option.text = button->text();
                option.state |= QStyle::State_Enabled;
                if (focused)
                    option.state |= QStyle::State_HasFocus | QStyle::State_KeyboardFocusChange;
                style.drawControl(QStyle::CE_PushButton, &option, &painter, button);
            } else if (auto *box = qobject_cast<QCheckBox *>(&widget)) {
                QStyleOptionButton option;
                option.initFrom(box);
                option.text = box->text();
                option.state |= QStyle::State_Enabled;
                if (focused)
                    option.state |= QStyle::State_HasFocus | QStyle::State_KeyboardFocusChange;
                style.drawControl(QStyle::CE_CheckBox, &option, &painter, box);
            }
            painter.end();
            const QRgb highlight = widget.palette().color(QPalette::Highlight).rgb();
            int n = 0;
            for (int y = 0; y < image.height(); ++y)
                for (int x = 0; x < image.width(); ++x)
                    n += image.pixel(x, y) == highlight;
            return n;
        };
        QPushButton button(QStringLiteral("Run All"));
        QCheckBox box(QStringLiteral("All submissions"));
        QCOMPARE(highlightPixels(button, false), 0);
        QVERIFY2(highlightPixels(button, true) >= 100, "a focused button has no visible ring");
        QCOMPARE(highlightPixels(box, false), 0);
        QVERIFY2(highlightPixels(box, true) >= 60, "a focused check box has no visible ring");
    }

    void brokenAssignment_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<bool>("opens");
        QTest::addColumn<QString>("fieldPath");
        QTest::newRow("negative points") << QStringLiteral("\"points\": 1, \"anchor\"")
                                         << QStringLiteral("\"points\": -1, \"anchor\"") << false
                                         << QStringLiteral("checks[0].points");
        QTest::newRow("missing notebook") << QStringLiteral("\"notebooks\": [\"iris-analysis.ipynb\"]")
                                          << QStringLiteral("\"notebooks\": [\"missing.ipynb\"]") << false
                                          << QStringLiteral("notebooks[0]");
        QTest::newRow("bad url") << QStringLiteral("\"urls\": [\"https://")
                                 << QStringLiteral("\"urls\": [\"not-a-url\", \"https://") << false
                                 << QStringLiteral("data_files[0].urls[0]");
        QTest::newRow("json syntax") << QStringLiteral("\"slug\": \"iris-basics\",")
                                     << QStringLiteral("\"slug\": \"iris-basics\",,") << false
                                     << QStringLiteral("line 3, column 25");
        // The app aborted (QUnhandledException) on a number outside the double range (security report F1).
        QTest::newRow("number overflow") << QStringLiteral("\"slug\": \"iris-basics\",")
                                         << QStringLiteral("\"slug\": \"iris-basics\", \"x\": 1e999,") << false
                                         << QStringLiteral("line 3, column 31");
        QTest::newRow("unknown anchor") << QStringLiteral("\"anchor\": \"q1\"") << QStringLiteral("\"anchor\": \"q9\"")
                                        << true << QStringLiteral("checks[0].anchor");
    }

    void brokenAssignment()
    {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(bool, opens);
        QFETCH(QString, fieldPath);
        QTemporaryDir dir;
        copyIris(dir.path());
        QFile f(dir.filePath(QStringLiteral("assignment.json")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QString json = QString::fromUtf8(f.readAll());
        f.close();
        QVERIFY2(json.contains(from), qPrintable(from));
        json.replace(from, to);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(json.toUtf8());
        f.close();

        MemoryStore store;
        MainWindow w(nullptr, &store);
        QSignalSpy opened(&w, &MainWindow::assignmentOpened);
        QSignalSpy failed(&w, &MainWindow::openFailed);
        w.openAssignment(dir.path());
        QTRY_VERIFY_WITH_TIMEOUT(opened.count() + failed.count() == 1, 20000);
        QCOMPARE(opened.count() == 1, opens);
        QStringList paths;
        for (int r = 0; r < w.problemModel()->rowCount(); ++r)
            paths << w.problemModel()->index(r, ProblemListModel::PlaceColumn).data().toString();
        QVERIFY2(paths.contains(fieldPath), qPrintable(paths.join(QLatin1String(" | "))));
        const int row = int(paths.indexOf(fieldPath));
        QCOMPARE(w.problemModel()->index(row, 0).data(FieldPathRole).toString(), fieldPath);
        QCOMPARE(w.problemModel()->index(row, 0).data(SeverityRole).toInt(), int(Problem::Severity::Error));
        if (!opens)
            QVERIFY(failed.constFirst().constFirst().toString().contains(fieldPath));
    }

    void everyLoadErrorIsListed()
    {
        // Three broken fields in assignment.json: the Problems panel lists all three (file, field path,
        // message), not only the first.
        QTemporaryDir dir;
        copyIris(dir.path());
        QFile f(dir.filePath(QStringLiteral("assignment.json")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QString json = QString::fromUtf8(f.readAll());
        f.close();
        const QList<QPair<QString, QString>> edits = {
            {QStringLiteral("\"notebooks\": [\"iris-analysis.ipynb\"]"), QStringLiteral("\"notebooks\": [\"missing.ipynb\"]")},
            {QStringLiteral("\"urls\": [\"https://"), QStringLiteral("\"urls\": [\"not-a-url\", \"https://")},
            {QStringLiteral("\"points\": 1, \"anchor\""), QStringLiteral("\"points\": -1, \"anchor\"")},
        };
        for (const auto &[from, to] : edits) {
            QVERIFY2(json.contains(from), qPrintable(from));
            json.replace(from, to);
        }
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(json.toUtf8());
        f.close();

        MemoryStore store;
        MainWindow w(nullptr, &store);
        QAbstractItemModelTester tester(w.problemModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy failed(&w, &MainWindow::openFailed);
        w.openAssignment(dir.path());
        QVERIFY(failed.wait(20000));
        QCOMPARE(w.problemModel()->rowCount(), 3);
        QStringList paths;
        for (int r = 0; r < w.problemModel()->rowCount(); ++r) {
            paths << w.problemModel()->index(r, 0).data(FieldPathRole).toString();
            QCOMPARE(w.problemModel()->index(r, 0).data(SeverityRole).toInt(), int(Problem::Severity::Error));
            QVERIFY(!w.problemModel()->index(r, ProblemListModel::MessageColumn).data().toString().isEmpty());
            QVERIFY(!w.problemModel()->index(r, ProblemListModel::FileColumn).data().toString().isEmpty());
        }
        paths.sort();
        QCOMPARE(paths, (QStringList{QStringLiteral("checks[0].points"), QStringLiteral("data_files[0].urls[0]"),
                                     QStringLiteral("notebooks[0]")}));
    }

    void createFromNotebook()
    {
        QTemporaryDir dir;
        QVERIFY(QFile::copy(kIris + QStringLiteral("/iris-analysis.ipynb"), dir.filePath(QStringLiteral("Iris Analysis.ipynb"))));
        MemoryStore store;
        MainWindow w(nullptr, &store);
        QSignalSpy opened(&w, &MainWindow::assignmentOpened);
        w.createAssignment(dir.filePath(QStringLiteral("Iris Analysis.ipynb")));
        QVERIFY(opened.wait(20000));
        QCOMPARE(w.assignment()->slug(), QStringLiteral("iris-analysis"));
        QCOMPARE(w.assignment()->title(), QStringLiteral("Iris basics"));
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("assignment.json"))));
        // A second time is refused: the folder has an assignment.json.
        QSignalSpy failed(&w, &MainWindow::openFailed);
        w.createAssignment(dir.filePath(QStringLiteral("Iris Analysis.ipynb")));
        QVERIFY(failed.wait(20000));
        QVERIFY(failed.constFirst().constFirst().toString().contains(QLatin1String("already has an assignment.json")));
    }

    // New Assignment from Notebook asks: title, folder, the files beside the notebook (the one its URL names
    // ticked), a warning for a URL no ticked file serves; Create makes the assignment in the chosen folder and opens it.
    void newAssignmentDialogAsks()
    {
        QTemporaryDir dir;
        const QString src = dir.filePath(QStringLiteral("src"));
        copyTree(kIris + QStringLiteral("/data"), src + QStringLiteral("/data"));
        QVERIFY(QFile::copy(kIris + QStringLiteral("/iris-analysis.ipynb"), src + QStringLiteral("/iris.ipynb")));
        QFile notes(src + QStringLiteral("/notes.txt"));
        QVERIFY(notes.open(QIODevice::WriteOnly) && notes.write("n\n") == 2);
        notes.close();

        MemoryStore store;
        MainWindow w(nullptr, &store);
        NewAssignmentDialog dialog(src + QStringLiteral("/iris.ipynb"), &w);
        QVERIFY(!dialog.createButton()->isEnabled());
        QSignalSpy surveyed(&dialog, &NewAssignmentDialog::surveyed);
        QVERIFY(surveyed.wait(10000));
        QVERIFY(dialog.createButton()->isEnabled());
        QCOMPARE(dialog.titleEdit()->text(), QStringLiteral("Iris basics"));
        QListWidget *files = dialog.filesList();
        QListWidgetItem *iris = nullptr;
        QListWidgetItem *notesItem = nullptr;
        for (int i = 0; i < files->count(); ++i) {
            if (files->item(i)->text() == QLatin1String("data/iris.csv"))
                iris = files->item(i);
            if (files->item(i)->text() == QLatin1String("notes.txt"))
                notesItem = files->item(i);
        }
        QVERIFY(iris && notesItem);
        QCOMPARE(iris->checkState(), Qt::Checked);
        QCOMPARE(notesItem->checkState(), Qt::Unchecked);
        QVERIFY(!dialog.urlWarning()->isVisibleTo(&dialog));
        // The example's nbgrader cells: offered, and taken by default.
        QVERIFY(dialog.nbgraderBox()->isEnabled());
        QVERIFY(dialog.nbgraderBox()->isChecked());
        // ... which copies the notebook: a folder of its own by default, and Create refused for the notebook's own.
        QCOMPARE(dialog.folderEdit()->text(), QDir::toNativeSeparators(src + QStringLiteral("/iris-assignment")));
        dialog.folderEdit()->setText(src);
        QVERIFY(!dialog.createButton()->isEnabled());
        dialog.nbgraderBox()->setChecked(false);
        QVERIFY(dialog.createButton()->isEnabled());
        dialog.nbgraderBox()->setChecked(true);
        iris->setCheckState(Qt::Unchecked);
        QVERIFY(dialog.urlWarning()->isVisibleTo(&dialog));
        QVERIFY(dialog.urlWarning()->text().contains(QLatin1String("https://data.example.invalid/ds101/iris.csv")));
        iris->setCheckState(Qt::Checked);
        QVERIFY(!dialog.urlWarning()->isVisibleTo(&dialog));

        dialog.titleEdit()->setText(QStringLiteral("Iris, week 2"));
        dialog.folderEdit()->setText(dir.filePath(QStringLiteral("hw2")));
        const NewAssignmentOptions options = dialog.options();
        QCOMPARE(options.dataFiles, QStringList{QStringLiteral("data/iris.csv")});
        QSignalSpy opened(&w, &MainWindow::assignmentOpened);
        w.createAssignment(dialog.notebookPath(), options);
        QVERIFY(opened.wait(20000));
        QCOMPARE(w.assignment()->title(), QStringLiteral("Iris, week 2"));
        QCOMPARE(w.assignment()->folder(), QDir::cleanPath(dir.filePath(QStringLiteral("hw2"))));
        QCOMPARE(w.assignment()->dataFiles().size(), 1);
        QVERIFY(w.assignment()->fromNbgrader());
        QVERIFY(!w.assignment()->checks().isEmpty());
        QVERIFY(!QFile::exists(src + QStringLiteral("/assignment.json")));
    }

    // View → Open Notebook in Jupyter starts `jupyter notebook PATH` detached (never waited for); without
    // jupyter on PATH it says so instead.
    void openNotebookInJupyter()
    {
        QTemporaryDir dir;
        const QString script = dir.filePath(QStringLiteral("jupyter"));
        QFile f(script);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral("#!/bin/sh\n/bin/sleep 1\necho \"$@\" > '%1'\n").arg(dir.filePath(QStringLiteral("args"))).toUtf8());
        f.close();
        QVERIFY(f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        const QByteArray oldPath = qgetenv("PATH");
        qputenv("PATH", dir.path().toUtf8());
        const QString notebook = kIris + QStringLiteral("/iris-analysis.ipynb");
        QElapsedTimer timer;
        timer.start();
        const QString problem = openInJupyter(notebook);
        const qint64 took = timer.elapsed();
        qputenv("PATH", dir.filePath(QStringLiteral("empty")).toUtf8());
        const QString missing = openInJupyter(notebook);
        qputenv("PATH", oldPath);
        QCOMPARE(problem, QString());
        QVERIFY2(took < 500, qPrintable(QString::number(took))); // the script sleeps 1 s: not waited for
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(dir.filePath(QStringLiteral("args"))), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(readAll(dir.filePath(QStringLiteral("args"))).trimmed(),
                                  (QStringLiteral("notebook ") + notebook).toUtf8(), 5000);
        QVERIFY2(missing.contains(QLatin1String("jupyter")), qPrintable(missing));
    }

    // Issue 19: View → Open Notebook in Jupyter / in Editor / Show in File Manager hand the notebook the preview shows
    // to the other program (jupyter notebook FILE, the desktop's program for the file, the file manager on its folder)
    // without waiting; the desktop's answers are caught here (QDesktopServices' file handler).
    void previewHandsTheNotebookToOtherPrograms()
    {
        QTemporaryDir dir;
        copyIris(dir.path());
        MemoryStore store;
        MainWindow w(nullptr, &store);
        QSignalSpy opened(&w, &MainWindow::assignmentOpened);
        w.openAssignment(dir.path());
        QVERIFY(opened.wait(20000));
        QTRY_VERIFY_WITH_TIMEOUT(!w.preview()->notebookPath().isEmpty(), 20000);
        const QString notebook = QFileInfo(w.preview()->notebookPath()).absoluteFilePath();
        QCOMPARE(notebook, QFileInfo(dir.filePath(QStringLiteral("iris-analysis.ipynb"))).absoluteFilePath());
        const auto action = [&w](const QString &text) {
            for (QAction *a : w.findChildren<QAction *>())
                if (a->text() == text)
                    return a;
            return static_cast<QAction *>(nullptr);
        };
        QAction *jupyter = action(QStringLiteral("Open Notebook in &Jupyter"));
        QAction *editor = action(QStringLiteral("Open Notebook in &Editor"));
        QAction *reveal = action(QStringLiteral("Show Notebook in File &Manager"));
        QVERIFY(jupyter && editor && reveal);

        UrlCatcher desktop;
        QDesktopServices::setUrlHandler(QStringLiteral("file"), &desktop, "open");
        const auto unset = qScopeGuard([] { QDesktopServices::unsetUrlHandler(QStringLiteral("file")); });
        editor->trigger();
        reveal->trigger();
        QCOMPARE(desktop.urls, (QList<QUrl>{QUrl::fromLocalFile(notebook), QUrl::fromLocalFile(QFileInfo(notebook).absolutePath())}));

        QTemporaryDir bin;
        const QString script = bin.filePath(QStringLiteral("jupyter"));
        QFile f(script);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral("#!/bin/sh\necho \"$@\" > '%1'\n").arg(bin.filePath(QStringLiteral("args"))).toUtf8());
        f.close();
        QVERIFY(f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        const QByteArray oldPath = qgetenv("PATH");
        qputenv("PATH", bin.path().toUtf8());
        jupyter->trigger();
        qputenv("PATH", oldPath);
        QTRY_COMPARE_WITH_TIMEOUT(readAll(bin.filePath(QStringLiteral("args"))).trimmed(), (QStringLiteral("notebook ") + notebook).toUtf8(), 10000);
        QVERIFY2(!w.statusText().contains(QLatin1String("Jupyter")), qPrintable(w.statusText()));
    }

    void importOtterMasterOpensIt()
    {
        // File → Import Otter Master Notebook… runs the same core import as `sandmark-cli import otter`.
        QTemporaryDir dir;
        MemoryStore store;
        MainWindow w(nullptr, &store);
        QSignalSpy opened(&w, &MainWindow::assignmentOpened);
        w.importOtterMaster(QStringLiteral(SANDMARK_TEST_DATA_DIR "/otter/master/hw-otter.ipynb"), dir.filePath(QStringLiteral("hw")));
        QVERIFY(opened.wait(30000));
        QCOMPARE(w.assignment()->title(), QStringLiteral("hw-otter"));
        QVERIFY(w.assignment()->fromOtter());
        QCOMPARE(w.assignment()->checks().size(), 8);
        // A v0 master is refused with Otter's version named.
        QSignalSpy failed(&w, &MainWindow::openFailed);
        w.importOtterMaster(QStringLiteral(SANDMARK_TEST_DATA_DIR "/otter/v0-master.ipynb"), dir.filePath(QStringLiteral("v0")));
        QVERIFY(failed.wait(30000));
        QVERIFY(failed.constFirst().constFirst().toString().contains(QLatin1String("dropped it in version 5.0.0")));
    }

    void importNbgraderOpensIt()
    {
        // File → Import nbgrader Assignment… runs the same core import as `sandmark-cli import nbgrader`, its AUTOTEST
        // lines evaluated in the sandbox on the thread pool (the GUI thread keeps running).
        if (Expected<void> c = createBackend(SandboxKind::Bwrap, {})->check(); !c)
            QSKIP(qPrintable(QStringLiteral("bwrap cannot run here: ") + c.error().toString()));
        QTemporaryDir dir;
        MemoryStore store;
        MainWindow w(nullptr, &store);
        QSignalSpy opened(&w, &MainWindow::assignmentOpened);
        const QString course = QStringLiteral(SANDMARK_TEST_DATA_DIR "/nbgrader/autotest-course");
        // No header given: the core takes nbgrader's standard source/header.ipynb, whose two cells count in the salt.
        w.importNbgraderAssignment(course + QStringLiteral("/source/ps1"), dir.filePath(QStringLiteral("ps1")));
        QVERIFY(opened.wait(120000));
        QCOMPARE(w.assignment()->notebooks(), (QStringList{QStringLiteral("problem1.ipynb"), QStringLiteral("problem2.ipynb")}));
        QCOMPARE(w.assignment()->checks().size(), 5);
        const Expected<Notebook> p1 = Notebook::load(dir.filePath(QStringLiteral("ps1/problem1.ipynb")));
        QVERIFY(p1);
        QVERIFY(p1->cellSource(2).contains(QStringLiteral("b\"13715\").hexdigest()"))); // the expanded HASHED test, nbgrader's salt
        // Without an autotests.yml where nbgrader looks, the import is refused and says so.
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("lone"))));
        QVERIFY(QFile::copy(course + QStringLiteral("/source/ps1/problem1.ipynb"), dir.filePath(QStringLiteral("lone/problem1.ipynb"))));
        QSignalSpy failed(&w, &MainWindow::openFailed);
        w.importNbgraderAssignment(dir.filePath(QStringLiteral("lone")), dir.filePath(QStringLiteral("lone-out")));
        QVERIFY(failed.wait(30000));
        QVERIFY(failed.constFirst().constFirst().toString().contains(QLatin1String("no autotests.yml in")));
    }

    // The app's import warns as the CLI's does: a test cell that does not compile is listed in the Problems panel,
    // naming the notebook, cell, grade_id and line, with the assignment it wrote (once: not on a reload).
    void importNbgraderListsItsWarnings()
    {
        qputenv("SANDMARK_PYTHON", "/usr/bin/python3");
        QTemporaryDir dir;
        MemoryStore store;
        MainWindow w(nullptr, &store);
        QSignalSpy opened(&w, &MainWindow::assignmentOpened);
        const QString source = QStringLiteral(SANDMARK_TEST_DATA_DIR "/nbgrader/syntax-error/hw.ipynb");
        w.importNbgraderAssignment(source, dir.filePath(QStringLiteral("hw")));
        QVERIFY(opened.wait(60000));
        QStringList messages;
        for (const Problem &p : w.problemModel()->problems())
            if (p.severity == Problem::Severity::Warning)
                messages << p.where.toString();
        QVERIFY2(messages.contains(source + QStringLiteral(": cells[2], line 2, column 8: the test cell 'square-broken' (its "
                                                           "grade_id) does not compile: '(' was never closed; imported as it "
                                                           "is, its test check fails for every submission, the reference run "
                                                           "included: fix the cell in the nbgrader source and import again")),
                 qPrintable(messages.join(QLatin1Char('\n'))));
        opened.clear();
        w.openAssignment(dir.filePath(QStringLiteral("hw")));
        QVERIFY(opened.wait(60000));
        QStringList again;
        for (const Problem &p : w.problemModel()->problems())
            again << p.where.toString();
        // The import's warning is listed once; the assignment's own problem stays while the code does not compile
        // (validateAssignment() compiles every check's code).
        QVERIFY2(!again.join(QLatin1Char('\n')).contains(QLatin1String("imported as it is")), qPrintable(again.join(QLatin1Char('\n'))));
        QVERIFY2(again.join(QLatin1Char('\n')).contains(QLatin1String("checks[1].code: the test code of 'square-broken' does not compile")),
                 qPrintable(again.join(QLatin1Char('\n'))));
    }

    void checkEditToleranceDefaults()
    {
        // A check without tolerances: ticking one offers the documented default, not 1e-7 / 0.
        auto assignment = Assignment::load(kIris);
        QVERIFY(assignment);
        std::optional<Check> plain;
        for (const Check &c : assignment->checks())
            if (c.type == Check::Type::Value && !c.options.contains(QLatin1String("rtol"))
                && !c.options.contains(QLatin1String("atol")))
                plain = c;
        QVERIFY(plain);
        CheckEditDialog dialog(*plain);
        QVERIFY(!dialog.rtolBox()->isChecked());
        QCOMPARE(dialog.rtolSpin()->value(), 1e-6);
        dialog.rtolBox()->setChecked(true);
        QVERIFY(dialog.rtolSpin()->isEnabled());
        QCOMPARE(dialog.rtolSpin()->value(), 1e-6);
    }

    // The editor is built from the kind's field list: every comparator option of a value check has an editor,
    // the test check's code is a code editor, and only what was changed comes back.
    void checkEditorOffersEveryFieldOfTheKind()
    {
        auto assignment = Assignment::load(kIris);
        QVERIFY(assignment);
        const QList<Check> checks = assignment->checks();
        const Check *value = nullptr, *test = nullptr;
        for (const Check &c : checks) {
            if (c.type == Check::Type::Value && !value)
                value = &c;
            if (c.type == Check::Type::Test && !test)
                test = &c;
        }
        QVERIFY(value && test);
        CheckEditDialog dialog(*value);
        QVERIFY(dialog.edit().isEmpty()); // opened and closed: nothing to write
        for (const CheckField &f : CompareOptions::fields())
            QVERIFY2(dialog.editorOf(f.key), qPrintable(f.key));
        for (const char *key : {"points", "variable", "anchor", "show_expected"})
            QVERIFY2(dialog.editorOf(QLatin1String(key)), key);
        QVERIFY(!dialog.editorOf(QStringLiteral("code")));
        auto *exact = qobject_cast<QComboBox *>(dialog.editorOf(QStringLiteral("exact_type")));
        QVERIFY(exact);
        QCOMPARE(exact->currentIndex(), 0); // the default
        QCOMPARE(exact->itemText(0), QStringLiteral("Default (no)"));
        exact->setCurrentIndex(1);
        dialog.pointsSpin()->setValue(value->points + 1);
        const CheckEdit e = dialog.edit();
        QCOMPARE(e.changes.size(), 2);
        QCOMPARE(e.changes.value(QStringLiteral("exact_type")), QVariant(true));
        QCOMPARE(e.changes.value(QStringLiteral("points")).toDouble(), value->points + 1);

        CheckEditDialog testDialog(*test);
        auto *code = qobject_cast<QPlainTextEdit *>(testDialog.editorOf(QStringLiteral("code")));
        QVERIFY(code);
        QCOMPARE(code->toPlainText(), test->code);
        QVERIFY(!testDialog.editorOf(QStringLiteral("rtol")));
        code->setPlainText(QStringLiteral("assert corr > 0.5"));
        QCOMPARE(testDialog.edit().changes.value(QStringLiteral("code")).toString(), QStringLiteral("assert corr > 0.5"));
    }

    // Test code is compiled as it is typed, in a child process: the error Python gives is shown under the code with
    // its line and column, and OK is disabled until the code compiles; in the check editor and in Add Test Check.
    void checkEditorsCompileTheCode()
    {
        auto assignment = Assignment::load(kIris);
        QVERIFY(assignment);
        std::optional<Check> test;
        for (const Check &c : assignment->checks())
            if (c.type == Check::Type::Test && !test)
                test = c;
        QVERIFY(test);
        CheckEditDialog dialog(*test, assignment->python());
        auto *code = qobject_cast<QPlainTextEdit *>(dialog.editorOf(QStringLiteral("code")));
        QVERIFY(code && dialog.syntaxLabel() && dialog.okButton());
        QTRY_VERIFY_WITH_TIMEOUT(dialog.okButton()->isEnabled(), 20000); // the check's own code compiles
        QCOMPARE(dialog.syntaxLabel()->text(), QString());
        QElapsedTimer typing;
        typing.start();
        code->setPlainText(QStringLiteral("x = 1\nif x\n    pass\n"));
        QVERIFY(typing.elapsed() < 200); // nothing runs on the GUI thread while typing
        QVERIFY(!dialog.okButton()->isEnabled());
        QTRY_COMPARE_WITH_TIMEOUT(dialog.syntaxLabel()->text(), QStringLiteral("Does not compile: line 2, column 5: expected ':'"), 20000);
        QVERIFY(!dialog.okButton()->isEnabled());
        code->setPlainText(QStringLiteral("x = 1\nif x:\n    pass\n"));
        QTRY_VERIFY_WITH_TIMEOUT(dialog.okButton()->isEnabled(), 20000);
        QCOMPARE(dialog.syntaxLabel()->text(), QString());
        QCOMPARE(dialog.edit().changes.value(QStringLiteral("code")).toString(), QStringLiteral("x = 1\nif x:\n    pass\n"));

        AddTestCheckDialog add({QStringLiteral("t1")}, assignment->python());
        add.codeEdit()->setPlainText(QStringLiteral("assert (n_rows == 150"));
        QTRY_COMPARE_WITH_TIMEOUT(add.syntaxLabel()->text(), QStringLiteral("Does not compile: line 1, column 8: '(' was never closed"), 20000);
        QVERIFY(!add.okButton()->isEnabled());
        add.codeEdit()->setPlainText(QStringLiteral("assert (n_rows == 150)"));
        QTRY_VERIFY_WITH_TIMEOUT(add.okButton()->isEnabled(), 20000);
        QCOMPARE(add.syntaxLabel()->text(), QString());
    }

    void previewViews()
    {
        auto assignment = Assignment::load(kIris);
        QVERIFY(assignment);
        NotebookPreview p;
        QSignalSpy loaded(&p, &NotebookPreview::loaded);
        p.setAssignment(*assignment);
        QVERIFY(loaded.wait(20000));
        QAbstractItemModelTester cellTester(p.cellModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester filterTester(p.filterModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(p.kind(), PreviewKind::Instructor);
        QCOMPARE(injectedRows(p.cellModel()), 0);
        QVERIFY(p.cellModel()->cells().at(3).source.contains(QLatin1String("### BEGIN SOLUTION")));
        // The notebook tabs are the one way to switch notebooks (no Notebook drop-down beside them): one notebook, one tab.
        QVERIFY(p.isNotebookSwitcherShown());
        QCOMPARE(p.notebookEntries(), QStringList{assignment->notebooks().constFirst()});
        QVERIFY(p.findChildren<QComboBox *>().isEmpty());

        QVERIFY(loadKind(p, PreviewKind::Instrumented));
        const NotebookCellModel *m = p.cellModel();
        QCOMPARE(m->rowCount(), 15);
        QCOMPARE(injectedRows(m), 4);
        // Redirect first, probes after their anchor (q1) and at the end, the test check last.
        QCOMPARE(m->index(0, 0).data(InjectedKindRole).toInt(), int(InjectedKind::Redirect));
        QCOMPARE(m->index(m->rowCount() - 1, 0).data(InjectedKindRole).toInt(), int(InjectedKind::Test));
        QVERIFY(m->index(m->rowCount() - 1, 0).data(InjectedLabelRole).toString().contains(QLatin1String("corr-hidden")));
        QVERIFY(m->index(0, 0).data(Qt::AccessibleTextRole).toString().startsWith(QLatin1String("injected")));

        // Hiding injected cells leaves exactly the notebook's own cells.
        p.setShowInjected(false);
        QCOMPARE(p.filterModel()->rowCount(), 11);
        QCOMPARE(injectedRows(p.filterModel()), 0);
        p.setShowInjected(true);
        QCOMPARE(p.filterModel()->rowCount(), 15);

        QVERIFY(loadKind(p, PreviewKind::Release));
        QCOMPARE(injectedRows(p.cellModel()), 0);
        QCOMPARE(p.cellModel()->rowCount(), 11);

        // Another file (a student's of the same name) gets one tab, after the notebook's and named by its relative
        // path, shown as written and never under "Instructor" or as a release; back on the instructor notebook (its
        // tab), all views return; the file's tab closes, the notebook's cannot.
        QTemporaryDir dir;
        const QString student = dir.filePath(QStringLiteral("bob/") + QFileInfo(p.notebookPath()).fileName());
        QVERIFY(QDir().mkpath(QFileInfo(student).path()));
        QVERIFY(QFile::copy(p.notebookPath(), student));
        const QString instructor = p.notebookPath();
        const int entries = p.notebookEntries().size();
        loaded.clear();
        p.showNotebook(student);
        QVERIFY(loaded.wait(20000));
        QCOMPARE(p.kind(), PreviewKind::Instructor); // as written: a release of a student's file means nothing
        QVERIFY(!p.showsInstructorNotebook());
        QVERIFY(!p.isKindAvailable(PreviewKind::Release));
        QVERIFY(p.isKindAvailable(PreviewKind::Instrumented));
        p.setKind(PreviewKind::Release);
        QCOMPARE(p.kind(), PreviewKind::Instructor);
        QCOMPARE(p.notebookEntries().size(), entries + 1);
        const QStringList listed = p.notebookEntries();
        QCOMPARE(listed.size(), QSet<QString>(listed.begin(), listed.end()).size());
        QVERIFY2(p.notebookLabel().contains(QLatin1String("bob")), qPrintable(p.notebookLabel()));
        QCOMPARE(p.notebookSwitcher()->currentIndex(), entries);
        p.showNotebook(student); // again: no second entry
        QCOMPARE(p.notebookEntries().size(), entries + 1);
        QTabBar *tabs = p.notebookSwitcher();
        QVERIFY(!tabs->tabButton(0, QTabBar::RightSide) || tabs->tabButton(0, QTabBar::RightSide)->isHidden());
        loaded.clear();
        tabs->setCurrentIndex(0); // the instructor notebook's tab
        QVERIFY(loaded.wait(20000));
        QCOMPARE(p.notebookPath(), instructor);
        QVERIFY(p.showsInstructorNotebook());
        QVERIFY(p.isKindAvailable(PreviewKind::Release));
        QVERIFY(loadKind(p, PreviewKind::Release));
        bool stub = false;
        for (const CellData &c : p.cellModel()->cells()) {
            QVERIFY(!c.source.contains(QLatin1String("BEGIN SOLUTION")));
            QVERIFY(!c.source.contains(QLatin1String("HIDDEN TESTS")));
            stub = stub || c.source.contains(QLatin1String("# YOUR CODE HERE"));
        }
        QVERIFY(stub);
        Q_EMIT tabs->tabCloseRequested(entries); // the student file's close button
        QCOMPARE(p.notebookEntries().size(), entries);
        QCOMPARE(p.notebookPath(), instructor);
        Q_EMIT tabs->tabCloseRequested(0); // an instructor notebook stays
        QCOMPARE(p.notebookEntries().size(), entries);
    }

    // A problem set's preview: a switcher lists its notebooks in the assignment's order; switching shows that
    // notebook, in the view chosen, and the instrumented view carries that notebook's checks only.
    void problemSetPreviewSwitchesNotebooks()
    {
        auto assignment = Assignment::load(QStringLiteral(SANDMARK_TEST_DATA_DIR "/problemsets/ps"));
        QVERIFY2(assignment, assignment ? "" : qPrintable(assignment.error().toString()));
        NotebookPreview p;
        QSignalSpy loaded(&p, &NotebookPreview::loaded);
        p.setAssignment(*assignment);
        QVERIFY(loaded.wait(20000));
        QVERIFY(p.isNotebookSwitcherShown());
        QTabBar *tabs = p.notebookSwitcher();
        QStringList listed;
        for (int i = 0; i < tabs->count(); ++i)
            listed << tabs->tabText(i);
        QCOMPARE(listed, (QStringList{u"part1.ipynb"_qs, u"part2.ipynb"_qs, u"part3.ipynb"_qs}));
        QCOMPARE(tabs->currentIndex(), 0);
        QVERIFY(p.notebookPath().endsWith(u"/part1.ipynb"_qs));
        QCOMPARE(p.cellModel()->cells().at(0).source, u"# Part 1: squares"_qs);

        loaded.clear();
        tabs->setCurrentIndex(1);
        QVERIFY(loaded.wait(20000));
        QVERIFY(p.notebookPath().endsWith(u"/part2.ipynb"_qs));
        QCOMPARE(p.cellModel()->cells().at(0).source, u"# Part 2: the data file"_qs);
        QCOMPARE(p.notebookLabel(), u"part2.ipynb"_qs); // the current tab's label

        // Instrumented: part2's probe of n, none of part1's checks (its test a-test stays with part1).
        auto labels = [&p] {
            QStringList out;
            const NotebookCellModel *m = p.cellModel();
            for (int r = 0; r < m->rowCount(); ++r)
                if (m->index(r, 0).data(InjectedKindRole).toInt() != int(InjectedKind::None))
                    out << m->index(r, 0).data(InjectedLabelRole).toString();
            return out;
        };
        QVERIFY(loadKind(p, PreviewKind::Instrumented));
        QVERIFY2(!labels().join(u' ').contains(u"a-test"_qs), qPrintable(labels().join(u' ')));
        QVERIFY2(p.statusText().contains(u"Instrumented with the checks of part2.ipynb."_qs), qPrintable(p.statusText()));
        loaded.clear();
        tabs->setCurrentIndex(0); // the view stays: part1 instrumented, with its test
        QVERIFY(loaded.wait(20000));
        QCOMPARE(p.kind(), PreviewKind::Instrumented);
        QVERIFY(p.notebookPath().endsWith(u"/part1.ipynb"_qs));
        QVERIFY2(labels().join(u' ').contains(u"a-test"_qs), qPrintable(labels().join(u' ')));

        // Release of part3; and a student's renamed copy of part1 ("Other files") is instrumented with part1's
        // checks, found by the matching rule.
        loaded.clear();
        tabs->setCurrentIndex(2);
        QVERIFY(loaded.wait(20000));
        QVERIFY(loadKind(p, PreviewKind::Release));
        QVERIFY(p.notebookPath().endsWith(u"/part3.ipynb"_qs));
        QCOMPARE(p.cellModel()->cells().at(0).source, u"# Part 3: a fresh kernel"_qs);
        QVERIFY(loadKind(p, PreviewKind::Instrumented));
        loaded.clear();
        p.showNotebook(QStringLiteral(SANDMARK_TEST_DATA_DIR "/problemsets/ps/submissions/bob/Part1 (1).ipynb"));
        QVERIFY(loaded.wait(20000));
        QCOMPARE(p.kind(), PreviewKind::Instrumented);
        QVERIFY2(p.statusText().contains(u"Instrumented with the checks of part1.ipynb."_qs), qPrintable(p.statusText()));
        QVERIFY2(labels().join(u' ').contains(u"a-test"_qs), qPrintable(labels().join(u' ')));
    }

    // The first job is held until the second one's result was delivered, so it ends stale at any speed (a
    // 300 ms sleep and a 500 ms wait once let a loaded machine pass without the stale result ever arriving).
    // A job's watcher, a child of the tracker, is deleted once its result was delivered or dropped: waiting for
    // none to be left waits for the stale result itself.
    void staleResultsAreDropped()
    {
        JobTracker tracker;
        QList<int> delivered;
        auto gate = std::make_shared<QSemaphore>();
        const auto openGate = qScopeGuard([gate] { gate->release(); }); // never leave a pool thread blocked
        auto watchers = [&tracker] { return tracker.findChildren<QFutureWatcherBase *>().size(); };
        tracker.run([gate] { gate->acquire(); return 1; }, [&](int v) { delivered << v; });
        tracker.run([] { return 2; }, [&](int v) { delivered << v; });
        QTRY_VERIFY_WITH_TIMEOUT(!tracker.isBusy(), 60000);
        QCOMPARE(delivered, QList<int>{2});
        QCOMPARE(watchers(), 1); // the first job, still held
        gate->release();
        QTRY_COMPARE_WITH_TIMEOUT(watchers(), 0, 60000); // it finished and its result was dropped
        QCOMPARE(delivered, QList<int>{2});
        tracker.run([] { return 3; }, [&](int v) { delivered << v; });
        tracker.cancel();
        QTRY_COMPARE_WITH_TIMEOUT(watchers(), 0, 60000);
        QCOMPARE(delivered, QList<int>{2});
        QVERIFY(!tracker.isBusy());
    }

    void highlighterMarksKeywords()
    {
        QTextDocument doc;
        doc.setPlainText(QStringLiteral("import numpy as np  # comment\n"
                                        "@decorator\n"
                                        "def f(x=1.5e-3):\n"
                                        "    s = '''first\n"
                                        "still # not a comment\n"
                                        "end'''\n"
                                        "    return len(\"it's\")"));
        PythonHighlighter h(&doc);
        h.rehighlight();
        auto formatAt = [&](int blockNo, int pos) -> QTextCharFormat {
            const QTextBlock b = doc.findBlockByNumber(blockNo);
            for (const QTextLayout::FormatRange &r : b.layout()->formats())
                if (pos >= r.start && pos < r.start + r.length)
                    return r.format;
            return {};
        };
        using T = PythonHighlighter::Token;
        const auto fg = [](const QTextCharFormat &f) { return f.foreground().color(); };
        QCOMPARE(fg(formatAt(0, 0)), fg(PythonHighlighter::format(T::Keyword)));   // import
        QCOMPARE(fg(formatAt(0, 13)), fg(PythonHighlighter::format(T::Keyword)));  // as
        QVERIFY(formatAt(0, 7).foreground().style() == Qt::NoBrush);              // numpy: plain
        QCOMPARE(fg(formatAt(0, 22)), fg(PythonHighlighter::format(T::Comment)));
        QCOMPARE(fg(formatAt(1, 0)), fg(PythonHighlighter::format(T::Decorator)));
        QCOMPARE(fg(formatAt(2, 0)), fg(PythonHighlighter::format(T::Keyword)));   // def
        QCOMPARE(fg(formatAt(2, 8)), fg(PythonHighlighter::format(T::Number)));    // 1.5e-3
        QCOMPARE(fg(formatAt(3, 10)), fg(PythonHighlighter::format(T::String)));   // '''first
        QCOMPARE(doc.findBlockByNumber(3).userState(), 1);                        // inside '''
        QCOMPARE(fg(formatAt(4, 6)), fg(PythonHighlighter::format(T::String)));    // "# not a comment" is string
        QCOMPARE(fg(formatAt(5, 0)), fg(PythonHighlighter::format(T::String)));    // end'''
        QCOMPARE(doc.findBlockByNumber(5).userState(), 0);
        QCOMPARE(fg(formatAt(6, 4)), fg(PythonHighlighter::format(T::Keyword)));   // return
        QCOMPARE(fg(formatAt(6, 11)), fg(PythonHighlighter::format(T::Builtin)));  // len
        QCOMPARE(fg(formatAt(6, 16)), fg(PythonHighlighter::format(T::String)));   // "it's"
    }

    void ansiColours()
    {
        const QString html = ansiToHtml(QStringLiteral("\x1b[0;31mValueError\x1b[0m: bad <x>\x1b[1;32m ok\x1b[39m"));
        QVERIFY(html.contains(QLatin1String("color:#b22222")));
        QVERIFY(html.contains(QLatin1String("font-weight:bold")));
        QVERIFY(html.contains(QLatin1String("&lt;x&gt;")));
        QVERIFY(!html.contains(QChar(0x1b)));
        QCOMPARE(stripAnsi(QStringLiteral("\x1b[38;5;196mred\x1b[0m \x1b]0;title\x07x")), QStringLiteral("red x"));
        QVERIFY(ansiToHtml(QStringLiteral("\x1b[38;2;1;2;3mx")).contains(QLatin1String("#010203")));
    }

    void outputsAreBuilt()
    {
        const QJsonArray outputs = {
            QJsonObject{{QStringLiteral("output_type"), QStringLiteral("stream")},
                        {QStringLiteral("name"), QStringLiteral("stdout")},
                        {QStringLiteral("text"), QJsonArray{QStringLiteral("\x1b[34mblue\x1b[0m\n"), QStringLiteral("b\n")}}},
            QJsonObject{{QStringLiteral("output_type"), QStringLiteral("stream")},
                        {QStringLiteral("name"), QStringLiteral("stdout")},
                        {QStringLiteral("text"), QStringLiteral("c\n")}},
            QJsonObject{{QStringLiteral("output_type"), QStringLiteral("execute_result")},
                        {QStringLiteral("execution_count"), 3},
                        {QStringLiteral("metadata"), QJsonObject{}},
                        {QStringLiteral("data"), QJsonObject{{QStringLiteral("text/plain"), QStringLiteral("42")}}}},
            QJsonObject{{QStringLiteral("output_type"), QStringLiteral("display_data")},
                        {QStringLiteral("metadata"), QJsonObject{}},
                        {QStringLiteral("data"), QJsonObject{{QStringLiteral("image/png"), QString::fromLatin1(pngBase64(40, 30))},
                                                              {QStringLiteral("text/plain"), QStringLiteral("<Figure>")}}}},
            QJsonObject{{QStringLiteral("output_type"), QStringLiteral("display_data")},
                        {QStringLiteral("metadata"), QJsonObject{}},
                        {QStringLiteral("data"), QJsonObject{{QStringLiteral("text/html"), QStringLiteral("<b>table</b>")}}}},
            QJsonObject{{QStringLiteral("output_type"), QStringLiteral("error")},
                        {QStringLiteral("ename"), QStringLiteral("ZeroDivisionError")},
                        {QStringLiteral("evalue"), QStringLiteral("division by zero")},
                        {QStringLiteral("traceback"), QJsonArray{QStringLiteral("\x1b[0;31mZeroDivisionError\x1b[0m: division by zero")}}},
        };
        auto nb = Notebook::parse(notebookJson({codeCell(QStringLiteral("print(1)"), 3, outputs)}), QStringLiteral("t.ipynb"));
        QVERIFY2(nb, qPrintable(nb ? QString() : nb.error().toString()));
        const QList<CellData> cells = buildCellData(*nb);
        QCOMPARE(cells.size(), 1);
        const CellData &c = cells.constFirst();
        QCOMPARE(c.executionCount, 3);
        QCOMPARE(c.outputs.size(), 5); // the two stdout chunks are one block
        QCOMPARE(c.outputs.at(0).plainText, QStringLiteral("blue\nb\nc\n"));
        QVERIFY(c.outputs.at(0).html.contains(QLatin1String("color:")));
        QVERIFY(c.outputs.at(1).isResult);
        QCOMPARE(c.outputs.at(2).kind, OutputData::Kind::Image);
        QCOMPARE(c.outputs.at(2).imageSize, QSize(40, 30));
        QCOMPARE(c.outputs.at(3).kind, OutputData::Kind::Html);
        QCOMPARE(c.outputs.at(4).kind, OutputData::Kind::Error);
        QVERIFY(c.outputs.at(4).plainText.startsWith(QLatin1String("ZeroDivisionError")));
    }

    void longOutputIsCut()
    {
        QString text;
        for (int i = 0; i < kPreviewMaxOutputLines + 50; ++i)
            text += QStringLiteral("line %1\n").arg(i);
        const QJsonArray outputs = {QJsonObject{{QStringLiteral("output_type"), QStringLiteral("stream")},
                                                {QStringLiteral("name"), QStringLiteral("stdout")},
                                                {QStringLiteral("text"), text}}};
        auto nb = Notebook::parse(notebookJson({codeCell(QStringLiteral("x"), 1, outputs)}), QStringLiteral("t.ipynb"));
        QVERIFY(nb);
        const OutputData o = buildCellData(*nb).constFirst().outputs.constFirst();
        QCOMPARE(o.lines, kPreviewMaxOutputLines);
        QCOMPARE(o.hiddenLines, 50);
    }

    void onlyVisibleCellsAreRendered()
    {
        QJsonArray cells;
        for (int i = 0; i < 300; ++i)
            cells.append(codeCell(QStringLiteral("x = %1\nprint(x)").arg(i), i + 1,
                                  QJsonArray{QJsonObject{{QStringLiteral("output_type"), QStringLiteral("stream")},
                                                         {QStringLiteral("name"), QStringLiteral("stdout")},
                                                         {QStringLiteral("text"), QStringLiteral("%1\n").arg(i)}}}));
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("big.ipynb")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(notebookJson(cells));
        f.close();

        NotebookPreview p;
        p.resize(900, 600);
        p.show();
        QVERIFY(QTest::qWaitForWindowExposed(&p));
        QSignalSpy loaded(&p, &NotebookPreview::loaded);
        p.showNotebook(f.fileName());
        QVERIFY(loaded.wait(20000));
        QCOMPARE(p.cellModel()->rowCount(), 300);
        NotebookCellDelegate *d = p.view()->cellDelegate();
        QTRY_VERIFY_WITH_TIMEOUT(d->builtLayoutCount() > 0, 20000);
        QTest::qWait(100);
        QVERIFY2(d->layoutsBuilt() < 40, qPrintable(QString::number(d->layoutsBuilt())));
        const int before = d->layoutsBuilt();
        p.view()->scrollToBottom();
        QTRY_VERIFY_WITH_TIMEOUT(d->layoutsBuilt() > before, 20000);
        QVERIFY(d->layoutsBuilt() < 120);
    }

    void previewStreamsLargeNotebook()
    {
        // Sources with escaped quotes and backslashes: the structure scan must not end a string early.
        QJsonArray cells;
        for (int i = 0; i < 100; ++i)
            cells.append(codeCell(QStringLiteral("s = \"cell %1 \\\\\" }]{[\"").arg(i), i + 1, QJsonArray{}));
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("many.ipynb")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        const QByteArray json = notebookJson(cells);
        f.write(json);
        f.close();
        NotebookPreview p;
        QAbstractItemModelTester tester(p.cellModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester filterTester(p.filterModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        int rowsAtFirst = -1;
        connect(&p, &NotebookPreview::firstCellsShown, this, [&] { rowsAtFirst = p.cellModel()->rowCount(); });
        QSignalSpy loaded(&p, &NotebookPreview::loaded);
        p.showNotebook(f.fileName());
        QVERIFY(p.isLoading());
        QVERIFY(loaded.wait(20000));
        QVERIFY(!p.isLoading());
        QCOMPARE(rowsAtFirst, kPreviewFirstChunkCells); // the first screen came before the rest
        QCOMPARE(p.cellModel()->rowCount(), 100);
        QCOMPARE(p.cellModel()->cells().at(99).source, QStringLiteral("s = \"cell 99 \\\\\" }]{[\""));
        QCOMPARE(p.cellModel()->cells().at(99).index, 99);

        // A truncated file (a malformed submission) shows its error, not a partial notebook.
        QFile t(dir.filePath(QStringLiteral("truncated.ipynb")));
        QVERIFY(t.open(QIODevice::WriteOnly));
        t.write(json.left(json.size() / 2));
        t.close();
        QSignalSpy failed(&p, &NotebookPreview::loadFailed);
        p.showNotebook(t.fileName());
        QVERIFY(failed.wait(20000));
        QCOMPARE(p.cellModel()->rowCount(), 0);
        QVERIFY(failed.constFirst().constFirst().toString().contains(QLatin1String("truncated.ipynb")));
    }

    void itemModelsPassTester()
    {
        // NotebookCellModel and the filter with data, through resets.
        NotebookCellModel cells;
        InjectedCellFilter filter;
        filter.setSourceModel(&cells);
        QAbstractItemModelTester t1(&cells, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(&filter, QAbstractItemModelTester::FailureReportingMode::QtTest);
        auto assignment = Assignment::load(kIris);
        QVERIFY(assignment);
        auto preview = loadPreview(assignment->absolute(assignment->notebooks().constFirst()), PreviewKind::Instrumented,
                                   *assignment);
        QVERIFY(preview);
        cells.setCells(preview->cells);
        // The end probe's band says so in words (it said "probe end", German "Sonde end": fresh-user finding).
        QStringList probes;
        for (int r = 0; r < cells.rowCount(); ++r)
            if (cells.index(r, 0).data(InjectedKindRole).toInt() == int(InjectedKind::Probe))
                probes << cells.index(r, 0).data(InjectedLabelRole).toString();
        QVERIFY2(probes.contains(QStringLiteral("probe at the end")) && !probes.contains(QStringLiteral("probe end")),
                 qPrintable(probes.join(u'|')));
        filter.setShowInjected(false);
        filter.setShowInjected(true);
        cells.clear();

        ProblemListModel problems;
        QAbstractItemModelTester t3(&problems, QAbstractItemModelTester::FailureReportingMode::QtTest);
        problems.setProblems({{Problem::Severity::Error, Error{QStringLiteral("a.json"), QStringLiteral("checks[0].points"),
                                                                QStringLiteral("must be greater than 0")}},
                              {Problem::Severity::Warning, Error{{}, {}, QStringLiteral("w")}}});
        QCOMPARE(problems.errorCount(), 1);

        ChecksModel checks;
        QAbstractItemModelTester t4(&checks, QAbstractItemModelTester::FailureReportingMode::QtTest);
        checks.setChecks(assignment->checks());
        QCOMPARE(checks.index(3, ChecksModel::ToleranceColumn).data().toString(), QStringLiteral("rtol 0.001"));
        // An nbgrader AUTOTEST check shows the expressions it tests (testSummary(), as `checks list`), not the first
        // line of its generated code ("from hashlib import sha1"); other test checks their first line.
        const auto autotest = Assignment::load(QStringLiteral(SANDMARK_TEST_DATA_DIR "/assignments/autotest"));
        QVERIFY(autotest);
        checks.setChecks(autotest->checks());
        QCOMPARE(checks.index(0, ChecksModel::WhatColumn).data().toString(),
                 QStringLiteral("AUTOTEST squares(1); HASHED AUTOTEST len(squares(4))"));
        QVERIFY(checks.index(0, ChecksModel::WhatColumn).data(Qt::ToolTipRole).toString().endsWith(autotest->checks().at(0).code));
        QCOMPARE(checks.index(1, ChecksModel::WhatColumn).data().toString(), QStringLiteral("assert squares(2) == [1, 4]"));
        // An Otter course's questions are groups: the Checks page and the submission detail show each check's
        // question with its total (q1: cases of 1, 2 and 1 points; q3 is a manual question, in no group).
        {
            QTemporaryDir otterDir;
            auto imported = importOtter(QStringLiteral(SANDMARK_TEST_DATA_DIR "/otter/master/hw-otter.ipynb"),
                                        otterDir.filePath(QStringLiteral("hw")), QStringLiteral("/usr/bin/python3"));
            QVERIFY2(imported, qPrintable(imported ? QString() : imported.error().toString()));
            const auto otter = Assignment::load(imported->folder);
            QVERIFY(otter);
            QVERIFY(!checks.hasGroups());
            checks.setChecks(otter->checks());
            QVERIFY(checks.hasGroups());
            QTranslator en; // English plural forms, as the app loads them for an English locale
            QVERIFY(en.load(QStringLiteral("sandmark_en"), QStringLiteral(SANDMARK_BUILD_DATA_DIR "/translations")));
            QCoreApplication::installTranslator(&en);
            QCOMPARE(checks.index(0, ChecksModel::GroupColumn).data().toString(), QStringLiteral("q1 (4 points)"));
            QCOMPARE(checks.index(3, ChecksModel::GroupColumn).data().toString(), QStringLiteral("q2 (3 points)"));
            QCoreApplication::removeTranslator(&en);
            QCOMPARE(checks.index(4, ChecksModel::GroupColumn).data().toString(), QString());
            CheckResultsModel results;
            QAbstractItemModelTester t5(&results, QAbstractItemModelTester::FailureReportingMode::QtTest);
            const auto result = [](const QString &id, Outcome o, double points, double max) {
                CheckResult r;
                r.checkId = id;
                r.outcome = o;
                r.points = points;
                r.maxPoints = max;
                return r;
            };
            results.setResults({result(QStringLiteral("q1-1"), Outcome::Pass, 1, 1), result(QStringLiteral("q1-2"), Outcome::Fail, 0, 2),
                                result(QStringLiteral("q1-3"), Outcome::Pass, 1, 1), result(QStringLiteral("q2"), Outcome::NotGraded, 0, 3)});
            results.setGroups(checkGroups(otter->checks()));
            QCOMPARE(results.index(1, CheckResultsModel::GroupColumn).data().toString(), QStringLiteral("q1: 2 / 4"));
            QCOMPARE(results.index(3, CheckResultsModel::GroupColumn).data().toString(), QStringLiteral("q2: not graded"));
            Override o;
            o.points = 2;
            results.setOverrides({{QStringLiteral("q1-2"), o}, {QStringLiteral("q2"), o}});
            QCOMPARE(results.index(0, CheckResultsModel::GroupColumn).data().toString(), QStringLiteral("q1: 4 / 4"));
            QCOMPARE(results.index(3, CheckResultsModel::GroupColumn).data().toString(), QStringLiteral("q2: 2 / 3"));
        }

        DataFilesModel files;
        QAbstractItemModelTester t5(&files, QAbstractItemModelTester::FailureReportingMode::QtTest);
        files.setRows({{QStringLiteral("data/a.csv"), 10, {}}, {QStringLiteral("b.csv"), -1, {QStringLiteral("https://x.invalid/b.csv")}}});
        QCOMPARE(files.totalBytes(), 10);
    }

    // A check's or question's points in tr()'s numerus forms: English (sandmark_en.ts, plural forms only) and German.
    void pointsUseNumerusForms()
    {
        const QString dir = QStringLiteral(SANDMARK_BUILD_DATA_DIR "/translations");
        QTranslator en;
        QVERIFY(en.load(QStringLiteral("sandmark_en"), dir));
        QCoreApplication::installTranslator(&en);
        QCOMPARE(ChecksModel::withPoints(QStringLiteral("q5"), 1), QStringLiteral("q5 (1 point)"));
        QCOMPARE(ChecksModel::withPoints(QStringLiteral("q1"), 2), QStringLiteral("q1 (2 points)"));
        QCOMPARE(ChecksModel::withPoints(QStringLiteral("q0"), 0), QStringLiteral("q0 (0 points)"));
        QCOMPARE(ChecksModel::withPoints(QStringLiteral("q2"), 1.5),
                 QStringLiteral("q2 (%1 points)").arg(QLocale().toString(1.5))); // a fraction: no numerus form
        QCoreApplication::removeTranslator(&en);
        QTranslator de;
        QVERIFY(de.load(QStringLiteral("sandmark_de"), dir));
        QCoreApplication::installTranslator(&de);
        QCOMPARE(ChecksModel::withPoints(QStringLiteral("q5"), 1), QStringLiteral("q5 (1 Punkt)"));
        QCOMPARE(ChecksModel::withPoints(QStringLiteral("q1"), 2), QStringLiteral("q1 (2 Punkte)"));
        QCoreApplication::removeTranslator(&de);
    }

    // Points in the right number wherever the app writes them (issue 19: the Remove prompt's "(1 points)"): the earned
    // of the most, the override dialog's targets, a 1-point check's partial credit; English and German.
    void pointTextsAreInTheRightNumber()
    {
        auto assignment = Assignment::load(kIris); // n_rows is worth 1 point, mean_sepal 2, the whole 8
        QVERIFY(assignment);
        const QString partial = coretext::text(coretext::partialCreditOfOne).arg(0.5);
        QCOMPARE(partial, QStringLiteral("partial credit: 0.5 of 1 point")); // as the gradebook and the CLI keep it
        auto targets = [&] {
            OverrideDialog dialog(*assignment, 2);
            QStringList out;
            auto *combo = dialog.findChild<QComboBox *>();
            for (int i = 0; combo && i < 3; ++i)
                out << combo->itemText(i);
            return out;
        };
        {
            const CatalogueInstalled english(QStringLiteral("sandmark_en"));
            QVERIFY(english.loaded);
            QCOMPARE(ChecksModel::ofPointsText(QStringLiteral("1"), 1), QStringLiteral("1 of 1 point"));
            QCOMPARE(ChecksModel::ofPointsText(QStringLiteral("0"), 2), QStringLiteral("0 of 2 points"));
            QCOMPARE(ChecksModel::ofPointsText(QStringLiteral("1"), 2.5), QStringLiteral("1 of %1 points").arg(QLocale().toString(2.5)));
            QCOMPARE(targets(), (QStringList{QStringLiteral("the whole submission's score (8 points)"),
                                             QStringLiteral("check n_rows (1 point)"), QStringLiteral("check mean_sepal (2 points)")}));
            QCOMPARE(translatedCoreText(partial), partial);
        }
        const CatalogueInstalled german(QStringLiteral("sandmark_de"));
        QVERIFY(german.loaded);
        QCOMPARE(ChecksModel::ofPointsText(QStringLiteral("1"), 1), QStringLiteral("1 von 1 Punkt"));
        QCOMPARE(ChecksModel::ofPointsText(QStringLiteral("3"), 5), QStringLiteral("3 von 5 Punkten"));
        QCOMPARE(targets(), (QStringList{QStringLiteral("die Punktzahl der ganzen Abgabe (8 Punkte)"),
                                         QStringLiteral("Prüfung n_rows (1 Punkt)"), QStringLiteral("Prüfung mean_sepal (2 Punkte)")}));
        const QString shown = translatedCoreText(partial);
        QVERIFY2(shown.startsWith(QLatin1String("Teilpunkte: ")) && shown.endsWith(QLatin1String(" von 1 Punkt")), qPrintable(shown));
    }

    // German is German in Qt's own dialogs too: the app loads qtbase_de (Debian's qt6-translations-l10n, which
    // scripts/bootstrap installs and the DEB recommends) beside sandmark_de; a locale Sandmark lacks gets the
    // English plural forms.
    void qtsOwnDialogsAreTranslated()
    {
        const auto install = [](const QLocale &locale) {
            return installTranslations(*QCoreApplication::instance(), locale,
                                       QStringLiteral(SANDMARK_BUILD_DATA_DIR "/translations"));
        };
        const auto uninstall = [](const QList<QTranslator *> &translators) {
            for (QTranslator *t : translators) {
                QCoreApplication::removeTranslator(t);
                delete t;
            }
        };
        QList<QTranslator *> installed = install(QLocale(QLocale::German, QLocale::Germany));
        QCOMPARE(installed.size(), 2); // one missing: qtbase_de.qm comes from apt install qt6-translations-l10n
        QDialogButtonBox box(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
        QCOMPARE(box.button(QDialogButtonBox::Cancel)->text(), QStringLiteral("Abbrechen"));
        QCOMPARE(SubmissionsModel::stateText(SubmissionsModel::State::NeedsManual), QStringLiteral("Bewertung von Hand offen"));
        uninstall(installed);

        installed = install(QLocale(QLocale::Japanese, QLocale::Japan));
        QCOMPARE(installed.size(), 2); // qtbase_ja, and Sandmark's English plural forms (there is no sandmark_ja)
        QCOMPARE(ChecksModel::withPoints(QStringLiteral("q5"), 1), QStringLiteral("q5 (1 point)"));
        QCOMPARE(SubmissionsModel::stateText(SubmissionsModel::State::NeedsManual), QStringLiteral("needs-manual"));
        uninstall(installed);
    }

    // Review mode's rule, without widgets: the row after or before a student, in the table's order, that awaits
    // a person (needs review or manual grading), or any row with All; never wrapping.
    void reviewNeighbourFollowsTheOrder()
    {
        using S = SubmissionsModel::State;
        const auto st = [](const char *s) { return QString::fromLatin1(s); };
        const QList<ReviewRow> order = {{st("alice"), S::Graded},  {st("bob"), S::NeedsReview}, {st("carol"), S::GraderError},
                                        {st("dave"), S::NeedsManual}, {st("erin"), S::NotRun},    {st("frank"), S::NeedsReview},
                                        {st("gina"), S::Running}};
        QCOMPARE(reviewNeighbour(order, QString(), 1, false), st("bob")); // from none: the first
        QCOMPARE(reviewNeighbour(order, QString(), -1, false), st("frank")); // ... or the last
        QCOMPARE(reviewNeighbour(order, st("alice"), 1, false), st("bob"));
        QCOMPARE(reviewNeighbour(order, st("bob"), 1, false), st("dave")); // a grader error is rerun, not reviewed
        QCOMPARE(reviewNeighbour(order, st("dave"), 1, false), st("frank"));
        QCOMPARE(reviewNeighbour(order, st("frank"), 1, false), QString()); // the end: no wrapping
        QCOMPARE(reviewNeighbour(order, st("gina"), -1, false), st("frank"));
        QCOMPARE(reviewNeighbour(order, st("carol"), -1, false), st("bob")); // from a row that awaits no one
        QCOMPARE(reviewNeighbour(order, st("bob"), -1, false), QString());
        QCOMPARE(reviewNeighbour(order, st("zoe"), 1, false), st("bob")); // not in the order (filtered out)
        QCOMPARE(reviewNeighbour(order, st("bob"), 1, true), st("carol")); // All: every row
        QCOMPARE(reviewNeighbour(order, st("carol"), -1, true), st("bob"));
        QCOMPARE(reviewNeighbour(order, st("gina"), 1, true), QString());
        QCOMPARE(reviewNeighbour(order, st("alice"), -1, true), QString());
        QCOMPARE(reviewNeighbour(order, QString(), -1, true), st("gina"));
        QCOMPARE(reviewNeighbour({}, QString(), 1, true), QString());
        QVERIFY(awaitsPerson(S::NeedsManual) && awaitsPerson(S::NeedsReview));
        QVERIFY(!awaitsPerson(S::Graded) && !awaitsPerson(S::GraderError) && !awaitsPerson(S::Queued));
        // A review mark passes over a needs-review row, never a needs-manual one: its answers still await their
        // points (the rule `sandmark-cli review` lists by and the Canvas export holds back by).
        const QList<ReviewRow> marked = {{st("amy"), S::NeedsReview, true}, {st("ben"), S::NeedsManual, true},
                                         {st("cat"), S::NeedsReview, false}};
        QCOMPARE(reviewNeighbour(marked, QString(), 1, false), st("ben"));
        QCOMPARE(reviewNeighbour(marked, st("ben"), -1, false), QString());
        QCOMPARE(reviewNeighbour(marked, st("ben"), 1, false), st("cat"));
    }

    void preferencesMarkUnsafe()
    {
        MemoryStore store;
        PreferencesDialog dialog(nullptr, &store);
        dialog.show();
        dialog.selectBackend(QStringLiteral("bwrap"));
        QVERIFY(!dialog.unsafeWarningVisible());
        dialog.selectBackend(QStringLiteral("local-unsafe"));
        QVERIFY(dialog.unsafeWarningVisible());
        dialog.apply();
        QCOMPARE(AppSettings::sandboxBackend(), QStringLiteral("local-unsafe"));
        AppSettings::resetToDefaults();
        QCOMPARE(AppSettings::pythonInterpreter(), QStringLiteral("/usr/bin/python3"));
    }

    void hubTokenGoesToTheKeychain()
    {
        MemoryStore store;
        PreferencesDialog dialog(nullptr, &store);
        QSignalSpy status(&dialog, &PreferencesDialog::tokenStatusChanged);
        QVERIFY(status.wait(20000));
        QVERIFY(dialog.tokenFieldEnabled());
        auto *edit = dialog.findChild<QLineEdit *>(QStringLiteral("tokenEdit"));
        QVERIFY(edit);
        QCOMPARE(edit->echoMode(), QLineEdit::Password);
        edit->setText(QStringLiteral("hf_secret"));
        QSignalSpy accepted(&dialog, &QDialog::accepted);
        dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->click();
        QVERIFY(accepted.wait(20000));
        QCOMPARE(store.values.value(hubTokenKey()), QStringLiteral("hf_secret"));
        QVERIFY(!QSettings().allKeys().join(QLatin1Char(' ')).contains(QLatin1String("token")));

        // Where no keychain exists, the field is disabled and the message says why.
        MemoryStore broken;
        broken.broken = true;
        PreferencesDialog noKeychain(nullptr, &broken);
        QSignalSpy status2(&noKeychain, &PreferencesDialog::tokenStatusChanged);
        QVERIFY(status2.wait(20000));
        QVERIFY(!noKeychain.tokenFieldEnabled());
        QVERIFY(noKeychain.tokenStatus().contains(QLatin1String("HF_TOKEN")));
    }

    void dataPageChecksAndEdits()
    {
        QTemporaryDir dir;
        copyIris(dir.path());
        QTemporaryDir cache;
        QSettings().setValue(QStringLiteral("cache/hf_home"), cache.path());
        MemoryStore store;
        MainWindow w(nullptr, &store);
        QSignalSpy opened(&w, &MainWindow::assignmentOpened);
        w.openAssignment(dir.path());
        QVERIFY(opened.wait(20000));
        DataPage *page = w.dataPage();
        QCOMPARE(page->entriesModel()->rowCount(), 0);
        // Nothing listed: nothing to warm, check or remove.
        QPushButton *warm = buttonNamed(page, QStringLiteral("Download every listed file and run every literal call, outside the sandbox"));
        QPushButton *check = buttonNamed(page, QStringLiteral("Read the cache offline, as the sandbox will; download nothing"));
        QPushButton *remove = buttonNamed(page, QStringLiteral("Remove the selected required dataset files"));
        QVERIFY(warm && check && remove);
        QVERIFY(!warm->isEnabled());
        QVERIFY(!check->isEnabled());
        QVERIFY(!remove->isEnabled());
        QVERIFY(buttonNamed(page, QStringLiteral("Find dataset calls in the instructor notebooks"))->isEnabled());

        // Add an entry: assignment.json is edited and the window reloads it.
        page->editEntries({QStringLiteral("sandmark-test/absent data/train.csv")}, {});
        QVERIFY(opened.wait(20000));
        QCOMPARE(page->entriesModel()->rowCount(), 1);
        QVERIFY(warm->isEnabled());
        QVERIFY(check->isEnabled());
        QVERIFY(!remove->isEnabled()); // nothing selected yet
        QFile json(dir.filePath(QStringLiteral("assignment.json")));
        QVERIFY(json.open(QIODevice::ReadOnly));
        const QByteArray text = json.readAll();
        QVERIFY(text.contains("required_datasets"));
        QVERIFY(text.contains("\"checks\"")); // other keys kept

        // Check: offline, nothing downloaded, the missing file highlighted.
        QSignalSpy ended(page, &DataPage::jobEnded);
        page->check();
        QVERIFY(page->isBusy());
        QVERIFY(ended.wait(60000));
        QCOMPARE(page->entriesModel()->failedCount(), 1);
        QVERIFY(page->entriesModel()->index(0, 0).data(Qt::BackgroundRole).isValid());
        QVERIFY2(page->summaryText().contains(QLatin1String("sandmark-test/absent")), qPrintable(page->summaryText()));

        // Scan the instructor notebook (the real scanner, with the system Python).
        page->scan();
        QVERIFY(ended.wait(60000));
        QVERIFY2(page->summaryText().contains(QLatin1String("dataset call")), qPrintable(page->summaryText()));

        page->editEntries({}, {QStringLiteral("sandmark-test/absent data/train.csv")});
        QVERIFY(opened.wait(20000));
        QCOMPARE(page->entriesModel()->rowCount(), 0);
        QSettings().remove(QStringLiteral("cache/hf_home"));
    }

    void datasetModelsPassTester()
    {
        DatasetEntriesModel entries;
        QAbstractItemModelTester t1(&entries, QAbstractItemModelTester::FailureReportingMode::QtTest);
        entries.setEntries({QStringLiteral("a/b c.csv"), QStringLiteral("d/e f.csv")});
        entries.setProgress(0, 10, 100);
        FetchOutcome o;
        o.status = FetchOutcome::Failed;
        o.error = QStringLiteral("not found");
        entries.setOutcome(1, o);
        QCOMPARE(entries.failedCount(), 1);
        QCOMPARE(entries.index(0, DatasetEntriesModel::ProgressColumn).data(ProgressTotalRole).toLongLong(), 100);
        entries.resetStates();
        QCOMPARE(entries.failedCount(), 0);

        DatasetCallsModel calls;
        QAbstractItemModelTester t2(&calls, QAbstractItemModelTester::FailureReportingMode::QtTest);
        ScannedCall c;
        c.notebook = QStringLiteral("nb.ipynb");
        c.source = QStringLiteral("hf_hub_download(repo, name)");
        c.computed = {QStringLiteral("argument 1 is the variable 'repo'")};
        calls.setCalls({c, ScannedCall{}});
        QCOMPARE(calls.computedCount(), 1);
        QVERIFY(calls.index(0, DatasetCallsModel::NoteColumn).data().toString().contains(QLatin1String("computed")));
    }

    // A long student id (or name, reason, problem) elides in its cell: no column grows past 320 px and pushes the
    // status and score off screen (attack report s14).
    void longNamesDoNotPushColumnsOffScreen()
    {
        QTemporaryDir dir;
        copyIris(dir.path());
        const QString longId = QString(200, QLatin1Char('x'));
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("submissions/") + longId)));
        QVERIFY(QFile::copy(kIris + QStringLiteral("/iris-analysis.ipynb"),
                            dir.filePath(QStringLiteral("submissions/%1/iris-analysis.ipynb").arg(longId))));
        MemoryStore store;
        MainWindow w(nullptr, &store);
        SubmissionsPage *page = w.submissionsPage();
        QSignalSpy checked(page, &SubmissionsPage::notebooksChecked); // before opening: the check may end before opened()
        QSignalSpy opened(&w, &MainWindow::assignmentOpened);
        w.openAssignment(dir.path());
        QVERIFY(opened.wait(20000));
        QTRY_COMPARE_WITH_TIMEOUT(page->model()->rowCount(), 1, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(!checked.isEmpty(), 20000);
        const int natural = page->table()->fontMetrics().horizontalAdvance(longId);
        QVERIFY(natural > 320); // the id would need it
        QVERIFY2(page->table()->columnWidth(SubmissionsModel::StudentColumn) <= 320,
                 qPrintable(QString::number(page->table()->columnWidth(SubmissionsModel::StudentColumn))));
    }

    // A gradebook that cannot be read leaves every grade unknown: the rows say so, never "not run" (attack report s14).
    void unreadableGradebookLeavesGradesUnknown()
    {
        QTemporaryDir dir;
        QVERIFY(copyIrisWith(dir.path(), {QStringLiteral("alice")}));
        QDir().mkpath(dir.filePath(QStringLiteral(".sandmark")));
        QFile bad(Gradebook::defaultPath(dir.path()));
        QVERIFY(bad.open(QIODevice::WriteOnly) && bad.write("this is not an SQLite database at all, just text") > 0);
        bad.close();
        MemoryStore store;
        MainWindow w(nullptr, &store);
        SubmissionsPage *page = w.submissionsPage();
        QSignalSpy listed(page, &SubmissionsPage::submissionsListed);
        w.openAssignment(dir.path());
        QVERIFY(listed.wait(20000));
        const QModelIndex status = page->model()->index(0, SubmissionsModel::StatusColumn);
        QTRY_COMPARE_WITH_TIMEOUT(status.data().toString(), QStringLiteral("unknown: the gradebook cannot be read"), 20000);
        QVERIFY(page->model()->gradesUnreadable());
        QVERIFY2(page->batchStatusText().contains(QLatin1String("not a Sandmark gradebook")), qPrintable(page->batchStatusText()));
    }

    void submissionsAreListed()
    {
        MemoryStore store;
        MainWindow w(nullptr, &store);
        SubmissionsPage *page = w.submissionsPage();
        QSignalSpy listed(page, &SubmissionsPage::submissionsListed);
        QSignalSpy checked(page, &SubmissionsPage::notebooksChecked);
        w.openAssignment(kIris);
        QVERIFY(listed.wait(20000));
        QTRY_VERIFY_WITH_TIMEOUT(!checked.isEmpty(), 20000); // it may end while listed.wait() runs
        // judy's notebook is truncated: the table says why it cannot be graded, not "not run".
        const SubmissionsModel *m = page->model();
        for (int r = 0; r < m->rowCount(); ++r) {
            const QString status = m->index(r, SubmissionsModel::StatusColumn).data().toString();
            if (m->rows().at(r).student == QLatin1String("judy"))
                QVERIFY2(status.contains(QLatin1String("line 90")) && status.contains(QLatin1String("invalid JSON")), qPrintable(status));
            else
                QCOMPARE(status, QStringLiteral("not run"));
        }
        QAbstractItemModelTester tester(page->proxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(page->model()->rowCount(), 14);
        QSortFilterProxyModel *proxy = page->proxy();
        QCOMPARE(proxy->index(0, SubmissionsModel::StudentColumn).data().toString(), QStringLiteral("alice"));
        proxy->sort(SubmissionsModel::StudentColumn, Qt::DescendingOrder);
        QCOMPARE(proxy->index(0, SubmissionsModel::StudentColumn).data().toString(), QStringLiteral("peggy"));
        // The proxy compares the rows' own values: the same order as SortRole's, for every sortable column.
        for (const int column : {SubmissionsModel::StudentColumn, SubmissionsModel::SizeColumn, SubmissionsModel::StatusColumn,
                                 SubmissionsModel::ScoreColumn, SubmissionsModel::DurationColumn}) {
            proxy->sort(column, Qt::AscendingOrder);
            for (int r = 1; r < proxy->rowCount(); ++r)
                QVERIFY2(QVariant::compare(proxy->index(r, column).data(SortRole), proxy->index(r - 1, column).data(SortRole))
                             != QPartialOrdering::Less,
                         qPrintable(QStringLiteral("column %1, row %2").arg(column).arg(r)));
        }
        proxy->sort(SubmissionsModel::SizeColumn, Qt::AscendingOrder);
        QVERIFY(proxy->index(0, SubmissionsModel::SizeColumn).data(SortRole).toLongLong()
                < proxy->index(13, SubmissionsModel::SizeColumn).data(SortRole).toLongLong());
        page->filterEdit()->setText(QStringLiteral("ALIC"));
        QCOMPARE(proxy->rowCount(), 1);
        QCOMPARE(proxy->index(0, 0).data().toString(), QStringLiteral("alice"));
        const QString alice = proxy->index(0, 0).data(NotebookPathRole).toString();
        page->filterEdit()->clear();
        QCOMPARE(proxy->rowCount(), 14);

        // Double-click → the student's notebook in the preview.
        QSignalSpy loaded(w.preview(), &NotebookPreview::loaded);
        Q_EMIT page->previewRequested(alice);
        QVERIFY(loaded.wait(20000));
        QCOMPARE(w.currentPage(), MainWindow::PreviewPage);
        QVERIFY(w.preview()->notebookPath().contains(QLatin1String("/submissions/")));
    }

    // A problem set's table lists each student's notebooks (the Notebook column names them all, the size adds
    // them up), not one notebook of the folder.
    // Every notebook of a problem-set folder is checked: a broken second notebook is the row's problem, named.
    void problemSetBrokenNotebookIsFound()
    {
        QTemporaryDir dir;
        const QString good = dir.filePath(u"part1.ipynb"_qs), bad = dir.filePath(u"part2.ipynb"_qs);
        QVERIFY(QFile::copy(QStringLiteral(SANDMARK_TEST_DATA_DIR "/problemsets/ps/part1.ipynb"), good));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"cells\": [\n  oops\n");
        f.close();
        SubmissionsModel::Row row;
        row.student = u"bob"_qs;
        row.notebookPath = good;
        row.notebookPaths = {good, bad};
        const SubmissionsModel::NotebookRowChecks checks = checkNotebookRows({row});
        QCOMPARE(checks.students, QStringList{u"bob"_qs});
        const QString problem = checks.problems.value(0);
        QVERIFY2(problem.startsWith(u"part2.ipynb: line 2, column 3"_qs), qPrintable(problem));
        QCOMPARE(checks.sizes.value(0), QFileInfo(good).size() + QFileInfo(bad).size());
        row.notebookPaths = {good};
        QVERIFY(checkNotebookRows({row}).problems.value(0).isEmpty());
    }

    void problemSetSubmissionsListEveryNotebook()
    {
        MemoryStore store;
        MainWindow w(nullptr, &store);
        SubmissionsPage *page = w.submissionsPage();
        QSignalSpy listed(page, &SubmissionsPage::submissionsListed);
        QSignalSpy checked(page, &SubmissionsPage::notebooksChecked);
        const QString ps = QStringLiteral(SANDMARK_TEST_DATA_DIR "/problemsets/ps");
        w.openAssignment(ps);
        QVERIFY(listed.wait(20000));
        QTRY_VERIFY_WITH_TIMEOUT(!checked.isEmpty(), 20000); // it may end while listed.wait() runs
        const SubmissionsModel *m = page->model();
        const int bob = m->rowOf(u"bob"_qs);
        QVERIFY(bob >= 0);
        QCOMPARE(m->index(bob, SubmissionsModel::NotebookColumn).data().toString(),
                 u"PART2-Copy1.ipynb, Part1 (1).ipynb, part3.ipynb"_qs);
        qint64 size = 0;
        for (const QString &f : {u"PART2-Copy1.ipynb"_qs, u"Part1 (1).ipynb"_qs, u"part3.ipynb"_qs})
            size += QFileInfo(ps + u"/submissions/bob/"_qs + f).size();
        QCOMPARE(m->index(bob, SubmissionsModel::SizeColumn).data(SortRole).toLongLong(), size);
        const int ivy = m->rowOf(u"ivy"_qs); // a loose notebook: a folder of one
        QVERIFY(ivy >= 0);
        QCOMPARE(m->index(ivy, SubmissionsModel::NotebookColumn).data().toString(), u"ivy.ipynb"_qs);
        QCOMPARE(m->index(ivy, SubmissionsModel::StatusColumn).data().toString(), u"not run"_qs);

        // The Checks page names each check's notebook; a single notebook's page has no such column.
        QVERIFY(w.checksPage()->showsNotebookColumn());
        const ChecksModel *checks = w.checksPage()->model();
        QStringList notebooks;
        for (int r = 0; r < checks->rowCount(); ++r)
            notebooks << checks->index(r, ChecksModel::IdColumn).data().toString() + u'@'
                             + checks->index(r, ChecksModel::NotebookColumn).data().toString();
        QCOMPARE(notebooks, (QStringList{u"a@part1.ipynb"_qs, u"a-test@part1.ipynb"_qs, u"n@part2.ipynb"_qs,
                                         u"total@part3.ipynb"_qs, u"fresh@part3.ipynb"_qs}));
        QCOMPARE(checks->headerData(ChecksModel::NotebookColumn, Qt::Horizontal).toString(), u"Notebook"_qs);
        QSignalSpy opened(&w, &MainWindow::assignmentOpened);
        w.openAssignment(kIris);
        QVERIFY(opened.wait(20000));
        QVERIFY(!w.checksPage()->showsNotebookColumn());
    }

    // Settling a match from the app writes what `sandmark-cli match` writes, through the same core function, and a
    // file the student did not hand in is refused with the reason.
    void problemSetMatchIsSettledFromTheApp()
    {
        QTemporaryDir dir;
        const QString ps = dir.filePath(u"ps"_qs);
        sandmark::test::copyTree(QStringLiteral(SANDMARK_TEST_DATA_DIR "/problemsets/ps"), ps);
        MemoryStore store;
        MainWindow w(nullptr, &store);
        SubmissionsPage *page = w.submissionsPage();
        QSignalSpy listed(page, &SubmissionsPage::submissionsListed);
        w.openAssignment(ps);
        QVERIFY(listed.wait(20000));
        QSignalSpy settled(page, &SubmissionsPage::matchSettled);
        QSignalSpy failed(page, &SubmissionsPage::matchFailed);
        page->settleMatch(u"bob"_qs, u"part2.ipynb"_qs, u"part3.ipynb"_qs);
        QVERIFY(settled.wait(10000));
        QCOMPARE(settled.at(0).at(1).toString(), u"bob: part2.ipynb ← part3.ipynb settled; Run Selected applies it"_qs);
        {
            auto gb = Gradebook::open(page->gradebookPath());
            QVERIFY(gb);
            const auto matches = (*gb)->settledMatches(u"bob"_qs);
            QVERIFY(matches);
            QCOMPARE(*matches, (QMap<QString, QString>{{u"part2.ipynb"_qs, u"part3.ipynb"_qs}}));
        }
        page->settleMatch(u"bob"_qs, u"part2.ipynb"_qs, u"nothere.ipynb"_qs);
        QVERIFY(failed.wait(10000));
        QVERIFY2(failed.at(0).at(0).toString().contains(u"not a notebook handed in by bob"_qs), qPrintable(failed.at(0).at(0).toString()));
        page->settleMatch(u"bob"_qs, u"part2.ipynb"_qs, QString());
        QVERIFY(settled.wait(10000));
        auto gb = Gradebook::open(page->gradebookPath());
        QVERIFY(gb);
        QVERIFY((*gb)->settledMatches(u"bob"_qs)->isEmpty());
    }

    // Submissions → Import Zip: a Canvas export lands in the assignment's submissions/ folder, one folder per
    // student, and the table lists them; an entry escaping the folder is flagged, never written.
    void canvasZipIsImported()
    {
        QTemporaryDir dir;
        copyIris(dir.path());
        const QString zip = dir.filePath(QStringLiteral("canvas.zip"));
        const QByteArray notebook = [] {
            QFile f(kIris + QStringLiteral("/submissions/alice/iris-analysis.ipynb"));
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        }();
        QVERIFY(!notebook.isEmpty());
        QProcess py;
        py.start(QStringLiteral("/usr/bin/python3"),
                 {QStringLiteral("-c"), QStringLiteral("import sys, zipfile\n"
                                                       "nb = open(sys.argv[2], 'rb').read()\n"
                                                       "with zipfile.ZipFile(sys.argv[1], 'w') as z:\n"
                                                       "    z.writestr('doejane_1001_5001_iris-analysis.ipynb', nb)\n"
                                                       "    z.writestr('roerick_LATE_1002_5002_iris-analysis.ipynb', nb)\n"
                                                       "    z.writestr('../evil_1003_5003_x.ipynb', nb)\n"),
                  zip, kIris + QStringLiteral("/submissions/alice/iris-analysis.ipynb")});
        QVERIFY(py.waitForFinished(30000));
        QCOMPARE(py.exitCode(), 0);

        MemoryStore store;
        MainWindow w(nullptr, &store);
        SubmissionsPage *page = w.submissionsPage();
        QSignalSpy opened(&w, &MainWindow::assignmentOpened);
        w.openAssignment(dir.path());
        QVERIFY(opened.wait(20000));
        QSignalSpy imported(page, &SubmissionsPage::imported);
        QSignalSpy listed(page, &SubmissionsPage::submissionsListed);
        page->importArchive(zip);
        QVERIFY(imported.wait(30000));
        QCOMPARE(imported.constFirst().at(0).toInt(), 2);
        const QStringList flagged = imported.constFirst().at(1).toStringList();
        QCOMPARE(flagged.size(), 1);
        QVERIFY2(flagged.constFirst().startsWith(QLatin1String("../evil_1003_5003_x.ipynb: refused")), qPrintable(flagged.constFirst()));
        QVERIFY(listed.wait(20000));
        QCOMPARE(page->model()->rowCount(), 2);
        QStringList students;
        for (const SubmissionsModel::Row &r : page->model()->rows())
            students << r.student;
        students.sort();
        QCOMPARE(students, (QStringList{QStringLiteral("1001"), QStringLiteral("1002")}));
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("submissions/1001/iris-analysis.ipynb"))));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("evil_1003_5003_x.ipynb"))));
        QVERIFY2(page->countText().startsWith(QLatin1String("Imported 2 student(s); 1 entry(ies) flagged")),
                 qPrintable(page->countText()));

        // A student folder copied in by hand shows up on Reload (F5): the folder is listed again.
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("submissions/zoe"))));
        QVERIFY(QFile::copy(kIris + QStringLiteral("/submissions/alice/iris-analysis.ipynb"),
                            dir.filePath(QStringLiteral("submissions/zoe/iris-analysis.ipynb"))));
        listed.clear();
        opened.clear();
        QAction *reload = nullptr;
        for (QAction *a : w.findChildren<QAction *>())
            if (a->shortcut() == QKeySequence(QKeySequence::Refresh))
                reload = a;
        QVERIFY(reload);
        reload->trigger();
        QVERIFY(opened.wait(20000));
        QTRY_VERIFY_WITH_TIMEOUT(!listed.isEmpty(), 20000);
        QCOMPARE(page->model()->rowCount(), 3);
        QVERIFY(page->model()->rowOf(QStringLiteral("zoe")) >= 0);
    }

    // The assignment settings (File > Assignment Settings…): limits, dependencies and data files edited in the dialog
    // are written with only their lines changed; a bad value is refused naming the field, nothing written.
    void assignmentSettingsEditTheFile()
    {
        QTemporaryDir dir;
        copyTree(dataPath(QStringLiteral("assignments/good")), dir.path());
        const QString json = dir.filePath(QStringLiteral("assignment.json"));
        const QByteArray original = readAll(json);
        QFile extra(dir.filePath(QStringLiteral("data/more.csv")));
        QVERIFY(extra.open(QIODevice::WriteOnly) && extra.write("x\n1\n") == 4);
        extra.close();

        // Reachable from the menu of the main window, for the open assignment.
        {
            MemoryStore store;
            MainWindow w(nullptr, &store);
            QSignalSpy opened(&w, &MainWindow::assignmentOpened);
            w.openAssignment(dir.path());
            QVERIFY(opened.wait(20000));
            QAction *settings = nullptr;
            for (QAction *a : w.findChildren<QAction *>())
                if (a->shortcut() == QKeySequence(QStringLiteral("Ctrl+Shift+E")))
                    settings = a;
            QVERIFY(settings);
            settings->trigger();
            auto *shown = w.findChild<AssignmentSettingsDialog *>();
            QVERIFY(shown);
            QCOMPARE(shown->titleEdit()->text(), QStringLiteral("Homework 1 — Iris"));
            shown->reject();
        }

        auto a = Assignment::load(dir.path());
        QVERIFY(a);
        AssignmentSettingsDialog dialog(*a);
        QVERIFY(dialog.edit().isEmpty()); // nothing changed, nothing to write
        QTableWidget *limits = dialog.limitsTable();
        QCOMPARE(limits->rowCount(), int(std::size(kLimitFields)));
        auto limitRow = [limits](const char *key) { return limitRowOf(limits, key); };
        // Each limit is shown by what it means; the key assignment.json writes is its tooltip.
        QCOMPARE(limits->item(limitRow("timeout_s"), 0)->text(), QStringLiteral("Time per notebook"));
        QVERIFY(limits->item(limitRow("timeout_s"), 0)->toolTip().startsWith(QLatin1String("timeout_s ")));
        QCOMPARE(limits->item(limitRow("timeout_s"), 1)->text(), QStringLiteral("120"));
        QCOMPARE(limits->item(limitRow("disk_bytes"), 1)->text(), QString()); // not set: the default applies

        // A bad value: refused, the field named, the file unchanged, the dialog still open.
        limits->item(limitRow("memory_bytes"), 1)->setText(QStringLiteral("1000"));
        QList<Error> failed;
        connect(&dialog, &AssignmentSettingsDialog::saveFailed, this, [&failed](const Error &e) { failed << e; });
        QSignalSpy saved(&dialog, &AssignmentSettingsDialog::saved);
        dialog.saveButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 10000);
        QCOMPARE(failed.constFirst().location, QStringLiteral("limits.memory_bytes"));
        QVERIFY(dialog.errorLabel()->isVisibleTo(&dialog));
        QVERIFY2(dialog.errorLabel()->text().contains(QLatin1String("limits.memory_bytes")), qPrintable(dialog.errorLabel()->text()));
        QCOMPARE(readAll(json), original);
        QVERIFY(saved.isEmpty());

        // Limits, dependencies, a data file added with its URL and one removed.
        limits->item(limitRow("memory_bytes"), 1)->setText(QStringLiteral("2147483648"));
        limits->item(limitRow("timeout_s"), 1)->setText(QStringLiteral("90"));
        limits->item(limitRow("cpus"), 1)->setText(QString());
        dialog.dependenciesEdit()->setPlainText(QStringLiteral("numpy>=1.24\npandas\nscipy"));
        dialog.addDataFile(QStringLiteral("data/more.csv"));
        QTableWidget *files = dialog.dataFilesTable();
        QCOMPARE(files->rowCount(), 3);
        files->item(2, 1)->setText(QStringLiteral("https://example.invalid/more.csv"));
        files->selectRow(0);
        files->removeRow(0); // data/extra.csv
        dialog.saveButton()->click();
        QVERIFY(saved.wait(10000));
        QCOMPARE(failed.size(), 1);

        const QByteArray now = readAll(json);
        QByteArray expected = original;
        expected.replace("  \"timeout_s\": 120,", "  \"timeout_s\": 90,");
        expected.replace("  \"memory_bytes\": 1073741824,", "  \"memory_bytes\": 2147483648,");
        expected.replace("  \"probe_bytes\": 100000,\n  \"cpus\": 0.5\n", "  \"probe_bytes\": 100000\n");
        expected.replace("  \"pandas\"\n", "  \"pandas\",\n  \"scipy\"\n");
        expected.replace("  \"data/extra.csv\",\n", "");
        expected.replace("    \"https://data.example.invalid/ds101/iris.csv\"\n   ]\n  }\n",
                         "    \"https://data.example.invalid/ds101/iris.csv\"\n   ]\n  },\n  {\n   \"path\": \"data/more.csv\",\n"
                         "   \"urls\": [\n    \"https://example.invalid/more.csv\"\n   ]\n  }\n");
        if (now != expected)
            qWarning().noquote() << now;
        QCOMPARE(now, expected);
        auto reloaded = Assignment::load(dir.path());
        QVERIFY(reloaded);
        QCOMPARE(reloaded->limits().wallTimeoutS, 90.0);
        QCOMPARE(reloaded->limits().cpus, Limits().cpus);
        QCOMPARE(reloaded->dataFiles().size(), 2);
        QCOMPARE(reloaded->dataFiles().at(1).urls, QStringList{QStringLiteral("https://example.invalid/more.csv")});

        // The other editors: title, sandbox back to the user's default, Docker image removed, a dataset at a revision.
        AssignmentSettingsDialog again(*reloaded);
        again.titleEdit()->setText(QStringLiteral("Homework 1"));
        again.sandboxCombo()->setCurrentIndex(0);
        again.dockerImageEdit()->clear();
        again.datasetsEdit()->setPlainText(again.datasetsEdit()->toPlainText() + QStringLiteral("\norg/iris@v1.0 data/iris.parquet"));
        const AssignmentEdit edit = again.edit();
        QCOMPARE(edit.changes.keys(), (QStringList{QStringLiteral("docker_image"), QStringLiteral("required_datasets"),
                                                   QStringLiteral("sandbox"), QStringLiteral("title")}));
        QVERIFY(edit.changes.value(QStringLiteral("sandbox")).isNull());
        QSignalSpy savedAgain(&again, &AssignmentSettingsDialog::saved);
        again.saveButton()->click();
        QVERIFY(savedAgain.wait(10000));
        reloaded = Assignment::load(dir.path());
        QVERIFY(reloaded);
        QCOMPARE(reloaded->title(), QStringLiteral("Homework 1"));
        QVERIFY(!reloaded->sandbox());
        QCOMPARE(reloaded->dockerImage(), QString());
        QCOMPARE(reloaded->requiredDatasets(), (QStringList{QStringLiteral("org/iris-extra data/iris.parquet"),
                                                            QStringLiteral("org/iris@v1.0 data/iris.parquet")}));
    }

    // The flagged list: the manifest's entries in its order (a refused entry is no student), a folder with several
    // notebooks it does not name (copied by hand) so it can be settled too, then the late students.
    void importFlagsModelRows()
    {
        ImportFlagsModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        ImportManifest manifest;
        manifest.students.insert(QStringLiteral("7"), {QStringLiteral("Ann Lee"), true, QString(), QStringLiteral("/x.zip")});
        manifest.students.insert(QStringLiteral("8"), {QStringLiteral("Bo Li"), false, QString(), QStringLiteral("/x.zip")});
        manifest.flagged << FlaggedEntry{QStringLiteral("../evil.ipynb"), QStringLiteral("refused: path leads outside the archive (..)")};
        m.setManifest(manifest, {QStringLiteral("7"), QStringLiteral("8"), QStringLiteral("hand")},
                      {{QStringLiteral("hand"), QString()}, {QStringLiteral("8"), QStringLiteral("b.ipynb")}});
        QStringList rows;
        for (int r = 0; r < m.rowCount(); ++r)
            rows << m.index(r, ImportFlagsModel::EntryColumn).data().toString() + QLatin1Char('|')
                        + m.index(r, ImportFlagsModel::NameColumn).data().toString() + QLatin1Char('|')
                        + m.index(r, ImportFlagsModel::ReasonColumn).data().toString() + QLatin1Char('|')
                        + m.index(r, 0).data(StudentRole).toString();
        QCOMPARE(rows, (QStringList{
            QStringLiteral("../evil.ipynb||refused: path leads outside the archive (..)|"),
            QStringLiteral("8|Bo Li|ambiguous: several notebooks in the folder; settled: b.ipynb is graded|8"),
            QStringLiteral("hand||ambiguous: several notebooks in the folder|hand"),
            QStringLiteral("7|Ann Lee|late: the LMS marked it late|7")}));
        QCOMPARE(QList<bool>({m.canSettle(0), m.canSettle(1), m.canSettle(2), m.canSettle(3)}), (QList<bool>{false, true, true, false}));
        QVERIFY(m.index(2, ImportFlagsModel::ReasonColumn).data(Qt::ToolTipRole).toString().endsWith(
            QStringLiteral("Double-click to choose the notebook that is graded.")));
        m.setManifest({}, {}, {});
        QCOMPARE(m.rowCount(), 0);
    }

    // Submissions → Import Folder…: a Canvas export unpacked into a folder (flat LMS-named files, one late and one
    // student with two copies) and a folder of per-student folders are both copied into the assignment's
    // submissions/ (never listed in its place); the table shows the LMS's names and the late mark, the flagged list
    // the ambiguous and the late students; a rerun duplicates nothing; the ambiguous student is settled in the app
    // (Choose Notebook…) and then graded with the chosen copy.
    void folderImportFlagsAndSettles()
    {
        QTemporaryDir dir;
        const QString assignment = dir.filePath(QStringLiteral("hw"));
        copyIris(assignment);
        const QByteArray alice = readBytes(kIris + QStringLiteral("/submissions/alice/iris-analysis.ipynb"));
        const QByteArray bob = readBytes(kIris + QStringLiteral("/submissions/bob/iris-analysis.ipynb"));
        QVERIFY(!alice.isEmpty() && !bob.isEmpty());
        const auto put = [](const QString &path, const QByteArray &bytes) {
            QDir().mkpath(QFileInfo(path).absolutePath());
            QFile f(path);
            return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
        };
        const QString lms = dir.filePath(QStringLiteral("canvas-unpacked"));
        QVERIFY(put(lms + QStringLiteral("/doejane_1001_5001_iris-analysis.ipynb"), alice));
        QVERIFY(put(lms + QStringLiteral("/roerick_LATE_1002_5002_iris-analysis.ipynb"), alice));
        QVERIFY(put(lms + QStringLiteral("/kimlee_1003_5003_iris-analysis.ipynb"), bob));
        QVERIFY(put(lms + QStringLiteral("/kimlee_LATE_1003_5004_iris-analysis.ipynb"), alice));
        const QString plain = dir.filePath(QStringLiteral("by-hand"));
        QVERIFY(put(plain + QStringLiteral("/zed/iris-analysis.ipynb"), alice));

        MemoryStore store;
        MainWindow w(nullptr, &store);
        SubmissionsPage *page = w.submissionsPage();
        QSignalSpy opened(&w, &MainWindow::assignmentOpened);
        w.openAssignment(assignment);
        QVERIFY(opened.wait(20000));
        QAbstractItemModelTester tester(page->importFlagsModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy imported(page, &SubmissionsPage::imported);
        QSignalSpy failed(page, &SubmissionsPage::importFailed);
        QSignalSpy listed(page, &SubmissionsPage::submissionsListed);
        page->importFolder(lms);
        QVERIFY(imported.wait(30000));
        QCOMPARE(imported.constFirst().at(0).toInt(), 3);
        QVERIFY(listed.wait(20000));
        const QString submissions = assignment + QStringLiteral("/submissions");
        QCOMPARE(readBytes(submissions + QStringLiteral("/1003/iris-analysis.ipynb")), bob);
        QCOMPARE(readBytes(submissions + QStringLiteral("/1003/iris-analysis (late).ipynb")), alice);
        SubmissionsModel *m = page->model();
        QCOMPARE(m->rowCount(), 3);
        const auto name = [&](const QString &student) {
            return m->index(m->rowOf(student), SubmissionsModel::NameColumn).data().toString();
        };
        QCOMPARE(name(QStringLiteral("1001")), QStringLiteral("doejane"));
        QCOMPARE(name(QStringLiteral("1002")), QStringLiteral("roerick (late)"));
        QVERIFY(!page->table()->isColumnHidden(SubmissionsModel::NameColumn));
        ImportFlagsModel *flags = page->importFlagsModel();
        const auto flagRows = [&] {
            QStringList out;
            for (int r = 0; r < flags->rowCount(); ++r)
                out << flags->index(r, ImportFlagsModel::EntryColumn).data().toString() + QLatin1Char('|')
                           + flags->index(r, ImportFlagsModel::NameColumn).data().toString() + QLatin1Char('|')
                           + flags->index(r, ImportFlagsModel::ReasonColumn).data().toString();
            return out;
        };
        QCOMPARE(flagRows(), (QStringList{
            QStringLiteral("1003|kimlee|late; ambiguous: iris-analysis.ipynb handed in 2 times (iris-analysis.ipynb, "
                           "iris-analysis (late).ipynb); not guessed"),
            QStringLiteral("1002|roerick|late: the LMS marked it late")}));
        QVERIFY(flags->canSettle(0));
        QVERIFY(!flags->canSettle(1));
        QVERIFY(page->importFlagsView()->isVisibleTo(page));

        // The plain layout: added beside the LMS students, the listing stays the assignment's own folder.
        imported.clear();
        listed.clear();
        page->importFolder(plain);
        QVERIFY(imported.wait(30000));
        QCOMPARE(imported.constFirst().at(0).toInt(), 1);
        QVERIFY(listed.wait(20000));
        QCOMPARE(m->rowCount(), 4);
        QVERIFY(m->rowOf(QStringLiteral("zed")) >= 0);
        QCOMPARE(name(QStringLiteral("zed")), QString());
        // The assignment's own folder goes unnamed in the line; its full path is in the tooltip.
        QVERIFY2(page->countText().contains(QLatin1String("4 submission(s);")), qPrintable(page->countText()));
        QVERIFY2(page->countToolTip().contains(QDir::toNativeSeparators(submissions)), qPrintable(page->countToolTip()));
        // The filter says how many of them it shows (the line said 4 while one row was shown: fresh-user test).
        // (The line may start with the import's summary: "Imported 1 student(s). 4 submission(s); …".)
        page->filterEdit()->setText(QStringLiteral("zed"));
        QVERIFY2(page->countText().startsWith(QLatin1String("Filter: 1 of 4 shown. "))
                     && page->countText().contains(QLatin1String("4 submission(s);")),
                 qPrintable(page->countText()));
        page->filterEdit()->clear();
        QVERIFY2(!page->countText().startsWith(QLatin1String("Filter:"))
                     && page->countText().contains(QLatin1String("4 submission(s);")),
                 qPrintable(page->countText()));

        // A rerun writes nothing and duplicates nothing: every student is flagged as already there.
        imported.clear();
        listed.clear();
        page->importFolder(lms);
        QVERIFY(imported.wait(30000));
        QCOMPARE(imported.constFirst().at(0).toInt(), 0);
        QCOMPARE(imported.constFirst().at(1).toStringList().size(), 3);
        QVERIFY(listed.wait(20000));
        QCOMPARE(m->rowCount(), 4);
        QCOMPARE(QDir(submissions + QStringLiteral("/1003")).entryList(QDir::Files).size(), 2);
        QCOMPARE(flags->rowCount(), 2);

        // Settling 1003 in the app: select its flagged row, Choose Notebook…, pick the late copy.
        page->importFlagsView()->setCurrentIndex(flags->index(0, 0));
        QVERIFY(page->settleButton()->isEnabled());
        QCOMPARE(page->table()->currentIndex().data(StudentRole).toString(), QStringLiteral("1003"));
        QSignalSpy settled(page, &SubmissionsPage::matchSettled);
        listed.clear();
        QTimer::singleShot(0, page, [] {
            QTRY_VERIFY(qobject_cast<QInputDialog *>(QApplication::activeModalWidget()));
            auto *dialog = qobject_cast<QInputDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog->comboBoxItems().contains(QStringLiteral("iris-analysis (late).ipynb")));
            dialog->setTextValue(QStringLiteral("iris-analysis (late).ipynb"));
            dialog->accept();
        });
        page->settleButton()->click();
        QVERIFY(settled.wait(20000));
        QCOMPARE(settled.constFirst().at(1).toString(),
                 QStringLiteral("1003: iris-analysis.ipynb ← iris-analysis (late).ipynb settled; Run Selected applies it"));
        QTRY_VERIFY_WITH_TIMEOUT(!listed.isEmpty(), 20000);
        const SubmissionsModel::Row settledRow = m->rows().at(m->rowOf(QStringLiteral("1003")));
        QVERIFY(settledRow.problem.isEmpty());
        QCOMPARE(QFileInfo(settledRow.notebookPath).fileName(), QStringLiteral("iris-analysis (late).ipynb"));
        QVERIFY2(flags->index(0, ImportFlagsModel::ReasonColumn).data().toString().endsWith(
                     QStringLiteral("settled: iris-analysis (late).ipynb is graded")),
                 qPrintable(flags->index(0, ImportFlagsModel::ReasonColumn).data().toString()));

        // Graded with the chosen copy: the same result as 1001, who handed in that notebook.
        QSignalSpy finished(page, &SubmissionsPage::batchFinished);
        QSignalSpy batchFailed(page, &SubmissionsPage::batchFailed);
        page->runStudents({QStringLiteral("1001"), QStringLiteral("1003")}, true);
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty() || !batchFailed.isEmpty(), 600000);
        QVERIFY(batchFailed.isEmpty());
        auto g1001 = readEffectiveGrade(page->gradebookPath(), QStringLiteral("1001"));
        auto g1003 = readEffectiveGrade(page->gradebookPath(), QStringLiteral("1003"));
        QVERIFY(g1001 && *g1001 && g1003 && *g1003);
        QVERIFY((**g1003).status != GradeStatus::NeedsReview);
        QCOMPARE((**g1003).status, (**g1001).status);
        QCOMPARE((**g1003).autoScore, (**g1001).autoScore);
        QVERIFY(failed.isEmpty());
    }

    void healthAndSelfTest()
    {
        MemoryStore store;
        MainWindow w(nullptr, &store);
        QSignalSpy opened(&w, &MainWindow::assignmentOpened);
        w.openAssignment(kIris);
        QVERIFY(opened.wait(20000));
        HealthModel *health = w.healthPage()->model();
        QAbstractItemModelTester tester(health, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QTRY_VERIFY_WITH_TIMEOUT(!w.healthPage()->isCheckingSandbox() && health->items().constFirst().state != HealthModel::State::Pending, 60000);
        QCOMPARE(health->rowCount(), 10);
        const HealthItem sandbox = health->items().constFirst();
        if (sandbox.state == HealthModel::State::Failed)
            QVERIFY(!sandbox.fix.isEmpty()); // a failing backend names its fix
        else
            QVERIFY2(sandbox.detail.contains(QLatin1String("passed all")), qPrintable(sandbox.detail)); // the doctor ran
        QCOMPARE(health->item(QStringLiteral("assignment"))->state, HealthModel::State::Ok);
        QCOMPARE(health->item(QStringLiteral("checks"))->detail, QStringLiteral("5 check(s), 8 points in total"));
        QCOMPARE(health->item(QStringLiteral("reference"))->state, HealthModel::State::Pending); // not run yet
    }

    void checksAreEdited()
    {
        QTemporaryDir dir;
        copyIris(dir.path());
        QFile f(dir.filePath(QStringLiteral("assignment.json")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray before = f.readAll();
        f.close();
        before.replace("\"format\": 1,", "\"format\": 1, \"x_course\": {\"term\": \"2026S\"},");
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(before);
        f.close();

        MemoryStore store;
        MainWindow w(nullptr, &store);
        QSignalSpy opened(&w, &MainWindow::assignmentOpened);
        w.openAssignment(dir.path());
        QVERIFY(opened.wait(20000));
        CheckEdit edit;
        edit.set(QStringLiteral("points"), 3);
        edit.set(QStringLiteral("atol"), 0.01);
        edit.unset(QStringLiteral("rtol"));
        w.checksPage()->applyEdit(3, edit); // corr
        QVERIFY(opened.wait(20000));        // saved, then reloaded
        const Check corr = w.assignment()->checks().at(3);
        QCOMPARE(corr.points, 3.0);
        QCOMPARE(corr.options.value(QLatin1String("atol")).toDouble(), 0.01);
        QVERIFY(!corr.options.contains(QLatin1String("rtol")));
        QCOMPARE(w.checksPage()->model()->totalPoints(), 9.0);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray after = f.readAll();
        QVERIFY(after.contains("x_course")); // unknown keys kept
        QVERIFY(after.indexOf("\"format\"") < after.indexOf("\"slug\"")); // order kept

        // A negative value is refused with its field path and nothing is written.
        CheckEdit bad;
        bad.set(QStringLiteral("points"), -1);
        auto r = editCheck(dir.filePath(QStringLiteral("assignment.json")), 0, bad);
        QVERIFY(!r);
        QCOMPARE(r.error().location, QStringLiteral("checks[0].points"));
        f.close();
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), after);
    }

    // A problem set's result in the detail: the set's total, a switcher of its notebooks with their points, and
    // per notebook its match decision, its checks and its own executed notebook, record and log.
    void submissionDetailShowsEachNotebook()
    {
        const CatalogueInstalled english(QStringLiteral("sandmark_en")); // the points' plural forms, as the app loads them
        QVERIFY(english.loaded);
        auto assignment = Assignment::load(QStringLiteral(SANDMARK_TEST_DATA_DIR "/problemsets/ps"));
        QVERIFY(assignment);
        // bob's folder as the rule sees it, without part2: part1 by name, part2 not handed in.
        const ProblemSetMatch match = matchNotebooks(instructorNotebooks(*assignment), {u"Part1 (1).ipynb"_qs, u"part3.ipynb"_qs}, {});
        auto checkResult = [](const QString &id, double points, double max) {
            CheckResult c;
            c.checkId = id;
            c.outcome = points > 0 ? Outcome::Pass : Outcome::Fail;
            c.points = points;
            c.maxPoints = max;
            return c;
        };
        QList<NotebookGrade> parts;
        for (const QString &nb : assignment->notebooks()) {
            NotebookGrade part;
            part.notebook = nb;
            part.checks = assignment->checksOf(nb);
            parts << part;
        }
        parts[0].result.checks = {checkResult(u"a"_qs, 1, 1), checkResult(u"a-test"_qs, 1, 1)};
        parts[0].result.score = parts[0].result.maxScore = 2;
        parts[1].kind = NotebookGrade::Kind::NotHandedIn;
        parts[2].result.checks = {checkResult(u"total"_qs, 1, 1), checkResult(u"fresh"_qs, 0, 1)};
        parts[2].result.score = 1;
        parts[2].result.maxScore = 2;
        const GradeResult result = combineNotebookGrades(parts, assignment->checks(), match.notes, match.review);
        QCOMPARE(result.score, 3.0);
        QCOMPARE(result.maxScore, 6.0);

        // The run's artifacts as SubmissionRun lays them out: a folder per notebook that ran.
        QTemporaryDir dir;
        const QString artifacts = dir.filePath(u"run/artifacts"_qs);
        auto writeRun = [&](const QString &nb, double seconds, const QByteArray &log) {
            const QString folder = notebookArtifactsFolder(artifacts, nb, true);
            QVERIFY(QDir().mkpath(folder));
            QVERIFY(QFile::copy(assignment->absolute(nb), folder + u"/executed.ipynb"_qs));
            QFile r(folder + u"/record.json"_qs), l(folder + u"/log.txt"_qs);
            QVERIFY(r.open(QIODevice::WriteOnly) && l.open(QIODevice::WriteOnly));
            r.write(QJsonDocument(QJsonObject{{u"status"_qs, u"ok"_qs}, {u"duration_s"_qs, seconds}, {u"cells"_qs, QJsonArray()}}).toJson());
            l.write(log);
        };
        writeRun(u"part1.ipynb"_qs, 1.25, "log of part1\n");
        writeRun(u"part3.ipynb"_qs, 2.5, "log of part3\n");

        SubmissionDetail detail;
        QAbstractItemModelTester t1(detail.checksModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        detail.setAssignment(*assignment);
        detail.setResult(u"bob"_qs, result, {}, QString(), QString());
        QSignalSpy artifactsLoaded(&detail, &SubmissionDetail::artifactsLoaded);
        detail.showArtifacts(artifacts);
        QVERIFY(artifactsLoaded.wait(10000));
        QVERIFY2(detail.summaryText().startsWith(u"bob: graded, 3 of 6 points"_qs), qPrintable(detail.summaryText()));
        // The decisions are the switcher's, not repeated as notes.
        QVERIFY2(!detail.summaryText().contains(u"←"_qs), qPrintable(detail.summaryText()));
        QVERIFY(detail.isNotebookSwitcherShown());
        QTabBar *tabs = detail.notebookSwitcher();
        QStringList listed;
        for (int i = 0; i < tabs->count(); ++i)
            listed << tabs->tabText(i);
        QCOMPARE(listed, (QStringList{u"part1.ipynb (2 / 2)"_qs, u"part2.ipynb (0 / 2)"_qs, u"part3.ipynb (1 / 2)"_qs}));

        // part1: matched by name, its two checks, its run.
        QCOMPARE(tabs->currentIndex(), 0);
        QCOMPARE(detail.notebookPartText(),
                 u"part1.ipynb ← Part1 (1).ipynb (same name, case and copy suffix ignored) — 2 of 2 points"_qs);
        CheckResultsModel *m = detail.checksModel();
        QCOMPARE(m->rowCount(), 2);
        QCOMPARE(m->index(0, CheckResultsModel::CheckColumn).data().toString(), u"a"_qs);
        QCOMPARE(m->index(1, CheckResultsModel::CheckColumn).data().toString(), u"a-test"_qs);
        QCOMPARE(m->index(1, CheckResultsModel::PointsColumn).data().toString(), u"1 / 1"_qs);
        QVERIFY(detail.isTabEnabled(SubmissionDetail::NotebookTab));
        QCOMPARE(detail.notebook()->notebookPath(), QDir::cleanPath(notebookArtifactsFolder(artifacts, u"part1.ipynb"_qs, true) + u"/executed.ipynb"_qs));
        QVERIFY2(detail.recordMessagesText().startsWith(u"Run status: ok, 1.25 s"_qs), qPrintable(detail.recordMessagesText()));

        // part2: not handed in — its check scores 0 with the reason, no run to show.
        tabs->setCurrentIndex(1);
        QCOMPARE(detail.notebookPartText(), u"part2.ipynb: not handed in — 0 of 2 points"_qs);
        QCOMPARE(m->rowCount(), 1);
        QCOMPARE(m->index(0, CheckResultsModel::CheckColumn).data().toString(), u"n"_qs);
        QCOMPARE(m->index(0, CheckResultsModel::PointsColumn).data().toString(), u"0 / 2"_qs);
        QVERIFY(m->index(0, CheckResultsModel::FeedbackColumn).data().toString().contains(u"not handed in"_qs));
        QVERIFY(!detail.isTabEnabled(SubmissionDetail::NotebookTab));
        QVERIFY(!detail.isTabEnabled(SubmissionDetail::RecordTab));
        QVERIFY2(detail.artifactsStatusText().startsWith(u"part2.ipynb did not run in this run (part2.ipynb: not handed in)"_qs),
                 qPrintable(detail.artifactsStatusText()));

        // part3: its own checks and run.
        tabs->setCurrentIndex(2);
        QCOMPARE(m->rowCount(), 2);
        QCOMPARE(m->index(1, CheckResultsModel::CheckColumn).data().toString(), u"fresh"_qs);
        QCOMPARE(m->index(1, CheckResultsModel::PointsColumn).data().toString(), u"0 / 1"_qs);
        QVERIFY(detail.isTabEnabled(SubmissionDetail::NotebookTab) && detail.isTabEnabled(SubmissionDetail::LogTab));
        QVERIFY(detail.artifactsStatusText().isEmpty());
        QCOMPARE(detail.notebook()->notebookPath(), QDir::cleanPath(notebookArtifactsFolder(artifacts, u"part3.ipynb"_qs, true) + u"/executed.ipynb"_qs));
        QVERIFY2(detail.recordMessagesText().startsWith(u"Run status: ok, 2.50 s"_qs), qPrintable(detail.recordMessagesText()));
        QCOMPARE(detail.notebookPartText(), u"part3.ipynb ← part3.ipynb — 1 of 2 points"_qs);
        // "Change…" asks to settle the file graded for the notebook shown.
        QVERIFY(detail.changeMatchButton()->isVisibleTo(&detail));
        QSignalSpy change(&detail, &SubmissionDetail::matchChangeRequested);
        detail.changeMatchButton()->click();
        QCOMPARE(change.size(), 1);
        QCOMPARE(change.at(0), (QVariantList{u"bob"_qs, u"part3.ipynb"_qs}));
        {
            // In German, the decision the gradebook stores in English is shown translated.
            const CatalogueInstalled german(QStringLiteral("sandmark_de"));
            QVERIFY(german.loaded);
            tabs->setCurrentIndex(0);
            detail.setResult(u"bob"_qs, result, {}, QString(), QString());
            QVERIFY2(detail.notebookPartText().startsWith(
                         u"part1.ipynb ← Part1 (1).ipynb (gleicher Name, ohne Groß-/Kleinschreibung und Kopie-Zusatz)"_qs),
                     qPrintable(detail.notebookPartText()));
        }

        // A single notebook's result shows no switcher, and every check.
        auto iris = Assignment::load(kIris);
        QVERIFY(iris);
        detail.setAssignment(*iris);
        GradeResult one;
        one.checks = {checkResult(u"n_rows"_qs, 1, 1), checkResult(u"corr"_qs, 0, 2)};
        one.score = 1;
        one.maxScore = 3;
        detail.setResult(u"alice"_qs, one, {}, QString(), QString());
        QVERIFY(!detail.isNotebookSwitcherShown());
        QCOMPARE(m->rowCount(), 2);
    }

    void submissionDetailShowsChecks()
    {
        // A real runner record and payloads (tests/data/grading, made by the probe encoder and the runner)
        // graded by the core's grade(): a cell timed out, so the result needs review.
        QFile f(QStringLiteral(SANDMARK_TEST_DATA_DIR "/grading/records.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject records = QJsonDocument::fromJson(f.readAll()).object();
        auto payload = [&](const QString &name) {
            return QJsonDocument(records.value(name).toObject().value(QLatin1String("payload")).toObject()).toJson();
        };
        auto check = [](const QString &variable, double points) {
            Check c;
            c.id = variable;
            c.variable = variable;
            c.points = points;
            return c;
        };
        GradeInput in;
        in.checks = {check(QStringLiteral("letters"), 1), check(QStringLiteral("countdown_sum"), 2),
                     check(QStringLiteral("doubled"), 1)};
        in.referencePayload = payload(QStringLiteral("infinite-loop-ref"));
        in.studentPayload = payload(QStringLiteral("infinite-loop-student"));
        in.record = test::executionRecord(records.value(QStringLiteral("infinite-loop-student")).toObject().value(QLatin1String("record")).toObject());
        in.notes = {QStringLiteral("test cell 'q1-tests' was edited (cells[4]); the instructor's version ran")};
        const GradeResult result = grade(in);

        SubmissionDetail detail;
        QAbstractItemModelTester t1(detail.checksModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(detail.recordModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        detail.setResult(QStringLiteral("alice"), result, in.record, QString(), QStringLiteral("runner log"));
        QVERIFY(detail.summaryText().contains(QLatin1String("needs-review")));
        QVERIFY(detail.summaryText().contains(QLatin1String("cells[2]: timeout after 3 s")));
        // The run's notes are shown too, after the reasons.
        QVERIFY2(detail.summaryText().endsWith(QLatin1String("\n") + detail.tr("Note: %1").arg(in.notes.first())),
                 qPrintable(detail.summaryText()));
        CheckResultsModel *m = detail.checksModel();
        QCOMPARE(m->rowCount(), 3);
        QCOMPARE(m->index(0, CheckResultsModel::OutcomeColumn).data().toString(), QStringLiteral("pass"));
        QCOMPARE(m->index(1, CheckResultsModel::OutcomeColumn).data().toString(), QStringLiteral("fail"));
        QCOMPARE(m->index(1, CheckResultsModel::PointsColumn).data().toString(), QStringLiteral("0 / 2"));
        QVERIFY(m->index(1, CheckResultsModel::FeedbackColumn).data().toString().contains(QLatin1String("timeout after 3 s")));
        QVERIFY(m->index(1, 0).data(Qt::BackgroundRole).isValid());
        QVERIFY(detail.recordModel()->rowCount() > 0);
        bool timeout = false;
        for (int r = 0; r < detail.recordModel()->rowCount(); ++r)
            timeout = timeout || detail.recordModel()->index(r, RecordCellsModel::StatusColumn).data().toString() == QLatin1String("timeout");
        QVERIFY(timeout);
    }

    void resultsPageSummarizesAndExports()
    {
        QTemporaryDir dir;
        copyIris(dir.path());
        auto a = Assignment::load(dir.path());
        QVERIFY(a);
        {
            auto gb = Gradebook::open(Gradebook::defaultPath(a->folder()));
            QVERIFY(gb);
            QVERIFY((*gb)->recordRun(irisRun(*a, QStringLiteral("alice"), 5)));
            QVERIFY((*gb)->recordRun(irisRun(*a, QStringLiteral("bob"), 2)));
            QVERIFY((*gb)->recordRun(irisRun(*a, QStringLiteral("carol"), 0, GradeStatus::GraderError)));
        }
        ResultsPage page;
        QAbstractItemModelTester t1(page.distributionModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(page.checksModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy refreshed(&page, &ResultsPage::refreshed);
        page.setAssignment(*a);
        QVERIFY(refreshed.wait(20000));
        const ResultsSummary &s = page.summary();
        QCOMPARE(s.submissions, 3);
        QCOMPARE(s.graderErrors, 1);
        QCOMPARE(s.withScore, 2); // a grader error has no score: not in the distribution
        QCOMPARE(page.distributionModel()->rowCount(), 10);
        int inBins = 0;
        for (const ResultsSummary::Bin &b : s.bins)
            inBins += b.count;
        QCOMPARE(inBins, 2);
        QCOMPARE(s.bins.last().count, 1); // alice: 8 of 8 points, in the last bin (100 % included)
        QCOMPARE(page.checksModel()->rowCount(), 5);
        QCOMPARE(page.checksModel()->checks().first().checkId, a->checks().first().id); // the assignment's order
        QCOMPARE(page.checksModel()->checks().first().passed, 2);
        QCOMPARE(page.checksModel()->checks().last().passed, 1);
        QCOMPARE(page.checksModel()->index(0, CheckPassRateModel::RateColumn).data().toString(), QStringLiteral("100 %"));
        QVERIFY2(page.summaryText().contains(QLatin1String("3 submission")), qPrintable(page.summaryText()));
        QCOMPARE(ResultsPage::hasCharts(), true); // qt6-charts-dev is in scripts/bootstrap

        const QString csv = dir.filePath(QStringLiteral("grades.csv"));
        QSignalSpy exported(&page, &ResultsPage::exported);
        page.exportGrades(csv, GradeExportFormat::Csv);
        QVERIFY(exported.wait(20000));
        QCOMPARE(exported.constFirst().at(1).toInt(), 3);
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().split('\n');
        QVERIFY(lines.at(0).startsWith("student,score,max,status,"));
        QVERIFY(lines.at(1).startsWith("alice,8,8,graded,"));
        QVERIFY(lines.at(3).startsWith("carol,,8,grader-error,")); // never a zero for a grader error
    }

    void overrideSurvivesRegrade()
    {
        QTemporaryDir dir;
        copyIris(dir.path());
        auto a = Assignment::load(dir.path());
        QVERIFY(a);
        const QString gbPath = Gradebook::defaultPath(a->folder());
        const RunRecord bob = irisRun(*a, QStringLiteral("bob"), 2);
        {
            auto gb = Gradebook::open(gbPath);
            QVERIFY(gb);
            QVERIFY((*gb)->recordRun(bob));
        }
        SubmissionDetail detail;
        QAbstractItemModelTester t(detail.checksModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        detail.setResult(QStringLiteral("bob"), bob.result, {}, QString(), QString());
        detail.setGradebook(gbPath);
        const QString last = a->checks().last().id;
        QSignalSpy applied(&detail, &SubmissionDetail::overrideApplied);
        QSignalSpy failed(&detail, &SubmissionDetail::overrideFailed);
        detail.applyOverride(last, 1.5, QStringLiteral("   "));
        QVERIFY(failed.wait(20000)); // a comment is required
        detail.applyOverride(last, 1.5, QStringLiteral("right idea, wrong column"));
        QVERIFY(applied.wait(20000));
        const EffectiveGrade g = applied.constFirst().at(1).value<EffectiveGrade>();
        QCOMPARE(g.autoScore, bob.result.score);
        QCOMPARE(*g.score(), bob.result.score + 1.5);
        const int row = int(a->checks().size()) - 1;
        QVERIFY(detail.checksModel()->index(row, CheckResultsModel::OverrideColumn).data().toString().contains(QLatin1String("wrong column")));
        QCOMPARE(detail.checksModel()->index(row, CheckResultsModel::PointsColumn).data().toString(), QStringLiteral("0 / %1").arg(QLocale().toString(a->checks().last().points, 'g', 6)));
        QVERIFY2(detail.summaryText().contains(QStringLiteral("automatic: %1").arg(QLocale().toString(bob.result.score, 'g', 6))), qPrintable(detail.summaryText()));
        // Shown again (the next visit to bob): the points box offers what each target counts now, the override's
        // points, not the run's (fresh-user finding 11: the automatic score was pre-filled).
        detail.setResult(QStringLiteral("bob"), bob.result, {}, QString(), QString());
        detail.setEffectiveGrade(g);
        QComboBox *target = nullptr;
        for (QComboBox *c : detail.findChildren<QComboBox *>())
            if (c->accessibleName() == QLatin1String("What the override replaces"))
                target = c;
        QDoubleSpinBox *pointsBox = nullptr;
        for (QDoubleSpinBox *s : detail.findChildren<QDoubleSpinBox *>())
            if (s->accessibleName() == QLatin1String("Override points"))
                pointsBox = s;
        QVERIFY(target && pointsBox);
        QCOMPARE(target->currentIndex(), 0);
        QCOMPARE(pointsBox->value(), bob.result.score + 1.5);
        target->setCurrentIndex(target->findData(last));
        QCOMPARE(pointsBox->value(), 1.5);

        // A regrade records a new run; the override belongs to the submission and stays.
        {
            auto gb = Gradebook::open(gbPath);
            QVERIFY(gb);
            QVERIFY((*gb)->recordRun(irisRun(*a, QStringLiteral("bob"), 3)));
        }
        auto snapshot = readGradebook(gbPath);
        QVERIFY(snapshot);
        QCOMPARE(snapshot->grades.size(), 1);
        QVERIFY(snapshot->grades.constFirst().checks.last().override_.has_value());
        QCOMPARE(snapshot->grades.constFirst().checks.last().points(), 1.5);
    }

    void selfTestRunsTheDoctor()
    {
        SelfTestDialog dialog;
        QAbstractItemModelTester tester(dialog.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy finished(&dialog, &SelfTestDialog::finished);
        QVERIFY(dialog.isRunning());
        QVERIFY(finished.wait(60000));
        QCOMPARE(dialog.model()->report().backend, AppSettings::sandboxBackend()); // the one chosen in Preferences
        dialog.runFor(QStringLiteral("bwrap"));
        QVERIFY(finished.wait(60000));
        const DoctorReport report = dialog.model()->report();
        QCOMPARE(report.backend, QStringLiteral("bwrap"));
        QVERIFY(dialog.model()->rowCount() >= 1);
        // Every failed check names its fix; on a machine where bwrap works, the probe's checks all ran.
        for (const DoctorCheck &c : report.checks)
            QVERIFY2(c.ok || !c.fix.isEmpty(), qPrintable(c.name));
        if (report.allOk())
            QVERIFY(dialog.model()->rowCount() > 10);
        dialog.runFor(QStringLiteral("local-unsafe"));
        QVERIFY(finished.wait(60000));
        QCOMPARE(dialog.model()->report().backend, QStringLiteral("local-unsafe"));
        QVERIFY(dialog.model()->index(0, SelfTestModel::CheckColumn).data().toString().contains(QLatin1String("isolates nothing")));
        QVERIFY(dialog.statusText().contains(QLatin1String("without any isolation")));
    }

    // Review mode with real grading: five iris submissions graded in the sandbox (alice, bob graded; dave, erin,
    // judy need review), then Next / Previous walk those awaiting a person in the table's order (All: every
    // row), selecting the row and showing its detail, never wrapping. The detail opens showing every check
    // without scrolling and the window keeps its size.
    void reviewModeWalksSubmissionsAwaitingAPerson()
    {
        AppSettings::resetToDefaults();
        SKIP_WITHOUT_BWRAP();
        QTemporaryDir dir;
        copyIris(dir.path());
        { // ten checks: five more on n_rows, so the detail has ten rows to show
            QFile json(dir.filePath(QStringLiteral("assignment.json")));
            QVERIFY(json.open(QIODevice::ReadOnly));
            QJsonObject a = QJsonDocument::fromJson(json.readAll()).object();
            json.close();
            QJsonArray checks = a.value(QStringLiteral("checks")).toArray();
            for (int i = 2; i <= 6; ++i)
                checks.append(QJsonObject{{QStringLiteral("id"), QStringLiteral("n_rows_%1").arg(i)},
                                          {QStringLiteral("type"), QStringLiteral("value")},
                                          {QStringLiteral("variable"), QStringLiteral("n_rows")},
                                          {QStringLiteral("points"), 1},
                                          {QStringLiteral("anchor"), QStringLiteral("q1")}});
            a.insert(QStringLiteral("checks"), checks);
            QVERIFY(json.open(QIODevice::WriteOnly | QIODevice::Truncate));
            json.write(QJsonDocument(a).toJson());
        }
        const QStringList students = {QStringLiteral("alice"), QStringLiteral("bob"), QStringLiteral("dave"),
                                      QStringLiteral("erin"), QStringLiteral("judy")};
        QVERIFY(copyIrisSubmissions(dir.path(), students));
        MemoryStore store;
        MainWindow w(nullptr, &store);
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.setCurrentPage(MainWindow::SubmissionsPage);
        SubmissionsPage *page = w.submissionsPage();
        QSignalSpy listed(page, &SubmissionsPage::submissionsListed);
        w.openAssignment(dir.path());
        QVERIFY(listed.wait(20000));
        QCOMPARE(page->model()->rowCount(), 5);
        QSignalSpy finished(page, &SubmissionsPage::batchFinished);
        QSignalSpy failed(page, &SubmissionsPage::batchFailed);
        bool reloaded = false; // the gradebook read again after the batch
        connect(page, &SubmissionsPage::gradesLoaded, this, [&] { reloaded = !finished.isEmpty(); });
        page->runAll();
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty() || !failed.isEmpty(), 600000);
        QVERIFY(failed.isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(reloaded, 20000);
        auto state = [&](const QString &s) { return page->model()->rows().at(page->model()->rowOf(s)).state; };
        QCOMPARE(state(QStringLiteral("alice")), SubmissionsModel::State::Graded);
        QCOMPARE(state(QStringLiteral("bob")), SubmissionsModel::State::Graded);
        QCOMPARE(state(QStringLiteral("dave")), SubmissionsModel::State::NeedsReview);
        QCOMPARE(state(QStringLiteral("erin")), SubmissionsModel::State::NeedsReview);
        QCOMPARE(state(QStringLiteral("judy")), SubmissionsModel::State::NeedsReview);

        // F8 and Shift+F8 belong to review mode alone.
        QHash<QKeySequence, int> keys;
        for (QAction *a : w.findChildren<QAction *>())
            for (const QKeySequence &k : a->shortcuts())
                ++keys[k];
        for (QAbstractButton *b : w.findChildren<QAbstractButton *>()) {
            const auto *tool = qobject_cast<QToolButton *>(b);
            if (!b->shortcut().isEmpty() && !(b->shortcut()[0].keyboardModifiers() & Qt::AltModifier) // mnemonics aside
                && !(tool && tool->defaultAction())) // counted with its action
                ++keys[b->shortcut()];
        }
        for (QShortcut *sc : w.findChildren<QShortcut *>())
            ++keys[sc->key()];
        QCOMPARE(page->reviewNextAction()->shortcut(), QKeySequence(Qt::Key_F8));
        QCOMPARE(page->reviewPreviousAction()->shortcut(), QKeySequence(Qt::SHIFT | Qt::Key_F8));
        QCOMPARE(keys.value(QKeySequence(Qt::Key_F8)), 1);
        QCOMPARE(keys.value(QKeySequence(Qt::SHIFT | Qt::Key_F8)), 1);

        SubmissionDetail *detail = page->detail();
        const QSize windowSize = w.size();
        // Each step: the row selected in the table and its detail shown (read from the gradebook).
        auto step = [&](QAction *action, const QString &expected) -> bool {
            QSignalSpy shown(page, &SubmissionsPage::detailShown);
            action->trigger();
            const QString current = page->table()->currentIndex().data(StudentRole).toString();
            if (current != expected) {
                qWarning() << "table shows" << current << "not" << expected << page->reviewStatusText();
                return false;
            }
            if (!shown.wait(20000) || detail->student() != expected) {
                qWarning() << "detail shows" << detail->student() << "not" << expected;
                return false;
            }
            return page->table()->selectionModel()->selectedRows().size() == 1
                   && page->table()->selectionModel()->isRowSelected(page->table()->currentIndex().row());
        };
        QAction *next = page->reviewNextAction(), *previous = page->reviewPreviousAction();
        QVERIFY(!page->reviewAllBox()->isChecked());
        QVERIFY(step(next, QStringLiteral("dave"))); // nothing selected: the first awaiting a person
        QCOMPARE(page->reviewStatusText(), QStringLiteral("dave: 1 of 3 awaiting a person"));
        QCOMPARE(w.size(), windowSize); // the detail opened inside the window
        // It shows all ten checks without scrolling, the table keeps five rows above it.
        QTRY_COMPARE_WITH_TIMEOUT(detail->checksModel()->rowCount(), 10, 5000);
        QTableView *checksTable = nullptr;
        for (QTableView *t : detail->findChildren<QTableView *>())
            if (t->accessibleName() == QLatin1String("Check results"))
                checksTable = t;
        QVERIFY(checksTable);
        QTRY_COMPARE_WITH_TIMEOUT(checksTable->verticalScrollBar()->maximum(), 0, 5000);
        QVERIFY(checksTable->rowViewportPosition(9) + checksTable->rowHeight(9) <= checksTable->viewport()->height());
        QVERIFY(page->table()->viewport()->height() >= 5 * page->table()->verticalHeader()->defaultSectionSize());
        auto *splitter = page->findChild<QSplitter *>(QStringLiteral("submissionsSplitter"));
        QVERIFY(splitter && splitter->handleWidth() >= 8);
        QCOMPARE(w.size(), windowSize);

        QVERIFY(step(next, QStringLiteral("erin")));
        QVERIFY(step(next, QStringLiteral("judy")));
        QCOMPARE(page->reviewStatusText(), QStringLiteral("judy: 3 of 3 awaiting a person"));
        next->trigger(); // the end: it stays and says so
        QCOMPARE(page->table()->currentIndex().data(StudentRole).toString(), QStringLiteral("judy"));
        QCOMPARE(page->reviewStatusText(), QStringLiteral("No submission after judy awaits a person."));
        QVERIFY(step(previous, QStringLiteral("erin")));
        QVERIFY(step(previous, QStringLiteral("dave")));
        previous->trigger();
        QCOMPARE(page->table()->currentIndex().data(StudentRole).toString(), QStringLiteral("dave"));
        QCOMPARE(page->reviewStatusText(), QStringLiteral("No submission before dave awaits a person."));

        // All submissions: every row.
        page->reviewAllBox()->setChecked(true);
        QVERIFY(step(previous, QStringLiteral("bob")));
        QVERIFY(step(previous, QStringLiteral("alice")));
        previous->trigger();
        QCOMPARE(page->reviewStatusText(), QStringLiteral("alice is the first submission listed."));
        QVERIFY(step(next, QStringLiteral("bob")));
        QCOMPARE(page->reviewStatusText(), QStringLiteral("bob: 2 of 5"));
        QVERIFY(step(next, QStringLiteral("dave")));

        // The table's order is the walk's: sorted by student, descending (judy, erin, dave, bob, alice).
        page->reviewAllBox()->setChecked(false);
        page->proxy()->sort(SubmissionsModel::StudentColumn, Qt::DescendingOrder);
        next->trigger(); // from dave: no one below it awaits a person
        QCOMPARE(page->table()->currentIndex().data(StudentRole).toString(), QStringLiteral("dave"));
        QCOMPARE(page->reviewStatusText(), QStringLiteral("No submission after dave awaits a person."));
        QVERIFY(step(previous, QStringLiteral("erin")));
        QVERIFY(step(previous, QStringLiteral("judy")));
        // ... and its filter: All walks the rows shown (judy, erin, dave), never those filtered out (bob, alice).
        page->filterEdit()->setText(QStringLiteral("needs-review"));
        QCOMPARE(page->proxy()->rowCount(), 3);
        page->reviewAllBox()->setChecked(true);
        QVERIFY(step(next, QStringLiteral("erin")));
        QVERIFY(step(next, QStringLiteral("dave")));
        next->trigger();
        QCOMPARE(page->table()->currentIndex().data(StudentRole).toString(), QStringLiteral("dave"));
        QCOMPARE(page->reviewStatusText(), QStringLiteral("dave is the last submission listed."));
        QCOMPARE(w.size(), windowSize);
        // The review row and the detail fit the default window too: it is never widened or lengthened for them.
        w.resize(1100, 760);
        QTRY_COMPARE_WITH_TIMEOUT(w.size(), QSize(1100, 760), 2000);
        QTest::qWait(100);
        QCOMPARE(w.size(), QSize(1100, 760));

        // "Reviewed" as a state: Mark Reviewed (Ctrl+M) on dave stores the mark, shows it, and moves on; Next then
        // passes over him; marking again removes the mark. Kept in the gradebook, as `sandmark-cli review` reads it.
        page->filterEdit()->clear();
        page->reviewAllBox()->setChecked(false);
        page->proxy()->sort(SubmissionsModel::StudentColumn, Qt::AscendingOrder);
        QVERIFY(step(next, QStringLiteral("erin")) || page->table()->currentIndex().data(StudentRole).toString() == QStringLiteral("erin"));
        QVERIFY(step(previous, QStringLiteral("dave")));
        QAction *mark = page->markReviewedAction();
        QCOMPARE(mark->shortcut(), QKeySequence(QStringLiteral("Ctrl+M")));
        QVERIFY(mark->isEnabled());
        QSignalSpy marked(page, &SubmissionsPage::reviewMarked);
        QSignalSpy failedMark(page, &SubmissionsPage::reviewFailed);
        mark->trigger();
        QVERIFY(marked.wait(20000));
        QVERIFY(failedMark.isEmpty());
        QCOMPARE(marked.constFirst().at(0).toStringList(), QStringList{QStringLiteral("dave")});
        QVERIFY(marked.constFirst().at(1).toBool());
        const QModelIndex daveStatus = page->model()->index(page->model()->rowOf(QStringLiteral("dave")), SubmissionsModel::StatusColumn);
        QCOMPARE(daveStatus.data().toString(), QStringLiteral("needs-review ✓ reviewed"));
        QTRY_COMPARE_WITH_TIMEOUT(page->table()->currentIndex().data(StudentRole).toString(), QStringLiteral("erin"), 5000);
        QCOMPARE(page->reviewStatusText(), QStringLiteral("erin: 1 of 2 awaiting a person"));
        previous->trigger(); // dave is passed over now
        QCOMPARE(page->table()->currentIndex().data(StudentRole).toString(), QStringLiteral("erin"));
        QCOMPARE(page->reviewStatusText(), QStringLiteral("No submission before erin awaits a person."));
        {
            auto gb = Gradebook::open(Gradebook::defaultPath(dir.path()));
            QVERIFY(gb);
            const auto dave = (*gb)->effectiveGrade(QStringLiteral("dave"));
            QVERIFY(dave && *dave && (**dave).review && (**dave).review->status == GradeStatus::NeedsReview);
        }
        // dave selected again and marked again: the mark is removed, and Next stops at him once more.
        const QModelIndex daveRow = page->proxy()->mapFromSource(page->model()->index(page->model()->rowOf(QStringLiteral("dave")), 0));
        page->table()->selectionModel()->setCurrentIndex(daveRow, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        marked.clear();
        mark->trigger();
        QVERIFY(marked.wait(20000));
        QVERIFY(!marked.constFirst().at(1).toBool());
        QCOMPARE(daveStatus.data().toString(), QStringLiteral("needs-review"));
        QCOMPARE(page->table()->currentIndex().data(StudentRole).toString(), QStringLiteral("dave")); // no move on removal

        // Another assignment opened: what review said about this one's students is gone (it lingered before).
        previous->trigger();
        QVERIFY(!page->reviewStatusText().isEmpty());
        page->setAssignment(std::nullopt);
        QCOMPARE(page->reviewStatusText(), QString());
    }

    // A problem set's Grading by hand tab lists the whole submission's answers, whichever notebook is shown: each
    // names its notebook (the fresh-user run saw problem2's answer under problem1's tab, unnamed).
    void manualAnswersNameTheirNotebook()
    {
        ManualGradingPanel panel;
        EffectiveGrade g;
        g.studentId = QStringLiteral("amy");
        EffectiveCheck explain;
        explain.result = CheckResult{QStringLiteral("explain"), Check::Type::Manual, Outcome::NotGraded, 0, 1, {}, QStringLiteral("It is the mean."), {}};
        g.checks << explain;
        panel.setGrade(g, {{QStringLiteral("explain"), QStringLiteral("problem2.ipynb")}});
        const QList<QGroupBox *> boxes = panel.findChildren<QGroupBox *>();
        QCOMPARE(boxes.size(), 1);
        QVERIFY2(boxes.first()->title().startsWith(QStringLiteral("explain (problem2.ipynb) — ")), qPrintable(boxes.first()->title()));
        panel.setGrade(g); // one notebook: the check id alone
        QVERIFY2(panel.findChildren<QGroupBox *>().first()->title().startsWith(QStringLiteral("explain — ")),
                 qPrintable(panel.findChildren<QGroupBox *>().first()->title()));
    }

    void manualGradingAndBulkOverrideInTheApp()
    {
        // Issue 19 with real grading (bwrap, a real kernel, the real gradebook): an nbgrader assignment whose
        // markdown answer 'explain' awaits a person. The detail's "Grading by hand" tab shows the answer, stores a
        // grade as `manual import` does, the status becomes graded and a forced regrade keeps it; Override
        // Selected… gives two of the selected submissions one override and names the one without a run.
        AppSettings::resetToDefaults();
        SKIP_WITHOUT_BWRAP();
        QTemporaryDir dir;
        // Run folders live under it: the sandbox user (when running as root) must be able to reach them.
        QVERIFY(QFile::setPermissions(dir.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner
                                                      | QFileDevice::ReadGroup | QFileDevice::ExeGroup
                                                      | QFileDevice::ReadOther | QFileDevice::ExeOther));
        const QString data = QStringLiteral(SANDMARK_TEST_DATA_DIR "/nbgrader/");
        const QString folder = dir.filePath(QStringLiteral("ps1"));
        auto imported = importNbgrader(data + QStringLiteral("source/ps1"), folder);
        QVERIFY2(imported, qPrintable(imported ? QString() : imported.error().toString()));
        for (const QString &student : {QStringLiteral("keeps"), QStringLiteral("wrong"), QStringLiteral("untouched"),
                                       QStringLiteral("edits")}) {
            QVERIFY(QDir().mkpath(folder + QStringLiteral("/submissions/") + student));
            QVERIFY(QFile::copy(data + QStringLiteral("submissions/%1/ps1.ipynb").arg(student),
                                folder + QStringLiteral("/submissions/%1/ps1.ipynb").arg(student)));
        }
        MemoryStore store;
        MainWindow w(nullptr, &store);
        SubmissionsPage *page = w.submissionsPage();
        QSignalSpy listed(page, &SubmissionsPage::submissionsListed);
        w.openAssignment(folder);
        QVERIFY(listed.wait(20000));
        SubmissionsModel *m = page->model();
        QAbstractItemModelTester tester(page->proxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(m->rowCount(), 4);
        QSignalSpy finished(page, &SubmissionsPage::batchFinished);
        QSignalSpy failed(page, &SubmissionsPage::batchFailed);
        bool reloaded = false; // the table holds the gradebook's grades again, not the batch's live results
        connect(page, &SubmissionsPage::gradesLoaded, page, [&] { reloaded = !finished.isEmpty(); });
        // edits is left without a run.
        page->runStudents({QStringLiteral("keeps"), QStringLiteral("wrong"), QStringLiteral("untouched")}, false);
        QTRY_VERIFY_WITH_TIMEOUT(reloaded || !failed.isEmpty(), 600000);
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.constFirst().constFirst().toString()));
        auto row = [&](const QString &s) { return m->rows().at(m->rowOf(s)); };
        QTRY_COMPARE_WITH_TIMEOUT(row(QStringLiteral("keeps")).state, SubmissionsModel::State::NeedsManual, 20000);
        QVERIFY(!row(QStringLiteral("keeps")).backend.isEmpty()); // really run (the backend of the preferences)
        const QString gbPath = page->gradebookPath();
        auto stored = [&](const QString &student) {
            auto grade = readEffectiveGrade(gbPath, student);
            return grade && *grade ? **grade : EffectiveGrade{};
        };

        // The detail of keeps: the tab lists exactly what `manual list` lists for it, with the answer.
        SubmissionDetail *detail = page->detail();
        QSignalSpy shown(page, &SubmissionsPage::detailShown);
        page->showDetail(QStringLiteral("keeps"));
        QVERIFY(shown.wait(20000));
        ManualGradingPanel *panel = detail->manualPanel();
        const QList<PendingManual> pending = pendingManualChecks({stored(QStringLiteral("keeps"))});
        QCOMPARE(pending.size(), 1);
        QCOMPARE(panel->checkIds(), QStringList{pending.constFirst().checkId});
        QCOMPARE(panel->awaitingCount(), 1);
        QCOMPARE(panel->answerView(QStringLiteral("explain"))->toPlainText(), pending.constFirst().answer);
        QCOMPARE(pending.constFirst().answer, QStringLiteral("Because x*x outgrows any c*x."));
        QCOMPARE(panel->pointsBox(QStringLiteral("explain"))->maximum(), 2.0); // bounded by the check's points
        QVERIFY(!panel->removeButton(QStringLiteral("explain"))->isEnabled()); // nothing to remove yet
        auto *tabs = detail->findChild<QTabWidget *>();
        QVERIFY(tabs->isTabVisible(SubmissionDetail::ManualTab));
        QCOMPARE(tabs->tabText(SubmissionDetail::ManualTab), QStringLiteral("Grading by hand (1 open)"));

        // Grade it: points and a comment of two lines, saved on a worker thread.
        panel->pointsBox(QStringLiteral("explain"))->setValue(1.5);
        panel->commentEdit(QStringLiteral("explain"))->setPlainText(QStringLiteral("Right idea.\nSay why c*x falls behind."));
        QSignalSpy applied(detail, &SubmissionDetail::overrideApplied);
        panel->saveButton(QStringLiteral("explain"))->click();
        QVERIFY(applied.wait(20000));
        EffectiveGrade keeps = stored(QStringLiteral("keeps"));
        QCOMPARE(keeps.status, GradeStatus::Graded); // no manual check awaits a person any more
        QCOMPARE(keeps.runStatus, GradeStatus::NeedsManual);
        const auto explain = std::find_if(keeps.checks.cbegin(), keeps.checks.cend(),
                                          [](const EffectiveCheck &c) { return c.result.checkId == QLatin1String("explain"); });
        QVERIFY(explain != keeps.checks.cend() && explain->override_);
        QCOMPARE(explain->override_->points, 1.5);
        QCOMPARE(explain->override_->comment, QStringLiteral("Right idea.\nSay why c*x falls behind."));
        QCOMPARE(*keeps.score(), keeps.autoScore + 1.5);
        QCOMPARE(row(QStringLiteral("keeps")).state, SubmissionsModel::State::Graded); // the row followed
        QCOMPARE(panel->awaitingCount(), 0);
        QCOMPARE(tabs->tabText(SubmissionDetail::ManualTab), QStringLiteral("Grading by hand"));
        QVERIFY(panel->removeButton(QStringLiteral("explain"))->isEnabled());
        QVERIFY2(panel->statusText().contains(QLatin1String("saved")), qPrintable(panel->statusText()));
        // Over the check's points is refused by the core, as `manual import` refuses it.
        QSignalSpy overrideFailed(detail, &SubmissionDetail::overrideFailed);
        detail->saveManualGrade(QStringLiteral("explain"), 3, QString());
        QVERIFY(overrideFailed.wait(20000));
        QVERIFY2(panel->statusText().contains(QLatin1String("which is worth 2")), qPrintable(panel->statusText()));

        // A forced regrade records a new run; the manual grade belongs to the submission and stays.
        finished.clear();
        reloaded = false;
        page->runStudents({QStringLiteral("keeps")}, true);
        QTRY_VERIFY_WITH_TIMEOUT(reloaded || !failed.isEmpty(), 600000);
        QVERIFY(failed.isEmpty());
        const EffectiveGrade regraded = stored(QStringLiteral("keeps"));
        QVERIFY(regraded.runId > keeps.runId);
        QCOMPARE(regraded.status, GradeStatus::Graded);
        QCOMPARE(*regraded.score(), keeps.autoScore + 1.5);
        shown.clear();
        page->showDetail(QStringLiteral("keeps"));
        QVERIFY(shown.wait(20000));
        QVERIFY(detail->manualPanel()->pointsBox(QStringLiteral("explain")));
        QCOMPARE(detail->manualPanel()->pointsBox(QStringLiteral("explain"))->value(), 1.5);
        QCOMPARE(detail->manualPanel()->commentEdit(QStringLiteral("explain"))->toPlainText(),
                 QStringLiteral("Right idea.\nSay why c*x falls behind."));

        // Override Selected…: keeps, wrong and edits (never run) selected; untouched is not.
        QTableView *table = page->table();
        table->clearSelection();
        for (const QString &s : {QStringLiteral("keeps"), QStringLiteral("wrong"), QStringLiteral("edits")}) {
            const QModelIndexList hits = page->proxy()->match(page->proxy()->index(0, SubmissionsModel::StudentColumn),
                                                              StudentRole, s, 1, Qt::MatchExactly);
            QCOMPARE(hits.size(), 1);
            table->selectionModel()->select(hits.constFirst(), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        }
        QVERIFY(page->overrideSelectedAction()->isEnabled());
        QVERIFY(table->actions().contains(page->overrideSelectedAction())); // the context menu
        page->overrideSelectedAction()->trigger();
        auto *dialog = page->findChild<OverrideDialog *>();
        QVERIFY(dialog);
        QVERIFY(!dialog->canAccept()); // the comment is required
        QVERIFY(dialog->setTarget(QStringLiteral("square-tests")));
        QCOMPARE(dialog->pointsBox()->maximum(), 2.0); // the check's points
        QVERIFY(dialog->setTarget(QString()));
        QCOMPARE(dialog->pointsBox()->maximum(), 11.0); // the assignment's
        dialog->setPoints(10);
        dialog->setComment(QStringLiteral("regrade request:\nagreed in office hours"));
        QVERIFY(dialog->canAccept());
        QSignalSpy bulk(page, &SubmissionsPage::overridesApplied);
        dialog->accept();
        QVERIFY(bulk.wait(20000));
        QStringList overridden = bulk.constFirst().at(0).toStringList();
        overridden.sort();
        QCOMPARE(overridden, (QStringList{QStringLiteral("keeps"), QStringLiteral("wrong")}));
        QCOMPARE(bulk.constFirst().at(1).toStringList(), QStringList{QStringLiteral("edits")});
        for (const QString &s : {QStringLiteral("keeps"), QStringLiteral("wrong")}) {
            const EffectiveGrade g = stored(s);
            QVERIFY2(g.submissionOverride, qPrintable(s));
            QCOMPARE(g.submissionOverride->points, 10.0);
            QCOMPARE(g.submissionOverride->comment, QStringLiteral("regrade request:\nagreed in office hours"));
            QCOMPARE(row(s).score, 10.0); // the row refreshed
        }
        QVERIFY(!stored(QStringLiteral("untouched")).submissionOverride);
        QVERIFY(!stored(QStringLiteral("edits")).runId); // still no run
        QVERIFY2(page->batchStatusText().contains(QLatin1String("Skipped (no graded run to override): edits.")),
                 qPrintable(page->batchStatusText()));
    }

    // Reviewing sam's run of tests/data/review, graded in the sandbox: the reason names his failing cell as the
    // notebook shows it and clicking it (or its execution-record row) scrolls the executed notebook to it; the
    // DataFrame check's values view marks the one differing cell; the Diff tab shows his changed answer highlighted.
    void reviewReasonsValuesAndDiffInTheSandbox()
    {
        AppSettings::resetToDefaults();
        SKIP_WITHOUT_BWRAP();
        QTemporaryDir dir;
        sandmark::test::copyTree(QStringLiteral(SANDMARK_TEST_DATA_DIR "/review"), dir.path());
        MemoryStore store;
        MainWindow w(nullptr, &store);
        SubmissionsPage *page = w.submissionsPage();
        QSignalSpy listed(page, &SubmissionsPage::submissionsListed);
        w.openAssignment(dir.path());
        QVERIFY(listed.wait(20000));
        QSignalSpy finished(page, &SubmissionsPage::batchFinished);
        QSignalSpy failed(page, &SubmissionsPage::batchFailed);
        page->runAll();
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty() || !failed.isEmpty(), 300000);
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.constFirst().constFirst().toString()));

        SubmissionDetail *detail = page->detail();
        page->showDetail(QStringLiteral("sam")); // shown at once, or when the gradebook has been read
        NotebookPreview *executed = detail->notebook();
        QTRY_VERIFY_WITH_TIMEOUT(detail->student() == QLatin1String("sam") && executed->notebookPath().endsWith(QLatin1String("executed.ipynb"))
                                     && !executed->isLoading() && executed->cellModel()->rowCount() == 6,
                                 20000);

        // (1) The reason names cells[4] by its execution count and first line, as the executed notebook shows it.
        const CellData extra = executed->cellModel()->cells().at(4);
        QVERIFY(extra.executionCount > 0);
        const QString label = QStringLiteral("In [%1]: summary['z'] = summary['x'] * unknown_factor").arg(extra.executionCount);
        QTRY_VERIFY_WITH_TIMEOUT(detail->summaryText().contains(label + QStringLiteral(" (cells[4]): raised NameError")), 10000);
        QCOMPARE(detail->cellLabels().value(4), label);
        // The summary links the cell; activating the link shows the notebook tab scrolled to that cell, selected.
        QLabel *summary = nullptr;
        for (QLabel *l : detail->findChildren<QLabel *>())
            if (l->accessibleName() == detail->tr("Grade summary"))
                summary = l;
        QVERIFY(summary);
        QVERIFY2(summary->text().contains(QStringLiteral("href=\"cell:4\"")), qPrintable(summary->text()));
        w.setCurrentPage(MainWindow::SubmissionsPage);
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        Q_EMIT summary->linkActivated(QStringLiteral("cell:4"));
        QCOMPARE(executed->selectedCell(), 4);
        const QRect shown = executed->view()->visualRect(executed->view()->currentIndex());
        QVERIFY2(executed->view()->viewport()->rect().intersects(shown), "the cell is scrolled into view");
        // An execution-record row does the same: click the row of cells[1] (the import).
        RecordCellsModel *record = detail->recordModel();
        int importRow = -1;
        for (int r = 0; r < record->rowCount(); ++r)
            if (record->index(r, 0).data(NotebookCellRole).toInt() == 1)
                importRow = r;
        QVERIFY(importRow >= 0);
        QVERIFY2(record->index(importRow, RecordCellsModel::IndexColumn).data().toString().startsWith(QStringLiteral("In [")),
                 qPrintable(record->index(importRow, RecordCellsModel::IndexColumn).data().toString()));
        detail->setCurrentTab(SubmissionDetail::RecordTab);
        QTableView *recordTable = nullptr;
        for (QTableView *t : detail->findChildren<QTableView *>())
            if (t->model() == record)
                recordTable = t;
        QVERIFY(recordTable);
        QTest::mouseClick(recordTable->viewport(), Qt::LeftButton, {}, recordTable->visualRect(record->index(importRow, 0)).center());
        QCOMPARE(executed->selectedCell(), 1);

        // (2) The DataFrame check's values: the one differing cell (y at row 1: 25.0 against 20.0) is marked.
        detail->setCurrentTab(SubmissionDetail::ChecksTab);
        qRegisterMetaType<ValuesDialog *>();
        QSignalSpy shownValues(detail, &SubmissionDetail::valuesShown);
        QSignalSpy valuesFailed(detail, &SubmissionDetail::valuesFailed);
        CheckResultsModel *checks = detail->checksModel();
        int summaryRow = -1;
        for (int r = 0; r < checks->rowCount(); ++r)
            if (checks->index(r, 0).data(CheckIdRole).toString() == QLatin1String("summary"))
                summaryRow = r;
        QVERIFY(summaryRow >= 0);
        QCOMPARE(checks->index(summaryRow, CheckResultsModel::OutcomeColumn).data().toString(), QStringLiteral("fail"));
        QTableView *checksTable = nullptr;
        for (QTableView *t : detail->findChildren<QTableView *>())
            if (t->model() == checks)
                checksTable = t;
        QVERIFY(checksTable);
        checksTable->setCurrentIndex(checks->index(summaryRow, 0));
        QVERIFY(detail->showValuesButton()->isEnabled());
        // A double-click on the check's row opens the values (as Show Values… does).
        const QPoint at = checksTable->visualRect(checks->index(summaryRow, 0)).center();
        QTest::mouseClick(checksTable->viewport(), Qt::LeftButton, {}, at);
        QTest::mouseDClick(checksTable->viewport(), Qt::LeftButton, {}, at);
        QTRY_VERIFY_WITH_TIMEOUT(!shownValues.isEmpty() || !valuesFailed.isEmpty(), 20000);
        QVERIFY2(valuesFailed.isEmpty(), valuesFailed.isEmpty() ? "" : qPrintable(valuesFailed.constFirst().constFirst().toString()));
        auto *values = shownValues.constFirst().constFirst().value<ValuesDialog *>();
        QVERIFY(values);
        ValueTableModel *actual = values->actualModel();
        QAbstractItemModelTester t1(actual, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(values->expectedModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(actual->rowCount(), 3);
        QCOMPARE(actual->columnCount(), 2);
        QCOMPARE(actual->headerData(1, Qt::Horizontal).toString(), QStringLiteral("'y'"));
        QCOMPARE(actual->index(1, 1).data().toString(), QStringLiteral("25.0"));
        QCOMPARE(values->expectedModel()->index(1, 1).data().toString(), QStringLiteral("20.0"));
        int marked = 0;
        for (int r = 0; r < actual->rowCount(); ++r)
            for (int c = 0; c < actual->columnCount(); ++c)
                marked += actual->index(r, c).data(DifferRole).toBool() ? 1 : 0;
        QCOMPARE(marked, 1);
        QVERIFY(actual->index(1, 1).data(DifferRole).toBool());
        QVERIFY(actual->index(1, 1).data(Qt::BackgroundRole).isValid());
        QVERIFY(!actual->index(1, 0).data(Qt::BackgroundRole).isValid());
        values->close();

        // (3) The Diff tab: his answer cell changed, highlighted; his extra cell added; unchanged cells collapsed.
        QTRY_VERIFY_WITH_TIMEOUT(detail->diffView()->model()->rowCount() == 6, 20000);
        CellDiffModel *diff = detail->diffView()->model();
        QAbstractItemModelTester t3(diff, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(detail->isTabEnabled(SubmissionDetail::DiffTab));
        const QModelIndex answer = diff->index(3);
        QCOMPARE(answer.data(DiffChangeRole).toInt(), int(CellDiff::Change::Changed));
        QVERIFY(answer.data(DiffAnswerRole).toBool());
        QCOMPARE(answer.data(Qt::BackgroundRole).value<QColor>(), QColor(0xff, 0xe8, 0xa3));
        QVERIFY2(answer.data().toString().contains(QStringLiteral("+summary = pd.DataFrame({'x': [1.0, 2.0, 3.0], 'y': [10.0, 25.0, 30.0]})")),
                 qPrintable(answer.data().toString()));
        QCOMPARE(diff->index(4).data(DiffChangeRole).toInt(), int(CellDiff::Change::Added));
        QVERIFY(!diff->index(0).data().toString().contains(QStringLiteral("A table to build")));
        detail->diffView()->showUnchangedBox()->setChecked(true);
        QVERIFY(diff->index(0).data().toString().contains(QStringLiteral("A table to build")));
        QVERIFY2(detail->diffView()->summaryText().startsWith(QStringLiteral("review.ipynb against its release: 1 ")),
                 qPrintable(detail->diffView()->summaryText()));
    }

    // A student's answer cell of 30 MiB (a "#" and 30 MiB of "x" after his answer) against the release: the diff is
    // computed on the thread pool (the tab says "Comparing…" until diffLoaded() comes from the event loop), the cell
    // is changed with both sides' sizes and a bounded, non-empty head of each (celldiff.h, kCellDiffMaxChars), and
    // the tab lays it out without holding up the GUI thread. Prints the figures (GUI-thread stalls, layout, peak RSS).
    void diffOfAHugeCellIsBoundedAndAsynchronous()
    {
        QTemporaryDir dir;
        const QString executed = dir.filePath(u"executed.ipynb"_qs);
        qsizetype studentChars = 0;
        {
            QFile in(QStringLiteral(SANDMARK_TEST_DATA_DIR "/review/submissions/sam/review.ipynb"));
            QVERIFY(in.open(QIODevice::ReadOnly));
            QJsonObject nb = QJsonDocument::fromJson(in.readAll()).object();
            QJsonArray cells = nb.value(u"cells"_qs).toArray();
            QJsonObject q1 = cells.at(3).toObject();
            QString source = q1.value(u"source"_qs).toString(); // a string, or a list of lines
            for (const QJsonValue &l : q1.value(u"source"_qs).toArray())
                source += l.toString();
            source += u"\n#"_qs + QString(30 * 1024 * 1024, QLatin1Char('x'));
            studentChars = source.size();
            q1.insert(u"source"_qs, source);
            cells.replace(3, q1);
            nb.insert(u"cells"_qs, cells);
            QFile out(executed);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(QJsonDocument(nb).toJson(QJsonDocument::Compact));
        }
        auto assignment = Assignment::load(QStringLiteral(SANDMARK_TEST_DATA_DIR "/review"));
        QVERIFY(assignment);

        SubmissionDetail detail;
        detail.resize(1000, 700);
        detail.setAssignment(*assignment);
        detail.setCurrentTab(SubmissionDetail::DiffTab);
        detail.show();
        QVERIFY(QTest::qWaitForWindowExposed(&detail));
        CellDiffModel *diff = detail.diffView()->model();
        QAbstractItemModelTester tester(diff, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy loaded(&detail, &SubmissionDetail::diffLoaded);

        // The probe: the longest gap between two 5 ms ticks of the GUI thread's event loop.
        QElapsedTimer clock;
        clock.start();
        qint64 last = 0, longest = 0, before = 0, loadedAt = -1, longestAfterLoad = 0;
        QTimer tick;
        tick.setInterval(5);
        connect(&tick, &QTimer::timeout, &detail, [&] {
            longest = qMax(longest, clock.elapsed() - last);
            if (loadedAt >= 0)
                longestAfterLoad = qMax(longestAfterLoad, clock.elapsed() - last);
            if (clock.elapsed() - last > 50) // which part of the detail held it up (the notebook tab loads the file too)
                qInfo("GUI-thread stall of %lld ms, ending %lld ms after setResult()", clock.elapsed() - last, clock.elapsed() - before);
            last = clock.elapsed();
        });
        tick.start();
        before = clock.elapsed();
        detail.setResult(u"sam"_qs, GradeResult{}, {}, executed, QString());
        const qint64 setResultMs = clock.elapsed() - before;
        last = clock.elapsed();
        // Asynchronous: nothing is diffed inside setResult(); the tab says so until the pool's result arrives.
        QCOMPARE(loaded.size(), 0);
        QCOMPARE(diff->rowCount(), 0);
        QCOMPARE(detail.diffView()->summaryText(), detail.tr("Comparing with the release…"));
        // The stall that matters here: from the diff's arrival (the model reset, the view's layout and paint) on.
        connect(&detail, &SubmissionDetail::diffLoaded, &detail, [&] {
            longestAfterLoad = qMax(longestAfterLoad, clock.elapsed() - last);
            loadedAt = clock.elapsed();
        });
        QVERIFY(loaded.wait(120000));
        const qint64 loadedMs = clock.elapsed() - before;
        QTest::qWait(300); // painted, and a quiet 300 ms
        const qint64 stall = longest;
        QElapsedTimer paint;
        paint.start();
        const QPixmap shot = detail.diffView()->view()->viewport()->grab();
        const qint64 paintMs = paint.elapsed();
        tick.stop();
        qint64 peakKb = 0;
        {
            QFile status(u"/proc/self/status"_qs);
            if (status.open(QIODevice::ReadOnly))
                for (const QByteArray &l : status.readAll().split('\n'))
                    if (l.startsWith("VmHWM:"))
                        peakKb = l.mid(6).trimmed().split(' ').value(0).toLongLong();
        }
        qInfo("huge-cell diff: setResult %lld ms, diffLoaded after %lld ms, longest GUI-thread stall %lld ms (from the "
              "diff's arrival on: %lld ms), repaint of the diff view %lld ms, peak RSS %lld MiB",
              setResultMs, loadedMs, stall, longestAfterLoad, paintMs, peakKb / 1024);

        QCOMPARE(diff->rowCount(), 6);
        const QModelIndex q1 = diff->index(3);
        QCOMPARE(q1.data(DiffChangeRole).toInt(), int(CellDiff::Change::Changed));
        QVERIFY(q1.data(DiffAnswerRole).toBool());
        const CellDiff &cell = diff->diff().cells.at(3);
        QVERIFY(cell.tooLarge);
        QCOMPARE(cell.studentChars, studentChars);
        QCOMPARE(cell.studentLines, qsizetype(2));
        const QString text = q1.data().toString();
        QVERIFY2(text.size() < 8000, qPrintable(QString::number(text.size())));
        QVERIFY2(text.contains(u"+summary = pd.DataFrame({'x': [1.0, 2.0, 3.0], 'y': [10.0, 25.0, 30.0]})"_qs), qPrintable(text));
        QVERIFY2(text.contains(u"+#xxxx"_qs), qPrintable(text));
        QVERIFY2(text.contains(u"-# YOUR CODE HERE"_qs), qPrintable(text));
        QVERIFY2(text.contains(QLocale().toString(qlonglong(cell.studentChars))), qPrintable(text));
        // Every row's text is bounded, and the view paints the cell (not an empty block).
        for (int r = 0; r < diff->rowCount(); ++r)
            QVERIFY(diff->index(r).data().toString().size() < 8000);
        QVERIFY(!shot.isNull());
        QVERIFY(detail.diffView()->view()->sizeHintForRow(3) < 2000);

        // A cell under the bounds is diffed line by line, and the row shows at most kShownLines lines of at most
        // kShownLineChars characters, then says how many it leaves out.
        NotebookDiff many;
        CellDiff d;
        d.change = CellDiff::Change::Added;
        d.studentIndex = 0;
        for (int i = 0; i < 1000; ++i)
            d.lines << u"+"_qs + QString(1000, QLatin1Char('y'));
        many.cells << d;
        CellDiffModel bounded;
        bounded.setDiff(many);
        const QStringList rows = bounded.index(0).data().toString().split(QLatin1Char('\n'));
        QCOMPARE(rows.size(), 1 + CellDiffModel::kShownLines + 1);
        QCOMPARE(rows.at(1), u"+"_qs + QString(CellDiffModel::kShownLineChars - 1, QLatin1Char('y')) + QChar(0x2026));
        QVERIFY2(rows.last().contains(u"400 of 1,000 shown"_qs), qPrintable(rows.last()));
    }

    // The Checks page shows the grades that grading now would leave as the checks are edited (previewRegrade()):
    // after a batch, a tighter tolerance moves carol's typed-in corr out of the top bin with no sandbox started and
    // nothing recorded; a test's new code waits for the next run, and says so.
    void checksPageForeseesTheGrades()
    {
        AppSettings::resetToDefaults();
        SKIP_WITHOUT_BWRAP();
        QTemporaryDir dir;
        QVERIFY(copyIrisWith(dir.path(), {QStringLiteral("alice"), QStringLiteral("carol")}));
        // zed's notebook does not parse: recorded without a sandbox (needs review), counted apart as `grade --dry-run` does.
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("submissions/zed"))));
        QVERIFY(test::writeFile(dir.filePath(QStringLiteral("submissions/zed/iris-analysis.ipynb")), "{\"cells\": ["));
        MemoryStore store;
        MainWindow w(nullptr, &store);
        ChecksPage *checks = w.checksPage();
        QSignalSpy shown(checks, &ChecksPage::previewShown);
        QSignalSpy listed(w.submissionsPage(), &SubmissionsPage::submissionsListed);
        w.openAssignment(dir.path());
        QVERIFY(listed.wait(20000));
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 20000);
        QVERIFY2(checks->previewText().contains(QLatin1String("once submissions are graded")), qPrintable(checks->previewText()));

        QSignalSpy finished(w.submissionsPage(), &SubmissionsPage::batchFinished);
        QSignalSpy failed(w.submissionsPage(), &SubmissionsPage::batchFailed);
        shown.clear();
        w.submissionsPage()->runAll();
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty() || !failed.isEmpty(), 600000);
        QVERIFY(failed.isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 20000); // recomputed when the batch recorded its results
        QVERIFY2(checks->previewText().contains(QLatin1String("0 regraded")), qPrintable(checks->previewText()));
        QCOMPARE(checks->previewCounts().value(9), 2); // alice and carol: 8 of 8

        auto gb = Gradebook::open(Gradebook::defaultPath(dir.path()));
        QVERIFY(gb);
        const qint64 runs = *(*gb)->runCount();
        shown.clear();
        QSignalSpy opened(&w, &MainWindow::assignmentOpened);
        CheckEdit tighter;
        tighter.set(QStringLiteral("rtol"), 1e-6);
        checks->applyEdit(3, tighter); // corr
        QVERIFY(opened.wait(20000));
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 20000);
        const QString text = checks->previewText();
        QVERIFY2(text.contains(QLatin1String("2 regraded from stored values without running (1 grade(s) change), 1 cannot "
                                             "run (recorded as needs review or grader error), 0 would run again")),
                 qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("mean 7.0, median 7.0 of 8")) && text.contains(QLatin1String("now: mean 8.0")), qPrintable(text));
        QCOMPARE(checks->previewCounts().value(9), 1); // alice
        QCOMPARE(checks->previewCounts().value(7), 1); // carol: 6 of 8
        QCOMPARE(*(*gb)->runCount(), runs);             // nothing recorded

        shown.clear();
        CheckEdit code;
        code.set(QStringLiteral("code"), QStringLiteral("assert corr != 0.9629"));
        checks->applyEdit(4, code); // corr-hidden
        QVERIFY(opened.wait(20000));
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 20000);
        QVERIFY2(checks->previewText().contains(QLatin1String("known after the next run")), qPrintable(checks->previewText()));
        QVERIFY(checks->previewCounts().isEmpty());
    }

    void gradeThreeSubmissionsInTheSandbox()
    {
        // The whole flow with the real sandbox (the backend chosen in Preferences is bwrap here), the real
        // kernel and the real gradebook: open the example, grade three submissions, watch the table fill in,
        // read a result check by check, override it, see the Results page and export CSV.
        AppSettings::resetToDefaults();
        SKIP_WITHOUT_BWRAP();
        QTemporaryDir dir;
        QVERIFY(copyIrisWith(dir.path(), {QStringLiteral("alice"), QStringLiteral("bob"), QStringLiteral("judy")}));
        MemoryStore store;
        MainWindow w(nullptr, &store);
        SubmissionsPage *page = w.submissionsPage();
        QSignalSpy listed(page, &SubmissionsPage::submissionsListed);
        w.openAssignment(dir.path());
        QVERIFY(listed.wait(20000));
        SubmissionsModel *m = page->model();
        QAbstractItemModelTester tester(page->proxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(m->rowCount(), 3);

        QList<QString> live; // students whose row changed while the batch ran
        SubmissionDetail *detail = page->detail();
        // The first submission that ran in a sandbox and finished while the batch still runs: its detail
        // shows that run's executed notebook, record and log at once, before the batch ends.
        QString liveStudent;
        bool liveArtifactsShown = false, liveWhileRunning = false;
        connect(detail, &SubmissionDetail::artifactsLoaded, this, [&] {
            if (liveStudent.isEmpty() || detail->student() != liveStudent || liveArtifactsShown)
                return;
            liveArtifactsShown = detail->artifactsStatusText().isEmpty() && detail->isTabEnabled(SubmissionDetail::NotebookTab)
                                 && detail->isTabEnabled(SubmissionDetail::RecordTab) && detail->isTabEnabled(SubmissionDetail::LogTab)
                                 && detail->recordMessagesText().contains(QLatin1String("Run status: completed"));
        });
        connect(page, &SubmissionsPage::resultRecorded, this, [&](const QString &s) {
            live << s;
            QCOMPARE(m->rows().at(m->rowOf(s)).state == SubmissionsModel::State::Running, false);
            QVERIFY(page->isRunning()); // the row filled in before the batch ended
            const SubmissionsModel::Row r = m->rows().at(m->rowOf(s));
            if (s == QLatin1String("judy")) { // its notebook does not parse: no sandbox ran, and the row says so
                QCOMPARE(r.backend, QString());
                QCOMPARE(r.durationS, -1.0);
            } else if (liveStudent.isEmpty()) {
                QCOMPARE(r.backend, QStringLiteral("bwrap"));
                liveStudent = s;
                liveWhileRunning = page->isRunning();
                page->showDetail(s);
            }
        });
        QSignalSpy finished(page, &SubmissionsPage::batchFinished);
        QSignalSpy failed(page, &SubmissionsPage::batchFailed);
        bool reloaded = false; // the gradebook was read again after the batch ended
        connect(page, &SubmissionsPage::gradesLoaded, this, [&] {
            if (!finished.isEmpty())
                reloaded = true;
        });
        BatchSummary summary;
        connect(page, &SubmissionsPage::batchFinished, this, [&](const BatchSummary &s) { summary = s; });
        page->runAll();
        QVERIFY(page->isRunning());
        QVERIFY(page->progressBar()->isVisible() || !page->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty() || !failed.isEmpty(), 600000);
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.constFirst().constFirst().toString()));
        QCOMPARE(live.size(), 3);
        QCOMPARE(summary.total, 3);
        QVERIFY(liveWhileRunning);
        QTRY_VERIFY_WITH_TIMEOUT(liveArtifactsShown, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(reloaded, 20000); // durations and backends as the gradebook recorded them
        // The Health page knows the batch's reference run: never "Not run yet" right after grading.
        HealthItem reference;
        for (const HealthItem &item : w.healthPage()->model()->items())
            if (item.id == QLatin1String("reference"))
                reference = item;
        QCOMPARE(reference.state, HealthModel::State::Ok);
        QVERIFY2(reference.detail.startsWith(QLatin1String("Succeeded")), qPrintable(reference.detail));

        auto row = [&](const QString &s) { return m->rows().at(m->rowOf(s)); };
        QCOMPARE(row(QStringLiteral("alice")).state, SubmissionsModel::State::Graded);
        QCOMPARE(row(QStringLiteral("alice")).score, 8.0);
        QCOMPARE(row(QStringLiteral("alice")).backend, QStringLiteral("bwrap"));
        QVERIFY(row(QStringLiteral("alice")).durationS > 0);
        // judy's notebook does not parse: needs review with the reason, never a silent zero or "not run".
        QCOMPARE(row(QStringLiteral("judy")).state, SubmissionsModel::State::NeedsReview);
        QVERIFY(!row(QStringLiteral("judy")).reasons.isEmpty());
        // ... and no sandbox ran for it: no backend and no run time, as the gradebook recorded them.
        QCOMPARE(row(QStringLiteral("judy")).backend, QString());
        QCOMPARE(row(QStringLiteral("judy")).durationS, -1.0);
        const int judyRow = m->rowOf(QStringLiteral("judy"));
        QCOMPARE(m->index(judyRow, SubmissionsModel::BackendColumn).data().toString(), QStringLiteral("\u2014"));
        QCOMPARE(m->index(judyRow, SubmissionsModel::DurationColumn).data().toString(), QStringLiteral("\u2014"));
        QCOMPARE(m->index(m->rowOf(QStringLiteral("alice")), SubmissionsModel::BackendColumn).data().toString(), QStringLiteral("bwrap"));
        QVERIFY(m->index(m->rowOf(QStringLiteral("alice")), SubmissionsModel::StatusColumn).data(Qt::DecorationRole).isValid());

        // Sort by score, filter by status.
        page->proxy()->sort(SubmissionsModel::ScoreColumn, Qt::DescendingOrder);
        QCOMPARE(page->proxy()->index(0, 0).data().toString(), QStringLiteral("alice"));
        page->filterEdit()->setText(QStringLiteral("needs-review"));
        QCOMPARE(page->proxy()->rowCount(), 1);
        page->filterEdit()->clear();

        // The detail shows bob's checks (read from the gradebook for this one student); an override with a
        // comment is kept beside the automatic score.
        QSignalSpy artifactsLoaded(detail, &SubmissionDetail::artifactsLoaded);
        QSignalSpy detailShown(page, &SubmissionsPage::detailShown);
        page->showDetail(QStringLiteral("bob"));
        QVERIFY(detailShown.wait(20000));
        QCOMPARE(detailShown.constFirst().constFirst().toString(), QStringLiteral("bob"));
        QCOMPARE(detail->student(), QStringLiteral("bob"));
        QCOMPARE(detail->checksModel()->rowCount(), 5);
        // The run's artifacts, read from the folder the gradebook recorded (off the GUI thread): the executed
        // notebook with its cells, the execution record with its status, the log.
        QTRY_VERIFY_WITH_TIMEOUT(!artifactsLoaded.isEmpty(), 20000);
        QVERIFY2(detail->artifactsStatusText().isEmpty(), qPrintable(detail->artifactsStatusText()));
        QVERIFY(detail->isTabEnabled(SubmissionDetail::NotebookTab));
        QVERIFY(detail->isTabEnabled(SubmissionDetail::RecordTab));
        QVERIFY(detail->isTabEnabled(SubmissionDetail::LogTab));
        QTRY_VERIFY_WITH_TIMEOUT(detail->notebook()->cellModel()->rowCount() >= 5, 20000);
        // The executed notebook is only ever shown as itself, labelled with whose run it is: no view choice (a
        // Release chosen once used to stick and show every later student the blank release).
        NotebookPreview *executed = detail->notebook();
        QVERIFY2(executed->notebookLabel().contains(QLatin1String("bob")), qPrintable(executed->notebookLabel()));
        QVERIFY(!executed->isKindAvailable(PreviewKind::Release));
        QVERIFY(!executed->isKindAvailable(PreviewKind::Instrumented));
        executed->setKind(PreviewKind::Release);
        QCOMPARE(executed->kind(), PreviewKind::Instructor);
        QVERIFY(executed->notebookPath().endsWith(QLatin1String("/executed.ipynb")));
        QTRY_VERIFY_WITH_TIMEOUT(!executed->isLoading(), 20000);
        int executedCells = 0;
        for (const CellData &c : executed->cellModel()->cells())
            executedCells += c.executionCount >= 0 ? 1 : 0;
        QVERIFY(executedCells >= 5); // what ran (a release has no execution counts)
        QVERIFY2(detail->recordMessagesText().contains(QLatin1String("Run status: completed")), qPrintable(detail->recordMessagesText()));
        QVERIFY(detail->recordModel()->rowCount() >= 5);
        QCOMPARE(detail->recordModel()->index(0, RecordCellsModel::StatusColumn).data().toString(), QStringLiteral("ok"));
        const double bobAuto = row(QStringLiteral("bob")).score;
        QSignalSpy applied(detail, &SubmissionDetail::overrideApplied);
        detail->applyOverride(QString(), 7, QStringLiteral("discussed in office hours"));
        QVERIFY(applied.wait(20000));
        QCOMPARE(row(QStringLiteral("bob")).score, 7.0);
        QVERIFY(row(QStringLiteral("bob")).overridden);
        QVERIFY2(detail->summaryText().contains(QStringLiteral("automatic: %1").arg(QLocale().toString(bobAuto, 'g', 6))),
                 qPrintable(detail->summaryText()));
        // An override can be removed (the automatic score counts again), then set again.
        QVERIFY(detail->hasOverride(QString()));
        applied.clear();
        detail->removeOverride(QString());
        QVERIFY(applied.wait(20000));
        QVERIFY(!detail->hasOverride(QString()));
        QCOMPARE(row(QStringLiteral("bob")).score, bobAuto);
        QVERIFY(!row(QStringLiteral("bob")).overridden);
        QVERIFY2(detail->overrideStatusText().startsWith(QLatin1String("Override removed")), qPrintable(detail->overrideStatusText()));
        applied.clear();
        detail->applyOverride(QString(), 7, QStringLiteral("discussed in office hours"));
        QVERIFY(applied.wait(20000));
        QCOMPARE(row(QStringLiteral("bob")).score, 7.0);

        // A deleted artifacts folder (cache cleanup) is said, not shown as an empty notebook; judy's notebook never
        // ran, so there are no artifacts at all.
        const QList<EffectiveGrade> recorded = readGradebook(Gradebook::defaultPath(dir.path()))->grades;
        QString aliceArtifacts;
        for (const EffectiveGrade &g : recorded) {
            if (g.studentId == QLatin1String("alice"))
                aliceArtifacts = g.artifacts;
            if (g.studentId == QLatin1String("judy"))
                QCOMPARE(g.artifacts, QString());
        }
        QVERIFY(QFileInfo::exists(aliceArtifacts + QStringLiteral("/executed.ipynb")));
        QVERIFY(QDir(aliceArtifacts).removeRecursively());
        artifactsLoaded.clear();
        page->showDetail(QStringLiteral("alice"));
        QVERIFY(artifactsLoaded.wait(20000));
        QVERIFY2(detail->artifactsStatusText().contains(QLatin1String("has since been deleted")), qPrintable(detail->artifactsStatusText()));
        QVERIFY(!detail->isTabEnabled(SubmissionDetail::NotebookTab));
        QVERIFY(!detail->isTabEnabled(SubmissionDetail::RecordTab));
        QCOMPARE(detail->checksModel()->rowCount(), 5); // the grade itself is still there
        artifactsLoaded.clear();
        page->showDetail(QStringLiteral("judy"));
        QVERIFY(artifactsLoaded.wait(20000));
        QVERIFY(detail->artifactsStatusText().contains(QLatin1String("no run artifacts")));

        // Results: three submissions; export CSV with the override.
        QTRY_VERIFY_WITH_TIMEOUT(w.resultsPage()->summary().submissions == 3, 20000);
        const QString csv = dir.filePath(QStringLiteral("grades.csv"));
        QSignalSpy exported(w.resultsPage(), &ResultsPage::exported);
        w.resultsPage()->exportGrades(csv, GradeExportFormat::Csv);
        QVERIFY(exported.wait(20000));
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QVERIFY(text.contains("alice,8,8,graded"));
        QVERIFY(text.contains("bob,7,8,"));
        QVERIFY(text.contains("discussed in office hours"));

        // The Export menu offers every export the CLI has: Canvas's CSV in the column asked for (as
        // `export --format canvas --canvas-column`), and the HTML feedback pages (as `feedback`).
        ResultsPage *results = w.resultsPage();
        QStringList menu;
        for (QAction *a : results->exportActions())
            menu << a->text();
        QCOMPARE(menu, (QStringList{QStringLiteral("Grades &CSV…"), QStringLiteral("C&anvas Gradebook CSV…"),
                                    QStringLiteral("HTML &Feedback Pages…")}));
        const QString canvas = dir.filePath(QStringLiteral("canvas.csv"));
        exported.clear();
        results->exportGrades(canvas, GradeExportFormat::Canvas, QStringLiteral("HW1, iris (4711)"));
        QVERIFY(exported.wait(20000));
        QCOMPARE(exported.constFirst().at(1).toInt(), 3);
        const QList<QByteArray> canvasLines = readBytes(canvas).split('\n');
        QCOMPARE(canvasLines.at(0), QByteArray("Student,ID,SIS User ID,SIS Login ID,Section,\"HW1, iris (4711)\"\r"));
        QCOMPARE(canvasLines.at(1), QByteArray("    Points Possible,,,,,8\r"));
        QVERIFY(canvasLines.contains(QByteArray(",bob,,,,7\r")));
        QVERIFY(canvasLines.contains(QByteArray(",alice,,,,8\r")));
        // judy's notebook cannot be read (needs-review, not marked reviewed): left empty, and the status says so.
        QVERIFY(canvasLines.contains(QByteArray(",judy,,,,\r")));
        QVERIFY2(results->exportStatusText().contains(QStringLiteral("3 student(s) written to"))
                     && results->exportStatusText().contains(QStringLiteral("; 1 left empty: a person has still to finish")),
                 qPrintable(results->exportStatusText()));
        // Through the menu: Canvas Gradebook CSV… asks for the column, then for the file.
        const QString viaMenu = dir.filePath(QStringLiteral("canvas-menu.csv"));
        QTimer answer;
        answer.setInterval(50);
        connect(&answer, &QTimer::timeout, &answer, [&] {
            if (auto *input = qobject_cast<QInputDialog *>(QApplication::activeModalWidget())) {
                QCOMPARE(input->textValue(), QStringLiteral("Iris basics: loading and summarising a data set"));
                input->setTextValue(QStringLiteral("HW2 (12)"));
                input->accept();
            } else if (auto *files = qobject_cast<QFileDialog *>(QApplication::activeModalWidget())) {
                auto *name = files->findChild<QLineEdit *>(QStringLiteral("fileNameEdit"));
                QVERIFY(name);
                QCOMPARE(name->text(), QStringLiteral("iris-basics-canvas.csv")); // the suggestion, beside the assignment
                name->setText(QFileInfo(viaMenu).fileName());
                static_cast<QDialog *>(files)->accept(); // QFileDialog::accept() checks the name, as a click would
            }
        });
        answer.start();
        exported.clear();
        results->exportActions().at(1)->trigger();
        QVERIFY(exported.wait(20000));
        answer.stop();
        QCOMPARE(exported.constFirst().at(0).toString(), viaMenu);
        QVERIFY(readBytes(viaMenu).startsWith("Student,ID,SIS User ID,SIS Login ID,Section,HW2 (12)\r\n"));
        const QString feedback = dir.filePath(QStringLiteral("feedback"));
        exported.clear();
        results->exportFeedback(feedback);
        QVERIFY(exported.wait(60000));
        QCOMPARE(exported.constFirst().at(0).toString(), feedback);
        QCOMPARE(exported.constFirst().at(1).toInt(), 3);
        QCOMPARE(QDir(feedback).entryList(QDir::Files, QDir::Name),
                 (QStringList{QStringLiteral("alice.html"), QStringLiteral("bob.html"), QStringLiteral("judy.html")}));
        const QString bobPage = QString::fromUtf8(readBytes(feedback + QStringLiteral("/bob.html")));
        QVERIFY(bobPage.contains(QStringLiteral("Iris basics: loading and summarising a data set")));
        QVERIFY(bobPage.contains(QStringLiteral("discussed in office hours")));
        QVERIFY(bobPage.contains(QStringLiteral("read_csv"))); // bob's executed notebook is in it
        // alice's run folder was deleted above, judy never had one: their pages show the scores only, and say so.
        QVERIFY2(results->exportStatusText().contains(QStringLiteral("3 feedback page(s) written"))
                     && results->exportStatusText().contains(QStringLiteral("2 with the scores only")),
                 qPrintable(results->exportStatusText()));
        // A file that cannot be written: the error names it, nothing is said to be written.
        QSignalSpy exportFailed(results, &ResultsPage::exportFailed);
        results->exportGrades(dir.filePath(QStringLiteral("no/such/folder/x.csv")), GradeExportFormat::Csv);
        QVERIFY(exportFailed.wait(20000));
        QVERIFY2(exportFailed.constFirst().at(0).toString().contains(QStringLiteral("no/such/folder/x.csv")),
                 qPrintable(exportFailed.constFirst().at(0).toString()));
        QVERIFY(results->exportStatusText().startsWith(QStringLiteral("Export failed: ")));

        // Running all again skips the unchanged submissions and keeps the override.
        finished.clear();
        reloaded = false;
        page->runAll();
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty() || !failed.isEmpty(), 600000);
        QVERIFY(failed.isEmpty());
        QVERIFY(summary.skipped >= 2);
        QTRY_VERIFY_WITH_TIMEOUT(reloaded, 20000);
        QCOMPARE(row(QStringLiteral("bob")).score, 7.0);

        // Opened again (as after grading with the CLI): the Health page's batch estimate comes from the run
        // times the gradebook recorded, without a batch in this window.
        MainWindow again(nullptr, &store);
        QSignalSpy loadedAgain(again.submissionsPage(), &SubmissionsPage::gradesLoaded);
        again.openAssignment(dir.path());
        QVERIFY(loadedAgain.wait(20000));
        const HealthItem *batch = again.healthPage()->model()->item(QStringLiteral("batch-time"));
        QVERIFY(batch);
        QCOMPARE(batch->state, HealthModel::State::Ok);
        QVERIFY2(batch->detail.contains(QLatin1String("(measured on graded submissions); 3 submission(s)")), qPrintable(batch->detail));
    }

    void checksShowReferenceValues()
    {
        AppSettings::resetToDefaults();
        SKIP_WITHOUT_BWRAP();
        QTemporaryDir dir;
        copyIris(dir.path());
        MemoryStore store;
        MainWindow w(nullptr, &store);
        QSignalSpy opened(&w, &MainWindow::assignmentOpened);
        w.openAssignment(dir.path());
        QVERIFY(opened.wait(20000));
        ChecksPage *page = w.checksPage();
        QAbstractItemModelTester tester(page->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy shown(page, &ChecksPage::referenceShown);
        QSignalSpy failed(page, &ChecksPage::referenceFailed);
        page->runReference();
        QVERIFY(page->isRunningReference());
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty() || !failed.isEmpty(), 300000);
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.constFirst().constFirst().toString()));
        // n_rows is the iris data set's row count, as the instructor notebook computes it.
        const QString nRows = page->model()->index(0, ChecksModel::ReferenceColumn).data().toString();
        QVERIFY2(nRows.startsWith(QLatin1String("150")) && nRows.contains(QLatin1String("int")), qPrintable(nRows));
        QCOMPARE(page->model()->index(4, ChecksModel::ReferenceColumn).data().toString(), QStringLiteral("passes on the reference run")); // a test check (issue 19)
        // The Health page takes the reference run's outcome.
        const HealthModel *health = w.healthPage()->model();
        QCOMPARE(health->item(QStringLiteral("reference"))->state, HealthModel::State::Ok);
        // with its cell times: the slowest cell and the limit it is measured against
        QVERIFY2(health->item(QStringLiteral("slowest-cells"))->detail.contains(QLatin1String("limit 15.0 s per cell")),
                 qPrintable(health->item(QStringLiteral("slowest-cells"))->detail));
        QCOMPARE(health->item(QStringLiteral("slowest-cells"))->state, HealthModel::State::Ok);
        // Then the notebook's imports (numpy, pandas) under the limits, in the sandbox: the environment row says
        // they fit, with the address space they take.
        QSignalSpy imports(w.healthPage(), &HealthPage::importsChecked);
        QTRY_VERIFY_WITH_TIMEOUT(!imports.isEmpty() || health->item(QStringLiteral("environment"))->detail.startsWith(QLatin1String("Ready; ")),
                                 300000);
        const HealthItem *env = health->item(QStringLiteral("environment"));
        QVERIFY2(env->detail.startsWith(QLatin1String("Ready; the notebook's 2 import(s) start under the limits, taking ")),
                 qPrintable(env->detail));
        QCOMPARE(env->state, HealthModel::State::Ok);
    }

    // The preview's Instructor view shows the reference run's outputs (issue 19): none and why before a run; after Run
    // Reference the executed instructor notebook's outputs, labelled with the run and when; after the notebook changes,
    // no stale outputs but a line saying the last run ran an earlier version. The Release view has none.
    void instructorViewShowsTheReferenceRunsOutputs()
    {
        AppSettings::resetToDefaults();
        SKIP_WITHOUT_BWRAP();
        QTemporaryDir dir;
        copyIris(dir.path());
        const QString marker = QStringLiteral("reference output %1 %2").arg(QCoreApplication::applicationPid()).arg(QDateTime::currentMSecsSinceEpoch());
        const QString notebookPath = dir.filePath(QStringLiteral("iris-analysis.ipynb"));
        auto appendCell = [&](const QString &source) {
            QJsonObject nb = QJsonDocument::fromJson(readBytes(notebookPath)).object();
            QJsonArray cells = nb.value(QLatin1String("cells")).toArray();
            cells.append(QJsonObject{{QStringLiteral("cell_type"), QStringLiteral("code")},
                                     {QStringLiteral("execution_count"), QJsonValue::Null},
                                     {QStringLiteral("id"), QStringLiteral("marker-%1").arg(cells.size())},
                                     {QStringLiteral("metadata"), QJsonObject{}},
                                     {QStringLiteral("outputs"), QJsonArray{}},
                                     {QStringLiteral("source"), source}});
            nb.insert(QStringLiteral("cells"), cells);
            QFile f(notebookPath);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(QJsonDocument(nb).toJson());
        };
        appendCell(QStringLiteral("print(%1)").arg(QString::fromUtf8(QJsonDocument(QJsonArray{marker}).toJson(QJsonDocument::Compact)).mid(1).chopped(1)));
        MemoryStore store;
        MainWindow w(nullptr, &store);
        NotebookPreview *preview = w.preview();
        QSignalSpy opened(&w, &MainWindow::assignmentOpened);
        w.openAssignment(dir.path());
        QVERIFY(opened.wait(20000));
        auto outputsText = [preview] {
            QString all;
            for (const CellData &c : preview->cellModel()->cells())
                for (const OutputData &o : c.outputs)
                    all += o.plainText;
            return all;
        };
        QTRY_VERIFY_WITH_TIMEOUT(!preview->isLoading() && preview->cellModel()->rowCount() > 0, 20000);
        QCOMPARE(preview->kind(), PreviewKind::Instructor);
        QVERIFY2(preview->referenceNote().startsWith(QLatin1String("No outputs: no reference run yet.")), qPrintable(preview->referenceNote()));
        QVERIFY(preview->statusText().contains(preview->referenceNote()));
        QVERIFY(!outputsText().contains(marker));

        ChecksPage *page = w.checksPage();
        QSignalSpy shown(page, &ChecksPage::referenceShown);
        QSignalSpy failed(page, &ChecksPage::referenceFailed);
        page->runReference();
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty() || !failed.isEmpty(), 300000);
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.constFirst().constFirst().toString()));
        QTRY_VERIFY_WITH_TIMEOUT(!preview->isLoading() && preview->referenceNote().startsWith(QLatin1String("Outputs from the reference run of ")), 20000);
        QVERIFY2(outputsText().contains(marker), qPrintable(outputsText().left(400)));
        QVERIFY(preview->statusText().contains(preview->referenceNote()));
        QVERIFY(preview->statusText().startsWith(QLatin1String("iris-analysis.ipynb: ")));

        // The Release view shows no outputs and no reference line; back in the Instructor view, the outputs again.
        preview->setKind(PreviewKind::Release);
        QTRY_VERIFY_WITH_TIMEOUT(!preview->isLoading() && preview->cellModel()->rowCount() > 0, 20000);
        QVERIFY(preview->referenceNote().isEmpty());
        QVERIFY(!outputsText().contains(marker));
        preview->setKind(PreviewKind::Instructor);
        QTRY_VERIFY_WITH_TIMEOUT(!preview->isLoading() && outputsText().contains(marker), 20000);

        // The notebook changed since the run: its old outputs are not shown as this notebook's.
        appendCell(QStringLiteral("x = 1"));
        preview->referenceRunChanged();
        QTRY_VERIFY_WITH_TIMEOUT(!preview->isLoading() && preview->referenceNote().startsWith(QLatin1String("No outputs: the last reference run (")), 20000);
        QVERIFY(!outputsText().contains(marker));
    }

    // Long work has Cancel: a reference run stopped from the Checks page leaves no run behind, offers Run Reference
    // again and tells Health nothing (a cancel is no finding about the assignment).
    void referenceRunCanBeCancelled()
    {
        AppSettings::resetToDefaults();
        SKIP_WITHOUT_BWRAP();
        QTemporaryDir dir;
        copyIris(dir.path());
        { // a slow last cell: this notebook has no cached reference, and its run is still going when Cancel comes
            const QString path = dir.filePath(QStringLiteral("iris-analysis.ipynb"));
            QJsonObject nb = QJsonDocument::fromJson(readBytes(path)).object();
            QJsonArray cells = nb.value(QLatin1String("cells")).toArray();
            cells.append(QJsonObject{{QStringLiteral("cell_type"), QStringLiteral("code")},
                                     {QStringLiteral("execution_count"), QJsonValue::Null},
                                     {QStringLiteral("id"), QStringLiteral("slow-%1").arg(QCoreApplication::applicationPid())},
                                     {QStringLiteral("metadata"), QJsonObject{}},
                                     {QStringLiteral("outputs"), QJsonArray{}},
                                     {QStringLiteral("source"), QStringLiteral("import time\ntime.sleep(60)  # %1").arg(dir.path())}});
            nb.insert(QStringLiteral("cells"), cells);
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(QJsonDocument(nb).toJson());
        }
        MemoryStore store;
        MainWindow w(nullptr, &store);
        QSignalSpy opened(&w, &MainWindow::assignmentOpened);
        w.openAssignment(dir.path());
        QVERIFY(opened.wait(20000));
        ChecksPage *page = w.checksPage();
        auto button = [page](const QString &text) {
            for (QPushButton *b : page->findChildren<QPushButton *>())
                if (b->text() == text)
                    return b;
            return static_cast<QPushButton *>(nullptr);
        };
        QPushButton *run = button(QStringLiteral("Run &Reference")), *cancel = button(QStringLiteral("&Cancel Run"));
        QVERIFY(run && cancel);
        QVERIFY(run->isEnabled() && cancel->isHidden());
        QSignalSpy ended(page, &ChecksPage::referenceEnded);
        QSignalSpy failed(page, &ChecksPage::referenceFailed);
        QProgressBar *busy = nullptr; // the run's progress indicator
        for (QProgressBar *bar : page->findChildren<QProgressBar *>())
            if (bar->accessibleName() == QLatin1String("Reference run in progress"))
                busy = bar;
        QVERIFY(busy && busy->isHidden());
        run->click();
        QVERIFY(page->isRunningReference());
        QVERIFY(!run->isEnabled() && !cancel->isHidden());
        QVERIFY(!busy->isHidden());
        QTest::qWait(1000); // let the run get under way
        QVERIFY(page->isRunningReference());
        cancel->click();
        QVERIFY(!page->isRunningReference());
        QVERIFY(run->isEnabled() && cancel->isHidden());
        QVERIFY(busy->isHidden());
        QCOMPARE(page->referenceStatusText(), QStringLiteral("The reference run was cancelled."));
        QTest::qWait(500);
        QVERIFY(ended.isEmpty() && failed.isEmpty());
        QCOMPARE(w.healthPage()->model()->item(QStringLiteral("reference"))->state, HealthModel::State::Pending);
    }

    // The self-test can be stopped, and run again afterwards.
    void selfTestCanBeCancelled()
    {
        AppSettings::resetToDefaults();
        SelfTestDialog dialog;
        QSignalSpy finished(&dialog, &SelfTestDialog::finished);
        QVERIFY(dialog.isRunning());
        auto *busy = dialog.findChild<QProgressBar *>();
        QVERIFY(busy && !busy->isHidden()); // the progress indicator while the probe runs
        dialog.cancel();
        QVERIFY(!dialog.isRunning());
        QVERIFY(busy->isHidden());
        QVERIFY2(dialog.statusText().endsWith(QLatin1String(" cancelled.")), qPrintable(dialog.statusText()));
        QCOMPARE(dialog.model()->rowCount(), 0);
        dialog.runFor(QStringLiteral("local-unsafe"));
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.size(), 1); // the cancelled run's report never arrived
        QCOMPARE(dialog.model()->report().backend, QStringLiteral("local-unsafe"));
    }

    // Health runs its own checks: Check Again runs the self-test again and the reference run (on the Checks page),
    // and the reference row turns from "not run yet" to what is true.
    void healthChecksAgain()
    {
        AppSettings::resetToDefaults();
        SKIP_WITHOUT_BWRAP();
        QTemporaryDir dir;
        copyIris(dir.path());
        MemoryStore store;
        MainWindow w(nullptr, &store);
        QSignalSpy opened(&w, &MainWindow::assignmentOpened);
        w.openAssignment(dir.path());
        QVERIFY(opened.wait(20000));
        HealthPage *page = w.healthPage();
        QTRY_VERIFY_WITH_TIMEOUT(!page->isCheckingSandbox(), 60000);
        QCOMPARE(page->model()->item(QStringLiteral("reference"))->state, HealthModel::State::Pending);
        QPushButton *again = nullptr;
        for (QPushButton *b : page->findChildren<QPushButton *>())
            if (b->text() == QStringLiteral("&Check Again"))
                again = b;
        QVERIFY(again && again->isEnabled());
        QSignalSpy checked(page, &HealthPage::sandboxChecked);
        again->click();
        QVERIFY(page->isCheckingSandbox());
        QVERIFY(!again->isEnabled());
        QVERIFY(w.checksPage()->isRunningReference());
        QVERIFY(checked.wait(60000));
        QTRY_VERIFY_WITH_TIMEOUT(!w.checksPage()->isRunningReference(), 300000);
        QCOMPARE(page->model()->item(QStringLiteral("reference"))->state, HealthModel::State::Ok);
        QVERIFY(again->isEnabled());
    }

    void checksAreAddedFromTheReferenceRun()
    {
        // The checks editor with the real sandbox: Add Value Check runs the reference (bwrap), lists the
        // instructor notebook's variables, the picked one becomes a check in assignment.json; then a test check
        // is added and a check removed after confirmation.
        AppSettings::resetToDefaults();
        SKIP_WITHOUT_BWRAP();
        QTemporaryDir dir;
        copyIris(dir.path());
        const QString json = dir.filePath(QStringLiteral("assignment.json"));
        MemoryStore store;
        MainWindow w(nullptr, &store);
        QSignalSpy opened(&w, &MainWindow::assignmentOpened);
        w.openAssignment(dir.path());
        QVERIFY(opened.wait(20000));
        ChecksPage *page = w.checksPage();
        QAbstractItemModelTester tester(page->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        for (const QString &name : {QStringLiteral("Add a value check by picking a variable from the reference run"),
                                    QStringLiteral("Add a test check with assertion code"),
                                    QStringLiteral("Remove the selected check")})
            QVERIFY2(buttonNamed(page, name), qPrintable(name));
        QVERIFY(!page->knownNamespace());

        AddValueCheckDialog *dialog = page->openAddValueCheck();
        QVERIFY(dialog);
        QVERIFY(dialog->isRunningReference()); // nothing known yet: the reference runs in the background
        QVERIFY(dialog->isVisible());
        // Parented to the dialog: it is deleted when it closes.
        new QAbstractItemModelTester(dialog->model(), QAbstractItemModelTester::FailureReportingMode::QtTest, dialog);
        new QAbstractItemModelTester(dialog->proxy(), QAbstractItemModelTester::FailureReportingMode::QtTest, dialog);
        QSignalSpy ready(dialog, &AddValueCheckDialog::listingReady);
        QSignalSpy failed(dialog, &AddValueCheckDialog::referenceFailed);
        QVERIFY(!dialog->okButton()->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(!ready.isEmpty() || !failed.isEmpty(), 300000);
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.constFirst().constFirst().toString()));
        QVERIFY(!dialog->isRunningReference());
        // The Health page takes the outcome of the dialog's reference run too, with its cell times.
        QCOMPARE(w.healthPage()->model()->item(QStringLiteral("reference"))->state, HealthModel::State::Ok);
        QVERIFY(w.healthPage()->inputs().reference && w.healthPage()->inputs().reference->timing);
        QStringList names;
        for (int r = 0; r < dialog->model()->rowCount(); ++r)
            names << dialog->model()->index(r, NamespaceModel::NameColumn).data().toString();
        // User variables in definition order; np and pd (modules) are not listed.
        QCOMPARE(names, (QStringList{QStringLiteral("DATA_URL"), QStringLiteral("df"), QStringLiteral("n_rows"),
                                     QStringLiteral("mean_sepal"), QStringLiteral("petal_ratio"), QStringLiteral("corr")}));
        const int dfRow = dialog->model()->rowOf(QStringLiteral("df"));
        QCOMPARE(dialog->model()->index(dfRow, NamespaceModel::TypeColumn).data().toString(), QStringLiteral("pandas.DataFrame"));
        QCOMPARE(dialog->model()->index(dialog->model()->rowOf(QStringLiteral("n_rows")), NamespaceModel::ChecksColumn).data().toString(),
                 QStringLiteral("n_rows"));
        dialog->filterEdit()->setText(QStringLiteral("dataframe"));
        QCOMPARE(dialog->proxy()->rowCount(), 1);
        dialog->filterEdit()->setText(QStringLiteral("n_r"));
        QCOMPARE(dialog->proxy()->rowCount(), 1);
        // Picking n_rows: its reference value is shown; the id is the name made unique (a check has it).
        QVERIFY(dialog->selectVariable(QStringLiteral("n_rows")));
        QVERIFY2(dialog->referenceValueText().startsWith(QStringLiteral("n_rows = 150")), qPrintable(dialog->referenceValueText()));
        QVERIFY(dialog->referenceValueText().contains(QStringLiteral("(int)")));
        QCOMPARE(dialog->idEdit()->text(), QStringLiteral("n_rows-2"));
        // A taken id disables Add.
        dialog->idEdit()->setText(QStringLiteral("corr"));
        QVERIFY(!dialog->okButton()->isEnabled());
        dialog->idEdit()->setText(QStringLiteral("rows-end"));
        QVERIFY(dialog->okButton()->isEnabled());
        dialog->pointsSpin()->setValue(2);
        // Ticking a tolerance starts from the documented default (docs/grading.md: rtol 1e-6, atol 1e-9).
        dialog->rtolBox()->setChecked(true);
        dialog->atolBox()->setChecked(true);
        QCOMPARE(dialog->rtolSpin()->value(), 1e-6);
        QCOMPARE(dialog->atolSpin()->value(), 1e-9);
        dialog->atolBox()->setChecked(false);
        dialog->rtolSpin()->setValue(0.01);
        dialog->okButton()->click();
        QVERIFY(opened.wait(20000)); // saved, then reloaded
        OJsonCheck added = lastCheck(json);
        QCOMPARE(added.text, QStringLiteral(R"({"id":"rows-end","type":"value","variable":"n_rows","points":2,"rtol":0.01})"));
        QCOMPARE(page->model()->rowCount(), 6);
        QCOMPARE(page->model()->totalPoints(), 10.0);
        QVERIFY2(page->totalText().contains(ChecksModel::pointsText(10)) /* "10 points" in English */, qPrintable(page->totalText()));
        QVERIFY(page->knownNamespace());

        // The next Add Value Check lists the known variables without another run.
        AddValueCheckDialog *again = page->openAddValueCheck();
        QVERIFY(!again->isRunningReference());
        QCOMPARE(again->model()->rowCount(), 6);
        QVERIFY(again->selectVariable(QStringLiteral("n_rows")));
        QCOMPARE(again->idEdit()->text(), QStringLiteral("n_rows-2"));
        again->reject();

        // A test check, in the Python-highlighted editor.
        AddTestCheckDialog *test = page->openAddTestCheck();
        QVERIFY(test->codeEdit()->document()->findChild<PythonHighlighter *>());
        QVERIFY(!test->okButton()->isEnabled()); // no code yet
        test->idEdit()->setText(QStringLiteral("rows-test"));
        test->codeEdit()->setPlainText(QStringLiteral("assert n_rows == 150\n"));
        QVERIFY(!test->okButton()->isEnabled()); // until Python has compiled it
        QTRY_VERIFY_WITH_TIMEOUT(test->okButton()->isEnabled(), 20000);
        test->okButton()->click();
        QVERIFY(opened.wait(20000));
        QCOMPARE(lastCheck(json).text, QStringLiteral(R"({"id":"rows-test","type":"test","points":1,"code":"assert n_rows == 150\n"})"));
        QCOMPARE(page->model()->rowCount(), 7);
        QCOMPARE(page->model()->totalPoints(), 11.0);

        // A refused add (the id is taken) names the field and writes nothing.
        const QByteArray beforeRefused = readBytes(json);
        QSignalSpy editFailed(page, &ChecksPage::editFailed);
        NewCheck dup;
        dup.id = QStringLiteral("corr");
        dup.variable = QStringLiteral("corr");
        page->addNewCheck(dup);
        QVERIFY(editFailed.wait(20000));
        QVERIFY2(editFailed.constFirst().constFirst().toString().contains(QStringLiteral("checks[7].id")),
                 qPrintable(editFailed.constFirst().constFirst().toString()));
        QCOMPARE(readBytes(json), beforeRefused);

        // Remove asks first: Cancel keeps the check, Yes removes it.
        QTableView *table = nullptr;
        for (QTableView *t : page->findChildren<QTableView *>())
            if (t->accessibleName() == QStringLiteral("Checks of the assignment"))
                table = t;
        QVERIFY(table);
        table->selectRow(0); // n_rows
        auto answer = [](QMessageBox::StandardButton button) {
            QTimer::singleShot(0, [button] {
                auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
                QVERIFY(box);
                QVERIFY(box->text().contains(QStringLiteral("n_rows")));
                box->button(button)->click();
            });
        };
        answer(QMessageBox::Cancel);
        page->removeSelected();
        QCOMPARE(readBytes(json), beforeRefused);
        answer(QMessageBox::Yes);
        page->removeSelected();
        QVERIFY(opened.wait(20000));
        QCOMPARE(page->model()->rowCount(), 6);
        QCOMPARE(page->model()->checks().constFirst().id, QStringLiteral("mean_sepal"));
        QCOMPARE(page->model()->totalPoints(), 10.0);
        QVERIFY(!readBytes(json).contains("\"id\": \"n_rows\""));
    }

    void addValueCheckCancelsTheReferenceRun()
    {
        auto assignment = Assignment::load(kIris);
        QVERIFY(assignment);
        AddValueCheckDialog dialog({QStringLiteral("n_rows")}, {});
        QSignalSpy failed(&dialog, &AddValueCheckDialog::referenceFailed);
        ReferenceRunOptions options;
        options.run.kind = SandboxKind::Bwrap;
        QTemporaryDir cache;
        options.cacheDir = cache.path();
        dialog.startReference(*assignment, options);
        QVERIFY(dialog.isRunningReference());
        QVERIFY(buttonNamed(&dialog, QStringLiteral("Cancel the reference run")));
        dialog.cancelReference();
        QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), 60000);
        QVERIFY2(failed.constFirst().constFirst().toString().contains(QStringLiteral("cancel")),
                 qPrintable(failed.constFirst().constFirst().toString()));
        QVERIFY(!dialog.isRunningReference());
        QCOMPARE(dialog.model()->rowCount(), 0);
        QVERIFY(!dialog.okButton()->isEnabled());
    }

    void cancelStopsTheBatch()
    {
        AppSettings::resetToDefaults();
        SKIP_WITHOUT_BWRAP();
        QTemporaryDir dir;
        copyIris(dir.path());
        const QStringList students = {QStringLiteral("alice"), QStringLiteral("bob"), QStringLiteral("carol"), QStringLiteral("dave")};
        QVERIFY(copyIrisSubmissions(dir.path(), students));
        MemoryStore store;
        MainWindow w(nullptr, &store);
        SubmissionsPage *page = w.submissionsPage();
        QSignalSpy listed(page, &SubmissionsPage::submissionsListed);
        w.openAssignment(dir.path());
        QVERIFY(listed.wait(20000));
        QSignalSpy finished(page, &SubmissionsPage::batchFinished);
        page->runAll();
        page->cancelBatch();
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty() || !page->isRunning(), 120000);
        QVERIFY(!page->isRunning());
        for (const SubmissionsModel::Row &r : page->model()->rows()) // nothing left "running" or "queued"
            QVERIFY(r.state != SubmissionsModel::State::Running && r.state != SubmissionsModel::State::Queued);
    }

    // A graded assignment folder for the batch tests below: aaron's folder holds two notebooks (ambiguous:
    // recorded as needs-review without a sandbox, first in the batch), alice and bob run in the sandbox.
    static void batchFolder(const QString &dir)
    {
        copyIris(dir);
        for (const QString &student : {QStringLiteral("aaron"), QStringLiteral("alice"), QStringLiteral("bob")}) {
            QDir().mkpath(dir + QStringLiteral("/submissions/") + student);
            const QString from = kIris + QStringLiteral("/submissions/%1/iris-analysis.ipynb")
                                             .arg(student == QLatin1String("aaron") ? QStringLiteral("alice") : student);
            QVERIFY(QFile::copy(from, dir + QStringLiteral("/submissions/%1/iris-analysis.ipynb").arg(student)));
        }
        QVERIFY(QFile::copy(kIris + QStringLiteral("/submissions/alice/iris-analysis.ipynb"),
                            dir + QStringLiteral("/submissions/aaron/part2.ipynb")));
    }

    // An assignment graded on Slurm shows the same status as `sandmark-cli slurm status` (readSlurmStatus(), read
    // off the GUI thread): here 4 submissions in 2 shards, shard 2's self-test failed, shard 1 left the queue
    // without starting. An assignment without a Slurm submission shows no line.
    void slurmStatusLineFromTheShards()
    {
        QTemporaryDir dir;
        copyIris(dir.path());
        QVERIFY(copyIrisSubmissions(dir.path(), {QStringLiteral("alice"), QStringLiteral("bob"), QStringLiteral("carol"), QStringLiteral("dave")}));
        const SlurmLayout layout(dir.path());
        SlurmSubmission submission;
        submission.shards = 2;
        submission.submittedShards = {1, 2};
        submission.arrayJobId = QStringLiteral("999991");
        submission.mergeJobId = QStringLiteral("999992");
        submission.submitted = QDateTime::currentDateTimeUtc();
        QVERIFY(submission.write(layout.submissionFile()));
        SlurmTaskReport report;
        report.state = SlurmTaskReport::State::SelfTestFailed;
        report.host = QStringLiteral("node7");
        report.problem = QStringLiteral("bwrap: not found");
        report.fix = QStringLiteral("install bubblewrap");
        QVERIFY(report.write(layout.shardReport(Shard{2, 2})));

        MemoryStore store;
        MainWindow w(nullptr, &store);
        SubmissionsPage *page = w.submissionsPage();
        w.openAssignment(dir.path());
        QTRY_COMPARE_WITH_TIMEOUT(page->slurmStatusLabel()->text(),
                                  QStringLiteral("Slurm: 0 of 4 graded; shards: 0 done, 0 running, 2 failed or stopped"), 60000);
        QVERIFY(!page->slurmStatusLabel()->isHidden());
        const QString tip = page->slurmStatusLabel()->toolTip();
        QVERIFY2(tip.contains(QStringLiteral("Shard 2/2: the sandbox self-test failed on node7: bwrap: not found (fix: install bubblewrap)")),
                 qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("Shard 1/2: ")), qPrintable(tip));

        QTemporaryDir plain;
        copyIris(plain.path());
        QSignalSpy read(page, &SubmissionsPage::slurmStatusRead);
        w.openAssignment(plain.path());
        QTRY_VERIFY_WITH_TIMEOUT(!read.isEmpty() && page->slurmStatusLabel()->isHidden(), 60000);
    }

    void batchGradebookWorkIsOffTheGuiThread()
    {
        AppSettings::resetToDefaults();
        SKIP_WITHOUT_BWRAP();
        QTemporaryDir dir;
        batchFolder(dir.path());
        MemoryStore store;
        MainWindow w(nullptr, &store);
        SubmissionsPage *page = w.submissionsPage();
        QSignalSpy listed(page, &SubmissionsPage::submissionsListed);
        w.openAssignment(dir.path());
        QVERIFY(listed.wait(20000));
        // The thread each result was recorded on: submissionFinished is emitted by the grader's recording path
        // right after Gradebook::recordRun() committed it (a direct connection runs on that thread).
        QMutex mutex;
        QList<QThread *> recordedOn;
        QThread *graderThread = nullptr;
        connect(page, &SubmissionsPage::batchStarting, this, [&](BatchTask *task) {
            QVERIFY(task->grader());
            graderThread = task->grader()->thread();
            connect(task->grader(), &BatchGrader::submissionFinished, task->grader(), [&] {
                QMutexLocker lock(&mutex);
                recordedOn << QThread::currentThread();
            }, Qt::DirectConnection);
        });
        QSignalSpy finished(page, &SubmissionsPage::batchFinished);
        QSignalSpy failed(page, &SubmissionsPage::batchFailed);
        QSignalSpy recorded(page, &SubmissionsPage::resultRecorded);
        page->runAll();
        QVERIFY(page->isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty() || !failed.isEmpty(), 600000);
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.constFirst().constFirst().toString()));
        QVERIFY(graderThread);
        QVERIFY(graderThread != QThread::currentThread());
        QCOMPARE(recorded.size(), 3);
        QMutexLocker lock(&mutex);
        QCOMPARE(recordedOn.size(), 3);
        for (QThread *t : std::as_const(recordedOn))
            QVERIFY2(t != QCoreApplication::instance()->thread(), "a result was recorded on the GUI thread");
        QCOMPARE(page->model()->rows().at(page->model()->rowOf(QStringLiteral("aaron"))).state, SubmissionsModel::State::NeedsReview);
        QCOMPARE(page->model()->rows().at(page->model()->rowOf(QStringLiteral("alice"))).score, 8.0);
    }

    void closingDuringABatchKeepsTheGradebookConsistent_data()
    {
        QTest::addColumn<bool>("cancelFirst");
        QTest::newRow("close") << false;
        QTest::newRow("cancel, then close") << true;
    }

    void closingDuringABatchKeepsTheGradebookConsistent()
    {
        QFETCH(bool, cancelFirst);
        AppSettings::resetToDefaults();
        SKIP_WITHOUT_BWRAP();
        QTemporaryDir dir;
        batchFolder(dir.path());
        const QString gbPath = Gradebook::defaultPath(dir.path());
        MemoryStore store;
        auto *w = new MainWindow(nullptr, &store);
        w->show();
        SubmissionsPage *page = w->submissionsPage();
        QSignalSpy listed(page, &SubmissionsPage::submissionsListed);
        w->openAssignment(dir.path());
        QVERIFY(listed.wait(20000));
        QStringList recorded; // results the window was told were committed
        connect(page, &SubmissionsPage::resultRecorded, this, [&](const QString &id) { recorded << id; });
        bool ended = false;
        connect(page, &SubmissionsPage::batchFinished, this, [&] { ended = true; });
        connect(page, &SubmissionsPage::batchFailed, this, [&] { ended = true; });
        page->runAll();
        // aaron is recorded at once; alice's and bob's sandboxes take seconds: the window closes while they run.
        QTRY_VERIFY_WITH_TIMEOUT(recorded.contains(QStringLiteral("aaron")) || ended, 300000);
        QVERIFY2(!ended, "the batch ended before the window closed");
        if (cancelFirst)
            page->cancelBatch();
        w->close();
        delete w; // waits for the batch's thread: no crash, nothing left running
        QCoreApplication::processEvents();

        // The lock is free: the batch ended (a next batch may start).
        QLockFile lock(gbPath + QStringLiteral(".lock"));
        QVERIFY(lock.tryLock(0));
        lock.unlock();
        // Every result the window was told about is in the gradebook, complete; nothing is half-recorded.
        const auto snapshot = readGradebook(gbPath);
        QVERIFY2(snapshot, snapshot ? "" : qPrintable(snapshot.error().toString()));
        QStringList inGradebook;
        for (const EffectiveGrade &g : snapshot->grades) {
            inGradebook << g.studentId;
            QCOMPARE(g.checks.size(), 5); // every check of examples/iris has its row
            QVERIFY(g.maxScore == 8.0);
        }
        for (const QString &id : std::as_const(recorded))
            QVERIFY2(inGradebook.contains(id), qPrintable(id));
        QVERIFY(inGradebook.contains(QStringLiteral("aaron")));
        const EffectiveGrade aaron = *std::find_if(snapshot->grades.cbegin(), snapshot->grades.cend(),
                                                   [](const EffectiveGrade &g) { return g.studentId == QLatin1String("aaron"); });
        QCOMPARE(aaron.runStatus, GradeStatus::NeedsReview);
        QVERIFY(inGradebook.size() <= 3);
    }

    // Issue 19: Warm Cache (outside the sandbox, downloads) shows its progress and can be cancelled. The Hub is a local
    // server that accepts and never answers, so the download is still going when Cancel comes.
    void warmCacheCanBeCancelled()
    {
        QTemporaryDir dir;
        copyIris(dir.path());
        QTemporaryDir cache;
        QSettings().setValue(QStringLiteral("cache/hf_home"), cache.path());
        const auto restore = qScopeGuard([] { QSettings().remove(QStringLiteral("cache/hf_home")); });
        QTcpServer silent;
        QVERIFY(silent.listen(QHostAddress::LocalHost));
        QList<QTcpSocket *> held; // accepted and kept open, never answered
        connect(&silent, &QTcpServer::newConnection, &silent, [&] {
            while (QTcpSocket *c = silent.nextPendingConnection())
                held << c;
        });
        const QByteArray oldEndpoint = qgetenv("HF_ENDPOINT");
        qputenv("HF_ENDPOINT", QStringLiteral("http://127.0.0.1:%1").arg(silent.serverPort()).toUtf8());
        const auto endpoint = qScopeGuard([&] {
            oldEndpoint.isNull() ? qunsetenv("HF_ENDPOINT") : qputenv("HF_ENDPOINT", oldEndpoint);
        });
        MemoryStore store;
        MainWindow w(nullptr, &store);
        QSignalSpy opened(&w, &MainWindow::assignmentOpened);
        w.openAssignment(dir.path());
        QVERIFY(opened.wait(20000));
        DataPage *page = w.dataPage();
        page->editEntries({QStringLiteral("sandmark-test/slow data/train.csv")}, {});
        QVERIFY(opened.wait(20000));
        QCOMPARE(page->entriesModel()->rowCount(), 1);
        QPushButton *warm = buttonNamed(page, QStringLiteral("Download every listed file and run every literal call, outside the sandbox"));
        QPushButton *cancel = buttonNamed(page, QStringLiteral("Cancel the dataset job"));
        QProgressBar *progress = nullptr;
        for (QProgressBar *bar : page->findChildren<QProgressBar *>())
            if (bar->accessibleName() == QLatin1String("Dataset job progress"))
                progress = bar;
        QVERIFY(warm && cancel && progress);
        QVERIFY(warm->isEnabled() && !cancel->isEnabled() && progress->isHidden());
        QSignalSpy ended(page, &DataPage::jobEnded);
        warm->click();
        QVERIFY(page->isBusy());
        QVERIFY(!warm->isEnabled() && cancel->isEnabled() && !progress->isHidden());
        QTRY_VERIFY_WITH_TIMEOUT(!held.isEmpty(), 30000); // the download has started and waits for the Hub
        QVERIFY(page->isBusy() && ended.isEmpty());
        QElapsedTimer clock;
        clock.start();
        cancel->click();
        QTRY_VERIFY_WITH_TIMEOUT(!ended.isEmpty(), 10000); // the job ends (it once stayed at "Cancelling…" for good)
        QVERIFY2(clock.elapsed() < 5000, qPrintable(QString::number(clock.elapsed())));
        QVERIFY(!page->isBusy());
        QVERIFY(warm->isEnabled() && !cancel->isEnabled() && progress->isHidden());
        QVERIFY2(page->summaryText().startsWith(QLatin1String("The dataset job was cancelled.")), qPrintable(page->summaryText()));
        qDeleteAll(held);
    }

    // Issue 19: a student's plot is evidence. An image over the 64 KiB text cap of a cell is kept whole in the executed
    // notebook the detail shows, while the cell's text flood is still cut (real grading: bwrap, a real kernel).
    void imagesAreKeptPastTheTextCap()
    {
        AppSettings::resetToDefaults();
        SKIP_WITHOUT_BWRAP();
        QTemporaryDir dir;
        QVERIFY(copyIrisWith(dir.path(), {QStringLiteral("alice")}));
        { // alice's notebook ends with a cell printing 70,000 characters, then showing a 200x120 PNG of noise (~72 KB)
            const QString path = dir.filePath(QStringLiteral("submissions/alice/iris-analysis.ipynb"));
            QJsonObject nb = QJsonDocument::fromJson(readBytes(path)).object();
            QJsonArray cells = nb.value(QLatin1String("cells")).toArray();
            cells.append(QJsonObject{{QStringLiteral("cell_type"), QStringLiteral("code")},
                                     {QStringLiteral("execution_count"), QJsonValue::Null},
                                     {QStringLiteral("id"), QStringLiteral("plot")},
                                     {QStringLiteral("metadata"), QJsonObject{}},
                                     {QStringLiteral("outputs"), QJsonArray{}},
                                     {QStringLiteral("source"), QStringLiteral(
                                          "import random, struct, zlib\n"
                                          "from IPython.display import Image, display\n"
                                          "random.seed(19)\n"
                                          "w, h = 200, 120\n"
                                          "raw = b''.join(b'\\x00' + bytes(random.getrandbits(8) for _ in range(w * 3)) for _ in range(h))\n"
                                          "def chunk(t, d):\n"
                                          "    return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d))\n"
                                          "png = (b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))\n"
                                          "       + chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b''))\n"
                                          "print('x' * 70000)\n"
                                          "display(Image(data=png))\n")}});
            nb.insert(QStringLiteral("cells"), cells);
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(QJsonDocument(nb).toJson());
        }
        MemoryStore store;
        MainWindow w(nullptr, &store);
        SubmissionsPage *page = w.submissionsPage();
        QSignalSpy listed(page, &SubmissionsPage::submissionsListed);
        w.openAssignment(dir.path());
        QVERIFY(listed.wait(20000));
        QSignalSpy finished(page, &SubmissionsPage::batchFinished);
        QSignalSpy failed(page, &SubmissionsPage::batchFailed);
        page->runAll();
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty() || !failed.isEmpty(), 600000);
        QVERIFY(failed.isEmpty());
        SubmissionDetail *detail = page->detail();
        QSignalSpy artifacts(detail, &SubmissionDetail::artifactsLoaded);
        page->showDetail(QStringLiteral("alice"));
        QVERIFY(artifacts.wait(20000));
        QVERIFY2(detail->artifactsStatusText().isEmpty(), qPrintable(detail->artifactsStatusText()));
        NotebookPreview *executed = detail->notebook();
        QTRY_VERIFY_WITH_TIMEOUT(!executed->isLoading() && executed->cellModel()->rowCount() > 0, 20000);
        const QList<CellData> cells = executed->cellModel()->cells();
        const OutputData *image = nullptr;
        QString text; // the cell's text outputs
        for (const CellData &c : cells)
            if (c.source.contains(QLatin1String("display(Image(data=png))")))
                for (const OutputData &o : c.outputs) {
                    if (o.kind == OutputData::Kind::Image)
                        image = &o;
                    else
                        text += o.plainText;
                }
        QVERIFY(image);
        const qsizetype imageBytes = image->imageBytes.size();
        QCOMPARE(image->imageSize, QSize(200, 120));
        QVERIFY2(imageBytes > 65536, qPrintable(QString::number(imageBytes))); // over the text cap, kept whole
        QVERIFY(QImage::fromData(image->imageBytes, "PNG").size() == QSize(200, 120));
        QVERIFY2(text.contains(QLatin1String("[Sandmark: output truncated")), qPrintable(text.right(300))); // the text flood is cut
        QVERIFY(text.count(QLatin1Char('x')) < 70000);
    }

    // Issue 19: the exports for the LMS and the students leave a submission without a grade blank, never 0: the
    // grades CSV (its score and check cells), Canvas's CSV (its score cell) and the HTML feedback folder.
    void exportsLeaveTheUngradedBlank()
    {
        QTemporaryDir dir;
        copyIris(dir.path());
        auto a = Assignment::load(dir.path());
        QVERIFY(a);
        {
            auto gb = Gradebook::open(Gradebook::defaultPath(a->folder()));
            QVERIFY(gb);
            QVERIFY((*gb)->recordRun(irisRun(*a, QStringLiteral("alice"), 5)));
            QVERIFY((*gb)->recordRun(irisRun(*a, QStringLiteral("bob"), 0)));
            QVERIFY((*gb)->recordRun(irisRun(*a, QStringLiteral("carol"), 0, GradeStatus::GraderError)));
        }
        ResultsPage page;
        QSignalSpy refreshed(&page, &ResultsPage::refreshed);
        page.setAssignment(*a);
        QVERIFY(refreshed.wait(20000));
        QSignalSpy exported(&page, &ResultsPage::exported);
        const auto lineOf = [](const QByteArray &file, const QByteArray &start) {
            for (const QByteArray &line : file.split('\n'))
                if (line.startsWith(start))
                    return line.trimmed();
            return QByteArray();
        };

        const QString csv = dir.filePath(QStringLiteral("grades.csv"));
        page.exportGrades(csv, GradeExportFormat::Csv);
        QVERIFY(exported.wait(20000));
        const QByteArray grades = readBytes(csv);
        // student,score,max,status,stale, five check columns, comments
        const QList<QByteArray> bob = lineOf(grades, "bob,").split(','), carol = lineOf(grades, "carol,").split(',');
        QVERIFY2(bob.size() == 11 && carol.size() == 11, grades.constData());
        QCOMPARE(bob.at(1), QByteArray("0")); // a real zero stays a zero
        QCOMPARE(bob.mid(5, 5), QList<QByteArray>(5, "0"));
        QCOMPARE(carol.at(1), QByteArray()); // no score, no check cells
        QCOMPARE(carol.at(3), QByteArray("grader-error"));
        QCOMPARE(carol.mid(5, 5), QList<QByteArray>(5, QByteArray()));
        QVERIFY(carol.at(10).startsWith("not graded"));

        exported.clear();
        const QString canvas = dir.filePath(QStringLiteral("canvas.csv"));
        page.exportGrades(canvas, GradeExportFormat::Canvas, QStringLiteral("HW1"));
        QVERIFY(exported.wait(20000));
        const QByteArray lms = readBytes(canvas);
        QCOMPARE(lineOf(lms, ",alice,"), QByteArray(",alice,,,,8"));
        QCOMPARE(lineOf(lms, ",bob,"), QByteArray(",bob,,,,0"));
        QCOMPARE(lineOf(lms, ",carol,"), QByteArray(",carol,,,,")); // blank: Canvas keeps what it had

        exported.clear();
        const QString feedback = dir.filePath(QStringLiteral("feedback"));
        page.exportFeedback(feedback);
        QVERIFY(exported.wait(60000));
        const QString bobPage = QString::fromUtf8(readBytes(feedback + QStringLiteral("/bob.html")));
        const QString carolPage = QString::fromUtf8(readBytes(feedback + QStringLiteral("/carol.html")));
        QVERIFY(!bobPage.isEmpty() && !carolPage.isEmpty());
        QVERIFY2(bobPage.contains(QLatin1String("Total: 0 / 8")), qPrintable(bobPage.left(3000)));
        QVERIFY2(carolPage.contains(QLatin1String("Total: not graded / 8")), qPrintable(carolPage.left(3000)));
        const QRegularExpression zero(QStringLiteral("\\b0 of \\d+ point|Total: 0 "));
        QVERIFY(bobPage.contains(zero));
        QVERIFY2(!carolPage.contains(zero), qPrintable(carolPage.left(3000)));
    }

    // Issue 19: a window title, a tab or a label made from outside text is bounded: a 2 MB assignment title once broke
    // the X11 connection (one request) and would stall the GUI thread in a label. The full text stays where it is
    // edited (the title field, not cut at QLineEdit's 32767 characters, so saving changes nothing).
    void outsideTextIsBounded()
    {
        QTemporaryDir dir;
        copyIris(dir.path());
        const QString json = dir.filePath(QStringLiteral("assignment.json"));
        QJsonObject root = QJsonDocument::fromJson(readBytes(json)).object();
        const QString title = QString(2'000'000, QLatin1Char('T')) + QStringLiteral(" end");
        root.insert(QStringLiteral("title"), title);
        QJsonArray checks = root.value(QLatin1String("checks")).toArray();
        QJsonObject first = checks.at(0).toObject();
        first.insert(QStringLiteral("points"), 2);
        checks.replace(0, first);
        root.insert(QStringLiteral("checks"), checks);
        {
            QFile f(json);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(QJsonDocument(root).toJson());
        }
        const auto checkBounded = [](const QString &where) {
            for (QWidget *widget : QApplication::allWidgets()) {
                QVERIFY2(widget->windowTitle().size() <= 200,
                         qPrintable(QStringLiteral("%1: the title of %2 has %3 characters")
                                        .arg(where, QString::fromLatin1(widget->metaObject()->className()))
                                        .arg(widget->windowTitle().size())));
                if (auto *label = qobject_cast<QLabel *>(widget))
                    QVERIFY2(label->text().size() <= kBoundedTextChars,
                             qPrintable(QStringLiteral("%1: the label %2 has %3 characters").arg(where, label->accessibleName()).arg(label->text().size())));
                if (auto *tabs = qobject_cast<QTabBar *>(widget))
                    for (int i = 0; i < tabs->count(); ++i)
                        QVERIFY2(tabs->tabText(i).size() <= 200 && tabs->tabToolTip(i).size() <= kBoundedTextChars,
                                 qPrintable(QStringLiteral("%1: tab %2").arg(where).arg(i)));
            }
        };
        MemoryStore store;
        MainWindow w(nullptr, &store);
        QSignalSpy opened(&w, &MainWindow::assignmentOpened);
        w.openAssignment(dir.path());
        QVERIFY(opened.wait(20000));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY2(w.windowTitle().startsWith(QLatin1String("TTTT")) && w.windowTitle().contains(QChar(0x2026))
                     && w.windowTitle().endsWith(QStringLiteral("T end — Sandmark")),
                 qPrintable(w.windowTitle().left(300)));
        for (int p = 0; p < MainWindow::PageCount; ++p) {
            w.setCurrentPage(MainWindow::Page(p));
            QCoreApplication::processEvents();
            checkBounded(w.pageTitle(MainWindow::Page(p)));
        }
        {
            AssignmentSettingsDialog settings(*w.assignment(), &w);
            settings.show();
            checkBounded(QStringLiteral("Assignment Settings"));
            QCOMPARE(settings.titleEdit()->text().size(), title.size()); // the whole title, to edit
            QVERIFY(settings.edit().isEmpty()); // nothing changed, nothing written
        }
        {
            Check check = w.assignment()->checks().constFirst();
            check.id = QString(100'000, QLatin1Char('c')); // as a long id would reach the editor
            CheckEditDialog edit(check, w.assignment()->python(), &w);
            edit.show();
            checkBounded(QStringLiteral("Edit Check"));
        }

        // An id the loader refuses is quoted in its message: the status line shows it bounded.
        first.insert(QStringLiteral("id"), QString(1'000'000, QLatin1Char('i')));
        checks.replace(0, first);
        root.insert(QStringLiteral("checks"), checks);
        {
            QFile f(json);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(QJsonDocument(root).toJson());
        }
        QSignalSpy failed(&w, &MainWindow::openFailed);
        w.openAssignment(dir.path());
        QVERIFY(failed.wait(20000));
        QVERIFY2(w.statusText().contains(QLatin1String("iiii")), qPrintable(w.statusText().left(300)));
        checkBounded(QStringLiteral("after a refused id"));
    }

    // The Limits tab shows a value only where assignment.json sets one: cell_timeout_s, computed from timeout_s when
    // not set (the smaller of 60 s and timeout_s), is shown as the default, and saving without touching it writes
    // nothing; one set to the default's value is shown as set, and emptying it removes it.
    void settingsShowAComputedCellTimeoutAsTheDefault()
    {
        QTemporaryDir dir;
        copyIris(dir.path());
        const QString json = dir.filePath(QStringLiteral("assignment.json"));
        const auto writeLimits = [&](const QJsonObject &limits) {
            QJsonObject root = QJsonDocument::fromJson(readBytes(json)).object();
            root.insert(QStringLiteral("limits"), limits);
            QFile f(json);
            return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(QJsonDocument(root).toJson()) > 0;
        };
        QVERIFY(writeLimits(QJsonObject{{QStringLiteral("timeout_s"), 45}}));
        auto a = Assignment::load(dir.path());
        QVERIFY2(a, a ? "" : qPrintable(a.error().toString()));
        QCOMPARE(a->limits().cellTimeoutS, 45.0); // computed by the loader
        const auto row = limitRowOf;
        {
            AssignmentSettingsDialog dialog(*a);
            QTableWidget *limits = dialog.limitsTable();
            QCOMPARE(limits->item(row(limits, "timeout_s"), 1)->text(), QStringLiteral("45"));
            QCOMPARE(limits->item(row(limits, "cell_timeout_s"), 1)->text(), QString());
            const QString def = limits->item(row(limits, "cell_timeout_s"), 2)->text();
            QVERIFY2(def.contains(QLatin1String("time per notebook")) && def.endsWith(QLatin1String("45 s")), qPrintable(def));
            QVERIFY(dialog.edit().isEmpty()); // nothing touched, nothing written
        }
        QVERIFY(writeLimits(QJsonObject{{QStringLiteral("cell_timeout_s"), 60}}));
        a = Assignment::load(dir.path());
        QVERIFY(a);
        AssignmentSettingsDialog dialog(*a);
        QTableWidget *limits = dialog.limitsTable();
        QCOMPARE(limits->item(row(limits, "cell_timeout_s"), 1)->text(), QStringLiteral("60")); // set, at the default's value
        QVERIFY(dialog.edit().isEmpty());
        limits->item(row(limits, "cell_timeout_s"), 1)->setText(QString());
        const AssignmentEdit edit = dialog.edit();
        QCOMPARE(edit.changes.keys(), QStringList{QStringLiteral("limits.cell_timeout_s")});
        QVERIFY(edit.changes.value(QStringLiteral("limits.cell_timeout_s")).isNull()); // removed
    }

    // The screenshot tour (`sandmark --screenshot-dir`) grades, runs the reference and edits assignment.json: it works
    // on a copy, and the folder it is given stays as it was, file for file (no gradebook written into it).
    void screenshotTourLeavesTheAssignmentUnchanged()
    {
        AppSettings::resetToDefaults();
        SKIP_WITHOUT_BWRAP();
        QTemporaryDir dir, shots;
        const QString folder = dir.filePath(QStringLiteral("iris"));
        QVERIFY(copyIrisWith(folder, {QStringLiteral("bob")}));
        const auto tree = [](const QString &root) {
            QStringList out;
            QDirIterator it(root, QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString path = it.next();
                out << QDir(root).relativeFilePath(path) + QLatin1Char(' ')
                           + (it.fileInfo().isDir() ? QStringLiteral("dir")
                                                    : QString::fromLatin1(QCryptographicHash::hash(readBytes(path), QCryptographicHash::Sha256).toHex()));
            }
            out.sort();
            return out;
        };
        const QStringList before = tree(folder);
        MemoryStore store;
        MainWindow w(nullptr, &store);
        w.show();
        ScreenshotDriver driver(&w, shots.path());
        QString error;
        const QString copy = driver.copyOf(folder + QStringLiteral("/assignment.json"), &error);
        QVERIFY2(!copy.isEmpty(), qPrintable(error));
        QVERIFY(!copy.startsWith(folder));
        QCOMPARE(tree(QFileInfo(copy).absolutePath()), before);
        QSignalSpy finished(&driver, &ScreenshotDriver::finished);
        driver.start();
        w.openAssignment(copy);
        QVERIFY(finished.wait(600000));
        QCOMPARE(finished.constFirst().constFirst().toBool(), true);
        QVERIFY(QFileInfo::exists(shots.filePath(QStringLiteral("14-review.png"))));
        QVERIFY(QFileInfo::exists(QFileInfo(copy).absolutePath() + QStringLiteral("/.sandmark/gradebook.sqlite"))); // graded there
        QCOMPARE(tree(folder), before);
    }

    // A screenshot tour (`sandmark --screenshot-dir`) works on a temporary copy that it deletes: the copy never
    // enters the recent assignments (it pushed real ones off the list), while an assignment opened by hand does.
    void screenshotTourLeavesTheRecentListAlone()
    {
        AppSettings::clearRecentAssignments();
        QTemporaryDir dir, shots;
        copyIris(dir.path());
        MemoryStore store;
        {
            MainWindow w(nullptr, &store);
            ScreenshotDriver driver(&w, shots.path());
            QString error;
            const QString copy = driver.copyOf(dir.path(), &error);
            QVERIFY2(!copy.isEmpty(), qPrintable(error));
            QSignalSpy opened(&w, &MainWindow::assignmentOpened);
            w.openAssignment(copy); // as main() opens it; the tour itself is not started
            QVERIFY(opened.wait(20000));
            QVERIFY2(AppSettings::recentAssignments().isEmpty(), qPrintable(AppSettings::recentAssignments().join(QLatin1Char(' '))));
            QVERIFY(QSettings().value(QStringLiteral("recent/assignments")).toStringList().isEmpty());
        }
        MainWindow w(nullptr, &store);
        QSignalSpy opened(&w, &MainWindow::assignmentOpened);
        w.openAssignment(dir.path());
        QVERIFY(opened.wait(20000));
        QCOMPARE(AppSettings::recentAssignments(), QStringList{QDir::cleanPath(dir.path())});
        AppSettings::clearRecentAssignments();
    }

    void germanTranslationLoads()
    {
        QTranslator de;
        QVERIFY(de.load(QStringLiteral("sandmark_de"), QStringLiteral(SANDMARK_BUILD_DATA_DIR "/translations")));
        QCoreApplication::installTranslator(&de);
        MemoryStore store;
        MainWindow w(nullptr, &store);
        QCOMPARE(w.pageTitle(MainWindow::ChecksPageIndex), QStringLiteral("Prüfungen"));
        QCOMPARE(w.pageTitle(MainWindow::SubmissionsPage), QStringLiteral("Abgaben"));
        QCOMPARE(NotebookPreview::tr("%1: %n cell(s)", nullptr, 2).arg(1), QStringLiteral("1: 2 Zellen"));
        QCoreApplication::removeTranslator(&de);
    }

    void cleanupTestCase()
    {
        AppSettings::resetToDefaults();
        AppSettings::clearRecentAssignments();
    }
};

QTEST_MAIN(TestGui)
#include "tst_gui.moc"
