#pragma once
// The Preferences dialog (ui/PreferencesDialog.ui).

#include <QDialog>

#include <memory>

class QLineEdit;

namespace Ui {
class PreferencesDialog;
}

namespace sandmark {

/// Edits AppSettings: sandbox backend (local-unsafe marked unsafe, with a warning), default limits,
/// Python interpreter, cache folders, and the Hub token field. Writes the settings on OK only.
/// GUI thread only.
class PreferencesDialog : public QDialog
{
    Q_OBJECT
public:
    explicit PreferencesDialog(QWidget *parent = nullptr);
    ~PreferencesDialog() override;

    /// The backend currently selected in the dialog ("bwrap", "docker", "local-unsafe").
    QString selectedBackend() const;
    void selectBackend(const QString &name);
    /// True while the unsafe-backend warning is shown.
    bool unsafeWarningVisible() const;

    /// Writes the dialog's values to AppSettings (what OK does).
    void apply();

private:
    void load();
    void updateUnsafeWarning();
    void browse(QLineEdit *edit, bool file);

    std::unique_ptr<Ui::PreferencesDialog> m_ui;
};

} // namespace sandmark
