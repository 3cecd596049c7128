#pragma once
// A kind of check ("value", "test", "manual"): everything that differs between kinds, behind one interface.
// One file per kind (checks/<name>check.cpp), listed once in checks/registry.cpp. What a kind must provide:
// docs/ARCHITECTURE.md, "Adding a check kind".

#include "assignment/assignment.h"
#include "checks/checkfield.h"
#include "util/expected.h"

#include <QByteArray>
#include <QMap>
#include <QString>

#include <optional>

namespace sandmark {

struct CellRecord;

struct CheckResult;
struct InstrumentOptions;
struct NewCheck;

namespace detail {
// Private to sandmark_core (checks/checkjson_p.h, grading/checkgrading_p.h): a kind's JSON object being read or
// written, and what a run left for grading. Incomplete here so that no public header carries nlohmann's JSON.
struct CheckSource;
struct CheckDraft;
struct CheckEvidence;
} // namespace detail

/// A Python name a check reads from the notebook through a probe (value checks), and where.
struct ProbedName
{
    QString anchor;   ///< the answer cell the probe runs after; empty = at the end of the notebook
    QString variable; ///< the probed Python name (NFKC, as Python stores it)
    /// The probe's payload label: the anchor, or "end" (docs/probe-payload.md).
    QString label() const { return anchor.isEmpty() ? QStringLiteral("end") : anchor; }
};

/// What a test check tests, in a few words for the checks tables (the app's Checks page, `checks list`): for an
/// nbgrader AUTOTEST check the expressions it was expanded from ("AUTOTEST squares(1); AUTOTEST squares(3)"),
/// else the first line of its code ("assert total == 45"). Not translated (nbgrader's and Python's words). Pure.
QString testSummary(const Check &check);

/// One kind of check. Stateless: the registry holds one instance per kind for the program's life, so every
/// method is const and thread-safe; `Check` values carry the data, the kind says what it means.
class CheckKind
{
public:
    virtual ~CheckKind() = default;

    /// The kind's key in `Check::type`.
    virtual Check::Type type() const = 0;
    /// As assignment.json's "type", the gradebook and the CLI spell it ("value"). Stable: stored in gradebooks.
    virtual QString name() const = 0;
    /// The name the app shows, marked QT_TRANSLATE_NOOP("sandmark::CheckKind", …) in the kind's file (the app
    /// translates it in that context; the file is one of the app's translation sources).
    virtual const char *displayName() const = 0;

    // ---- assignment.json -------------------------------------------------------------------------------------
    /// Reads the kind's own fields of one "checks" entry into `check` (whose `type` is set; id and points are read
    /// by the caller afterwards). Errors name the file and the field path ("checks[2].variable").
    virtual Expected<void> read(const detail::CheckSource &in, Check &check) const = 0;
    /// The id of a check written without "id", at position `index` of "checks" (0-based). Pure.
    virtual QString defaultId(const Check &check, qsizetype index) const = 0;
    /// The kind's own keys of a "checks" entry that the editors offer (the app's check editor, `checks edit
    /// --set`), in the order they show them; "id", "type" and "points" (pointsField()) are common to every kind
    /// and not listed. editCheck() refuses a key not listed. None by default.
    virtual QList<CheckField> fields() const { return {}; }
    /// The keys of a "checks" entry the kind reads besides fields(), which the editors do not offer (Otter's
    /// "cases"). With fields() and the common "id", "type", "points" and "notebook" they are every key the
    /// loader knows; Assignment::warnings() names any other ("checks[2].rtoll: unknown field"). None by default.
    virtual QStringList otherKeys() const { return {}; }
    /// Whether `addCheck()` (the CLI's `checks add`, the app's Add dialogs) can create checks of this kind.
    virtual bool canAdd() const { return false; }
    /// Whether a check of this kind takes "rtol"/"atol" (the comparator's tolerances; `editCheck()`).
    virtual bool hasTolerance() const { return false; }
    /// Writes `check` as a new "checks" entry: "type", "points" and the kind's fields, in the kind's key order
    /// ("id" is written already). Refuses fields the kind does not have. Only called when canAdd().
    virtual Expected<void> write(const NewCheck &check, detail::CheckDraft &out) const;

    // ---- the instrumented notebook ---------------------------------------------------------------------------
    /// Adds what `check` needs in the instrumented notebook to `options`: probe specs (merged by label; the
    /// "end" probe is moved last by instrumentOptionsFor()), test cells in check order. Nothing by default.
    virtual void instrument(const Check &check, InstrumentOptions &options) const;
    /// The name `check` probes, or none when the kind reads no value (its expected value comes from the
    /// reference run's payload: a check that probes one the reference lacks is broken).
    virtual std::optional<ProbedName> probed(const Check &check) const;
    /// The student's answer cell `check` reads (grade_id, cell id or tag), or empty when it reads none: an error
    /// there in the reference run makes the check's expectation wrong.
    virtual QString answerCell(const Check &check) const;
    /// The cell after which the feedback page shows `check`'s result; by default answerCell().
    virtual QString feedbackCell(const Check &check) const;
    /// The group `check` belongs to, whose points are its checks' sum (checkGroups()): an Otter question's name for
    /// its cases' checks. Empty by default: a check of its own (an nbgrader grade_id, a value or test check). An
    /// Otter release (writeRelease()) has a `grader.check("<group>")` cell after each group's feedbackCell().
    virtual QString group(const Check &check) const;

    // ---- the result ------------------------------------------------------------------------------------------
    /// Whether a person grades checks of this kind: their results await an override (needs-manual), never
    /// make a run needs-review, and count as not automatic for the reference run.
    virtual bool gradedByHand() const { return false; }
    /// Whether its results carry the compared values (`CheckResult::expected`/`actual`), which the feedback page
    /// shows as "expected · yours" (or only "yours", see Check::showExpected).
    virtual bool comparesValues() const { return false; }
    /// What the feedback page, which goes to the student, shows of `result.feedback`: by default all of it. A kind
    /// whose feedback can carry what the student must not see (a hidden test's assertion message holds its expected
    /// values) returns less. Pure.
    virtual QString studentFeedback(const Check &check, const CheckResult &result) const;
    /// Decides `check`'s result from what the run left (`evidence`): outcome, feedback, expected/actual, and
    /// earned points for partial credit. The caller fills id, type and maxPoints before, and gives full points to
    /// a pass without "partial credit" feedback after. Pure; never fails (problems become NotGraded feedback).
    virtual void grade(const Check &check, const detail::CheckEvidence &evidence, CheckResult &result) const = 0;
    /// Why the reference run shows `check` itself fails, from its injected cell's record entry `cell`
    /// (docs/runner-protocol.md) — its exception ("NameError", "name 'x' is not defined"), or none when it passed
    /// or the kind injects no cell that can fail.
    struct ReferenceFailure
    {
        QString ename, evalue; ///< the failure's exception
        QString why;           ///< set when the record has no exception: "unverified", "not run"
    };
    virtual std::optional<ReferenceFailure> failsOnReference(const Check &check, const CellRecord &cell) const;

    // ---- text ------------------------------------------------------------------------------------------------
    /// What `check` looks at, in a few words (`sandmark-cli checks list`): "corr after q2 (rtol 0.001)". English.
    virtual QString describe(const Check &check) const = 0;
    /// describe() for a table cell with the whole in its tooltip (the app's Checks table): a test's first line
    /// only (testSummary()). Default: describe().
    virtual QString shortDescription(const Check &check) const { return describe(check); }
    /// Files this kind adds to the student release (path relative to the release folder → bytes) for `checks`, the
    /// assignment's checks of this kind (writeRelease() asks every kind). None by default; Otter: its public tests.
    /// Pure.
    virtual QMap<QString, QByteArray> releaseFiles(const QList<Check> &checks) const { Q_UNUSED(checks); return {}; }
};

} // namespace sandmark
