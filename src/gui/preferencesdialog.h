#pragma once
// The Preferences dialog (ui/PreferencesDialog.ui).

#include <QDialog>

#include <memory>

class QLineEdit;

namespace Ui {
class PreferencesDialog;
}

namespace sandmark {

class SecretStore;

/// Edits AppSettings: sandbox backend (local-unsafe marked unsafe, with a warning), default limits,
/// Python interpreter, cache folders. The Hub token goes to `store` (the OS keychain by default), never to
/// the settings file: the field is write-only (a stored token is never shown), OK stores a new token and
/// closes when the keychain confirmed it, Remove deletes it. Where no keychain exists the field is disabled
/// and the message says so (and names HF_TOKEN). Writes the settings on OK only. GUI thread only.
class PreferencesDialog : public QDialog
{
    Q_OBJECT
public:
    /// `store`: where the Hub token lives (not owned); nullptr: the OS keychain (KeychainSecretStore).
    explicit PreferencesDialog(QWidget *parent = nullptr, SecretStore *store = nullptr);
    ~PreferencesDialog() override;

    /// The backend currently selected in the dialog ("bwrap", "docker", "local-unsafe").
    QString selectedBackend() const;
    void selectBackend(const QString &name);
    /// True while the unsafe-backend warning is shown.
    bool unsafeWarningVisible() const;

    /// Writes the dialog's values to AppSettings (what OK does, besides storing a new token).
    void apply();
    /// The text under the token field: whether a token is stored, or why none can be.
    QString tokenStatus() const;
    bool tokenFieldEnabled() const;

Q_SIGNALS:
    /// The keychain answered (token status known), or a write/remove finished.
    void tokenStatusChanged();

private:
    /// Opens at the size of the whole form where the screen allows it, else as tall as the screen's free area, the
    /// form scrolling inside (a 1024×640 screen clipped its labels); never narrower than the form.
    void fitToScreen();
    void load();
    void updateUnsafeWarning();
    void browse(QLineEdit *edit, bool file);
    void refreshTokenStatus();
    void acceptWithToken();

    std::unique_ptr<Ui::PreferencesDialog> m_ui;
    std::unique_ptr<SecretStore> m_ownedStore;
    SecretStore *m_store;
};

} // namespace sandmark
