#include "model/computethreads.h"

#include <ATen/Parallel.h>

#include <dlfcn.h>

namespace spanforge::model {

void ComputeThreads::apply(int threads) {
  if (threads <= 0) threads = 1;
  at::set_num_threads(threads);
  // Looked up at run time: present with OpenBLAS, absent with other BLAS.
  // One thread whatever `threads` is (see the header).
  using SetThreads = void (*)(int);
  if (void* f = dlsym(RTLD_DEFAULT, "openblas_set_num_threads")) reinterpret_cast<SetThreads>(f)(1);
}

int ComputeThreads::current() { return at::get_num_threads(); }

}  // namespace spanforge::model
