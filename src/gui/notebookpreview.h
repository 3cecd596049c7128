#pragma once
// The Notebook preview page: instructor, release and instrumented views of a notebook.

#include "assignment/assignment.h"
#include "celldata.h"

#include <QWidget>

#include <optional>

class QButtonGroup;
class QCheckBox;
class QLabel;
class QTabBar;
template <typename T>
class QFutureWatcher;

namespace sandmark {

class InjectedCellFilter;
class JobTracker;
class NotebookCellModel;
class NotebookView;

/// Shows one notebook. In the Assignment role (the Notebook preview page) an instructor notebook is shown in one
/// of three views (PreviewKind); any other file (a student's, from "Open Notebook File…" or a double-click) gets a
/// closable tab of its own after them and is shown as written or instrumented, never under "Instructor" and never
/// as a release. In the RunArtifact role (a submission's executed notebook) a file is only ever shown as itself,
/// with a caption naming whose run it is: no view choice, no tabs. Loading and building the cells run
/// on a worker thread (streamPreview): the rows arrive in chunks, the first screen's first, so a large notebook
/// paints before it is fully parsed; a newer load cancels the older one and drops its chunks. The view builds
/// documents only for visible cells and decodes images only when they are painted. Injected cells carry a
/// coloured band and label and can be hidden. The notebook switcher is the one way to change notebooks: one tab per
/// instructor notebook in the assignment's order (a problem set's each keep the view chosen: instructor, release,
/// instrumented with that notebook's own checks), then the other files opened. The Instructor view of an instructor
/// notebook shows the outputs of the assignment's latest reference run (its executed notebook, kept by ReferenceRun:
/// latestReferenceNotebook()), labelled with when it ran, or says that there is none. GUI thread only.
class NotebookPreview : public QWidget
{
    Q_OBJECT
public:
    enum class Role { Assignment, RunArtifact };
    explicit NotebookPreview(QWidget *parent = nullptr) : NotebookPreview(Role::Assignment, parent) {}
    NotebookPreview(Role role, QWidget *parent);
    /// Cancels a load still running (its worker stops at the next cell).
    ~NotebookPreview() override;

    /// Lists the assignment's instructor notebooks and shows the first one (nullopt: none open).
    void setAssignment(const std::optional<Assignment> &assignment);
    /// Shows the notebook file `path` (absolute) in the current view and selects its tab; loads in the background. A
    /// file that is not one of the assignment's instructor notebooks gets one tab of its own (closable) and is shown
    /// as written (the Release view applies to instructor notebooks only).
    void showNotebook(const QString &path);
    /// RunArtifact role: shows `path` as written, captioned `caption` ("executed.ipynb of bob, run …").
    void showRunArtifact(const QString &path, const QString &caption);
    QString notebookPath() const { return m_path; }
    /// Whether the notebook shown is one of the open assignment's instructor notebooks.
    bool showsInstructorNotebook() const;
    /// The label of the current notebook's tab (RunArtifact role: the caption).
    QString notebookLabel() const;
    /// The notebook tabs' labels (one per file; for tests and the accessibility tree).
    QStringList notebookEntries() const;
    /// The notebook switcher: a tab per instructor notebook, then per other file opened.
    QTabBar *notebookSwitcher() const { return m_switcher; }
    /// Whether the switcher is shown (the Assignment role with a notebook open).
    bool isNotebookSwitcherShown() const;
    /// Whether the view `kind` can be chosen for the notebook shown.
    bool isKindAvailable(PreviewKind kind) const;

    PreviewKind kind() const { return m_kind; }
    /// A reference run ended: the Instructor view of an instructor notebook shows its outputs (loaded again).
    void referenceRunChanged();
    /// The Instructor view's line about the reference run: "Outputs from the reference run of …", or why there are
    /// none; empty in the other views and for other files.
    QString referenceNote() const { return m_referenceNote; }

    /// Switches the view; a view that does not apply to the notebook shown (isKindAvailable) is ignored.
    void setKind(PreviewKind kind);
    bool showInjected() const;
    void setShowInjected(bool show);

    /// Scrolls to the notebook's cell at position `index` (cells[index], as reasons and the execution record name
    /// it) and selects it; while the notebook is still loading, as soon as that cell arrives. Returns false when
    /// the loaded notebook has no such cell (nothing changes).
    bool showCell(int index);
    /// The position in the notebook (cells[N]) of the selected cell, -1 when none is selected.
    int selectedCell() const;

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
    /// Loads the current notebook in the current view; the Instructor view of an instructor notebook first looks up
    /// (in the background) the latest reference run's executed notebook and shows that, with its outputs.
    void reload();
    /// Streams `file` (the notebook shown, or its reference run's executed copy) into the model.
    void startStream(const QString &file);
    void takeChunk(const PreviewChunk &chunk);
    void chooseNotebookFile();
    void updateKindButtons();
    /// Selects and scrolls to cell m_pendingCell when the model holds it; true when it did.
    bool applyPendingCell();
    /// How many tabs are the assignment's instructor notebooks (the first ones; the others are other files).
    int instructorTabs() const;

    Role m_role;
    std::optional<Assignment> m_assignment;
    QString m_path;
    PreviewKind m_kind = PreviewKind::Instructor;
    QTabBar *m_switcher;
    QButtonGroup *m_kinds;
    QCheckBox *m_showInjected;
    QLabel *m_caption;
    QLabel *m_status;
    NotebookCellModel *m_model;
    InjectedCellFilter *m_filter;
    NotebookView *m_view;
    QFutureWatcher<PreviewChunk> *m_watcher = nullptr;
    bool m_loading = false;
    QStringList m_notes;
    JobTracker *m_referenceLookup;
    QString m_referenceNote; ///< referenceNote()
    int m_pendingCell = -1; ///< showCell() asked for it before it was loaded
    qint64 m_loadStarted = 0; ///< QElapsedTimer-style msecs, for the debug log
};

} // namespace sandmark
