#pragma once
// The app's translation of grading texts stored in English (feedback, reasons, values): the templates of
// core/util/coretext.h, matched at display time and shown in the app's language with the same arguments.

#include <QString>

namespace sandmark {

/// `stored` in the app's language: a text built from a coretext template is shown as that template's translation
/// (context "sandmark::CoreText"), its arguments translated the same way where they are such texts too ("not
/// graded: the probe did not run: kernel died while executing cells[7] (exit status 0)"); a text of several parts
/// joined by "; " is translated part by part. Where several templates match one text, the reading whose templates
/// explain most of it (literal characters, nested ones included) is taken. The numbers of a template's quantities
/// (coretext::quantities(): durations, a comparison's difference and tolerances: "0.17 s", "difference 3.54") are
/// written in the app's locale ("0,17 s", "Differenz 3,54"); the compared values stay as Python wrote them. Anything else, and everything
/// when no translation is loaded and the locale writes numbers as C does, is returned as stored. Cell references
/// ("cells[5]") are kept, so labelCellReferences() applies afterwards.
/// Thread-safe (the templates' patterns are built once); a text is matched once per catalogue and locale (the last
/// few thousand are kept: a table's repaint asks again), about 0.2 ms for a comparison's feedback the first time.
QString translatedCoreText(const QString &stored);

/// One word of a run's record (resources/python/sandmark_runner.py) in the app's language: a run's status
/// ("completed", "cell-timeout", …), a cell's ("ok", "error", "not-run", …), an injected cell's kind ("redirect",
/// "probe", "test", "values") or a cell type ("code", "markdown", "raw"); context "sandmark::RunRecord". A word
/// not listed is returned as it is. Any thread (reads the installed translators).
QString runRecordWord(const QString &word);

} // namespace sandmark
