#include "text/document.h"

namespace spanforge::text {

const char* toString(DocStatus s) {
  switch (s) {
    case DocStatus::Unlabelled: return "unlabelled";
    case DocStatus::Accepted: return "accepted";
    case DocStatus::Rejected: return "rejected";
    case DocStatus::Ignored: return "ignored";
  }
  return "unlabelled";
}

std::optional<DocStatus> parseDocStatus(const std::string& s) {
  if (s == "unlabelled") return DocStatus::Unlabelled;
  if (s == "accepted") return DocStatus::Accepted;
  if (s == "rejected") return DocStatus::Rejected;
  if (s == "ignored") return DocStatus::Ignored;
  return std::nullopt;
}

}  // namespace spanforge::text
