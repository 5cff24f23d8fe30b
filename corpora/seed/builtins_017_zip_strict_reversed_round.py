"""zip(strict=True) and reversed(set) errors caught, round of floats, divmod, map, filter(None).
features: builtins, exceptions, arithmetic"""

# A torch limitation, not a program error (the --subject torch:eager mismatch):
# reversed(set)'s message differs under torch.compile (its own wording).

import torch


def program(x, ys):
    errors = []
    try:
        list(zip(ys, range(2), strict=True))
    except ValueError as e:
        errors.append(type(e).__name__)
    try:
        reversed({1, 2})
    except TypeError as e:
        errors.append(str(e))
    r = x * round(2.567, 1) + round(7.5)
    q, m = divmod(len(ys) * 7, 2)
    sums = list(map(lambda a, b: a + b, ys, ys[1:]))
    kept = list(filter(None, [0, 1, "", "s", None, 2]))
    return r * q + m, torch.stack(sums), kept, max([], default=-1), errors


def calls():
    g = torch.Generator().manual_seed(467)
    yield (torch.randn(3, generator=g), [torch.randn(3, generator=g) for _ in range(3)]), {}
    yield (torch.randn(3, generator=g), [torch.randn(3, generator=g) for _ in range(3)]), {}
    yield (torch.randn(3, generator=g), [torch.randn(3, generator=g) for _ in range(2)]), {}
