#pragma once

#include <string>

namespace spanforge::model {
class SafetensorsFile;
struct SafetensorsTensor;
}  // namespace spanforge::model

namespace spanforge::transformer {

// A checkpoint's tensor by its name after `prefix` ("bert." ...), also under
// LayerNorm's old names (gamma for weight, beta for bias), which older
// checkpoints such as bert-base-cased still use; nullptr when absent.
const model::SafetensorsTensor* findCheckpointTensor(const model::SafetensorsFile& file,
                                                     const std::string& prefix,
                                                     const std::string& name);

}  // namespace spanforge::transformer
