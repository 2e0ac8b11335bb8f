#include "model/batchtensors.h"

#include "model/batch.h"
#include "model/featurizer.h"
#include "model/transformerinput.h"
#include "transformer/subwordbatch.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <stdexcept>

namespace spanforge::model {

namespace {

constexpr int64_t kCharStep = 4;  // char bucket widths are multiples of this

// Host memory for the tensors of `dev`: page-locked for CUDA, so that the
// copy can run asynchronously (the caching host allocator keeps the block
// until the copy has run, even when the host tensor is freed first).
at::TensorOptions hostOptions(at::ScalarType type, const at::Device& dev) {
  return at::TensorOptions().dtype(type).pinned_memory(dev.is_cuda());
}

at::Tensor hostTensor(const std::vector<int64_t>& values, const at::Device& dev) {
  at::Tensor t = at::empty({static_cast<int64_t>(values.size())}, hostOptions(at::kLong, dev));
  std::copy(values.begin(), values.end(), t.data_ptr<int64_t>());
  return t;
}

// The tensor itself on the CPU. For CUDA a copy queued on the current stream,
// the default one on every thread, so it runs before the kernels that read it.
at::Tensor toDevice(const at::Tensor& host, const at::Device& dev) {
  return host.to(dev, host.scalar_type(), /*non_blocking=*/dev.is_cuda());
}

}  // namespace

struct BatchTensors::Impl {
  at::Tensor hashIds, vectorIds, mask, lengths, tags, singletons;
  std::vector<at::Tensor> charBuckets;
  at::Tensor charOrder;
  std::unique_ptr<transformer::SubwordBatch> subwords;

  void bucketChars(const Batch& batch, int64_t steps, const at::Device& dev);
};

// Tokens average 4-5 characters while a batch's widest token sets its char
// width (up to maxTokenChars): bucketing by length cuts the char CNN's work
// several times over.
void BatchTensors::Impl::bucketChars(const Batch& batch, int64_t steps, const at::Device& dev) {
  const int64_t width = batch.charWidth();
  const int64_t nBuckets = (width + kCharStep - 1) / kCharStep;
  std::vector<std::vector<int64_t>> ids(static_cast<size_t>(nBuckets));
  std::vector<std::vector<int64_t>> slots(static_cast<size_t>(nBuckets));
  for (int64_t i = 0; i < batch.size(); ++i) {
    const SentenceFeatures& s = batch.sentence(i);
    for (int64_t j = 0; j < s.length; ++j) {
      const int64_t* row = s.charIds.data() + j * s.charWidth;
      const int64_t n = std::find(row, row + s.charWidth, 0) - row;
      if (n == 0) continue;
      const auto b = static_cast<size_t>((n - 1) / kCharStep);
      const int64_t w = std::min(width, static_cast<int64_t>(b + 1) * kCharStep);
      ids[b].insert(ids[b].end(), row, row + n);
      ids[b].insert(ids[b].end(), static_cast<size_t>(w - n), 0);
      slots[b].push_back(i * steps + j);
    }
  }
  std::vector<int64_t> order(static_cast<size_t>(batch.size() * steps), -1);
  int64_t next = 0;
  for (size_t b = 0; b < ids.size(); ++b) {
    if (slots[b].empty()) continue;
    const auto rows = static_cast<int64_t>(slots[b].size());
    const auto w = static_cast<int64_t>(ids[b].size()) / rows;
    charBuckets.push_back(toDevice(hostTensor(ids[b], dev).view({rows, w}), dev));
    for (int64_t slot : slots[b]) order[static_cast<size_t>(slot)] = next++;
  }
  for (auto& o : order)
    if (o < 0) o = next;  // the zero row after all bucketed tokens
  charOrder = toDevice(hostTensor(order, dev), dev);
}

BatchTensors::BatchTensors(const Batch& batch, int64_t hashSeeds, bool withVectors,
                           const std::string& device, const TransformerInput* transformer)
    : impl_(std::make_unique<Impl>()) {
  const int64_t b = batch.size();
  const int64_t t = std::max<int64_t>(1, batch.maxLength());  // room for empty sentences
  const bool hashed = transformer == nullptr;
  if (!hashed) hashSeeds = 0;
  withVectors = withVectors && hashed;
  const int64_t perToken = Featurizer::kFeatures * hashSeeds;
  const at::Device dev(device);
  const auto longs = hostOptions(at::kLong, dev);
  at::Tensor hash = at::zeros({b, t, Featurizer::kFeatures, hashSeeds}, longs);
  at::Tensor vecs = withVectors ? at::zeros({b, t}, longs) : at::Tensor();
  at::Tensor lengths = at::zeros({b}, at::TensorOptions().dtype(at::kLong));
  at::Tensor mask = at::zeros({b, t}, hostOptions(at::kBool, dev));
  const bool gold = batch.hasTags();
  bool anySingletons = false;
  for (int64_t i = 0; i < b && !anySingletons; ++i)
    anySingletons = !batch.sentence(i).singletons.empty();
  at::Tensor single = anySingletons ? at::zeros({b, t}, hostOptions(at::kBool, dev)) : at::Tensor();
  at::Tensor tags = gold ? at::zeros({b, t}, longs) : at::Tensor();
  int64_t* hp = hash.data_ptr<int64_t>();
  for (int64_t i = 0; i < b; ++i) {
    const SentenceFeatures& s = batch.sentence(i);
    const int64_t n = s.length;
    if (static_cast<int64_t>(s.hashIds.size()) != n * perToken)
      throw std::invalid_argument("sentence features were made with other hash settings");
    if (!hashed && static_cast<int64_t>(s.subwords.pieces.size()) != n)
      throw std::invalid_argument("sentence features lack the transformer's subwords");
    if (withVectors && static_cast<int64_t>(s.vectorIds.size()) != n)
      throw std::invalid_argument("sentence features lack the model's vector ids");
    lengths.data_ptr<int64_t>()[i] = n;
    std::fill_n(mask.data_ptr<bool>() + i * t, n, true);
    std::copy(s.hashIds.begin(), s.hashIds.end(), hp + i * t * perToken);
    if (withVectors) {
      std::copy(s.vectorIds.begin(), s.vectorIds.end(), vecs.data_ptr<int64_t>() + i * t);
    }
    if (anySingletons && static_cast<int64_t>(s.singletons.size()) == n) {
      bool* sp = single.data_ptr<bool>() + i * t;
      for (int64_t j = 0; j < n; ++j) sp[j] = s.singletons[static_cast<size_t>(j)] != 0;
    }
    if (gold) {
      const std::vector<int64_t>& g = batch.tags(i);
      std::copy(g.begin(), g.end(), tags.data_ptr<int64_t>() + i * t);
    }
  }
  if (hashed) {
    impl_->hashIds = toDevice(hash, dev);
    impl_->bucketChars(batch, t, dev);
  } else {
    impl_->subwords = std::make_unique<transformer::SubwordBatch>(transformer->windows(batch));
    impl_->subwords->to(device);
  }
  if (withVectors) impl_->vectorIds = toDevice(vecs, dev);
  impl_->mask = toDevice(mask, dev);
  impl_->lengths = lengths;
  if (gold) impl_->tags = toDevice(tags, dev);
  if (anySingletons) impl_->singletons = toDevice(single, dev);
}

BatchTensors::~BatchTensors() = default;
BatchTensors::BatchTensors(BatchTensors&&) noexcept = default;
BatchTensors& BatchTensors::operator=(BatchTensors&&) noexcept = default;

const at::Tensor& BatchTensors::hashIds() const { return impl_->hashIds; }
const std::vector<at::Tensor>& BatchTensors::charBuckets() const { return impl_->charBuckets; }
const at::Tensor& BatchTensors::charOrder() const { return impl_->charOrder; }
const at::Tensor& BatchTensors::vectorIds() const { return impl_->vectorIds; }
const at::Tensor& BatchTensors::mask() const { return impl_->mask; }
const at::Tensor& BatchTensors::singletons() const { return impl_->singletons; }
const at::Tensor& BatchTensors::lengths() const { return impl_->lengths; }
const at::Tensor& BatchTensors::tags() const { return impl_->tags; }
const transformer::SubwordBatch* BatchTensors::subwords() const { return impl_->subwords.get(); }

}  // namespace spanforge::model
