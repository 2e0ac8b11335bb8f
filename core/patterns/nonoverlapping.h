#pragma once

#include <algorithm>
#include <vector>

namespace spanforge::patterns {

// The items of `ordered`, in that order, that overlap no item kept before them;
// `range(item)` gives its tokens as a pair [first, second). How callers order
// the items is the policy (longest first, earliest first); this is the rest.
template <class T, class Range>
std::vector<T> takeNonOverlapping(const std::vector<T>& ordered, Range range) {
  int length = 0;
  for (const T& item : ordered) length = std::max(length, range(item).second);
  std::vector<char> used(length, 0);
  std::vector<T> taken;
  for (const T& item : ordered) {
    const auto [start, end] = range(item);
    if (std::any_of(used.begin() + start, used.begin() + end, [](char c) { return c; })) continue;
    std::fill(used.begin() + start, used.begin() + end, 1);
    taken.push_back(item);
  }
  return taken;
}

}  // namespace spanforge::patterns
