#include "assignment/create.h"

#include "notebook/notebook.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSaveFile>

#include <nlohmann/json.hpp>

namespace sandmark {

QString slugFromFileName(const QString &fileName)
{
    QString base = QFileInfo(fileName).completeBaseName().toLower();
    static const QRegularExpression other(QStringLiteral("[^a-z0-9._-]+"));
    base.replace(other, QStringLiteral("-"));
    while (base.startsWith(QLatin1Char('-')) || base.startsWith(QLatin1Char('.')) || base.startsWith(QLatin1Char('_')))
        base.remove(0, 1);
    base = base.left(64);
    while (base.endsWith(QLatin1Char('-')))
        base.chop(1);
    return base.isEmpty() ? QStringLiteral("assignment") : base;
}

Expected<QString> createAssignmentFromNotebook(const QString &notebookPath)
{
    const QFileInfo info(notebookPath);
    auto nb = Notebook::load(notebookPath);
    if (!nb)
        return nb.error();
    const QString folder = QDir::cleanPath(info.absolutePath());
    const QString jsonPath = folder + QLatin1String("/assignment.json");
    if (QFileInfo::exists(jsonPath))
        return Error{jsonPath, {}, QStringLiteral("this folder already has an assignment.json; open it instead")};

    QString title;
    for (int i = 0; i < nb->cellCount() && title.isEmpty(); ++i) {
        if (nb->cellType(i) != CellType::Markdown)
            continue;
        const QStringList lines = nb->cellSource(i).split(QLatin1Char('\n'));
        for (const QString &line : lines) {
            if (line.startsWith(QLatin1Char('#'))) {
                title = line.mid(line.indexOf(QLatin1Char(' ')) + 1).trimmed();
                break;
            }
        }
    }
    if (title.isEmpty())
        title = info.completeBaseName();

    nlohmann::ordered_json j;
    j["format"] = 1;
    j["slug"] = slugFromFileName(info.fileName()).toStdString();
    j["title"] = title.toStdString();
    j["notebooks"] = nlohmann::ordered_json::array({info.fileName().toStdString()});
    j["checks"] = nlohmann::ordered_json::array();
    const std::string text = j.dump(2) + "\n";

    QSaveFile file(jsonPath);
    if (!file.open(QIODevice::WriteOnly))
        return Error{jsonPath, {}, QStringLiteral("cannot write: %1").arg(file.errorString())};
    file.write(text.data(), qint64(text.size()));
    if (!file.commit())
        return Error{jsonPath, {}, QStringLiteral("cannot write: %1").arg(file.errorString())};
    return folder;
}

} // namespace sandmark
