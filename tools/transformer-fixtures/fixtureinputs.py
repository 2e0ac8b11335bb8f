"""What both fixture generators feed each family's model: make_fixtures.py (with
the transformers package) and hf_source_fixtures.py (with its modelling files)."""
import torch

SEED = 1234
VOCAB = 512


def inputs():
    """The random generator, and two rows of 11 ids with their mask: the second
    row is padded from index 7, since padding must not change a row's states."""
    g = torch.Generator().manual_seed(SEED)
    ids = torch.randint(5, VOCAB, (2, 11), generator=g)
    mask = torch.ones_like(ids)
    mask[1, 7:] = 0
    return g, ids, mask


def perturbed_states(model, config, ids, mask, g):
    """Moves every parameter by 0.05 * randn (larger than the default init, so that
    every part of the network matters), then returns the padded ids and their last
    hidden states."""
    with torch.no_grad():
        for p in model.parameters():
            p.add_(torch.randn(p.shape, generator=g) * 0.05)
        pad = config.pad_token_id if config.pad_token_id is not None else 0
        batch_ids = ids.masked_fill(mask == 0, pad)
        return batch_ids, model(input_ids=batch_ids, attention_mask=mask).last_hidden_state
