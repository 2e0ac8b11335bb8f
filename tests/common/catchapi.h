#pragma once

// The Catch2 names the tests use, the same under Catch2 2 (Debian 12: one
// header) and Catch2 3 (Debian 13: split headers and a compiled library).
// The tests are written against v3's names; this header is the only place
// that knows which Catch2 it was given.
#include <string>

#if __has_include(<catch2/catch_all.hpp>)
#include <catch2/catch_all.hpp>

using Catch::Approx;
using Catch::Matchers::ContainsSubstring;
using Catch::Matchers::EndsWith;
using Catch::Matchers::Equals;
using Catch::Matchers::StartsWith;
#else
#include <catch2/catch.hpp>

// v2 calls ContainsSubstring plain Contains; Approx is already global there.
inline Catch::Matchers::StdString::ContainsMatcher ContainsSubstring(const std::string& text) {
  return Catch::Matchers::Contains(text);
}
using Catch::Matchers::EndsWith;
using Catch::Matchers::Equals;
using Catch::Matchers::StartsWith;
#endif
