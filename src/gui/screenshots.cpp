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
#include <QDeadlineTimer>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QDoubleSpinBox>
#include <QPixmap>
#include <QPlainTextEdit>
#include <QSortFilterProxyModel>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>

#include <functional>

#include <algorithm>

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
} // namespace

ScreenshotDriver::ScreenshotDriver(MainWindow *window, const QString &dir, QObject *parent)
    : QObject(parent), m_window(window), m_dir(dir)
{
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
    auto c = connect(detail, &SubmissionDetail::valuesShown, this, [&](ValuesDialog *shown) { dialog = shown; });
    bool failed = false;
    auto c2 = connect(detail, &SubmissionDetail::valuesFailed, this, [&] { failed = true; });
    detail->showValues(failing);
    waitFor([&] { return dialog || failed; }, 20000);
    disconnect(c);
    disconnect(c2);
    if (!dialog)
        return false;
    ok &= save(dialog, QStringLiteral("20-values"));
    dialog->close();
    return ok;
}

void ScreenshotDriver::shootAll()
{
    QDir().mkpath(m_dir);
    NotebookPreview *preview = m_window->preview();
    auto loadKind = [&](PreviewKind kind) {
        bool loaded = false;
        auto c = connect(preview, &NotebookPreview::loaded, this, [&] { loaded = true; });
        preview->setKind(kind);
        waitFor([&] { return loaded || !preview->isLoading(); }, 20000);
        disconnect(c);
    };
    bool ok = true;
    m_window->setCurrentPage(MainWindow::PreviewPage);
    waitFor([&] { return preview->cellModel()->rowCount() > 0; }, 20000);
    loadKind(PreviewKind::Instructor);
    ok &= save(m_window, QStringLiteral("01-preview-instructor"));
    loadKind(PreviewKind::Release);
    ok &= save(m_window, QStringLiteral("02-preview-release"));
    loadKind(PreviewKind::Instrumented);
    // Scroll to the end, where the probe and test cells are.
    preview->view()->scrollToBottom();
    ok &= save(m_window, QStringLiteral("03-preview-instrumented"));
    loadKind(PreviewKind::Instructor);
    const bool problemSet = m_window->assignment() && m_window->assignment()->isProblemSet();
    if (problemSet) { // the notebook switcher, on the second notebook
        bool loaded = false;
        auto c = connect(preview, &NotebookPreview::loaded, this, [&] { loaded = true; });
        preview->notebookSwitcher()->setCurrentIndex(1);
        waitFor([&] { return loaded || !preview->isLoading(); }, 20000);
        disconnect(c);
        ok &= save(m_window, QStringLiteral("12-problem-set-preview"));
        loaded = false;
        c = connect(preview, &NotebookPreview::loaded, this, [&] { loaded = true; });
        preview->notebookSwitcher()->setCurrentIndex(0);
        waitFor([&] { return loaded || !preview->isLoading(); }, 20000);
        disconnect(c);
    }

    const QList<QPair<MainWindow::Page, QString>> pages = {
        {MainWindow::ChecksPageIndex, QStringLiteral("04-checks")},
        {MainWindow::DataPageIndex, QStringLiteral("05-data")},
        {MainWindow::SubmissionsPage, QStringLiteral("06-submissions")},
        {MainWindow::ResultsPage, QStringLiteral("07-results")},
        {MainWindow::HealthPage, QStringLiteral("08-health")},
    };
    for (const auto &[page, name] : pages) {
        m_window->setCurrentPage(page);
        if (page == MainWindow::DataPageIndex) { // show a real scan of the instructor notebook
            bool ended = false;
            auto c = connect(m_window->dataPage(), &DataPage::jobEnded, this, [&] { ended = true; });
            m_window->dataPage()->scan();
            waitFor([&] { return ended; }, 60000);
            disconnect(c);
        }
        if (page == MainWindow::ChecksPageIndex) { // the reference values from a real reference run
            bool ended = false;
            auto c1 = connect(m_window->checksPage(), &ChecksPage::referenceShown, this, [&] { ended = true; });
            auto c2 = connect(m_window->checksPage(), &ChecksPage::referenceFailed, this, [&] { ended = true; });
            m_window->checksPage()->runReference();
            waitFor([&] { return ended; }, 300000);
            disconnect(c1);
            disconnect(c2);
        }
        if (page == MainWindow::SubmissionsPage) { // grade every submission in the sandbox, show one result
            SubmissionsPage *subs = m_window->submissionsPage();
            waitFor([&] { return subs->model()->rowCount() > 0; }, 20000);
            bool ended = false;
            auto c1 = connect(subs, &SubmissionsPage::batchFinished, this, [&] { ended = true; });
            auto c2 = connect(subs, &SubmissionsPage::batchFailed, this, [&] { ended = true; });
            subs->runAll();
            waitFor([&] { return ended; }, 600000);
            disconnect(c1);
            disconnect(c2);
            bool loaded = false;
            auto c3 = connect(subs, &SubmissionsPage::gradesLoaded, this, [&] { loaded = true; });
            waitFor([&] { return loaded; }, 20000);
            disconnect(c3);
            // The student shown: bob (examples/iris), or SANDMARK_SCREENSHOT_STUDENT (scripts/screenshots).
            const QString student = qEnvironmentVariable("SANDMARK_SCREENSHOT_STUDENT", QStringLiteral("bob"));
            const QModelIndexList row = subs->proxy()->match(subs->proxy()->index(0, 0), Qt::DisplayRole, student, 1,
                                                              Qt::MatchExactly);
            if (!row.isEmpty()) {
                bool shown = false;
                auto c4 = connect(subs->detail(), &SubmissionDetail::artifactsLoaded, this, [&] { shown = true; });
                subs->table()->setCurrentIndex(row.constFirst());
                waitFor([&] { return shown; }, 20000);
                disconnect(c4);
                if (problemSet) { // the detail's notebook switcher, on the second notebook
                    subs->detail()->notebookSwitcher()->setCurrentIndex(1);
                    ok &= save(m_window, QStringLiteral("13-problem-set-detail"));
                    subs->detail()->notebookSwitcher()->setCurrentIndex(0);
                    // Grading by hand: the student's answer awaiting a person, a grade being entered (not saved).
                    SubmissionDetail *detail = subs->detail();
                    ManualGradingPanel *manual = detail->manualPanel();
                    if (manual->awaitingCount() > 0) {
                        const QString id = manual->checkIds().constFirst();
                        detail->setCurrentTab(SubmissionDetail::ManualTab);
                        manual->pointsBox(id)->setValue(manual->pointsBox(id)->maximum() / 2);
                        manual->commentEdit(id)->setPlainText(QStringLiteral("The idea is right.\nSay why the mean is what it is."));
                        ok &= save(m_window, QStringLiteral("15-manual-grading"));
                        detail->setCurrentTab(SubmissionDetail::ChecksTab);
                    }
                } else {
                    ok &= shootReview(subs->detail());
                }
            }
        }
        if (page == MainWindow::ResultsPage) {
            bool refreshed = false;
            auto c = connect(m_window->resultsPage(), &ResultsPage::refreshed, this, [&] { refreshed = true; });
            m_window->resultsPage()->refresh();
            waitFor([&] { return refreshed; }, 20000);
            disconnect(c);
        }
        if (page == MainWindow::HealthPage) // the sandbox row shows the doctor's verdict
            waitFor([&] { return !m_window->healthPage()->isCheckingSandbox(); }, 30000);
        ok &= save(m_window, name);
    }

    // Review mode: Next from the student shown walks to the next submission that awaits a person (examples/iris:
    // bob → dave), its row selected and its detail shown.
    if (!problemSet) {
        m_window->setCurrentPage(MainWindow::SubmissionsPage);
        SubmissionsPage *subs = m_window->submissionsPage();
        bool shown = false;
        auto c = connect(subs->detail(), &SubmissionDetail::artifactsLoaded, this, [&] { shown = true; });
        subs->reviewNext();
        waitFor([&] { return shown; }, 20000);
        disconnect(c);
        ok &= save(m_window, QStringLiteral("14-review"));
    }

    m_window->showSelfTest();
    if (auto *selfTest = m_window->findChild<SelfTestDialog *>()) {
        bool done = false;
        auto c = connect(selfTest, &SelfTestDialog::finished, this, [&] { done = true; });
        waitFor([&] { return done; }, 30000);
        disconnect(c);
        ok &= save(selfTest, QStringLiteral("10-selftest"));
        selfTest->close();
    }

    // The check editor, built from the kind's fields: the example's first value check.
    if (const auto assignment = m_window->assignment()) {
        for (const Check &c : assignment->checks())
            if (checkKind(c).probed(c)) { // a value check
                CheckEditDialog edit(c, assignment->python(), m_window);
                edit.show();
                ok &= save(&edit, QStringLiteral("11-edit-check"));
                edit.close();
                break;
            }
    }

    // The assignment settings (its data files with their URL redirects, and the limits) and New Assignment from
    // Notebook on the example's notebook (unsaved, nothing written).
    if (const auto assignment = m_window->assignment()) {
        AssignmentSettingsDialog settings(*assignment, m_window);
        settings.show();
        auto *tabs = settings.findChild<QTabWidget *>();
        tabs->setCurrentIndex(1);
        ok &= save(&settings, QStringLiteral("16-assignment-settings"));
        tabs->setCurrentIndex(3);
        ok &= save(&settings, QStringLiteral("17-assignment-limits"));
        settings.close();
        NewAssignmentDialog create(assignment->absolute(assignment->notebooks().constFirst()), m_window);
        create.show();
        bool surveyed = false;
        auto c = connect(&create, &NewAssignmentDialog::surveyed, this, [&] { surveyed = true; });
        waitFor([&] { return surveyed; }, 10000);
        disconnect(c);
        ok &= save(&create, QStringLiteral("18-new-assignment"));
        create.close();
    }

    // The Checks page as the instructor tightens a tolerance after grading: the grades it would leave, regraded from
    // the stored runs with nothing run or recorded (examples/iris: corr's rtol 1e-3 → 1e-6 fails carol's typed-in
    // value). Last, because it edits the copy's assignment.json.
    if (const auto assignment = m_window->assignment(); assignment && !problemSet) {
        const QList<Check> checks = assignment->checks();
        const auto corr = std::find_if(checks.cbegin(), checks.cend(), [](const Check &c) { return c.id == QLatin1String("corr"); });
        if (corr != checks.cend()) {
            m_window->setCurrentPage(MainWindow::ChecksPageIndex);
            bool opened = false, shown = false;
            auto c1 = connect(m_window, &MainWindow::assignmentOpened, this, [&] { opened = true; });
            auto c2 = connect(m_window->checksPage(), &ChecksPage::previewShown, this, [&] { shown = opened; });
            CheckEdit tighter;
            tighter.set(QStringLiteral("rtol"), 1e-6);
            m_window->checksPage()->applyEdit(int(corr - checks.cbegin()), tighter);
            waitFor([&] { return shown; }, 60000);
            disconnect(c1);
            disconnect(c2);
            ok &= save(m_window, QStringLiteral("21-checks-preview"));
        }
    }

    PreferencesDialog prefs(m_window);
    prefs.selectBackend(QStringLiteral("local-unsafe"));
    prefs.show();
    ok &= save(&prefs, QStringLiteral("09-preferences"));
    prefs.close();
    m_window->setCurrentPage(MainWindow::PreviewPage);
    Q_EMIT finished(ok && m_saved > 0);
}

} // namespace sandmark
