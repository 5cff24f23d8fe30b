"""The op catalogue: torch functions and Tensor methods with their typing rules, as data.

A row's template names its operands `{a}`, `{b}` and its parameters (`{dim}`, `{shape}` ...),
which `opargs.py` draws so that they fit the operands. `a` is the first operand's dtype class,
`rank` its admissible ranks, `b` the relation the second operand must have to the first.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch


@dataclass(frozen=True)
class Op:
    name: str
    template: str
    family: str
    a: str = "any"  # any | num | float | int | intbool | bool
    rank: tuple[int, int] = (0, 4)
    b: str | None = None  # see RELATIONS in opargs.py
    bdt: str = "any"  # dtype class of b
    scalar_b: bool = False  # a literal scalar may stand in for b
    tame: bool = False  # needs tame operands (exponentials, float -> int conversions)
    inplace: bool = False  # mutates {a}
    module: str | None = None  # nn.Module constructor: {m} names the instance attribute


DTYPE_CLASSES = {
    "any": lambda d: True,
    "num": lambda d: d != torch.bool,
    "float": lambda d: d.is_floating_point,
    "int": lambda d: d in (torch.int32, torch.int64),
    "intbool": lambda d: d in (torch.int32, torch.int64, torch.bool),
    "bool": lambda d: d == torch.bool,
}


def _unary(family, a, rows):
    return [Op(name, tpl, family, a=a) for name, tpl in rows]


UNARY = _unary("unary", "num", [
    ("torch.abs", "torch.abs({a})"),
    ("Tensor.abs", "{a}.abs()"),
    ("torch.neg", "torch.neg({a})"),
    ("operator.neg", "-{a}"),
    ("torch.sign", "torch.sign({a})"),
    ("torch.square", "torch.square({a})"),
    ("torch.clamp", "torch.clamp({a}, -{c}, {c})"),
    ("Tensor.clamp_min", "{a}.clamp_min(0)"),
    ("Tensor.clamp_max", "{a}.clamp_max(1)"),
]) + _unary("unary", "float", [
    ("torch.sin", "torch.sin({a})"),
    ("torch.cos", "torch.cos({a})"),
    ("torch.tanh", "torch.tanh({a})"),
    ("torch.sigmoid", "torch.sigmoid({a})"),
    ("Tensor.sigmoid", "{a}.sigmoid()"),
    ("torch.atan", "torch.atan({a})"),
    ("torch.asinh", "torch.asinh({a})"),
    ("torch.erf", "torch.erf({a})"),
    ("torch.floor", "torch.floor({a})"),
    ("torch.ceil", "torch.ceil({a})"),
    ("torch.round", "torch.round({a})"),
    ("torch.trunc", "torch.trunc({a})"),
    ("torch.frac", "torch.frac({a})"),
    ("torch.relu", "torch.relu({a})"),
    ("Tensor.relu", "{a}.relu()"),
    ("torch.sqrt", "torch.sqrt({a}.abs())"),
    ("torch.rsqrt", "torch.rsqrt({a}.abs() + 1)"),
    ("torch.log", "torch.log({a}.abs() + 1)"),
    ("torch.log1p", "torch.log1p({a}.abs())"),
    ("torch.reciprocal", "torch.reciprocal({a}.abs() + 1)"),
    ("torch.nan_to_num", "torch.nan_to_num({a}, nan=0.0, posinf=1.0, neginf=-1.0)"),
    ("torch.isnan", "torch.isnan({a})"),
    ("torch.isinf", "torch.isinf({a})"),
    ("torch.isfinite", "torch.isfinite({a})"),
    ("torch.signbit", "torch.signbit({a})"),
]) + [
    Op("torch.exp", "torch.exp({a})", "unary", a="float", tame=True),
    Op("torch.expm1", "torch.expm1({a})", "unary", a="float", tame=True),
    Op("torch.logical_not", "torch.logical_not({a})", "unary"),
    Op("torch.bitwise_not", "torch.bitwise_not({a})", "unary", a="intbool"),
    Op("operator.invert", "~{a}", "unary", a="intbool"),
]

BINARY = [
    Op("torch.add", "torch.add({a}, {b})", "binary", b="bcast", scalar_b=True),
    Op("operator.add", "{a} + {b}", "binary", b="bcast", scalar_b=True),
    Op("Tensor.add", "{a}.add({b}, alpha={c})", "binary", a="num", b="bcast", bdt="num"),
    Op("torch.sub", "torch.sub({a}, {b})", "binary", a="num", b="bcast", bdt="num",
       scalar_b=True),
    Op("operator.sub", "{a} - {b}", "binary", a="num", b="bcast", bdt="num", scalar_b=True),
    Op("torch.mul", "torch.mul({a}, {b})", "binary", b="bcast", scalar_b=True),
    Op("operator.mul", "{a} * {b}", "binary", b="bcast", scalar_b=True),
    Op("torch.div", "torch.div({a}, {b}.abs() + 1)", "binary", b="bcast", bdt="num"),
    Op("operator.truediv", "{a} / {c}", "binary", a="num"),
    Op("operator.floordiv", "{a} // {c}", "binary", a="num"),
    Op("operator.mod", "{a} % {c}", "binary", a="num"),
    Op("torch.remainder", "torch.remainder({a}, {b}.abs() + 1)", "binary", a="num",
       b="bcast", bdt="float"),
    Op("torch.fmod", "torch.fmod({a}, {c})", "binary", a="num"),
    Op("torch.pow", "torch.pow({a}, {k})", "binary", a="num", tame=True),
    Op("operator.pow", "{a}.abs() ** 0.5", "binary", a="float"),
    Op("torch.maximum", "torch.maximum({a}, {b})", "binary", b="bcast"),
    Op("torch.minimum", "torch.minimum({a}, {b})", "binary", b="bcast"),
    Op("torch.atan2", "torch.atan2({a}, {b})", "binary", a="float", b="bcast", bdt="float"),
    Op("torch.hypot", "torch.hypot({a}, {b})", "binary", a="float", b="bcast", bdt="float",
       tame=True),
    Op("torch.lerp", "torch.lerp({a}, {b}, 0.25)", "binary", a="float", b="same", bdt="float"),
    Op("torch.addcmul", "torch.addcmul({a}, {a}, {b}, value=0.5)", "binary", a="float",
       b="same", bdt="float", tame=True),
    Op("torch.bitwise_and", "torch.bitwise_and({a}, {b})", "binary", a="intbool", b="bcast",
       bdt="intbool"),
    Op("operator.or_", "{a} | {b}", "binary", a="intbool", b="bcast", bdt="intbool"),
    Op("operator.xor", "{a} ^ {b}", "binary", a="intbool", b="bcast", bdt="intbool"),
    Op("torch.logical_and", "torch.logical_and({a}, {b})", "binary", b="bcast"),
    Op("torch.logical_or", "torch.logical_or({a}, {b})", "binary", b="bcast"),
]

COMPARE = [
    Op("torch.eq", "torch.eq({a}, {b})", "compare", b="bcast", scalar_b=True),
    Op("operator.ne", "{a} != {b}", "compare", b="bcast", scalar_b=True),
    Op("operator.lt", "{a} < {b}", "compare", a="num", b="bcast", bdt="num", scalar_b=True),
    Op("operator.le", "{a} <= {b}", "compare", a="num", b="bcast", bdt="num", scalar_b=True),
    Op("torch.gt", "torch.gt({a}, {b})", "compare", a="num", b="bcast", bdt="num",
       scalar_b=True),
    Op("Tensor.ge", "{a}.ge({b})", "compare", a="num", b="bcast", bdt="num", scalar_b=True),
    Op("torch.where", "torch.where({a} > 0, {a}, {b})", "compare", a="num", b="bcast"),
    Op("torch.where(scalar)", "torch.where({a} > {c}, {a}, 0)", "compare", a="num"),
    Op("torch.isclose", "torch.isclose({a}, {b})", "compare", a="float", b="same",
       bdt="float"),
    Op("torch.clamp(tensor)", "torch.clamp({a}, min={b})", "compare", a="float", b="bcast",
       bdt="float"),
]

REDUCE = [
    Op("torch.sum", "torch.sum({a})", "reduce"),
    Op("Tensor.sum", "{a}.sum({dim}, keepdim={keepdim})", "reduce"),
    Op("torch.mean", "torch.mean({a}, {dim}, keepdim={keepdim})", "reduce", a="float"),
    Op("Tensor.mean", "{a}.mean()", "reduce", a="float"),
    Op("torch.prod", "torch.prod({a}, {dim})", "reduce", a="num", tame=True),
    Op("torch.amax", "torch.amax({a}, {dim}, keepdim={keepdim})", "reduce", a="num"),
    Op("Tensor.amin", "{a}.amin({dim})", "reduce", a="num"),
    Op("Tensor.max", "{a}.max()", "reduce", a="num"),
    Op("torch.max(dim)", "torch.max({a}, {dim}, keepdim={keepdim}).values", "reduce",
       a="num"),
    Op("torch.min(dim)", "torch.min({a}, {dim}).values", "reduce", a="num"),
    Op("torch.argmax", "torch.argmax({a}, {dim})", "reduce", a="num"),
    Op("Tensor.argmin", "{a}.argmin()", "reduce", a="num"),
    Op("torch.std", "torch.std({a}, {dim}, keepdim={keepdim})", "reduce", a="float"),
    Op("torch.var", "torch.var({a}, {dim}, correction=0)", "reduce", a="float"),
    Op("torch.var_mean", "torch.var_mean({a}, {dim}, correction=0)[0]", "reduce", a="float"),
    Op("torch.norm", "torch.norm({a})", "reduce", a="float"),
    Op("torch.linalg.vector_norm", "torch.linalg.vector_norm({a}, 1, {dim})", "reduce",
       a="float"),
    Op("torch.logsumexp", "torch.logsumexp({a}, {dim})", "reduce", a="float"),
    Op("torch.all", "torch.all({a})", "reduce"),
    Op("Tensor.any", "{a}.any({dim})", "reduce"),
    Op("torch.count_nonzero", "torch.count_nonzero({a}, {dim})", "reduce"),
    Op("torch.nansum", "torch.nansum({a}, {dim})", "reduce", a="float"),
    Op("torch.median", "torch.median({a}, {dim}).values", "reduce", a="num"),
    Op("torch.aminmax", "torch.aminmax({a}).max", "reduce", a="num"),
]

CUMULATIVE = [
    Op("torch.cumsum", "torch.cumsum({a}, {dim})", "cumulative"),
    Op("Tensor.cumsum", "{a}.cumsum({dim})", "cumulative"),
    Op("torch.cumprod", "torch.cumprod({a}, {dim})", "cumulative", a="num", tame=True),
    Op("torch.cummax", "torch.cummax({a}, {dim}).values", "cumulative", a="num"),
    Op("torch.cummin", "torch.cummin({a}, {dim}).values", "cumulative", a="num"),
    Op("torch.logcumsumexp", "torch.logcumsumexp({a}, {dim})", "cumulative", a="float"),
    Op("torch.diff", "torch.diff({a}, dim={dim})", "cumulative", a="num", rank=(1, 4)),
]

SOFTMAX = [
    Op("torch.softmax", "torch.softmax({a}, {dim})", "softmax", a="float"),
    Op("Tensor.softmax", "{a}.softmax({dim})", "softmax", a="float"),
    Op("F.softmax", "F.softmax({a}, dim={dim})", "softmax", a="float"),
    Op("F.log_softmax", "F.log_softmax({a}, dim={dim})", "softmax", a="float"),
    Op("Tensor.log_softmax", "{a}.log_softmax({dim})", "softmax", a="float"),
    Op("F.softmin", "F.softmin({a}, dim={dim})", "softmax", a="float"),
]

MATMUL = [
    Op("torch.matmul", "torch.matmul({a}, {b})", "matmul", a="num", rank=(1, 4), b="matmul"),
    Op("operator.matmul", "{a} @ {b}", "matmul", a="num", rank=(1, 4), b="matmul"),
    Op("torch.mm", "torch.mm({a}, {a}.t())", "matmul", a="float", rank=(2, 2)),
    Op("Tensor.mm", "{a}.t().mm({a})", "matmul", a="float", rank=(2, 2)),
    Op("torch.bmm", "torch.bmm({a}, {a}.transpose(1, 2))", "matmul", a="float", rank=(3, 3)),
    Op("torch.mv", "torch.mv({a}, {a}[0])", "matmul", a="float", rank=(2, 2)),
    Op("torch.dot", "torch.dot({a}, {a}.flip(0))", "matmul", a="float", rank=(1, 1)),
    Op("torch.outer", "torch.outer({a}, {a})", "matmul", a="num", rank=(1, 1)),
    Op("torch.einsum", "torch.einsum('ij,kj->ik', {a}, {a})", "matmul", a="float",
       rank=(2, 2)),
    Op("torch.addmm", "torch.addmm({a}[0], {a}.t(), {a}, beta=0.5)", "matmul", a="float",
       rank=(2, 2)),
    Op("torch.tensordot", "torch.tensordot({a}, {a}, dims=1)", "matmul", a="float",
       rank=(1, 1)),
    Op("F.linear", "F.linear({a}, {wlin})", "matmul", a="float", rank=(1, 4)),
]

SHAPE = [
    Op("Tensor.view", "{a}.view({shape})", "shape"),
    Op("Tensor.reshape", "{a}.reshape({shape})", "shape"),
    Op("torch.reshape", "torch.reshape({a}, ({shape},))", "shape", rank=(1, 4)),
    Op("Tensor.permute", "{a}.permute({perm})", "shape", rank=(1, 4)),
    Op("torch.transpose", "torch.transpose({a}, {dim}, {dim2})", "shape", rank=(2, 4)),
    Op("Tensor.transpose", "{a}.transpose({dim}, {dim2})", "shape", rank=(2, 4)),
    Op("Tensor.t", "{a}.t()", "shape", rank=(2, 2)),
    Op("Tensor.mT", "{a}.mT", "shape", rank=(2, 4)),
    Op("Tensor.expand", "{a}.expand({expand})", "shape"),
    Op("Tensor.expand_as", "{a}.expand_as({b})", "shape", b="expands"),
    Op("torch.broadcast_to", "torch.broadcast_to({a}, ({expand},))", "shape"),
    Op("Tensor.squeeze", "{a}.squeeze()", "shape"),
    Op("torch.squeeze", "torch.squeeze({a}, {dim})", "shape"),
    Op("Tensor.unsqueeze", "{a}.unsqueeze({udim})", "shape", rank=(0, 3)),
    Op("torch.unsqueeze", "torch.unsqueeze({a}, -1)", "shape", rank=(0, 3)),
    Op("Tensor.flatten", "{a}.flatten()", "shape"),
    Op("torch.flatten", "torch.flatten({a}, {dim})", "shape"),
    Op("Tensor.unflatten", "{a}.unflatten({dim}, ({split2}))", "shape", rank=(1, 3)),
    Op("Tensor.narrow", "{a}.narrow({dim}, {narrow})", "shape", rank=(1, 4)),
    Op("Tensor.select", "{a}.select({dim}, {sel})", "shape", rank=(1, 4)),
    Op("torch.split", "torch.split({a}, {k}, {dim})[0]", "shape", rank=(1, 4)),
    Op("Tensor.split", "{a}.split({k})[-1]", "shape", rank=(1, 4)),
    Op("torch.chunk", "torch.chunk({a}, {k}, {dim})[0]", "shape", rank=(1, 4)),
    Op("Tensor.unbind", "{a}.unbind({dim})[{sel}]", "shape", rank=(1, 4)),
    Op("torch.cat", "torch.cat([{a}, {b}], {dim})", "shape", rank=(1, 4), b="cat"),
    Op("torch.cat(self)", "torch.cat(({a}, {a}), {dim})", "shape", rank=(1, 4)),
    Op("torch.stack", "torch.stack([{a}, {b}], {udim})", "shape", b="same", rank=(0, 3)),
    Op("torch.flip", "torch.flip({a}, ({dim},))", "shape", rank=(1, 4)),
    Op("Tensor.flip", "{a}.flip({dim})", "shape", rank=(1, 4)),
    Op("torch.roll", "torch.roll({a}, {k}, {dim})", "shape", rank=(1, 4)),
    Op("Tensor.roll", "{a}.roll(-1)", "shape"),
    Op("torch.movedim", "torch.movedim({a}, 0, -1)", "shape", rank=(1, 4)),
    Op("Tensor.swapaxes", "{a}.swapaxes(0, -1)", "shape", rank=(1, 4)),
    Op("Tensor.contiguous", "{a}.contiguous()", "shape"),
    Op("Tensor.view_as", "{a}.view_as({b})", "shape", b="same"),
    Op("Tensor.reshape_as", "{a}.reshape_as({b})", "shape", b="numel"),
    Op("Tensor.repeat", "{a}.repeat({repeat})", "shape"),
    Op("torch.tile", "torch.tile({a}, ({k},))", "shape"),
    Op("torch.tril", "torch.tril({a})", "shape", rank=(2, 4)),
    Op("torch.triu", "torch.triu({a}, 1)", "shape", rank=(2, 4)),
    Op("torch.diagonal", "torch.diagonal({a})", "shape", rank=(2, 4)),
    Op("torch.diag", "torch.diag({a})", "shape", rank=(1, 2)),
    Op("Tensor.clone", "{a}.clone()", "shape"),
    Op("Tensor.detach", "{a}.detach()", "shape"),
    Op("torch.atleast_2d", "torch.atleast_2d({a})", "shape"),
]

INDEX = [
    Op("getitem.int", "{a}[{sel0}]", "index", rank=(1, 4)),
    Op("getitem.negative", "{a}[-1]", "index", rank=(1, 4)),
    Op("getitem.slice", "{a}[{slice}]", "index", rank=(1, 4)),
    Op("getitem.slice2", "{a}[:, {slice1}]", "index", rank=(2, 4)),
    Op("getitem.ellipsis", "{a}[..., {sel_last}]", "index", rank=(1, 4)),
    Op("getitem.none", "{a}[None]", "index"),
    Op("getitem.intlist", "{a}[{idx}]", "index", rank=(1, 4)),
    Op("getitem.boolmask", "{a}[{mask}]", "index", rank=(1, 4)),
    Op("torch.index_select", "torch.index_select({a}, 0, {idx})", "index", rank=(1, 4)),
    Op("torch.gather", "torch.gather({a}, {dim}, {gidx})", "index", rank=(1, 4)),
    Op("Tensor.scatter", "{a}.scatter({dim}, {gidx}, {c})", "index", a="float", rank=(1, 4)),
    Op("Tensor.scatter_add", "{a}.scatter_add(0, {gidx0}, {a})", "index", a="float",
       rank=(1, 4)),
    Op("Tensor.index_fill", "{a}.index_fill(0, {idx}, 0)", "index", rank=(1, 4)),
    Op("torch.masked_fill", "torch.masked_fill({a}, {a} > 0, 0)", "index", a="num"),
    Op("torch.take_along_dim", "torch.take_along_dim({a}, {gidx}, {dim})", "index",
       rank=(1, 4)),
]

INPLACE = [
    Op("Tensor.add_", "{a}.add_({b})", "inplace", a="num", b="bcast_into", bdt="num",
       scalar_b=True, inplace=True),
    Op("Tensor.mul_", "{a}.mul_({c})", "inplace", a="float", inplace=True),
    Op("Tensor.sub_", "{a}.sub_(1)", "inplace", a="num", inplace=True),
    Op("Tensor.div_", "{a}.div_(2)", "inplace", a="float", inplace=True),
    Op("Tensor.clamp_", "{a}.clamp_(-1, 1)", "inplace", a="num", inplace=True),
    Op("Tensor.zero_", "{a}.zero_()", "inplace", inplace=True),
    Op("Tensor.fill_", "{a}.fill_({c})", "inplace", a="float", inplace=True),
    Op("Tensor.copy_", "{a}.copy_({b})", "inplace", b="bcast_into", inplace=True),
    Op("Tensor.relu_", "{a}.relu_()", "inplace", a="float", inplace=True),
    Op("Tensor.neg_", "{a}.neg_()", "inplace", a="num", inplace=True),
    Op("Tensor.abs_", "{a}.abs_()", "inplace", a="num", inplace=True),
    Op("Tensor.masked_fill_", "{a}.masked_fill_({a} < 0, 0)", "inplace", a="num",
       inplace=True),
    Op("Tensor.index_fill_", "{a}.index_fill_(0, {idx}, 1)", "inplace", a="num",
       rank=(1, 4), inplace=True),
    Op("operator.iadd", "{a} += {b}", "inplace", a="num", b="bcast_into", bdt="num",
       scalar_b=True, inplace=True),
    Op("operator.imul", "{a} *= 2", "inplace", a="num", inplace=True),
    Op("setitem.int", "{a}[{sel0}] = {c}", "inplace", a="float", rank=(1, 4), inplace=True),
    Op("setitem.slice", "{a}[{slice}] = 0", "inplace", rank=(1, 4), inplace=True),
    Op("setitem.mask", "{a}[{a} > {c}] = 0", "inplace", a="num", inplace=True),
    Op("setitem.tensor", "{a}[..., 0] = {a}[..., -1]", "inplace", rank=(1, 4), inplace=True),
]

CREATE = [
    Op("torch.zeros", "torch.zeros({a}.shape)", "create"),
    Op("torch.ones", "torch.ones({sizes}, dtype={a}.dtype)", "create", rank=(1, 4)),
    Op("torch.full", "torch.full(({n0},), {c})", "create", rank=(1, 4)),
    Op("torch.arange", "torch.arange({n0})", "create", rank=(1, 4)),
    Op("torch.arange(float)", "torch.arange(0.0, {n0} * 0.5, 0.5)", "create", rank=(1, 4)),
    Op("torch.linspace", "torch.linspace(-1, 1, {nlast})", "create", rank=(1, 4)),
    Op("torch.eye", "torch.eye({n0})", "create", rank=(1, 4)),
    Op("torch.zeros_like", "torch.zeros_like({a})", "create"),
    Op("torch.ones_like", "torch.ones_like({a})", "create"),
    Op("torch.full_like", "torch.full_like({a}, 2)", "create"),
    Op("torch.tensor", "torch.tensor({literal})", "create"),
    Op("Tensor.new_zeros", "{a}.new_zeros(({n0},))", "create", rank=(1, 4)),
    Op("Tensor.new_ones", "{a}.new_ones({a}.shape)", "create"),
    Op("Tensor.new_full", "{a}.new_full((2,), 3)", "create"),
    Op("Tensor.new_tensor", "{a}.new_tensor([1, 2, 3])", "create"),
]

CONVERT = [
    Op("Tensor.to(dtype)", "{a}.to({dtype})", "convert", tame=True),
    Op("Tensor.to(other)", "{a}.to({b}.dtype)", "convert", b="any", tame=True),
    Op("Tensor.float", "{a}.float()", "convert"),
    Op("Tensor.double", "{a}.double()", "convert"),
    Op("Tensor.half", "{a}.half()", "convert", tame=True),
    Op("Tensor.bfloat16", "{a}.bfloat16()", "convert", tame=True),
    Op("Tensor.int", "{a}.int()", "convert", tame=True),
    Op("Tensor.long", "{a}.long()", "convert", tame=True),
    Op("Tensor.bool", "{a}.bool()", "convert"),
    Op("Tensor.type_as", "{a}.type_as({b})", "convert", b="any", tame=True),
]

FUNCTIONAL = [
    Op("F.relu", "F.relu({a})", "functional", a="float"),
    Op("F.gelu", "F.gelu({a})", "functional", a="float"),
    Op("F.silu", "F.silu({a})", "functional", a="float"),
    Op("F.elu", "F.elu({a})", "functional", a="float"),
    Op("F.leaky_relu", "F.leaky_relu({a}, 0.1)", "functional", a="float"),
    Op("F.softplus", "F.softplus({a})", "functional", a="float"),
    Op("F.hardtanh", "F.hardtanh({a})", "functional", a="float"),
    Op("F.normalize", "F.normalize({a}, dim={dim})", "functional", a="float"),
    Op("F.layer_norm", "F.layer_norm({a}, ({nlast},))", "functional", a="float",
       rank=(1, 4)),
    Op("F.pad", "F.pad({a}, (1, 2))", "functional", a="num", rank=(1, 4)),
    Op("F.dropout(eval)", "F.dropout({a}, 0.5, training=False)", "functional", a="float"),
    Op("F.mse_loss", "F.mse_loss({a}, {b})", "functional", a="float", b="same", bdt="float"),
    Op("F.l1_loss", "F.l1_loss({a}, {b}, reduction='sum')", "functional", a="float",
       b="same", bdt="float"),
    Op("F.cross_entropy", "F.cross_entropy({a}, {ctarget})", "functional", a="float",
       rank=(2, 2)),
    Op("F.conv1d", "F.conv1d({a}, {wconv1})", "functional", a="float", rank=(3, 3)),
    Op("F.conv2d", "F.conv2d({a}, {wconv2}, padding=1)", "functional", a="float",
       rank=(4, 4)),
    Op("F.avg_pool1d", "F.avg_pool1d({a}, 1)", "functional", a="float", rank=(2, 3)),
    Op("F.max_pool2d", "F.max_pool2d({a}, 1)", "functional", a="float", rank=(3, 4)),
    Op("F.embedding", "F.embedding({a}.abs() % 5, {wemb})", "functional", a="int"),
    Op("F.one_hot", "F.one_hot({a}.long().abs() % 4, 4)", "functional", a="int"),
    Op("F.cosine_similarity", "F.cosine_similarity({a}, {b}, dim=-1)", "functional",
       a="float", rank=(1, 4), b="same", bdt="float"),
    Op("torch.sort", "torch.sort({a}, {dim}).values", "functional", a="num"),
    Op("torch.topk", "torch.topk({a}, 1, {dim}).values", "functional", a="num"),
    Op("torch.argsort", "torch.argsort({a}, dim={dim}, stable=True)", "functional", a="num"),
    Op("torch.kthvalue", "torch.kthvalue({a}, 1, {dim}).values", "functional", a="num"),
]

MODULES = [
    Op("nn.Linear", "self.{m}({a})", "module", a="float", rank=(1, 4),
       module="torch.nn.Linear({nlast}, {k})"),
    Op("nn.Conv1d", "self.{m}({a})", "module", a="float", rank=(2, 3),
       module="torch.nn.Conv1d({nchan}, 2, 1)"),
    Op("nn.Conv2d", "self.{m}({a})", "module", a="float", rank=(3, 4),
       module="torch.nn.Conv2d({nchan3}, 2, 3, padding=1)"),
    Op("nn.LayerNorm", "self.{m}({a})", "module", a="float", rank=(1, 4),
       module="torch.nn.LayerNorm({nlast})"),
    Op("nn.BatchNorm1d", "self.{m}({a})", "module", a="float", rank=(2, 3),
       module="torch.nn.BatchNorm1d({n1})"),
    Op("nn.Embedding", "self.{m}({a}.long().abs() % 5)", "module", a="num",
       module="torch.nn.Embedding(5, 3)"),
    Op("nn.ReLU", "self.{m}({a})", "module", a="float", module="torch.nn.ReLU()"),
    Op("nn.GELU", "self.{m}({a})", "module", a="float", module="torch.nn.GELU()"),
    Op("nn.Softmax", "self.{m}({a})", "module", a="float", module="torch.nn.Softmax(dim=-1)"),
    Op("nn.Flatten", "self.{m}({a})", "module", rank=(2, 4), module="torch.nn.Flatten()"),
    Op("nn.Sequential", "self.{m}({a})", "module", a="float", rank=(1, 4),
       module="torch.nn.Sequential(torch.nn.Linear({nlast}, 4), torch.nn.Tanh())"),
]

OPS: tuple[Op, ...] = tuple(
    UNARY + BINARY + COMPARE + REDUCE + CUMULATIVE + SOFTMAX + MATMUL + SHAPE + INDEX
    + INPLACE + CREATE + CONVERT + FUNCTIONAL + MODULES
)
OPS_BY_NAME = {op.name: op for op in OPS}
FUNCTION_OPS: tuple[Op, ...] = tuple(op for op in OPS if op.module is None)

# Shape- and dtype-preserving float ops used inside control-flow bodies, helpers and closures.
BODY_OPS: tuple[tuple[str, str], ...] = (
    ("operator.mul", "{a} * 0.5"),
    ("operator.add", "{a} + 1"),
    ("torch.sin", "torch.sin({a})"),
    ("Tensor.relu", "{a}.relu()"),
    ("torch.tanh", "torch.tanh({a})"),
    ("operator.neg", "-{a}"),
    ("Tensor.abs", "{a}.abs()"),
    ("torch.clamp", "torch.clamp({a}, -1, 1)"),
    ("torch.sigmoid", "torch.sigmoid({a})"),
    ("F.gelu", "F.gelu({a})"),
    ("torch.cumsum", "torch.cumsum({a}, -1)"),
    ("Tensor.softmax", "{a}.softmax(-1)"),
)


def distinct_functions() -> set[str]:
    """Distinct torch functions, Tensor methods, operators and modules the catalogue uses."""
    return {op.name.split("(")[0] for op in OPS}


def check_catalogue() -> None:
    """Names are unique and every dtype class exists; run at import so a typo fails loudly."""
    assert len(OPS_BY_NAME) == len(OPS), "duplicate op name in the catalogue"
    for op in OPS:
        assert op.a in DTYPE_CLASSES and op.bdt in DTYPE_CLASSES, op.name


check_catalogue()
