"""Breadth cases, part two: torch.distributions, modules made in the trace, torch.backends flags,
builtins over 0-d tensors, match statements and graph breaks inside known context managers.
"""

from __future__ import annotations

import dataclasses

import torch
from torch import distributions as D

from tests.conformance.registry import case, randn


def _scalars():
    return randn(0, ()), randn(1, ()), randn(2, ())


# -- torch.distributions ----------------------------------------------------------------------
@case()
def normal_log_prob_entropy(a, b):
    dist = D.Normal(a, b.abs() + 0.5, validate_args=False)
    return dist.log_prob(a + 0.1), dist.mean, dist.stddev, dist.entropy(), dist.variance


@case()
def categorical_log_prob(a, b):
    dist = D.Categorical(logits=a, validate_args=False)
    idx = torch.arange(10) % 3
    return dist.log_prob(idx), dist.entropy(), dist.probs.sum(-1), dist.logits - a


@case(breaks=True)  # validation checks the data: `if not valid.all(): raise ValueError`
def normal_default_validation(a, b):
    dist = D.Normal(torch.zeros(3), torch.ones(3))
    return a[0, :3] + dist.log_prob(b[0, :3]), dist.mean


@case()
def bernoulli_probs(a, b):
    dist = D.Bernoulli(probs=torch.sigmoid(a), validate_args=False)
    return dist.log_prob((b > 0).float()), dist.mean, dist.entropy()


# -- nn.Module objects made in the trace --------------------------------------------------------
@case()
def parameter_free_modules_in_trace(a, b):
    act = torch.nn.Sequential(torch.nn.ReLU(), torch.nn.Tanh())
    drop = torch.nn.Dropout(p=0.0)
    return act(a) + drop(b), torch.nn.Softmax(dim=-1)(a).sum(-1)


@case()
def linear_made_in_trace_seeded(a, b):
    torch.manual_seed(0)
    layer = torch.nn.Linear(10, 4)
    return layer(a), layer.weight.shape, torch.rand(2)


@case()
def linear_made_in_trace_filled(a, b):
    layer = torch.nn.Linear(10, 10, bias=False)
    with torch.no_grad():
        layer.weight.fill_(0.5)
    return layer(a) + b


# -- torch.backends flags -----------------------------------------------------------------------
@case()
def backends_flags_branch(a, b):
    out = a + b
    if torch.backends.cudnn.enabled:
        out = out * 2
    if torch.backends.mkldnn.is_available():
        out = out + 1
    return out, torch.backends.cudnn.deterministic, torch.backends.mps.is_available()


@case()
def backends_more_flags(a, b):
    flags = (torch.backends.cuda.matmul.allow_tf32, torch.backends.cudnn.benchmark,
             torch.backends.openmp.is_available(), torch.backends.mkldnn.enabled)
    return a * sum(flags) + b, flags


# -- builtins over 0-d tensors ------------------------------------------------------------------
@case(_scalars)
def sum_over_scalar_tensors(a, b, c):
    xs = [a, b, c]
    return sum(xs), sum(xs, torch.tensor(1.0)), sum(t * 2 for t in xs)


@case(_scalars)
def max_min_over_scalar_tensors(a, b, c):
    return max(a, b), min(a, b, c), max([a * 2, b, c]), min([c, b])


@case()
def max_min_over_computed_scalars(a, b):
    losses = [a.sum(), b.sum(), (a * b).mean(), torch.tensor(float("nan"))]
    best = max(losses[:3])
    worst = min(losses[0], losses[1])
    with_nan = max(losses[3], losses[0]) + 0, min(losses[0], losses[3])
    return best * 2, worst + 1, with_nan, max(a.mean(), b.mean()).dim()


@case(_scalars)
def sorted_scalar_tensors(a, b, c):
    return sorted([a, b, c]), sorted([a, b, c], reverse=True)


@case(_scalars)
def max_scalar_with_key(a, b, c):
    pairs = [(a, 1), (b, 2), (c, 3)]
    return max(pairs, key=lambda p: p[1]), min([a, b], key=lambda t: 0)


# -- match statements ---------------------------------------------------------------------------
@dataclasses.dataclass
class Point:
    x: int
    y: int


@case()
def match_literal_and_capture(a, b):
    out = []
    for cmd in ("go", 3, None, "other", 2.5):
        match cmd:
            case "go":
                out.append(a + b)
            case 3 | 4:
                out.append(a * 3)
            case None:
                out.append(b)
            case str(name):
                out.append(len(name))
            case other:
                out.append(other)
    return out


@case()
def match_sequence_patterns(a, b):
    out = []
    for item in ([1, 2], (3, 4, 5), [], [a, b], "ab", [6, [7, 8]]):
        match item:
            case []:
                out.append("empty")
            case [x, y] if isinstance(x, int):
                out.append(x + y)
            case [first, *rest] if len(rest) == 2:
                out.append((first, rest))
            case [t, u] if isinstance(t, torch.Tensor):
                out.append(t * u)
            case [n, [p, q]]:
                out.append(n + p + q)
            case _:
                out.append("other")
    return out


@case()
def match_mapping_patterns(a, b):
    out = []
    for msg in ({"op": "add", "v": 2}, {"op": "mul", "v": 3, "x": 1}, {"v": 1}, [1]):
        match msg:
            case {"op": "add", "v": v}:
                out.append(a + v)
            case {"op": "mul", **rest}:
                out.append(b * rest["v"] + rest["x"])
            case {}:
                out.append("mapping")
            case _:
                out.append("no")
    return out


@case()
def match_class_patterns(a, b):
    out = []
    for obj in (Point(1, 2), Point(0, 5), 7, a):
        match obj:
            case Point(x=0, y=y):
                out.append(b * y)
            case Point(x, y) if x < y:
                out.append(a * (x + y))
            case int(n) | float(n):
                out.append(n)
            case torch.Tensor():
                out.append(obj.sum())
    return out


# -- graph breaks inside known context managers --------------------------------------------------
@case(breaks=True)
def break_inside_no_grad(a, b):
    x = a * 2
    with torch.no_grad():
        y = x + 1
        if y.sum() > 0:
            y = y * 3
        z = y * b
    return z + x, z.requires_grad, torch.is_grad_enabled()


@case(lambda: (randn(0).requires_grad_(), randn(1)), breaks=True)
def break_inside_no_grad_grad_input(a, b):
    with torch.no_grad():
        y = a * 2
        print_free = float(y.sum())
        z = y + print_free
    w = a * b
    return z, w, z.requires_grad, w.requires_grad


@case(lambda: (randn(0).requires_grad_(), randn(1)), breaks=True)
def break_inside_enable_grad_nested(a, b):
    with torch.no_grad():
        u = a + 1
        with torch.enable_grad():
            v = a * b
            if v.sum() > 0:
                v = v + 1
            w = v * 2
        x = w + u
    return u, v, w, x, [t.requires_grad for t in (u, v, w, x)]


@case(lambda: (randn(0).requires_grad_(), randn(1)), breaks=True)
def break_inside_set_grad_enabled(a, b):
    with torch.set_grad_enabled(False):
        y = a * b
        n = int((y > 0).sum())
        z = y * n
    return z, z.requires_grad, a * 2
