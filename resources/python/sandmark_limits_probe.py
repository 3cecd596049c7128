"""Sandmark limits probe: runs INSIDE a bwrap sandbox whose cgroup has small limits of its own, and hits each one
(`sandmark-cli doctor`, src/core/sandbox/doctor.cpp). The host reads the cgroup's counters when the run ends.

Reads one JSON job on stdin: {"cpu_seconds": s, "pids": n, "fill_bytes": bytes}.
Writes one sandmark-result/1 document on stdout whose record carries "probe":
    {"cpu": {"wall_s", "cpu_s"}, "pids": {"forked", "errno"}, "memory": {"written", "signal", "errno"}}
Stdlib only; Python >= 3.9.
"""
import json
import os
import signal
import sys
import time


def busy(seconds):
    """Spins for `seconds` of wall time; the CPU time this process got meanwhile."""
    start, cpu = time.monotonic(), time.process_time()
    while time.monotonic() - start < seconds:
        pass
    return {"wall_s": time.monotonic() - start, "cpu_s": time.process_time() - cpu}


def fork_until_refused(limit):
    """Forks sleeping children until fork() fails (or `limit` more than the cgroup allows succeeded)."""
    children, err = [], None
    for _ in range(limit * 4):
        try:
            pid = os.fork()
        except OSError as e:
            err = e.errno
            break
        if pid == 0:
            signal.pause()
            os._exit(0)
        children.append(pid)
    for pid in children:
        os.kill(pid, signal.SIGKILL)
    for pid in children:
        os.waitpid(pid, 0)
    return {"forked": len(children), "errno": err}


def fill_tmp(limit):
    """A child writes /tmp (a tmpfs: memory the run's cgroup counts) until it is stopped; its fate."""
    path = "/tmp/sandmark-fill"
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        try:
            with open("/proc/self/oom_score_adj", "w") as f:
                f.write("1000")  # the OOM killer's first choice: the probe itself stays to report
        except OSError:
            pass
        chunk = b"x" * (1 << 20)
        written, code = 0, 0
        try:
            with open(path, "wb", buffering=0) as f:
                while written < limit:
                    f.write(chunk)
                    written += len(chunk)
                    os.write(write_end, b".")
        except OSError as e:
            code = e.errno
        os._exit(min(code, 250))
    os.close(write_end)
    progress = 0
    while True:
        got = os.read(read_end, 65536)
        if not got:
            break
        progress += len(got)
    _, status = os.waitpid(pid, 0)
    try:
        os.unlink(path)
    except OSError:
        pass
    out = {"written": progress << 20, "signal": None, "errno": None}
    if os.WIFSIGNALED(status):
        out["signal"] = os.WTERMSIG(status)
    else:
        out["errno"] = os.WEXITSTATUS(status)
    return out


def main():
    job = json.loads(sys.stdin.read())
    probe = {"cpu": busy(float(job.get("cpu_seconds", 1.0))),
             "pids": fork_until_refused(int(job.get("pids", 32))),
             "memory": fill_tmp(int(job.get("fill_bytes", 1 << 30)))}
    sys.stdout.write(json.dumps({"format": "sandmark-result/1", "record": {"status": "ok", "probe": probe}}))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
