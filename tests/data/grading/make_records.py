"""Regenerates records.json: real execution records and payloads from the real runner.

Each scenario is a notebook instrumented the way src/core/notebook/instrument.cpp does it (probe cells
with metadata sandmark.injected/label/fallback, test cells with sandmark.check), run by
resources/python/sandmark_runner.py with the system Python (nbclient, ipykernel) and no sandbox. The
notebooks are harmless (fault fixtures of tests/data/cases and small ones written here). The stored result keeps
`record` and `payload`; the executed notebook is dropped.

Usage: /usr/bin/python3 tests/data/grading/make_records.py [RUNTIME_DIR]   (RUNTIME_DIR holds
sandmark_runner.py and sandmark_probe.py; default resources/python of this tree)
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.normpath(os.path.join(HERE, "..", "cases"))
NONCE = "0123456789abcdef0123456789abcdef"


def code(src, **meta):
    return {"cell_type": "code", "execution_count": None, "metadata": meta, "outputs": [], "source": src}


def probe(runtime, names, label="end", fallback=False):
    src = ("# Sandmark probe (injected cell, removed after the run)\n"
           "def _sandmark_probe():\n"
           "    import importlib.util as u\n"
           "    s = u.spec_from_file_location(%r, %r)\n"
           "    m = u.module_from_spec(s)\n"
           "    s.loader.exec_module(m)\n"
           "    m.emit(globals(), %r, nonce=%r, max_bytes=%d, label=%r)\n"
           "_sandmark_probe()\n"
           "del _sandmark_probe") % ("_sandmark_probe_" + NONCE, os.path.join(runtime, "sandmark_probe.py"),
                                     names, NONCE, 8388608, label)
    meta = {"injected": "probe", "label": label}
    if fallback:
        meta["fallback"] = True
    return code(src, sandmark=meta)


RUNTIME = [None]  # set by scenarios()


def test(check_id, src):
    """A test cell as instrument() writes it: a comment as its source, the test's code in its metadata (the runner
    runs it in its test process)."""
    return code("# Sandmark test check %s (injected cell, removed after the run)" % json.dumps(check_id),
                sandmark={"injected": "test", "check": check_id, "code": src})


def notebook(cells):
    return {"nbformat": 4, "nbformat_minor": 4, "cells": cells,
            "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}}}


def case_cells(name):
    with open(os.path.join(CASES, name), encoding="utf-8") as f:
        nb = json.load(f)
    for c in nb["cells"]:
        c.pop("id", None)
    return nb["cells"]


def scenarios(runtime):
    RUNTIME[0] = runtime
    loop = ["letters", "countdown_sum", "doubled"]
    killed = ["deposit_total", "with_interest"]
    sigint = ["warmed_up", "done"]
    markdown = ["apples", "crates", "pears"]
    anchored_student = [code("ans = 42", tags=["q1"])]
    steps = ["step1", "step2", "step3", "step4", "step5"]
    step_test = "assert step5 == 5, 'step5 should be 5'"
    return {
        # Slow cells under a whole-run limit (LIMITS below: timeout_s = 12 s, so the student's cells stop at 8 s,
        # keeping 4 s to grade): cells[1] is stopped, step2..step5 are never defined, the probe and the test
        # check run in the reserve.
        "run-limit-ref": [code("step1 = 1")] + [code("step%d = %d" % (i, i)) for i in range(2, 6)]
                         + [probe(runtime, steps), test("t-step5", step_test)],
        "run-limit-student": [code("step1 = 1"), code("import time\ntime.sleep(60)\nstep2 = 2")]
                             + [code("step%d = %d" % (i, i)) for i in range(3, 6)]
                             + [probe(runtime, steps), test("t-step5", step_test)],
        "infinite-loop-ref": case_cells("infinite-loop.ref.ipynb") + [probe(runtime, loop)],
        "infinite-loop-student": case_cells("infinite-loop.ipynb") + [probe(runtime, loop)],
        "kernel-killed-ref": case_cells("kernel-killed-by-os-exit.ref.ipynb") + [probe(runtime, killed)],
        "kernel-killed-student": case_cells("kernel-killed-by-os-exit.ipynb") + [probe(runtime, killed)],
        "sigint-ignored-ref": case_cells("infinite-loop-ignoring-sigint.ref.ipynb") + [probe(runtime, sigint)],
        "sigint-ignored-student": case_cells("infinite-loop-ignoring-sigint.ipynb") + [probe(runtime, sigint)],
        "markdown-answers-ref": case_cells("answer-cells-markdown-or-deleted.ref.ipynb") + [probe(runtime, markdown)],
        "markdown-answers-student": case_cells("answer-cells-markdown-or-deleted.ipynb") + [probe(runtime, markdown)],
        # Answer cell q1 present: probed right after it, so reusing `ans` later does not matter.
        "anchor-ref": [code("ans = 42", tags=["q1"]), probe(runtime, ["ans"], "q1"), code("final = 1"),
                       probe(runtime, ["final"]),
                       test("t-final", "assert final == 1"), test("t-ans", "assert ans == 42, 'ans should be 42'")],
        "anchor-student": anchored_student + [probe(runtime, ["ans"], "q1"), code("ans = 0\nfinal = 1"),
                                              probe(runtime, ["final"]), test("t-final", "assert final == 1"),
                                              test("t-ans", "assert ans == 42, 'ans should be 42'")],
        # Answer cell missing: the q1 probe falls back to the end (instrument() flags it).
        "anchor-fallback": [code("ans = 42\nfinal = 2"), probe(runtime, ["ans"], "q1", fallback=True),
                            probe(runtime, ["final"]), test("t-final", "assert final == 1"),
                            test("t-ans", "assert ans == 42, 'ans should be 42'")],
        # A stderr warning only: never changes the grade.
        "warning": [code("import warnings\nwarnings.warn('deprecated thing')\n"
                         "import sys\nprint('noise', file=sys.stderr)\nans = 42\nfinal = 1"),
                    probe(runtime, ["ans"], "q1", fallback=True), probe(runtime, ["final"]),
                    test("t-final", "assert final == 1"), test("t-ans", "assert ans == 42, 'ans should be 42'")],
        # A dataset missing from the offline cache, as huggingface_hub reports it (its exception class name).
        "dataset-missing": [code("class LocalEntryNotFoundError(FileNotFoundError):\n    pass\n"
                                 "raise LocalEntryNotFoundError('Cannot find the requested files in the disk cache "
                                 "and outgoing traffic has been disabled. To enable hf.co look-ups and downloads "
                                 "online, set local_files_only to False.')"),
                            code("ans = 42\nfinal = 1"), probe(runtime, ["ans"], "q1", fallback=True),
                            probe(runtime, ["final"]), test("t-final", "assert final == 1"),
                            test("t-ans", "assert ans == 42, 'ans should be 42'")],
    }


# Scenarios whose limits differ from main()'s.
LIMITS = {"run-limit-student": {"cell_timeout_s": 30, "wall_timeout_s": 12}}


def main():
    runtime = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                              os.path.join(HERE, "..", "..", "..", "resources", "python"))
    out = {}
    for name, cells in scenarios(runtime).items():
        limits = {"cell_timeout_s": 3, "wall_timeout_s": 60, "interrupt_grace_s": 2,
                  "output_cell_bytes": 65536, "output_total_bytes": 1048576, "probe_bytes": 8388608}
        limits.update(LIMITS.get(name, {}))
        job = {"format": "sandmark-job/1", "notebook": notebook(cells), "nonce": NONCE, "limits": limits}
        with tempfile.TemporaryDirectory() as wd:
            p = subprocess.run([sys.executable, "-I", "-X", "utf8", os.path.join(runtime, "sandmark_runner.py")],
                               input=json.dumps(job).encode(), capture_output=True, cwd=wd, timeout=120)
        if p.returncode != 0:
            sys.exit("%s: runner exit %d\n%s" % (name, p.returncode, p.stderr.decode(errors="replace")))
        result = json.loads(p.stdout)
        rec = result["record"]
        rec["duration_s"] = 0.0  # keep the fixture stable between regenerations
        for c in rec.get("cells", []):
            c["duration_s"] = 0.0
        out[name] = {"record": rec, "payload": result["payload"]}
        print(name, rec["status"], file=sys.stderr)
    with open(os.path.join(HERE, "records.json"), "w", encoding="utf-8") as f:
        json.dump(out, f, indent=1, ensure_ascii=False, allow_nan=False, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
