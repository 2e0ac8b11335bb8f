#include "train/distributed/rankcoordinator.h"

#include "train/distributed/distributederror.h"
#include "train/distributed/processgroup.h"

#include <torch/torch.h>

#include <string>

namespace spanforge::train {
namespace {

const std::string kFingerprintKey = "spanforge/fingerprint/";
const std::string kBatchWordsKey = "spanforge/batch_words";

}  // namespace

RankCoordinator::RankCoordinator(ProcessGroup& group, torch::nn::Module& module)
    : group_(group), sync_(std::make_unique<GradientSync>(group, module)) {}

RankCoordinator::~RankCoordinator() = default;

void RankCoordinator::join(const std::string& mine) {
  const int me = group_.rank();
  group_.set(kFingerprintKey + std::to_string(me), mine);
  // Both sides say what differs before a collective could hang on it.
  for (int r = 0; r < group_.size(); ++r) {
    if (r == me || (me != 0 && r != 0)) continue;
    const std::string theirs = group_.get(kFingerprintKey + std::to_string(r));
    if (theirs != mine)
      throw DistributedError("rank " + std::to_string(r) +
                             " has other training data or config than rank " + std::to_string(me) +
                             ": rank " + std::to_string(r) + " has " + theirs + "; rank " +
                             std::to_string(me) + " has " + mine);
  }
  sync_->broadcastParameters();
}

int64_t RankCoordinator::agreeOnBatchWords(const std::function<int64_t()>& measure) {
  if (group_.rank() != 0) {
    const int64_t words = std::stoll(group_.get(kBatchWordsKey));
    if (words == 0) throw DistributedError("rank 0 could not choose a batch size");
    return words;
  }
  int64_t words = 0;
  try {
    words = measure();
  } catch (...) {
    group_.set(kBatchWordsKey, "0");  // the others fail now, not at the timeout
    throw;
  }
  group_.set(kBatchWordsKey, std::to_string(words));
  return words;
}

RankCoordinator::StepResult RankCoordinator::exchange(const RankFigures& mine) {
  const GroupFigures all = sync_->allReduce(mine);
  StepResult out;
  for (size_t r = 0; r < all.ranks.size(); ++r) {
    const int code = all.ranks[r].code;
    if (code == kDiverged && out.divergedRank < 0) out.divergedRank = static_cast<int>(r);
    if (code >= kStop && !out.stop) out.stop = static_cast<FinishReason>(code - kStop);
  }
  out.loss = all.loss;
  out.words = all.words;
  for (const auto& r : all.ranks)
    out.ranks.push_back({r.wordsPerSecond, r.memoryBytes, r.cpuPercent});
  return out;
}

void RankCoordinator::trainableChanged(torch::nn::Module& module) {
  sync_ = std::make_unique<GradientSync>(group_, module);
}

void RankCoordinator::announceStop(FinishReason reason) {
  RankFigures f;
  f.code = stopCode(reason);
  sync_->allReduce(f);
}

}  // namespace spanforge::train
