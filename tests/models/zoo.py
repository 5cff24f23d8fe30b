"""Tiny Hugging Face `transformers` models built from config classes (random weights, no
downloads), with the inputs each one needs. Shared by tests/models and bench/bench_models.py.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import torch

TINY = dict(hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64,
            vocab_size=100)
BATCH, SEQ = 2, 8


@dataclass
class Case:
    name: str
    build: Callable[[], torch.nn.Module]
    inputs: Callable[[], dict[str, torch.Tensor]]


def _ids(seq: int = SEQ) -> torch.Tensor:
    return torch.randint(0, TINY["vocab_size"], (BATCH, seq),
                         generator=torch.Generator().manual_seed(1))


def _text_inputs() -> dict[str, torch.Tensor]:
    return {"input_ids": _ids(), "attention_mask": torch.ones(BATCH, SEQ, dtype=torch.long)}


def _seq2seq_inputs() -> dict[str, torch.Tensor]:
    return {"input_ids": _ids(), "decoder_input_ids": _ids(5)}


def _made(config_name: str, model_name: str, **options) -> Callable[[], torch.nn.Module]:
    def build() -> torch.nn.Module:
        import transformers
        torch.manual_seed(0)
        config = getattr(transformers, config_name)(**options)
        return getattr(transformers, model_name)(config).eval()
    return build


def _bert_like(config: str, model: str) -> Callable[[], torch.nn.Module]:
    return _made(config, model, **TINY, max_position_embeddings=64)


def _decoder(config: str, model: str) -> Callable[[], torch.nn.Module]:
    return _made(config, model, **TINY, num_key_value_heads=2, max_position_embeddings=64)


CASES = [
    Case("bert", _bert_like("BertConfig", "BertModel"), _text_inputs),
    Case("distilbert", _made("DistilBertConfig", "DistilBertModel", vocab_size=100, dim=32,
                             n_layers=2, n_heads=2, hidden_dim=64, max_position_embeddings=64),
         _text_inputs),
    Case("roberta", _bert_like("RobertaConfig", "RobertaModel"), _text_inputs),
    Case("gpt2", _made("GPT2Config", "GPT2Model", vocab_size=100, n_embd=32, n_layer=2,
                       n_head=2, n_positions=64), _text_inputs),
    Case("llama", _decoder("LlamaConfig", "LlamaModel"), _text_inputs),
    Case("mistral", _decoder("MistralConfig", "MistralModel"), _text_inputs),
    Case("t5", _made("T5Config", "T5Model", vocab_size=100, d_model=32, d_kv=16, d_ff=64,
                     num_layers=2, num_decoder_layers=2, num_heads=2), _seq2seq_inputs),
    Case("bart", _made("BartConfig", "BartModel", vocab_size=100, d_model=32,
                       encoder_layers=2, decoder_layers=2, encoder_attention_heads=2,
                       decoder_attention_heads=2, encoder_ffn_dim=64, decoder_ffn_dim=64,
                       max_position_embeddings=64), _seq2seq_inputs),
    Case("vit", _made("ViTConfig", "ViTModel", hidden_size=32, num_hidden_layers=2,
                      num_attention_heads=2, intermediate_size=64, image_size=32,
                      patch_size=8, num_channels=3),
         lambda: {"pixel_values": torch.randn(BATCH, 3, 32, 32,
                                              generator=torch.Generator().manual_seed(1))}),
    Case("whisper", _made("WhisperConfig", "WhisperModel", vocab_size=100, d_model=32,
                          encoder_layers=2, decoder_layers=2, encoder_attention_heads=2,
                          decoder_attention_heads=2, encoder_ffn_dim=64, decoder_ffn_dim=64,
                          num_mel_bins=8, max_source_positions=16, max_target_positions=32,
                          pad_token_id=0, bos_token_id=1, eos_token_id=2,
                          decoder_start_token_id=1, begin_suppress_tokens=None,
                          suppress_tokens=None),
         lambda: {"input_features": torch.randn(BATCH, 8, 32,
                                                generator=torch.Generator().manual_seed(1)),
                  "decoder_input_ids": _ids(5)}),
    Case("wav2vec2", _made("Wav2Vec2Config", "Wav2Vec2Model", **TINY,
                           conv_dim=(16, 16), conv_stride=(5, 2), conv_kernel=(10, 3),
                           num_conv_pos_embeddings=16, num_conv_pos_embedding_groups=2),
         lambda: {"input_values": torch.randn(BATCH, 400,
                                              generator=torch.Generator().manual_seed(1))}),
]
BY_NAME = {case.name: case for case in CASES}
