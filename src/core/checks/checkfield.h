#pragma once
// The editable fields of a "checks" entry: what the app's check editor shows and `sandmark-cli checks edit
// --set KEY=VALUE` accepts, described once by each kind (CheckKind::fields()) so neither editor knows a kind.

#include "util/expected.h"

#include <limits>

#include <QList>
#include <QString>
#include <QVariant>

namespace sandmark {

/// One key of a check's JSON object (docs/assignment-format.md "Checks", docs/grading.md "Comparison"), with
/// what an editor needs to offer it. Plain data; the kinds build these lists on demand.
struct CheckField
{
    enum class Type {
        Number,     ///< a finite JSON number, at least `minimum`
        Flag,       ///< true or false
        Text,       ///< one line of text
        Code,       ///< Python source (several lines)
        PythonName, ///< a Python variable name (value checks' "variable")
        Cell,       ///< an answer cell: nbgrader grade_id, cell id or tag
    };
    QString key;      ///< the JSON key, as assignment.json spells it ("rtol")
    Type type = Type::Text;
    /// The app's label and one-line help, marked QT_TRANSLATE_NOOP("sandmark::CheckField", …) where the list
    /// is built (the app translates them in that context). Static strings.
    const char *label = "";
    const char *help = "";
    /// The value that applies while the key is absent, as JSON in a QVariant (util/jsonvalue.h: a double, a bool);
    /// QVariant() when nothing does (an empty anchor) or when it comes from elsewhere (show_expected: the
    /// assignment's), which `help` then says.
    QVariant defaultValue;
    bool required = false; ///< the kind refuses a check without it
    double minimum = 0;    ///< Number only
    double maximum = std::numeric_limits<double>::infinity(); ///< Number only ("points": kMaxCheckPoints)
};

/// A field at `key` of `type`, with its label and help (static strings marked QT_TRANSLATE_NOOP("sandmark::CheckField",
/// …) by the caller), no default, required or not. Pure.
CheckField checkField(const char *key, CheckField::Type type, const char *label, const char *help, bool required = false);

/// "points": the one field every kind has (a number, at least 0 and at most kMaxCheckPoints, default 1).
CheckField pointsField();
/// "notebook": the other field every kind has (text; which of the assignment's notebooks the check grades, which
/// a problem set's check must name; the loader checks it is one of them). Offered by `checks add/edit`.
CheckField notebookField();

/// Parses `text` as a value of `field` (the CLI's `--set KEY=VALUE`): Number as a C-locale number, Flag as
/// true/false (also yes/no, 1/0), the text kinds as given; the value as JSON in a QVariant (util/jsonvalue.h: a
/// whole number as qlonglong, else a double, a bool, a QString). Errors say what the field takes. Pure.
Expected<QVariant> parseCheckFieldValue(const CheckField &field, const QString &text);

/// Whether `value` (JSON in a QVariant, util/jsonvalue.h) is a valid value of `field` (its JSON type — a string is
/// no number, a number no flag —, a finite number from `minimum` to `maximum`, a required text not blank); the
/// message of the problem otherwise ("must be a number >= 0"). Pure.
std::optional<QString> checkFieldProblem(const CheckField &field, const QVariant &value);

} // namespace sandmark
