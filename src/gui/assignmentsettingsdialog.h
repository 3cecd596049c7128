#pragma once
// Editing an assignment's own fields of assignment.json: one editor per field, written by the core's editor.

#include "assignment/assignment.h"
#include "assignment/edit.h"

#include <QDialog>
#include <QSet>

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QTableWidget;

namespace sandmark {

class JobTracker;

/// The assignment settings: title, notebooks, supplied data files with their URL redirects, dependencies,
/// required datasets (with revision), every limit of kLimitFields, sandbox backend and Docker image. edit() gives
/// only what changed; Save writes it with editAssignment() on the thread pool, which refuses a value the loader
/// would refuse: the error (naming the file and the field) is shown in the dialog, which stays open, and nothing
/// is written. On success saved() is emitted and the dialog accepts. GUI thread only.
class AssignmentSettingsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit AssignmentSettingsDialog(const Assignment &assignment, QWidget *parent = nullptr);

    /// The changes the editors make to the assignment as it was given (empty when nothing changed).
    AssignmentEdit edit() const;
    /// Writes edit() in the background (the Save button); nothing when it is empty but accepting.
    void save();
    /// Adds a data file row (`path` relative to the assignment folder), as Add… does after its file dialog.
    void addDataFile(const QString &path);
    /// Adds a notebook (relative to the assignment folder), as Add… does after its file dialog.
    void addNotebook(const QString &path);

    QLineEdit *titleEdit() const { return m_title; }
    QListWidget *notebooksList() const { return m_notebooks; }
    /// Columns: path (read-only), URLs (editable, separated by spaces).
    QTableWidget *dataFilesTable() const { return m_dataFiles; }
    QPlainTextEdit *dependenciesEdit() const { return m_dependencies; }
    QPlainTextEdit *datasetsEdit() const { return m_datasets; }
    /// One row per kLimitFields entry, in its order. Columns: key, value (editable; empty: the default), default.
    QTableWidget *limitsTable() const { return m_limits; }
    QComboBox *sandboxCombo() const { return m_sandbox; }
    QLineEdit *dockerImageEdit() const { return m_dockerImage; }
    /// The last save's error, or empty.
    QLabel *errorLabel() const { return m_error; }
    QPushButton *saveButton() const { return m_save; }

Q_SIGNALS:
    /// assignment.json was written (the caller reloads the assignment).
    void saved();
    /// A save was refused; `error` names the file and the field. Also shown in errorLabel().
    void saveFailed(const sandmark::Error &error);

private:
    QWidget *buildGeneral();
    QWidget *buildFiles();
    QWidget *buildEnvironment();
    QWidget *buildLimits();
    void setBusy(bool busy);

    Assignment m_assignment;
    QSet<QString> m_limitsInFile; ///< the keys of assignment.json's "limits" object
    JobTracker *m_tracker = nullptr;
    QLineEdit *m_title = nullptr;
    QListWidget *m_notebooks = nullptr;
    QTableWidget *m_dataFiles = nullptr;
    QPlainTextEdit *m_dependencies = nullptr;
    QPlainTextEdit *m_datasets = nullptr;
    QTableWidget *m_limits = nullptr;
    QComboBox *m_sandbox = nullptr;
    QLineEdit *m_dockerImage = nullptr;
    QLabel *m_error = nullptr;
    QPushButton *m_save = nullptr;
};

} // namespace sandmark
