// Benchmark: opening an assignment whose gradebook holds N results (default 5,000) to a usable Submissions
// table, and sorting that table (issue 5; goal < 1 s each). Usage: bench_submissions_table [N=5000] [CHECKS=12]
// [--runs R=3]
//
// Builds in a temporary folder a copy of examples/iris with N submission folders (one notebook each) and a
// gradebook holding one run per student (12 checks, every tenth student overridden), written through
// Gradebook::recordRun() as a batch does. Then, R times in a fresh MainWindow (offscreen unless a platform is
// given): openAssignment() → Submissions page listed (discoverSubmissions) → gradebook read and applied to the
// table (SubmissionsPage::gradesLoaded) → the page painted once. Then sorts the table's proxy by score and by
// student. Prints the median of each step and the ratio to the goal.
#include "gradebook/gradebook.h"
#include "mainwindow.h"
#include "secrets/secretstore.h"
#include "submissionsmodel.h"
#include "submissionspage.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTimer>

#include <algorithm>

using namespace sandmark;

namespace {

constexpr double kGoalSeconds = 1.0;
const QString kIris = QStringLiteral(SANDMARK_SOURCE_DIR "/examples/iris");

// No keychain: the bench never reads secrets.
class NoSecrets : public SecretStore
{
public:
    void read(const QString &, QObject *context, ReadCallback cb) override
    {
        QTimer::singleShot(0, context, [cb] { cb(QString()); });
    }
    void write(const QString &, const QString &, QObject *context, DoneCallback cb) override
    {
        QTimer::singleShot(0, context, [cb] { cb({}); });
    }
    void remove(const QString &, QObject *context, DoneCallback cb) override
    {
        QTimer::singleShot(0, context, [cb] { cb({}); });
    }
};

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
    const int n = args.value(0, QStringLiteral("5000")).toInt();
    const int checks = args.value(1, QStringLiteral("12")).toInt();
    QTextStream out(stdout);

    QTemporaryDir tmp;
    const QString folder = tmp.path();
    QDir().mkpath(folder + QStringLiteral("/data"));
    for (const QString &f : {QStringLiteral("iris-analysis.ipynb"), QStringLiteral("data/iris.csv"), QStringLiteral("assignment.json")})
        if (!QFile::copy(kIris + QLatin1Char('/') + f, folder + QLatin1Char('/') + f)) {
            out << "cannot copy " << f << " from " << kIris << Qt::endl;
            return 1;
        }
    QElapsedTimer t;
    t.start();
    const QString notebook = kIris + QStringLiteral("/submissions/alice/iris-analysis.ipynb");
    for (int i = 0; i < n; ++i) {
        const QString dir = folder + QStringLiteral("/submissions/student%1").arg(i, 5, 10, QLatin1Char('0'));
        QDir().mkpath(dir);
        QFile::copy(notebook, dir + QStringLiteral("/iris-analysis.ipynb"));
    }
    {
        auto gb = Gradebook::open(Gradebook::defaultPath(folder));
        if (!gb) {
            out << gb.error().toString() << Qt::endl;
            return 1;
        }
        for (int i = 0; i < n; ++i) {
            RunRecord run;
            run.studentId = QStringLiteral("student%1").arg(i, 5, 10, QLatin1Char('0'));
            run.filesHash = run.inputsHash = QStringLiteral("h%1").arg(i);
            run.started = QDateTime::currentDateTimeUtc();
            run.finished = run.started.addMSecs(1500 + i % 1000);
            run.backend = QStringLiteral("bwrap");
            run.artifacts = QStringLiteral("/nonexistent/runs/%1/artifacts").arg(i);
            for (int c = 0; c < checks; ++c) {
                CheckResult r;
                r.checkId = QStringLiteral("q%1").arg(c + 1);
                r.maxPoints = 1;
                r.outcome = (i * 7 + c) % 3 ? Outcome::Pass : Outcome::Fail;
                r.points = r.outcome == Outcome::Pass ? 1 : 0;
                r.expected = QStringLiteral("0.9629");
                r.actual = r.outcome == Outcome::Pass ? r.expected : QStringLiteral("0.5");
                r.feedback = r.outcome == Outcome::Pass ? QString() : QStringLiteral("`corr`: value 0.5 ≠ 0.9629");
                run.result.checks << r;
                run.result.score += r.points;
                run.result.maxScore += 1;
            }
            if (auto id = (*gb)->recordRun(run); !id) {
                out << id.error().toString() << Qt::endl;
                return 1;
            }
            if (i % 10 == 0)
                (void)(*gb)->addOverride(run.studentId, {QStringLiteral("q1"), 1, QStringLiteral("regraded by hand"), {}});
        }
    }
    out << "setup: " << n << " submissions, gradebook with " << n << " runs x " << checks << " checks in "
        << t.elapsed() / 1000.0 << " s" << Qt::endl;

    QList<double> listed, usable, painted, sortScore, sortStudent;
    NoSecrets secrets;
    for (int r = 0; r < runs; ++r) {
        MainWindow w(nullptr, &secrets);
        w.resize(1280, 800);
        w.show();
        w.setCurrentPage(MainWindow::SubmissionsPage);
        SubmissionsPage *page = w.submissionsPage();
        bool isListed = false, hasGrades = false;
        double listedS = 0, usableS = 0;
        QElapsedTimer clock;
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
    }
    auto line = [&](const char *what, const QList<double> &v, bool goal) {
        const double m = median(v);
        out << "  " << what << QString::number(m, 'f', 3) << " s";
        if (goal)
            out << "  (goal " << kGoalSeconds << " s, ratio " << QString::number(m / kGoalSeconds, 'f', 2) << ")";
        out << "\n";
    };
    out << "median of " << runs << " run(s), " << n << " results:\n";
    line("open -> listed (discoverSubmissions):  ", listed, false);
    line("open -> usable table (grades applied): ", usable, true);
    line("open -> table painted:                 ", painted, true);
    line("sort by score (proxy + repaint):       ", sortScore, true);
    line("sort by student (proxy + repaint):     ", sortStudent, true);
    out.flush();
    return 0;
}
