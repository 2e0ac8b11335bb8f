#pragma once

#include "store/records.h"

#include <QLabel>

namespace spanforge::ui {

// One line above the editor about the open document: its id, status (with the
// status colour), span count, split and source.
class DocumentHeader : public QLabel {
  Q_OBJECT

 public:
  explicit DocumentHeader(QWidget* parent = nullptr);

  void setDocument(const store::StoredDocument& stored);
  void clear();
};

}  // namespace spanforge::ui
