"""`transformers`' own ModelOutput records (OrderedDict subclasses that are dataclasses) under
fullgraph: made in the frame, passed in, indexed by name and position, converted, written (the
item and the attribute kept in sync, on the real object after the call) and returned, each
equal to eager."""

from __future__ import annotations

import pytest
import torch

import compiler
from tests.differential import assert_same

modeling_outputs = pytest.importorskip("transformers.modeling_outputs")
BaseOut = modeling_outputs.BaseModelOutputWithPooling
CausalOut = modeling_outputs.CausalLMOutputWithPast


def _x(seed=0):
    return torch.randn(2, 3, generator=torch.Generator().manual_seed(seed))


def _check(fn, *args):
    want = fn(*args)
    got = compiler.compile(fn, fullgraph=True)(*args)
    assert_same(got, want)
    return got, want


def _state(out):
    return type(out), list(out.keys()), [v for v in out.values()], {
        k: v for k, v in vars(out).items() if v is not None}


def test_made_in_the_frame_indexed_and_returned():
    def fn(x):
        out = BaseOut(last_hidden_state=x * 2, pooler_output=x.sum(0))
        first, second = out.to_tuple()
        return out, out[0] + out["last_hidden_state"], out[1:], len(out), first, second

    got, want = _check(fn, _x())
    assert type(got[0]) is BaseOut and list(got[0].keys()) == list(want[0].keys())
    assert got[0].pooler_output is got[0]["pooler_output"]


def test_made_with_some_fields_none():
    def fn(x):
        out = CausalOut(logits=x.softmax(-1), hidden_states=(x, x + 1))
        return out[0], out[1][1], list(out.keys()), "loss" in out, out.loss is None

    _check(fn, _x())


def test_first_field_a_dict_fills_the_record():
    def fn(x):
        out = BaseOut({"last_hidden_state": x, "pooler_output": x[0]})
        return list(out.keys()), out.pooler_output + 1

    _check(fn, _x())


def test_passed_in_read_every_way():
    def fn(x, out):
        total = x
        for key in out:
            total = total + out[key].sum()
        return (total, out[0], out["pooler_output"], out.to_tuple()[-1], dict(out), {**out},
                list(out.items())[0][0], "hidden_states" in out, len(out))

    _check(fn, _x(), BaseOut(last_hidden_state=_x(1), pooler_output=_x(2)[0]))


def test_passed_in_written_visible_after():
    def fn(x, out):
        out["hidden_states"] = (x,)
        out.pooler_output = out.pooler_output * 3
        return out[-1][0] + 1, out.to_tuple()[1]

    eager = BaseOut(last_hidden_state=_x(1), pooler_output=_x(2)[0])
    ours = BaseOut(last_hidden_state=_x(1), pooler_output=_x(2)[0])
    want = fn(_x(), eager)
    got = compiler.compile(fn, fullgraph=True)(_x(), ours)
    assert_same(got, want)
    assert_same(list(_state(ours)[1:]), list(_state(eager)[1:]))
    assert ours.hidden_states is ours["hidden_states"]


def test_mutators_raise_as_eager():
    def fn(x, out):
        caught = []
        for attempt in (lambda: out.pop("pooler_output"), lambda: out.update(a=1),
                        lambda: out.setdefault("b", 2)):
            try:
                attempt()
            except Exception as exc:  # noqa: BLE001 - ModelOutput raises a bare Exception
                caught.append(type(exc).__name__)
        try:
            del out["last_hidden_state"]
        except Exception:  # noqa: BLE001
            caught.append("del")
        return x + len(caught), caught, list(out.keys())

    _check(fn, _x(), BaseOut(last_hidden_state=_x(1), pooler_output=_x(2)[0]))


@pytest.mark.parametrize("name", ["bert", "gpt2", "t5"])
def test_caller_indexes_a_models_output(name):
    """Code around a model reads its ModelOutput by position, by name, as a tuple and as a
    mapping; one graph, equal to eager."""
    from tests.models.zoo import BY_NAME
    case = BY_NAME[name]
    model, inputs = case.build(), case.inputs()

    def caller(inputs):
        out = model(**inputs)
        first = out[0]
        named = out["last_hidden_state" if "last_hidden_state" in out else "logits"]
        as_tuple = out.to_tuple()
        return first.sum() + named.mean(), len(as_tuple), list(out.keys()), out

    with torch.no_grad():
        want = caller(inputs)
        compiled = compiler.compile(caller, fullgraph=True)
        got = compiled(inputs)
    assert_same(got[:3], want[:3])
    assert type(got[3]) is type(want[3]) and list(got[3].keys()) == list(want[3].keys())
    stats = compiler.stats(compiled)
    assert stats.graphs == 1 and not stats.fallbacks, stats
