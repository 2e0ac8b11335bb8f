// Model > Serve Current Model: a real server for the project's model, used
// by a real HTTP client while the dialog is driven with the mouse.
#include "modelloop/modelloop.h"
#include "modelloop/modelloopharness.h"
#include "modelloop/serve/servecontroller.h"
#include "modelloop/serve/servedialog.h"
#include "shotsdir.h"

#include <httplib.h>
#include "catchapi.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTest>

using spanforge::testing::ModelLoopHarness;
using spanforge::testing::waitFor;

namespace {

spanforge::ui::ServeDialog* openDialog(ModelLoopHarness& h) {
  h.loop().serveAction()->trigger();
  auto* dialog = h.loop().serveDialog();
  REQUIRE(dialog);
  REQUIRE(QTest::qWaitForWindowExposed(dialog));
  return dialog;
}

int portOf(const QString& url) { return url.section(QLatin1Char(':'), -1).toInt(); }

}  // namespace

TEST_CASE("serve dialog: start, answer a client, count it, stop") {
  ModelLoopHarness h;
  auto* dialog = openDialog(h);
  CHECK(h.loop().serveAction()->text() == QStringLiteral("&Serve Current Model…"));
  CHECK(dialog->host()->currentText() == QStringLiteral("127.0.0.1"));
  dialog->port()->setValue(0);  // any free port: tests run side by side
  REQUIRE(dialog->startButton()->isEnabled());
  QTest::mouseClick(dialog->startButton(), Qt::LeftButton);
  REQUIRE(waitFor([&] { return !dialog->url()->text().isEmpty(); }, 20000));
  CHECK(dialog->startButton()->text() == QStringLiteral("&Stop"));
  CHECK_FALSE(dialog->port()->isEnabled());
  const int port = portOf(dialog->url()->text());
  CHECK(dialog->url()->text() == QStringLiteral("http://127.0.0.1:%1").arg(port));

  httplib::Client client("127.0.0.1", port);
  const auto health = client.Get("/health");
  REQUIRE(health);
  CHECK(health->status == 200);
  const auto res =
      client.Post("/predict", R"({"texts": ["Alice met Acme in Paris ."]})", "application/json");
  REQUIRE(res);
  CHECK(res->status == 200);
  CHECK(res->body.find("\"spans\"") != std::string::npos);
  CHECK(waitFor([&] { return dialog->status()->text().contains(QStringLiteral("Answered 2")); },
                5000));

  QTest::mouseClick(dialog->startButton(), Qt::LeftButton);
  CHECK(dialog->url()->text().isEmpty());
  CHECK(dialog->startButton()->text() == QStringLiteral("&Start"));
  CHECK(dialog->status()->text() == QStringLiteral("Stopped."));
  CHECK_FALSE(client.Get("/health"));
}

TEST_CASE("serve dialog: a busy port says why, another host warns, closing stops") {
  ModelLoopHarness h;
  auto* dialog = openDialog(h);
  dialog->port()->setValue(0);
  QTest::mouseClick(dialog->startButton(), Qt::LeftButton);
  REQUIRE(waitFor([&] { return dialog->controller()->running(); }, 20000));
  const int port = portOf(dialog->url()->text());

  // A second window on the same port.
  spanforge::ui::ServeDialog other;
  other.setModel(QString::fromStdString(spanforge::testing::tinyModelPackage()), "tiny");
  other.port()->setValue(port);
  other.show();
  QTest::mouseClick(other.startButton(), Qt::LeftButton);
  REQUIRE(waitFor([&] { return other.status()->text().startsWith("Could not start"); }, 20000));
  CHECK(other.status()->text().contains(QStringLiteral("cannot listen on 127.0.0.1:%1").arg(port)));
  CHECK(other.startButton()->text() == QStringLiteral("&Start"));
  CHECK(other.startButton()->isEnabled());

  other.host()->setFocus();
  other.host()->lineEdit()->selectAll();
  QTest::keyClicks(other.host()->lineEdit(), QStringLiteral("0.0.0.0"));
  bool warned = false;
  for (QLabel* l : other.findChildren<QLabel*>())
    if (l->isVisible() && l->text().contains(QStringLiteral("without a password"))) warned = true;
  CHECK(warned);

  dialog->close();
  CHECK_FALSE(dialog->controller()->running());
  httplib::Client client("127.0.0.1", port);
  CHECK_FALSE(client.Get("/health"));
}

TEST_CASE("serve dialog: no model, no start") {
  spanforge::ui::ServeDialog dialog;
  dialog.setModel({}, {});
  dialog.show();
  CHECK_FALSE(dialog.startButton()->isEnabled());
}

TEST_CASE("serve dialog screenshot", "[.screenshots]") {
  ModelLoopHarness h;
  auto* dialog = openDialog(h);
  dialog->port()->setValue(0);
  QTest::mouseClick(dialog->startButton(), Qt::LeftButton);
  REQUIRE(waitFor([&] { return dialog->controller()->running(); }, 20000));
  REQUIRE(dialog->grab().save(spanforge::testing::shotsDir() + "/serve-dialog.png"));
  dialog->host()->setEditText(QStringLiteral("0.0.0.0"));
  REQUIRE(dialog->grab().save(spanforge::testing::shotsDir() + "/serve-dialog-warning.png"));
}
