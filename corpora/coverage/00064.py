"""Generated program. features: aliasing, change_list_len, container_inputs, dict_views, dtypes, requires_grad, special_values, try_finally"""
import torch
import torch.nn.functional as F

M0 = torch.nn.ReLU()
with torch.no_grad():
    for _p in M0.parameters():
        _p.copy_(torch.randn(_p.shape, generator=torch.Generator().manual_seed(0)) * 0.5)

TRACE0 = []

TABLE0 = {"a": 1, "b": 2}


def program(x, y, z, w, xs):
    t0 = F.softmax(w, dim=0)
    t1 = M0(t0)
    t2 = torch.linalg.vector_norm(t1, 1, -1)
    try:
        t3 = t2.softmax(-1)
        TRACE0.append('body')
        raise KeyError("k")
    except KeyError as e:
        t3 = t3 + len(e.args)
    finally:
        TRACE0.append('done')
    s0 = TABLE0.keys() == {"a", "b"}
    t4 = torch.atan(t3)
    w[w > 0.5] = 0
    t5 = y ^ y
    t6 = F.elu(x)
    t7 = torch.stack(xs).sum(0)
    return t4, t5, t6, t7


def calls():
    g = torch.Generator().manual_seed(0)
    x = torch.tensor(-0.0, dtype=torch.bfloat16)
    yield (x, torch.randint(-5, 6, (1,), generator=g), torch.randn(1, 2, 4, 1, generator=g, dtype=torch.float64, requires_grad=True).index_fill(-1, torch.tensor([0]), float("-inf")), x, [torch.randn((), generator=g, dtype=torch.bfloat16) for _ in range(2)]), {}
    x = torch.tensor(-0.0, dtype=torch.bfloat16)
    yield (x, torch.randint(-5, 6, (1,), generator=g), torch.randn(1, 2, 4, 1, generator=g, dtype=torch.float64, requires_grad=True).index_fill(-1, torch.tensor([0]), float("-inf")), x, [torch.randn((), generator=g, dtype=torch.bfloat16) for _ in range(3)]), {}
