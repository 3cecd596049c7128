#pragma once
// The texts of grading results that the app shows translated: feedback, reasons and values a gradebook stores in
// English (the CLI, the CSV and the HTML feedback keep them in English). Each is a template with %1… arguments,
// marked for lupdate in the context "sandmark::CoreText" (src/gui/CMakeLists.txt lists this file); the code that
// writes such a text builds it from the constant here, and the app matches stored texts against all() at display
// time (src/gui/coretranslation.h) and shows the translation with the same arguments. A text that is not built
// from a template here is shown as stored. Adding one: a constant, its entry in all(), the code using it, and its
// translation in translations/sandmark_de.ts (the translations_complete test names what is missing).

#include <QList>
#include <QString>
#include <QtGlobal>

namespace sandmark::coretext {

inline constexpr char kContext[] = "sandmark::CoreText";

// Value checks (grading/compare.cpp, grading/value.cpp).
inline constexpr char notDefined[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "`%1` is not defined");
inline constexpr char notDefinedValue[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "(not defined)");
// The article is the template's, not the type's argument: "yours is a list" / "yours is an int".
inline constexpr char notOfExpectedTypeA[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "`%1`: not of the expected type (yours is a %2)");
inline constexpr char notOfExpectedTypeAn[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "`%1`: not of the expected type (yours is an %2)");
inline constexpr char notExpectedValue[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "`%1`: not the expected value (yours: %2)");
inline constexpr char notExpectedLength[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "`%1`: not the expected length (yours: %2)");
inline constexpr char notExpectedShape[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "`%1`: not the expected shape (yours: %2)");
inline constexpr char notExpectedDtype[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "`%1`: not the expected dtype (yours: %2)");
inline constexpr char notExpectedColumns[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "`%1`: not the expected columns (yours: %2)");
inline constexpr char notExpectedIndex[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "`%1`: not the expected index (yours: %2)");
inline constexpr char notExpectedKeys[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "`%1`: not the expected keys (yours: %2)");
inline constexpr char notExpectedName[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "`%1`: not the expected name (yours: %2)");
inline constexpr char seriesSummary[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "Series %1, %2 values (%3), index %4");
inline constexpr char dataFrameSummary[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "DataFrame %1×%2, columns %3");
inline constexpr char notCaptured[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "(could not be captured: %1)");
inline constexpr char expectedHidden[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "this check does not show the expected value");

// What a value comparison found (grading/compare.cpp): the feedback "`name`: what differed".
inline constexpr char differsAt[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "`%1`: %2");
inline constexpr char expectedAGotA[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "expected a %1, got a %2: %3");
inline constexpr char expectedAGotAn[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "expected a %1, got an %2: %3");
inline constexpr char expectedAnGotA[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "expected an %1, got a %2: %3");
inline constexpr char expectedAnGotAn[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "expected an %1, got an %2: %3");
inline constexpr char subclassRefused[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "is a %1, a subclass of %2; this check accepts only %3 (set \"allow_subclass\": true to accept subclasses)");
inline constexpr char exactTypeDiffers[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "type %1 ≠ %2 (the check requires the exact type)");
inline constexpr char referenceUndefined[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the reference run did not define it");
inline constexpr char undefinedHere[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "not defined");
inline constexpr char referenceNotCaptured[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the reference value could not be captured (%1)");
inline constexpr char valueNotCaptured[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the value could not be captured (%1)");
inline constexpr char referenceTooLargeLimit[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the reference value is too large to capture (%1 bytes, limit %2)");
inline constexpr char valueTooLargeLimit[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the value is too large to capture (%1 bytes, limit %2)");
inline constexpr char referenceTooLarge[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the reference value is too large to capture (%1 bytes)");
inline constexpr char valueTooLarge[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the value is too large to capture (%1 bytes)");
inline constexpr char referenceTooDeep[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the reference value is nested too deeply to capture (more than 32 levels)");
inline constexpr char valueTooDeep[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the value is nested too deeply to capture (more than 32 levels)");
inline constexpr char referenceTruncatedAt[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the reference value was truncated by the probe (length %1), so it cannot be compared");
inline constexpr char valueTruncatedAt[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the value was truncated by the probe (length %1), so it cannot be compared");
inline constexpr char referenceTruncated[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the reference value was truncated by the probe, so it cannot be compared");
inline constexpr char valueTruncated[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the value was truncated by the probe, so it cannot be compared");
inline constexpr char valueDiffers[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "value %1 ≠ %2");
inline constexpr char valueDiffersNaN[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "value %1 ≠ %2 (NaN equals only a NaN reference)");
inline constexpr char valueDiffersBy[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "value %1 ≠ %2 (difference %3, relative %4; allowed: atol %5 + rtol %6 × |expected|)");
inline constexpr char valueDiffersByAbsolute[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "value %1 ≠ %2 (difference %3; allowed: atol %4 + rtol %5 × |expected|)");
inline constexpr char float32Hint[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the value is a numpy %1, which keeps only about %2 significant digits: compare with rtol >= 1e-6 or convert it with float()");
inline constexpr char reprRaised[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "a %1 whose repr() raised cannot be compared");
inline constexpr char stringsDiffer[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "strings differ at character %1: %2 ≠ %3 (length %4, expected %5)");
inline constexpr char stringsDifferFolded[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "strings differ at character %1 (after folding case and whitespace): %2 ≠ %3 (length %4, expected %5)");
inline constexpr char stringsDifferCaseFolded[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "strings differ at character %1 (after folding case): %2 ≠ %3 (length %4, expected %5)");
inline constexpr char stringsDifferCollapsed[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "strings differ at character %1 (after collapsing whitespace): %2 ≠ %3 (length %4, expected %5)");
inline constexpr char lengthDiffers[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "length %1 ≠ %2");
inline constexpr char missingItems[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "missing %1");
inline constexpr char unexpectedItems[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "unexpected %1");
inline constexpr char setElementsDiffer[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "set elements differ: %1");
inline constexpr char missingKey[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "missing key %1");
inline constexpr char missingKeys[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "missing keys %1");
inline constexpr char unexpectedKey[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "unexpected key %1");
inline constexpr char unexpectedKeys[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "unexpected keys %1");
// Elements of an array ("element [2]"), a Series ("value at index 'b'") or a DataFrame's column ("value at row 3").
inline constexpr char elementNotGraded[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "element %1: %2");
inline constexpr char elementDiffers[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "element %1: %2 ≠ %3 — %4 of %5 elements differ");
inline constexpr char elementDiffersBy[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "element %1: %2 ≠ %3 (difference %4, relative %5; allowed: atol %6 + rtol %7 × |expected|) — %8 of %9 elements differ");
inline constexpr char elementDiffersByAbsolute[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "element %1: %2 ≠ %3 (difference %4; allowed: atol %5 + rtol %6 × |expected|) — %7 of %8 elements differ");
inline constexpr char elementDiffersSo[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "element %1: %2 — %3 of %4 elements differ");
inline constexpr char indexValueNotGraded[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "value at index %1: %2");
inline constexpr char indexValueDiffers[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "value at index %1: %2 ≠ %3 — %4 of %5 values differ");
inline constexpr char indexValueDiffersBy[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "value at index %1: %2 ≠ %3 (difference %4, relative %5; allowed: atol %6 + rtol %7 × |expected|) — %8 of %9 values differ");
inline constexpr char indexValueDiffersByAbsolute[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "value at index %1: %2 ≠ %3 (difference %4; allowed: atol %5 + rtol %6 × |expected|) — %7 of %8 values differ");
inline constexpr char indexValueDiffersSo[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "value at index %1: %2 — %3 of %4 values differ");
inline constexpr char rowValueNotGraded[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "value at row %1: %2");
inline constexpr char rowValueDiffers[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "value at row %1: %2 ≠ %3 — %4 of %5 values differ");
inline constexpr char rowValueDiffersBy[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "value at row %1: %2 ≠ %3 (difference %4, relative %5; allowed: atol %6 + rtol %7 × |expected|) — %8 of %9 values differ");
inline constexpr char rowValueDiffersByAbsolute[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "value at row %1: %2 ≠ %3 (difference %4; allowed: atol %5 + rtol %6 × |expected|) — %7 of %8 values differ");
inline constexpr char rowValueDiffersSo[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "value at row %1: %2 — %3 of %4 values differ");
inline constexpr char referenceArrayTruncated[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the reference array was truncated by the probe (more than 1,000,000 elements), so it cannot be compared");
inline constexpr char arrayTruncated[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the array was truncated by the probe (more than 1,000,000 elements), so it cannot be compared");
inline constexpr char dtypeDiffers[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "dtype %1 ≠ %2");
inline constexpr char shapeDiffers[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "shape %1 ≠ %2");
inline constexpr char indexNameDiffers[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "index name %1 ≠ %2");
inline constexpr char seriesNameDiffers[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "Series name %1 ≠ %2");
inline constexpr char labelsLengthDiffer[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "labels %1 ≠ %2 (length %3, expected %4)");
inline constexpr char indexLengthDiffers[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "index %1 ≠ %2 (length %3, expected %4)");
inline constexpr char labelsReordered[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "same labels in a different order: %1, expected %2");
inline constexpr char indexReordered[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "same index in a different order: %1, expected %2");
inline constexpr char indexReorderedSortable[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "same index in a different order: %1, expected %2 (sort_index() would match; the check can allow this with \"check_row_order\": false)");
inline constexpr char labelsDiffer[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "labels %1 ≠ %2 (first difference at position %3: %4 ≠ %5)");
inline constexpr char indexDiffers[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "index %1 ≠ %2 (first difference at position %3: %4 ≠ %5)");
inline constexpr char columnsDiffer[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "columns %1 ≠ %2: %3");
inline constexpr char columnsDuplicate[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "columns %1 ≠ %2 (duplicate column names)");
inline constexpr char columnsReordered[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "same columns in a different order: %1, expected %2");
inline constexpr char columnNotCaptured[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "column %1 was not captured");
inline constexpr char columnDtypeDiffers[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "column %1: dtype %2 ≠ %3");
inline constexpr char inColumn[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "column %1, %2");
inline constexpr char rowCountDiffers[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "%1 rows ≠ %2");
inline constexpr char rowNotGraded[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "row %1: %2");
inline constexpr char valuesDifferAnyOrder[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "%1 of %2 values differ (compared in any order, index ignored): %3");
inline constexpr char rowsDifferAnyOrder[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "%1 of %2 rows differ (compared in any order, index ignored): %3");
// The rows left without a partner, at most three named (a row's values, its index label), then how many more.
inline constexpr char rowsAt1[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "%1 (at index %2)");
inline constexpr char rowsAt2[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "%1 (at index %2), %3 (at index %4)");
inline constexpr char rowsAt3[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "%1 (at index %2), %3 (at index %4), %5 (at index %6)");
inline constexpr char rowsAt3More[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "%1 (at index %2), %3 (at index %4), %5 (at index %6), … (%7 more)");

// Reasons and feedback of a run (grading/result.cpp, batch/batchgrading.cpp, checks/*check.cpp).
inline constexpr char raised[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "%1: raised %2");
// The runner's "NoReply" (the kernel went idle without the cell's execute_reply): not an exception the code raised.
// Limits a run reached without failing it (grading/result.cpp, the grade's notes).
inline constexpr char outputCut[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the output of %1 was cut (over output_cell_bytes or output_total_bytes)");
inline constexpr char processesRefused[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the run reached its process limit (processes %1): %2 process(es) or thread(s) could not start");
inline constexpr char cellNoReply[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "%1: the kernel sent no result for the cell (its error display may be broken, as when IPython's showtraceback is replaced, or an interrupt arrived outside its code)");
inline constexpr char cellTimedOut[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "%1: cell timed out");
inline constexpr char notebookUnreadable[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the notebook cannot be read: %1");
inline constexpr char probeDidNotRun[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the probe did not run");
inline constexpr char probeDidNotRunBecause[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the probe did not run: %1");
inline constexpr char notGraded[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "not graded: %1");
inline constexpr char checkNotGraded[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "check '%1' not graded");
inline constexpr char testDidNotRun[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the test did not run");
inline constexpr char testDidNotRunBecause[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the test did not run (%1)");
inline constexpr char kernelDiedDuringTest[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the kernel died during the test");
inline constexpr char testTimedOut[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the test timed out (the student's code it called did not finish)");
inline constexpr char partialCredit[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "partial credit: %1 of %2 points");
inline constexpr char partialCreditOfOne[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "partial credit: %1 of 1 point");
// A manual check's feedback (checks/manualcheck.cpp): %1 the cell's grade_id, id or tag.
inline constexpr char gradedByHandAnswer[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "graded by hand: answer cell '%1'");
inline constexpr char gradedByHandTask[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "graded by hand: task cell '%1'");
inline constexpr char gradedByHandAnswerMissing[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "graded by hand: answer cell '%1' is missing from the submission");
inline constexpr char gradedByHandTaskMissing[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "graded by hand: task cell '%1' is missing from the submission");
inline constexpr char notAnsweredReleaseText[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "not answered: answer cell '%1' still holds the release's text");
inline constexpr char graderError[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "grader error: %1");
inline constexpr char checkNotGradedGraderError[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "check '%1' not graded: grader error: %2");
inline constexpr char kernelDied[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the kernel died");
inline constexpr char cellKernelDied[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "%1: kernel died");
inline constexpr char ignoredInterrupt[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "%1: %2 and ignored the interrupt; kernel killed");
inline constexpr char interfered[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the notebook interfered with grading: %1");
inline constexpr char runEndedWithStatus[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the run ended with status %1");
inline constexpr char kernelCouldNotStart[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the kernel could not start: %1");
inline constexpr char probeCellFailed[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the probe cell failed (%1)");
inline constexpr char notHandedIn[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "not handed in");

// Which file of a student's was graded for a problem set's notebook (batch/notebookmatch.cpp, NotebookMatch::describe()).
inline constexpr char matchedExactly[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "%1 ← %2");
inline constexpr char matchedByName[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "%1 ← %2 (same name, case and copy suffix ignored)");
inline constexpr char matchedByCellIds[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "%1 ← %2 (carries its cell ids)");
inline constexpr char matchedSettled[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "%1 ← %2 (settled by the instructor)");
inline constexpr char notebookNotHandedIn[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "%1: not handed in");

// Written by the runner (resources/python/sandmark_runner.py), in the run's record.
inline constexpr char cellTimeoutAfter[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "%1: timeout after %2 s");
inline constexpr char timeoutAfter[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "timeout after %1 s");
inline constexpr char kernelDiedWhile[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "kernel died while executing %1 (%2)");
inline constexpr char exitStatus[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "exit status %1");
inline constexpr char killedBy[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "killed by %1");
inline constexpr char killedByOutOfMemory[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "killed by %1; out of memory?");

// Why an LMS import flagged or skipped an entry (batch/lmsimport.cpp), kept in the folder's import manifest.
inline constexpr char refusedAbsolutePath[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "refused: absolute path");
inline constexpr char refusedOutside[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "refused: path leads outside the archive (..)");
inline constexpr char refusedEmptyPath[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "refused: empty path");
inline constexpr char refusedControlCharacter[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "refused: the name holds a control character (%1)");
inline constexpr char skippedCheckpoints[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "skipped: Jupyter's autosave folder .ipynb_checkpoints");
inline constexpr char skippedPycache[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "skipped: Python's cache folder __pycache__");
inline constexpr char skippedHidden[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "skipped: hidden file or folder (the name %1 starts with '.')");
inline constexpr char refusedLongName[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "refused: a name in its path is %1 bytes long; file systems allow at most %2 bytes per name (ask the student to rename the file)");
inline constexpr char refusedLongPath[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "refused: its path would be %1 bytes long; file systems allow at most %2 (ask the student to use shorter folder names)");
inline constexpr char refusedUnreadableData[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "refused: cannot read the entry's data");
inline constexpr char refusedFileCap[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "refused: %1 bytes, over the per-file cap of %2 bytes");
inline constexpr char refusedOverFileCap[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "refused: over the per-file cap of %1 bytes");
inline constexpr char refusedTotalCap[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "refused: the import would exceed the total cap of %1 bytes");
inline constexpr char ambiguousCopies[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "ambiguous: %1 handed in %2 times (%3); not guessed");
inline constexpr char ambiguousNotebooks[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "ambiguous: %1 notebooks (%2); not guessed");
inline constexpr char noNotebook[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "no notebook (*.ipynb) handed in");
inline constexpr char refusedFileAndFolder[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "refused: %1 is both a file and a folder in this archive");
inline constexpr char notLmsNamed[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "not named like a Canvas (name_id_submission_file) or Moodle (Full Name_id_assignsubmission_file_/) submission");
inline constexpr char refusedSymlink[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "refused: symbolic link");
inline constexpr char refusedHardLink[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "refused: hard link");
inline constexpr char refusedSpecialFile[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "refused: not a regular file (device, fifo or socket)");
inline constexpr char refusedEntryUnreadable[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "refused: the entry cannot be read (%1); ask the student to hand the file in again");
inline constexpr char zipRecordDamaged[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the zip's record of it is damaged");
inline constexpr char refusedUndecompressable[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "refused: its data cannot be decompressed (%1: %2); download the export again, or ask the student to hand the file in again");
inline constexpr char damagedOrCutShort[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "damaged or cut short");
inline constexpr char refusedCannotRead[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "refused: cannot read: %1");
inline constexpr char ignoredMacosEntry[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "ignored: %1 macOS metadata entry (resource forks, Finder data)");
inline constexpr char ignoredMacosEntries[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "ignored: %1 macOS metadata entries (resource forks, Finder data)");
inline constexpr char alreadyThere[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "already in %1 (left unchanged)");

// Why a submission in the submissions folder cannot be graded as it is (batch/submissions.cpp): the Submissions
// table's problem, and the reason of its result.
inline constexpr char nameNotUtf8[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "'%1': the name is not valid UTF-8 (rename it)");
inline constexpr char symlinkRefused[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "%1 is a symbolic link (refused)");
inline constexpr char notRegularFileRefused[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "%1 is not a regular file (refused)");
inline constexpr char noNotebookInFolder[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "no notebook (*.ipynb) in the folder");
inline constexpr char notebookNameIsFolder[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "no notebook (*.ipynb) in the folder: %1 is a folder, not a notebook");
inline constexpr char ambiguousInFolder[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "ambiguous: %1 notebooks (%2); keep one, or grade the one meant by its path (sandmark-cli grade ASSIGNMENT %3/<notebook>)");
inline constexpr char duplicateStudentId[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "duplicate student id '%1' (a folder and a notebook?)");
// Student folders whose ids an export would show alike (gradebook/export.cpp, exportIdCollisionText()): %1 the
// first names ("'Jose\u0301' (U+0301)", several joined by " and "), %2 the last.
inline constexpr char lookalikeFolders[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the submission folders %1 and %2 have ids that look the same in the file (the same once Unicode-normalized)");

// The sandbox self-test's rows (sandbox/doctor.cpp, sandbox/backend.cpp), and those the probe writes
// (resources/python/sandmark_doctor_probe.py): names, what was observed, fixes. The backends' own rows and fixes
// (sandbox/*backend.cpp) are listed as written there.
inline constexpr char backendAvailable[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "backend available");
inline constexpr char probeAvailable[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "probe available");
inline constexpr char isMissing[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "%1 is missing");
inline constexpr char reinstallRuntime[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "reinstall Sandmark (the Python runtime is incomplete) or set SANDMARK_DATA_DIR");
inline constexpr char pointDataDir[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "SANDMARK_DATA_DIR names %1: point it at Sandmark's share folder (the one holding python/, such as /usr/share/sandmark), or unset it");
inline constexpr char probeHostListener[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "probe: host listener");
inline constexpr char probeRunFolder[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "probe: run folder");
inline constexpr char probeRuns[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "probe: runs inside the sandbox");
inline constexpr char seconds[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "%1 s");
inline constexpr char listenerSawNothing[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "network: host listener saw no connection");
inline constexpr char connectionReachedHost[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "a connection reached the host's port");
inline constexpr char loopbackUnreachable[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "network: host loopback unreachable");
inline constexpr char dnsFailsFast[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "network: DNS fails fast");
inline constexpr char onlyLoopback[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "network: only the loopback interface");
inline constexpr char rootReadOnly[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "filesystem: / read-only");
inline constexpr char usrReadOnly[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "filesystem: /usr read-only");
inline constexpr char etcReadOnly[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "filesystem: /etc read-only");
inline constexpr char workdirWritable[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "filesystem: working directory writable");
inline constexpr char othersHidden[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "visibility: home, assignment folder and other runs hidden");
inline constexpr char limitAddressSpace[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "limits: address space (RLIMIT_AS)");
inline constexpr char limitProcesses[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "limits: processes (RLIMIT_NPROC)");
inline constexpr char limitOpenFiles[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "limits: open files (RLIMIT_NOFILE)");
inline constexpr char limitFileSize[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "limits: file size (RLIMIT_FSIZE)");
inline constexpr char limitCgroupMemory[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "limits: cgroup memory");
inline constexpr char limitCgroupPids[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "limits: cgroup processes (pids)");
inline constexpr char limitCgroupCpus[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "limits: cgroup CPUs");
inline constexpr char limitNoCore[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "limits: no core dumps (RLIMIT_CORE)");
inline constexpr char noCapabilities[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "privileges: no capabilities");
inline constexpr char notRoot[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "privileges: not root on the host");
inline constexpr char noNestedUserns[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "privileges: no nested user namespaces");
inline constexpr char afterSeconds[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "%1 after %2 s");
inline constexpr char connectedToHost[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "connected to the host's port %1");
inline constexpr char resolved[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "resolved");
inline constexpr char none[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "none");
inline constexpr char written[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "written");
inline constexpr char writtenIn[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "%1: written");
inline constexpr char visible[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "visible: %1");
inline constexpr char pathsHidden[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "%1 paths hidden");
inline constexpr char softLimitExpected[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "soft limit %1, expected <= %2");
inline constexpr char softLimit[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "soft limit %1");
inline constexpr char expectedAtMost[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "%1, expected <= %2");
inline constexpr char unlimited[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "unlimited");
inline constexpr char created[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "created");
inline constexpr char refusedBecause[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "refused (%1)");
inline constexpr char noUnshare[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "refused (no unshare() on this system)");
inline constexpr char fixRunFolderWritable[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the run folder must be writable by the sandbox uid (root: the sandmark-sandbox user)");
inline constexpr char fixVisibility[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "only the run's working folder may be bound into the sandbox; keep the cache folder (SANDMARK_CACHE_DIR) separate from assignment and home folders");
inline constexpr char fixNproc[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "RLIMIT_NPROC is not enforced for root: create the sandbox user (useradd --system sandmark-sandbox, scripts/bootstrap does it)");
inline constexpr char fixLimits[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the limits are set in the child before exec (setrlimit); a container runtime may cap or override them");
inline constexpr char seedRuns[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "seed: bwrap with all namespaces unshared runs /bin/true");
inline constexpr char exitCode[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "exit %1");
inline constexpr char exitCodeAs[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "exit %1 as uid %2");
inline constexpr char exitCodeBecause[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "exit %1: %2");
inline constexpr char exitCodeAsBecause[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "exit %1 as uid %2: %3");
inline constexpr char uid[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "uid %1");
inline constexpr char fixBwrapNetwork[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "bwrap must run with --unshare-all (network namespace); check that nothing wraps bwrap with a shared network");
inline constexpr char fixBwrapFilesystem[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "system folders must be bound with --ro-bind and / remounted read-only");
inline constexpr char fixBwrapUserns[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "bwrap must run with --disable-userns (bubblewrap 0.8 or newer)");
inline constexpr char fixBwrapPrivileges[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "run Sandmark as a normal user, or as root with the sandmark-sandbox user; bwrap must use --unshare-user --cap-drop ALL");
inline constexpr char fixSeeError[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "see the error; `sandmark-cli doctor` must pass before grading");
inline constexpr char fixInstallBwrap[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "install bubblewrap (apt install bubblewrap)");
inline constexpr char fixBwrapSeed[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "bwrap could not start the sandbox; see the error");
inline constexpr char daemonHasImage[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "%1: the daemon answers and has the image");
inline constexpr char engineHasImage[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "%1: the engine has the image");
inline constexpr char noAnswerWithin[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "no answer within %1 s");
inline constexpr char fixImageMissing[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the image %1 is not available: build it with %2, or name another with --docker-image / SANDMARK_DOCKER_IMAGE");
inline constexpr char fixRunNetwork[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "%1 run must use --network none");
inline constexpr char fixRunReadOnly[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "%1 run must use --read-only");
inline constexpr char fixRunSeccomp[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "%1 run must keep its default seccomp profile (it refuses unshare)");
inline constexpr char fixRunCapsUser[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "%1 run must use --cap-drop ALL --user 65534:65534");
inline constexpr char fixRunCapsKeepId[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "%1 run must use --cap-drop ALL --userns keep-id");
inline constexpr char fixCgroups[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the %1 engine must enforce --memory, --cpus and --pids-limit: it needs the memory, cpu and pids cgroup controllers (rootless: cgroup v2 with them delegated to the user); or choose --sandbox bwrap");
inline constexpr char fixLocalUnsafe[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "local-unsafe does not isolate anything; use --sandbox bwrap or docker");

// A bwrap run's own cgroup (sandbox/cgroup.cpp, sandbox/sandboxrun.cpp) and the doctor's rows that hit its
// limits (sandbox/doctor.cpp, resources/python/sandmark_limits_probe.py).
inline constexpr char fixRunCgroup[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "bwrap runs need a cgroup of their own for the memory, process and CPU limits: run Sandmark as root with the cgroup file system writable (/sys/fs/cgroup; in a container: --cgroupns=private with a writable cgroup mount, or --privileged), or as a user whose systemd user manager has the memory, pids and cpu controllers delegated (cgroup v2; systemd-run --user --scope); or set %1=off to run with rlimits only (the memory limit then does not count /tmp, /dev/shm or the page cache, and the CPU is not capped)");
inline constexpr char cgroupCreateFailed[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "cannot create the run's cgroup (memory, processes and CPU limits): %1; %2");
inline constexpr char cgroupSystemdRefused[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "cannot give the run a cgroup of its own through systemd (%1); %2");
inline constexpr char memoryLimitReached[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the run reached its memory limit (memory_bytes = %1, counting /tmp, /dev/shm and the page cache): the kernel's OOM killer ended %2 of its processes");
inline constexpr char runCgroup[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "limits: run cgroup");
inline constexpr char runCgroupOff[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "off (SANDMARK_CGROUPS=off): rlimits only; the memory limit does not count /tmp, /dev/shm or the page cache, and the CPU is not capped");
inline constexpr char runCgroupMemory[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "limits: run cgroup memory (counts /tmp and the page cache)");
inline constexpr char runCgroupMemoryDetail[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "memory.max %1 bytes: a process writing /tmp was stopped after %2 MiB (%3); OOM kills: %4");
inline constexpr char runCgroupPids[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "limits: run cgroup processes (pids.max)");
inline constexpr char runCgroupPidsDetail[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "pids.max %1: fork refused after %2 processes (errno %3); refusals counted: %4");
inline constexpr char runCgroupCpu[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "limits: run cgroup CPU");
inline constexpr char runCgroupCpuDetail[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "quota %1 CPUs: a busy loop got %2 s of CPU in %3 s (%4 CPUs); throttled %5 times");

// The OS keychain's errors (secrets/secretstore.cpp), which Preferences shows.
inline constexpr char noKeychain[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "no OS keychain is available (%1); Sandmark never stores tokens in plain files: start a Secret Service (gnome-keyring, KWallet) or set HF_TOKEN in the environment");
inline constexpr char noKeychainBackend[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "no backend");
inline constexpr char keychainDenied[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "the keychain denied access: %1");
inline constexpr char keychainError[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "keychain error: %1");

/// Every template above, for matching stored texts. Static data; any thread.
inline const QList<const char *> &all()
{
    static const QList<const char *> templates = {
        notDefined, notDefinedValue, notOfExpectedTypeA, notOfExpectedTypeAn, notExpectedValue, notExpectedLength, notExpectedShape,
        notExpectedDtype, notExpectedColumns, notExpectedIndex, notExpectedKeys, notExpectedName, seriesSummary,
        dataFrameSummary, notCaptured, expectedHidden,
        differsAt, expectedAGotA, expectedAGotAn, expectedAnGotA, expectedAnGotAn, subclassRefused, exactTypeDiffers,
        referenceUndefined, undefinedHere, referenceNotCaptured, valueNotCaptured, referenceTooLargeLimit, valueTooLargeLimit,
        referenceTooLarge, valueTooLarge, referenceTooDeep, valueTooDeep, referenceTruncatedAt, valueTruncatedAt,
        referenceTruncated, valueTruncated, valueDiffers, valueDiffersNaN, valueDiffersBy, valueDiffersByAbsolute, float32Hint,
        reprRaised, stringsDiffer, stringsDifferFolded, stringsDifferCaseFolded, stringsDifferCollapsed, lengthDiffers,
        missingItems, unexpectedItems, setElementsDiffer, missingKey, missingKeys, unexpectedKey, unexpectedKeys,
        elementNotGraded, elementDiffers, elementDiffersBy, elementDiffersByAbsolute, elementDiffersSo,
        indexValueNotGraded, indexValueDiffers, indexValueDiffersBy, indexValueDiffersByAbsolute, indexValueDiffersSo,
        rowValueNotGraded, rowValueDiffers, rowValueDiffersBy, rowValueDiffersByAbsolute, rowValueDiffersSo,
        referenceArrayTruncated, arrayTruncated, dtypeDiffers, shapeDiffers, indexNameDiffers, seriesNameDiffers,
        labelsLengthDiffer, indexLengthDiffers, labelsReordered, indexReordered, indexReorderedSortable, labelsDiffer,
        indexDiffers, columnsDiffer, columnsDuplicate, columnsReordered, columnNotCaptured, columnDtypeDiffers, inColumn,
        rowCountDiffers, rowNotGraded, valuesDifferAnyOrder, rowsDifferAnyOrder, rowsAt1, rowsAt2, rowsAt3, rowsAt3More,
        raised, cellNoReply, outputCut, processesRefused, cellTimedOut, notebookUnreadable, probeDidNotRun, probeDidNotRunBecause, notGraded, checkNotGraded,
        testDidNotRun, testDidNotRunBecause, kernelDiedDuringTest, testTimedOut, partialCredit, partialCreditOfOne,
        gradedByHandAnswer, gradedByHandTask, gradedByHandAnswerMissing, gradedByHandTaskMissing, notAnsweredReleaseText, graderError,
        checkNotGradedGraderError, kernelDied, cellKernelDied, ignoredInterrupt, interfered, runEndedWithStatus,
        kernelCouldNotStart, probeCellFailed, notHandedIn, matchedExactly, matchedByName, matchedByCellIds, matchedSettled,
        notebookNotHandedIn, cellTimeoutAfter, timeoutAfter,
        kernelDiedWhile, exitStatus, killedBy, killedByOutOfMemory,
        refusedAbsolutePath, refusedOutside, refusedEmptyPath, refusedControlCharacter, skippedCheckpoints, skippedPycache, skippedHidden,
        refusedLongName, refusedLongPath, refusedUnreadableData, refusedFileCap, refusedOverFileCap, refusedTotalCap,
        ambiguousCopies, ambiguousNotebooks, noNotebook, refusedFileAndFolder, notLmsNamed, refusedSymlink, refusedHardLink,
        refusedSpecialFile, refusedEntryUnreadable, zipRecordDamaged, refusedUndecompressable, damagedOrCutShort,
        refusedCannotRead, ignoredMacosEntry, ignoredMacosEntries, alreadyThere,
        nameNotUtf8, symlinkRefused, notRegularFileRefused, noNotebookInFolder, notebookNameIsFolder, ambiguousInFolder, duplicateStudentId, lookalikeFolders,
        backendAvailable, probeAvailable, isMissing, reinstallRuntime, pointDataDir, probeHostListener, probeRunFolder, probeRuns, seconds,
        listenerSawNothing, connectionReachedHost, loopbackUnreachable, dnsFailsFast, onlyLoopback, rootReadOnly, usrReadOnly,
        etcReadOnly, workdirWritable, othersHidden, limitAddressSpace, limitProcesses, limitOpenFiles, limitFileSize,
        limitCgroupMemory, limitCgroupPids, limitCgroupCpus, limitNoCore, noCapabilities, notRoot, noNestedUserns, afterSeconds,
        connectedToHost, resolved, none, written, writtenIn, visible, pathsHidden, softLimitExpected, softLimit, expectedAtMost,
        unlimited, created, refusedBecause, noUnshare, fixRunFolderWritable, fixVisibility, fixNproc, fixLimits, seedRuns,
        exitCode, exitCodeAs, exitCodeBecause, exitCodeAsBecause, uid,
        fixBwrapNetwork, fixBwrapFilesystem, fixBwrapUserns, fixBwrapPrivileges, fixSeeError, fixInstallBwrap, fixBwrapSeed,
        daemonHasImage, engineHasImage, noAnswerWithin, fixImageMissing, fixRunNetwork, fixRunReadOnly, fixRunSeccomp,
        fixRunCapsUser, fixRunCapsKeepId, fixCgroups, fixLocalUnsafe,
        fixRunCgroup, cgroupCreateFailed, cgroupSystemdRefused, memoryLimitReached, runCgroup, runCgroupOff, runCgroupMemory,
        runCgroupMemoryDetail, runCgroupPids, runCgroupPidsDetail, runCgroupCpu, runCgroupCpuDetail,
        noKeychain, noKeychainBackend, keychainDenied, keychainError};
    return templates;
}

/// A template with quantities among its arguments: durations, a value comparison's difference, relative
/// difference and tolerances (`arguments`, the N of each %N; empty: all of them). A number there is shown in the
/// app's locale ("0,17 s", "Differenz 3,54, relativ 0,708" in German), not as written; the compared values stay
/// as Python wrote them.
struct Quantities
{
    const char *tmpl;
    QList<int> arguments;
};

/// The templates with quantities (Quantities). Static data; any thread.
inline const QList<Quantities> &quantities()
{
    static const QList<Quantities> templates = {
        {seconds, {}}, {afterSeconds, {}}, {noAnswerWithin, {}}, {cellTimeoutAfter, {}}, {timeoutAfter, {}},
        {valueDiffersBy, {3, 4, 5, 6}}, {valueDiffersByAbsolute, {3, 4, 5}},
        {elementDiffersBy, {4, 5, 6, 7}}, {elementDiffersByAbsolute, {4, 5, 6}},
        {indexValueDiffersBy, {4, 5, 6, 7}}, {indexValueDiffersByAbsolute, {4, 5, 6}},
        {rowValueDiffersBy, {4, 5, 6, 7}}, {rowValueDiffersByAbsolute, {4, 5, 6}}};
    return templates;
}

/// The English text of `tmpl`, for QString::arg(). Any thread.
inline QString text(const char *tmpl)
{
    return QString::fromUtf8(tmpl);
}

/// The template for a value check's hidden-expected feedback on `aspect` (Diff::aspect: "value", "length", …);
/// the value one for an aspect without its own.
inline const char *notExpected(const QString &aspect)
{
    static const QList<std::pair<const char *, const char *>> byAspect = {
        {"length", notExpectedLength}, {"shape", notExpectedShape}, {"dtype", notExpectedDtype},
        {"columns", notExpectedColumns}, {"index", notExpectedIndex}, {"keys", notExpectedKeys}, {"name", notExpectedName}};
    for (const auto &[a, t] : byAspect)
        if (aspect == QLatin1String(a))
            return t;
    return notExpectedValue;
}

} // namespace sandmark::coretext
