#!/usr/bin/python3
"""Writes the LMS export fixtures of tst_cli's `import submissions` rows (deterministic bytes).

canvas.zip: Canvas "Download Submissions" naming (name_userid_submissionid_file, LATE, a resubmitted
file's -1 suffix), a student with two notebooks, and the hostile entries the importer refuses (../, an
absolute path, a symbolic link). evil.zip: hostile entries only (nothing importable). late.zip: one student
with an on-time and a late copy of the same notebook (written, flagged), hidden entries and macOS metadata
(skipped, listed).
Run from this folder: /usr/bin/python3 make_zips.py
"""
import zipfile

NB = b'{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}\n'


def write(path, members):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data, mode in members:
            info = zipfile.ZipInfo(name, date_time=(2024, 1, 2, 3, 4, 5))
            info.create_system = 3
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = mode << 16
            z.writestr(info, data)


FILE, LINK = 0o100644, 0o120777
write("canvas.zip", [
    ("smithjohn_101_5001_hw1.ipynb", NB, FILE),
    ("smithjohn_101_5001_data.csv", b"a,b\n1,2\n", FILE),
    ("doejane_LATE_102_5002_hw1.ipynb", NB, FILE),
    ("leeann_103_5010_hw1-1.ipynb", NB, FILE),
    ("roebob_104_5003_hw1.ipynb", NB, FILE),
    ("roebob_104_5003_hw1_copy.ipynb", NB, FILE),
    ("../../evil.ipynb", NB, FILE),
    ("/tmp/abs_2_12_evil.ipynb", NB, FILE),
    ("linkbob_4_14_hw1.ipynb", b"/etc/passwd", LINK),
])
write("evil.zip", [
    ("../../evil.ipynb", NB, FILE),
    ("linkbob_4_14_hw1.ipynb", b"/etc/passwd", LINK),
])
write("late.zip", [
    ("smithjohn_101_5001_hw1.ipynb", NB, FILE),
    ("smithjohn_LATE_101_5002_hw1.ipynb", NB, FILE),
    (".hidden.ipynb", NB, FILE),
    ("__MACOSX/._smithjohn_101_5001_hw1.ipynb", b"resource fork", FILE),
    ("__MACOSX/._smithjohn_LATE_101_5002_hw1.ipynb", b"resource fork", FILE),
    (".ipynb_checkpoints/smithjohn_101_5001_hw1-checkpoint.ipynb", NB, FILE),
])
