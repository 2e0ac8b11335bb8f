#include "actionrunner.h"

#include "editordriver.h"
#include "journalwriter.h"

#include <QUndoStack>

namespace spanforge::killharness {

ActionRunner::ActionRunner(store::ProjectStore& reader, QUndoStack& stack, EditorDriver& editor,
                           JournalWriter& journal)
    : reader_(reader), stack_(stack), editor_(editor), journal_(journal) {}

void ActionRunner::run(const std::string& action, Kind kind, const Transition& predicted,
                       const std::function<void()>& act) {
  ++seq_;
  nlohmann::json intent = predicted.toJson();
  intent["t"] = "intent";
  intent["seq"] = seq_;
  intent["action"] = action;
  // Not fsynced: after a SIGKILL the line is there anyway, and without the
  // wait more kills land in the action itself rather than before it.
  journal_.write(intent, false);

  const int indexBefore = stack_.index();
  act();
  const Transition actual = readBack(predicted);
  compare(action, predicted, actual);

  nlohmann::json saved;
  saved["t"] = "saved";
  saved["seq"] = seq_;
  saved["docs"] = nlohmann::json::array();
  for (const auto& [id, ba] : actual.docs)
    saved["docs"].push_back({{"id", id}, {"state", ba.second.toJson()}});
  if (actual.labels) saved["labels"] = actual.labels->second.toJson();
  journal_.write(saved);

  follow(kind, indexBefore, actual);
}

Transition ActionRunner::readBack(const Transition& predicted) {
  Transition actual;
  for (const auto& [id, ba] : predicted.docs) {
    const auto now = DocState::read(reader_, id);
    actual.docs[id] = {ba.first, now ? *now : DocState{}};
  }
  if (predicted.labels)
    actual.labels = std::make_pair(predicted.labels->first, LabelSet::read(reader_));
  return actual;
}

void ActionRunner::compare(const std::string& action, const Transition& predicted,
                           const Transition& actual) {
  for (const auto& [id, ba] : actual.docs) {
    const DocState& want = predicted.docs.at(id).second;
    if (ba.second != want && ba.second != ba.first)
      mismatch(action, "document " + std::to_string(id) + ": predicted " + want.describe() +
                           ", store has " + ba.second.describe());
  }
  if (actual.labels && actual.labels->second != predicted.labels->second &&
      actual.labels->second != actual.labels->first)
    mismatch(action, "labels: predicted " + predicted.labels->second.describe() + ", store has " +
                         actual.labels->second.describe());
  // The editor must show what is saved for the document it shows.
  const auto open = actual.docs.find(editor_.documentId());
  if (open != actual.docs.end() && editor_.shownSpans() != open->second.second.spans) {
    DocState shown = open->second.second;
    shown.spans = editor_.shownSpans();
    mismatch(action, "document " + std::to_string(open->first) + ": editor shows " +
                         shown.describe() + ", store has " + open->second.second.describe());
  }
}

void ActionRunner::follow(Kind kind, int indexBefore, const Transition& actual) {
  const int index = stack_.index();
  if (kind == Kind::Command && index == indexBefore + 1) mirror_.pushed(actual);
  if (kind == Kind::Undo && index == indexBefore - 1) mirror_.undone();
  if (kind == Kind::Redo && index == indexBefore + 1) mirror_.redone();
  if (index != mirror_.index() || stack_.count() != mirror_.count()) {
    // Out of step (a command the session dropped): start both afresh.
    journal_.write({{"t", "note"}, {"seq", seq_}, {"what", "undo stack resynchronised"}});
    stack_.clear();
    mirror_.clear();
  }
}

void ActionRunner::mismatch(const std::string& action, const std::string& what) {
  ++mismatches_;
  journal_.write({{"t", "mismatch"}, {"seq", seq_}, {"action", action}, {"what", what}});
}

}  // namespace spanforge::killharness
