#include "batch/submissions.h"

#include "util/coretext.h"

#include <QStringDecoder>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <QDir>
#include <QFileInfo>

#include <algorithm>

namespace sandmark {

namespace {

bool ignoredName(const QString &name)
{
    // __MACOSX/: the resource forks a zip made on macOS carries, left behind when it is unpacked by hand.
    return name.startsWith(QLatin1Char('.')) || name == QLatin1String("__pycache__") || name == QLatin1String("__MACOSX");
}


/// One entry of a folder as readdir() reports it (no stat unless the file system leaves the type unknown).
struct Entry
{
    enum class Type { Dir, File, Link, Other };
    QString name;
    Type type = Type::Other;
};

/// Entries of the open folder `d` (without "." and ".."), sorted by name in code-point order (as QDir::Name
/// sorts), read in one readdir pass: no stat per entry (d_type; fstatat only where the file system leaves it
/// unknown), no realpath. Names that are not valid UTF-8 go to `nonUtf8` instead (shown with U+FFFD for the
/// bad bytes, sorted): QDir leaves such entries out (it cannot name them back to the file system), so without
/// this a student would silently vanish.
void readEntries(DIR *d, QList<Entry> &entries, QStringList &nonUtf8)
{
    while (const dirent *e = ::readdir(d)) {
        const QByteArrayView raw(e->d_name);
        if (raw == "." || raw == "..")
            continue;
        Entry entry;
        if (std::all_of(raw.begin(), raw.end(), [](char c) { return uchar(c) < 0x80; })) {
            entry.name = QString::fromLatin1(raw); // ASCII, the common case: no decoder
        } else {
            QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless); // a cut-off sequence is an error too
            entry.name = utf8(raw);
            if (utf8.hasError()) {
                nonUtf8 << entry.name;
                continue;
            }
        }
        unsigned char type = e->d_type;
        if (type == DT_UNKNOWN) { // some file systems do not fill d_type: ask, without following links
            struct stat st;
            if (::fstatat(::dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0)
                type = static_cast<unsigned char>(IFTODT(st.st_mode));
        }
        entry.type = type == DT_DIR   ? Entry::Type::Dir
                     : type == DT_REG ? Entry::Type::File
                     : type == DT_LNK ? Entry::Type::Link
                                      : Entry::Type::Other;
        entries << entry;
    }
    std::sort(entries.begin(), entries.end(), [](const Entry &a, const Entry &b) { return a.name < b.name; });
    nonUtf8.sort();
}

/// readEntries() of the folder `dir`, relative to the open folder `atFd` (or absolute, or relative to the
/// working folder with AT_FDCWD); its last component is not followed if it is a link. False: cannot be opened.
bool readFolder(int atFd, const QString &dir, QList<Entry> &entries, QStringList &nonUtf8)
{
    const int fd = ::openat(atFd, QFile::encodeName(dir).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return false;
    DIR *d = ::fdopendir(fd);
    if (!d) {
        ::close(fd);
        return false;
    }
    readEntries(d, entries, nonUtf8);
    ::closedir(d);
    return true;
}

/// The submission in the folder `root` (absolute, not a link) named `name`. Walks by hand so that links are
/// seen (and refused) rather than followed; as no link is ever followed, every path reached lies inside
/// `root` (which is why no path needs canonicalizing).
Submission fromFolder(const QString &root, const QString &name, int parentFd = AT_FDCWD)
{
    Submission s;
    s.studentId = name;
    s.root = root;
    s.isFolder = true;
    QStringList notebooks;
    QStringList foldersNamedAsNotebooks; // "hw.ipynb/": named when no notebook is found
    // Opened relative to the parent folder, its sub-folders relative to it: short path lookups.
    const int rootFd = ::openat(parentFd, QFile::encodeName(parentFd == AT_FDCWD ? root : name).constData(),
                                O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    DIR *rootDir = rootFd >= 0 ? ::fdopendir(rootFd) : nullptr;
    if (rootFd >= 0 && !rootDir)
        ::close(rootFd);
    // Folders still to read, relative to the root ("" is the root itself); the last one pushed is read first.
    QStringList stack{QString()};
    while (!stack.isEmpty()) {
        const QString relDir = stack.takeLast();
        const QString prefix = relDir.isEmpty() ? QString() : relDir + QLatin1Char('/');
        QList<Entry> entries;
        QStringList bad;
        if (rootDir && relDir.isEmpty())
            readEntries(rootDir, entries, bad);
        else if (rootDir)
            readFolder(::dirfd(rootDir), relDir, entries, bad);
        for (const QString &b : std::as_const(bad))
            s.problem = coretext::text(coretext::nameNotUtf8).arg(prefix + b);
        for (const Entry &e : std::as_const(entries)) {
            if (ignoredName(e.name))
                continue;
            const QString rel = prefix + e.name;
            switch (e.type) {
            case Entry::Type::Link:
                s.problem = coretext::text(coretext::symlinkRefused).arg(rel);
                break;
            case Entry::Type::Dir:
                stack << rel;
                if (isNotebookName(e.name))
                    foldersNamedAsNotebooks << rel;
                break;
            case Entry::Type::File:
                s.files << root + QLatin1Char('/') + rel;
                if (isNotebookName(e.name))
                    notebooks << rel;
                break;
            case Entry::Type::Other:
                s.problem = coretext::text(coretext::notRegularFileRefused).arg(rel);
                break;
            }
        }
    }
    if (rootDir)
        ::closedir(rootDir);
    s.files.sort();
    notebooks.sort();
    if (!s.problem.isEmpty())
        return s;
    if (notebooks.isEmpty())
        s.problem = foldersNamedAsNotebooks.isEmpty()
                        ? coretext::text(coretext::noNotebookInFolder)
                        : coretext::text(coretext::notebookNameIsFolder).arg(foldersNamedAsNotebooks.constFirst());
    else if (notebooks.size() > 1)
        s.problem = coretext::text(coretext::ambiguousInFolder)
                        .arg(QString::number(notebooks.size()), notebooks.join(QLatin1String(", ")), name);
    else
        s.notebookPath = root + QLatin1Char('/') + notebooks.first();
    return s;
}

Submission fromNotebook(const QFileInfo &file)
{
    Submission s;
    s.studentId = file.completeBaseName();
    s.root = file.absolutePath();
    if (file.isSymLink()) {
        s.problem = coretext::text(coretext::symlinkRefused).arg(file.fileName());
        return s;
    }
    if (!file.isFile()) { // a FIFO or a device: reading it could block for ever or never end
        s.problem = coretext::text(coretext::notRegularFileRefused).arg(file.fileName());
        return s;
    }
    s.files = {file.absoluteFilePath()};
    s.notebookPath = file.absoluteFilePath();
    return s;
}

} // namespace

bool isNotebookName(const QString &name)
{
    return name.endsWith(QLatin1String(".ipynb"), Qt::CaseInsensitive);
}

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
    const QString root = dir.absolutePath();
    QList<Entry> entries;
    QStringList bad;
    if (!readFolder(AT_FDCWD, root, entries, bad))
        return Error{folder, {}, QStringLiteral("cannot read the folder")};
    const int rootFd = ::open(QFile::encodeName(root).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    QList<Submission> out;
    out.reserve(entries.size() + bad.size());
    for (const Entry &e : std::as_const(entries)) {
        if (ignoredName(e.name))
            continue;
        if (e.type == Entry::Type::Link) {
            Submission s;
            s.studentId = isNotebookName(e.name) ? QFileInfo(e.name).completeBaseName() : e.name;
            s.root = root;
            s.problem = coretext::text(coretext::symlinkRefused).arg(e.name);
            out << s;
        } else if (e.type == Entry::Type::Dir) {
            out << fromFolder(root + QLatin1Char('/') + e.name, e.name, rootFd);
        } else if (isNotebookName(e.name)) { // a regular file, or a FIFO or device fromNotebook() refuses by name
            out << fromNotebook(QFileInfo(root + QLatin1Char('/') + e.name));
        }
    }
    if (rootFd >= 0)
        ::close(rootFd);
    for (const QString &b : std::as_const(bad)) {
        Submission s;
        s.studentId = b;
        s.root = root;
        s.problem = coretext::text(coretext::nameNotUtf8).arg(b);
        out << s;
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const Submission &a, const Submission &b) { return a.studentId < b.studentId; });
    for (qsizetype i = 1; i < out.size(); ++i) {
        if (out[i].studentId == out[i - 1].studentId) {
            const QString p = coretext::text(coretext::duplicateStudentId).arg(out[i].studentId);
            out[i - 1].problem = p;
            out[i].problem = p;
            out[i - 1].notebookPath.clear();
            out[i].notebookPath.clear();
        }
    }
    return out;
}

QList<std::pair<QString, QString>> skippedSubmissionEntries(const QString &folder)
{
    QList<std::pair<QString, QString>> out;
    QList<Entry> entries;
    QStringList bad;
    if (!readFolder(AT_FDCWD, QFileInfo(folder).absoluteFilePath(), entries, bad))
        return out;
    for (const Entry &e : std::as_const(entries)) {
        if (!e.name.startsWith(QLatin1Char('.')) || e.name.startsWith(QLatin1String(".sandmark"))
            || e.name == QLatin1String(".DS_Store") || e.name.startsWith(QLatin1String("._")))
            continue;
        out.append({e.name, e.name == QLatin1String(".ipynb_checkpoints") ? coretext::text(coretext::skippedCheckpoints)
                                                                          : coretext::text(coretext::skippedHidden).arg(e.name)});
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
        s.studentId = isNotebookName(fi.fileName()) ? fi.completeBaseName() : fi.fileName();
        s.root = fi.absolutePath();
        s.problem = coretext::text(coretext::symlinkRefused).arg(fi.fileName());
        return s;
    }
    if (fi.isDir())
        return fromFolder(fi.absoluteFilePath(), fi.fileName());
    if (!isNotebookName(fi.fileName()))
        return Error{path, {}, QStringLiteral("not a notebook (*.ipynb) or a student's folder")};
    return fromNotebook(fi);
}

Expected<Submission> submissionNamed(const QString &submissionsFolder, const QString &name, bool *refused)
{
    if (refused)
        *refused = false;
    const QString folder = QDir::cleanPath(QFileInfo(submissionsFolder).absoluteFilePath());
    const QString canonicalFolder = QFileInfo(folder).canonicalFilePath();
    if (canonicalFolder.isEmpty() || !QFileInfo(canonicalFolder).isDir())
        return Error{submissionsFolder, {}, QStringLiteral("no such folder (the assignment's submissions)")};
    // Every problem but a plain student id that names no entry is a refusal of what the argument names.
    const auto notInFolder = [&](const QString &why, bool refusal = true) {
        if (refused)
            *refused = refusal;
        return Error{name, {}, QStringLiteral("%1; name a student id or a student's folder or notebook in %2")
                                   .arg(why, submissionsFolder)};
    };
    if (name.isEmpty())
        return notInFolder(QStringLiteral("an empty name is not a submission"));
    // A student id: an entry of the submissions folder ("alice" for alice/ or alice.ipynb).
    QString path;
    if (!name.contains(QLatin1Char('/')) && name != QLatin1String(".") && name != QLatin1String("..")) {
        for (const QString &candidate : {name, name + QStringLiteral(".ipynb")}) {
            const QFileInfo fi(folder + QLatin1Char('/') + candidate);
            if (fi.exists() || fi.isSymLink()) {
                path = fi.filePath();
                break;
            }
        }
        // Typed as a keyboard writes it (composed, NFC) while the folder's name is decomposed (NFD, as macOS and
        // some zip tools write it), or the other way round: the one entry that is the same once normalized.
        if (path.isEmpty()) {
            const QString typed = name.normalized(QString::NormalizationForm_C);
            QStringList alike;
            for (const QString &entry : QDir(folder).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot)) {
                const QString id = isNotebookName(entry) ? QFileInfo(entry).completeBaseName() : entry;
                if (id.normalized(QString::NormalizationForm_C) == typed)
                    alike << entry;
            }
            if (alike.size() > 1)
                return notInFolder(QStringLiteral("the name is that of %1 entries once Unicode-normalized (%2): name one "
                                                  "by its path")
                                       .arg(alike.size())
                                       .arg(alike.join(QLatin1String(", "))),
                                   false);
            if (alike.size() == 1)
                path = folder + QLatin1Char('/') + alike.constFirst();
        }
    }
    if (path.isEmpty()) {
        // A path: its entry must lie directly in the submissions folder, `..` and linked parents resolved.
        QFileInfo given(name);
        if (!given.exists() && !given.isSymLink() && QDir::isRelativePath(name))
            given = QFileInfo(folder + QLatin1Char('/') + name); // "amy/part2.ipynb": relative to the submissions
        if (!given.exists() && !given.isSymLink())
            return notInFolder(QStringLiteral("no such student, file or folder"),
                               name.contains(QLatin1Char('/')) || name.startsWith(QLatin1Char('.')));
        const QString cleaned = QDir::cleanPath(given.absoluteFilePath());
        const QFileInfo entry(cleaned);
        const QString parent = QFileInfo(entry.absolutePath()).canonicalFilePath();
        // A notebook inside a student's folder: that student, graded with this notebook.
        const QString inside = QDir(canonicalFolder).relativeFilePath(parent + QLatin1Char('/') + entry.fileName());
        if (parent.startsWith(canonicalFolder + QLatin1Char('/')) && !inside.startsWith(QLatin1String("../"))
            && isNotebookName(entry.fileName()) && !entry.isSymLink()) {
            const QString student = inside.section(QLatin1Char('/'), 0, 0);
            if (ignoredName(student))
                return notInFolder(QStringLiteral("a hidden entry is not a submission"));
            Submission s = fromFolder(folder + QLatin1Char('/') + student, student);
            const QString notebook = folder + QLatin1Char('/') + inside;
            if (!s.files.contains(notebook))
                return notInFolder(QStringLiteral("not a notebook of %1's submission").arg(student));
            if (s.problem.isEmpty() || s.problem.startsWith(QLatin1String("ambiguous:"))) {
                s.problem.clear();
                s.notebookPath = notebook;
            }
            return s;
        }
        if (parent != canonicalFolder || cleaned == QLatin1String("/"))
            return notInFolder(QStringLiteral("not a student's folder or notebook in the assignment's submissions folder"));
        path = folder + QLatin1Char('/') + entry.fileName();
    }
    if (ignoredName(QFileInfo(path).fileName()))
        return notInFolder(QStringLiteral("a hidden entry is not a submission"));
    auto s = submissionAt(path);
    if (!s)
        return notInFolder(s.error().message);
    return s;
}

void applyProblemSet(Submission &submission, const QList<InstructorNotebook> &instructor,
                     const QMap<QString, QString> &settled)
{
    if (submission.problem.startsWith(QLatin1String("ambiguous:")))
        submission.problem.clear();
    submission.notebookPath.clear();
    if (!submission.problem.isEmpty())
        return;
    submission.set = matchSubmission(instructor, submission, settled);
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
