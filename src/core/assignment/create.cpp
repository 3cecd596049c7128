#include "assignment/create.h"

#include "assignment/edit.h"
#include "assignment/nbgrader_import.h"
#include "notebook/nbgrader.h"
#include "notebook/notebook.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSaveFile>

#include <nlohmann/json.hpp>

#include <algorithm>

namespace sandmark {

Expected<void> checkNewAssignment(const QString &stagedFolder, const QString &source)
{
    const Expected<Assignment> loaded = Assignment::load(QDir(stagedFolder).filePath(QStringLiteral("assignment.json")));
    if (!loaded)
        return Error{source, loaded.error().location,
                     QStringLiteral("the assignment this makes would be refused: %1").arg(loaded.error().message)};
    return {};
}

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

namespace {

// The notebook's first Markdown heading, else its file name without the extension.
QString titleOf(const Notebook &nb, const QFileInfo &info)
{
    for (int i = 0; i < nb.cellCount(); ++i) {
        if (nb.cellType(i) != CellType::Markdown)
            continue;
        for (const QString &line : nb.cellSource(i).split(QLatin1Char('\n'))) {
            if (!line.startsWith(QLatin1Char('#')))
                continue;
            static const QRegularExpression hashes(QStringLiteral("^#+"));
            const QString heading = QString(line).remove(hashes).simplified(); // one line (Assignment::load's rule)
            if (!heading.isEmpty())
                return heading;
        }
    }
    return info.completeBaseName().simplified();
}

bool copyInto(const QString &from, const QString &to)
{
    QDir().mkpath(QFileInfo(to).absolutePath());
    return QFile::copy(from, to);
}

} // namespace

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

    const QString title = titleOf(*nb, info);

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

Expected<NotebookSurvey> surveyNotebook(const QString &notebookPath)
{
    const QFileInfo info(notebookPath);
    auto nb = Notebook::load(notebookPath);
    if (!nb)
        return nb.error();
    NotebookSurvey survey;
    survey.title = titleOf(*nb, info);
    survey.slug = slugFromFileName(info.fileName());
    survey.nbgraderCells = int(nbgraderCells(*nb).size());
    static const QRegularExpression url(QStringLiteral(R"(https?://[^\s'"<>()\[\]{}\\`]+)"));
    for (int i = 0; i < nb->cellCount(); ++i) {
        if (nb->cellType(i) != CellType::Code)
            continue;
        auto it = url.globalMatch(nb->cellSource(i));
        while (it.hasNext()) {
            QString u = it.next().captured();
            while (!u.isEmpty() && QStringLiteral(".,;:!?").contains(u.back()))
                u.chop(1);
            if (!survey.urls.contains(u))
                survey.urls << u;
        }
    }
    const QDir folder = info.absoluteDir();
    QDirIterator it(folder.path(), QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext() && survey.nearbyFiles.size() < 500) {
        const QString rel = folder.relativeFilePath(it.next());
        if (rel.startsWith(QLatin1Char('.')) || rel.contains(QLatin1String("/.")) || rel.endsWith(QLatin1String(".ipynb"))
            || rel == QLatin1String("assignment.json") || rel.startsWith(QLatin1String("submissions/")))
            continue;
        survey.nearbyFiles << rel;
    }
    survey.nearbyFiles.sort();
    return survey;
}

QStringList unservedUrls(const QStringList &urls, const QList<DataFile> &files)
{
    QStringList out;
    for (const QString &u : urls) {
        const QString name = u.section(QLatin1Char('?'), 0, 0).section(QLatin1Char('#'), 0, 0).section(QLatin1Char('/'), -1);
        const bool served = std::any_of(files.cbegin(), files.cend(), [&](const DataFile &f) {
            return f.urls.contains(u) || (!name.isEmpty() && QFileInfo(f.path).fileName() == name);
        });
        if (!served)
            out << u;
    }
    return out;
}

Expected<QString> createAssignment(const QString &notebookPath, const NewAssignmentOptions &options)
{
    const QFileInfo info(notebookPath);
    const QString source = QDir::cleanPath(info.absolutePath());
    const QString target = options.folder.isEmpty() ? source : QDir::cleanPath(QFileInfo(options.folder).absoluteFilePath());
    QString folder;
    if (options.nbgraderChecks) {
        if (target == source)
            return Error{options.folder, {}, QStringLiteral("turning nbgrader cells into checks copies the notebook: choose "
                                                            "another, empty folder")};
        NbgraderImportOptions nbOptions;
        nbOptions.noHeader = true;
        auto report = importNbgrader(notebookPath, target, nbOptions);
        if (!report)
            return report.error();
        folder = report->folder;
    } else if (target != source) {
        if (QFileInfo::exists(QDir(target).filePath(QStringLiteral("assignment.json"))))
            return Error{QDir(target).filePath(QStringLiteral("assignment.json")), {},
                         QStringLiteral("this folder already has an assignment.json; choose another")};
        const QString copy = QDir(target).filePath(info.fileName());
        if (QFileInfo::exists(copy) || !copyInto(notebookPath, copy))
            return Error{copy, {}, QStringLiteral("cannot copy the notebook there (a file of that name exists?)")};
        auto created = createAssignmentFromNotebook(copy);
        if (!created)
            return created.error();
        folder = *created;
    } else {
        auto created = createAssignmentFromNotebook(notebookPath);
        if (!created)
            return created.error();
        folder = *created;
    }
    AssignmentEdit edit;
    if (!options.title.trimmed().isEmpty())
        edit.set(QStringLiteral("title"), options.title.trimmed());
    if (!options.dataFiles.isEmpty()) {
        QStringList list;
        for (const QString &rel : options.dataFiles) {
            const QString dst = QDir(folder).filePath(rel);
            if (folder != source && !QFileInfo::exists(dst) && !copyInto(QDir(source).filePath(rel), dst))
                return Error{QDir(source).filePath(rel), {}, QStringLiteral("cannot copy into the assignment")};
            list.append(rel);
        }
        edit.set(QStringLiteral("data_files"), list);
    }
    if (!edit.isEmpty())
        if (auto ok = editAssignment(QDir(folder).filePath(QStringLiteral("assignment.json")), edit); !ok)
            return ok.error();
    return folder;
}

} // namespace sandmark
