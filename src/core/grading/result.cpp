#include "grading/result.h"
#include "util/coretext.h"

#include "checks/registry.h"
#include "datasets/missingdataset.h"
#include "grading/checkgrading_p.h"
#include "notebook/notebook_p.h"

#include <QLoggingCategory>
#include <QRegularExpression>

#include <cmath>

namespace sandmark {

Q_LOGGING_CATEGORY(lcGrading, "sandmark.grading", QtInfoMsg)

QString formatPoints(double points)
{
    return QString::number(points, 'g', 6);
}

QString pointsPhrase(double points)
{
    return formatPoints(points) + (points == 1 ? QStringLiteral(" point") : QStringLiteral(" points"));
}

QString gradeStatusName(GradeStatus status)
{
    switch (status) {
    case GradeStatus::Graded: return QStringLiteral("graded");
    case GradeStatus::NeedsManual: return QStringLiteral("needs-manual");
    case GradeStatus::NeedsReview: return QStringLiteral("needs-review");
    case GradeStatus::GraderError: return QStringLiteral("grader-error");
    }
    return {};
}

std::optional<GradeStatus> parseGradeStatus(const QString &name)
{
    for (GradeStatus s : {GradeStatus::Graded, GradeStatus::NeedsManual, GradeStatus::NeedsReview, GradeStatus::GraderError})
        if (gradeStatusName(s) == name)
            return s;
    return std::nullopt;
}

std::optional<double> scoreIfGraded(double sum, qsizetype graded, qsizetype checks, GradeStatus status)
{
    if (graded > 0 || (checks == 0 && status != GradeStatus::GraderError))
        return sum;
    return std::nullopt;
}

std::optional<double> GradeResult::gradedScore() const
{
    return scoreIfGraded(score, std::count_if(checks.cbegin(), checks.cend(), [](const CheckResult &c) { return c.outcome != Outcome::NotGraded; }),
                         checks.size(), status);
}

bool awaitsPerson(const CheckResult &check)
{
    return checkKind(check.type).gradedByHand() && check.outcome == Outcome::NotGraded;
}

GradeStatus withManualChecks(GradeStatus status, qsizetype awaiting)
{
    if (status != GradeStatus::Graded && status != GradeStatus::NeedsManual)
        return status;
    return awaiting > 0 ? GradeStatus::NeedsManual : GradeStatus::Graded;
}

bool isMissingDatasetError(const QString &ename, const QString &evalue)
{
    return missingDatasetMessage(ename, evalue).has_value();
}

QStringList fallbackAnchors(const Notebook &instrumented)
{
    QStringList out;
    for (int i = 0; i < instrumented.cellCount(); ++i) {
        if (instrumented.injectedKind(i) != InjectedKind::Probe)
            continue;
        const QVariantMap meta = instrumented.sandmarkMetadata(i);
        if (meta.value(QLatin1String("fallback")).toBool())
            out << meta.value(QLatin1String("label")).toString();
    }
    return out;
}

namespace {

QString normalizedAnswer(const QString &source)
{
    static const QRegularExpression trailing(QStringLiteral("[ \\t\\r]+(?=\\n|$)"));
    QString s = source;
    s.replace(trailing, QString());
    return s.trimmed();
}

} // namespace

QHash<QString, ManualAnswer> manualAnswers(const QList<Check> &checks, const Notebook &submission,
                                           const Notebook &release)
{
    constexpr qsizetype maxText = 64 * 1024;
    QHash<QString, ManualAnswer> out;
    for (const Check &c : checks) {
        if (!checkKind(c).gradedByHand())
            continue;
        const QString anchor = checkKind(c).answerCell(c);
        ManualAnswer a;
        const int r = release.findAnchor(anchor);
        a.task = r >= 0 && nbgraderFlag(release, r, "task");
        const int at = submission.findAnchor(anchor);
        if (at >= 0) {
            a.found = true;
            a.text = submission.cellSource(at).left(maxText);
            // A task cell is locked: it equals the release by design, and a person grades the work it asks for.
            a.untouched = r >= 0 && !a.task
                          && normalizedAnswer(release.cellSource(r)) == normalizedAnswer(submission.cellSource(at));
        }
        out.insert(c.id, a);
    }
    return out;
}

namespace detail {

QList<CellInfo> readCells(const ExecutionRecord &record)
{
    QList<CellInfo> out;
    for (const CellRecord &c : record.cells()) {
        CellInfo info;
        info.index = c.index;
        info.injected = c.injected;
        info.label = c.label;
        info.check = c.check;
        info.status = c.status;
        info.fallback = c.fallback;
        info.raisesException = c.raisesException;
        info.resultText = c.resultText;
        info.testResult = c.testResult;
        if (c.testError) {
            info.testEname = c.testError->ename;
            info.testEvalue = c.testError->evalue;
        }
        if (c.error) {
            info.ename = c.error->ename;
            info.evalue = c.error->evalue;
        }
        out << info;
    }
    return out;
}

QString wallClockProblem(const ExecutionRecord &record)
{
    const WallClockRecord w = record.wallClock().value_or(WallClockRecord{});
    const QString what = w.timeoutS ? QStringLiteral("the whole-run time limit (timeout_s = %1 s)").arg(*w.timeoutS)
                                    : QStringLiteral("the whole-run time limit (timeout_s)");
    const QString &where = w.where;
    if (!where.isEmpty() && w.stoppedS && w.timeoutS) {
        const double kept = std::max(0.0, std::round((*w.timeoutS - *w.stoppedS) * 10) / 10);
        return QStringLiteral("the notebook was stopped %1 %2 at %3 s of %4, keeping %5 s to grade; the later cells did not run")
            .arg(w.during ? QStringLiteral("during") : QStringLiteral("before"), where)
            .arg(*w.stoppedS)
            .arg(what)
            .arg(kept);
    }
    if (where.isEmpty())
        return what + QStringLiteral(" was reached");
    return QStringLiteral("%1 was reached %2 %3; the later cells did not run")
        .arg(what, w.during ? QStringLiteral("during") : QStringLiteral("before"), where);
}

const CellInfo *CheckEvidence::probeCell(const QString &label) const
{
    for (const CellInfo &c : cells)
        if (c.injected == QLatin1String("probe") && c.label == label)
            return &c;
    return nullptr;
}

const CellInfo *CheckEvidence::testCell(const QString &checkId) const
{
    const CellInfo *cell = nullptr;
    for (const CellInfo &c : cells)
        if (c.injected == QLatin1String("test") && c.check == checkId)
            cell = &c;
    return cell;
}

QString CheckEvidence::runCutShort() const
{
    if (kernel.died)
        return kernel.reason.value_or(coretext::text(coretext::kernelDied));
    if (wallTimeout)
        return wallClockProblem(input.record);
    return {};
}

QString CheckEvidence::ranAfterCut(const CellInfo *cell) const
{
    if (cutAt < 0 || !cell || cell < cells.constData() || cell >= cells.constData() + cells.size()
        || cell - cells.constData() <= cutAt)
        return {};
    return wallClockProblem(input.record);
}

QString CheckEvidence::whyNoProbe(const QString &label) const
{
    const CellInfo *c = probeCell(label);
    if (c && c->status == QLatin1String("error"))
        return coretext::text(coretext::probeCellFailed).arg(c->error());
    if (c && c->status == QLatin1String("ok"))
        return QStringLiteral("the probe's output was rejected (see the run's messages)");
    if (const QString cut = runCutShort(); !cut.isEmpty())
        return coretext::text(coretext::probeDidNotRunBecause).arg(cut);
    return coretext::text(coretext::probeDidNotRun);
}

} // namespace detail

namespace {

using detail::CellInfo;
using detail::readCells;
using detail::wallClockProblem;

/// What went wrong in a student cell, or empty when it ran (or was never reached because of another problem).
QString cellProblem(const CellInfo &c, const ExecutionRecord &record)
{
    if (c.status == QLatin1String("error") && c.ename == QLatin1String("NoReply")) // the runner's word, no exception
        return coretext::text(coretext::cellNoReply).arg(c.name());
    if (c.status == QLatin1String("error"))
        return coretext::text(coretext::raised).arg(c.name(), c.error());
    // The limit as the runner wrote it in the cell's error ("timeout after 5 s", also its message's words); a
    // record of an older runner has only the KeyboardInterrupt.
    const QString limit = c.ename == QLatin1String("Timeout") ? c.evalue : QString();
    if (c.status == QLatin1String("timeout"))
        return limit.isEmpty() ? coretext::text(coretext::cellTimedOut).arg(c.name()) : QStringLiteral("%1: %2").arg(c.name(), limit);
    if (c.status == QLatin1String("wall-timeout"))
        return {}; // the whole run's limit, not this cell's: reported once (wallClockProblem())
    if (c.status == QLatin1String("interrupted-ignored"))
        return coretext::text(coretext::ignoredInterrupt)
            .arg(c.name(), limit.isEmpty() ? QStringLiteral("cell timed out") : limit);
    if (c.status == QLatin1String("kernel-died")) {
        const QString reason = record.kernel().reason.value_or(QString());
        return reason.isEmpty() ? coretext::text(coretext::cellKernelDied).arg(c.name()) : reason;
    }
    return {};
}

void addUnique(QStringList &list, const QString &line)
{
    if (!line.isEmpty() && !list.contains(line))
        list << line;
}

/// The record's `transformers_changed` (docs/runner-protocol.md) as a reason, saying what was detected: lists
/// that changed (and how), or lists that could no longer be read — what a notebook that patched built-ins or
/// IPython causes, which is not the same as changing the transformers.
QString transformersProblem(const TransformersChange &transformers)
{
    const QString where = transformers.where.value_or(QStringLiteral("the notebook"));
    if (transformers.unreadable) {
        const QString why = transformers.unreadableWhy ? QStringLiteral(" (%1)").arg(*transformers.unreadableWhy) : QString();
        return QStringLiteral("after %1, Sandmark could no longer read IPython's input/AST transformer lists%2: the "
                              "notebook changed built-ins or IPython objects that reading them uses, so a change to the "
                              "transformers, which can rewrite the cells that follow (Sandmark's test and probe cells "
                              "included), cannot be ruled out")
            .arg(where, why);
    }
    QStringList changed;
    for (const TransformersChange::List &list : transformers.lists) {
        QStringList bits;
        for (const QString &v : list.added)
            bits << QStringLiteral("+") + v;
        for (const QString &v : list.removed)
            bits << QStringLiteral("-") + v;
        changed << QStringLiteral("%1: %2").arg(list.name, bits.isEmpty() ? QStringLiteral("reordered") : bits.join(QStringLiteral(", ")));
    }
    return QStringLiteral("%1 changed IPython's input/AST transformers%2, which can rewrite the cells that follow "
                          "(Sandmark's test and probe cells included)")
        .arg(where, changed.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(changed.join(QStringLiteral("; "))));
}

/// Problems of the run itself, which make the result needs-review and explain failing checks: the student cells'
/// errors and timeouts, a dead kernel, the whole-run limit, changed transformers, a run that did not complete.
/// An error a cell is meant to raise goes to `notes` instead.
QStringList runProblemsOf(const QList<CellInfo> &cells, const GradeInput &input, const QString &runStatus, bool wallTimeout,
                          QStringList &notes)
{
    QStringList runProblems;
    for (const CellInfo &c : cells) {
        if (!c.injected.isEmpty())
            continue;
        // An error the cell is meant to raise is a note: the instructor's teaching cell raised the same in the
        // reference run, or raised there too and is tagged raises-exception. A tag alone exempts nothing: a
        // student could tag any cell of their own.
        const auto expected = input.expectedErrors.constFind(c.index.value_or(-1));
        if (c.status == QLatin1String("error") && c.raisesException && expected != input.expectedErrors.cend())
            addUnique(notes, QStringLiteral("%1 raised %2 (tagged raises-exception: expected)").arg(c.name(), c.error()));
        else if (c.status == QLatin1String("error") && expected != input.expectedErrors.cend() && *expected == c.ename)
            addUnique(notes, QStringLiteral("%1 raised %2, as the instructor notebook's same cell does (noted, "
                                            "not a problem)")
                                 .arg(c.name(), c.error()));
        else
            addUnique(runProblems, cellProblem(c, input.record));
    }
    const KernelRecord kernel = input.record.kernel();
    // A kernel the runner killed (an ignored interrupt) is already explained by its cell's problem or by the
    // whole-run limit; its reason would say the same twice.
    if (kernel.died && !kernel.killed)
        addUnique(runProblems, kernel.reason.value_or(coretext::text(coretext::kernelDied)));
    if (wallTimeout)
        addUnique(runProblems, wallClockProblem(input.record));
    // What the notebook's code did to the grading itself (a killed test process, a patched json.dumps, numbers no
    // JSON reader takes): the submission's outcome, for a person to look at — never a grader error, never a pass.
    for (const QString &v : input.record.interference())
        addUnique(runProblems, coretext::text(coretext::interfered).arg(v));
    if (const std::optional<TransformersChange> transformers = input.record.transformersChanged())
        addUnique(runProblems, transformersProblem(*transformers));
    const bool badRun = runStatus != QLatin1String("completed") && runStatus != QLatin1String("errors");
    if (badRun && runProblems.isEmpty())
        addUnique(runProblems, coretext::text(coretext::runEndedWithStatus).arg(runStatus));
    return runProblems;
}

/// A result with the input's maximum score and notes, before anything is graded. Notes never change the status
/// (e.g. the notebook's kernelspec was ignored, shared case C20a).
GradeResult resultWithNotes(const GradeInput &input)
{
    GradeResult result;
    for (const Check &c : input.checks)
        result.maxScore += c.points;
    for (const QString &n : input.notes)
        addUnique(result.notes, n);
    for (const QString &w : input.record.warnings())
        addUnique(result.notes, w);
    // Limits the run reached without failing it: the grade may rest on less than the student's code did.
    QStringList cut;
    for (const CellRecord &c : input.record.cells())
        if (c.truncated && c.index)
            cut << QStringLiteral("cells[%1]").arg(*c.index);
    if (!cut.isEmpty())
        addUnique(result.notes, coretext::text(coretext::outputCut)
                                    .arg(cut.size() > 3 ? cut.mid(0, 3).join(QLatin1String(", ")) + QStringLiteral(", …")
                                                        : cut.join(QLatin1String(", "))));
    const CgroupStats cgroup = input.record.cgroup().value_or(CgroupStats{});
    if (const qint64 refused = cgroup.pidsRefused; refused > 0)
        addUnique(result.notes, coretext::text(coretext::processesRefused).arg(cgroup.pidsMax).arg(refused));
    return result;
}

/// `result` as a grader error for `why`: no check graded, each saying why.
GradeResult allNotGraded(GradeResult result, const QList<Check> &checks, const QString &why)
{
    result.status = GradeStatus::GraderError;
    result.score = 0;
    result.checks.clear();
    for (const Check &c : checks)
        result.checks << CheckResult{c.id, c.type, Outcome::NotGraded, 0, c.points,
                                     coretext::text(coretext::notGraded).arg(coretext::text(coretext::graderError).arg(why)), {}, {}};
    addUnique(result.reasons, why);
    return result;
}

/// Why the run cannot be graded at all (a grader error): the grader failed, the run left no execution record
/// (`runStatus` is its status) or its kernel did not start; nullopt when it can be graded.
std::optional<QString> whyRunNotGradable(const GradeInput &input, const QString &runStatus)
{
    if (input.graderError)
        return input.graderError->toString();
    if (runStatus.isEmpty())
        return QStringLiteral("the run produced no execution record");
    if (runStatus == QLatin1String("kernel-start-failed")) {
        // Why, never an empty reason: the record's kernel.reason, else the runner's last message.
        QString why = input.record.kernel().reason.value_or(QString());
        const QStringList messages = input.record.messages();
        if (why.isEmpty() && !messages.isEmpty())
            why = messages.last();
        return coretext::text(coretext::kernelCouldNotStart)
            .arg(why.isEmpty() ? QStringLiteral("the runner recorded no reason") : why);
    }
    return std::nullopt;
}

/// The first cell that failed because a dataset is missing from the cache, with the message; nullopt when none
/// did. Such a failure is the grader's problem, wherever it surfaced.
std::optional<QString> missingDatasetProblem(const QList<CellInfo> &cells)
{
    for (const CellInfo &c : cells)
        if (c.status == QLatin1String("error"))
            if (auto missing = missingDatasetMessage(c.ename, c.evalue))
                return QStringLiteral("%1: %2").arg(c.name(), *missing);
    return std::nullopt;
}

/// A run's payload: `decoded` when the caller decoded it already, else `json` decoded (only `names`).
Expected<ProbePayload> payloadOf(const std::shared_ptr<const ProbePayload> &decoded, const QByteArray &json,
                                 const QString &where, const QSet<QString> &names)
{
    return decoded ? Expected<ProbePayload>(*decoded) : decodeProbePayload(json, where, &names);
}

/// The position in `cells` of the student cell the whole-run limit stopped (the record's wall_clock names its
/// index); -1 when there is none.
qsizetype wallClockCut(const QList<CellInfo> &cells, const ExecutionRecord &record, bool wallTimeout)
{
    const std::optional<WallClockRecord> w = record.wallClock();
    const std::optional<int> cutCell = w ? w->cell : std::nullopt;
    if (!wallTimeout || !cutCell)
        return -1;
    for (qsizetype i = 0; i < cells.size(); ++i)
        if (cells[i].injected.isEmpty() && cells[i].index == cutCell)
            return i;
    return -1;
}

/// Grades each check into `result` (its outcome, points and the reasons of those not graded); true when a check
/// that no person grades was not graded.
bool gradeChecks(const GradeInput &input, const detail::CheckEvidence &evidence, GradeResult &result)
{
    bool anyNotGraded = false;
    for (const Check &check : input.checks) {
        const CheckKind &kind = checkKind(check);
        CheckResult r;
        r.checkId = check.id;
        r.maxPoints = check.points;
        r.type = check.type;
        if (const auto broken = input.brokenChecks.constFind(check.id); broken != input.brokenChecks.cend()) {
            // The instructor notebook fails this check itself: the grader's error for this check alone.
            r.outcome = Outcome::NotGraded;
            r.feedback = coretext::text(coretext::notGraded).arg(coretext::text(coretext::graderError).arg(*broken));
            anyNotGraded = true;
            addUnique(result.reasons, coretext::text(coretext::checkNotGradedGraderError).arg(check.id, *broken));
            result.checks << r;
            continue;
        }
        kind.grade(check, evidence, r);
        if (r.outcome == Outcome::Pass && r.feedback.startsWith(QLatin1String("partial credit")) == false)
            r.points = check.points;
        // A check a person grades awaits them (needs-manual): not a problem of the run.
        if (r.outcome == Outcome::NotGraded && !kind.gradedByHand()) {
            anyNotGraded = true;
            addUnique(result.reasons, coretext::text(coretext::checkNotGraded).arg(check.id));
        }
        result.score += r.points;
        result.checks << r;
    }
    return anyNotGraded;
}

} // namespace

GradeResult grade(const GradeInput &input)
{
    GradeResult result = resultWithNotes(input);
    const QString runStatus = input.record.status();
    if (const std::optional<QString> why = whyRunNotGradable(input, runStatus))
        return allNotGraded(std::move(result), input.checks, *why);
    const QList<CellInfo> cells = readCells(input.record);
    if (const std::optional<QString> missing = missingDatasetProblem(cells))
        return allNotGraded(std::move(result), input.checks, *missing);

    // Only the names the checks read are decoded: a payload also holds every other top-level name (for regrades).
    const QSet<QString> readNames = probedNames(input.checks);
    const Expected<ProbePayload> reference =
        payloadOf(input.referenceDecoded, input.referencePayload, QStringLiteral("reference payload"), readNames);
    if (!reference)
        return allNotGraded(std::move(result), input.checks, reference.error().toString());
    if (reference->isNull && std::any_of(input.checks.begin(), input.checks.end(), [&](const Check &c) {
            return checkKind(c).probed(c) && !input.brokenChecks.contains(c.id);
        }))
        return allNotGraded(std::move(result), input.checks, QStringLiteral("the reference run produced no probe values"));
    const Expected<ProbePayload> student =
        payloadOf(input.studentDecoded, input.studentPayload, QStringLiteral("student payload"), readNames);
    if (!student)
        return allNotGraded(std::move(result), input.checks, student.error().toString());

    const KernelRecord kernel = input.record.kernel();
    const bool wallTimeout = runStatus == QLatin1String("wall-timeout") || input.record.wallClock().has_value();
    const QStringList runProblems = runProblemsOf(cells, input, runStatus, wallTimeout, result.notes);
    result.reasons = runProblems;
    const QString runNote = runProblems.isEmpty() ? QString() : QStringLiteral("; ") + runProblems.join(QLatin1String("; "));
    const qsizetype cutAt = wallClockCut(cells, input.record, wallTimeout);
    const detail::CheckEvidence evidence{input, cells, *reference, *student, runNote, kernel, wallTimeout, cutAt};
    const bool anyNotGraded = gradeChecks(input, evidence, result);

    if (!runProblems.isEmpty() || anyNotGraded)
        result.status = GradeStatus::NeedsReview;
    result.status = withManualChecks(result.status, std::count_if(result.checks.cbegin(), result.checks.cend(),
                                                                  [](const CheckResult &c) { return awaitsPerson(c); }));
    qCDebug(lcGrading) << "graded:" << gradeStatusName(result.status) << result.score << "/" << result.maxScore;
    return result;
}

GradeResult combineNotebookGrades(const QList<NotebookGrade> &parts, const QList<Check> &order, const QStringList &notes,
                                  const QStringList &review)
{
    GradeResult out;
    out.notes = notes;
    QHash<QString, CheckResult> byId;
    int worst = 0; // 0 graded/needs-manual, 1 needs-review, 2 grader-error
    for (const NotebookGrade &p : parts) {
        const QString prefix = p.notebook + QLatin1String(": ");
        switch (p.kind) {
        case NotebookGrade::Kind::Ran:
            for (const CheckResult &c : p.result.checks)
                byId.insert(c.checkId, c);
            for (const QString &r : p.result.reasons)
                out.reasons << prefix + r;
            for (const QString &n : p.result.notes)
                out.notes << prefix + n;
            if (p.result.status == GradeStatus::GraderError)
                worst = std::max(worst, 2);
            else if (p.result.status == GradeStatus::NeedsReview)
                worst = std::max(worst, 1);
            break;
        case NotebookGrade::Kind::NotHandedIn:
        case NotebookGrade::Kind::NotGraded:
            for (const Check &c : p.checks) {
                CheckResult cr;
                cr.checkId = c.id;
                cr.type = c.type;
                cr.maxPoints = c.points;
                const bool missing = p.kind == NotebookGrade::Kind::NotHandedIn;
                cr.outcome = missing ? Outcome::Fail : Outcome::NotGraded;
                cr.feedback = missing ? coretext::text(coretext::notHandedIn) : p.problem;
                byId.insert(c.id, cr);
            }
            if (p.kind == NotebookGrade::Kind::NotGraded) {
                out.reasons << prefix + p.problem;
                worst = std::max(worst, 1);
            }
            break;
        }
    }
    for (const QString &r : review)
        out.reasons << r;
    if (!review.isEmpty())
        worst = std::max(worst, 1);
    qsizetype awaiting = 0;
    for (const Check &c : order) {
        const auto it = byId.constFind(c.id);
        if (it == byId.cend())
            continue;
        out.checks << *it;
        out.maxScore += it->maxPoints;
        out.score += it->points;
        if (awaitsPerson(*it))
            ++awaiting;
    }
    out.status = worst == 2 ? GradeStatus::GraderError
                 : worst == 1 ? GradeStatus::NeedsReview
                              : withManualChecks(GradeStatus::Graded, awaiting);
    return out;
}

} // namespace sandmark
