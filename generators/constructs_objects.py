"""Constructs for the object model of real code: decorators, classes and container subclasses.

Model libraries wrap functions with `functools.wraps` (wrappers with defaults of their own),
cache helpers with `lru_cache`, read configuration through properties, descriptors,
`__getattr__`, class attributes, classmethods and `super()`, and return dataclasses and
`ModelOutput`-like OrderedDict subclasses. Class attributes and instance state change between
calls (`mutate_between_calls`).
"""

from __future__ import annotations

from generators.builder import Builder
from generators.opargs import Picks


def decorators(b: Builder, p: Picks) -> bool:
    t, op = b.float_with_op(p, arg="u")
    if t is None:
        return False
    form, out, n = p.int(4), b.fresh("t"), t.name
    if form == 0:  # a wraps wrapper whose own default differs from the wrapped function's
        deco, h = b.fresh("scaled"), b.fresh("helper")
        lines = [f"def {deco}(fn):", "    @functools.wraps(fn)",
                 "    def wrapper(u, k=2.0):", "        return fn(u, k) + k", "    return wrapper"]
        body = [f"@{deco}", f"def {h}(u, k=0.5):", f"    return {op[0]} * k"]
        call = p.choice((f"{h}({n})", f"{h}({n}, 3.0)", f"{h}({n}, k=-1.0)"))
    elif form == 1:  # lru_cache on a helper of plain numbers
        deco, h = None, b.fresh("table")
        lines = []
        body = ["@functools.lru_cache(maxsize=None)", f"def {h}(m):",
                "    return tuple(float(i) / (m + 1) for i in range(m))"]
        call = p.choice((f"{n} * sum({h}({n}.dim() + 2))", f"{n} + {h}(3)[-1]",
                         f"{n} * len({h}(2))"))
    elif form == 2:  # a user decorator with arguments, counting calls in a global
        deco, h, count = b.fresh("counted"), b.fresh("helper"), b.fresh("CALLS")
        lines = [f"{count} = [0]", "", "", f"def {deco}(scale):", "    def decorate(fn):",
                 "        def inner(*args, **kwargs):", f"            {count}[0] += 1",
                 "            return fn(*args, **kwargs) * scale", "        return inner",
                 "    return decorate"]
        body = [f"@{deco}(0.5)", f"def {h}(u):", f"    return {op[0]}"]
        call = p.choice((f"{h}({n})", f"{h}({h}({n}))", f"{h}(u={n}) + {count}[0]"))
    else:  # wrapper attributes real code reads: __wrapped__, __name__, __doc__
        deco, h = b.fresh("traced"), b.fresh("helper")
        lines = [f"def {deco}(fn):", "    @functools.wraps(fn)", "    def wrapper(*args):",
                 "        return fn(*args)", "    return wrapper"]
        body = [f"@{deco}", f"def {h}(u):", '    """doc"""', f"    return {op[0]}"]
        call = p.choice((f"{h}.__wrapped__({n})", f"{n} * len({h}.__name__)",
                         f"{h}({n}) * (1.0 if {h}.__doc__ == 'doc' else 2.0)",
                         f"{n} * ({h}.__wrapped__ is not {h})"))
    if deco and not b.define(deco, lines):
        return False
    if not b.define(h, body):
        return False
    if form == 0 and p.int(2):  # the wrapper's own defaults change between calls
        b.between(f"{h}.__defaults__ = (4.0,)")
    return b.emit([f"{out} = {call}"], [out], [n], ops=[op[1]],
                  features=["decorators"]) is not None


def _define_classes(b: Builder, p: Picks, op: str) -> tuple[str, str] | None:
    base, child = b.fresh("Base"), b.fresh("Child")
    lines = [f"class {base}:", "    scale = 2.0", "", "    def __init__(self, k):",
             "        self.k = k", "", "    @property", "    def factor(self):",
             "        return self.k * self.scale", "", "    @classmethod",
             "    def make(cls, k):", "        return cls(k)", "", "    @staticmethod",
             "    def shift(u):", "        return u + 1", "", "    def apply(self, u):",
             f"        return {op} * self.factor"]
    child_lines = [f"class {child}({base}):", "    scale = 3.0", "",
                   "    def apply(self, u):", "        return super().apply(u) + self.shift(u)",
                   "", "    def __getattr__(self, name):", "        if name.startswith('w_'):",
                   "            return len(name)", "        raise AttributeError(name)"]
    if not b.define(base, lines) or not b.define(child, child_lines):
        return None
    return base, child


def object_protocols(b: Builder, p: Picks) -> bool:
    """Properties, __getattr__, class attributes, classmethods, staticmethods and super()."""
    t, op = b.float_with_op(p, arg="u")
    if t is None:
        return False
    classes = _define_classes(b, p, op[0])
    if classes is None:
        return False
    base, child = classes
    obj = b.fresh("OBJ")
    cls = p.choice((base, child))
    if not b.define(obj, [f"{obj} = {cls}.make(0.5)"]):
        return False
    b.between(p.choice((f"{base}.scale = 0.25", f"{obj}.k = -1.0", f"{child}.scale = 5.0",
                        f"{obj}.scale = 7.0", f"{obj}.w_extra = 0.5",
                        f"{obj} = {child}(1.5)")), rebinds=(obj,))
    n, out = t.name, b.fresh("t")
    call = p.choice((f"{obj}.apply({n})", f"{n} * {obj}.factor", f"{cls}.shift({n}) * {obj}.k",
                     f"{cls}(2.0).apply({n})", f"{n} * getattr({obj}, 'w_abc', 1)",
                     f"{n} * {obj}.scale + {cls}.scale",
                     f"{n} * (1.0 if hasattr({obj}, 'w_x') else 2.0)",
                     f"{base}.apply({obj}, {n})", f"{n} * {cls}.make(3.0).factor"))
    return b.emit([f"{out} = {call}"], [out], [n], ops=[op[1]],
                  features=["object_protocols"]) is not None


def descriptors(b: Builder, p: Picks) -> bool:
    """A data or non-data descriptor on a class, read through an instance."""
    t = b.pick(p, b.tensors("float"))
    if t is None:
        return False
    desc, cls, obj = b.fresh("Scaled"), b.fresh("Holder"), b.fresh("HOLDER")
    data = p.int(2)
    lines = [f"class {desc}:", "    def __get__(self, obj, objtype=None):",
             "        return 1.0 if obj is None else obj.base * 2"]
    if data:
        lines += ["", "    def __set__(self, obj, value):", "        obj.base = value / 2"]
    holder = [f"class {cls}:", f"    twice = {desc}()", "", "    def __init__(self):",
              "        self.base = 1.5"]
    if not (b.define(desc, lines) and b.define(cls, holder)
            and b.define(obj, [f"{obj} = {cls}()"])):
        return False
    b.between(p.choice((f"{obj}.base = -0.5", f"{obj}.twice = 3.0", f"{cls}.twice = 0.25")))
    out, n = b.fresh("t"), t.name
    expr = p.choice((f"{n} * {obj}.twice", f"{n} + {cls}.twice", f"{n} * vars({obj})['base']"))
    return b.emit([f"{out} = {expr}"], [out], [n], features=["descriptors"]) is not None


def container_subclasses(b: Builder, p: Picks) -> bool:
    """dict/list/OrderedDict subclasses, dataclasses and ModelOutput-like returns."""
    t = b.pick(p, b.tensors("float"))
    if t is None:
        return False
    n, form = t.name, p.int(4)
    if form == 0:
        cls = b.fresh("Output")
        lines = ["@dataclasses.dataclass", f"class {cls}:", "    logits: torch.Tensor",
                 "    loss: object = None", "    extra: tuple = ()"]
        make = p.choice((f"{cls}(logits={n} * 2)", f"{cls}({n}, {n}.sum())",
                         f"dataclasses.replace({cls}({n}), loss={n}.mean())"))
    elif form == 1:
        cls = b.fresh("ModelOutput")
        lines = [f"class {cls}(collections.OrderedDict):", "    def __getitem__(self, k):",
                 "        if isinstance(k, str):", "            return super().__getitem__(k)",
                 "        return list(self.values())[k]", "", "    def to_tuple(self):",
                 "        return tuple(v for v in self.values() if v is not None)"]
        make = f"{cls}(logits={n}, hidden={n} + 1)"
    elif form == 2:
        cls = b.fresh("Cache")
        lines = [f"class {cls}(dict):", "    def get(self, k, default=None):",
                 "        return super().get(k, default) if k in self else default", "",
                 "    def __missing__(self, k):", "        return 0.0"]
        make = f'{cls}(a={n})'
    else:
        cls = b.fresh("Layers")
        lines = [f"class {cls}(list):", "    def total(self):", "        return sum(self)", "",
                 "    def append(self, v):", "        super().append(v * 2)"]
        make = f"{cls}([{n}])"
    if not b.define(cls, lines):
        return False
    obj, out = b.fresh("o"), b.fresh("t")
    use = {0: (f"{obj}.logits + ({obj}.loss if {obj}.loss is not None else 0)",
               f"{obj}.logits * len(dataclasses.fields({obj}))"),
           1: (f'{obj}["logits"] + {obj}[1]', f"{obj}.to_tuple()[-1] * len({obj})",
               f'{obj}.get("hidden") - list({obj}.keys()).index("hidden")'),
           2: (f'{obj}.get("a") + {obj}["b"]', f'{obj}.get("z", {n}) * len({obj})',
               f'{obj}["a"] * isinstance({obj}, dict)'),
           3: (f"({obj}.append({n}) or {obj}.total())", f"{obj}[0] + len({obj})")}[form]
    lines = [f"{obj} = {make}", f"{out} = {p.choice(use)}"]
    if p.int(3) == 0:  # the object itself is returned, as model outputs are
        return b.emit_object([f"{obj} = {make}"], obj, [n], features=["container_subclasses"])
    return b.emit(lines, [out], [n], features=["container_subclasses"]) is not None


CONSTRUCTS = {
    "decorators": decorators, "object_protocols": object_protocols, "descriptors": descriptors,
    "container_subclasses": container_subclasses,
}
