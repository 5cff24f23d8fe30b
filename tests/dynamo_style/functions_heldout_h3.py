"""Held-out-style cases (third part): module methods that read or change state inside the
compiled code (dtype moves, state dict loads, parameter vectors, optimizer-style updates,
deep copies, submodule lookups by name), and more torch.func result structures."""

from __future__ import annotations

import copy

import torch
from torch import nn
from torch.func import functional_call, grad, jacfwd, jacrev, vmap

from tests.conformance.registry import randn
from tests.dynamo_style.registry import case


def _seeded(make):
    with torch.random.fork_rng():
        torch.manual_seed(0)
        return make()


def _with(make):
    return lambda: (_seeded(make), randn(0, (3, 4)))


def _mlp():
    return nn.Sequential(nn.Linear(4, 5), nn.Tanh(), nn.Linear(5, 2))


@case(_with(_mlp))
def h3_functional_sgd_step_in_place(m, x):
    params = {k: v.detach() for k, v in m.named_parameters()}
    grads = grad(lambda p: functional_call(m, p, (x,)).pow(2).sum())(params)
    with torch.no_grad():
        for name, p in m.named_parameters():
            p.sub_(0.1 * grads[name])
    return m(x), m[0].weight.clone()


@case(_with(_mlp), gap="torch.autograd.grad in the trace (torch.compile refuses too)")
def h3_sgd_step_with_autograd_grad(m, x):
    params = list(m.parameters())
    grads = torch.autograd.grad(m(x).pow(2).sum(), params)
    with torch.no_grad():
        for p, g in zip(params, grads):
            p -= 0.1 * g
    return m(x)


@case(_with(_mlp))
def h3_clip_grad_norm_without_grads(m, x):
    total = torch.nn.utils.clip_grad_norm_(m.parameters(), 0.1)
    return total, m[0].weight.grad is None


@case(_with(_mlp))
def h3_parameters_to_vector(m, x):
    vec = torch.nn.utils.parameters_to_vector(m.parameters())
    return vec.shape, vec.sum(), m(x)


@case(_with(_mlp))
def h3_l2_penalty_over_named_parameters(m, x):
    penalty = sum((p ** 2).sum() for name, p in m.named_parameters() if "weight" in name)
    return m(x).sum() + 0.01 * penalty


@case(_with(_mlp),
      gap="an in-place op raising on a leaf that requires grad (the fake run's error is "
          "not taken for the program's; torch.compile refuses too)")
def h3_weight_copy_without_no_grad_raises(m, x):
    try:
        m[0].weight.copy_(torch.zeros(5, 4))
    except RuntimeError:
        return m(x) + 1
    return m(x)


@case(_with(_mlp))
def h3_state_dict_keep_vars_and_values(m, x):
    sd = m.state_dict(keep_vars=True)
    return [k for k in sd], sd["0.weight"] is m[0].weight, sd["2.bias"] * 2


@case(_with(_mlp),
      gap="load_state_dict deletes a closure variable (DELETE_DEREF; torch.compile refuses too)")
def h3_load_state_dict_inside(m, x):
    sd = {k: torch.zeros_like(v) for k, v in m.state_dict().items()}
    m.load_state_dict(sd)
    return m(x)


@case(_with(_mlp),
      gap="copy.deepcopy of a module (torch.compile refuses too)")
def h3_deepcopy_module_inside(m, x):
    twin = copy.deepcopy(m)
    with torch.no_grad():
        twin[0].weight.mul_(0)
    return m(x), twin(x)


@case(_with(_mlp),
      gap="Module.double() assigns each parameter's .data (torch.compile refuses too)")
def h3_to_double_inside(m, x):
    m.double()
    return m(x.double()).dtype, m[0].weight.dtype


@case(_with(_mlp))
def h3_get_submodule_and_parameter(m, x):
    first = m.get_submodule("0")
    w = m.get_parameter("2.weight")
    return first(x), w.sum(), first.in_features


@case(_with(_mlp))
def h3_getattr_loop_over_names(m, x):
    out = x
    for name in ("0", "1", "2"):
        out = getattr(m, name)(out)
    return out, hasattr(m, "3"), hasattr(m[0], "weight")


def _hooked_mlp():
    m = _mlp()
    m.register_forward_hook(_times_hundred)
    m[0].register_forward_hook(_times_hundred)
    return m


def _times_hundred(mod, args, out):
    return out * 100


@case(_with(_hooked_mlp))
def h3_forward_called_directly_skips_hooks(m, x):
    return m.forward(x), m[0].forward(x), m(x)


@case(_with(_mlp))
def h3_module_type_queries(m, x):
    return (type(m[0]).__name__, m[0]._get_name(), isinstance(m[1], nn.Tanh),
            m[0].extra_repr(), m[2].out_features)


@case(_with(_mlp))
def h3_training_flag_assigned(m, x):
    m[1].training = False
    m.training = False
    return [sub.training for sub in m.modules()]


@case(_with(_mlp))
def h3_delete_attribute_inside(m, x):
    m.note = 1
    del m.note
    return hasattr(m, "note"), m(x)


@case(_with(_mlp),
      gap="a module made in the trace stored on an input module (it would leave the frame)")
def h3_add_module_existing(m, x):
    m.add_module("3", nn.ReLU())
    return m(x), len(m)


@case(_with(_mlp),
      gap="vector_to_parameters assigns each parameter's .data")
def h3_vector_to_parameters(m, x):
    vec = torch.nn.utils.parameters_to_vector(m.parameters())
    torch.nn.utils.vector_to_parameters(vec * 0.5, m.parameters())
    return m(x)


@case(_with(_mlp))
def h3_modules_values_direct(m, x):
    out = x
    for sub in m._modules.values():
        out = sub(out)
    return out, list(m._modules)


# -- more torch.func structures -------------------------------------------------------------------

@case()
def h3_jacrev_dict_output(a, b):
    def f(x):
        return {"sin": x.sin(), "sq": x ** 2}

    jac = jacrev(f)(a[0])
    return jac["sin"], jac["sq"]


@case()
def h3_jacfwd_tuple_argnums_dict_input(a, b):
    def f(d, s):
        return d["x"] * s + d["y"]

    jd, js = jacfwd(f, argnums=(0, 1))({"x": a[0], "y": b[0]}, b[1])
    return jd["x"], jd["y"], js


@case()
def h3_vmap_out_dims_none(a, b):
    def f(x):
        return x * 2, b.sum()

    return vmap(f, out_dims=(0, None))(a)


@case()
def h3_vmap_nested_dict_output(a, b):
    def f(x, y):
        return {"sum": x + y, "parts": (x, [y * 2])}

    out = vmap(f)(a, b)
    return out["sum"], out["parts"][0], out["parts"][1][0]


@case()
def h3_grad_of_module_output_wrt_input(a, b):
    lin = _LIN

    def f(x):
        return lin(x).pow(2).sum()

    return grad(f)(a), vmap(grad(f))(a)


_LIN = _seeded(lambda: nn.Linear(4, 3))


@case()
def h3_functional_call_with_strict_and_tied(a, b):
    m = _TIED
    params = {"a.weight": torch.eye(4), "b.weight": torch.eye(4)}
    try:
        out = functional_call(m, params, (a,), strict=True)
    except (RuntimeError, ValueError) as e:
        out = a * 0 + len(type(e).__name__)
    return out


class _TwoTied(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4, bias=False)
        self.b = nn.Linear(4, 4, bias=False)
        self.b.weight = self.a.weight

    def forward(self, x):
        return self.b(self.a(x))


_TIED = _seeded(_TwoTied)


@case()
def h3_functional_call_tied_same_tensor_twice(a, b):
    w = torch.eye(4) * 3
    return functional_call(_TIED, {"a.weight": w, "b.weight": w}, (a,))


@case()
def h3_functional_call_kwargs_only(a, b):
    class_ = _KW
    return functional_call(class_, {"lin.weight": torch.eye(4)}, (), {"x": a, "shift": 2.0})


class _Kw(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, *, x, shift=0.0):
        return self.lin(x) + shift


_KW = _seeded(_Kw)


@case()
def h3_functional_call_returns_params_used(a, b):
    params = {"weight": a[:3] * 2, "bias": b[0, :3]}
    out = functional_call(_LIN, params, (a,))
    return out, params["weight"], sorted(params)


def _param_linear():
    from torch.nn.utils import parametrize

    class Double(nn.Module):
        def forward(self, w):
            return w * 2

    m = nn.Linear(4, 3)
    parametrize.register_parametrization(m, "weight", Double())
    return m


_PARAM_LIN = _seeded(_param_linear)


@case()
def h3_functional_call_parametrized_original(a, b):
    params = {"parametrizations.weight.original": torch.ones(3, 4), "bias": b[0, :3]}
    return functional_call(_PARAM_LIN, params, (a,)), _PARAM_LIN(a)


@case(gap="functional_call replacing a parametrized name (eager assigns it through the "
          "parametrization's right_inverse)")
def h3_functional_call_parametrized_name(a, b):
    return functional_call(_PARAM_LIN, {"weight": torch.ones(3, 4)}, (a,)), _PARAM_LIN(a)


_OLD_WEIGHT_NORM = _seeded(lambda: torch.nn.utils.weight_norm(nn.Linear(4, 3)))


@case()
def h3_old_style_weight_norm_hook(a, b):
    m = _OLD_WEIGHT_NORM
    return m(a), m.weight_g.shape


@case()
def h3_functional_call_old_style_weight_norm(a, b):
    m = _OLD_WEIGHT_NORM
    params = {"weight_g": torch.ones(3, 1), "weight_v": b + 1}
    return functional_call(m, params, (a,)), m(a)


@case()
def h3_functorch_package_names(a, b):
    import functorch

    rows = functorch.vmap(torch.dot)(a, b)
    g = functorch.grad(lambda t: (t.sin() * b).sum())(a)
    out, pullback = functorch.vjp(torch.exp, a[0])
    return rows, g, functorch.jacrev(torch.cos)(a[0]), out, pullback(b[0])


# -- functional training idioms -------------------------------------------------------------------

_NET = _seeded(lambda: nn.Sequential(nn.Linear(4, 8), nn.BatchNorm1d(8), nn.ReLU(),
                                     nn.Linear(8, 3)))
_NET.eval()


def _net_state():
    params = {k: v.detach().clone() for k, v in _NET.named_parameters()}
    buffers = {k: v.clone() for k, v in _NET.named_buffers()}
    return params, buffers, randn(0, (5, 4)), torch.tensor([0, 2, 1, 1, 0])


@case(_net_state)
def h3_functional_training_step(params, buffers, x, y):
    def compute_loss(p, b, xb, yb):
        out = functional_call(_NET, (p, b), (xb,))
        return torch.nn.functional.cross_entropy(out, yb)

    grads, loss = torch.func.grad_and_value(compute_loss)(params, buffers, x, y)
    new_params = {k: p - 0.1 * grads[k] for k, p in params.items()}
    return loss, new_params["0.weight"], compute_loss(new_params, buffers, x, y)


@case(_net_state)
def h3_per_sample_grads_with_buffers(params, buffers, x, y):
    def loss_one(p, b, xi, yi):
        out = functional_call(_NET, (p, b), (xi.unsqueeze(0),))
        return torch.nn.functional.cross_entropy(out, yi.unsqueeze(0))

    per = vmap(grad(loss_one), in_dims=(None, None, 0, 0))(params, buffers, x, y)
    return {k: v.shape for k, v in per.items()}, per["3.bias"]


@case(_net_state)
def h3_jacrev_functional_call_wrt_input(params, buffers, x, y):
    def f(p, xi):
        return functional_call(_NET, (p, buffers), (xi.unsqueeze(0),)).squeeze(0)

    return vmap(jacrev(f, argnums=1), in_dims=(None, 0))(params, x)


_META_BASE = copy.deepcopy(_seeded(lambda: nn.Linear(4, 2))).to("meta")


def _ensemble_state():
    models = [_seeded(lambda: nn.Linear(4, 2)) for _ in range(3)]
    with torch.no_grad():
        for i, m in enumerate(models):
            m.weight.add_(i)
    params, buffers = torch.func.stack_module_state(models)
    return {k: v.detach() for k, v in params.items()}, buffers, randn(1, (6, 4))


@case(_ensemble_state)
def h3_ensemble_on_meta_base_model(params, buffers, x):
    def call_one(p, b, xb):
        return functional_call(_META_BASE, (p, b), (xb,))

    return vmap(call_one, in_dims=(0, 0, None))(params, buffers, x)


@case()
def h3_functional_call_strict_untied(a, b):
    params = {"a.weight": torch.eye(4), "b.weight": torch.eye(4) * 2}
    return functional_call(_TIED, params, (a,), tie_weights=False, strict=True)


def _row_norm(row, scale):
    return (row * scale).norm()


def _loss(w, x):
    return (x @ w).tanh().sum()


_ROW_NORMS = vmap(_row_norm, in_dims=(0, None))
_LOSS_GRAD = grad(_loss, argnums=(0, 1))
_LOSS_GRAD_VALUE = torch.func.grad_and_value(_loss)


@case()
def h3_transforms_made_at_module_level(a, b):
    gw, gx = _LOSS_GRAD(b[0], a)
    g, value = _LOSS_GRAD_VALUE(b[0], a)
    return _ROW_NORMS(a, 2.0), gw, gx, g, value


@case()
def h3_transform_made_outside_passed_in(a, b):
    return _apply_made_outside(vmap(torch.outer), a, b)


def _apply_made_outside(fn, a, b):
    return fn(a, b)


class _Scorer:
    def __init__(self, scale):
        self.scale = scale

    def score(self, row):
        return (row * self.scale).sum()

    @staticmethod
    def static_score(row):
        return row.max()


@case()
def h3_transform_targets_of_every_kind(a, b):
    import functools

    scorer = _Scorer(2.0)
    partial = functools.partial(torch.mul, other=3.0)
    return (vmap(scorer.score)(a), vmap(_Scorer.static_score)(a), vmap(partial)(b),
            grad(scorer.score)(a[0]), vmap(_LIN.forward)(a),
            vmap(lambda r, k=4.0: r * k)(b))


@case(_with(_mlp))
def h3_data_copy_and_clamp(m, x):
    m[0].weight.data.copy_(torch.ones(5, 4) * 0.1)
    for p in m.parameters():
        p.data.clamp_(-0.2, 0.2)
    return m(x), m[0].weight.requires_grad, m[2].bias.clone()


@case(_with(_mlp))
def h3_data_alias_written(m, x):
    d = m[2].bias.data
    d.add_(1)
    return m(x), d, m[2].bias.clone()


@case()
def h3_vjp_jvp_over_structured_primals(a, b):
    out, pullback = torch.func.vjp(lambda d: (d["x"] * d["y"]).sin(), {"x": a, "y": b})
    (cot,) = pullback(torch.ones_like(out))
    value, tangent = torch.func.jvp(lambda p: p[0] * p[1].exp(), ((a, b),), ((b, a),))
    pair_out, pair_pullback = torch.func.vjp(lambda x, ys: x * ys[0] + ys[1], a, [b, a])
    gx, gys = pair_pullback(b)
    return out, cot["x"], cot["y"], value, tangent, pair_out, gx, gys[0], gys[1]
