#pragma once
// Private to sandmark_core: a check's JSON object as a kind reads it (assignment.json, Assignment::load) and
// writes it (addCheck()). Never include from a public header.

#include "assignment/fieldreader_p.h"
#include "checks/checkkind.h"

#include <cmath>

namespace sandmark::detail {

/// One "checks" entry being read: the object, its field path ("checks[2]") and the assignment's defaults.
struct CheckSource
{
    const FieldReader &reader;
    const Json &object;
    QString field;             ///< "checks[2]"
    bool showExpected = false; ///< the assignment's "show_expected"

    bool contains(const char *key) const { return object.contains(key); }
    QString path(const char *key) const { return field + QLatin1Char('.') + QLatin1String(key); }
    /// An Error at `key` ("checks[2].code"), or at the check itself when `key` is null.
    Error error(const char *key, const QString &message) const { return reader.error(key ? path(key) : field, message); }

    /// The string at `key`, which must be present (`missing` is the error's message otherwise).
    Expected<QString> requiredString(const char *key, const QString &missing) const
    {
        if (!contains(key))
            return error(nullptr, missing);
        return reader.string(object[key], path(key));
    }
    /// The string at `key` into `target` when present.
    Expected<void> optionalString(const char *key, QString &target) const
    {
        if (!contains(key))
            return {};
        auto v = reader.string(object[key], path(key));
        if (!v)
            return v.error();
        target = *v;
        return {};
    }
};

/// A new "checks" entry being written (addCheck()): the object, whose "id" is set, and its field path.
struct CheckDraft
{
    Json &object;
    QString file;  ///< the assignment.json
    QString field; ///< "checks[4]"

    Error error(const char *key, const QString &message) const
    {
        return Error{file, key ? field + QLatin1Char('.') + QLatin1String(key) : field, message};
    }
    /// A number as JSON: integral values as integers ("points": 2, not 2.0).
    static Json number(double v)
    {
        if (std::floor(v) == v && std::fabs(v) < 9007199254740992.0)
            return Json(qint64(v));
        return Json(v);
    }
};

} // namespace sandmark::detail
