"""Tests of resources/python/sandmark_redirect.py. No real network: only `.invalid` hosts."""
import os
import shutil
import sys
import tempfile
import unittest
from unittest import mock
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
        # Fast because nothing touches the network: no name lookup, no connection (asserted directly, not
        # timed - a loaded machine may take a second to import the handlers).
        attempts = []

        def refuse(name):
            def call(*args, **kwargs):
                attempts.append((name, args))
                raise OSError("the test forbids network access")
            return call

        with mock.patch("socket.getaddrinfo", refuse("getaddrinfo")), \
                mock.patch("socket.create_connection", refuse("create_connection")), \
                mock.patch("socket.socket.connect", refuse("connect")):
            for url in ("https://nowhere.example.invalid/data/missing.csv", "http://a.invalid/", "ftp://b.invalid/x.csv"):
                with self.assertRaises(urllib.error.URLError) as cm:
                    urllib.request.urlopen(url)
                self.assertIn("offline: Sandmark grading has no network (%s)" % url, str(cm.exception))
        self.assertEqual(attempts, [])

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



class HubMissingFileTest(unittest.TestCase):
    """A cold-cache hf_hub_download error names the file (a stand-in huggingface_hub package)."""

    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="sandmark-hub-")
        pkg = os.path.join(self.tmp, "huggingface_hub")
        os.mkdir(pkg)
        with open(os.path.join(pkg, "__init__.py"), "w") as f:
            f.write("from .file_download import hf_hub_download\n")
        with open(os.path.join(pkg, "file_download.py"), "w") as f:
            f.write("class LocalEntryNotFoundError(FileNotFoundError):\n    pass\n"
                    "def hf_hub_download(repo_id, filename, *, subfolder=None, repo_type=None, revision=None):\n"
                    "    if filename == 'ok.txt':\n        return '/cache/' + filename\n"
                    "    raise LocalEntryNotFoundError('Cannot find the requested files in the disk cache')\n")
        sys.path.insert(0, self.tmp)
        self.mod = load_runtime_module("sandmark_redirect")
        self.mod.install(names={}, urls={})

    def tearDown(self):
        self.mod.uninstall()
        sys.path.remove(self.tmp)
        for name in [m for m in sys.modules if m == "huggingface_hub" or m.startswith("huggingface_hub.")]:
            del sys.modules[name]
        shutil.rmtree(self.tmp)

    def test_missing_file_is_named(self):
        from huggingface_hub import hf_hub_download
        self.assertEqual(hf_hub_download("course/neuro", "ok.txt"), "/cache/ok.txt")
        with self.assertRaises(FileNotFoundError) as cm:
            hf_hub_download("course/neuro", "betas.npy", subfolder="S01", repo_type="dataset")
        self.assertEqual(type(cm.exception).__name__, "LocalEntryNotFoundError")
        self.assertEqual(str(cm.exception), "Cannot find the requested files in the disk cache "
                         "(repo_id: course/neuro, repo_type: dataset, revision: main, filename: S01/betas.npy)")

    def test_keyword_call_and_uninstall(self):
        import huggingface_hub.file_download as fd
        with self.assertRaises(FileNotFoundError) as cm:
            fd.hf_hub_download(repo_id="org/m", filename="w.bin", revision="v1")
        self.assertIn("(repo_id: org/m, repo_type: model, revision: v1, filename: w.bin)", str(cm.exception))
        self.mod.uninstall()
        self.assertFalse(any(isinstance(f, self.mod._HubWatcher) for f in sys.meta_path))


if __name__ == "__main__":
    unittest.main()
