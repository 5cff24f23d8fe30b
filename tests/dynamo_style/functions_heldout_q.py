"""Held-out-style cases (part q): tensors as Python objects, and tensor data in Python.

Attributes a program keeps on tensors (tags, counters, masks, functions) on inputs,
parameters and tensors made in the frame; `.grad`, `.data` and `requires_grad` set and read;
tensor methods stored, looked up by name and called; `__dict__`. The builtins on tensors
(len, iter, abs, round, min/max, bool), `assert` on tensor data, `.item()` and `.tolist()`,
tensors made from constants used as Python values and as indices are in
functions_heldout_q2.py. Results written onto tensors that leave the frame are compared call
by call in test_heldout_q_calls.py.
"""

from __future__ import annotations

import torch
from torch import nn

from tests.conformance.registry import randn
from tests.dynamo_style import functions_heldout_q2  # noqa: F401 - registers its cases
from tests.dynamo_style.registry import case


def _t(shape=(3, 4), seed=0):
    return randn(seed, shape)


def _tagged():
    t = _t()
    t.scale = 2.5
    t.label = "w"
    t.meta = {"calls": 0, "seen": []}
    return (t,)


def _one():
    return (_t(),)


def _leaf_with_grad():
    t = _t((3,)).requires_grad_()
    t.grad = torch.ones(3)
    return (t,)


# -- attributes on tensors ----------------------------------------------------------------------

@case(_tagged)
def q_attr_input_read_with_defaults(x):
    scale = getattr(x, "scale", 1.0)
    offset = getattr(x, "offset", 0.5)
    return x * scale + offset, x.label, hasattr(x, "offset"), hasattr(x, "label")


@case(_tagged)
def q_attr_input_counter_and_meta_mutated(x):
    x.meta["calls"] += 1
    x.meta["seen"].append(x.shape[0])
    x.calls = getattr(x, "calls", 0) + 1
    return x.sum(0) * x.meta["calls"], x.calls, list(x.meta["seen"])


@case(_one)
def q_attr_made_tensor_tagged_and_read(x):
    y = x.relu()
    y.tag = "activation"
    y.step = 1
    y.step += 1
    z = y * y.step
    return z, y.tag, hasattr(z, "tag"), getattr(z, "tag", None)


@case(_one)
def q_attr_mask_kept_on_tensor(x):
    y = x.clone()
    y.mask = y > 0
    y.fill_value = -1.0
    return torch.where(y.mask, y, torch.full_like(y, y.fill_value)), y.mask.sum()


@case(_tagged)
def q_attr_deleted_then_probed(x):
    del x.label
    before = hasattr(x, "label")
    x.label = "again"
    return x + 1, before, x.label, sorted(k for k in x.__dict__ if not k.startswith("_"))


@case(_one)
def q_attr_missing_raises_attribute_error(x):
    try:
        x.not_there
    except AttributeError as e:
        return x - 1, str(e)
    return x, ""


@case(_one)
def q_attr_setattr_getattr_builtins(x):
    y = x * 2
    for i, name in enumerate(("first", "second")):
        setattr(y, name, i)
    second = getattr(y, "second")  # noqa: B009 - the builtin, on purpose
    return y + second, getattr(y, "third", "none"), hasattr(y, "first")


@case(_one)
def q_attr_survives_in_place_ops(x):
    y = x + 1
    y.label = "y"
    z = y.mul_(2).add_(1)
    return z, z.label, z is y


@case(_one)
def q_attr_not_on_views_or_copies(x):
    y = x * 3
    y.label = "base"
    v = y.view(-1)
    d = y.detach()
    c = y.clone()
    return v.sum(), hasattr(v, "label"), hasattr(d, "label"), hasattr(c, "label")


@case(_tagged)
def q_attr_dunder_dict_of_input(x):
    d = x.__dict__
    has_scale = "scale" in d
    d["extra"] = 3
    return x * d.get("scale", 1.0) + x.extra, has_scale, d.get("nope", 7)


def _hooked():
    t = _t((4,))
    t.post = lambda v: v * 10
    return (t,)


@case(_hooked)
def q_attr_function_on_tensor_called(x):
    y = x.sin()
    if hasattr(x, "post"):
        y = x.post(y)
    return y


@case(_one)
def q_attr_function_set_in_frame_and_called(x):
    def scaled(v, k=2):
        return v * k

    y = x.abs()
    y.transform = scaled
    return y.transform(y, k=3), y.transform(y)


def _shadowed():
    t = _t((3,))
    t.sum = lambda: torch.tensor(-1.0)
    return (t,)


@case(_shadowed)
def q_attr_instance_entry_hides_method(x):
    return x.sum() + 1, x.mean()


class _Tagged(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.lin.bias.no_decay = True
        self.scale = nn.Parameter(torch.ones(4))
        self.scale.lr_mult = 0.1


def _module_and_input():
    torch.manual_seed(0)
    return _Tagged(), _t((2, 4))


@case(_module_and_input)
def q_attr_parameter_markers(m, x):
    decay, mults = [], []
    for name, p in m.named_parameters():
        if getattr(p, "no_decay", False):
            continue
        decay.append(name)
        mults.append(getattr(p, "lr_mult", 1.0))
    return m.lin(x) * m.scale, decay, mults


# -- .grad, .data, requires_grad ---------------------------------------------------------------

@case(_leaf_with_grad)
def q_grad_read_and_reassigned(x):
    g = x.grad
    out = g * 2 if g is not None else torch.zeros(3)
    x.grad = None
    return out, x.grad is None


@case(_one)
def q_grad_set_on_made_tensor(x):
    w = torch.zeros(4)
    w.grad = x[0] * 1
    return w.grad + 1, w.grad.shape


@case(_one)
def q_grad_wrong_size_raises(x):
    w = torch.zeros(2)
    try:
        w.grad = x
    except RuntimeError as e:
        return str(e).split(".")[0]
    return "assigned"


@case(_one)
def q_grad_non_tensor_raises(x):
    w = x.clone()
    try:
        w.grad = 3
    except TypeError as e:
        return x, str(e)
    return x, ""


@case(_leaf_with_grad)
def q_grad_accumulated_in_place(x):
    g = torch.full((3,), 0.5)
    if x.grad is None:
        x.grad = g
    else:
        x.grad += g
    return x.grad * 1


@case(_one)
def q_data_read_detached(x):
    y = x.data * 2
    return y, y.requires_grad


@case(lambda: (_t((3,)).requires_grad_(),))
def q_requires_grad_branch(x):
    if x.requires_grad:
        y = x * 2
    else:
        y = x
    return y.detach(), x.is_leaf, y.requires_grad


@case(_one)
def q_requires_grad_setter_on_made_leaf(x):
    w = torch.ones(3)
    w.requires_grad = True
    return x + 1, w.requires_grad, w.is_leaf


@case(lambda: (_t((3,)).requires_grad_(),))
def q_requires_grad_setter_on_non_leaf_raises(x):
    y = x * 2
    try:
        y.requires_grad = False
    except RuntimeError as e:
        return y.detach(), str(e)[:40]
    return y.detach(), ""


@case(_one)
def q_requires_grad_setter_type_errors(x):
    w = torch.ones(3, dtype=torch.long)
    errors = []
    try:
        w.requires_grad = True
    except RuntimeError as e:
        errors.append(str(e))
    try:
        x.requires_grad = 1
    except RuntimeError as e:
        errors.append(str(e))
    return x * 2, errors


# -- methods stored, looked up by name and called -----------------------------------------------

@case(_one)
def q_method_bound_and_stored(x):
    add = x.add
    mul = getattr(x, "mul")  # noqa: B009 - the builtin, on purpose
    ops = [x.sin, x.cos]
    return add(1), mul(2), [op() for op in ops]


@case(_one)
def q_method_dispatch_by_name(x):
    out = []
    for name in ("relu", "sigmoid", "tanh"):
        out.append(getattr(x, name)())
    table = {"sum": x.sum, "amax": x.amax}
    return out, table["sum"](1), table["amax"](dim=0)


@case(_one)
def q_method_unbound_from_class(x):
    relu = torch.Tensor.relu
    return relu(x), torch.Tensor.add(x, 1, alpha=2), type(x).mul(x, 3)


@case(_one)
def q_method_dunder_called_by_name(x):
    return x.__add__(1), x.__mul__(x), x.__neg__(), x.__getitem__(0), x.__len__()


@case(lambda: (_t((3,)), _t((3,), seed=1)))
def q_data_assigned_on_input(x, y):
    x.data = y * 2
    return x + 1


@case(lambda: ([_t((2,)), _t((2,), seed=1)],))
def q_attr_on_tensors_in_a_list_argument(items):
    for i, t in enumerate(items):
        t.index_in_list = i
    return [t * t.index_in_list for t in items], [hasattr(t, "index_in_list") for t in items]


@case(lambda: (torch.ones(3, dtype=torch.cfloat),))
def q_attr_real_and_imag_written(x):
    y = x.clone()
    y.real = torch.arange(3.0)
    y.imag = -1
    x.real = 4
    return y, x * 1


@case(_one)
def q_attr_tensor_cached_on_input(x):
    if not hasattr(x, "cached_norm"):
        x.cached_norm = x.norm()
    return x / x.cached_norm
