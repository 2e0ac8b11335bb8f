#pragma once

// The Catch2 names the tests use, the same under Catch2 2 (Debian 12: one
// header) and Catch2 3 (Debian 13: split headers and a compiled library).
// The tests are written against v3's names; this header is the only place
// that knows which Catch2 it was given.
#include <string>

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
