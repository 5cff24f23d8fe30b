"""Multi-call probes for the object model: instance-dict writes past descriptors, a
thread-local's attributes, a partial's `__name__`, `__flags__` of the class passed, and a
property object read from a class dict, while the state they read changes between calls.
Each call is compared with eager (run_calls); a stale trace is a wrong answer."""

from __future__ import annotations

import collections
import functools
import threading

import torch

from tests.dynamo_style.calls_support import run_calls
from tests.dynamo_style.calls_support import sample as _x


class Stamp:
    """A data descriptor with only __set__: the instance dict answers reads."""

    def __set__(self, obj, value):
        obj.__dict__["stamp"] = obj.__dict__.get("stamp", 0) + value


class Holder:
    stamp = Stamp()

    def __init__(self):
        self.base = 1.0

    @property
    def twice(self):
        return self.base * 2


class _State:
    holder = Holder()
    local = threading.local()
    part = functools.partial(torch.add, alpha=2)


def _reset():
    _State.holder = Holder()
    _State.local = threading.local()
    _State.part = functools.partial(torch.add, alpha=2)


def _dict_counter(x):
    h = _State.holder
    h.__dict__["n"] = h.__dict__.get("n", 0) + 1
    h.stamp = 2
    return x * h.n + h.stamp


def test_instance_dict_writes_accumulate_across_calls():
    calls = [(None, (_x(0),)), (None, (_x(1),)), (None, (_x(2),))]
    run_calls(_dict_counter, calls, fullgraph=True, reset_state=_reset)


def _set_base():
    _State.holder.__dict__["base"] = 5.0


def _drop_stamp():
    _State.holder.__dict__.pop("stamp", None)


def _reads_through_class_dict(x):
    h = _State.holder
    prop = type(h).__dict__["twice"]
    return x + prop.__get__(h) + h.__dict__.get("stamp", -1)


def test_property_object_follows_instance_state():
    calls = [(None, (_x(0),)), (_set_base, (_x(1),)), (lambda: setattr(_State.holder, "stamp", 3),
                                                        (_x(2),)),
             (_drop_stamp, (_x(3),))]
    run_calls(_reads_through_class_dict, calls, fullgraph=True, reset_state=_reset)


def _local_reader(x):
    loc = _State.local
    loc.calls = getattr(loc, "calls", 0) + 1
    return x * loc.calls, hasattr(loc, "flag")


def test_thread_local_state_changes():
    calls = [(None, (_x(0),)), (lambda: setattr(_State.local, "flag", 1), (_x(1),)),
             (lambda: delattr(_State.local, "flag"), (_x(2),)), (None, (_x(3),))]
    run_calls(_local_reader, calls, fullgraph=True, reset_state=_reset)


def _partial_name(x):
    p = _State.part
    return p(x, x), getattr(p, "__name__", "anonymous")


def test_partial_name_set_between_calls():
    calls = [(None, (_x(0),)), (lambda: setattr(_State.part, "__name__", "named"), (_x(1),)),
             (lambda: delattr(_State.part, "__name__"), (_x(2),))]
    run_calls(_partial_name, calls, fullgraph=True, reset_state=_reset)


def _flags(x, cls):
    return x + 1 if cls.__flags__ & (1 << 6) else x - 1


def test_flags_of_each_class_passed():
    calls = [(None, (_x(0), collections.OrderedDict)), (None, (_x(1), list)),
             (None, (_x(2), Holder)), (None, (_x(3), collections.OrderedDict))]
    run_calls(_flags, calls, fullgraph=True)
