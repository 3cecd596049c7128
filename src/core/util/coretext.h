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
inline constexpr char notOfExpectedType[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "`%1`: not of the expected type (yours is %2)");
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

// Reasons and feedback of a run (grading/result.cpp, batch/batchgrading.cpp, checks/*check.cpp).
inline constexpr char raised[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "%1: raised %2");
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

// Written by the runner (resources/python/sandmark_runner.py), in the run's record.
inline constexpr char cellTimeoutAfter[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "%1: timeout after %2 s");
inline constexpr char timeoutAfter[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "timeout after %1 s");
inline constexpr char kernelDiedWhile[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "kernel died while executing %1 (%2)");
inline constexpr char exitStatus[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "exit status %1");
inline constexpr char killedBy[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "killed by %1");
inline constexpr char killedByOutOfMemory[] = QT_TRANSLATE_NOOP("sandmark::CoreText", "killed by %1; out of memory?");

/// Every template above, for matching stored texts. Static data; any thread.
inline const QList<const char *> &all()
{
    static const QList<const char *> templates = {
        notDefined, notDefinedValue, notOfExpectedType, notExpectedValue, notExpectedLength, notExpectedShape,
        notExpectedDtype, notExpectedColumns, notExpectedIndex, notExpectedKeys, notExpectedName, seriesSummary,
        dataFrameSummary, notCaptured, expectedHidden,
        raised, cellTimedOut, notebookUnreadable, probeDidNotRun, probeDidNotRunBecause, notGraded, checkNotGraded,
        testDidNotRun, testDidNotRunBecause, kernelDiedDuringTest, testTimedOut, partialCredit, graderError,
        checkNotGradedGraderError, kernelDied, cellKernelDied, ignoredInterrupt, interfered, runEndedWithStatus,
        kernelCouldNotStart, probeCellFailed, notHandedIn, cellTimeoutAfter, timeoutAfter,
        kernelDiedWhile, exitStatus, killedBy, killedByOutOfMemory};
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
