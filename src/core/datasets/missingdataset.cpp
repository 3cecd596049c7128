#include "datasets/missingdataset.h"

#include <QRegularExpression>

namespace sandmark {

std::optional<QString> missingDatasetMessage(const QString &errorName, const QString &errorValue,
                                             const QString &traceback, const QString &assignmentDir)
{
    const QString all = errorName + QLatin1Char('\n') + errorValue + QLatin1Char('\n') + traceback;
    const bool hit = errorName == QLatin1String("LocalEntryNotFoundError")
                     || errorName == QLatin1String("OfflineModeIsEnabled")
                     || all.contains(QLatin1String("LocalEntryNotFoundError"))
                     || all.contains(QLatin1String("OfflineModeIsEnabled"))
                     || all.contains(QLatin1String("outgoing traffic has been disabled"))
                     || all.contains(QLatin1String("Cannot find the requested files in the disk cache"))
                     || all.contains(QLatin1String("HF_HUB_OFFLINE"))
                     || all.contains(QLatin1String("offline mode is enabled"), Qt::CaseInsensitive);
    if (!hit)
        return std::nullopt;

    // huggingface_hub's OfflineModeIsEnabled text: "(repo_id: X, repo_type: Y, revision: Z, filename: W)";
    // a traceback shows the call: hf_hub_download(repo_id="X", filename="W", ...).
    auto grab = [&](const QString &key) -> QString {
        const QRegularExpression plain(key + QStringLiteral(":\\s*([^,\\)\\s]+)"));
        const QRegularExpression kw(key + QStringLiteral("\\s*=\\s*['\"]([^'\"]+)['\"]"));
        auto m = plain.match(all);
        if (m.hasMatch())
            return m.captured(1);
        m = kw.match(all);
        return m.hasMatch() ? m.captured(1) : QString();
    };
    const QString repo = grab(QStringLiteral("repo_id"));
    const QString file = grab(QStringLiteral("filename"));
    QString what;
    if (!repo.isEmpty() && !file.isEmpty())
        what = QStringLiteral("'%1' from the Hub repository '%2'").arg(file, repo);
    else if (!repo.isEmpty())
        what = QStringLiteral("a file from the Hub repository '%1'").arg(repo);
    else
        what = QStringLiteral("a Hugging Face Hub file");
    const QString target = assignmentDir.isEmpty() ? QStringLiteral("ASSIGNMENT") : assignmentDir;
    return QStringLiteral("a dataset is missing from the cache: the notebook read %1 (%2); this is a grader "
                          "error, not the student's: run 'sandmark-cli datasets warm %3' (list files the scan cannot "
                          "see with 'sandmark-cli datasets add'), then 'sandmark-cli datasets check %3', and regrade")
        .arg(what, errorName.isEmpty() ? QStringLiteral("offline lookup failed") : errorName, target);
}

} // namespace sandmark
