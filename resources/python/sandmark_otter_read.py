"""Sandmark's reader of Otter-Grader test material, run beside the sandbox (never inside it) at import time.

Two jobs, both reading only — nothing of the course's is executed:
- ``cases``: an Otter Assign v1 master notebook's test cells → OK-format doctest bodies, the way
  ``otter assign`` builds them: the cell's code (after its ``# BEGIN/END TEST CONFIG`` header) is parsed and
  unparsed by Python's ``ast`` (annotations kept off, as Otter does), written as ``>>>`` / ``...`` lines, and
  the cell's saved output (streams, then ``text/plain``) follows as the expected output.
- ``ok``: OK-format test files (``OK_FORMAT = True`` and a ``test = {...}`` dict, as ``otter assign`` and
  Gofer-Grader write them) → their ``test`` dict, read with ``ast.literal_eval`` (a literal, never run).

Protocol: a JSON request on stdin, a JSON answer on stdout. Standard library only, Python >= 3.9.
"""

import ast
import json
import re
import sys


class _DropAnnotations(ast.NodeTransformer):
    """``x: int = 3`` → ``x = 3`` (doctest lines of annotated assignments confuse Otter's conversion too)."""

    def visit_AnnAssign(self, node):
        if node.value is None:
            return None
        return ast.copy_location(ast.Assign(targets=[node.target], value=node.value), node)


def _doctest_lines(code_lines):
    """Python lines → doctest lines: a statement's first line gets ``>>> ``, continuation lines ``... ``."""
    out = []
    for line in code_lines:
        if not line:
            continue
        continuation = (line[:1] in (" ", "\t")
                        or re.match(r"^except[\s\w]*:", line) is not None
                        or line.startswith(("elif ", "else:", "finally:"))
                        or (out and out[-1].rstrip().endswith("\\")))
        out.append(("... " if continuation else ">>> ") + line)
    return out


def case_body(code, output):
    tree = _DropAnnotations().visit(ast.parse(code))
    ast.fix_missing_locations(tree)
    lines = _doctest_lines(ast.unparse(tree).split("\n"))
    lines.extend(output.split("\n"))
    return "\n".join(lines)


def read_ok(text, path):
    tree = ast.parse(text, path)
    ok_format = False
    spec = None
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
            if name == "OK_FORMAT":
                ok_format = ast.literal_eval(node.value) is True
            elif name == "test":
                spec = ast.literal_eval(node.value)
    if spec is None:
        raise ValueError("no `test = {...}` dictionary (is this an OK-format test file?)")
    if not isinstance(spec, dict):
        raise ValueError("`test` is not a dictionary")
    return {"ok_format": ok_format, "test": spec}


def main():
    req = json.load(sys.stdin)
    answer = {"cases": [], "ok": []}
    for c in req.get("cases", []):
        try:
            answer["cases"].append({"body": case_body(c["code"], c.get("output", ""))})
        except SyntaxError as e:
            answer["cases"].append({"error": "line %s: %s" % (e.lineno, e.msg)})
    for f in req.get("ok", []):
        try:
            answer["ok"].append(read_ok(f["text"], f["path"]))
        except (SyntaxError, ValueError) as e:
            where = ("line %s: " % e.lineno) if isinstance(e, SyntaxError) else ""
            answer["ok"].append({"error": where + (e.msg if isinstance(e, SyntaxError) else str(e))})
    json.dump(answer, sys.stdout)


if __name__ == "__main__":
    main()
