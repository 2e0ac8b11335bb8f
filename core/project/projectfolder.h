#pragma once

#include <string>

namespace spanforge::project {

// The folder a project file lives in, and whether a path a project names
// (a model package) lies inside it. A project from someone else may name any
// absolute path on this computer; the GUI asks before loading one outside
// (issue #31). Paths are compared after resolving symlinks and "..", so a
// link inside the folder that points out of it counts as outside.
class ProjectFolder {
 public:
  // The project file's folder, resolved ("" when projectPath is "").
  static std::string of(const std::string& projectPath);

  // Whether `path` is the project's folder or below it.
  static bool holds(const std::string& projectPath, const std::string& path);

  // Whether `path` is `folder` or below it (both resolved).
  static bool within(const std::string& folder, const std::string& path);
};

}  // namespace spanforge::project
