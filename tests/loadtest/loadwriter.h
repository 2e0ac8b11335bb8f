#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace spanforge::loadtest {

// One writer process of the load test: adds its own documents and keeps
// relabelling them and changing their status, one transaction each, and
// remembers what each of its documents must hold.
class LoadWriter {
 public:
  LoadWriter(std::string projectPath, int writer, uint64_t seed);
  // Works until `seconds` have passed; returns the number of failed writes.
  int64_t run(double seconds);
  // "id status s:e:L,s:e:L" per document, one per line: what the project must hold.
  void writeExpected(const std::string& path) const;
  int64_t commits() const { return commits_; }

 private:
  struct Expected {
    int status = 0;
    std::vector<std::string> spans;  // "s:e:L"
  };
  std::string projectPath_;
  int writer_;
  uint64_t seed_;
  int64_t commits_ = 0;
  std::map<int64_t, Expected> expected_;
};

}  // namespace spanforge::loadtest
