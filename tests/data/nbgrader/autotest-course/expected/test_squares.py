from hashlib import sha1
assert str(len(squares(1))) == """1""", """squares(1) has the wrong length"""
assert str(squares(1)) == """[1]""", """squares(1) has the wrong elements"""

assert str(len(squares(3))) == """3""", """squares(3) has the wrong length"""
assert str(squares(3)) == """[1, 4, 9]""", """squares(3) has the wrong elements"""

assert sha1(str(type(len(squares(4)))).encode("utf-8") + b"13715").hexdigest() == """8ec45c0d11766b044b4106cc2bf5529af01ab2bf""", """len(squares(4)) should be an int"""
assert sha1(str(len(squares(4))).encode("utf-8") + b"13715").hexdigest() == """64e53838a114c067c6c878e0512488e6bb7d293f""", """len(squares(4)) has the wrong value"""

print('All tests passed.')