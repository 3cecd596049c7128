#pragma once
// A JSON value handed across core's public API as a QVariant (issue 15: nlohmann inside core, Qt JSON only at the
// GUI's edge): null, a bool, a number, a string, a QVariantList or a QVariantMap, as QJsonValue::toVariant() gives
// it (core makes them with jsonutil::toVariant() and reads them back with jsonutil::fromVariant(), util/json_p.h).
// QVariant's own toBool() and toString() convert across types ("yes" is true, 3 is "3"); these say which JSON type a
// value holds, as QJsonValue::isDouble() and the like did. Pure, header only.

#include <QMetaType>
#include <QVariant>

namespace sandmark::jsonvalue {

/// JSON's null: what an edit sets to remove a key (CheckEdit::unset()), and how toVariant() gives a null.
inline QVariant null()
{
    return QVariant::fromValue(nullptr);
}

/// null, or no value at all (QVariant(): a key a map does not hold).
inline bool isNull(const QVariant &v)
{
    return !v.isValid() || v.typeId() == QMetaType::Nullptr;
}

/// A JSON number: any integral type or a double (QJsonValue::isDouble()'s "number", integers included).
inline bool isNumber(const QVariant &v)
{
    switch (v.typeId()) {
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::Long:
    case QMetaType::ULong:
    case QMetaType::LongLong:
    case QMetaType::ULongLong:
    case QMetaType::Short:
    case QMetaType::UShort:
    case QMetaType::Double:
    case QMetaType::Float:
        return true;
    default:
        return false;
    }
}

inline bool isBool(const QVariant &v)
{
    return v.typeId() == QMetaType::Bool;
}

inline bool isString(const QVariant &v)
{
    return v.typeId() == QMetaType::QString;
}

} // namespace sandmark::jsonvalue
