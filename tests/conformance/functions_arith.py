"""Conformance cases: tensor arithmetic, torch ops, Python scalar builtins, math, operator."""

from __future__ import annotations

import math
import operator

import torch
import torch.nn.functional as F  # noqa: N812

from tests.conformance.registry import case, randbool, randint, randn


@case()
def add_sub_mul(a, b):
    return a + b - (a * 2)


@case()
def div_pow(a, b):
    return a / (b.abs() + 1) ** 2


@case()
def neg_abs(a, b):
    return -a + abs(b)


@case()
def matmul_operator(a, b):
    return a @ b


@case()
def inplace_add_input(a, b):
    a.add_(b)
    return a


@case()
def augmented_assign(a, b):
    x = a.clone()
    x += b
    x *= 2
    x -= 1
    return x


@case()
def python_scalar_mix(a, b):
    return a * 3.5 + 2 - b / 4


@case()
def reflected_ops(a, b):
    return 1 - a, 2 / (b.abs() + 1), 3 ** a.clamp(-1, 1)


@case()
def comparisons(a, b):
    return a > b, a <= 0.5, a == a, a != b


@case()
def where_select(a, b):
    return torch.where(a > 0, a, b)


@case()
def clamp_chain(a, b):
    return a.clamp(min=-0.5, max=0.5) + b.clamp_min(0)


@case()
def reductions(a, b):
    return a.sum(), a.mean(dim=0), b.amax(dim=1), b.argmin()


@case()
def max_with_indices(a, b):
    values, indices = torch.max(a, dim=1)
    return values + indices, b.max(dim=0).indices


@case()
def cat_sum_if_dim(a, b):
    return torch.cat([a, b]).sum(dim=0, keepdim=True) if a.dim() == 2 else a


@case()
def stack_unbind(a, b):
    x, y = torch.stack([a, b]).unbind(0)
    return x * y


@case()
def chunk_split(a, b):
    c = a.chunk(2, dim=1)
    s = b.split([3, 7])
    return c[0] + c[1], s[1].sum()


@case()
def view_reshape(a, b):
    return a.view(100).reshape(20, 5) + b.reshape(-1).view(20, 5)


@case()
def transpose_permute(a, b):
    return a.t() @ b.permute(1, 0), a.transpose(0, 1).contiguous()


@case()
def unsqueeze_expand(a, b):
    return a[0].unsqueeze(0).expand(10, 10) + b, b.unsqueeze(-1).squeeze(-1)


@case()
def softmax_relu(a, b):
    return torch.softmax(a, dim=-1) + torch.relu(b)


@case()
def functional_activations(a, b):
    return F.gelu(a) + F.silu(b) + F.dropout(a, p=0.5, training=False) + F.leaky_relu(b, 0.1)


@case(3)
def functional_linear(a, b, c):
    return F.linear(a, b, c[0]), F.layer_norm(a, (10,)), F.normalize(b, dim=1)


@case()
def sigmoid_tanh(a, b):
    return torch.sigmoid(a) * torch.tanh(b)


@case()
def exp_log(a, b):
    return torch.exp(a).log() + b.abs().add(1).log1p() + a.abs().sqrt().rsqrt()


@case(lambda: (randint(0), randint(1, low=1, high=9)))
def int_tensor_ops(a, b):
    return a // b, a % b, a & b, a | b, a ^ b, a << 1, a * 3 - b


@case(lambda: (randbool(0), randbool(1)))
def bool_tensor_ops(a, b):
    return a & b, a | b, ~a, a ^ b, (a & ~b).sum()


@case()
def float_floordiv_mod(a, b):
    return a // 0.3, a % 0.7, torch.fmod(b, 0.5)


@case(lambda: (randn(0), 2, 3.5))
def python_scalar_args(a, x, y):
    return a * x + y, x * y


@case()
def int_builtins_arith(a, b):
    x, y = 7, 3
    return a * (x // y) + (x % y) + divmod(x, y)[0] - (-x // y)


@case()
def pow_builtin(a, b):
    return pow(2, 3) * a + pow(b, 2)


@case()
def round_builtin(a, b):
    return a * round(2.567, 2) + round(7.5) + round(b.shape[0] / 3)


@case()
def min_max_abs_builtins(a, b):
    return a * max(3, 5, 1) + min(-1, 2) * abs(-4) + max([1.5, 0.5])


@case()
def math_sqrt_shape(a, b):
    return a * math.sqrt(a.shape[0]) + math.pi - math.floor(2.7) + math.log(math.e)


@case()
def math_trig_ceil(a, b):
    return torch.sin(a) * math.cos(0.5) + math.ceil(b.size(0) / 3) + math.hypot(3, 4)


@case()
def math_misc(a, b):
    return a * math.factorial(4) + math.gcd(12, 18) + math.isclose(0.1 + 0.2, 0.3) + math.inf * 0


@case()
def operator_module(a, b):
    return operator.add(a, b), operator.mul(a, 2), operator.neg(b), operator.getitem([a, b], 1)


@case()
def operator_itemgetter(a, b):
    get = operator.itemgetter(1, 0)
    return get((a, b)), operator.attrgetter("shape")(a)


@case()
def int_float_conversion(a, b):
    n = int(3.9)
    f = float(n)
    return a * n + b * f, int("12") + float("1.5")


@case()
def bool_conversion(a, b):
    return a * int(bool(3)) + b * int(bool(0)) + bool([]) + bool("x")


@case()
def true_division_ints(a, b):
    return a * (7 / 2) + (7 // 2) + 2 ** -1


@case()
def chained_comparison(a, b):
    x = 5
    return a + 1 if 1 < x < 10 else a - 1


@case()
def add_sub_alpha(a, b):
    return torch.add(a, b, alpha=2), torch.sub(a, b, alpha=0.5), a.mul(b).div(2)


@case(3)
def addmm_mm(a, b, c):
    return torch.addmm(c, a, b), torch.mm(a, b) + c.mm(a), torch.bmm(a[None], b[None])


@case()
def factories(a, b):
    return torch.zeros_like(a) + torch.ones(10, 10) + torch.full((10, 10), 2.0) + b.new_ones(10, 10)


@case()
def arange_linspace(a, b):
    return a + torch.arange(10), torch.linspace(0, 1, 10) * b[0], torch.arange(0, 10, 2)


@case()
def eye_diag(a, b):
    return a * torch.eye(10) + torch.diag(b).sum(), torch.diagonal(a)


@case()
def dtype_conversions(a, b):
    return a.to(torch.float64) + b.double(), a.int(), (a > 0).float(), a.type(torch.int32)


@case()
def cumsum_cumprod(a, b):
    return a.cumsum(0) + b.cumprod(1), torch.cummax(a, dim=0).values


@case()
def sort_topk(a, b):
    values, indices = a.sort(dim=1)
    return values, indices, b.topk(3).values, torch.argsort(b, dim=0)


@case()
def norms_and_stats(a, b):
    return a.norm(), torch.linalg.norm(b, dim=1), a.std(dim=0), b.var()


@case()
def masked_fill(a, b):
    return a.masked_fill(b > 0, 0.0), a * (b > 0)


@case()
def index_select_gather(a, b):
    idx = torch.tensor([0, 2, 4])
    return a.index_select(0, idx), torch.gather(b, 1, torch.zeros(10, 1, dtype=torch.long))


@case()
def tensor_constructor(a, b):
    return a + torch.tensor([1.0] * 10), torch.tensor(3.0) * b, torch.tensor([[1, 2], [3, 4]])


@case()
def einsum_contraction(a, b):
    return torch.einsum("ij,jk->ik", a, b), torch.einsum("ii", a)


@case()
def flip_roll(a, b):
    return a.flip(0) + torch.roll(b, 1, 0), torch.rot90(a)


@case()
def tril_triu(a, b):
    return a.tril() + b.triu(1)


@case()
def no_grad_block(a, b):
    with torch.no_grad():
        c = a * 2
    return c + b, c.requires_grad


@case(lambda: (randn(0).requires_grad_(), randn(1)))
def requires_grad_input(a, b):
    x = a * b
    return x.sum(), x.requires_grad, b.requires_grad


@case(lambda: (randn(0).requires_grad_(), randn(1)))
def detach_and_no_grad(a, b):
    y = a.detach() * 2
    with torch.no_grad():
        z = a + b
    return y, z, y.requires_grad, z.requires_grad


@case()
def set_grad_enabled_block(a, b):
    with torch.set_grad_enabled(False):
        x = a + 1
        flag = torch.is_grad_enabled()
    return x * b, flag, torch.is_grad_enabled()


@case()
def inplace_methods_chain(a, b):
    x = torch.zeros(10, 10)
    x.copy_(a).mul_(2).add_(b).clamp_(-1, 1)
    return x


@case()
def fill_and_zero(a, b):
    x = a.clone()
    x[0].fill_(3.0)
    x[1].zero_()
    return x + b


@case()
def outer_and_dot(a, b):
    return torch.outer(a[0], b[0]), torch.dot(a[1], b[1]), a[2] @ b[2]


@case()
def tensor_min_max_binary(a, b):
    return torch.maximum(a, b), torch.minimum(a, b), a.max(), torch.min(b)


@case()
def any_all_tensor(a, b):
    return (a > 0).any(), (a > -100).all(), torch.any(b > 3, dim=0)


@case(3)
def lerp_addcmul(a, b, c):
    return (torch.lerp(a, b, 0.3), torch.addcmul(a, b, c, value=0.5),
            torch.addcdiv(a, b, c.abs() + 1))
