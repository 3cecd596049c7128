#pragma once
// One submission's grade, check by check, with its run.

#include "assignment/assignment.h"
#include "gradebook/gradebook.h"
#include "grading/result.h"

#include <QDateTime>
#include <QWidget>

#include <functional>
#include <optional>

class QComboBox;
class QDateTime;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QPushButton;
class QPlainTextEdit;
class QTabBar;
class QToolButton;
class QTabWidget;
class QTableView;
class QVBoxLayout;

namespace sandmark {

class CheckResultsModel;
class JobTracker;
class ManualGradingPanel;
class NotebookPreview;
class RecordCellsModel;
class ReleaseDiffView;
class ValuesDialog;

/// Shows a GradeResult (src/core/grading): status, score, the reasons for a status that is not `graded` and the
/// notes (what was noticed without changing the grade); each check's outcome, points, expected and actual value and feedback; the executed notebook in
/// a NotebookPreview; the execution record's cells (status, duration, error) and messages; the log — for a
/// result read from the gradebook, from the run's artifacts folder (showArtifacts(), read off the GUI thread). A manual
/// override (points for one check or the whole submission, with a required comment) is written to the
/// gradebook on a worker thread (Gradebook::addOverride) and shown beside the automatic points; overrides
/// belong to the submission, so they survive regrades. A problem set's result (setAssignment() of a problem set)
/// shows the set's total in the summary and a notebook switcher above the tabs, one tab per instructor notebook
/// in the assignment's order with its points: the chosen notebook's match decision ("problem1.ipynb ←
/// myproblem1.ipynb"), its checks, and its executed notebook, record and log from its folder of the run's
/// artifacts (notebookArtifactsFolder()). A single notebook's result shows no switcher. The "Grading by hand" tab
/// (ManualGradingPanel, shown when the run has manual checks) takes each manual check's points and comment and
/// stores them as `sandmark-cli manual import` does (storeManualGrade(), on a worker thread). GUI thread only.
class SubmissionDetail : public QWidget
{
    Q_OBJECT
public:
    explicit SubmissionDetail(QWidget *parent = nullptr);

    /// The assignment whose results are shown: its notebooks and which checks belong to each (Check::notebook).
    /// A check a result holds that the assignment no longer has is shown with the first notebook. Call before
    /// setResult(); nullopt: none (every result is shown as one notebook's).
    void setAssignment(const std::optional<Assignment> &assignment);

    /// `executedNotebook`: path of the executed notebook (the run folder keeps it), empty when none;
    /// `log`: the runner's stderr / log text.
    void setResult(const QString &student, const GradeResult &result, const ExecutionRecord &record,
                   const QString &executedNotebook, const QString &log);

    /// Shows the run's artifacts from `artifactsFolder` (`<run>/artifacts`, EffectiveGrade::artifacts):
    /// executed.ipynb in the notebook tab, record.json in the record tab, log.txt in the log tab. The files are
    /// read on the thread pool (JobTracker); artifactsLoaded() follows from the event loop. An empty folder
    /// (none recorded) or one deleted since the run leaves those tabs disabled and says why
    /// (artifactsStatusText()). Call after setResult() for the same student; a newer setResult() drops it.
    void showArtifacts(const QString &artifactsFolder);

    /// The gradebook that holds this student's runs; overrides are written there. Empty: no overrides.
    void setGradebook(const QString &path);
    /// Shows the effective grade (overrides beside the automatic points) read from the gradebook.
    void setEffectiveGrade(const EffectiveGrade &grade);
    /// Writes an override (background): `checkId` empty for the whole submission. overrideApplied() or
    /// overrideFailed() follows.
    void applyOverride(const QString &checkId, double points, const QString &comment);
    /// Removes the override(s) of `checkId` (empty: the whole submission), in the background
    /// (Gradebook::removeOverrides): the automatic points count again. overrideApplied() (with the new grade) or
    /// overrideFailed() follows.
    void removeOverride(const QString &checkId);
    /// Whether `checkId` (empty: the whole submission) has an override in the grade shown.
    bool hasOverride(const QString &checkId) const;
    QString student() const { return m_student; }

    /// The notebook switcher (one tab per instructor notebook of a problem set); hidden for a single notebook.
    QTabBar *notebookSwitcher() const { return m_switcher; }
    /// Whether the switcher is shown (a problem set's result).
    bool isNotebookSwitcherShown() const;
    /// The "Change…" button beside the match decision (problem sets).
    QToolButton *changeMatchButton() const { return m_changeMatch; }
    /// The switched-to notebook's match decision and points ("part1.ipynb ← Part1 (1).ipynb (…) — 2 of 2 points").
    QString notebookPartText() const;

    CheckResultsModel *checksModel() const { return m_checks; }
    RecordCellsModel *recordModel() const { return m_record; }
    NotebookPreview *notebook() const { return m_notebook; }
    QString summaryText() const;
    QString overrideStatusText() const;
    /// The height (px) at which the detail, laid out as it is now, shows every row of its checks table up to
    /// `maxRows` (more scroll); the Submissions page moves its splitter to it when the detail opens.
    int heightToShowChecks(int maxRows = 10) const;
    /// QWidget's, with the height its content needs at its current width: a summary or reason that wraps to
    /// another line at this width counts (the splitter keeps it, instead of squeezing the checks and the override).
    QSize minimumSizeHint() const override;
    /// The "Grading by hand" tab: the manual checks of the grade shown.
    ManualGradingPanel *manualPanel() const { return m_manual; }
    /// Stores `points` and `comment` as the manual grade of check `checkId` (background, storeGradebookManualGrade());
    /// overrideApplied() or overrideFailed() follows.
    void saveManualGrade(const QString &checkId, double points, const QString &comment);
    /// Why the notebook, record and log tabs are empty ("… has since been deleted …"); empty when shown.
    QString artifactsStatusText() const;
    /// The execution record's summary (run status, duration, limits hit, messages).
    QString recordMessagesText() const;
    bool isTabEnabled(int index) const;
    /// Shows tab `tab` (Tab).
    void setCurrentTab(int tab);
    /// Shows the executed notebook scrolled to its cell at position `index` (cells[index]) with that cell
    /// selected — what clicking a cell named in a reason, a note or an execution-record row does. False when there
    /// is no executed notebook to show.
    bool showNotebookCell(int index);
    /// cellLabel() of the executed notebook's cells by position, once it is loaded (empty before).
    const QHash<int, QString> &cellLabels() const { return m_cellLabels; }
    enum Tab { ChecksTab, ManualTab, NotebookTab, RecordTab, LogTab, DiffTab };
    /// Opens the full expected and actual values of value check `checkId` in a ValuesDialog: read from the run's
    /// artifacts and the reference payload it was graded with (runCheckValues(), on the thread pool), then
    /// valuesShown() or valuesFailed(). What "Show Values…" and a double-click on a check row do.
    void showValues(const QString &checkId);
    /// The "Show Values…" button under the checks table.
    QPushButton *showValuesButton() const { return m_showValues; }
    /// The Diff tab: the student's notebook against the release (diffAgainstRelease(), on the thread pool, each
    /// time an executed notebook is shown; diffLoaded() follows).
    ReleaseDiffView *diffView() const { return m_diff; }

Q_SIGNALS:
    void overrideApplied(const QString &student, const sandmark::EffectiveGrade &grade);
    void overrideFailed(const QString &message);
    /// showArtifacts() is done: the tabs show the files, or artifactsStatusText() says why not.
    void artifactsLoaded();
    /// The instructor asks to settle which of `student`'s files is graded for instructor notebook `notebook` of
    /// the problem set ("Change…" beside the match decision); SubmissionsPage::chooseMatch() answers.
    void matchChangeRequested(const QString &student, const QString &notebook);
    /// showValues() opened `dialog` (owned by the detail, deleted when closed).
    void valuesShown(sandmark::ValuesDialog *dialog);
    /// showValues() could not read the values; `message` names the file and why.
    void valuesFailed(const QString &message);
    /// The Diff tab shows the diff of the executed notebook shown, or why there is none.
    void diffLoaded();
    /// The manual override form was opened or folded (the detail needs another height).
    void overrideFormToggled(bool open);

public:
    /// What a run's artifacts folder (or a problem-set notebook's folder in it) holds; read on a worker thread.
    struct RunArtifacts
    {
        bool folderExists = false;
        QString notebookPath;      ///< executed.ipynb when present
        QDateTime notebookWritten; ///< when the run wrote it
        ExecutionRecord record;    ///< record.json (empty when missing or unreadable)
        QString log;               ///< log.txt
        bool hasLog = false;
    };

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    /// The check table's columns at their contents' width, expected and actual capped so that the feedback keeps
    /// its room; on every result and width.
    void fitCheckColumns();
    // The constructor's parts.
    // The constructor's parts, in the order they appear top to bottom.
    void buildSummary(QVBoxLayout *layout);  ///< the grade summary (cell links) and the run artifacts' status line
    void buildSwitcher(QVBoxLayout *layout); ///< a problem set's notebook tabs and the graded file's line
    QWidget *buildChecksTab();               ///< the check results, Show Values, the override toggle and form
    void buildOverrideToggle(QVBoxLayout *checksLayout); ///< the line under the checks and the folding override form
    void buildManualTab();                   ///< Grading by hand (hidden until a manual check awaits)
    QWidget *buildRecordTab();               ///< the record's messages and its cells (click: the cell in the notebook)
    void buildLogAndDiffTabs();              ///< the run log and the diff against the release
    /// The override box's status line, its row shown only while it has text.
    void showOverrideStatus(const QString &text);
    void buildOverrideBox();                 ///< the manual override's target, points, comment and buttons
    /// The points box shows what the chosen target counts now: its override's points, else the run's.
    void suggestOverridePoints();
    static QString executedCaption(const QString &student, const QDateTime &written);
    bool isProblemSet() const { return m_assignment && m_assignment->isProblemSet(); }
    /// The instructor notebook check `checkId` belongs to (the first notebook for one the assignment lacks).
    QString notebookOf(const QString &checkId) const;
    /// Shows notebook `index` of a problem set: its checks, match decision and points, and its artifacts.
    void showNotebookPart(int index);
    /// Fills the notebook, record and log tabs from `a` (the whole run's, or one notebook's of a problem set).
    void showRunArtifacts(const RunArtifacts &a, const QString &caption);
    /// Disables the notebook, record and log tabs, saying why (`why` shown above them and as their tooltips).
    void showArtifactsUnavailable(const QString &why);
    void updateSwitcherTexts();
    void updateSummary();
    /// The executed notebook is loaded: cells named in the summary, checks and record are shown as it shows them.
    void takeCellLabels();
    /// Runs `change` (a gradebook write returning the new grade) on a worker thread and shows its outcome in
    /// `status` (the override box's or the manual grading tab's status line; `saved` once the write is done).
    void changeOverride(std::function<Expected<EffectiveGrade>()> change, const QString &doneText,
                        const std::function<void(const QString &text, bool saved)> &status);
    void updateManualTab();
    void showRecord(const ExecutionRecord &record);
    void updateOverrideControls();
    void updateValuesButton();
    /// Diffs the executed notebook at `path` against the release of the notebook shown (the Diff tab).
    void startDiff(const QString &path);

    QLabel *m_summary;
    QWidget *m_switcherBar;
    QTabBar *m_switcher;
    QLabel *m_part;
    QToolButton *m_changeMatch; ///< "Change…": which of the student's files is graded for the chosen notebook
    QLabel *m_artifactsStatus;
    QTabWidget *m_tabs;
    CheckResultsModel *m_checks;
    RecordCellsModel *m_record;
    QTableView *m_checksTable;
    QTableView *m_recordTable;
    QLabel *m_messages;
    NotebookPreview *m_notebook;
    QPlainTextEdit *m_log;
    QToolButton *m_overrideToggle; ///< opens and folds m_overrideBox
    QGroupBox *m_overrideBox;
    QComboBox *m_overrideTarget;
    QDoubleSpinBox *m_overridePoints;
    QPlainTextEdit *m_overrideComment;
    QPushButton *m_overrideApply;
    QPushButton *m_overrideRemove;
    QLabel *m_overrideStatus;
    ManualGradingPanel *m_manual;
    JobTracker *m_overrideTracker;
    JobTracker *m_artifactsTracker;
    JobTracker *m_valuesTracker;
    JobTracker *m_diffTracker;
    QPushButton *m_showValues;
    ReleaseDiffView *m_diff;
    QString m_artifactsFolder; ///< showArtifacts()' folder: the run's payload.json is read there
    QString m_student;
    QString m_gradebook;
    GradeResult m_result;
    std::optional<EffectiveGrade> m_effective;
    std::optional<Assignment> m_assignment;
    /// A problem set: each notebook's artifacts, in notebooks() order, once showArtifacts() read them; the
    /// folder of the whole run existed (false: none recorded, or deleted since — the tabs say why).
    QList<RunArtifacts> m_parts;
    bool m_partsRead = false;
    QHash<int, QString> m_cellLabels; ///< of the executed notebook shown (cellLabel())
    QString m_summaryPlain;          ///< the summary as plain text (summaryText())
};

} // namespace sandmark
