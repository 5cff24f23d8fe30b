"""Multi-call probes for Python objects and the standard library: enum members and their
attributes changing between calls, heap and bisect functions changing lists from outside the
frame, keys whose hash depends on fields, comparison functions read from globals. Each call
is compared with eager (tests/dynamo_style/calls_support.py)."""

from __future__ import annotations

import bisect
import enum
import functools
import heapq

from tests.dynamo_style.calls_support import run_calls
from tests.dynamo_style.calls_support import sample as _x


class Planet(enum.Enum):
    MERCURY = (3.3, 2.4)
    EARTH = (5.9, 6.3)

    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius

    @property
    def density(self):
        return self.mass / self.radius


def scaled_by_planet(x, planet):
    return x * planet.density + planet.mass, planet.name


def test_enum_member_argument_and_its_attributes_changing():
    def heavier():
        Planet.EARTH.mass = 7.0

    def restore():
        Planet.EARTH.mass = 5.9

    calls = [(None, (_x(), Planet.EARTH)), (None, (_x(1), Planet.MERCURY)),
             (heavier, (_x(2), Planet.EARTH)), (restore, (_x(3), Planet.EARTH))]
    run_calls(scaled_by_planet, calls, fullgraph=True, reset_state=restore)


QUEUE = []


def push_and_pop(x, item):
    heapq.heappush(QUEUE, item)
    smallest = QUEUE[0]
    if len(QUEUE) > 3:
        smallest = heapq.heappop(QUEUE)
    return x * smallest, list(QUEUE)


def test_heap_held_in_a_global_changes_across_calls():
    calls = [(None, (_x(), k)) for k in (5, 3, 8, 1, 4)]
    run_calls(push_and_pop, calls, fullgraph=True, reset_state=QUEUE.clear)


def insert_sorted(x, edges, value):
    bisect.insort(edges, value)
    return x * bisect.bisect_left(edges, value), edges


def test_insort_into_an_input_list_is_seen_after_the_call():
    calls = [(None, (_x(), [0.0, 1.0, 2.0], 1.5)), (None, (_x(1), [0.0, 1.0, 2.0], 9.0)),
             (None, (_x(2), [], 3.0))]
    run_calls(insert_sorted, calls, fullgraph=True)


DESCENDING = False


def compare_values(a, b):
    return (b - a) if DESCENDING else (a - b)


def sort_by_global_comparator(x, values):
    ordered = sorted(values, key=functools.cmp_to_key(compare_values))
    return x * ordered[0], ordered


def test_comparator_reading_a_global_that_changes():
    global DESCENDING

    def flip():
        global DESCENDING
        DESCENDING = True

    def reset():
        global DESCENDING
        DESCENDING = False

    calls = [(None, (_x(), [3, 1, 2])), (flip, (_x(1), [3, 1, 2])), (reset, (_x(2), [5, 4]))]
    run_calls(sort_by_global_comparator, calls, fullgraph=True, reset_state=reset)
    assert DESCENDING is False


class Cell:
    def __init__(self, x):
        self.x = x

    def __eq__(self, other):
        return isinstance(other, Cell) and self.x == other.x

    def __hash__(self):
        return hash(self.x)


def key_whose_hash_changes(x, n):
    c = Cell(n)
    table = {c: "stored"}
    c.x = n + 1  # its hash changes: the dict keeps the old one
    found = c in table
    other = Cell(n) in table  # the old hash, but __eq__ now sees another x
    return x + n, found, other, len(table), [k.x for k in table]


def test_mutated_key_is_looked_up_as_cpython_does():
    calls = [(None, (_x(), 1)), (None, (_x(1), 2)), (None, (_x(2), 1))]
    run_calls(key_whose_hash_changes, calls)


LOG = []


class Logged:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        LOG.append((self.v, other.v))
        return self.v < other.v

    def __eq__(self, other):
        LOG.append(("eq", self.v, other.v))
        return self.v == other.v

    def __hash__(self):
        LOG.append(("hash", self.v))
        return hash(self.v)


def sort_and_dedup_logging(x, values):
    objs = [Logged(v) for v in values]
    unique = set(objs)
    ordered = sorted(unique)
    lookup = {o: o.v for o in objs}
    return x * len(unique), [o.v for o in ordered], len(lookup), list(LOG)


def test_comparison_and_hash_calls_match_eager():
    calls = [(LOG.clear, (_x(), [3, 1, 3, 2])), (LOG.clear, (_x(1), [1, 1, 1])),
             (LOG.clear, (_x(2), [5, 4, 3, 2, 1, 0]))]
    run_calls(sort_and_dedup_logging, calls, fullgraph=True, reset_state=LOG.clear)


def dict_keyed_by_enum(x, table):
    total = x
    for member, weight in table.items():
        total = total + weight * member.density
    return total, sorted(m.name for m in table)


def test_input_dict_keyed_by_enum_members():
    calls = [(None, (_x(), {Planet.EARTH: 1.0})),
             (None, (_x(1), {Planet.EARTH: 2.0, Planet.MERCURY: 0.5})),
             (None, (_x(2), {Planet.MERCURY: 3.0}))]
    run_calls(dict_keyed_by_enum, calls, fullgraph=True)



class Tone(enum.Enum):
    LOW = 1
    HIGH = 2


def describe_if_possible(x):
    return x + Tone.HIGH.value, Tone.HIGH.describe() if hasattr(Tone.HIGH, "describe") else "-"


def _add_describe():
    Tone.describe = lambda self: f"tone {self.name}"


def _remove_describe():
    if "describe" in Tone.__dict__:
        del Tone.describe


def test_hasattr_of_enum_member_sees_methods_added_later():
    """hasattr(member, name) was answered once, unguarded: a method added to the enum class
    between calls was not seen (a wrong answer)."""
    calls = [(None, (_x(),)), (_add_describe, (_x(1),)), (_remove_describe, (_x(2),))]
    run_calls(describe_if_possible, calls, fullgraph=True, reset_state=_remove_describe)
