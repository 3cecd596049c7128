#include "healthpage.h"

#include "appsettings.h"
#include "datasetmodels.h"
#include "doctortask.h"
#include "healthmodel.h"
#include "batch/importscheck.h"
#include "sandbox/backend.h"
#include "wrappinglabel.h"

#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QThread>
#include <QHBoxLayout>
#include <QVBoxLayout>

#include <algorithm>

namespace sandmark {

HealthPage::HealthPage(QWidget *parent)
    : QWidget(parent),
      m_model(new HealthModel(this)),
      m_table(new QTableView(this)),
      m_checkAgain(new QPushButton(tr("&Check Again"), this)),
      m_detail(new WrappingLabel(this)),
      m_doctor(new DoctorTask(this))
{
    auto *layout = new QVBoxLayout(this);
    auto *title = new QLabel(tr("Assignment health"), this);
    QFont f = title->font();
    f.setPointSizeF(f.pointSizeF() * 1.3);
    f.setBold(true);
    title->setFont(f);
    layout->addWidget(title);
    auto *intro = new WrappingLabel(tr("Check these before publishing: an assignment that takes minutes per submission "
                                "makes the deadline hour miserable, and the fix is usually in the assignment."),
                             this);
    layout->addWidget(intro);
    auto *row = new QHBoxLayout;
    m_checkAgain->setToolTip(tr("Run the sandbox self-test again and the reference run (read from its cache when "
                                "nothing changed); the imports check follows it"));
    m_checkAgain->setAccessibleName(tr("Check the assignment's health again"));
    connect(m_checkAgain, &QPushButton::clicked, this, &HealthPage::checkAgain);
    row->addWidget(m_checkAgain);
    row->addStretch(1);
    layout->addLayout(row);
    m_table->setModel(m_model);
    m_table->setAccessibleName(tr("Assignment health"));
    m_table->verticalHeader()->hide();
    // One line per row, every row in view on a 1024x640 screen (wrapped, "Limits" and "Environment built" were
    // about 110 px high and the last row was cut): detail and fix share the width and elide, the tooltip and the
    // area under the table have them whole.
    m_table->horizontalHeader()->setSectionResizeMode(HealthModel::DetailColumn, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(HealthModel::FixColumn, QHeaderView::Stretch);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(qMax(m_table->fontMetrics().height(), 16) + 8);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    layout->addWidget(m_table, 1);
    m_detail->setObjectName(QStringLiteral("healthDetail"));
    m_detail->setAccessibleName(tr("The selected row in full"));
    m_detail->setTextFormat(Qt::RichText);
    m_detail->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_detail);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &HealthPage::showCurrent);
    connect(m_doctor, &DoctorTask::finished, this, [this](const DoctorReport &report) {
        if (m_inputs.backend.isEmpty()) // the assignment was closed meanwhile
            return;
        if (report.backend != m_inputs.backend) // the assignment's backend changed meanwhile: check that one
            return startDoctor();
        m_inputs.doctor = report;
        update();
        Q_EMIT sandboxChecked();
    });
    connect(m_doctor, &DoctorTask::finished, this, [this] { m_checkAgain->setEnabled(!m_inputs.backend.isEmpty()); });
    setAssignment(std::nullopt, {}, 0);
}

bool HealthPage::isCheckingSandbox() const
{
    return m_doctor->isRunning();
}

void HealthPage::startDoctor()
{
    const std::optional<SandboxKind> kind = parseSandboxKind(m_inputs.backend);
    if (!kind) {
        DoctorReport unknown;
        unknown.backend = m_inputs.backend;
        unknown.checks.append({tr("backend"), false, tr("Unknown sandbox backend '%1'.").arg(m_inputs.backend),
                               tr("Choose bwrap or docker in Preferences.")});
        m_inputs.doctor = unknown;
        update();
        Q_EMIT sandboxChecked();
        return;
    }
    m_doctor->start(*kind); // ignored while one runs; its finished() then restarts for the new backend
    m_checkAgain->setEnabled(false);
}

void HealthPage::checkAgain()
{
    if (m_inputs.backend.isEmpty() || m_doctor->isRunning())
        return;
    m_inputs.doctor.reset(); // the sandbox row is pending until the doctor answers again
    update();
    startDoctor();
    Q_EMIT referenceRequested();
}

void HealthPage::update()
{
    const int current = m_table->currentIndex().row();
    const QString currentId = current >= 0 && current < m_model->items().size() ? m_model->items().at(current).id : QString();
    m_model->setItems(m_inputs.backend.isEmpty() ? QList<HealthItem>() : assessHealth(m_inputs));
    m_table->resizeColumnToContents(HealthModel::ItemColumn);
    m_table->resizeColumnToContents(HealthModel::StateColumn);
    m_table->setColumnWidth(HealthModel::ItemColumn, qMin(m_table->columnWidth(HealthModel::ItemColumn), 250));
    // No fix to show (all is well): the detail takes the fix column's half of the width.
    const QList<HealthItem> &items = m_model->items();
    m_table->setColumnHidden(HealthModel::FixColumn, std::none_of(items.cbegin(), items.cend(), [](const HealthItem &i) { return !i.fix.isEmpty(); }));
    // The row shown in full stays chosen as its texts change.
    for (int r = 0; r < m_model->items().size(); ++r)
        if (!currentId.isEmpty() && m_model->items().at(r).id == currentId)
            m_table->setCurrentIndex(m_model->index(r, 0));
    showCurrent();
}

void HealthPage::showCurrent()
{
    const int row = m_table->currentIndex().row();
    const QList<HealthItem> &items = m_model->items();
    // Without a chosen row: the first that needs doing something, else a hint.
    int shown = row;
    for (int r = 0; shown < 0 && r < items.size(); ++r)
        if (items.at(r).state == HealthItem::State::Failed || items.at(r).state == HealthItem::State::Warning)
            shown = r;
    if (shown < 0 || shown >= items.size()) {
        m_detail->setText(items.isEmpty() ? QString() : tr("Select a row to read its detail and fix in full.").toHtmlEscaped());
        return;
    }
    const auto cell = [this, shown](int column) {
        return m_model->index(shown, column).data().toString().toHtmlEscaped().replace(QLatin1Char('\n'), QLatin1String("<br>"));
    };
    QString text = tr("<b>%1</b> (%2): %3").arg(cell(HealthModel::ItemColumn), cell(HealthModel::StateColumn), cell(HealthModel::DetailColumn));
    if (!items.at(shown).fix.isEmpty())
        text += QLatin1String("<br>") + tr("Fix: %1").arg(cell(HealthModel::FixColumn));
    m_detail->setText(text);
}

void HealthPage::setAssignment(const std::optional<Assignment> &assignment, const QList<Problem> &problems,
                               qint64 dataBytes)
{
    const HealthInputs previous = m_inputs;
    m_inputs = {};
    m_assignment = assignment;
    stopImportsCheck(); // an older assignment's check: its sandbox is stopped, its result dropped
    if (!assignment) {
        m_checkAgain->setEnabled(false);
        update();
        return;
    }
    m_inputs.backend = sandboxKindName(runOptionsFor(*assignment, AppSettings::runChoices()).kind);
    m_inputs.problems = problems;
    m_inputs.checks = int(assignment->checks().size());
    m_inputs.maxPoints = assignment->maxPoints();
    m_inputs.dataFiles = int(assignment->dataFiles().size());
    m_inputs.dataBytes = dataBytes;
    m_inputs.requiredDatasets = int(assignment->requiredDatasets().size());
    m_inputs.limits = assignment->limits();
    m_inputs.jobs = AppSettings::parallelRuns();
    // A reload of the same assignment keeps what the batch measured; the rest is checked again.
    m_inputs.secondsPerSubmission = previous.secondsPerSubmission;
    m_inputs.submissions = previous.submissions;
    update();
    startDoctor();
}

void HealthPage::setDatasetState(const DatasetEntriesModel *entries)
{
    if (!entries || entries->rowCount() == 0 || m_inputs.backend.isEmpty())
        return;
    int known = 0;
    for (const DatasetEntriesModel::Row &r : entries->rows())
        known += r.known ? 1 : 0;
    if (known == 0)
        return;
    m_inputs.missingDatasets = entries->failedCount();
    update();
}

void HealthPage::setReferenceResult(const HealthInputs::Reference &reference)
{
    if (m_inputs.backend.isEmpty())
        return;
    m_inputs.reference = reference;
    update();
    startImportsCheck();
}

void HealthPage::startImportsCheck()
{
    if (!m_assignment)
        return;
    stopImportsCheck(); // a newer reference run: check again
    // On a thread of its own: setting up its sandbox (run folder, uid lease, cgroup, the fork) and reading its
    // answer took up to a hundred ms of the GUI thread, in the middle of a batch when the batch's reference ended.
    auto *thread = new QThread;
    thread->setObjectName(QStringLiteral("sandmark-imports"));
    auto *check = new ImportsCheck(*m_assignment, runOptionsFor(*m_assignment, AppSettings::runChoices()));
    check->moveToThread(thread);
    connect(thread, &QThread::started, check, &ImportsCheck::start);
    connect(thread, &QThread::finished, check, &QObject::deleteLater); // on its thread: its sandbox is killed there
    connect(check, &ImportsCheck::finished, this, [this, thread](const ImportsCheckResult &r) {
        if (thread != m_importsThread)
            return; // stopped: a newer check or another assignment
        stopImportsCheck();
        m_inputs.imports = r;
        update();
        Q_EMIT importsChecked();
    }, Qt::QueuedConnection);
    connect(check, &ImportsCheck::failed, this, [this, thread](const Error &) {
        if (thread != m_importsThread)
            return;
        stopImportsCheck(); // no finding about the assignment: the environment row stays as it is
        Q_EMIT importsChecked();
    }, Qt::QueuedConnection);
    m_importsThread = thread;
    m_importsThreads.removeAll(nullptr);
    m_importsThreads.append(thread);
    thread->start();
}

void HealthPage::stopImportsCheck()
{
    QThread *thread = std::exchange(m_importsThread, nullptr);
    if (!thread)
        return;
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    thread->quit();
}

HealthPage::~HealthPage()
{
    stopImportsCheck();
    for (const QPointer<QThread> &thread : std::as_const(m_importsThreads))
        if (thread) {
            thread->quit();
            thread->wait();
            delete thread;
        }
}

void HealthPage::setBatchEstimate(std::optional<double> secondsPerSubmission, int submissions, int jobs)
{
    if (m_inputs.backend.isEmpty())
        return;
    if (secondsPerSubmission && *secondsPerSubmission > 0)
        m_inputs.secondsPerSubmission = secondsPerSubmission;
    m_inputs.submissions = submissions;
    m_inputs.jobs = qMax(1, jobs);
    update();
}

} // namespace sandmark
