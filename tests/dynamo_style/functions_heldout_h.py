"""Held-out-style cases written from real code's idioms: torch.func and functional module
calls (`functional_call`, `grad`, `vmap`, `jacrev`/`jacfwd`, `stack_module_state`),
parametrizations and module state handled inside the compiled code."""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import nn
from torch.func import functional_call, grad, grad_and_value, jacfwd, jacrev, vmap

from tests.conformance.registry import randn
from tests.dynamo_style import functions_heldout_h2, functions_heldout_h3  # noqa: F401 - cases
from tests.dynamo_style.registry import case


def _seeded(make):
    with torch.random.fork_rng():
        torch.manual_seed(0)
        return make()


class _Mlp(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(4, 5)
        self.fc2 = nn.Linear(5, 2)
        self.register_buffer("shift", torch.full((2,), 0.25))

    def forward(self, x, scale=1.0):
        return self.fc2(torch.tanh(self.fc1(x))) * scale + self.shift


class _Tied(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Linear(4, 4, bias=False)
        self.head = nn.Linear(4, 4, bias=False)
        self.head.weight = self.embed.weight

    def forward(self, x):
        return self.head(torch.relu(self.embed(x)))


_MLP = _seeded(_Mlp)
_TIED = _seeded(_Tied)
_LIN = _seeded(lambda: nn.Linear(4, 3))


def _mlp_and_params():
    m = _seeded(_Mlp)
    params = {k: v.detach() * 0.5 for k, v in m.named_parameters()}
    return m, params, randn(2, (3, 4))


# -- functional_call ----------------------------------------------------------------------------

@case()
def h_functional_call_global_linear(a, b):
    params = {"weight": b[:3] * 0.1, "bias": b[0, :3]}
    return functional_call(_LIN, params, (a,)), _LIN(a)


@case(_mlp_and_params)
def h_functional_call_dict_argument(m, params, x):
    return functional_call(m, params, (x,)), m(x)


@case(_mlp_and_params)
def h_functional_call_single_arg_not_tuple(m, params, x):
    return functional_call(m, params, x)


@case(_mlp_and_params)
def h_functional_call_with_kwargs(m, params, x):
    return functional_call(m, params, (x,), {"scale": 3.0})


@case(_mlp_and_params)
def h_functional_call_partial_dict(m, params, x):
    only = {"fc2.weight": params["fc2.weight"]}
    return functional_call(m, only, (x,)), m.fc2.weight.sum()


@case(_mlp_and_params)
def h_functional_call_params_and_buffers_tuple(m, params, x):
    buffers = {"shift": torch.zeros(2)}
    return functional_call(m, (params, buffers), (x,))


@case(_mlp_and_params)
def h_functional_call_buffer_override(m, params, x):
    return functional_call(m, {"shift": x[0, :2]}, (x,))


@case()
def h_functional_call_dict_built_in_trace(a, b):
    params = {name: p * 2 for name, p in _MLP.named_parameters()}
    return functional_call(_MLP, params, (a,))


@case()
def h_functional_call_dict_from_named_parameters(a, b):
    params = dict(_MLP.named_parameters())
    buffers = dict(_MLP.named_buffers())
    return functional_call(_MLP, (params, buffers), (a,)), _MLP(a)


@case()
def h_functional_call_detached_params(a, b):
    params = {k: v.detach() for k, v in _MLP.named_parameters()}
    out = functional_call(_MLP, params, (a,))
    return out, out.requires_grad


@case()
def h_functional_call_tied_one_name(a, b):
    return functional_call(_TIED, {"embed.weight": torch.eye(4) * 2}, (a,)), _TIED(a)


@case()
def h_functional_call_tied_untied_flag(a, b):
    return functional_call(_TIED, {"embed.weight": torch.eye(4) * 2}, (a,), tie_weights=False)


@case()
def h_functional_call_tied_conflict_raises(a, b):
    try:
        functional_call(_TIED, {"embed.weight": a[:, :4].T @ a[:, :4], "head.weight": b.T @ b},
                        (a,))
    except ValueError:
        return a + 1
    return a


@case()
def h_functional_call_strict_missing_raises(a, b):
    try:
        functional_call(_LIN, {"weight": b[:3]}, (a,), strict=True)
    except RuntimeError as e:
        return a * 2, "Missing" in str(e)
    return a


@case()
def h_functional_call_strict_full(a, b):
    params = {"weight": b[:3], "bias": b[2, :3]}
    return functional_call(_LIN, params, (a,), strict=True)


@case()
def h_functional_call_submodule(a, b):
    return functional_call(_MLP.fc1, {"weight": torch.ones(5, 4)}, (a,))


@case()
def h_functional_call_sequential(a, b):
    seq = _SEQ
    params = {k: v + 1 for k, v in seq.named_parameters()}
    return functional_call(seq, params, (a,)), seq(a)


_SEQ = _seeded(lambda: nn.Sequential(nn.Linear(4, 6), nn.ReLU(), nn.Linear(6, 2)))


@case()
def h_functional_call_twice_different_dicts(a, b):
    p1 = {k: v * 0 for k, v in _LIN.named_parameters()}
    p2 = {k: v * 3 for k, v in _LIN.named_parameters()}
    return functional_call(_LIN, p1, (a,)), functional_call(_LIN, p2, (b,)), _LIN(a)


class _Boom(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.ones(4))

    def forward(self, x):
        if x.shape[0] == 3:
            raise KeyError("boom")
        return x * self.w


@case(lambda: (_seeded(_Boom), randn(0, (3, 4))))
def h_functional_call_raising_forward_restores(m, a):
    try:
        functional_call(m, {"w": a[0]}, (a,))
    except KeyError:
        pass
    return m(a[:2]), m.w


@case()
def h_functional_call_stateless_module(a, b):
    from torch.nn.utils import stateless
    return stateless.functional_call(_LIN, {"weight": b[:3]}, (a,))


@case()
def h_functional_call_batchnorm_buffers(a, b):
    bn = _BN
    bufs = {"running_mean": torch.zeros(4), "running_var": torch.ones(4),
            "num_batches_tracked": torch.tensor(0)}
    out = functional_call(bn, bufs, (a,))
    return out, bufs["running_mean"], bufs["num_batches_tracked"], bn.running_mean


_BN = _seeded(lambda: nn.BatchNorm1d(4))


class _Norms(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        total = sum(p.abs().sum() for p in self.parameters())
        return self.lin(x) / total


_NORMS = _seeded(_Norms)


@case()
def h_functional_call_forward_reads_parameters(a, b):
    return functional_call(_NORMS, {"lin.weight": torch.eye(4)}, (a,))


# -- functional_call under transforms ------------------------------------------------------------

@case()
def h_grad_of_functional_call(a, b):
    params = {k: v.detach() for k, v in _LIN.named_parameters()}

    def loss(p, x):
        return functional_call(_LIN, p, (x,)).pow(2).sum()

    grads = grad(loss)(params, a)
    return grads["weight"], grads["bias"]


@case()
def h_grad_and_value_of_functional_call(a, b):
    params = {k: v.detach() for k, v in _MLP.named_parameters()}

    def loss(p, x, y):
        return F.mse_loss(functional_call(_MLP, p, (x,)), y)

    grads, value = grad_and_value(loss)(params, a, b[:, :2])
    return sorted(grads), grads["fc1.weight"], value


@case()
def h_per_sample_grads_functional_call(a, b):
    params = {k: v.detach() for k, v in _LIN.named_parameters()}

    def loss(p, x, y):
        return F.mse_loss(functional_call(_LIN, p, (x.unsqueeze(0),)), y.unsqueeze(0))

    per = vmap(grad(loss), in_dims=(None, 0, 0))(params, a, b[:, :3])
    return per["weight"], per["bias"]


@case(gap="stack_module_state's stacked leaves (requires_grad_() on a graph tensor) reach "
           "the output's autograd history, which the graph cannot build")
def h_ensemble_stack_module_state(a, b):
    models = _ENSEMBLE
    params, buffers = torch.func.stack_module_state(models)

    def one(p, bu, x):
        return functional_call(models[0], (p, bu), (x,))

    return vmap(one, in_dims=(0, 0, None))(params, buffers, a)


_ENSEMBLE = [_seeded(lambda i=i: nn.Linear(4, 2)) for i in range(3)]


@case()
def h_ensemble_stacked_under_no_grad(a, b):
    models = _ENSEMBLE
    with torch.no_grad():
        params, buffers = torch.func.stack_module_state(models)
        xs = torch.stack([a, b, a + b])
        out = vmap(lambda p, bu, x: functional_call(models[0], (p, bu), (x,)))(
            params, buffers, xs)
    return out, sorted(params), params["weight"].shape


def _stacked_inputs():
    params, buffers = torch.func.stack_module_state(_ENSEMBLE)
    return ({k: v.detach() for k, v in params.items()}, buffers, randn(0, (3, 4)))


@case(_stacked_inputs)
def h_ensemble_stacked_outside(params, buffers, x):
    def one(p, bu, x):
        return functional_call(_ENSEMBLE[0], (p, bu), (x,))

    return vmap(one, in_dims=(0, 0, None))(params, buffers, x)


@case()
def h_jacrev_wrt_params(a, b):
    params = {k: v.detach() for k, v in _LIN.named_parameters()}
    jac = jacrev(lambda p: functional_call(_LIN, p, (a[0],)))(params)
    return jac["weight"], jac["bias"]


# -- grad / vmap breadth ----------------------------------------------------------------------

@case()
def h_grad_argnums_tuple_positions(a, b):
    def f(x, y, z):
        return (x * y + z).sin().sum()

    gx, gz = grad(f, argnums=(0, 2))(a, b, a * b)
    return gx, gz


@case()
def h_grad_has_aux_dict(a, b):
    def f(x):
        y = x.exp()
        return y.sum(), {"mean": y.mean(), "max": y.max()}

    g, aux = grad(f, has_aux=True)(a)
    return g, aux["mean"], aux["max"]


@case()
def h_grad_of_dict_input(a, b):
    def f(inputs):
        return (inputs["x"] * inputs["y"]).sum()

    g = grad(f)({"x": a, "y": b})
    return g["x"], g["y"]


@case()
def h_grad_of_tuple_input(a, b):
    def f(pair):
        x, y = pair
        return (x.sin() * y).sum()

    gx, gy = grad(f)((a, b))
    return gx, gy


@case()
def h_grad_nested_second_derivative(a, b):
    def f(x):
        return (x ** 3).sum()

    def g(x):
        return grad(f)(x).sum()

    return grad(g)(a)


@case()
def h_grad_scalar_input(a, b):
    def f(t):
        return (t * t * t)

    return grad(f)(a[0, 0]), grad(grad(f))(b[0, 0])


@case()
def h_vmap_dict_input(a, b):
    def f(d):
        return d["x"] * d["y"].sum()

    return vmap(f)({"x": a, "y": b})


@case()
def h_vmap_in_dims_dict(a, b):
    def f(d, s):
        return d["x"] + d["y"] * s

    return vmap(f, in_dims=({"x": 0, "y": None}, 0))({"x": a, "y": b[0]}, b[:, 0])


@case()
def h_vmap_tuple_output_out_dims(a, b):
    def f(x, y):
        return x * 2, y.sum()

    return vmap(f, out_dims=(1, 0))(a, b)


@case()
def h_vmap_list_input(a, b):
    def f(xs):
        return xs[0] * xs[1]

    return vmap(f)([a, b])


@case()
def h_vmap_chunk_size(a, b):
    return vmap(lambda x: x.sum() * x, chunk_size=2)(a)


@case(gap="random draws inside a vmapped function (the speculation refuses them)")
def h_vmap_randomness_same(a, b):
    out = vmap(lambda x: x + torch.rand(()), randomness="same")(a)
    shifts = out - a  # one draw for every row: equal up to rounding
    return torch.allclose(shifts, shifts[0, 0].expand_as(shifts), atol=1e-5), out.shape


@case(gap="random draws inside a vmapped function (the speculation refuses them)")
def h_vmap_randomness_different(a, b):
    out = vmap(lambda x: x * 0 + torch.randn(4), randomness="different")(a)
    return out.shape, (out[0] - out[1]).abs().max() > 1e-6


@case()
def h_vmap_method_call(a, b):
    return vmap(torch.Tensor.sum)(a), vmap(lambda x: x.softmax(0))(b)


@case()
def h_vmap_kwargs_passed(a, b):
    def f(x, scale=1.0):
        return x * scale

    return vmap(f)(a, scale=2.0)


@case()
def h_vmap_decorator_form(a, b):
    @vmap
    def rowdot(x, y):
        return (x * y).sum()

    return rowdot(a, b)


@case()
def h_vmap_over_module_call(a, b):
    return vmap(_MLP)(a), vmap(_LIN, in_dims=1)(b.T.contiguous())


@case()
def h_jacrev_argnums_and_has_aux(a, b):
    def f(x, y):
        out = x.sin() * y
        return out, out.sum()

    (jx, jy), aux = jacrev(f, argnums=(0, 1), has_aux=True)(a[0], b[0])
    return jx, jy, aux


@case()
def h_jacfwd_has_aux(a, b):
    def f(x):
        return x.cos(), x.mean()

    j, aux = jacfwd(f, has_aux=True)(a[0])
    return j, aux


@case()
def h_hessian_of_quadratic(a, b):
    mat = b[:, :3].T @ b[:, :3]
    return torch.func.hessian(lambda x: x @ mat @ x)(a[0, :3])


@case()
def h_vmap_jacrev_batched(a, b):
    return vmap(jacrev(torch.sin))(a)


@case()
def h_vjp_has_aux(a, b):
    out, pullback, aux = torch.func.vjp(lambda x: (x.exp(), x.sum()), a, has_aux=True)
    (ga,) = pullback(torch.ones_like(out))
    return out, ga, aux


@case()
def h_jvp_has_aux(a, b):
    out, tangent, aux = torch.func.jvp(lambda x: (x.sin(), x.max()), (a,), (b,), has_aux=True)
    return out, tangent, aux


@case(gap="torch.func.linearize is not modelled")
def h_linearize(a, b):
    out, jvp_fn = torch.func.linearize(torch.sin, a)
    return out, jvp_fn(b)


@case()
def h_functionalize(a, b):
    def f(x):
        y = x.clone()
        y.add_(1)
        return y, x.view(-1)

    plain = torch.func.functionalize(f)(a)
    return plain, torch.func.functionalize(f, remove="mutations_and_views")(b)
