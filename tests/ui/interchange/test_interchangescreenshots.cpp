// Renders the import and export dialogs to PNG files for a person to look at
// (their format lists come from the format registry). Hidden from ctest; run
//   test_ui "[.screenshots]"   (files in $SPANFORGE_SCREENSHOTS or /tmp/spanforge-shots)
#include "interchange/exportdialog.h"
#include "interchange/importdialog.h"
#include "shotsdir.h"

#include "catchapi.h"

#include <QComboBox>
#include <QDir>
#include <QTest>

using spanforge::ui::ExportDialog;
using spanforge::ui::ImportDialog;

namespace {

void shoot(QWidget& w, const QString& name) {
  const QString dir = spanforge::testing::shotsDir();
  w.show();
  QTest::qWait(100);
  const QString path = dir + QLatin1Char('/') + name;
  REQUIRE(w.grab().save(path));
  WARN("wrote " << path.toStdString());
}

}  // namespace

TEST_CASE("Screenshots: import and export dialogs", "[.screenshots]") {
  ImportDialog import(QStringLiteral("/tmp/unused.spanforge"));
  import.setFiles({QStringLiteral("/data/wnut17-train.conll"), QStringLiteral("/data/pool.jsonl")});
  shoot(import, QStringLiteral("import-dialog.png"));
  ExportDialog exportDialog(QStringLiteral("/tmp/unused.spanforge"), 3291, 5577);
  shoot(exportDialog, QStringLiteral("export-dialog.png"));
  // The format lists, for the reader of the test output.
  for (QComboBox* combo : exportDialog.findChildren<QComboBox*>())
    for (int i = 0; i < combo->count(); ++i) WARN(combo->itemText(i).toStdString());
}
