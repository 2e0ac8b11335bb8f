#pragma once

class QKeyEvent;

namespace spanforge::ui {

class DocumentLayout;
class EditorSelection;

// The span editor's navigation keys, as moves of its selection over the
// layout: Left/Right (previous/next token), Up/Down (the token on the line
// above/below), Home/End (the line's first/last token; with Ctrl the text's),
// Shift to extend, Tab/Shift+Tab (next/previous span, wrapping) and Escape
// (clear). Label keys, Delete and the document keys are not handled here.
class EditorKeyboard {
 public:
  enum class Result { Ignored, Moved, NoSpans };

  EditorKeyboard(DocumentLayout& layout, EditorSelection& selection)
      : layout_(layout), selection_(selection) {}

  Result navigate(const QKeyEvent& event);

 private:
  bool moveVertically(int direction, bool extend);
  bool moveInLine(bool toEnd, bool extend);

  DocumentLayout& layout_;
  EditorSelection& selection_;
};

}  // namespace spanforge::ui
