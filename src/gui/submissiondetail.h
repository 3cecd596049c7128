#pragma once
// One submission's grade, check by check, with its run.

#include "grading/result.h"

#include <QJsonObject>
#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QTabWidget;
class QTableView;

namespace sandmark {

class CheckResultsModel;
class NotebookPreview;
class RecordCellsModel;

/// Shows a GradeResult (src/core/grading): status, score and the reasons for a status that is not
/// `graded`; each check's outcome, points, expected and actual value and feedback; the executed notebook in
/// a NotebookPreview; the execution record's cells (status, duration, error) and messages; the log. The
/// manual override waits for the gradebook (the controls say so). GUI thread only.
class SubmissionDetail : public QWidget
{
    Q_OBJECT
public:
    explicit SubmissionDetail(QWidget *parent = nullptr);

    /// `executedNotebook`: path of the executed notebook (the run folder keeps it), empty when none;
    /// `log`: the runner's stderr / log text.
    void setResult(const QString &student, const GradeResult &result, const QJsonObject &record,
                   const QString &executedNotebook, const QString &log);

    CheckResultsModel *checksModel() const { return m_checks; }
    RecordCellsModel *recordModel() const { return m_record; }
    NotebookPreview *notebook() const { return m_notebook; }
    QString summaryText() const;

private:
    QLabel *m_summary;
    QTabWidget *m_tabs;
    CheckResultsModel *m_checks;
    RecordCellsModel *m_record;
    QTableView *m_checksTable;
    QTableView *m_recordTable;
    QLabel *m_messages;
    NotebookPreview *m_notebook;
    QPlainTextEdit *m_log;
};

} // namespace sandmark
