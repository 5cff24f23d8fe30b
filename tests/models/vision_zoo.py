"""Small vision (and one recurrent) models written from torch alone, after the shapes of the
well-known architectures: ResNet, MobileNetV2, EfficientNet, ViT, Swin, ConvNeXt, DenseNet and an
LSTM classifier. Random weights seeded, 32x32 inputs, few channels. Used by test_vision.py."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import FunctionType

import torch
from torch import nn
from torch.nn import functional as F


# ---------------------------------------------------------------- ResNet
class BasicBlock(nn.Module):
    expansion = 1

    def __init__(self, cin: int, cout: int, stride: int = 1):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(cout)
        self.relu = nn.ReLU(inplace=True)
        self.conv2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)
        self.downsample = None
        if stride != 1 or cin != cout:
            self.downsample = nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False),
                                            nn.BatchNorm2d(cout))

    def forward(self, x):
        identity = x
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        if self.downsample is not None:
            identity = self.downsample(x)
        out += identity
        return self.relu(out)


class TinyResNet(nn.Module):
    def __init__(self, widths=(8, 16, 32), classes: int = 10):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, widths[0], 3, 1, 1, bias=False),
                                  nn.BatchNorm2d(widths[0]), nn.ReLU(inplace=True))
        layers, cin = [], widths[0]
        for i, w in enumerate(widths):
            stride = 1 if i == 0 else 2
            layers.append(nn.Sequential(BasicBlock(cin, w, stride), BasicBlock(w, w)))
            cin = w
        self.layers = nn.Sequential(*layers)
        self.pool = nn.AdaptiveAvgPool2d((1, 1))
        self.fc = nn.Linear(cin, classes)

    def forward(self, x):
        x = self.layers(self.stem(x))
        x = torch.flatten(self.pool(x), 1)
        return self.fc(x)


# ---------------------------------------------------------------- MobileNetV2
def conv_bn_act(cin, cout, k=3, stride=1, groups=1, act=nn.ReLU6):
    layers = [nn.Conv2d(cin, cout, k, stride, (k - 1) // 2, groups=groups, bias=False),
              nn.BatchNorm2d(cout)]
    if act is not None:
        layers.append(act(inplace=True))
    return nn.Sequential(*layers)


class InvertedResidual(nn.Module):
    def __init__(self, cin, cout, stride, expand):
        super().__init__()
        hidden = cin * expand
        self.use_res = stride == 1 and cin == cout
        layers = [] if expand == 1 else [conv_bn_act(cin, hidden, 1)]
        layers += [conv_bn_act(hidden, hidden, 3, stride, groups=hidden),
                   conv_bn_act(hidden, cout, 1, act=None)]
        self.conv = nn.Sequential(*layers)

    def forward(self, x):
        if self.use_res:
            return x + self.conv(x)
        return self.conv(x)


class TinyMobileNetV2(nn.Module):
    def __init__(self, classes=10):
        super().__init__()
        blocks = [conv_bn_act(3, 8, stride=2)]
        cin = 8
        for expand, cout, repeat, stride in [(1, 8, 1, 1), (4, 12, 2, 2), (4, 16, 2, 2)]:
            for i in range(repeat):
                blocks.append(InvertedResidual(cin, cout, stride if i == 0 else 1, expand))
                cin = cout
        blocks.append(conv_bn_act(cin, 32, 1))
        self.features = nn.Sequential(*blocks)
        self.classifier = nn.Sequential(nn.Dropout(0.2), nn.Linear(32, classes))

    def forward(self, x):
        x = self.features(x)
        x = F.adaptive_avg_pool2d(x, (1, 1))
        return self.classifier(torch.flatten(x, 1))


# ---------------------------------------------------------------- EfficientNet
def log_usage(obj) -> None:
    """Record that an API was used, named by module and function or class (as torchvision
    does on entry to its ops): reads `obj.__module__` and `obj.__class__` of a non-function."""
    if torch.jit.is_scripting() or torch.jit.is_tracing():
        return
    module = obj.__module__
    if not module.startswith("torchvision"):
        module = f"tests.{module}"
    name = obj.__class__.__name__
    if isinstance(obj, FunctionType):
        name = obj.__name__
    torch._C._log_api_usage_once(f"{module}.{name}")


def stochastic_depth(x: torch.Tensor, p: float, mode: str, training: bool = True):
    """Drop whole samples ("row") or the whole batch with probability p, as EfficientNet does."""
    log_usage(stochastic_depth)
    if p < 0.0 or p > 1.0:
        raise ValueError(f"drop probability has to be between 0 and 1, but got {p}")
    if mode not in ["batch", "row"]:
        raise ValueError(f"mode has to be either 'batch' or 'row', but got {mode}")
    if not training or p == 0.0:
        return x
    keep = 1.0 - p
    shape = [x.shape[0]] + [1] * (x.ndim - 1) if mode == "row" else [1] * x.ndim
    noise = torch.empty(shape, dtype=x.dtype, device=x.device).bernoulli_(keep)
    if keep > 0.0:
        noise.div_(keep)
    return x * noise


class StochasticDepth(nn.Module):
    def __init__(self, p: float, mode: str):
        super().__init__()
        self.p, self.mode = p, mode

    def forward(self, x):
        return stochastic_depth(x, self.p, self.mode, self.training)

    def __repr__(self):
        return f"{self.__class__.__name__}(p={self.p}, mode={self.mode})"


class SqueezeExcitation(nn.Module):
    def __init__(self, channels, squeeze):
        super().__init__()
        self.avgpool = nn.AdaptiveAvgPool2d(1)
        self.fc1 = nn.Conv2d(channels, squeeze, 1)
        self.fc2 = nn.Conv2d(squeeze, channels, 1)
        self.activation = nn.SiLU()
        self.scale_activation = nn.Sigmoid()

    def forward(self, x):
        scale = self.fc2(self.activation(self.fc1(self.avgpool(x))))
        return x * self.scale_activation(scale)


class MBConv(nn.Module):
    def __init__(self, cin, cout, stride, expand, drop):
        super().__init__()
        hidden = cin * expand
        self.use_res = stride == 1 and cin == cout
        layers = [] if expand == 1 else [conv_bn_act(cin, hidden, 1, act=nn.SiLU)]
        layers += [conv_bn_act(hidden, hidden, 3, stride, groups=hidden, act=nn.SiLU),
                   SqueezeExcitation(hidden, max(1, cin // 4)),
                   conv_bn_act(hidden, cout, 1, act=None)]
        self.block = nn.Sequential(*layers)
        self.stochastic_depth = StochasticDepth(drop, "row")

    def forward(self, x):
        out = self.block(x)
        if self.use_res:
            out = self.stochastic_depth(out) + x
        return out


class TinyEfficientNet(nn.Module):
    def __init__(self, classes=10):
        super().__init__()
        cfg = [(1, 8, 1, 1), (4, 12, 2, 2), (4, 16, 2, 2)]
        total = sum(r for *_, r, _ in cfg)
        layers, cin, index = [conv_bn_act(3, 8, stride=2, act=nn.SiLU)], 8, 0
        for expand, cout, repeat, stride in cfg:
            for i in range(repeat):
                drop = 0.2 * index / total
                layers.append(MBConv(cin, cout, stride if i == 0 else 1, expand, drop))
                cin, index = cout, index + 1
        self.features = nn.Sequential(*layers)
        self.avgpool = nn.AdaptiveAvgPool2d(1)
        self.classifier = nn.Sequential(nn.Dropout(0.2, inplace=True), nn.Linear(cin, classes))

    def forward(self, x):
        x = torch.flatten(self.avgpool(self.features(x)), 1)
        return self.classifier(x)


# ---------------------------------------------------------------- ViT
class TinyViT(nn.Module):
    """Patch embedding conv, a class token, learned positions, torch's TransformerEncoder."""

    def __init__(self, image=32, patch=8, dim=32, heads=4, depth=2, classes=10):
        super().__init__()
        self.patch = patch
        self.conv_proj = nn.Conv2d(3, dim, patch, patch)
        self.class_token = nn.Parameter(torch.zeros(1, 1, dim))
        tokens = (image // patch) ** 2 + 1
        self.pos_embedding = nn.Parameter(torch.randn(1, tokens, dim) * 0.02)
        layer = nn.TransformerEncoderLayer(dim, heads, dim * 2, dropout=0.0, activation="gelu",
                                           batch_first=True, norm_first=True)
        self.encoder = nn.TransformerEncoder(layer, depth, enable_nested_tensor=False)
        self.ln = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        n, _, h, w = x.shape
        torch._assert(h % self.patch == 0, "height not divisible by the patch size")
        x = self.conv_proj(x).reshape(n, -1, (h // self.patch) * (w // self.patch))
        x = x.permute(0, 2, 1)
        x = torch.cat([self.class_token.expand(n, -1, -1), x], dim=1) + self.pos_embedding
        x = self.ln(self.encoder(x))
        return self.head(x[:, 0])


# ---------------------------------------------------------------- Swin
def window_partition(x, ws):
    b, h, w, c = x.shape
    x = x.view(b, h // ws, ws, w // ws, ws, c).permute(0, 1, 3, 2, 4, 5)
    return x.reshape(-1, ws * ws, c)


def window_reverse(windows, ws, b, h, w):
    c = windows.shape[-1]
    x = windows.view(b, h // ws, w // ws, ws, ws, c).permute(0, 1, 3, 2, 4, 5)
    return x.reshape(b, h, w, c)


class WindowAttention(nn.Module):
    def __init__(self, dim, ws, heads):
        super().__init__()
        self.ws, self.heads = ws, heads
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)
        self.relative_position_bias_table = nn.Parameter(
            torch.randn((2 * ws - 1) * (2 * ws - 1), heads) * 0.02)
        coords = torch.stack(torch.meshgrid(torch.arange(ws), torch.arange(ws), indexing="ij"))
        flat = torch.flatten(coords, 1)
        rel = (flat[:, :, None] - flat[:, None, :]).permute(1, 2, 0).contiguous()
        rel[:, :, 0] += ws - 1
        rel[:, :, 1] += ws - 1
        rel[:, :, 0] *= 2 * ws - 1
        self.register_buffer("relative_position_index", rel.sum(-1).flatten(), persistent=False)

    def forward(self, x, mask=None):
        bw, n, c = x.shape
        qkv = self.qkv(x).reshape(bw, n, 3, self.heads, c // self.heads).permute(2, 0, 3, 1, 4)
        q, k, v = qkv[0], qkv[1], qkv[2]
        attn = (q * (c // self.heads) ** -0.5) @ k.transpose(-2, -1)
        bias = self.relative_position_bias_table[self.relative_position_index]
        attn = attn + bias.view(n, n, -1).permute(2, 0, 1).contiguous().unsqueeze(0)
        if mask is not None:
            nw = mask.shape[0]
            attn = attn.view(bw // nw, nw, self.heads, n, n) + mask.unsqueeze(1).unsqueeze(0)
            attn = attn.view(-1, self.heads, n, n)
        x = (attn.softmax(-1) @ v).transpose(1, 2).reshape(bw, n, c)
        return self.proj(x)


class SwinBlock(nn.Module):
    def __init__(self, dim, heads, ws, shift):
        super().__init__()
        self.ws, self.shift = ws, shift
        self.norm1, self.norm2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
        self.attn = WindowAttention(dim, ws, heads)
        self.mlp = nn.Sequential(nn.Linear(dim, dim * 4), nn.GELU(), nn.Linear(dim * 4, dim))

    def _mask(self, h, w, device):
        img = torch.zeros((1, h, w, 1), device=device)
        slices = (slice(0, -self.ws), slice(-self.ws, -self.shift), slice(-self.shift, None))
        count = 0
        for hs in slices:
            for wsl in slices:
                img[:, hs, wsl, :] = count
                count += 1
        windows = window_partition(img, self.ws).squeeze(-1)
        mask = windows.unsqueeze(1) - windows.unsqueeze(2)
        return mask.masked_fill(mask != 0, -100.0).masked_fill(mask == 0, 0.0)

    def forward(self, x):
        b, h, w, c = x.shape
        y = self.norm1(x)
        mask = None
        if self.shift > 0:
            y = torch.roll(y, shifts=(-self.shift, -self.shift), dims=(1, 2))
            mask = self._mask(h, w, x.device)
        y = self.attn(window_partition(y, self.ws), mask)
        y = window_reverse(y, self.ws, b, h, w)
        if self.shift > 0:
            y = torch.roll(y, shifts=(self.shift, self.shift), dims=(1, 2))
        x = x + y
        return x + self.mlp(self.norm2(x))


class TinySwin(nn.Module):
    def __init__(self, dim=16, classes=10):
        super().__init__()
        self.patch = nn.Conv2d(3, dim, 4, 4)
        self.norm = nn.LayerNorm(dim)
        self.blocks = nn.Sequential(SwinBlock(dim, 2, 4, 0), SwinBlock(dim, 2, 4, 2))
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        x = self.norm(self.patch(x).permute(0, 2, 3, 1))
        x = self.blocks(x)
        return self.head(x.mean(dim=(1, 2)))


# ---------------------------------------------------------------- ConvNeXt
class LayerNorm2d(nn.LayerNorm):
    def forward(self, x):
        x = x.permute(0, 2, 3, 1)
        x = F.layer_norm(x, self.normalized_shape, self.weight, self.bias, self.eps)
        return x.permute(0, 3, 1, 2)


class Permute(nn.Module):
    def __init__(self, dims):
        super().__init__()
        self.dims = dims

    def forward(self, x):
        return torch.permute(x, self.dims)


class CNBlock(nn.Module):
    def __init__(self, dim, scale=1e-6 + 0.5, drop=0.0):
        super().__init__()
        self.block = nn.Sequential(
            nn.Conv2d(dim, dim, 7, padding=3, groups=dim), Permute([0, 2, 3, 1]),
            nn.LayerNorm(dim, eps=1e-6), nn.Linear(dim, 4 * dim), nn.GELU(),
            nn.Linear(4 * dim, dim), Permute([0, 3, 1, 2]))
        self.layer_scale = nn.Parameter(torch.ones(dim, 1, 1) * scale)
        self.stochastic_depth = StochasticDepth(drop, "row")

    def forward(self, x):
        return x + self.stochastic_depth(self.layer_scale * self.block(x))


class TinyConvNeXt(nn.Module):
    def __init__(self, dims=(8, 16), classes=10):
        super().__init__()
        layers = [nn.Sequential(nn.Conv2d(3, dims[0], 4, 4), LayerNorm2d(dims[0], eps=1e-6))]
        for i, d in enumerate(dims):
            if i > 0:
                layers.append(nn.Sequential(LayerNorm2d(dims[i - 1], eps=1e-6),
                                            nn.Conv2d(dims[i - 1], d, 2, 2)))
            layers.append(nn.Sequential(CNBlock(d, drop=0.1 * i), CNBlock(d, drop=0.1)))
        self.features = nn.Sequential(*layers)
        self.avgpool = nn.AdaptiveAvgPool2d(1)
        self.classifier = nn.Sequential(LayerNorm2d(dims[-1], eps=1e-6), nn.Flatten(1),
                                        nn.Linear(dims[-1], classes))

    def forward(self, x):
        return self.classifier(self.avgpool(self.features(x)))


# ---------------------------------------------------------------- DenseNet
class DenseLayer(nn.Module):
    def __init__(self, cin, growth, bn_size=2):
        super().__init__()
        self.norm1, self.relu1 = nn.BatchNorm2d(cin), nn.ReLU(inplace=True)
        self.conv1 = nn.Conv2d(cin, bn_size * growth, 1, bias=False)
        self.norm2, self.relu2 = nn.BatchNorm2d(bn_size * growth), nn.ReLU(inplace=True)
        self.conv2 = nn.Conv2d(bn_size * growth, growth, 3, padding=1, bias=False)

    def bottleneck(self, inputs: list[torch.Tensor]) -> torch.Tensor:
        return self.conv1(self.relu1(self.norm1(torch.cat(inputs, 1))))

    def forward(self, features):
        inputs = [features] if isinstance(features, torch.Tensor) else features
        return self.conv2(self.relu2(self.norm2(self.bottleneck(inputs))))


class DenseBlock(nn.ModuleDict):
    def __init__(self, layers, cin, growth):
        super().__init__()
        for i in range(layers):
            self.add_module(f"denselayer{i + 1}", DenseLayer(cin + i * growth, growth))

    def forward(self, x):
        features = [x]
        for _, layer in self.items():
            features.append(layer(features))
        return torch.cat(features, 1)


class TinyDenseNet(nn.Module):
    def __init__(self, growth=4, blocks=(2, 2), classes=10):
        super().__init__()
        self.features = nn.Sequential()
        self.features.add_module("conv0", nn.Conv2d(3, 8, 3, padding=1, bias=False))
        self.features.add_module("norm0", nn.BatchNorm2d(8))
        self.features.add_module("relu0", nn.ReLU(inplace=True))
        channels = 8
        for i, layers in enumerate(blocks):
            self.features.add_module(f"denseblock{i + 1}", DenseBlock(layers, channels, growth))
            channels += layers * growth
            if i != len(blocks) - 1:
                self.features.add_module(f"transition{i + 1}", nn.Sequential(
                    nn.BatchNorm2d(channels), nn.ReLU(inplace=True),
                    nn.Conv2d(channels, channels // 2, 1, bias=False), nn.AvgPool2d(2, 2)))
                channels //= 2
        self.features.add_module("norm5", nn.BatchNorm2d(channels))
        self.classifier = nn.Linear(channels, classes)

    def forward(self, x):
        out = F.relu(self.features(x), inplace=True)
        out = torch.flatten(F.adaptive_avg_pool2d(out, (1, 1)), 1)
        return self.classifier(out)


# ---------------------------------------------------------------- LSTM / GRU
class SequenceClassifier(nn.Module):
    def __init__(self, features=8, hidden=16, classes=5):
        super().__init__()
        self.lstm = nn.LSTM(features, hidden, num_layers=2, batch_first=True)
        self.gru = nn.GRU(hidden, hidden, batch_first=True, bidirectional=True)
        self.head = nn.Linear(2 * hidden, classes)

    def forward(self, x):
        out, (h, c) = self.lstm(x)
        out, h2 = self.gru(out)
        return self.head(out[:, -1]) + h2.sum(0).sum(-1, keepdim=True)


# ---------------------------------------------------------------- cases
@dataclass(frozen=True)
class Case:
    name: str
    make: Callable[[], nn.Module]
    shape: tuple[int, ...]

    def build(self) -> nn.Module:
        torch.manual_seed(0)
        model = self.make().eval()
        for module in model.modules():  # non-trivial running statistics in eval mode
            if isinstance(module, nn.BatchNorm2d):
                module.running_mean.uniform_(-0.1, 0.1)
                module.running_var.uniform_(0.5, 1.5)
        return model

    def inputs(self) -> torch.Tensor:
        torch.manual_seed(1)
        return torch.randn(self.shape)


CASES = [
    Case("resnet", TinyResNet, (2, 3, 32, 32)),
    Case("mobilenet_v2", TinyMobileNetV2, (2, 3, 32, 32)),
    Case("efficientnet", TinyEfficientNet, (2, 3, 32, 32)),
    Case("vit", TinyViT, (2, 3, 32, 32)),
    Case("swin", TinySwin, (2, 3, 32, 32)),
    Case("convnext", TinyConvNeXt, (2, 3, 32, 32)),
    Case("densenet", TinyDenseNet, (2, 3, 32, 32)),
    Case("lstm", SequenceClassifier, (2, 6, 8)),
]
BY_NAME = {case.name: case for case in CASES}
