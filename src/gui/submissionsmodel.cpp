#include "submissionsmodel.h"

#include "coretranslation.h"
#include "notebook/notebook.h"
#include "roles.h"
#include "translations.h"
#include "util/displaytext.h"

#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QLocale>
#include <QStyle>

#include <algorithm>
#include <array>
#include <ranges>

namespace sandmark {

SubmissionsModel::SubmissionsModel(QObject *parent) : RowTableModel(ColumnCount, parent) {}

void SubmissionsModel::setRows(QList<Row> rows)
{
    QHash<QString, int> index;
    index.reserve(rows.size());
    for (int i = 0; i < rows.size(); ++i)
        index.insert(rows.at(i).student, i);
    setRows(std::move(rows), std::move(index));
}

void SubmissionsModel::setRows(QList<Row> rows, QHash<QString, int> index)
{
    // Strictly ascending: row order is student order (student ids are unique).
    const bool inStudentOrder = std::adjacent_find(rows.cbegin(), rows.cend(),
                                                   [](const Row &a, const Row &b) { return !(a.student < b.student); })
                                == rows.cend();
    resetRows(std::move(rows), [&] {
        m_index = std::move(index);
        m_inStudentOrder = inStudentOrder;
    });
}

int SubmissionsModel::rowOf(const QString &student) const
{
    return m_index.value(student, -1);
}

void SubmissionsModel::setNotebookChecks(const NotebookRowChecks &checks)
{
    const int n = int(qMin(qMin(checks.students.size(), checks.problems.size()), checks.sizes.size()));
    bool same = n <= rows().size();
    for (int i = 0; same && i < n; ++i)
        same = rows().at(i).student == checks.students.at(i);
    changeEach(
        std::views::iota(0, n), [&](int k) { return same ? k : rowOf(checks.students.at(k)); },
        [&](Row &r, int k) {
            const QString &p = checks.problems.at(k);
            const qint64 size = checks.sizes.at(k);
            if (p == r.problem && size == r.sizeBytes)
                return false;
            r.problem = p;
            r.sizeBytes = size;
            return true;
        },
        SizeColumn, StatusColumn); // the size, and the status that names the problem
}

SubmissionsModel::State SubmissionsModel::stateOf(GradeStatus status)
{
    switch (status) {
    case GradeStatus::Graded:
        return SubmissionsModel::State::Graded;
    case GradeStatus::NeedsManual:
        return SubmissionsModel::State::NeedsManual;
    case GradeStatus::NeedsReview:
        return SubmissionsModel::State::NeedsReview;
    case GradeStatus::GraderError:
        break;
    }
    return SubmissionsModel::State::GraderError;
}

namespace {
/// Whether the status column shows a result (graded, needs review, grader error).
bool hasResult(SubmissionsModel::State state)
{
    return state == SubmissionsModel::State::Graded || state == SubmissionsModel::State::NeedsManual
           || state == SubmissionsModel::State::NeedsReview || state == SubmissionsModel::State::GraderError;
}

/// What a result without a sandbox run shows as its duration and backend.
constexpr QStringView kNone = u"\u2014";
} // namespace

void SubmissionsModel::applyGrade(Row &r, const GradeSummary &g)
{
    r.state = stateOf(g.status);
    r.score = g.score ? *g.score : -1;
    r.maxScore = g.maxScore;
    r.durationS = g.backend.isEmpty() ? -1 : g.durationS; // no sandbox ran: no run time to show
    r.backend = g.backend;
    r.overridden = g.overridden;
    r.stale = g.stale;
    r.reasons = g.reasons;
    r.awaiting = g.awaiting;
    r.review = !g.review ? Row::Review::None
               : g.review->holds(g.status, g.score) ? Row::Review::Held
                                                    : Row::Review::Changed;
}

void SubmissionsModel::applyGrades(const QList<GradeSummary> &grades)
{
    // In place; a reset would lose the selection and the scroll position in a long table.
    changeResults(grades, [](const GradeSummary &g) -> const QString & { return g.studentId; },
                  [](Row &r, const GradeSummary &g) {
                      applyGrade(r, g);
                      return true;
                  });
}

void SubmissionsModel::applyGrades(const QStringList &students, const QHash<QString, GradeSummary> &grades)
{
    changeResults(students, [](const QString &s) -> const QString & { return s; }, [&](Row &r, const QString &student) {
        const auto g = grades.constFind(student);
        if (g == grades.cend())
            return false;
        applyGrade(r, *g);
        return true;
    });
}

void SubmissionsModel::setState(const QString &student, State state)
{
    setStates({student}, state);
}

void SubmissionsModel::setStates(const QStringList &students, State state)
{
    changeResults(students, [](const QString &s) -> const QString & { return s; }, [state](Row &r, const QString &) {
        if (r.state == state)
            return false;
        r.state = state;
        return true;
    });
}

void SubmissionsModel::setResult(const QString &student, const GradeResult &result, double durationS, const QString &backend)
{
    const std::array<QString, 1> one{student};
    changeResults(one, [](const QString &s) -> const QString & { return s; }, [&](Row &r, const QString &) {
        fillResult(r, result, durationS, backend);
        return true;
    });
}

void SubmissionsModel::setResults(const QList<Result> &results)
{
    changeResults(results, [](const Result &r) -> const QString & { return r.student; }, [](Row &row, const Result &r) {
        fillResult(row, r.result, r.durationS, r.backend);
        return true;
    });
}

void SubmissionsModel::fillResult(Row &r, const GradeResult &result, double durationS, const QString &backend)
{
    r.state = stateOf(result.status);
    r.score = result.gradedScore().value_or(-1); // nothing graded: no score, never 0
    r.maxScore = result.maxScore;
    r.durationS = backend.isEmpty() ? -1 : durationS;
    r.backend = backend;
    r.reasons = result.reasons;
    r.awaiting.clear();
    for (const CheckResult &c : result.checks)
        if (awaitsPerson(c))
            r.awaiting << c.checkId;
    r.stale = false; // just graded under the current inputs
}

void SubmissionsModel::setGradesUnreadable(const QString &why)
{
    if (why == m_gradesUnreadable)
        return;
    m_gradesUnreadable = why;
    allRowsChanged(kResultColumns.first, kResultColumns.second);
}

QString SubmissionsModel::stateText(State state)
{
    switch (state) {
    case State::NotRun:
        return tr("not run");
    case State::Queued:
        return tr("queued");
    case State::Running:
        return tr("running…");
    case State::Graded:
        return tr("graded");
    case State::NeedsManual:
        return tr("needs-manual");
    case State::NeedsReview:
        return tr("needs-review");
    case State::GraderError:
        return tr("grader-error");
    }
    return {};
}

QVariant SubmissionsModel::cellData(const Row &r, int column, int role) const
{
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case StudentColumn:
            return displayText(r.student); // a student chose it: no newline or U+202E may reshape the row
        case NameColumn:
            return r.late ? tr("%1 (late)").arg(displayText(r.displayName)).trimmed() : displayText(r.displayName);
        case NotebookColumn:
            if (r.notebookPaths.size() > 1) { // a problem set's folder: each notebook handed in
                QStringList names;
                for (const QString &path : r.notebookPaths)
                    names << QFileInfo(path).fileName();
                return displayText(names.join(QLatin1String(", ")));
            }
            return r.notebookPath.isEmpty() ? tr("no notebook found") : QFileInfo(r.notebookPath).fileName();
        case SizeColumn:
            return r.sizeBytes < 0 ? QString() : QLocale().formattedDataSize(r.sizeBytes);
        case StatusColumn:
            if (r.state == State::NotRun && !r.problem.isEmpty())
                return tr("cannot be graded: %1").arg(translatedCoreText(r.problem));
            if (r.state == State::NotRun && !m_gradesUnreadable.isEmpty())
                return tr("unknown: the gradebook cannot be read");
        {
            const QString state = r.stale && hasResult(r.state) ? tr("%1 (stale)").arg(stateText(r.state)) : stateText(r.state);
            if (!hasResult(r.state) || r.review == Row::Review::None)
                return state;
            return r.review == Row::Review::Held ? tr("%1 ✓ reviewed").arg(state)
                                                 : tr("%1 (reviewed; the grade changed since)").arg(state);
        }
        case ScoreColumn:
            if (r.state == State::NotRun || r.state == State::Queued || r.state == State::Running)
                return QString();
            if (r.score < 0)
                return tr("no score");
            return QStringLiteral("%1 / %2%3").arg(scoreText(r.score), scoreText(r.maxScore),
                                                   r.overridden ? QStringLiteral(" *") : QString());
        case DurationColumn:
            if (r.durationS >= 0)
                return tr("%1 s").arg(QLocale().toString(r.durationS, 'f', 1));
            return hasResult(r.state) ? kNone.toString() : QString(); // a result without a sandbox run
        case BackendColumn:
            return r.backend.isEmpty() && hasResult(r.state) ? kNone.toString() : r.backend;
        default:
            return {};
        }
    case SortRole:
        switch (column) {
        case SizeColumn:
            return r.sizeBytes;
        case StatusColumn:
            return int(r.state);
        case ScoreColumn:
            return r.score;
        case DurationColumn:
            return r.durationS;
        default:
            return cellData(r, column, Qt::DisplayRole);
        }
    case Qt::ToolTipRole: {
        if (column == NameColumn)
            return r.late ? tr("The name in the LMS's file names; the LMS marked this submission late.")
                          : tr("The name in the LMS's file names");
        QStringList lines = r.notebookPaths.size() > 1 ? r.notebookPaths : QStringList{r.notebookPath};
        if (hasResult(r.state) && r.backend.isEmpty() && (column == DurationColumn || column == BackendColumn))
            lines << tr("No sandbox ran for this result: the submission could not be run as handed in.");
        if (!r.problem.isEmpty())
            lines << translatedCoreText(r.problem);
        if (r.stale && hasResult(r.state) && column == StatusColumn)
            lines << tr("Stale: this result was graded under other checks, reference notebook, data or limits than the "
                        "assignment's current ones. Grade again to update it.");
        if (!r.awaiting.isEmpty())
            lines << tr("Awaiting grading by hand: %1").arg(r.awaiting.join(QLatin1String(", ")));
        for (const QString &reason : r.reasons)
            lines << translatedCoreText(reason);
        if (r.overridden && column == ScoreColumn)
            lines << tr("* includes a manual override");
        return lines.join(QLatin1Char('\n'));
    }
    case Qt::DecorationRole:
        return column == StatusColumn ? statusIcon(r) : QVariant();
    case Qt::TextAlignmentRole:
        return column == SizeColumn || column == ScoreColumn || column == DurationColumn
                   ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
                   : QVariant();
    case NotebookPathRole:
        return r.notebookPath;
    case StudentRole:
        return r.student;
    default:
        return {};
    }
}

QVariant SubmissionsModel::statusIcon(const Row &r) const
{
    if (!qobject_cast<QApplication *>(QCoreApplication::instance()))
        return {};
    enum { Critical, Arrow, Reload, Apply, Warning, Information };
    auto icon = [this](int which) -> QVariant {
        static constexpr QStyle::StandardPixmap pixmaps[] = {QStyle::SP_MessageBoxCritical, QStyle::SP_ArrowRight, QStyle::SP_BrowserReload,
                                                             QStyle::SP_DialogApplyButton, QStyle::SP_MessageBoxWarning,
                                                             QStyle::SP_MessageBoxInformation};
        if (m_icons[which].isNull())
            m_icons[which] = QApplication::style()->standardIcon(pixmaps[which]);
        return m_icons[which];
    };
    switch (r.state) {
    case State::NotRun:
        return r.notebookPath.isEmpty() || !r.problem.isEmpty() ? icon(Critical) : QVariant();
    case State::Queued:
        return icon(Arrow);
    case State::Running:
        return icon(Reload);
    case State::Graded:
        return icon(Apply);
    case State::NeedsManual:
        return icon(Information);
    case State::NeedsReview:
        return icon(Warning);
    case State::GraderError:
        return icon(Critical);
    }
    return {};
}

QVariant SubmissionsModel::columnTitle(int column) const
{
    switch (column) {
    case StudentColumn:
        return tr("Student");
    case NameColumn:
        return tr("Name");
    case NotebookColumn:
        return tr("Notebook");
    case SizeColumn:
        return tr("Size");
    case StatusColumn:
        return tr("Status");
    case ScoreColumn:
        return tr("Score");
    case DurationColumn:
        return tr("Duration");
    case BackendColumn:
        return tr("Backend");
    default:
        return {};
    }
}

bool SubmissionsSortProxy::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    const auto *model = qobject_cast<const SubmissionsModel *>(sourceModel());
    if (!model || sortRole() != SortRole)
        return QSortFilterProxyModel::lessThan(left, right);
    const SubmissionsModel::Row &a = model->rows().at(left.row());
    const SubmissionsModel::Row &b = model->rows().at(right.row());
    switch (left.column()) {
    case SubmissionsModel::StudentColumn: // rows handed over in student order: their numbers say it
        return model->rowsInStudentOrder() ? left.row() < right.row() : a.student < b.student;
    case SubmissionsModel::SizeColumn:
        return a.sizeBytes < b.sizeBytes;
    case SubmissionsModel::StatusColumn:
        return a.state < b.state;
    case SubmissionsModel::ScoreColumn:
        return a.score < b.score;
    case SubmissionsModel::DurationColumn:
        return a.durationS < b.durationS;
    default:
        return QSortFilterProxyModel::lessThan(left, right);
    }
}

namespace {
/// One row's notebook check: its size (-1: no notebook, left as it is) and problem (empty: none).
std::pair<qint64, QString> checkNotebookRow(const SubmissionsModel::Row &r)
{
    if (r.notebookPath.isEmpty())
        return {-1, SubmissionsModel::tr("no notebook in the folder")};
    qint64 size = 0;
    QStringList problems;
    const QStringList paths = r.notebookPaths.isEmpty() ? QStringList{r.notebookPath} : r.notebookPaths;
    for (const QString &path : paths) {
        size += QFileInfo(path).size();
        if (const auto nb = Notebook::load(path); !nb) {
            Error e = nb.error();
            // The row names the student (the tooltip has the path); a problem set's problem names its file.
            e.file = paths.size() > 1 ? QFileInfo(path).fileName() : QString();
            problems << e.toString();
        }
    }
    return {size, problems.join(QLatin1String("; "))};
}
} // namespace

SubmissionsModel::NotebookRowChecks checkNotebookRows(const QList<SubmissionsModel::Row> &rows, const std::atomic<bool> *cancel)
{
    SubmissionsModel::NotebookRowChecks out;
    out.students.reserve(rows.size());
    out.problems.reserve(rows.size());
    out.sizes.reserve(rows.size());
    for (const SubmissionsModel::Row &r : rows) {
        if (cancel && cancel->load(std::memory_order_relaxed))
            break;
        auto [size, problem] = checkNotebookRow(r);
        out.students << r.student;
        out.problems << (r.problem.isEmpty() ? problem : r.problem); // the core's listing problems (ambiguous, symlink) win
        out.sizes << (size < 0 ? r.sizeBytes : size);
    }
    return out;
}

} // namespace sandmark
