#include "grading/compare.h"
#include "util/coretext.h"
#include "util/jsonvalue.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QSet>

#include <cmath>
#include <complex>
#include <functional>
#include <optional>

namespace sandmark {

QString outcomeName(Outcome outcome)
{
    switch (outcome) {
    case Outcome::Pass: return QStringLiteral("pass");
    case Outcome::Fail: return QStringLiteral("fail");
    case Outcome::NotGraded: return QStringLiteral("not-graded");
    }
    return {};
}

std::optional<Outcome> parseOutcome(const QString &name)
{
    for (Outcome o : {Outcome::Pass, Outcome::Fail, Outcome::NotGraded})
        if (outcomeName(o) == name)
            return o;
    return std::nullopt;
}

namespace {

/// One comparator option: its key, its label and help for the editors, and where it lives in CompareOptions
/// (a tolerance or a flag). The one list fromJson() and fields() read.
struct OptionSpec
{
    const char *key;
    const char *label;
    const char *help;
    double CompareOptions::*number = nullptr;
    bool CompareOptions::*flag = nullptr;
};

const OptionSpec kOptions[] = {
    {"rtol", QT_TRANSLATE_NOOP("sandmark::CheckField", "Relative tolerance (rtol)"),
     QT_TRANSLATE_NOOP("sandmark::CheckField", "Numbers pass when |actual - expected| <= atol + rtol * |expected|."),
     &CompareOptions::rtol},
    {"atol", QT_TRANSLATE_NOOP("sandmark::CheckField", "Absolute tolerance (atol)"),
     QT_TRANSLATE_NOOP("sandmark::CheckField", "A reference of 0.0 accepts values within ±atol."), &CompareOptions::atol},
    {"exact_type", QT_TRANSLATE_NOOP("sandmark::CheckField", "Exact type"),
     QT_TRANSLATE_NOOP("sandmark::CheckField", "int, float, numpy scalars and list/ndarray of equal value differ."), nullptr,
     &CompareOptions::exactType},
    {"check_dtype", QT_TRANSLATE_NOOP("sandmark::CheckField", "Check dtype"),
     QT_TRANSLATE_NOOP("sandmark::CheckField", "Arrays, Series and DataFrame columns need the reference's dtype."), nullptr,
     &CompareOptions::checkDtype},
    {"check_column_order", QT_TRANSLATE_NOOP("sandmark::CheckField", "Check column order"),
     QT_TRANSLATE_NOOP("sandmark::CheckField", "DataFrame columns in the reference's order (names always must match)."),
     nullptr, &CompareOptions::checkColumnOrder},
    {"check_index", QT_TRANSLATE_NOOP("sandmark::CheckField", "Check index"),
     QT_TRANSLATE_NOOP("sandmark::CheckField", "Series/DataFrame index labels must match."), nullptr, &CompareOptions::checkIndex},
    {"check_row_order", QT_TRANSLATE_NOOP("sandmark::CheckField", "Check row order"),
     QT_TRANSLATE_NOOP("sandmark::CheckField", "Off: rows are aligned by index label, or compared as a multiset when the "
                                               "index is not checked either."),
     nullptr, &CompareOptions::checkRowOrder},
    {"check_names", QT_TRANSLATE_NOOP("sandmark::CheckField", "Check names"),
     QT_TRANSLATE_NOOP("sandmark::CheckField", "Series / Index name must match."), nullptr, &CompareOptions::checkNames},
    {"ignore_whitespace", QT_TRANSLATE_NOOP("sandmark::CheckField", "Ignore whitespace"),
     QT_TRANSLATE_NOOP("sandmark::CheckField", "Strings compared trimmed, with whitespace runs collapsed to one space."),
     nullptr, &CompareOptions::ignoreWhitespace},
    {"ignore_case", QT_TRANSLATE_NOOP("sandmark::CheckField", "Ignore case"),
     QT_TRANSLATE_NOOP("sandmark::CheckField", "Strings compared case-folded."), nullptr, &CompareOptions::ignoreCase},
    {"allow_subclass", QT_TRANSLATE_NOOP("sandmark::CheckField", "Allow subclass"),
     QT_TRANSLATE_NOOP("sandmark::CheckField", "Accept a subclass of the expected type (OrderedDict, namedtuple, numpy.matrix)."),
     nullptr, &CompareOptions::allowSubclass},
};

} // namespace

QList<CheckField> CompareOptions::fields()
{
    const CompareOptions defaults;
    QList<CheckField> out;
    for (const OptionSpec &o : kOptions) {
        CheckField f;
        f.key = QLatin1String(o.key);
        f.label = o.label;
        f.help = o.help;
        if (o.number) {
            f.type = CheckField::Type::Number;
            f.defaultValue = defaults.*o.number;
        } else {
            f.type = CheckField::Type::Flag;
            f.defaultValue = defaults.*o.flag;
        }
        out << f;
    }
    return out;
}

Expected<CompareOptions> CompareOptions::fromJson(const QVariantMap &options)
{
    CompareOptions o;
    for (const OptionSpec &spec : kOptions) {
        const QVariant v = options.value(QLatin1String(spec.key));
        if (jsonvalue::isNull(v))
            continue;
        if (spec.number) {
            if (!jsonvalue::isNumber(v) || v.toDouble() < 0 || !std::isfinite(v.toDouble()))
                return Error{{}, QStringLiteral("checks option '%1'").arg(QLatin1String(spec.key)), QStringLiteral("must be a number >= 0")};
            o.*spec.number = v.toDouble();
        } else {
            if (!jsonvalue::isBool(v))
                return Error{{}, QStringLiteral("checks option '%1'").arg(QLatin1String(spec.key)), QStringLiteral("must be true or false")};
            o.*spec.flag = v.toBool();
        }
    }
    return o;
}

namespace {

using K = ProbeValue::Kind;

struct Diff
{
    Outcome outcome = Outcome::Fail;
    QString path;    ///< e.g. "vec[2]", "d['a']"
    QString message; ///< what differed
    /// What differs, in words that name nothing of the expected value: "value", "type", "length", "shape",
    /// "dtype", "columns", "index", "keys", "name" (the feedback of a check that hides expected values).
    QString aspect = QStringLiteral("value");
};

bool takesAn(const QString &type)
{
    static const QString vowels = QStringLiteral("aeiouAEIOU");
    return !type.isEmpty() && vowels.contains(type.at(0));
}

/// The English text of a coretext template (util/coretext.h), for arg(); the app translates it when it shows it.
QString T(const char *tmpl)
{
    return coretext::text(tmpl);
}

QString num(double d)
{
    return QString::number(d, 'g', 3);
}

bool isFloat32Like(const QString &dtype)
{
    return dtype == QLatin1String("float32") || dtype == QLatin1String("float16") || dtype == QLatin1String("complex64");
}

QString float32Hint(const QString &dtype)
{
    return QLatin1String("; ") + T(coretext::float32Hint).arg(dtype, dtype == QLatin1String("float16") ? QStringLiteral("3") : QStringLiteral("7"));
}

/// numpy.isclose on doubles with the NaN/inf rules of docs/grading.md.
bool closeDouble(double a, double e, const CompareOptions &o)
{
    if (std::isnan(e))
        return std::isnan(a);
    if (std::isnan(a))
        return false;
    if (std::isinf(e) || std::isinf(a))
        return a == e;
    return std::fabs(a - e) <= o.atol + o.rtol * std::fabs(e);
}

bool closeComplex(double ar, double ai, double er, double ei, const CompareOptions &o)
{
    if (std::isnan(er) || std::isnan(ei) || std::isnan(ar) || std::isnan(ai) || std::isinf(er) || std::isinf(ei)
        || std::isinf(ar) || std::isinf(ai))
        return closeDouble(ar, er, o) && closeDouble(ai, ei, o);
    return std::abs(std::complex<double>(ar - er, ai - ei)) <= o.atol + o.rtol * std::abs(std::complex<double>(er, ei));
}

/// The templates of one kind of "a ≠ b" text: plain, with the difference and its relative size, with the
/// difference only (a reference of 0).
struct DiffTexts
{
    const char *plain;
    const char *by;
    const char *byAbsolute;
};

/// `texts`'s text of "a ≠ b" after `head` (arguments before a and b), with the difference and what the
/// tolerance allowed when both are finite; `tail` the arguments after it.
QString differsText(const DiffTexts &texts, const QStringList &head, const QString &a, const QString &e, double ad,
                    double ed, bool numbers, const CompareOptions &o, const QStringList &tail = {})
{
    QStringList args = head;
    args << a << e;
    const char *tmpl = texts.plain;
    if (numbers && std::isfinite(ad) && std::isfinite(ed)) {
        const double diff = std::fabs(ad - ed);
        args << num(diff);
        if (ed != 0)
            args << num(diff / std::fabs(ed));
        args << num(o.atol) << num(o.rtol);
        tmpl = ed != 0 ? texts.by : texts.byAbsolute;
    }
    args += tail;
    // %N replaced in one pass: an argument holding "%1" stays as it is.
    const QString t = T(tmpl);
    QString out;
    for (qsizetype i = 0; i < t.size(); ++i) {
        if (t.at(i) == QLatin1Char('%') && i + 1 < t.size() && t.at(i + 1).isDigit() && t.at(i + 1).digitValue() >= 1
            && t.at(i + 1).digitValue() <= args.size()) {
            out += args.at(t.at(i + 1).digitValue() - 1);
            ++i;
        } else {
            out += t.at(i);
        }
    }
    return out;
}

QString normalizeString(QString s, const CompareOptions &o)
{
    if (o.ignoreWhitespace) {
        static const QRegularExpression ws(QStringLiteral("\\s+"));
        s = s.trimmed().replace(ws, QStringLiteral(" "));
    }
    if (o.ignoreCase)
        s = s.toCaseFolded();
    return s;
}

/// Nested Python lists of an array's elements (for list-vs-array comparisons).
ProbeValue arrayAsList(const NdArray &a, size_t dim = 0, qsizetype offset = 0)
{
    ProbeValue v;
    v.kind = K::List;
    if (a.shape.empty())
        return a.size() ? a.element(0) : v;
    qsizetype stride = 1;
    for (size_t d = dim + 1; d < a.shape.size(); ++d)
        stride *= qsizetype(a.shape[d]);
    for (qint64 i = 0; i < a.shape[dim]; ++i) {
        if (dim + 1 == a.shape.size())
            v.items.push_back(a.element(offset + qsizetype(i)));
        else
            v.items.push_back(arrayAsList(a, dim + 1, offset + qsizetype(i) * stride));
    }
    return v;
}

QString shapeText(const std::vector<qint64> &shape)
{
    QStringList dims;
    for (qint64 d : shape)
        dims << QString::number(d);
    return QLatin1Char('(') + dims.join(QLatin1String(", ")) + (shape.size() == 1 ? QStringLiteral(",)") : QStringLiteral(")"));
}

bool isNumericEncoding(const NdArray &a)
{
    return a.encoding != NdArray::Encoding::Tagged;
}

/// The templates of one kind of element's texts: an array's ("element [2]"), a Series' ("value at index 'b'"),
/// a DataFrame column's ("value at row 3").
struct ElementTexts
{
    const char *notGraded;
    DiffTexts differs; ///< "… ≠ … — n of m differ"
    const char *differsSo; ///< "…: what differed — n of m differ"
};

const ElementTexts kArrayElements{coretext::elementNotGraded,
                                  {coretext::elementDiffers, coretext::elementDiffersBy, coretext::elementDiffersByAbsolute},
                                  coretext::elementDiffersSo};
const ElementTexts kIndexValues{coretext::indexValueNotGraded,
                                {coretext::indexValueDiffers, coretext::indexValueDiffersBy, coretext::indexValueDiffersByAbsolute},
                                coretext::indexValueDiffersSo};
const ElementTexts kRowValues{coretext::rowValueNotGraded,
                              {coretext::rowValueDiffers, coretext::rowValueDiffersBy, coretext::rowValueDiffersByAbsolute},
                              coretext::rowValueDiffersSo};

class Comparer
{
public:
    explicit Comparer(const CompareOptions &o) : m_o(o) {}

    std::optional<Diff> compare(const ProbeValue &e, const ProbeValue &a, const QString &path);
    /// Whether expected element `i` of `e` equals actual element `j` of `a` under the options; a NotGraded diff
    /// when they cannot be compared.
    std::optional<Diff> elementDiff(const NdArray &e, qsizetype i, const NdArray &a, qsizetype j);

private:
    // The steps of compare(), in order: a value that was not captured, the class (a subclass, the exact type), then
    // by the expected value's kind.
    std::optional<Diff> uncapturable(const ProbeValue &v, bool reference, const QString &path);
    std::optional<Diff> classDiffers(const ProbeValue &e, const ProbeValue &a, const QString &path);
    /// Expected a number or a bool (Python's or numpy's).
    std::optional<Diff> numbersOrBools(const ProbeValue &e, const ProbeValue &a, const QString &path);
    /// Expected None, a str, bytes, a list, tuple, set, dict, or a value of another type (others()).
    std::optional<Diff> builtins(const ProbeValue &e, const ProbeValue &a, const QString &path);
    /// Expected a numpy array or a pandas Series, DataFrame or Index.
    std::optional<Diff> numpyOrPandas(const ProbeValue &e, const ProbeValue &a, const QString &path);
    /// A type the probe does not know: compared by its repr().
    std::optional<Diff> others(const ProbeValue &e, const ProbeValue &a, const QString &path);
    std::optional<Diff> numbers(const ProbeValue &e, const ProbeValue &a, const QString &path);
    std::optional<Diff> strings(const ProbeValue &e, const ProbeValue &a, const QString &path);
    std::optional<Diff> sequences(const ProbeValue &e, const ProbeValue &a, const QString &path);
    std::optional<Diff> sets(const ProbeValue &e, const ProbeValue &a, const QString &path);
    std::optional<Diff> dicts(const ProbeValue &e, const ProbeValue &a, const QString &path);
    std::optional<Diff> arrays(const NdArray &e, const NdArray &a, const QString &path);
    /// Compares values elementwise; `perm[i]` is the actual position of expected element i (empty: same).
    /// `label(i)` names expected element i in feedback, in the words of `texts` ("element [2]", "value at row 3").
    std::optional<Diff> elements(const NdArray &e, const NdArray &a, const std::vector<qsizetype> &perm,
                                 const QString &path, const std::function<QString(qsizetype)> &label,
                                 const ElementTexts &texts);
    /// `labels`: a pandas Index compared as a value ("labels …"); else a Series' or DataFrame's index ("index …").
    std::optional<Diff> indexes(const PandasIndex &e, const PandasIndex &a, const QString &path, bool labels,
                                std::vector<qsizetype> *perm);
    std::optional<Diff> series(const ProbeValue &e, const ProbeValue &a, const QString &path);
    std::optional<Diff> frames(const ProbeValue &e, const ProbeValue &a, const QString &path);
    /// Rows as a multiset (`check_row_order` and `check_index` both false): both sides' rows sorted by every
    /// column (the reference's column order; NaN last), matched in that order within the tolerance, leftovers
    /// matched with any free row; the rows left without a partner are named. `ecols[c]` / `acols[c]` are the
    /// same column of each side; `columnNames` empty for a Series.
    std::optional<Diff> rowMultiset(const std::vector<const NdArray *> &ecols, const std::vector<const NdArray *> &acols,
                                    const QStringList &columnNames, const PandasIndex &eIndex, const PandasIndex &aIndex,
                                    const QString &path);
    Diff typeMismatch(const ProbeValue &e, const ProbeValue &a, const QString &path)
    {
        const bool eAn = takesAn(e.pythonType()), aAn = takesAn(a.pythonType());
        const char *tmpl = eAn ? (aAn ? coretext::expectedAnGotAn : coretext::expectedAnGotA)
                               : (aAn ? coretext::expectedAGotAn : coretext::expectedAGotA);
        return {Outcome::Fail, path, T(tmpl).arg(e.pythonType(), a.pythonType(), a.summary(80)), QStringLiteral("type")};
    }

    const CompareOptions &m_o;
};

std::optional<Diff> Comparer::uncapturable(const ProbeValue &v, bool reference, const QString &path)
{
    switch (v.kind) {
    case K::Missing:
        if (reference)
            return Diff{Outcome::NotGraded, path, T(coretext::referenceUndefined)};
        return Diff{Outcome::Fail, path, T(coretext::undefinedHere), QString()};
    case K::Error:
        return Diff{Outcome::NotGraded, path, T(reference ? coretext::referenceNotCaptured : coretext::valueNotCaptured).arg(v.text)};
    case K::TooLarge:
        return Diff{Outcome::NotGraded, path,
                    m_o.probeBytes > 0
                        ? T(reference ? coretext::referenceTooLargeLimit : coretext::valueTooLargeLimit).arg(v.byteCount).arg(m_o.probeBytes)
                        : T(reference ? coretext::referenceTooLarge : coretext::valueTooLarge).arg(v.byteCount)};
    case K::DepthLimit:
        return Diff{Outcome::NotGraded, path, T(reference ? coretext::referenceTooDeep : coretext::valueTooDeep)};
    default:
        break;
    }
    if (v.truncated)
        return Diff{Outcome::NotGraded, path,
                    v.fullLength >= 0 ? T(reference ? coretext::referenceTruncatedAt : coretext::valueTruncatedAt).arg(v.fullLength)
                                      : T(reference ? coretext::referenceTruncated : coretext::valueTruncated)};
    return std::nullopt;
}

std::optional<Diff> Comparer::compare(const ProbeValue &e, const ProbeValue &a, const QString &path)
{
    if (auto d = uncapturable(e, true, path))
        return d;
    if (auto d = uncapturable(a, false, path))
        return d;
    if (auto d = classDiffers(e, a, path))
        return d;
    if (e.isNumber() || e.kind == K::Bool || e.isNpBool())
        return numbersOrBools(e, a, path);
    if (e.kind == K::NdArray || e.kind == K::Series || e.kind == K::DataFrame || e.kind == K::PdIndex)
        return numpyOrPandas(e, a, path);
    return builtins(e, a, path);
}

std::optional<Diff> Comparer::classDiffers(const ProbeValue &e, const ProbeValue &a, const QString &path)
{
    if (a.className == e.className)
        return std::nullopt;
    if (!a.className.isEmpty() && !m_o.allowSubclass) {
        ProbeValue base = a;
        base.className.clear();
        return Diff{Outcome::Fail, path,
                    T(coretext::subclassRefused).arg(a.className, base.pythonType(), e.pythonType()), QStringLiteral("type")};
    }
    if (m_o.exactType)
        return Diff{Outcome::Fail, path, T(coretext::exactTypeDiffers).arg(a.pythonType(), e.pythonType()), QStringLiteral("type")};
    return std::nullopt;
}

std::optional<Diff> Comparer::numbersOrBools(const ProbeValue &e, const ProbeValue &a, const QString &path)
{
    if (m_o.exactType && e.pythonType() != a.pythonType())
        return Diff{Outcome::Fail, path, T(coretext::exactTypeDiffers).arg(a.pythonType(), e.pythonType()), QStringLiteral("type")};
    const bool eBool = e.kind == K::Bool || e.isNpBool();
    const bool aBool = a.kind == K::Bool || a.isNpBool();
    if (eBool) {
        if (!aBool)
            return typeMismatch(e, a, path);
        if (e.scalar().boolean != a.scalar().boolean)
            return Diff{Outcome::Fail, path, T(coretext::valueDiffers).arg(a.scalar().summary(), e.scalar().summary())};
        return std::nullopt;
    }
    if (!a.isNumber())
        return typeMismatch(e, a, path);
    return numbers(e, a, path);
}

std::optional<Diff> Comparer::builtins(const ProbeValue &e, const ProbeValue &a, const QString &path)
{
    switch (e.kind) {
    case K::None:
        if (a.kind != K::None)
            return typeMismatch(e, a, path);
        return std::nullopt;
    case K::Str:
        if (a.kind != K::Str)
            return typeMismatch(e, a, path);
        return strings(e, a, path);
    case K::Bytes:
    case K::ByteArray:
        if ((a.kind != K::Bytes && a.kind != K::ByteArray) || (m_o.exactType && a.kind != e.kind))
            return typeMismatch(e, a, path);
        if (a.bytes != e.bytes)
            return Diff{Outcome::Fail, path, T(coretext::valueDiffers).arg(a.summary(60), e.summary(60))};
        return std::nullopt;
    case K::List:
    case K::Tuple:
        if (a.kind == e.kind || (a.kind == K::NdArray && !m_o.exactType))
            return sequences(e, a, path);
        return typeMismatch(e, a, path);
    case K::Set:
    case K::FrozenSet:
        if ((a.kind != K::Set && a.kind != K::FrozenSet) || (m_o.exactType && a.kind != e.kind))
            return typeMismatch(e, a, path);
        return sets(e, a, path);
    case K::Dict:
        if (a.kind != K::Dict)
            return typeMismatch(e, a, path);
        return dicts(e, a, path);
    case K::Other:
        return others(e, a, path);
    default:
        return typeMismatch(e, a, path);
    }
}

std::optional<Diff> Comparer::numpyOrPandas(const ProbeValue &e, const ProbeValue &a, const QString &path)
{
    switch (e.kind) {
    case K::NdArray:
        if (a.kind == K::NdArray)
            return arrays(*e.array, *a.array, path);
        if ((a.kind == K::List || a.kind == K::Tuple) && !m_o.exactType)
            return sequences(e, a, path);
        return typeMismatch(e, a, path);
    case K::Series:
        if (a.kind != K::Series)
            return typeMismatch(e, a, path);
        return series(e, a, path);
    case K::DataFrame:
        if (a.kind != K::DataFrame)
            return typeMismatch(e, a, path);
        return frames(e, a, path);
    case K::PdIndex:
        if (a.kind != K::PdIndex)
            return typeMismatch(e, a, path);
        if (m_o.checkNames && e.index->name.canonicalKey() != a.index->name.canonicalKey())
            return Diff{Outcome::Fail, path, T(coretext::indexNameDiffers).arg(a.index->name.summary(), e.index->name.summary()), QStringLiteral("name")};
        return indexes(*e.index, *a.index, path, true, nullptr);
    default:
        return typeMismatch(e, a, path);
    }
}

std::optional<Diff> Comparer::others(const ProbeValue &e, const ProbeValue &a, const QString &path)
{
    if (a.kind != K::Other || a.typeName != e.typeName)
        return typeMismatch(e, a, path);
    if (!e.realText.isEmpty() || !a.realText.isEmpty())
        return Diff{Outcome::NotGraded, path, T(coretext::reprRaised).arg(e.typeName)};
    // Values of types the probe does not know are compared by their repr() text (their exact type
    // already matched, so a student's own class cannot stand in for the expected one).
    if (a.text != e.text)
        return Diff{Outcome::Fail, path, T(coretext::valueDiffers).arg(a.summary(80), e.summary(80))};
    return std::nullopt;
}

std::optional<Diff> Comparer::numbers(const ProbeValue &e, const ProbeValue &a, const QString &path)
{
    const ProbeValue &es = e.scalar();
    const ProbeValue &as = a.scalar();
    const QString aText = a.kind == K::NpScalar ? QStringLiteral("%1 (%2)").arg(as.summary(), a.pythonType()) : as.summary();
    const QString hint = a.kind == K::NpScalar && isFloat32Like(a.dtype) && !isFloat32Like(e.kind == K::NpScalar ? e.dtype : QString())
                             ? float32Hint(a.dtype)
                             : QString();
    if (es.kind == K::Int && as.kind == K::Int) {
        // Integers are exact: counts and indices must match, whatever the tolerance.
        if (es.intHex == as.intHex && es.intText == as.intText)
            return std::nullopt;
        return Diff{Outcome::Fail, path, T(coretext::valueDiffers).arg(aText, es.summary())};
    }
    if (es.kind == K::Complex || as.kind == K::Complex) {
        if (closeComplex(as.real, as.imag, es.real, es.imag, m_o))
            return std::nullopt;
        return Diff{Outcome::Fail, path, T(coretext::valueDiffers).arg(aText, es.summary()) + hint};
    }
    if (closeDouble(as.real, es.real, m_o))
        return std::nullopt;
    const QString msg = std::isnan(as.real) && !std::isnan(es.real)
                            ? T(coretext::valueDiffersNaN).arg(aText, es.summary())
                            : differsText({coretext::valueDiffers, coretext::valueDiffersBy, coretext::valueDiffersByAbsolute}, {},
                                          aText, es.summary(), as.real, es.real, true, m_o);
    return Diff{Outcome::Fail, path, msg + hint};
}

std::optional<Diff> Comparer::strings(const ProbeValue &e, const ProbeValue &a, const QString &path)
{
    const QString es = normalizeString(e.text, m_o), as = normalizeString(a.text, m_o);
    if (es == as)
        return std::nullopt;
    qsizetype i = 0;
    while (i < es.size() && i < as.size() && es.at(i) == as.at(i))
        ++i;
    auto around = [i](const QString &s) {
        const qsizetype from = std::max<qsizetype>(0, i - 10);
        ProbeValue v;
        v.kind = K::Str;
        v.text = s.mid(from, 30);
        return (from > 0 ? QStringLiteral("…") : QString()) + v.summary(40);
    };
    const char *tmpl = m_o.ignoreCase && m_o.ignoreWhitespace ? coretext::stringsDifferFolded
                       : m_o.ignoreCase                     ? coretext::stringsDifferCaseFolded
                       : m_o.ignoreWhitespace               ? coretext::stringsDifferCollapsed
                                                            : coretext::stringsDiffer;
    return Diff{Outcome::Fail, path,
                T(tmpl).arg(QString::number(i), around(as), around(es), QString::number(as.size()), QString::number(es.size()))};
}

std::optional<Diff> Comparer::sequences(const ProbeValue &e, const ProbeValue &a, const QString &path)
{
    const ProbeValue el = e.kind == K::NdArray ? arrayAsList(*e.array) : ProbeValue();
    const ProbeValue al = a.kind == K::NdArray ? arrayAsList(*a.array) : ProbeValue();
    const ProbeValue &ev = e.kind == K::NdArray ? el : e;
    const ProbeValue &av = a.kind == K::NdArray ? al : a;
    if (ev.items.size() != av.items.size())
        return Diff{Outcome::Fail, path, T(coretext::lengthDiffers).arg(av.items.size()).arg(ev.items.size()), QStringLiteral("length")};
    for (size_t i = 0; i < ev.items.size(); ++i)
        if (auto d = compare(ev.items[i], av.items[i], QStringLiteral("%1[%2]").arg(path).arg(i)))
            return d;
    return std::nullopt;
}

std::optional<Diff> Comparer::sets(const ProbeValue &e, const ProbeValue &a, const QString &path)
{
    QHash<QString, int> actualKeys;
    for (size_t i = 0; i < a.items.size(); ++i)
        actualKeys.insert(a.items[i].canonicalKey(), int(i));
    std::vector<bool> used(a.items.size(), false);
    std::vector<size_t> unmatched;
    for (size_t i = 0; i < e.items.size(); ++i) {
        auto it = actualKeys.constFind(e.items[i].canonicalKey());
        if (it != actualKeys.constEnd() && !used[size_t(*it)])
            used[size_t(*it)] = true;
        else
            unmatched.push_back(i);
    }
    // Unmatched elements may still be equal under the tolerance (0.1 + 0.2 against 0.3).
    QStringList missing;
    for (size_t i : unmatched) {
        bool found = false;
        for (size_t j = 0; j < a.items.size() && unmatched.size() <= 1000; ++j) {
            if (!used[j] && !compare(e.items[i], a.items[j], path)) {
                used[j] = found = true;
                break;
            }
        }
        if (!found)
            missing << e.items[i].summary(40);
    }
    QStringList extra;
    for (size_t j = 0; j < a.items.size(); ++j)
        if (!used[j])
            extra << a.items[j].summary(40);
    if (missing.isEmpty() && extra.isEmpty())
        return std::nullopt;
    QStringList parts;
    if (!missing.isEmpty())
        parts << T(coretext::missingItems).arg(missing.mid(0, 5).join(QLatin1String(", ")) + (missing.size() > 5 ? QStringLiteral(", …") : QString()));
    if (!extra.isEmpty())
        parts << T(coretext::unexpectedItems).arg(extra.mid(0, 5).join(QLatin1String(", ")) + (extra.size() > 5 ? QStringLiteral(", …") : QString()));
    return Diff{Outcome::Fail, path, T(coretext::setElementsDiffer).arg(parts.join(QLatin1String("; ")))};
}

std::optional<Diff> Comparer::dicts(const ProbeValue &e, const ProbeValue &a, const QString &path)
{
    QHash<QString, size_t> actualKeys;
    for (size_t i = 0; i < a.entries.size(); ++i)
        actualKeys.insert(a.entries[i].first.canonicalKey(), i);
    QStringList missing;
    QSet<QString> seen;
    for (const auto &[k, v] : e.entries) {
        const QString key = k.canonicalKey();
        seen.insert(key);
        if (!actualKeys.contains(key))
            missing << k.summary(40);
    }
    QStringList extra;
    for (const auto &[k, v] : a.entries)
        if (!seen.contains(k.canonicalKey()))
            extra << k.summary(40);
    if (!missing.isEmpty() || !extra.isEmpty()) {
        QStringList parts;
        if (!missing.isEmpty())
            parts << T(missing.size() > 1 ? coretext::missingKeys : coretext::missingKey).arg(missing.mid(0, 5).join(QLatin1String(", ")));
        if (!extra.isEmpty())
            parts << T(extra.size() > 1 ? coretext::unexpectedKeys : coretext::unexpectedKey).arg(extra.mid(0, 5).join(QLatin1String(", ")));
        return Diff{Outcome::Fail, path, parts.join(QLatin1String("; ")), QStringLiteral("keys")};
    }
    for (const auto &[k, v] : e.entries)
        if (auto d = compare(v, a.entries[actualKeys.value(k.canonicalKey())].second,
                             QStringLiteral("%1[%2]").arg(path, k.summary(40))))
            return d;
    return std::nullopt;
}

std::optional<Diff> Comparer::elementDiff(const NdArray &e, qsizetype i, const NdArray &a, qsizetype j)
{
    if (isNumericEncoding(e) && isNumericEncoding(a)) {
        bool same;
        if (e.encoding == NdArray::Encoding::Int && a.encoding == NdArray::Encoding::Int)
            same = e.text[i] == a.text[j];
        else if (e.encoding == NdArray::Encoding::Complex || a.encoding == NdArray::Encoding::Complex)
            same = closeComplex(a.real[size_t(j)], a.imag.empty() ? 0 : a.imag[size_t(j)], e.real[size_t(i)],
                                e.imag.empty() ? 0 : e.imag[size_t(i)], m_o);
        else
            same = closeDouble(a.real[size_t(j)], e.real[size_t(i)], m_o);
        return same ? std::nullopt : std::optional<Diff>(Diff{});
    }
    return compare(e.element(i), a.element(j), QString());
}

std::optional<Diff> Comparer::elements(const NdArray &e, const NdArray &a, const std::vector<qsizetype> &perm,
                                       const QString &path, const std::function<QString(qsizetype)> &label,
                                       const ElementTexts &texts)
{
    const qsizetype n = e.size();
    const bool numeric = isNumericEncoding(e) && isNumericEncoding(a);
    const bool bothInt = e.encoding == NdArray::Encoding::Int && a.encoding == NdArray::Encoding::Int;
    const bool complex = e.encoding == NdArray::Encoding::Complex || a.encoding == NdArray::Encoding::Complex;
    qsizetype first = -1, count = 0;
    std::optional<Diff> firstDiff;
    for (qsizetype i = 0; i < n; ++i) {
        const qsizetype j = perm.empty() ? i : perm[size_t(i)];
        const std::optional<Diff> d = elementDiff(e, i, a, j);
        if (d && d->outcome == Outcome::NotGraded)
            return Diff{Outcome::NotGraded, path, T(texts.notGraded).arg(label(i), d->message)};
        if (d && !numeric && !firstDiff)
            firstDiff = d;
        if (d) {
            if (first < 0)
                first = i;
            ++count;
        }
    }
    if (first < 0)
        return std::nullopt;
    const qsizetype j = perm.empty() ? first : perm[size_t(first)];
    const ProbeValue ev = e.element(first), av = a.element(j);
    const QStringList counts{QString::number(count), QString::number(n)};
    QString msg;
    if (numeric || !firstDiff)
        msg = differsText(texts.differs, {label(first)}, av.summary(40), ev.summary(40), av.real, ev.real,
                          numeric && !bothInt && !complex, m_o, counts);
    else
        msg = T(texts.differsSo).arg(label(first), firstDiff->message, counts.at(0), counts.at(1));
    if (isFloat32Like(a.dtype) && !isFloat32Like(e.dtype))
        msg += float32Hint(a.dtype);
    return Diff{Outcome::Fail, path, msg};
}

std::optional<Diff> Comparer::arrays(const NdArray &e, const NdArray &a, const QString &path)
{
    if (e.truncated || a.truncated)
        return Diff{Outcome::NotGraded, path, T(e.truncated ? coretext::referenceArrayTruncated : coretext::arrayTruncated)};
    if (m_o.checkDtype && e.dtype != a.dtype)
        return Diff{Outcome::Fail, path, T(coretext::dtypeDiffers).arg(a.dtype, e.dtype), QStringLiteral("dtype")};
    if (e.shape != a.shape)
        return Diff{Outcome::Fail, path, T(coretext::shapeDiffers).arg(shapeText(a.shape), shapeText(e.shape)), QStringLiteral("shape")};
    return elements(e, a, {}, path, [&e](qsizetype i) { return e.indexText(i); }, kArrayElements);
}

std::optional<Diff> Comparer::indexes(const PandasIndex &e, const PandasIndex &a, const QString &path,
                                      bool labels, std::vector<qsizetype> *perm)
{
    const qsizetype n = e.size();
    if (a.size() != n)
        return Diff{Outcome::Fail, path,
                    T(labels ? coretext::labelsLengthDiffer : coretext::indexLengthDiffers)
                        .arg(a.labelsText(), e.labelsText(), QString::number(a.size()), QString::number(n)), QStringLiteral("index")};
    QStringList ek, ak;
    for (qsizetype i = 0; i < n; ++i) {
        ek << e.label(i).canonicalKey();
        ak << a.label(i).canonicalKey();
    }
    if (ek == ak)
        return std::nullopt;
    QStringList es = ek, as = ak;
    es.sort();
    as.sort();
    if (es == as) {
        const bool unique = QSet<QString>(ek.begin(), ek.end()).size() == n;
        if (perm && unique) {
            QHash<QString, qsizetype> pos;
            for (qsizetype i = 0; i < n; ++i)
                pos.insert(ak[i], i);
            perm->clear();
            for (qsizetype i = 0; i < n; ++i)
                perm->push_back(pos.value(ek[i]));
            return std::nullopt;
        }
        const char *tmpl = labels ? coretext::labelsReordered : perm ? coretext::indexReorderedSortable : coretext::indexReordered;
        return Diff{Outcome::Fail, path, T(tmpl).arg(a.labelsText(), e.labelsText()), QStringLiteral("index")};
    }
    qsizetype i = 0;
    while (i < n && ek[i] == ak[i])
        ++i;
    return Diff{Outcome::Fail, path,
                T(labels ? coretext::labelsDiffer : coretext::indexDiffers)
                    .arg(a.labelsText(), e.labelsText(), QString::number(i), a.label(i).summary(40), e.label(i).summary(40)),
                QStringLiteral("index")};
}

std::optional<Diff> Comparer::series(const ProbeValue &e, const ProbeValue &a, const QString &path)
{
    if (m_o.checkDtype && e.dtype != a.dtype)
        return Diff{Outcome::Fail, path, T(coretext::dtypeDiffers).arg(a.dtype, e.dtype), QStringLiteral("dtype")};
    if (m_o.checkNames && e.items.front().canonicalKey() != a.items.front().canonicalKey())
        return Diff{Outcome::Fail, path, T(coretext::seriesNameDiffers).arg(a.items.front().summary(), e.items.front().summary()), QStringLiteral("name")};
    if (e.array->size() != a.array->size())
        return Diff{Outcome::Fail, path, T(coretext::lengthDiffers).arg(a.array->size()).arg(e.array->size()), QStringLiteral("length")};
    if (!m_o.checkIndex && !m_o.checkRowOrder)
        return rowMultiset({e.array.get()}, {a.array.get()}, {}, *e.index, *a.index, path);
    std::vector<qsizetype> perm;
    if (m_o.checkIndex)
        if (auto d = indexes(*e.index, *a.index, path, false, m_o.checkRowOrder ? nullptr : &perm))
            return d;
    const PandasIndex &idx = *e.index;
    return elements(*e.array, *a.array, perm, path,
                    [&idx](qsizetype i) { return idx.label(i).summary(40); }, kIndexValues);
}

std::optional<Diff> Comparer::frames(const ProbeValue &e, const ProbeValue &a, const QString &path)
{
    const PandasIndex &ec = *e.columns, &ac = *a.columns;
    QStringList ek, ak;
    for (qsizetype i = 0; i < ec.size(); ++i)
        ek << ec.label(i).canonicalKey();
    for (qsizetype i = 0; i < ac.size(); ++i)
        ak << ac.label(i).canonicalKey();
    // Columns first: names tell the student more than a shape.
    QStringList missing, extra;
    for (qsizetype i = 0; i < ek.size(); ++i)
        if (!ak.contains(ek[i]))
            missing << ec.label(i).summary(40);
    for (qsizetype i = 0; i < ak.size(); ++i)
        if (!ek.contains(ak[i]))
            extra << ac.label(i).summary(40);
    if (!missing.isEmpty() || !extra.isEmpty()) {
        QStringList parts;
        if (!missing.isEmpty())
            parts << T(coretext::missingItems).arg(missing.join(QLatin1String(", ")));
        if (!extra.isEmpty())
            parts << T(coretext::unexpectedItems).arg(extra.join(QLatin1String(", ")));
        return Diff{Outcome::Fail, path, T(coretext::columnsDiffer).arg(ac.labelsText(), ec.labelsText(), parts.join(QLatin1String("; "))), QStringLiteral("columns")};
    }
    if (ek.size() != ak.size())
        return Diff{Outcome::Fail, path, T(coretext::columnsDuplicate).arg(ac.labelsText(), ec.labelsText()), QStringLiteral("columns")};
    if (m_o.checkColumnOrder && ek != ak)
        return Diff{Outcome::Fail, path, T(coretext::columnsReordered).arg(ac.labelsText(), ec.labelsText()), QStringLiteral("columns")};
    if (e.frameShape != a.frameShape)
        return Diff{Outcome::Fail, path, T(coretext::shapeDiffers).arg(shapeText(a.frameShape), shapeText(e.frameShape)), QStringLiteral("shape")};
    std::vector<qsizetype> perm;
    if (m_o.checkIndex)
        if (auto d = indexes(*e.index, *a.index, path, false, m_o.checkRowOrder ? nullptr : &perm))
            return d;
    std::vector<const NdArray *> ecols, acols;
    QStringList names;
    for (qsizetype c = 0; c < qsizetype(e.frameData.size()); ++c) {
        const qsizetype ac2 = ak.indexOf(ek[c]);
        if (ac2 < 0 || size_t(ac2) >= a.frameData.size())
            return Diff{Outcome::NotGraded, path, T(coretext::columnNotCaptured).arg(ec.label(c).summary(40))};
        const QString col = ec.label(c).summary(40);
        const NdArray &ea = e.frameData[size_t(c)], &aa = a.frameData[size_t(ac2)];
        if (m_o.checkDtype && ea.dtype != aa.dtype)
            return Diff{Outcome::Fail, path, T(coretext::columnDtypeDiffers).arg(col, aa.dtype, ea.dtype), QStringLiteral("dtype")};
        ecols.push_back(&ea);
        acols.push_back(&aa);
        names << col;
    }
    if (!m_o.checkIndex && !m_o.checkRowOrder)
        return rowMultiset(ecols, acols, names, *e.index, *a.index, path);
    const PandasIndex &idx = *e.index;
    for (size_t c = 0; c < ecols.size(); ++c)
        if (auto d = elements(*ecols[c], *acols[c], perm, path,
                              [&idx](qsizetype i) { return idx.label(i).summary(40); }, kRowValues))
            return Diff{d->outcome, path, T(coretext::inColumn).arg(names.at(qsizetype(c)), d->message)};
    return std::nullopt;
}

/// How one element sorts among the rows of a multiset comparison: numbers (any encoding, bools as 0/1) by value
/// with NaN last, then strings, then anything else by its canonical key. Only the order depends on it; equality is
/// decided by the comparator.
struct SortKey
{
    int rank = 0; ///< 0 number, 1 NaN, 2 string, 3 other
    double number = 0;
    QString text;

    static SortKey of(const NdArray &a, qsizetype i)
    {
        SortKey k;
        if (isNumericEncoding(a)) {
            k.number = a.real[size_t(i)];
        } else {
            const ProbeValue v = a.element(i);
            const ProbeValue &sv = v.scalar();
            if (sv.isNumber() || sv.kind == K::Bool) {
                k.number = sv.kind == K::Bool ? (sv.boolean ? 1 : 0) : sv.real;
            } else if (sv.kind == K::Str) {
                k.rank = 2;
                k.text = sv.text;
            } else {
                k.rank = 3;
                k.text = sv.canonicalKey();
            }
        }
        if (k.rank == 0 && std::isnan(k.number))
            k.rank = 1;
        return k;
    }
    int compare(const SortKey &o) const
    {
        if (rank != o.rank)
            return rank < o.rank ? -1 : 1;
        if (rank == 0 && number != o.number)
            return number < o.number ? -1 : 1;
        return rank >= 2 ? text.compare(o.text) : 0;
    }
};

/// Row order of `cols` sorted lexicographically by every column (stable: equal rows keep their order).
std::vector<qsizetype> sortedRows(const std::vector<const NdArray *> &cols, qsizetype rows)
{
    std::vector<std::vector<SortKey>> keys(cols.size());
    for (size_t c = 0; c < cols.size(); ++c) {
        keys[c].reserve(size_t(rows));
        for (qsizetype r = 0; r < rows; ++r)
            keys[c].push_back(SortKey::of(*cols[c], r));
    }
    std::vector<qsizetype> order(static_cast<size_t>(rows));
    for (qsizetype r = 0; r < rows; ++r)
        order[size_t(r)] = r;
    std::stable_sort(order.begin(), order.end(), [&](qsizetype x, qsizetype y) {
        for (const std::vector<SortKey> &col : keys)
            if (const int c = col[size_t(x)].compare(col[size_t(y)]); c != 0)
                return c < 0;
        return false;
    });
    return order;
}

std::optional<Diff> Comparer::rowMultiset(const std::vector<const NdArray *> &ecols, const std::vector<const NdArray *> &acols,
                                          const QStringList &columnNames, const PandasIndex &eIndex,
                                          const PandasIndex &aIndex, const QString &path)
{
    const qsizetype rows = ecols.empty() ? eIndex.size() : ecols.front()->size();
    if (!acols.empty() && acols.front()->size() != rows)
        return Diff{Outcome::Fail, path, T(coretext::rowCountDiffers).arg(acols.front()->size()).arg(rows), QStringLiteral("length")};
    std::optional<Diff> notGraded;
    auto sameRow = [&](qsizetype i, qsizetype j) {
        for (size_t c = 0; c < ecols.size(); ++c) {
            std::optional<Diff> d = elementDiff(*ecols[c], i, *acols[c], j);
            if (d && d->outcome == Outcome::NotGraded && !notGraded)
                notGraded = Diff{Outcome::NotGraded, path, T(coretext::rowNotGraded).arg(eIndex.label(i).summary(40), d->message)};
            if (d)
                return false;
        }
        return true;
    };
    const std::vector<qsizetype> eOrder = sortedRows(ecols, rows), aOrder = sortedRows(acols, rows);
    std::vector<bool> usedE(size_t(rows), false), usedA(size_t(rows), false);
    for (qsizetype k = 0; k < rows; ++k)
        if (sameRow(eOrder[size_t(k)], aOrder[size_t(k)]))
            usedE[size_t(eOrder[size_t(k)])] = usedA[size_t(aOrder[size_t(k)])] = true;
    if (notGraded)
        return notGraded;
    // Rows the sorted walk could not pair (a value within the tolerance can sort on the other side of a
    // neighbour): any free row that matches, as for sets. Bounded: O(unmatched²).
    std::vector<qsizetype> missing, extra;
    for (qsizetype i : eOrder)
        if (!usedE[size_t(i)])
            missing.push_back(i);
    if (missing.size() <= 1000) {
        std::vector<qsizetype> still;
        for (qsizetype i : missing) {
            bool found = false;
            for (qsizetype j : aOrder)
                if (!usedA[size_t(j)] && sameRow(i, j)) {
                    usedA[size_t(j)] = found = true;
                    break;
                }
            if (!found)
                still.push_back(i);
        }
        missing = still;
    }
    if (notGraded)
        return notGraded;
    for (qsizetype j : aOrder)
        if (!usedA[size_t(j)])
            extra.push_back(j);
    if (missing.empty() && extra.empty())
        return std::nullopt;
    auto rowText = [&](const std::vector<const NdArray *> &cols, qsizetype r) {
        if (columnNames.isEmpty())
            return cols.front()->element(r).summary(40);
        QStringList cells;
        for (size_t c = 0; c < cols.size() && c < 6; ++c)
            cells << columnNames.at(qsizetype(c)) + QStringLiteral(": ") + cols[c]->element(r).summary(30);
        if (cols.size() > 6)
            cells << QStringLiteral("…");
        return QLatin1Char('{') + cells.join(QLatin1String(", ")) + QLatin1Char('}');
    };
    // One template per count ("a (at index 1), b (at index 4)"), so that the app can translate the whole list.
    auto listed = [&](const std::vector<qsizetype> &which, const std::vector<const NdArray *> &cols, const PandasIndex &index) {
        // arg() with all of them at once: a value's own "%2" is not a marker.
        auto row = [&](size_t k) { return rowText(cols, which[k]); };
        auto at = [&](size_t k) { return index.label(which[k]).summary(40); };
        switch (which.size()) {
        case 1:
            return T(coretext::rowsAt1).arg(row(0), at(0));
        case 2:
            return T(coretext::rowsAt2).arg(row(0), at(0), row(1), at(1));
        case 3:
            return T(coretext::rowsAt3).arg(row(0), at(0), row(1), at(1), row(2), at(2));
        default:
            return T(coretext::rowsAt3More).arg(row(0), at(0), row(1), at(1), row(2), at(2), QString::number(which.size() - 3));
        }
    };
    QStringList parts;
    if (!missing.empty())
        parts << T(coretext::missingItems).arg(listed(missing, ecols, eIndex));
    if (!extra.empty())
        parts << T(coretext::unexpectedItems).arg(listed(extra, acols, aIndex));
    return Diff{Outcome::Fail, path,
                T(columnNames.isEmpty() ? coretext::valuesDifferAnyOrder : coretext::rowsDifferAnyOrder)
                    .arg(QString::number(missing.size()), // as many as `extra`: both sides have `rows` rows
                         QString::number(rows), parts.join(QLatin1String("; ")))};
}

} // namespace

Comparison compareValues(const QString &name, const ProbeValue &expected, const ProbeValue &actual,
                         const CompareOptions &options)
{
    Comparison c;
    c.expected = expected.summary();
    c.actual = actual.summary();
    if (actual.kind == K::Missing && expected.kind != K::Missing && expected.kind != K::Error
        && expected.kind != K::TooLarge) {
        c.outcome = Outcome::Fail;
        c.feedback = coretext::text(coretext::notDefined).arg(name);
        return c;
    }
    Comparer comparer(options);
    const std::optional<Diff> d = comparer.compare(expected, actual, name);
    if (!d) {
        c.outcome = Outcome::Pass;
        return c;
    }
    c.outcome = d->outcome;
    if (!options.showExpected && d->outcome == Outcome::Fail && !d->aspect.isEmpty()) {
        // Only what the student's own value is and which aspect differs: no expected number, string, length
        // or label, not even the position of the first difference (each would give part of the answer away).
        c.feedback = (d->aspect == QLatin1String("type")
                          ? coretext::text(takesAn(actual.pythonType()) ? coretext::notOfExpectedTypeAn : coretext::notOfExpectedTypeA)
                                .arg(name, actual.pythonType())
                          : coretext::text(coretext::notExpected(d->aspect)).arg(name, actual.summary(60)))
                     + QLatin1String("; ") + coretext::text(coretext::expectedHidden);
        return c;
    }
    c.feedback = T(coretext::differsAt).arg(d->path.isEmpty() ? name : d->path, d->message);
    return c;
}

bool elementMatches(const NdArray &expected, qsizetype i, const NdArray &actual, qsizetype j, const CompareOptions &options)
{
    return !Comparer(options).elementDiff(expected, i, actual, j);
}

} // namespace sandmark
