"""Tests of resources/python/sandmark_runner.py against the fault fixtures in tests/data/cases (real kernel).

Each test builds the instrumented notebook exactly as the C++ instrumenter does (redirect cell
first, probe cells appended; docs/runner-protocol.md), runs the runner as a subprocess with the
job on stdin, and checks the record, the probe payload and the stripped notebook.
Time limits are scaled down from the cases' settings to keep the suite short; the principle
under test is the same.
"""
import base64
import copy
import datetime
import json
import os
import queue
import secrets
import shutil
import subprocess
import sys
import time
import tempfile
import unittest

from sandmark_testutil import runtime_dir

CASES = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "cases"))
RUNTIME = runtime_dir()
RUNNER = os.path.join(RUNTIME, "sandmark_runner.py")

REDIRECT_TEMPLATE = '''# Sandmark: data URLs read the supplied local files (injected cell, removed after the run)
def _sandmark_redirect():
    import importlib.util as u
    s = u.spec_from_file_location("_sandmark_redirect", "{runtime}/sandmark_redirect.py")
    m = u.module_from_spec(s)
    s.loader.exec_module(m)
    m.install(names={names}, urls={urls})
_sandmark_redirect()
del _sandmark_redirect
'''

PROBE_TEMPLATE = '''# Sandmark probe (injected cell, removed after the run)
def _sandmark_probe():
    import importlib.util as u
    s = u.spec_from_file_location("_sandmark_probe_{nonce}", "{runtime}/sandmark_probe.py")
    m = u.module_from_spec(s)
    s.loader.exec_module(m)
    m.emit(globals(), {names}, nonce="{nonce}", max_bytes={max_bytes}, label="{label}")
_sandmark_probe()
del _sandmark_probe
'''


def sr_num(x):
    """A number as the runner writes it in messages (sandmark_runner._num)."""
    return ("%d" % x) if float(x).is_integer() else ("%g" % x)


def _py_literal(obj):
    return json.dumps(obj)  # dicts/lists of str are valid Python literals in JSON form


def redirect_cell(names, urls):
    return {"cell_type": "code", "id": "sandmark-redirect", "execution_count": None, "outputs": [],
            "metadata": {"sandmark": {"injected": "redirect"}},
            "source": REDIRECT_TEMPLATE.format(runtime=RUNTIME, names=_py_literal(names), urls=_py_literal(urls))}


def probe_cell(names, nonce, label="end", max_bytes=8388608):
    return {"cell_type": "code", "id": "sandmark-probe-" + label, "execution_count": None, "outputs": [],
            "metadata": {"sandmark": {"injected": "probe", "label": label}},
            "source": PROBE_TEMPLATE.format(runtime=RUNTIME, names=_py_literal(names), nonce=nonce,
                                            max_bytes=max_bytes, label=label)}


def injected_test_cell(check, code):
    """A test cell as instrument() writes it: a comment as its source, the test's code in its metadata (the runner
    runs it in the test process; the kernel never sees it)."""
    return {"cell_type": "code", "id": "sandmark-test-" + check, "execution_count": None, "outputs": [],
            "metadata": {"sandmark": {"injected": "test", "check": check, "code": code}},
            "source": "# Sandmark test check %s (injected cell, removed after the run)" % json.dumps(check)}


def load_case(name):
    with open(os.path.join(CASES, name), encoding="utf-8") as f:
        return json.load(f)


def kernel_env():
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update({"MPLBACKEND": "Agg", "PYTHONDONTWRITEBYTECODE": "1", "MALLOC_ARENA_MAX": "2", "LANG": "C.UTF-8"})
    return env


class RunnerTest(unittest.TestCase):
    maxDiff = None

    def setUp(self):
        self.workdir = tempfile.mkdtemp(prefix="sandmark-runner-test-")

    def tearDown(self):
        shutil.rmtree(self.workdir, ignore_errors=True)

    def run_job(self, nb, probe_names=None, limits=None, redirect=None, extra_cells=(), nonce=None,
                job_overrides=None, timeout=120, submitted=None, extra_env=None):
        lim = {"cell_timeout_s": 10, "wall_timeout_s": 60, "interrupt_grace_s": 1,
               "output_cell_bytes": 65536, "output_total_bytes": 1048576, "probe_bytes": 8388608}
        lim.update(limits or {})
        nb = copy.deepcopy(nb)
        self.submitted = copy.deepcopy(submitted if submitted is not None else nb)
        self.nonce = nonce or secrets.token_hex(16)
        if redirect is not None:
            nb["cells"].insert(0, redirect_cell(*redirect))
        nb["cells"].extend(extra_cells)
        if probe_names is not None:
            nb["cells"].append(probe_cell(probe_names, self.nonce, max_bytes=lim["probe_bytes"]))
        job = {"format": "sandmark-job/1", "notebook": nb, "nonce": self.nonce, "limits": lim}
        job.update(job_overrides or {})
        env = kernel_env()
        env.update(extra_env or {})
        proc = subprocess.run([sys.executable, "-I", "-X", "utf8", RUNNER], input=json.dumps(job).encode(),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=self.workdir,
                              env=env, timeout=timeout)
        self.stderr = proc.stderr.decode("utf-8", "replace")
        self.assertEqual(proc.returncode, 0, self.stderr)
        result = json.loads(proc.stdout)
        self.assertEqual(result["format"], "sandmark-result/1")
        self.record = result["record"]
        self.payload = result["payload"]
        self.notebook = result["notebook"]
        self.check_stripped()
        return result

    def check_stripped(self):
        """The executed notebook is the submitted one: same cells, no injected cell left."""
        cells = self.notebook["cells"]
        self.assertEqual(len(cells), len(self.submitted["cells"]))
        for got, want in zip(cells, self.submitted["cells"]):
            self.assertEqual(got.get("id"), want.get("id"))
            self.assertEqual(got["source"], want["source"])
            self.assertNotIn("sandmark", got.get("metadata", {}))
        json.dumps(self.notebook, allow_nan=False)

    def cell(self, index):
        for c in self.record["cells"]:
            if c["index"] == index:
                return c
        self.fail("no record for cells[%d]" % index)

    def injected(self, kind):
        return [c for c in self.record["cells"] if c["injected"] == kind]

    def values(self, label="end"):
        self.assertIsNotNone(self.payload, "no payload; messages: %s" % self.record["messages"])
        self.assertEqual(self.payload["format"], "sandmark-payload/1")
        return self.payload["probes"][label]["values"]

    # ---- SIGTERM: Sandmark starts the sandbox with it ignored (Slurm and systemd signal every process) ----

    def _runner_signalled(self, ignore_sigterm):
        """Runs a notebook whose first cell sleeps 4 s, sends SIGTERM to the runner and every process under it
        2 s in (as Slurm does to a job), and returns (exit code, result or None)."""
        import signal
        nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {},
              "cells": [{"cell_type": "code", "id": "c0", "metadata": {}, "outputs": [], "execution_count": None,
                         "source": "import time\ntime.sleep(4)\nx = 1"}]}
        job = {"format": "sandmark-job/1", "notebook": nb, "nonce": secrets.token_hex(16),
               "limits": {"cell_timeout_s": 30, "wall_timeout_s": 60, "interrupt_grace_s": 1,
                          "output_cell_bytes": 65536, "output_total_bytes": 1048576, "probe_bytes": 8388608}}
        pre = (lambda: signal.signal(signal.SIGTERM, signal.SIG_IGN)) if ignore_sigterm else None
        proc = subprocess.Popen([sys.executable, "-I", "-X", "utf8", RUNNER], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=self.workdir, env=kernel_env(),
                                preexec_fn=pre)
        proc.stdin.write(json.dumps(job).encode())
        proc.stdin.close()
        proc.stdin = None  # communicate() below only reads
        time.sleep(2)
        children = []
        for entry in os.listdir("/proc"):
            try:
                with open("/proc/%s/stat" % entry) as f:
                    stat = f.read()
            except (OSError, ValueError):
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == proc.pid:  # "pid (comm) state ppid ..."
                children.append(int(entry))
        self.assertTrue(children, "the kernel did not start")
        for pid in [proc.pid] + children:
            os.kill(pid, signal.SIGTERM)
        out, err = proc.communicate(timeout=60)
        return proc.returncode, (json.loads(out) if proc.returncode == 0 else None), err.decode("utf-8", "replace")

    def test_sigterm_ignored_by_the_starter_stays_ignored(self):
        code, result, err = self._runner_signalled(ignore_sigterm=True)
        self.assertEqual(code, 0, err)
        self.assertEqual(result["record"]["status"], "completed", result["record"])
        self.assertFalse(result["record"]["kernel"]["died"])
        self.assertEqual(result["record"]["cells"][0]["status"], "ok")

    def test_sigterm_ends_a_runner_started_normally(self):
        code, result, err = self._runner_signalled(ignore_sigterm=False)
        self.assertEqual(code, 128 + 15, err)
        self.assertIsNone(result)

    # ---- the fault fixtures of tests/data/cases (README.md there) ----

    def test_os_exit_kills_the_kernel(self):
        self.run_job(load_case("kernel-killed-by-os-exit.ipynb"), ["deposit_total", "with_interest"])
        self.assertEqual(self.record["status"], "kernel-died")
        self.assertEqual(self.cell(1)["status"], "ok")
        self.assertEqual(self.cell(2)["status"], "kernel-died")
        self.assertLess(self.cell(2)["duration_s"], 5.0)  # detected within seconds, not the 10 s timeout
        self.assertEqual(self.cell(3)["status"], "not-run")
        k = self.record["kernel"]
        self.assertTrue(k["died"])
        self.assertEqual(k["cell"], 2)
        self.assertEqual(k["exit_status"], 3)
        self.assertEqual(k["reason"], "kernel died while executing cells[2] (exit status 3)")
        self.assertIn("kernel died while executing cells[2] (exit status 3)", self.record["messages"])
        self.assertEqual(self.injected("probe")[0]["status"], "not-run")
        self.assertIsNone(self.payload)  # NOT-GRADED (kernel died), never a silent FAIL

    def test_infinite_loop_times_out_and_the_kernel_goes_on(self):
        self.run_job(load_case("infinite-loop.ipynb"), ["letters", "countdown_sum", "doubled"],
                     limits={"cell_timeout_s": 2})
        self.assertEqual(self.record["status"], "cell-timeout")
        self.assertEqual(self.cell(2)["status"], "timeout")
        self.assertIn("timeout after 2 s in cells[2]", self.record["messages"])
        self.assertIn("cell-timeout", self.record["limits_hit"])
        self.assertEqual(self.cell(3)["status"], "ok")
        v = self.values()
        self.assertEqual(v["letters"], {"t": "int", "v": "8"})
        self.assertEqual(v["countdown_sum"], {"t": "int", "v": "3"})  # the loop's state when it was interrupted
        self.assertEqual(v["doubled"], {"t": "int", "v": "16"})
        self.assertFalse(self.record["kernel"]["died"])

    def _interrupt_ignored(self, case):
        self.run_job(load_case(case), ["warmed_up", "done"], limits={"cell_timeout_s": 2, "interrupt_grace_s": 1})
        self.assertEqual(self.record["status"], "interrupt-ignored")
        self.assertEqual(self.cell(0)["status"], "ok")
        self.assertEqual(self.cell(1)["status"], "interrupted-ignored")
        self.assertLess(self.cell(1)["duration_s"], 8.0)  # timeout + grace, never the wall clock
        self.assertEqual(self.cell(2)["status"], "not-run")
        self.assertIn("timeout in cells[1]; interrupt ignored; kernel killed", self.record["messages"])
        self.assertTrue(self.record["kernel"]["died"])
        self.assertEqual(self.record["kernel"]["cell"], 1)
        self.assertIsNone(self.payload)

    def test_loop_ignoring_sigint_is_killed(self):
        self._interrupt_ignored("infinite-loop-ignoring-sigint.ipynb")

    def test_loop_with_bare_except_is_killed(self):
        self._interrupt_ignored("infinite-loop-bare-except.ipynb")

    def test_input_fails_at_once(self):
        self.run_job(load_case("input-call.ipynb"), ["cubes", "name"])
        self.assertEqual(self.record["status"], "errors")
        self.assertEqual(self.cell(0)["status"], "error")
        self.assertEqual(self.cell(0)["error"]["ename"], "StdinNotImplementedError")
        self.assertLess(self.cell(0)["duration_s"], 5.0)
        v = self.values()
        self.assertEqual(v["cubes"], {"t": "list", "items": [{"t": "int", "v": str(n ** 3)} for n in range(4)]})
        self.assertEqual(v["name"], {"t": "missing"})

    def test_sys_exit_is_an_error(self):
        self.run_job(load_case("sys-exit-call.ipynb"), ["points", "bonus"])
        self.assertEqual(self.record["status"], "errors")
        self.assertEqual(self.cell(1)["status"], "error")
        self.assertEqual(self.cell(1)["error"]["ename"], "SystemExit")
        self.assertFalse(self.record["kernel"]["died"])
        self.assertEqual(self.values()["points"], {"t": "int", "v": "4"})
        self.assertEqual(self.values()["bonus"], {"t": "int", "v": "12"})

    def test_exit_builtin_either_behaviour(self):
        self.run_job(load_case("exit-builtin-call.ipynb"), ["points", "bonus"])
        if self.record["kernel"]["died"]:
            self.assertEqual(self.record["status"], "kernel-died")
            self.assertEqual(self.record["kernel"]["reason"], "kernel exited after cells[1] (exit() called)")
            self.assertEqual(self.cell(2)["status"], "not-run")
            self.assertIsNone(self.payload)
        else:
            self.assertEqual(self.cell(2)["status"], "ok")
            self.assertEqual(self.values()["bonus"], {"t": "int", "v": "12"})
            self.assertIn("exit() called in cells[1]; the kernel kept running", self.record["messages"])

    def test_output_flood_capped(self):
        self.run_job(load_case("output-flood.ipynb"), ["check_total", "pixels"],
                     limits={"cell_timeout_s": 60, "wall_timeout_s": 120})
        self.assertEqual(self.record["status"], "completed")
        c0 = self.cell(0)
        self.assertTrue(c0["truncated"])
        self.assertEqual(c0["output_bytes"], 31_426_413)  # every byte printed is counted, none kept past the cap
        self.assertIn("output", self.record["limits_hit"])
        outs = self.notebook["cells"][0]["outputs"]
        text = "".join(o.get("text", "") for o in outs if o["output_type"] == "stream")
        self.assertIn("output truncated (31.4 MB", text)
        self.assertIn("row 0 squared 0\n", text)                  # head kept
        self.assertIn("row 999999 squared 999998000001\n", text)  # tail kept
        self.assertLess(len(json.dumps(outs)), 70_000)
        self.assertTrue(self.cell(1)["truncated"])
        self.assertLess(len(json.dumps(self.notebook)), 200_000)
        v = self.values()
        self.assertEqual(v["check_total"], {"t": "int", "v": "1275"})
        self.assertIn(v["pixels"]["t"], ("list", "too-large"))

    def test_images_kept_whole_apart_from_the_text_cap(self):
        # A student's plot is evidence: a 100 KB PNG (over output_cell_bytes) is kept whole, in its place,
        # even after a text flood truncated the cell; an image over output_image_bytes is cut with the reason,
        # and the image budget of the notebook (output_images_total_bytes) is shared by its cells.
        def png(n):
            return ("from IPython.display import display, Image\n"
                    "import zlib, struct\n"
                    "def _png(n):\n"
                    "    raw = bytes(range(256)) * (n // 256)\n"
                    "    def chunk(t, d):\n"
                    "        return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d))\n"
                    "    return (b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 1, 1, 8, 0, 0, 0, 0))\n"
                    "            + chunk(b'tEXt', raw) + chunk(b'IEND', b''))\n"
                    "display(Image(data=_png(%d)))\n" % n)
        def cell(i, src):
            return {"cell_type": "code", "id": "c%d" % i, "metadata": {}, "outputs": [], "execution_count": None,
                    "source": src}
        nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {"kernelspec": {"name": "python3", "language": "python"}},
              "cells": [cell(0, "print('before')\n" + png(100_000) + "for i in range(20000): print('line', i)\n"
                                + png(50_000)),
                        cell(1, png(300_000)),
                        cell(2, png(150_000))]}
        self.run_job(nb, [], limits={"output_cell_bytes": 4096, "output_image_bytes": 250_000,
                                     "output_images_total_bytes": 300_000})
        self.assertEqual(self.record["status"], "completed")
        outs = [c["outputs"] for c in self.notebook["cells"]]
        kinds0 = [o["output_type"] + ("/image" if "image/png" in o.get("data", {}) else "") for o in outs[0]]
        images0 = [o for o in outs[0] if "image/png" in o.get("data", {})]
        self.assertEqual(len(images0), 2, kinds0)
        self.assertGreater(len(images0[0]["data"]["image/png"]), 130_000)  # base64 of 100 KB, whole
        self.assertTrue(self.cell(0)["truncated"])  # the text flood still is
        # Order kept: the first image after "before", the second after the truncated text.
        self.assertLess(kinds0.index("display_data/image"), len(kinds0) - 1)
        self.assertEqual(kinds0[-1], "display_data/image", kinds0)
        # cells[1]: one image of ~400 KB base64 is over output_image_bytes: cut, with why.
        self.assertFalse(any("image/png" in o.get("data", {}) for o in outs[1]))
        text1 = json.dumps(outs[1])
        self.assertIn("over output_image_bytes", text1)
        # cells[2]: fits the per-image cap but not what is left of the notebook's image budget.
        self.assertFalse(any("image/png" in o.get("data", {}) for o in outs[2]))
        self.assertIn("over output_images_total_bytes", json.dumps(outs[2]))
        self.assertIn("output", self.record["limits_hit"])
        self.assertTrue(any("cells[1]: an image of" in w for w in self.record["warnings"]), self.record["warnings"])
        self.assertEqual(self.record["status"], "completed")  # a cut image is a note, never a failure

    def test_value_too_large_keeps_other_values(self):
        nb = load_case("output-flood.ipynb")
        nb["cells"][0]["source"] = "print('short')\n"
        self.run_job(nb, ["pixels", "check_total"], limits={"probe_bytes": 100_000})
        v = self.values()
        self.assertEqual(v["pixels"]["t"], "too-large")
        self.assertEqual(v["check_total"], {"t": "int", "v": "1275"})

    def test_disabled_traceback_display_still_an_error(self):
        self.run_job(load_case("traceback-display-disabled.ipynb"), ["share", "spare"])
        self.assertEqual(self.cell(1)["status"], "error")
        self.assertEqual(self.cell(1)["error"], {"ename": "ZeroDivisionError", "evalue": "division by zero"})
        self.assertEqual(self.record["status"], "errors")
        v = self.values()
        self.assertEqual(v["share"], {"t": "missing"})
        self.assertEqual(v["spare"], {"t": "int", "v": "9"})

    def test_traceback_display_set_to_none_bounded(self):
        self.run_job(load_case("traceback-display-set-to-none.ipynb"), ["share", "spare"],
                     limits={"cell_timeout_s": 2, "interrupt_grace_s": 1})
        c1 = self.cell(1)
        self.assertIn(c1["status"], ("error", "timeout", "interrupted-ignored"))
        if c1["status"] == "interrupted-ignored":
            self.assertEqual(self.record["status"], "interrupt-ignored")
            self.assertIsNone(self.payload)
        else:
            self.assertEqual(self.values()["spare"], {"t": "int", "v": "9"})

    def test_numpy_scalars(self):
        self.run_job(load_case("numpy-scalars.ipynb"), ["total", "all_passed", "mean_gap", "third", "lowest", "head"])
        self.assertEqual(self.record["status"], "completed")
        v = self.values()
        self.assertEqual(v["total"], {"t": "np-scalar", "dtype": "int64", "v": {"t": "int", "v": "13"}})
        self.assertEqual(v["all_passed"], {"t": "np-scalar", "dtype": "bool", "v": {"t": "bool", "v": True}})
        self.assertEqual(v["mean_gap"]["v"], {"t": "float", "v": "0.7999999999999999"})
        self.assertEqual(v["third"]["dtype"], "float32")
        self.assertAlmostEqual(float(v["third"]["v"]["v"]), 1 / 3, delta=1e-7)
        self.assertEqual(v["lowest"], {"t": "ndarray", "dtype": "int64", "shape": [3], "enc": "int", "values": ["2", "2", "4"]})
        self.assertEqual(v["head"]["v"], {"t": "int", "v": "4"})

    def test_nan_inf_negative_zero(self):
        result = self.run_job(load_case("nan-inf-negative-zero.ipynb"),
                              ["mean_mark", "highest", "lowest", "flat", "bad_nan", "after_nan", "with_gap"])
        v = self.values()
        self.assertEqual(v["mean_mark"], {"t": "float", "v": "nan"})
        self.assertEqual(v["highest"], {"t": "float", "v": "inf"})
        self.assertEqual(v["lowest"], {"t": "float", "v": "-inf"})
        self.assertEqual(v["flat"], {"t": "float", "v": "-0.0"})
        self.assertEqual(v["bad_nan"], {"t": "float", "v": "nan"})
        self.assertEqual(v["after_nan"], {"t": "float", "v": "2.5"})
        self.assertEqual([x["v"] for x in v["with_gap"]["items"]], ["0.5", "nan", "2.0"])
        json.dumps(result, allow_nan=False)  # strict JSON throughout

    def test_unknown_kernelspec_ignored(self):
        self.run_job(load_case("unknown-kernelspec.ipynb"), ["coldest"])
        self.assertEqual(self.record["status"], "completed")
        self.assertTrue(any("kernelspec 'conda-env-stats-2025-py' ignored" in m for m in self.record["messages"]),
                        self.record["messages"])
        self.assertEqual(self.values()["coldest"], {"t": "int", "v": "7"})

    def test_other_language_refused(self):
        self.run_job(load_case("r-kernel.ipynb"), ["coldest"])
        self.assertEqual(self.record["status"], "kernel-start-failed")
        self.assertTrue(any("only Python is supported" in m for m in self.record["messages"]))
        self.assertTrue(all(c["status"] == "not-run" for c in self.record["cells"]))
        self.assertIsNone(self.payload)

    def test_gui_backends_fail_fast(self):
        self.run_job(load_case("gui-plot-backend.ipynb"), ["bar_total"])
        self.assertEqual(self.cell(0)["status"], "error")
        self.assertEqual(self.cell(0)["error"]["ename"], "ImportError")
        self.assertEqual(self.cell(1)["status"], "error")
        self.assertEqual(self.cell(1)["error"]["ename"], "ImportError")
        self.assertEqual(self.cell(2)["status"], "ok")
        self.assertEqual(self.values()["bar_total"], {"t": "int", "v": "10"})

    def test_data_paths_and_redirect(self):
        shutil.copytree(os.path.join(CASES, "data-paths", "data"), os.path.join(self.workdir, "data"))
        nb = load_case(os.path.join("data-paths", "windows-path-and-data-urls.ipynb"))
        unmapped = {"cell_type": "code", "id": "unmapped-url", "metadata": {}, "outputs": [], "execution_count": None,
                    # Fails without touching the network: every name lookup and connection is counted.
                    "source": "import socket, urllib.request\nnet_calls = []\n"
                              "_saved = socket.getaddrinfo, socket.create_connection\n"
                              "socket.getaddrinfo = lambda *a, **k: net_calls.append('getaddrinfo') or _saved[0](*a, **k)\n"
                              "socket.create_connection = lambda *a, **k: net_calls.append('connect') or _saved[1](*a, **k)\n"
                              "try:\n"
                              "    urllib.request.urlopen('https://other.example.invalid/x/unknown.csv')\n"
                              "except Exception as e:\n    unmapped = type(e).__name__ + ': ' + str(e)\n"
                              "finally:\n    socket.getaddrinfo, socket.create_connection = _saved\n"
                              "unmapped_net = len(net_calls)\n"}
        nb["cells"].append(unmapped)
        self.run_job(nb, ["rows", "laptop_mean", "web_max", "web_lines", "unmapped", "unmapped_net"],
                     redirect=({"marks.csv": "data/marks.csv"},
                               {"https://course.example.invalid/stats/marks.csv": "data/marks.csv"}))
        redirect = self.injected("redirect")
        self.assertEqual(len(redirect), 1)
        self.assertEqual(redirect[0]["status"], "ok")
        self.assertIsNone(redirect[0]["index"])
        self.assertEqual(self.cell(0)["status"], "ok")
        self.assertEqual(self.cell(1)["error"]["ename"], "FileNotFoundError")
        self.assertEqual(self.cell(2)["status"], "ok")
        self.assertEqual(self.cell(3)["status"], "ok")
        v = self.values()
        self.assertEqual(v["rows"], {"t": "int", "v": "4"})
        self.assertEqual(v["laptop_mean"], {"t": "missing"})
        self.assertEqual(v["web_max"], {"t": "int", "v": "10"})
        self.assertEqual(v["web_lines"], {"t": "int", "v": "5"})
        self.assertEqual(v["unmapped"]["v"], "URLError: <urlopen error offline: Sandmark grading has no network "
                                             "(https://other.example.invalid/x/unknown.csv)>")
        self.assertEqual(v["unmapped_net"], {"t": "int", "v": "0"})

    def test_answers_in_markdown_or_deleted_are_missing(self):
        self.run_job(load_case("answer-cells-markdown-or-deleted.ipynb"), ["apples", "crates", "pears"])
        self.assertEqual(self.record["status"], "completed")
        self.assertEqual(self.cell(1)["status"], "ok")
        self.assertEqual([c["index"] for c in self.record["cells"] if c["injected"] is None], [1])  # code cells only
        v = self.values()
        self.assertEqual(v["apples"], {"t": "int", "v": "12"})
        self.assertEqual(v["crates"], {"t": "missing"})  # the markdown cell was never executed
        self.assertEqual(v["pears"], {"t": "missing"})

    def test_wall_clock_stops_before_probes(self):
        # Scaled: cells sleep 1.5 s instead of 8, T=5 s, W=14 s (tst_batch runs the fixture as written: 8 s, T=10,
        # W=45). The whole-run clock counts from the runner's start, kernel start included: W leaves a slow
        # machine (a kernel that takes 10 s to start) room for cells[0], and the ten cells (15 s) outlast W at any
        # speed.
        nb = load_case("slow-cells-past-wall-clock.ipynb")
        for c in nb["cells"]:
            source = "".join(c["source"])
            c["source"] = source.replace("time.sleep(8)", "time.sleep(1.5)")
            if c["id"].startswith("lap-"):
                self.assertNotEqual(c["source"], source)  # every lap was scaled
        laps = ["lap%d" % i for i in range(1, 11)]
        self.run_job(nb, ["begun"] + laps, limits={"cell_timeout_s": 5, "wall_timeout_s": 14, "interrupt_grace_s": 1})
        self.assertEqual(self.record["status"], "wall-timeout", self.record["messages"])
        self.assertIn("wall-clock", self.record["limits_hit"])
        self.assertNotIn("cell-timeout", self.record["limits_hit"])
        stopped = [c for c in self.record["cells"] if c["injected"] is None and c["status"] != "ok"]
        n = stopped[0]["index"]
        self.assertGreaterEqual(n, 1)
        self.assertLess(n, 11)
        # Labelled as the whole-run limit (timeout_s), not as a cell timeout, with the time actually reached: the
        # student's cells stop at W - R = 14 - min(max(2, 0.7) + 1, 30, 14/3) = 11 s, keeping 3 s for grading.
        self.assertEqual(self.record["wall_clock"]["timeout_s"], 14)
        self.assertEqual(self.record["wall_clock"]["cell"], n)
        during = self.record["wall_clock"]["during"]
        stopped_s = self.record["wall_clock"]["stopped_s"]
        if during:
            self.assertEqual(stopped_s, 11.0)
        else:
            self.assertGreaterEqual(stopped_s, 11.0)
        self.assertEqual(self.record["wall_clock"]["reserve_s"], round(14 - stopped_s, 1))
        self.assertIn("stopped %s cells[%d] at %s s of the whole-run time limit (timeout_s = 14 s), keeping %s s to "
                      "grade; the later cells did not run" % ("during" if during else "before", n, sr_num(stopped_s),
                                                             sr_num(round(14 - stopped_s, 1))),
                      self.record["messages"])
        if during:
            self.assertEqual(stopped[0]["status"], "wall-timeout")
            self.assertEqual(stopped[0]["error"], {"ename": "Timeout", "evalue": "stopped at 11 s of the whole-run time "
                                                   "limit (timeout_s = 14 s), keeping 3 s to grade"})
        else:
            self.assertEqual(stopped[0]["status"], "not-run")
        self.assertFalse(any(c["status"] == "timeout" for c in self.record["cells"]))
        self.assertTrue(all(c["status"] == "not-run" for c in stopped[1:]))
        self.assertEqual(self.injected("probe")[0]["status"], "ok")
        self.assertFalse(self.record["kernel"]["died"])
        v = self.values()
        self.assertEqual(v["begun"], {"t": "int", "v": "1"})
        for i in range(1, n):
            self.assertEqual(v["lap%d" % i], {"t": "int", "v": str(i)})
        # The stopped cell's own value: missing when the interrupt stopped its code (or it never started); set
        # only when the interrupt landed after its code had run, before its reply (ipykernel then ends the
        # request without a reply and the runner cannot tell) - never another value.
        self.assertIn(v["lap%d" % n], ({"t": "missing"}, {"t": "int", "v": str(n)}) if during else ({"t": "missing"},))
        for i in range(n + 1, 11):
            self.assertEqual(v["lap%d" % i], {"t": "missing"})
        self.assertLess(self.record["duration_s"], 14 + 1 + 2)

    def test_shell_escape_exit_status_is_the_cells_error(self):
        # A `!pip install` fails offline, yet IPython raises nothing: the exit status is recorded for the cell.
        def code(i, src):
            return {"cell_type": "code", "id": "c%d" % i, "metadata": {}, "outputs": [], "execution_count": None,
                    "source": src}
        nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {"kernelspec": {"name": "python3", "language": "python"}},
              "cells": [code(0, "!exit 3"), code(1, "!true"), code(2, "for _ in range(1):\n    !exit 4\nafter = 1"),
                        code(3, "!false\n!true"), code(4, "import subprocess\nsubprocess.run(['false'])\nlast = 5")]}
        self.run_job(nb, ["after", "last"])
        self.assertEqual(self.record["status"], "completed")  # a warning: the reference run may have one too
        self.assertTrue(all(self.cell(i)["status"] == "ok" for i in range(5)))
        self.assertEqual([self.cell(i).get("shell_exit_status") for i in range(5)], [3, None, 4, None, None])
        self.assertEqual([w for w in self.record["warnings"] if "shell command" in w],
                         ["cells[0]: a shell command (!) exited with status 3",
                          "cells[2]: a shell command (!) exited with status 4"])
        # cells[3]: the last command's status counts, as in a shell script; cells[4] is not a shell escape.
        self.assertEqual(self.values()["after"], {"t": "int", "v": "1"})
        self.assertEqual(self.values()["last"], {"t": "int", "v": "5"})

    def test_raises_exception_tag_is_not_an_error_of_the_run(self):
        # Jupyter's convention (nbclient, nbval): a cell tagged raises-exception is expected to raise. Its error is
        # recorded with the flag, but the run's status stays completed; an untagged error still makes it errors.
        def code(i, src, tags=None):
            md = {"tags": tags} if tags else {}
            return {"cell_type": "code", "id": "c%d" % i, "metadata": md, "outputs": [], "execution_count": None,
                    "source": src}
        nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {"kernelspec": {"name": "python3", "language": "python"}},
              "cells": [code(0, "1 / 0", ["raises-exception"]), code(1, "after = 2", ["raises-exception", "other"]),
                        code(2, "later = after + 1")]}
        self.run_job(nb, ["after", "later"])
        self.assertEqual(self.record["status"], "completed")
        self.assertEqual(self.cell(0)["status"], "error")
        self.assertEqual(self.cell(0)["error"]["ename"], "ZeroDivisionError")
        self.assertIs(self.cell(0)["raises_exception"], True)
        self.assertEqual(self.cell(1)["status"], "ok")  # tagged but did not raise: nothing to say
        self.assertIs(self.cell(1)["raises_exception"], True)
        self.assertNotIn("raises_exception", self.cell(2))
        self.assertIn("cells[0] raised ZeroDivisionError, as its raises-exception tag says; not an error of the run",
                      self.record["messages"])
        self.assertEqual(self.values()["later"], {"t": "int", "v": "3"})
        nb["cells"][0]["metadata"] = {}
        self.run_job(nb, ["after", "later"])
        self.assertEqual(self.record["status"], "errors")

    def test_kernel_that_cannot_start_says_why(self):
        # A kernel process that dies before it answers (here: an ipykernel package that exits at once, found first
        # on the kernel's PYTHONPATH; the runner itself runs isolated). The record says why, in kernel.reason too,
        # never an empty reason.
        fake = os.path.join(self.workdir, "fake")
        os.makedirs(os.path.join(fake, "ipykernel"))
        with open(os.path.join(fake, "ipykernel", "__init__.py"), "w") as f:
            f.write("import sys\nsys.stderr.write('MemoryError: cannot allocate the kernel\\n')\nsys.exit(7)\n")
        nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {"kernelspec": {"name": "python3", "language": "python"}},
              "cells": [{"cell_type": "code", "id": "c0", "metadata": {}, "outputs": [], "execution_count": None,
                         "source": "x = 1"}]}
        self.run_job(nb, ["x"], extra_env={"PYTHONPATH": fake})
        self.assertEqual(self.record["status"], "kernel-start-failed")
        reason = self.record["kernel"]["reason"]
        self.assertTrue(reason.startswith("the kernel did not start ("), reason)
        self.assertIn("the kernel process ended: exit status 7", reason)
        self.assertIn("MemoryError: cannot allocate the kernel", reason)
        self.assertIs(self.record["kernel"]["start_failed"], True)
        self.assertIn(reason, self.record["messages"])

    def test_kernel_loads_neither_debugger_nor_completer_yet_the_notebook_may(self):
        # The kernel (sandmark_kernel.py) keeps debugpy and jedi out of ipykernel's start-up, and nothing else
        # changes: a helper module beside the notebook imports, and the notebook's own import of either module works.
        with open(os.path.join(self.workdir, "helper_beside.py"), "w") as f:
            f.write("VALUE = 42\n")
        import importlib.util
        installed = [m for m in ("debugpy", "jedi") if importlib.util.find_spec(m) is not None]

        def code(i, src):
            return {"cell_type": "code", "id": "c%d" % i, "metadata": {}, "outputs": [], "execution_count": None,
                    "source": src}
        nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {"kernelspec": {"name": "python3", "language": "python"}},
              "cells": [code(0, "import sys\nat_start = sorted(m for m in ('debugpy', 'jedi') if m in sys.modules)"),
                        code(1, "import helper_beside\nhelper = helper_beside.VALUE"),
                        code(2, "import importlib\nimported = [importlib.import_module(m).__name__ for m in %r]" % installed)]}
        self.run_job(nb, ["at_start", "helper", "imported"])
        self.assertEqual(self.record["status"], "completed", self.record["messages"])
        v = self.values()
        self.assertEqual(v["at_start"], {"t": "list", "items": []})
        self.assertEqual(v["helper"], {"t": "int", "v": "42"})
        self.assertEqual([x["v"] for x in v["imported"]["items"]], installed)

    def test_preimport_loads_modules_without_binding_names(self):
        # SANDMARK_PREIMPORT: imported in the kernel before the job is read, binding no name in the notebook's
        # namespace; a module that does not exist is skipped, a name that is not a module name ignored.
        nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {"kernelspec": {"name": "python3", "language": "python"}},
              "cells": [{"cell_type": "code", "id": "c1", "metadata": {}, "outputs": [], "execution_count": None,
                         "source": "import sys\n"
                                   "loaded = 'colorsys' in sys.modules\n"
                                   "bound = 'colorsys' in globals()\n"
                                   "count = get_ipython().execution_count\n"
                                   "history = len(In)"}]}
        result = self.run_job(nb, ["loaded", "bound", "count", "history"],
                              extra_env={"SANDMARK_PREIMPORT": "colorsys,no_such_module_xyz,os;import"})
        self.assertEqual(self.record["status"], "completed", self.stderr)
        self.assertEqual(self.values()["loaded"], {"t": "bool", "v": True})
        self.assertEqual(self.values()["bound"], {"t": "bool", "v": False})
        self.assertEqual(self.values()["count"], {"t": "int", "v": "1"})  # the import was silent
        self.assertEqual(self.values()["history"], {"t": "int", "v": "2"})  # '' and the cell itself
        stages = [p[0] for p in result["profile"]]
        self.assertEqual(stages[:4], ["runner-imports", "kernel-start", "kernel-preimport", "job-wait"])

    def test_profile_names_the_runners_stages_in_order(self):
        # The result's "profile" (docs/runner-protocol.md): [stage, start, end] on the wall clock, one per stage and
        # executed cell, in the order they ran, within the runner's lifetime.
        before = time.time()
        nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {"kernelspec": {"name": "python3", "language": "python"}},
              "cells": [{"cell_type": "markdown", "id": "m0", "metadata": {}, "source": "text"},
                        {"cell_type": "code", "id": "c1", "metadata": {}, "outputs": [], "execution_count": None,
                         "source": "x = 1"}]}
        result = self.run_job(nb, ["x"])
        after = time.time()
        stages = [p[0] for p in result["profile"]]
        # The kernel starts before the job is read (a sandbox started early waits for its job ready).
        self.assertEqual(stages, ["runner-imports", "kernel-start", "job-wait", "test-process-spawn",
                                  "transformers-snapshot", "cell:student:1", "cell:probe"])
        times = [t for p in result["profile"] for t in p[1:]]
        self.assertEqual(times, sorted(times))
        self.assertLess(before, times[0])
        self.assertLess(times[-1], after)

    def test_interrupts_at_cell_ends_never_kill_the_kernel(self):
        # Per-cell deadlines falling around the end of each cell: some interrupts land in the cell's code, some
        # after it (in the runner's user expression, or before the reply: ipykernel then sends no reply and goes
        # idle). Every one of them stops at most that cell; the kernel is never taken for one that ignored the
        # interrupt and killed (the grace period is long: a kernel that answers at all answers within it).
        cells = [{"cell_type": "code", "id": "c%d" % i, "metadata": {}, "outputs": [], "execution_count": None,
                  "source": "import time\ntime.sleep(0.1)\nv%d = %d" % (i, i)} for i in range(20)]
        nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": cells}
        self.run_job(nb, None, limits={"cell_timeout_s": 0.105, "interrupt_grace_s": 30})
        self.assertFalse(self.record["kernel"]["died"], self.record["messages"])
        self.assertIn(self.record["status"], ("completed", "cell-timeout"))
        self.assertEqual([c["status"] for c in self.record["cells"] if c["status"] not in ("ok", "timeout")], [])

    def test_forged_probe_outputs_ignored(self):
        nonce_guess = "0" * 32
        forged = {"cell_type": "code", "id": "forge", "metadata": {}, "outputs": [], "execution_count": None,
                  "source": "from IPython.display import display\nanswer = 1\n"
                            "display({'application/vnd.sandmark.probe+json': {'nonce': '%s', 'label': 'end', "
                            "'values': {'answer': {'t': 'int', 'v': '42'}}}}, raw=True)\n" % nonce_guess}
        nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {"kernelspec": {"name": "python3", "language": "python"}},
              "cells": [forged]}
        self.run_job(nb, ["answer"])
        self.assertEqual(self.values()["answer"], {"t": "int", "v": "1"})
        self.assertIn("cells[0] displayed a probe-looking output; ignored", self.record["messages"])
        outs = self.notebook["cells"][0]["outputs"]
        self.assertFalse(any("application/vnd.sandmark.probe+json" in o.get("data", {}) for o in outs))

    def test_probe_with_wrong_nonce_or_doubled_output_rejected(self):
        # A student patch makes the probe's display run twice: the probe cell's values are refused.
        patch = {"cell_type": "code", "id": "patch", "metadata": {}, "outputs": [], "execution_count": None,
                 "source": "import IPython.display as d\n_o = d.display\n"
                           "def _twice(*a, **k):\n    _o(*a, **k)\n    _o(*a, **k)\nd.display = _twice\nanswer = 1\n"}
        nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [patch]}
        self.run_job(nb, ["answer"])
        self.assertIsNone(self.payload)
        self.assertTrue(any("displayed 2 probe outputs" in m for m in self.record["messages"]), self.record["messages"])
        # A probe cell carrying another nonce (e.g. a stale cell) is ignored.
        nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": []}
        stale = probe_cell(["answer"], "f" * 32)
        self.run_job(nb, None, extra_cells=[stale])
        self.assertIsNone(self.payload)
        self.assertTrue(any("without the run's nonce" in m for m in self.record["messages"]))

    def test_test_cells_and_injected_records(self):
        nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {},
              "cells": [{"cell_type": "markdown", "id": "m", "metadata": {}, "source": "# Q"},
                        {"cell_type": "code", "id": "a", "metadata": {}, "outputs": [], "execution_count": None,
                         "source": "def add(a, b):\n    return a + b\n"}]}
        self.run_job(nb, ["add"],
                     extra_cells=[injected_test_cell("q1-ok", "assert add(1, 2) == 3"),
                                  injected_test_cell("q1-bad", "assert add(2, 2) == 5, 'add(2, 2) should be 4'"),
                                  injected_test_cell("q1-partial", "assert add(1, 1) == 2\n1.5")])
        self.assertEqual(self.record["status"], "completed")
        tests = {c["check"]: c for c in self.injected("test")}
        self.assertEqual(tests["q1-ok"]["status"], "ok")
        self.assertEqual(tests["q1-bad"]["status"], "error")
        self.assertEqual(tests["q1-bad"]["error"], {"ename": "AssertionError", "evalue": "add(2, 2) should be 4"})
        self.assertNotIn("result_text", tests["q1-ok"])
        self.assertEqual(tests["q1-partial"]["result_text"], "1.5")  # nbgrader's partial credit
        self.assertEqual({k: t["test_result"] for k, t in tests.items()},
                         {"q1-ok": "pass", "q1-bad": "fail", "q1-partial": "pass"})
        self.assertEqual(tests["q1-bad"]["test_error"], {"ename": "AssertionError", "evalue": "add(2, 2) should be 4"})
        self.assertIsNone(self.record["transformers_changed"])
        self.assertTrue(all(c["index"] is None for c in self.injected("test")))
        self.assertEqual(self.cell(1)["id"], "a")
        self.assertEqual(self.values()["add"]["t"], "other")

    def test_shadowed_builtins_make_transformers_unreadable_not_changed(self):
        # A notebook that shadows built-ins the runner's user expression uses (str) leaves the transformer lists
        # unreadable; the record says so with the expression's error, never a list of changed transformers.
        nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {},
              "cells": [{"cell_type": "code", "id": "a", "metadata": {}, "outputs": [], "execution_count": None,
                         "source": "x = 1"},
                        {"cell_type": "code", "id": "b", "metadata": {}, "outputs": [], "execution_count": None,
                         "source": "str = lambda *a: 0\ny = 2"}]}
        self.run_job(nb, None)
        changed = self.record["transformers_changed"]
        self.assertEqual(changed["where"], "cells[1]")
        self.assertEqual(list(changed["lists"]), ["unreadable"])
        self.assertTrue(changed["lists"]["unreadable"].startswith("TypeError: "), changed)
        self.assertTrue(any(m.startswith("IPython's transformer lists could no longer be read (TypeError: ")
                            for m in self.record["messages"]), self.record["messages"])

    # ---- hostile notebooks against hidden tests (issue 14, the security report's forging table) -------------
    # Each notebook answers corr = -1.0 (wrong; the answer is 0.9629) and then attacks the test check. Before the
    # test process, every one of these passed the hidden test. Now the test runs in an interpreter the notebook
    # never ran in: each attack leaves the test failing (or unverified), never passed.

    HIDDEN = "assert abs(corr - 0.9629) < 1e-3, 'corr is the Pearson correlation'"

    def attack(self, source, test=None, probe_names=None):
        nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {},
              "cells": [{"cell_type": "code", "id": "answer", "metadata": {}, "outputs": [], "execution_count": None,
                         "source": "corr = -1.0\n"},
                        {"cell_type": "code", "id": "attack", "metadata": {}, "outputs": [], "execution_count": None,
                         "source": source}]}
        self.run_job(nb, probe_names, extra_cells=[injected_test_cell("corr-hidden", test or self.HIDDEN)])
        return self.injected("test")[0]

    def assert_not_passed(self, t):
        self.assertIn(t["test_result"], ("fail", "unverified"), t)
        self.assertNotEqual(t["status"], "ok", t)

    def test_forged_exec_does_not_pass_a_test(self):
        t = self.attack("import builtins\n_real = builtins.exec\n"
                        "def _exec(code, *a, **k):\n"
                        "    if 'sandmark' in str(getattr(code, 'co_filename', code)):\n        return None\n"
                        "    return _real(code, *a, **k)\n"
                        "builtins.exec = _exec\n")
        # The patched exec broke loading Sandmark's code in the kernel: the values never came, the tamper is named
        # (needs review), the test is unverified, never passed.
        self.assertEqual(t["test_result"], "unverified")
        self.assertEqual(len(self.record["interference"]), 1, self.record["messages"])
        # How the replaced exec breaks the kernel's answer depends on where it is hit first: the answer raises, or
        # none comes. Either is this interference, named for the test cell (CI's fresh container saw the second).
        reason = self.record["interference"][0]
        self.assertTrue(any(("values for the injected test cell (check corr-hidden) " + how) in reason
                            for how in ("raised AttributeError", "gave 0 answers")), reason)
        # An exec that only skips what it believes is a test changes nothing: no test runs in the kernel.
        t = self.attack("import builtins\n_real = builtins.exec\n"
                        "def _exec(code, *a, **k):\n"
                        "    if '<sandmark test' in str(getattr(code, 'co_filename', code)):\n        return None\n"
                        "    return _real(code, *a, **k)\n"
                        "builtins.exec = _exec\n")
        self.assertEqual(t["test_error"], {"ename": "AssertionError", "evalue": "corr is the Pearson correlation"})
        self.assertEqual(self.record["interference"], [])

    def test_forged_base64_module_does_not_pass_a_test(self):
        t = self.attack("import sys, types\nfake = types.ModuleType('base64')\n"
                        "fake.b64decode = lambda *a, **k: b'None'\nfake.b64encode = lambda *a, **k: b''\n"
                        "sys.modules['base64'] = fake\n")
        self.assertEqual(t["test_result"], "fail")

    def test_forged_transformer_manager_does_not_pass_a_test(self):
        t = self.attack("import IPython.core.inputtransformer2 as t2\n"
                        "class TM(t2.TransformerManager):\n"
                        "    def transform_cell(self, cell):\n        return 'pass\\n'\n"
                        "t2.TransformerManager = TM\n")
        self.assertEqual(t["test_result"], "fail")

    def test_pre_run_cell_hook_sees_no_test_code_and_cannot_sign(self):
        # The hook of the security report: it read the nonce and the base64 test from the injected stub and
        # re-signed the result through a patched display. Now it sees only the runner's requests for values: no
        # test code, no expected value, no key; a forged result is ignored.
        t = self.attack(
            "import os\nfrom IPython.display import display\n"
            "def _spy(info):\n"
            "    with open(os.path.join(os.getcwd(), 'seen.txt'), 'a') as f:\n"
            "        f.write(str(info.raw_cell) + '\\n----\\n')\n"
            "    display({'application/vnd.sandmark.test+json': {'format': 'sandmark-test/1', 'check': 'corr-hidden',"
            " 'ok': True, 'ename': '', 'evalue': '', 'result_text': None, 'sig': '0' * 64}}, raw=True)\n"
            "get_ipython().events.register('pre_run_cell', _spy)\n")
        self.assertEqual(t["test_result"], "fail")
        with open(os.path.join(self.workdir, "seen.txt"), encoding="utf-8") as f:
            seen = f.read()
        self.assertIn("_sandmark_values", seen)             # the hook did run for the runner's request
        self.assertNotIn("0.9629", seen)                     # the hidden test's expected value
        self.assertNotIn("Pearson", seen)                    # its message
        self.assertNotIn(base64.b64encode(self.HIDDEN.encode()).decode(), seen)
        self.assertNotIn(self.nonce, seen)                   # no key (this job has no probe cell)

    def test_hidden_test_source_cannot_reach_feedback(self):
        # The report's exfiltration: with the stolen nonce, a forged failure carried the test's code as evalue.
        t = self.attack("import IPython.display as d\n_o = d.display\n"
                        "def _leak(*a, **k):\n"
                        "    raise RuntimeError('LEAK ' + repr(a))\n"
                        "d.display = _leak\n")
        # The notebook broke display in its kernel: the values could not be sent, so the test is unverified
        # (needs review, the interference named), and nothing of the test reached the kernel or the record.
        self.assertEqual(t["test_result"], "unverified")
        self.assertTrue(self.record["interference"], self.record["messages"])
        self.assertNotIn("0.9629", json.dumps(self.record))

    def test_shadowed_builtins_and_patched_numpy_stay_pythons(self):
        t = self.attack("import numpy as np\nabs = lambda x: 0\nnp.isclose = lambda *a, **k: True\n",
                        test="import numpy as np\n" + self.HIDDEN)
        self.assertEqual(t["test_result"], "fail")
        t = self.attack("import numpy as np\nnp.isclose = lambda *a, **k: True\n", test="assert np.isclose(corr, 0.9629)")
        self.assertEqual(t["test_result"], "fail")
        self.assertEqual(t["test_error"]["ename"], "AssertionError")
        # A name the notebook gave data stays the student's (nbgrader: a test may be about the student's `sum`).
        t = self.attack("sum = 7\n", test="assert sum == 7")
        self.assertEqual(t["test_result"], "pass")

    def test_lying_objects_reach_tests_as_data(self):
        # A float subclass whose arithmetic lies arrives as a float with Python's own methods.
        t = self.attack("class Liar(float):\n    def __sub__(self, o):\n        return 0.0\n"
                        "    def __abs__(self):\n        return 0.0\ncorr = Liar(-1.0)\n")
        self.assertEqual(t["test_result"], "fail")
        self.assertEqual(t["test_error"]["ename"], "AssertionError")
        # sandmark.strict refuses the subclass by name.
        t = self.attack("class Liar(float):\n    pass\ncorr = Liar(0.9629)\n",
                        test="import sandmark\nsandmark.strict(corr, float)\n" + self.HIDDEN)
        self.assertEqual(t["test_error"], {"ename": "AssertionError", "evalue": "expected exactly float, got __main__.Liar"})
        # An object of the notebook's own class is not data: the test fails, saying why.
        t = self.attack("class Any:\n    def __eq__(self, o):\n        return True\n"
                        "    def __sub__(self, o):\n        return 0\ncorr = Any()\n")
        self.assertEqual(t["test_result"], "fail")
        self.assertEqual(t["test_error"]["ename"], "TransferError")
        self.assertIn("corr cannot be passed to the test: it is a __main__.Any, which is not data", t["test_error"]["evalue"])
        # A pandas Series subclass lying about its length: the test sees the data's real length.
        t = self.attack("import pandas as pd\nclass S(pd.Series):\n    def __len__(self):\n        return 3\n"
                        "s = S([1, 2, 3, 4])\n", test="assert len(s) == 3")
        self.assertEqual(t["test_result"], "fail")

    def test_notebook_functions_run_in_the_kernel_at_the_test_cells_place(self):
        nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {},
              "cells": [{"cell_type": "code", "id": "a", "metadata": {}, "outputs": [], "execution_count": None,
                         "source": "import numpy as np\nk = 2\ndef scale(v, by=1):\n    print('scaling')\n"
                                   "    return np.asarray(v) * k * by\n"
                                   "def broken(x):\n    raise ValueError('no: %s' % x)\n"},
                        {"cell_type": "code", "id": "b", "metadata": {}, "outputs": [], "execution_count": None,
                         "source": "k = 100\n"}]}
        t1 = injected_test_cell("t1", "assert list(scale([1, 2], by=3)) == [6, 12]\nchecked = True")
        t2 = injected_test_cell("t2", "try:\n    broken(5)\nexcept ValueError as e:\n    assert str(e) == 'no: 5'\n"
                                      "assert checked\nscale([1])[0]")
        nb["cells"].insert(1, t1)
        submitted = copy.deepcopy(nb)
        del submitted["cells"][1]
        self.run_job(nb, extra_cells=[t2], submitted=submitted)
        tests = {c["check"]: c for c in self.injected("test")}
        self.assertEqual(tests["t1"]["test_result"], "pass", tests["t1"])   # k was 2 at t1's place
        self.assertGreater(tests["t1"]["output_bytes"], 0)                    # the function's print, counted
        self.assertEqual(tests["t2"]["test_result"], "pass", tests["t2"])
        self.assertEqual(tests["t2"]["result_text"], "100")                   # k = 100 by the end

    def test_magics_in_tests_see_the_notebooks_names(self):
        nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {},
              "cells": [{"cell_type": "code", "id": "a", "metadata": {}, "outputs": [], "execution_count": None,
                         "source": "x = 3\n"}]}
        self.run_job(nb, extra_cells=[injected_test_cell("m", "%time y = x + 1\nassert y == 4")])
        self.assertEqual(self.injected("test")[0]["test_result"], "pass", self.injected("test")[0])

    # ---- notebooks that attack the runner itself (issue 14, "verdicts a student can dodge") -------------------
    # Before, each made the runner crash (exit 3) or write a result no JSON reader takes: grader-error, never
    # charged. Now the runner survives, and the run names the interference (needs review).

    def dodge(self, source):
        nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {},
              "cells": [{"cell_type": "code", "id": "answer", "metadata": {}, "outputs": [], "execution_count": None,
                         "source": "corr = -1.0\n"},
                        {"cell_type": "code", "id": "dodge", "metadata": {}, "outputs": [], "execution_count": None,
                         "source": source},
                        {"cell_type": "code", "id": "after", "metadata": {}, "outputs": [], "execution_count": None,
                         "source": "after = 1\n"}]}
        result = self.run_job(nb, ["corr"], extra_cells=[injected_test_cell("corr-hidden", self.HIDDEN)])
        self.assertTrue(self.record["interference"], self.record["messages"])
        self.assertTrue(any(m.startswith("the notebook interfered with grading: ") for m in self.record["messages"]))

        def numbers(v):
            if isinstance(v, dict):
                for x in v.values():
                    yield from numbers(x)
            elif isinstance(v, list):
                for x in v:
                    yield from numbers(x)
            elif isinstance(v, int) and not isinstance(v, bool):
                yield v
        self.assertLessEqual(max(abs(n) for n in numbers(result)), 2 ** 53)  # every number fits a double
        return result

    def test_patched_json_dumps_stops_the_kernel_not_the_runner(self):
        self.dodge("import json\njson.dumps = lambda *a, **k: '{}'\n")
        self.assertEqual(self.record["status"], "kernel-died")
        self.assertIn("the kernel sent messages the runner cannot read during cells[1]", self.record["interference"][0])
        self.assertEqual(self.cell(2)["status"], "not-run")

    def test_error_message_with_an_integer_traceback(self):
        self.dodge("k = get_ipython().kernel\n"
                   "k.session.send(k.iopub_socket, 'error', {'ename': 'E', 'evalue': 'v', 'traceback': 5},"
                   " parent=k.get_parent('shell'))\n"
                   "k.session.send(k.iopub_socket, 'display_data', {'data': 7, 'metadata': {}},"
                   " parent=k.get_parent('shell'))\n")
        self.assertEqual(self.cell(2)["status"], "ok")          # the run went on
        self.assertEqual(self.injected("test")[0]["test_result"], "fail")
        self.assertIn("cells[1]: the kernel sent a display_data whose data or metadata is not an object",
                      self.record["interference"])
        self.assertIn("cells[1]: the kernel sent an error whose traceback is not a list of strings (5)",
                      self.record["interference"])
        self.assertEqual(self.notebook["cells"][1]["outputs"][-1]["traceback"], ["5"])

    def test_huge_execution_count_and_display_metadata(self):
        self.dodge("from IPython.display import display\n"
                   "display({'text/plain': 'x'}, raw=True, metadata={'n': 10 ** 400})\n"
                   "get_ipython().execution_count = 10 ** 400\n")
        self.assertEqual(self.cell(2)["execution_count"], None)
        self.assertTrue(any(i.startswith("cells[2] replied with execution_count ") for i in self.record["interference"]),
                        self.record["interference"])
        self.assertTrue(any(i.startswith("its outputs held a number too large for JSON") for i in self.record["interference"]),
                        self.record["interference"])
        self.assertEqual(self.values()["corr"], {"t": "float", "v": "-1.0"})  # the probes still ran
        self.assertEqual(self.injected("test")[0]["test_result"], "fail")

    def test_killing_the_test_process_is_interference(self):
        # The notebook's processes run as the same user: one can kill the test process (found through /proc).
        self.dodge("import os, signal\n"
                   "for p in os.listdir('/proc'):\n"
                   "    try:\n"
                   "        if p.isdigit() and b'sandmark_tests.py' in open('/proc/%s/cmdline' % p, 'rb').read():\n"
                   "            os.kill(int(p), signal.SIGKILL)\n"
                   "    except OSError:\n"
                   "        pass\n")
        t = self.injected("test")[0]
        self.assertEqual(t["test_result"], "unverified")
        self.assertTrue(self.record["interference"][0].startswith("the test process ended during the injected test cell"),
                        self.record["interference"])

    def test_test_cell_replacing_submitted_cell(self):
        student_tests = {"cell_type": "code", "id": "t1", "metadata": {"nbgrader": {"grade_id": "t1"}},
                         "outputs": [], "execution_count": None, "source": "assert True  # the student's copy"}
        answer = {"cell_type": "code", "id": "ans", "metadata": {}, "outputs": [], "execution_count": None,
                  "source": "x = 2\n"}
        later = {"cell_type": "code", "id": "later", "metadata": {}, "outputs": [], "execution_count": None,
                 "source": "y = x + 1\n"}
        nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [answer, student_tests, later]}
        hidden = injected_test_cell("q1", "assert x == 3, 'x should be 3'")
        hidden["metadata"]["sandmark"].update({"grade_id": "t1", "replaced": student_tests})
        instrumented = copy.deepcopy(nb)
        instrumented["cells"][1] = hidden
        # The executed notebook gets the submission's own cell back (checked in run_job).
        self.run_job(instrumented, ["y"], submitted=nb)
        t = self.injected("test")[0]
        self.assertIsNone(t["index"])
        self.assertEqual(t["replaces"], 1)
        self.assertEqual(t["error"]["ename"], "AssertionError")
        self.assertEqual(self.cell(0)["id"], "ans")
        self.assertEqual(self.cell(2)["id"], "later")
        self.assertEqual(self.values()["y"], {"t": "int", "v": "3"})

    def test_malformed_job_exit_2(self):
        for bad in (b"not json", b"{}", json.dumps({"format": "sandmark-job/1", "notebook": {"cells": []},
                                                     "nonce": "xyz"}).encode()):
            proc = subprocess.run([sys.executable, "-I", RUNNER], input=bad, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, cwd=self.workdir, env=kernel_env(), timeout=30)
            self.assertEqual(proc.returncode, 2)
            self.assertEqual(proc.stdout, b"")
            self.assertIn(b"malformed job", proc.stderr)


if __name__ == "__main__":
    unittest.main()


class ScriptedKernel:
    """A stand-in for the runner's Kernel whose execute_reply is held back until a chosen moment,
    so the race between a cell finishing and its deadline passing can be replayed exactly."""

    def __init__(self, reply_stamp, release_on_interrupt=True, release_after_s=None, on_interrupt="reply",
                 reply_after_idle=False):
        self.kc = self
        self.reply_stamp = reply_stamp          # "before" or "after" the interrupt
        self.release_on_interrupt = release_on_interrupt
        self.release_after_s = release_after_s
        # What the interrupt does: "reply" (the reply is sent), "ue" (it lands in the runner's user
        # expression: an ok reply whose expression failed with KeyboardInterrupt), "no-reply" (it lands after
        # the cell's code, before the reply: ipykernel ends the request without one and goes idle).
        self.on_interrupt = on_interrupt
        self.reply_after_idle = reply_after_idle  # the reply reaches the client 0.3 s after the idle status
        self.released = False
        self.interrupts = 0
        self.started = None
        self.shell = []
        self.iopub = []
        self.msg_id = "m1"

    # Kernel
    def exit_status(self):
        return None

    def interrupt(self):
        self.interrupts += 1
        if self.release_on_interrupt and not self.shell:
            if self.on_interrupt == "no-reply":
                self.idle_at = time.monotonic()
            else:
                self.release()

    def kill(self):
        raise AssertionError("the kernel must not be killed")

    def release(self):
        self.released = True
        now = datetime.datetime.now(datetime.timezone.utc)
        stamp = now - datetime.timedelta(seconds=0.5) if self.reply_stamp == "before" else \
            now + datetime.timedelta(seconds=0.5)
        content = {"status": "ok", "execution_count": 1}
        if self.on_interrupt == "ue":
            content["user_expressions"] = {"sandmark_transformers": {
                "status": "error", "ename": "KeyboardInterrupt", "evalue": "", "traceback": []}}
        self.shell.append({"msg_type": "execute_reply", "parent_header": {"msg_id": self.msg_id},
                           "header": {"date": stamp}, "content": content})
        self.idle_at = time.monotonic() + (0.3 if self.release_after_s is not None else 0.0)
        if self.reply_after_idle:
            self.held = self.shell.pop()

    # KernelClient
    def execute(self, *args, **kwargs):
        self.started = time.monotonic()
        return self.msg_id

    def get_shell_msg(self, timeout=0):
        if not self.released and self.release_after_s is not None and time.monotonic() - self.started >= self.release_after_s:
            self.release()
        if hasattr(self, "held_until") and time.monotonic() >= self.held_until:
            self.shell.append(self.held)
            del self.held, self.held_until
        if self.shell:
            return self.shell.pop(0)
        raise queue.Empty

    def get_iopub_msg(self, timeout=0):
        if self.shell or not hasattr(self, "idle_at") or time.monotonic() < self.idle_at:
            time.sleep(min(timeout, 0.01))
            raise queue.Empty
        del self.idle_at
        if hasattr(self, "held"):  # the idle status first, the reply 0.3 s later
            self.held_until = time.monotonic() + 0.3
        return {"msg_type": "status", "parent_header": {"msg_id": self.msg_id},
                "content": {"execution_state": "idle"}}


class RunCellDeadlineRaceTest(unittest.TestCase):
    """The deadline passing while a finished cell's reply is on its way (py_runner once failed so in CI:
    a cell that had set step5 was recorded as stopped by the whole-run limit)."""

    def run_cell(self, kernel, deadline_s=0.15):
        sys.path.insert(0, RUNTIME)
        try:
            import sandmark_runner as sr
        finally:
            sys.path.remove(RUNTIME)
        nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {},
              "cells": [{"cell_type": "code", "id": "a", "metadata": {}, "outputs": [], "execution_count": None,
                         "source": "x = 1"}]}
        limits = dict(sr.DEFAULT_LIMITS, interrupt_grace_s=5.0)
        runner = sr.Runner({"limits": limits, "nonce": "0" * 32, "notebook": nb})
        runner.kernel = kernel
        item = runner.items[0]
        outcome = runner.run_cell(item, time.monotonic() + deadline_s, "timeout after 1 s")
        return outcome, item.rec

    def test_reply_stamped_before_the_interrupt_is_a_finished_cell(self):
        kernel = ScriptedKernel("before")
        outcome, rec = self.run_cell(kernel)
        self.assertEqual(kernel.interrupts, 1)
        self.assertEqual(outcome, "ok")
        self.assertEqual(rec["status"], "ok")
        self.assertIsNone(rec["error"])

    def test_reply_stamped_after_the_interrupt_is_a_timeout(self):
        kernel = ScriptedKernel("after")
        outcome, rec = self.run_cell(kernel)
        self.assertEqual(kernel.interrupts, 1)
        self.assertEqual(outcome, "timeout")
        self.assertEqual(rec["status"], "timeout")
        self.assertEqual(rec["error"], {"ename": "Timeout", "evalue": "timeout after 1 s"})

    def test_interrupt_in_the_user_expression_is_a_finished_cell(self):
        # The interrupt reached the kernel while it evaluated the runner's user expression, after the cell's
        # code: the reply is ok (stamped after the interrupt) and the cell finished.
        kernel = ScriptedKernel("after", on_interrupt="ue")
        outcome, rec = self.run_cell(kernel)
        self.assertEqual(kernel.interrupts, 1)
        self.assertEqual(outcome, "ok")
        self.assertEqual(rec["status"], "ok")
        self.assertIsNone(rec["error"])

    def test_interrupt_ending_the_request_without_a_reply_is_a_timeout(self):
        # The interrupt landed after the cell's code but before the reply was sent: ipykernel catches the
        # KeyboardInterrupt, sends no reply and goes idle. The kernel honoured the interrupt: a timeout, never
        # an ignored interrupt (which would kill the kernel after the grace period and lose the probes).
        kernel = ScriptedKernel("after", on_interrupt="no-reply")
        outcome, rec = self.run_cell(kernel)
        self.assertEqual(kernel.interrupts, 1)
        self.assertEqual(outcome, "timeout")
        self.assertEqual(rec["status"], "timeout")
        self.assertEqual(rec["error"], {"ename": "Timeout", "evalue": "timeout after 1 s"})

    def test_reply_arriving_after_the_idle_status_is_read(self):
        # The reply and the idle status travel on two sockets: an idle status first is not a missing reply.
        kernel = ScriptedKernel("before", release_on_interrupt=False, release_after_s=0.05, reply_after_idle=True)
        outcome, rec = self.run_cell(kernel, deadline_s=5.0)
        self.assertEqual(kernel.interrupts, 0)
        self.assertEqual(outcome, "ok")
        self.assertEqual(rec["status"], "ok")

    def test_no_interrupt_once_the_reply_arrived(self):
        # The reply arrives before the deadline, its idle status only after it.
        kernel = ScriptedKernel("before", release_on_interrupt=False, release_after_s=0.05)
        outcome, rec = self.run_cell(kernel, deadline_s=0.2)
        self.assertEqual(kernel.interrupts, 0)
        self.assertEqual(outcome, "ok")
        self.assertEqual(rec["status"], "ok")


class SharedCapturesTest(unittest.TestCase):
    """A captured value unchanged since the probe before is stored once (docs/probe-payload.md section 5)."""

    def test_unchanged_values_refer_to_the_probe_holding_them(self):
        sys.path.insert(0, RUNTIME)
        try:
            import sandmark_runner as sr
        finally:
            sys.path.remove(RUNTIME)
        df = {"t": "ndarray", "dtype": "float64", "shape": [3], "enc": "float", "values": ["1.0", "2.0", "3.0"]}
        changed = dict(df, values=["1.0", "2.0", "4.0"])
        probes = {  # in the order the probes ran
            "q1": {"values": {}, "captured": {"df": df, "n": {"t": "int", "v": "3"}}, "dropped": []},
            "q2": {"values": {"n": {"t": "int", "v": "3"}}, "captured": {"df": copy.deepcopy(df)}, "dropped": []},
            "q3": {"values": {}, "captured": {"df": changed, "n": {"t": "int", "v": "3"}}, "dropped": []},
            "end": {"values": {}, "captured": {"df": copy.deepcopy(changed), "n": {"t": "int", "v": "4"}}, "dropped": []},
            "bare": {"values": {}},  # a probe without capture
        }
        sr._share_unchanged_captures(probes)
        self.assertEqual(probes["q1"]["captured"]["df"], df)  # the first holds the value
        self.assertEqual(probes["q2"]["captured"]["df"], {"t": "same", "at": "q1"})
        self.assertEqual(probes["q3"]["captured"]["df"], changed)  # changed: stored again
        self.assertEqual(probes["q3"]["captured"]["n"], {"t": "same", "at": "q1"})  # q2 checked n, not captured
        self.assertEqual(probes["end"]["captured"]["df"], {"t": "same", "at": "q3"})  # the latest holder
        self.assertEqual(probes["end"]["captured"]["n"], {"t": "int", "v": "4"})
        self.assertEqual(probes["q2"]["values"]["n"], {"t": "int", "v": "3"})  # checked values are never shared
        self.assertEqual(probes["bare"], {"values": {}})
