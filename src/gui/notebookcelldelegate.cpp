#include "notebookcelldelegate.h"

#include "celldata.h"
#include "highlighting.h"
#include "imagecache.h"
#include "notebookcellmodel.h"
#include "roles.h"

#include <QAbstractItemView>
#include <QAbstractTextDocumentLayout>
#include <QFontDatabase>
#include <QPainter>
#include <QPointer>
#include <QTextDocument>
#include <QTextOption>

#include <memory>
#include <vector>

namespace sandmark {

namespace {
constexpr int kMargin = 6;  // around a cell
constexpr int kGap = 4;     // between blocks of a cell
constexpr int kBand = 5;    // the injected cells' coloured band
constexpr int kPad = 4;     // inside a block's frame
constexpr int kCacheRows = 120;

QColor bandColor(InjectedKind kind)
{
    switch (kind) {
    case InjectedKind::Redirect:
        return QColor(0x1f, 0x6f, 0xb5); // blue
    case InjectedKind::Probe:
        return QColor(0xc2, 0x5e, 0x00); // orange
    case InjectedKind::Test:
        return QColor(0x7b, 0x3f, 0xb0); // purple
    case InjectedKind::None:
        break;
    }
    return {};
}

QFont monoFont()
{
    return QFontDatabase::systemFont(QFontDatabase::FixedFont);
}
} // namespace

struct CellLayout
{
    struct Block
    {
        std::unique_ptr<QTextDocument> doc; // null for images
        int output = -1;
        QRect rect;   // relative to the cell's top-left, includes padding
        QSize imageSize;
        QColor background;
        QString prompt;
    };
    int width = 0;
    int height = 0;
    InjectedKind injected = InjectedKind::None;
    QString bandLabel;
    QString prompt;
    CellType type = CellType::Code;
    std::unique_ptr<QTextDocument> source;
    QRect sourceRect;
    std::vector<Block> blocks;
    CellData data; // shares the image bytes (implicitly shared), for decoding on demand

    void relayout(int w, int gutter, int labelHeight)
    {
        width = w;
        const int contentX = gutter;
        const int contentW = qMax(40, w - gutter - kMargin);
        int y = kMargin;
        if (injected != InjectedKind::None)
            y += labelHeight + 2;
        source->setTextWidth(contentW - 2 * kPad);
        const int sh = int(std::ceil(source->size().height()));
        sourceRect = QRect(contentX, y, contentW, sh + 2 * kPad);
        y += sourceRect.height() + kGap;
        for (Block &b : blocks) {
            if (b.doc) {
                b.doc->setTextWidth(contentW - 2 * kPad);
                b.rect = QRect(contentX, y, contentW, int(std::ceil(b.doc->size().height())) + 2 * kPad);
            } else {
                QSize s = b.imageSize;
                if (s.width() > contentW - 2 * kPad)
                    s = s.scaled(contentW - 2 * kPad, s.height(), Qt::KeepAspectRatio);
                b.rect = QRect(contentX, y, s.width() + 2 * kPad, s.height() + 2 * kPad);
            }
            y += b.rect.height() + kGap;
        }
        height = y + kMargin - kGap;
    }
};

// Draws the parts of one cell, in the cell's coordinates (the painter translated to its top-left).
struct CellPainter
{
    QPainter *painter;
    QRect visible; // the part of the cell inside the viewport: only that is drawn (tall outputs)
    QPalette palette;
    QFont mono;

    // The cell's background, tinted when selected.
    void background(const QRect &cell, bool selected) const
    {
        painter->fillRect(cell, palette.base());
        if (selected)
            painter->fillRect(cell, QColor(palette.highlight().color().red(), palette.highlight().color().green(),
                                           palette.highlight().color().blue(), 28));
    }

    // Injected cells: a coloured band, a tint and a label naming what Sandmark injected.
    void injectedBand(const QRect &cell, const CellLayout &l, const QFont &font) const
    {
        const QColor band = bandColor(l.injected);
        QColor tint = band;
        tint.setAlpha(22);
        painter->fillRect(cell, tint);
        painter->fillRect(QRect(0, 0, kBand, cell.height()), band);
        QFont bold = font;
        bold.setBold(true);
        painter->setFont(bold);
        painter->setPen(band.darker(120));
        painter->drawText(QRect(l.sourceRect.left(), kMargin, l.sourceRect.width(), l.sourceRect.top() - kMargin),
                          Qt::AlignLeft | Qt::AlignVCenter, l.bandLabel);
    }

    // "[3]:" or "Out[3]:" in the gutter, level with the top of `block`.
    void prompt(const QRect &block, const QString &text, const QColor &color) const
    {
        if (text.isEmpty())
            return;
        painter->setFont(mono);
        painter->setPen(color);
        painter->drawText(QRect(kBand, block.top() + kPad, block.left() - kBand - kMargin, QFontMetrics(mono).height()),
                          Qt::AlignRight | Qt::AlignTop, text);
    }

    // `doc` inside `block`'s padding, only its visible part.
    void document(QTextDocument *doc, const QRect &block) const
    {
        const QRect inner = block.adjusted(kPad, kPad, -kPad, -kPad);
        const QRect clip = visible.intersected(inner).translated(-inner.topLeft());
        if (clip.isEmpty())
            return;
        painter->save();
        painter->translate(inner.topLeft());
        QAbstractTextDocumentLayout::PaintContext ctx;
        ctx.clip = clip;
        ctx.palette = palette;
        ctx.palette.setColor(QPalette::Text, palette.color(QPalette::Text));
        painter->setClipRect(clip);
        doc->documentLayout()->draw(painter, ctx);
        painter->restore();
    }

    // The source in its frame (code) or as rendered markdown.
    void source(const CellLayout &l) const
    {
        if (l.type == CellType::Code) {
            painter->setPen(QColor(0xd0, 0xd7, 0xde));
            painter->setBrush(QColor(0xf6, 0xf8, 0xfa));
            painter->drawRect(l.sourceRect.adjusted(0, 0, -1, -1));
            prompt(l.sourceRect, l.prompt, QColor(0x30, 0x3f, 0x9f));
        }
        document(l.source.get(), l.sourceRect);
    }
};

NotebookCellDelegate::NotebookCellDelegate(QAbstractItemView *view, QObject *parent)
    : QAbstractItemDelegate(parent), m_view(view), m_images(new ImageCache(this)), m_layouts(kCacheRows)
{
    connect(m_images, &ImageCache::imageReady, this, [this](quint64) {
        if (m_view)
            m_view->viewport()->update();
    });
}

NotebookCellDelegate::~NotebookCellDelegate() = default;

int NotebookCellDelegate::builtLayoutCount() const
{
    return int(m_layouts.count());
}

void NotebookCellDelegate::clearCache()
{
    m_layouts.clear();
    m_images->clear();
}

int NotebookCellDelegate::gutterWidth() const
{
    QFontMetrics fm(monoFont());
    return kBand + kMargin + fm.horizontalAdvance(QStringLiteral("Out[999]:")) + kMargin;
}

CellLayout *NotebookCellDelegate::layoutFor(const QModelIndex &index, int width) const
{
    const quint64 key = index.data(CellKeyRole).toULongLong();
    const int labelHeight = QFontMetrics(m_view->font()).height();
    if (CellLayout *l = m_layouts.object(key)) {
        if (l->width != width)
            l->relayout(width, gutterWidth(), labelHeight);
        return l;
    }
    auto *l = new CellLayout;
    l->data = index.data(CellDataRole).value<CellData>();
    const CellData &c = l->data;
    l->type = c.type;
    l->injected = c.injected;
    if (c.injected != InjectedKind::None)
        l->bandLabel = tr("Injected by Sandmark: %1").arg(index.data(InjectedLabelRole).toString());
    if (c.type == CellType::Code)
        l->prompt = c.executionCount >= 0 ? QStringLiteral("[%1]:").arg(c.executionCount) : QStringLiteral("[ ]:");

    buildSource(*l);
    for (int i = 0; i < c.outputs.size(); ++i)
        addOutputBlock(*l, i);
    l->relayout(width, gutterWidth(), labelHeight);
    m_layouts.insert(key, l);
    ++m_layoutsBuilt;
    return l;
}

void NotebookCellDelegate::buildSource(CellLayout &l) const
{
    const CellData &c = l.data;
    l.source = std::make_unique<QTextDocument>();
    QTextDocument *doc = l.source.get();
    doc->setDocumentMargin(0);
    if (c.type == CellType::Markdown) {
        doc->setDefaultFont(m_view->font());
        doc->setMarkdown(c.source);
    } else {
        doc->setDefaultFont(monoFont());
        QTextOption opt;
        opt.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
        doc->setDefaultTextOption(opt);
        doc->setPlainText(c.source);
        if (c.type == CellType::Code)
            attachHighlighter(doc);
    }
}

void NotebookCellDelegate::addOutputBlock(CellLayout &l, int i) const
{
    const CellData &c = l.data;
    const OutputData &o = c.outputs.at(i);
    CellLayout::Block &b = l.blocks.emplace_back();
    b.output = i;
    if (o.isResult && c.executionCount >= 0)
        b.prompt = QStringLiteral("Out[%1]:").arg(c.executionCount);
    if (o.kind == OutputData::Kind::Image) {
        b.imageSize = o.imageSize;
        return;
    }
    b.doc = std::make_unique<QTextDocument>();
    b.doc->setDocumentMargin(0);
    b.doc->setDefaultFont(o.kind == OutputData::Kind::Html ? m_view->font() : monoFont());
    QString html = o.kind == OutputData::Kind::Html ? o.html
                                                     : QStringLiteral("<pre style=\"white-space: pre-wrap; margin: 0\">%1</pre>").arg(o.html);
    if (o.hiddenLines > 0)
        html += QStringLiteral("<p><i>%1</i></p>")
                    .arg(tr("… %n more line(s) not shown in the preview", nullptr, o.hiddenLines).toHtmlEscaped());
    b.doc->setHtml(html);
    if (o.kind == OutputData::Kind::Error)
        b.background = QColor(0xfd, 0xec, 0xea);
    else if (o.isStderr)
        b.background = QColor(0xff, 0xf4, 0xe5);
}

int NotebookCellDelegate::estimateHeight(const QModelIndex &index, int width) const
{
    const CellData c = index.data(CellDataRole).value<CellData>();
    const QFontMetrics mono(monoFont());
    const QFontMetrics normal(m_view->font());
    const int contentW = qMax(40, width - gutterWidth() - kMargin) - 2 * kPad;
    int h = 2 * kMargin;
    if (c.injected != InjectedKind::None)
        h += normal.height() + 2;
    h += c.type == CellType::Markdown ? int(c.sourceLines * normal.lineSpacing() * 1.4) : c.sourceLines * mono.lineSpacing();
    h += 2 * kPad;
    for (const OutputData &o : c.outputs) {
        h += kGap + 2 * kPad;
        if (o.kind == OutputData::Kind::Image) {
            QSize s = o.imageSize;
            if (s.width() > contentW)
                s = s.scaled(contentW, s.height(), Qt::KeepAspectRatio);
            h += s.height();
        } else {
            h += (o.lines + (o.hiddenLines > 0 ? 2 : 0)) * mono.lineSpacing();
        }
    }
    return h;
}

QSize NotebookCellDelegate::sizeHint(const QStyleOptionViewItem &, const QModelIndex &index) const
{
    const int width = qMax(200, m_view->viewport()->width());
    const quint64 key = index.data(CellKeyRole).toULongLong();
    if (m_layouts.contains(key))
        return QSize(width, layoutFor(index, width)->height);
    return QSize(width, estimateHeight(index, width));
}

void NotebookCellDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    const quint64 key = index.data(CellKeyRole).toULongLong();
    const bool wasBuilt = m_layouts.contains(key);
    CellLayout *l = layoutFor(index, option.rect.width());
    if (!wasBuilt && l->height != option.rect.height())
        relayoutLater(index);

    painter->save();
    painter->setClipRect(option.rect);
    painter->translate(option.rect.topLeft());
    const QRect cell(0, 0, option.rect.width(), option.rect.height());
    const CellPainter cellPainter{painter,
                                  option.rect.intersected(m_view->viewport()->rect()).translated(-option.rect.topLeft()),
                                  option.palette, monoFont()};
    cellPainter.background(cell, option.state & QStyle::State_Selected);
    if (l->injected != InjectedKind::None)
        cellPainter.injectedBand(cell, *l, option.font);
    cellPainter.source(*l);
    paintOutputs(cellPainter, key, *l, option.font);
    painter->restore();
}

void NotebookCellDelegate::relayoutLater(const QModelIndex &index) const
{
    // The estimate was off: let the view lay out again with the real height (not from inside paint).
    QPointer<NotebookCellDelegate> self(const_cast<NotebookCellDelegate *>(this));
    QPersistentModelIndex pidx(index);
    QMetaObject::invokeMethod(
        const_cast<NotebookCellDelegate *>(this),
        [self, pidx] {
            if (self && pidx.isValid())
                Q_EMIT self->sizeHintChanged(pidx);
        },
        Qt::QueuedConnection);
}

void NotebookCellDelegate::paintOutputs(const CellPainter &p, quint64 key, const CellLayout &l, const QFont &font) const
{
    for (const CellLayout::Block &b : l.blocks) {
        if (!p.visible.intersects(b.rect))
            continue;
        p.prompt(b.rect, b.prompt, QColor(0xb0, 0x3a, 0x2e));
        if (b.background.isValid())
            p.painter->fillRect(b.rect, b.background);
        if (b.doc) {
            p.document(b.doc.get(), b.rect);
            continue;
        }
        const QRect target = b.rect.adjusted(kPad, kPad, -kPad, -kPad);
        const QImage img = m_images->image(key, b.output, l.data.outputs.at(b.output).imageBytes, target.size());
        if (img.isNull()) {
            p.painter->fillRect(target, QColor(0xee, 0xee, 0xee));
            p.painter->setPen(QColor(0x66, 0x66, 0x66));
            p.painter->setFont(font);
            p.painter->drawText(target, Qt::AlignCenter, tr("Loading image…"));
        } else {
            p.painter->drawImage(target, img);
        }
    }
}

} // namespace sandmark
