"""Writes the generated course bench/bench_peer grades both ways (issue 20): an nbgrader course directory
(`nbgrader autograde` grades it) and the submissions folder of the Sandmark assignment it imports to.

Usage: python3 peer_course.py OUT [COUNT]   (default COUNT 100)

OUT/course/source/hw1/hw1.ipynb          the instructor's nbgrader source notebook (three numpy problems)
OUT/course/submitted/<id>/hw1/hw1.ipynb  the students' notebooks, as nbgrader's `collect` leaves them
OUT/submissions/<id>/hw1.ipynb           the same notebooks for `sandmark-cli grade`
OUT/expected.json                        {student: points they deserve, null: not gradable} (the generator knows)

Students cycle through kinds (per 20): 13 right, 4 wrong in one problem, 2 slow (a pure-Python loop of about
half a second), and student 100 (the last) kills its kernel (os._exit) in its first answer: a notebook that
fails to run. Deterministic: no randomness, so both graders see the same bytes each run.
"""

import json
import os
import sys

POINTS = {"normalize": 2, "column_means": 2, "solve": 3}


def cell(kind, cid, source, nbgrader=None):
    c = {"cell_type": kind, "id": cid, "metadata": {}, "source": source}
    if nbgrader is not None:
        c["metadata"]["nbgrader"] = dict(nbgrader, schema_version=3)
    if kind == "code":
        c["execution_count"] = None
        c["outputs"] = []
    return c


def answer(cid, solution):
    return cell("code", cid, solution, {"grade_id": cid, "locked": False, "solution": True, "grade": False})


def test(cid, source, points):
    return cell("code", cid, source, {"grade_id": cid, "locked": True, "solution": False, "grade": True,
                                      "points": points})


def notebook(answers):
    """The notebook with the given answer sources (keyed by problem)."""
    cells = [
        cell("markdown", "intro", "# Homework 1: numpy\nAnswer each problem in its cell.",
             {"grade_id": "intro", "locked": True, "solution": False, "grade": False}),
        cell("code", "setup", "import numpy as np\nrng = np.random.default_rng(7)\ndata = rng.normal(size=(200, 5))",
             {"grade_id": "setup", "locked": True, "solution": False, "grade": False}),
        cell("markdown", "p1", "## 1. `normalize(v)`: `v` scaled to unit length."),
        answer("normalize", answers["normalize"]),
        test("normalize_tests",
             "v = normalize(np.array([3.0, 4.0]))\nassert np.allclose(v, [0.6, 0.8])\n"
             "assert np.isclose(np.linalg.norm(normalize(np.arange(1.0, 6.0))), 1.0)", POINTS["normalize"]),
        cell("markdown", "p2", "## 2. `means`: the mean of each column of `data`."),
        answer("column_means", answers["column_means"]),
        test("column_means_tests",
             "assert means.shape == (5,)\nassert np.allclose(means, data.mean(axis=0))", POINTS["column_means"]),
        cell("markdown", "p3", "## 3. `solve(A, b)`: `x` with `A @ x == b`."),
        answer("solve", answers["solve"]),
        test("solve_tests",
             "A = np.array([[3.0, 1.0], [1.0, 2.0]])\nb = np.array([9.0, 8.0])\n"
             "assert np.allclose(solve(A, b), [2.0, 3.0])\n"
             "M = np.eye(4) * 2\nassert np.allclose(solve(M, np.ones(4)), np.full(4, 0.5))", POINTS["solve"]),
    ]
    return {"cells": cells, "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                                        "name": "python3"},
                                         "language_info": {"name": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


SOLUTION = {
    "normalize": "def normalize(v):\n    ### BEGIN SOLUTION\n    return v / np.linalg.norm(v)\n    ### END SOLUTION",
    "column_means": "### BEGIN SOLUTION\nmeans = data.mean(axis=0)\n### END SOLUTION",
    "solve": "def solve(A, b):\n    ### BEGIN SOLUTION\n    return np.linalg.solve(A, b)\n    ### END SOLUTION",
}
RIGHT = {
    "normalize": "def normalize(v):\n    return v / np.sqrt((v * v).sum())",
    "column_means": "means = np.array([data[:, j].mean() for j in range(data.shape[1])])",
    "solve": "def solve(A, b):\n    return np.linalg.inv(A) @ b",
}
WRONG = {
    "normalize": "def normalize(v):\n    return v / v.sum()",
    "column_means": "means = data.mean(axis=1)",
    "solve": "def solve(A, b):\n    return A @ b",
}
# About half a second of pure-Python work, then the right answer.
SLOW = "total = 0\nfor i in range(3_000_000):\n    total += i % 7\n" + RIGHT["column_means"]
DIES = "import os\nos._exit(1)\n" + RIGHT["normalize"]


def student(i, count):
    """(answers, points deserved) of student i (1-based)."""
    answers = dict(RIGHT)
    if i == count:
        answers["normalize"] = DIES
        return answers, None  # not graded: the notebook does not run
    k = (i - 1) % 20
    if 13 <= k < 17:
        wrong = list(POINTS)[k % 3]
        answers[wrong] = WRONG[wrong]
        return answers, sum(POINTS.values()) - POINTS[wrong]
    if k in (17, 18):
        answers["column_means"] = SLOW
    return answers, sum(POINTS.values())


def write(path, nb):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(nb, f, indent=1)
        f.write("\n")


def main():
    out = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    write(os.path.join(out, "course", "source", "hw1", "hw1.ipynb"), notebook(SOLUTION))
    expected = {}
    for i in range(1, count + 1):
        sid = "s%03d" % i
        answers, points = student(i, count)
        nb = notebook(answers)
        write(os.path.join(out, "course", "submitted", sid, "hw1", "hw1.ipynb"), nb)
        write(os.path.join(out, "submissions", sid, "hw1.ipynb"), nb)
        expected[sid] = points
    with open(os.path.join(out, "expected.json"), "w") as f:
        json.dump(expected, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
