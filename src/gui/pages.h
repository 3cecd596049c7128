#pragma once
// The main window's pages other than the notebook preview.

#include "assignment/assignment.h"
#include "assignment/edit.h"
#include "batch/health.h"
#include "batch/referencerun.h"
#include "batch/regradepreview.h"
#include "gradebook/summary.h"
#include "grading/value.h"
#include "datafilesmodel.h"

#include <QWidget>

#include <functional>
#include <optional>

class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;
class QListView;
class QVBoxLayout;

namespace sandmark {

class AddTestCheckDialog;
class AddValueCheckDialog;
class ChecksModel;
class DatasetCallsModel;
class DatasetEntriesModel;
class DatasetJob;
class JobTracker;
class ReferenceRun;
class SecretStore;
struct AssignmentDatasets;

/// The assignment's checks as assignment.json lists them, with the total points and, after Run Reference,
/// each value check's reference value from the reference run (the batch core's ReferenceRun: the instructor
/// notebook in the sandbox, cached by its inputs; asynchronous). Points and tolerances are edited in
/// assignment.json (background, other keys kept). Add Value Check… picks a variable from the reference run's
/// namespace listing (kept for the assignment folder once known, so adding several checks runs the notebook
/// once); Add Test Check… takes assertion code; Remove asks first. Every change is written by the core
/// (assignment/edit.h) on a worker thread, then the window reloads the assignment.
class ChecksPage : public QWidget
{
    Q_OBJECT
public:
    explicit ChecksPage(QWidget *parent = nullptr);
    void setAssignment(const std::optional<Assignment> &assignment);
    ChecksModel *model() const { return m_model; }
    /// Whether the Notebook column is shown (a problem set's checks; hidden for a single notebook).
    bool showsNotebookColumn() const;
    QString totalText() const;
    /// Applies `edit` to check `row` in assignment.json (background); emits assignmentEdited() or shows the error.
    void applyEdit(int row, const CheckEdit &edit);
    /// Opens the edit dialog for the selected check.
    void editSelected();
    JobTracker *tracker() const { return m_tracker; }
    /// Runs (or reads from the cache) the reference run and shows its values; referenceShown() or
    /// referenceFailed() follows.
    void runReference();
    /// Stops the running reference run (ReferenceRun::cancel(): its sandbox is killed): the status says so,
    /// Health keeps what it knew, and Run Reference is offered again. Nothing when none runs.
    void cancelReference();
    bool isRunningReference() const { return m_reference != nullptr; }
    QString referenceStatusText() const;

    /// Opens the Add Value Check dialog (window-modal, not blocking) and returns it; it lists the known
    /// namespace or starts the reference run itself. Accepting it adds the check.
    AddValueCheckDialog *openAddValueCheck();
    /// Opens the Add Test Check dialog (window-modal, not blocking) and returns it; accepting adds the check.
    AddTestCheckDialog *openAddTestCheck();
    /// Appends `check` to assignment.json (background); assignmentEdited() or the error in the status line.
    void addNewCheck(const NewCheck &check);
    /// Asks, then removes the selected check.
    void removeSelected();
    /// Removes check `row` without asking (background); assignmentEdited() or the error in the status line.
    void removeCheckAt(int row);
    QString editStatusText() const;
    /// "Grades with these checks": what grading now would leave (previewRegrade(), as `grade --dry-run` prints it),
    /// recomputed in the background after every change of the checks and when results are recorded
    /// (refreshPreview()); its text and, with Qt Charts, the distribution chart. previewShown() follows.
    void refreshPreview();
    QString previewText() const;
    /// The distribution the preview shows, per ResultsSummary bin; empty when none is shown.
    QList<int> previewCounts() const { return m_previewCounts; }
    /// The reference run's namespace listing for the open assignment folder, once known.
    const std::optional<QList<NamespaceEntry>> &knownNamespace() const { return m_namespace; }

Q_SIGNALS:
    /// assignment.json was changed; the window reloads the assignment.
    void assignmentEdited();
    void referenceShown();
    void referenceFailed(const QString &message);
    /// Either outcome of a reference run: `seconds` of wall time, `cached` when nothing ran.
    void referenceEnded(const sandmark::HealthInputs::Reference &result);
    /// A file change was refused or failed (the message names the file and the field).
    void editFailed(const QString &message);
    /// The grade preview was recomputed (previewText(), previewCounts()).
    void previewShown();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    /// Every column in view at the table's width (no horizontal scroll bar on a 1024x640 screen): the short columns
    /// at their contents' width, the variable or test and the reference value (last, stretched) share the rest;
    /// what does not fit elides, the tooltip has it whole. On a new assignment, new reference values and resizes.
    void fitColumns();
    // The constructor's parts, top to bottom.
    void setUpTable(QVBoxLayout *layout);
    void buildCheckButtons(QVBoxLayout *layout); ///< the total, Edit, Add Value, Add Test, Remove; the edit status
    void buildReferenceRow(QVBoxLayout *layout); ///< Run Reference, its busy bar and Cancel, its status
    void buildPreviewRow(QVBoxLayout *layout);   ///< the grades with these checks beside their distribution
    ReferenceRunOptions referenceOptions() const;
    /// The busy bar and Cancel while a reference run goes; Run Reference otherwise.
    void showReferenceRunning(bool running);
    void runFileJob(std::function<Expected<void>()> job, const QString &doneText);
    /// What the preview job computes off the GUI thread (previewRegrade() and both summaries).
    struct PreviewResult
    {
        bool graded = false;   ///< the gradebook has results
        QString referenceRuns; ///< RegradePreview::referenceRuns
        int regraded = 0, cannotRun = 0, wouldRun = 0; ///< RegradePreview::regraded, cannotRun and wouldRun, counted
        int changed = 0;                ///< RegradePreview::changed, counted
        ResultsSummary now, after; ///< summarizeResults() of the grades as they are and as grading would leave them
    };
    void showPreview(const Expected<PreviewResult> &result);

    std::optional<Assignment> m_assignment;
    JobTracker *m_tracker;
    QLabel *m_editStatus;
    QPushButton *m_edit;
    QPushButton *m_addValue;
    QPushButton *m_addTest;
    QPushButton *m_remove;
    JobTracker *m_fileTracker;
    std::optional<QList<NamespaceEntry>> m_namespace;
    ChecksModel *m_model;
    QTableView *m_table;
    QLabel *m_total;
    QPushButton *m_runReference;
    QPushButton *m_cancelReference;
    QProgressBar *m_referenceBusy;
    QLabel *m_referenceStatus;
    ReferenceRun *m_reference = nullptr;
    JobTracker *m_previewTracker;
    QLabel *m_preview;
    QWidget *m_previewChart = nullptr; ///< a QChartView when the build has Qt Charts
    QList<int> m_previewCounts;
};

/// Supplied data files (sizes, redirected URLs) and the required datasets: scan the instructor notebooks
/// for dataset calls (computed calls flagged), add and remove entries (assignment.json edited atomically by
/// the datasets core, other keys kept), warm the dataset cache with a progress bar per file and cancel,
/// check it offline with missing files highlighted. Runs DatasetJob (asynchronous QProcess and Qt Network);
/// file reads happen on worker threads. GUI thread only.
class DataPage : public QWidget
{
    Q_OBJECT
public:
    /// `store` holds the Hub token (not owned; must outlive the page).
    explicit DataPage(SecretStore *store, QWidget *parent = nullptr);
    ~DataPage() override;
    /// `rows`: the supplied files with sizes measured off the GUI thread.
    void setAssignment(const std::optional<Assignment> &assignment, QList<DataFilesModel::Row> rows);
    DataFilesModel *filesModel() const { return m_files; }
    DatasetEntriesModel *entriesModel() const { return m_entries; }
    DatasetCallsModel *callsModel() const { return m_calls; }
    QString summaryText() const;
    bool isBusy() const;

    void scan();
    void warm();
    void check();
    void cancel();
    /// Adds or removes required_datasets entries in assignment.json (background); emits assignmentEdited().
    void editEntries(const QStringList &add, const QStringList &remove);

Q_SIGNALS:
    /// A scan, warm or check ended (finished, failed or cancelled).
    void jobEnded();
    /// assignment.json was changed; the window reloads the assignment.
    void assignmentEdited();

private:
    void start(int mode);
    void launch(int mode, const AssignmentDatasets &datasets, const QString &token);
    void setBusy(bool busy);
    /// Enables only what has something to act on: Warm and Check need listed entries, Remove a selection.
    void updateButtons();
    void addEntry();

    SecretStore *m_store;
    std::optional<Assignment> m_assignment;
    DataFilesModel *m_files;
    DatasetEntriesModel *m_entries;
    DatasetCallsModel *m_calls;
    QTableView *m_filesTable;
    QTableView *m_entriesTable;
    QTableView *m_callsTable;
    QLabel *m_summary;
    QLabel *m_jobStatus;
    QProgressBar *m_progress;
    QList<QPushButton *> m_jobButtons; // scan, warm, check, add, remove
    QPushButton *m_cancel;
    QPushButton *m_remove;
    JobTracker *m_tracker;
    DatasetJob *m_job = nullptr;
    bool m_busy = false;
};

} // namespace sandmark
