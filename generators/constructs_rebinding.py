"""Constructs that rebind, between calls, what the compiled code read: monkeypatching as tests,
libraries and training wrappers do it.

Each reads something in the program body (a method found on a class, a function's code or
defaults, a class's name or attributes, a module-level function, a partial, a bound method)
and registers a statement that rebinds it before a later call (`Builder.between`, feature
`mutate_between_calls`). A compiler that reuses its trace without a guard on what was rebound
returns the old answer:

- `method_patching`: a method, classmethod, staticmethod, property or `__call__` replaced on
  the class (a plain function, or the old one wrapped by a `functools.wraps` decorator) or
  overridden on the subclass nearer the instance;
- `super_patching`: the same on a base class whose method the subclass reaches by `super()`
  (or by naming the base), as patching a library's base class does, or a mixin put in front
  of the base (`Derived.__bases__ = (Mixin,)`);
- `instance_shadowing`: an instance attribute that shadows a method, on a plain object or as
  an nn.Module's `forward` (accelerate-style: `update_wrapper(partial(new_forward, module),
  old_forward)`), or such a shadow deleted again;
- `class_edits`: class attributes deleted or added where `hasattr`/`getattr(obj, name,
  default)` read them, and classes renamed where `type(obj).__name__` is read (registries
  keyed by class name);
- `function_attrs`: a helper's `__code__`, `__defaults__`, `__kwdefaults__` or `__name__`
  reassigned (or its keyword defaults written in place);
- `callable_rebinding`: a module-level function rebound in the program's globals, a
  `functools.partial` rebound or its keywords written, a bound method taken from another
  receiver (or its receiver's state changed, or its class patched: the bound method keeps its
  function).

Only the program's own classes, functions and module instances are patched, never torch's:
the worker process runs the next program with the same torch.
"""

from __future__ import annotations

from generators.builder import Builder, global_module
from generators.opargs import Picks


def _emit(b: Builder, expr: str, t, op, feature: str) -> bool:
    out = b.fresh("t")
    ops = [op[1]] if op else []
    return b.emit([f"{out} = {expr}"], [out], [t.name], ops=ops, features=[feature]) is not None


def _define_all(b: Builder, blocks: list[tuple[str, list[str]]]) -> bool:
    return all(b.define(name, lines) for name, lines in blocks)


# Replacements of each member, as a module-level function, and how they are installed.
_PATCHES = {
    "apply": (["def {f}(self, u):", "    return u * 0.5 - self.scale"], "{f}"),
    "rate": (["def {f}(cls, u):", "    return u - cls.scale"], "classmethod({f})"),
    "shift": (["def {f}(u):", "    return u * 3.0"], "staticmethod({f})"),
    "factor": (["def {f}(self):", "    return -self.scale"], "property({f})"),
    "__call__": (["def {f}(self, u):", "    return u * 0.5 - self.scale"], "{f}"),
}


def _layer_class(name: str, op: str) -> list[str]:
    return [f"class {name}:", "    scale = 2.0", "", "    def apply(self, u):",
            f"        return {op} * self.scale", "", "    @classmethod", "    def rate(cls, u):",
            "        return u * cls.scale", "", "    @staticmethod", "    def shift(u):",
            "        return u + 1.0", "", "    @property", "    def factor(self):",
            "        return self.scale + 1.0", "", "    def __call__(self, u):",
            "        return self.apply(u) - 1.0"]


def _wrapping_decorator(name: str) -> list[str]:
    """A hook-like wrapper, as tracing and logging libraries install it on a class."""
    return [f"def {name}(fn):", "    @functools.wraps(fn)",
            "    def wrapper(self, *args, **kwargs):",
            "        return fn(self, *args, **kwargs) * 2.0", "    return wrapper"]


def method_patching(b: Builder, p: Picks) -> bool:
    t, op = b.float_with_op(p, arg="u")
    if t is None:
        return False
    base, sub, obj = b.fresh("Layer"), b.fresh("Custom"), b.fresh("LAYER")
    on_sub = p.int(2)
    blocks = [(base, _layer_class(base, op[0])), (sub, [f"class {sub}({base}):", "    pass"]),
              (obj, [f"{obj} = {sub if on_sub else base}()"])]
    member = p.choice(tuple(_PATCHES))
    n = t.name
    reads = {"apply": (f"{obj}.apply({n})",), "rate": (f"{obj}.rate({n})", f"{sub}.rate({n})"),
             "shift": (f"{obj}.shift({n})", f"{base}.shift({n})"),
             "factor": (f"{n} * {obj}.factor",), "__call__": (f"{obj}({n})",)}[member]
    owner = sub if on_sub and p.int(2) else base  # the override nearer the instance
    if member == "apply" and p.int(2):
        deco = b.fresh("traced")
        blocks.append((deco, _wrapping_decorator(deco)))
        patch = f"{owner}.apply = {deco}({owner}.apply)"
    else:
        f = b.fresh("patched")
        lines, install = _PATCHES[member]
        blocks.append((f, [line.format(f=f) for line in lines]))
        patch = f"{owner}.{member} = {install.format(f=f)}"
    if not _define_all(b, blocks):
        return False
    b.between(patch)
    return _emit(b, p.choice(reads), t, op, "method_patching")


def super_patching(b: Builder, p: Picks) -> bool:
    """A subclass reaches its base's method, property or classmethod by super() (or names the
    base); the base's member is replaced between calls, or a mixin put in front of the base."""
    t, op = b.float_with_op(p, arg="u")
    if t is None:
        return False
    base, sub, obj = b.fresh("Block"), b.fresh("Derived"), b.fresh("BLOCK")
    form = p.int(5)
    sub_lines = [f"class {sub}({base}):",
                 "    def apply(self, u):",
                 ("        return super().apply(u) + 1.0" if form != 3
                  else f"        return {base}.apply(self, u) + 1.0"), "",
                 "    @property", "    def factor(self):",
                 "        return super().factor * 2.0", "", "    @classmethod",
                 "    def rate(cls, u):", "        return super().rate(u) - 1.0"]
    member = ("apply", "factor", "rate", "apply", "apply")[form]
    f = b.fresh("patched")
    lines, install = _PATCHES[member]
    blocks = [(base, _layer_class(base, op[0])), (sub, sub_lines), (obj, [f"{obj} = {sub}()"])]
    if form == 4:  # a mixin put in front of the base: super() now finds the mixin's method
        mixin = b.fresh("Mixin")
        blocks.append((mixin, [f"class {mixin}({base}):", "    def apply(self, u):",
                               "        return u * 0.5 - self.scale"]))
        patch = f"{sub}.__bases__ = ({mixin},)"
    elif member == "apply" and p.int(2):
        f = b.fresh("traced")
        blocks.append((f, _wrapping_decorator(f)))
        patch = f"{base}.apply = {f}({base}.apply)"
    else:
        blocks.append((f, [line.format(f=f) for line in lines]))
        patch = f"{base}.{member} = {install.format(f=f)}"
    if not _define_all(b, blocks):
        return False
    b.between(patch)
    n = t.name
    read = {"apply": f"{obj}.apply({n})", "factor": f"{n} * {obj}.factor",
            "rate": p.choice((f"{obj}.rate({n})", f"{sub}.rate({n})"))}[member]
    return _emit(b, read, t, op, "super_patching")


def _module_hooks(add: str, remove: str) -> tuple[list[str], list[str]]:
    """accelerate-style forward wrapping: the old forward kept, a partial installed on the
    instance with the old one's name and docs; removing it deletes the instance attribute."""
    return ([f"def {add}(module, scale):", "    old_forward = module.forward", "",
             "    def new_forward(module, *args, **kwargs):",
             "        return old_forward(*args, **kwargs) * scale", "",
             "    module.forward = functools.update_wrapper(",
             "        functools.partial(new_forward, module), old_forward)",
             "    return module"],
            [f"def {remove}(module):", "    del module.forward", "    return module"])


def instance_shadowing(b: Builder, p: Picks) -> bool:
    t, op = b.float_with_op(p, arg="u")
    if t is None:
        return False
    if p.int(2) and t.rank >= 1 and t.shape[-1] > 0:
        return _shadowed_forward(b, p, t)
    cls, obj, alt = b.fresh("Scorer"), b.fresh("SCORER"), b.fresh("instead")
    blocks = [(cls, [f"class {cls}:", "    def __init__(self):", "        self.k = 2.0", "",
                     "    def score(self, u):", f"        return {op[0]} * self.k"]),
              (alt, [f"def {alt}(self, u):", "    return u - self.k"])]
    shadow = p.choice((f"{obj}.score = functools.partial({alt}, {obj})",
                       f"{obj}.score = lambda u: u * -1.0"))
    shadowed = p.int(2)  # the instance already shadowed: the rebinding deletes the shadow
    blocks.append((obj, [f"{obj} = {cls}()"] + ([shadow] if shadowed else [])))
    if not _define_all(b, blocks):
        return False
    b.between(f"del {obj}.score" if shadowed else shadow)
    return _emit(b, f"{obj}.score({t.name})", t, op, "instance_shadowing")


def _shadowed_forward(b: Builder, p: Picks, t) -> bool:
    last = t.shape[-1]
    construct = p.choice((f"torch.nn.Linear({last}, {last})", "torch.nn.Tanh()",
                          f"torch.nn.LayerNorm({last})", "torch.nn.Identity()"))
    add, remove = b.fresh("add_hook"), b.fresh("remove_hook")
    add_lines, remove_lines = _module_hooks(add, remove)
    if not (b.define(add, add_lines) and b.define(remove, remove_lines)):
        return False
    hooked = p.int(2)  # already wrapped when the program first runs: the call removes it
    if b.module_mode:
        m = b.fresh("sub")
        if not b.init_module(f"self.{m} = {construct}"):
            return False
        if hooked and not b.init_module(f"{add}(self.{m}, 0.5)"):
            return False
        target, expr = f"program.{m}", f"self.{m}"
    else:
        m = b.fresh("M")
        lines = global_module(m, construct) + ([f"{add}({m}, 0.5)"] if hooked else [])
        if not b.define(m, lines):
            return False
        target = expr = m
    b.between(f"{remove}({target})" if hooked else f"{add}({target}, -2.0)")
    read = p.choice((f"{expr}({t.name})", f"{expr}.forward({t.name})"))
    return _emit(b, read, t, None, "instance_shadowing")


def class_edits(b: Builder, p: Picks) -> bool:
    t = b.pick(p, b.tensors("float"))
    if t is None:
        return False
    base, sub, obj, table = (b.fresh("Plugin"), b.fresh("Variant"), b.fresh("PLUGIN"),
                             b.fresh("SCALES"))
    own = p.choice((base, sub))  # the class of the instance the program reads
    blocks = [(base, [f"class {base}:", "    tag = 2"]),
              (sub, [f"class {sub}({base}):", "    pass"]), (obj, [f"{obj} = {own}()"]),
              (table, [f'{table} = {{"{base}": 0.5, "{sub}": 1.5}}'])]
    if not _define_all(b, blocks):
        return False
    n, form = t.name, p.int(4)
    if form == 0:  # a class attribute deleted (or overridden nearer the instance)
        reads = [f'{n} * getattr({obj}, "tag", 0.5)', f'{n} * getattr(type({obj}), "tag", 3)']
        edit = p.choice((f"del {base}.tag", f"{own}.tag = 5"))
        if edit.startswith("del"):
            reads.append(f'{n} * (2.0 if hasattr({obj}, "tag") else 0.5)')
        read = p.choice(reads)
    elif form == 1:  # a class attribute added where a default was read
        edit = p.choice((f"{base}.extra = 4.0", f"{own}.extra = 0.25"))
        read = p.choice((f'{n} * getattr({obj}, "extra", -1.0)',
                         f'{n} * (2.0 if hasattr({obj}, "extra") else 0.5)',
                         f'{n} * (0.5 if hasattr({own}, "extra") else -1.0)'))
    elif form == 2:  # the class renamed, where registries look its name up
        edit = p.choice((f'{own}.__name__ = "RenamedClass"', f'{own}.__name__ = "{base}"'
                         if own == sub else f'{own}.__name__ = "{sub}"'))
        read = p.choice((f"{n} * {table}.get(type({obj}).__name__, 3.0)",
                         f'{n} * (2.0 if type({obj}).__name__ == "{own}" else -3.0)',
                         f"{n} * len(f'{{type({obj}).__name__}}:{{{obj}.__class__.__name__}}')"))
    else:  # its qualified name
        edit = p.choice((f'{own}.__qualname__ = "Outer.{own}"', f'{own}.__qualname__ = "B"'))
        read = p.choice((f"{n} * len({obj}.__class__.__qualname__)",
                         f'{n} * (2.0 if type({obj}).__qualname__.startswith("{own}") else 0.5)'))
    b.between(edit)
    return _emit(b, read, t, None, "class_edits")


def function_attrs(b: Builder, p: Picks) -> bool:
    t, op = b.float_with_op(p, arg="u")
    if t is None:
        return False
    h, alt, names = b.fresh("helper"), b.fresh("replacement"), b.fresh("NAMED")
    blocks = [(h, [f"def {h}(u, k=2.0, *, scale=1.0):", f"    return {op[0]} * k * scale"]),
              (alt, [f"def {alt}(u, k=2.0, *, scale=1.0):", "    return u * k - scale"]),
              (names, [f'{names} = {{"{h}": 0.5, "{alt}": -2.0}}'])]
    if not _define_all(b, blocks):
        return False
    b.between(p.choice((f"{h}.__code__ = {alt}.__code__", f"{h}.__defaults__ = (-1.0,)",
                        f'{h}.__kwdefaults__ = {{"scale": 0.5}}',
                        f'{h}.__kwdefaults__["scale"] = 3.0', f'{h}.__name__ = "{alt}"')))
    n = t.name
    read = p.choice((f"{h}({n})", f"{h}({n}, 0.5)", f"{h}({n}, scale=-1.0)",
                     f"{h}({n}) * {names}.get({h}.__name__, 1.0)", f"{n} * len({h}.__name__)"))
    return _emit(b, read, t, op, "function_attrs")


def callable_rebinding(b: Builder, p: Picks) -> bool:
    t, op = b.float_with_op(p, arg="u")
    if t is None:
        return False
    act, other, n = b.fresh("act"), b.fresh("act_other"), t.name
    blocks = [(act, [f"def {act}(u, k=1.0):", f"    return {op[0]} * k"]),
              (other, [f"def {other}(u, k=1.0):", "    return u.clamp(min=0.0) - k"])]
    form = p.int(3)
    if form == 0:  # a module-level function, or a global naming one, rebound
        glob = b.fresh("ACT")
        blocks.append((glob, [f"{glob} = {act}"]))
        target = p.choice((glob, act))
        change, rebinds = f"{target} = {other}", (target,)
        read = f"{target}({n})"
    elif form == 1:  # a partial: rebound, its keywords written, or its target's code swapped
        part = b.fresh("PARTIAL")
        blocks.append((part, [f"{part} = functools.partial({act}, k=2.0)"]))
        change, rebinds = p.choice(((f'{part}.keywords["k"] = -0.5', ()),
                                    (f"{part} = functools.partial({other}, k=2.0)", (part,)),
                                    (f"{act}.__code__ = {other}.__code__", ())))
        read = p.choice((f"{part}({n})", f"{part}({n}) * {part}.keywords['k']"))
    else:  # a bound method: another receiver, the receiver's state, or its class patched
        cls, first, second, bound = (b.fresh("Scaler"), b.fresh("FIRST"), b.fresh("SECOND"),
                                     b.fresh("BOUND"))
        blocks += [(cls, [f"class {cls}:", "    def __init__(self, k):", "        self.k = k",
                          "", "    def apply(self, u):", f"        return {act}(u, self.k)"]),
                   (first, [f"{first} = {cls}(2.0)", f"{second} = {cls}(-0.5)"]),
                   (bound, [f"{bound} = {first}.apply"])]
        change, rebinds = p.choice(((f"{bound} = {second}.apply", (bound,)),
                                    (f"{first}.k = 3.0", ()),
                                    (f"{cls}.apply = lambda self, u: u * 0.0", ())))
        read = p.choice((f"{bound}({n})", f"{bound}({n}) * {bound}.__self__.k"))
    if not _define_all(b, blocks):
        return False
    b.between(change, rebinds)
    return _emit(b, read, t, op, "callable_rebinding")


CONSTRUCTS = {
    "method_patching": method_patching, "super_patching": super_patching,
    "instance_shadowing": instance_shadowing, "class_edits": class_edits,
    "function_attrs": function_attrs, "callable_rebinding": callable_rebinding,
}
