#include "assignment/edit.h"

#include "assignment/editlock.h"

#include "checks/checkjson_p.h"
#include "checks/registry.h"
#include "notebook/notebook.h"
#include "util/inputfile.h"
#include "util/json_p.h"
#include "util/jsonsplice_p.h"
#include "util/jsonvalue.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QVariantList>
#include <QVariantMap>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

namespace sandmark {

namespace {

using OJson = nlohmann::ordered_json;

// assignment.json as read: its bytes (to write the edited document against, keeping its formatting) and its tree;
// for an edit, the lock held from before the read until the document is dropped, after its write.
struct Document
{
    QByteArray bytes;
    OJson root;
    std::shared_ptr<AssignmentEditLock> lock;
};

enum class Purpose { Read, Edit };

Expected<Document> readJson(const QString &jsonPath, Purpose purpose = Purpose::Edit)
{
    std::shared_ptr<AssignmentEditLock> lock;
    if (purpose == Purpose::Edit) {
        Expected<std::shared_ptr<AssignmentEditLock>> held = AssignmentEditLock::acquire(jsonPath);
        if (!held)
            return held.error();
        lock = std::move(*held);
    }
    Expected<QByteArray> bytes = readInputFile(jsonPath, kMaxInputFileBytes);
    if (!bytes)
        return bytes.error();
    Expected<OJson> root = jsonutil::parse(*bytes, jsonPath);
    if (!root)
        return root.error();
    if (!root->is_object())
        return Error{jsonPath, {}, QStringLiteral("must be a JSON object")};
    // A repeated key would lose one of its values in the rewrite, silently: it is fixed by hand first.
    if (const QList<jsonutil::DuplicateKey> repeated = jsonutil::duplicateKeys(*bytes); !repeated.isEmpty())
        return Error{jsonPath, repeated.first().path,
                     QStringLiteral("line %1: duplicate key (also on line %2): remove one of them first; nothing written")
                         .arg(repeated.first().line)
                         .arg(repeated.first().firstLine)};
    return Document{std::move(*bytes), std::move(*root), std::move(lock)};
}

/// The check of an edit before it is written (writeJsonAgainst's `accept`): the edited file, read as
/// Assignment::load() reads it, has no problem at `field` ("checks[5]": a problem set's check without "notebook",
/// an anchor or notebook that is not there) — problems elsewhere in the file were there before and stay its own.
std::function<Expected<void>(const QByteArray &)> noProblemAt(const QString &jsonPath, const QString &field)
{
    return [jsonPath, field](const QByteArray &text) -> Expected<void> {
        QList<Error> errors;
        (void)Assignment::fromBytes(jsonPath, text, &errors);
        for (const Error &e : errors)
            if (e.location == field || e.location.startsWith(field + QLatin1Char('.')))
                return Error{e.file, e.location, e.message + QStringLiteral("; nothing written")};
        return {};
    };
}

QString stringOf(const OJson &o, const char *key)
{
    if (!o.is_object())
        return {};
    auto it = o.find(key);
    return it != o.end() && it->is_string() ? QString::fromStdString(it->get<std::string>()) : QString();
}

// The id the loader gives checks[i]: explicit, else its kind's default (variable / anchor / test-N). A check
// whose type no kind has is numbered by position ("test-N"), so that no new check takes that id.
QString effectiveId(const OJson &c, size_t i)
{
    const QString id = stringOf(c, "id");
    if (!id.isEmpty())
        return id;
    Check check;
    check.variable = stringOf(c, "variable");
    check.anchor = stringOf(c, "anchor");
    const CheckKind *kind = findCheckKind(stringOf(c, "type"));
    return kind ? kind->defaultId(check, qsizetype(i)) : QStringLiteral("test-%1").arg(i + 1);
}

QStringList idsOf(const OJson &checks)
{
    QStringList ids;
    for (size_t i = 0; i < checks.size(); ++i)
        ids << effectiveId(checks[i], i);
    return ids;
}

// A number as JSON: integral values as integers ("points": 2, not 2.0).
OJson number(double v)
{
    return detail::CheckDraft::number(v);
}

// An "anchor" must name a cell of the instructor notebooks (grade_id, cell id or tag), as `validate` requires: the
// editors refuse one that does not, instead of writing a check that makes the assignment invalid. When no
// instructor notebook can be read, that is validate's to report, and the anchor is not judged here.
Expected<void> checkAnchor(const OJson &root, const QString &jsonPath, const QString &field, const QString &anchor)
{
    if (anchor.isEmpty() || !root.contains("notebooks") || !root["notebooks"].is_array())
        return {};
    const QDir folder = QFileInfo(jsonPath).absoluteDir();
    bool readAny = false;
    for (const OJson &n : root["notebooks"]) {
        if (!n.is_string())
            continue;
        const auto nb = Notebook::load(folder.filePath(QString::fromStdString(n.get<std::string>())));
        if (!nb)
            continue;
        readAny = true;
        if (nb->findAnchor(anchor) >= 0)
            return {};
    }
    if (!readAny)
        return {};
    return Error{jsonPath, field + QStringLiteral(".anchor"),
                 QStringLiteral("no cell of the instructor notebooks is named '%1' (grade_id, cell id or tag)").arg(anchor)};
}

// The index of the check `id` names when it was read at `index` (the caller's list may be older than the file: another
// edit added or removed a check since); `index` itself when `id` is empty. -1: no check has that id now.
int currentIndexOf(const OJson &root, int index, const QString &id)
{
    if (id.isEmpty() || !root.contains("checks") || !root["checks"].is_array())
        return index;
    const QStringList ids = idsOf(root["checks"]);
    if (index >= 0 && index < ids.size() && ids.at(index) == id)
        return index;
    return int(ids.indexOf(id));
}

Error checkGone(const QString &jsonPath, int index, const QString &id)
{
    return Error{jsonPath, QStringLiteral("checks[%1]").arg(index),
                 QStringLiteral("no check has the id '%1' any more (assignment.json changed since it was read); nothing written")
                     .arg(id)};
}

} // namespace

Expected<bool> editCheck(const QString &jsonPath, int index, const CheckEdit &edit)
{
    Expected<Document> parsed = readJson(jsonPath);
    if (!parsed)
        return parsed.error();
    OJson &root = parsed->root;
    if (const int now = currentIndexOf(root, index, edit.checkId); now < 0)
        return checkGone(jsonPath, index, edit.checkId);
    else
        index = now;
    const QString field = QStringLiteral("checks[%1]").arg(index);
    if (!root.contains("checks") || !root["checks"].is_array() || index < 0
        || size_t(index) >= root["checks"].size() || !root["checks"][size_t(index)].is_object())
        return Error{jsonPath, field, QStringLiteral("no such check")};
    auto &check = root["checks"][size_t(index)];
    const OJson original = check;
    const CheckKind *kind = findCheckKind(stringOf(check, "type"));
    if (!kind)
        return Error{jsonPath, field + QStringLiteral(".type"), QStringLiteral("not a check type (%1)").arg(checkKindNameList())};
    const QList<CheckField> fields = QList<CheckField>{pointsField(), notebookField()} + kind->fields();
    QMap<QString, QVariant> changes = edit.changes;
    for (auto it = edit.textChanges.cbegin(); it != edit.textChanges.cend(); ++it) {
        const auto f = std::find_if(fields.cbegin(), fields.cend(), [&](const CheckField &c) { return c.key == it.key(); });
        if (f == fields.cend()) {
            changes.insert(it.key(), QVariant(it.value())); // refused below, with the kind's fields
            continue;
        }
        Expected<QVariant> v = parseCheckFieldValue(*f, it.value());
        if (!v)
            return Error{jsonPath, field + QLatin1Char('.') + it.key(), v.error().message};
        changes.insert(it.key(), *v);
    }
    for (auto it = changes.cbegin(); it != changes.cend(); ++it) {
        const QString &key = it.key();
        const auto f = std::find_if(fields.cbegin(), fields.cend(), [&](const CheckField &c) { return c.key == key; });
        if (f == fields.cend()) {
            if ((key == QLatin1String("rtol") || key == QLatin1String("atol")) && !kind->hasTolerance())
                return Error{jsonPath, field, QStringLiteral("a %1 check has no tolerance").arg(kind->name())};
            QStringList keys;
            for (const CheckField &c : fields)
                keys << c.key;
            return Error{jsonPath, field + QLatin1Char('.') + key,
                         QStringLiteral("a %1 check has no such field (its fields: %2)").arg(kind->name(), keys.join(QStringLiteral(", ")))};
        }
        const std::string k = key.toStdString();
        if (jsonvalue::isNull(it.value())) {
            if (f->required)
                return Error{jsonPath, field + QLatin1Char('.') + key, QStringLiteral("is required and cannot be removed")};
            check.erase(k);
            continue;
        }
        if (auto problem = checkFieldProblem(*f, it.value()))
            return Error{jsonPath, field + QLatin1Char('.') + key, *problem};
        check[k] = jsonutil::fromVariant<OJson>(it.value());
    }
    if (changes.contains(QStringLiteral("anchor")) && jsonvalue::isString(changes.value(QStringLiteral("anchor"))))
        if (auto ok = checkAnchor(root, jsonPath, field, changes.value(QStringLiteral("anchor")).toString()); !ok)
            return ok.error();
    // The edited entry must read as the loader reads it (a Python name, the kind's own rules), or nothing is written.
    const detail::FieldReader reader{jsonPath};
    bool showExpected = false;
    if (auto it = root.find("show_expected"); it != root.end() && it->is_boolean())
        showExpected = it->get<bool>();
    if (auto ok = detail::readCheckEntry(reader, check, field, size_t(index), showExpected); !ok)
        return ok.error();
    if (check == original)
        return false;
    if (auto ok = jsonutil::writeJsonAgainst(jsonPath, parsed->bytes, root, noProblemAt(jsonPath, field)); !ok)
        return ok.error();
    return true;
}

Expected<int> addCheck(const QString &jsonPath, const NewCheck &nc)
{
    Expected<Document> parsed = readJson(jsonPath);
    if (!parsed)
        return parsed.error();
    OJson &root = parsed->root;
    if (root.contains("checks") && !root["checks"].is_array())
        return Error{jsonPath, QStringLiteral("checks"), QStringLiteral("must be a list")};
    const size_t index = root.contains("checks") ? root["checks"].size() : 0;
    const QString field = QStringLiteral("checks[%1]").arg(index);
    auto bad = [&](const char *key, const QString &problem) -> Expected<int> {
        return Error{jsonPath, key ? field + QLatin1Char('.') + QLatin1String(key) : field, problem};
    };
    const CheckKind &kind = checkKind(nc.type);
    if (!kind.canAdd())
        return bad("type", QStringLiteral("only %1 checks can be added here").arg(addableCheckKindNames()));
    if (!isCheckId(nc.id))
        return bad("id", QStringLiteral("'%1' must be 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit")
                             .arg(nc.id));
    const QStringList ids = root.contains("checks") ? idsOf(root["checks"]) : QStringList();
    if (const qsizetype taken = ids.indexOf(nc.id); taken >= 0)
        return bad("id", QStringLiteral("'%1' is already the id of checks[%2]").arg(nc.id).arg(taken));
    if (!std::isfinite(nc.points) || nc.points < 0 || nc.points > kMaxCheckPoints)
        return bad("points", QStringLiteral("must be a finite number, at least 0 and at most %1").arg(qint64(kMaxCheckPoints)));
    for (const auto &[key, tol] : {std::pair{"rtol", nc.rtol}, std::pair{"atol", nc.atol}}) {
        if (!tol)
            continue;
        if (!kind.hasTolerance())
            return bad(key, QStringLiteral("a %1 check has no tolerance").arg(kind.name()));
        if (!std::isfinite(*tol) || *tol < 0)
            return bad(key, QStringLiteral("must be a finite number, at least 0"));
    }

    OJson c = OJson::object();
    c["id"] = nc.id.toStdString();
    detail::CheckDraft draft{c, jsonPath, field};
    if (auto ok = kind.write(nc, draft); !ok)
        return ok.error();
    if (!nc.notebook.isEmpty())
        c["notebook"] = nc.notebook.toStdString();
    if (auto ok = checkAnchor(root, jsonPath, field, nc.anchor); !ok)
        return ok.error();
    if (!root.contains("checks"))
        root["checks"] = OJson::array();
    root["checks"].push_back(std::move(c));
    if (auto ok = jsonutil::writeJsonAgainst(jsonPath, parsed->bytes, root, noProblemAt(jsonPath, field)); !ok)
        return ok.error();
    return int(index);
}

Expected<void> removeCheck(const QString &jsonPath, int index, const QString &checkId)
{
    Expected<Document> parsed = readJson(jsonPath);
    if (!parsed)
        return parsed.error();
    OJson &root = parsed->root;
    if (const int now = currentIndexOf(root, index, checkId); now < 0)
        return checkGone(jsonPath, index, checkId);
    else
        index = now;
    const QString field = QStringLiteral("checks[%1]").arg(index);
    if (!root.contains("checks") || !root["checks"].is_array() || index < 0 || size_t(index) >= root["checks"].size())
        return Error{jsonPath, field, QStringLiteral("no such check")};
    OJson &checks = root["checks"];
    // Later checks without an id whose default id is their position ("test-N") keep the id they had.
    for (size_t i = size_t(index) + 1; i < checks.size(); ++i) {
        OJson &c = checks[i];
        if (!c.is_object() || c.contains("id") || !findCheckKind(stringOf(c, "type"))
            || effectiveId(c, i) == effectiveId(c, i - 1))
            continue;
        OJson withId = OJson::object();
        withId["id"] = effectiveId(c, i).toStdString();
        for (auto &[k, v] : c.items())
            withId[k] = v;
        c = std::move(withId);
    }
    checks.erase(checks.begin() + index);
    return jsonutil::writeJsonAgainst(jsonPath, parsed->bytes, root);
}

Expected<QStringList> checkIds(const QString &jsonPath)
{
    Expected<Document> parsed = readJson(jsonPath, Purpose::Read);
    if (!parsed)
        return parsed.error();
    const OJson &root = parsed->root;
    if (!root.contains("checks"))
        return QStringList();
    if (!root["checks"].is_array())
        return Error{jsonPath, QStringLiteral("checks"), QStringLiteral("must be a list")};
    return idsOf(root["checks"]);
}

QString uniqueCheckId(const QString &base, const QStringList &taken)
{
    QString id;
    for (QChar ch : base) {
        const bool ok = (ch.unicode() < 128 && ch.isLetterOrNumber()) || ch == QLatin1Char('.') || ch == QLatin1Char('_')
                        || ch == QLatin1Char('-');
        if (id.isEmpty() && !(ch.unicode() < 128 && ch.isLetterOrNumber()))
            continue;
        id += ok ? ch : QLatin1Char('_');
    }
    if (id.isEmpty())
        id = QStringLiteral("check");
    id = id.left(64);
    QString candidate = id;
    for (int n = 2; taken.contains(candidate); ++n) {
        const QString suffix = QStringLiteral("-%1").arg(n);
        candidate = id.left(64 - suffix.size()) + suffix;
    }
    return candidate;
}

namespace {

const QStringList &stringKeys()
{
    static const QStringList keys = {QStringLiteral("title"), QStringLiteral("sandbox"), QStringLiteral("docker_image")};
    return keys;
}

const QStringList &listKeys()
{
    static const QStringList keys = {QStringLiteral("notebooks"), QStringLiteral("data_files"),
                                     QStringLiteral("dependencies"), QStringLiteral("required_datasets")};
    return keys;
}

// Sets root[key], a new key at its place in assignmentFieldKeys() (after the last present key that comes before it).
void setTopLevel(OJson &root, const QString &key, OJson value)
{
    const std::string k = key.toStdString();
    if (root.contains(k) || !assignmentFieldKeys().contains(key)) {
        root[k] = std::move(value);
        return;
    }
    const qsizetype rank = assignmentFieldKeys().indexOf(key);
    OJson rebuilt = OJson::object();
    bool placed = false;
    for (auto &[name, member] : root.items()) {
        const qsizetype r = assignmentFieldKeys().indexOf(QString::fromStdString(name));
        if (!placed && r > rank) {
            rebuilt[k] = value;
            placed = true;
        }
        rebuilt[name] = member;
    }
    if (!placed)
        rebuilt[k] = std::move(value);
    root = std::move(rebuilt);
}

// The path of a data_files entry (a string, or an object's "path"); empty when it has none.
QString dataFilePath(const OJson &entry)
{
    return entry.is_string() ? QString::fromStdString(entry.get<std::string>()) : stringOf(entry, "path");
}

QString keyList()
{
    return editableAssignmentKeys().join(QStringLiteral(", "));
}

// Writes the edited document when the loader finds no problem in it that the file did not have before (by
// message: an index may shift when an entry is removed); else that problem, and nothing is written.
Expected<void> writeChecked(const QString &jsonPath, const Document &doc)
{
    QList<Error> before;
    (void)Assignment::fromBytes(jsonPath, doc.bytes, &before);
    return jsonutil::writeJsonAgainst(jsonPath, doc.bytes, doc.root, [jsonPath, before](const QByteArray &text) -> Expected<void> {
        QList<Error> after;
        (void)Assignment::fromBytes(jsonPath, text, &after);
        for (const Error &e : after) {
            const bool old = std::any_of(before.cbegin(), before.cend(), [&](const Error &b) { return b.message == e.message; });
            if (!old)
                return Error{e.file, e.location, e.message + QStringLiteral("; nothing written")};
        }
        return {};
    });
}

// The list `key` of the document (created empty when absent), or an Error when it is not a list.
Expected<OJson *> listOf(Document &doc, const QString &jsonPath, const QString &key)
{
    if (!listKeys().contains(key))
        return Error{jsonPath, key, QStringLiteral("not a list of the assignment (lists: %1)").arg(listKeys().join(QStringLiteral(", ")))};
    const std::string k = key.toStdString();
    if (!doc.root.contains(k))
        setTopLevel(doc.root, key, OJson::array());
    OJson &list = doc.root[k];
    if (!list.is_array())
        return Error{jsonPath, key, QStringLiteral("must be a list")};
    return &list;
}

// The index in `list` of `item` (a data file by its path), or -1.
qsizetype indexOfItem(const OJson &list, const QString &key, const QString &item)
{
    for (size_t i = 0; i < list.size(); ++i) {
        const QString text = key == QLatin1String("data_files") ? dataFilePath(list[i])
                             : list[i].is_string()               ? QString::fromStdString(list[i].get<std::string>())
                                                                 : QString();
        if (text == item || (key != QLatin1String("dependencies") && key != QLatin1String("required_datasets")
                             && !text.isEmpty() && QDir::cleanPath(text) == QDir::cleanPath(item)))
            return qsizetype(i);
    }
    return -1;
}

} // namespace

QStringList editableAssignmentKeys()
{
    QStringList keys = {QStringLiteral("title"), QStringLiteral("notebooks"), QStringLiteral("data_files"),
                        QStringLiteral("dependencies"), QStringLiteral("required_datasets")};
    for (const LimitField &f : kLimitFields)
        keys << QStringLiteral("limits.") + QLatin1String(f.key);
    keys << QStringLiteral("sandbox") << QStringLiteral("docker_image");
    return keys;
}

QVariant dataFileJson(const DataFile &file)
{
    if (file.urls.isEmpty())
        return file.path;
    return QVariantMap{{QStringLiteral("path"), file.path}, {QStringLiteral("urls"), file.urls}};
}

Expected<QVariant> parseAssignmentValue(const QString &file, const QString &key, const QString &text)
{
    if (stringKeys().contains(key))
        return QVariant(text);
    if (listKeys().contains(key)) {
        QStringList list;
        for (const QString &line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
            if (!line.trimmed().isEmpty())
                list.append(line.trimmed());
        return QVariant(list);
    }
    if (key.startsWith(QLatin1String("limits.")) && findLimitField(key.mid(7).toStdString())) {
        bool ok = false;
        const double v = text.trimmed().toDouble(&ok);
        if (!ok || !std::isfinite(v))
            return Error{file, key, QStringLiteral("'%1' is not a number").arg(text)};
        return QVariant(v);
    }
    return Error{file, key, QStringLiteral("not an assignment field the editors change (fields: %1)").arg(keyList())};
}

Expected<void> editAssignment(const QString &jsonPath, const AssignmentEdit &edit)
{
    Expected<Document> parsed = readJson(jsonPath);
    if (!parsed)
        return parsed.error();
    OJson &root = parsed->root;
    for (auto it = edit.changes.cbegin(); it != edit.changes.cend(); ++it) {
        const QString &key = it.key();
        const QVariant &v = it.value();
        if (!editableAssignmentKeys().contains(key))
            return Error{jsonPath, key, QStringLiteral("not an assignment field the editors change (fields: %1)").arg(keyList())};
        if (key.startsWith(QLatin1String("limits."))) {
            const std::string limit = key.mid(7).toStdString();
            if (root.contains("limits") && !root["limits"].is_object())
                return Error{jsonPath, QStringLiteral("limits"), QStringLiteral("must be an object")};
            if (jsonvalue::isNull(v)) {
                if (root.contains("limits"))
                    root["limits"].erase(limit);
                continue;
            }
            if (!jsonvalue::isNumber(v))
                return Error{jsonPath, key, QStringLiteral("must be a number")};
            if (!root.contains("limits"))
                setTopLevel(root, QStringLiteral("limits"), OJson::object());
            root["limits"][limit] = number(v.toDouble());
            continue;
        }
        if (jsonvalue::isNull(v)) {
            root.erase(key.toStdString());
            continue;
        }
        if (stringKeys().contains(key) && !jsonvalue::isString(v))
            return Error{jsonPath, key, QStringLiteral("must be a string")};
        if (listKeys().contains(key)) {
            if (v.typeId() != QMetaType::QVariantList && v.typeId() != QMetaType::QStringList)
                return Error{jsonPath, key, QStringLiteral("must be a list")};
            const QVariantList list = v.toList();
            for (qsizetype i = 0; i < list.size(); ++i)
                if (!jsonvalue::isString(list.at(i))
                    && !(key == QLatin1String("data_files") && list.at(i).typeId() == QMetaType::QVariantMap))
                    return Error{jsonPath, QStringLiteral("%1[%2]").arg(key).arg(i), QStringLiteral("must be a string")};
        }
        setTopLevel(root, key, jsonutil::fromVariant<OJson>(v));
    }
    return writeChecked(jsonPath, *parsed);
}

Expected<void> addAssignmentItem(const QString &jsonPath, const QString &key, const QString &item, const QStringList &urls)
{
    Expected<Document> parsed = readJson(jsonPath);
    if (!parsed)
        return parsed.error();
    Expected<OJson *> list = listOf(*parsed, jsonPath, key);
    if (!list)
        return list.error();
    if (!urls.isEmpty() && key != QLatin1String("data_files"))
        return Error{jsonPath, key, QStringLiteral("only data files have URLs")};
    if (item.trimmed().isEmpty())
        return Error{jsonPath, key, QStringLiteral("an entry must not be empty")};
    if (const qsizetype at = indexOfItem(**list, key, item); at >= 0)
        return Error{jsonPath, QStringLiteral("%1[%2]").arg(key).arg(at), QStringLiteral("'%1' is already listed").arg(item)};
    (*list)->push_back(jsonutil::fromVariant<OJson>(key == QLatin1String("data_files") ? dataFileJson(DataFile{item, urls}) : QVariant(item)));
    return writeChecked(jsonPath, *parsed);
}

Expected<void> removeAssignmentItem(const QString &jsonPath, const QString &key, const QString &item)
{
    Expected<Document> parsed = readJson(jsonPath);
    if (!parsed)
        return parsed.error();
    Expected<OJson *> list = listOf(*parsed, jsonPath, key);
    if (!list)
        return list.error();
    const qsizetype at = indexOfItem(**list, key, item);
    if (at < 0)
        return Error{jsonPath, key, QStringLiteral("has no entry '%1'").arg(item)};
    (*list)->erase(size_t(at));
    return writeChecked(jsonPath, *parsed);
}

Expected<void> setDataFileUrls(const QString &jsonPath, const QString &path, const QStringList &urls)
{
    Expected<Document> parsed = readJson(jsonPath);
    if (!parsed)
        return parsed.error();
    const QString key = QStringLiteral("data_files");
    Expected<OJson *> list = listOf(*parsed, jsonPath, key);
    if (!list)
        return list.error();
    const qsizetype at = indexOfItem(**list, key, path);
    if (at < 0)
        return Error{jsonPath, key, QStringLiteral("has no entry '%1'").arg(path)};
    OJson &entry = (**list)[size_t(at)];
    OJson urlList = OJson::array();
    for (const QString &u : urls)
        urlList.push_back(u.toStdString());
    if (entry.is_object() && urls.isEmpty())
        entry.erase("urls");
    else if (entry.is_object())
        entry["urls"] = std::move(urlList);
    else if (!urls.isEmpty())
        entry = jsonutil::fromVariant<OJson>(dataFileJson(DataFile{dataFilePath(entry), urls}));
    return writeChecked(jsonPath, *parsed);
}

} // namespace sandmark
