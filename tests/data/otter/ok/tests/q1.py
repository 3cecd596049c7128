OK_FORMAT = True

test = {'name': 'q1', 'points': 2, 'suites': [{'cases': [{'code': '>>> total\n10', 'hidden': False, 'locked': False}, {'code': '>>> total % 2 == 0\nTrue', 'hidden': True, 'locked': False, 'failure_message': 'total should be even'}], 'scored': True, 'setup': '', 'teardown': '', 'type': 'doctest'}]}
