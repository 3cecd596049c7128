#pragma once
// Tab leaves a table: QTableView walks Tab from cell to cell (into the next student of the Submissions table),
// a trap for keyboard users. The app moves within a table with the arrow keys, and Tab to the next control.

#include <QObject>

namespace sandmark {

/// An event filter on the application that turns off QAbstractItemView::tabKeyNavigation for every item view
/// as it is first polished (and those of its parent, which may be polished already), in every window and dialog, including views created later. The main window installs
/// one for its lifetime (so tests see what users see); it owns nothing. GUI thread.
class TabLeavesViews : public QObject
{
    Q_OBJECT
public:
    /// Installs itself on QCoreApplication, and sets the views @p parent has already; removed when destroyed
    /// (parent it to what lives as long as the rule).
    explicit TabLeavesViews(QObject *parent);
    bool eventFilter(QObject *watched, QEvent *event) override;
};

} // namespace sandmark
