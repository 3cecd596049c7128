// Editable check fields: parsing and validating a value the way assignment.json's loader reads it.
#include "checks/checkfield.h"

#include "assignment/assignment.h"
#include "util/jsonvalue.h"

#include <QCoreApplication>

#include <cmath>

namespace sandmark {

CheckField checkField(const char *key, CheckField::Type type, const char *label, const char *help, bool required)
{
    CheckField f;
    f.key = QLatin1String(key);
    f.type = type;
    f.label = label;
    f.help = help;
    f.required = required;
    return f;
}

CheckField pointsField()
{
    CheckField f = checkField("points", CheckField::Type::Number, QT_TRANSLATE_NOOP("sandmark::CheckField", "Points"),
                              QT_TRANSLATE_NOOP("sandmark::CheckField", "What the check is worth; default 1."), true);
    f.defaultValue = 1;
    f.maximum = kMaxCheckPoints;
    return f;
}

CheckField notebookField()
{
    return checkField("notebook", CheckField::Type::Text, QT_TRANSLATE_NOOP("sandmark::CheckField", "Notebook"),
                      QT_TRANSLATE_NOOP("sandmark::CheckField", "The notebook the check grades (a problem set's check names it; default: the first notebook)."));
}

std::optional<QString> checkFieldProblem(const CheckField &field, const QVariant &value)
{
    switch (field.type) {
    case CheckField::Type::Number:
        if (!jsonvalue::isNumber(value) || !std::isfinite(value.toDouble()) || value.toDouble() < field.minimum)
            return QStringLiteral("must be a number >= %1").arg(field.minimum);
        if (value.toDouble() > field.maximum)
            return QStringLiteral("must be a number <= %1").arg(field.maximum, 0, 'f', 0);
        return std::nullopt;
    case CheckField::Type::Flag:
        if (!jsonvalue::isBool(value))
            return QStringLiteral("must be true or false");
        return std::nullopt;
    case CheckField::Type::Text:
    case CheckField::Type::Code:
    case CheckField::Type::PythonName:
    case CheckField::Type::Cell:
        if (!jsonvalue::isString(value))
            return QStringLiteral("must be a string");
        if (field.required && value.toString().trimmed().isEmpty())
            return QStringLiteral("must not be empty");
        if (field.type == CheckField::Type::Cell && value.toString().trimmed() != value.toString())
            return QStringLiteral("must not start or end with spaces");
        return std::nullopt;
    }
    return std::nullopt;
}

Expected<QVariant> parseCheckFieldValue(const CheckField &field, const QString &text)
{
    QVariant value;
    switch (field.type) {
    case CheckField::Type::Number: {
        bool ok = false;
        const double d = text.trimmed().toDouble(&ok); // C locale: "1e-3", never "1,5"
        if (!ok)
            return Error{{}, field.key, QStringLiteral("'%1' is not a number").arg(text)};
        // Integral values as integers, as the editors write them ("points": 2, not 2.0).
        value = std::floor(d) == d && std::fabs(d) < 9007199254740992.0 ? QVariant(qlonglong(d)) : QVariant(d);
        break;
    }
    case CheckField::Type::Flag: {
        const QString t = text.trimmed().toLower();
        if (t == QLatin1String("true") || t == QLatin1String("yes") || t == QLatin1String("1"))
            value = QVariant(true);
        else if (t == QLatin1String("false") || t == QLatin1String("no") || t == QLatin1String("0"))
            value = QVariant(false);
        else
            return Error{{}, field.key, QStringLiteral("'%1' is not true or false").arg(text)};
        break;
    }
    default:
        value = QVariant(text);
    }
    if (auto problem = checkFieldProblem(field, value))
        return Error{{}, field.key, *problem};
    return value;
}

} // namespace sandmark
