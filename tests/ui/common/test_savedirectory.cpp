#include "common/savedirectory.h"
#include "tempdir.h"

#include "catchapi.h"

#include <QDir>
#include <QFileInfo>
#include <QtGlobal>

using spanforge::testing::TempDir;
using spanforge::ui::SaveDirectory;

namespace {
// Sets an environment variable for one scope.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const QByteArray& value)
      : name_(name), had_(qEnvironmentVariableIsSet(name)), old_(qgetenv(name)) {
    qputenv(name, value);
  }
  ~ScopedEnv() {
    if (had_)
      qputenv(name_, old_);
    else
      qunsetenv(name_);
  }

 private:
  const char* name_;
  bool had_;
  QByteArray old_;
};
}  // namespace

TEST_CASE("Save dialogs start in a folder that exists: Documents, created when missing") {
  TempDir dir;
  const QString home = QString::fromStdString(dir.file("home"));
  REQUIRE(QDir().mkpath(home));
  ScopedEnv homeEnv("HOME", home.toUtf8());
  // No user-dirs.dirs there: Documents is $HOME/Documents, which does not exist yet.
  ScopedEnv config("XDG_CONFIG_HOME", QString(home + QStringLiteral("/.config")).toUtf8());
  const QString documents = home + QStringLiteral("/Documents");
  REQUIRE_FALSE(QFileInfo::exists(documents));
  CHECK(SaveDirectory::initial(QString()) == documents);
  CHECK(QFileInfo(documents).isDir());
}
