#pragma once
// The main window of the desktop app.

#include "assignment/assignment.h"
#include "assignment/create.h"

#include <QMainWindow>

#include <memory>
#include <optional>

class QAction;
class QActionGroup;
class QDockWidget;
class QLabel;
class QListWidget;
class QMenu;
class QSplitter;
class QStackedWidget;
class QTreeView;

namespace sandmark {

class ChecksPage;
class DataPage;
class JobTracker;
class NotebookPreview;
class ResultsPage;
class ProblemListModel;
class HealthPage;
class SubmissionsPage;
class SecretStore;
struct ShortcutEntry;

/// The instructor's window: a page list on the left (Notebook preview, Checks, Data, Submissions, Results,
/// Health), the pages, and a Problems dock listing what is wrong with the open assignment (field paths from
/// Assignment::load and validateAssignment). Opening and validating run on a worker thread (JobTracker: a
/// newer open drops an older one's result); the window stays responsive. Layout and recent assignments are
/// kept in QSettings. Accepts an assignment folder or assignment.json dropped on it. GUI thread only.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    enum Page { PreviewPage, ChecksPageIndex, DataPageIndex, SubmissionsPage, ResultsPage, HealthPage, PageCount };

    /// `store`: where secrets (the Hub token) live, not owned; nullptr: the OS keychain.
    explicit MainWindow(QWidget *parent = nullptr, SecretStore *store = nullptr);
    ~MainWindow() override;

    /// Opens the assignment at `path` (folder or assignment.json) in the background; emits assignmentOpened()
    /// or openFailed() when done. Problems appear in the Problems dock either way.
    void openAssignment(const QString &path);
    /// Creates the assignment `options` describe from `notebookPath` (createAssignment(), background; by default
    /// a minimal assignment.json beside the notebook) and opens it. File → New Assignment from Notebook… asks for
    /// the options in a NewAssignmentDialog first.
    void createAssignment(const QString &notebookPath, const NewAssignmentOptions &options = {});
    /// Imports the Otter Assign master `masterPath` into the new folder `outDir` (importOtter(), on the thread
    /// pool) and opens it; a refused master shows its error in the problems panel and emits openFailed().
    void importOtterMaster(const QString &masterPath, const QString &outDir);
    /// Imports the nbgrader source notebook or folder `source` into the new folder `outDir` (importNbgrader(), on the
    /// thread pool: its AUTOTEST directives are evaluated there in the sandbox the preferences choose) with the course
    /// header `header` (empty: the core's default, which takes nbgrader's standard source/header.ipynb; `noHeader`:
    /// none, as --no-header) and opens it; a refused import shows its error in the problems panel and emits
    /// openFailed().
    void importNbgraderAssignment(const QString &source, const QString &outDir, const QString &header = {},
                                  bool noHeader = false);
    /// The open assignment, if any.
    const std::optional<Assignment> &assignment() const { return m_assignment; }
    /// Whether an assignment opened is added to File → Open Recent (default true). The screenshot tour turns it off:
    /// it opens a temporary copy that it deletes (ScreenshotDriver).
    void setRecordsRecentAssignments(bool record) { m_recordsRecent = record; }

    void setCurrentPage(Page page);
    Page currentPage() const;
    /// The page's title as the page list shows it.
    QString pageTitle(Page page) const;
    QWidget *pageWidget(Page page) const;

    NotebookPreview *preview() const { return m_preview; }
    ChecksPage *checksPage() const { return m_checks; }
    DataPage *dataPage() const { return m_data; }
    sandmark::SubmissionsPage *submissionsPage() const { return m_submissions; }
    sandmark::HealthPage *healthPage() const { return m_health; }
    sandmark::ResultsPage *resultsPage() const { return m_results; }
    /// Tools → Sandbox Self-Test (modeless; the window owns it).
    void showSelfTest();
    /// Every keyboard shortcut of the window: the menus', then each page's (shortcutsdialog.h). GUI thread.
    QList<ShortcutEntry> shortcuts() const;
    /// Help → Keyboard Shortcuts (F1): shortcuts() in a modeless dialog the window owns.
    void showShortcuts();
    /// Help → User Guide: the installed documentation (UserGuideDialog) in a modeless window the window owns.
    void showUserGuide();
    ProblemListModel *problemModel() const { return m_problems; }
    JobTracker *openTracker() const { return m_openTracker; }
    QString statusText() const;

Q_SIGNALS:
    void assignmentOpened();
    /// `message`: the first problem, naming the file and the field path.
    void openFailed(const QString &message);

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    /// An import or a new assignment ended: opens the folder it wrote, listing the import's `warnings` (each naming
    /// its file and place: a test cell that does not compile) in the problems panel before the assignment's own; or
    /// shows why nothing was written (problems panel, status, openFailed()).
    void importEnded(const Expected<QString> &folder, const QStringList &warnings = {});
    /// Opens the open assignment again (after it was edited, or File → Reload Assignment).
    void reloadAssignment();
    /// The page list and the pages' stack, side by side in the splitter returned.
    QSplitter *buildPages();
    void buildProblemDock();
    /// What one page tells another: previews, gradebook changes, reference runs, estimates, edits.
    void connectPages();
    /// The Health page's batch estimate from the listed submissions' measured times.
    void updateBatchEstimate();
    /// The menus and the toolbar.
    void createActions();
    /// File: open, create, import, recent, reload, settings, preferences, quit; returns the toolbar's actions.
    QList<QAction *> createFileMenu();
    /// View: the pages, the previewed notebook in other programs, injected cells, the Problems panel.
    void createViewMenu();
    void createToolsAndHelpMenus();
    /// The default size, then the size, docks and splitter kept from the last session.
    void restoreLayout();
    /// Shrinks and moves the window onto its screen's available area (after the saved geometry is restored).
    void fitToScreen();
    void chooseAssignment();
    void chooseNotebookForNewAssignment();
    void chooseOtterMaster();
    void chooseNbgraderSource();
    void rebuildRecentMenu();
    void showPreferences();
    /// The assignment settings dialog (AssignmentSettingsDialog); reloads the assignment after a save.
    void showAssignmentSettings();
    void showAbout();
    void setStatus(const QString &text);

    std::unique_ptr<SecretStore> m_ownedStore;
    SecretStore *m_store;
    std::optional<Assignment> m_assignment;
    QString m_openPath;
    QListWidget *m_pageList;
    bool m_recordsRecent = true; ///< setRecordsRecentAssignments()
    QStackedWidget *m_stack;
    NotebookPreview *m_preview;
    ChecksPage *m_checks;
    DataPage *m_data;
    sandmark::SubmissionsPage *m_submissions;
    sandmark::ResultsPage *m_results;
    sandmark::HealthPage *m_health;
    ProblemListModel *m_problems;
    QTreeView *m_problemView;
    QDockWidget *m_problemDock;
    QLabel *m_status;
    QMenu *m_recentMenu = nullptr;
    JobTracker *m_openTracker;
    QStringList m_importWarnings; ///< the last import's warnings, shown when the assignment it wrote has opened
};

} // namespace sandmark
