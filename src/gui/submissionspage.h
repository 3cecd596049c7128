#pragma once
// The Submissions page: the table of students, batch grading with live results, the submission detail.

#include "assignment/assignment.h"
#include "batch/lmsimport.h"
#include "batch/submissions.h"
#include "batchtask.h"
#include "gradebook/gradebook.h"
#include "grading/result.h"

#include <QHash>
#include <QPointer>
#include <QSet>
#include <QWidget>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

class QAction;
class QCheckBox;
class QLabel;
class QSplitter;
class QThreadPool;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;
class QTimer;
class QVBoxLayout;

namespace sandmark {

class ImportFlagsModel;
class JobTracker;
class SubmissionDetail;
class SubmissionsModel;
struct SubmissionsListing;
struct BatchSummary;
struct GradeResult;

/// Lists the submissions of the open assignment (its `submissions/` folder, found with the batch core's
/// discoverSubmissions(); Import Folder… and Import Zip… copy submissions into it, importSubmissions()) with their
/// latest results from the gradebook (grade summaries), both read at the same time on two threads of the page's own
/// (never queued behind other pages' jobs); the rows are set once, with the grades in when they came first, in a
/// sortable table filtered by any column (student, status, backend). Only then are the notebooks parsed
/// (checkNotebookRows, on a third thread of the page's own) to say why one cannot be graded and how large it is. The
/// selected row's checks are read from the gradebook when it is selected. Run All / Run Selected / Run Failed grade
/// through the core's BatchGrader on a thread of its own (BatchTask: N sandboxes at once, each result committed to
/// the gradebook on that thread when its run ends, then sent here queued): the table fills in live from
/// submissionFinished (the detail shows a finished run's executed notebook, record and log at once), a progress bar
/// shows done / total and the ETA, Cancel stops the batch (results so far stay). Run All skips submissions whose
/// files and assignment are unchanged since their last completed run; Selected and Failed always rerun. The
/// selected row's result is shown in a SubmissionDetail (checks, manual override, grading by hand). Override
/// Selected… (a button and the table's context menu) gives the selected rows one override through the core's
/// overrideSubmissions(). Nothing here blocks the GUI thread. GUI thread only.
class SubmissionsPage : public QWidget
{
    Q_OBJECT
public:
    explicit SubmissionsPage(QWidget *parent = nullptr);
    ~SubmissionsPage() override;
    void setAssignment(const std::optional<Assignment> &assignment);
    /// Import Folder…: copies the submissions in `folder` (one notebook or sub-folder per student, or a Canvas or
    /// Moodle export unpacked into a folder) into the open assignment's `submissions/` folder, as importArchive().
    /// The assignment's listing is never replaced by `folder`.
    void importFolder(const QString &folder);
    /// Imports a Canvas or Moodle zip (the core's importSubmissions(), as `sandmark-cli import submissions`, on a
    /// worker thread) into the open assignment's `submissions/` folder, then lists that folder. Students already
    /// there are left unchanged and, like unsafe or ambiguous entries, reported as flagged (in the list under the
    /// table: importFlagsModel()); imported() or importFailed() follows. Ignored while an import runs.
    void importArchive(const QString &zipPath);
    /// What the imports into the assignment's `submissions/` flagged (its ImportManifest) and the late students.
    ImportFlagsModel *importFlagsModel() const { return m_flagsModel; }
    QTableView *importFlagsView() const { return m_flagsView; }
    /// "Choose Notebook…": enabled for a flagged student whose folder holds several notebooks; asks which one is
    /// graded (chooseMatch()).
    QPushButton *settleButton() const { return m_settle; }
    /// The text under the table: the listing's or the last import's summary.
    QString countText() const;
    /// The count line's tooltip: the listed folder's full path, and what the import that led to it wrote.
    QString countToolTip() const;
    /// The gradebook results are read from and written to (default: Gradebook::defaultPath of the folder).
    QString gradebookPath() const { return m_gradebookPath; }

    /// Grades these students (all listed when empty) in the background; batchFinished() follows.
    /// `force`: rerun unchanged submissions too.
    void runStudents(const QStringList &students, bool force);
    void runAll();
    void runSelected();
    /// Reruns the students whose latest result is needs-review or grader-error, or not run.
    void runFailed();
    /// Asks which of `student`'s notebooks is graded for instructor notebook `notebook` (of a problem set, or a
    /// one-notebook assignment's folder holding several: a list of the folder's notebooks, or "let the rule
    /// decide") and settles the answer (settleMatch()).
    void chooseMatch(const QString &student, const QString &notebook);
    /// Settles in the gradebook, on a worker thread, that `file` (relative to `student`'s folder; empty: the rule
    /// decides again) is graded for `notebook` (settleNotebookMatch(), as `sandmark-cli match`); the next run of
    /// the student applies it. matchSettled() or matchFailed() follows; the batch status line says which.
    void settleMatch(const QString &student, const QString &notebook, const QString &file);
    /// "Override Selected…" (button and the table's context menu): asks in an OverrideDialog what to replace, the
    /// points and the comment, then overrideStudents() the selected rows.
    void overrideSelected();
    /// Gives `students` the same override in one gradebook transaction on a worker thread
    /// (overrideGradebookSubmissions(), as `sandmark-cli override` with several students); their rows refresh, the
    /// batch status line names those skipped (no run). overridesApplied() or overrideFailed() follows.
    void overrideStudents(const QStringList &students, const Override &override_);
    QAction *overrideSelectedAction() const { return m_overrideSelected; }
    void cancelBatch();
    bool isRunning() const { return !m_batch.isNull(); }
    /// The running batch (null when none): its grader works on the batch's own thread.
    BatchTask *batchTask() const { return m_batch; }
    /// Shows `student`'s latest result in the detail below the table: during a batch, the result it just
    /// reported with its run's artifacts; otherwise its effective grade, read from the gradebook in the
    /// background (detailShown() follows).
    void showDetail(const QString &student);

    /// Review mode: selects the next (reviewPrevious(): the previous) row of the table, in its current sort and
    /// filter order, whose submission awaits a person (needs-review or needs-manual; any row when
    /// reviewAllBox() is checked), so its detail shows. At either end nothing moves and reviewStatusText() says
    /// there is no further one: the walk never wraps. The rule is reviewNeighbour() (reviewnavigation.h).
    void reviewNext();
    void reviewPrevious();
    /// Next / Previous (F8 / Shift+F8 while the page is shown), the buttons under the table.
    QAction *reviewNextAction() const { return m_reviewNext; }
    QAction *reviewPreviousAction() const { return m_reviewPrevious; }
    /// Checked: Next and Previous walk every row, not only those awaiting a person.
    QCheckBox *reviewAllBox() const { return m_reviewAll; }
    /// Where the walk is ("dave: 1 of 3 awaiting a person"), or why it did not move.
    QString reviewStatusText() const;
    /// Mark Reviewed (Ctrl+M): marks the selected submissions reviewed (Gradebook::setReviewed(), on a worker
    /// thread) — or removes their marks when every one of them holds one already — and, after marking a single
    /// submission, moves on as Next does. reviewMarked() or reviewFailed() follows.
    void toggleReviewedSelected();
    QAction *markReviewedAction() const { return m_markReviewed; }

    SubmissionsModel *model() const { return m_model; }
    QSortFilterProxyModel *proxy() const { return m_proxy; }
    QTableView *table() const { return m_table; }
    QLineEdit *filterEdit() const { return m_filter; }
    SubmissionDetail *detail() const { return m_detail; }
    QProgressBar *progressBar() const { return m_progress; }
    QString batchStatusText() const;
    /// The Slurm line above the table, for an assignment graded on a cluster (`sandmark-cli slurm submit`):
    /// graded of all, shards done / running / failed, the ETA; each failed shard's reason in its tooltip. Read
    /// with the core's readSlurmStatus() and querySlurmQueue() on a worker thread, again every 30 s while shards
    /// run or wait. Hidden for an assignment without a Slurm submission. Read-only.
    QLabel *slurmStatusLabel() const { return m_slurm; }
    /// Reads the Slurm status again in the background (slurmStatusRead() follows).
    void refreshSlurmStatus();
    JobTracker *tracker() const { return m_tracker; }
    JobTracker *checkTracker() const { return m_checkTracker; }

Q_SIGNALS:
    /// The user asked to see this notebook (absolute path) in the Notebook preview.
    void previewRequested(const QString &notebookPath);
    /// The table holds the listed rows and the flags list is filled (a few events after the listing arrived:
    /// issue 19 splits its work); gradesLoaded() follows when the grades are in and the columns fitted.
    void submissionsListed();
    /// Every listed notebook was loaded; rows that cannot be graded show why.
    void notebooksChecked();
    /// A batch's reference run ended (BatchGrader::referenceEnded): the Health page shows it.
    void referenceEnded(const sandmark::HealthInputs::Reference &reference);
    /// A result arrived (already committed to the gradebook).
    void resultRecorded(const QString &student);
    /// The gradebook changed (a batch ended, an override was applied): the Results page reads it again.
    void gradebookChanged();
    /// A batch is about to start on its own thread (`task` is running() from here on); for observers of
    /// task->grader(), whose signals come from that thread.
    void batchStarting(sandmark::BatchTask *task);
    void batchFinished(const sandmark::BatchSummary &summary);
    void batchFailed(const QString &message);
    /// settleMatch() is done: `message` says what was settled ("ben: problem2.ipynb ← Problem2 (1).ipynb …").
    void matchSettled(const QString &student, const QString &message);
    void matchFailed(const QString &message);
    /// overrideStudents() is done: `overridden` got the override, `skipped` had no run (or none with the check).
    void overridesApplied(const QStringList &overridden, const QStringList &skipped);
    void overrideFailed(const QString &message);
    /// The review marks of `students` were set (`reviewed`) or removed.
    void reviewMarked(const QStringList &students, bool reviewed);
    void reviewFailed(const QString &message);
    /// An import (zip or folder) is done: `written` student folders written (ready to grade or flagged for
    /// review), `flagged` the flagged and the skipped entries (each "entry: reason").
    void imported(int written, const QStringList &flagged);
    void importFailed(const QString &message);
    /// The gradebook's results are in the table (after listing, after a batch).
    void gradesLoaded();
    /// The detail shows `student`'s result (showDetail()).
    void detailShown(const QString &student);
    /// The Slurm line was updated (refreshSlurmStatus()).
    void slurmStatusRead();

private:
    // The constructor's parts, in the order it calls them (the widgets in the order the page shows them).
    void setUpProgressTimer(); ///< m_progressTimer shows m_latestProgress
    void buildHeader(QVBoxLayout *layout); ///< title, imports, filter, the batch's buttons, progress and status
    void setUpTable();
    void buildSplitter(QVBoxLayout *layout); ///< the table, the flags box and the review row above the detail
    void buildFlagsBox(QWidget *top, QVBoxLayout *topLayout); ///< what the LMS import flagged, under the table
    void buildReviewRow(QWidget *top, QVBoxLayout *topLayout); ///< the count, Previous / Next, Mark Reviewed
    void connectTable();  ///< the filter, the count, and the rows' double click, current row and selection
    void connectDetail(); ///< the detail's requests and changes
    /// Lists the assignment's submissions `folder` (one sub-folder per student) and its import manifest, in the
    /// background.
    void listFolder(const QString &folder);
    /// importFolder() and importArchive().
    void importFrom(const QString &source);
    /// Fills the flagged list from a listing's manifest (hidden when empty).
    /// `listed`: the listing's students (hashed on its worker); `lookalikes`: groups of listed students whose ids
    /// look the same (exportIdCollisions()), flagged too.
    void showImportFlags(const ImportManifest &manifest, const QSet<QString> &listed, const QHash<QString, QString> &ambiguous,
                         const QString &manifestError,
                         const QList<QStringList> &lookalikes = {});
    void readGrades();
    /// The listing shown (one model reset), the grades read merged into its rows unless `gradesMerged`; the
    /// flags list follows in a later event (then submissionsListed()), the columns' fit in a third.
    void showListing(const QString &folder, SubmissionsListing &listing, bool gradesMerged = false);
    /// The grades read (m_grades) into rows not yet in the model.
    void mergeGrades(SubmissionsListing &listing) const;
    /// Runs `step` in a later GUI-thread event (its own: none holds much work), unless the table has been listed
    /// again or the assignment changed before.
    void later(std::function<void()> step);
    /// Applies many grades to the table at once (sorting the proxy once, not row by row).
    void applyGrades(const QList<GradeSummary> &grades);
    /// Runs `change` (a model change touching many rows' size, state or result) with the proxy sorting once,
    /// afterwards; not at all when the table is sorted by a column such changes leave alone and not filtered.
    void withOneSort(const std::function<void()> &change);
    /// Both the listing and the grades are in: the table is complete.
    void tableComplete();
    /// Columns sized to their contents (a sample of rows), none wider than 320 px. GUI thread.
    void fitColumns();
    void checkNotebooksInBackground();
    void updateButtons();
    /// The count line: the listing's (m_countText), after "Filter: N of M shown." while the filter hides rows.
    void showCount();
    /// runStudents()'s submissions of `students` (all listed when empty) that are listed, in student order; their
    /// ids into `queued`.
    QList<Submission> submissionsToRun(const QStringList &students, QStringList &queued) const;
    /// The running batch's signals into the table, the progress bar and the status line.
    void connectBatch();
    /// Rows unchanged since their last completed run (the batch skips them): their recorded grades stand.
    void showUnchanged(const QStringList &unchanged);
    /// Results the batch recorded, into their rows; the detail shows the current row's.
    void showFinished(const QList<BatchTask::Finished> &finished);
    /// The status line of a batch that ended: the graded count, and the others when there are any.
    QString batchSummaryText(const BatchSummary &s) const;
    void finishBatch();
    /// Review mode's step: +1 next, -1 previous.
    void review(int step);
    /// Review mode's status line: shown while `text` is not empty, hidden (giving the count its room) otherwise.
    void setReviewStatus(const QString &text);
    /// Shows the detail; when it was hidden, gives it the height its checks need (fitDetail()).
    void revealDetail();
    /// Moves the splitter so the detail shows its checks (up to ten rows) while the table keeps five rows; the
    /// window keeps its size.
    void fitDetail();

    std::optional<Assignment> m_assignment;
    QString m_folder;
    QString m_reselect; ///< after a reload: the student whose detail was shown
    QString m_gradebookPath;
    QString m_importSummary; ///< "Imported 3 student(s); …", shown with the listing that follows an import
    QHash<QString, Submission> m_submissions; // by student id
    QHash<QString, GradeSummary> m_grades;    // by student id, as last read
    bool m_listed = false, m_gradesRead = false; // of the current folder / gradebook
    quint64 m_tableGeneration = 0;            // later(): counts listings and assignments
    bool m_checkPending = false;              // the listed notebooks are still to be checked
    QHash<QString, RunRecord> m_live;         // results of the running batch, until the gradebook is read again
    SubmissionsModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTableView *m_table;
    QLineEdit *m_filter;
    QLabel *m_count;
    QString m_countText; ///< the listing's count line, without the filter's part; empty until listed
    QPushButton *m_runAll;
    QPushButton *m_runSelected;
    QPushButton *m_runFailed;
    QPushButton *m_cancel;
    QAction *m_overrideSelected;
    QPushButton *m_overrideButton;
    QProgressBar *m_progress;
    QLabel *m_batchStatus;
    QTimer *m_progressTimer; ///< shows m_latestProgress, at most every 100 ms
    struct Progress
    {
        int done = 0, total = 0;
        double etaS = -1;
    } m_latestProgress;
    QLabel *m_slurm;
    QTimer *m_slurmTimer;
    JobTracker *m_slurmTracker;
    QSplitter *m_splitter;
    SubmissionDetail *m_detail;
    QAction *m_reviewNext;
    QAction *m_reviewPrevious;
    QCheckBox *m_reviewAll;
    QAction *m_markReviewed;
    QLabel *m_reviewStatus;
    JobTracker *m_tracker;
    JobTracker *m_checkTracker; ///< loads the listed notebooks to show why one cannot be graded
    JobTracker *m_gradesTracker;
    JobTracker *m_detailTracker;
    JobTracker *m_importTracker;
    ImportFlagsModel *m_flagsModel;
    QTableView *m_flagsView;
    QPushButton *m_settle;
    QWidget *m_flagsBox = nullptr;
    QLabel *m_flagsTitle = nullptr;
    JobTracker *m_overrideTracker; ///< Override Selected…'s gradebook write
    QThreadPool *m_readPool;  ///< two threads: the listing and the gradebook, read at the same time
    QThreadPool *m_checkPool; ///< one thread: the notebook checks
    std::shared_ptr<std::atomic<bool>> m_checkCancel; ///< stops the running notebook check early
    QPointer<BatchTask> m_batch;
};

} // namespace sandmark
