#pragma once
// Tools → Sandbox Self-Test.

#include <QDialog>

class QComboBox;
class QLabel;
class QPushButton;
class QTableView;

namespace sandmark {

class DoctorTask;
class SelfTestModel;

/// Runs the sandbox doctor (src/core/sandbox/doctor.h, the same checks as `sandmark-cli doctor`) for a
/// backend — the one chosen in Preferences at first — on its own thread (DoctorTask), and shows its table:
/// each check, what was observed, and the fix of every failed one. local-unsafe is labelled unsafe. GUI
/// thread only.
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
    bool isRunning() const;
    QString statusText() const;

Q_SIGNALS:
    void finished();

private:
    SelfTestModel *m_model;
    QComboBox *m_backend;
    QTableView *m_table;
    QLabel *m_status;
    QPushButton *m_again;
    DoctorTask *m_task;
};

} // namespace sandmark
