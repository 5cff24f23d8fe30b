"""Parameters of catalogue templates (`{dim}`, `{shape}`, `{idx}` ...), drawn to fit the operand.

Each builder takes the drawn choices, the first operand and the parameters drawn so far, and
returns source text, or None when the op cannot apply to this operand.
"""

from __future__ import annotations

import math
import string
from collections.abc import Callable

import torch

from generators.ir import Value

CONSTANTS = ("1.0", "0.5", "2.0", "0.25", "3.0", "1.5")
DTYPES = ("torch.float64", "torch.float32", "torch.int64", "torch.float16", "torch.bfloat16",
          "torch.int32", "torch.bool")
LITERALS = ("[1.0, 2.0, 3.0]", "2.5", "[[1, 2], [3, 4]]", "[True, False]", "[-0.5, 0.0]",
            "[[0.5], [1.5]]")


class Picks:
    """Reads a statement's drawn integers in order; each read shrinks towards 0."""

    def __init__(self, ints: tuple[int, ...], refs: tuple[int, ...] = ()):
        self.ints = ints
        self.refs = refs
        self.i = 0
        self.r = 0

    def int(self, n: int) -> int:
        """A choice in range(n)."""
        if n <= 1:
            return 0
        v = self.ints[self.i] if self.i < len(self.ints) else 0
        self.i += 1
        return v % n

    def ref(self, n: int) -> int:
        """An index into a candidate list of length n, clamped: shrinks as its byte does."""
        v = self.refs[self.r] if self.r < len(self.refs) else 0
        self.r += 1
        return min(v, n - 1)

    def choice(self, seq):
        return seq[self.int(len(seq))]


Builder = Callable[[Picks, Value, dict], str | None]


def _dims(shape) -> str:
    return ", ".join(str(s) for s in shape)


def _norm(d: int, rank: int) -> int:
    return d % max(rank, 1)


def dim(p: Picks, a: Value, got: dict) -> str:
    r = a.rank
    if r == 0:
        return p.choice(("0", "-1"))
    v = p.int(2 * r)
    return str(v if v < r else v - 2 * r)


def dim2(p: Picks, a: Value, got: dict) -> str | None:
    r = a.rank
    if r < 2:
        return None
    first = _norm(int(got["dim"]), r)
    return str((first + 1 + p.int(r - 1)) % r)


def udim(p: Picks, a: Value, got: dict) -> str:
    return str(p.int(a.rank + 1))


def size_at(a: Value, got: dict) -> int:
    return a.shape[_norm(int(got.get("dim", 0)), a.rank)]


def sel(p: Picks, a: Value, got: dict) -> str | None:
    s = size_at(a, got)
    if s == 0:
        return None
    i = p.int(s)
    return str(i - s if p.int(2) else i)


def sel0(p: Picks, a: Value, got: dict) -> str | None:
    return sel(p, a, {"dim": 0})


def sel_last(p: Picks, a: Value, got: dict) -> str | None:
    return sel(p, a, {"dim": -1})


def slice_of(p: Picks, s: int) -> str:
    forms = (":", "1:", ":-1", "::2", "1::2", f"{p.int(s + 1)}:{s}", "-2:")
    return p.choice(forms)


def slice0(p: Picks, a: Value, got: dict) -> str:
    return slice_of(p, a.shape[0])


def slice1(p: Picks, a: Value, got: dict) -> str:
    return slice_of(p, a.shape[1])


def narrow(p: Picks, a: Value, got: dict) -> str:
    s = size_at(a, got)
    start = p.int(s + 1)
    return f"{start}, {p.int(s - start + 1)}"


def split2(p: Picks, a: Value, got: dict) -> str:
    s = size_at(a, got)
    if s % 2 == 0 and s > 0 and p.int(2):
        return f"2, {s // 2}"
    return p.choice((f"{s}, 1", f"1, {s}", "-1, 1"))


def shape(p: Picks, a: Value, got: dict) -> str:
    dims = list(a.shape)
    form = p.int(5)
    if form == 1 and len(dims) >= 2:
        return _dims([dims[0] * dims[1]] + dims[2:])
    if form == 2:
        for i, s in enumerate(dims):
            if s % 2 == 0 and s > 0:
                return _dims(dims[:i] + [2, s // 2] + dims[i + 1:])
    if form == 3:
        return _dims([1] + dims) if dims else "1"
    if form == 4:
        return str(a.numel)
    return "-1"


def expand(p: Picks, a: Value, got: dict) -> str:
    dims = list(a.shape)
    if p.int(2) or not dims:
        return _dims([2] + dims)
    return _dims([3 if s == 1 else -1 for s in dims])


def repeat(p: Picks, a: Value, got: dict) -> str:
    k = 1 + p.int(2)
    return _dims([1] * max(a.rank - 1, 0) + [k + 1])


def perm(p: Picks, a: Value, got: dict) -> str:
    left = list(range(a.rank))
    out = []
    while left:
        out.append(left.pop(p.int(len(left))))
    return _dims(out)


def idx(p: Picks, a: Value, got: dict) -> str | None:
    s = a.shape[0]
    if s == 0:
        return None
    picks = [p.int(2 * s) - s for _ in range(1 + p.int(3))]
    return f"torch.tensor([{_dims(picks)}])"


def mask(p: Picks, a: Value, got: dict) -> str:
    s = a.shape[0]
    if s == 0:
        return "torch.tensor([], dtype=torch.bool)"
    return f"torch.tensor([{_dims(bool(p.int(2)) for _ in range(s))}])"


def gather_index(a: Value, d: int) -> str | None:
    s = a.shape[_norm(d, a.rank)]
    if s == 0:
        return None
    return f"torch.arange({a.numel}).reshape({_dims(a.shape)}) % {s}"


def gidx(p: Picks, a: Value, got: dict) -> str | None:
    return gather_index(a, int(got["dim"]))


def gidx0(p: Picks, a: Value, got: dict) -> str | None:
    return gather_index(a, 0)


def wlin(p: Picks, a: Value, got: dict) -> str:
    k, n = 1 + p.int(3), a.shape[-1]
    return f"torch.linspace(-0.5, 0.5, {k * n}).reshape({k}, {n}).to({got['a']}.dtype)"


def wconv1(p: Picks, a: Value, got: dict) -> str:
    return f"torch.full((2, {a.shape[-2]}, 1), 0.1, dtype={got['a']}.dtype)"


def wconv2(p: Picks, a: Value, got: dict) -> str:
    return f"torch.full((2, {a.shape[-3]}, 3, 3), 0.1, dtype={got['a']}.dtype)"


def ctarget(p: Picks, a: Value, got: dict) -> str | None:
    n, c = a.shape
    return None if c == 0 else f"torch.arange({n}) % {c}"


BUILDERS: dict[str, Builder] = {
    "dim": dim, "dim2": dim2, "udim": udim, "sel": sel, "sel0": sel0, "sel_last": sel_last,
    "slice": slice0, "slice1": slice1, "narrow": narrow, "split2": split2, "shape": shape,
    "expand": expand, "repeat": repeat, "perm": perm, "idx": idx, "mask": mask, "gidx": gidx,
    "gidx0": gidx0, "wlin": wlin, "wconv1": wconv1, "wconv2": wconv2, "ctarget": ctarget,
    "keepdim": lambda p, a, got: p.choice(("False", "True")),
    "c": lambda p, a, got: p.choice(CONSTANTS),
    "k": lambda p, a, got: str(1 + p.int(3)),
    "dtype": lambda p, a, got: p.choice(DTYPES),
    "literal": lambda p, a, got: p.choice(LITERALS),
    "sizes": lambda p, a, got: _dims(a.shape),
    "n0": lambda p, a, got: str(a.shape[0]),
    "n1": lambda p, a, got: str(a.shape[1]),
    "nlast": lambda p, a, got: str(a.shape[-1]),
    "nchan": lambda p, a, got: str(a.shape[-2]),
    "nchan3": lambda p, a, got: str(a.shape[-3]),
    "wemb": lambda p, a, got: "torch.linspace(-1, 1, 15).reshape(5, 3)",
}


def placeholders(template: str) -> list[str]:
    return [f for _, f, _, _ in string.Formatter().parse(template) if f]


def broadcastable(x: tuple, y: tuple) -> bool:
    for s, t in zip(reversed(x), reversed(y), strict=False):
        if s != t and s != 1 and t != 1:
            return False
    return True


def matmul_ok(a: tuple, b: tuple) -> bool:
    if not a or not b:
        return False
    inner_b = b[0] if len(b) == 1 else b[-2]
    return a[-1] == inner_b and broadcastable(a[:-2], b[:-2])


def _bcast_into(a: tuple, b: tuple) -> bool:
    return len(b) <= len(a) and broadcastable(a, b) and all(
        t == 1 or t == s for s, t in zip(reversed(a), reversed(b), strict=False))


RELATIONS: dict[str, Callable[[tuple, tuple], bool]] = {
    "any": lambda a, b: True,
    "bcast": broadcastable,
    "bcast_into": _bcast_into,
    "same": lambda a, b: a == b,
    "numel": lambda a, b: math.prod(a) == math.prod(b),
    "expands": lambda a, b: len(a) <= len(b) and _bcast_into(b, a),
    "cat": lambda a, b: len(a) == len(b) and sum(s != t for s, t in zip(a, b, strict=True)) <= 1,
    "matmul": matmul_ok,
}


def check_builders(templates: list[str]) -> None:
    known = set(BUILDERS) | {"a", "b", "m"}
    for t in templates:
        missing = set(placeholders(t)) - known
        assert not missing, f"template {t!r} uses unknown parameters {missing}"


def dtype_name(dtype: torch.dtype) -> str:
    return str(dtype)
