"""generator.throw() raises at the paused yield; the handler yields a fallback, an unhandled
type propagates out of throw(). features: exceptions, loops, control_flow"""

# A torch limitation, not a program error (the --subject torch:eager mismatch):
# torch.compile yields a value where CPython's generator has finished after throw().

import torch


def worker(x, n):
    for _ in range(n):
        try:
            x = yield x * 2
        except ValueError as e:
            x = x + len(str(e))
    yield x


def program(x, msg):
    gen = worker(x, 2)
    first = next(gen)
    recovered = gen.throw(ValueError(msg))
    rest = list(gen)
    gen2 = worker(x, 3)
    next(gen2)
    try:
        gen2.throw(KeyError("k"))
        raised = None
    except KeyError as e:
        raised = e.args[0]
    return first, recovered, rest, raised, next(gen2, "finished")


def calls():
    g = torch.Generator().manual_seed(442)
    yield (torch.randn(3, generator=g), "bad"), {}
    yield (torch.randn(3, generator=g), "bad"), {}
    yield (torch.randn(3, generator=g), "much worse"), {}
