"""Writes a minimal pure-Python wheel (PEP 427) for the environment tests: no network, no build backend.

Usage: make_wheel.py OUTDIR NAME VERSION
"""
import base64
import hashlib
import os
import sys
import zipfile

out, name, version = sys.argv[1], sys.argv[2], sys.argv[3]
dist = f"{name}-{version}.dist-info"
files = {
    f"{name}/__init__.py": f"VERSION = {version!r}\n",
    f"{dist}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n",
    f"{dist}/WHEEL": "Wheel-Version: 1.0\nGenerator: sandmark-tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
}
record = []
for path, text in files.items():
    digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=").decode()
    record.append(f"{path},sha256={digest},{len(text.encode())}")
record.append(f"{dist}/RECORD,,")
files[f"{dist}/RECORD"] = "\n".join(record) + "\n"
os.makedirs(out, exist_ok=True)
with zipfile.ZipFile(os.path.join(out, f"{name}-{version}-py3-none-any.whl"), "w") as z:
    for path, text in files.items():
        z.writestr(path, text)
