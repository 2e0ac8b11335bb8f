#include "train/distributed/processgroup.h"

#include "torchcompat/tcpstorebackend.h"
#include "train/distributed/distributederror.h"

#include <torch/torch.h>
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>

// A CUDA build defines USE_C10D_NCCL for this file (core/CMakeLists.txt):
// NCCL all-reduces CUDA tensors on the GPU; Gloo would copy them through the host.
#if defined(SPANFORGE_WITH_CUDA) && defined(USE_C10D_NCCL)
#define SPANFORGE_WITH_NCCL 1
#include <torch/csrc/distributed/c10d/PrefixStore.hpp>
#include <torch/csrc/distributed/c10d/ProcessGroupNCCL.hpp>
#endif

#include <cstdlib>

namespace spanforge::train {
namespace {

std::shared_ptr<::gloo::transport::Device> makeDevice(const std::string& masterAddr) {
  if (const char* ifname = std::getenv("GLOO_SOCKET_IFNAME"); ifname && *ifname)
    return c10d::ProcessGroupGloo::createDeviceForInterface(ifname);
  // One machine: stay on loopback whatever the host name resolves to.
  if (masterAddr == "127.0.0.1" || masterAddr == "localhost")
    return c10d::ProcessGroupGloo::createDeviceForHostname("127.0.0.1");
  return c10d::ProcessGroupGloo::createDefaultDevice();
}

}  // namespace

struct ProcessGroup::Impl {
  RankEnvironment env;
  std::chrono::milliseconds timeout;
  c10::intrusive_ptr<c10d::TCPStore> store;
  c10::intrusive_ptr<c10d::ProcessGroupGloo> group;
#ifdef SPANFORGE_WITH_NCCL
  c10::intrusive_ptr<c10d::ProcessGroupNCCL> nccl;  // from the first collective on CUDA tensors
#endif

  // Runs `f`, turning whatever c10d or gloo throws into a DistributedError.
  template <class F>
  auto guarded(const std::string& what, F&& f) -> decltype(f()) {
    try {
      return f();
    } catch (const DistributedError&) {
      throw;
    } catch (const c10::Error& x) {
      throw DistributedError(prefix(what) + x.what_without_backtrace());
    } catch (const std::exception& x) {
      throw DistributedError(prefix(what) + x.what());
    }
  }
  std::string prefix(const std::string& what) const {
    return "rank " + std::to_string(env.rank) + " of " + std::to_string(env.worldSize) + ": " +
           what + " failed: ";
  }
  // Runs `f` on the group for `tensors`' device: every rank trains on the same
  // kind of device, so every rank picks the same one for the same collective.
  // `f` takes the group as `auto&`: c10d's Gloo and NCCL groups derive from
  // c10d::ProcessGroup in libtorch 1.13 and from c10d::Backend in 2.x, and
  // their collectives have the same signatures in both.
  template <class F>
  void withGroup(const std::vector<at::Tensor>& tensors, F&& f) {
    if (!group) throw DistributedError(prefix("a collective") + "connect() was not called");
#ifdef SPANFORGE_WITH_NCCL
    if (!tensors.empty() && tensors.front().is_cuda()) {
      if (!nccl) nccl = makeNccl();
      f(*nccl);
      return;
    }
#else
    (void)tensors;
#endif
    f(*group);
  }

#ifdef SPANFORGE_WITH_NCCL
  // Its communicator is made at the first collective, through the store.
  c10::intrusive_ptr<c10d::ProcessGroupNCCL> makeNccl() {
    // wait() then blocks and throws after the timeout, as Gloo's does,
    // instead of queueing on the stream and hanging on a dead rank.
    // (TORCH_NCCL_BLOCKING_WAIT since libtorch 2.2, NCCL_BLOCKING_WAIT before.)
    setenv("TORCH_NCCL_BLOCKING_WAIT", "1", 0);
    setenv("NCCL_BLOCKING_WAIT", "1", 0);
    auto options = c10d::ProcessGroupNCCL::Options::create();
    options->timeout = timeout;
    // Its keys apart from Gloo's and ours.
    auto scoped = c10::make_intrusive<c10d::PrefixStore>("nccl/", store);
    return c10::make_intrusive<c10d::ProcessGroupNCCL>(scoped, env.rank, env.worldSize, options);
  }
#endif
};

ProcessGroup::ProcessGroup(const RankEnvironment& env, std::chrono::milliseconds timeout)
    : impl_(std::make_unique<Impl>()) {
  impl_->env = env;
  impl_->timeout = timeout;
  c10d::TCPStoreOptions o;
  o.port = static_cast<std::uint16_t>(env.masterPort);
  o.isServer = env.rank == 0;
  o.numWorkers = static_cast<std::size_t>(env.worldSize);
  o.waitWorkers = false;  // rank 0 may have to start the others first
  o.timeout = timeout;
  torchcompat::useClassicTcpStore(o);
  const std::string what =
      env.rank == 0
          ? "serving the rendezvous on port " + std::to_string(env.masterPort)
          : "connecting to rank 0 at " + env.masterAddr + ":" + std::to_string(env.masterPort);
  impl_->store =
      impl_->guarded(what, [&] { return c10::make_intrusive<c10d::TCPStore>(env.masterAddr, o); });
}

ProcessGroup::~ProcessGroup() = default;

void ProcessGroup::connect() {
  impl_->guarded("waiting for all ranks", [&] {
    auto options = c10d::ProcessGroupGloo::Options::create(impl_->timeout);
    options->devices.push_back(makeDevice(impl_->env.masterAddr));
    options->threads = 1;  // the step waits for the result anyway
    impl_->group = c10::make_intrusive<c10d::ProcessGroupGloo>(impl_->store, impl_->env.rank,
                                                               impl_->env.worldSize, options);
  });
}

int ProcessGroup::rank() const { return impl_->env.rank; }
int ProcessGroup::size() const { return impl_->env.worldSize; }
int ProcessGroup::localRank() const { return impl_->env.localRank; }
int ProcessGroup::port() const { return impl_->store ? impl_->store->getPort() : 0; }

void ProcessGroup::allReduceSum(std::vector<at::Tensor>& tensors) {
  impl_->guarded("all-reduce", [&] {
    impl_->withGroup(tensors, [&](auto& pg) {
      // One work per tensor (bucket), all in flight before the first wait.
      std::vector<std::vector<at::Tensor>> inputs;
      inputs.reserve(tensors.size());
      std::vector<c10::intrusive_ptr<c10d::Work>> works;
      for (auto& t : tensors) {
        inputs.push_back({t});
        works.push_back(pg.allreduce(inputs.back()));
      }
      for (auto& w : works) w->wait();
    });
  });
}

void ProcessGroup::broadcast(std::vector<at::Tensor>& tensors) {
  impl_->guarded("broadcast", [&] {
    impl_->withGroup(tensors, [&](auto& pg) {
      for (auto& t : tensors) {
        std::vector<at::Tensor> one{t};
        pg.broadcast(one)->wait();
      }
    });
  });
}

const char* ProcessGroup::backendFor(const at::Tensor& tensor) {
#ifdef SPANFORGE_WITH_NCCL
  if (tensor.is_cuda()) return "nccl";
#else
  (void)tensor;
#endif
  return "gloo";
}

void ProcessGroup::set(const std::string& key, const std::string& value) {
  impl_->guarded("store set",
                 [&] { impl_->store->set(key, std::vector<uint8_t>(value.begin(), value.end())); });
}

std::string ProcessGroup::get(const std::string& key) {
  return impl_->guarded("store get", [&] {
    const auto v = impl_->store->get(key);
    return std::string(v.begin(), v.end());
  });
}

}  // namespace spanforge::train

namespace spanforge::train {

bool ProcessGroup::has(const std::string& key) {
  return impl_->guarded("store check", [&] { return impl_->store->check({key}); });
}

}  // namespace spanforge::train
