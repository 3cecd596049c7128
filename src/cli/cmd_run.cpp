// sandmark-cli run ASSIGNMENT NOTEBOOK [--sandbox NAME] [--json]: runs one notebook and prints its record.
#include "cli_util.h"
#include "commands.h"
#include "notebook/notebook.h"
#include "sandbox/submissionrun.h"
#include "util/displaytext.h"


namespace sandmark::cli {

namespace {

/// The run's record in a few lines: status, the student's cells by status and the slowest, each one not ok,
/// warnings, interference, limits hit and the runner's messages.
void printRunSummary(const SubmissionRunResult &result)
{
    const ExecutionRecord &record = result.run.record;
    if (result.run.unsafe)
        out() << "UNSAFE: ran without a sandbox (local-unsafe)\n";
    out() << "status: " << record.status() << "  (" << QString::number(record.durationS(), 'f', 2) << " s, "
          << result.run.backend << ")\n";
    // The record in a few lines: the student's cells by status and the slowest, then each one not ok.
    QMap<QString, int> byStatus;
    int studentCells = 0;
    double slowest = -1;
    QString slowestWhere;
    QStringList notOk;
    for (const CellRecord &c : record.cells()) {
        const QString &st = c.status;
        const QString where = !c.index ? QStringLiteral("injected %1").arg(c.injected) : QStringLiteral("cells[%1]").arg(*c.index);
        if (c.index) {
            ++studentCells;
            ++byStatus[st];
            if (const double d = c.durationS.value_or(0); d > slowest) {
                slowest = d;
                slowestWhere = where;
            }
        }
        if (st == QLatin1String("ok"))
            continue;
        notOk << where + QStringLiteral(": ") + st
                     + (!c.error ? QString()
                                 : QStringLiteral(" — ") + c.error->ename + QStringLiteral(": ") + c.error->evalue);
    }
    QStringList counts;
    for (auto it = byStatus.cbegin(); it != byStatus.cend(); ++it)
        counts << QStringLiteral("%1 %2").arg(it.value()).arg(it.key());
    out() << "code cells: " << studentCells << " (" << counts.join(QLatin1String(", ")) << ")";
    if (slowest >= 0)
        out() << "; slowest " << slowestWhere << " " << QString::number(slowest, 'f', 2) << " s";
    out() << '\n';
    for (const QString &line : std::as_const(notOk))
        out() << "  " << displayText(line) << '\n';
    if (const qsizetype warnings = record.warnings().size(); warnings > 0)
        out() << "warnings on stderr: " << warnings << " (not failures; --json lists them)\n";
    for (const QString &v : record.interference())
        out() << "interfered with grading: " << displayText(v) << '\n';
    const QStringList hit = record.limitsHit();
    if (!hit.isEmpty())
        out() << "limits hit: " << hit.first() << (hit.size() > 1 ? " …" : "") << '\n';
    for (const QString &m : record.messages())
        out() << "  " << m << '\n';
}

} // namespace

int cmdRun(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("ASSIGNMENT"), QStringLiteral("Assignment folder or its assignment.json."));
    parser.addPositionalArgument(QStringLiteral("NOTEBOOK"), QStringLiteral("The notebook to run (a submission)."));
    const QCommandLineOption sandbox = sandboxOption(QStringLiteral("Backend: %1 (default: assignment.json, else %2)."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print the execution record as JSON."));
    const QCommandLineOption datasets(QStringLiteral("dataset-cache"), QStringLiteral("HF_HOME bound read-only (default, when the assignment lists required_datasets: the folder datasets warm fills)."),
                                      QStringLiteral("DIR"));
    const QCommandLineOption image(QStringLiteral("docker-image"), QStringLiteral("Docker base image (docker backend; default: assignment.json docker_image, "
                                                  "$SANDMARK_DOCKER_IMAGE, sandmark-base:latest)."),
                                   QStringLiteral("IMAGE"));
    parser.addOptions({sandbox, json, datasets, image});
    if (int rc = parseOrExit(parser, args, QStringLiteral("Run one notebook in the sandbox and print its execution record."), 2);
        rc != ExitOk)
        return rc < 0 ? ExitOk : rc;
    Expected<Assignment> assignment = Assignment::load(parser.positionalArguments().at(0));
    if (!assignment) {
        return failWith(assignment.error());
    }
    std::optional<SandboxKind> kind;
    if (!readSandboxOption(parser, sandbox, kind))
        return ExitUsage;
    // The base image: --docker-image, else assignment.json's docker_image, else SANDMARK_DOCKER_IMAGE or
    // sandmark-base:latest (defaultDockerBaseImage()).
    SubmissionRunOptions opt = runOptionsFor(
        *assignment, commandLineRunChoices(kind, parser.value(datasets), parser.isSet(image) ? std::optional(parser.value(image)) : std::nullopt));
    warnIfUnsafe(opt, QStringLiteral("notebook"));

    const QString notebook = parser.positionalArguments().at(1);
    // Only SQLite opens a gradebook (docs/gradebook.md, "POSIX locks"): the assignment's, named as the notebook, is refused unread.
    if (!mayReadAsInput(notebook, Gradebook::defaultPath(assignment->folder()), QStringLiteral("a notebook")))
        return ExitBadInput;
    // A notebook that cannot be read is bad input (exit 1), not a grader error: say so before any sandbox.
    if (Expected<Notebook> nb = Notebook::load(notebook); !nb) {
        return failWith(nb.error());
    }
    SubmissionRun run(*assignment, notebook, opt);
    const Expected<SubmissionRunResult> result = run.runToEnd();
    if (!result) {
        printError(result.error());
        return ExitGraderError;
    }
    for (const QString &n : result->notes)
        err() << "sandmark-cli: note: " << notebook << ": " << n << Qt::endl;
    if (parser.isSet(json)) {
        out() << result->run.record.toJsonText();
        out().flush();
        return ExitOk;
    }
    printRunSummary(*result);
    out() << "artifacts: " << result->folder.artifacts << '\n';
    out().flush();
    return ExitOk;
}

} // namespace sandmark::cli
