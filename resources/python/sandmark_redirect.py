"""Sandmark URL redirect: data URLs read the supplied local files, every other URL fails fast.

Loaded by the injected first cell (from its file path) inside the student's kernel.
Python >= 3.9, standard library only.

After ``install(names, urls)``:
- ``urllib.request.urlopen`` (and so ``urlretrieve`` and pandas' ``read_csv(URL)``, which call it),
  the default opener, and ``requests`` (when already importable) serve an http/https URL from a
  local file: the exact URL first (``urls``), else the basename of the URL's path (``names``);
- any other http/https/ftp URL raises ``urllib.error.URLError("offline: Sandmark grading has no
  network (URL)")`` at once, instead of waiting for DNS or a connect timeout.
Local paths are resolved against the current directory at install time.
"""

import email.message
import io
import os
import posixpath
import sys
import urllib.error
import urllib.parse
import urllib.request
import urllib.response

_NET_SCHEMES = ("http", "https", "ftp")

_state = {"installed": False, "orig_urlopen": None, "orig_opener": None, "names": {}, "urls": {},
          "requests_send": None}


def _url_of(url):
    if isinstance(url, urllib.request.Request):
        return url.full_url
    return str(url)


def _lookup(url):
    """Local path serving ``url``, or None."""
    urls = _state["urls"]
    if url in urls:
        return urls[url]
    nofrag = urllib.parse.urldefrag(url)[0]
    if nofrag in urls:
        return urls[nofrag]
    try:
        path = urllib.parse.urlsplit(url).path
    except ValueError:
        return None
    base = posixpath.basename(urllib.parse.unquote(path))
    return _state["names"].get(base) if base else None


def _offline(url):
    return urllib.error.URLError("offline: Sandmark grading has no network (%s)" % url)


def _is_network(url):
    scheme = url.split(":", 1)[0].lower() if ":" in url else ""
    return scheme in _NET_SCHEMES


def _serve(url):
    """A file-like urllib response for a network URL, or raise URLError."""
    local = _lookup(url)
    if local is None:
        raise _offline(url)
    try:
        with open(local, "rb") as f:
            data = f.read()
    except OSError as e:
        raise urllib.error.URLError("Sandmark redirect: cannot read %s for %s: %s" % (local, url, e))
    headers = email.message.Message()
    headers["Content-Type"] = "application/octet-stream"
    headers["Content-Length"] = str(len(data))
    resp = urllib.response.addinfourl(io.BytesIO(data), headers, url, 200)
    resp.msg = "OK"
    return resp


def _urlopen(url, *args, **kwargs):
    u = _url_of(url)
    if _is_network(u):
        return _serve(u)
    return _state["orig_urlopen"](url, *args, **kwargs)


class _Handler(urllib.request.BaseHandler):
    handler_order = 100  # before the default HTTP/FTP handlers

    def _open(self, req):
        return _serve(req.full_url)

    http_open = https_open = ftp_open = _open


def _patch_requests():
    try:
        import importlib.util
        if "requests" not in sys.modules and importlib.util.find_spec("requests") is None:
            return
        import requests
        import requests.adapters
    except Exception:
        return
    adapter = requests.adapters.HTTPAdapter
    orig = adapter.send

    def send(self, request, *args, **kwargs):
        url = request.url
        if not _is_network(url):
            return orig(self, request, *args, **kwargs)
        local = _lookup(url)
        if local is None:
            raise requests.exceptions.ConnectionError(str(_offline(url).reason), request=request)
        with open(local, "rb") as f:
            data = f.read()
        resp = requests.Response()
        resp.status_code = 200
        resp.reason = "OK"
        resp.url = url
        resp.request = request
        resp.headers["Content-Length"] = str(len(data))
        resp.raw = io.BytesIO(data)
        resp._content = data
        resp.encoding = None
        return resp

    adapter.send = send
    _state["requests_send"] = (adapter, orig)


def install(names, urls):
    """Redirect data URLs to local files.

    names: file basename -> local path (relative to the current directory now);
    urls: full URL -> local path. Calling it again replaces the maps.
    """
    cwd = os.getcwd()
    _state["names"] = {str(k): os.path.join(cwd, str(v)) for k, v in dict(names or {}).items()}
    _state["urls"] = {str(k): os.path.join(cwd, str(v)) for k, v in dict(urls or {}).items()}
    if _state["installed"]:
        return
    _state["orig_urlopen"] = urllib.request.urlopen
    _state["orig_opener"] = urllib.request._opener
    urllib.request.urlopen = _urlopen
    urllib.request.install_opener(urllib.request.build_opener(_Handler))
    _patch_requests()
    _state["installed"] = True


def uninstall():
    """Undo install() (used by tests)."""
    if not _state["installed"]:
        return
    urllib.request.urlopen = _state["orig_urlopen"]
    urllib.request.install_opener(_state["orig_opener"])
    if _state["requests_send"] is not None:
        adapter, orig = _state["requests_send"]
        adapter.send = orig
        _state["requests_send"] = None
    _state["installed"] = False
