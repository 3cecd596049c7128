#pragma once
// Cells named in reasons and notes ("cells[5]: raised KeyError") and how a notebook shows them ("In [4]: df = …").

#include "notebook/notebook.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringView>

namespace sandmark {

/// One `cells[N]` in a text: `length` UTF-16 code units from `start`, naming the cell at position `index` of the
/// submitted notebook (the execution record's `index`, docs/runner-protocol.md; the executed notebook has the same
/// cells at the same positions).
struct CellReference
{
    qsizetype start = 0;
    qsizetype length = 0;
    int index = -1;
};

/// Every `cells[N]` in `text` (a reason, a note, a check's feedback: grade() and the runner write cells this way),
/// in order. An index too large for an int is not a reference. Pure function; thread-safe.
QList<CellReference> findCellReferences(const QString &text);

/// How Jupyter shows a cell, for finding it in the notebook: "In [4]: df = load(…)" — the execution count ("In [ ]"
/// for a code cell that did not run, "Markdown" or "Raw" for other cells) and the first non-blank line of
/// `source`, cut to `maxChars` characters with "…". `executionCount` < 0: never executed. Pure function.
QString cellLabel(CellType type, int executionCount, const QString &source, int maxChars = 60);

/// cellLabel() of every cell of `notebook`, by position. Thread-safe on a copy of the notebook.
QHash<int, QString> cellLabels(const Notebook &notebook);

/// `text` with each `cells[N]` that `labels` knows written as the notebook shows it, the position kept:
/// "cells[5]: raised KeyError" → "In [4]: df = load(…) (cells[5]): raised KeyError". Unknown cells stay as they are.
/// Pure function.
QString labelCellReferences(const QString &text, const QHash<int, QString> &labels);

} // namespace sandmark
