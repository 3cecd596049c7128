#pragma once
// One submission's grade, check by check, with its run.

#include "gradebook/gradebook.h"
#include "grading/result.h"

#include <QJsonObject>
#include <QWidget>

#include <functional>

class QComboBox;
class QDateTime;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QPlainTextEdit;
class QTabWidget;
class QTableView;

namespace sandmark {

class CheckResultsModel;
class JobTracker;
class NotebookPreview;
class RecordCellsModel;

/// Shows a GradeResult (src/core/grading): status, score, the reasons for a status that is not `graded` and the
/// notes (what was noticed without changing the grade); each check's outcome, points, expected and actual value and feedback; the executed notebook in
/// a NotebookPreview; the execution record's cells (status, duration, error) and messages; the log — for a
/// result read from the gradebook, from the run's artifacts folder (showArtifacts(), read off the GUI thread). A manual
/// override (points for one check or the whole submission, with a required comment) is written to the
/// gradebook on a worker thread (Gradebook::addOverride) and shown beside the automatic points; overrides
/// belong to the submission, so they survive regrades. GUI thread only.
class SubmissionDetail : public QWidget
{
    Q_OBJECT
public:
    explicit SubmissionDetail(QWidget *parent = nullptr);

    /// `executedNotebook`: path of the executed notebook (the run folder keeps it), empty when none;
    /// `log`: the runner's stderr / log text.
    void setResult(const QString &student, const GradeResult &result, const QJsonObject &record,
                   const QString &executedNotebook, const QString &log);

    /// Shows the run's artifacts from `artifactsFolder` (`<run>/artifacts`, EffectiveGrade::artifacts):
    /// executed.ipynb in the notebook tab, record.json in the record tab, log.txt in the log tab. The files are
    /// read on the thread pool (JobTracker); artifactsLoaded() follows from the event loop. An empty folder
    /// (none recorded) or one deleted since the run leaves those tabs disabled and says why
    /// (artifactsStatusText()). Call after setResult() for the same student; a newer setResult() drops it.
    void showArtifacts(const QString &artifactsFolder);

    /// The gradebook that holds this student's runs; overrides are written there. Empty: no overrides.
    void setGradebook(const QString &path);
    /// Shows the effective grade (overrides beside the automatic points) read from the gradebook.
    void setEffectiveGrade(const EffectiveGrade &grade);
    /// Writes an override (background): `checkId` empty for the whole submission. overrideApplied() or
    /// overrideFailed() follows.
    void applyOverride(const QString &checkId, double points, const QString &comment);
    /// Removes the override(s) of `checkId` (empty: the whole submission), in the background
    /// (Gradebook::removeOverrides): the automatic points count again. overrideApplied() (with the new grade) or
    /// overrideFailed() follows.
    void removeOverride(const QString &checkId);
    /// Whether `checkId` (empty: the whole submission) has an override in the grade shown.
    bool hasOverride(const QString &checkId) const;
    QString student() const { return m_student; }

    CheckResultsModel *checksModel() const { return m_checks; }
    RecordCellsModel *recordModel() const { return m_record; }
    NotebookPreview *notebook() const { return m_notebook; }
    QString summaryText() const;
    QString overrideStatusText() const;
    /// Why the notebook, record and log tabs are empty ("… has since been deleted …"); empty when shown.
    QString artifactsStatusText() const;
    /// The execution record's summary (run status, duration, limits hit, messages).
    QString recordMessagesText() const;
    bool isTabEnabled(int index) const;
    enum Tab { ChecksTab, NotebookTab, RecordTab, LogTab };

Q_SIGNALS:
    void overrideApplied(const QString &student, const sandmark::EffectiveGrade &grade);
    void overrideFailed(const QString &message);
    /// showArtifacts() is done: the tabs show the files, or artifactsStatusText() says why not.
    void artifactsLoaded();

private:
    static QString executedCaption(const QString &student, const QDateTime &written);
    void updateSummary();
    /// Runs `change` (a gradebook write returning the new grade) on a worker thread and shows its outcome.
    void changeOverride(std::function<Expected<EffectiveGrade>()> change, const QString &doneText);
    void showRecord(const QJsonObject &record);
    void updateOverrideControls();

    QLabel *m_summary;
    QLabel *m_artifactsStatus;
    QTabWidget *m_tabs;
    CheckResultsModel *m_checks;
    RecordCellsModel *m_record;
    QTableView *m_checksTable;
    QTableView *m_recordTable;
    QLabel *m_messages;
    NotebookPreview *m_notebook;
    QPlainTextEdit *m_log;
    QGroupBox *m_overrideBox;
    QComboBox *m_overrideTarget;
    QDoubleSpinBox *m_overridePoints;
    QLineEdit *m_overrideComment;
    QPushButton *m_overrideApply;
    QPushButton *m_overrideRemove;
    QLabel *m_overrideStatus;
    JobTracker *m_overrideTracker;
    JobTracker *m_artifactsTracker;
    QString m_student;
    QString m_gradebook;
    GradeResult m_result;
    std::optional<EffectiveGrade> m_effective;
};

} // namespace sandmark
