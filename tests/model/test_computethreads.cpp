// ComputeThreads: torch's intra-op count per thread, OpenBLAS's process-wide
// pool always at one thread (two beside torch's two trained 8x slower).
#include "catchapi.h"
#include "model/computethreads.h"

#include <dlfcn.h>

using spanforge::model::ComputeThreads;

TEST_CASE("ComputeThreads: torch gets the count asked for, OpenBLAS one thread") {
  using GetThreads = int (*)();
  auto* blasThreads = reinterpret_cast<GetThreads>(dlsym(RTLD_DEFAULT, "openblas_get_num_threads"));
  for (int threads : {2, 1, 0}) {
    ComputeThreads::apply(threads);
    CHECK(ComputeThreads::current() == (threads == 0 ? 1 : threads));
    if (blasThreads) CHECK(blasThreads() == 1);
  }
  if (!blasThreads) WARN("no OpenBLAS in this process: its pool is not checked");
}
