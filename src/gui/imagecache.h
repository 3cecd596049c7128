#pragma once
// Decoded output images for the notebook view, decoded on a worker thread when first needed.

#include <QCache>
#include <QImage>
#include <QObject>
#include <QSet>

namespace sandmark {

/// Decodes encoded images (PNG, JPEG) on backgroundPool(), scaled to the size they are drawn
/// at, and keeps the most recent ones (up to `maxBytes` of pixels). image() never blocks: it returns a
/// null QImage and starts decoding when the image is not ready; imageReady() follows on the GUI thread.
/// GUI thread only (the decoding itself runs elsewhere on copies of the bytes).
class ImageCache : public QObject
{
    Q_OBJECT
public:
    explicit ImageCache(QObject *parent = nullptr, qint64 maxBytes = 256LL * 1024 * 1024);

    /// The image of output `output` of cell `cellKey` drawn at `size` (pixels), or a null image while it
    /// decodes. `bytes` is the encoded file.
    QImage image(quint64 cellKey, int output, const QByteArray &bytes, QSize size);

    int pendingCount() const { return int(m_pending.size()); }
    int cachedCount() const { return int(m_cache.count()); }
    /// Drops every decoded image; decodes still running deliver into the emptied cache.
    void clear();

Q_SIGNALS:
    void imageReady(quint64 cellKey);

private:
    QCache<QString, QImage> m_cache; // cost: kilobytes of pixels
    QSet<QString> m_pending;
};

} // namespace sandmark
