#pragma once

// Where the hidden "[.screenshots]" tests write their PNG files:
// $SPANFORGE_SCREENSHOTS, else /tmp/spanforge-shots (created).
#include <QDir>
#include <QString>
#include <QtGlobal>

namespace spanforge::testing {

inline QString shotsDir() {
  const QString dir = qEnvironmentVariableIsSet("SPANFORGE_SCREENSHOTS")
                          ? qEnvironmentVariable("SPANFORGE_SCREENSHOTS")
                          : QStringLiteral("/tmp/spanforge-shots");
  QDir().mkpath(dir);
  return dir;
}

}  // namespace spanforge::testing
