#pragma once

#include <QString>

namespace spanforge::ui {

// A time estimate as people read it: "7 min", "1 h 25 min" (rounded up, at
// least a minute).
struct DurationText {
  static QString minutes(double seconds);
};

}  // namespace spanforge::ui
