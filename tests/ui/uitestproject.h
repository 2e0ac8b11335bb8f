#pragma once

// Builds small projects for the UI tests through the store's public API.
#include "store/database.h"
#include "store/projectstore.h"
#include "tempdir.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QSettings>
#include <QTest>

#include <functional>
#include <memory>
#include <string>

namespace spanforge::testing {

// Labels PER (hotkey 1), ORG (2), LOC (3); document i (1-based) reads
// "Doc <i>: Alice met Acme in Paris." with status cycling through the four
// states. Every third document has a LOC span on "Paris", every document a PER
// span on "Alice", and texts mentioning "zebra" every 10th.
inline std::unique_ptr<store::ProjectStore> makeProject(const std::string& path, int documents) {
  auto project = store::ProjectStore::create(path);
  project->labels().add("PER", "#e6194b", "1");
  project->labels().add("ORG", "#3cb44b", "2");
  project->labels().add("LOC", "#4363d8", "3");
  store::Transaction tx(project->db());
  for (int i = 1; i <= documents; ++i) {
    text::Document d;
    const std::string prefix = "Doc " + std::to_string(i) + ": ";
    d.text = prefix + "Alice met Acme in Paris" + (i % 10 == 0 ? " with a zebra." : ".");
    const int64_t base = static_cast<int64_t>(prefix.size());
    d.spans.push_back({base, base + 5, "PER"});
    if (i % 3 == 0) d.spans.push_back({base + 18, base + 23, "LOC"});
    d.status = static_cast<text::DocStatus>(i % 4);
    project->documents().add(d);
  }
  tx.commit();
  return project;
}

// Each test's own settings file, so nothing leaks between tests or to the user.
inline std::unique_ptr<QSettings> makeSettings(const TempDir& dir) {
  return std::make_unique<QSettings>(QString::fromStdString(dir.file("settings.ini")),
                                     QSettings::IniFormat);
}

// Processes events until pred() holds or timeoutMs pass.
inline bool waitFor(const std::function<bool()>& pred, int timeoutMs = 3000) {
  QElapsedTimer t;
  t.start();
  while (!pred()) {
    if (t.elapsed() > timeoutMs) return false;
    QTest::qWait(10);
  }
  return true;
}

}  // namespace spanforge::testing
