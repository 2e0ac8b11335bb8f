#include "cli/interruptguard.h"

#include <csignal>

namespace spanforge::cli {
namespace {

std::atomic<bool> gInterrupted{false};
// C linkage for a signal handler; a name of its own, as extern "C" ignores
// the anonymous namespace.
extern "C" void spanforgeInterruptGuardSignal(int) { gInterrupted.store(true); }
using Handler = void (*)(int);
Handler gPrevious = SIG_DFL;

}  // namespace

InterruptGuard::InterruptGuard() {
  gInterrupted.store(false);
  const Handler previous = std::signal(SIGINT, spanforgeInterruptGuardSignal);
  gPrevious = previous == SIG_ERR ? SIG_DFL : previous;
}

InterruptGuard::~InterruptGuard() { std::signal(SIGINT, gPrevious); }

const std::atomic<bool>& InterruptGuard::flag() const { return gInterrupted; }

}  // namespace spanforge::cli
