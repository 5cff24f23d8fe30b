"""Generators as Python runs them: lazily, one step per `next`, so a generator's side effects
interleave with its consumer's, and a generator left unfinished never runs its remaining body.
"""

from __future__ import annotations

import collections.abc
import itertools

from tests.dynamo_style.registry import case


@case()
def generator_steps_interleave_with_loop(a, b):
    log = []

    def produce():
        for i in range(3):
            log.append(i)
            yield a * i

    out = b
    for x in produce():
        log.append(-1)
        out = out + x
    return out, log


@case()
def generator_zip_stops_early(a, b):
    log = []

    def produce():
        for i in range(5):
            log.append(i)
            yield a * i

    return list(zip(produce(), [1, 2])), log


@case()
def generator_any_short_circuits(a, b):
    seen = []

    def check(i):
        seen.append(i)
        return i > 1

    return any(check(i) for i in range(6)), all(check(i) < 3 for i in range(6)), seen, a


@case()
def generator_raises_after_first_step(a, b):
    def produce():
        yield a
        raise ValueError("second step")

    it = produce()
    first = next(it)
    try:
        next(it)
    except ValueError as err:
        return first + b, str(err)
    return first


@case()
def generator_left_unfinished(a, b):
    log = []

    def produce():
        log.append("start")
        yield a
        log.append("after first")
        yield b

    it = produce()
    return next(it) * 2, log


@case()
def generator_endless_with_islice(a, b):
    def naturals():
        n = 0
        while True:
            yield n
            n += 1

    return [a * k for k in itertools.islice(naturals(), 3)]


@case()
def generator_enumerate_and_map_lazily(a, b):
    log = []

    def produce():
        for i in range(3):
            log.append(i)
            yield a + i

    out = []
    for i, t in enumerate(map(lambda x: x * 2, produce())):
        log.append(f"use {i}")
        out.append(t)
    return out, log


@case()
def generator_return_value_through_yield_from(a, b):
    def inner():
        yield a
        return 7

    def outer():
        got = yield from inner()
        yield b * got

    return list(outer())


@case()
def generator_expression_consumed_twice(a, b):
    gen = (t * 2 for t in (a, b))
    first = list(gen)
    second = list(gen)
    return first, second


@case()
def generator_send_accumulates(a, b):
    def running_total():
        total = 0
        while True:
            sent = yield total
            total += sent

    acc = running_total()
    next(acc)
    acc.send(2)
    return a * acc.send(3)


@case()
def generator_yield_inside_try_finally(a, b):
    log = []

    def produce():
        try:
            yield a
            yield b
        finally:
            log.append("closed")

    return list(produce()), log


@case()
def generator_yield_inside_try_except(a, b):
    log = []

    def produce(items):
        i = 0
        try:
            while True:
                yield items[i]
                log.append(i)
                i += 1
        except IndexError:
            return

    first = next(produce([a, b]))  # left unfinished: its except clause cannot catch the close
    return first, list(produce([a, b, a + b])), log


class _Pair(collections.abc.Sequence):
    def __init__(self, a, b):
        self.items = (a, b)

    def __getitem__(self, i):
        return self.items[i]

    def __len__(self):
        return 2


@case()
def user_sequence_iterated(a, b):
    return [t * 2 for t in _Pair(a, b)], a in _Pair(a, b)


@case()
def map_calls_its_function_per_step(a, b):
    log = []

    def scaled(k):
        log.append(k)
        return a * k

    out = b
    for t in map(scaled, [1, 2, 3]):
        log.append(-1)
        out = out + t
    return out, log


@case()
def filter_stops_at_first_match(a, b):
    log = []

    def big(k):
        log.append(k)
        return k > 1

    kept = filter(big, [0, 1, 2, 3, 4])
    return a * next(kept), log


@case()
def zip_of_map_pulls_only_what_it_pairs(a, b):
    log = []

    def seen(k):
        log.append(k)
        return k

    return list(zip(map(seen, [1, 2, 3]), [a])), log
