OK_FORMAT = True

test = {'name': 'q2', 'all_or_nothing': True, 'suites': [{'cases': [{'code': '>>> len(words)\n2', 'hidden': False, 'locked': False, 'points': 1}, {'code': ">>> words[0]\n'a'", 'hidden': True, 'locked': False, 'points': 2}], 'scored': True, 'setup': '', 'teardown': '', 'type': 'doctest'}]}
