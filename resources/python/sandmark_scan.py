"""Find dataset calls in notebook code cells with Python's own parser (stdlib only, Python >= 3.9).

Input (JSON on stdin):
    {"cells": [{"cell": 3, "source": "..."}], "functions": ["localizer.get_file", "hf_hub_download"]}
Output (JSON on stdout):
    {"calls": [...], "imports": [...], "modules": [...], "problems": [...], "stub_cells": N}

"assigned" lists the names each cell binds at the notebook's top level (assignments, augmented and annotated
assignments, for/with targets, :=, imports, def and class), each {"name", "cell", "line"}, in order: a value
check without an anchor reads a name at the end of the notebook, after every cell that assigns it again.

"modules" lists the top-level modules the cells import (absolute imports only), first use first, each
{"name", "cell", "line", "stdlib", "found", "distribution"}: whether it is in the standard library of the
Python running the scan, whether that Python finds it (importlib.util.find_spec: nothing is imported), and
the distribution that installs it there (importlib.metadata), when known. Run with the environment's Python
to learn what the environment lacks.

A configured function "a.b" matches a call whose callee, after following the notebook's imports
(`import localizer as L`, `from course import localizer as L`, `from huggingface_hub import
hf_hub_download as dl`), is "a.b" or ends with ".a.b". Each call is reported as written: its source
text, cell and 1-based line within the cell, and its literal arguments; a call with any argument that is
not a literal (a variable, an f-string, an expression, *args) is reported as computed, with the reasons.
IPython magics and shell lines (`%`, `!`) are neutralised first, keeping line numbers.
"""

import ast
import json
import re
import sys

_STUB_MARKERS = ("raise NotImplementedError()", "# YOUR CODE HERE")
# Cell magics whose body is still Python.
_PYTHON_CELL_MAGICS = {"time", "timeit", "capture", "prun", "debug"}
_ASSIGN_SHELL = re.compile(r"^(\s*)([\w.,\s]+?)\s*=\s*[!%]")


def neutralise(source):
    """Return Python source with IPython-only lines replaced, or None when the cell is not Python."""
    lines = source.splitlines()
    out = []
    for i, line in enumerate(lines):
        stripped = line.lstrip()
        indent = line[: len(line) - len(stripped)]
        if i == 0 and stripped.startswith("%%"):
            name = stripped[2:].split(None, 1)[0] if stripped[2:].strip() else ""
            if name not in _PYTHON_CELL_MAGICS:
                return None
            out.append(indent + "pass")
            continue
        if stripped.startswith(("%", "!")):
            out.append(indent + "pass")
            continue
        m = _ASSIGN_SHELL.match(line)
        if m:
            out.append(m.group(1) + m.group(2) + " = None")
            continue
        if stripped.endswith("?") and not stripped.startswith("#"):
            out.append(indent + "pass")  # `obj?` help
            continue
        out.append(line)
    return "\n".join(out)


def dotted(node):
    """'a.b.c' for Name/Attribute chains, else None."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


def collect_aliases(trees):
    aliases = {}
    imports = []
    for cell, source, tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    if a.asname:
                        aliases[a.asname] = a.name
                    else:
                        top = a.name.split(".")[0]
                        aliases.setdefault(top, top)
            elif isinstance(node, ast.ImportFrom):
                mod = ("." * node.level) + (node.module or "")
                for a in node.names:
                    if a.name == "*":
                        continue
                    aliases[a.asname or a.name] = (mod + "." + a.name) if mod else a.name
            else:
                continue
            imports.append({"cell": cell, "line": node.lineno,
                            "source": ast.get_source_segment(source, node) or ""})
    return aliases, imports


def qualify(name, aliases):
    head, _, rest = name.partition(".")
    if head in aliases:
        head = aliases[head]
    return head + ("." + rest if rest else "")


def matches(qualified, raw, wanted):
    for w in wanted:
        if qualified == w or qualified.endswith("." + w) or raw == w:
            return w
    return None


def describe(node):
    if isinstance(node, ast.JoinedStr):
        return "an f-string"
    if isinstance(node, ast.Name):
        return "the variable '%s'" % node.id
    if isinstance(node, ast.Starred):
        return "*-unpacking"
    if isinstance(node, ast.Call):
        return "a call"
    return "an expression"


def literal(node):
    """(True, value) for a literal the scan can record, else (False, reason)."""
    try:
        value = ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False, describe(node)
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return False, "a literal that is not JSON (%s)" % type(value).__name__
    return True, value


# Well-known modules whose pip package has another name, for modules the scanning Python lacks (an installed one
# is named by importlib.metadata).
_PIP_NAMES = {"sklearn": "scikit-learn", "skimage": "scikit-image", "PIL": "Pillow", "cv2": "opencv-python",
              "yaml": "PyYAML", "bs4": "beautifulsoup4", "dateutil": "python-dateutil"}


def _stdlib_names():
    names = getattr(sys, "stdlib_module_names", None)  # Python >= 3.10
    return set(names) | set(sys.builtin_module_names) if names else set(sys.builtin_module_names)


def classify_modules(trees):
    """The top-level modules imported by the cells (absolute imports), in order of first use."""
    import importlib.util
    try:
        import importlib.metadata as metadata
        distributions = metadata.packages_distributions()
    except Exception:  # Python < 3.10, or broken metadata: the distribution stays unknown
        distributions = {}
    stdlib = _stdlib_names()
    seen = {}
    for cell, _source, tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [(a.name, node.lineno) for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [(node.module, node.lineno)]
            else:
                continue
            for dotted_name, line in names:
                top = dotted_name.split(".")[0]
                if top in seen or not top:
                    continue
                try:
                    found = importlib.util.find_spec(top) is not None
                except (ImportError, ValueError):
                    found = False
                dist = distributions.get(top) or []
                seen[top] = {"name": top, "cell": cell, "line": line, "stdlib": top in stdlib or top == "__future__",
                             "found": found, "distribution": dist[0] if dist else _PIP_NAMES.get(top)}
    return sorted(seen.values(), key=lambda m: (m["cell"], m["line"]))


class _Bindings(ast.NodeVisitor):
    """Names bound in the notebook's global namespace; function, class, lambda and comprehension bodies are
    their own scopes and are not entered (a def or class binds its own name)."""

    def __init__(self, cell):
        self.cell = cell
        self.found = []

    def _target(self, node):
        if isinstance(node, ast.Name):
            self.found.append({"name": node.id, "cell": self.cell, "line": node.lineno})
        elif isinstance(node, (ast.Tuple, ast.List)):
            for elt in node.elts:
                self._target(elt)
        elif isinstance(node, ast.Starred):
            self._target(node.value)

    def visit_Assign(self, node):
        for t in node.targets:
            self._target(t)
        self.generic_visit(node)

    def visit_AugAssign(self, node):
        self._target(node.target)
        self.generic_visit(node)

    def visit_AnnAssign(self, node):
        if node.value is not None:
            self._target(node.target)
        self.generic_visit(node)

    def visit_For(self, node):
        self._target(node.target)
        self.generic_visit(node)

    visit_AsyncFor = visit_For

    def visit_withitem(self, node):
        if node.optional_vars is not None:
            self._target(node.optional_vars)
        self.generic_visit(node)

    def visit_NamedExpr(self, node):
        self._target(node.target)
        self.generic_visit(node)

    def _import(self, node):
        for a in node.names:
            if a.name != "*":
                name = a.asname or a.name.split(".")[0]
                self.found.append({"name": name, "cell": self.cell, "line": node.lineno})

    visit_Import = _import
    visit_ImportFrom = _import

    def _scope(self, node):
        self.found.append({"name": node.name, "cell": self.cell, "line": node.lineno})
        for d in node.decorator_list:
            self.visit(d)

    visit_FunctionDef = _scope
    visit_AsyncFunctionDef = _scope
    visit_ClassDef = _scope

    def visit_Lambda(self, node):
        pass

    def _comprehension(self, node):
        pass  # its targets are its own (only := would leak, rarely)

    visit_ListComp = visit_SetComp = visit_DictComp = visit_GeneratorExp = _comprehension


def assigned_names(trees):
    out = []
    for cell, _source, tree in trees:
        b = _Bindings(cell)
        b.visit(tree)
        out.extend(b.found)
    return out


def scan(cells, functions):
    trees = []
    problems = []
    stub_cells = 0
    for c in cells:
        source = c.get("source", "")
        if any(m in source for m in _STUB_MARKERS):
            stub_cells += 1
        text = neutralise(source)
        if text is None:
            continue
        try:
            tree = ast.parse(text)
        except SyntaxError as e:
            problems.append({"cell": c["cell"], "line": e.lineno or 0,
                             "message": "does not parse as Python: %s" % e.msg})
            continue
        trees.append((c["cell"], text, tree))

    aliases, imports = collect_aliases(trees)
    calls = []
    for cell, source, tree in trees:
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            raw = dotted(node.func)
            if raw is None:
                continue
            q = qualify(raw, aliases)
            wanted = matches(q, raw, functions)
            if wanted is None:
                continue
            args, kwargs, computed = [], {}, []
            for i, a in enumerate(node.args):
                ok, v = literal(a)
                if ok:
                    args.append(v)
                else:
                    args.append(None)
                    computed.append("argument %d is %s" % (i + 1, v))
            for kw in node.keywords:
                if kw.arg is None:
                    computed.append("**-unpacking")
                    continue
                ok, v = literal(kw.value)
                if ok:
                    kwargs[kw.arg] = v
                else:
                    kwargs[kw.arg] = None
                    computed.append("keyword '%s' is %s" % (kw.arg, v))
            calls.append({
                "cell": cell, "line": node.lineno, "end_line": getattr(node, "end_lineno", node.lineno),
                "function": q, "matched": wanted, "callee": raw,
                "source": ast.get_source_segment(source, node) or "",
                "args": args, "kwargs": kwargs, "computed": computed,
            })
    calls.sort(key=lambda x: (x["cell"], x["line"]))
    return {"calls": calls, "imports": imports, "modules": classify_modules(trees), "assigned": assigned_names(trees),
            "problems": problems, "stub_cells": stub_cells}


def main():
    request = json.load(sys.stdin)
    result = scan(request.get("cells", []), request.get("functions", []))
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
