#include "project/projectfolder.h"
#include "tempdir.h"

#include "catchapi.h"

#include <filesystem>

using spanforge::project::ProjectFolder;
using spanforge::testing::TempDir;
namespace fs = std::filesystem;

TEST_CASE("a project's folder holds its models and nothing beside it") {
  TempDir dir;
  fs::create_directories(dir.file("team/p.models/run-1"));
  fs::create_directories(dir.file("team-b/model"));
  fs::create_directories(dir.file("elsewhere/model"));
  const std::string project = dir.file("team/p.spanforge");

  CHECK(ProjectFolder::of(project) == fs::canonical(dir.file("team")).string());
  CHECK(ProjectFolder::holds(project, dir.file("team/p.models/run-1")));
  CHECK(ProjectFolder::holds(project, dir.file("team")));
  CHECK(ProjectFolder::holds(project, dir.file("team/not-yet-made/x")));
  // A sibling whose name starts with the folder's is not inside it.
  CHECK_FALSE(ProjectFolder::holds(project, dir.file("team-b/model")));
  CHECK_FALSE(ProjectFolder::holds(project, dir.file("elsewhere/model")));
  CHECK_FALSE(ProjectFolder::holds(project, dir.file("team/../elsewhere/model")));
  CHECK_FALSE(ProjectFolder::holds(project, "/etc"));
  CHECK_FALSE(ProjectFolder::holds(project, ""));
  CHECK_FALSE(ProjectFolder::holds("", dir.file("team")));
}

TEST_CASE("a symlink inside the project's folder that points out of it is outside") {
  TempDir dir;
  fs::create_directories(dir.file("team"));
  fs::create_directories(dir.file("elsewhere/model"));
  fs::create_directory_symlink(dir.file("elsewhere/model"), dir.file("team/model"));
  CHECK_FALSE(ProjectFolder::holds(dir.file("team/p.spanforge"), dir.file("team/model")));
  // The other way round: a link to the project's folder is the folder.
  fs::create_directory_symlink(dir.file("team"), dir.file("link"));
  CHECK(ProjectFolder::holds(dir.file("link/p.spanforge"), dir.file("team/x")));
}
