#pragma once

#include <QString>

#include <string>

namespace spanforge::ui {

// The core's UTF-8 std::string as a QString: short, as the UI converts often.
inline QString qs(const std::string& s) { return QString::fromStdString(s); }

}  // namespace spanforge::ui
