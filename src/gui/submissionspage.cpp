#include "submissionspage.h"

#include "boundedtext.h"
#include "batch/lmsimport.h"
#include "batch/notebookmatch.h"

#include "appsettings.h"
#include "batch/batchgrader.h"
#include "cluster/slurm.h"
#include "gradebook/export.h"
#include "gradebookaccess.h"
#include "importflagsmodel.h"
#include "jobtracker.h"
#include "overridedialog.h"
#include "util/displaytext.h"
#include "reviewnavigation.h"
#include "roles.h"
#include "shortcutsdialog.h"
#include "submissiondetail.h"
#include "submissionsmodel.h"
#include "wrappinglabel.h"

#include <QAction>
#include <QCheckBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QLoggingCategory>
#include <QPainter>
#include <QProgressBar>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QThreadPool>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#ifdef Q_OS_LINUX
#include <sys/resource.h>
#endif

namespace sandmark {

Q_LOGGING_CATEGORY(lcSubmissions, "sandmark.gui.submissions", QtInfoMsg)

namespace {

/// Lowers the calling worker thread's CPU priority (nice 10, Linux: per thread) so that seconds of parsing on a
/// 2-core machine do not take the GUI thread's core: QThread::LowPriority is a no-op for SCHED_OTHER threads
/// on Linux. Only for work that starts no process (a child would inherit it).
void runBelowTheGuiThread()
{
#ifdef Q_OS_LINUX
    setpriority(PRIO_PROCESS, 0, 10); // 0: the calling thread; failing leaves it as it was
#endif
}

} // namespace

/// What listSubmissions() hands the GUI thread (SubmissionsPage::showListing()).
struct SubmissionsListing
{
    QList<SubmissionsModel::Row> rows;
    QList<Submission> submissions;
    QHash<QString, Submission> byStudent; ///< the same by student id, hashed here: 5,000 inserts took ms of the GUI thread
    QHash<QString, int> index;            ///< `rows`' index by student (SubmissionsModel::setRows()), likewise
    QSet<QString> listed;                 ///< the students listed (for the flags list), likewise
    std::optional<Error> error;
    ImportManifest manifest;        ///< what the LMS imports said (empty when the folder has none)
    QString manifestError;          ///< the manifest is damaged: said under the table, the listing stands
    QHash<QString, QString> ambiguous; ///< students with several notebooks → the file settled for them (empty: none)
    QList<QStringList> lookalikes;     ///< students whose ids an export would show alike (exportIdCollisions())
};

namespace {

// Worker thread: the batch core's discovery (the same rules `sandmark-cli grade` applies), the import manifest,
// and for a folder with several notebooks the instructor's settled choice (the gradebook's, as `grade` applies it:
// applySettledNotebook()). Nothing is stat'ed or read per student here: sizes come with the notebook check.
SubmissionsListing listSubmissions(const QString &folder, bool problemSet, const QString &notebook, const QString &gradebookPath)
{
    SubmissionsListing out;
    QElapsedTimer clock;
    clock.start();
    auto found = discoverSubmissions(folder);
    const qint64 discoverMs = clock.restart();
    if (!found) {
        out.error = found.error();
        return out;
    }
    out.submissions = *found;
    if (auto manifest = readImportManifest(folder))
        out.manifest = *manifest;
    else
        out.manifestError = manifest.error().toString();
    std::unique_ptr<Gradebook> gradebook;
    for (Submission &s : out.submissions) {
        if (!s.problem.startsWith(QLatin1String("ambiguous:")))
            continue;
        if (problemSet) { // a problem set's folder holds several notebooks by design (matched when graded)
            s.problem.clear();
            continue;
        }
        if (!gradebook && QFileInfo::exists(gradebookPath))
            if (auto opened = Gradebook::open(gradebookPath))
                gradebook = std::move(*opened);
        QMap<QString, QString> settled;
        if (gradebook)
            if (auto matches = gradebook->settledMatches(s.studentId))
                settled = *matches;
        applySettledNotebook(s, notebook, settled);
        out.ambiguous.insert(s.studentId, s.notebookPath.isEmpty() ? QString() : QDir(s.root).relativeFilePath(s.notebookPath));
    }
    out.byStudent.reserve(out.submissions.size());
    out.listed.reserve(out.submissions.size());
    for (const Submission &s : std::as_const(out.submissions)) {
        out.byStudent.insert(s.studentId, s);
        out.listed.insert(s.studentId);
        SubmissionsModel::Row r;
        r.student = s.studentId;
        const ImportManifest::Student imported = out.manifest.students.value(s.studentId);
        r.displayName = imported.displayName;
        r.late = imported.late;
        r.notebookPath = s.notebookPath;
        if (problemSet) { // a problem set: every notebook is listed and sized; the parse check looks at the first
            for (const QString &f : s.files)
                if (isNotebookName(f))
                    r.notebookPaths << f;
            if (r.notebookPath.isEmpty())
                r.notebookPath = r.notebookPaths.value(0);
        }
        r.problem = s.problem;
        out.rows << r;
    }
    // "José" composed and decomposed: two folders, two rows that look the same (flagged under the table).
    QStringList ids;
    ids.reserve(out.rows.size());
    for (const SubmissionsModel::Row &r : std::as_const(out.rows))
        ids << r.student;
    out.lookalikes = exportIdCollisions(ids);
    // In the order the table shows by default (by student, as SubmissionsSortProxy compares them): the proxy's sort
    // after the reset then compares row numbers (SubmissionsModel::rowsInStudentOrder()), not 5,000 strings.
    std::sort(out.rows.begin(), out.rows.end(),
              [](const SubmissionsModel::Row &a, const SubmissionsModel::Row &b) { return a.student < b.student; });
    out.index.reserve(out.rows.size());
    for (int i = 0; i < out.rows.size(); ++i)
        out.index.insert(out.rows.at(i).student, i);
    qCDebug(lcSubmissions) << "listed" << out.rows.size() << "submissions of" << folder << "in" << discoverMs << "ms";
    return out;
}

QString etaText(double seconds)
{
    if (seconds < 0)
        return SubmissionsPage::tr("estimating the time left…");
    const int s = qRound(seconds);
    if (s < 60)
        return SubmissionsPage::tr("about %n second(s) left", nullptr, qMax(1, s));
    return SubmissionsPage::tr("about %n minute(s) left", nullptr, (s + 30) / 60);
}

GradeResult resultOf(const EffectiveGrade &g)
{
    GradeResult r;
    r.status = g.runStatus; // the run's result; the override (and the status it settles) is shown beside it
    r.score = g.autoScore;
    r.maxScore = g.maxScore;
    r.reasons = g.reasons;
    r.notes = g.notes;
    for (const EffectiveCheck &c : g.checks)
        r.checks << c.result;
    return r;
}

// A splitter handle that shows where to drag: a line across with a grip in its middle (Fusion's is a blank gap).
class GripHandle : public QSplitterHandle
{
public:
    using QSplitterHandle::QSplitterHandle;

protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter p(this);
        const QRect r = rect();
        const bool across = orientation() == Qt::Vertical; // a vertical splitter's handle lies across
        p.setPen(palette().color(QPalette::Mid));
        if (across)
            p.drawLine(r.left(), r.center().y(), r.right(), r.center().y());
        else
            p.drawLine(r.center().x(), r.top(), r.center().x(), r.bottom());
        const QRect grip = across ? QRect(0, 0, 48, r.height() - 2) : QRect(0, 0, r.width() - 2, 48);
        p.setPen(palette().color(QPalette::Dark));
        p.setBrush(palette().color(QPalette::Button));
        p.drawRoundedRect(QRectF(grip).translated(r.center() - grip.center()).adjusted(0.5, 0.5, -0.5, -0.5), 2, 2);
    }
};

class GripSplitter : public QSplitter
{
public:
    using QSplitter::QSplitter;

protected:
    QSplitterHandle *createHandle() override { return new GripHandle(orientation(), this); }
};

} // namespace

SubmissionsPage::SubmissionsPage(QWidget *parent)
    : QWidget(parent),
      m_model(new SubmissionsModel(this)),
      m_proxy(new SubmissionsSortProxy(this)),
      m_table(new QTableView(this)),
      m_filter(new QLineEdit(this)),
      m_count(new WrappingLabel(this)),
      m_runAll(new QPushButton(tr("Run &All"), this)),
      m_runSelected(new QPushButton(tr("Run &Selected"), this)),
      m_runFailed(new QPushButton(tr("Run Faile&d"), this)),
      m_cancel(new QPushButton(tr("&Cancel"), this)),
      m_overrideSelected(new QAction(tr("&Override Selected…"), this)),
      m_overrideButton(new QPushButton(m_overrideSelected->text(), this)),
      m_progress(new QProgressBar(this)),
      m_batchStatus(new WrappingLabel(this)),
      m_progressTimer(new QTimer(this)),
      m_slurm(new QLabel(this)),
      m_slurmTimer(new QTimer(this)),
      m_slurmTracker(new JobTracker(this)),
      m_splitter(new GripSplitter(Qt::Vertical, this)),
      m_detail(new SubmissionDetail(this)),
      m_reviewNext(new QAction(tr("Next"), this)),
      m_reviewPrevious(new QAction(tr("Previous"), this)),
      m_reviewAll(new QCheckBox(tr("A&ll submissions"), this)),
      m_markReviewed(new QAction(tr("Mark Re&viewed"), this)),
      m_reviewStatus(new WrappingLabel(this)),
      m_tracker(new JobTracker(this)),
      m_checkTracker(new JobTracker(this)),
      m_gradesTracker(new JobTracker(this)),
      m_detailTracker(new JobTracker(this)),
      m_importTracker(new JobTracker(this)),
      m_flagsModel(new ImportFlagsModel(this)),
      m_flagsView(new QTableView(this)),
      m_settle(new QPushButton(tr("Choose &Notebook…"), this)),
      m_overrideTracker(new JobTracker(this)),
      m_readPool(new QThreadPool(this)),
      m_checkPool(new QThreadPool(this)),
      m_checkCancel(std::make_shared<std::atomic<bool>>(false))
{
    m_readPool->setMaxThreadCount(2);
    m_checkPool->setMaxThreadCount(1);
    setUpProgressTimer();
    m_checkPool->setThreadPriority(QThread::LowPriority); // a no-op on Linux: see runBelowTheGuiThread()
    auto *layout = new QVBoxLayout(this);
    buildHeader(layout);
    setUpTable();
    buildSplitter(layout);
    connectTable();
    connectDetail();
    setAssignment(std::nullopt);
}

void SubmissionsPage::setUpProgressTimer()
{
    m_progressTimer->setSingleShot(true);
    m_progressTimer->setInterval(100);
    connect(m_progressTimer, &QTimer::timeout, this, [this] {
        const auto [done, total, eta] = m_latestProgress;
        m_progress->setRange(0, qMax(1, total));
        m_progress->setValue(done);
        m_batchStatus->setText(tr("%1 of %2 graded; %3").arg(done).arg(total).arg(done < total ? etaText(eta) : QString()));
    });
}

void SubmissionsPage::buildSplitter(QVBoxLayout *layout)
{
    m_splitter->setObjectName(QStringLiteral("submissionsSplitter"));
    m_splitter->setHandleWidth(9);
    auto *top = new QWidget(m_splitter);
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(m_table, 1);
    buildFlagsBox(top, topLayout);
    buildReviewRow(top, topLayout);
    m_splitter->addWidget(top);
    m_splitter->addWidget(m_detail);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    m_splitter->setChildrenCollapsible(false);
    layout->addWidget(m_splitter, 1);
    m_detail->setVisible(false);
}

void SubmissionsPage::connectTable()
{
    connect(m_filter, &QLineEdit::textChanged, m_proxy, &QSortFilterProxyModel::setFilterFixedString);
    connect(m_filter, &QLineEdit::textChanged, this, &SubmissionsPage::showCount); // after the proxy has filtered
    for (const auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(m_proxy, signal, this, &SubmissionsPage::showCount);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &SubmissionsPage::showCount);
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
        const QString path = index.data(NotebookPathRole).toString();
        if (!path.isEmpty())
            Q_EMIT previewRequested(path);
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex &current) {
        if (current.isValid())
            showDetail(current.data(StudentRole).toString());
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &SubmissionsPage::updateButtons);
}

void SubmissionsPage::connectDetail()
{
    connect(m_detail, &SubmissionDetail::matchChangeRequested, this, &SubmissionsPage::chooseMatch);
    // The executed notebook names the reasons' cells ("In [6]: …"): the summary may wrap to another line.
    connect(m_detail, &SubmissionDetail::artifactsLoaded, this, [this] { QTimer::singleShot(0, this, &SubmissionsPage::fitDetail); });
    connect(m_detail, &SubmissionDetail::overrideFormToggled, this, [this](bool open) {
        QTimer::singleShot(0, this, [this, open] {
            // Folded: the table above gets back the rows it gave for the form, as far as the checks keep theirs.
            const QList<int> sizes = m_splitter->sizes();
            if (!open && sizes.size() == 2 && !m_detail->isHidden()) {
                const int detail = qMax(m_detail->heightToShowChecks(), m_detail->minimumSizeHint().height());
                if (detail < sizes.at(1))
                    m_splitter->setSizes({sizes.at(0) + sizes.at(1) - detail, detail});
            }
            fitDetail();
        });
    });
    connect(m_detail, &SubmissionDetail::overrideApplied, this, [this](const QString &student, const EffectiveGrade &grade) {
        const GradeSummary summary = summaryOf(grade);
        m_grades.insert(student, summary);
        m_model->applyGrades({summary});
        Q_EMIT gradebookChanged();
    });
}

void SubmissionsPage::buildHeader(QVBoxLayout *layout)
{
    auto *title = new QLabel(tr("Submissions"), this);
    QFont f = title->font();
    f.setPointSizeF(f.pointSizeF() * 1.3);
    f.setBold(true);
    title->setFont(f);
    // The title shares its row with the imports and the filter (a row less for the table and the detail).
    auto *bar = new QHBoxLayout;
    bar->addWidget(title);
    bar->addSpacing(8);
    auto *import = new QPushButton(tr("&Import Folder…"), this);
    import->setAccessibleName(tr("Import a folder of submissions"));
    import->setToolTip(tr("Copies a folder's submissions into the assignment's submissions folder: one notebook or "
                          "sub-folder per student, or a Canvas or Moodle export unpacked into a folder"));
    connect(import, &QPushButton::clicked, this, [this] {
        if (!m_assignment)
            return;
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Import Submissions Folder"), m_assignment->folder());
        if (!dir.isEmpty())
            importFolder(dir);
    });
    bar->addWidget(import);
    auto *importZip = new QPushButton(tr("Import &Zip…"), this);
    importZip->setAccessibleName(tr("Import a Canvas or Moodle zip of submissions"));
    importZip->setToolTip(tr("A Canvas \"Download Submissions\" or Moodle \"Download all submissions\" zip; each "
                             "student gets a folder in the assignment's submissions folder"));
    connect(importZip, &QPushButton::clicked, this, [this] {
        if (!m_assignment)
            return;
        const QString zip = QFileDialog::getOpenFileName(this, tr("Import Submissions Zip"), m_assignment->folder(),
                                                         tr("Zip archives (*.zip)"));
        if (!zip.isEmpty())
            importArchive(zip);
    });
    connect(m_importTracker, &JobTracker::busyChanged, this, [import, importZip](bool busy) {
        import->setEnabled(!busy);
        importZip->setEnabled(!busy);
    });
    bar->addWidget(importZip);
    m_filter->setPlaceholderText(tr("Filter by student, status or backend"));
    m_filter->setAccessibleName(tr("Filter submissions"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setMinimumWidth(140);
    bar->addWidget(m_filter, 1);
    // The batch's row under it: its buttons, then its progress and status (two rows, so that German labels fit
    // a 1024-pixel screen).
    auto *progressRow = new QHBoxLayout;
    const QList<std::tuple<QPushButton *, QString, QString>> runs = {
        {m_runAll, tr("Grade every submission; unchanged ones keep their grade"), QStringLiteral("Ctrl+R")},
        {m_runSelected, tr("Grade the selected submissions again"), QStringLiteral("Ctrl+Shift+R")},
        {m_runFailed, tr("Grade again the submissions that need review, had a grader error or never ran"), QString()},
    };
    for (const auto &[button, tip, shortcut] : runs) {
        button->setToolTip(tip);
        button->setAccessibleName(tip);
        if (!shortcut.isEmpty())
            addButtonShortcut(button, QKeySequence(shortcut)); // keeps Alt+A / Alt+S
        progressRow->addWidget(button);
    }
    connect(m_runAll, &QPushButton::clicked, this, &SubmissionsPage::runAll);
    connect(m_runSelected, &QPushButton::clicked, this, &SubmissionsPage::runSelected);
    connect(m_runFailed, &QPushButton::clicked, this, &SubmissionsPage::runFailed);
    m_cancel->setAccessibleName(tr("Cancel the batch (results so far are kept)"));
    m_cancel->setToolTip(m_cancel->accessibleName());
    connect(m_cancel, &QPushButton::clicked, this, &SubmissionsPage::cancelBatch);
    progressRow->addWidget(m_cancel);
    m_overrideSelected->setToolTip(tr("Give the selected submissions the same override (a score or one check's points, "
                                      "with a comment)"));
    m_overrideButton->setToolTip(m_overrideSelected->toolTip());
    m_overrideButton->setAccessibleName(tr("Override the selected submissions"));
    connect(m_overrideSelected, &QAction::triggered, this, &SubmissionsPage::overrideSelected);
    connect(m_overrideButton, &QPushButton::clicked, m_overrideSelected, &QAction::trigger);
    connect(m_overrideSelected, &QAction::enabledChanged, m_overrideButton, &QPushButton::setEnabled);
    connect(m_overrideTracker, &JobTracker::busyChanged, this, &SubmissionsPage::updateButtons);
    bar->addWidget(m_overrideButton);
    layout->addLayout(bar);

    m_progress->setAccessibleName(tr("Batch progress"));
    m_progress->setFormat(tr("%v of %m"));
    progressRow->addWidget(m_progress, 1);
    m_batchStatus->setAccessibleName(tr("Batch status"));
    m_batchStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    progressRow->addWidget(m_batchStatus, 2);
    layout->addLayout(progressRow);
    m_progress->setVisible(false);
    m_slurm->setAccessibleName(tr("Slurm status"));
    m_slurm->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_slurm->setVisible(false);
    layout->addWidget(m_slurm);
    m_slurmTimer->setInterval(30000);
    connect(m_slurmTimer, &QTimer::timeout, this, &SubmissionsPage::refreshSlurmStatus);
}

void SubmissionsPage::setUpTable()
{
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(SortRole);
    m_proxy->setFilterKeyColumn(-1); // any column: a student, "grader-error", "docker"
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(SubmissionsModel::StudentColumn, Qt::AscendingOrder);
    m_table->setAccessibleName(tr("Submissions"));
    m_table->verticalHeader()->hide();
    // Uniform row heights, never measured per row; column widths from a sample of rows (resizing to the
    // contents of thousands of rows measures every cell).
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->horizontalHeader()->setResizeContentsPrecision(200);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->setToolTip(tr("Select a submission to see its result; double-click to preview its notebook"));
    m_table->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_table->addAction(m_overrideSelected);
}

void SubmissionsPage::buildFlagsBox(QWidget *top, QVBoxLayout *topLayout)
{
    // What the LMS import flagged (ambiguous, late, refused entries), under the table while there is any.
    m_flagsBox = new QWidget(top);
    auto *flagsLayout = new QVBoxLayout(m_flagsBox);
    flagsLayout->setContentsMargins(0, 0, 0, 0);
    auto *flagsHeader = new QHBoxLayout;
    m_flagsTitle = new QLabel(m_flagsBox);
    flagsHeader->addWidget(m_flagsTitle, 1);
    m_settle->setToolTip(tr("Choose which of the selected student's notebooks is graded (as sandmark-cli match)"));
    m_settle->setAccessibleName(m_settle->toolTip());
    m_settle->setEnabled(false);
    flagsHeader->addWidget(m_settle);
    flagsLayout->addLayout(flagsHeader);
    m_flagsModel->setObjectName(QStringLiteral("importFlagsModel"));
    m_flagsView->setModel(m_flagsModel);
    m_flagsView->setAccessibleName(tr("Entries flagged by the import"));
    m_flagsView->verticalHeader()->hide();
    m_flagsView->verticalHeader()->setDefaultSectionSize(m_table->verticalHeader()->defaultSectionSize());
    m_flagsView->horizontalHeader()->setStretchLastSection(true);
    m_flagsView->horizontalHeader()->setResizeContentsPrecision(200); // a sample of rows, as the table's: 500 flagged took ms
    m_flagsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_flagsView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_flagsView->setWordWrap(false);
    m_flagsView->setTabKeyNavigation(false);
    flagsLayout->addWidget(m_flagsView);
    topLayout->addWidget(m_flagsBox);
    m_flagsBox->setVisible(false);
    connect(m_flagsView->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex &current) {
        m_settle->setEnabled(m_flagsModel->canSettle(current.row()));
        const QString student = current.data(StudentRole).toString();
        const int row = student.isEmpty() ? -1 : m_model->rowOf(student);
        if (row >= 0) // the student's row in the table, so the detail shows it
            m_table->setCurrentIndex(m_proxy->mapFromSource(m_model->index(row, SubmissionsModel::StudentColumn)));
    });
    const auto settleCurrent = [this] {
        const int row = m_flagsView->currentIndex().row();
        if (m_assignment && m_flagsModel->canSettle(row))
            chooseMatch(m_flagsModel->rows().at(row).entry, m_assignment->notebooks().value(0));
    };
    connect(m_settle, &QPushButton::clicked, this, settleCurrent);
    connect(m_flagsView, &QTableView::doubleClicked, this, settleCurrent);
}

void SubmissionsPage::buildReviewRow(QWidget *top, QVBoxLayout *topLayout)
{
    // Review mode, between the table and the detail: Previous / Next walk the submissions that await a person.
    auto *reviewRow = new QHBoxLayout;
    m_count->setAccessibleName(tr("Number of submissions"));
    reviewRow->addWidget(m_count, 1);
    m_reviewStatus->setAccessibleName(tr("Review status"));
    m_reviewStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    reviewRow->addWidget(m_reviewStatus, 2);
    // Shown only while it says something: an empty one took half the row and wrapped "14 submissions in submissions".
    m_reviewStatus->hide();
    const QList<std::tuple<QAction *, QStyle::StandardPixmap, QKeySequence, QString>> steps = {
        {m_reviewPrevious, QStyle::SP_ArrowBack, QKeySequence(Qt::SHIFT | Qt::Key_F8),
         tr("Show the previous submission that awaits a person (needs review or manual grading)")},
        {m_reviewNext, QStyle::SP_ArrowForward, QKeySequence(Qt::Key_F8),
         tr("Show the next submission that awaits a person (needs review or manual grading)")},
    };
    for (const auto &[action, icon, key, tip] : steps) {
        action->setIcon(style()->standardIcon(icon));
        action->setShortcut(key);
        action->setToolTip(tr("%1 (%2)").arg(tip, key.toString(QKeySequence::NativeText)));
        addAction(action); // active while the page is shown
        auto *button = new QToolButton(top);
        button->setDefaultAction(action);
        button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        button->setAccessibleName(tip);
        reviewRow->addWidget(button);
    }
    connect(m_reviewPrevious, &QAction::triggered, this, &SubmissionsPage::reviewPrevious);
    connect(m_reviewNext, &QAction::triggered, this, &SubmissionsPage::reviewNext);
    m_markReviewed->setShortcut(QKeySequence(QStringLiteral("Ctrl+M")));
    m_markReviewed->setToolTip(tr("Mark the selected submissions reviewed: you looked at the grade; Next passes over "
                                  "them while it stands (again: remove the marks) (%1)")
                                   .arg(m_markReviewed->shortcut().toString(QKeySequence::NativeText)));
    addAction(m_markReviewed);
    connect(m_markReviewed, &QAction::triggered, this, &SubmissionsPage::toggleReviewedSelected);
    auto *markButton = new QToolButton(top);
    markButton->setDefaultAction(m_markReviewed);
    markButton->setAccessibleName(tr("Mark the selected submissions reviewed"));
    reviewRow->addWidget(markButton);
    m_reviewAll->setToolTip(tr("Previous and Next walk every submission, not only those awaiting a person"));
    reviewRow->addWidget(m_reviewAll);
    topLayout->addLayout(reviewRow);
}

void SubmissionsPage::setReviewStatus(const QString &text)
{
    m_reviewStatus->setText(text);
    m_reviewStatus->setVisible(!text.isEmpty());
}

SubmissionsPage::~SubmissionsPage()
{
    m_checkCancel->store(true); // the pool (a child) waits for its thread: let it stop early
    if (m_batch) // cancels the batch and waits for its end; everything recorded so far stays in the gradebook
        delete m_batch.data();
}

void SubmissionsPage::setAssignment(const std::optional<Assignment> &assignment)
{
    const bool same = assignment && m_assignment && assignment->folder() == m_assignment->folder();
    m_assignment = assignment;
    m_detail->setAssignment(assignment); // a problem set's detail: per notebook
    if (same) {
        // Reloaded (F5, or after an edit): list the folder and read the gradebook again — a student folder
        // copied in by hand, or grades written by the CLI, show up. A running batch keeps its table.
        if (!m_batch && !m_folder.isEmpty()) {
            m_gradesTracker->cancel();
            m_gradesRead = false;
            const QModelIndex current = m_table->currentIndex();
            m_reselect = current.isValid() ? current.data(StudentRole).toString() : QString();
            listFolder(m_folder);
        }
        updateButtons();
        return;
    }
    m_reselect.clear();
    setReviewStatus({}); // "No submission after peggy …" was about the assignment before
    if (m_batch)
        cancelBatch();
    m_gradebookPath = assignment ? Gradebook::defaultPath(assignment->folder()) : QString();
    m_detail->setGradebook(m_gradebookPath);
    m_detail->setVisible(false);
    m_detailTracker->cancel();
    m_submissions.clear();
    m_grades.clear();
    m_gradesRead = false;
    m_gradesTracker->cancel();
    m_listed = false;
    ++m_tableGeneration;
    m_countText.clear();
    m_tracker->cancel();
    m_checkTracker->cancel();
    m_checkCancel->store(true);
    m_model->setRows({});
    m_flagsModel->setManifest({}, {}, {});
    m_flagsBox->setVisible(false);
    m_folder.clear();
    m_batchStatus->clear();
    m_count->setText(assignment ? tr("No submissions imported. Use Import Folder….") : tr("No assignment open."));
    m_slurm->clear();
    m_slurm->setVisible(false);
    m_slurmTimer->stop();
    refreshSlurmStatus();
    updateButtons();
    if (assignment && QFileInfo(assignment->absolute(QStringLiteral("submissions"))).isDir())
        listFolder(assignment->absolute(QStringLiteral("submissions")));
}

void SubmissionsPage::listFolder(const QString &folder)
{
    m_folder = folder;
    m_listed = false;
    ++m_tableGeneration; // steps still to come of an earlier listing are dropped
    m_countText.clear();
    m_checkTracker->cancel();
    m_checkCancel->store(true);
    m_count->setText(tr("Reading %1…").arg(QDir::toNativeSeparators(folder)));
    // The listing and the gradebook are read at the same time, on the page's own threads (not queued behind
    // other pages' jobs on the global pool); whichever comes second completes the table.
    const bool problemSet = m_assignment && m_assignment->isProblemSet();
    const QString notebook = m_assignment ? m_assignment->notebooks().value(0) : QString();
    m_tracker->run(m_readPool, [folder, problemSet, notebook, gradebook = m_gradebookPath] {
        return listSubmissions(folder, problemSet, notebook, gradebook);
    }, [this, folder](SubmissionsListing listing) {
        if (listing.error) {
            m_count->setText(boundedText(listing.error->toString()));
            return;
        }
        // In steps, each its own GUI-thread event (issue 19: none over ~10 ms on 5,000 rows): the grades read
        // already merged into the rows, then the table's reset, then the columns fitted (tableComplete()).
        if (!m_gradesRead) {
            showListing(folder, listing);
            return;
        }
        mergeGrades(listing);
        later([this, folder, pending = std::make_shared<SubmissionsListing>(std::move(listing))] { showListing(folder, *pending, true); });
    });
    if (!m_gradesRead && !m_gradesTracker->isBusy())
        readGrades();
}

void SubmissionsPage::mergeGrades(SubmissionsListing &listing) const
{
    for (SubmissionsModel::Row &r : listing.rows)
        if (const auto g = m_grades.constFind(r.student); g != m_grades.cend())
            SubmissionsModel::applyGrade(r, *g);
}

void SubmissionsPage::later(std::function<void()> step)
{
    QTimer::singleShot(0, this, [this, generation = m_tableGeneration, step = std::move(step)] {
        if (generation == m_tableGeneration) // else the table is another folder's or assignment's now
            step();
    });
}

void SubmissionsPage::showListing(const QString &folder, SubmissionsListing &listing, bool gradesMerged)
{
    QElapsedTimer clock;
    clock.start();
    if (!gradesMerged && m_gradesRead) // read while the listing waited for its turn
        mergeGrades(listing);
    m_submissions = std::move(listing.byStudent);
    const int flagged = int(std::count_if(listing.rows.cbegin(), listing.rows.cend(),
                                          [](const SubmissionsModel::Row &r) { return !r.problem.isEmpty(); }));
    const bool fromLms = std::any_of(listing.rows.cbegin(), listing.rows.cend(),
                                     [](const SubmissionsModel::Row &r) { return !r.displayName.isEmpty() || r.late; });
    m_model->setRows(std::move(listing.rows), std::move(listing.index)); // one reset; the proxy sorts once
    const qint64 resetMs = clock.elapsed();
    m_table->setColumnHidden(SubmissionsModel::NameColumn, !fromLms);
    // The assignment's own submissions folder goes unnamed, another folder as the assignment names it, the full path
    // in the tooltip: a temporary folder's path took three lines of a 1024x640 screen, and "in submissions" beside
    // the review buttons wrapped.
    const QString full = QDir::toNativeSeparators(folder);
    const QString rel = m_assignment ? QDir(m_assignment->folder()).relativeFilePath(folder) : QString();
    const QString shown = rel.isEmpty() || rel.startsWith(QLatin1String("..")) || QDir::isAbsolutePath(rel)
                              ? full
                              : QDir::toNativeSeparators(rel);
    QString text = rel == QLatin1String("submissions")
                       ? tr("%n submission(s)", nullptr, m_model->rowCount())
                       : tr("%n submission(s) in %1", nullptr, m_model->rowCount()).arg(boundedLine(shown));
    if (flagged)
        text += QLatin1String("; ") + tr("%n cannot be graded as handed in", nullptr, flagged);
    const QString where = tr("%n submission(s) in %1", nullptr, m_model->rowCount()).arg(boundedText(full));
    if (!m_importSummary.isEmpty()) { // the import that led to this listing
        text = m_importSummary + QLatin1String(". ") + text;
        m_importSummary.clear();
        m_count->setToolTip(where + QLatin1Char('\n') + m_count->toolTip());
    } else {
        m_count->setToolTip(where);
    }
    m_countText = text;
    m_listed = true;
    showCount();
    m_checkPending = true;
    updateButtons();
    qCDebug(lcSubmissions) << "table filled in" << clock.elapsed() << "ms (reset" << resetMs << "ms)"
                           << (m_gradesRead ? "with grades" : "before the grades");
    // The flags list in an event of its own (its 500 rows measured took ms), then submissionsListed(); the columns
    // are fitted in a third: by tableComplete() when the grades were in, else then and again when they come
    // (their delivery, queued after this, completes the table).
    later([this, complete = m_gradesRead, flags = std::make_shared<SubmissionsListing>(std::move(listing))] {
        QElapsedTimer flagsClock;
        flagsClock.start();
        showImportFlags(flags->manifest, flags->listed, flags->ambiguous, flags->manifestError, flags->lookalikes);
        qCDebug(lcSubmissions) << "flags list filled in" << flagsClock.elapsed() << "ms";
        Q_EMIT submissionsListed();
        if (complete)
            later([this] { tableComplete(); });
        else
            later([this] { fitColumns(); });
    });
}

void SubmissionsPage::showCount()
{
    if (!m_listed || m_countText.isEmpty())
        return;
    const int all = m_model->rowCount(), shown = m_proxy->rowCount();
    m_count->setText(m_filter->text().isEmpty() || shown == all
                         ? m_countText
                         : tr("Filter: %1 of %n shown.", nullptr, all).arg(shown) + QLatin1Char(' ') + m_countText);
}

void SubmissionsPage::importFolder(const QString &folder)
{
    importFrom(folder);
}

void SubmissionsPage::importArchive(const QString &zipPath)
{
    importFrom(zipPath);
}

void SubmissionsPage::importFrom(const QString &source)
{
    if (!m_assignment || m_importTracker->isBusy())
        return;
    if (m_batch) { // the table is the batch's until it ends
        m_batchStatus->setText(tr("Import when the batch has ended (or cancel it)."));
        Q_EMIT importFailed(m_batchStatus->text());
        return;
    }
    const QString out = m_assignment->absolute(QStringLiteral("submissions"));
    m_count->setText(tr("Importing %1…").arg(QDir::toNativeSeparators(source)));
    m_importTracker->run([source, out] { return importSubmissions(source, out); },
                         [this, source, out](Expected<ImportReport> report) {
                             if (!report) {
                                 m_count->setText(boundedText(tr("Import failed: %1").arg(report.error().toString())));
                                 Q_EMIT importFailed(report.error().toString());
                                 return;
                             }
                             QStringList flagged;
                             // Students written but flagged (needs review) are in `flagged` too; skipped entries
                             // (hidden files, macOS metadata) are listed with their reason, never dropped silently.
                             for (const QList<FlaggedEntry> *list : {&report->flagged, &report->skipped})
                                 for (const FlaggedEntry &f : *list)
                                     flagged << tr("%1: %2").arg(f.entry, f.reason);
                             listFolder(out);
                             // The listing's summary follows; the import's stays in the tooltip, the flagged
                             // entries in the list under the table.
                             m_count->setToolTip(tr("Imported %n student(s) from %1", nullptr, int(report->written()))
                                                     .arg(QDir::toNativeSeparators(source))
                                                 + (flagged.isEmpty() ? QString() : QLatin1Char('\n') + flagged.join(QLatin1Char('\n'))));
                             m_importSummary = tr("Imported %n student(s)", nullptr, int(report->written()))
                                               + (flagged.isEmpty() ? QString()
                                                                    : QLatin1String("; ")
                                                                          + tr("%n entry(ies) flagged", nullptr, int(flagged.size())));
                             Q_EMIT imported(int(report->written()), flagged);
                         });
}

void SubmissionsPage::showImportFlags(const ImportManifest &manifest, const QSet<QString> &listed,
                                      const QHash<QString, QString> &ambiguous, const QString &manifestError,
                                      const QList<QStringList> &lookalikes)
{
    m_flagsModel->setManifest(manifest, listed, ambiguous, lookalikes);
    const int n = m_flagsModel->rowCount();
    const int alike = m_flagsModel->lookalikeRowCount();
    QStringList title;
    if (!manifestError.isEmpty())
        title << tr("The import's record cannot be read: %1").arg(manifestError);
    else if (n > alike)
        title << tr("%n entry(ies) flagged by the import", nullptr, n - alike);
    if (alike > 0)
        title << tr("%n folder(s) whose names look like another's", nullptr, alike);
    m_flagsTitle->setText(boundedText(title.join(QLatin1String("; "))));
    m_flagsBox->setVisible(n > 0 || !manifestError.isEmpty());
    m_settle->setEnabled(false);
    m_flagsView->resizeColumnsToContents();
    // Up to five rows show; more scroll.
    const int rows = qBound(1, n, 5);
    m_flagsView->setFixedHeight(m_flagsView->horizontalHeader()->sizeHint().height()
                                + rows * m_flagsView->verticalHeader()->defaultSectionSize() + 2 * m_flagsView->frameWidth());
}

QString SubmissionsPage::countText() const
{
    return m_count->text();
}

QString SubmissionsPage::countToolTip() const
{
    return m_count->toolTip();
}

void SubmissionsPage::fitColumns()
{
    m_table->resizeColumnsToContents();
    // A long name, reason or problem elides in its cell (the detail shows it whole): no column pushes the score
    // and the others off screen.
    constexpr int kMaxColumnWidth = 320;
    for (int c = 0; c + 1 < SubmissionsModel::ColumnCount; ++c)
        if (m_table->columnWidth(c) > kMaxColumnWidth)
            m_table->setColumnWidth(c, kMaxColumnWidth);
}

void SubmissionsPage::tableComplete()
{
    fitColumns(); // the grades' statuses and scores are in now (a sample of rows)
    if (!m_reselect.isEmpty()) { // the student shown before a reload
        const int row = m_model->rowOf(m_reselect);
        m_reselect.clear();
        if (row >= 0)
            m_table->setCurrentIndex(m_proxy->mapFromSource(m_model->index(row, 0)));
    }
    const QModelIndex current = m_table->currentIndex();
    if (current.isValid())
        showDetail(current.data(StudentRole).toString());
    Q_EMIT gradesLoaded();
    if (m_checkPending) { // once per listing, not after every batch
        m_checkPending = false;
        checkNotebooksInBackground();
    }
}

void SubmissionsPage::checkNotebooksInBackground()
{
    // After the table is usable, on the page's own thread: parsing thousands of notebooks takes seconds.
    m_checkCancel->store(true); // a check still running for an earlier listing stops
    m_checkCancel = std::make_shared<std::atomic<bool>>(false);
    // Per row, in the rows' order (the core's listing problems — ambiguous, symlink — win over parse errors there):
    // the GUI thread sets them without a hash lookup; the columns are fitted in a later event.
    m_checkTracker->run(m_checkPool, [rows = m_model->rows(), cancel = m_checkCancel] {
        runBelowTheGuiThread();
        return checkNotebookRows(rows, cancel.get());
    },
                        [this](const SubmissionsModel::NotebookRowChecks &checks) {
                            withOneSort([&] { m_model->setNotebookChecks(checks); });
                            later([this] {
                                fitColumns(); // the sizes and problems are in now
                                Q_EMIT notebooksChecked();
                            });
                        });
}

void SubmissionsPage::readGrades()
{
    if (m_gradebookPath.isEmpty()) {
        m_gradesRead = true; // none to read
        return;
    }
    const QString path = m_gradebookPath;
    m_gradesTracker->run(
        m_readPool,
        [path, assignment = m_assignment] {
            QElapsedTimer clock;
            clock.start();
            auto grades = readGradeSummaries(path, assignment);
            qCDebug(lcSubmissions) << "read" << (grades ? grades->size() : 0) << "grade summaries in" << clock.elapsed() << "ms";
            // Hashed here, not on the GUI thread (5,000 inserts took ms of it).
            QHash<QString, GradeSummary> byStudent;
            if (grades) {
                byStudent.reserve(grades->size());
                for (const GradeSummary &g : std::as_const(*grades))
                    byStudent.insert(g.studentId, g);
            }
            return std::make_pair(std::move(grades), std::move(byStudent));
        },
        [this](std::pair<Expected<QList<GradeSummary>>, QHash<QString, GradeSummary>> read) {
            const Expected<QList<GradeSummary>> &grades = read.first;
            if (!grades) {
                m_batchStatus->setText(boundedText(tr("The gradebook cannot be read: %1").arg(grades.error().toString())));
                m_model->setGradesUnreadable(grades.error().toString()); // rows say "unknown", not "not run"
                if (!m_gradesRead) { // the table is complete without them
                    m_gradesRead = true;
                    if (m_listed)
                        tableComplete();
                }
                return;
            }
            QElapsedTimer clock;
            clock.start();
            m_model->setGradesUnreadable({});
            m_grades = std::move(read.second);
            m_live.clear();
            m_gradesRead = true;
            if (!m_listed)
                return; // the listing fills them in
            applyGrades(*grades);
            qCDebug(lcSubmissions) << "grades applied in" << clock.elapsed() << "ms";
            later([this] { tableComplete(); }); // the columns fitted in an event of their own

        });
}

void SubmissionsPage::applyGrades(const QList<GradeSummary> &grades)
{
    if (grades.size() > 50)
        withOneSort([&] { m_model->applyGrades(grades); });
    else
        m_model->applyGrades(grades);
}

void SubmissionsPage::withOneSort(const std::function<void()> &change)
{
    // Sorted by a column these changes leave alone (student, name, notebook: the model's dataChanged covers
    // size to backend only) and no filter: the order stays, and sorting 5,000 rows again took a good part of a
    // frame after every batch signal.
    if (m_proxy->sortColumn() < SubmissionsModel::SizeColumn && m_filter->text().isEmpty()) {
        change();
        return;
    }
    // On dataChanged the proxy moves each changed row on its own (quadratic for thousands of rows); sorting
    // and filtering once afterwards is far cheaper, and keeps the selection (persistent indexes follow).
    m_proxy->setDynamicSortFilter(false);
    change();
    if (!m_filter->text().isEmpty())
        m_proxy->invalidate(); // the rows the filter shows now (a status or score changed)
    m_proxy->setDynamicSortFilter(true); // sorts, once
}

void SubmissionsPage::showDetail(const QString &student)
{
    if (const auto live = m_live.constFind(student); live != m_live.cend()) { // just graded by the running batch
        m_detailTracker->cancel();
        m_detail->setResult(student, live->result, {}, QString(), QString());
        m_detail->showArtifacts(live->artifacts); // the executed notebook, record and log as the run left them
        revealDetail();
        Q_EMIT detailShown(student);
        return;
    }
    if (!m_grades.contains(student)) {
        m_detailTracker->cancel();
        m_detail->setVisible(false);
        return;
    }
    // The table holds summaries; the checks are read for the one student shown.
    const QString path = m_gradebookPath;
    m_detailTracker->run([path, student] { return readEffectiveGrade(path, student); },
                         [this, student](Expected<std::optional<EffectiveGrade>> grade) {
                             if (!grade) {
                                 m_batchStatus->setText(boundedText(grade.error().toString()));
                                 return;
                             }
                             if (!*grade) {
                                 m_detail->setVisible(false);
                                 return;
                             }
                             const EffectiveGrade &g = **grade;
                             m_detail->setResult(student, resultOf(g), {}, QString(), QString());
                             m_detail->setEffectiveGrade(g);
                             m_detail->showArtifacts(g.artifacts); // read off the GUI thread
                             revealDetail();
                             Q_EMIT detailShown(student);
                         });
}

void SubmissionsPage::revealDetail()
{
    m_detail->setVisible(true);
    // Once laid out (the splitter knows the detail's height only then); on every student, whose summary may wrap
    // to another line.
    QTimer::singleShot(0, this, &SubmissionsPage::fitDetail);
}

void SubmissionsPage::fitDetail()
{
    const QList<int> sizes = m_splitter->sizes();
    if (m_detail->isHidden() || sizes.size() != 2)
        return;
    const int total = sizes.at(0) + sizes.at(1);
    // The table keeps its header and `rows` rows, and the line under it.
    const auto topKeeping = [this](int rows) {
        return 2 * m_table->frameWidth() + m_table->horizontalHeader()->height() + rows * m_table->verticalHeader()->defaultSectionSize()
               + m_splitter->widget(0)->height() - m_table->height();
    };
    // At least what the detail's content needs at its width (a reason wrapped to a third line), as far as the table's
    // own minimum allows: nothing of the detail is squeezed below its minimum.
    const int detailMin = qMin(m_detail->minimumSizeHint().height(), total - m_splitter->widget(0)->minimumSizeHint().height());
    // Up to ten checks while the table keeps five rows; where that leaves fewer than five checks in view (a
    // 1024x640 screen), the table gives up to two of its rows for them (issue 19: the checks showed 1.5 rows).
    int want = qMin(m_detail->heightToShowChecks(), total - topKeeping(5));
    if (want < m_detail->heightToShowChecks(5))
        want = qMax(want, qMin(m_detail->heightToShowChecks(5), total - topKeeping(3)));
    // Two at least (the override form open), the table keeping one row.
    want = qMax(want, qMin(m_detail->heightToShowChecks(2), total - topKeeping(1)));
    want = qMax(want, detailMin);
    if (want > sizes.at(1)) // grows the detail within the splitter: the window keeps its size
        m_splitter->setSizes({total - want, want});
    // The student shown stays in view in the table above (review's Next on a 1024x640 screen selected a row below it),
    // once the table has its new height.
    QTimer::singleShot(0, this, [this] {
        if (m_table->currentIndex().isValid())
            m_table->scrollTo(m_table->currentIndex());
    });
}

void SubmissionsPage::reviewNext()
{
    review(1);
}

void SubmissionsPage::reviewPrevious()
{
    review(-1);
}

void SubmissionsPage::review(int step)
{
    const bool all = m_reviewAll->isChecked();
    QList<ReviewRow> order; // the table's rows as shown: sorted and filtered
    order.reserve(m_proxy->rowCount());
    for (int r = 0; r < m_proxy->rowCount(); ++r) {
        const int source = m_proxy->mapToSource(m_proxy->index(r, 0)).row();
        const SubmissionsModel::Row &row = m_model->rows().at(source);
        order.append({row.student, row.state, row.review == SubmissionsModel::Row::Review::Held});
    }
    const QModelIndex current = m_table->currentIndex();
    const QString from = current.isValid() ? current.data(StudentRole).toString() : QString();
    const QString to = reviewNeighbour(order, from, step, all);
    if (to.isEmpty()) {
        if (from.isEmpty()) // the current row is always a shown one
            setReviewStatus(all ? tr("No submission is listed.") : tr("No listed submission awaits a person."));
        else if (step > 0)
            setReviewStatus(all ? tr("%1 is the last submission listed.").arg(displayText(from))
                                        : tr("No submission after %1 awaits a person.").arg(displayText(from)));
        else
            setReviewStatus(all ? tr("%1 is the first submission listed.").arg(displayText(from))
                                        : tr("No submission before %1 awaits a person.").arg(displayText(from)));
        return;
    }
    int position = 0, count = 0;
    for (const ReviewRow &r : std::as_const(order))
        if (reviewStopsAt(r, all)) {
            ++count;
            if (r.student == to)
                position = count;
        }
    const QModelIndex index = m_proxy->mapFromSource(m_model->index(m_model->rowOf(to), 0));
    m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_table->scrollTo(index);
    setReviewStatus(all ? tr("%1: %2 of %3").arg(displayText(to)).arg(position).arg(count)
                                : tr("%1: %2 of %3 awaiting a person").arg(displayText(to)).arg(position).arg(count));
}

QString SubmissionsPage::reviewStatusText() const
{
    return m_reviewStatus->text();
}

void SubmissionsPage::updateButtons()
{
    const bool idle = m_assignment.has_value() && !m_batch && m_model->rowCount() > 0;
    m_reviewNext->setEnabled(m_model->rowCount() > 0);
    m_reviewPrevious->setEnabled(m_model->rowCount() > 0);
    m_runAll->setEnabled(idle);
    m_runSelected->setEnabled(idle && m_table->selectionModel()->hasSelection());
    m_runFailed->setEnabled(idle);
    m_cancel->setEnabled(!m_batch.isNull());
    m_overrideSelected->setEnabled(idle && m_table->selectionModel()->hasSelection() && !m_overrideTracker->isBusy());
    m_markReviewed->setEnabled(m_overrideSelected->isEnabled());
}

void SubmissionsPage::overrideSelected()
{
    if (!m_assignment || !m_overrideSelected->isEnabled())
        return;
    QStringList students;
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    for (const QModelIndex &i : rows)
        students << i.data(StudentRole).toString();
    auto *dialog = new OverrideDialog(*m_assignment, int(students.size()), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog, students] { overrideStudents(students, dialog->value()); });
    dialog->open();
}

void SubmissionsPage::overrideStudents(const QStringList &students, const Override &override_)
{
    if (!m_assignment || students.isEmpty())
        return;
    const QString path = m_gradebookPath;
    const Assignment assignment = *m_assignment;
    m_batchStatus->setText(tr("Saving the override of %n submission(s)…", nullptr, int(students.size())));
    m_overrideTracker->run(
        [path, assignment, students, override_] {
            auto stored = overrideGradebookSubmissions(path, assignment, students, override_);
            // Only the rows that changed are refreshed.
            Expected<QList<GradeSummary>> grades = QList<GradeSummary>();
            if (stored && !stored->overridden.isEmpty()) {
                grades = readGradeSummaries(path, assignment);
                if (grades)
                    grades->removeIf([&](const GradeSummary &g) { return !stored->overridden.contains(g.studentId); });
            }
            return std::make_pair(stored, grades);
        },
        [this](std::pair<Expected<BulkOverride>, Expected<QList<GradeSummary>>> done) {
            const auto &[stored, grades] = done;
            if (!stored || !grades) {
                const QString message = (!stored ? stored.error() : grades.error()).toString();
                m_batchStatus->setText(boundedText(message));
                Q_EMIT overrideFailed(message);
                return;
            }
            for (const GradeSummary &g : *grades)
                m_grades.insert(g.studentId, g);
            withOneSort([&] { m_model->applyGrades(*grades); });
            QString text = tr("Override saved for %n submission(s).", nullptr, int(stored->overridden.size()));
            if (!stored->skipped.isEmpty()) {
                QStringList names;
                for (const QString &s : stored->skipped)
                    names << displayText(s);
                text += QLatin1Char(' ') + tr("Skipped (no graded run to override): %1.").arg(names.join(QLatin1String(", ")));
            }
            m_batchStatus->setText(text);
            if (!stored->overridden.isEmpty())
                Q_EMIT gradebookChanged();
            if (stored->overridden.contains(m_detail->student()) && m_detail->isVisible())
                showDetail(m_detail->student()); // its checks and summary show the new override
            Q_EMIT overridesApplied(stored->overridden, stored->skipped);
        });
    updateButtons();
}

void SubmissionsPage::toggleReviewedSelected()
{
    if (!m_assignment || !m_markReviewed->isEnabled())
        return;
    QStringList students;
    bool allHeld = true;
    for (const QModelIndex &i : m_table->selectionModel()->selectedRows()) {
        const int row = m_model->rowOf(i.data(StudentRole).toString());
        if (row < 0)
            continue;
        students << m_model->rows().at(row).student;
        allHeld = allHeld && m_model->rows().at(row).review == SubmissionsModel::Row::Review::Held;
    }
    if (students.isEmpty())
        return;
    const bool reviewed = !allHeld;
    const QString path = m_gradebookPath;
    const Assignment assignment = *m_assignment;
    m_overrideTracker->run([path, assignment, students, reviewed] { return setGradebookReviewed(path, assignment, students, reviewed); },
                           [this, students, reviewed](Expected<QList<GradeSummary>> grades) {
                               if (!grades) {
                                   setReviewStatus(boundedText(grades.error().toString()));
                                   Q_EMIT reviewFailed(grades.error().toString());
                                   return;
                               }
                               for (const GradeSummary &g : *grades)
                                   m_grades.insert(g.studentId, g);
                               withOneSort([&] { m_model->applyGrades(*grades); });
                               setReviewStatus(reviewed ? tr("%n submission(s) marked reviewed.", nullptr, int(students.size()))
                                                                : tr("Review mark removed from %n submission(s).", nullptr,
                                                                     int(students.size())));
                               Q_EMIT reviewMarked(students, reviewed);
                               if (reviewed && students.size() == 1 && !m_reviewAll->isChecked())
                                   reviewNext(); // on to the next one awaiting a person
                           });
    updateButtons();
}

void SubmissionsPage::runAll()
{
    runStudents({}, false);
}

void SubmissionsPage::runSelected()
{
    QStringList students;
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    for (const QModelIndex &i : rows)
        students << i.data(StudentRole).toString();
    if (!students.isEmpty())
        runStudents(students, true);
}

void SubmissionsPage::chooseMatch(const QString &student, const QString &notebook)
{
    const auto s = m_submissions.constFind(student);
    if (s == m_submissions.cend())
        return;
    const QString ruleDecides = tr("(let the matching rule decide)");
    QStringList items{ruleDecides};
    for (const QString &f : s->files)
        if (isNotebookName(f))
            items << QDir(s->root).relativeFilePath(f);
    bool ok = false;
    const QString chosen = QInputDialog::getItem(this, tr("Graded for %1").arg(notebook),
                                                 tr("Which notebook of %1 is graded for %2?").arg(displayText(student), notebook),
                                                 items, 0, false, &ok);
    if (ok)
        settleMatch(student, notebook, chosen == ruleDecides ? QString() : chosen);
}

void SubmissionsPage::settleMatch(const QString &student, const QString &notebook, const QString &file)
{
    const auto s = m_submissions.constFind(student);
    if (!m_assignment || s == m_submissions.cend() || m_gradebookPath.isEmpty())
        return;
    const Assignment assignment = *m_assignment;
    const Submission submission = *s;
    const QString path = m_gradebookPath;
    m_tracker->run(
        [assignment, submission, path, notebook, file]() -> Expected<void> {
            auto gb = Gradebook::open(path);
            if (!gb)
                return gb.error();
            return settleNotebookMatch(**gb, assignment, submission, notebook, file);
        },
        [this, student, notebook, file](const Expected<void> &done) {
            if (!done) {
                m_batchStatus->setText(boundedText(done.error().toString()));
                Q_EMIT matchFailed(done.error().toString());
                return;
            }
            const QString message = file.isEmpty()
                                        ? tr("%1: %2: settled match removed (the rule decides); Run Selected applies it")
                                              .arg(displayText(student), notebook)
                                        : tr("%1: %2 ← %3 settled; Run Selected applies it").arg(displayText(student), notebook, file);
            m_batchStatus->setText(boundedText(message));
            readGrades();
            if (m_assignment && !m_assignment->isProblemSet() && !m_folder.isEmpty() && !m_batch)
                listFolder(m_folder); // the folder's row and the flagged list say what is settled
            Q_EMIT matchSettled(student, message);
        });
}

void SubmissionsPage::runFailed()
{
    QStringList students;
    for (const SubmissionsModel::Row &r : m_model->rows())
        if (r.state == SubmissionsModel::State::NotRun || r.state == SubmissionsModel::State::NeedsReview
            || r.state == SubmissionsModel::State::GraderError)
            students << r.student;
    if (students.isEmpty()) {
        m_batchStatus->setText(tr("Every submission is graded."));
        return;
    }
    runStudents(students, true);
}

QList<Submission> SubmissionsPage::submissionsToRun(const QStringList &students, QStringList &queued) const
{
    // In student order: the ids are sorted, not the submissions (swapping thousands of Submission values took
    // tens of ms of the click).
    QStringList ids = students.isEmpty() ? QStringList(m_submissions.keys()) : students;
    ids.sort();
    QList<Submission> batch;
    batch.reserve(ids.size());
    queued.reserve(ids.size());
    for (const QString &id : std::as_const(ids))
        if (const auto s = m_submissions.constFind(id); s != m_submissions.cend()) {
            batch << *s;
            queued << id;
        }
    return batch;
}

void SubmissionsPage::runStudents(const QStringList &students, bool force)
{
    if (!m_assignment || m_batch)
        return;
    QStringList queued;
    QList<Submission> batch = submissionsToRun(students, queued);
    if (batch.isEmpty())
        return;

    BatchOptions options;
    options.run = runOptionsFor(*m_assignment, AppSettings::runChoices());
    options.jobs = AppSettings::parallelRuns();
    options.force = force;
    options.gradebookPath = m_gradebookPath;

    m_batch = new BatchTask(*m_assignment, std::move(batch), options, this);
    withOneSort([&] { m_model->setStates(queued, SubmissionsModel::State::Queued); });
    m_progress->setRange(0, 0); // busy until the reference run is done
    m_progress->setVisible(true);
    m_batchStatus->setText(tr("Preparing: the reference run of the instructor notebook…"));
    connectBatch();
    updateButtons();
    Q_EMIT batchStarting(m_batch);
    m_batch->start();
}

void SubmissionsPage::connectBatch()
{
    connect(m_batch, &BatchTask::message, this, [this](const QString &line) { m_batchStatus->setText(boundedText(line)); });
    connect(m_batch, &BatchTask::referenceEnded, this, &SubmissionsPage::referenceEnded);
    connect(m_batch, &BatchTask::started, this, [this](int total) {
        m_progress->setRange(0, qMax(1, total));
        m_progress->setValue(0);
        m_batchStatus->setText(tr("Grading %n submission(s), %1 at once…", nullptr, total).arg(m_batch->jobs()));
    });
    connect(m_batch, &BatchTask::submissionsSkipped, this, &SubmissionsPage::showUnchanged);
    connect(m_batch, &BatchTask::submissionStarted, this, [this](const QString &id) {
        m_model->setState(id, SubmissionsModel::State::Running);
    });
    connect(m_batch, &BatchTask::submissionsFinished, this, &SubmissionsPage::showFinished);
    connect(m_batch, &BatchTask::progress, this, [this](int done, int total, double eta) {
        // Shown at most ten times a second: QProgressBar repaints the window at once on every new value, and
        // hundreds of results can arrive in one pass of the event loop.
        m_latestProgress = {done, total, eta};
        if (!m_progressTimer->isActive())
            m_progressTimer->start();
    });
    connect(m_batch, &BatchTask::finished, this, [this](const BatchSummary &s) {
        m_batchStatus->setText(batchSummaryText(s));
        finishBatch();
        Q_EMIT batchFinished(s);
    });
    connect(m_batch, &BatchTask::failed, this, [this](const Error &error) {
        m_batchStatus->setText(boundedText(tr("The batch failed: %1").arg(error.toString())));
        finishBatch();
        Q_EMIT batchFailed(error.toString());
    });
}

void SubmissionsPage::showUnchanged(const QStringList &unchanged)
{
    // Unchanged since their last completed run: their recorded grades stand (applied from m_grades, not copied).
    QStringList notRun;
    for (const QString &id : unchanged)
        if (!m_grades.contains(id))
            notRun << id;
    withOneSort([&] {
        m_model->setStates(notRun, SubmissionsModel::State::NotRun);
        m_model->applyGrades(unchanged, m_grades);
    });
}

void SubmissionsPage::showFinished(const QList<BatchTask::Finished> &finished)
{
    // The rows first, with one sort, then each result is announced (its row filled in already).
    QList<SubmissionsModel::Result> results;
    results.reserve(finished.size());
    for (const BatchTask::Finished &f : finished) {
        // No backend: no sandbox ran (the notebook could not be read), so no run time either.
        const double seconds = f.run.backend.isEmpty() ? -1 : f.run.started.msecsTo(f.run.finished) / 1000.0;
        results.append({f.studentId, f.result, seconds, f.run.backend});
        m_live.insert(f.studentId, f.run);
    }
    withOneSort([&] { m_model->setResults(results); });
    const QString current = m_table->currentIndex().data(StudentRole).toString();
    for (const BatchTask::Finished &f : finished) {
        if (f.studentId == current)
            showDetail(current);
        Q_EMIT resultRecorded(f.studentId);
    }
}

QString SubmissionsPage::batchSummaryText(const BatchSummary &s) const
{
    // The graded count always, the others when there are any: a line short enough for a 1024x640 screen.
    QStringList parts{tr("%n graded", nullptr, s.graded)};
    if (s.needsManual)
        parts << tr("%n await manual grading", nullptr, s.needsManual);
    if (s.needsReview)
        parts << tr("%n need review", nullptr, s.needsReview);
    if (s.graderErrors)
        parts << tr("%n grader error(s)", nullptr, s.graderErrors);
    if (s.skipped)
        parts << tr("%n unchanged (kept)", nullptr, s.skipped);
    if (s.notRun)
        parts << tr("%n not run", nullptr, s.notRun);
    return (s.cancelled ? tr("Cancelled after %1 s: %2.") : tr("Done in %1 s: %2."))
        .arg(QLocale().toString(s.seconds, 'f', 1), parts.join(QLatin1String(", ")));
}

void SubmissionsPage::finishBatch()
{
    if (m_batch)
        m_batch->deleteLater();
    m_batch = nullptr;
    m_progressTimer->stop(); // the summary replaces it
    m_progress->setVisible(false);
    // Students still marked queued or running were not run (cancelled): show their recorded grade again.
    QStringList notRun;
    for (const SubmissionsModel::Row &r : m_model->rows())
        if (r.state == SubmissionsModel::State::Queued || r.state == SubmissionsModel::State::Running)
            notRun << r.student;
    if (!notRun.isEmpty())
        withOneSort([&] {
            m_model->setStates(notRun, SubmissionsModel::State::NotRun);
            m_model->applyGrades(notRun, m_grades);
        });
    updateButtons();
    readGrades(); // durations and backends as recorded, overrides applied
    Q_EMIT gradebookChanged();
}

void SubmissionsPage::cancelBatch()
{
    if (!m_batch)
        return;
    m_batchStatus->setText(tr("Cancelling…"));
    m_batch->cancel();
}

QString SubmissionsPage::batchStatusText() const
{
    return m_batchStatus->text();
}

void SubmissionsPage::refreshSlurmStatus()
{
    if (!m_assignment || !QFileInfo::exists(SlurmLayout(m_assignment->folder()).submissionFile())) {
        m_slurmTracker->cancel();
        m_slurm->setVisible(false);
        m_slurmTimer->stop();
        Q_EMIT slurmStatusRead();
        return;
    }
    // squeue answers within seconds but may hang on a lost controller: never on the GUI thread.
    m_slurmTracker->run([assignment = *m_assignment]() -> Expected<SlurmStatus> {
        const SlurmLayout layout(assignment.folder());
        Expected<SlurmSubmission> submission = SlurmSubmission::read(layout.submissionFile());
        if (!submission)
            return submission.error();
        QList<SlurmQueueEntry> queue;
        if (Expected<QList<SlurmQueueEntry>> q = querySlurmQueue({submission->arrayJobId, submission->mergeJobId}); q)
            queue = *q; // away from the cluster: what the shards wrote is still shown
        return readSlurmStatus(assignment, queue);
    }, [this](Expected<SlurmStatus> status) {
        m_slurm->setVisible(true);
        if (!status) {
            m_slurm->setText(boundedText(tr("Slurm status unavailable: %1").arg(status.error().toString())));
            m_slurm->setToolTip(QString());
            m_slurmTimer->stop();
            Q_EMIT slurmStatusRead();
            return;
        }
        int done = 0, running = 0, failed = 0;
        bool active = false;
        QStringList problems;
        for (const SlurmShardStatus &s : std::as_const(status->shards)) {
            done += s.phase == SlurmShardStatus::Phase::Done;
            running += s.phase == SlurmShardStatus::Phase::Running;
            active = active || s.phase == SlurmShardStatus::Phase::Running
                     || (s.phase == SlurmShardStatus::Phase::Waiting && !s.queueState.isEmpty());
            if (s.phase == SlurmShardStatus::Phase::Failed || s.phase == SlurmShardStatus::Phase::Stopped) {
                ++failed;
                problems << tr("Shard %1/%2: %3").arg(s.shard.index).arg(s.shard.count).arg(s.problem);
            }
        }
        QString text = tr("Slurm: %1 of %2 graded; shards: %3 done, %4 running, %5 failed or stopped")
                           .arg(status->recorded)
                           .arg(status->submissions)
                           .arg(done)
                           .arg(running)
                           .arg(failed);
        if (status->etaSeconds > 0) {
            const int eta = int(status->etaSeconds + 0.5);
            text += tr("; ETA %1:%2").arg(eta / 60).arg(eta % 60, 2, 10, QLatin1Char('0'));
        }
        m_slurm->setText(text);
        m_slurm->setToolTip(problems.join(QLatin1Char('\n')));
        if (active)
            m_slurmTimer->start();
        else
            m_slurmTimer->stop();
        Q_EMIT slurmStatusRead();
    });
}

} // namespace sandmark
