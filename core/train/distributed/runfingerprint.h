#pragma once

#include <string>
#include <vector>

namespace spanforge::train {

class Corpus;
struct TrainConfig;

// What every rank of a run must agree on, readable enough to show when two
// differ: the training data's size and labels, the model's labels and
// parameter count, and hashes of the data and of the config (its [device]
// section aside: ranks may use different GPUs or thread counts).
std::string runFingerprint(const TrainConfig& config, const Corpus& train,
                           const std::vector<std::string>& labels, long long parameters);

}  // namespace spanforge::train
