"""Tests of resources/python/otter_standin (Sandmark's offline `import otter`, docs/otter.md) and of
sandmark_otter_read.py, in a real kernel started as the runner starts it for an Otter assignment."""
import json
import os
import subprocess
import sys
import unittest

RUNTIME = os.environ.get("SANDMARK_RUNTIME_DIR") or os.path.join(
    os.path.dirname(__file__), "..", "..", "resources", "python")
STANDIN = os.path.join(RUNTIME, "otter_standin")


def run_cells(cells, env):
    import nbclient
    import nbformat
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(c) for c in cells]
    old = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        client = nbclient.NotebookClient(nb, kernel_name="python3", timeout=60)
        if env.get("SANDMARK_OTTER_SEED"):
            client.extra_arguments = ["--IPKernelApp.exec_lines=import sandmark_otter_seed"]
        client.execute()
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    return [[o.get("text") or o.get("data", {}).get("text/plain") for o in c.outputs] for c in nb.cells]


class StandinTest(unittest.TestCase):
    def test_student_calls_note_and_never_fail(self):
        outs = run_cells([
            "import otter\ngrader = otter.Notebook('hw.ipynb', tests_dir='./tests')",
            "grader.check('q1')",
            "grader.check_all()",
            "grader.export(pdf=False)",
            "grader.to_pdf()",
            "grader.some_newer_method(1, x=2)",
        ], {"PYTHONPATH": STANDIN})
        self.assertEqual(outs[0], [])
        self.assertIn("grader.check('q1')", outs[1][0])
        self.assertIn("grader.check_all()", outs[2][0])
        self.assertIn("no zip is written", outs[3][0])
        self.assertIn("no PDF is written", outs[4][0])
        self.assertIn("grader.some_newer_method()", outs[5][0])

    def test_seed_before_every_cell_as_otter(self):
        # Otter prepends `np.random.seed(s); random.seed(s)` to every code cell: the same draw in each cell.
        import random
        random.seed(42)
        want = str(random.randint(0, 10**6))
        outs = run_cells(["import random\nrandom.randint(0, 10**6)", "random.randint(0, 10**6)",
                          "import numpy\nnumpy.random.randint(0, 10**6)", "numpy.random.randint(0, 10**6)"],
                         {"PYTHONPATH": STANDIN, "SANDMARK_OTTER_SEED": "42"})
        self.assertEqual(outs[0], [want])
        self.assertEqual(outs[1], [want])
        self.assertEqual(outs[2], outs[3])

    def test_seed_variable(self):
        outs = run_cells(["rng_seed = 7\nrng_seed", "rng_seed"],
                         {"PYTHONPATH": STANDIN, "SANDMARK_OTTER_SEED": "42", "SANDMARK_OTTER_SEED_VARIABLE": "rng_seed"})
        # Set before each cell, as Otter's `rng_seed = 42` line before the cell's own code.
        self.assertEqual(outs[0], ["7"])
        self.assertEqual(outs[1], ["42"])


class ReaderTest(unittest.TestCase):
    def read(self, request):
        p = subprocess.run([sys.executable, "-I", os.path.join(RUNTIME, "sandmark_otter_read.py")],
                           input=json.dumps(request), capture_output=True, text=True, check=True)
        return json.loads(p.stdout)

    def test_cases_as_otter_assign_builds_them(self):
        got = self.read({"cases": [
            {"code": "total == 10", "output": "True"},
            {"code": "def f(x):\n    return x\nf(2)", "output": "2"},
            {"code": "x: int = 3\nx", "output": "3\n"},
            {"code": "x ==", "output": ""},
        ]})["cases"]
        self.assertEqual(got[0], {"body": ">>> total == 10\nTrue"})
        self.assertEqual(got[1], {"body": ">>> def f(x):\n...     return x\n>>> f(2)\n2"})
        self.assertEqual(got[2], {"body": ">>> x = 3\n>>> x\n3\n"})
        self.assertIn("invalid syntax", got[3]["error"])

    def test_ok_file_is_read_not_run(self):
        got = self.read({"ok": [
            {"path": "q1.py", "text": "OK_FORMAT = True\ntest = {'name': 'q1', 'points': 2, 'suites': []}\n"},
            {"path": "evil.py", "text": "import os\nos.system('touch /tmp/x')\ntest = {'name': __import__('os').getcwd()}\n"},
        ]})["ok"]
        self.assertEqual(got[0], {"ok_format": True, "test": {"name": "q1", "points": 2, "suites": []}})
        self.assertIn("malformed node", got[1]["error"])


if __name__ == "__main__":
    unittest.main()
