#include "batch/importscheck.h"

#include "batch/batch_log.h"
#include "datasets/assignmentdatasets.h"
#include "datasets/scanner.h"
#include "env/environment.h"
#include "util/json_p.h"
#include "util/paths.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>

namespace sandmark {

namespace {

using nlohmann::json;

// The last cell of the generated notebook: the kernel's peak address space, what RLIMIT_AS counts.
const char *const kPeakCell = "def _sandmark_vmpeak():\n"
                              "    import re\n"
                              "    try:\n"
                              "        with open('/proc/self/status') as f:\n"
                              "            m = re.search(r'VmPeak:\\s+(\\d+) kB', f.read())\n"
                              "    except OSError:\n"
                              "        return\n"
                              "    if m:\n"
                              "        print('SANDMARK_VMPEAK', int(m.group(1)) * 1024)\n"
                              "_sandmark_vmpeak()\n";

/// The top-level module an import statement names ("numpy" for `import numpy.linalg as la`), empty for a
/// relative import.
QString moduleOf(const QString &statement)
{
    static const QRegularExpression re(QStringLiteral(R"(^\s*(?:from\s+([A-Za-z_][\w.]*)\s+import|import\s+([A-Za-z_][\w.]*)))"));
    const QRegularExpressionMatch m = re.match(statement);
    if (!m.hasMatch())
        return {};
    return (m.captured(1).isEmpty() ? m.captured(2) : m.captured(1)).section(QLatin1Char('.'), 0, 0);
}

json codeCell(const QString &source)
{
    return {{"cell_type", "code"}, {"execution_count", nullptr}, {"metadata", json::object()},
            {"outputs", json::array()}, {"source", source.toStdString()}};
}

std::optional<qint64> peakFrom(const QByteArray &notebookJson)
{
    const Expected<json> nb = jsonutil::parse<json>(notebookJson, QString());
    const json cells = nb ? jsonutil::arrayOr(*nb, "cells") : json::array();
    if (cells.empty())
        return std::nullopt;
    static const QRegularExpression re(QStringLiteral(R"(SANDMARK_VMPEAK (\d+))"));
    for (const json &o : jsonutil::arrayOr(cells.back(), "outputs")) {
        std::string t = jsonutil::stringOr(o, "text");
        for (const json &line : jsonutil::arrayOr(o, "text"))
            t += line.is_string() ? line.get<std::string>() : std::string();
        if (const QRegularExpressionMatch m = re.match(QString::fromStdString(t)); m.hasMatch())
            return m.captured(1).toLongLong();
    }
    return std::nullopt;
}

} // namespace

QString errorHeadline(const QString &ename, const QString &evalue)
{
    QString text;
    static const QRegularExpression original(QStringLiteral(R"(Original error was:\s*(.+))"));
    if (const QRegularExpressionMatch m = original.match(evalue); m.hasMatch())
        text = m.captured(1).trimmed();
    else
        for (const QString &line : evalue.split(QLatin1Char('\n')))
            if (!line.trimmed().isEmpty()) {
                text = line.trimmed();
                break;
            }
    if (text.size() > 300)
        text = text.left(299) + QChar(0x2026);
    return text.isEmpty() ? ename : QStringLiteral("%1: %2").arg(ename, text);
}

ImportsCheck::ImportsCheck(Assignment assignment, SubmissionRunOptions options, QObject *parent)
    : QObject(parent), m_assignment(std::move(assignment)), m_options(std::move(options))
{
    m_options.listNamespace = false;
    m_result.limitBytes = m_options.limits.value_or(m_assignment.limits()).memoryBytes;
}

ImportsCheck::~ImportsCheck() = default;

void ImportsCheck::start()
{
    if (m_assignment.notebooks().isEmpty()) {
        QMetaObject::invokeMethod(
            this, [this] { fail(Error{m_assignment.jsonPath(), QStringLiteral("notebooks"), QStringLiteral("no instructor notebook")}); },
            Qt::QueuedConnection);
        return;
    }
    const QString notebook = m_assignment.absolute(m_assignment.notebooks().first());
    Expected<QList<CodeCell>> cells = readCodeCells(notebook);
    if (!cells) {
        QMetaObject::invokeMethod(this, [this, e = cells.error()] { fail(e); }, Qt::QueuedConnection);
        return;
    }
    // Any Python parses; the imports themselves run in the environment, in the sandbox.
    m_scanner = new DatasetScanner(this);
    connect(m_scanner, &DatasetScanner::finished, this, &ImportsCheck::onScanned);
    connect(m_scanner, &DatasetScanner::failed, this, &ImportsCheck::fail);
    m_scanner->start(m_assignment.python().isEmpty() ? paths::defaultPython() : m_assignment.python(),
                     QFileInfo(notebook).fileName(), *cells, {});
}

void ImportsCheck::cancel()
{
    if (m_done)
        return;
    if (m_scanner)
        m_scanner->cancel();
    if (m_run) {
        m_run->cancel(); // failed("cancelled") follows
        return;
    }
    fail(Error{m_assignment.jsonPath(), QStringLiteral("imports"), QStringLiteral("cancelled")});
}

void ImportsCheck::onScanned(const ScanResult &scan)
{
    const QDir folder(m_assignment.folder());
    for (const ScannedImport &i : scan.imports) {
        const QString module = moduleOf(i.source);
        // Relative imports and the course's own modules (files of the assignment) are not the environment's.
        if (module.isEmpty() || folder.exists(module + QLatin1String(".py")) || QFileInfo(folder.filePath(module)).isDir())
            continue;
        if (!m_result.statements.contains(i.source.trimmed()))
            m_result.statements << i.source.trimmed();
    }
    runImports(m_result.limitBytes);
}

void ImportsCheck::runImports(qint64 memoryBytes)
{
    m_dir = std::make_unique<QTemporaryDir>();
    if (!m_dir->isValid()) {
        fail(Error{m_dir->path(), {}, QStringLiteral("cannot create a temporary folder: %1").arg(m_dir->errorString())});
        return;
    }
    json cells = json::array();
    for (const QString &s : std::as_const(m_result.statements))
        cells.push_back(codeCell(s));
    cells.push_back(codeCell(QLatin1String(kPeakCell)));
    const json nb{{"cells", std::move(cells)},
                  {"metadata", {{"kernelspec", {{"name", "python3"}, {"language", "python"}, {"display_name", "Python 3"}}}}},
                  {"nbformat", 4},
                  {"nbformat_minor", 4}};
    // The same environment, sandbox and limits as the assignment: its assignment.json without notebooks, data and
    // checks of its own.
    QFile original(m_assignment.jsonPath());
    if (!original.open(QIODevice::ReadOnly)) {
        fail(Error{m_assignment.jsonPath(), {}, original.errorString()});
        return;
    }
    Expected<json> a = jsonutil::parse<json>(original.readAll(), m_assignment.jsonPath());
    if (!a || !a->is_object()) {
        fail(a ? Error{m_assignment.jsonPath(), {}, QStringLiteral("is not a JSON object")} : a.error());
        return;
    }
    for (const char *key : {"data_files", "required_datasets", "dataset_functions", "nbgrader", "release"})
        a->erase(key);
    (*a)["notebooks"] = json::array({"imports.ipynb"});
    (*a)["checks"] = json::array();
    const QString dir = m_dir->path();
    for (const auto &[name, doc] : {std::pair{QStringLiteral("imports.ipynb"), &nb}, std::pair{QStringLiteral("assignment.json"), &std::as_const(*a)}}) {
        QFile f(dir + QLatin1Char('/') + name);
        if (!f.open(QIODevice::WriteOnly) || f.write(QByteArray::fromStdString(jsonutil::qtIndented(*doc))) < 0) {
            fail(Error{f.fileName(), {}, QStringLiteral("cannot write: %1").arg(f.errorString())});
            return;
        }
    }
    Expected<Assignment> generated = Assignment::load(dir);
    if (!generated) {
        fail(generated.error());
        return;
    }
    SubmissionRunOptions options = m_options;
    Limits limits = m_options.limits.value_or(m_assignment.limits());
    limits.memoryBytes = memoryBytes;
    options.limits = limits;
    m_run = new SubmissionRun(*generated, dir + QLatin1String("/imports.ipynb"), options, this);
    connect(m_run, &SubmissionRun::finished, this, &ImportsCheck::onRunFinished);
    connect(m_run, &SubmissionRun::failed, this, &ImportsCheck::fail);
    m_run->start();
}

void ImportsCheck::onRunFinished(const SubmissionRunResult &run)
{
    m_run->deleteLater();
    m_run = nullptr;
    const ExecutionRecord &record = run.run.record;
    QString failedStatement, error, missing;
    if (record.status() == QLatin1String("kernel-start-failed")) {
        error = record.kernel().reason.value_or(QString());
        const QStringList messages = record.messages();
        if (error.isEmpty())
            error = messages.isEmpty() ? QStringLiteral("the kernel did not start") : messages.last();
    } else {
        for (const CellRecord &c : record.cells()) {
            const QString &status = c.status;
            if (!c.index || status == QLatin1String("ok") || status == QLatin1String("not-run"))
                continue;
            const int index = *c.index;
            const QString ename = c.error ? c.error->ename : QString(), evalue = c.error ? c.error->evalue : QString();
            failedStatement = m_result.statements.value(index);
            if (status == QLatin1String("kernel-died"))
                error = record.kernel().reason.value_or(QStringLiteral("the kernel died"));
            else
                error = !c.error ? status : errorHeadline(ename, evalue);
            missing = missingModuleName(ename, evalue);
            break;
        }
    }
    const bool failedRun = !error.isEmpty();
    if (!m_retry) {
        m_result.ok = !failedRun;
        m_result.failedStatement = failedStatement;
        m_result.error = error;
        m_result.missingModule = missing;
        if (!failedRun)
            m_result.peakBytes = peakFrom(run.run.notebookJson);
        // A module the environment lacks is missing under any limit; anything else may be the memory limit.
        if (failedRun && missing.isEmpty()) {
            m_retry = true;
            m_result.triedBytes = std::max<qint64>(4LL << 30, 4 * m_result.limitBytes);
            qCDebug(lcBatch) << "imports failed under" << m_result.limitBytes << "bytes:" << error << "- trying"
                             << m_result.triedBytes;
            runImports(m_result.triedBytes);
            return;
        }
    } else if (!failedRun) {
        m_result.memoryTooSmall = true;
        m_result.peakBytes = peakFrom(run.run.notebookJson);
    }
    m_done = true;
    Q_EMIT finished(m_result);
}

void ImportsCheck::fail(const Error &error)
{
    if (m_done)
        return;
    m_done = true;
    Q_EMIT failed(error);
}

} // namespace sandmark
