#include "pages.h"
#include "boundedtext.h"
#include "checks/registry.h"

#include "addcheckdialogs.h"
#include "appsettings.h"
#include "barchart.h"
#include "batch/regradepreview.h"
#include "gradebook/summary.h"
#include "batch/referencerun.h"
#include "grading/value.h"
#include "checkeditdialog.h"
#include "checksmodel.h"
#include "columnfit.h"
#include "datasetmodels.h"
#include "datasets/datasetjob.h"
#include "datasets/hubcache.h"
#include "jobtracker.h"
#include "progressdelegate.h"
#include "secrets/secretstore.h"
#include "wrappinglabel.h"

#include <QCoreApplication>
#include <QEvent>
#include <QDateTime>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLineEdit>
#include <QProgressBar>
#include <QLabel>
#include <QListView>
#include <QMessageBox>
#include <QShortcut>
#include <QLocale>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

#include <utility>

namespace sandmark {

namespace {
QLabel *heading(const QString &text, QWidget *parent)
{
    auto *l = new QLabel(text, parent);
    QFont f = l->font();
    f.setPointSizeF(f.pointSizeF() * 1.3);
    f.setBold(true);
    l->setFont(f);
    return l;
}

QLabel *note(const QString &text, QWidget *parent)
{
    auto *l = new WrappingLabel(text, parent);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return l;
}

} // namespace

bool ChecksPage::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_table->viewport() && event->type() == QEvent::Resize)
        fitColumns();
    return QWidget::eventFilter(watched, event);
}

void ChecksPage::fitColumns()
{
    // Long test code never takes more than 300 px (the tooltip has all of it); when the variable or test and the
    // reference value do not both fit whole, the first gets half of what is left, the reference value the rest.
    fitColumnsToView(m_table, ChecksModel::WhatColumn, 300, 0.5);
}

ChecksPage::ChecksPage(QWidget *parent)
    : QWidget(parent),
      m_tracker(new JobTracker(this)),
      m_editStatus(new WrappingLabel(this)),
      m_edit(new QPushButton(tr("&Edit Check…"), this)),
      m_addValue(new QPushButton(tr("Add V&alue Check…"), this)),
      m_addTest(new QPushButton(tr("Add Te&st Check…"), this)),
      m_remove(new QPushButton(tr("Re&move Check…"), this)),
      m_fileTracker(new JobTracker(this)),
      m_model(new ChecksModel(this)),
      m_table(new QTableView(this)),
      m_total(new WrappingLabel(this)),
      m_runReference(new QPushButton(tr("Run &Reference"), this)),
      m_cancelReference(new QPushButton(tr("&Cancel Run"), this)),
      m_referenceBusy(new QProgressBar(this)),
      m_referenceStatus(new WrappingLabel(this)),
      m_previewTracker(new JobTracker(this)),
      m_preview(new WrappingLabel(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(heading(tr("Checks"), this));
    setUpTable(layout);
    buildCheckButtons(layout);
    buildReferenceRow(layout);
    buildPreviewRow(layout);
    setAssignment(std::nullopt);
}

void ChecksPage::setUpTable(QVBoxLayout *layout)
{
    m_table->setModel(m_model);
    m_table->setAccessibleName(tr("Checks of the assignment"));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    m_table->viewport()->installEventFilter(this); // fitColumns() at every width (the viewport's, scroll bars aside)
    connect(m_model, &QAbstractItemModel::dataChanged, this, &ChecksPage::fitColumns); // reference values arrived
    layout->addWidget(m_table, 1);
}

void ChecksPage::buildCheckButtons(QVBoxLayout *layout)
{
    m_total->setAccessibleName(tr("Total points"));
    auto *row = new QHBoxLayout;
    row->addWidget(m_total, 1);
    m_edit->setAccessibleName(tr("Edit the points and tolerances of the selected check"));
    m_edit->setEnabled(false);
    connect(m_edit, &QPushButton::clicked, this, &ChecksPage::editSelected);
    connect(m_table, &QTableView::doubleClicked, this, &ChecksPage::editSelected);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        m_edit->setEnabled(m_table->selectionModel()->hasSelection());
        m_remove->setEnabled(m_table->selectionModel()->hasSelection());
    });
    row->addWidget(m_edit);
    m_addValue->setAccessibleName(tr("Add a value check by picking a variable from the reference run"));
    m_addValue->setToolTip(m_addValue->accessibleName());
    connect(m_addValue, &QPushButton::clicked, this, [this] { openAddValueCheck(); });
    row->addWidget(m_addValue);
    m_addTest->setAccessibleName(tr("Add a test check with assertion code"));
    m_addTest->setToolTip(m_addTest->accessibleName());
    connect(m_addTest, &QPushButton::clicked, this, [this] { openAddTestCheck(); });
    row->addWidget(m_addTest);
    m_remove->setAccessibleName(tr("Remove the selected check"));
    m_remove->setToolTip(tr("Remove the selected check (Delete)"));
    m_remove->setEnabled(false);
    connect(m_remove, &QPushButton::clicked, this, &ChecksPage::removeSelected);
    auto *del = new QShortcut(QKeySequence::Delete, m_table, nullptr, nullptr, Qt::WidgetShortcut);
    del->setWhatsThis(tr("Remove the selected checks"));
    connect(del, &QShortcut::activated, this, &ChecksPage::removeSelected);
    row->addWidget(m_remove);
    layout->addLayout(row);
    m_editStatus->setAccessibleName(tr("Check editing status"));
    layout->addWidget(m_editStatus);
}

void ChecksPage::buildReferenceRow(QVBoxLayout *layout)
{
    m_runReference->setAccessibleName(tr("Run the instructor notebook in the sandbox and show the reference values"));
    m_runReference->setToolTip(m_runReference->accessibleName());
    m_runReference->setEnabled(false);
    connect(m_runReference, &QPushButton::clicked, this, &ChecksPage::runReference);
    // The reference run's line: Run Reference, while it runs a busy bar and Cancel, then its status.
    auto *referenceRow = new QHBoxLayout;
    referenceRow->addWidget(m_runReference, 0, Qt::AlignTop);
    m_referenceBusy->setRange(0, 0); // a run reports lines, not a fraction: a busy bar
    m_referenceBusy->setTextVisible(false);
    m_referenceBusy->setMaximumWidth(120);
    m_referenceBusy->setAccessibleName(tr("Reference run in progress"));
    m_referenceBusy->hide();
    referenceRow->addWidget(m_referenceBusy);
    m_cancelReference->setAccessibleName(tr("Stop the running reference run"));
    m_cancelReference->setToolTip(m_cancelReference->accessibleName());
    m_cancelReference->hide();
    connect(m_cancelReference, &QPushButton::clicked, this, &ChecksPage::cancelReference);
    referenceRow->addWidget(m_cancelReference);
    m_referenceStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_referenceStatus->setAccessibleName(tr("Reference run status"));
    referenceRow->addWidget(m_referenceStatus, 1);
    layout->addLayout(referenceRow);
}

void ChecksPage::buildPreviewRow(QVBoxLayout *layout)
{
    // What grading now would leave, recomputed as the checks change: the distribution beside its summary.
    auto *previewRow = new QHBoxLayout;
    m_preview->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_preview->setAccessibleName(tr("Grades with these checks"));
    previewRow->addWidget(m_preview, 1, Qt::AlignTop);
#if SANDMARK_HAVE_QTCHARTS
    auto *chart = makeChartView(tr("Grade distribution with these checks"), false, this);
    chart->setMinimumHeight(150);
    chart->setMaximumHeight(170);
    chart->setMinimumWidth(300);
    chart->hide();
    m_previewChart = chart;
    previewRow->addWidget(chart, 1);
#endif
    layout->addLayout(previewRow);
}

void ChecksPage::refreshPreview()
{
    m_previewCounts.clear();
    if (m_previewChart)
        m_previewChart->hide();
    if (!m_assignment) {
        m_previewTracker->cancel();
        m_preview->clear();
        return;
    }
    m_preview->setText(tr("Grades with these checks: computing…"));
    const Assignment assignment = *m_assignment;
    const SubmissionRunOptions run = runOptionsFor(assignment, AppSettings::runChoices());
    RegradePreviewOptions options;
    options.backend = sandboxKindName(run.kind);
    options.limits = run.limits.value_or(assignment.limits());
    m_previewTracker->run(
        [assignment, options]() -> Expected<ChecksPage::PreviewResult> {
            // Everything but showing it, here on the pool: the preview and both summaries (thousands of grades).
            PreviewResult r;
            if (!QFileInfo::exists(Gradebook::defaultPath(assignment.folder())))
                return r; // nothing graded yet
            Expected<QList<Submission>> submissions = discoverSubmissions(assignment.displayPath(QStringLiteral("submissions")));
            if (!submissions)
                return submissions.error();
            Expected<RegradePreview> preview = previewRegrade(assignment, *submissions, options);
            if (!preview)
                return preview.error();
            QStringList ids;
            for (const Check &c : assignment.checks())
                ids << c.id;
            r.graded = !preview->current.isEmpty();
            r.referenceRuns = preview->referenceRuns;
            r.regraded = int(preview->regraded.size());
            r.cannotRun = int(preview->cannotRun.size());
            r.changed = int(preview->changed.size());
            r.wouldRun = int(preview->wouldRun.size());
            r.now = summarizeResults(preview->current, ids);
            r.after = summarizeResults(preview->grades, ids);
            return r;
        },
        [this](Expected<PreviewResult> result) { showPreview(result); });
}

void ChecksPage::showPreview(const Expected<PreviewResult> &result)
{
    const QLocale l;
    if (!result) {
        m_preview->setText(boundedText(tr("Grades with these checks: %1").arg(result.error().toString())));
    } else if (!result->graded) {
        m_preview->setText(tr("Grades with these checks appear here once submissions are graded."));
    } else if (!result->referenceRuns.isEmpty()) {
        m_preview->setText(tr("Grades with these checks: known after the next run — %1. Run Reference, then grade on the "
                              "Submissions page.")
                               .arg(result->referenceRuns));
    } else {
        const ResultsSummary &now = result->now, &after = result->after;
        QString text = tr("Grades with these checks: mean %1, median %2 over %n submission(s) with a score "
                          "(now: mean %3).", nullptr, after.withScore)
                           .arg(l.toString(after.meanScore, 'f', 1),
                                ChecksModel::ofPointsText(l.toString(after.medianScore, 'f', 1), after.maxScore),
                                ChecksModel::ofPointsText(l.toString(now.meanScore, 'f', 1), now.maxScore));
        text += QLatin1Char(' ') + tr("%n regraded from stored values without running", nullptr, result->regraded);
        text += QLatin1Char(' ') + tr("(%n grade(s) change),", nullptr, result->changed);
        // As `grade --dry-run` counts them: a notebook that cannot run is recorded without a sandbox, not regraded.
        if (result->cannotRun > 0)
            text += QLatin1Char(' ') + tr("%n cannot run (recorded as needs review or grader error),", nullptr,
                                          result->cannotRun);
        text += QLatin1Char(' ') + tr("%n would run again.", nullptr, result->wouldRun);
        if (result->regraded > 0 || result->cannotRun > 0 || result->wouldRun > 0)
            text += QLatin1Char(' ') + tr("Nothing is recorded until you grade on the Submissions page.");
        m_preview->setText(text);
        for (const ResultsSummary::Bin &b : after.bins)
            m_previewCounts << b.count;
#if SANDMARK_HAVE_QTCHARTS
        setDistributionBars(static_cast<QChartView *>(m_previewChart), after.bins);
        m_previewChart->show();
#endif
    }
    Q_EMIT previewShown();
}

QString ChecksPage::previewText() const
{
    return m_preview->text();
}

bool ChecksPage::showsNotebookColumn() const
{
    return !m_table->isColumnHidden(ChecksModel::NotebookColumn);
}

void ChecksPage::setAssignment(const std::optional<Assignment> &assignment)
{
    if (m_reference && !(assignment && m_assignment && assignment->folder() == m_assignment->folder())) {
        m_reference->disconnect(this);
        m_reference->cancel();
        m_reference->deleteLater();
        m_reference = nullptr;
    }
    if (!(assignment && m_assignment && assignment->folder() == m_assignment->folder())) {
        m_namespace.reset(); // another assignment: its variables are not known yet
        m_editStatus->clear(); // "Check 'x' added" belongs to the assignment it was said of
    }
    m_assignment = assignment;
    m_addValue->setEnabled(assignment.has_value());
    m_addTest->setEnabled(assignment.has_value());
    m_remove->setEnabled(false);
    showReferenceRunning(m_reference != nullptr);
    m_referenceStatus->setText(assignment ? tr("Run Reference shows each value check's expected value from the "
                                               "instructor notebook's own run.")
                                          : QString());
    m_model->setChecks(assignment ? assignment->checks() : QList<Check>{});
    m_table->setColumnHidden(ChecksModel::NotebookColumn, !(assignment && assignment->isProblemSet())); // a problem set's
    m_table->setColumnHidden(ChecksModel::GroupColumn, !m_model->hasGroups()); // an Otter course's questions
    fitColumns();
    m_total->setText(assignment ? tr("%n check(s), %1 in total", nullptr, m_model->rowCount())
                                      .arg(ChecksModel::pointsText(m_model->totalPoints()))
                                : tr("No assignment open."));
    refreshPreview();
}

void ChecksPage::editSelected()
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    if (rows.isEmpty() || !m_assignment)
        return;
    const int row = rows.constFirst().row();
    CheckEditDialog dialog(m_model->checks().at(row), m_assignment->python(), this);
    if (dialog.exec() == QDialog::Accepted && !dialog.edit().isEmpty())
        applyEdit(row, dialog.edit());
}

void ChecksPage::applyEdit(int row, const CheckEdit &edit)
{
    if (!m_assignment)
        return;
    const QString json = m_assignment->jsonPath();
    m_editStatus->setText(tr("Saving…"));
    CheckEdit byId = edit;
    if (byId.checkId.isEmpty() && row >= 0 && row < m_model->checks().size())
        byId.checkId = m_model->checks().at(row).id; // the check shown, even when the CLI has moved it since
    m_tracker->run([json, row, byId] { return editCheck(json, row, byId); },
                   [this](Expected<bool> written) {
                       if (!written) {
                           m_editStatus->setText(boundedText(written.error().toString()));
                           return;
                       }
                       if (!*written) {
                           m_editStatus->setText(tr("The check already has these values: nothing changed."));
                           return;
                       }
                       m_editStatus->setText(tr("assignment.json updated."));
                       Q_EMIT assignmentEdited();
                   });
}

ReferenceRunOptions ChecksPage::referenceOptions() const
{
    ReferenceRunOptions options;
    if (!m_assignment)
        return options;
    options.run = runOptionsFor(*m_assignment, AppSettings::runChoices());
    return options;
}

AddValueCheckDialog *ChecksPage::openAddValueCheck()
{
    if (!m_assignment)
        return nullptr;
    QStringList ids;
    QHash<QString, QStringList> checkedBy;
    for (const Check &c : m_model->checks()) {
        ids << c.id;
        if (const auto probed = checkKind(c).probed(c))
            checkedBy[probed->variable] << c.id;
    }
    auto *dialog = new AddValueCheckDialog(ids, checkedBy, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const QString folder = m_assignment->folder();
    connect(dialog, &AddValueCheckDialog::listingReady, this, [this, folder](const QList<NamespaceEntry> &listing) {
        if (m_assignment && m_assignment->folder() == folder)
            m_namespace = listing;
    });
    connect(dialog, &AddValueCheckDialog::referenceEnded, this, &ChecksPage::referenceEnded);
    connect(dialog, &QDialog::accepted, this, [this, dialog] { addNewCheck(dialog->newCheck()); });
    if (m_namespace)
        dialog->setListing(*m_namespace);
    else
        dialog->startReference(*m_assignment, referenceOptions());
    dialog->open();
    return dialog;
}

AddTestCheckDialog *ChecksPage::openAddTestCheck()
{
    if (!m_assignment)
        return nullptr;
    QStringList ids;
    for (const Check &c : m_model->checks())
        ids << c.id;
    auto *dialog = new AddTestCheckDialog(ids, m_assignment->python(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] { addNewCheck(dialog->newCheck()); });
    dialog->open();
    return dialog;
}

void ChecksPage::runFileJob(std::function<Expected<void>()> job, const QString &doneText)
{
    m_editStatus->setText(tr("Saving…"));
    m_fileTracker->run(std::move(job), [this, doneText](Expected<void> r) {
        if (!r) {
            m_editStatus->setText(boundedText(r.error().toString()));
            Q_EMIT editFailed(r.error().toString());
            return;
        }
        m_editStatus->setText(boundedText(doneText));
        Q_EMIT assignmentEdited();
    });
}

void ChecksPage::addNewCheck(const NewCheck &check)
{
    if (!m_assignment)
        return;
    const QString json = m_assignment->jsonPath();
    runFileJob([json, check]() -> Expected<void> {
                   Expected<int> r = addCheck(json, check);
                   if (!r)
                       return r.error();
                   return {};
               },
               tr("Check '%1' added to assignment.json.").arg(check.id));
}

void ChecksPage::removeSelected()
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    if (rows.isEmpty() || !m_assignment)
        return;
    const int row = rows.constFirst().row();
    const Check &c = m_model->checks().at(row);
    const auto answer = QMessageBox::question(this, tr("Remove Check"),
                                              tr("Remove the check %1 from assignment.json?")
                                                  .arg(ChecksModel::withPoints(tr("'%1'").arg(c.id), c.points)),
                                              QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel);
    if (answer == QMessageBox::Yes)
        removeCheckAt(row);
}

void ChecksPage::removeCheckAt(int row)
{
    if (!m_assignment || row < 0 || row >= m_model->rowCount())
        return;
    const QString json = m_assignment->jsonPath();
    const QString id = m_model->checks().at(row).id;
    runFileJob([json, row, id] { return removeCheck(json, row, id); }, tr("Check '%1' removed from assignment.json.").arg(id));
}

QString ChecksPage::editStatusText() const
{
    return m_editStatus->text();
}

void ChecksPage::runReference()
{
    if (!m_assignment || m_reference)
        return;
    const ReferenceRunOptions options = referenceOptions();
    m_reference = new ReferenceRun(*m_assignment, options, this);
    showReferenceRunning(true);
    m_referenceStatus->setText(tr("Running the instructor notebook in the sandbox (%1)…").arg(sandboxKindName(options.run.kind)));
    connect(m_reference, &ReferenceRun::progress, this, [this](const QString &line) { m_referenceStatus->setText(boundedText(line)); });
    connect(m_reference, &ReferenceRun::finished, this, [this](const QByteArray &payload, const QString &) {
        const bool cached = m_reference->cacheHit();
        const QMap<QString, QString> broken = m_reference->outcome().brokenChecks;
        Q_EMIT referenceEnded(referenceHealth(*m_reference, std::nullopt));
        m_reference->deleteLater();
        m_reference = nullptr;
        showReferenceRunning(false);
        refreshPreview(); // the reference values it waited for may be known now
        const QList<Check> checks = m_model->checks();
        m_tracker->run(
            [payload, checks, broken] {
                using Values = std::pair<QHash<QString, QString>, std::optional<QList<NamespaceEntry>>>;
                // A problem set's payload holds each notebook's: the namespace listed is the first notebook's.
                auto decoded = decodeProbePayload(notebookPayload(payload, checks.isEmpty() ? QString() : checks.first().notebook),
                                                  QStringLiteral("reference payload"));
                if (!decoded)
                    return Expected<Values>(decoded.error());
                QHash<QString, ProbePayload> byNotebook;
                QHash<QString, QString> values;
                for (const Check &c : checks) {
                    // A check read from its own cell (a test, an Otter case) says whether the solution passes it.
                    if (!checkKind(c).probed(c) && !checkKind(c).gradedByHand()) {
                        values.insert(c.id, broken.contains(c.id)
                                                ? QCoreApplication::translate("sandmark::ChecksPage", "fails on the reference run: %1")
                                                      .arg(broken.value(c.id))
                                                : QCoreApplication::translate("sandmark::ChecksPage", "passes on the reference run"));
                        continue;
                    }
                    const auto probed = checkKind(c).probed(c);
                    if (!probed)
                        continue;
                    if (!byNotebook.contains(c.notebook))
                        if (auto one = decodeProbePayload(notebookPayload(payload, c.notebook), QStringLiteral("reference payload")))
                            byNotebook.insert(c.notebook, *one);
                    const ProbePayload *ofNotebook = byNotebook.contains(c.notebook) ? &byNotebook[c.notebook] : &*decoded;
                    // The check's own probe first (its anchor, or the end), then any probe of the variable.
                    const ProbeValue *v = ofNotebook->find(probed->label(), probed->variable);
                    for (auto it = ofNotebook->probes.cbegin(); !v && it != ofNotebook->probes.cend(); ++it)
                        v = ofNotebook->find(it.key(), probed->variable);
                    values.insert(c.id, v ? QStringLiteral("%1  (%2)").arg(v->summary(80), v->pythonType())
                                          : QCoreApplication::translate("sandmark::ChecksPage", "not in the reference payload"));
                }
                return Expected<Values>(Values{values, decoded->hasNamespace ? std::optional(decoded->namespaceListing)
                                                                             : std::nullopt});
            },
            [this, cached](Expected<std::pair<QHash<QString, QString>, std::optional<QList<NamespaceEntry>>>> values) {
                if (!values) {
                    m_referenceStatus->setText(boundedText(values.error().toString()));
                    Q_EMIT referenceFailed(values.error().toString());
                    return;
                }
                if (values->second)
                    m_namespace = values->second; // Add Value Check lists it without another run
                m_model->setReferenceValues(values->first); // fitColumns() follows its dataChanged
                m_referenceStatus->setText(cached ? tr("Reference values from the cached reference run (the notebook, "
                                                       "data, environment and checks are unchanged).")
                                                  : tr("Reference values from a fresh reference run."));
                Q_EMIT referenceShown();
            });
    });
    connect(m_reference, &ReferenceRun::failed, this, [this](const Error &error) {
        const HealthInputs::Reference health = referenceHealth(*m_reference, error);
        m_reference->deleteLater();
        m_reference = nullptr;
        showReferenceRunning(false);
        m_referenceStatus->setText(boundedText(tr("The reference run failed: %1").arg(error.toString())));
        Q_EMIT referenceEnded(health);
        Q_EMIT referenceFailed(error.toString());
    });
    m_reference->start();
}

void ChecksPage::cancelReference()
{
    if (!m_reference)
        return;
    ReferenceRun *run = std::exchange(m_reference, nullptr);
    run->disconnect(this); // its failed("cancelled") is no finding about the assignment
    run->cancel();
    run->deleteLater();
    showReferenceRunning(false);
    m_referenceStatus->setText(tr("The reference run was cancelled."));
}

void ChecksPage::showReferenceRunning(bool running)
{
    m_runReference->setEnabled(!running && m_assignment && !m_assignment->checks().isEmpty());
    m_cancelReference->setVisible(running);
    m_referenceBusy->setVisible(running);
}

QString ChecksPage::referenceStatusText() const
{
    return m_referenceStatus->text();
}

QString ChecksPage::totalText() const
{
    return m_total->text();
}

DataPage::DataPage(SecretStore *store, QWidget *parent)
    : QWidget(parent),
      m_store(store),
      m_files(new DataFilesModel(this)),
      m_entries(new DatasetEntriesModel(this)),
      m_calls(new DatasetCallsModel(this)),
      m_filesTable(new QTableView(this)),
      m_entriesTable(new QTableView(this)),
      m_callsTable(new QTableView(this)),
      m_summary(new QLabel(this)),
      m_jobStatus(new WrappingLabel(this)),
      m_progress(new QProgressBar(this)),
      m_cancel(new QPushButton(tr("Ca&ncel"), this)),
      m_remove(new QPushButton(tr("&Remove"), this)),
      m_tracker(new JobTracker(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(heading(tr("Supplied data files"), this));
    layout->addWidget(note(tr("Copied into every run's working directory. A data URL whose file name matches "
                              "reads the local copy; any other URL fails as it would offline."),
                           this));
    auto setupTable = [](QTableView *t) {
        t->verticalHeader()->hide();
        t->horizontalHeader()->setStretchLastSection(true);
        t->setSelectionBehavior(QAbstractItemView::SelectRows);
        t->setWordWrap(false);
    };
    m_filesTable->setModel(m_files);
    m_filesTable->setAccessibleName(tr("Supplied data files"));
    setupTable(m_filesTable);
    m_filesTable->setMaximumHeight(100);
    layout->addWidget(m_filesTable);
    layout->addWidget(m_summary);

    layout->addWidget(heading(tr("Required datasets"), this));
    m_entriesTable->setModel(m_entries);
    m_entriesTable->setAccessibleName(tr("Required datasets"));
    setupTable(m_entriesTable);
    m_entriesTable->setItemDelegateForColumn(DatasetEntriesModel::ProgressColumn, new ProgressDelegate(m_entriesTable));
    m_entriesTable->setMinimumHeight(90);
    layout->addWidget(m_entriesTable, 1);

    auto *buttons = new QHBoxLayout;
    const QList<QPair<QString, QString>> jobs = {
        {tr("&Scan Notebooks"), tr("Find dataset calls in the instructor notebooks")},
        {tr("&Warm Cache"), tr("Download every listed file and run every literal call, outside the sandbox")},
        {tr("Chec&k Cache"), tr("Read the cache offline, as the sandbox will; download nothing")},
    };
    for (int i = 0; i < jobs.size(); ++i) {
        auto *b = new QPushButton(jobs.at(i).first, this);
        b->setToolTip(jobs.at(i).second);
        b->setAccessibleName(jobs.at(i).second);
        connect(b, &QPushButton::clicked, this, [this, i] { start(i); });
        buttons->addWidget(b);
        m_jobButtons << b;
    }
    m_cancel->setAccessibleName(tr("Cancel the dataset job"));
    m_cancel->setEnabled(false);
    connect(m_cancel, &QPushButton::clicked, this, &DataPage::cancel);
    buttons->addWidget(m_cancel);
    buttons->addSpacing(16);
    auto *add = new QPushButton(tr("&Add…"), this);
    add->setAccessibleName(tr("Add a required dataset file"));
    connect(add, &QPushButton::clicked, this, &DataPage::addEntry);
    buttons->addWidget(add);
    m_remove->setAccessibleName(tr("Remove the selected required dataset files"));
    connect(m_remove, &QPushButton::clicked, this, [this] {
        QStringList remove;
        const QModelIndexList rows = m_entriesTable->selectionModel()->selectedRows();
        for (const QModelIndex &i : rows)
            remove << m_entries->rows().at(i.row()).text;
        if (!remove.isEmpty())
            editEntries({}, remove);
    });
    buttons->addWidget(m_remove);
    m_jobButtons << add << m_remove;
    connect(m_entriesTable->selectionModel(), &QItemSelectionModel::selectionChanged, this, &DataPage::updateButtons);
    connect(m_entries, &QAbstractItemModel::modelReset, this, &DataPage::updateButtons);
    buttons->addStretch(1);
    layout->addLayout(buttons);
    m_progress->setAccessibleName(tr("Dataset job progress"));
    m_progress->setVisible(false);
    layout->addWidget(m_progress);
    m_jobStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_jobStatus->setAccessibleName(tr("Dataset job status"));
    layout->addWidget(m_jobStatus);

    layout->addWidget(heading(tr("Dataset calls in the instructor notebooks"), this));
    m_callsTable->setModel(m_calls);
    m_callsTable->setAccessibleName(tr("Dataset calls found by the scan"));
    setupTable(m_callsTable);
    m_callsTable->setMinimumHeight(90);
    layout->addWidget(m_callsTable, 1);
    setAssignment(std::nullopt, {});
}

DataPage::~DataPage() = default;

void DataPage::setAssignment(const std::optional<Assignment> &assignment, QList<DataFilesModel::Row> rows)
{
    if (isBusy() && (!assignment || !m_assignment || assignment->folder() != m_assignment->folder()))
        cancel();
    const bool same = assignment && m_assignment && assignment->folder() == m_assignment->folder();
    m_assignment = assignment;
    m_files->setRows(std::move(rows));
    m_filesTable->resizeColumnsToContents();
    m_entries->setEntries(assignment ? assignment->requiredDatasets() : QStringList{});
    m_entriesTable->resizeColumnToContents(DatasetEntriesModel::EntryColumn);
    if (!same)
        m_calls->setCalls({});
    m_summary->setText(assignment ? tr("%n file(s), %1 in total", nullptr, m_files->rowCount())
                                        .arg(QLocale().formattedDataSize(m_files->totalBytes()))
                                  : tr("No assignment open."));
    if (!same)
        m_jobStatus->setText(assignment && assignment->requiredDatasets().isEmpty()
                                 ? tr("assignment.json lists no required datasets. Scan the notebooks to find "
                                      "dataset calls.")
                                 : QString());
    updateButtons();
}

void DataPage::updateButtons()
{
    const bool idle = m_assignment.has_value() && !isBusy();
    const bool entries = m_entries->rowCount() > 0;
    const bool selected = m_entriesTable->selectionModel() && m_entriesTable->selectionModel()->hasSelection();
    const QList<bool> enabled = {idle && !m_assignment->notebooks().isEmpty(), idle && entries, idle && entries, idle,
                                 idle && selected};
    for (int i = 0; i < m_jobButtons.size() && i < enabled.size(); ++i)
        m_jobButtons.at(i)->setEnabled(enabled.at(i));
    m_jobButtons.at(1)->setToolTip(entries ? tr("Download every listed file and run every literal call, outside the sandbox")
                                           : tr("assignment.json lists no required datasets: nothing to warm"));
    m_jobButtons.at(2)->setToolTip(entries ? tr("Read the cache offline, as the sandbox will; download nothing")
                                           : tr("assignment.json lists no required datasets: nothing to check"));
}

QString DataPage::summaryText() const
{
    return m_jobStatus->text();
}

bool DataPage::isBusy() const
{
    return m_busy || m_job || m_tracker->isBusy();
}

void DataPage::scan()
{
    start(DatasetJob::Scan);
}

void DataPage::warm()
{
    start(DatasetJob::Warm);
}

void DataPage::check()
{
    start(DatasetJob::Check);
}

void DataPage::cancel()
{
    if (m_job) {
        m_jobStatus->setText(tr("Cancelling…"));
        m_job->cancel(); // ends the job at once: finished() with what was done
    } else if (m_tracker->isBusy()) {
        m_tracker->cancel();
        setBusy(false);
        Q_EMIT jobEnded();
    }
}

void DataPage::setBusy(bool busy)
{
    m_busy = busy;
    updateButtons();
    m_cancel->setEnabled(busy);
    m_progress->setVisible(busy);
}

void DataPage::start(int mode)
{
    if (!m_assignment || isBusy())
        return;
    setBusy(true);
    m_entries->resetStates();
    m_progress->setRange(0, 0);
    m_jobStatus->setText(mode == DatasetJob::Scan ? tr("Scanning the instructor notebooks…")
                         : mode == DatasetJob::Warm ? tr("Warming the dataset cache…")
                                                    : tr("Checking the dataset cache offline…"));
    const QString folder = m_assignment->folder();
    m_tracker->run([folder] { return loadAssignmentDatasets(folder); },
                   [this, mode](Expected<AssignmentDatasets> datasets) {
                       if (!datasets) {
                           setBusy(false);
                           m_jobStatus->setText(boundedText(datasets.error().toString()));
                           Q_EMIT jobEnded();
                           return;
                       }
                       if (mode != DatasetJob::Warm) {
                           launch(mode, *datasets, {});
                           return;
                       }
                       // The token only for downloads; a keychain problem is not fatal for public data.
                       readHubToken(*m_store, this, [this, mode, d = *datasets](const Expected<QString> &token) {
                           launch(mode, d, token ? *token : QString());
                       });
                   });
}

void DataPage::launch(int mode, const AssignmentDatasets &datasets, const QString &token)
{
    DatasetJob::Options options;
    options.mode = DatasetJob::Mode(mode);
    options.python = datasets.python.isEmpty() ? AppSettings::pythonInterpreter() : datasets.python;
    options.hfHome = AppSettings::datasetCacheFolder();
    options.endpoint = HubCache::defaultEndpoint();
    options.token = token;
    m_job = new DatasetJob(datasets, options, this);
    const int entries = m_entries->rowCount();
    if (mode != DatasetJob::Scan && entries > 0)
        m_progress->setRange(0, entries * 1000);
    auto updateOverall = [this, entries] {
        if (entries <= 0)
            return;
        qint64 sum = 0;
        for (const DatasetEntriesModel::Row &r : m_entries->rows())
            sum += r.known ? 1000 : (r.total > 0 ? r.bytes * 1000 / r.total : 0);
        m_progress->setValue(int(sum));
    };
    connect(m_job, &DatasetJob::progress, this, [this, updateOverall](int i, qint64 bytes, qint64 total) {
        m_entries->setProgress(i, bytes, total);
        updateOverall();
    });
    connect(m_job, &DatasetJob::entryFinished, this, [this, updateOverall](int i, const FetchOutcome &o) {
        m_entries->setOutcome(i, o);
        updateOverall();
    });
    connect(m_job, &DatasetJob::finished, this, [this, mode](const DatasetReport &report) {
        m_job->deleteLater();
        m_job = nullptr;
        setBusy(false);
        m_calls->setCalls(report.calls);
        m_callsTable->resizeColumnToContents(DatasetCallsModel::WhereColumn);
        for (int i = 0; i < report.entries.size() && i < m_entries->rowCount(); ++i)
            m_entries->setOutcome(i, report.entries.at(i));
        QStringList lines;
        if (report.cancelled) // what was done before Cancel follows
            lines << tr("The dataset job was cancelled.");
        if (m_entries->rowCount() == 0)
            lines << tr("assignment.json lists no required datasets.");
        if (mode == DatasetJob::Scan)
            lines << tr("%n dataset call(s) found", nullptr, int(report.calls.size()))
                         + (m_calls->computedCount() > 0
                                ? QLatin1String("; ") + tr("%n with computed arguments: list their files with Add…",
                                                           nullptr, m_calls->computedCount())
                                : QString());
        else
            lines << tr("%1 in the dataset cache.").arg(QLocale().formattedDataSize(report.totalBytes));
        if (report.overSizeThreshold)
            lines << tr("The datasets are large; every grading machine needs this much disk.");
        lines += report.warnings;
        if (mode != DatasetJob::Scan) {
            const QStringList problems = report.problems();
            lines << (problems.isEmpty() ? tr("Everything the notebooks need is in the cache.")
                                         : tr("Missing or failing:"));
            lines += problems;
        }
        m_jobStatus->setText(boundedText(lines.join(QLatin1Char('\n'))));
        Q_EMIT jobEnded();
    });
    connect(m_job, &DatasetJob::failed, this, [this](const Error &error) {
        m_job->deleteLater();
        m_job = nullptr;
        setBusy(false);
        m_jobStatus->setText(boundedText(error.toString()));
        Q_EMIT jobEnded();
    });
    m_job->start();
}

void DataPage::addEntry()
{
    bool ok = false;
    const QString text = QInputDialog::getText(this, tr("Add Required Dataset File"),
                                               tr("Repository and file, separated by a space, the repository at a\n"
                                                  "revision when you give one (for example: \"org/dataset data/train.csv\"\n"
                                                  "or \"org/dataset@v1.0 data/train.csv\"):"),
                                               QLineEdit::Normal, QString(), &ok)
                             .simplified();
    if (ok && !text.isEmpty())
        editEntries({text}, {});
}

void DataPage::editEntries(const QStringList &add, const QStringList &remove)
{
    if (!m_assignment || isBusy())
        return;
    setBusy(true);
    const QString json = m_assignment->jsonPath();
    m_tracker->run([json, add, remove] { return editRequiredDatasets(json, add, remove); },
                   [this, changes = add.size() + remove.size()](Expected<QStringList> r) {
                       setBusy(false);
                       if (!r) {
                           m_jobStatus->setText(boundedText(r.error().toString()));
                           return;
                       }
                       m_jobStatus->setText(r->isEmpty() ? tr("assignment.json updated.")
                                                         : tr("Already listed: %1").arg(r->join(QLatin1String(", "))));
                       if (r->size() < changes)
                           Q_EMIT assignmentEdited();
                   });
}

} // namespace sandmark
