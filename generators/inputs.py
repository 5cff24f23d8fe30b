"""Inputs of a program: tensors (dtypes, ranks 0-4, 0- and 1-sized dims, non-contiguous views,
special values, requires_grad, shapes related across inputs), Python scalars, lists and dicts,
the source that makes them, and the metadata changes of later calls (size sweeps included).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from generators.ir import Kind
from generators.opargs import Picks

# Index 0 of each table is where a draw shrinks to: the simplest choice comes first.
# Every parameter reads the same number of choices, so a flag switched off shifts nothing.
INPUT_BYTES = 64
RANKS = (2, 1, 3, 0, 4)
SIZES = (2, 3, 1, 4, 5, 0)
DTYPES = ("float32",) * 5 + ("float64", "float16", "bfloat16", "int64", "int32", "bool",
                             "int64")
LAYOUTS = ("contiguous", "transposed", "sliced", "expanded")
SPECIALS = (None, "nan", "inf", "-inf", "-0.0", "huge", "tiny")
INTS = (2, 3, 1, 4, 0, 5)
FLOATS = ("0.5", "2.0", "-1.5", "1.0", "0.1")
FLOATING = ("float32", "float64", "float16", "bfloat16")


@dataclass(frozen=True)
class TensorSpec:
    shape: tuple[int, ...]
    dtype: str = "float32"
    layout: str = "contiguous"
    special: str | None = None
    requires_grad: bool = False

    @property
    def tame(self) -> bool:
        return self.special is None


@dataclass(frozen=True)
class InputSpec:
    """One parameter of `program`: a tensor, a Python scalar, a list or a dict of tensors."""

    name: str
    kind: Kind
    tensor: TensorSpec | None = None
    scalar: str | None = None  # the literal of a scalar parameter
    length: int = 0  # of a list parameter
    alias_of: str | None = None  # passed the very same tensor as another parameter


def _sizes(shape: tuple[int, ...]) -> str:
    if not shape:
        return "()"
    return ", ".join(str(s) for s in shape)


def _tuple(shape: tuple[int, ...]) -> str:
    return "(" + "".join(f"{s}, " for s in shape).rstrip(" ") + ")" if shape else "()"


def _base(shape: tuple[int, ...], spec: TensorSpec) -> str:
    """Source that draws a contiguous tensor of `shape` from generator `g`."""
    grad = ", requires_grad=True" if spec.requires_grad else ""
    if spec.dtype == "bool":
        return f"(torch.rand({_sizes(shape)}, generator=g) > 0.5)"
    if spec.dtype in ("int64", "int32"):
        dt = ", dtype=torch.int32" if spec.dtype == "int32" else ""
        return f"torch.randint(-5, 6, {_tuple(shape)}, generator=g{dt})"
    dt = "" if spec.dtype == "float32" else f", dtype=torch.{spec.dtype}"
    return f"torch.randn({_sizes(shape)}, generator=g{dt}{grad})"


def _special(expr: str, spec: TensorSpec) -> str:
    if spec.special in ("huge", "tiny"):
        return f"{expr} * {'1e30' if spec.special == 'huge' else '1e-30'}"
    value = "-0.0" if spec.special == "-0.0" else f'float("{spec.special}")'
    if not spec.shape:
        return f"torch.tensor({value}, dtype=torch.{spec.dtype})"
    return f"{expr}.index_fill(-1, torch.tensor([0]), {value})"


def tensor_source(spec: TensorSpec) -> str:
    """Source of an argument matching `spec` (a view where the layout asks for one)."""
    shape, rank = spec.shape, len(spec.shape)
    if spec.layout == "transposed" and rank >= 2:
        swapped = shape[:-2] + (shape[-1], shape[-2])
        expr = _base(swapped, spec) + ".transpose(-2, -1)"
    elif spec.layout == "sliced" and rank >= 1:
        expr = f"{_base((shape[0] * 2,) + shape[1:], spec)}[::2]"
    elif spec.layout == "expanded" and rank >= 1:
        expr = f"{_base((1,) + shape[1:], spec)}.expand({_sizes(shape)})"
    else:
        expr = _base(shape, spec)
    if spec.special and spec.dtype in FLOATING:
        expr = _special(expr, spec)
    return expr


def source(inp: InputSpec) -> str:
    """The expression that makes the argument of `inp` inside calls()."""
    if inp.alias_of:
        return inp.alias_of
    if inp.kind is Kind.TENSOR:
        return tensor_source(inp.tensor)
    if inp.kind is Kind.TLIST:
        return f"[{tensor_source(inp.tensor)} for _ in range({inp.length})]"
    if inp.kind is Kind.TDICT:
        return "{" + ", ".join(f'"{k}": {tensor_source(inp.tensor)}' for k in "ab") + "}"
    return inp.scalar


def tensor_spec(p: Picks, flags: frozenset[str], like: tuple[int, ...] | None = None):
    """A tensor parameter; `like` is the first parameter's shape, which later ones may share:
    the same shape, one that broadcasts against it, none, or only its leading (batch) dim."""
    relation = p.int(4) if like is not None else 2
    rank = p.choice(RANKS)
    dims = tuple(p.choice(SIZES) for _ in range(4))[:rank]
    if relation == 0:
        dims = like
    elif relation == 1:
        dims = tuple(1 if i % 2 else s for i, s in enumerate(like))[1:] if like else ()
    elif relation == 3 and like and dims:
        dims = like[:1] + dims[1:]
    dtype, layout, special, grad = (p.choice(DTYPES), p.choice(LAYOUTS), p.choice(SPECIALS),
                                    p.int(2))
    return TensorSpec(
        shape=dims,
        dtype=dtype if "dtypes" in flags else "float32",
        layout=layout if "noncontiguous" in flags else "contiguous",
        special=special if "special_values" in flags and dtype in FLOATING
        and (not dims or dims[-1] > 0) else None,
        requires_grad=bool(grad) and "requires_grad" in flags and dtype in FLOATING,
    )


def input_specs(p: Picks, flags: frozenset[str]) -> list[InputSpec]:
    """Parameters: one to three tensors, then scalars, a list and a dict where enabled."""
    first = tensor_spec(p, flags)
    specs = [InputSpec("x", Kind.TENSOR, first)]
    others = [tensor_spec(p, flags, first.shape) for _ in "yz"]
    for name, spec in list(zip("yz", others, strict=True))[: p.int(3)]:
        specs.append(InputSpec(name, Kind.TENSOR, spec))
    aliased, scalars, lists = p.int(2), [p.int(2) for _ in range(3)], [p.int(4) for _ in "ab"]
    if "aliasing" in flags and aliased:
        specs.append(InputSpec("w", Kind.TENSOR, first, alias_of="x"))
    if "scalar_inputs" in flags:
        specs.extend(scalar_specs(p, scalars))
    if "container_inputs" in flags:
        item = replace(first, special=None, layout="contiguous", requires_grad=False)
        if lists[0]:
            specs.append(InputSpec("xs", Kind.TLIST, item, length=lists[0]))
        if lists[1] % 2:
            specs.append(InputSpec("d", Kind.TDICT, item))
    return specs


def scalar_specs(p: Picks, wanted: list[int]) -> list[InputSpec]:
    n, scale, flag = wanted
    values = (p.choice(INTS), p.choice(FLOATS), p.choice(("True", "False")))
    specs = []
    if n:
        specs.append(InputSpec("n", Kind.INT, scalar=str(values[0])))
    if scale:
        specs.append(InputSpec("scale", Kind.FLOAT, scalar=values[1]))
    if flag:
        specs.append(InputSpec("flag", Kind.BOOL, scalar=values[2]))
    return specs


# --- metadata changes between calls (each exercises a different guard) ---------------------

def with_new_shape(specs: list[InputSpec]) -> list[InputSpec] | None:
    """Grow dim 0 of every tensor that shares the first tensor's dim 0."""
    first = specs[0].tensor
    if not first.shape:
        return None
    old = first.shape[0]
    new = old + 1

    def grow(t: TensorSpec) -> TensorSpec:
        if t.shape and t.shape[0] == old:
            return replace(t, shape=(new,) + t.shape[1:])
        return t

    return [replace(s, tensor=grow(s.tensor)) if s.tensor else s for s in specs]


# Size sweeps: (feature, dim of the first tensor, new sizes from its size s). A batch sweep grows
# the leading dim, then falls to 2, 1 and 0 (specialised sizes after a symbolic compile); a
# sequence sweep starts at 0, 1 and 2, then grows.
SWEEPS = (
    ("sweep_batch", 0, lambda s: (s + 1, s + 3, 2, 1, 0)),
    ("sweep_seq", 1, lambda s: (0, 1, 2, s + 2)),
)


def sweep_sizes(specs: list[InputSpec], dim: int, sizes) -> list[int]:
    """The new sizes of `dim` of the first tensor, in order, without repeats or its own size."""
    first = specs[0].tensor
    if first is None or len(first.shape) <= dim:
        return []
    old = first.shape[dim]
    return list(dict.fromkeys(n for n in sizes(old) if n != old))


def with_dim_size(specs: list[InputSpec], dim: int, new: int) -> list[InputSpec]:
    """Dim `dim` of the first tensor set to `new`, and with it every dim of another tensor that
    shares it: the same position (or, for another rank, the position broadcasting aligns from
    the right, or dim 0 for a batch) with the same size. Broadcast dims of size 1 stay."""
    rank = len(specs[0].tensor.shape)
    old = specs[0].tensor.shape[dim]

    def follow(t: TensorSpec) -> TensorSpec:
        shape = list(t.shape)
        places = {dim if len(shape) == rank else dim - rank + len(shape)}
        if dim == 0:
            places.add(0)
        for i in places:
            if 0 <= i < len(shape) and shape[i] == old:
                shape[i] = new
        return replace(t, shape=tuple(shape))

    return [replace(s, tensor=follow(s.tensor)) if s.tensor else s for s in specs]


def with_new_dtype(specs: list[InputSpec]) -> list[InputSpec] | None:
    swap = {"float32": "float64", "float64": "float32", "int64": "int32", "int32": "int64"}
    out = [replace(s, tensor=replace(s.tensor, dtype=swap.get(s.tensor.dtype, s.tensor.dtype)))
           if s.tensor else s for s in specs]
    return out if out != specs else None


def with_new_scalar(specs: list[InputSpec]) -> list[InputSpec] | None:
    def bump(s: InputSpec) -> InputSpec:
        if s.kind is Kind.INT:
            return replace(s, scalar=str(int(s.scalar) + 1))
        if s.kind is Kind.FLOAT:
            return replace(s, scalar=repr(float(s.scalar) * 2))
        if s.kind is Kind.BOOL:
            return replace(s, scalar=str(s.scalar != "True"))
        return s

    out = [bump(s) for s in specs]
    return out if out != specs else None


def with_new_length(specs: list[InputSpec]) -> list[InputSpec] | None:
    out = [replace(s, length=s.length + 1) if s.kind is Kind.TLIST else s for s in specs]
    return out if out != specs else None
