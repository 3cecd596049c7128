"""Sandmark test process: runs the instructor's test checks in an interpreter the notebook's code never ran in.

The runner (sandmark_runner.py) starts this file as ``python -I sandmark_tests.py`` in the sandbox before the
student's kernel starts, and talks to it in JSON lines: requests on stdin, answers on the stdout it had at
start (the test's own prints go to the run's log). Per test check, at the test cell's place in the notebook:

  runner → {"op": "test", "check": ID, "code": SOURCE}
  tests  → {"op": "need", "names": [...]}          the notebook names the test reads
  runner → {"op": "values", "values": {name: encoded}}   read in the kernel at this point (docs/probe-payload.md)
  tests  → {"op": "call", "name": N, "args": [...], "kwargs": [[k, v]...]}   zero or more: the notebook's
  runner → {"op": "return", "value": encoded} | {"op": "return", "raised": {...}} | {"op": "abort", "why": W}
  tests  → {"op": "verdict", "check": ID, "ok": bool, "ename": E, "evalue": V, "result_text": T or null}

So the test's code, the expected values it holds and its verdict never enter the student's kernel, and the
builtins and modules the test uses are Python's own: the kernel only ever sends data (decoded here by
sandmark_probe.decode, which runs no code of the notebook) and runs the notebook's own functions on the data a
test passes them. The notebook's names are read at the test cell's place; names a test assigns stay in this
process for the later tests (nbgrader's test cells share their variables). Format: docs/runner-protocol.md
("Test checks").

Python >= 3.9; IPython only for its default input transformers (``%magics`` in tests).
"""

import ast
import builtins
import importlib
import importlib.util
import io
import json
import os
import re
import sys
import types

MAX_RESULT_TEXT = 200
MAX_EVALUE = 2000
MAX_OUTPUT = 65536


def _set_non_dumpable():
    """The notebook's processes run as the same user: without this they could read or trace this process."""
    try:
        import ctypes
        ctypes.CDLL(None, use_errno=True).prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE, 0
    except Exception:
        pass


def _load_probe():
    here = os.path.dirname(os.path.abspath(__file__))
    spec = importlib.util.spec_from_file_location("_sandmark_probe_codec", os.path.join(here, "sandmark_probe.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_probe = None
TransferError = None
_BUILTIN_NAMES = frozenset(dir(builtins))


class _Abort(BaseException):
    """The runner stopped the test (the notebook's function timed out, or the kernel died)."""


class _Channel:
    def __init__(self, out):
        self.out = out

    def send(self, msg):
        self.out.write(json.dumps(msg, ensure_ascii=True, allow_nan=False) + "\n")
        self.out.flush()

    def receive(self):
        line = sys.stdin.readline()
        if not line:
            raise SystemExit(0)
        return json.loads(line)


_channel = None


# ---- what a test can use: the sandmark module --------------------------------------------------------------

def strict(value, *types_):
    """``value`` if its type is exactly one of ``types_`` (by default: not a subclass the notebook defined), else
    AssertionError naming the notebook's class. Values reach a test as data, so a student class's methods never
    run here; a subclass of a built-in type arrives as a subclass of that type named like the student's class,
    with Python's own methods: strict() is how a test refuses it (``sandmark.strict(corr, float)``)."""
    t = type(value)
    student = getattr(t, "__sandmark_class__", None)
    if types_:
        if any(t is k for k in types_):
            return value
        raise AssertionError("expected exactly %s, got %s" % (" or ".join(k.__name__ for k in types_),
                                                             student or t.__qualname__))
    if student is not None:
        raise AssertionError("expected a built-in type, got the notebook's class %s" % student)
    return value


def _sandmark_module():
    m = types.ModuleType("sandmark", "What Sandmark gives test checks (docs/grading.md, 'How test checks are isolated').")
    m.strict = strict
    m.TransferError = TransferError
    return m


class NotebookFunction:
    """A function or class the notebook defined: calling it runs it in the student's kernel, with the test's
    arguments passed as data and its result returned as data."""

    def __init__(self, name, type_name):
        self.__name__ = self.__qualname__ = name
        self._type = type_name

    def __repr__(self):
        return "<the notebook's %s %s>" % (self._type, self.__name__)

    def __call__(self, *args, **kwargs):
        try:
            request = {"op": "call", "name": self.__name__,
                       "args": [_probe.encode_value(a) for a in args],
                       "kwargs": [[str(k), _probe.encode_value(v)] for k, v in kwargs.items()]}
            for enc in request["args"] + [v for _, v in request["kwargs"]]:
                _probe.decode(enc)  # refuse what the kernel could not rebuild (functions, cut values)
        except TransferError as e:
            raise TransferError("an argument of %s() cannot be passed to the notebook: it is %s"
                                % (self.__name__, e)) from None
        _channel.send(request)
        answer = _channel.receive()
        if answer.get("op") == "abort":
            raise _Abort(str(answer.get("why", "")))
        if "raised" in answer:
            raised = answer["raised"] if isinstance(answer["raised"], dict) else {}
            raise _exception(str(raised.get("ename", "Exception")), str(raised.get("evalue", "")))
        try:
            return _value(answer.get("value"), self.__name__ + "()")
        except TransferError as e:
            raise TransferError("%s() returned %s" % (self.__name__, e)) from None


def _exception(ename, evalue):
    """An exception of the notebook's function, rebuilt here: a built-in exception type by its name, else an
    Exception subclass named like the student's."""
    cls = getattr(builtins, ename, None) if ename.isidentifier() else None
    if not (isinstance(cls, type) and issubclass(cls, Exception)):
        cls = type(ename if ename.isidentifier() else "NotebookError", (Exception,), {"__module__": "__main__"})
    try:
        return cls(evalue)
    except Exception:
        return type(ename if ename.isidentifier() else "NotebookError", (Exception,), {})(evalue)


def _resolve(enc):
    """An importable module or object, from this interpreter's own imports (never the notebook's folder)."""
    if enc["t"] == "module":
        return importlib.import_module(str(enc["name"]))
    obj = importlib.import_module(str(enc["module"]))
    for part in str(enc["qualname"]).split("."):
        obj = getattr(obj, part)
    return obj


def _value(enc, name):
    """The test's view of one transferred value: data decoded, modules and importable objects imported here,
    the notebook's own functions as NotebookFunction. TransferError with the reason otherwise."""
    if isinstance(enc, dict) and enc.get("t") in ("module", "ref"):
        try:
            return _resolve(enc)
        except Exception as e:
            if enc["t"] == "module":
                raise TransferError("the module %s, which the test process cannot import (%s: %s)"
                                    % (enc.get("name"), type(e).__name__, e)) from None
            return NotebookFunction(name, "function")
    if isinstance(enc, dict) and enc.get("t") == "callable":
        return NotebookFunction(name, str(enc.get("type", "function")))
    return _probe.decode(enc)


# ---- one test --------------------------------------------------------------------------------------------

_shell = None


def _transform(source):
    """IPython syntax (magics, !shell) → Python, with IPython's default transformers (imported only for a test
    that may use it: IPython takes a second to import)."""
    if "%" not in source and "!" not in source:
        return source
    try:
        from IPython.core.inputtransformer2 import TransformerManager
    except Exception:
        return source
    return TransformerManager().transform_cell(source)


def _names(tree):
    """(read, assigned): the names the test's code reads, and the names it binds."""
    read, assigned = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (read if isinstance(node.ctx, ast.Load) else assigned).add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            assigned.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                assigned.add((alias.asname or alias.name).split(".")[0])
        elif isinstance(node, ast.ExceptHandler) and node.name:
            assigned.add(node.name)
        elif isinstance(node, ast.arg):
            assigned.add(node.arg)
    return read, assigned


class Tests:
    def __init__(self):
        self.namespace = {"__name__": "__main__", "__builtins__": builtins}
        self.made_by_tests = set()   # names a test assigned: the later tests read them from here
        self.from_notebook = set()

    def run(self, check, code):
        result = {"op": "verdict", "check": check, "ok": False, "ename": "", "evalue": "", "result_text": None}
        try:
            value = self._run(check, code)
            result["ok"] = True
            if value is not None:
                try:
                    result["result_text"] = _text(repr(value))[:MAX_RESULT_TEXT]
                except Exception:
                    result["result_text"] = None
        except _Abort as e:
            result.update(ename="Aborted", evalue=str(e)[:MAX_EVALUE], aborted=True)
        except BaseException as e:  # the test failed (AssertionError, NameError, TransferError, ...)
            try:
                result["ename"] = _text(type(e).__name__)
                result["evalue"] = _text(str(e))[:MAX_EVALUE]
            except BaseException:
                result["ename"] = result["ename"] or "Exception"
        return result

    def _run(self, check, code):
        global _shell
        filename = "<sandmark test %s>" % check
        source = _transform(code)
        tree = ast.parse(source, filename, "exec")
        if source != code and _shell is None and "get_ipython" in source:
            from IPython.core.interactiveshell import InteractiveShell
            _shell = InteractiveShell.instance(user_ns=self.namespace)  # magics read and bind the test's names
            self.namespace["get_ipython"] = _shell.get_ipython
        read, assigned = _names(tree)
        extra = set()
        if source != code:
            # Code inside a magic (`%time y = x + 1`) is a string to the parser: every identifier in the test's
            # text may be read. Those that cannot be passed are left out, not an error.
            extra = {n for n in re.findall(r"[^\W\d]\w*", code) if n.isidentifier()} - read
        wanted = sorted(n for n in read | extra if not n.startswith("__") and n not in self.made_by_tests
                        and not (n == "get_ipython" and _shell is not None))
        if wanted:
            _channel.send({"op": "need", "names": wanted})
            answer = _channel.receive()
            if answer.get("op") == "abort":
                raise _Abort(str(answer.get("why", "")))
            values = answer.get("values") if isinstance(answer.get("values"), dict) else {}
            for name in wanted:
                enc = values.get(name, {"t": "missing"})
                builtin = name in _BUILTIN_NAMES
                if isinstance(enc, dict) and enc.get("t") == "missing" or \
                        builtin and isinstance(enc, dict) and enc.get("t") in ("module", "ref", "callable"):
                    # Not defined in the notebook, or a built-in's name the notebook gave its own function: the
                    # test sees Python's built-in (or a NameError), never the notebook's replacement.
                    if name in self.from_notebook:
                        self.namespace.pop(name, None)
                        self.from_notebook.discard(name)
                    continue
                try:
                    self.namespace[name] = _value(enc, name)
                except TransferError as e:
                    if name in assigned or name in extra:
                        continue  # the test binds it itself, or it may not be a name at all
                    raise TransferError("%s cannot be passed to the test: it is %s" % (name, e)) from None
                self.from_notebook.add(name)
        self.made_by_tests |= assigned
        self.from_notebook -= assigned
        last = None
        if tree.body and isinstance(tree.body[-1], ast.Expr):
            last = ast.Expression(tree.body.pop().value)
        exec(compile(tree, filename, "exec", dont_inherit=True), self.namespace)
        if last is not None:
            return eval(compile(last, filename, "eval", dont_inherit=True), self.namespace)
        return None


def _text(s):
    """A str that encodes to UTF-8 (lone surrogates become backslash escapes)."""
    try:
        s.encode("utf-8")
        return s
    except UnicodeEncodeError:
        return s.encode("utf-8", "backslashreplace").decode("utf-8")


def main():
    global _channel, _probe, TransferError
    _set_non_dumpable()
    # The protocol keeps the stdout this process started with; the test's prints (and C-level output) go to
    # stderr, which the runner keeps in its log.
    _channel = _Channel(os.fdopen(os.dup(1), "w", encoding="utf-8"))
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    _probe = _load_probe()
    TransferError = _probe.TransferError
    sys.modules["sandmark"] = _sandmark_module()
    # The modules the kernel imports early (SANDMARK_PREIMPORT, docs/runner-protocol.md): loaded here too, so that
    # receiving the first array or DataFrame does not wait for numpy or pandas; no name is bound.
    for name in os.environ.get("SANDMARK_PREIMPORT", "").split(","):
        if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
            try:
                __import__(name)
            except Exception:
                pass
    tests = Tests()
    _channel.send({"op": "ready"})
    while True:
        request = _channel.receive()
        if request.get("op") != "test":
            continue
        check, code = str(request.get("check", "")), str(request.get("code", ""))
        captured = io.StringIO()
        sys.stdout = captured
        try:
            verdict = tests.run(check, code)
        finally:
            sys.stdout = sys.stderr
        verdict["output"] = captured.getvalue()[:MAX_OUTPUT]
        _channel.send(verdict)


if __name__ == "__main__":
    main()
