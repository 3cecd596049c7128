#include "assignment/plan.h"

#include <QFileInfo>

#include <algorithm>

namespace sandmark {

InstrumentOptions instrumentOptionsFor(const Assignment &assignment, const QString &runtimeDir, const QString &nonce,
                                       const QString &notebook, bool listNamespace)
{
    InstrumentOptions o;
    o.runtimeDir = runtimeDir;
    o.nonce = nonce;
    o.probeBytes = assignment.limits().probeBytes;
    for (const DataFile &df : assignment.dataFiles()) {
        o.redirectNames.insert(QFileInfo(df.path).fileName(), df.path);
        for (const QString &url : df.urls)
            o.redirectUrls.insert(url, df.path);
    }
    ProbeSpec end{QStringLiteral("end"), {}, {}};
    QList<ProbeSpec> anchored;
    for (const Check &c : assignment.checks()) {
        const QString only = c.options.value(QLatin1String("notebook")).toString();
        if (!notebook.isEmpty() && !only.isEmpty() && only != notebook)
            continue;
        if (c.type == Check::Type::Manual)
            continue; // nothing runs: a person grades the answer cell
        if (c.type == Check::Type::Test) {
            o.tests.append({c.id, c.code, c.gradeId, c.after});
            continue;
        }
        if (c.anchor.isEmpty()) {
            if (!end.variables.contains(c.variable))
                end.variables << c.variable;
            continue;
        }
        auto it = std::find_if(anchored.begin(), anchored.end(), [&](const ProbeSpec &p) { return p.anchor == c.anchor; });
        if (it == anchored.end())
            anchored.append({c.anchor, c.anchor, {c.variable}});
        else if (!it->variables.contains(c.variable))
            it->variables << c.variable;
    }
    o.probes = anchored;
    if (listNamespace)
        end.namespaceBytes = std::min(kNamespaceListingBytes, o.probeBytes);
    if (!end.variables.isEmpty() || listNamespace)
        o.probes.append(end);
    return o;
}

} // namespace sandmark
