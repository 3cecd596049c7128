#pragma once
// Every test program: bwrap runs need a cgroup of their own (sandbox/cgroup.h) and refuse to run without one. Where
// this machine cannot give one (a CI container with /sys/fs/cgroup read-only, a user without systemd's delegation),
// cgroupoptout.cpp turns cgroups off (SANDMARK_CGROUPS=off) before main(), so every other bwrap test still runs,
// with rlimits only; the cgroup tests then skip with cgroupOptOutReason().

#include <QString>

namespace sandmark::test {

/// Why the test programs run bwrap without cgroups here (cgroupRoute()'s error, or SANDMARK_CGROUPS=off set
/// outside); empty when runs get their cgroup. Decided once, before main().
QString cgroupOptOutReason();

} // namespace sandmark::test
