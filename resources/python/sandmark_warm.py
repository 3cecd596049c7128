"""Run scanned dataset calls in the assignment's own environment (stdlib + whatever the env has).

Usage: python sandmark_warm.py RESULTS.json  < request.json
Request: {"imports": ["import localizer as L", ...], "calls": [{"id": 0, "source": "L.get_file('S01')"}]}
Runs every import line, then evaluates every call in the same namespace, the way the notebook would,
with HF_HOME / HF_ENDPOINT / HF_TOKEN / HF_HUB_OFFLINE as set by the caller. Each outcome is written to
RESULTS.json: [{"id", "ok", "result", "hub_files"} | {"id", "ok": false, "error_name", "error_value",
"hub_files"}], where hub_files lists each hf_hub_download the call made (repo_id, filename, repo_type,
revision, ok). The helper's own
prints go to stdout/stderr untouched. Exit status 0 whenever the results file was written.
"""

import json
import os
import sys


_HUB_FILES = []


def _record_hub_calls():
    """Wrap huggingface_hub.hf_hub_download before the notebook's imports bind it, so each call's outcome
    names the Hub files it asked for (the helper's own path rules, observed, not copied)."""
    try:
        import huggingface_hub
        import huggingface_hub.file_download as fd
    except Exception:  # noqa: BLE001 - the environment may not have huggingface_hub at all
        return
    original = fd.hf_hub_download

    def hf_hub_download(repo_id, filename, *args, **kwargs):
        entry = {"repo_id": repo_id, "filename": filename,
                 "subfolder": kwargs.get("subfolder"),
                 "repo_type": kwargs.get("repo_type") or "model",
                 "revision": kwargs.get("revision") or "main", "ok": False}
        _HUB_FILES.append(entry)
        result = original(repo_id, filename, *args, **kwargs)
        entry["ok"] = True
        return result

    hf_hub_download.__wrapped__ = original
    huggingface_hub.hf_hub_download = hf_hub_download
    fd.hf_hub_download = hf_hub_download


def main():
    out_path = sys.argv[1]
    request = json.load(sys.stdin)
    cwd = os.getcwd()
    if cwd not in sys.path:
        sys.path.insert(0, cwd)
    _record_hub_calls()
    ns = {"__name__": "__main__"}
    imports = []
    for i, src in enumerate(request.get("imports", [])):
        try:
            exec(compile(src, "<import %d>" % i, "exec"), ns)
            imports.append({"source": src, "ok": True})
        except BaseException as e:  # noqa: B902 - report everything, including SystemExit
            imports.append({"source": src, "ok": False, "error_name": type(e).__name__,
                            "error_value": str(e)[:2000]})
    results = []
    for call in request.get("calls", []):
        rid = call.get("id")
        del _HUB_FILES[:]
        try:
            value = eval(compile(call["source"], "<call %s>" % rid, "eval"), ns)
            results.append({"id": rid, "ok": True, "result": repr(value)[:1000], "hub_files": list(_HUB_FILES)})
        except BaseException as e:  # noqa: B902
            results.append({"id": rid, "ok": False, "error_name": type(e).__name__,
                            "error_value": str(e)[:2000], "hub_files": list(_HUB_FILES)})
        sys.stdout.flush()
    tmp = out_path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump({"imports": imports, "calls": results}, f)
    os.replace(tmp, out_path)


if __name__ == "__main__":
    main()
