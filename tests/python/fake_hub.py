"""A loopback stand-in for the Hugging Face Hub's resolve endpoint, for tests (stdlib only).

Usage: python3 fake_hub.py CONFIG.json
Prints "PORTS <hub_port> <cdn_port>" on stdout once both servers listen on 127.0.0.1, then serves until
stdin closes or it is killed. CONFIG:
    {"log": "/path/requests.jsonl",
     "token": "hf_test_token",                       # the token gated repos accept
     "repos": {"datasets/course/neuro": {"commit": "<40 hex>", "gated": false,
                                         "files": {"S01/betas_all.npy": {"size": 200000, "lfs": true}}}},
     "drop_once": ["big/weights.bin"]}               # first full GET of these drops mid-file

Like the Hub: HEAD/GET {hub}/{datasets/|spaces/|}<repo>/resolve/<rev>/<path> answers
  - small (non-LFS) files: 200, ETag "<git sha1>", X-Repo-Commit, Content-Length, the body on GET;
  - LFS files: 302 to the CDN server (another port, so another host for huggingface_hub), with
    X-Linked-Etag "<sha256>", X-Linked-Size, X-Repo-Commit;
  - gated repos without "Authorization: Bearer <token>": 401, X-Error-Code: GatedRepo;
  - unknown files: 404, X-Error-Code: EntryNotFound, X-Repo-Commit.
The CDN answers GET /blobs/<sha256> with Range support (206, Content-Range). Every request is appended to
the log as one JSON line: server, method, path, range, authorization.
"""

import hashlib
import http.server
import json
import socket
import sys
import threading
from urllib.parse import unquote

CONFIG = {}
BLOBS = {}  # sha256 -> bytes
LOCK = threading.Lock()
DROPPED = set()


def content_for(repo, path, size):
    seed = ("%s/%s" % (repo, path)).encode()
    out = bytearray()
    block = hashlib.sha256(seed).digest()
    while len(out) < size:
        out += block
        block = hashlib.sha256(block).digest()
    return bytes(out[:size])


def log(entry):
    with LOCK:
        with open(CONFIG["log"], "a", encoding="utf-8") as f:
            f.write(json.dumps(entry) + "\n")


class Base(http.server.BaseHTTPRequestHandler):
    server_name_tag = "?"
    protocol_version = "HTTP/1.0"

    def log_message(self, *args):
        pass

    def record(self):
        log({"server": self.server_name_tag, "method": self.command, "path": self.path,
             "range": self.headers.get("Range"), "authorization": self.headers.get("Authorization")})

    def send(self, status, headers, body=b"", head=False):
        self.send_response(status)
        for k, v in headers.items():
            self.send_header(k, v)
        if "Content-Length" not in headers:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if not head and body:
            self.wfile.write(body)


class Hub(Base):
    server_name_tag = "hub"

    def do_HEAD(self):
        self.handle_resolve(head=True)

    def do_GET(self):
        self.handle_resolve(head=False)

    def handle_resolve(self, head):
        self.record()
        path = unquote(self.path.split("?", 1)[0])
        if "/resolve/" not in path:
            return self.send(404, {"X-Error-Code": "RepoNotFound"}, b"not found", head)
        repo_part, rest = path.lstrip("/").split("/resolve/", 1)
        rev, _, filename = rest.partition("/")
        if not repo_part.startswith(("datasets/", "spaces/")):
            repo_part = "models/" + repo_part
        repo = CONFIG["repos"].get(repo_part)
        if repo is None:
            return self.send(401, {"X-Error-Code": "RepoNotFound",
                                   "X-Error-Message": "Repository not found"}, b"", head)
        if rev not in ("main", repo["commit"]):
            return self.send(404, {"X-Error-Code": "RevisionNotFound"}, b"", head)
        if repo.get("gated") and self.headers.get("Authorization") != "Bearer " + CONFIG.get("token", ""):
            return self.send(401, {"X-Error-Code": "GatedRepo",
                                   "X-Error-Message": "Access to this repo is restricted"}, b"", head)
        spec = repo["files"].get(filename)
        common = {"X-Repo-Commit": repo["commit"]}
        if spec is None:
            return self.send(404, dict(common, **{"X-Error-Code": "EntryNotFound",
                                                  "X-Error-Message": "Entry not found"}), b"", head)
        data = content_for(repo_part, filename, spec["size"])
        if spec.get("lfs"):
            sha = hashlib.sha256(data).hexdigest()
            BLOBS[sha] = (data, filename)
            loc = "http://127.0.0.1:%d/blobs/%s" % (CONFIG["cdn_port"], sha)
            return self.send(302, dict(common, **{"Location": loc, "X-Linked-Etag": '"%s"' % sha,
                                                  "X-Linked-Size": str(len(data)), "ETag": '"pointer-etag"',
                                                  "Content-Length": "0"}), b"", head)
        gitsha = hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()
        return self.send(200, dict(common, **{"ETag": '"%s"' % gitsha, "Content-Length": str(len(data))}),
                         data, head)


class Cdn(Base):
    server_name_tag = "cdn"

    def do_HEAD(self):
        self.serve(head=True)

    def do_GET(self):
        self.serve(head=False)

    def serve(self, head):
        self.record()
        sha = self.path.split("?", 1)[0].rsplit("/", 1)[-1]
        if sha not in BLOBS:
            return self.send(404, {}, b"", head)
        data, filename = BLOBS[sha]
        rng = self.headers.get("Range")
        if rng and rng.startswith("bytes="):
            start = int(rng[6:].split("-", 1)[0])
            if start >= len(data):
                return self.send(416, {"Content-Range": "bytes */%d" % len(data)}, b"", head)
            part = data[start:]
            return self.send(206, {"Content-Range": "bytes %d-%d/%d" % (start, len(data) - 1, len(data)),
                                   "Content-Length": str(len(part)), "Accept-Ranges": "bytes"}, part, head)
        if not head and filename in CONFIG.get("drop_once", []) and filename not in DROPPED:
            DROPPED.add(filename)
            self.send_response(200)
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Accept-Ranges", "bytes")
            self.end_headers()
            self.wfile.write(data[: len(data) // 2])
            self.wfile.flush()
            self.connection.shutdown(socket.SHUT_RDWR)
            self.close_connection = True
            return None
        return self.send(200, {"Content-Length": str(len(data)), "Accept-Ranges": "bytes"}, data, head)


def main():
    global CONFIG
    with open(sys.argv[1], encoding="utf-8") as f:
        CONFIG = json.load(f)
    hub = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Hub)
    cdn = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Cdn)
    CONFIG["cdn_port"] = cdn.server_address[1]
    for s in (hub, cdn):
        s.daemon_threads = True
        threading.Thread(target=s.serve_forever, daemon=True).start()
    print("PORTS %d %d" % (hub.server_address[1], cdn.server_address[1]), flush=True)
    try:
        sys.stdin.read()  # until the test closes our stdin or kills us
    finally:
        hub.shutdown()
        cdn.shutdown()


if __name__ == "__main__":
    main()
