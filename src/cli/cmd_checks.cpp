// sandmark-cli checks list ASSIGNMENT [--reference] [--json]
//                     add value|test ASSIGNMENT [--id ID] [--variable NAME] [--points P] [--rtol R] [--atol A]
//                                               [--anchor CELL] [--code CODE | --code-file FILE]
//                     remove ASSIGNMENT ID
//                     edit ASSIGNMENT ID [--points P] [--rtol R] [--atol A] [--clear-rtol] [--clear-atol]
// The checks editor of the app, on the command line: the same core calls (assignment/edit.h, ReferenceRun).
#include "assignment/assignment.h"
#include "checks/codesyntax.h"
#include "checks/registry.h"
#include "assignment/edit.h"
#include "batch/referencerun.h"
#include "cli_util.h"
#include "commands.h"
#include "grading/value.h"
#include "sandbox/backend.h"
#include "notebook/notebook.h"
#include "util/inputfile.h"
#include "util/jsonvalue.h"
#include "util/paths.h"

#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <variant>

namespace sandmark::cli {

namespace {

QString number(double v)
{
    return QString::number(v, 'g', 10);
}

/// `problemSet`: name the check's notebook (a single notebook's checks need no such key, as in assignment.json).
QJsonObject checkJson(const Check &c, bool problemSet)
{
    QJsonObject o{{QStringLiteral("id"), c.id}, {QStringLiteral("type"), checkKind(c).name()}, {QStringLiteral("points"), c.points}};
    if (problemSet)
        o.insert(QStringLiteral("notebook"), c.notebook);
    if (!c.variable.isEmpty())
        o.insert(QStringLiteral("variable"), c.variable);
    if (!c.anchor.isEmpty())
        o.insert(QStringLiteral("anchor"), c.anchor);
    for (const char *key : {"rtol", "atol"})
        if (c.options.contains(QLatin1String(key)))
            o.insert(QLatin1String(key), QJsonValue::fromVariant(c.options.value(QLatin1String(key))));
    if (!c.code.isEmpty()) // test checks: never empty
        o.insert(QStringLiteral("code"), c.code);
    if (!c.autotest.isEmpty())
        o.insert(QStringLiteral("autotest"), QJsonArray::fromStringList(c.autotest));
    if (const QString group = checkKind(c).group(c); !group.isEmpty())
        o.insert(QStringLiteral("group"), group);
    return o;
}

/// One notebook's part of the reference payload (a problem set has one per notebook).
struct NotebookNamespace
{
    QString notebook;
    ProbePayload payload;
};

/// Runs (or reads from the cache) the reference run and decodes each notebook's payload, in the assignment's order.
/// Exit code on failure.
int referencePayloads(const Assignment &assignment, const RunChoices &choices, QList<NotebookNamespace> &payloads,
                      bool &cacheHit)
{
    ReferenceRunOptions opt;
    opt.run = runOptionsFor(assignment, choices);
    warnIfUnsafe(opt.run, QStringLiteral("notebook"));
    ReferenceRun run(assignment, opt);
    QEventLoop loop;
    QByteArray json;
    std::optional<Error> failure;
    bool interrupted = false;
    QObject::connect(&run, &ReferenceRun::progress, &loop,
                     [](const QString &line) { err() << "sandmark-cli: note: " << line << Qt::endl; });
    QObject::connect(&run, &ReferenceRun::finished, &loop, [&](const QByteArray &p, const QString &) {
        json = p;
        loop.quit();
    });
    QObject::connect(&run, &ReferenceRun::failed, &loop, [&](const Error &e) {
        failure = e;
        loop.quit();
    });
    const InterruptWatch watch([&] {
        interrupted = true;
        run.cancel();
    });
    QMetaObject::invokeMethod(&run, &ReferenceRun::start, Qt::QueuedConnection);
    loop.exec();
    if (interrupted) {
        err() << "sandmark-cli: checks: interrupted" << Qt::endl;
        return ExitInterrupted;
    }
    if (failure) {
        printError(*failure);
        return ExitGraderError;
    }
    cacheHit = run.cacheHit();
    // A problem set's payload holds each notebook's (each ran in its own kernel, so each has its own namespace).
    for (const QString &notebook : assignment.notebooks()) {
        Expected<ProbePayload> decoded = decodeProbePayload(notebookPayload(json, notebook), QStringLiteral("reference payload"));
        if (!decoded) {
            printError(decoded.error());
            return ExitGraderError;
        }
        if (!decoded->hasNamespace) {
            printError(Error{assignment.displayPath(notebook), QStringLiteral("reference run"),
                             QStringLiteral("the reference payload lists no namespace")});
            return ExitGraderError;
        }
        payloads << NotebookNamespace{notebook, *decoded};
    }
    return ExitOk;
}

/// The ids of the checks among `checks` of `notebook` that read `variable` (a name of one notebook's namespace is
/// not another's).
QStringList checksReading(const QList<Check> &checks, const QString &notebook, const QString &variable)
{
    QStringList ids;
    for (const Check &c : checks)
        if (const auto probed = checkKind(c).probed(c); probed && probed->variable == variable && c.notebook == notebook)
            ids << c.id;
    return ids;
}

/// checks list --json: the checks, their groups, the total and, with `reference`, the reference's variables.
void printChecksJson(const Assignment &assignment, const QString &assignmentArg, const QList<NotebookNamespace> *reference,
                     bool cacheHit)
{
    const QList<Check> checks = assignment.checks();
    QJsonArray list;
    for (const Check &c : checks)
        list.append(checkJson(c, assignment.isProblemSet()));
    QJsonObject o{{QStringLiteral("assignment"), jsonPathOf(assignmentArg)},
                  {QStringLiteral("checks"), list},
                  {QStringLiteral("total_points"), assignment.maxPoints()}};
    if (const QList<CheckGroup> groups = checkGroups(checks); !groups.isEmpty()) {
        QJsonArray groupList;
        for (const CheckGroup &g : groups)
            groupList.append(QJsonObject{{QStringLiteral("name"), g.name},
                                         {QStringLiteral("checks"), QJsonArray::fromStringList(g.checkIds)},
                                         {QStringLiteral("points"), g.maxPoints}});
        o.insert(QStringLiteral("groups"), groupList);
    }
    if (reference) {
        QJsonArray vars;
        double omitted = 0;
        for (const NotebookNamespace &n : *reference) {
            for (const NamespaceEntry &e : std::as_const(n.payload.namespaceListing))
                vars.append(QJsonObject{{QStringLiteral("notebook"), n.notebook},
                                        {QStringLiteral("name"), e.name},
                                        {QStringLiteral("type"), e.value.pythonType()},
                                        {QStringLiteral("value"), e.value.summary(200)},
                                        {QStringLiteral("too_large"), e.value.kind == ProbeValue::Kind::TooLarge},
                                        {QStringLiteral("checks"), QJsonArray::fromStringList(checksReading(checks, n.notebook, e.name))}});
            omitted += n.payload.namespaceOmitted;
        }
        o.insert(QStringLiteral("reference"), QJsonObject{{QStringLiteral("cache_hit"), cacheHit},
                                                          {QStringLiteral("variables"), vars},
                                                          {QStringLiteral("omitted"), omitted}});
    }
    out() << QJsonDocument(o).toJson();
    out().flush();
}

/// checks list: the table of checks (a problem set with a notebook column), the groups, the total (per notebook).
void printChecksTable(const Assignment &assignment, const QString &assignmentArg)
{
    const QList<Check> checks = assignment.checks();
    // A problem set names each check's notebook in a column of its own; a single notebook's table has none.
    const bool problemSet = assignment.isProblemSet();
    int idWidth = 2, notebookWidth = 8;
    for (const Check &c : checks) {
        idWidth = std::max(idWidth, int(c.id.size()));
        notebookWidth = std::max(notebookWidth, int(c.notebook.size()));
    }
    auto notebookColumn = [&](const QString &text) { return problemSet ? text.leftJustified(notebookWidth) + QStringLiteral("  ") : QString(); };
    out() << jsonPathOf(assignmentArg) << ": " << checks.size() << (checks.size() == 1 ? " check" : " checks") << '\n';
    if (!checks.isEmpty())
        out() << "  " << QStringLiteral("ID").leftJustified(idWidth) << "  " << notebookColumn(QStringLiteral("NOTEBOOK"))
              << "TYPE    POINTS  WHAT\n";
    for (const Check &c : checks)
        out() << "  " << c.id.leftJustified(idWidth) << "  " << notebookColumn(c.notebook) << checkKind(c).name().leftJustified(6)
              << "  " << number(c.points).leftJustified(6) << "  " << checkKind(c).describe(c) << '\n';
    // Checks whose points add up to one total: an Otter question's cases.
    if (const QList<CheckGroup> groups = checkGroups(checks); !groups.isEmpty()) {
        int nameWidth = 5;
        for (const CheckGroup &g : groups)
            nameWidth = std::max(nameWidth, int(g.name.size()));
        out() << "groups (each one total):\n  " << QStringLiteral("GROUP").leftJustified(nameWidth) << "  POINTS  CHECKS\n";
        for (const CheckGroup &g : groups)
            out() << "  " << g.name.leftJustified(nameWidth) << "  " << number(g.maxPoints).leftJustified(6) << "  "
                  << g.checkIds.join(QLatin1String(", ")) << '\n';
    }
    out() << "total: " << pointsPhrase(assignment.maxPoints());
    if (problemSet) {
        QStringList perNotebook;
        for (const QString &notebook : assignment.notebooks()) {
            double points = 0;
            for (const Check &c : assignment.checksOf(notebook))
                points += c.points;
            perNotebook << QStringLiteral("%1 %2").arg(notebook, number(points));
        }
        out() << " (" << perNotebook.join(QStringLiteral(", ")) << ')';
    }
    out() << "\n";
}

/// checks list --reference: each notebook's reference namespace, with the checks that read each name.
void printReferenceNamespaces(const QList<Check> &checks, const QList<NotebookNamespace> &payloads, bool cacheHit)
{
    for (const NotebookNamespace &n : payloads) {
        const auto &vars = n.payload.namespaceListing;
        // A problem set: one namespace per notebook, each named.
        out() << "\nreference namespace" << (payloads.size() > 1 ? QStringLiteral(" of %1").arg(n.notebook) : QString())
              << (cacheHit ? " (cached)" : "") << ": " << vars.size() << (vars.size() == 1 ? " variable" : " variables") << '\n';
        int nameWidth = 4, typeWidth = 4;
        for (const NamespaceEntry &e : vars) {
            nameWidth = std::max(nameWidth, int(e.name.size()));
            typeWidth = std::max(typeWidth, int(e.value.pythonType().size()));
        }
        if (!vars.isEmpty())
            out() << "  " << QStringLiteral("NAME").leftJustified(nameWidth) << "  " << QStringLiteral("TYPE").leftJustified(typeWidth)
                  << "  VALUE\n";
        for (const NamespaceEntry &e : vars) {
            const QStringList ids = checksReading(checks, n.notebook, e.name);
            out() << "  " << e.name.leftJustified(nameWidth) << "  " << e.value.pythonType().leftJustified(typeWidth) << "  "
                  << e.value.summary(70) << (ids.isEmpty() ? QString() : QStringLiteral("  [checked: %1]").arg(ids.join(QStringLiteral(", "))))
                  << '\n';
        }
        if (n.payload.namespaceOmitted > 0)
            out() << "  (" << n.payload.namespaceOmitted << " more names not listed)\n";
    }
    out().flush();
}

int listChecks(const QString &assignmentArg, bool reference, bool json, const RunChoices &choices)
{
    Expected<Assignment> assignment = Assignment::load(assignmentArg);
    if (!assignment) {
        return failWith(assignment.error());
    }
    QList<NotebookNamespace> payloads;
    bool cacheHit = false;
    if (reference)
        if (int rc = referencePayloads(*assignment, choices, payloads, cacheHit); rc != ExitOk)
            return rc;
    if (json) {
        printChecksJson(*assignment, assignmentArg, reference ? &payloads : nullptr, cacheHit);
        return ExitOk;
    }
    printChecksTable(*assignment, assignmentArg);
    printReferenceNamespaces(assignment->checks(), payloads, cacheHit);
    return ExitOk;
}

/// After a change: the new total, when the assignment still loads (a problem elsewhere is only a warning).
void printTotal(const QString &assignmentArg)
{
    Expected<Assignment> a = Assignment::load(assignmentArg);
    if (a)
        out() << "total: " << pointsPhrase(a->maxPoints()) << " in " << a->checks().size()
              << (a->checks().size() == 1 ? " check" : " checks") << '\n';
    else
        err() << "sandmark-cli: warning: " << a.error().toString() << Qt::endl;
    out().flush();
}

/// Refuses test code that Python does not compile: compile() in the assignment's interpreter, waited for here
/// (the CLI may block; the app checks as the user types). `source` is the --code-file path, else empty and
/// `option` names where the code came from.
/// An interpreter that cannot be run is a warning: the code is then written unchecked.
bool codeCompiles(const QString &assignmentArg, const QString &jsonPath, const QString &checkId, const QString &code,
                  const QString &source, const QString &option = QStringLiteral("--code"))
{
    const Expected<Assignment> assignment = Assignment::load(assignmentArg);
    CodeSyntaxCheck check;
    QEventLoop loop;
    bool done = false;
    std::optional<PythonSyntaxError> syntax;
    QObject::connect(&check, &CodeSyntaxCheck::finished, &loop, [&](const std::optional<PythonSyntaxError> &e) {
        syntax = e;
        done = true;
        loop.quit();
    });
    QObject::connect(&check, &CodeSyntaxCheck::failed, &loop, [&](const Error &e) {
        err() << "sandmark-cli: warning: " << e.toString() << "; the code is not checked" << Qt::endl;
        done = true;
        loop.quit();
    });
    check.start(syntaxCheckPython(assignment ? assignment->python() : QString()), code, checkId);
    if (!done)
        loop.exec();
    if (!syntax)
        return true;
    QString where = source.isEmpty() ? option : QString();
    if (syntax->line > 0)
        where += (where.isEmpty() ? QString() : QStringLiteral(", ")) + QStringLiteral("line %1").arg(syntax->line)
                 + (syntax->column > 0 ? QStringLiteral(", column %1").arg(syntax->column) : QString());
    printError(Error{source.isEmpty() ? jsonPath : source, where,
                     QStringLiteral("the code of check '%1' does not compile: %2; nothing written").arg(checkId, syntax->message)});
    return false;
}

/// The index of check `id`, or an error naming the file.
Expected<int> indexOf(const QString &jsonPath, const QString &id)
{
    Expected<QStringList> ids = checkIds(jsonPath);
    if (!ids)
        return ids.error();
    const qsizetype i = ids->indexOf(id);
    if (i < 0)
        return Error{jsonPath, QStringLiteral("checks"), QStringLiteral("no check '%1' in this assignment").arg(id)};
    return int(i);
}

/// `checks`' options. An action refuses those it does not take (cmdChecks()); --notebook is never refused.
struct ChecksOptions
{
    const QCommandLineOption reference{QStringLiteral("reference"),
                                       QStringLiteral("list: also list the reference run's variables (runs the instructor notebook "
                                                      "in the sandbox, or reads the cached run; a problem set: each "
                                                      "notebook's).")};
    const QCommandLineOption json{QStringLiteral("json"), QStringLiteral("list: machine-readable output on stdout.")};
    const QCommandLineOption sandbox = sandboxOption(QStringLiteral("list --reference: backend %1 (default: assignment.json, else %2)."));
    const QCommandLineOption datasets{QStringLiteral("dataset-cache"), QStringLiteral("list --reference: HF_HOME bound read-only."),
                                      QStringLiteral("DIR")};
    const QCommandLineOption image{QStringLiteral("docker-image"), QStringLiteral("list --reference: Docker base image."),
                                   QStringLiteral("IMAGE")};
    const QCommandLineOption id{QStringLiteral("id"), QStringLiteral("add: the new check's id (value checks: default the variable name)."),
                                QStringLiteral("ID")};
    const QCommandLineOption variable{QStringLiteral("variable"), QStringLiteral("add value: the Python variable to probe."),
                                      QStringLiteral("NAME")};
    const QCommandLineOption points{QStringLiteral("points"), QStringLiteral("add/edit: points (at least 0; add: default 1)."),
                                    QStringLiteral("P")};
    const QCommandLineOption rtol{QStringLiteral("rtol"), QStringLiteral("add value/edit: relative tolerance."), QStringLiteral("R")};
    const QCommandLineOption atol{QStringLiteral("atol"), QStringLiteral("add value/edit: absolute tolerance."), QStringLiteral("A")};
    const QCommandLineOption anchor{QStringLiteral("anchor"),
                                    QStringLiteral("add value: probe right after this answer cell (grade_id, cell id or tag)."),
                                    QStringLiteral("CELL")};
    const QCommandLineOption notebook{QStringLiteral("notebook"),
                                      QStringLiteral("add/edit: the notebook the check grades (a problem set's check must name it)."),
                                      QStringLiteral("NOTEBOOK")};
    const QCommandLineOption code{QStringLiteral("code"), QStringLiteral("add test/edit: the assertion code (refused unless Python compiles it)."),
                                  QStringLiteral("CODE")};
    const QCommandLineOption codeFile{QStringLiteral("code-file"), QStringLiteral("add test/edit: read the assertion code from FILE (refused unless Python compiles it)."),
                                      QStringLiteral("FILE")};
    const QCommandLineOption clearRtol{QStringLiteral("clear-rtol"), QStringLiteral("edit: remove rtol (the default applies).")};
    const QCommandLineOption clearAtol{QStringLiteral("clear-atol"), QStringLiteral("edit: remove atol (the default applies).")};
    const QCommandLineOption set{QStringLiteral("set"),
                                 QStringLiteral("edit: set any field of the check's kind (repeatable; e.g. exact_type=true, "
                                                "anchor=q2, variable=df; an unknown KEY lists the kind's fields)."),
                                 QStringLiteral("KEY=VALUE")};
    const QCommandLineOption unset{QStringLiteral("unset"), QStringLiteral("edit: remove a field, so that its default applies (repeatable)."),
                                   QStringLiteral("KEY")};

    /// Every option, in the order the help lists them.
    QList<const QCommandLineOption *> all() const
    {
        return {&reference, &json,     &sandbox, &datasets,  &image,     &id,  &variable, &points, &rtol,
                &atol,      &anchor,   &notebook, &code,     &codeFile,  &clearRtol, &clearAtol, &set, &unset};
    }
    /// The options an action refuses unless it takes them: all but --notebook.
    QList<const QCommandLineOption *> refusable() const
    {
        QList<const QCommandLineOption *> options = all();
        options.removeOne(&notebook);
        return options;
    }
};

/// The numbers given as --points, --rtol and --atol.
struct CheckNumbers
{
    std::optional<double> points, rtol, atol;
};

int checksUsage(const QString &text)
{
    err() << "sandmark-cli: checks: " << text << " (see 'sandmark-cli checks --help')" << Qt::endl;
    return ExitUsage;
}

/// The code of --code or --code-file, or the error's exit code (the file cannot be read, or is the gradebook of
/// `assignmentArg`: only SQLite opens a gradebook, docs/gradebook.md "POSIX locks").
std::variant<int, QString> codeOption(const QCommandLineParser &parser, const ChecksOptions &o, const QString &assignmentArg)
{
    if (parser.isSet(o.code))
        return parser.value(o.code);
    if (!mayReadAsInput(parser.value(o.codeFile), Gradebook::defaultPath(QFileInfo(jsonPathOf(assignmentArg)).absolutePath()),
                        QStringLiteral("a test's code")))
        return ExitBadInput;
    const Expected<QByteArray> bytes = readInputFile(parser.value(o.codeFile), kMaxInputFileBytes);
    if (!bytes) {
        return failWith(bytes.error());
    }
    return QString::fromUtf8(*bytes);
}

/// After `add`: when the check `id` reads a value (its kind's probed(): a value check), warns when the instructor
/// notebook — what the reference run executes — never binds that name where the check reads it (anywhere; with an
/// anchor, in the anchor's cell or before): the reference would leave it undefined, so the check would never pass
/// (the reference run finds it broken and grades it for no one). Read with Python's ast (the scan `validate` uses),
/// not by running the notebook: a name made another way (exec, `from m import *`, a magic) is not seen, so this
/// warns and does not refuse. A scan that cannot run is a warning. The check is read as the assignment now holds
/// it (checks[`index`]).
void warnIfReferenceLacks(const QString &assignmentArg, const QString &jsonPath, int index, const QString &id)
{
    const Expected<Assignment> a = Assignment::load(assignmentArg);
    if (!a || a->notebooks().isEmpty())
        return;
    const QList<Check> checks = a->checks();
    const auto added = std::find_if(checks.cbegin(), checks.cend(), [&](const Check &c) { return c.id == id; });
    if (added == checks.cend())
        return;
    const std::optional<ProbedName> probed = checkKind(*added).probed(*added);
    if (!probed)
        return;
    const ProbedName &probe = *probed;
    const QString rel = added->notebook; // always set on a loaded check
    const QString where = QStringLiteral("checks[%1]").arg(index);
    const Expected<Notebook> nb = Notebook::load(a->absolute(rel));
    const Expected<ScanResult> scan =
        nb ? scanNotebook(a->python().isEmpty() ? paths::defaultPython() : a->python(), a->absolute(rel)) : Expected<ScanResult>(nb.error());
    if (!scan) {
        err() << "sandmark-cli: warning: " << Error{jsonPath, where, QStringLiteral("could not check that %1 defines `%2`: %3")
                                                                          .arg(rel, probe.variable, scan.error().toString())}
                                                    .toString()
              << Qt::endl;
        return;
    }
    const int anchorCell = probe.anchor.isEmpty() ? -1 : nb->findAnchor(probe.anchor);
    const bool bound = std::any_of(scan->assigned.cbegin(), scan->assigned.cend(), [&](const AssignedName &n) {
        return n.name == probe.variable && (anchorCell < 0 || n.cell <= anchorCell);
    });
    if (bound)
        return;
    const bool later = anchorCell >= 0 && std::any_of(scan->assigned.cbegin(), scan->assigned.cend(),
                                                      [&](const AssignedName &n) { return n.name == probe.variable; });
    const QString what = later ? QStringLiteral("the reference (%1) does not define `%2` by the anchor '%3' (cells[%4]): no cell up "
                                                "to it assigns it, a later one does")
                                     .arg(rel, probe.variable, probe.anchor)
                                     .arg(anchorCell)
                               : QStringLiteral("the reference (%1) does not define `%2`: no cell of it assigns it").arg(rel, probe.variable);
    out().flush();
    err() << "sandmark-cli: warning: "
          << Error{jsonPath, where, what + QStringLiteral(", so the check would never pass (grading finds it broken and grades it "
                                                          "for no one): correct the check (checks edit) or the notebook")}
                 .toString()
          << Qt::endl;
}

/// checks add value|test ASSIGNMENT: adds the check the options describe.
int addCheckAction(const QCommandLineParser &parser, const ChecksOptions &o, const QStringList &pos, const CheckNumbers &n)
{
    const QString assignmentArg = pos.at(2);
    const QString jsonPath = jsonPathOf(assignmentArg);
    NewCheck nc;
    nc.points = n.points.value_or(1);
    nc.id = parser.value(o.id);
    nc.notebook = parser.value(o.notebook);
    nc.type = findCheckKind(pos.at(1))->type();
    if (pos.at(1) == QLatin1String("value")) {
        if (!parser.isSet(o.variable))
            return checksUsage(QStringLiteral("add value needs --variable NAME"));
        nc.variable = parser.value(o.variable);
        if (!parser.isSet(o.id))
            nc.id = nc.variable;
        nc.rtol = n.rtol;
        nc.atol = n.atol;
        nc.anchor = parser.value(o.anchor);
    } else {
        if (parser.isSet(o.code) == parser.isSet(o.codeFile))
            return checksUsage(QStringLiteral("add test needs exactly one of --code CODE and --code-file FILE"));
        if (!parser.isSet(o.id))
            return checksUsage(QStringLiteral("add test needs --id ID"));
        std::variant<int, QString> code = codeOption(parser, o, assignmentArg);
        if (const int *rc = std::get_if<int>(&code))
            return *rc;
        nc.code = std::get<QString>(code);
    }
    if (!nc.code.trimmed().isEmpty()
        && !codeCompiles(assignmentArg, jsonPath, nc.id, nc.code, parser.isSet(o.codeFile) ? parser.value(o.codeFile) : QString()))
        return ExitBadInput;
    Expected<int> added = addCheck(jsonPath, nc);
    if (!added) {
        return failWith(added.error());
    }
    out() << "added " << pos.at(1) << " check '" << nc.id << "' (" << pointsPhrase(nc.points) << ") as checks["
          << *added << "] of " << jsonPath << '\n';
    printTotal(assignmentArg);
    warnIfReferenceLacks(assignmentArg, jsonPath, *added, nc.id);
    return ExitOk;
}

/// checks edit ASSIGNMENT ID: the edit the options ask for, or the usage error's exit code.
std::variant<int, CheckEdit> readCheckEdit(const QCommandLineParser &parser, const ChecksOptions &o, const CheckNumbers &n,
                                           const QString &assignmentArg)
{
    CheckEdit edit;
    QList<std::pair<QString, QString>> given; // (key, the option that changes it), to refuse a key given twice
    for (const auto &[key, value] : {std::pair{"points", n.points}, std::pair{"rtol", n.rtol}, std::pair{"atol", n.atol}})
        if (value) {
            edit.set(QLatin1String(key), *value);
            given.append({QLatin1String(key), QStringLiteral("--%1").arg(QLatin1String(key))});
        }
    for (const auto &[option, key] : {std::pair{&o.clearRtol, "rtol"}, std::pair{&o.clearAtol, "atol"}})
        if (parser.isSet(*option)) {
            edit.unset(QLatin1String(key));
            given.append({QLatin1String(key), QStringLiteral("--clear-%1").arg(QLatin1String(key))});
        }
    if (parser.isSet(o.notebook)) {
        edit.set(QStringLiteral("notebook"), parser.value(o.notebook));
        given.append({QStringLiteral("notebook"), QStringLiteral("--notebook")});
    }
    if (parser.isSet(o.code) && parser.isSet(o.codeFile))
        return checksUsage(QStringLiteral("--code and --code-file cannot be combined"));
    if (parser.isSet(o.code) || parser.isSet(o.codeFile)) {
        std::variant<int, QString> code = codeOption(parser, o, assignmentArg);
        if (const int *rc = std::get_if<int>(&code))
            return *rc;
        edit.set(QStringLiteral("code"), std::get<QString>(code));
        given.append({QStringLiteral("code"), parser.isSet(o.code) ? QStringLiteral("--code") : QStringLiteral("--code-file")});
    }
    for (const QString &assignment : parser.values(o.set)) {
        const qsizetype eq = assignment.indexOf(QLatin1Char('='));
        if (eq <= 0)
            return checksUsage(QStringLiteral("--set takes KEY=VALUE, not '%1'").arg(assignment));
        edit.setText(assignment.left(eq), assignment.mid(eq + 1));
        given.append({assignment.left(eq), QStringLiteral("--set %1").arg(assignment)});
    }
    for (const QString &key : parser.values(o.unset)) {
        edit.unset(key);
        given.append({key, QStringLiteral("--unset %1").arg(key)});
    }
    if (edit.isEmpty())
        return checksUsage(QStringLiteral("edit needs at least one of --points, --rtol, --atol, --clear-rtol, --clear-atol, --notebook, "
                                          "--code, --code-file, --set, --unset"));
    if ((n.rtol && parser.isSet(o.clearRtol)) || (n.atol && parser.isSet(o.clearAtol)))
        return checksUsage(QStringLiteral("--rtol/--atol and --clear-rtol/--clear-atol of the same tolerance cannot be combined"));
    for (qsizetype i = 0; i < given.size(); ++i)
        for (qsizetype j = i + 1; j < given.size(); ++j)
            if (given.at(i).first == given.at(j).first)
                return checksUsage(QStringLiteral("%1 and %2 both change '%3'; give it once")
                                       .arg(given.at(i).second, given.at(j).second, given.at(i).first));
    return edit;
}

/// checks remove|edit ASSIGNMENT ID.
int changeCheckAction(const QCommandLineParser &parser, const ChecksOptions &o, const QStringList &pos, const CheckNumbers &n)
{
    const QString action = pos.at(0);
    const QString assignmentArg = pos.at(1);
    const QString jsonPath = jsonPathOf(assignmentArg);
    const QString checkId = pos.at(2);
    Expected<int> index = indexOf(jsonPath, checkId);
    if (!index) {
        return failWith(index.error());
    }
    if (action == QLatin1String("remove")) {
        if (auto r = removeCheck(jsonPath, *index, checkId); !r) {
            return failWith(r.error());
        }
        out() << "removed check '" << checkId << "' (checks[" << *index << "]) from " << jsonPath << '\n';
        printTotal(assignmentArg);
        return ExitOk;
    }
    std::variant<int, CheckEdit> read = readCheckEdit(parser, o, n, assignmentArg);
    if (const int *rc = std::get_if<int>(&read))
        return *rc;
    CheckEdit edit = std::get<CheckEdit>(read);
    edit.checkId = checkId; // the check by its id, wherever an edit since the lookup has moved it
    if (jsonvalue::isString(edit.changes.value(QStringLiteral("code")))
        && !codeCompiles(assignmentArg, jsonPath, checkId, edit.changes.value(QStringLiteral("code")).toString(),
                         parser.isSet(o.codeFile) ? parser.value(o.codeFile) : QString()))
        return ExitBadInput;
    if (edit.textChanges.contains(QStringLiteral("code"))
        && !codeCompiles(assignmentArg, jsonPath, checkId, edit.textChanges.value(QStringLiteral("code")), QString(),
                         QStringLiteral("--set code")))
        return ExitBadInput;
    const Expected<bool> written = editCheck(jsonPath, *index, edit);
    if (!written) {
        return failWith(written.error());
    }
    if (*written)
        out() << "changed check '" << checkId << "' (checks[" << *index << "]) in " << jsonPath << '\n';
    else
        out() << "check '" << checkId << "' (checks[" << *index << "]) in " << jsonPath
              << " already has these values: nothing changed\n";
    printTotal(assignmentArg);
    return ExitOk;
}

} // namespace

int cmdChecks(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("ACTION"), QStringLiteral("list, add value, add test, remove, or edit"));
    parser.addPositionalArgument(QStringLiteral("ASSIGNMENT"), QStringLiteral("Assignment folder or its assignment.json."));
    parser.addPositionalArgument(QStringLiteral("ID"), QStringLiteral("remove/edit: the check's id"), QStringLiteral("[ID]"));
    const ChecksOptions o;
    for (const QCommandLineOption *option : o.all())
        parser.addOption(*option);
    if (int rc = parseOrExit(parser, args,
                             QStringLiteral("The checks of an assignment: list them with their points and total (--reference: "
                                            "with the reference run's variables, type and value), add a value or test check, "
                                            "remove or edit one. Changes are written to assignment.json atomically; every "
                                            "other key and the key order are kept."),
                             -1);
        rc != ExitOk)
        return rc < 0 ? ExitOk : rc;
    const QStringList pos = parser.positionalArguments();
    const QString action = pos.value(0);
    // Options each action accepts; any other option given is a usage error.
    QList<const QCommandLineOption *> allowed;
    int expected = 0;
    if (action == QLatin1String("list")) {
        allowed = {&o.reference, &o.json, &o.sandbox, &o.datasets, &o.image};
        expected = 2;
    } else if (action == QLatin1String("add") && pos.value(1) == QLatin1String("value")) {
        allowed = {&o.id, &o.variable, &o.points, &o.rtol, &o.atol, &o.anchor};
        expected = 3;
    } else if (action == QLatin1String("add") && pos.value(1) == QLatin1String("test")) {
        allowed = {&o.id, &o.points, &o.code, &o.codeFile};
        expected = 3;
    } else if (action == QLatin1String("remove")) {
        expected = 3;
    } else if (action == QLatin1String("edit")) {
        allowed = {&o.points, &o.rtol, &o.atol, &o.clearRtol, &o.clearAtol, &o.code, &o.codeFile, &o.set, &o.unset};
        expected = 3;
    } else {
        return checksUsage(QStringLiteral("usage: checks list|add value|add test|remove|edit ASSIGNMENT [ID]"));
    }
    if (pos.size() != expected)
        return checksUsage(QStringLiteral("%1 takes %2 argument(s) after the action")
                               .arg(action == QLatin1String("add") ? QStringLiteral("add ") + pos.value(1) : action)
                               .arg(expected - (action == QLatin1String("add") ? 2 : 1)));
    if (const QString other = optionNotTaken(parser, o.refusable(), allowed); !other.isEmpty())
        return checksUsage(QStringLiteral("--%1 does not apply to '%2'")
                               .arg(other, action == QLatin1String("add") ? QStringLiteral("add ") + pos.value(1) : action));
    auto numberOption = [&](const QCommandLineOption &option, std::optional<double> &target) -> bool {
        if (!parser.isSet(option))
            return true;
        bool ok = false;
        const double v = parser.value(option).toDouble(&ok);
        if (!ok || !std::isfinite(v) || v < 0) // points and tolerances alike: a finite number, at least 0
            return false;
        target = v;
        return true;
    };
    CheckNumbers numbers;
    for (const auto &[option, target] : {std::pair{&o.points, &numbers.points}, std::pair{&o.rtol, &numbers.rtol}, std::pair{&o.atol, &numbers.atol}})
        if (!numberOption(*option, *target))
            return checksUsage(QStringLiteral("--%1 '%2' is not a number of at least 0").arg(option->names().constFirst(), parser.value(*option)));

    if (action == QLatin1String("list")) {
        std::optional<SandboxKind> kind;
        if (!readSandboxOption(parser, o.sandbox, kind))
            return ExitUsage;
        const RunChoices choices = commandLineRunChoices(kind, parser.value(o.datasets),
                                                         parser.isSet(o.image) ? std::optional(parser.value(o.image)) : std::nullopt);
        return listChecks(pos.at(1), parser.isSet(o.reference), parser.isSet(o.json), choices);
    }

    if (action == QLatin1String("add"))
        return addCheckAction(parser, o, pos, numbers);
    return changeCheckAction(parser, o, pos, numbers);
}

} // namespace sandmark::cli
