#pragma once

#include <string>

namespace spanforge::train {

// How many training processes `[device] processes` asks for on `device`
// ("cpu", "cuda", "cuda:N"): the setting itself when positive; for 0
// (automatic), one per GPU on CUDA, else one per physical CPU core (two
// hyper-threads of a core gain little for a compute-bound step).
int resolveProcesses(long long setting, const std::string& device);

// Physical cores of this machine (distinct core/package pairs in sysfs),
// falling back to the logical CPU count.
int physicalCores();

}  // namespace spanforge::train
