"""Held-out-style cases (prefix `v_`): exception objects, their chaining and attributes.

`raise X from Y` and `raise X from None` (the cause, `__suppress_context__`), implicit chaining
of an exception raised while another is handled (in except, finally and else bodies, in callees
and across nested handlers, a cycle cut where the chain meets the raised exception again), the
program assigning `__context__`, `__cause__`, `__suppress_context__` and `__traceback__`
(invalid values raise TypeError as eager does), `args`, `with_traceback(None)`, `add_note` and
`__notes__`, user exception classes with their own `__init__` and attributes, `sys.exc_info()`
in and after handlers, `contextlib.suppress`, and exception groups with `except*`. Each case
returns what it read of the exceptions (identity included: `is` between the objects seen),
never the raised objects themselves. Handlers, `with` blocks and groups are in
functions_heldout_v2.py.
"""

from __future__ import annotations

from tests.conformance.registry import randn
from tests.dynamo_style import functions_heldout_v2  # noqa: F401 - registers its cases
from tests.dynamo_style.registry import case


def _one():
    return (randn(0, (3,)),)


class Tagged(Exception):
    def __init__(self, tag, level=1):
        super().__init__(f"tag {tag}")
        self.tag = tag
        self.level = level


class NoSuperInit(Exception):
    def __init__(self, a, b=None):
        self.a = a
        self.b = b


class WithCode(ValueError):
    code = 7

    def doubled(self):
        return self.code * 2


def _fail(kind, message):
    raise kind(message)


def _fail_from_lookup(d, key):
    try:
        return d[key]
    except KeyError as e:
        raise LookupError(f"no {key}") from e


# -- reading the chain after `raise ... from` and implicit chaining ---------------------------


@case(_one)
def v_raise_from_instance_reads_cause(x):
    cause = KeyError("k")
    try:
        raise ValueError("v") from cause
    except ValueError as e:
        return x + 1, e.__cause__ is cause, e.__suppress_context__, e.__context__ is None


@case(_one)
def v_raise_from_class_makes_cause_instance(x):
    try:
        raise ValueError from KeyError
    except ValueError as e:
        cause = e.__cause__
        return x * 2, type(cause).__name__, cause.args, e.__suppress_context__


@case(_one)
def v_raise_from_none_in_handler(x):
    try:
        try:
            {}["missing"]
        except KeyError as inner:
            first = inner
            raise ValueError("masked") from None
    except ValueError as e:
        return (
            x - 1,
            e.__cause__ is None,
            e.__suppress_context__,
            e.__context__ is first,
            type(e.__context__).__name__,
        )


@case(_one)
def v_implicit_context_in_handler(x):
    try:
        try:
            raise KeyError("first")
        except KeyError as k:
            held = k
            raise ValueError("second")  # noqa: B904
    except ValueError as e:
        return x + 2, e.__context__ is held, e.__cause__ is None, e.__suppress_context__


@case(_one)
def v_raise_from_handled_exception(x):
    try:
        try:
            raise TypeError("t")
        except TypeError as t:
            held = t
            raise RuntimeError("r") from t
    except RuntimeError as e:
        return x * 3, e.__cause__ is held, e.__context__ is held, e.__suppress_context__


@case(_one)
def v_context_try_finally(x):
    try:
        try:
            te = TypeError(1)
            raise te
        finally:
            ve = ValueError(2)
            raise ve  # noqa: B012
    except Exception as e:
        return x + 1, e is ve, e.__context__ is te, te.__context__ is None


@case(_one)
def v_context_except_and_finally(x):
    try:
        try:
            te = TypeError(1)
            raise te
        except Exception:
            ve = ValueError(2)
            raise ve  # noqa: B904
        finally:
            oe = OSError(3)
            raise oe  # noqa: B012
    except Exception as e:
        return (x + 4, e is oe, e.__context__ is ve, ve.__context__ is te, te.__context__ is None)


@case(_one)
def v_context_else_and_finally(x):
    try:
        try:
            pass
        except Exception:
            pass
        else:
            ve = ValueError(1)
            raise ve
        finally:
            oe = OSError(2)
            raise oe  # noqa: B012
    except Exception as e:
        return x * 5, e is oe, e.__context__ is ve


@case(_one)
def v_raise_without_handler_keeps_no_context(x):
    try:
        raise TypeError
    except TypeError as e:
        first = e
    try:
        raise ValueError
    except ValueError as e:
        second = e
    return x - 2, first.__context__ is None, second.__context__ is None


@case(_one)
def v_reraise_old_exception_cuts_cycle(x):
    try:
        try:
            raise AssertionError
        except AssertionError as a_:
            a = a_
            try:
                raise BytesWarning
            except BytesWarning as b_:
                b = b_
                try:
                    raise ConnectionError
                except ConnectionError as c_:
                    c = c_
                    raise a  # noqa: B904
    except AssertionError as e:
        return (x + 1, e is a, a.__context__ is c, c.__context__ is b, b.__context__ is None)


@case(_one)
def v_self_context_cycle_survives(x):
    def cycle():
        try:
            raise ValueError(1)
        except ValueError as ex:
            ex.__context__ = ex
            raise TypeError(2)  # noqa: B904

    try:
        cycle()
    except Exception as e:
        inner = e.__context__
        return (x * 2, type(e).__name__, type(inner).__name__, inner.__context__ is inner)


@case(_one)
def v_context_cycle_set_then_raise_handled(x):
    try:
        try:
            raise AssertionError
        except AssertionError as a_:
            a = a_
            try:
                raise BytesWarning
            except BytesWarning as b_:
                b = b_
                try:
                    raise ConnectionError
                except ConnectionError as c_:
                    c = c_
                    a.__context__ = c
                    raise c  # noqa: B904
    except ConnectionError as e:
        return (x + 3, e is c, c.__context__ is b, b.__context__ is a, a.__context__ is c)


@case(_one)
def v_longer_cycle_with_assigned_context(x):
    try:
        try:
            raise AssertionError
        except AssertionError as a_:
            a = a_
            try:
                raise BytesWarning
            except BytesWarning as b_:
                b = b_
                try:
                    raise ConnectionError
                except ConnectionError as c_:
                    c = c_
                    a.__context__ = c
                    try:
                        raise DeprecationWarning
                    except DeprecationWarning as d_:
                        d = d_
                        last = Exception()
                        raise last  # noqa: B904
    except Exception as e:
        return (
            x - 1,
            e is last,
            last.__context__ is d,
            d.__context__ is c,
            c.__context__ is b,
            b.__context__ is a,
            a.__context__ is c,
        )


@case(_one)
def v_callee_error_chained_in_callee(x):
    try:
        _fail_from_lookup({"a": 1}, "b")
    except LookupError as e:
        cause = e.__cause__
        return (
            x + 1,
            str(e),
            type(cause).__name__,
            cause.args,
            e.__context__ is cause,
            e.__suppress_context__,
        )


@case(_one)
def v_callee_raises_inside_callers_handler(x):
    try:
        try:
            raise KeyError("outer")
        except KeyError as k:
            held = k
            _fail(ValueError, "inner")
    except ValueError as e:
        return x * 2, e.__context__ is held, e.args


@case(_one)
def v_operation_error_chained_to_handled(x):
    try:
        try:
            raise ValueError("first")
        except ValueError as v:
            held = v
            [1, 2][5]
    except IndexError as e:
        return x + 7, e.__context__ is held, str(e)


@case(_one)
def v_context_in_loop_of_handlers(x):
    seen = []
    try:
        1 / 0
    except ZeroDivisionError as z:
        for kind in (KeyError, IndexError):
            try:
                raise kind
            except kind as e:
                seen.append((type(e).__name__, e.__context__ is z))
    return x + len(seen), seen


# -- assigning the chaining attributes ---------------------------------------------------------


@case(_one)
def v_assign_context_and_cause(x):
    try:
        raise Exception  # noqa: TRY002
    except Exception as exc:
        e = exc
    before = (e.__context__ is None, e.__cause__ is None, e.__suppress_context__)
    other = NameError()
    e.__context__ = other
    e.__cause__ = None
    after = (e.__context__ is other, e.__cause__ is None, e.__suppress_context__)
    e.__suppress_context__ = False
    return x * 3, before, after, e.__suppress_context__


@case(_one)
def v_assign_cause_exception(x):
    e = ValueError("v")
    c = KeyError("c")
    e.__cause__ = c
    return x + 1, e.__cause__ is c, e.__suppress_context__, e.__context__ is None


@case(_one)
def v_assign_cause_then_raise(x):
    e = ValueError("v")
    c = KeyError("c")
    e.__cause__ = c
    try:
        raise e
    except ValueError as got:
        return x - 1, got.__cause__ is c, got.__suppress_context__


@case(_one)
def v_assign_context_then_raise_in_handler(x):
    try:
        try:
            raise KeyError("handled")
        except KeyError as k:
            held = k
            e = ValueError("v")
            e.__context__ = TypeError("set")
            raise e  # noqa: B904
    except ValueError as got:
        return x * 2, got.__context__ is held


@case(_one)
def v_assign_cause_not_exception_raises(x):
    e = ValueError("v")
    try:
        e.__cause__ = 3
    except TypeError as err:
        return x + 1, str(err), e.__cause__ is None
    return x


@case(_one)
def v_assign_context_not_exception_raises(x):
    e = ValueError("v")
    try:
        e.__context__ = "nope"
    except TypeError as err:
        return x + 2, str(err), e.__context__ is None
    return x


@case(_one)
def v_assign_suppress_context_not_bool_raises(x):
    e = ValueError("v")
    try:
        e.__suppress_context__ = 1
    except TypeError as err:
        return x + 3, str(err), e.__suppress_context__
    return x


@case(_one)
def v_assign_traceback_none(x):
    try:
        raise ValueError("v")
    except ValueError as e:
        e.__traceback__ = None
        return x * 4, e.__traceback__ is None


@case(_one)
def v_assign_traceback_not_traceback_raises(x):
    e = ValueError("v")
    try:
        e.__traceback__ = 5
    except TypeError as err:
        return x + 1, str(err)
    return x


@case(_one)
def v_assign_context_class_raises(x):
    e = ValueError("v")
    try:
        e.__context__ = KeyError
    except TypeError as err:
        return x - 3, str(err)
    return x


@case(_one)
def v_fresh_exception_chain_attributes(x):
    e = TypeError()
    f = OSError()
    return (
        x + 1,
        e.__context__ is None,
        e.__cause__ is None,
        f.__cause__ is None,
        f.__context__ is None,
        e.__suppress_context__,
    )


# -- args, with_traceback, notes ---------------------------------------------------------------


@case(_one)
def v_args_of_raised_and_made(x):
    try:
        raise RuntimeError("a", 2, (3, 4))
    except RuntimeError as e:
        raised = e.args
    made = KeyError("k").args
    empty = ValueError().args
    return x * len(raised), raised, made, empty


@case(_one)
def v_with_traceback_none_is_same_object(x):
    try:
        raise ValueError("v")
    except ValueError as e:
        same = e.with_traceback(None) is e
        return x + 1, same, e.__traceback__ is None


@case(_one)
def v_raise_with_traceback_none(x):
    try:
        raise KeyError("k").with_traceback(None)
    except KeyError as e:
        return x - 1, e.args


@case(_one)
def v_add_note_then_read_notes(x):
    try:
        try:
            raise ValueError("v")
        except ValueError as e:
            e.add_note("first")
            e.add_note("second")
            raise
    except ValueError as e:
        return x + 2, e.__notes__, hasattr(e, "__notes__")


@case(_one)
def v_notes_missing_before_add(x):
    e = ValueError("v")
    missing = not hasattr(e, "__notes__")
    e.add_note("n")
    return x * 2, missing, e.__notes__


@case(_one)
def v_add_note_not_str_raises(x):
    e = ValueError("v")
    try:
        e.add_note(3)
    except TypeError as err:
        return x + 3, str(err), hasattr(e, "__notes__")
    return x


@case(_one)
def v_add_note_in_callee_seen_by_caller(x):
    def annotate(err):
        err.add_note("from callee")
        raise err

    try:
        annotate(KeyError("k"))
    except KeyError as e:
        return x + 1, e.__notes__, e.args


# -- user exception classes ----------------------------------------------------------------------


@case(_one)
def v_user_init_attributes(x):
    try:
        raise Tagged("red", level=3)
    except Tagged as e:
        return x * e.level, e.tag, e.args, str(e)


@case(_one)
def v_user_init_without_super(x):
    try:
        raise NoSuperInit(2, b=3)
    except ValueError:
        z = 1
    except NoSuperInit as e:
        z = e.a + e.b
        args = e.args
    return x + z, args


@case(_one)
def v_user_class_attribute_and_method(x):
    try:
        raise WithCode("w")
    except ValueError as e:
        return x + e.code, e.doubled(), isinstance(e, WithCode), e.args


@case(_one)
def v_user_exception_attribute_set_in_handler(x):
    try:
        raise Tagged("blue")
    except Tagged as e:
        e.level = 5
        e.extra = "more"
        return x * e.level, e.extra, e.tag
