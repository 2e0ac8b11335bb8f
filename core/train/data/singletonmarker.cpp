#include "train/data/singletonmarker.h"

#include "model/featurizer.h"

#include <string>
#include <unordered_map>

namespace spanforge::train {

void SingletonMarker::mark(const Corpus& train, std::vector<model::SentenceFeatures>& features) {
  std::unordered_map<std::string, int> counts;
  for (const auto& e : train.examples())
    for (const auto& t : e.tokens) ++counts[model::Featurizer::norm(t)];
  for (size_t i = 0; i < features.size() && i < train.size(); ++i) {
    const auto& tokens = train[i].tokens;
    auto& flags = features[i].singletons;
    flags.assign(tokens.size(), 0);
    for (size_t j = 0; j < tokens.size(); ++j)
      flags[j] = counts[model::Featurizer::norm(tokens[j])] == 1 ? 1 : 0;
  }
}

}  // namespace spanforge::train
