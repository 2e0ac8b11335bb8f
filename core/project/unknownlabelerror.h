#pragma once

#include "io/inputerror.h"

#include <set>
#include <string>
#include <utility>

namespace spanforge::project {

// A record's spans use labels the project does not have (and the import may
// not create labels): the labels travel with the error so that a front end
// can offer to add them.
class UnknownLabelError : public io::InputError {
 public:
  UnknownLabelError(std::set<std::string> labels, std::string file, int64_t line, std::string field,
                    std::string message)
      : io::InputError(std::move(file), line, std::move(field), std::move(message)),
        labels_(std::move(labels)) {}

  const std::set<std::string>& labels() const { return labels_; }

 private:
  std::set<std::string> labels_;
};

}  // namespace spanforge::project
