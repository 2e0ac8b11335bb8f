// The device chooser's process count: [device] processes round-trips, the
// spin box edited from the keyboard reports the change, and 0 reads as
// "Automatic (N)" with what automatic means on this machine.
#include "train/device/processcount.h"
#include "training/setup/devicechooser.h"

#include "catchapi.h"

#include <QComboBox>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>

using namespace spanforge;
using namespace spanforge::ui;

TEST_CASE("Device chooser: processes round-trip through the settings") {
  DeviceChooser chooser({});
  train::DeviceSettings s;
  s.device = "cpu";
  s.threads = 2;
  s.processes = 4;
  chooser.setSettings(s);
  CHECK(chooser.processesBox()->value() == 4);
  CHECK(chooser.settings() == s);

  s.processes = 0;
  chooser.setSettings(s);
  CHECK(chooser.settings().processes == 0);

  // More than the box offers (a config from a bigger machine) is kept.
  s.processes = 200;
  chooser.setSettings(s);
  CHECK(chooser.settings().processes == 200);
}

TEST_CASE("Device chooser: the processes box edited from the keyboard") {
  DeviceChooser chooser({});
  chooser.setSettings({"cpu", 0, 1});
  chooser.show();
  REQUIRE(QTest::qWaitForWindowExposed(&chooser));
  QSpinBox* box = chooser.processesBox();
  QSignalSpy changed(&chooser, &DeviceChooser::changed);
  box->setFocus();

  QTest::keyClick(box, Qt::Key_Up);
  CHECK(changed.count() == 1);
  CHECK(chooser.settings().processes == 2);

  QTest::keyClick(box, Qt::Key_A, Qt::ControlModifier);
  QTest::keyClicks(box, QStringLiteral("6"));
  CHECK(chooser.settings().processes == 6);
  CHECK(changed.count() == 2);

  // Down to 0 with the arrow key: automatic, one process per physical core on the CPU.
  QTest::keyClick(box, Qt::Key_A, Qt::ControlModifier);
  QTest::keyClicks(box, QStringLiteral("1"));
  QTest::keyClick(box, Qt::Key_Down);
  CHECK(changed.count() == 4);
  CHECK(chooser.settings().processes == 0);
  CHECK(box->specialValueText().startsWith(QStringLiteral("Automatic")));
  CHECK(box->text() == QStringLiteral("Automatic (%1)").arg(train::physicalCores()));
}

TEST_CASE("Device chooser: automatic processes follow the chosen device") {
  DeviceChooser chooser({{0, "NVIDIA RTX A6000", 51'000'000'000}});
  chooser.setSettings({"cpu", 0, 0});
  CHECK(chooser.processesBox()->text() ==
        QStringLiteral("Automatic (%1)").arg(train::resolveProcesses(0, "cpu")));
  chooser.deviceBox()->setCurrentIndex(chooser.deviceBox()->findData(QStringLiteral("cuda:0")));
  // One per GPU torch sees here (at least one), as the training worker will resolve it.
  CHECK(chooser.processesBox()->text() ==
        QStringLiteral("Automatic (%1)").arg(train::resolveProcesses(0, "cuda:0")));
}
