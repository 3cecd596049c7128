#pragma once
// Fitting a table's columns to its width: every column in view without a horizontal scroll bar on a 1024x640
// screen (issue 19), the Checks page's and the Results page's pass rates alike.

class QTableView;

namespace sandmark {

/// Every column of `table` in view at its viewport's width: each column at its contents' width (its header's text
/// whole; the sort indicator's room only where it is shown), except `elastic`, at most `cap` px, and the last
/// visible column, stretched (QHeaderView::stretchLastSection). When both do not fit, `elastic` gets `share` of
/// what the other columns leave (less when it needs less) and the last column the rest, or, with a `share` of 0,
/// the last column its contents' width and `elastic` the rest; what does not fit elides, the tooltip has it whole
/// (the model's). `wrapTitles`: when the other columns leave `elastic` less than a few characters, their titles go
/// on lines of their words (the header two lines high, its text elide mode Qt::ElideNone). Call it on a new model's
/// contents, on the viewport's resizes and when the sorted column changes.
void fitColumnsToView(QTableView *table, int elastic, int cap, double share, bool wrapTitles = false);

/// Every column of `table` at its contents' width, its header's title on lines of its words, two where they allow
/// (a narrow table beside a wider one; the header as high as the titles need). Returns the columns' width in all.
int fitColumnsWrapped(QTableView *table);

} // namespace sandmark
