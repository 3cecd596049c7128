// Benchmark: opening an assignment whose gradebook holds N results (default 5,000) to a usable Submissions
// table, and sorting that table (issue 5; goal < 1 s each). Usage: bench_submissions_table [N=5000] [CHECKS=12]
// [--runs R=3] [--fixture DIR]
//
// Builds in a temporary folder (or DIR, kept and reused by later runs) a copy of examples/iris with N
// submission folders (one notebook each) and a gradebook holding one run per student (12 checks, every tenth
// student overridden), written through Gradebook::recordRun() as a batch does (bench/fixture.h). Then, R times in a fresh MainWindow (offscreen unless a platform is
// given): openAssignment() → Submissions page listed (discoverSubmissions) → gradebook read and applied to the
// table (SubmissionsPage::gradesLoaded) → the page painted once. Then sorts the table's proxy by score and by
// student. Prints the median of each step and the ratio to the goal.
#include "fixture.h"
#include "gradebook/gradebook.h"
#include "jobtracker.h"
#include "mainwindow.h"
#include "submissionsmodel.h"
#include "submissionspage.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThreadPool>
#include <QTimer>

#include <algorithm>

using namespace sandmark;

namespace {

constexpr double kGoalSeconds = 1.0;
const QString kIris = QStringLiteral(SANDMARK_SOURCE_DIR "/examples/iris");

bool waitFor(const std::function<bool()> &done, int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    while (!done()) {
        if (t.elapsed() > timeoutMs)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
    }
    return true;
}

double median(QList<double> v)
{
    std::sort(v.begin(), v.end());
    return v.isEmpty() ? 0 : v.at(v.size() / 2);
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true); // no settings or recent list of the real user touched
    QCoreApplication::setOrganizationName(QStringLiteral("SandmarkBench"));
    QStringList args = app.arguments();
    args.removeFirst();
    int runs = 3;
    if (const qsizetype i = args.indexOf(QStringLiteral("--runs")); i >= 0 && i + 1 < args.size()) {
        runs = qMax(1, args.at(i + 1).toInt());
        args.remove(i, 2);
    }
    QString fixtureDir; // --fixture DIR: build the fixture there (or reuse the one there), keep it
    if (const qsizetype i = args.indexOf(QStringLiteral("--fixture")); i >= 0 && i + 1 < args.size()) {
        fixtureDir = args.at(i + 1);
        args.remove(i, 2);
    }
    const int n = args.value(0, QStringLiteral("5000")).toInt();
    const int checks = args.value(1, QStringLiteral("12")).toInt();
    QTextStream out(stdout);

    QTemporaryDir tmp;
    const QString folder = fixtureDir.isEmpty() ? tmp.path() : fixtureDir;
    QElapsedTimer t;
    t.start();
    if (auto built = bench::buildAssignmentFixture(kIris, folder, n, checks); !built) {
        out << built.error().toString() << Qt::endl;
        return 1;
    }
    out << "setup: " << n << " submissions, gradebook with " << n << " runs x " << checks << " checks in "
        << t.elapsed() / 1000.0 << " s" << Qt::endl;

    QList<double> opened, listed, usable, painted, sortScore, sortStudent;
    bench::NoSecrets secrets;
    for (int r = 0; r < runs; ++r) {
        MainWindow w(nullptr, &secrets);
        w.resize(1280, 800);
        w.show();
        w.setCurrentPage(MainWindow::SubmissionsPage);
        SubmissionsPage *page = w.submissionsPage();
        bool isListed = false, hasGrades = false;
        double openedS = 0, listedS = 0, usableS = 0;
        QElapsedTimer clock;
        QObject::connect(&w, &MainWindow::assignmentOpened, page, [&] { openedS = clock.nsecsElapsed() / 1e9; });
        QObject::connect(page, &SubmissionsPage::submissionsListed, page, [&] {
            isListed = true;
            listedS = clock.nsecsElapsed() / 1e9;
        });
        QObject::connect(page, &SubmissionsPage::gradesLoaded, page, [&] {
            if (page->model()->rowCount() == n && !hasGrades) {
                hasGrades = true;
                usableS = clock.nsecsElapsed() / 1e9;
            }
        });
        clock.start();
        w.openAssignment(folder);
        if (!waitFor([&] { return isListed && hasGrades; }, 120000)) {
            out << "timed out: listed " << isListed << ", grades " << hasGrades << ", rows " << page->model()->rowCount() << Qt::endl;
            return 1;
        }
        (void)page->grab(); // one full paint of the page with its table
        painted << clock.nsecsElapsed() / 1e9;
        opened << openedS;
        listed << listedS;
        usable << usableS;
        const int graded = int(std::count_if(page->model()->rows().cbegin(), page->model()->rows().cend(), [](const SubmissionsModel::Row &row) {
            return row.state == SubmissionsModel::State::Graded;
        }));
        if (graded != n) {
            out << "only " << graded << " of " << n << " rows show a grade" << Qt::endl;
            return 1;
        }
        QSortFilterProxyModel *proxy = page->proxy();
        clock.restart();
        proxy->sort(SubmissionsModel::ScoreColumn, Qt::DescendingOrder);
        (void)page->grab();
        sortScore << clock.nsecsElapsed() / 1e9;
        clock.restart();
        proxy->sort(SubmissionsModel::StudentColumn, Qt::AscendingOrder);
        (void)page->grab();
        sortStudent << clock.nsecsElapsed() / 1e9;
        proxy->sort(-1);
        // Work the window left on the thread pool (the Results page's read) ends before the next run.
        sandmark::backgroundPool()->waitForDone();
    }
    auto line = [&](const char *what, const QList<double> &v, bool goal) {
        const double m = median(v);
        out << "  " << what << QString::number(m, 'f', 3) << " s";
        if (goal)
            out << "  (goal " << kGoalSeconds << " s, ratio " << QString::number(m / kGoalSeconds, 'f', 2) << ")";
        out << "\n";
    };
    out << "median of " << runs << " run(s), " << n << " results:\n";
    line("open -> assignment loaded:             ", opened, false);
    line("open -> listed (discoverSubmissions):  ", listed, false);
    line("open -> usable table (grades applied): ", usable, true);
    line("open -> table painted:                 ", painted, true);
    line("sort by score (proxy + repaint):       ", sortScore, true);
    line("sort by student (proxy + repaint):     ", sortStudent, true);
    out.flush();
    return 0;
}
