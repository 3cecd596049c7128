#pragma once
// The registry of check kinds: the one list of what assignment.json's "type", the gradebook, the CLI and the app
// can name. A new kind is its file (checks/<name>check.cpp, declared in checks/kinds_p.h), its key in
// Check::Type and one line in registry.cpp.

#include "checks/checkkind.h"

#include <QList>
#include <QSet>
#include <QString>

#include <optional>

namespace sandmark {

/// The kind of `type`. Always a registered kind (every Check::Type has one). Any thread.
const CheckKind &checkKind(Check::Type type);
/// The kind of `check`: checkKind(check.type).
inline const CheckKind &checkKind(const Check &check) { return checkKind(check.type); }

/// Every registered kind, in registration order (the order help texts and lists show). Any thread.
QList<const CheckKind *> checkKinds();

/// The kind named `name` as assignment.json spells it ("value"), or nullptr. Any thread.
const CheckKind *findCheckKind(const QString &name);

/// The registered kinds' names, each quoted ("\"value\""), joined by ", " and the last by `lastSeparator`:
/// "\"value\", \"test\" or \"manual\"". For errors and help. Pure.
QString checkKindNameList(const QString &lastSeparator = QStringLiteral(" or "));

/// The variable names that `checks` read from probe payloads (each one's CheckKind::probed()): what grading
/// decodes of a payload (decodeProbePayload()'s onlyNames). Pure.
QSet<QString> probedNames(const QList<Check> &checks);

/// Checks whose points add up to one total (CheckKind::group(): an Otter question's cases).
struct CheckGroup
{
    QString name;        ///< the group ("q1")
    QStringList checkIds; ///< its checks, in assignment order
    double maxPoints = 0; ///< their points' sum
};

/// The groups of `checks`, in the order of each group's first check; checks without a group are in none. A
/// question that is all or nothing is one check holding every case, so its group's total is 0 or everything. Pure.
QList<CheckGroup> checkGroups(const QList<Check> &checks);

/// Only the kinds that can be added (CheckKind::canAdd()), as checkKindNameList(" and ") without quotes:
/// "value and test". Pure.
QString addableCheckKindNames();

} // namespace sandmark
