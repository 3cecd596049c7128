#pragma once
// The Health page: what to fix before publishing an assignment.

#include "assignment/assignment.h"
#include "assignment/validate.h"
#include "batch/health.h"

#include <QPointer>
#include <QWidget>

#include <optional>

class QLabel;
class QPushButton;
class QTableView;
class QThread;

namespace sandmark {

class DatasetEntriesModel;
class HealthModel;
class DoctorTask;

/// Shows the core's assessHealth() report for the open assignment (the rows `sandmark-cli validate --health`
/// prints), kept up to date as its inputs arrive: the sandbox doctor of the selected backend (run on its own
/// thread by DoctorTask), validation, the dataset cache state (the Data page's last check or warm), the
/// reference run and its cell times (the Checks page's Run Reference), the instructor notebook's imports under
/// the limits (started after the reference run, run on a thread of its own: its scan and sandbox are started,
/// read and cleaned up there) and the time per submission measured by the last batch. Check Again runs its own
/// checks. GUI thread only.
class HealthPage : public QWidget
{
    Q_OBJECT
public:
    explicit HealthPage(QWidget *parent = nullptr);
    /// Stops a running imports check and waits for its thread (its sandbox is killed there).
    ~HealthPage() override;
    void setAssignment(const std::optional<Assignment> &assignment, const QList<Problem> &problems, qint64 dataBytes);
    /// Takes the dataset cache state from the Data page's entries after a check or warm.
    void setDatasetState(const DatasetEntriesModel *entries);
    HealthModel *model() const { return m_model; }
    /// The reference run's outcome (Checks page → Run Reference): environment, reference, limits and
    /// slowest-cells rows. Then starts the imports check (ImportsCheck: the instructor notebook's imports under
    /// the limits, in the sandbox), whose result refines the environment row; importsChecked() follows.
    void setReferenceResult(const sandmark::HealthInputs::Reference &reference);
    /// The batch estimate: mean measured seconds per submission (unset: estimated from the reference run),
    /// submissions listed, sandboxes at once.
    void setBatchEstimate(std::optional<double> secondsPerSubmission, int submissions, int jobs);
    const HealthInputs &inputs() const { return m_inputs; }
    /// True while the sandbox doctor runs.
    bool isCheckingSandbox() const;
    /// Check Again: runs the sandbox doctor again and asks for the reference run (referenceRequested(); the window
    /// runs it on the Checks page, whose result arrives in setReferenceResult() and starts the imports check).
    /// Nothing without an assignment or while the doctor runs.
    void checkAgain();

Q_SIGNALS:
    /// The sandbox row has the doctor's verdict.
    void sandboxChecked();
    /// The environment row has the imports check's result (it failed to run: the row stays as the reference left it).
    void importsChecked();
    /// Check Again wants the reference run (its cached result is read when nothing changed).
    void referenceRequested();

private:
    void startDoctor();
    void startImportsCheck();
    /// Lets the running imports check's thread quit without waiting for it (its check and sandbox end there); its
    /// result, if any, is dropped.
    void stopImportsCheck();
    void update(); ///< the model shows assessHealth(m_inputs)
    /// The chosen row's detail and fix in full under the table (without one: the first row that is not ok).
    void showCurrent();

    HealthModel *m_model;
    QTableView *m_table;
    QPushButton *m_checkAgain;
    QLabel *m_detail; ///< showCurrent()
    DoctorTask *m_doctor;
    HealthInputs m_inputs; ///< backend empty: no assignment open
    std::optional<Assignment> m_assignment;
    QThread *m_importsThread = nullptr; ///< the thread of the running imports check of m_assignment, if any
    QList<QPointer<QThread>> m_importsThreads; ///< every imports check thread not yet deleted (the destructor waits)
};

} // namespace sandmark
