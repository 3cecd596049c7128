// Reading, repairing and writing nbformat 4 notebooks (issue 2; the loader faults of tests/data/cases).
#include "assignment/assignment.h"
#include "notebook/celldiff.h"
#include "notebook/cellref.h"
#include "notebook/notebook.h"
#include "util/inputfile.h"

#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <set>

#include <sys/stat.h>
#include <unistd.h>

using namespace sandmark;
using namespace sandmark::test;
using namespace Qt::Literals::StringLiterals;

namespace {

// A minimal valid notebook with `cellsJson` as its cells, for the malformed rows.
QByteArray notebookWith(const QByteArray &cellsJson, const QByteArray &metadata = "{}", int minor = 5)
{
    return "{\n \"cells\": " + cellsJson + ",\n \"metadata\": " + metadata + ",\n \"nbformat\": 4,\n \"nbformat_minor\": "
           + QByteArray::number(minor) + "\n}\n";
}

const QByteArray kCodeCell =
    R"({"cell_type": "code", "execution_count": null, "metadata": {}, "outputs": [], "source": ["x = 1"], "id": "a"})";

} // namespace

class TestNotebook : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void malformed_data();
    void malformed();
    void malformedFiles_data();
    void malformedFiles();
    void overSizeCap();
    void notRegularFilesAreRefusedWithoutBlocking();
    void deeplyNested();

    void versions_data();
    void versions();
    void sourceForms();
    void byteOrderMark();
    void duplicateIdsRepaired();
    void oldNotebookGetsNoIds();
    void missingAndNullIdsRepaired();
    void malformedOutputsRemoved();
    void pythonConstantsReadAsNull();
    void unknownKernelspecPythonLoads();

    void roundTrip_data();
    void roundTrip();
    void saveIsAtomic();
    void saveFailsCleanlyWithoutFolder();
    void cellReferencesFound();
    void cellLabelsAsJupyterShowsThem();
    void hugeCellsAreComparedWholeWithBoundedHeads();

    void findAnchor_data();
    void findAnchor();
};

// Every kind of bad notebook, parsed from bytes: the error names the file, the exact place, and the problem.
void TestNotebook::malformed_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("location");
    QTest::addColumn<QStringList>("messageParts");

    const auto row = [](const char *name, const QByteArray &bytes, const QString &location, const QStringList &parts) {
        QTest::newRow(name) << bytes << location << parts;
    };
    const QString none;

    // JSON syntax: line and column of the offending byte (1-based; the column counts bytes).
    row("invalid JSON: trailing comma", "{\n \"cells\": [],\n \"metadata\": {},\n}\n", u"line 4, column 1"_s,
        {u"invalid JSON"_s});
    row("invalid JSON: missing comma", "{\n \"cells\": []\n \"metadata\": {}\n}", u"line 3, column 2"_s,
        {u"invalid JSON"_s, u"expected '}'"_s});
    row("invalid JSON: bare word", "{\"nbformat\": four}", u"line 1, column 14"_s, {u"invalid JSON"_s});
    // A file cut off (an upload or a copy that stopped): said in words, not only "unexpected end of input" (fresh-user
    // finding: a truncated submission's note gave the line and column and nothing else a person would read).
    row("invalid JSON: truncated", "{\n \"cells\": [\n", u"line 3, column 1"_s,
        {u"invalid JSON: the file ends early (cut off?): "_s, u"end of input"_s});
    row("invalid JSON: truncated in a string", "{\n \"cells\": [{\"source\": \"abc", u"line 2, column 27"_s,
        {u"invalid JSON: the file ends early (cut off?): "_s, u"missing closing quote"_s});
    row("invalid JSON: truncated after a number", "{\"nbformat\": 4", u"line 1, column 15"_s,
        {u"the file ends early (cut off?)"_s});
    // NaN, Infinity and -Infinity are Python's JSON and read (pythonConstantsReadAsNull); other spellings are not.
    row("invalid JSON: nan token", "{\"cells\": [], \"x\": nan}", u"line 1, column 20"_s, {u"invalid JSON"_s});
    row("invalid JSON: NaNa token", "{\"cells\": [], \"x\": NaNa}", u"line 1, column 20"_s, {u"invalid JSON"_s});
    // Numbers outside the range of a double: nlohmann throws out_of_range for them, which aborted the process
    // (security report F1). They are the file's error, at the number's first byte.
    row("invalid JSON: 1e999 in the metadata", R"({"cells": [], "metadata": {"x": 1e999}, "nbformat": 4, "nbformat_minor": 5})",
        u"line 1, column 33"_s, {u"invalid JSON"_s, u"the number 1e999 is outside the range of a double"_s});
    row("invalid JSON: -1e999 in a list", R"({"cells": [], "metadata": {"x": [-1e999]}, "nbformat": 4, "nbformat_minor": 5})",
        u"line 1, column 34"_s, {u"the number -1e999 is outside the range"_s});
    row("invalid JSON: 1e400 at the end", R"({"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5, "y": 1e400})",
        u"line 1, column 72"_s, {u"the number 1e400 is outside the range"_s});
    row("invalid JSON: 1e999 as the whole file", "1e999", u"line 1, column 1"_s, {u"the number 1e999 is outside the range"_s});
    row("invalid JSON: execution_count 1e999 on line 2",
        notebookWith(R"([{"cell_type": "code", "execution_count": 1e999, "metadata": {}, "outputs": [], "source": "", "id": "a"}])"),
        u"line 2, column 53"_s, {u"the number 1e999 is outside the range"_s});
    row("empty file", "", none, {u"the file is empty (0 bytes)"_s});
    row("only whitespace", "  \n\n", none, {u"the file is empty (4 bytes)"_s});
    row("invalid JSON: control character in a string", "{\"a\": \"x\ty\"}", u"line 1, column 9"_s,
        {u"invalid JSON"_s, u"control character"_s});
    row("invalid JSON: missing comma after a long string",
        notebookWith(R"([{"cell_type": "markdown", "metadata": {}, "source": "a long line of text" "id": "a"}])"),
        u"line 2, column 86"_s, {u"invalid JSON"_s, u"unexpected string literal"_s});

    // Not an object / not a notebook.
    row("top-level array", "[{\"cells\": []}]", none, {u"top level is a JSON array"_s});
    row("top-level string", "\"notebook\"", none, {u"top level is a JSON string"_s});
    row("missing nbformat", "{\"cells\": [], \"metadata\": {}, \"nbformat_minor\": 5}", none,
        {u"missing required key \"nbformat\""_s});

    // Versions.
    row("nbformat 3", R"({"metadata": {}, "nbformat": 3, "nbformat_minor": 0, "worksheets": []})",
        u"nbformat"_s, {u"nbformat 3 notebooks are not supported"_s, u"jupyter nbconvert --to notebook"_s});
    row("nbformat 2", R"({"metadata": {}, "nbformat": 2, "nbformat_minor": 0, "worksheets": []})",
        u"nbformat"_s, {u"nbformat 2 notebooks are not supported"_s, u"upgrade it to version 4"_s});
    row("nbformat 5", R"({"cells": [], "metadata": {}, "nbformat": 5, "nbformat_minor": 0})", u"nbformat"_s,
        {u"nbformat 5 is newer"_s, u"4.0 to 4.5"_s});
    row("nbformat as string", R"({"cells": [], "metadata": {}, "nbformat": "4", "nbformat_minor": 5})",
        u"nbformat"_s, {u"must be an integer"_s});

    // Missing required keys.
    row("missing cells", R"({"metadata": {}, "nbformat": 4, "nbformat_minor": 5})", none,
        {u"missing required key \"cells\""_s});
    row("missing metadata", R"({"cells": [], "nbformat": 4, "nbformat_minor": 5})", none,
        {u"missing required key \"metadata\""_s});
    row("missing nbformat_minor", R"({"cells": [], "metadata": {}, "nbformat": 4})", none,
        {u"missing required key \"nbformat_minor\""_s});
    row("cell missing source",
        notebookWith("[" + kCodeCell + R"(, {"cell_type": "markdown", "metadata": {}, "id": "b"}])"), u"cells[1]"_s,
        {u"missing required key \"source\""_s});
    row("code cell missing outputs",
        notebookWith(R"([{"cell_type": "code", "execution_count": null, "metadata": {}, "source": "x", "id": "a"}])"),
        u"cells[0]"_s, {u"code cell"_s, u"\"outputs\""_s});
    row("cell missing cell_type", notebookWith(R"([{"metadata": {}, "source": "x", "id": "a"}])"), u"cells[0]"_s,
        {u"missing required key \"cell_type\""_s});

    // Wrong types.
    row("cells is an object", R"({"cells": {}, "metadata": {}, "nbformat": 4, "nbformat_minor": 5})", u"cells"_s,
        {u"must be an array"_s});
    row("metadata is a list", R"({"cells": [], "metadata": [], "nbformat": 4, "nbformat_minor": 5})",
        u"metadata"_s, {u"must be an object"_s});
    row("nbformat_minor negative", R"({"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": -1})",
        u"nbformat_minor"_s, {u"non-negative integer"_s});
    row("nbformat_minor float", R"({"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 4.5})",
        u"nbformat_minor"_s, {u"non-negative integer"_s});
    row("cell is a string", notebookWith(R"(["x = 1"])"), u"cells[0]"_s, {u"must be an object"_s});
    row("unknown cell_type", notebookWith(R"([{"cell_type": "heading", "metadata": {}, "source": "x", "id": "a"}])"),
        u"cells[0].cell_type"_s, {u"\"code\", \"markdown\" or \"raw\""_s});
    row("source is a number", notebookWith(R"([{"cell_type": "markdown", "metadata": {}, "source": 3, "id": "a"}])"),
        u"cells[0].source"_s, {u"a string or a list of strings"_s});
    row("source list holds a number",
        notebookWith(R"([{"cell_type": "markdown", "metadata": {}, "source": ["a\n", 3], "id": "a"}])"),
        u"cells[0].source"_s, {u"a string or a list of strings"_s});
    row("outputs is a string",
        notebookWith(
            R"([{"cell_type": "code", "execution_count": null, "metadata": {}, "outputs": "", "source": "", "id": "a"}])"),
        u"cells[0].outputs"_s, {u"must be an array"_s});
    row("cell metadata is a list",
        notebookWith("[" + kCodeCell + R"(, {"cell_type": "raw", "metadata": [], "source": "", "id": "b"}])"),
        u"cells[1].metadata"_s, {u"must be an object"_s});

    // HTML in place of the notebook, in any encoding (a cp1252 byte would otherwise be "not valid UTF-8").
    row("HTML page, lower case after blank lines", "\n\n  <html><head><title>hw1</title></head><body>\x92</body></html>", none,
        {u"this is an HTML page, not a notebook"_s, u"download the .ipynb file itself"_s});
    row("HTML fragment with a body", "<div>\n<body>x</body>", none, {u"this is an HTML page, not a notebook"_s});
    row("XML is not called HTML", "<?xml version=\"1.0\"?><notebook/>", u"line 1, column 1"_s, {u"invalid JSON"_s});

    // Language (as in cases/r-kernel.ipynb, and the same through language_info only).
    row("R kernelspec",
        notebookWith("[" + kCodeCell + "]", R"({"kernelspec": {"language": "R", "name": "ir", "display_name": "R"}})"),
        u"metadata.kernelspec"_s, {u"notebook language is R; only Python is supported"_s});
    row("Julia via language_info only", notebookWith("[" + kCodeCell + "]", R"({"language_info": {"name": "julia"}})"),
        u"metadata.language_info.name"_s, {u"notebook language is julia; only Python is supported"_s});
}

void TestNotebook::malformed()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, location);
    QFETCH(QStringList, messageParts);

    const auto nb = Notebook::parse(bytes, u"sub/bad.ipynb"_s);
    QVERIFY2(!nb, "a malformed notebook must not load");
    const Error &e = nb.error();
    QCOMPARE(e.file, u"sub/bad.ipynb"_s);
    QCOMPARE(e.location, location);
    for (const QString &part : messageParts)
        QVERIFY2(e.message.contains(part), qPrintable(u"'%1' lacks '%2'"_s.arg(e.message, part)));
    QVERIFY2(!e.message.contains(QLatin1Char('\n')), "an error is one line");
    QVERIFY2(!e.message.contains(u"json.exception"_s), "no library internals in messages");
    if (!QByteArray(QTest::currentDataTag()).contains("truncated"))
        QVERIFY2(!e.message.contains(u"ends early"_s), qPrintable(e.message));
}

// The fault fixtures and a few bad files on disk, through Notebook::load(): the file is named as given.
void TestNotebook::malformedFiles_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("location");
    QTest::addColumn<QString>("message");

    QTest::newRow("cp1252 byte") << u"cases/cp1252-byte-not-utf8.ipynb"_s << u"byte 105 (line 8, column 9)"_s
                                 << u"not valid UTF-8 (byte 0x92); re-save the notebook as UTF-8"_s;
    QTest::newRow("R kernel") << u"cases/r-kernel.ipynb"_s << u"metadata.kernelspec"_s
                              << u"notebook language is R; only Python is supported"_s;
    // A browser's "Save as" of the page showing a notebook (issue 17): named as such, not "invalid JSON".
    QTest::newRow("HTML page saved as .ipynb") << u"notebooks/saved-page.ipynb"_s << QString()
                                               << u"this is an HTML page, not a notebook (a browser's \"Save as\" of the "
                                                  "page showing it): download the .ipynb file itself"_s;
    QTest::newRow("folder, not a file") << u"cases/release-markers"_s << QString() << u"is a folder, not a file"_s;
    QTest::newRow("nonexistent") << u"cases/no-such.ipynb"_s << QString() << u"no such file"_s;
}

void TestNotebook::malformedFiles()
{
    QFETCH(QString, file);
    QFETCH(QString, location);
    QFETCH(QString, message);
    const QString path = dataPath(file);
    const auto nb = Notebook::load(path);
    QVERIFY(!nb);
    QCOMPARE(nb.error().file, path);
    QCOMPARE(nb.error().location, location);
    QVERIFY2(nb.error().message.startsWith(message), qPrintable(nb.error().message));
}

void TestNotebook::overSizeCap()
{
    const QString path = dataPath(u"notebooks/v4.5.ipynb"_s);
    const qint64 size = QFileInfo(path).size();
    QVERIFY(Notebook::load(path, size)); // exactly at the cap is fine
    const auto nb = Notebook::load(path, 1000);
    QVERIFY(!nb);
    QCOMPARE(nb.error().file, path);
    QCOMPARE(nb.error().location, QString());
    // The sizes must be readable at any scale: a 2 KB file over a 1000-byte cap says so in bytes.
    QVERIFY2(nb.error().message.contains(QString::number(size) + u" bytes"_s), qPrintable(nb.error().message));
    QVERIFY2(nb.error().message.contains(u"1000 bytes"_s), qPrintable(nb.error().message));
    QVERIFY2(nb.error().message.contains(u"limit"_s), qPrintable(nb.error().message));
}

// A FIFO (opening it would wait for a writer for ever), a device (/dev/zero never ends) or a folder in place of a
// notebook or an assignment.json is refused at once, naming the file; so is a file swapped for a FIFO after listing.
void TestNotebook::notRegularFilesAreRefusedWithoutBlocking()
{
    QTemporaryDir dir;
    const QString fifo = dir.filePath(u"hw.ipynb"_s);
    QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
    for (const QString &path : {fifo, u"/dev/zero"_s}) {
        const auto nb = Notebook::load(path);
        QVERIFY(!nb);
        QCOMPARE(nb.error().file, path);
        QVERIFY2(nb.error().message.contains(u"not a regular file"_s), qPrintable(nb.error().toString()));
    }
    const auto folder = Notebook::load(dir.path());
    QVERIFY(!folder);
    QVERIFY2(folder.error().message.contains(u"is a folder"_s), qPrintable(folder.error().toString()));
    // The same words where a caller checks before reading (import otter, merge, --header).
    QVERIFY(notARegularFile(fifo).startsWith(u"is not a regular file"_s));
    QCOMPARE(notARegularFile(dir.path()), u"is a folder, not a file"_s);
    QCOMPARE(notARegularFile(dir.filePath(u"nope.ipynb"_s)), u"no such file"_s);
    const auto missing = readInputFile(dir.filePath(u"nope.ipynb"_s), 100);
    QVERIFY(!missing);
    QCOMPARE(missing.error().message, u"no such file"_s);
    // assignment.json as a FIFO: the assignment does not load, and says why.
    const QString assignment = dir.filePath(u"a"_s);
    QVERIFY(QDir().mkpath(assignment));
    QVERIFY(::mkfifo(QFile::encodeName(assignment + u"/assignment.json"_s).constData(), 0600) == 0);
    const Expected<Assignment> a = Assignment::load(assignment);
    QVERIFY(!a);
    QVERIFY2(a.error().message.contains(u"not a regular file"_s), qPrintable(a.error().toString()));
    // A regular file reads whole.
    QFile f(dir.filePath(u"x.txt"_s));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("0123456789");
    f.close();
    QCOMPARE(*readInputFile(f.fileName(), 10), QByteArray("0123456789"));
    QVERIFY(!readInputFile(f.fileName(), 9));
}

// A hostile submission nests arrays a million deep: the loader must refuse it, not overflow the stack (in
// parsing, copying, comparing or writing it out).
void TestNotebook::deeplyNested()
{
    const int depth = 1000000;
    const QByteArray deep = QByteArray(depth, '[') + QByteArray(depth, ']');
    const QByteArray bytes = notebookWith("[" + kCodeCell + "]", "{\"x\": " + deep + "}");
    const auto nb = Notebook::parse(bytes, u"deep.ipynb"_s);
    QVERIFY(!nb);
    QCOMPARE(nb.error().file, u"deep.ipynb"_s);
    QVERIFY2(nb.error().message.contains(u"nested"_s), qPrintable(nb.error().toString()));
    QCOMPARE(nb.error().location, u"line 3, column 1018"_s); // the 1001st open bracket

    // Ordinary nesting (plotly figures, widget state) stays fine.
    const QByteArray ok = notebookWith("[" + kCodeCell + "]", "{\"x\": " + QByteArray(200, '[') + QByteArray(200, ']') + "}");
    QVERIFY(Notebook::parse(ok, u"ok.ipynb"_s));
}

void TestNotebook::versions_data()
{
    QTest::addColumn<int>("minor");
    for (int m = 0; m <= 5; ++m)
        QTest::addRow("4.%d", m) << m;
}

void TestNotebook::versions()
{
    QFETCH(int, minor);
    const auto nb = Notebook::load(dataPath(u"notebooks/v4.%1.ipynb"_s.arg(minor)));
    QVERIFY2(nb, qPrintable(nb ? QString() : nb.error().toString()));
    QCOMPARE(nb->nbformatMinor(), minor);
    QCOMPARE(nb->hasCellIds(), minor >= 5);
    QCOMPARE(nb->repairs(), QStringList());
    QCOMPARE(nb->cellCount(), 5);
    QCOMPARE(nb->cellType(0), CellType::Markdown);
    QCOMPARE(nb->cellType(1), CellType::Code);
    QCOMPARE(nb->cellType(2), CellType::Raw);
    QCOMPARE(nb->cellSource(0), u"# Titre – café ☕ 😀\nSecond line"_s);
    QCOMPARE(nb->cellSource(1), u"import math\nx = 1 + 2\nx"_s);
    QCOMPARE(nb->cellSource(4), QString());
    QCOMPARE(nb->cellId(1), minor >= 5 ? u"cell-1"_s : QString());
    QCOMPARE(nb->cellTags(1), QStringList{u"setup"_s});
    QCOMPARE(nb->outputCount(1), 4);
    QCOMPARE(nb->outputCount(0), 0);
    QCOMPARE(nb->kernelName(), u"python3"_s);
    QCOMPARE(nb->language(), u"python"_s);
    QCOMPARE(nb->injectedKind(1), InjectedKind::None);
}

void TestNotebook::sourceForms()
{
    const auto list = Notebook::load(dataPath(u"notebooks/v4.5.ipynb"_s));
    const auto string = Notebook::load(dataPath(u"notebooks/string-source.ipynb"_s));
    QVERIFY(list);
    QVERIFY(string);
    QCOMPARE(string->cellCount(), list->cellCount());
    for (int i = 0; i < list->cellCount(); ++i)
        QCOMPARE(string->cellSource(i), list->cellSource(i));
    QCOMPARE(string->cellSource(3), u"y = x * 2\nprint(y)"_s); // a string in both files
}

void TestNotebook::byteOrderMark()
{
    const QByteArray bytes = readAll(dataPath(u"notebooks/bom.ipynb"_s));
    QVERIFY(bytes.startsWith("\xEF\xBB\xBF"));
    const auto nb = Notebook::load(dataPath(u"notebooks/bom.ipynb"_s));
    QVERIFY2(nb, qPrintable(nb ? QString() : nb.error().toString()));
    QCOMPARE(nb->cellSource(0), u"# Titre – café ☕ 😀\nSecond line"_s);
    QVERIFY(!nb->toJson().startsWith("\xEF\xBB\xBF")); // written back as plain UTF-8, as Jupyter does

    // A bad byte after a BOM: the offset counts the BOM (it is in the file).
    const auto bad = Notebook::parse("\xEF\xBB\xBF{\"a\": \"\x92\"}", u"b.ipynb"_s);
    QVERIFY(!bad);
    // Offset 10 counted from 0, column 11 from 1, both counting the mark, as without one.
    QCOMPARE(bad.error().location, u"byte 10 (line 1, column 11)"_s);
    // Nothing but the mark: said as it is, not "empty (0 bytes)".
    const auto onlyMark = Notebook::parse("\xEF\xBB\xBF", u"m.ipynb"_s);
    QVERIFY(!onlyMark);
    QCOMPARE(onlyMark.error().message, u"the file holds nothing but a UTF-8 byte-order mark (3 bytes): not a notebook"_s);
}

// Two cells share id, grade_id and tag. Both are kept, in order; the second gets a fresh unique id.
void TestNotebook::duplicateIdsRepaired()
{
    const auto nb = Notebook::load(dataPath(u"cases/duplicate-cell-ids.ipynb"_s));
    QVERIFY2(nb, qPrintable(nb ? QString() : nb.error().toString()));
    QCOMPARE(nb->cellCount(), 4);
    QCOMPARE(nb->cellSource(1), u"days = 365  # first try"_s);
    QCOMPARE(nb->cellSource(2), u"days = 366  # the cell above, duplicated and fixed"_s);
    QCOMPARE(nb->cellSource(3), u"weeks = days // 7"_s);
    QCOMPARE(nb->cellId(0), u"q1-task"_s);
    QCOMPARE(nb->cellId(1), u"q1-solution"_s);
    QCOMPARE(nb->cellId(3), u"q1-use"_s);
    const QString repaired = nb->cellId(2);
    QVERIFY(repaired != u"q1-solution"_s);
    QVERIFY(QRegularExpression(u"^[A-Za-z0-9_-]{1,64}$"_s).match(repaired).hasMatch());
    std::set<QString> ids;
    for (int i = 0; i < nb->cellCount(); ++i)
        ids.insert(nb->cellId(i));
    QCOMPARE(int(ids.size()), 4);
    QCOMPARE(nb->repairs().size(), 1);
    QVERIFY2(nb->repairs().at(0).startsWith(u"cells[2]: duplicate id 'q1-solution'"_s), qPrintable(nb->repairs().at(0)));
    QVERIFY(nb->repairs().at(0).contains(repaired));
    // The metadata was copied too and stays as it was.
    QCOMPARE(nb->nbgraderMetadata(2).value(u"grade_id"_s).toString(), u"q1-solution"_s);
    QCOMPARE(nb->cellTags(2), QStringList{u"q1"_s});
}

// A 4.2 notebook has no ids, and loading adds none (ids are invalid before 4.5).
void TestNotebook::oldNotebookGetsNoIds()
{
    const auto nb = Notebook::load(dataPath(u"cases/old-format-without-ids.ipynb"_s));
    QVERIFY(nb);
    QVERIFY(!nb->hasCellIds());
    QCOMPARE(nb->repairs(), QStringList());
    for (int i = 0; i < nb->cellCount(); ++i)
        QCOMPARE(nb->cellId(i), QString());
    QVERIFY(!nb->toJson().contains("\"id\""));
}

// A 4.5 notebook with one id missing and one null: both assigned, the rest untouched.
void TestNotebook::missingAndNullIdsRepaired()
{
    const auto nb = Notebook::load(dataPath(u"cases/missing-and-null-cell-ids.ipynb"_s));
    QVERIFY(nb);
    QCOMPARE(nb->cellId(0), u"intro"_s);
    QVERIFY(!nb->cellId(1).isEmpty());
    QVERIFY(!nb->cellId(2).isEmpty());
    QVERIFY(nb->cellId(1) != nb->cellId(2));
    QVERIFY(nb->cellId(1) != u"intro"_s && nb->cellId(2) != u"intro"_s);
    QCOMPARE(nb->repairs().size(), 2);
    QVERIFY2(nb->repairs().at(0).startsWith(u"cells[1]: missing id, assigned '%1'"_s.arg(nb->cellId(1))),
             qPrintable(nb->repairs().at(0)));
    QVERIFY2(nb->repairs().at(1).startsWith(u"cells[2]: null or non-string id, assigned '%1'"_s.arg(nb->cellId(2))),
             qPrintable(nb->repairs().at(1)));
}

// Outputs that are not nbformat outputs are removed, each named (they passed strip and instrument unseen before:
// fresh-user attack, session 17); valid outputs stay, in order.
void TestNotebook::malformedOutputsRemoved()
{
    const QByteArray bytes = R"({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
        {"cell_type": "code", "id": "a", "metadata": {}, "execution_count": 1, "source": "1",
         "outputs": [7, {"output_type": "stream", "name": "stdout", "text": "ok"}, {"text": "no type"},
                     {"output_type": "bogus"}, {"output_type": "execute_result", "data": {}, "metadata": {}, "execution_count": 1}]}]})";
    const auto nb = Notebook::parse(bytes, u"outs.ipynb"_s);
    QVERIFY2(nb, qPrintable(nb ? QString() : nb.error().toString()));
    QCOMPARE(nb->repairs(), (QStringList{u"cells[0].outputs[0]: not an nbformat output (not an object), removed"_s,
                                         u"cells[0].outputs[2]: not an nbformat output (no output_type), removed"_s,
                                         u"cells[0].outputs[3]: not an nbformat output (output_type \"bogus\" is none of stream, "
                                         "display_data, execute_result, error), removed"_s}));
    const QJsonArray outputs = QJsonDocument::fromJson(nb->toJson()).object().value(u"cells"_s).toArray().at(0).toObject().value(u"outputs"_s).toArray();
    QCOMPARE(outputs.size(), 2);
    QCOMPARE(outputs.at(0).toObject().value(u"output_type"_s).toString(), u"stream"_s);
    QCOMPARE(outputs.at(1).toObject().value(u"output_type"_s).toString(), u"execute_result"_s);
}

// Python's json module writes NaN, Infinity and -Infinity, and nbformat keeps them (a DataFrame's NaN in an
// application/json output): such a notebook opens in Jupyter, so it loads here too, each constant outside strings read
// as null and listed as a repair; the same words inside strings are text.
void TestNotebook::pythonConstantsReadAsNull()
{
    const QByteArray bytes = R"({"nbformat": 4, "nbformat_minor": 5, "metadata": {"w": [Infinity,-Infinity]}, "cells": [
        {"cell_type": "code", "id": "a", "metadata": {}, "execution_count": 1, "source": "x = 'NaN, Infinity'",
         "outputs": [{"output_type": "display_data", "metadata": {},
                      "data": {"application/json": {"x": NaN, "s": "NaN", "q": "\"NaN"}}}]}]})";
    const auto nb = Notebook::parse(bytes, u"nan.ipynb"_s);
    QVERIFY2(nb, qPrintable(nb ? QString() : nb.error().toString()));
    QCOMPARE(nb->repairs(), QStringList{u"line 1: 3 NaN or Infinity value(s) (Python's JSON, as nbformat writes it; not JSON) read as null"_s});
    QCOMPARE(nb->cellSource(0), u"x = 'NaN, Infinity'"_s);
    const QJsonObject root = QJsonDocument::fromJson(nb->toJson()).object();
    QCOMPARE(root.value(u"metadata"_s).toObject().value(u"w"_s).toArray(), (QJsonArray{QJsonValue::Null, QJsonValue::Null}));
    const QJsonObject data = root.value(u"cells"_s).toArray().at(0).toObject().value(u"outputs"_s).toArray().at(0).toObject()
                                 .value(u"data"_s).toObject().value(u"application/json"_s).toObject();
    QVERIFY(data.value(u"x"_s).isNull());
    QCOMPARE(data.value(u"s"_s).toString(), u"NaN"_s);
    QCOMPARE(data.value(u"q"_s).toString(), u"\"NaN"_s);
    // A syntax error after one is still the file's error, on its line.
    const auto broken = Notebook::parse("{\"cells\": [NaN,\n ]}", u"b.ipynb"_s);
    QVERIFY(!broken);
    QVERIFY2(broken.error().location.startsWith(u"line 2"_s), qPrintable(broken.error().toString()));
}

// An unknown kernelspec name with language python loads; the name is reported as written.
void TestNotebook::unknownKernelspecPythonLoads()
{
    const auto nb = Notebook::load(dataPath(u"cases/unknown-kernelspec.ipynb"_s));
    QVERIFY2(nb, qPrintable(nb ? QString() : nb.error().toString()));
    QCOMPARE(nb->kernelName(), u"conda-env-stats-2025-py"_s);
    QCOMPARE(nb->language(), u"python"_s);
    QCOMPARE(nb->cellSource(0), u"temperatures = [12, 7, 9]\ncoldest = min(temperatures)"_s);
}

// Load-then-save changes nothing but what loading repaired, for every fixture that loads.
void TestNotebook::roundTrip_data()
{
    QTest::addColumn<QString>("file");
    QStringList files = caseNotebooks();
    const QDir nbDir(dataPath(u"notebooks"_s));
    for (const QString &name : nbDir.entryList({u"*.ipynb"_s}, QDir::Files, QDir::Name))
        files << u"notebooks/"_s + name;
    for (const QString &f : std::as_const(files))
        if (Notebook::load(dataPath(f)))
            QTest::newRow(qPrintable(f)) << f;
}

void TestNotebook::roundTrip()
{
    QFETCH(QString, file);
    const auto nb = Notebook::load(dataPath(file));
    QVERIFY(nb);
    QTemporaryDir tmp;
    const QString out = tmp.filePath(u"saved.ipynb"_s);
    const auto saved = nb->save(out);
    QVERIFY2(saved, qPrintable(saved ? QString() : saved.error().toString()));

    OJson original = readOrdered(dataPath(file));
    const OJson written = readOrdered(out);
    QVERIFY(!original.is_discarded());
    QVERIFY(!written.is_discarded());
    // Apply exactly the listed id repairs to the original; then the documents must be equal, key order included.
    for (const QString &repair : nb->repairs()) {
        const QRegularExpressionMatch m = QRegularExpression(u"^cells\\[(\\d+)\\]: .*id"_s).match(repair);
        QVERIFY2(m.hasMatch(), qPrintable(repair));
        const size_t i = m.captured(1).toUInt();
        original["cells"][i]["id"] = nb->cellId(int(i)).toStdString();
    }
    QVERIFY2(written == original, qPrintable(u"%1: saved JSON differs from the original"_s.arg(file)));

    // Unrepaired notebooks in nbformat's own style come back byte for byte (the BOM aside).
    if (nb->repairs().isEmpty()) {
        QByteArray bytes = readAll(dataPath(file));
        if (bytes.startsWith("\xEF\xBB\xBF"))
            bytes.remove(0, 3);
        QCOMPARE(readAll(out), bytes);
    }
}

namespace {
// Makes `dir` unwritable for this process; returns false when that is impossible (root without chattr).
bool makeUnwritable(const QString &dir, bool *usedChattr)
{
    QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::ExeOwner);
    *usedChattr = false;
    if (geteuid() == 0) {
        *usedChattr = QProcess::execute(u"chattr"_s, {u"+i"_s, dir}) == 0;
    }
    QFile probe(dir + u"/probe"_s);
    if (probe.open(QIODevice::WriteOnly)) {
        probe.close();
        probe.remove();
        return false;
    }
    return true;
}
} // namespace

// save() goes through QSaveFile: when the folder cannot be written the old file stays as it was.
void TestNotebook::saveIsAtomic()
{
    QTemporaryDir tmp;
    const QString dir = tmp.filePath(u"ro"_s);
    QVERIFY(QDir().mkpath(dir));
    const QString target = dir + u"/nb.ipynb"_s;
    {
        QFile f(target);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("old contents\n");
    }
    const auto nb = Notebook::load(dataPath(u"notebooks/v4.5.ipynb"_s));
    QVERIFY(nb);
    bool chattr = false;
    const bool unwritable = makeUnwritable(dir, &chattr);
    const auto restore = qScopeGuard([&] {
        if (chattr)
            QProcess::execute(u"chattr"_s, {u"-i"_s, dir});
        QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    });
    if (!unwritable)
        QSKIP("cannot make a folder read-only here (root without chattr support)");
    const auto saved = nb->save(target);
    QVERIFY(!saved);
    QCOMPARE(saved.error().file, target);
    QVERIFY2(saved.error().message.startsWith(u"cannot write"_s), qPrintable(saved.error().message));
    QCOMPARE(readAll(target), QByteArray("old contents\n"));
    QCOMPARE(QDir(dir).entryList(QDir::Files | QDir::Hidden), QStringList{u"nb.ipynb"_s});
}

void TestNotebook::saveFailsCleanlyWithoutFolder()
{
    QTemporaryDir tmp;
    const auto nb = Notebook::load(dataPath(u"notebooks/v4.5.ipynb"_s));
    QVERIFY(nb);
    const QString target = tmp.filePath(u"missing/nb.ipynb"_s);
    const auto saved = nb->save(target);
    QVERIFY(!saved);
    QCOMPARE(saved.error().file, target);
    QVERIFY(!QFileInfo::exists(target));
}

void TestNotebook::findAnchor_data()
{
    QTest::addColumn<QString>("anchor");
    QTest::addColumn<int>("index");
    QTest::addColumn<bool>("ambiguous");
    // anchors.ipynb: [0] intro, [1] grade_id q1, [2] id cell-q2, [3] tag q3, [4] tag q3, [5] tag q1, [6] id q1.
    QTest::newRow("grade_id") << u"q1"_s << 1 << false; // grade_id wins over a tag and an id of the same name
    QTest::newRow("cell id") << u"cell-q2"_s << 2 << false;
    QTest::newRow("tag") << u"other"_s << 4 << false;
    QTest::newRow("duplicated tag: last, ambiguous") << u"q3"_s << 4 << true;
    QTest::newRow("markdown cell id") << u"intro"_s << 0 << false;
    QTest::newRow("none") << u"q9"_s << -1 << false;
    QTest::newRow("empty name") << QString() << -1 << false;
    QTest::newRow("case matters") << u"Q1"_s << -1 << false;
}

void TestNotebook::findAnchor()
{
    QFETCH(QString, anchor);
    QFETCH(int, index);
    QFETCH(bool, ambiguous);
    const auto nb = Notebook::load(dataPath(u"notebooks/anchors.ipynb"_s));
    QVERIFY(nb);
    bool amb = !ambiguous; // must be written
    QCOMPARE(nb->findAnchor(anchor, &amb), index);
    QCOMPARE(amb, ambiguous);
    QCOMPARE(nb->findAnchor(anchor), index); // the out-parameter is optional
}

void TestNotebook::cellReferencesFound()
{
    const QString text = u"cells[5]: raised KeyError; the test cell was edited (cells[12]), not xcells[3] or cells[x]"_s;
    const QList<CellReference> refs = findCellReferences(text);
    QCOMPARE(refs.size(), 2);
    QCOMPARE(refs.at(0).index, 5);
    QCOMPARE(text.mid(refs.at(0).start, refs.at(0).length), u"cells[5]"_s);
    QCOMPARE(refs.at(1).index, 12);
    QCOMPARE(text.mid(refs.at(1).start, refs.at(1).length), u"cells[12]"_s);
    QVERIFY(findCellReferences(u"cells[99999999999]"_s).isEmpty()); // not an int
}

void TestNotebook::cellLabelsAsJupyterShowsThem()
{
    // A markdown cell, a code cell run as In [4] whose first line is blank, one never run, one with a long line.
    const QByteArray cells = R"json([
 {"cell_type": "markdown", "metadata": {}, "source": ["# Title\n", "text"], "id": "m"},
 {"cell_type": "code", "execution_count": 4, "metadata": {}, "outputs": [], "source": ["\n", "  df = load('iris.csv')\n", "df.head()"], "id": "c"},
 {"cell_type": "code", "execution_count": null, "metadata": {}, "outputs": [], "source": [], "id": "e"},
 {"cell_type": "code", "execution_count": 7, "metadata": {}, "outputs": [], "source": ["result = some_function_with_a_long_name(argument_one, argument_two, argument_three)"], "id": "l"}
])json";
    const auto nb = Notebook::parse(notebookWith(cells), u"labels.ipynb"_s);
    QVERIFY(nb);
    const QHash<int, QString> labels = cellLabels(*nb);
    QCOMPARE(labels.size(), 4);
    QCOMPARE(labels.value(0), u"Markdown: # Title"_s);
    QCOMPARE(labels.value(1), u"In [4]: df = load('iris.csv')"_s);
    QCOMPARE(labels.value(2), u"In [ ]"_s);
    QCOMPARE(labels.value(3), u"In [7]: result = some_function_with_a_long_name(argument_one, argum…"_s);
    QCOMPARE(labels.value(3).size(), 8 + 60);
    QCOMPARE(labelCellReferences(u"cells[1]: raised KeyError; cells[9] timed out"_s, labels),
             u"In [4]: df = load('iris.csv') (cells[1]): raised KeyError; cells[9] timed out"_s);
}

// A cell over kCellDiffMaxChars characters or kCellDiffMaxLines lines (a generated answer ending in a "#" and 2 MiB of
// "x"; 3,000 short lines; the same huge cell on both sides) is compared whole: changed or not, both sides' sizes, and
// only a bounded, non-empty head of each side kept and printed (the app's Diff tab and sandmark-cli diff alike).
void TestNotebook::hugeCellsAreComparedWholeWithBoundedHeads()
{
    auto cell = [](const QString &source, const QString &gradeId = {}) {
        QJsonObject c{{u"cell_type"_s, u"code"_s}, {u"execution_count"_s, QJsonValue()}, {u"outputs"_s, QJsonArray()},
                      {u"source"_s, source}, {u"metadata"_s, QJsonObject()}};
        if (!gradeId.isEmpty())
            c.insert(u"metadata"_s, QJsonObject{{u"nbgrader"_s, QJsonObject{{u"grade_id"_s, gradeId}, {u"solution"_s, true}}}});
        return c;
    };
    auto notebook = [](const QJsonArray &cells) {
        const QJsonObject nb{{u"cells"_s, cells}, {u"metadata"_s, QJsonObject()}, {u"nbformat"_s, 4}, {u"nbformat_minor"_s, 4}};
        auto parsed = Notebook::parse(QJsonDocument(nb).toJson(QJsonDocument::Compact), u"x.ipynb"_s);
        if (!parsed)
            qFatal("%s", qPrintable(parsed.error().toString()));
        return *parsed;
    };
    const QString stub = u"# YOUR CODE HERE\nraise NotImplementedError()"_s;
    const QString answer = u"n_rows = len(df)\n#"_s + QString(2 * kCellDiffMaxChars, QLatin1Char('x'));
    QStringList many;
    for (int i = 0; i < 3000; ++i)
        many << u"a%1 = %1"_s.arg(i);
    const QString data = u"data = '"_s + QString(kCellDiffMaxChars + 1, QLatin1Char('y')) + u"'"_s;
    const Notebook release = notebook({cell(stub, u"q1"_s), cell(u"x = 1"_s), cell(data)});
    const Notebook student = notebook({cell(answer, u"q1"_s), cell(many.join(u'\n')), cell(data)});
    const NotebookDiff d = diffNotebooks(release, student);
    QCOMPARE(d.cells.size(), 3);
    QCOMPARE(d.changed, 2);
    QCOMPARE(d.answersChanged, 1);

    const CellDiff &q1 = d.cells.at(0);
    QCOMPARE(q1.change, CellDiff::Change::Changed);
    QVERIFY(q1.answer);
    QVERIFY(q1.tooLarge);
    QCOMPARE(q1.releaseChars, stub.size());
    QCOMPARE(q1.releaseLines, qsizetype(2));
    QCOMPARE(q1.studentChars, answer.size());
    QCOMPARE(q1.studentLines, qsizetype(2));
    QCOMPARE(q1.lines.size(), 4);
    QCOMPARE(q1.lines.at(0), u"-# YOUR CODE HERE"_s);
    QCOMPARE(q1.lines.at(2), u"+n_rows = len(df)"_s);
    QCOMPARE(q1.lines.at(3), u"+#"_s + QString(kCellDiffHeadLineChars - 1, QLatin1Char('x')) + QChar(0x2026));
    QVERIFY(q1.studentSource.size() <= kCellDiffHeadChars + kCellDiffHeadLines * 2);
    QVERIFY(q1.studentSource.startsWith(u"n_rows = len(df)\n#xxx"_s));

    const CellDiff &lines = d.cells.at(1);
    QCOMPARE(lines.change, CellDiff::Change::Changed);
    QVERIFY(lines.tooLarge);
    QCOMPARE(lines.studentLines, qsizetype(3000));
    QCOMPARE(lines.lines.size(), 1 + kCellDiffHeadLines);
    QCOMPARE(lines.lines.at(0), u"-x = 1"_s);
    QCOMPARE(lines.lines.last(), u"+a19 = 19"_s);

    const CellDiff &same = d.cells.at(2);
    QCOMPARE(same.change, CellDiff::Change::Unchanged);
    QVERIFY(same.tooLarge);
    QVERIFY(same.lines.isEmpty());
    QCOMPARE(same.studentChars, data.size());
    QVERIFY(!same.studentSource.isEmpty() && same.studentSource.size() <= kCellDiffHeadLineChars + 1);

    // The CLI's text: the hunk says why, with the sizes, and is bounded.
    const QString text = unifiedCellDiff(d, u"release/x.ipynb"_s, u"sam/x.ipynb"_s, true);
    QVERIFY2(text.size() < 8 * kCellDiffHeadChars, qPrintable(QString::number(text.size())));
    QVERIFY2(text.contains(u"@@ cells[0] → cells[0] (answer, grade_id 'q1') @@\n\\ too large to diff line by line (over 1048576 "
                           "characters or 2000 lines): release 44 characters, 2 lines; student %1 characters, 2 lines"_s.arg(answer.size())),
             qPrintable(text.left(1000)));
    QVERIFY(text.contains(u"\n+n_rows = len(df)\n+#xxx"_s));
    QVERIFY(text.contains(u"= cells[2]\n"_s));

    // Below the bounds nothing changes: a line diff.
    const NotebookDiff small = diffNotebooks(notebook({cell(u"a = 1\nb = 2"_s)}), notebook({cell(u"a = 1\nb = 3"_s)}));
    QVERIFY(!small.cells.at(0).tooLarge);
    QCOMPARE(small.cells.at(0).lines, (QStringList{u" a = 1"_s, u"-b = 2"_s, u"+b = 3"_s}));
}

QTEST_GUILESS_MAIN(TestNotebook)
#include "tst_notebook.moc"
