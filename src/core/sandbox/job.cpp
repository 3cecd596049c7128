#include "sandbox/job.h"

#include "util/json_p.h"

namespace sandmark {

QByteArray makeJob(const QByteArray &notebookJson, const QString &nonce, const Limits &limits)
{
    // Keys in nlohmann::json's sorted order; seconds as Python's json writes them (60, 0.5).
    const nlohmann::json lim{
        {"cell_timeout_s", jsonutil::number(limits.cellTimeoutS)},
        {"wall_timeout_s", jsonutil::number(limits.wallTimeoutS)},
        {"interrupt_grace_s", jsonutil::number(limits.interruptGraceS)},
        {"output_cell_bytes", limits.outputCellBytes},
        {"output_total_bytes", limits.outputTotalBytes},
        {"output_image_bytes", limits.outputImageBytes},
        {"output_images_total_bytes", limits.outputImagesTotalBytes},
        {"probe_bytes", limits.probeBytes},
    };
    // The notebook is spliced in verbatim: re-encoding it would lose -0.0 and the notebook's own spelling.
    QByteArray job = "{\"format\": \"sandmark-job/1\", \"nonce\": \"" + nonce.toLatin1() + "\", \"limits\": "
                     + QByteArray::fromStdString(lim.dump()) + ", \"notebook\": ";
    const QByteArray nb = notebookJson.trimmed();
    job += nb.isEmpty() ? QByteArrayLiteral("null") : nb;
    job += "}\n";
    return job;
}

} // namespace sandmark
