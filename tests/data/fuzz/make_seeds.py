#!/usr/bin/python3
"""Writes the seed inputs of tst_fuzz (tests/data/fuzz/<reader>/), deterministic bytes.

Each reader's folder holds small, valid (or nearly valid) inputs the mutation loop starts from, taken from the
other fixtures of tests/data and from the formats' documentation, and as regression-*.<ext> the inputs that
once aborted a reader or failed a whole import (security report, issue 14): every file is also read as it is.
Run from this folder: /usr/bin/python3 make_seeds.py
"""
import json
import os
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.dirname(HERE)


def out(reader, name, data):
    os.makedirs(os.path.join(HERE, reader), exist_ok=True)
    with open(os.path.join(HERE, reader, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def copy(reader, name, source):
    with open(os.path.join(DATA, source), "rb") as f:
        out(reader, name, f.read())


# Notebooks: nbformat 4.0 and 4.5, string sources, nbgrader markers and metadata, anchors, outputs.
copy("notebook", "v4.0.ipynb", "notebooks/v4.0.ipynb")
copy("notebook", "v4.5.ipynb", "notebooks/v4.5.ipynb")
copy("notebook", "markers.ipynb", "notebooks/markers.ipynb")
copy("notebook", "anchors.ipynb", "notebooks/anchors.ipynb")
copy("notebook", "string-source.ipynb", "notebooks/string-source.ipynb")
out("notebook", "outputs.ipynb", json.dumps({
    "cells": [
        {"cell_type": "markdown", "id": "m", "metadata": {"tags": ["intro"]}, "source": ["# Title\n", "text"],
         "attachments": {"a.png": {"image/png": "iVBORw0KGgo="}}},
        {"cell_type": "code", "id": "c1", "execution_count": 3,
         "metadata": {"nbgrader": {"grade_id": "q1", "solution": True, "grade": False, "schema_version": 3}},
         "source": "x = 1\n### BEGIN SOLUTION\ny = 2\n### END SOLUTION",
         "outputs": [{"output_type": "stream", "name": "stdout", "text": ["1\n"]},
                     {"output_type": "execute_result", "execution_count": 3, "metadata": {},
                      "data": {"text/plain": ["2"], "image/png": "iVBORw0KGgo="}},
                     {"output_type": "error", "ename": "E", "evalue": "v", "traceback": ["\u001b[0;31mE\u001b[0m"]}]},
        {"cell_type": "code", "id": "t1", "execution_count": None,
         "metadata": {"nbgrader": {"grade_id": "t1", "grade": True, "points": 2, "solution": False}},
         "source": "assert y == 2\n### BEGIN HIDDEN TESTS\nassert x == 1\n### END HIDDEN TESTS", "outputs": []},
        {"cell_type": "raw", "id": "r", "metadata": {}, "source": ""},
    ],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                 "language_info": {"name": "python", "version": "3.11.2"}},
    "nbformat": 4, "nbformat_minor": 5}, indent=1))

# assignment.json: the full fixture, a minimal one, and every optional field.
copy("assignment", "good.json", "assignments/good/assignment.json")
copy("assignment", "minimal.json", "assignments/minimal/assignment.json")
copy("assignment", "formatted.json", "assignments/formatted/assignment.json")
out("assignment", "all-fields.json", json.dumps({
    "format": 1, "slug": "fuzz", "title": "Fuzz", "notebooks": ["hw.ipynb"], "release": "student",
    "data_files": ["data/extra.csv", {"path": "data/iris.csv", "urls": ["https://data.example.invalid/iris.csv"]}],
    "python": "/usr/bin/python3", "dependencies": ["numpy>=1.24", "pandas[excel]==1.5.*"],
    "system_site_packages": True, "required_datasets": ["org/name file.csv", "dataset:org/x@main y.parquet"],
    "dataset_functions": ["hf_hub_download"], "sandbox": "bwrap", "docker_image": "sandmark-base:latest",
    "show_expected": False,
    "limits": {"timeout_s": 300, "cell_timeout_s": 60, "interrupt_grace_s": 3, "memory_bytes": 4294967296,
               "processes": 256, "open_files": 1024, "file_size_bytes": 268435456, "output_cell_bytes": 65536,
               "output_total_bytes": 2097152, "probe_bytes": 8388608, "cpus": 1},
    "checks": [
        {"id": "n", "type": "value", "variable": "n", "points": 1, "anchor": "q1", "rtol": 0.001, "atol": 0,
         "show_expected": True, "check_dtype": True},
        {"type": "test", "points": 2.5, "code": "assert n == 150", "grade_id": "t1", "after": "q1"},
        {"type": "manual", "anchor": "essay", "points": 3},
    ]}, indent=1))

# Probe payloads (docs/probe-payload.md): every tag, from the grading fixtures.
with open(os.path.join(DATA, "grading", "payloads.json")) as f:
    payloads = json.load(f)
for name in sorted(payloads)[:6]:
    out("payload", "%s.json" % name, json.dumps(payloads[name]))
with open(os.path.join(DATA, "grading", "values.json")) as f:
    values = json.load(f)
keep = ["df_small", "series_ab", "arr_2x3", "dict_ab", "complex_1_2", "str_truncated", "s_range", "odict_ab"]
out("payload", "values.json", json.dumps({"format": "sandmark-payload/1", "probes": {"end": {
    "values": {k: values[k] for k in keep if k in values},
    "namespace": [[k, values[k]] for k in keep[:3] if k in values], "namespace_omitted": 2}}}))

# The runner's answer (docs/runner-protocol.md): records with payloads, as the sandbox's stdout.
with open(os.path.join(DATA, "grading", "records.json")) as f:
    records = json.load(f)
nb = json.load(open(os.path.join(HERE, "notebook", "outputs.ipynb")))
for name in ["C01-student", "C02-student", "anchor-student", "warning"]:
    r = records[name]
    out("record", "%s.json" % name, json.dumps({"format": "sandmark-result/1", "record": r["record"],
                                                "payload": r.get("payload"), "notebook": nb}))

# Zips: Canvas and Moodle layouts, each compression method libarchive reads, a link and a folder entry.
NB = b'{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}\n'


def zip_seed(name, members):
    path = os.path.join(HERE, "zip", name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with zipfile.ZipFile(path, "w") as z:
        for entry, data, mode, method in members:
            info = zipfile.ZipInfo(entry, date_time=(2024, 1, 2, 3, 4, 5))
            info.create_system = 3
            info.compress_type = method
            info.external_attr = mode << 16 | (0x10 if mode & 0o040000 else 0)
            z.writestr(info, data)


FILE, LINK, DIR = 0o100644, 0o120777, 0o040755
zip_seed("canvas.zip", [
    ("smithjohn_101_5001_hw1.ipynb", NB, FILE, zipfile.ZIP_DEFLATED),
    ("smithjohn_101_5001_data.csv", b"a,b\n1,2\n", FILE, zipfile.ZIP_STORED),
    ("doejane_LATE_102_5002_hw1-1.ipynb", NB, FILE, zipfile.ZIP_BZIP2),
    ("linkbob_103_5003_hw1.ipynb", b"/etc/passwd", LINK, zipfile.ZIP_STORED),
])
zip_seed("moodle.zip", [
    ("Ann Lee_7_assignsubmission_file_/", b"", DIR, zipfile.ZIP_STORED),
    ("Ann Lee_7_assignsubmission_file_/hw1.ipynb", NB, FILE, zipfile.ZIP_LZMA),
    ("Ann Lee_7_assignsubmission_file_/data/x.csv", b"1,2\n" * 20, FILE, zipfile.ZIP_DEFLATED),
    ("Bo Ng_8_assignsubmission_file_hw1.ipynb", NB, FILE, zipfile.ZIP_DEFLATED),
    ("__MACOSX/._hw1.ipynb", b"x", FILE, zipfile.ZIP_STORED),
])

# The gradebook's JSON: a run's reasons (runs.reasons, a JSON list of strings).
out("gradebook", "reasons.json", json.dumps(["cells[2]: cell timed out", "check 'corr' not graded"]))
out("gradebook", "one.json", json.dumps(["the notebook cannot be read: line 3, column 5: invalid JSON"]))
out("gradebook", "unicode.json", json.dumps(["Zoë \u202e ≠ \n", ""]))

# Regressions: a number outside the double range aborted every JSON reader (nlohmann's out_of_range); Python's
# json writes 10**400 as a 401-digit integer, which nlohmann reads as a double that overflows; a zip entry
# name over 255 bytes or a bzip2 symbolic link failed the whole import.
with open(os.path.join(DATA, "notebooks", "number-overflow.ipynb"), "rb") as f:
    out("notebook", "regression-number-overflow.ipynb", f.read())
with open(os.path.join(DATA, "assignments", "number-overflow", "assignment.json"), "rb") as f:
    out("assignment", "regression-number-overflow.json", f.read())
out("payload", "regression-number-overflow.json",
    '{"format": "sandmark-payload/1", "probes": {"end": {"values": {"x": {"t": "float", "v": -1e999}}}}}')
big = "1" + "0" * 400
r = records["C01-student"]
out("record", "regression-big-integer.json", json.dumps({"format": "sandmark-result/1", "record": r["record"],
                                                        "payload": r.get("payload"), "notebook": nb})
    .replace('"execution_count": 1', '"execution_count": ' + big, 1))
zip_seed("regression-long-name.zip", [
    ("a_1_11_hw1.ipynb", NB, FILE, zipfile.ZIP_DEFLATED),
    ("b_2_12_" + "x" * 300 + ".ipynb", NB, FILE, zipfile.ZIP_DEFLATED),
])
zip_seed("regression-bzip2-link.zip", [
    ("c_3_13_hw1.ipynb", b"/etc/passwd", LINK, zipfile.ZIP_BZIP2),
    ("a_1_11_hw1.ipynb", NB, FILE, zipfile.ZIP_DEFLATED),
])
out("gradebook", "regression-not-a-list.json", "not json, nor a list")
