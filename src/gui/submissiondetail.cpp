#include "submissiondetail.h"

#include "assignment/release_writer.h"
#include "batch/notebookmatch.h"
#include "batch/recordedvalues.h"
#include "boundedtext.h"
#include "checkresultsmodel.h"
#include "checks/registry.h"
#include "checksmodel.h"
#include "coretranslation.h"
#include "gradebookaccess.h"
#include "jobtracker.h"
#include "manualgradingpanel.h"
#include "notebook/cellref.h"
#include "notebookcellmodel.h"
#include "notebookpreview.h"
#include "releasediffview.h"
#include "roles.h"
#include "sandbox/submissionrun.h"
#include "submissionsmodel.h"
#include "translations.h"
#include "util/displaytext.h"
#include "valuesdialog.h"
#include "wrappinglabel.h"

#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFile>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QTabBar>
#include <QToolButton>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace sandmark {

namespace {

using RunArtifacts = SubmissionDetail::RunArtifacts;

// Worker thread: plain file reads, no widgets.
RunArtifacts readRunArtifacts(const QString &folder)
{
    RunArtifacts a;
    const QDir dir(folder);
    a.folderExists = dir.exists();
    if (!a.folderExists)
        return a;
    if (const QFileInfo nb(dir.filePath(QStringLiteral("executed.ipynb"))); nb.isFile()) {
        a.notebookPath = nb.filePath();
        a.notebookWritten = nb.lastModified();
    }
    QFile record(dir.filePath(QStringLiteral("record.json")));
    if (record.open(QIODevice::ReadOnly))
        if (Expected<ExecutionRecord> read = ExecutionRecord::fromJson(record.readAll(), record.fileName()))
            a.record = std::move(*read);
    QFile log(dir.filePath(QStringLiteral("log.txt")));
    if (log.open(QIODevice::ReadOnly)) {
        // The log is the runner's stderr tail; cap what a text widget gets.
        a.log = QString::fromUtf8(log.read(4 * 1024 * 1024));
        a.hasLog = true;
    }
    return a;
}

// Worker thread: the run's folder (first) and each notebook's folder in it (SubmissionRun's layout).
QList<RunArtifacts> readProblemSetArtifacts(const QString &folder, const QStringList &notebooks)
{
    QList<RunArtifacts> out;
    RunArtifacts root;
    root.folderExists = QDir(folder).exists();
    out << root;
    if (root.folderExists)
        for (const QString &notebook : notebooks)
            out << readRunArtifacts(notebookArtifactsFolder(folder, notebook, true));
    return out;
}

/// `line` as rich text: escaped, each `cells[N]` a link ("cell:N") written as `labels` name it (labelCellReferences()).
QString linkedCells(const QString &line, const QHash<int, QString> &labels)
{
    QString html;
    qsizetype at = 0;
    for (const CellReference &r : findCellReferences(line)) {
        html += line.mid(at, r.start - at).toHtmlEscaped();
        const QString text = labelCellReferences(line.mid(r.start, r.length), labels);
        html += QStringLiteral("<a href=\"cell:%1\">%2</a>").arg(r.index).arg(text.toHtmlEscaped());
        at = r.start + r.length;
    }
    return html + line.mid(at).toHtmlEscaped();
}

} // namespace

QString SubmissionDetail::executedCaption(const QString &student, const QDateTime &written)
{
    if (!written.isValid())
        return tr("Executed notebook of %1").arg(student);
    return tr("Executed notebook of %1, from the run of %2")
        .arg(student, QLocale().toString(written, QLocale::ShortFormat));
}

SubmissionDetail::SubmissionDetail(QWidget *parent)
    : QWidget(parent),
      m_summary(new WrappingLabel(this)),
      m_switcherBar(new QWidget(this)),
      m_switcher(new QTabBar(m_switcherBar)),
      m_part(new WrappingLabel(m_switcherBar)),
      m_changeMatch(new QToolButton(m_switcherBar)),
      m_artifactsStatus(new WrappingLabel(this)),
      m_tabs(new QTabWidget(this)),
      m_checks(new CheckResultsModel(this)),
      m_record(new RecordCellsModel(this)),
      m_checksTable(new QTableView(this)),
      m_recordTable(new QTableView(this)),
      m_messages(new WrappingLabel(this)),
      m_notebook(new NotebookPreview(NotebookPreview::Role::RunArtifact, this)),
      m_log(new QPlainTextEdit(this)),
      m_overrideToggle(new QToolButton(this)),
      m_overrideBox(new QGroupBox(this)),
      m_overrideTarget(new QComboBox(m_overrideBox)),
      m_overridePoints(new QDoubleSpinBox(m_overrideBox)),
      m_overrideComment(new QPlainTextEdit(m_overrideBox)),
      m_overrideApply(new QPushButton(tr("A&pply Override"), m_overrideBox)),
      m_overrideRemove(new QPushButton(tr("Re&move Override"), m_overrideBox)),
      m_overrideStatus(new WrappingLabel(m_overrideBox)),
      m_manual(new ManualGradingPanel(this)),
      m_overrideTracker(new JobTracker(this)),
      m_artifactsTracker(new JobTracker(this)),
      m_valuesTracker(new JobTracker(this)),
      m_diffTracker(new JobTracker(this)),
      m_showValues(new QPushButton(tr("Show Valu&es…"), this)),
      m_diff(new ReleaseDiffView(this))
{
    auto *layout = new QVBoxLayout(this);
    buildSummary(layout);
    buildSwitcher(layout);
    m_tabs->addTab(buildChecksTab(), tr("Checks"));
    buildManualTab();
    m_notebook->setAccessibleName(tr("Executed notebook"));
    connect(m_notebook, &NotebookPreview::loaded, this, &SubmissionDetail::takeCellLabels);
    m_tabs->addTab(m_notebook, tr("Executed notebook"));
    m_tabs->addTab(buildRecordTab(), tr("Execution record"));
    buildLogAndDiffTabs();
    layout->addWidget(m_tabs, 1);
}

void SubmissionDetail::buildSummary(QVBoxLayout *layout)
{
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
    m_summary->setToolTip(tr("Click a cell named in a reason or a note to see it in the executed notebook"));
    connect(m_summary, &QLabel::linkActivated, this, [this](const QString &link) {
        if (link.startsWith(QLatin1String("cell:")))
            showNotebookCell(link.mid(5).toInt());
    });
    m_summary->setAccessibleName(tr("Grade summary"));
    layout->addWidget(m_summary);
    m_artifactsStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_artifactsStatus->setAccessibleName(tr("Run artifacts status"));
    m_artifactsStatus->setVisible(false);
    layout->addWidget(m_artifactsStatus);

}

QWidget *SubmissionDetail::buildChecksTab()
{
    auto *checksTab = new QWidget(this);
    auto *checksLayout = new QVBoxLayout(checksTab);
    m_checksTable->setModel(m_checks);
    m_checksTable->setColumnHidden(CheckResultsModel::GroupColumn, true); // shown for an assignment with groups
    m_checksTable->setAccessibleName(tr("Check results"));
    m_checksTable->verticalHeader()->hide();
    m_checksTable->horizontalHeader()->setStretchLastSection(true);
    m_checksTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_checksTable->viewport()->installEventFilter(this); // fitCheckColumns() at every width
    // One line per check (a long value or feedback elides; the tooltip and Show Values have it whole): five checks
    // show on a 1024x640 screen, where wrapped rows showed one and a half (issue 19).
    m_checksTable->setWordWrap(false);
    m_checksTable->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_checksTable->verticalHeader()->setDefaultSectionSize(m_checksTable->fontMetrics().height() + 8);
    // Never squeezed below its header and two rows (so the window in review still fits 933x600: a 1400x900 screen
    // at scale factor 1.5); heightToShowChecks() says what shows up to ten.
    m_checksTable->setMinimumHeight(2 * m_checksTable->frameWidth() + m_checksTable->horizontalHeader()->sizeHint().height()
                                    + 2 * m_checksTable->verticalHeader()->defaultSectionSize());
    checksLayout->addWidget(m_checksTable, 1);
    // A value check's whole expected and actual values (a DataFrame as a table, the differing cells marked).
    m_showValues->setToolTip(tr("The selected value check's full expected and actual values (or double-click the check)"));
    m_showValues->setEnabled(false);
    connect(m_showValues, &QPushButton::clicked, this, [this] {
        const QModelIndex at = m_checksTable->currentIndex();
        if (at.isValid())
            showValues(at.data(CheckIdRole).toString());
    });
    connect(m_checksTable, &QTableView::doubleClicked, this, [this](const QModelIndex &at) {
        const int row = at.row();
        if (at.isValid() && row < m_checks->results().size() && checkKind(m_checks->results().at(row).type).comparesValues())
            showValues(at.data(CheckIdRole).toString());
    });
    connect(m_checksTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &SubmissionDetail::updateValuesButton);
    buildOverrideToggle(checksLayout);
    return checksTab;
}

void SubmissionDetail::buildOverrideToggle(QVBoxLayout *checksLayout)
{
    buildOverrideBox();
    // The override form folds to one line (the checks above keep their rows); a click opens it, and it stays open
    // from one student to the next until folded again.
    m_overrideToggle->setObjectName(QStringLiteral("overrideToggle"));
    m_overrideToggle->setText(tr("Manual override"));
    m_overrideToggle->setToolTip(tr("Show or hide the form that replaces a check's or the whole submission's points"));
    m_overrideToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_overrideToggle->setArrowType(Qt::RightArrow);
    m_overrideToggle->setAutoRaise(true);
    m_overrideToggle->setCheckable(true);
    // One line under the checks: the override form's toggle, and Show Values at its right end (in the tabs' corner
    // it pushed a problem set's six German tabs behind scroll arrows at 1024x640).
    auto *underChecks = new QHBoxLayout;
    underChecks->addWidget(m_overrideToggle);
    underChecks->addStretch(1);
    underChecks->addWidget(m_showValues);
    checksLayout->addLayout(underChecks);
    checksLayout->addWidget(m_overrideBox);
    m_overrideBox->setVisible(false);
    connect(m_overrideToggle, &QToolButton::toggled, this, [this](bool open) {
        m_overrideToggle->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
        m_overrideBox->setVisible(open);
        if (open)
            m_overrideTarget->setFocus();
        Q_EMIT overrideFormToggled(open);
    });
}

void SubmissionDetail::buildManualTab()
{
    m_manual->setAccessibleName(tr("Grading by hand"));
    connect(m_manual, &ManualGradingPanel::saveRequested, this, &SubmissionDetail::saveManualGrade);
    connect(m_manual, &ManualGradingPanel::removeRequested, this, [this](const QString &checkId) {
        if (m_gradebook.isEmpty() || m_student.isEmpty())
            return;
        const QString path = m_gradebook, student = m_student;
        changeOverride([path, student, checkId] { return removeGradebookOverride(path, student, checkId); },
                       tr("Grade of %1 removed: the answer awaits grading by hand again.").arg(checkId),
                       [this](const QString &text, bool) { m_manual->setStatusText(text); });
    });
    m_tabs->addTab(m_manual, tr("Grading by hand"));
    m_tabs->setTabVisible(ManualTab, false);

}

QWidget *SubmissionDetail::buildRecordTab()
{
    auto *recordTab = new QWidget(this);
    auto *recordLayout = new QVBoxLayout(recordTab);
    m_messages->setTextInteractionFlags(Qt::TextSelectableByMouse);
    recordLayout->addWidget(m_messages);
    m_recordTable->setModel(m_record);
    m_recordTable->setAccessibleName(tr("Execution record"));
    m_recordTable->verticalHeader()->hide();
    m_recordTable->horizontalHeader()->setStretchLastSection(true);
    m_recordTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_recordTable->setToolTip(tr("Click a cell to see it in the executed notebook"));
    connect(m_recordTable, &QTableView::clicked, this, [this](const QModelIndex &at) {
        if (const int cell = at.data(NotebookCellRole).toInt(); at.isValid() && cell >= 0)
            showNotebookCell(cell);
    });
    recordLayout->addWidget(m_recordTable, 1);

    return recordTab;
}

void SubmissionDetail::buildLogAndDiffTabs()
{
    m_log->setReadOnly(true);
    m_log->setAccessibleName(tr("Run log"));
    m_log->setFont(QFont(QStringLiteral("monospace")));
    m_tabs->addTab(m_log, tr("Log"));
    m_diff->setAccessibleName(tr("Diff against the release"));
    m_tabs->addTab(m_diff, tr("Diff &with Release"));
    m_tabs->setTabToolTip(DiffTab, tr("The student's notebook against the release, cell by cell; answer cells highlighted"));
}

void SubmissionDetail::buildSwitcher(QVBoxLayout *layout)
{
    // A problem set's notebooks: one tab each; the tabs below show the chosen one's checks and run.
    auto *switcherLayout = new QHBoxLayout(m_switcherBar);
    switcherLayout->setContentsMargins(0, 0, 0, 0);
    m_switcher->setAccessibleName(tr("Notebook of the problem set"));
    m_switcher->setToolTip(tr("The problem set's notebooks: the checks, executed notebook, record and log below are "
                              "the chosen notebook's"));
    m_switcher->setExpanding(false);
    m_switcher->setUsesScrollButtons(true);
    switcherLayout->addWidget(m_switcher);
    m_part->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_part->setAccessibleName(tr("Which file was graded for this notebook"));
    switcherLayout->addWidget(m_part, 1);
    m_changeMatch->setText(tr("Change…"));
    m_changeMatch->setToolTip(tr("Settle which of the student's notebooks is graded for this notebook (kept in the "
                                 "gradebook; Run Selected applies it)"));
    switcherLayout->addWidget(m_changeMatch, 0, Qt::AlignTop);
    connect(m_changeMatch, &QToolButton::clicked, this, [this] {
        const int i = m_switcher->currentIndex();
        if (isProblemSet() && i >= 0 && i < m_assignment->notebooks().size() && !m_student.isEmpty())
            Q_EMIT matchChangeRequested(m_student, m_assignment->notebooks().at(i));
    });
    m_switcherBar->setVisible(false);
    layout->addWidget(m_switcherBar);
    connect(m_switcher, &QTabBar::currentChanged, this, [this](int i) {
        if (i >= 0)
            showNotebookPart(i);
    });
}

void SubmissionDetail::buildOverrideBox()
{
    auto *form = new QFormLayout(m_overrideBox);
    form->setContentsMargins(6, 4, 6, 4); // a box without a title (the toggle above names it): no room for one
    m_overrideTarget->setAccessibleName(tr("What the override replaces"));
    m_overridePoints->setAccessibleName(tr("Override points"));
    m_overridePoints->setDecimals(2);
    m_overridePoints->setRange(0, 1e6);
    m_overrideComment->setObjectName(QStringLiteral("overrideComment"));
    m_overrideComment->setAccessibleName(tr("Override comment"));
    m_overrideComment->setPlaceholderText(tr("why the grade differs (required; kept with the override and exported)"));
    m_overrideComment->setTabChangesFocus(true);
    // Two lines (more scroll): the check table above keeps its room.
    m_overrideComment->setFixedHeight(m_overrideComment->fontMetrics().lineSpacing() * 2 + 2 * m_overrideComment->frameWidth() + 8);
    m_overrideApply->setAccessibleName(tr("Apply the override"));
    m_overrideStatus->setAccessibleName(tr("Override status"));
    auto *row = new QHBoxLayout;
    row->addWidget(m_overrideTarget, 1);
    row->addWidget(new QLabel(tr("Points:"), m_overrideBox));
    row->addWidget(m_overridePoints);
    form->addRow(tr("Replaces:"), row);
    // Apply and Remove beside the comment, the status under them only while it has something to say: the review
    // (a 1024x640 screen, or 1400x900 at scale factor 1.5) keeps its rows for the checks.
    auto *commentRow = new QHBoxLayout;
    commentRow->addWidget(m_overrideComment, 1);
    auto *buttons = new QVBoxLayout;
    buttons->setSpacing(2);
    buttons->addWidget(m_overrideApply);
    m_overrideRemove->setAccessibleName(tr("Remove the override"));
    m_overrideRemove->setToolTip(tr("Remove the override of what is chosen in Replaces: the automatic points count again"));
    buttons->addWidget(m_overrideRemove);
    buttons->addStretch(1);
    commentRow->addLayout(buttons);
    form->addRow(tr("Comment:"), commentRow);
    form->addRow(m_overrideStatus);
    form->setRowVisible(m_overrideStatus, false);
    connect(m_overrideTarget, &QComboBox::currentIndexChanged, this, [this] {
        suggestOverridePoints();
        updateOverrideControls();
    });
    connect(m_overrideRemove, &QPushButton::clicked, this, [this] { removeOverride(m_overrideTarget->currentData().toString()); });
    connect(m_overrideComment, &QPlainTextEdit::textChanged, this, &SubmissionDetail::updateOverrideControls);
    connect(m_overrideApply, &QPushButton::clicked, this, [this] {
        applyOverride(m_overrideTarget->currentData().toString(), m_overridePoints->value(), m_overrideComment->toPlainText());
    });
}

void SubmissionDetail::setResult(const QString &student, const GradeResult &result, const ExecutionRecord &record,
                                 const QString &executedNotebook, const QString &log)
{
    m_student = student;
    m_result = result;
    m_effective.reset();
    m_cellLabels.clear(); // the previous student's notebook; this one's come when it is loaded
    m_checks->setCellLabels({});
    m_record->setCellLabels({});
    m_overrideTarget->clear();
    m_overrideTarget->addItem(tr("the whole submission's score"), QString());
    for (const CheckResult &c : result.checks)
        m_overrideTarget->addItem(tr("check %1").arg(c.checkId), c.checkId);
    m_overrideComment->clear();
    showOverrideStatus(QString());
    m_manual->clear();
    updateManualTab();
    m_checks->setOverrides({});
    updateSummary();
    updateOverrideControls();
    m_checks->setResults(result.checks);
    fitCheckColumns();
    m_artifactsTracker->cancel(); // a slow read for the previous student never lands here
    m_artifactsStatus->clear();
    m_artifactsStatus->setVisible(false);
    showRecord(record);
    m_log->setPlainText(log);
    m_tabs->setTabEnabled(NotebookTab, !executedNotebook.isEmpty());
    m_tabs->setTabEnabled(RecordTab, !record.isEmpty());
    m_tabs->setTabEnabled(LogTab, !log.isEmpty());
    m_artifactsFolder.clear();
    updateValuesButton();
    if (!executedNotebook.isEmpty())
        m_notebook->showRunArtifact(executedNotebook, executedCaption(student, QFileInfo(executedNotebook).lastModified()));
    startDiff(executedNotebook);

    m_parts.clear();
    m_partsRead = false;
    m_switcherBar->setVisible(isProblemSet());
    if (!isProblemSet())
        return;
    // A problem set: the chosen notebook's checks and (once showArtifacts() read them) its run; the same
    // notebook stays chosen from one student to the next.
    const int keep = qMax(0, m_switcher->currentIndex());
    {
        const QSignalBlocker block(m_switcher);
        while (m_switcher->count() > 0)
            m_switcher->removeTab(0);
        for (const QString &notebook : m_assignment->notebooks())
            m_switcher->addTab(boundedLine(notebook));
        m_switcher->setCurrentIndex(qMin(keep, m_switcher->count() - 1));
    }
    updateSwitcherTexts();
    showNotebookPart(m_switcher->currentIndex());
}

void SubmissionDetail::fitCheckColumns()
{
    m_checksTable->resizeColumnsToContents();
    // Long values (a whole Series) must not push the feedback off the page; the tooltip has all of it. Expected and
    // actual take at most 220 px, less where the feedback would have under a fifth of the width (a 1024x640 screen
    // scrolled it out of view).
    const int width = m_checksTable->viewport()->width();
    int others = 0;
    for (int c = 0; c < CheckResultsModel::FeedbackColumn; ++c)
        if (!m_checksTable->isColumnHidden(c) && c != CheckResultsModel::ExpectedColumn && c != CheckResultsModel::ActualColumn)
            others += m_checksTable->columnWidth(c);
    const int cap = qBound(80, (width - others - width / 5) / 2, 220);
    for (int c : {int(CheckResultsModel::ExpectedColumn), int(CheckResultsModel::ActualColumn)})
        m_checksTable->setColumnWidth(c, qMin(m_checksTable->columnWidth(c), cap));
}

bool SubmissionDetail::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_checksTable->viewport() && event->type() == QEvent::Resize)
        fitCheckColumns();
    return QWidget::eventFilter(watched, event);
}

int SubmissionDetail::heightToShowChecks(int maxRows) const
{
    int rows = 2 * m_checksTable->frameWidth() + m_checksTable->horizontalHeader()->height();
    for (int r = 0; r < qMin(m_checks->rowCount(), maxRows); ++r)
        rows += m_checksTable->rowHeight(r);
    if (m_checksTable->horizontalScrollBar()->isVisible())
        rows += m_checksTable->horizontalScrollBar()->height();
    return height() + qMax(rows, m_checksTable->minimumHeight()) - m_checksTable->height();
}

QSize SubmissionDetail::minimumSizeHint() const
{
    QSize size = QWidget::minimumSizeHint();
    if (layout() && layout()->hasHeightForWidth() && width() > 0)
        size.setHeight(std::max(size.height(), layout()->totalMinimumHeightForWidth(width())));
    return size;
}

bool SubmissionDetail::isNotebookSwitcherShown() const
{
    return !m_switcherBar->isHidden();
}

QString SubmissionDetail::notebookPartText() const
{
    return m_part->text();
}

void SubmissionDetail::setAssignment(const std::optional<Assignment> &assignment)
{
    m_assignment = assignment;
    m_switcherBar->setVisible(isProblemSet() && !m_student.isEmpty());
    m_checks->setGroups(assignment ? checkGroups(assignment->checks()) : QList<CheckGroup>{});
    m_checksTable->setColumnHidden(CheckResultsModel::GroupColumn, !m_checks->hasGroups()); // an Otter course's questions
}

QString SubmissionDetail::notebookOf(const QString &checkId) const
{
    if (!m_assignment)
        return {};
    for (const Check &c : m_assignment->checks())
        if (c.id == checkId)
            return c.notebook;
    return m_assignment->notebooks().value(0);
}

void SubmissionDetail::updateSwitcherTexts()
{
    if (!isProblemSet())
        return;
    const QLocale l;
    const QStringList notebooks = m_assignment->notebooks();
    for (int i = 0; i < m_switcher->count() && i < notebooks.size(); ++i) {
        double earned = 0, max = 0;
        for (const CheckResult &c : std::as_const(m_result.checks))
            if (notebookOf(c.checkId) == notebooks.at(i)) {
                const auto o = m_effective ? std::find_if(m_effective->checks.cbegin(), m_effective->checks.cend(),
                                                          [&](const EffectiveCheck &e) { return e.result.checkId == c.checkId; })
                                           : QList<EffectiveCheck>::const_iterator();
                earned += m_effective && o != m_effective->checks.cend() ? o->points() : c.points;
                max += c.maxPoints;
            }
        m_switcher->setTabText(i, tr("%1 (%2 / %3)").arg(boundedLine(notebooks.at(i)), scoreText(earned), scoreText(max)));
        const QString decision = translatedCoreText(matchDecision(m_result.notes, notebooks.at(i)));
        m_switcher->setTabToolTip(i, decision);
        if (i == m_switcher->currentIndex())
            m_part->setText(tr("%1 — %2").arg(decision.isEmpty() ? notebooks.at(i) : displayText(decision),
                                              ChecksModel::ofPointsText(scoreText(earned), max)));
    }
}

void SubmissionDetail::showNotebookPart(int index)
{
    if (!isProblemSet() || index < 0 || index >= m_assignment->notebooks().size())
        return;
    const QString notebook = m_assignment->notebooks().at(index);
    QList<CheckResult> checks;
    for (const CheckResult &c : std::as_const(m_result.checks))
        if (notebookOf(c.checkId) == notebook)
            checks << c;
    m_checks->setResults(checks);
    fitCheckColumns();
    updateSwitcherTexts();
    if (!m_partsRead)
        return; // the run's artifacts are still being read, or there are none (the tabs say why)
    const RunArtifacts &a = m_parts.value(index);
    if (!a.folderExists) {
        const QString decision = matchDecision(m_result.notes, notebook);
        showArtifactsUnavailable(tr("%1 did not run in this run (%2): there is no executed notebook, record or log of it.")
                                     .arg(notebook, decision.isEmpty() ? tr("not run") : displayText(decision)));
        return;
    }
    m_artifactsStatus->clear();
    m_artifactsStatus->setVisible(false);
    showRunArtifacts(a, a.notebookWritten.isValid()
                            ? tr("Executed %1 of %2, from the run of %3")
                                  .arg(notebook, displayText(m_student), QLocale().toString(a.notebookWritten, QLocale::ShortFormat))
                            : tr("Executed %1 of %2").arg(notebook, displayText(m_student)));
}

void SubmissionDetail::showRunArtifacts(const RunArtifacts &a, const QString &caption)
{
    for (int tab : {int(NotebookTab), int(RecordTab), int(LogTab)})
        m_tabs->setTabToolTip(tab, QString());
    showRecord(a.record);
    m_log->setPlainText(a.log);
    m_tabs->setTabEnabled(NotebookTab, !a.notebookPath.isEmpty());
    m_tabs->setTabEnabled(RecordTab, !a.record.isEmpty());
    m_tabs->setTabEnabled(LogTab, a.hasLog);
    if (!a.notebookPath.isEmpty())
        m_notebook->showRunArtifact(a.notebookPath, caption);
    startDiff(a.notebookPath);
}

void SubmissionDetail::showArtifactsUnavailable(const QString &why)
{
    m_artifactsStatus->setText(boundedText(why));
    m_artifactsStatus->setVisible(true);
    for (int tab : {int(NotebookTab), int(RecordTab), int(LogTab), int(DiffTab)}) {
        m_tabs->setTabEnabled(tab, false);
        m_tabs->setTabToolTip(tab, why);
    }
    m_diffTracker->cancel();
    m_diff->setMessage(why);
}

void SubmissionDetail::showRecord(const ExecutionRecord &record)
{
    m_record->setRecord(record);
    m_recordTable->resizeColumnsToContents();
    QStringList messages;
    messages << tr("Run status: %1, %2 s").arg(runRecordWord(record.status()), QLocale().toString(record.durationS(), 'f', 2));
    if (record.unsafe())
        messages << tr("UNSAFE: this run had no sandbox (local-unsafe).");
    for (const QString &l : record.limitsHit())
        messages << tr("Limit hit: %1").arg(l);
    messages << record.messages();
    m_messages->setText(record.isEmpty() ? QString() : messages.join(QLatin1Char('\n')));
}

void SubmissionDetail::showArtifacts(const QString &artifactsFolder)
{
    const QString student = m_student;
    m_artifactsFolder = artifactsFolder;
    updateValuesButton();
    if (artifactsFolder.isEmpty()) {
        m_artifactsTracker->cancel();
        showArtifactsUnavailable(tr("The gradebook keeps no run artifacts for this result (no sandbox ran because the submission "
                                    "could not be run as handed in, a grader error, or a run recorded by an older Sandmark): there "
                                    "is no executed notebook, record or log to show."));
        QMetaObject::invokeMethod(this, &SubmissionDetail::artifactsLoaded, Qt::QueuedConnection);
        return;
    }
    const QString deleted = tr("The run's artifacts folder %1 has since been deleted (for example by "
                               "a cache cleanup). The grade stays in the gradebook; run the submission "
                               "again to see its executed notebook, record and log.")
                                .arg(QDir::toNativeSeparators(artifactsFolder));
    m_artifactsStatus->setText(tr("Reading the run's artifacts…"));
    m_artifactsStatus->setVisible(true);
    if (isProblemSet()) {
        // Each notebook's folder of the run (SubmissionRun), all read at once: switching notebooks reads nothing.
        m_artifactsTracker->run([artifactsFolder, notebooks = m_assignment->notebooks()] {
                                    return readProblemSetArtifacts(artifactsFolder, notebooks);
                                },
                                [this, student, deleted](QList<RunArtifacts> read) {
                                    if (student != m_student)
                                        return;
                                    if (!read.value(0).folderExists) {
                                        showArtifactsUnavailable(deleted);
                                    } else {
                                        m_parts = read.mid(1);
                                        m_partsRead = true;
                                        showNotebookPart(m_switcher->currentIndex());
                                    }
                                    Q_EMIT artifactsLoaded();
                                });
        return;
    }
    m_artifactsTracker->run([artifactsFolder] { return readRunArtifacts(artifactsFolder); },
                            [this, student, deleted](RunArtifacts a) {
                                if (student != m_student)
                                    return;
                                if (!a.folderExists) {
                                    showArtifactsUnavailable(deleted);
                                    Q_EMIT artifactsLoaded();
                                    return;
                                }
                                m_artifactsStatus->clear();
                                m_artifactsStatus->setVisible(false);
                                showRunArtifacts(a, executedCaption(student, a.notebookWritten));
                                Q_EMIT artifactsLoaded();
                            });
}

QString SubmissionDetail::artifactsStatusText() const
{
    return m_artifactsStatus->text();
}

QString SubmissionDetail::recordMessagesText() const
{
    return m_messages->text();
}

bool SubmissionDetail::isTabEnabled(int index) const
{
    return m_tabs->isTabEnabled(index);
}

void SubmissionDetail::setCurrentTab(int tab)
{
    m_tabs->setCurrentIndex(tab);
}

void SubmissionDetail::updateValuesButton()
{
    const QModelIndex at = m_checksTable->currentIndex();
    const bool value = at.isValid() && at.row() < m_checks->results().size()
                       && checkKind(m_checks->results().at(at.row()).type).comparesValues();
    m_showValues->setEnabled(value && !m_artifactsFolder.isEmpty() && m_assignment.has_value());
}

void SubmissionDetail::showValues(const QString &checkId)
{
    if (!m_assignment)
        return;
    const QString student = m_student, artifacts = m_artifactsFolder, gradebook = m_gradebook;
    // The reference key the run was graded with: the effective grade's, else read from the gradebook (a result
    // shown the moment its run ended has no effective grade yet).
    const QString referenceKey = m_effective && m_effective->studentId == student ? m_effective->referenceKey : QString();
    m_showValues->setEnabled(false);
    m_valuesTracker->run([assignment = *m_assignment, checkId, artifacts, referenceKey, gradebook, student]() -> Expected<ValuesComparison> {
                             QString key = referenceKey;
                             if (key.isEmpty() && !gradebook.isEmpty()) {
                                 const auto grade = readEffectiveGrade(gradebook, student);
                                 if (!grade)
                                     return grade.error();
                                 if (*grade)
                                     key = (*grade)->referenceKey;
                             }
                             return runCheckValues(assignment, checkId, artifacts, key);
                         },
                         [this, student](Expected<ValuesComparison> values) {
                             updateValuesButton();
                             if (student != m_student)
                                 return;
                             if (!values) {
                                 m_artifactsStatus->setText(boundedText(tr("The values cannot be shown: %1").arg(values.error().toString())));
                                 m_artifactsStatus->setVisible(true);
                                 Q_EMIT valuesFailed(values.error().toString());
                                 return;
                             }
                             auto *dialog = new ValuesDialog(student, *values, this);
                             dialog->setWindowFlag(Qt::Window);
                             dialog->show();
                             Q_EMIT valuesShown(dialog);
                         });
}

void SubmissionDetail::startDiff(const QString &path)
{
    m_diffTracker->cancel();
    m_tabs->setTabEnabled(DiffTab, !path.isEmpty() && m_assignment.has_value());
    if (path.isEmpty() || !m_assignment) {
        m_diff->setMessage(tr("No executed notebook to compare with the release."));
        QMetaObject::invokeMethod(this, &SubmissionDetail::diffLoaded, Qt::QueuedConnection);
        return;
    }
    const QString rel = isProblemSet() ? m_assignment->notebooks().value(m_switcher->currentIndex()) : m_assignment->notebooks().value(0);
    m_diff->setMessage(tr("Comparing with the release…"));
    m_diffTracker->run([assignment = *m_assignment, rel, path] { return diffAgainstRelease(assignment, rel, path); },
                       [this, rel](Expected<NotebookDiff> diff) {
                           if (diff)
                               m_diff->setDiff(rel, *diff);
                           else
                               m_diff->setMessage(diff.error().toString());
                           Q_EMIT diffLoaded();
                       });
}

void SubmissionDetail::takeCellLabels()
{
    m_cellLabels.clear();
    for (const CellData &c : m_notebook->cellModel()->cells())
        if (c.injected == InjectedKind::None)
            m_cellLabels.insert(c.index, cellLabel(c.type, c.executionCount, c.source));
    m_checks->setCellLabels(m_cellLabels);
    m_record->setCellLabels(m_cellLabels);
    m_recordTable->resizeColumnToContents(RecordCellsModel::IndexColumn);
    updateSummary();
}

bool SubmissionDetail::showNotebookCell(int index)
{
    if (!m_tabs->isTabEnabled(NotebookTab) || m_notebook->notebookPath().isEmpty())
        return false;
    m_tabs->setCurrentIndex(NotebookTab);
    return m_notebook->showCell(index);
}

void SubmissionDetail::updateSummary()
{
    const QLocale l;
    // The effective status once the gradebook was read (manual grades settle needs-manual), else the run's.
    const GradeStatus status = m_effective ? m_effective->status : m_result.status;
    QString summary = m_result.gradedScore()
                          ? tr("%1: %2, %3")
                                .arg(displayText(m_student), SubmissionsModel::stateText(SubmissionsModel::stateOf(status)),
                                     ChecksModel::ofPointsText(scoreText(m_result.score), m_result.maxScore))
                          : tr("%1: %2, no score: nothing could be graded (exported blank, never 0)")
                                .arg(displayText(m_student), SubmissionsModel::stateText(SubmissionsModel::stateOf(status)));
    if (m_result.status == GradeStatus::GraderError)
        summary = tr("%1: grader error — the run failed on the grader's side; this is not a grade.").arg(displayText(m_student));
    if (m_effective && (m_effective->submissionOverride || !m_effective->overrideComments().isEmpty())) {
        const std::optional<double> eff = m_effective->score();
        summary += QLatin1Char('\n')
                   + tr("With overrides: %1 (automatic: %2).")
                         .arg(ChecksModel::ofPointsText(eff ? scoreText(*eff) : tr("no score"), m_result.maxScore),
                              m_effective->automaticScore() ? scoreText(*m_effective->automaticScore()) : tr("none"));
        for (const QString &c : m_effective->overrideComments())
            summary += QLatin1Char('\n') + tr("Override: %1").arg(c);
    }
    QStringList awaiting;
    if (m_effective)
        awaiting = m_effective->awaiting();
    else
        for (const CheckResult &c : std::as_const(m_result.checks))
            if (awaitsPerson(c))
                awaiting << c.checkId;
    if (!awaiting.isEmpty())
        summary += QLatin1Char('\n') + tr("Awaiting grading by hand: %1 (enter the points in the Grading by hand tab).")
                                             .arg(awaiting.join(QLatin1String(", ")));
    // Cells named by reasons and notes are the executed notebook's (a problem set: those of the notebook shown,
    // whose reasons start with its name).
    const QString part = isProblemSet() && m_switcher->currentIndex() >= 0
                             ? m_assignment->notebooks().value(m_switcher->currentIndex()) + QLatin1String(": ")
                             : QString();
    QString html = summary.toHtmlEscaped().replace(QLatin1Char('\n'), QLatin1String("<br>"));
    auto addLine = [&](const QString &line) {
        const bool ours = !isProblemSet() || line.startsWith(part) || line.contains(QLatin1String(": ") + part);
        summary += QLatin1Char('\n') + (ours ? labelCellReferences(line, m_cellLabels) : line);
        html += QLatin1String("<br>") + (ours ? linkedCells(line, m_cellLabels) : line.toHtmlEscaped());
    };
    for (const QString &reason : std::as_const(m_result.reasons))
        addLine(translatedCoreText(reason));
    // What the grader noticed without changing the grade (an edited test cell, an ignored kernelspec, …).
    QStringList decisions; // a problem set's match decisions are shown by the notebook switcher instead
    if (isProblemSet())
        for (const QString &notebook : m_assignment->notebooks())
            decisions << matchDecision(m_result.notes, notebook);
    for (const QString &note : std::as_const(m_result.notes))
        if (!decisions.contains(note))
            addLine(tr("Note: %1").arg(note));
    m_summaryPlain = summary;
    m_summary->setText(html);
}

void SubmissionDetail::updateOverrideControls()
{
    const bool possible = !m_gradebook.isEmpty() && !m_student.isEmpty();
    m_overrideBox->setEnabled(possible);
    m_overrideBox->setToolTip(possible ? QString() : tr("Run the submission first: overrides are stored with its results in the gradebook."));
    m_overrideToggle->setEnabled(possible);
    m_overrideApply->setEnabled(possible && !m_overrideComment->toPlainText().trimmed().isEmpty() && !m_overrideTracker->isBusy());
    m_manual->setEnabled(possible);
    m_manual->setBusy(m_overrideTracker->isBusy());
    m_overrideRemove->setEnabled(possible && !m_overrideTracker->isBusy() && hasOverride(m_overrideTarget->currentData().toString()));
}

void SubmissionDetail::setGradebook(const QString &path)
{
    m_gradebook = path;
    updateOverrideControls();
}

void SubmissionDetail::setEffectiveGrade(const EffectiveGrade &grade)
{
    if (grade.studentId != m_student)
        return;
    m_effective = grade;
    QHash<QString, Override> overrides;
    for (const EffectiveCheck &c : grade.checks)
        if (c.override_)
            overrides.insert(c.result.checkId, *c.override_);
    m_checks->setOverrides(overrides);
    // A problem set's answers name their notebook: the tab lists the whole submission's, whichever notebook is shown.
    QHash<QString, QString> notebookOf;
    if (isProblemSet())
        for (const Check &c : m_assignment->checks())
            notebookOf.insert(c.id, c.notebook);
    m_manual->setGrade(grade, notebookOf);
    updateManualTab();
    updateSummary();
    updateSwitcherTexts();
    suggestOverridePoints(); // the override's points, now that they are known
    updateOverrideControls();
}

void SubmissionDetail::suggestOverridePoints()
{
    // The points being replaced, as they count now: an existing override's, else the run's.
    const QString id = m_overrideTarget->currentData().toString();
    double max = m_result.maxScore, current = m_effective && m_effective->score() ? *m_effective->score() : m_result.score;
    for (const CheckResult &c : std::as_const(m_result.checks))
        if (c.checkId == id) {
            max = c.maxPoints;
            current = c.points;
        }
    if (m_effective && !id.isEmpty())
        for (const EffectiveCheck &c : std::as_const(m_effective->checks))
            if (c.result.checkId == id)
                current = c.points();
    m_overridePoints->setValue(current);
    m_overridePoints->setToolTip(tr("Automatic maximum: %1").arg(scoreText(max)));
}

void SubmissionDetail::applyOverride(const QString &checkId, double points, const QString &comment)
{
    if (m_gradebook.isEmpty() || m_student.isEmpty())
        return;
    Override o;
    o.checkId = checkId;
    o.points = points;
    o.comment = comment.trimmed();
    const QString path = m_gradebook, student = m_student;
    changeOverride([path, student, o] { return addGradebookOverride(path, student, o); },
                   tr("Saved in the gradebook; it survives regrades."), [this](const QString &text, bool saved) {
                       showOverrideStatus(text);
                       if (saved)
                           m_overrideComment->clear();
                   });
}

void SubmissionDetail::showOverrideStatus(const QString &text)
{
    m_overrideStatus->setText(boundedText(text));
    if (auto *form = qobject_cast<QFormLayout *>(m_overrideBox->layout()))
        form->setRowVisible(m_overrideStatus, !text.isEmpty());
    if (!text.isEmpty())
        m_overrideToggle->setChecked(true); // what an override did is read in the form
}

void SubmissionDetail::removeOverride(const QString &checkId)
{
    if (m_gradebook.isEmpty() || m_student.isEmpty())
        return;
    const QString path = m_gradebook, student = m_student;
    changeOverride([path, student, checkId] { return removeGradebookOverride(path, student, checkId); },
                   tr("Override removed: the automatic points count again."),
                   [this](const QString &text, bool) { showOverrideStatus(text); });
}

void SubmissionDetail::saveManualGrade(const QString &checkId, double points, const QString &comment)
{
    if (m_gradebook.isEmpty() || m_student.isEmpty())
        return;
    const QString path = m_gradebook, student = m_student;
    changeOverride([path, student, checkId, points, comment] {
                       return storeGradebookManualGrade(path, student, checkId, points, comment);
                   },
                   tr("Grade of %1 saved in the gradebook; it survives regrades.").arg(checkId),
                   [this](const QString &text, bool) { m_manual->setStatusText(text); });
}

void SubmissionDetail::updateManualTab()
{
    const int open = m_manual->awaitingCount();
    m_tabs->setTabVisible(ManualTab, m_manual->checkCount() > 0);
    m_tabs->setTabText(ManualTab, open > 0 ? tr("Grading by hand (%n open)", nullptr, open) : tr("Grading by hand"));
}

void SubmissionDetail::changeOverride(std::function<Expected<EffectiveGrade>()> change, const QString &doneText,
                                      const std::function<void(const QString &, bool)> &status)
{
    const QString student = m_student;
    status(tr("Saving…"), false);
    m_overrideTracker->run(std::move(change), [this, student, doneText, status](Expected<EffectiveGrade> grade) {
        updateOverrideControls();
        if (!grade) {
            status(grade.error().toString(), false);
            Q_EMIT overrideFailed(grade.error().toString());
            return;
        }
        status(doneText, true);
        setEffectiveGrade(*grade);
        Q_EMIT overrideApplied(student, *grade);
    });
    updateOverrideControls();
}

bool SubmissionDetail::hasOverride(const QString &checkId) const
{
    if (!m_effective)
        return false;
    if (checkId.isEmpty())
        return m_effective->submissionOverride.has_value();
    for (const EffectiveCheck &c : m_effective->checks)
        if (c.result.checkId == checkId)
            return c.override_.has_value();
    return false;
}

QString SubmissionDetail::overrideStatusText() const
{
    return m_overrideStatus->text();
}

QString SubmissionDetail::summaryText() const
{
    return m_summaryPlain;
}

} // namespace sandmark
