#include "common/durationtext.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace spanforge::ui {

QString DurationText::minutes(double seconds) {
  const auto m = std::max<int64_t>(1, static_cast<int64_t>(std::ceil(seconds / 60.0)));
  if (m < 60)
    return QCoreApplication::translate("DurationText", "%n min", nullptr, static_cast<int>(m));
  return QCoreApplication::translate("DurationText", "%1 h %2 min").arg(m / 60).arg(m % 60);
}

}  // namespace spanforge::ui
