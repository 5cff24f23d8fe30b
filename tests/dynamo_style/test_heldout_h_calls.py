"""Multi-call probes for modules in compiled code: each compiled function is called several
times while the module state it reads changes between calls (hooks registered and removed,
train/eval, plain attributes, parameters replaced or tied, submodules swapped, containers
grown, parametrizations registered, functional_call's dict keys). Each call is compared with
eager; a stale trace is a wrong answer. Recompile counts are checked where guards decide."""

from __future__ import annotations

import torch
from torch import nn
from torch.func import functional_call, grad, vmap
from torch.nn.utils import parametrize

from tests.dynamo_style.calls_support import run_calls
from tests.dynamo_style.calls_support import sample as _x


def _seeded(make):
    with torch.random.fork_rng():
        torch.manual_seed(0)
        return make()


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.ModuleList([nn.Linear(4, 4), nn.Linear(4, 4)])
        self.head = nn.Linear(4, 2)
        self.drop = nn.Dropout(0.0)
        self.scale = 1.0

    def forward(self, x):
        for layer in self.body:
            x = torch.relu(layer(x))
        return self.drop(self.head(x)) * self.scale, self.training


class _Box:
    """The module one probe reads, swapped by each reset (eager and compiled runs start alike)."""
    net = None


def _fresh():
    _Box.net = _seeded(Net)


def _through_box(x):
    return _Box.net(x)


def _step(change):
    def prepare():
        change(_Box.net)
    return prepare


def _hook(mod, args, out):
    return out[0] + 100, out[1]


def _register_hook(net):
    net._probe_handle = net.register_forward_hook(_hook)


def _remove_hook(net):
    net._probe_handle.remove()


def test_hook_registered_then_removed_between_calls():
    stats = run_calls(_through_box, [(None, (_x(),)), (_step(_register_hook), (_x(1),)),
                                     (None, (_x(2),)), (_step(_remove_hook), (_x(3),))],
                      fullgraph=True, reset_state=_fresh)
    assert len(stats.recompiles) == 1  # removed: the first trace's guards hold again


def _pre_hook_on_child(net):
    net.body[0].register_forward_pre_hook(lambda mod, args: (args[0] * 0,))


def test_pre_hook_on_a_child_between_calls():
    run_calls(_through_box, [(None, (_x(),)), (_step(_pre_hook_on_child), (_x(1),))],
              fullgraph=True, reset_state=_fresh)


def test_train_eval_and_attribute_between_calls():
    def set_scale(net):
        net.scale = 2.5

    run_calls(_through_box, [(None, (_x(),)), (_step(lambda n: n.eval()), (_x(1),)),
                             (_step(set_scale), (_x(2),)), (_step(lambda n: n.train()), (_x(3),))],
              fullgraph=True, reset_state=_fresh)


def _replace_head(net):
    net.head = _seeded(lambda: nn.Linear(4, 2, bias=False))


def _grow_body(net):
    net.body.append(_seeded(lambda: nn.Linear(4, 4)))


def _new_weight(net):
    net.body[1].weight = nn.Parameter(torch.ones(4, 4) * 0.1)


def _in_place(net):
    with torch.no_grad():
        net.head.bias.fill_(3.0)


def test_submodules_and_parameters_changed_between_calls():
    run_calls(_through_box, [(None, (_x(),)), (_step(_in_place), (_x(1),)),
                             (_step(_grow_body), (_x(2),)), (_step(_new_weight), (_x(3),)),
                             (_step(_replace_head), (_x(4),))],
              fullgraph=True, reset_state=_fresh)


class _Double(nn.Module):
    def forward(self, w):
        return w * 2


def _parametrize_head(net):
    parametrize.register_parametrization(net.head, "weight", _Double())


def _unparametrize_head(net):
    parametrize.remove_parametrizations(net.head, "weight")


def test_parametrization_registered_and_removed_between_calls():
    run_calls(_through_box, [(None, (_x(),)), (_step(_parametrize_head), (_x(1),)),
                             (None, (_x(2),)), (_step(_unparametrize_head), (_x(3),))],
              fullgraph=True, reset_state=_fresh)


def _functional(x, params):
    return functional_call(_Box.net, params, (x,))[0]


def test_functional_call_with_changing_keys_and_tied_layout():
    def tie(net):
        net.body[1].weight = net.body[0].weight

    def untie(net):
        net.body[1].weight = nn.Parameter(torch.eye(4))

    given = {"body.0.weight": torch.eye(4) * 0.5}
    more = {**given, "head.bias": torch.ones(2)}
    stats = run_calls(_functional, [(None, (_x(), given)), (None, (_x(1), more)),
                                    (_step(tie), (_x(2), given)), (None, (_x(3), given)),
                                    (_step(untie), (_x(4), given))],
                      fullgraph=True, reset_state=_fresh)
    assert len(stats.recompiles) == 2


def test_functional_call_strict_with_changing_keys():
    def f(x, params):
        return functional_call(_Box.net, params, (x,), strict=True)[0]

    full = {k: v.detach() * 2 for k, v in _seeded(Net).named_parameters()}
    partial = dict(list(full.items())[:-1])
    run_calls(f, [(None, (_x(), full)), (None, (_x(1), partial)), (None, (_x(2), full))],
              fullgraph=False, reset_state=_fresh)


def test_per_sample_grads_with_changing_module():
    def f(x, y):
        params = {k: v.detach() for k, v in _Box.net.head.named_parameters()}

        def loss(p, xi, yi):
            return ((functional_call(_Box.net.head, p, (xi,)) - yi) ** 2).sum()

        return vmap(grad(loss), in_dims=(None, 0, 0))(params, x, y)

    run_calls(f, [(None, (_x(), _x(1, (3, 2)))), (_step(_in_place), (_x(2), _x(3, (3, 2)))),
                  (_step(_replace_head), (_x(4), _x(5, (3, 2))))],
              fullgraph=True, reset_state=_fresh)


def test_module_state_written_inside_is_seen_by_the_next_call():
    def f(x):
        net = _Box.net
        net.scale = net.scale + 1.0
        net.train(not net.training)
        return net(x)

    run_calls(f, [(None, (_x(),)), (None, (_x(1),)), (None, (_x(2),))], fullgraph=True,
              reset_state=_fresh)


def test_attribute_deleted_inside_then_missing():
    def f(x):
        net = _Box.net
        del net.scale
        return x * 2, hasattr(net, "scale")

    def restore(net):
        net.scale = 4.0

    run_calls(f, [(None, (_x(),)), (None, (_x(1),)), (_step(restore), (_x(2),))],
              fullgraph=False, reset_state=_fresh)


def test_attribute_set_deleted_and_set_again_keeps_eager_order():
    def f(x):
        net = _Box.net
        net.extra = 1
        del net.extra
        had = hasattr(net, "extra")
        net.extra = 2
        del net.scale
        net.scale = 3.0
        return x * net.scale, had, [k for k in vars(net) if not k.startswith("_")]

    run_calls(f, [(None, (_x(),)), (None, (_x(1),))], fullgraph=False, reset_state=_fresh)


# -- torch.func transforms over structures that change between calls --

def _transform_over_dict(inputs, scale):
    def f(d):
        return sum(v.sin().sum() for v in d.values()) * scale

    return grad(f)(inputs), vmap(lambda d: d["x"] * scale, in_dims=({"x": 0, "y": None},))(
        {"x": inputs["x"], "y": inputs.get("y", inputs["x"])})


def test_transforms_over_a_dict_whose_keys_change():
    a, b = _x(), _x(1)
    stats = run_calls(_transform_over_dict,
                      [(None, ({"x": a, "y": b}, 2.0)), (None, ({"x": a}, 2.0)),
                       (None, ({"x": a, "y": b, "z": a}, 3.0)), (None, ({"x": b, "y": a}, 2.0))],
                      fullgraph=True)
    assert len(stats.recompiles) == 2  # the last call's keys and scale are the first's


def _in_dims_from_argument(x, y, dims):
    return vmap(lambda r, s: r * s, in_dims=dims)(x, y)


def test_in_dims_given_as_an_argument():
    a, b = _x(), _x(1)
    run_calls(_in_dims_from_argument, [(None, (a, b, (0, 0))), (None, (a, b[0], (0, None))),
                                       (None, (a, b.T.contiguous(), (0, 1)))], fullgraph=True)


def _argnums_from_argument(x, y, argnums):
    return grad(lambda r, s: (r * s.cos()).sum(), argnums=argnums)(x, y)


def test_argnums_given_as_an_argument():
    a, b = _x(), _x(1)
    run_calls(_argnums_from_argument, [(None, (a, b, 0)), (None, (a, b, 1)),
                                       (None, (a, b, (0, 1)))], fullgraph=True)


def _call_transformed(fn, x, y):
    return fn(x, y)


def _mul(r, s):
    return r * s


def _add(r, s):
    return r + s


def _dot_loss(r, s):
    return (r * s).sum()


def test_transformed_function_made_outside_changes_between_calls():
    a, b = _x(), _x(1)
    run_calls(_call_transformed,
              [(None, (vmap(_mul), a, b)), (None, (vmap(_add), a, b)),
               (None, (vmap(_mul, in_dims=(0, None)), a, b[0])),
               (None, (vmap(_mul, in_dims=(1, 1)), a, b)),
               (None, (grad(_dot_loss), a, b)), (None, (grad(_dot_loss, argnums=1), a, b)),
               (None, (torch.func.grad_and_value(_dot_loss), a, b))],
              fullgraph=True)


def test_functionalize_made_outside_leaves_no_transform_level():
    def g(x, y):
        z = x.clone()
        z.add_(y)
        return z

    run_calls(_call_transformed, [(None, (torch.func.functionalize(g), _x(), _x(1)))])
    assert torch._C._functorch.maybe_current_level() is None


def _head_out(x):
    out = _Box.net.head(x)
    return out, out.requires_grad, _Box.net.head.weight.requires_grad


def _freeze_head(net):
    for p in net.head.parameters():
        p.requires_grad_(False)


def _plain_tensor_attribute(net):
    net.head.offset = torch.ones(2)


def _offset_out(x):
    head = _Box.net.head
    return head(x) + getattr(head, "offset", 0.0)


def test_parameters_frozen_between_calls():
    run_calls(_head_out, [(None, (_x(),)), (_step(_freeze_head), (_x(1),))], fullgraph=True,
              reset_state=_fresh)


def test_plain_tensor_attribute_added_between_calls():
    run_calls(_offset_out, [(None, (_x(),)), (_step(_plain_tensor_attribute), (_x(1),))],
              fullgraph=True, reset_state=_fresh)


def test_buffer_zeroed_in_place_inside_and_read_next_call():
    def f(x):
        bn = _Box.bn
        out = bn(x)
        bn.running_mean.zero_()
        return out, bn.running_mean.clone(), bn.num_batches_tracked.clone()

    def fresh():
        _Box.bn = _seeded(lambda: nn.BatchNorm1d(4))

    run_calls(f, [(None, (_x(),)), (None, (_x(1),)), (_step_bn_eval, (_x(2),))],
              fullgraph=True, reset_state=fresh)


def _step_bn_eval():
    _Box.bn.eval()


class _Stateful(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.calls = 0
        self.history = []

    def forward(self, x):
        self.calls += 1
        self.history.append(self.calls)
        print("call", self.calls, len(self.history))
        y = self.lin(x) * self.calls
        self.last = y.sum().item() > 0  # data-dependent: a break here
        self.calls += 10
        return y, self.last


def test_module_state_written_around_graph_breaks():
    def f(x):
        return _Box.stateful(x), _Box.stateful.calls, list(_Box.stateful.history)

    def fresh():
        _Box.stateful = _seeded(_Stateful)

    run_calls(f, [(None, (_x(),)), (None, (_x(1),)), (None, (-_x(1) * 5,))], reset_state=fresh)


def test_functional_call_around_graph_breaks_keeps_the_real_weights_after():
    def f(x):
        m = _Box.stateful
        out = functional_call(m, {"lin.weight": torch.eye(4)}, (x,))
        return out, m.lin(x), m.calls

    def fresh():
        _Box.stateful = _seeded(_Stateful)

    run_calls(f, [(None, (_x(),)), (None, (_x(1),))], reset_state=fresh)


def test_spectral_norm_power_iteration_across_calls_and_modes():
    def f(x):
        m = _Box.sn
        return m(x), m.parametrizations.weight[0]._u.clone(), m.training

    def fresh():
        _Box.sn = _seeded(lambda: nn.utils.parametrizations.spectral_norm(nn.Linear(4, 3)))

    def to_eval():
        _Box.sn.eval()

    run_calls(f, [(None, (_x(),)), (None, (_x(1),)), (to_eval, (_x(2),)), (None, (_x(3),))],
              fullgraph=True, reset_state=fresh)


def _vjp_of_dict(d, cot):
    out, pullback = torch.func.vjp(lambda p: sum(v.sin() for v in p.values()), d)
    return out, pullback(cot)[0]


def test_vjp_over_a_dict_whose_keys_change():
    a, b = _x(), _x(1)
    stats = run_calls(_vjp_of_dict, [(None, ({"x": a, "y": b}, a)), (None, ({"x": a}, b)),
                                     (None, ({"y": b, "x": a}, a)), (None, ({"x": b, "y": a}, b))],
                      fullgraph=True)
    assert len(stats.recompiles) == 2
