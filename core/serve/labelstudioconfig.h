#pragma once

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace spanforge::serve {

// What a Label Studio labeling config (its XML "label_config") says about
// span labelling: the <Labels> control (name -> "from_name"), the <Text> it
// labels (name -> "to_name", and the task data key its value="$key" reads)
// and the <Label> values, matched to a model's labels.
struct LabelStudioConfig {
  std::string fromName;
  std::string toName;
  std::string dataKey;
  std::vector<std::string> labels;  // the config's, in its order
  // Model label -> the config's <Label value>, for the labels both have
  // (compared ignoring case: "person" is "Person").
  std::map<std::string, std::string> toConfig;

  // Throws LabelStudioConfigError when the XML is malformed, has no
  // <Labels> whose toName is a <Text>/<HyperText> with value="$key", or
  // shares no label with `modelLabels`.
  static LabelStudioConfig parse(const std::string& xml,
                                 const std::vector<std::string>& modelLabels);
};

// A label config the server cannot use; HTTP 422 in the answer.
class LabelStudioConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace spanforge::serve
