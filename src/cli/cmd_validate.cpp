// sandmark-cli validate ASSIGNMENT [--health [--sandbox NAME] [--jobs N] [--dataset-cache DIR] [--json]]
#include "assignment/validate.h"
#include "checks/registry.h"
#include "batch/batchgrader.h"
#include "batch/health.h"
#include "batch/importscheck.h"
#include "batch/referencerun.h"
#include "batch/submissions.h"
#include "cli_util.h"
#include "commands.h"
#include "datasets/datasetentry.h"
#include "datasets/hubcache.h"
#include "gradebook/gradebook.h"
#include "sandbox/doctor.h"
#include "util/paths.h"

#include <QEventLoop>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace sandmark::cli {

namespace {

struct HealthOptions
{
    RunChoices choices; ///< --sandbox, --dataset-cache
    int jobs = 0;       ///< <= 0: defaultJobs()
    bool json = false;
};

// Mean wall-clock time of the submissions' latest runs that ran (grader errors left out); unset without any.
std::optional<double> measuredSecondsPerSubmission(const Assignment &a)
{
    const QString path = Gradebook::defaultPath(a.folder());
    if (!QFileInfo::exists(path))
        return std::nullopt;
    auto gb = Gradebook::open(path);
    if (!gb)
        return std::nullopt;
    // The summaries (latest run per student, what the app's table reads), not every check row.
    auto grades = (*gb)->gradeSummaries();
    if (!grades)
        return std::nullopt;
    double sum = 0;
    int n = 0;
    for (const GradeSummary &g : std::as_const(*grades))
        if (g.status != GradeStatus::GraderError && g.durationS > 0) {
            sum += g.durationS;
            ++n;
        }
    return n ? std::optional<double>(sum / n) : std::nullopt;
}

/// What the health report needs that is on disk (no sandbox): `problems` (validation's), the assignment's checks, data files, limits,
/// datasets (and how many the cache runs would bind lacks), submissions, jobs and the measured pace.
HealthInputs healthInputsOnDisk(const Assignment &a, const QList<Problem> &problems, const HealthOptions &opt,
                                const SubmissionRunOptions &run)
{
    HealthInputs in;
    in.backend = sandboxKindName(run.kind);
    in.problems = problems;
    in.checks = int(a.checks().size());
    in.maxPoints = a.maxPoints();
    for (const DataFile &d : a.dataFiles()) {
        ++in.dataFiles;
        in.dataBytes += QFileInfo(a.absolute(d.path)).size();
    }
    in.limits = a.limits();
    in.requiredDatasets = int(a.requiredDatasets().size());
    if (in.requiredDatasets > 0) {
        if (auto entries = parseDatasetEntries(a.requiredDatasets(), a.jsonPath())) {
            // The cache runs would bind, checked even when it does not exist yet.
            const HubCache hub(opt.choices.datasetCache.isEmpty() ? opt.choices.defaultDatasetCache
                                                                  : QFileInfo(opt.choices.datasetCache).absoluteFilePath());
            int missing = 0;
            for (const DatasetEntry &e : std::as_const(*entries))
                missing += hub.resolveOffline(e).isEmpty() ? 1 : 0;
            in.missingDatasets = missing;
        }
    }
    if (auto found = discoverSubmissions(a.absolute(QStringLiteral("submissions"))))
        in.submissions = int(found->size());
    in.jobs = opt.jobs > 0 ? opt.jobs : defaultJobs(a.limits());
    in.secondsPerSubmission = measuredSecondsPerSubmission(a);

    return in;
}

/// The health report of `items` (assessHealth()), as a table with fixes or as JSON; `failed`: one item failed.
void printHealthReport(const Assignment &a, const HealthInputs &in, const QList<HealthItem> &items, bool failed, bool asJson)
{
    if (asJson) {
        QJsonArray rows;
        for (const HealthItem &i : items)
            rows << QJsonObject{{QStringLiteral("id"), i.id}, {QStringLiteral("title"), i.title},
                                {QStringLiteral("state"), healthStateName(i.state)}, {QStringLiteral("detail"), i.detail},
                                {QStringLiteral("fix"), i.fix}};
        out() << QJsonDocument(QJsonObject{{QStringLiteral("assignment"), a.slug()},
                                           {QStringLiteral("backend"), in.backend},
                                           {QStringLiteral("ok"), !failed},
                                           {QStringLiteral("items"), rows}})
                     .toJson();
    } else {
        out() << "health of " << a.slug() << " (" << in.backend << ", " << in.jobs << " sandbox(es) at once)\n";
        qsizetype width = 0;
        for (const HealthItem &i : items)
            width = std::max(width, i.title.size());
        for (const HealthItem &i : items) {
            out() << "  " << healthStateName(i.state).toUpper().leftJustified(8) << i.title.leftJustified(width) << "  "
                  << i.detail << '\n';
            if (!i.fix.isEmpty()) // a fix with alternatives has one per line ("or: ...")
                out() << "          fix: " << QString(i.fix).replace(QLatin1Char('\n'), QLatin1String("\n          ")) << '\n';
        }
        out() << (failed ? "NOT READY: fix the FAILED items\n" : "ready to publish\n");
    }
}

// Runs the sandbox self-test and the reference run side by side, gathers the rest, prints the report.
int printHealth(const Assignment &a, const QList<Problem> &problems, const HealthOptions &opt)
{
    const SubmissionRunOptions run = runOptionsFor(a, opt.choices);
    HealthInputs in = healthInputsOnDisk(a, problems, opt, run);
    DoctorOptions doctorOptions;
    doctorOptions.limits = a.limits();
    doctorOptions.dockerImage = run.dockerImage;
    Doctor doctor(run.kind, doctorOptions);
    ReferenceRunOptions referenceOptions;
    referenceOptions.run = run;
    ReferenceRun reference(a, referenceOptions);
    // The notebook's imports under the assignment's limits (a memory limit too small for numpy, a missing module).
    ImportsCheck imports(a, run);
    QEventLoop loop;
    int pending = 3;
    const auto done = [&] {
        if (--pending == 0)
            loop.quit();
    };
    QObject::connect(&doctor, &Doctor::finished, &loop, [&](const DoctorReport &r) {
        in.doctor = r;
        done();
    });
    QObject::connect(&reference, &ReferenceRun::finished, &loop, [&](const QByteArray &, const QString &) {
        in.reference = referenceHealth(reference, std::nullopt);
        done();
    });
    QObject::connect(&reference, &ReferenceRun::failed, &loop, [&](const Error &e) {
        in.reference = referenceHealth(reference, e);
        done();
    });
    QObject::connect(&imports, &ImportsCheck::finished, &loop, [&](const ImportsCheckResult &r) {
        in.imports = r;
        done();
    });
    QObject::connect(&imports, &ImportsCheck::failed, &loop, [&](const Error &e) {
        // Not a finding about the assignment (no Python to scan with, a sandbox that failed): said, not shown.
        if (!opt.json)
            err() << "sandmark-cli: warning: the imports could not be checked: " << e.toString() << Qt::endl;
        done();
    });
    if (!opt.json)
        err() << "sandmark-cli: running the sandbox self-test, the reference run and the notebook's imports under the "
                 "limits…"
              << Qt::endl;
    // Ctrl-C stops the sandboxes (the doctor's probe is short and ends on its own).
    const InterruptWatch watch([&] {
        reference.cancel();
        imports.cancel();
    });
    doctor.start();
    reference.start();
    imports.start();
    loop.exec();
    if (watch.interrupted()) {
        err() << "sandmark-cli: validate: interrupted" << Qt::endl;
        return ExitInterrupted;
    }

    const QList<HealthItem> items = assessHealth(in);
    const bool failed = std::any_of(items.cbegin(), items.cend(), [](const HealthItem &i) { return i.state == HealthItem::State::Failed; });
    printHealthReport(a, in, items, failed, opt.json);
    out().flush();
    return failed ? ExitBadInput : ExitOk;
}

} // namespace

int cmdValidate(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("ASSIGNMENT"), QStringLiteral("Assignment folder or its assignment.json."));
    const QCommandLineOption health(QStringLiteral("health"),
                                    QStringLiteral("Also assess the assignment's health before publishing: sandbox "
                                                   "self-test, dataset cache, reference run and its slowest cells "
                                                   "against the limits, the batch's grading time (runs the sandbox)."));
    const QCommandLineOption sandbox = sandboxOption(QStringLiteral("With --health: backend %1 (default: the assignment's, else %2)."));
    const QCommandLineOption jobs(QStringLiteral("jobs"), QStringLiteral("With --health: sandboxes at once for the estimate."),
                                  QStringLiteral("N"));
    const QCommandLineOption datasets(QStringLiteral("dataset-cache"),
                                      QStringLiteral("With --health: HF_HOME to check (default: $HF_HOME, else the cache folder's huggingface/)."),
                                      QStringLiteral("DIR"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("With --health: print the report as JSON."));
    parser.addOptions({health, sandbox, jobs, datasets, json});
    if (int rc = parseOrExit(parser, args, QStringLiteral("Check an assignment folder, its assignment.json and its "
                                                          "instructor notebooks."), 1);
        rc != ExitOk)
        return rc < 0 ? ExitOk : rc;
    for (const QCommandLineOption &o : {sandbox, jobs, datasets, json})
        if (parser.isSet(o) && !parser.isSet(health)) {
            err() << "sandmark-cli: validate: --" << o.names().first() << " needs --health" << Qt::endl;
            return ExitUsage;
        }
    HealthOptions healthOptions;
    std::optional<SandboxKind> kind;
    if (!readJobsOption(parser, jobs, QStringLiteral("validate"), healthOptions.jobs)
        || !readSandboxOption(parser, sandbox, kind))
        return ExitUsage;

    QList<Error> loadErrors;
    auto assignment = Assignment::load(parser.positionalArguments().at(0), &loadErrors);
    if (!assignment) { // every broken top-level field at once (docs/assignment-format.md), not only the first
        if (loadErrors.isEmpty())
            loadErrors << assignment.error();
        for (const Error &e : std::as_const(loadErrors))
            printError(e);
        return exitCodeFor(loadErrors.constFirst());
    }
    QList<Problem> problems = validateAssignment(*assignment);
    // A value check without an anchor reads its name at the notebook's end: warn when the instructor notebook
    // assigns that name again after its question (the scan runs Python's ast; a failed scan is a warning).
    const QList<Check> checks = assignment->checks();
    if (!assignment->notebooks().isEmpty()
        && std::any_of(checks.cbegin(), checks.cend(), [](const Check &c) {
               const auto probed = checkKind(c).probed(c);
               return probed && probed->anchor.isEmpty();
           })) {
        const QString notebook = assignment->absolute(assignment->notebooks().first());
        const Expected<Notebook> nb = Notebook::load(notebook);
        const Expected<ScanResult> scan = nb ? scanNotebook(assignment->python().isEmpty() ? paths::defaultPython()
                                                                                         : assignment->python(),
                                                            notebook)
                                             : Expected<ScanResult>(nb.error());
        if (nb && scan)
            problems += reassignedValueWarnings(*assignment, *nb, scan->assigned);
        else if (nb)
            problems.append({Problem::Severity::Warning,
                             Error{assignment->displayPath(assignment->notebooks().first()), {},
                                   QStringLiteral("could not scan which cells assign the checked names: %1")
                                       .arg(scan.error().toString())}});
    }
    int errors = 0;
    for (const Problem &p : problems) {
        if (p.severity == Problem::Severity::Error) {
            ++errors;
            printError(p.where);
        } else {
            out().flush();
            err() << "sandmark-cli: warning: " << p.where.toString() << Qt::endl;
        }
    }
    const Assignment &a = *assignment;
    if (parser.isSet(health)) {
        healthOptions.choices = commandLineRunChoices(kind, parser.value(datasets));
        healthOptions.json = parser.isSet(json);
        return printHealth(a, problems, healthOptions);
    }
    out() << "assignment " << a.slug() << " (" << a.title() << ")\n"
          << "  notebooks:     " << a.notebooks().join(QLatin1String(", ")) << '\n'
          << "  data files:    " << a.dataFiles().size() << '\n'
          << "  checks:        " << a.checks().size() << " (" << pointsPhrase(a.maxPoints()) << ")\n"
          << "  datasets:      " << a.requiredDatasets().size() << '\n'
          << (errors ? "INVALID: " : "valid: ") << errors << " error(s), " << problems.size() - errors
          << " warning(s)\n";
    out().flush();
    return errors ? ExitBadInput : ExitOk;
}

} // namespace sandmark::cli
