from hashlib import sha1
assert str(greet("Ada").lower()) == """hello, ada!""", """greet(\"Ada\") reads wrong"""
assert str(greet("Ada")) == """Hello, Ada!""", """greet(\"Ada\"): check upper and lower case"""

print('All tests passed.')