// sandmark-cli import nbgrader PATH -o ASSIGNMENT [--header FILE | --no-header] [--autotests FILE] [--sandbox NAME]
// sandmark-cli import otter MASTER.ipynb -o ASSIGNMENT | import otter NOTEBOOK.ipynb --tests TESTS -o ASSIGNMENT
// sandmark-cli import submissions ARCHIVE|FOLDER -o OUT [--json]
#include "assignment/nbgrader_import.h"
#include "assignment/otter_import.h"
#include "batch/lmsimport.h"
#include "batch/submissions.h"
#include "cli_util.h"
#include "commands.h"
#include "datasets/scanner.h"
#include "sandbox/registry.h"
#include "util/displaytext.h"
#include "util/paths.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace sandmark::cli {

namespace {

/// A path as shown to the user: relative when inside the working directory, else absolute.
QString shown(const QString &path)
{
    const QString abs = QFileInfo(path).absoluteFilePath();
    const QString cwd = QDir::currentPath();
    return abs.startsWith(cwd + QLatin1Char('/')) ? QDir(cwd).relativeFilePath(abs) : abs;
}

/// The modules `notebooks` (absolute paths) import, scanned with `python` (sandmark_scan.py).
Expected<QList<ScannedModule>> importedModules(const QString &python, const QStringList &notebooks)
{
    QList<ScannedModule> modules;
    for (const QString &nb : notebooks) {
        Expected<ScanResult> scan = scanNotebook(python, nb);
        if (!scan)
            return scan.error();
        modules += scan->modules;
    }
    return modules;
}

/// `import submissions`: exit 0 when a student folder was written (flagged and skipped entries on stderr,
/// and a summary saying how many are ready to grade and how many need review), 1 when nothing was.
int importSubmissionsCmd(const QString &input, const QString &outFolder, bool json)
{
    auto report = importSubmissions(input, outFolder);
    if (!report) {
        return failWith(report.error());
    }
    const auto entries = [](const QList<FlaggedEntry> &list) {
        QJsonArray a;
        for (const FlaggedEntry &f : list)
            a.append(QJsonObject{{QStringLiteral("entry"), f.entry}, {QStringLiteral("reason"), f.reason}});
        return a;
    };
    if (json) {
        QJsonArray imported, review;
        for (const ImportedSubmission &s : report->imported)
            imported.append(QJsonObject{{QStringLiteral("student"), s.studentId},
                                        {QStringLiteral("name"), s.displayName},
                                        {QStringLiteral("notebook"), s.notebookPath},
                                        {QStringLiteral("late"), s.late}});
        for (const ImportedSubmission &s : report->needsReview)
            review.append(QJsonObject{{QStringLiteral("student"), s.studentId},
                                      {QStringLiteral("name"), s.displayName},
                                      {QStringLiteral("folder"), s.folder},
                                      {QStringLiteral("reason"), s.problem},
                                      {QStringLiteral("late"), s.late}});
        out() << QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("imported"), imported},
                                                             {QStringLiteral("needs_review"), review},
                                                             {QStringLiteral("flagged"), entries(report->flagged)},
                                                             {QStringLiteral("skipped"), entries(report->skipped)}})
                                       .toJson(QJsonDocument::Compact))
              << '\n';
    } else {
        // One line per student folder written: id, notebook (or folder), and what to know about it.
        for (const ImportedSubmission &s : report->imported)
            out() << displayText(s.studentId) << '\t' << displayText(shown(s.notebookPath)) << (s.late ? "\tlate" : "") << '\n';
        for (const ImportedSubmission &s : report->needsReview)
            out() << displayText(s.studentId) << '\t' << displayText(shown(s.folder)) << "\tneeds review" << (s.late ? "; late" : "") << '\n';
    }
    out().flush();
    for (const FlaggedEntry &f : report->flagged)
        err() << "sandmark-cli: import: flagged: " << displayText(f.entry) << ": " << displayText(f.reason) << Qt::endl;
    for (const FlaggedEntry &f : report->skipped)
        err() << "sandmark-cli: import: " << displayText(f.entry) << ": " << displayText(f.reason) << Qt::endl;
    const qsizetype notWritten = report->flagged.size() - report->needsReview.size();
    if (report->written() == 0) {
        err() << "sandmark-cli: " << input << ": nothing was written (" << notWritten << " entr"
              << (notWritten == 1 ? "y" : "ies") << " refused or not recognised, " << report->skipped.size()
              << " skipped)" << Qt::endl;
        return ExitBadInput;
    }
    qsizetype late = 0;
    for (const QList<ImportedSubmission> *list : {&report->imported, &report->needsReview})
        for (const ImportedSubmission &s : *list)
            late += s.late ? 1 : 0;
    err() << "sandmark-cli: import: " << report->written() << " student folder(s) written into " << shown(outFolder)
          << ": " << report->imported.size() << " ready to grade, " << report->needsReview.size()
          << " flagged (grade records them as needs-review), " << late << " late; " << notWritten
          << " entr" << (notWritten == 1 ? "y" : "ies") << " refused or not recognised, " << report->skipped.size()
          << " skipped" << Qt::endl;
    // The folder as grade will list it, this import's students and those already there.
    if (Expected<QList<Submission>> listed = discoverSubmissions(outFolder))
        warnLookalikeIds(QStringLiteral("import"), *listed);
    return ExitOk;
}

/// An importer's warnings, one "sandmark-cli: warning: …" line each on stderr, after what stdout has so far.
void printImportWarnings(const QStringList &warnings)
{
    for (const QString &w : warnings) {
        out().flush();
        err() << "sandmark-cli: warning: " << w << Qt::endl;
    }
}

/// `import otter`: exit 0 when the assignment was written (warnings on stderr), 1 on bad input.
int importOtterCmd(const QString &input, const QString &tests, const QString &outFolder)
{
    const QString python = paths::defaultPython();
    auto report = tests.isEmpty() ? importOtter(input, outFolder, python) : importOtterTests(input, tests, outFolder, python);
    if (!report) {
        return failWith(report.error());
    }
    printImportWarnings(report->warnings);
    out() << "assignment written to " << report->folder << '\n'
          << "  notebook:      " << report->notebook << '\n'
          << "  questions:     " << report->questions.join(QLatin1String(", ")) << '\n'
          << "  test cases:    " << report->testCases << " (" << report->hiddenCases << " hidden) in "
          << report->otterChecks << " otter checks\n"
          << "  manual checks: " << report->manualChecks << '\n';
    if (!report->referenceCases.isEmpty())
        out() << "  expected output from the reference run (the master's test cells were not run): "
              << report->referenceCases.join(QLatin1String(", ")) << '\n';
    out() << "  data files:    " << report->dataFiles.size() << '\n'
          << "  dependencies:  "
          << (report->dependencies.isEmpty() ? QStringLiteral("none") : report->dependencies.join(QLatin1String(", ")))
          << '\n';
    return ExitOk;
}

/// Proposes the dependencies the imported notebooks need (their own imports, scanned with the Python the runs
/// would use); never adds them (a course may pin versions, or provide a module another way). Prints the proposal,
/// and a warning for modules that interpreter lacks.
void proposeImportDependencies(const NbgraderImportReport &report)
{
    const QString python = paths::defaultPython();
    QStringList notebooks;
    for (const QString &n : std::as_const(report.notebooks))
        notebooks << QDir(report.folder).filePath(n);
    Expected<QList<ScannedModule>> modules = importedModules(python, notebooks);
    if (!modules) {
        out() << "  dependencies:  not proposed (the notebooks' imports could not be scanned)\n";
        out().flush();
        err() << "sandmark-cli: warning: " << modules.error().toString() << Qt::endl;
        return;
    }
    const DependencyProposal proposal = proposeDependencies(*modules, report.folder);
    if (proposal.requirements.isEmpty()) {
        out() << "  dependencies:  none proposed (the notebooks import the standard library only)\n";
    } else {
        QStringList quoted;
        for (const QString &r : proposal.requirements)
            quoted << QLatin1Char('"') + r + QLatin1Char('"');
        out() << "  dependencies:  not added; the notebooks import " << proposal.modules.join(QLatin1String(", "))
              << " (outside the standard library): add what the course needs to \"dependencies\" in "
              << QDir(report.folder).filePath(QStringLiteral("assignment.json")) << ", e.g. \"dependencies\": ["
              << quoted.join(QLatin1String(", ")) << "]\n";
    }
    out().flush();
    if (!proposal.missing.isEmpty())
        err() << "sandmark-cli: warning: " << python << " has no module " << proposal.missing.join(QLatin1String(", "))
              << ", which the notebooks import: every run fails on that import until \"dependencies\" in "
                 "assignment.json lists the package that provides it"
              << Qt::endl;
}

/// import nbgrader PATH -o OUT: the assignment written, what it holds, and the dependencies it needs.
int importNbgraderCmd(const QString &path, const QString &outDir, const NbgraderImportOptions &options)
{
    auto report = importNbgrader(path, outDir, options);
    if (!report) {
        return failWith(report.error());
    }
    if (!report->standardHeader.isEmpty())
        err() << "sandmark-cli: import: using the course header " << report->standardHeader
              << " (nbgrader's standard place; --header FILE or --no-header to choose otherwise)" << Qt::endl;
    printImportWarnings(report->warnings);
    out() << "assignment written to " << report->folder << '\n'
          << "  notebooks:     " << report->notebooks.join(QLatin1String(", ")) << '\n';
    if (!report->header.isEmpty())
        out() << "  header:        " << report->header << '\n';
    if (!report->autotests.isEmpty())
        out() << "  autotests:     " << report->autotestDirectives << " AUTOTEST line(s), " << report->autotestExpressions
              << " expression(s) expanded with " << shown(report->autotests) << " (evaluated in the "
              << report->autotestBackend << " sandbox)\n";
    out() << "  data files:    " << report->dataFiles.size() << '\n'
          << "  test checks:   " << report->testChecks << '\n'
          << "  manual checks: " << report->manualChecks << '\n'
          << "  answer cells:  " << report->answerCells << ", locked cells: " << report->lockedCells << '\n';
    proposeImportDependencies(*report);
    return ExitOk;
}

} // namespace

int cmdImport(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("KIND"), QStringLiteral("What to import: nbgrader, otter, submissions."));
    parser.addPositionalArgument(QStringLiteral("PATH"),
                                 QStringLiteral("nbgrader: a source notebook or a course's source/<assignment>/ "
                                                "folder. otter: an Otter Assign (v1) master notebook, or with --tests "
                                                "a notebook beside Otter's tests/ folder. submissions: a Canvas or "
                                                "Moodle zip export, the same unpacked into a folder, or a folder with "
                                                "one notebook or sub-folder per student."));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("nbgrader: the assignment folder to create. submissions: the "
                                                   "folder to write <student>/<notebook>.ipynb into."),
                                    QStringLiteral("OUT"));
    parser.addOption(output);
    const QCommandLineOption json(QStringLiteral("json"),
                                  QStringLiteral("submissions: print {\"imported\": [...], \"needs_review\": [...], "
                                                 "\"flagged\": [...], \"skipped\": [...]} as one JSON object."));
    parser.addOption(json);
    const QCommandLineOption header(QStringLiteral("header"),
                                    QStringLiteral("nbgrader: the course's header notebook (left out of the problem set; "
                                                   "default: a header.ipynb without graded cells in the folder, else "
                                                   "nbgrader's standard source/header.ipynb beside it)."),
                                    QStringLiteral("FILE"));
    parser.addOption(header);
    const QCommandLineOption noHeader(QStringLiteral("no-header"),
                                      QStringLiteral("nbgrader: the course has no header: take neither default."));
    parser.addOption(noHeader);
    const QCommandLineOption autotests(QStringLiteral("autotests"),
                                       QStringLiteral("nbgrader: the autotests.yml for AUTOTEST directives (default: "
                                                      "PATH's folder, then the course root, as nbgrader looks)."),
                                       QStringLiteral("FILE"));
    parser.addOption(autotests);
    const QCommandLineOption sandbox = sandboxOption(QStringLiteral("nbgrader: the backend that evaluates AUTOTEST expressions in the "
                                                                    "instructor notebooks: %1 (default: %2)."));
    parser.addOption(sandbox);
    const QCommandLineOption testsDir(QStringLiteral("tests"),
                                      QStringLiteral("otter: Otter's tests/ folder of OK-format files to grade PATH "
                                                     "with (PATH is then a student-format notebook)."),
                                      QStringLiteral("DIR"));
    parser.addOption(testsDir);
    if (int rc = parseOrExit(parser, args,
                             QStringLiteral("nbgrader: create a Sandmark assignment from an nbgrader source "
                                            "notebook or folder: test cells become test checks, manually graded "
                                            "cells manual checks. otter: the same from an Otter course (test "
                                            "cases become otter checks, manual questions manual checks). submissions: import students' notebooks from a "
                                            "Canvas or Moodle zip or a folder into OUT/<student>/; unsafe entries "
                                            "and students with several notebooks are flagged on stderr, and the "
                                            "LMS's names, late marks and flags kept in OUT/.sandmark-import.json."),
                             2);
        rc != ExitOk)
        return rc < 0 ? ExitOk : rc;
    const QStringList pos = parser.positionalArguments();
    const bool submissions = pos.at(0) == QLatin1String("submissions");
    const bool otter = pos.at(0) == QLatin1String("otter");
    if (pos.at(0) != QLatin1String("nbgrader") && !submissions && !otter) {
        err() << "sandmark-cli: import: unknown kind '" << pos.at(0) << "' (known: nbgrader, otter, submissions)" << Qt::endl;
        return ExitUsage;
    }
    if (parser.value(output).isEmpty()) { // not given, or given empty (-o '')
        err() << "sandmark-cli: import: -o " << (submissions ? "OUT" : "ASSIGNMENT") << " is required: a folder, not empty" << Qt::endl;
        return ExitUsage;
    }
    // Each kind's own options; another kind's is a usage error, never silently ignored.
    const QList<const QCommandLineOption *> taken = otter       ? QList<const QCommandLineOption *>{&testsDir}
                                                    : submissions ? QList<const QCommandLineOption *>{&json}
                                                                  : QList<const QCommandLineOption *>{&header, &noHeader, &autotests, &sandbox};
    if (const QString other = optionNotTaken(parser, {&json, &header, &noHeader, &autotests, &sandbox, &testsDir}, taken);
        !other.isEmpty()) {
        err() << "sandmark-cli: import: --" << other << " does not apply to 'import " << pos.at(0) << "'" << Qt::endl;
        return ExitUsage;
    }
    if (parser.isSet(header) && parser.isSet(noHeader)) {
        err() << "sandmark-cli: import: --header and --no-header exclude each other; choose one" << Qt::endl;
        return ExitUsage;
    }
    if (otter)
        return importOtterCmd(pos.at(1), parser.value(testsDir), parser.value(output));
    if (submissions)
        return importSubmissionsCmd(pos.at(1), parser.value(output), parser.isSet(json));
    NbgraderImportOptions nbgraderOptions;
    nbgraderOptions.header = parser.value(header);
    nbgraderOptions.noHeader = parser.isSet(noHeader);
    nbgraderOptions.autotests = parser.value(autotests);
    if (!readSandboxOption(parser, sandbox, nbgraderOptions.runChoices.sandbox))
        return ExitUsage;
    return importNbgraderCmd(pos.at(1), parser.value(output), nbgraderOptions);
}

} // namespace sandmark::cli
