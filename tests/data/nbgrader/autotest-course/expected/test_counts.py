from hashlib import sha1
assert sha1(str(sorted(counts(WORDS).items())).encode("utf-8") + b"8d059").hexdigest() == """8ea58e99833817baf0c870ba2d20958d5e8edf3d""", """counts(WORDS) maps the wrong \"counts\""""

assert sha1(str("ant" in counts(WORDS)).encode("utf-8") + b"8d05a").hexdigest() == """11c65b5072645b3b45e12e058dbf868e06c33be9""", """\"ant\" in counts(WORDS) should be the other truth value"""

print('All tests passed.')