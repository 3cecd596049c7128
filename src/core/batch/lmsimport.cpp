#include "batch/lmsimport.h"

#include "batch/batch_log.h"
#include "batch/submissions.h"
#include "util/coretext.h"
#include "util/json_p.h"
#include "util/stagingdir.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QMap>
#include <QRegularExpression>
#include <QSaveFile>

#include <archive.h>
#include <archive_entry.h>

#include <algorithm>
#include <memory>
#include <optional>

namespace sandmark {

namespace {

using namespace Qt::Literals::StringLiterals;

/// One student's files in the staging folder.
struct StagedStudent
{
    QStringList files;    ///< paths relative to the student's staging folder
    QString problem;      ///< set when two entries claim the same file
    QString name;         ///< the student's name as the LMS wrote it in the entry's name; empty for a plain folder
    bool late = false;    ///< an entry of this student was marked LATE by Canvas
};

/// Where an archive entry goes: student id and path inside the student's folder; empty id = not recognised.
struct Target
{
    QString student;
    QString relPath;
    bool late = false; ///< Canvas's `_LATE_` mark
    QString name;      ///< the name part of the LMS's entry name ("smithjohn", "John Smith")
};

/// Canvas: `<name>_<userid>_<submissionid>_<file>` or `<name>_LATE_<userid>_<submissionid>_<file>` (`late` in
/// any case: exports carry both spellings).
/// Moodle: `<Full Name>_<participantid>_assignsubmission_<plugin>_` as a folder, or with the file appended.
Target targetOf(const QStringList &parts)
{
    static const QRegularExpression moodle(u"^(.+)_(\\d+)_assignsubmission_[a-z]+_(.*)$"_s);
    static const QRegularExpression canvas(u"^([^_]+)_((?i:late)_)?(\\d+)_(\\d+)_(.+)$"_s);
    const QString &first = parts.first();
    if (const auto m = moodle.match(first); m.hasMatch()) {
        if (parts.size() > 1 && m.captured(3).isEmpty())
            return {m.captured(2), parts.mid(1).join(QLatin1Char('/')), false, m.captured(1)};
        if (parts.size() == 1 && !m.captured(3).isEmpty())
            return {m.captured(2), m.captured(3), false, m.captured(1)};
        return {};
    }
    if (parts.size() == 1) {
        if (const auto m = canvas.match(first); m.hasMatch())
            return {m.captured(3), m.captured(5), !m.captured(2).isEmpty(), m.captured(1)};
    }
    return {};
}

/// Why an entry path is unsafe, or empty.
QString unsafePath(const QString &path, QStringList *parts)
{
    if (path.startsWith(QLatin1Char('/')) || path.startsWith(QLatin1Char('\\'))
        || (path.size() >= 2 && path.at(1) == QLatin1Char(':')))
        return coretext::text(coretext::refusedAbsolutePath);
    QString norm = path;
    norm.replace(QLatin1Char('\\'), QLatin1Char('/'));
    const QStringList raw = norm.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    parts->clear();
    for (const QString &p : raw) {
        if (p == QLatin1String(".."))
            return coretext::text(coretext::refusedOutside);
        // A control character (C0, DEL, C1) would be written into a file name as it is ("a\x01b.ipynb").
        for (const QChar c : p)
            if (c.unicode() < 0x20 || (c.unicode() >= 0x7F && c.unicode() <= 0x9F))
                return coretext::text(coretext::refusedControlCharacter)
                    .arg(QStringLiteral("U+%1").arg(uint(c.unicode()), 4, 16, QLatin1Char('0')).toUpper());
        if (p != QLatin1String("."))
            *parts << p;
    }
    if (parts->isEmpty())
        return coretext::text(coretext::refusedEmptyPath);
    return {};
}

/// macOS metadata a zip made on a Mac carries: `__MACOSX/` resource forks, `._x` AppleDouble files, `.DS_Store`.
bool macosMetadata(const QStringList &parts)
{
    for (const QString &p : parts)
        if (p == QLatin1String("__MACOSX") || p.startsWith(QLatin1String("._")) || p == QLatin1String(".DS_Store"))
            return true;
    return false;
}

/// Why an entry that is not part of a submission is skipped, or empty.
QString skipReason(const QStringList &parts)
{
    for (const QString &p : parts) {
        if (p == QLatin1String(".ipynb_checkpoints"))
            return coretext::text(coretext::skippedCheckpoints);
        if (p == QLatin1String("__pycache__"))
            return coretext::text(coretext::skippedPycache);
        if (p.startsWith(QLatin1Char('.')))
            return coretext::text(coretext::skippedHidden).arg(p);
    }
    return {};
}

/// Why the files of `t` cannot exist on a file system, or empty: a name over NAME_MAX (255 bytes on Linux,
/// macOS and Windows file systems) or a path over PATH_MAX. The student chose the name; it is that entry's
/// problem, never the whole import's (security report F11).
QString unwritableName(const Target &t, qsizetype stagingBytes)
{
    constexpr qsizetype nameMax = 255, pathMax = 4096;
    const QStringList parts = (t.student + QLatin1Char('/') + t.relPath).split(QLatin1Char('/'));
    for (const QString &p : parts) {
        const qsizetype bytes = QFile::encodeName(p).size();
        if (bytes > nameMax)
            return coretext::text(coretext::refusedLongName).arg(bytes).arg(nameMax);
    }
    const qsizetype total = stagingBytes + 1 + QFile::encodeName(t.student + QLatin1Char('/') + t.relPath).size();
    if (total >= pathMax)
        return coretext::text(coretext::refusedLongPath).arg(total).arg(pathMax - 1);
    return {};
}

/// libarchive's explanation of the last error, or `fallback` when it gave none (an empty "()" told nobody
/// anything) or only a code ("lzma unknown error 10").
QString archiveReason(archive *a, const QString &fallback)
{
    const char *e = archive_error_string(a);
    const QString text = e ? QString::fromLocal8Bit(e).trimmed() : QString();
    if (text.isEmpty() || text.contains(QLatin1String("unknown error")))
        return fallback;
    return text;
}

/// Importer::write()'s reason when the source could not be read; readZip() replaces it with libarchive's.
const QString kUnreadableData = coretext::text(coretext::refusedUnreadableData);

struct ArchiveFree
{
    void operator()(archive *a) const { archive_read_free(a); }
};

class Importer
{
public:
    Importer(const QString &stagingRoot, const ImportLimits &limits) : m_staging(stagingRoot), m_limits(limits) {}

    QMap<QString, StagedStudent> students;
    QList<FlaggedEntry> flagged;
    QList<FlaggedEntry> skipped;
    int macosEntries = 0; ///< macOS metadata entries skipped (listed as one line)

    /// Bytes of the staging folder's path (the prefix of every path written).
    qsizetype stagingBytes() const { return QFile::encodeName(m_staging).size(); }

    /// Copies `size` bytes from `read` (returns bytes, 0 at end, <0 on error) to the staging file.
    /// Returns an empty string or the reason the entry was refused; `fatal` set on an I/O or archive error.
    template <typename ReadFn>
    QString write(const Target &t, qint64 declaredSize, ReadFn read, Error *fatal, const QString &entry)
    {
        if (declaredSize > m_limits.maxFileBytes)
            return coretext::text(coretext::refusedFileCap).arg(declaredSize).arg(m_limits.maxFileBytes);
        if (declaredSize >= 0 && m_total + declaredSize > m_limits.maxTotalBytes)
            return coretext::text(coretext::refusedTotalCap).arg(m_limits.maxTotalBytes);
        StagedStudent &s = students[t.student];
        QString relPath = t.relPath;
        if (s.files.contains(relPath, Qt::CaseInsensitive)) {
            // A second copy of one file (an on-time and a late one): written beside the first under a name of
            // its own, so the folder shows both and grade flags the student instead of grading either.
            const qsizetype slash = relPath.lastIndexOf(QLatin1Char('/'));
            const qsizetype dot = relPath.lastIndexOf(QLatin1Char('.'));
            const qsizetype cut = dot > slash + 1 ? dot : relPath.size();
            const QString stem = relPath.left(cut), ext = relPath.mid(cut);
            for (int n = 2; s.files.contains(relPath, Qt::CaseInsensitive); ++n)
                relPath = stem + (t.late && n == 2 ? u" (late)"_s : t.late ? u" (late %1)"_s.arg(n - 1) : u" (%1)"_s.arg(n)) + ext;
            QStringList copies{t.relPath};
            for (const QString &f : std::as_const(s.files))
                if (f != t.relPath && f.startsWith(stem + u" ("_s) && f.endsWith(ext))
                    copies << f;
            copies << relPath;
            s.problem = coretext::text(coretext::ambiguousCopies).arg(t.relPath).arg(copies.size()).arg(copies.join(u", "_s));
        }
        const QString dest = m_staging + QLatin1Char('/') + t.student + QLatin1Char('/') + relPath;
        // "a" written as a file and "a/b" as a file inside a folder "a" (or the other way round) cannot both
        // exist: the later entry is refused.
        const QStringList parts = relPath.split(QLatin1Char('/'));
        for (qsizetype i = 1; i <= parts.size(); ++i) {
            const QString prefix = QStringList(parts.mid(0, i)).join(QLatin1Char('/'));
            const QFileInfo fi(m_staging + QLatin1Char('/') + t.student + QLatin1Char('/') + prefix);
            if (i < parts.size() ? fi.exists() && !fi.isDir() : fi.isDir()) {
                if (s.files.isEmpty() && s.problem.isEmpty())
                    students.remove(t.student);
                return coretext::text(coretext::refusedFileAndFolder).arg(prefix);
            }
        }
        if (!QDir().mkpath(QFileInfo(dest).absolutePath())) {
            *fatal = Error{dest, {}, u"cannot create the folder"_s};
            return {};
        }
        QFile f(dest);
        if (!f.open(QIODevice::WriteOnly)) {
            *fatal = Error{dest, {}, u"cannot write: %1"_s.arg(f.errorString())};
            return {};
        }
        qint64 written = 0;
        QString refused;
        QByteArray buf(64 * 1024, Qt::Uninitialized);
        for (;;) {
            const qint64 n = read(buf.data(), buf.size());
            if (n == 0)
                break;
            if (n < 0) {
                refused = kUnreadableData;
                break;
            }
            written += n;
            if (written > m_limits.maxFileBytes) {
                refused = coretext::text(coretext::refusedOverFileCap).arg(m_limits.maxFileBytes);
                break;
            }
            if (m_total + written > m_limits.maxTotalBytes) {
                refused = coretext::text(coretext::refusedTotalCap).arg(m_limits.maxTotalBytes);
                break;
            }
            if (f.write(buf.constData(), n) != n) {
                *fatal = Error{dest, {}, u"cannot write: %1"_s.arg(f.errorString())};
                return {};
            }
        }
        f.close();
        if (!refused.isEmpty()) {
            f.remove();
            if (s.files.isEmpty())
                QDir(m_staging + QLatin1Char('/') + t.student).removeRecursively();
            if (s.files.isEmpty() && s.problem.isEmpty())
                students.remove(t.student);
            return refused;
        }
        Q_UNUSED(entry);
        m_total += written;
        s.files << relPath;
        s.late = s.late || t.late;
        if (s.name.isEmpty())
            s.name = t.name;
        return {};
    }

private:
    QString m_staging;
    ImportLimits m_limits;
    qint64 m_total = 0;
};

/// Where a file of an LMS export (an archive member, or a file of an export unpacked into a folder) goes, its
/// path split into `parts`; std::nullopt when it is not written: macOS metadata is counted, hidden files and
/// caches are listed in `imp.skipped` (as `name`), entries not named like a Canvas or Moodle submission and
/// names no file system can hold are flagged (as `shown`).
std::optional<Target> routeEntry(Importer &imp, const QString &name, const QString &shown, const QStringList &parts)
{
    if (macosMetadata(parts)) {
        ++imp.macosEntries;
        return std::nullopt;
    }
    if (QString why = skipReason(parts); !why.isEmpty()) {
        imp.skipped << FlaggedEntry{name, why};
        return std::nullopt;
    }
    const Target t = targetOf(parts);
    // The file's own name inside a Canvas entry ("name_1_2_.secret.csv") may be hidden too.
    if (QString why = t.student.isEmpty() ? QString() : skipReason(t.relPath.split(QLatin1Char('/'))); !why.isEmpty()) {
        imp.skipped << FlaggedEntry{name, why};
        return std::nullopt;
    }
    if (t.student.isEmpty()) {
        imp.flagged << FlaggedEntry{shown, coretext::text(coretext::notLmsNamed)};
        return std::nullopt;
    }
    if (QString why = unwritableName(t, imp.stagingBytes()); !why.isEmpty()) {
        imp.flagged << FlaggedEntry{shown, why};
        return std::nullopt;
    }
    return t;
}

Expected<void> readZip(const QString &path, Importer &imp)
{
    std::unique_ptr<archive, ArchiveFree> a(archive_read_new());
    archive_read_support_format_zip(a.get());
    const QByteArray native = QFile::encodeName(path);
    const QString notZip = u"no zip directory or entry was found: the file is empty, cut short, or not a zip; "
                           "download the export again"_s;
    if (archive_read_open_filename(a.get(), native.constData(), 64 * 1024) != ARCHIVE_OK)
        return Error{path, {}, u"not a zip archive (%1)"_s.arg(archiveReason(a.get(), notZip))};
    QString lastShown;
    for (int index = 0;; ++index) {
        archive_entry *e = nullptr;
        const int r = archive_read_next_header(a.get(), &e);
        if (r == ARCHIVE_EOF)
            break;
        if (r == ARCHIVE_FATAL || (r != ARCHIVE_OK && r != ARCHIVE_WARN && r != ARCHIVE_FAILED)) {
            if (index == 0)
                return Error{path, {}, u"not a zip archive (%1)"_s.arg(archiveReason(a.get(), notZip))};
            // The archive's own structure is broken here: nothing after this entry can be found.
            return Error{path, u"entry %1"_s.arg(index + 1),
                         u"the archive is damaged after entry %1, %2 (%3); download it again from the LMS"_s.arg(index).arg(
                             lastShown, archiveReason(a.get(), u"no further entry can be read"_s))};
        }
        const char *u8 = archive_entry_pathname_utf8(e);
        const char *raw = archive_entry_pathname(e);
        const QString name = u8 ? QString::fromUtf8(u8) : QString::fromLocal8Bit(raw ? raw : "");
        const QString shown = name.isEmpty() ? u"(entry %1 has no name)"_s.arg(index + 1) : name;
        lastShown = shown;
        QStringList parts;
        const auto flag = [&](const QString &reason) { imp.flagged << FlaggedEntry{shown, reason}; };
        const auto type = archive_entry_filetype(e);
        if (r == ARCHIVE_FAILED) {
            // libarchive could read where the entry is but not the entry itself (a symbolic link stored with a
            // compression method it cannot undo, say): this entry's problem, the next one is readable.
            flag(type == AE_IFLNK ? coretext::text(coretext::refusedSymlink)
                                  : coretext::text(coretext::refusedEntryUnreadable).arg(
                                        archiveReason(a.get(), coretext::text(coretext::zipRecordDamaged))));
            continue;
        }
        if (QString why = unsafePath(name, &parts); !why.isEmpty()) {
            flag(why);
            continue;
        }
        if (archive_entry_hardlink(e)) {
            flag(coretext::text(coretext::refusedHardLink));
            continue;
        }
        if (type == AE_IFLNK) {
            flag(coretext::text(coretext::refusedSymlink));
            continue;
        }
        if (type == AE_IFDIR)
            continue;
        if (type != AE_IFREG) {
            flag(coretext::text(coretext::refusedSpecialFile));
            continue;
        }
        const std::optional<Target> t = routeEntry(imp, name, shown, parts);
        if (!t)
            continue;
        Error fatal;
        const qint64 declared = archive_entry_size_is_set(e) ? archive_entry_size(e) : -1;
        const QString why = imp.write(
            *t, declared,
            [&](char *buf, qint64 size) -> qint64 {
                const la_ssize_t n = archive_read_data(a.get(), buf, size_t(size));
                return n < 0 ? -1 : qint64(n);
            },
            &fatal, name);
        if (!fatal.message.isEmpty())
            return fatal;
        if (why == kUnreadableData) {
            // archive_format_name() names the entry's compression ("ZIP 6.3 (lzma)").
            const QString format = QString::fromLatin1(archive_format_name(a.get()));
            flag(coretext::text(coretext::refusedUndecompressable).arg(format, archiveReason(a.get(), coretext::text(coretext::damagedOrCutShort))));
        } else if (!why.isEmpty()) {
            flag(why);
        }
    }
    return {};
}

/// Whether `folder` holds an LMS export unpacked by hand (a Canvas zip's flat files, Moodle's per-student
/// folders or files): one of its entries is named like a Canvas or Moodle submission.
bool isUnpackedExport(const QString &folder)
{
    const QFileInfoList entries = QDir(folder).entryInfoList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System);
    for (const QFileInfo &e : entries) {
        const QStringList parts = e.isDir() && !e.isSymLink() ? QStringList{e.fileName(), u"x"_s} : QStringList{e.fileName()};
        if (!targetOf(parts).student.isEmpty())
            return true;
    }
    return false;
}

/// An unpacked LMS export: every file under `folder` read as the zip's member of that path would be (links
/// never followed, each refused and flagged).
Expected<void> readUnpackedExport(const QString &folder, Importer &imp)
{
    QStringList rels;
    QDirIterator it(folder, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext())
        rels << QDir(folder).relativeFilePath(it.next());
    rels.sort();
    for (const QString &rel : std::as_const(rels)) {
        const QFileInfo fi(folder + QLatin1Char('/') + rel);
        const QStringList parts = rel.split(QLatin1Char('/'));
        if (fi.isSymLink()) {
            if (!macosMetadata(parts))
                imp.flagged << FlaggedEntry{rel, coretext::text(coretext::refusedSymlink)};
            continue;
        }
        if (fi.isDir())
            continue;
        if (!fi.isFile()) {
            imp.flagged << FlaggedEntry{rel, coretext::text(coretext::refusedSpecialFile)};
            continue;
        }
        const std::optional<Target> t = routeEntry(imp, rel, rel, parts);
        if (!t)
            continue;
        QFile src(fi.filePath());
        if (!src.open(QIODevice::ReadOnly)) {
            imp.flagged << FlaggedEntry{rel, coretext::text(coretext::refusedCannotRead).arg(src.errorString())};
            continue;
        }
        Error fatal;
        const QString why = imp.write(
            *t, src.size(), [&](char *buf, qint64 size) -> qint64 { return src.read(buf, size); }, &fatal, rel);
        if (!fatal.message.isEmpty())
            return fatal;
        if (!why.isEmpty())
            imp.flagged << FlaggedEntry{rel, why};
    }
    return {};
}

/// A folder with one notebook or one sub-folder per student (discoverSubmissions()'s layout), or an unpacked
/// LMS export (isUnpackedExport()).
Expected<void> readFolder(const QString &folder, const QString &out, Importer &imp)
{
    const QString in = QFileInfo(folder).canonicalFilePath();
    const QString outCanonical = QFileInfo(out).canonicalFilePath();
    if (!outCanonical.isEmpty() && (outCanonical == in || outCanonical.startsWith(in + QLatin1Char('/'))))
        return Error{out, {}, u"the output folder lies inside the folder being imported"_s};
    if (isUnpackedExport(folder))
        return readUnpackedExport(folder, imp);
    auto subs = discoverSubmissions(folder);
    if (!subs)
        return subs.error();
    // What discoverSubmissions() leaves out (hidden folders and notebooks) is listed, as a zip's hidden entries are.
    for (const auto &[name, why] : skippedSubmissionEntries(folder))
        imp.skipped << FlaggedEntry{name, why};
    for (const Submission &s : *subs) {
        // A name a zip's entry may not have is refused the same way here (a control character: "new\nline").
        QStringList parts;
        if (const QString why = unsafePath(s.studentId, &parts); !why.isEmpty()) {
            imp.flagged << FlaggedEntry{s.studentId, why};
            continue;
        }
        // An ambiguous student (several notebooks) is copied and flagged like one from a zip: settled later.
        if (!s.problem.isEmpty() && !s.problem.startsWith(QLatin1String("ambiguous:"))) {
            imp.flagged << FlaggedEntry{s.studentId, s.problem};
            continue;
        }
        // A notebook `<student>.ipynb` directly in the folder becomes `<student>/<student>.ipynb`.
        const bool single = QFileInfo(s.root).canonicalFilePath() == in;
        for (const QString &file : s.files) {
            const QString rel = single ? QFileInfo(file).fileName() : QDir(s.root).relativeFilePath(file);
            if (const QString why = unsafePath(rel, &parts); !why.isEmpty()) {
                imp.flagged << FlaggedEntry{s.studentId + QLatin1Char('/') + rel, why};
                continue;
            }
            QFile src(file);
            if (!src.open(QIODevice::ReadOnly))
                return Error{file, {}, u"cannot read: %1"_s.arg(src.errorString())};
            Error fatal;
            const QString why = imp.write(
                Target{s.studentId, rel, false, {}}, src.size(),
                [&](char *buf, qint64 size) -> qint64 { return src.read(buf, size); }, &fatal, file);
            if (!fatal.message.isEmpty())
                return fatal;
            if (!why.isEmpty())
                imp.flagged << FlaggedEntry{s.studentId + QLatin1Char('/') + rel, why};
        }
    }
    return {};
}

} // namespace

QString importManifestPath(const QString &folder)
{
    return QDir(folder).filePath(u".sandmark-import.json"_s);
}

Expected<QMap<QString, QString>> importedNames(const QString &folder)
{
    Expected<ImportManifest> manifest = readImportManifest(folder);
    if (!manifest)
        return manifest.error();
    QMap<QString, QString> names;
    for (auto it = manifest->students.cbegin(); it != manifest->students.cend(); ++it)
        if (!it->displayName.isEmpty())
            names.insert(it.key(), it->displayName);
    return names;
}

Expected<ImportManifest> readImportManifest(const QString &folder)
{
    ImportManifest m;
    const QString path = importManifestPath(folder);
    const QFileInfo info(path);
    if (!info.exists() && !info.isSymLink())
        return m;
    // The submissions folder holds what students and LMS exports put there: only a plain file of sensible size is
    // read (a link to /dev/zero or a FIFO would exhaust memory or block for ever).
    constexpr qint64 kMaxManifestBytes = 64LL * 1024 * 1024;
    if (info.isSymLink() || !info.isFile())
        return Error{path, {}, u"not a regular file (a link, folder or device is refused); remove it to import again"_s};
    if (info.size() > kMaxManifestBytes)
        return Error{path, {}, u"%1 bytes, more than an import manifest can be (%2)"_s.arg(info.size()).arg(kMaxManifestBytes)};
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Error{path, {}, u"cannot read: %1"_s.arg(f.errorString())};
    // Written by writeImportManifest(), but it lies in the submissions folder, which students and LMS exports fill:
    // read as outside input (jsonutil: syntax errors by line and column, 1e999 an error, never a throw).
    const Expected<nlohmann::json> doc = jsonutil::parse<nlohmann::json>(f.readAll(), path);
    if (!doc) {
        QString why = doc.error().message;
        why.remove(QRegularExpression(u"^invalid JSON: "_s));
        return Error{path, doc.error().location,
                     u"not valid JSON (%1); remove the file to import again (it only names the students)"_s.arg(why)};
    }
    const auto students = doc->is_object() ? doc->find("students") : doc->end();
    const auto flagged = doc->is_object() ? doc->find("flagged") : doc->end();
    if (!doc->is_object() || students == doc->end() || !students->is_object() || flagged == doc->end() || !flagged->is_array())
        return Error{path, {}, u"not an import manifest (an object with \"students\" and \"flagged\" expected)"_s};
    const auto text = [](const nlohmann::json &o, const char *key) { return QString::fromStdString(jsonutil::stringOr(o, key)); };
    for (const auto &[id, o] : students->items())
        m.students.insert(QString::fromStdString(id), {text(o, "name"), jsonutil::boolOr(o, "late", false), text(o, "problem"),
                                                       text(o, "source")});
    for (const nlohmann::json &v : *flagged)
        m.flagged << FlaggedEntry{text(v, "entry"), text(v, "reason")};
    return m;
}

namespace {

/// Writes `m` to importManifestPath(`folder`) atomically.
Expected<void> writeImportManifest(const QString &folder, const ImportManifest &m)
{
    nlohmann::json students = nlohmann::json::object();
    for (auto it = m.students.cbegin(); it != m.students.cend(); ++it)
        students[it.key().toStdString()] = {{"name", it->displayName.toStdString()}, {"late", it->late},
                                            {"problem", it->problem.toStdString()}, {"source", it->source.toStdString()}};
    nlohmann::json flagged = nlohmann::json::array();
    for (const FlaggedEntry &f : m.flagged)
        flagged.push_back({{"entry", f.entry.toStdString()}, {"reason", f.reason.toStdString()}});
    const nlohmann::json manifest = {{"students", std::move(students)}, {"flagged", std::move(flagged)}};
    const QString path = importManifestPath(folder);
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly)
        || f.write(QByteArray::fromStdString(manifest.dump(4) + '\n')) < 0
        || !f.commit())
        return Error{path, {}, u"cannot write: %1"_s.arg(f.errorString())};
    return {};
}

/// The outermost folder of the absolute path `out` that does not exist yet (`-o new/submissions`: new); empty when
/// `out` exists.
QString outermostMissingFolder(const QString &out)
{
    QString top;
    for (QString dir = out; !QFileInfo::exists(dir) && !QFileInfo(dir).isSymLink(); dir = QFileInfo(dir).absolutePath())
        top = dir;
    return top;
}

/// Removes `out` and its parents up to `top`, the folders an import created, as far as they are empty.
void removeEmptyCreatedFolders(const QString &out, const QString &top)
{
    QString dir = out;
    while (dir.size() >= top.size() && QDir().rmdir(dir))
        dir = QFileInfo(dir).absolutePath();
}

/// The report's start: the entries the importer flagged and skipped (macOS metadata as one line).
ImportReport readerReport(const Importer &imp)
{
    ImportReport report;
    report.flagged = imp.flagged;
    report.skipped = imp.skipped;
    if (imp.macosEntries > 0)
        report.skipped << FlaggedEntry{u"__MACOSX/, ._*, .DS_Store"_s,
                                       coretext::text(imp.macosEntries == 1 ? coretext::ignoredMacosEntry : coretext::ignoredMacosEntries).arg(imp.macosEntries)};
    return report;
}

/// The student `student` staged as `s`, now in its folder `dest`: its one notebook, or why it needs review.
ImportedSubmission importedAt(const QString &student, const StagedStudent &s, const QString &dest)
{
    QStringList notebooks;
    for (const QString &f : s.files)
        if (isNotebookName(f))
            notebooks << f;
    notebooks.sort();
    ImportedSubmission written{student, {}, dest, {}, s.late, s.name};
    if (!s.problem.isEmpty())
        written.problem = s.problem;
    else if (notebooks.isEmpty())
        written.problem = coretext::text(coretext::noNotebook);
    else if (notebooks.size() > 1)
        written.problem = coretext::text(coretext::ambiguousNotebooks).arg(notebooks.size()).arg(notebooks.join(QLatin1String(", ")));
    else
        written.notebookPath = dest + QLatin1Char('/') + notebooks.first();
    return written;
}

/// Renames each student's folder from `staging` into `out`, into the report as imported or as needing review (and
/// flagged); a student already in `out` is flagged and left where it is.
Expected<void> moveIntoPlace(const Importer &imp, const QString &staging, const QString &out, ImportReport &report)
{
    for (auto it = imp.students.cbegin(); it != imp.students.cend(); ++it) {
        const QString &student = it.key();
        const QString dest = out + QLatin1Char('/') + student;
        if (QFileInfo::exists(dest) || QFileInfo(dest).isSymLink()) {
            report.flagged << FlaggedEntry{student, coretext::text(coretext::alreadyThere).arg(out)};
            continue;
        }
        if (!QDir().rename(staging + QLatin1Char('/') + student, dest))
            return Error{dest, {}, u"cannot move the student's folder into place"_s};
        const ImportedSubmission written = importedAt(student, *it, dest);
        if (written.problem.isEmpty()) {
            report.imported << written;
        } else {
            report.flagged << FlaggedEntry{student, written.problem};
            report.needsReview << written;
        }
    }
    return {};
}

/// What the LMS said, kept in `manifest` for the app's table and list: the students of `report` imported from
/// `source` (a student already there keeps its first record) and the entries flagged.
void recordInManifest(ImportManifest &manifest, const ImportReport &report, const QString &source)
{
    for (const QList<ImportedSubmission> *list : {&report.imported, &report.needsReview})
        for (const ImportedSubmission &s : *list)
            manifest.students.insert(s.studentId, {s.displayName, s.late, s.problem, source});
    for (const FlaggedEntry &f : std::as_const(report.flagged)) {
        const bool known = std::any_of(manifest.flagged.cbegin(), manifest.flagged.cend(), [&](const FlaggedEntry &e) {
            return e.entry == f.entry && e.reason == f.reason;
        });
        if (!known && !f.reason.startsWith(u"already in "_s)) // a rerun: the earlier import's record stands
            manifest.flagged << f;
    }
}

} // namespace

Expected<ImportReport> importSubmissions(const QString &archiveOrFolder, const QString &outFolder,
                                         const ImportLimits &limits)
{
    const QFileInfo in(archiveOrFolder);
    if (!in.exists())
        return Error{archiveOrFolder, {}, u"no such file or folder"_s};
    if (!in.isDir() && !in.isFile()) // reading a FIFO or a device could block for ever or never end
        return Error{archiveOrFolder, {}, u"not a regular file or a folder (a FIFO, a device or a socket)"_s};
    if (QFileInfo(outFolder).exists() && !QFileInfo(outFolder).isDir())
        return Error{outFolder, {}, u"exists and is not a folder"_s};
    Expected<ImportManifest> manifest = readImportManifest(outFolder);
    if (!manifest)
        return manifest.error();
    const QString out = QFileInfo(outFolder).absoluteFilePath();
    // The outermost folder this call creates (`-o new/submissions`: new), removed again when nothing was written.
    const QString createdTop = outermostMissingFolder(out);
    const bool createdOut = !createdTop.isEmpty();
    if (!QDir().mkpath(outFolder))
        return Error{outFolder, {}, u"cannot create the folder"_s};
    // The staging folder is removed when this scope ends, whatever happened; an output folder this call
    // created is removed again when the import failed, so an error leaves the file system as it was.
    auto created = StagingDir::create(out, u".sandmark-import-"_s);
    if (!created)
        return created.error();
    std::unique_ptr<StagingDir> staging = std::move(*created);
    Importer imp(staging->path(), limits);
    const Expected<void> read = in.isDir() ? readFolder(in.absoluteFilePath(), out, imp) : readZip(archiveOrFolder, imp);
    if (!read) {
        staging.reset();
        if (createdOut)
            QDir(createdTop).removeRecursively();
        return read.error();
    }

    ImportReport report = readerReport(imp);
    if (auto moved = moveIntoPlace(imp, staging->path(), out, report); !moved)
        return moved.error();
    recordInManifest(*manifest, report, in.absoluteFilePath());
    // Nothing written (every entry refused: a zip bomb, a damaged archive): no manifest either, and an output folder
    // this call created goes again — "nothing was written" is true.
    if (report.written() == 0) {
        staging.reset();
        if (createdOut) // the folders it made, as far as they are empty
            removeEmptyCreatedFolders(out, createdTop);
        return report;
    }
    if (auto w = writeImportManifest(out, *manifest); !w)
        return w.error();
    qCDebug(lcBatch) << "imported" << report.imported.size() << "submissions from" << archiveOrFolder << "into" << out
                    << "," << report.needsReview.size() << "to review," << report.flagged.size() << "flagged,"
                    << report.skipped.size() << "skipped";
    return report;
}

} // namespace sandmark
