#pragma once
// Private to sandmark_core: what one run left for grading, as grade() hands it to each check's kind
// (CheckKind::grade()). Never include from a public header.

#include "checks/checkkind.h"
#include "grading/result.h"
#include "grading/value.h"

#include <QList>

namespace sandmark::detail {

/// One entry of the execution record's "cells" (docs/runner-protocol.md).
struct CellInfo
{
    std::optional<int> index;       ///< the submitted notebook's cell index; nullopt for an injected cell
    bool raisesException = false;   ///< tagged raises-exception: its error is expected
    QString injected, label, check, status, ename, evalue, resultText;
    QString testResult;             ///< test cells: "pass", "fail", "unverified" or empty (not run)
    QString testEname, testEvalue;  ///< test cells: the test process's failure
    bool fallback = false;

    QString name() const
    {
        if (index)
            return QStringLiteral("cells[%1]").arg(*index);
        if (injected == QLatin1String("probe"))
            return QStringLiteral("the probe cell '%1'").arg(label);
        if (injected == QLatin1String("test"))
            return QStringLiteral("the test cell of check '%1'").arg(check);
        return QStringLiteral("the injected %1 cell").arg(injected);
    }
    QString error() const { return evalue.isEmpty() ? ename : ename + QStringLiteral(": ") + evalue; }
};

/// The record's cells, in record order.
QList<CellInfo> readCells(const ExecutionRecord &record);

/// The whole-run time limit (assignment `timeout_s`), from the record's `wall_clock` (docs/runner-protocol.md), with
/// the time actually reached when it stopped the student's cells (the reserve for grading is kept out of the limit):
/// "the notebook was stopped during cells[6] at 40 s of the whole-run time limit (timeout_s = 45 s), keeping 5 s
/// to grade; the later cells did not run".
QString wallClockProblem(const ExecutionRecord &record);

/// Everything a kind's grade() reads about one run. Built once per grade() call; valid during it.
struct CheckEvidence
{
    const GradeInput &input;
    const QList<CellInfo> &cells;
    const ProbePayload &reference;
    const ProbePayload &student;
    QString runNote;     ///< "; cells[2]: raised …" — the run's problems, for failing value checks; empty if none
    KernelRecord kernel; ///< the record's "kernel"
    bool wallTimeout = false; ///< the whole-run limit was reached
    /// The position in `cells` of the student cell the whole-run limit stopped (during or before it); -1 when the
    /// limit stopped no student cell. Injected cells after it ran in the reserve kept for grading.
    qsizetype cutAt = -1;

    /// The first injected probe cell labelled `label`, or nullptr.
    const CellInfo *probeCell(const QString &label) const;
    /// The last injected test cell of check `checkId`, or nullptr.
    const CellInfo *testCell(const QString &checkId) const;
    /// Why the probe `label` left no values ("the probe cell failed (NameError: …)").
    QString whyNoProbe(const QString &label) const;
    /// "the kernel died …" / the whole-run limit, when one of them ended the run early; empty otherwise.
    QString runCutShort() const;
    /// The whole-run limit's reason when `cell` (one of `cells`) ran after the limit stopped the student's cells,
    /// so it could not see what the cells that did not run would have defined; empty otherwise. A check that
    /// fails there is not graded (needs review), never a FAIL charged to the student.
    QString ranAfterCut(const CellInfo *cell) const;
};

} // namespace sandmark::detail
