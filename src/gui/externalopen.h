#pragma once
// Handing a notebook to another program: Jupyter, the system's editor, the file manager. Never blocks.

#include <QString>

namespace sandmark {

/// Starts `jupyter notebook PATH` (the first `jupyter` on PATH) detached, in the notebook's folder; the app does not
/// wait for it. Returns an error text for the status line, or empty when it started. GUI thread; never blocks.
QString openInJupyter(const QString &notebookPath);

/// Opens the file in the program the desktop associates with it (QDesktopServices: xdg-open on Linux). Returns an
/// error text, or empty. GUI thread; the desktop service starts the program asynchronously.
QString openWithSystem(const QString &path);

/// Opens the folder holding `path` in the file manager (QDesktopServices). Returns an error text, or empty. GUI
/// thread; the desktop service starts the file manager asynchronously.
QString revealInFileManager(const QString &path);

} // namespace sandmark
