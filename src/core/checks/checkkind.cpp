// CheckKind's defaults: what a kind that injects nothing, probes nothing and cannot be added does.
#include "checks/checkkind.h"

#include "checks/checkjson_p.h"
#include "checks/registry.h"
#include "grading/result.h"

namespace sandmark {

Expected<void> CheckKind::write(const NewCheck &, detail::CheckDraft &out) const
{
    return out.error("type", QStringLiteral("only %1 checks can be added here").arg(addableCheckKindNames()));
}

void CheckKind::instrument(const Check &, InstrumentOptions &) const {}

std::optional<ProbedName> CheckKind::probed(const Check &) const
{
    return std::nullopt;
}

QString CheckKind::answerCell(const Check &) const
{
    return {};
}

QString CheckKind::studentFeedback(const Check &, const CheckResult &result) const
{
    return result.feedback;
}

QString CheckKind::feedbackCell(const Check &check) const
{
    return answerCell(check);
}

QString CheckKind::group(const Check &) const
{
    return {};
}

std::optional<CheckKind::ReferenceFailure> CheckKind::failsOnReference(const Check &, const CellRecord &) const
{
    return std::nullopt;
}

} // namespace sandmark
