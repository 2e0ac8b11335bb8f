#!/usr/bin/env python3
"""Writes the encoder parity fixtures with Hugging Face's own modelling code, on a
machine where the `transformers` package cannot be installed but PyTorch can:

    python3 hf_source_fixtures.py HF_SRC_DIR OUT_DIR

HF_SRC_DIR holds unmodified files of one transformers commit, laid out as under
src/transformers/ (models/bert/modeling_bert.py, models/bert/configuration_bert.py,
... for bert, roberta, xlm_roberta, electra, distilbert and modernbert, plus
activations.py, modeling_attn_mask_utils.py, modeling_rope_utils.py,
modeling_outputs.py and pytorch_utils.py), and SOURCE.json naming the repository,
the commit and each file's git blob id. None of that code is in this repository.

This script builds a package named `transformers` in memory: stub modules for the
infrastructure those files import (configuration base class, PreTrainedModel,
logging, docstring decorators, cache classes, ...), then the real files loaded
under their own module names, then runs each family's *Model class in eval mode
with the eager attention implementation. The stubs carry no arithmetic of the
forward pass except PreTrainedModel.get_extended_attention_mask, which is
transformers' code for it (ModuleUtilsMixin, 4.57): (1 - mask) * finfo(dtype).min.
Activations, the RoPE frequencies, the 4D mask of ModernBERT and the output
dataclasses come from the real files.

It mirrors make_fixtures.py (the generator for a machine with the real package):
seed 1234, the same small configurations, the same two rows of 11 ids (the second
padded from index 7), the same +0.05*randn perturbation of every parameter. The
weights start from PyTorch's default initialisation (post_init is a no-op here),
so the numbers differ from make_fixtures.py's; each fixture is self-consistent.
OUT_DIR/FAMILY/ gets config.json (as save_pretrained writes it), model.safetensors
(the *Model state dict, F32) and reference.json.
"""
import collections
import copy
import dataclasses
import functools
import importlib.util
import json
import logging as pylogging
import os
import sys
import types

import torch
from safetensors.torch import save_file
from torch import nn

from fixtureinputs import SEED, VOCAB, inputs, perturbed_states



# ---------------------------------------------------------------- stub modules
def stub(name, **attrs):
    """Registers an empty package `name` (parents too) holding `attrs`."""
    parts = name.split(".")
    for i in range(1, len(parts) + 1):
        sub = ".".join(parts[:i])
        if sub not in sys.modules:
            m = types.ModuleType(sub)
            m.__path__ = []  # a package, so that submodules resolve
            sys.modules[sub] = m
            if i > 1:
                setattr(sys.modules[".".join(parts[:i - 1])], parts[i - 1], m)
    for k, v in attrs.items():
        setattr(sys.modules[name], k, v)
    return sys.modules[name]


def load_real(name, path):
    """Imports one unmodified transformers file as module `name`."""
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    parent, _, child = name.rpartition(".")
    setattr(sys.modules[parent], child, mod)
    spec.loader.exec_module(mod)
    return mod


# Logging: transformers' loggers are std loggers with a cached warning_once.
pylogging.Logger.warning_once = functools.lru_cache(None)(pylogging.Logger.warning)
pylogging.Logger.info_once = functools.lru_cache(None)(pylogging.Logger.info)
logging_stub = types.SimpleNamespace(get_logger=lambda name=None: pylogging.getLogger(name))


def auto_docstring(obj=None, **_kwargs):
    """Docstring generator; as a decorator it returns its argument unchanged."""
    return obj if obj is not None else (lambda o: o)


def deprecate_kwarg(old_name, version=None, new_name=None, **_kwargs):
    """Renames a deprecated keyword argument to its new name (no arithmetic)."""
    def decorator(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            if new_name is not None and old_name in kwargs:
                kwargs.setdefault(new_name, kwargs.pop(old_name))
            return func(*args, **kwargs)
        return wrapper
    return decorator


def is_torch_greater_or_equal(version, accept_dev=False):
    """Only sets flags in pytorch_utils."""
    have = tuple(int(x) for x in torch.__version__.split("+")[0].split(".")[:2])
    return have >= tuple(int(x) for x in version.split(".")[:2])


class ModelOutput(collections.OrderedDict):
    """transformers.utils.ModelOutput: a dataclass that is also an ordered dict of
    its non-None fields, indexable by name or (like a tuple) by position."""

    def __post_init__(self):
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if value is not None:
                self[f.name] = value

    def __getitem__(self, k):
        return dict(self.items())[k] if isinstance(k, str) else self.to_tuple()[k]

    def __setattr__(self, name, value):
        if name in self.keys() and value is not None:
            super().__setitem__(name, value)
        super().__setattr__(name, value)

    def __setitem__(self, key, value):
        super().__setitem__(key, value)
        super().__setattr__(key, value)

    def to_tuple(self):
        return tuple(self[k] for k in self.keys())


class PretrainedConfig:
    """transformers.PretrainedConfig (4.57): the common attributes and defaults,
    attribute_map aliases, and the to_dict / to_diff_dict that save_pretrained
    writes to config.json. Loading, hub and generation parts are left out."""

    model_type = ""
    attribute_map = {}
    sub_configs = {}
    has_no_defaults_at_init = False
    transformers_version = None  # set by the harness from SOURCE.json

    def __setattr__(self, key, value):
        amap = super().__getattribute__("attribute_map")
        super().__setattr__(amap.get(key, key), value)

    def __getattribute__(self, key):
        amap = super().__getattribute__("attribute_map")
        if key != "attribute_map" and key in amap:
            key = amap[key]
        return super().__getattribute__(key)

    def __init__(self, *, output_hidden_states=False, output_attentions=False, return_dict=True,
                 torchscript=False, dtype=None, pruned_heads=None, tie_word_embeddings=True,
                 chunk_size_feed_forward=0, is_encoder_decoder=False, is_decoder=False,
                 cross_attention_hidden_size=None, add_cross_attention=False,
                 tie_encoder_decoder=False, architectures=None, finetuning_task=None, id2label=None,
                 label2id=None, num_labels=None, task_specific_params=None, problem_type=None,
                 tokenizer_class=None, prefix=None, bos_token_id=None, pad_token_id=None,
                 eos_token_id=None, sep_token_id=None, decoder_start_token_id=None, **kwargs):
        self.return_dict = return_dict
        self.output_hidden_states = output_hidden_states
        self.torchscript = torchscript
        self.dtype = dtype
        self._output_attentions = output_attentions
        self.pruned_heads = pruned_heads if pruned_heads is not None else {}
        self.tie_word_embeddings = tie_word_embeddings
        self.chunk_size_feed_forward = chunk_size_feed_forward
        self.is_encoder_decoder = is_encoder_decoder
        self.is_decoder = is_decoder
        self.cross_attention_hidden_size = cross_attention_hidden_size
        self.add_cross_attention = add_cross_attention
        self.tie_encoder_decoder = tie_encoder_decoder
        self.architectures = architectures
        self.finetuning_task = finetuning_task
        self.task_specific_params = task_specific_params
        self.problem_type = problem_type
        if id2label is None:
            id2label = {i: f"LABEL_{i}" for i in range(num_labels if num_labels is not None else 2)}
            label2id = {v: k for k, v in id2label.items()}
        self.id2label = {int(k): v for k, v in id2label.items()}
        self.label2id = label2id
        self.tokenizer_class = tokenizer_class
        self.prefix = prefix
        self.bos_token_id = bos_token_id
        self.pad_token_id = pad_token_id
        self.eos_token_id = eos_token_id
        self.sep_token_id = sep_token_id
        self.decoder_start_token_id = decoder_start_token_id
        self._name_or_path = str(kwargs.pop("name_or_path", ""))
        self._attn_implementation = kwargs.pop("attn_implementation", None)
        for key, value in kwargs.items():  # model-specific extras, e.g. cls_token_id
            setattr(self, key, value)

    @property
    def output_attentions(self):
        return self._output_attentions

    @property
    def use_return_dict(self):
        return self.return_dict and not self.torchscript

    @property
    def num_labels(self):
        return len(self.id2label)

    def to_dict(self):
        out = copy.deepcopy(self.__dict__)
        out["model_type"] = self.__class__.model_type
        out["transformers_version"] = PretrainedConfig.transformers_version
        out["output_attentions"] = out.pop("_output_attentions")
        out.pop("_attn_implementation", None)
        if out.get("dtype") is not None and not isinstance(out["dtype"], str):
            out["dtype"] = str(out["dtype"]).split(".")[1]
        return out

    def to_diff_dict(self):
        """What save_pretrained writes: what differs from the base defaults, or
        from this class's defaults, plus transformers_version."""
        base = PretrainedConfig().to_dict()
        own = self.__class__().to_dict()
        out = {k: v for k, v in self.to_dict().items()
               if k not in base or k == "transformers_version" or v != base[k]
               or v != own.get(k, v)}
        out.pop("_name_or_path", None)
        return out


class PreTrainedModel(nn.Module):
    """transformers.PreTrainedModel reduced to what an encoder's forward calls.
    post_init (weight init and tying) is a no-op: the weights are random anyway."""

    config_class = None
    base_model_prefix = ""
    main_input_name = "input_ids"

    def __init__(self, config, *inputs, **kwargs):
        super().__init__()
        assert config._attn_implementation == "eager", config._attn_implementation
        self.config = config

    def post_init(self):
        pass

    def init_weights(self):
        pass

    @property
    def dtype(self):  # get_parameter_dtype: the first floating point parameter's
        return next(p.dtype for p in self.parameters() if p.is_floating_point())

    @property
    def device(self):
        return next(self.parameters()).device

    def warn_if_padding_and_no_attention_mask(self, input_ids, attention_mask):
        pass  # only logs a warning in transformers

    def get_extended_attention_mask(self, attention_mask, input_shape, device=None, dtype=None):
        # ModuleUtilsMixin.get_extended_attention_mask (4.57) for an encoder: the key
        # mask broadcast to [batch, 1, 1, keys], 0 where attended and finfo.min where not.
        if dtype is None:
            dtype = self.dtype
        if self.config.is_decoder:
            raise NotImplementedError("decoder masks are not needed for encoder fixtures")
        if attention_mask.dim() == 3:
            extended = attention_mask[:, None, :, :]
        elif attention_mask.dim() == 2:
            extended = attention_mask[:, None, None, :]
        else:
            raise ValueError(f"Wrong shape for attention_mask (shape {attention_mask.shape})")
        extended = extended.to(dtype=dtype)
        return (1.0 - extended) * torch.finfo(dtype).min

    def get_head_mask(self, head_mask, num_hidden_layers, is_attention_chunked=False):
        if head_mask is not None:
            raise NotImplementedError("head masks are not used here")
        return [None] * num_hidden_layers


class GradientCheckpointingLayer(nn.Module):
    """modeling_layers.GradientCheckpointingLayer: only differs from nn.Module when
    gradient checkpointing is on in training mode."""

    gradient_checkpointing = False


class _NeverUsed:
    """Cache classes, GenerationMixin, OnnxConfig: referenced, never instantiated
    by an encoder's forward (use_cache is False for non-decoders)."""

    def __init__(self, *args, **kwargs):
        raise NotImplementedError(type(self).__name__)


def decorator_factory(*_args, **_kwargs):
    """integrations.hub_kernels.use_kernel_forward_from_hub without the kernels
    package: the class is returned unchanged."""
    return lambda obj: obj


def build_package(src):
    stub("transformers", __version__=PretrainedConfig.transformers_version)
    stub("transformers.utils", logging=logging_stub, auto_docstring=auto_docstring,
         ModelOutput=ModelOutput, is_torch_available=lambda: True,
         is_flash_attn_2_available=lambda: False, is_torch_xla_available=lambda: False,
         is_torch_xpu_available=lambda: False, is_torch_greater_or_equal=is_torch_greater_or_equal,
         is_torchdynamo_compiling=lambda: torch.compiler.is_compiling())
    stub("transformers.utils.import_utils", is_triton_available=lambda: False,
         is_torchdynamo_compiling=lambda: torch.compiler.is_compiling())
    stub("transformers.utils.deprecation", deprecate_kwarg=deprecate_kwarg)
    stub("transformers.integrations.hub_kernels", use_kernel_forward_from_hub=decorator_factory)
    stub("transformers.integrations.deepspeed", is_deepspeed_zero3_enabled=lambda: False)
    stub("transformers.configuration_utils", PretrainedConfig=PretrainedConfig)
    stub("transformers.onnx", OnnxConfig=type("OnnxConfig", (_NeverUsed,), {}))
    stub("transformers.cache_utils", **{n: type(n, (_NeverUsed,), {})
                                        for n in ("Cache", "DynamicCache", "EncoderDecoderCache")})
    stub("transformers.generation", GenerationMixin=type("GenerationMixin", (), {}))
    stub("transformers.modeling_layers", GradientCheckpointingLayer=GradientCheckpointingLayer)
    stub("transformers.modeling_utils", PreTrainedModel=PreTrainedModel)
    stub("transformers.modeling_flash_attention_utils", is_flash_attn_available=lambda: False,
         flash_attn_supports_top_left_mask=lambda: False)
    # The real files, in dependency order.
    for name in ("modeling_attn_mask_utils", "activations", "pytorch_utils",
                 "modeling_rope_utils", "modeling_outputs"):
        load_real(f"transformers.{name}", os.path.join(src, f"{name}.py"))
    stub("transformers.models")


def load_family(src, folder):
    stub(f"transformers.models.{folder}")
    base = os.path.join(src, "models", folder)
    cfg = load_real(f"transformers.models.{folder}.configuration_{folder}",
                    os.path.join(base, f"configuration_{folder}.py"))
    mdl = load_real(f"transformers.models.{folder}.modeling_{folder}",
                    os.path.join(base, f"modeling_{folder}.py"))
    return cfg, mdl


# --------------------------------------------------------------------- families
def families(src):
    """(name, HF folder, config, model class), in make_fixtures.py's order."""
    common = dict(vocab_size=VOCAB, hidden_size=32, num_hidden_layers=2, num_attention_heads=4,
                  intermediate_size=64, max_position_embeddings=128, hidden_dropout_prob=0.0,
                  attention_probs_dropout_prob=0.0, attn_implementation="eager")
    c, m = load_family(src, "bert")
    yield "bert", "bert", c.BertConfig(**common, type_vocab_size=2), m.BertModel
    c, m = load_family(src, "roberta")
    yield "roberta", "roberta", c.RobertaConfig(**common, type_vocab_size=1, pad_token_id=1), \
        m.RobertaModel
    c, m = load_family(src, "xlm_roberta")
    yield "xlm-roberta", "xlm_roberta", \
        c.XLMRobertaConfig(**common, type_vocab_size=1, pad_token_id=1), m.XLMRobertaModel
    c, m = load_family(src, "electra")
    yield "electra", "electra", c.ElectraConfig(**common, embedding_size=16, type_vocab_size=2), \
        m.ElectraModel
    c, m = load_family(src, "distilbert")
    yield "distilbert", "distilbert", \
        c.DistilBertConfig(vocab_size=VOCAB, dim=32, n_layers=2, n_heads=4, hidden_dim=64,
                           max_position_embeddings=128, dropout=0.0, attention_dropout=0.0,
                           attn_implementation="eager"), m.DistilBertModel
    c, m = load_family(src, "modernbert")
    # 3 layers: layer 0 global (RoPE theta 160000), layers 1-2 local (window +-2, theta 10000).
    yield "modernbert", "modernbert", \
        c.ModernBertConfig(vocab_size=VOCAB, hidden_size=32, intermediate_size=48, num_hidden_layers=3,
                           num_attention_heads=4, hidden_activation="gelu",
                           max_position_embeddings=128, norm_eps=1e-5, norm_bias=False,
                           pad_token_id=3, bos_token_id=1, cls_token_id=1, eos_token_id=2,
                           sep_token_id=2, global_rope_theta=160000.0, local_rope_theta=10000.0,
                           global_attn_every_n_layers=3, local_attention=4, attention_bias=False,
                           attention_dropout=0.0, embedding_dropout=0.0, mlp_bias=False,
                           mlp_dropout=0.0, classifier_dropout=0.0,
                           attn_implementation="eager"), m.ModernBertModel


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    src, out = sys.argv[1], sys.argv[2]
    with open(os.path.join(src, "SOURCE.json")) as f:
        source = json.load(f)
    PretrainedConfig.transformers_version = source["release"].lstrip("v")
    build_package(src)
    shared = [e for e in source["files"] if "/models/" not in e["file"]]

    g, ids, mask = inputs()
    for name, folder_name, config, cls in families(src):
        torch.manual_seed(SEED)
        model = cls(config).eval()
        batch_ids, hidden = perturbed_states(model, config, ids, mask, g)
        with torch.no_grad():
            # Sanity: the padded row's real tokens equal the same 7 ids run alone.
            alone = model(input_ids=batch_ids[1:2, :7],
                          attention_mask=torch.ones(1, 7, dtype=mask.dtype)).last_hidden_state
            pad_diff = (hidden[1, :7] - alone[0]).abs().max().item()

        folder = os.path.join(out, name)
        os.makedirs(folder, exist_ok=True)
        # model.safetensors as save_pretrained names it: the *Model state dict (its
        # non-persistent buffers, e.g. position_ids, are not in it), F32.
        state = {k: v.detach().to(torch.float32).contiguous() for k, v in model.state_dict().items()}
        assert set(state) == {k for k, _ in model.named_parameters()}, "unexpected buffers"
        save_file(state, os.path.join(folder, "model.safetensors"), metadata={"format": "pt"})
        # config.json as save_pretrained writes it.
        config.dtype = "float32"
        config.architectures = [cls.__name__]
        with open(os.path.join(folder, "config.json"), "w") as f:
            f.write(json.dumps(config.to_diff_dict(), indent=2, sort_keys=True) + "\n")
        files = [e for e in source["files"] if f"/models/{folder_name}/" in e["file"]] + shared
        with open(os.path.join(folder, "reference.json"), "w") as f:
            json.dump({"source": [dict(e, repo=source["repo"], commit=source["commit"]) for e in files],
                       "transformers_source": source["release"], "torch": torch.__version__,
                       "harness": "hf_source_fixtures.py",
                       "input_ids": batch_ids.tolist(), "attention_mask": mask.tolist(),
                       "last_hidden_state": hidden.tolist()}, f)
        print(f"{name}: {cls.__name__}, {sum(p.numel() for p in model.parameters())} parameters, "
              f"max|hidden| {hidden.abs().max().item():.6f}, padded-vs-alone max diff {pad_diff:.3e}")
        for k, v in state.items():
            print(f"    {k} {list(v.shape)}")
        assert pad_diff < 1e-5, f"{name}: padding changed the real tokens' states"


if __name__ == "__main__":
    main()
