#include "screenshots.h"

#include "assignmentsettingsdialog.h"
#include "checkeditdialog.h"
#include "checkresultsmodel.h"
#include "healthpage.h"
#include "jobtracker.h"
#include "mainwindow.h"
#include "manualgradingpanel.h"
#include "newassignmentdialog.h"
#include "notebookcellmodel.h"
#include "notebookpreview.h"
#include "pages.h"
#include "notebookview.h"
#include "preferencesdialog.h"
#include "releasediffview.h"
#include "resultspage.h"
#include "submissiondetail.h"
#include "submissionsmodel.h"
#include "submissionspage.h"
#include "selftestdialog.h"
#include "valuesdialog.h"
#include "checks/registry.h"

#include <QCoreApplication>
#include <QDebug>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QDoubleSpinBox>
#include <QPixmap>
#include <QPlainTextEdit>
#include <QSortFilterProxyModel>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <functional>

namespace sandmark {

namespace {
// Lets queued work (background results, relayouts, image decodes) arrive for `ms` milliseconds.
void settle(int ms)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
}

bool waitFor(const std::function<bool()> &done, int ms)
{
    QElapsedTimer t;
    t.start();
    while (!done() && t.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    return done();
}

// Set once `sender` emits one of `signals` after it was made; the connections end with it.
class Signalled
{
public:
    template <typename Sender, typename... Signals>
    explicit Signalled(Sender *sender, Signals... signals)
    {
        (QObject::connect(sender, signals, &m_receiver, [this] { m_fired = true; }), ...);
    }
    bool fired() const { return m_fired; }
    // Lets events arrive until a signal came or `ms` passed; true when one came.
    bool wait(int ms)
    {
        return waitFor([this] { return m_fired; }, ms);
    }

private:
    QObject m_receiver;
    bool m_fired = false;
};
} // namespace

ScreenshotDriver::ScreenshotDriver(MainWindow *window, const QString &dir, QObject *parent)
    : QObject(parent), m_window(window), m_dir(dir)
{
    // The tour opens a temporary copy (copyOf()), deleted when it ends: never one of the user's recent assignments.
    m_window->setRecordsRecentAssignments(false);
}

ScreenshotDriver::~ScreenshotDriver() = default;

QString ScreenshotDriver::copyOf(const QString &path, QString *error)
{
    const QFileInfo given(path);
    const QString folder = given.isDir() ? given.absoluteFilePath() : given.absolutePath();
    m_copy = std::make_unique<QTemporaryDir>(QDir::tempPath() + QStringLiteral("/sandmark-screenshots-XXXXXX"));
    const QString copy = m_copy->path() + QLatin1Char('/') + QFileInfo(folder).fileName();
    const auto fail = [&](const QString &what) {
        *error = what;
        m_copy.reset();
        return QString();
    };
    if (!m_copy->isValid() || !QDir().mkpath(copy))
        return fail(QStringLiteral("%1: cannot make a temporary folder for the copy").arg(QDir::tempPath()));
    // The sandbox's user (when grading as root) reaches the copy as it reaches a user's own folder.
    QFile::setPermissions(m_copy->path(), QFile::permissions(folder) | QFileDevice::ReadOwner | QFileDevice::WriteOwner
                                               | QFileDevice::ExeOwner);
    const QDir from(folder);
    QDirIterator it(folder, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString source = it.next();
        const QString rel = from.relativeFilePath(source);
        if (rel == QLatin1String(".sandmark") || rel.startsWith(QLatin1String(".sandmark/")))
            continue; // the folder's gradebook: the tour grades afresh into the copy's own
        const QFileInfo info = it.fileInfo();
        const QString target = copy + QLatin1Char('/') + rel;
        if (info.isSymLink()) {
            if (!QFile::link(info.symLinkTarget(), target))
                return fail(QStringLiteral("%1: cannot copy the link").arg(source));
        } else if (info.isDir()) {
            if (!QDir().mkpath(target))
                return fail(QStringLiteral("%1: cannot copy the folder").arg(source));
            QFile::setPermissions(target, info.permissions());
        } else if (info.isFile() && !QFile::copy(source, target)) {
            return fail(QStringLiteral("%1: cannot copy the file").arg(source));
        }
    }
    QFile::setPermissions(copy, QFile::permissions(folder));
    return given.isDir() ? copy : copy + QLatin1Char('/') + given.fileName();
}

void ScreenshotDriver::start()
{
    connect(m_window, &MainWindow::assignmentOpened, this, [this] { QTimer::singleShot(0, this, &ScreenshotDriver::shootAll); },
            Qt::SingleShotConnection);
    connect(
        m_window, &MainWindow::openFailed, this,
        [this](const QString &message) {
            // Nothing to shoot: say why on stderr (the window's Problems panel is not seen in a screenshot run).
            qCritical().noquote() << QStringLiteral("sandmark: --screenshot-dir: the assignment cannot be opened: %1").arg(message);
            Q_EMIT finished(false);
        },
        Qt::SingleShotConnection);
}

bool ScreenshotDriver::save(QWidget *widget, const QString &name)
{
    settle(400);
    const QString path = QDir(m_dir).filePath(name + QLatin1String(".png"));
    const bool ok = widget->grab().save(path);
    if (ok)
        ++m_saved;
    return ok;
}

bool ScreenshotDriver::shootReview(SubmissionDetail *detail)
{
    // The student's notebook against the release (examples/iris: bob's answers changed, highlighted).
    bool ok = true;
    waitFor([&] { return detail->diffView()->model()->rowCount() > 0; }, 20000);
    detail->setCurrentTab(SubmissionDetail::DiffTab);
    ok &= save(m_window, QStringLiteral("19-diff"));
    detail->setCurrentTab(SubmissionDetail::ChecksTab);
    // The first failing value check's full values (bob: mean_sepal, a Series; the differing cells marked).
    QString failing;
    for (const CheckResult &c : detail->checksModel()->results())
        if (failing.isEmpty() && c.outcome == Outcome::Fail && checkKind(c.type).comparesValues())
            failing = c.checkId;
    if (failing.isEmpty())
        return ok;
    ValuesDialog *dialog = nullptr;
    QObject receiver; // the connection ends with it
    connect(detail, &SubmissionDetail::valuesShown, &receiver, [&](ValuesDialog *shown) { dialog = shown; });
    Signalled failed(detail, &SubmissionDetail::valuesFailed);
    detail->showValues(failing);
    waitFor([&] { return dialog || failed.fired(); }, 20000);
    if (!dialog)
        return false;
    ok &= save(dialog, QStringLiteral("20-values"));
    dialog->close();
    return ok;
}

void ScreenshotDriver::shootAll()
{
    QDir().mkpath(m_dir);
    const bool problemSet = m_window->assignment() && m_window->assignment()->isProblemSet();
    bool ok = shootPreview(problemSet);
    ok &= shootPages(problemSet);
    if (!problemSet)
        ok &= shootReviewMode();
    ok &= shootSelfTest();
    ok &= shootCheckEditor();
    ok &= shootAssignmentDialogs();
    if (!problemSet)
        ok &= shootChecksPreview();
    ok &= shootPreferences();
    m_window->setCurrentPage(MainWindow::PreviewPage);
    Q_EMIT finished(ok && m_saved > 0);
}

void ScreenshotDriver::changePreview(const std::function<void()> &change)
{
    NotebookPreview *preview = m_window->preview();
    Signalled loaded(preview, &NotebookPreview::loaded);
    change();
    waitFor([&] { return loaded.fired() || !preview->isLoading(); }, 20000);
}

bool ScreenshotDriver::shootPreview(bool problemSet)
{
    NotebookPreview *preview = m_window->preview();
    const auto showKind = [&](PreviewKind kind) { changePreview([&] { preview->setKind(kind); }); };
    bool ok = true;
    m_window->setCurrentPage(MainWindow::PreviewPage);
    waitFor([&] { return preview->cellModel()->rowCount() > 0; }, 20000);
    showKind(PreviewKind::Instructor);
    ok &= save(m_window, QStringLiteral("01-preview-instructor"));
    showKind(PreviewKind::Release);
    ok &= save(m_window, QStringLiteral("02-preview-release"));
    showKind(PreviewKind::Instrumented);
    // Scroll to the end, where the probe and test cells are.
    preview->view()->scrollToBottom();
    ok &= save(m_window, QStringLiteral("03-preview-instrumented"));
    showKind(PreviewKind::Instructor);
    if (problemSet) { // the notebook switcher, on the second notebook
        changePreview([&] { preview->notebookSwitcher()->setCurrentIndex(1); });
        ok &= save(m_window, QStringLiteral("12-problem-set-preview"));
        changePreview([&] { preview->notebookSwitcher()->setCurrentIndex(0); });
    }
    return ok;
}

bool ScreenshotDriver::shootPages(bool problemSet)
{
    bool ok = true;
    // The reference values from a real reference run.
    m_window->setCurrentPage(MainWindow::ChecksPageIndex);
    Signalled referenceEnded(m_window->checksPage(), &ChecksPage::referenceShown, &ChecksPage::referenceFailed);
    m_window->checksPage()->runReference();
    referenceEnded.wait(300000);
    ok &= save(m_window, QStringLiteral("04-checks"));
    // The Instructor view with the reference run's outputs (it loads them again when the run ends).
    NotebookPreview *preview = m_window->preview();
    m_window->setCurrentPage(MainWindow::PreviewPage);
    waitFor([&] { return !preview->isLoading() && !preview->referenceNote().isEmpty(); }, 20000);
    preview->showCell(3);
    ok &= save(m_window, QStringLiteral("22-preview-reference-outputs"));
    // A real scan of the instructor notebook.
    m_window->setCurrentPage(MainWindow::DataPageIndex);
    Signalled scanEnded(m_window->dataPage(), &DataPage::jobEnded);
    m_window->dataPage()->scan();
    scanEnded.wait(60000);
    ok &= save(m_window, QStringLiteral("05-data"));
    m_window->setCurrentPage(MainWindow::SubmissionsPage);
    ok &= gradeAndShowStudent(problemSet);
    ok &= save(m_window, QStringLiteral("06-submissions"));
    m_window->setCurrentPage(MainWindow::ResultsPage);
    Signalled refreshed(m_window->resultsPage(), &ResultsPage::refreshed);
    m_window->resultsPage()->refresh();
    refreshed.wait(20000);
    ok &= save(m_window, QStringLiteral("07-results"));
    // The sandbox row shows the doctor's verdict.
    m_window->setCurrentPage(MainWindow::HealthPage);
    waitFor([&] { return !m_window->healthPage()->isCheckingSandbox(); }, 30000);
    ok &= save(m_window, QStringLiteral("08-health"));
    return ok;
}

bool ScreenshotDriver::gradeAndShowStudent(bool problemSet)
{
    SubmissionsPage *subs = m_window->submissionsPage();
    waitFor([&] { return subs->model()->rowCount() > 0; }, 20000);
    Signalled batchEnded(subs, &SubmissionsPage::batchFinished, &SubmissionsPage::batchFailed);
    subs->runAll();
    batchEnded.wait(600000);
    Signalled(subs, &SubmissionsPage::gradesLoaded).wait(20000);
    // The student shown: bob (examples/iris), or SANDMARK_SCREENSHOT_STUDENT (scripts/screenshots).
    const QString student = qEnvironmentVariable("SANDMARK_SCREENSHOT_STUDENT", QStringLiteral("bob"));
    const QModelIndexList row = subs->proxy()->match(subs->proxy()->index(0, 0), Qt::DisplayRole, student, 1,
                                                      Qt::MatchExactly);
    if (row.isEmpty())
        return true;
    Signalled shown(subs->detail(), &SubmissionDetail::artifactsLoaded);
    subs->table()->setCurrentIndex(row.constFirst());
    shown.wait(20000);
    return problemSet ? shootProblemSetDetail(subs->detail()) : shootReview(subs->detail());
}

bool ScreenshotDriver::shootProblemSetDetail(SubmissionDetail *detail)
{
    // The detail's notebook switcher, on the second notebook.
    detail->notebookSwitcher()->setCurrentIndex(1);
    bool ok = save(m_window, QStringLiteral("13-problem-set-detail"));
    detail->notebookSwitcher()->setCurrentIndex(0);
    // Grading by hand: the student's answer awaiting a person, a grade being entered (not saved).
    ManualGradingPanel *manual = detail->manualPanel();
    if (manual->awaitingCount() == 0)
        return ok;
    const QString id = manual->checkIds().constFirst();
    detail->setCurrentTab(SubmissionDetail::ManualTab);
    manual->pointsBox(id)->setValue(manual->pointsBox(id)->maximum() / 2);
    manual->commentEdit(id)->setPlainText(QStringLiteral("The idea is right.\nSay why the mean is what it is."));
    ok &= save(m_window, QStringLiteral("15-manual-grading"));
    detail->setCurrentTab(SubmissionDetail::ChecksTab);
    return ok;
}

bool ScreenshotDriver::shootReviewMode()
{
    // Next from the student shown walks to the next submission that awaits a person (examples/iris: bob → dave),
    // its row selected and its detail shown.
    m_window->setCurrentPage(MainWindow::SubmissionsPage);
    SubmissionsPage *subs = m_window->submissionsPage();
    Signalled shown(subs->detail(), &SubmissionDetail::artifactsLoaded);
    subs->reviewNext();
    shown.wait(20000);
    return save(m_window, QStringLiteral("14-review"));
}

bool ScreenshotDriver::shootSelfTest()
{
    m_window->showSelfTest();
    auto *selfTest = m_window->findChild<SelfTestDialog *>();
    if (!selfTest)
        return true;
    Signalled(selfTest, &SelfTestDialog::finished).wait(30000);
    const bool ok = save(selfTest, QStringLiteral("10-selftest"));
    selfTest->close();
    return ok;
}

bool ScreenshotDriver::shootCheckEditor()
{
    // The check editor, built from the kind's fields: the example's first value check.
    const auto assignment = m_window->assignment();
    if (!assignment)
        return true;
    for (const Check &c : assignment->checks())
        if (checkKind(c).probed(c)) { // a value check
            CheckEditDialog edit(c, assignment->python(), m_window);
            edit.show();
            const bool ok = save(&edit, QStringLiteral("11-edit-check"));
            edit.close();
            return ok;
        }
    return true;
}

bool ScreenshotDriver::shootAssignmentDialogs()
{
    // The assignment settings (its data files with their URL redirects, and the limits) and New Assignment from
    // Notebook on the example's notebook (unsaved, nothing written).
    const auto assignment = m_window->assignment();
    if (!assignment)
        return true;
    AssignmentSettingsDialog settings(*assignment, m_window);
    settings.show();
    auto *tabs = settings.findChild<QTabWidget *>();
    tabs->setCurrentIndex(1);
    bool ok = save(&settings, QStringLiteral("16-assignment-settings"));
    tabs->setCurrentIndex(3);
    ok &= save(&settings, QStringLiteral("17-assignment-limits"));
    settings.close();
    NewAssignmentDialog create(assignment->absolute(assignment->notebooks().constFirst()), m_window);
    create.show();
    Signalled surveyed(&create, &NewAssignmentDialog::surveyed);
    surveyed.wait(10000);
    ok &= save(&create, QStringLiteral("18-new-assignment"));
    create.close();
    return ok;
}

bool ScreenshotDriver::shootChecksPreview()
{
    // The Checks page as the instructor tightens a tolerance after grading: the grades it would leave, regraded from
    // the stored runs with nothing run or recorded (examples/iris: corr's rtol 1e-3 → 1e-6 fails carol's typed-in
    // value). Last, because it edits the copy's assignment.json.
    const auto assignment = m_window->assignment();
    if (!assignment)
        return true;
    const QList<Check> checks = assignment->checks();
    const auto corr = std::find_if(checks.cbegin(), checks.cend(), [](const Check &c) { return c.id == QLatin1String("corr"); });
    if (corr == checks.cend())
        return true;
    m_window->setCurrentPage(MainWindow::ChecksPageIndex);
    bool shown = false;
    QObject receiver; // the connections end with it
    Signalled opened(m_window, &MainWindow::assignmentOpened);
    connect(m_window->checksPage(), &ChecksPage::previewShown, &receiver, [&] { shown = opened.fired(); });
    CheckEdit tighter;
    tighter.set(QStringLiteral("rtol"), 1e-6);
    m_window->checksPage()->applyEdit(int(corr - checks.cbegin()), tighter);
    waitFor([&] { return shown; }, 60000);
    return save(m_window, QStringLiteral("21-checks-preview"));
}

bool ScreenshotDriver::shootPreferences()
{
    PreferencesDialog prefs(m_window);
    prefs.selectBackend(QStringLiteral("local-unsafe"));
    prefs.show();
    const bool ok = save(&prefs, QStringLiteral("09-preferences"));
    prefs.close();
    return ok;
}

} // namespace sandmark
