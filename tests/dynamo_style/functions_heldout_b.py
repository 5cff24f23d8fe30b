"""torch constructs not tried before in this suite: custom autograd Functions, torch.func
transforms, Tensor.new and Tensor.type(str), torch.backends flags, builtin min/max of 0-d
tensors, torch.distributions, recurrent and attention modules, parameter containers, fft and
complex views, linear algebra, scatter/index ops, dtype methods, tensors as dict keys, unbound
Tensor methods, named-tuple results, nn.init on fresh tensors, modules reached by name; and a
few Python idioms (typing.cast, max by dict.get, reversed dict items, lru_cache, chained
comparisons on shapes).
"""

from __future__ import annotations

import contextlib
import functools
import operator
import typing

import torch
import torch.nn.functional as F
from torch import nn

from tests.conformance.registry import randint, randn
from tests.dynamo_style.registry import case


class ScaleGrad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, factor):
        ctx.save_for_backward(x)
        ctx.factor = factor
        return x * factor

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * ctx.factor + x, None


class ClampGrad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.clamp(-1, 1)

    @staticmethod
    def backward(ctx, grad):
        return grad


@case()
def autograd_function_apply(a, b):
    y = ScaleGrad.apply(a, 3.0)
    z = ClampGrad.apply(b * 4)
    return y + z, y.requires_grad


def _leaf_pair():
    return randn(0, (3, 4)).requires_grad_(), randn(1, (3, 4))


@case(_leaf_pair)
def autograd_function_on_leaf(a, b):
    y = ScaleGrad.apply(a, 2.0) + b
    return y.detach(), y.requires_grad, y.is_leaf


@case()
def torch_func_vmap_rows(a, b):
    def row_fn(row, other):
        return (row * other).sum() * row

    batched = torch.func.vmap(row_fn)(a, b)
    in_dims = torch.vmap(lambda r, s: r + s, in_dims=(0, None))(a, b[0])
    return batched, in_dims


@case()
def torch_func_grad_of_loss(a, b):
    def loss(w, x):
        return ((x * w).sum(1) ** 2).mean()

    g = torch.func.grad(loss)(b[0], a)
    value, grad = torch.func.grad_and_value(loss)(b[0], a)
    return g, value, grad


@case()
def tensor_new_and_new_factories(a, b):
    blank = a.new(2, 3).zero_()
    sized = a.new(torch.Size([4])).fill_(2.0)
    from_list = a.new([1.0, 2.0])
    return (blank, sized, from_list, a.new_ones(2), a.new_full((2, 2), 7.0),
            a.new_tensor([[1, 2]]), a.new_empty((3,)).fill_(1.0) + b[0, :3], a.new_zeros(()))


@case()
def tensor_type_with_string(a, b):
    double = a.type("torch.DoubleTensor")
    as_int = b.type(torch.int32)
    return double, as_int, a.type(), double.type(), a.type(a.type()) is a


@case()
def backends_and_availability_flags(a, b):
    flags = (torch.backends.cudnn.enabled, torch.backends.mkldnn.is_available(),
             torch.cuda.is_available(), torch.backends.cuda.matmul.allow_tf32,
             torch.backends.mps.is_available(), torch.backends.openmp.is_available())
    scale = 2.0 if torch.backends.mkldnn.is_available() else 3.0
    return a * scale + b, flags


@case(breaks=True)
def builtin_min_max_of_0d_tensors(a, b):
    s, t = a.sum(), b.sum()
    return max(s, t), min(s, t), max(a.mean(), 0.5), min(1.0, b.amax()), max(s, t, a.max())


@case()
def distributions_normal_log_prob_and_entropy(a, b):
    dist = torch.distributions.Normal(a.mean(1), b.abs().mean(1) + 0.5, validate_args=False)
    return dist.log_prob(a[:, 0]), dist.entropy(), dist.mean, dist.stddev, dist.variance


@case()
def distributions_categorical_and_bernoulli(a, b):
    cat = torch.distributions.Categorical(logits=a, validate_args=False)
    bern = torch.distributions.Bernoulli(probs=b.sigmoid(), validate_args=False)
    return cat.probs, cat.entropy(), bern.mean, bern.log_prob((b > 0).float())


torch.manual_seed(0)
_LSTM = nn.LSTM(4, 5, batch_first=True)
_GRU = nn.GRU(4, 3, num_layers=2)
_ATTENTION = nn.MultiheadAttention(4, 2, batch_first=True)
_EMBED = nn.Embedding(10, 4, padding_idx=0)
_NORM = nn.LayerNorm(4)
_CONV = nn.Conv1d(4, 2, kernel_size=2, padding=1)


@case(lambda: (randn(0, (2, 3, 4)), randn(1, (3, 2, 4))))
def lstm_and_gru_modules(a, b):
    out, (h, c) = _LSTM(a)
    gru_out, gru_h = _GRU(b)
    return out, h, c, gru_out, gru_h


@case(lambda: (randn(0, (2, 3, 4)), randn(1, (2, 5, 4))))
def multihead_attention_module(a, b):
    out, weights = _ATTENTION(a, b, b)
    masked, _ = _ATTENTION(a, a, a, need_weights=False,
                           attn_mask=torch.ones(3, 3, dtype=torch.bool).triu(1))
    return out, weights, masked


@case(lambda: (randint(0, (2, 3), low=0, high=10), randn(1, (2, 3, 4))))
def embedding_layer_norm_and_conv(idx, b):
    emb = _EMBED(idx)
    normed = _NORM(emb + b)
    conv = _CONV(normed.transpose(1, 2))
    return emb, normed, conv


class Mixer(nn.Module):
    def __init__(self):
        super().__init__()
        self.scales = nn.ParameterList([nn.Parameter(torch.full((4,), float(i))) for i in range(3)])
        self.biases = nn.ParameterDict({"low": nn.Parameter(torch.zeros(4)),
                                        "high": nn.Parameter(torch.ones(4))})
        for i in range(2):
            setattr(self, f"proj{i}", nn.Linear(4, 4))

    def forward(self, x, mode="low"):
        for i, scale in enumerate(self.scales):
            x = x * scale + i
        for i in range(2):
            x = getattr(self, f"proj{i}")(x)
        return x + self.biases[mode], len(self.scales), "high" in self.biases


torch.manual_seed(0)
_MIXER = Mixer()


@case()
def parameter_containers_and_named_layers(a, b):
    low = _MIXER(a)
    high = _MIXER(b, mode="high")
    names = [name for name, _ in _MIXER.named_modules()]
    return low, high, names, sum(p.numel() for p in _MIXER.parameters())


class OptionalBias(nn.Module):
    def __init__(self, bias):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(4) * 0.5)
        self.bias = nn.Parameter(torch.ones(4)) if bias else None

    def forward(self, x, *extra, scale=1.0, **options):
        out = x * self.weight * scale
        if self.bias is not None:
            out = out + self.bias
        for t in extra:
            out = out + t
        return out * options.get("gain", 1.0)


_WITH_BIAS, _NO_BIAS = OptionalBias(True), OptionalBias(False)


@case()
def module_optional_bias_and_forward_kwargs(a, b):
    return (_WITH_BIAS(a, b, scale=2.0, gain=3.0), _NO_BIAS(a), _NO_BIAS(a, b, b),
            _NO_BIAS.bias is None)


@case(lambda: (randn(0, (1, 2, 4, 4)), randn(1, (2, 3))))
def interpolate_pad_and_pool(a, b):
    up = F.interpolate(a, scale_factor=2, mode="nearest")
    bil = F.interpolate(a, size=(6, 6), mode="bilinear", align_corners=False)
    padded = F.pad(b, (1, 2), value=-1.0)
    reflect = F.pad(a, (1, 1, 1, 1), mode="reflect")
    return up, bil, padded, reflect, F.adaptive_avg_pool2d(a, 1), F.max_pool2d(a, 2)


@case(lambda: (randn(0, (4, 5)), randint(1, (4,), low=0, high=5)))
def losses_and_one_hot(logits, target):
    return (F.cross_entropy(logits, target), F.nll_loss(logits.log_softmax(-1), target),
            F.one_hot(target, num_classes=5), F.cross_entropy(logits, target, label_smoothing=0.1),
            F.mse_loss(logits, logits.flip(0), reduction="sum"),
            F.binary_cross_entropy_with_logits(logits, logits.sigmoid()))


@case(lambda: (randn(0, (4, 4)), randn(1, (4,))))
def triangular_roll_flip_diag(a, b):
    return (a.tril(), a.triu(1), torch.roll(a, 1, 0), torch.roll(b, -1), a.flip(-1), a.diag(),
            torch.diag(b), torch.diag_embed(b), a.fliplr(), torch.rot90(a), a.trace())


@case(lambda: (randn(0, (3, 5)), randn(1, (6,))))
def bucketize_and_searchsorted(a, b):
    edges = torch.tensor([-1.0, 0.0, 1.0])
    sorted_b, order = b.sort()
    return (torch.bucketize(a, edges), torch.searchsorted(sorted_b, a[0]),
            torch.bucketize(a, edges, right=True), order)


@case(lambda: (randn(0, (3, 8)), randn(1, (3, 8))))
def fft_and_complex_views(a, b):
    spec = torch.fft.rfft(a)
    z = torch.complex(a, b)
    back = torch.fft.irfft(spec, n=8)
    return (torch.view_as_real(spec), spec.abs(), z.real, z.imag, z.angle(), back,
            torch.view_as_complex(torch.stack([a, b], -1)).conj().imag, z.is_complex())


@case(lambda: (randn(0, (3, 3)), randn(1, (3, 4))))
def linalg_norms_and_solves(a, b):
    spd = a @ a.T + 3 * torch.eye(3)
    return (torch.linalg.norm(b), torch.linalg.vector_norm(b, ord=1, dim=1),
            torch.linalg.matrix_norm(a), torch.linalg.solve(spd, b), torch.linalg.det(spd),
            torch.linalg.cholesky(spd), torch.linalg.inv(spd), F.normalize(b, dim=1))


@case()
def repeat_interleave_expand_and_tile(a, b):
    return (a.repeat_interleave(2, dim=0), a[:, :1].expand_as(b), b.tile((2, 1)),
            torch.repeat_interleave(a, torch.tensor([1, 2, 0]), dim=0, output_size=3),
            a.unsqueeze(0).expand(2, -1, -1), a.repeat(1, 2))


@case(lambda: (randn(0, (3, 4)), randint(1, (3, 4), low=0, high=3)))
def scatter_add_index_add_index_put(a, idx):
    base = torch.zeros(3, 4)
    scattered = base.scatter_add(0, idx, a)
    added = torch.zeros(5, 4).index_add(0, torch.tensor([0, 2, 4]), a)
    put = a.clone()
    put.index_put_((torch.tensor([0, 2]), torch.tensor([1, 3])), torch.tensor(9.0))
    reduced = base.scatter_reduce(0, idx, a, reduce="amax", include_self=False)
    return scattered, added, put, reduced, a.gather(1, idx)


@case()
def cumulative_and_log_space_ops(a, b):
    return (a.cumprod(1), torch.logsumexp(a, dim=1), torch.logcumsumexp(b, 0),
            a.cummax(1).values, torch.lerp(a, b, 0.25), torch.addcmul(a, a, b, value=0.5),
            torch.xlogy(a.abs(), b.abs()),
            torch.special.expit(a), torch.special.log_ndtr(b), a.softmax(0).log())


@case(lambda: (randn(0, (2, 3, 4)), randn(1, (2, 4, 5))))
def batched_matmul_family(a, b):
    bias = torch.ones(3, 5)
    return (torch.bmm(a, b), torch.baddbmm(bias, a, b, beta=0.5), torch.addmm(bias, a[0], b[0]),
            torch.outer(a[0, 0], b[0, 0]), torch.einsum("bij,bjk->bik", a, b),
            torch.kron(a[0, :2, :2], b[0, :2, :2]), torch.matmul(a, b[0]))


@case()
def dtype_object_methods(a, b):
    dt = a.dtype
    half = a.to(torch.float16)
    return (dt.is_floating_point, dt.is_complex, dt.is_signed, dt.itemsize, dt.to_complex(),
            torch.complex64.to_real(), torch.can_cast(torch.float32, torch.int32),
            torch.result_type(a, 2), torch.promote_types(half.dtype, torch.int64),
            half.dtype in (torch.float16, torch.bfloat16), str(dt), a.to(dtype=dt) is a,
            torch.iinfo(torch.int8).min, torch.finfo(half.dtype).max, b.type_as(half).dtype)


@case()
def tensors_as_dict_keys_and_set_members(a, b):
    weights = {a: 2.0, b: 3.0}
    seen = {a}
    out = sum(t * w for t, w in weights.items())
    return out, b in seen, a in seen, weights[b], len({a, b, a})


@case()
def unbound_tensor_methods_as_functions(a, b):
    sums = list(map(torch.Tensor.sum, [a, b]))
    added = torch.Tensor.add(a, b, alpha=2)
    method = getattr(torch.Tensor, "mu" + "l")
    return sums, added, method(a, b), torch.Tensor.size(a, 1), torch.Tensor.dim(b)


@case()
def named_tuple_results_of_ops(a, b):
    low, high = torch.aminmax(a)
    var, mean = torch.var_mean(b, dim=1)
    best = a.max(dim=0)
    mantissa, exponent = torch.frexp(b)
    sorted_b = b.sort(dim=1, descending=True)
    return (low, high, var, mean, best.values, best.indices, best[0], mantissa, exponent,
            sorted_b.indices, type(best).__name__, torch.std_mean(a)[1])


@case()
def nn_init_on_fresh_tensors(a, b):
    w = torch.empty(4, 4)
    nn.init.constant_(w, 0.5)
    eye = nn.init.eye_(torch.empty(3, 4))
    ones = nn.init.ones_(torch.empty(4))
    zeros = nn.init.zeros_(torch.empty(2))
    return a @ w + b, eye, ones, zeros, nn.init.calculate_gain("relu")


@case()
def broadcast_and_shape_helpers(a, b):
    x, y = torch.broadcast_tensors(a[:1], b)
    return (x, y, torch.atleast_2d(a[0, 0]), torch.atleast_3d(a).shape, torch.block_diag(a, b),
            torch.cartesian_prod(a[0, :2], b[0, :2]), torch.tril_indices(3, 3),
            torch.broadcast_shapes((3, 1), (1, 4)), torch.meshgrid(a[0], b[0], indexing="xy")[1])


@case()
def activation_functional_variants(a, b):
    return (F.gelu(a, approximate="tanh"), F.silu(a), F.hardswish(b), F.mish(a), F.elu(b, 0.5),
            F.leaky_relu(a, 0.1), F.softplus(b, beta=2), F.glu(torch.cat([a, b], 1)),
            F.relu6(a * 10), F.logsigmoid(b), F.hardtanh(a, -0.5, 0.5), F.softsign(b),
            F.celu(a), F.selu(b), F.threshold(a, 0.1, 20.0))


@case()
def class_name_and_type_probes_of_modules(a, b):
    layer = _WITH_BIAS
    param = layer.weight
    return (a + b, type(param).__name__, param.__class__.__name__, isinstance(param, nn.Parameter),
            isinstance(param, torch.Tensor), type(layer).__name__, layer.__class__ is OptionalBias,
            type(a) is torch.Tensor, a.__class__.__name__, torch.is_tensor(param),
            torch.is_floating_point(a), torch.numel(b), layer.__class__.__qualname__)


torch.manual_seed(0)
_DROP_NORM = nn.Sequential(nn.Dropout(0.5), nn.BatchNorm1d(4))


@case()
def module_train_eval_toggle_inside(a, b):
    net = _DROP_NORM
    net.eval()
    evaluated = net(a)
    flags = [m.training for m in net]
    net.train()
    return evaluated, flags, net.training, [m.training for m in net.modules()]


@case(lambda: (randn(0, (3, 4)), randn(1, (3, 4)), [1, 2, 3], {"w": 2.0, "n": 3}))
def python_containers_as_inputs_read(a, b, sizes, options):
    out = a * options["w"] + b * len(sizes)
    for k in sizes:
        out = out + k
    return out, sum(sizes) * options["n"], sizes[-1], sorted(options)


@case()
def tensor_bool_ops_stay_in_graph(a, b):
    mask = (a > 0) & ~(b > 0.5) | (a < -1)
    either = torch.logical_xor(a > 0, b > 0)
    return (mask, either, torch.where(mask, a, b), mask.any(dim=1), mask.all(),
            a.masked_fill(mask, 0),
            torch.count_nonzero(mask, dim=0), mask.sum(dtype=torch.int32))


@case()
def clamp_and_nan_handling(a, b):
    c = a.clone()
    c[0, 0] = float("nan")
    return (torch.nan_to_num(c, nan=0.0), c.isnan(), torch.nansum(c), torch.nanmean(c, dim=1),
            torch.fmax(c, b), torch.maximum(c, b).isnan().any(), torch.clamp(a, min=b, max=b + 1))


@case()
def tensor_methods_returning_python_values(a, b):
    shape_list = list(a.shape)
    return (a.size(), a.shape[-1] // 2, shape_list, a.dim() == 2, len(a), a.numel() > 5,
            a.T.shape, a.mT.shape, a.ndimension(), a.nelement(), tuple(a.stride()), b.is_leaf,
            a.device.type == "cpu", str(a.device), a.layout == torch.strided)


# Python idioms beside the torch ones (functions_heldout_a.py is full)
@case()
def typing_cast_and_optional_args(a, b):
    def maybe_add(x: torch.Tensor,
                  y: typing.Optional[torch.Tensor] = None) -> torch.Tensor:  # noqa: UP045
        if y is None:
            return x
        return x + typing.cast(torch.Tensor, y)

    return maybe_add(a), maybe_add(a, b), typing.TYPE_CHECKING


@case()
def max_of_dict_by_get_and_sorted_ties(a, b):
    scores = {"k": 3, "q": 7, "v": 7, "o": 1}
    best = max(scores, key=scores.get)
    worst = min(scores.items(), key=operator.itemgetter(1))
    ranked = sorted(scores, key=lambda k: -scores[k])
    return a * scores[best] + b * worst[1], best, worst, ranked


@case()
def reversed_dict_items_and_enumerate_reversed(a, b):
    layers = {"first": a, "second": b, "third": a * b}
    names = [name for name, _ in reversed(layers.items())]
    out = a
    for i, (_name, t) in enumerate(reversed(list(layers.items()))):
        out = out + t * (i + 1)
    return out, names, list(reversed(layers.values()))[0]


@case()
def closure_generator_over_tensor(a, b):
    def make_stream(scale):
        def stream():
            for row in a:
                yield row * scale
        return stream

    s = make_stream(2.0)
    first = list(s())
    second = list(s())
    return torch.stack(first) + b, len(second)


@functools.lru_cache(maxsize=None)  # noqa: UP033
def _squares(n):
    return tuple(i * i for i in range(n))


@case()
def lru_cache_helper_with_ints(a, b):
    first = _squares(4)
    again = _squares(4)
    return a * sum(first) + b * len(again), first == again


@case()
def chained_comparisons_on_shapes_and_none(a, b):
    limit = None
    flags = (1 < a.shape[0] <= 3 < a.shape[1], a.shape[0] == b.shape[0] != 4,
             limit is None or limit > 3, (limit or 5) > 4, not limit, a.dim() in (2, 3))
    return a + b if all(flags[:3]) else a - b, flags


@case()
def iterator_shared_between_pullers(a, b):
    it = iter([a, b, a + b, a - b, a * b])
    head = [t for _, t in zip(range(2), it)]
    found = any(t.shape[0] == 3 for t in it)
    rows = iter(range(6))
    hit = 3 in rows
    for i, _ in enumerate(rows):
        if i == 0:
            break
    return torch.stack(head).sum(0), found, len(list(it)), hit, list(rows)


class _Unit:
    scale = 1

    @classmethod
    def make(cls):
        return cls.scale

    @property
    def level(self):
        return self.__dict__.get("_level", -1)

    @level.setter
    def level(self, value):
        self._level = value * 2

    @level.deleter
    def level(self):
        self._level = 0


class _Big(_Unit):
    scale = 5


@case()
def classmethod_via_instance_and_property_deleter(a, b):
    big = _Big()
    big.level = 3
    before = big.level
    del big.level
    try:
        del big.missing
        missing = False
    except AttributeError:
        missing = True
    return a * big.make() + b * _Unit().make(), before, big.level, missing


@contextlib.contextmanager
def _guarded(log, kind):
    log.append("enter")
    try:
        yield len(log)
    except kind as error:
        log.append(type(error).__name__)
    finally:
        log.append("exit")


@case()
def contextmanager_catches_or_passes_body_exception(a, b):
    log = []
    with _guarded(log, ZeroDivisionError) as k:
        a = a * k
        raise ZeroDivisionError("swallowed")
    try:
        with _guarded(log, KeyError):
            raise ValueError("passes through")
    except ValueError as error:
        log.append(str(error))
    return a + b, log
