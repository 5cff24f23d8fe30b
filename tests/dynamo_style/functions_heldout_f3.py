"""Held-out-style cases, third part (imported by functions_heldout_f2.py): throw() and
close() through `yield from`, generators left suspended in except bodies, repr of
exceptions, context managers whose __enter__/__exit__ raise, scoping errors, and a few more
loop shapes.
"""

from __future__ import annotations

import contextlib

import torch

from tests.dynamo_style.registry import case


class ExitRaises:
    def __init__(self, log):
        self.log = log

    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        self.log.append(("exit", kind.__name__))
        raise KeyError("from exit")


class EnterRaises:
    def __enter__(self):
        raise ValueError("enter failed")

    def __exit__(self, *exc):
        return False


class Recorder:
    def __init__(self, log):
        self.log = log

    def __enter__(self):
        self.log.append("enter")

    def __exit__(self, *exc):
        self.log.append("exit")


class Labelled(Exception):
    def __repr__(self):
        return f"Labelled<{self.args[0]}>"


class Bag:
    def __init__(self, items):
        self.items = items

    def __iter__(self):
        for item in self.items:
            yield item * 2


@case()
def yield_from_throw_handled_by_inner(a, b):
    log = []

    def inner():
        try:
            yield 1
        except KeyError:
            log.append("inner caught")
            yield 2

    def outer():
        yield from inner()
        yield 3
    it = outer()
    next(it)
    return a * it.throw(KeyError), list(it), log


@case()
def yield_from_throw_ends_inner_with_return(a, b):
    def inner():
        try:
            yield 1
        except KeyError:
            return 10

    def outer():
        r = yield from inner()
        yield r + 1
    it = outer()
    next(it)
    return a + it.throw(KeyError("k")), list(it)


@case()
def yield_from_close_runs_both_finally(a, b):
    log = []

    def inner():
        try:
            yield 1
            yield 2
        finally:
            log.append("inner closed")

    def outer():
        try:
            yield from inner()
        finally:
            log.append("outer closed")
    it = outer()
    next(it)
    it.close()
    return a - 1, log, next(it, "done")


@case()
def yield_from_send_values_through(a, b):
    def inner():
        x = yield "ready"
        y = yield x * 2
        return x + y

    def outer():
        r = yield from inner()
        yield ("done", r)
    it = outer()
    return a * 2, [next(it), it.send(3), it.send(4)]


@case()
def generator_left_in_except_body(a, b):
    def produce():
        try:
            raise KeyError("k")
        except KeyError:
            yield a
            yield b
    return next(iter(produce())) * 2


@case()
def generator_state_flags(a, b):
    flags = []

    def g():
        flags.append((it.gi_running, it.gi_suspended))
        yield 1
    it = g()
    flags.append(it.gi_suspended)
    next(it)
    flags.append(it.gi_suspended)
    list(it)
    flags.append(it.gi_suspended)
    return a + 1, flags


@case()
def iter_dunder_is_a_generator(a, b):
    bag = Bag([a, b])
    return sum(bag), list(iter(bag))


@case()
def recursive_flatten_with_yield_from(a, b):
    def flat(x):
        if isinstance(x, (list, tuple)):
            for y in x:
                yield from flat(y)
        else:
            yield x
    return sum(flat([a, [b, (a, [b])]]))


@case()
def repr_of_exceptions(a, b):
    return a + 1, repr(ValueError("x")), repr(KeyError("k", 2)), repr(Labelled("z"))


@case()
def exit_raising_replaces_body_error(a, b):
    log = []
    try:
        with ExitRaises(log):
            raise ValueError("body")
    except KeyError as e:
        return a * 2, log, str(e), type(e.__context__).__name__


@case()
def enter_raising_skips_body(a, b):
    log = []
    try:
        with EnterRaises():
            log.append("body")
    except ValueError as e:
        log.append(str(e))
    return a + 1, log


@case()
def unbound_local_then_name_error(a, b):
    def f(flag):
        if flag:
            v = 1
        return v
    try:
        f(False)
    except UnboundLocalError as e:
        kind = type(e).__mro__[1].__name__
    w = a
    del w
    try:
        return w  # noqa: F821
    except NameError:
        return b + 1, kind


@case()
def early_return_from_nested_loops(a, b):
    def find(t):
        for i in range(t.shape[0]):
            for j in range(t.shape[1]):
                if i + j == 3:
                    return i, j
        return None
    i, j = find(a)
    return a[i, j] + b[i, j], (i, j)


@case()
def loop_targets_attribute_and_subscript(a, b):
    class Box:
        pass
    box, d = Box(), {}
    for box.x in range(3):
        pass
    for d["k"] in "ab":
        pass
    return a * box.x, d


@case()
def closures_made_in_loop_read_cell_later(a, b):
    fs = []
    for i in range(3):
        def f(k=i):
            return k + j  # noqa: B023 - j is read when called
        j = i * 10
        fs.append(f)
    return a, [f() for f in fs]


@case()
def contextmanager_restores_state_dict(a, b):
    state = {"scale": 1.0}

    @contextlib.contextmanager
    def scaled(s):
        old = state["scale"]
        state["scale"] = s
        try:
            yield
        finally:
            state["scale"] = old
    with scaled(3.0):
        r = a * state["scale"]
    try:
        with scaled(5.0):
            raise IndexError
    except IndexError:
        pass
    return r, state


@case()
def try_except_else_break_in_loop(a, b):
    vals = []
    for i in range(5):
        try:
            if i == 3:
                raise StopIteration
        except StopIteration:
            break
        else:
            vals.append(i)
    return a + sum(vals), vals


@case()
def exception_saved_outside_handler(a, b):
    err = None
    try:
        raise ValueError("x")
    except ValueError as e:
        err = e
    return a, str(err), type(err).__name__, err.args


@case()
def grad_mode_inside_generator_and_cm(a, b):
    w = torch.ones(2, requires_grad=True)

    @contextlib.contextmanager
    def frozen():
        with torch.no_grad():
            yield

    def g():
        with frozen():
            yield (w * 2).requires_grad
        yield (w * 2).requires_grad
    return list(g()), a + 1


@case()
def generator_abandoned_by_break_runs_finally(a, b):
    log = []

    def numbers():
        try:
            yield from range(5)
        finally:
            log.append("closed")
    for v in numbers():
        if v == 2:
            break
    log.append("after")
    return a + v, log


@case()
def generator_abandoned_by_return_exits_with(a, b):
    log = []

    def rows(t):
        with Recorder(log):
            for row in t:  # noqa: UP028 - the loop is suspended inside the with
                yield row

    def first_positive(t):
        for r in rows(t):
            if r.shape[0] > 3:
                return r
        return None
    r = first_positive(a)
    log.append("after")
    return r, log


class Phased:
    def __init__(self):
        self.log = []

    @contextlib.contextmanager
    def phase(self, name):
        self.log.append(name)
        yield self
        self.log.append("/" + name)

    def run(self, t):
        with self.phase("fwd") as m:
            with m.phase("inner"):
                return t * 2


class GradMethods:
    @torch.no_grad()
    def frozen(self, t):
        return t * 2

    @torch.enable_grad()
    def tracked(self, t):
        return t * 3


class Named:
    def __init__(self, log, name, fail_enter=False):
        self.log, self.name, self.fail_enter = log, name, fail_enter

    def __enter__(self):
        if self.fail_enter:
            raise KeyError(self.name)
        self.log.append("in " + self.name)
        return self

    def __exit__(self, kind, value, tb):
        self.log.append(("out " + self.name, kind.__name__ if kind else None))


@case()
def second_enter_fails_first_exits(a, b):
    log = []
    try:
        with Named(log, "a"), Named(log, "b", fail_enter=True):
            log.append("body")
    except KeyError:
        log.append("caught")
    return a * 2, log


@case()
def generator_raises_midway_through_sum(a, b):
    log = []

    def g():
        yield a
        log.append("second")
        raise ValueError("mid")
    try:
        sum(g())
    except ValueError as e:
        return b + 1, log, str(e)


@case()
def comprehension_raises_after_side_effects(a, b):
    log = []

    def f(i):
        log.append(i)
        if i == 2:
            raise IndexError(i)
        return i
    try:
        [f(i) for i in range(5)]
    except IndexError:
        log.append("stopped")
    return a - 1, log


@case()
def contextmanager_entered_by_hand(a, b):
    log = []

    @contextlib.contextmanager
    def cm():
        log.append("e")
        yield 5
        log.append("x")
    c = cm()
    v = c.__enter__()
    r = a * v
    c.__exit__(None, None, None)
    return r, log


@case()
def exitstack_push_exit_callback(a, b):
    log = []

    def on_exit(kind, value, tb):
        log.append(kind)
        return False
    with contextlib.ExitStack() as st:
        st.push(on_exit)
        x = a + 1
    return x, log


@case()
def generator_error_runs_its_finally_first(a, b):
    log = []

    def g():
        try:
            yield 1
            raise ValueError("in gen")
        finally:
            log.append("gen finally")
    try:
        for v in g():
            log.append(v)
    except ValueError:
        log.append("caught")
    return a + 2, log


@case()
def contextmanager_misuse_errors(a, b):
    @contextlib.contextmanager
    def twice():
        yield
        yield

    @contextlib.contextmanager
    def never():
        if False:
            yield
    out = []
    for cm in (twice, never):
        try:
            with cm():
                pass
        except RuntimeError as e:
            out.append(str(e))
    return a, out


@case()
def continue_out_of_suppress_and_finally(a, b):
    out = []
    for d in ({"k": 1}, {}):
        with contextlib.suppress(KeyError):
            out.append(d["k"])
            continue
        out.append("missing")
    for i in range(3):
        try:
            if i == 1:
                raise KeyError
        except KeyError:
            continue
        finally:
            out.append(-i)
        out.append(i)
    else:
        out.append("else")
    return a * len(out), out


@case()
def contextmanager_method_nested_return(a, b):
    m = Phased()
    return m.run(a), m.log


@case()
def grad_mode_decorated_methods(a, b):
    w = torch.ones(2, requires_grad=True)
    with torch.no_grad():
        tracked = GradMethods().tracked(w).requires_grad
    return GradMethods().frozen(w).requires_grad, tracked, a + 1


@case()
def contextmanager_decorated_function_raises(a, b):
    log = []

    @contextlib.contextmanager
    def cm():
        log.append("e")
        try:
            yield
        finally:
            log.append("x")

    @cm()
    def f():
        raise KeyError("k")
    try:
        f()
    except KeyError:
        log.append("caught")
    return a - 1, log


@case()
def memo_lookup_by_key_error(a, b):
    memo = {}

    def fib(n):
        try:
            return memo[n]
        except KeyError:
            pass
        r = n if n < 2 else fib(n - 1) + fib(n - 2)
        memo[n] = r
        return r
    return a * fib(10), len(memo)


@case()
def return_from_try_in_loop_runs_finally(a, b):
    acc, log = a, []
    for i in range(4):
        try:
            if i == 2:
                return acc, i, log
            acc = acc + i
        finally:
            log.append(i)
    return acc, -1, log
