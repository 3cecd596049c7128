// Grading: decoding probe values, comparators, results. Fixtures in tests/data/grading/ are produced by
// make_fixtures.py with the real probe encoder (resources/python/sandmark_probe.py) on real Python values.
#include "recordtestutil.h"
#include "grading/compare.h"
#include "grading/result.h"
#include "grading/valuetable.h"
#include "batch/recordedvalues.h"
#include "grading/value.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace sandmark;
using namespace Qt::Literals::StringLiterals;

namespace {

QJsonObject readJson(const QString &name)
{
    QFile f(QStringLiteral(SANDMARK_TEST_DATA_DIR "/grading/") + name);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open fixture %s", qPrintable(name));
    return QJsonDocument::fromJson(f.readAll()).object();
}

const QJsonObject &values()
{
    static const QJsonObject v = readJson(QStringLiteral("values.json"));
    return v;
}

ProbeValue value(const QString &name)
{
    const QJsonValue entry = values().value(name);
    if (!entry.isObject())
        qFatal("no fixture value %s", qPrintable(name));
    auto v = decodeProbeValue(QJsonDocument(entry.toObject().value(QLatin1String("encoded")).toObject()).toJson(), name);
    if (!v)
        qFatal("%s", qPrintable(v.error().toString()));
    return *v;
}

QByteArray payloadJson(const QString &name)
{
    static const QJsonObject p = readJson(QStringLiteral("payloads.json"));
    return QJsonDocument(p.value(name).toObject().value(QLatin1String("payload")).toObject()).toJson();
}

QJsonObject record(const QString &name)
{
    static const QJsonObject r = readJson(QStringLiteral("records.json"));
    return r.value(name).toObject();
}

QByteArray runPayload(const QString &name)
{
    const QJsonValue p = record(name).value(QLatin1String("payload"));
    return p.isNull() ? QByteArray("null") : QJsonDocument(p.toObject()).toJson();
}

Check valueCheck(const QString &variable, double points = 1, const QString &anchor = {}, const QVariantMap &options = {})
{
    Check c;
    c.id = variable;
    c.type = Check::Type::Value;
    c.variable = variable;
    c.points = points;
    c.anchor = anchor;
    c.options = options;
    c.showExpected = true; // these tests read the comparator's whole feedback; hiddenExpectedValues() the other case
    return c;
}

Check testCheck(const QString &id, double points = 1)
{
    Check c;
    c.id = id;
    c.type = Check::Type::Test;
    c.points = points;
    return c;
}

/// Grades scenario `student` of records.json against reference `ref` (a records.json or payloads.json name).
GradeResult gradeScenario(const QList<Check> &checks, const QString &ref, const QString &student,
                          const QStringList &fallback = {})
{
    GradeInput in;
    in.checks = checks;
    in.referencePayload = record(ref).isEmpty() ? payloadJson(ref) : runPayload(ref);
    in.studentPayload = runPayload(student);
    in.record = test::executionRecord(record(student).value(QLatin1String("record")).toObject());
    in.fallbackAnchors = fallback;
    return grade(in);
}

const CheckResult &resultFor(const GradeResult &r, const QString &id)
{
    for (const CheckResult &c : r.checks)
        if (c.checkId == id)
            return c;
    qFatal("no result for %s", qPrintable(id));
}

CompareOptions options(const QByteArray &json)
{
    auto o = CompareOptions::fromJson(QJsonDocument::fromJson(json.isEmpty() ? QByteArray("{}") : json).object().toVariantMap());
    if (!o)
        qFatal("%s", qPrintable(o.error().toString()));
    return *o;
}

} // namespace

class TestGrading : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void layOutValuesMarksDifferingCells();
    void layOutValuesAlignsAsTheComparator();
    void checkValuesFromPayloads();
    void runCheckValuesReadsTheRecordedRun();
    void decodeKeepsWhatJsonLoses();
    void decodeRejectsMalformed_data();
    void decodeRejectsMalformed();
    void payloadOneBadValueKeepsOthers();
    void compare_data();
    void compare();
    void optionsRejectWrongTypes();
    void fixturesMatchProbe();
    void hiddenExpectedValues_data();
    void hiddenExpectedValues();
    void unmatchedValuesAreNamedAtMostThree();
    void gradeTimeoutKeepsWhatRan();
    void gradeRunLimitCutIsNotGraded();
    void gradeKernelDied();
    void gradeKilledKernelIsOneReason();
    void gradeMissingAnswers();
    void gradeC16C17();
    void gradeAnchoredProbe();
    void gradeAnchorFallback();
    void gradeWarningsNeverChangeGrade();
    void gradeNotesAreKeptApartFromReasons();
    void gradeBrokenCheckIsNotChargedToAnyone();
    void gradeExpectedErrorsAreNotes();
    void gradeDatasetMissingIsGraderError();
    void gradeSandboxFailureIsGraderError();
    void gradeKernelStartFailedSaysWhy();
    void gradeBadOptionIsNotGraded();
    void gradePartialCreditAndManual();
    void needsManualRule();
    void gradeUnverifiedTestIsNeverPassed();
    void interferenceIsTheSubmissionsOutcome();
};

void TestGrading::decodeKeepsWhatJsonLoses()
{
    QVERIFY(std::isnan(value(QStringLiteral("float_nan")).real));
    QCOMPARE(value(QStringLiteral("float_inf")).real, std::numeric_limits<double>::infinity());
    QCOMPARE(value(QStringLiteral("float_ninf")).real, -std::numeric_limits<double>::infinity());
    const ProbeValue nz = value(QStringLiteral("float_neg0"));
    QCOMPARE(nz.real, 0.0);
    QVERIFY(std::signbit(nz.real));
    QCOMPARE(nz.realText, QStringLiteral("-0.0"));
    const ProbeValue big = value(QStringLiteral("big_int"));
    QCOMPARE(big.intText, QStringLiteral("1267650600228229401496703205376"));
    QVERIFY(value(QStringLiteral("huge_int")).intHex);
    const ProbeValue f32 = value(QStringLiteral("np_float32_0_1"));
    QCOMPARE(f32.kind, ProbeValue::Kind::NpScalar);
    QCOMPARE(f32.dtype, QStringLiteral("float32"));
    QCOMPARE(f32.scalar().real, double(0.1f));
    const ProbeValue arr = value(QStringLiteral("arr_2x3"));
    QCOMPARE(arr.array->shape, (std::vector<qint64>{2, 3}));
    QCOMPARE(arr.array->indexText(4), QStringLiteral("[1, 1]"));
    const ProbeValue df = value(QStringLiteral("df_ab"));
    QCOMPARE(df.frameShape, (std::vector<qint64>{3, 2}));
    QCOMPARE(df.frameDtypes, (QStringList{QStringLiteral("int64"), QStringLiteral("float64")}));
    QCOMPARE(df.columns->labelsText(), QStringLiteral("['a', 'b']"));
    QCOMPARE(df.index->labelsText(), QStringLiteral("['r1', 'r2', 'r3']"));
    const ProbeValue rs = value(QStringLiteral("s_range"));
    QVERIFY(rs.index->isRange);
    QCOMPARE(rs.index->labelsText(), QStringLiteral("[0, 1, 2]"));
    QCOMPARE(value(QStringLiteral("odict_ab")).className, QStringLiteral("collections.OrderedDict"));
    QVERIFY(value(QStringLiteral("str_truncated")).truncated);
    QCOMPARE(value(QStringLiteral("str_truncated")).fullLength, 20);
    QCOMPARE(value(QStringLiteral("complex_1_2")).summary(), QStringLiteral("(1.0+2.0j)"));
    QCOMPARE(value(QStringLiteral("dict_ab")).summary(), QStringLiteral("{'a': 1, 'b': 2.5}"));
}

void TestGrading::decodeRejectsMalformed_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("problem");
    QTest::newRow("not json") << QByteArray("{") << QStringLiteral("invalid JSON");
    QTest::newRow("no tag") << QByteArray(R"({"v": "1"})") << QStringLiteral("\"t\" is missing");
    QTest::newRow("1e999") << QByteArray(R"({"t": "float", "v": 1e999})")
                           << QStringLiteral("fixture: line 1, column 21: invalid JSON: the number 1e999 is outside the range");
    QTest::newRow("nested too deep") << QByteArray(2000, '[') << QStringLiteral("nested more than 1000 levels deep");
    QTest::newRow("unknown tag") << QByteArray(R"({"t": "quaternion"})") << QStringLiteral("unknown tag");
    QTest::newRow("int as number") << QByteArray(R"({"t": "int", "v": 5})") << QStringLiteral("must be a string");
    QTest::newRow("int text") << QByteArray(R"({"t": "int", "v": "5.5"})") << QStringLiteral("not an int");
    QTest::newRow("float text") << QByteArray(R"({"t": "float", "v": "NaN!"})") << QStringLiteral("not a float");
    QTest::newRow("array enc") << QByteArray(R"({"t": "ndarray", "dtype": "f", "shape": [1], "enc": "x", "values": []})")
                               << QStringLiteral("unknown encoding");
    QTest::newRow("dict pair") << QByteArray(R"({"t": "dict", "items": [[{"t": "none"}]]})")
                               << QStringLiteral("[key, value] pair");
}

void TestGrading::decodeRejectsMalformed()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, problem);
    auto v = decodeProbeValue(json, QStringLiteral("fixture"));
    QVERIFY(!v);
    QVERIFY2(v.error().toString().contains(problem), qPrintable(v.error().toString()));
    QVERIFY(v.error().toString().startsWith(QLatin1String("fixture")));
}

void TestGrading::payloadOneBadValueKeepsOthers()
{
    auto p = decodeProbePayload(R"({"format": "sandmark-payload/1", "probes": {"end": {"values": {
        "bad": {"t": "float", "v": "oops"}, "ok_after": {"t": "float", "v": "1.5"}}}}})");
    QVERIFY2(p, p ? "" : qPrintable(p.error().toString()));
    QCOMPARE(p->find(QStringLiteral("end"), QStringLiteral("ok_after"))->real, 1.5);
    QCOMPARE(p->find(QStringLiteral("end"), QStringLiteral("bad"))->kind, ProbeValue::Kind::Error);
    auto null = decodeProbePayload("null");
    QVERIFY(null && null->isNull);
    QVERIFY(!decodeProbePayload(R"({"format": "other"})"));
    // Outside data decides the types: a payload whose numbers overflow, or whose "format" is not a string,
    // is an error naming the payload (nlohmann threw out_of_range / type_error for them: report F1).
    const auto overflow = decodeProbePayload(R"({"format": "sandmark-payload/1", "probes": {"end": {"values": {}, "namespace_omitted": -1e999}}})",
                                             QStringLiteral("student payload"));
    QVERIFY(!overflow);
    QCOMPARE(overflow.error().file, QStringLiteral("student payload"));
    QCOMPARE(overflow.error().location, QStringLiteral("line 1, column 88"));
    QVERIFY2(overflow.error().message.contains(QStringLiteral("-1e999 is outside the range")), qPrintable(overflow.error().message));
    const auto formatNumber = decodeProbePayload(R"({"format": 1, "probes": {}})", QStringLiteral("student payload"));
    QVERIFY(!formatNumber);
    QCOMPARE(formatNumber.error().location, QStringLiteral("format"));
}

void TestGrading::compare_data()
{
    QTest::addColumn<QString>("expected");
    QTest::addColumn<QString>("actual");
    QTest::addColumn<QByteArray>("opts");
    QTest::addColumn<QString>("outcome");
    QTest::addColumn<QString>("feedback"); // substring the feedback must contain ("" = empty feedback)

    auto row = [](const char *tag, const char *e, const char *a, const char *o, const char *out, const QString &fb) {
        QTest::newRow(tag) << QString::fromLatin1(e) << QString::fromLatin1(a) << QByteArray(o)
                           << QString::fromLatin1(out) << fb;
    };
    // Numbers.
    row("int equal", "int_15", "int_15", "", "pass", {});
    row("C02 total 5 vs 15", "int_15", "int_5", "", "fail", QStringLiteral("`x`: value 5 ≠ 15"));
    row("int vs float equal value", "int_15", "float_15", "", "pass", {});
    row("int vs float exact_type", "int_15", "float_15", R"({"exact_type": true})", "fail", QStringLiteral("type float ≠ int"));
    row("int within tolerance of float", "int_7", "float_7_0000001", "", "pass", {});
    row("ints are exact", "big_int", "big_int_plus1", R"({"rtol": 0.1})", "fail", QStringLiteral("≠ 1267650600228229401496703205376"));
    row("huge int equal", "huge_int", "huge_int", "", "pass", {});
    row("float tolerance pass", "float_0_3", "float_0_1_plus_0_2", "", "pass", {});
    row("float exact fail", "float_0_3", "float_0_1_plus_0_2", R"({"rtol": 0, "atol": 0})", "fail",
        QStringLiteral("value 0.30000000000000004 ≠ 0.3"));
    row("atol near zero", "float_0", "float_tiny", "", "pass", {});
    row("atol near zero strict", "float_0", "float_tiny", R"({"atol": 0})", "fail", QStringLiteral("1e-12 ≠ 0.0"));
    row("large floats relative", "float_1e300", "float_1e300", "", "pass", {});
    // C17: NaN, inf, -0.0.
    row("C17 nan vs nan", "float_nan", "float_nan", "", "pass", {});
    row("C17 nan vs 5", "float_5", "float_nan", "", "fail", QStringLiteral("value nan ≠ 5.0 (NaN equals only a NaN reference)"));
    row("nan ref vs number", "float_nan", "float_5", "", "fail", QStringLiteral("value 5.0 ≠ nan"));
    row("C17 inf", "float_inf", "float_inf", "", "pass", {});
    row("inf sign", "float_inf", "float_ninf", "", "fail", QStringLiteral("-inf ≠ inf"));
    row("inf vs big", "float_inf", "float_1e300", R"({"rtol": 1})", "fail", QStringLiteral("1e+300 ≠ inf"));
    row("C17 -0.0 == 0.0", "float_0", "float_neg0", R"({"rtol": 0, "atol": 0})", "pass", {});
    row("C17 list with nan", "list_nan", "list_nan", "", "pass", {});
    // C16: numpy scalars.
    row("C16 int64 vs int", "int_7", "np_int64_7", "", "pass", {});
    row("int64 vs int exact_type", "int_7", "np_int64_7", R"({"exact_type": true})", "fail", QStringLiteral("numpy.int64 ≠ int"));
    row("int32 vs int64", "np_int64_7", "np_int32_7", "", "pass", {});
    row("C16 bool_ vs bool", "bool_true", "np_bool_true", "", "pass", {});
    row("bool vs int refused", "bool_true", "int_5", "", "fail", QStringLiteral("expected a bool, got an int"));
    row("C16 avg float64", "float_0_3", "np_float64_0_3", "", "pass", {});
    row("C16 avg32 rtol 1e-6", "float_0_1", "np_float32_0_1", R"({"rtol": 1e-6, "atol": 0})", "pass", {});
    row("C16 avg32 rtol 1e-9", "float_0_1", "np_float32_0_1", R"({"rtol": 1e-9, "atol": 0})", "fail",
        QStringLiteral("float32"));
    row("float32 nan", "float_nan", "np_float32_nan", "", "pass", {});
    row("complex", "complex_1_2", "complex_1_2b", "", "pass", {});
    row("complex strict", "complex_1_2", "complex_1_2b", R"({"rtol": 0, "atol": 0})", "fail", QStringLiteral("≠ (1.0+2.0j)"));
    // Subclasses.
    row("int subclass refused", "int_5", "my_int_5", "", "fail", QStringLiteral("is a __main__.MyInt, a subclass of int"));
    row("int subclass allowed", "int_5", "my_int_5", R"({"allow_subclass": true})", "pass", {});
    row("lying __eq__ float", "float_15", "lying_float", R"({"allow_subclass": true})", "fail", QStringLiteral("value 2.0 ≠ 15.0"));
    row("OrderedDict refused", "dict_ab", "odict_ab", "", "fail", QStringLiteral("collections.OrderedDict"));
    row("OrderedDict allowed", "dict_ab", "odict_ab", R"({"allow_subclass": true})", "pass", {});
    row("namedtuple refused", "tuple_12", "point_12", "", "fail", QStringLiteral("__main__.Point, a subclass of tuple"));
    row("ndarray subclass refused", "arr_2x2", "matrix_2x2", "", "fail", QStringLiteral("numpy.matrix"));
    // Strings and bytes.
    row("str equal", "str_hello", "str_hello", "", "pass", {});
    row("str differs", "str_hello", "str_hellx", "", "fail", QStringLiteral("strings differ at character 10"));
    row("str length", "str_hello", "str_hello_long", "", "fail", QStringLiteral("length 12, expected 11"));
    row("str case+ws strict", "str_hello", "str_hello2", "", "fail", QStringLiteral("character 0"));
    row("str case only", "str_hello", "str_hello2", R"({"ignore_case": true})", "fail", QStringLiteral("after folding case"));
    row("str case+ws folded", "str_hello", "str_hello2", R"({"ignore_case": true, "ignore_whitespace": true})", "pass", {});
    row("str vs int", "str_hello", "int_5", "", "fail", QStringLiteral("expected a str, got an int: 5"));
    row("bytes", "bytes_ab", "bytes_ac", "", "fail", QStringLiteral("b'ac' ≠ b'ab'"));
    row("None vs 0", "none", "int_0", "", "fail", QStringLiteral("expected a NoneType"));
    // Containers.
    row("list equal", "list_112", "list_112", "", "pass", {});
    row("list element", "list_112", "list_113", "", "fail", QStringLiteral("`x[2]`: value 3 ≠ 2"));
    row("list length", "list_112", "list_11", "", "fail", QStringLiteral("length 2 ≠ 3"));
    row("list vs tuple", "list_112", "tuple_112", "", "fail", QStringLiteral("expected a list, got a tuple"));
    row("nested", "list_nested", "list_nested_b", "", "fail", QStringLiteral("`x[1][1][1]`: value 6 ≠ 5"));
    row("C16 vec list vs ndarray", "list_112", "arr_i64_112", "", "pass", {});
    row("ndarray vs list", "arr_i64_112", "list_112", "", "pass", {});
    row("list vs ndarray exact_type", "list_112", "arr_i64_112", R"({"exact_type": true})", "fail", QStringLiteral("expected a list, got a numpy.ndarray"));
    row("set equal", "set_123", "set_123", "", "pass", {});
    row("set vs frozenset", "set_123", "frozenset_123", "", "pass", {});
    row("set of floats", "set_123", "set_123f", "", "pass", {});
    row("set differs", "set_123", "set_124", "", "fail", QStringLiteral("missing 3; unexpected 4"));
    row("dict order ignored", "dict_ab", "dict_ba", "", "pass", {});
    row("dict value", "dict_ab", "dict_ab2", "", "fail", QStringLiteral("`x['b']`: value 2.75 ≠ 2.5"));
    row("dict keys", "dict_ab", "dict_ac", "", "fail", QStringLiteral("missing key 'b'; unexpected key 'c'"));
    // numpy arrays.
    row("array equal", "arr_f64", "arr_f64", "", "pass", {});
    row("array element", "arr_f64", "arr_f64_b", "", "fail", QStringLiteral("element [1]: 0.25 ≠ 0.2"));
    row("array shape", "arr_2x3", "arr_3x2", "", "fail", QStringLiteral("shape (3, 2) ≠ (2, 3)"));
    row("array 2d element", "arr_2x3", "arr_2x3_b", "", "fail", QStringLiteral("element [1, 1]: 4.5 ≠ 4.0 (difference 0.5"));
    row("float32 vs float64 array", "arr_f64", "arr_f32", "", "pass", {});
    row("float32 array strict", "arr_f64", "arr_f32", R"({"rtol": 1e-9, "atol": 0})", "fail", QStringLiteral("numpy float32"));
    row("float32 array dtype", "arr_f64", "arr_f32", R"({"check_dtype": true})", "fail", QStringLiteral("dtype float32 ≠ float64"));
    row("array nan positions", "arr_nan", "arr_nan", "", "pass", {});
    row("array nan vs number", "arr_nan", "arr_nan_b", "", "fail", QStringLiteral("element [1]: 2.0 ≠ nan"));
    row("bool array", "arr_bool", "arr_bool", "", "pass", {});
    row("str array", "arr_str", "arr_str_b", "", "fail", QStringLiteral("element [1]"));
    // pandas.
    row("series equal", "s_abc", "s_abc", "", "pass", {});
    row("series value", "s_abc", "s_abc_b", "", "fail", QStringLiteral("value at index 'b': 2.5 ≠ 2.0"));
    row("series index order", "s_abc", "s_cba", "", "fail", QStringLiteral("same index in a different order: ['c', 'b', 'a'], expected ['a', 'b', 'c']"));
    row("series index order aligned", "s_abc", "s_cba", R"({"check_row_order": false})", "pass", {});
    row("series index ignored", "s_abc", "s_range", R"({"check_index": false})", "pass", {});
    row("series index labels", "s_abc", "s_range", "", "fail", QStringLiteral("index [0, 1, 2] ≠ ['a', 'b', 'c']"));
    row("series name ignored", "s_abc", "s_abc_y", "", "pass", {});
    row("series name checked", "s_abc", "s_abc_y", R"({"check_names": true})", "fail", QStringLiteral("Series name 'y' ≠ 'x'"));
    row("series float32 dtype", "s_abc", "s_abc_f32", R"({"check_dtype": true})", "fail", QStringLiteral("dtype float32 ≠ float64"));
    row("series float32 lenient", "s_abc", "s_abc_f32", "", "pass", {});
    row("frame equal", "df_ab", "df_ab", "", "pass", {});
    row("frame column order lenient", "df_ab", "df_ba", "", "pass", {});
    row("frame column order strict", "df_ab", "df_ba", R"({"check_column_order": true})", "fail",
        QStringLiteral("same columns in a different order: ['b', 'a'], expected ['a', 'b']"));
    row("frame row order", "df_ab", "df_ab_rows", "", "fail", QStringLiteral("same index in a different order: ['r3', 'r2', 'r1']"));
    row("frame row order aligned", "df_ab", "df_ab_rows", R"({"check_row_order": false})", "pass", {});
    row("frame value", "df_ab", "df_ab_val", "", "fail", QStringLiteral("column 'b', value at row 'r2': 1.75 ≠ 1.5"));
    row("frame columns", "df_ab", "df_ac", "", "fail", QStringLiteral("columns ['a', 'c'] ≠ ['a', 'b']: missing 'b'; unexpected 'c'"));
    row("frame shape", "df_ab", "df_ab_2rows", "", "fail", QStringLiteral("shape (2, 2) ≠ (3, 2)"));
    row("frame index", "df_ab", "df_ab_range", "", "fail", QStringLiteral("index [0, 1, 2] ≠ ['r1', 'r2', 'r3']"));
    row("frame index ignored", "df_ab", "df_ab_range", R"({"check_index": false})", "pass", {});
    row("frame int vs float lenient", "df_ab", "df_ab_float", "", "pass", {});
    row("frame dtype strict", "df_ab", "df_ab_float", R"({"check_dtype": true})", "fail", QStringLiteral("column 'a': dtype float64 ≠ int64"));
    row("frame nan", "df_nan", "df_nan", "", "pass", {});
    row("frame nan vs value", "df_nan", "df_nan_b", "", "fail", QStringLiteral("column 'a', value at row 1: 2.0 ≠ nan"));
    // Rows as a multiset: check_row_order and check_index false. Before, rows were still matched by index label
    // (then by position), so the same rows in another order and index could never pass.
    const char *anyOrder = R"({"check_row_order": false, "check_index": false})";
    row("frame rows any order", "df_rows", "df_rows_shuffled", anyOrder, "pass", {});
    row("frame rows any order, index kept", "df_rows", "df_rows_shuffled", R"({"check_row_order": false})", "fail",
        QStringLiteral("index [7, 3, 9, 1, 4] ≠ [0, 1, 2, 3, 4]"));
    row("frame rows any order, changed row", "df_rows", "df_rows_changed", anyOrder, "fail",
        QStringLiteral("`x`: 1 of 5 rows differ (compared in any order, index ignored): missing {'k': 'a', 'v': 3.0} (at "
                       "index 2); unexpected {'k': 'a', 'v': 3.5} (at index 1)"));
    row("frame rows any order, duplicate counts", "df_rows", "df_rows_dup", anyOrder, "fail",
        QStringLiteral("1 of 5 rows differ (compared in any order, index ignored): missing {'k': 'a', 'v': 1.0} (at "
                       "index 4); unexpected {'k': 'a', 'v': 3.0} (at index 1)"));
    row("frame rows any order, tolerance", "df_rows", "df_rows_shuffled", R"({"check_row_order": false, "check_index": false, "rtol": 0, "atol": 0})",
        "fail", QStringLiteral("missing {'k': 'c', 'v': 0.30000000000000004} (at index 3); unexpected {'k': 'c', 'v': 0.3} (at index 7)"));
    row("series values any order", "s_rows", "s_rows_shuffled", anyOrder, "pass", {});
    row("series values any order, changed", "s_rows", "s_abc", anyOrder, "fail",
        QStringLiteral("1 of 3 values differ (compared in any order, index ignored): missing nan (at index 1); unexpected 3.0 (at index 'c')"));
    row("series vs frame", "s_abc", "df_ab", "", "fail", QStringLiteral("expected a pandas.Series, got a pandas.DataFrame"));
    row("index", "idx_abc", "idx_abc", "", "pass", {});
    // Other types, missing and uncapturable values.
    row("other equal", "date", "date", "", "pass", {});
    row("other differs", "date", "date_b", "", "fail", QStringLiteral("datetime.date(2024, 1, 3) ≠ datetime.date(2024, 1, 2)"));
    row("C32 missing", "int_15", "missing", "", "fail", QStringLiteral("`x` is not defined"));
    row("reference missing", "missing", "int_15", "", "not-graded", QStringLiteral("the reference run did not define it"));
    row("C12 too large", "int_15", "too_large", "", "not-graded", QStringLiteral("too large to capture (21912 bytes)"));
    row("truncated", "str_hello", "str_truncated", "", "not-graded", QStringLiteral("truncated by the probe (length 20)"));
    row("encoding error", "date", "other_repr_error", "", "fail", QStringLiteral("expected a datetime.date"));
    row("depth limit", "deep", "deep", "", "not-graded", QStringLiteral("nested too deeply"));
}

void TestGrading::compare()
{
    QFETCH(QString, expected);
    QFETCH(QString, actual);
    QFETCH(QByteArray, opts);
    QFETCH(QString, outcome);
    QFETCH(QString, feedback);
    const Comparison c = compareValues(QStringLiteral("x"), value(expected), value(actual), options(opts));
    if (qEnvironmentVariableIsSet("SANDMARK_SHOW_FEEDBACK"))
        qInfo().noquote() << outcomeName(c.outcome) << c.feedback << "| expected" << c.expected << "| actual" << c.actual;
    QVERIFY2(outcomeName(c.outcome) == outcome, qPrintable(outcomeName(c.outcome) + QStringLiteral(": ") + c.feedback));
    if (feedback.isEmpty())
        QVERIFY2(c.feedback.isEmpty(), qPrintable(c.feedback));
    else
        QVERIFY2(c.feedback.contains(feedback), qPrintable(c.feedback));
    if (c.outcome != Outcome::Pass)
        QVERIFY(!c.feedback.contains(QLatin1String("wrong")));
    QVERIFY(!c.expected.isEmpty());
}

void TestGrading::optionsRejectWrongTypes()
{
    auto bad = CompareOptions::fromJson(QJsonDocument::fromJson(R"({"rtol": "1e-3"})").object().toVariantMap());
    QVERIFY(!bad);
    QCOMPARE(bad.error().location, QStringLiteral("checks option 'rtol'"));
    QVERIFY(!CompareOptions::fromJson(QJsonDocument::fromJson(R"({"atol": -1})").object().toVariantMap()));
    QVERIFY(!CompareOptions::fromJson(QJsonDocument::fromJson(R"({"ignore_case": "yes"})").object().toVariantMap()));
    auto ok = CompareOptions::fromJson(QJsonDocument::fromJson(R"({"id": "x", "points": 2, "rtol": 0.01})").object().toVariantMap());
    QVERIFY(ok);
    QCOMPARE(ok->rtol, 0.01);
    QCOMPARE(ok->atol, 1e-9);
}

void TestGrading::fixturesMatchProbe()
{
    // The checked-in fixtures must be what the current probe encoder produces.
    const QString probe = QStringLiteral(SANDMARK_SOURCE_DIR "/resources/python/sandmark_probe.py");
    QVERIFY2(QFile::exists(probe), qPrintable(probe + QStringLiteral(" is missing")));
    QTemporaryDir dir;
    QVERIFY(QFile::copy(QStringLiteral(SANDMARK_TEST_DATA_DIR "/grading/make_fixtures.py"), dir.filePath(QStringLiteral("make_fixtures.py"))));
    QProcess py;
    py.start(qEnvironmentVariable("SANDMARK_PYTHON", QStringLiteral("/usr/bin/python3")),
             {dir.filePath(QStringLiteral("make_fixtures.py")), probe});
    QVERIFY(py.waitForFinished(60000));
    if (py.exitCode() != 0 && py.readAllStandardError().contains("No module named"))
        QSKIP("numpy/pandas are not installed for the test Python");
    QCOMPARE(py.exitCode(), 0);
    for (const QString &name : {QStringLiteral("values.json"), QStringLiteral("payloads.json")}) {
        QFile fresh(dir.filePath(name)), stored(QStringLiteral(SANDMARK_TEST_DATA_DIR "/grading/") + name);
        QVERIFY(fresh.open(QIODevice::ReadOnly) && stored.open(QIODevice::ReadOnly));
        QVERIFY2(fresh.readAll() == stored.readAll(), qPrintable(name + QStringLiteral(" is stale: rerun make_fixtures.py")));
    }
}

// A value check that hides expected values (the default of assignment.json) names the aspect that differs and
// the student's own value, never the reference: not its value, length, characters or the first difference's
// position. The instructor's view keeps it (CheckResult::expected).
void TestGrading::hiddenExpectedValues_data()
{
    QTest::addColumn<QByteArray>("expected");
    QTest::addColumn<QByteArray>("actual");
    QTest::addColumn<QString>("feedback");
    QTest::addColumn<QString>("secret"); ///< must not appear in the feedback
    QTest::newRow("float") << QByteArray(R"({"t": "float", "v": "0.9628654314027961"})") << QByteArray(R"({"t": "float", "v": "-1.0"})")
                           << u"`x`: not the expected value (yours: -1.0); this check does not show the expected value"_s << u"0.96"_s;
    QTest::newRow("int") << QByteArray(R"({"t": "int", "v": "15"})") << QByteArray(R"({"t": "int", "v": "5"})")
                         << u"`x`: not the expected value (yours: 5); this check does not show the expected value"_s << u"15"_s;
    QTest::newRow("string") << QByteArray(R"({"t": "str", "v": "setosa"})") << QByteArray(R"({"t": "str", "v": "setxyz"})")
                            << u"`x`: not the expected value (yours: 'setxyz'); this check does not show the expected value"_s << u"osa"_s;
    QTest::newRow("type") << QByteArray(R"({"t": "float", "v": "2.5"})") << QByteArray(R"({"t": "str", "v": "2.5"})")
                          << u"`x`: not of the expected type (yours is a str); this check does not show the expected value"_s << u"2.5"_s;
    QTest::newRow("length") << QByteArray(R"({"t": "list", "items": [{"t": "int", "v": "1"}, {"t": "int", "v": "2"}, {"t": "int", "v": "3"}]})")
                            << QByteArray(R"({"t": "list", "items": [{"t": "int", "v": "1"}]})")
                            << u"`x`: not the expected length (yours: [1]); this check does not show the expected value"_s << u"3"_s;
    QTest::newRow("element") << QByteArray(R"({"t": "list", "items": [{"t": "int", "v": "1"}, {"t": "int", "v": "42"}]})")
                             << QByteArray(R"({"t": "list", "items": [{"t": "int", "v": "1"}, {"t": "int", "v": "7"}]})")
                             << u"`x`: not the expected value (yours: [1, 7]); this check does not show the expected value"_s << u"42"_s;
    QTest::newRow("keys") << QByteArray(R"({"t": "dict", "items": [[{"t": "str", "v": "secret_key"}, {"t": "int", "v": "1"}]]})")
                          << QByteArray(R"({"t": "dict", "items": [[{"t": "str", "v": "k"}, {"t": "int", "v": "1"}]]})")
                          << u"`x`: not the expected keys (yours: {'k': 1}); this check does not show the expected value"_s << u"secret_key"_s;
}

void TestGrading::hiddenExpectedValues()
{
    QFETCH(QByteArray, expected);
    QFETCH(QByteArray, actual);
    QFETCH(QString, feedback);
    QFETCH(QString, secret);
    const auto decoded = [](const QByteArray &json) {
        auto v = decodeProbeValue(json, QStringLiteral("fixture"));
        return v ? *v : ProbeValue();
    };
    CompareOptions hidden;
    hidden.showExpected = false;
    const Comparison c = compareValues(QStringLiteral("x"), decoded(expected), decoded(actual), hidden);
    QCOMPARE(c.outcome, Outcome::Fail);
    QCOMPARE(c.feedback, feedback);
    QVERIFY2(!c.feedback.contains(secret), qPrintable(c.feedback));
    QVERIFY(c.expected.contains(secret)); // kept for the instructor
    // The same comparison with the expected value shown names it.
    const Comparison shown = compareValues(QStringLiteral("x"), decoded(expected), decoded(actual), CompareOptions{});
    QVERIFY2(shown.feedback.contains(secret), qPrintable(shown.feedback));

    // Through grade(): a check hides expected values unless it says otherwise (Check::showExpected).
    Check check = valueCheck(QStringLiteral("x"));
    check.showExpected = false;
    const auto payload = [](const QByteArray &v) {
        return QByteArray(R"({"format": "sandmark-payload/1", "probes": {"end": {"values": {"x": )") + v + "}}}}";
    };
    GradeInput in;
    in.checks = {check};
    in.referencePayload = payload(expected);
    in.studentPayload = payload(actual);
    in.record = test::executionRecord(QJsonObject{{u"status"_s, u"completed"_s},
                            {u"cells"_s, QJsonArray{QJsonObject{{u"index"_s, QJsonValue::Null}, {u"injected"_s, u"probe"_s},
                                                                {u"label"_s, u"end"_s}, {u"status"_s, u"ok"_s}}}}});
    const GradeResult r = grade(in);
    QCOMPARE(resultFor(r, QStringLiteral("x")).outcome, Outcome::Fail);
    QCOMPARE(resultFor(r, QStringLiteral("x")).feedback, feedback);
}

// Values compared in any order: those left without a partner are named with their index, one template per count
// (so that the app translates the whole list), three at most and then how many more.
void TestGrading::unmatchedValuesAreNamedAtMostThree()
{
    const auto series = [](const QList<double> &values) {
        QStringList texts;
        for (double v : values)
            texts << u"\"%1\""_s.arg(v, 0, 'f', 1);
        const QString json = uR"({"t": "series", "dtype": "float64", "name": {"t": "none"},
            "index": {"t": "pd-index", "type": "pandas.core.indexes.range.RangeIndex", "dtype": "int64", "name": {"t": "none"},
                      "range": [0, %1, 1]},
            "values": {"t": "ndarray", "dtype": "float64", "shape": [%1], "enc": "float", "values": [%2]}})"_s
                                 .arg(values.size())
                                 .arg(texts.join(u", "_s));
        auto v = decodeProbeValue(json.toUtf8(), u"fixture"_s);
        return v ? *v : ProbeValue();
    };
    CompareOptions anyOrder;
    anyOrder.checkRowOrder = false;
    anyOrder.checkIndex = false;
    const QList<double> expected = {1, 2, 3, 4, 5, 6};
    QCOMPARE(compareValues(u"s"_s, series(expected), series({1, 2, 3, 4, 5, 60}), anyOrder).feedback,
             u"`s`: 1 of 6 values differ (compared in any order, index ignored): missing 6.0 (at index 5); unexpected 60.0 (at "
             "index 5)"_s);
    QCOMPARE(compareValues(u"s"_s, series(expected), series({1, 2, 3, 4, 50, 60}), anyOrder).feedback,
             u"`s`: 2 of 6 values differ (compared in any order, index ignored): missing 5.0 (at index 4), 6.0 (at index 5); "
             "unexpected 50.0 (at index 4), 60.0 (at index 5)"_s);
    QCOMPARE(compareValues(u"s"_s, series(expected), series({1, 2, 3, 40, 50, 60}), anyOrder).feedback,
             u"`s`: 3 of 6 values differ (compared in any order, index ignored): missing 4.0 (at index 3), 5.0 (at index 4), 6.0 "
             "(at index 5); unexpected 40.0 (at index 3), 50.0 (at index 4), 60.0 (at index 5)"_s);
    QCOMPARE(compareValues(u"s"_s, series(expected), series({1, 20, 30, 40, 50, 60}), anyOrder).feedback,
             u"`s`: 5 of 6 values differ (compared in any order, index ignored): missing 2.0 (at index 1), 3.0 (at index 2), 4.0 "
             "(at index 3), … (2 more); unexpected 20.0 (at index 1), 30.0 (at index 2), 40.0 (at index 3), … (2 more)"_s);

    // A value of another type, its expected value hidden: the article goes with the type's name.
    CompareOptions hidden;
    hidden.showExpected = false;
    ProbeValue text;
    text.kind = ProbeValue::Kind::Str;
    text.text = u"abc"_s;
    ProbeValue integer;
    integer.kind = ProbeValue::Kind::Int;
    integer.intText = u"7"_s;
    integer.real = 7;
    QCOMPARE(compareValues(u"t"_s, text, integer, hidden).feedback,
             u"`t`: not of the expected type (yours is an int); this check does not show the expected value"_s);
    QCOMPARE(compareValues(u"t"_s, integer, text, hidden).feedback,
             u"`t`: not of the expected type (yours is a str); this check does not show the expected value"_s);
}

// infinite-loop.ipynb: cells[2] timed out; what ran before and after it is graded.
void TestGrading::gradeTimeoutKeepsWhatRan()
{
    const GradeResult r = gradeScenario({valueCheck(QStringLiteral("letters")), valueCheck(QStringLiteral("countdown_sum"), 2),
                                         valueCheck(QStringLiteral("doubled"))},
                                        QStringLiteral("infinite-loop-ref"), QStringLiteral("infinite-loop-student"));
    QCOMPARE(gradeStatusName(r.status), QStringLiteral("needs-review"));
    QCOMPARE(r.score, 2.0);
    QCOMPARE(r.maxScore, 4.0);
    QCOMPARE(resultFor(r, QStringLiteral("letters")).outcome, Outcome::Pass);
    QCOMPARE(resultFor(r, QStringLiteral("doubled")).outcome, Outcome::Pass);
    const CheckResult &total = resultFor(r, QStringLiteral("countdown_sum"));
    QCOMPARE(total.outcome, Outcome::Fail);
    QVERIFY2(total.feedback.contains(QStringLiteral("value 3 ≠ 6")), qPrintable(total.feedback));
    // The per-cell limit, in the words of the runner's record ("timeout after 3 s in cells[2]").
    QVERIFY2(total.feedback.contains(QStringLiteral("cells[2]: timeout after 3 s")), qPrintable(total.feedback));
    QVERIFY(!total.feedback.contains(QLatin1String("not defined")));
    QCOMPARE(r.reasons, QStringList{QStringLiteral("cells[2]: timeout after 3 s")});
}

// run-limit-student (make_records.py): the whole-run limit (timeout_s = 12 s) stopped cells[1] at 8 s, keeping 4 s
// for the probe and the test, which ran in that reserve. The reason says when it stopped (not "12 s was reached");
// what the cells that did not run would have defined is not graded (needs review), never a FAIL "not defined".
void TestGrading::gradeRunLimitCutIsNotGraded()
{
    const GradeResult r = gradeScenario({valueCheck(QStringLiteral("step1")), valueCheck(QStringLiteral("step2")),
                                         valueCheck(QStringLiteral("step5")), testCheck(QStringLiteral("t-step5"))},
                                        QStringLiteral("run-limit-ref"), QStringLiteral("run-limit-student"));
    const QString stopped = QStringLiteral("the notebook was stopped during cells[1] at 8 s of the whole-run time "
                                           "limit (timeout_s = 12 s), keeping 4 s to grade; the later cells did not run");
    QCOMPARE(r.status, GradeStatus::NeedsReview);
    QCOMPARE(r.reasons.value(0), stopped);
    QCOMPARE(resultFor(r, QStringLiteral("step1")).outcome, Outcome::Pass);
    for (const QString &id : {QStringLiteral("step2"), QStringLiteral("step5")}) {
        const CheckResult &c = resultFor(r, id);
        QCOMPARE(c.outcome, Outcome::NotGraded);
        QCOMPARE(c.feedback, QStringLiteral("not graded: `%1` is not defined; %2").arg(id, stopped));
    }
    const CheckResult &test = resultFor(r, QStringLiteral("t-step5"));
    QCOMPARE(test.outcome, Outcome::NotGraded);
    QCOMPARE(test.feedback, QStringLiteral("not graded: NameError: name 'step5' is not defined; ") + stopped);
    QCOMPARE(r.score, 1.0);
    QVERIFY(r.reasons.contains(QStringLiteral("check 'step5' not graded")));
}

// kernel-killed-by-os-exit.ipynb: no probe ran, so nothing is graded (never a silent wrong answer).
void TestGrading::gradeKernelDied()
{
    const GradeResult r = gradeScenario({valueCheck(QStringLiteral("deposit_total")), valueCheck(QStringLiteral("with_interest")),
                                         testCheck(QStringLiteral("t1"))},
                                        QStringLiteral("kernel-killed-ref"), QStringLiteral("kernel-killed-student"));
    QCOMPARE(r.status, GradeStatus::NeedsReview);
    QCOMPARE(r.score, 0.0);
    for (const CheckResult &c : r.checks) {
        QCOMPARE(c.outcome, Outcome::NotGraded);
        QVERIFY2(c.feedback.contains(QStringLiteral("kernel died")), qPrintable(c.feedback));
    }
    QVERIFY(r.reasons.contains(QStringLiteral("kernel died while executing cells[2] (exit status 3)")));
}

void TestGrading::gradeKilledKernelIsOneReason()
{
    // The runner killed the kernel itself (interrupt ignored): one reason, not the cell's and the kernel's.
    const GradeResult r = gradeScenario({valueCheck(QStringLiteral("warmed_up")), valueCheck(QStringLiteral("done"))},
                                        QStringLiteral("sigint-ignored-ref"), QStringLiteral("sigint-ignored-student"));
    QCOMPARE(r.status, GradeStatus::NeedsReview);
    QCOMPARE(r.reasons, (QStringList{QStringLiteral("cells[1]: timeout after 3 s and ignored the interrupt; kernel killed"),
                                     QStringLiteral("check 'warmed_up' not graded"), QStringLiteral("check 'done' not graded")}));
    for (const CheckResult &c : r.checks)
        QCOMPARE(c.outcome, Outcome::NotGraded);
}

// answer-cells-markdown-or-deleted.ipynb: an answer in a markdown cell and a deleted answer are "not defined".
void TestGrading::gradeMissingAnswers()
{
    const GradeResult r = gradeScenario({valueCheck(QStringLiteral("apples")), valueCheck(QStringLiteral("crates")),
                                         valueCheck(QStringLiteral("pears"))},
                                        QStringLiteral("markdown-answers-ref"), QStringLiteral("markdown-answers-student"));
    QCOMPARE(r.status, GradeStatus::Graded);
    QCOMPARE(r.score, 1.0);
    QCOMPARE(resultFor(r, QStringLiteral("apples")).outcome, Outcome::Pass);
    QCOMPARE(resultFor(r, QStringLiteral("crates")).feedback, QStringLiteral("`crates` is not defined"));
    QCOMPARE(resultFor(r, QStringLiteral("crates")).expected, QStringLiteral("36"));
    QCOMPARE(resultFor(r, QStringLiteral("pears")).feedback, QStringLiteral("`pears` is not defined"));
    QCOMPARE(resultFor(r, QStringLiteral("pears")).expected, QStringLiteral("5"));
}

void TestGrading::gradeC16C17()
{
    // Payloads from payloads.json (encode_values on the cases' namespaces) with a clean run's record.
    auto run = [](const QString &ref, const QString &student, const QList<Check> &checks) {
        GradeInput in;
        in.checks = checks;
        in.referencePayload = payloadJson(ref);
        in.studentPayload = payloadJson(student);
        in.record = test::executionRecord(record(QStringLiteral("markdown-answers-student")).value(QLatin1String("record")).toObject());
        return grade(in);
    };
    QList<Check> c16;
    for (const char *v : {"total", "is_positive", "avg", "avg32", "vec", "first"})
        c16 << valueCheck(QString::fromLatin1(v));
    GradeResult r = run(QStringLiteral("C16-ref"), QStringLiteral("C16-student"), c16);
    QCOMPARE(r.score, 6.0);
    QCOMPARE(r.status, GradeStatus::Graded);
    c16[3].options = QVariantMap{{QStringLiteral("rtol"), 1e-9}, {QStringLiteral("atol"), 0}};
    r = run(QStringLiteral("C16-ref"), QStringLiteral("C16-student"), c16);
    QCOMPARE(r.score, 5.0);
    QVERIFY(resultFor(r, QStringLiteral("avg32")).feedback.contains(QStringLiteral("float32")));

    QList<Check> c17;
    for (const char *v : {"missing_mean", "upper", "neg_zero", "wrong_nan", "ok_after", "series_like"})
        c17 << valueCheck(QString::fromLatin1(v));
    r = run(QStringLiteral("C17-ref"), QStringLiteral("C17-student"), c17);
    QCOMPARE(r.score, 5.0);
    QCOMPARE(resultFor(r, QStringLiteral("wrong_nan")).outcome, Outcome::Fail);
    QVERIFY(resultFor(r, QStringLiteral("wrong_nan")).feedback.contains(QStringLiteral("value nan ≠ 5.0")));
}

void TestGrading::gradeAnchoredProbe()
{
    const QList<Check> checks = {valueCheck(QStringLiteral("ans"), 2, QStringLiteral("q1")), valueCheck(QStringLiteral("final")),
                                 testCheck(QStringLiteral("t-final")), testCheck(QStringLiteral("t-ans"), 3)};
    const GradeResult r = gradeScenario(checks, QStringLiteral("anchor-ref"), QStringLiteral("anchor-student"));
    // `ans` is 42 right after answer cell q1; the student reused the name later (ans = 0).
    QCOMPARE(resultFor(r, QStringLiteral("ans")).outcome, Outcome::Pass);
    QCOMPARE(resultFor(r, QStringLiteral("t-final")).outcome, Outcome::Pass);
    const CheckResult &tans = resultFor(r, QStringLiteral("t-ans"));
    QCOMPARE(tans.outcome, Outcome::Fail);
    QCOMPARE(tans.feedback, QStringLiteral("AssertionError: ans should be 42"));
    QCOMPARE(tans.points, 0.0);
    QCOMPARE(r.score, 4.0);
    QCOMPARE(r.maxScore, 7.0);
    QCOMPARE(r.status, GradeStatus::Graded); // a failing test is a grade, not a problem of the run
}

void TestGrading::gradeAnchorFallback()
{
    const QList<Check> checks = {valueCheck(QStringLiteral("ans"), 1, QStringLiteral("q1")), valueCheck(QStringLiteral("final")),
                                 testCheck(QStringLiteral("t-final"))};
    const GradeResult r = gradeScenario(checks, QStringLiteral("anchor-ref"), QStringLiteral("anchor-fallback"),
                                        {QStringLiteral("q1")});
    const CheckResult &ans = resultFor(r, QStringLiteral("ans"));
    QCOMPARE(ans.outcome, Outcome::Pass);
    QVERIFY2(ans.feedback.contains(QStringLiteral("answer cell 'q1' was not found in the submission")), qPrintable(ans.feedback));
    QCOMPARE(resultFor(r, QStringLiteral("final")).feedback, QStringLiteral("`final`: value 2 ≠ 1"));
    QCOMPARE(resultFor(r, QStringLiteral("t-final")).feedback, QStringLiteral("AssertionError: the test's assertion failed"));
    QCOMPARE(r.score, 1.0);
}

void TestGrading::gradeWarningsNeverChangeGrade()
{
    const QList<Check> checks = {valueCheck(QStringLiteral("ans"), 1, QStringLiteral("q1")), valueCheck(QStringLiteral("final")),
                                 testCheck(QStringLiteral("t-final")), testCheck(QStringLiteral("t-ans"))};
    const GradeResult r = gradeScenario(checks, QStringLiteral("anchor-ref"), QStringLiteral("warning"));
    QCOMPARE(r.status, GradeStatus::Graded);
    QCOMPARE(r.score, 4.0);
    QVERIFY(r.reasons.isEmpty());
}

// Notes (the run's warnings, instrument notes, changes to protected cells) reach the result's notes, never its
// reasons, and change neither the status nor the score.
void TestGrading::gradeNotesAreKeptApartFromReasons()
{
    const QList<Check> checks = {valueCheck(QStringLiteral("ans"), 1, QStringLiteral("q1")), valueCheck(QStringLiteral("final")),
                                 testCheck(QStringLiteral("t-final")), testCheck(QStringLiteral("t-ans"))};
    GradeInput in;
    in.checks = checks;
    in.referencePayload = runPayload(QStringLiteral("anchor-ref"));
    in.studentPayload = runPayload(QStringLiteral("warning"));
    in.record = test::executionRecord(record(QStringLiteral("warning")).value(QLatin1String("record")).toObject());
    test::insertInto(in.record, QStringLiteral("warnings"),
                     QJsonArray{QStringLiteral("kernelspec 'conda-env-ds2024-py' ignored: running the Python kernel of /usr/bin/python3")});
    in.notes = {QStringLiteral("answer cell 'q1' appears on several cells; probed after the last, cells[3]"),
                QStringLiteral("test cell 't-final' was edited (cells[5]); the instructor's version ran")};
    const GradeResult r = grade(in);
    QCOMPARE(r.status, GradeStatus::Graded);
    QCOMPARE(r.score, 4.0);
    QCOMPARE(r.reasons, QStringList());
    QCOMPARE(r.notes, (QStringList{in.notes.at(0), in.notes.at(1),
                                   QStringLiteral("kernelspec 'conda-env-ds2024-py' ignored: running the Python kernel of "
                                                  "/usr/bin/python3")}));
    // A grader error keeps the notes too: they say what was seen before the failure.
    in.graderError = Error{QStringLiteral("bwrap"), {}, QStringLiteral("could not start")};
    QCOMPARE(grade(in).notes, r.notes);
}

// A check the instructor notebook fails itself is not graded, with the reference's error as the reason; the other
// checks are graded as usual (one broken check fails no one else).
void TestGrading::gradeBrokenCheckIsNotChargedToAnyone()
{
    const QList<Check> checks = {valueCheck(QStringLiteral("ans"), 2, QStringLiteral("q1")), valueCheck(QStringLiteral("final")),
                                 testCheck(QStringLiteral("t-final")), testCheck(QStringLiteral("t-ans"), 3)};
    GradeInput in;
    in.checks = checks;
    in.referencePayload = runPayload(QStringLiteral("anchor-ref"));
    in.studentPayload = runPayload(QStringLiteral("anchor-student"));
    in.record = test::executionRecord(record(QStringLiteral("anchor-student")).value(QLatin1String("record")).toObject());
    const QString why = QStringLiteral("the test check fails on the instructor notebook (AssertionError: typo); fix the "
                                       "test or the solution");
    in.brokenChecks = {{QStringLiteral("t-final"), why}};
    const GradeResult r = grade(in);
    const CheckResult &broken = resultFor(r, QStringLiteral("t-final"));
    QCOMPARE(broken.outcome, Outcome::NotGraded);
    QCOMPARE(broken.points, 0.0);
    QCOMPARE(broken.feedback, QStringLiteral("not graded: grader error: ") + why);
    QCOMPARE(r.reasons, QStringList{QStringLiteral("check 't-final' not graded: grader error: ") + why});
    QCOMPARE(r.status, GradeStatus::NeedsReview);
    // The others as without the broken check (gradeAnchoredProbe): ans 2 passed, t-ans 0 failed.
    QCOMPARE(resultFor(r, QStringLiteral("ans")).outcome, Outcome::Pass);
    QCOMPARE(resultFor(r, QStringLiteral("t-ans")).outcome, Outcome::Fail);
    QCOMPARE(r.score, 3.0);
    // A broken value check leaves a reference without values graded for the rest.
    in.brokenChecks = {{QStringLiteral("ans"), QStringLiteral("`ans` is not defined")}, {QStringLiteral("final"), QStringLiteral("`final` is not defined")}};
    in.referencePayload = "null";
    const GradeResult tests = grade(in);
    QCOMPARE(tests.status, GradeStatus::NeedsReview);
    QCOMPARE(resultFor(tests, QStringLiteral("t-final")).outcome, Outcome::Pass);
    QCOMPARE(resultFor(tests, QStringLiteral("ans")).feedback, QStringLiteral("not graded: grader error: `ans` is not defined"));
}

// An error a cell is meant to raise (the instructor's teaching cell raising the same exception in the reference
// run, or raising there too and tagged raises-exception) is a note; any other error stays a problem of the run,
// also in a cell the student tagged.
void TestGrading::gradeExpectedErrorsAreNotes()
{
    const QList<Check> checks = {valueCheck(QStringLiteral("ans"), 2, QStringLiteral("q1")), testCheck(QStringLiteral("t-final"))};
    GradeInput in;
    in.checks = checks;
    in.referencePayload = runPayload(QStringLiteral("anchor-ref"));
    in.studentPayload = runPayload(QStringLiteral("anchor-student"));
    QJsonObject rec = record(QStringLiteral("anchor-student")).value(QLatin1String("record")).toObject();
    QJsonArray cells = rec.value(QLatin1String("cells")).toArray();
    QJsonObject first = cells.at(0).toObject(); // cells[0], a student cell that ran
    first.insert(QStringLiteral("status"), QStringLiteral("error"));
    first.insert(QStringLiteral("error"), QJsonObject{{QStringLiteral("ename"), QStringLiteral("NameError")},
                                                      {QStringLiteral("evalue"), QStringLiteral("name 'a' is not defined")}});
    cells.replace(0, first);
    rec.insert(QStringLiteral("cells"), cells);
    rec.insert(QStringLiteral("status"), QStringLiteral("errors"));
    in.record = test::executionRecord(rec);

    GradeResult r = grade(in);
    QCOMPARE(r.status, GradeStatus::NeedsReview); // nothing says the error is expected
    QCOMPARE(r.reasons.value(0), QStringLiteral("cells[0]: raised NameError: name 'a' is not defined"));

    {
        // The runner's NoReply (the kernel went idle without the cell's reply: IPython's showtraceback replaced, as
        // in a fresh-user case) is no exception the code raised: the reason says what happened.
        QJsonObject noReply = first;
        noReply.insert(QStringLiteral("error"), QJsonObject{{QStringLiteral("ename"), QStringLiteral("NoReply")},
                                                            {QStringLiteral("evalue"), QStringLiteral("the kernel went idle without replying")}});
        QJsonArray withNoReply = cells;
        withNoReply.replace(0, noReply);
        GradeInput quiet = in;
        QJsonObject quietRecord = rec;
        quietRecord.insert(QStringLiteral("cells"), withNoReply);
        quiet.record = test::executionRecord(quietRecord);
        const GradeResult q = grade(quiet);
        QCOMPARE(q.status, GradeStatus::NeedsReview);
        QVERIFY2(q.reasons.value(0).startsWith(QLatin1String("cells[0]: the kernel sent no result for the cell (its error display "
                                                             "may be broken")),
                 qPrintable(q.reasons.value(0)));
    }
    {
        // Limits the run reached without failing it are notes (fresh-user finding: cases C12 and C26 said nothing):
        // a cell's output cut, processes the cgroup refused.
        QJsonObject cutCell = cells.at(0).toObject();
        cutCell.insert(QStringLiteral("truncated"), true);
        QJsonArray withCut = cells;
        withCut.replace(0, cutCell);
        GradeInput limited = in;
        QJsonObject limitedRecord = rec;
        limitedRecord.insert(QStringLiteral("cells"), withCut);
        limitedRecord.insert(QStringLiteral("cgroup"), QJsonObject{{QStringLiteral("pids_max"), 256}, {QStringLiteral("pids_refused"), 2}});
        limited.record = test::executionRecord(limitedRecord);
        const QStringList notes = grade(limited).notes;
        QVERIFY2(notes.contains(QLatin1String("the output of cells[0] was cut (over output_cell_bytes or output_total_bytes)")),
                 qPrintable(notes.join(u'\n')));
        QVERIFY2(notes.contains(QLatin1String("the run reached its process limit (processes 256): 2 process(es) or thread(s) "
                                              "could not start")),
                 qPrintable(notes.join(u'\n')));
        QVERIFY(!grade(in).notes.join(u' ').contains(QLatin1String("was cut")));
    }

    in.expectedErrors = {{0, QStringLiteral("NameError")}};
    r = grade(in);
    QCOMPARE(r.status, GradeStatus::Graded);
    QCOMPARE(r.reasons, QStringList());
    QCOMPARE(r.notes, QStringList{QStringLiteral("cells[0] raised NameError: name 'a' is not defined, as the instructor "
                                                 "notebook's same cell does (noted, not a problem)")});
    QCOMPARE(r.score, 3.0);

    in.expectedErrors = {{0, QStringLiteral("ZeroDivisionError")}}; // another exception than the teaching cell's
    QCOMPARE(grade(in).status, GradeStatus::NeedsReview);

    in.expectedErrors.clear();
    first.insert(QStringLiteral("raises_exception"), true);
    cells.replace(0, first);
    rec.insert(QStringLiteral("cells"), cells);
    in.record = test::executionRecord(rec);
    r = grade(in); // the student tagged a cell of their own: that exempts nothing
    QCOMPARE(r.status, GradeStatus::NeedsReview);
    QCOMPARE(r.reasons.value(0), QStringLiteral("cells[0]: raised NameError: name 'a' is not defined"));
    QCOMPARE(r.notes, QStringList());

    in.expectedErrors = {{0, QStringLiteral("ZeroDivisionError")}}; // the instructor's same cell raised (another error)
    r = grade(in);
    QCOMPARE(r.status, GradeStatus::Graded);
    QCOMPARE(r.notes, QStringList{QStringLiteral("cells[0] raised NameError: name 'a' is not defined (tagged "
                                                 "raises-exception: expected)")});
}

void TestGrading::gradeDatasetMissingIsGraderError()
{
    const QList<Check> checks = {valueCheck(QStringLiteral("ans"), 1, QStringLiteral("q1")), testCheck(QStringLiteral("t-final"))};
    const GradeResult r = gradeScenario(checks, QStringLiteral("anchor-ref"), QStringLiteral("dataset-missing"));
    QCOMPARE(gradeStatusName(r.status), QStringLiteral("grader-error"));
    QVERIFY2(r.reasons.value(0).contains(QStringLiteral("dataset is missing from the cache")), qPrintable(r.reasons.join(u'\n')));
    QVERIFY(r.reasons.value(0).contains(QStringLiteral("LocalEntryNotFoundError")));
    for (const CheckResult &c : r.checks)
        QCOMPARE(c.outcome, Outcome::NotGraded);
    QVERIFY(isMissingDatasetError(QStringLiteral("OfflineModeIsEnabled"), {}));
    QVERIFY(isMissingDatasetError(QStringLiteral("ConnectionError"),
                                  QStringLiteral("Couldn't reach 'org/data' on the Hub (LocalEntryNotFoundError)... offline mode is enabled.")));
    QVERIFY(!isMissingDatasetError(QStringLiteral("FileNotFoundError"), QStringLiteral("data.csv")));
}

// A kernel that could not start is a grader error that says why: the record's kernel.reason, else the runner's
// last message; never an empty reason.
void TestGrading::gradeKernelStartFailedSaysWhy()
{
    GradeInput in;
    in.checks = {valueCheck(QStringLiteral("count"), 2)};
    in.referencePayload = runPayload(QStringLiteral("C02-ref"));
    in.record = test::executionRecord(QJsonObject{{QStringLiteral("status"), QStringLiteral("kernel-start-failed")},
                            {QStringLiteral("kernel"), QJsonObject{{QStringLiteral("died"), false},
                                                                   {QStringLiteral("reason"), QStringLiteral("the kernel did not start (RuntimeError: Kernel died before replying to kernel_info); the kernel process ended: killed by SIGKILL; out of memory?")}}},
                            {QStringLiteral("messages"), QJsonArray{QStringLiteral("an earlier message")}}});
    GradeResult r = grade(in);
    QCOMPARE(r.status, GradeStatus::GraderError);
    QCOMPARE(r.reasons, QStringList{QStringLiteral("the kernel could not start: the kernel did not start (RuntimeError: "
                                                   "Kernel died before replying to kernel_info); the kernel process ended: "
                                                   "killed by SIGKILL; out of memory?")});
    // A record from a runner that put the reason only in its messages (before kernel.reason was always set).
    test::insertInto(in.record, QStringLiteral("kernel"), QJsonObject{{QStringLiteral("died"), false}});
    test::insertInto(in.record, QStringLiteral("messages"), QJsonArray{QStringLiteral("the kernel did not start (TimeoutError: x)")});
    QCOMPARE(grade(in).reasons, QStringList{QStringLiteral("the kernel could not start: the kernel did not start (TimeoutError: x)")});
    test::removeFrom(in.record, QStringLiteral("messages"));
    QCOMPARE(grade(in).reasons, QStringList{QStringLiteral("the kernel could not start: the runner recorded no reason")});
}

void TestGrading::gradeSandboxFailureIsGraderError()
{
    GradeInput in;
    in.checks = {valueCheck(QStringLiteral("count"), 2), testCheck(QStringLiteral("t"))};
    in.graderError = Error{QStringLiteral("bwrap"), {}, QStringLiteral("could not start: user namespaces are disabled")};
    GradeResult r = grade(in);
    QCOMPARE(r.status, GradeStatus::GraderError);
    QCOMPARE(r.maxScore, 3.0);
    QVERIFY(r.checks.at(0).feedback.contains(QStringLiteral("user namespaces are disabled")));
    // A runner that answered nothing usable is the grader's failure too.
    in.graderError.reset();
    r = grade(in);
    QCOMPARE(r.status, GradeStatus::GraderError);
    QVERIFY(r.reasons.value(0).contains(QStringLiteral("no execution record")));
    in.record = test::executionRecord(record(QStringLiteral("infinite-loop-student")).value(QLatin1String("record")).toObject());
    in.referencePayload = runPayload(QStringLiteral("infinite-loop-ref"));
    in.studentPayload = "{\"format\": \"sandmark-payload/1\", \"probes\": 7}";
    r = grade(in);
    QCOMPARE(r.status, GradeStatus::GraderError);
    QVERIFY(r.reasons.value(0).contains(QStringLiteral("student payload")));
}

void TestGrading::gradeBadOptionIsNotGraded()
{
    const GradeResult r = gradeScenario({valueCheck(QStringLiteral("letters"), 1, {}, QVariantMap{{QStringLiteral("rtol"), QStringLiteral("x")}})},
                                        QStringLiteral("infinite-loop-ref"), QStringLiteral("infinite-loop-ref"));
    QCOMPARE(r.checks.at(0).outcome, Outcome::NotGraded);
    QVERIFY(r.checks.at(0).feedback.contains(QStringLiteral("checks option 'rtol'")));
    QCOMPARE(r.status, GradeStatus::NeedsReview);
}

void TestGrading::gradePartialCreditAndManual()
{
    // The runner's `result_text` of a test cell (docs/runner-protocol.md): a number is nbgrader partial credit.
    QJsonObject rec = record(QStringLiteral("anchor-student")).value(QLatin1String("record")).toObject();
    QJsonArray cells = rec.value(QLatin1String("cells")).toArray();
    for (qsizetype i = 0; i < cells.size(); ++i) {
        QJsonObject c = cells[i].toObject();
        if (c.value(QLatin1String("check")).toString() == QLatin1String("t-final")) {
            c.insert(QStringLiteral("result_text"), QStringLiteral("1.5"));
            cells[i] = c;
        }
    }
    rec.insert(QStringLiteral("cells"), cells);
    Check manual;
    manual.id = QStringLiteral("essay");
    manual.type = Check::Type::Manual;
    manual.anchor = QStringLiteral("q9");
    manual.points = 4;
    GradeInput in;
    in.checks = {testCheck(QStringLiteral("t-final"), 3), manual};
    in.referencePayload = runPayload(QStringLiteral("anchor-ref"));
    in.studentPayload = runPayload(QStringLiteral("anchor-student"));
    in.record = test::executionRecord(rec);
    const GradeResult r = grade(in);
    QCOMPARE(r.checks.at(0).points, 1.5);
    QCOMPARE(r.checks.at(0).feedback, QStringLiteral("partial credit: 1.5 of 3 points"));
    { // a check worth 1 point: "of 1 point" (issue 19)
        GradeInput one = in;
        one.checks = {testCheck(QStringLiteral("t-final"), 1), manual};
        const GradeResult ro = grade(one);
        QCOMPARE(ro.checks.at(0).points, 1.0); // 1.5 is not less than 1: a pass with the full point, not partial credit
        for (qsizetype i = 0; i < cells.size(); ++i)
            if (QJsonObject c = cells[i].toObject(); c.value(QLatin1String("check")).toString() == QLatin1String("t-final")) {
                c.insert(QStringLiteral("result_text"), QStringLiteral("0.5"));
                cells[i] = c;
            }
        test::insertInto(one.record, QStringLiteral("cells"), cells);
        QCOMPARE(grade(one).checks.at(0).feedback, QStringLiteral("partial credit: 0.5 of 1 point"));
    }
    QCOMPARE(r.checks.at(1).outcome, Outcome::NotGraded);
    QVERIFY(r.checks.at(1).feedback.contains(QStringLiteral("graded by hand")));
    QCOMPARE(r.score, 1.5);
    QCOMPARE(r.maxScore, 7.0);
    // A manual check awaiting a person is not a problem of the run, but the submission is not graded yet either.
    QCOMPARE(r.status, GradeStatus::NeedsManual);
    QCOMPARE(r.gradedScore(), std::optional<double>(1.5));

    // An answer left as released is scored 0 by nbgrader's rule: nothing waits, the result is graded.
    in.manualAnswers.insert(QStringLiteral("essay"), ManualAnswer{true, false, true, QStringLiteral("YOUR ANSWER HERE")});
    const GradeResult untouched = grade(in);
    QCOMPARE(untouched.checks.at(1).outcome, Outcome::Fail);
    QCOMPARE(untouched.status, GradeStatus::Graded);
    // A task cell is never "untouched": it waits for a person.
    in.manualAnswers.insert(QStringLiteral("essay"), ManualAnswer{true, true, false, QStringLiteral("Plot it.")});
    const GradeResult task = grade(in);
    QCOMPARE(task.checks.at(1).outcome, Outcome::NotGraded);
    QCOMPARE(task.checks.at(1).feedback, QStringLiteral("graded by hand: task cell 'q9'"));
    QCOMPARE(task.status, GradeStatus::NeedsManual);
}

void TestGrading::needsManualRule()
{
    QCOMPARE(withManualChecks(GradeStatus::Graded, 0), GradeStatus::Graded);
    QCOMPARE(withManualChecks(GradeStatus::Graded, 2), GradeStatus::NeedsManual);
    QCOMPARE(withManualChecks(GradeStatus::NeedsManual, 0), GradeStatus::Graded);
    QCOMPARE(withManualChecks(GradeStatus::NeedsManual, 1), GradeStatus::NeedsManual);
    QCOMPARE(withManualChecks(GradeStatus::NeedsReview, 1), GradeStatus::NeedsReview);
    QCOMPARE(withManualChecks(GradeStatus::NeedsReview, 0), GradeStatus::NeedsReview);
    QCOMPARE(withManualChecks(GradeStatus::GraderError, 3), GradeStatus::GraderError);
    QCOMPARE(gradeStatusName(GradeStatus::NeedsManual), QStringLiteral("needs-manual"));
    QCOMPARE(parseGradeStatus(QStringLiteral("needs-manual")), std::optional<GradeStatus>(GradeStatus::NeedsManual));
    CheckResult manual{QStringLiteral("m"), Check::Type::Manual, Outcome::NotGraded, 0, 2, {}, {}, {}};
    QVERIFY(awaitsPerson(manual));
    manual.outcome = Outcome::Fail; // left as released: 0 by nbgrader's rule
    QVERIFY(!awaitsPerson(manual));
    CheckResult value{QStringLiteral("v"), Check::Type::Value, Outcome::NotGraded, 0, 2, {}, {}, {}};
    QVERIFY(!awaitsPerson(value));
}

void TestGrading::gradeUnverifiedTestIsNeverPassed()
{
    // A test cell that ran "ok" (or failed) without a verdict from the test process (the notebook kept its values
    // from arriving, or killed the process). The check is not graded (needs review), never passed; the cell's
    // status does not count.
    const QList<Check> checks = {testCheck(QStringLiteral("t-final"), 2), testCheck(QStringLiteral("t-ans"), 3)};
    QJsonObject rec = record(QStringLiteral("anchor-student")).value(QLatin1String("record")).toObject();
    QJsonArray cells = rec.value(QLatin1String("cells")).toArray();
    for (qsizetype i = 0; i < cells.size(); ++i) {
        QJsonObject c = cells[i].toObject();
        if (c.value(QLatin1String("injected")).toString() == QLatin1String("test")) {
            QCOMPARE(c.value(QLatin1String("test_result")).toString(),
                     c.value(QLatin1String("check")).toString() == QLatin1String("t-final") ? QStringLiteral("pass")
                                                                                          : QStringLiteral("fail"));
            c.insert(QStringLiteral("status"), QStringLiteral("ok"));
            c.insert(QStringLiteral("error"), QJsonValue::Null);
            c.insert(QStringLiteral("test_result"), QStringLiteral("unverified"));
            c.insert(QStringLiteral("result_text"), QStringLiteral("2"));
            c.remove(QStringLiteral("test_error"));
            cells[i] = c;
        }
    }
    rec.insert(QStringLiteral("cells"), cells);
    GradeInput in;
    in.checks = checks;
    in.referencePayload = runPayload(QStringLiteral("anchor-ref"));
    in.studentPayload = runPayload(QStringLiteral("anchor-student"));
    in.record = test::executionRecord(rec);
    GradeResult r = grade(in);
    for (const CheckResult &c : r.checks) {
        QCOMPARE(c.outcome, Outcome::NotGraded);
        QCOMPARE(c.points, 0.0);
        QVERIFY2(c.feedback.contains(QStringLiteral("the test produced no verdict")), qPrintable(c.feedback));
    }
    QCOMPARE(r.score, 0.0);
    QCOMPARE(r.status, GradeStatus::NeedsReview);
    QVERIFY(r.reasons.contains(QStringLiteral("check 't-final' not graded")));

    // A record without test_result at all fails closed too.
    for (qsizetype i = 0; i < cells.size(); ++i) {
        QJsonObject c = cells[i].toObject();
        c.remove(QStringLiteral("test_result"));
        cells[i] = c;
    }
    rec.insert(QStringLiteral("cells"), cells);
    in.record = test::executionRecord(rec);
    r = grade(in);
    QCOMPARE(r.checks.at(0).outcome, Outcome::NotGraded);

    // Transformer lists changed: the run needs review even when every signed test passed.
    in.record = test::executionRecord(record(QStringLiteral("anchor-student")).value(QLatin1String("record")).toObject());
    in.checks = {testCheck(QStringLiteral("t-final"), 2)};
    r = grade(in);
    QCOMPARE(r.status, GradeStatus::Graded);
    test::insertInto(in.record, QStringLiteral("transformers_changed"),
                     QJsonObject{{QStringLiteral("cell"), 0}, {QStringLiteral("where"), QStringLiteral("cells[0]")}});
    r = grade(in);
    QCOMPARE(r.checks.at(0).outcome, Outcome::Pass);
    QCOMPARE(r.status, GradeStatus::NeedsReview);
    QVERIFY2(r.reasons.value(0).startsWith(QStringLiteral("cells[0] changed IPython's input/AST transformers")),
             qPrintable(r.reasons.join(u'\n')));
    // The lists that changed are named.
    test::insertInto(in.record, QStringLiteral("transformers_changed"),
                     QJsonObject{{QStringLiteral("cell"), 0}, {QStringLiteral("where"), QStringLiteral("cells[0]")},
                                 {QStringLiteral("lists"), QJsonObject{{QStringLiteral("ast_transformers"),
                                                                        QJsonObject{{QStringLiteral("added"), QJsonArray{QStringLiteral("__main__._NoAsserts")}},
                                                                                    {QStringLiteral("removed"), QJsonArray{}}}}}}});
    QCOMPARE(grade(in).reasons.value(0), QStringLiteral("cells[0] changed IPython's input/AST transformers (ast_transformers: "
                                                        "+__main__._NoAsserts), which can rewrite the cells that follow "
                                                        "(Sandmark's test and probe cells included)"));
    // Lists that could no longer be read (patched or shadowed built-ins): said as such, not as changed transformers.
    test::insertInto(in.record, QStringLiteral("transformers_changed"),
                     QJsonObject{{QStringLiteral("cell"), 1}, {QStringLiteral("where"), QStringLiteral("cells[1]")},
                                 {QStringLiteral("lists"), QJsonObject{{QStringLiteral("unreadable"),
                                                                        QStringLiteral("TypeError: 'int' object is not callable")}}}});
    r = grade(in);
    QCOMPARE(r.status, GradeStatus::NeedsReview);
    QCOMPARE(r.reasons.value(0), QStringLiteral("after cells[1], Sandmark could no longer read IPython's input/AST transformer "
                                                "lists (TypeError: 'int' object is not callable): the notebook changed "
                                                "built-ins or IPython objects that reading them uses, so a change to the "
                                                "transformers, which can rewrite the cells that follow (Sandmark's test and "
                                                "probe cells included), cannot be ruled out"));
    QVERIFY(!r.reasons.value(0).contains(QLatin1String("changed IPython's")));
}

void TestGrading::interferenceIsTheSubmissionsOutcome()
{
    // What the notebook did to the grading itself (record.interference, written by the runner): needs review with
    // the reason, never grader-error (which is never charged) and never a silent pass.
    GradeInput in;
    in.checks = {testCheck(QStringLiteral("t-final"), 2)};
    in.referencePayload = runPayload(QStringLiteral("anchor-ref"));
    in.studentPayload = runPayload(QStringLiteral("anchor-student"));
    in.record = test::executionRecord(record(QStringLiteral("anchor-student")).value(QLatin1String("record")).toObject());
    QCOMPARE(grade(in).status, GradeStatus::Graded);
    test::insertInto(in.record, QStringLiteral("interference"),
                     QJsonArray{QStringLiteral("cells[2] replied with execution_count an integer of 1329 bits")});
    const GradeResult r = grade(in);
    QCOMPARE(r.status, GradeStatus::NeedsReview);
    QCOMPARE(r.reasons, QStringList{QStringLiteral("the notebook interfered with grading: cells[2] replied with "
                                                   "execution_count an integer of 1329 bits")});
    QCOMPARE(r.checks.at(0).outcome, Outcome::Pass); // the checks' own results stay as they were
}

void TestGrading::layOutValuesMarksDifferingCells()
{
    // df_ab_val differs from df_ab in one cell: b at r2 (1.75 against 1.5).
    const ValuesComparison v = layOutValues(u"df"_s, value(u"df_ab"_s), value(u"df_ab_val"_s), CompareOptions{});
    QCOMPARE(v.comparison.outcome, Outcome::Fail);
    QVERIFY(v.expected.tabular && v.actual.tabular);
    QCOMPARE(v.actual.columns, (QStringList{u"'a'"_s, u"'b'"_s}));
    QCOMPARE(v.actual.rows, (QStringList{u"'r1'"_s, u"'r2'"_s, u"'r3'"_s}));
    QCOMPARE(v.actual.cells.at(1), (QStringList{u"2"_s, u"1.75"_s}));
    QCOMPARE(v.expected.cells.at(1), (QStringList{u"2"_s, u"1.5"_s}));
    QCOMPARE(v.actual.differing, 1);
    QVERIFY(v.actual.differs.at(1).at(1));
    QCOMPARE(v.expected.differing, 1);
    QVERIFY(v.expected.differs.at(1).at(1));
    // The check's tolerance decides, as in grading: 1.75 is within rtol 0.2 of 1.5.
    CompareOptions loose;
    loose.rtol = 0.2;
    const ValuesComparison within = layOutValues(u"df"_s, value(u"df_ab"_s), value(u"df_ab_val"_s), loose);
    QCOMPARE(within.comparison.outcome, Outcome::Pass);
    QCOMPARE(within.actual.differing, 0);
    // A 2-d array: rows and columns by position.
    const ValuesComparison arr = layOutValues(u"m"_s, value(u"arr_2x3"_s), value(u"arr_2x3_b"_s), CompareOptions{});
    QCOMPARE(arr.actual.rows.size(), 2);
    QCOMPARE(arr.actual.columns.size(), 3);
    QCOMPARE(arr.actual.cells.at(1).at(1), u"4.5"_s);
    QCOMPARE(arr.actual.differing, 1);
    QVERIFY(arr.actual.differs.at(1).at(1));
    // A scalar or a string is text, whole.
    ProbeValue longText;
    longText.kind = ProbeValue::Kind::Str;
    longText.text = QString(5000, u'x');
    const ValuesComparison text = layOutValues(u"s"_s, longText, longText, CompareOptions{});
    QVERIFY(!text.actual.tabular);
    QCOMPARE(text.actual.text.size(), 5000);
}

void TestGrading::layOutValuesAlignsAsTheComparator()
{
    // check_row_order false aligns rows by index label: the same rows in another order differ nowhere.
    CompareOptions unordered;
    unordered.checkRowOrder = false;
    const ValuesComparison v = layOutValues(u"df"_s, value(u"df_ab"_s), value(u"df_ab_rows"_s), unordered);
    QCOMPARE(v.comparison.outcome, Outcome::Pass);
    QCOMPARE(v.actual.differing, 0);
    // In order, every row but the middle one differs.
    const ValuesComparison ordered = layOutValues(u"df"_s, value(u"df_ab"_s), value(u"df_ab_rows"_s), CompareOptions{});
    QCOMPARE(ordered.comparison.outcome, Outcome::Fail);
    QCOMPARE(ordered.actual.differing, 4);
    // Columns by label: the same frame with its columns swapped differs nowhere; a missing column marks its cells.
    QCOMPARE(layOutValues(u"df"_s, value(u"df_ab"_s), value(u"df_ba"_s), CompareOptions{}).actual.differing, 0);
    const ValuesComparison other = layOutValues(u"df"_s, value(u"df_ab"_s), value(u"df_ac"_s), CompareOptions{});
    QCOMPARE(other.expected.differing, 3); // b has no counterpart
    QCOMPARE(other.actual.differing, 3);   // nor has c
}

void TestGrading::checkValuesFromPayloads()
{
    Check c;
    c.id = u"check-df"_s;
    c.variable = u"df"_s;
    c.type = Check::Type::Value;
    auto payload = [](const QString &name) {
        QJsonObject encoded = values().value(name).toObject().value(QLatin1String("encoded")).toObject();
        const QJsonObject end{{u"values"_s, QJsonObject{{u"df"_s, encoded}}}};
        return QJsonDocument(QJsonObject{{u"format"_s, u"sandmark-payload/1"_s}, {u"probes"_s, QJsonObject{{u"end"_s, end}}}}).toJson();
    };
    const auto v = checkValues(c, payload(u"df_ab"_s), payload(u"df_ab_val"_s));
    QVERIFY2(v, v ? "" : qPrintable(v.error().toString()));
    QCOMPARE(v->checkId, u"check-df"_s);
    QCOMPARE(v->probe, u"end"_s);
    QCOMPARE(v->actual.differing, 1);
    // A name the student never defined: the expected side only.
    const auto missing = checkValues(c, payload(u"df_ab"_s), "null");
    QVERIFY(missing);
    QVERIFY(!missing->actualDefined);
    QCOMPARE(missing->comparison.outcome, Outcome::Fail);
    // Only a value check compares values.
    c.type = Check::Type::Test;
    QVERIFY(!checkValues(c, payload(u"df_ab"_s), payload(u"df_ab"_s)));
}

// A recorded run of tests/data/review: its payload.json in the run's artifacts folder, the reference payload under its
// key in the reference cache; what the app's values view and `sandmark-cli values` read.
void TestGrading::runCheckValuesReadsTheRecordedRun()
{
    auto assignment = Assignment::load(QStringLiteral(SANDMARK_TEST_DATA_DIR "/review"));
    QVERIFY(assignment);
    QTemporaryDir dir;
    const QString cache = dir.filePath(u"reference"_s), artifacts = dir.filePath(u"run/artifacts"_s);
    QVERIFY(QDir().mkpath(cache) && QDir().mkpath(artifacts));
    auto write = [](const QString &path, const QString &value) {
        const QJsonObject encoded = values().value(value).toObject().value(QLatin1String("encoded")).toObject();
        const QJsonObject q1{{u"values"_s, QJsonObject{{u"summary"_s, encoded}}}};
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(QJsonObject{{u"format"_s, u"sandmark-payload/1"_s}, {u"probes"_s, QJsonObject{{u"q1"_s, q1}}}}).toJson());
    };
    write(cache + u"/KEY.json"_s, u"df_ab"_s);
    write(artifacts + u"/payload.json"_s, u"df_ab_val"_s);
    QCOMPARE(referencePayloadPath(u"KEY"_s, cache), cache + u"/KEY.json"_s);
    const auto v = runCheckValues(*assignment, u"summary"_s, artifacts, u"KEY"_s, cache);
    QVERIFY2(v, v ? "" : qPrintable(v.error().toString()));
    QCOMPARE(v->probe, u"q1"_s);
    QCOMPARE(v->actual.differing, 1);
    QVERIFY(v->actual.differs.at(1).at(1));
    // The reference cache cleaned up since: the error names the file and what to do.
    const auto gone = runCheckValues(*assignment, u"summary"_s, artifacts, u"OTHER"_s, cache);
    QVERIFY(!gone);
    QCOMPARE(gone.error().file, cache + u"/OTHER.json"_s);
    QVERIFY2(gone.error().message.contains(u"run the reference again"_s), qPrintable(gone.error().message));
    QVERIFY(!runCheckValues(*assignment, u"no-such-check"_s, artifacts, u"KEY"_s, cache));
    QVERIFY(!runCheckValues(*assignment, u"summary"_s, QString(), u"KEY"_s, cache)); // no artifacts recorded
}

QTEST_GUILESS_MAIN(TestGrading)
#include "tst_grading.moc"
