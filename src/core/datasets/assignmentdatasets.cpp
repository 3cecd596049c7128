#include "datasets/assignmentdatasets.h"

#include "assignment/assignment.h"
#include "assignment/edit.h"
#include "assignment/editlock.h"
#include "datasets/datasetentry.h"
#include "util/inputfile.h"
#include "util/json_p.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace sandmark {

using ojson = nlohmann::ordered_json;

namespace {

Expected<ojson> readJson(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Error{path, {}, QStringLiteral("cannot read: %1").arg(f.errorString())};
    return jsonutil::parse(f.readAll(), path);
}

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

} // namespace

Expected<AssignmentDatasets> loadAssignmentDatasets(const QString &dirIn)
{
    auto loaded = Assignment::load(dirIn);
    if (!loaded)
        return loaded.error();
    const Assignment &asg = *loaded;
    AssignmentDatasets a;
    a.dir = asg.folder();
    a.jsonPath = asg.jsonPath();
    a.slug = asg.slug().isEmpty() ? QFileInfo(a.dir).fileName() : asg.slug();
    a.requiredDatasets = asg.requiredDatasets();
    if (auto r = parseDatasetEntries(a.requiredDatasets, a.jsonPath); !r)
        return r.error();
    a.functions = asg.datasetFunctions();
    for (const QString &n : asg.notebooks())
        a.notebooks.append(asg.absolute(n));
    a.python = asg.python();
    return a;
}

Expected<QList<AssignmentDatasets>> findAssignments(const QString &path, const QString &slug)
{
    QList<AssignmentDatasets> out;
    if (QFileInfo::exists(path + QLatin1String("/assignment.json"))) {
        auto a = loadAssignmentDatasets(path);
        if (!a)
            return a.error();
        if (!slug.isEmpty() && a->slug != slug)
            return Error{path, {}, QStringLiteral("the assignment's slug is '%1', not '%2'").arg(a->slug, slug)};
        out.append(*a);
        return out;
    }
    if (!QFileInfo(path).isDir())
        return Error{path, {}, QStringLiteral("not an assignment folder (no assignment.json)")};
    const QStringList subs = QDir(path).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    for (const QString &s : subs) {
        const QString d = path + QLatin1Char('/') + s;
        if (!QFileInfo::exists(d + QLatin1String("/assignment.json")))
            continue;
        auto a = loadAssignmentDatasets(d);
        if (!a)
            return a.error();
        if (slug.isEmpty() || a->slug == slug)
            out.append(*a);
    }
    if (out.isEmpty())
        return Error{path, {},
                     slug.isEmpty() ? QStringLiteral("no assignment.json here or in its subfolders")
                                    : QStringLiteral("no assignment with slug '%1'").arg(slug)};
    return out;
}

Expected<QList<CodeCell>> readCodeCells(const QString &ipynbPath)
{
    auto doc = readJson(ipynbPath);
    if (!doc)
        return doc.error();
    const ojson &j = *doc;
    if (!j.is_object() || !j.contains("cells") || !j["cells"].is_array())
        return Error{ipynbPath, QStringLiteral("cells"), QStringLiteral("missing: not an nbformat 4 notebook")};
    QList<CodeCell> out;
    const ojson &cells = j["cells"];
    for (size_t i = 0; i < cells.size(); ++i) {
        const ojson &c = cells[i];
        if (jsonutil::stringOr(c, "cell_type") != "code")
            continue;
        QString src;
        if (c.contains("source") && c["source"].is_string()) {
            src = qs(c["source"].get<std::string>());
        } else if (c.contains("source") && c["source"].is_array()) {
            for (const ojson &line : c["source"])
                if (line.is_string())
                    src += qs(line.get<std::string>());
        }
        out.append({int(i), src});
    }
    return out;
}

Expected<QStringList> editRequiredDatasets(const QString &jsonPath, const QStringList &add, const QStringList &remove)
{
    // Held from this read until editAssignment() has written: another edit at once waits instead of being lost.
    const Expected<std::shared_ptr<AssignmentEditLock>> lock = AssignmentEditLock::acquire(jsonPath);
    if (!lock)
        return lock.error();
    const Expected<QByteArray> bytes = readInputFile(jsonPath, kMaxInputFileBytes);
    if (!bytes)
        return bytes.error();
    auto doc = jsonutil::parse(*bytes, jsonPath);
    if (!doc)
        return doc.error();
    ojson j = *doc;
    if (!j.is_object())
        return Error{jsonPath, {}, QStringLiteral("the top level must be an object")};
    QList<DatasetEntry> current;
    if (j.contains("required_datasets")) {
        QStringList raw;
        if (!j["required_datasets"].is_array())
            return Error{jsonPath, QStringLiteral("required_datasets"), QStringLiteral("must be a list of strings")};
        for (const ojson &v : j["required_datasets"]) {
            if (!v.is_string())
                return Error{jsonPath, QStringLiteral("required_datasets"), QStringLiteral("must be a list of strings")};
            raw.append(qs(v.get<std::string>()));
        }
        auto parsed = parseDatasetEntries(raw, jsonPath);
        if (!parsed)
            return parsed.error();
        current = *parsed;
    }
    QStringList listed; // entries of `add` already there
    for (qsizetype i = 0; i < add.size(); ++i) {
        auto e = DatasetEntry::parse(add.at(i));
        if (!e)
            return e.error();
        if (!current.contains(*e))
            current.append(*e);
        else
            listed << add.at(i);
    }
    for (qsizetype i = 0; i < remove.size(); ++i) {
        auto e = DatasetEntry::parse(remove.at(i));
        if (!e)
            return e.error();
        if (!current.removeAll(*e))
            return Error{jsonPath, QStringLiteral("required_datasets"),
                         QStringLiteral("has no entry '%1'").arg(e->toString())};
    }
    // Written by the assignment editor: a new key at its place, the result read as the loader reads it.
    QStringList list;
    for (const DatasetEntry &e : std::as_const(current))
        list.append(e.toString());
    if (remove.isEmpty() && listed.size() == add.size())
        return listed; // nothing changes: the file stays untouched
    AssignmentEdit edit;
    edit.set(QStringLiteral("required_datasets"), list);
    if (auto written = editAssignment(jsonPath, edit); !written)
        return written.error();
    return listed;
}

} // namespace sandmark
