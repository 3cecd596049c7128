#pragma once
// Private to sandmark_core: a check's JSON object as a kind reads it (assignment.json, Assignment::load) and
// writes it (addCheck()). Never include from a public header.

#include "assignment/fieldreader_p.h"
#include "checks/checkkind.h"
#include "util/json_p.h"

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

    /// Checks the JSON type of each of `fields` present in the object (a number at least its minimum, true or
    /// false, a string), with the reader's messages; whether a required one is there is the kind's to say.
    Expected<void> validate(const QList<CheckField> &fields) const
    {
        for (const CheckField &f : fields) {
            const std::string key = f.key.toStdString();
            if (!object.contains(key))
                continue;
            const QString at = field + QLatin1Char('.') + f.key;
            switch (f.type) {
            case CheckField::Type::Number:
                if (auto n = reader.number(object[key], at, f.minimum, false); !n)
                    return n.error();
                break;
            case CheckField::Type::Flag:
                if (!object[key].is_boolean())
                    return reader.error(at, QStringLiteral("must be true or false"));
                break;
            default:
                if (auto t = reader.string(object[key], at); !t)
                    return t.error();
            }
        }
        return {};
    }
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

/// Reads one "checks" entry `cj` at `field` ("checks[2]"), index `i`, with the assignment's "show_expected": its
/// type, the kind's own fields (CheckKind::read()), id (or the kind's default) and points. The loader's one
/// reader of a check, also used by editCheck() to validate an edited entry. Errors name the field.
Expected<Check> readCheckEntry(const FieldReader &r, const Json &cj, const QString &field, size_t i, bool showExpected);

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
    static Json number(double v) { return jsonutil::number<Json>(v); }
};

} // namespace sandmark::detail
