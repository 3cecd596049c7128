#pragma once
// Private to sandmark_core: reading JSON files with nlohmann_json and turning its syntax errors into Errors
// that name the line and column a person would look at. Never include from a public header.

#include "util/expected.h"

#include <QByteArray>
#include <QLocale>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QVariant>
#include <QVariantList>
#include <QVariantMap>

#include <nlohmann/json.hpp>

#include <cctype>
#include <cmath>
#include <cstdint>
#include <exception>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace sandmark::jsonutil {

/// Deepest nesting of arrays and objects accepted. Python's json module (which writes every notebook) stops
/// near 1000 levels; deeper input is hostile and would overflow the stack of the recursive copy and dump.
constexpr int MaxDepth = 1000;

struct LineCol
{
    qint64 line;   ///< 1-based
    qint64 column; ///< 1-based, in bytes of the line
};

/// Line and column of byte `offset` (0-based) of `bytes`.
inline LineCol lineColAt(const QByteArray &bytes, qint64 offset)
{
    qint64 line = 1;
    qint64 lineStart = 0;
    const qint64 end = std::min<qint64>(offset, bytes.size());
    for (qint64 i = 0; i < end; ++i) {
        if (bytes.at(i) == '\n') {
            ++line;
            lineStart = i + 1;
        }
    }
    return {line, offset - lineStart + 1};
}

/// The offset of the '"' that closes the JSON string opened at `open` (escapes skipped), or the size of `bytes` when
/// none does.
inline qint64 stringEnd(const QByteArray &bytes, qint64 open)
{
    for (qint64 i = open + 1; i < bytes.size(); ++i) {
        if (bytes.at(i) == '\\')
            ++i;
        else if (bytes.at(i) == '"')
            return i;
    }
    return bytes.size();
}

/// Offset of the first '[' or '{' nested deeper than MaxDepth (strings skipped), or -1.
inline qint64 tooDeepAt(const QByteArray &bytes)
{
    int depth = 0;
    for (qint64 i = 0; i < bytes.size(); ++i) {
        const char c = bytes.at(i);
        if (c == '"') {
            i = stringEnd(bytes, i);
        } else if (c == '[' || c == '{') {
            if (++depth > MaxDepth)
                return i;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return -1;
}

/// 0-based offset of the start of the token that ends at `last` (a string literal, a word or a number),
/// so that "unexpected string literal" points at its opening quote, as Python's json module does.
inline qint64 tokenStart(const QByteArray &bytes, qint64 last)
{
    if (last < 0 || last >= bytes.size())
        return last;
    const auto isWordChar = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '+';
    };
    if (bytes.at(last) == '"') {
        for (qint64 i = last - 1; i >= 0; --i) {
            if (bytes.at(i) != '"')
                continue;
            qint64 slashes = 0;
            for (qint64 k = i - 1; k >= 0 && bytes.at(k) == '\\'; --k)
                ++slashes;
            if (slashes % 2 == 0)
                return i;
        }
        return last;
    }
    qint64 i = last;
    while (i > 0 && isWordChar(bytes.at(last)) && isWordChar(bytes.at(i - 1)))
        --i;
    return i;
}

namespace detail {
/// nlohmann's DOM builder, told not to throw, that keeps the first error's byte position and message. Every
/// error the parser reports goes through parse_error(): syntax errors (parse_error 101), and numbers outside
/// the range of a double such as 1e999 (out_of_range 406), which nlohmann's own parse() would throw as an
/// exception its callers do not expect. A caller that builds less than the whole document derives from it
/// (parse()'s `Sax`).
template <typename JsonT>
class RecordingDomParser : public nlohmann::detail::json_sax_dom_parser<JsonT>
{
public:
    explicit RecordingDomParser(JsonT &result) : nlohmann::detail::json_sax_dom_parser<JsonT>(result, false) {}
    template <typename Exception>
    bool parse_error(std::size_t position, const std::string &lastToken, const Exception &ex)
    {
        if (!failed) {
            failed = true;
            byte = position;
            token = lastToken;
            what = ex.what();
            overflow = ex.id == 406;
        }
        return false;
    }
    bool failed = false;
    bool overflow = false;  ///< a number outside the range of a double
    std::size_t byte = 0;   ///< 1-based: the last byte read
    std::string token;      ///< the token being read
    std::string what;
};

/// The Error of a failed parse of `bytes`: `lastByte` (1-based) is the last byte the parser read, `what` its message.
/// A parse that ran out of bytes says "the file ends early (cut off?)" first.
inline Error parseError(const QByteArray &bytes, const QString &file, std::size_t lastByte, bool overflow,
                        const std::string &token, const std::string &rawWhat)
{
    // `lastByte` is the last byte read. When the lexer rejected a byte, that byte is the place; when a whole
    // token was unexpected (or a number overflowed), its start is.
    QString what = QString::fromStdString(rawWhat);
    qint64 offset = lastByte > 0 ? qint64(lastByte) - 1 : 0;
    if (overflow) {
        // The lexer has read one byte past the number (the delimiter) unless the input ended with it.
        if (offset >= bytes.size() || !(std::isdigit(static_cast<unsigned char>(bytes.at(offset)))))
            --offset;
        offset = tokenStart(bytes, offset);
        QString number = QString::fromStdString(token);
        if (number.size() > 40)
            number = number.left(40) + QStringLiteral("…");
        const LineCol lc = lineColAt(bytes, offset);
        return Error{file, QStringLiteral("line %1, column %2").arg(lc.line).arg(lc.column),
                     QStringLiteral("invalid JSON: the number %1 is outside the range of a double (about ±1.8e308)")
                         .arg(number)};
    }
    const qsizetype cut = what.indexOf(QLatin1String(": "), what.indexOf(QLatin1String("parse error")));
    if (cut > 0)
        what = what.mid(cut + 2);
    if (!what.contains(QLatin1String("; last read:"))) {
        offset = tokenStart(bytes, offset);
    } else if (what.contains(QLatin1String("invalid literal"))) {
        // "four" fails at its "o": point at the word's start, as Python's json module does.
        while (offset > 0 && offset <= bytes.size()
               && std::isalpha(static_cast<unsigned char>(bytes.at(offset - 1))))
            --offset;
    }
    const LineCol lc = lineColAt(bytes, offset);
    // The parser read past the last byte: the document stops before its end (an upload or a copy cut off). Said in
    // words a person reads, before the parser's "unexpected end of input" or "missing closing quote".
    const bool endsEarly = lastByte > std::size_t(bytes.size());
    return Error{file, QStringLiteral("line %1, column %2").arg(lc.line).arg(lc.column),
                 QStringLiteral("invalid JSON: %1%2").arg(endsEarly ? QStringLiteral("the file ends early (cut off?): ") : QString(), what)};
}

} // namespace detail

/// Python's json module reads and writes three constants JSON does not have: `NaN`, `Infinity` and `-Infinity`
/// (json.dumps(float('nan'))), and nbformat keeps them, so a notebook whose output holds a NaN opens in Jupyter.
/// Replaces each such token outside strings in `bytes` by `null` (the value Qt and nlohmann write for a
/// non-finite number) and returns how many it replaced, with the 1-based line of the first in `firstLine`.
/// Columns of later errors on a line that held one shift by the length difference. Pure function.
inline int replacePythonConstants(QByteArray &bytes, qint64 *firstLine = nullptr)
{
    const auto isDelimiter = [](char c) {
        return c == ',' || c == ':' || c == '[' || c == ']' || c == '{' || c == '}' || c == ' ' || c == '\t'
            || c == '\n' || c == '\r';
    };
    QByteArray out;
    int replaced = 0;
    qint64 copied = 0;
    for (qint64 i = 0; i < bytes.size(); ++i) {
        const char c = bytes.at(i);
        if (c == '"') {
            i = stringEnd(bytes, i);
            continue;
        }
        if ((c != 'N' && c != 'I' && c != '-') || (i > 0 && !isDelimiter(bytes.at(i - 1))))
            continue;
        qint64 length = 0;
        for (const QByteArrayView word : {QByteArrayView("NaN"), QByteArrayView("Infinity"), QByteArrayView("-Infinity")}) {
            if (QByteArrayView(bytes).sliced(i).startsWith(word)
                && (i + word.size() == bytes.size() || isDelimiter(bytes.at(i + word.size()))))
                length = word.size();
        }
        if (length == 0)
            continue;
        if (replaced++ == 0 && firstLine)
            *firstLine = lineColAt(bytes, i).line;
        out.append(bytes.constData() + copied, i - copied).append("null");
        copied = i + length;
        i += length - 1;
    }
    if (replaced > 0) {
        out.append(bytes.constData() + copied, bytes.size() - copied);
        bytes = out;
    }
    return replaced;
}

/// Parses `bytes` as JSON (key order kept with the default ordered_json) and never throws: every outside
/// file Sandmark reads (notebooks, assignment.json, probe payloads, the runner's answer) goes through here.
/// Errors name `file` and the line and column: an empty file, a syntax error (at the start of the
/// unexpected token, or at the byte the lexer rejected), a number outside the range of a double (`1e999`;
/// Python's json module writes infinity as `Infinity`, which is not JSON either), nesting deeper than
/// MaxDepth. `Sax` builds the result: the whole document, or a subclass of detail::RecordingDomParser
/// constructed with (result, saxArgs…) that leaves out what its caller does not need (every byte is still
/// read and checked).
template <typename JsonT = nlohmann::ordered_json, typename Sax = detail::RecordingDomParser<JsonT>, typename... SaxArgs>
Expected<JsonT> parse(const QByteArray &bytes, const QString &file, SaxArgs &&...saxArgs)
{
    if (bytes.trimmed().isEmpty())
        return Error{file, {}, QStringLiteral("the file is empty (%1 bytes): not JSON").arg(bytes.size())};
    if (const qint64 deep = tooDeepAt(bytes); deep >= 0) {
        const LineCol lc = lineColAt(bytes, deep);
        return Error{file, QStringLiteral("line %1, column %2").arg(lc.line).arg(lc.column),
                     QStringLiteral("invalid JSON: nested more than %1 levels deep").arg(MaxDepth)};
    }
    JsonT root;
    Sax sax(root, std::forward<SaxArgs>(saxArgs)...);
    try {
        JsonT::sax_parse(bytes.constData(), bytes.constData() + bytes.size(), &sax);
    } catch (const std::exception &e) { // nothing in the parser throws with exceptions off but allocation
        return Error{file, {}, QStringLiteral("cannot read the JSON: %1").arg(QString::fromUtf8(e.what()))};
    }
    if (sax.failed)
        return detail::parseError(bytes, file, sax.byte, sax.overflow, sax.token, sax.what);
    return root;
}

/// The string `v` holds, or `fallback` when it holds another type (QJsonValue::toString()'s rule; never throws).
template <typename JsonT>
std::string stringOf(const JsonT &v, const std::string &fallback = {})
{
    return v.is_string() ? v.template get<std::string>() : fallback;
}

/// The string at `key` of object `j`; `fallback` when `j` is not an object, lacks the key or holds another
/// type there. Unlike nlohmann's value(), which throws type_error for a value of another type, this never
/// throws: outside data decides the types.
template <typename JsonT>
std::string stringOr(const JsonT &j, const char *key, const std::string &fallback = {})
{
    if (!j.is_object())
        return fallback;
    const auto it = j.find(key);
    return it != j.end() ? stringOf(*it, fallback) : fallback;
}

/// The boolean at `key` of object `j`, or `fallback` (never throws; see stringOr()).
template <typename JsonT>
bool boolOr(const JsonT &j, const char *key, bool fallback)
{
    if (!j.is_object())
        return fallback;
    const auto it = j.find(key);
    return it != j.end() && it->is_boolean() ? it->template get<bool>() : fallback;
}

/// The integer at `key` of object `j`, or `fallback` (never throws; see stringOr()). Unsigned integers
/// above the range of qint64 give `fallback`.
template <typename JsonT>
qint64 intOr(const JsonT &j, const char *key, qint64 fallback)
{
    if (!j.is_object())
        return fallback;
    const auto it = j.find(key);
    if (it == j.end() || !it->is_number_integer())
        return fallback;
    if (it->is_number_unsigned() && it->template get<std::uint64_t>() > std::uint64_t(std::numeric_limits<qint64>::max()))
        return fallback;
    return it->template get<qint64>();
}

/// `v` as a JSON number the way Qt's JSON writer and Python's json module spell it: an integral value below 2^53
/// as an integer (60, not 60.0), any other as a double (nlohmann writes a non-finite one as null, as Qt does).
/// dump() writes such a double with the digits it picks, which for about 1 in 500 values are not Qt's shortest
/// ones (0.5353019999999999 for 0.535302: the same double, other bytes); qtIndented() writes Qt's.
template <typename JsonT = nlohmann::json>
JsonT number(double v)
{
    if (std::floor(v) == v && std::fabs(v) < 9007199254740992.0)
        return JsonT(qint64(v));
    return JsonT(v);
}

namespace detail {
/// qtIndented() or qtCompact().
template <typename JsonT>
std::string qtJson(const JsonT &j, bool indented)
{
    std::string out;
    const auto write = [&out, indented](const auto &self, const JsonT &v, std::size_t level) -> void {
        if (v.is_number_float()) {
            const double d = v.template get<double>();
            const JsonT n = number<JsonT>(d);
            out += n.is_number_float() && std::isfinite(d)
                ? QByteArray::number(d, 'g', QLocale::FloatingPointShortest).toStdString()
                : n.dump();
            return;
        }
        if (!v.is_structured()) {
            out += v.dump();
            return;
        }
        out += v.is_object() ? '{' : '[';
        for (auto it = v.begin(); it != v.end(); ++it) {
            if (indented)
                out.append(it == v.begin() ? "\n" : ",\n").append(4 * (level + 1), ' ');
            else if (it != v.begin())
                out += ',';
            if (v.is_object())
                out += JsonT(it.key()).dump() + (indented ? ": " : ":");
            self(self, *it, level + 1);
        }
        if (indented)
            out.append("\n").append(4 * level, ' ');
        out += v.is_object() ? '}' : ']';
    };
    write(write, j, 0);
    return indented ? out + '\n' : out;
}
} // namespace detail

/// `j` as QJsonDocument::toJson() (Indented) writes it, for files Sandmark has always written that way: four
/// spaces a level, an empty array or object opened and closed on lines of their own ("[\n    ]"), a final newline,
/// doubles as Qt spells them (see number()). Keys in `j`'s order: nlohmann::json sorts them, as Qt does.
template <typename JsonT>
std::string qtIndented(const JsonT &j)
{
    return detail::qtJson(j, true);
}

/// `j` as QJsonDocument::toJson(QJsonDocument::Compact) writes it: as qtIndented(), without a space or a newline.
template <typename JsonT>
std::string qtCompact(const JsonT &j)
{
    return detail::qtJson(j, false);
}

/// `v` as QJsonValue::toVariant() converts it, for a public API that hands JSON on as QVariant: null as
/// nullptr, a bool, a string as QString, an array as QVariantList, an object as QVariantMap (keys sorted), and a
/// number as Qt holds it: an integral value in the range of qint64 (1, 1.0, 1e2) as qlonglong, any other as a double.
template <typename JsonT>
QVariant toVariant(const JsonT &v)
{
    switch (v.type()) {
    case nlohmann::json::value_t::null: return QVariant::fromValue(nullptr);
    case nlohmann::json::value_t::boolean: return v.template get<bool>();
    case nlohmann::json::value_t::string: return QString::fromStdString(v.template get<std::string>());
    case nlohmann::json::value_t::number_integer: return qlonglong(v.template get<std::int64_t>());
    case nlohmann::json::value_t::number_unsigned: {
        const std::uint64_t n = v.template get<std::uint64_t>();
        return n <= std::uint64_t(std::numeric_limits<qint64>::max()) ? QVariant(qlonglong(n)) : QVariant(double(n));
    }
    case nlohmann::json::value_t::number_float: {
        const double d = v.template get<double>();
        return std::trunc(d) == d && d >= -9223372036854775808.0 && d < 9223372036854775808.0 ? QVariant(qlonglong(d))
                                                                                              : QVariant(d);
    }
    case nlohmann::json::value_t::array: {
        QVariantList list;
        for (const JsonT &e : v)
            list.append(toVariant(e));
        return list;
    }
    case nlohmann::json::value_t::object: {
        QVariantMap map;
        for (auto it = v.begin(); it != v.end(); ++it)
            map.insert(QString::fromStdString(it.key()), toVariant(*it));
        return map;
    }
    default: return {};
    }
}

/// `v`, a JSON value as toVariant() gives it (or as a caller builds one: an int, a double, a QString, a
/// QStringList, a QVariantList, a QVariantMap), as JSON — toVariant()'s way back, for a public API that takes JSON as
/// QVariant (an edit's changes). null for QVariant() and for nullptr alike: where "absent" differs from "null" (an
/// edit's key left alone or removed), the caller's map says it by holding the key or not. Integers stay integers
/// (any integral QVariant type), a double goes through number() (2.0 as 2, as Qt writes it; others keep their digits
/// through qtIndented()), a bool stays a bool, a string or a list of strings as such, a map as an object in its key
/// order; any other type as its toString() (QJsonValue::fromVariant()'s rule for what converts to text), else null.
template <typename JsonT = nlohmann::ordered_json>
JsonT fromVariant(const QVariant &v)
{
    switch (v.typeId()) {
    case QMetaType::UnknownType:
    case QMetaType::Nullptr: return nullptr;
    case QMetaType::Bool: return v.toBool();
    case QMetaType::Int:
    case QMetaType::Short:
    case QMetaType::Long:
    case QMetaType::LongLong: return v.toLongLong();
    case QMetaType::UInt:
    case QMetaType::UShort:
    case QMetaType::ULong:
    case QMetaType::ULongLong: return std::uint64_t(v.toULongLong());
    case QMetaType::Double:
    case QMetaType::Float: return number<JsonT>(v.toDouble());
    case QMetaType::QString: return v.toString().toStdString();
    case QMetaType::QStringList: {
        JsonT a = JsonT::array();
        for (const QString &s : v.toStringList())
            a.push_back(s.toStdString());
        return a;
    }
    case QMetaType::QVariantList: {
        JsonT a = JsonT::array();
        for (const QVariant &e : v.toList())
            a.push_back(fromVariant<JsonT>(e));
        return a;
    }
    case QMetaType::QVariantMap: {
        JsonT o = JsonT::object();
        const QVariantMap map = v.toMap();
        for (auto it = map.cbegin(); it != map.cend(); ++it)
            o[it.key().toStdString()] = fromVariant<JsonT>(it.value());
        return o;
    }
    default:
        if (v.canConvert<QString>())
            return v.toString().toStdString();
        return nullptr;
    }
}

/// The array at `key` of object `j`, or an empty array (never throws).
template <typename JsonT>
JsonT arrayOr(const JsonT &j, const char *key)
{
    if (!j.is_object())
        return JsonT::array();
    const auto it = j.find(key);
    return it != j.end() && it->is_array() ? *it : JsonT::array();
}

/// The object at `key` of object `j`, or an empty object (never throws).
template <typename JsonT>
JsonT objectOr(const JsonT &j, const char *key)
{
    if (!j.is_object())
        return JsonT::object();
    const auto it = j.find(key);
    return it != j.end() && it->is_object() ? *it : JsonT::object();
}

/// A key that appears twice in one JSON object. nlohmann (like most readers) keeps one of the values
/// silently, so a file that says `"points": 1, ..., "points": 5` means whatever the reader picked.
struct DuplicateKey
{
    QString path;    ///< field path of the key: "checks[0].points", "slug" (keys as written, arrays as [i])
    qint64 line;     ///< 1-based line of the repeated key
    qint64 firstLine; ///< 1-based line of its first occurrence
};

/// Every repeated key of every object in `bytes`, in file order. `bytes` must be valid JSON (parse() it
/// first); keys are compared after unescaping ("a" and "\u0061" are the same key). Pure function.
inline QList<DuplicateKey> duplicateKeys(const QByteArray &bytes)
{
    struct Frame
    {
        bool object = false;
        bool expectKey = false;
        qint64 index = 0;                          ///< arrays: the element being read
        QString key;                               ///< objects: the key being read
        std::map<std::string, qint64> seen;        ///< objects: key -> line of its first occurrence
    };
    QList<DuplicateKey> out;
    std::vector<Frame> stack;
    const auto pathOf = [&](const QString &last) {
        QString path;
        for (size_t k = 0; k + 1 < stack.size(); ++k) {
            const Frame &f = stack[k];
            if (f.object)
                path += (path.isEmpty() ? QString() : QStringLiteral(".")) + f.key;
            else
                path += QStringLiteral("[%1]").arg(f.index);
        }
        return path.isEmpty() ? last : path + QLatin1Char('.') + last;
    };
    qint64 line = 1;
    for (qint64 i = 0; i < bytes.size(); ++i) {
        const char c = bytes.at(i);
        if (c == '\n') {
            ++line;
        } else if (c == '"') {
            const qint64 start = i;
            for (++i; i < bytes.size() && bytes.at(i) != '"'; ++i)
                if (bytes.at(i) == '\\')
                    ++i;
            if (stack.empty() || !stack.back().object || !stack.back().expectKey)
                continue;
            Frame &f = stack.back();
            f.expectKey = false;
            const QByteArray token = bytes.mid(start, i - start + 1);
            const auto decoded = nlohmann::json::parse(token.constData(), token.constData() + token.size(), nullptr, false);
            const std::string key = decoded.is_string() ? decoded.get<std::string>() : token.toStdString();
            f.key = QString::fromStdString(key);
            if (const auto it = f.seen.find(key); it != f.seen.end())
                out.append({pathOf(f.key), line, it->second});
            else
                f.seen.emplace(key, line);
        } else if (c == '{' || c == '[') {
            Frame f;
            f.object = c == '{';
            f.expectKey = f.object;
            stack.push_back(std::move(f));
        } else if (c == '}' || c == ']') {
            if (!stack.empty())
                stack.pop_back();
        } else if (c == ',' && !stack.empty()) {
            if (stack.back().object)
                stack.back().expectKey = true;
            else
                ++stack.back().index;
        }
    }
    return out;
}

} // namespace sandmark::jsonutil
