#pragma once
// Feedback for students: one self-contained HTML file per submission, like nbgrader's `generate_feedback`
// (the executed notebook with per-cell scores and comments). Format and safety rules: docs/nbgrader.md
// ("Feedback").

#include "assignment/assignment.h"
#include "gradebook/gradebook.h"
#include "notebook/notebook.h"
#include "util/expected.h"

#include <QByteArray>
#include <QList>
#include <QHash>
#include <QString>

#include <optional>

namespace sandmark {

/// What one feedback page shows.
struct FeedbackInput
{
    QString assignmentTitle;
    EffectiveGrade grade;            ///< the submission's latest run with overrides and manual grades
    QList<Check> checks;             ///< the assignment's checks: place each result at its cell
    std::optional<Notebook> executed; ///< the executed notebook (student cells with outputs); none: scores only
    /// A problem set: its instructor notebooks in the assignment's order (Assignment::notebooks()). Each gets a
    /// section with its own score and its checks (Check::notebook), also one that did not run. Empty: one notebook.
    QStringList notebooks;
    /// A problem set: each executed notebook under its instructor notebook's name; `executed` is unused then. A
    /// notebook that did not run (not handed in, not matched) or whose run folder is gone is left out: its section
    /// lists its checks without cells.
    QList<std::pair<QString, Notebook>> executedNotebooks;
};

/// Renders the feedback page: UTF-8 HTML5 with no external resource (styles inline; PNG, JPEG and GIF
/// outputs inlined as data: URIs after checking they are base64; the only links go to the page's own cells).
/// Everything from the notebook, the checks and the gradebook is HTML-escaped: markdown and code are shown as
/// text, rich outputs only as text/plain or images — never as HTML, SVG or JavaScript — and a
/// Content-Security-Policy forbids scripts, so a student's `<script>` stays text. Laid out per cell as nbgrader's
/// generate_feedback: per notebook its score and its graded cells' scores, each graded cell headed by its score
/// and followed by its checks (a test check's nbgrader grade_id, a manual or anchored value check's answer cell;
/// the others after the last cell) with their feedback and a person's comments; every check in the summary table.
/// A value check's expected (reference) value is shown only when its Check::showExpected is set; a check's
/// feedback only as far as its kind lets the student see it (CheckKind::studentFeedback(): a failed cell with
/// nbgrader hidden tests says so without the message).
/// Pure function; thread-safe.
QByteArray renderFeedbackHtml(const FeedbackInput &input);

/// A file name for `studentId`'s page, safe on every file system: the id composed (NFC), its letters and digits of
/// any script (QChar::isLetterOrNumber, with the marks that follow them), '.', '_' and '-' kept, every other
/// character (separators, control characters, spaces) replaced by '_', a leading '.' replaced too, at most 120 bytes
/// of UTF-8, never a Windows device name (CON…), plus ".html". Distinct ids can share it: name a class with
/// feedbackFileNames().
QString feedbackFileName(const QString &studentId);

/// The file names of every student's page, for all of `studentIds` at once (the whole class, so that a name does
/// not depend on which pages are written): an id that is its own safe name keeps it ("a_b" → "a_b.html"); the
/// others take feedbackFileName(), numbered "-2", "-3"… (case-insensitively) past every name already given, so
/// that "a b" can never take the page of a student called "a_b". Pure.
QHash<QString, QString> feedbackFileNames(const QStringList &studentIds);

/// One page writeFeedbackFolder() wrote.
struct FeedbackPage
{
    QString studentId;
    QString path;                ///< the page's absolute path
    std::optional<double> score; ///< EffectiveGrade::score(): none when nothing could be graded
    double maxScore = 0;
};

/// What writeFeedbackFolder() did.
struct FeedbackFolderReport
{
    QList<FeedbackPage> pages; ///< in the order of the grades given
    /// One line per page that shows the scores only, and why ("no executed notebook for bob (run folder … is
    /// gone); the page shows the scores only"), or a notebook that could not be read.
    QStringList notes;
};

/// Writes one feedback page (renderFeedbackHtml()) per submission of `grades` — only those of `students` when it is
/// not empty (a student without a grade has no page: the caller checks) — into `folder` (created when missing),
/// each atomically (QSaveFile), named by feedbackFileNames() over every student of `grades` (so a page's name does
/// not depend on which pages are written). Each page shows the executed notebook(s) of the submission's latest run,
/// read from its artifacts folder (a problem set: each notebook's); a run folder that is gone leaves the scores
/// only, said in `notes`. `sandmark-cli feedback` and the app's Export menu call this. Errors: the folder cannot be
/// created, a page cannot be written (pages written before it stay, each whole). Blocking file I/O: a worker thread
/// in the app.
Expected<FeedbackFolderReport> writeFeedbackFolder(const Assignment &assignment, const QList<EffectiveGrade> &grades,
                                                   const QString &folder, const QStringList &students = {});

} // namespace sandmark
