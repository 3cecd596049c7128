#include "healthpage.h"

#include "appsettings.h"
#include "datasetmodels.h"
#include "healthmodel.h"
#include "doctortask.h"
#include "sandbox/backend.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTableView>
#include <QVBoxLayout>

namespace sandmark {

namespace {
using State = HealthModel::State;

QString sandboxItem()
{
    return HealthPage::tr("Sandbox self-test");
}
QString environmentItem()
{
    return HealthPage::tr("Environment built");
}
QString referenceItem()
{
    return HealthPage::tr("Reference run");
}
QString batchItem()
{
    return HealthPage::tr("Batch grading time at the current parallelism");
}
QString datasetItem()
{
    return HealthPage::tr("Dataset cache complete");
}
} // namespace

HealthPage::HealthPage(QWidget *parent)
    : QWidget(parent), m_model(new HealthModel(this)), m_table(new QTableView(this)), m_doctor(new DoctorTask(this))
{
    auto *layout = new QVBoxLayout(this);
    auto *title = new QLabel(tr("Assignment health"), this);
    QFont f = title->font();
    f.setPointSizeF(f.pointSizeF() * 1.3);
    f.setBold(true);
    title->setFont(f);
    layout->addWidget(title);
    auto *intro = new QLabel(tr("Check these before publishing: an assignment that takes minutes per submission "
                                "makes the deadline hour miserable, and the fix is usually in the assignment."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_table->setModel(m_model);
    m_table->setAccessibleName(tr("Assignment health"));
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    layout->addWidget(m_table, 1);
    // Wrapped rows follow the column widths (the last column stretches with the window).
    connect(m_table->horizontalHeader(), &QHeaderView::sectionResized, m_table, &QTableView::resizeRowsToContents);
    connect(m_doctor, &DoctorTask::finished, this, [this](const DoctorReport &report) {
        if (m_backend.isEmpty()) // the assignment was closed meanwhile
            return;
        if (report.backend != m_backend) // the assignment's backend changed meanwhile: check that one
            return startDoctor();
        const bool unsafe = report.backend == QLatin1String("local-unsafe");
        const auto failed = std::find_if(report.checks.cbegin(), report.checks.cend(), [](const DoctorCheck &c) { return !c.ok; });
        if (unsafe)
            m_model->setRow({sandboxItem(), State::Warning, tr("local-unsafe starts but isolates nothing (UNSAFE)."),
                             tr("Choose bwrap or docker in Preferences before grading submissions.")});
        else if (failed != report.checks.cend())
            m_model->setRow({sandboxItem(), State::Failed,
                             tr("%1: %2 — %3").arg(report.backend, failed->name, failed->detail),
                             failed->fix.isEmpty() ? tr("Tools → Sandbox Self-Test shows every check.") : failed->fix});
        else
            m_model->setRow({sandboxItem(), State::Ok, tr("%1 passed all %n check(s) of the self-test.", nullptr,
                                                          int(report.checks.size())).arg(report.backend), {}});
        m_table->resizeRowsToContents();
        Q_EMIT sandboxChecked();
    });
    setAssignment(std::nullopt, {}, 0);
}

bool HealthPage::isCheckingSandbox() const
{
    return m_doctor->isRunning();
}

void HealthPage::startDoctor()
{
    const std::optional<SandboxKind> kind = parseSandboxKind(m_backend);
    if (!kind) {
        m_model->setRow({sandboxItem(), State::Failed, tr("Unknown sandbox backend '%1'.").arg(m_backend),
                         tr("Choose bwrap or docker in Preferences.")});
        Q_EMIT sandboxChecked();
        return;
    }
    m_doctor->start(*kind); // ignored while one runs; its finished() then restarts for the new backend
}

void HealthPage::setAssignment(const std::optional<Assignment> &assignment, const QList<Problem> &problems,
                               qint64 dataBytes)
{
    if (!assignment) {
        m_backend.clear();
        m_model->setRows({});
        return;
    }
    QList<HealthModel::Row> rows;
    const QString backend = assignment->sandbox() ? sandboxKindName(*assignment->sandbox()) : AppSettings::sandboxBackend();
    rows.append({sandboxItem(), State::Pending, tr("Running the sandbox self-test for %1…").arg(backend), {}});

    int errors = 0;
    for (const Problem &p : problems)
        errors += p.severity == Problem::Severity::Error ? 1 : 0;
    const int warnings = int(problems.size()) - errors;
    rows.append({tr("assignment.json and notebooks"), errors ? State::Failed : warnings ? State::Warning : State::Ok,
                 tr("%n error(s)", nullptr, errors) + QLatin1String(", ") + tr("%n warning(s)", nullptr, warnings),
                 problems.isEmpty() ? QString() : tr("See the Problems panel (Ctrl+Shift+P); each row names the field.")});

    const QList<Check> checks = assignment->checks();
    rows.append({tr("Checks"), checks.isEmpty() ? State::Warning : State::Ok,
                 tr("%n check(s), %1 points in total", nullptr, int(checks.size()))
                     .arg(QLocale().toString(assignment->maxPoints(), 'g', 6)),
                 checks.isEmpty() ? tr("Add checks to assignment.json; without them every submission scores 0 of 0.")
                                  : QString()});

    const bool bigData = dataBytes > 200LL * 1024 * 1024;
    rows.append({tr("Supplied data size"), bigData ? State::Warning : State::Ok,
                 tr("%n file(s), %1 in total", nullptr, int(assignment->dataFiles().size()))
                     .arg(QLocale().formattedDataSize(dataBytes)),
                 bigData ? tr("Large supplied files slow every run; consider a smaller sample for grading.") : QString()});

    if (assignment->requiredDatasets().isEmpty())
        rows.append({datasetItem(), State::Ok, tr("No required datasets listed."), {}});
    else
        rows.append({datasetItem(), State::Pending, tr("Not checked yet."), tr("Data page → Check Cache (or Warm Cache).")});

    const Limits l = assignment->limits();
    rows.append({tr("Limits"), State::Ok,
                 tr("%1 s per run, %2 s per cell, %3 memory")
                     .arg(QLocale().toString(l.wallTimeoutS), QLocale().toString(l.cellTimeoutS),
                          QLocale().formattedDataSize(l.memoryBytes)),
                 {}});
    rows.append({environmentItem(), State::Pending, tr("Not checked yet."),
                 tr("Checks page → Run Reference builds the environment and runs the instructor notebook.")});
    rows.append({referenceItem(), State::Pending, tr("Not run yet."),
                 tr("Checks page → Run Reference (cached until the notebook, data, environment or checks change).")});
    rows.append({batchItem(), State::Pending,
                 tr("%n sandbox(es) at once", nullptr, AppSettings::parallelRuns()),
                 tr("Grade a few submissions (Submissions page) to measure the time per submission.")});
    m_model->setRows(rows);
    m_table->resizeColumnToContents(HealthModel::ItemColumn);
    m_table->resizeColumnToContents(HealthModel::StateColumn);
    m_table->setColumnWidth(HealthModel::ItemColumn, qMin(m_table->columnWidth(HealthModel::ItemColumn), 250));
    m_table->setColumnWidth(HealthModel::DetailColumn, 250);
    m_table->resizeRowsToContents();

    m_backend = backend;
    startDoctor();
}

void HealthPage::setDatasetState(const DatasetEntriesModel *entries)
{
    if (!entries || entries->rowCount() == 0)
        return;
    int known = 0;
    for (const DatasetEntriesModel::Row &r : entries->rows())
        known += r.known ? 1 : 0;
    if (known == 0)
        return;
    const int failed = entries->failedCount();
    m_model->setRow({datasetItem(), failed ? State::Failed : State::Ok,
                     failed ? tr("%n file(s) missing from the cache", nullptr, failed)
                            : tr("All %n file(s) in the cache", nullptr, entries->rowCount()),
                     failed ? tr("Data page → Warm Cache; files behind a login need the Hub token (Preferences).") : QString()});
}

void HealthPage::setReferenceResult(bool ok, double seconds, bool cached, const QString &message)
{
    if (m_model->rows().isEmpty())
        return;
    if (!ok) {
        m_model->setRow({referenceItem(), State::Failed, message,
                         tr("The instructor notebook must run cleanly in the sandbox: fix the cell named above.")});
    } else {
        m_model->setRow({environmentItem(), State::Ok, tr("Ready."), {}});
        m_model->setRow({referenceItem(), State::Ok,
                         cached ? tr("Succeeded (cached result).")
                                : tr("Succeeded in %1 s.").arg(QLocale().toString(seconds, 'f', 1)),
                         {}});
    }
    m_table->resizeRowsToContents();
}

void HealthPage::setBatchEstimate(double secondsPerSubmission, int submissions, int jobs)
{
    if (m_model->rows().isEmpty() || secondsPerSubmission <= 0 || jobs <= 0)
        return;
    const double total = secondsPerSubmission * submissions / jobs;
    const bool slow = secondsPerSubmission > 60;
    m_model->setRow({batchItem(), slow ? State::Warning : State::Ok,
                     tr("%1 s per submission; %n submission(s) take about %2 min with %3 at once", nullptr, submissions)
                         .arg(QLocale().toString(secondsPerSubmission, 'f', 1), QLocale().toString(total / 60, 'f', 1))
                         .arg(jobs),
                     slow ? tr("Over a minute per submission: make the notebook's slowest cells faster or use smaller data "
                               "for grading.")
                          : QString()});
    m_table->resizeRowsToContents();
}

} // namespace sandmark
