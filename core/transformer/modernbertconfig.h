#pragma once

// Only for core .cpp files: nlohmann/json is a private dependency of core.
#include "transformer/encoderconfig.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace spanforge::transformer {

// ModernBERT's config.json, in either of the forms transformers writes:
// global_attn_every_n_layers with global/local_rope_theta (the published
// checkpoints), or layer_types with rope_parameters (newer saves). Throws
// std::runtime_error naming the file and the field.
void readModernBertConfig(const nlohmann::json& j, const std::string& path, EncoderConfig& c);

// Its tensors as ModernBertModel names them (no biases where the config
// says so; the first layer has no attention norm).
void appendModernBertTensors(const EncoderConfig& c, std::vector<ExpectedTensor>& out);

}  // namespace spanforge::transformer
