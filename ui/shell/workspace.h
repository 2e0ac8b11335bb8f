#pragma once

namespace spanforge::ui {

// The main window's workspaces; each owns the window below the menus (Qt
// Creator's modes). Their order is the mode bar's and the keys' (Ctrl+1...).
enum class Workspace { Annotate, Train, Review, Evaluate, Runs };

}  // namespace spanforge::ui
