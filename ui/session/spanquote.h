#pragma once

#include "text/document.h"
#include "text/span.h"

#include <QString>

namespace spanforge::ui {

// The text a span covers in quotes, shortened for menus and messages
// ("“New York”"); empty for a span outside the text.
QString quotedSpan(const text::Document& doc, const text::Span& span);

}  // namespace spanforge::ui
