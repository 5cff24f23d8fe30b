"""Constructs for the questions real code asks of its values: probes, comparisons and identity.

Model code asks `hasattr(config, "x")`, `getattr(module, "bias", None) is None`,
`isinstance(m, nn.Linear)`, `type(x) is tuple` and `callable(fn)` of every kind of value, and
compares objects, classes, `None`, containers and dict views with `==`, `is` and `in`. Each
answer is a bool (or a number) the program returns or branches on; a global object, class or
dict the answer depends on is changed between calls (`mutate_between_calls`).
"""

from __future__ import annotations

from generators import probe
from generators.builder import Builder
from generators.ir import Kind
from generators.opargs import Picks

NAMES = ("shape", "dtype", "__class__", "__name__", "__code__", "__dict__", "__call__",
         "_fields", "append", "keys", "weight", "training", "T", "k", "tag", "__len__",
         "__getitem__", "forward", "__wrapped__", "real")
TYPES = ("torch.Tensor", "list", "tuple", "dict", "torch.nn.Module", "type", "int", "float",
         "(list, tuple)", "torch.Size", "torch.nn.Parameter", "bool", "str", "type(None)")


def _define_object(b: Builder, p: Picks) -> str | None:
    """A global config-like object of a fresh class with a class and an instance attribute;
    between calls one of them changes."""
    cls, obj = b.fresh("Config"), b.fresh("CFG")
    lines = [f"class {cls}:", "    tag = 1", "", "    def __init__(self):",
             "        self.k = 2.0"]
    if not b.define(cls, lines) or not b.define(obj, [f"{obj} = {cls}()"]):
        return None
    change = p.choice((f"del {obj}.k", f"{obj}.k = 0.5", f"{cls}.tag = 2",
                       f"{obj}.extra = 1", f"del {cls}.tag", f"{obj}.tag = 3"))
    b.between(change)
    return obj


def _subjects(b: Builder, p: Picks) -> list[str]:
    """Expressions of every kind of value the program has at hand."""
    out = ["None", "len", "torch.relu", "[1, 2]", "(1,)", "{'a': 1}", "{1, 2}", "torch.float32",
           "torch.device('cpu')", "iter([1])", "zip([1], [2])", "enumerate([0])",
           "reversed([1, 2])", "map(abs, [1])", "range(3)", "torch.nn.ReLU()", "object()",
           "collections.OrderedDict(a=1)", "collections.deque([1])", "'name'", "1.5"]
    out += [v.name for v in b.values if v.kind is not Kind.OBJECT]
    out += [f"{t.name}.shape" for t in b.tensors()[:2]]
    out += [d.name for d in b.defs if d.lines[0].startswith(("def ", "class "))]
    if b.module_mode:
        out += ["self"] + [f"self.{n}" for n, _ in b.env["self"].named_children()]
    return out


def probes(b: Builder, p: Picks) -> bool:
    form = p.int(10)
    if form == 8:  # a config object read with defaults, as model code reads its config
        return _config_probe(b, p)
    if form == 9:  # what a function or a class says about itself
        return _self_description(b, p)
    cands = _subjects(b, p)
    v = cands[p.int(len(cands))]
    name, kind = p.choice(NAMES), p.choice(TYPES)
    expr = (f'hasattr({v}, "{name}")', f'getattr({v}, "{name}", None) is None',
            f"callable({v})", f"isinstance({v}, {kind})", f"type({v}) is {kind}",
            f'callable(getattr({v}, "{name}", None))', f"{v}.__class__ is {kind}",
            f'"{name}" in getattr({v}, "__dict__", {{}})')[form]
    out = b.fresh("s")
    uses = [v] if v in b.by_name else []
    return b.emit([f"{out} = {expr}"], [out], uses, features=["probes"]) is not None


def _config_probe(b: Builder, p: Picks) -> bool:
    t = b.pick(p, b.tensors("float"))
    obj = _define_object(b, p)
    if t is None or obj is None:
        return False
    out, n = b.fresh("t"), t.name
    lines = p.choice((
        [f'{out} = {n} * getattr({obj}, "k", 1.5)'],
        [f'if hasattr({obj}, "k"):', f"    {out} = {n} * {obj}.k", "else:", f"    {out} = -{n}"],
        [f"{out} = {n} + {obj}.tag"],
        [f'{out} = {n} * getattr({obj}, "tag", 0.5) + len(vars({obj}))'],
        [f'{out} = {n} * (2.0 if "k" in {obj}.__dict__ else 3.0)'],
        [f'{out} = {n} - getattr(type({obj}), "tag", 4)'],
    ))
    return b.emit(lines, [out], [n], features=["probes"]) is not None


def _self_description(b: Builder, p: Picks) -> bool:
    h = b.fresh("helper")
    if not b.define(h, [f"def {h}(u, k=2.0, *rest, scale=1.0):", "    return u * k * scale"]):
        return False
    b.between(p.choice((f"{h}.__defaults__ = (3.0,)", f"{h}.__kwdefaults__ = {{'scale': 0.5}}",
                        f"{h}.tag = 1")))
    t = b.pick(p, b.tensors("float"))
    forms = [f"{h}.__code__.co_argcount", f"{h}.__name__ == '{h}'", f"len({h}.__defaults__)",
             f"{h}.__code__.co_varnames[:2] == ('u', 'k')", f"type({h}).__name__",
             f"getattr({h}, 'tag', 0)", f"{h}.__kwdefaults__['scale']",
             f"{h}.__qualname__.startswith('helper')", f"callable({h}.__call__)"]
    out = b.fresh("s")
    lines = [f"{out} = {p.choice(forms)}"]
    if isinstance(probe.evaluate(lines[0].split(" = ", 1)[1], b.env), str):
        lines = [f"{out} = len({lines[0].split(' = ', 1)[1]})"]
    uses = []
    if t is not None and p.int(2):
        lines.append(f"{out} = {h}({t.name}) * 0 + {out}")
        uses = [t.name]
    return b.emit(lines, [out], uses, features=["probes"]) is not None


def _define_node(b: Builder, p: Picks) -> tuple[str, str, str] | None:
    """A class (with value equality or without), and two global instances."""
    cls, a, c = b.fresh("Node"), b.fresh("A"), b.fresh("B")
    lines = [f"class {cls}:", "    def __init__(self, v):", "        self.v = v"]
    if p.int(2):
        lines += ["", "    def __eq__(self, other):",
                  f"        return isinstance(other, {cls}) and self.v == other.v", "",
                  "    __hash__ = object.__hash__"]
    second = p.choice((f"{c} = {cls}(1)", f"{c} = {a}", f"{c} = {cls}(2)", f"{c} = None"))
    if not (b.define(cls, lines) and b.define(a, [f"{a} = {cls}(1)"])
            and b.define(c, [second])):
        return None
    b.between(p.choice((f"{a}.v = 2", f"{c} = {a}", f"{c} = {cls}(1)", f"{a} = {cls}(5)",
                        f"{c} = None")), rebinds=(a, c))
    return cls, a, c


def identity(b: Builder, p: Picks) -> bool:
    """==, !=, is, `in` between user objects, classes, None and containers."""
    node = _define_node(b, p)
    if node is None:
        return False
    cls, a, c = node
    xs = b.pick(p, b.of_kind(Kind.TLIST))
    d = b.pick(p, b.of_kind(Kind.TDICT))
    forms = [f"{a} == {c}", f"{a} != {c}", f"{a} is {c}", f"{a} == None", f"{c} is None",
             f"{cls}(1) == {cls}(1)", f"{cls}(1) is {cls}(1)", f"{a} in [{c}, None]",
             f"{a} in ({c},)", f"type({a}) is type({c})", f"{cls} is type({a})",
             f"{a}.__class__ == {cls}", f"{c} not in [{a}]", f"[{a}] == [{c}]",
             f"({a}, 1) == ({c}, 1)", f"{{{a}: 1}}.get({c}, 0) == 1"]
    if xs is not None:
        forms += [f"{xs.name} == list({xs.name})", f"{xs.name}[0] in {xs.name}",
                  f"{xs.name} is {xs.name}[:]", f"tuple({xs.name}) == tuple({xs.name})"]
    if d is not None:
        forms += [f"{d.name} == dict({d.name})", f"{d.name}['a'] in {d.name}.values()"]
    out = b.fresh("s")
    uses = [v.name for v in (xs, d) if v is not None]
    return b.emit([f"{out} = {p.choice(forms)}"], [out], uses,
                  features=["identity"]) is not None


def dict_views(b: Builder, p: Picks) -> bool:
    """keys()/items()/values() compared, tested for membership and combined as sets."""
    d = b.pick(p, b.of_kind(Kind.TDICT))
    if d is not None and p.int(2):
        n = d.name
        forms = (f'{n}.keys() == {{"a", "b"}}', f'len({n}.keys() & {{"a", "z"}})',
                 f'"a" in {n}.keys()', f'{n}.keys() - {{"a"}} == {{"b"}}',
                 f'sorted({n}.keys() | {{"c"}}) == ["a", "b", "c"]',
                 f'{n}.keys() <= {{"a", "b", "c"}}', f'{n}.keys().isdisjoint(["z"])',
                 f"list({n}.values())[0] is {n}['a']", f"{n}.keys() == dict({n}).keys()",
                 f'len({n}.items() - {{("z", 0)}})')
        out = b.fresh("s")
        return b.emit([f"{out} = {p.choice(forms)}"], [out], [n],
                      features=["dict_views"]) is not None
    g = b.fresh("TABLE")
    if not b.define(g, [f'{g} = {{"a": 1, "b": 2}}']):
        return False
    b.between(p.choice((f'{g}["c"] = 3', f'del {g}["a"]', f'{g}["a"] = 5', f'{g}.pop("b")',
                        f'{g}.update(b=7)')))
    forms = (f'{g}.keys() == {{"a", "b"}}', f'("a", 1) in {g}.items()',
             f'{g}.items() == {{"a": 1, "b": 2}}.items()', f"sum({g}.values())",
             f'len({g}.keys() ^ {{"b", "c"}})', f'{g}.items() <= {{("a", 1), ("b", 2)}}',
             f'{g}.get("c", 0) + len({g})', f'sorted({g}.items())[0][1]',
             f'{g}.keys() & {{"a"}} == {{"a"}}', f"list({g}) == list({g}.keys())")
    out = b.fresh("s")
    return b.emit([f"{out} = {p.choice(forms)}"], [out], features=["dict_views"]) is not None


CONSTRUCTS = {"probes": probes, "identity": identity, "dict_views": dict_views}
