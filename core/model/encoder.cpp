#include "model/encoder.h"

#include "model/bilstmencoder.h"
#include "model/cnnencoder.h"

#include <stdexcept>

namespace spanforge::model {

std::unique_ptr<Encoder> Encoder::create(torch::nn::Module& owner, const ModelConfig& config,
                                         int64_t inputDim) {
  if (config.encoder == "bilstm")
    return std::make_unique<BiLstmEncoder>(owner, inputDim, config.hidden, config.layers,
                                           config.dropout);
  if (config.encoder == "cnn")
    return std::make_unique<CnnEncoder>(owner, inputDim, config.hidden, config.cnnDepth,
                                        config.cnnKernel, config.dropout);
  throw std::invalid_argument("unknown encoder \"" + config.encoder +
                              "\" (expected \"bilstm\" or \"cnn\")");
}

}  // namespace spanforge::model
