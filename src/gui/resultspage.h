#pragma once
// The Results page: grade distribution, per-check pass rates, the exports (CSV, Canvas CSV, HTML feedback).

#include "assignment/assignment.h"
#include "gradebook/export.h"
#include "resultsmodels.h"

#include <QWidget>

#include <optional>

class QAction;
class QLabel;
class QPushButton;
class QStackedWidget;
class QTableView;

namespace sandmark {

class JobTracker;

/// Reads the open assignment's gradebook on a worker thread (JobTracker; a newer refresh drops an older one)
/// and shows the effective grades (latest runs plus overrides): a summary line, the grade distribution and the
/// per-check pass rates as bar charts (Qt Charts, when the build has it) with the numbers in tables beside
/// them (tables only without Qt Charts). The Export menu offers every export `sandmark-cli` has, each written on a
/// worker thread through the same core function: Sandmark's CSV and Canvas's gradebook CSV (exportGrades(), as
/// `export --format csv|canvas`, the Canvas column asked for) written atomically, and the HTML feedback folder
/// (writeFeedbackFolder(), as `feedback`); the line beside the menu says what was written or why not. GUI thread
/// only.
class ResultsPage : public QWidget
{
    Q_OBJECT
public:
    explicit ResultsPage(QWidget *parent = nullptr);
    void setAssignment(const std::optional<Assignment> &assignment);
    /// The gradebook file read (default: Gradebook::defaultPath of the assignment folder).
    QString gradebookPath() const { return m_gradebookPath; }
    void setGradebookPath(const QString &path);
    /// Reads the gradebook again (after a batch or an override); refreshed() follows.
    void refresh();
    /// Exports the effective grades to `filePath` in `format` (background); `canvasColumn` is Canvas's column name
    /// (empty: the assignment's title). exported() or exportFailed() follows.
    void exportGrades(const QString &filePath, GradeExportFormat format, const QString &canvasColumn = {});
    /// Writes one HTML feedback page per graded submission into `folder` (background); exported() (with the
    /// folder and the number of pages) or exportFailed() follows.
    void exportFeedback(const QString &folder);
    /// The line beside the Export menu: what the last export wrote, or why it failed.
    QString exportStatusText() const;
    /// The Export menu's actions: Grades CSV…, Canvas CSV…, Feedback Pages…
    QList<QAction *> exportActions() const;

    const ResultsSummary &summary() const { return m_summary; }
    GradeDistributionModel *distributionModel() const { return m_distribution; }
    CheckPassRateModel *checksModel() const { return m_checks; }
    QString summaryText() const;
    /// True when the page draws charts (built with Qt Charts).
    static bool hasCharts();

Q_SIGNALS:
    void refreshed();
    /// An export is written: `path` (a file, or the feedback folder), `students` the rows or pages written.
    void exported(const QString &path, int students);
    void exportFailed(const QString &message);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    /// Every pass-rate column in view at the table's width (no horizontal scroll bar on a 1024x640 screen, English or
    /// German): fitColumnsToView(), as the Checks page. On new results, resizes and a new sort column.
    void fitColumns();
    /// Asks where (and for Canvas, the column), then exports.
    void chooseExport(GradeExportFormat format);
    void chooseFeedbackFolder();
    /// "Exporting…", the menu disabled until exportEnded().
    void exportStarted();
    /// The status line says `text` (or the error), the menu is enabled again, exported() or exportFailed() follows.
    void exportEnded(const std::optional<Error> &error, const QString &path, int count, const QString &text);
    void updateCharts();

    std::optional<Assignment> m_assignment;
    QString m_gradebookPath;
    ResultsSummary m_summary;
    GradeDistributionModel *m_distribution;
    CheckPassRateModel *m_checks;
    QLabel *m_summaryLabel;
    QLabel *m_exportStatus;
    QPushButton *m_export;
    QAction *m_exportCsv;
    QAction *m_exportCanvas;
    QAction *m_exportFeedback;
    QTableView *m_distributionTable;
    QTableView *m_checksTable;
    QWidget *m_distributionChart = nullptr;
    QWidget *m_checksChart = nullptr;
    JobTracker *m_readTracker;
    JobTracker *m_exportTracker;
};

} // namespace sandmark
