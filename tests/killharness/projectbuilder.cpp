#include "projectbuilder.h"

#include "store/database.h"
#include "store/projectstore.h"
#include "text/tokenizer.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <random>
#include <stdexcept>
#include <vector>

namespace spanforge::killharness {
namespace {

const char* const kNames[] = {"Alice", "Bob", "Carla", "Dmitri", "Erin", "Farid", "Gao", "Hanna"};
const char* const kOrgs[] = {"Acme", "Globex", "Initech", "Umbrella", "Hooli", "Vandelay"};
const char* const kPlaces[] = {"Paris", "Berlin", "Lagos", "Lima", "Oslo", "Kyoto", "Quito"};

template <size_t N>
std::string pick(const char* const (&words)[N], std::mt19937_64& rng) {
  return words[std::uniform_int_distribution<size_t>(0, N - 1)(rng)];
}

// "<name> met <org> in <place> <suffix> ." with its three gold spans (ASCII:
// bytes are code points).
text::Document sentence(std::mt19937_64& rng, const std::string& suffix) {
  text::Document d;
  const std::string name = pick(kNames, rng), org = pick(kOrgs, rng), place = pick(kPlaces, rng);
  const int64_t orgAt = static_cast<int64_t>(name.size()) + 5;
  const int64_t placeAt = orgAt + static_cast<int64_t>(org.size()) + 4;
  d.text = name + " met " + org + " in " + place + " " + suffix + " .";
  d.spans = {{0, static_cast<int64_t>(name.size()), "PER"},
             {orgAt, orgAt + static_cast<int64_t>(org.size()), "ORG"},
             {placeAt, placeAt + static_cast<int64_t>(place.size()), "LOC"}};
  return d;
}

}  // namespace

int64_t ProjectBuilder::create(const std::string& path, int accepted, int pool, uint64_t seed) {
  std::mt19937_64 rng(seed);
  auto project = store::ProjectStore::create(path);
  project->labels().add("PER", "#e6194b", "1");
  project->labels().add("ORG", "#3cb44b", "2");
  project->labels().add("LOC", "#4363d8", "3");
  const text::Tokenizer tokenizer;
  store::Transaction tx(project->db());
  for (int i = 0; i < accepted + pool; ++i) {
    text::Document d = sentence(rng, "on day " + std::to_string(i));
    if (i >= accepted) d.spans.clear();
    d.status = i < accepted ? text::DocStatus::Accepted : text::DocStatus::Unlabelled;
    d.tokens = tokenizer.tokenize(d.text);
    d.source = "killharness";
    project->documents().add(d);
  }
  tx.commit();
  return accepted + pool;
}

void ProjectBuilder::writeImportFile(const std::string& path, int64_t n, const std::string& tag,
                                     uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  for (int64_t i = 0; i < n; ++i) {
    const text::Document d = sentence(rng, "in batch " + tag + " line " + std::to_string(i));
    nlohmann::json spans = nlohmann::json::array();
    for (const auto& s : d.spans)
      spans.push_back({{"start", s.start}, {"end", s.end}, {"label", s.label}});
    out << nlohmann::json{{"text", d.text}, {"spans", spans}}.dump() << "\n";
  }
  if (!out) throw std::runtime_error("cannot write " + path);
}

void ProjectBuilder::writeTrainConfig(const std::string& path, int maxSteps) {
  std::ofstream out(path, std::ios::trunc);
  out << "[model]\nhash_rows = 2000\nhash_seeds = 2\nword_dim = 32\nchar_dim = 16\n"
         "char_filters = 32\nhidden = 48\n"
         "[training]\nseed = 1\nlearning_rate = 0.005\nbatch_words = 300\neval_frequency = 10\n"
      << "max_steps = " << maxSteps << "\npatience = 0\n"
      << "[data]\nmin_examples = 10\n[device]\ndevice = \"cpu\"\nthreads = 1\n";
  if (!out) throw std::runtime_error("cannot write " + path);
}

}  // namespace spanforge::killharness
