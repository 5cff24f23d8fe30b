"""deque().pop() on an empty deque: CPython's IndexError says 'pop from an empty deque'; ours
said 'pop from empty list' (list's text).
signature: mismatch-value:ours:out[1]
subject: ours
found: by hand
shrunk: 18 -> 18 lines (written small)
status: fixed in 5cd8887
features: lists, exceptions
"""

import collections

import torch


def program(x):
    try:
        collections.deque().pop()
    except IndexError as e:
        return x, str(e)
    return x, None


def calls():
    yield (torch.ones(2),), {}
