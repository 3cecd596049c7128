#pragma once
// The Health page: what to fix before publishing an assignment.

#include "assignment/assignment.h"
#include "assignment/validate.h"

#include <QWidget>

#include <optional>

class QTableView;

namespace sandmark {

class DatasetEntriesModel;
class HealthModel;
class DoctorTask;

/// Lists, for the open assignment: whether the selected sandbox backend passes the sandbox doctor (the
/// self-test's checks, run on their own thread by DoctorTask; the first failed check and its fix are shown), whether assignment.json and the notebooks are valid, the checks and points, the supplied data
/// size, the dataset cache state (from the Data page's last check or warm), the limits, the environment and
/// reference run (from the Checks page's Run Reference) and the batch time estimated from graded
/// submissions. Each row with its fix. GUI thread only.
class HealthPage : public QWidget
{
    Q_OBJECT
public:
    explicit HealthPage(QWidget *parent = nullptr);
    void setAssignment(const std::optional<Assignment> &assignment, const QList<Problem> &problems, qint64 dataBytes);
    /// Takes the dataset cache state from the Data page's entries after a check or warm.
    void setDatasetState(const DatasetEntriesModel *entries);
    HealthModel *model() const { return m_model; }
    /// The reference run's outcome (Checks page → Run Reference): environment and reference rows.
    void setReferenceResult(bool ok, double seconds, bool cached, const QString &message);
    /// The batch estimate from measured runs: mean seconds per submission, submissions listed, sandboxes at once.
    void setBatchEstimate(double secondsPerSubmission, int submissions, int jobs);
    /// True while the sandbox doctor runs.
    bool isCheckingSandbox() const;

Q_SIGNALS:
    /// The sandbox row has the doctor's verdict.
    void sandboxChecked();

private:
    void startDoctor();

    HealthModel *m_model;
    QTableView *m_table;
    DoctorTask *m_doctor;
    QString m_backend; ///< the backend the running or last doctor checks
};

} // namespace sandmark
