// spanforge-loadtest --seconds N [--writers 2] [--readers 1] [--project P]
//
// Two processes write to one project while another reads (issue #14), each
// through its own connection as two GUIs or the GUI and the CLI would. At the
// end the project must pass PRAGMA integrity_check and hold exactly what the
// writers committed: every document, its spans and status. Exit 0 when so.
#include "loadwriter.h"
#include "store/projectstore.h"
#include "store/statement.h"
#include "store/storeerror.h"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

using namespace spanforge;

namespace {

struct Options {
  double seconds = 10;
  int writers = 2;
  int readers = 1;
  std::string project;
};

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string k = argv[i];
    if (k == "--seconds")
      o.seconds = std::stod(argv[i + 1]);
    else if (k == "--writers")
      o.writers = std::stoi(argv[i + 1]);
    else if (k == "--readers")
      o.readers = std::stoi(argv[i + 1]);
    else if (k == "--project")
      o.project = argv[i + 1];
    else
      throw std::invalid_argument("unknown option " + k);
  }
  if (o.project.empty()) {
    o.project = (std::filesystem::temp_directory_path() /
                 ("spanforge-load-" + std::to_string(getpid()) + ".sfproj"))
                    .string();
  }
  return o;
}

// A reader pages through every document again and again, as the browser does.
int64_t readLoop(const std::string& path, double seconds, int64_t& bad) {
  auto project = store::ProjectStore::open(path);
  int64_t pages = 0;
  const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (std::chrono::steady_clock::now() < until) {
    int64_t after = 0;
    for (;;) {
      const auto page = project->documents().pageDocuments({}, after, 200);
      if (page.empty()) break;
      for (const auto& d : page) {
        for (const auto& s : d.doc.spans) {
          if (s.start < 0 || s.end <= s.start) ++bad;
        }
      }
      after = page.back().id;
      ++pages;
    }
  }
  return pages;
}

std::string stateOf(const store::StoredDocument& d) {
  std::ostringstream s;
  s << d.id << ' ' << static_cast<int>(d.doc.status) << ' ';
  for (size_t i = 0; i < d.doc.spans.size(); ++i) {
    s << (i ? "," : "") << d.doc.spans[i].start << ':' << d.doc.spans[i].end << ':'
      << d.doc.spans[i].label;
  }
  return s.str();
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse(argc, argv);
  std::filesystem::remove(o.project);
  {
    auto p = store::ProjectStore::create(o.project);
    for (const char* l : {"PER", "LOC", "ORG"}) p->labels().add(l);
  }
  std::vector<pid_t> children;
  for (int w = 0; w < o.writers + o.readers; ++w) {
    const pid_t pid = fork();
    if (pid == 0) {
      try {
        if (w < o.writers) {
          loadtest::LoadWriter writer(o.project, w, 1000 + static_cast<uint64_t>(w));
          const int64_t failed = writer.run(o.seconds);
          writer.writeExpected(o.project + ".expected-" + std::to_string(w));
          std::printf("writer %d: %lld commits, %lld writes gave up (busy)\n", w,
                      static_cast<long long>(writer.commits()), static_cast<long long>(failed));
          std::fflush(stdout);
          _exit(failed == 0 ? 0 : 3);
        }
        int64_t bad = 0;
        const int64_t pages = readLoop(o.project, o.seconds, bad);
        std::printf("reader %d: %lld pages, %lld bad spans\n", w - o.writers,
                    static_cast<long long>(pages), static_cast<long long>(bad));
        std::fflush(stdout);
        _exit(bad == 0 ? 0 : 4);
      } catch (const std::exception& e) {
        std::fprintf(stderr, "process %d: %s\n", w, e.what());
        _exit(2);
      }
    }
    children.push_back(pid);
  }
  int failures = 0;
  for (pid_t pid : children) {
    int status = 0;
    waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) ++failures;
  }

  auto project = store::ProjectStore::open(o.project);
  store::Statement check = project->db().prepare("PRAGMA integrity_check");
  const std::string integrity = check.step() ? check.columnText(0) : "no answer";
  std::vector<std::string> expected, actual;
  for (int w = 0; w < o.writers; ++w) {
    std::ifstream in(o.project + ".expected-" + std::to_string(w));
    for (std::string line; std::getline(in, line);) expected.push_back(line);
  }
  project->documents().forEach(
      {}, [&](const store::StoredDocument& d) { actual.push_back(stateOf(d)); });
  std::sort(expected.begin(), expected.end());
  std::sort(actual.begin(), actual.end());
  int64_t mismatched = 0;
  for (size_t i = 0; i < std::max(expected.size(), actual.size()); ++i) {
    if (i >= expected.size() || i >= actual.size() || expected[i] != actual[i]) ++mismatched;
  }
  std::printf("integrity_check: %s; documents: %zu expected, %zu in the project, %lld differ\n",
              integrity.c_str(), expected.size(), actual.size(),
              static_cast<long long>(mismatched));
  const bool ok = failures == 0 && integrity == "ok" && mismatched == 0;
  std::printf("%s\n", ok ? "OK" : "FAILED");
  project.reset();
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(o.project + suffix);
  for (int w = 0; w < o.writers; ++w)
    std::filesystem::remove(o.project + ".expected-" + std::to_string(w));
  return ok ? 0 : 1;
}
