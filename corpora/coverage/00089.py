"""Generated program. features: change_scalar, collections_std, container_inputs, mark_dynamic, modules_in_forward, mutate_inputs, nn_module, probes, requires_grad, scalar_inputs, special_values, sweep_seq, torch_values, try_finally"""
import collections
import torch
import torch.nn.functional as F

TRACE0 = []

DYNAMIC = {"x": [1]}


class Program(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.weight0 = torch.nn.Parameter(torch.ones(4))
        g = torch.Generator().manual_seed(0)
        with torch.no_grad():
            for p in self.parameters():
                p.copy_(torch.randn(p.shape, generator=g) * 0.5)

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
        s1 = collections.deque([1]).__class__ is torch.Size
        t3 = t2.flatten()
        c1 = collections.OrderedDict(a=t0, b=F.gelu(t0))
        c1.move_to_end('a')
        t4 = next(iter(c1.values())) - c1.popitem(last=False)[1]
        t5 = torch.mean(t4, 1, keepdim=False)
        t6 = y - t4
        s2 = "__code__" in getattr(iter([1]), "__dict__", {})
        t7 = torch.nn.LayerNorm(1)(t6)
        t8 = F.gelu(t7)
        t9 = t1 * self.weight0
        t10 = F.gelu(t9)
        return t5, s2, t8, t10


program = Program()


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(4, 2, generator=g) * 1e-30, torch.randn(2, 0, 1, generator=g, requires_grad=True) * 1e-30, 3, False, {"a": torch.randn(4, 2, generator=g), "b": torch.randn(4, 2, generator=g)}), {}
    yield (torch.randn(4, 2, generator=g) * 1e-30, torch.randn(2, 0, 1, generator=g, requires_grad=True) * 1e-30, 4, True, {"a": torch.randn(4, 2, generator=g), "b": torch.randn(4, 2, generator=g)}), {}
    yield (torch.randn(4, 0, generator=g) * 1e-30, torch.randn(2, 0, 1, generator=g, requires_grad=True) * 1e-30, 3, False, {"a": torch.randn(4, 0, generator=g), "b": torch.randn(4, 0, generator=g)}), {}
    yield (torch.randn(4, 1, generator=g) * 1e-30, torch.randn(2, 0, 1, generator=g, requires_grad=True) * 1e-30, 3, False, {"a": torch.randn(4, 1, generator=g), "b": torch.randn(4, 1, generator=g)}), {}
    yield (torch.randn(4, 4, generator=g) * 1e-30, torch.randn(2, 0, 1, generator=g, requires_grad=True) * 1e-30, 3, False, {"a": torch.randn(4, 4, generator=g), "b": torch.randn(4, 4, generator=g)}), {}
