"""Writes the notebook fixtures in tests/data/cases: one small notebook per kind of fault a submission
can carry (README.md in this folder lists each fixture, its fault and the outcome the tests expect).

Run by hand after editing a fixture below, and commit the outputs with this script:
    /usr/bin/python3 tests/data/cases/make_cases.py
The files are written in nbformat's own layout (one-space indent, sorted keys, a final newline), so
Notebook::load() followed by save() gives back the same bytes. Faults that live in the bytes (a cp1252 byte,
an nbformat 4.2 file, a missing or null id) are written exactly as described next to them.
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))

PYTHON3 = {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
           "language_info": {"name": "python"}}


def lines(text):
    """nbformat's multiline string: a list of lines, each but the last ending in a newline."""
    return text.splitlines(keepends=True)


def code(cell_id, text, metadata=None):
    cell = {"cell_type": "code", "execution_count": None, "metadata": metadata or {}, "outputs": [],
            "source": lines(text)}
    if cell_id is not None:
        cell["id"] = cell_id
    return cell


def markdown(cell_id, text):
    cell = {"cell_type": "markdown", "metadata": {}, "source": lines(text)}
    if cell_id is not None:
        cell["id"] = cell_id
    return cell


def notebook(cells, metadata=PYTHON3, minor=5):
    return {"cells": cells, "metadata": metadata, "nbformat": 4, "nbformat_minor": minor}


def dump(nb):
    return json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def write(relpath, content):
    path = os.path.join(HERE, relpath)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    data = content if isinstance(content, bytes) else content.encode("utf-8")
    with open(path, "wb") as f:
        f.write(data)


# ---- the executor: faults that stop, hang or kill the kernel ------------------------------------------------

# os._exit() ends the kernel process in the middle of cells[2]; cells[3] never runs.
KERNEL_KILLED = notebook([
    markdown("savings-task", "## Savings plan\n"
                             "Store the sum of twelve monthly deposits of 25 in `deposit_total`, then the total\n"
                             "after 2 % interest in `with_interest`."),
    code("deposits", "monthly = 25\ndeposit_total = monthly * 12"),
    code("quit-early", "# the laptop froze here last time: quit the kernel before it gets slow\n"
                       "import os\n"
                       "os._exit(3)"),
    code("interest", "with_interest = deposit_total * 102 // 100"),
])
KERNEL_KILLED_REF = notebook([code("solution", "deposit_total = 25 * 12\nwith_interest = deposit_total * 102 // 100")])

# A while loop whose counter never changes: only an interrupt ends cells[2]. The kernel survives it.
INFINITE_LOOP = notebook([
    markdown("loop-task", "Q1 `letters`: the length of \"notebook\". Q2 `countdown_sum`: 3 + 2 + 1 with a while\n"
                          "loop. Q3 `doubled`: twice `letters`."),
    code("letters", "letters = len(\"notebook\")"),
    code("countdown", "k = 3\n"
                      "countdown_sum = 0\n"
                      "while k > 0:\n"
                      "    countdown_sum = k  # meant += k, and k is never decreased\n"),
    code("doubled", "doubled = letters * 2"),
])
INFINITE_LOOP_REF = notebook([code("solution", "letters = 8\ncountdown_sum = 3 + 2 + 1\ndoubled = 16")])

# cells[1] sets SIGINT to SIG_IGN before looping: an interrupt does nothing, only killing the kernel ends it.
LOOP_IGNORING_SIGINT = notebook([
    code("warm-up", "warmed_up = True"),
    code("simulation", "import signal\n"
                       "import time\n"
                       "\n"
                       "# a long simulation: Ctrl-C must not stop it half-way\n"
                       "signal.signal(signal.SIGINT, signal.SIG_IGN)\n"
                       "while True:\n"
                       "    time.sleep(0.25)"),
    code("done", "done = 1"),
])
LOOP_IGNORING_SIGINT_REF = notebook([code("solution", "warmed_up = True\ndone = 1")])

# cells[1] catches everything with a bare except, KeyboardInterrupt included, and loops on.
LOOP_BARE_EXCEPT = notebook([
    code("warm-up", "warmed_up = True"),
    code("polling", "import time\n"
                    "\n"
                    "polls = 0\n"
                    "while True:\n"
                    "    try:\n"
                    "        polls += 1\n"
                    "        time.sleep(0.5)  # wait for the sensor\n"
                    "    except:  # retry on any failure\n"
                    "        continue"),
    code("done", "done = 1"),
])

# input() in cells[0]: with stdin disabled it raises StdinNotImplementedError at once; cells[1] runs.
INPUT_CALL = notebook([
    code("ask-name", "name = input(\"What is your name? \")\nprint(\"Hello,\", name)"),
    code("cubes", "cubes = [n ** 3 for n in range(4)]"),
])

# sys.exit() raises SystemExit: IPython reports it as the cell's error and the kernel lives on.
SYS_EXIT = notebook([
    code("points", "import sys\n\npoints = 4"),
    code("stop", "if points < 10:\n    sys.exit(\"not enough points for the bonus part, stopping\")"),
    code("bonus", "bonus = points * 3"),
])

# exit() asks the kernel to shut down after the cell: ipykernel versions differ on whether it does.
EXIT_BUILTIN = notebook([
    code("points", "points = 4"),
    code("stop", "exit()  # done for today"),
    code("bonus", "bonus = points * 3"),
])

# Ten cells of 8 s each: no cell reaches a 10 s cell limit, the notebook passes a 45 s whole-run limit.
SLOW_CELLS = notebook([code("begin", "import time\n\nbegun = 1")]
                      + [code("lap-%d" % k, "time.sleep(8)\nlap%d = %d" % (k, k)) for k in range(1, 11)])
SLOW_CELLS_REF = notebook([code("all-laps", "begun = 1\n" + "\n".join("lap%d = %d" % (k, k) for k in range(1, 11)))])

# ---- output and what the kernel shows -------------------------------------------------------------------------

# cells[0] prints a million lines (about 30 MB); cells[1] ends on a 224 x 224 x 3 list, shown as a huge repr.
OUTPUT_FLOOD = notebook([
    code("progress", "# progress output I forgot to remove\n"
                     "for k in range(1_000_000):\n"
                     "    print(\"row\", k, \"squared\", k * k)"),
    code("pixels", "pixels = [[[255, 255, 255] for _ in range(224)] for _ in range(224)]\n"
                   "pixels  # shows the whole image as a list"),
    code("check-total", "check_total = sum(range(1, 51))"),
])

# showtraceback replaced by a no-op: the ZeroDivisionError of cells[1] produces no error output at all.
TRACEBACK_DISABLED = notebook([
    code("hide-errors", "# hide the red error boxes so the notebook looks clean\n"
                        "from IPython.core.interactiveshell import InteractiveShell\n"
                        "InteractiveShell.showtraceback = lambda *args, **kwargs: None"),
    code("share", "share = 120 / (3 - 3)"),
    code("spare", "spare = 9"),
])

# showtraceback set to None: the next error makes IPython's own error handling fail inside the kernel.
TRACEBACK_NONE = notebook([
    code("hide-errors", "from IPython.core import interactiveshell\n"
                        "interactiveshell.InteractiveShell.showtraceback = None"),
    code("share", "share = 120 / (3 - 3)"),
    code("spare", "spare = 9"),
])

# A GUI matplotlib backend in a sandbox without a display: cells[0] and cells[1] fail with ImportError,
# plt.show() in cells[2] must not wait for a window.
GUI_BACKEND = notebook([
    code("qt-magic", "%matplotlib qt"),
    code("tk-backend", "import matplotlib\nmatplotlib.use(\"TkAgg\")  # the backend that opens a window on my laptop"),
    code("plot", "import matplotlib.pyplot as plt\n"
                 "\n"
                 "heights = [2, 5, 3]\n"
                 "plt.bar(range(len(heights)), heights)\n"
                 "plt.show()  # on a desktop this waits until the window is closed"),
    code("bar-total", "bar_total = sum(heights)"),
])

# ---- values the probe must encode ----------------------------------------------------------------------------

# numpy scalars (int64, bool_, float64, float32) and an ndarray: not JSON-serialisable as they are.
NUMPY_SCALARS = notebook([
    code("marks", "import numpy as np\n\nmarks = np.array([4, 2, 5, 2])"),
    code("stats", "total = marks.sum()                          # numpy.int64\n"
                  "all_passed = np.all(marks >= 2)              # numpy.bool_\n"
                  "mean_gap = np.float64(0.7) + np.float64(0.1)  # 0.7999999999999999\n"
                  "third = np.float32(1 / 3)                    # single precision\n"
                  "lowest = np.sort(marks)[:3]                  # ndarray\n"
                  "head = marks[0]                              # numpy.int64"),
])

# NaN, +inf, -inf and -0.0: json.dumps writes NaN/Infinity, which strict JSON readers refuse.
NAN_INF = notebook([
    code("specials", "import math\n"
                     "\n"
                     "no_marks = []\n"
                     "mean_mark = sum(no_marks) / len(no_marks) if no_marks else float(\"nan\")\n"
                     "highest = math.inf\n"
                     "lowest = -math.inf\n"
                     "flat = -0.0 * 2.0\n"
                     "bad_nan = float(\"nan\")\n"
                     "after_nan = 2.5\n"
                     "with_gap = [0.5, float(\"nan\"), 2.0]"),
])

# ---- kernelspec and language ------------------------------------------------------------------------------------

# A Python notebook saved from a conda environment this machine does not have.
UNKNOWN_KERNELSPEC = notebook(
    [code("coldest", "temperatures = [12, 7, 9]\ncoldest = min(temperatures)")],
    metadata={"kernelspec": {"display_name": "Python [conda env:stats-2025]", "language": "python",
                             "name": "conda-env-stats-2025-py"},
              "language_info": {"name": "python"}})
UNKNOWN_KERNELSPEC_REF = notebook([code("coldest", "temperatures = [12, 7, 9]\ncoldest = min(temperatures)")])

# An R notebook handed in for a Python assignment.
R_KERNEL = notebook(
    [code("coldest", "temperatures <- c(12, 7, 9)\ncoldest <- min(temperatures)")],
    metadata={"kernelspec": {"display_name": "R", "language": "R", "name": "ir"},
              "language_info": {"name": "R", "file_extension": ".r", "mimetype": "text/x-r-source"}})

# ---- data paths ---------------------------------------------------------------------------------------------

# A relative path (works), the student's own Windows path (fails), and the same data by URL through pandas and
# urllib (served from data/marks.csv by the redirect cell, never from the network).
MARKS_URL = "https://course.example.invalid/stats/marks.csv"
DATA_PATHS = notebook([
    code("relative", "import pandas as pd\n\nmarks = pd.read_csv(\"data/marks.csv\")\nrows = len(marks)"),
    code("windows", "laptop = pd.read_csv(r\"C:\\Users\\ana\\Desktop\\stats\\marks.csv\")\n"
                    "laptop_mean = laptop[\"mark\"].mean()"),
    code("pandas-url", "web = pd.read_csv(\"%s\")\nweb_max = int(web[\"mark\"].max())" % MARKS_URL),
    code("urllib-url", "import urllib.request\n"
                       "\n"
                       "with urllib.request.urlopen(\"%s\") as reply:\n"
                       "    body = reply.read().decode()\n"
                       "web_lines = len(body.strip().splitlines())" % MARKS_URL),
])
MARKS_CSV = "name,mark\nana,7\nben,9\ncleo,6\ndev,10\n"

# ---- the loader: faults in the file itself --------------------------------------------------------------------

# cells[1] and cells[2] share the id, the nbgrader grade_id and the tag: the second is a copy of the first.
_ANSWER_META = {"nbgrader": {"grade": False, "grade_id": "q1-solution", "locked": False, "schema_version": 3,
                             "solution": True, "task": False},
                "tags": ["q1"]}
DUPLICATE_IDS = notebook([
    markdown("q1-task", "## Q1\nStore the number of days in a leap year in `days`."),
    code("q1-solution", "days = 365  # first try", _ANSWER_META),
    code("q1-solution", "days = 366  # the cell above, duplicated and fixed", _ANSWER_META),
    code("q1-use", "weeks = days // 7"),
])

# nbformat 4.2: cells have no id field (ids came with 4.5), and none may be added.
OLD_FORMAT_NO_IDS = notebook([
    markdown(None, "Saved by an old Jupyter: no cell has an id."),
    code(None, "width = 5"),
    code(None, "area = width * width"),
], minor=2)

# nbformat 4.5 with cells[1] lacking its id and cells[2] holding "id": null.
_MISSING_AND_NULL = notebook([
    markdown("intro", "Two cells below lost their ids."),
    code(None, "width = 5"),
    code("null-id-here", "area = width * width"),
])
_MISSING_AND_NULL["cells"][2]["id"] = None

# A markdown apostrophe saved as cp1252 byte 0x92 by an editor: the file is not UTF-8.
NOT_UTF8 = notebook([
    markdown("note", "Ana\u2019s solution follows"),
    code("total", "total = 4 + 6"),
])


def not_utf8_bytes():
    text = dump(NOT_UTF8)
    assert text.count("\u2019") == 1
    data = text.replace("\u2019", "\x00").encode("utf-8").replace(b"\x00", b"\x92")
    offset = data.index(b"\x92")
    line = data.count(b"\n", 0, offset) + 1
    column = offset - (data.rfind(b"\n", 0, offset) + 1) + 1
    print("cp1252-byte-not-utf8.ipynb: byte %d (line %d, column %d)" % (offset, line, column))
    return data


# ---- answers that are not where the checks expect them ---------------------------------------------------------

# Q2's answer is in a markdown cell (never executed), Q3's answer cell was deleted.
ANSWER_CELLS_MISSING = notebook([
    markdown("q1-task", "## Q1 Apples in a crate"),
    code("q1", "apples = 12"),
    markdown("q2-task", "## Q2 Apples in three crates"),
    markdown("q2", "crates = apples * 3"),
    markdown("q3-task", "## Q3 Pears (the answer cell below was deleted)"),
])
ANSWER_CELLS_MISSING_REF = notebook([code("solution", "apples = 12\ncrates = apples * 3\npears = 5")])

# ---- the release: solution markers (release-markers/) -----------------------------------------------------------

CODE_STUB = "# YOUR CODE HERE\nraise NotImplementedError()"


def png_base64(rgb):
    """A 1 x 1 PNG of one colour, base64-encoded as Jupyter stores attachments."""
    import base64
    import struct
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"\x00" + bytes(rgb)
    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
    return base64.b64encode(png).decode("ascii")


CHART_PNG = png_base64((30, 90, 200))
SKETCH_PNG = png_base64((200, 60, 30))


def with_attachment(cell, name, data):
    cell["attachments"] = {name: {"image/png": data}}
    return cell


# One notebook, one edge case per question: q1 markers indented in a function body; q2 CRLF line ends, a tab
# after BEGIN and spaces after END; q3 saved outputs that show the answer (42) and an execution count; q4 two
# regions in one cell; q5 the source as one string; q6 a markdown solution with its own attachment, after a
# prompt whose attachment stays.
def marker_edge_cases(released):
    q3 = code("q3", CODE_STUB if released else "### BEGIN SOLUTION\nanswer = 2 * 21\nprint(answer)\n### END SOLUTION")
    if not released:
        q3["execution_count"] = 3
        q3["outputs"] = [{"name": "stdout", "output_type": "stream", "text": ["42\n"]}]
    q5 = code("q5", "")
    q5["source"] = CODE_STUB if released else "### BEGIN SOLUTION\nspeed_unit = \"km/h\"\n### END SOLUTION"
    q6 = markdown("q6", "YOUR ANSWER HERE" if released else
                  "### BEGIN SOLUTION\n"
                  "The bars grow every week because more students hand in, see ![sketch](attachment:sketch.png)\n"
                  "### END SOLUTION")
    if not released:
        with_attachment(q6, "sketch.png", SKETCH_PNG)
    q2 = code("q2", "")
    q2["source"] = (["vowels = 0\n", "# YOUR CODE HERE\n", "raise NotImplementedError()\n", "print(vowels)"] if released
                    else ["vowels = 0\r\n", "### BEGIN SOLUTION\t\r\n",
                          "vowels = sum(ch in \"aeiou\" for ch in \"education\")\r\n", "### END SOLUTION  \r\n",
                          "print(vowels)"])
    return notebook([
        markdown("q1-task", "## Q1 Write `median3(a, b, c)`"),
        code("q1", "def median3(a, b, c):\n"
                   "    \"\"\"The middle one of three numbers.\"\"\"\n"
                   + ("    # YOUR CODE HERE\n    raise NotImplementedError()" if released else
                      "    ### BEGIN SOLUTION\n    return sorted([a, b, c])[1]\n    ### END SOLUTION")),
        q2,
        q3,
        code("q4", "low = 0\n"
                   + ("# YOUR CODE HERE\nraise NotImplementedError()\n" if released else
                      "### BEGIN SOLUTION\nlow = 3\n### END SOLUTION\n")
                   + "high = 9\n"
                   + ("# YOUR CODE HERE\nraise NotImplementedError()\n" if released else
                      "### BEGIN SOLUTION\nhigh = 30\n### END SOLUTION\n")
                   + "width = high - low"),
        q5,
        with_attachment(markdown("q6-task", "## Q6 Describe the chart\n![weekly hand-ins](attachment:chart.png)"),
                        "chart.png", CHART_PNG),
        q6,
    ])


# cells[1] opens a solution on its line 2 and never closes it.
MISSING_END = notebook([
    code("setup", "rate = 2"),
    code("open-region", "def triple(v):\n"
                        "    ### BEGIN SOLUTION\n"
                        "    return v * 3\n"
                        "\n"
                        "def use(v):\n"
                        "    return triple(v) - 1  # the closing marker was forgotten above"),
    code("closed-region", "### BEGIN SOLUTION\nhidden_constant = 17\n### END SOLUTION"),
])

# A second BEGIN on line 3 of cells[0], inside the first region.
NESTED_BEGIN = notebook([
    code("nested", "### BEGIN SOLUTION\n"
                   "limit = 10\n"
                   "### BEGIN SOLUTION\n"
                   "limit = 100\n"
                   "### END SOLUTION\n"
                   "### END SOLUTION"),
])


# Marker text inside a string literal is not a marker: cells[0] is kept whole (with a warning), cells[1] stubbed.
def marker_in_string(released):
    return notebook([
        code("hint", "hint = \"put your answer between ### BEGIN SOLUTION and ### END SOLUTION\"\nprint(hint)"),
        code("answer", CODE_STUB if released else "### BEGIN SOLUTION\nratio = 0.5\n### END SOLUTION"),
    ])


# ---- hostile to the host: run only inside the sandbox ------------------------------------------------------------

SANDBOX_ONLY = "**Sandbox test input: do not run it outside a sandbox.** "

# cells[1]-cells[4] reach for the network. Every address is loopback or a .invalid name, so the file sends nothing
# anywhere else even when run unsandboxed; on the host a test listens on 127.0.0.1:8765, which the sandbox's own
# network namespace must not reach.
NETWORK = notebook([
    markdown("warning", "**Sandbox test input.** The cells below try pip against a closed loopback index, HTTP and a\n"
                        "raw TCP connection to loopback port 8765, and a DNS lookup of a `.invalid` name. Nothing\n"
                        "but loopback is ever addressed."),
    code("pip", "!pip install --quiet --index-url http://127.0.0.1:9/simple --retries 0 --timeout 2 tabulate"),
    code("http", "from urllib.request import urlopen\n\nreply = urlopen(\"http://127.0.0.1:8765/status\", timeout=2).read()"),
    code("tcp", "import socket\n\nconn = socket.socket()\nconn.settimeout(2)\nconn.connect((\"127.0.0.1\", 8765))"),
    code("dns", "import socket\n\naddresses = socket.getaddrinfo(\"mirror.course.invalid\", 443)"),
    code("answer", "answer = 6 * 7"),
])

# The first submission writes where a later one could find it; the second looks for every trace.
LEAK_FILE = "/tmp/sandmark-fixture-leak.txt"
ESCAPE_WRITES = notebook([
    markdown("warning", SANDBOX_ONLY + "It plants an IPython startup file in your home and writes outside its\n"
                                       "working folder."),
    code("startup-file", "import pathlib\n"
                         "\n"
                         "startup = pathlib.Path.home() / \".ipython\" / \"profile_default\" / \"startup\"\n"
                         "startup.mkdir(parents=True, exist_ok=True)\n"
                         "(startup / \"50-planted.py\").write_text(\"planted = True\\n\")"),
    code("tmp-file", "with open(\"%s\", \"w\") as f:\n    f.write(\"from the first submission\")" % LEAK_FILE),
    code("parent-dir", "with open(\"../escaped.txt\", \"w\") as f:\n    f.write(\"out of the working folder\")"),
    code("append-data", "with open(\"data/grades.csv\", \"a\") as f:\n    f.write(\"mallory,100\\n\")"),
    code("site-packages", "import os\n"
                          "import site\n"
                          "\n"
                          "hook = os.path.join(site.getsitepackages()[0], \"usercustomize.py\")\n"
                          "with open(hook, \"w\") as f:\n"
                          "    f.write(\"planted = True\\n\")"),
    code("attempts", "attempts = 5"),
])
LATER_SUBMISSION = notebook([
    code("look-for-traces", "import os\n"
                            "\n"
                            "leak_tmp = os.path.exists(\"%s\")\n"
                            "leak_outside = os.path.exists(\"../escaped.txt\")\n"
                            "leak_startup = \"planted\" in globals()\n"
                            "rows = len(open(\"data/grades.csv\").read().strip().splitlines())" % LEAK_FILE),
])
GRADES_CSV = "name,grade\nana,2\nben,1\ncleo,3\ndev,2\n"

# A detached child that writes after 20 s, a child holding the kernel's stdout for 60 s, and a bounded flood of
# sleeping processes that the process limit must stop.
BACKGROUND_PROCESSES = notebook([
    markdown("warning", SANDBOX_ONLY + "It starts up to 300 processes and leaves some behind."),
    code("late-writer", "import subprocess\n"
                        "import sys\n"
                        "\n"
                        "subprocess.Popen([sys.executable, \"-c\",\n"
                        "                  \"import time; time.sleep(20); open('written_too_late.txt', 'w').write('late')\"],\n"
                        "                 start_new_session=True)"),
    code("stdout-holder", "import subprocess\n"
                          "import sys\n"
                          "\n"
                          "# keeps the kernel's own stdout and stderr open for a minute\n"
                          "subprocess.Popen([sys.executable, \"-c\", \"import time; time.sleep(60)  # holds stdout\"],\n"
                          "                 stdout=sys.__stdout__, stderr=sys.__stderr__, start_new_session=True)"),
    code("flood", "import subprocess\n"
                  "\n"
                  "spawned = 0\n"
                  "sleepers = []\n"
                  "try:\n"
                  "    for _ in range(300):  # bounded on purpose\n"
                  "        sleepers.append(subprocess.Popen([\"sleep\", \"60\"]))\n"
                  "        spawned += 1\n"
                  "except OSError as error:\n"
                  "    print(\"process limit reached:\", error)"),
    code("after-flood", "after_flood = 7"),
])

# Allocates (and touches) 64 MiB buffers until memory runs out; the list is local, so it is freed with the error.
MEMORY_HOG = notebook([
    markdown("warning", SANDBOX_ONLY + "It allocates memory until the limit stops it."),
    code("small", "small = [2, 3, 4]"),
    code("hog", "def read_all_chunks():\n"
                "    buffers = []\n"
                "    while True:  # the stream never ends\n"
                "        buffers.append(bytearray(64 * 1024 * 1024))\n"
                "\n"
                "\n"
                "read_all_chunks()"),
    code("total", "total = sum(small)"),
])


FIXTURES = {
    "kernel-killed-by-os-exit.ipynb": KERNEL_KILLED,
    "kernel-killed-by-os-exit.ref.ipynb": KERNEL_KILLED_REF,
    "infinite-loop.ipynb": INFINITE_LOOP,
    "infinite-loop.ref.ipynb": INFINITE_LOOP_REF,
    "infinite-loop-ignoring-sigint.ipynb": LOOP_IGNORING_SIGINT,
    "infinite-loop-ignoring-sigint.ref.ipynb": LOOP_IGNORING_SIGINT_REF,
    "infinite-loop-bare-except.ipynb": LOOP_BARE_EXCEPT,
    "input-call.ipynb": INPUT_CALL,
    "sys-exit-call.ipynb": SYS_EXIT,
    "exit-builtin-call.ipynb": EXIT_BUILTIN,
    "slow-cells-past-wall-clock.ipynb": SLOW_CELLS,
    "slow-cells-past-wall-clock.ref.ipynb": SLOW_CELLS_REF,
    "output-flood.ipynb": OUTPUT_FLOOD,
    "traceback-display-disabled.ipynb": TRACEBACK_DISABLED,
    "traceback-display-set-to-none.ipynb": TRACEBACK_NONE,
    "gui-plot-backend.ipynb": GUI_BACKEND,
    "numpy-scalars.ipynb": NUMPY_SCALARS,
    "nan-inf-negative-zero.ipynb": NAN_INF,
    "unknown-kernelspec.ipynb": UNKNOWN_KERNELSPEC,
    "unknown-kernelspec.ref.ipynb": UNKNOWN_KERNELSPEC_REF,
    "r-kernel.ipynb": R_KERNEL,
    "data-paths/windows-path-and-data-urls.ipynb": DATA_PATHS,
    "duplicate-cell-ids.ipynb": DUPLICATE_IDS,
    "old-format-without-ids.ipynb": OLD_FORMAT_NO_IDS,
    "missing-and-null-cell-ids.ipynb": _MISSING_AND_NULL,
    "answer-cells-markdown-or-deleted.ipynb": ANSWER_CELLS_MISSING,
    "answer-cells-markdown-or-deleted.ref.ipynb": ANSWER_CELLS_MISSING_REF,
    "release-markers/marker-edge-cases.ipynb": marker_edge_cases(released=False),
    "release-markers/marker-edge-cases.student.ipynb": marker_edge_cases(released=True),
    "release-markers/missing-end-marker.ipynb": MISSING_END,
    "release-markers/nested-begin-marker.ipynb": NESTED_BEGIN,
    "release-markers/marker-in-string.ipynb": marker_in_string(released=False),
    "release-markers/marker-in-string.student.ipynb": marker_in_string(released=True),
    "network-access.ipynb": NETWORK,
    "writes-outside-workdir/escape-writes.ipynb": ESCAPE_WRITES,
    "writes-outside-workdir/later-submission.ipynb": LATER_SUBMISSION,
    "background-processes.ipynb": BACKGROUND_PROCESSES,
    "memory-hog.ipynb": MEMORY_HOG,
}


def main():
    for name, nb in FIXTURES.items():
        write(name, dump(nb))
    write("data-paths/data/marks.csv", MARKS_CSV)
    write("writes-outside-workdir/data/grades.csv", GRADES_CSV)
    # The release test checks that the answer shown in q3's saved output (42) is gone: nothing else may hold it.
    assert dump(marker_edge_cases(released=False)).count("42") == 1
    assert "42" not in dump(marker_edge_cases(released=True))
    write("cp1252-byte-not-utf8.ipynb", not_utf8_bytes())


if __name__ == "__main__":
    main()
