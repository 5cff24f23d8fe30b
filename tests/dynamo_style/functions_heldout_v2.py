"""Held-out-style cases (prefix `v_`, continued from functions_heldout_v.py): exceptions seen
by `sys.exc_info()`, `contextlib.suppress`, finally bodies and re-raises, exception groups, the
exit of a `with` block (its type, value and traceback arguments), and more assignments of the
chaining attributes. Each case returns what it read of the exceptions, never the raised objects.
"""

from __future__ import annotations

import contextlib
import sys

import torch

from tests.conformance.registry import randn
from tests.dynamo_style.registry import case


def _one():
    return (randn(0, (3,)),)


class Tagged(Exception):
    def __init__(self, tag, level=1):
        super().__init__(f"tag {tag}")
        self.tag = tag
        self.level = level


# -- sys.exc_info, handlers, contextlib.suppress --------------------------------------------------


@case(_one)
def v_exc_info_in_handler(x):
    try:
        raise KeyError("k")
    except KeyError as e:
        kind, value, _ = sys.exc_info()
        same = value is e
    after = sys.exc_info()[0]
    return x + 1, kind.__name__, same, after is None


@case(_one)
def v_exc_info_in_nested_handlers(x):
    kinds = []
    try:
        raise KeyError
    except KeyError:
        try:
            raise ValueError
        except ValueError:
            kinds.append(sys.exc_info()[0].__name__)
        kinds.append(sys.exc_info()[0].__name__)
    kinds.append(sys.exc_info()[0] is None)
    return x * 2, kinds


@case(_one)
def v_exc_info_after_reraise_caught(x):
    def fn():
        try:
            1 / 0
        except ZeroDivisionError:
            try:
                raise ValueError
            except ValueError:
                pass
            raise

    try:
        fn()
    except ZeroDivisionError as e:
        inner = type(e).__name__
    return x + 1, inner, sys.exc_info()[0] is None


@case(_one)
def v_exc_info_in_callee_from_handler(x):
    def current():
        return sys.exc_info()[1]

    try:
        raise IndexError("i")
    except IndexError as e:
        seen = current() is e
    return x - 1, seen, current() is None


@case(_one)
def v_suppress_swallows_key_error(x):
    d = {"a": 1}
    out = 0
    with contextlib.suppress(KeyError):
        out = d["b"]
    return x + out


@case(_one)
def v_suppress_lets_other_error_through(x):
    try:
        with contextlib.suppress(KeyError):
            [][1]
    except IndexError as e:
        return x * 2, type(e).__name__
    return x


@case(_one)
def v_suppress_several_kinds_nothing_raised(x):
    with contextlib.suppress(KeyError, IndexError):
        y = x + 1
    return y


# -- finally and re-raising ----------------------------------------------------------------------


@case(_one)
def v_nested_finally_reraise_reaches_outer(x):
    log = []
    try:
        try:
            try:
                raise KeyError("k")
            finally:
                log.append("inner")
        finally:
            log.append("middle")
    except KeyError as e:
        log.append(e.args[0])
    return x + len(log), log


@case(_one)
def v_handler_reraise_keeps_context(x):
    try:
        try:
            raise KeyError("outer")
        except KeyError as k:
            held = k
            try:
                raise ValueError("inner")
            except ValueError:
                raise
    except ValueError as e:
        return x * 3, e.__context__ is held


@case(_one, gap="except* (exception groups)")
def v_exception_group_except_star(x):
    caught = []
    try:
        raise ExceptionGroup("g", [KeyError("k"), ValueError("v")])
    except* KeyError as eg:
        caught.append(len(eg.exceptions))
    except* ValueError as eg:
        caught.append(len(eg.exceptions))
    return x + len(caught), caught


@case(_one, gap="an exception group made in the frame (its exceptions are a list)")
def v_exception_group_attributes(x):
    group = ExceptionGroup("msg", [TypeError(1), KeyError(2)])
    return x * 2, group.message, len(group.exceptions)


@case(lambda: (randn(0, (3,)), torch.zeros(3)))
def v_tensor_math_in_handlers(x, y):
    try:
        y = y + x
        raise NotImplementedError("n")
    except AssertionError:
        y = y * 0
    except NotImplementedError as e:
        y = y + len(e.args)
    finally:
        y = y.cos()
    return y


# -- with blocks that see the exception, and more assignments ------------------------------------


class Recorder:
    def __init__(self):
        self.seen = None

    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        self.seen = (kind.__name__, value.args, tb is None, value.__context__ is None)
        return True


@contextlib.contextmanager
def _translating():
    try:
        yield
    except KeyError as e:
        raise LookupError("translated") from e


@case(_one)
def v_exit_sees_type_value_and_traceback(x):
    rec = Recorder()
    with rec:
        raise KeyError("k")
    return x + 1, rec.seen


@case(_one)
def v_exit_sees_context_of_error_in_handler(x):
    rec = Recorder()
    try:
        raise ValueError("outer")
    except ValueError as outer:
        with rec:
            raise KeyError("inner")  # noqa: B904
        held = outer
    return x * 2, rec.seen, held.args


@case(_one)
def v_contextmanager_translates_with_cause(x):
    try:
        with _translating():
            {}["missing"]
    except LookupError as e:
        return x - 1, str(e), type(e.__cause__).__name__, e.__cause__ is e.__context__
    return x


@case(_one)
def v_contextmanager_reraises_same_exception(x):
    try:
        with contextlib.nullcontext():
            raise IndexError("i")
    except IndexError as e:
        return x + 2, e.args, e.__context__ is None


@case(_one)
def v_raise_from_itself(x):
    e = ValueError("v")
    try:
        raise e from e
    except ValueError as got:
        return x + 1, got.__cause__ is got, got.__context__ is None, got.__suppress_context__


@case(_one)
def v_assign_args_changes_str(x):
    try:
        raise KeyError("k")
    except KeyError as k:
        k.args = ("changed", 2)
        return x * 3, str(k), k.args


@case(_one)
def v_suppress_then_exc_info_is_empty(x):
    with contextlib.suppress(KeyError):
        raise KeyError("a")
    return x + 1, sys.exc_info()[0] is None


@case(_one)
def v_traceback_none_of_made_exception(x):
    e = KeyError("k")
    cleared = e.with_traceback(None)
    return x + 1, e.__traceback__ is None, cleared is e, cleared.args


@case(_one)
def v_traceback_cleared_after_raise(x):
    try:
        raise ValueError("v")
    except ValueError as e:
        caught = e
    caught.__traceback__ = None
    return x - 2, caught.__traceback__ is None


@case(_one)
def v_context_reassigned_to_none(x):
    try:
        try:
            raise KeyError("k")
        except KeyError:
            raise ValueError("v")  # noqa: B904
    except ValueError as e:
        had = type(e.__context__).__name__
        e.__context__ = None
        return x + 1, had, e.__context__ is None, e.__suppress_context__


@case(_one)
def v_cause_reassigned_keeps_context(x):
    try:
        try:
            raise KeyError("k")
        except KeyError as k:
            held = k
            raise ValueError("v") from TypeError("t")
    except ValueError as e:
        e.__cause__ = None
        return x * 2, e.__cause__ is None, e.__context__ is held, e.__suppress_context__


@case(_one)
def v_context_assigned_then_chain_walk(x):
    a, b, c = KeyError("a"), ValueError("b"), TypeError("c")
    a.__context__ = b
    b.__context__ = c
    names = []
    link = a
    while link is not None:
        names.append(type(link).__name__)
        link = link.__context__
    return x + len(names), names


@case(_one)
def v_notes_of_user_exception(x):
    try:
        raise Tagged("t", level=2)
    except Tagged as e:
        e.add_note("while testing")
        return x * e.level, e.__notes__, e.tag


@case(_one)
def v_raise_in_finally_replaces_and_chains(x):
    log = []
    try:
        try:
            raise KeyError("first")
        finally:
            log.append(sys.exc_info()[0].__name__)
    except KeyError as e:
        log.append(e.__context__ is None)
    return x + len(log), log


# -- exceptions thrown into generators (throw() chains nothing) ----------------------------------


def _waiting():
    try:
        yield 1
    except KeyError as k:
        return k.__context__ is None, k.args


def _unstarted():
    yield 1


@case(_one)
def v_throw_into_unstarted_generator_keeps_no_context(x):
    g = _unstarted()
    try:
        raise ValueError("outer")
    except ValueError as v:
        try:
            g.throw(KeyError("x"))
        except KeyError as k:
            return x + 1, k.__context__ is None, k.__context__ is v
    return x


@case(_one)
def v_throw_into_suspended_generator_keeps_no_context(x):
    g = _waiting()
    next(g)
    try:
        raise ValueError("outer")
    except ValueError:
        try:
            g.throw(KeyError("x"))
        except StopIteration as s:
            return x * 2, s.value
    return x


@case(_one)
def v_throw_raised_exception_keeps_its_context(x):
    g = _waiting()
    next(g)
    try:
        try:
            raise TypeError("t")
        except TypeError:
            raise KeyError("k")  # noqa: B904
    except KeyError as k:
        caught = k
    try:
        g.throw(caught)
    except StopIteration as s:
        return x - 1, s.value, type(caught.__context__).__name__
    return x


class Reannotating:
    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        value.add_note("seen by exit")
        value.__context__ = None
        value.__traceback__ = tb
        return False


@case(_one)
def v_exit_changes_chain_before_it_propagates(x):
    try:
        try:
            raise TypeError("first")
        except TypeError:
            with Reannotating():
                raise KeyError("second")  # noqa: B904
    except KeyError as e:
        return x + 1, e.__notes__, e.__context__ is None, e.args
    return x


@case(_one)
def v_return_in_finally_swallows_and_clears(x):
    def inner():
        try:
            raise KeyError("k")
        finally:
            return sys.exc_info()[0].__name__  # noqa: B012

    seen = inner()
    return x * 2, seen, sys.exc_info()[0] is None


@case(_one)
def v_made_cause_has_no_traceback(x):
    e = ValueError("made")
    c = TypeError("cause")
    e.__cause__ = c
    return x + 1, c.__traceback__ is None, e.__cause__ is c, e.__suppress_context__
