"""Held-out-style cases (second part): module state changed inside the compiled code, modules
made there, containers iterated and indexed, hooks, `apply`, listings and `state_dict`, and
parametrizations."""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import nn
from torch.nn.utils import parametrize

from tests.conformance.registry import randn
from tests.dynamo_style.registry import case


def _seeded(make):
    with torch.random.fork_rng():
        torch.manual_seed(0)
        return make()


def _with(make):
    """Inputs: a fresh module (the same weights on each side) and a 3x4 tensor."""
    return lambda: (_seeded(make), randn(0, (3, 4)))


class _Counter(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.calls = 0
        self.register_buffer("seen", torch.zeros(4))

    def forward(self, x):
        self.calls += 1
        self.seen += x.sum(0)
        return self.lin(x) + self.calls


class _Branchy(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])
        self.heads = nn.ModuleDict({"a": nn.Linear(4, 2), "b": nn.Linear(4, 3)})
        self.seq = nn.Sequential(nn.Linear(4, 4), nn.ReLU(), nn.Linear(4, 4))

    def forward(self, x):
        for i, block in enumerate(self.blocks):
            x = block(x) if i % 2 == 0 else x + block(x)
        return {k: head(x) for k, head in self.heads.items()}, self.seq(x)


# -- module state changed in the compiled code ---------------------------------------------------

@case(_with(lambda: nn.Linear(4, 4)))
def h2_weight_data_mul_inplace(m, x):
    m.weight.data.mul_(0.5)
    return m(x), m.weight.clone()


@case(_with(lambda: nn.Linear(4, 4)))
def h2_no_grad_param_update(m, x):
    with torch.no_grad():
        m.bias.add_(1.0)
        m.weight.copy_(torch.eye(4))
    return m(x), m.bias.clone()


@case(_with(lambda: nn.Sequential(nn.Linear(4, 4), nn.Dropout(0.5), nn.BatchNorm1d(4))))
def h2_eval_and_train_inside(m, x):
    m.eval()
    out = m(x)
    flags = [mod.training for mod in m.modules()]
    m.train()
    return out, flags, m.training, m[1].training


@case(_with(lambda: nn.Dropout(0.3)))
def h2_train_false_inside_then_call(m, x):
    m.train(False)
    return m(x), m.training


@case(_with(_Counter))
def h2_forward_counts_calls_and_buffer(m, x):
    first = m(x)
    second = m(x * 2)
    return first, second, m.calls, m.seen.clone()


@case(_with(lambda: nn.Linear(4, 4)))
def h2_set_plain_attribute_then_read(m, x):
    m.scale = 3.0
    m.tag = "scaled"
    return m(x) * m.scale, m.tag, hasattr(m, "scale")


@case(_with(lambda: nn.Linear(4, 4)),
      gap="a module made in the trace stored on an input module (it would leave the frame)")
def h2_add_submodule_inside(m, x):
    m.extra = nn.ReLU()
    return m.extra(m(x)), "extra" in dict(m.named_children())


@case(_with(lambda: nn.Linear(4, 4)), gap="register_buffer inside the compiled code")
def h2_register_buffer_inside(m, x):
    m.register_buffer("offset", torch.ones(4))
    return m(x) + m.offset


@case(_with(lambda: nn.Linear(4, 4)),
      gap="requires_grad_(False) on a parameter (torch.compile refuses too)")
def h2_requires_grad_false_inside(m, x):
    m.weight.requires_grad_(False)
    out = m(x)
    return out, out.requires_grad, m.weight.requires_grad


@case(_with(lambda: nn.Linear(4, 4)))
def h2_zero_grad_inside(m, x):
    m.weight.grad = torch.ones(4, 4)
    m.zero_grad()
    return m(x), m.weight.grad


# -- modules made in the compiled code -------------------------------------------------------------

@case()
def h2_functional_modules_made_inside(a, b):
    act = nn.Sequential(nn.Tanh(), nn.Softplus(beta=2.0), nn.Hardtanh(-0.5, 0.5))
    pool = nn.AvgPool1d(2)
    return act(a), pool(b.unsqueeze(0)), len(act), act[1].beta


@case(gap="torch.manual_seed and a module with parameters made inside (torch.compile refuses too)")
def h2_linear_made_inside_with_seed(a, b):
    torch.manual_seed(0)
    lin = nn.Linear(4, 2)
    return lin(a)


@case()
def h2_module_list_made_from_globals(a, b):
    layers = nn.ModuleList([_L1, _L2])
    out = a
    for layer in layers:
        out = layer(out)
    return out, len(layers)


_L1 = _seeded(lambda: nn.Linear(4, 4))
_L2 = _seeded(lambda: nn.Linear(4, 3))


# -- containers ------------------------------------------------------------------------------------

@case(_with(_Branchy))
def h2_containers_iterated_and_indexed(m, x):
    heads, tail = m(x)
    first = m.blocks[0](x) + m.blocks[-1](x)
    sliced = nn.Sequential(*m.seq[:2])(x)
    return heads["a"], heads["b"], tail, first, sliced, len(m.blocks), list(m.heads.keys())


@case(_with(_Branchy))
def h2_container_zip_enumerate_reversed(m, x):
    outs = []
    for i, (name, head) in enumerate(m.heads.items()):
        outs.append((i, name, head(x)))
    for block in reversed(m.blocks):
        x = block(x)
    return outs, x, "a" in m.heads, "z" in m.heads


@case(_with(_Branchy))
def h2_sequential_slice_and_negative_index(m, x):
    return m.seq[-1](x), m.seq[1:](x), m.seq[0].weight.shape


@case(_with(_Branchy))
def h2_named_modules_and_parameters(m, x):
    names = [n for n, _ in m.named_modules()]
    total = sum(p.numel() for p in m.parameters())
    linear_count = sum(isinstance(mod, nn.Linear) for mod in m.modules())
    return names, total, linear_count, [n for n, _ in m.named_parameters(prefix="net")][:3]


@case(_with(_Branchy))
def h2_state_dict_inside(m, x):
    sd = m.state_dict()
    return sorted(sd.keys()), sd["seq.0.weight"].sum()


@case(_with(_Branchy))
def h2_apply_init_inside(m, x):
    def init(mod):
        if isinstance(mod, nn.Linear):
            nn.init.constant_(mod.weight, 0.1)
            nn.init.zeros_(mod.bias)

    m.apply(init)
    return m(x)


@case(_with(_Branchy), gap="requires_grad_(False) on a parameter (torch.compile refuses too)")
def h2_modules_loop_sets_attribute(m, x):
    for mod in m.modules():
        if isinstance(mod, nn.Linear):
            mod.weight.requires_grad_(False)
    return [p.requires_grad for p in m.parameters()], m(x)[1]


@case(_with(lambda: nn.ParameterList([nn.Parameter(torch.ones(4) * i) for i in range(3)])))
def h2_parameter_list_iteration(m, x):
    out = x
    for p in m:
        out = out * p
    return out, len(m), m[1].sum()


@case(_with(lambda: nn.ParameterDict({"w": nn.Parameter(torch.ones(4)),
                                      "b": nn.Parameter(torch.zeros(4))})))
def h2_parameter_dict_items(m, x):
    out = x
    for k, p in m.items():
        out = out + p if k == "b" else out * p
    return out, sorted(m.keys())


# -- hooks -----------------------------------------------------------------------------------------

def _hooked_linear():
    m = nn.Linear(4, 4)
    m.register_forward_pre_hook(lambda mod, args: (args[0] * 2,))
    m.register_forward_hook(lambda mod, args, out: out + 1)
    return m


@case(_with(_hooked_linear))
def h2_pre_and_post_hooks(m, x):
    return m(x)


@case(_with(lambda: nn.Linear(4, 4)),
      gap="registering a hook inside the compiled code (torch.compile refuses too)")
def h2_hook_registered_and_removed_inside(m, x):
    handle = m.register_forward_hook(lambda mod, args, out: out * 10)
    hooked = m(x)
    handle.remove()
    return hooked, m(x)


@case(_with(lambda: nn.Linear(4, 4)),
      gap="registering a hook inside the compiled code (torch.compile refuses too)")
def h2_hook_with_kwargs(m, x):
    def pre(mod, args, kwargs):
        return (args[0] + 1,), kwargs

    m.register_forward_pre_hook(pre, with_kwargs=True)
    return m(x)


# -- parametrizations ----------------------------------------------------------------------------

class _Symmetric(nn.Module):
    def forward(self, w):
        return w.triu() + w.triu(1).transpose(-1, -2)


class _Scale(nn.Module):
    def __init__(self):
        super().__init__()
        self.factor = nn.Parameter(torch.tensor(2.0))

    def forward(self, w):
        return w * self.factor


def _parametrized():
    m = nn.Linear(4, 4)
    parametrize.register_parametrization(m, "weight", _Symmetric())
    return m


def _two_parametrizations():
    m = nn.Linear(4, 4)
    parametrize.register_parametrization(m, "weight", _Symmetric())
    parametrize.register_parametrization(m, "weight", _Scale())
    return m


@case(_with(_parametrized))
def h2_parametrized_weight_call(m, x):
    return m(x), m.weight, parametrize.is_parametrized(m), parametrize.is_parametrized(m, "bias")


@case(_with(_two_parametrizations))
def h2_parametrization_chain(m, x):
    return m(x), m.parametrizations.weight.original.sum(), len(m.parametrizations.weight)


@case(_with(lambda: nn.Sequential(_parametrized(), nn.ReLU())))
def h2_parametrized_inside_sequential(m, x):
    return m(x), m[0].weight.sum()


@case(_with(lambda: nn.utils.parametrizations.orthogonal(nn.Linear(4, 4))))
def h2_orthogonal_parametrization(m, x):
    w = m.weight
    return m(x), (w @ w.T - torch.eye(4)).abs().max() < 1e-4


_WEIGHT_NORMED = _seeded(lambda: nn.utils.parametrizations.weight_norm(nn.Linear(4, 3)))


@case()
def h2_weight_norm_parametrization(a, b):
    m = _WEIGHT_NORMED
    return m(a), m.parametrizations.weight.original0.shape


@case(_with(lambda: nn.utils.parametrizations.spectral_norm(nn.Linear(4, 3))))
def h2_spectral_norm_eval(m, x):
    m.eval()
    return m(x)


# -- functional use of modules -------------------------------------------------------------------

@case(_with(lambda: nn.Linear(4, 3)))
def h2_functional_linear_on_module_weights(m, x):
    w, b = m.weight, m.bias
    return F.linear(x, w * 2, b), F.linear(x, w.T.T), torch.addmm(b, x, w.t())


@case(_with(lambda: nn.Conv1d(2, 3, 2)))
def h2_conv_forward_with_override_weight(m, x):
    inp = x.reshape(1, 2, 6)
    return m._conv_forward(inp, m.weight * 0.5, m.bias), m(inp)


@case(_with(lambda: nn.LayerNorm(4)))
def h2_layer_norm_functional_from_module(m, x):
    return F.layer_norm(x, m.normalized_shape, m.weight, m.bias, m.eps), m(x)


_CACHED = _seeded(_two_parametrizations)


@case()
def h2_parametrize_cached_block(a, b):
    with parametrize.cached():
        w = _CACHED.weight
        out = _CACHED(a) + _CACHED(b)
        again = _CACHED.weight is w
    return out, again, _CACHED.weight is w


@case(_with(lambda: nn.utils.parametrizations.spectral_norm(nn.Linear(4, 3))))
def h2_spectral_norm_training_power_iteration(m, x):
    first = m(x)
    u_after_first = m.parametrizations.weight[0]._u.clone()
    return first, m(x), u_after_first, m.parametrizations.weight[0]._v.clone()
