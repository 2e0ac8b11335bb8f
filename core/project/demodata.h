#pragma once

#include <string_view>

namespace spanforge::project {

// WNUT-17 CoNLL files from resources/demo, embedded at build time.
std::string_view demoTrainData();
std::string_view demoDevData();
std::string_view demoTestData();

}  // namespace spanforge::project
