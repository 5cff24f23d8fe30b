"""Tiny Hugging Face `transformers` models (tests/models/zoo.py: the issue's families and 50
more) compiled whole: outputs equal eager's, at least one graph, no fallback, no recompile on a
second identical call, and at most one graph more than `torch.compile(backend="eager")` gives
(counts in bench/bench_models.py). Training: one backward step of BERT, GPT-2, T5, BART and
Whisper gives eager's gradients, with no fallback and the same bound on graphs (GPT-2's loss
lookup logs through a cached `warning_once`: a break, as under torch.compile); with dropout
on, seeded steps equal eager's."""

import warnings

import pytest
import torch

import compiler
from bench.bench_models import flat_tensors
from tests.models.zoo import BY_NAME, CASES, MORE_CASES

pytestmark = pytest.mark.slow

# torch.compile(backend="eager") graph counts for these models (bench/bench_models.py).
TORCH_GRAPHS = {name: 1 for name in BY_NAME}


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def assert_outputs_equal(actual, expected) -> None:
    got, want = flat_tensors(actual), flat_tensors(expected)
    assert type(actual) is type(expected)
    assert list(actual.keys()) == list(expected.keys())
    assert len(got) == len(want) > 0
    for a, e in zip(got, want):
        torch.testing.assert_close(a, e)


@pytest.mark.parametrize("name", [case.name for case in [*CASES, *MORE_CASES]])
def test_inference_compiles_and_equals_eager(name):
    case = BY_NAME[name]
    model, inputs = case.build(), case.inputs()
    with torch.no_grad():
        expected = model(**inputs)
        compiled = compiler.compile(model, backend="eager")
        first = compiled(**inputs)
        second = compiled(**inputs)
    assert_outputs_equal(first, expected)
    assert_outputs_equal(second, expected)
    stats = compiler.stats(compiled)
    assert stats.graphs >= 1, stats
    assert not stats.fallbacks, stats.fallbacks
    assert not stats.recompiles, stats.recompiles
    assert stats.graphs <= TORCH_GRAPHS[name] + 1, stats


SEQ2SEQ = {"t5": "T5ForConditionalGeneration", "bart": "BartForConditionalGeneration",
           "whisper": "WhisperForConditionalGeneration"}


def _train_inputs(name):
    inputs = BY_NAME[name].inputs()
    if name == "gpt2":
        return {**inputs, "labels": inputs["input_ids"]}
    if name in SEQ2SEQ:
        return {**inputs, "labels": inputs["decoder_input_ids"]}
    return {**inputs, "labels": torch.tensor([0, 1])}


@pytest.mark.parametrize("name,model_class", [("bert", "BertForSequenceClassification"),
                                              ("gpt2", "GPT2LMHeadModel"), *SEQ2SEQ.items()])
def test_training_step_gradients_equal_eager(name, model_class):
    import transformers
    config = BY_NAME[name].build().config
    for rate in ("dropout_rate", "dropout", "attention_dropout", "activation_dropout"):
        if hasattr(config, rate):  # functional dropout reads its rate from the config
            setattr(config, rate, 0.0)
    torch.manual_seed(0)
    eager = getattr(transformers, model_class)(config).train()
    torch.manual_seed(0)
    ours = getattr(transformers, model_class)(config).train()
    ours.load_state_dict(eager.state_dict())
    for module in (eager, ours):  # dropout off: both sides must draw nothing
        for sub in module.modules():
            if isinstance(sub, torch.nn.Dropout):
                sub.p = 0.0
    inputs = _train_inputs(name)
    expected = eager(**inputs)
    expected.loss.backward()
    compiled = compiler.compile(ours, backend="eager")
    outputs = compiled(**inputs)
    outputs.loss.backward()
    assert_outputs_equal(outputs, expected)
    stats = compiler.stats(compiled)
    assert stats.graphs >= 1, stats
    assert not stats.fallbacks, stats
    assert stats.graphs <= TORCH_GRAPHS[name] + 1, stats
    grads = {n: p.grad for n, p in eager.named_parameters()}
    for n, p in ours.named_parameters():
        if grads[n] is None:
            assert p.grad is None, n
        else:
            torch.testing.assert_close(p.grad, grads[n], msg=lambda m, n=n: f"{n}: {m}")


@pytest.mark.parametrize("name,model_class", [("bert", "BertForSequenceClassification"),
                                              ("llama", "LlamaForCausalLM")])
def test_training_steps_with_dropout_draw_eagers_random_numbers(name, model_class):
    """Dropout on: seeded alike, the compiled model draws the same masks as eager, so two
    training steps give eager's losses and gradients (tracing draws nothing for real)."""
    import transformers
    config = BY_NAME[name].build().config
    config.attention_dropout = config.hidden_dropout_prob = 0.1
    torch.manual_seed(0)
    eager = getattr(transformers, model_class)(config).train()
    ours = getattr(transformers, model_class)(config).train()
    ours.load_state_dict(eager.state_dict())
    compiled = compiler.compile(ours, backend="eager")
    inputs = BY_NAME[name].inputs()
    labels = torch.tensor([0, 1]) if name == "bert" else inputs["input_ids"]
    for step in range(2):
        losses = []
        for model in (eager, compiled):
            torch.manual_seed(10 + step)
            loss = model(**inputs, labels=labels).loss
            loss.backward()
            losses.append(loss)
        torch.testing.assert_close(losses[1], losses[0])
        for (n, p), q in zip(eager.named_parameters(), ours.parameters()):
            torch.testing.assert_close(q.grad, p.grad, msg=lambda m, n=n: f"{n}: {m}")
    stats = compiler.stats(compiled)
    assert stats.graphs == 1 and not stats.fallbacks and not stats.recompiles, stats


@pytest.mark.parametrize("name", ["gpt2", "llama", "t5", "bart"])
def test_new_sequence_lengths_recompile_once_then_stay_symbolic(name):
    """As under torch.compile: the second length recompiles with symbolic sizes (and strides,
    for a slice of ever longer ids), and later lengths reuse that graph."""
    case = BY_NAME[name]
    model = case.build()
    compiled = compiler.compile(model, backend="eager")
    with torch.no_grad():
        for seq in (8, 12, 16, 5):
            ids = torch.randint(3, 100, (2, seq), generator=torch.Generator().manual_seed(seq))
            inputs = {"input_ids": ids}
            if "decoder_input_ids" in case.inputs():
                inputs["decoder_input_ids"] = torch.cat([ids, ids], 1)[:, :seq - 2]
            else:
                inputs["attention_mask"] = torch.ones(2, seq, dtype=torch.long)
            assert_outputs_equal(compiled(**inputs), model(**inputs))
    stats = compiler.stats(compiled)
    assert (stats.graphs, len(stats.recompiles)) == (2, 1), stats.recompiles
