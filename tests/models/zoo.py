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

def _vision_inputs(size: int = 32) -> Callable[[], dict[str, torch.Tensor]]:
    return lambda: {"pixel_values": torch.randn(BATCH, 3, size, size,
                                                generator=torch.Generator().manual_seed(1))}


_ENCODER = {k: v for k, v in TINY.items() if k != "vocab_size"}
_PATCHES = dict(_ENCODER, image_size=32, patch_size=8)

# More families, beyond the ones named above: each compiles to torch.compile's one graph.
MORE_CASES = [
    Case("albert", _made("AlbertConfig", "AlbertModel", **TINY, embedding_size=16,
                         max_position_embeddings=64), _text_inputs),
    Case("electra", _made("ElectraConfig", "ElectraModel", **TINY, embedding_size=16,
                          max_position_embeddings=64), _text_inputs),
    Case("deberta_v2", _bert_like("DebertaV2Config", "DebertaV2Model"), _text_inputs),
    Case("xlm_roberta", _bert_like("XLMRobertaConfig", "XLMRobertaModel"), _text_inputs),
    Case("mobilebert", _made("MobileBertConfig", "MobileBertModel", **TINY, embedding_size=16,
                             intra_bottleneck_size=32, true_hidden_size=32,
                             max_position_embeddings=64), _text_inputs),
    Case("gpt_neo", _made("GPTNeoConfig", "GPTNeoModel", vocab_size=100, hidden_size=32,
                          num_layers=2, num_heads=2, attention_types=[[["global", "local"], 1]],
                          max_position_embeddings=64, window_size=4), _text_inputs),
    Case("gptj", _made("GPTJConfig", "GPTJModel", vocab_size=100, n_embd=32, n_layer=2,
                       n_head=2, rotary_dim=8, n_positions=64), _text_inputs),
    Case("gpt_bigcode", _made("GPTBigCodeConfig", "GPTBigCodeModel", vocab_size=100, n_embd=32,
                              n_layer=2, n_head=2, n_positions=64), _text_inputs),
    Case("opt", _made("OPTConfig", "OPTModel", vocab_size=100, hidden_size=32,
                      num_hidden_layers=2, ffn_dim=64, num_attention_heads=2,
                      max_position_embeddings=64, word_embed_proj_dim=32), _text_inputs),
    Case("bloom", _made("BloomConfig", "BloomModel", vocab_size=100, hidden_size=32, n_layer=2,
                        n_head=2), _text_inputs),
    Case("falcon", _made("FalconConfig", "FalconModel", vocab_size=100, hidden_size=32,
                         num_hidden_layers=2, num_attention_heads=2), _text_inputs),
    Case("qwen2", _decoder("Qwen2Config", "Qwen2Model"), _text_inputs),
    Case("phi", _decoder("PhiConfig", "PhiModel"), _text_inputs),
    Case("gemma", _made("GemmaConfig", "GemmaModel", **TINY, num_key_value_heads=2,
                        max_position_embeddings=64, head_dim=16), _text_inputs),
    Case("mbart", _made("MBartConfig", "MBartModel", vocab_size=100, d_model=32,
                        encoder_layers=2, decoder_layers=2, encoder_attention_heads=2,
                        decoder_attention_heads=2, encoder_ffn_dim=64, decoder_ffn_dim=64,
                        max_position_embeddings=64), _seq2seq_inputs),
    Case("clip_text", _made("CLIPTextConfig", "CLIPTextModel", **TINY,
                            max_position_embeddings=64), _text_inputs),
    Case("clip_vision", _made("CLIPVisionConfig", "CLIPVisionModel", **_PATCHES),
         _vision_inputs()),
    Case("deit", _made("DeiTConfig", "DeiTModel", **_PATCHES), _vision_inputs()),
    Case("beit", _made("BeitConfig", "BeitModel", **_PATCHES), _vision_inputs()),
    Case("dinov2", _made("Dinov2Config", "Dinov2Model", **_PATCHES), _vision_inputs()),
    Case("swin", _made("SwinConfig", "SwinModel", image_size=32, patch_size=4, embed_dim=16,
                       depths=[1, 1], num_heads=[2, 2], window_size=4), _vision_inputs()),
    Case("convnext", _made("ConvNextConfig", "ConvNextModel", num_stages=2, hidden_sizes=[8, 16],
                           depths=[1, 1]), _vision_inputs()),
    Case("resnet_hf", _made("ResNetConfig", "ResNetModel", embedding_size=8,
                            hidden_sizes=[8, 16], depths=[1, 1]), _vision_inputs()),
    Case("segformer", _made("SegformerConfig", "SegformerModel", num_encoder_blocks=2,
                            depths=[1, 1], sr_ratios=[2, 1], hidden_sizes=[8, 16],
                            num_attention_heads=[1, 2], patch_sizes=[7, 3], strides=[4, 2],
                            mlp_ratios=[2, 2]), _vision_inputs()),
]
_SEQ2SEQ = dict(vocab_size=100, d_model=32, encoder_layers=2, decoder_layers=2,
                encoder_attention_heads=2, decoder_attention_heads=2, encoder_ffn_dim=64,
                decoder_ffn_dim=64, max_position_embeddings=64)
_AUDIO = dict(TINY, conv_dim=(16, 16), conv_stride=(5, 2), conv_kernel=(10, 3),
              num_conv_pos_embeddings=16, num_conv_pos_embedding_groups=2)
_VIT = dict(_ENCODER, image_size=32, patch_size=8)


def _audio_inputs() -> dict[str, torch.Tensor]:
    return {"input_values": torch.randn(1, 1600, generator=torch.Generator().manual_seed(0))}


# Families tried after the ones above, none of them read while the compiler was being written
# (mixture-of-experts routing, rotary variants, relative attention, audio front ends, pooling
# and convolutional vision models): each compiles to one graph, equal to eager.
MORE_CASES += [
    Case("mixtral", _made("MixtralConfig", "MixtralModel", **TINY, num_key_value_heads=2,
                          max_position_embeddings=64, num_local_experts=4,
                          num_experts_per_tok=2), _text_inputs),
    Case("qwen2_moe", _made("Qwen2MoeConfig", "Qwen2MoeModel", **TINY, num_key_value_heads=2,
                            max_position_embeddings=64, num_experts=4, num_experts_per_tok=2,
                            moe_intermediate_size=32, shared_expert_intermediate_size=32),
         _text_inputs),
    Case("gpt_neox", _bert_like("GPTNeoXConfig", "GPTNeoXModel"), _text_inputs),
    Case("pegasus", _made("PegasusConfig", "PegasusModel", **_SEQ2SEQ), _seq2seq_inputs),
    Case("m2m100", _made("M2M100Config", "M2M100Model", **_SEQ2SEQ), _seq2seq_inputs),
    Case("blenderbot", _made("BlenderbotConfig", "BlenderbotModel", **_SEQ2SEQ),
         _seq2seq_inputs),
    Case("mt5", _made("MT5Config", "MT5Model", vocab_size=100, d_model=32, d_kv=16, d_ff=64,
                      num_layers=2, num_heads=2), _seq2seq_inputs),
    Case("xglm", _made("XGLMConfig", "XGLMModel", vocab_size=100, d_model=32, num_layers=2,
                       attention_heads=2, ffn_dim=64, max_position_embeddings=64),
         _text_inputs),
    Case("codegen", _made("CodeGenConfig", "CodeGenModel", vocab_size=100, n_embd=32, n_layer=2,
                          n_head=2, rotary_dim=8, n_positions=64, n_ctx=64), _text_inputs),
    Case("stablelm", _decoder("StableLmConfig", "StableLmModel"), _text_inputs),
    Case("starcoder2", _decoder("Starcoder2Config", "Starcoder2Model"), _text_inputs),
    Case("gemma2", _made("Gemma2Config", "Gemma2Model", **TINY, num_key_value_heads=2,
                         max_position_embeddings=64, head_dim=16), _text_inputs),
    Case("olmo", _decoder("OlmoConfig", "OlmoModel"), _text_inputs),
    Case("funnel", _made("FunnelConfig", "FunnelModel", vocab_size=100, d_model=32, n_head=2,
                         d_head=16, d_inner=64, block_sizes=[1, 1], num_decoder_layers=1),
         _text_inputs),
    Case("mpnet", _bert_like("MPNetConfig", "MPNetModel"), _text_inputs),
    Case("squeezebert", _made("SqueezeBertConfig", "SqueezeBertModel", **TINY,
                              embedding_size=32, max_position_embeddings=64), _text_inputs),
    Case("ernie", _bert_like("ErnieConfig", "ErnieModel"), _text_inputs),
    Case("xlnet", _made("XLNetConfig", "XLNetModel", vocab_size=100, d_model=32, n_layer=2,
                        n_head=2, d_inner=64), _text_inputs),
    Case("ctrl", _made("CTRLConfig", "CTRLModel", vocab_size=100, n_embd=32, n_layer=2,
                       n_head=2, dff=64, n_positions=64), _text_inputs),
    Case("hubert", _made("HubertConfig", "HubertModel", **_AUDIO), _audio_inputs),
    Case("data2vec_audio", _made("Data2VecAudioConfig", "Data2VecAudioModel", **_AUDIO),
         _audio_inputs),
    Case("mobilevit", _made("MobileViTConfig", "MobileViTModel", image_size=32,
                            hidden_sizes=[16, 24, 32],
                            neck_hidden_sizes=[8, 8, 16, 16, 24, 32, 40]), _vision_inputs()),
    Case("poolformer", _made("PoolFormerConfig", "PoolFormerModel", hidden_sizes=[8, 16, 24, 32],
                             depths=[1, 1, 1, 1]), _vision_inputs()),
    Case("regnet", _made("RegNetConfig", "RegNetModel", embedding_size=8, hidden_sizes=[8, 16],
                         depths=[1, 1], groups_width=8), _vision_inputs()),
    Case("yolos", _made("YolosConfig", "YolosModel", **_ENCODER, image_size=[32, 32],
                        patch_size=8, num_detection_tokens=2), _vision_inputs()),
    Case("siglip_vision", _made("SiglipVisionConfig", "SiglipVisionModel", **_VIT),
         _vision_inputs()),
]
BY_NAME = {case.name: case for case in [*CASES, *MORE_CASES]}
