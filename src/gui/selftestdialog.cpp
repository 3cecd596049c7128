#include "selftestdialog.h"

#include "appsettings.h"
#include "jobtracker.h"
#include "sandbox/backend.h"
#include "selftestmodel.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace sandmark {

SelfTestDialog::SelfTestDialog(QWidget *parent)
    : QDialog(parent),
      m_model(new SelfTestModel(this)),
      m_table(new QTableView(this)),
      m_status(new QLabel(this)),
      m_again(new QPushButton(tr("Run &Again"), this)),
      m_tracker(new JobTracker(this))
{
    setWindowTitle(tr("Sandbox Self-Test"));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("Whether each sandbox backend can start on this machine, and what to do when "
                                "it cannot. Sandmark never falls back to another backend by itself."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_table->setModel(m_model);
    m_table->setAccessibleName(tr("Sandbox self-test results"));
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    layout->addWidget(m_table, 1);
    m_status->setWordWrap(true);
    m_status->setAccessibleName(tr("Self-test status"));
    layout->addWidget(m_status);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_again, QDialogButtonBox::ActionRole);
    m_again->setAccessibleName(tr("Run the self-test again"));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_again, &QPushButton::clicked, this, &SelfTestDialog::run);
    layout->addWidget(buttons);
    resize(820, 320);
    run();
}

void SelfTestDialog::run()
{
    m_again->setEnabled(false);
    m_status->setText(tr("Checking the backends…"));
    const QString selected = AppSettings::sandboxBackend();
    m_tracker->run(
        [selected] {
            QList<SelfTestModel::Row> rows;
            for (SandboxKind kind : {SandboxKind::Bwrap, SandboxKind::Docker, SandboxKind::LocalUnsafe}) {
                SelfTestModel::Row r;
                r.backend = sandboxKindName(kind);
                r.unsafe = kind == SandboxKind::LocalUnsafe;
                r.selected = r.backend == selected;
                const Expected<void> ok = createBackend(kind)->check(); // may run `docker info`: off the GUI thread
                r.ok = ok.hasValue();
                if (!ok)
                    r.message = ok.error().message;
                rows << r;
            }
            return rows;
        },
        [this](QList<SelfTestModel::Row> rows) {
            m_model->setRows(rows);
            m_table->resizeColumnToContents(SelfTestModel::BackendColumn);
            m_table->resizeColumnToContents(SelfTestModel::ResultColumn);
            m_table->resizeRowsToContents();
            const auto sel = std::find_if(rows.cbegin(), rows.cend(), [](const SelfTestModel::Row &r) { return r.selected; });
            m_status->setText(sel == rows.cend() ? tr("No backend is selected in Preferences.")
                              : sel->ok          ? tr("The selected backend, %1, can start.").arg(sel->backend)
                                                 : tr("The selected backend, %1, cannot start: %2").arg(sel->backend, sel->message));
            m_again->setEnabled(true);
            Q_EMIT finished();
        });
}

} // namespace sandmark
