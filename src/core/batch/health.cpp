#include "batch/health.h"

#include "sandbox/registry.h"
#include "util/json_p.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <limits>

namespace sandmark {

namespace {

// The report's texts: translated in the app (context "sandmark::Health"), English in the CLI.
class Health
{
    Q_DECLARE_TR_FUNCTIONS(sandmark::Health)
};

using State = HealthItem::State;

constexpr double kSlowSubmissionS = 60;
constexpr qint64 kBigDataBytes = 200LL * 1024 * 1024;

QString seconds(double s)
{
    return QLocale().toString(s, 'f', 1);
}

/// "256 MiB", "316.7 MiB", "4 GiB": one decimal, none when it is 0.
QString memorySize(qint64 bytes)
{
    const QLocale l;
    return l.formattedDataSize(bytes, 1).replace(l.decimalPoint() + QStringLiteral("0 "), QStringLiteral(" "));
}

HealthItem sandboxItem(const HealthInputs &in)
{
    HealthItem item{QStringLiteral("sandbox"), Health::tr("Sandbox self-test"), State::Pending, {}, {}};
    if (!in.doctor) {
        item.detail = Health::tr("Running the sandbox self-test for %1…").arg(in.backend);
        return item;
    }
    const DoctorReport &report = *in.doctor;
    const auto failed = std::find_if(report.checks.cbegin(), report.checks.cend(), [](const DoctorCheck &c) { return !c.ok; });
    if (sandboxNameIsUnsafe(report.backend)) {
        item.state = State::Warning;
        item.detail = Health::tr("local-unsafe starts but isolates nothing (UNSAFE).");
        item.fix = Health::tr("Choose bwrap or docker (Preferences, or --sandbox) before grading submissions.");
    } else if (failed != report.checks.cend()) {
        item.state = State::Failed;
        item.detail = Health::tr("%1: %2 — %3").arg(report.backend, failed->name, failed->detail);
        item.fix = failed->fix.isEmpty() ? Health::tr("Tools → Sandbox Self-Test (sandmark-cli doctor) shows every check.")
                                         : failed->fix;
    } else {
        item.state = State::Ok;
        item.detail = Health::tr("%1 passed all %n check(s) of the self-test.", nullptr, int(report.checks.size()))
                          .arg(report.backend);
    }
    return item;
}

HealthItem assignmentItem(const HealthInputs &in)
{
    int errors = 0;
    for (const Problem &p : in.problems)
        errors += p.severity == Problem::Severity::Error ? 1 : 0;
    const int warnings = int(in.problems.size()) - errors;
    return {QStringLiteral("assignment"), Health::tr("assignment.json and notebooks"),
            errors ? State::Failed : warnings ? State::Warning : State::Ok,
            Health::tr("%n error(s)", nullptr, errors) + QLatin1String(", ") + Health::tr("%n warning(s)", nullptr, warnings),
            in.problems.isEmpty() ? QString()
                                  : Health::tr("Each problem names its field (Problems panel, or sandmark-cli validate).")};
}

HealthItem checksItem(const HealthInputs &in)
{
    HealthItem item{QStringLiteral("checks"), Health::tr("Checks"), in.checks == 0 ? State::Warning : State::Ok,
                    Health::tr("%n check(s), %1 points in total", nullptr, in.checks).arg(QLocale().toString(in.maxPoints, 'g', 6)),
                    in.checks == 0 ? Health::tr("Add checks (Checks page, or sandmark-cli checks add); without them every "
                                                "submission scores 0 of 0.")
                                   : QString()};
    // A check the solution itself fails cannot grade anyone: named, with the reference's error.
    if (in.reference && in.reference->ok && !in.reference->brokenChecks.isEmpty()) {
        QStringList broken;
        for (auto it = in.reference->brokenChecks.cbegin(); it != in.reference->brokenChecks.cend(); ++it)
            broken << Health::tr("checks '%1': %2").arg(it.key(), it.value());
        item.state = State::Failed;
        item.detail += QLatin1String("; ") + Health::tr("%n fail(s) on the instructor notebook: ", nullptr, int(broken.size()))
                       + broken.join(QLatin1String("; "));
        item.fix = Health::tr("Fix each named check or the solution, then run the reference again. Until then such a "
                              "check is not graded for anyone (a grader error, never charged to a student); the other "
                              "checks are graded.");
    }
    return item;
}

HealthItem dataSizeItem(const HealthInputs &in)
{
    const bool big = in.dataBytes > kBigDataBytes;
    return {QStringLiteral("data-size"), Health::tr("Supplied data size"), big ? State::Warning : State::Ok,
            Health::tr("%n file(s), %1 in total", nullptr, in.dataFiles).arg(QLocale().formattedDataSize(in.dataBytes)),
            big ? Health::tr("Large supplied files slow every run; consider a smaller sample for grading.") : QString()};
}

HealthItem datasetsItem(const HealthInputs &in)
{
    HealthItem item{QStringLiteral("datasets"), Health::tr("Dataset cache complete"), State::Ok, {}, {}};
    if (in.requiredDatasets == 0) {
        item.detail = Health::tr("No required datasets listed.");
    } else if (!in.missingDatasets) {
        item.state = State::Pending;
        item.detail = Health::tr("Not checked yet.");
        item.fix = Health::tr("Data page → Check Cache (or sandmark-cli datasets check).");
    } else if (*in.missingDatasets > 0) {
        item.state = State::Failed;
        item.detail = Health::tr("%n of %1 file(s) missing from the cache", nullptr, *in.missingDatasets).arg(in.requiredDatasets);
        item.fix = Health::tr("Warm the cache (Data page → Warm Cache, or sandmark-cli datasets warm); files behind a "
                              "login need the Hub token.");
    } else {
        item.detail = Health::tr("All %n file(s) in the cache", nullptr, in.requiredDatasets);
    }
    return item;
}

HealthItem limitsItem(const HealthInputs &in)
{
    const Limits &l = in.limits;
    HealthItem item{QStringLiteral("limits"), Health::tr("Limits"), State::Ok,
                    Health::tr("%1 s per run, %2 s per cell, %3 memory")
                        .arg(QLocale().toString(l.wallTimeoutS), QLocale().toString(l.cellTimeoutS),
                             QLocale().formattedDataSize(l.memoryBytes)),
                    {}};
    if (in.reference && in.reference->ok && in.reference->timing && in.reference->timing->notebooks.size() > 1) {
        // A problem set: limits.timeout_s holds each notebook, limits.set_timeout_s all of them together.
        const ReferenceTiming &t = *in.reference->timing;
        const auto slowest = std::max_element(t.notebooks.cbegin(), t.notebooks.cend(),
                                              [](const NotebookTiming &a, const NotebookTiming &b) { return a.seconds < b.seconds; });
        const double set = setTimeoutFor(l, t.notebooks.size());
        item.detail += QLatin1String("; ")
                       + Health::tr("the reference run's slowest notebook, %1, used %2 s (%3 % of the run limit, which "
                                    "holds each notebook); its %n notebook(s) together used %4 s (%5 % of the problem "
                                    "set's limit of %6 s)",
                                    nullptr, int(t.notebooks.size()))
                             .arg(slowest->notebook, seconds(slowest->seconds),
                                  QLocale().toString(100 * slowest->seconds / l.wallTimeoutS, 'f', 0), seconds(t.durationS),
                                  QLocale().toString(100 * t.durationS / set, 'f', 0), QLocale().toString(set));
        if (slowest->seconds > l.wallTimeoutS / 2 || t.durationS > set / 2) {
            item.state = State::Warning;
            item.fix = Health::tr("Student code is often slower than the solution: raise limits.timeout_s (each notebook) "
                                  "and limits.set_timeout_s (the notebooks together) to at least twice the reference "
                                  "run's times, or make the notebooks faster.");
        }
    } else if (in.reference && in.reference->ok && in.reference->timing) {
        const double d = in.reference->timing->durationS;
        item.detail += QLatin1String("; ") + Health::tr("the reference run used %1 s (%2 % of the run limit)")
                                                 .arg(seconds(d), QLocale().toString(100 * d / l.wallTimeoutS, 'f', 0));
        if (d > l.wallTimeoutS / 2) {
            item.state = State::Warning;
            item.fix = Health::tr("Student code is often slower than the solution: raise limits.timeout_s to at least "
                                  "twice the reference run, or make the notebook faster.");
        }
    }
    return item;
}

HealthItem environmentItem(const HealthInputs &in)
{
    HealthItem item{QStringLiteral("environment"), Health::tr("Environment built"), State::Pending,
                    Health::tr("Not checked yet."),
                    Health::tr("Run the reference (Checks page → Run Reference) to build the environment.")};
    const QString addModule = Health::tr("Add the package that provides each to \"dependencies\" in assignment.json (its "
                                         "pip name, often the module's), then run the reference again.");
    QStringList missing = in.reference ? in.reference->missingModules : QStringList();
    if (in.imports && !in.imports->missingModule.isEmpty() && !missing.contains(in.imports->missingModule))
        missing << in.imports->missingModule;
    if (!missing.isEmpty()) {
        item.state = State::Failed;
        item.detail = Health::tr("The environment lacks the module(s) %1.").arg(missing.join(QLatin1String(", ")));
        item.fix = addModule;
        return item;
    }
    if (in.imports && !in.imports->ok) {
        // The imports fail under the assignment's limits: every submission would fail the same way.
        const ImportsCheckResult &r = *in.imports;
        item.state = State::Failed;
        const QString what = r.failedStatement.isEmpty() ? Health::tr("The kernel does not start under the limits (%1)").arg(r.error)
                                                         : Health::tr("`%1` fails under the limits (%2)").arg(r.failedStatement, r.error);
        if (r.memoryTooSmall) {
            // Room for the imports and as much again for the students' code, in steps of 256 MiB.
            const qint64 step = 256LL << 20;
            const qint64 need = r.peakBytes ? (*r.peakBytes * 2 + step - 1) / step * step : r.triedBytes;
            item.detail = Health::tr("%1, and runs with %2 of memory: the memory limit of %3 is too small for the "
                                     "environment's imports%4.")
                              .arg(what, memorySize(r.triedBytes), memorySize(r.limitBytes),
                                   r.peakBytes ? Health::tr(" (they take %1 of address space)").arg(memorySize(*r.peakBytes))
                                               : QString());
            item.fix = Health::tr("Raise limits.memory_bytes in assignment.json to at least %1 (%2 bytes); a correct "
                                  "answer fails under the current limit.")
                           .arg(memorySize(need))
                           .arg(need);
        } else {
            item.detail = what + QLatin1Char('.');
            item.fix = Health::tr("Fix the environment (assignment.json \"dependencies\", \"python\") until the "
                                  "instructor notebook's imports run in the sandbox.");
        }
        return item;
    }
    if (in.reference && in.reference->ok) {
        item.state = State::Ok;
        item.detail = Health::tr("Ready.");
        item.fix.clear();
    }
    if (in.imports) {
        const ImportsCheckResult &r = *in.imports;
        item.state = item.state == State::Pending ? State::Ok : item.state;
        item.fix.clear();
        item.detail = r.peakBytes ? Health::tr("Ready; the notebook's %n import(s) start under the limits, taking %1 of "
                                               "the %2 of address space.", nullptr, int(r.statements.size()))
                                        .arg(memorySize(*r.peakBytes), memorySize(r.limitBytes))
                                  : Health::tr("Ready; the notebook's %n import(s) start under the limits.", nullptr,
                                               int(r.statements.size()));
        if (r.peakBytes && *r.peakBytes > r.limitBytes * 3 / 4) {
            item.state = State::Warning;
            item.fix = Health::tr("Little room is left for the students' code: raise limits.memory_bytes in "
                                  "assignment.json.");
        }
    }
    return item;
}

HealthItem referenceItem(const HealthInputs &in)
{
    HealthItem item{QStringLiteral("reference"), Health::tr("Reference run"), State::Pending, Health::tr("Not run yet."),
                    Health::tr("Run the reference (Checks page → Run Reference); it is cached until the notebook, data, "
                               "environment or checks change.")};
    if (!in.reference)
        return item;
    const HealthInputs::Reference &r = *in.reference;
    if (!r.ok) {
        item.state = State::Failed;
        item.detail = r.message;
        item.fix = Health::tr("The instructor notebook must run cleanly in the sandbox: fix the cell named above.");
        return item;
    }
    item.state = State::Ok;
    item.fix.clear();
    if (r.timing)
        item.detail = r.cached ? Health::tr("Succeeded in %1 s (cached result).").arg(seconds(r.timing->durationS))
                               : Health::tr("Succeeded in %1 s.").arg(seconds(r.timing->durationS));
    else
        item.detail = Health::tr("Succeeded (cached result).");
    // Errors of cells that are neither answers nor tests (teaching examples) are notes, not failures; an untagged
    // one may be a mistake, so it is a warning.
    if (!r.notes.isEmpty())
        item.detail += QLatin1Char(' ') + Health::tr("Noted, not failures: %1.").arg(r.notes.join(QLatin1String("; ")));
    if (r.untaggedNotes > 0) {
        item.state = State::Warning;
        item.fix = Health::tr("A cell that raises on purpose can be tagged raises-exception (Jupyter's convention); "
                              "otherwise fix it. Its error is not a failure, but names it leaves undefined cannot be "
                              "checked.");
    }
    return item;
}

// "part2.ipynb " before a problem set's cell place; nothing for a single notebook's.
QString inNotebook(const CellTiming &cell)
{
    return cell.notebook.isEmpty() ? QString() : cell.notebook + QLatin1Char(' ');
}

HealthItem slowestCellsItem(const HealthInputs &in)
{
    HealthItem item{QStringLiteral("slowest-cells"), Health::tr("Slowest cells against the cell limit"), State::Pending,
                    Health::tr("Known after the reference run."), {}};
    if (!in.reference || !in.reference->ok)
        return item;
    if (!in.reference->timing) {
        item.detail = Health::tr("Not known for a cached result from an older version; run the reference again.");
        return item;
    }
    const QList<CellTiming> &cells = in.reference->timing->cells;
    const double limit = in.limits.cellTimeoutS;
    QStringList shown;
    for (qsizetype i = 0; i < qMin<qsizetype>(3, cells.size()); ++i)
        shown << inNotebook(cells.at(i)) + Health::tr("cells[%1] %2 s").arg(cells.at(i).index).arg(seconds(cells.at(i).seconds));
    const double slowest = cells.isEmpty() ? 0 : cells.first().seconds;
    item.detail = cells.isEmpty() ? Health::tr("No code cells ran.")
                                  : Health::tr("%1 (limit %2 s per cell)").arg(shown.join(QLatin1String(", ")), seconds(limit));
    if (slowest >= limit) {
        item.state = State::Failed;
        item.fix = inNotebook(cells.first()) + Health::tr("cells[%1] reaches the per-cell limit already in the solution: raise "
                              "limits.cell_timeout_s or make that cell faster.")
                       .arg(cells.first().index);
    } else if (slowest > limit / 2) {
        item.state = State::Warning;
        item.fix = inNotebook(cells.first()) + Health::tr("cells[%1] uses over half the per-cell limit; students' slower code will time out. Raise "
                              "limits.cell_timeout_s or make that cell faster.")
                       .arg(cells.first().index);
    } else {
        item.state = State::Ok;
    }
    return item;
}

HealthItem batchItem(const HealthInputs &in)
{
    HealthItem item{QStringLiteral("batch-time"), Health::tr("Batch grading time at the current parallelism"),
                    State::Pending, Health::tr("%n sandbox(es) at once", nullptr, in.jobs),
                    Health::tr("Grade a few submissions, or run the reference, to estimate the time per submission.")};
    double perSubmission = 0;
    QString basis;
    bool lowerBound = false;
    const std::optional<ReferenceTiming> &timing = in.reference && in.reference->ok ? in.reference->timing : std::nullopt;
    if (in.secondsPerSubmission && *in.secondsPerSubmission > 0) {
        perSubmission = *in.secondsPerSubmission;
        basis = Health::tr("measured on graded submissions");
    } else if (timing && timing->runS > 0) {
        // What a submission's run costs is the whole run, not the notebook's cells: each submission starts a sandbox
        // and a kernel of its own (often most of the time), as the reference run did.
        const ReferenceTiming &t = *timing;
        perSubmission = t.runS;
        const auto notebooks = int(t.notebooks.size());
        const QString parts = Health::tr("%1 s kernel start-up, %2 s cells and checks, %3 s sandbox and run set-up")
                                  .arg(seconds(t.kernelStartS), seconds(t.durationS),
                                       seconds(qMax(0.0, t.runS - t.kernelStartS - t.durationS)));
        basis = notebooks > 1 ? Health::tr("the reference run of its %n notebook(s): %1", nullptr, notebooks).arg(parts)
                              : Health::tr("the reference run: %1").arg(parts);
    } else if (timing && timing->durationS > 0) {
        // A timing cached by an older version has the cells' time only: a lower bound, said as one.
        perSubmission = timing->durationS; // every notebook of a problem set
        lowerBound = true;
        basis = Health::tr("the reference run's cells and checks only: its cached timing, from an older version, lacks "
                           "the kernel start-up and the sandbox, which often take most of a run");
    } else {
        return item;
    }
    const int jobs = qMax(1, in.jobs);
    const double totalMinutes = perSubmission * in.submissions / jobs / 60;
    const bool slow = perSubmission > kSlowSubmissionS;
    item.state = slow ? State::Warning : State::Ok;
    item.detail = (lowerBound ? Health::tr("at least %1 s per submission (%2); %n submission(s) take at least %3 min with %4 at once",
                                           nullptr, in.submissions)
                              : Health::tr("%1 s per submission (%2); %n submission(s) take about %3 min with %4 at once",
                                           nullptr, in.submissions))
                      .arg(seconds(perSubmission), basis, QLocale().toString(totalMinutes, 'f', 1))
                      .arg(jobs);
    // The typical time is not the bound: a notebook stuck in a loop runs until its time limit.
    const int notebooks = timing ? int(qMax<qsizetype>(1, timing->notebooks.size())) : 1;
    const double limit = notebooks > 1 ? setTimeoutFor(in.limits, notebooks) : in.limits.wallTimeoutS;
    // The time limit holds the cells and checks; the start-up comes before its clock starts.
    const double startUp = timing && timing->runS > 0 ? qMax(0.0, timing->runS - timing->durationS) : 0;
    const double worstPerSubmission = limit + startUp;
    if (worstPerSubmission > perSubmission)
        item.detail += (startUp > 0 ? Health::tr("; at most %1 min if every submission ran to its time limit (%2 s each, "
                                                 "with the start-up)")
                                    : Health::tr("; at most %1 min if every submission ran to its time limit (%2 s each)"))
                           .arg(QLocale().toString(worstPerSubmission * in.submissions / jobs / 60, 'f', 1), seconds(worstPerSubmission));
    item.fix = slow ? Health::tr("Over a minute per submission: make the notebook's slowest cells faster or use smaller "
                                 "data for grading.")
                    : QString();
    return item;
}

} // namespace

namespace {

// The record's executed code cells, named `notebook`. Injected cells (probes, tests) have no index: they are
// Sandmark's, not the notebook's.
QList<CellTiming> cellTimes(const ExecutionRecord &record, const QString &notebook)
{
    QList<CellTiming> out;
    for (const CellRecord &c : record.cells()) {
        if (c.index && c.durationS)
            out.append({*c.index, *c.durationS, notebook.isEmpty() ? c.notebook : notebook});
    }
    return out;
}

/// A number of `j` at `key` as QJsonValue::toDouble() reads it: the number, else 0.
double numberAt(const nlohmann::json &j, const char *key)
{
    const nlohmann::json v = j.is_object() && j.contains(key) ? j.at(key) : nlohmann::json();
    return v.is_number() ? v.get<double>() : 0;
}

/// The cells of a stored ReferenceTiming (ReferenceTiming::toJsonText(): an execution record's keys): those with a
/// numeric index and a duration; an index that is not an integral int reads as -1, as QJsonValue::toInt(-1).
QList<CellTiming> storedCellTimes(const nlohmann::json &timing)
{
    QList<CellTiming> out;
    for (const nlohmann::json &c : jsonutil::arrayOr(timing, "cells")) {
        if (!c.is_object() || !c.contains("index") || !c.at("index").is_number() || !c.contains("duration_s"))
            continue;
        const double index = c.at("index").get<double>();
        const bool isInt = std::trunc(index) == index && index >= std::numeric_limits<int>::min()
                           && index <= std::numeric_limits<int>::max();
        out.append({isInt ? int(index) : -1, numberAt(c, "duration_s"), QString::fromStdString(jsonutil::stringOr(c, "notebook"))});
    }
    return out;
}

void sortSlowestFirst(QList<CellTiming> &cells)
{
    std::stable_sort(cells.begin(), cells.end(), [](const CellTiming &a, const CellTiming &b) { return a.seconds > b.seconds; });
}

} // namespace

QString CellTiming::place() const
{
    const QString cell = QStringLiteral("cells[%1]").arg(index);
    return notebook.isEmpty() ? cell : notebook + QLatin1Char(' ') + cell;
}

ReferenceTiming ReferenceTiming::fromRecord(const ExecutionRecord &record)
{
    ReferenceTiming t;
    t.durationS = record.durationS();
    t.cells = cellTimes(record, {});
    sortSlowestFirst(t.cells);
    return t;
}

void ReferenceTiming::addKernelStart(const QList<profile::RunnerStage> &profile)
{
    for (const profile::RunnerStage &span : profile)
        if (span.stage == QLatin1String("kernel-start") || span.stage == QLatin1String("kernel-preimport"))
            kernelStartS += qMax(0.0, span.end - span.start);
}

void ReferenceTiming::addNotebook(const QString &notebook, const ExecutionRecord &record, double fallbackS)
{
    double seconds = record.durationS();
    if (seconds <= 0)
        seconds = fallbackS;
    durationS += seconds;
    notebooks.append({notebook, seconds});
    cells += cellTimes(record, notebook);
    sortSlowestFirst(cells);
}

QByteArray ReferenceTiming::toJsonText() const
{
    nlohmann::json cellArray = nlohmann::json::array();
    for (const CellTiming &c : cells) {
        nlohmann::json o{{"index", c.index}, {"duration_s", c.seconds}};
        if (!c.notebook.isEmpty())
            o["notebook"] = c.notebook.toStdString();
        cellArray.push_back(std::move(o));
    }
    nlohmann::json out{{"duration_s", durationS}, {"cells", std::move(cellArray)}};
    if (runS > 0)
        out["run_s"] = runS;
    if (kernelStartS > 0)
        out["kernel_start_s"] = kernelStartS;
    if (!notebooks.isEmpty()) {
        nlohmann::json parts = nlohmann::json::array();
        for (const NotebookTiming &n : notebooks)
            parts.push_back({{"notebook", n.notebook.toStdString()}, {"duration_s", n.seconds}});
        out["notebooks"] = std::move(parts);
    }
    return QByteArray::fromStdString(jsonutil::qtCompact(out));
}

std::optional<ReferenceTiming> ReferenceTiming::fromJsonText(const QByteArray &text)
{
    const Expected<nlohmann::json> doc = jsonutil::parse<nlohmann::json>(text, QString());
    if (!doc || !doc->is_object())
        return std::nullopt;
    const nlohmann::json &o = *doc;
    ReferenceTiming t; // the same keys as an execution record, each cell with its notebook
    t.durationS = numberAt(o, "duration_s");
    t.cells = storedCellTimes(o);
    sortSlowestFirst(t.cells);
    t.runS = numberAt(o, "run_s");
    t.kernelStartS = numberAt(o, "kernel_start_s");
    for (const nlohmann::json &v : jsonutil::arrayOr(o, "notebooks"))
        t.notebooks.append({QString::fromStdString(jsonutil::stringOr(v, "notebook")), numberAt(v, "duration_s")});
    return t;
}

QString healthStateName(HealthItem::State state)
{
    switch (state) {
    case State::Ok:
        return QStringLiteral("ok");
    case State::Warning:
        return QStringLiteral("warning");
    case State::Failed:
        return QStringLiteral("failed");
    case State::Pending:
        break;
    }
    return QStringLiteral("pending");
}

QList<HealthItem> assessHealth(const HealthInputs &in)
{
    return {sandboxItem(in),      assignmentItem(in), checksItem(in),  dataSizeItem(in),     datasetsItem(in),
            limitsItem(in),       environmentItem(in), referenceItem(in), slowestCellsItem(in), batchItem(in)};
}

} // namespace sandmark
