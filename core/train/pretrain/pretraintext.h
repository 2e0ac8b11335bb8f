#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace spanforge::store {
class ProjectStore;
}

namespace spanforge::train {

// Unlabelled text for pretraining, as token lists.
struct PretrainText {
  std::vector<std::vector<std::string>> sentences;
  int64_t documents = 0;
  int64_t words = 0;
  int64_t leftOut = 0;  // documents marked test (never trained on, not even unlabelled)

  // Every record of a file in any readable format (labels ignored), with
  // the record's tokens or text::Tokenizer's. Throws io::InputError.
  void addFile(const std::string& path);
  // Every document of the project but those marked test.
  void addProject(store::ProjectStore& project);

 private:
  void add(std::vector<std::string> tokens);
};

}  // namespace spanforge::train
