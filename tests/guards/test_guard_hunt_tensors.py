"""Guard hunt over tensor metadata: dtype, shape, strides and contiguity, memory format,
storage offset, requires_grad, leaf-ness, .grad, Parameter, conjugate and negative bits, grad
mode, layout (tests/guards/hunt_steps.py)."""

import torch

from tests.guards.hunt_steps import BOTH_MODES, call, run, step

pytestmark = BOTH_MODES
X = torch.arange(4.0)


def test_dtype_changes(fullgraph):
    def fn(x):
        return x * 2, x.dtype, x.is_floating_point()

    run(
        fn,
        [call(X), call(X.double()), call(X.long()), call(X.bool()), call(X)],
        fullgraph=fullgraph,
    )


def test_shape_changes_with_a_branch_on_it(fullgraph):
    def fn(x):
        return x.sum() if x.shape[0] > 3 else x * 2

    run(
        fn,
        [
            call(torch.ones(4)),
            call(torch.ones(5)),
            call(torch.ones(2)),
            call(torch.ones(3)),
            call(torch.ones(4)),
        ],
        fullgraph=fullgraph,
    )


def test_sizes_zero_and_one_after_a_size_change(fullgraph):
    def fn(x):
        return x.numel(), x.shape[0] == 1, (x + 1).sum(0)

    run(
        fn,
        [
            call(torch.ones(3, 2)),
            call(torch.ones(4, 2)),
            call(torch.ones(1, 2)),
            call(torch.ones(0, 2)),
            call(torch.ones(7, 2)),
        ],
        fullgraph=fullgraph,
    )


def test_stride_and_contiguity(fullgraph):
    def fn(x):
        return x + 1, x.is_contiguous(), x.stride()

    base = torch.arange(6.0).reshape(2, 3)
    run(
        fn,
        [call(base), call(base.t().contiguous()), call(base.t()), call(base)],
        fullgraph=fullgraph,
    )


def test_channels_last_memory_format(fullgraph):
    def fn(x):
        return x.is_contiguous(memory_format=torch.channels_last), x * 2

    x = torch.randn(1, 2, 3, 3)
    run(fn, [call(x), call(x.to(memory_format=torch.channels_last)), call(x)], fullgraph=fullgraph)


def test_storage_offset(fullgraph):
    def fn(x):
        return x.storage_offset(), x + 1

    base = torch.arange(6.0)
    run(fn, [call(base[:4]), call(base[2:]), call(base[1:5])], fullgraph=fullgraph)


def test_requires_grad_changes(fullgraph):
    def fn(x):
        return x * 2, x.requires_grad

    run(fn, [call(X), call(X.clone().requires_grad_()), call(X)], fullgraph=fullgraph)


def test_leaf_and_non_leaf_and_grad_fn(fullgraph):
    def fn(x):
        return x.is_leaf, x.requires_grad, (x * 3).detach()

    leaf = torch.ones(3, requires_grad=True)
    run(
        fn,
        [call(leaf), call(leaf * 1), call(torch.ones(3)), call(leaf)],
        fullgraph=fullgraph,
        copy_args=False,
    )


def test_grad_attribute_set_later(fullgraph):
    def fn(x):
        return x.grad is None, x * 2

    leaf = torch.ones(3, requires_grad=True)

    def give_grad():
        leaf.grad = torch.full((3,), 5.0)

    compiled_leaf = leaf

    def body(x):
        g = x.grad
        return (x * 2).detach() if g is None else (x * 2 + g).detach()

    run(fn, [call(compiled_leaf), step(give_grad, compiled_leaf)], fullgraph=fullgraph)
    run(
        body,
        [call(compiled_leaf), step(lambda: setattr(leaf, "grad", None), compiled_leaf)],
        fullgraph=fullgraph,
    )


def test_parameter_then_plain_tensor(fullgraph):
    def fn(x):
        return isinstance(x, torch.nn.Parameter), type(x).__name__, (x * 2).detach()

    run(
        fn,
        [
            call(torch.nn.Parameter(torch.ones(2))),
            call(torch.ones(2)),
            call(torch.nn.Parameter(torch.ones(2), requires_grad=False)),
        ],
        fullgraph=fullgraph,
    )


def test_conjugate_and_negative_bits(fullgraph):
    def fn(x):
        return x.is_conj(), x.is_neg(), x * 2

    z = torch.tensor([1 + 2j, 3 - 1j])
    run(fn, [call(z), call(z.conj()), call(z.conj().imag), call(z)], fullgraph=fullgraph)


def test_grad_mode_around_the_call(fullgraph):
    def fn(x):
        return x * 2, torch.is_grad_enabled()

    w = torch.ones(2, requires_grad=True)
    compiled_steps = [
        call(w),
        step(lambda: torch.set_grad_enabled(False), w),
        step(lambda: torch.set_grad_enabled(True), w),
    ]
    try:
        run(fn, compiled_steps, fullgraph=fullgraph)
    finally:
        torch.set_grad_enabled(True)


def test_zero_dim_then_one_element(fullgraph):
    def fn(x):
        return x.dim(), x + 1, x.tolist() if x.dim() == 0 else None

    run(
        fn,
        [call(torch.tensor(2.0)), call(torch.tensor([2.0])), call(torch.tensor(3.0))],
        fullgraph=False,
    )


def test_sparse_tensor_after_an_expanded_one(fullgraph):
    # a sparse COO tensor of shape (2,) has strides (0,), as an expanded dense one: the tensor
    # guard let it into the dense entry, whose answer of is_sparse and layout was False/strided
    def fn(x):
        return x.is_sparse, x.layout, x * 2

    dense = torch.ones(1).expand(2)
    sparse = torch.tensor([1.0, 1.0]).to_sparse()
    run(fn, [call(dense), call(dense)], fullgraph=fullgraph, copy_args=False)
    if not fullgraph:  # the sparse tensor itself is refused: eager then
        run(fn, [call(dense), call(sparse), call(dense)], fullgraph=False, copy_args=False)
