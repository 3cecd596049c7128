#include "util/inputfile.h"

#include <QFile>
#include <QFileInfo>
#include <QLocale>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sandmark {

namespace {
// "2234 bytes (2.18 KiB)"; exact bytes first so that small caps read right too.
QString sizeText(qint64 bytes)
{
    if (bytes < 1024)
        return QStringLiteral("%1 bytes").arg(bytes);
    return QStringLiteral("%1 bytes (%2)").arg(bytes).arg(QLocale::c().formattedDataSize(bytes));
}
} // namespace

namespace {
const char *const kNotRegular = "is not a regular file (a FIFO, a device or a socket): reading it could block or never end";
}

QString notARegularFile(const QString &path)
{
    const QFileInfo fi(path);
    if (!fi.exists())
        return QStringLiteral("no such file");
    return fi.isDir() ? QStringLiteral("is a folder, not a file") : QString::fromLatin1(kNotRegular);
}

std::optional<Error> cannotOpenForReading(const QString &path)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd >= 0) {
        ::close(fd);
        return std::nullopt;
    }
    if (errno == ENOENT)
        return std::nullopt;
    return Error{path, {}, QStringLiteral("cannot read the file: %1").arg(QString::fromLocal8Bit(std::strerror(errno)))};
}

Expected<QByteArray> readInputFile(const QString &path, qint64 maxBytes)
{
    const auto fail = [&](const QString &message) { return Error{path, {}, message}; };
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return fail(errno == ENOENT ? QStringLiteral("no such file")
                                    : QStringLiteral("cannot read the file: %1").arg(QString::fromLocal8Bit(std::strerror(errno))));
    struct Closer
    {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{fd};
    struct stat st{};
    if (::fstat(fd, &st) != 0)
        return fail(QStringLiteral("cannot read the file: %1").arg(QString::fromLocal8Bit(std::strerror(errno))));
    if (S_ISDIR(st.st_mode))
        return fail(QStringLiteral("is a folder, not a file"));
    if (!S_ISREG(st.st_mode))
        return fail(QString::fromLatin1(kNotRegular));
    if (st.st_size > maxBytes)
        return fail(QStringLiteral("the file is %1, over the limit of %2").arg(sizeText(st.st_size), sizeText(maxBytes)));
    QByteArray bytes(qsizetype(st.st_size), Qt::Uninitialized);
    qsizetype done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::read(fd, bytes.data() + done, size_t(bytes.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return fail(QStringLiteral("cannot read the file: %1").arg(QString::fromLocal8Bit(std::strerror(errno))));
        if (n == 0)
            break; // it shrank since fstat: what is there
        done += n;
    }
    bytes.truncate(done);
    return bytes;
}

} // namespace sandmark
