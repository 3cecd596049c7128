#include "assignment/plan.h"

#include "checks/registry.h"

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
    for (const Check &c : assignment.checks()) {
        if (!notebook.isEmpty() && c.notebook != notebook)
            continue;
        checkKind(c).instrument(c, o);
    }
    // The end probe runs last, after every anchored one; the reference run's always lists the namespace.
    const auto isEnd = [](const ProbeSpec &p) { return p.anchor.isEmpty(); };
    auto end = std::find_if(o.probes.begin(), o.probes.end(), isEnd);
    ProbeSpec endProbe = end != o.probes.end() ? *end : ProbeSpec{QStringLiteral("end"), {}, {}};
    o.probes.removeIf(isEnd);
    if (listNamespace)
        endProbe.namespaceBytes = std::min(kNamespaceListingBytes, o.probeBytes);
    if (!endProbe.variables.isEmpty() || listNamespace)
        o.probes.append(endProbe);
    // The capture budget is the notebook's: each probe point gets its share.
    for (ProbeSpec &p : o.probes)
        p.captureBytes = assignment.limits().captureBytes / o.probes.size();
    return o;
}

} // namespace sandmark
