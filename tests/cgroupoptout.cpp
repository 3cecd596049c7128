// Linked into every test program (tests/CMakeLists.txt): see cgroupoptout.h.
#include "cgroupoptout.h"

#include "sandbox/cgroup.h"

#include <cstdio>

namespace sandmark::test {

namespace {
const QString g_reason = [] {
    if (!cgroupsWanted())
        return QStringLiteral("%1=off is set").arg(QLatin1String(kCgroupsEnv));
    const Expected<CgroupRoute> route = cgroupRoute();
    if (route)
        return QString();
    // Found, not assumed: cgroupRoute() tried to create a cgroup (root) or looked for systemd's delegation (user).
    qputenv(kCgroupsEnv, "off");
    const QString why = QStringLiteral("no cgroup per run on this machine, so bwrap runs use rlimits only "
                                       "(SANDMARK_CGROUPS=off): %1")
                            .arg(route.error().toString());
    std::fprintf(stderr, "%s\n", qPrintable(why));
    return why;
}();
} // namespace

QString cgroupOptOutReason()
{
    return g_reason;
}

} // namespace sandmark::test
