"""Held-out-style cases written from real code's idioms:
control flow, exceptions, generators, context managers and graph breaks.

Loops with break/continue/else, try/except/else/finally in every order, exception objects
(args, cause, context, class attributes and methods, attributes set later, notes), assert,
user and contextlib context managers, grad-mode and autocast regions, generators (send,
throw, close, yield from, early exit), match statements, closures and recursion. The
generator, context-manager and graph-break cases are in functions_heldout_f2.py.
"""

from __future__ import annotations

import torch

from tests.conformance.registry import randint, randn
from tests.dynamo_style import functions_heldout_f2  # noqa: F401 - registers its cases
from tests.dynamo_style.registry import case


class HttpError(Exception):
    status = 500

    def describe(self):
        return f"{self.status}:{self.args[0]}"

    @property
    def short(self):
        return self.args[0][:3]


class NotFound(HttpError):
    status = 404


class Coded(Exception):
    def __init__(self, code, msg=""):
        super().__init__(code, msg)
        self.code = code


class Collecting(Exception):
    def __init__(self, msg):
        super().__init__(msg)
        self.notes = []


# -- loops ------------------------------------------------------------------------------------

@case()
def for_else_break_and_completion(a, b):
    out = a
    for i in range(5):
        if i == 3:
            out = out + 100
            break
        out = out + i
    else:
        out = out - 1000
    for j in range(2):  # noqa: B007 - read after the loop
        out = out * 2
    else:
        out = out + j
    return out


@case()
def while_else_with_continue(a, b):
    i, acc = 0, b
    while i < 6:
        i += 1
        if i % 2:
            continue
        acc = acc + a * i
    else:
        acc = acc + 1
    return acc, i


@case()
def nested_loops_break_outer_by_flag(a, b):
    found = None
    for i in range(3):
        for j in range(3):
            if i * j == 2:
                found = (i, j)
                break
        if found:
            break
    return a * found[0] + b * found[1], found


@case()
def walrus_in_while_condition(a, b):
    items = [a, b, None, a]
    i, out = 0, []
    while (item := items[i]) is not None:
        out.append(item + i)
        i += 1
    return out


@case()
def list_grows_while_iterated(a, b):
    xs = [1, 2, 3]
    seen = []
    for v in xs:
        if v == 1:
            xs.append(4)
        seen.append(v)
    return a * len(seen), seen


@case()
def dict_resized_while_iterated_raises(a, b):
    d = {"a": a}
    try:
        for _ in d:
            d["x"] = b
    except RuntimeError as e:
        return a + 1, str(e)
    return a, None


@case()
def loop_over_rows_with_continue(a, b):
    total = torch.zeros(4)
    for i, row in enumerate(a):
        if i == 1:
            continue
        total = total + row * (i + 1)
    return total


# -- try / except / else / finally ------------------------------------------------------------

@case()
def finally_runs_on_break_and_continue(a, b):
    log = []
    for i in range(5):
        try:
            if i == 1:
                continue
            if i == 3:
                break
            log.append(i)
        finally:
            log.append(-i)
    return a + len(log), log


@case()
def try_else_finally_order(a, b):
    log = []
    try:
        log.append("try")
        x = a + 1
    except Exception:
        log.append("except")
    else:
        log.append("else")
        x = x * 2
    finally:
        log.append("finally")
    return x, log


@case()
def raise_in_else_goes_to_outer(a, b):
    log = []
    try:
        try:
            log.append(1)
        except KeyError:
            log.append(2)
        else:
            raise KeyError("from else")
        finally:
            log.append(3)
    except KeyError as e:
        log.append(str(e))
    return a - 1, log


@case()
def return_in_finally_swallows_error(a, b):
    def guarded(x):
        try:
            raise ValueError("lost")
        finally:
            return x * 2  # noqa: B012
    return guarded(a)


@case()
def break_in_finally_swallows_error(a, b):
    for i in range(3):
        try:
            raise ValueError(i)
        finally:
            break  # noqa: B012
    return a + i


@case()
def exception_raised_in_finally_replaces(a, b):
    try:
        try:
            raise ValueError("first")
        finally:
            raise KeyError("second")
    except Exception as e:
        return a * 3, type(e).__name__, type(e.__context__).__name__


@case()
def bare_reraise_through_callee(a, b):
    def inner(x):
        try:
            raise IndexError("i")
        except IndexError:
            x = x + 1
            raise
    try:
        inner(a)
    except IndexError as e:
        return a + 2, e.args


@case()
def raise_from_sets_cause_and_suppresses(a, b):
    try:
        try:
            raise ValueError("inner")
        except ValueError as e:
            raise Coded(7, "outer") from e
    except Coded as e:
        cause = e.__cause__
        return a * e.code, type(cause).__name__, str(cause), e.__suppress_context__


@case()
def raise_from_none_keeps_context(a, b):
    try:
        try:
            1 / 0
        except ZeroDivisionError:
            raise RuntimeError("x") from None
    except RuntimeError as e:
        return a * 2, e.__cause__, e.__suppress_context__, type(e.__context__).__name__


@case()
def three_level_exception_chain(a, b):
    try:
        try:
            try:
                raise ValueError(1)
            except ValueError as e1:
                raise KeyError(2) from e1
        except KeyError:
            raise TypeError(3)  # noqa: B904
    except TypeError as e3:
        c = e3.__context__
        return a + 3, type(c).__name__, type(c.__cause__).__name__, e3.__cause__


@case()
def except_clause_order_by_hierarchy(a, b):
    res = []
    for cls in (HttpError, NotFound, ValueError):
        try:
            raise cls("m")
        except NotFound:
            res.append("child")
        except HttpError:
            res.append("base")
        except Exception as e:
            res.append(type(e).__name__)
    return a - 2, res


@case()
def except_tuple_from_variable(a, b):
    errs = (LookupError, ArithmeticError)
    out = []
    for fn in (lambda: {}["x"], lambda: [][2], lambda: 1 / 0, lambda: int("x")):
        try:
            fn()
        except errs as e:
            out.append(type(e).__name__)
        except ValueError:
            out.append("value")
    return a * 2, out


@case()
def exception_name_unbound_after_handler(a, b):
    e = 5
    try:
        raise ValueError
    except ValueError as e:  # noqa: F841
        pass
    try:
        e  # noqa: B018
        return a, True
    except NameError:
        return b + 1, False


@case()
def caught_errors_collected_in_loop(a, b):
    errors = []
    for i, fn in enumerate([lambda: 1, lambda: 1 / 0, lambda: [][0], lambda: {}["k"]]):
        try:
            fn()
        except Exception as e:
            errors.append((i, type(e).__name__))
    return a * len(errors), errors


@case()
def continue_inside_finally(a, b):
    n = 0
    for i in range(3):
        try:
            n += i
        finally:
            if i == 1:
                continue  # noqa: B012
        n += 100
    return a + n, n


@case()
def stop_iteration_ends_manual_loop(a, b):
    it = iter([a, b])
    out = []
    while True:
        try:
            out.append(next(it) * 2)
        except StopIteration:
            break
    return out


# -- exception objects --------------------------------------------------------------------------

@case()
def exception_class_attribute_method_property(a, b):
    try:
        raise NotFound("missing")
    except HttpError as e:
        return a * e.status, e.describe(), e.short, type(e).__name__, e.__class__ is NotFound


@case()
def builtin_exception_fields(a, b):
    try:
        raise FileNotFoundError(2, "nope")
    except OSError as e:
        errno, strerror = e.errno, e.strerror
    try:
        b"\xff".decode("utf-8")
    except UnicodeDecodeError as e:
        return a + errno, strerror, e.reason, e.start


@case()
def exception_missing_attribute_and_hasattr(a, b):
    e = NotFound("x")
    try:
        e.nothing  # noqa: B018
    except AttributeError as err:
        message = str(err)
    return a + 1, message, hasattr(e, "status"), hasattr(e, "nope"), getattr(e, "nope", 3)


@case()
def exception_attributes_set_after_raise(a, b):
    try:
        raise KeyError("k")
    except KeyError as e:
        e.extra = 3
        e.args = ("changed",) + e.args
        return a * e.extra, e.args, str(e)


@case()
def exception_notes_and_with_traceback(a, b):
    try:
        err = ValueError("a").with_traceback(None)
        err.add_note("first")
        err.add_note("second")
        raise err
    except ValueError as e:
        return a - 1, e.args, e.__notes__


@case()
def exception_mutable_state_across_reraise(a, b):
    log = []
    try:
        try:
            raise Collecting("m")
        except Collecting as e:
            e.notes.append(a.shape[0])
            raise
    except Collecting as again:
        again.notes.append(5)
        log.extend(again.notes)
    return a + len(log), log


@case()
def exception_tensor_payload(a, b):
    try:
        err = ValueError("t")
        err.payload = a * 2
        raise err
    except ValueError as e:
        return e.payload + b, str(e)


@case()
def exception_args_and_str_forms(a, b):
    out = []
    for e in (KeyError("k"), ValueError("v", 2), Coded(3, "bad"), IndexError()):
        out.append((str(e), e.args))
    return a * 2, out


@case()
def generator_stop_iteration_becomes_runtime_error(a, b):
    def g():
        yield 1
        raise StopIteration
    try:
        list(g())
    except RuntimeError as e:
        return a + 1, str(e), type(e.__cause__).__name__


# -- assert -------------------------------------------------------------------------------------

@case()
def assert_on_shapes_with_message(a, b):
    assert a.shape == b.shape, "shapes"
    try:
        assert a.dim() == 3, f"dim is {a.dim()}"
    except AssertionError as e:
        return a + b, str(e)
    return a


@case(lambda: (randint(0, (4,), 0, 5), randn(1, (4,))))
def assert_isinstance_then_compute(a, b):
    assert isinstance(a, torch.Tensor) and a.dtype == torch.int64
    try:
        assert not isinstance(b, torch.Tensor), ("tuple", "message")
    except AssertionError as e:
        msg = e.args
    return a.float() + b, msg


# -- match statements ---------------------------------------------------------------------------

@case()
def match_literals_sequences_mappings(a, b):
    out = []
    for v in [1, "s", (1, 2), [5, 6, 7], {"k": 8}, None]:
        match v:
            case 1:
                out.append("one")
            case str() as s:
                out.append("str" + s)
            case (x, y):
                out.append(x + y)
            case [first, *rest]:
                out.append((first, rest))
            case {"k": kv}:
                out.append(kv)
            case _:
                out.append("other")
    return a * 2, out


@case()
def match_shape_with_guard(a, b):
    match a.shape:
        case (3, n) if n > 10:
            return a
        case (3, n):
            return a * n
        case _:
            return b


@case()
def match_class_pattern_on_exception(a, b):
    out = []
    for err in (NotFound("x"), Coded(4), KeyError("k")):
        match err:
            case NotFound(args=(msg,)):
                out.append(("nf", msg))
            case Coded(code=c):
                out.append(("coded", c))
            case LookupError():
                out.append("lookup")
    return a + 1, out


@case()
def match_or_and_as_patterns(a, b):
    res = []
    for v in [0, 1, 2, 3, 4.5]:
        match v:
            case 0 | 1:
                res.append("small")
            case (2 | 3) as big:
                res.append(big)
            case float(f):
                res.append(f * 2)
    return a - 1, res


# -- closures and recursion ---------------------------------------------------------------------

@case()
def closures_over_loop_variable(a, b):
    late = [lambda: i for i in range(3)]  # noqa: B023 - late binding is the point
    bound = [lambda i=i: i for i in range(3)]
    return a * sum(f() for f in late), [g() for g in bound]


@case()
def nonlocal_counter_factory(a, b):
    def make():
        n = 0

        def inc():
            nonlocal n
            n += 1
            return n
        return inc
    c = make()
    c()
    c()
    return a * c()


@case()
def recursive_tensor_tree(a, b):
    def walk(x, depth):
        if depth == 0:
            return x
        return walk(x * 0.5, depth - 1) + walk(x + 1, depth - 1)
    return walk(a, 3)


@case()
def mutual_recursion_parity(a, b):
    def even(n):
        return True if n == 0 else odd(n - 1)

    def odd(n):
        return False if n == 0 else even(n - 1)
    return a if even(6) else b
