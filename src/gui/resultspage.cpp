#include "resultspage.h"

#include "gradebookaccess.h"
#include "jobtracker.h"
#include "roles.h"
#include "sandmark_gui_config.h"

#include <QDir>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#if SANDMARK_HAVE_QTCHARTS
#include <QtCharts/QBarCategoryAxis>
#include <QtCharts/QBarSeries>
#include <QtCharts/QBarSet>
#include <QtCharts/QHorizontalBarSeries>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QValueAxis>
#endif

namespace sandmark {

namespace {
QLabel *heading(const QString &text, QWidget *parent, qreal scale = 1.3)
{
    auto *l = new QLabel(text, parent);
    QFont f = l->font();
    f.setPointSizeF(f.pointSizeF() * scale);
    f.setBold(true);
    l->setFont(f);
    return l;
}

#if SANDMARK_HAVE_QTCHARTS
// A chart with one category axis and one value axis, created once; setBars() replaces only the series.
// `horizontal`: categories down the left side, bars to the right — for named categories (check ids), whose
// names then read left to right at full length instead of being elided under narrow columns.
QChartView *makeChartView(const QString &accessibleName, bool horizontal, QWidget *parent)
{
    auto *chart = new QChart;
    chart->legend()->hide();
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->addAxis(new QBarCategoryAxis(chart), horizontal ? Qt::AlignLeft : Qt::AlignBottom);
    chart->addAxis(new QValueAxis(chart), horizontal ? Qt::AlignBottom : Qt::AlignLeft);
    auto *view = new QChartView(chart, parent);
    view->setRenderHint(QPainter::Antialiasing);
    view->setAccessibleName(accessibleName);
    view->setMinimumHeight(220);
    return view;
}

// Shows one bar set: `labels` as categories, `values` on a 0..`maxY` axis; counts get whole-number ticks.
void setBars(QChartView *view, const QString &title, const QString &setName, const QStringList &labels,
             const QList<qreal> &values, qreal maxY, bool counts, const QColor &color)
{
    QChart *chart = view->chart();
    chart->setTitle(title);
    chart->removeAllSeries();
    QBarCategoryAxis *categories = nullptr;
    QValueAxis *valueAxis = nullptr;
    for (QAbstractAxis *axis : chart->axes()) {
        if (auto *c = qobject_cast<QBarCategoryAxis *>(axis))
            categories = c;
        else if (auto *v = qobject_cast<QValueAxis *>(axis))
            valueAxis = v;
    }
    if (!categories || !valueAxis)
        return;
    const bool horizontal = categories->alignment() == Qt::AlignLeft;
    categories->clear();
    // A horizontal chart lists the first category at the top.
    QStringList shown = labels;
    QList<qreal> shownValues = values;
    if (horizontal) {
        std::reverse(shown.begin(), shown.end());
        std::reverse(shownValues.begin(), shownValues.end());
    }
    categories->append(shown);
    if (counts) {
        const int top = qMax(1, int(std::ceil(maxY)));
        const int rounded = top <= 10 ? top : (top + 4) / 5 * 5;
        valueAxis->setRange(0, rounded);
        valueAxis->setTickCount(top <= 10 ? top + 1 : 6);
        valueAxis->setLabelFormat(QStringLiteral("%d"));
    } else {
        valueAxis->setRange(0, qMax<qreal>(1, maxY));
        valueAxis->setTickCount(6);
        valueAxis->setLabelFormat(QStringLiteral("%.0f %%"));
    }
    if (labels.isEmpty())
        return;
    auto *set = new QBarSet(setName);
    set->setColor(color);
    set->setBorderColor(color.darker(130));
    for (qreal v : std::as_const(shownValues))
        *set << v;
    QAbstractBarSeries *series = horizontal ? static_cast<QAbstractBarSeries *>(new QHorizontalBarSeries)
                                            : static_cast<QAbstractBarSeries *>(new QBarSeries);
    series->append(set);
    series->setBarWidth(0.8);
    series->setLabelsVisible(true);
    series->setLabelsPosition(QAbstractBarSeries::LabelsInsideEnd);
    series->setLabelsFormat(counts ? QStringLiteral("@value") : QStringLiteral("@value %"));
    chart->addSeries(series);
    series->attachAxis(categories);
    series->attachAxis(valueAxis);
}
#endif

void setUpTable(QTableView *t, QAbstractItemModel *model, const QString &name)
{
    auto *proxy = new QSortFilterProxyModel(t);
    proxy->setSourceModel(model);
    proxy->setSortRole(SortRole);
    t->setModel(proxy);
    t->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder); // the model's order until a header is clicked
    t->setSortingEnabled(true);
    t->setAccessibleName(name);
    t->verticalHeader()->hide();
    t->horizontalHeader()->setStretchLastSection(true);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setAlternatingRowColors(true);
    t->setWordWrap(false);
    t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 6); // compact: more rows visible
}
} // namespace

ResultsPage::ResultsPage(QWidget *parent)
    : QWidget(parent),
      m_distribution(new GradeDistributionModel(this)),
      m_checks(new CheckPassRateModel(this)),
      m_summaryLabel(new QLabel(this)),
      m_exportStatus(new QLabel(this)),
      m_export(new QPushButton(tr("&Export CSV…"), this)),
      m_distributionTable(new QTableView(this)),
      m_checksTable(new QTableView(this)),
      m_readTracker(new JobTracker(this)),
      m_exportTracker(new JobTracker(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(heading(tr("Results"), this));
    m_summaryLabel->setWordWrap(true);
    m_summaryLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summaryLabel->setAccessibleName(tr("Results summary"));
    layout->addWidget(m_summaryLabel);

    auto *bar = new QHBoxLayout;
    m_export->setAccessibleName(tr("Export the effective grades as CSV"));
    m_export->setToolTip(tr("student, score, max, status, one column per check, override comments (UTF-8, "
                            "spreadsheet-safe)"));
    m_export->setShortcut(QKeySequence(QStringLiteral("Ctrl+E")));
    connect(m_export, &QPushButton::clicked, this, &ResultsPage::chooseExportFile);
    bar->addWidget(m_export);
    auto *refresh = new QPushButton(tr("Refre&sh"), this);
    refresh->setAccessibleName(tr("Read the gradebook again"));
    connect(refresh, &QPushButton::clicked, this, &ResultsPage::refresh);
    bar->addWidget(refresh);
    m_exportStatus->setWordWrap(true);
    m_exportStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_exportStatus->setAccessibleName(tr("Export status"));
    bar->addWidget(m_exportStatus, 1);
    layout->addLayout(bar);

    setUpTable(m_distributionTable, m_distribution, tr("Grade distribution"));
    setUpTable(m_checksTable, m_checks, tr("Pass rate per check"));
    auto *grid = new QGridLayout;
    grid->addWidget(heading(tr("Grade distribution"), this, 1.0), 0, 0);
    grid->addWidget(heading(tr("Pass rate per check"), this, 1.0), 0, 1);
#if SANDMARK_HAVE_QTCHARTS
    m_distributionChart = makeChartView(tr("Grade distribution chart"), false, this);
    m_checksChart = makeChartView(tr("Pass rate per check chart"), true, this);
    grid->addWidget(m_distributionChart, 1, 0);
    grid->addWidget(m_checksChart, 1, 1);
    grid->setRowStretch(1, 3);
    m_distributionTable->setMaximumHeight(170);
    m_checksTable->setMaximumHeight(170);
#endif
    grid->addWidget(m_distributionTable, 2, 0);
    grid->addWidget(m_checksTable, 2, 1);
    grid->setRowStretch(2, 1);
    grid->setColumnStretch(0, 1);
    grid->setColumnStretch(1, 1);
    layout->addLayout(grid, 1);
    setAssignment(std::nullopt);
}

bool ResultsPage::hasCharts()
{
    return SANDMARK_HAVE_QTCHARTS;
}

void ResultsPage::setAssignment(const std::optional<Assignment> &assignment)
{
    const bool same = assignment && m_assignment && assignment->folder() == m_assignment->folder();
    m_assignment = assignment;
    if (!same)
        m_gradebookPath = assignment ? Gradebook::defaultPath(assignment->folder()) : QString();
    if (!same)
        m_exportStatus->clear();
    refresh();
}

void ResultsPage::setGradebookPath(const QString &path)
{
    m_gradebookPath = path;
    refresh();
}

void ResultsPage::refresh()
{
    if (!m_assignment) {
        m_readTracker->cancel();
        m_summary = {};
        m_distribution->setBins({});
        m_checks->setChecks({});
        m_summaryLabel->setText(tr("No assignment open."));
        m_export->setEnabled(false);
        updateCharts();
        return;
    }
    const QString path = m_gradebookPath;
    QStringList order;
    for (const Check &c : m_assignment->checks())
        order << c.id;
    m_readTracker->run(
        [path, order] {
            auto snapshot = readGradebook(path);
            if (!snapshot)
                return Expected<ResultsSummary>(snapshot.error());
            QStringList ids = order; // the assignment's order first, then checks only older runs had
            for (const QString &id : std::as_const(snapshot->checkIds))
                if (!ids.contains(id))
                    ids << id;
            return Expected<ResultsSummary>(summarizeResults(snapshot->grades, ids));
        },
        [this](Expected<ResultsSummary> summary) {
            if (!summary) {
                m_summary = {};
                m_summaryLabel->setText(tr("The gradebook cannot be read: %1").arg(summary.error().toString()));
            } else {
                m_summary = *summary;
                const QLocale l;
                if (m_summary.submissions == 0)
                    m_summaryLabel->setText(tr("No results yet: run submissions on the Submissions page."));
                else
                    m_summaryLabel->setText(
                        tr("%n submission(s) with results: %1 graded, %2 await manual grading, %3 need review, %4 grader "
                           "error(s). Mean %5, median %6 of %7 points (over %8 with a score).",
                           nullptr, m_summary.submissions)
                            .arg(m_summary.graded)
                            .arg(m_summary.needsManual)
                            .arg(m_summary.needsReview)
                            .arg(m_summary.graderErrors)
                            .arg(l.toString(m_summary.meanScore, 'f', 1), l.toString(m_summary.medianScore, 'f', 1),
                                 l.toString(m_summary.maxScore, 'g', 6))
                            .arg(m_summary.withScore));
            }
            m_distribution->setBins(m_summary.bins);
            m_checks->setChecks(m_summary.checks);
            m_distributionTable->resizeColumnsToContents();
            m_checksTable->resizeColumnsToContents();
            m_export->setEnabled(m_summary.submissions > 0);
            updateCharts();
            Q_EMIT refreshed();
        });
}

void ResultsPage::updateCharts()
{
#if SANDMARK_HAVE_QTCHARTS
    QStringList ranges;
    QList<qreal> counts;
    qreal maxCount = 0;
    for (const ResultsSummary::Bin &b : std::as_const(m_summary.bins)) {
        ranges << QLocale().toString(b.fromPercent, 'g', 3);
        counts << b.count;
        maxCount = qMax<qreal>(maxCount, b.count);
    }
    setBars(static_cast<QChartView *>(m_distributionChart), tr("Submissions per score range (%, lower bound)"),
            tr("Submissions"), ranges, counts, maxCount, true, QColor(0x3b, 0x6e, 0xa5));
    QStringList ids;
    QList<qreal> rates;
    for (const ResultsSummary::CheckRate &c : std::as_const(m_summary.checks)) {
        ids << c.checkId;
        rates << qRound(1000.0 * c.passRate()) / 10.0;
    }
    setBars(static_cast<QChartView *>(m_checksChart), tr("Submissions passing each check (%)"), tr("Pass rate"), ids,
            rates, 100, false, QColor(0x3f, 0x8f, 0x4f));
#endif
}

void ResultsPage::chooseExportFile()
{
    if (!m_assignment)
        return;
    const QString suggested = QDir(m_assignment->folder()).filePath(m_assignment->slug() + QStringLiteral("-grades.csv"));
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Grades as CSV"), suggested, tr("CSV files (*.csv)"));
    if (!path.isEmpty())
        exportCsv(path);
}

void ResultsPage::exportCsv(const QString &csvPath)
{
    if (m_gradebookPath.isEmpty())
        return;
    m_exportStatus->setText(tr("Exporting…"));
    m_export->setEnabled(false);
    const QString path = m_gradebookPath;
    m_exportTracker->run([path, csvPath, assignment = m_assignment] { return exportGradebookCsv(path, csvPath, assignment); },
                         [this, csvPath](Expected<int> n) {
                             m_export->setEnabled(m_summary.submissions > 0);
                             if (!n) {
                                 m_exportStatus->setText(tr("Export failed: %1").arg(n.error().toString()));
                                 Q_EMIT exportFailed(n.error().toString());
                                 return;
                             }
                             m_exportStatus->setText(tr("%n student(s) written to %1", nullptr, *n)
                                                         .arg(QDir::toNativeSeparators(csvPath)));
                             Q_EMIT exported(csvPath, *n);
                         });
}

QString ResultsPage::summaryText() const
{
    return m_summaryLabel->text();
}

} // namespace sandmark
