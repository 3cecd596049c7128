#pragma once
// The Results page: grade distribution, per-check pass rates, CSV export.

#include "assignment/assignment.h"
#include "resultsmodels.h"

#include <QWidget>

#include <optional>

class QLabel;
class QPushButton;
class QStackedWidget;
class QTableView;

namespace sandmark {

class JobTracker;

/// Reads the open assignment's gradebook on a worker thread (JobTracker; a newer refresh drops an older one)
/// and shows the effective grades (latest runs plus overrides): a summary line, the grade distribution and the
/// per-check pass rates as bar charts (Qt Charts, when the build has it) with the numbers in tables beside
/// them (tables only without Qt Charts). Export CSV writes Sandmark's CSV (gradebook/export.h) atomically, on a
/// worker thread. GUI thread only.
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
    /// Exports the effective grades to `csvPath` (background); exported() or exportFailed() follows.
    void exportCsv(const QString &csvPath);

    const ResultsSummary &summary() const { return m_summary; }
    GradeDistributionModel *distributionModel() const { return m_distribution; }
    CheckPassRateModel *checksModel() const { return m_checks; }
    QString summaryText() const;
    /// True when the page draws charts (built with Qt Charts).
    static bool hasCharts();

Q_SIGNALS:
    void refreshed();
    void exported(const QString &csvPath, int students);
    void exportFailed(const QString &message);

private:
    void chooseExportFile();
    void updateCharts();

    std::optional<Assignment> m_assignment;
    QString m_gradebookPath;
    ResultsSummary m_summary;
    GradeDistributionModel *m_distribution;
    CheckPassRateModel *m_checks;
    QLabel *m_summaryLabel;
    QLabel *m_exportStatus;
    QPushButton *m_export;
    QTableView *m_distributionTable;
    QTableView *m_checksTable;
    QWidget *m_distributionChart = nullptr;
    QWidget *m_checksChart = nullptr;
    JobTracker *m_readTracker;
    JobTracker *m_exportTracker;
};

} // namespace sandmark
