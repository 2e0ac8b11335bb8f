#pragma once

#include "store/reviewqueue.h"
#include "text/token.h"

#include <string>
#include <vector>

namespace spanforge::ui {

// A predicted span whose boundaries a person moves token by token in the
// review queue before accepting it: start and end step over the document's
// tokens (its own, or the tokenizer's), never past each other.
class BoundaryDraft {
 public:
  // Starts from a queue item and its document's text and tokens.
  void start(const store::ReviewItem& item, const std::string& text,
             const std::vector<text::Token>& tokens);
  void clear() { active_ = false; }
  bool active() const { return active_; }
  int64_t documentId() const { return item_.documentId; }
  const text::Span& original() const { return original_; }

  // Moves the start (or the end) to the previous (delta < 0) or next token
  // boundary; false when it cannot move that way.
  bool moveStart(int delta);
  bool moveEnd(int delta);
  bool edited() const { return active_ && item_.span != original_; }

  // The item with the drafted span and its context, for the queue's row.
  const store::ReviewItem& item() const { return item_; }

 private:
  void updateContext();

  bool active_ = false;
  store::ReviewItem item_;
  text::Span original_;
  std::string text_;
  std::vector<text::Token> tokens_;
  size_t first_ = 0;  // token indexes of the draft: [first_, last_)
  size_t last_ = 0;
};

}  // namespace spanforge::ui
