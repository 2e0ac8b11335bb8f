#!/usr/bin/env python3
"""Writes the encoder parity fixtures (issue #36) on a machine with Hugging Face
transformers, safetensors and PyTorch (the GPU machine's image has them; it runs
on the CPU too). For each family, a small model with random weights, saved as
save_pretrained saves it, and its last hidden states for fixed inputs, which the
C++ encoder must reproduce (max abs difference 1e-4 in fp32):

    python3 tools/transformer-fixtures/make_fixtures.py OUT_DIR

OUT_DIR/FAMILY/ holds config.json, model.safetensors and reference.json
({"input_ids": [[...]], "attention_mask": [[...]], "last_hidden_state": [[[...]]]}).
Copy OUT_DIR to tests/data/transformers/. The models have 2 layers, hidden 32,
4 heads and a vocabulary of 512 ids, so each folder is about 200 kB; no
tokenizer is saved (the inputs are ids; tokenizers have fixtures of their own).
"""
import json
import os
import sys

import torch
import transformers as tf
from fixtureinputs import SEED, VOCAB, inputs, perturbed_states



def families():
    common = dict(vocab_size=VOCAB, hidden_size=32, num_hidden_layers=2, num_attention_heads=4,
                  intermediate_size=64, max_position_embeddings=128, hidden_dropout_prob=0.0,
                  attention_probs_dropout_prob=0.0)
    yield "bert", tf.BertConfig(**common, type_vocab_size=2), tf.BertModel
    yield "roberta", tf.RobertaConfig(**common, type_vocab_size=1, pad_token_id=1), tf.RobertaModel
    yield "xlm-roberta", tf.XLMRobertaConfig(**common, type_vocab_size=1, pad_token_id=1), \
        tf.XLMRobertaModel
    yield "electra", tf.ElectraConfig(**common, embedding_size=16, type_vocab_size=2), \
        tf.ElectraModel
    yield "distilbert", tf.DistilBertConfig(vocab_size=VOCAB, dim=32, n_layers=2, n_heads=4,
                                            hidden_dim=64, max_position_embeddings=128,
                                            dropout=0.0, attention_dropout=0.0), \
        tf.DistilBertModel
    # Layer 0 global, 1-2 local with a window of +-2 subwords, so that it matters.
    yield "modernbert", tf.ModernBertConfig(vocab_size=VOCAB, hidden_size=32, intermediate_size=48,
                                            num_hidden_layers=3, num_attention_heads=4,
                                            max_position_embeddings=128, local_attention=4,
                                            global_attn_every_n_layers=3, pad_token_id=3,
                                            bos_token_id=1, eos_token_id=2, cls_token_id=1,
                                            sep_token_id=2), tf.ModernBertModel


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "transformer-fixtures"
    g, ids, mask = inputs()
    for name, config, cls in families():
        torch.manual_seed(SEED)
        # Eager attention, as the C++ encoder computes it (SDPA differs in the last bits).
        model = cls._from_config(config, attn_implementation="eager").eval()
        batch_ids, hidden = perturbed_states(model, config, ids, mask, g)
        folder = os.path.join(out, name)
        model.save_pretrained(folder, safe_serialization=True)
        with open(os.path.join(folder, "reference.json"), "w") as f:
            json.dump({"transformers": tf.__version__, "torch": torch.__version__,
                       "input_ids": batch_ids.tolist(), "attention_mask": mask.tolist(),
                       "last_hidden_state": hidden.tolist()}, f)
        print(f"{folder}: {sum(p.numel() for p in model.parameters())} parameters")


if __name__ == "__main__":
    main()
