// The Setup page's widgets: the config form validates every value with the
// schema's rules (and the rules between settings), presets and the advanced
// view; the device chooser lists CUDA devices with name and memory; the dev
// set is a seeded share or a file.
#include "train/config/configschema.h"
#include "training/setup/configfieldeditor.h"
#include "training/setup/configform.h"
#include "training/setup/datasplitbox.h"
#include "training/setup/devicechooser.h"
#include "training/setup/trainingsetup.h"
#include "widgetinput.h"

#include "catchapi.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGroupBox>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QTest>

using namespace spanforge;
using namespace spanforge::ui;

namespace {

using spanforge::testing::typeText;

QWidget* input(const ConfigForm& form, const char* name) {
  ConfigFieldEditor* e = form.editor(QString::fromLatin1(name));
  REQUIRE(e);
  return e->input();
}

}  // namespace

TEST_CASE("Config form: every setting, validated as typed") {
  ConfigForm form({QStringLiteral("device.device")});
  form.show();
  CHECK(form.editor(QStringLiteral("device.device")) == nullptr);  // edited elsewhere
  size_t editors = 0;
  for (const auto& f : train::configFields())
    editors += form.editor(QString::fromStdString(f.name())) != nullptr;
  CHECK(editors == train::configFields().size() - 1);
  CHECK(form.isValid());
  CHECK(form.config() == train::defaultConfig());

  // Types follow the schema: a combo box of the allowed values, a check box.
  auto* encoder = qobject_cast<QComboBox*>(input(form, "model.encoder"));
  REQUIRE(encoder);
  CHECK(encoder->count() == 3);  // bilstm, cnn, transformer
  CHECK(qobject_cast<QCheckBox*>(input(form, "training.length_bucketing")));

  typeText(input(form, "training.learning_rate"), QStringLiteral("-1"));
  CHECK_FALSE(form.isValid());
  ConfigFieldEditor* lr = form.editor(QStringLiteral("training.learning_rate"));
  CHECK(lr->error().contains(QStringLiteral("must be a number > 0")));
  CHECK(lr->input()->toolTip().contains(QStringLiteral("must be")));
  typeText(input(form, "training.learning_rate"), QStringLiteral("0.01"));
  CHECK(form.isValid());
  CHECK(form.config().training.learningRate == 0.01);

  // A rule between two settings is reported at the setting.
  form.setAdvanced(true);
  typeText(input(form, "training.min_learning_rate"), QStringLiteral("0.5"));
  CHECK_FALSE(form.isValid());
  CHECK(form.editor(QStringLiteral("training.min_learning_rate"))
            ->error()
            .contains(QStringLiteral("must not exceed learning_rate")));
  typeText(input(form, "training.min_learning_rate"), QStringLiteral("0"));
  CHECK(form.isValid());
}

TEST_CASE("Config form: presets and the advanced view") {
  ConfigForm form;
  form.show();
  const auto groups = form.findChildren<QGroupBox*>();
  auto shownGroups = [&] {
    int n = 0;
    for (QGroupBox* g : groups) n += g->isVisible();
    return n;
  };
  CHECK(shownGroups() == 0);
  QTest::mouseClick(form.advancedBox(), Qt::LeftButton, {},
                    QPoint(8, form.advancedBox()->height() / 2));
  CHECK(form.isAdvanced());
  CHECK(shownGroups() == 5);  // [model] [training] [pretraining] [data] [device]

  QComboBox* preset = form.presetBox();
  preset->setFocus();
  QTest::keyClick(preset, Qt::Key_Down);  // "fast"
  CHECK(preset->currentText() == QStringLiteral("fast"));
  // Keyboard selection does not emit activated on every style; apply as a click would.
  emit preset->activated(preset->currentIndex());
  CHECK(form.config() == train::fastPreset());
  CHECK(qobject_cast<QComboBox*>(input(form, "model.encoder"))->currentText() ==
        QStringLiteral("cnn"));
}

TEST_CASE("Config form: training.prefetch is a check box under Show every setting") {
  ConfigForm form;
  form.show();
  auto* prefetch = qobject_cast<QCheckBox*>(input(form, "training.prefetch"));
  REQUIRE(prefetch);
  CHECK_FALSE(prefetch->isVisible());  // not one of the basic settings
  QTest::mouseClick(form.advancedBox(), Qt::LeftButton, {},
                    QPoint(8, form.advancedBox()->height() / 2));
  CHECK(prefetch->isVisible());
  CHECK(prefetch->isChecked() == train::defaultConfig().training.prefetch);
  CHECK(prefetch->toolTip().contains(QStringLiteral("second thread")));
  prefetch->click();
  CHECK(form.isValid());
  CHECK(form.config().training.prefetch == !train::defaultConfig().training.prefetch);
}

TEST_CASE("Device chooser: automatic, CPU and each CUDA device with its memory") {
  DeviceChooser chooser({{0, "NVIDIA RTX A6000", 51'000'000'000}, {1, "Tesla T4", 16'000'000'000}});
  QComboBox* box = chooser.deviceBox();
  REQUIRE(box->count() == 4);
  CHECK(box->itemText(2) == QStringLiteral("GPU 0: NVIDIA RTX A6000 (51.0 GB)"));
  CHECK(box->itemData(3).toString() == QStringLiteral("cuda:1"));
  box->setCurrentIndex(3);
  chooser.threadsBox()->setValue(2);
  CHECK(chooser.settings().device == "cuda:1");
  CHECK(chooser.settings().threads == 2);
  CHECK(chooser.threadsBox()->specialValueText() == QStringLiteral("Automatic"));

  DeviceChooser cpuOnly({});
  CHECK(cpuOnly.deviceBox()->count() == 2);
  cpuOnly.setSettings({"cuda:3", 0});  // a config from another machine
  CHECK(cpuOnly.deviceBox()->currentText().contains(QStringLiteral("not found")));
  CHECK(cpuOnly.settings().device == "cuda:3");
}

TEST_CASE("Dev set: a seeded share, the documents marked dev, or a file") {
  DataSplitBox box;
  box.show();
  train::DataSettings s;
  s.devFraction = 0.25;
  s.devSeed = 7;
  box.setSettings(s);
  CHECK(box.fractionBox()->value() == 25.0);
  CHECK(box.apply({}).devFraction == 0.25);
  CHECK(box.apply({}).devSeed == 7);
  CHECK(box.devFile().isEmpty());

  box.setMarkedDev(12);
  CHECK(box.seededButton()->text().contains(QStringLiteral("12")));
  CHECK_FALSE(box.fractionBox()->isEnabled());  // marked documents win over the draw

  QTest::mouseClick(box.fileButton(), Qt::LeftButton, {},
                    QPoint(8, box.fileButton()->height() / 2));
  CHECK(box.fileButton()->isChecked());
  box.setDevFile(QStringLiteral("/data/dev.conll"));
  CHECK(box.devFile() == QStringLiteral("/data/dev.conll"));
}

TEST_CASE("Setup: the form, device and split merge into one config and Train needs a valid one") {
  TrainingSetup setup({});
  setup.show();
  train::TrainConfig c = train::fastPreset();
  c.device.threads = 1;
  c.device.processes = 3;  // edited by the device chooser, not the form
  c.data.devFraction = 0.1;
  setup.setConfig(c);
  CHECK(setup.config() == c);
  CHECK(setup.trainButton()->isEnabled());
  QTest::mouseClick(setup.split()->fileButton(), Qt::LeftButton, {},
                    QPoint(8, setup.split()->fileButton()->height() / 2));
  CHECK_FALSE(setup.trainButton()->isEnabled());  // no dev file chosen yet
  CHECK(setup.validationError().contains(QStringLiteral("dev file")));
}
