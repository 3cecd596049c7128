#include "util/buildfeatures.h"

#include <archive.h>

namespace sandmark {

QList<BuildFeature> coreBuildFeatures()
{
    // archive_version_string() is "libarchive 3.6.2": the library loaded, not the headers built against.
    QString libarchive = QString::fromLatin1(archive_version_string());
    libarchive.remove(QLatin1String("libarchive "));
    return {
        {QStringLiteral("QtKeychain"), true, QStringLiteral(SANDMARK_QTKEYCHAIN_VERSION)},
        {QStringLiteral("libarchive"), true, libarchive},
    };
}

QString formatBuildFeatures(const QList<BuildFeature> &features)
{
    QString out;
    for (const BuildFeature &f : features) {
        out += f.name + (f.present ? QLatin1String(": yes") : QLatin1String(": no"));
        if (!f.detail.isEmpty())
            out += QLatin1String(" (") + f.detail + QLatin1Char(')');
        out += QLatin1Char('\n');
    }
    return out;
}

} // namespace sandmark
