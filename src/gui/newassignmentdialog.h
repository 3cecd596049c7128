#pragma once
// New Assignment from Notebook: what the assignment gets, asked before anything is written.

#include "assignment/create.h"

#include <QDialog>

class QCheckBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;

namespace sandmark {

class JobTracker;

/// Asks for the title, the assignment folder (default: the notebook's), the data files beside the notebook to
/// supply (checkboxes; those a URL of the notebook names are ticked) and whether its nbgrader cells become checks
/// (ticked when it has some; the folder then defaults to "<slug>-assignment" beside the notebook, as the import copies it),
/// and warns, as the boxes change, about each URL the notebook reads that no ticked file serves (unservedUrls()).
/// The notebook is surveyed (surveyNotebook()) on the thread pool; surveyed() is emitted when the fields are filled.
/// options() gives the choices for createAssignment(), which the caller runs. GUI thread only.
class NewAssignmentDialog : public QDialog
{
    Q_OBJECT
public:
    explicit NewAssignmentDialog(const QString &notebookPath, QWidget *parent = nullptr);

    QString notebookPath() const { return m_notebook; }
    /// The choices as the fields show them.
    NewAssignmentOptions options() const;

    QLineEdit *titleEdit() const { return m_title; }
    QLineEdit *folderEdit() const { return m_folder; }
    /// One checkable item per NotebookSurvey::nearbyFiles entry (text: the relative path).
    QListWidget *filesList() const { return m_files; }
    QCheckBox *nbgraderBox() const { return m_nbgrader; }
    /// The URLs no ticked file serves, one per line, or empty (hidden).
    QLabel *urlWarning() const { return m_urlWarning; }
    QPushButton *createButton() const { return m_create; }

Q_SIGNALS:
    /// The survey arrived and the fields show it (or it failed: the error is shown and Create stays disabled).
    void surveyed();

private:
    void showSurvey(const NotebookSurvey &survey);
    void updateUrlWarning();
    /// Create is enabled once surveyed, unless nbgrader cells are to become checks in the notebook's own folder.
    void updateCreateState();

    QString m_notebook;
    JobTracker *m_tracker = nullptr;
    QStringList m_urls;
    bool m_surveyed = false;
    QLineEdit *m_title = nullptr;
    QLineEdit *m_folder = nullptr;
    QListWidget *m_files = nullptr;
    QCheckBox *m_nbgrader = nullptr;
    QLabel *m_urlWarning = nullptr;
    QLabel *m_status = nullptr;
    QPushButton *m_create = nullptr;
};

} // namespace sandmark
