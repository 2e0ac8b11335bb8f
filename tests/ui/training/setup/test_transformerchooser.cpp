// The Setup page's "Encoder": Spanforge's own, or a pretrained transformer
// from a Hugging Face model folder, described before any weight is loaded or
// refused saying why; a folder chosen in the dialog brings the transformer
// recipe and the own encoder takes it back.
#include "model/safetensorsfile.h"
#include "shotsdir.h"
#include "tempdir.h"
#include "train/config/trainconfig.h"
#include "training/setup/configfieldeditor.h"
#include "training/setup/configform.h"
#include "training/setup/trainingsetup.h"
#include "training/setup/transformerchooser.h"
#include "transformer/encoderconfig.h"
#include "widgetinput.h"

#include "catchapi.h"

#include <QFileDialog>
#include <QPushButton>
#include <QRadioButton>
#include <QTest>

#include <filesystem>
#include <fstream>

using namespace spanforge;
using namespace spanforge::ui;
using spanforge::testing::TempDir;
namespace fs = std::filesystem;

namespace {

// A BERT folder of zeros: 2 layers, hidden 8, the real cased vocabulary.
QString tinyBert(const TempDir& dir, bool weights = true) {
  const std::string f = dir.file(weights ? "tiny-bert" : "no-weights");
  fs::create_directories(f);
  std::ofstream(f + "/config.json")
      << R"({"model_type": "bert", "vocab_size": 28996, "hidden_size": 8,
             "num_hidden_layers": 2, "num_attention_heads": 2, "intermediate_size": 16,
             "max_position_embeddings": 64, "type_vocab_size": 2,
             "_name_or_path": "tiny-bert"})";
  fs::copy_file(SPANFORGE_TEST_DATA_DIR "/tokenizers/bert-base-cased/vocab.txt", f + "/vocab.txt");
  if (weights) {
    const auto config = transformer::EncoderConfig::load(f + "/config.json");
    std::vector<std::vector<float>> data;
    std::vector<model::SafetensorsBlob> blobs;
    const auto tensors = transformer::expectedTensors(config);
    for (const auto& t : tensors) {
      int64_t n = 1;
      for (int64_t d : t.shape) n *= d;
      data.emplace_back(static_cast<size_t>(n), 0.0f);
    }
    for (size_t i = 0; i < tensors.size(); ++i)
      blobs.push_back({"bert." + tensors[i].name, "F32", tensors[i].shape, data[i].data()});
    model::SafetensorsFile::write(f + "/model.safetensors", blobs);
  }
  return QString::fromStdString(f);
}

using spanforge::testing::clickBox;

void chooseInDialog(TransformerChooser* chooser, const QString& folder) {
  clickBox(chooser->chooseButton());
  auto* dialog = chooser->findChild<QFileDialog*>();
  REQUIRE(dialog);
  CHECK(dialog->isVisible());
  dialog->selectFile(folder);
  QMetaObject::invokeMethod(dialog, "accept");
  QTest::qWait(20);
}

}  // namespace

TEST_CASE("Transformer chooser: the own encoder by default, a folder described, then undone") {
  TempDir dir;
  TrainingSetup setup({});
  setup.resize(1280, 800);
  setup.show();
  TransformerChooser* chooser = setup.transformer();
  REQUIRE(chooser);
  CHECK(chooser->ownButton()->isChecked());
  CHECK(setup.config() == train::defaultConfig());

  const QString folder = tinyBert(dir);
  chooseInDialog(chooser, folder);
  CHECK(chooser->transformerButton()->isChecked());
  CHECK(chooser->error().isEmpty());
  const QString summary = chooser->summaryLabel()->text();
  CAPTURE(summary.toStdString());
  CHECK(summary.startsWith("tiny-bert: BERT, 2 layers, hidden 8"));
  CHECK(summary.contains("WordPiece vocabulary of 28,996"));
  const train::TrainConfig c = setup.config();
  CHECK(c.model.encoder == "transformer");
  CHECK(QString::fromStdString(c.model.transformer) == folder);
  CHECK(c.model.dropout == 0.1);
  CHECK(c.training.batchSize == "auto_on_gpu");
  CHECK(setup.validationError().isEmpty());
  // Issue #66: the form kept "Hidden" (a BiLSTM the transformer has not) and
  // "Learning rate" as if it were the encoder's; the size said "0.0 GB".
  ConfigForm* form = setup.form();
  QWidget* hidden = form->editor(QStringLiteral("model.hidden"));
  QWidget* encoderRate = form->editor(QStringLiteral("training.transformer_learning_rate"));
  CHECK_FALSE(hidden->isVisible());
  CHECK(encoderRate->isVisible());
  CHECK(form->rowLabel(QStringLiteral("training.learning_rate")) ==
        QStringLiteral("Head learning rate:"));
  CHECK_FALSE(summary.contains(QStringLiteral("0.0 GB")));

  clickBox(chooser->ownButton());
  CHECK(setup.config() == train::defaultConfig());
  CHECK(chooser->summaryLabel()->text().startsWith("Trains from scratch"));
  CHECK(hidden->isVisible());
  CHECK_FALSE(encoderRate->isVisible());
  CHECK(form->rowLabel(QStringLiteral("training.learning_rate")) ==
        QStringLiteral("Learning rate:"));
}

TEST_CASE("Transformer chooser: a folder that cannot be fine-tuned says why and disables Train") {
  TempDir dir;
  TrainingSetup setup({});
  chooseInDialog(setup.transformer(), tinyBert(dir, false));
  const QString error = setup.transformer()->error();
  CAPTURE(error.toStdString());
  CHECK(error.contains("no model.safetensors"));
  CHECK(setup.transformer()->summaryLabel()->text() == error);
  CHECK(setup.validationError() == error);

  // A loaded config names its folder: the chooser follows it.
  train::TrainConfig c = train::defaultConfig();
  c.model.encoder = "transformer";
  c.model.transformer = tinyBert(dir).toStdString();
  setup.setConfig(c);
  CHECK(setup.transformer()->transformerButton()->isChecked());
  CHECK(setup.transformer()->error().isEmpty());
  CHECK(setup.config() == c);
}

// The README's picture of the Setup page with a transformer chosen.
TEST_CASE("Screenshot of the Setup page with a transformer", "[.screenshots]") {
  TempDir dir;
  TrainingSetup setup({});
  setup.resize(1280, 800);
  setup.show();
  chooseInDialog(setup.transformer(), tinyBert(dir));
  QTest::qWait(50);
  const QString file = spanforge::testing::shotsDir() + "/setup-transformer.png";
  REQUIRE(setup.grab().save(file));
}
