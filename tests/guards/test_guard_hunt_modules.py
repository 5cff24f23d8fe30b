"""Guard hunt over nn.Modules and torch's global state: attributes, `training`, submodules
swapped, parameters replaced, hooks added after the first call, backend flags, the default
dtype (tests/guards/hunt_steps.py)."""

import sys

import torch
from torch import nn

from tests.guards.hunt_steps import BOTH_MODES, call, run, step

pytestmark = BOTH_MODES

HERE = sys.modules[__name__]
X = torch.arange(6.0).reshape(2, 3)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        torch.manual_seed(0)
        self.lin = nn.Linear(3, 3)
        self.scale = 2.0
        self.register_buffer("offset", torch.ones(3))

    def forward(self, x):
        y = self.lin(x) * self.scale + self.offset
        return y.relu() if self.training else y


def _net():
    return Net()


def _no_grad(fn):
    def inner(*args):
        with torch.no_grad():
            return fn(*args)

    return inner


def _checked(net, fullgraph, steps, **kw):
    return run(_no_grad(lambda x: net(x)), steps, fullgraph=fullgraph, **kw)


def test_module_attribute_changed(fullgraph):
    net = _net()
    _checked(
        net,
        fullgraph,
        [
            call(X),
            step(lambda: setattr(net, "scale", -1.0), X),
            step(lambda: setattr(net, "scale", 2.0), X),
        ],
        compiles=2,
    )


def test_training_toggled(fullgraph):
    net = _net()
    _checked(
        net,
        fullgraph,
        [call(X), step(net.eval, X), step(net.train, X), step(net.eval, X)],
        compiles=2,
    )


def test_submodule_swapped(fullgraph):
    net = _net()

    def swap():
        torch.manual_seed(1)
        net.lin = nn.Linear(3, 3)

    _checked(
        net,
        fullgraph,
        [call(X), step(swap, X), step(lambda: setattr(net, "lin", nn.Identity()), X)],
    )


def test_parameter_replaced(fullgraph):
    net = _net()

    def replace():
        net.lin.weight = nn.Parameter(torch.full((3, 3), 0.5))

    _checked(net, fullgraph, [call(X), step(replace, X)])


def test_parameter_changed_in_place(fullgraph):
    net = _net()

    def bump():
        with torch.no_grad():
            net.lin.weight.add_(1.0)

    _checked(net, fullgraph, [call(X), step(bump, X), step(bump, X)], compiles=1)


def test_bias_set_to_none(fullgraph):
    net = _net()
    _checked(net, fullgraph, [call(X), step(lambda: setattr(net.lin, "bias", None), X)])


def test_buffer_replaced_and_reshaped(fullgraph):
    net = _net()
    _checked(
        net,
        fullgraph,
        [
            call(X),
            step(lambda: setattr(net, "offset", torch.zeros(3)), X),
            step(lambda: setattr(net, "offset", torch.zeros(1)), X),
        ],
    )


def test_forward_hook_added_after_the_first_call(fullgraph):
    net = _net()
    handles = []

    def add():
        handles.append(net.register_forward_hook(lambda m, args, out: out * 10))

    def add_pre():
        handles.append(net.register_forward_pre_hook(lambda m, args: (args[0] + 1,)))

    _checked(
        net,
        fullgraph,
        [
            call(X),
            step(add, X),
            step(add_pre, X),
            step(lambda: handles.pop(0).remove(), X),
            step(lambda: handles.pop().remove(), X),
        ],
    )


def test_hook_added_on_a_submodule(fullgraph):
    net = _net()
    handles = []

    def add():
        handles.append(net.lin.register_forward_hook(lambda m, args, out: out - 100))

    _checked(net, fullgraph, [call(X), step(add, X), step(lambda: handles.pop().remove(), X)])


def test_compiled_module_sees_hook_added_later(fullgraph):
    import compiler

    net = _net()
    compiled = compiler.compile(net, fullgraph=fullgraph)
    with torch.no_grad():
        first = compiled(X)
        torch.testing.assert_close(first, net(X))
        handle = net.register_forward_hook(lambda m, args, out: out * 0 + 3)
        torch.testing.assert_close(compiled(X), net(X))
        handle.remove()
        torch.testing.assert_close(compiled(X), net(X))
        torch.testing.assert_close(compiled(X), first)


def test_forward_replaced_on_the_instance(fullgraph):
    net = _net()
    _checked(
        net,
        fullgraph,
        [
            call(X),
            step(lambda: setattr(net, "forward", lambda x: x * 0), X),
            step(lambda: delattr(net, "forward"), X),
        ],
    )


def test_module_list_grows(fullgraph):
    layers = nn.ModuleList([nn.Linear(3, 3)])

    def fn(x):
        for layer in layers:
            x = layer(x)
        return x, len(layers)

    run(
        _no_grad(fn),
        [
            call(X),
            step(lambda: layers.append(nn.Linear(3, 3)), X),
            step(lambda: layers.__delitem__(0), X),
        ],
        fullgraph=fullgraph,
    )


def test_module_dict_entry_replaced(fullgraph):
    heads = nn.ModuleDict({"a": nn.Linear(3, 2), "b": nn.Linear(3, 2)})

    def fn(x):
        return [head(x) for head in heads.values()], list(heads)

    run(
        _no_grad(fn),
        [
            call(X),
            step(lambda: heads.__setitem__("a", nn.Linear(3, 2)), X),
            step(lambda: heads.pop("b"), X),
        ],
        fullgraph=fullgraph,
    )


def test_modules_of_one_class_passed_as_arguments(fullgraph):
    def fn(m, x):
        return m(x), m.training

    nets = [_net(), _net(), _net().eval()]
    nets[1].scale = 5.0
    run(
        _no_grad(fn),
        [call(nets[0], X), call(nets[1], X), call(nets[2], X), call(nets[0], X)],
        fullgraph=fullgraph,
        copy_args=False,
    )


def test_parameter_requires_grad_toggled(fullgraph):
    net = _net()

    def fn(x):
        return net(x).sum(), net.lin.weight.requires_grad

    run(
        lambda x: tuple(v.detach() if isinstance(v, torch.Tensor) else v for v in fn(x)),
        [
            call(X),
            step(lambda: net.lin.weight.requires_grad_(False), X),
            step(lambda: net.lin.weight.requires_grad_(True), X),
        ],
        fullgraph=fullgraph,
    )


def test_a_registered_parameter_added(fullgraph):
    net = _net()

    def fn(x):
        extra = getattr(net, "extra", None)
        return net(x) if extra is None else net(x) * extra

    def add():
        net.extra = nn.Parameter(torch.full((3,), 3.0))

    run(
        _no_grad(fn),
        [call(X), step(add, X), step(lambda: delattr(net, "extra"), X)],
        fullgraph=fullgraph,
    )


# ---- torch global state


def test_default_dtype(fullgraph):
    def fn(x):
        return torch.ones(2) + 1, torch.get_default_dtype(), x * 1.5

    try:
        run(
            fn,
            [
                call(X.long()),
                step(lambda: torch.set_default_dtype(torch.float64), X.long()),
                step(lambda: torch.set_default_dtype(torch.float32), X.long()),
            ],
            fullgraph=fullgraph,
            compiles=2,
        )
    finally:
        torch.set_default_dtype(torch.float32)


def test_tensor_from_python_numbers_under_another_default_dtype(fullgraph):
    def fn(x):
        return torch.tensor([1.5, 2.5]) * x.sum(), torch.arange(3.0)

    try:
        run(
            fn,
            [
                call(X),
                step(lambda: torch.set_default_dtype(torch.float64), X),
                step(lambda: torch.set_default_dtype(torch.float32), X),
            ],
            fullgraph=fullgraph,
        )
    finally:
        torch.set_default_dtype(torch.float32)


def test_backend_flag_read_in_a_branch(fullgraph):
    def fn(x):
        return x + 1 if torch.backends.mkldnn.enabled else x - 1

    old = torch.backends.mkldnn.enabled
    try:
        run(
            fn,
            [
                call(X),
                step(lambda: setattr(torch.backends.mkldnn, "enabled", not old), X),
                step(lambda: setattr(torch.backends.mkldnn, "enabled", old), X),
            ],
            fullgraph=fullgraph,
        )
    finally:
        torch.backends.mkldnn.enabled = old


def test_cudnn_flags_read(fullgraph):
    def fn(x):
        return x * 2 if torch.backends.cudnn.deterministic else x * 3

    old = torch.backends.cudnn.deterministic
    try:
        run(
            fn,
            [
                call(X),
                step(lambda: setattr(torch.backends.cudnn, "deterministic", not old), X),
                step(lambda: setattr(torch.backends.cudnn, "deterministic", old), X),
            ],
            fullgraph=fullgraph,
        )
    finally:
        torch.backends.cudnn.deterministic = old


def test_deterministic_algorithms_switch(fullgraph):
    def fn(x):
        return x * 2 if torch.are_deterministic_algorithms_enabled() else x * 3

    old = torch.are_deterministic_algorithms_enabled()
    try:
        run(
            fn,
            [
                call(X),
                step(lambda: torch.use_deterministic_algorithms(not old), X),
                step(lambda: torch.use_deterministic_algorithms(old), X),
            ],
            fullgraph=fullgraph,
        )
    finally:
        torch.use_deterministic_algorithms(old)


def test_grad_mode_changes_whether_outputs_require_grad(fullgraph):
    w = torch.ones(3, requires_grad=True)

    def fn(x):
        y = x * w
        return y.requires_grad, y.detach()

    try:
        run(
            fn,
            [
                call(X[0]),
                step(lambda: torch.set_grad_enabled(False), X[0]),
                step(lambda: torch.set_grad_enabled(True), X[0]),
            ],
            fullgraph=fullgraph,
            compiles=2,
        )
    finally:
        torch.set_grad_enabled(True)


def test_inference_mode_around_the_call(fullgraph):
    def fn(x):
        y = x * 2
        return y.is_inference(), torch.is_inference_mode_enabled(), y.clone()

    mode = []

    def enter():
        mode.append(torch.inference_mode())
        mode[-1].__enter__()

    try:
        run(
            fn,
            [call(X), step(enter, X), step(lambda: mode.pop().__exit__(None, None, None), X)],
            fullgraph=fullgraph,
        )
    finally:
        while mode:
            mode.pop().__exit__(None, None, None)


def test_print_options_style_global_read_through_a_module(fullgraph):
    def fn(x):
        return x * (2 if torch.backends.opt_einsum.enabled else 3)

    old = torch.backends.opt_einsum.enabled
    try:
        run(
            fn,
            [
                call(X),
                step(lambda: setattr(torch.backends.opt_einsum, "enabled", not old), X),
                step(lambda: setattr(torch.backends.opt_einsum, "enabled", old), X),
            ],
            fullgraph=fullgraph,
        )
    finally:
        torch.backends.opt_einsum.enabled = old


# ---- parameters changed under the same object, global hooks, dtype conversions


def test_parameter_data_swapped_under_the_same_object(fullgraph):
    net = _net()

    def swap_values():
        net.lin.weight.data = torch.full((3, 3), 0.25)

    def swap_strides():
        net.lin.weight.data = torch.arange(9.0).reshape(3, 3).t()

    def swap_dtype():
        net.lin.weight.data = torch.ones(3, 3, dtype=torch.float64)

    _checked(net, fullgraph, [call(X), step(swap_values, X), step(swap_strides, X)])
    _checked(net, fullgraph, [call(X), step(swap_dtype, X)])


def test_module_converted_to_another_dtype(fullgraph):
    net = _net()
    _checked(net, fullgraph, [call(X), step(net.double, X.double()), step(net.float, X)])


def test_global_forward_hook_registered_later(fullgraph):
    from torch.nn.modules.module import register_module_forward_hook

    net = _net()
    handles = []

    def add():
        handles.append(register_module_forward_hook(lambda m, a, out: out + 1000))

    try:
        _checked(net, fullgraph, [call(X), step(add, X), step(lambda: handles.pop().remove(), X)])
    finally:
        for h in handles:
            h.remove()


def test_forward_pre_hook_with_kwargs_added_later(fullgraph):
    net = _net()
    handles = []

    def add():
        handles.append(
            net.register_forward_pre_hook(
                lambda m, args, kwargs: ((args[0] * 2,), kwargs), with_kwargs=True
            )
        )

    _checked(net, fullgraph, [call(X), step(add, X), step(lambda: handles.pop().remove(), X)])


def test_submodule_deleted(fullgraph):
    net = _net()
    # the call then raises, which fullgraph refuses to trace
    _checked(net, False, [call(X), step(lambda: delattr(net, "lin"), X)])


def test_children_iterated_after_one_is_added(fullgraph):
    net = _net()

    def fn(x):
        return [type(m).__name__ for m in net.children()], len(list(net.parameters()))

    run(
        fn,
        [
            call(X),
            step(lambda: setattr(net, "extra", nn.ReLU()), X),
            step(lambda: net.register_parameter("p", nn.Parameter(torch.ones(1))), X),
        ],
        fullgraph=fullgraph,
    )


def test_autocast_around_the_call(fullgraph):
    lin = nn.Linear(3, 3)
    modes = []

    def fn(x):
        with torch.no_grad():
            return lin(x).dtype, torch.is_autocast_enabled("cpu")

    def enter(dtype):
        def change():
            while modes:
                modes.pop().__exit__(None, None, None)
            if dtype is not None:
                modes.append(torch.autocast("cpu", dtype=dtype))
                modes[-1].__enter__()

        return change

    try:
        run(
            fn,
            [
                call(X),
                step(enter(torch.bfloat16), X),
                step(enter(torch.float16), X),
                step(enter(None), X),
                step(enter(torch.bfloat16), X),
            ],
            fullgraph=fullgraph,
            compiles=3,
        )
    finally:
        enter(None)()


def test_exception_being_handled_around_the_call(fullgraph):
    def fn(x):
        try:
            raise KeyError("inner")
        except KeyError as exc:
            return x + 1, repr(exc.__context__)

    compiled_calls = []

    def inside_handler(call_fn):
        try:
            raise ValueError("outer")
        except ValueError:
            return call_fn()

    import compiler

    # (called while a handler runs, the context is refused under fullgraph: it runs eagerly)
    compiled = compiler.compile(fn, fullgraph=False)
    for _ in range(2):
        compiled_calls.append((inside_handler(lambda: compiled(X)), inside_handler(lambda: fn(X))))
        compiled_calls.append((compiled(X), fn(X)))
    for got, expected in compiled_calls:
        assert got[1] == expected[1]
        torch.testing.assert_close(got[0], expected[0])
