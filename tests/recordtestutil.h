#pragma once
// Tests that build or inspect an execution record as a QJsonObject (their setup and assertions predate
// ExecutionRecord): the conversions, through the record's JSON text.

#include "sandbox/executionrecord.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace sandmark::test {

/// `o` as an ExecutionRecord (an empty one when `o` does not read back, which a QJsonObject always does).
inline ExecutionRecord executionRecord(const QJsonObject &o)
{
    Expected<ExecutionRecord> r = ExecutionRecord::fromJson(QJsonDocument(o).toJson(QJsonDocument::Compact),
                                                            QStringLiteral("the test's record"));
    return r ? *r : ExecutionRecord();
}

/// `r` as a QJsonObject, for assertions on keys ExecutionRecord has no accessor for.
inline QJsonObject recordJson(const ExecutionRecord &r)
{
    return QJsonDocument::fromJson(r.toJsonText()).object();
}

} // namespace sandmark::test

namespace sandmark::test {

/// Sets `key` of record `r` to `value` (a test's changed record).
inline void insertInto(ExecutionRecord &r, const QString &key, const QJsonValue &value)
{
    QJsonObject o = recordJson(r);
    o.insert(key, value);
    r = executionRecord(o);
}

/// Removes `key` from record `r`.
inline void removeFrom(ExecutionRecord &r, const QString &key)
{
    QJsonObject o = recordJson(r);
    o.remove(key);
    r = executionRecord(o);
}

} // namespace sandmark::test
