#include "batch/notebookmatch.h"

#include "batch/submissions.h"
#include "gradebook/gradebook.h"
#include "notebook/nbgrader.h"
#include "notebook/notebook.h"
#include "util/coretext.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>

namespace sandmark {

QString NotebookMatch::describe() const
{
    using coretext::text;
    switch (how) {
    case How::Exact: return text(coretext::matchedExactly).arg(notebook, file);
    case How::Name: return text(coretext::matchedByName).arg(notebook, file);
    case How::CellIds: return text(coretext::matchedByCellIds).arg(notebook, file);
    case How::Settled: return text(coretext::matchedSettled).arg(notebook, file);
    case How::NotHandedIn: return text(coretext::notebookNotHandedIn).arg(notebook);
    case How::Unmatched: break;
    }
    return QStringLiteral("%1: %2").arg(notebook, problem);
}

QString matchDecision(const QStringList &notes, const QString &notebook)
{
    const QString matched = notebook + QStringLiteral(" ← "), other = notebook + QStringLiteral(": ");
    for (const QString &note : notes)
        if (note.startsWith(matched) || note.startsWith(other))
            return note;
    return {};
}

QSet<QString> notebookCellIds(const QString &path)
{
    QSet<QString> ids;
    const Expected<Notebook> nb = Notebook::load(path);
    if (!nb)
        return ids;
    for (int i = 0; i < nb->cellCount(); ++i)
        if (const QString id = nb->cellId(i); !id.isEmpty())
            ids.insert(id);
    for (const NbgraderCell &c : nbgraderCells(*nb))
        if (!c.gradeId.isEmpty())
            ids.insert(c.gradeId);
    return ids;
}

QList<InstructorNotebook> instructorNotebooks(const Assignment &assignment)
{
    QList<InstructorNotebook> out;
    for (const QString &rel : assignment.notebooks())
        out << InstructorNotebook{rel, notebookCellIds(assignment.absolute(rel))};
    return out;
}

QString normalizedNotebookName(const QString &fileName)
{
    QString name = QFileInfo(fileName).fileName();
    if (name.endsWith(QLatin1String(".ipynb"), Qt::CaseInsensitive))
        name.chop(6);
    name = name.toCaseFolded().trimmed();
    // Copies made by browsers, file managers and Jupyter: "x (1)", "x(2)", "x-Copy1", "x - Copy", "x_copy",
    // "x copy 2", "Copy of x".
    static const QRegularExpression suffix(QStringLiteral("(\\s*\\(\\d+\\)|\\s*[-_ ]\\s*copy\\s*\\d*)$"));
    static const QRegularExpression prefix(QStringLiteral("^copy of\\s+"));
    for (;;) {
        const QString before = name;
        name.remove(suffix);
        name.remove(prefix);
        name = name.trimmed();
        if (name == before)
            break;
    }
    return name;
}

namespace {

QString listed(const QStringList &files)
{
    return files.join(QLatin1String(", "));
}

/// matchNotebooks()'s rule, one step per member: each gives the instructor notebooks still without a file one of
/// the files still left, in the rule's order.
class NotebookMatcher
{
public:
    NotebookMatcher(const QList<InstructorNotebook> &instructor, const QStringList &files,
                    const QHash<QString, QSet<QString>> &fileIds)
        : m_instructor(instructor), m_fileIds(fileIds), m_left(files)
    {
        m_left.sort();
        for (const InstructorNotebook &in : instructor)
            m_notebooks << NotebookMatch{in.notebook, {}, NotebookMatch::How::Unmatched, {}};
    }

    void takeSettled(const QMap<QString, QString> &settled);
    void takeExactNames();
    void takeNormalizedNames();
    void takeIdCarriers();
    void refuseOtherNotebooksContent();
    void explainUnmatched();
    ProblemSetMatch finish() &&;

private:
    void take(qsizetype i, const QString &file, NotebookMatch::How how)
    {
        m_notebooks[i].file = file;
        m_notebooks[i].how = how;
        m_left.removeOne(file);
    }
    /// Whether `file` carries ids of instructor notebook `i`.
    bool shares(const QString &file, qsizetype i) const
    {
        return m_fileIds.value(file).intersects(m_instructor[i].ids);
    }
    void noteLeftOver(const QString &file, bool anyUnmatched);

    const QList<InstructorNotebook> &m_instructor;
    const QHash<QString, QSet<QString>> &m_fileIds;
    QStringList m_left; ///< the files not matched yet, sorted
    QList<NotebookMatch> m_notebooks;
    QStringList m_notes;  ///< besides the decisions, which finish() puts first
    QStringList m_review;
};

/// 1. The instructor's choice.
void NotebookMatcher::takeSettled(const QMap<QString, QString> &settled)
{
    for (qsizetype i = 0; i < m_notebooks.size(); ++i) {
        const auto it = settled.constFind(m_notebooks[i].notebook);
        if (it == settled.cend())
            continue;
        if (m_left.contains(*it))
            take(i, *it, NotebookMatch::How::Settled);
        else
            m_notes << QStringLiteral("%1: the settled match %2 is not in the submission any more (matched by the "
                                      "rule)")
                           .arg(m_notebooks[i].notebook, *it);
    }
}

/// 2. The exact file name (at the top of the folder or below it).
void NotebookMatcher::takeExactNames()
{
    for (qsizetype i = 0; i < m_notebooks.size(); ++i) {
        if (!m_notebooks[i].file.isEmpty())
            continue;
        const QString want = QFileInfo(m_notebooks[i].notebook).fileName();
        QStringList same;
        for (const QString &f : std::as_const(m_left))
            if (QFileInfo(f).fileName() == want)
                same << f;
        if (same.contains(want))
            take(i, want, NotebookMatch::How::Exact);
        else if (same.size() == 1)
            take(i, same.first(), NotebookMatch::How::Exact);
    }
}

/// 3. The same name once case and copy suffixes are ignored, when exactly one file has it.
void NotebookMatcher::takeNormalizedNames()
{
    for (qsizetype i = 0; i < m_notebooks.size(); ++i) {
        if (!m_notebooks[i].file.isEmpty())
            continue;
        const QString want = normalizedNotebookName(m_notebooks[i].notebook);
        QStringList same;
        for (const QString &f : std::as_const(m_left))
            if (normalizedNotebookName(f) == want)
                same << f;
        if (same.size() == 1)
            take(i, same.first(), NotebookMatch::How::Name);
        else if (same.size() > 1)
            m_notebooks[i].problem = QStringLiteral("several notebooks could be it (%1)").arg(listed(same));
    }
}

/// 4. The one unmatched file carrying this instructor notebook's ids and no other unmatched one's.
void NotebookMatcher::takeIdCarriers()
{
    for (qsizetype i = 0; i < m_notebooks.size(); ++i) {
        if (!m_notebooks[i].file.isEmpty() || !m_notebooks[i].problem.isEmpty())
            continue;
        QStringList carriers;
        for (const QString &f : std::as_const(m_left))
            if (shares(f, i))
                carriers << f;
        if (carriers.size() != 1)
            continue;
        bool alsoOther = false;
        for (qsizetype j = 0; j < m_notebooks.size(); ++j)
            if (j != i && m_notebooks[j].file.isEmpty() && shares(carriers.first(), j))
                alsoOther = true;
        if (!alsoOther)
            take(i, carriers.first(), NotebookMatch::How::CellIds);
    }
}

/// A name match whose content is another instructor notebook's (problem1's cells in problem2.ipynb).
void NotebookMatcher::refuseOtherNotebooksContent()
{
    for (qsizetype i = 0; i < m_notebooks.size(); ++i) {
        NotebookMatch &n = m_notebooks[i];
        if (n.file.isEmpty() || n.how == NotebookMatch::How::Settled || n.how == NotebookMatch::How::CellIds
            || m_instructor[i].ids.isEmpty())
            continue;
        if (shares(n.file, i))
            continue;
        QStringList others;
        for (qsizetype j = 0; j < m_notebooks.size(); ++j)
            if (j != i && shares(n.file, j))
                others << m_notebooks[j].notebook;
        if (!others.isEmpty())
            n.problem = QStringLiteral("%1 holds the cells of %2, none of %3's (cell ids); not graded against the "
                                       "wrong checks")
                            .arg(n.file, listed(others), n.notebook);
    }
}

/// What is left: not handed in, or a problem saying why, with how to settle it.
void NotebookMatcher::explainUnmatched()
{
    for (NotebookMatch &n : m_notebooks) {
        if (!n.file.isEmpty())
            continue;
        if (m_left.isEmpty() && n.problem.isEmpty()) {
            n.how = NotebookMatch::How::NotHandedIn;
            continue;
        }
        if (n.problem.isEmpty())
            n.problem = QStringLiteral("no notebook matches it (not matched: %1)").arg(listed(m_left));
    }
    for (NotebookMatch &n : m_notebooks)
        if (!n.problem.isEmpty())
            n.problem += QStringLiteral("; settle it with: sandmark-cli match ASSIGNMENT STUDENT %1 FILE").arg(n.notebook);
}

/// The decisions as notes, with the files left over.
ProblemSetMatch NotebookMatcher::finish() &&
{
    // What a grader wants to see first (a rename, a notebook missing or unmatched) before what is as expected (the
    // same file name), which goes last.
    QStringList decisions, asExpected;
    for (const NotebookMatch &n : std::as_const(m_notebooks))
        (n.how == NotebookMatch::How::Exact ? asExpected : decisions) << n.describe();
    m_notes = decisions + m_notes;
    const bool anyUnmatched = std::any_of(m_notebooks.cbegin(), m_notebooks.cend(),
                                          [](const NotebookMatch &n) { return !n.problem.isEmpty(); });
    for (const QString &f : std::as_const(m_left))
        noteLeftOver(f, anyUnmatched);
    m_notes += asExpected;
    return ProblemSetMatch{std::move(m_notebooks), std::move(m_notes), std::move(m_review)};
}

/// A file no instructor notebook took: a second copy of a matched notebook (which one the student meant is a
/// guess), or a file that is not of the problem set (named only when every notebook is matched).
void NotebookMatcher::noteLeftOver(const QString &file, bool anyUnmatched)
{
    const auto copyOf = std::find_if(m_notebooks.cbegin(), m_notebooks.cend(), [&](const NotebookMatch &n) {
        return n.matched() && normalizedNotebookName(file) == normalizedNotebookName(n.notebook);
    });
    if (copyOf != m_notebooks.cend() && copyOf->how == NotebookMatch::How::Settled)
        m_notes << QStringLiteral("%1: not graded (the instructor settled %2 for %3)")
                       .arg(file, copyOf->file, copyOf->notebook);
    else if (copyOf != m_notebooks.cend())
        m_review << QStringLiteral("%1 is another copy of %2 (graded: %3); settle it if %1 is the one meant: "
                                   "sandmark-cli match ASSIGNMENT STUDENT %2 %1")
                        .arg(file, copyOf->notebook, copyOf->file);
    else if (!anyUnmatched)
        m_notes << QStringLiteral("%1: not a notebook of the problem set, not graded").arg(file);
}

} // namespace

ProblemSetMatch matchNotebooks(const QList<InstructorNotebook> &instructor, const QStringList &files,
                               const QHash<QString, QSet<QString>> &fileIds, const QMap<QString, QString> &settled)
{
    NotebookMatcher matcher(instructor, files, fileIds);
    matcher.takeSettled(settled);
    matcher.takeExactNames();
    matcher.takeNormalizedNames();
    matcher.takeIdCarriers();
    matcher.refuseOtherNotebooksContent();
    matcher.explainUnmatched();
    return std::move(matcher).finish();
}

ProblemSetMatch matchSubmission(const QList<InstructorNotebook> &instructor, const Submission &submission,
                                const QMap<QString, QString> &settled)
{
    QStringList files;
    QHash<QString, QSet<QString>> ids;
    const QDir root(submission.root);
    for (const QString &abs : submission.files) {
        if (!isNotebookName(abs))
            continue;
        const QString rel = root.relativeFilePath(abs);
        files << rel;
        ids.insert(rel, notebookCellIds(abs));
    }
    return matchNotebooks(instructor, files, ids, settled);
}

Expected<void> settleNotebookMatch(Gradebook &gradebook, const Assignment &assignment, const Submission &submission,
                                   const QString &notebook, const QString &file)
{
    if (!assignment.notebooks().contains(notebook))
        return Error{assignment.jsonPath(), QStringLiteral("notebooks"),
                     QStringLiteral("'%1' is not one of the assignment's notebooks (%2)")
                         .arg(notebook, assignment.notebooks().join(QLatin1String(", ")))};
    if (!file.isEmpty()) {
        const QString abs = QDir::cleanPath(QDir(submission.root).filePath(file));
        if (!isNotebookName(file) || !submission.files.contains(abs))
            return Error{file, {}, QStringLiteral("not a notebook handed in by %1 (%2)")
                                       .arg(submission.studentId, submission.root)};
    }
    return gradebook.settleMatch(submission.studentId, notebook, file.isEmpty() ? QString() : QDir::cleanPath(file));
}

void applySettledNotebook(Submission &submission, const QString &notebook, const QMap<QString, QString> &settled)
{
    if (!submission.problem.startsWith(QLatin1String("ambiguous:")) || !settled.contains(notebook))
        return;
    const QString abs = QDir::cleanPath(QDir(submission.root).filePath(settled.value(notebook)));
    if (!submission.files.contains(abs))
        return; // the settled file is gone: the folder stays ambiguous
    submission.problem.clear();
    submission.notebookPath = abs;
}

} // namespace sandmark
