// The "manual" check kind: a person grades an answer cell; nbgrader's rule gives an untouched answer 0.
#include "checks/checkjson_p.h"
#include "checks/kinds_p.h"

#include "grading/checkgrading_p.h"
#include "util/coretext.h"

#include <QCoreApplication>

namespace sandmark::detail {

Check::Type ManualCheckKind::type() const
{
    return Check::Type::Manual;
}

QString ManualCheckKind::name() const
{
    return QStringLiteral("manual");
}

const char *ManualCheckKind::displayName() const
{
    return QT_TRANSLATE_NOOP("sandmark::CheckKind", "manual");
}

Expected<void> ManualCheckKind::read(const CheckSource &in, Check &c) const
{
    if (auto ok = in.optionalString("anchor", c.anchor); !ok)
        return ok.error();
    if (c.anchor.isEmpty())
        return in.error(nullptr, QStringLiteral("a manual check needs \"anchor\": the answer cell a person grades"));
    return {};
}

QString ManualCheckKind::defaultId(const Check &check, qsizetype) const
{
    return check.anchor;
}

QList<CheckField> ManualCheckKind::fields() const
{
    QList<CheckField> out;
    out << checkField("anchor", CheckField::Type::Cell, QT_TRANSLATE_NOOP("sandmark::CheckField", "Answer cell"),
                      QT_TRANSLATE_NOOP("sandmark::CheckField", "The cell a person grades (grade_id, cell id or tag)."), true);
    return out;
}

QString ManualCheckKind::answerCell(const Check &check) const
{
    return check.anchor;
}

void ManualCheckKind::grade(const Check &check, const CheckEvidence &e, CheckResult &r) const
{
    // Graded by a person through an override; not a problem of the run. The answer's text is kept (as `actual`)
    // so the person can grade from the gradebook.
    const auto answer = e.input.manualAnswers.constFind(check.id);
    r.outcome = Outcome::NotGraded;
    // The texts are coretext templates: stored in English, shown in the app's language.
    r.feedback = coretext::text(coretext::gradedByHandAnswer).arg(check.anchor);
    if (answer == e.input.manualAnswers.cend())
        return;
    r.actual = answer->text;
    r.feedback = coretext::text(answer->task ? coretext::gradedByHandTask : coretext::gradedByHandAnswer).arg(check.anchor);
    if (!answer->found) {
        r.feedback = coretext::text(answer->task ? coretext::gradedByHandTaskMissing : coretext::gradedByHandAnswerMissing)
                         .arg(check.anchor);
    } else if (answer->untouched) {
        // nbgrader's determine_grade(): an answer cell whose checksum is the release's scores 0.
        r.outcome = Outcome::Fail;
        r.feedback = coretext::text(coretext::notAnsweredReleaseText).arg(check.anchor);
    }
}

QString ManualCheckKind::describe(const Check &c) const
{
    return QStringLiteral("graded by hand: ") + c.anchor;
}

} // namespace sandmark::detail
