assert mean([2]) == 2
### BEGIN HIDDEN TESTS
from hashlib import sha1
assert sha1(str(round(mean([1, 2, 4]), 3)).encode("utf-8") + b"11b54").hexdigest() == """340439af37804318234ae38703a4a4121078dea6""", """mean([1, 2, 4]) is off (3 decimals)"""

### END HIDDEN TESTS
print('All tests passed.')