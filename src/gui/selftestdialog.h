#pragma once
// Tools → Sandbox Self-Test.

#include <QDialog>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;

namespace sandmark {

class DoctorTask;
class SelfTestModel;

/// Runs the sandbox doctor (src/core/sandbox/doctor.h, the same checks as `sandmark-cli doctor`) for a
/// backend — the one chosen in Preferences at first — on its own thread (DoctorTask), and shows its table:
/// each check, what was observed, and the fix of every failed one. local-unsafe is labelled unsafe. A busy bar
/// and Cancel while it runs. GUI thread only.
class SelfTestDialog : public QDialog
{
    Q_OBJECT
public:
    explicit SelfTestDialog(QWidget *parent = nullptr);
    SelfTestModel *model() const { return m_model; }
    /// Runs the doctor again for the backend in the combo box (also done when the dialog opens); finished()
    /// follows.
    void run();
    /// Chooses the backend ("bwrap", "docker", "local-unsafe") and runs the doctor for it.
    void runFor(const QString &backend);
    /// Stops the running self-test (DoctorTask::cancel()): the table stays empty, the status says so, and the
    /// backend can be chosen again. Nothing when none runs.
    void cancel();
    bool isRunning() const;
    QString statusText() const;

Q_SIGNALS:
    void finished();

private:
    void setRunning(bool running);

    SelfTestModel *m_model;
    QComboBox *m_backend;
    QTableView *m_table;
    QLabel *m_status;
    QProgressBar *m_busy; ///< an indeterminate bar, shown while the probe runs
    QPushButton *m_again;
    QPushButton *m_cancel;
    DoctorTask *m_task;
};

} // namespace sandmark
