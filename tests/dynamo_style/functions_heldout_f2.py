"""Held-out-style cases, second part (imported by functions_heldout_f.py): generators,
context managers (user classes, contextlib, grad mode, autocast) and graph breaks in the
middle of a function whose side effects must land in eager's order.
"""

from __future__ import annotations

import contextlib
import itertools

import torch

from tests.conformance.registry import randn
from tests.dynamo_style import functions_heldout_f3  # noqa: F401 - registers its cases
from tests.dynamo_style.registry import case


class Tracker:
    def __init__(self, log):
        self.log = log

    def __enter__(self):
        self.log.append("enter")
        return self

    def __exit__(self, kind, value, tb):
        self.log.append(("exit", kind.__name__ if kind else None))
        return False


class SwallowKeyError:
    def __enter__(self):
        return 7

    def __exit__(self, kind, value, tb):
        return kind is not None and issubclass(kind, KeyError)


class Doubler:
    def __init__(self, t):
        self.t = t

    def __enter__(self):
        return self.t * 2

    def __exit__(self, *exc):
        return None


class Counted(contextlib.ContextDecorator):
    def __init__(self, log):
        self.log = log

    def __enter__(self):
        self.log.append("e")
        return self

    def __exit__(self, *exc):
        self.log.append("x")
        return False


class Closeable:
    def __init__(self, log):
        self.log = log

    def close(self):
        self.log.append("closed")


# -- generators ---------------------------------------------------------------------------------

@case()
def generator_send_running_total(a, b):
    def acc():
        total = 0
        while True:
            x = yield total
            if x is None:
                return total
            total += x
    g = acc()
    next(g)
    g.send(2)
    r = g.send(5)
    try:
        g.send(None)
    except StopIteration as e:
        return a * r, e.value


@case()
def yield_from_returns_value(a, b):
    def inner():
        yield 1
        yield 2
        return 10

    def outer():
        r = yield from inner()
        yield r
    return a * sum(outer()), list(outer())


@case()
def generator_throw_caught_at_yield(a, b):
    def g():
        try:
            yield 1
        except ValueError as e:
            yield len(str(e))
        yield 5
    it = g()
    next(it)
    return a + it.throw(ValueError("abc"))


@case()
def generator_close_runs_handler(a, b):
    log = []

    def g():
        try:
            yield 1
            yield 2
        except GeneratorExit:
            log.append("exit")
            raise
    it = g()
    next(it)
    it.close()
    return a * 2, log, next(it, "done")


@case()
def generator_yield_inside_with(a, b):
    log = []

    def g():
        with Tracker(log):
            yield 1
            yield 2
    return a + 1, list(g()), log


@case()
def generator_catches_inside_loop(a, b):
    def g():
        for i in range(3):
            try:
                if i == 1:
                    raise ValueError(i)
                yield i
            except ValueError as e:
                yield -e.args[0]
    return a - 1, list(g())


@case()
def infinite_generator_zipped_with_range(a, b):
    def counter():
        i = 0
        while True:
            yield i
            i += 1
    return [a * i for i, _ in zip(counter(), range(3))]


@case()
def generator_over_tensor_rows(a, b):
    def rows(t):
        for r in t:
            yield r.sum()
    return torch.stack(list(rows(a))), max(rows(b))


@case()
def generator_partly_consumed_then_listed(a, b):
    def g():
        yield a
        yield b
        yield a + b
    it = g()
    first = next(it)
    return first, list(it), next(it, None)


@case()
def generator_chain_and_islice(a, b):
    def g(n):
        for i in range(n):
            yield a * i
    return list(itertools.chain(g(2), g(1))), list(itertools.islice(g(10), 1, 3))


@case()
def generator_expression_binds_first_iterable_early(a, b):
    xs = [1, 2]
    g = (v * 2 for v in xs)
    xs.append(3)
    h = (v for v in xs)
    xs = [10]
    return a * sum(g), list(h)


@case()
def generator_return_in_try_finally(a, b):
    log = []

    def g():
        try:
            yield 1
            return
        finally:
            log.append("f")
    return a + 2, list(g()), log


@case()
def genexpr_into_tensor_builders(a, b):
    return (torch.cat(tuple(t * 2 for t in (a, b))), sum(t.sum() for t in (a, b)),
            any(x > 1 for x in [0, 2]), all(x for x in []))


# -- context managers ---------------------------------------------------------------------------

@case()
def user_cm_logs_exception_type(a, b):
    log = []
    try:
        with Tracker(log) as t:
            t.log.append("body")
            raise ValueError("v")
    except ValueError:
        log.append("caught")
    return a + 1, log


@case()
def user_cm_suppresses_key_error(a, b):
    with SwallowKeyError() as v:
        a = a + v
        raise KeyError("k")
    return a


@case()
def user_cm_enter_returns_tensor(a, b):
    with Doubler(a) as t2:
        pass
    return t2 + b


@case()
def contextmanager_pair_logs_order(a, b):
    log = []

    @contextlib.contextmanager
    def scope(name):
        log.append("in " + name)
        try:
            yield name.upper()
        finally:
            log.append("out " + name)
    with scope("a") as n1, scope("b") as n2:
        y = a * 2
    return y, n1 + n2, log


@case()
def contextmanager_translates_exception(a, b):
    @contextlib.contextmanager
    def translate():
        try:
            yield
        except KeyError as e:
            raise ValueError("translated") from e
    try:
        with translate():
            {}["missing"]
    except ValueError as e:
        return a - 1, str(e), type(e.__cause__).__name__


@case()
def nested_contextmanagers_unwind_on_error(a, b):
    log = []

    @contextlib.contextmanager
    def cm(n):
        log.append("in" + n)
        try:
            yield
        finally:
            log.append("out" + n)
    try:
        with cm("1"), cm("2"):
            with cm("3"):
                raise RuntimeError
    except RuntimeError:
        log.append("caught")
    return a * 3, log


@case()
def contextmanager_reentered_in_loop(a, b):
    depth = [0]

    @contextlib.contextmanager
    def deeper():
        depth[0] += 1
        yield depth[0]
        depth[0] -= 1
    vals = []
    for _ in range(3):
        with deeper() as d:
            with deeper() as d2:
                vals.append(d + d2)
    return a + 1, vals, depth


@case()
def exitstack_callbacks_and_contexts(a, b):
    log = []
    with contextlib.ExitStack() as st:
        st.callback(log.append, 1)
        st.enter_context(Tracker(log))
        st.callback(log.append, 2)
        y = a + b
    return y, log


@case()
def suppress_nullcontext_closing(a, b):
    log = []
    with contextlib.suppress(IndexError):
        y = a + 1
        [][1]
        y = y * 100
    with contextlib.nullcontext(y) as z:
        y = z + 1
    with contextlib.closing(Closeable(log)):
        y = y * 2
    return y, log


@case()
def context_decorator_class(a, b):
    log = []

    @Counted(log)
    def f(t):
        log.append("body")
        return t + 1
    return f(a), f(b), log


@case()
def grad_modes_nested_and_restored(a, b):
    w = torch.ones(3, 4, requires_grad=True)
    with torch.no_grad():
        x = w * 2
        with torch.enable_grad():
            y = w * 3
    try:
        with torch.no_grad():
            raise ValueError
    except ValueError:
        pass
    z = w * a
    return x.requires_grad, y.requires_grad, z.requires_grad, torch.is_grad_enabled()


@case()
def set_grad_enabled_function_and_context(a, b):
    w = torch.ones(2, requires_grad=True)
    res = []
    for flag in (True, False):
        with torch.set_grad_enabled(flag):
            res.append((w * 2).requires_grad)
    prev = torch.is_grad_enabled()
    torch.set_grad_enabled(False)
    res.append((w * 2).requires_grad)
    torch.set_grad_enabled(prev)
    return a * len(res), res, (w * a[0, :2]).requires_grad


@case()
def grad_mode_decorators(a, b):
    w = torch.ones(2, requires_grad=True)

    @torch.no_grad()
    def off(t):
        return t * 2

    @torch.enable_grad()
    def on(t):
        return t * 3
    with torch.no_grad():
        r = on(w)
    return off(w).requires_grad, r.requires_grad, (w * 4).requires_grad, a + 1


@case()
def autocast_region_and_query(a, b):
    flags = [torch.is_autocast_enabled("cpu")]
    with torch.autocast("cpu", dtype=torch.bfloat16):
        flags.append(torch.is_autocast_enabled("cpu"))
        y = torch.mm(a, b.t())
        with torch.autocast("cpu", enabled=False):
            z = torch.mm(a, b.t())
    return y.dtype, z.dtype, y.float(), z, flags


@case()
def with_break_and_return_inside(a, b):
    log = []

    def first_row(t):
        with Tracker(log):
            return t[0] + 1
    for i in range(3):
        with Tracker(log):
            if i == 1:
                break
            a = a + i
    return a, first_row(b), log


@case()
def no_grad_around_yield(a, b):
    w = torch.ones(2, requires_grad=True)

    def g():
        with torch.no_grad():
            yield w * 2
        yield w * 3
    return [t.requires_grad for t in g()], a * 2


# -- graph breaks in the middle (tensor data in Python, prints) ---------------------------------

@case(breaks=True)
def print_between_list_appends(a, b):
    log = []
    log.append(a.sum())
    print("between appends")
    log.append(b.sum())
    return a + b, log


@case(lambda: (randn(0, (4,)), randn(1, (4,))), breaks=True)
def item_branch_after_side_effects(a, b):
    log = []
    log.append("start")
    s = a.sum().item()
    log.append(s > 0)
    if s > 0:
        return a * 2, log
    return a * 3, log


@case(breaks=True)
def tolist_drives_loop(a, b):
    out = a
    for v in a[0].tolist():
        if v > 0:
            out = out + v
        else:
            out = out - 1
    return out


@case(breaks=True)
def print_inside_no_grad_block(a, b):
    w = torch.ones(3, 4, requires_grad=True)
    with torch.no_grad():
        print("inside no_grad")
        x = w * a
    return x.requires_grad, (w * b).requires_grad, torch.is_grad_enabled()


@case(breaks=True)
def print_in_callee_between_appends(a, b):
    log = []

    def helper(t):
        log.append("helper-before")
        print("helper")
        log.append("helper-after")
        return t * 2
    log.append("outer-before")
    r = helper(a) + b
    log.append("outer-after")
    return r, log


@case(breaks=True)
def item_count_drives_range(a, b):
    n = int(a.abs().sum().item()) % 4
    out = b
    for i in range(n):
        out = out + i
    return out, n


@case(breaks=True)
def data_dependent_appends_in_loop(a, b):
    out = []
    for row in a:
        if row.sum().item() > 0:
            out.append(row.sum())
    return out, len(out)


@case(breaks=True)
def print_inside_user_cm_and_except(a, b):
    log = []
    with Tracker(log):
        print("in tracker")
        a = a * 2
    try:
        raise KeyError("k")
    except KeyError as e:
        print("handling", e)
        log.append(str(e))
    return a, log


@case(breaks=True)
def nonlocal_bumped_around_print(a, b):
    n = 0

    def bump(k):
        nonlocal n
        n += k
        print("bumped", n)
        n += 1
    bump(2)
    bump(3)
    return a * n, n


@case(breaks=True)
def inplace_on_input_around_print(a, b):
    a.mul_(2)
    print("mid")
    a.add_(1)
    return a.sum() + b
