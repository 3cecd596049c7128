"""Tests of resources/python/sandmark_probe.py (encoding format: docs/probe-payload.md)."""
import base64
import collections
import json
import sys
import unittest

from sandmark_testutil import load_runtime_module

try:
    import numpy as np
except ImportError:  # pragma: no cover - the system Python has numpy from apt
    np = None
try:
    import pandas as pd
except ImportError:  # pragma: no cover
    pd = None


class MyInt(int):
    def __repr__(self):
        return "MyInt(lie)"

    def __eq__(self, other):
        return True

    __hash__ = int.__hash__


class RaisingRepr:
    def __repr__(self):
        raise RuntimeError("no repr for you")


class HugeRepr:
    def __repr__(self):
        return "x" * 5_000_000


class LyingList(list):
    def __iter__(self):
        return iter([99])

    def __len__(self):
        return 1


class ProbeEncodingTest(unittest.TestCase):
    def setUp(self):
        self.probe = load_runtime_module("sandmark_probe")

    def enc(self, value, max_bytes=1 << 23):
        out = self.probe.encode_values({"x": value}, ["x"], max_bytes)
        # Everything must be strict JSON (no NaN tokens).
        json.loads(json.dumps(out, allow_nan=False))
        return out["x"]

    def test_none_bool(self):
        self.assertEqual(self.enc(None), {"t": "none"})
        self.assertEqual(self.enc(True), {"t": "bool", "v": True})
        self.assertEqual(self.enc(False), {"t": "bool", "v": False})

    def test_ints_exact_and_big(self):
        self.assertEqual(self.enc(12), {"t": "int", "v": "12"})
        self.assertEqual(self.enc(-7), {"t": "int", "v": "-7"})
        self.assertEqual(self.enc(2 ** 100), {"t": "int", "v": str(2 ** 100)})
        # Beyond Python's decimal conversion limit: hex, exact.
        big = 7 ** 20000
        e = self.enc(big)
        self.assertEqual(int(e["hex"], 16), big)

    def test_floats_non_finite_and_negative_zero(self):
        self.assertEqual(self.enc(0.1), {"t": "float", "v": "0.1"})
        self.assertEqual(self.enc(float("nan")), {"t": "float", "v": "nan"})
        self.assertEqual(self.enc(float("inf")), {"t": "float", "v": "inf"})
        self.assertEqual(self.enc(float("-inf")), {"t": "float", "v": "-inf"})
        self.assertEqual(self.enc(-0.0), {"t": "float", "v": "-0.0"})
        self.assertEqual(self.enc(1e300 * 1e10), {"t": "float", "v": "inf"})
        self.assertEqual(float(self.enc(0.30000000000000004)["v"]), 0.1 + 0.2)

    def test_complex(self):
        self.assertEqual(self.enc(complex(1.5, -0.0)), {"t": "complex", "re": "1.5", "im": "-0.0"})

    def test_str_and_truncation(self):
        self.assertEqual(self.enc("héllo \"q\"\n"), {"t": "str", "v": "héllo \"q\"\n"})
        long = "ab" * 600_000
        e = self.enc(long)
        self.assertTrue(e["truncated"])
        self.assertEqual(e["len"], 1_200_000)
        self.assertEqual(len(e["v"]), self.probe.MAX_STR)
        lone = "a\ud800b"
        e = self.enc(lone)
        self.assertEqual(base64.b64decode(e["u16"]).decode("utf-16-le", "surrogatepass"), lone)

    def test_bytes(self):
        self.assertEqual(self.enc(b"\x00\xff"), {"t": "bytes", "b64": "AP8="})
        self.assertEqual(self.enc(bytearray(b"ab")), {"t": "bytearray", "b64": "YWI="})

    def test_containers_recursive(self):
        e = self.enc([1, (2.5, None), {"k": [True]}])
        self.assertEqual(e, {"t": "list", "items": [
            {"t": "int", "v": "1"},
            {"t": "tuple", "items": [{"t": "float", "v": "2.5"}, {"t": "none"}]},
            {"t": "dict", "items": [[{"t": "str", "v": "k"}, {"t": "list", "items": [{"t": "bool", "v": True}]}]]},
        ]})
        # dict keys of any hashable type
        e = self.enc({(1, 2): "a", 3: "b"})
        self.assertEqual(e["items"][0][0]["t"], "tuple")
        self.assertEqual(e["items"][1][0], {"t": "int", "v": "3"})

    def test_sets_deterministic(self):
        a = self.enc({"b", "a", 3, 1.5})
        b = self.enc({1.5, 3, "a", "b"})
        self.assertEqual(a, b)
        self.assertEqual(a["t"], "set")
        self.assertEqual(len(a["items"]), 4)
        self.assertEqual(self.enc(frozenset([2, 1]))["items"], [{"t": "int", "v": "1"}, {"t": "int", "v": "2"}])

    def test_depth_and_node_caps(self):
        deep = []
        cur = deep
        for _ in range(100):
            nxt = []
            cur.append(nxt)
            cur = nxt
        e = self.enc(deep)
        depth = 0
        while e["t"] == "list":
            e = e["items"][0]
            depth += 1
        self.assertEqual(e["t"], "depth-limit")
        self.assertEqual(depth, self.probe.MAX_DEPTH)
        wide = [0] * (self.probe.MAX_NODES + 10)
        e = self.enc(wide, max_bytes=1 << 30)
        self.assertTrue(e["truncated"])
        self.assertEqual(e["len"], len(wide))
        self.assertLess(len(e["items"]), len(wide))

    def test_subclass_marked_and_read_through_base(self):
        e = self.enc(MyInt(5))
        self.assertEqual(e, {"t": "int", "v": "5", "class": "test_probe.MyInt"})
        e = self.enc(LyingList([1, 2]))
        self.assertEqual(e["class"], "test_probe.LyingList")
        self.assertEqual(e["items"], [{"t": "int", "v": "1"}, {"t": "int", "v": "2"}])
        e = self.enc(collections.OrderedDict(a=1))
        self.assertEqual(e["t"], "dict")
        self.assertEqual(e["class"], "collections.OrderedDict")
        Point = collections.namedtuple("Point", "x y")
        e = self.enc(Point(1, 2))
        self.assertEqual(e["t"], "tuple")
        self.assertTrue(e["class"].endswith("Point"))

    def test_other_objects_guarded_repr(self):
        e = self.enc(RaisingRepr())
        self.assertEqual(e, {"t": "other", "type": "test_probe.RaisingRepr", "repr_error": "RuntimeError"})
        e = self.enc(HugeRepr())
        self.assertEqual(e["t"], "other")
        self.assertTrue(e["truncated"])
        self.assertEqual(e["len"], 5_000_000)
        self.assertEqual(len(e["repr"]), self.probe.MAX_REPR)
        e = self.enc(range(3))
        self.assertEqual(e, {"t": "other", "type": "range", "repr": "range(0, 3)"})

    def test_missing_and_independent_names(self):
        out = self.probe.encode_values({"a": 1, "bad": RaisingRepr()}, ["a", "nope", "bad"], 1 << 20)
        self.assertEqual(out["a"], {"t": "int", "v": "1"})
        self.assertEqual(out["nope"], {"t": "missing"})
        self.assertEqual(out["bad"]["t"], "other")
        self.assertEqual(list(out), ["a", "nope", "bad"])

    def test_too_large_next_to_small(self):
        ns = {"grid": [[[0, 0, 0] for _ in range(224)] for _ in range(224)], "checksum": 4950}
        out = self.probe.encode_values(ns, ["grid", "checksum"], 100_000)
        self.assertEqual(out["checksum"], {"t": "int", "v": "4950"})
        self.assertEqual(out["grid"]["t"], "too-large")
        self.assertEqual(out["grid"]["type"], "list")
        self.assertGreater(out["grid"]["bytes"], 100_000)
        text = json.dumps(out)
        self.assertLess(len(text), 100_000)
        # With the default cap the same grid is captured whole.
        out = self.probe.encode_values(ns, ["grid"], 8 * 1024 * 1024)
        self.assertEqual(out["grid"]["t"], "list")
        self.assertEqual(len(out["grid"]["items"]), 224)

    def test_patched_json_module_is_not_used(self):
        real = sys.modules["json"]
        fake = type(sys)("json")
        fake.dumps = lambda *a, **k: (_ for _ in ()).throw(RuntimeError("patched"))
        fake.loads = fake.dumps
        sys.modules["json"] = fake
        real_dumps = real.dumps
        real.dumps = fake.dumps
        try:
            probe = load_runtime_module("sandmark_probe")
            out = probe.encode_values({"a": [1.5, float("nan")], "b": {1, 2}}, ["a", "b"], 1 << 20)
        finally:
            sys.modules["json"] = real
            real.dumps = real_dumps
        self.assertEqual(out["a"], {"t": "list", "items": [{"t": "float", "v": "1.5"}, {"t": "float", "v": "nan"}]})
        self.assertEqual(out["b"]["t"], "set")

    def test_emit_displays_one_output(self):
        import IPython.display
        shown = []
        orig = IPython.display.display
        IPython.display.display = lambda *objs, **kw: shown.append((objs, kw))
        try:
            self.probe.emit({"area": 12}, ["area", "perimeter"], nonce="ab" * 16, max_bytes=1 << 20, label="q1")
        finally:
            IPython.display.display = orig
        self.assertEqual(len(shown), 1)
        (objs, kw) = shown[0]
        self.assertEqual(kw, {"raw": True})
        data = objs[0]["application/vnd.sandmark.probe+json"]
        self.assertEqual(data["nonce"], "ab" * 16)
        self.assertEqual(data["label"], "q1")
        self.assertEqual(data["values"], {"area": {"t": "int", "v": "12"}, "perimeter": {"t": "missing"}})


class NamespaceListingTest(unittest.TestCase):
    """The reference run's listing of the notebook's user variables (docs/probe-payload.md section 4)."""

    def setUp(self):
        self.probe = load_runtime_module("sandmark_probe")

    def listing(self, ns, value_bytes=1 << 18, total_bytes=1 << 22):
        listed, omitted = self.probe.encode_namespace(ns, value_bytes, total_bytes)
        json.loads(json.dumps(listed, allow_nan=False))
        return listed, omitted

    def test_only_user_variables_in_namespace_order(self):
        class Shape:
            def area(self):
                return 1

        ns = {"__name__": "__main__", "_": 3, "_i1": "x = 1", "In": [""], "Out": {}, "exit": object(),
              "quit": object(), "get_ipython": lambda: None, "json": json, "Shape": Shape, "f": lambda: 0,
              "p": print, "m": Shape().area, "join": "".join, "zeta": 1.5, "alpha": [1, 2], "shape": Shape(),
              "MyInt": MyInt, "n": MyInt(4)}
        listed, omitted = self.listing(ns)
        self.assertEqual(omitted, 0)
        self.assertEqual([name for name, _ in listed], ["zeta", "alpha", "shape", "n"])
        self.assertEqual(listed[0][1], {"t": "float", "v": "1.5"})
        self.assertEqual(listed[1][1]["t"], "list")
        self.assertEqual(listed[2][1]["t"], "other")
        self.assertEqual(listed[3][1], {"t": "int", "v": "4", "class": listed[3][1]["class"]})

    def test_value_over_the_cap_is_listed_as_too_large(self):
        listed, _ = self.listing({"small": 1, "text": "x" * 5000, "many": list(range(10000))}, value_bytes=1000)
        d = dict((k, v) for k, v in listed)
        self.assertEqual(d["small"], {"t": "int", "v": "1"})
        self.assertEqual(d["text"], {"t": "too-large", "type": "str", "bytes": 5000 + len('{"t":"str","v":""}')})
        # cut short while encoding (node budget): listed without a size
        self.assertEqual(d["many"], {"t": "too-large", "type": "list"})

    def test_total_cap_replaces_the_largest(self):
        listed, _ = self.listing({"a": "x" * 900, "b": "y" * 100, "c": 7}, value_bytes=10000, total_bytes=400)
        d = dict((k, v) for k, v in listed)
        self.assertEqual(d["a"]["t"], "too-large")
        self.assertEqual(d["a"]["type"], "str")
        self.assertEqual(d["b"], {"t": "str", "v": "y" * 100})
        self.assertEqual(d["c"], {"t": "int", "v": "7"})

    def test_name_cap(self):
        ns = {"v%d" % i: i for i in range(self.probe.NAMESPACE_MAX_NAMES + 3)}
        listed, omitted = self.listing(ns)
        self.assertEqual(len(listed), self.probe.NAMESPACE_MAX_NAMES)
        self.assertEqual(omitted, 3)

    def test_emit_lists_the_namespace_only_when_asked(self):
        import IPython.display
        shown = []
        orig = IPython.display.display
        IPython.display.display = lambda *objs, **kw: shown.append(objs[0])
        try:
            ns = {"area": 12, "_hidden": 1, "sys": sys}
            self.probe.emit(ns, ["area"], nonce="ab" * 16, max_bytes=1 << 20, label="end")
            self.probe.emit(ns, [], nonce="ab" * 16, max_bytes=1 << 20, label="end", namespace_bytes=1 << 20)
        finally:
            IPython.display.display = orig
        first = shown[0]["application/vnd.sandmark.probe+json"]
        self.assertNotIn("namespace", first)
        second = shown[1]["application/vnd.sandmark.probe+json"]
        self.assertEqual(second["values"], {})
        self.assertEqual(second["namespace"], [["area", {"t": "int", "v": "12"}]])
        self.assertNotIn("namespace_omitted", second)

    def test_patched_json_module_is_not_used(self):
        real = sys.modules["json"]
        real_dumps = real.dumps
        real.dumps = lambda *a, **k: (_ for _ in ()).throw(RuntimeError("student patched json"))
        try:
            listed, _ = self.probe.encode_namespace({"a": {1, 2}, "b": "t" * 50}, 100, 1 << 20)
        finally:
            real.dumps = real_dumps
        self.assertEqual(listed[0][1]["t"], "set")
        self.assertEqual(listed[1][1], {"t": "str", "v": "t" * 50})


class CaptureTest(unittest.TestCase):
    """Every other top-level name at a probe point, within the capture budget (docs/probe-payload.md section 5)."""

    def setUp(self):
        self.probe = load_runtime_module("sandmark_probe")

    def test_captures_supported_names_and_names_the_dropped(self):
        class Shape:
            pass

        ns = {"__name__": "__main__", "_private": 1, "In": [""], "Out": {}, "json": json, "Shape": Shape,
              "f": lambda: 0, "area": 12, "shape": Shape(), "names": ["a", "b"], "checked": 3.5}
        captured, dropped = self.probe.encode_captured(ns, {"checked": {}}, 1 << 16)
        json.loads(json.dumps(captured, allow_nan=False))
        self.assertEqual(captured, {"area": {"t": "int", "v": "12"},
                                    "names": {"t": "list", "items": [{"t": "str", "v": "a"}, {"t": "str", "v": "b"}]}})
        # modules, classes, functions and values of no supported type ("other") are named, never silently left out;
        # private names, IPython's and the checked ones are not considered
        self.assertEqual(sorted(dropped), ["Shape", "f", "json", "shape"])

    def test_over_the_budget_the_largest_go_first(self):
        ns = {"big": "x" * 300, "mid": "y" * 100, "small": 7, "huge": list(range(100000))}
        captured, dropped = self.probe.encode_captured(ns, {}, 400)
        self.assertEqual(sorted(captured), ["mid", "small"])
        # `huge` needs more nodes than the budget allows (cut short), `big` is the largest that does not fit
        self.assertEqual(sorted(dropped), ["big", "huge"])
        total = 2 + sum(len(json.dumps(v, separators=(",", ":"))) + len(k) + 4 for k, v in captured.items())
        self.assertLessEqual(total, 400)

    def test_emit_captures_only_when_asked(self):
        import IPython.display
        shown = []
        orig = IPython.display.display
        IPython.display.display = lambda *objs, **kw: shown.append(objs[0])
        try:
            ns = {"area": 12, "other": "t", "sys": sys}
            self.probe.emit(ns, ["area"], nonce="ab" * 16, max_bytes=1 << 20, label="q1")
            self.probe.emit(ns, ["area", "gone"], nonce="ab" * 16, max_bytes=1 << 20, label="q1", capture_bytes=1 << 16)
        finally:
            IPython.display.display = orig
        first = shown[0]["application/vnd.sandmark.probe+json"]
        self.assertNotIn("captured", first)
        self.assertNotIn("dropped", first)
        second = shown[1]["application/vnd.sandmark.probe+json"]
        self.assertEqual(second["values"], {"area": {"t": "int", "v": "12"}, "gone": {"t": "missing"}})
        self.assertEqual(second["captured"], {"other": {"t": "str", "v": "t"}})
        self.assertEqual(second["dropped"], ["sys"])


@unittest.skipIf(np is None, "numpy is not installed for this Python")
class ProbeNumpyTest(unittest.TestCase):
    def setUp(self):
        self.probe = load_runtime_module("sandmark_probe")

    def enc(self, value):
        out = self.probe.encode_values({"x": value}, ["x"], 1 << 23)
        json.loads(json.dumps(out, allow_nan=False))
        return out["x"]

    def test_scalars(self):
        self.assertEqual(self.enc(np.int64(7)), {"t": "np-scalar", "dtype": "int64", "v": {"t": "int", "v": "7"}})
        self.assertEqual(self.enc(np.bool_(True)), {"t": "np-scalar", "dtype": "bool", "v": {"t": "bool", "v": True}})
        e = self.enc(np.float32(0.1))
        self.assertEqual(e["dtype"], "float32")
        self.assertEqual(float(e["v"]["v"]), float(np.float32(0.1)))
        self.assertAlmostEqual(float(e["v"]["v"]), 0.1, delta=1e-7)
        # float64 is a float subclass: still tagged as a numpy scalar with its dtype
        e = self.enc(np.float64(0.1) + np.float64(0.2))
        self.assertEqual(e, {"t": "np-scalar", "dtype": "float64", "v": {"t": "float", "v": "0.30000000000000004"}})
        e = self.enc(np.float64("nan"))
        self.assertEqual(e["v"], {"t": "float", "v": "nan"})

    def test_ndarray(self):
        e = self.enc(np.array([[1.0, np.nan], [-np.inf, -0.0]]))
        self.assertEqual(e, {"t": "ndarray", "dtype": "float64", "shape": [2, 2], "enc": "float",
                             "values": ["1.0", "nan", "-inf", "-0.0"]})
        e = self.enc(np.sort(np.array([3, 1, 2, 1]))[:3])
        self.assertEqual(e, {"t": "ndarray", "dtype": "int64", "shape": [3], "enc": "int", "values": ["1", "1", "2"]})
        e = self.enc(np.array([True, False]))
        self.assertEqual(e["values"], [True, False])
        e = self.enc(np.array([1 + 2j]))
        self.assertEqual(e["values"], [["1.0", "2.0"]])
        e = self.enc(np.array(["a", "bc"]))
        self.assertEqual(e["enc"], "tagged")
        self.assertEqual(e["values"], [{"t": "str", "v": "a"}, {"t": "str", "v": "bc"}])
        e = self.enc(np.zeros(self.probe.MAX_ARRAY + 5, dtype=np.int8))
        self.assertTrue(e["truncated"])
        self.assertEqual(e["shape"], [self.probe.MAX_ARRAY + 5])

    def test_not_imported_by_probe(self):
        # numpy is only used when the student imported it: a value is then 'other'.
        saved = sys.modules.pop("numpy")
        try:
            probe = load_runtime_module("sandmark_probe")
            out = probe.encode_values({"x": saved.int64(3)}, ["x"], 1 << 20)
            self.assertNotIn("numpy", sys.modules)
        finally:
            sys.modules["numpy"] = saved
        self.assertEqual(out["x"]["t"], "other")


@unittest.skipIf(pd is None, "pandas is not installed for this Python")
class ProbePandasTest(unittest.TestCase):
    def setUp(self):
        self.probe = load_runtime_module("sandmark_probe")

    def enc(self, value):
        out = self.probe.encode_values({"x": value}, ["x"], 1 << 23)
        json.loads(json.dumps(out, allow_nan=False))
        return out["x"]

    def test_series_with_nan(self):
        e = self.enc(pd.Series([1.0, np.nan, 3.0], name="score"))
        self.assertEqual(e["t"], "series")
        self.assertEqual(e["dtype"], "float64")
        self.assertEqual(e["name"], {"t": "str", "v": "score"})
        self.assertEqual(e["index"]["range"], [0, 3, 1])
        self.assertEqual(e["values"]["values"], ["1.0", "nan", "3.0"])
        e = self.enc(pd.Series([5, 6], index=["a", "b"]))
        self.assertEqual(e["index"]["values"]["values"], [{"t": "str", "v": "a"}, {"t": "str", "v": "b"}])

    def test_dataframe(self):
        df = pd.DataFrame({"name": ["ann", "bob"], "score": [7, 9], "ratio": [0.5, np.nan]})
        e = self.enc(df)
        self.assertEqual(e["t"], "dataframe")
        self.assertEqual(e["shape"], [2, 3])
        self.assertEqual(e["dtypes"], ["object", "int64", "float64"])
        self.assertEqual(e["columns"]["values"]["values"],
                         [{"t": "str", "v": "name"}, {"t": "str", "v": "score"}, {"t": "str", "v": "ratio"}])
        self.assertEqual(e["data"][1]["values"], ["7", "9"])
        self.assertEqual(e["data"][2]["values"], ["0.5", "nan"])
        self.assertEqual(e["data"][0]["values"], [{"t": "str", "v": "ann"}, {"t": "str", "v": "bob"}])


if __name__ == "__main__":
    unittest.main()
