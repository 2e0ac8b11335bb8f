#include "train/runfailure.h"

#include "train/distributed/distributederror.h"
#include "train/package/modelpackageerror.h"
#include "train/trainingerror.h"

#include <c10/util/Exception.h>

#include <exception>
#include <new>

namespace spanforge::train {

RunFailure RunFailure::fromCurrentException(const std::string& device) {
  try {
    throw;
  } catch (const RunFailure& f) {
    return f;
  } catch (const TrainingError& x) {
    return {FailureKind::Data, x.what()};
  } catch (const ModelPackageError& x) {
    return {FailureKind::Package, x.what()};
  } catch (const DistributedError& x) {
    return {FailureKind::Distributed, x.what()};
  } catch (const std::bad_alloc&) {
    return {FailureKind::OutOfMemory,
            "out of memory; lower training.batch_words (or batch_stop) or the model size"};
  } catch (const c10::Error& x) {
    const std::string what = x.what_without_backtrace();
    if (what.find("out of memory") != std::string::npos)
      return {FailureKind::OutOfMemory, "out of memory on " + device +
                                            "; lower training.batch_words (or batch_stop) or "
                                            "the model size (" +
                                            what.substr(0, 200) + ")"};
    return {FailureKind::Internal, "libtorch error: " + what};
  } catch (const std::exception& x) {
    return {FailureKind::Internal, x.what()};
  }
}

}  // namespace spanforge::train
