#pragma once
// The submissions of an assignment, one row per student.

#include "gradebook/gradebook.h"
#include "grading/result.h"

#include "rowtablemodel.h"

#include <QHash>
#include <QIcon>
#include <QSortFilterProxyModel>

#include <array>
#include <atomic>
#include <utility>

namespace sandmark {

/// What SubmissionsModel's status column shows.
enum class SubmissionState { NotRun, Queued, Running, Graded, NeedsManual, NeedsReview, GraderError };
/// One row of SubmissionsModel: a student's submission and its latest result.
struct SubmissionRow
{
    QString student;      ///< the student id: the submission's folder name
    QString displayName;  ///< the student's name in the LMS's file names (ImportManifest); empty: not imported from an LMS
    bool late = false;    ///< the LMS marked the submission late
    QString notebookPath; ///< absolute; empty when the folder holds no notebook
    /// A problem set: every notebook of the student's folder (absolute, `notebookPath` the first), which the
    /// Notebook column lists and the size adds up; empty for a single-notebook assignment.
    QStringList notebookPaths;
    qint64 sizeBytes = -1; ///< the notebook's size (a problem set: its notebooks'), bytes; -1: not known yet (checkNotebookRows() finds it)
    SubmissionState state = SubmissionState::NotRun;
    double score = -1;    ///< effective score (overrides included); -1: none (not run, grader error)
    double maxScore = 0;
    double durationS = -1; ///< wall time of the latest run's sandbox, seconds; -1: none or unknown
    QString backend;      ///< the sandbox of the latest run; empty: none ran (or not run yet)
    bool overridden = false;
    bool stale = false;   ///< graded under other checks, reference or limits than the current ones (markStale())
    QString problem;      ///< why the notebook cannot be graded as it is ("line 90, column 5: invalid JSON…")
    QStringList reasons;  ///< why the latest result is not `graded`
    QStringList awaiting; ///< manual checks awaiting a person (needs-manual)
    /// A person marked it reviewed (GradeSummary::review): Held while its grade is the one they saw, Changed after
    /// a regrade changed it.
    enum class Review { None, Held, Changed } review = Review::None;
};

/// Columns: student, the student's name and late mark from the LMS import (ImportManifest), notebook, size, status, score / max, duration, backend. Rows are plain values found on a
/// worker thread (discoverSubmissions), set all at once (setRows: one reset, with the grades already in when
/// they were read first); results fill status, score, duration and backend as the gradebook holds them
/// (applyGrades, from GradeSummary: no check rows) and, live, as the batch reports them (setState,
/// setResult). A result whose run used no sandbox (the notebook could not be read) shows "—" as its duration
/// and backend. Does no work: data() formats one cell, the status icons are made once. Sort with a
/// SubmissionsSortProxy on SortRole (numbers for size, status, score, duration). GUI thread only.
class SubmissionsModel : public RowTableModel<SubmissionRow>
{
    Q_OBJECT
public:
    enum Column { StudentColumn, NameColumn, NotebookColumn, SizeColumn, StatusColumn, ScoreColumn, DurationColumn, BackendColumn, ColumnCount };
    /// The columns a state or a result changes (status to backend): the dataChanged of setState(), setResult(),
    /// applyGrades() and their bulk forms covers these only, so a proxy sorted by an earlier column (student,
    /// name, notebook) does not sort again. (Every column's tooltip lists the reasons; tooltips are asked for when
    /// shown.) setNotebookChecks() changes size and status.
    static constexpr std::pair<int, int> kResultColumns{StatusColumn, BackendColumn};
    using State = SubmissionState;
    using Row = SubmissionRow;

    explicit SubmissionsModel(QObject *parent = nullptr);
    void setRows(QList<Row> rows);
    /// setRows() with the rows' index by student already made (`index`: student → row, made on a worker thread:
    /// 5,000 inserts took ms of the GUI thread). Rows handed over in student order (as listSubmissions() sorts
    /// them) make a proxy's sort by student cheap: rowsInStudentOrder().
    void setRows(QList<Row> rows, QHash<QString, int> index);
    /// The rows are in ascending student order (checked by setRows(): students never change after it), so a
    /// proxy sorting by student compares row numbers, not strings.
    bool rowsInStudentOrder() const { return m_inStudentOrder; }
    /// The row of `student`, or -1.
    int rowOf(const QString &student) const;
    /// What checkNotebookRows() found, per row of the rows it was given (row i: `students[i]`); fewer rows than
    /// given when it was cancelled.
    struct NotebookRowChecks
    {
        QStringList students;      ///< the rows' students, in their order (to find rows that moved or went)
        QStringList problems;      ///< the row's problem: the listing's (ambiguous, symlink) if it had one, else the parse error; empty: none
        QList<qint64> sizes;       ///< the row's notebook size, bytes
    };
    /// Sets the problem and size of each checked row's notebook from per-row arrays (no hash lookups on the GUI
    /// thread): when the model's rows are still the ones checked (same students in the same order) row i takes
    /// entry i; otherwise by student id.
    /// Rows past the arrays' end are left as they are. One dataChanged over the rows that changed.
    void setNotebookChecks(const NotebookRowChecks &checks);
    /// Fills status, score, duration and backend from the gradebook's grade summaries (students not listed
    /// are left as they are). One dataChanged over the rows that changed.
    void applyGrades(const QList<GradeSummary> &grades);
    /// applyGrades() for the listed students, their summaries read from `grades` by student id (listed students
    /// without one are left as they are). One dataChanged over the rows that changed.
    void applyGrades(const QStringList &students, const QHash<QString, GradeSummary> &grades);
    /// Fills `row`'s status, score, duration and backend from `grade` (for rows not yet in a model).
    static void applyGrade(Row &row, const GradeSummary &grade);
    void setState(const QString &student, State state);
    /// The same for many students, with one dataChanged over the rows that changed (a batch's thousands).
    void setStates(const QStringList &students, State state);
    /// A result as the batch reports it (automatic score; overrides are applied by applyGrades()).
    /// `durationS` < 0 and `backend` empty: no sandbox ran.
    void setResult(const QString &student, const GradeResult &result, double durationS, const QString &backend);
    /// One result of setResults().
    struct Result
    {
        QString student;
        GradeResult result;
        double durationS = -1;
        QString backend;
    };
    /// setResult() for many (a batch's results as they arrive together): one dataChanged over the rows that changed.
    void setResults(const QList<Result> &results);

    /// Set while the gradebook cannot be read (its error; empty: readable): rows without a result then say their
    /// grade is unknown, never "not run". One dataChanged over every row.
    void setGradesUnreadable(const QString &why);
    bool gradesUnreadable() const { return !m_gradesUnreadable.isEmpty(); }

    static QString stateText(State state);
    /// The state a gradebook status shows as (graded, needs manual grading, needs review, grader error).
    static State stateOf(GradeStatus status);

protected:
    QVariant cellData(const Row &row, int column, int role) const override;
    QVariant columnTitle(int column) const override;

private:
    static void fillResult(Row &row, const GradeResult &result, double durationS, const QString &backend);
    QVariant statusIcon(const Row &row) const;
    /// changeEach() over the result columns (kResultColumns) of the rows `student(key)` names.
    template <typename Keys, typename Student, typename Change>
    void changeResults(const Keys &keys, Student student, Change change)
    {
        changeEach(keys, [&](const auto &key) { return rowOf(student(key)); }, change, kResultColumns.first, kResultColumns.second);
    }
    QString m_gradesUnreadable; ///< setGradesUnreadable()
    QHash<QString, int> m_index; // student → row
    bool m_inStudentOrder = false; // rowsInStudentOrder()
    mutable std::array<QIcon, 6> m_icons; // made on first use (the style's standard icons)
};

/// Sorts a SubmissionsModel in SortRole's order, comparing the rows' own values (no QVariant or display text made
/// per comparison: a sort of 5,000 rows takes a few ms, not 20) and filters it as QSortFilterProxyModel does.
/// Student ids compare as they are named on disk. GUI thread only.
class SubmissionsSortProxy : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

protected:
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;
};

/// Loads each row's notebook, every one of a problem set's (Notebook::load), and returns, per row in the rows' order
/// (for SubmissionsModel::setNotebookChecks()), its size and what makes it ungradable: the row's own problem (the
/// listing's: ambiguous, symlink) when it has one, else no notebook, or the load errors without the folder ("line 90,
/// column 5: invalid JSON: …"; a problem set's each named by its file, joined by "; ").
/// Blocking file I/O: call it on a worker thread, after the rows are shown (listing them reads no file and
/// stats none). Stops early (returning the rows checked so far) once `*cancel` is true.
SubmissionsModel::NotebookRowChecks checkNotebookRows(const QList<SubmissionsModel::Row> &rows, const std::atomic<bool> *cancel = nullptr);

} // namespace sandmark
