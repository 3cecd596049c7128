// The "value" check kind: probe a Python name, compare it with the reference run's value.
#include "checks/checkjson_p.h"
#include "util/coretext.h"
#include "checks/kinds_p.h"

#include "assignment/edit.h"
#include "grading/checkgrading_p.h"
#include "grading/compare.h"
#include "notebook/instrument.h"

#include <QCoreApplication>

#include <algorithm>

namespace sandmark::detail {

Check::Type ValueCheckKind::type() const
{
    return Check::Type::Value;
}

QString ValueCheckKind::name() const
{
    return QStringLiteral("value");
}

const char *ValueCheckKind::displayName() const
{
    return QT_TRANSLATE_NOOP("sandmark::CheckKind", "value");
}

Expected<void> ValueCheckKind::read(const CheckSource &in, Check &c) const
{
    auto v = in.requiredString("variable", QStringLiteral("missing required field \"variable\""));
    if (!v)
        return v.error();
    c.variable = pythonName(*v); // as Python stores the name (NFKC), which the probe looks up
    if (!isPythonVariableName(c.variable))
        return in.error("variable", QStringLiteral("'%1' is not a Python variable name").arg(*v));
    if (auto ok = in.optionalString("anchor", c.anchor); !ok)
        return ok.error();
    if (auto ok = in.validate(fields()); !ok) // the comparator's options and show_expected
        return ok.error();
    c.showExpected = in.contains("show_expected") ? in.object["show_expected"].get<bool>() : in.showExpected;
    return {};
}

QString ValueCheckKind::defaultId(const Check &check, qsizetype) const
{
    return check.variable;
}

QList<CheckField> ValueCheckKind::fields() const
{
    QList<CheckField> out;
    out << checkField("variable", CheckField::Type::PythonName, QT_TRANSLATE_NOOP("sandmark::CheckField", "Variable"),
                      QT_TRANSLATE_NOOP("sandmark::CheckField", "The Python name probed in the student's notebook and compared with the reference run's value."), true);
    out << checkField("anchor", CheckField::Type::Cell, QT_TRANSLATE_NOOP("sandmark::CheckField", "Answer cell"),
                      QT_TRANSLATE_NOOP("sandmark::CheckField", "The probe runs right after this cell (grade_id, cell id or tag); empty: at the end of the notebook."));
    out << CompareOptions::fields();
    out << checkField("show_expected", CheckField::Type::Flag, QT_TRANSLATE_NOOP("sandmark::CheckField", "Show the expected value"),
                      QT_TRANSLATE_NOOP("sandmark::CheckField", "Whether the feedback names the reference value; default: the assignment's show_expected."));
    return out;
}

Expected<void> ValueCheckKind::write(const NewCheck &nc, CheckDraft &out) const
{
    const QString variable = pythonName(nc.variable); // as Python stores it (and the loader reads it)
    if (!isPythonVariableName(variable))
        return out.error("variable", QStringLiteral("'%1' is not a Python variable name").arg(nc.variable));
    Json &c = out.object;
    c["type"] = name().toStdString();
    c["variable"] = variable.toStdString();
    c["points"] = CheckDraft::number(nc.points);
    if (nc.rtol)
        c["rtol"] = CheckDraft::number(*nc.rtol);
    if (nc.atol)
        c["atol"] = CheckDraft::number(*nc.atol);
    if (!nc.anchor.isEmpty()) {
        if (nc.anchor.trimmed() != nc.anchor)
            return out.error("anchor", QStringLiteral("must not start or end with spaces"));
        c["anchor"] = nc.anchor.toStdString();
    }
    return {};
}

void ValueCheckKind::instrument(const Check &c, InstrumentOptions &o) const
{
    const ProbedName p = *probed(c);
    auto it = std::find_if(o.probes.begin(), o.probes.end(), [&](const ProbeSpec &s) { return s.label == p.label() && s.anchor == p.anchor; });
    if (it == o.probes.end())
        o.probes.append({p.label(), p.anchor, {p.variable}});
    else if (!it->variables.contains(p.variable))
        it->variables << p.variable;
}

std::optional<ProbedName> ValueCheckKind::probed(const Check &check) const
{
    return ProbedName{check.anchor, check.variable};
}

QString ValueCheckKind::answerCell(const Check &check) const
{
    return check.anchor;
}

void ValueCheckKind::grade(const Check &check, const CheckEvidence &e, CheckResult &r) const
{
    const QString label = check.anchor.isEmpty() ? QStringLiteral("end") : check.anchor;
    const CellInfo *pc = e.probeCell(label);
    const bool fallback = !check.anchor.isEmpty() && (e.input.fallbackAnchors.contains(check.anchor) || (pc && pc->fallback));
    const QString fallbackNote = fallback ? QStringLiteral("answer cell '%1' was not found in the submission, so "
                                                           "`%2` was read at the end of the notebook")
                                                .arg(check.anchor, check.variable)
                                          : QString();
    auto options = CompareOptions::fromJson(check.options);
    const ProbeValue *expected = e.reference.find(label, check.variable);
    if (!options) {
        r.outcome = Outcome::NotGraded;
        r.feedback = coretext::text(coretext::notGraded).arg(options.error().toString());
    } else if (!expected) {
        r.outcome = Outcome::NotGraded;
        r.feedback = QStringLiteral("not graded: the reference run has no value for `%1` at probe '%2'").arg(check.variable, label);
    } else if (!e.student.hasLabel(label)) {
        r.outcome = Outcome::NotGraded;
        r.expected = expected->summary();
        r.feedback = coretext::text(coretext::notGraded).arg(e.whyNoProbe(label));
    } else {
        options->probeBytes = e.input.probeBytes;
        options->showExpected = check.showExpected;
        ProbeValue missing;
        missing.kind = ProbeValue::Kind::Missing;
        const ProbeValue *actual = e.student.find(label, check.variable);
        const Comparison cmp = compareValues(check.variable, *expected, actual ? *actual : missing, *options);
        r.outcome = cmp.outcome;
        r.feedback = cmp.feedback;
        r.expected = cmp.expected;
        r.actual = cmp.actual;
        if (const QString cut = e.ranAfterCut(pc); cmp.outcome == Outcome::Fail && !cut.isEmpty()) {
            // Read after the whole-run limit stopped the student's cells: the cells that did not run may have
            // defined or changed the name. Not the student's FAIL: a person looks (needs review).
            r.outcome = Outcome::NotGraded;
            r.feedback = coretext::text(coretext::notGraded).arg(cmp.feedback) + QLatin1String("; ") + cut;
        } else if (cmp.outcome != Outcome::Pass && !e.runNote.isEmpty()) {
            r.feedback += e.runNote;
        }
    }
    if (!fallbackNote.isEmpty())
        r.feedback = r.feedback.isEmpty() ? fallbackNote : r.feedback + QStringLiteral(" (") + fallbackNote + QLatin1Char(')');
}

QString ValueCheckKind::describe(const Check &c) const
{
    QString s = c.variable + (c.anchor.isEmpty() ? QStringLiteral(" at the end") : QStringLiteral(" after ") + c.anchor);
    QStringList tol;
    for (const char *key : {"rtol", "atol"})
        if (c.options.contains(QLatin1String(key)))
            tol << QStringLiteral("%1 %2").arg(QLatin1String(key), QString::number(c.options.value(QLatin1String(key)).toDouble(), 'g', 10));
    if (!tol.isEmpty())
        s += QStringLiteral(" (") + tol.join(QStringLiteral(", ")) + QLatin1Char(')');
    return s;
}

} // namespace sandmark::detail
