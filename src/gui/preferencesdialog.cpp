#include "preferencesdialog.h"

#include "appsettings.h"
#include "ui_PreferencesDialog.h"

#include <QFileDialog>
#include <QLineEdit>
#include <QPushButton>

namespace sandmark {

namespace {
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
}

PreferencesDialog::PreferencesDialog(QWidget *parent) : QDialog(parent), m_ui(std::make_unique<Ui::PreferencesDialog>())
{
    m_ui->setupUi(this);
    setMinimumWidth(620);
    for (QLineEdit *edit : {m_ui->pythonEdit, m_ui->cacheEdit, m_ui->datasetCacheEdit})
        edit->setMinimumWidth(320);
    m_ui->backendCombo->addItem(tr("bwrap — bubblewrap namespaces (Linux)"), QStringLiteral("bwrap"));
    m_ui->backendCombo->addItem(tr("docker — a container per run"), QStringLiteral("docker"));
    m_ui->backendCombo->addItem(tr("local-unsafe — NO SANDBOX (unsafe)"), QStringLiteral("local-unsafe"));
    const int unsafe = m_ui->backendCombo->count() - 1;
    m_ui->backendCombo->setItemData(unsafe, QColor(0xb0, 0x00, 0x20), Qt::ForegroundRole);
    m_ui->backendCombo->setItemData(unsafe, tr("Runs student code without any isolation"), Qt::ToolTipRole);
    m_ui->unsafeWarning->setStyleSheet(
        QStringLiteral("QLabel { color: #8a0016; background: #fde8ea; border: 1px solid #e4a1aa; padding: 6px; }"));

    // The token belongs in the OS keychain (src/core/secrets, SecretStore); that part of the core is not in
    // this build yet, so the field stays disabled rather than storing a secret in a settings file.
    m_ui->tokenEdit->setEnabled(false);
    const QString why = tr("Storing the token needs the keychain support of Sandmark's core (SecretStore), "
                           "which is not part of this build yet. Until then, set the HF_TOKEN environment "
                           "variable before starting Sandmark.");
    m_ui->tokenEdit->setToolTip(why);
    m_ui->tokenEdit->setPlaceholderText(tr("not available in this build"));
    m_ui->tokenNote->setText(why);

    connect(m_ui->backendCombo, &QComboBox::currentIndexChanged, this, &PreferencesDialog::updateUnsafeWarning);
    connect(m_ui->pythonBrowse, &QPushButton::clicked, this, [this] { browse(m_ui->pythonEdit, true); });
    connect(m_ui->cacheBrowse, &QPushButton::clicked, this, [this] { browse(m_ui->cacheEdit, false); });
    connect(m_ui->datasetBrowse, &QPushButton::clicked, this, [this] { browse(m_ui->datasetCacheEdit, false); });
    connect(m_ui->buttonBox, &QDialogButtonBox::accepted, this, [this] {
        apply();
        accept();
    });
    connect(m_ui->buttonBox->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, this, [this] {
        AppSettings::resetToDefaults();
        load();
    });
    load();
}

PreferencesDialog::~PreferencesDialog() = default;

void PreferencesDialog::load()
{
    selectBackend(AppSettings::sandboxBackend());
    const Limits l = AppSettings::defaultLimits();
    m_ui->wallTimeoutSpin->setValue(l.wallTimeoutS);
    m_ui->cellTimeoutSpin->setValue(l.cellTimeoutS);
    m_ui->memorySpin->setValue(double(l.memoryBytes) / kGiB);
    m_ui->parallelSpin->setValue(AppSettings::parallelRuns());
    m_ui->pythonEdit->setText(AppSettings::pythonInterpreter());
    m_ui->cacheEdit->setText(AppSettings::cacheFolder());
    m_ui->datasetCacheEdit->setText(AppSettings::datasetCacheFolder());
    updateUnsafeWarning();
}

QString PreferencesDialog::selectedBackend() const
{
    return m_ui->backendCombo->currentData().toString();
}

void PreferencesDialog::selectBackend(const QString &name)
{
    const int i = m_ui->backendCombo->findData(name);
    m_ui->backendCombo->setCurrentIndex(i >= 0 ? i : 0);
}

bool PreferencesDialog::unsafeWarningVisible() const
{
    return !m_ui->unsafeWarning->isHidden();
}

void PreferencesDialog::updateUnsafeWarning()
{
    m_ui->unsafeWarning->setVisible(selectedBackend() == QLatin1String("local-unsafe"));
}

void PreferencesDialog::apply()
{
    AppSettings::setSandboxBackend(selectedBackend());
    Limits l = AppSettings::defaultLimits();
    l.wallTimeoutS = m_ui->wallTimeoutSpin->value();
    l.cellTimeoutS = m_ui->cellTimeoutSpin->value();
    l.memoryBytes = qint64(m_ui->memorySpin->value() * kGiB);
    AppSettings::setDefaultLimits(l);
    AppSettings::setParallelRuns(m_ui->parallelSpin->value());
    AppSettings::setPythonInterpreter(m_ui->pythonEdit->text().trimmed());
    AppSettings::setCacheFolder(m_ui->cacheEdit->text().trimmed());
    AppSettings::setDatasetCacheFolder(m_ui->datasetCacheEdit->text().trimmed());
}

void PreferencesDialog::browse(QLineEdit *edit, bool file)
{
    const QString path = file ? QFileDialog::getOpenFileName(this, tr("Choose the Python Interpreter"), edit->text())
                              : QFileDialog::getExistingDirectory(this, tr("Choose a Folder"), edit->text());
    if (!path.isEmpty())
        edit->setText(path);
}

} // namespace sandmark
