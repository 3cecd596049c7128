#include "imagecache.h"

#include "jobtracker.h"

#include <QBuffer>
#include <QFuture>
#include <QImageReader>
#include <QtConcurrent/QtConcurrentRun>

namespace sandmark {

ImageCache::ImageCache(QObject *parent, qint64 maxBytes) : QObject(parent), m_cache(qMax<qint64>(1, maxBytes / 1024)) {}

QImage ImageCache::image(quint64 cellKey, int output, const QByteArray &bytes, QSize size)
{
    const QString key = QStringLiteral("%1/%2/%3x%4").arg(cellKey).arg(output).arg(size.width()).arg(size.height());
    if (QImage *img = m_cache.object(key))
        return *img;
    if (m_pending.contains(key))
        return {};
    m_pending.insert(key);
    QFuture<QImage> future = QtConcurrent::run(backgroundPool(), [bytes, size] {
        QByteArray data = bytes;
        QBuffer buffer(&data);
        buffer.open(QIODevice::ReadOnly);
        QImageReader reader(&buffer);
        if (reader.size().isValid() && size.isValid() && size != reader.size())
            reader.setScaledSize(size);
        QImage img = reader.read();
        if (img.isNull()) { // undecodable data: a visible grey box rather than a retry loop
            img = QImage(size.isValid() ? size : QSize(16, 16), QImage::Format_RGB32);
            img.fill(Qt::lightGray);
        }
        return img;
    });
    future.then(this, [this, key, cellKey](const QImage &img) {
        m_pending.remove(key);
        m_cache.insert(key, new QImage(img), qMax<qsizetype>(1, img.sizeInBytes() / 1024));
        Q_EMIT imageReady(cellKey);
    });
    return {};
}

void ImageCache::clear()
{
    m_cache.clear();
}

} // namespace sandmark
