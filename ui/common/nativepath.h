#pragma once

#include <QFile>
#include <QString>

#include <string>

namespace spanforge::ui {

// A file name for the core, which opens files with the C library: in the file
// system's 8-bit encoding, not always UTF-8.
inline std::string nativePath(const QString& path) { return QFile::encodeName(path).toStdString(); }

}  // namespace spanforge::ui
