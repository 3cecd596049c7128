"""Sandmark test runtime: runs one instructor test check inside the student's kernel.

An injected test cell is a small stub (src/core/notebook/instrument.cpp) that loads this file from
its path under a fresh module name, as probe cells load sandmark_probe.py, and calls run() with the
test's code base64-encoded. The code is decoded and compiled here, with a TransformerManager of
IPython's own defaults (so ``%magics`` in tests still work), never through the shell's
``input_transformers_cleanup`` / ``input_transformers_post`` / ``ast_transformers`` lists: input or
AST transformers the student's code registered cannot rewrite the test.

What such a transformer can still do is rewrite the stub itself (into ``pass``, say). So the verdict
is not the cell's status: run() displays exactly one result (MIME
``application/vnd.sandmark.test+json``) signed with HMAC-SHA256 keyed by the run's nonce, and the
runner accepts a test as passed or failed only from a correctly signed result for that check. A stub
that was rewritten produces no signed result and the check is not graded (needs review), never
passed. Format: docs/runner-protocol.md ("Test cells").

Python >= 3.9, standard library only (IPython is imported only for the default transformers and
display, both present in every kernel).
"""

import sys as _sys
import ast as _ast
import base64 as _base64
import hashlib as _hashlib
import hmac as _hmac

RESULT_MIME = "application/vnd.sandmark.test+json"
FORMAT = "sandmark-test/1"
MAX_RESULT_TEXT = 200
MAX_EVALUE = 2000

_str = "".__class__
_dict = {}.__class__
_list = [].__class__
_builtin_function = [].append.__class__  # builtin_function_or_method, from a literal the notebook cannot replace
_HEAPTYPE = 1 << 9  # Py_TPFLAGS_HEAPTYPE: set on every class defined in Python, never on a built-in type

# Built-ins a test may call, as C functions and C types in every CPython >= 3.9. A notebook that replaces one
# of them in the builtins module (``builtins.abs = lambda x: 0``) would rewrite every test's arithmetic. Left
# out: ``input`` and ``open`` (ipykernel and IPython replace them), ``print`` and ``help`` (often wrapped).
_BUILTIN_FUNCTIONS = ("abs", "all", "any", "ascii", "bin", "callable", "chr", "divmod", "format", "getattr",
                      "hasattr", "hash", "hex", "id", "isinstance", "issubclass", "iter", "len", "max", "min",
                      "next", "oct", "ord", "pow", "repr", "round", "setattr", "sorted", "sum", "vars")
_BUILTIN_TYPES = ("bool", "bytearray", "bytes", "complex", "dict", "enumerate", "filter", "float", "frozenset",
                  "int", "list", "map", "object", "range", "reversed", "set", "slice", "str", "super", "tuple",
                  "type", "zip")
_repr = repr
_compile = compile
_exec = exec
_eval = eval


def _safe_text(s):
    """A str that encodes to UTF-8 (lone surrogates become backslash escapes)."""
    try:
        s.encode("utf-8")
        return s
    except UnicodeEncodeError:
        return s.encode("utf-8", "backslashreplace").decode("utf-8")


def signed_text(result):
    """The text the signature covers: the fields in a fixed order, joined by U+001F."""
    fields = [result["format"], result["check"], "1" if result["ok"] is True else "0",
              result["ename"], result["evalue"],
              "" if result["result_text"] is None else "\x1e" + result["result_text"]]
    return "\x1f".join(fields)


def sign(result, nonce):
    return _hmac.new(nonce.encode("ascii"), signed_text(result).encode("utf-8"), _hashlib.sha256).hexdigest()


def _transform(source):
    """IPython syntax (magics, !shell) → Python, with a fresh TransformerManager of the defaults."""
    try:
        from IPython.core.inputtransformer2 import TransformerManager
    except Exception:
        return source
    return TransformerManager().transform_cell(source)


def _execute(source, namespace, filename):
    """exec the test's code in ``namespace``; returns the value of a final expression (or None)."""
    tree = _ast.parse(_transform(source), filename, "exec")
    last = None
    if tree.body and isinstance(tree.body[-1], _ast.Expr):
        last = _ast.Expression(tree.body.pop().value)
    _exec(_compile(tree, filename, "exec", dont_inherit=True), namespace)
    if last is not None:
        return _eval(_compile(last, filename, "eval", dont_inherit=True), namespace)
    return None


def replaced_builtins(namespace):
    """Names of the built-ins (``_BUILTIN_FUNCTIONS``, ``_BUILTIN_TYPES``) that the namespace's
    ``__builtins__`` no longer holds as the C originals: a Python function or class can be given any
    ``__name__``, but not the type of a C function, nor a class without the heap-type flag. Names the
    notebook merely shadows in its own globals (``sum = 0``) are not reported: tests see them as nbgrader's
    do, and a test may be about the student's own ``sum``."""
    b = namespace.get("__builtins__") if namespace.__class__ is _dict else None
    d = b if b.__class__ is _dict else getattr(b, "__dict__", None)
    if d.__class__ is not _dict:
        return ["__builtins__"]
    bad = []
    for name in _BUILTIN_FUNCTIONS:
        v = d.get(name)
        if v.__class__ is not _builtin_function or getattr(v, "__name__", None) != name:
            bad.append(name)
    for name in _BUILTIN_TYPES:
        v = d.get(name)
        flags = getattr(v, "__flags__", None)
        if flags.__class__ is not (0).__class__ or flags & _HEAPTYPE or getattr(v, "__name__", None) != name:
            bad.append(name)
    return bad


def _display(data):
    from IPython.display import display
    display({RESULT_MIME: data}, raw=True)


def run(namespace, check, code_b64, nonce):
    """Run test ``check`` (its source is ``code_b64``, base64 of UTF-8) in ``namespace``.

    Displays the signed result, then re-raises the test's exception (so the cell fails as the
    test cell itself would); returns None.
    """
    check = _safe_text(_str(check))
    # Built-ins replaced in the builtins module: the test's verdict would be the notebook's. No signed
    # result is shown, so the runner records the check as unverified (needs review), never passed.
    replaced = replaced_builtins(namespace)
    if replaced:
        raise RuntimeError("Sandmark: the notebook replaced built-in %s; test %r was not run"
                           % (", ".join("builtins." + n for n in replaced), check))
    result = {"format": FORMAT, "check": check, "ok": False, "ename": "", "evalue": "", "result_text": None}
    error = None
    try:
        source = _base64.b64decode(code_b64, validate=True).decode("utf-8")
        value = _execute(source, namespace, "<sandmark test %s>" % check)
        result["ok"] = True
        if value is not None:
            try:
                text = _repr(value)
                result["result_text"] = _safe_text(_str(text))[:MAX_RESULT_TEXT]
            except BaseException:
                result["result_text"] = None
    except BaseException as e:  # the test failed (AssertionError, NameError, KeyboardInterrupt, ...)
        error = e
        try:
            result["ename"] = _safe_text(type(e).__name__)
            result["evalue"] = _safe_text(_str(e))[:MAX_EVALUE]
        except BaseException:
            result["ename"] = result["ename"] or "Exception"
            result["evalue"] = ""
    out = dict(result)
    out["sig"] = sign(result, nonce)
    _display(out)
    if error is not None:
        tb = error.__traceback__
        # Drop this module's frames from the traceback the student sees.
        while tb is not None and tb.tb_frame.f_code.co_filename == __file__:
            tb = tb.tb_next
        raise error.with_traceback(tb)
