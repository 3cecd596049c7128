#include "grading/value.h"
#include "util/coretext.h"

#include "util/json_p.h"

#include <nlohmann/json.hpp>

#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <limits>

namespace sandmark {

using Json = nlohmann::json;

namespace {

QString qs(const std::string &s) { return QString::fromStdString(s); }

struct DecodeError
{
    QString path, message;
};

/// Python float text ("0.1", "nan", "-inf", "-0.0", "1e+100") to double, independent of the C locale.
double parseFloatText(const QString &t, bool *ok)
{
    *ok = true;
    if (t == QLatin1String("nan") || t == QLatin1String("-nan"))
        return std::numeric_limits<double>::quiet_NaN();
    if (t == QLatin1String("inf"))
        return std::numeric_limits<double>::infinity();
    if (t == QLatin1String("-inf"))
        return -std::numeric_limits<double>::infinity();
    return t.toLatin1().toDouble(ok); // QByteArray::toDouble uses the C locale
}

double hexToDouble(const QString &hex)
{
    double v = 0;
    const bool neg = hex.startsWith(QLatin1Char('-'));
    for (qsizetype i = neg ? 1 : 0; i < hex.size(); ++i)
        v = v * 16 + QString(hex.at(i)).toInt(nullptr, 16);
    return neg ? -v : v;
}

class Decoder
{
public:
    ProbeValue value(const Json &j, const QString &path);
    NdArray array(const Json &j, const QString &path);
    PandasIndex pdIndex(const Json &j, const QString &path);

private:
    /// Reads the fields of one tag into `v`, whose kind is set already.
    using Reader = void (Decoder::*)(ProbeValue &v, const Json &j, const QString &path);

    [[noreturn]] void fail(const QString &path, const QString &message) { throw DecodeError{path, message}; }
    const Json &member(const Json &j, const char *key, const QString &path)
    {
        if (!j.is_object() || !j.contains(key))
            fail(path, QStringLiteral("\"%1\" is missing").arg(QLatin1String(key)));
        return j[key];
    }
    QString str(const Json &j, const char *key, const QString &path)
    {
        const Json &v = member(j, key, path);
        if (!v.is_string())
            fail(path + QLatin1Char('.') + QLatin1String(key), QStringLiteral("must be a string"));
        return qs(v.get<std::string>());
    }
    QString optStr(const Json &j, const char *key)
    {
        return j.contains(key) && j[key].is_string() ? qs(j[key].get<std::string>()) : QString();
    }
    double floatText(const QString &t, const QString &path)
    {
        bool ok = false;
        const double d = parseFloatText(t, &ok);
        if (!ok)
            fail(path, QStringLiteral("'%1' is not a float").arg(t));
        return d;
    }
    std::vector<qint64> shape(const Json &j, const QString &path)
    {
        std::vector<qint64> out;
        const Json &s = member(j, "shape", path);
        if (!s.is_array())
            fail(path + QStringLiteral(".shape"), QStringLiteral("must be an array"));
        for (const Json &d : s) {
            if (!d.is_number_integer())
                fail(path + QStringLiteral(".shape"), QStringLiteral("must hold integers"));
            out.push_back(d.get<qint64>());
        }
        return out;
    }

    // The readers of the tags with fields beyond "t" (docs/probe-payload.md section 3).
    void readBool(ProbeValue &v, const Json &j, const QString &path);
    void readInt(ProbeValue &v, const Json &j, const QString &path);
    void readFloat(ProbeValue &v, const Json &j, const QString &path)
    {
        v.realText = str(j, "v", path);
        v.real = floatText(v.realText, path + QStringLiteral(".v"));
    }
    void readComplex(ProbeValue &v, const Json &j, const QString &path)
    {
        v.realText = str(j, "re", path);
        v.imagText = str(j, "im", path);
        v.real = floatText(v.realText, path + QStringLiteral(".re"));
        v.imag = floatText(v.imagText, path + QStringLiteral(".im"));
    }
    void readStr(ProbeValue &v, const Json &j, const QString &path);
    void readBytes(ProbeValue &v, const Json &j, const QString &path)
    {
        v.bytes = QByteArray::fromBase64(str(j, "b64", path).toLatin1());
    }
    void readItems(ProbeValue &v, const Json &j, const QString &path);
    void readDict(ProbeValue &v, const Json &j, const QString &path);
    void readNpScalar(ProbeValue &v, const Json &j, const QString &path);
    void readNdArray(ProbeValue &v, const Json &j, const QString &path)
    {
        auto a = std::make_shared<NdArray>(array(j, path));
        v.dtype = a->dtype;
        v.array = std::move(a);
    }
    void readPdIndex(ProbeValue &v, const Json &j, const QString &path);
    void readSeries(ProbeValue &v, const Json &j, const QString &path);
    void readDataFrame(ProbeValue &v, const Json &j, const QString &path);
    void readOther(ProbeValue &v, const Json &j, const QString &path);
    void readTypeName(ProbeValue &v, const Json &j, const QString &) { v.typeName = optStr(j, "type"); }
    void readError(ProbeValue &v, const Json &j, const QString &)
    {
        v.typeName = optStr(j, "type");
        v.text = optStr(j, "error");
    }
    void readTooLarge(ProbeValue &v, const Json &j, const QString &)
    {
        v.typeName = optStr(j, "type");
        if (j.contains("bytes") && j["bytes"].is_number_integer())
            v.byteCount = j["bytes"].get<qint64>();
    }
};

ProbeValue Decoder::value(const Json &j, const QString &path)
{
    using K = ProbeValue::Kind;
    struct Tag
    {
        const char *name;
        K kind;
        Reader read; ///< nullptr: the tag has no other fields
    };
    static const Tag tags[] = {
        {"none", K::None, nullptr},
        {"bool", K::Bool, &Decoder::readBool},
        {"int", K::Int, &Decoder::readInt},
        {"float", K::Float, &Decoder::readFloat},
        {"complex", K::Complex, &Decoder::readComplex},
        {"str", K::Str, &Decoder::readStr},
        {"bytes", K::Bytes, &Decoder::readBytes},
        {"bytearray", K::ByteArray, &Decoder::readBytes},
        {"list", K::List, &Decoder::readItems},
        {"tuple", K::Tuple, &Decoder::readItems},
        {"set", K::Set, &Decoder::readItems},
        {"frozenset", K::FrozenSet, &Decoder::readItems},
        {"dict", K::Dict, &Decoder::readDict},
        {"np-scalar", K::NpScalar, &Decoder::readNpScalar},
        {"ndarray", K::NdArray, &Decoder::readNdArray},
        {"pd-index", K::PdIndex, &Decoder::readPdIndex},
        {"series", K::Series, &Decoder::readSeries},
        {"dataframe", K::DataFrame, &Decoder::readDataFrame},
        {"other", K::Other, &Decoder::readOther},
        {"depth-limit", K::DepthLimit, &Decoder::readTypeName},
        {"missing", K::Missing, nullptr},
        {"error", K::Error, &Decoder::readError},
        {"too-large", K::TooLarge, &Decoder::readTooLarge},
    };
    ProbeValue v;
    const QString t = str(j, "t", path);
    v.className = optStr(j, "class");
    if (j.contains("truncated") && j["truncated"].is_boolean())
        v.truncated = j["truncated"].get<bool>();
    if (j.contains("len") && j["len"].is_number_integer())
        v.fullLength = j["len"].get<qint64>();
    const auto tag =
        std::find_if(std::begin(tags), std::end(tags), [&](const Tag &g) { return t == QLatin1String(g.name); });
    if (tag == std::end(tags))
        fail(path + QStringLiteral(".t"), QStringLiteral("unknown tag '%1'").arg(t));
    v.kind = tag->kind;
    if (tag->read)
        (this->*tag->read)(v, j, path);
    return v;
}

void Decoder::readBool(ProbeValue &v, const Json &j, const QString &path)
{
    const Json &b = member(j, "v", path);
    if (!b.is_boolean())
        fail(path + QStringLiteral(".v"), QStringLiteral("must be true or false"));
    v.boolean = b.get<bool>();
    v.real = v.boolean ? 1 : 0;
}

void Decoder::readInt(ProbeValue &v, const Json &j, const QString &path)
{
    if (j.contains("hex")) {
        v.intText = str(j, "hex", path);
        v.intHex = true;
        v.real = hexToDouble(v.intText);
    } else {
        v.intText = str(j, "v", path);
        bool ok = false;
        v.real = v.intText.toLatin1().toDouble(&ok);
        static const QRegularExpression intRe(QStringLiteral("^-?[0-9]+$"));
        if (!ok || !intRe.match(v.intText).hasMatch())
            fail(path, QStringLiteral("'%1' is not an int").arg(v.intText.left(40)));
    }
}

void Decoder::readStr(ProbeValue &v, const Json &j, const QString &path)
{
    if (j.contains("u16")) { // a str holding lone surrogates, which JSON cannot: its UTF-16-LE in base64
        const QByteArray raw = QByteArray::fromBase64(str(j, "u16", path).toLatin1());
        v.text = QString(reinterpret_cast<const QChar *>(raw.constData()), raw.size() / 2);
    } else {
        v.text = str(j, "v", path);
    }
}

void Decoder::readItems(ProbeValue &v, const Json &j, const QString &path)
{
    const Json &a = member(j, "items", path);
    if (!a.is_array())
        fail(path + QStringLiteral(".items"), QStringLiteral("must be an array"));
    for (size_t i = 0; i < a.size(); ++i)
        v.items.push_back(value(a[i], QStringLiteral("%1.items[%2]").arg(path).arg(i)));
}

void Decoder::readDict(ProbeValue &v, const Json &j, const QString &path)
{
    const Json &a = member(j, "items", path);
    if (!a.is_array())
        fail(path + QStringLiteral(".items"), QStringLiteral("must be an array"));
    for (size_t i = 0; i < a.size(); ++i) {
        const QString p = QStringLiteral("%1.items[%2]").arg(path).arg(i);
        if (!a[i].is_array() || a[i].size() != 2)
            fail(p, QStringLiteral("must be a [key, value] pair"));
        v.entries.emplace_back(value(a[i][0], p + QStringLiteral("[0]")), value(a[i][1], p + QStringLiteral("[1]")));
    }
}

void Decoder::readNpScalar(ProbeValue &v, const Json &j, const QString &path)
{
    v.dtype = str(j, "dtype", path);
    v.items.push_back(value(member(j, "v", path), path + QStringLiteral(".v")));
    v.real = v.items.front().real;
    v.imag = v.items.front().imag;
}

void Decoder::readPdIndex(ProbeValue &v, const Json &j, const QString &path)
{
    auto idx = std::make_shared<PandasIndex>(pdIndex(j, path));
    v.dtype = idx->dtype;
    v.typeName = idx->type;
    v.index = std::move(idx);
}

void Decoder::readSeries(ProbeValue &v, const Json &j, const QString &path)
{
    v.dtype = str(j, "dtype", path);
    v.items.push_back(value(member(j, "name", path), path + QStringLiteral(".name")));
    v.index = std::make_shared<PandasIndex>(pdIndex(member(j, "index", path), path + QStringLiteral(".index")));
    v.array = std::make_shared<NdArray>(array(member(j, "values", path), path + QStringLiteral(".values")));
    v.truncated = v.truncated || v.array->truncated;
}

void Decoder::readDataFrame(ProbeValue &v, const Json &j, const QString &path)
{
    v.frameShape = shape(j, path);
    if (v.frameShape.size() != 2)
        fail(path + QStringLiteral(".shape"), QStringLiteral("must be [rows, columns]"));
    const Json &dt = member(j, "dtypes", path);
    for (const Json &d : dt)
        v.frameDtypes << (d.is_string() ? qs(d.get<std::string>()) : QString());
    v.index = std::make_shared<PandasIndex>(pdIndex(member(j, "index", path), path + QStringLiteral(".index")));
    v.columns = std::make_shared<PandasIndex>(pdIndex(member(j, "columns", path), path + QStringLiteral(".columns")));
    const Json &data = member(j, "data", path);
    if (!data.is_array())
        fail(path + QStringLiteral(".data"), QStringLiteral("must be an array"));
    for (size_t i = 0; i < data.size(); ++i) {
        v.frameData.push_back(array(data[i], QStringLiteral("%1.data[%2]").arg(path).arg(i)));
        v.truncated = v.truncated || v.frameData.back().truncated;
    }
}

void Decoder::readOther(ProbeValue &v, const Json &j, const QString &path)
{
    v.typeName = str(j, "type", path);
    v.text = optStr(j, "repr");
    if (j.contains("repr_error"))
        v.realText = optStr(j, "repr_error"); // the exception type repr() raised
}

NdArray Decoder::array(const Json &j, const QString &path)
{
    NdArray a;
    if (str(j, "t", path) != QLatin1String("ndarray"))
        fail(path + QStringLiteral(".t"), QStringLiteral("must be \"ndarray\""));
    a.dtype = str(j, "dtype", path);
    a.shape = shape(j, path);
    a.className = optStr(j, "class");
    a.truncated = j.contains("truncated") && j["truncated"].is_boolean() && j["truncated"].get<bool>();
    const QString enc = str(j, "enc", path);
    const Json &vals = member(j, "values", path);
    if (!vals.is_array())
        fail(path + QStringLiteral(".values"), QStringLiteral("must be an array"));
    const QString vp = path + QStringLiteral(".values");
    a.real.reserve(vals.size());
    if (enc == QLatin1String("bool")) {
        a.encoding = NdArray::Encoding::Bool;
        for (const Json &e : vals) {
            if (!e.is_boolean())
                fail(vp, QStringLiteral("must hold booleans"));
            a.real.push_back(e.get<bool>() ? 1 : 0);
        }
    } else if (enc == QLatin1String("int")) {
        a.encoding = NdArray::Encoding::Int;
        for (const Json &e : vals) {
            if (!e.is_string())
                fail(vp, QStringLiteral("must hold decimal strings"));
            a.text << qs(e.get<std::string>());
            bool ok = false;
            a.real.push_back(a.text.last().toLatin1().toDouble(&ok));
            if (!ok)
                fail(vp, QStringLiteral("'%1' is not an int").arg(a.text.last()));
        }
    } else if (enc == QLatin1String("float")) {
        a.encoding = NdArray::Encoding::Float;
        for (const Json &e : vals) {
            if (!e.is_string())
                fail(vp, QStringLiteral("must hold float strings"));
            a.text << qs(e.get<std::string>());
            a.real.push_back(floatText(a.text.last(), vp));
        }
    } else if (enc == QLatin1String("complex")) {
        a.encoding = NdArray::Encoding::Complex;
        for (const Json &e : vals) {
            if (!e.is_array() || e.size() != 2 || !e[0].is_string() || !e[1].is_string())
                fail(vp, QStringLiteral("must hold [re, im] pairs"));
            const QString re = qs(e[0].get<std::string>()), im = qs(e[1].get<std::string>());
            a.text << QStringLiteral("%1|%2").arg(re, im);
            a.real.push_back(floatText(re, vp));
            a.imag.push_back(floatText(im, vp));
        }
    } else if (enc == QLatin1String("tagged")) {
        a.encoding = NdArray::Encoding::Tagged;
        for (size_t i = 0; i < vals.size(); ++i)
            a.tagged.push_back(value(vals[i], QStringLiteral("%1[%2]").arg(vp).arg(i)));
    } else {
        fail(path + QStringLiteral(".enc"), QStringLiteral("unknown encoding '%1'").arg(enc));
    }
    return a;
}

PandasIndex Decoder::pdIndex(const Json &j, const QString &path)
{
    PandasIndex idx;
    if (str(j, "t", path) != QLatin1String("pd-index"))
        fail(path + QStringLiteral(".t"), QStringLiteral("must be \"pd-index\""));
    idx.type = optStr(j, "type");
    idx.dtype = optStr(j, "dtype");
    if (j.contains("name"))
        idx.name = value(j["name"], path + QStringLiteral(".name"));
    if (j.contains("range")) {
        const Json &r = j["range"];
        if (!r.is_array() || r.size() != 3 || !r[0].is_number_integer() || !r[1].is_number_integer()
            || !r[2].is_number_integer() || r[2].get<qint64>() == 0)
            fail(path + QStringLiteral(".range"), QStringLiteral("must be [start, stop, step]"));
        idx.isRange = true;
        idx.start = r[0].get<qint64>();
        idx.stop = r[1].get<qint64>();
        idx.step = r[2].get<qint64>();
    } else {
        idx.values = array(member(j, "values", path), path + QStringLiteral(".values"));
    }
    return idx;
}

QString pyStrRepr(const QString &s, int maxChars)
{
    QString body = s.left(maxChars);
    body.replace(QLatin1Char('\\'), QLatin1String("\\\\"));
    body.replace(QLatin1Char('\n'), QLatin1String("\\n"));
    body.replace(QLatin1Char('\t'), QLatin1String("\\t"));
    body.replace(QLatin1Char('\''), QLatin1String("\\'"));
    return QLatin1Char('\'') + body + (s.size() > maxChars ? QStringLiteral("…'") : QStringLiteral("'"));
}

QString joinLimited(const QStringList &parts, int maxChars)
{
    QString out;
    for (qsizetype i = 0; i < parts.size(); ++i) {
        if (i)
            out += QLatin1String(", ");
        if (out.size() + parts[i].size() > maxChars) {
            out += QStringLiteral("…");
            break;
        }
        out += parts[i];
    }
    return out;
}

QString shapeText(const std::vector<qint64> &shape)
{
    QStringList dims;
    for (qint64 d : shape)
        dims << QString::number(d);
    return QLatin1Char('(') + dims.join(QLatin1String(", ")) + (shape.size() == 1 ? QStringLiteral(",)") : QStringLiteral(")"));
}

} // namespace

// ---- ProbeValue ---------------------------------------------------------------------------------------

bool ProbeValue::isNumber() const
{
    switch (kind) {
    case Kind::Int:
    case Kind::Float:
    case Kind::Complex:
        return true;
    case Kind::NpScalar:
        return !items.empty() && items.front().isNumber();
    default:
        return false;
    }
}

bool ProbeValue::isNpBool() const
{
    return kind == Kind::NpScalar && !items.empty() && items.front().kind == Kind::Bool;
}

const ProbeValue &ProbeValue::scalar() const
{
    return kind == Kind::NpScalar && !items.empty() ? items.front() : *this;
}

QString ProbeValue::pythonType() const
{
    if (!className.isEmpty())
        return className;
    switch (kind) {
    case Kind::None: return QStringLiteral("NoneType");
    case Kind::Bool: return QStringLiteral("bool");
    case Kind::Int: return QStringLiteral("int");
    case Kind::Float: return QStringLiteral("float");
    case Kind::Complex: return QStringLiteral("complex");
    case Kind::Str: return QStringLiteral("str");
    case Kind::Bytes: return QStringLiteral("bytes");
    case Kind::ByteArray: return QStringLiteral("bytearray");
    case Kind::List: return QStringLiteral("list");
    case Kind::Tuple: return QStringLiteral("tuple");
    case Kind::Set: return QStringLiteral("set");
    case Kind::FrozenSet: return QStringLiteral("frozenset");
    case Kind::Dict: return QStringLiteral("dict");
    case Kind::NpScalar: return QStringLiteral("numpy.") + (dtype == QLatin1String("bool") ? QStringLiteral("bool_") : dtype);
    case Kind::NdArray: return QStringLiteral("numpy.ndarray");
    case Kind::PdIndex: return typeName.isEmpty() ? QStringLiteral("pandas.Index") : typeName;
    case Kind::Series: return QStringLiteral("pandas.Series");
    case Kind::DataFrame: return QStringLiteral("pandas.DataFrame");
    case Kind::Other:
    case Kind::DepthLimit:
    case Kind::Error:
    case Kind::TooLarge: return typeName;
    case Kind::Missing: return coretext::text(coretext::notDefinedValue);
    }
    return {};
}

QString ProbeValue::summary(int maxChars) const
{
    QString out;
    switch (kind) {
    case Kind::None: return QStringLiteral("None");
    case Kind::Bool: return boolean ? QStringLiteral("True") : QStringLiteral("False");
    case Kind::Int:
        if (intHex || intText.size() > maxChars)
            return QStringLiteral("an int of about %1 digits").arg(intHex ? qint64(double(intText.size()) * 1.2041) : intText.size());
        return intText;
    case Kind::Float: return realText;
    case Kind::Complex: {
        QString im = imagText;
        if (!im.startsWith(QLatin1Char('-')))
            im.prepend(QLatin1Char('+'));
        return QStringLiteral("(%1%2j)").arg(realText, im);
    }
    case Kind::Str: out = pyStrRepr(text, maxChars); break;
    case Kind::Bytes:
    case Kind::ByteArray: {
        QString b = QStringLiteral("b'");
        for (char c : bytes.left(maxChars)) {
            const auto u = static_cast<unsigned char>(c);
            b += (u >= 32 && u < 127 && c != '\'' && c != '\\') ? QString(QLatin1Char(c)) : QStringLiteral("\\x%1").arg(u, 2, 16, QLatin1Char('0'));
        }
        out = b + QLatin1Char('\'');
        if (kind == Kind::ByteArray)
            out = QStringLiteral("bytearray(%1)").arg(out);
        break;
    }
    case Kind::List:
    case Kind::Tuple:
    case Kind::Set:
    case Kind::FrozenSet: {
        QStringList parts;
        for (const ProbeValue &i : items) {
            parts << i.summary(maxChars);
            if (parts.size() > maxChars / 2)
                break;
        }
        const QString body = joinLimited(parts, maxChars);
        if (kind == Kind::List)
            out = QLatin1Char('[') + body + QLatin1Char(']');
        else if (kind == Kind::Tuple)
            out = QLatin1Char('(') + body + (items.size() == 1 ? QStringLiteral(",)") : QStringLiteral(")"));
        else if (items.empty())
            out = kind == Kind::Set ? QStringLiteral("set()") : QStringLiteral("frozenset()");
        else
            out = (kind == Kind::Set ? QStringLiteral("{") : QStringLiteral("frozenset({")) + body
                  + (kind == Kind::Set ? QStringLiteral("}") : QStringLiteral("})"));
        break;
    }
    case Kind::Dict: {
        QStringList parts;
        for (const auto &[k, v] : entries) {
            parts << k.summary(maxChars) + QStringLiteral(": ") + v.summary(maxChars);
            if (parts.size() > maxChars / 4)
                break;
        }
        out = QLatin1Char('{') + joinLimited(parts, maxChars) + QLatin1Char('}');
        break;
    }
    case Kind::NpScalar:
        return QStringLiteral("%1(%2)").arg(pythonType(), scalar().summary(maxChars));
    case Kind::NdArray: {
        QStringList parts;
        for (qsizetype i = 0; i < array->size() && i < maxChars / 2; ++i)
            parts << array->element(i).summary(40);
        out = QStringLiteral("array %1 %2 [%3]").arg(array->dtype, shapeText(array->shape), joinLimited(parts, maxChars));
        break;
    }
    case Kind::PdIndex: out = QStringLiteral("Index(%1)").arg(index->labelsText()); break;
    case Kind::Series:
        out = coretext::text(coretext::seriesSummary)
                  .arg(items.empty() ? QString() : items.front().summary(40))
                  .arg(array->size())
                  .arg(dtype, index->labelsText(5));
        break;
    case Kind::DataFrame:
        out = coretext::text(coretext::dataFrameSummary)
                  .arg(frameShape.at(0))
                  .arg(frameShape.at(1))
                  .arg(columns->labelsText(8));
        break;
    case Kind::Other:
        out = realText.isEmpty() ? text : QStringLiteral("<%1 whose repr() raised %2>").arg(typeName, realText);
        break;
    case Kind::DepthLimit: return QStringLiteral("(a %1 nested too deeply to capture)").arg(typeName);
    case Kind::Missing: return coretext::text(coretext::notDefinedValue);
    case Kind::Error: return coretext::text(coretext::notCaptured).arg(text);
    case Kind::TooLarge:
        if (byteCount <= 0)
            return QStringLiteral("(a %1 too large to capture)").arg(typeName);
        return QStringLiteral("(a %1 too large to capture: %2 bytes)").arg(typeName).arg(byteCount);
    }
    if (out.size() > maxChars + 1)
        out = out.left(maxChars) + QStringLiteral("…");
    return out;
}

QString ProbeValue::canonicalKey() const
{
    switch (kind) {
    case Kind::None: return QStringLiteral("none");
    case Kind::Bool: return boolean ? QStringLiteral("b:1") : QStringLiteral("b:0");
    case Kind::Int: return (intHex ? QStringLiteral("n:0x") : QStringLiteral("n:")) + intText;
    case Kind::Float:
        if (std::isfinite(real) && std::floor(real) == real && std::fabs(real) < 9007199254740992.0)
            return QStringLiteral("n:") + QString::number(qint64(real));
        return QStringLiteral("f:") + (real == 0 ? QStringLiteral("0") : realText);
    case Kind::Complex:
        if (imag == 0) {
            ProbeValue re;
            re.kind = Kind::Float;
            re.real = real;
            re.realText = realText;
            return re.canonicalKey();
        }
        return QStringLiteral("c:%1|%2").arg(realText, imagText);
    case Kind::Str: return QStringLiteral("s:") + text;
    case Kind::Bytes:
    case Kind::ByteArray: return QStringLiteral("y:") + QString::fromLatin1(bytes.toBase64());
    case Kind::NpScalar: return scalar().canonicalKey();
    case Kind::List:
    case Kind::Tuple: {
        QStringList keys;
        for (const ProbeValue &i : items)
            keys << i.canonicalKey();
        return (kind == Kind::List ? QStringLiteral("L[") : QStringLiteral("T(")) + keys.join(QLatin1Char(',')) + QLatin1Char(')');
    }
    case Kind::Set:
    case Kind::FrozenSet: {
        QStringList keys;
        for (const ProbeValue &i : items)
            keys << i.canonicalKey();
        keys.sort();
        return QStringLiteral("S{") + keys.join(QLatin1Char(',')) + QLatin1Char('}');
    }
    default:
        return QStringLiteral("?%1:%2").arg(pythonType(), summary(200));
    }
}

// ---- NdArray / PandasIndex --------------------------------------------------------------------------

qsizetype NdArray::size() const
{
    return encoding == Encoding::Tagged ? qsizetype(tagged.size()) : qsizetype(real.size());
}

ProbeValue NdArray::element(qsizetype i) const
{
    ProbeValue v;
    switch (encoding) {
    case Encoding::Bool:
        v.kind = ProbeValue::Kind::Bool;
        v.boolean = real[size_t(i)] != 0;
        v.real = real[size_t(i)];
        return v;
    case Encoding::Int:
        v.kind = ProbeValue::Kind::Int;
        v.intText = text[i];
        v.real = real[size_t(i)];
        return v;
    case Encoding::Float:
        v.kind = ProbeValue::Kind::Float;
        v.realText = text[i];
        v.real = real[size_t(i)];
        return v;
    case Encoding::Complex: {
        v.kind = ProbeValue::Kind::Complex;
        const QStringList parts = text[i].split(QLatin1Char('|'));
        v.realText = parts.value(0);
        v.imagText = parts.value(1);
        v.real = real[size_t(i)];
        v.imag = imag[size_t(i)];
        return v;
    }
    case Encoding::Tagged:
        return tagged[size_t(i)];
    }
    return v;
}

QString NdArray::indexText(qsizetype i) const
{
    if (shape.size() <= 1)
        return QStringLiteral("[%1]").arg(i);
    QList<qint64> idx;
    qint64 rest = i;
    for (auto it = shape.rbegin(); it != shape.rend(); ++it) {
        const qint64 d = *it > 0 ? *it : 1;
        idx.prepend(rest % d);
        rest /= d;
    }
    QStringList parts;
    for (qint64 k : idx)
        parts << QString::number(k);
    return QLatin1Char('[') + parts.join(QLatin1String(", ")) + QLatin1Char(']');
}

qsizetype PandasIndex::size() const
{
    if (!isRange)
        return values.size();
    const qint64 n = step > 0 ? (stop - start + step - 1) / step : (start - stop - step - 1) / -step;
    return qsizetype(std::max<qint64>(0, n));
}

ProbeValue PandasIndex::label(qsizetype i) const
{
    if (!isRange)
        return values.element(i);
    ProbeValue v;
    v.kind = ProbeValue::Kind::Int;
    const qint64 x = start + qint64(i) * step;
    v.intText = QString::number(x);
    v.real = double(x);
    return v;
}

QString PandasIndex::labelsText(int max) const
{
    QStringList parts;
    const qsizetype n = size();
    for (qsizetype i = 0; i < n && i < max; ++i)
        parts << label(i).summary(40);
    if (n > max)
        parts << QStringLiteral("… (%1 labels)").arg(n);
    return QLatin1Char('[') + parts.join(QLatin1String(", ")) + QLatin1Char(']');
}

const ProbeValue *ProbePayload::find(const QString &label, const QString &name) const
{
    auto it = probes.constFind(label);
    if (it == probes.constEnd())
        return nullptr;
    auto v = it->constFind(name);
    return v == it->constEnd() ? nullptr : &*v;
}

bool capturableName(const QString &name)
{
    static const QStringList hidden{QStringLiteral("In"), QStringLiteral("Out"), QStringLiteral("get_ipython"),
                                    QStringLiteral("exit"), QStringLiteral("quit")};
    return !name.isEmpty() && !name.startsWith(QLatin1Char('_')) && !hidden.contains(name);
}

bool ProbePayload::knownUndefined(const QString &label, const QString &name) const
{
    return capturedAll.contains(label) && capturableName(name) && !find(label, name)
           && !dropped.value(label).contains(name) && !skipped.value(label).contains(name);
}

namespace {

/// Builds a payload document without the captured values of names not in `wanted`
/// (`probes.<label>.captured.<name>`): their bytes are read and checked, nothing is built, and each is listed
/// in `skipped` by label. Every other part is built as the plain parser builds it.
class NameFilteringParser : public jsonutil::detail::RecordingDomParser<Json>
{
    using Base = jsonutil::detail::RecordingDomParser<Json>;

public:
    NameFilteringParser(Json &result, const QSet<QString> *wanted, QHash<QString, QSet<QString>> *skipped)
        : Base(result), m_wanted(wanted), m_skipped(skipped)
    {
    }
    bool null() { return m_skip ? scalar() : Base::null(); }
    bool boolean(bool v) { return m_skip ? scalar() : Base::boolean(v); }
    bool number_integer(Json::number_integer_t v) { return m_skip ? scalar() : Base::number_integer(v); }
    bool number_unsigned(Json::number_unsigned_t v) { return m_skip ? scalar() : Base::number_unsigned(v); }
    bool number_float(Json::number_float_t v, const std::string &s) { return m_skip ? scalar() : Base::number_float(v, s); }
    bool string(std::string &v) { return m_skip ? scalar() : Base::string(v); }
    bool binary(Json::binary_t &v) { return m_skip ? scalar() : Base::binary(v); }
    bool start_object(std::size_t n)
    {
        if (m_skip)
            return ++m_skipDepth, true;
        ++m_depth;
        return Base::start_object(n);
    }
    bool start_array(std::size_t n)
    {
        if (m_skip)
            return ++m_skipDepth, true;
        ++m_depth;
        return Base::start_array(n);
    }
    bool end_object() { return m_skip ? closed() : (--m_depth, Base::end_object()); }
    bool end_array() { return m_skip ? closed() : (--m_depth, Base::end_array()); }
    bool key(std::string &k)
    {
        if (m_skip)
            return true;
        // m_depth counts the open containers: the root's keys are read at 1, a label's members at 3.
        if (m_depth == 2)
            m_label = k;
        else if (m_depth == 3)
            m_member = k;
        else if (m_depth == 4 && m_member == "captured" && !m_wanted->contains(QString::fromStdString(k))) {
            (*m_skipped)[QString::fromStdString(m_label)].insert(QString::fromStdString(k));
            m_skip = true;
            m_skipDepth = 0;
            return true;
        }
        return Base::key(k);
    }

private:
    bool scalar()
    {
        if (m_skipDepth == 0)
            m_skip = false; // the skipped value was this scalar
        return true;
    }
    bool closed()
    {
        if (--m_skipDepth == 0)
            m_skip = false;
        return true;
    }

    const QSet<QString> *m_wanted;
    QHash<QString, QSet<QString>> *m_skipped;
    int m_depth = 0;
    bool m_skip = false;
    int m_skipDepth = 0; ///< containers open inside the skipped value
    std::string m_label, m_member;
};

} // namespace

// ---- decoding ---------------------------------------------------------------------------------------

static Error decodeError(const QString &where, const QString &path, const QString &message)
{
    return Error{where, path, message};
}

Expected<ProbeValue> decodeProbeValue(const QByteArray &json, const QString &where)
{
    Expected<Json> parsed = jsonutil::parse<Json>(json, where);
    if (!parsed)
        return parsed.error();
    const Json &j = *parsed;
    try {
        return Decoder().value(j, QStringLiteral("value"));
    } catch (const DecodeError &e) {
        return decodeError(where, e.path, e.message);
    }
}

namespace {

/// An Error value standing for a value whose encoding is malformed at `path`.
ProbeValue malformedValue(const QString &path, const QString &message)
{
    ProbeValue bad;
    bad.kind = ProbeValue::Kind::Error;
    bad.text = QStringLiteral("the encoded value is malformed at %1: %2").arg(path, message);
    return bad;
}

/// `j` decoded, or a malformedValue(): one undecodable value never makes the others unreadable (shared case C17).
ProbeValue decodeOrMalformed(Decoder &decoder, const Json &j, const QString &path)
{
    try {
        return decoder.value(j, path);
    } catch (const DecodeError &e) {
        return malformedValue(e.path, e.message);
    }
}

/// Reads the probes of a sandmark-payload/1 document into a ProbePayload, one by one, then resolves the captured
/// values that several probes share.
class PayloadReader
{
public:
    /// `skipped`: by label, the captured names the parse skipped (NameFilteringParser).
    PayloadReader(ProbePayload &payload, const QString &where, const QHash<QString, QSet<QString>> &skipped)
        : m_payload(payload), m_where(where), m_skipped(skipped)
    {
    }

    /// Reads the probe `label`: its namespace listing, its checked values, then what it captured.
    Expected<void> readProbe(const QString &label, Json &probe)
    {
        const QString lp = QStringLiteral("probes.%1").arg(label);
        if (!probe.is_object() || !probe.contains("values") || !probe["values"].is_object())
            return decodeError(m_where, lp, QStringLiteral("must hold a \"values\" object"));
        if (auto ns = probe.find("namespace"); ns != probe.end() && ns->is_array())
            if (Expected<void> read = readNamespace(probe, *ns, lp); !read)
                return read;
        readValues(probe["values"], label, lp + QStringLiteral(".values."), false);
        // Every other top-level name (section 5): only a well-formed capture says which names were not defined.
        if (auto cap = probe.find("captured"); cap != probe.end() && cap->is_object())
            readCaptured(probe, *cap, label, lp);
        return {};
    }

    /// Resolves every reference against the values as read (a reference is never a holder: no chains), then
    /// inserts them.
    void resolveSharedCaptures()
    {
        QList<ProbeValue> resolved;
        for (const SharedCapture &c : std::as_const(m_shared)) {
            const auto held = m_payload.probes.constFind(c.at);
            if (c.at != c.label && held != m_payload.probes.cend() && held->contains(c.name))
                resolved.append(held->value(c.name));
            else
                resolved.append(
                    malformedValue(c.path, QStringLiteral("it refers to probe '%1', which does not hold it").arg(c.at)));
        }
        for (qsizetype i = 0; i < m_shared.size(); ++i)
            m_payload.probes[m_shared[i].label].insert(m_shared[i].name, resolved[i]);
    }

private:
    /// The reference run's namespace listing (section 4) of the probe at `lp`.
    Expected<void> readNamespace(const Json &probe, const Json &listing, const QString &lp)
    {
        m_payload.hasNamespace = true;
        size_t i = 0;
        for (const Json &pair : listing) {
            const QString np = lp + QStringLiteral(".namespace[%1]").arg(i++);
            if (!pair.is_array() || pair.size() != 2 || !pair[0].is_string())
                return decodeError(m_where, np, QStringLiteral("must be a [name, value] pair"));
            m_payload.namespaceListing.append(
                NamespaceEntry{qs(pair[0].get<std::string>()), decodeOrMalformed(m_decoder, pair[1], np)});
        }
        if (auto om = probe.find("namespace_omitted"); om != probe.end() && om->is_number_integer())
            m_payload.namespaceOmitted = om->get<qint64>();
        return {};
    }

    /// The names `dropped` lists and the values `captured` holds (section 5) of the probe `label` at `lp`.
    void readCaptured(const Json &probe, Json &captured, const QString &label, const QString &lp)
    {
        auto dr = probe.find("dropped");
        if (dr != probe.end() && dr->is_array()
            && std::all_of(dr->begin(), dr->end(), [](const Json &n) { return n.is_string(); })) {
            QSet<QString> &names = m_payload.dropped[label];
            for (const Json &n : *dr)
                names.insert(qs(n.get<std::string>()));
            m_payload.capturedAll.insert(label);
        }
        readValues(captured, label, lp + QStringLiteral(".captured."), true);
        if (auto sk = m_skipped.find(label); sk != m_skipped.end())
            m_payload.skipped.insert(sk.key(), *sk);
    }

    /// The values of `object` (name → encoded value, at `path`) into the probe `label`'s; in a capture, a
    /// {"t": "same", "at": LABEL} is noted for resolveSharedCaptures().
    void readValues(Json &object, const QString &label, const QString &path, bool captured)
    {
        QHash<QString, ProbeValue> &values = m_payload.probes[label];
        for (auto &[name, enc] : object.items()) {
            if (values.contains(qs(name)))
                continue; // a checked name's value wins over a captured one
            if (captured && enc.is_object() && jsonutil::stringOr(enc, "t") == "same") {
                m_shared.append({label, qs(name), qs(jsonutil::stringOr(enc, "at")), path + qs(name)});
                continue;
            }
            values.insert(qs(name), decodeOrMalformed(m_decoder, enc, path + qs(name)));
        }
    }

    /// A captured value stored once for several probes (section 5), resolved after every probe is read (labels
    /// are read in name order, not in the order the probes ran).
    struct SharedCapture
    {
        QString label, name, at, path;
    };

    ProbePayload &m_payload;
    const QString m_where;
    const QHash<QString, QSet<QString>> &m_skipped;
    Decoder m_decoder;
    QList<SharedCapture> m_shared;
};

} // namespace

Expected<ProbePayload> decodeProbePayload(const QByteArray &json, const QString &where, const QSet<QString> *onlyNames)
{
    ProbePayload payload;
    if (json.trimmed().isEmpty() || json.trimmed() == "null")
        return payload;
    QHash<QString, QSet<QString>> skipped;
    Expected<Json> parsed = onlyNames ? jsonutil::parse<Json, NameFilteringParser>(json, where, onlyNames, &skipped)
                                      : jsonutil::parse<Json>(json, where);
    if (!parsed)
        return parsed.error();
    Json &j = *parsed;
    if (j.is_null())
        return payload;
    if (!j.is_object() || jsonutil::stringOr(j, "format") != "sandmark-payload/1")
        return decodeError(where, QStringLiteral("format"), QStringLiteral("not a sandmark-payload/1 document"));
    if (!j.contains("probes") || !j["probes"].is_object())
        return decodeError(where, QStringLiteral("probes"), QStringLiteral("must be an object"));
    payload.isNull = false;
    PayloadReader reader(payload, where, skipped);
    for (auto &[label, probe] : j["probes"].items())
        if (Expected<void> read = reader.readProbe(qs(label), probe); !read)
            return read.error();
    reader.resolveSharedCaptures();
    return payload;
}

} // namespace sandmark
