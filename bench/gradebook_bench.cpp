// Gradebook benchmark: time to load and sort N effective grades (issue 4, bench (c)).
// Usage: gradebook_bench [N=5000] [CHECKS=12] [PATH]   (PATH kept when given, else a temporary file)
// Prints the time to write N runs (bench/fixture.h: one transaction each, as a batch does), to load the effective grades
// (latest run + overrides), to sort them by score, and to load the grade summaries the Submissions table shows.
#include "fixture.h"
#include "gradebook/gradebook.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>

using namespace sandmark;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const int n = args.value(1, QStringLiteral("5000")).toInt();
    const int checks = args.value(2, QStringLiteral("12")).toInt();
    QTemporaryDir tmp;
    const QString path = args.size() > 3 ? args.at(3) : tmp.filePath(QStringLiteral("gradebook.sqlite"));
    QTextStream out(stdout);
    auto gb = Gradebook::open(path);
    if (!gb) {
        out << gb.error().toString() << Qt::endl;
        return 1;
    }
    QElapsedTimer t;
    t.start();
    if (auto w = bench::writeGradebookFixture(**gb, n, checks); !w) {
        out << w.error().toString() << Qt::endl;
        return 1;
    }
    const qint64 writeMs = t.restart();
    auto grades = (*gb)->effectiveGrades();
    const qint64 loadMs = t.restart();
    if (!grades) {
        out << grades.error().toString() << Qt::endl;
        return 1;
    }
    std::stable_sort(grades->begin(), grades->end(), [](const EffectiveGrade &a, const EffectiveGrade &b) {
        return a.score().value_or(-1) > b.score().value_or(-1);
    });
    const qint64 sortMs = t.restart();
    auto summaries = (*gb)->gradeSummaries(); // what the app's Submissions table reads
    const qint64 summariesMs = t.elapsed();
    if (!summaries) {
        out << summaries.error().toString() << Qt::endl;
        return 1;
    }
    out << "gradebook: " << grades->size() << " submissions x " << checks << " checks\n"
        << "  write (one transaction per run): " << writeMs << " ms (" << double(writeMs) / n << " ms/run)\n"
        << "  load effective grades:           " << loadMs << " ms\n"
        << "  sort by score:                   " << sortMs << " ms\n"
        << "  load + sort:                     " << loadMs + sortMs << " ms\n"
        << "  load grade summaries (table):    " << summariesMs << " ms" << Qt::endl;
    return 0;
}
