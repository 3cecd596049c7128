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
template <typename T>
class QFutureWatcher;

namespace sandmark {

class InjectedCellFilter;
class NotebookCellModel;
class NotebookView;

/// Shows one notebook in one of three views (PreviewKind). Loading and building the cells run on a worker
/// thread (streamPreview): the rows arrive in chunks, the first screen's first, so a large notebook paints
/// before it is fully parsed; a newer load cancels the older one and drops its chunks. The view builds
/// documents only for visible cells and decodes images only when they are painted. Injected cells carry a coloured band and label and can be hidden. GUI thread only.
class NotebookPreview : public QWidget
{
    Q_OBJECT
public:
    explicit NotebookPreview(QWidget *parent = nullptr);
    /// Cancels a load still running (its worker stops at the next cell).
    ~NotebookPreview() override;

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
    /// True from a (re)load until its last chunk (or its error) is in the model.
    bool isLoading() const { return m_loading; }
    QString statusText() const;

Q_SIGNALS:
    /// The first rows of the current notebook and view are in the model (more may follow).
    void firstCellsShown();
    /// All cells of the current notebook and view are in the model.
    void loaded();
    /// Loading failed; `message` names the file and the place.
    void loadFailed(const QString &message);
    void showInjectedChanged(bool show);

private:
    void reload();
    void takeChunk(const PreviewChunk &chunk);
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
    QFutureWatcher<PreviewChunk> *m_watcher = nullptr;
    bool m_loading = false;
    QStringList m_notes;
    qint64 m_loadStarted = 0; ///< QElapsedTimer-style msecs, for the debug log
};

} // namespace sandmark
