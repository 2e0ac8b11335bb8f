#pragma once

// The Catch2 names the tests use, the same under Catch2 2 (Debian 12: one
// header) and Catch2 3 (Debian 13: split headers and a compiled library).
// The tests are written against v3's names; this header is the only place
// that knows which Catch2 it was given.
#include <string>
#include <vector>

// SKIP_TEST(message): ends the running test as skipped, saying why. Catch2 3
// has SKIP (and then exits 4, which its ctest discovery marks as "skipped");
// Catch2 2 has none, so the process prints the message and exits 4 itself,
// and tests/CMakeLists.txt tells ctest what 4 means.
inline constexpr int kSkippedExitCode = 4;

#if __has_include(<catch2/catch_all.hpp>)
#include <catch2/catch_all.hpp>

using Catch::Approx;
using Catch::Matchers::ContainsSubstring;
using Catch::Matchers::EndsWith;
using Catch::Matchers::Equals;
using Catch::Matchers::StartsWith;
#define SKIP_TEST(message) SKIP(message)
#else
#include <catch2/catch.hpp>

#include <cstdlib>
#include <iostream>

// v2 calls ContainsSubstring plain Contains; Approx is already global there.
inline Catch::Matchers::StdString::ContainsMatcher ContainsSubstring(const std::string& text) {
  return Catch::Matchers::Contains(text);
}
using Catch::Matchers::EndsWith;
using Catch::Matchers::Equals;
using Catch::Matchers::StartsWith;
#define SKIP_TEST(message)                       \
  do {                                           \
    std::cout << "skipped: " << message << "\n"; \
    std::cout.flush();                           \
    std::_Exit(kSkippedExitCode);                \
  } while (0)
#endif

// Vectors print as ranges even where an operator<< takes them. Torch brings
// glog's stl_logging, whose operator<< takes every std::vector: Catch would
// then stream a vector of a type with no operator<< and fail to compile. In a
// unity batch that header reaches files that never include torch themselves.
namespace Catch {
template <typename T, typename Allocator>
struct StringMaker<std::vector<T, Allocator>,
                   std::enable_if_t<Detail::IsStreamInsertable<std::vector<T, Allocator>>::value>> {
  static std::string convert(const std::vector<T, Allocator>& v) { return rangeToString(v); }
};
}  // namespace Catch
