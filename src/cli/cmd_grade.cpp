// sandmark-cli grade ASSIGNMENT [SUBMISSION…] [--jobs N] [--sandbox NAME] [--force] [--shard K/N]
//                    [--gradebook PATH] [--json] [--dry-run]: grades a batch into the gradebook and prints the grades.
#include "batch/batchgrader.h"
#include "batch/referencerun.h"
#include "batch/regradepreview.h"
#include "batch/submissions.h"
#include "cli_util.h"
#include "commands.h"
#include "gradebook/gradebook.h"
#include "gradebook/summary.h"
#include "sandbox/backend.h"
#include "sandbox/registry.h"
#include "util/paths.h"
#include "util/displaytext.h"

#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <cmath>
#include <variant>

#include <unistd.h>

namespace sandmark::cli {

namespace {

QString duration(double seconds)
{
    const int s = int(seconds + 0.5);
    return s >= 3600 ? QStringLiteral("%1:%2:%3").arg(s / 3600).arg(s / 60 % 60, 2, 10, QLatin1Char('0')).arg(s % 60, 2, 10, QLatin1Char('0'))
                     : QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

QJsonObject toJson(const EffectiveGrade &g, bool skipped)
{
    QJsonObject o;
    o.insert(QStringLiteral("submission"), g.studentId);
    o.insert(QStringLiteral("status"), gradeStatusName(g.status));
    o.insert(QStringLiteral("run_status"), gradeStatusName(g.runStatus));
    const std::optional<double> score = g.score();
    o.insert(QStringLiteral("score"), score ? QJsonValue(*score) : QJsonValue());
    const std::optional<double> autoScore = g.automaticScore();
    o.insert(QStringLiteral("auto_score"), autoScore ? QJsonValue(*autoScore) : QJsonValue());
    o.insert(QStringLiteral("max_score"), g.maxScore);
    o.insert(QStringLiteral("skipped"), skipped);
    o.insert(QStringLiteral("stale"), g.stale);
    o.insert(QStringLiteral("reasons"), QJsonArray::fromStringList(g.reasons));
    o.insert(QStringLiteral("awaiting"), QJsonArray::fromStringList(g.awaiting()));
    o.insert(QStringLiteral("notes"), QJsonArray::fromStringList(g.notes));
    QJsonArray checks;
    for (const EffectiveCheck &c : g.checks) {
        QJsonObject co;
        co.insert(QStringLiteral("id"), c.result.checkId);
        co.insert(QStringLiteral("points"), c.points());
        co.insert(QStringLiteral("max_points"), c.result.maxPoints);
        co.insert(QStringLiteral("outcome"), outcomeName(c.result.outcome));
        co.insert(QStringLiteral("feedback"), c.result.feedback);
        if (c.override_)
            co.insert(QStringLiteral("override"), QJsonObject{{QStringLiteral("points"), c.override_->points},
                                                              {QStringLiteral("comment"), c.override_->comment}});
        checks.append(co);
    }
    o.insert(QStringLiteral("checks"), checks);
    if (g.submissionOverride)
        o.insert(QStringLiteral("override"), QJsonObject{{QStringLiteral("points"), g.submissionOverride->points},
                                                         {QStringLiteral("comment"), g.submissionOverride->comment}});
    return o;
}

/// The last line of `grade --json`: what the batch did (docs/grading.md, "Output"). `counted` is what this process
/// saw recorded (also when the batch failed, e.g. a failed reference run records every submission first).
QJsonObject summaryJson(const std::optional<BatchSummary> &s, const BatchSummary &counted, const std::optional<Error> &failure,
                        bool interrupted, int submissions, int stale, int jobs)
{
    const BatchSummary &c = s ? *s : counted;
    QJsonObject broken;
    for (auto it = c.brokenChecks.cbegin(); it != c.brokenChecks.cend(); ++it)
        broken.insert(it.key(), it.value());
    return {{QStringLiteral("submissions"), submissions},
            {QStringLiteral("graded"), c.graded},
            {QStringLiteral("needs_manual"), c.needsManual},
            {QStringLiteral("needs_review"), c.needsReview},
            {QStringLiteral("grader_errors"), c.graderErrors},
            {QStringLiteral("skipped"), c.skipped},
            {QStringLiteral("regraded"), c.regraded},
            {QStringLiteral("ran"), c.ran},
            {QStringLiteral("cannot_run"), c.cannotRun},
            {QStringLiteral("not_run"),
             s ? s->notRun : submissions - c.graded - c.needsManual - c.needsReview - c.graderErrors - c.skipped},
            {QStringLiteral("stale"), stale},
            {QStringLiteral("seconds"), c.seconds},
            {QStringLiteral("jobs"), jobs},
            {QStringLiteral("broken_checks"), broken},
            {QStringLiteral("reference_notes"), QJsonArray::fromStringList(c.referenceNotes)},
            {QStringLiteral("interrupted"), interrupted || (s && s->cancelled)},
            {QStringLiteral("error"), failure ? QJsonValue(failure->toString()) : QJsonValue()}};
}

void printTable(const QList<EffectiveGrade> &grades, const QSet<QString> &skipped, const QSet<QString> &notReached = {})
{
    QStringList checkIds;
    for (const EffectiveGrade &g : grades)
        for (const EffectiveCheck &c : g.checks)
            if (!checkIds.contains(c.result.checkId))
                checkIds << c.result.checkId;
    QList<QStringList> rows;
    QStringList header{QStringLiteral("student"), QStringLiteral("status"), QStringLiteral("score")};
    header += checkIds;
    header << QStringLiteral("note");
    rows << header;
    for (const EffectiveGrade &g : grades) {
        QStringList row{g.studentId, gradeStatusName(g.status)};
        const std::optional<double> score = g.score();
        row << (score ? formatPoints(*score) : QStringLiteral("-")) + QLatin1Char('/') + formatPoints(g.maxScore);
        for (const QString &id : std::as_const(checkIds)) {
            QString cell = QStringLiteral("-");
            for (const EffectiveCheck &c : g.checks)
                if (c.result.checkId == id)
                    cell = c.result.outcome == Outcome::NotGraded && !c.override_ ? QStringLiteral("n/g") : formatPoints(c.points());
            row << cell;
        }
        // Why the status is not `graded` first, then what was noticed (notes); the rest is in --json.
        const QStringList said = g.reasons + g.notes;
        QString note = said.value(0);
        if (said.size() > 1)
            note += QStringLiteral(" (+%1 more)").arg(said.size() - 1);
        if (const QStringList awaiting = g.awaiting(); !awaiting.isEmpty()) {
            const QString manual = QStringLiteral("awaiting a person: ") + awaiting.join(QLatin1String(", "));
            note = note.isEmpty() ? manual : manual + QStringLiteral("; ") + note;
        }
        if (skipped.contains(g.studentId))
            note = note.isEmpty() ? QStringLiteral("unchanged") : QStringLiteral("unchanged; ") + note;
        if (notReached.contains(g.studentId))
            note = note.isEmpty() ? QStringLiteral("not run (stopped): an earlier result")
                                  : QStringLiteral("not run (stopped): an earlier result; ") + note;
        if (g.stale)
            note = note.isEmpty() ? QStringLiteral("STALE: graded under other checks/reference/limits")
                                  : QStringLiteral("STALE; ") + note;
        if (g.submissionOverride || std::any_of(g.checks.cbegin(), g.checks.cend(), [](const EffectiveCheck &c) { return c.override_.has_value(); }))
            note = note.isEmpty() ? QStringLiteral("overridden") : QStringLiteral("overridden; ") + note;
        row << note;
        // Ids and reasons come from the students' files: shown escaped, so none can break or reorder a line.
        for (QString &cell : row)
            cell = displayText(cell);
        if (row.last().size() > 70)
            row.last() = row.last().left(69) + QChar(0x2026);
        rows << row;
    }
    QList<qsizetype> widths(header.size(), 0);
    for (const QStringList &r : std::as_const(rows))
        for (qsizetype i = 0; i < r.size(); ++i)
            widths[i] = std::max(widths[i], r[i].size());
    for (const QStringList &r : std::as_const(rows)) {
        QString line;
        for (qsizetype i = 0; i < r.size(); ++i) {
            if (i > 0)
                line += QLatin1String("  ");
            const bool numeric = i >= 2 && i < r.size() - 1;
            line += i == r.size() - 1 ? r[i] : numeric ? r[i].rightJustified(widths[i]) : r[i].leftJustified(widths[i]);
        }
        out() << line.trimmed() << '\n';
    }
}

/// The distribution's lines: one per bin, the count after and, when `before` is given, the count now.
void printDistribution(const ResultsSummary &after, const ResultsSummary *before)
{
    int most = 1;
    for (const ResultsSummary::Bin &b : after.bins)
        most = std::max(most, b.count);
    for (qsizetype i = 0; i < after.bins.size(); ++i) {
        const ResultsSummary::Bin &b = after.bins.at(i);
        const QString now = before && i < before->bins.size() && before->bins.at(i).count != b.count
                                ? QStringLiteral("  (now %1)").arg(before->bins.at(i).count)
                                : QString();
        out() << QStringLiteral("  %1-%2 %  %3  %4%5\n")
                     .arg(formatPoints(b.fromPercent), 3)
                     .arg(formatPoints(b.toPercent), 3)
                     .arg(b.count, 4)
                     .arg(QString(qRound(40.0 * b.count / most), QLatin1Char('#')), now);
    }
}

QString scoreText(const EffectiveGrade &g)
{
    const std::optional<double> score = g.score();
    return (score ? formatPoints(*score) : QStringLiteral("-")) + QLatin1Char('/') + formatPoints(g.maxScore);
}

QJsonObject distributionJson(const ResultsSummary &s)
{
    QJsonArray bins;
    for (const ResultsSummary::Bin &b : s.bins)
        bins.append(QJsonObject{{QStringLiteral("from_percent"), b.fromPercent},
                                {QStringLiteral("to_percent"), b.toPercent},
                                {QStringLiteral("count"), b.count}});
    return {{QStringLiteral("with_score"), s.withScore},
            {QStringLiteral("mean"), s.withScore > 0 ? QJsonValue(s.meanScore) : QJsonValue()},
            {QStringLiteral("median"), s.withScore > 0 ? QJsonValue(s.medianScore) : QJsonValue()},
            {QStringLiteral("distribution"), bins}};
}

/// What a dry run found, for the asked students only: the preview, the grades after and now, who changes and who
/// stays as they are.
struct DryRunView
{
    const RegradePreview &preview;
    QList<EffectiveGrade> grades, current; ///< after the regrade, and now
    QHash<QString, const EffectiveGrade *> was; ///< student → their grade now (in `current`)
    QSet<QString> changed, unchanged;
    ResultsSummary summary, before;

    QString scoreWas(const QString &id) const { return was.contains(id) ? scoreText(*was.value(id)) : QStringLiteral("none"); }
};

/// grade --dry-run --json: one JSON object (docs/grading.md).
void printDryRunJson(const DryRunView &v)
{
    QJsonArray rows, changes;
    for (const EffectiveGrade &g : v.grades) {
        QJsonObject row = toJson(g, v.unchanged.contains(g.studentId));
        if (v.changed.contains(g.studentId)) {
            const EffectiveGrade *now = v.was.value(g.studentId);
            const std::optional<double> nowScore = now ? now->score() : std::nullopt;
            row.insert(QStringLiteral("before"), now ? QJsonObject{{QStringLiteral("status"), gradeStatusName(now->status)},
                                                                   {QStringLiteral("score"), nowScore ? QJsonValue(*nowScore) : QJsonValue()}}
                                                     : QJsonValue());
            changes.append(g.studentId);
        }
        rows.append(row);
    }
    QJsonObject wouldRun;
    for (auto it = v.preview.wouldRun.cbegin(); it != v.preview.wouldRun.cend(); ++it)
        wouldRun.insert(it.key(), it.value());
    QJsonObject o = distributionJson(v.summary);
    o.insert(QStringLiteral("dry_run"), true);
    o.insert(QStringLiteral("reference_runs"), v.preview.referenceRuns.isEmpty() ? QJsonValue() : QJsonValue(v.preview.referenceRuns));
    o.insert(QStringLiteral("unchanged"), v.preview.unchanged);
    o.insert(QStringLiteral("regraded"), QJsonArray::fromStringList(v.preview.regraded));
    o.insert(QStringLiteral("cannot_run"), QJsonArray::fromStringList(v.preview.cannotRun));
    o.insert(QStringLiteral("changed"), changes);
    o.insert(QStringLiteral("would_run"), wouldRun);
    o.insert(QStringLiteral("before"), distributionJson(v.before));
    o.insert(QStringLiteral("grades"), rows);
    out() << QJsonDocument(o).toJson(QJsonDocument::Compact) << '\n';
}

/// grade --dry-run: the table after the regrade, what would run and why, the grades that change, the distribution.
void printDryRunText(const DryRunView &v)
{
    if (!v.preview.referenceRuns.isEmpty()) {
        out() << "dry run: " << v.preview.referenceRuns << ": grade runs the instructor notebook first; which submissions "
                 "then regrade from their stored values is known after that run\n";
        return;
    }
    out() << "dry run: no sandbox started, nothing recorded\n";
    // A grade that changes says what it was, first in its note (before the reasons: those a table cuts).
    QList<EffectiveGrade> shown = v.grades;
    for (EffectiveGrade &g : shown)
        if (v.changed.contains(g.studentId))
            g.reasons.prepend(v.was.contains(g.studentId)
                                  ? QStringLiteral("was %1 %2").arg(v.scoreWas(g.studentId), gradeStatusName(v.was.value(g.studentId)->status))
                                  : QStringLiteral("not graded before"));
    printTable(shown, v.unchanged);
    out() << QStringLiteral("%1 regraded from stored values, %2 cannot run (recorded without a sandbox: a notebook that "
                            "does not parse or is not matched needs review, one that cannot be opened is a grader error), %3 skipped (nothing changed), %4 would run again\n")
                 .arg(v.preview.regraded.size())
                 .arg(v.preview.cannotRun.size())
                 .arg(v.preview.unchanged)
                 .arg(v.preview.wouldRun.size());
    for (auto it = v.preview.wouldRun.cbegin(); it != v.preview.wouldRun.cend(); ++it)
        out() << "  " << displayText(it.key()) << ": " << displayText(it.value()) << '\n';
    QStringList changes;
    for (const EffectiveGrade &g : v.grades)
        if (v.changed.contains(g.studentId))
            changes << QStringLiteral("%1 %2 -> %3").arg(displayText(g.studentId), v.scoreWas(g.studentId), scoreText(g));
    out() << (changes.isEmpty() ? QStringLiteral("no grade changes\n")
                                : QStringLiteral("%1 grade(s) change: %2\n").arg(changes.size()).arg(changes.join(QLatin1String(", "))));
    if (v.summary.withScore == 0)
        return;
    const auto mean = [](const ResultsSummary &s) { return formatPoints(std::round(s.meanScore * 100) / 100); };
    out() << QStringLiteral("grade distribution of %1 with a score: mean %2, median %3 of %4")
                 .arg(v.summary.withScore)
                 .arg(mean(v.summary), formatPoints(v.summary.medianScore), formatPoints(v.summary.maxScore));
    if (!changes.isEmpty())
        out() << QStringLiteral(" (now: %1 with a score, mean %2, median %3 of %4)")
                     .arg(v.before.withScore)
                     .arg(mean(v.before), formatPoints(v.before.medianScore), formatPoints(v.before.maxScore));
    out() << ":\n";
    printDistribution(v.summary, changes.isEmpty() ? nullptr : &v.before);
}

/// `grade --dry-run`: what grade would do and the grades it would leave (previewRegrade()), beside today's; nothing
/// run or written.
int printDryRun(const Assignment &assignment, const QList<Submission> &submissions, const BatchOptions &opt, bool asJson)
{
    RegradePreviewOptions po;
    po.gradebookPath = opt.gradebookPath;
    po.backend = sandboxKindName(opt.run.kind);
    po.limits = opt.run.limits.value_or(assignment.limits());
    QSet<QString> asked;
    for (const Submission &s : submissions)
        asked << s.studentId;
    const Expected<RegradePreview> preview = previewRegrade(assignment, submissions, po);
    if (!preview) {
        return failWith(preview.error());
    }
    // What the preview needs is on disk; the sandbox is only what `grade` would need: said beside, with its fix.
    if (!preview->noStoredRuns.isEmpty())
        err() << "sandmark-cli: note: " << preview->noStoredRuns << Qt::endl;
    if (const Expected<void> ready = createBackend(opt.run.kind)->check(); !ready)
        err() << "sandmark-cli: note: the " << po.backend << " sandbox is not ready here, so grade would stop before grading: "
              << ready.error().toString() << " (sandmark-cli doctor --sandbox " << po.backend << " tests it)" << Qt::endl;
    const auto onlyAsked = [&](const QList<EffectiveGrade> &all) {
        QList<EffectiveGrade> some;
        for (const EffectiveGrade &g : all)
            if (asked.contains(g.studentId))
                some << g;
        return some;
    };
    DryRunView v{*preview, onlyAsked(preview->grades), onlyAsked(preview->current), {}, {}, {}, {}, {}};
    for (const EffectiveGrade &g : std::as_const(v.current))
        v.was.insert(g.studentId, &g);
    QStringList checkIds;
    for (const Check &c : assignment.checks())
        checkIds << c.id;
    v.summary = summarizeResults(v.grades, checkIds);
    v.before = summarizeResults(v.current, checkIds);
    v.changed = QSet<QString>(preview->changed.cbegin(), preview->changed.cend());
    v.unchanged = asked; // skipped: their grade stands as it is
    for (const QStringList *moved : {&preview->regraded, &preview->cannotRun})
        for (const QString &id : *moved)
            v.unchanged.remove(id);
    for (auto it = preview->wouldRun.cbegin(); it != preview->wouldRun.cend(); ++it)
        v.unchanged.remove(it.key());
    if (asJson)
        printDryRunJson(v);
    else
        printDryRunText(v);
    return ExitOk;
}

/// What `grade`'s command line asks for: the assignment, the batch's options and the submissions.
struct GradeRequest
{
    std::optional<Assignment> assignment;
    BatchOptions options;
    QList<Submission> submissions;
    bool json = false;
    bool dryRun = false;
};

/// `grade`'s arguments and options, as its --help lists them.
struct GradeOptions
{
    const QCommandLineOption jobs{QStringLiteral("jobs"), QStringLiteral("Sandboxes at once, 1 to 256 (default: from the cores and the memory limit)."),
                                  QStringLiteral("N")};
    const QCommandLineOption sandbox = sandboxOption(QStringLiteral("Backend: %1 (default: assignment.json, else %2)."));
    const QCommandLineOption force{QStringLiteral("force"), QStringLiteral("Run every submission again: also unchanged ones, and those whose changed checks could be regraded from their stored values.")};
    const QCommandLineOption shard{QStringLiteral("shard"), QStringLiteral("Grade only slice K of N of the sorted submission ids."),
                                   QStringLiteral("K/N")};
    const QCommandLineOption gradebook = gradebookPathOption();
    const QCommandLineOption json{QStringLiteral("json"), QStringLiteral("Print one JSON object per submission and line as each result is recorded, then a summary line.")};
    const QCommandLineOption datasets{QStringLiteral("dataset-cache"), QStringLiteral("HF_HOME bound read-only (default, when the assignment lists required_datasets: the folder datasets warm fills)."),
                                      QStringLiteral("DIR")};
    const QCommandLineOption dryRun{QStringLiteral("dry-run"), QStringLiteral("Start no sandbox and record nothing: print which submissions would regrade from their stored values (with the grades and distribution that gives), stay unchanged, or run again and why.")};

    void addTo(QCommandLineParser &parser) const
    {
        parser.addPositionalArgument(QStringLiteral("ASSIGNMENT"), QStringLiteral("Assignment folder or its assignment.json."));
        parser.addPositionalArgument(QStringLiteral("SUBMISSION"),
                                     QStringLiteral("A student id of ASSIGNMENT/submissions, or the path of a student's folder or notebook there (default: every submission there)."),
                                     QStringLiteral("[SUBMISSION…]"));
        parser.addOptions({jobs, sandbox, force, shard, gradebook, json, datasets, dryRun});
    }
};

/// Whether the folder of a gradebook named by --gradebook exists; names the missing folder on stderr when not.
/// Only the default gradebook's folder (ASSIGNMENT/.sandmark) is Sandmark's to create: a --gradebook in a folder
/// that does not exist is a typo more often than not, and creating it made folders anywhere, even under /.
bool gradebookFolderExists(const QString &gradebookPath)
{
    const QString folder = QFileInfo(gradebookPath).absolutePath();
    if (QFileInfo(folder).isDir())
        return true;
    QString missing = folder; // the topmost folder that is not there
    while (!QFileInfo(QFileInfo(missing).absolutePath()).isDir() && QFileInfo(missing).absolutePath() != missing)
        missing = QFileInfo(missing).absolutePath();
    printError(Error{gradebookPath, {},
                     QStringLiteral("the gradebook's folder %1 does not exist (%2 is missing); create it first, "
                                    "or choose a gradebook in an existing folder")
                         .arg(folder, missing)});
    return false;
}

/// The submissions the command line names (the arguments after ASSIGNMENT), else every submission of the
/// assignment's submissions/ folder. ExitOk, or the exit code when the command ends here.
int listSubmissions(const Assignment &assignment, const QStringList &positional, QList<Submission> &submissions)
{
    const QString folder = assignment.displayPath(QStringLiteral("submissions"));
    if (positional.size() > 1) {
        for (qsizetype i = 1; i < positional.size(); ++i) {
            // A student id of the assignment's submissions/ folder ("alice"), or a path to an entry of it.
            bool refused = false;
            Expected<Submission> s = submissionNamed(folder, positional.at(i), &refused);
            if (!s) { // a path that is no submission is a usage error (docs/grading.md); a student not there, bad input
                err() << "sandmark-cli: grade: " << s.error().toString() << Qt::endl;
                return refused ? ExitUsage : ExitBadInput;
            }
            submissions << *s;
        }
        return ExitOk;
    }
    Expected<QList<Submission>> found = discoverSubmissions(folder);
    if (!found) {
        return failWith(found.error());
    }
    submissions = *found;
    warnLookalikeIds(QStringLiteral("grade"), submissions);
    // Entries that are no submission (hidden folders and notebooks) are listed, never dropped silently.
    for (const auto &[name, why] : skippedSubmissionEntries(folder))
        err() << "sandmark-cli: note: grade: " << displayText(assignment.displayPath(QStringLiteral("submissions/") + name))
              << ": " << displayText(why) << Qt::endl;
    return ExitOk;
}

/// Names on stderr each submission that cannot be graded as it is, with its problem.
void noteSubmissionProblems(const Assignment &assignment, const QList<Submission> &submissions)
{
    for (const Submission &s : submissions) {
        // A problem set's folder holds several notebooks by design: the batch matches them (notebookmatch.h).
        if (s.problem.isEmpty() || (assignment.isProblemSet() && s.problem.startsWith(QLatin1String("ambiguous:"))))
            continue;
        // A student's folder is its own root; a notebook handed in as a file lies in its root.
        const QString where = s.root.isEmpty()                                ? s.studentId
                              : QFileInfo(s.root).fileName() == s.studentId ? s.root
                                                                              : QDir(s.root).filePath(s.studentId);
        err() << "sandmark-cli: " << where << ": " << s.problem << Qt::endl;
    }
}

/// Parses `grade`'s arguments, loads the assignment and lists the submissions (naming on stderr each that cannot
/// be graded as it is). An exit code when the command ends here (--help, bad usage or input).
std::variant<int, GradeRequest> readGradeRequest(const QStringList &args)
{
    QCommandLineParser parser;
    const GradeOptions o;
    o.addTo(parser);
    if (int rc = parseOrExit(parser, args, QStringLiteral("Grade a batch of submissions into the gradebook and print the grades."), -1);
        rc != ExitOk)
        return rc < 0 ? ExitOk : rc;
    const QStringList positional = parser.positionalArguments();
    if (positional.isEmpty()) {
        err() << "sandmark-cli: grade: expected ASSIGNMENT [SUBMISSION…] (see 'sandmark-cli grade --help')" << Qt::endl;
        return ExitUsage;
    }
    GradeRequest request;
    request.json = parser.isSet(o.json);
    request.dryRun = parser.isSet(o.dryRun);
    BatchOptions &opt = request.options;
    if (!readJobsOption(parser, o.jobs, QStringLiteral("grade"), opt.jobs))
        return ExitUsage;
    std::optional<Shard> slice;
    if (parser.isSet(o.shard)) {
        Expected<Shard> s = parseShard(parser.value(o.shard));
        if (!s) {
            err() << "sandmark-cli: grade: " << s.error().toString() << Qt::endl;
            return ExitUsage;
        }
        slice = *s;
    }
    std::optional<SandboxKind> kind;
    if (!readSandboxOption(parser, o.sandbox, kind))
        return ExitUsage;
    Expected<Assignment> assignment = Assignment::load(positional.at(0));
    if (!assignment) {
        return failWith(assignment.error());
    }
    opt.run = runOptionsFor(*assignment, commandLineRunChoices(kind, parser.value(o.datasets)));
    opt.force = parser.isSet(o.force);
    opt.gradebookPath = parser.isSet(o.gradebook) ? parser.value(o.gradebook) : Gradebook::defaultPath(assignment->folder());
    if (parser.isSet(o.gradebook) && !gradebookFolderExists(opt.gradebookPath))
        return ExitBadInput;
    if (const int rc = listSubmissions(*assignment, positional, request.submissions); rc != ExitOk)
        return rc;
    if (slice)
        request.submissions = shardOf(request.submissions, *slice);
    if (request.submissions.isEmpty() && !slice) {
        err() << "sandmark-cli: grade: no submissions to grade" << Qt::endl;
        return ExitBadInput;
    }
    noteSubmissionProblems(*assignment, request.submissions);
    request.assignment = std::move(*assignment);
    return request;
}

/// How a batch ended, as `grade` saw it.
struct BatchEnd
{
    std::optional<BatchSummary> summary; ///< none when the batch failed
    std::optional<Error> failure;
    BatchSummary counted;                ///< counted from its signals: the summary line of a failed batch
    QSet<QString> skipped;               ///< unchanged submissions
    QSet<QString> printed;               ///< --json: the submissions whose line was printed while it ran
    QSet<QString> finished;              ///< the submissions this batch recorded a result for
    bool interrupted = false;            ///< SIGINT or SIGTERM
    int jobs = 1;
};

/// The progress line `grade` keeps on a terminal (without --json): done of total, the estimate and what runs now.
struct ProgressLine
{
    bool shown = false; ///< stderr is a terminal and --json is not set
    QSet<QString> running;
    int total = 0;
    int done = 0;
    double eta = -1;

    void start(int n)
    {
        total = n;
        show();
    }
    void runs(const QString &id)
    {
        running.insert(id);
        show();
    }
    void advance(int d, double e)
    {
        done = d;
        eta = e;
        show();
    }
    void show() const
    {
        if (!shown)
            return;
        QStringList names(running.cbegin(), running.cend());
        names.sort();
        QString line = QStringLiteral("[%1/%2] %3%").arg(done).arg(total).arg(total > 0 ? 100 * done / total : 100);
        if (eta >= 0)
            line += QStringLiteral("  ETA %1").arg(duration(eta));
        if (!names.isEmpty())
            line += QStringLiteral("  running: ") + displayText(names.join(QLatin1String(", ")));
        if (line.size() > 100)
            line = line.left(99) + QChar(0x2026);
        err() << "\r\x1b[K" << line << Qt::flush;
    }
};

/// --json streams: one line per result the moment it is recorded (or skipped), read back from the gradebook, so a
/// pipeline can follow a long batch; the submissions not reached follow at the end (reportBatch()), then the summary line.
class JsonLines
{
public:
    JsonLines(const GradeRequest &request, Gradebook &reader, BatchEnd &end)
        : on_(request.json), reader_(reader), end_(end), current_(*request.assignment)
    {
    }

    void print(const QString &id)
    {
        if (!on_ || end_.printed.contains(id))
            return;
        Expected<std::optional<EffectiveGrade>> g = reader_.effectiveGrade(id);
        if (!g || !*g)
            return;
        EffectiveGrade grade = **g;
        grade.stale = current_.isStale(grade.runStatus, grade.filesHash, grade.inputsHash, grade.environmentKey);
        out() << QJsonDocument(toJson(grade, end_.skipped.contains(id))).toJson(QJsonDocument::Compact) << '\n' << Qt::flush;
        end_.printed.insert(id);
    }

private:
    bool on_;
    Gradebook &reader_;
    BatchEnd &end_;
    CurrentInputs current_;
};

/// Counts a recorded result by its status.
void countResult(BatchSummary &counted, GradeStatus status)
{
    switch (status) {
    case GradeStatus::Graded: ++counted.graded; break;
    case GradeStatus::NeedsManual: ++counted.needsManual; break;
    case GradeStatus::NeedsReview: ++counted.needsReview; break;
    case GradeStatus::GraderError: ++counted.graderErrors; break;
    }
}

/// The line a result gets on stderr when it is not a terminal (and --json is not set).
void printResultLine(const QString &id, const GradeResult &r)
{
    err() << "sandmark-cli: grade: " << displayText(id) << ": " << gradeStatusName(r.status)
          << (r.gradedScore() ? QStringLiteral(" %1/%2").arg(formatPoints(r.score), formatPoints(r.maxScore)) : QString())
          << Qt::endl;
}

/// Runs the batch to its end in an event loop: the progress line on a terminal, a line per result otherwise, or
/// with --json one JSON line per result the moment it is recorded (read back from `reader`). SIGINT and SIGTERM
/// cancel the batch; finished results are kept.
BatchEnd runBatch(const GradeRequest &request, Gradebook &reader)
{
    const bool json = request.json;
    const bool tty = ::isatty(STDERR_FILENO) == 1;
    BatchGrader grader(*request.assignment, request.submissions, request.options);
    BatchEnd end;
    end.jobs = grader.jobs();
    QEventLoop loop;
    ProgressLine progress;
    progress.shown = tty && !json;
    QObject::connect(&grader, &BatchGrader::message, &loop, [&](const QString &line) {
        if (progress.shown)
            err() << "\r\x1b[K" << displayText(line) << Qt::flush;
    });
    QObject::connect(&grader, &BatchGrader::started, &loop, [&](int n) { progress.start(n); });
    JsonLines lines(request, reader, end);
    QObject::connect(&grader, &BatchGrader::submissionSkipped, &loop, [&](const QString &id) {
        end.skipped.insert(id);
        lines.print(id);
    });
    QObject::connect(&grader, &BatchGrader::submissionStarted, &loop, [&](const QString &id) { progress.runs(id); });
    QElapsedTimer clock;
    clock.start();
    QObject::connect(&grader, &BatchGrader::submissionFinished, &loop, [&](const QString &id, const GradeResult &r) {
        progress.running.remove(id);
        end.finished.insert(id);
        lines.print(id);
        countResult(end.counted, r.status);
        if (!tty && !json)
            printResultLine(id, r);
    });
    QObject::connect(&grader, &BatchGrader::progress, &loop, [&](int d, int, double e) { progress.advance(d, e); });
    QObject::connect(&grader, &BatchGrader::finished, &loop, [&](const BatchSummary &s) {
        end.summary = s;
        loop.quit();
    });
    QObject::connect(&grader, &BatchGrader::failed, &loop, [&](const Error &e) {
        end.failure = e;
        loop.quit();
    });
    const InterruptWatch watch([&] {
        if (!end.interrupted)
            err() << (tty ? "\r\x1b[K" : "")
                  << "sandmark-cli: grade: interrupted; stopping the running sandboxes (finished results are kept)" << Qt::endl;
        end.interrupted = true;
        grader.cancel();
    });
    QMetaObject::invokeMethod(&grader, &BatchGrader::start, Qt::QueuedConnection);
    loop.exec();
    if (progress.shown)
        err() << "\r\x1b[K" << Qt::flush;
    end.counted.skipped = int(end.skipped.size());
    end.counted.seconds = clock.elapsed() / 1000.0;
    return end;
}

/// Whether a batch recorded a result (counted by status, as each is recorded).
bool recordedAny(const BatchSummary &counted)
{
    return counted.graded + counted.needsManual + counted.needsReview + counted.graderErrors > 0;
}

/// Prints the batch's submissions as the gradebook has them now (overrides included; the table, or the JSON lines
/// not yet printed and the summary line) and what the batch found, and returns `grade`'s exit code.
int reportBatch(const GradeRequest &request, Gradebook &reader, const BatchEnd &end)
{
    auto grades = reader.effectiveGrades();
    if (!grades) {
        printError(grades.error());
        if (request.json) // the summary line is always last (docs/grading.md), with the error
            out() << QJsonDocument(QJsonObject{{QStringLiteral("summary"),
                                                summaryJson(end.summary, end.counted, grades.error(), end.interrupted,
                                                            int(request.submissions.size()), 0, end.jobs)}})
                         .toJson(QJsonDocument::Compact)
                  << '\n' << Qt::flush;
        return ExitGraderError;
    }
    QSet<QString> selected;
    for (const Submission &s : std::as_const(request.submissions))
        selected.insert(s.studentId);
    QList<EffectiveGrade> shown;
    for (const EffectiveGrade &g : std::as_const(*grades))
        if (selected.contains(g.studentId))
            shown << g;
    // Rows of older runs (an interrupted batch, an edited assignment) are marked: graded under other inputs.
    markStale(shown, *request.assignment);
    const qsizetype staleCount = std::count_if(shown.cbegin(), shown.cend(), [](const EffectiveGrade &g) { return g.stale; });
    const std::optional<BatchSummary> &summary = end.summary;
    if (request.json) {
        // Those not reached (an interrupted or failed batch) keep their older result, then the summary.
        for (const EffectiveGrade &g : std::as_const(shown))
            if (!end.printed.contains(g.studentId))
                out() << QJsonDocument(toJson(g, end.skipped.contains(g.studentId))).toJson(QJsonDocument::Compact) << '\n';
        out() << QJsonDocument(QJsonObject{{QStringLiteral("summary"),
                                            summaryJson(summary, end.counted, end.failure, end.interrupted,
                                                        int(request.submissions.size()), int(staleCount), end.jobs)}})
                     .toJson(QJsonDocument::Compact)
              << '\n';
    } else if (!end.failure || recordedAny(end.counted)) {
        // A stopped batch's rows it did not reach show their earlier result, said so.
        QSet<QString> notReached;
        if (end.interrupted || (summary && summary->cancelled))
            for (const EffectiveGrade &g : std::as_const(shown))
                if (!end.finished.contains(g.studentId) && !end.skipped.contains(g.studentId))
                    notReached.insert(g.studentId);
        printTable(shown, end.skipped, notReached); // a batch that failed before recording anything has no table: only its error
    }
    out().flush();
    if (staleCount > 0 && !request.json && (!end.failure || recordedAny(end.counted)))
        err() << "sandmark-cli: grade: " << staleCount
              << " result(s) are STALE: graded under other checks, reference or limits than the assignment's current "
                 "ones (run the same command again to regrade them)"
              << Qt::endl;
    if (summary) {
        // The reference run's findings: a check nobody can be graded on, and errors it noted (a teaching cell).
        for (auto it = summary->brokenChecks.cbegin(); it != summary->brokenChecks.cend(); ++it)
            err() << "sandmark-cli: grade: the check '" << it.key() << "' was not graded for anyone (a grader error, not the "
                  << "students'): " << it.value() << Qt::endl;
        for (const QString &n : std::as_const(summary->referenceNotes))
            err() << "sandmark-cli: note: reference run: " << n << Qt::endl;
    }
    if (end.failure) {
        printError(*end.failure);
        return ExitGraderError;
    }
    if (end.interrupted || (summary && summary->cancelled)) {
        // With --force the same command would regrade those finished before the stop too: resume without it.
        err() << "sandmark-cli: grade: stopped; " << (summary ? summary->notRun : 0) << " submission(s) not graded "
              << (request.options.force ? "(run it again without --force to finish: --force would grade the finished ones again too)"
                                        : "(run the same command again to finish)")
              << Qt::endl;
        return ExitInterrupted;
    }
    // Grader errors (exit 3, README "Exit codes"): the submissions whose run failed on the grader's side, and the
    // checks the reference run found broken (not graded for anyone). The summary counts both, as the exit code does.
    const int graderErrors = summary ? summary->graderErrors + int(summary->brokenChecks.size()) : 0;
    if (summary && !request.json) {
        QString errors = QStringLiteral("%1 grader error(s)").arg(graderErrors);
        if (!summary->brokenChecks.isEmpty())
            errors += QStringLiteral(" (%1 submission(s), %2 broken check(s) not graded for anyone: %3)")
                          .arg(summary->graderErrors)
                          .arg(summary->brokenChecks.size())
                          .arg(summary->brokenChecks.keys().join(QLatin1String(", ")));
        err() << "sandmark-cli: grade: " << summary->graded << " graded, " << summary->needsManual
              << " await manual grading, " << summary->needsReview << " need review, "
              << errors << ", " << summary->skipped
              << (summary->skipped > 0 ? " unchanged (same files, assignment and backend; --force regrades them); " : " unchanged; ")
              << QStringLiteral("regraded %1 from stored values%2, %3 run; ")
                     .arg(summary->regraded)
                     .arg(summary->regraded > 0 ? QStringLiteral(" (only the checks' grading changed; --force runs them)") : QString())
                     .arg(summary->ran)
              << (summary->cannotRun > 0 ? QStringLiteral("%1 cannot run (recorded without a sandbox: a notebook that does not "
                                                          "parse or is not matched needs review, one that cannot be opened "
                                                          "is a grader error); ")
                                                   .arg(summary->cannotRun)
                                             : QString())
              << QString::number(summary->seconds, 'f', 1) << " s with " << end.jobs << " job(s)" << Qt::endl;
    }
    return graderErrors > 0 ? ExitGraderError : ExitOk;
}

} // namespace

int cmdGrade(const QStringList &args)
{
    std::variant<int, GradeRequest> read = readGradeRequest(args);
    if (const int *rc = std::get_if<int>(&read))
        return *rc;
    const GradeRequest &request = std::get<GradeRequest>(read);
    if (request.dryRun) {
        if (request.options.force) {
            err() << "sandmark-cli: grade: --dry-run and --force exclude each other (--force runs everything)" << Qt::endl;
            return ExitUsage;
        }
        return printDryRun(*request.assignment, request.submissions, request.options, request.json);
    }
    // A gradebook folder that cannot be written (a read-only assignment folder, a full disk) is the grader's
    // machine's problem, not bad input: exit 3 naming the folder, before anything runs.
    const QString gradebookFolder = QFileInfo(request.options.gradebookPath).absolutePath();
    if (Expected<void> writable = paths::checkWritableFolder(gradebookFolder); !writable) {
        printError(Error{writable.error().file, {}, writable.error().message + QStringLiteral(" (the gradebook goes there)")});
        return ExitGraderError;
    }
    // Opened early to fail with the gradebook's own message; with --json it reads each result as it is recorded.
    auto reader = Gradebook::open(request.options.gradebookPath);
    if (!reader) {
        printError(reader.error());
        if (request.json) // the summary line is always last (docs/grading.md): nothing ran, and why
            out() << QJsonDocument(QJsonObject{{QStringLiteral("summary"),
                                                summaryJson(std::nullopt, BatchSummary{}, reader.error(), false,
                                                            int(request.submissions.size()), 0, 0)}})
                         .toJson(QJsonDocument::Compact)
                  << '\n' << Qt::flush;
        // The disk may have filled up meanwhile, or another program holds it locked; else the file is not a
        // (readable) gradebook: bad input.
        return paths::checkWritableFolder(gradebookFolder) ? exitCodeFor(reader.error()) : ExitGraderError;
    }
    warnIfUnsafe(request.options.run, QStringLiteral("notebooks"));
    const BatchEnd end = runBatch(request, **reader);
    return reportBatch(request, **reader, end);
}

} // namespace sandmark::cli
