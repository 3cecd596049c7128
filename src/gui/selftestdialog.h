#pragma once
// Tools → Sandbox Self-Test.

#include <QDialog>

class QLabel;
class QPushButton;
class QTableView;

namespace sandmark {

class JobTracker;
class SelfTestModel;

/// Checks on a worker thread whether each sandbox backend can start on this machine
/// (SandboxBackend::check(): bwrap installed and user namespaces enabled, Docker CLI and daemon reachable)
/// and shows the table with each fix. The backend chosen in Preferences is bold; local-unsafe is labelled
/// unsafe. GUI thread only.
class SelfTestDialog : public QDialog
{
    Q_OBJECT
public:
    explicit SelfTestDialog(QWidget *parent = nullptr);
    SelfTestModel *model() const { return m_model; }
    /// Runs the checks again (also done when the dialog opens); finished() follows.
    void run();

Q_SIGNALS:
    void finished();

private:
    SelfTestModel *m_model;
    QTableView *m_table;
    QLabel *m_status;
    QPushButton *m_again;
    JobTracker *m_tracker;
};

} // namespace sandmark
