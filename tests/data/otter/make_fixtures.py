"""Writes the Otter fixtures of tests/tst_otter.cpp (our own notebooks, in Otter Assign's v1 format and in the
student format Otter's release has). Rerun after changing it: python3 tests/data/otter/make_fixtures.py

master/hw-otter.ipynb — a v1 master, run (test cells hold their saved outputs):
  q1  points 4; cases: public `total` (points 1), hidden `total == 10` (points 2, failure message), hidden
      `isinstance(total, int)` (no points: gets what is left, 4 - 3 = 1)
  q2  all_or_nothing, points 3; cases `double(2)` public, `double(-1)` hidden: one check worth 3
  q3  manual, points 2 (markdown answer)
  q4  points {each: 1}; cases `answer` public, `answer % 2` hidden with a success message; the notebook
      assigns `answer = 0` again after the question (a teaching cell): the name is reused later
  q5  points 1; `pick` — a random number, the same for everyone under Otter's seed (42)
submissions/<student>/hw-otter.ipynb — student-format notebooks (init cell, grader.check cells, export).

unrun/hw-unrun.ipynb — a v1 master whose test cells were never run (no saved outputs: Otter's known trap), except
  one; the expected outputs come from Sandmark's reference run:
  q1  points 2; cases `total` (public) and `total % 2 == 0` (hidden, failure message), both un-run: 1 point each
  q2  all_or_nothing, points 2; `double(3)` un-run, `double(-1)` run (saved output -2): one check worth 2
  q3  manual, points 1 (markdown answer)
unrun/submissions/<student>/hw-unrun.ipynb — right, wrong, and `untouched` (q3 left as the release's prompt).
"""

import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
random.seed(42)
PICK = random.randint(0, 10**6)

_ids = {}


def cell(kind, source, cid=None, outputs=None, count=None):
    c = {"cell_type": kind, "id": cid or "c%02d" % (len(_ids) + 1), "metadata": {}, "source": source}
    _ids[c["id"]] = True
    if kind == "code":
        c["execution_count"] = count
        c["outputs"] = outputs or []
    return c


def result(text, n):
    return [{"output_type": "execute_result", "execution_count": n, "data": {"text/plain": text}, "metadata": {}}]


def notebook(cells):
    _ids.clear()
    return {"cells": cells, "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                                          "language_info": {"name": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


def write(path, nb):
    path = os.path.join(HERE, path)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(nb, f, indent=1, ensure_ascii=False)
        f.write("\n")


def config(text):
    return '""" # BEGIN TEST CONFIG\n' + text + '\n""" # END TEST CONFIG\n'


def master():
    return notebook([
        cell("raw", "# ASSIGNMENT CONFIG\nname: hw-otter\nseed:\n    variable: null\n    autograder_value: 42\n"
                    "    student_value: 42\nexport_cell:\n    pdf: false\ngenerate:\n    seed: 42\n", "config"),
        cell("markdown", "# Homework (Otter)\nAnswer each question.", "intro"),
        cell("raw", "# BEGIN QUESTION\nname: q1\npoints: 4", "q1-begin"),
        cell("markdown", "**Question 1.** Set `total` to the sum of 0, 1, 2, 3 and 4.", "q1-text"),
        cell("raw", "# BEGIN SOLUTION", "q1-sol-begin"),
        cell("code", "total = sum(range(5)) # SOLUTION", "q1-answer", count=1),
        cell("raw", "# END SOLUTION", "q1-sol-end"),
        cell("raw", "# BEGIN TESTS", "q1-tests-begin"),
        cell("code", config("points: 1") + "total", "q1-t1", result("10", 2), 2),
        cell("code", config("hidden: true\npoints: 2\nfailure_message: total should be the sum of 0 to 4") + "total == 10",
             "q1-t2", result("True", 3), 3),
        cell("code", "# HIDDEN\nisinstance(total, int)", "q1-t3", result("True", 4), 4),
        cell("raw", "# END TESTS", "q1-tests-end"),
        cell("raw", "# END QUESTION", "q1-end"),
        cell("raw", "# BEGIN QUESTION\nname: q2\npoints: 3\nall_or_nothing: true", "q2-begin"),
        cell("markdown", "**Question 2.** Write `double(x)`, returning twice `x`.", "q2-text"),
        cell("raw", "# BEGIN SOLUTION", "q2-sol-begin"),
        cell("code", "def double(x):\n    # BEGIN SOLUTION\n    return 2 * x\n    # END SOLUTION", "q2-answer", count=5),
        cell("raw", "# END SOLUTION", "q2-sol-end"),
        cell("raw", "# BEGIN TESTS", "q2-tests-begin"),
        cell("code", "double(2)", "q2-t1", result("4", 6), 6),
        cell("code", config("hidden: true") + "double(-1)", "q2-t2", result("-2", 7), 7),
        cell("raw", "# END TESTS", "q2-tests-end"),
        cell("raw", "# END QUESTION", "q2-end"),
        cell("raw", "# BEGIN QUESTION\nname: q3\nmanual: true\npoints: 2", "q3-begin"),
        cell("markdown", "**Question 3.** Why is `double(-1)` negative?", "q3-text"),
        cell("raw", "# BEGIN SOLUTION", "q3-sol-begin"),
        cell("markdown", "Because twice a negative number is negative.", "q3-answer"),
        cell("raw", "# END SOLUTION", "q3-sol-end"),
        cell("raw", "# END QUESTION", "q3-end"),
        cell("raw", "# BEGIN QUESTION\nname: q4\npoints:\n    each: 1", "q4-begin"),
        cell("markdown", "**Question 4.** Set `answer` to 42.", "q4-text"),
        cell("raw", "# BEGIN SOLUTION", "q4-sol-begin"),
        cell("code", "answer = 42 # SOLUTION", "q4-answer", count=8),
        cell("raw", "# END SOLUTION", "q4-sol-end"),
        cell("raw", "# BEGIN TESTS", "q4-tests-begin"),
        cell("code", "answer", "q4-t1", result("42", 9), 9),
        cell("code", config("hidden: true\nsuccess_message: even, as it should be") + "answer % 2", "q4-t2",
             result("0", 10), 10),
        cell("raw", "# END TESTS", "q4-tests-end"),
        cell("raw", "# END QUESTION", "q4-end"),
        cell("markdown", "A teaching cell: `answer` is only a name; it can be reused.", "teach-text"),
        cell("code", "answer = 0\nanswer", "teach", result("0", 11), 11),
        cell("raw", "# BEGIN QUESTION\nname: q5\npoints: 1", "q5-begin"),
        cell("markdown", "**Question 5.** Set `pick` to `random.randint(0, 10**6)`.", "q5-text"),
        cell("raw", "# BEGIN SOLUTION", "q5-sol-begin"),
        cell("code", "import random\npick = random.randint(0, 10**6) # SOLUTION", "q5-answer", count=12),
        cell("raw", "# END SOLUTION", "q5-sol-end"),
        cell("raw", "# BEGIN TESTS", "q5-tests-begin"),
        cell("code", "pick", "q5-t1", result(str(PICK), 13), 13),
        cell("raw", "# END TESTS", "q5-tests-end"),
        cell("raw", "# END QUESTION", "q5-end"),
    ])


def student(answers, checks=True, import_otter=True, extra_checks=False, reuse=False, check_all=True):
    """A notebook as a student of the course hands it in. `answers`: q1, q2 (the function's body), q3, q4, q5."""
    cells = []
    if import_otter:
        cells.append(cell("code", "# Initialize Otter\nimport otter\ngrader = otter.Notebook(\"hw-otter.ipynb\")", "init"))
    cells.append(cell("markdown", "# Homework (Otter)\nAnswer each question.", "intro"))

    def check(q, cid):
        if checks:
            cells.append(cell("code", 'grader.check("%s")' % q, cid))
        if extra_checks:
            cells.append(cell("code", "grader.check('q1')\ngrader.check('q4')", cid + "-extra"))

    cells.append(cell("markdown", "**Question 1.** Set `total` to the sum of 0, 1, 2, 3 and 4.", "q1-text"))
    cells.append(cell("code", answers["q1"], "q1-answer"))
    check("q1", "q1-check")
    cells.append(cell("markdown", "**Question 2.** Write `double(x)`, returning twice `x`.", "q2-text"))
    cells.append(cell("code", "def double(x):\n" + answers["q2"], "q2-answer"))
    check("q2", "q2-check")
    cells.append(cell("markdown", "**Question 3.** Why is `double(-1)` negative?", "q3-text"))
    cells.append(cell("markdown", answers["q3"], "q3-answer"))
    cells.append(cell("markdown", "**Question 4.** Set `answer` to 42.", "q4-text"))
    cells.append(cell("code", answers["q4"], "q4-answer"))
    check("q4", "q4-check")
    cells.append(cell("markdown", "A teaching cell: `answer` is only a name; it can be reused.", "teach-text"))
    cells.append(cell("code", "answer = 0\nanswer", "teach"))
    cells.append(cell("markdown", "**Question 5.** Set `pick` to `random.randint(0, 10**6)`.", "q5-text"))
    cells.append(cell("code", answers["q5"], "q5-answer"))
    check("q5", "q5-check")
    if reuse:
        cells.append(cell("code", "# reusing the names for something else\ntotal = 0\ndef double(x):\n    return x\npick = -1",
                          "reuse"))
    if import_otter and check_all:
        cells.append(cell("code", "grader.check_all()", "check-all"))
        cells.append(cell("code", "grader.export(pdf=False)", "export"))
    return notebook(cells)


RIGHT = {"q1": "total = sum(range(5))", "q2": "    return 2 * x", "q3": "Twice a negative is negative.",
         "q4": "answer = 42", "q5": "import random\npick = random.randint(0, 10**6)"}


def small_masters():
    """Masters that import refuses or warns about, one thing each."""
    v0 = notebook([
        cell("markdown", "```\nBEGIN ASSIGNMENT\n```", "a"),
        cell("code", "x = 1", "b"),
        cell("code", "# TEST\nx == 1", "c", result("True", 1), 1),
    ])
    write("v0-master.ipynb", v0)
    r = notebook([cell("raw", "# BEGIN QUESTION\nname: q1", "a"), cell("code", "x <- 1", "b"),
                  cell("raw", "# END QUESTION", "c")])
    r["metadata"] = {"kernelspec": {"display_name": "R", "language": "R", "name": "ir"}, "language_info": {"name": "R"}}
    write("r-master.ipynb", r)
    # Un-run (no saved outputs), markers in a markdown and a code cell, a requirements list, an unclosed test config.
    write("unrun-master.ipynb", notebook([
        cell("raw", "# ASSIGNMENT CONFIG\nrequirements:\n  - numpy==1.26.4\n  - pandas\nsolutions_pdf: true", "cfg"),
        cell("markdown", "# BEGIN QUESTION\nname: stray", "md-marker"),
        cell("raw", "# BEGIN QUESTION\nname: q1\npoints: [1, 2]", "q1"),
        cell("code", "x = 2 # SOLUTION", "q1-answer"),
        cell("raw", "# BEGIN TESTS", "tb"),
        cell("code", '""" # BEGIN TEST CONFIG\nlocked: false\n""" # END TEST CONFIG\nx == 2', "t1"),
        cell("code", "# BEGIN TESTS\nx > 0", "t2"),
        cell("raw", "# END TESTS", "te"),
        cell("raw", "# END QUESTION", "q1-end"),
    ]))
    write("bignum-master.ipynb", notebook([
        cell("raw", "# BEGIN QUESTION\nname: q1\npoints: 123456789012345678901234567890", "q1"),
        cell("raw", "# END QUESTION", "q1-end"),
    ]))
    write("unclosed-master.ipynb", notebook([
        cell("raw", "# BEGIN QUESTION\nname: q1", "q1"),
        cell("raw", "# BEGIN TESTS", "tb"),
        cell("code", '""" # BEGIN TEST CONFIG\nhidden: true\nx == 2', "t1"),
        cell("raw", "# END TESTS", "te"),
        cell("raw", "# END QUESTION", "q1-end"),
    ]))
    # A flag that is not true or false, in a question's config and in a test's.
    write("manual-text-master.ipynb", notebook([
        cell("raw", '# BEGIN QUESTION\nname: q1\nmanual: "yes"', "q1"),
        cell("raw", "# END QUESTION", "q1-end"),
    ]))
    write("hidden-number-master.ipynb", notebook([
        cell("raw", "# BEGIN QUESTION\nname: q1", "q1"),
        cell("raw", "# BEGIN TESTS", "tb"),
        cell("code", '""" # BEGIN TEST CONFIG\nhidden: 1\n""" # END TEST CONFIG\nx == 2', "t1"),
        cell("raw", "# END TESTS", "te"),
        cell("raw", "# END QUESTION", "q1-end"),
    ]))
    # YAML aliases: one that contains itself, and nine levels of nine (a "billion laughs" bomb).
    write("alias-loop-master.ipynb", notebook([
        cell("raw", "# ASSIGNMENT CONFIG\nx: &a [*a]", "cfg"),
        cell("raw", "# BEGIN QUESTION\nname: q1", "q1"),
        cell("raw", "# END QUESTION", "q1-end"),
    ]))
    levels = ["l0: &l0 [" + ", ".join(["x"] * 9) + "]"]
    levels += ["l%d: &l%d [%s]" % (k, k, ", ".join(["*l%d" % (k - 1)] * 9)) for k in range(1, 9)]
    write("alias-bomb-master.ipynb", notebook([
        cell("raw", "# ASSIGNMENT CONFIG\n" + "\n".join(levels), "cfg"),
        cell("raw", "# BEGIN QUESTION\nname: q1", "q1"),
        cell("raw", "# END QUESTION", "q1-end"),
    ]))
    write("name-number-master.ipynb", notebook([
        cell("raw", "# BEGIN QUESTION\nname: 123", "q1"),
        cell("raw", "# END QUESTION", "q1-end"),
    ]))
    # Values of the wrong type that were dropped silently before (fresh-user attack, session 17): each is refused.
    wrong_types = {
        "seed-text": ("# ASSIGNMENT CONFIG\nseed:\n  variable: rng_seed\n  autograder_value: forty-two", None),
        "seed-variable-number": ("# ASSIGNMENT CONFIG\nseed:\n  variable: 5\n  autograder_value: 42", None),
        "files-number": ("# ASSIGNMENT CONFIG\nfiles: 7", None),
        "config-name-number": ("# ASSIGNMENT CONFIG\nname: 5", None),
        "failure-message-list": (None, "failure_message: [one, two]"),
        "case-points-text": (None, "points: two"),
    }
    for name, (config, test_config) in wrong_types.items():
        cells = [cell("raw", config, "cfg")] if config else []
        cells += [cell("raw", "# BEGIN QUESTION\nname: q1", "q1"), cell("raw", "# BEGIN TESTS", "tb")]
        head = '""" # BEGIN TEST CONFIG\n%s\n""" # END TEST CONFIG\n' % test_config if test_config else ""
        cells += [cell("code", head + "x == 2", "t1", result("True", 1), 1), cell("raw", "# END TESTS", "te"),
                  cell("raw", "# END QUESTION", "q1-end")]
        write(name + "-master.ipynb", notebook(cells))
    # A name Otter takes that no check id may have: the import would write an assignment Sandmark refuses.
    write("path-name-master.ipynb", notebook([
        cell("raw", "# BEGIN QUESTION\nname: ../evil\nmanual: true", "q1"),
        cell("raw", "# BEGIN SOLUTION", "s1"),
        cell("code", "x = 1", "a1"),
        cell("raw", "# END SOLUTION", "s1-end"),
        cell("raw", "# END QUESTION", "q1-end"),
    ]))


def ok_folder():
    """An Otter-generated tests/ folder (OK format) and a student-format notebook, solved (the reference) and not."""
    tests = {
        "q1.py": {"name": "q1", "points": 2, "suites": [{"cases": [
            {"code": ">>> total\n10", "hidden": False, "locked": False},
            {"code": ">>> total % 2 == 0\nTrue", "hidden": True, "locked": False,
             "failure_message": "total should be even"}], "scored": True, "setup": "", "teardown": "", "type": "doctest"}]},
        "q2.py": {"name": "q2", "all_or_nothing": True, "suites": [{"cases": [
            {"code": ">>> len(words)\n2", "hidden": False, "locked": False, "points": 1},
            {"code": ">>> words[0]\n'a'", "hidden": True, "locked": False, "points": 2}],
            "scored": True, "setup": "", "teardown": "", "type": "doctest"}]},
    }
    os.makedirs(os.path.join(HERE, "ok", "tests"), exist_ok=True)
    for name, spec in tests.items():
        with open(os.path.join(HERE, "ok", "tests", name), "w", encoding="utf-8") as f:
            f.write("OK_FORMAT = True\n\ntest = " + repr(spec) + "\n")

    def nb(total, words):
        return notebook([
            cell("code", "import otter\ngrader = otter.Notebook()", "init"),
            cell("code", "total = %s" % total, "q1-answer"),
            cell("code", 'grader.check("q1")', "q1-check"),
            cell("code", "words = %s" % words, "q2-answer"),
            cell("code", 'grader.check("q2")', "q2-check"),
        ])
    write("ok/hw.ipynb", nb("10", "['a', 'b']"))
    write("ok/submissions/twelve/hw.ipynb", nb("12", "['a', 'b']"))


PROMPT = "_Type your answer here, replacing this text._"  # Otter's release text of a markdown answer


def unrun():
    write("unrun/hw-unrun.ipynb", notebook([
        cell("raw", "# ASSIGNMENT CONFIG\nname: hw-unrun", "config"),
        cell("raw", "# BEGIN QUESTION\nname: q1\npoints: 2", "q1-begin"),
        cell("markdown", "**Question 1.** Set `total` to the sum of 0 to 4.", "q1-text"),
        cell("raw", "# BEGIN SOLUTION", "q1-sol-begin"),
        cell("code", "total = sum(range(5)) # SOLUTION", "q1-answer"),
        cell("raw", "# END SOLUTION", "q1-sol-end"),
        cell("raw", "# BEGIN TESTS", "q1-tests-begin"),
        cell("code", "total", "q1-t1"),
        cell("code", config("hidden: true\nfailure_message: total should be even") + "total % 2 == 0", "q1-t2"),
        cell("raw", "# END TESTS", "q1-tests-end"),
        cell("raw", "# END QUESTION", "q1-end"),
        cell("raw", "# BEGIN QUESTION\nname: q2\npoints: 2\nall_or_nothing: true", "q2-begin"),
        cell("raw", "# BEGIN SOLUTION", "q2-sol-begin"),
        cell("code", "def double(x):\n    return 2 * x # SOLUTION", "q2-answer"),
        cell("raw", "# END SOLUTION", "q2-sol-end"),
        cell("raw", "# BEGIN TESTS", "q2-tests-begin"),
        cell("code", "double(3)", "q2-t1"),
        cell("code", "double(-1)", "q2-t2", result("-2", 2), 2),
        cell("raw", "# END TESTS", "q2-tests-end"),
        cell("raw", "# END QUESTION", "q2-end"),
        cell("raw", "# BEGIN QUESTION\nname: q3\nmanual: true\npoints: 1", "q3-begin"),
        cell("markdown", "**Question 3.** Why is `double(-1)` negative?", "q3-text"),
        cell("raw", "# BEGIN SOLUTION", "q3-sol-begin"),
        cell("markdown", "Twice a negative number is negative.", "q3-answer"),
        cell("raw", "# END SOLUTION", "q3-sol-end"),
        cell("raw", "# END QUESTION", "q3-end"),
    ]))

    def nb(q1, q2, q3):
        return notebook([
            cell("code", "# Initialize Otter\nimport otter\ngrader = otter.Notebook(\"hw-unrun.ipynb\")", "init"),
            cell("markdown", "**Question 1.** Set `total` to the sum of 0 to 4.", "q1-text"),
            cell("code", q1, "q1-answer"),
            cell("code", 'grader.check("q1")', "q1-check"),
            cell("code", "def double(x):\n    return " + q2, "q2-answer"),
            cell("code", 'grader.check("q2")', "q2-check"),
            cell("markdown", "**Question 3.** Why is `double(-1)` negative?", "q3-text"),
            cell("markdown", q3, "q3-answer"),
        ])
    write("unrun/submissions/right/hw-unrun.ipynb", nb("total = sum(range(5))", "2 * x", "A negative times two."))
    write("unrun/submissions/wrong/hw-unrun.ipynb", nb("total = 11", "2 * x + 1", "No idea."))
    write("unrun/submissions/untouched/hw-unrun.ipynb", nb("total = 10.0", "abs(2 * x)", PROMPT))


def main():
    small_masters()
    unrun()
    ok_folder()
    write("master/hw-otter.ipynb", master())
    write("submissions/right/hw-otter.ipynb", student(RIGHT))
    write("submissions/partly/hw-otter.ipynb", student(dict(RIGHT, q1="total = 10.0", q2="    return abs(2 * x)")))
    write("submissions/wrong/hw-otter.ipynb", student({"q1": "total = 11", "q2": "    return x", "q3": "No idea.",
                                                       "q4": "answer = 41", "q5": "pick = 7"}))
    write("submissions/everywhere/hw-otter.ipynb", student(RIGHT, extra_checks=True))
    write("submissions/noimport/hw-otter.ipynb", student(RIGHT, checks=False, import_otter=False))
    write("submissions/reuses/hw-otter.ipynb", student(RIGHT, reuse=True))


if __name__ == "__main__":
    main()
