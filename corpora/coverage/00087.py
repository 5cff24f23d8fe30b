"""Generated program. features: change_scalar, collections_std, container_inputs, mark_dynamic, mutate_inputs, nn_module, requires_grad, scalar_inputs, special_values, sweep_batch, torch_values, try_finally, while_loop"""
import collections
import torch
import torch.nn.functional as F

TRACE0 = []

DYNAMIC = {"x": [0]}


class Program(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, y, n, flag, d):
        try:
            t0 = torch.sigmoid(y)
        except ValueError:
            t0 = y.softmax(-1)
        else:
            t0 = t0 * 2
        finally:
            TRACE0.append(1)
        t1 = F.cosine_similarity(x, x, dim=-1)
        s0 = torch.is_inference_mode_enabled()
        d["c"] = d["a"] + 1
        c0 = collections.OrderedDict(a=t1, b=torch.tanh(t1))
        c0.move_to_end('a')
        t2 = next(iter(c0.values())) - c0.popitem(last=False)[1]
        i0 = 0
        t3 = t1
        while i0 < 3:
            t3 = -t3
            i0 += 1
        return t0, s0, t2, t3


program = Program()


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(4, 2, generator=g) * 1e-30, torch.randn(2, 0, 1, generator=g, requires_grad=True) * 1e-30, 3, False, {"a": torch.randn(4, 2, generator=g), "b": torch.randn(4, 2, generator=g)}), {}
    yield (torch.randn(4, 2, generator=g) * 1e-30, torch.randn(2, 0, 1, generator=g, requires_grad=True) * 1e-30, 4, True, {"a": torch.randn(4, 2, generator=g), "b": torch.randn(4, 2, generator=g)}), {}
    yield (torch.randn(5, 2, generator=g) * 1e-30, torch.randn(2, 0, 1, generator=g, requires_grad=True) * 1e-30, 3, False, {"a": torch.randn(5, 2, generator=g), "b": torch.randn(5, 2, generator=g)}), {}
    yield (torch.randn(7, 2, generator=g) * 1e-30, torch.randn(2, 0, 1, generator=g, requires_grad=True) * 1e-30, 3, False, {"a": torch.randn(7, 2, generator=g), "b": torch.randn(7, 2, generator=g)}), {}
    yield (torch.randn(2, 2, generator=g) * 1e-30, torch.randn(2, 0, 1, generator=g, requires_grad=True) * 1e-30, 3, False, {"a": torch.randn(2, 2, generator=g), "b": torch.randn(2, 2, generator=g)}), {}
    yield (torch.randn(1, 2, generator=g) * 1e-30, torch.randn(2, 0, 1, generator=g, requires_grad=True) * 1e-30, 3, False, {"a": torch.randn(1, 2, generator=g), "b": torch.randn(1, 2, generator=g)}), {}
    yield (torch.randn(0, 2, generator=g) * 1e-30, torch.randn(2, 0, 1, generator=g, requires_grad=True) * 1e-30, 3, False, {"a": torch.randn(0, 2, generator=g), "b": torch.randn(0, 2, generator=g)}), {}
