"""Generated program. features: change_dtype, change_list_len, change_scalar, change_shape, container_inputs, dtypes, for_list, mark_dynamic, module_hooks, mutate_between_calls, nn_module, object_protocols, recall_values, scalar_inputs, sweep_seq, try_finally"""
import torch
import torch.nn.functional as F

LOG0 = []


def hook0(mod, args, kwargs):
    return args, kwargs

TRACE0 = []


class Base0:
    scale = 2.0

    def __init__(self, k):
        self.k = k

    @property
    def factor(self):
        return self.k * self.scale

    @classmethod
    def make(cls, k):
        return cls(k)

    @staticmethod
    def shift(u):
        return u + 1

    def apply(self, u):
        return u.softmax(-1) * self.factor


class Child0(Base0):
    scale = 3.0

    def apply(self, u):
        return super().apply(u) + self.shift(u)

    def __getattr__(self, name):
        if name.startswith('w_'):
            return len(name)
        raise AttributeError(name)

OBJ0 = Child0.make(0.5)

DYNAMIC = {"x": [1]}


class Program(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self._handle0 = self.register_forward_pre_hook(hook0, with_kwargs=True)

    def forward(self, x, y, z, xs, *, scale=1.0):
        t0 = torch.floor(z)
        t1 = t0.new_full((2,), 3)
        t2 = t1 + 1
        try:
            t3 = F.gelu(t2)
            TRACE0.append('body')
            raise KeyError("k")
        except KeyError as e:
            t3 = t3 + len(e.args)
        finally:
            TRACE0.append('done')
        t4 = torch.zeros_like(xs[0])
        for u0 in xs:
            t4 = t4 + torch.sigmoid(u0)
        t5 = t3 * OBJ0.factor
        t6 = torch.where(t5 > 0, t5, t5)
        return t4, t6


program = Program()


def calls():
    global OBJ0
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(1, 0, 1, 5, generator=g), torch.randn(1, 1, 1, generator=g, dtype=torch.bfloat16), torch.randn(1, 0, 1, 5, generator=g), [torch.randn(1, 0, 1, 5, generator=g) for _ in range(2)]), {"scale": 1.0}
    yield (torch.randn(1, 0, 1, 5, generator=g), torch.randn(1, 1, 1, generator=g, dtype=torch.bfloat16), torch.randn(1, 0, 1, 5, generator=g), [torch.randn(1, 0, 1, 5, generator=g) for _ in range(2)]), {"scale": 1.0}
    yield (torch.randn(2, 0, 1, 5, generator=g), torch.randn(2, 1, 1, generator=g, dtype=torch.bfloat16), torch.randn(2, 0, 1, 5, generator=g), [torch.randn(2, 0, 1, 5, generator=g) for _ in range(2)]), {"scale": 1.0}
    yield (torch.randn(1, 0, 1, 5, generator=g, dtype=torch.float64), torch.randn(1, 1, 1, generator=g, dtype=torch.bfloat16), torch.randn(1, 0, 1, 5, generator=g, dtype=torch.float64), [torch.randn(1, 0, 1, 5, generator=g, dtype=torch.float64) for _ in range(2)]), {"scale": 1.0}
    yield (torch.randn(1, 0, 1, 5, generator=g), torch.randn(1, 1, 1, generator=g, dtype=torch.bfloat16), torch.randn(1, 0, 1, 5, generator=g), [torch.randn(1, 0, 1, 5, generator=g) for _ in range(2)]), {"scale": 2.0}
    yield (torch.randn(1, 0, 1, 5, generator=g), torch.randn(1, 1, 1, generator=g, dtype=torch.bfloat16), torch.randn(1, 0, 1, 5, generator=g), [torch.randn(1, 0, 1, 5, generator=g) for _ in range(3)]), {"scale": 1.0}
    program._handle0.remove()
    Child0.scale = 5.0
    yield (torch.randn(1, 0, 1, 5, generator=g), torch.randn(1, 1, 1, generator=g, dtype=torch.bfloat16), torch.randn(1, 0, 1, 5, generator=g), [torch.randn(1, 0, 1, 5, generator=g) for _ in range(2)]), {"scale": 1.0}
    yield (torch.randn(1, 1, 1, 5, generator=g), torch.randn(1, 1, 1, generator=g, dtype=torch.bfloat16), torch.randn(1, 1, 1, 5, generator=g), [torch.randn(1, 1, 1, 5, generator=g) for _ in range(2)]), {"scale": 1.0}
    yield (torch.randn(1, 2, 1, 5, generator=g), torch.randn(1, 1, 1, generator=g, dtype=torch.bfloat16), torch.randn(1, 2, 1, 5, generator=g), [torch.randn(1, 2, 1, 5, generator=g) for _ in range(2)]), {"scale": 1.0}
