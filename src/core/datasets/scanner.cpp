#include "datasets/scanner.h"

#include "util/paths.h"

#include <nlohmann/json.hpp>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
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
    // Qt's JSON gives QVariant values directly; the structure is small and trusted (our own script).
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &pe);
    if (!doc.isObject())
        return Error{notebook, {}, QStringLiteral("unreadable scanner output: %1").arg(pe.errorString())};
    const QJsonObject o = doc.object();
    ScanResult r;
    r.stubCells = o.value(QLatin1String("stub_cells")).toInt();
    const auto calls = o.value(QLatin1String("calls")).toArray();
    for (const auto &v : calls) {
        const QJsonObject c = v.toObject();
        ScannedCall s;
        s.notebook = notebook;
        s.cell = c.value(QLatin1String("cell")).toInt();
        s.line = c.value(QLatin1String("line")).toInt();
        s.endLine = c.value(QLatin1String("end_line")).toInt();
        s.function = c.value(QLatin1String("function")).toString();
        s.matched = c.value(QLatin1String("matched")).toString();
        s.callee = c.value(QLatin1String("callee")).toString();
        s.source = c.value(QLatin1String("source")).toString();
        s.args = c.value(QLatin1String("args")).toArray().toVariantList();
        s.kwargs = c.value(QLatin1String("kwargs")).toObject().toVariantMap();
        const auto comp = c.value(QLatin1String("computed")).toArray();
        for (const auto &x : comp)
            s.computed.append(x.toString());
        r.calls.append(s);
    }
    const auto imports = o.value(QLatin1String("imports")).toArray();
    for (const auto &v : imports) {
        const QJsonObject i = v.toObject();
        r.imports.append({i.value(QLatin1String("cell")).toInt(), i.value(QLatin1String("line")).toInt(),
                          i.value(QLatin1String("source")).toString()});
    }
    for (const auto &v : o.value(QLatin1String("modules")).toArray()) {
        const QJsonObject m = v.toObject();
        r.modules.append({m.value(QLatin1String("name")).toString(), m.value(QLatin1String("cell")).toInt(),
                          m.value(QLatin1String("line")).toInt(), m.value(QLatin1String("stdlib")).toBool(),
                          m.value(QLatin1String("found")).toBool(), m.value(QLatin1String("distribution")).toString()});
    }
    for (const auto &v : o.value(QLatin1String("assigned")).toArray()) {
        const QJsonObject a = v.toObject();
        r.assigned.append({a.value(QLatin1String("name")).toString(), a.value(QLatin1String("cell")).toInt(),
                           a.value(QLatin1String("line")).toInt()});
    }
    const auto problems = o.value(QLatin1String("problems")).toArray();
    for (const auto &v : problems) {
        const QJsonObject pr = v.toObject();
        r.warnings.append(QStringLiteral("%1: cells[%2] line %3: %4")
                              .arg(notebook)
                              .arg(pr.value(QLatin1String("cell")).toInt())
                              .arg(pr.value(QLatin1String("line")).toInt())
                              .arg(pr.value(QLatin1String("message")).toString()));
    }
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
