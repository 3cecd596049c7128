"""Test stand-in for the runner: executes the job's "code" and answers a sandmark-result/1 document.

The code fills the dict `result`; tests read it from record["result"]. Stdlib only.
"""
import json
import sys
import traceback

job = json.loads(sys.stdin.read())
result = {}
status = "completed"
try:
    exec(compile(job["code"], "<job>", "exec"), {"result": result, "__name__": "__job__"})
except BaseException:  # noqa: BLE001 - report everything, including SystemExit
    status = "errors"
    result["exception"] = traceback.format_exc()
sys.stdout.write(json.dumps({
    "format": "sandmark-result/1",
    "record": {"status": status, "unsafe": False, "duration_s": 0, "cells": [], "limits_hit": [],
               "messages": [], "result": result},
    "payload": None,
    "notebook": None,
}))
sys.stdout.flush()
