"""Constructs whose effects a caller can see, so that a compiler which gets them subtly wrong
returns a different answer rather than the same one by luck:

- in-place operators on containers (`+=`, `*=` on lists, `|=` on dicts and sets, `&=`, `-=`,
  `^=`) read back through a second name or mutated through a helper's parameter: `acc += [x]`
  compiled as `acc = acc + [x]` leaves the other name on the old list;
- one object returned at two places, or an argument returned as it is (the oracle compares
  which outputs are one object: `out[0] is out[2]`);
- views of tensors written in place, then read through the base and through the view, and
  aliasing ops (split, unbind, chunk, atleast_*d of a list) run twice on arguments of one
  metadata before one result is written;
- generators driven by `send`, `throw` and `close`, and the value their StopIteration carries;
  iterators over lists pulled part way by zip, filter, any or a broken loop, then read on;
- calls with keyword, default, starred and `**` arguments to helpers that break the graph
  (a data-dependent `float()` inside), where every argument changes the result.
"""

from __future__ import annotations

from generators.builder import Builder
from generators.ir import Kind
from generators.opargs import Picks


def inplace_aliasing(b: Builder, p: Picks) -> bool:
    t, op = b.float_with_op(p)
    if t is None:
        return False
    n, c, alias, out = t.name, b.fresh("c"), b.fresh("alias"), b.fresh("t")
    grow = b.fresh("grow")
    forms = (
        [f"{c} = [{n}]", f"{alias} = {c}", f"{c} += [{op[0]}]",
         f"{out} = sum({alias}) * len({alias})"],
        [f"{c} = [{n}, {op[0]}]", f"{alias} = {c}", f"{c} *= 2",
         f"{out} = {alias}[-1] * len({alias}) + {alias}[0]"],
        [f"{c} = [{n}]", f"{alias} = {c}", f"{c} += ({op[0]}, {n} * 0.5)", f"{c} *= 1",
         f"{out} = {alias}[-1] - {alias}[1] * len({c})"],
        [f"{c} = {{'a': {n}}}", f"{alias} = {c}", f"{c} |= {{'b': {op[0]}, 'a': {n} * 2}}",
         f"{out} = {alias}['a'] + {alias}.get('b', 0.0) * len({alias})"],
        [f"{c} = {{1, 2}}", f"{alias} = {c}", f"{c} |= {{3, 4}}", f"{c} -= {{1}}",
         f"{out} = {n} * len({alias}) + (3 in {alias}) - (1 in {alias})"],
        [f"{c} = {{1, 2, 3}}", f"{alias} = {c}", f"{c} &= {{2, 3, 5}}", f"{c} ^= {{3, 7}}",
         f"{out} = {op[0]} * sum({alias}) + len({alias})"],
        [f"{c} = [{n}]", f"{grow}({c}, {op[0]})", f"{grow}({c}, {n} * 3)",
         f"{out} = {c}[-1] + {c}[1] * len({c})"],
        [f"{c} = {{'a': {n}}}", f"{alias} = [{c}, {c}]", f"{alias}[0] |= {{'b': {op[0]}}}",
         f"{out} = {alias}[1].get('b', {n}) + len({c})"],
        # in-place methods and statements, read through the other name
        [f"{c} = [{n}, {op[0]}, {n} * 3]", f"{alias} = {c}", f"{c}[1:2] = [{n} * 5, {n}]",
         f"del {c}[0]", f"{c}.reverse()", f"{out} = {alias}[0] + {alias}[-1] * len({alias})"],
        [f"{c} = {{'a': {n}}}", f"{alias} = {c}", f"{c}.setdefault('b', {op[0]})",
         f"{c}.pop('a')", f"{out} = sum({alias}.values()) + len({alias})"],
        [f"{c} = {{1, 2}}", f"{alias} = {c}", f"{c}.update({{4, 5}})", f"{c}.discard(1)",
         f"{c}.intersection_update({{2, 4, 9}})", f"{out} = {op[0]} * sum({alias})"],
        [f"{c} = {{1, 2, 3}}", f"{alias} = {c}", f"{c}.difference_update({{1}})",
         f"{c}.symmetric_difference_update({{3, 8}})", f"{out} = {op[0]} * sum({alias})"],
        [f"{c} = [3, 1, 2]", f"{alias} = {c}", f"{c}.sort(reverse=True)", f"{c}.insert(1, 7)",
         f"{out} = {n} * {alias}[0] - {alias}[1] + {alias}.index(1)"],
    )
    holder, state = b.fresh("Holder"), b.fresh("STATE")
    forms += (  # a global object's attributes written through another name, in an order
        [f"{alias} = {state}", f"{alias}.a = {n}", f"{alias}.b = {op[0]}", f"{alias}.a = {n} * 2",
         f"{out} = {state}.a * len(vars({state})) + {alias}.b"],
        [f"{alias} = {state}", f"{alias}.b = {n}", f"{alias}.c = {op[0]}", f"del {alias}.b",
         f"{alias}.b = {n} - 1", f"{out} = {alias}.b + len(vars({state}))"],
    )
    form = p.int(len(forms))
    if form >= len(forms) - 2 and not (
            b.define(holder, [f"class {holder}:", "    pass"])
            and b.define(state, [f"{state} = {holder}()"])):
        return False
    if form == 6 and not b.define(grow, [f"def {grow}(acc, item):", "    acc += [item]",
                                         "    return acc"]):
        return False
    return b.emit(forms[form], [out], [n], ops=[op[1]],
                  features=["inplace_aliasing"]) is not None


def inplace_argument(b: Builder, p: Picks) -> bool:
    """An in-place operator on a list argument, through another name: the caller's list
    grows (the oracle compares arguments after the call)."""
    lists = [v for v in b.of_kind(Kind.TLIST) if v.name in {q.name for q in b.params}]
    xs = b.pick(p, lists)
    if xs is None:
        return False
    alias, out = b.fresh("alias"), b.fresh("t")
    lines = p.choice((
        [f"{alias} = {xs.name}", f"{alias} += [{xs.name}[0] * 0.5]",
         f"{out} = {xs.name}[-1] * len({xs.name})"],
        [f"{alias} = {xs.name}", f"{alias} *= 2", f"{out} = {xs.name}[-1] + len({xs.name})"],
    ))
    return b.emit(lines, [out], [xs.name], mutates=[xs.name],
                  features=["inplace_aliasing"]) is not None


def shared_returns(b: Builder, p: Picks) -> bool:
    """A result that holds one list, dict or tensor twice, or an argument itself."""
    t, op = b.float_with_op(p)
    if t is None:
        return False
    n, c, out = t.name, b.fresh("c"), b.fresh("r")
    params = [q.name for q in b.params if q.kind in (Kind.TENSOR, Kind.TLIST, Kind.TDICT)]
    arg = params[p.ref(len(params))] if params else n
    forms = (
        [f"{c} = [{n}]", f"{c} += [{op[0]}]", f"{out} = ({c}, {op[0]}, {c})"],
        [f"{c} = {{'k': {op[0]}}}", f"{out} = [{c}, {c}['k'], {c}]"],
        [f"{c} = {op[0]}", f"{out} = ({c}, {c}, [{c}])"],
        [f"{c} = [{arg}, {n}]", f"{out} = ({arg}, {c})"],
        [f"{c} = {{'arg': {arg}, 'out': [{op[0]}]}}", f"{c}['again'] = {c}['out']",
         f"{out} = {c}"],
    )
    return b.emit_object(p.choice(forms), out, [n], ["shared_returns"])


# Views that a write through the view (or the base) shows in the other.
VIEWS = ("{v} = {s}.view(-1)", "{v} = {s}[0]", "{v} = {s}.transpose(0, -1)",
         "{v} = {s}.unsqueeze(0)", "{v} = {s}.narrow(0, 0, 1)", "{v} = {s}[..., :1]",
         "{v} = {s}.reshape(-1)", "{v} = {s}.flatten()", "{v} = {s}.diagonal()")
WRITES = ("{v}.mul_(2.0)", "{v}.add_(1.5)", "{v}.zero_()", "{v}[...] = 0.25",
          "{v}.clamp_(max=0.0)", "{v}.copy_({v} * -1)")
# Aliasing ops with many results: the same op twice on arguments of equal metadata, then one
# result written in place.
MULTI_VIEWS = ("{s}.split(1)", "{s}.unbind(0)", "{s}.chunk(2)", "torch.atleast_2d([{s}, {s}])",
               "torch.atleast_1d({s}, {s})", "{s}.tensor_split(2)")


def view_mutation(b: Builder, p: Picks) -> bool:
    t, op = b.float_with_op(p, rank=(1, 4))
    if t is None:
        return False
    n, s, v, out = t.name, b.fresh("base"), b.fresh("v"), b.fresh("t")
    if p.int(3):
        view = p.choice(VIEWS).format(v=v, s=s)
        write = p.choice(WRITES).format(v=v if p.int(3) else s)
        lines = [f"{s} = {op[0]}.clone(memory_format=torch.contiguous_format)", view, write,
                 f"{out} = {s} * 2 + {v}.sum()"]
        defines = [out, v]
    else:
        other, r1, r2 = b.fresh("base"), b.fresh("parts"), b.fresh("parts")
        multi = p.choice(MULTI_VIEWS)
        write = p.choice(WRITES).format(v=f"{r1}[0]")
        fresh = ".detach().clone(memory_format=torch.contiguous_format)"
        lines = [f"{s} = {n}{fresh}", f"{other} = ({op[0]}){fresh}",
                 f"{r1} = {multi.format(s=s)}", f"{r2} = {multi.format(s=other)}", write,
                 f"{out} = {s} + {other} * 2 + {r2}[0].sum() - {r1}[-1].sum()"]
        defines = [out]
    return b.emit(lines, defines, [n], ops=[op[1]], features=["view_mutation"]) is not None


def generator_protocol(b: Builder, p: Picks) -> bool:
    """A generator the body drives by hand: send, throw, close, and StopIteration's value; or
    an iterator left part way (_iterator_position)."""
    t, op = b.float_with_op(p, arg="u")
    if t is None:
        return False
    n, gen, it, out = t.name, b.fresh("running"), b.fresh("it"), b.fresh("t")
    form = p.int(8)
    if form >= 4:
        return _iterator_position(b, t, form - 4)
    if form == 0:
        lines = [f"def {gen}(u):", "    total = u", "    while True:",
                 "        k = yield total", "        if k is None:", "            k = 0.5",
                 f"        total = total * k + {op[0]}"]
        body = [f"{it} = {gen}({n})", f"{out} = next({it})", f"{out} = {out} + {it}.send(2.0)",
                f"{out} = {out} - {it}.send(None)", f"{out} = {out} * {it}.send(-1.0)",
                f"{it}.close()", f"{out} = {out} + next({it}, {n})"]
    elif form == 1:
        lines = [f"def {gen}(u):", "    try:", "        yield u",
                 "    except ValueError as e:", "        yield u * len(e.args) * 3",
                 f"    yield {op[0]}", "    return 7"]
        body = [f"{it} = {gen}({n})", f"{out} = next({it})",
                f"{out} = {out} + {it}.throw(ValueError('a', 'b'))", f"{out} = {out} + next({it})",
                "try:", f"    next({it})", "except StopIteration as stop:",
                f"    {out} = {out} * stop.value"]
    elif form == 2:
        lines = [f"def {gen}(u):", "    got = []", "    while len(got) < 3:",
                 "        got.append((yield {op[0]} * len(got)))", "    return sum(got)"]
        body = [f"{it} = {gen}({n})", f"{out} = {n} * next({it})", "try:",
                f"    {out} = {out} + {it}.send(1.0)", f"    {out} = {out} + {it}.send(2.0)",
                f"    {it}.send(4.0)", "except StopIteration as stop:",
                f"    {out} = {out} + stop.value"]
    else:
        lines = [f"def {gen}(u):", "    k = yield u", "    k = yield from (u * k, u + k)",
                 f"    yield {op[0]} * 2"]
        body = [f"{it} = {gen}({n})", f"{out} = next({it})", f"{out} = {out} + {it}.send(3.0)",
                f"{out} = {out} * next({it})", f"{out} = {out} + next({it})",
                f"{out} = {out} + len(list({it}))"]
    if not b.define(gen, lines):
        return False
    return b.emit(body, [out], [n], ops=[op[1]], features=["generator_protocol"]) is not None


def _iterator_position(b: Builder, t, form: int) -> bool:
    """An iterator over a list, pulled part way by zip, filter, any or a broken loop: where it
    stands afterwards (CPython's exact position) is read back."""
    n, it, out = t.name, b.fresh("it"), b.fresh("t")
    bodies = (
        [f"{it} = iter([{n}, {n} * 2, {n} * 3, {n} - 1])", f"{out} = list(zip({it}, range(1)))",
         f"{out} = {out}[0][0] + next({it}) * len(list({it}))"],
        [f"{it} = iter([1, 2, 3, 4, 5])", f"{out} = next(filter(lambda v: v % 2 == 0, {it}))",
         f"{out} = {n} * {out} + sum({it})"],
        [f"{it} = iter([1, 3, 5, 0])", f"{out} = any(v > 2 for v in {it})",
         f"{out} = {n} * {out} + sum({it})"],
        [f"{it} = iter([{n}, {n} + 1, {n} * 3])", f"{out} = dict(zip('ab', {it}))['b']",
         f"for i, v in enumerate({it}):", f"    {out} = {out} + v * i",
         "    break", f"{out} = {out} + len(list({it}))"],
    )
    return b.emit(bodies[form], [out], [n], features=["generator_protocol"]) is not None


def break_kwargs(b: Builder, p: Picks) -> bool:
    """Calls of a helper that breaks the graph, with every way of passing arguments; each
    argument weighs differently, so one bound to the wrong parameter changes the result."""
    t, op = b.float_with_op(p, arg="u")
    if t is None:
        return False
    n, h, out = t.name, b.fresh("breaking"), b.fresh("t")
    lines = [f"def {h}(u, k=1.0, *rest, shift=0.0, **extra):",
             "    seen = float(u.sum() > 0)  # data-dependent: the graph breaks here",
             f"    return {op[0]} * k + shift * 10 + seen + sum(rest) * 100"
             " + sum(extra.values()) * 1000 + len(extra)"]
    if not b.define(h, lines):
        return False
    calls = (f"{h}({n}, 0.5, shift=2.0)", f"{h}({n}, shift=3.0, k=0.25)",
             f"{h}(*({n}, 2.0), **{{'shift': 1.0, 'z': 0.5}})", f"{h}(*[{n}])",
             f"{h}({n}, 1.5, 2, 3, shift=0.5, w=0.125)", f"{h}(k=-1.0, u={n})",
             f"{h}({n}, *(0.75, 4), **{{'v': 2.0}})", f"{h}(*[{n}, 0.5], shift=-2.0)")
    first, second = p.choice(calls), p.choice(calls)
    return b.emit([f"{out} = {first} - {second} * 0.5"], [out], [n], ops=[op[1]],
                  features=["break_kwargs"]) is not None


def inplace_operators(b: Builder, p: Picks) -> bool:
    """One in four on a list argument (when there is one), else on a container made here."""
    if p.int(4) == 3 and inplace_argument(b, p):
        return True
    return inplace_aliasing(b, p)


CONSTRUCTS = {
    "inplace_aliasing": inplace_operators,
    "shared_returns": shared_returns, "view_mutation": view_mutation,
    "generator_protocol": generator_protocol, "break_kwargs": break_kwargs,
}
