#include "batch/submissions.h"

#include <QStringDecoder>

#include <dirent.h>

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>

#include <algorithm>

namespace sandmark {

namespace {

bool ignoredName(const QString &name)
{
    return name.startsWith(QLatin1Char('.')) || name == QLatin1String("__pycache__");
}

bool isNotebook(const QString &name)
{
    return name.endsWith(QLatin1String(".ipynb"), Qt::CaseInsensitive);
}

/// Whether `canonical` lies inside `root` (both canonical).
bool inside(const QString &canonical, const QString &root)
{
    return canonical == root || canonical.startsWith(root + QLatin1Char('/'));
}

// Names in `dir` that are not valid UTF-8, shown with U+FFFD for the bad bytes. QDir leaves such entries out
// (it cannot name them back to the file system), so without this a student would silently vanish.
QStringList nonUtf8Names(const QString &dir)
{
    QStringList names;
    DIR *d = ::opendir(QFile::encodeName(dir).constData());
    if (!d)
        return names;
    while (const dirent *e = ::readdir(d)) {
        const QByteArray raw(e->d_name);
        QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless); // a cut-off sequence is an error too
        const QString name = utf8(raw);
        if (utf8.hasError())
            names << name;
    }
    ::closedir(d);
    names.sort();
    return names;
}

Submission fromFolder(const QFileInfo &dir)
{
    Submission s;
    s.studentId = dir.fileName();
    s.root = dir.absoluteFilePath();
    const QString canonicalRoot = dir.canonicalFilePath();
    QStringList notebooks;
    // Walk by hand so that links are seen (and refused) rather than followed.
    QStringList stack{s.root};
    while (!stack.isEmpty()) {
        const QDir d(stack.takeLast());
        for (const QString &bad : nonUtf8Names(d.path()))
            s.problem = QStringLiteral("'%1': the name is not valid UTF-8 (rename it)")
                            .arg(QDir(s.root).relativeFilePath(d.filePath(bad)));
        const QFileInfoList entries =
            d.entryInfoList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System, QDir::Name);
        for (const QFileInfo &e : entries) {
            if (ignoredName(e.fileName()))
                continue;
            const QString rel = QDir(s.root).relativeFilePath(e.absoluteFilePath());
            if (e.isSymLink()) {
                s.problem = QStringLiteral("%1 is a symbolic link (refused)").arg(rel);
                continue;
            }
            if (!inside(e.canonicalFilePath(), canonicalRoot)) {
                s.problem = QStringLiteral("%1 leads outside the submission folder (refused)").arg(rel);
                continue;
            }
            if (e.isDir()) {
                stack << e.absoluteFilePath();
            } else if (e.isFile()) {
                s.files << e.absoluteFilePath();
                if (isNotebook(e.fileName()))
                    notebooks << rel;
            } else {
                s.problem = QStringLiteral("%1 is not a regular file (refused)").arg(rel);
            }
        }
    }
    s.files.sort();
    notebooks.sort();
    if (!s.problem.isEmpty())
        return s;
    if (notebooks.isEmpty())
        s.problem = QStringLiteral("no notebook (*.ipynb) in the folder");
    else if (notebooks.size() > 1)
        s.problem = QStringLiteral("ambiguous: %1 notebooks (%2); hand in one or grade it explicitly")
                        .arg(notebooks.size())
                        .arg(notebooks.join(QLatin1String(", ")));
    else
        s.notebookPath = QDir(s.root).filePath(notebooks.first());
    return s;
}

Submission fromNotebook(const QFileInfo &file)
{
    Submission s;
    s.studentId = file.completeBaseName();
    s.root = file.absolutePath();
    if (file.isSymLink()) {
        s.problem = QStringLiteral("%1 is a symbolic link (refused)").arg(file.fileName());
        return s;
    }
    s.files = {file.absoluteFilePath()};
    s.notebookPath = file.absoluteFilePath();
    return s;
}

} // namespace

Expected<QList<Submission>> discoverSubmissions(const QString &folder)
{
    const QFileInfo fi(folder);
    if (!fi.exists())
        return Error{folder, {}, QStringLiteral("no such folder")};
    if (!fi.isDir())
        return Error{folder, {}, QStringLiteral("not a folder")};
    const QDir dir(fi.absoluteFilePath());
    if (!dir.isReadable())
        return Error{folder, {}, QStringLiteral("cannot read the folder")};
    QList<Submission> out;
    const QFileInfoList entries =
        dir.entryInfoList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System, QDir::Name);
    for (const QFileInfo &e : entries) {
        if (ignoredName(e.fileName()))
            continue;
        if (e.isSymLink()) {
            Submission s;
            s.studentId = isNotebook(e.fileName()) ? e.completeBaseName() : e.fileName();
            s.root = dir.absolutePath();
            s.problem = QStringLiteral("%1 is a symbolic link (refused)").arg(e.fileName());
            out << s;
        } else if (e.isDir()) {
            out << fromFolder(e);
        } else if (e.isFile() && isNotebook(e.fileName())) {
            out << fromNotebook(e);
        }
    }
    for (const QString &bad : nonUtf8Names(dir.absolutePath())) {
        Submission s;
        s.studentId = bad;
        s.root = dir.absolutePath();
        s.problem = QStringLiteral("'%1': the name is not valid UTF-8 (rename it)").arg(bad);
        out << s;
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const Submission &a, const Submission &b) { return a.studentId < b.studentId; });
    for (qsizetype i = 1; i < out.size(); ++i) {
        if (out[i].studentId == out[i - 1].studentId) {
            const QString p = QStringLiteral("duplicate student id '%1' (a folder and a notebook?)").arg(out[i].studentId);
            out[i - 1].problem = p;
            out[i].problem = p;
            out[i - 1].notebookPath.clear();
            out[i].notebookPath.clear();
        }
    }
    return out;
}

Expected<Submission> submissionAt(const QString &path)
{
    const QFileInfo fi(QDir::cleanPath(path));
    if (!fi.exists() && !fi.isSymLink())
        return Error{path, {}, QStringLiteral("no such file or folder")};
    if (fi.isSymLink()) {
        Submission s;
        s.studentId = isNotebook(fi.fileName()) ? fi.completeBaseName() : fi.fileName();
        s.root = fi.absolutePath();
        s.problem = QStringLiteral("%1 is a symbolic link (refused)").arg(fi.fileName());
        return s;
    }
    if (fi.isDir())
        return fromFolder(fi);
    if (!isNotebook(fi.fileName()))
        return Error{path, {}, QStringLiteral("not a notebook (*.ipynb) or a student's folder")};
    return fromNotebook(fi);
}

Expected<Shard> parseShard(const QString &text)
{
    const QStringList parts = text.split(QLatin1Char('/'));
    bool okK = false, okN = false;
    const int k = parts.size() == 2 ? parts[0].toInt(&okK) : 0;
    const int n = parts.size() == 2 ? parts[1].toInt(&okN) : 0;
    if (!okK || !okN || n < 1 || k < 1 || k > n)
        return Error{{}, QStringLiteral("--shard"), QStringLiteral("'%1': expected K/N with 1 <= K <= N").arg(text)};
    return Shard{k, n};
}

QList<Submission> shardOf(QList<Submission> submissions, const Shard &shard)
{
    std::stable_sort(submissions.begin(), submissions.end(),
                     [](const Submission &a, const Submission &b) { return a.studentId < b.studentId; });
    QList<Submission> out;
    for (qsizetype i = 0; i < submissions.size(); ++i)
        if (i % shard.count == shard.index - 1)
            out << submissions[i];
    return out;
}

} // namespace sandmark
