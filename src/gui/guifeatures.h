#pragma once
// The optional parts the desktop app was built with, for `sandmark --version --verbose`.

#include "util/buildfeatures.h"

namespace sandmark {

/// The GUI's parts, then the core's (coreBuildFeatures()): Qt Charts (the Results page's charts; without it
/// tables), KF6 SyntaxHighlighting (else the built-in Python highlighter). Decided at configure time
/// (sandmark_gui_config.h). Any thread.
QList<BuildFeature> guiBuildFeatures();

} // namespace sandmark
