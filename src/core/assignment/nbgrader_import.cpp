#include "assignment/nbgrader_import.h"

#include "assignment/assignment.h"
#include "assignment/autotest.h"
#include "assignment/autotest_run.h"
#include "assignment/create.h"

#include "checks/codesyntax.h"
#include "notebook/nbgrader.h"
#include "notebook/release.h"
#include "util/inputfile.h"
#include "util/stagingdir.h"

#include <QDir>
#include <QDirIterator>
#include <QHash>
#include <QSet>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <nlohmann/json.hpp>

#include <set>

namespace sandmark {

using Json = nlohmann::ordered_json;

namespace {

std::string ss(const QString &s)
{
    return s.toStdString();
}

QString slugFrom(const QString &name)
{
    QString slug = name;
    slug.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]+")), QStringLiteral("-"));
    while (slug.startsWith(QLatin1Char('-')) || slug.startsWith(QLatin1Char('.')) || slug.startsWith(QLatin1Char('_')))
        slug.remove(0, 1);
    return slug.left(64).isEmpty() ? QStringLiteral("assignment") : slug.left(64);
}

/// Expands the AUTOTEST directives of `loaded` (the notebooks of `root`, in place) as nbgrader's
/// generate_assignment does: every notebook holding one is planned, all run once in the sandbox, then expanded.
/// `directives` receives, per notebook and cell index, the expressions each expanded cell stands for
/// ("AUTOTEST squares(1)", "HASHED AUTOTEST len(squares(4))"): the test check's "autotest".
Expected<void> expandAllAutotests(const QString &root, const QStringList &notebooks, const QStringList &dataFiles,
                                  const Notebook *header, const NbgraderImportOptions &options, QList<Notebook> &loaded,
                                  QSet<QString> &expanded, QHash<QString, QHash<int, QStringList>> &directives,
                                  NbgraderImportReport &report)
{
    QList<qsizetype> which;
    for (qsizetype n = 0; n < loaded.size(); ++n)
        if (hasAutotest(loaded[n]))
            which << n;
    if (which.isEmpty())
        return {};
    const QString yml = options.autotests.isEmpty() ? findAutotestsFile(root) : options.autotests;
    if (yml.isEmpty())
        return Error{QDir(root).filePath(notebooks[which.first()]), {},
                     QStringLiteral("holds AUTOTEST directives, but there is no autotests.yml in %1 or the course root (where "
                                    "nbgrader looks); give one with --autotests FILE")
                         .arg(root)};
    QList<AutotestPlan> plans;
    QList<AutotestConfig> configs;
    for (qsizetype n : std::as_const(which)) {
        const QString path = QDir(root).filePath(notebooks[n]);
        const QString kernel = loaded[n].kernelName();
        if (kernel != QLatin1String("python3") && kernel != QLatin1String("python"))
            return Error{path, QStringLiteral("metadata.kernelspec.name"),
                         QStringLiteral("'%1': nbgrader expands AUTOTEST directives only for a kernel it knows (python3, python)").arg(kernel)};
        Expected<AutotestConfig> config = loadAutotestConfig(yml, kernel);
        if (!config)
            return config.error();
        Expected<AutotestPlan> plan = planAutotests(loaded[n], path, header, *config);
        if (!plan)
            return plan.error();
        report.autotestDirectives += plan->directives;
        report.autotestExpressions += int(plan->expressions.size());
        plans << *plan;
        configs << *config;
    }
    Expected<AutotestEvaluation> evaluation = runAutotestEvaluation(plans, root, dataFiles, options.runChoices);
    if (!evaluation)
        return evaluation.error();
    if (!evaluation->notice.isEmpty())
        report.warnings << evaluation->notice;
    for (qsizetype p = 0; p < plans.size(); ++p) {
        const RunResult &run = evaluation->runs[p];
        Expected<QList<AutotestValues>> values = readAutotestValues(plans[p], run.notebookJson, run.record, configs[p]);
        if (!values)
            return values.error();
        Expected<Notebook> nb = expandAutotests(loaded[which[p]], plans[p], *values, configs[p]);
        if (!nb)
            return nb.error();
        loaded[which[p]] = *nb;
        expanded << notebooks[which[p]];
        for (const AutotestExpression &e : std::as_const(plans[p].expressions))
            directives[notebooks[which[p]]][e.cell]
                << (e.salt.isEmpty() ? QStringLiteral("AUTOTEST ") : QStringLiteral("HASHED AUTOTEST ")) + e.expression;
    }
    report.autotests = yml;
    report.autotestBackend = evaluation->backend;
    return {};
}

} // namespace

QString findCourseHeader(const QString &assignmentFolder)
{
    const QDir folder(QFileInfo(assignmentFolder).absoluteFilePath());
    QDir parent(QFileInfo(folder.absolutePath()).absolutePath());
    if (parent.dirName() != QLatin1String("source"))
        return {};
    const QString header = parent.filePath(QStringLiteral("header.ipynb"));
    return QFileInfo(header).isFile() ? QDir::cleanPath(header) : QString();
}

namespace {

/// An import's source: the folder its files are relative to, its notebooks and its other files (sorted).
struct ImportSource
{
    QString root;
    QStringList notebooks;
    QStringList dataFiles;
};

/// The notebooks and data files of `source` (a folder, or one notebook); refuses links, FIFOs and devices.
Expected<ImportSource> listImportSource(const QString &source, const QFileInfo &info)
{
    ImportSource found;
    found.root = info.isDir() ? info.absoluteFilePath() : info.absolutePath();
    const QString &root = found.root;
    QStringList &notebooks = found.notebooks; // relative to root
    QStringList &dataFiles = found.dataFiles;
    if (info.isDir()) {
        // QDir::System too: a FIFO, device or socket is refused, never left out without a word.
        QDirIterator it(root, QDir::Files | QDir::System | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString abs = it.next();
            const QString rel = QDir(root).relativeFilePath(abs);
            if (rel.startsWith(QLatin1Char('.')) || rel.contains(QLatin1String("/.")))
                continue; // .ipynb_checkpoints, hidden files
            if (QFileInfo(abs).isSymLink())
                return Error{abs, {}, QStringLiteral("symbolic links are not imported; copy the file instead")};
            if (!QFileInfo(abs).isFile())
                return Error{abs, {}, QStringLiteral("not a regular file (a FIFO, a device or a socket); it is not imported")};
            (rel.endsWith(QLatin1String(".ipynb")) ? notebooks : dataFiles) << rel;
        }
        notebooks.sort();
        dataFiles.sort();
        if (notebooks.isEmpty())
            return Error{source, {}, QStringLiteral("no notebooks (.ipynb) in this folder")};
    } else {
        notebooks << info.fileName();
    }
    return found;
}

/// The course header (nbgrader's `header` preprocessor prepends it to every released notebook): --header, a
/// header.ipynb of the folder without graded cells, or nbgrader's standard place beside the assignment. Taken
/// out of `notebooks`; none with --no-header.
/// The first cell of `nb` that nbgrader grades or that a student answers in (a course header has none).
std::optional<NbgraderCell> firstGradedCell(const Notebook &nb)
{
    const QList<NbgraderCell> cells = nbgraderCells(nb);
    const auto it = std::find_if(cells.cbegin(), cells.cend(), [](const NbgraderCell &c) { return c.grade || c.solution || c.task; });
    return it == cells.cend() ? std::nullopt : std::optional<NbgraderCell>(*it);
}

Expected<std::optional<Notebook>> findHeader(const ImportSource &found, const QFileInfo &info, QStringList &notebooks,
                                             const NbgraderImportOptions &options, NbgraderImportReport &report)
{
    const QString &root = found.root;
    std::optional<Notebook> headerNotebook;
    if (!options.header.isEmpty() && options.noHeader)
        return Error{options.header, QStringLiteral("--header"), QStringLiteral("given together with --no-header; choose one")};
    if (!options.header.isEmpty()) {
        const QFileInfo header(options.header);
        if (!header.fileName().endsWith(QLatin1String(".ipynb")))
            return Error{options.header, QStringLiteral("--header"), QStringLiteral("not a notebook (.ipynb) file")};
        if (!header.isFile())
            return Error{options.header, QStringLiteral("--header"), notARegularFile(options.header)};
        const QString abs = header.canonicalFilePath();
        Expected<Notebook> loaded = Notebook::load(options.header);
        if (!loaded)
            return loaded.error();
        if (const std::optional<NbgraderCell> graded = firstGradedCell(*loaded))
            return Error{options.header, QStringLiteral("cells[%1]").arg(graded->index),
                         QStringLiteral("--header names a notebook with graded or answer cells ('%1'): a course header has "
                                        "none; a problem notebook is imported as one of the problems")
                             .arg(graded->gradeId)};
        headerNotebook = *loaded;
        for (qsizetype i = 0; i < notebooks.size(); ++i)
            if (QFileInfo(QDir(root).filePath(notebooks[i])).canonicalFilePath() == abs) {
                notebooks.removeAt(i);
                break;
            }
        report.header = QStringLiteral("%1 (--header)").arg(options.header);
    } else if (options.noHeader) {
        // No header: a header.ipynb of the folder is a notebook like the others.
        if (const QString standard = findCourseHeader(root); !standard.isEmpty())
            report.warnings << QStringLiteral("%1: left out (--no-header), though it is nbgrader's standard course header; if "
                                              "the course prepended it, every student's test cells will read as edited")
                                   .arg(standard);
    } else if (info.isDir() && notebooks.contains(QStringLiteral("header.ipynb")) && notebooks.size() > 1) {
        const Expected<Notebook> header = Notebook::load(QDir(root).filePath(QStringLiteral("header.ipynb")));
        if (header && !firstGradedCell(*header)) {
            headerNotebook = *header;
            notebooks.removeAll(QStringLiteral("header.ipynb"));
            report.header = QStringLiteral("header.ipynb (no graded cells: the course header, not a problem notebook)");
        }
    }
    if (!headerNotebook && !options.noHeader) {
        // nbgrader's standard place, beside the assignment: the course prepends it to every released notebook, so
        // the students' HASHED AUTOTEST salts and cell positions count its cells.
        if (const QString standard = findCourseHeader(root); !standard.isEmpty()) {
            Expected<Notebook> loaded = Notebook::load(standard);
            if (!loaded)
                return loaded.error();
            headerNotebook = *loaded;
            report.header = QStringLiteral("%1 (nbgrader's standard course header; --no-header leaves it out)").arg(standard);
            report.standardHeader = standard;
        }
    }
    return headerNotebook;
}

/// What the nbgrader cells of an assignment's notebooks become: checks and assignment.json's `nbgrader` lists.
struct NbgraderCells
{
    Json checks = Json::array();
    Json answers = Json::array(); ///< the answer (solution) cells' grade_ids
    Json locked = Json::array();  ///< the read-only cells' grade_ids
    std::set<int> schemas;        ///< the nbgrader metadata schema versions met
    /// Where each test check's code comes from: its notebook (relative to the imported folder), the cell index and
    /// the grade_id.
    struct TestCell
    {
        QString notebook;
        int index = 0;
        QString gradeId;
        QString code;
    };
    QList<TestCell> testCells;
};

/// Reads the nbgrader cells of every notebook (their releases must be makeable): a test check per autograder
/// test cell (anchored after the cell before it, with its AUTOTEST `directives`), a manual check per manually
/// graded cell; grade_ids are unique across the notebooks.
Expected<NbgraderCells> readNbgraderCells(const QString &root, const QStringList &notebooks, const QList<Notebook> &loaded,
                                          const QHash<QString, QHash<int, QStringList>> &directives, NbgraderImportReport &report)
{
    NbgraderCells out;
    Json &checks = out.checks, &answers = out.answers, &locked = out.locked;
    std::set<int> &schemas = out.schemas;
    QStringList gradeIds;
    for (qsizetype n = 0; n < notebooks.size(); ++n) {
        const QString &rel = notebooks[n];
        const QString path = QDir(root).filePath(rel);
        const Notebook *nb = &loaded[n];
        if (auto released = makeRelease(*nb, path); !released)
            return released.error();
        QString previousAnchor;
        const QList<NbgraderCell> cells = nbgraderCells(*nb);
        for (int i = 0; i < nb->cellCount(); ++i) {
            auto it = std::find_if(cells.begin(), cells.end(), [&](const NbgraderCell &c) { return c.index == i; });
            if (it == cells.end()) {
                if (!nb->cellId(i).isEmpty())
                    previousAnchor = nb->cellId(i);
                continue;
            }
            const NbgraderCell &c = *it;
            const QString place = QStringLiteral("cells[%1]").arg(i);
            schemas.insert(c.schemaVersion);
            if ((c.grade || c.solution || c.locked || c.task) && c.gradeId.isEmpty())
                return Error{path, place, QStringLiteral("nbgrader cell without a grade_id")};
            if (!c.gradeId.isEmpty()) {
                if (gradeIds.contains(c.gradeId))
                    return Error{path, place, QStringLiteral("grade_id '%1' is used twice").arg(c.gradeId)};
                gradeIds << c.gradeId;
            }
            if ((c.isTest() || c.isManual()) && !c.pointsError.isEmpty())
                return Error{path, place + QStringLiteral(".metadata.nbgrader.points"), c.pointsError};
            if (c.isTest()) {
                Json check = Json::object();
                check["id"] = ss(c.gradeId);
                check["type"] = "test";
                check["points"] = c.points;
                check["grade_id"] = ss(c.gradeId);
                if (!previousAnchor.isEmpty())
                    check["after"] = ss(previousAnchor);
                check["notebook"] = ss(rel);
                check["code"] = ss(nb->cellSource(i));
                if (const QStringList d = directives.value(rel).value(i); !d.isEmpty()) {
                    check["autotest"] = Json::array();
                    for (const QString &line : d)
                        check["autotest"].push_back(ss(line));
                }
                checks.push_back(std::move(check));
                out.testCells.append({rel, i, c.gradeId, nb->cellSource(i)});
                ++report.testChecks;
            } else if (c.isManual()) {
                Json check = Json::object();
                check["id"] = ss(c.gradeId);
                check["type"] = "manual";
                check["points"] = c.points;
                check["anchor"] = ss(c.gradeId);
                check["notebook"] = ss(rel);
                checks.push_back(std::move(check));
                ++report.manualChecks;
            }
            if (c.solution) {
                answers.push_back(ss(c.gradeId));
                ++report.answerCells;
            }
            if (c.locked) {
                locked.push_back(ss(c.gradeId));
                ++report.lockedCells;
            }
            previousAnchor = c.gradeId;
        }
    }
    return out;
}

/// A warning per test cell that Python does not compile (compileAllBlocking(), the default interpreter: an imported
/// assignment names none), naming its notebook, cell, grade_id and the error's line: it is imported as it is (the
/// course's own source), and its check then fails for every submission, the reference run included. An interpreter
/// that cannot check is one warning saying the cells were not checked. Notebooks are named as the user gave `source`.
QStringList testCellSyntaxWarnings(const QString &source, const QFileInfo &info, const QList<NbgraderCells::TestCell> &cells)
{
    QList<CodeToCompile> codes;
    for (const NbgraderCells::TestCell &c : cells)
        codes.append({c.gradeId, c.code});
    const QString python = syntaxCheckPython(QString());
    const Expected<QList<std::optional<PythonSyntaxError>>> compiled = compileAllBlocking(python, codes);
    if (!compiled)
        return {QStringLiteral("%1; the test cells' syntax is not checked").arg(compiled.error().toString())};
    QStringList warnings;
    for (qsizetype k = 0; k < cells.size(); ++k) {
        const std::optional<PythonSyntaxError> &e = compiled->at(k);
        if (!e)
            continue;
        const NbgraderCells::TestCell &c = cells[k];
        QString place = QStringLiteral("cells[%1]").arg(c.index);
        if (e->line > 0)
            place += QStringLiteral(", line %1").arg(e->line) + (e->column > 0 ? QStringLiteral(", column %1").arg(e->column) : QString());
        const QString shown = QDir::cleanPath(QDir(info.isDir() ? source : info.path()).filePath(c.notebook));
        warnings << Error{shown, place,
                          QStringLiteral("the test cell '%1' (its grade_id) does not compile: %2; imported as it is, its test "
                                         "check fails for every submission, the reference run included: fix the cell in the "
                                         "nbgrader source and import again")
                              .arg(c.gradeId, e->message)}
                        .toString();
    }
    return warnings;
}

/// The imported assignment's assignment.json.
Json importedAssignment(const QFileInfo &info, const ImportSource &found, NbgraderCells cells)
{
    const QStringList &notebooks = found.notebooks;
    const QStringList &dataFiles = found.dataFiles;
    Json a = Json::object();
    a["format"] = kAssignmentFormat;
    a["slug"] = ss(slugFrom(info.isDir() ? info.fileName() : info.completeBaseName()));
    a["title"] = ss(info.isDir() ? info.fileName() : info.completeBaseName());
    a["notebooks"] = Json::array();
    for (const QString &n : std::as_const(notebooks))
        a["notebooks"].push_back(ss(n));
    if (!dataFiles.isEmpty()) {
        a["data_files"] = Json::array();
        for (const QString &f : std::as_const(dataFiles))
            a["data_files"].push_back(ss(f));
    }
    a["checks"] = std::move(cells.checks);
    Json nbg = Json::object();
    nbg["schema_versions"] = Json::array();
    for (int v : cells.schemas)
        nbg["schema_versions"].push_back(v);
    nbg["answer_cells"] = std::move(cells.answers);
    nbg["locked_cells"] = std::move(cells.locked);
    a["nbgrader"] = std::move(nbg);

    return a;
}

/// Writes the assignment into `outDir` (staged beside it, then renamed into place): its files copied, the notebooks
/// in `expanded` saved as `loaded` holds them, and `a` as assignment.json. The folder's absolute path.
Expected<QString> writeImport(const QString &source, const QString &outDir, const ImportSource &found,
                              const QList<Notebook> &loaded, const QSet<QString> &expanded, const Json &a)
{
    const QString &root = found.root;
    const QStringList &notebooks = found.notebooks;
    const QStringList &dataFiles = found.dataFiles;
    // Stage everything, then move into place.
    QDir().mkpath(QFileInfo(outDir).absolutePath());
    auto created = StagingDir::create(QFileInfo(outDir).absolutePath(), QStringLiteral(".sandmark-import-"));
    if (!created)
        return created.error();
    const StagingDir &staging = **created;
    for (const QString &rel : notebooks + dataFiles) {
        const QString dst = staging.filePath(rel);
        QDir().mkpath(QFileInfo(dst).absolutePath());
        if (expanded.contains(rel)) {
            if (auto saved = loaded[notebooks.indexOf(rel)].save(dst); !saved)
                return saved.error();
            continue;
        }
        if (!QFile::copy(QDir(root).filePath(rel), dst))
            return Error{QDir(root).filePath(rel), {}, QStringLiteral("cannot copy into the assignment")};
    }
    {
        QFile f(staging.filePath(QStringLiteral("assignment.json")));
        const std::string text = a.dump(2) + "\n";
        if (!f.open(QIODevice::WriteOnly) || f.write(text.data(), qint64(text.size())) != qint64(text.size()))
            return Error{f.fileName(), {}, QStringLiteral("cannot write: %1").arg(f.errorString())};
    }
    if (auto ok = checkNewAssignment(staging.path(), source); !ok)
        return ok.error();
    const QString target = QFileInfo(outDir).absoluteFilePath();
    if (QFileInfo(target).isDir() && QDir(target).isEmpty())
        QDir().rmdir(target);
    if (!(*created)->renameTo(target))
        return Error{outDir, {}, QStringLiteral("cannot create the assignment folder (it exists and is not empty?)")};
    return target;
}

} // namespace

Expected<NbgraderImportReport> importNbgrader(const QString &source, const QString &outDir,
                                              const NbgraderImportOptions &options)
{
    const QFileInfo info(source);
    if (!info.exists())
        return Error{source, {}, QStringLiteral("no such file or folder")};
    Expected<ImportSource> found = listImportSource(source, info);
    if (!found)
        return found.error();
    if (QFileInfo::exists(QDir(outDir).filePath(QStringLiteral("assignment.json"))))
        return Error{outDir, {}, QStringLiteral("already holds an assignment.json; choose an empty folder")};

    NbgraderImportReport report;
    QStringList &notebooks = found->notebooks;
    Expected<std::optional<Notebook>> headerNotebook = findHeader(*found, info, notebooks, options, report);
    if (!headerNotebook)
        return headerNotebook.error();
    if (notebooks.isEmpty())
        return Error{source, {}, QStringLiteral("no notebooks (.ipynb) besides the header")};
    QList<Notebook> loaded;
    for (const QString &rel : std::as_const(notebooks)) {
        auto nb = Notebook::load(QDir(found->root).filePath(rel));
        if (!nb)
            return nb.error();
        loaded << *nb;
    }
    QSet<QString> expanded; // notebooks written with their AUTOTEST cells expanded
    QHash<QString, QHash<int, QStringList>> directives;
    if (auto ok = expandAllAutotests(found->root, notebooks, found->dataFiles, *headerNotebook ? &**headerNotebook : nullptr,
                                     options, loaded, expanded, directives, report);
        !ok)
        return ok.error();
    Expected<NbgraderCells> cells = readNbgraderCells(found->root, notebooks, loaded, directives, report);
    if (!cells)
        return cells.error();
    report.warnings << testCellSyntaxWarnings(source, info, cells->testCells);
    if (report.testChecks + report.manualChecks == 0)
        report.warnings << QStringLiteral("%1: no nbgrader test or manually graded cells found; add checks to "
                                          "assignment.json").arg(source);
    const Json a = importedAssignment(info, *found, std::move(*cells));
    Expected<QString> target = writeImport(source, outDir, *found, loaded, expanded, a);
    if (!target)
        return target.error();
    report.folder = *target;
    report.notebooks = notebooks;
    report.dataFiles = found->dataFiles;
    return report;
}

DependencyProposal proposeDependencies(const QList<ScannedModule> &modules, const QString &assignmentFolder)
{
    // Every environment Sandmark runs has the kernel (ipykernel, which brings IPython).
    static const QStringList provided = {QStringLiteral("IPython"), QStringLiteral("ipykernel")};
    DependencyProposal p;
    const QDir folder(assignmentFolder);
    for (const ScannedModule &m : modules) {
        if (m.stdlib || provided.contains(m.name) || p.modules.contains(m.name))
            continue;
        if (folder.exists(m.name + QLatin1String(".py")) || QFileInfo(folder.filePath(m.name)).isDir())
            continue; // the course's own helper module, supplied with the assignment
        const QString requirement = m.distribution.isEmpty() ? m.name : m.distribution;
        if (!p.requirements.contains(requirement))
            p.requirements << requirement;
        p.modules << m.name;
        if (!m.found)
            p.missing << m.name;
    }
    return p;
}

} // namespace sandmark
