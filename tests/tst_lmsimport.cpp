// Importing submissions from LMS zip exports (Canvas, Moodle) and plain folders: batch/lmsimport.h.
// The zips are written by the system Python's zipfile, so entries a well-behaved writer refuses to produce
// (../ paths, absolute paths, symbolic links) can be built on purpose.
#include "batch/lmsimport.h"
#include "batch/submissions.h"

#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLockFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace sandmark;
using namespace Qt::Literals::StringLiterals;

namespace {

const QByteArray kNotebook = R"({"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})";

/// One zip member: name, data, and optionally a symbolic link (data = target) or a hard link flag.
struct Member
{
    QString name;
    QByteArray data;
    QString kind = u"file"_s; ///< "file", "symlink", "fifo", "dir"
    QString method = u"deflate"_s; ///< "deflate", "stored", "bzip2", "lzma"
    bool damaged = false; ///< the compressed data is flipped after writing (headers stay intact)
};

/// Writes `members` into `zipPath` with /usr/bin/python3's zipfile; ZipInfo keeps names exactly as given.
bool writeZip(const QString &zipPath, const QList<Member> &members)
{
    QJsonArray spec;
    for (const Member &m : members)
        spec.append(QJsonObject{{u"name"_s, m.name},
                                {u"data"_s, QString::fromLatin1(m.data.toBase64())},
                                {u"kind"_s, m.kind},
                                {u"method"_s, m.method},
                                {u"damaged"_s, m.damaged}});
    const QString script = uR"(
import base64, json, struct, sys, zipfile
spec = json.load(sys.stdin)
methods = {'deflate': zipfile.ZIP_DEFLATED, 'stored': zipfile.ZIP_STORED, 'bzip2': zipfile.ZIP_BZIP2,
           'lzma': zipfile.ZIP_LZMA}
with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:
    for m in spec:
        info = zipfile.ZipInfo(m['name'], date_time=(2024, 1, 2, 3, 4, 5))
        info.create_system = 3
        info.compress_type = methods[m['method']]
        if m['kind'] == 'symlink':
            info.external_attr = 0o120777 << 16
        elif m['kind'] == 'fifo':
            info.external_attr = 0o010644 << 16
        elif m['kind'] == 'dir':
            info.external_attr = (0o40755 << 16) | 0x10
        else:
            info.external_attr = 0o100644 << 16
        z.writestr(info, base64.b64decode(m['data']))
damaged = [m['name'] for m in spec if m['damaged']]
if damaged:
    data = bytearray(open(sys.argv[1], 'rb').read())
    with zipfile.ZipFile(sys.argv[1]) as z:
        for name in damaged:
            i = z.getinfo(name)
            n, e = struct.unpack('<HH', data[i.header_offset + 26:i.header_offset + 30])
            start = i.header_offset + 30 + n + e
            for k in range(start + 10, start + i.compress_size - 2):
                data[k] ^= 0x55
    open(sys.argv[1], 'wb').write(data)
)"_s;
    QProcess p;
    p.start(u"/usr/bin/python3"_s, {u"-c"_s, script, zipPath});
    p.write(QJsonDocument(spec).toJson());
    p.closeWriteChannel();
    if (!p.waitForFinished(60000) || p.exitCode() != 0) {
        qWarning() << p.readAllStandardError();
        return false;
    }
    return true;
}

/// Every file under `root`, relative, sorted (hidden ones included, so a leftover staging folder shows), but
/// the import manifest (checked by the tests about it).
QStringList filesUnder(const QString &root)
{
    QStringList out;
    QDirIterator it(root, QDir::Files | QDir::Hidden | QDir::System | QDir::Dirs | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        it.next();
        if (it.filePath() == importManifestPath(root))
            continue;
        if (!it.fileInfo().isDir() || QDir(it.filePath()).isEmpty())
            out << QDir(root).relativeFilePath(it.filePath());
    }
    out.sort();
    return out;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QStringList flaggedText(const ImportReport &r)
{
    QStringList out;
    for (const FlaggedEntry &f : r.flagged)
        out << f.entry + u" | "_s + f.reason;
    return out;
}

QStringList importedText(const ImportReport &r, const QString &out)
{
    QStringList list;
    for (const ImportedSubmission &s : r.imported)
        list << s.studentId + u" "_s + QDir(out).relativeFilePath(s.notebookPath);
    return list;
}

} // namespace

class TestLmsImport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        if (!QFileInfo::exists(u"/usr/bin/python3"_s))
            QSKIP("/usr/bin/python3 is needed to write the test zips");
    }

    void canvas()
    {
        QTemporaryDir tmp;
        const QString zip = tmp.filePath(u"canvas.zip"_s), out = tmp.filePath(u"out"_s);
        QVERIFY(writeZip(zip, {
            {u"smithjohn_101_5001_hw1.ipynb"_s, kNotebook},
            {u"smithjohn_101_5001_data.csv"_s, "a,b\n1,2\n"},
            {u"doejane_LATE_102_5002_hw1.ipynb"_s, kNotebook},
            // A resubmitted file: Canvas appends -1 to the file name; kept as Canvas wrote it.
            {u"leeann_103_5010_hw1-1.ipynb"_s, kNotebook},
            // Two notebooks for one student: flagged, never guessed.
            {u"roebob_104_5003_hw1.ipynb"_s, kNotebook},
            {u"roebob_104_5003_hw1_copy.ipynb"_s, kNotebook},
            {u"kimlee_late_105_5011_hw1.ipynb"_s, kNotebook}, // "late" in lower case: found in exports too
        }));
        const auto r = importSubmissions(zip, out);
        QVERIFY2(r, qPrintable(r ? QString() : r.error().toString()));
        QCOMPARE(importedText(*r, out), (QStringList{u"101 101/hw1.ipynb"_s, u"102 102/hw1.ipynb"_s,
                                                     u"103 103/hw1-1.ipynb"_s, u"105 105/hw1.ipynb"_s}));
        QCOMPARE(flaggedText(*r),
                 QStringList{u"104 | ambiguous: 2 notebooks (hw1.ipynb, hw1_copy.ipynb); not guessed"_s});
        QCOMPARE(filesUnder(out), (QStringList{u"101/data.csv"_s, u"101/hw1.ipynb"_s, u"102/hw1.ipynb"_s,
                                               u"103/hw1-1.ipynb"_s, u"104/hw1.ipynb"_s, u"104/hw1_copy.ipynb"_s,
                                               u"105/hw1.ipynb"_s}));
        QFile data(out + u"/101/data.csv"_s);
        QVERIFY(data.open(QIODevice::ReadOnly));
        QCOMPARE(data.readAll(), QByteArray("a,b\n1,2\n"));

        // grade reads the same layout: the imported students are found, the ambiguous one is flagged again.
        const auto subs = discoverSubmissions(out);
        QVERIFY(subs);
        QCOMPARE(subs->size(), 5);
        QStringList ids, problems;
        for (const Submission &s : *subs) {
            ids << s.studentId;
            problems << s.problem;
        }
        QCOMPARE(ids, (QStringList{u"101"_s, u"102"_s, u"103"_s, u"104"_s, u"105"_s}));
        QCOMPARE(subs->at(0).notebookPath, out + u"/101/hw1.ipynb"_s);
        QCOMPARE(subs->at(0).files.size(), 2);
        QVERIFY(problems.at(0).isEmpty() && problems.at(1).isEmpty() && problems.at(2).isEmpty());
        QVERIFY(problems.at(3).startsWith(u"ambiguous"_s));
    }

    // The same file twice for one student (on time and late): both copies are written, the student is flagged
    // and listed as needing review (the folder holds both, so grade flags it too). Canvas's LATE mark is kept.
    // Hidden entries are skipped and listed with their reason; macOS metadata as one line.
    void lateCopiesHiddenAndMacosEntries()
    {
        QTemporaryDir tmp;
        const QString zip = tmp.filePath(u"late.zip"_s), out = tmp.filePath(u"out"_s);
        QVERIFY(writeZip(zip, {
            {u"smithjohn_101_5001_hw1.ipynb"_s, kNotebook},
            {u"smithjohn_LATE_101_5002_hw1.ipynb"_s, kNotebook + " "},
            {u"doejane_LATE_102_5003_hw1.ipynb"_s, kNotebook},
            {u"roebob_103_5004_hw1.ipynb"_s, kNotebook},
            {u".hidden.ipynb"_s, kNotebook},
            {u"roebob_103_5004_.secret.csv"_s, "x\n"},
            {u"__MACOSX/._smithjohn_101_5001_hw1.ipynb"_s, "fork"},
            {u"__MACOSX/._doejane_LATE_102_5003_hw1.ipynb"_s, "fork"},
            {u".DS_Store"_s, "finder"},
            {u".ipynb_checkpoints/roebob_103_5004_hw1-checkpoint.ipynb"_s, kNotebook},
            {u"__pycache__/x.pyc"_s, "pyc"},
        }));
        const auto r = importSubmissions(zip, out);
        QVERIFY2(r, qPrintable(r ? QString() : r.error().toString()));
        QCOMPARE(importedText(*r, out), (QStringList{u"102 102/hw1.ipynb"_s, u"103 103/hw1.ipynb"_s}));
        QCOMPARE(r->imported.at(0).late, true);
        QCOMPARE(r->imported.at(1).late, false);
        QCOMPARE(r->written(), 3);
        QCOMPARE(r->needsReview.size(), 1);
        const ImportedSubmission &john = r->needsReview.at(0);
        QCOMPARE(john.studentId, u"101"_s);
        QCOMPARE(john.folder, out + u"/101"_s);
        QCOMPARE(john.notebookPath, QString());
        QCOMPARE(john.late, true);
        const QString ambiguous = u"ambiguous: hw1.ipynb handed in 2 times (hw1.ipynb, hw1 (late).ipynb); not guessed"_s;
        QCOMPARE(john.problem, ambiguous);
        QCOMPARE(flaggedText(*r), QStringList{u"101 | "_s + ambiguous});
        QStringList skipped;
        for (const FlaggedEntry &f : r->skipped)
            skipped << f.entry + u" | "_s + f.reason;
        QCOMPARE(skipped, (QStringList{
            u".hidden.ipynb | skipped: hidden file or folder (the name .hidden.ipynb starts with '.')"_s,
            u"roebob_103_5004_.secret.csv | skipped: hidden file or folder (the name .secret.csv starts with '.')"_s,
            u".ipynb_checkpoints/roebob_103_5004_hw1-checkpoint.ipynb | skipped: Jupyter's autosave folder .ipynb_checkpoints"_s,
            u"__pycache__/x.pyc | skipped: Python's cache folder __pycache__"_s,
            u"__MACOSX/, ._*, .DS_Store | ignored: 3 macOS metadata entries (resource forks, Finder data)"_s}));
        QCOMPARE(filesUnder(out), (QStringList{u"101/hw1 (late).ipynb"_s, u"101/hw1.ipynb"_s, u"102/hw1.ipynb"_s,
                                               u"103/hw1.ipynb"_s}));
        QCOMPARE(readAll(out + u"/101/hw1 (late).ipynb"_s), kNotebook + " "); // the late copy, as handed in
        // grade sees both copies: the student is flagged, not graded on whichever came first.
        const auto subs = discoverSubmissions(out);
        QVERIFY(subs);
        QCOMPARE(subs->at(0).studentId, u"101"_s);
        QVERIFY2(subs->at(0).problem.startsWith(u"ambiguous: 2 notebooks"_s), qPrintable(subs->at(0).problem));
    }

    void moodle()
    {
        QTemporaryDir tmp;
        const QString zip = tmp.filePath(u"moodle.zip"_s), out = tmp.filePath(u"out"_s);
        QVERIFY(writeZip(zip, {
            {u"Jane Doe_77_assignsubmission_file_/"_s, {}, u"dir"_s},
            {u"Jane Doe_77_assignsubmission_file_/hw1.ipynb"_s, kNotebook},
            {u"Jane Doe_77_assignsubmission_file_/data/x.csv"_s, "1\n"},
            {u"José Ñúñez_78_assignsubmission_file_/analysis.ipynb"_s, kNotebook},
            {u"Bob_79_assignsubmission_file_/notes.txt"_s, "no notebook"},
            {u"__MACOSX/Jane Doe_77_assignsubmission_file_/._hw1.ipynb"_s, "resource fork"},
            {u"Jane Doe_77_assignsubmission_file_/.DS_Store"_s, "x"},
        }));
        const auto r = importSubmissions(zip, out);
        QVERIFY2(r, qPrintable(r ? QString() : r.error().toString()));
        QCOMPARE(importedText(*r, out), (QStringList{u"77 77/hw1.ipynb"_s, u"78 78/analysis.ipynb"_s}));
        QCOMPARE(flaggedText(*r), QStringList{u"79 | no notebook (*.ipynb) handed in"_s});
        QCOMPARE(filesUnder(out), (QStringList{u"77/data/x.csv"_s, u"77/hw1.ipynb"_s, u"78/analysis.ipynb"_s,
                                               u"79/notes.txt"_s}));
        const auto subs = discoverSubmissions(out);
        QVERIFY(subs);
        QCOMPARE(subs->size(), 3);
        QCOMPARE(subs->at(0).studentId, u"77"_s);
        QCOMPARE(subs->at(0).files, (QStringList{out + u"/77/data/x.csv"_s, out + u"/77/hw1.ipynb"_s}));
        QVERIFY(subs->at(0).problem.isEmpty());
    }

    void unsafeEntries()
    {
        QTemporaryDir tmp;
        const QString zip = tmp.filePath(u"evil.zip"_s), out = tmp.filePath(u"sub/out"_s);
        ImportLimits limits;
        limits.maxFileBytes = 1000;
        QVERIFY(writeZip(zip, {
            {u"goodann_1_11_hw1.ipynb"_s, kNotebook},
            {u"../../evil.ipynb"_s, kNotebook},
            {u"goodann_1_11_../../evil.ipynb"_s, kNotebook},
            {u"Eve_5_assignsubmission_file_/../../../evil.ipynb"_s, kNotebook},
            {u"/tmp/abs_2_12_evil.ipynb"_s, kNotebook},
            {u"C:\\evil_3_13_x.ipynb"_s, kNotebook},
            {u"linkbob_4_14_hw1.ipynb"_s, "/etc/passwd", u"symlink"_s},
            {u"bigcarl_6_16_hw1.ipynb"_s, QByteArray(5000, 'x')},
            {u"README.txt"_s, "not a submission"},
            // A control character was written into the file name as it was (fresh-user test).
            {u"ctrl_7_17_a"_s + QChar(1) + u"b.ipynb"_s, kNotebook},
        }));
        const auto r = importSubmissions(zip, out, limits);
        QVERIFY2(r, qPrintable(r ? QString() : r.error().toString()));
        QCOMPARE(importedText(*r, out), QStringList{u"1 1/hw1.ipynb"_s});
        // (A fifo/device mode in a zip's external attributes is read by libarchive as a regular file, so the
        // importer's device check cannot be reached through a zip; it stays for safety.)
        QCOMPARE(flaggedText(*r), (QStringList{
            u"../../evil.ipynb | refused: path leads outside the archive (..)"_s,
            u"goodann_1_11_../../evil.ipynb | refused: path leads outside the archive (..)"_s,
            u"Eve_5_assignsubmission_file_/../../../evil.ipynb | refused: path leads outside the archive (..)"_s,
            u"/tmp/abs_2_12_evil.ipynb | refused: absolute path"_s,
            u"C:/evil_3_13_x.ipynb | refused: absolute path"_s, // libarchive turns the zip's \\ into /
            u"linkbob_4_14_hw1.ipynb | refused: symbolic link"_s,
            u"bigcarl_6_16_hw1.ipynb | refused: 5000 bytes, over the per-file cap of 1000 bytes"_s,
            u"README.txt | not named like a Canvas (name_id_submission_file) or Moodle "
            "(Full Name_id_assignsubmission_file_/) submission"_s,
            u"ctrl_7_17_a"_s + QChar(1) + u"b.ipynb | refused: the name holds a control character (U+0001)"_s,
        }));
        // Nothing but the good student lands anywhere: not in OUT, not beside it, no staging left over.
        QCOMPARE(filesUnder(out), QStringList{u"1/hw1.ipynb"_s});
        QCOMPARE(filesUnder(tmp.path()), (QStringList{u"evil.zip"_s, u"sub/out/.sandmark-import.json"_s, u"sub/out/1/hw1.ipynb"_s}));
    }

    // One bad entry is that entry's problem, with a reason a person can act on; the rest imports (security
    // report F11: a name over 255 bytes, or a symbolic link stored with bzip2, failed the whole import, and
    // a damaged lzma entry read "lzma unknown error 10").
    void oneBadEntryIsThatEntrysProblem()
    {
        QTemporaryDir tmp;
        const QString zip = tmp.filePath(u"mixed.zip"_s), out = tmp.filePath(u"out"_s);
        const QString longName = u"b_2_12_"_s + QString(300, u'x') + u".ipynb"_s;
        Member link{u"c_3_13_hw1.ipynb"_s, "/etc/passwd", u"symlink"_s};
        link.method = u"bzip2"_s;
        Member damaged{u"d_4_14_hw1.ipynb"_s, QByteArray(R"({"cells": [], "x": 1})").repeated(100)};
        damaged.method = u"lzma"_s;
        damaged.damaged = true;
        QVERIFY(writeZip(zip, {
            {u"a_1_11_hw1.ipynb"_s, kNotebook},
            {longName, kNotebook},
            link,
            damaged,
            {u"Ann Lee_7_assignsubmission_file_/hw1.ipynb"_s, kNotebook},
            {u"Ann Lee_7_assignsubmission_file_/data"_s, "a file called data"},
            {u"Ann Lee_7_assignsubmission_file_/data/x.csv"_s, "1,2\n"},
            {u"e_5_15_hw1.ipynb"_s, kNotebook},
        }));
        const auto r = importSubmissions(zip, out);
        QVERIFY2(r, qPrintable(r ? QString() : r.error().toString()));
        QCOMPARE(importedText(*r, out), (QStringList{u"1 1/hw1.ipynb"_s, u"5 5/hw1.ipynb"_s, u"7 7/hw1.ipynb"_s}));
        const QStringList flagged = flaggedText(*r);
        QCOMPARE(flagged.size(), 4);
        QCOMPARE(flagged.value(0), longName + u" | refused: a name in its path is 306 bytes long; file systems allow at "
                                               "most 255 bytes per name (ask the student to rename the file)"_s);
        QCOMPARE(flagged.value(1), u"c_3_13_hw1.ipynb | refused: symbolic link"_s);
        QVERIFY2(flagged.value(2).startsWith(u"d_4_14_hw1.ipynb | refused: its data cannot be decompressed (ZIP 6.3 (lzma): "_s),
                 qPrintable(flagged.value(2)));
        QVERIFY2(flagged.value(2).endsWith(u"); download the export again, or ask the student to hand the file in again"_s),
                 qPrintable(flagged.value(2)));
        QCOMPARE(flagged.value(3), u"Ann Lee_7_assignsubmission_file_/data/x.csv | refused: data is both a file and a folder "
                                   "in this archive"_s);
        for (const QString &f : flagged)
            QVERIFY2(!f.contains(u"unknown error"_s) && !f.contains(u"()"_s), qPrintable(f));
        QCOMPARE(filesUnder(out), (QStringList{u"1/hw1.ipynb"_s, u"5/hw1.ipynb"_s, u"7/data"_s, u"7/hw1.ipynb"_s}));
    }

    // A zip whose structure breaks mid-way (no name, no reason from libarchive) names the entry and says what
    // to do, never "corrupt archive ()"; nothing is written.
    void damagedArchiveSaysWhere()
    {
        QTemporaryDir tmp;
        const QString zip = tmp.filePath(u"broken.zip"_s), out = tmp.filePath(u"out"_s);
        QFile f(zip);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray("PK\x03\x04", 4) + QByteArray(100, '\0'));
        f.close();
        const auto r = importSubmissions(zip, out);
        QVERIFY(!r);
        QCOMPARE(r.error().file, zip);
        QCOMPARE(r.error().location, u"entry 2"_s);
        QCOMPARE(r.error().message, u"the archive is damaged after entry 1, (entry 1 has no name) (no further entry can be "
                                    "read); download it again from the LMS"_s);
        QVERIFY(!QFileInfo::exists(out));
    }

    void totalCap()
    {
        QTemporaryDir tmp;
        const QString zip = tmp.filePath(u"c.zip"_s), out = tmp.filePath(u"out"_s);
        ImportLimits limits;
        limits.maxFileBytes = 1000;
        limits.maxTotalBytes = 1500;
        QVERIFY(writeZip(zip, {{u"a_1_11_hw.ipynb"_s, QByteArray(900, ' ')}, {u"b_2_12_hw.ipynb"_s, QByteArray(900, ' ')}}));
        const auto r = importSubmissions(zip, out, limits);
        QVERIFY(r);
        QCOMPARE(importedText(*r, out), QStringList{u"1 1/hw.ipynb"_s});
        QCOMPARE(flaggedText(*r),
                 QStringList{u"b_2_12_hw.ipynb | refused: the import would exceed the total cap of 1500 bytes"_s});
        QCOMPARE(filesUnder(out), QStringList{u"1/hw.ipynb"_s});

        // A zip bomb: every entry over the caps. "Nothing was written" is true: no manifest, no OUT folder (one was
        // written, .sandmark-import.json, though the CLI said nothing was: fresh-user test).
        const QString bomb = tmp.filePath(u"bomb.zip"_s), out2 = tmp.filePath(u"out2"_s);
        QVERIFY(writeZip(bomb, {{u"a_1_11_hw.ipynb"_s, QByteArray(100000, ' ')}, {u"b_2_12_hw.ipynb"_s, QByteArray(100000, ' ')}}));
        const auto b = importSubmissions(bomb, out2, limits);
        QVERIFY(b);
        QCOMPARE(b->written(), 0);
        QCOMPARE(flaggedText(*b).size(), 2);
        QVERIFY2(!QFileInfo::exists(out2), qPrintable(filesUnder(out2).join(u' ')));
        // Nor the folders made on the way to OUT (`-o imp/submissions`), for a bomb or a file that is no zip at all
        // (fresh-user finding: an empty imp/ stayed behind).
        const QString nested = tmp.filePath(u"imp/course/submissions"_s);
        QVERIFY(importSubmissions(bomb, nested, limits));
        QVERIFY2(!QFileInfo::exists(tmp.filePath(u"imp"_s)), qPrintable(filesUnder(tmp.filePath(u"imp"_s)).join(u' ')));
        const QString garbage = tmp.filePath(u"garbage.zip"_s);
        QFile g(garbage);
        QVERIFY(g.open(QIODevice::WriteOnly) && g.write(QByteArray(5000, '\x5a')) == 5000);
        g.close();
        QVERIFY(!importSubmissions(garbage, nested, limits));
        QVERIFY(!QFileInfo::exists(tmp.filePath(u"imp"_s)));
        QVERIFY(QDir().mkpath(tmp.filePath(u"imp"_s))); // a folder that was there stays
        QVERIFY(!importSubmissions(garbage, nested, limits));
        QVERIFY(QFileInfo(tmp.filePath(u"imp"_s)).isDir() && !QFileInfo::exists(tmp.filePath(u"imp/course"_s)));
        // Into an OUT that exists: left as it was, its manifest too (the bomb's refusals were added to it).
        QFile manifest(importManifestPath(out));
        QVERIFY(manifest.open(QIODevice::ReadOnly));
        const QByteArray manifestBefore = manifest.readAll();
        manifest.close();
        const auto again = importSubmissions(bomb, out, limits);
        QVERIFY(again);
        QCOMPARE(again->written(), 0);
        QCOMPARE(filesUnder(out), QStringList{u"1/hw.ipynb"_s});
        QVERIFY(manifest.open(QIODevice::ReadOnly));
        QCOMPARE(manifest.readAll(), manifestBefore);
    }

    void notAZip()
    {
        QTemporaryDir tmp;
        const QString file = tmp.filePath(u"grades.txt"_s), out = tmp.filePath(u"out"_s);
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("hello, not a zip\n");
        f.close();
        const auto r = importSubmissions(file, out);
        QVERIFY(!r);
        QCOMPARE(r.error().file, file);
        QCOMPARE(r.error().message, u"not a zip archive (Unrecognized archive format)"_s);
        QVERIFY(!QFileInfo::exists(out)); // nothing created on error

        const auto missing = importSubmissions(tmp.filePath(u"nope.zip"_s), out);
        QVERIFY(!missing);
        QCOMPARE(missing.error().message, u"no such file or folder"_s);
    }

    void truncatedZipWritesNothing()
    {
        QTemporaryDir tmp;
        const QString zip = tmp.filePath(u"c.zip"_s), out = tmp.filePath(u"out"_s);
        QVERIFY(writeZip(zip, {{u"a_1_11_hw.ipynb"_s, kNotebook}, {u"b_2_12_hw.ipynb"_s, QByteArray(20000, 'q')}}));
        QFile f(zip);
        QVERIFY(f.open(QIODevice::ReadWrite));
        const QByteArray all = f.readAll();
        // Keep the first entry whole, cut the second one's data: the archive is corrupt mid-way.
        QVERIFY(f.resize(all.indexOf("b_2_12_hw.ipynb") + 40));
        f.close();
        QVERIFY(QDir().mkpath(out));
        const auto r = importSubmissions(zip, out);
        if (r) {
            // libarchive may report the cut entry as a data error rather than a fatal one: then it is flagged.
            QVERIFY(importedText(*r, out).contains(u"1 1/hw.ipynb"_s));
            QVERIFY(!importedText(*r, out).contains(u"2 2/hw.ipynb"_s));
            QVERIFY(!QFileInfo::exists(out + u"/2"_s));
        } else {
            QVERIFY(filesUnder(out).isEmpty()); // nothing half-written, not even the good student
        }
    }

    void existingStudentLeftUnchanged()
    {
        QTemporaryDir tmp;
        const QString zip = tmp.filePath(u"c.zip"_s), out = tmp.filePath(u"out"_s);
        QVERIFY(QDir().mkpath(out + u"/1"_s));
        QFile old(out + u"/1/mine.ipynb"_s);
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.close();
        QVERIFY(writeZip(zip, {{u"a_1_11_hw.ipynb"_s, kNotebook}, {u"b_2_12_hw.ipynb"_s, kNotebook}}));
        const auto r = importSubmissions(zip, out);
        QVERIFY(r);
        QCOMPARE(importedText(*r, out), QStringList{u"2 2/hw.ipynb"_s});
        QCOMPARE(r->flagged.size(), 1);
        QCOMPARE(r->flagged.at(0).entry, u"1"_s);
        QVERIFY(r->flagged.at(0).reason.startsWith(u"already in "_s));
        QCOMPARE(filesUnder(out), (QStringList{u"1/mine.ipynb"_s, u"2/hw.ipynb"_s}));
    }

    void abandonedStagingIsReclaimed()
    {
        // A killed import (SIGKILL, power cut) leaves its staging folder in `out`; the next import into `out`
        // removes it when its owner is gone, and leaves the folder of an import running now alone.
        QTemporaryDir tmp;
        const QString zip = tmp.filePath(u"c.zip"_s), out = tmp.filePath(u"out"_s);
        const QString dead = out + u"/.sandmark-import-dead01"_s, alive = out + u"/.sandmark-import-alive1"_s,
                      unlocked = out + u"/.sandmark-import-fresh1"_s;
        for (const QString &d : {dead, alive, unlocked})
            QVERIFY(QDir().mkpath(d + u"/1"_s));
        // The dead owner's lock: a real lock file of this process, its pid replaced by one that has exited.
        QProcess gone;
        gone.start(u"/bin/true"_s, {});
        QVERIFY(gone.waitForFinished());
        const qint64 goneId = gone.processId() ? gone.processId() : 999999;
        {
            QLockFile probe(tmp.filePath(u"probe.lock"_s));
            QVERIFY(probe.tryLock(0));
            QByteArray text = readAll(tmp.filePath(u"probe.lock"_s));
            text = QByteArray::number(QCoreApplication::applicationPid() == goneId ? 999999 : goneId)
                + text.mid(text.indexOf('\n'));
            QFile f(dead + u"/.owner.lock"_s);
            QVERIFY(f.open(QIODevice::WriteOnly) && f.write(text) == text.size());
        }
        QLockFile running(alive + u"/.owner.lock"_s);
        QVERIFY(running.tryLock(0));

        QVERIFY(writeZip(zip, {{u"a_1_11_hw.ipynb"_s, kNotebook}}));
        const auto r = importSubmissions(zip, out);
        QVERIFY2(r, qPrintable(r ? QString() : r.error().toString()));
        QCOMPARE(importedText(*r, out), QStringList{u"1 1/hw.ipynb"_s});
        QVERIFY(!QFileInfo::exists(dead));
        QVERIFY(QFileInfo::exists(alive + u"/1"_s));
        QVERIFY(QFileInfo::exists(unlocked + u"/1"_s)); // no lock, younger than a day: maybe an old version's import
        // This import's own staging folder is gone too.
        QCOMPARE(QDir(out).entryList({u".sandmark-import-*"_s}, QDir::Dirs | QDir::Hidden).size(), 2);
    }

    void plainFolder()
    {
        QTemporaryDir tmp;
        const QString in = tmp.filePath(u"in"_s), out = tmp.filePath(u"out"_s);
        const auto put = [&](const QString &rel, const QByteArray &bytes) {
            QDir().mkpath(QFileInfo(in + u"/"_s + rel).absolutePath());
            QFile f(in + u"/"_s + rel);
            return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
        };
        QVERIFY(put(u"alice.ipynb"_s, kNotebook));
        QVERIFY(put(u"bob/hw1.ipynb"_s, kNotebook));
        QVERIFY(put(u"bob/data.csv"_s, "x\n"));
        QVERIFY(put(u"carol/a.ipynb"_s, kNotebook));
        QVERIFY(put(u"carol/b.ipynb"_s, kNotebook));
        QVERIFY(QFile::link(in + u"/bob/hw1.ipynb"_s, in + u"/dave.ipynb"_s));
        const auto r = importSubmissions(in, out);
        QVERIFY2(r, qPrintable(r ? QString() : r.error().toString()));
        QCOMPARE(importedText(*r, out), (QStringList{u"alice alice/alice.ipynb"_s, u"bob bob/hw1.ipynb"_s}));
        // carol's two notebooks are copied and flagged (settled later, as from a zip); dave's link is refused.
        QCOMPARE(flaggedText(*r), (QStringList{u"dave | dave.ipynb is a symbolic link (refused)"_s,
                                               u"carol | ambiguous: 2 notebooks (a.ipynb, b.ipynb); not guessed"_s}));
        QCOMPARE(r->needsReview.size(), 1);
        QCOMPARE(filesUnder(out), (QStringList{u"alice/alice.ipynb"_s, u"bob/data.csv"_s, u"bob/hw1.ipynb"_s,
                                               u"carol/a.ipynb"_s, u"carol/b.ipynb"_s}));
        const auto subs = discoverSubmissions(out);
        QVERIFY(subs);
        QCOMPARE(subs->size(), 3);

        // The output inside the input folder is refused (it would import itself).
        const auto self = importSubmissions(in, in + u"/graded"_s);
        QVERIFY(!self);
        QVERIFY(!QFileInfo::exists(in + u"/graded"_s));
    }

    // Fresh-user finding: a folder import dropped hidden student folders silently ("skipped": []) and copied a
    // student folder named with a newline, which a zip's entry of that name is refused for. Hidden entries are
    // listed as skipped with the reason; a control character is refused as from a zip; Sandmark's own manifest and
    // macOS metadata are not listed.
    void folderImportListsHiddenAndRefusesControlCharacters()
    {
        QTemporaryDir tmp;
        const QString in = tmp.filePath(u"in"_s), out = tmp.filePath(u"out"_s);
        const auto put = [&](const QString &rel, const QByteArray &bytes) {
            QDir().mkpath(QFileInfo(in + u"/"_s + rel).absolutePath());
            QFile f(in + u"/"_s + rel);
            return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
        };
        QVERIFY(put(u"alice/hw.ipynb"_s, kNotebook));
        QVERIFY(put(u".hidden/hw.ipynb"_s, kNotebook));
        QVERIFY(put(u"..foo/hw.ipynb"_s, kNotebook));
        QVERIFY(put(u".DS_Store"_s, "x"));
        QVERIFY(put(u".sandmark-import.json"_s, "{}"));
        QVERIFY(put(u"new\nline/hw.ipynb"_s, kNotebook));
        QVERIFY(put(u"bob/a\tb.ipynb"_s, kNotebook));
        const auto r = importSubmissions(in, out);
        QVERIFY2(r, qPrintable(r ? QString() : r.error().toString()));
        QStringList skipped;
        for (const FlaggedEntry &f : r->skipped)
            skipped << f.entry + u" | "_s + f.reason;
        QCOMPARE(skipped, (QStringList{u"..foo | skipped: hidden file or folder (the name ..foo starts with '.')"_s,
                                       u".hidden | skipped: hidden file or folder (the name .hidden starts with '.')"_s}));
        QCOMPARE(importedText(*r, out), QStringList{u"alice alice/hw.ipynb"_s});
        QCOMPARE(flaggedText(*r), (QStringList{u"bob/a\tb.ipynb | refused: the name holds a control character (U+0009)"_s,
                                               u"new\nline | refused: the name holds a control character (U+000A)"_s}));
        QVERIFY(!QFileInfo::exists(out + u"/new\nline"_s));
        QVERIFY(!QFileInfo::exists(out + u"/bob/a\tb.ipynb"_s));
        // `grade` lists them the same way (discoverSubmissions() never returns them).
        const auto listed = skippedSubmissionEntries(in);
        QCOMPARE(listed.size(), 2);
        QCOMPARE(listed.at(1).first, u".hidden"_s);
    }

    // A Canvas export unpacked into a folder (the zip's flat files) and a Moodle one (a folder per student) are
    // read as their zips would be: names parsed, late kept, two copies flagged, hidden files and macOS metadata
    // skipped, links refused, anything else flagged. The manifest records names, late marks and flags; a rerun
    // writes and records nothing twice.
    void unpackedExportFolders()
    {
        QTemporaryDir tmp;
        const QString canvas = tmp.filePath(u"canvas"_s), moodle = tmp.filePath(u"moodle"_s), out = tmp.filePath(u"out"_s);
        const auto put = [](const QString &path, const QByteArray &bytes) {
            QDir().mkpath(QFileInfo(path).absolutePath());
            QFile f(path);
            return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
        };
        QVERIFY(put(canvas + u"/smithjohn_101_5001_hw1.ipynb"_s, kNotebook));
        QVERIFY(put(canvas + u"/smithjohn_101_5001_data.csv"_s, "a\n"));
        QVERIFY(put(canvas + u"/doejane_LATE_102_5002_hw1.ipynb"_s, kNotebook));
        QVERIFY(put(canvas + u"/roebob_103_5003_hw1.ipynb"_s, kNotebook));
        QVERIFY(put(canvas + u"/roebob_LATE_103_5004_hw1.ipynb"_s, kNotebook + " "));
        QVERIFY(put(canvas + u"/notes.txt"_s, "mine\n"));
        QVERIFY(put(canvas + u"/.DS_Store"_s, "x"));
        QVERIFY(QFile::link(canvas + u"/smithjohn_101_5001_hw1.ipynb"_s, canvas + u"/linky_104_5005_hw1.ipynb"_s));
        const auto r = importSubmissions(canvas, out);
        QVERIFY2(r, qPrintable(r ? QString() : r.error().toString()));
        QCOMPARE(importedText(*r, out), (QStringList{u"101 101/hw1.ipynb"_s, u"102 102/hw1.ipynb"_s}));
        QCOMPARE(flaggedText(*r), (QStringList{
            u"linky_104_5005_hw1.ipynb | refused: symbolic link"_s,
            u"notes.txt | not named like a Canvas (name_id_submission_file) or Moodle (Full Name_id_assignsubmission_file_/) submission"_s,
            u"103 | ambiguous: hw1.ipynb handed in 2 times (hw1.ipynb, hw1 (late).ipynb); not guessed"_s}));
        QCOMPARE(filesUnder(out), (QStringList{u"101/data.csv"_s, u"101/hw1.ipynb"_s, u"102/hw1.ipynb"_s,
                                               u"103/hw1 (late).ipynb"_s, u"103/hw1.ipynb"_s}));
        QCOMPARE(readAll(out + u"/103/hw1 (late).ipynb"_s), kNotebook + " ");
        QCOMPARE(r->imported.at(1).displayName, u"doejane"_s);
        QVERIFY(r->imported.at(1).late);
        QVERIFY(!r->imported.at(0).late);

        auto manifest = readImportManifest(out);
        QVERIFY2(manifest, qPrintable(manifest ? QString() : manifest.error().toString()));
        QCOMPARE(manifest->students.keys(), (QStringList{u"101"_s, u"102"_s, u"103"_s}));
        QCOMPARE(manifest->students.value(u"101"_s).displayName, u"smithjohn"_s);
        QVERIFY(manifest->students.value(u"102"_s).late);
        QVERIFY(manifest->students.value(u"103"_s).late);
        QVERIFY(manifest->students.value(u"103"_s).problem.startsWith(u"ambiguous: hw1.ipynb handed in 2 times"_s));
        QCOMPARE(manifest->students.value(u"101"_s).source, QFileInfo(canvas).absoluteFilePath());
        QCOMPARE(manifest->flagged.size(), 3);

        // The rerun: every student is already there, nothing is written or recorded twice.
        const QByteArray before = readAll(importManifestPath(out));
        const auto again = importSubmissions(canvas, out);
        QVERIFY(again);
        QCOMPARE(again->written(), 0);
        QCOMPARE(readAll(importManifestPath(out)), before);
        QCOMPARE(filesUnder(out).size(), 5);

        // Moodle: a folder per student (its files inside), or the flat variant; added to the same manifest.
        QVERIFY(put(moodle + u"/Ann Lee_77_assignsubmission_file_/hw1.ipynb"_s, kNotebook));
        QVERIFY(put(moodle + u"/Ann Lee_77_assignsubmission_file_/data/x.csv"_s, "1\n"));
        QVERIFY(put(moodle + u"/Bo Li_78_assignsubmission_file_analysis.ipynb"_s, kNotebook));
        QVERIFY(put(moodle + u"/__MACOSX/._x"_s, "x"));
        const auto m = importSubmissions(moodle, out);
        QVERIFY2(m, qPrintable(m ? QString() : m.error().toString()));
        QCOMPARE(importedText(*m, out), (QStringList{u"77 77/hw1.ipynb"_s, u"78 78/analysis.ipynb"_s}));
        QCOMPARE(m->flagged.size(), 0);
        QCOMPARE(readAll(out + u"/77/data/x.csv"_s), QByteArray("1\n"));
        manifest = readImportManifest(out);
        QVERIFY(manifest);
        QCOMPARE(manifest->students.value(u"77"_s).displayName, u"Ann Lee"_s);
        QCOMPARE(manifest->students.value(u"78"_s).displayName, u"Bo Li"_s);
        QCOMPARE(manifest->students.size(), 5);
        QCOMPARE(manifest->flagged.size(), 3);
    }

    // A damaged manifest is named, and nothing is imported until it is removed.
    void damagedManifestStopsTheImport()
    {
        QTemporaryDir tmp;
        const QString in = tmp.filePath(u"in"_s), out = tmp.filePath(u"out"_s);
        QVERIFY(QDir().mkpath(in + u"/alice"_s) && QDir().mkpath(out));
        QFile nb(in + u"/alice/hw.ipynb"_s);
        QVERIFY(nb.open(QIODevice::WriteOnly) && nb.write(kNotebook) > 0);
        nb.close();
        QFile bad(importManifestPath(out));
        QVERIFY(bad.open(QIODevice::WriteOnly) && bad.write("{\"students\": [") > 0);
        bad.close();
        const auto r = importSubmissions(in, out);
        QVERIFY(!r);
        QCOMPARE(r.error().file, importManifestPath(out));
        QVERIFY2(r.error().message.startsWith(u"not valid JSON"_s), qPrintable(r.error().message));
        QVERIFY(filesUnder(out).isEmpty());
    }

    // The manifest is read as outside input: a number beyond a double (1e999) or a syntax error is that file's error,
    // at the line and column a person would look at, never an abort; values of the wrong type read as empty.
    void manifestErrorsNameTheLineAndColumn()
    {
        QTemporaryDir tmp;
        const auto write = [&](const QByteArray &bytes) {
            QFile f(importManifestPath(tmp.path()));
            return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
        };
        QVERIFY(write("{\"students\": {\"7\": {\"name\": \"Ann\",\n  \"late\": 1e999}}, \"flagged\": []}"));
        auto r = readImportManifest(tmp.path());
        QVERIFY(!r);
        QCOMPARE(r.error().file, importManifestPath(tmp.path()));
        QCOMPARE(r.error().location, u"line 2, column 11"_s);
        QVERIFY2(r.error().message.startsWith(u"not valid JSON (the number 1e999 is outside the range of a double"_s),
                 qPrintable(r.error().message));
        QVERIFY(write("{\"students\": {\"7\": {\"name\": 5, \"late\": \"yes\", \"source\": \"s.zip\"}},\n \"flagged\": [{\"entry\": [1]}, 3]}"));
        r = readImportManifest(tmp.path());
        QVERIFY2(r, qPrintable(r ? QString() : r.error().toString()));
        QCOMPARE(r->students.size(), 1);
        QCOMPARE(r->students.value(u"7"_s).displayName, QString());
        QVERIFY(!r->students.value(u"7"_s).late);
        QCOMPARE(r->students.value(u"7"_s).source, u"s.zip"_s);
        QCOMPARE(r->flagged.size(), 2);
        QCOMPARE(r->flagged.at(0).entry, QString());
    }

    // The manifest lies in a folder students' files land in: a link (to /dev/zero, say) or a FIFO is refused
    // before anything is read, so no reader can be made to exhaust memory or block (attack report s14).
    void manifestThatIsNotAPlainFileIsRefused()
    {
        QTemporaryDir tmp;
        QVERIFY(QFile::link(u"/dev/zero"_s, importManifestPath(tmp.path())));
        auto r = readImportManifest(tmp.path());
        QVERIFY(!r);
        QVERIFY2(r.error().message.startsWith(u"not a regular file"_s), qPrintable(r.error().message));
        QVERIFY(!importedNames(tmp.path()));
        QVERIFY(QFile::remove(importManifestPath(tmp.path())));
        QCOMPARE(::mkfifo(QFile::encodeName(importManifestPath(tmp.path())).constData(), 0600), 0);
        r = readImportManifest(tmp.path());
        QVERIFY(!r);
        QVERIFY2(r.error().message.startsWith(u"not a regular file"_s), qPrintable(r.error().message));
    }
};

QTEST_GUILESS_MAIN(TestLmsImport)
#include "tst_lmsimport.moc"
