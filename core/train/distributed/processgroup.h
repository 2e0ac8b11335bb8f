#pragma once

#include "train/distributed/rankenvironment.h"

#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace at {
class Tensor;
}

namespace spanforge::train {

// One rank's membership of a multi-process run over c10d: a TCPStore for
// rendezvous and small messages, and a Gloo process group for collectives.
// In a CUDA build, collectives on CUDA tensors go through NCCL instead,
// chosen by the tensors' device (so no caller has to say which device the
// run trains on). Every failure (a peer that died or timed out, a refused
// connection) is thrown as DistributedError naming this rank.
class ProcessGroup {
 public:
  // Opens the rendezvous: rank 0 serves the store on env.masterPort (0 = a
  // free port, see port()) without waiting; the other ranks connect to it,
  // waiting up to `timeout`. Collectives also fail after `timeout`.
  ProcessGroup(const RankEnvironment& env, std::chrono::milliseconds timeout);
  ~ProcessGroup();
  ProcessGroup(const ProcessGroup&) = delete;
  ProcessGroup& operator=(const ProcessGroup&) = delete;

  // Waits until every rank has connected and builds the collective group.
  void connect();

  int rank() const;
  int size() const;
  int localRank() const;  // on this machine
  int port() const;       // of the store

  // In place, on every rank: the element-wise sum over ranks / rank 0's values.
  void allReduceSum(std::vector<at::Tensor>& tensors);
  void broadcast(std::vector<at::Tensor>& tensors);
  // "nccl" or "gloo": the group the collectives on `tensor`'s device go through.
  static const char* backendFor(const at::Tensor& tensor);

  // Small messages through the store: set() by one rank, get() waits for it.
  void set(const std::string& key, const std::string& value);
  std::string get(const std::string& key);
  bool has(const std::string& key);  // without waiting

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace spanforge::train
