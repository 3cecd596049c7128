// Golden-file tests of sandmark-cli: stdout, stderr and the exit code of real runs of the built binary.
//
// Each row runs sandmark-cli from tests/data (so the paths it prints are relative and stable) and compares
// with tests/data/cli/<row>.stdout, <row>.stderr and <row>.code. A temporary folder in the arguments or the
// output is written as <TMP>. To rewrite the golden files after an intended change, run the suite with
// SANDMARK_UPDATE_GOLDEN=1 (e.g. `SANDMARK_UPDATE_GOLDEN=1 ctest --preset dev -R tst_cli`) and review the
// diff before committing.
#include "assignment/assignment.h"
#include "assignment/edit.h"
#include "batch/submissions.h"
#include "env/dockerimage.h"
#include "gradebook/gradebook.h"
#include "notebook/notebook.h"
#include "util/displaytext.h"

#include "cgroupoptout.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLockFile>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace sandmark;
using namespace sandmark::test;
using namespace Qt::Literals::StringLiterals;

namespace {

using Run = CliRun;

bool updating()
{
    return qEnvironmentVariableIntValue("SANDMARK_UPDATE_GOLDEN") == 1;
}

QString goldenPath(const QString &name, const char *ext)
{
    return dataPath(u"cli/"_s + name + QLatin1Char('.') + QLatin1String(ext));
}

QByteArray normalized(QByteArray bytes, const QString &tmp)
{
    if (!tmp.isEmpty())
        bytes.replace(tmp.toUtf8(), "<TMP>");
    return bytes;
}

// Compares `actual` with the golden file (or rewrites it in update mode).
void compareGolden(const QString &name, const char *ext, const QByteArray &actual)
{
    const QString path = goldenPath(name, ext);
    if (updating()) {
        QFile f(path);
        QVERIFY2(f.open(QIODevice::WriteOnly) && f.write(actual) == actual.size(), qPrintable(path));
        return;
    }
    QVERIFY2(QFileInfo::exists(path), qPrintable(u"missing golden file %1 (run with SANDMARK_UPDATE_GOLDEN=1)"_s.arg(path)));
    const QByteArray expected = readAll(path);
    if (actual != expected)
        qWarning().noquote() << "---" << path << "expected:\n" << expected << "\n--- actual:\n" << actual;
    QVERIFY2(actual == expected, qPrintable(u"%1 differs from %2"_s.arg(QLatin1String(ext), path)));
}

// Records in the gradebook at `gbPath` a run of `student` with one value check `n_rows` worth 1 point.
void recordOneCheckRun(const QString &gbPath, const QString &student, Outcome outcome,
                       GradeStatus status = GradeStatus::Graded, Check::Type type = Check::Type::Value)
{
    auto gb = Gradebook::open(gbPath);
    QVERIFY(gb);
    RunRecord r;
    r.studentId = student;
    r.filesHash = u"files-"_s + student;
    r.inputsHash = u"in-1"_s;
    r.started = QDateTime::currentDateTimeUtc();
    r.finished = r.started.addSecs(1);
    CheckResult c;
    c.checkId = u"n_rows"_s;
    c.type = type;
    c.outcome = outcome;
    c.points = outcome == Outcome::Pass ? 1 : 0;
    c.maxPoints = 1;
    r.result.checks << c;
    r.result.status = status;
    r.result.maxScore = 1;
    QVERIFY((*gb)->recordRun(r));
}

/// A tmpfs of `size` ("2m") mounted at `path` while this lives, for tests of read-only or full media (root writes
/// anywhere else); `skipWhy` says why not (not root, no CAP_SYS_ADMIN), for QSKIP.
struct SmallTmpfs
{
    SmallTmpfs(const QString &where, const QString &size) : path(where)
    {
        if (::geteuid() != 0) {
            skipWhy = "needs root to mount a small tmpfs";
            return;
        }
        QDir().mkpath(path);
        if (QProcess::execute(u"mount"_s, {u"-t"_s, u"tmpfs"_s, u"-o"_s, u"size="_s + size, u"tmpfs"_s, path}) != 0) {
            skipWhy = "mount -t tmpfs failed (no CAP_SYS_ADMIN here)";
            return;
        }
        mounted = true;
    }
    ~SmallTmpfs()
    {
        if (mounted)
            QProcess::execute(u"umount"_s, {path});
    }
    SmallTmpfs(const SmallTmpfs &) = delete;
    SmallTmpfs &operator=(const SmallTmpfs &) = delete;
    QString path;
    QByteArray skipWhy;
    bool mounted = false;
};

} // namespace

class TestCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void golden_data();
    void golden();
    void version();
    void versionVerboseListsTheParts();
    void importNbgraderProposesDependencies();
    void diffPrintsCellsAgainstRelease();
    void diffOfAProblemSetShowsEachNotebook();
    void valuesWithoutGradebookNamesIt();
    void valuesOfAnUnreadableNotebookSaysRerunningWontHelp();
    void instrumentThenStripGivesTheOriginal();
    void releaseWritesTheGoldenNotebook();
    void outputFileIsWrittenAtomically();
    void outputFileThatCannotBeWrittenIsAGraderError();
    void mergeBadInputLeavesNothing();
    void mergeReportsConflictingMatches();
    void mergeWarnsOfShardsGradedUnderOtherInputs();
    void mergeRefusesAnotherAssignmentsGradebook();
    void readOnlyGradebookIsReadReadOnly();
    void checksEditChangesOnlyTheEditedLines();
    void checksRefuseCodeThatDoesNotCompile();
    void parallelEditsAllLand();
    void checksOfAProblemSetNameTheirNotebook();
    void overrideSeveralStudents();
    void typedStudentIsTheGradebooksInEitherUnicodeForm();
    void exportKeepsLookalikeStudentsApart();
    void exportListsTheCurrentSubmissions();
    void gradeAndImportWarnOfLookalikeIds();
    void exportColumnsAreTheAssignmentsChecks();
    void damagedGradebookIsCalledDamaged();
    void checksListReference();
    void checksListReferenceProblemSet();
    void gradeDryRunForeseesTheRegrade();
    void gradeSummaryCountsTheBrokenCheck();
    void gradeRefusesPathsOutsideTheSubmissions();
    void gradeOnReadOnlyOrFullDiskIsAGraderError();
    void writersOnReadOnlyMediaAreAGraderError();
    void busyGradebookExitsThreeForGradeAndMerge();
    void gradebookLockedByAnotherProgramIsBusy();
    void inputThatIsTheGradebookIsRefusedUnread();
    void gradeRefusesAnAssignmentFileThatIsTheGradebook();
    void unreachableRuntimeNamesItsOwnFix();
    void missingDataDirIsSaidSo();
    void nulInACodeCellIsNamed();
    void pythonWithoutTheKernelIsNamedFirst();
    void unreadableFilesAreTheGradersProblem();
    void gradeListsHiddenEntriesAsSkipped();
    void gradeRefusesAGradebookInAMissingFolder();
    void displayTextEscapes_data();
    void displayTextEscapes();
    void untrustedNamesPrintOnOneLine();
    void unpackedCanvasFolderImportedAndSettled();
    void reviewMarks();
    void reviewOfAnAnswerAwaitingGradingByHandSaysWhatIsLeft();
    void dockerDaemonThatDoesNotAnswerIsNamed();
    void doctorAnswersInEveryFailureMode_data();
    void doctorAnswersInEveryFailureMode();
    void doctorJsonSaysEachFixOnce();
    void readmeDocumentsTheEnvironment();
    void readmeWorksForAFreshUser();
    void bootstrapInstallsTheCompilerCacheAskedFor();
};

void TestCli::golden_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    const QString nonce = u"0123456789abcdef0123456789abcdef"_s;
    QTest::newRow("help") << QStringList{u"--help"_s} << 0;
    QTest::newRow("no-arguments") << QStringList{} << 2;
    QTest::newRow("unknown-command") << QStringList{u"frobnicate"_s} << 2;
    QTest::newRow("validate-help") << QStringList{u"validate"_s, u"--help"_s} << 0;
    // Its usage line named submit|status|merge and its list also task (fresh-user test): the same four in both.
    QTest::newRow("slurm-help") << QStringList{u"slurm"_s, u"--help"_s} << 0;
    QTest::newRow("slurm-unknown-action") << QStringList{u"slurm"_s, u"frob"_s, u"assignments/good"_s} << 2;
    QTest::newRow("validate-missing-argument") << QStringList{u"validate"_s} << 2;
    QTest::newRow("validate-unknown-option") << QStringList{u"validate"_s, u"--frob"_s, u"assignments/good"_s} << 2;
    QTest::newRow("validate-good") << QStringList{u"validate"_s, u"assignments/good"_s} << 0;
    // A value check without an anchor on a name the notebook assigns again after its question cell: a warning.
    QTest::newRow("validate-reassigned") << QStringList{u"validate"_s, u"assignments/reassigned"_s} << 0;
    QTest::newRow("validate-bad-limits") << QStringList{u"validate"_s, u"assignments/bad-limits"_s} << 1;
    // Every broken top-level field at once (docs/assignment-format.md); it named only the first (fresh-user run s25).
    QTest::newRow("validate-several-errors") << QStringList{u"validate"_s, u"assignments/several-errors"_s} << 1;
    QTest::newRow("validate-bad-notebook") << QStringList{u"validate"_s, u"assignments/bad-notebook/assignment.json"_s}
                                           << 1;
    QTest::newRow("validate-missing-folder") << QStringList{u"validate"_s, u"assignments/nope"_s} << 1;
    QTest::newRow("release") << QStringList{u"release"_s, u"assignments/good"_s, u"-o"_s, u"{TMP}"_s} << 0;
    QTest::newRow("release-bad-notebook")
        << QStringList{u"release"_s, u"assignments/bad-notebook"_s, u"-o"_s, u"{TMP}"_s} << 1;
    QTest::newRow("instrument") << QStringList{u"instrument"_s, u"assignments/good"_s, u"assignments/good/hw.ipynb"_s,
                                               u"--nonce"_s, nonce, u"--runtime-dir"_s, u"/sandmark/runtime"_s}
                                << 0;
    QTest::newRow("instrument-duplicate-ids") << QStringList{u"instrument"_s, u"assignments/good"_s,
                                                             u"cases/duplicate-cell-ids.ipynb"_s, u"--nonce"_s, nonce}
                                              << 0;
    QTest::newRow("instrument-bad-nonce") << QStringList{u"instrument"_s, u"assignments/good"_s,
                                                         u"assignments/good/hw.ipynb"_s, u"--nonce"_s, u"xyz"_s}
                                          << 2;
    QTest::newRow("instrument-missing-argument") << QStringList{u"instrument"_s, u"assignments/good"_s} << 2;
    QTest::newRow("instrument-r-notebook") << QStringList{u"instrument"_s, u"assignments/good"_s,
                                                          u"cases/r-kernel.ipynb"_s, u"--nonce"_s, nonce}
                                           << 1;
    QTest::newRow("strip") << QStringList{u"strip"_s, u"cli/instrument.stdout"_s} << 0;
    // To a file: stdout is free, and says what was written.
    QTest::newRow("strip-to-file") << QStringList{u"strip"_s, u"cli/instrument.stdout"_s, u"-o"_s, u"{TMP}/back.ipynb"_s} << 0;
    QTest::newRow("instrument-to-file") << QStringList{u"instrument"_s, u"assignments/good"_s, u"assignments/good/hw.ipynb"_s,
                                                       u"-o"_s, u"{TMP}/i.ipynb"_s} << 0;
    QTest::newRow("strip-non-notebook") << QStringList{u"strip"_s, u"assignments/good/data/iris.csv"_s} << 1;
    QTest::newRow("strip-not-utf8") << QStringList{u"strip"_s, u"cases/cp1252-byte-not-utf8.ipynb"_s} << 1;
    QTest::newRow("strip-number-overflow") << QStringList{u"strip"_s, u"notebooks/number-overflow.ipynb"_s} << 1;
    QTest::newRow("validate-number-overflow") << QStringList{u"validate"_s, u"assignments/number-overflow"_s} << 1;
    QTest::newRow("strip-missing-file") << QStringList{u"strip"_s, u"cases/nope.ipynb"_s} << 1;
    QTest::newRow("datasets-size-warning-negative")
        << QStringList{u"datasets"_s, u"check"_s, u"assignments/good"_s, u"--size-warning"_s, u"-1"_s} << 2;
    QTest::newRow("datasets-size-warning-text")
        << QStringList{u"datasets"_s, u"warm"_s, u"assignments/good"_s, u"--size-warning"_s, u"2G"_s} << 2;
    // An ENTRY that does not parse is a usage error naming it; one listed already is said, not counted as added.
    QTest::newRow("datasets-add-not-an-entry") << QStringList{u"datasets"_s, u"add"_s, u"{COPY}"_s, u"foo"_s} << 2;
    QTest::newRow("datasets-add-listed-already")
        << QStringList{u"datasets"_s, u"add"_s, u"{COPY}"_s, u"org/data a.csv"_s, u"org/data a.csv"_s} << 0;
    QTest::newRow("grade-help") << QStringList{u"grade"_s, u"--help"_s} << 0;
    QTest::newRow("grade-unknown-student") << QStringList{u"grade"_s, u"assignments/ungraded"_s, u"nosuchstudent"_s, u"--dry-run"_s} << 1;
    QTest::newRow("grade-dry-run-never-graded") << QStringList{u"grade"_s, u"assignments/ungraded"_s, u"--dry-run"_s, u"--gradebook"_s, u"{TMP}/none.sqlite"_s} << 1;
    QTest::newRow("grade-bad-shard") << QStringList{u"grade"_s, u"assignments/good"_s, u"--shard"_s, u"3/2"_s} << 2;
    QTest::newRow("grade-bad-jobs") << QStringList{u"grade"_s, u"assignments/good"_s, u"--jobs"_s, u"0"_s} << 2;
    QTest::newRow("grade-too-many-jobs") << QStringList{u"grade"_s, u"assignments/good"_s, u"--jobs"_s, u"99999"_s} << 2;
    QTest::newRow("validate-too-many-jobs")
        << QStringList{u"validate"_s, u"--health"_s, u"assignments/good"_s, u"--jobs"_s, u"257"_s} << 2;
    QTest::newRow("grade-missing-folder") << QStringList{u"grade"_s, u"assignments/nope"_s} << 1;
    QTest::newRow("grade-no-submissions") << QStringList{u"grade"_s, u"assignments/good"_s, u"--gradebook"_s, u"{TMP}/gb.sqlite"_s} << 1;
    QTest::newRow("merge-help") << QStringList{u"merge"_s, u"--help"_s} << 0;
    QTest::newRow("merge-missing-argument") << QStringList{u"merge"_s, u"{TMP}/out.sqlite"_s} << 2;
    QTest::newRow("merge-missing-input") << QStringList{u"merge"_s, u"{TMP}/out.sqlite"_s, u"{TMP}/nope.sqlite"_s} << 1;
    QTest::newRow("manual-help") << QStringList{u"manual"_s, u"--help"_s} << 0;
    QTest::newRow("override-help") << QStringList{u"override"_s, u"--help"_s} << 0;
    QTest::newRow("feedback-help") << QStringList{u"feedback"_s, u"--help"_s} << 0;
    QTest::newRow("feedback-no-output") << QStringList{u"feedback"_s, u"assignments/good"_s} << 2;
    QTest::newRow("manual-bad-action") << QStringList{u"manual"_s, u"assignments/good"_s, u"grade"_s} << 2;
    QTest::newRow("strip-too-many-arguments") << QStringList{u"strip"_s, u"a.ipynb"_s, u"b.ipynb"_s} << 2;
    // import submissions (fixtures: tests/data/import/make_zips.py)
    QTest::newRow("import-submissions-canvas")
        << QStringList{u"import"_s, u"submissions"_s, u"import/canvas.zip"_s, u"-o"_s, u"{TMP}/out"_s} << 0;
    QTest::newRow("import-submissions-canvas-json")
        << QStringList{u"import"_s, u"submissions"_s, u"import/canvas.zip"_s, u"-o"_s, u"{TMP}/out"_s, u"--json"_s} << 0;
    QTest::newRow("import-submissions-nothing-importable")
        << QStringList{u"import"_s, u"submissions"_s, u"import/evil.zip"_s, u"-o"_s, u"{TMP}/out"_s} << 1;
    // An on-time and a late copy of one notebook: written and flagged (not "nothing imported"); hidden entries
    // and macOS metadata listed as skipped.
    QTest::newRow("import-submissions-late-copy")
        << QStringList{u"import"_s, u"submissions"_s, u"import/late.zip"_s, u"-o"_s, u"{TMP}/out"_s} << 0;
    QTest::newRow("import-submissions-late-copy-json")
        << QStringList{u"import"_s, u"submissions"_s, u"import/late.zip"_s, u"-o"_s, u"{TMP}/out"_s, u"--json"_s} << 0;
    QTest::newRow("import-submissions-not-a-zip")
        << QStringList{u"import"_s, u"submissions"_s, u"import/not-a-zip.zip"_s, u"-o"_s, u"{TMP}/out"_s} << 1;
    QTest::newRow("import-submissions-missing-output")
        << QStringList{u"import"_s, u"submissions"_s, u"import/canvas.zip"_s} << 2;
    // Another kind's option, and --header with --no-header: usage errors, never silently ignored (fresh-user attack s17).
    QTest::newRow("import-otter-refuses-nbgrader-options")
        << QStringList{u"import"_s, u"otter"_s, u"assignments/good/hw.ipynb"_s, u"-o"_s, u"{TMP}/out"_s, u"--no-header"_s} << 2;
    QTest::newRow("release-empty-output") << QStringList{u"release"_s, u"assignments/good"_s, u"-o"_s, u""_s} << 2;
    QTest::newRow("import-otter-empty-output")
        << QStringList{u"import"_s, u"otter"_s, u"otter/master/hw-otter.ipynb"_s, u"-o"_s, u""_s} << 2;
    // A test cell that does not compile is imported with a warning naming the notebook, cell, grade_id and line.
    QTest::newRow("import-nbgrader-test-cell-does-not-compile")
        << QStringList{u"import"_s, u"nbgrader"_s, u"nbgrader/syntax-error/hw.ipynb"_s, u"-o"_s, u"{TMP}/out"_s} << 0;
    QTest::newRow("import-nbgrader-header-and-no-header")
        << QStringList{u"import"_s, u"nbgrader"_s, u"assignments/good/hw.ipynb"_s, u"-o"_s, u"{TMP}/out"_s, u"--header"_s,
                       u"assignments/good/hw.ipynb"_s, u"--no-header"_s}
        << 2;
    // checks: {COPY} is a fresh copy of assignments/good; a successful change is compared with
    // cli/<row>.json, a refused one must leave assignment.json byte for byte as it was.
    QTest::newRow("checks-help") << QStringList{u"checks"_s, u"--help"_s} << 0;
    QTest::newRow("checks-list") << QStringList{u"checks"_s, u"list"_s, u"assignments/good"_s} << 0;
    QTest::newRow("checks-list-json") << QStringList{u"checks"_s, u"list"_s, u"assignments/good"_s, u"--json"_s} << 0;
    // nbgrader AUTOTEST checks are listed by the expressions they were expanded from, not their code's first line.
    QTest::newRow("checks-list-autotest") << QStringList{u"checks"_s, u"list"_s, u"assignments/autotest"_s} << 0;
    QTest::newRow("checks-list-autotest-json") << QStringList{u"checks"_s, u"list"_s, u"assignments/autotest"_s, u"--json"_s} << 0;
    // A problem set: each check's notebook in a column, the total per notebook; --json names it on each check.
    QTest::newRow("checks-list-problemset") << QStringList{u"checks"_s, u"list"_s, u"problemsets/ps"_s} << 0;
    QTest::newRow("checks-list-problemset-json") << QStringList{u"checks"_s, u"list"_s, u"problemsets/ps"_s, u"--json"_s} << 0;
    QTest::newRow("checks-list-broken") << QStringList{u"checks"_s, u"list"_s, u"assignments/bad-limits"_s} << 1;
    QTest::newRow("checks-bad-action") << QStringList{u"checks"_s, u"frob"_s, u"assignments/good"_s} << 2;
    QTest::newRow("checks-add-value")
        << QStringList{u"checks"_s, u"add"_s, u"value"_s, u"{COPY}"_s, u"--variable"_s, u"sepal_mean"_s,
                       u"--points"_s, u"2"_s, u"--rtol"_s, u"1e-6"_s, u"--anchor"_s, u"q1"_s} << 0;
    // A name the instructor notebook never assigns (sepal_mean above), or assigns only after the anchor: a warning that
    // the check would never pass; a name it assigns: none.
    QTest::newRow("checks-add-value-defined-after-anchor")
        << QStringList{u"checks"_s, u"add"_s, u"value"_s, u"{COPY}"_s, u"--variable"_s, u"total"_s, u"--id"_s, u"total_q1"_s,
                       u"--anchor"_s, u"q1"_s} << 0;
    QTest::newRow("checks-add-value-in-reference")
        << QStringList{u"checks"_s, u"add"_s, u"value"_s, u"{COPY}"_s, u"--variable"_s, u"corr"_s, u"--id"_s, u"corr3"_s} << 0;
    QTest::newRow("checks-add-value-duplicate")
        << QStringList{u"checks"_s, u"add"_s, u"value"_s, u"{COPY}"_s, u"--variable"_s, u"corr"_s} << 1;
    QTest::newRow("checks-add-value-bad-variable")
        << QStringList{u"checks"_s, u"add"_s, u"value"_s, u"{COPY}"_s, u"--variable"_s, u"df.shape"_s, u"--id"_s, u"shape"_s}
        << 1;
    QTest::newRow("checks-add-value-negative-points")
        << QStringList{u"checks"_s, u"add"_s, u"value"_s, u"{COPY}"_s, u"--variable"_s, u"x"_s, u"--points"_s, u"-1"_s} << 2;
    QTest::newRow("checks-add-value-points-not-a-number")
        << QStringList{u"checks"_s, u"add"_s, u"value"_s, u"{COPY}"_s, u"--variable"_s, u"x"_s, u"--points"_s, u"two"_s} << 2;
    QTest::newRow("checks-add-value-no-variable") << QStringList{u"checks"_s, u"add"_s, u"value"_s, u"{COPY}"_s} << 2;
    QTest::newRow("checks-add-test")
        << QStringList{u"checks"_s, u"add"_s, u"test"_s, u"{COPY}"_s, u"--id"_s, u"rows"_s, u"--points"_s, u"1.5"_s,
                       u"--code"_s, u"assert n_rows == 150"_s} << 0;
    QTest::newRow("checks-add-test-empty-code")
        << QStringList{u"checks"_s, u"add"_s, u"test"_s, u"{COPY}"_s, u"--id"_s, u"rows"_s, u"--code"_s, u" "_s} << 1;
    QTest::newRow("checks-add-test-rtol")
        << QStringList{u"checks"_s, u"add"_s, u"test"_s, u"{COPY}"_s, u"--id"_s, u"rows"_s, u"--code"_s, u"assert 1"_s,
                       u"--rtol"_s, u"0.1"_s} << 2;
    QTest::newRow("checks-add-test-missing-code-file")
        << QStringList{u"checks"_s, u"add"_s, u"test"_s, u"{COPY}"_s, u"--id"_s, u"rows"_s, u"--code-file"_s, u"{TMP}/nope.py"_s}
        << 1;
    QTest::newRow("checks-remove") << QStringList{u"checks"_s, u"remove"_s, u"{COPY}"_s, u"n_rows"_s} << 0;
    QTest::newRow("checks-remove-unknown") << QStringList{u"checks"_s, u"remove"_s, u"{COPY}"_s, u"nope"_s} << 1;
    QTest::newRow("checks-edit")
        << QStringList{u"checks"_s, u"edit"_s, u"{COPY}"_s, u"corr"_s, u"--points"_s, u"3"_s, u"--clear-atol"_s} << 0;
    QTest::newRow("checks-edit-test-tolerance")
        << QStringList{u"checks"_s, u"edit"_s, u"{COPY}"_s, u"t-corr"_s, u"--rtol"_s, u"0.1"_s} << 1;
    QTest::newRow("checks-edit-nothing") << QStringList{u"checks"_s, u"edit"_s, u"{COPY}"_s, u"corr"_s} << 2;
    // Any field of the kind (checks/checkfield.h), parsed by its type; an unknown key lists the kind's fields.
    QTest::newRow("checks-edit-set")
        << QStringList{u"checks"_s, u"edit"_s, u"{COPY}"_s, u"corr"_s, u"--set"_s, u"exact_type=yes"_s, u"--set"_s,
                       u"anchor=q1"_s, u"--unset"_s, u"rtol"_s} << 0;
    QTest::newRow("checks-edit-set-unknown")
        << QStringList{u"checks"_s, u"edit"_s, u"{COPY}"_s, u"corr"_s, u"--set"_s, u"code=assert 1"_s} << 1;
    QTest::newRow("checks-edit-set-not-a-flag")
        << QStringList{u"checks"_s, u"edit"_s, u"{COPY}"_s, u"corr"_s, u"--set"_s, u"ignore_case=maybe"_s} << 1;
    // Points above the cap (kMaxCheckPoints): refused naming the field (two checks of 1e308 made the total inf, and
    // `validate` said valid: fresh-user finding).
    QTest::newRow("checks-edit-points-above-the-cap")
        << QStringList{u"checks"_s, u"edit"_s, u"{COPY}"_s, u"corr"_s, u"--set"_s, u"points=1e308"_s} << 1;
    QTest::newRow("checks-add-value-unknown-anchor") // refused, not written for `validate` to find later
        << QStringList{u"checks"_s, u"add"_s, u"value"_s, u"{COPY}"_s, u"--variable"_s, u"corr"_s, u"--id"_s, u"c2"_s,
                       u"--anchor"_s, u"nosuchcell"_s} << 1;
    // assignment: the assignment's own fields (docs/assignment-format.md, "Editing without an editor"); {COPY} as above.
    QTest::newRow("assignment-help") << QStringList{u"assignment"_s, u"--help"_s} << 0;
    QTest::newRow("assignment-bad-action") << QStringList{u"assignment"_s, u"frob"_s, u"{COPY}"_s, u"title"_s} << 2;
    QTest::newRow("assignment-set-limits")
        << QStringList{u"assignment"_s, u"set"_s, u"{COPY}"_s, u"limits.disk_bytes"_s, u"2097152"_s} << 0;
    QTest::newRow("assignment-set-title")
        << QStringList{u"assignment"_s, u"set"_s, u"{COPY}"_s, u"title"_s, u"Homework 1: Iris"_s} << 0;
    QTest::newRow("assignment-set-dependencies")
        << QStringList{u"assignment"_s, u"set"_s, u"{COPY}"_s, u"dependencies"_s, u"numpy>=2"_s, u"scipy"_s} << 0;
    QTest::newRow("assignment-set-two-values")
        << QStringList{u"assignment"_s, u"set"_s, u"{COPY}"_s, u"title"_s, u"a"_s, u"b"_s} << 2;
    QTest::newRow("assignment-set-memory-too-small")
        << QStringList{u"assignment"_s, u"set"_s, u"{COPY}"_s, u"limits.memory_bytes"_s, u"1000"_s} << 1;
    QTest::newRow("assignment-set-not-a-number")
        << QStringList{u"assignment"_s, u"set"_s, u"{COPY}"_s, u"limits.cpus"_s, u"two"_s} << 1;
    QTest::newRow("assignment-set-unknown-key")
        << QStringList{u"assignment"_s, u"set"_s, u"{COPY}"_s, u"slug"_s, u"hw-2"_s} << 1;
    QTest::newRow("assignment-set-bad-sandbox")
        << QStringList{u"assignment"_s, u"set"_s, u"{COPY}"_s, u"sandbox"_s, u"vm"_s} << 1;
    QTest::newRow("assignment-unset-sandbox") << QStringList{u"assignment"_s, u"unset"_s, u"{COPY}"_s, u"sandbox"_s} << 0;
    // The value it already has: said, and the file is not written.
    QTest::newRow("assignment-set-same-value")
        << QStringList{u"assignment"_s, u"set"_s, u"{COPY}"_s, u"sandbox"_s, u"bwrap"_s} << 0;
    // "-5" reads as an option: the error says a negative value goes after "--".
    QTest::newRow("assignment-set-negative-without-dashes")
        << QStringList{u"assignment"_s, u"set"_s, u"{COPY}"_s, u"limits.timeout_s"_s, u"-5"_s} << 2;
    QTest::newRow("assignment-set-negative")
        << QStringList{u"assignment"_s, u"set"_s, u"{COPY}"_s, u"limits.timeout_s"_s, u"--"_s, u"-5"_s} << 1;
    QTest::newRow("assignment-add-dependency")
        << QStringList{u"assignment"_s, u"add"_s, u"{COPY}"_s, u"dependencies"_s, u"scipy>=1.10"_s} << 0;
    QTest::newRow("assignment-add-dataset-revision")
        << QStringList{u"assignment"_s, u"add"_s, u"{COPY}"_s, u"required_datasets"_s, u"org/iris@v1.0 data/iris.parquet"_s} << 0;
    QTest::newRow("assignment-add-missing-data-file")
        << QStringList{u"assignment"_s, u"add"_s, u"{COPY}"_s, u"data_files"_s, u"data/nope.csv"_s, u"--url"_s,
                       u"https://example.invalid/nope.csv"_s} << 1;
    QTest::newRow("assignment-add-url-to-dependency")
        << QStringList{u"assignment"_s, u"add"_s, u"{COPY}"_s, u"dependencies"_s, u"scipy"_s, u"--url"_s, u"https://x.invalid/"_s} << 1;
    QTest::newRow("assignment-remove-data-file")
        << QStringList{u"assignment"_s, u"remove"_s, u"{COPY}"_s, u"data_files"_s, u"data/iris.csv"_s} << 0;
    QTest::newRow("assignment-remove-last-notebook")
        << QStringList{u"assignment"_s, u"remove"_s, u"{COPY}"_s, u"notebooks"_s, u"hw.ipynb"_s} << 1;
    QTest::newRow("assignment-urls")
        << QStringList{u"assignment"_s, u"urls"_s, u"{COPY}"_s, u"data/extra.csv"_s, u"https://example.invalid/extra.csv"_s} << 0;
    QTest::newRow("assignment-url-option-on-set")
        << QStringList{u"assignment"_s, u"set"_s, u"{COPY}"_s, u"title"_s, u"x"_s, u"--url"_s, u"https://x.invalid/"_s} << 2;
    QTest::newRow("checks-edit-unset-required")
        << QStringList{u"checks"_s, u"edit"_s, u"{COPY}"_s, u"corr"_s, u"--unset"_s, u"variable"_s} << 1;
}

void TestCli::golden()
{
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QTemporaryDir tmp;
    const QString copy = tmp.filePath(u"good"_s);
    const bool copying = args.join(QLatin1Char(' ')).contains(u"{COPY}"_s);
    if (copying)
        copyTree(dataPath(u"assignments/good"_s), copy);
    const QByteArray jsonBefore = copying ? readAll(copy + u"/assignment.json"_s) : QByteArray();
    for (QString &a : args) {
        a.replace(u"{TMP}"_s, tmp.path());
        a.replace(u"{COPY}"_s, copy);
    }
    const Run r = runCli(args);
    const QString name = QString::fromLatin1(QTest::currentDataTag());
    QCOMPARE(r.code, code);
    if (copying && code == 0)
        compareGolden(name, "json", readAll(copy + u"/assignment.json"_s));
    else if (copying)
        QCOMPARE(readAll(copy + u"/assignment.json"_s), jsonBefore);
    compareGolden(name, "stdout", normalized(r.out, tmp.path()));
    compareGolden(name, "stderr", normalized(r.err, tmp.path()));
    compareGolden(name, "code", QByteArray::number(r.code) + '\n');
    // Errors are one line each on stderr, naming the file and the place.
    if (code == 1) {
        const QList<QByteArray> lines = r.err.trimmed().split('\n');
        int errors = 0;
        for (const QByteArray &line : lines)
            if (line.startsWith("sandmark-cli: ") && !line.startsWith("sandmark-cli: warning: ")
                && !line.startsWith("sandmark-cli: note: "))
                ++errors;
        QVERIFY2(errors >= 1, r.err.constData());
        QVERIFY2(!r.err.contains(QStringLiteral(SANDMARK_TEST_DATA_DIR).toUtf8()),
                 "paths inside the working directory are shown relative");
    }
}

// `diff` prints sam's notebook (tests/data/review) against the release: his changed answer cell, marked, and
// the cell he added; unchanged cells only with --context. The same diffAgainstRelease() as the app's Diff tab.
void TestCli::diffPrintsCellsAgainstRelease()
{
    const Run r = runCli({u"diff"_s, dataPath(u"review"_s), u"sam"_s});
    QVERIFY2(r.code == 0, r.err.constData());
    const QString out = QString::fromUtf8(r.out);
    QVERIFY2(out.startsWith(u"--- release/review.ipynb\n+++ sam/review.ipynb\n@@ cells[3] → cells[3] (answer, grade_id 'q1') @@\n"_s),
             r.out.constData());
    QVERIFY2(out.contains(u"\n+summary = pd.DataFrame({'x': [1.0, 2.0, 3.0], 'y': [10.0, 25.0, 30.0]})\n"_s), r.out.constData());
    QVERIFY2(out.contains(u"\n@@ (none) → cells[4] (added) @@\n+summary['z'] = summary['x'] * unknown_factor\n"_s), r.out.constData());
    QVERIFY2(out.endsWith(u"# 1 changed (1 answer(s)), 1 added, 0 removed\n"_s), r.out.constData());
    QVERIFY(!out.contains(u"= cells[5]"_s));
    const Run context = runCli({u"diff"_s, dataPath(u"review"_s), u"sam"_s, u"--context"_s});
    QVERIFY2(context.code == 0, context.err.constData());
    QVERIFY(QString::fromUtf8(context.out).contains(u"\n= cells[5]\n"_s));
    const Run nobody = runCli({u"diff"_s, dataPath(u"review"_s), u"nobody"_s});
    QCOMPARE(nobody.code, 1);
    QVERIFY2(nobody.err.startsWith("sandmark-cli: "), nobody.err.constData());
}

// A problem set's folder holds a notebook per problem: `diff` shows each against its own release (a folder of several
// notebooks is not "ambiguous" here), only the one a named notebook is matched to, or the one --notebook names.
void TestCli::diffOfAProblemSetShowsEachNotebook()
{
    const QString ps = dataPath(u"problemsets/ps"_s);
    const auto headers = [](const QByteArray &out) {
        QStringList lines;
        for (const QByteArray &line : out.split('\n'))
            if (line.startsWith("--- ") || line.startsWith("+++ "))
                lines << QString::fromUtf8(line);
        return lines;
    };
    Run r = runCli({u"diff"_s, ps, u"carol"_s});
    QVERIFY2(r.code == 0, r.err.constData());
    QCOMPARE(headers(r.out), (QStringList{u"--- release/part1.ipynb"_s, u"+++ carol/part1.ipynb"_s, u"--- release/part2.ipynb"_s,
                                         u"+++ carol/hw_carol.ipynb"_s, u"--- release/part3.ipynb"_s, u"+++ carol/part3.ipynb"_s}));
    r = runCli({u"diff"_s, ps, u"carol/hw_carol.ipynb"_s});
    QVERIFY2(r.code == 0, r.err.constData());
    QCOMPARE(headers(r.out), (QStringList{u"--- release/part2.ipynb"_s, u"+++ carol/hw_carol.ipynb"_s}));
    r = runCli({u"diff"_s, ps, u"carol"_s, u"--notebook"_s, u"part3.ipynb"_s});
    QVERIFY2(r.code == 0, r.err.constData());
    QCOMPARE(headers(r.out), (QStringList{u"--- release/part3.ipynb"_s, u"+++ carol/part3.ipynb"_s}));
    r = runCli({u"diff"_s, ps, u"carol/hw_carol.ipynb"_s, u"--notebook"_s, u"part1.ipynb"_s});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("hw_carol.ipynb: not matched to a notebook of the assignment as part1.ipynb"), r.err.constData());
    r = runCli({u"diff"_s, ps, u"dave"_s}); // no part2 handed in
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY2(r.out.contains("--- release/part2.ipynb\n+++ dave: no notebook matched\n"), r.out.constData());
}

// `values` reads the student's latest run from the gradebook: without one, the error names the gradebook.
void TestCli::valuesWithoutGradebookNamesIt()
{
    QTemporaryDir tmp;
    copyTree(dataPath(u"review"_s), tmp.path());
    const Run r = runCli({u"values"_s, tmp.path(), u"sam"_s, u"summary"_s});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("gradebook.sqlite") && r.err.contains("grade the submissions first"), r.err.constData());
}

// `values` of a student whose notebook is not JSON: nothing ran, and running again would not either. The error
// names the file and the parse error's place, and says the submission must be fixed or replaced (it said "run the
// submission again": fresh-user run).
void TestCli::valuesOfAnUnreadableNotebookSaysRerunningWontHelp()
{
    QTemporaryDir tmp;
    const QString good = tmp.filePath(u"good"_s);
    copyTree(dataPath(u"assignments/good"_s), good);
    QVERIFY(QDir().mkpath(good + u"/submissions/judy"_s));
    QVERIFY(writeFile(good + u"/submissions/judy/hw.ipynb"_s, "{\n \"cells\": [\n  {\"cell_type\": \"code\", \"source\": \"x = 1\n"));
    QVERIFY(QDir().mkpath(good + u"/.sandmark"_s));
    // What grade records for it: needs review, nothing graded, no run folder.
    recordOneCheckRun(Gradebook::defaultPath(good), u"judy"_s, Outcome::NotGraded, GradeStatus::NeedsReview);
    const Run r = runCli({u"values"_s, u"good"_s, u"judy"_s, u"n_rows"_s}, {}, tmp.path());
    QCOMPARE(r.code, 1);
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.startsWith(u"sandmark-cli: good/submissions/judy/hw.ipynb: line "_s), qPrintable(err));
    QVERIFY2(err.contains(u": the notebook cannot be read (invalid JSON"_s), qPrintable(err));
    QVERIFY2(err.contains(u"grading it again will not help until the submission is fixed or replaced"_s), qPrintable(err));
    QVERIFY2(!err.contains(u"again to see its values"_s), qPrintable(err));
    QCOMPARE(err.count(u'\n'), 1);
}

// `import nbgrader` proposes dependencies from the notebooks' own imports (never adds them): the standard library,
// the course's own helpers.py and IPython are left out, sklearn is proposed by its pip name, and a module the
// environment's Python lacks is a warning naming it.
void TestCli::importNbgraderProposesDependencies()
{
    QTemporaryDir tmp;
    const QString out = tmp.filePath(u"imports"_s);
    const Run r = runCli({u"import"_s, u"nbgrader"_s, dataPath(u"nbgrader/outcomes/source/imports"_s), u"-o"_s, out});
    QVERIFY2(r.code == 0, r.err.constData());
    const QString expected = u"  dependencies:  not added; the notebooks import numpy, sklearn, course_helpers_absent "
                             "(outside the standard library): add what the course needs to \"dependencies\" in %1, e.g. "
                             "\"dependencies\": [\"numpy\", \"scikit-learn\", \"course_helpers_absent\"]\n"_s
                                 .arg(out + u"/assignment.json"_s);
    QVERIFY2(QString::fromUtf8(r.out).endsWith(expected), r.out.constData());
    QVERIFY2(r.err.contains(" has no module course_helpers_absent") || r.err.contains(", course_helpers_absent, which"),
             r.err.constData());
    QVERIFY(r.err.contains("every run fails on that import until \"dependencies\" in assignment.json lists the package"));
    // Nothing was added.
    QVERIFY(!readAll(out + u"/assignment.json"_s).contains("\"dependencies\""));
    // A notebook importing only the standard library: nothing to propose.
    const Run ps1 = runCli({u"import"_s, u"nbgrader"_s, dataPath(u"nbgrader/source/ps1"_s), u"-o"_s, tmp.filePath(u"ps1"_s)});
    QVERIFY2(ps1.code == 0, ps1.err.constData());
    QVERIFY2(ps1.out.endsWith("  dependencies:  none proposed (the notebooks import the standard library only)\n"),
             ps1.out.constData());
}

void TestCli::version()
{
    const Run r = runCli({u"--version"_s});
    QCOMPARE(r.code, 0);
    QVERIFY2(QRegularExpression(u"^sandmark-cli \\d+\\.\\d+\\.\\d+\\S*\n$"_s).match(QString::fromUtf8(r.out)).hasMatch(),
             r.out.constData());
    QCOMPARE(r.err, QByteArray());
}

// `--version --verbose`: the version, then the core's optional parts, as linked (QtKeychain's package version,
// libarchive's own report); both are required, so both say yes.
void TestCli::versionVerboseListsTheParts()
{
    for (const QStringList &args : {QStringList{u"--version"_s, u"--verbose"_s}, QStringList{u"--verbose"_s, u"-v"_s}}) {
        const Run r = runCli(args);
        QCOMPARE(r.code, 0);
        QVERIFY2(QRegularExpression(u"^sandmark-cli \\d+\\.\\d+\\.\\d+\\S*\n"
                                    "QtKeychain: yes \\(\\d+\\.\\d+\\.\\d+\\)\n"
                                    "libarchive: yes \\(\\d+\\.\\d+\\.\\d+\\)\n$"_s)
                     .match(QString::fromUtf8(r.out))
                     .hasMatch(),
                 r.out.constData());
        QCOMPARE(r.err, QByteArray());
    }
}

// The golden instrumented notebook strips back to the instructor notebook, byte for byte.
void TestCli::instrumentThenStripGivesTheOriginal()
{
    const Run r = runCli({u"strip"_s, u"cli/instrument.stdout"_s});
    QCOMPARE(r.code, 0);
    QCOMPARE(r.out, readAll(dataPath(u"assignments/good/hw.ipynb"_s)));
    const auto inst = Notebook::load(dataPath(u"cli/instrument.stdout"_s));
    QVERIFY(inst);
    int injected = 0;
    for (int i = 0; i < inst->cellCount(); ++i)
        injected += inst->injectedKind(i) != InjectedKind::None;
    QCOMPARE(injected, 6); // redirect, probes q1, q2 and end, test-5, and t-corr in place of its cell
}

void TestCli::releaseWritesTheGoldenNotebook()
{
    QTemporaryDir tmp;
    const Run r = runCli({u"release"_s, u"assignments/good"_s, u"-o"_s, tmp.path()});
    QCOMPARE(r.code, 0);
    const QByteArray released = readAll(tmp.filePath(u"student/hw.ipynb"_s));
    compareGolden(u"release-hw"_s, "ipynb", released);
    QCOMPARE(readAll(tmp.filePath(u"student/data/iris.csv"_s)), readAll(dataPath(u"assignments/good/data/iris.csv"_s)));
    if (haveNbformat())
        QCOMPARE(nbformatProblems({tmp.filePath(u"student/hw.ipynb"_s)}), (QMap<QString, QString>()));
}

// merge: a bad input is refused before OUT is touched (no empty OUT left behind; an existing OUT stays as it
// was), the input itself is not modified, and the error names the input.
void TestCli::mergeBadInputLeavesNothing()
{
    QTemporaryDir tmp;
    auto write = [&](const QString &name, const QByteArray &bytes) {
        QFile f(tmp.filePath(name));
        if (f.open(QIODevice::WriteOnly))
            f.write(bytes);
        return f.fileName();
    };
    const QString text = write(u"notes.txt"_s, "not a gradebook\n");
    const QString empty = write(u"empty.sqlite"_s, {});
    const QString foreign = tmp.filePath(u"foreign.sqlite"_s);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"foreign"_s);
        db.setDatabaseName(foreign);
        QVERIFY(db.open());
        QVERIFY(QSqlQuery(db).exec(u"CREATE TABLE t(x)"_s));
        db.close();
    }
    QSqlDatabase::removeDatabase(u"foreign"_s);
    const QByteArray foreignBytes = readAll(foreign);
    QString good = tmp.filePath(u"good.sqlite"_s);
    QVERIFY(Gradebook::open(good));

    const QString out = tmp.filePath(u"out.sqlite"_s);
    const QList<QPair<QString, QString>> bad = {{text, u"not an SQLite database"_s},
                                                {empty, u"an empty file"_s},
                                                {foreign, u"no schema version"_s}};
    for (const auto &[input, why] : bad) {
        // The bad input after a good one: nothing is merged, no OUT appears.
        const Run r = runCli({u"merge"_s, out, good, input});
        QCOMPARE(r.code, 1);
        QCOMPARE(QString::fromUtf8(r.err), u"sandmark-cli: %1: not a Sandmark gradebook (%2)\n"_s.arg(input, why));
        QCOMPARE(r.out, QByteArray());
        QVERIFY2(QDir(tmp.path()).entryList({u"*out.sqlite*"_s}, QDir::Files | QDir::Hidden).isEmpty(),
                 qPrintable(QDir(tmp.path()).entryList(QDir::Files | QDir::Hidden).join(u' ')));
        // The inputs are left as they were: no -wal or -shm beside them (fresh-user attack s17).
        QVERIFY2(QDir(tmp.path()).entryList({u"*-wal"_s, u"*-shm"_s}, QDir::Files | QDir::Hidden).isEmpty(),
                 qPrintable(QDir(tmp.path()).entryList(QDir::Files | QDir::Hidden).join(u' ')));
    }
    // OUT in a folder that does not exist: refused, the folder is not made (a typo made a tree before).
    const QString lost = tmp.filePath(u"no/such/out.sqlite"_s);
    const Run missing = runCli({u"merge"_s, lost, good});
    QCOMPARE(missing.code, 1);
    QCOMPARE(QString::fromUtf8(missing.err), u"sandmark-cli: %1: its folder %2 does not exist\n"_s.arg(lost, tmp.filePath(u"no/such"_s)));
    QVERIFY(!QFileInfo::exists(tmp.filePath(u"no"_s)));
    QCOMPARE(readAll(empty), QByteArray()); // not turned into a gradebook
    QCOMPARE(readAll(foreign), foreignBytes);
    // An existing OUT stays as it was.
    Run r = runCli({u"merge"_s, out, good});
    QCOMPARE(r.code, 0);
    QCOMPARE(QString::fromUtf8(r.out), u"%1: 0 run(s) added, 0 already present; 0 override(s) added, 0 already present\n"_s.arg(good));
    QVERIFY(QFileInfo(out).isFile());
    QVERIFY(QDir(tmp.path()).entryList({u".out.sqlite.merging-*"_s}, QDir::Files | QDir::Hidden).isEmpty());
    const QByteArray before = readAll(out);
    r = runCli({u"merge"_s, out, text});
    QCOMPARE(r.code, 1);
    QCOMPARE(readAll(out), before);
}

// merge carries settled notebook matches and says so; one settled differently in two shards is a warning naming
// both files, the one kept and the command that settles it.
void TestCli::mergeReportsConflictingMatches()
{
    QTemporaryDir tmp;
    const QString s1 = tmp.filePath(u"s1.sqlite"_s), s2 = tmp.filePath(u"s2.sqlite"_s);
    for (const auto &[path, file] : {std::pair{s1, u"untitled.ipynb"_s}, std::pair{s2, u"my part2.ipynb"_s}}) {
        auto gb = Gradebook::open(path);
        QVERIFY(gb);
        QVERIFY((*gb)->settleMatch(u"hank"_s, u"part2.ipynb"_s, file));
    }
    const QString out = tmp.filePath(u"out.sqlite"_s);
    const Run r = runCli({u"merge"_s, out, s1, s2});
    QCOMPARE(r.code, 0);
    QCOMPARE(QString::fromUtf8(r.out),
             u"%1: 0 run(s) added, 0 already present; 0 override(s) added, 0 already present; 1 settled match(es) added, 0 "
             "already present, 0 in conflict\n"
             "%2: 0 run(s) added, 0 already present; 0 override(s) added, 0 already present; 0 settled match(es) added, 0 "
             "already present, 1 in conflict\n"_s.arg(s1, s2));
    QCOMPARE(QString::fromUtf8(r.err),
             u"sandmark-cli: warning: hank's part2.ipynb is settled as untitled.ipynb here and as my part2.ipynb in %1: "
             "untitled.ipynb kept; settle it with sandmark-cli match ASSIGNMENT hank part2.ipynb FILE\n"_s.arg(s2));
    auto gb = Gradebook::open(out);
    QVERIFY(gb);
    QCOMPARE((*gb)->settledMatches(u"hank"_s)->value(u"part2.ipynb"_s), u"untitled.ipynb"_s);
}

// Shards graded under other checks, reference or limits (an edit between a shard and its resubmission) are merged
// all the same, with a warning per shard naming it, the shard of the newest results and how many results differ
// (merge said nothing: the merged table mixed two versions of the assignment). A run records the assignment inputs
// key it was graded under (runs.inputs_key); a grader error and a run of an older Sandmark (no key) are not counted.
void TestCli::mergeWarnsOfShardsGradedUnderOtherInputs()
{
    QTemporaryDir tmp;
    const QDateTime t0 = QDateTime::currentDateTimeUtc().addSecs(-600);
    const auto record = [&](const QString &path, const QString &student, const QString &inputsKey, const QString &referenceKey,
                            int minute, GradeStatus status = GradeStatus::Graded) {
        auto gb = Gradebook::open(path);
        QVERIFY(gb);
        RunRecord r;
        r.studentId = student;
        r.filesHash = u"files-"_s + student;
        r.inputsHash = Gradebook::inputsHash(r.filesHash, inputsKey);
        r.inputsKey = inputsKey;
        r.referenceKey = referenceKey;
        r.started = t0.addSecs(60 * minute);
        r.finished = r.started.addSecs(5);
        r.result.status = status;
        r.result.maxScore = 1;
        QVERIFY((*gb)->recordRun(r));
    };
    const QString s1 = tmp.filePath(u"s1.sqlite"_s), s2 = tmp.filePath(u"s2.sqlite"_s), s3 = tmp.filePath(u"s3.sqlite"_s);
    record(s1, u"alice"_s, u"old-checks"_s, u"ref-1"_s, 0);
    record(s1, u"bob"_s, u"old-checks"_s, u"ref-1"_s, 1);
    record(s1, u"erin"_s, u""_s, u"ref-1"_s, 1);                                     // an older Sandmark's run: unknown
    record(s2, u"carol"_s, u"new-checks"_s, u"ref-1"_s, 5);
    record(s2, u"dave"_s, u"old-checks"_s, u"ref-1"_s, 2);                           // the shard's own older result
    record(s2, u"dave"_s, u"new-checks"_s, u"ref-1"_s, 6);                           // … regraded: the latest counts
    record(s2, u"frank"_s, u"new-checks"_s, u"ref-1"_s, 7);
    record(s2, u"frank"_s, u"other"_s, u"ref-9"_s, 8, GradeStatus::GraderError);    // no grade: not counted
    record(s3, u"gina"_s, u"old-limits"_s, u"ref-0"_s, 0);
    const QString out = tmp.filePath(u"out.sqlite"_s);
    Run r = runCli({u"merge"_s, out, s1, s2, s3});
    QCOMPARE(r.code, 0);
    const QString tail = u"; merged as they are: sandmark-cli grade ASSIGNMENT regrades every result graded under other "
                         "inputs than the assignment's current ones (export marks them stale)\n"_s;
    QCOMPARE(QString::fromUtf8(r.err),
             u"sandmark-cli: warning: %1: 2 of 2 result(s) were graded under other checks or assignment.json settings (the "
             "same reference run) than the newest results (in %2)"_s.arg(s1, s2)
                 + tail
                 + u"sandmark-cli: warning: %1: 1 of 1 result(s) were graded under another version of the assignment (1 of "
                   "them with another reference run: instructor notebook, data files, limits, injected tests or "
                   "environment) than the newest results (in %2)"_s.arg(s3, s2)
                 + tail);
    // The merged gradebook keeps what each run was graded under: merged again, it says so of itself.
    const QString again = tmp.filePath(u"again.sqlite"_s);
    r = runCli({u"merge"_s, again, out});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.err.contains(u"%1: 3 of 5 result(s) were graded under another version of the assignment (1 of them with "
                            "another reference run"_s.arg(out).toUtf8()),
             r.err.constData());
    // Shards graded under the same inputs: no warning.
    r = runCli({u"merge"_s, tmp.filePath(u"same.sqlite"_s), s2});
    QCOMPARE(r.code, 0);
    QCOMPARE(QString::fromUtf8(r.err), QString());
}

// A gradebook of another assignment (its results of other checks) is refused, naming both files and their checks,
// and nothing is written: merge took it with a warning and exit 0 (fresh-user report). Gradebooks record no slug;
// the checks their results hold say whose they are. A shard graded under partly other checks still merges.
void TestCli::mergeRefusesAnotherAssignmentsGradebook()
{
    QTemporaryDir tmp;
    const QString iris = tmp.filePath(u"iris.sqlite"_s), ps1 = tmp.filePath(u"ps1.sqlite"_s);
    recordOneCheckRun(iris, u"alice"_s, Outcome::Pass); // check n_rows
    {
        auto gb = Gradebook::open(ps1);
        QVERIFY(gb);
        RunRecord r;
        r.studentId = u"bob"_s;
        r.filesHash = u"files-bob"_s;
        r.inputsHash = u"in-ps1"_s;
        r.started = QDateTime::currentDateTimeUtc();
        r.finished = r.started.addSecs(1);
        for (const QString &id : {u"q1"_s, u"q2"_s}) {
            CheckResult c;
            c.checkId = id;
            c.type = Check::Type::Test;
            c.outcome = Outcome::Pass;
            c.points = c.maxPoints = 1;
            r.result.checks << c;
        }
        r.result.score = r.result.maxScore = 2;
        QVERIFY((*gb)->recordRun(r));
    }
    const QByteArray irisBefore = readAll(iris), ps1Before = readAll(ps1);
    const QString out = tmp.filePath(u"m.sqlite"_s);
    const QString refusal = u"sandmark-cli: %1: holds the grades of another assignment than %2 (its results are of the "
                            "checks %3; those of %2 of the checks %4; none in common): gradebooks of different assignments "
                            "are not merged (nothing was merged)\n"_s;
    Run r = runCli({u"merge"_s, out, iris, ps1});
    QCOMPARE(r.code, 1);
    QCOMPARE(QString::fromUtf8(r.err), refusal.arg(ps1, iris, u"q1, q2"_s, u"n_rows"_s));
    QCOMPARE(r.out, QByteArray());
    QVERIFY2(QDir(tmp.path()).entryList({u"*m.sqlite*"_s}, QDir::Files | QDir::Hidden).isEmpty(),
             qPrintable(QDir(tmp.path()).entryList(QDir::Files | QDir::Hidden).join(u' ')));
    QCOMPARE(readAll(iris), irisBefore);
    QCOMPARE(readAll(ps1), ps1Before);
    // Into an existing OUT of the other assignment: refused, OUT as it was.
    r = runCli({u"merge"_s, out, iris});
    QCOMPARE(r.code, 0);
    const QByteArray outBefore = readAll(out);
    r = runCli({u"merge"_s, out, ps1});
    QCOMPARE(r.code, 1);
    QCOMPARE(QString::fromUtf8(r.err), refusal.arg(ps1, out, u"q1, q2"_s, u"n_rows"_s));
    QCOMPARE(readAll(out), outBefore);
    // A shard of the same assignment graded under partly other checks (an edit between shards) merges.
    const QString edited = tmp.filePath(u"edited.sqlite"_s);
    recordOneCheckRun(edited, u"carol"_s, Outcome::Pass);
    recordOneCheckRun(ps1, u"dave"_s, Outcome::Pass); // ps1.sqlite now also holds n_rows results
    r = runCli({u"merge"_s, tmp.filePath(u"m2.sqlite"_s), iris, edited, ps1});
    QVERIFY2(r.code == 0, r.err.constData());
}

// A gradebook in a read-only folder is read read-only: export, merge (an input) and grade --dry-run work and write
// nothing beside it; they said "not a Sandmark gradebook (attempt to write a readonly database …)", exit 1
// (fresh-user report; docs/gradebook.md says gradebooks on read-only media merge). Where SQLite cannot read it there
// (a -wal holding commits, no -shm), the error says the folder is read-only and what to do. Root writes anywhere, so
// as root the CLI runs as uid 65534 (setpriv).
void TestCli::readOnlyGradebookIsReadReadOnly()
{
    QStringList prefix;
    if (::geteuid() == 0) {
        const QString setpriv = QStandardPaths::findExecutable(u"setpriv"_s);
        if (setpriv.isEmpty())
            QSKIP("setpriv (util-linux) is needed to run as another user than root");
        prefix = {setpriv, u"--reuid"_s, u"65534"_s, u"--regid"_s, u"65534"_s, u"--clear-groups"_s};
    }
    QTemporaryDir tmp;
    const QString iris = tmp.filePath(u"iris"_s);
    copyTree(QStringLiteral(SANDMARK_SOURCE_DIR "/examples/iris"), iris);
    const QString gbPath = Gradebook::defaultPath(iris);
    recordOneCheckRun(gbPath, u"alice"_s, Outcome::Pass);
    recordOneCheckRun(gbPath, u"bob"_s, Outcome::Fail);
    if (!prefix.isEmpty())
        QCOMPARE(QProcess::execute(u"chown"_s, {u"-R"_s, u"65534:65534"_s, tmp.path()}), 0);
    QVERIFY(QFile::setPermissions(tmp.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner
                                                  | QFileDevice::ReadOther | QFileDevice::ExeOther));
    const QString folder = QFileInfo(gbPath).absolutePath();
    QVERIFY(QFile::setPermissions(folder, QFileDevice::ReadOwner | QFileDevice::ExeOwner | QFileDevice::ReadOther
                                              | QFileDevice::ExeOther)); // 0505: read-only
    const auto restore = qScopeGuard([&] { QFile::setPermissions(folder, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner); });
    const auto run = [&](const QStringList &args) {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"LC_ALL"_s, u"C.UTF-8"_s);
        env.insert(u"HOME"_s, tmp.path());
        env.insert(u"SANDMARK_CACHE_DIR"_s, tmp.filePath(u"cache"_s));
        p.setProcessEnvironment(env);
        p.setWorkingDirectory(tmp.path());
        const QStringList argv = prefix + QStringList{QStringLiteral(SANDMARK_CLI)} + args;
        p.start(argv.first(), argv.mid(1));
        CliRun r;
        if (!p.waitForFinished(120000)) {
            p.kill();
            p.waitForFinished();
        }
        r.out = p.readAllStandardOutput();
        r.err = p.readAllStandardError();
        r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        return r;
    };
    const QStringList before = QDir(folder).entryList(QDir::Files | QDir::Hidden);
    const QString csv = tmp.filePath(u"elsewhere.csv"_s);
    CliRun r = run({u"export"_s, iris, u"-o"_s, csv});
    QVERIFY2(r.code == 0, r.err.constData());
    const QByteArray exported = readAll(csv);
    QVERIFY2(exported.contains("\r\nalice,1,") && exported.contains("\r\nbob,0,"), exported.constData());
    r = run({u"merge"_s, tmp.filePath(u"merged.sqlite"_s), gbPath});
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY2(r.out.contains(": 2 run(s) added"), r.out.constData());
    r = run({u"grade"_s, u"--dry-run"_s, iris});
    QVERIFY2(!r.err.contains("readonly") && !r.err.contains("not a Sandmark gradebook"), r.err.constData());
    QVERIFY2(r.out.contains("dry run"), r.out.constData());
    QCOMPARE(QDir(folder).entryList(QDir::Files | QDir::Hidden), before); // nothing written beside it

    // A write-ahead log holding commits, without the -shm SQLite shares: it cannot be read there; said, with the fix.
    QVERIFY(QFile::setPermissions(folder, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner));
    QVERIFY(writeFile(gbPath + u"-wal"_s, QByteArray(4096, 'x')));
    if (!prefix.isEmpty())
        QCOMPARE(QProcess::execute(u"chown"_s, {u"65534:65534"_s, gbPath + u"-wal"_s}), 0);
    QVERIFY(QFile::setPermissions(folder, QFileDevice::ReadOwner | QFileDevice::ExeOwner | QFileDevice::ReadOther
                                              | QFileDevice::ExeOther));
    r = run({u"export"_s, iris, u"-o"_s, csv});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("the folder " + folder.toUtf8() + " is read-only")
                 && r.err.contains("make the folder writable (chmod u+w " + folder.toUtf8() + ")"),
             r.err.constData());
    QVERIFY2(!r.err.contains("not a Sandmark gradebook"), r.err.constData());
}

// -o FILE: a failing run leaves an existing file as it was.
void TestCli::outputFileIsWrittenAtomically()
{
    QTemporaryDir tmp;
    const QString out = tmp.filePath(u"out.ipynb"_s);
    {
        QFile f(out);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("previous\n");
    }
    Run r = runCli({u"strip"_s, u"cases/cp1252-byte-not-utf8.ipynb"_s, u"-o"_s, out});
    QCOMPARE(r.code, 1);
    QCOMPARE(readAll(out), QByteArray("previous\n"));
    r = runCli({u"strip"_s, u"cli/instrument.stdout"_s, u"-o"_s, out});
    QCOMPARE(r.code, 0);
    QCOMPARE(r.out, (u"removed 5 injected cell(s); 5 cell(s) written to "_s + out + u"\n"_s).toUtf8()); // the notebook went to the file
    QCOMPARE(readAll(out), readAll(dataPath(u"assignments/good/hw.ipynb"_s)));
}

// An output file (-o) that cannot be written is a grader error, exit 3, naming the file (README, "Exit codes": "a file
// or folder it must write that cannot be written"): in a folder that does not exist, on /sys, on a full device
// (/dev/full). Fresh-user finding: the first two exited 1, and /dev/full "succeeded": the atomic write renamed its
// file over the device node, which then was a regular file holding the CSV.
void TestCli::outputFileThatCannotBeWrittenIsAGraderError()
{
    QTemporaryDir tmp;
    const QString gbPath = tmp.filePath(u"gb.sqlite"_s);
    recordOneCheckRun(gbPath, u"amy"_s, Outcome::Pass);
    // Root makes a full device of its own (replacing /dev/full would break the machine); another user uses /dev/full,
    // which it cannot replace.
    QString full = u"/dev/full"_s;
    if (::geteuid() == 0) {
        full = tmp.filePath(u"full"_s);
        QCOMPARE(QProcess::execute(u"mknod"_s, {full, u"c"_s, u"1"_s, u"7"_s}), 0);
    }
    QVERIFY(QFileInfo(full).exists() && !QFileInfo(full).isFile());
    for (const QString &to : {tmp.filePath(u"missing/grades.csv"_s), u"/sys/sandmark-tst-cli.csv"_s, full}) {
        const Run r = runCli({u"export"_s, u"assignments/good"_s, u"--gradebook"_s, gbPath, u"-o"_s, to});
        QVERIFY2(r.code == 3, qPrintable(to + u": "_s + QString::fromUtf8(r.err)));
        QVERIFY2(QString::fromUtf8(r.err).section(u'\n', -2, -2).startsWith(u"sandmark-cli: %1: cannot write"_s.arg(to)),
                 qPrintable(to + u": "_s + QString::fromUtf8(r.err)));
        QVERIFY2(!r.out.contains("exported"), r.out.constData());
    }
    QVERIFY2(!QFileInfo(full).isFile(), "the device was replaced by a file");
    QVERIFY(!QFileInfo::exists(tmp.filePath(u"missing"_s)));
    const Run r = runCli({u"strip"_s, u"cli/instrument.stdout"_s, u"-o"_s, full});
    QVERIFY2(r.code == 3, r.err.constData());
    // Without -o, the standard output on that device: the same (it exited 1).
    QProcess p;
    p.setWorkingDirectory(QStringLiteral(SANDMARK_TEST_DATA_DIR));
    p.setStandardOutputFile(full);
    p.start(QStringLiteral(SANDMARK_CLI), {u"strip"_s, u"cli/instrument.stdout"_s});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 3);
    QCOMPARE(p.readAllStandardError(), QByteArray("sandmark-cli: <stdout>: cannot write the output (disk full?)\n"));
}

// assignments/formatted is indented by hand (4 spaces, one-line arrays, "1e-3", "\u00e9"): `checks edit` changes
// the edited line and no other.
void TestCli::checksEditChangesOnlyTheEditedLines()
{
    QTemporaryDir tmp;
    const QString copy = tmp.filePath(u"formatted"_s);
    copyTree(dataPath(u"assignments/formatted"_s), copy);
    const QList<QByteArray> before = readAll(copy + u"/assignment.json"_s).split('\n');
    const Run r = runCli({u"checks"_s, u"edit"_s, copy, u"mean"_s, u"--rtol"_s, u"0.01"_s});
    QVERIFY2(r.code == 0, r.err.constData());
    const QList<QByteArray> after = readAll(copy + u"/assignment.json"_s).split('\n');
    QCOMPARE(after.size(), before.size());
    QList<int> changed;
    for (int i = 0; i < before.size(); ++i)
        if (before.at(i) != after.at(i))
            changed << i + 1;
    QCOMPARE(changed, QList<int>{14});
    QCOMPARE(before.at(13), QByteArray("            \"rtol\": 1e-3"));
    QCOMPARE(after.at(13), QByteArray("            \"rtol\": 0.01"));
    // The same value again (0.01 as 1e-2): the file stays byte for byte, and the line says nothing changed (it said
    // "changed check" while writing nothing: fresh-user test).
    const QByteArray once = readAll(copy + u"/assignment.json"_s);
    const Run same = runCli({u"checks"_s, u"edit"_s, copy, u"mean"_s, u"--rtol"_s, u"1e-2"_s});
    QVERIFY2(same.code == 0, same.err.constData());
    QCOMPARE(readAll(copy + u"/assignment.json"_s), once);
    QVERIFY2(same.out.contains("check 'mean' (checks[") && same.out.contains("already has these values: nothing changed"),
             same.out.constData());

    // A key given twice, in any two ways, is a usage error and writes nothing (the last one won before: fresh-user
    // attack s17).
    const QByteArray edited = readAll(copy + u"/assignment.json"_s);
    const QList<std::pair<QStringList, QString>> twice = {
        {{u"--set"_s, u"rtol=5"_s, u"--unset"_s, u"rtol"_s}, u"--set rtol=5 and --unset rtol both change 'rtol'"_s},
        {{u"--rtol"_s, u"0.5"_s, u"--set"_s, u"rtol=7"_s}, u"--rtol and --set rtol=7 both change 'rtol'"_s},
        {{u"--set"_s, u"points=1"_s, u"--set"_s, u"points=2"_s}, u"--set points=1 and --set points=2 both change 'points'"_s},
    };
    for (const auto &[options, want] : twice) {
        const Run t = runCli(QStringList{u"checks"_s, u"edit"_s, copy, u"mean"_s} + options);
        QCOMPARE(t.code, 2);
        QVERIFY2(t.err.contains(want.toUtf8()), t.err.constData());
        QCOMPARE(readAll(copy + u"/assignment.json"_s), edited);
    }
}

// Edits of one assignment.json at once — `checks add`, `checks edit`, `assignment set` from several processes, and
// the app's editor in this one — all land: 12 parallel `checks add test` printed "added" and exited 0, and only 7
// were in the file (fresh-user test). Read, change and atomic write now hold the assignment's edit lock.
void TestCli::parallelEditsAllLand()
{
    QTemporaryDir tmp;
    const QString copy = tmp.filePath(u"formatted"_s);
    copyTree(dataPath(u"assignments/formatted"_s), copy);
    const QString json = copy + u"/assignment.json"_s;
    QList<QStringList> commands;
    for (int i = 1; i <= 12; ++i)
        commands << QStringList{u"checks"_s, u"add"_s, u"test"_s, copy, u"--id"_s, u"t%1"_s.arg(i), u"--code"_s, u"assert True"_s};
    commands << QStringList{u"checks"_s, u"edit"_s, copy, u"mean"_s, u"--points"_s, u"5"_s}
             << QStringList{u"checks"_s, u"edit"_s, copy, u"rows"_s, u"--points"_s, u"3"_s}
             << QStringList{u"checks"_s, u"edit"_s, copy, u"positive"_s, u"--points"_s, u"4"_s}
             << QStringList{u"assignment"_s, u"set"_s, copy, u"title"_s, u"Parallel"_s}
             << QStringList{u"assignment"_s, u"set"_s, copy, u"limits.memory_bytes"_s, u"1000000000"_s}
             << QStringList{u"assignment"_s, u"set"_s, copy, u"limits.open_files"_s, u"512"_s};
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"LC_ALL"_s, u"C.UTF-8"_s);
    std::vector<std::unique_ptr<QProcess>> running;
    for (const QStringList &args : std::as_const(commands)) {
        auto p = std::make_unique<QProcess>();
        p->setProcessEnvironment(env);
        p->setWorkingDirectory(dataPath(QString()));
        p->start(QStringLiteral(SANDMARK_CLI), args);
        running.push_back(std::move(p));
    }
    // The app, meanwhile: its editors call the same functions, here on this process's own threads.
    QStringList appErrors;
    for (int i = 1; i <= 4; ++i) {
        NewCheck nc;
        nc.type = Check::Type::Test;
        nc.id = u"app%1"_s.arg(i);
        nc.code = u"assert True"_s;
        if (Expected<int> added = addCheck(json, nc); !added)
            appErrors << added.error().toString();
    }
    for (qsizetype i = 0; i < qsizetype(running.size()); ++i) {
        QProcess &p = *running[size_t(i)];
        QVERIFY(p.waitForFinished(120000));
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0,
                 qPrintable(commands.at(i).join(u' ') + u": "_s + QString::fromUtf8(err)));
    }
    QVERIFY2(appErrors.isEmpty(), qPrintable(appErrors.join(u'\n')));

    QList<Error> errors;
    const auto a = Assignment::load(json, &errors);
    QVERIFY2(a, errors.isEmpty() ? "" : qPrintable(errors.first().toString()));
    QStringList ids;
    QMap<QString, double> points;
    for (const Check &c : a->checks()) {
        ids << c.id;
        points.insert(c.id, c.points);
    }
    QStringList want = {u"mean"_s, u"rows"_s, u"positive"_s};
    for (int i = 1; i <= 12; ++i)
        want << u"t%1"_s.arg(i);
    for (int i = 1; i <= 4; ++i)
        want << u"app%1"_s.arg(i);
    QStringList sortedIds = ids;
    sortedIds.sort();
    want.sort();
    QCOMPARE(sortedIds, want);
    QCOMPARE(points.value(u"mean"_s), 5.0);
    QCOMPARE(points.value(u"rows"_s), 3.0);
    QCOMPARE(points.value(u"positive"_s), 4.0);
    QCOMPARE(a->title(), u"Parallel"_s);
    QCOMPARE(a->limits().memoryBytes, 1000000000);
    QCOMPARE(a->limits().openFiles, 512);
    QCOMPARE(a->limits().wallTimeoutS, 120.0); // untouched keys stay
    QVERIFY(readAll(json).contains("\"x-note\": \"na\\u00efve \\u2014 kept as written\""));
    QVERIFY2(!QFileInfo::exists(json + u".lock"_s), "the lock file is removed after each edit");

    // A check found by its id before another edit moved it is still the one edited; one that is gone is refused.
    const QStringList before = ids;
    CheckEdit edit;
    edit.checkId = u"t5"_s;
    edit.set(u"points"_s, 7);
    QVERIFY(editCheck(json, 0, edit)); // checks[0] is "mean", not t5
    const auto b = Assignment::load(json);
    QVERIFY(b);
    for (const Check &c : b->checks())
        QCOMPARE(c.points, c.id == u"t5"_s ? 7.0 : points.value(c.id));
    edit.checkId = u"gone"_s;
    const Expected<bool> gone = editCheck(json, 0, edit);
    QVERIFY(!gone);
    QCOMPARE(gone.error().message,
             u"no check has the id 'gone' any more (assignment.json changed since it was read); nothing written"_s);
    QVERIFY(removeCheck(json, 0, u"t7"_s));
    const auto c = Assignment::load(json);
    QVERIFY(c);
    QCOMPARE(c->checks().size(), before.size() - 1);
    QCOMPARE(c->checks().first().id, u"mean"_s);
    for (const Check &k : c->checks())
        QVERIFY(k.id != u"t7"_s);
}

// Test code that Python does not compile is refused with Python's line, column and message; nothing is written.
// A problem set's check must name its notebook: `checks add` without --notebook wrote a check the loader then
// refused, and said "added" (fresh trial s12). Now nothing is written; --notebook adds it, `edit --notebook` moves it.
void TestCli::checksOfAProblemSetNameTheirNotebook()
{
    QTemporaryDir tmp;
    const QString copy = tmp.filePath(u"ps"_s);
    copyTree(dataPath(u"problemsets/ps"_s), copy);
    const QString json = copy + u"/assignment.json"_s;
    const QByteArray before = readAll(json);

    Run r = runCli({u"checks"_s, u"add"_s, u"value"_s, copy, u"--variable"_s, u"rows"_s});
    QCOMPARE(r.code, 1);
    QCOMPARE(QString::fromUtf8(r.err),
             u"sandmark-cli: "_s + json + u": checks[5]: missing \"notebook\": this problem set has 3 notebooks (part1.ipynb, "_s
                 u"part2.ipynb, part3.ipynb); name the one this check grades; nothing written\n"_s);
    QCOMPARE(readAll(json), before);
    r = runCli({u"checks"_s, u"add"_s, u"value"_s, copy, u"--variable"_s, u"rows"_s, u"--notebook"_s, u"part9.ipynb"_s});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("checks[5].notebook: 'part9.ipynb' is not one of the assignment's notebooks"), r.err.constData());
    QCOMPARE(readAll(json), before);

    r = runCli({u"checks"_s, u"add"_s, u"value"_s, copy, u"--variable"_s, u"rows"_s, u"--notebook"_s, u"part2.ipynb"_s});
    QVERIFY2(r.code == 0, r.err.constData());
    Expected<Assignment> a = Assignment::load(copy);
    QVERIFY2(a, qPrintable(a ? QString() : a.error().toString()));
    QCOMPARE(a->checksOf(u"part2.ipynb"_s).last().id, u"rows"_s);

    // Moved to another notebook; never left without one.
    r = runCli({u"checks"_s, u"edit"_s, copy, u"rows"_s, u"--notebook"_s, u"part3.ipynb"_s});
    QVERIFY2(r.code == 0, r.err.constData());
    a = Assignment::load(copy);
    QVERIFY(a);
    QCOMPARE(a->checksOf(u"part3.ipynb"_s).last().id, u"rows"_s);
    const QByteArray moved = readAll(json);
    r = runCli({u"checks"_s, u"edit"_s, copy, u"rows"_s, u"--unset"_s, u"notebook"_s});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("checks[5]: missing \"notebook\""), r.err.constData());
    QCOMPARE(readAll(json), moved);
}

void TestCli::checksRefuseCodeThatDoesNotCompile()
{
    QTemporaryDir tmp;
    const QString copy = tmp.filePath(u"formatted"_s);
    copyTree(dataPath(u"assignments/formatted"_s), copy);
    const QString json = copy + u"/assignment.json"_s;
    const QByteArray before = readAll(json);
    const QMap<QString, QString> env{{u"SANDMARK_PYTHON"_s, u"/usr/bin/python3"_s}};

    Run r = runCli({u"checks"_s, u"add"_s, u"test"_s, copy, u"--id"_s, u"t"_s, u"--code"_s, u"x = 1\nif x\n    pass\n"_s}, env);
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(": --code, line 2, column 5: the code of check 't' does not compile: expected ':'; nothing written"),
             r.err.constData());
    QCOMPARE(readAll(json), before);

    const QString file = tmp.filePath(u"t.py"_s);
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("assert mean_price > 0\nassert (mean_price < 10\n");
    f.close();
    r = runCli({u"checks"_s, u"add"_s, u"test"_s, copy, u"--id"_s, u"t"_s, u"--code-file"_s, file}, env);
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(u"t.py: line 2, column 8: the code of check 't' does not compile: '(' was never closed"_s.toUtf8()),
             r.err.constData());
    QCOMPARE(readAll(json), before);

    r = runCli({u"checks"_s, u"edit"_s, copy, u"positive"_s, u"--code"_s, u"assert mean_price >"_s}, env);
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("--code, line 1, column 20: the code of check 'positive' does not compile: invalid syntax"), r.err.constData());
    QCOMPARE(readAll(json), before);

    r = runCli({u"checks"_s, u"edit"_s, copy, u"positive"_s, u"--code"_s, u"assert mean_price >= 0"_s}, env);
    QVERIFY2(r.code == 0, r.err.constData());
    QCOMPARE(readAll(json), QByteArray(before).replace("\"assert mean_price > 0\"", "\"assert mean_price >= 0\""));
}

// `override` with several students: one transaction through the core's overrideSubmissions() (as the app's Override
// Selected…). An unknown student among them refuses the whole command and nothing is written.
// Two students whose folders differ by a U+202E exported as the same id 'rloevil' (the override was dropped), and a
// Canvas import let the last row win: a silent wrong grade (fresh-user test). Composed and decomposed 'José' gave
// two rows that look the same. Now the override is written as "\u202e" and ids that look alike are named on stderr
// and flagged in the file (CSV: the comments; Canvas: no score).
void TestCli::exportKeepsLookalikeStudentsApart()
{
    QTemporaryDir tmp;
    const QString gbPath = tmp.filePath(u"gb.sqlite"_s);
    const QString plain = u"rloevil"_s, rlo = u"rlo\u202Eevil"_s, nfc = u"Jos\u00E9"_s, nfd = u"Jose\u0301"_s;
    recordOneCheckRun(gbPath, plain, Outcome::Pass);
    recordOneCheckRun(gbPath, rlo, Outcome::Fail);
    recordOneCheckRun(gbPath, nfc, Outcome::Pass);
    recordOneCheckRun(gbPath, nfd, Outcome::Fail);
    recordOneCheckRun(gbPath, u"amy"_s, Outcome::Pass);

    Run r = runCli({u"export"_s, u"assignments/good"_s, u"--gradebook"_s, gbPath});
    QVERIFY2(r.code == 0, r.err.constData());
    const QList<QByteArray> lines = r.out.split('\n');
    auto rowOf = [&](const QByteArray &id) {
        for (const QByteArray &l : lines)
            if (l.startsWith(id + ','))
                return l.trimmed();
        return QByteArray();
    };
    QVERIFY2(rowOf("rloevil").startsWith("rloevil,1,"), r.out.constData());
    QVERIFY2(rowOf("rlo\\u202eevil").startsWith("rlo\\u202eevil,0,"), r.out.constData());
    QVERIFY2(!r.out.contains("\xE2\x80\xAE"), r.out.constData());
    QVERIFY2(!rowOf("rloevil").contains("Unicode-normalized"), r.out.constData());
    const QByteArray flag = "the same id as another submission folder once Unicode-normalized (2 of them): check whose "
                            "grade this is before importing";
    QVERIFY2(rowOf(nfc.toUtf8()).endsWith(flag), r.out.constData());
    QVERIFY2(rowOf(nfd.toUtf8()).endsWith(flag), r.out.constData());
    QVERIFY2(rowOf("amy").endsWith(","), r.out.constData());
    const QByteArray warning = "sandmark-cli: warning: export: the submission folders 'Jose\xCC\x81' (U+0301) and "
                               "'Jos\xC3\xA9' (U+00E9) have ids that look the same in the file (the same once "
                               "Unicode-normalized): ";
    QCOMPARE(r.err, warning + "their rows say so in the comments column; rename one folder and grade it again\n");

    r = runCli({u"export"_s, u"assignments/good"_s, u"--gradebook"_s, gbPath, u"--format"_s, u"canvas"_s});
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY2(r.out.contains(",rloevil,,,,1\r\n"), r.out.constData());
    QVERIFY2(r.out.contains(",rlo\\u202eevil,,,,0\r\n"), r.out.constData());
    QVERIFY2(r.out.contains(",Jos\xC3\xA9,,,,\r\n"), r.out.constData());
    QVERIFY2(r.out.contains(",Jose\xCC\x81,,,,\r\n"), r.out.constData());
    QVERIFY2(r.out.contains(",amy,,,,1\r\n"), r.out.constData());
    const QByteArray canvasWarning = warning + "their scores are left empty, so that Canvas gives no one the other's "
                                               "grade; rename one folder and grade it again\n";
    QVERIFY2(r.err.startsWith(canvasWarning), r.err.constData());
    // These runs were recorded under other checks than the assignment's: Canvas's file cannot mark them, so stderr does.
    // Then, as these folders were not imported from an LMS, that Canvas will not know their names as ids.
    QCOMPARE(r.err.mid(canvasWarning.size()),
             QByteArray("sandmark-cli: warning: export: 5 student(s) graded under older checks, not marked in Canvas's "
                        "file (the CSV marks them in its stale column); sandmark-cli grade regrades them\n"
                        "sandmark-cli: note: export: the submissions were not imported from an LMS (no "
                        "assignments/good/submissions/.sandmark-import.json), so the ID column holds the folder names; "
                        "Canvas matches rows by its user id: name the folders so, or import Canvas's submissions zip "
                        "(sandmark-cli import submissions)\n"));
}

// An export lists the assignment's current submissions: a gradebook row whose folder was deleted or renamed since it
// was graded is left out, and stderr says whose (fresh-user finding: `rm -rf submissions/x` and x's row was still
// exported; a lookalike Zoë renamed away still left both Zoës' Canvas scores empty). The gradebook keeps the row.
void TestCli::exportListsTheCurrentSubmissions()
{
    QTemporaryDir tmp;
    const QString good = tmp.filePath(u"good"_s);
    copyTree(dataPath(u"assignments/good"_s), good);
    const QString nfd = u"Zoe\u0308"_s, nfc = u"Zo\u00EB"_s;
    for (const QString &student : {u"alice"_s, u"rmrf"_s, nfd, nfc})
        QVERIFY(QDir().mkpath(good + u"/submissions/"_s + student));
    QVERIFY(QDir().mkpath(good + u"/.sandmark"_s));
    const QString gbPath = Gradebook::defaultPath(good);
    recordOneCheckRun(gbPath, u"alice"_s, Outcome::Pass);
    recordOneCheckRun(gbPath, u"rmrf"_s, Outcome::Pass);
    recordOneCheckRun(gbPath, nfd, Outcome::Fail);
    recordOneCheckRun(gbPath, nfc, Outcome::Pass);
    const QByteArray lookalike = "have ids that look the same in the file";

    // Deleted: its row is left out, and said; the others go out.
    QVERIFY(QDir(good + u"/submissions/rmrf"_s).removeRecursively());
    Run r = runCli({u"export"_s, u"good"_s, u"-o"_s, u"e.csv"_s}, {}, tmp.path());
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY2(r.err.contains("sandmark-cli: note: export: left out 1 gradebook row(s) whose submission folder is gone: "
                            "rmrf (their grades stay in the gradebook)\n"),
             r.err.constData());
    QVERIFY2(r.out.startsWith("exported 3 student(s) to e.csv"), r.out.constData());
    QByteArray csv = readAll(tmp.filePath(u"e.csv"_s));
    QVERIFY2(!csv.contains("\nrmrf,") && csv.contains("\nalice,1,"), csv.constData());

    // The lookalike renamed and graded under its new name: one Zoë is left, her score goes to Canvas, no warning.
    QVERIFY(QDir(good + u"/submissions"_s).rename(nfd, u"zoe-b"_s));
    recordOneCheckRun(gbPath, u"zoe-b"_s, Outcome::Fail);
    r = runCli({u"export"_s, u"good"_s, u"-o"_s, u"e.csv"_s}, {}, tmp.path());
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY2(!r.err.contains(lookalike), r.err.constData());
    const QString twoGone = u"left out 2 gradebook row(s) whose submission folder is gone: %1, rmrf "_s.arg(nfd);
    QVERIFY2(r.err.contains(twoGone.toUtf8()),
             r.err.constData());
    QVERIFY2(r.out.startsWith("exported 3 student(s) to e.csv"), r.out.constData());
    csv = readAll(tmp.filePath(u"e.csv"_s));
    QVERIFY2(!csv.contains(nfd.toUtf8()) && !csv.contains(lookalike) && csv.contains("\nzoe-b,0,")
                 && csv.contains("\n" + nfc.toUtf8() + ",1,"),
             csv.constData());
    r = runCli({u"export"_s, u"good"_s, u"--format"_s, u"canvas"_s}, {}, tmp.path());
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY2(!r.err.contains(lookalike), r.err.constData());
    QVERIFY2(r.out.contains("," + nfc.toUtf8() + ",,,,1\r\n") && r.out.contains(",zoe-b,,,,0\r\n")
                 && !r.out.contains(nfd.toUtf8()),
             r.out.constData());

    // The gradebook keeps the gone rows: review still reaches them.
    r = runCli({u"review"_s, u"good"_s, u"rmrf"_s}, {}, tmp.path());
    QVERIFY2(r.code == 0, r.err.constData());
}

// Two folders whose ids look alike once Unicode-normalized ("José" composed and decomposed) are graded apart, but
// an export cannot tell their rows apart: grade and import say so when they list them (only export did: fresh-user
// finding), before anyone exports.
void TestCli::gradeAndImportWarnOfLookalikeIds()
{
    QTemporaryDir tmp;
    const QString nfc = u"Jos\u00E9"_s, nfd = u"Jose\u0301"_s;
    const QString loose = tmp.filePath(u"loose"_s);
    for (const QString &id : {nfc, nfd, u"amy"_s}) {
        QVERIFY(QDir().mkpath(loose + u'/' + id));
        QVERIFY(QFile::copy(QStringLiteral(SANDMARK_TEST_DATA_DIR "/assignments/good/hw.ipynb"), loose + u'/' + id + u"/hw.ipynb"_s));
    }
    const QByteArray alike = "the submission folders 'Jose\xCC\x81' (U+0301) and 'Jos\xC3\xA9' (U+00E9) have ids that "
                             "look the same in the file (the same once Unicode-normalized): each is graded apart, but an "
                             "export cannot tell their rows apart (sandmark-cli export leaves their Canvas scores empty); "
                             "rename one folder\n";
    const QString assignment = tmp.filePath(u"good"_s);
    copyTree(QStringLiteral(SANDMARK_TEST_DATA_DIR "/assignments/good"), assignment);
    Run r = runCli({u"import"_s, u"submissions"_s, loose, u"-o"_s, assignment + u"/submissions"_s});
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY2(r.err.contains("sandmark-cli: warning: import: " + alike), r.err.constData());

    r = runCli({u"grade"_s, assignment, u"--dry-run"_s});
    QVERIFY2(r.err.contains("sandmark-cli: warning: grade: " + alike), r.err.constData());
    QCOMPARE(r.err.count("warning: grade: the submission folders"), 1);
}

// export's check columns are the assignment's checks in its order, then any check a row's recorded result holds that
// the assignment no longer has — never the columns of the run recorded last (fresh-user report: after one student
// was graded under an edited assignment, the others' `corr` points were in no column and the edit's `df` was one).
void TestCli::exportColumnsAreTheAssignmentsChecks()
{
    QTemporaryDir tmp;
    const QString iris = tmp.filePath(u"iris"_s);
    copyTree(QStringLiteral(SANDMARK_SOURCE_DIR "/examples/iris"), iris);
    const QDateTime t0 = QDateTime::currentDateTimeUtc().addSecs(-600);
    int minute = 0;
    // A run of `student` with checks "id:points:max", recorded after the previous one.
    const auto record = [&](const QString &student, const QStringList &checks) {
        auto gb = Gradebook::open(Gradebook::defaultPath(iris));
        QVERIFY(gb);
        RunRecord r;
        r.studentId = student;
        r.filesHash = u"files-"_s + student;
        r.inputsHash = u"in-"_s + student;
        r.started = t0.addSecs(60 * ++minute);
        r.finished = r.started.addSecs(5);
        for (const QString &spec : checks) {
            const QStringList f = spec.split(u':');
            CheckResult c;
            c.checkId = f[0];
            c.type = Check::Type::Value;
            c.points = f[1].toDouble();
            c.maxPoints = f[2].toDouble();
            c.outcome = c.points == c.maxPoints ? Outcome::Pass : Outcome::Fail;
            r.result.checks << c;
            r.result.score += c.points;
            r.result.maxScore += c.maxPoints;
        }
        r.result.status = GradeStatus::Graded;
        QVERIFY((*gb)->recordRun(r));
    };
    const QStringList all{u"n_rows:1:1"_s, u"mean_sepal:2:2"_s, u"petal_ratio:2:2"_s, u"corr:2:2"_s, u"corr-hidden:1:1"_s};
    record(u"alice"_s, all);
    record(u"bob"_s, {u"n_rows:1:1"_s, u"mean_sepal:0:2"_s, u"petal_ratio:2:2"_s, u"corr:2:2"_s, u"corr-hidden:1:1"_s});
    record(u"carol"_s, all);
    // alice regraded under an edited assignment (corr removed, df added), which was then put back.
    record(u"alice"_s, {u"n_rows:1:1"_s, u"mean_sepal:2:2"_s, u"petal_ratio:2:2"_s, u"corr-hidden:1:1"_s, u"df:1:1"_s});

    const Run r = runCli({u"export"_s, iris, u"-o"_s, u"-"_s});
    QVERIFY2(r.code == 0, r.err.constData());
    const QList<QByteArray> lines = r.out.trimmed().split('\n');
    QCOMPARE(lines.value(0).trimmed(),
             QByteArray("student,score,max,status,stale,n_rows,mean_sepal,petal_ratio,corr,corr-hidden,df,comments"));
    QCOMPARE(lines.size(), 4);
    // Every row's check cells add up to its score; the rows graded under other checks are marked stale.
    for (const QByteArray &line : lines.mid(1)) {
        const QList<QByteArray> cells = line.trimmed().split(',');
        QCOMPARE(cells.size(), 12);
        double sum = 0;
        for (int i = 5; i < 11; ++i)
            sum += cells[i].toDouble();
        QVERIFY2(sum == cells[1].toDouble(), line.constData());
        QCOMPARE(cells[4], QByteArray("yes"));
    }
    QCOMPARE(lines[2].trimmed(), QByteArray("bob,6,8,graded,yes,1,0,2,2,1,,"));
    QCOMPARE(lines[3].trimmed(), QByteArray("carol,8,8,graded,yes,1,2,2,2,1,,"));
    QCOMPARE(lines[1].trimmed(), QByteArray("alice,7,7,graded,yes,1,2,2,,1,1,"));
}

// A damaged gradebook printed internal function names ("effectiveGrades: database disk image is malformed Unable to
// fetch row"), and a truncated one was "not a Sandmark gradebook", which invites deleting it (fresh-user test).
void TestCli::damagedGradebookIsCalledDamaged()
{
    QTemporaryDir tmp;
    const QString gbPath = tmp.filePath(u"gb.sqlite"_s);
    for (int i = 0; i < 200; ++i)
        recordOneCheckRun(gbPath, u"student-%1-with-a-longer-name-to-fill-pages"_s.arg(i), Outcome::Pass);
    const QByteArray whole = readAll(gbPath);
    QVERIFY(whole.size() > 8 * 4096);
    const QString fix = u": restore it from a backup, or move it aside and grade again into a new one\n"_s;
    const auto mustWriteFile = [](const QString &path, const QByteArray &bytes) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size());
    };

    // Pages in the middle overwritten.
    QByteArray damaged = whole;
    for (qsizetype i = 3 * 4096; i < damaged.size() - 4096; ++i)
        damaged[i] = char(0x5A);
    mustWriteFile(gbPath, damaged);
    Run r = runCli({u"export"_s, u"assignments/good"_s, u"--gradebook"_s, gbPath});
    QCOMPARE(r.code, 1);
    QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.contains(u"the gradebook is damaged ("_s) && err.endsWith(fix), qPrintable(err));
    QVERIFY2(!err.contains(u"effectiveGrades"_s) && !err.contains(u"Unable to"_s), qPrintable(err));

    // Cut short.
    mustWriteFile(gbPath, whole.left(whole.size() / 2));
    r = runCli({u"export"_s, u"assignments/good"_s, u"--gradebook"_s, gbPath});
    QCOMPARE(r.code, 1);
    err = QString::fromUtf8(r.err);
    QVERIFY2(err.contains(u"the gradebook is damaged ("_s) && err.endsWith(fix), qPrintable(err));
    QVERIFY2(!err.contains(u"not a Sandmark gradebook"_s), qPrintable(err));

    // grade --json: the summary line stays last, with the error (it printed none).
    mustWriteFile(gbPath, damaged);
    const QString iris = tmp.filePath(u"iris"_s);
    copyTree(QStringLiteral(SANDMARK_SOURCE_DIR "/examples/iris"), iris);
    r = runCli({u"grade"_s, iris, u"--gradebook"_s, gbPath, u"--json"_s, u"--sandbox"_s, u"local-unsafe"_s});
    QVERIFY2(r.code != 0, r.err.constData());
    const QList<QByteArray> lines = r.out.trimmed().split('\n');
    const QJsonObject last = QJsonDocument::fromJson(lines.last()).object().value(u"summary"_s).toObject();
    QVERIFY2(!last.isEmpty(), r.out.constData());
    QVERIFY2(last.value(u"error"_s).toString().contains(u"the gradebook is damaged (database disk image is malformed)"_s),
             r.out.constData());
    QCOMPARE(last.value(u"graded"_s).toInt(), 0);
}

void TestCli::overrideSeveralStudents()
{
    QTemporaryDir tmp;
    const QString gbPath = tmp.filePath(u"gb.sqlite"_s);
    const QStringList students = {u"amy"_s, u"ben"_s, u"cal"_s};
    for (const QString &s : students)
        recordOneCheckRun(gbPath, s, Outcome::Fail);
    auto overrides = [&] {
        QStringList found; // "student check points comment"
        auto gb = Gradebook::open(gbPath);
        const auto grades = (*gb)->effectiveGrades();
        for (const EffectiveGrade &g : *grades)
            for (const EffectiveCheck &c : g.checks)
                if (c.override_)
                    found << u"%1 %2 %3 %4"_s.arg(g.studentId, c.result.checkId).arg(c.override_->points).arg(c.override_->comment);
        return found;
    };
    const QStringList base = {u"override"_s, u"assignments/good"_s};
    const QStringList grade = {u"--check"_s, u"n_rows"_s, u"--points"_s, u"1"_s, u"--comment"_s, u"counted by hand"_s,
                               u"--gradebook"_s, gbPath};

    // "nobody" has no run: the command is refused as a whole, amy and ben get nothing either.
    Run r = runCli(base + QStringList{u"amy"_s, u"nobody"_s, u"ben"_s} + grade);
    QCOMPARE(r.code, 1);
    QCOMPARE(QString::fromUtf8(r.err),
             u"sandmark-cli: %1: student 'nobody': no run of this student in the gradebook (nothing was stored)\n"_s.arg(gbPath));
    QCOMPARE(r.out, QByteArray());
    QCOMPARE(overrides(), QStringList());

    // Two of the three: stored for exactly those two, each one's new score printed.
    r = runCli(base + QStringList{u"amy"_s, u"ben"_s} + grade);
    QCOMPARE(QString::fromUtf8(r.err), QString());
    QCOMPARE(r.code, 0);
    QCOMPARE(QString::fromUtf8(r.out), u"amy: 1 / 1 (automatic 0)\nben: 1 / 1 (automatic 0)\n"_s);
    QCOMPARE(overrides(), (QStringList{u"amy n_rows 1 counted by hand"_s, u"ben n_rows 1 counted by hand"_s}));

    // A run that graded nothing (a notebook that cannot be read) has no automatic score: "none", never 0 (it printed
    // "(automatic 0)": fresh-user test).
    recordOneCheckRun(gbPath, u"dan"_s, Outcome::NotGraded, GradeStatus::NeedsReview);
    r = runCli(base + QStringList{u"dan"_s} + grade);
    QCOMPARE(r.code, 0);
    QCOMPARE(QString::fromUtf8(r.out), u"dan: 1 / 1 (automatic none)\n"_s);
    QVERIFY(runCli(base + QStringList{u"dan"_s, u"--check"_s, u"n_rows"_s, u"--clear"_s, u"--gradebook"_s, gbPath}).code == 0);

    // More points than the check is worth: refused before anything is written, naming the assignment.
    QStringList tooMany = grade;
    tooMany[3] = u"2"_s;
    r = runCli(base + QStringList{u"cal"_s} + tooMany);
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("assignment.json: 2 points is not between 0 and what check 'n_rows' is worth (1)"), r.err.constData());
    QCOMPARE(overrides().size(), 2);

    // --clear removes one student's override at a time.
    r = runCli(base + QStringList{u"amy"_s, u"ben"_s, u"--clear"_s, u"--gradebook"_s, gbPath});
    QCOMPARE(r.code, 2);
    QCOMPARE(QString::fromUtf8(r.err), u"sandmark-cli: override: --clear takes one STUDENT\n"_s);
    QCOMPARE(overrides().size(), 2);
}

// A student typed in the other Unicode form than the gradebook's id (a keyboard's composed "Zoë" for the folder
// Zoe+U+0308 that macOS wrote decomposed, as grade and diff already find it) is that student for review, override,
// values and feedback --student (fresh-user finding: "Zoë has no run: grade it first"); typed as the gradebook has
// it, it is that one even where a lookalike exists; two lookalikes and neither typed exactly are refused, named.
void TestCli::typedStudentIsTheGradebooksInEitherUnicodeForm()
{
    QTemporaryDir tmp;
    const QString gbPath = tmp.filePath(u"gb.sqlite"_s);
    const QString nfd = u"Zoe\u0308"_s, nfc = u"Zo\u00EB"_s;
    recordOneCheckRun(gbPath, nfd, Outcome::Fail, GradeStatus::NeedsReview);
    recordOneCheckRun(gbPath, u"J\u00FCrg"_s, Outcome::Pass);
    const QStringList gb = {u"--gradebook"_s, gbPath};

    Run r = runCli(QStringList{u"review"_s, u"assignments/good"_s, nfc} + gb);
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY2(QString::fromUtf8(r.out).startsWith(nfd + u": needs-review, 0 of 1 point; reviewed "_s), r.out.constData());
    r = runCli(QStringList{u"override"_s, u"assignments/good"_s, nfc, u"--points"_s, u"1"_s, u"--comment"_s, u"oral"_s} + gb);
    QVERIFY2(r.code == 0, r.err.constData());
    QCOMPARE(QString::fromUtf8(r.out), nfd + u": 1 / 1 (automatic 0)\n"_s);
    r = runCli(QStringList{u"override"_s, u"assignments/good"_s, u"Ju\u0308rg"_s, u"--clear"_s} + gb);
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY2(QString::fromUtf8(r.out).startsWith(u"J\u00FCrg: no override of the whole submission to remove\nJ\u00FCrg: 1 / 1 "_s),
             r.out.constData());
    // values finds the run (this one has no run folder: it says so, not that there is no run).
    r = runCli(QStringList{u"values"_s, u"assignments/good"_s, nfc, u"n_rows"_s} + gb);
    QVERIFY2(!r.err.contains("no run of student"), r.err.constData());
    r = runCli(QStringList{u"feedback"_s, u"assignments/good"_s, u"--student"_s, nfc, u"-o"_s, tmp.filePath(u"fb"_s)} + gb);
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY2(QString::fromUtf8(r.out).startsWith(nfd + u": "_s), r.out.constData());

    // A lookalike beside it: typed exactly, that one; typed in a third way (neither form exactly), refused, both named.
    recordOneCheckRun(gbPath, nfc, Outcome::Pass);
    r = runCli(QStringList{u"review"_s, u"assignments/good"_s, nfc, u"--clear"_s} + gb);
    QVERIFY2(r.code == 0, r.err.constData());
    QCOMPARE(QString::fromUtf8(r.out), nfc + u": graded, 1 of 1 point; had no review mark\n"_s);
    // "ệ" composed (U+1EC7) and decomposed (e, U+0323, U+0302) in the gradebook, typed half composed (ê, U+0323): neither.
    recordOneCheckRun(gbPath, u"Nguy\u1EC7n"_s, Outcome::Pass);
    recordOneCheckRun(gbPath, u"Nguye\u0323\u0302n"_s, Outcome::Pass);
    r = runCli(QStringList{u"review"_s, u"assignments/good"_s, u"Nguy\u00EA\u0323n"_s} + gb);
    QCOMPARE(r.code, 1);
    QCOMPARE(QString::fromUtf8(r.err),
             u"sandmark-cli: %1: student 'Nguy\u00EA\u0323n' is 2 students of the gradebook once Unicode-normalized (Nguye\u0323\u0302n, "
             "Nguy\u1EC7n): type it as one of them is stored\n"_s.arg(gbPath));
}

// `review`: marks kept in the gradebook with the grade seen; without students, the submissions awaiting a person (not
// graded ones, nor those whose mark holds); a student without a run refuses the whole command; --clear removes marks;
// a changed grade is said.
// A review mark on a submission that awaits grading by hand is kept, and the command says what it does not do: the
// answers still need their points, and export holds the Canvas score back until then (fresh-user finding: the mark
// was accepted without a word and Canvas stayed blank).
void TestCli::reviewOfAnAnswerAwaitingGradingByHandSaysWhatIsLeft()
{
    QTemporaryDir tmp;
    const QString gbPath = tmp.filePath(u"gb.sqlite"_s);
    recordOneCheckRun(gbPath, u"cat"_s, Outcome::NotGraded, GradeStatus::NeedsManual, Check::Type::Manual);
    recordOneCheckRun(gbPath, u"ben"_s, Outcome::Pass);
    const QStringList gb = {u"--gradebook"_s, gbPath};
    Run r = runCli(QStringList{u"review"_s, u"assignments/good"_s, u"cat"_s, u"ben"_s} + gb);
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains("\ncat: needs-manual, not graded; reviewed "), r.out.constData());
    QCOMPARE(r.err, QByteArray("sandmark-cli: note: review: cat still awaits grading by hand: a review mark does not give "
                               "its answers points, and export leaves its Canvas score empty until they have them "
                               "(sandmark-cli manual)\n"));
    r = runCli(QStringList{u"export"_s, u"assignments/good"_s, u"--format"_s, u"canvas"_s} + gb);
    QVERIFY2(r.out.contains(",cat,,,,\r\n") && r.out.contains(",ben,,,,1\r\n"), r.out.constData());
    // Its answers still await a person: listed, marked or not; ben, graded and marked, is not.
    r = runCli(QStringList{u"review"_s, u"assignments/good"_s} + gb);
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.startsWith("cat: needs-manual, not graded; reviewed ") && r.out.count('\n') == 1, r.out.constData());
}

void TestCli::reviewMarks()
{
    QTemporaryDir tmp;
    const QString gbPath = tmp.filePath(u"gb.sqlite"_s);
    recordOneCheckRun(gbPath, u"amy"_s, Outcome::Fail, GradeStatus::NeedsReview);
    recordOneCheckRun(gbPath, u"ben"_s, Outcome::Pass);
    const QStringList base = {u"review"_s, u"assignments/good"_s};
    const QStringList gb = {u"--gradebook"_s, gbPath};

    Run r = runCli(base + gb);
    QCOMPARE(r.code, 0);
    QCOMPARE(QString::fromUtf8(r.out), u"amy: needs-review, 0 of 1 point; not reviewed\n"_s);
    // Not reviewed yet: Canvas gets no score for amy, and export says whose and why (fresh-user finding: needs-review
    // and needs-manual totals went to Canvas without a word).
    r = runCli(QStringList{u"export"_s, u"assignments/good"_s, u"--format"_s, u"canvas"_s} + gb);
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(",amy,,,,\r\n") && r.out.contains(",ben,,,,1\r\n"), r.out.constData());
    const QString unfinished = u"sandmark-cli: warning: export: 1 submission(s) a person has still to finish "
                               "(needs-manual, or needs-review not marked reviewed): amy; their scores are left "
                               "empty, so that Canvas keeps what it has; grade them by hand or mark them reviewed "
                               "(sandmark-cli manual, review) and export again\n"_s;
    QVERIFY2(QString::fromUtf8(r.err).startsWith(unfinished), r.err.constData());
    // The runs here were recorded under other checks than the assignment's; Canvas's file cannot mark that: stderr does.
    QVERIFY2(QString::fromUtf8(r.err).mid(unfinished.size()).startsWith(u"sandmark-cli: warning: export: 2 student(s) graded under older checks"_s),
             r.err.constData());
    r = runCli(base + QStringList{u"amy"_s, u"nobody"_s} + gb);
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("review: nobody has no run: grade it first"), r.err.constData());
    r = runCli(base + QStringList{u"amy"_s, u"ben"_s} + gb);
    QCOMPARE(r.code, 0);
    const QStringList lines = QString::fromUtf8(r.out).split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 2);
    QVERIFY2(lines.at(0).startsWith(u"amy: needs-review, 0 of 1 point; reviewed 20"_s), qPrintable(lines.at(0)));
    QVERIFY2(lines.at(1).startsWith(u"ben: graded, 1 of 1 point; reviewed 20"_s), qPrintable(lines.at(1)));
    r = runCli(QStringList{u"export"_s, u"assignments/good"_s, u"--format"_s, u"canvas"_s} + gb); // reviewed: amy's 0 goes out
    QVERIFY2(r.out.contains(",amy,,,,0\r\n"), r.out.constData());
    // Nothing is held back now; only the stale notice is left.
    QVERIFY2(r.err.startsWith("sandmark-cli: warning: export: 2 student(s) graded under older checks") && r.err.count('\n') == 2
                 && r.err.contains("\nsandmark-cli: note: export: the submissions were not imported from an LMS"),
             r.err.constData());
    // Nothing awaits a person now: amy's mark holds, ben is graded (fresh-user finding: the list showed both, graded and
    // reviewed, though the README says it lists "what awaits a person").
    r = runCli(base + gb); // said so, not an empty answer that reads as if it failed (fresh-user run s25)
    QCOMPARE(r.code, 0);
    QCOMPARE(QString::fromUtf8(r.out), u"nothing awaits a person (2 submission(s) in the gradebook)\n"_s);
    recordOneCheckRun(gbPath, u"amy"_s, Outcome::NotGraded, GradeStatus::NeedsReview); // a regrade that changed amy's grade
    r = runCli(base + gb);
    const QStringList listed = QString::fromUtf8(r.out).split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(listed.size(), 1); // amy again, not ben
    QVERIFY2(listed.at(0).startsWith(u"amy: needs-review, not graded; reviewed "_s)
                 && listed.at(0).endsWith(u" when it was needs-review, 0 of 1 point (the grade changed since)"_s),
             r.out.constData());
    r = runCli(base + QStringList{u"ben"_s, u"--clear"_s} + gb);
    QCOMPARE(QString::fromUtf8(r.out), u"ben: graded, 1 of 1 point; review mark removed\n"_s);
    r = runCli(base + QStringList{u"ben"_s, u"--clear"_s} + gb);
    QCOMPARE(QString::fromUtf8(r.out), u"ben: graded, 1 of 1 point; had no review mark\n"_s);
    r = runCli(base + QStringList{u"--clear"_s} + gb);
    QCOMPARE(r.code, 2);

    // `export -o` never writes over the gradebook it reads or the assignment's own files (attack report s14: the
    // gradebook was replaced by its CSV with exit 0).
    const QByteArray gradebookBefore = readAll(gbPath);
    r = runCli({u"export"_s, u"assignments/good"_s, u"--gradebook"_s, gbPath, u"-o"_s, gbPath});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("is the gradebook the export reads"), r.err.constData());
    QCOMPARE(readAll(gbPath), gradebookBefore);
    r = runCli({u"export"_s, u"assignments/good"_s, u"--gradebook"_s, gbPath, u"-o"_s, u"assignments/good/assignment.json"_s});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("is a file of the assignment (assignment.json)"), r.err.constData());
    // A folder as the output: the user's mistake, a usage error (exit 2, README; it was 1), said as such before any
    // work (it was Qt's "Filename refers to a directory"). Also for instrument and strip.
    r = runCli({u"export"_s, u"assignments/good"_s, u"--gradebook"_s, gbPath, u"-o"_s, tmp.path()});
    QCOMPARE(r.code, 2);
    QCOMPARE(QString::fromUtf8(r.err),
             u"sandmark-cli: export: -o %1 is a folder; give the name of the file to write (a path in it)\n"_s.arg(tmp.path()));
    r = runCli({u"instrument"_s, u"assignments/good"_s, u"assignments/good/hw.ipynb"_s, u"-o"_s, tmp.path()});
    QCOMPARE(r.code, 2);
    QCOMPARE(QString::fromUtf8(r.err),
             u"sandmark-cli: instrument: -o %1 is a folder; give the name of the file to write (a path in it)\n"_s.arg(tmp.path()));
    r = runCli({u"strip"_s, u"cli/instrument.stdout"_s, u"--output"_s, tmp.path() + u"/"_s});
    QCOMPARE(r.code, 2);
    QCOMPARE(QString::fromUtf8(r.err),
             u"sandmark-cli: strip: -o %1/ is a folder; give the name of the file to write (a path in it)\n"_s.arg(tmp.path()));
    // The other way round: a file (or a path under one) as the folder release and feedback write into, exit 2 too
    // (it was 1, "cannot create the output folder", not saying why: fresh-user run s25).
    const QString aFile = tmp.filePath(u"not-a-folder.csv"_s);
    QVERIFY(QFile(aFile).open(QIODevice::WriteOnly));
    r = runCli({u"release"_s, u"assignments/good"_s, u"-o"_s, aFile});
    QCOMPARE(r.code, 2);
    QCOMPARE(QString::fromUtf8(r.err),
             u"sandmark-cli: release: -o %1: %1 is a file; give a folder to write into\n"_s.arg(aFile));
    r = runCli({u"feedback"_s, u"assignments/good"_s, u"--gradebook"_s, gbPath, u"-o"_s, aFile + u"/sub"_s});
    QCOMPARE(r.code, 2);
    QCOMPARE(QString::fromUtf8(r.err),
             u"sandmark-cli: feedback: -o %1/sub: %1 is a file; give a folder to write into\n"_s.arg(aFile));
    r = runCli({u"export"_s, u"assignments/good"_s, u"--gradebook"_s, gbPath, u"-o"_s, tmp.filePath(u"grades.csv"_s)});
    QCOMPARE(r.code, 0);
    // Written to a file, it says what it wrote (it said nothing before: fresh-user run s17).
    QCOMPARE(QString::fromUtf8(r.out), u"exported 2 student(s) to %1 (csv); 2 graded under older checks, marked in the stale "
                                        "column\n"_s.arg(tmp.filePath(u"grades.csv"_s)));

    // Canvas's column is never empty: an empty --canvas-column is the title, an assignment without a title its slug.
    const QString untitled = tmp.filePath(u"untitled"_s);
    copyTree(QStringLiteral(SANDMARK_TEST_DATA_DIR "/assignments/good"), untitled);
    QByteArray json = readAll(untitled + u"/assignment.json"_s);
    json.replace("\"title\": \"Homework 1 \xe2\x80\x94 Iris\",", ""); // no "title" (an empty one is refused on load)
    QFile jf(untitled + u"/assignment.json"_s);
    QVERIFY(jf.open(QIODevice::WriteOnly | QIODevice::Truncate) && jf.write(json) == json.size());
    jf.close();
    r = runCli({u"export"_s, untitled, u"--gradebook"_s, gbPath, u"--format"_s, u"canvas"_s, u"--canvas-column"_s, u""_s});
    QVERIFY2(r.code == 0, r.err.constData());
    // Canvas's file cannot mark them: a warning on stderr, also when the file goes to stdout (said nowhere before).
    QVERIFY2(r.err.contains("sandmark-cli: warning: export: 2 student(s) graded under older checks, not marked in Canvas's file"),
             r.err.constData());
    QVERIFY(!json.contains("Homework 1"));
    QVERIFY2(r.out.startsWith("Student,ID,SIS User ID,SIS Login ID,Section,hw-1\r\n"), r.out.constData());
}

// `checks list --reference`: the real reference run (bwrap) of a copy of the example lists the instructor
// notebook's variables with their types and values; modules and functions are not listed; the second run
// reads the cache.
void TestCli::checksListReference()
{
    QTemporaryDir tmp;
    copyTree(QStringLiteral(SANDMARK_SOURCE_DIR "/examples/iris"), tmp.filePath(u"iris"_s));
    QVERIFY(QFile::setPermissions(tmp.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner
                                                  | QFileDevice::ReadGroup | QFileDevice::ExeGroup | QFileDevice::ReadOther
                                                  | QFileDevice::ExeOther));
    const QMap<QString, QString> env{{u"SANDMARK_CACHE_DIR"_s, tmp.filePath(u"cache"_s)}};
    const QStringList args{u"checks"_s, u"list"_s, tmp.filePath(u"iris"_s), u"--reference"_s, u"--json"_s, u"--sandbox"_s, u"bwrap"_s};
    Run r = runCli(args, env);
    if (r.code == 3 && r.err.contains("bwrap"))
        QSKIP(qPrintable(u"bwrap cannot start here: "_s + QString::fromUtf8(r.err)));
    QVERIFY2(r.code == 0, r.err.constData());
    for (int pass = 0; pass < 2; ++pass) {
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value(u"total_points"_s).toDouble(), 8.0);
        const QJsonObject ref = o.value(u"reference"_s).toObject();
        QCOMPARE(ref.value(u"cache_hit"_s).toBool(), pass == 1);
        QMap<QString, QJsonObject> vars;
        QStringList names;
        for (const QJsonValue &v : ref.value(u"variables"_s).toArray()) {
            names << v[u"name"_s].toString();
            vars.insert(v[u"name"_s].toString(), v.toObject());
        }
        QCOMPARE(names, (QStringList{u"DATA_URL"_s, u"df"_s, u"n_rows"_s, u"mean_sepal"_s, u"petal_ratio"_s, u"corr"_s}));
        QCOMPARE(vars[u"n_rows"_s][u"type"_s].toString(), u"int"_s);
        QCOMPARE(vars[u"n_rows"_s][u"value"_s].toString(), u"150"_s);
        QCOMPARE(vars[u"n_rows"_s][u"checks"_s].toArray(), QJsonArray{u"n_rows"_s});
        QCOMPARE(vars[u"corr"_s][u"type"_s].toString(), u"float"_s);
        QVERIFY(vars[u"corr"_s][u"value"_s].toString().startsWith(u"0.96286"_s));
        QCOMPARE(vars[u"df"_s][u"type"_s].toString(), u"pandas.DataFrame"_s);
        QVERIFY(vars[u"df"_s][u"value"_s].toString().startsWith(u"DataFrame 150×5"_s));
        QCOMPARE(vars[u"df"_s][u"checks"_s].toArray(), QJsonArray());
        if (pass == 0)
            r = runCli(args, env);
    }
}

// `grade --dry-run` after a tolerance change: both submissions regrade from their stored runs, with the grades the
// real regrade then records; nothing is run or written by the dry run.
void TestCli::gradeDryRunForeseesTheRegrade()
{
    QTemporaryDir tmp;
    const QString iris = tmp.filePath(u"iris"_s);
    copyTree(QStringLiteral(SANDMARK_SOURCE_DIR "/examples/iris"), iris);
    for (const QFileInfo &fi : QDir(iris + u"/submissions"_s).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot))
        if (fi.fileName() != u"alice"_s && fi.fileName() != u"carol"_s)
            QVERIFY(QDir(fi.filePath()).removeRecursively());
    QVERIFY(QFile::setPermissions(tmp.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner
                                                  | QFileDevice::ReadGroup | QFileDevice::ExeGroup | QFileDevice::ReadOther
                                                  | QFileDevice::ExeOther));
    const QMap<QString, QString> env{{u"SANDMARK_CACHE_DIR"_s, tmp.filePath(u"cache"_s)}};
    Run r = runCli({u"grade"_s, iris, u"--dry-run"_s, u"--sandbox"_s, u"bwrap"_s}, env);
    QCOMPARE(r.code, 1); // no gradebook yet: named
    QVERIFY2(r.err.contains("gradebook.sqlite: no gradebook yet: nothing has been graded, so grade would run every submission"), r.err.constData());
    r = runCli({u"grade"_s, iris, u"--sandbox"_s, u"bwrap"_s}, env);
    if (r.code == 3 && r.err.contains("bwrap"))
        QSKIP(qPrintable(u"bwrap cannot start here: "_s + QString::fromUtf8(r.err)));
    QVERIFY2(r.code == 0, r.err.constData());
    // Asked for another backend than the runs': every submission would run there, each saying why, and a note says
    // where the runs are (it refused with exit 1: fresh-user run).
    r = runCli({u"grade"_s, iris, u"--dry-run"_s, u"--sandbox"_s, u"local-unsafe"_s}, env);
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY2(r.err.contains("sandmark-cli: note: no submission's latest run is in the local-unsafe sandbox (they are in bwrap)")
                 && r.err.contains("try --sandbox bwrap"), r.err.constData());
    QVERIFY2(r.out.contains(", 0 skipped (nothing changed), 2 would run again\n  alice: its last run was not in the local-unsafe "
                            "sandbox\n  carol: its last run was not in the local-unsafe sandbox\n"), r.out.constData());
    // A dry run needs no sandbox: one that cannot start here is a note with its fix, beside what would run.
    QMap<QString, QString> noDocker = env;
    noDocker.insert(u"DOCKER_HOST"_s, u"unix:///nonexistent/docker.sock"_s);
    r = runCli({u"grade"_s, iris, u"--dry-run"_s, u"--sandbox"_s, u"docker"_s}, noDocker);
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY2(r.err.contains("sandmark-cli: note: the docker sandbox is not ready here, so grade would stop before grading: ")
                 && r.err.contains("sandbox docker: the Docker ") && r.err.contains("(sandmark-cli doctor --sandbox docker tests it)"),
             r.err.constData());
    QVERIFY2(r.out.contains("  alice: its last run was not in the docker sandbox\n  carol: its last run was not in the docker sandbox\n"),
             r.out.constData());
    r = runCli({u"grade"_s, iris, u"--dry-run"_s, u"--sandbox"_s, u"bwrap"_s}, env);
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY2(r.out.contains("0 regraded from stored values, 0 cannot run (recorded without a sandbox: a notebook that does not parse or is not matched needs review, one that cannot be opened is a grader error), 2 skipped (nothing "
                            "changed), 0 would run again\nno grade changes\n"), r.out.constData());
    // carol typed corr in: a tighter tolerance fails her value, and needs no run.
    r = runCli({u"checks"_s, u"edit"_s, iris, u"corr"_s, u"--rtol"_s, u"1e-6"_s}, env);
    QVERIFY2(r.code == 0, r.err.constData());
    const QString gradebook = iris + u"/gradebook.sqlite"_s;
    const QByteArray before = readAll(gradebook);
    r = runCli({u"grade"_s, iris, u"--dry-run"_s, u"--sandbox"_s, u"bwrap"_s}, env);
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY2(r.out.startsWith("dry run: no sandbox started, nothing recorded\n"), r.out.constData());
    QVERIFY2(r.out.contains("2 regraded from stored values, 0 cannot run (recorded without a sandbox: a notebook that does not parse or is not matched needs review, one that cannot be opened is a grader error), 0 skipped (nothing "
                            "changed), 0 would run again\n"), r.out.constData());
    // Only carol's grade changes: her row says what it was, a line names her, and the mean is shown beside today's.
    QVERIFY2(r.out.contains("was 8/8 graded"), r.out.constData());
    QCOMPARE(r.out.count("was "), 1);
    QVERIFY2(r.out.contains("1 grade(s) change: carol 8/8 -> 6/8\n"), r.out.constData());
    QVERIFY2(r.out.contains("grade distribution of 2 with a score: mean 7, median 7 of 8 (now: 2 with a score, mean 8, "
                            "median 8 of 8):"), r.out.constData());
    r = runCli({u"grade"_s, iris, u"--dry-run"_s, u"--json"_s, u"--sandbox"_s, u"bwrap"_s}, env);
    QVERIFY2(r.code == 0, r.err.constData());
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(o.value(u"regraded"_s).toArray(), (QJsonArray{u"alice"_s, u"carol"_s}));
    QCOMPARE(o.value(u"would_run"_s).toObject(), QJsonObject());
    QCOMPARE(o.value(u"cannot_run"_s).toArray(), QJsonArray());
    QCOMPARE(o.value(u"changed"_s).toArray(), QJsonArray{u"carol"_s});
    QCOMPARE(o.value(u"before"_s)[u"mean"_s].toDouble(), 8.0);
    QCOMPARE(o.value(u"mean"_s).toDouble(), 7.0);
    QMap<QString, double> foreseen;
    for (const QJsonValue &g : o.value(u"grades"_s).toArray())
        foreseen.insert(g[u"submission"_s].toString(), g[u"score"_s].toDouble());
    for (const QJsonValue &g : o.value(u"grades"_s).toArray()) // only a changed grade says what it was
        QCOMPARE(g[u"before"_s][u"score"_s].toDouble(-1), g[u"submission"_s] == u"carol"_s ? 8.0 : -1.0);
    QCOMPARE(foreseen.value(u"alice"_s), 8.0);
    QCOMPARE(foreseen.value(u"carol"_s), 6.0);
    QCOMPARE(readAll(gradebook), before); // the dry runs wrote nothing
    QCOMPARE(runCli({u"grade"_s, iris, u"--dry-run"_s, u"--force"_s}, env).code, 2);
    // The real regrade records what the dry run showed.
    r = runCli({u"grade"_s, iris, u"--json"_s, u"--sandbox"_s, u"bwrap"_s}, env);
    QVERIFY2(r.code == 0, r.err.constData());
    const QList<QByteArray> lines = r.out.trimmed().split('\n');
    QCOMPARE(QJsonDocument::fromJson(lines.last()).object()[u"summary"_s][u"regraded"_s].toInt(), 2);
    QMap<QString, double> recorded;
    for (const QByteArray &line : lines.mid(0, lines.size() - 1)) {
        const QJsonObject g = QJsonDocument::fromJson(line).object();
        recorded.insert(g[u"submission"_s].toString(), g[u"score"_s].toDouble());
    }
    QCOMPARE(recorded, foreseen);

    // Why each would run names what changed, by the parts of the key the batch compares (it said "what the run
    // depends on changed (files, notebooks, …)" for any of them: fresh-user run). Alice edits her notebook, bob hands in.
    const QString aliceNb = iris + u"/submissions/alice/iris-analysis.ipynb"_s;
    QVERIFY(writeFile(aliceNb, readAll(aliceNb) + "\n")); // whitespace after the JSON: the same notebook, other bytes
    copyTree(QStringLiteral(SANDMARK_SOURCE_DIR "/examples/iris/submissions/bob"), iris + u"/submissions/bob"_s);
    r = runCli({u"grade"_s, iris, u"--dry-run"_s, u"--sandbox"_s, u"bwrap"_s}, env);
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY2(r.out.contains(", 1 skipped (nothing changed), 2 would run again\n"
                            "  alice: its files changed since its last run (the notebook or another file handed in)\n"
                            "  bob: not graded yet\n"), r.out.constData());
    // A limit changes: the reference values are not cached for it yet, and the dry run says the assignment changed.
    r = runCli({u"assignment"_s, u"set"_s, iris, u"limits.timeout_s"_s, u"100"_s}, env);
    QVERIFY2(r.code == 0, r.err.constData());
    r = runCli({u"grade"_s, iris, u"--dry-run"_s, u"--sandbox"_s, u"bwrap"_s}, env);
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY2(r.out.startsWith("dry run: the assignment changed in what its runs depend on since they were graded ("), r.out.constData());
    // Once the reference ran for it (checks list --reference), each submission's reason names the assignment's change.
    r = runCli({u"checks"_s, u"list"_s, iris, u"--reference"_s, u"--sandbox"_s, u"bwrap"_s}, env);
    QVERIFY2(r.code == 0, r.err.constData());
    r = runCli({u"grade"_s, iris, u"--dry-run"_s, u"--sandbox"_s, u"bwrap"_s}, env);
    QVERIFY2(r.code == 0, r.err.constData());
    const QString changed = u"the assignment changed since its last run in what its run depends on (the instructor notebook, a "
                            "supplied file, a test's code, the limits, a setting or Sandmark's version)"_s;
    QVERIFY2(QString::fromUtf8(r.out).contains(u"  alice: its files changed since its last run (the notebook or another file handed "
                                               "in); %1\n  bob: not graded yet\n  carol: %1\n"_s.arg(changed)),
             r.out.constData());
    // Back to the graded limits with the reference cache gone: the dry run says the cache lost them, not a change.
    r = runCli({u"assignment"_s, u"set"_s, iris, u"limits.timeout_s"_s, u"120"_s}, env);
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY(QDir(tmp.filePath(u"cache/reference"_s)).removeRecursively());
    r = runCli({u"grade"_s, iris, u"--dry-run"_s, u"--sandbox"_s, u"bwrap"_s}, env);
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY2(r.out.startsWith("dry run: the assignment is as its runs were graded, but the reference values they were graded "
                              "with are no longer cached in "), r.out.constData());
}

// A check the instructor notebook fails is a grader error (README: exit 3): the summary line counts it as one — it
// said "0 grader error(s)" beside exit 3 (fresh-user run) — and says which check it is.
void TestCli::gradeSummaryCountsTheBrokenCheck()
{
    QTemporaryDir tmp;
    const QString iris = tmp.filePath(u"iris"_s);
    copyTree(QStringLiteral(SANDMARK_SOURCE_DIR "/examples/iris"), iris);
    for (const QFileInfo &fi : QDir(iris + u"/submissions"_s).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot))
        if (fi.fileName() != u"alice"_s)
            QVERIFY(QDir(fi.filePath()).removeRecursively());
    QVERIFY(QFile::setPermissions(tmp.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner
                                                  | QFileDevice::ReadGroup | QFileDevice::ExeGroup | QFileDevice::ReadOther
                                                  | QFileDevice::ExeOther));
    const QMap<QString, QString> env{{u"SANDMARK_CACHE_DIR"_s, tmp.filePath(u"cache"_s)}};
    Run r = runCli({u"checks"_s, u"add"_s, u"test"_s, iris, u"--id"_s, u"rows151"_s, u"--code"_s, u"assert n_rows == 151"_s}, env);
    QVERIFY2(r.code == 0, r.err.constData());
    r = runCli({u"grade"_s, iris, u"--sandbox"_s, u"bwrap"_s}, env);
    if (r.code == 3 && !r.err.contains("rows151"))
        QSKIP(qPrintable(u"bwrap cannot start here: "_s + QString::fromUtf8(r.err)));
    QCOMPARE(r.code, 3);
    QVERIFY2(r.err.contains("sandmark-cli: grade: 0 graded, 0 await manual grading, 1 need review, 1 grader error(s) (0 "
                            "submission(s), 1 broken check(s) not graded for anyone: rows151), "),
             r.err.constData());
    QVERIFY2(!r.err.contains(" 0 grader error(s)"), r.err.constData());
    // Nothing changed: unchanged, and the check is still broken: still exit 3, still counted.
    r = runCli({u"grade"_s, iris, u"--sandbox"_s, u"bwrap"_s}, env);
    QCOMPARE(r.code, 3);
    QVERIFY2(r.err.contains(" 1 grader error(s) (0 submission(s), 1 broken check(s) not graded for anyone: rows151), 1 unchanged"),
             r.err.constData());
}

// `checks list --reference` of a problem set: every notebook's namespace (each ran in its own kernel), each variable
// with its notebook and the checks of that notebook that read it.
void TestCli::checksListReferenceProblemSet()
{
    QTemporaryDir tmp;
    copyTree(dataPath(u"problemsets/ps"_s), tmp.filePath(u"ps"_s));
    QVERIFY(QFile::setPermissions(tmp.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner
                                                  | QFileDevice::ReadGroup | QFileDevice::ExeGroup | QFileDevice::ReadOther
                                                  | QFileDevice::ExeOther));
    const QMap<QString, QString> env{{u"SANDMARK_CACHE_DIR"_s, tmp.filePath(u"cache"_s)}};
    Run r = runCli({u"checks"_s, u"list"_s, tmp.filePath(u"ps"_s), u"--reference"_s, u"--json"_s, u"--sandbox"_s, u"bwrap"_s}, env);
    if (r.code == 3 && r.err.contains("bwrap"))
        QSKIP(qPrintable(u"bwrap cannot start here: "_s + QString::fromUtf8(r.err)));
    QVERIFY2(r.code == 0, r.err.constData());
    QMap<QString, QStringList> byNotebook;
    QMap<QString, QJsonObject> vars;
    for (const QJsonValue &v : QJsonDocument::fromJson(r.out).object().value(u"reference"_s).toObject().value(u"variables"_s).toArray()) {
        byNotebook[v[u"notebook"_s].toString()] << v[u"name"_s].toString();
        vars.insert(v[u"notebook"_s].toString() + u":"_s + v[u"name"_s].toString(), v.toObject());
    }
    QCOMPARE(byNotebook.keys(), (QStringList{u"part1.ipynb"_s, u"part2.ipynb"_s, u"part3.ipynb"_s}));
    QVERIFY2(byNotebook[u"part1.ipynb"_s].contains(u"a"_s), qPrintable(byNotebook[u"part1.ipynb"_s].join(u","_s)));
    QCOMPARE(vars[u"part1.ipynb:a"_s][u"value"_s].toString(), u"9"_s);
    QCOMPARE(vars[u"part1.ipynb:a"_s][u"checks"_s].toArray(), QJsonArray{u"a"_s});
    QVERIFY(byNotebook[u"part2.ipynb"_s].contains(u"n"_s));
    QCOMPARE(vars[u"part2.ipynb:n"_s][u"checks"_s].toArray(), QJsonArray{u"n"_s});
    QVERIFY(byNotebook[u"part3.ipynb"_s].contains(u"total"_s));
    QCOMPARE(vars[u"part3.ipynb:total"_s][u"checks"_s].toArray(), QJsonArray{u"total"_s});
    // The table names each notebook's namespace.
    r = runCli({u"checks"_s, u"list"_s, tmp.filePath(u"ps"_s), u"--reference"_s, u"--sandbox"_s, u"bwrap"_s}, env);
    QVERIFY2(r.code == 0, r.err.constData());
    for (const char *heading : {"reference namespace of part1.ipynb (cached): ", "reference namespace of part2.ipynb (cached): ",
                                "reference namespace of part3.ipynb (cached): "})
        QVERIFY2(r.out.contains(heading), r.out.constData());
}

namespace {

/// A copy of assignments/good at `folder` with submissions/alice/hw.ipynb and submissions/dan.ipynb.
void makeGradableCopy(const QString &folder)
{
    copyTree(dataPath(u"assignments/good"_s), folder);
    QVERIFY(QDir().mkpath(folder + u"/submissions/alice"_s));
    QVERIFY(QFile::copy(folder + u"/hw.ipynb"_s, folder + u"/submissions/alice/hw.ipynb"_s));
    QVERIFY(QFile::copy(folder + u"/hw.ipynb"_s, folder + u"/submissions/dan.ipynb"_s));
}

} // namespace

// grade ASSIGNMENT PATH: a path must name a student's folder or notebook in ASSIGNMENT/submissions (after `..`
// and links are resolved); any other folder is refused with a usage error naming the argument and the
// submissions folder, before a gradebook is created or anything runs.
void TestCli::gradeRefusesPathsOutsideTheSubmissions()
{
    QTemporaryDir tmp;
    const QString a = tmp.filePath(u"hw"_s);
    makeGradableCopy(a);
    QVERIFY(QDir().mkpath(tmp.filePath(u"outside/eve"_s)));
    QVERIFY(QFile::copy(a + u"/hw.ipynb"_s, tmp.filePath(u"outside/eve/hw.ipynb"_s)));
    QVERIFY(QFile::link(a + u"/submissions"_s, tmp.filePath(u"subs-link"_s)));
    QVERIFY(QFile::copy(a + u"/hw.ipynb"_s, a + u"/submissions/alice/notes.txt"_s));
    const QString gradebook = tmp.filePath(u"gb.sqlite"_s);
    const QStringList refused = {
        u"../../etc"_s,                                  // relative to the working folder: /etc
        tmp.filePath(u"outside/eve"_s),                  // a student-like folder elsewhere
        tmp.filePath(u"outside/eve/hw.ipynb"_s),
        a + u"/submissions/../data"_s,                   // `..` out of the submissions folder
        a + u"/submissions"_s,                           // the folder itself
        a + u"/submissions/alice/notes.txt"_s,           // a file inside a student's folder, not a notebook
        a,
        u"/etc"_s,
        u".hid"_s,                                       // a hidden entry (fresh-user finding: these exited 1)
        u"nobody"_s,                                     // no such student
    };
    QVERIFY(QDir().mkpath(a + u"/submissions/.hid"_s));
    QVERIFY(QFile::copy(a + u"/hw.ipynb"_s, a + u"/submissions/.hid/hw.ipynb"_s));
    for (const QString &arg : refused) {
        const Run r = runCli({u"grade"_s, a, arg, u"--gradebook"_s, gradebook}, {}, tmp.path());
        // A path that is no submission is a usage error (docs/grading.md); a student id not there is bad input, as
        // diff's and match's.
        const int expected = arg == u"nobody"_s ? 1 : 2;
        QVERIFY2(r.code == expected, qPrintable(arg + u": "_s + QString::fromUtf8(r.err)));
        const QString err = QString::fromUtf8(r.err);
        QVERIFY2(err.startsWith(u"sandmark-cli: grade: "_s + arg + u": "_s), qPrintable(err));
        QVERIFY2(err.contains(a + u"/submissions"_s), qPrintable(err));
        QCOMPARE(err.count(QLatin1Char('\n')), 1);
        QVERIFY(!QFileInfo::exists(gradebook));
    }
    // The core's rule accepts ids and the entries themselves, also through a linked parent folder.
    const QString subs = a + u"/submissions"_s;
    for (const QString &name : {u"alice"_s, u"dan"_s, u"dan.ipynb"_s, subs + u"/alice"_s, subs + u"/alice/"_s,
                                subs + u"/alice/hw.ipynb"_s, // a notebook inside the folder (ambiguous folders)
                                subs + u"/../submissions/dan.ipynb"_s, tmp.filePath(u"subs-link/alice"_s)}) {
        Expected<Submission> s = submissionNamed(subs, name);
        QVERIFY2(s, qPrintable(name + u": "_s + (s ? QString() : s.error().toString())));
        QVERIFY2(s->problem.isEmpty(), qPrintable(s->problem));
        QVERIFY(s->studentId == u"alice"_s || s->studentId == u"dan"_s);
        QVERIFY(s->notebookPath.startsWith(subs + u"/"_s));
    }
    QVERIFY(!submissionNamed(subs, u".."_s));
    QVERIFY(!submissionNamed(subs, u"."_s));
}

// A gradebook folder that cannot be written — a read-only assignment folder, a full disk — is the grader's
// machine's problem: exit 3 (not 1), one line naming the folder, nothing left behind. As root a read-only
// folder is writable anyway, so both cases use a small tmpfs (mounted read-only, then filled).
void TestCli::gradeOnReadOnlyOrFullDiskIsAGraderError()
{
    QTemporaryDir tmp;
    const SmallTmpfs small(tmp.filePath(u"small"_s), u"2m"_s);
    if (!small.skipWhy.isEmpty())
        QSKIP(small.skipWhy.constData());
    const QString mnt = small.path;
    const QString a = mnt + u"/hw"_s;
    makeGradableCopy(a);

    QCOMPARE(QProcess::execute(u"mount"_s, {u"-o"_s, u"remount,ro"_s, mnt}), 0);
    Run r = runCli({u"grade"_s, a, u"alice"_s});
    QVERIFY2(r.code == 3, r.err.constData());
    QCOMPARE(QString::fromUtf8(r.err),
             u"sandmark-cli: %1/.sandmark: cannot write: read-only file system (%2 is mounted read-only) (the gradebook goes there)\n"_s
                 .arg(a, mnt));

    QCOMPARE(QProcess::execute(u"mount"_s, {u"-o"_s, u"remount,rw"_s, mnt}), 0);
    {
        QFile fill(mnt + u"/fill"_s);
        QVERIFY(fill.open(QIODevice::WriteOnly | QIODevice::Unbuffered));
        const QByteArray block(64 * 1024, '\0');
        while (fill.write(block) == block.size()) {
        }
    }
    r = runCli({u"grade"_s, a, u"alice"_s});
    QVERIFY2(r.code == 3, r.err.constData());
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.startsWith(u"sandmark-cli: %1/.sandmark: cannot write: the disk is full ("_s.arg(a)), qPrintable(err));
    QCOMPARE(err.count(QLatin1Char('\n')), 1);
    QVERIFY(!QFileInfo::exists(a + u"/.sandmark/gradebook.sqlite"_s));
}

// Every command that must write where it cannot — the gradebook, assignment.json, an output folder on read-only
// media — is a grader error like grade's, exit 3 naming the folder (README, "Exit codes"; fresh-user finding:
// override, review, match and manual exited 1 with SQLite's "PRAGMA journal_mode=WAL: unable to open database
// file", merge and checks edit with exit 1 too). What only reads there works (review and manual listing, export),
// and a missing input there is still bad input (1). Root writes anywhere: a small tmpfs, mounted read-only.
void TestCli::writersOnReadOnlyMediaAreAGraderError()
{
    QTemporaryDir tmp;
    const SmallTmpfs small(tmp.filePath(u"small"_s), u"4m"_s);
    if (!small.skipWhy.isEmpty())
        QSKIP(small.skipWhy.constData());
    const QString mnt = small.path;
    const QString a = mnt + u"/hw"_s, gb = Gradebook::defaultPath(a), shard = tmp.filePath(u"shard.sqlite"_s);
    makeGradableCopy(a);
    QVERIFY(QFile::copy(a + u"/hw.ipynb"_s, a + u"/submissions/alice/hw (late).ipynb"_s));
    recordOneCheckRun(gb, u"dan"_s, Outcome::Pass);
    recordOneCheckRun(shard, u"alice"_s, Outcome::Pass);
    QCOMPARE(QProcess::execute(u"mount"_s, {u"-o"_s, u"remount,ro"_s, mnt}), 0);

    const QString gradebookFolder = u"sandmark-cli: %1: cannot write: read-only file system (%2 is mounted read-only)\n"_s
                                        .arg(gb, mnt);
    struct Case
    {
        QStringList args;
        QString err; // empty: only the exit code and one line are compared
    };
    const QList<Case> writers = {
        {{u"override"_s, a, u"dan"_s, u"--points"_s, u"1"_s, u"--comment"_s, u"oral"_s}, gradebookFolder},
        {{u"review"_s, a, u"dan"_s}, gradebookFolder},
        {{u"match"_s, a, u"alice"_s, u"hw.ipynb"_s, u"hw (late).ipynb"_s}, gradebookFolder},
        {{u"merge"_s, gb, shard}, {}},
        {{u"checks"_s, u"edit"_s, a, u"n_rows"_s, u"--points"_s, u"2"_s}, {}},
        {{u"release"_s, a, u"-o"_s, mnt + u"/out"_s}, {}},
    };
    for (const Case &c : writers) {
        const Run r = runCli(c.args);
        QVERIFY2(r.code == 3, qPrintable(c.args.join(u' ') + u": "_s + QString::fromUtf8(r.err)));
        if (!c.err.isEmpty())
            QCOMPARE(QString::fromUtf8(r.err), c.err);
        QCOMPARE(r.err.count('\n'), 1);
    }
    for (const QStringList &reader : {QStringList{u"review"_s, a}, QStringList{u"manual"_s, a, u"list"_s},
                                      QStringList{u"export"_s, a, u"-o"_s, tmp.filePath(u"grades.csv"_s)}}) {
        const Run r = runCli(reader);
        QVERIFY2(r.code == 0, qPrintable(reader.join(u' ') + u": "_s + QString::fromUtf8(r.err)));
    }
    const Run missing = runCli({u"strip"_s, mnt + u"/nope.ipynb"_s});
    QVERIFY2(missing.code == 1, missing.err.constData());
}

// SANDMARK_PYTHON naming a Python without nbclient/ipykernel: the line leads with what is wrong and the fix, naming
// the variable (fresh-user finding: it began with the environments cache, "/var/cache/sandmark/envs: environment: the
// base interpreter … has no nbclient/ipykernel", and grade's note column showed only that folder). Exit 3.
void TestCli::pythonWithoutTheKernelIsNamedFirst()
{
    QTemporaryDir tmp;
    const QString venv = tmp.filePath(u"bare"_s), python = venv + u"/bin/python"_s;
    if (QProcess::execute(u"/usr/bin/python3"_s, {u"-m"_s, u"venv"_s, u"--without-pip"_s, venv}) != 0)
        QSKIP("python3 -m venv is not available here");
    const QString iris = tmp.filePath(u"iris"_s);
    copyTree(QStringLiteral(SANDMARK_SOURCE_DIR "/examples/iris"), iris);
    const QString expected = u"SANDMARK_PYTHON names %1, which has no nbclient/ipykernel to run the notebooks: install both "
                             "into it (%1 -m pip install nbclient ipykernel), point SANDMARK_PYTHON at a Python that has "
                             "them, or unset it (then /usr/bin/python3 runs the notebooks)"_s.arg(python);
    const Run r = runCli({u"run"_s, iris, iris + u"/submissions/alice/iris-analysis.ipynb"_s}, {{u"SANDMARK_PYTHON"_s, python}});
    QCOMPARE(r.code, 3);
    QVERIFY2(QString::fromUtf8(r.err).endsWith(u"sandmark-cli: "_s + expected + u"\n"_s), r.err.constData());
    QVERIFY2(!r.err.contains("/envs"), r.err.constData());
}

// A gradebook another process holds for its batch is busy, not bad input: `grade` into it and `merge` into it are
// refused with the same exit code, 3, the grader side's (README, "Exit codes"; merge exited 1 as for a bad input
// file); the same merge succeeds once the batch has ended. Nothing runs, so no sandbox is needed.
void TestCli::busyGradebookExitsThreeForGradeAndMerge()
{
    QTemporaryDir tmp;
    const QString a = tmp.filePath(u"hw"_s);
    makeGradableCopy(a);
    const QString gb = tmp.filePath(u"gb.sqlite"_s), shard = tmp.filePath(u"shard.sqlite"_s);
    recordOneCheckRun(gb, u"dan"_s, Outcome::Pass);
    recordOneCheckRun(shard, u"alice"_s, Outcome::Pass);
    Expected<std::unique_ptr<QLockFile>> batch = Gradebook::lockForWriting(gb, u"wait"_s); // this process: the batch
    QVERIFY(batch);
    const QString held = u"another batch is grading into this gradebook (%1, pid %2); "_s
                             .arg(QCoreApplication::applicationName())
                             .arg(QCoreApplication::applicationPid());

    const Run grade = runCli({u"grade"_s, a, u"--gradebook"_s, gb});
    QCOMPARE(grade.code, 3);
    QVERIFY2(grade.err.contains((u"sandmark-cli: %1: "_s.arg(gb) + held).toUtf8()), grade.err.constData());
    // Refused before recording anything: no table of the older grades, as if they were this batch's (fresh-user
    // finding: dan's older pass was printed before the exit 3).
    QVERIFY2(grade.out.isEmpty(), grade.out.constData());
    const Run merge = runCli({u"merge"_s, gb, shard});
    QVERIFY2(merge.code == 3, merge.err.constData());
    QCOMPARE(QString::fromUtf8(merge.err),
             u"sandmark-cli: %1: %2merge into it when the batch has finished (nothing was merged)\n"_s.arg(gb, held));
    QCOMPARE(merge.out, QByteArray());
    // A bad input is still bad input (1), busy or not being no longer the question.
    batch->reset();
    QCOMPARE(runCli({u"merge"_s, gb, tmp.filePath(u"nope.sqlite"_s)}).code, 1);
    const Run after = runCli({u"merge"_s, gb, shard});
    QVERIFY2(after.code == 0, after.err.constData());
    QVERIFY2(after.out.startsWith((shard + u": 1 run(s) added"_s).toUtf8()), after.out.constData());
}

// A gradebook another program holds locked (a database browser's open write transaction) is busy, not bad: grade
// says so before any sandbox runs, and override and review say it in the same words; all exit 3 (fresh-user finding:
// grade ran the sandbox for 13 s, then 'recordRun(alice): submission: database is locked Unable to fetch row', and
// override and review exited 1 with the raw text). Each waits SQLite's 10 s busy timeout first.
void TestCli::gradebookLockedByAnotherProgramIsBusy()
{
    QTemporaryDir tmp;
    const QString a = tmp.filePath(u"hw"_s);
    makeGradableCopy(a);
    const QString gb = tmp.filePath(u"gb.sqlite"_s), shard = tmp.filePath(u"shard.sqlite"_s), csv = tmp.filePath(u"grades.csv"_s);
    recordOneCheckRun(gb, u"dan"_s, Outcome::Pass);
    recordOneCheckRun(shard, u"alice"_s, Outcome::Pass);
    QVERIFY(QFile::copy(a + u"/hw.ipynb"_s, a + u"/submissions/alice/hw (late).ipynb"_s)); // two copies: match settles one
    {
        // eve's answer awaits a person: what `manual import` writes.
        auto book = Gradebook::open(gb);
        QVERIFY(book);
        RunRecord r;
        r.studentId = u"eve"_s;
        r.filesHash = u"files-eve"_s;
        r.inputsHash = u"in-1"_s;
        r.started = QDateTime::currentDateTimeUtc();
        r.finished = r.started.addSecs(1);
        CheckResult c;
        c.checkId = u"essay"_s;
        c.type = Check::Type::Manual;
        c.maxPoints = 2;
        r.result.checks << c;
        r.result.status = GradeStatus::NeedsManual;
        r.result.maxScore = 2;
        QVERIFY((*book)->recordRun(r));
    }
    QVERIFY(writeFile(csv, "student,check,points,comment\neve,essay,1,oral\n"));
    const QString expected = u"sandmark-cli: %1: another program holds a lock on this gradebook (SQLite: database is locked, "
                             "still after waiting 10 s): close it — a database browser, a sync tool, another Sandmark — "
                             "and run the command again\n"_s.arg(gb);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"holder"_s);
        db.setDatabaseName(gb);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY2(q.exec(u"BEGIN EXCLUSIVE"_s), qPrintable(q.lastError().text()));

        // Every command that writes the gradebook, at once (each waits the 10 s busy timeout): match exited 1 with the
        // same words (fresh-user finding), review's marks, merge and the others 3.
        const QList<QStringList> writers = {
            {u"grade"_s, a, u"dan"_s, u"--gradebook"_s, gb},
            {u"override"_s, a, u"dan"_s, u"--points"_s, u"1"_s, u"--comment"_s, u"oral"_s, u"--gradebook"_s, gb},
            {u"match"_s, a, u"alice"_s, u"hw.ipynb"_s, u"hw (late).ipynb"_s, u"--gradebook"_s, gb},
            {u"review"_s, a, u"dan"_s, u"--gradebook"_s, gb},
            {u"manual"_s, a, u"import"_s, csv, u"--gradebook"_s, gb},
        };
        std::vector<std::unique_ptr<QProcess>> running;
        for (const QStringList &args : writers) {
            running.push_back(std::make_unique<QProcess>());
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(u"LC_ALL"_s, u"C.UTF-8"_s);
            running.back()->setProcessEnvironment(env);
            running.back()->start(QStringLiteral(SANDMARK_CLI), args);
        }
        for (qsizetype i = 0; i < writers.size(); ++i) {
            QProcess &p = *running[size_t(i)];
            QVERIFY2(p.waitForFinished(60000), qPrintable(writers[i].first()));
            const QString err = QString::fromUtf8(p.readAllStandardError());
            QVERIFY2(p.exitCode() == 3, qPrintable(writers[i].first() + u": "_s + err));
            QCOMPARE(err, expected);
            QCOMPARE(p.readAllStandardOutput(), QByteArray()); // nothing ran or was settled, no table
        }
        // After grade: at once, one of the two would find the other's batch lock (busy as well, in other words).
        const Run merge = runCli({u"merge"_s, gb, shard});
        QCOMPARE(merge.code, 3);
        QCOMPARE(QString::fromUtf8(merge.err), expected);
        QVERIFY(q.exec(u"ROLLBACK"_s));
        db.close();
    }
    QSqlDatabase::removeDatabase(u"holder"_s);
    // A lock let go within the busy timeout is waited out (fresh-user finding: override failed at once, its deferred
    // transaction's read-then-write never waiting): a process holds it for 2 s while override runs.
    QProcess holder;
    holder.start(u"/usr/bin/python3"_s, {u"-c"_s, u"import sqlite3,sys,time; c=sqlite3.connect(sys.argv[1], isolation_level=None); "
                                                 "c.execute('BEGIN EXCLUSIVE'); print('held', flush=True); time.sleep(2)"_s, gb});
    QVERIFY(holder.waitForReadyRead(10000));
    const Run waited = runCli({u"override"_s, a, u"dan"_s, u"--points"_s, u"1"_s, u"--comment"_s, u"waited"_s, u"--gradebook"_s, gb});
    QVERIFY2(waited.code == 0, waited.err.constData());
    QVERIFY(holder.waitForFinished(10000));
    // Free again: the same commands work, and nothing of the refused ones was recorded.
    const Run review = runCli({u"review"_s, a, u"--gradebook"_s, gb});
    QVERIFY2(review.code == 0, review.err.constData());
    const Run after = runCli({u"override"_s, a, u"dan"_s, u"--points"_s, u"1"_s, u"--comment"_s, u"oral"_s, u"--gradebook"_s, gb});
    QVERIFY2(after.code == 0, after.err.constData());
    QVERIFY2(after.out.startsWith("dan: 1 / 1 (automatic "), after.out.constData());
}

// A file a command reads that is the gradebook itself — named as the grades CSV of `manual import`, a test's
// --code-file, the notebook of `instrument` or `run`; by its path, a symbolic link or a hard link — is refused
// unread, naming it and the gradebook: read outside SQLite it would drop this process's POSIX locks on the
// gradebook (docs/gradebook.md, "POSIX locks"; fresh-user finding: `manual import` read it as a CSV while its
// connection was open). The gradebook is left as it was.
void TestCli::inputThatIsTheGradebookIsRefusedUnread()
{
    QTemporaryDir tmp;
    const QString a = tmp.filePath(u"hw"_s);
    makeGradableCopy(a);
    const QString gb = a + u"/.sandmark/gradebook.sqlite"_s;
    recordOneCheckRun(gb, u"alice"_s, Outcome::Pass);
    const QString link = tmp.filePath(u"grades.csv"_s), hard = tmp.filePath(u"hard.csv"_s);
    QVERIFY(QFile::link(gb, link));
    QVERIFY(::link(QFile::encodeName(gb).constData(), QFile::encodeName(hard).constData()) == 0);
    const QByteArray before = readAll(gb);
    const QString csv = u"a CSV of grades (columns student,check,points,comment)"_s;
    const auto refused = [&](const QString &input, const QString &expected) {
        return u"sandmark-cli: %1: is the gradebook (%2), not %3: nothing was read\n"_s.arg(input, gb, expected);
    };
    struct Case
    {
        QStringList args;
        QString input, expected;
    };
    const QList<Case> cases = {
        {{u"manual"_s, a, u"import"_s, gb}, gb, csv},
        {{u"manual"_s, a, u"import"_s, link}, link, csv},
        {{u"manual"_s, a, u"import"_s, hard}, hard, csv},
        {{u"checks"_s, u"add"_s, u"test"_s, a, u"--id"_s, u"t1"_s, u"--code-file"_s, link}, link, u"a test's code"_s},
        {{u"instrument"_s, a, link}, link, u"a notebook"_s},
        {{u"run"_s, a, hard}, hard, u"a notebook"_s},
    };
    for (const Case &c : cases) {
        const Run r = runCli(c.args);
        QVERIFY2(r.code == 1, qPrintable(c.args.join(u' ') + u": "_s + QString::fromUtf8(r.err)));
        QCOMPARE(QString::fromUtf8(r.err), refused(c.input, c.expected));
        QCOMPARE(r.out, QByteArray());
    }
    QCOMPARE(readAll(gb), before);
    // Another gradebook (--gradebook) is the one compared: the assignment's is then an input like any other file.
    const QString other = tmp.filePath(u"other.sqlite"_s);
    recordOneCheckRun(other, u"bob"_s, Outcome::Pass);
    const Run r = runCli({u"manual"_s, a, u"import"_s, other, u"--gradebook"_s, other});
    QCOMPARE(r.code, 1);
    QCOMPARE(QString::fromUtf8(r.err), u"sandmark-cli: %1: is the gradebook (%1), not %2: nothing was read\n"_s.arg(other, csv));
}

// A data file of the assignment that is the gradebook (`assignment add data_files` of a link to it) would be hashed
// into every key and copied into every sandbox by the batch, with the gradebook open: refused before anything runs,
// naming the data file and the gradebook, as a gradebook among a student's files is (the batch's error, exit 3).
void TestCli::gradeRefusesAnAssignmentFileThatIsTheGradebook()
{
    QTemporaryDir tmp;
    const QString a = tmp.filePath(u"hw"_s);
    makeGradableCopy(a);
    const QString gb = a + u"/.sandmark/gradebook.sqlite"_s;
    recordOneCheckRun(gb, u"alice"_s, Outcome::Pass);
    QVERIFY(QFile::link(gb, a + u"/data/grades.csv"_s));
    const Run added = runCli({u"assignment"_s, u"add"_s, a, u"data_files"_s, u"data/grades.csv"_s});
    QVERIFY2(added.code == 0, added.err.constData());
    const QByteArray before = readAll(gb);
    const Run r = runCli({u"grade"_s, a, u"alice"_s});
    QVERIFY2(r.code == 3, r.err.constData());
    QVERIFY2(r.err.endsWith(u"sandmark-cli: %1/data/grades.csv: is the gradebook (%2), not a file of the assignment: nothing was "
                            "read\n"_s.arg(a, gb).toUtf8()),
             r.err.constData());
    QCOMPARE(readAll(gb), before);
}

// Text from outside (student ids, file names) cannot break a line or reorder what a terminal or table shows
// (security report F14); every other character of any script is kept.
// Sandmark's own Python runtime under a private (0700) folder: the error told the user to move the cache, which does
// not move the runtime (fresh-user test). Now it names the runtime's fixes, said once (no "sandmark.batch:" log line
// on stderr), and judy's unreadable notebook is still her own outcome (needs review), not a grader error.
void TestCli::unreachableRuntimeNamesItsOwnFix()
{
    if (::geteuid() != 0)
        QSKIP("the sandbox user is a uid of its own only when Sandmark runs as root");
    QTemporaryDir tmp;
    const QString iris = tmp.filePath(u"iris"_s);
    copyTree(QStringLiteral(SANDMARK_SOURCE_DIR "/examples/iris"), iris);
    QDir(iris + u"/.sandmark"_s).removeRecursively();
    const QString priv = tmp.filePath(u"priv"_s);
    copyTree(QFileInfo(QStringLiteral(SANDMARK_CLI)).absolutePath() + u"/../share/sandmark"_s, priv + u"/data"_s);
    QVERIFY(QFile::setPermissions(priv, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    QVERIFY(QFile::setPermissions(tmp.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadOther
                                                  | QFile::ExeOther | QFile::ReadGroup | QFile::ExeGroup));
    const Run r = runCli({u"grade"_s, iris, u"--sandbox"_s, u"local-unsafe"_s},
                         {{u"SANDMARK_DATA_DIR"_s, priv + u"/data"_s}, {u"SANDMARK_CACHE_DIR"_s, tmp.filePath(u"cache"_s)}});
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(!err.contains(u"sandmark.batch"_s), qPrintable(err));
    QVERIFY2(!err.contains(u"SANDMARK_CACHE_DIR"_s), qPrintable(err));
    const QString fix = u"cannot reach this folder because of %1; it is Sandmark's own Python runtime: chmod o+rx %1, or "
                        u"set SANDMARK_DATA_DIR to a copy of %1/data in a folder the sandbox user can reach"_s.arg(priv);
    QCOMPARE(err.count(fix), 1);
    QVERIFY2(err.endsWith(fix + u"\n"_s), qPrintable(err));
    const QString out = QString::fromUtf8(r.out);
    QVERIFY2(QRegularExpression(u"\\njudy +needs-review "_s).match(out).hasMatch(), qPrintable(out));
    QVERIFY2(QRegularExpression(u"\\nalice +grader-error "_s).match(out).hasMatch(), qPrintable(out));
}

// A SANDMARK_DATA_DIR that does not exist, or holds no python folder, is said so, naming the variable and its fix
// (fresh-user finding: as root it got "the sandbox user cannot reach this folder because of /nonexistent; … chmod
// o+rx /nonexistent"). Exit 3, as for the environment; bwrap and local-unsafe alike.
void TestCli::missingDataDirIsSaidSo()
{
    QTemporaryDir tmp;
    const QString iris = tmp.filePath(u"iris"_s), empty = tmp.filePath(u"empty"_s);
    copyTree(QStringLiteral(SANDMARK_SOURCE_DIR "/examples/iris"), iris);
    QVERIFY(QDir().mkpath(empty));
    const QString text = u"sandmark-cli: SANDMARK_DATA_DIR names %1, which %2, so Sandmark's Python runtime (%1/python) is "
                         "not there: point SANDMARK_DATA_DIR at Sandmark's share folder (the one holding python/, such as "
                         "/usr/share/sandmark), or unset it\n"_s;
    for (const QString &sandbox : {u"bwrap"_s, u"local-unsafe"_s})
        for (const auto &[dir, why] : {std::pair{tmp.filePath(u"nope"_s), u"does not exist"_s}, std::pair{empty, u"has no python folder"_s}}) {
            const Run r = runCli({u"run"_s, iris, iris + u"/submissions/alice/iris-analysis.ipynb"_s, u"--sandbox"_s, sandbox},
                                 {{u"SANDMARK_DATA_DIR"_s, dir}, {u"SANDMARK_CACHE_DIR"_s, tmp.filePath(u"cache"_s)}});
            QVERIFY2(r.code == 3, r.err.constData());
            QVERIFY2(QString::fromUtf8(r.err).endsWith(text.arg(dir, why)), qPrintable(sandbox + u": "_s + QString::fromUtf8(r.err)));
            QVERIFY2(!r.err.contains("chmod"), r.err.constData());
        }
    // doctor's fix names the variable as the cause (it said "… or set SANDMARK_DATA_DIR", which was set).
    const QString nope = tmp.filePath(u"nope"_s);
    const Run d = runCli({u"doctor"_s, u"--sandbox"_s, u"local-unsafe"_s}, {{u"SANDMARK_DATA_DIR"_s, nope}});
    QCOMPARE(d.code, 3);
    QVERIFY2(QString::fromUtf8(d.out).contains(u"SANDMARK_DATA_DIR names %1: point it at Sandmark's share folder (the one "
                                                "holding python/, such as /usr/share/sandmark), or unset it"_s.arg(nope)),
             d.out.constData());
    QVERIFY2(!d.out.contains("or set SANDMARK_DATA_DIR"), d.out.constData());
}

// A code cell holding a NUL character fails with a reason naming the cell and the place, at once (fresh-user finding:
// "NoReply: the kernel went idle without replying", after a 3 s wait); the next cells run.
void TestCli::nulInACodeCellIsNamed()
{
    QTemporaryDir tmp;
    const QString iris = tmp.filePath(u"iris"_s);
    copyTree(QStringLiteral(SANDMARK_SOURCE_DIR "/examples/iris"), iris);
    const QString nb = tmp.filePath(u"nul.ipynb"_s);
    QVERIFY(writeFile(nb, R"nb({"cells": [
 {"cell_type": "code", "execution_count": null, "id": "a", "metadata": {}, "outputs": [], "source": "x = 1\ny = 2  # a\u0000b"},
 {"cell_type": "code", "execution_count": null, "id": "b", "metadata": {}, "outputs": [], "source": "print('after')"}],
 "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
 "nbformat": 4, "nbformat_minor": 5})nb"));
    const Run r = runCli({u"run"_s, iris, nb, u"--json"_s});
    QVERIFY2(r.code == 0, r.err.constData());
    const QJsonObject record = QJsonDocument::fromJson(r.out).object();
    QJsonObject first, second;
    for (const QJsonValue &c : record.value(u"cells"_s).toArray()) {
        if (!c[u"injected"_s].isNull())
            continue; // Sandmark's own cells (redirect, probes, tests)
        if (c[u"index"_s].toInt() == 0)
            first = c.toObject();
        else if (c[u"index"_s].toInt() == 1)
            second = c.toObject();
    }
    QVERIFY2(!first.isEmpty(), r.out.constData());
    QCOMPARE(first.value(u"status"_s).toString(), u"error"_s);
    QCOMPARE(first.value(u"error"_s)[u"ename"_s].toString(), u"SyntaxError"_s);
    QCOMPARE(first.value(u"error"_s)[u"evalue"_s].toString(),
             u"the cell contains a NUL character (U+0000) at line 2, column 11, which Python cannot compile: remove it"_s);
    QCOMPARE(second.value(u"status"_s).toString(), u"ok"_s);
    QVERIFY2(!r.out.contains("NoReply"), r.out.constData());
}

// A file the grading machine cannot read is its own problem (fresh-user finding): bob's notebook of mode 000 was
// "needs-review … cannot read the file: Permission denied", charged to him; it is a grader error with the reason
// (exit 3). A supplied data file of mode 000 passed `validate`, then every run failed with "cannot copy into the run
// folder"; `validate` names it. Root reads any file, so as root the CLI runs as uid 65534 (setpriv).
void TestCli::unreadableFilesAreTheGradersProblem()
{
    QStringList prefix;
    if (::geteuid() == 0) {
        const QString setpriv = QStandardPaths::findExecutable(u"setpriv"_s);
        if (setpriv.isEmpty())
            QSKIP("setpriv (util-linux) is needed to run as another user than root");
        prefix = {setpriv, u"--reuid"_s, u"65534"_s, u"--regid"_s, u"65534"_s, u"--clear-groups"_s};
    }
    const auto run = [&](const QStringList &args, const QMap<QString, QString> &extraEnv) {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"LC_ALL"_s, u"C.UTF-8"_s);
        for (auto it = extraEnv.cbegin(); it != extraEnv.cend(); ++it)
            env.insert(it.key(), it.value());
        p.setProcessEnvironment(env);
        const QStringList argv = prefix + QStringList{QStringLiteral(SANDMARK_CLI)} + args;
        p.start(argv.first(), argv.mid(1));
        Run r;
        if (!p.waitForFinished(300000)) {
            p.kill();
            p.waitForFinished();
            return r;
        }
        r.out = p.readAllStandardOutput();
        r.err = p.readAllStandardError();
        r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        return r;
    };
    QTemporaryDir tmp;
    const QString iris = tmp.filePath(u"iris"_s);
    copyTree(QStringLiteral(SANDMARK_SOURCE_DIR "/examples/iris"), iris);
    QDir(iris + u"/.sandmark"_s).removeRecursively();
    // Everything readable and writable by the other user, but the one file.
    QVERIFY(QProcess::execute(u"chmod"_s, {u"-R"_s, u"a+rwX"_s, tmp.path()}) == 0);
    const QString notebook = iris + u"/submissions/bob/iris-analysis.ipynb"_s;
    QVERIFY(QFile::setPermissions(notebook, {}));
    const QMap<QString, QString> env{{u"SANDMARK_CACHE_DIR"_s, tmp.filePath(u"cache"_s)}};
    Run r = run({u"grade"_s, iris, u"bob"_s, u"--sandbox"_s, u"local-unsafe"_s, u"--json"_s}, env);
    QVERIFY2(r.code == 3, r.err.constData());
    const QJsonObject bob = QJsonDocument::fromJson(r.out.split('\n').value(0)).object();
    QCOMPARE(bob.value(u"submission"_s).toString(), u"bob"_s);
    QCOMPARE(bob.value(u"status"_s).toString(), u"grader-error"_s);
    QCOMPARE(bob.value(u"reasons"_s).toArray(), QJsonArray{notebook + u": cannot read the file: Permission denied"_s});
    QVERIFY(bob.value(u"score"_s).isNull());

    QVERIFY(QFile::setPermissions(notebook, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadOther | QFile::ReadGroup));
    QVERIFY(QFile::setPermissions(iris + u"/data/iris.csv"_s, {}));
    r = run({u"validate"_s, iris}, env);
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(("assignment.json: data_files[0]: 'data/iris.csv': cannot read the file: Permission denied; "
                             "every run copies it into its folder")),
             r.err.constData());
}

// Hidden student folders in submissions/ were left out silently (fresh-user finding): each is listed on stderr with
// the reason; Sandmark's own entries are not.
void TestCli::gradeListsHiddenEntriesAsSkipped()
{
    QTemporaryDir tmp;
    const QString a = tmp.filePath(u"hw"_s);
    copyTree(dataPath(u"assignments/good"_s), a);
    for (const QString &hidden : {u".hidden"_s, u"..foo"_s}) {
        QVERIFY(QDir().mkpath(a + u"/submissions/"_s + hidden));
        QVERIFY(QFile::copy(a + u"/hw.ipynb"_s, a + u"/submissions/"_s + hidden + u"/hw.ipynb"_s));
    }
    QVERIFY(writeFile(a + u"/submissions/.sandmark-import.json"_s, "{}"));
    const Run r = runCli({u"grade"_s, u"hw"_s, u"--gradebook"_s, tmp.filePath(u"gb.sqlite"_s)}, {}, tmp.path());
    QCOMPARE(r.code, 1);
    QCOMPARE(QString::fromUtf8(r.err),
             u"sandmark-cli: note: grade: hw/submissions/..foo: skipped: hidden file or folder (the name ..foo starts with '.')\n"
             u"sandmark-cli: note: grade: hw/submissions/.hidden: skipped: hidden file or folder (the name .hidden starts with '.')\n"
             u"sandmark-cli: grade: no submissions to grade\n"_s);
}

// `--gradebook /nonexistent/dir/g.sqlite` created the missing folders, even at the file system's root (fresh-user
// finding): refused, naming the missing folder, exit 1, nothing created.
void TestCli::gradeRefusesAGradebookInAMissingFolder()
{
    QTemporaryDir tmp;
    const QString a = tmp.filePath(u"hw"_s);
    makeGradableCopy(a);
    const QString root = u"/nonexistent-sandmark-tst-cli-%1"_s.arg(QCoreApplication::applicationPid());
    for (const QString &top : {tmp.filePath(u"nonexistent"_s), root}) {
        QVERIFY(!QFileInfo::exists(top));
        const QString gb = top + u"/dir/g.sqlite"_s;
        const Run r = runCli({u"grade"_s, a, u"--gradebook"_s, gb}, {}, tmp.path());
        QCOMPARE(r.code, 1);
        QCOMPARE(QString::fromUtf8(r.err),
                 u"sandmark-cli: %1: the gradebook's folder %2 does not exist (%3 is missing); create it first, or choose "
                 u"a gradebook in an existing folder\n"_s.arg(gb, top + u"/dir"_s, top));
        QVERIFY2(!QFileInfo::exists(top), qPrintable(top));
    }
}

void TestCli::displayTextEscapes_data()
{
    QTest::addColumn<QString>("in");
    QTest::addColumn<QString>("out");
    QTest::newRow("plain") << u"alice"_s << u"alice"_s;
    QTest::newRow("other scripts kept") << u"Zoë Ünal 李 محمد"_s << u"Zoë Ünal 李 محمد"_s;
    QTest::newRow("emoji kept") << QString::fromUtf8("ana \xF0\x9F\x98\x80") << QString::fromUtf8("ana \xF0\x9F\x98\x80");
    QTest::newRow("newline") << u"bob\nalice"_s << u"bob\\nalice"_s;
    QTest::newRow("carriage return and tab") << u"a\rb\tc"_s << u"a\\rb\\tc"_s;
    QTest::newRow("escape sequence") << u"x\x1b[2Jy"_s << u"x\\x1b[2Jy"_s;
    QTest::newRow("DEL and C1") << QString::fromUtf16(u"a\x7f" u"b\u0085c") << u"a\\x7fb\\x85c"_s;
    QTest::newRow("right-to-left override") << u"eve\u202Egnp.exe"_s << u"eve\\u202egnp.exe"_s;
    QTest::newRow("isolates and marks") << u"a\u2066b\u2069c\u200Fd"_s << u"a\\u2066b\\u2069c\\u200fd"_s;
    QTest::newRow("zero width and BOM") << u"a\u200Bb\uFEFF"_s << u"a\\u200bb\\ufeff"_s;
    QTest::newRow("line and paragraph separators") << u"a\u2028b\u2029"_s << u"a\\u2028b\\u2029"_s;
    QTest::newRow("unpaired surrogate") << QString(QChar(0xD800)) + u"x"_s << u"\\ud800x"_s;
    QTest::newRow("tag character (format, astral)") << QString::fromUcs4(U"a\U000E0041") << u"a\\U000e0041"_s;
}

void TestCli::displayTextEscapes()
{
    QFETCH(QString, in);
    QFETCH(QString, out);
    QCOMPARE(displayText(in), out);
}

// Through the CLI: `import submissions` of a folder whose students are named with a newline and a U+202E
// lists each on one line, escaped (they printed raw, so one student could forge another's line). The newline is
// refused, as a zip's entry of that name is (fresh-user finding: a folder import copied it).
void TestCli::untrustedNamesPrintOnOneLine()
{
    QTemporaryDir tmp;
    const QString in = tmp.filePath(u"in"_s);
    const QStringList ids{u"bob\nalice"_s, u"eve\u202Egnp"_s};
    for (const QString &id : ids) {
        QVERIFY(QDir().mkpath(in + u"/"_s + id));
        QFile f(in + u"/"_s + id + u"/hw.ipynb"_s);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})");
    }
    const Run r = runCli({u"import"_s, u"submissions"_s, in, u"-o"_s, tmp.filePath(u"out"_s)}, {}, tmp.path());
    QVERIFY2(r.code == 0, r.err.constData());
    const QList<QByteArray> lines = r.out.split('\n');
    QVERIFY2(r.err.contains("sandmark-cli: import: flagged: bob\\nalice: refused: the name holds a control character (U+000A)\n"),
             r.err.constData());
    QVERIFY2(lines.contains("eve\\u202egnp\tout/eve\\u202egnp/hw.ipynb"), r.out.constData());
    QVERIFY2(!r.out.contains("\xE2\x80\xAE"), r.out.constData()); // no raw U+202E anywhere
    QVERIFY(!QFileInfo::exists(tmp.filePath(u"out/bob\nalice"_s)));
    QVERIFY(QFileInfo::exists(tmp.filePath(u"out/eve\u202Egnp/hw.ipynb"_s))); // the folder keeps its real name
}

// `import submissions FOLDER` of a Canvas export unpacked by hand: the names parsed as from the zip (the LMS's
// name in --json), one student with an on-time and a late copy flagged, the manifest written; then
// `match ASSIGNMENT STUDENT NOTEBOOK FILE` settles which copy a one-notebook assignment grades.
void TestCli::unpackedCanvasFolderImportedAndSettled()
{
    QTemporaryDir tmp;
    const QString in = tmp.filePath(u"canvas"_s), hw = tmp.filePath(u"hw"_s);
    copyTree(QStringLiteral(SANDMARK_SOURCE_DIR "/examples/iris"), hw);
    QVERIFY(QDir(hw + u"/submissions"_s).removeRecursively());
    QVERIFY(QDir().mkpath(in));
    const QByteArray nb = R"({"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})";
    for (const QString &name : {u"doejane_1001_5001_iris-analysis.ipynb"_s, u"kimlee_1003_5003_iris-analysis.ipynb"_s,
                                u"kimlee_LATE_1003_5004_iris-analysis.ipynb"_s}) {
        QFile f(in + u"/"_s + name);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write(nb) == nb.size());
    }
    const Run r = runCli({u"import"_s, u"submissions"_s, in, u"-o"_s, hw + u"/submissions"_s, u"--json"_s});
    QVERIFY2(r.code == 0, r.err.constData());
    const QJsonObject json = QJsonDocument::fromJson(r.out).object();
    const QJsonArray imported = json.value(u"imported"_s).toArray(), review = json.value(u"needs_review"_s).toArray();
    QCOMPARE(imported.size(), 1);
    QCOMPARE(imported.at(0)[u"student"_s].toString(), u"1001"_s);
    QCOMPARE(imported.at(0)[u"name"_s].toString(), u"doejane"_s);
    QCOMPARE(review.size(), 1);
    QCOMPARE(review.at(0)[u"name"_s].toString(), u"kimlee"_s);
    QVERIFY(review.at(0)[u"late"_s].toBool());
    QVERIFY(QFileInfo::exists(hw + u"/submissions/.sandmark-import.json"_s));
    QVERIFY(QFileInfo::exists(hw + u"/submissions/1003/iris-analysis (late).ipynb"_s));

    QVERIFY(Gradebook::open(Gradebook::defaultPath(hw))); // match settles in an existing gradebook (grade makes it)
    const Run settled = runCli({u"match"_s, hw, u"1003"_s, u"iris-analysis.ipynb"_s, u"iris-analysis (late).ipynb"_s});
    QVERIFY2(settled.code == 0, settled.err.constData());
    QCOMPARE(settled.out, QByteArray("1003: iris-analysis.ipynb ← iris-analysis (late).ipynb (settled; grade to apply it)\n"));
    // The same match again changes nothing and says so (it said "grade to apply it" again: fresh-user run s17).
    const Run again = runCli({u"match"_s, hw, u"1003"_s, u"iris-analysis.ipynb"_s, u"iris-analysis (late).ipynb"_s});
    QVERIFY2(again.code == 0, again.err.constData());
    QCOMPARE(again.out, QByteArray("1003: iris-analysis.ipynb ← iris-analysis (late).ipynb (settled so already; nothing changed)\n"));
    const Run notAFile = runCli({u"match"_s, hw, u"1003"_s, u"iris-analysis.ipynb"_s, u"nope.ipynb"_s});
    QCOMPARE(notAFile.code, 1);
    QVERIFY2(notAFile.err.contains("not a notebook handed in by 1003"), notAFile.err.constData());

    // The Canvas export names each student as the LMS's file did (the manifest), in the Student column.
    {
        auto gb = Gradebook::open(Gradebook::defaultPath(hw));
        QVERIFY(gb);
        RunRecord rec;
        rec.studentId = u"1001"_s;
        rec.filesHash = u"files"_s;
        rec.inputsHash = u"in"_s;
        rec.started = QDateTime::currentDateTimeUtc();
        rec.finished = rec.started.addSecs(1);
        rec.result.maxScore = 8;
        QVERIFY((*gb)->recordRun(rec));
    }
    const Run canvas = runCli({u"export"_s, hw, u"--format"_s, u"canvas"_s});
    QVERIFY2(canvas.code == 0, canvas.err.constData());
    QVERIFY2(canvas.out.contains("\r\ndoejane,1001,"), canvas.out.constData());
    QVERIFY2(!canvas.err.contains("not imported from an LMS"), canvas.err.constData()); // the ids are Canvas's own
    QFile::remove(hw + u"/submissions/.sandmark-import.json"_s);
    QFile broken(hw + u"/submissions/.sandmark-import.json"_s);
    QVERIFY(broken.open(QIODevice::WriteOnly) && broken.write("{") == 1);
    broken.close();
    const Run unnamed = runCli({u"export"_s, hw, u"--format"_s, u"canvas"_s});
    QVERIFY2(unnamed.code == 0, unnamed.err.constData()); // the grades still export, without the names
    QVERIFY2(unnamed.out.contains("\r\n,1001,"), unnamed.out.constData());
    QVERIFY2(unnamed.err.contains(".sandmark-import.json") && unnamed.err.contains("the Student column is left empty"),
             unnamed.err.constData());
}

// A Docker daemon behind a stale socket (or an address nothing listens on) was reported as a missing base
// image with "build it with scripts/docker-base-image" (security report F13): `run` names the daemon and how
// to start it.
void TestCli::dockerDaemonThatDoesNotAnswerIsNamed()
{
    QCOMPARE(dockerDaemonProblem("Cannot connect to the Docker daemon at unix:///x.sock. Is the docker daemon running?"),
             u"the Docker daemon does not answer at %1: start it (systemctl start docker, or dockerd &), or point "
             "DOCKER_HOST at a running daemon"_s.arg(qEnvironmentVariable("DOCKER_HOST", u"unix:///var/run/docker.sock"_s)));
    QVERIFY(dockerDaemonProblem("permission denied while trying to connect to the Docker daemon socket at unix:///var/run/"
                                "docker.sock").contains(u"add the user to the docker group"_s));
    QCOMPARE(dockerDaemonProblem("Error: No such image: sandmark-base:latest"), QString());
    if (QStandardPaths::findExecutable(u"docker"_s).isEmpty())
        QSKIP("the Docker CLI is not installed here");
    QTemporaryDir tmp;
    const QString sock = tmp.filePath(u"docker.sock"_s);
    QProcess py;
    py.start(u"/usr/bin/python3"_s, {u"-c"_s, u"import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])"_s, sock});
    QVERIFY(py.waitForFinished(30000) && py.exitCode() == 0);
    for (const QString &host : {u"unix://"_s + sock, u"tcp://127.0.0.1:1"_s}) {
        const Run r = runCli({u"run"_s, u"assignments/good"_s, u"assignments/good/hw.ipynb"_s, u"--sandbox"_s, u"docker"_s},
                             {{u"DOCKER_HOST"_s, host}, {u"SANDMARK_CACHE_DIR"_s, tmp.filePath(u"cache"_s)}}, QStringLiteral(SANDMARK_TEST_DATA_DIR),
                             120000);
        const QString err = QString::fromUtf8(r.err);
        QVERIFY2(r.code == 3, qPrintable(u"exit %1: %2"_s.arg(r.code).arg(err)));
        QVERIFY2(err.contains(u"the Docker daemon does not answer at %1: start it"_s.arg(host)), qPrintable(err));
        QVERIFY2(!err.contains(u"docker-base-image"_s), qPrintable(err));
    }
}

// `doctor` must answer — with the failed check and its fix — exactly when the sandbox is broken; it hung
// forever, printing nothing, whenever a backend check failed (security report F7). Each failure of each
// backend is injected into the real CLI process, which must end within a minute.
void TestCli::doctorAnswersInEveryFailureMode_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QStringList>("lines"); ///< each must appear in stdout
    const QStringList bwrap{u"doctor"_s, u"--sandbox"_s, u"bwrap"_s};
    const QStringList docker{u"doctor"_s, u"--sandbox"_s, u"docker"_s};
    QTest::newRow("bwrap not installed") << u"empty-path"_s << bwrap << 3
                                         << QStringList{u"FAIL  backend available"_s, u"fix: bubblewrap (bwrap) is not installed"_s};
    QTest::newRow("bwrap: user namespaces disabled")
        << u"no-userns"_s << bwrap << 3
        << QStringList{u"FAIL  backend available"_s, u"(user.max_user_namespaces = 0)"_s,
                       u"fix: sudo sysctl -w user.max_user_namespaces=15000"_s};
    QTest::newRow("bwrap cannot create namespaces")
        << u"failing-bwrap"_s << bwrap << 3
        << QStringList{u"PASS  backend available"_s, u"FAIL  seed: bwrap with all namespaces unshared runs /bin/true"_s,
                       u"setting up uid map: Permission denied"_s, u"      fix: "_s};
    QTest::newRow("bwrap: no cgroup for the run")
        << u"no-cgroup"_s << bwrap << 3
        << QStringList{u"FAIL  backend available"_s, u"fix: cannot create the run's cgroup (memory, processes and CPU limits)"_s,
                       u"or set SANDMARK_CGROUPS=off to run with rlimits only"_s};
    QTest::newRow("bwrap: no Python for the probe")
        << u"working-bwrap"_s << (bwrap + QStringList{u"--python"_s, u"/nonexistent/python3"_s}) << 1
        << QStringList{u"FAIL  probe: runs inside the sandbox"_s, u"/nonexistent/python3"_s};
    QTest::newRow("docker CLI not installed") << u"empty-path"_s << docker << 3
                                              << QStringList{u"FAIL  backend available"_s, u"fix: the Docker CLI is not installed"_s};
    QTest::newRow("docker: no socket") << u"docker-host=unix:///nonexistent/docker.sock"_s << docker << 3
                                       << QStringList{u"fix: the Docker daemon is not running (no socket)"_s};
    QTest::newRow("docker: stale socket") << u"stale-socket"_s << docker << 3
                                          << QStringList{u"FAIL  docker: the daemon answers and has the image"_s,
                                                         u"fix: the Docker daemon does not answer at unix://"_s,
                                                         u"start it (systemctl start docker, or dockerd &)"_s};
    QTest::newRow("docker: the daemon accepts and never answers")
        << u"silent-socket"_s << docker << 3
        << QStringList{u"FAIL  docker: the daemon answers and has the image"_s, u"no answer within 20 s"_s,
                       u"accepted the connection but did not answer within 20 s: restart it"_s};
    QTest::newRow("docker: nothing listens on the TCP address")
        << u"docker-host=tcp://127.0.0.1:1"_s << docker << 3
        << QStringList{u"fix: the Docker daemon does not answer at tcp://127.0.0.1:1: start it"_s};
    QTest::newRow("docker: image missing")
        << u"docker-daemon"_s << (docker + QStringList{u"--docker-image"_s, u"sandmark-no-such-image:0"_s}) << 3
        << QStringList{u"FAIL  docker: the daemon answers and has the image"_s,
                       u"fix: the image sandmark-no-such-image:0 is not available: build it with scripts/docker-base-image"_s};
    // Podman's failure modes through the CLI too (issue 14: every failure mode of every backend, with a timeout).
    const QStringList podman{u"doctor"_s, u"--sandbox"_s, u"podman"_s};
    QTest::newRow("podman CLI not installed")
        << u"empty-path"_s << podman << 3
        << QStringList{u"FAIL  backend available"_s, u"fix: the Podman CLI is not installed: install podman"_s};
    QTest::newRow("podman: no newuidmap")
        << u"fake-podman=echo 'Error: cannot set up namespace using \"/usr/bin/newuidmap\": exit status 1' >&2; exit 125"_s
        << podman << 3
        << QStringList{u"FAIL  backend available"_s, u"fix: rootless Podman needs newuidmap and newgidmap: install uidmap"_s};
    QTest::newRow("podman: podman never answers")
        << u"fake-podman=exec sleep 600"_s << podman << 3
        << QStringList{u"FAIL  backend available"_s, u"fix: podman did not answer within 20 s"_s};
    QTest::newRow("local-unsafe: no Python")
        << QString() << QStringList{u"doctor"_s, u"--sandbox"_s, u"local-unsafe"_s, u"--python"_s, u"/nonexistent/python3"_s}
        << 3 << QStringList{u"FAIL  probe: runs inside the sandbox"_s, u"cannot start /nonexistent/python3"_s};
}

void TestCli::doctorAnswersInEveryFailureMode()
{
    QFETCH(QString, mode);
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QStringList, lines);
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    // As root the doctor drops to a sandbox uid, which must reach the fake tools and the cache.
    QVERIFY(QFile::setPermissions(tmp.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadOther
                                                  | QFile::ExeOther | QFile::ReadGroup | QFile::ExeGroup));
    QMap<QString, QString> env{{u"SANDMARK_CACHE_DIR"_s, tmp.filePath(u"cache"_s)}};
    QString program = QStringLiteral(SANDMARK_CLI);
    QStringList argv = args;
    QProcess silent; // the hung daemon of "silent-socket"; killed when the test ends
    const auto canRun = [](const QString &prog, const QStringList &a) {
        QProcess p;
        p.start(prog, a);
        return p.waitForFinished(30000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
    };
    if (mode == u"empty-path"_s) {
        QVERIFY(QDir().mkpath(tmp.filePath(u"empty"_s)));
        env.insert(u"PATH"_s, tmp.filePath(u"empty"_s));
    } else if (mode == u"no-userns"_s) {
        // A user namespace of its own whose user.max_user_namespaces is 0: what the doctor reads is that
        // namespace's limit, as on a host where an administrator disabled them.
        if (!canRun(u"/usr/bin/unshare"_s, {u"--user"_s, u"--map-root-user"_s, u"/bin/true"_s}))
            QSKIP("unshare --user is not available here (user namespaces are already off)");
        program = u"/usr/bin/unshare"_s;
        argv = QStringList{u"--user"_s, u"--map-root-user"_s, u"/bin/sh"_s, u"-c"_s,
                           u"echo 0 > /proc/sys/user/max_user_namespaces && exec \"$0\" \"$@\""_s, QStringLiteral(SANDMARK_CLI)}
               + args;
    } else if (mode == u"failing-bwrap"_s) {
        // A bwrap that cannot set up its namespaces, as under an AppArmor profile that forbids them.
        const QString dir = tmp.filePath(u"bin"_s);
        QVERIFY(QDir().mkpath(dir));
        QFile script(dir + u"/bwrap"_s);
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write("#!/bin/sh\necho 'bwrap: setting up uid map: Permission denied' >&2\nexit 1\n");
        script.close();
        QVERIFY(script.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadOther
                                      | QFile::ExeOther | QFile::ReadGroup | QFile::ExeGroup));
        QFile::setPermissions(dir, script.permissions());
        env.insert(u"PATH"_s, dir + u":/usr/bin:/bin"_s);
    } else if (mode.startsWith(u"fake-podman="_s)) {
        // A podman whose `podman info` fails (or hangs) as a real one does in that setup.
        const QString dir = tmp.filePath(u"bin"_s);
        QVERIFY(QDir().mkpath(dir));
        QFile script(dir + u"/podman"_s);
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write("#!/bin/sh\n" + mode.mid(12).toUtf8() + "\n");
        script.close();
        QVERIFY(script.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadOther
                                      | QFile::ExeOther | QFile::ReadGroup | QFile::ExeGroup));
        QFile::setPermissions(dir, script.permissions());
        env.insert(u"PATH"_s, dir + u":/usr/bin:/bin"_s);
    } else if (mode == u"no-cgroup"_s) {
        // A cgroup root without any cgroup file system: the run's cgroup cannot be made, and bwrap refuses.
        if (::geteuid() != 0)
            QSKIP("runs as root only: a user's runs get their cgroup from systemd's user manager, not tried here");
        if (!sandmark::test::cgroupOptOutReason().isEmpty())
            QSKIP(qPrintable(sandmark::test::cgroupOptOutReason()));
        env.insert(u"SANDMARK_CGROUP_ROOT"_s, tmp.filePath(u"no-cgroup-here"_s));
    } else if (mode == u"working-bwrap"_s) {
        if (!canRun(u"bwrap"_s, {u"--unshare-all"_s, u"--ro-bind"_s, u"/"_s, u"/"_s, u"/bin/true"_s}))
            QSKIP("bwrap cannot run here");
    } else if (mode.startsWith(u"docker-host="_s)) {
        env.insert(u"DOCKER_HOST"_s, mode.mid(12));
    } else if (mode == u"stale-socket"_s) {
        // A socket file nothing listens on: what a daemon that died leaves behind.
        const QString sock = tmp.filePath(u"docker.sock"_s);
        QVERIFY(canRun(u"/usr/bin/python3"_s, {u"-c"_s, u"import socket,sys; s=socket.socket(socket.AF_UNIX); s.bind(sys.argv[1])"_s, sock}));
        QVERIFY(QFileInfo(sock).exists());
        env.insert(u"DOCKER_HOST"_s, u"unix://"_s + sock);
    } else if (mode == u"silent-socket"_s) {
        // A daemon that hung: it accepts connections and never replies.
        const QString sock = tmp.filePath(u"docker.sock"_s);
        silent.start(u"/usr/bin/python3"_s,
                     {u"-c"_s, u"import socket,sys,time\ns=socket.socket(socket.AF_UNIX); s.bind(sys.argv[1]); s.listen(64)\n"
                               u"print('ready', flush=True)\nc=[s.accept() for _ in range(64)]\ntime.sleep(600)"_s,
                      sock});
        QVERIFY(silent.waitForReadyRead(30000));
        env.insert(u"DOCKER_HOST"_s, u"unix://"_s + sock);
    } else if (mode == u"docker-daemon"_s) {
        if (!canRun(u"docker"_s, {u"info"_s, u"--format"_s, u"{{.ServerVersion}}"_s}))
            QSKIP("no Docker daemon answers here");
    }
    if (mode.startsWith(u"docker"_s) || mode == u"stale-socket"_s || mode == u"silent-socket"_s) {
        if (QStandardPaths::findExecutable(u"docker"_s).isEmpty())
            QSKIP("the Docker CLI is not installed here");
    }

    QProcess p;
    p.setWorkingDirectory(tmp.path());
    QProcessEnvironment penv = QProcessEnvironment::systemEnvironment();
    penv.insert(u"LC_ALL"_s, u"C.UTF-8"_s);
    for (auto it = env.cbegin(); it != env.cend(); ++it)
        penv.insert(it.key(), it.value());
    p.setProcessEnvironment(penv);
    p.start(program, argv);
    const bool ended = p.waitForFinished(60000);
    if (!ended) {
        p.kill();
        p.waitForFinished();
    }
    QVERIFY2(ended, "doctor did not answer within 60 s");
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QVERIFY2(p.exitStatus() == QProcess::NormalExit, qPrintable(err));
    QVERIFY2(p.exitCode() == code, qPrintable(u"exit %1\n%2\n%3"_s.arg(p.exitCode()).arg(out, err)));
    for (const QString &line : lines)
        QVERIFY2(out.contains(line), qPrintable(u"missing '%1' in:\n%2"_s.arg(line, out)));
    QVERIFY2(out.endsWith(u"some checks FAILED\n"_s), qPrintable(out));
    // Each fix is said once, on its fix line: a row built from an Error ("backend available") printed it at the end
    // of its detail too (fresh-user run).
    for (const QString &line : out.split(u'\n'))
        if (line.trimmed().startsWith(u"fix: "_s)) {
            const QString fix = line.trimmed().mid(5);
            QVERIFY2(out.count(fix) == 1, qPrintable(u"'%1' said %2 times in:\n%3"_s.arg(fix).arg(out.count(fix)).arg(out)));
        }
}

// `doctor --json` (and the app's Self-Test, which shows the same rows) says a failed row's fix once, in "fix": the
// "backend available" row built from an Error had it at the end of "detail" too.
void TestCli::doctorJsonSaysEachFixOnce()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    QVERIFY(QDir().mkpath(tmp.filePath(u"empty"_s)));
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"SANDMARK_CACHE_DIR"_s, tmp.filePath(u"cache"_s));
    env.insert(u"PATH"_s, tmp.filePath(u"empty"_s)); // no bwrap
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(SANDMARK_CLI), {u"doctor"_s, u"--sandbox"_s, u"bwrap"_s, u"--json"_s});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 3);
    const QJsonArray checks = QJsonDocument::fromJson(p.readAllStandardOutput()).object().value(u"checks"_s).toArray();
    QCOMPARE(checks.size(), 1);
    const QJsonObject row = checks.at(0).toObject();
    QCOMPARE(row.value(u"name"_s).toString(), u"backend available"_s);
    QCOMPARE(row.value(u"ok"_s).toBool(true), false);
    QVERIFY2(row.value(u"fix"_s).toString().startsWith(u"bubblewrap (bwrap) is not installed: install bubblewrap"_s),
             qPrintable(row.value(u"fix"_s).toString()));
    QCOMPARE(row.value(u"detail"_s).toString(), u"sandbox bwrap"_s); // where; the fix is not repeated
}

// The README's list of environment variables names each one a user sets to change where Sandmark works
// (SANDMARK_CACHE_DIR was missing: fresh-user run), in the list's form "- `NAME` — what it does".
void TestCli::readmeDocumentsTheEnvironment()
{
    const QString readme = QString::fromUtf8(readAll(QStringLiteral(SANDMARK_SOURCE_DIR "/README.md")));
    QVERIFY(readme.contains(u"\nEnvironment variables:\n"_s));
    for (const char *name : {"SANDMARK_CACHE_DIR", "SANDMARK_PYTHON", "SANDMARK_DOCKER_IMAGE", "SANDMARK_DATA_DIR", "SANDMARK_CGROUPS"})
        QVERIFY2(readme.contains(u"\n- `%1` — "_s.arg(QLatin1String(name))), name);
}

// What a fresh user follows (fresh-user run): "Using it" works in a folder of the user's (`mktemp -d`), not in fixed
// /tmp paths that another user may own or a second reader overwrite; the quick start says where to clone, since as
// root a run's sandbox user cannot reach the runtime in a private (0700) folder, and names the fix.
void TestCli::readmeWorksForAFreshUser()
{
    const QString readme = QString::fromUtf8(readAll(QStringLiteral(SANDMARK_SOURCE_DIR "/README.md")));
    const qsizetype usingIt = readme.indexOf(u"\n## Using it\n"_s), end = readme.indexOf(u"\n```\n"_s, usingIt);
    QVERIFY(usingIt > 0 && end > usingIt);
    const QString block = readme.mid(usingIt, end - usingIt);
    QVERIFY2(!block.contains(u"/tmp/"_s), qPrintable(block));
    QVERIFY(block.contains(u"W=$(mktemp -d)"_s));
    const QString quickStart = readme.mid(0, readme.indexOf(u"\n## Using it\n"_s));
    for (const QString &said : {u"0700"_s, u"sandmark-sandbox"_s, u"chmod o+x"_s, u"SANDMARK_DATA_DIR"_s})
        QVERIFY2(quickStart.contains(said), qPrintable(said));
}

// scripts/bootstrap installs the compiler cache the environment asks the build for (README:
// `CMAKE_CXX_COMPILER_LAUNCHER=ccache scripts/demo`; on a fresh machine every compile failed on a missing ccache),
// and nothing for it otherwise. Run with stand-ins for dpkg-query (everything but ccache installed), apt-get, getent
// and useradd that record what it asks for: nothing is installed here.
void TestCli::bootstrapInstallsTheCompilerCacheAskedFor()
{
#ifndef Q_OS_LINUX
    QSKIP("scripts/bootstrap uses apt on Linux only");
#endif
    QTemporaryDir tmp;
    const QString bin = tmp.filePath(u"bin"_s), log = tmp.filePath(u"log"_s);
    QVERIFY(QDir().mkpath(bin));
    const auto script = [&](const QString &name, const QByteArray &body) {
        QFile f(bin + QLatin1Char('/') + name);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write("#!/bin/sh\n" + body) > 0);
        f.close();
        QVERIFY(f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    };
    script(u"dpkg-query"_s, "for a; do last=$a; done\n[ \"$last\" = ccache ] && exit 1\necho 'install ok installed'\n");
    script(u"apt-get"_s, "echo \"apt-get $*\" >>\"" + log.toUtf8() + "\"\n");
    script(u"sudo"_s, "\"$@\"\n");
    script(u"getent"_s, "exit 0\n");
    script(u"useradd"_s, "echo \"useradd $*\" >>\"" + log.toUtf8() + "\"\n");
    const auto bootstrap = [&](const QString &launcher) -> QByteArray {
        QFile::remove(log);
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"PATH"_s, bin + u":/usr/bin:/bin"_s);
        env.remove(u"CMAKE_C_COMPILER_LAUNCHER"_s);
        env.remove(u"CMAKE_CXX_COMPILER_LAUNCHER"_s);
        if (!launcher.isEmpty())
            env.insert(u"CMAKE_CXX_COMPILER_LAUNCHER"_s, launcher);
        p.setProcessEnvironment(env);
        p.start(u"bash"_s, {QStringLiteral(SANDMARK_SOURCE_DIR "/scripts/bootstrap")});
        if (!p.waitForFinished(60000) || p.exitCode() != 0)
            qWarning() << p.readAllStandardError();
        return QFile::exists(log) ? readAll(log) : QByteArray();
    };
    QByteArray asked = bootstrap(u"ccache"_s);
    QVERIFY2(asked.contains("apt-get install") && asked.contains(" ccache\n"), asked.constData());
    asked = bootstrap(u"/usr/lib/ccache/ccache"_s);
    QVERIFY2(asked.contains(" ccache\n"), asked.constData());
    QCOMPARE(bootstrap({}), QByteArray()); // no launcher asked for: ccache is not missing, nothing to install
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
