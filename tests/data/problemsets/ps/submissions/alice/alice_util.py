def total():
    return sum(range(5))
