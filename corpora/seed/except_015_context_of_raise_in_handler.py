"""__context__ and __cause__ of exceptions raised while another is handled: by raise, by a
failing operation, in a helper, and with raise ... from None. features: exceptions"""

import torch


def fail_in_helper(d):
    try:
        return d["missing"]
    except KeyError:
        raise ValueError("from the helper")


def program(x, n):
    found = []
    try:
        try:
            raise ValueError("first")
        except ValueError:
            raise KeyError("second")
    except KeyError as e:
        found.append((type(e.__context__).__name__, str(e.__context__), e.__cause__))
    try:
        try:
            [1, 2][n]
        except IndexError:
            {}["k"]
    except KeyError as e:
        found.append((type(e.__context__).__name__, e.__suppress_context__))
    try:
        fail_in_helper({})
    except ValueError as e:
        found.append((type(e.__context__).__name__, str(e)))
    try:
        try:
            raise TypeError("inner")
        except TypeError:
            raise RuntimeError("outer") from None
    except RuntimeError as e:
        found.append((type(e.__context__).__name__, e.__cause__, e.__suppress_context__))
    return x * len(found), found


def calls():
    g = torch.Generator().manual_seed(7)
    yield (torch.randn(3, generator=g), 5), {}
    yield (torch.randn(3, generator=g), 7), {}
