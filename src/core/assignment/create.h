#pragma once
// Starting an assignment from an instructor notebook.

#include "assignment/assignment.h"
#include "util/expected.h"

#include <QString>
#include <QStringList>

namespace sandmark {

/// Writes a minimal assignment.json next to the instructor notebook `notebookPath` (format 1, a slug made
/// from the file name, the title from the notebook's first Markdown heading, the notebook, no checks yet)
/// and returns the assignment folder. Refuses when the folder already has an assignment.json or the
/// notebook does not load. Written atomically (QSaveFile). Blocking file I/O: call it off the GUI thread.
Expected<QString> createAssignmentFromNotebook(const QString &notebookPath);

/// Loads the assignment an import or New Assignment wrote into `stagedFolder` (before it is moved into place) as
/// load() reads it: an importer never leaves an assignment that Sandmark itself refuses. Its first problem names
/// `source` (what was imported) and the field ("checks[2].id"). Blocking file I/O.
Expected<void> checkNewAssignment(const QString &stagedFolder, const QString &source);

/// The slug Sandmark proposes for a file name: lower case, runs of other characters as '-', at most 64
/// characters, "assignment" when nothing is left. Pure function.
QString slugFromFileName(const QString &fileName);

/// What New Assignment from Notebook shows before anything is written (surveyNotebook()).
struct NotebookSurvey
{
    QString title;           ///< the notebook's first Markdown heading, else its file name without .ipynb
    QString slug;            ///< slugFromFileName() of the notebook
    QStringList nearbyFiles; ///< files beside the notebook (its folder and below; hidden ones, notebooks, assignment.json and submissions/ left out), relative, sorted; at most 500
    QStringList urls;        ///< http(s) URLs written in its code cells, in order of first appearance
    int nbgraderCells = 0;   ///< cells with nbgrader metadata: turned into checks as `import nbgrader` does
};

/// Reads the notebook at `notebookPath` and lists what the dialog offers. Errors: the notebook does not load.
/// Blocking file I/O: call it off the GUI thread.
Expected<NotebookSurvey> surveyNotebook(const QString &notebookPath);

/// The URLs of `urls` that no file of `files` serves: neither listed in a file's URLs nor ending in a file's name
/// (the redirect serves both, plan.h). Pure.
QStringList unservedUrls(const QStringList &urls, const QList<DataFile> &files);

/// Choices of New Assignment from Notebook.
struct NewAssignmentOptions
{
    QString title;          ///< empty: the survey's title
    /// The assignment folder; empty or the notebook's folder: assignment.json is written beside the notebook.
    /// Another folder (created when missing; it must not hold an assignment.json) gets copies of the notebook and
    /// of `dataFiles`, at the same relative paths.
    QString folder;
    QStringList dataFiles;  ///< files beside the notebook (relative to its folder) supplied to every run
    /// Turn the notebook's nbgrader cells into checks as `sandmark-cli import nbgrader` does (importNbgrader(): the
    /// notebook is copied, so `folder` must be another, empty or new, folder).
    bool nbgraderChecks = false;
};

/// Creates the assignment `options` describe from the instructor notebook `notebookPath` and returns its folder:
/// createAssignmentFromNotebook() or importNbgrader(), then the title and the data files through editAssignment()
/// (refused, naming the field, as that refuses them). Blocking: file I/O, and with nbgrader AUTOTEST cells a
/// sandbox run; call it off the GUI thread.
Expected<QString> createAssignment(const QString &notebookPath, const NewAssignmentOptions &options);

} // namespace sandmark
