"""Tests of resources/python/sandmark_redirect.py. No real network: only `.invalid` hosts."""
import os
import shutil
import tempfile
import time
import unittest
import urllib.error
import urllib.request

from sandmark_testutil import load_runtime_module

try:
    import pandas as pd
except ImportError:  # pragma: no cover
    pd = None

CSV = "name,score\nann,7\nbob,9\ncid,10\n"
URL = "https://data.example.invalid/ds101/data/scores.csv"


class RedirectTest(unittest.TestCase):
    def setUp(self):
        self.old_cwd = os.getcwd()
        self.tmp = tempfile.mkdtemp(prefix="sandmark-redirect-")
        os.chdir(self.tmp)
        os.mkdir("data")
        with open("data/scores.csv", "w") as f:
            f.write(CSV)
        with open("data/other.txt", "w") as f:
            f.write("exact\n")
        self.mod = load_runtime_module("sandmark_redirect")
        self.mod.install(names={"scores.csv": "data/scores.csv"},
                         urls={"http://files.example.invalid/x?id=3": "data/other.txt"})
        # Paths were resolved at install time: moving away must not matter.
        os.chdir(self.old_cwd)

    def tearDown(self):
        self.mod.uninstall()
        os.chdir(self.old_cwd)
        shutil.rmtree(self.tmp)

    def test_urlopen_serves_by_basename(self):
        with urllib.request.urlopen(URL) as resp:
            text = resp.read().decode()
            self.assertEqual(resp.status, 200)
            self.assertEqual(resp.geturl(), URL)
        self.assertEqual(text, CSV)
        self.assertEqual(len(text.strip().splitlines()), 4)

    def test_request_object_and_exact_url(self):
        with urllib.request.urlopen(urllib.request.Request("http://files.example.invalid/x?id=3")) as resp:
            self.assertEqual(resp.read(), b"exact\n")

    def test_default_opener_and_urlretrieve(self):
        with urllib.request._opener.open(URL) as resp:
            self.assertEqual(resp.read().decode(), CSV)
        dest = os.path.join(self.tmp, "copy.csv")
        urllib.request.urlretrieve(URL, dest)
        with open(dest) as f:
            self.assertEqual(f.read(), CSV)

    def test_unmapped_url_fails_fast(self):
        for url in ("https://nowhere.example.invalid/data/missing.csv", "http://a.invalid/", "ftp://b.invalid/x.csv"):
            start = time.monotonic()
            with self.assertRaises(urllib.error.URLError) as cm:
                urllib.request.urlopen(url)
            self.assertLess(time.monotonic() - start, 1.0)
            self.assertIn("offline: Sandmark grading has no network (%s)" % url, str(cm.exception))

    def test_file_urls_still_work(self):
        path = os.path.join(self.tmp, "data", "other.txt")
        with urllib.request.urlopen("file://" + path) as resp:
            self.assertEqual(resp.read(), b"exact\n")

    @unittest.skipIf(pd is None, "pandas is not installed for this Python")
    def test_pandas_read_csv_url(self):
        df = pd.read_csv(URL)
        self.assertEqual(len(df), 3)
        self.assertEqual(int(df["score"].max()), 10)
        with self.assertRaises(urllib.error.URLError):
            pd.read_csv("https://elsewhere.example.invalid/ds101/unknown.csv")

    def test_uninstall_restores(self):
        self.mod.uninstall()
        self.assertIsNot(urllib.request.urlopen, self.mod._urlopen)


if __name__ == "__main__":
    unittest.main()
