"""Planted bugs for shrinker quality tests: a ~100-line program file and three fake buggy
subjects written in pure Python, each differing from eager in one narrow way. A predicate runs
the candidate eagerly and under the buggy subject (each in a fresh namespace) and
holds only if they differ in the expected way, so the reducer cannot keep a program that merely
mentions the trigger: the trigger has to run and change the outcome.
"""

from __future__ import annotations

import contextlib
import signal
import warnings
from collections.abc import Callable, Iterator

import torch
from torch.overrides import TorchFunctionMode

PROGRAM = '''\
"""A feature-mixing pipeline: helpers, a counter object, control flow, a global scale.
features: control_flow, reductions, mutation, globals"""
import math

import torch
import torch.nn.functional as F

SCALE = 2.0
OFFSET = 0.5
EPS = 1e-05
LOOKUP = {"a": 1, "b": 2}
UNUSED_LIMIT = 128


def normalize(t, eps=EPS):
    """Zero mean, unit variance."""
    mean = t.mean()
    std = t.std() + eps
    return (t - mean) / std


def mix(a, b, weight):
    return a * weight + b * (1 - weight)


def running_total(t):
    flipped = t.t()
    return torch.cumsum(flipped, dim=0)


def gate(t, threshold):
    mask = t > threshold
    return torch.where(mask, t, torch.zeros_like(t))


def describe(t):
    return f"{tuple(t.shape)} {t.dtype}"


def pairwise(a, b):
    out = []
    for u, v in zip(a, b):
        out.append(u * v)
    return torch.stack(out)


def softclip(t, limit=3.0):
    return limit * torch.tanh(t / limit)


def unused_norm(t, p=2):
    return t.norm(p=p)


class Buffer:
    def __init__(self, size):
        self.items = []
        self.size = size

    def push(self, t):
        self.items.append(t)
        if len(self.items) > self.size:
            self.items.pop(0)
        return len(self.items)


class Counter:
    def __init__(self):
        self.seen = 0

    def update(self, t):
        self.seen += t.numel()
        return self.seen


def program(x, y, steps, flag=True):
    counter = Counter()
    a = normalize(x)
    b = F.relu(y) + OFFSET
    c = mix(a, b, 0.25)
    counter.update(c)
    buffer = Buffer(2)
    buffer.push(a)
    p = pairwise(a, b)
    q = softclip(p, limit=2.5)
    buffer.push(q)
    r = q.abs().max(dim=0).values
    if r.sum() > 0:
        r = r / r.sum()
    if flag:
        d = c.sin() * SCALE
    else:
        d = c.cos() - SCALE
    for i in range(steps):
        d = d + i * 0.1
        if i % 2 == 0:
            d = d.clamp(min=-3.0, max=3.0)
    e = running_total(d)
    y.mul_(0.5)
    f = gate(e, 0.0)
    g = f.to(torch.float64).sum(dim=1, keepdim=True)
    h = g.float() * math.sqrt(2.0)
    label = describe(h)
    with torch.no_grad():
        k = torch.stack([h.squeeze(1), h.squeeze(1) * 2], dim=0)
    try:
        m = k.reshape(-1)[:4]
    except RuntimeError:
        m = k.flatten()
    scores = [float(v) for v in m.tolist()]
    best = max(scores) if scores else 0.0
    counter.update(m)
    if len(label) > 100:
        best = best + LOOKUP["a"]
    total = e * SCALE + best
    return total, m, counter.seen, buffer.push(r)


def calls():
    global SCALE
    g = torch.Generator().manual_seed(0)
    x = torch.randn(8, 4, generator=g)
    y = torch.randn(8, 4, generator=g, dtype=torch.float32)
    yield (x, y, 3), {}
    yield (x.clone(), y.clone(), 2), {"flag": False}
    SCALE = 3.0
    yield (torch.randn(8, 4, generator=g), torch.randn(8, 4, generator=g), 4), {}
    for n in range(2):
        yield (torch.ones(8, 4) * n, torch.zeros(8, 4), n), {"flag": True}
    SCALE = 0.5
    z = torch.linspace(-1.0, 1.0, 32).reshape(8, 4)
    yield (z, z.flip(0), 1), {"flag": False}
'''

MAX_CALLS = 20
TIMEOUT_SECONDS = 1.0

Run = Callable[[Callable, tuple, dict, dict], object]  # (program, args, kwargs, namespace)


def eager(program: Callable, args: tuple, kwargs: dict, namespace: dict) -> object:
    return program(*args, **kwargs)


class _CorruptCumsumOfNonContiguous(TorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        result = func(*args, **(kwargs or {}))
        if func in (torch.cumsum, torch.Tensor.cumsum) and not args[0].is_contiguous():
            return result + 1
        return result


def cumsum_bug(program: Callable, args: tuple, kwargs: dict, namespace: dict) -> object:
    """A subject that miscompiles cumsum of a transposed (non-contiguous) tensor."""
    with _CorruptCumsumOfNonContiguous():
        return program(*args, **kwargs)


def lost_mutation_bug(program: Callable, args: tuple, kwargs: dict, namespace: dict) -> object:
    """A subject that never writes in-place updates of tensor inputs back to the caller."""
    copies = tuple(a.clone() if isinstance(a, torch.Tensor) else a for a in args)
    return program(*copies, **kwargs)


def stale_global_bug() -> Run:
    """A subject that forgets to guard on globals: every call sees their first-call values."""
    first: dict[str, object] = {}
    calls = []

    def run(program: Callable, args: tuple, kwargs: dict, namespace: dict) -> object:
        if not calls:
            first.update((k, v) for k, v in namespace.items() if type(v) in (int, float, str))
        calls.append(args)
        saved = {k: namespace[k] for k in first if k in namespace}
        namespace.update({k: v for k, v in first.items() if k in namespace})
        try:
            return program(*args, **kwargs)
        finally:
            namespace.update(saved)

    return run


def snapshot(value: object) -> object:
    if isinstance(value, torch.Tensor):
        return value.detach().clone()
    if isinstance(value, tuple | list):
        return type(value)(snapshot(v) for v in value)
    if isinstance(value, dict):
        return {k: snapshot(v) for k, v in value.items()}
    return value


def run_sequence(source: str, run: Run) -> list[tuple[object, object]]:
    """Load the file into a fresh namespace and run its call sequence:
    one (output, arguments afterwards) snapshot per call."""
    torch.manual_seed(0)
    namespace: dict = {"__name__": "planted_candidate"}
    records = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # reduced candidates warn (`0[1]`, empty Linear)
        exec(compile(source, "<candidate>", "exec"), namespace)
        program, calls = namespace["program"], namespace["calls"]
        for number, (args, kwargs) in enumerate(calls()):
            if number >= MAX_CALLS:
                break
            output = snapshot(run(program, args, kwargs, namespace))
            records.append((output, snapshot(args)))
    return records


def first_difference(expected: object, actual: object, path: str = "") -> str | None:
    """The path of the first difference between two snapshots, or None if they agree."""
    if isinstance(expected, torch.Tensor) or isinstance(actual, torch.Tensor):
        same = (
            isinstance(expected, torch.Tensor)
            and isinstance(actual, torch.Tensor)
            and expected.shape == actual.shape
            and expected.dtype == actual.dtype
            and torch.allclose(expected, actual, equal_nan=True)
        )
        return None if same else path or "."
    if isinstance(expected, tuple | list) and type(expected) is type(actual):
        if len(expected) != len(actual):
            return path or "."
        for index, (e, a) in enumerate(zip(expected, actual, strict=True)):
            found = first_difference(e, a, f"{path}[{index}]")
            if found is not None:
                return found
        return None
    return None if expected == actual else path or "."


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Interrupt a candidate that loops (a reduction can delete a loop's exit); one torch
    thread, since intra-op threads only add overhead on tiny tensors and a shared machine."""

    def expire(signum, frame):
        raise TimeoutError(f"candidate ran longer than {seconds}s")

    previous = signal.signal(signal.SIGALRM, expire)
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        torch.set_num_threads(threads)


def verdict(source: str, subject: Callable[[], Run]) -> str:
    """`pass`, `invalid` (eager fails), `crash`, or `mismatch-value:<call><path>` /
    `mismatch-mutation:<call><path>` for the first difference."""
    try:
        with time_limit(TIMEOUT_SECONDS):
            expected = run_sequence(source, eager)
    except Exception:
        return "invalid"
    if not expected:
        return "invalid"
    try:
        with time_limit(TIMEOUT_SECONDS):
            actual = run_sequence(source, subject())
    except Exception as error:
        return f"crash:{type(error).__name__}"
    for number, ((out_e, args_e), (out_a, args_a)) in enumerate(zip(expected, actual, strict=True)):
        path = first_difference(out_e, out_a)
        if path is not None:
            return f"mismatch-value:call{number}{path}"
        path = first_difference(args_e, args_a)
        if path is not None:
            return f"mismatch-mutation:call{number}{path}"
    return "pass"


def fails_like(subject: Callable[[], Run], kind: str) -> Callable[[str], bool]:
    """The predicate: the candidate fails under `subject` with a verdict of `kind`."""

    def is_interesting(source: str) -> bool:
        return verdict(source, subject).startswith(kind + ":")

    return is_interesting


CUMSUM_OF_TRANSPOSE = fails_like(lambda: cumsum_bug, "mismatch-value")
LOST_INPUT_MUTATION = fails_like(lambda: lost_mutation_bug, "mismatch-mutation")
STALE_GLOBAL = fails_like(stale_global_bug, "mismatch-value")
