#pragma once

#include <vector>

namespace spanforge::ui {

// A half-open range of UTF-16 positions in the editor's text.
struct TextRange {
  int start = 0;
  int end = 0;
  bool empty() const { return end <= start; }
  bool contains(int pos) const { return pos >= start && pos < end; }
  bool overlaps(const TextRange& o) const { return start < o.end && o.start < end; }
  friend bool operator==(const TextRange& a, const TextRange& b) {
    return a.start == b.start && a.end == b.end;
  }
  friend bool operator!=(const TextRange& a, const TextRange& b) { return !(a == b); }
};

// What is selected in the span editor, without any widget: the pending text
// selection (what a label key labels), the selected span (what Delete
// removes and a label key relabels) and the keyboard's token cursor.
// Tokens and spans are sorted, non-overlapping UTF-16 ranges.
//
// Keyboard rules: moving the cursor selects the token under it, or the span
// when the token lies in one; Shift extends the selection over tokens; moving
// off a selected span jumps past its ends.
class EditorSelection {
 public:
  void reset(std::vector<TextRange> tokens);  // a new document: nothing selected
  void setSpans(std::vector<TextRange> spans);
  const std::vector<TextRange>& tokens() const { return tokens_; }
  const std::vector<TextRange>& spans() const { return spans_; }

  TextRange range() const { return range_; }
  bool hasRange() const { return !range_.empty(); }
  bool charLevel() const { return charLevel_; }
  int selectedSpan() const { return selectedSpan_; }
  int cursor() const { return cursor_; }  // token index, -1 when none

  // Drops the text selection and the selected span; the cursor stays.
  void clear();
  void selectSpan(int i);
  // A mouse drag from anchor to pos (cursor positions): covers every token the
  // range touches, or exactly the characters when charLevel.
  void dragTo(int anchor, int pos, bool charLevel);
  // Puts the cursor on a token without selecting anything (a click).
  void placeCursor(int token);
  // Puts the cursor on a token and selects it (or its span); with extend the
  // selection grows from the anchor token to it.
  void moveCursor(int token, bool extend);
  // Moves the cursor delta tokens (stepping over a selected span).
  void step(int delta, bool extend);
  // The span Tab (or Shift+Tab) goes to, wrapping around; -1 when none.
  int adjacentSpan(bool backwards) const;

  int tokenAt(int pos) const;    // token holding character pos, or -1
  int tokenNear(int pos) const;  // that token, else the next one, else the last
  int spanAt(int pos) const;     // span holding character pos, or -1
  int findSpan(const TextRange& r) const;

 private:
  std::vector<TextRange> tokens_;
  std::vector<TextRange> spans_;
  TextRange range_;
  bool charLevel_ = false;
  int selectedSpan_ = -1;
  int cursor_ = -1;
  int anchor_ = -1;
};

}  // namespace spanforge::ui
