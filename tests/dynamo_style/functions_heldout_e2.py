"""Held-out-style cases written from real code's idioms: nn.Module objects passed in and built
inside (containers, member listings, buffers, hooks, training flags, parameter updates, init,
convolutions and losses). Registered through functions_heldout_e.py.
"""

from __future__ import annotations

import math

import torch
import torch.nn.functional as F
from torch import nn

from tests.conformance.registry import randn
from tests.dynamo_style.registry import case


def _mlp_and_input():
    torch.manual_seed(0)
    return (nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2)), randn(0, (3, 4)))


@case(_mlp_and_input)
def e_sequential_slicing_and_reversed(net, x):
    h = net[:2](x)
    out = net[-1](h)
    names = [type(m).__name__ for m in net]
    first = next(iter(net))
    return out, names, len(net[1:]), first.out_features, type(net[0:1]).__name__


def _modulelist():
    torch.manual_seed(0)
    return nn.ModuleList([nn.Linear(4, 4) for _ in range(3)]), randn(0, (2, 4))


@case(_modulelist)
def e_modulelist_enumerate_zip_reversed(layers, x):
    outs = []
    for i, layer in enumerate(layers):
        x = layer(x) * (i + 1)
        outs.append(x.sum())
    for layer, scale in zip(reversed(layers), (1.0, 0.5, 0.25)):
        x = layer(x) * scale
    return x, outs, len(layers), layers[-1].weight.shape


def _moduledict():
    torch.manual_seed(0)
    d = nn.ModuleDict({"a": nn.Linear(4, 4), "b": nn.Tanh(), "c": nn.Linear(4, 2)})
    return d, randn(0, (2, 4))


@case(_moduledict)
def e_moduledict_keys_values_contains(d, x):
    for key in d.keys():
        if key != "c":
            x = d[key](x)
    has = "b" in d, "z" in d
    return d["c"](x), list(d.keys()), has, len(d), [type(v).__name__ for v in d.values()]


class _WithParamList(nn.Module):
    def __init__(self):
        super().__init__()
        self.ws = nn.ParameterList([nn.Parameter(torch.ones(4) * i) for i in range(3)])
        self.register_buffer("offset", torch.arange(4.0))

    def forward(self, x):
        for w in self.ws:
            x = x * w + self.offset
        return x, len(self.ws)


@case(lambda: (_WithParamList(), randn(0, (2, 4))))
def e_parameterlist_iteration_and_buffer(m, x):
    out, n = m(x)
    return out, n, m.ws[1].shape, m.offset.requires_grad


class _Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.norm = nn.LayerNorm(4)
        self.register_buffer("steps", torch.zeros(()))

    def forward(self, x):
        return self.norm(self.lin(x))


def _block():
    torch.manual_seed(0)
    return _Block(), randn(0, (2, 4))


@case(_block)
def e_named_parameters_buffers_children(m, x):
    names = [n for n, _ in m.named_parameters()]
    bufs = [n for n, _ in m.named_buffers()]
    kids = [type(c).__name__ for c in m.children()]
    mods = [n for n, _ in m.named_modules()]
    total = sum(p.numel() for p in m.parameters())
    return m(x), names, bufs, kids, mods, total


@case(_block)
def e_module_buffer_mutated_in_forward_caller(m, x):
    m.steps += 1
    y = m(x)
    return y * m.steps, m.steps


@case(_block)
def e_module_training_flag_branch(m, x):
    m.eval()
    y = m(x)
    flag = m.training, m.lin.training
    m.train()
    return y, flag, m.training


class _Dropper(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = 2.0

    def forward(self, x):
        if self.training:
            return x * self.scale
        return x - self.scale


@case(lambda: (_Dropper(), randn(0, (3, 4))))
def e_module_attribute_mutation(m, x):
    a = m(x)
    m.scale = 5.0
    b = m(x)
    m.extra = 1
    return a, b, m.scale, hasattr(m, "extra")


@case()
def e_module_built_inside(a, b):
    act = nn.GELU(approximate="tanh")
    flat = nn.Flatten(0)
    soft = nn.Softmax(dim=1)
    return flat(act(a)), soft(b), act.approximate, isinstance(soft, nn.Module), soft.training


@case()
def e_functional_calls(a, b):
    w = torch.ones(2, 4)
    return (F.linear(a, w), F.softmax(a, dim=-1), F.log_softmax(a, 1), F.relu(a - 0.5),
            F.gelu(a), F.pad(a, (1, 1)), F.normalize(a, dim=1), F.mse_loss(a, b),
            F.cross_entropy(a, torch.tensor([0, 1, 3])), F.one_hot(torch.tensor([0, 2]), 3),
            F.layer_norm(a, (4,)), F.dropout(a, p=0.5, training=False), F.silu(b),
            F.leaky_relu(b, 0.2), F.hardtanh(b), F.elu(a))


@case()
def e_nn_init_on_fresh(a, b):
    w = torch.empty(3, 4)
    nn.init.constant_(w, 0.5)
    z = torch.empty(2, 2)
    nn.init.zeros_(z)
    o = nn.init.ones_(torch.empty(3))
    eye = nn.init.eye_(torch.empty(3, 3))
    return a * w, z, o, eye


def _hooked():
    torch.manual_seed(0)
    m = nn.Linear(4, 4)
    m.register_forward_hook(lambda mod, inp, out: out * 2)
    m.register_forward_pre_hook(lambda mod, inp: (inp[0] + 1,))
    return m, randn(0, (2, 4))


@case(_hooked)
def e_forward_hooks_on_module(m, x):
    return m(x)


class _Shared(nn.Module):
    def __init__(self):
        super().__init__()
        torch.manual_seed(0)
        self.enc = nn.Linear(4, 4)
        self.dec = self.enc
        self.head = nn.Sequential(nn.ReLU(), nn.Linear(4, 2))
        self.register_buffer("mask", torch.ones(4))

    def forward(self, x):
        return self.head(self.dec(self.enc(x) * self.mask))


@case(lambda: (_Shared(), randn(0, (2, 4))))
def e_member_listings_with_arguments(m, x):
    return (m(x), [n for n, _ in m.named_parameters(prefix="model")],
            len(list(m.parameters(recurse=False))), len(list(m.children())),
            [n for n, _ in m.named_modules(remove_duplicate=False)],
            [n for n, _ in m.named_buffers(recurse=False)], next(m.parameters()).shape)


@case(lambda: (_Shared(), randn(0, (2, 4))))
def e_sgd_step_through_data(m, x):
    loss = m(x).square().mean()
    for p in m.parameters():
        p.data.mul_(0.9)
        p.data.clamp_(-0.5, 0.5)
    return loss, m.enc.weight.data.requires_grad, m(x)


@case(lambda: (_Shared(), randn(0, (2, 4))))
def e_parameter_count_and_freeze_probe(m, x):
    trainable = sum(p.numel() for p in m.parameters() if p.requires_grad)
    shapes = {n: tuple(p.shape) for n, p in m.named_parameters()}
    kinds = [type(c).__name__ for c in m.modules()]
    return m(x).detach(), trainable, shapes, kinds


def _conv_net():
    torch.manual_seed(0)
    net = nn.Sequential(nn.Conv2d(2, 4, 3, padding=1), nn.BatchNorm2d(4), nn.ReLU(),
                        nn.MaxPool2d(2), nn.Flatten(), nn.Linear(4 * 4 * 4, 3))
    return net.eval(), randn(0, (2, 2, 8, 8))


@case(_conv_net)
def e_conv_bn_pool_eval(net, x):
    feats = net[:4](x)
    return net(x), feats.shape, net[1].running_var.shape, net.training


@case()
def e_functional_conv_pool_interpolate(a, b):
    img = a.reshape(1, 1, 3, 4)
    w = torch.ones(2, 1, 2, 2) / 4
    return (F.conv2d(img, w, padding=1), F.max_pool2d(img, 2, ceil_mode=True),
            F.avg_pool2d(img, (1, 2)), F.interpolate(img, scale_factor=2, mode="nearest"),
            F.interpolate(img, size=(6, 8), mode="bilinear", align_corners=False).shape,
            F.unfold(img, 2).shape, F.adaptive_avg_pool2d(img, 1))


@case()
def e_losses_with_reductions(a, b):
    target = torch.tensor([1, 0, 3])
    return (F.cross_entropy(a, target, reduction="none"), F.nll_loss(a.log_softmax(1), target),
            F.binary_cross_entropy_with_logits(a, (b > 0).float()),
            F.l1_loss(a, b, reduction="sum"),
            F.smooth_l1_loss(a, b, beta=0.5), F.kl_div(a.log_softmax(1), b.softmax(1),
                                                       reduction="batchmean"),
            nn.CrossEntropyLoss(label_smoothing=0.1)(a, target), nn.MSELoss()(a, b))


class _Residual(nn.Module):
    def __init__(self, inner):
        super().__init__()
        self.inner = inner
        self.gate = nn.Parameter(torch.tensor(0.5))

    def forward(self, x):
        return x + self.gate * self.inner(x)


def _residual_stack():
    torch.manual_seed(0)
    blocks = nn.ModuleList(_Residual(nn.Sequential(nn.Linear(4, 4), nn.Tanh())) for _ in range(2))
    return blocks, randn(0, (3, 4))


@case(_residual_stack)
def e_nested_module_containers(blocks, x):
    for block in blocks:
        x = block(x)
    gates = [b.gate for b in blocks]
    return x, torch.stack(gates), blocks[0].inner[0].weight.shape, len(blocks[1].inner)


class _StatefulHookNet(nn.Module):
    def __init__(self):
        super().__init__()
        torch.manual_seed(0)
        self.lin = nn.Linear(4, 4)
        self.seen = []
        self.lin.register_forward_hook(self._record)

    def _record(self, module, inputs, output):
        self.seen.append(output.shape)

    def forward(self, x):
        return self.lin(x).relu()


@case(lambda: (_StatefulHookNet(), randn(0, (2, 4))))
def e_hook_records_into_module_list(m, x):
    y = m(x)
    return y, list(m.seen), len(m.seen)


@case()
def e_nn_init_family(a, b):
    w = torch.empty(3, 4)
    nn.init.uniform_(w, -0.1, 0.1)
    n = nn.init.normal_(torch.empty(2, 2), mean=1.0, std=0.0)
    k = nn.init.kaiming_uniform_(torch.empty(4, 4), a=math.sqrt(5))
    d = nn.init.dirac_(torch.empty(2, 2, 3))
    return w.abs().max() <= 0.1, n, k.shape, d, nn.init.calculate_gain("relu")
