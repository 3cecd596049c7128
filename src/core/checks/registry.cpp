// The registry: one line per check kind.
#include "checks/registry.h"

#include "checks/kinds_p.h"
#include <algorithm>

namespace sandmark {

namespace {

// The registered kinds, in the order lists show them. A new kind: its file, its Check::Type and one line here.
const detail::ValueCheckKind kValue;
const detail::TestCheckKind kTest;
const detail::ManualCheckKind kManual;
const detail::OtterCheckKind kOtter;
const CheckKind *const kKinds[] = {&kValue, &kTest, &kManual, &kOtter};

QString joined(const QStringList &names, const QString &lastSeparator)
{
    QString out;
    for (qsizetype i = 0; i < names.size(); ++i) {
        if (i > 0)
            out += i == names.size() - 1 ? lastSeparator : QStringLiteral(", ");
        out += names.at(i);
    }
    return out;
}

} // namespace

const CheckKind &checkKind(Check::Type type)
{
    for (const CheckKind *k : kKinds)
        if (k->type() == type)
            return *k;
    Q_UNREACHABLE(); // every Check::Type is registered (tst_assignment's checkKindsRegistered)
}

QList<const CheckKind *> checkKinds()
{
    return QList<const CheckKind *>(std::begin(kKinds), std::end(kKinds));
}

const CheckKind *findCheckKind(const QString &name)
{
    for (const CheckKind *k : kKinds)
        if (k->name() == name)
            return k;
    return nullptr;
}

QString checkKindNameList(const QString &lastSeparator)
{
    QStringList names;
    for (const CheckKind *k : kKinds)
        names << QLatin1Char('"') + k->name() + QLatin1Char('"');
    return joined(names, lastSeparator);
}

QString addableCheckKindNames()
{
    QStringList names;
    for (const CheckKind *k : kKinds)
        if (k->canAdd())
            names << k->name();
    return joined(names, QStringLiteral(" and "));
}

QSet<QString> probedNames(const QList<Check> &checks)
{
    QSet<QString> names;
    for (const Check &c : checks)
        if (const std::optional<ProbedName> probed = checkKind(c).probed(c))
            names.insert(probed->variable);
    return names;
}

QList<CheckGroup> checkGroups(const QList<Check> &checks)
{
    QList<CheckGroup> groups;
    for (const Check &c : checks) {
        const QString name = checkKind(c).group(c);
        if (name.isEmpty())
            continue;
        auto g = std::find_if(groups.begin(), groups.end(), [&](const CheckGroup &x) { return x.name == name; });
        if (g == groups.end())
            g = groups.insert(groups.end(), CheckGroup{name, {}, 0});
        g->checkIds << c.id;
        g->maxPoints += c.points;
    }
    return groups;
}

} // namespace sandmark
