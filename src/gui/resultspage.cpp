#include "resultspage.h"

#include "checksmodel.h"
#include "columnfit.h"
#include "boundedtext.h"
#include "barchart.h"
#include "gradebookaccess.h"
#include "util/displaytext.h"
#include "jobtracker.h"
#include "roles.h"
#include "shortcutsdialog.h"
#include "sandmark_gui_config.h"
#include "wrappinglabel.h"

#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QPushButton>
#include <QStyle>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>


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
      m_summaryLabel(new WrappingLabel(this)),
      m_exportStatus(new WrappingLabel(this)),
      m_export(new QPushButton(tr("&Export"), this)),
      m_exportCsv(new QAction(tr("Grades &CSV…"), this)),
      m_exportCanvas(new QAction(tr("C&anvas Gradebook CSV…"), this)),
      m_exportFeedback(new QAction(tr("HTML &Feedback Pages…"), this)),
      m_distributionTable(new QTableView(this)),
      m_checksTable(new QTableView(this)),
      m_readTracker(new JobTracker(this)),
      m_exportTracker(new JobTracker(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(heading(tr("Results"), this));
    m_summaryLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summaryLabel->setAccessibleName(tr("Results summary"));
    layout->addWidget(m_summaryLabel);

    auto *bar = new QHBoxLayout;
    m_export->setAccessibleName(tr("Export the effective grades"));
    m_export->setToolTip(tr("Grades as CSV or as a Canvas gradebook import, or one HTML feedback page per student"));
    addButtonShortcut(m_export, QKeySequence(QStringLiteral("Ctrl+E"))); // keeps Alt+E
    m_exportCsv->setToolTip(tr("student, score, max, status, one column per check, override comments (UTF-8, "
                               "spreadsheet-safe)"));
    m_exportCanvas->setToolTip(tr("Canvas's gradebook import: one column for the assignment, the student id as "
                                  "Canvas's ID"));
    m_exportFeedback->setToolTip(tr("One self-contained HTML page per graded submission: the executed notebook with "
                                    "each check's score and feedback"));
    auto *menu = new QMenu(m_export);
    menu->setToolTipsVisible(true);
    menu->addActions({m_exportCsv, m_exportCanvas, m_exportFeedback});
    m_export->setMenu(menu);
    connect(m_exportCsv, &QAction::triggered, this, [this] { chooseExport(GradeExportFormat::Csv); });
    connect(m_exportCanvas, &QAction::triggered, this, [this] { chooseExport(GradeExportFormat::Canvas); });
    connect(m_exportFeedback, &QAction::triggered, this, &ResultsPage::chooseFeedbackFolder);
    bar->addWidget(m_export);
    auto *refresh = new QPushButton(tr("Refre&sh"), this);
    refresh->setAccessibleName(tr("Read the gradebook again"));
    connect(refresh, &QPushButton::clicked, this, &ResultsPage::refresh);
    bar->addWidget(refresh);
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
    // The numbers under the charts: the distribution's two columns at their width, the pass rates' six the rest
    // (half the page cut German's "Nicht bewertet" on a 1024x640 screen, issue 19).
    auto *tables = new QHBoxLayout;
    tables->addWidget(m_distributionTable);
    tables->addWidget(m_checksTable, 1);
    m_checksTable->horizontalHeader()->setTextElideMode(Qt::ElideNone); // fitColumns() gives every title its width
    m_checksTable->viewport()->installEventFilter(this); // fitColumns() at every width (the viewport's)
    connect(m_checksTable->horizontalHeader(), &QHeaderView::sortIndicatorChanged, this, &ResultsPage::fitColumns);
    grid->setColumnStretch(0, 1);
    grid->setColumnStretch(1, 1);
#if SANDMARK_HAVE_QTCHARTS
    layout->addLayout(grid, 1);
    layout->addLayout(tables);
#else
    grid->addLayout(tables, 2, 0, 1, 2);
    grid->setRowStretch(2, 1);
    layout->addLayout(grid, 1);
#endif
    setAssignment(std::nullopt);
}

bool ResultsPage::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_checksTable->viewport() && event->type() == QEvent::Resize)
        fitColumns();
    return QWidget::eventFilter(watched, event);
}

void ResultsPage::fitColumns()
{
    // The distribution's table as wide as its columns (their titles on lines of their words) and its scroll bar,
    // the pass rates' the rest: the numbers at their width (the mean, last, whole), the check id the rest, elided
    // (the tooltip has it).
    m_distributionTable->setFixedWidth(fitColumnsWrapped(m_distributionTable) + m_distributionTable->frameWidth() * 2
                                       + m_distributionTable->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr,
                                                                                  m_distributionTable));
    fitColumnsToView(m_checksTable, CheckPassRateModel::CheckColumn, QWIDGETSIZE_MAX, 0, true);
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
    const Assignment assignment = *m_assignment;
    m_readTracker->run(
        [path, assignment] {
            auto snapshot = readGradebook(path);
            if (!snapshot)
                return Expected<ResultsSummary>(snapshot.error());
            // The export's columns: the assignment's order first, then checks only older runs had.
            return Expected<ResultsSummary>(summarizeResults(snapshot->grades, exportCheckColumns(assignment, snapshot->grades)));
        },
        [this](Expected<ResultsSummary> summary) {
            if (!summary) {
                m_summary = {};
                m_summaryLabel->setText(boundedText(tr("The gradebook cannot be read: %1").arg(summary.error().toString())));
            } else {
                m_summary = *summary;
                const QLocale l;
                if (m_summary.submissions == 0)
                    m_summaryLabel->setText(tr("No results yet: run submissions on the Submissions page."));
                else
                    m_summaryLabel->setText(
                        tr("%n submission(s) with results: %1 graded, %2 await manual grading, %3 need review, %4 grader "
                           "error(s). Mean %5, median %6 (over %7 with a score).",
                           nullptr, m_summary.submissions)
                            .arg(m_summary.graded)
                            .arg(m_summary.needsManual)
                            .arg(m_summary.needsReview)
                            .arg(m_summary.graderErrors)
                            .arg(l.toString(m_summary.meanScore, 'f', 1),
                                 ChecksModel::ofPointsText(l.toString(m_summary.medianScore, 'f', 1), m_summary.maxScore))
                            .arg(m_summary.withScore));
            }
            m_distribution->setBins(m_summary.bins);
            m_checks->setChecks(m_summary.checks);
            fitColumns();
            m_export->setEnabled(m_summary.submissions > 0);
            updateCharts();
            Q_EMIT refreshed();
        });
}

void ResultsPage::updateCharts()
{
#if SANDMARK_HAVE_QTCHARTS
    setDistributionBars(static_cast<QChartView *>(m_distributionChart), m_summary.bins);
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

QString ResultsPage::exportStatusText() const
{
    return m_exportStatus->text();
}

QList<QAction *> ResultsPage::exportActions() const
{
    return {m_exportCsv, m_exportCanvas, m_exportFeedback};
}

void ResultsPage::chooseExport(GradeExportFormat format)
{
    if (!m_assignment)
        return;
    const bool canvas = format == GradeExportFormat::Canvas;
    QString column;
    if (canvas) {
        bool ok = false;
        column = QInputDialog::getText(this, tr("Canvas Column"),
                                       tr("The Canvas assignment column the grades go into, as Canvas's gradebook "
                                          "export names it (e.g. \"HW1 (4711)\"):"),
                                       QLineEdit::Normal, m_assignment->title(), &ok)
                     .trimmed();
        if (!ok || column.isEmpty())
            return;
    }
    const QString suggested = QDir(m_assignment->folder())
                                  .filePath(m_assignment->slug() + (canvas ? QStringLiteral("-canvas.csv") : QStringLiteral("-grades.csv")));
    const QString path = QFileDialog::getSaveFileName(this, canvas ? tr("Export Grades for Canvas") : tr("Export Grades as CSV"),
                                                      suggested, tr("CSV files (*.csv)"));
    if (!path.isEmpty())
        exportGrades(path, format, column);
}

void ResultsPage::chooseFeedbackFolder()
{
    if (!m_assignment)
        return;
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Folder for the Feedback Pages"), m_assignment->folder());
    if (!folder.isEmpty())
        exportFeedback(folder);
}

void ResultsPage::exportStarted()
{
    m_exportStatus->setText(tr("Exporting…"));
    m_export->setEnabled(false);
}

void ResultsPage::exportEnded(const std::optional<Error> &error, const QString &path, int count, const QString &text)
{
    m_export->setEnabled(m_summary.submissions > 0);
    if (error) {
        m_exportStatus->setText(boundedText(tr("Export failed: %1").arg(error->toString())));
        m_exportStatus->setToolTip(QString());
        Q_EMIT exportFailed(error->toString());
        return;
    }
    m_exportStatus->setText(text);
    Q_EMIT exported(path, count);
}

void ResultsPage::exportGrades(const QString &filePath, GradeExportFormat format, const QString &canvasColumn)
{
    if (m_gradebookPath.isEmpty() || !m_assignment)
        return;
    exportStarted();
    m_exportStatus->setToolTip(QString());
    m_exportTracker->run(
        [path = m_gradebookPath, filePath, assignment = *m_assignment, format, canvasColumn] {
            return exportGradebookFile(path, filePath, assignment, format, canvasColumn);
        },
        [this, filePath](Expected<GradeExportReport> r) {
            if (!r) {
                exportEnded(r.error(), filePath, 0, QString());
                return;
            }
            QString text = tr("%n student(s) written to %1", nullptr, r->students).arg(QDir::toNativeSeparators(filePath));
            QStringList tip;
            if (!r->gone.isEmpty()) {
                text += QLatin1String("; ")
                        + tr("%n gradebook row(s) left out: the submission folder is gone (the grades stay in the "
                             "gradebook); see the tooltip",
                             nullptr, int(r->gone.size()));
                for (const QString &id : r->gone.mid(0, 40))
                    tip << displayText(id);
                if (r->gone.size() > 40)
                    tip << QStringLiteral("…");
            }
            if (!r->unfinished.isEmpty()) {
                text += QLatin1String("; ")
                        + tr("%n left empty: a person has still to finish them (needs manual grading, or needs review and "
                             "not marked reviewed); see the tooltip",
                             nullptr, int(r->unfinished.size()));
                if (!tip.isEmpty())
                    tip << QString();
                for (const QString &id : r->unfinished.mid(0, 40))
                    tip << displayText(id);
                if (r->unfinished.size() > 40)
                    tip << QStringLiteral("…");
            }
            if (!tip.isEmpty())
                m_exportStatus->setToolTip(tip.join(QLatin1Char('\n')));
            exportEnded(std::nullopt, filePath, r->students, text);
        });
}

void ResultsPage::exportFeedback(const QString &folder)
{
    if (m_gradebookPath.isEmpty() || !m_assignment)
        return;
    exportStarted();
    m_exportTracker->run(
        [path = m_gradebookPath, assignment = *m_assignment, folder] { return writeGradebookFeedback(path, assignment, folder); },
        [this, folder](Expected<FeedbackFolderReport> report) {
            if (!report) {
                exportEnded(report.error(), folder, 0, QString());
                return;
            }
            const int pages = int(report->pages.size());
            QString text = tr("%n feedback page(s) written to %1", nullptr, pages).arg(QDir::toNativeSeparators(folder));
            if (!report->notes.isEmpty())
                text += QLatin1String("; ") + tr("%n with the scores only (see the tooltip)", nullptr, int(report->notes.size()));
            m_exportStatus->setToolTip(report->notes.join(QLatin1Char('\n')));
            exportEnded(std::nullopt, folder, pages, text);
        });
}

QString ResultsPage::summaryText() const
{
    return m_summaryLabel->text();
}

} // namespace sandmark
