#include "fixture.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace sandmark::bench {

QString studentId(int i)
{
    return QStringLiteral("student%1").arg(i, 5, 10, QLatin1Char('0'));
}

RunRecord fixtureRun(int i, int checks)
{
    RunRecord run;
    run.studentId = studentId(i);
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
    return run;
}

Expected<void> writeGradebookFixture(Gradebook &gradebook, int n, int checks)
{
    for (int i = 0; i < n; ++i) {
        const RunRecord run = fixtureRun(i, checks);
        if (auto id = gradebook.recordRun(run); !id)
            return id.error();
        if (i % 10 == 0)
            if (auto o = gradebook.addOverride(run.studentId, {QStringLiteral("q1"), 1, QStringLiteral("regraded by hand"), {}}); !o)
                return o.error();
    }
    return {};
}

Expected<void> buildAssignmentFixture(const QString &irisFolder, const QString &folder, int n, int checks)
{
    const QString marker = QDir(folder).filePath(QStringLiteral(".sandmark/bench-fixture"));
    const QByteArray stamp = QByteArray::number(n) + ' ' + QByteArray::number(checks);
    if (QFile f(marker); f.open(QIODevice::ReadOnly) && f.readAll() == stamp)
        return {};
    if (QFileInfo::exists(QDir(folder).filePath(QStringLiteral("submissions"))))
        return Error{folder, {}, QStringLiteral("holds another fixture (or none): use an empty or new folder")};
    QDir().mkpath(QDir(folder).filePath(QStringLiteral("data")));
    for (const QString &f : {QStringLiteral("iris-analysis.ipynb"), QStringLiteral("data/iris.csv"), QStringLiteral("assignment.json")})
        if (!QFile::copy(QDir(irisFolder).filePath(f), QDir(folder).filePath(f)))
            return Error{QDir(irisFolder).filePath(f), {}, QStringLiteral("cannot copy to %1").arg(folder)};
    const QString notebook = QDir(irisFolder).filePath(QStringLiteral("submissions/alice/iris-analysis.ipynb"));
    for (int i = 0; i < n; ++i) {
        const QString dir = QDir(folder).filePath(QStringLiteral("submissions/") + studentId(i));
        if (!QDir().mkpath(dir) || !QFile::copy(notebook, dir + QStringLiteral("/iris-analysis.ipynb")))
            return Error{dir, {}, QStringLiteral("cannot copy %1 here").arg(notebook)};
    }
    auto gb = Gradebook::open(Gradebook::defaultPath(folder));
    if (!gb)
        return gb.error();
    if (auto w = writeGradebookFixture(**gb, n, checks); !w)
        return w.error();
    QSaveFile f(marker);
    if (!f.open(QIODevice::WriteOnly) || f.write(stamp) != stamp.size() || !f.commit())
        return Error{marker, {}, QStringLiteral("cannot write: %1").arg(f.errorString())};
    return {};
}

} // namespace sandmark::bench
