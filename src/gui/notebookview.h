#pragma once
// The scrolling view of a notebook's cells.

#include <QListView>

namespace sandmark {

class NotebookCellDelegate;

/// A QListView set up for notebook cells: per-pixel scrolling, rows as wide as the viewport, no editing,
/// drawn by NotebookCellDelegate (which builds documents for visible rows only). Emits contentPainted()
/// after each paint that showed at least one row (used by the first-paint benchmark). GUI thread only.
class NotebookView : public QListView
{
    Q_OBJECT
public:
    explicit NotebookView(QWidget *parent = nullptr);

    NotebookCellDelegate *cellDelegate() const { return m_delegate; }

Q_SIGNALS:
    void contentPainted();

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    NotebookCellDelegate *m_delegate;
};

} // namespace sandmark
