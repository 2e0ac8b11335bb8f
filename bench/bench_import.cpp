// Import speed: 100,000 documents built from WNUT-17 tweets (made unique),
// imported as JSONL (tokenized on the way in) and as CoNLL. Prints docs/s.
#include "project/importer.h"
#include "store/projectstore.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using spanforge::project::Importer;
using spanforge::project::ImportOptions;

namespace {

struct Tweet {
  std::vector<std::pair<std::string, std::string>> tokens;  // token, tag
};

std::vector<Tweet> readConll(const std::string& path) {
  std::vector<Tweet> out(1);
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    const auto tab = line.find('\t');
    if (tab == std::string::npos) {
      if (!out.back().tokens.empty()) out.emplace_back();
      continue;
    }
    out.back().tokens.emplace_back(line.substr(0, tab), line.substr(tab + 1));
  }
  if (out.back().tokens.empty()) out.pop_back();
  return out;
}

std::string jsonEscape(const std::string& s) {
  std::string o;
  for (char c : s) {
    if (c == '"' || c == '\\') o += '\\';
    if (static_cast<unsigned char>(c) < 0x20) {
      o += ' ';
      continue;
    }
    o += c;
  }
  return o;
}

double run(const std::string& label, const std::string& file, ImportOptions opts) {
  const fs::path proj = fs::temp_directory_path() / ("sf-bench-import-" + label + ".sfproj");
  fs::remove(proj);
  fs::remove(proj.string() + "-wal");
  fs::remove(proj.string() + "-shm");
  auto project = spanforge::store::ProjectStore::create(proj.string());
  const auto t0 = std::chrono::steady_clock::now();
  const auto report = Importer(*project).run({file}, opts);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%-6s imported %lld docs (%lld duplicates) in %.2f s: %.0f docs/s, file %.1f MB\n",
              label.c_str(), static_cast<long long>(report.imported),
              static_cast<long long>(report.duplicates), secs, report.imported / secs,
              fs::file_size(proj) / 1e6);
  project.reset();
  fs::remove(proj);
  return secs;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string src = argc > 1 ? argv[1] : SPANFORGE_DEMO_TRAIN;
  const int n = argc > 2 ? std::stoi(argv[2]) : 100000;
  const auto tweets = readConll(src);
  const fs::path dir = fs::temp_directory_path();
  const std::string jsonl = (dir / "sf-bench-import.jsonl").string();
  const std::string conll = (dir / "sf-bench-import.conll").string();
  {
    std::ofstream j(jsonl), c(conll);
    for (int i = 0; i < n; ++i) {
      const auto& t = tweets[i % tweets.size()];
      std::string text;
      for (const auto& [tok, tag] : t.tokens) text += tok + " ";
      text += "#" + std::to_string(i);
      j << "{\"text\":\"" << jsonEscape(text) << "\"}\n";
      for (const auto& [tok, tag] : t.tokens) c << tok << '\t' << tag << '\n';
      c << '#' << i << "\tO\n\n";
    }
  }
  std::printf("%d documents, %zu distinct source tweets\n", n, tweets.size());
  run("jsonl", jsonl, ImportOptions{});
  ImportOptions conllOpts;
  conllOpts.format = spanforge::io::Format::Conll;
  run("conll", conll, conllOpts);
  fs::remove(jsonl);
  fs::remove(conll);
  return 0;
}
