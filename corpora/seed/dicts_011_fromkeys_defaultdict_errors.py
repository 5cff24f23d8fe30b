"""dict.fromkeys, setdefault, a defaultdict without a factory raising KeyError, reversed dict
keys, OrderedDict equality order-sensitivity and dict.copy. features: dicts, exceptions"""

import collections

import torch


def program(x, names):
    d = dict.fromkeys(names, 0)
    for n in names:
        d[n] += 1
    d.setdefault("extra", 5)
    dd = collections.defaultdict(None, {"a": 1})
    try:
        dd["zz"]
        err = None
    except KeyError as e:
        err = e.args[0]
    od1 = collections.OrderedDict([("a", 1), ("b", 2)])
    od2 = collections.OrderedDict([("b", 2), ("a", 1)])
    snap = d.copy()
    snap["extra"] = 0
    return (x * sum(d.values()), list(reversed(d)), err, od1 == od2, dict(od1) == dict(od2),
            d["extra"], dd.default_factory is None)


def calls():
    g = torch.Generator().manual_seed(493)
    yield (torch.randn(3, generator=g), ["a", "b"]), {}
    yield (torch.randn(3, generator=g), ["a", "b"]), {}
    yield (torch.randn(3, generator=g), ["c", "a", "c"]), {}
