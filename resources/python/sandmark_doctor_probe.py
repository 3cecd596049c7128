"""Sandmark doctor probe: runs INSIDE a sandbox and reports what the sandbox lets it do.

Reads one JSON job on stdin:
    {"host_port": int, "hidden": [paths that must be invisible], "limits": {"as": bytes, "nproc": n,
     "nofile": n, "fsize": bytes}, "cgroup": {"memory": bytes, "pids": n, "cpus": x} (optional: the limits the
     cgroup the sandbox runs in must enforce; cgroup v2 or v1 files as the container sees them)}
Writes one sandmark-result/1 document on stdout whose record carries "checks": [{"name", "ok", "detail"}].
Stdlib only; Python >= 3.9. Every network attempt addresses loopback or a ".invalid" name.
"""
import json
import os
import resource
import socket
import sys
import time


def check(name, ok, detail):
    return {"name": name, "ok": bool(ok), "detail": detail}


def try_write(path):
    try:
        with open(path, "w") as f:
            f.write("sandmark doctor")
        os.unlink(path)
        return "written"
    except OSError as e:
        return "%s (%s)" % (type(e).__name__, e.strerror)


def nested_user_namespace():
    """Tries unshare(CLONE_NEWUSER) in a child process: "created", or why it was refused."""
    import ctypes
    import errno
    libc = ctypes.CDLL(None, use_errno=True)
    if not hasattr(libc, "unshare"):
        return "refused (no unshare() on this system)"
    pid = os.fork()
    if pid == 0:
        rc = libc.unshare(0x10000000)  # CLONE_NEWUSER
        os._exit(0 if rc == 0 else min(ctypes.get_errno(), 254) or 255)
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    if code == 0:
        return "created"
    return "refused (%s)" % errno.errorcode.get(code, code)


def read_first(*paths):
    for path in paths:
        try:
            with open(path) as f:
                return f.read().strip()
        except OSError:
            pass
    return None


def cgroup_limits():
    """{"memory": bytes, "pids": n, "cpus": x} of the cgroup this process runs in; None where a limit is unset
    or unreadable. cgroup v2 (memory.max, pids.max, cpu.max) or v1 (memory.limit_in_bytes, pids.max,
    cpu.cfs_quota_us / cpu.cfs_period_us), under /sys/fs/cgroup as the container engine mounts it."""
    def number(text, unlimited_above=None):
        if text is None or text == "max":
            return None
        try:
            value = int(text)
        except ValueError:
            return None
        if value < 0 or (unlimited_above is not None and value >= unlimited_above):
            return None  # v1's "unlimited" is a huge page-aligned number; a quota of -1 means none
        return value
    memory = number(read_first("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"), 1 << 60)
    pids = number(read_first("/sys/fs/cgroup/pids.max", "/sys/fs/cgroup/pids/pids.max"))
    cpus = None
    v2 = read_first("/sys/fs/cgroup/cpu.max")
    if v2 is not None:
        quota, _, period = v2.partition(" ")
        quota, period = number(quota), number(period)
    else:
        quota = number(read_first("/sys/fs/cgroup/cpu/cpu.cfs_quota_us", "/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us"))
        period = number(read_first("/sys/fs/cgroup/cpu/cpu.cfs_period_us", "/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us"))
    if quota is not None and period:
        cpus = quota / period
    return {"memory": memory, "pids": pids, "cpus": cpus}


def main():
    job = json.loads(sys.stdin.read())
    checks = []

    # Network: the host's loopback listener must not answer; DNS must fail at once; only "lo" exists.
    t = time.monotonic()
    try:
        socket.create_connection(("127.0.0.1", int(job["host_port"])), timeout=3).close()
        outcome, ok = "connected to the host's port %d" % job["host_port"], False
    except OSError as e:
        outcome, ok = type(e).__name__, True
    checks.append(check("network: host loopback unreachable", ok, "%s after %.2f s" % (outcome, time.monotonic() - t)))

    t = time.monotonic()
    try:
        socket.getaddrinfo("sandmark-doctor.invalid", 80)
        outcome, ok = "resolved", False
    except OSError as e:
        outcome, ok = type(e).__name__, True
    elapsed = time.monotonic() - t
    checks.append(check("network: DNS fails fast", ok and elapsed < 3, "%s after %.2f s" % (outcome, elapsed)))

    try:
        names = sorted(n for _, n in socket.if_nameindex())
    except OSError as e:
        names = ["?%s" % e]
    checks.append(check("network: only the loopback interface", names in (["lo"], []), ", ".join(names) or "none"))

    # Filesystem.
    for label, path in (("/ read-only", "/sandmark-doctor-probe"), ("/usr read-only", "/usr/sandmark-doctor-probe"),
                        ("/etc read-only", "/etc/sandmark-doctor-probe")):
        outcome = try_write(path)
        checks.append(check("filesystem: " + label, outcome != "written", outcome))
    outcome = try_write("sandmark-doctor-probe")
    checks.append(check("filesystem: working directory writable", outcome == "written", os.getcwd() + ": " + outcome))

    # Visibility.
    visible = [p for p in job.get("hidden", []) if os.path.exists(p)]
    checks.append(check("visibility: home, assignment folder and other runs hidden", not visible,
                        "visible: " + ", ".join(visible) if visible else "%d paths hidden" % len(job.get("hidden", []))))

    # Limits (soft values; RLIMIT_AS is in bytes).
    want = job.get("limits", {})
    for label, res, key in (("address space (RLIMIT_AS)", resource.RLIMIT_AS, "as"),
                            ("processes (RLIMIT_NPROC)", resource.RLIMIT_NPROC, "nproc"),
                            ("open files (RLIMIT_NOFILE)", resource.RLIMIT_NOFILE, "nofile"),
                            ("file size (RLIMIT_FSIZE)", resource.RLIMIT_FSIZE, "fsize")):
        if key not in want:
            continue
        soft = resource.getrlimit(res)[0]
        ok = soft != resource.RLIM_INFINITY and soft <= int(want[key])
        checks.append(check("limits: " + label, ok, "soft limit %s, expected <= %s" % (
            "unlimited" if soft == resource.RLIM_INFINITY else soft, want[key])))
    want_cgroup = job.get("cgroup")
    if want_cgroup:
        have = cgroup_limits()
        for label, key in (("limits: cgroup memory", "memory"), ("limits: cgroup processes (pids)", "pids"),
                           ("limits: cgroup CPUs", "cpus")):
            if key not in want_cgroup:
                continue
            value = have[key]
            checks.append(check(label, value is not None and value <= want_cgroup[key] * 1.0001,
                                "%s, expected <= %s" % ("unlimited" if value is None else value, want_cgroup[key])))
    core = resource.getrlimit(resource.RLIMIT_CORE)[0]
    checks.append(check("limits: no core dumps (RLIMIT_CORE)", core == 0, "soft limit %s" % core))

    # Privileges.
    capeff = "?"
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("CapEff:"):
                    capeff = line.split()[1]
    except OSError:
        pass
    checks.append(check("privileges: no capabilities", capeff.strip("0") == "", "CapEff " + capeff))
    checks.append(check("privileges: not root on the host", os.getuid() != 0,
                        "uid %d" % os.getuid()))
    nested = nested_user_namespace()
    checks.append(check("privileges: no nested user namespaces", nested != "created", nested))

    record = {"status": "completed", "unsafe": False, "duration_s": 0, "cells": [], "limits_hit": [],
              "messages": [], "checks": checks}
    sys.stdout.write(json.dumps({"format": "sandmark-result/1", "record": record, "payload": None, "notebook": None}))
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
