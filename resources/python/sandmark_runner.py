"""Sandmark runner: executes one instrumented notebook in a fresh Python kernel.

Contract: docs/runner-protocol.md (job JSON on stdin, result JSON on stdout, log on stderr,
exit 0 = result written, 2 = malformed job, anything else = runner failure).
Probe payload format: docs/probe-payload.md.

Runs in the assignment's environment (inside the sandbox) with that environment's Python:
standard library plus jupyter_client (installed with nbclient) and ipykernel. Cells are driven
one by one over jupyter_client's messaging rather than through nbclient's executor, because
the runner must cap outputs while they stream, keep going after a per-cell timeout with the
namespace kept, escalate to a kill when the interrupt is ignored, and notice kernel death
within a fraction of a second - none of which nbclient 0.7's executor does.
"""

import time  # first: the profile's "runner-imports" stage starts at the runner's first line

STARTED = time.time()

import ast  # noqa: E402 (after the start time)
import collections
import copy
import datetime
import hashlib
import hmac
import json
import os
import queue
import re
import signal
import subprocess
import sys
import tempfile
import threading

JOB_FORMAT = "sandmark-job/1"
RESULT_FORMAT = "sandmark-result/1"
PAYLOAD_FORMAT = "sandmark-payload/1"
PROBE_MIME = "application/vnd.sandmark.probe+json"
TEST_MIME = "application/vnd.sandmark.test+json"   # the old in-kernel test results: stripped where a notebook shows one
VALUES_MIME = "application/vnd.sandmark.values+json"
HERE = os.path.dirname(os.path.abspath(__file__))
TEST_PROCESS = os.path.join(HERE, "sandmark_tests.py")
PROBE_RUNTIME = os.path.join(HERE, "sandmark_probe.py")
# ipykernel's kernel with an interrupt that only stops code (never ipykernel's own message loop).
KERNEL_LAUNCHER = os.path.join(HERE, "sandmark_kernel.py")
TEST_START_TIMEOUT_S = 60.0
# What a submission's code causes that keeps grading from reading the run: the grade's reason starts with this.
INTERFERED = "the notebook interfered with grading: "
# Evaluated as a user expression (never passed through the shell's input or AST transformers) after
# every cell: the shell's transformer lists, each entry as "module.qualname@id".
TRANSFORMER_LISTS = ("input_transformers_cleanup", "input_transformers_post", "ast_transformers")
TRANSFORMER_EXPR = (
    "(lambda s: [[str(getattr(type(t), '__module__', '?')) + '.' + str(getattr(t, '__qualname__', None) "
    "or type(t).__qualname__) + '@' + hex(id(t)) for t in getattr(s, n, None) or []] for n in %r])"
    "(__import__('IPython').get_ipython())" % (TRANSFORMER_LISTS,))
TRANSFORMER_KEY = "sandmark_transformers"
# A shell escape (`!cmd`, IPython's system()) records its exit status in `_exit_code` and raises nothing: read
# after a student cell that has one, so a failing command (C24's offline `!pip install`) is recorded for that
# cell (record.cells[].shell_exit_status) and in the warnings that become the grade's reasons.
SHELL_ESCAPE = re.compile(r"^[ \t]*!(?!!)|\.system\(", re.MULTILINE)
SHELL_EXIT_KEY = "sandmark_exit_code"
SHELL_EXIT_EXPR = "get_ipython().user_ns.get('_exit_code')"


class CellKind:
    """What the runner does with one kind of injected check cell; the Python half of a check kind (the C++ half
    is src/core/checks/<kind>check.cpp, whose instrument() injects the cell). One entry of CELL_KINDS each."""

    def __init__(self, mime, key, accept, key_default=None, looks_like="", display_only=False,
                 replaces=False, error_is_verdict=False):
        self.mime = mime                      # the MIME type of the output its runtime displays
        self.key = key                        # metadata.sandmark field naming what the cell serves; copied to the record
        self.key_default = key_default
        self.accept = accept                  # Run.<accept>(item, outputs, finished): the cell's outputs → record/payload
        self.looks_like = looks_like          # for the note on such an output from any other cell
        self.display_only = display_only      # only display_data counts (an execute_result could be the student's)
        self.replaces = replaces              # the cell may replace a cell of the submission (metadata "replaced")
        self.error_is_verdict = error_is_verdict  # its exception is the check's verdict, not an error of the run


# The injected cells of each check kind, by their metadata.sandmark.injected name (docs/runner-protocol.md). Value
# checks inject "probe" cells, test checks "test" cells (run_test() runs them in the test process, never in the
# kernel), manual checks none. "values" are the runner's own requests to the kernel for a test check (the names it
# reads, a call of the notebook's function). A new kind whose cells the runner must read: its accept function (a
# Run method) and one line here.
CELL_KINDS = {
    "probe": CellKind(PROBE_MIME, "label", "accept_probe", key_default="end", looks_like="probe-looking"),
    "test": CellKind(TEST_MIME, "check", None, looks_like="test-result-looking", display_only=True,
                     replaces=True, error_is_verdict=True),
    "values": CellKind(VALUES_MIME, "check", "accept_values", looks_like="test-values-looking", display_only=True),
}

DEFAULT_LIMITS = {
    "cell_timeout_s": 30.0,
    "wall_timeout_s": 300.0,
    "interrupt_grace_s": 3.0,
    "output_cell_bytes": 65536,
    "output_total_bytes": 1048576,
    "output_image_bytes": 4194304,
    "output_images_total_bytes": 33554432,
    "probe_bytes": 8388608,
}
# Used when the job says null: never unbounded.
NULL_WALL_TIMEOUT_S = 3600.0
KERNEL_START_TIMEOUT_S = 60.0
POLL_S = 0.05
# How long a kernel that went idle may take to deliver the reply (IOPub and shell are separate sockets).
NO_REPLY_WAIT_S = 3.0

STATUS_ORDER = ["kernel-start-failed", "wall-timeout", "interrupt-ignored", "kernel-died",
                "cell-timeout", "errors", "completed"]


class JobError(Exception):
    """The job document is malformed (exit status 2)."""


def log(text):
    try:
        sys.stderr.write("sandmark-runner: %s\n" % text)
        sys.stderr.flush()
    except Exception:
        pass


def set_non_dumpable():
    """prctl(PR_SET_DUMPABLE, 0): the student's code (same uid) cannot read our memory via /proc."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        PR_SET_DUMPABLE = 4
        if libc.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0:
            log("prctl(PR_SET_DUMPABLE, 0) failed (errno %d)" % ctypes.get_errno())
    except Exception as e:  # not fatal
        log("prctl unavailable: %s" % e)


# ---- the job ------------------------------------------------------------------

def _source_text(cell, where):
    src = cell.get("source", "")
    if isinstance(src, str):
        return src
    if isinstance(src, list) and all(isinstance(s, str) for s in src):
        return "".join(src)
    raise JobError("%s.source: must be a string or a list of strings" % where)


def parse_job(data):
    try:
        job = json.loads(data.decode("utf-8") if isinstance(data, bytes) else data)
    except (ValueError, UnicodeDecodeError) as e:
        raise JobError("not JSON: %s" % e)
    if not isinstance(job, dict):
        raise JobError("the job is not a JSON object")
    if job.get("format") != JOB_FORMAT:
        raise JobError("format: expected %r, got %r" % (JOB_FORMAT, job.get("format")))
    nb = job.get("notebook")
    if not isinstance(nb, dict) or not isinstance(nb.get("cells"), list):
        raise JobError("notebook: expected an nbformat 4 notebook with a 'cells' list")
    if not isinstance(nb.get("metadata", {}), dict):
        raise JobError("notebook.metadata: expected an object")
    for i, cell in enumerate(nb["cells"]):
        where = "notebook.cells[%d]" % i
        if not isinstance(cell, dict) or not isinstance(cell.get("cell_type"), str):
            raise JobError("%s: expected a cell object with a cell_type" % where)
        _source_text(cell, where)
        md = cell.get("metadata", {})
        if not isinstance(md, dict):
            raise JobError("%s.metadata: expected an object" % where)
    nonce = job.get("nonce")
    if not isinstance(nonce, str) or not (16 <= len(nonce) <= 128) or \
            any(c not in "0123456789abcdefABCDEF" for c in nonce):
        raise JobError("nonce: expected 16 to 128 hex digits")
    limits_in = job.get("limits", {})
    if limits_in is None:
        limits_in = {}
    if not isinstance(limits_in, dict):
        raise JobError("limits: expected an object")
    limits = dict(DEFAULT_LIMITS)
    for key in DEFAULT_LIMITS:
        if key not in limits_in:
            continue
        v = limits_in[key]
        if v is None:
            limits[key] = None
            continue
        if isinstance(v, bool) or not isinstance(v, (int, float)) or v != v or v < 0:
            raise JobError("limits.%s: expected a non-negative number or null" % key)
        limits[key] = v
    # null means "no separate limit", never unbounded.
    if limits["wall_timeout_s"] is None or limits["wall_timeout_s"] <= 0:
        limits["wall_timeout_s"] = NULL_WALL_TIMEOUT_S
    if limits["cell_timeout_s"] is None or limits["cell_timeout_s"] <= 0:
        limits["cell_timeout_s"] = limits["wall_timeout_s"]
    byte_limits = ("output_cell_bytes", "output_total_bytes", "output_image_bytes", "output_images_total_bytes",
                   "probe_bytes")
    for key in ("interrupt_grace_s",) + byte_limits:
        if limits[key] is None:
            limits[key] = DEFAULT_LIMITS[key]
    for key in byte_limits:
        limits[key] = int(limits[key])
    job["limits"] = limits
    return job


# ---- output capture -------------------------------------------------------------

def _nbytes(text):
    return len(text.encode("utf-8", "surrogatepass"))


def _fmt_mb(n):
    return "%.1f MB" % (n / 1e6) if n >= 100_000 else "%d bytes" % n


def _share_unchanged_captures(probe_values):
    """A captured value equal to the same name's value at the probe point before, in the order the probes ran,
    is stored once: the later probe holds ``{"t": "same", "at": LABEL}``, LABEL being the probe holding the value
    (docs/probe-payload.md section 5). A data frame loaded in the first cell is then not stored once per probe."""
    seen = {}  # name -> (label holding the value, its encoding)
    for label, entry in probe_values.items():
        captured = entry.get("captured")
        if not isinstance(captured, dict):
            continue
        for name, enc in list(captured.items()):
            held = seen.get(name)
            if held is not None and held[1] == enc:
                captured[name] = {"t": "same", "at": held[0]}
            else:
                seen[name] = (label, enc)


def _json_size(obj):
    try:
        return len(json.dumps(obj, ensure_ascii=False).encode("utf-8", "surrogatepass"))
    except (TypeError, ValueError):
        return 1 << 20


def _is_image(output):
    return any(str(k).startswith("image/") for k in (output.get("data") or {}))


class OutputCollector:
    """Outputs of one cell, capped while they stream: the first half of the budget keeps the
    head, the second half a rolling tail; an error output is always kept (traceback capped).
    Images (a rich output with an image/* type: a student's plot is evidence) have a budget of
    their own: each one up to `image_cap` bytes is kept whole, in its place, while `images_left`
    bytes remain for the notebook; a larger one is cut like any rich output."""

    MAX_TRACEBACK = 16384

    def __init__(self, cap, image_cap=0, images_left=0):
        self.image_cap = max(int(image_cap), 0)
        self.images_left = max(int(images_left), 0)
        self.image_bytes = 0
        self.image_cut = None  # (size, limit name, limit) of the first image cut
        self.cap = max(int(cap), 0)
        self.head_cap = self.cap // 2
        self.tail_cap = self.cap - self.head_cap
        self.head = []
        self.head_bytes = 0
        self.tail = collections.deque()
        self.tail_bytes = 0
        self.seen = 0
        self.truncated = False
        self.error = None
        self.clear_pending = False

    @staticmethod
    def _append_stream(outs, name, text):
        if outs and outs[-1].get("output_type") == "stream" and outs[-1].get("name") == name:
            outs[-1]["text"] += text
        else:
            outs.append({"output_type": "stream", "name": name, "text": text})

    def _clear_if_pending(self):
        if self.clear_pending:
            self.clear_pending = False
            self.clear()

    def clear(self):
        self.head = []
        self.head_bytes = 0
        self.tail.clear()
        self.tail_bytes = 0
        self.image_bytes = 0

    def _trim_tail(self):
        while self.tail_bytes > self.tail_cap and self.tail:
            first = self.tail[0]
            over = self.tail_bytes - self.tail_cap
            if first.get("output_type") == "stream":
                size = _nbytes(first["text"])
                if size > over:
                    keep = first["text"][over:]
                    while _nbytes(keep) > size - over and keep:
                        keep = keep[1:]
                    first["text"] = keep
                    self.tail_bytes -= size - _nbytes(keep)
                    continue
                self.tail.popleft()
                self.tail_bytes -= size
            elif first.get("_image"):
                # A kept image never rolls out: it moves to the head's end, which keeps the order.
                self.head.append(self.tail.popleft())
            else:
                self.tail.popleft()
                self.tail_bytes -= first.get("_size", 0)

    def add_stream(self, name, text):
        self._clear_if_pending()
        n = _nbytes(text)
        self.seen += n
        if not self.truncated:
            room = self.head_cap - self.head_bytes
            if n <= room:
                self._append_stream(self.head, name, text)
                self.head_bytes += n
                return
            self.truncated = True
            part = text[:room]
            while _nbytes(part) > room:
                part = part[:-1]
            if part:
                self._append_stream(self.head, name, part)
                self.head_bytes += _nbytes(part)
            text = text[len(part):]
            n = _nbytes(text)
        if n > self.tail_cap:
            text = text[-self.tail_cap:] if self.tail_cap else ""
            n = _nbytes(text)
        if text:
            outs = list(self.tail)[-1:] if self.tail else []
            if outs and outs[0].get("output_type") == "stream" and outs[0].get("name") == name:
                self.tail[-1]["text"] += text
            else:
                self.tail.append({"output_type": "stream", "name": name, "text": text})
            self.tail_bytes += n
        self._trim_tail()

    def add_rich(self, output):
        self._clear_if_pending()
        size = _json_size(output)
        self.seen += size
        if _is_image(output):
            room = self.images_left - self.image_bytes
            if size <= min(self.image_cap, room):
                self.image_bytes += size
                output["_image"] = True
                (self.tail if self.truncated else self.head).append(output)
                return
            if self.image_cut is None:
                self.image_cut = ((size, "output_image_bytes", self.image_cap) if size > self.image_cap
                                  else (size, "output_images_total_bytes", self.images_left))
        if not self.truncated and self.head_bytes + size <= self.head_cap:
            self.head.append(output)
            self.head_bytes += size
            return
        self.truncated = True
        if size > self.tail_cap:
            data = output.get("data") or {}
            text = data.get("text/plain", "")
            if isinstance(text, list):
                text = "".join(text)
            keep = min(2000, self.tail_cap // 2)
            output = dict(output)
            if _is_image(output) and self.image_cut is not None:
                _, name, limit = self.image_cut
                why = "image of %s cut: over %s (%s)" % (_fmt_mb(size), name, _fmt_mb(limit))
            else:
                why = "output of %s cut" % _fmt_mb(size)
            output["data"] = {"text/plain": str(text)[:keep] + "\n[Sandmark: %s]" % why}
            output["metadata"] = {}
            size = _json_size(output)
        output["_size"] = size
        self.tail.append(output)
        self.tail_bytes += size
        self._trim_tail()

    def add_error(self, content):
        tb = content.get("traceback")
        tb = [str(x) for x in tb] if isinstance(tb, list) else ([] if tb is None else [str(tb)])
        size = sum(_nbytes(x) for x in tb)
        self.seen += size
        while tb and sum(_nbytes(x) for x in tb) > self.MAX_TRACEBACK:
            tb = tb[1:] if len(tb) > 1 else [tb[0][-self.MAX_TRACEBACK:]]
            self.truncated = True
        self.error = {"output_type": "error", "ename": str(content.get("ename", "")),
                      "evalue": str(content.get("evalue", "")), "traceback": tb}

    def outputs(self):
        outs = [{k: v for k, v in o.items() if k != "_image"} for o in self.head]
        if self.truncated:
            kept = self.head_bytes + self.tail_bytes
            outs.append({"output_type": "stream", "name": "stderr",
                         "text": "\n[Sandmark: output truncated (%s, %s kept)]\n" % (_fmt_mb(self.seen), _fmt_mb(kept))})
        for o in self.tail:
            o = dict(o)
            o.pop("_size", None)
            o.pop("_image", None)
            outs.append(o)
        if self.error is not None:
            outs.append(self.error)
        return outs

    def kept_bytes(self):
        return self.head_bytes + self.tail_bytes


# ---- the kernel -------------------------------------------------------------------

class Kernel:
    """One ipykernel process from sys.executable, its stdout discarded and stderr tail kept."""

    def __init__(self, tmpdir):
        self.tmpdir = tmpdir
        self.km = None
        self.kc = None
        self.proc = None
        self.pgid = None
        self.stderr_tail = collections.deque(maxlen=200)

    def start(self, timeout):
        from jupyter_client.kernelspec import KernelSpec
        from jupyter_client.manager import KernelManager
        km = KernelManager()
        env = dict(os.environ)
        argv = [sys.executable, KERNEL_LAUNCHER, "-f", "{connection_file}",
                "--HistoryManager.enabled=False"]
        if env.get("SANDMARK_OTTER"):
            # An assignment imported from Otter: the students' `import otter` finds Sandmark's offline stand-in,
            # and Otter's seed is applied before every cell (docs/otter.md).
            standin = os.path.join(os.path.dirname(os.path.abspath(__file__)), "otter_standin")
            env["PYTHONPATH"] = os.pathsep.join(p for p in (standin, env.get("PYTHONPATH", "")) if p)
            if env.get("SANDMARK_OTTER_SEED"):
                argv.append("--IPKernelApp.exec_lines=import sandmark_otter_seed")
        km._kernel_spec = KernelSpec(
            argv=argv,
            display_name="Python 3 (Sandmark)", language="python", interrupt_mode="signal",
            env={}, metadata={})
        km.connection_file = os.path.join(self.tmpdir, "kernel.json")
        env.setdefault("MPLBACKEND", "Agg")
        env.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
        self.km = km
        km.start_kernel(stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                        cwd=os.getcwd(), env=env)
        self.proc = km.provisioner.process
        self.pgid = getattr(km.provisioner, "pgid", None)
        t = threading.Thread(target=self._drain_stderr, args=(self.proc.stderr,), daemon=True)
        t.start()
        kc = km.client()
        kc.start_channels()
        self.kc = kc
        self.wait_for_ready(timeout)

    def wait_for_ready(self, timeout):
        """jupyter_client's wait_for_ready() (a kernel_info reply on shell, then a message on IOPub: both channels
        connected) without the 0.2 s of IOPub silence it waits for at the end: the runner reads only messages whose
        parent is its own request, so this exchange's late status messages are ignored anyway."""
        kc = self.kc
        end = time.monotonic() + timeout
        while True:
            kc.kernel_info()
            asked = time.monotonic()
            while time.monotonic() - asked < 1.0:
                try:
                    msg = kc.get_shell_msg(timeout=POLL_S)
                except queue.Empty:
                    if self.exit_status() is not None:
                        raise RuntimeError("Kernel died before replying to kernel_info")
                    continue
                if msg.get("msg_type") != "kernel_info_reply":
                    continue
                try:
                    kc.get_iopub_msg(timeout=0.2)
                except queue.Empty:
                    break  # IOPub not connected yet: ask again
                kc._handle_kernel_info_reply(msg)  # the kernel's protocol version, as wait_for_ready() does
                return
            if self.exit_status() is not None:
                raise RuntimeError("Kernel died before replying to kernel_info")
            if time.monotonic() > end:
                raise RuntimeError("Kernel didn't respond in %d seconds" % timeout)

    def preimport(self, names, timeout):
        """Imports `names` in the kernel before any notebook code, binding no name in its namespace (a silent
        `__import__`, no history, no display, no pre_run_cell event): the assignment's heavy modules, loaded while
        the sandbox waits for its job. A module that fails to import is skipped (the notebook's own import then
        reports it). Raises RuntimeError when the kernel dies or does not answer in `timeout` seconds."""
        if not names:
            return
        code = "".join("try:\n    __import__(%r)\nexcept Exception:\n    pass\n" % n for n in names)
        msg_id = self.kc.execute(code, silent=True, store_history=False, allow_stdin=False)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                msg = self.kc.get_shell_msg(timeout=POLL_S)
            except queue.Empty:
                if self.exit_status() is not None:
                    raise RuntimeError("the kernel died importing %s" % ", ".join(names))
                continue
            if (msg.get("parent_header") or {}).get("msg_id") == msg_id:
                return
        raise RuntimeError("importing %s took over %d s" % (", ".join(names), timeout))

    def _drain_stderr(self, pipe):
        try:
            while True:
                chunk = pipe.read1(65536) if hasattr(pipe, "read1") else pipe.read(65536)
                if not chunk:
                    return
                for line in chunk.decode("utf-8", "replace").splitlines():
                    self.stderr_tail.append(line[:500])
        except Exception:
            return

    def exit_status(self):
        """None while alive, else the Popen return code (negative: killed by that signal)."""
        if self.proc is None:
            return None
        try:
            return self.proc.poll()
        except Exception:
            return None

    def interrupt(self):
        try:
            self.km.interrupt_kernel()
        except Exception as e:
            log("interrupt failed: %s" % e)

    def kill(self):
        if self.proc is None:
            return
        if self.pgid:
            try:
                os.killpg(self.pgid, signal.SIGKILL)
            except OSError:
                pass
        try:
            self.proc.kill()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=5)
        except Exception:
            pass

    def close(self):
        try:
            if self.kc is not None:
                self.kc.stop_channels()
        except Exception:
            pass
        self.kill()
        try:
            if self.km is not None:
                self.km.cleanup_resources()
        except Exception:
            pass


def preimport_names():
    """The modules the host asks to load before the notebook (SANDMARK_PREIMPORT, comma-separated top-level module
    names: the assignment's heavy imports); anything that is not a plain module name is ignored."""
    names = os.environ.get("SANDMARK_PREIMPORT", "")
    return [n for n in names.split(",") if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", n)]


class Prestart:
    """The kernel, started and with the assignment's heavy modules imported before the job is read: a sandbox the
    host starts while the previous submission runs waits here, ready, for its job on stdin. Nothing of any notebook
    has run in it. `error`: why the kernel did not start (the run reports it as a kernel start failure)."""

    def __init__(self, tmpdir):
        # The test process first (it starts in the background): whether the notebook has test checks is known
        # with the job; when it has none, the process is stopped unused.
        self.tests = TestProcess()
        try:
            self.tests.start()
        except Exception as e:
            log("the test process did not start early (%s: %s)" % (type(e).__name__, e))
            self.tests = None
        self.started = time.time()
        self._start_kernel(tmpdir)
        self.ended = self.imports_ended = time.time()
        names = preimport_names()
        if self.error is None and names:
            try:
                self.kernel.preimport(names, KERNEL_START_TIMEOUT_S)
            except Exception as e:
                # A fresh kernel without them: the notebook's own imports then say what is wrong.
                log("pre-import failed (%s); starting a fresh kernel without it" % e)
                self.kernel.close()
                self._start_kernel(tmpdir)
            self.imports_ended = time.time()

    def _start_kernel(self, tmpdir):
        """A new Kernel in self.kernel; self.error: why it did not start, or None."""
        self.kernel = Kernel(tmpdir)
        self.error = None
        try:
            self.kernel.start(KERNEL_START_TIMEOUT_S)
        except Exception as e:
            self.error = e


def describe_exit(status):
    if status is None:
        return "exit status unknown"
    if status < 0:
        sig = -status
        try:
            name = signal.Signals(sig).name
        except ValueError:
            name = "signal %d" % sig
        extra = "; out of memory?" if sig == signal.SIGKILL else ""
        return "killed by %s%s" % (name, extra)
    return "exit status %d" % status


class TestProcess:
    """The interpreter the test checks run in (sandmark_tests.py): started before the kernel, so no code of the
    notebook ever ran in it or before it; JSON lines on its stdin/stdout, its stderr kept as a log tail."""

    def __init__(self):
        self.lines = queue.Queue()
        self.stderr_tail = collections.deque(maxlen=50)
        self.proc = None
        self.ready = False

    def start(self):
        env = dict(os.environ)
        env.setdefault("MPLBACKEND", "Agg")
        self.proc = subprocess.Popen([sys.executable, "-I", "-X", "utf8", TEST_PROCESS], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=os.getcwd(), env=env)
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._drain, daemon=True).start()

    def _read(self):
        try:
            for line in self.proc.stdout:
                self.lines.put(line)
        except Exception:
            pass
        self.lines.put(None)

    def _drain(self):
        try:
            for line in self.proc.stderr:
                self.stderr_tail.append(line.decode("utf-8", "replace").rstrip()[:500])
        except Exception:
            pass

    def send(self, msg):
        """False when the process is gone."""
        try:
            self.proc.stdin.write((json.dumps(msg, ensure_ascii=True) + "\n").encode("ascii"))
            self.proc.stdin.flush()
            return True
        except (OSError, ValueError):
            return False

    def receive(self, deadline):
        """The next message, "timeout" at the deadline, or "ended" when the process is gone or garbled."""
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, min(POLL_S * 4, deadline - time.monotonic())))
            except queue.Empty:
                if time.monotonic() >= deadline:
                    return "timeout"
                continue
            if line is None:
                return "ended"
            try:
                msg = json.loads(line)
            except ValueError:
                return "ended"
            if isinstance(msg, dict):
                if msg.get("op") == "ready":
                    self.ready = True
                    continue
                return msg
            return "ended"

    def how_it_ended(self):
        status = self.proc.poll() if self.proc is not None else None
        tail = " | ".join(list(self.stderr_tail)[-3:])
        return "%s%s" % (describe_exit(status) if status is not None else "its output was garbled",
                         ("; stderr: " + tail) if tail else "")

    def kill(self):
        if self.proc is None:
            return
        try:
            self.proc.kill()
            self.proc.wait(timeout=5)
        except Exception:
            pass


# ---- the run ------------------------------------------------------------------------

class Item:
    """One cell of the instrumented notebook."""

    def __init__(self, cell, pos, index):
        self.cell = cell
        self.pos = pos                  # position in the instrumented notebook
        self.index = index              # index in the submitted notebook (None when injected)
        md = cell.get("metadata") or {}
        sm = md.get("sandmark") if isinstance(md.get("sandmark"), dict) else {}
        self.injected = sm.get("injected") if isinstance(sm.get("injected"), str) else None
        self.kind = CELL_KINDS.get(self.injected)
        served = sm.get(self.kind.key, self.kind.key_default) if self.kind else None
        self.label = str(served) if self.kind and self.kind.key == "label" else None
        self.check = served if self.kind and self.kind.key == "check" else None
        self.replaced = sm.get("replaced") if self.kind and self.kind.replaces and isinstance(sm.get("replaced"), dict) else None
        self.source = _source_text(cell, "cells[%d]" % pos)
        # A test check's code travels in the cell's metadata, never in its source: the kernel never sees it.
        self.test_code = sm.get("code") if self.injected == "test" and isinstance(sm.get("code"), str) else None
        self.rec = {"index": index, "id": cell.get("id"), "cell_type": cell.get("cell_type"),
                    "injected": self.injected, "status": "not-run", "duration_s": 0.0, "error": None,
                    "output_bytes": 0, "truncated": False, "execution_count": None}
        if self.label is not None:
            self.rec["label"] = self.label
        if self.check is not None:
            self.rec["check"] = self.check
        # Jupyter's convention (nbclient, nbval): a cell tagged raises-exception is expected to raise, so its
        # error is recorded but is not an error of the run.
        tags = md.get("tags") if isinstance(md.get("tags"), list) else []
        self.raises_exception = self.injected is None and "raises-exception" in tags
        if self.raises_exception:
            self.rec["raises_exception"] = True
        self.outputs = []

    def name(self):
        if self.index is not None:
            return "cells[%d]" % self.index
        if self.injected == "values":
            return "test check %s (the notebook's code it called)" % self.check
        if self.kind is not None:
            return "the injected %s cell (%s %s)" % (self.injected, self.kind.key, self.label if self.kind.key == "label" else self.check)
        return "the injected %s cell" % self.injected


def _parent_id(msg):
    """The msg_id a kernel message answers (None when it has none, or the message is malformed)."""
    parent = msg.get("parent_header") if isinstance(msg, dict) else None
    return parent.get("msg_id") if isinstance(parent, dict) else None


def shell_exit_status(reply):
    """The `_exit_code` an execute_reply's user expression read (see SHELL_EXIT_EXPR), or None."""
    ue = (reply.get("user_expressions") or {}).get(SHELL_EXIT_KEY)
    if not isinstance(ue, dict) or ue.get("status") != "ok":
        return None
    text = (ue.get("data") or {}).get("text/plain")
    try:
        return int(text)
    except (TypeError, ValueError):
        return None


def replied_before(msg, when):
    """True when the kernel stamped this message (header.date, the kernel's clock, which is this
    machine's) before the moment `when` (aware datetime, UTC). False when the date is unreadable."""
    date = (msg.get("header") or {}).get("date")
    if isinstance(date, str):
        try:
            date = datetime.datetime.fromisoformat(date.replace("Z", "+00:00"))
        except ValueError:
            return False
    if not isinstance(date, datetime.datetime) or date.tzinfo is None:
        return False
    return date < when


def interrupted_after_code(reply):
    """True when the runner's user expression (evaluated by the kernel after the cell's code ran, before
    the reply) failed with KeyboardInterrupt: the interrupt arrived only after the cell's code had finished."""
    ue = (reply.get("user_expressions") or {}).get(TRANSFORMER_KEY)
    return isinstance(ue, dict) and ue.get("status") == "error" and ue.get("ename") == "KeyboardInterrupt"


class Runner:
    def __init__(self, job):
        self.job = job
        self.limits = job["limits"]
        self.nonce = job["nonce"]
        self.nb = job["notebook"]
        self.t0 = time.monotonic()
        wall = float(self.limits["wall_timeout_s"])
        self.wall = wall
        self.cell_timeout = float(self.limits["cell_timeout_s"])
        self.grace = float(self.limits["interrupt_grace_s"])
        # Kept for the probe and test cells. A student cell running at the deadline may take the interrupt
        # grace to stop, out of the reserve: the grace is added, or a loaded machine leaves the probes no time.
        self.reserve = min(max(2.0, 0.05 * wall) + self.grace, 30.0, wall / 3.0)
        self.student_deadline = self.t0 + wall - self.reserve
        self.hard_deadline = self.t0 + wall
        self.messages = []
        self.warnings = []
        self.limits_hit = []
        self.statuses = set()
        self.kernel_info = {"died": False}
        self.total_kept = 0
        self.images_kept = 0
        self.probe_values = {}
        self.kernel = None
        self.prestarted = None  # a Prestart: the kernel started before the job was read
        self.default_transformers = None
        self.wall_clock = None
        self.transformers_changed = None
        self.interference = []   # what the notebook's code did that kept grading from reading the run
        self.tests = None        # the TestProcess, started before the kernel when the notebook has test checks
        self.profile = []        # [stage, start, end]: wall-clock seconds of the runner's stages (the result's "profile")
        self.items = []
        index = 0
        for pos, cell in enumerate(self.nb["cells"]):
            item = Item(cell, pos, None)
            if item.injected is None:
                item.index = item.rec["index"] = index
                index += 1
            elif item.replaced is not None:
                # A test cell standing in for the submission's own cell (nbgrader style): that
                # cell keeps its index in the submitted notebook and comes back after the run.
                item.rec["replaces"] = index
                index += 1
            self.items.append(item)

    def stage(self, name, start):
        """Records that stage `name` ran from `start` (time.time()) until now, for the result's "profile"."""
        self.profile.append([name, start, time.time()])

    def note(self, text):
        log(text)
        self.messages.append(text)

    def warn(self, text):
        """A note that does not change the status but belongs in the grade's reasons (record.warnings)."""
        self.note(text)
        self.warnings.append(text)

    def interfere(self, text):
        """Record something the notebook's code did to the grading itself (record.interference): the run needs
        review with the reason "the notebook interfered with grading: …", never a grader error."""
        if text not in self.interference:
            self.interference.append(text)
        self.note(INTERFERED + text)

    def hit(self, what):
        if what not in self.limits_hit:
            self.limits_hit.append(what)

    # -- kernel checks --

    def language_problem(self):
        md = self.nb.get("metadata") or {}
        ks = md.get("kernelspec") if isinstance(md.get("kernelspec"), dict) else {}
        li = md.get("language_info") if isinstance(md.get("language_info"), dict) else {}
        lang = ks.get("language") or li.get("name")
        if isinstance(lang, str) and lang.strip().lower() not in ("python", "python3", "ipython"):
            return "notebook language is %s; only Python is supported" % lang
        name = ks.get("name")
        if isinstance(name, str) and name not in ("python3", "python"):
            self.warn("kernelspec %r ignored: running the Python kernel of %s" % (name, sys.executable))
        return None

    # -- running one cell --

    def run_cell(self, item, deadline, why):
        """Execute one code cell. Returns 'ok', 'error', 'timeout', 'ignored' or 'died'."""
        kernel = self.kernel
        kc = kernel.kc
        rec = item.rec
        if item.kind is None and "\x00" in item.source:
            return self.refuse_nul(item)
        cap = max(0, min(self.limits["output_cell_bytes"], self.limits["output_total_bytes"] - self.total_kept))
        coll = OutputCollector(cap, self.limits["output_image_bytes"],
                               self.limits["output_images_total_bytes"] - self.images_kept)
        outputs = []  # the outputs of the cell's own kind (CELL_KINDS), for its accept function
        expressions = {TRANSFORMER_KEY: TRANSFORMER_EXPR}
        if item.injected is None and SHELL_ESCAPE.search(item.source):
            expressions[SHELL_EXIT_KEY] = SHELL_EXIT_EXPR
        start = time.monotonic()
        msg_id = kc.execute(item.source, silent=False, store_history=item.injected is None,
                            allow_stdin=False, stop_on_error=False, user_expressions=expressions)
        reply = None
        reply_at = None
        idle = False
        idle_at = None
        interrupted_at = None
        interrupted_wall = None
        outcome = None
        died_status = None
        no_reply = False
        interrupt_spent = False  # our interrupt hit the user expression (after the cell's code): lists unread
        while True:
            # Drain IOPub (bounded batch), then look for the reply.
            got = 0
            while got < 200:
                try:
                    msg = kc.get_iopub_msg(timeout=0 if got else POLL_S)
                except queue.Empty:
                    break
                got += 1
                if _parent_id(msg) != msg_id:
                    continue
                if self.handle_iopub(item, msg, coll, outputs) and not idle:
                    idle = True
                    idle_at = time.monotonic()
            while reply is None:
                try:
                    m = kc.get_shell_msg(timeout=0)
                except queue.Empty:
                    break
                if _parent_id(m) == msg_id and m.get("msg_type") == "execute_reply":
                    reply = m.get("content", {})
                    if not isinstance(reply, dict):
                        self.interfere("%s: the kernel's reply is not an object" % item.name())
                        reply = {"status": "error", "ename": "Interference", "evalue": "malformed reply"}
                    reply_at = time.monotonic()
                    if interrupted_at is not None and reply.get("status") == "ok" and \
                            (replied_before(m, interrupted_wall) or interrupted_after_code(reply)):
                        # The reply was on its way when the deadline passed, or the interrupt landed while
                        # the kernel evaluated the runner's user expression: the cell's code had finished.
                        log("%s finished before the interrupt reached it" % item.name())
                        interrupted_at = None
                        interrupt_spent = interrupted_after_code(reply)
            now = time.monotonic()
            if reply is not None and (idle or now - reply_at > 1.0):
                break
            if reply is None and idle and now - idle_at > NO_REPLY_WAIT_S:
                # The kernel went idle without replying: a KeyboardInterrupt outside the cell's code (after
                # it ran, before the reply was sent; ipykernel logs "KeyboardInterrupt caught in kernel")
                # ended the request. The kernel is alive and answering: never an ignored interrupt.
                no_reply = True
                break
            status = kernel.exit_status()
            if status is not None:
                died_status = status
                # late outputs already sent
                while True:
                    try:
                        msg = kc.get_iopub_msg(timeout=0.05)
                    except queue.Empty:
                        break
                    if _parent_id(msg) == msg_id:
                        self.handle_iopub(item, msg, coll, outputs)
                break
            if reply is not None:
                continue  # the cell has finished; only its last outputs and the idle status are awaited
            if interrupted_at is None and not idle and now >= deadline:
                interrupted_at = now
                interrupted_wall = datetime.datetime.now(datetime.timezone.utc)
                kernel.interrupt()
            elif interrupted_at is not None and not idle and now >= interrupted_at + self.grace:
                outcome = "ignored"
                kernel.kill()
                died_status = kernel.exit_status()
                break
        rec["duration_s"] = round(time.monotonic() - start, 3)
        rec["output_bytes"] = coll.seen
        rec["truncated"] = coll.truncated
        if coll.truncated:
            self.hit("output")
        self.total_kept += coll.kept_bytes()
        self.images_kept += coll.image_bytes
        if coll.image_cut is not None:
            self.hit("output")
            size, name, limit = coll.image_cut
            self.warn("%s: an image of %s was cut (%s is %s)" % (item.name(), _fmt_mb(size), name, _fmt_mb(limit)))
        item.outputs = coll.outputs()
        if reply is not None:
            count = reply.get("execution_count")
            if count is None or (type(count) is int and 0 <= count < 2 ** 31):
                rec["execution_count"] = count
            else:
                rec["execution_count"] = None
                self.interfere("%s replied with execution_count %s" % (item.name(), _short(count)))
            if reply.get("status") == "error":
                rec["error"] = {"ename": str(reply.get("ename", "")), "evalue": str(reply.get("evalue", ""))}
            elif reply.get("status") == "aborted":
                rec["error"] = {"ename": "Aborted", "evalue": "execution aborted by the kernel"}
        if item.kind is not None:
            getattr(self, item.kind.accept)(item, outputs, finished=reply is not None and outcome is None
                                            and died_status is None and interrupted_at is None)
        if reply is not None and not interrupt_spent:
            self.check_transformers(item, reply)
        if outcome == "ignored":
            rec["status"] = "interrupted-ignored"
            return "ignored"
        if died_status is not None:
            rec["status"] = "kernel-died"
            self.kernel_info = {"died": True, "cell": item.index, "exit_status": died_status,
                                "reason": "kernel died while executing %s (%s)" % (item.name(), describe_exit(died_status))}
            return "died"
        if interrupted_at is not None:
            rec["status"] = "timeout"
            if rec["error"] is None:
                rec["error"] = {"ename": "Timeout", "evalue": why}
            return "timeout"
        if no_reply:
            self.note("%s: the kernel went idle without replying to it" % item.name())
            rec["error"] = {"ename": "NoReply", "evalue": "the kernel went idle without replying"}
        if reply is not None and reply.get("status") == "ok":
            rec["status"] = "ok"
            code = shell_exit_status(reply)
            if code:
                # A warning, not an error: IPython raises nothing, and an instructor's `!pip install` that
                # fails offline must not fail the reference run when the environment already has the package.
                rec["shell_exit_status"] = code
                self.warn("%s: a shell command (!) exited with status %d" % (item.name(), code))
            self.check_exit_payload(item, reply)
            return "ok"
        rec["status"] = "error"
        return "error"

    def refuse_nul(self, item):
        """A code cell holding a NUL character (U+0000): Python cannot compile it, and the kernel, sent it, went idle
        without replying (a bare "NoReply" after a wait). The cell fails as Python 3.12 fails such source, a
        SyntaxError, naming where the character is; it is not sent, and the run goes on with the next cell."""
        before = item.source[:item.source.index("\x00")]
        line = before.count("\n") + 1
        column = len(before) - (before.rfind("\n") + 1) + 1
        evalue = ("the cell contains a NUL character (U+0000) at line %d, column %d, which Python cannot compile: "
                  "remove it" % (line, column))
        item.rec["error"] = {"ename": "SyntaxError", "evalue": evalue}
        item.rec["status"] = "error"
        item.outputs = [{"output_type": "error", "ename": "SyntaxError", "evalue": evalue,
                         "traceback": ["SyntaxError: " + evalue]}]
        return "error"

    def check_exit_payload(self, item, reply):
        for p in reply.get("payload") or []:
            if isinstance(p, dict) and p.get("source") == "ask_exit":
                item.asked_exit = True

    def handle_iopub(self, item, msg, coll, outputs):
        """Route one IOPub message of the running cell. Returns True on the idle status."""
        mt = msg.get("msg_type")
        c = msg.get("content", {})
        if not isinstance(c, dict):
            self.interfere("%s: the kernel sent a %s message whose content is not an object" % (item.name(), _short(mt)))
            return False
        if mt == "status":
            return c.get("execution_state") == "idle"
        if mt == "stream":
            coll.add_stream(str(c.get("name", "stdout")), str(c.get("text", "")))
        elif mt in ("display_data", "execute_result"):
            data = c.get("data") or {}
            if not isinstance(data, dict) or not isinstance(c.get("metadata") or {}, dict):
                self.interfere("%s: the kernel sent a %s whose data or metadata is not an object" % (item.name(), mt))
                return False
            for name, kind in CELL_KINDS.items():
                if kind.mime not in data:
                    continue
                if item.injected == name and (mt == "display_data" or not kind.display_only):
                    outputs.append(data[kind.mime])
                    return False
                self.note("%s displayed a %s output; ignored" % (item.name(), kind.looks_like))
                data = {k: v for k, v in data.items() if k != kind.mime}
                if not data:
                    return False
            out = {"output_type": mt, "data": data, "metadata": c.get("metadata") or {}}
            if mt == "execute_result":
                out["execution_count"] = c.get("execution_count")
            coll.add_rich(out)
        elif mt == "error":
            tb = c.get("traceback")
            if tb is not None and not (isinstance(tb, list) and all(isinstance(x, str) for x in tb)):
                self.interfere("%s: the kernel sent an error whose traceback is not a list of strings (%s)"
                               % (item.name(), _short(tb)))
            coll.add_error(c)
        elif mt == "clear_output":
            if c.get("wait"):
                coll.clear_pending = True
            else:
                coll.clear()
        return False

    # -- test checks: run in the test process, fed with the kernel's values at the test cell's place --

    def start_tests(self):
        """Start the test process when the notebook has test checks (before the kernel: nothing of the
        notebook ran yet)."""
        early = self.prestarted.tests if self.prestarted is not None else None
        if not any(it.test_code is not None for it in self.items):
            if early is not None:
                early.kill()
            return
        if early is not None:
            self.tests = early
            return
        self.tests = TestProcess()
        try:
            self.tests.start()
        except Exception as e:
            self.note("the test process did not start (%s: %s)" % (type(e).__name__, e))
            self.tests = None

    def run_test(self, item, deadline, why):
        """Run one test check in the test process. Returns 'ok', 'error', 'timeout', 'ignored' or 'died', as
        run_cell() does for the kernel's part (the names the test reads, the notebook's functions it calls)."""
        rec = item.rec
        start = time.monotonic()
        try:
            return self._run_test(item, deadline, why)
        finally:
            rec["duration_s"] = round(time.monotonic() - start, 3)

    def _run_test(self, item, deadline, why):
        rec = item.rec
        if item.test_code is None:
            # A later copy of an nbgrader test cell (metadata "duplicate"): the instructor's test ran at the first.
            rec["status"] = "ok"
            return "ok"
        tests = self.tests
        if tests is None:
            rec["status"] = "error"
            rec["test_result"] = "unverified"
            self.note("%s was not run: the test process is not running" % item.name())
            return "error"
        if not tests.send({"op": "test", "check": item.check, "code": item.test_code}):
            return self.test_process_lost(item)
        aborted = None  # the kernel's outcome that stopped the test
        while True:
            msg = tests.receive(max(deadline, time.monotonic() + 5.0) if aborted else deadline)
            if msg == "timeout":
                tests.kill()
                self.tests = None
                self.note("%s: the test did not finish (%s); its process was stopped" % (item.name(), why))
                rec["status"] = "timeout"
                rec["error"] = {"ename": "Timeout", "evalue": why}
                return aborted or "timeout"
            if msg == "ended":
                return self.test_process_lost(item)
            op = msg.get("op")
            if op == "verdict":
                break
            if aborted is not None:
                tests.send({"op": "abort", "why": "stopped"})
                continue
            if op == "need" and isinstance(msg.get("names"), list):
                names = [str(n) for n in msg["names"]]
                source = self.kernel_source("transfer(globals(), %r, max_bytes=%d)" % (names, self.limits["probe_bytes"]))
                outcome, answer = self.kernel_request(item, source, deadline, why, "values")
                reply = {"op": "values", "values": answer["values"]} if answer and isinstance(answer.get("values"), dict) else None
            elif op == "call" and isinstance(msg.get("name"), str):
                request = {"args": msg.get("args") or [], "kwargs": msg.get("kwargs") or []}
                source = self.kernel_source("call(globals(), %r, %r, max_bytes=%d)" % (msg["name"], request,
                                                                                       self.limits["probe_bytes"]))
                outcome, answer = self.kernel_request(item, source, deadline, why, "call of %s()" % msg["name"])
                reply = None
                if answer and ("value" in answer or isinstance(answer.get("raised"), dict)):
                    reply = {"op": "return"}
                    reply.update({k: answer[k] for k in ("value", "raised") if k in answer})
            else:
                tests.kill()
                self.tests = None
                return self.test_process_lost(item)
            if outcome != "ok":
                aborted = outcome
                tests.send({"op": "abort", "why": outcome})
                continue
            if reply is None:
                aborted = "error"
                tests.send({"op": "abort", "why": "no answer from the kernel"})
                continue
            if not tests.send(reply):
                return self.test_process_lost(item)
        text = msg.get("output")
        if isinstance(text, str) and text:
            rec["output_bytes"] += _nbytes(text)
        if aborted is not None:
            # The kernel's part did not finish: the cell's outcome is the kernel's (run() and grading say why).
            rec["status"] = {"error": "error", "timeout": "timeout", "ignored": "interrupted-ignored",
                             "died": "kernel-died"}.get(aborted, "error")
            if aborted == "error":
                rec["test_result"] = "unverified"
            if aborted == "timeout" and rec["error"] is None:
                rec["error"] = {"ename": "Timeout", "evalue": why}
            return aborted
        ok = msg.get("ok") is True
        rec["test_result"] = "pass" if ok else "fail"
        result_text = msg.get("result_text")
        if ok and isinstance(result_text, str):
            rec["result_text"] = result_text[:200]  # nbgrader's partial credit: a test whose last expression is a number
        if ok:
            rec["status"] = "ok"
            return "ok"
        err = {"ename": str(msg.get("ename", "")), "evalue": str(msg.get("evalue", ""))[:2000]}
        rec["status"] = "error"
        rec["error"] = err
        rec["test_error"] = dict(err)
        return "error"

    def kernel_garbled(self, item, what):
        """The kernel sent what the runner cannot read (a patched json.dumps, messages of the wrong shape): it is
        stopped and the rest of the notebook does not run."""
        self.interfere("the kernel sent messages the runner cannot read during %s (%s); the kernel was stopped"
                       % (item.name(), what))
        self.kernel.kill()
        item.rec["status"] = "kernel-died"
        self.kernel_info = {"died": True, "killed": True, "cell": item.index, "exit_status": self.kernel.exit_status(),
                            "reason": "the kernel was stopped after %s: the notebook interfered with grading" % item.name()}
        return "died"

    def test_process_lost(self, item):
        """The test process ended in the middle of a test: only the notebook's processes (same user, same sandbox)
        can have killed it. The check is unverified (needs review), never passed."""
        tests = self.tests
        how = tests.how_it_ended() if tests is not None else "not running"
        if tests is not None:
            tests.kill()
        self.tests = None
        item.rec["status"] = "error"
        item.rec["test_result"] = "unverified"
        self.interfere("the test process ended during %s (%s)" % (item.name(), how))
        return "error"

    @staticmethod
    def kernel_source(call):
        return ("# Sandmark: the notebook's values for a test check (sent by the runner)\n"
                "def _sandmark_values():\n"
                "    import importlib.util as u\n"
                "    s = u.spec_from_file_location(\"_sandmark_values\", %r)\n"
                "    m = u.module_from_spec(s)\n"
                "    s.loader.exec_module(m)\n"
                "    m.%s\n"
                "try:\n"
                "    _sandmark_values()\n"
                "finally:\n"
                "    del _sandmark_values\n" % (PROBE_RUNTIME, call))

    def kernel_request(self, item, source, deadline, why, what):
        """Run `source` in the kernel for test `item`; returns (run_cell's outcome, the one values output or None).
        Its outputs count in the test's record; a missing or doubled answer is the notebook's doing."""
        cell = {"cell_type": "code", "source": source, "metadata": {"sandmark": {"injected": "values", "check": item.check}}}
        req = Item(cell, item.pos, None)
        outcome = self.run_cell(req, deadline, why)
        item.rec["output_bytes"] += req.rec["output_bytes"]
        item.rec["truncated"] = item.rec["truncated"] or req.rec["truncated"]
        item.rec["execution_count"] = req.rec["execution_count"]
        if outcome != "ok":
            if outcome == "error" and req.rec["error"]:
                self.interfere("%s for %s raised %s: %s" % (what, item.name(), req.rec["error"]["ename"],
                                                            req.rec["error"]["evalue"][:300]))
            return outcome, None
        answers = getattr(req, "values", [])
        if len(answers) != 1 or not isinstance(answers[0], dict):
            self.interfere("%s for %s gave %d answers (expected one)" % (what, item.name(), len(answers)))
            return "ok", None
        if _json_size(answers[0]) > self.limits["probe_bytes"] + self.limits["probe_bytes"] // 2 + 65536:
            self.interfere("%s for %s answered with more than limits.probe_bytes" % (what, item.name()))
            return "ok", None
        return "ok", answers[0]

    def accept_values(self, item, outputs, finished):
        item.values = outputs

    # -- IPython transformers --

    def read_transformers(self, reply):
        """The transformer lists from an execute_reply's user expression, or None when unreadable."""
        ue = (reply.get("user_expressions") or {}).get(TRANSFORMER_KEY)
        if not isinstance(ue, dict) or ue.get("status") != "ok":
            return None
        text = (ue.get("data") or {}).get("text/plain")
        if isinstance(text, list):
            text = "".join(text)
        try:
            lists = ast.literal_eval(text)
        except Exception:
            return None
        if not isinstance(lists, list) or len(lists) != len(TRANSFORMER_LISTS) or \
                not all(isinstance(l, list) and all(isinstance(x, str) for x in l) for l in lists):
            return None
        return lists

    def snapshot_transformers(self, timeout=15.0):
        """The kernel's default transformer lists, read before any cell runs (a silent, empty request)."""
        kc = self.kernel.kc
        try:
            msg_id = kc.execute("", silent=True, store_history=False, allow_stdin=False,
                                user_expressions={TRANSFORMER_KEY: TRANSFORMER_EXPR})
            end = time.monotonic() + timeout
            while time.monotonic() < end:
                try:
                    m = kc.get_shell_msg(timeout=POLL_S)
                except queue.Empty:
                    if self.kernel.exit_status() is not None:
                        break
                    continue
                if _parent_id(m) == msg_id and m.get("msg_type") == "execute_reply":
                    self.default_transformers = self.read_transformers(m.get("content", {}))
                    break
        except Exception as e:
            log("reading the transformer lists failed: %s" % e)
        if self.default_transformers is None:
            self.note("IPython's transformer lists could not be read at kernel start; changes to them go undetected")

    def check_transformers(self, item, reply):
        """Record (once) when the lists differ from the kernel's defaults after a cell."""
        if self.default_transformers is None or self.transformers_changed is not None:
            return
        if reply.get("status") != "ok":
            return  # the kernel evaluates user expressions only after a cell that succeeded
        now = self.read_transformers(reply)
        changes = {}
        if now is None:
            # Why, as far as the reply tells: the expression uses str, getattr, type, hex, id and __import__, so a
            # notebook that patched built-ins (or IPython) makes it raise or answer nonsense.
            ue = (reply.get("user_expressions") or {}).get(TRANSFORMER_KEY)
            if isinstance(ue, dict) and ue.get("status") == "error":
                changes["unreadable"] = ("%s: %s" % (ue.get("ename", ""), ue.get("evalue", "")))[:200]
            else:
                changes["unreadable"] = "the answer was not the lists"
        else:
            for name, before, after in zip(TRANSFORMER_LISTS, self.default_transformers, now):
                if before != after:
                    changes[name] = {"added": [x.split("@")[0] for x in after if x not in before],
                                     "removed": [x.split("@")[0] for x in before if x not in after]}
        if not changes:
            return
        self.transformers_changed = {"cell": item.index, "where": item.name(), "lists": changes}
        if now is None:
            what = "IPython's transformer lists could no longer be read (%s)" % changes["unreadable"]
        else:
            parts = []
            for name, ch in changes.items():
                bits = ["+" + x for x in ch["added"]] + ["-" + x for x in ch["removed"]]
                parts.append("%s: %s" % (name, ", ".join(bits) if bits else "reordered"))
            what = "IPython's code transformers changed (%s)" % "; ".join(parts)
        self.note("%s after %s: they can rewrite later cells, Sandmark's test and probe cells included"
                  % (what, item.name()))

    def accept_probe(self, item, probes, finished):
        """A probe cell's values into the payload (value checks): only outputs carrying the run's nonce."""
        valid = []
        for p in probes:
            if not isinstance(p, dict) or p.get("nonce") != self.nonce:
                self.note("%s: a probe output without the run's nonce was ignored" % item.name())
                continue
            if p.get("label") != item.label or not isinstance(p.get("values"), dict):
                self.note("%s: a probe output with a wrong label or no values was ignored" % item.name())
                continue
            valid.append(p)
        limit = self.limits["probe_bytes"]
        for p in list(valid):
            size = _json_size(p["values"])
            if size > limit + limit // 2 + 65536:
                self.note("%s: probe values of %s exceed the limit of %s; ignored" % (item.name(), _fmt_mb(size), _fmt_mb(limit)))
                valid.remove(p)
                return
        if len(valid) == 1:
            if item.label in self.probe_values:
                self.note("probe label %r appears twice; the later one is kept" % item.label)
            entry = {"values": valid[0]["values"]}
            # Every other top-level name (docs/probe-payload.md section 5), kept only whole and within the cap:
            # without it, every name not checked counts as not captured, and a new check on it runs again.
            captured, dropped = valid[0].get("captured"), valid[0].get("dropped")
            if isinstance(captured, dict) and isinstance(dropped, list) and all(isinstance(n, str) for n in dropped):
                if _json_size(captured) > limit + limit // 2 + 65536:
                    self.note("%s: the captured names exceed the limit of %s; ignored" % (item.name(), _fmt_mb(limit)))
                else:
                    entry["captured"] = captured
                    entry["dropped"] = dropped
            listing = valid[0].get("namespace")
            if isinstance(listing, list):  # the reference run's namespace listing (docs/probe-payload.md)
                if _json_size(listing) > limit + limit // 2 + 65536:
                    self.note("%s: the namespace listing exceeds the limit of %s; ignored" % (item.name(), _fmt_mb(limit)))
                else:
                    entry["namespace"] = listing
                    omitted = valid[0].get("namespace_omitted")
                    if isinstance(omitted, int) and not isinstance(omitted, bool) and omitted > 0:
                        entry["namespace_omitted"] = omitted
            self.probe_values[item.label] = entry
        elif len(valid) > 1:
            self.note("%s displayed %d probe outputs (expected one); its values were rejected"
                      % (item.name(), len(valid)))
        else:
            self.note("%s produced no probe values" % item.name())

    # -- the whole notebook --

    def run(self):
        problem = self.language_problem()
        if problem:
            self.note(problem)
            self.statuses.add("kernel-start-failed")
            self.kernel_info = {"died": False, "start_failed": True, "reason": problem}
            return
        t = time.time()
        self.start_tests()
        self.stage("test-process-spawn", t)
        pre, self.prestarted = self.prestarted, None
        if pre is not None:
            self.kernel = pre.kernel
        try:
            if pre is None:
                self.kernel = Kernel(self.tmpdir)
                t = time.time()
                self.kernel.start(min(KERNEL_START_TIMEOUT_S, max(1.0, self.student_deadline - time.monotonic())))
                self.stage("kernel-start", t)
            elif pre.error is not None:
                raise pre.error
        except Exception as e:
            self.statuses.add("kernel-start-failed")
            tail = " | ".join(list(self.kernel.stderr_tail)[-5:])
            status = self.kernel.exit_status()
            # Why, always (the grade's reason): the exception, how the kernel process ended, its last stderr lines.
            reason = "the kernel did not start (%s: %s)%s%s" % (
                type(e).__name__, e, ("; the kernel process ended: %s" % describe_exit(status)) if status is not None else "",
                ("; kernel stderr: " + tail) if tail else "")
            self.kernel_info = {"died": False, "start_failed": True, "reason": reason}
            self.note(reason)
            return
        t = time.time()
        self.snapshot_transformers()
        self.stage("transformers-snapshot", t)
        student_stopped = False   # wall clock reached: no more student cells
        dead = False
        for item in self.items:
            if item.cell.get("cell_type") != "code":
                continue
            if dead:
                continue
            if item.injected is None and student_stopped:
                continue
            if not item.source.strip():
                item.rec["status"] = "ok"
                continue
            now = time.monotonic()
            if item.injected is None:
                limit_end = self.student_deadline
            else:
                limit_end = self.hard_deadline
            if now >= limit_end:
                if item.injected is None:
                    self.wall_reached(item, interrupted=False)
                    student_stopped = True
                else:
                    self.note("no time left for %s (%s)" % (item.name(), self.wall_limit()))
                continue
            cell_end = now + self.cell_timeout
            by_wall = limit_end < cell_end
            deadline = min(cell_end, limit_end)
            if not by_wall:
                why = "timeout after %s s" % _num(self.cell_timeout)
            elif item.injected is None:
                why = self.stopped_text(limit_end)
            else:
                why = "%s reached" % self.wall_limit()
            t = time.time()
            try:
                if item.injected == "test":
                    outcome = self.run_test(item, deadline, why)
                else:
                    outcome = self.run_cell(item, deadline, why)
                self.stage("cell:%s" % item.injected if item.injected else "cell:student:%d" % item.index, t)
            except Exception as e:
                # Only the kernel's messages (the notebook's code controls them) can take the runner here.
                import traceback
                log("reading %s failed:\n%s" % (item.name(), traceback.format_exc()))
                outcome = self.kernel_garbled(item, "%s: %s" % (type(e).__name__, str(e)[:300]))
            if outcome == "timeout":
                if by_wall:
                    item.rec["status"] = "wall-timeout"
                    item.rec["error"] = {"ename": "Timeout", "evalue": why}  # not the KeyboardInterrupt it raised
                    self.wall_reached(item, interrupted=True, at=limit_end)
                    if item.injected is None:
                        student_stopped = True
                else:
                    self.statuses.add("cell-timeout")
                    self.hit("cell-timeout")
                    item.rec["error"] = {"ename": "Timeout", "evalue": why}  # the limit, as the message says it
                    self.note("%s in %s" % (why, item.name()))
            elif outcome == "ignored":
                dead = True
                if by_wall:
                    self.statuses.add("wall-timeout")
                    self.hit("wall-clock")
                    if item.injected is None:
                        reason = "%s; interrupt ignored; kernel killed" % self.stopped_text(limit_end, "during " + item.name())
                    else:
                        reason = "%s reached during %s; interrupt ignored; kernel killed" % (self.wall_limit(), item.name())
                    item.rec["status"] = "wall-timeout"
                    self.record_wall_clock(item, True, limit_end)
                else:
                    self.statuses.add("interrupt-ignored")
                    self.hit("cell-timeout")
                    item.rec["error"] = {"ename": "Timeout", "evalue": why}
                    reason = "timeout in %s; interrupt ignored; kernel killed" % item.name()
                self.note(reason)
                self.kernel_info = {"died": True, "killed": True, "cell": item.index,
                                    "exit_status": self.kernel.exit_status(), "reason": reason}
            elif outcome == "died":
                dead = True
                self.statuses.add("kernel-died")
                self.note(self.kernel_info["reason"])
            elif outcome == "error":
                if item.raises_exception:
                    self.note("%s raised %s, as its raises-exception tag says; not an error of the run"
                              % (item.name(), (item.rec["error"] or {}).get("ename", "an error")))
                elif not (item.kind and item.kind.error_is_verdict):
                    self.statuses.add("errors")
            if outcome == "ok" and getattr(item, "asked_exit", False):
                if self.wait_for_exit(1.5):
                    dead = True
                    self.statuses.add("kernel-died")
                    st = self.kernel.exit_status()
                    reason = "kernel exited after %s (exit() called)" % item.name()
                    self.kernel_info = {"died": True, "cell": item.index, "exit_status": st, "reason": reason}
                    self.note(reason)
                else:
                    self.note("exit() called in %s; the kernel kept running" % item.name())
        if self.tests is not None:
            self.tests.kill()
        if dead:
            tail = list(self.kernel.stderr_tail)[-5:]
            if tail:
                log("kernel stderr tail: " + " | ".join(tail))

    def wait_for_exit(self, seconds):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if self.kernel.exit_status() is not None:
                return True
            time.sleep(0.05)
        return False

    def wall_limit(self):
        """How the whole-run limit is named to people: the assignment's `timeout_s`."""
        return "whole-run time limit (timeout_s = %s s)" % _num(self.wall)

    def stopped_text(self, at, where=""):
        """How the whole-run clock stopping the student's cells at monotonic time `at` is told: the time actually
        reached, not the limit, since the reserve for the probe and test cells is kept out of it
        ("stopped during cells[6] at 40 s of the whole-run time limit (timeout_s = 45 s), keeping 5 s to grade")."""
        stopped = self.elapsed_at(at)
        return "stopped %sat %s s of the %s, keeping %s s to grade" % (
            where + " " if where else "", _num(stopped), self.wall_limit(), _num(round(max(0.0, self.wall - stopped), 1)))

    def elapsed_at(self, at):
        """Seconds from the runner's start to monotonic time `at`, one decimal; the student cells' deadline as
        W - R exactly (no float noise from the clock's offset)."""
        return round(self.wall - self.reserve if at == self.student_deadline else max(0.0, at - self.t0), 1)

    def record_wall_clock(self, item, interrupted, at):
        """The record's `wall_clock` (docs/runner-protocol.md), once: where the whole-run clock stopped the run and,
        for a student cell, when (`stopped_s`, seconds from the runner's start; `reserve_s` kept for grading)."""
        if self.wall_clock is not None:
            return
        self.wall_clock = {"timeout_s": self.wall, "cell": item.index, "where": item.name(), "during": interrupted}
        if item.injected is None:
            stopped = self.elapsed_at(at)
            self.wall_clock["stopped_s"] = stopped
            self.wall_clock["reserve_s"] = round(max(0.0, self.wall - stopped), 1)

    def wall_reached(self, item, interrupted, at=None):
        """The whole-run clock stopped the student's cells (not a per-cell timeout): record where and when."""
        self.statuses.add("wall-timeout")
        self.hit("wall-clock")
        at = time.monotonic() if at is None else at
        self.record_wall_clock(item, interrupted, at)
        if item.injected is None:
            self.note("%s; the later cells did not run"
                      % self.stopped_text(at, ("during " if interrupted else "before ") + item.name()))
        else:
            self.note("%s reached during %s" % (self.wall_limit(), item.name()))

    def result(self):
        status = "completed"
        for s in STATUS_ORDER:
            if s in self.statuses:
                status = s
                break
        record = {
            "status": status,
            "unsafe": bool(self.job.get("unsafe", False)),
            "duration_s": round(time.monotonic() - self.t0, 3),
            "cells": [it.rec for it in self.items if it.cell.get("cell_type") == "code"],
            "limits_hit": self.limits_hit,
            "kernel": self.kernel_info,
            "transformers_changed": self.transformers_changed,
            "wall_clock": self.wall_clock,
            "messages": self.messages,
            "warnings": self.warnings,
            "interference": self.interference,
        }
        payload = None
        if self.probe_values:
            _share_unchanged_captures(self.probe_values)
            payload = {"format": PAYLOAD_FORMAT, "probes": self.probe_values}
        nb = {k: v for k, v in self.nb.items() if k != "cells"}
        nb = copy.deepcopy(nb)
        cells = []
        for it in self.items:
            if it.injected is not None:
                if it.replaced is not None:
                    cell = copy.deepcopy(it.replaced)
                    if cell.get("cell_type") == "code":
                        cell["outputs"] = []
                        cell["execution_count"] = None
                    cells.append(cell)
                continue
            cell = copy.deepcopy(it.cell)
            if cell.get("cell_type") == "code":
                cell["outputs"] = it.outputs
                cell["execution_count"] = it.rec["execution_count"]
            cells.append(cell)
        nb["cells"] = cells
        problems = []
        out = _sanitize({"format": RESULT_FORMAT, "record": record, "payload": payload, "notebook": nb,
                         "profile": self.profile}, problems)
        if problems:
            # Outputs, metadata or counts no JSON reader takes: only the notebook's code puts them there.
            what = "its outputs held " + "; ".join(sorted(set(problems))[:5])
            out["record"]["interference"].append(what)
            out["record"]["messages"].append(INTERFERED + what)
        return out


def _short(value, limit=60):
    """A value from the kernel, shown in a message: its repr cut to `limit` characters (never fails)."""
    try:
        text = repr(value) if not isinstance(value, int) or abs(value) < 10 ** 100 else "an integer of %d bits" % value.bit_length()
    except Exception:
        text = "?"
    return text if len(text) <= limit else text[:limit] + "…"


MAX_JSON_INT = 2 ** 53   # larger integers lose precision as JSON numbers (and beyond the double range, fail)
MAX_JSON_DEPTH = 100


def _sanitize(obj, problems, depth=0):
    """A copy of the result that any JSON reader takes: non-finite floats and integers beyond ±2**53 become
    strings, nesting deeper than MAX_JSON_DEPTH a note; each change is listed in `problems`."""
    if isinstance(obj, bool) or obj is None or isinstance(obj, str):
        return obj
    if isinstance(obj, int):
        if -MAX_JSON_INT <= obj <= MAX_JSON_INT:
            return obj
        problems.append("a number too large for JSON (%s)" % _short(obj))
        return _short(obj, 200)
    if isinstance(obj, float):
        return obj if obj == obj and obj not in (float("inf"), float("-inf")) else repr(obj)
    if depth >= MAX_JSON_DEPTH:
        problems.append("data nested more than %d levels deep" % MAX_JSON_DEPTH)
        return "[Sandmark: nested too deeply]"
    if isinstance(obj, dict):
        return {str(k): _sanitize(v, problems, depth + 1) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_sanitize(v, problems, depth + 1) for v in obj]
    problems.append("a value of type %s" % type(obj).__name__)
    return _short(obj, 200)


def _num(x):
    return ("%d" % x) if float(x).is_integer() else ("%g" % x)


def write_result(result):
    text = json.dumps(result, ensure_ascii=True, allow_nan=False)  # result() made it JSON (_sanitize)
    out = sys.stdout.buffer
    out.write(text.encode("ascii"))
    out.write(b"\n")
    out.flush()


def main():
    started_main = time.time()
    set_non_dumpable()
    tmpdir = tempfile.mkdtemp(prefix="sandmark-runner-")
    # The kernel starts before the job is read: the host may start this sandbox while the previous submission
    # runs and send the job when its turn comes (docs/runner-protocol.md, "Start before the job").
    pre = Prestart(tmpdir)
    waiting = time.time()
    try:
        job = parse_job(sys.stdin.buffer.read())
    except JobError as e:
        log("malformed job: %s" % e)
        pre.kernel.close()
        if pre.tests is not None:
            pre.tests.kill()
        return 2
    runner = Runner(job)
    runner.prestarted = pre
    runner.profile.append(["runner-imports", STARTED, started_main])
    runner.profile.append(["kernel-start", pre.started, pre.ended])
    if pre.imports_ended > pre.ended:
        runner.profile.append(["kernel-preimport", pre.ended, pre.imports_ended])
    runner.stage("job-wait", waiting)
    runner.tmpdir = tmpdir

    def bail(signum=None, frame=None):
        if runner.tests is not None:
            runner.tests.kill()
        if runner.kernel is not None:
            runner.kernel.kill()
        os._exit(3 if signum is None else 128 + signum)

    # Sandmark starts the sandbox with SIGTERM ignored: a job scheduler (Slurm's scancel, time limit,
    # preemption) sends it to every process of the job, and only sandmark-cli may act on it (it cancels and
    # kills the sandbox itself). Started otherwise, SIGTERM kills the kernel and ends the run.
    if signal.getsignal(signal.SIGTERM) != signal.SIG_IGN:
        signal.signal(signal.SIGTERM, bail)
    # Safety net: whatever happens, never outlive the wall clock by much.
    watchdog = threading.Timer(runner.wall + runner.grace + 30.0, lambda: (log("watchdog fired"), bail()))
    watchdog.daemon = True
    watchdog.start()
    code = 0
    try:
        runner.run()
        write_result(runner.result())
    except Exception:
        import traceback
        log("internal error:\n" + traceback.format_exc())
        code = 3
    finally:
        if runner.tests is not None:
            runner.tests.kill()
        if runner.kernel is not None:
            runner.kernel.close()
        if runner.prestarted is not None:  # not taken: the run ended before its kernel was needed
            runner.prestarted.kernel.close()
            if runner.prestarted.tests is not None and runner.tests is None:
                runner.prestarted.tests.kill()
        try:
            import shutil
            shutil.rmtree(tmpdir, ignore_errors=True)
        except Exception:
            pass
    try:
        sys.stderr.flush()
    except Exception:
        pass
    # Do not wait for lingering threads or zmq sockets at interpreter exit.
    os._exit(code)


if __name__ == "__main__":
    sys.exit(main())
