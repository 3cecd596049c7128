#include "columnfit.h"

#include <QHeaderView>
#include <QStyle>
#include <QStyleOptionHeader>
#include <QTableView>

#include <algorithm>

namespace sandmark {

namespace {
/// The width of column `c`'s header without the sort indicator's room (QHeaderView reserves it in every section
/// while one is shown: about 30 px a column).
int headerWidth(const QTableView *table, int c)
{
    const QHeaderView *header = table->horizontalHeader();
    QStyleOptionHeader opt;
    opt.initFrom(header);
    opt.section = c;
    opt.text = table->model()->headerData(c, Qt::Horizontal).toString();
    opt.fontMetrics = header->fontMetrics();
    return header->style()->sizeFromContents(QStyle::CT_HeaderSection, &opt, QSize(), header).width();
}

/// The width of column `c`'s header with its title on lines of its words (the longest word whole).
int wrappedHeaderWidth(const QTableView *table, int c)
{
    const QHeaderView *header = table->horizontalHeader();
    const QString title = table->model()->headerData(c, Qt::Horizontal).toString();
    int word = 0;
    for (const QString &w : title.split(QLatin1Char(' '), Qt::SkipEmptyParts))
        word = qMax(word, header->fontMetrics().horizontalAdvance(w));
    return headerWidth(table, c) - header->fontMetrics().horizontalAdvance(title) + word;
}

/// The header of `table` as high as its titles need on lines of their words at the columns' widths.
void fitHeaderHeight(QTableView *table)
{
    QHeaderView *header = table->horizontalHeader();
    const QFontMetrics fm = header->fontMetrics();
    int text = fm.height();
    for (int c = 0; c < table->model()->columnCount(); ++c) {
        if (table->isColumnHidden(c))
            continue;
        const QString title = table->model()->headerData(c, Qt::Horizontal).toString();
        const int margins = headerWidth(table, c) - fm.horizontalAdvance(title);
        text = qMax(text, fm.boundingRect(QRect(0, 0, qMax(1, table->columnWidth(c) - margins), 10000),
                                          int(Qt::AlignCenter | Qt::TextWordWrap), title).height());
    }
    header->setMinimumHeight(0);
    header->setMinimumHeight(header->sizeHint().height() + text - fm.height());
}

} // namespace

static void fitColumns(QTableView *table, int elastic, int cap, double share, bool wrapTitles);

void fitColumnsToView(QTableView *table, int elastic, int cap, double share, bool wrapTitles)
{
    // A new header height or scroll bar resizes the viewport at once (a resize event, which calls this again): that
    // call only asks for another pass after this one, at most two.
    static const char *const kFitting = "sandmarkFittingColumns";
    static const char *const kAgain = "sandmarkFitColumnsAgain";
    if (!table->model())
        return;
    if (table->property(kFitting).toBool()) {
        table->setProperty(kAgain, true);
        return;
    }
    table->setProperty(kFitting, true);
    for (int pass = 0; pass < 2; ++pass) {
        table->setProperty(kAgain, false);
        fitColumns(table, elastic, cap, share, wrapTitles);
        if (!table->property(kAgain).toBool())
            break;
    }
    table->setProperty(kFitting, false);
}

static void fitColumns(QTableView *table, int elastic, int cap, double share, bool wrapTitles)
{
    QHeaderView *header = table->horizontalHeader();
    table->resizeColumnsToContents();
    const int columns = table->model()->columnCount();
    int last = -1;
    for (int c = 0; c < columns; ++c)
        if (!table->isColumnHidden(c))
            last = c;
    const auto contents = [table](int c) { return static_cast<const QAbstractItemView *>(table)->sizeHintForColumn(c); };
    const auto fixedWidth = [&] {
        int fixed = 0;
        for (int c = 0; c < columns; ++c)
            if (!table->isColumnHidden(c) && c != elastic && c != last)
                fixed += table->columnWidth(c);
        return fixed;
    };
    const auto unsorted = [&](int c) { return !table->isColumnHidden(c) && !(header->isSortIndicatorShown() && c == header->sortIndicatorSection()); };
    if (header->isSortIndicatorShown())
        for (int c = 0; c < columns; ++c)
            if (unsorted(c))
                table->setColumnWidth(c, qMax(contents(c), headerWidth(table, c)));
    const int wanted = qMin(table->columnWidth(elastic), cap);
    // Titles on one line while the elastic column keeps room for its title and a few characters; else on lines of
    // their words.
    const int room = qMax(qMin(wanted, 8 * table->fontMetrics().averageCharWidth()), headerWidth(table, elastic));
    const bool wrap = wrapTitles && table->viewport()->width() - fixedWidth() - (last == elastic ? 0 : table->columnWidth(last)) < room;
    if (wrapTitles)
        header->setDefaultAlignment(wrap ? Qt::Alignment(Qt::AlignCenter | Qt::TextWordWrap) : Qt::Alignment(Qt::AlignCenter));
    if (wrap)
        for (int c = 0; c < columns; ++c)
            if (unsorted(c) && c != elastic)
                table->setColumnWidth(c, qMax(contents(c), wrappedHeaderWidth(table, c)));
    const int lastWidth = last == elastic ? 0 : table->columnWidth(last); // its contents' width, or more when stretched
    const int left = table->viewport()->width() - fixedWidth();
    const int width = left - lastWidth >= wanted ? wanted : qMax(qMin(wanted, int(left * share)), left - lastWidth);
    table->setColumnWidth(elastic, qMax(width, header->minimumSectionSize()));
    if (wrap)
        fitHeaderHeight(table);
    else if (wrapTitles)
        header->setMinimumHeight(0);
}

int fitColumnsWrapped(QTableView *table)
{
    if (!table->model())
        return 0;
    QHeaderView *header = table->horizontalHeader();
    header->setDefaultAlignment(Qt::Alignment(Qt::AlignCenter | Qt::TextWordWrap));
    header->setTextElideMode(Qt::ElideNone);
    int width = 0;
    for (int c = 0; c < table->model()->columnCount(); ++c) {
        if (table->isColumnHidden(c))
            continue;
        const QString title = table->model()->headerData(c, Qt::Horizontal).toString();
        const int margins = headerWidth(table, c) - header->fontMetrics().horizontalAdvance(title);
        // Two lines of the title at most where its words allow.
        const int w = std::max({static_cast<const QAbstractItemView *>(table)->sizeHintForColumn(c), wrappedHeaderWidth(table, c),
                            margins + (header->fontMetrics().horizontalAdvance(title) + 1) / 2 + header->fontMetrics().averageCharWidth()});
        table->setColumnWidth(c, w);
        width += w;
    }
    fitHeaderHeight(table);
    return width;
}

} // namespace sandmark
