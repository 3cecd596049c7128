#include "datasets/scanner.h"

#include "util/json_p.h"
#include "util/paths.h"

#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcDatasets, "sandmark.datasets")

namespace sandmark {

using nlohmann::json;

QStringList defaultDatasetFunctions()
{
    return {QStringLiteral("localizer.get_file"), QStringLiteral("localizer.download"),
            QStringLiteral("hf_hub_download")};
}

QString ScannedCall::where() const
{
    return QStringLiteral("%1 cells[%2] line %3").arg(notebook).arg(cell).arg(line);
}

DatasetScanner::DatasetScanner(QObject *parent) : QObject(parent)
{
    connect(&m_script, &ScriptProcess::done, this, &DatasetScanner::onFinished);
    connect(&m_script, &ScriptProcess::startFailed, this, [this](const QString &why) {
        Q_EMIT failed(Error{m_python, {}, QStringLiteral("cannot start the Python interpreter: %1").arg(why)});
    });
}

DatasetScanner::~DatasetScanner()
{
    cancel();
}

void DatasetScanner::start(const QString &python, const QString &notebook, const QList<CodeCell> &cells,
                           const QStringList &functions, const QString &scriptPath)
{
    cancel();
    m_notebook = notebook;
    m_python = python;
    const QString script = scriptPath.isEmpty() ? paths::pythonRuntimeDir() + QLatin1String("/sandmark_scan.py")
                                                : scriptPath;
    json req;
    req["cells"] = json::array();
    for (const CodeCell &c : cells)
        req["cells"].push_back({{"cell", c.index}, {"source", c.source.toStdString()}});
    req["functions"] = json::array();
    for (const QString &f : functions)
        req["functions"].push_back(f.toStdString());

    m_script.start({python, {QStringLiteral("-I"), script}, QByteArray::fromStdString(req.dump()), {}, {}, false});
}

void DatasetScanner::cancel()
{
    m_script.cancel();
}

void DatasetScanner::onFinished(int exitCode, QProcess::ExitStatus status, const QByteArray &out, const QByteArray &err)
{
    if (status != QProcess::NormalExit || exitCode != 0) {
        const QString tail = QString::fromUtf8(err).trimmed().split(QLatin1Char('\n')).last();
        Q_EMIT failed(Error{m_notebook, {}, QStringLiteral("the dataset scan failed (exit %1): %2").arg(exitCode).arg(tail)});
        return;
    }
    auto r = parseScanOutput(out, m_notebook);
    if (!r) {
        Q_EMIT failed(r.error());
        return;
    }
    Q_EMIT finished(*r);
}

Expected<ScanResult> parseScanOutput(const QByteArray &bytes, const QString &notebook)
{
    const Expected<json> doc = jsonutil::parse<json>(bytes, QString());
    if (!doc || !doc->is_object())
        return Error{notebook, {}, QStringLiteral("unreadable scanner output: %1")
                                       .arg(doc ? QStringLiteral("not a JSON object") : doc.error().toString())};
    const json &o = *doc;
    const auto str = [](const json &j, const char *key) { return QString::fromStdString(jsonutil::stringOr(j, key)); };
    const auto integer = [](const json &j, const char *key) { return int(jsonutil::intOr(j, key, 0)); };
    ScanResult r;
    r.stubCells = integer(o, "stub_cells");
    for (const json &c : jsonutil::arrayOr(o, "calls")) {
        ScannedCall s;
        s.notebook = notebook;
        s.cell = integer(c, "cell");
        s.line = integer(c, "line");
        s.endLine = integer(c, "end_line");
        s.function = str(c, "function");
        s.matched = str(c, "matched");
        s.callee = str(c, "callee");
        s.source = str(c, "source");
        s.args = jsonutil::toVariant(jsonutil::arrayOr(c, "args")).toList();
        s.kwargs = jsonutil::toVariant(jsonutil::objectOr(c, "kwargs")).toMap();
        for (const json &x : jsonutil::arrayOr(c, "computed"))
            s.computed.append(QString::fromStdString(jsonutil::stringOf(x)));
        r.calls.append(s);
    }
    for (const json &i : jsonutil::arrayOr(o, "imports"))
        r.imports.append({integer(i, "cell"), integer(i, "line"), str(i, "source")});
    for (const json &m : jsonutil::arrayOr(o, "modules"))
        r.modules.append({str(m, "name"), integer(m, "cell"), integer(m, "line"), jsonutil::boolOr(m, "stdlib", false),
                          jsonutil::boolOr(m, "found", false), str(m, "distribution")});
    for (const json &a : jsonutil::arrayOr(o, "assigned"))
        r.assigned.append({str(a, "name"), integer(a, "cell"), integer(a, "line")});
    for (const json &pr : jsonutil::arrayOr(o, "problems"))
        r.warnings.append(QStringLiteral("%1: cells[%2] line %3: %4")
                              .arg(notebook)
                              .arg(integer(pr, "cell"))
                              .arg(integer(pr, "line"))
                              .arg(str(pr, "message")));
    if (r.calls.isEmpty() && r.stubCells > 0)
        r.warnings.append(QStringLiteral("%1: found no dataset calls, and %2 cell(s) hold solution stubs "
                                         "(raise NotImplementedError() / # YOUR CODE HERE): this looks like a "
                                         "release, whose data calls were stripped with the solutions; scan the "
                                         "instructor notebook instead")
                              .arg(notebook)
                              .arg(r.stubCells));
    return r;
}

} // namespace sandmark
