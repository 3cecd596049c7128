"""`sandmark-cli slurm` against a real single-node Slurm (tests/slurm/slurm-cluster.sh starts and stops it).

Run by ctest as `slurm-cluster.sh python3 -m pytest test_slurm.py` with SANDMARK_CLI (the built sandmark-cli),
SANDMARK_EXAMPLE (examples/iris) and SLURM_CONF set. The example's 14 submissions are graded through Slurm job
arrays in the real bwrap sandbox and compared with a local `grade` of the same copy.
"""
import csv
import io
import json
import os
import shutil
import sqlite3
import subprocess
import tempfile
import time

import pytest

CLI = os.environ.get("SANDMARK_CLI", "")
EXAMPLE = os.environ.get("SANDMARK_EXAMPLE", "")

pytestmark = pytest.mark.skipif(
    not os.environ.get("SLURM_CONF") or not os.path.isfile(CLI),
    reason="needs the cluster of tests/slurm/slurm-cluster.sh (SLURM_CONF) and SANDMARK_CLI",
)


def run(args, env=None, timeout=900, check=True):
    p = subprocess.run([CLI] + args, capture_output=True, text=True, env=env, timeout=timeout)
    if check and p.returncode != 0:
        raise AssertionError("sandmark-cli %s exited %d\nstdout:\n%s\nstderr:\n%s"
                             % (" ".join(args), p.returncode, p.stdout, p.stderr))
    return p


def queued(job_ids):
    """The jobs (array tasks expanded) Slurm still lists."""
    p = subprocess.run(["squeue", "--noheader", "--array", "--jobs=" + ",".join(job_ids), "--format=%i %T"],
                       capture_output=True, text=True, timeout=60)
    if p.returncode != 0 and "Invalid job id" in p.stderr:
        return []
    assert p.returncode == 0, p.stderr
    return [line.split() for line in p.stdout.splitlines() if line.strip()]


def wait_until_gone(job_ids, timeout=900):
    deadline = time.time() + timeout
    while queued(job_ids):
        assert time.time() < deadline, "jobs %s still queued after %d s: %s" % (job_ids, timeout, queued(job_ids))
        time.sleep(1)


def submitted_ids(stdout):
    """{'array': id, 'merge': id} from `slurm submit`'s lines."""
    ids = {}
    for line in stdout.splitlines():
        words = line.split()
        if line.startswith("array job "):
            ids["array"] = words[2].rstrip(":")
        elif line.startswith("merge job "):
            ids["merge"] = words[2].rstrip(":")
    assert set(ids) == {"array", "merge"}, stdout
    return ids


def grades_of(assignment, gradebook=None):
    """{student: (status, score)} from `export` of the gradebook."""
    args = ["export", assignment]
    if gradebook:
        args += ["--gradebook", gradebook]
    rows = list(csv.DictReader(io.StringIO(run(args).stdout)))
    return {r["student"]: (r["status"], r["score"]) for r in rows}


def runs_per_student(gradebook):
    db = sqlite3.connect("file:%s?mode=ro" % gradebook, uri=True)
    try:
        return dict(db.execute("SELECT s.student, COUNT(*) FROM runs r JOIN submissions s ON s.id = r.submission_id "
                               "GROUP BY s.student").fetchall())
    finally:
        db.close()


@pytest.fixture(scope="module")
def work():
    # Not on a memory file system (the shared-cache check refuses tmpfs); readable by the sandbox's uid.
    base = os.environ.get("SANDMARK_TEST_WORK_DIR") or None
    d = tempfile.mkdtemp(prefix="sandmark-slurm-test.", dir=base)
    os.chmod(d, 0o755)
    yield d
    shutil.rmtree(d, ignore_errors=True)


@pytest.fixture(scope="module")
def env(work):
    e = dict(os.environ)
    e["SANDMARK_CACHE_DIR"] = os.path.join(work, "cache")
    e.setdefault("SANDMARK_PYTHON", "/usr/bin/python3")
    e["LC_ALL"] = "C.UTF-8"
    return e


def copy_example(work, name):
    dest = os.path.join(work, name)
    shutil.copytree(EXAMPLE, dest, ignore=shutil.ignore_patterns(".sandmark"))
    return dest


@pytest.fixture(scope="module")
def local_grades(work, env):
    """The example graded locally (no Slurm), the reference every cluster run is compared with."""
    a = copy_example(work, "local")
    run(["grade", a, "--jobs", "2"], env=env, check=False)  # exit 1/3 are grades (needs-review, grader-error rows)
    g = grades_of(a)
    assert len(g) == 14, g
    return g


def test_three_shards_equal_local_grade(work, env, local_grades):
    a = copy_example(work, "three")
    dry = run(["slurm", "submit", a, "--shards", "3", "--dry-run"], env=env)
    assert "#SBATCH --array=1-3" in dry.stdout and "--dependency=afterany" in dry.stdout, dry.stdout
    assert not os.path.exists(os.path.join(a, ".sandmark", "slurm", "submission.json"))  # nothing submitted

    sub = run(["slurm", "submit", a, "--shards", "3", "--cpus-per-task", "1"], env=env)
    ids = submitted_ids(sub.stdout)
    reference = os.path.join(env["SANDMARK_CACHE_DIR"], "reference")
    prepared = sorted(os.listdir(reference))  # what submit prepared: the tasks must find it, not build their own
    status = run(["slurm", "status", a, "--watch", "--interval", "2"], env=env, timeout=1200)
    assert "[14/14] 100%" in status.stdout, status.stdout
    # --watch printed the progress as it went (one line per change off a terminal), with an ETA once results came.
    progress = [line for line in status.stderr.splitlines() if line.startswith("[")]
    assert any("ETA" in line and "100%" not in line for line in progress), status.stderr
    for k in (1, 2, 3):
        assert any(line.startswith("%d/3" % k) and " done " in line for line in status.stdout.splitlines()), status.stdout
    wait_until_gone([ids["array"], ids["merge"]])
    merge_log = open(os.path.join(a, ".sandmark", "slurm", "logs", "merge.log")).read()
    assert "merged 3 shard(s)" in merge_log, merge_log

    # The merged gradebook equals the local grade: same status and score per student, one run each.
    assert grades_of(a) == local_grades
    gradebook = os.path.join(a, ".sandmark", "gradebook.sqlite")
    assert runs_per_student(gradebook) == {s: 1 for s in local_grades}
    # Each shard graded its own slice: the sorted ids, i-th in shard i mod 3 + 1.
    ids_sorted = sorted(local_grades)
    for k in (1, 2, 3):
        shard = runs_per_student(os.path.join(a, ".sandmark", "slurm", "shards", "%d-of-3.sqlite" % k))
        assert sorted(shard) == [s for i, s in enumerate(ids_sorted) if i % 3 == k - 1]
        report = json.load(open(os.path.join(a, ".sandmark", "slurm", "shards", "%d-of-3.json" % k)))
        assert report["state"] == "finished", report
        # --jobs from SLURM_CPUS_PER_TASK (1 here; the default would be this machine's cores).
        log = open(os.path.join(a, ".sandmark", "slurm", "logs", "%d-of-3.log" % k)).read()
        assert "self-test passed" in log and " s with 1 job(s)" in log, log
    # The tasks used the reference run submit prepared in the shared cache: no task added one of its own.
    assert sorted(os.listdir(reference)) == prepared

    # Merging again adds nothing and keeps an override made meanwhile.
    run(["override", a, "bob", "--points", "7", "--comment", "regraded by hand"], env=env)
    again = run(["slurm", "merge", a], env=env)
    assert "0 run(s) added, 14 already present" in again.stdout, again.stdout
    assert grades_of(a)["bob"] == ("graded", "7")

    # A resubmission with every shard done submits nothing.
    nothing = run(["slurm", "submit", a, "--shards", "3"], env=env)
    assert "nothing to submit" in nothing.stderr, nothing.stderr

    # Merge with a shard missing refuses, names it, and writes nothing.
    partial = copy_example(work, "partial")
    shutil.copytree(os.path.join(a, ".sandmark", "slurm"), os.path.join(partial, ".sandmark", "slurm"))
    os.remove(os.path.join(partial, ".sandmark", "slurm", "shards", "2-of-3.sqlite"))
    out = os.path.join(work, "partial-merged.sqlite")
    refused = run(["slurm", "merge", partial, "--gradebook", out], env=env, check=False)
    assert refused.returncode == 1, refused.stderr
    assert "not merging a partial course" in refused.stderr and "shard 2/3" in refused.stderr, refused.stderr
    assert "shard 1/3" not in refused.stderr and "shard 3/3" not in refused.stderr, refused.stderr
    assert not os.path.exists(out)


def test_cancelled_task_resumes_without_duplicates(work, env, local_grades):
    a = copy_example(work, "cancel")
    sub = run(["slurm", "submit", a, "--shards", "1", "--cpus-per-task", "1"], env=env)
    ids = submitted_ids(sub.stdout)
    shard = os.path.join(a, ".sandmark", "slurm", "shards", "1-of-1.sqlite")
    deadline = time.time() + 600
    while not (os.path.exists(shard) and sum(runs_per_student(shard).values()) >= 3):
        assert time.time() < deadline and queued([ids["array"]]), "the task did not record 3 results"
        time.sleep(0.5)
    subprocess.run(["scancel", ids["array"]], check=True, timeout=60)
    wait_until_gone([ids["array"], ids["merge"]])
    done_before = runs_per_student(shard)
    assert 3 <= len(done_before) < 14, done_before
    assert all(n == 1 for n in done_before.values()), done_before
    report = json.load(open(os.path.join(a, ".sandmark", "slurm", "shards", "1-of-1.json")))
    assert report["state"] == "interrupted", report
    # The merge job ran after the cancelled array (afterany) and refused the unfinished shard.
    merge_log = open(os.path.join(a, ".sandmark", "slurm", "logs", "merge.log")).read()
    assert "not merging a partial course" in merge_log and "shard 1/1" in merge_log, merge_log
    assert not os.path.exists(os.path.join(a, ".sandmark", "gradebook.sqlite"))
    status = run(["slurm", "status", a], env=env, check=False)
    assert status.returncode == 1 and "stopped" in status.stdout, status.stdout

    sub = run(["slurm", "submit", a, "--shards", "1", "--cpus-per-task", "1"], env=env)
    ids = submitted_ids(sub.stdout)
    wait_until_gone([ids["array"], ids["merge"]], timeout=1200)
    # No duplicate and no lost result: one run per student in the shard and in the merged gradebook.
    assert runs_per_student(shard) == {s: 1 for s in local_grades}
    assert runs_per_student(os.path.join(a, ".sandmark", "gradebook.sqlite")) == {s: 1 for s in local_grades}
    assert grades_of(a) == local_grades
    log = open(os.path.join(a, ".sandmark", "slurm", "logs", "1-of-1.log")).read()
    assert "interrupted" in log and "attempt" in log, log


def test_failing_self_test_fails_fast_and_status_names_the_shard(work, env):
    a = copy_example(work, "nobwrap")
    # The tasks' environment lacks bwrap (as on a node without bubblewrap): PATH without /usr/bin and /bin.
    nobin = os.path.join(work, "nobwrap-bin")
    os.makedirs(nobin, exist_ok=True)
    task_env = dict(env)
    task_env["SBATCH_EXPORT"] = "ALL,PATH=%s" % nobin  # sbatch reads it as --export: the tasks' environment only
    sub = run(["slurm", "submit", a, "--shards", "2"], env=task_env)
    ids = submitted_ids(sub.stdout)
    wait_until_gone([ids["array"], ids["merge"]])
    status = run(["slurm", "status", a], env=env, check=False)
    assert status.returncode == 1, status.stdout + status.stderr
    lines = status.stdout.splitlines()
    for k in (1, 2):
        row = [line for line in lines if line.startswith("%d/2" % k)]
        assert row and "FAILED" in row[0] and "self-test failed" in row[0] and "bwrap" in row[0], status.stdout
    # Fast: nothing graded, and the log says why and how to fix it.
    assert not os.path.exists(os.path.join(a, ".sandmark", "slurm", "shards", "1-of-2.sqlite"))
    log = open(os.path.join(a, ".sandmark", "slurm", "logs", "1-of-2.log")).read()
    assert "self-test FAILED" in log and "fix:" in log and "nothing was graded" in log, log
    assert "grade" not in log.split("self-test FAILED")[0].replace("graded", ""), log
    report = json.load(open(os.path.join(a, ".sandmark", "slurm", "shards", "2-of-2.json")))
    assert report["state"] == "self-test-failed" and report["fix"], report
    # The merge job refused both shards.
    merge_log = open(os.path.join(a, ".sandmark", "slurm", "logs", "merge.log")).read()
    assert "shard 1/2" in merge_log and "shard 2/2" in merge_log, merge_log
    assert not os.path.exists(os.path.join(a, ".sandmark", "gradebook.sqlite"))
