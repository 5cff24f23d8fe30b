"""Generated program. features: change_dtype, change_shape, container_subclasses, mark_dynamic, match_statements, numpy_interop, scalar_inputs, special_values, sweep_batch"""
import torch


class Layers0(list):
    def total(self):
        return sum(self)

    def append(self, v):
        super().append(v * 2)

DYNAMIC = {"x": [0]}


def program(x, y, n, flag, *, scale=1.0):
    t0 = torch.flip(y, (-1,))
    match {"kind": "scale", "k": t0.dim()}:
        case {"kind": "shift"}:
            t1 = torch.sin(t0)
        case {"kind": "scale", "k": int(k)}:
            t1 = t0.relu()
        case _:
            t1 = t0
    t2 = t1.unbind(0)[-1]
    o0 = Layers0([t2])
    t3 = o0[0] + len(o0)
    a0 = x.numpy()
    a0 += 1
    t4 = x * 2
    t5 = torch.sub(x, t2)
    return t3, t4, t5


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(2, 4, generator=g).index_fill(-1, torch.tensor([0]), float("-inf")), torch.randn(3, generator=g), 3, True), {"scale": 2.0}
    yield (torch.randn(3, 4, generator=g).index_fill(-1, torch.tensor([0]), float("-inf")), torch.randn(3, generator=g), 3, True), {"scale": 2.0}
    yield (torch.randn(2, 4, generator=g, dtype=torch.float64).index_fill(-1, torch.tensor([0]), float("-inf")), torch.randn(3, generator=g, dtype=torch.float64), 3, True), {"scale": 2.0}
    yield (torch.randn(3, 4, generator=g).index_fill(-1, torch.tensor([0]), float("-inf")), torch.randn(3, generator=g), 3, True), {"scale": 2.0}
    yield (torch.randn(5, 4, generator=g).index_fill(-1, torch.tensor([0]), float("-inf")), torch.randn(3, generator=g), 3, True), {"scale": 2.0}
    yield (torch.randn(1, 4, generator=g).index_fill(-1, torch.tensor([0]), float("-inf")), torch.randn(3, generator=g), 3, True), {"scale": 2.0}
    yield (torch.randn(0, 4, generator=g).index_fill(-1, torch.tensor([0]), float("-inf")), torch.randn(3, generator=g), 3, True), {"scale": 2.0}
