#pragma once
// Private to sandmark_core: the registered check kinds, one file each, listed in registry.cpp.

#include "checks/checkkind.h"

namespace sandmark::detail {

/// "value": probes a Python name (at the end or after an answer cell) and compares it with the reference run's
/// value by the comparators of grading/compare.h. valuecheck.cpp.
class ValueCheckKind final : public CheckKind
{
public:
    Check::Type type() const override;
    QString name() const override;
    const char *displayName() const override;
    Expected<void> read(const CheckSource &in, Check &check) const override;
    QString defaultId(const Check &check, qsizetype index) const override;
    QList<CheckField> fields() const override;
    bool canAdd() const override { return true; }
    bool hasTolerance() const override { return true; }
    Expected<void> write(const NewCheck &check, CheckDraft &out) const override;
    void instrument(const Check &check, InstrumentOptions &options) const override;
    std::optional<ProbedName> probed(const Check &check) const override;
    QString answerCell(const Check &check) const override;
    bool comparesValues() const override { return true; }
    void grade(const Check &check, const CheckEvidence &evidence, CheckResult &result) const override;
    QString describe(const Check &check) const override;
};

/// "test": instructor assertion code run after the student's code (or in place of an nbgrader test cell); the
/// verdict is the runner's test process's (docs/grading.md, "How test checks are isolated"). testcheck.cpp.
class TestCheckKind final : public CheckKind
{
public:
    Check::Type type() const override;
    QString name() const override;
    const char *displayName() const override;
    Expected<void> read(const CheckSource &in, Check &check) const override;
    QString defaultId(const Check &check, qsizetype index) const override;
    QList<CheckField> fields() const override;
    QStringList otherKeys() const override { return {QStringLiteral("autotest")}; }
    bool canAdd() const override { return true; }
    Expected<void> write(const NewCheck &check, CheckDraft &out) const override;
    void instrument(const Check &check, InstrumentOptions &options) const override;
    QString feedbackCell(const Check &check) const override;
    void grade(const Check &check, const CheckEvidence &evidence, CheckResult &result) const override;
    QString studentFeedback(const Check &check, const CheckResult &result) const override;
    std::optional<ReferenceFailure> failsOnReference(const Check &check, const CellRecord &cell) const override;
    QString describe(const Check &check) const override;
    QString shortDescription(const Check &check) const override { return testSummary(check); }
};

/// "manual": a person grades an answer cell (nbgrader's manually graded answers and task cells). manualcheck.cpp.
class ManualCheckKind final : public CheckKind
{
public:
    Check::Type type() const override;
    QString name() const override;
    const char *displayName() const override;
    Expected<void> read(const CheckSource &in, Check &check) const override;
    QString defaultId(const Check &check, qsizetype index) const override;
    QList<CheckField> fields() const override;
    QString answerCell(const Check &check) const override;
    bool gradedByHand() const override { return true; }
    void grade(const Check &check, const CheckEvidence &evidence, CheckResult &result) const override;
    QString describe(const Check &check) const override;
};

/// "otter": the OK-format doctest cases of one Otter question (one case, or all of an all-or-nothing question),
/// run through the test check's execution path and verdict; placed after the student's `grader.check` call of
/// the question, else after its answer cell, else at the end. ottercheck.cpp; docs/otter.md.
class OtterCheckKind final : public CheckKind
{
public:
    Check::Type type() const override;
    QString name() const override;
    const char *displayName() const override;
    Expected<void> read(const CheckSource &in, Check &check) const override;
    QString defaultId(const Check &check, qsizetype index) const override;
    QStringList otherKeys() const override
    {
        return {QStringLiteral("question"), QStringLiteral("cases"), QStringLiteral("after")};
    }
    void instrument(const Check &check, InstrumentOptions &options) const override;
    QString feedbackCell(const Check &check) const override;
    QString group(const Check &check) const override;
    void grade(const Check &check, const CheckEvidence &evidence, CheckResult &result) const override;
    std::optional<ReferenceFailure> failsOnReference(const Check &check, const CellRecord &cell) const override;
    QString describe(const Check &check) const override;
    /// The public tests as OK-format files, `tests/<question>.py` → text: the public cases only, with their points,
    /// as the students' own Otter runs them.
    QMap<QString, QByteArray> releaseFiles(const QList<Check> &checks) const override;
};

} // namespace sandmark::detail
