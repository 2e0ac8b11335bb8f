#pragma once

#include "project/importer.h"

#include <string>

namespace spanforge::project {

// Creates the demo project from WNUT-17 (CC BY 4.0, Derczynski et al. 2017),
// compiled into the binary: the train split as accepted gold, dev and test as
// an unlabelled pool. Throws store::StoreError if path exists.
ImportReport createDemoProject(const std::string& path, const Importer::ProgressFn& progress = {});

// The demo data's attribution, for About boxes and --help.
const char* demoAttribution();

}  // namespace spanforge::project
