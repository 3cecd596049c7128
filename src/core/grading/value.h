#pragma once
// Decoded probe values: the C++ side of the tagged encoding in docs/probe-payload.md (section 3).

#include "util/expected.h"

#include <QByteArray>
#include <QHash>
#include <QMap>
#include <QSet>
#include <QString>
#include <QStringList>

#include <memory>
#include <utility>
#include <vector>

namespace sandmark {

struct NdArray;
struct PandasIndex;

/// One decoded probe value. Numbers keep what JSON would lose: NaN, ±inf and -0.0 (doubles parsed from
/// Python's repr()), and ints of any size (their decimal or hex text). Plain value type; cheap to copy
/// (arrays and pandas parts are shared, immutable); thread-safe to read.
class ProbeValue
{
public:
    /// The encoding tag "t". Missing / Error / TooLarge / DepthLimit are per-name outcomes, not values.
    enum class Kind {
        None, Bool, Int, Float, Complex, Str, Bytes, ByteArray, List, Tuple, Set, FrozenSet, Dict,
        NpScalar, NdArray, PdIndex, Series, DataFrame, Other, DepthLimit, Missing, Error, TooLarge,
    };

    Kind kind = Kind::None;
    /// Exact type "module.QualName" of a subclass of a builtin / numpy / pandas type ("class"); empty
    /// for the exact base type.
    QString className;
    bool truncated = false;  ///< the probe cut the value ("truncated": true): not comparable
    qint64 fullLength = -1;  ///< "len": the full length of a truncated str/bytes/container, -1 if absent

    bool boolean = false;    ///< Bool
    QString intText;         ///< Int: "-123" (decimal) or "-1f…" when intHex
    bool intHex = false;     ///< Int written in base 16 (beyond 13,000 bits)
    double real = 0;         ///< Float; Complex real part; Int as a (possibly rounded) double
    double imag = 0;         ///< Complex imaginary part
    /// Float / Complex parts as Python wrote them ("0.1", "nan", "-0.0"); Other: the exception type its
    /// repr() raised ("repr_error"), empty when the repr is known.
    QString realText, imagText;
    QString text;            ///< Str; Other: repr; Error: "ExcType: message"
    QString typeName;        ///< Other / Error / TooLarge / DepthLimit / PdIndex: the Python type named
    QByteArray bytes;        ///< Bytes / ByteArray
    qint64 byteCount = 0;    ///< TooLarge: the size the value would have had, bytes
    QString dtype;           ///< NpScalar / Series / PdIndex: numpy dtype name ("float32", "<U1")
    /// List, Tuple, Set, FrozenSet: the items (sets in the probe's deterministic order); NpScalar: one
    /// item, the Python value of .item(); Series: the name (one item).
    std::vector<ProbeValue> items;
    /// Dict: (key, value) pairs in insertion order.
    std::vector<std::pair<ProbeValue, ProbeValue>> entries;
    std::shared_ptr<const NdArray> array;       ///< NdArray; Series values
    std::shared_ptr<const PandasIndex> index;   ///< PdIndex (itself); Series / DataFrame row index
    std::shared_ptr<const PandasIndex> columns; ///< DataFrame columns
    std::vector<NdArray> frameData;             ///< DataFrame: one array per column
    QStringList frameDtypes;                    ///< DataFrame: dtype per column
    std::vector<qint64> frameShape;             ///< DataFrame: rows, columns (full, before truncation)

    bool isNumber() const; ///< Bool excluded: Int, Float, Complex, or an NpScalar holding one
    bool isScalarNumberLike() const { return isNumber() || kind == Kind::Bool || isNpBool(); }
    bool isNpBool() const;
    /// The value a numpy scalar holds (its .item()), else *this.
    const ProbeValue &scalar() const;

    /// Python-like type name for feedback: "int", "float", "numpy.float32", "list", "numpy.ndarray",
    /// "pandas.DataFrame", or the exact class of a subclass.
    QString pythonType() const;
    /// Short human-readable text (Python-like repr), at most about `maxChars` characters.
    QString summary(int maxChars = 120) const;
    /// Deterministic text identifying the value exactly (used to match set items and dict keys).
    QString canonicalKey() const;
};

/// A numpy array (also the values of a pandas Index, Series or column), flat in C order.
struct NdArray
{
    enum class Encoding { Bool, Int, Float, Complex, Tagged };
    QString dtype;             ///< numpy dtype name, e.g. "float64", "int64", "<U1", "object"
    std::vector<qint64> shape;
    Encoding encoding = Encoding::Float;
    std::vector<double> real;  ///< Bool (0/1), Int (rounded to double), Float, Complex real parts
    std::vector<double> imag;  ///< Complex imaginary parts
    QStringList text;          ///< Int: decimal text (exact); Float/Complex: Python's text of each value
    std::vector<ProbeValue> tagged; ///< Tagged: full values (object, string, datetime dtypes)
    bool truncated = false;
    QString className;         ///< subclass of ndarray (numpy.matrix …), empty for ndarray itself

    qsizetype size() const;
    /// The element at flat position `i` as a scalar value (Bool, Int, Float, Complex or the tagged value).
    ProbeValue element(qsizetype i) const;
    /// "[1, 2]"-style multi-index of flat position `i` for this shape.
    QString indexText(qsizetype i) const;
    bool isFloatDtype() const { return dtype.startsWith(QLatin1String("float")); }
};

/// A pandas Index (row index or columns).
struct PandasIndex
{
    QString type;   ///< "pandas.core.indexes.range.RangeIndex", …
    QString dtype;
    ProbeValue name;
    bool isRange = false;
    qint64 start = 0, stop = 0, step = 1; ///< RangeIndex
    NdArray values;                        ///< other index types

    qsizetype size() const;
    ProbeValue label(qsizetype i) const;
    /// Labels as short text, e.g. "['a', 'b', 'c']" (at most `max` labels, then "…").
    QString labelsText(int max = 8) const;
};

/// One user variable of the reference run's namespace listing (docs/probe-payload.md section 4).
struct NamespaceEntry
{
    QString name;
    ProbeValue value; ///< may be TooLarge (typeName, byteCount 0 when unknown) or Error
};

/// A probe payload (docs/probe-payload.md section 2): label → (variable name → value).
struct ProbePayload
{
    QMap<QString, QHash<QString, ProbeValue>> probes;
    bool isNull = true; ///< "null": no probe cell produced accepted values
    /// The reference run's namespace listing (the "end" probe's "namespace"), in namespace order; empty
    /// for submissions and payloads from before the listing existed (hasNamespace false).
    QList<NamespaceEntry> namespaceListing;
    bool hasNamespace = false;
    qint64 namespaceOmitted = 0; ///< names beyond the probe's name cap, not listed
    /// Labels whose probe captured every top-level name besides the checks' (docs/probe-payload.md section 5):
    /// the "captured" values are merged into `probes`, and a name neither there nor in `dropped` was not defined.
    QSet<QString> capturedAll;
    /// By label: the names a capturing probe saw but did not keep (functions, modules, classes, values of no
    /// supported type, values over the capture budget).
    QHash<QString, QSet<QString>> dropped;
    /// By label: captured names whose values this decode skipped (decodeProbePayload()'s `onlyNames`): they were
    /// defined, but find() does not have them.
    QHash<QString, QSet<QString>> skipped;

    bool hasLabel(const QString &label) const { return probes.contains(label); }
    /// The value of `name` in probe `label`, or nullptr.
    const ProbeValue *find(const QString &label, const QString &name) const;
    /// Whether probe `label` shows that `name` was not defined there: the probe captured every name
    /// (capturedAll), `name` is one capture considers (capturableName()), and it is neither among the values nor
    /// dropped. Then grading it gives what a run asking for it would: missing.
    bool knownUndefined(const QString &label, const QString &name) const;
    /// Whether probe `label` holds what grading `name` there needs without running again: its value, or
    /// knownUndefined().
    bool holds(const QString &label, const QString &name) const { return find(label, name) || knownUndefined(label, name); }
};

/// Whether a capturing probe considers `name` (docs/probe-payload.md section 5): not starting with `_`, and not
/// IPython's `In`, `Out`, `get_ipython`, `exit`, `quit`. Pure.
bool capturableName(const QString &name);

/// Decodes one encoded value from its JSON text. Errors name `where` and the JSON path of the bad node.
Expected<ProbeValue> decodeProbeValue(const QByteArray &json, const QString &where = {});

/// Decodes a payload document (the runner's `result.payload`, or "null"). Parsed with nlohmann::json,
/// which keeps big numbers and "-0.0" text. Errors name `where` (file or "student payload") and the path.
/// `onlyNames`, when given, names the variables a caller will read (the checks' names): captured values of other
/// names are checked as JSON but neither built nor decoded, and listed in ProbePayload::skipped. A regrade
/// grades a whole class from stored payloads that each hold every top-level name, so this is most of its cost.
Expected<ProbePayload> decodeProbePayload(const QByteArray &json, const QString &where = {},
                                          const QSet<QString> *onlyNames = nullptr);

} // namespace sandmark
