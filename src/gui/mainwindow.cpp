#include "mainwindow.h"

#include "appsettings.h"
#include "boundedtext.h"
#include "assignmentsettingsdialog.h"
#include "externalopen.h"
#include "newassignmentdialog.h"
#include "assignment/create.h"
#include "assignment/nbgrader_import.h"
#include "assignment/otter_import.h"
#include "assignment/validate.h"
#include "checksmodel.h"
#include "highlighting.h"
#include "jobtracker.h"
#include "notebookpreview.h"
#include "healthpage.h"
#include "pages.h"
#include "resultspage.h"
#include "selftestdialog.h"
#include "shortcutsdialog.h"
#include "userguide.h"
#include "submissionspage.h"
#include "submissionsmodel.h"
#include "tableviewtabs.h"
#include "batch/batchgrader.h"
#include "problemlistmodel.h"
#include "secrets/secretstore.h"
#include "preferencesdialog.h"
#include "util/paths.h"

#include <algorithm>
#include <utility>

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QToolBar>
#include <QTreeView>

namespace sandmark {

namespace {

struct OpenResult
{
    QString path;
    std::optional<Assignment> assignment;
    QList<Problem> problems;
    QList<DataFilesModel::Row> dataRows;
};

// Runs on a worker thread: every file read of opening an assignment happens here.
OpenResult openInBackground(const QString &path)
{
    OpenResult r;
    r.path = path;
    QList<Error> loadErrors;
    auto loaded = Assignment::load(path, &loadErrors);
    if (!loaded) {
        // Every field's problem at once (file, field path, message), so one round of fixes suffices.
        if (loadErrors.isEmpty())
            loadErrors << loaded.error();
        for (const Error &e : std::as_const(loadErrors))
            r.problems.append({Problem::Severity::Error, e});
        return r;
    }
    r.assignment = *loaded;
    r.problems = validateAssignment(*loaded);
    for (const DataFile &f : loaded->dataFiles()) {
        const QFileInfo info(loaded->absolute(f.path));
        r.dataRows.append({f.path, info.exists() ? info.size() : -1, f.urls});
    }
    return r;
}

// The folder an import wrote, or why it wrote none.
template <typename Report>
Expected<QString> importedFolder(const Expected<Report> &report)
{
    return report ? Expected<QString>(report->folder) : Expected<QString>(report.error());
}

// A dropped URL names an assignment when it is a folder or an assignment.json.
QString assignmentPathFrom(const QMimeData *mime)
{
    if (!mime || !mime->hasUrls())
        return {};
    for (const QUrl &url : mime->urls()) {
        if (!url.isLocalFile())
            continue;
        const QFileInfo info(url.toLocalFile());
        if (info.isDir() || info.fileName() == QLatin1String("assignment.json"))
            return info.absoluteFilePath();
    }
    return {};
}

/// The pages' stack, sized by the page shown. QStackedWidget asks every page for its size hints and heights for
/// a width on each relayout; a hidden page whose labels changed (the Results and Checks pages while a batch
/// grades) then lays out all its wrapped text again, for nothing: 100 ms and more per status line on 5,000
/// results (bench_batch_stall). GUI thread only.
class CurrentPageStack : public QStackedWidget
{
public:
    explicit CurrentPageStack(QWidget *parent) : QStackedWidget(parent)
    {
        connect(this, &QStackedWidget::currentChanged, this, [this] { updateGeometry(); });
    }
    QSize sizeHint() const override { return shown() ? shown()->sizeHint() : QStackedWidget::sizeHint(); }
    QSize minimumSizeHint() const override
    {
        return shown() ? shown()->minimumSizeHint() : QStackedWidget::minimumSizeHint();
    }
    bool hasHeightForWidth() const override { return shown() && shown()->hasHeightForWidth(); }
    int heightForWidth(int width) const override { return shown() ? shown()->heightForWidth(width) : -1; }

private:
    QWidget *shown() const { return currentWidget(); }
};

} // namespace

MainWindow::MainWindow(QWidget *parent, SecretStore *store)
    : QMainWindow(parent),
      m_ownedStore(store ? nullptr : std::make_unique<KeychainSecretStore>()),
      m_store(store ? store : m_ownedStore.get()),
      m_pageList(new QListWidget(this)),
      m_stack(new CurrentPageStack(this)),
      m_preview(new NotebookPreview(this)),
      m_checks(new ChecksPage(this)),
      m_data(new DataPage(m_store, this)),
      m_submissions(new sandmark::SubmissionsPage(this)),
      m_results(new sandmark::ResultsPage(this)),
      m_health(new sandmark::HealthPage(this)),
      m_problems(new ProblemListModel(this)),
      m_problemView(new QTreeView(this)),
      m_problemDock(new QDockWidget(tr("Problems"), this)),
      m_status(new QLabel(this)),
      m_openTracker(new JobTracker(this))
{
    setObjectName(QStringLiteral("MainWindow"));
    setWindowTitle(tr("Sandmark"));
    setAcceptDrops(true);
    setCentralWidget(buildPages());
    buildProblemDock();
    m_status->setAccessibleName(tr("Status"));
    statusBar()->addWidget(m_status, 1);
    setStatus(tr("Open an assignment folder (Ctrl+O), drop one on this window, or create one from an "
                 "instructor notebook (Ctrl+N)."));
    new TabLeavesViews(this); // Tab leaves every table of the app, not walks into the next row
    createActions();
    connectPages();
    connect(m_openTracker, &JobTracker::busyChanged, this, [](bool busy) {
        if (busy)
            QApplication::setOverrideCursor(Qt::BusyCursor);
        else
            QApplication::restoreOverrideCursor();
    });
    restoreLayout();
}

QSplitter *MainWindow::buildPages()
{
    const QList<QPair<QWidget *, QString>> pages = {
        {m_preview, tr("Notebook preview")}, {m_checks, tr("Checks")},   {m_data, tr("Data")},
        {m_submissions, tr("Submissions")},  {m_results, tr("Results")}, {m_health, tr("Health")},
    };
    const QStyle::StandardPixmap icons[] = {QStyle::SP_FileIcon,          QStyle::SP_DialogApplyButton,
                                            QStyle::SP_DriveHDIcon,       QStyle::SP_DirIcon,
                                            QStyle::SP_FileDialogContentsView, QStyle::SP_MessageBoxInformation};
    for (int i = 0; i < pages.size(); ++i) {
        auto *item = new QListWidgetItem(style()->standardIcon(icons[i]), pages.at(i).second, m_pageList);
        item->setToolTip(tr("%1 (Ctrl+%2)").arg(pages.at(i).second).arg(i + 1));
        m_stack->addWidget(pages.at(i).first);
    }
    m_pageList->setAccessibleName(tr("Pages"));
    m_pageList->setIconSize(QSize(20, 20));
    m_pageList->setSpacing(2);
    // As wide as the longest page name in this language (German ones are longer), icon and frame included.
    const int listWidth = m_pageList->sizeHintForColumn(0) + 2 * m_pageList->frameWidth() + 2 * m_pageList->spacing() + 8;
    m_pageList->setMinimumWidth(qMax(150, listWidth));
    m_pageList->setMaximumWidth(qMax(200, listWidth + 40));
    m_pageList->setCurrentRow(0);
    connect(m_pageList, &QListWidget::currentRowChanged, m_stack, &QStackedWidget::setCurrentIndex);

    auto *splitter = new QSplitter(this);
    splitter->setObjectName(QStringLiteral("mainSplitter"));
    splitter->addWidget(m_pageList);
    splitter->addWidget(m_stack);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);
    return splitter;
}

void MainWindow::buildProblemDock()
{
    m_problemView->setModel(m_problems);
    m_problemView->setRootIsDecorated(false);
    m_problemView->setAlternatingRowColors(true);
    m_problemView->setAccessibleName(tr("Problems of the assignment"));
    m_problemView->header()->setStretchLastSection(false);
    m_problemView->header()->setSectionResizeMode(ProblemListModel::MessageColumn, QHeaderView::Stretch);
    m_problemView->setColumnWidth(ProblemListModel::SeverityColumn, 110);
    m_problemView->setColumnWidth(ProblemListModel::PlaceColumn, 200);
    m_problemDock->setObjectName(QStringLiteral("problemDock"));
    m_problemDock->setWidget(m_problemView);
    m_problemDock->setAllowedAreas(Qt::BottomDockWidgetArea | Qt::RightDockWidgetArea);
    addDockWidget(Qt::BottomDockWidgetArea, m_problemDock);
    resizeDocks({m_problemDock}, {150}, Qt::Vertical);
    m_problemDock->hide();
}

void MainWindow::connectPages()
{
    connect(m_submissions, &sandmark::SubmissionsPage::previewRequested, this, [this](const QString &path) {
        m_preview->showNotebook(path);
        setCurrentPage(PreviewPage);
    });
    connect(m_submissions, &sandmark::SubmissionsPage::gradebookChanged, m_results, &ResultsPage::refresh);
    connect(m_submissions, &sandmark::SubmissionsPage::gradebookChanged, m_checks, &ChecksPage::refreshPreview);
    connect(m_checks, &ChecksPage::referenceEnded, m_health, &sandmark::HealthPage::setReferenceResult);
    connect(m_submissions, &SubmissionsPage::referenceEnded, m_health, &sandmark::HealthPage::setReferenceResult);
    connect(m_health, &sandmark::HealthPage::referenceRequested, m_checks, &ChecksPage::runReference);
    // The Instructor view shows the latest reference run's outputs, from the Checks page's run or a batch's.
    connect(m_checks, &ChecksPage::referenceEnded, m_preview, &NotebookPreview::referenceRunChanged);
    connect(m_submissions, &SubmissionsPage::referenceEnded, m_preview, &NotebookPreview::referenceRunChanged);
    connect(m_submissions, &sandmark::SubmissionsPage::gradesLoaded, this, &MainWindow::updateBatchEstimate);
    connect(m_submissions, &sandmark::SubmissionsPage::batchFinished, this, [this](const BatchSummary &s) {
        if (!s.cancelled)
            updateBatchEstimate();
    });
    connect(m_data, &DataPage::jobEnded, this, [this] { m_health->setDatasetState(m_data->entriesModel()); });
    connect(m_checks, &ChecksPage::assignmentEdited, this, &MainWindow::reloadAssignment);
    connect(m_data, &DataPage::assignmentEdited, this, &MainWindow::reloadAssignment);
}

void MainWindow::updateBatchEstimate()
{
    // The mean wall time of the submissions that ran (as the gradebook has them when the assignment opens — graded
    // by the CLI too — and after every batch), over the whole listed batch.
    double sum = 0;
    int n = 0;
    for (const SubmissionsModel::Row &r : m_submissions->model()->rows())
        if (r.durationS > 0) {
            sum += r.durationS;
            ++n;
        }
    m_health->setBatchEstimate(n > 0 ? std::optional<double>(sum / n) : std::nullopt, m_submissions->model()->rowCount(),
                               AppSettings::parallelRuns());
}

void MainWindow::restoreLayout()
{
    // The window's least size is fixed once, from the pages at rest and never beyond the screen: content that grows
    // later (the detail opening, a long status line, a German label) is laid out within the window, which never
    // resizes itself (a layout's minimum would otherwise grow it, even off a 1024x640 screen).
    setMinimumSize(minimumSizeHint().boundedTo(screen()->availableGeometry().size() * 0.95));
    resize(1100, 760);
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    // The sidebar's part of the splitter is set, within the list's bounds: a QSplitter sizes a part by its widget's
    // size hint (a list's is 256 px) or a restored state, never bounded by the widget's maximum, and the part's rest
    // beside the list stayed a blank strip. Of the splitter only this width is kept; at first it is the list's least
    // (its longest page name), the pages' room on a small screen.
    if (auto *splitter = qobject_cast<QSplitter *>(centralWidget())) {
        const int width = std::clamp(settings.value(QStringLiteral("window/sidebarWidth"), m_pageList->minimumWidth()).toInt(),
                                     m_pageList->minimumWidth(), m_pageList->maximumWidth());
        splitter->setSizes({width, qMax(1, this->width() - width)});
    }
    fitToScreen();
}

void MainWindow::fitToScreen()
{
    // At most 95 % of the screen's free area (room for the frame and title bar), wholly on it: a size saved on a
    // larger screen, or the default at a 1.5 scale factor (1650x1140 logical on a 1400x900 screen), never leaves
    // buttons off screen.
    const QRect free = screen()->availableGeometry();
    resize(size().boundedTo(free.size() * 0.95));
    const QRect g = geometry();
    if (!free.contains(g))
        move(std::clamp(g.x(), free.left(), std::max(free.left(), free.right() - g.width())),
             std::clamp(g.y(), free.top(), std::max(free.top(), free.bottom() - g.height())));
}

MainWindow::~MainWindow()
{
    if (m_openTracker->isBusy())
        QApplication::restoreOverrideCursor();
}

void MainWindow::createActions()
{
    const QList<QAction *> toolBarActions = createFileMenu();
    createViewMenu();
    createToolsAndHelpMenus();
    QToolBar *bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addActions(toolBarActions);
}

QList<QAction *> MainWindow::createFileMenu()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(style()->standardIcon(QStyle::SP_DirOpenIcon), tr("&Open Assignment…"));
    open->setShortcut(QKeySequence::Open);
    open->setStatusTip(tr("Open an assignment folder"));
    connect(open, &QAction::triggered, this, &MainWindow::chooseAssignment);
    QAction *create = file->addAction(style()->standardIcon(QStyle::SP_FileDialogNewFolder),
                                      tr("&New Assignment from Notebook…"));
    create->setShortcut(QKeySequence::New);
    create->setStatusTip(tr("Create an assignment from an instructor notebook: title, folder, data files, checks"));
    connect(create, &QAction::triggered, this, &MainWindow::chooseNotebookForNewAssignment);
    QAction *importOtter = file->addAction(tr("&Import Otter Master Notebook…"));
    importOtter->setStatusTip(tr("Create an assignment from an Otter-Grader (Otter Assign) master notebook"));
    connect(importOtter, &QAction::triggered, this, &MainWindow::chooseOtterMaster);
    QAction *importNbgrader = file->addAction(tr("Import &nbgrader Assignment…"));
    importNbgrader->setStatusTip(tr("Create an assignment from an nbgrader course's source folder (AUTOTEST lines are "
                                    "expanded in the sandbox)"));
    connect(importNbgrader, &QAction::triggered, this, &MainWindow::chooseNbgraderSource);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    rebuildRecentMenu();
    QAction *reload = file->addAction(style()->standardIcon(QStyle::SP_BrowserReload), tr("Re&load Assignment"));
    reload->setShortcut(QKeySequence::Refresh);
    connect(reload, &QAction::triggered, this, &MainWindow::reloadAssignment);
    QAction *settings = file->addAction(tr("Assignment &Settings…"));
    settings->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+E")));
    settings->setStatusTip(tr("Edit the assignment's title, notebooks, data files, dependencies, datasets, limits and sandbox"));
    connect(settings, &QAction::triggered, this, &MainWindow::showAssignmentSettings);
    file->addSeparator();
    QAction *prefs = file->addAction(tr("&Preferences…"));
    prefs->setShortcuts({QKeySequence::Preferences, QKeySequence(QStringLiteral("Ctrl+,"))});
    prefs->setMenuRole(QAction::PreferencesRole);
    connect(prefs, &QAction::triggered, this, &MainWindow::showPreferences);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"));
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);
    connect(quit, &QAction::triggered, this, &QWidget::close);
    return {open, create, reload};
}

void MainWindow::createViewMenu()
{
    QMenu *view = menuBar()->addMenu(tr("&View"));
    for (int i = 0; i < PageCount; ++i) {
        QAction *a = view->addAction(pageTitle(Page(i)));
        a->setShortcut(QKeySequence(QStringLiteral("Ctrl+%1").arg(i + 1)));
        connect(a, &QAction::triggered, this, [this, i] { setCurrentPage(Page(i)); });
    }
    view->addSeparator();
    // The notebook the preview shows, handed to another program (never waited for).
    const auto onPreviewed = [this](QString (*handOver)(const QString &)) {
        return [this, handOver] {
            const QString path = m_preview->notebookPath();
            if (path.isEmpty()) {
                setStatus(tr("No notebook is shown."));
                return;
            }
            if (const QString problem = handOver(path); !problem.isEmpty())
                setStatus(problem);
        };
    };
    connect(view->addAction(tr("Open Notebook in &Jupyter")), &QAction::triggered, this, onPreviewed(&openInJupyter));
    connect(view->addAction(tr("Open Notebook in &Editor")), &QAction::triggered, this, onPreviewed(&openWithSystem));
    connect(view->addAction(tr("Show Notebook in File &Manager")), &QAction::triggered, this, onPreviewed(&revealInFileManager));
    view->addSeparator();
    QAction *injected = view->addAction(tr("Show &Injected Cells"));
    injected->setCheckable(true);
    injected->setChecked(true);
    injected->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+I")));
    connect(injected, &QAction::toggled, m_preview, &NotebookPreview::setShowInjected);
    connect(m_preview, &NotebookPreview::showInjectedChanged, injected, &QAction::setChecked);
    QAction *problems = m_problemDock->toggleViewAction();
    problems->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+P")));
    view->addAction(problems);
}

void MainWindow::createToolsAndHelpMenus()
{
    QMenu *tools = menuBar()->addMenu(tr("&Tools"));
    QAction *selfTest = tools->addAction(tr("Sandbox &Self-Test"));
    selfTest->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+T")));
    selfTest->setStatusTip(tr("Check whether each sandbox backend can start on this machine"));
    connect(selfTest, &QAction::triggered, this, &MainWindow::showSelfTest);

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *guide = help->addAction(tr("&User Guide"));
    guide->setStatusTip(tr("Read Sandmark's documentation: the assignment format, grading, review, sandboxes"));
    connect(guide, &QAction::triggered, this, &MainWindow::showUserGuide);
    QAction *keys = help->addAction(tr("&Keyboard Shortcuts"));
    keys->setShortcut(QKeySequence::HelpContents);
    keys->setStatusTip(tr("List every keyboard shortcut of the window"));
    connect(keys, &QAction::triggered, this, &MainWindow::showShortcuts);
    QAction *about = help->addAction(tr("&About Sandmark"));
    about->setMenuRole(QAction::AboutRole);
    connect(about, &QAction::triggered, this, &MainWindow::showAbout);
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = AppSettings::recentAssignments();
    for (int i = 0; i < recent.size(); ++i) {
        QAction *a = m_recentMenu->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(QDir::toNativeSeparators(recent.at(i))));
        const QString path = recent.at(i);
        connect(a, &QAction::triggered, this, [this, path] { openAssignment(path); });
    }
    if (recent.isEmpty()) {
        m_recentMenu->addAction(tr("No recent assignments"))->setEnabled(false);
        return;
    }
    m_recentMenu->addSeparator();
    connect(m_recentMenu->addAction(tr("&Clear List")), &QAction::triggered, this, [this] {
        AppSettings::clearRecentAssignments();
        rebuildRecentMenu();
    });
}

void MainWindow::openAssignment(const QString &path)
{
    m_openPath = path;
    setStatus(tr("Opening %1…").arg(QDir::toNativeSeparators(path)));
    m_openTracker->run([path] { return openInBackground(path); },
                       [this](OpenResult r) {
                           // An import's warnings come first, once: with the assignment it wrote, not on a reload.
                           QList<Problem> shown;
                           for (const QString &w : std::exchange(m_importWarnings, {}))
                               shown << Problem{Problem::Severity::Warning, Error{{}, {}, w}};
                           m_problems->setProblems(shown + r.problems);
                           if (!r.assignment) {
                               const QString message = r.problems.constFirst().where.toString();
                               if (r.problems.size() > 1)
                                   setStatus(tr("This assignment cannot be opened: %1 (and %n more problem(s) in the Problems panel)",
                                                nullptr, int(r.problems.size() - 1))
                                                 .arg(message));
                               else
                                   setStatus(tr("This assignment cannot be opened: %1").arg(message));
                               m_problemDock->show();
                               Q_EMIT openFailed(message);
                               return;
                           }
                           const bool same = m_assignment && m_assignment->folder() == r.assignment->folder();
                           m_assignment = r.assignment;
                           if (m_recordsRecent) {
                               AppSettings::addRecentAssignment(m_assignment->folder());
                               rebuildRecentMenu();
                           }
                           setBoundedWindowTitle(this, tr("%1 — Sandmark"), m_assignment->title());
                           m_checks->setAssignment(m_assignment);
                           m_data->setAssignment(m_assignment, r.dataRows);
                           m_submissions->setAssignment(m_assignment);
                           m_results->setAssignment(m_assignment);
                           qint64 dataBytes = 0;
                           for (const DataFilesModel::Row &row : std::as_const(r.dataRows))
                               dataBytes += qMax<qint64>(0, row.sizeBytes);
                           m_health->setAssignment(m_assignment, r.problems, dataBytes);
                           if (!same || m_preview->notebookPath().isEmpty())
                               m_preview->setAssignment(m_assignment);
                           const int errors = m_problems->errorCount();
                           const int warnings = m_problems->rowCount() - errors;
                           setStatus(tr("%1: %2, %3.")
                                         .arg(m_assignment->slug(), tr("%n error(s)", nullptr, errors),
                                              tr("%n warning(s)", nullptr, warnings)));
                           // The panel shows itself when there is something to read, and hides when not.
                           m_problemDock->setVisible(m_problems->rowCount() > 0);
                           Q_EMIT assignmentOpened();
                       });
}

void MainWindow::reloadAssignment()
{
    if (!m_openPath.isEmpty())
        openAssignment(m_openPath);
}

void MainWindow::createAssignment(const QString &notebookPath, const NewAssignmentOptions &options)
{
    setStatus(tr("Creating an assignment from %1…").arg(QDir::toNativeSeparators(notebookPath)));
    m_openTracker->run([notebookPath, options] { return sandmark::createAssignment(notebookPath, options); },
                       [this](Expected<QString> folder) { importEnded(folder); });
}

void MainWindow::importOtterMaster(const QString &masterPath, const QString &outDir)
{
    setStatus(tr("Importing the Otter master %1…").arg(QDir::toNativeSeparators(masterPath)));
    const QString python = paths::defaultPython();
    m_openTracker->run([masterPath, outDir, python] { return importOtter(masterPath, outDir, python); },
                       [this](Expected<OtterImportReport> report) {
                           importEnded(importedFolder(report), report ? report->warnings : QStringList());
                       });
}

void MainWindow::importEnded(const Expected<QString> &folder, const QStringList &warnings)
{
    m_importWarnings.clear();
    if (!folder) {
        m_problems->setProblems({{Problem::Severity::Error, folder.error()}});
        m_problemDock->show();
        setStatus(tr("No assignment was created: %1").arg(folder.error().toString()));
        Q_EMIT openFailed(folder.error().toString());
        return;
    }
    m_importWarnings = warnings;
    openAssignment(*folder);
}

void MainWindow::importNbgraderAssignment(const QString &source, const QString &outDir, const QString &header, bool noHeader)
{
    setStatus(tr("Importing the nbgrader assignment %1…").arg(QDir::toNativeSeparators(source)));
    NbgraderImportOptions options;
    options.header = header;
    options.noHeader = noHeader;
    options.runChoices = AppSettings::runChoices();
    m_openTracker->run([source, outDir, options] { return importNbgrader(source, outDir, options); },
                       [this](Expected<NbgraderImportReport> report) {
                           importEnded(importedFolder(report), report ? report->warnings : QStringList());
                       });
}

void MainWindow::setCurrentPage(Page page)
{
    m_pageList->setCurrentRow(int(page));
}

MainWindow::Page MainWindow::currentPage() const
{
    return Page(m_stack->currentIndex());
}

QString MainWindow::pageTitle(Page page) const
{
    QListWidgetItem *item = m_pageList->item(int(page));
    return item ? item->text() : QString();
}

QWidget *MainWindow::pageWidget(Page page) const
{
    return m_stack->widget(int(page));
}

QString MainWindow::statusText() const
{
    return m_status->text();
}

void MainWindow::setStatus(const QString &text)
{
    m_status->setText(boundedText(text)); // it may quote any outside text (a field value in a load error)
}

void MainWindow::chooseAssignment()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open Assignment Folder"),
                                                          m_assignment ? m_assignment->folder() : QString());
    if (!dir.isEmpty())
        openAssignment(dir);
}

void MainWindow::chooseNotebookForNewAssignment()
{
    const QString nb = QFileDialog::getOpenFileName(this, tr("New Assignment from Instructor Notebook"), QString(),
                                                    tr("Jupyter notebooks (*.ipynb)"));
    if (nb.isEmpty())
        return;
    auto *dialog = new NewAssignmentDialog(nb, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] { createAssignment(dialog->notebookPath(), dialog->options()); });
    dialog->open();
}

void MainWindow::chooseOtterMaster()
{
    const QString nb = QFileDialog::getOpenFileName(this, tr("Import Otter Master Notebook"), QString(),
                                                    tr("Jupyter notebooks (*.ipynb)"));
    if (nb.isEmpty())
        return;
    const QString parent = QFileDialog::getExistingDirectory(this, tr("Folder to Create the Assignment In"),
                                                             QFileInfo(nb).absolutePath());
    if (parent.isEmpty())
        return;
    importOtterMaster(nb, QDir(parent).filePath(QFileInfo(nb).completeBaseName() + QStringLiteral("-sandmark")));
}

void MainWindow::chooseNbgraderSource()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Import nbgrader Assignment (source/<assignment>)"));
    if (folder.isEmpty())
        return;
    // nbgrader courses keep the header beside their assignments (source/header.ipynb, findCourseHeader(), which
    // import takes by default as the CLI does): ask, "No" being --no-header. A header.ipynb beside a folder outside
    // that layout is offered as --header.
    QString header;
    bool noHeader = false;
    const QString standard = findCourseHeader(folder);
    const QString beside = standard.isEmpty() ? QFileInfo(folder).absoluteDir().filePath(QStringLiteral("header.ipynb")) : standard;
    if (QFileInfo::exists(beside)) {
        const bool yes = QMessageBox::question(this, tr("Course Header"),
                                               tr("%1 is beside the assignment folder. Use it as the course header (left "
                                                  "out of the problem set, as nbgrader's header)?")
                                                   .arg(QDir::toNativeSeparators(beside)))
                         == QMessageBox::Yes;
        if (yes)
            header = beside;
        else
            noHeader = !standard.isEmpty(); // the core would take the standard one by itself
    }
    const QString parent = QFileDialog::getExistingDirectory(this, tr("Folder to Create the Assignment In"),
                                                             QFileInfo(folder).absolutePath());
    if (parent.isEmpty())
        return;
    importNbgraderAssignment(folder, QDir(parent).filePath(QFileInfo(folder).fileName() + QStringLiteral("-sandmark")), header,
                             noHeader);
}

void MainWindow::showAssignmentSettings()
{
    if (!m_assignment) {
        setStatus(tr("Open an assignment first."));
        return;
    }
    auto *dialog = new AssignmentSettingsDialog(*m_assignment, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &AssignmentSettingsDialog::saved, this, &MainWindow::reloadAssignment);
    dialog->open();
}

void MainWindow::showPreferences()
{
    PreferencesDialog dialog(this, m_store);
    dialog.exec();
}

void MainWindow::showSelfTest()
{
    auto *dialog = findChild<SelfTestDialog *>();
    if (!dialog) {
        dialog = new SelfTestDialog(this);
    } else {
        dialog->run();
    }
    dialog->show();
    dialog->raise();
}

QList<ShortcutEntry> MainWindow::shortcuts() const
{
    QList<ShortcutEntry> all;
    for (const QAction *menu : menuBar()->actions())
        if (menu->menu())
            all += menuShortcuts(tr("%1 menu").arg(menu->text().remove(QLatin1Char('&'))), menu->menu());
    for (int i = 0; i < PageCount; ++i)
        all += widgetShortcuts(pageTitle(Page(i)), m_stack->widget(i));
    return all;
}

void MainWindow::showShortcuts()
{
    auto *dialog = new ShortcutsDialog(shortcuts(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void MainWindow::showUserGuide()
{
    auto *dialog = new UserGuideDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About Sandmark"),
                       tr("<h3>Sandmark %1</h3><p>Grades Python notebook assignments in a local sandbox.</p>"
                          "<p>Syntax highlighting: %2.</p>")
                           .arg(paths::version().toHtmlEscaped(), highlighterBackendName()));
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("window/sidebarWidth"), m_pageList->width());
    settings.remove(QStringLiteral("window/splitter")); // an older version's splitter state (restoreLayout())
    QMainWindow::closeEvent(event);
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (!assignmentPathFrom(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QString path = assignmentPathFrom(event->mimeData());
    if (path.isEmpty())
        return;
    event->acceptProposedAction();
    openAssignment(path);
}

} // namespace sandmark
