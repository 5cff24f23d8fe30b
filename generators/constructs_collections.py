"""Constructs for the standard library's containers and for strings, as model code uses them:
deques of recent states, defaultdicts and Counters of names, OrderedDicts of layers, ChainMaps
of options, f-strings naming layers and string methods on keys.
"""

from __future__ import annotations

from generators import probe
from generators.builder import Builder
from generators.opargs import Picks


def collections_std(b: Builder, p: Picks) -> bool:
    t = b.pick(p, b.tensors("float"))
    op = t and b.body_op(p, t)
    if not op:
        return False
    n, c, out = t.name, b.fresh("c"), b.fresh("t")
    forms = (
        [f"{c} = collections.deque([{n}], maxlen=2)", f"{c}.append({op[0]})",
         f"{c}.appendleft({n} * 2)", f"{out} = {c}.popleft() + {c}[0] * len({c})"],
        [f"{c} = collections.deque([1, 2, 3])", f"{c}.rotate(1)",
         f"{out} = {n} * {c}[0] + {c}.pop()"],
        [f"{c} = collections.defaultdict(list)", f"{c}['a'].append({n})",
         f"{c}['a'].append({op[0]})", f"{out} = sum({c}['a']) + len({c}['b'])"],
        [f"{c} = collections.OrderedDict(a={n}, b={op[0]})", f"{c}.move_to_end('a')",
         f"{out} = next(iter({c}.values())) - {c}.popitem(last=False)[1]"],
        [f"{c} = collections.Counter('abca')", f"{c}.update(['b'])",
         f"{out} = {n} * {c}['a'] + {c}.most_common(1)[0][1] + {c}['z']"],
        [f"{c} = collections.ChainMap({{'k': 2.0}}, {{'k': 3.0, 'j': 0.5}})",
         f"{out} = {n} * {c}['k'] + {c}.new_child({{'j': 1.0}})['j']"],
        [f"{c} = collections.defaultdict.fromkeys(['a', 'b'], 1)",
         f"{out} = {n} * sum({c}.values())"],
        [f"{c} = collections.OrderedDict.fromkeys('xyz', 0.5)", f"{c}['y'] = 2.0",
         f"{out} = {op[0]} * list({c}.values())[1] + len({c})"],
    )
    return b.emit(p.choice(forms), [out], [n], ops=[op[1]],
                  features=["collections_std"]) is not None


def strings(b: Builder, p: Picks) -> bool:
    """f-strings and string methods deciding keys, branches and numbers."""
    t = b.pick(p, b.tensors())
    if t is None:
        return False
    n, out = t.name, b.fresh("s")
    forms = (f'len(f"layer_{{{n}.dim()}}")', '"weight".startswith("w")',
             f'"_".join(["h", str({n}.dim())]) == "h_2"', f'"{{}}x{{}}".format(1, {n}.dim())',
             f'str({n}.shape) == "torch.Size({list(t.shape)})"', f'"%d-%s" % ({n}.dim(), "a")',
             '"blocks.0.attn".split(".")[-1].upper()', f'f"{{{n}.dtype}}".replace("torch.", "")',
             '"bias" in "layer.bias".rsplit(".", 1)', f'str({n}.device).strip() == "cpu"',
             '"{:.3f}".format(1 / 3).count("3")', f'"x".join(map(str, {n}.shape)) or "scalar"',
             f'type({n}).__name__ + "." + {n}.__class__.__qualname__')
    expr = p.choice(forms)
    if isinstance(probe.evaluate(expr, b.env), str):
        # a string result: used as a key, so the program returns a number or a bool
        key = b.fresh("key")
        lines = [f"{key} = {expr}", f'{out} = len({key}) + ({key} == "float32")']
    else:
        lines = [f"{out} = {expr}"]
    return b.emit(lines, [out], [n], features=["strings"]) is not None


CONSTRUCTS = {"collections_std": collections_std, "strings": strings}
