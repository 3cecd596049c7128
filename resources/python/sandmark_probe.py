"""Sandmark probe runtime: encodes checked variables inside the student's kernel.

Loaded by an injected probe cell from its file path under a fresh module name, so
every probe gets its own copy of this module, independent of anything the student's
code did to ``sys.modules``. Python >= 3.9, standard library only; numpy and pandas
are used only when the student already imported them (looked up in ``sys.modules``,
never imported here).

The encoding is a tagged JSON format chosen by the *exact* type of a value (never
by its own ``__eq__``/``__repr__``/``__json__``); it is specified in
``docs/probe-payload.md``. The module never calls the ``json`` module: it carries its
own small serializer (used to measure sizes and to order set elements), so a
student's monkeypatch of ``json`` cannot change what the probe reports.
"""

import sys as _sys
import base64 as _base64

# Own references, taken when this file is loaded (fresh for every probe).
# Core types from literals, not from (patchable) builtins.
_int = (0).__class__
_float = (0.0).__class__
_complex = (0j).__class__
_str = "".__class__
_bytes = b"".__class__
_bytearray = bytearray
_list = [].__class__
_tuple = ().__class__
_dict = {}.__class__
_set = {0}.__class__
_frozenset = frozenset
_bool = (True).__class__
_type = _int.__class__
_ModuleType = _sys.__class__
_subclasscheck = _type.__subclasscheck__
_len = len
_isinstance = isinstance


def _issubclass(t, cls):
    return _subclasscheck(cls, t)


_repr = repr
_sorted = sorted
_range = range
_b64encode = _base64.b64encode
_int_repr = _int.__repr__
_int_int = _int.__int__
_bytes_getitem = _bytes.__getitem__
_bytearray_getitem = _bytearray.__getitem__
_int_format = int.__format__
_float_repr = float.__repr__
_str_str = str.__str__
_str_encode = str.encode
_bytes_decode = bytes.decode
_list_iter = list.__iter__
_list_len = list.__len__
_tuple_iter = tuple.__iter__
_tuple_len = tuple.__len__
_dict_items = dict.items
_dict_len = dict.__len__
_set_iter = set.__iter__
_set_len = set.__len__
_fset_iter = frozenset.__iter__
_fset_len = frozenset.__len__
_complex_real = complex.real.__get__
_complex_imag = complex.imag.__get__
_type_qualname = type.__dict__["__qualname__"].__get__
_dict_keys = dict.keys
_str_startswith = str.startswith
_FunctionType = (lambda: 0).__class__
_BuiltinFunctionType = _len.__class__
_MethodDescriptorType = _str.join.__class__
_type_module = type.__dict__["__module__"].__get__

PROBE_MIME = "application/vnd.sandmark.probe+json"
FORMAT = "sandmark-probe/1"

# Caps (documented in docs/probe-payload.md).
MAX_DEPTH = 32            # nesting levels; deeper values become {"t": "depth-limit"}
MAX_NODES = 1_000_000     # encoded nodes per variable; containers beyond it are truncated
MAX_STR = 1_000_000       # characters kept of a str
MAX_BYTES = 1_000_000     # bytes kept of a bytes/bytearray
MAX_REPR = 2_000          # characters kept of a fallback repr()
MAX_INT_BITS = 13_000     # ints up to this size are written in decimal, larger ones in hex
MAX_ARRAY = 1_000_000     # elements kept of a numpy array / pandas column
MAX_COLUMNS = 1_000       # columns kept of a DataFrame

# The reference run's namespace listing (emit(..., namespace_bytes=...)).
NAMESPACE_VALUE_BYTES = 262_144   # one listed value; a larger one is listed as too large
NAMESPACE_MAX_NAMES = 5_000       # names listed; the rest are counted in "namespace_omitted"
NAMESPACE_HIDDEN = ("In", "Out", "get_ipython", "exit", "quit")


class _Budget:
    __slots__ = ("nodes",)

    def __init__(self, nodes=MAX_NODES):
        self.nodes = nodes


_MethodType = _Budget().__init__.__class__
_WrapperType = _Budget().__str__.__class__


def _type_name(cls):
    """'module.QualName' of a class, read through type's own descriptors."""
    try:
        mod = _type_module(cls)
        qual = _type_qualname(cls)
        if _type(mod) is not _str:
            mod = "?"
        if _type(qual) is not _str:
            qual = "?"
        name = qual if mod == "builtins" else mod + "." + qual
        return _safe_text(name)[:200]
    except BaseException:
        return "?"


def _has_surrogates(s):
    try:
        _str_encode(s, "utf-8")
        return False
    except UnicodeEncodeError:
        return True


def _safe_text(s):
    """A str that encodes to UTF-8 (lone surrogates become backslash escapes)."""
    if _has_surrogates(s):
        return _bytes_decode(_str_encode(s, "utf-8", "backslashreplace"), "utf-8")
    return s


def _guarded_repr(x, limit=MAX_REPR):
    """repr(x), truncated; never raises. Returns (text, full_length, error)."""
    try:
        r = _repr(x)
        if _type(r) is not _str:
            r = _str_str(r)
    except BaseException as e:  # a student's __repr__ may raise anything
        try:
            ename = _type_name(_type(e))
        except BaseException:
            ename = "?"
        return None, 0, ename
    n = _len(r)
    return _safe_text(r[:limit]), n, None


def _enc_int(x):
    if -(1 << MAX_INT_BITS) < x < (1 << MAX_INT_BITS):
        return {"t": "int", "v": _int_repr(x)}
    return {"t": "int", "hex": _int_format(x, "x")}


def _enc_float(x):
    return {"t": "float", "v": _float_repr(x)}


def _enc_complex(x):
    return {"t": "complex", "re": _float_repr(_complex_real(x)), "im": _float_repr(_complex_imag(x))}


def _enc_str(x):
    n = _len(x)
    s = x[:MAX_STR] if n > MAX_STR else x
    if _has_surrogates(s):
        out = {"t": "str", "u16": _bytes_decode(_b64encode(_str_encode(s, "utf-16-le", "surrogatepass")), "ascii")}
    else:
        out = {"t": "str", "v": s}
    if n > MAX_STR:
        out["len"] = n
        out["truncated"] = True
    return out


def _enc_bytes(x, tag):
    n = _len(x)
    b = _bytes(x[:MAX_BYTES]) if n > MAX_BYTES else _bytes(x)
    out = {"t": tag, "b64": _bytes_decode(_b64encode(b), "ascii")}
    if n > MAX_BYTES:
        out["len"] = n
        out["truncated"] = True
    return out


def _enc_seq(it, n, tag, depth, budget):
    items = []
    truncated = False
    for v in it:
        if budget.nodes <= 0:
            truncated = True
            break
        items.append(_enc(v, depth + 1, budget))
    out = {"t": tag, "items": items}
    if truncated:
        out["len"] = n
        out["truncated"] = True
    return out


def _enc_set(it, n, tag, depth, budget):
    out = _enc_seq(it, n, tag, depth, budget)
    # Deterministic order: by the compact JSON text of each encoded element.
    keyed = [(_dumps(v), v) for v in out["items"]]
    keyed.sort(key=lambda kv: kv[0])
    out["items"] = [v for _, v in keyed]
    return out


def _enc_dict(x, depth, budget):
    items = []
    truncated = False
    for k, v in _dict_items(x):
        if budget.nodes <= 0:
            truncated = True
            break
        items.append([_enc(k, depth + 1, budget), _enc(v, depth + 1, budget)])
    out = {"t": "dict", "items": items}
    if truncated:
        out["len"] = _dict_len(x)
        out["truncated"] = True
    return out


def _enc_other(x):
    text, n, err = _guarded_repr(x)
    out = {"t": "other", "type": _type_name(_type(x))}
    if err is not None:
        out["repr_error"] = err
    else:
        out["repr"] = text
        if n > MAX_REPR:
            out["len"] = n
            out["truncated"] = True
    return out


# ---- numpy / pandas (only when already imported by the student) -------------

def _np():
    m = _sys.modules.get("numpy")
    return m if _isinstance(m, _ModuleType) else None


def _pd():
    m = _sys.modules.get("pandas")
    return m if _isinstance(m, _ModuleType) else None


def _flat_values(arr, depth, budget):
    """Encode a 1-d view of an ndarray: (encoding, values, truncated)."""
    n = int(arr.size)
    flat = arr.reshape(-1)
    truncated = n > MAX_ARRAY
    if truncated:
        flat = flat[:MAX_ARRAY]
    kind = arr.dtype.kind
    vals = flat.tolist()
    budget.nodes -= _len(vals)
    if kind == "b":
        return "bool", [True if v else False for v in vals], truncated
    if kind in "iu":
        return "int", [_int_repr(v) for v in vals], truncated
    if kind == "f":
        if arr.dtype.itemsize > 8:  # longdouble: tolist() keeps numpy scalars
            return "float", [_guarded_repr(v, 100)[0] or "nan" for v in vals], truncated
        return "float", [_float_repr(v) for v in vals], truncated
    if kind == "c":
        if arr.dtype.itemsize > 16:
            return "tagged", [_enc_other(v) for v in vals], truncated
        return "complex", [[_float_repr(v.real), _float_repr(v.imag)] for v in vals], truncated
    return "tagged", [_enc(v, depth + 1, budget) for v in vals], truncated


def _enc_ndarray(x, depth, budget):
    enc, vals, truncated = _flat_values(x, depth, budget)
    out = {"t": "ndarray", "dtype": _str(x.dtype), "shape": [_int(d) for d in x.shape],
           "enc": enc, "values": vals}
    if truncated:
        out["truncated"] = True
    return out


def _enc_np_scalar(x, depth, budget):
    dtype = _str(x.dtype)
    try:
        v = x.item()
    except BaseException:
        v = x
    out = {"t": "np-scalar", "dtype": dtype}
    vt = _type(v)
    if vt in (_bool, _int, _float, _complex, _str, _bytes) or v is None:
        out["v"] = _enc(v, depth + 1, budget)
    else:  # longdouble, datetime64 etc.: keep the text form
        text, _, _ = _guarded_repr(x, 200)
        out["v"] = {"t": "other", "type": _type_name(vt), "repr": text or "?"}
    return out


def _enc_index(idx, pd, depth, budget):
    t = _type(idx)
    out = {"t": "pd-index", "type": _type_name(t), "dtype": _str(idx.dtype),
           "name": _enc(idx.name, depth + 1, budget)}
    if t is pd.RangeIndex:
        out["range"] = [_int(idx.start), _int(idx.stop), _int(idx.step)]
        return out
    out["values"] = _enc_ndarray(idx.to_numpy(), depth + 1, budget)
    return out


def _enc_series(x, pd, depth, budget):
    return {"t": "series", "dtype": _str(x.dtype), "name": _enc(x.name, depth + 1, budget),
            "index": _enc_index(x.index, pd, depth + 1, budget),
            "values": _enc_ndarray(x.to_numpy(), depth + 1, budget)}


def _enc_dataframe(x, pd, depth, budget):
    ncols = _int(x.shape[1])
    keep = min(ncols, MAX_COLUMNS)
    data = []
    dtypes = []
    for j in _range(keep):
        col = x.iloc[:, j]
        dtypes.append(_str(col.dtype))
        data.append(_enc_ndarray(col.to_numpy(), depth + 1, budget))
    out = {"t": "dataframe", "shape": [_int(x.shape[0]), ncols], "dtypes": dtypes,
           "index": _enc_index(x.index, pd, depth + 1, budget),
           "columns": _enc_index(x.columns, pd, depth + 1, budget), "data": data}
    if keep < ncols:
        out["truncated"] = True
    return out


def _enc_scientific(x, t, depth, budget):
    """numpy/pandas values, or None when x is neither."""
    np = _np()
    if np is not None:
        try:
            nd, gen = np.ndarray, np.generic
        except BaseException:
            nd = gen = None
        if nd is not None and _issubclass(t, nd):
            out = _enc_ndarray(x if t is nd else nd.view(x, nd), depth, budget)
            if t is not nd:
                out["class"] = _type_name(t)
            return out
        if gen is not None and _issubclass(t, gen):
            return _enc_np_scalar(x, depth, budget)
    pd = _pd()
    if pd is not None:
        try:
            series, frame, index = pd.Series, pd.DataFrame, pd.Index
        except BaseException:
            return None
        for cls, fn in ((series, _enc_series), (frame, _enc_dataframe)):
            if _issubclass(t, cls):
                out = fn(x, pd, depth, budget)
                if t is not cls:
                    out["class"] = _type_name(t)
                return out
        if _issubclass(t, index):
            return _enc_index(x, pd, depth, budget)
    return None


# ---- dispatch -----------------------------------------------------------------

def _enc(x, depth, budget):
    budget.nodes -= 1
    t = _type(x)
    if x is None:
        return {"t": "none"}
    if t is _bool:
        return {"t": "bool", "v": True if x is True else False}
    if t is _int:
        return _enc_int(x)
    if t is _float:
        return _enc_float(x)
    if t is _str:
        return _enc_str(x)
    if depth >= MAX_DEPTH and t in (_list, _tuple, _dict, _set, _frozenset):
        return {"t": "depth-limit", "type": _type_name(t)}
    if t is _list:
        return _enc_seq(_list_iter(x), _list_len(x), "list", depth, budget)
    if t is _tuple:
        return _enc_seq(_tuple_iter(x), _tuple_len(x), "tuple", depth, budget)
    if t is _dict:
        return _enc_dict(x, depth, budget)
    if t is _complex:
        return _enc_complex(x)
    if t is _bytes:
        return _enc_bytes(x, "bytes")
    if t is _set:
        return _enc_set(_set_iter(x), _set_len(x), "set", depth, budget)
    if t is _frozenset:
        return _enc_set(_fset_iter(x), _fset_len(x), "frozenset", depth, budget)
    if t is _bytearray:
        return _enc_bytes(x, "bytearray")
    if depth >= MAX_DEPTH:
        return {"t": "depth-limit", "type": _type_name(t)}
    out = _enc_scientific(x, t, depth, budget)
    if out is not None:
        return out
    # Subclasses of builtin types: the base type's own methods read the value;
    # "class" names the exact type so the comparator can refuse it.
    out = None
    if _issubclass(t, _int):
        out = _enc_int(_int_int(x))
    elif _issubclass(t, _float):
        out = _enc_float(x)
    elif _issubclass(t, _str):
        out = _enc_str(_str_str(x))
    elif _issubclass(t, _complex):
        out = _enc_complex(x)
    elif _issubclass(t, _list):
        out = _enc_seq(_list_iter(x), _list_len(x), "list", depth, budget)
    elif _issubclass(t, _tuple):
        out = _enc_seq(_tuple_iter(x), _tuple_len(x), "tuple", depth, budget)
    elif _issubclass(t, _dict):
        out = _enc_dict(x, depth, budget)
    elif _issubclass(t, _frozenset):
        out = _enc_set(_fset_iter(x), _fset_len(x), "frozenset", depth, budget)
    elif _issubclass(t, _set):
        out = _enc_set(_set_iter(x), _set_len(x), "set", depth, budget)
    elif _issubclass(t, _bytes):
        out = _enc_bytes(_bytes_getitem(x, slice(None)), "bytes")
    elif _issubclass(t, _bytearray):
        out = _enc_bytes(_bytearray_getitem(x, slice(None)), "bytearray")
    if out is not None:
        out["class"] = _type_name(t)
        return out
    return _enc_other(x)


# ---- own compact JSON serializer (sizes and set order only) -------------------

_ESCAPES = {i: "\\u%04x" % i for i in _range(0x20)}
_ESCAPES.update({ord('"'): '\\"', ord("\\"): "\\\\", ord("\n"): "\\n", ord("\r"): "\\r",
                 ord("\t"): "\\t"})


def _dump_into(v, parts):
    t = _type(v)
    if t is _str:
        parts.append('"')
        parts.append(v.translate(_ESCAPES))
        parts.append('"')
    elif t is _dict:
        parts.append("{")
        first = True
        for k, item in _dict_items(v):
            if not first:
                parts.append(",")
            first = False
            _dump_into(k, parts)
            parts.append(":")
            _dump_into(item, parts)
        parts.append("}")
    elif t is _list:
        parts.append("[")
        first = True
        for item in v:
            if not first:
                parts.append(",")
            first = False
            _dump_into(item, parts)
        parts.append("]")
    elif v is True:
        parts.append("true")
    elif v is False:
        parts.append("false")
    elif v is None:
        parts.append("null")
    elif t is _int:
        parts.append(_int_repr(v))
    else:
        raise TypeError("probe encoder produced a %s" % _type_name(t))


def _dumps(v):
    parts = []
    _dump_into(v, parts)
    return "".join(parts)


def _size(v):
    """Compact JSON size of an encoded value in UTF-8 bytes."""
    return _len(_str_encode(_dumps(v), "utf-8", "surrogatepass"))


# ---- public API -------------------------------------------------------------------

def encode_value(x):
    """Encode one value (no size cap). Raises only on a probe bug."""
    return _enc(x, 0, _Budget())


def encode_values(namespace, names, max_bytes):
    """Encode each name of ``namespace`` independently.

    Returns ``{name: encoded}``. A missing name gives ``{"t": "missing"}``; a value
    whose encoding fails gives ``{"t": "error", ...}``. When the compact JSON of all
    values exceeds ``max_bytes`` (bytes), the largest values are replaced by
    ``{"t": "too-large", "bytes": n}`` until the rest fits.
    """
    values = {}
    sizes = {}
    for name in names:
        name = _str_str(name)
        try:
            if name not in namespace:
                enc = {"t": "missing"}
            else:
                x = namespace[name]
                enc = _enc(x, 0, _Budget())
            size = _size(enc)
        except BaseException as e:  # never let one value stop the others
            try:
                tn = _type_name(_type(namespace.get(name)))
            except BaseException:
                tn = "?"
            text, _, _ = _guarded_repr(e, 300)
            enc = {"t": "error", "type": tn, "error": _type_name(_type(e)) + ": " + (text or "?")}
            size = _size(enc)
        if size > max_bytes:
            enc = {"t": "too-large", "bytes": size, "type": enc.get("class") or _enc_type_of(enc)}
            size = _size(enc)
        values[name] = enc
        sizes[name] = size
    total = 2
    for name in sizes:
        total += sizes[name] + _len(_str_encode(name, "utf-8", "surrogatepass")) + 4
    if total > max_bytes:
        for name in _sorted(sizes, key=lambda k: -sizes[k]):
            if total <= max_bytes:
                break
            enc = values[name]
            if enc.get("t") in ("too-large", "missing", "error"):
                continue
            repl = {"t": "too-large", "bytes": sizes[name], "type": enc.get("class") or _enc_type_of(enc)}
            total += _size(repl) - sizes[name]
            values[name] = repl
            sizes[name] = _size(repl)
    return values


def _enc_type_of(enc):
    return enc.get("type") or enc.get("t") or "?"


def _listed(name, value):
    """True for a user variable of the namespace listing: not private, not IPython's, not code."""
    if _type(name) is not _str or _str_startswith(name, "_") or name in NAMESPACE_HIDDEN:
        return False
    t = _type(value)
    if t in (_FunctionType, _BuiltinFunctionType, _MethodType, _WrapperType, _MethodDescriptorType):
        return False
    return not (_issubclass(t, _ModuleType) or _issubclass(t, _type))


def encode_namespace(namespace, value_bytes, total_bytes):
    """The user variables of ``namespace`` as ``([[name, encoded], ...], omitted)``, in namespace order.

    Listed: names not starting with ``_``, except modules, functions, classes and IPython's In, Out,
    get_ipython, exit, quit. A value whose compact JSON exceeds ``value_bytes`` (or whose encoding would
    need more than ``value_bytes // 4`` nodes) is listed as ``{"t": "too-large", "type": ..., "bytes": n}``
    (``bytes`` absent when the encoding was cut short); when all exceed ``total_bytes``, the largest are
    replaced the same way until the rest fits. ``omitted`` counts names beyond NAMESPACE_MAX_NAMES.
    """
    entries = []
    omitted = 0
    for name in _list(_dict_keys(namespace)):
        try:
            value = namespace[name]
            if not _listed(name, value):
                continue
        except BaseException:
            continue
        if _len(entries) >= NAMESPACE_MAX_NAMES:
            omitted += 1
            continue
        tn = _type_name(_type(value))
        try:
            budget = _Budget(value_bytes // 4)
            enc = _enc(value, 0, budget)
            size = _size(enc) if budget.nodes > 0 else None
        except BaseException as e:
            text, _, _ = _guarded_repr(e, 300)
            enc = {"t": "error", "type": tn, "error": _type_name(_type(e)) + ": " + (text or "?")}
            size = _size(enc)
        if size is None or size > value_bytes:
            enc = {"t": "too-large", "type": tn}
            if size is not None:
                enc["bytes"] = size
            size = _size(enc)
        entries.append([name, enc, size, tn])
    total = 2 + _sum_sizes(entries)
    if total > total_bytes:
        for entry in _sorted(entries, key=lambda e: -e[2]):
            if total <= total_bytes:
                break
            if entry[1].get("t") in ("too-large", "error"):
                continue
            repl = {"t": "too-large", "type": entry[3], "bytes": entry[2]}
            total += _size(repl) - entry[2]
            entry[1] = repl
            entry[2] = _size(repl)
    return [[e[0], e[1]] for e in entries], omitted


def encode_captured(namespace, skip, max_bytes):
    """Every other top-level name of ``namespace`` within ``max_bytes``, for regrades without a run.

    Returns ``({name: encoded}, [dropped names])``. Considered: every name not in ``skip`` (the checked names,
    encoded by encode_values) that does not start with ``_`` and is not IPython's In, Out, get_ipython, exit,
    quit. Dropped (named, never silently left out): modules, functions and classes; values of no supported type
    (encoded as "other" or "error" at the top); values whose encoding needs more than ``max_bytes // 4`` nodes or
    ``max_bytes`` bytes; then, while all kept values exceed ``max_bytes`` together, the largest first.
    """
    captured = {}
    sizes = {}
    dropped = []
    if max_bytes <= 0:
        return captured, dropped
    for name in _list(_dict_keys(namespace)):
        if _type(name) is not _str or _str_startswith(name, "_") or name in NAMESPACE_HIDDEN or name in skip:
            continue
        try:
            value = namespace[name]
            if not _listed(name, value):
                dropped.append(name)
                continue
            budget = _Budget(max_bytes // 4)
            enc = _enc(value, 0, budget)
            if budget.nodes <= 0 or enc.get("t") in ("other", "error"):
                dropped.append(name)
                continue
            size = _size(enc) + _len(_str_encode(name, "utf-8", "surrogatepass")) + 4
        except BaseException:
            dropped.append(name)
            continue
        if size > max_bytes:
            dropped.append(name)
            continue
        captured[name] = enc
        sizes[name] = size
    total = 2
    for name in sizes:
        total += sizes[name]
    if total > max_bytes:
        for name in _sorted(sizes, key=lambda k: -sizes[k]):
            if total <= max_bytes:
                break
            total -= sizes[name]
            del captured[name]
            dropped.append(name)
    return captured, dropped


def _sum_sizes(entries):
    n = 0
    for e in entries:
        n += e[2] + _len(_str_encode(e[0], "utf-8", "surrogatepass")) + 6
    return n


def emit(namespace, names, nonce, max_bytes, label="end", namespace_bytes=None, capture_bytes=None):
    """Display exactly one probe output (MIME ``application/vnd.sandmark.probe+json``).

    With ``namespace_bytes`` (the reference run only) the output also lists the namespace's user
    variables (encode_namespace) within that many bytes. With ``capture_bytes`` it also captures every other
    top-level name within that many bytes (encode_captured): ``"captured"`` and ``"dropped"``.
    """
    values = encode_values(namespace, names, max_bytes)
    out = {"format": FORMAT, "nonce": _str_str(nonce), "label": _str_str(label), "values": values}
    if capture_bytes is not None:
        captured, dropped = encode_captured(namespace, values, _int(capture_bytes))
        out["captured"] = captured
        out["dropped"] = dropped
    if namespace_bytes is not None:
        listed, omitted = encode_namespace(namespace, NAMESPACE_VALUE_BYTES, _int(namespace_bytes))
        out["namespace"] = listed
        if omitted:
            out["namespace_omitted"] = omitted
    from IPython.display import display
    display({PROBE_MIME: out}, raw=True)


# ---- test checks: values by name for the test process, calls of the notebook's functions ----------------
# Test checks run in a separate interpreter (sandmark_tests.py) that the notebook's code never ran in. The
# runner asks the kernel, through this module, for the names a test reads (transfer) and to call a function
# the notebook defined (call); both answer with one output of VALUES_MIME holding encoded values only.
# Format: docs/runner-protocol.md ("Test checks").

VALUES_MIME = "application/vnd.sandmark.values+json"


def _callable_kind(x):
    """'module', 'ref' (an object importable by module and qualified name), 'call' (a function or class of
    the notebook: a call runs in the kernel) or None (data)."""
    t = _type(x)
    if _issubclass(t, _ModuleType):
        return "module"
    if t in (_FunctionType, _BuiltinFunctionType, _MethodType, _WrapperType, _MethodDescriptorType) or \
            _issubclass(t, _type):
        try:
            mod = getattr(x, "__module__", None)
        except BaseException:
            mod = None
        if _type(mod) is _str and mod not in ("__main__", "builtins") and not _str_startswith(mod, "_"):
            return "ref"
        return "call"
    np = _np()
    if np is not None:
        try:
            if _issubclass(t, np.ufunc):
                return "ref"
        except BaseException:
            pass
    return None


def encode_for_test(x):
    """One value as the test process receives it: data as encode_value(), a module by name, an importable
    function or class by module and qualified name, the notebook's own function as a callable."""
    kind = _callable_kind(x)
    if kind == "module":
        try:
            name = x.__name__
        except BaseException:
            name = None
        if _type(name) is not _str:
            return {"t": "other", "type": "module", "repr": "a module without a name"}
        return {"t": "module", "name": name}
    if kind == "ref":
        try:
            mod = getattr(x, "__module__", None) or "numpy"  # a numpy ufunc has no __module__
            qual = getattr(x, "__qualname__", None) or x.__name__
        except BaseException:
            mod = qual = None
        if _type(mod) is _str and _type(qual) is _str:
            return {"t": "ref", "module": mod, "qualname": qual}
        kind = "call"
    if kind == "call":
        return {"t": "callable", "type": _type_name(_type(x))}
    return _enc(x, 0, _Budget())


def transfer(namespace, names, max_bytes):
    """Display the values of ``names`` for a test check: ``{"values": {name: encoded}}``; a missing name is
    ``{"t": "missing"}``, one whose encoding failed ``{"t": "error", …}``, all together within ``max_bytes``
    (the largest become ``{"t": "too-large", …}``)."""
    values = {}
    total = 2
    sizes = {}
    for name in names:
        name = _str_str(name)
        try:
            enc = encode_for_test(namespace[name]) if name in namespace else {"t": "missing"}
        except BaseException as e:
            text, _, _ = _guarded_repr(e, 300)
            enc = {"t": "error", "type": "?", "error": _type_name(_type(e)) + ": " + (text or "?")}
        values[name] = enc
        sizes[name] = _size(enc)
        total += sizes[name] + _len(name) + 4
    for name in _sorted(sizes, key=lambda k: -sizes[k]):
        if total <= max_bytes:
            break
        repl = {"t": "too-large", "bytes": sizes[name], "type": _enc_type_of(values[name])}
        total += _size(repl) - sizes[name]
        values[name] = repl
    from IPython.display import display
    display({VALUES_MIME: {"values": values}}, raw=True)


def call(namespace, name, request, max_bytes):
    """Call the notebook's function ``name`` with the test's encoded arguments (``request``: ``{"args":
    [encoded…], "kwargs": [[name, encoded]…]}``) and display ``{"value": encoded}`` or, when it raised,
    ``{"raised": {"ename": …, "evalue": …}}``. KeyboardInterrupt (the runner's timeout) is not caught."""
    from IPython.display import display
    try:
        fn = namespace[name]
        args = [decode(a) for a in request["args"]]
        kwargs = {_str_str(k): decode(v) for k, v in request["kwargs"]}
    except BaseException as e:
        out = {"raised": {"ename": "TransferError", "evalue": "the test's arguments could not be passed to %s: %s"
                          % (name, _guarded_repr(e, 300)[0])}}
    else:
        try:
            value = fn(*args, **kwargs)
        except KeyboardInterrupt:
            raise
        except BaseException as e:
            out = {"raised": {"ename": _safe_text(_type_name(_type(e)).rsplit(".", 1)[-1]), "evalue": _exc_text(e)}}
        else:
            try:
                enc = encode_for_test(value)
                if _size(enc) > max_bytes:
                    enc = {"t": "too-large", "bytes": _size(enc), "type": _enc_type_of(enc)}
            except BaseException as e:
                enc = {"t": "error", "type": _type_name(_type(value)), "error": _type_name(_type(e))}
            out = {"value": enc}
    display({VALUES_MIME: out}, raw=True)


def _exc_text(e):
    """str(e), at most 2,000 characters; empty when the exception's own __str__ fails."""
    try:
        text = _str_str(_str(e))
    except BaseException:
        text = ""
    return _safe_text(text[:2000])


# ---- decoding (the test process; the kernel, for a call's arguments) ------------------------------------

class TransferError(Exception):
    """An encoded value that cannot become a Python value here (its reason is the message)."""


_marker_classes = {}


def _marker(base, name):
    """A subclass of ``base`` named like the student's class, with none of its methods: the value keeps its
    data and loses its behaviour; ``sandmark.strict`` refuses it."""
    key = (base, name)
    cls = _marker_classes.get(key)
    if cls is None:
        mod, _, qual = name.rpartition(".")
        cls = _type(qual or name, (base,), {"__module__": mod or "__main__", "__sandmark_class__": name})
        _marker_classes[key] = cls
    return cls


def _float_of(text):
    if _type(text) is not _str:
        raise TransferError("a float that is not a string")
    return _float(text)


def _dec_ndarray(enc, depth):
    import numpy as np
    shape = enc.get("shape")
    vals = enc.get("values")
    if _type(shape) is not _list or _type(vals) is not _list or enc.get("truncated"):
        raise TransferError("an array that was cut or is malformed")
    kind = enc.get("enc")
    if kind == "bool":
        flat = [v is True for v in vals]
    elif kind == "int":
        flat = [_int(v) for v in vals]
    elif kind == "float":
        flat = [_float_of(v) for v in vals]
    elif kind == "complex":
        flat = [_complex(_float_of(v[0]), _float_of(v[1])) for v in vals]
    elif kind == "tagged":
        flat = [_dec(v, depth + 1) for v in vals]
    else:
        raise TransferError("an array with encoding %r" % (kind,))
    dtype = np.dtype(_str(enc.get("dtype")))
    if dtype.kind == "O" or kind == "tagged":
        arr = np.empty(_len(flat), dtype=dtype)
        for i, v in enumerate(flat):
            arr[i] = v
    else:
        arr = np.array(flat, dtype=dtype)
    arr = arr.reshape([_int(d) for d in shape])
    cls = enc.get("class")
    if _type(cls) is _str:
        arr = arr.view(_marker(np.ndarray, cls))
    return arr


def _dec_index(enc, depth):
    import pandas as pd
    name = _dec(enc.get("name", {"t": "none"}), depth + 1)
    if "range" in enc:
        start, stop, step = [_int(v) for v in enc["range"]]
        return pd.RangeIndex(start, stop, step, name=name)
    values = _dec_ndarray(enc.get("values") or {}, depth + 1)
    return pd.Index(values, dtype=_str(enc.get("dtype")), name=name)


def _dec(enc, depth=0):
    if depth > 64:
        raise TransferError("a value nested too deeply")
    if _type(enc) is not _dict:
        raise TransferError("a malformed value")
    t = enc.get("t")
    if enc.get("truncated"):
        raise TransferError("a %s too large to pass whole (cut at the probe's limits)" % (enc.get("type") or t))
    cls = enc.get("class")
    if t == "none":
        return None
    if t == "bool":
        return enc.get("v") is True
    if t == "int":
        v = _int(enc["hex"], 16) if "hex" in enc else _int(enc.get("v"))
        base = _int
    elif t == "float":
        v, base = _float_of(enc.get("v")), _float
    elif t == "complex":
        v, base = _complex(_float_of(enc.get("re")), _float_of(enc.get("im"))), _complex
    elif t == "str":
        if "u16" in enc:
            v = _bytes_decode(_base64.b64decode(enc["u16"]), "utf-16-le", "surrogatepass")
        else:
            v = enc.get("v")
            if _type(v) is not _str:
                raise TransferError("a malformed str")
        base = _str
    elif t in ("bytes", "bytearray"):
        v = _base64.b64decode(enc.get("b64"), validate=True)
        base = _bytes if t == "bytes" else _bytearray
        v = base(v)
    elif t in ("list", "tuple", "set", "frozenset"):
        items = enc.get("items")
        if _type(items) is not _list:
            raise TransferError("a malformed %s" % t)
        base = {"list": _list, "tuple": _tuple, "set": _set, "frozenset": _frozenset}[t]
        v = base(_dec(i, depth + 1) for i in items)
    elif t == "dict":
        items = enc.get("items")
        if _type(items) is not _list:
            raise TransferError("a malformed dict")
        v = {}
        for pair in items:
            if _type(pair) is not _list or _len(pair) != 2:
                raise TransferError("a malformed dict")
            v[_dec(pair[0], depth + 1)] = _dec(pair[1], depth + 1)
        base = _dict
    elif t == "ndarray":
        return _dec_ndarray(enc, depth)
    elif t == "np-scalar":
        import numpy as np
        inner = _dec(enc.get("v"), depth + 1)
        return np.dtype(_str(enc.get("dtype"))).type(inner)
    elif t == "pd-index":
        return _dec_index(enc, depth)
    elif t == "series":
        import pandas as pd
        return pd.Series(_dec_ndarray(enc.get("values") or {}, depth + 1), index=_dec_index(enc.get("index") or {}, depth + 1),
                         name=_dec(enc.get("name", {"t": "none"}), depth + 1), dtype=_str(enc.get("dtype")), copy=False)
    elif t == "dataframe":
        import pandas as pd
        columns = _dec_index(enc.get("columns") or {}, depth + 1)
        data = enc.get("data")
        if _type(data) is not _list or _len(data) != _len(columns):
            raise TransferError("a malformed DataFrame")
        cols = [_dec_ndarray(c, depth + 1) for c in data]
        frame = pd.DataFrame({i: c for i, c in enumerate(cols)}, index=_dec_index(enc.get("index") or {}, depth + 1))
        frame.columns = columns
        return frame
    elif t == "missing":
        raise TransferError("not defined")
    elif t == "too-large":
        raise TransferError("a %s too large to pass (%s bytes encoded, over limits.probe_bytes)"
                            % (enc.get("type") or "value", enc.get("bytes", "?")))
    elif t == "depth-limit":
        raise TransferError("a %s nested more than %d levels deep" % (enc.get("type") or "value", MAX_DEPTH))
    elif t == "error":
        raise TransferError("its value could not be read (%s)" % (enc.get("error") or "?"))
    elif t == "other":
        raise TransferError("a %s, which is not data: only values (numbers, strings, containers, numpy and pandas "
                            "data), modules and functions reach a test" % (enc.get("type") or "?"))
    else:
        raise TransferError("a value of unknown kind %r" % (t,))
    if _type(cls) is _str:
        v = _marker(base, cls)(v)
    return v


def decode(enc):
    """The Python value of an encoded value (docs/probe-payload.md); raises TransferError with the reason
    when it is not data or is malformed. Never runs code of the notebook."""
    try:
        return _dec(enc)
    except TransferError:
        raise
    except RecursionError:
        raise TransferError("a value nested too deeply")
    except Exception as e:
        raise TransferError("a malformed value (%s)" % _type_name(_type(e)))
