#pragma once

#include <cstddef>
#include <istream>
#include <ostream>
#include <string>
#include <unordered_set>
#include <vector>

namespace spanforge::model {

// The normalised words a model was trained on. The featurizer gives any other
// word one shared, learned "unknown word" embedding instead of its hashed
// rows: those rows were trained for whichever training words collide with
// it, which is noise for exactly the unseen names a model must tag from
// their spelling and context.
class KnownWords {
 public:
  // `norm` is Featurizer::norm of a token. Words with a line break are left
  // out (the file format is one word per line); they read as unknown.
  void add(const std::string& norm);
  void add(const KnownWords& other);
  bool contains(const std::string& norm) const { return words_.count(norm) > 0; }
  size_t size() const { return words_.size(); }
  bool operator==(const KnownWords& other) const { return words_ == other.words_; }

  // One word per line, sorted, UTF-8.
  void write(std::ostream& out) const;
  // Throws std::runtime_error naming the line of a word that is not a
  // normalised form (an upper-case letter) or is repeated.
  static KnownWords read(std::istream& in);

 private:
  std::unordered_set<std::string> words_;
};

}  // namespace spanforge::model
