#pragma once
// Draws one notebook cell: prompt, injected-cell band, highlighted source or rendered markdown, outputs.

#include <QAbstractItemDelegate>
#include <QCache>

class QAbstractItemView;

namespace sandmark {

class ImageCache;
struct CellLayout;
struct CellPainter;

/// Renders rows of NotebookCellModel (CellDataRole) at the width of `view`'s viewport. Text documents
/// (QTextDocument: highlighted code, markdown via setMarkdown, ANSI-coloured text, simple HTML) are built
/// only when a row is painted, i.e. visible, and kept in an LRU cache keyed by CellKeyRole; rows never
/// painted get a cheap height estimate from their line counts and image sizes. When a built row's real
/// height differs from the estimate, sizeHintChanged() is emitted (queued) so the view relays out.
/// Images are decoded by ImageCache in the background; a placeholder is drawn meanwhile. GUI thread only.
class NotebookCellDelegate : public QAbstractItemDelegate
{
    Q_OBJECT
public:
    NotebookCellDelegate(QAbstractItemView *view, QObject *parent = nullptr);
    ~NotebookCellDelegate() override;

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

    /// Number of rows whose documents exist now (at most the cache size, ~the visible rows after a scroll).
    int builtLayoutCount() const;
    /// Total number of row layouts built since construction (rises as the user scrolls).
    int layoutsBuilt() const { return m_layoutsBuilt; }
    ImageCache *images() const { return m_images; }
    /// Drops every cached layout and image (e.g. when a new notebook is shown).
    void clearCache();

    /// The width of the prompt column ("[12]:"), in pixels.
    int gutterWidth() const;

private:
    CellLayout *layoutFor(const QModelIndex &index, int width) const;
    /// The cell's source document: highlighted code, rendered markdown or plain text.
    void buildSource(CellLayout &l) const;
    /// Output `i` of the cell as a block: its document (HTML or preformatted text, hidden lines said) or image size.
    void addOutputBlock(CellLayout &l, int i) const;
    /// Asks the view, queued, for `index`'s height again: its estimate was off.
    void relayoutLater(const QModelIndex &index) const;
    /// The visible outputs of the cell `key`: prompt, background, text or image (a placeholder while it decodes).
    void paintOutputs(const CellPainter &p, quint64 key, const CellLayout &l, const QFont &font) const;
    int estimateHeight(const QModelIndex &index, int width) const;

    QAbstractItemView *m_view;
    ImageCache *m_images;
    mutable QCache<quint64, CellLayout> m_layouts;
    mutable int m_layoutsBuilt = 0;
};

} // namespace sandmark
