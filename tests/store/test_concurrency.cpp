#include "store/lockholder.h"
#include "store/projectstore.h"
#include "store/storeerror.h"
#include "storetest.h"
#include "tempdir.h"

#include "catchapi.h"

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <string>
#include <thread>

using namespace spanforge;
using spanforge::testing::makeDoc;
using spanforge::testing::TempDir;
using store::ProjectStore;

namespace {

double secondsSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

TEST_CASE("a second connection reads while the first one writes") {
  TempDir dir;
  const auto path = dir.file("p.sfproj");
  auto writer = ProjectStore::create(path);
  writer->documents().add(makeDoc("committed before"));
  auto reader = ProjectStore::open(path);

  store::Transaction tx(writer->db());
  for (int i = 0; i < 100; ++i) writer->documents().add(makeDoc("pending " + std::to_string(i)));

  // The reader is not blocked by the open write transaction and sees the
  // last committed state.
  const auto start = std::chrono::steady_clock::now();
  CHECK(reader->documents().count({}) == 1);
  CHECK(reader->documents().page({}, 0, 50).size() == 1);
  store::DocumentFilter f;
  f.search = "pending";
  CHECK(reader->documents().count(f) == 0);
  CHECK(secondsSince(start) < 1.0);

  tx.commit();
  CHECK(reader->documents().count({}) == 101);
  CHECK(reader->documents().count(f) == 100);
}

TEST_CASE("a reader thread pages steadily while a writer thread imports") {
  TempDir dir;
  const auto path = dir.file("p.sfproj");
  ProjectStore::create(path)->labels().add("PER");

  std::atomic<bool> done{false};
  std::atomic<int> writerErrors{0}, readerErrors{0}, reads{0};
  std::thread writerThread([&] {
    try {
      auto p = ProjectStore::open(path);
      for (int batch = 0; batch < 20; ++batch) {
        store::Transaction tx(p->db());
        for (int i = 0; i < 100; ++i) {
          const std::string t = "Ada text " + std::to_string(batch * 100 + i);
          p->documents().add(makeDoc(t, {{0, 3, "PER"}}));
        }
        tx.commit();
      }
    } catch (...) {
      ++writerErrors;
    }
    done = true;
  });
  std::thread readerThread([&] {
    try {
      auto p = ProjectStore::open(path);
      int64_t last = 0;
      store::DocumentFilter f;
      f.label = "PER";
      while (!done) {
        const int64_t n = p->documents().count({});
        if (n < last || n % 100 != 0) ++readerErrors;  // whole transactions only
        last = n;
        p->documents().page(f, n / 2, 100);
        ++reads;
      }
    } catch (...) {
      ++readerErrors;
    }
  });
  writerThread.join();
  readerThread.join();
  CHECK(writerErrors == 0);
  CHECK(readerErrors == 0);
  CHECK(reads > 0);
  CHECK(ProjectStore::open(path)->documents().count({}) == 2000);
}

TEST_CASE("a second writer waits for the first instead of failing") {
  TempDir dir;
  const auto path = dir.file("p.sfproj");
  auto first = ProjectStore::create(path);
  auto second = ProjectStore::open(path);
  std::atomic<bool> ok{false};
  std::thread t;
  const auto start = std::chrono::steady_clock::now();
  {
    store::Transaction tx(first->db());
    first->documents().add(makeDoc("first writer"));
    t = std::thread([&] {
      try {
        second->documents().add(makeDoc("second writer"));  // blocks on the write lock
        ok = true;
      } catch (...) {
      }
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    tx.commit();
  }
  t.join();
  CHECK(ok);
  CHECK(secondsSince(start) >= 0.25);
  CHECK(second->documents().count({}) == 2);
}

TEST_CASE("a writer that gives up names the process holding the project") {
  TempDir dir;
  const std::string path = dir.file("busy.sfproj");
  ProjectStore::create(path).reset();
  int ready[2];
  REQUIRE(pipe(ready) == 0);
  const pid_t child = fork();
  if (child == 0) {
    // Another process in the middle of a long write.
    store::Database db(path);
    db.exec("BEGIN IMMEDIATE");
    (void)!write(ready[1], "x", 1);
    pause();
    _exit(0);
  }
  char c = 0;
  REQUIRE(read(ready[0], &c, 1) == 1);
  CHECK(store::LockHolder::pid(path) == child);
  auto project = ProjectStore::open(path);
  project->db().setBusyTimeout(50);
  std::string message;
  try {
    project->labels().add("PER");
  } catch (const store::StorageError& e) {
    message = e.what();
  }
  kill(child, SIGKILL);
  waitpid(child, nullptr, 0);
  close(ready[0]);
  close(ready[1]);
  CHECK_THAT(message, ContainsSubstring("the project is busy: process " + std::to_string(child) +
                                        " (test_store") &&
                          ContainsSubstring("try again when it has finished"));
  CHECK(store::LockHolder::pid(path) == 0);
  project->labels().add("PER");  // the lock died with its process
  CHECK(project->labels().all().size() == 1);
}
