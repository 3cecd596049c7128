#include "preferencesdialog.h"

#include "appsettings.h"
#include "coretranslation.h"
#include "sandbox/backend.h"
#include "secrets/secretstore.h"
#include "ui_PreferencesDialog.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QLineEdit>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QStyle>

#include <algorithm>

namespace sandmark {

namespace {
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
}

PreferencesDialog::PreferencesDialog(QWidget *parent, SecretStore *store)
    : QDialog(parent), m_ui(std::make_unique<Ui::PreferencesDialog>())
{
    if (!store) {
        m_ownedStore = std::make_unique<KeychainSecretStore>();
        store = m_ownedStore.get();
    }
    m_store = store;
    m_ui->setupUi(this);
    setMinimumWidth(660);
    for (QLineEdit *edit : {m_ui->pythonEdit, m_ui->cacheEdit, m_ui->datasetCacheEdit})
        edit->setMinimumWidth(320);
    for (SandboxKind kind : sandboxKinds()) {
        const auto backend = createBackend(kind);
        m_ui->backendCombo->addItem(
            tr("%1 — %2").arg(backend->name(), QCoreApplication::translate("sandmark::SandboxBackend", backend->description())),
            backend->name());
        if (backend->isolates())
            continue;
        const int unsafe = m_ui->backendCombo->count() - 1;
        m_ui->backendCombo->setItemData(unsafe, QColor(0xb0, 0x00, 0x20), Qt::ForegroundRole);
        m_ui->backendCombo->setItemData(unsafe, tr("Runs student code without any isolation"), Qt::ToolTipRole);
    }
    m_ui->unsafeWarning->setStyleSheet(
        QStringLiteral("QLabel { color: #8a0016; background: #fde8ea; border: 1px solid #e4a1aa; padding: 6px; }"));

    m_ui->tokenNote->setText(tr("Asking the keychain…"));
    m_ui->tokenEdit->setEnabled(false);
    m_ui->removeTokenButton->setEnabled(false);
    connect(m_ui->removeTokenButton, &QPushButton::clicked, this, [this] {
        m_ui->removeTokenButton->setEnabled(false);
        m_store->remove(hubTokenKey(), this, [this](const Expected<void> &r) {
            if (!r)
                m_ui->tokenNote->setText(translatedCoreText(r.error().message));
            refreshTokenStatus();
        });
    });

    connect(m_ui->backendCombo, &QComboBox::currentIndexChanged, this, &PreferencesDialog::updateUnsafeWarning);
    connect(m_ui->pythonBrowse, &QPushButton::clicked, this, [this] { browse(m_ui->pythonEdit, true); });
    connect(m_ui->cacheBrowse, &QPushButton::clicked, this, [this] { browse(m_ui->cacheEdit, false); });
    connect(m_ui->datasetBrowse, &QPushButton::clicked, this, [this] { browse(m_ui->datasetCacheEdit, false); });
    connect(m_ui->buttonBox, &QDialogButtonBox::accepted, this, &PreferencesDialog::acceptWithToken);
    connect(m_ui->buttonBox->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, this, [this] {
        AppSettings::resetToDefaults();
        load();
    });
    load();
    refreshTokenStatus();
    fitToScreen();
}

void PreferencesDialog::fitToScreen()
{
    QScrollArea *scroll = m_ui->contentScroll;
    const int scrollBar = style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, scroll);
    scroll->setMinimumWidth(m_ui->content->minimumSizeHint().width() + scrollBar);
    const QMargins margins = layout()->contentsMargins();
    QSize wanted(std::max({minimumWidth(), m_ui->content->sizeHint().width() + scrollBar, m_ui->buttonBox->sizeHint().width()})
                     + margins.left() + margins.right(),
                 m_ui->content->sizeHint().height() + layout()->spacing() + m_ui->buttonBox->sizeHint().height()
                     + margins.top() + margins.bottom());
    if (const QScreen *s = screen())
        wanted = wanted.boundedTo(s->availableGeometry().size() - QSize(16, 48)); // the window frame and title bar
    resize(wanted.expandedTo(minimumSizeHint()));
}

PreferencesDialog::~PreferencesDialog() = default;

void PreferencesDialog::refreshTokenStatus()
{
    // Reads only whether a token exists; its value never reaches a widget.
    m_store->read(hubTokenKey(), this, [this](const Expected<QString> &value) {
        const bool env = !qEnvironmentVariable("HF_TOKEN").isEmpty();
        if (!value) {
            m_ui->tokenEdit->setEnabled(false);
            m_ui->removeTokenButton->setEnabled(false);
            // The keychain's error is English (the CLI prints it too): in the app's language here.
            m_ui->tokenEdit->setToolTip(translatedCoreText(value.error().message));
            m_ui->tokenNote->setText(translatedCoreText(value.error().message));
        } else {
            m_ui->tokenEdit->setEnabled(true);
            m_ui->tokenEdit->setToolTip({});
            m_ui->removeTokenButton->setEnabled(!value->isEmpty());
            QString text = value->isEmpty() ? tr("No token is stored in the keychain. Public datasets need none.")
                                            : tr("A token is stored in the keychain. Enter a new one to replace it.");
            if (env)
                text += QLatin1Char(' ') + tr("HF_TOKEN is set in the environment and takes precedence.");
            m_ui->tokenNote->setText(text);
        }
        Q_EMIT tokenStatusChanged();
    });
}

QString PreferencesDialog::tokenStatus() const
{
    return m_ui->tokenNote->text();
}

bool PreferencesDialog::tokenFieldEnabled() const
{
    return m_ui->tokenEdit->isEnabled();
}

void PreferencesDialog::acceptWithToken()
{
    apply();
    const QString token = m_ui->tokenEdit->text().trimmed();
    if (token.isEmpty() || !m_ui->tokenEdit->isEnabled()) {
        accept();
        return;
    }
    m_ui->buttonBox->setEnabled(false);
    m_ui->tokenNote->setText(tr("Storing the token in the keychain…"));
    m_store->write(hubTokenKey(), token, this, [this](const Expected<void> &r) {
        m_ui->buttonBox->setEnabled(true);
        if (!r) {
            m_ui->tokenNote->setText(translatedCoreText(r.error().message)); // stay open: the token was not stored
            Q_EMIT tokenStatusChanged();
            return;
        }
        m_ui->tokenEdit->clear();
        Q_EMIT tokenStatusChanged();
        accept();
    });
}

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
    m_ui->unsafeWarning->setVisible(sandboxNameIsUnsafe(selectedBackend()));
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
