"""Regenerates the grading test fixtures from real Python values.

Every encoded value in values.json and every payload in payloads.json is produced by
resources/python/sandmark_probe.py's encode_values() on the Python value written next
to it, so the C++ comparator tests read exactly what a probe cell would emit.

Usage (numpy and pandas needed; the system Python has them):
    /usr/bin/python3 tests/data/grading/make_fixtures.py [PATH/TO/sandmark_probe.py]
"""
import collections
import importlib.util
import json
import math
import os
import sys

import numpy as np
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_PROBE = os.path.join(HERE, "..", "..", "..", "resources", "python", "sandmark_probe.py")


def load_probe(path):
    spec = importlib.util.spec_from_file_location("sandmark_probe_fixture", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class MyInt(int):
    pass


class LyingFloat(float):
    def __eq__(self, other):
        return True

    __hash__ = float.__hash__


Point = collections.namedtuple("Point", "x y")

# name -> Python expression (evaluated with np, pd, math, collections in scope).
VALUES = {
    # numbers
    "int_5": "5", "int_15": "15", "int_7": "7", "int_0": "0",
    "float_15": "15.0", "float_7_0000001": "7.0000001",
    "float_0_3": "0.3", "float_0_1_plus_0_2": "0.1 + 0.2", "float_0_1": "0.1",
    "float_nan": "float('nan')", "float_inf": "math.inf", "float_ninf": "-math.inf",
    "float_0": "0.0", "float_neg0": "-0.0", "float_5": "5.0", "float_1_5": "1.5",
    "float_1e300": "1e300", "float_tiny": "1e-12",
    "big_int": "2**100", "big_int_plus1": "2**100 + 1", "huge_int": "3**20000",
    "bool_true": "True", "bool_false": "False", "none": "None",
    "complex_1_2": "complex(1, 2)", "complex_1_2b": "complex(1, 2.0000000001)",
    "np_int64_7": "np.int64(7)", "np_int32_7": "np.int32(7)", "np_bool_true": "np.bool_(True)",
    "np_float64_0_3": "np.float64(0.1) + np.float64(0.2)", "np_float32_0_1": "np.float32(0.1)",
    "np_float32_nan": "np.float32('nan')",
    "my_int_5": "MyInt(5)", "lying_float": "LyingFloat(2.0)",
    # strings and bytes
    "str_hello": "'Hello world'", "str_hello2": "'hello   world '", "str_hellx": "'Hello worlx'",
    "str_hello_long": "'Hello world!'", "bytes_ab": "b'ab'", "bytes_ac": "b'ac'",
    # containers
    "list_112": "[1, 1, 2]", "list_113": "[1, 1, 3]", "list_11": "[1, 1]", "tuple_112": "(1, 1, 2)",
    "list_nan": "[1.0, float('nan'), 3.0]", "list_nested": "[[1, 2], [3, [4, 5]]]",
    "list_nested_b": "[[1, 2], [3, [4, 6]]]",
    "set_123": "{1, 2, 3}", "set_124": "{1, 2, 4}", "frozenset_123": "frozenset({1, 2, 3})",
    "set_123f": "{1.0, 2.0, 3.0}",
    "dict_ab": "{'a': 1, 'b': 2.5}", "dict_ba": "{'b': 2.5, 'a': 1}", "dict_ab2": "{'a': 1, 'b': 2.75}",
    "dict_ac": "{'a': 1, 'c': 2.5}", "odict_ab": "collections.OrderedDict([('a', 1), ('b', 2.5)])",
    "point_12": "Point(1, 2)", "tuple_12": "(1, 2)",
    "deep": "functools.reduce(lambda acc, _: [acc], range(40), 1)",
    # numpy arrays
    "arr_f64": "np.array([0.1, 0.2, 0.3])", "arr_f32": "np.array([0.1, 0.2, 0.3], dtype=np.float32)",
    "arr_f64_b": "np.array([0.1, 0.25, 0.3])", "arr_i64_112": "np.array([1, 1, 2])",
    "arr_2x3": "np.arange(6.0).reshape(2, 3)", "arr_3x2": "np.arange(6.0).reshape(3, 2)",
    "arr_2x3_b": "np.array([[0.0, 1.0, 2.0], [3.0, 4.5, 5.0]])",
    "arr_nan": "np.array([1.0, np.nan, 3.0])", "arr_nan_b": "np.array([1.0, 2.0, 3.0])",
    "arr_bool": "np.array([True, False])", "arr_str": "np.array(['a', 'b'])",
    "arr_str_b": "np.array(['a', 'c'])",
    "matrix_2x2": "np.matrix([[1.0, 2.0], [3.0, 4.0]])", "arr_2x2": "np.array([[1.0, 2.0], [3.0, 4.0]])",
    # pandas
    "s_abc": "pd.Series([1.0, 2.0, 3.0], index=['a', 'b', 'c'], name='x')",
    "s_abc_f32": "pd.Series([1.0, 2.0, 3.0], index=['a', 'b', 'c'], name='x', dtype='float32')",
    "s_abc_y": "pd.Series([1.0, 2.0, 3.0], index=['a', 'b', 'c'], name='y')",
    "s_cba": "pd.Series([3.0, 2.0, 1.0], index=['c', 'b', 'a'], name='x')",
    "s_abc_b": "pd.Series([1.0, 2.5, 3.0], index=['a', 'b', 'c'], name='x')",
    "s_range": "pd.Series([1.0, 2.0, 3.0], name='x')",
    "df_ab": "pd.DataFrame({'a': [1, 2, 3], 'b': [0.5, 1.5, 2.5]}, index=['r1', 'r2', 'r3'])",
    "df_ba": "pd.DataFrame({'b': [0.5, 1.5, 2.5], 'a': [1, 2, 3]}, index=['r1', 'r2', 'r3'])",
    "df_ab_rows": "pd.DataFrame({'a': [3, 2, 1], 'b': [2.5, 1.5, 0.5]}, index=['r3', 'r2', 'r1'])",
    "df_ab_val": "pd.DataFrame({'a': [1, 2, 3], 'b': [0.5, 1.75, 2.5]}, index=['r1', 'r2', 'r3'])",
    "df_ab_float": "pd.DataFrame({'a': [1.0, 2.0, 3.0], 'b': [0.5, 1.5, 2.5]}, index=['r1', 'r2', 'r3'])",
    "df_ac": "pd.DataFrame({'a': [1, 2, 3], 'c': [0.5, 1.5, 2.5]}, index=['r1', 'r2', 'r3'])",
    "df_ab_range": "pd.DataFrame({'a': [1, 2, 3], 'b': [0.5, 1.5, 2.5]})",
    "df_ab_2rows": "pd.DataFrame({'a': [1, 2], 'b': [0.5, 1.5]}, index=['r1', 'r2'])",
    "df_nan": "pd.DataFrame({'a': [1.0, float('nan')]})", "df_nan_b": "pd.DataFrame({'a': [1.0, 2.0]})",
    # rows as a multiset (check_row_order and check_index false): same rows, another order and index; a 0.1 + 0.2
    # within the tolerance; NaN rows; one changed row; a duplicate row replaced
    "df_rows": "pd.DataFrame({'k': ['a', 'b', 'a', 'c', 'a'], 'v': [1.0, float('nan'), 3.0, 0.1 + 0.2, 1.0]})",
    "df_rows_shuffled": "pd.DataFrame({'k': ['c', 'a', 'b', 'a', 'a'], 'v': [0.3, 1.0, float('nan'), 3.0, 1.0]},"
                        " index=[7, 3, 9, 1, 4])",
    "df_rows_changed": "pd.DataFrame({'k': ['c', 'a', 'b', 'a', 'a'], 'v': [0.3, 1.0, float('nan'), 3.5, 1.0]},"
                       " index=[7, 3, 9, 1, 4])",
    "df_rows_dup": "pd.DataFrame({'k': ['c', 'a', 'b', 'a', 'a'], 'v': [0.3, 1.0, float('nan'), 3.0, 3.0]},"
                   " index=[7, 3, 9, 1, 4])",
    "s_rows": "pd.Series([2.0, float('nan'), 1.0], name='x')",
    "s_rows_shuffled": "pd.Series([1.0, 2.0, float('nan')], index=['p', 'q', 'r'], name='x')",
    "idx_abc": "pd.Index(['a', 'b', 'c'])",
    # other
    "date": "datetime.date(2024, 1, 2)", "date_b": "datetime.date(2024, 1, 3)",
}


def evaluate(expr):
    import datetime
    import functools
    env = {"np": np, "pd": pd, "math": math, "collections": collections, "datetime": datetime,
           "functools": functools, "MyInt": MyInt, "LyingFloat": LyingFloat, "Point": Point}
    return eval(expr, env)


# Payloads (docs/probe-payload.md section 2) of fault kinds C02, C12, C16, C17 and C32, from a notebook's namespace.
# C02's student namespace is the state after the interrupted loop (its `total` is 5, not 15).
PAYLOADS = {
    "C02-ref": {"end": "dict(count=10, total=15, double=20)"},
    "C02-student": {"end": "dict(count=10, total=5, double=20)"},
    "C16-ref": {"end": "dict(total=7, is_positive=True, avg=0.3, avg32=0.1, vec=[1, 1, 2], first=3)"},
    "C16-student": {"end": "(lambda data: dict(total=data.sum(), is_positive=np.all(data > 0),"
                           " avg=np.float64(0.1) + np.float64(0.2), avg32=np.float32(0.1),"
                           " vec=np.sort(data)[:3], first=data[0]))(np.array([3, 1, 2, 1]))"},
    "C17-ref": {"end": "dict(missing_mean=float('nan'), upper=float('inf'), neg_zero=0.0, wrong_nan=5.0,"
                       " ok_after=1.5, series_like=[1.0, float('nan'), 3.0])"},
    "C17-student": {"end": "dict(missing_mean=float('nan'), upper=math.inf, neg_zero=-0.0 * 1.0,"
                           " wrong_nan=float('nan'), ok_after=1.5, series_like=[1.0, float('nan'), 3.0])"},
    "C32-ref": {"end": "dict(a=10, b=30, c=5)"},
    "C32-student": {"end": "dict(a=10)"},
    # Anchored probe: `ans` at answer cell q1 and again at the end (reused name).
    "anchor-ref": {"q1": "dict(ans=42)", "end": "dict(final=1)"},
    "anchor-student": {"q1": "dict(ans=42)", "end": "dict(final=1)"},
    "anchor-student-wrong": {"q1": "dict(ans=41)", "end": "dict(final=1)"},
    "C12-ref": {"end": "dict(checksum=4950, grid=[[[0, 0, 0] for _ in range(224)] for _ in range(224)])"},
}
PAYLOAD_NAMES = {
    "C02": ["count", "total", "double"], "C16": ["total", "is_positive", "avg", "avg32", "vec", "first"],
    "C17": ["missing_mean", "upper", "neg_zero", "wrong_nan", "ok_after", "series_like"],
    "C32": ["a", "b", "c"], "anchor": None, "C12": ["checksum", "grid"],
}


def main():
    probe = load_probe(sys.argv[1] if len(sys.argv) > 1 else DEFAULT_PROBE)
    values = {}
    for name, expr in VALUES.items():
        enc = probe.encode_values({name: evaluate(expr)}, [name], 1 << 30)[name]
        values[name] = {"python": expr, "encoded": enc}
    # A truncated string, encoded with the probe's string cap lowered to 10 characters (the real cap,
    # 1,000,000, would make a 1 MB fixture).
    saved, probe.MAX_STR = probe.MAX_STR, 10
    values["str_truncated"] = {"python": "'x' * 20  # MAX_STR = 10",
                               "encoded": probe.encode_values({"s": "x" * 20}, ["s"], 1 << 30)["s"]}
    probe.MAX_STR = saved
    # A value whose encoding failed and one that was too large, as encode_values reports them.
    class Exploding:
        def __repr__(self):
            raise RuntimeError("no")
    values["other_repr_error"] = {"python": "Exploding()", "encoded": probe.encode_values(
        {"e": Exploding()}, ["e"], 1 << 30)["e"]}
    values["too_large"] = {"python": "list(range(1000)) under a 100-byte cap", "encoded": probe.encode_values(
        {"v": list(range(1000))}, ["v"], 100)["v"]}
    values["missing"] = {"python": "(not defined)", "encoded": probe.encode_values({}, ["v"], 100)["v"]}
    payloads = {}
    for name, probes in PAYLOADS.items():
        doc = {"format": "sandmark-payload/1", "probes": {}}
        for label, expr in probes.items():
            ns = evaluate(expr)
            names = PAYLOAD_NAMES[name.split("-")[0]] or list(ns)
            # C12: a 64 KiB probe cap, so `grid` becomes too-large as in a real run with a small cap.
            cap = 65536 if name.startswith("C12") else 8 * 1024 * 1024
            doc["probes"][label] = {"values": probe.encode_values(ns, names, cap)}
        payloads[name] = {"python": probes, "payload": doc}
    with open(os.path.join(HERE, "values.json"), "w", encoding="utf-8") as f:
        json.dump(values, f, indent=1, ensure_ascii=False, allow_nan=False)
        f.write("\n")
    with open(os.path.join(HERE, "payloads.json"), "w", encoding="utf-8") as f:
        json.dump(payloads, f, indent=1, ensure_ascii=False, allow_nan=False)
        f.write("\n")


if __name__ == "__main__":
    main()
