// assignment.json: loading and its field-path errors, the instrumentation plan, the release folder and
// whole-assignment validation (issue 2).
#include "assignment/assignment.h"
#include "assignment/create.h"
#include "assignment/edit.h"
#include "assignment/plan.h"
#include "assignment/release_writer.h"
#include "assignment/validate.h"
#include "checks/registry.h"
#include "datasets/assignmentdatasets.h"
#include "notebook/notebook.h"
#include "sandbox/job.h"
#include "util/json_p.h"
#include "util/jsonsplice_p.h"
#include "util/jsonvalue.h"

#include "testsupport.h"

#include <QDirIterator>
#include <QJsonDocument>
#include <QJsonObject>
#include <limits>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace sandmark;
using namespace sandmark::test;
using namespace Qt::Literals::StringLiterals;

namespace {

// Copies tests/data/assignments/<name> into `dest` (created); returns dest.
QString copyAssignment(const QString &name, const QString &dest)
{
    copyTree(dataPath(u"assignments/"_s + name), dest);
    return dest;
}

void mustWriteFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
}

// Every file under `dir` (relative path -> bytes).
QMap<QString, QByteArray> snapshot(const QString &dir)
{
    QMap<QString, QByteArray> out;
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString f = it.next();
        out.insert(QDir(dir).relativeFilePath(f), readAll(f));
    }
    return out;
}

} // namespace

class TestAssignment : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fieldErrors_data();
    void fieldErrors();
    void syntaxErrors_data();
    void syntaxErrors();
    void missingFile();
    void everyFieldReported();
    void fullAssignment();
    void imageOutputLimits();
    void minimalAssignment();
    void misspeltCheckKeysAreWarned();
    void unicodeVariables();
    void resolveInside();
    void plan();
    void releaseWritesNotebooksAndData();
    void releaseErrorLeavesOldRelease();
    void releaseNeverReplacesTheAssignment();
    void validateReportsProblems();
    void validateGoodAssignment();
    void validateNamesANulInACodeCell();
    void duplicateKeysAreProblems();
    void validateChecksThePython();
    void validateCompilesTheChecksCode();
    void addCheckRefused_data();
    void addCheckRefused();
    void showExpectedSetting();
    void editsRefuseOutOfRangeNumbers();
    void addCheckKeepsEverything();
    void addCheckCreatesTheList();
    void removeCheckKeepsIds();
    void editCheckWritesIntegers();
    void editCheckRefusesToleranceByKind();
    void editCheckSetsEveryFieldOfTheKind();
    void editorsKeepFormatting();
    void editAssignmentFields();
    void shortTimeoutWithoutCellTimeout();
    void editAssignmentRefused_data();
    void editAssignmentRefused();
    void newAssignmentFromSurvey();
    void spliceFallsBackOnInvalidOriginal();
    void spliceKeepsWindowsLineEnds();
    void fromVariantIsToVariantsWayBack();
    void editKeepsTheByteOrderMarkAndRefusesRepeatedKeys();
    void comparatorOptionsAreValidatedOnLoad();
    void uniqueCheckId_data();
    void uniqueCheckId();
    void checkKindsRegistered();
};

// Each row is a JSON merge patch (RFC 7396; null removes a key) applied to good/assignment.json.
void TestAssignment::imageOutputLimits()
{
    // Images have caps of their own (a student's plot is evidence, not text to cut at 64 KiB); the defaults
    // keep real plots, and both are configurable and reach the runner's job.
    const Limits defaults;
    QVERIFY(defaults.outputImageBytes >= 4 * 1024 * 1024);
    QVERIFY(defaults.outputImagesTotalBytes >= 8 * defaults.outputImageBytes);
    QTemporaryDir tmp;
    QFile f(tmp.filePath(u"assignment.json"_s));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"slug": "img", "notebooks": ["a.ipynb"], "checks": [],
               "limits": {"output_image_bytes": 1000000, "output_images_total_bytes": 5000000}})");
    f.close();
    QVERIFY(QFile::copy(dataPath(u"assignments/good/hw.ipynb"_s), tmp.filePath(u"a.ipynb"_s)));
    const auto a = Assignment::load(tmp.path());
    QVERIFY2(a, qPrintable(a ? QString() : a.error().toString()));
    QCOMPARE(a->limits().outputImageBytes, 1000000LL);
    QCOMPARE(a->limits().outputImagesTotalBytes, 5000000LL);
    const QJsonObject job = QJsonDocument::fromJson(makeJob("{}", u"n"_s, a->limits())).object();
    QCOMPARE(job.value(u"limits"_s).toObject().value(u"output_image_bytes"_s).toDouble(), 1000000.0);
    QCOMPARE(job.value(u"limits"_s).toObject().value(u"output_images_total_bytes"_s).toDouble(), 5000000.0);
}

void TestAssignment::fieldErrors_data()
{
    QTest::addColumn<QByteArray>("patch");
    QTest::addColumn<QString>("location");
    QTest::addColumn<QString>("message");
    const auto row = [](const char *name, const QByteArray &patch, const QString &location, const QString &message) {
        QTest::newRow(name) << patch << location << message;
    };
    // Top-level fields.
    row("format 3", R"({"format": 3})", u"format"_s, u"must be 1 or 2"_s); // 2 is problem sets (tst_problemset)
    row("missing slug", R"({"slug": null})", QString(), u"missing required field \"slug\""_s);
    row("bad slug", R"({"slug": "-bad slug"})", u"slug"_s, u"'-bad slug' must be 1-64 letters"_s);
    row("slug too long", "{\"slug\": \"" + QByteArray(65, 'a') + "\"}", u"slug"_s, u"must be 1-64"_s);
    row("slug not a string", R"({"slug": 3})", u"slug"_s, u"must be a string, not number"_s);
    // A value is quoted shortened and escaped: a 2 MB slug was echoed whole, a NUL in a path gave Qt's "Broken
    // filename passed to function" and "does not exist" (security report F14).
    row("slug of two million characters", "{\"slug\": \"" + QByteArray(2000000, 'x') + "\"}", u"slug"_s,
        u"'"_s + QString(50, u'x') + u"…"_s + QString(50, u'x') + u" (2000000 characters)' must be 1-64"_s);
    row("notebook name with a NUL", R"({"notebooks": ["a\u0000b.ipynb"]})", u"notebooks[0]"_s,
        u"'a\\x00b.ipynb' holds a control character, which no file name of an assignment may hold"_s);
    row("data file name with a newline", R"({"data_files": ["d\n.csv"]})", u"data_files[0]"_s,
        u"'d\\n.csv' holds a control character"_s);
    row("title not a string", R"({"title": ["x"]})", u"title"_s, u"must be a string, not array"_s);
    // One line of text: `assignment set title ""` and a title with a newline were written (fresh-user test).
    row("title empty", R"({"title": " "})", u"title"_s, u"must not be empty (remove \"title\" to use the slug)"_s);
    row("title with a newline", R"({"title": "HW\n1"})", u"title"_s,
        u"'HW\\n1' holds a control character (a line break, a tab): a title is one line of text"_s);
    row("release with a slash", R"({"release": "a/b"})", u"release"_s, u"must be a plain folder name"_s);
    row("release ..", R"({"release": ".."})", u"release"_s, u"must be a plain folder name"_s);
    row("nbgrader not an object", R"({"nbgrader": ["x"]})", u"nbgrader"_s, u"must be an object"_s);
    row("otter not an object", R"({"otter": ["x"]})", u"otter"_s, u"must be an object (written by import otter)"_s);
    row("otter seed not an integer", R"({"otter": {"seed": "42"}})", u"otter.seed"_s, u"must be an integer"_s);

    // Notebooks.
    row("notebooks missing", R"({"notebooks": null})", QString(), u"missing required field \"notebooks\""_s);
    row("notebooks empty", R"({"notebooks": []})", u"notebooks"_s, u"must name at least one"_s);
    row("notebooks not a list", R"({"notebooks": "hw.ipynb"})", u"notebooks"_s, u"must be a list of strings"_s);
    row("notebook not a string", R"({"notebooks": ["hw.ipynb", 2]})", u"notebooks[1]"_s, u"must be a string"_s);
    row("notebook escaping", R"({"notebooks": ["../x.ipynb"]})", u"notebooks[0]"_s,
        u"'../x.ipynb' leads outside the assignment folder"_s);
    row("notebook escaping through a folder", R"({"notebooks": ["data/../../x.ipynb"]})", u"notebooks[0]"_s,
        u"leads outside the assignment folder"_s);
    row("notebook absolute", R"({"notebooks": ["/etc/hw.ipynb"]})", u"notebooks[0]"_s,
        u"'/etc/hw.ipynb' must be relative to the assignment folder"_s);
    row("notebook in home", R"({"notebooks": ["~/hw.ipynb"]})", u"notebooks[0]"_s, u"must be relative"_s);
    row("notebook symlink to outside", R"({"notebooks": ["link.ipynb"]})", u"notebooks[0]"_s,
        u"'link.ipynb' is a link that leads outside the assignment folder"_s);
    row("notebook in a linked folder outside", R"({"notebooks": ["linkdir/x.ipynb"]})", u"notebooks[0]"_s,
        u"is a link that leads outside"_s);
    row("notebook nonexistent", R"({"notebooks": ["hw.ipynb", "nope.ipynb"]})", u"notebooks[1]"_s,
        u"'nope.ipynb' does not exist"_s);
    row("notebook not .ipynb", R"({"notebooks": ["data/iris.csv"]})", u"notebooks[0]"_s,
        u"'data/iris.csv' is not a notebook (.ipynb)"_s);
    row("notebook empty path", R"({"notebooks": [""]})", u"notebooks[0]"_s, u"must not be empty"_s);

    // Data files.
    row("data_files not a list", R"({"data_files": "data/iris.csv"})", u"data_files"_s, u"must be a list"_s);
    // Data files go into the student release: never the hidden tests or the solutions (attack report s14).
    row("data file assignment.json", R"({"data_files": ["data/iris.csv", "assignment.json"]})", u"data_files[1]"_s,
        u"'assignment.json' is assignment.json itself: its checks and hidden tests would be copied to the students"_s);
    row("data file the instructor notebook", R"({"data_files": ["./hw.ipynb"]})", u"data_files[0]"_s,
        u"'./hw.ipynb' is an instructor notebook: its solutions would be copied"_s);
    row("data file a number", R"({"data_files": [3]})", u"data_files[0]"_s, u"must be a path or an object"_s);
    row("data file object without path", R"({"data_files": ["data/iris.csv", {"urls": []}]})", u"data_files[1]"_s,
        u"missing required field \"path\""_s);
    row("data file url not a URL", R"({"data_files": [{"path": "data/iris.csv", "urls": ["iris.csv"]}]})",
        u"data_files[0].urls[0]"_s, u"'iris.csv' is not a URL"_s);
    row("data file urls not a list", R"({"data_files": [{"path": "data/iris.csv", "urls": "https://x.invalid/a"}]})",
        u"data_files[0].urls"_s, u"must be a list of strings"_s);
    row("data file escaping", R"({"data_files": ["../secret.csv"]})", u"data_files[0]"_s,
        u"leads outside the assignment folder"_s);
    row("data file object absolute", R"({"data_files": [{"path": "/etc/passwd"}]})", u"data_files[0].path"_s,
        u"must be relative"_s);
    row("data file symlink to outside", R"({"data_files": ["data/link.csv"]})", u"data_files[0]"_s,
        u"is a link that leads outside"_s);
    row("data file nonexistent", R"({"data_files": ["data/none.csv"]})", u"data_files[0]"_s,
        u"'data/none.csv' does not exist"_s);
    row("data file is a folder", R"({"data_files": ["data"]})", u"data_files[0]"_s, u"'data' is a folder"_s);

    // Other top-level fields.
    row("dependency option", R"({"dependencies": ["numpy", "-e ."]})", u"dependencies[1]"_s,
        u"must be a pip requirement"_s);
    row("system_site_packages string", R"({"system_site_packages": "yes"})", u"system_site_packages"_s,
        u"must be true or false"_s);
    row("bad sandbox", R"({"sandbox": "chroot"})", u"sandbox"_s, u"'chroot' is not a sandbox backend"_s);
    row("docker_image with a space", R"({"docker_image": "sandmark base"})", u"docker_image"_s, u"must be an image name"_s);
    row("docker_image number", R"({"docker_image": 3})", u"docker_image"_s, u"must be a string"_s);

    // Limits.
    row("limits not an object", R"({"limits": [1]})", u"limits"_s, u"must be an object"_s);
    row("limit unknown", R"({"limits": {"timeot_s": 5}})", u"limits.timeot_s"_s, u"unknown limit"_s);
    row("limit negative", R"({"limits": {"timeout_s": -1}})", u"limits.timeout_s"_s, u"must be greater than 0"_s);
    row("limit absurd timeout", R"({"limits": {"timeout_s": 1e300}})", u"limits.timeout_s"_s, u"must be at most 604800"_s);
    row("limit absurd cpus", R"({"limits": {"cpus": 1e9}})", u"limits.cpus"_s, u"must be at most 4096"_s);
    row("limit zero", R"({"limits": {"processes": 0}})", u"limits.processes"_s, u"must be greater than 0"_s);
    row("limit fractional count", R"({"limits": {"processes": 2.5}})", u"limits.processes"_s,
        u"must be a whole number"_s);
    row("limit string", R"({"limits": {"memory_bytes": "4G"}})", u"limits.memory_bytes"_s,
        u"must be a number, not string"_s);
    row("limit boolean", R"({"limits": {"cpus": true}})", u"limits.cpus"_s, u"must be a number, not boolean"_s);
    row("cell timeout above wall", R"({"limits": {"timeout_s": 10, "cell_timeout_s": 20}})",
        u"limits.cell_timeout_s"_s,
        u"is 20 s, longer than limits.timeout_s (10 s), both set here: lower cell_timeout_s to at most 10, or remove it "
        u"(then it is the smaller of 60 s and timeout_s), or raise timeout_s"_s);
    row("cell timeout above the default wall", R"({"limits": {"timeout_s": null, "cell_timeout_s": 400}})", u"limits.cell_timeout_s"_s,
        u"is 400 s, longer than limits.timeout_s (300 s, its default): set timeout_s to at least 400, or lower "
        u"cell_timeout_s to at most 300"_s);
    row("memory too small", R"({"limits": {"memory_bytes": 1000}})", u"limits.memory_bytes"_s,
        u"must be at least 268435456"_s);
    row("disk too small", R"({"limits": {"disk_bytes": 1000}})", u"limits.disk_bytes"_s,
        u"must be at least 1048576 (1 MiB)"_s);
    row("limit unknown lists the known", R"({"limits": {"disk": 5}})", u"limits.disk"_s,
        u"(known: timeout_s, set_timeout_s, cell_timeout_s, interrupt_grace_s, memory_bytes, processes, open_files, "
        u"file_size_bytes, disk_bytes, output_cell_bytes"_s);
    // A count past what a signed 64-bit number holds must not wrap around to -1 (= RLIM_INFINITY).
    row("file size past int64", R"({"limits": {"file_size_bytes": 18446744073709551615}})",
        u"limits.file_size_bytes"_s, u"too large"_s);
    row("processes past int64", R"({"limits": {"processes": 18446744073709551615}})", u"limits.processes"_s,
        u"too large"_s);

    // Checks.
    row("checks not a list", R"({"checks": {}})", u"checks"_s, u"must be a list"_s);
    row("check not an object", R"({"checks": ["x"]})", u"checks[0]"_s, u"must be an object"_s);
    row("check missing type", R"({"checks": [{"variable": "x"}]})", u"checks[0]"_s,
        u"missing required field \"type\""_s);
    row("check bad type", R"({"checks": [{"type": "values", "variable": "x"}]})", u"checks[0].type"_s,
        u"'values' is not a check type"_s);
    row("check missing variable", R"({"checks": [{"type": "value"}]})", u"checks[0]"_s,
        u"missing required field \"variable\""_s);
    row("check bad variable", R"({"checks": [{"type": "value", "variable": "x"}, {"type": "value", "variable": "1x"}]})",
        u"checks[1].variable"_s, u"'1x' is not a Python variable name"_s);
    row("check keyword variable", R"({"checks": [{"type": "value", "variable": "lambda"}]})", u"checks[0].variable"_s,
        u"'lambda' is not a Python variable name"_s);
    row("check duplicate id", R"({"checks": [{"type": "value", "variable": "x"}, {"type": "value", "variable": "x"}]})",
        u"checks[1].id"_s, u"'x' is already the id of checks[0]"_s);
    row("check duplicate explicit id",
        R"({"checks": [{"id": "a", "type": "value", "variable": "x"}, {"id": "a", "type": "test", "code": "pass"}]})",
        u"checks[1].id"_s, u"'a' is already the id of checks[0]"_s);
    row("check bad id", R"({"checks": [{"id": "a b", "type": "value", "variable": "x"}]})", u"checks[0].id"_s,
        u"'a b' must be 1-64"_s);
    row("check id starting with a mark", "{\"checks\": [{\"id\": \"\xcc\x81" "x\", \"type\": \"value\", \"variable\": \"x\"}]}",
        u"checks[0].id"_s, u"must be 1-64"_s);
    row("check variable not an identifier in any script",
        "{\"checks\": [{\"type\": \"value\", \"variable\": \"a€b\"}]}", u"checks[0].variable"_s,
        u"'a€b' is not a Python variable name"_s);
    row("check negative points", R"({"checks": [{"type": "value", "variable": "x", "points": -1}]})",
        u"checks[0].points"_s, u"must be at least 0"_s);
    // Fresh-user finding: two checks of 1e308 points added up to inf ("(inf points)", "valid", score null, "inf" in
    // the CSV). One check is capped at kMaxCheckPoints, so no total overflows.
    row("check points above the cap", R"({"checks": [{"type": "value", "variable": "x", "points": 1e308}]})",
        u"checks[0].points"_s, u"must be at most 1000000 (the most one check may be worth)"_s);
    row("check points just above the cap",
        R"({"checks": [{"type": "value", "variable": "x", "points": 1000000}, {"type": "value", "variable": "y", "points": 1000000.5}]})",
        u"checks[1].points"_s, u"must be at most 1000000"_s);
    row("check points string", R"({"checks": [{"type": "value", "variable": "x", "points": "2"}]})",
        u"checks[0].points"_s, u"must be a number, not string"_s);
    row("check negative rtol", R"({"checks": [{"type": "value", "variable": "x", "rtol": -0.1}]})",
        u"checks[0].rtol"_s, u"must be at least 0"_s);
    row("check anchor not a string", R"({"checks": [{"type": "value", "variable": "x", "anchor": 1}]})",
        u"checks[0].anchor"_s, u"must be a string"_s);
    row("test without code", R"({"checks": [{"type": "test"}]})", u"checks[0]"_s, u"missing required field \"code\""_s);
    row("test with empty code", R"({"checks": [{"type": "test", "code": "  \n"}]})", u"checks[0].code"_s,
        u"must not be empty"_s);
    row("dependency without a version", R"({"dependencies": ["pandas", "numpy>="]})", u"dependencies[1]"_s,
        u"'numpy>=': '>=' must be followed by a version"_s);
    row("dependency stray comma", R"({"dependencies": ["numpy>=1.24,"]})", u"dependencies[0]"_s,
        u"an empty version specifier"_s);
    row("manual without anchor", R"({"checks": [{"type": "manual"}]})", u"checks[0]"_s, u"needs \"anchor\""_s);
    row("otter without question", R"({"checks": [{"type": "otter", "cases": []}]})", u"checks[0]"_s,
        u"missing required field \"question\""_s);
    row("otter without cases", R"({"checks": [{"type": "otter", "question": "q1"}]})", u"checks[0]"_s,
        u"missing required field \"cases\""_s);
    row("otter empty cases", R"({"checks": [{"type": "otter", "question": "q1", "cases": []}]})", u"checks[0].cases"_s,
        u"must be a non-empty list of test cases"_s);
    row("otter case without code", R"({"checks": [{"type": "otter", "question": "q1", "cases": [{"name": "q1 - 1"}]}]})",
        u"checks[0].cases[0]"_s, u"missing \"code\""_s);
    row("otter hidden not bool", R"({"checks": [{"type": "otter", "question": "q1", "cases": [{"name": "a", "code": ">>> 1\n1", "hidden": "yes"}]}]})",
        u"checks[0].cases[0].hidden"_s, u"must be true or false"_s);
    row("otter message not text", R"({"checks": [{"type": "otter", "question": "q1", "cases": [{"name": "a", "code": ">>> 1\n1", "failure_message": 3}]}]})",
        u"checks[0].cases[0].failure_message"_s, u"must be a string"_s);
}

void TestAssignment::fieldErrors()
{
    QFETCH(QByteArray, patch);
    QFETCH(QString, location);
    QFETCH(QString, message);
    QTest::failOnWarning(QRegularExpression(u"Broken filename"_s)); // a NUL reached Qt's file system calls

    QTemporaryDir tmp;
    const QString dir = copyAssignment(u"good"_s, tmp.filePath(u"hw"_s));
    // Links that lead outside, and something outside for them to point at.
    mustWriteFile(tmp.filePath(u"outside/x.ipynb"_s), readAll(dir + u"/hw.ipynb"_s));
    mustWriteFile(tmp.filePath(u"outside/secret.csv"_s), "secret\n");
    QVERIFY(QFile::link(tmp.filePath(u"outside/x.ipynb"_s), dir + u"/link.ipynb"_s));
    QVERIFY(QFile::link(tmp.filePath(u"outside"_s), dir + u"/linkdir"_s));
    QVERIFY(QFile::link(tmp.filePath(u"outside/secret.csv"_s), dir + u"/data/link.csv"_s));

    OJson json = readOrdered(dir + u"/assignment.json"_s);
    const OJson p = parseOrdered(patch);
    QVERIFY2(!p.is_discarded(), patch.constData());
    json.merge_patch(p);
    const QString jsonPath = dir + u"/assignment.json"_s;
    mustWriteFile(jsonPath, QByteArray::fromStdString(json.dump(1)));

    const auto a = Assignment::load(dir);
    QVERIFY2(!a, "the assignment must be refused");
    QCOMPARE(a.error().file, jsonPath);
    QCOMPARE(a.error().location, location);
    QVERIFY2(a.error().message.contains(message), qPrintable(a.error().message));
    QVERIFY2(a.error().message.size() < 1000, qPrintable(a.error().message.left(1000))); // never a value echoed whole
    // The same through the path of assignment.json itself.
    const auto b = Assignment::load(jsonPath);
    QVERIFY(!b);
    QCOMPARE(b.error().toString(), a.error().toString());
}

// One load names every broken field (the first problem of each), in file order; the return value is the first.
void TestAssignment::everyFieldReported()
{
    QTemporaryDir tmp;
    const QString dir = copyAssignment(u"good"_s, tmp.filePath(u"hw"_s));
    OJson json = readOrdered(dir + u"/assignment.json"_s);
    json.merge_patch(parseOrdered(R"({"slug": "no spaces allowed", "release": "a/b", "sandbox": "chroot",
                                      "limits": {"timeout_s": -1}, "checks": 3})"));
    mustWriteFile(dir + u"/assignment.json"_s, QByteArray::fromStdString(json.dump(1)));
    QList<Error> all;
    const auto a = Assignment::load(dir, &all);
    QVERIFY(!a);
    QStringList places;
    for (const Error &e : std::as_const(all))
        places << e.location;
    QCOMPARE(places, (QStringList{u"slug"_s, u"release"_s, u"limits.timeout_s"_s, u"sandbox"_s, u"checks"_s}));
    QCOMPARE(a.error().toString(), all.first().toString());

    // A file that cannot be read at all is one problem.
    QList<Error> none;
    QVERIFY(!Assignment::load(tmp.filePath(u"nowhere"_s), &none));
    QCOMPARE(none.size(), 1);
    QVERIFY(none.first().message.contains(u"no such file"_s) || none.first().message.contains(u"no assignment.json"_s));
}

void TestAssignment::syntaxErrors_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("location");
    QTest::addColumn<QString>("message");
    QTest::newRow("missing bracket") << QByteArray("{\n  \"slug\": \"x\",\n  \"notebooks\": [\"nb.ipynb\"\n}\n")
                                     << u"line 4, column 1"_s << u"invalid JSON: syntax error while parsing array"_s;
    QTest::newRow("missing comma") << QByteArray("{\n  \"slug\": \"x\"\n  \"notebooks\": []\n}\n")
                                   << u"line 3, column 3"_s
                                   << u"invalid JSON: syntax error while parsing object - unexpected string literal"_s;
    QTest::newRow("single quotes") << QByteArray("{'slug': 'x'}") << u"line 1, column 2"_s << u"invalid JSON"_s;
    QTest::newRow("comment") << QByteArray("{\n  // the slug\n  \"slug\": \"x\"\n}") << u"line 2, column 3"_s
                             << u"invalid JSON"_s;
    // Outside the range of a double: nlohmann's out_of_range aborted `validate` and the app (report F1).
    QTest::newRow("1e999 in limits") << QByteArray("{\n  \"slug\": \"x\",\n  \"limits\": {\"timeout_s\": 1e999}\n}\n")
                                     << u"line 3, column 27"_s
                                     << u"invalid JSON: the number 1e999 is outside the range of a double"_s;
    QTest::newRow("-1e999 as points") << QByteArray("{\"checks\": [{\"points\": -1e999}]}") << u"line 1, column 24"_s
                                      << u"invalid JSON: the number -1e999 is outside the range"_s;
    QTest::newRow("1e400 in an unknown key") << QByteArray("{\"x\": 1e400, \"slug\": \"x\"}") << u"line 1, column 7"_s
                                             << u"invalid JSON: the number 1e400 is outside the range"_s;
    QTest::newRow("empty file") << QByteArray() << QString() << u"the file is empty"_s;
    QTest::newRow("top-level array") << QByteArray("[]") << QString() << u"the top level must be a JSON object"_s;
}

void TestAssignment::syntaxErrors()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, location);
    QFETCH(QString, message);
    QTemporaryDir tmp;
    mustWriteFile(tmp.filePath(u"assignment.json"_s), bytes);
    const auto a = Assignment::load(tmp.path());
    QVERIFY(!a);
    QCOMPARE(a.error().file, tmp.filePath(u"assignment.json"_s));
    QCOMPARE(a.error().location, location);
    QVERIFY2(a.error().message.startsWith(message), qPrintable(a.error().message));
    QVERIFY2(!a.error().message.contains(u"json.exception"_s), qPrintable(a.error().message));
}

void TestAssignment::missingFile()
{
    QTemporaryDir tmp;
    auto a = Assignment::load(tmp.path());
    QVERIFY(!a);
    QCOMPARE(a.error().file, tmp.filePath(u"assignment.json"_s));
    QCOMPARE(a.error().message, u"no assignment.json in this folder"_s);
    a = Assignment::load(tmp.filePath(u"nope.json"_s));
    QVERIFY(!a);
    QCOMPARE(a.error().file, tmp.filePath(u"nope.json"_s));
    QCOMPARE(a.error().message, u"no such file"_s);
    // A notebook where the assignment is meant: said so, not "missing field slug".
    QFile nb(tmp.filePath(u"hw.ipynb"_s));
    QVERIFY(nb.open(QIODevice::WriteOnly) && nb.write("{\"cells\": [], \"metadata\": {}, \"nbformat\": 4, \"nbformat_minor\": 5}") > 0);
    nb.close();
    a = Assignment::load(nb.fileName());
    QVERIFY(!a);
    QCOMPARE(a.error().file, nb.fileName());
    QVERIFY2(a.error().message.startsWith(u"a notebook, not an assignment"_s), qPrintable(a.error().message));
}

void TestAssignment::fullAssignment()
{
    const QString dir = dataPath(u"assignments/good"_s);
    const auto a = Assignment::load(dir);
    QVERIFY2(a, qPrintable(a ? QString() : a.error().toString()));
    QCOMPARE(a->folder(), QDir::cleanPath(dir));
    QCOMPARE(a->jsonPath(), QDir::cleanPath(dir + u"/assignment.json"_s));
    QCOMPARE(a->slug(), u"hw-1"_s);
    QCOMPARE(a->title(), u"Homework 1 — Iris"_s);
    QCOMPARE(a->notebooks(), QStringList{u"hw.ipynb"_s});
    QCOMPARE(a->releaseName(), u"student"_s);
    QCOMPARE(a->dataFiles().size(), 2);
    QCOMPARE(a->dataFiles().at(0).path, u"data/extra.csv"_s);
    QCOMPARE(a->dataFiles().at(0).urls, QStringList());
    QCOMPARE(a->dataFiles().at(1).path, u"data/iris.csv"_s);
    QCOMPARE(a->dataFiles().at(1).urls, QStringList{u"https://data.example.invalid/ds101/iris.csv"_s});
    QCOMPARE(a->python(), u"/usr/bin/python3"_s);
    QCOMPARE(a->dependencies(), (QStringList{u"numpy>=1.24"_s, u"pandas"_s}));
    QCOMPARE(a->systemSitePackages(), false);
    QCOMPARE(a->requiredDatasets(), QStringList{u"org/iris-extra data/iris.parquet"_s});
    QCOMPARE(a->datasetFunctions(), QStringList{u"localizer.get_file"_s});
    QCOMPARE(a->sandbox(), std::optional<SandboxKind>(SandboxKind::Bwrap));
    QCOMPARE(a->dockerImage(), u"sandmark-base:bookworm-test"_s);
    const Limits l = a->limits();
    QCOMPARE(l.wallTimeoutS, 120.0);
    QCOMPARE(l.cellTimeoutS, 30.0);
    QCOMPARE(l.interruptGraceS, 2.0);
    QCOMPARE(l.memoryBytes, 1073741824LL);
    QCOMPARE(l.processes, 64);
    QCOMPARE(l.openFiles, 256);
    QCOMPARE(l.fileSizeBytes, 1048576LL);
    QCOMPARE(l.diskBytes, Limits{}.diskBytes); // not in the file: the default
    QCOMPARE(Limits{}.diskBytes, 1073741824LL);
    QCOMPARE(l.outputCellBytes, 4096LL);
    QCOMPARE(l.outputTotalBytes, 65536LL);
    QCOMPARE(l.probeBytes, 100000LL);
    QCOMPARE(l.cpus, 0.5);

    const QList<Check> c = a->checks();
    QCOMPARE(c.size(), 8);
    QCOMPARE(c[0].id, u"n_rows"_s);
    QCOMPARE(c[0].type, Check::Type::Value);
    QCOMPARE(c[0].anchor, u"q1"_s);
    QCOMPARE(c[1].id, u"corr"_s); // default id: the variable
    QCOMPARE(c[1].points, 2.0);
    QCOMPARE(c[1].options.value(u"rtol"_s).toDouble(), 0.001);
    QCOMPARE(c[2].id, u"n_rows_end"_s);
    QCOMPARE(c[2].points, 0.5);
    QCOMPARE(c[4].id, u"test-5"_s); // default id of a test: its 1-based position
    QCOMPARE(c[4].type, Check::Type::Test);
    QCOMPARE(c[4].code, u"assert corr > 0.9"_s);
    QCOMPARE(c[5].gradeId, u"t-corr"_s);
    QCOMPARE(c[5].after, u"q2"_s);
    QCOMPARE(c[6].type, Check::Type::Manual);
    QCOMPARE(c[6].id, u"essay"_s); // default id of a manual check: its anchor
    QCOMPARE(a->maxPoints(), 1 + 2 + 0.5 + 1 + 1 + 1 + 3 + 1.0);
    QCOMPARE(a->warnings().size(), 1);
    QVERIFY2(a->warnings().at(0).contains(u"x-comment: unknown field"_s), qPrintable(a->warnings().at(0)));
    QCOMPARE(a->absolute(u"data/iris.csv"_s), QDir::cleanPath(dir + u"/data/iris.csv"_s));
}

// A misspelt comparator option ("rtoll") left the default tolerance in force without a word (issue 14's report).
void TestAssignment::misspeltCheckKeysAreWarned()
{
    QTemporaryDir tmp;
    const QString dir = copyAssignment(u"good"_s, tmp.filePath(u"hw"_s));
    OJson json = readOrdered(dir + u"/assignment.json"_s);
    json["checks"][1]["rtoll"] = 0.5;
    json["checks"][4]["x-note"] = "kept";
    const QString jsonPath = dir + u"/assignment.json"_s;
    mustWriteFile(jsonPath, QByteArray::fromStdString(json.dump(1)));
    const auto a = Assignment::load(dir);
    QVERIFY2(a, qPrintable(a ? QString() : a.error().toString()));
    QCOMPARE(a->warnings().size(), 3); // with the fixture's top-level x-comment
    QCOMPARE(a->warnings().at(1), jsonPath + u": checks[1].rtoll: unknown field of a value check, ignored (did you mean rtol?)"_s);
    QCOMPARE(a->warnings().at(2), jsonPath + u": checks[4].x-note: unknown field of a test check, ignored"_s);
    QCOMPARE(a->checks().at(1).options.value(u"rtol"_s).toDouble(), 0.001); // the check itself is unchanged
}

void TestAssignment::minimalAssignment()
{
    const auto a = Assignment::load(dataPath(u"assignments/minimal/assignment.json"_s));
    QVERIFY(a);
    QCOMPARE(a->title(), u"min"_s);
    QCOMPARE(a->releaseName(), u"release"_s);
    QCOMPARE(a->checks().size(), 0);
    QCOMPARE(a->sandbox(), std::nullopt);
    QCOMPARE(a->dockerImage(), QString());
    QCOMPARE(a->systemSitePackages(), true);
    QCOMPARE(a->limits().wallTimeoutS, Limits().wallTimeoutS);
    QCOMPARE(a->warnings(), QStringList());
    QCOMPARE(a->runEnvironment(), (QMap<QString, QString>()));
}

// PEP 3131 names (issue 17): a value check's variable may be any Python identifier; it is read in NFKC form, as
// Python stores names, and is the check's default id.
void TestAssignment::unicodeVariables()
{
    QTemporaryDir tmp;
    const QString dir = copyAssignment(u"minimal"_s, tmp.filePath(u"a"_s));
    mustWriteFile(dir + u"/assignment.json"_s,
              u"{\"slug\": \"u\", \"notebooks\": [\"nb.ipynb\"], \"checks\": ["
              "{\"type\": \"value\", \"variable\": \"re\u0301sultat\"}, {\"type\": \"value\", \"variable\": \"π_approx\"}, "
              "{\"type\": \"value\", \"variable\": \"\uFB01le\"}]}"_s.toUtf8());
    const auto a = Assignment::load(dir);
    QVERIFY2(a, qPrintable(a ? QString() : a.error().toString()));
    QCOMPARE(a->checks().size(), 3);
    QCOMPARE(a->checks().at(0).variable, u"résultat"_s); // composed, as Python stores it
    QCOMPARE(a->checks().at(0).id, u"résultat"_s);
    QCOMPARE(a->checks().at(1).variable, u"π_approx"_s);
    QCOMPARE(a->checks().at(1).id, u"π_approx"_s);
    QCOMPARE(a->checks().at(2).variable, u"file"_s);
    // checks add writes the NFKC form too (Python reads `ﬂow = 1` as `flow = 1`).
    NewCheck nc;
    nc.type = Check::Type::Value;
    nc.id = u"flow"_s;
    nc.variable = u"\uFB02ow"_s; // ﬂow
    QVERIFY(addCheck(dir + u"/assignment.json"_s, nc));
    QVERIFY(readAll(dir + u"/assignment.json"_s).contains("\"variable\": \"flow\""));
}

void TestAssignment::resolveInside()
{
    QTemporaryDir tmp;
    const QString dir = tmp.filePath(u"a"_s);
    QVERIFY(QDir().mkpath(dir + u"/sub"_s));
    auto ok = sandmark::resolveInside(dir, u"sub/../x.txt"_s, u"f.json"_s, u"field"_s);
    QVERIFY(ok);
    QCOMPARE(*ok, QDir::cleanPath(dir + u"/x.txt"_s));
    // A sibling whose name starts with the folder's name is still outside.
    auto sibling = sandmark::resolveInside(dir, u"../a2/x.txt"_s, u"f.json"_s, u"field"_s);
    QVERIFY(!sibling);
    QCOMPARE(sibling.error().file, u"f.json"_s);
    QCOMPARE(sibling.error().location, u"field"_s);
}

// plan.h: redirect names from the data files, probes grouped by anchor (in first-seen order, then "end"),
// tests in assignment.json order, manual checks contribute nothing.
void TestAssignment::plan()
{
    const auto a = Assignment::load(dataPath(u"assignments/good"_s));
    QVERIFY(a);
    const InstrumentOptions o = instrumentOptionsFor(*a, u"/rt"_s, u"00ff00ff00ff00ff"_s);
    QCOMPARE(o.runtimeDir, u"/rt"_s);
    QCOMPARE(o.nonce, u"00ff00ff00ff00ff"_s);
    QCOMPARE(o.probeBytes, 100000LL);
    QCOMPARE(o.redirectNames, (QMap<QString, QString>{{u"extra.csv"_s, u"data/extra.csv"_s},
                                                      {u"iris.csv"_s, u"data/iris.csv"_s}}));
    QCOMPARE(o.redirectUrls,
             (QMap<QString, QString>{{u"https://data.example.invalid/ds101/iris.csv"_s, u"data/iris.csv"_s}}));
    QCOMPARE(o.probes.size(), 3);
    QCOMPARE(o.probes[0].label, u"q1"_s);
    QCOMPARE(o.probes[0].anchor, u"q1"_s);
    QCOMPARE(o.probes[0].variables, (QStringList{u"n_rows"_s, u"total"_s}));
    QCOMPARE(o.probes[1].anchor, u"q2"_s);
    QCOMPARE(o.probes[1].variables, QStringList{u"corr"_s});
    QCOMPARE(o.probes[2].label, u"end"_s);
    QCOMPARE(o.probes[2].anchor, QString());
    QCOMPARE(o.probes[2].variables, (QStringList{u"n_rows"_s, u"corr"_s}));
    QCOMPARE(o.tests.size(), 2);
    QCOMPARE(o.tests[0].checkId, u"test-5"_s);
    QCOMPARE(o.tests[0].code, u"assert corr > 0.9"_s);
    QCOMPARE(o.tests[0].gradeId, QString());
    QCOMPARE(o.tests[1].checkId, u"t-corr"_s);
    QCOMPARE(o.tests[1].gradeId, u"t-corr"_s);
    QCOMPARE(o.tests[1].after, u"q2"_s);

    // The plan instruments the instructor notebook itself: the probe for q1 right after q1, the test cell
    // in place of the t-corr cell, and strip gives the notebook back.
    const auto nb = Notebook::load(a->absolute(u"hw.ipynb"_s));
    QVERIFY(nb);
    const auto inst = instrument(*nb, o);
    QVERIFY2(inst, qPrintable(inst ? QString() : inst.error().toString()));
    QCOMPARE(inst->notes, QStringList());
    const Notebook &out = inst->notebook;
    QCOMPARE(out.injectedKind(0), InjectedKind::Redirect);
    QCOMPARE(out.cellId(2), u"q1"_s);
    QCOMPARE(out.sandmarkMetadata(3).value(u"label"_s).toString(), u"q1"_s);
    QCOMPARE(out.cellId(4), u"answer-2"_s);
    QCOMPARE(out.sandmarkMetadata(5).value(u"label"_s).toString(), u"q2"_s);
    QCOMPARE(out.injectedKind(6), InjectedKind::Test);
    QCOMPARE(out.sandmarkMetadata(6).value(u"check"_s).toString(), u"t-corr"_s);
    QVERIFY(injectedTestCode(out, 6).contains(u"assert abs(corr - 0.9629) < 1e-3"_s));
    QVERIFY(parseOrdered(strip(out).toJson()) == parseOrdered(nb->toJson()));
}

void TestAssignment::releaseWritesNotebooksAndData()
{
    QTemporaryDir tmp;
    const QString dir = copyAssignment(u"good"_s, tmp.filePath(u"hw"_s));
    const auto a = Assignment::load(dir);
    QVERIFY(a);
    const QString out = tmp.filePath(u"out"_s);
    const auto report = writeRelease(*a, out);
    QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
    QCOMPARE(report->folder, QDir::cleanPath(out + u"/student"_s));
    QCOMPARE(report->files, (QStringList{u"hw.ipynb"_s, u"data/extra.csv"_s, u"data/iris.csv"_s}));
    QCOMPARE(report->solutionRegions, 3); // q1, q2 and the essay cell
    QCOMPARE(report->hiddenTestRegions, 1);
    QCOMPARE(readAll(report->folder + u"/data/iris.csv"_s), readAll(dir + u"/data/iris.csv"_s));
    QCOMPARE(readAll(report->folder + u"/data/extra.csv"_s), readAll(dir + u"/data/extra.csv"_s));
    const QByteArray released = readAll(report->folder + u"/hw.ipynb"_s);
    QVERIFY(!released.contains("0.9629"));
    QVERIFY(!released.contains("sum(1 for"));
    QVERIFY(!released.contains("petals"));
    QVERIFY(!released.contains("BEGIN"));
    QVERIFY(Notebook::parse(released, u"released"_s));
    QCOMPARE(QDir(out).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot), QStringList{u"student"_s});
    // The release is published: with the usual umask 022 others may read and enter it (not QTemporaryDir's 0700).
    const mode_t oldMask = ::umask(022);
    const auto published = writeRelease(*a, out);
    ::umask(oldMask);
    QVERIFY(published);
    QVERIFY(QFileInfo(report->folder).permissions().testFlags(QFile::ReadOther | QFile::ExeOther));

    // Again over the existing release: replaced, no leftovers.
    const auto again = writeRelease(*a, out);
    QVERIFY(again);
    QCOMPARE(QDir(out).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot), QStringList{u"student"_s});
    QCOMPARE(readAll(report->folder + u"/hw.ipynb"_s), released);
}

void TestAssignment::releaseErrorLeavesOldRelease()
{
    QTemporaryDir tmp;
    const QString dir = copyAssignment(u"good"_s, tmp.filePath(u"hw"_s));
    const QString out = tmp.filePath(u"out"_s);
    {
        const auto a = Assignment::load(dir);
        QVERIFY(a);
        QVERIFY(writeRelease(*a, out));
    }
    const auto before = snapshot(out);
    QVERIFY(before.contains(u"student/hw.ipynb"_s));

    // The instructor breaks a marker: the release fails, naming the notebook and the cell, and the previous
    // release stays exactly as it was.
    OJson nb = readOrdered(dir + u"/hw.ipynb"_s);
    nb["cells"][2]["source"] = OJson::array({"### BEGIN SOLUTION\n", "corr = 0.9629\n"});
    mustWriteFile(dir + u"/hw.ipynb"_s, QByteArray::fromStdString(nb.dump(1)));
    const auto a = Assignment::load(dir);
    QVERIFY(a);
    const auto report = writeRelease(*a, out);
    QVERIFY(!report);
    QCOMPARE(report.error().file, QDir::cleanPath(dir + u"/hw.ipynb"_s));
    QCOMPARE(report.error().location, u"cells[2]"_s);
    QCOMPARE(report.error().message, u"BEGIN SOLUTION on line 1 has no matching END SOLUTION"_s);
    QCOMPARE(snapshot(out), before);
    QCOMPARE(QDir(out).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot), QStringList{u"student"_s});
}

// The release folder is replaced wholesale (old one removed). It must never be the assignment folder
// itself or a folder that holds it: that would delete the instructor's notebooks.
void TestAssignment::releaseNeverReplacesTheAssignment()
{
    QTemporaryDir tmp;
    // 1. "release": "hw" written next to the assignment folder named hw.
    {
        const QString dir = copyAssignment(u"good"_s, tmp.filePath(u"one/hw"_s));
        OJson json = readOrdered(dir + u"/assignment.json"_s);
        json["release"] = "hw";
        mustWriteFile(dir + u"/assignment.json"_s, QByteArray::fromStdString(json.dump(1)));
        const auto before = snapshot(dir);
        const auto a = Assignment::load(dir);
        QVERIFY(a);
        const auto report = writeRelease(*a, tmp.filePath(u"one"_s));
        QVERIFY2(!report, "writing the release over the assignment folder must be refused");
        QVERIFY2(report.error().message.contains(u"assignment"_s), qPrintable(report.error().toString()));
        QCOMPARE(snapshot(dir), before);
    }
    // 2. The assignment lives inside a folder named like the release: tmp/two/student/hw, output tmp/two.
    {
        const QString dir = copyAssignment(u"good"_s, tmp.filePath(u"two/student/hw"_s));
        const auto before = snapshot(dir);
        const auto a = Assignment::load(dir);
        QVERIFY(a);
        const auto report = writeRelease(*a, tmp.filePath(u"two"_s));
        QVERIFY(!report);
        QCOMPARE(snapshot(dir), before);
    }
    // 3. The default, a release folder inside the assignment folder, is fine.
    {
        const QString dir = copyAssignment(u"good"_s, tmp.filePath(u"three/hw"_s));
        const auto a = Assignment::load(dir);
        QVERIFY(a);
        QVERIFY(writeRelease(*a, dir));
        QVERIFY(QFileInfo::exists(dir + u"/student/hw.ipynb"_s));
        QVERIFY(QFileInfo::exists(dir + u"/hw.ipynb"_s));
    }
}

void TestAssignment::validateReportsProblems()
{
    const auto a = Assignment::load(dataPath(u"assignments/bad-notebook"_s));
    QVERIFY(a);
    const QList<Problem> problems = validateAssignment(*a);
    QList<Error> errors;
    for (const Problem &p : problems)
        if (p.severity == Problem::Severity::Error)
            errors << p.where;
    QCOMPARE(errors.size(), 2);
    // Files are named as the assignment was: here by an absolute path.
    QCOMPARE(errors[0].file, a->displayPath(u"nb.ipynb"_s));
    QCOMPARE(errors[0].file, dataPath(u"assignments/bad-notebook/nb.ipynb"_s));
    QCOMPARE(errors[0].location, u"cells[1]"_s);
    QCOMPARE(errors[0].message, u"BEGIN SOLUTION on line 2 has no matching END SOLUTION"_s);
    QCOMPARE(errors[1].file, dataPath(u"assignments/bad-notebook/assignment.json"_s));
    QCOMPARE(errors[1].location, u"checks[0].anchor"_s);
    QVERIFY2(errors[1].message.contains(u"'nowhere'"_s), qPrintable(errors[1].message));
}

void TestAssignment::validateGoodAssignment()
{
    const auto a = Assignment::load(dataPath(u"assignments/good"_s));
    QVERIFY(a);
    const QList<Problem> problems = validateAssignment(*a);
    QStringList errors, warnings;
    for (const Problem &p : problems)
        (p.severity == Problem::Severity::Error ? errors : warnings) << p.where.toString();
    QCOMPARE(errors, QStringList());
    QCOMPARE(warnings.size(), 1); // the unknown field
    QVERIFY2(warnings.at(0).contains(u"x-comment"_s), qPrintable(warnings.join(u"\n"_s)));
}

// A NUL character in an instructor notebook's code cell: Python cannot compile the cell, so the reference run would
// fail there; validate names the cell, line and column (fresh-user finding: a warning about the dataset scan, then a
// knock-on NameError in a later cell at grade time).
void TestAssignment::validateNamesANulInACodeCell()
{
    QTemporaryDir tmp;
    const QString dir = copyAssignment(u"good"_s, tmp.filePath(u"hw"_s));
    OJson nb = readOrdered(dir + u"/hw.ipynb"_s);
    int code = -1;
    for (size_t i = 0; i < nb["cells"].size() && code < 0; ++i)
        if (nb["cells"][i]["cell_type"] == "code")
            code = int(i);
    QVERIFY(code >= 0);
    nb["cells"][size_t(code)]["source"] = std::string("x = 1\ny = 'a") + '\0' + "b'\n";
    QVERIFY(writeFile(dir + u"/hw.ipynb"_s, QByteArray::fromStdString(nb.dump(1))));
    const auto a = Assignment::load(dir);
    QVERIFY(a);
    QStringList errors;
    for (const Problem &p : validateAssignment(*a))
        if (p.severity == Problem::Severity::Error)
            errors << p.where.toString();
    QCOMPARE(errors, QStringList{a->displayPath(u"hw.ipynb"_s) + u": cells[%1]: line 2, column 7: a NUL character (U+0000), "
                                 "which Python cannot compile: remove it (the reference run would fail here)"_s.arg(code)});
}

// A key written twice in one object: nlohmann keeps one value silently; the load names every repeated key by
// its field path and line, so the instructor sees which "points" would have counted.
void TestAssignment::duplicateKeysAreProblems()
{
    QTemporaryDir tmp;
    const QString dir = copyAssignment(u"good"_s, tmp.filePath(u"hw"_s));
    const QByteArray json = "{\n"
                            "  \"slug\": \"hw\",\n"
                            "  \"notebooks\": [\"hw.ipynb\"],\n"
                            "  \"checks\": [\n"
                            "    {\"id\": \"a\", \"type\": \"value\", \"variable\": \"x\"},\n"
                            "    {\"id\": \"b\", \"type\": \"value\", \"variable\": \"y\",\n"
                            "     \"points\": 1, \"points\": 5}\n"
                            "  ],\n"
                            "  \"limits\": {\"timeout_s\": 60, \"cpus\": 1, \"timeout_\\u0073\": 90},\n"
                            "  \"\\u0073lug\": \"hw2\"\n"
                            "}\n";
    mustWriteFile(dir + u"/assignment.json"_s, json);
    QList<Error> all;
    const auto a = Assignment::load(dir, &all);
    QVERIFY(!a);
    QStringList found;
    for (const Error &e : std::as_const(all)) {
        QCOMPARE(e.file, dir + u"/assignment.json"_s);
        found << e.location + u": "_s + e.message;
    }
    QCOMPARE(found, (QStringList{
        u"checks[1].points: line 7: duplicate key (also on line 7); JSON keeps only one of the values, so remove one"_s,
        u"limits.timeout_s: line 9: duplicate key (also on line 9); JSON keeps only one of the values, so remove one"_s,
        u"slug: line 10: duplicate key (also on line 2); JSON keeps only one of the values, so remove one"_s}));
    // The same keys in different objects are no duplicates.
    const auto good = Assignment::load(dataPath(u"assignments/good"_s));
    QVERIFY2(good, qPrintable(good ? QString() : good.error().toString()));
}

// "python": the environment's base interpreter must exist here (a path) or be found on PATH (a name).
void TestAssignment::validateChecksThePython()
{
    QTemporaryDir tmp;
    const QString dir = copyAssignment(u"good"_s, tmp.filePath(u"hw"_s));
    const QString jsonPath = dir + u"/assignment.json"_s;
    const OJson original = readOrdered(jsonPath);
    const QList<QPair<QString, QString>> rows = {
        {u"/usr/bin/python3"_s, QString()},
        {u"sh"_s, QString()},
        {u"/nonexistent/bin/python3"_s, u"'/nonexistent/bin/python3' does not exist"_s},
        {u"python3.999"_s, u"'python3.999' is not found on PATH; give the interpreter's full path"_s},
        {dir + u"/data"_s, u"'%1/data' is not an executable file"_s.arg(dir)},
    };
    for (const auto &[python, expected] : rows) {
        OJson json = original;
        json["python"] = python.toStdString();
        mustWriteFile(jsonPath, QByteArray::fromStdString(json.dump(1)));
        const auto a = Assignment::load(dir);
        QVERIFY2(a, qPrintable(a ? QString() : a.error().toString()));
        QStringList errors;
        for (const Problem &p : validateAssignment(*a))
            if (p.severity == Problem::Severity::Error)
                errors << p.where.toString();
        QCOMPARE(errors, expected.isEmpty() ? QStringList() : QStringList{jsonPath + u": python: "_s + expected});
    }
}

// A test check whose code Python does not compile fails for every submission: plain `validate` (and the app's
// Problems list) name it by its field path, as `checks add` refuses it (fresh-user finding: only --health and grading
// found it). Code that compiles, IPython syntax included, is no problem.
void TestAssignment::validateCompilesTheChecksCode()
{
    QTemporaryDir tmp;
    const QString dir = copyAssignment(u"good"_s, tmp.filePath(u"hw"_s));
    const QString jsonPath = dir + u"/assignment.json"_s;
    OJson json = readOrdered(jsonPath);
    json["python"] = "/usr/bin/python3";
    const qsizetype first = qsizetype(json["checks"].size());
    json["checks"].push_back({{"id", "fine"}, {"type", "test"}, {"code", "%time x = 1\nassert x == 1"}});
    json["checks"].push_back({{"id", "broken"}, {"type", "test"}, {"code", "assert (abs(x - 1) < 1e-9"}});
    mustWriteFile(jsonPath, QByteArray::fromStdString(json.dump(1)));
    const auto a = Assignment::load(dir);
    QVERIFY2(a, qPrintable(a ? QString() : a.error().toString()));
    QStringList errors;
    for (const Problem &p : validateAssignment(*a))
        if (p.severity == Problem::Severity::Error)
            errors << p.where.location + u": "_s + p.where.message;
    QCOMPARE(errors.size(), 1);
    QVERIFY2(errors.at(0).startsWith(u"checks[%1].code: the test code of 'broken' does not compile: line 1"_s.arg(first + 1)),
             qPrintable(errors.join(u"\n"_s)));
    QVERIFY2(errors.at(0).endsWith(u"the check would fail for every submission"_s), qPrintable(errors.at(0)));
}

void TestAssignment::addCheckRefused_data()
{
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("variable");
    QTest::addColumn<QString>("anchor");
    QTest::addColumn<QString>("code");
    QTest::addColumn<double>("points");
    QTest::addColumn<QVariant>("rtol");
    QTest::addColumn<QVariant>("atol");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("message");
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    auto value = [](const char *name, const QString &id, const QString &variable, double points, QVariant rtol,
                    QVariant atol, const char *field, const char *message) {
        QTest::newRow(name) << u"value"_s << id << variable << QString() << QString() << points << rtol << atol
                            << QString::fromLatin1(field) << QString::fromLatin1(message);
    };
    value("duplicate explicit id", u"n_rows"_s, u"x"_s, 1, {}, {}, "checks[8].id", "already the id of checks[0]");
    value("duplicate default value id", u"corr"_s, u"x"_s, 1, {}, {}, "checks[8].id", "already the id of checks[1]");
    value("duplicate default test id", u"test-5"_s, u"x"_s, 1, {}, {}, "checks[8].id", "already the id of checks[4]");
    value("duplicate default manual id", u"essay"_s, u"x"_s, 1, {}, {}, "checks[8].id", "already the id of checks[6]");
    value("empty id", QString(), u"x"_s, 1, {}, {}, "checks[8].id", "must be 1-64");
    value("id starting with a dash", u"-x"_s, u"x"_s, 1, {}, {}, "checks[8].id", "must be 1-64");
    value("id with a space", u"a b"_s, u"x"_s, 1, {}, {}, "checks[8].id", "must be 1-64");
    value("id of 65 characters", QString(65, u'a'), u"x"_s, 1, {}, {}, "checks[8].id", "must be 1-64");
    value("variable not an identifier", u"v"_s, u"1x"_s, 1, {}, {}, "checks[8].variable", "not a Python variable name");
    value("variable a keyword", u"v"_s, u"class"_s, 1, {}, {}, "checks[8].variable", "not a Python variable name");
    value("variable an attribute", u"v"_s, u"df.shape"_s, 1, {}, {}, "checks[8].variable", "not a Python variable name");
    value("variable empty", u"v"_s, QString(), 1, {}, {}, "checks[8].variable", "not a Python variable name");
    value("negative points", u"v"_s, u"x"_s, -1, {}, {}, "checks[8].points", "at least 0");
    value("NaN points", u"v"_s, u"x"_s, nan, {}, {}, "checks[8].points", "at least 0");
    value("infinite points", u"v"_s, u"x"_s, inf, {}, {}, "checks[8].points", "at least 0");
    value("points above the cap", u"v"_s, u"x"_s, 1e308, {}, {}, "checks[8].points", "at most 1000000");
    value("negative rtol", u"v"_s, u"x"_s, 1, -0.1, {}, "checks[8].rtol", "at least 0");
    value("NaN atol", u"v"_s, u"x"_s, 1, {}, nan, "checks[8].atol", "at least 0");
    value("infinite atol", u"v"_s, u"x"_s, 1, {}, inf, "checks[8].atol", "at least 0");
    auto test = [](const char *name, const QString &code, const QString &anchor, QVariant rtol, const char *field,
                   const char *message) {
        QTest::newRow(name) << u"test"_s << u"t-new"_s << QString() << anchor << code << 1.0 << rtol << QVariant()
                            << QString::fromLatin1(field) << QString::fromLatin1(message);
    };
    test("test with rtol", u"assert x"_s, QString(), 0.1, "checks[8].rtol", "no tolerance");
    test("test with anchor", u"assert x"_s, u"q1"_s, {}, "checks[8].anchor", "no anchor");
    test("test without code", u"  \n\t"_s, QString(), {}, "checks[8].code", "must not be empty");
    QTest::newRow("manual") << u"manual"_s << u"m"_s << QString() << u"essay"_s << QString() << 1.0 << QVariant()
                            << QVariant() << u"checks[8].type"_s << u"only value and test"_s;
}

void TestAssignment::addCheckRefused()
{
    QFETCH(QString, type);
    QFETCH(QString, id);
    QFETCH(QString, variable);
    QFETCH(QString, anchor);
    QFETCH(QString, code);
    QFETCH(double, points);
    QFETCH(QVariant, rtol);
    QFETCH(QVariant, atol);
    QFETCH(QString, field);
    QFETCH(QString, message);
    QTemporaryDir tmp;
    const QString json = copyAssignment(u"good"_s, tmp.path()) + u"/assignment.json"_s;
    const QByteArray before = readAll(json);
    NewCheck nc;
    nc.type = type == u"value"_s ? Check::Type::Value : type == u"test"_s ? Check::Type::Test : Check::Type::Manual;
    nc.id = id;
    nc.variable = variable;
    nc.anchor = anchor;
    nc.code = code;
    nc.points = points;
    if (rtol.isValid())
        nc.rtol = rtol.toDouble();
    if (atol.isValid())
        nc.atol = atol.toDouble();
    const Expected<int> r = addCheck(json, nc);
    QVERIFY(!r);
    QCOMPARE(r.error().file, json);
    QCOMPARE(r.error().location, field);
    QVERIFY2(r.error().message.contains(message), qPrintable(r.error().message));
    QCOMPARE(readAll(json), before); // nothing written
    QCOMPARE(QDir(tmp.path()).entryList(QDir::Files | QDir::Hidden), (QStringList{u"assignment.json"_s, u"hw.ipynb"_s}));
}

// Whether value-check feedback names the expected value: hidden unless assignment.json says otherwise, for
// the whole assignment ("show_expected") or per check; test and manual checks carry no reference value.
void TestAssignment::showExpectedSetting()
{
    QTemporaryDir tmp;
    mustWriteFile(tmp.filePath(u"nb.ipynb"_s), readAll(dataPath(u"assignments/minimal/nb.ipynb"_s)));
    const auto load = [&](const QByteArray &json) {
        mustWriteFile(tmp.filePath(u"assignment.json"_s), json);
        return Assignment::load(tmp.path());
    };
    auto a = load(R"({"slug": "s", "notebooks": ["nb.ipynb"], "checks": [
        {"type": "value", "variable": "a"}, {"type": "value", "variable": "b", "show_expected": true}]})");
    QVERIFY2(a, qPrintable(a ? QString() : a.error().toString()));
    QCOMPARE(a->checks().at(0).showExpected, false);
    QCOMPARE(a->checks().at(1).showExpected, true);
    QVERIFY(a->warnings().isEmpty());
    a = load(R"({"slug": "s", "notebooks": ["nb.ipynb"], "show_expected": true, "checks": [
        {"type": "value", "variable": "a"}, {"type": "value", "variable": "b", "show_expected": false}]})");
    QVERIFY(a);
    QCOMPARE(a->checks().at(0).showExpected, true);
    QCOMPARE(a->checks().at(1).showExpected, false);
    a = load(R"({"slug": "s", "notebooks": ["nb.ipynb"], "show_expected": "yes"})");
    QVERIFY(!a);
    QCOMPARE(a.error().location, u"show_expected"_s);
    QCOMPARE(a.error().message, u"must be true or false"_s);
    a = load(R"({"slug": "s", "notebooks": ["nb.ipynb"], "checks": [{"type": "value", "variable": "a", "show_expected": 1}]})");
    QVERIFY(!a);
    QCOMPARE(a.error().location, u"checks[0].show_expected"_s);
}

// The editors (checks add/remove/edit, datasets add/remove) read assignment.json through the same parser as
// load(): a number outside the range of a double is the file's error with its place, and nothing is written.
void TestAssignment::editsRefuseOutOfRangeNumbers()
{
    QTemporaryDir tmp;
    const QString json = copyAssignment(u"good"_s, tmp.path()) + u"/assignment.json"_s;
    QByteArray bytes = readAll(json);
    const qsizetype brace = bytes.indexOf('{');
    bytes.insert(brace + 1, "\"x\": 1e999,");
    mustWriteFile(json, bytes);
    NewCheck nc;
    nc.id = u"v"_s;
    nc.variable = u"v"_s;
    const Expected<int> added = addCheck(json, nc);
    QVERIFY(!added);
    QCOMPARE(added.error().file, json);
    QCOMPARE(added.error().location, u"line 1, column 7"_s);
    QVERIFY2(added.error().message.contains(u"1e999 is outside the range of a double"_s), qPrintable(added.error().message));
    const Expected<void> removed = removeCheck(json, 0);
    QVERIFY(!removed);
    QCOMPARE(removed.error().location, u"line 1, column 7"_s);
    const Expected<QStringList> datasets = editRequiredDatasets(json, {u"org/data file.csv"_s}, {});
    QVERIFY(!datasets);
    QCOMPARE(datasets.error().file, json);
    QCOMPARE(datasets.error().location, u"line 1, column 7"_s);
    QCOMPARE(readAll(json), bytes); // nothing written
}

void TestAssignment::addCheckKeepsEverything()
{
    QTemporaryDir tmp;
    const QString json = copyAssignment(u"good"_s, tmp.path()) + u"/assignment.json"_s;
    const OJson before = readOrdered(json);
    NewCheck v;
    v.id = u"sepal_mean"_s;
    v.variable = u"sepal_mean"_s;
    v.points = 2;
    v.rtol = 1e-6;
    v.atol = 0;
    v.anchor = u"q1"_s;
    QCOMPARE(addCheck(json, v).value(), 8);
    NewCheck t;
    t.type = Check::Type::Test;
    t.id = u"t-rows"_s;
    t.points = 0.5;
    t.code = u"assert n_rows == 150\n"_s;
    QCOMPARE(addCheck(json, t).value(), 9);

    OJson expected = before;
    expected["checks"].push_back(OJson::parse(
        R"({"id": "sepal_mean", "type": "value", "variable": "sepal_mean", "points": 2, "rtol": 1e-06, "atol": 0, "anchor": "q1"})"));
    expected["checks"].push_back(
        OJson::parse(R"({"id": "t-rows", "type": "test", "points": 0.5, "code": "assert n_rows == 150\n"})"));
    QCOMPARE(QString::fromStdString(readOrdered(json).dump(1)), QString::fromStdString(expected.dump(1)));
    QVERIFY(readAll(json).contains("\"points\": 2,")); // integral numbers stay integers

    auto a = Assignment::load(json);
    QVERIFY2(a, a ? "" : qPrintable(a.error().toString()));
    QCOMPARE(a->checks().size(), 10);
    QCOMPARE(a->checks().at(8).variable, u"sepal_mean"_s);
    QCOMPARE(a->checks().at(8).anchor, u"q1"_s);
    QCOMPARE(a->checks().at(8).options.value(u"rtol"_s).toDouble(), 1e-6);
    QCOMPARE(a->checks().at(9).type, Check::Type::Test);
    QCOMPARE(a->checks().at(9).points, 0.5);
    QCOMPARE(checkIds(json).value().mid(8), (QStringList{u"sepal_mean"_s, u"t-rows"_s}));
}

void TestAssignment::addCheckCreatesTheList()
{
    QTemporaryDir tmp;
    const QString json = tmp.filePath(u"assignment.json"_s);
    mustWriteFile(json, R"({"slug": "s", "notebooks": ["nb.ipynb"], "x-keep": [1, 2]})");
    NewCheck v;
    v.id = u"n"_s;
    v.variable = u"n"_s;
    QCOMPARE(addCheck(json, v).value(), 0);
    QCOMPARE(QString::fromStdString(readOrdered(json).dump()),
             uR"({"slug":"s","notebooks":["nb.ipynb"],"x-keep":[1,2],"checks":[{"id":"n","type":"value","variable":"n","points":1}]})"_s);

    // "checks" that is not a list, and a file that is not JSON: refused, untouched.
    for (const QByteArray &bad : {QByteArray(R"({"slug": "s", "checks": {}})"), QByteArray("{\"slug\": ")}) {
        mustWriteFile(json, bad);
        const Expected<int> r = addCheck(json, v);
        QVERIFY(!r);
        QCOMPARE(r.error().file, json);
        QCOMPARE(readAll(json), bad);
    }
}

void TestAssignment::removeCheckKeepsIds()
{
    QTemporaryDir tmp;
    const QString json = copyAssignment(u"good"_s, tmp.path()) + u"/assignment.json"_s;
    const QStringList ids = checkIds(json).value();
    QCOMPARE(ids, (QStringList{u"n_rows"_s, u"corr"_s, u"n_rows_end"_s, u"total"_s, u"test-5"_s, u"t-corr"_s,
                               u"essay"_s, u"corr_end"_s}));
    const QByteArray before = readAll(json);
    for (int bad : {-1, 8, 100}) {
        const Expected<void> r = removeCheck(json, bad);
        QVERIFY(!r);
        QCOMPARE(r.error().location, u"checks[%1]"_s.arg(bad));
        QCOMPARE(readAll(json), before);
    }
    QVERIFY(removeCheck(json, 0));
    QStringList expectedIds = ids.mid(1);
    QCOMPARE(checkIds(json).value(), expectedIds); // "test-5" kept its id, now written out
    const OJson after = readOrdered(json);
    QCOMPARE(QString::fromStdString(after["checks"][3].dump()),
             uR"({"id":"test-5","type":"test","points":1,"code":"assert corr > 0.9"})"_s);
    QCOMPARE(QString::fromStdString(after["x-comment"].get<std::string>()), u"unknown fields are kept and reported"_s);
    auto a = Assignment::load(json);
    QVERIFY2(a, a ? "" : qPrintable(a.error().toString()));
    QCOMPARE(a->checks().size(), 7);
    QCOMPARE(a->checks().at(3).id, u"test-5"_s);
}

void TestAssignment::editCheckWritesIntegers()
{
    QTemporaryDir tmp;
    const QString json = copyAssignment(u"good"_s, tmp.path()) + u"/assignment.json"_s;
    CheckEdit e;
    e.set(u"points"_s, 4);
    e.unset(u"atol"_s);
    QVERIFY(editCheck(json, 1, e));
    QCOMPARE(QString::fromStdString(readOrdered(json)["checks"][1].dump()),
             uR"({"type":"value","variable":"corr","points":4,"rtol":0.001,"anchor":"q2"})"_s);
    const QByteArray before = readAll(json);
    CheckEdit bad;
    bad.set(u"rtol"_s, 0.5);
    const Expected<bool> r = editCheck(json, 4, bad);
    QVERIFY(!r);
    QCOMPARE(r.error().location, u"checks[4]"_s);
    QCOMPARE(readAll(json), before);
}

// Only a kind with tolerances takes rtol/atol: the test and the manual check of "good" refuse them, file untouched.
// (Before the check kinds a manual check took them.)
void TestAssignment::editCheckRefusesToleranceByKind()
{
    QTemporaryDir tmp;
    const QString json = copyAssignment(u"good"_s, tmp.path()) + u"/assignment.json"_s;
    const QByteArray before = readAll(json);
    CheckEdit bad;
    bad.set(u"atol"_s, 0.5);
    for (const auto &[index, kind] : {std::pair{4, u"test"_s}, std::pair{6, u"manual"_s}}) {
        const Expected<bool> r = editCheck(json, index, bad);
        QVERIFY(!r);
        QCOMPARE(r.error().location, u"checks[%1]"_s.arg(index));
        QCOMPARE(r.error().message, u"a %1 check has no tolerance"_s.arg(kind));
        QCOMPARE(readAll(json), before);
    }
}

// Every field a kind lists can be set and removed through the one edit function; the edited entry is read by the
// loader's reader before it is written, so a change the loader would refuse leaves the file as it was.
void TestAssignment::editCheckSetsEveryFieldOfTheKind()
{
    QTemporaryDir tmp;
    const QString json = copyAssignment(u"good"_s, tmp.path()) + u"/assignment.json"_s;
    CheckEdit e;
    e.setText(u"exact_type"_s, u"true"_s);
    e.setText(u"check_index"_s, u"no"_s);
    e.setText(u"anchor"_s, u"q1"_s);
    e.unset(u"rtol"_s);
    QVERIFY(editCheck(json, 1, e));
    QCOMPARE(QString::fromStdString(readOrdered(json)["checks"][1].dump()),
             uR"({"type":"value","variable":"corr","points":2,"atol":0,"anchor":"q1","check_index":false,"exact_type":true})"_s);
    auto loaded = Assignment::load(json);
    QVERIFY(loaded);
    QCOMPARE(loaded->checks().at(1).options.value(u"exact_type"_s).toBool(), true);

    CheckEdit code;
    code.set(u"code"_s, u"assert corr > 0.5"_s);
    QVERIFY(editCheck(json, 4, code));
    QCOMPARE(QString::fromStdString(readOrdered(json)["checks"][4]["code"].get<std::string>()), u"assert corr > 0.5"_s);

    const QByteArray before = readAll(json);
    struct Bad
    {
        int index;
        CheckEdit edit;
        QString location, message;
    };
    QList<Bad> bad;
    bad.append({1, {}, u"checks[1].ignore_case"_s, u"'maybe' is not true or false"_s});
    bad.last().edit.setText(u"ignore_case"_s, u"maybe"_s);
    bad.append({1, {}, u"checks[1].variable"_s, u"is required and cannot be removed"_s});
    bad.last().edit.unset(u"variable"_s);
    bad.append({1, {}, u"checks[1].variable"_s, u"'2x' is not a Python variable name"_s});
    bad.last().edit.set(u"variable"_s, u"2x"_s);
    bad.append({4, {}, u"checks[4].variable"_s, u"a test check has no such field (its fields: points, notebook, code, grade_id, after)"_s});
    bad.last().edit.set(u"variable"_s, u"x"_s);
    bad.append({6, {}, u"checks[6].anchor"_s, u"must not be empty"_s});
    bad.last().edit.set(u"anchor"_s, u" "_s);
    bad.append({1, {}, u"checks[1].points"_s, u"must be a number >= 0"_s});
    bad.last().edit.set(u"points"_s, -1);
    bad.append({1, {}, u"checks[1].points"_s, u"must be a number <= 1000000"_s});
    bad.last().edit.set(u"points"_s, 1e308); // fresh-user finding: two such checks made the total inf
    bad.append({1, {}, u"checks[1].anchor"_s, u"no cell of the instructor notebooks is named 'nosuchcell' (grade_id, cell id or tag)"_s});
    bad.last().edit.set(u"anchor"_s, u"nosuchcell"_s); // fresh-user finding: written, then `validate` said INVALID
    for (const Bad &b : std::as_const(bad)) {
        const Expected<bool> r = editCheck(json, b.index, b.edit);
        QVERIFY2(!r, qPrintable(b.location));
        QCOMPARE(r.error().location, b.location);
        QCOMPARE(r.error().message, b.message);
        QCOMPARE(readAll(json), before);
    }
}

// A comparator option of the wrong type is the assignment's error when it loads, naming the field — not a
// "not graded" on every submission at grading time.
void TestAssignment::comparatorOptionsAreValidatedOnLoad()
{
    QTemporaryDir tmp;
    const QString json = copyAssignment(u"good"_s, tmp.path()) + u"/assignment.json"_s;
    auto root = readOrdered(json);
    root["checks"][2]["check_dtype"] = "yes";
    QFile f(json);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(QByteArray::fromStdString(root.dump(1)));
    f.close();
    const auto loaded = Assignment::load(json);
    QVERIFY(!loaded);
    QCOMPARE(loaded.error().location, u"checks[2].check_dtype"_s);
    QCOMPARE(loaded.error().message, u"must be true or false"_s);
}

// assignments/formatted is written by hand: 4-space indent, one-line arrays and objects, "1e-3", "1.0", "\u00e9"
// escapes. The editors change only what they change, in that style, and leave every other byte as it was.
void TestAssignment::editorsKeepFormatting()
{
    QTemporaryDir tmp;
    const QString json = copyAssignment(u"formatted"_s, tmp.path()) + u"/assignment.json"_s;
    const QByteArray original = readAll(json);

    CheckEdit same; // a value equal to the one written: the file stays byte for byte the same
    same.set(u"points"_s, 2);
    same.set(u"rtol"_s, 0.001);
    const Expected<bool> sameWritten = editCheck(json, 0, same);
    QVERIFY(sameWritten);
    QVERIFY(!*sameWritten); // editCheck() says it wrote nothing
    QCOMPARE(readAll(json), original);
    QCOMPARE(jsonutil::spliceJson(original, OJson::parse(original.toStdString())), original);

    CheckEdit rtol; // one option of a multi-line check
    rtol.set(u"rtol"_s, 0.01);
    const Expected<bool> rtolWritten = editCheck(json, 0, rtol);
    QVERIFY(rtolWritten && *rtolWritten);
    QByteArray expected = original;
    expected.replace("            \"rtol\": 1e-3\n", "            \"rtol\": 0.01\n");
    QCOMPARE(readAll(json), expected);

    CheckEdit atol; // a new option of a one-line check stays on its line
    atol.set(u"atol"_s, 0.5);
    QVERIFY(editCheck(json, 1, atol));
    expected.replace(R"("points": 1.0},)", R"("points": 1.0, "atol": 0.5},)");
    QCOMPARE(readAll(json), expected);

    NewCheck t; // appended after its siblings, one line as the last of them, non-ASCII escaped as in the file
    t.type = Check::Type::Test;
    t.id = u"label"_s;
    t.code = u"assert label == 'café'"_s;
    QCOMPARE(addCheck(json, t).value(), 3);
    expected.replace("\"assert mean_price > 0\"}\n",
                     "\"assert mean_price > 0\"},\n        {\"id\": \"label\", \"type\": \"test\", \"points\": 1, "
                     "\"code\": \"assert label == 'caf\\u00e9'\"}\n");
    QCOMPARE(readAll(json), expected);

    QVERIFY(removeCheck(json, 1)); // the line goes, with its comma
    expected.replace(R"(        {"id": "rows", "type": "value", "variable": "n_rows", "points": 1.0, "atol": 0.5},
)", "");
    QCOMPARE(readAll(json), expected);

    // A new top-level key, at its place in the format's order (after dependencies), in its siblings' style.
    QVERIFY(editRequiredDatasets(json, {u"org/prices data.csv"_s}, {}));
    expected.replace("    \"dependencies\": [\"numpy\", \"pandas\"],\n",
                     "    \"dependencies\": [\"numpy\", \"pandas\"],\n    \"required_datasets\": [\"org/prices data.csv\"],\n");
    QCOMPARE(readAll(json), expected);
    auto a = Assignment::load(json);
    QVERIFY2(a, a ? "" : qPrintable(a.error().toString()));
    QCOMPARE(a->checks().size(), 3);
    QCOMPARE(a->checks().at(0).options.value(u"rtol"_s).toDouble(), 0.01);
    QCOMPARE(a->checks().at(2).code, u"assert label == 'café'"_s);

    // Most siblings on one line, the last wrapped because its code is long (examples/iris): a new one goes on one line.
    const QByteArray wrapped = "{\"checks\": [\n  {\"id\": \"a\", \"points\": 1},\n  {\"id\": \"b\", \"points\": 1},\n"
                               "  {\"id\": \"c\",\n   \"code\": \"x\"}\n]}\n";
    OJson more = OJson::parse(wrapped.toStdString());
    more["checks"].push_back(OJson{{"id", "d"}, {"points", 2}});
    QCOMPARE(jsonutil::spliceJson(wrapped, more),
             QByteArray("{\"checks\": [\n  {\"id\": \"a\", \"points\": 1},\n  {\"id\": \"b\", \"points\": 1},\n"
                        "  {\"id\": \"c\",\n   \"code\": \"x\"},\n  {\"id\": \"d\", \"points\": 2}\n]}\n"));
}

// limits.timeout_s below 60 alone was refused, naming cell_timeout_s, which the user never set (its default, 60,
// was longer): an unset cell_timeout_s is the smaller of 60 s and timeout_s (fresh-user test).
void TestAssignment::shortTimeoutWithoutCellTimeout()
{
    QTemporaryDir tmp;
    const QString json = copyAssignment(u"good"_s, tmp.path()) + u"/assignment.json"_s;
    AssignmentEdit unset;
    unset.unset(u"limits.cell_timeout_s"_s);
    QVERIFY(editAssignment(json, unset));
    AssignmentEdit shorter;
    shorter.set(u"limits.timeout_s"_s, 45);
    const Expected<void> ok = editAssignment(json, shorter);
    QVERIFY2(ok, ok ? "" : qPrintable(ok.error().toString()));
    auto a = Assignment::load(json);
    QVERIFY(a);
    QCOMPARE(a->limits().wallTimeoutS, 45.0);
    QCOMPARE(a->limits().cellTimeoutS, 45.0);
    shorter.set(u"limits.timeout_s"_s, 200);
    QVERIFY(editAssignment(json, shorter));
    a = Assignment::load(json);
    QVERIFY(a);
    QCOMPARE(a->limits().cellTimeoutS, 60.0);

    // Both set, inconsistently: the message says that both were set and what fixes it; nothing written.
    AssignmentEdit cell;
    cell.set(u"limits.cell_timeout_s"_s, 90);
    QVERIFY(editAssignment(json, cell));
    const QByteArray before = readAll(json);
    shorter.set(u"limits.timeout_s"_s, 45);
    const Expected<void> refused = editAssignment(json, shorter);
    QVERIFY(!refused);
    QCOMPARE(refused.error().location, u"limits.cell_timeout_s"_s);
    QCOMPARE(refused.error().message,
             u"is 90 s, longer than limits.timeout_s (45 s), both set here: lower cell_timeout_s to at most 45, or "
             u"remove it (then it is the smaller of 60 s and timeout_s), or raise timeout_s; nothing written"_s);
    QCOMPARE(readAll(json), before);
}

// The assignment's own fields (the app's settings dialog, `sandmark-cli assignment`): only the changed lines change,
// a new limit goes after its siblings, a list entry is added and removed, a data file's URLs are set.
void TestAssignment::editAssignmentFields()
{
    QTemporaryDir tmp;
    const QString json = copyAssignment(u"good"_s, tmp.path()) + u"/assignment.json"_s;
    const QByteArray original = readAll(json);

    AssignmentEdit edit;
    edit.set(u"title"_s, u"Homework 1 (revised)"_s);
    edit.set(u"limits.timeout_s"_s, 200);
    edit.set(u"limits.disk_bytes"_s, 2097152);
    edit.set(u"docker_image"_s, u"sandmark-base:next"_s);
    // An edit that changes nothing writes nothing: the file keeps its time (a build or `git status` sees no change).
    {
        QFile f(json);
        QVERIFY(f.open(QIODevice::ReadWrite));
        const QDateTime old = QDateTime::currentDateTimeUtc().addDays(-1);
        QVERIFY(f.setFileTime(old, QFileDevice::FileModificationTime));
        f.close();
        AssignmentEdit same;
        same.set(u"limits.timeout_s"_s, 120);
        QVERIFY(editAssignment(json, same));
        QCOMPARE(readAll(json), original);
        QCOMPARE(QFileInfo(json).lastModified().toUTC().toSecsSinceEpoch(), old.toSecsSinceEpoch());
    }
    QVERIFY(editAssignment(json, edit));
    QByteArray expected = original;
    expected.replace("\"title\": \"Homework 1 \xe2\x80\x94 Iris\"", "\"title\": \"Homework 1 (revised)\"");
    expected.replace("\"timeout_s\": 120,", "\"timeout_s\": 200,");
    expected.replace("  \"cpus\": 0.5\n", "  \"cpus\": 0.5,\n  \"disk_bytes\": 2097152\n");
    expected.replace("\"sandmark-base:bookworm-test\"", "\"sandmark-base:next\"");
    QCOMPARE(readAll(json), expected);

    QVERIFY(addAssignmentItem(json, u"dependencies"_s, u"scipy>=1.10"_s));
    QVERIFY(addAssignmentItem(json, u"required_datasets"_s, u"org/iris@v1.0 data/iris.parquet"_s));
    mustWriteFile(tmp.filePath(u"data/new.csv"_s), "a,b\n1,2\n");
    QVERIFY(addAssignmentItem(json, u"data_files"_s, u"data/new.csv"_s, {u"https://example.invalid/new.csv"_s}));
    QVERIFY(setDataFileUrls(json, u"data/extra.csv"_s, {u"https://example.invalid/extra.csv"_s}));
    QVERIFY(setDataFileUrls(json, u"data/iris.csv"_s, {}));
    AssignmentEdit unset;
    unset.unset(u"limits.cpus"_s);
    unset.unset(u"sandbox"_s);
    QVERIFY(editAssignment(json, unset));

    auto a = Assignment::load(json);
    QVERIFY2(a, a ? "" : qPrintable(a.error().toString()));
    QCOMPARE(a->title(), u"Homework 1 (revised)"_s);
    QCOMPARE(a->limits().wallTimeoutS, 200.0);
    QCOMPARE(a->limits().diskBytes, 2097152);
    QCOMPARE(a->limits().cpus, Limits().cpus);
    QVERIFY(!a->sandbox());
    QCOMPARE(a->dockerImage(), u"sandmark-base:next"_s);
    QCOMPARE(a->dependencies(), (QStringList{u"numpy>=1.24"_s, u"pandas"_s, u"scipy>=1.10"_s}));
    QCOMPARE(a->requiredDatasets(), (QStringList{u"org/iris-extra data/iris.parquet"_s, u"org/iris@v1.0 data/iris.parquet"_s}));
    QCOMPARE(a->dataFiles().size(), 3);
    QCOMPARE(a->dataFiles().at(0).urls, QStringList{u"https://example.invalid/extra.csv"_s});
    QCOMPARE(a->dataFiles().at(1).path, u"data/iris.csv"_s);
    QVERIFY(a->dataFiles().at(1).urls.isEmpty());
    QCOMPARE(a->dataFiles().at(2).path, u"data/new.csv"_s);
    QCOMPARE(a->dataFiles().at(2).urls, QStringList{u"https://example.invalid/new.csv"_s});
    // The checks and the unknown key are untouched.
    const QByteArray now = readAll(json);
    QVERIFY(now.contains(original.mid(original.indexOf("\"checks\""))));

    QVERIFY(removeAssignmentItem(json, u"data_files"_s, u"data/extra.csv"_s));
    QVERIFY(removeAssignmentItem(json, u"dependencies"_s, u"pandas"_s));
    a = Assignment::load(json);
    QVERIFY(a);
    QCOMPARE(a->dataFiles().size(), 2);
    QCOMPARE(a->dataFiles().at(0).path, u"data/iris.csv"_s);
    QCOMPARE(a->dependencies(), (QStringList{u"numpy>=1.24"_s, u"scipy>=1.10"_s}));

    // Every limit of the one table is editable, and a field that was absent goes to its place in the file.
    for (const LimitField &f : kLimitFields)
        QVERIFY(editableAssignmentKeys().contains(u"limits."_s + QLatin1String(f.key)));
    const QString minimal = tmp.filePath(u"min/assignment.json"_s);
    mustWriteFile(minimal, "{\n  \"slug\": \"m\",\n  \"notebooks\": [\"hw.ipynb\"],\n  \"checks\": []\n}\n");
    QFile::copy(dataPath(u"assignments/good/hw.ipynb"_s), tmp.filePath(u"min/hw.ipynb"_s));
    QVERIFY(addAssignmentItem(minimal, u"dependencies"_s, u"numpy"_s));
    AssignmentEdit limit;
    limit.set(u"limits.processes"_s, 32);
    QVERIFY(editAssignment(minimal, limit));
    QCOMPARE(readAll(minimal), QByteArray("{\n  \"slug\": \"m\",\n  \"notebooks\": [\"hw.ipynb\"],\n  \"dependencies\": [\"numpy\"],\n"
                                          "  \"limits\": {\n    \"processes\": 32\n  },\n  \"checks\": []\n}\n"));
}

// A value the loader would refuse is refused naming the field, and the file stays byte for byte as it was.
void TestAssignment::editAssignmentRefused_data()
{
    QTest::addColumn<QString>("action");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("location");
    QTest::addColumn<QString>("message");
    QTest::newRow("memory too small") << u"set"_s << u"limits.memory_bytes"_s << u"100"_s << u"limits.memory_bytes"_s << u"at least 268435456"_s;
    QTest::newRow("processes not whole") << u"set"_s << u"limits.processes"_s << u"1.5"_s << u"limits.processes"_s << u"whole number"_s;
    QTest::newRow("cell over wall") << u"set"_s << u"limits.cell_timeout_s"_s << u"500"_s << u"limits.cell_timeout_s"_s
                                      << u"is 500 s, longer than limits.timeout_s (120 s), both set here"_s;
    QTest::newRow("negative timeout") << u"set"_s << u"limits.timeout_s"_s << u"-1"_s << u"limits.timeout_s"_s << u""_s;
    QTest::newRow("not a number") << u"set"_s << u"limits.cpus"_s << u"two"_s << u"limits.cpus"_s << u"not a number"_s;
    QTest::newRow("unknown key") << u"set"_s << u"slug"_s << u"x"_s << u"slug"_s << u"not an assignment field"_s;
    QTest::newRow("bad sandbox") << u"set"_s << u"sandbox"_s << u"vm"_s << u"sandbox"_s << u"not a sandbox backend"_s;
    QTest::newRow("bad image") << u"set"_s << u"docker_image"_s << u"a b"_s << u"docker_image"_s << u"image name"_s;
    QTest::newRow("missing data file") << u"add"_s << u"data_files"_s << u"data/nope.csv"_s << u"data_files[2]"_s << u"does not exist"_s;
    QTest::newRow("data file outside") << u"add"_s << u"data_files"_s << u"../x.csv"_s << u"data_files[2]"_s << u"outside"_s;
    QTest::newRow("listed twice") << u"add"_s << u"dependencies"_s << u"pandas"_s << u"dependencies[1]"_s << u"already listed"_s;
    QTest::newRow("bad requirement") << u"add"_s << u"dependencies"_s << u"--index-url x"_s << u"dependencies[2]"_s << u"pip requirement"_s;
    QTest::newRow("bad dataset") << u"add"_s << u"required_datasets"_s << u"nofile"_s << u"required_datasets[1]"_s << u""_s;
    QTest::newRow("last notebook") << u"remove"_s << u"notebooks"_s << u"hw.ipynb"_s << u"notebooks"_s << u"at least one"_s;
    QTest::newRow("no such entry") << u"remove"_s << u"data_files"_s << u"data/nope.csv"_s << u"data_files"_s << u"has no entry"_s;
}

void TestAssignment::editAssignmentRefused()
{
    QFETCH(QString, action);
    QFETCH(QString, key);
    QFETCH(QString, value);
    QFETCH(QString, location);
    QFETCH(QString, message);
    QTemporaryDir tmp;
    const QString json = copyAssignment(u"good"_s, tmp.path()) + u"/assignment.json"_s;
    const QByteArray original = readAll(json);
    Expected<void> r;
    if (action == u"set"_s) {
        Expected<QVariant> v = parseAssignmentValue(json, key, value);
        if (v) {
            AssignmentEdit edit;
            edit.set(key, *v);
            r = editAssignment(json, edit);
        } else {
            r = v.error();
        }
    } else if (action == u"add"_s) {
        r = addAssignmentItem(json, key, value);
    } else {
        r = removeAssignmentItem(json, key, value);
    }
    QVERIFY(!r);
    QCOMPARE(r.error().file, json);
    QCOMPARE(r.error().location, location);
    QVERIFY2(r.error().message.contains(message), qPrintable(r.error().message));
    QCOMPARE(readAll(json), original);
}

// New Assignment from Notebook: the survey lists the files beside the notebook and the URLs it reads; the URL no
// ticked file serves is named; the assignment gets the title and the files (copied into another folder), and
// nbgrader cells become checks as `import nbgrader` makes them.
void TestAssignment::newAssignmentFromSurvey()
{
    QTemporaryDir tmp;
    const QString src = tmp.filePath(u"src"_s);
    copyTree(QStringLiteral(SANDMARK_SOURCE_DIR "/examples/iris/data"), src + u"/data"_s);
    QVERIFY(QFile::copy(QStringLiteral(SANDMARK_SOURCE_DIR "/examples/iris/iris-analysis.ipynb"), src + u"/iris.ipynb"_s));
    mustWriteFile(src + u"/notes.txt"_s, "notes\n");
    mustWriteFile(src + u"/.hidden"_s, "x\n");
    auto survey = surveyNotebook(src + u"/iris.ipynb"_s);
    QVERIFY2(survey, survey ? "" : qPrintable(survey.error().toString()));
    QCOMPARE(survey->title, u"Iris basics"_s);
    QCOMPARE(survey->slug, u"iris"_s);
    QCOMPARE(survey->urls, QStringList{u"https://data.example.invalid/ds101/iris.csv"_s});
    QVERIFY(survey->nearbyFiles.contains(u"data/iris.csv"_s));
    QVERIFY(survey->nearbyFiles.contains(u"notes.txt"_s));
    QVERIFY(!survey->nearbyFiles.contains(u".hidden"_s));
    QCOMPARE(survey->nbgraderCells, 6); // the example carries nbgrader metadata
    QCOMPARE(unservedUrls(survey->urls, {DataFile{u"notes.txt"_s, {}}}), survey->urls);
    QVERIFY(unservedUrls(survey->urls, {DataFile{u"data/iris.csv"_s, {}}}).isEmpty());
    QVERIFY(unservedUrls(survey->urls, {DataFile{u"x.csv"_s, {u"https://data.example.invalid/ds101/iris.csv"_s}}}).isEmpty());

    NewAssignmentOptions options;
    options.title = u"Iris, week 2"_s;
    options.folder = tmp.filePath(u"hw2"_s);
    options.dataFiles = {u"data/iris.csv"_s};
    auto folder = createAssignment(src + u"/iris.ipynb"_s, options);
    QVERIFY2(folder, folder ? "" : qPrintable(folder.error().toString()));
    QCOMPARE(*folder, QDir::cleanPath(options.folder));
    auto a = Assignment::load(*folder);
    QVERIFY2(a, a ? "" : qPrintable(a.error().toString()));
    QCOMPARE(a->title(), u"Iris, week 2"_s);
    QCOMPARE(a->notebooks(), QStringList{u"iris.ipynb"_s});
    QCOMPARE(a->dataFiles().size(), 1);
    QCOMPARE(readAll(*folder + u"/data/iris.csv"_s), readAll(src + u"/data/iris.csv"_s));
    QVERIFY(!QFile::exists(src + u"/assignment.json"_s)); // the notebook's folder is untouched
    QVERIFY(!createAssignment(src + u"/iris.ipynb"_s, options)); // the folder has an assignment.json now

    // nbgrader cells become checks (the notebook copied by importNbgrader), with the ticked data file.
    const QString ps1 = dataPath(u"nbgrader/source/ps1/ps1.ipynb"_s);
    auto nbSurvey = surveyNotebook(ps1);
    QVERIFY(nbSurvey);
    QVERIFY(nbSurvey->nbgraderCells > 0);
    QCOMPARE(nbSurvey->nearbyFiles, QStringList{u"data/numbers.txt"_s});
    NewAssignmentOptions nb;
    nb.folder = tmp.filePath(u"ps1"_s);
    nb.dataFiles = nbSurvey->nearbyFiles;
    nb.nbgraderChecks = true;
    auto nbFolder = createAssignment(ps1, nb);
    QVERIFY2(nbFolder, nbFolder ? "" : qPrintable(nbFolder.error().toString()));
    a = Assignment::load(*nbFolder);
    QVERIFY2(a, a ? "" : qPrintable(a.error().toString()));
    QVERIFY(a->fromNbgrader());
    QVERIFY(!a->checks().isEmpty());
    QCOMPARE(a->dataFiles().size(), 1);
    QCOMPARE(a->dataFiles().constFirst().path, u"data/numbers.txt"_s);
    // Into the notebook's own folder it is refused: the import copies the notebook.
    nb.folder.clear();
    QVERIFY(!createAssignment(ps1, nb));
}

// An original that is not JSON (or not as the scanner reads it) is never patched: the whole document is written.
void TestAssignment::spliceFallsBackOnInvalidOriginal()
{
    const OJson edited = OJson::parse(R"({"a": [1, 2], "b": "\u00e9"})");
    const QByteArray full = QByteArray::fromStdString(edited.dump(2) + "\n");
    for (const QByteArray &bad : {QByteArray(), QByteArray("{\"a\": [1, 2"), QByteArray("{\"a\": 1, \"a\": 2}"),
                                  QByteArray("{\"a\": [1, 2]} x"), QByteArray("\xff\xfe")})
        QCOMPARE(jsonutil::spliceJson(bad, edited), full);
    // Tabs, and a changed nested object written in its own one-line style.
    const QByteArray tabs = "{\n\t\"a\": [1,2],\n\t\"o\": {\"x\": 1}\n}";
    OJson e = OJson::parse(tabs.toStdString());
    e["o"]["y"] = 2;
    e["n"] = OJson::parse(R"({"k": 1})");
    QCOMPARE(jsonutil::spliceJson(tabs, e), QByteArray("{\n\t\"a\": [1,2],\n\t\"o\": {\"x\": 1, \"y\": 2},\n\t\"n\": {\"k\": 1}\n}"));
    // Reordered keys: that object is written anew (the result always reads back as the edited document).
    OJson r = OJson::object();
    r["o"] = e["o"];
    r["a"] = e["a"];
    QVERIFY(OJson::parse(jsonutil::spliceJson(tabs, r).toStdString()) == r);
}

// A file with CRLF line ends: the new member's lines get CRLF too, not a mix (fresh trial s12).
void TestAssignment::spliceKeepsWindowsLineEnds()
{
    const QByteArray crlf = "{\r\n  \"checks\": [\r\n    {\"id\": \"a\"}\r\n  ]\r\n}\r\n";
    OJson e = OJson::parse(crlf.toStdString());
    e["checks"].push_back(OJson::parse(R"({"id": "b", "points": 2})"));
    const QByteArray out = jsonutil::spliceJson(crlf, e);
    QVERIFY2(out.startsWith("{\r\n  \"checks\": [\r\n    {\"id\": \"a\"},"), out.constData());
    QCOMPARE(out.count("\n"), out.count("\r\n")); // no bare LF
    QVERIFY(OJson::parse(out.toStdString()) == e);
}

// Issue 15: core's public API hands JSON on as QVariant (toVariant()); what comes back (an edit's changes) is written
// with fromVariant(): integers stay integers, doubles keep their digits through qtIndented(), null stays null.
void TestAssignment::fromVariantIsToVariantsWayBack()
{
    const QByteArray text = R"({"points": 2, "rtol": 0.535302, "big": 9007199254740993, "tiny": 1e-300, "flag": true,)"
                            R"( "none": null, "name": "π", "list": [1, 2.5, "x", [], {}], "o": {"b": 1, "a": [null]}})";
    const OJson original = OJson::parse(text.toStdString());
    const QVariant v = jsonutil::toVariant(original);
    const OJson back = jsonutil::fromVariant<OJson>(v);
    QVERIFY(back["points"].is_number_integer());
    QCOMPARE(back["big"].get<qint64>(), qint64(9007199254740993)); // an integer past 2^53, exactly
    QVERIFY(back["rtol"].is_number_float());
    QCOMPARE(back["rtol"].get<double>(), 0.535302);
    QVERIFY(back["none"].is_null());
    QVERIFY(back["o"]["a"][0].is_null());
    // Every value as it was; keys sorted as QVariantMap holds them (an edit's values are single members or lists).
    QCOMPARE(QByteArray::fromStdString(jsonutil::qtIndented(back)),
             QByteArray::fromStdString(jsonutil::qtIndented(nlohmann::json::parse(text.toStdString()))));
    QCOMPARE(QByteArray::fromStdString(jsonutil::qtCompact(jsonutil::fromVariant<OJson>(0.535302))), QByteArray("0.535302"));
    // What callers build: an int, an integral double (as Qt writes it: 2, not 2.0), a QStringList.
    QCOMPARE(jsonutil::fromVariant<OJson>(4).dump(), std::string("4"));
    QCOMPARE(jsonutil::fromVariant<OJson>(2.0).dump(), std::string("2"));
    QCOMPARE(jsonutil::fromVariant<OJson>(QStringList{u"a"_s, u"b"_s}).dump(), std::string(R"(["a","b"])"));
    // null and absent: both are null as a value; an edit tells "remove" from "leave alone" by holding the key.
    QVERIFY(jsonutil::fromVariant<OJson>(jsonvalue::null()).is_null());
    QVERIFY(jsonutil::fromVariant<OJson>(QVariant()).is_null());
    QVERIFY(jsonvalue::isNull(jsonutil::toVariant(OJson(nullptr))));
    QVERIFY(!jsonvalue::isNull(QVariant(QString())));
    CheckEdit e;
    e.unset(u"rtol"_s);
    QVERIFY(e.changes.contains(u"rtol"_s) && jsonvalue::isNull(e.changes.value(u"rtol"_s)));
    QVERIFY(!e.changes.contains(u"atol"_s));
    // The JSON types, as QJsonValue::isDouble()/isBool()/isString() told them (QVariant's toBool() converts "yes").
    QVERIFY(jsonvalue::isNumber(jsonutil::toVariant(original["points"])) && jsonvalue::isNumber(jsonutil::toVariant(original["rtol"])));
    QVERIFY(!jsonvalue::isNumber(QVariant(u"1"_s)) && !jsonvalue::isBool(QVariant(u"true"_s)) && !jsonvalue::isString(QVariant(1)));
}

// Attack report s14: a file with a UTF-8 byte order mark was rewritten whole (every line reformatted, the mark
// dropped), and one with a repeated key lost one of its values silently.
void TestAssignment::editKeepsTheByteOrderMarkAndRefusesRepeatedKeys()
{
    const QByteArray body = "{\"a\":   1,\n  \"b\": [1,2]}\n";
    OJson e = OJson::parse(body.toStdString());
    e["a"] = 2;
    QCOMPARE(jsonutil::spliceJson("\xEF\xBB\xBF" + body, e), QByteArray("\xEF\xBB\xBF{\"a\":   2,\n  \"b\": [1,2]}\n"));

    QTemporaryDir dir;
    const QString json = dir.filePath(u"assignment.json"_s);
    QFile f(json);
    QVERIFY(f.open(QIODevice::WriteOnly));
    const QByteArray repeated = "{\"format\": 1, \"slug\": \"x\",\n \"title\": \"one\",\n \"title\": \"two\",\n \"notebooks\": [\"nb.ipynb\"], \"checks\": []}\n";
    f.write(repeated);
    f.close();
    AssignmentEdit edit;
    edit.set(u"limits.timeout_s"_s, 100);
    const Expected<void> r = editAssignment(json, edit);
    QVERIFY(!r);
    QCOMPARE(r.error().location, u"title"_s);
    QVERIFY2(r.error().message.contains(u"line 3: duplicate key (also on line 2)"_s), qPrintable(r.error().message));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), repeated); // nothing written
}

void TestAssignment::uniqueCheckId_data()
{
    QTest::addColumn<QString>("base");
    QTest::addColumn<QStringList>("taken");
    QTest::addColumn<QString>("expected");
    QTest::newRow("free") << u"corr"_s << QStringList{u"n"_s} << u"corr"_s;
    QTest::newRow("taken") << u"corr"_s << QStringList{u"corr"_s, u"corr-2"_s} << u"corr-3"_s;
    QTest::newRow("leading underscore") << u"_x"_s << QStringList() << u"x"_s;
    QTest::newRow("nothing left") << u"__"_s << QStringList() << u"check"_s;
    QTest::newRow("non-ascii") << u"größe"_s << QStringList() << u"gr__e"_s;
    QTest::newRow("long") << QString(70, u'a') << QStringList{QString(64, u'a')} << QString(62, u'a') + u"-2"_s;
}

void TestAssignment::uniqueCheckId()
{
    QFETCH(QString, base);
    QFETCH(QStringList, taken);
    QFETCH(QString, expected);
    QCOMPARE(sandmark::uniqueCheckId(base, taken), expected);
}

// Every Check::Type has exactly one registered kind, found by its assignment.json name.
void TestAssignment::checkKindsRegistered()
{
    using sandmark::Check;
    const QList<Check::Type> types = {Check::Type::Value, Check::Type::Test, Check::Type::Manual, Check::Type::Otter};
    QStringList names;
    for (Check::Type t : types) {
        const sandmark::CheckKind &kind = sandmark::checkKind(t);
        QCOMPARE(kind.type(), t);
        QVERIFY2(!names.contains(kind.name()), qPrintable(kind.name()));
        names << kind.name();
        QCOMPARE(sandmark::findCheckKind(kind.name()), &kind);
    }
    QCOMPARE(names, (QStringList{u"value"_s, u"test"_s, u"manual"_s, u"otter"_s}));
    QCOMPARE(sandmark::checkKinds().size(), types.size());
    QCOMPARE(sandmark::findCheckKind(u"doctest"_s), nullptr);
    QCOMPARE(sandmark::checkKindNameList(), u"\"value\", \"test\", \"manual\" or \"otter\""_s);
    QCOMPARE(sandmark::addableCheckKindNames(), u"value and test"_s);
    QVERIFY(sandmark::checkKind(Check::Type::Manual).gradedByHand());
    QVERIFY(!sandmark::checkKind(Check::Type::Test).gradedByHand());
    QVERIFY(sandmark::checkKind(Check::Type::Value).hasTolerance());
    QVERIFY(!sandmark::checkKind(Check::Type::Test).hasTolerance());
}

QTEST_GUILESS_MAIN(TestAssignment)
#include "tst_assignment.moc"
