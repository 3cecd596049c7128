#include "util/jsonsplice_p.h"

#include "util/json_p.h"

#include <QSaveFile>

#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace sandmark::jsonutil {

namespace {

using OJson = nlohmann::ordered_json;

struct Item;

// Where a value sits in the original text: [begin, end), and for objects and arrays where each member sits.
struct Span
{
    enum Kind { Scalar, Object, Array } kind = Scalar;
    size_t begin = 0, end = 0;
    std::vector<Item> items;
};

// A member of an object or an element of an array.
struct Item
{
    std::string key;   ///< objects: the member's key, unescaped
    size_t start = 0;  ///< the key's opening quote (objects) or the value's first byte (arrays)
    size_t keyEnd = 0; ///< objects: just after the key's closing quote
    Span value;
};

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// A recursive-descent scanner for the byte ranges of valid JSON (the caller parses it with nlohmann first; the
// scanner still refuses whatever it does not understand, and an object with a repeated key).
class Scanner
{
public:
    explicit Scanner(std::string_view text) : s(text) {}

    bool document(Span &root)
    {
        skipSpace();
        if (!value(root, 0))
            return false;
        skipSpace();
        return pos == s.size();
    }

private:
    std::string_view s;
    size_t pos = 0;

    void skipSpace()
    {
        while (pos < s.size() && isSpace(s[pos]))
            ++pos;
    }

    bool string()
    {
        if (pos >= s.size() || s[pos] != '"')
            return false;
        for (++pos; pos < s.size(); ++pos) {
            if (s[pos] == '\\')
                ++pos;
            else if (s[pos] == '"')
                return ++pos, true;
        }
        return false;
    }

    bool value(Span &n, int depth)
    {
        if (depth > MaxDepth || pos >= s.size())
            return false;
        n.begin = pos;
        const char c = s[pos];
        if (c == '{' || c == '[') {
            const bool object = c == '{';
            const char close = object ? '}' : ']';
            n.kind = object ? Span::Object : Span::Array;
            ++pos;
            skipSpace();
            if (pos < s.size() && s[pos] == close) {
                n.end = ++pos;
                return true;
            }
            for (;;) {
                Item item;
                item.start = pos;
                if (object) {
                    if (!string())
                        return false;
                    item.keyEnd = pos;
                    const OJson key = OJson::parse(s.substr(item.start, pos - item.start), nullptr, false);
                    if (!key.is_string())
                        return false;
                    item.key = key.get<std::string>();
                    for (const Item &other : n.items)
                        if (other.key == item.key)
                            return false;
                    skipSpace();
                    if (pos >= s.size() || s[pos] != ':')
                        return false;
                    ++pos;
                    skipSpace();
                }
                if (!value(item.value, depth + 1))
                    return false;
                n.items.push_back(std::move(item));
                skipSpace();
                if (pos >= s.size())
                    return false;
                if (s[pos] == close) {
                    n.end = ++pos;
                    return true;
                }
                if (s[pos] != ',')
                    return false;
                ++pos;
                skipSpace();
            }
        }
        if (c == '"') {
            if (!string())
                return false;
        } else {
            while (pos < s.size() && !isSpace(s[pos]) && s[pos] != ',' && s[pos] != ']' && s[pos] != '}' && s[pos] != ':')
                ++pos;
            if (pos == n.begin)
                return false;
        }
        n.end = pos;
        return true;
    }
};

// How the original is written, for what has to be written anew.
struct Style
{
    std::string unit = "  ";         ///< one level of indentation
    bool asciiOnly = false;          ///< non-ASCII written as \u escapes
    bool inlineScalarArrays = false; ///< arrays of numbers and strings on one line
};

class Splicer
{
public:
    Splicer(std::string_view text, const Style &style) : s(text), st(style) {}

    // `v` written in place of the original value `n`, whose line starts with `indent`.
    std::string splice(const Span &n, const OJson &v, const std::string &indent) const
    {
        if (same(n, v))
            return std::string(text(n));
        if (!n.items.empty() && ((n.kind == Span::Object && v.is_object()) || (n.kind == Span::Array && v.is_array())))
            return container(n, v, indent);
        const bool oneLine = n.kind != Span::Scalar && !n.items.empty() && text(n).find('\n') == std::string_view::npos;
        return fresh(v, indent, !oneLine);
    }

private:
    std::string_view s;
    Style st;

    std::string_view text(const Span &n) const { return s.substr(n.begin, n.end - n.begin); }
    std::string_view between(size_t from, size_t to) const { return s.substr(from, to - from); }

    bool same(const Span &n, const OJson &v) const
    {
        const OJson o = OJson::parse(text(n), nullptr, false);
        return !o.is_discarded() && o == v;
    }

    std::string scalar(const OJson &v) const { return v.dump(-1, ' ', st.asciiOnly, OJson::error_handler_t::replace); }

    static bool allScalars(const OJson &v)
    {
        for (const OJson &e : v)
            if (e.is_structured())
                return false;
        return true;
    }

    // A value written anew: on several lines below `indent`, or on one line as Python's json.dumps writes it.
    std::string fresh(const OJson &v, const std::string &indent, bool multiLine) const
    {
        if (!v.is_structured() || v.empty())
            return scalar(v);
        const bool object = v.is_object();
        if (v.is_array() && allScalars(v) && st.inlineScalarArrays)
            multiLine = false;
        const std::string inner = indent + st.unit;
        std::string out(1, object ? '{' : '[');
        bool first = true;
        for (auto it = v.begin(); it != v.end(); ++it) {
            out += first ? "" : ",";
            out += multiLine ? "\n" + inner : std::string(first ? "" : " ");
            first = false;
            if (object)
                out += scalar(OJson(it.key())) + ": ";
            out += fresh(*it, inner, multiLine);
        }
        if (multiLine)
            out += "\n" + indent;
        out += object ? '}' : ']';
        return out;
    }

    // An object or array that changed inside: kept members with their own text and separators, changed ones
    // spliced, new ones written in the style of their siblings.
    std::string container(const Span &n, const OJson &v, const std::string &indent) const
    {
        const bool object = n.kind == Span::Object;
        struct Entry
        {
            int original = -1; ///< index into n.items, or -1 for a new member
            std::string key;
            const OJson *value;
        };
        std::vector<Entry> entries;
        if (object) {
            int last = -1;
            for (auto it = v.begin(); it != v.end(); ++it) {
                int found = -1;
                for (size_t i = 0; i < n.items.size(); ++i)
                    if (n.items[i].key == it.key())
                        found = int(i);
                if (found >= 0 && found < last) // reordered: write the object anew in its own style
                    return fresh(v, indent, text(n).find('\n') != std::string_view::npos);
                if (found >= 0)
                    last = found;
                entries.push_back({found, it.key(), &*it});
            }
        } else {
            size_t i = 0;
            for (size_t j = 0; j < v.size(); ++j) {
                while (i < n.items.size() && !same(n.items[i].value, v[j]) && n.items.size() - i > v.size() - j)
                    ++i; // removed
                entries.push_back({i < n.items.size() ? int(i) : -1, {}, &v[j]});
                if (i < n.items.size())
                    ++i;
            }
        }
        const char open = object ? '{' : '[', close = object ? '}' : ']';
        if (entries.empty())
            return std::string{open, close};

        const auto &items = n.items;
        const std::string_view opening = between(n.begin + 1, items.front().start);
        const std::string_view closing = between(items.back().value.end, n.end - 1);
        const auto gap = [&](size_t i) { return between(items[i - 1].value.end, items[i].start); };
        const size_t nl = opening.rfind('\n');
        const std::string memberIndent = nl == std::string_view::npos ? indent : std::string(opening.substr(nl + 1));
        const std::string separator = items.size() > 1 ? std::string(gap(1))
                                      : nl != std::string_view::npos ? "," + std::string(opening)
                                                                     : std::string(", ");
        const std::string colon = object ? std::string(between(items.front().keyEnd, items.front().value.begin)) : std::string();
        const bool multiLine = text(n).find('\n') != std::string_view::npos;

        std::string out(1, open);
        for (size_t k = 0; k < entries.size(); ++k) {
            const Entry &e = entries[k];
            out += k == 0 ? std::string(opening) : e.original > 0 ? std::string(gap(size_t(e.original))) : separator;
            if (e.original >= 0) {
                const Item &item = items[size_t(e.original)];
                out += between(item.start, item.value.begin);
                out += splice(item.value, *e.value, memberIndent);
                continue;
            }
            if (object)
                out += scalar(OJson(e.key)) + colon;
            out += fresh(*e.value, memberIndent, siblingMultiLine(n, *e.value, multiLine));
        }
        out += closing;
        out += close;
        return out;
    }

    // Whether a new value goes on several lines: as most siblings of its kind were written (one line on a tie: a
    // sibling wrapped because of a long string does not set the style), else as its container.
    bool siblingMultiLine(const Span &n, const OJson &v, bool fallback) const
    {
        const Span::Kind kind = v.is_object() ? Span::Object : v.is_array() ? Span::Array : Span::Scalar;
        int oneLine = 0, several = 0;
        for (const auto &item : n.items)
            if (item.value.kind == kind && kind != Span::Scalar && !item.value.items.empty())
                ++(text(item.value).find('\n') != std::string_view::npos ? several : oneLine);
        return oneLine + several == 0 ? fallback : several > oneLine;
    }
};

void detectStyle(std::string_view s, const Span &n, Style &st, bool &unitFound, int &scalarArrays)
{
    if (n.kind == Span::Scalar || n.items.empty())
        return;
    const std::string_view opening = s.substr(n.begin + 1, n.items.front().start - n.begin - 1);
    const size_t nl = opening.rfind('\n');
    if (!unitFound && nl != std::string_view::npos) {
        // The member's indentation minus that of the line the container starts on.
        const size_t lineStart = s.rfind('\n', n.begin) == std::string_view::npos ? 0 : s.rfind('\n', n.begin) + 1;
        size_t own = lineStart;
        while (own < n.begin && (s[own] == ' ' || s[own] == '\t'))
            ++own;
        const std::string_view member = opening.substr(nl + 1);
        if (member.size() > own - lineStart && member.substr(0, own - lineStart) == s.substr(lineStart, own - lineStart)) {
            st.unit = std::string(member.substr(own - lineStart));
            unitFound = true;
        }
    }
    bool scalars = true;
    for (const Item &item : n.items) {
        scalars = scalars && item.value.kind == Span::Scalar;
        detectStyle(s, item.value, st, unitFound, scalarArrays);
    }
    if (n.kind == Span::Array && scalars && scalarArrays == 0)
        scalarArrays = s.substr(n.begin, n.end - n.begin).find('\n') == std::string_view::npos ? 1 : -1;
}

bool escapesNonAscii(std::string_view s)
{
    for (const char c : s)
        if (static_cast<unsigned char>(c) >= 0x80)
            return false;
    for (size_t i = s.find("\\u"); i != std::string_view::npos; i = s.find("\\u", i + 2)) {
        const std::string hex(s.substr(i + 2, 4));
        if (hex.size() == 4 && hex.find_first_not_of("0123456789abcdefABCDEF") == std::string::npos && std::strtoul(hex.c_str(), nullptr, 16) >= 0x80)
            return true;
    }
    return false;
}

QByteArray fullText(const OJson &edited)
{
    return QByteArray::fromStdString(edited.dump(2) + "\n");
}

} // namespace

QByteArray spliceJson(const QByteArray &original, const nlohmann::ordered_json &edited)
{
    // A UTF-8 byte order mark (some Windows editors write one) stays where it was; the text after it is spliced.
    static const QByteArray bom("\xEF\xBB\xBF");
    if (original.startsWith(bom))
        return bom + spliceJson(original.mid(bom.size()), edited);
    if (!parse(original, QString()))
        return fullText(edited);
    const std::string_view s(original.constData(), size_t(original.size()));
    Span root;
    if (!Scanner(s).document(root))
        return fullText(edited);
    Style style;
    bool unitFound = false;
    int scalarArrays = 0;
    detectStyle(s, root, style, unitFound, scalarArrays);
    style.inlineScalarArrays = scalarArrays > 0;
    style.asciiOnly = escapesNonAscii(s);
    std::string out(s.substr(0, root.begin));
    out += Splicer(s, style).splice(root, edited, std::string());
    out += s.substr(root.end);
    // A file with Windows line ends gets them on its new lines too (JSON text holds no raw newline in a string).
    if (s.find("\r\n") != std::string_view::npos) {
        std::string crlf;
        crlf.reserve(out.size() + out.size() / 16);
        for (size_t i = 0; i < out.size(); ++i) {
            if (out[i] == '\n' && (i == 0 || out[i - 1] != '\r'))
                crlf += '\r';
            crlf += out[i];
        }
        out = std::move(crlf);
    }
    const QByteArray result = QByteArray::fromStdString(out);
    const OJson back = OJson::parse(out, nullptr, false);
    if (back.is_discarded() || back != edited)
        return fullText(edited);
    return result;
}

Expected<void> writeJsonAgainst(const QString &path, const QByteArray &original, const nlohmann::ordered_json &edited,
                                const std::function<Expected<void>(const QByteArray &)> &accept)
{
    const QByteArray text = spliceJson(original, edited);
    if (accept)
        if (Expected<void> ok = accept(text); !ok)
            return ok.error();
    if (text == original)
        return {};
    QSaveFile out(path);
    if (!out.open(QIODevice::WriteOnly))
        return Error{path, {}, QStringLiteral("cannot write: %1").arg(out.errorString())};
    out.write(text);
    if (!out.commit())
        return Error{path, {}, QStringLiteral("cannot write: %1").arg(out.errorString())};
    return {};
}

} // namespace sandmark::jsonutil
