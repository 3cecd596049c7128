#include "selftestdialog.h"

#include "appsettings.h"
#include "doctortask.h"
#include "sandbox/backend.h"
#include "selftestmodel.h"
#include "wrappinglabel.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace sandmark {

SelfTestDialog::SelfTestDialog(QWidget *parent)
    : QDialog(parent),
      m_model(new SelfTestModel(this)),
      m_backend(new QComboBox(this)),
      m_table(new QTableView(this)),
      m_status(new WrappingLabel(this)),
      m_busy(new QProgressBar(this)),
      m_again(new QPushButton(tr("Run &Again"), this)),
      m_cancel(new QPushButton(tr("Ca&ncel"), this)), // Alt+C is Close
      m_task(new DoctorTask(this))
{
    setWindowTitle(tr("Sandbox Self-Test"));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new WrappingLabel(tr("Runs a probe inside the sandbox and checks what it must isolate: no network, "
                                "system folders read-only, your home and the assignment invisible, limits in force. "
                                "Sandmark never falls back to another backend by itself."),
                             this);
    layout->addWidget(intro);
    auto *row = new QHBoxLayout;
    auto *label = new QLabel(tr("&Backend:"), this);
    label->setBuddy(m_backend);
    row->addWidget(label);
    const QString selected = AppSettings::sandboxBackend();
    for (SandboxKind kind : sandboxKinds()) {
        const auto backend = createBackend(kind);
        const QString name = backend->name();
        QString text = name;
        if (!backend->isolates())
            text = tr("%1 (UNSAFE: no isolation)").arg(name);
        if (name == selected)
            text = tr("%1 — selected in Preferences").arg(text);
        m_backend->addItem(text, name);
    }
    m_backend->setCurrentIndex(qMax(0, m_backend->findData(selected)));
    m_backend->setAccessibleName(tr("Sandbox backend to test"));
    connect(m_backend, &QComboBox::activated, this, &SelfTestDialog::run);
    row->addWidget(m_backend);
    row->addStretch(1);
    layout->addLayout(row);
    m_table->setModel(m_model);
    m_table->setAccessibleName(tr("Sandbox self-test results"));
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    layout->addWidget(m_table, 1);
    m_status->setAccessibleName(tr("Self-test status"));
    layout->addWidget(m_status);
    m_busy->setRange(0, 0); // the doctor reports no fraction: a busy bar
    m_busy->setTextVisible(false);
    m_busy->setAccessibleName(tr("Self-test running"));
    m_busy->hide();
    layout->addWidget(m_busy);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_again, QDialogButtonBox::ActionRole);
    buttons->addButton(m_cancel, QDialogButtonBox::ActionRole);
    m_again->setAccessibleName(tr("Run the self-test again"));
    m_cancel->setAccessibleName(tr("Stop the running self-test"));
    m_cancel->setEnabled(false);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_again, &QPushButton::clicked, this, &SelfTestDialog::run);
    connect(m_cancel, &QPushButton::clicked, this, &SelfTestDialog::cancel);
    layout->addWidget(buttons);
    connect(m_task, &DoctorTask::finished, this, [this](const DoctorReport &report) {
        m_model->setReport(report);
        m_table->resizeColumnToContents(SelfTestModel::CheckColumn);
        m_table->resizeColumnToContents(SelfTestModel::ResultColumn);
        m_table->setColumnWidth(SelfTestModel::CheckColumn, qMin(m_table->columnWidth(SelfTestModel::CheckColumn), 380));
        m_table->setColumnWidth(SelfTestModel::DetailColumn, 260);
        m_table->resizeRowsToContents();
        const int failed = m_model->failedCount();
        if (sandboxNameIsUnsafe(report.backend))
            m_status->setText(tr("local-unsafe runs student code without any isolation."));
        else if (failed == 0)
            m_status->setText(tr("%1 passed all %n check(s): it isolates what it must.", nullptr, int(report.checks.size()))
                                  .arg(report.backend));
        else
            m_status->setText(tr("%1 failed %n check(s); each failed row says what to do.", nullptr, failed).arg(report.backend));
        setRunning(false);
        Q_EMIT finished();
    });
    resize(980, 520);
    run();
}

void SelfTestDialog::run()
{
    if (m_task->isRunning())
        return;
    const std::optional<SandboxKind> kind = parseSandboxKind(m_backend->currentData().toString());
    if (!kind)
        return;
    setRunning(true);
    m_model->clear();
    m_status->setText(tr("Running the probe inside %1…").arg(sandboxKindName(*kind)));
    m_task->start(*kind);
}

void SelfTestDialog::runFor(const QString &backend)
{
    const int i = m_backend->findData(backend);
    if (i < 0 || m_task->isRunning())
        return;
    m_backend->setCurrentIndex(i);
    run();
}

void SelfTestDialog::cancel()
{
    if (!m_task->isRunning())
        return;
    m_task->cancel();
    setRunning(false);
    m_status->setText(tr("Self-test of %1 cancelled.").arg(m_backend->currentData().toString()));
}

void SelfTestDialog::setRunning(bool running)
{
    m_again->setEnabled(!running);
    m_backend->setEnabled(!running);
    m_cancel->setEnabled(running);
    m_busy->setVisible(running);
}

bool SelfTestDialog::isRunning() const
{
    return m_task->isRunning();
}

QString SelfTestDialog::statusText() const
{
    return m_status->text();
}

} // namespace sandmark
