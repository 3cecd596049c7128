#pragma once
// A value check's expected and actual values laid out whole, for a person to read: tables for arrays, Series and
// DataFrames with the cells that differ marked by the comparator, text for anything else.

#include "assignment/assignment.h"
#include "grading/compare.h"
#include "grading/value.h"
#include "util/expected.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace sandmark {

/// One side of a value check, laid out. A numpy array, a pandas Series or a DataFrame is a table (`tabular`): a
/// 1-d array or a Series one column, a 2-d array its rows and columns, a higher one a column of its elements named
/// by their multi-index; a DataFrame its columns. Anything else (a scalar, a string, a list, a dict) is `text`,
/// whole, never cut. Plain value type.
struct ValueTable
{
    bool tabular = false;
    QString type;                 ///< the Python type ("pandas.DataFrame", "float", …)
    QString text;                 ///< !tabular: the whole value as Python would write it
    QStringList columns;          ///< column headers: DataFrame column labels, array positions, a Series' name
    QStringList rows;             ///< row headers: index labels, array positions ("[1, 2]" beyond 2 dimensions)
    QList<QStringList> cells;     ///< rows × columns, each element as Python writes it
    /// rows × columns: the cell differs from its counterpart on the other side (matched by column label and by
    /// row label or position, as the comparator matches them), or has none.
    QList<QList<bool>> differs;
    int differing = 0;            ///< how many cells `differs` marks
};

/// Both values of a value check, laid out, with the comparator's verdict on the whole value.
struct ValuesComparison
{
    QString checkId, variable;
    QString probe;           ///< the probe point's label ("end" or the answer cell)
    ValueTable expected, actual;
    Comparison comparison;   ///< compareValues() of the two values, as grading decides it
    bool actualDefined = true; ///< false: the student's notebook did not define the name (actual is empty)
};

/// Lays out `expected` and `actual` (the reference's and the student's value of `name`) and marks the cells that
/// differ, each decided by elementMatches() under `options` — the comparator grading uses: a column is matched to
/// the other side's by its label (position for arrays), a row by its index label when `options.checkRowOrder` is
/// false and `checkIndex` true, else by position. Pure function; thread-safe.
ValuesComparison layOutValues(const QString &name, const ProbeValue &expected, const ProbeValue &actual,
                              const CompareOptions &options);

/// What value check `check` compared in a recorded run: `referencePayload` (the reference payload the run was
/// graded with; for a problem set, its notebook's part, notebookPayload()) and `studentPayload` (the run's
/// payload.json) decoded for the check's name and laid out by layOutValues() under the check's options. `where`
/// names the payloads in errors. Errors: a check that is not a value check, a payload that does not decode, a
/// reference without the value. Pure function; thread-safe.
Expected<ValuesComparison> checkValues(const Check &check, const QByteArray &referencePayload,
                                       const QByteArray &studentPayload, const QString &where = {});

} // namespace sandmark
