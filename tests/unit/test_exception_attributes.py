"""Attributes of the exceptions a trace makes: class attributes, methods and properties of a
user exception class, builtin exceptions' own fields, attributes the program sets, a missing
one (AttributeError, so hasattr/getattr with a default work), and mutable state a user
`__init__` made, whose changes later reads (and re-raises) see."""

import pytest
import torch

import compiler
from tests.differential import check_same, one_graph


class HttpError(Exception):
    status = 500

    def describe(self):
        return f"{self.status}:{self.args[0]}"

    @property
    def short(self):
        return self.args[0][:2]


class NotFound(HttpError):
    status = 404


class Collecting(Exception):
    def __init__(self, msg):
        super().__init__(msg)
        self.items = []


class CollectingWithStr(Collecting):
    def __str__(self):
        return f"{self.args[0]}: {self.items}"


def _x():
    return torch.ones(3)


def class_attribute_method_property(x):
    try:
        raise NotFound("missing")
    except HttpError as e:
        return x * e.status, e.describe(), e.short, type(e).__name__, e.__class__ is NotFound


def builtin_fields(x):
    try:
        raise FileNotFoundError(2, "nope")
    except OSError as e:
        errno, strerror = e.errno, e.strerror
    try:
        b"\xff".decode("utf-8")
    except UnicodeDecodeError as e:
        return x + errno, strerror, e.reason, e.start, e.end


def missing_attribute(x):
    e = NotFound("x")
    try:
        e.nothing
    except AttributeError as err:
        message = str(err)
    return x + 1, message, hasattr(e, "status"), hasattr(e, "nope"), getattr(e, "nope", 3)


def set_then_read(x):
    try:
        raise KeyError("k")
    except KeyError as e:
        e.extra = 3
        e.args = ("changed",) + e.args
        return x * e.extra, e.args, str(e), hasattr(e, "extra")


def with_traceback_and_note(x):
    try:
        err = ValueError("a").with_traceback(None)
        err.add_note("first")
        err.add_note("second")
        raise err
    except ValueError as e:
        return x + 1, e.args, e.__notes__


def mutable_state_kept(x):
    try:
        raise Collecting("m")
    except Collecting as e:
        e.items.append(1)
        e.items.append(2)
        return x * len(e.items), e.items, list(e.items)


def mutable_state_across_reraise(x):
    log = []
    try:
        try:
            raise Collecting("m")
        except Collecting as e:
            e.items.append(x.shape[0])
            raise
    except Collecting as again:
        again.items.append(5)
        log.extend(again.items)
    return x + 1, log


@pytest.mark.parametrize("fn", [class_attribute_method_property, builtin_fields,
                                missing_attribute, set_then_read, with_traceback_and_note,
                                mutable_state_kept, mutable_state_across_reraise])
def test_exception_attributes_as_eager_in_one_graph(fn):
    one_graph(check_same(fn, _x()))


def class_attribute_read(x):
    try:
        raise NotFound("m")
    except HttpError as e:
        return x * e.status


def test_class_attribute_change_recompiles():
    compiled = compiler.compile(class_attribute_read, fullgraph=True)
    try:
        for status in (404, 410):
            NotFound.status = status
            torch.testing.assert_close(compiled(_x()), class_attribute_read(_x()))
    finally:
        NotFound.status = 404
    assert len(compiler.stats(compiled).recompiles) == 1


def str_of_mutated_state(x):
    try:
        raise CollectingWithStr("m")
    except Collecting as e:
        e.items.append(1)
        return x, str(e)


def mutated_then_returned(x):
    e = Collecting("m")
    e.items.append(1)
    return x, e


@pytest.mark.parametrize("fn", [str_of_mutated_state, mutated_then_returned])
def test_exception_state_the_real_object_no_longer_holds_is_refused(fn):
    with pytest.raises(compiler.Unsupported):
        compiler.compile(fn, fullgraph=True)(_x())
    compiler.reset()
    eager, ours = fn(_x()), compiler.compile(fn)(_x())
    assert str(eager[1]) == str(ours[1])


def instance_attribute_over_class_attribute(x):
    try:
        raise NotFound("m")
    except HttpError as e:
        e.status = 418
        e.errors = [x.shape[0]]
        e.errors.append(1)
        return x * e.status, e.describe(), e.errors, NotFound.status


def tensor_attribute(x):
    try:
        err = ValueError("t")
        err.payload = x * 2
        raise err
    except ValueError as e:
        return e.payload + 1, str(e)


def test_attributes_set_by_the_program_in_one_graph():
    one_graph(check_same(instance_attribute_over_class_attribute, _x()))
    compiler.reset()
    one_graph(check_same(tensor_attribute, _x()))


def tensor_attribute_with_user_str(x):
    try:
        err = CollectingWithStr("t")
        err.items = [x.sum()]
        raise err
    except Collecting as e:
        return x, str(e)


def test_state_a_user_str_would_read_is_refused():
    with pytest.raises(compiler.Unsupported):
        compiler.compile(tensor_attribute_with_user_str, fullgraph=True)(_x())


class WithRepr(Exception):
    def __repr__(self):
        return f"WithRepr<{self.args[0]}>"


def repr_of_exceptions(x):
    return x + 1, repr(ValueError("x")), repr(NotFound("y", 2)), repr(WithRepr("z")), repr(3)


def test_repr_of_exceptions():
    one_graph(check_same(repr_of_exceptions, _x()))
