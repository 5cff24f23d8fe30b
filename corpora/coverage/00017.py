"""Generated program. features: change_scalar, change_shape, container_inputs, dtypes, mark_dynamic, nn_module, recall_values, requires_grad, scalar_inputs, sweep_batch, try_finally"""
import torch

TRACE0 = []

DYNAMIC = {"x": [0]}


class Program(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, y, scale, xs):
        t0 = torch.isinf(y)
        try:
            t1 = y + 1
            TRACE0.append('body')
            raise KeyError("k")
        except KeyError as e:
            t1 = t1 + len(e.args)
        finally:
            TRACE0.append('done')
        t2 = torch.isfinite(y)
        t3 = torch.max(t1, -1, keepdim=False).values
        t4 = torch.argmax(t3, -1)
        t5 = torch.clamp(t4, -0.5, 0.5)
        t6 = torch.atan2(t5, t5)
        t7 = torch.stack(xs).sum(0)
        return t0, t2, t6, t7


program = Program()


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(4, 3, 3, generator=g, dtype=torch.bfloat16, requires_grad=True), torch.randn(4, 3, 3, generator=g, dtype=torch.bfloat16), 2.0, [torch.randn(4, 3, 3, generator=g, dtype=torch.bfloat16) for _ in range(3)]), {}
    yield (torch.randn(4, 3, 3, generator=g, dtype=torch.bfloat16, requires_grad=True), torch.randn(4, 3, 3, generator=g, dtype=torch.bfloat16), 2.0, [torch.randn(4, 3, 3, generator=g, dtype=torch.bfloat16) for _ in range(3)]), {}
    yield (torch.randn(5, 3, 3, generator=g, dtype=torch.bfloat16, requires_grad=True), torch.randn(5, 3, 3, generator=g, dtype=torch.bfloat16), 2.0, [torch.randn(5, 3, 3, generator=g, dtype=torch.bfloat16) for _ in range(3)]), {}
    yield (torch.randn(4, 3, 3, generator=g, dtype=torch.bfloat16, requires_grad=True), torch.randn(4, 3, 3, generator=g, dtype=torch.bfloat16), 4.0, [torch.randn(4, 3, 3, generator=g, dtype=torch.bfloat16) for _ in range(3)]), {}
    yield (torch.randn(5, 3, 3, generator=g, dtype=torch.bfloat16, requires_grad=True), torch.randn(5, 3, 3, generator=g, dtype=torch.bfloat16), 2.0, [torch.randn(5, 3, 3, generator=g, dtype=torch.bfloat16) for _ in range(3)]), {}
    yield (torch.randn(7, 3, 3, generator=g, dtype=torch.bfloat16, requires_grad=True), torch.randn(7, 3, 3, generator=g, dtype=torch.bfloat16), 2.0, [torch.randn(7, 3, 3, generator=g, dtype=torch.bfloat16) for _ in range(3)]), {}
    yield (torch.randn(2, 3, 3, generator=g, dtype=torch.bfloat16, requires_grad=True), torch.randn(2, 3, 3, generator=g, dtype=torch.bfloat16), 2.0, [torch.randn(2, 3, 3, generator=g, dtype=torch.bfloat16) for _ in range(3)]), {}
    yield (torch.randn(1, 3, 3, generator=g, dtype=torch.bfloat16, requires_grad=True), torch.randn(1, 3, 3, generator=g, dtype=torch.bfloat16), 2.0, [torch.randn(1, 3, 3, generator=g, dtype=torch.bfloat16) for _ in range(3)]), {}
    yield (torch.randn(0, 3, 3, generator=g, dtype=torch.bfloat16, requires_grad=True), torch.randn(0, 3, 3, generator=g, dtype=torch.bfloat16), 2.0, [torch.randn(0, 3, 3, generator=g, dtype=torch.bfloat16) for _ in range(3)]), {}
