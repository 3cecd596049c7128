// sandmark-cli datasets scan|list|add|remove|warm|check ASSIGNMENT [ENTRY...] ; datasets token set|delete|status
#include "cli_util.h"
#include "commands.h"
#include "datasets/assignmentdatasets.h"
#include "datasets/datasetjob.h"
#include "datasets/hubcache.h"
#include "secrets/secretstore.h"
#include "util/paths.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>

#include <csignal>
#include <variant>

namespace sandmark::cli {

namespace {

QEventLoop *g_loop = nullptr;
volatile std::sig_atomic_t g_interrupted = 0;

void onSigint(int)
{
    g_interrupted = 1;
}

QString human(qint64 bytes)
{
    return QLocale::c().formattedDataSize(bytes, 1, QLocale::DataSizeTraditionalFormat);
}

QJsonObject callJson(const ScannedCall &c)
{
    return QJsonObject{{QStringLiteral("notebook"), c.notebook},
                       {QStringLiteral("cell"), c.cell},
                       {QStringLiteral("line"), c.line},
                       {QStringLiteral("function"), c.function},
                       {QStringLiteral("source"), c.source},
                       {QStringLiteral("args"), QJsonArray::fromVariantList(c.args)},
                       {QStringLiteral("kwargs"), QJsonObject::fromVariantMap(c.kwargs)},
                       {QStringLiteral("computed"), QJsonArray::fromStringList(c.computed)}};
}

QJsonObject reportJson(const DatasetReport &r, const QString &mode)
{
    QJsonArray calls;
    for (const ScannedCall &c : r.calls)
        calls.append(callJson(c));
    QJsonArray outcomes;
    for (const CallOutcome &o : r.callOutcomes)
        outcomes.append(QJsonObject{{QStringLiteral("where"), o.call.where()},
                                    {QStringLiteral("source"), o.call.source},
                                    {QStringLiteral("status"), o.skipped ? QStringLiteral("computed")
                                                               : o.ok    ? QStringLiteral("ok")
                                                                         : QStringLiteral("failed")},
                                    {QStringLiteral("hub_files"), QJsonArray::fromStringList(o.hubFiles)},
                                    {QStringLiteral("error"), o.ok || o.skipped ? QString() : o.errorName + QLatin1String(": ") + o.errorValue}});
    QJsonArray entries;
    for (const FetchOutcome &e : r.entries)
        entries.append(QJsonObject{{QStringLiteral("entry"), e.entry.toString()},
                                   {QStringLiteral("status"), FetchOutcome::statusName(e.status)},
                                   {QStringLiteral("path"), e.path},
                                   {QStringLiteral("size"), double(e.size)},
                                   {QStringLiteral("error"), e.error}});
    return QJsonObject{{QStringLiteral("assignment"), r.assignment},
                       {QStringLiteral("mode"), mode},
                       {QStringLiteral("calls"), calls},
                       {QStringLiteral("call_outcomes"), outcomes},
                       {QStringLiteral("entries"), entries},
                       {QStringLiteral("warnings"), QJsonArray::fromStringList(r.warnings + r.computedCalls())},
                       {QStringLiteral("problems"), QJsonArray::fromStringList(r.problems())},
                       {QStringLiteral("total_bytes"), double(r.totalBytes)},
                       {QStringLiteral("over_size_threshold"), r.overSizeThreshold}};
}

/// Reads the Hub token without a nested event loop in the core: the CLI owns this loop.
Expected<QString> hubToken()
{
    if (!qEnvironmentVariable("HF_TOKEN").isEmpty())
        return qEnvironmentVariable("HF_TOKEN");
    KeychainSecretStore store;
    QEventLoop loop;
    std::optional<Expected<QString>> result;
    store.read(hubTokenKey(), &loop, [&](const Expected<QString> &v) {
        result = v;
        loop.quit();
    });
    if (!result)
        loop.exec();
    return *result;
}

int tokenCommand(const QString &action)
{
    KeychainSecretStore store;
    QEventLoop loop;
    std::optional<Expected<void>> done;
    auto finish = [&](const Expected<void> &r) {
        done = r;
        loop.quit();
    };
    if (action == QLatin1String("set")) {
        QTextStream in(stdin);
        const QString token = in.readLine().trimmed();
        if (token.isEmpty()) {
            printError(Error{QStringLiteral("stdin"), {}, QStringLiteral("no token given: pipe it on standard input")});
            return ExitUsage;
        }
        store.write(hubTokenKey(), token, &loop, finish);
    } else if (action == QLatin1String("delete")) {
        store.remove(hubTokenKey(), &loop, finish);
    } else if (action == QLatin1String("status")) {
        if (!qEnvironmentVariable("HF_TOKEN").isEmpty()) {
            out() << "token: from HF_TOKEN (overrides the keychain)\n";
            return ExitOk;
        }
        auto t = hubToken();
        if (!t) {
            printError(t.error());
            return ExitGraderError;
        }
        out() << (t->isEmpty() ? "token: none stored\n" : "token: stored in the keychain (service Sandmark)\n");
        return ExitOk;
    } else {
        err() << "sandmark-cli: datasets token: use set, delete or status\n";
        return ExitUsage;
    }
    if (!done)
        loop.exec();
    if (!*done) {
        printError(done->error());
        return ExitGraderError;
    }
    out() << "token " << (action == QLatin1String("set") ? "stored in" : "removed from") << " the keychain\n";
    return ExitOk;
}


/// datasets add|remove: edits the one assignment's required_datasets.
int editDatasetsAction(const QString &action, const QList<AssignmentDatasets> &found, const QStringList &entries)
{
    if (found.size() != 1) {
        err() << "sandmark-cli: datasets " << action << ": name one assignment (use --slug)\n";
        return ExitUsage;
    }
    for (const QString &entry : entries) // an ENTRY that does not parse is a usage error, named before anything is read
        if (const Expected<DatasetEntry> e = DatasetEntry::parse(entry, QStringLiteral("datasets ") + action); !e) {
            printError(e.error());
            return ExitUsage;
        }
    auto r = action == QLatin1String("add") ? editRequiredDatasets(found.first().jsonPath, entries, {})
                                            : editRequiredDatasets(found.first().jsonPath, {}, entries);
    if (!r) {
        return failWith(r.error());
    }
    for (const QString &e : std::as_const(*r))
        out() << "'" << e << "' is listed already\n";
    const qsizetype changed = entries.size() - r->size();
    out() << action << (action == QLatin1String("add") ? "ed " : "d ") << changed << " entr" << (changed == 1 ? "y" : "ies")
          << " in " << found.first().jsonPath << (changed == 0 ? " (unchanged)" : "") << '\n';
    return ExitOk;
}

/// datasets list: each required file, cached or missing (and where), as text or one JSON array.
int listDatasetsAction(const QList<AssignmentDatasets> &found, const HubCache &hub, bool asJson)
{
    QJsonArray all;
    int missing = 0;
    for (const AssignmentDatasets &a : std::as_const(found)) {
        const auto parsed = parseDatasetEntries(a.requiredDatasets, a.jsonPath);
        if (!parsed) {
            return failWith(parsed.error());
        }
        if (!asJson)
            out() << a.slug << ": " << parsed->size() << " required dataset file(s) in " << hub.hubDir() << '\n';
        for (const DatasetEntry &e : *parsed) {
            const QString p = hub.resolveOffline(e);
            missing += p.isEmpty();
            if (asJson)
                all.append(QJsonObject{{QStringLiteral("assignment"), a.slug}, {QStringLiteral("entry"), e.toString()},
                                       {QStringLiteral("cached"), !p.isEmpty()}, {QStringLiteral("path"), p},
                                       {QStringLiteral("size"), p.isEmpty() ? -1.0 : double(QFileInfo(p).size())}});
            else
                out() << "  " << (p.isEmpty() ? "missing  " : "cached   ")
                      << (p.isEmpty() ? QStringLiteral("        ") : human(QFileInfo(p).size()).rightJustified(8))
                      << "  " << e.toString() << '\n';
        }
    }
    if (asJson)
        out() << QJsonDocument(all).toJson();
    return ExitOk;
}

/// Runs one assignment's dataset job (scan, warm or check) to its end: its report, or the exit code of a failure or
/// an interruption (SIGINT cancels the job; partial downloads are kept).
std::variant<int, DatasetReport> runDatasetJob(const AssignmentDatasets &a, const DatasetJob::Options &o, bool asJson)
{
    DatasetJob job(a, o);
    QEventLoop loop;
    g_loop = &loop;
    std::optional<DatasetReport> report;
    std::optional<Error> failure;
    QObject::connect(&job, &DatasetJob::finished, &loop, [&](const DatasetReport &r) { report = r; loop.quit(); });
    QObject::connect(&job, &DatasetJob::failed, &loop, [&](const Error &e) { failure = e; loop.quit(); });
    QObject::connect(&job, &DatasetJob::entryFinished, &loop, [&](int, const FetchOutcome &f) {
        if (!asJson)
            err() << "  " << FetchOutcome::statusName(f.status) << ": " << f.entry.toString()
                  << (f.size >= 0 ? QStringLiteral(" (%1)").arg(human(f.size)) : QString()) << Qt::endl;
    });
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (g_interrupted) {
            job.cancel();
            loop.quit();
        }
    });
    poll.start(200);
    job.start();
    if (!report && !failure)
        loop.exec();
    g_loop = nullptr;
    if (g_interrupted) {
        err() << "sandmark-cli: interrupted; partial downloads are kept and resume on the next warm\n";
        return ExitInterrupted;
    }
    if (failure) {
        printError(*failure);
        return ExitGraderError;
    }
    return *report;
}

/// The text form of a job's report on stdout.
void printDatasetReport(const DatasetReport &r, const DatasetJob::Options &o, const HubCache &hub)
{
    out() << r.assignment << ": " << r.calls.size() << " dataset call(s) in the instructor notebooks\n";
    for (const ScannedCall &c : r.calls)
        out() << "  " << c.where() << ": " << c.source.simplified()
              << (c.isComputed() ? QStringLiteral("   [computed: %1]").arg(c.computed.join(QLatin1String("; "))) : QString())
              << '\n';
    for (const CallOutcome &c : r.callOutcomes)
        if (c.ok)
            out() << "  ok: " << c.call.where() << " -> " << c.hubFiles.join(QLatin1String(", ")) << '\n';
    for (const FetchOutcome &e : r.entries)
        if (e.status == FetchOutcome::Cached || e.status == FetchOutcome::Downloaded)
            out() << "  " << FetchOutcome::statusName(e.status) << ": " << e.entry.toString() << " ("
                  << human(qMax<qint64>(0, e.size)) << ")\n";
    if (o.mode != DatasetJob::Scan)
        out() << "  total in the cache: " << human(r.totalBytes) << " (" << hub.hubDir() << ")\n";
}

/// datasets scan|warm|check: the job `o` on each assignment in turn (its Python unless `python` names one), each
/// report printed (or collected as JSON), its warnings and problems on stderr. Exit 1 when one has a problem.
int runDatasetJobs(const QList<AssignmentDatasets> &found, DatasetJob::Options o, const QString &python, const QString &action,
                   const HubCache &hub, bool asJson)
{
    std::signal(SIGINT, onSigint);
    QJsonArray reports;
    bool anyProblem = false;
    for (const AssignmentDatasets &a : found) {
        o.python = !python.isEmpty() ? python : (a.python.isEmpty() ? paths::defaultPython() : a.python);
        if (o.python.contains(QLatin1Char('/'))) // the calls run in the assignment folder
            o.python = QFileInfo(o.python).absoluteFilePath();
        std::variant<int, DatasetReport> ran = runDatasetJob(a, o, asJson);
        if (const int *rc = std::get_if<int>(&ran))
            return *rc;
        const DatasetReport &r = std::get<DatasetReport>(ran);
        if (asJson)
            reports.append(reportJson(r, action));
        else
            printDatasetReport(r, o, hub);
        for (const QString &w : r.warnings + r.computedCalls())
            err() << "sandmark-cli: warning: " << w << '\n';
        if (r.overSizeThreshold)
            err() << "sandmark-cli: warning: " << r.assignment << ": the datasets take " << human(r.totalBytes)
                  << ", more than " << human(o.sizeWarningBytes) << "; large raw data slows every graded run\n";
        for (const QString &p : r.problems())
            err() << "sandmark-cli: " << r.assignment << ": " << p << '\n';
        anyProblem = anyProblem || !r.problems().isEmpty();
    }
    if (asJson)
        out() << QJsonDocument(reports).toJson();
    out().flush();
    return anyProblem ? ExitBadInput : ExitOk;
}

} // namespace

int cmdDatasets(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("ACTION"), QStringLiteral("scan, list, add, remove, warm, check, or token"));
    parser.addPositionalArgument(QStringLiteral("ASSIGNMENT"), QStringLiteral("Assignment folder, or a folder of assignments."));
    parser.addPositionalArgument(QStringLiteral("ENTRY"), QStringLiteral("add/remove: \"[type:]repo_id[@rev] filename\""), QStringLiteral("[ENTRY...]"));
    const QCommandLineOption slug(QStringLiteral("slug"), QStringLiteral("Only the assignment with this slug."), QStringLiteral("NAME"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Machine-readable output on stdout."));
    const QCommandLineOption python(QStringLiteral("python"), QStringLiteral("The environment's Python (default: assignment.json \"python\", else %1).").arg(paths::defaultPython()), QStringLiteral("PATH"));
    const QCommandLineOption cache(QStringLiteral("cache"), QStringLiteral("The dataset cache, an HF_HOME folder (default: %1).").arg(HubCache::defaultHome()), QStringLiteral("DIR"));
    const QCommandLineOption endpoint(QStringLiteral("endpoint"), QStringLiteral("Hub URL (default: HF_ENDPOINT, else https://huggingface.co)."), QStringLiteral("URL"));
    const QCommandLineOption sizeWarning(QStringLiteral("size-warning"), QStringLiteral("Warn when an assignment's files exceed this many bytes (default 2 GiB)."), QStringLiteral("BYTES"), QStringLiteral("2147483648"));
    parser.addOptions({slug, json, python, cache, endpoint, sizeWarning});
    if (int rc = parseOrExit(parser, args,
                             QStringLiteral("Hugging Face datasets of an assignment: scan the instructor notebooks for dataset calls, "
                                            "list/add/remove required_datasets, warm the cache, check it offline. "
                                            "'datasets token set|delete|status' manages the Hub token in the OS keychain "
                                            "(HF_TOKEN overrides it)."),
                             -1);
        rc != ExitOk)
        return rc < 0 ? ExitOk : rc;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() == 2 && pos.at(0) == QLatin1String("token"))
        return tokenCommand(pos.at(1));
    static const QStringList actions{QStringLiteral("scan"), QStringLiteral("list"), QStringLiteral("add"),
                                     QStringLiteral("remove"), QStringLiteral("warm"), QStringLiteral("check")};
    if (pos.size() < 2 || !actions.contains(pos.at(0))) {
        err() << "sandmark-cli: datasets: usage: datasets scan|list|add|remove|warm|check ASSIGNMENT [ENTRY...]\n";
        return ExitUsage;
    }
    const QString action = pos.at(0);
    const QStringList entries = pos.mid(2);
    if ((action == QLatin1String("add") || action == QLatin1String("remove")) == entries.isEmpty()) {
        err() << "sandmark-cli: datasets " << action << ": "
              << (entries.isEmpty() ? "give at least one ENTRY" : "takes no ENTRY arguments") << '\n';
        return ExitUsage;
    }
    bool sizeOk = false;
    const qint64 sizeWarningBytes = parser.value(sizeWarning).toLongLong(&sizeOk);
    if (!sizeOk || sizeWarningBytes < 0) {
        err() << "sandmark-cli: datasets: --size-warning '" << parser.value(sizeWarning)
              << "' is not a number of bytes (0 or more; 0 turns the warning off)\n";
        return ExitUsage;
    }
    auto found = findAssignments(pos.at(1), parser.value(slug));
    if (!found) {
        return failWith(found.error());
    }
    const HubCache hub(parser.isSet(cache) ? QFileInfo(parser.value(cache)).absoluteFilePath() : HubCache::defaultHome());

    if (action == QLatin1String("add") || action == QLatin1String("remove"))
        return editDatasetsAction(action, *found, entries);
    if (action == QLatin1String("list"))
        return listDatasetsAction(*found, hub, parser.isSet(json));

    DatasetJob::Options o;
    o.mode = action == QLatin1String("scan") ? DatasetJob::Scan
             : action == QLatin1String("warm") ? DatasetJob::Warm
                                               : DatasetJob::Check;
    o.hfHome = hub.home();
    o.endpoint = parser.isSet(endpoint) ? parser.value(endpoint) : HubCache::defaultEndpoint();
    while (o.endpoint.endsWith(QLatin1Char('/')))
        o.endpoint.chop(1);
    o.sizeWarningBytes = sizeWarningBytes;
    if (o.mode == DatasetJob::Warm) {
        auto token = hubToken();
        if (!token) // no keychain: warm without a token; a gated file then fails with the 401 message
            err() << "sandmark-cli: warning: " << token.error().toString() << '\n';
        else
            o.token = *token;
    }

    return runDatasetJobs(*found, o, parser.isSet(python) ? parser.value(python) : QString(), action, hub, parser.isSet(json));
}

} // namespace sandmark::cli
