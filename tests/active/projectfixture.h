#pragma once

// A project in a temporary directory with one label and one registered model,
// for tests that store predictions or rankings under that model's id.

#include "store/projectstore.h"
#include "store/records.h"
#include "tempdir.h"
#include "text/document.h"

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace spanforge::active::testing {

struct ProjectFixture {
  spanforge::testing::TempDir dir;
  std::unique_ptr<store::ProjectStore> project = store::ProjectStore::create(dir.file("p.sfproj"));
  int64_t modelId = 0;

  explicit ProjectFixture(const std::string& label = "A") {
    project->labels().add(label);
    store::ModelRecord m;
    m.name = "tiny";
    modelId = project->runs().addModel(m);
  }

  // Adds a document; returns its id.
  int64_t add(const std::string& textValue, text::DocStatus status = text::DocStatus::Unlabelled,
              std::vector<text::Span> spans = {}, store::Split split = store::Split::None) {
    text::Document d;
    d.text = textValue;
    d.status = status;
    d.spans = std::move(spans);
    return project->documents().add(d, split).id;
  }
};

}  // namespace spanforge::active::testing
