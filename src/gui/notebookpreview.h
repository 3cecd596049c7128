#pragma once
// The Notebook preview page: instructor, release and instrumented views of a notebook.

#include "assignment/assignment.h"
#include "celldata.h"

#include <QWidget>

#include <optional>

class QButtonGroup;
class QCheckBox;
class QComboBox;
class QLabel;

namespace sandmark {

class InjectedCellFilter;
class JobTracker;
class NotebookCellModel;
class NotebookView;

/// Shows one notebook in one of three views (PreviewKind). Loading and building the cells run on a worker
/// thread (JobTracker: switching quickly drops the stale results); the view builds documents only for
/// visible cells. Injected cells carry a coloured band and label and can be hidden. GUI thread only.
class NotebookPreview : public QWidget
{
    Q_OBJECT
public:
    explicit NotebookPreview(QWidget *parent = nullptr);

    /// Lists the assignment's instructor notebooks and shows the first one (nullopt: none open).
    void setAssignment(const std::optional<Assignment> &assignment);
    /// Shows the notebook file `path` (absolute) in the current view; loads in the background.
    void showNotebook(const QString &path);
    QString notebookPath() const { return m_path; }

    PreviewKind kind() const { return m_kind; }
    void setKind(PreviewKind kind);
    bool showInjected() const;
    void setShowInjected(bool show);

    NotebookCellModel *cellModel() const { return m_model; }
    InjectedCellFilter *filterModel() const { return m_filter; }
    NotebookView *view() const { return m_view; }
    JobTracker *tracker() const { return m_tracker; }
    QString statusText() const;

Q_SIGNALS:
    /// The cells of the current notebook and view are in the model.
    void loaded();
    /// Loading failed; `message` names the file and the place.
    void loadFailed(const QString &message);
    void showInjectedChanged(bool show);

private:
    void reload();
    void chooseNotebookFile();

    std::optional<Assignment> m_assignment;
    QString m_path;
    PreviewKind m_kind = PreviewKind::Instructor;
    QComboBox *m_notebooks;
    QButtonGroup *m_kinds;
    QCheckBox *m_showInjected;
    QLabel *m_status;
    NotebookCellModel *m_model;
    InjectedCellFilter *m_filter;
    NotebookView *m_view;
    JobTracker *m_tracker;
};

} // namespace sandmark
