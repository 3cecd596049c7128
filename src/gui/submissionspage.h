#pragma once
// The Submissions page.

#include "assignment/assignment.h"

#include <QWidget>

#include <optional>

class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;

namespace sandmark {

class JobTracker;
class SubmissionsModel;

/// Lists the submissions of the open assignment (its `submissions/` folder, or a folder chosen with Import
/// Folder…; found on a worker thread) in a sortable, filterable table. Double-clicking a row asks to preview
/// that student's notebook. Running submissions waits for the batch queue of the core (the Run buttons
/// say so). GUI thread only.
class SubmissionsPage : public QWidget
{
    Q_OBJECT
public:
    explicit SubmissionsPage(QWidget *parent = nullptr);
    void setAssignment(const std::optional<Assignment> &assignment);
    /// Lists the submissions in `folder` (one sub-folder per student), in the background.
    void importFolder(const QString &folder);
    SubmissionsModel *model() const { return m_model; }
    QSortFilterProxyModel *proxy() const { return m_proxy; }
    QLineEdit *filterEdit() const { return m_filter; }
    JobTracker *tracker() const { return m_tracker; }
    JobTracker *checkTracker() const { return m_checkTracker; }

Q_SIGNALS:
    /// The user asked to see this notebook (absolute path) in the Notebook preview.
    void previewRequested(const QString &notebookPath);
    void submissionsListed();
    /// Every listed notebook was loaded; rows that cannot be graded show why.
    void notebooksChecked();

private:
    std::optional<Assignment> m_assignment;
    SubmissionsModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTableView *m_table;
    QLineEdit *m_filter;
    QLabel *m_count;
    JobTracker *m_tracker;
    JobTracker *m_checkTracker; ///< loads the listed notebooks to show why one cannot be graded
};

} // namespace sandmark
