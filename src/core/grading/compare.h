#pragma once
// Comparators: a student's probed value against the reference value, under a check's options.
// Rules and defaults: docs/grading.md ("Comparison").

#include "grading/value.h"
#include "util/expected.h"

#include "checks/checkfield.h"

#include <QVariantMap>
#include <QString>

namespace sandmark {

/// The outcome of one check. NotGraded is never a zero the student earned: the reason is in the feedback.
enum class Outcome { Pass, Fail, NotGraded };
/// "pass", "fail", "not-graded" (stored in the gradebook and printed by the CLI).
QString outcomeName(Outcome outcome);
std::optional<Outcome> parseOutcome(const QString &name);

/// Comparator options, read from a check's JSON object (Check::options). Defaults are documented in
/// docs/grading.md; numbers pass when |actual - expected| <= atol + rtol * |expected| (numpy.isclose's
/// formula, asymmetric: the reference is the scale).
struct CompareOptions
{
    double rtol = 1e-6;            ///< "rtol": relative tolerance
    double atol = 1e-9;            ///< "atol": absolute tolerance
    bool exactType = false;        ///< "exact_type": int, float and numpy scalars of equal value differ
    bool checkDtype = false;       ///< "check_dtype": arrays, Series, DataFrame columns need the same dtype
    bool checkColumnOrder = false; ///< "check_column_order": DataFrame columns in the reference's order
    bool checkIndex = true;        ///< "check_index": Series/DataFrame index labels must match
    /// "check_row_order": false aligns rows by (unique) index label; with `checkIndex` false too, the rows are
    /// compared as a multiset (sorted by every column, NaN-aware, within the tolerance)
    bool checkRowOrder = true;
    bool checkNames = false;       ///< "check_names": Series / Index names must match
    bool ignoreWhitespace = false; ///< "ignore_whitespace": strings compared with whitespace runs collapsed
    bool ignoreCase = false;       ///< "ignore_case": strings compared case-folded
    bool allowSubclass = false;    ///< "allow_subclass": accept subclasses (OrderedDict, namedtuple, …)
    qint64 probeBytes = 0;         ///< the probe cap, bytes, named in "too large" feedback (0: unknown)
    /// Whether a failure's feedback names the expected value ("value -1.0 ≠ 0.96…", "strings differ at
    /// character 4", "shape (3,) ≠ (4,)"). When false it names only the aspect that differs and the student's
    /// own value. Not read from JSON: the grader sets it from Check::showExpected (assignment.json
    /// "show_expected", false by default).
    bool showExpected = true;

    /// The keys above as editable check fields (the value kind's CheckKind::fields()), in docs/grading.md's
    /// order, each with its default from a default-constructed CompareOptions. Pure.
    static QList<CheckField> fields();

    /// Reads the keys above from `options`, a check's JSON object as Check::options holds it (other keys are ignored:
    /// the check's own id, points, …; a null one is absent). Errors: a key of the wrong JSON type (a string is no
    /// number, util/jsonvalue.h) or a negative tolerance, named as `checks option 'rtol'`.
    static Expected<CompareOptions> fromJson(const QVariantMap &options);
};

/// The comparison of one probed value. `feedback` says what differed (shape, first differing element
/// with its index, column names, dtype, float32 hints), or why the value could not be graded; it is
/// empty for an exact pass. `expected` / `actual` are short summaries of the two values.
struct Comparison
{
    Outcome outcome = Outcome::NotGraded;
    QString feedback;
    QString expected;
    QString actual;
};

/// Compares `actual` (the student's value of variable `name`) with `expected` (the reference's).
/// A missing actual fails ("`name` is not defined"); a reference that is missing, or either value too
/// large, truncated, nested too deeply or not encodable, is NotGraded with the reason. Subclasses of the
/// expected type fail unless `allowSubclass`. Pure function; thread-safe.
Comparison compareValues(const QString &name, const ProbeValue &expected, const ProbeValue &actual,
                         const CompareOptions &options = {});

/// Whether element `j` of `actual` matches element `i` of `expected` (flat positions, NdArray::element()) under
/// `options`: the decision compareValues() makes for each element of arrays, Series and DataFrame columns (numbers
/// within the tolerances, ints exactly, other values by the comparator's rules). Pure function; thread-safe.
bool elementMatches(const NdArray &expected, qsizetype i, const NdArray &actual, qsizetype j,
                    const CompareOptions &options = {});

} // namespace sandmark
