"""Helpers shared by the Python runtime tests (not a test module)."""
import importlib.util
import os
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))


def runtime_dir():
    """The folder holding the Python runtime: $SANDMARK_RUNTIME_DIR, else the source tree's."""
    d = os.environ.get("SANDMARK_RUNTIME_DIR")
    if d and os.path.isfile(os.path.join(d, "sandmark_probe.py")):
        return d
    return os.path.normpath(os.path.join(HERE, "..", "..", "resources", "python"))


def load_runtime_module(name):
    """Load resources/python/<name>.py fresh under a unique module name (as the injected cells do)."""
    path = os.path.join(runtime_dir(), name + ".py")
    spec = importlib.util.spec_from_file_location("_%s_%s" % (name, uuid.uuid4().hex), path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod

