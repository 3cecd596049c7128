#include "sandbox/job.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace sandmark {

QByteArray makeJob(const QByteArray &notebookJson, const QString &nonce, const Limits &limits)
{
    const QJsonObject lim{
        {QStringLiteral("cell_timeout_s"), limits.cellTimeoutS},
        {QStringLiteral("wall_timeout_s"), limits.wallTimeoutS},
        {QStringLiteral("interrupt_grace_s"), limits.interruptGraceS},
        {QStringLiteral("output_cell_bytes"), static_cast<double>(limits.outputCellBytes)},
        {QStringLiteral("output_total_bytes"), static_cast<double>(limits.outputTotalBytes)},
        {QStringLiteral("output_image_bytes"), static_cast<double>(limits.outputImageBytes)},
        {QStringLiteral("output_images_total_bytes"), static_cast<double>(limits.outputImagesTotalBytes)},
        {QStringLiteral("probe_bytes"), static_cast<double>(limits.probeBytes)},
    };
    // The notebook is spliced in verbatim: re-encoding it through QJsonDocument would lose -0.0.
    QByteArray job = "{\"format\": \"sandmark-job/1\", \"nonce\": \"" + nonce.toLatin1() + "\", \"limits\": "
                     + QJsonDocument(lim).toJson(QJsonDocument::Compact) + ", \"notebook\": ";
    const QByteArray nb = notebookJson.trimmed();
    job += nb.isEmpty() ? QByteArrayLiteral("null") : nb;
    job += "}\n";
    return job;
}

} // namespace sandmark
