"""Generated program. features: aliasing, change_dtype, change_list_len, collections_std, container_inputs, mutate_inputs, recall_values, special_values"""
import collections
import torch


def program(x, w, xs, d):
    w += w
    t0 = torch.where(w > 0, w, w)
    t1 = torch.abs(t0)
    t2 = torch.zeros_like(t1)
    d["c"] = d["a"] + 1
    t3 = torch.broadcast_to(t2, (2,))
    t4 = torch.ceil(t3)
    t5 = torch.round(w)
    t6 = torch.where(t3 > 0, t3, t0)
    t7 = t1.clamp_max(1)
    c0 = collections.deque([t7], maxlen=2)
    c0.append(t7.softmax(-1))
    c0.appendleft(t7 * 2)
    t8 = c0.popleft() + c0[0] * len(c0)
    t9 = torch.stack(xs).sum(0)
    return t5, t6, t8, t9


def calls():
    g = torch.Generator().manual_seed(0)
    x = torch.tensor(-0.0, dtype=torch.float32)
    yield (x, x, [torch.randn((), generator=g) for _ in range(3)], {"a": torch.randn((), generator=g), "b": torch.randn((), generator=g)}), {}
    x = torch.tensor(-0.0, dtype=torch.float32)
    yield (x, x, [torch.randn((), generator=g) for _ in range(3)], {"a": torch.randn((), generator=g), "b": torch.randn((), generator=g)}), {}
    x = torch.tensor(-0.0, dtype=torch.float64)
    yield (x, x, [torch.randn((), generator=g, dtype=torch.float64) for _ in range(3)], {"a": torch.randn((), generator=g, dtype=torch.float64), "b": torch.randn((), generator=g, dtype=torch.float64)}), {}
    x = torch.tensor(-0.0, dtype=torch.float32)
    yield (x, x, [torch.randn((), generator=g) for _ in range(4)], {"a": torch.randn((), generator=g), "b": torch.randn((), generator=g)}), {}
