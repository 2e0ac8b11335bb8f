#pragma once

namespace spanforge::patterns {

// A match of the pattern (or patterns) added under `key`: tokens [start, end).
struct Match {
  int key = 0;
  int start = 0;
  int end = 0;

  friend bool operator==(const Match& a, const Match& b) {
    return a.key == b.key && a.start == b.start && a.end == b.end;
  }
};

}  // namespace spanforge::patterns
