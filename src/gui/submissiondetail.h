#pragma once
// One submission's grade, check by check, with its run.

#include "gradebook/gradebook.h"
#include "grading/result.h"

#include <QJsonObject>
#include <QWidget>

class QComboBox;
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

/// Shows a GradeResult (src/core/grading): status, score and the reasons for a status that is not
/// `graded`; each check's outcome, points, expected and actual value and feedback; the executed notebook in
/// a NotebookPreview; the execution record's cells (status, duration, error) and messages; the log. A manual
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

    /// The gradebook that holds this student's runs; overrides are written there. Empty: no overrides.
    void setGradebook(const QString &path);
    /// Shows the effective grade (overrides beside the automatic points) read from the gradebook.
    void setEffectiveGrade(const EffectiveGrade &grade);
    /// Writes an override (background): `checkId` empty for the whole submission. overrideApplied() or
    /// overrideFailed() follows.
    void applyOverride(const QString &checkId, double points, const QString &comment);
    QString student() const { return m_student; }

    CheckResultsModel *checksModel() const { return m_checks; }
    RecordCellsModel *recordModel() const { return m_record; }
    NotebookPreview *notebook() const { return m_notebook; }
    QString summaryText() const;
    QString overrideStatusText() const;

Q_SIGNALS:
    void overrideApplied(const QString &student, const sandmark::EffectiveGrade &grade);
    void overrideFailed(const QString &message);

private:
    void updateSummary();
    void updateOverrideControls();

    QLabel *m_summary;
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
    QLabel *m_overrideStatus;
    JobTracker *m_overrideTracker;
    QString m_student;
    QString m_gradebook;
    GradeResult m_result;
    std::optional<EffectiveGrade> m_effective;
};

} // namespace sandmark
