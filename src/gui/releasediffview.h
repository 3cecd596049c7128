#pragma once
// A student's notebook against the release, cell by cell.

#include "notebook/celldiff.h"

#include <QAbstractListModel>
#include <QWidget>

class QCheckBox;
class QLabel;
class QListView;

namespace sandmark {

/// One row per cell of a NotebookDiff (the core's diffNotebooks()): a header naming both cells ("cells[3] →
/// cells[3] · answer · changed") and the cell's unified diff lines; an unchanged cell collapses to its header and
/// first line unless setShowUnchanged(true). Answer cells are tinted (changed ones strongly), added and removed
/// cells too. A row shows at most kShownLines lines of at most kShownLineChars characters each (a longer one cut,
/// "…"), so no row is too large to lay out or paint; a cell too large to diff line by line (CellDiff::tooLarge)
/// says so with both sides' sizes above the heads the core kept. Holds the diff; does no work. GUI thread only.
class CellDiffModel : public QAbstractListModel
{
    Q_OBJECT
public:
    explicit CellDiffModel(QObject *parent = nullptr);
    void setDiff(NotebookDiff diff);
    const NotebookDiff &diff() const { return m_diff; }
    /// Whether unchanged cells show their whole source (false: one line each).
    void setShowUnchanged(bool show);
    bool showsUnchanged() const { return m_showUnchanged; }

    /// The most lines, and characters per line, a row shows.
    static constexpr qsizetype kShownLines = 400;
    static constexpr qsizetype kShownLineChars = 400;
    /// `lines` as a row shows them: bounded as above, then a line saying how many are not shown.
    static QString shownLines(const QStringList &lines);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    NotebookDiff m_diff;
    bool m_showUnchanged = false;
};

/// The Diff tab of the submission detail: the cell list (CellDiffModel), "Show unchanged cells" and a summary
/// line ("2 cells changed (1 answer), 1 added, 0 removed"). GUI thread only.
class ReleaseDiffView : public QWidget
{
    Q_OBJECT
public:
    explicit ReleaseDiffView(QWidget *parent = nullptr);
    /// Shows `diff` of `student`'s notebook against the release of `notebook`.
    void setDiff(const QString &notebook, const NotebookDiff &diff);
    /// Shows `message` instead of a diff (still computing, or why there is none).
    void setMessage(const QString &message);
    CellDiffModel *model() const { return m_model; }
    QListView *view() const { return m_view; }
    QCheckBox *showUnchangedBox() const { return m_showUnchanged; }
    QString summaryText() const;

private:
    CellDiffModel *m_model;
    QLabel *m_summary;
    QCheckBox *m_showUnchanged;
    QListView *m_view;
};

} // namespace sandmark
