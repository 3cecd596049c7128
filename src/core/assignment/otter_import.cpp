// Otter-Grader import: Otter Assign v1 masters and OK-format tests/ folders (docs/otter.md). The formats were
// learned from Otter's documentation and source (otter/assign, otter/test_files); nothing of Otter runs here.
#include "assignment/otter_import.h"

#include "assignment/create.h"

#include "notebook/notebook_p.h"
#include "util/inputfile.h"
#include "util/paths.h"
#include "util/stagingdir.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>

#include <yaml-cpp/yaml.h>

#include <cmath>
#include <limits>
#include <stdexcept>

namespace sandmark {

namespace {

QString place(int cell)
{
    return QStringLiteral("cells[%1]").arg(cell);
}

/// Thrown by yamlToJson() when a YAML text nests or expands beyond its budget.
struct YamlTooLarge
{
};

/// What one YAML text may expand to: an alias is expanded where it is used, so a loop never ends and nine levels of
/// nine aliases make 387 million values from a few lines ("billion laughs").
struct YamlBudget
{
    static constexpr int maxDepth = 64;
    static constexpr int maxValues = 100000;
    int values = 0;
};

/// A YAML node as JSON: scalars become booleans, integers, numbers or strings as YAML 1.1 reads them (a quoted
/// scalar stays a string). Throws YamlTooLarge past `budget`.
Json yamlToJson(const YAML::Node &n, YamlBudget &budget, int depth = 0)
{
    if (depth > YamlBudget::maxDepth || ++budget.values > YamlBudget::maxValues)
        throw YamlTooLarge{};
    switch (n.Type()) {
    case YAML::NodeType::Null:
    case YAML::NodeType::Undefined:
        return nullptr;
    case YAML::NodeType::Sequence: {
        Json a = Json::array();
        for (const YAML::Node &x : n)
            a.push_back(yamlToJson(x, budget, depth + 1));
        return a;
    }
    case YAML::NodeType::Map: {
        Json o = Json::object();
        for (const auto &kv : n)
            o[kv.first.as<std::string>()] = yamlToJson(kv.second, budget, depth + 1);
        return o;
    }
    case YAML::NodeType::Scalar:
        break;
    }
    const std::string s = n.Scalar();
    if (n.Tag() == "!")
        return s; // quoted
    bool b = false;
    if (YAML::convert<bool>::decode(n, b) && s != "y" && s != "n")
        return b;
    static const QRegularExpression integer(QStringLiteral("^[-+]?[0-9]+$"));
    static const QRegularExpression number(QStringLiteral("^[-+]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][-+]?[0-9]+)?$"));
    if (integer.match(QString::fromStdString(s)).hasMatch())
        return std::stoll(s);
    if (number.match(QString::fromStdString(s)).hasMatch())
        return std::stod(s);
    if (s == "~" || s == "null" || s == "Null" || s == "NULL")
        return nullptr;
    return s;
}

/// The YAML text `text` (lines of cell `cell` after its marker line) as a JSON object; an empty text is {}.
Expected<Json> readYaml(const QString &text, const QString &file, int cell, const QString &what, int lineOffset)
{
    try {
        const YAML::Node n = YAML::Load(ss(text));
        if (!n.IsDefined() || n.IsNull())
            return Json::object();
        if (!n.IsMap())
            return Error{file, place(cell), QStringLiteral("the %1 must be YAML keys and values (\"name: q1\")").arg(what)};
        YamlBudget budget;
        return yamlToJson(n, budget);
    } catch (const YamlTooLarge &) {
        return Error{file, place(cell),
                     QStringLiteral("%1: nested more than %2 levels deep or more than %3 values once its aliases are "
                                    "expanded (an alias that contains itself?)")
                         .arg(what)
                         .arg(YamlBudget::maxDepth)
                         .arg(YamlBudget::maxValues)};
    } catch (const YAML::Exception &e) {
        return Error{file, place(cell),
                     QStringLiteral("%1: YAML error on line %2: %3")
                         .arg(what)
                         .arg(e.mark.line + 1 + lineOffset)
                         .arg(QString::fromStdString(e.msg))};
    } catch (const std::out_of_range &) {
        return Error{file, place(cell), QStringLiteral("%1: a number too large (more than 64 bits)").arg(what)};
    }
}

/// `key` of the object `j` as a flag (Otter reads these as booleans): absent or null is `fallback`; any other
/// value than true or false is an error at `where` in `file`.
Expected<bool> flagOf(const Json &j, const char *key, bool fallback, const QString &file, const QString &where)
{
    const auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return fallback;
    if (!it->is_boolean())
        return Error{file, where, QStringLiteral("`%1` must be true or false, not %2")
                                      .arg(QLatin1String(key), QString::fromStdString(it->dump()).left(40))};
    return it->get<bool>();
}

/// `key` of the object `j` as text (a message or a name): absent or null is null; a string is itself; any other
/// value is an error at `where` in `file` (Otter would print a list or a number as it is; Sandmark does not guess).
Expected<Json> textOf(const Json &j, const char *key, const QString &file, const QString &where)
{
    const auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return Json(nullptr);
    if (!it->is_string())
        return Error{file, where, QStringLiteral("`%1` must be text, not %2")
                                      .arg(QLatin1String(key), QString::fromStdString(it->dump()).left(40))};
    return *it;
}

QStringList lines(const QString &source)
{
    return source.split(QLatin1Char('\n'));
}

QString firstLine(const QString &source)
{
    return lines(source).value(0);
}

/// A markdown cell holding only a fenced ```otter block is read as the raw cell inside (Otter does the same).
QString unfenced(CellType type, const QString &source, bool *fenced)
{
    *fenced = false;
    if (type != CellType::Markdown)
        return source;
    QStringList l = lines(source.trimmed());
    if (l.size() >= 2 && l.first().trimmed() == QLatin1String("```otter") && l.last().trimmed() == QLatin1String("```")) {
        l.removeFirst();
        l.removeLast();
        *fenced = true;
        return l.join(QLatin1Char('\n'));
    }
    return source;
}

enum class Marker { None, Config, BeginQuestion, EndQuestion, BeginSolution, EndSolution, BeginTests, EndTests,
                    BeginPrompt, EndPrompt };

Marker markerOf(const QString &line)
{
    static const QRegularExpression config(QStringLiteral("^#\\s+assignment\\s+config\\s*"),
                                           QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression block(QStringLiteral("^#\\s+(begin|end)\\s+(question|solution|tests|prompt)\\s*"),
                                          QRegularExpression::CaseInsensitiveOption);
    if (config.match(line).hasMatch())
        return Marker::Config;
    const auto m = block.match(line);
    if (!m.hasMatch())
        return Marker::None;
    const bool begin = m.captured(1).compare(QLatin1String("begin"), Qt::CaseInsensitive) == 0;
    const QString kind = m.captured(2).toLower();
    if (kind == QLatin1String("question"))
        return begin ? Marker::BeginQuestion : Marker::EndQuestion;
    if (kind == QLatin1String("solution"))
        return begin ? Marker::BeginSolution : Marker::EndSolution;
    if (kind == QLatin1String("tests"))
        return begin ? Marker::BeginTests : Marker::EndTests;
    return begin ? Marker::BeginPrompt : Marker::EndPrompt;
}

/// One test case read from a master's test cell or an OK file.
struct Case
{
    QString name, body;
    bool hidden = false;
    double points = std::numeric_limits<double>::quiet_NaN();
    Json successMessage, failureMessage; // string or null
    int cell = -1;
    bool fromReference = false; // an un-run test cell: the expected output comes from the reference run
};

/// A test case's `points`, `success_message` and `failure_message` (a test config in a master, or a case of an
/// OK-format file; Otter's names) into `c`; a value of another type is an error at `where` in `file`.
Expected<void> readCaseConfig(const Json &cfg, const QString &file, const QString &where, Case &c)
{
    if (cfg.contains("points") && !cfg["points"].is_null()) {
        if (!cfg["points"].is_number())
            return Error{file, where, QStringLiteral("`points` must be a number, not %1")
                                          .arg(QString::fromStdString(cfg["points"].dump()).left(40))};
        c.points = cfg["points"].get<double>();
    }
    Expected<Json> success = textOf(cfg, "success_message", file, where);
    if (!success)
        return success.error();
    Expected<Json> failure = textOf(cfg, "failure_message", file, where);
    if (!failure)
        return failure.error();
    c.successMessage = *success;
    c.failureMessage = *failure;
    return {};
}

struct Question
{
    QString name;
    Json points; // number, list, {each}, or null
    bool manual = false;
    bool allOrNothing = false;
    int cell = -1;        // its BEGIN QUESTION cell
    QString answerCell;   // id of its first solution cell in the instructor notebook
    QList<Case> cases;
};

/// The checks of `q`, by Otter's rules, appended to `checks`.
Expected<void> addChecks(const Question &q, const QString &file, Json &checks, OtterImportReport &report)
{
    QList<double> given;
    for (const Case &c : q.cases)
        given << c.points;
    const QString pointsText = QString::fromStdString(q.points.dump());
    if (q.manual) {
        Json m = Json::object();
        m["id"] = ss(q.name);
        m["type"] = "manual";
        m["points"] = q.points.is_number() ? q.points : Json(1);
        m["anchor"] = ss(q.answerCell);
        if (q.answerCell.isEmpty())
            return Error{file, place(q.cell), QStringLiteral("manual question '%1' has no solution block: a person "
                                                             "needs the student's answer cell to grade").arg(q.name)};
        checks.push_back(std::move(m));
        ++report.manualChecks;
        if (q.cases.isEmpty())
            return {};
    }
    if (q.cases.isEmpty())
        return {};
    auto points = otterCasePoints(q.manual ? QStringLiteral("null") : pointsText, given);
    if (!points)
        return Error{file, place(q.cell), QStringLiteral("question '%1': %2").arg(q.name, points.error().message)};
    const auto caseJson = [](const Case &c) {
        Json o = Json::object();
        o["name"] = ss(c.name);
        o["code"] = ss(c.body);
        o["hidden"] = c.hidden;
        if (c.successMessage.is_string())
            o["success_message"] = c.successMessage;
        if (c.failureMessage.is_string())
            o["failure_message"] = c.failureMessage;
        if (c.fromReference)
            o["from_reference"] = true;
        return o;
    };
    const auto number = [](double v) { return std::floor(v) == v && std::fabs(v) < 1e15 ? Json(qint64(v)) : Json(v); };
    const auto base = [&](const QString &id, double pts) {
        Json c = Json::object();
        c["id"] = ss(id);
        c["type"] = "otter";
        c["question"] = ss(q.name);
        c["points"] = number(pts);
        if (!q.answerCell.isEmpty())
            c["after"] = ss(q.answerCell);
        c["cases"] = Json::array();
        return c;
    };
    if (q.allOrNothing) {
        double total = 0;
        for (double p : *points)
            total += p;
        Json c = base(q.name, total);
        for (const Case &tc : q.cases)
            c["cases"].push_back(caseJson(tc));
        checks.push_back(std::move(c));
        ++report.otterChecks;
        return {};
    }
    for (qsizetype i = 0; i < q.cases.size(); ++i) {
        Json c = base(QStringLiteral("%1-%2").arg(q.name).arg(i + 1), points->at(i));
        c["cases"].push_back(caseJson(q.cases.at(i)));
        checks.push_back(std::move(c));
        ++report.otterChecks;
    }
    return {};
}

/// Runs sandmark_otter_read.py with `request`; its answer.
Expected<Json> runReader(const QString &python, const Json &request, const QString &file)
{
    QProcess p;
    p.start(python, {QStringLiteral("-I"), paths::pythonRuntimeDir() + QStringLiteral("/sandmark_otter_read.py")});
    if (!p.waitForStarted(30000))
        return Error{python, {}, QStringLiteral("cannot start the Python interpreter to read the tests: %1").arg(p.errorString())};
    const std::string in = request.dump();
    p.write(in.data(), qint64(in.size()));
    p.closeWriteChannel();
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return Error{file, {}, QStringLiteral("reading the Otter tests failed: %1")
                                   .arg(QString::fromUtf8(p.readAllStandardError()).trimmed().split(QLatin1Char('\n')).last())};
    try {
        return Json::parse(p.readAllStandardOutput().toStdString());
    } catch (const std::exception &e) {
        return Error{file, {}, QStringLiteral("unreadable answer of the test reader: %1").arg(QString::fromUtf8(e.what()))};
    }
}

QString slugFrom(const QString &name)
{
    QString slug = name;
    slug.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]+")), QStringLiteral("-"));
    while (slug.startsWith(QLatin1Char('-')) || slug.startsWith(QLatin1Char('.')) || slug.startsWith(QLatin1Char('_')))
        slug.remove(0, 1);
    return slug.left(64).isEmpty() ? QStringLiteral("assignment") : slug.left(64);
}

/// Writes the staged assignment (files relative to `root` copied, `notebookBytes` as `notebookName`, the
/// assignment.json) and renames it into `outDir`.
Expected<QString> writeAssignment(const QString &source, const QString &outDir, const QString &root, const QStringList &files,
                                  const QString &notebookName, const QByteArray &notebookBytes, const Json &assignment)
{
    QDir().mkpath(QFileInfo(outDir).absolutePath());
    auto created = StagingDir::create(QFileInfo(outDir).absolutePath(), QStringLiteral(".sandmark-import-"));
    if (!created)
        return created.error();
    const StagingDir &staging = **created;
    for (const QString &rel : files) {
        const QString dst = staging.filePath(rel);
        QDir().mkpath(QFileInfo(dst).absolutePath());
        if (!QFile::copy(QDir(root).filePath(rel), dst))
            return Error{QDir(root).filePath(rel), {}, QStringLiteral("cannot copy into the assignment")};
    }
    const auto write = [&](const QString &name, const QByteArray &bytes) -> Expected<void> {
        QFile f(staging.filePath(name));
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            return Error{f.fileName(), {}, QStringLiteral("cannot write: %1").arg(f.errorString())};
        return {};
    };
    if (auto ok = write(notebookName, notebookBytes); !ok)
        return ok.error();
    if (auto ok = write(QStringLiteral("assignment.json"), QByteArray::fromStdString(assignment.dump(2) + "\n")); !ok)
        return ok.error();
    if (auto ok = checkNewAssignment(staging.path(), source); !ok)
        return ok.error();
    const QString target = QFileInfo(outDir).absoluteFilePath();
    if (QFileInfo(target).isDir() && QDir(target).isEmpty())
        QDir().rmdir(target);
    if (!(*created)->renameTo(target))
        return Error{outDir, {}, QStringLiteral("cannot create the assignment folder (it exists and is not empty?)")};
    return target;
}

Expected<void> refuseExisting(const QString &outDir)
{
    if (QFileInfo::exists(QDir(outDir).filePath(QStringLiteral("assignment.json"))))
        return Error{outDir, {}, QStringLiteral("already holds an assignment.json; choose an empty folder")};
    return {};
}

/// Refuses what is not a Python notebook, before it is parsed as one.
Expected<void> refuseOtherLanguages(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("rmd") || suffix == QLatin1String("qmd") || suffix == QLatin1String("r"))
        return Error{path, {}, QStringLiteral("an R, R Markdown or Quarto master: only Python notebooks are supported")};
    const Expected<QByteArray> bytes = readInputFile(path, Notebook::DefaultMaxBytes);
    if (!bytes)
        return bytes.error();
    try {
        const Json nb = Json::parse(bytes->toStdString());
        std::string lang;
        if (nb.contains("metadata") && nb["metadata"].is_object()) {
            const Json &m = nb["metadata"];
            if (m.contains("kernelspec") && m["kernelspec"].is_object() && m["kernelspec"].contains("language")
                && m["kernelspec"]["language"].is_string())
                lang = m["kernelspec"]["language"].get<std::string>();
            else if (m.contains("language_info") && m["language_info"].is_object()
                     && m["language_info"].contains("name") && m["language_info"]["name"].is_string())
                lang = m["language_info"]["name"].get<std::string>();
        }
        if (!lang.empty() && QString::fromStdString(lang).toLower() != QLatin1String("python"))
            return Error{path, QStringLiteral("metadata.kernelspec"),
                         QStringLiteral("a %1 notebook: only Python notebooks are supported").arg(QString::fromStdString(lang))};
    } catch (const std::exception &) {
        // Not JSON: Notebook::load says where.
    }
    return {};
}

/// The notebook an import reads (a master, or the notebook beside Otter's tests/): refused unless it is Python and
/// `outDir` holds no assignment yet.
Expected<Notebook> loadImported(const QString &path, const QString &outDir)
{
    if (auto ok = refuseOtherLanguages(path); !ok)
        return ok.error();
    if (auto ok = refuseExisting(outDir); !ok)
        return ok.error();
    return Notebook::load(path);
}

/// The test config header of a test cell (`""" # BEGIN TEST CONFIG` … `""" # END TEST CONFIG`), Otter's regexes.
const QRegularExpression &beginTestConfig()
{
    static const QRegularExpression re(QStringLiteral("^(?:.\\s*=\\s*)?\"\"?\"?\\s*#\\s*BEGIN\\s*TEST\\s*CONFIG"),
                                       QRegularExpression::CaseInsensitiveOption);
    return re;
}
const QRegularExpression &endTestConfig()
{
    static const QRegularExpression re(QStringLiteral("^\"\"?\"?\\s*#\\s*END\\s*TEST\\s*CONFIG"),
                                       QRegularExpression::CaseInsensitiveOption);
    return re;
}

/// The saved output of a test cell as `otter assign` reads it: each output's stream text, then its text/plain.
QString savedOutput(const Json &cell)
{
    QString out;
    if (!cell.contains("outputs") || !cell["outputs"].is_array())
        return out;
    const auto text = [](const Json &v) {
        if (v.is_string())
            return QString::fromStdString(v.get<std::string>());
        QString s;
        if (v.is_array())
            for (const Json &l : v)
                if (l.is_string())
                    s += QString::fromStdString(l.get<std::string>());
        return s;
    };
    for (const Json &o : cell["outputs"]) {
        if (o.contains("text"))
            out += text(o["text"]);
        if (o.contains("data") && o["data"].is_object() && o["data"].contains("text/plain"))
            out += text(o["data"]["text/plain"]);
    }
    return out;
}

} // namespace

Expected<QList<double>> otterCasePoints(const QString &questionPoints, const QList<double> &casePoints)
{
    Json total;
    try {
        total = Json::parse(ss(questionPoints));
    } catch (const std::exception &) {
        return Error{{}, {}, QStringLiteral("points: not readable")};
    }
    QList<double> given = casePoints;
    const qsizetype n = given.size();
    if (total.is_object()) { // {each: n}: n points per case (Otter's question config)
        const Json each = total.value("each", Json(1));
        if (!each.is_number())
            return Error{{}, {}, QStringLiteral("points.each must be a number")};
        total = each.get<double>() * double(n);
    }
    if (total.is_array()) {
        if (qsizetype(total.size()) != n)
            return Error{{}, {}, QStringLiteral("points lists %1 values but there are %2 test cases").arg(total.size()).arg(n)};
        for (qsizetype i = 0; i < n; ++i) {
            if (!total[size_t(i)].is_number())
                return Error{{}, {}, QStringLiteral("points[%1] must be a number").arg(i)};
            given[i] = total[size_t(i)].get<double>();
        }
        total = nullptr;
    } else if (!total.is_null() && !total.is_number()) {
        return Error{{}, {}, QStringLiteral("points must be a number, a list of numbers or {each: n}")};
    }
    double preSpecified = 0;
    int unspecified = 0;
    bool onlyZeros = true;
    for (double p : std::as_const(given)) {
        if (std::isnan(p)) {
            ++unspecified;
        } else {
            preSpecified += p;
            onlyZeros = onlyZeros && p == 0;
        }
    }
    double perRemaining = 0;
    if (!total.is_null()) {
        const double t = total.get<double>();
        if (preSpecified > t)
            return Error{{}, {}, QStringLiteral("the test cases' points (%1) are more than the question's %2").arg(preSpecified).arg(t)};
        perRemaining = unspecified ? (t - preSpecified) / unspecified : 0.0;
    } else if (preSpecified == 0 && onlyZeros) {
        perRemaining = unspecified ? 1.0 / unspecified : 0.0; // only zeros given: the question is worth 1 point
    }
    for (double &p : given)
        if (std::isnan(p))
            p = perRemaining;
    return given;
}

namespace {

/// Refuses a master of Otter Assign format v0 (`# TEST` / `# HIDDEN TEST` cells, ```BEGIN QUESTION``` markdown),
/// which Otter 5.0.0 removed.
Expected<void> refuseFormatV0(const Notebook &nb, const QString &file)
{
    static const QRegularExpression v0Test(QStringLiteral("^\\s*#\\s*(HIDDEN\\s+)?TEST\\s*$"), QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression v0Block(QStringLiteral("^\\s*BEGIN\\s+(QUESTION|ASSIGNMENT)\\b"));
    for (int i = 0; i < nb.cellCount(); ++i) {
        const QString src = nb.cellSource(i);
        const bool v0 = (nb.cellType(i) == CellType::Code && v0Test.match(firstLine(src)).hasMatch())
                        || (nb.cellType(i) != CellType::Code
                            && v0Block.match(firstLine(src.trimmed().startsWith(QLatin1String("```"))
                                                           ? lines(src.trimmed()).value(1)
                                                           : src.trimmed()))
                                   .hasMatch());
        if (v0)
            return Error{file, place(i),
                         QStringLiteral("Otter Assign format v0 (`# TEST` / `# HIDDEN TEST` cells, `BEGIN QUESTION` "
                                        "without `#`): Otter itself dropped it in version 5.0.0; convert the master "
                                        "to format v1 (Otter 3.1 to 4.x ship a converter) and import that")};
    }

    return {};
}

/// What one pass over a master's cells finds (MasterScanner).
struct MasterScan
{
    OtterImportReport report;
    Json kept = Json::array();        ///< the instructor notebook's cells: every cell but the marker and test cells
    Json config = Json::object();     ///< the ASSIGNMENT CONFIG
    QList<Question> questions;        ///< in the master's order; their cases' bodies not read yet
    Json readerCases = Json::array(); ///< each test cell's code and saved output, in the cases' order
};

/// Reads a master's cells in order: the marker cells open and close blocks, the test cells become cases of the
/// open question, the rest is the instructor notebook (solutions and prompts tagged for the release).
class MasterScanner
{
public:
    MasterScanner(const Notebook &nb, const QString &file) : m_nb(nb), m_file(file) {}

    /// The scan, or the first structural error (a block not closed, a question without a name, …) with its cell.
    Expected<MasterScan> scan()
    {
        const Json &cells = NotebookEditor::json(m_nb)["cells"];
        for (int i = 0; i < int(cells.size()); ++i)
            if (auto ok = cell(i, cells[size_t(i)]); !ok)
                return ok.error();
        if (m_question)
            return Error{m_file, place(m_question->cell), QStringLiteral("question '%1' has no END QUESTION").arg(m_question->name)};
        const Json &config = m_scan.config;
        Expected<bool> okFormat = config.is_object() && config.contains("tests") && config["tests"].is_object()
                                      ? flagOf(config["tests"], "ok_format", true, m_file, QStringLiteral("ASSIGNMENT CONFIG.tests"))
                                      : Expected<bool>(true);
        if (!okFormat)
            return okFormat.error();
        if (!*okFormat)
            return Error{m_file, QStringLiteral("ASSIGNMENT CONFIG"),
                         QStringLiteral("tests.ok_format: false (exception-based tests) is not supported; Sandmark reads "
                                        "OK-format (doctest) tests")};
        return std::move(m_scan);
    }

private:
    Expected<void> cell(int i, const Json &cell)
    {
        const CellType type = m_nb.cellType(i);
        bool fenced = false;
        const QString src = unfenced(type, m_nb.cellSource(i), &fenced);
        const Marker marker = markerOf(firstLine(src));
        const bool rawLike = type == CellType::Raw || fenced;
        if (marker != Marker::None && !rawLike) {
            // Otter reads markers only in raw cells (or ```otter blocks): here it would make nothing of them.
            const bool inCellSolution = type == CellType::Code
                                        && (marker == Marker::BeginSolution || marker == Marker::EndSolution);
            if (!inCellSolution)
                m_scan.report.warnings << QStringLiteral("%1: %2: `%3` is in a %4 cell, where Otter does not read it (no "
                                                         "block starts or ends there); make it a raw cell")
                                              .arg(m_file, place(i), firstLine(src).trimmed(),
                                                   type == CellType::Code ? QStringLiteral("code") : QStringLiteral("markdown"));
        }
        if (rawLike && marker != Marker::None)
            return markerCell(i, marker, src); // marker cells are not part of the instructor notebook
        if (m_testsOpen >= 0)
            return type == CellType::Code ? testCell(i, cell) : Expected<void>{}; // text between tests: dropped
        contentCell(i, type, cell);
        return {};
    }

    /// Warns of the keys of `config` (a YAML block of `cell`: `what`) that are not in `read`: Sandmark ignores them.
    void warnIgnoredKeys(const Json &config, std::initializer_list<const char *> read, int cell, const QString &what,
                         const QString &why = {})
    {
        QStringList ignored;
        for (auto &[k, v] : config.items())
            if (std::none_of(read.begin(), read.end(), [&k](const char *r) { return k == r; }))
                ignored << QString::fromStdString(k);
        if (!ignored.isEmpty())
            m_scan.report.warnings << QStringLiteral("%1: %2: %3 keys %4 ignored%5")
                                          .arg(m_file, place(cell), what, ignored.join(QLatin1String(", ")),
                                               why.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(why));
    }

    /// A raw cell that opens or closes a block, or holds the ASSIGNMENT CONFIG.
    Expected<void> markerCell(int i, Marker marker, const QString &src)
    {
        const QString &file = m_file;
        std::optional<Question> &question = m_question;
        int &solutionOpen = m_solutionOpen, &testsOpen = m_testsOpen, &promptOpen = m_promptOpen;
        const QString rest = lines(src).mid(1).join(QLatin1Char('\n'));
        switch (marker) {
        case Marker::Config: {
            auto cfg = readYaml(rest, file, i, QStringLiteral("ASSIGNMENT CONFIG"), 1);
            if (!cfg)
                return cfg.error();
            m_scan.config = *cfg;
            warnIgnoredKeys(m_scan.config, {"name", "requirements", "files", "seed", "tests"}, i,
                            QStringLiteral("ASSIGNMENT CONFIG"),
                            QStringLiteral("Gradescope, PDF, export and plugin settings do not change how Sandmark grades"));
            break;
        }
        case Marker::BeginQuestion: {
            if (question)
                return Error{file, place(i), QStringLiteral("BEGIN QUESTION inside question '%1' (opened in %2); "
                                                            "add END QUESTION before it")
                                                 .arg(question->name, place(question->cell))};
            auto q = readYaml(rest, file, i, QStringLiteral("question config"), 1);
            if (!q)
                return q.error();
            Question nq;
            nq.cell = i;
            if (!q->contains("name") || (*q)["name"].is_null())
                return Error{file, place(i), QStringLiteral("the question has no `name:`")};
            if (!(*q)["name"].is_string() || (*q)["name"].get<std::string>().empty())
                return Error{file, place(i), QStringLiteral("the question's `name:` must be text, not %1")
                                                 .arg(QString::fromStdString((*q)["name"].dump()).left(40))};
            nq.name = QString::fromStdString((*q)["name"].get<std::string>());
            if (m_names.contains(nq.name))
                return Error{file, place(i), QStringLiteral("question name '%1' is used twice").arg(nq.name)};
            m_names << nq.name;
            nq.points = q->value("points", Json(nullptr));
            const QString where = place(i) + QStringLiteral(" question config");
            Expected<bool> manual = flagOf(*q, "manual", false, file, where);
            Expected<bool> allOrNothing = flagOf(*q, "all_or_nothing", false, file, where);
            if (!manual || !allOrNothing)
                return !manual ? manual.error() : allOrNothing.error();
            nq.manual = *manual;
            nq.allOrNothing = *allOrNothing;
            question = nq;
            break;
        }
        case Marker::EndQuestion:
            if (!question)
                return Error{file, place(i), QStringLiteral("END QUESTION without BEGIN QUESTION")};
            if (solutionOpen >= 0 || testsOpen >= 0 || promptOpen >= 0)
                return Error{file, place(i), QStringLiteral("END QUESTION while a %1 block is open (since %2)")
                                                 .arg(solutionOpen >= 0 ? QStringLiteral("solution")
                                                      : testsOpen >= 0  ? QStringLiteral("tests")
                                                                        : QStringLiteral("prompt"))
                                                 .arg(place(std::max({solutionOpen, testsOpen, promptOpen})))};
            m_scan.questions << *question;
            question.reset();
            break;
        case Marker::BeginSolution:
        case Marker::BeginTests:
        case Marker::BeginPrompt: {
            int &open = marker == Marker::BeginSolution ? solutionOpen : marker == Marker::BeginTests ? testsOpen : promptOpen;
            if (!question)
                return Error{file, place(i), QStringLiteral("`%1` outside a question block").arg(firstLine(src).trimmed())};
            if (solutionOpen >= 0 || testsOpen >= 0 || promptOpen >= 0)
                return Error{file, place(i), QStringLiteral("`%1` inside another block (opened in %2)")
                                                 .arg(firstLine(src).trimmed(), place(std::max({solutionOpen, testsOpen, promptOpen})))};
            open = i;
            break;
        }
        case Marker::EndSolution:
        case Marker::EndTests:
        case Marker::EndPrompt: {
            int &open = marker == Marker::EndSolution ? solutionOpen : marker == Marker::EndTests ? testsOpen : promptOpen;
            if (open < 0)
                return Error{file, place(i), QStringLiteral("`%1` without its BEGIN").arg(firstLine(src).trimmed())};
            open = -1;
            break;
        }
        case Marker::None:
            break;
        }
        return {};
    }

    /// A code cell in a tests block: one case of the open question (its body read later, readCaseBodies()).
    Expected<void> testCell(int i, const Json &cell)
    {
        const QString &file = m_file;
        const Notebook &nb = m_nb;
        std::optional<Question> &question = m_question;
        OtterImportReport &report = m_scan.report;
        QStringList l = lines(nb.cellSource(i));
        Json cfg = Json::object();
        qsizetype start = 0;
        if (beginTestConfig().match(l.value(0)).hasMatch()) {
            qsizetype end = -1;
            for (qsizetype k = 1; k < l.size(); ++k)
                if (endTestConfig().match(l.at(k)).hasMatch()) {
                    end = k;
                    break;
                }
            if (end < 0)
                return Error{file, place(i), QStringLiteral("BEGIN TEST CONFIG without END TEST CONFIG")};
            auto parsed = readYaml(l.mid(1, end - 1).join(QLatin1Char('\n')), file, i, QStringLiteral("test config"), 1);
            if (!parsed)
                return parsed.error();
            cfg = *parsed;
            start = end + 1;
        } else if (l.value(0).trimmed().startsWith(QLatin1Char('#'))) {
            static const QRegularExpression hiddenWord(QStringLiteral("\\bhidden\\b"), QRegularExpression::CaseInsensitiveOption);
            if (hiddenWord.match(l.value(0)).hasMatch()) {
                cfg["hidden"] = true;
                start = 1;
            }
        }
        Case c;
        c.cell = i;
        c.name = QStringLiteral("%1 - %2").arg(question->name).arg(question->cases.size() + 1);
        Expected<bool> hidden = flagOf(cfg, "hidden", false, file, place(i) + QStringLiteral(" test config"));
        if (!hidden)
            return hidden.error();
        c.hidden = *hidden;
        if (auto ok = readCaseConfig(cfg, file, place(i) + QStringLiteral(" test config"), c); !ok)
            return ok.error();
        warnIgnoredKeys(cfg, {"hidden", "points", "success_message", "failure_message"}, i, QStringLiteral("test config"));
        // An un-run test cell (no outputs, no execution count: Otter's known trap) has no expected output;
        // `otter assign` would make a case expecting none. Sandmark takes it from the reference run instead.
        const bool run = (cell.contains("outputs") && cell["outputs"].is_array() && !cell["outputs"].empty())
                         || (cell.contains("execution_count") && cell["execution_count"].is_number());
        if (!run) {
            c.fromReference = true;
            report.referenceCases << c.name;
            report.warnings << QStringLiteral("%1: %2: test cell of '%3' has no saved output (the master was not "
                                              "run): case '%4' expects what it prints in Sandmark's reference run "
                                              "of the master")
                                   .arg(file, place(i), question->name, c.name);
        }
        m_scan.readerCases.push_back({{"code", ss(l.mid(start).join(QLatin1Char('\n')))}, {"output", ss(savedOutput(cell))}});
        question->cases.append(c);
        ++report.testCases;
        report.hiddenCases += c.hidden ? 1 : 0;
        return {};
    }

    /// A cell of the instructor notebook: kept, tagged for the release inside a solution or prompt block.
    void contentCell(int i, CellType type, const Json &cell)
    {
        const Notebook &nb = m_nb;
        const int solutionOpen = m_solutionOpen, promptOpen = m_promptOpen;
        std::optional<Question> &question = m_question;
        OtterImportReport &report = m_scan.report;
        Json out = cell;
        if (solutionOpen >= 0 || promptOpen >= 0) {
            // Marked for the release (Otter's tags): solutions are replaced, prompts kept only there.
            Json &meta = out["metadata"];
            if (!meta.is_object())
                meta = Json::object();
            Json tags = meta.contains("tags") && meta["tags"].is_array() ? meta["tags"] : Json::array();
            tags.push_back(solutionOpen >= 0 ? "otter_assign_solution_cell" : "otter_prompt");
            meta["tags"] = tags;
            if (solutionOpen >= 0 && question->answerCell.isEmpty())
                question->answerCell = nb.cellId(i);
            ++report.solutionRegions;
        } else if (type == CellType::Code) {
            for (const QString &line : lines(nb.cellSource(i)))
                if (line.trimmed().endsWith(QLatin1String("# SOLUTION")) || line.trimmed().startsWith(QLatin1String("# BEGIN SOLUTION")))
                    ++report.solutionRegions;
        }
        m_scan.kept.push_back(std::move(out));
    }

    const Notebook &m_nb;
    const QString m_file;
    MasterScan m_scan;
    std::optional<Question> m_question;                           ///< the question open
    int m_solutionOpen = -1, m_testsOpen = -1, m_promptOpen = -1; ///< the cell of the block open, or -1
    QStringList m_names;                                          ///< the questions' names so far
};

/// Fills each case's doctest body from its test cell's code and saved output, as `otter assign` builds them
/// (sandmark_otter_read.py run by `python`).
Expected<void> readCaseBodies(MasterScan &scan, const QString &python, const QString &file)
{
    if (scan.readerCases.empty())
        return {};
    auto answer = runReader(python, Json{{"cases", scan.readerCases}}, file);
    if (!answer)
        return answer.error();
    size_t k = 0;
    for (Question &q : scan.questions)
        for (Case &c : q.cases) {
            const Json &a = (*answer)["cases"][k++];
            if (a.contains("error"))
                return Error{file, place(c.cell), QStringLiteral("the test cell is not valid Python: %1")
                                                      .arg(QString::fromStdString(a["error"].get<std::string>()))};
            c.body = QString::fromStdString(a["body"].get<std::string>());
        }
    return {};
}

/// The ASSIGNMENT CONFIG's requirements and files into `report`, and its seed as assignment.json's `otter` object.
Expected<Json> readMasterConfig(const Json &config, const QString &file, const QFileInfo &info, OtterImportReport &report)
{
    const QString root = info.absolutePath();
    if (config.contains("requirements") && !config["requirements"].is_null()) {
        const Json &req = config["requirements"];
        if (req.is_array()) {
            for (const Json &r : req)
                if (r.is_string())
                    report.dependencies << QString::fromStdString(r.get<std::string>());
        } else if (req.is_string()) {
            QFile f(QDir(root).filePath(QString::fromStdString(req.get<std::string>())));
            if (!f.open(QIODevice::ReadOnly))
                return Error{f.fileName(), {}, QStringLiteral("the ASSIGNMENT CONFIG's requirements file cannot be read: %1").arg(f.errorString())};
            for (const QString &line : QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'))) {
                const QString t = line.section(QLatin1Char('#'), 0, 0).trimmed();
                if (!t.isEmpty())
                    report.dependencies << t;
            }
        } else if (req != false) {
            return Error{file, QStringLiteral("ASSIGNMENT CONFIG.requirements"), QStringLiteral("must be a file name or a list of packages")};
        }
    }
    if (config.contains("files") && !config["files"].is_null()) {
        if (!config["files"].is_array())
            return Error{file, QStringLiteral("ASSIGNMENT CONFIG.files"), QStringLiteral("must be a list of file names, not %1")
                                                                              .arg(QString::fromStdString(config["files"].dump()).left(40))};
        for (const Json &f : config["files"]) {
            if (!f.is_string())
                return Error{file, QStringLiteral("ASSIGNMENT CONFIG.files"), QStringLiteral("must be a list of file names")};
            const QString rel = QDir::cleanPath(QString::fromStdString(f.get<std::string>()));
            if (QDir::isAbsolutePath(rel) || rel.startsWith(QLatin1String("..")))
                return Error{file, QStringLiteral("ASSIGNMENT CONFIG.files"), QStringLiteral("'%1' is outside the master's folder").arg(rel)};
            if (QFileInfo(QDir(root).filePath(rel)).isDir()) {
                QDirIterator it(QDir(root).filePath(rel), QDir::Files, QDirIterator::Subdirectories);
                while (it.hasNext())
                    report.dataFiles << QDir(root).relativeFilePath(it.next());
            } else if (QFileInfo::exists(QDir(root).filePath(rel))) {
                report.dataFiles << rel;
            } else {
                return Error{QDir(root).filePath(rel), {}, QStringLiteral("listed in the ASSIGNMENT CONFIG's files but missing")};
            }
        }
    }
    Json otter = Json::object();
    otter["format"] = 1;
    otter["master"] = ss(info.fileName());
    if (config.contains("seed") && !config["seed"].is_null()) {
        const Json &seed = config["seed"];
        if (seed.is_number_integer()) {
            otter["seed"] = seed;
        } else if (seed.is_object()) {
            const QString where = QStringLiteral("ASSIGNMENT CONFIG.seed");
            for (const char *k : {"autograder_value", "student_value"})
                if (seed.contains(k) && !seed[k].is_null() && !seed[k].is_number_integer())
                    return Error{file, where + QLatin1Char('.') + QLatin1String(k),
                                 QStringLiteral("must be a whole number, not %1").arg(QString::fromStdString(seed[k].dump()).left(40))};
            Expected<Json> variable = textOf(seed, "variable", file, where);
            if (!variable)
                return variable.error();
            if (seed.contains("autograder_value") && !seed["autograder_value"].is_null())
                otter["seed"] = seed["autograder_value"];
            if (variable->is_string())
                otter["seed_variable"] = *variable;
        } else {
            return Error{file, QStringLiteral("ASSIGNMENT CONFIG.seed"),
                         QStringLiteral("must be a whole number or {variable, autograder_value, student_value}, not %1")
                             .arg(QString::fromStdString(seed.dump()).left(40))};
        }
    }

    return otter;
}

/// The first keys of an imported assignment.json: its title (and the slug made from it) and its one notebook.
Json newAssignmentJson(const QString &title, const QString &notebookName)
{
    Json a = Json::object();
    a["format"] = 1;
    a["slug"] = ss(slugFrom(title));
    a["title"] = ss(title);
    a["notebooks"] = Json::array({ss(notebookName)});
    return a;
}

/// What the reader script is asked to read: the text of each OK-format file `files` of the folder `tests`.
Expected<Json> okReaderRequest(const QDir &tests, const QStringList &files)
{
    Json request = Json{{"ok", Json::array()}};
    for (const QString &f : files) {
        QFile in(tests.filePath(f));
        if (!in.open(QIODevice::ReadOnly))
            return Error{in.fileName(), {}, QStringLiteral("cannot read: %1").arg(in.errorString())};
        request["ok"].push_back({{"path", ss(in.fileName())}, {"text", in.readAll().toStdString()}});
    }
    return request;
}

/// `code` without the indentation its non-blank lines share, blank lines emptied (Python's textwrap.dedent).
QString dedented(const QString &code)
{
    QStringList l = code.split(QLatin1Char('\n'));
    qsizetype indent = -1;
    for (const QString &line : std::as_const(l))
        if (!line.trimmed().isEmpty()) {
            const qsizetype n = line.size() - QString(line).remove(QRegularExpression(QStringLiteral("^[ \\t]+"))).size();
            indent = indent < 0 ? n : std::min(indent, n);
        }
    for (QString &line : l)
        line = line.trimmed().isEmpty() ? QString() : line.mid(std::max<qsizetype>(indent, 0));
    return l.join(QLatin1Char('\n'));
}

/// Case `k` (from 0) of the question `question`'s suite in the OK-format file `path`.
Expected<Case> readOkCase(const Json &tc, size_t k, const QString &question, const QString &path)
{
    if (!tc.contains("code") || !tc["code"].is_string())
        return Error{path, QStringLiteral("test.suites[0].cases[%1].code").arg(k), QStringLiteral("missing")};
    Case c;
    c.name = tc.contains("name") && tc["name"].is_string() ? QString::fromStdString(tc["name"].get<std::string>())
                                                           : QStringLiteral("%1 - %2").arg(question).arg(k + 1);
    // Otter dedents the code (textwrap.dedent); a case is hidden unless it says otherwise.
    c.body = dedented(QString::fromStdString(tc["code"].get<std::string>()));
    Expected<bool> hidden = flagOf(tc, "hidden", true, path, QStringLiteral("test.suites[0].cases[%1]").arg(k));
    if (!hidden)
        return hidden.error();
    c.hidden = *hidden;
    if (auto ok = readCaseConfig(tc, path, QStringLiteral("test.suites[0].cases[%1]").arg(k), c); !ok)
        return ok.error();
    return c;
}

/// The question of the OK-format file `path`, as the reader script read it (`a`): its one doctest suite checked
/// as Otter requires, its cases counted in `report`.
Expected<Question> readOkTest(const Json &a, const QString &path, OtterImportReport &report)
{
    if (a.contains("error"))
        return Error{path, {}, QStringLiteral("not an OK-format test file: %1").arg(QString::fromStdString(a["error"].get<std::string>()))};
    if (!a["ok_format"].get<bool>())
        report.warnings << QStringLiteral("%1: no `OK_FORMAT = True`; read as an OK-format file").arg(path);
    const Json &t = a["test"];
    if (!t.contains("name") || !t["name"].is_string())
        return Error{path, QStringLiteral("test.name"), QStringLiteral("missing (the question's name)")};
    if (!t.contains("suites") || !t["suites"].is_array() || t["suites"].size() != 1)
        return Error{path, QStringLiteral("test.suites"), QStringLiteral("must hold exactly one suite, as Otter requires")};
    const Json &suite = t["suites"][0];
    if (suite.contains("type") && suite["type"] != "doctest")
        return Error{path, QStringLiteral("test.suites[0].type"), QStringLiteral("only doctest suites are supported (as in Otter)")};
    for (const char *k : {"setup", "teardown"})
        if (suite.contains(k) && suite[k].is_string() && !suite[k].get<std::string>().empty())
            return Error{path, QStringLiteral("test.suites[0].%1").arg(QLatin1String(k)), QStringLiteral("not supported (nor by Otter)")};
    if (!suite.contains("cases") || !suite["cases"].is_array())
        return Error{path, QStringLiteral("test.suites[0].cases"), QStringLiteral("missing")};
    Question q;
    q.name = QString::fromStdString(t["name"].get<std::string>());
    q.points = t.value("points", Json(nullptr));
    Expected<bool> allOrNothing = flagOf(t, "all_or_nothing", false, path, QStringLiteral("test"));
    if (!allOrNothing)
        return allOrNothing.error();
    q.allOrNothing = *allOrNothing;
    for (size_t k = 0; k < suite["cases"].size(); ++k) {
        Expected<Case> c = readOkCase(suite["cases"][k], k, q.name, path);
        if (!c)
            return c.error();
        q.cases << *c;
        ++report.testCases;
        report.hiddenCases += c->hidden ? 1 : 0;
    }
    return q;
}

} // namespace

Expected<OtterImportReport> importOtter(const QString &master, const QString &outDir, const QString &python)
{
    const QFileInfo info(master);
    if (!info.isFile())
        return Error{master, {}, notARegularFile(master) + QStringLiteral(" (an Otter Assign master notebook)")};
    auto loaded = loadImported(master, outDir);
    if (!loaded)
        return loaded.error();
    const QString file = master;
    if (auto ok = refuseFormatV0(*loaded, file); !ok)
        return ok.error();
    Expected<MasterScan> scan = MasterScanner(*loaded, file).scan();
    if (!scan)
        return scan.error();
    if (auto ok = readCaseBodies(*scan, python, file); !ok)
        return ok.error();
    OtterImportReport &report = scan->report;
    Json checks = Json::array();
    for (const Question &q : std::as_const(scan->questions)) {
        if (auto ok = addChecks(q, file, checks, report); !ok)
            return ok.error();
        report.questions << q.name;
        if (q.cases.isEmpty() && !q.manual)
            report.warnings << QStringLiteral("%1: %2: question '%3' has no tests and is not manual; it is not graded")
                                   .arg(file, place(q.cell), q.name);
    }
    if (scan->questions.isEmpty())
        report.warnings << QStringLiteral("%1: no `# BEGIN QUESTION` raw cells: is this an Otter Assign v1 master?").arg(file);

    const Json &config = scan->config;
    Expected<Json> configName = textOf(config, "name", file, QStringLiteral("ASSIGNMENT CONFIG"));
    if (!configName)
        return configName.error();
    const QString name = configName->is_string() ? QString::fromStdString(configName->get<std::string>()) : info.completeBaseName();
    Expected<Json> otter = readMasterConfig(config, file, info, report);
    if (!otter)
        return otter.error();

    Json source = NotebookEditor::json(*loaded);
    source["cells"] = std::move(scan->kept);
    const QString root = info.absolutePath();
    const QString notebookName = info.fileName();
    Json a = newAssignmentJson(name, notebookName);
    if (!report.dataFiles.isEmpty()) {
        a["data_files"] = Json::array();
        for (const QString &f : std::as_const(report.dataFiles))
            a["data_files"].push_back(ss(f));
    }
    if (!report.dependencies.isEmpty()) {
        a["dependencies"] = Json::array();
        for (const QString &d : std::as_const(report.dependencies))
            a["dependencies"].push_back(ss(d));
    }
    a["checks"] = std::move(checks);
    a["otter"] = std::move(*otter);
    auto written = writeAssignment(master, outDir, root, report.dataFiles, notebookName,
                                   NotebookEditor::fromJson(std::move(source)).toJson(), a);
    if (!written)
        return written.error();
    report.folder = *written;
    report.notebook = notebookName;
    return report;
}

Expected<OtterImportReport> importOtterTests(const QString &notebook, const QString &testsDir, const QString &outDir,
                                             const QString &python)
{
    auto nb = loadImported(notebook, outDir);
    if (!nb)
        return nb.error();
    QDir tests(testsDir);
    if (!tests.exists())
        return Error{testsDir, {}, QStringLiteral("no such folder (the Otter tests/ folder of OK-format files)")};
    const QStringList files = tests.entryList({QStringLiteral("*.py")}, QDir::Files, QDir::Name);
    if (files.isEmpty())
        return Error{testsDir, {}, QStringLiteral("no OK-format test files (*.py) in this folder")};
    Expected<Json> request = okReaderRequest(tests, files);
    if (!request)
        return request.error();
    auto answer = runReader(python, *request, testsDir);
    if (!answer)
        return answer.error();
    OtterImportReport report;
    Json checks = Json::array();
    for (qsizetype i = 0; i < files.size(); ++i) {
        const QString path = tests.filePath(files.at(i));
        Expected<Question> q = readOkTest((*answer)["ok"][size_t(i)], path, report);
        if (!q)
            return q.error();
        if (auto ok = addChecks(*q, path, checks, report); !ok)
            return ok.error();
        report.questions << q->name;
    }
    const QFileInfo info(notebook);
    Json a = newAssignmentJson(info.completeBaseName(), info.fileName());
    a["checks"] = std::move(checks);
    a["otter"] = Json{{"format", "ok"}};
    QFile nbFile(notebook);
    if (!nbFile.open(QIODevice::ReadOnly))
        return Error{notebook, {}, QStringLiteral("cannot read: %1").arg(nbFile.errorString())};
    auto written = writeAssignment(notebook, outDir, info.absolutePath(), {}, info.fileName(), nbFile.readAll(), a);
    if (!written)
        return written.error();
    report.folder = *written;
    report.notebook = info.fileName();
    return report;
}

} // namespace sandmark

namespace sandmark {

namespace {

/// Otter's solution replacement of one code cell's lines (otter/assign/solutions.py, replace_solutions).
Expected<QStringList> replaceSolutions(const QStringList &in, const QString &file, int cell)
{
    static const QRegularExpression assignment(
        QStringLiteral("^(\\s*(?:[\\w.]+(?=[^\\w.])(?:\\[['\"]?.*['\"]?\\])*(?:,\\s*)?)+\\s*=).* ?# ?SOLUTION"));
    static const QRegularExpression line(QStringLiteral("^(\\s*).* ?# ?SOLUTION"));
    static const QRegularExpression begin(QStringLiteral("^(\\s*)# BEGIN SOLUTION( NO PROMPT)?"));
    static const QStringList skip = {QStringLiteral("# SOLUTION NO PROMPT"), QStringLiteral("# BEGIN PROMPT"),
                                     QStringLiteral("# END PROMPT"), QStringLiteral("# SEED")};
    QStringList out;
    int open = -1;
    for (int n = 0; n < in.size(); ++n) {
        QString l = in.at(n);
        const QString r = QString(l).remove(QRegularExpression(QStringLiteral("\\s+$")));
        if (std::any_of(skip.begin(), skip.end(), [&](const QString &s) { return r.endsWith(s); }))
            continue;
        if (r.endsWith(QLatin1String("# END SOLUTION"))) {
            if (open < 0)
                return Error{file, place(cell), QStringLiteral("END SOLUTION on line %1 without BEGIN SOLUTION").arg(n + 1)};
            open = -1;
            continue;
        }
        if (open >= 0)
            continue;
        if (const auto m = begin.match(l); m.hasMatch()) {
            open = n;
            if (!m.captured(2).isEmpty())
                continue;
            l = m.captured(1) + QStringLiteral("...");
        } else if (const auto a = assignment.match(l); a.hasMatch()) {
            l = a.captured(1) + QStringLiteral(" ...");
        } else if (const auto s = line.match(l); s.hasMatch()) {
            l = s.captured(1) + QStringLiteral("...");
        }
        out << l;
    }
    if (open >= 0)
        return Error{file, place(cell), QStringLiteral("BEGIN SOLUTION on line %1 has no END SOLUTION").arg(open + 1)};
    return out;
}

Json codeCell(const std::string &source)
{
    Json c = Json::object();
    c["cell_type"] = "code";
    c["execution_count"] = nullptr;
    c["metadata"] = Json::object();
    c["outputs"] = Json::array();
    c["source"] = splitLines(source);
    return c;
}

} // namespace

Expected<QByteArray> makeOtterRelease(const QByteArray &instructorNotebook, const QString &fileName,
                                      const QMap<QString, QStringList> &checkAfter, int *replaced)
{
    int changed = 0;
    auto nb = Notebook::parse(instructorNotebook, fileName);
    if (!nb)
        return nb.error();
    Json json = NotebookEditor::json(*nb);
    const bool ids = nb->hasCellIds();
    Json out = Json::array();
    int made = 0;
    const auto add = [&](Json cell, const std::string &idPrefix) {
        if (ids)
            cell["id"] = idPrefix + std::to_string(++made);
        out.push_back(std::move(cell));
    };
    add(codeCell("# Initialize Otter\nimport otter\ngrader = otter.Notebook(\"" + ss(QFileInfo(fileName).fileName()) + "\")"),
        "otter-init-");
    for (int i = 0; i < nb->cellCount(); ++i) {
        Json cell = json["cells"][size_t(i)];
        QStringList tags = nb->cellTags(i);
        const bool solution = tags.removeAll(QStringLiteral("otter_assign_solution_cell")) > 0;
        tags.removeAll(QStringLiteral("otter_prompt"));
        if (solution)
            tags << QStringLiteral("otter_answer_cell");
        if (cell.contains("metadata") && cell["metadata"].is_object()) {
            Json t = Json::array();
            for (const QString &x : std::as_const(tags))
                t.push_back(ss(x));
            if (t.empty())
                cell["metadata"].erase("tags");
            else
                cell["metadata"]["tags"] = t;
        }
        if (nb->cellType(i) == CellType::Code) {
            auto stripped = replaceSolutions(nb->cellSource(i).split(QLatin1Char('\n')), fileName, i);
            if (!stripped)
                return stripped.error();
            changed += *stripped != nb->cellSource(i).split(QLatin1Char('\n')) ? 1 : 0;
            setSource(cell, ss(stripped->join(QLatin1Char('\n'))));
            cell["outputs"] = Json::array();
            cell["execution_count"] = nullptr;
        } else if (solution) {
            setSource(cell, "_Type your answer here, replacing this text._");
            ++changed;
        }
        add(std::move(cell), "");
        if (ids)
            out.back()["id"] = json["cells"][size_t(i)].value("id", std::string());
        for (const QString &q : checkAfter.value(nb->cellId(i)))
            add(codeCell("grader.check(\"" + ss(q) + "\")"), "otter-check-");
    }
    add(codeCell("grader.check_all()"), "otter-check-all-");
    json["cells"] = std::move(out);
    if (replaced)
        *replaced = changed;
    return NotebookEditor::fromJson(std::move(json)).toJson();
}

} // namespace sandmark
