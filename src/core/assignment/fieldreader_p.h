#pragma once
// Private to sandmark_core: reading assignment.json's fields with errors that name the file and the field path
// ("checks[2].points"). Never include from a public header.

#include "util/displaytext.h"
#include "util/expected.h"

#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <cmath>
#include <string>

namespace sandmark::detail {

using Json = nlohmann::ordered_json;

inline QString qs(const std::string &s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

/// A value from assignment.json as an error quotes it: escaped as displayText() does (a NUL, a newline or U+202E
/// shows as `\x00`, `\n`, `\u202e`) and, when longer than 100 characters, its start and end with the length between
/// ("xxxx…xxxx (2000000 characters)"): a 2 MB slug was echoed whole (security report F14). Pure.
inline QString shownValue(const QString &value)
{
    constexpr qsizetype kMax = 100;
    if (value.size() <= kMax)
        return displayText(value);
    return displayText(value.left(kMax / 2)) + QStringLiteral("…") + displayText(value.right(kMax / 2))
           + QStringLiteral(" (%1 characters)").arg(value.size());
}

/// Field-path validation helpers; each returns an Error for the given path when the value is wrong.
struct FieldReader
{
    QString file;

    Error error(const QString &path, const QString &message) const { return Error{file, path, message}; }

    static QString typeWord(const Json &j) { return QString::fromLatin1(j.type_name()); }

    Expected<QString> string(const Json &j, const QString &path) const
    {
        if (!j.is_string())
            return error(path, QStringLiteral("must be a string, not %1").arg(typeWord(j)));
        return qs(j.get<std::string>());
    }

    Expected<QStringList> strings(const Json &j, const QString &path) const
    {
        if (!j.is_array())
            return error(path, QStringLiteral("must be a list of strings, not %1").arg(typeWord(j)));
        QStringList out;
        for (size_t i = 0; i < j.size(); ++i) {
            auto s = string(j[i], QStringLiteral("%1[%2]").arg(path).arg(i));
            if (!s)
                return s.error();
            out << *s;
        }
        return out;
    }

    /// `object[key]` into `out` when the key is there (else `out` is left as it is); an error for `path` when it is
    /// not a string.
    Expected<void> optionalString(const Json &object, const char *key, const QString &path, QString &out) const
    {
        if (!object.contains(key))
            return {};
        auto v = string(object[key], path);
        if (!v)
            return v.error();
        out = *v;
        return {};
    }

    /// As optionalString(), for a list of strings.
    Expected<void> optionalStrings(const Json &object, const char *key, const QString &path, QStringList &out) const
    {
        if (!object.contains(key))
            return {};
        auto v = strings(object[key], path);
        if (!v)
            return v.error();
        out = *v;
        return {};
    }

    /// As optionalString(), for true or false.
    Expected<void> optionalBool(const Json &object, const char *key, const QString &path, bool &out) const
    {
        if (!object.contains(key))
            return {};
        if (!object[key].is_boolean())
            return error(path, QStringLiteral("must be true or false"));
        out = object[key].get<bool>();
        return {};
    }

    Expected<double> number(const Json &j, const QString &path, double min, bool strictlyPositive) const
    {
        if (!j.is_number() || j.is_boolean())
            return error(path, QStringLiteral("must be a number, not %1").arg(typeWord(j)));
        const double v = j.get<double>();
        if (!std::isfinite(v) || v < min || (strictlyPositive && v <= 0))
            return error(path, strictlyPositive ? QStringLiteral("must be greater than 0")
                                                : QStringLiteral("must be at least %1").arg(min));
        return v;
    }
};

} // namespace sandmark::detail
