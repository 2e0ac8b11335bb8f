#include "project/demodata.h"

// The files are embedded with the assembler's .incbin so the binaries need no
// data directory at run time. SPANFORGE_DEMO_DIR is set by core/CMakeLists.txt.
#define SPANFORGE_EMBED(sym, file)             \
  __asm__(                                     \
      ".section .rodata\n"                     \
      ".global " #sym "_begin\n" #sym          \
      "_begin:\n"                              \
      ".incbin \"" SPANFORGE_DEMO_DIR "/" file \
      "\"\n"                                   \
      ".global " #sym "_end\n" #sym            \
      "_end:\n"                                \
      ".byte 0\n"                              \
      ".previous\n");                          \
  extern "C" const char sym##_begin[];         \
  extern "C" const char sym##_end[];

SPANFORGE_EMBED(spanforge_demo_train, "train.txt")
SPANFORGE_EMBED(spanforge_demo_dev, "dev.txt")
SPANFORGE_EMBED(spanforge_demo_test, "test.txt")

namespace spanforge::project {

std::string_view demoTrainData() {
  return {spanforge_demo_train_begin,
          static_cast<size_t>(spanforge_demo_train_end - spanforge_demo_train_begin)};
}
std::string_view demoDevData() {
  return {spanforge_demo_dev_begin,
          static_cast<size_t>(spanforge_demo_dev_end - spanforge_demo_dev_begin)};
}
std::string_view demoTestData() {
  return {spanforge_demo_test_begin,
          static_cast<size_t>(spanforge_demo_test_end - spanforge_demo_test_begin)};
}

}  // namespace spanforge::project
