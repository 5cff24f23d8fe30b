"""Small vision models written from torch alone (tests/models/vision_zoo.py): ResNet, MobileNetV2,
EfficientNet, ViT, Swin, ConvNeXt, DenseNet, and an LSTM/GRU sequence model. Each compiles whole
(`fullgraph=True`) in eval mode, equals eager twice without recompiling, and gives no more graphs
than `torch.compile(backend="eager")` (counts below, measured with a counting backend under
no_grad, 2x3x32x32 inputs). Training: one ResNet step (cross-entropy, fresh models) updates
BatchNorm statistics and gives every gradient as eager does; the other models' forward and
backward in train mode (dropout, stochastic depth drawn from the seeded generator) equal eager's."""

import warnings

import pytest
import torch

import compiler
from tests.models.vision_zoo import BY_NAME, CASES, TinyResNet

pytestmark = pytest.mark.slow

# torch.compile(backend=<counting eager backend>): (graphs, ops). torch 2.13 runs the ViT encoder
# on its fast path (one fused op per layer) and does not trace nn.LSTM/nn.GRU at all (no graph).
TORCH_COUNTS = {"resnet": (1, 52), "mobilenet_v2": (1, 50), "efficientnet": (1, 77),
                "vit": (1, 11), "swin": (1, 99), "convnext": (1, 50), "densenet": (1, 42),
                "lstm": (0, 0)}


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("name", [case.name for case in CASES])
def test_inference_fullgraph_equals_eager(name):
    case = BY_NAME[name]
    model, x = case.build(), case.inputs()
    with torch.no_grad():
        expected = model(x)
        compiled = compiler.compile(model, backend="eager", fullgraph=True)
        first = compiled(x)
        second = compiled(x)
    torch.testing.assert_close(first, expected)
    torch.testing.assert_close(second, expected)
    stats = compiler.stats(compiled)
    assert stats.graphs == 1 and stats.ops > 0, stats
    assert not stats.graph_breaks and not stats.fallbacks, stats
    assert not stats.recompiles, stats.recompiles
    assert stats.graphs <= max(TORCH_COUNTS[name][0], 1), stats


def test_inference_with_grad_enabled_equals_eager():
    """Grad mode on: the ViT encoder leaves its fast path (parameters need grad)."""
    case = BY_NAME["vit"]
    model, x = case.build(), case.inputs()
    expected = model(x)
    compiled = compiler.compile(model, backend="eager", fullgraph=True)
    torch.testing.assert_close(compiled(x), expected)
    torch.testing.assert_close(compiled(x), expected)
    stats = compiler.stats(compiled)
    assert stats.graphs == 1 and not stats.recompiles, stats


def _resnet_pair():
    torch.manual_seed(0)
    eager = TinyResNet().train()
    ours = TinyResNet().train()
    ours.load_state_dict(eager.state_dict())
    return eager, ours


def test_resnet_training_step_equals_eager():
    eager, ours = _resnet_pair()
    torch.manual_seed(2)
    x, target = torch.randn(4, 3, 32, 32), torch.randint(0, 10, (4,))
    torch.nn.functional.cross_entropy(eager(x), target).backward()
    compiled = compiler.compile(ours, backend="eager", fullgraph=True)
    loss = torch.nn.functional.cross_entropy(compiled(x), target)
    loss.backward()
    stats = compiler.stats(compiled)
    assert stats.graphs == 1 and not stats.fallbacks, stats
    want_buffers = dict(eager.named_buffers())
    for n, b in ours.named_buffers():  # running_mean/var and num_batches_tracked updated alike
        torch.testing.assert_close(b, want_buffers[n], msg=lambda m, n=n: f"{n}: {m}")
    assert int(ours.stem[1].num_batches_tracked) == 1
    grads = {n: p.grad for n, p in eager.named_parameters()}
    for n, p in ours.named_parameters():
        assert p.grad is not None, n
        torch.testing.assert_close(p.grad, grads[n], msg=lambda m, n=n: f"{n}: {m}")


@pytest.mark.parametrize("name", [case.name for case in CASES if case.name != "resnet"])
def test_training_forward_backward_equals_eager(name):
    """Train mode: dropout and stochastic depth draw from the seeded generator as eager does,
    BatchNorm statistics move alike, every gradient equal."""
    case = BY_NAME[name]
    eager, ours, x = case.build().train(), case.build().train(), case.inputs()
    torch.manual_seed(5)
    expected = eager(x)
    expected.sum().backward()
    compiled = compiler.compile(ours, backend="eager", fullgraph=True)
    torch.manual_seed(5)
    actual = compiled(x)
    actual.sum().backward()
    torch.testing.assert_close(actual, expected)
    stats = compiler.stats(compiled)
    assert stats.graphs == 1 and not stats.graph_breaks and not stats.fallbacks, stats
    buffers = dict(eager.named_buffers())
    for n, b in ours.named_buffers():
        torch.testing.assert_close(b, buffers[n], msg=lambda m, n=n: f"{n}: {m}")
    params = dict(eager.named_parameters())
    for n, p in ours.named_parameters():
        torch.testing.assert_close(p.grad, params[n].grad, msg=lambda m, n=n: f"{n}: {m}")
