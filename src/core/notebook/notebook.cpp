#include "notebook/notebook.h"

#include "notebook/notebook_p.h"
#include "util/inputfile.h"
#include "util/json_p.h"

#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QSaveFile>

#include <cmath>
#include <functional>
#include <limits>
#include <set>

namespace sandmark {

QString injectedKindName(InjectedKind kind)
{
    switch (kind) {
    case InjectedKind::Redirect:
        return QStringLiteral("redirect");
    case InjectedKind::Probe:
        return QStringLiteral("probe");
    case InjectedKind::Test:
        return QStringLiteral("test");
    case InjectedKind::None:
        break;
    }
    return {};
}

std::string joinedText(const Json &v)
{
    if (v.is_string())
        return v.get<std::string>();
    std::string out;
    if (v.is_array())
        for (const Json &line : v)
            if (line.is_string())
                out += line.get_ref<const std::string &>();
    return out;
}

std::string joinedSource(const Json &cell)
{
    auto it = cell.find("source");
    return it == cell.end() ? std::string() : joinedText(*it);
}

std::optional<int> executionCount(const Json &cell)
{
    auto it = cell.find("execution_count");
    if (it == cell.end() || !it->is_number())
        return std::nullopt;
    const double n = it->get<double>();
    return n == std::trunc(n) && n >= std::numeric_limits<int>::min() && n <= std::numeric_limits<int>::max() ? int(n) : 0;
}

Json splitLines(const std::string &text)
{
    Json lines = Json::array();
    size_t start = 0;
    while (start < text.size()) {
        size_t nl = text.find('\n', start);
        size_t end = nl == std::string::npos ? text.size() : nl + 1;
        lines.push_back(text.substr(start, end - start));
        start = end;
    }
    return lines;
}

void setSource(Json &cell, const std::string &text)
{
    auto it = cell.find("source");
    if (it != cell.end() && it->is_string())
        *it = text;
    else
        cell["source"] = splitLines(text);
}

std::string injectedName(const Json &cell)
{
    auto md = cell.find("metadata");
    if (md == cell.end() || !md->is_object())
        return {};
    auto sm = md->find("sandmark");
    if (sm == md->end() || !sm->is_object())
        return {};
    auto inj = sm->find("injected");
    return inj != sm->end() && inj->is_string() ? inj->get<std::string>() : std::string();
}

Notebook NotebookEditor::fromJson(Json json)
{
    Notebook nb;
    nb.d->json = std::move(json);
    return nb;
}

Notebook::Notebook() : d(new Private) {}
Notebook::Notebook(const Notebook &) = default;
Notebook &Notebook::operator=(const Notebook &) = default;
Notebook::~Notebook() = default;

namespace {

// Offset of the first byte that is not part of valid UTF-8, or -1.
qint64 firstInvalidUtf8(const QByteArray &bytes)
{
    const auto *p = reinterpret_cast<const unsigned char *>(bytes.constData());
    const qint64 n = bytes.size();
    qint64 i = 0;
    while (i < n) {
        const unsigned char c = p[i];
        int len = 0;
        unsigned min = 0;
        if (c < 0x80) {
            ++i;
            continue;
        } else if ((c & 0xE0) == 0xC0) {
            len = 2;
            min = 0x80;
        } else if ((c & 0xF0) == 0xE0) {
            len = 3;
            min = 0x800;
        } else if ((c & 0xF8) == 0xF0) {
            len = 4;
            min = 0x10000;
        } else {
            return i;
        }
        if (i + len > n)
            return i;
        unsigned cp = c & (0xFF >> (len + 1));
        for (int k = 1; k < len; ++k) {
            if ((p[i + k] & 0xC0) != 0x80)
                return i;
            cp = (cp << 6) | (p[i + k] & 0x3F);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return i;
        i += len;
    }
    return -1;
}

bool isValidCellId(const std::string &id)
{
    if (id.empty() || id.size() > 64)
        return false;
    for (char c : id)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_'))
            return false;
    return true;
}

std::string freshId(const std::set<std::string> &taken)
{
    for (;;) {
        const QByteArray hex =
            QByteArray::number(QRandomGenerator::global()->generate(), 16).rightJustified(8, '0');
        std::string id = hex.toStdString();
        if (!taken.count(id))
            return id;
    }
}

QString cellPlace(size_t i)
{
    return QStringLiteral("cells[%1]").arg(i);
}

const char *typeName(const Json &j)
{
    return j.type_name();
}

} // namespace

namespace {
const Json *findPath(const Json &root, std::initializer_list<const char *> keys)
{
    const Json *cur = &root;
    for (const char *k : keys) {
        if (!cur->is_object())
            return nullptr;
        auto it = cur->find(k);
        if (it == cur->end())
            return nullptr;
        cur = &*it;
    }
    return cur;
}

QString stringAt(const Json &root, std::initializer_list<const char *> keys)
{
    const Json *v = findPath(root, keys);
    return v && v->is_string() ? qs(v->get<std::string>()) : QString();
}
} // namespace

QString nbgraderText(const Notebook &nb, int index, const char *key)
{
    return stringAt(NotebookEditor::json(nb)["cells"][size_t(index)], {"metadata", "nbgrader", key});
}

bool nbgraderFlag(const Notebook &nb, int index, const char *key)
{
    const Json *v = findPath(NotebookEditor::json(nb)["cells"][size_t(index)], {"metadata", "nbgrader", key});
    return v && v->is_boolean() && v->get<bool>();
}

namespace {
/// Whether `bytes` is an HTML document: after leading whitespace, `<!DOCTYPE html`, `<html`, or markup (`<`)
/// whose first 4 KiB hold an `<html`, `<head` or `<body` tag. JSON never starts with '<'.
bool isHtmlPage(const QByteArray &bytes)
{
    qsizetype i = 0;
    while (i < bytes.size() && (bytes.at(i) == ' ' || bytes.at(i) == '\t' || bytes.at(i) == '\r' || bytes.at(i) == '\n'))
        ++i;
    if (i >= bytes.size() || bytes.at(i) != '<')
        return false;
    const QByteArray head = bytes.mid(i, 4096).toLower();
    return head.startsWith("<!doctype html") || head.contains("<html") || head.contains("<head") || head.contains("<body");
}
} // namespace

Expected<Notebook> Notebook::load(const QString &path, qint64 maxBytes)
{
    Expected<QByteArray> bytes = readInputFile(path, maxBytes);
    if (!bytes)
        return bytes.error();
    return parse(*bytes, path);
}

namespace {

/// Refuses what is not a notebook's text at all: an HTML page saved under the notebook's name, or bytes that are not
/// UTF-8 (`bomRemoved`: a byte-order mark was taken off the front, so positions are shown as in the file).
Expected<void> checkText(const QByteArray &bytes, bool bomRemoved, const QString &fileName)
{
    // A browser's "Save as" on a notebook's page (Jupyter, GitHub, an LMS preview) writes the HTML page under
    // the .ipynb name: say so, in any encoding, instead of "invalid JSON at line 1, column 1".
    if (isHtmlPage(bytes))
        return Error{fileName, {},
                     QStringLiteral("this is an HTML page, not a notebook (a browser's \"Save as\" of the page showing "
                                    "it): download the .ipynb file itself (in Jupyter: File → Download)")};

    if (const qint64 bad = firstInvalidUtf8(bytes); bad >= 0) {
        jsonutil::LineCol lc = jsonutil::lineColAt(bytes, bad);
        if (bomRemoved && lc.line == 1)
            lc.column += 3; // the mark's bytes are the first line's first three
        const qint64 shown = bad + (bomRemoved ? 3 : 0);
        return Error{fileName, QStringLiteral("byte %1 (line %2, column %3)").arg(shown).arg(lc.line).arg(lc.column),
                     QStringLiteral("not valid UTF-8 (byte 0x%1); re-save the notebook as UTF-8")
                         .arg(uint(static_cast<unsigned char>(bytes.at(bad))), 2, 16, QLatin1Char('0'))};
    }

    return {};
}

/// The top level as nbformat 4 requires it (nbformat 4, nbformat_minor, metadata, cells: nbformat's JSON schema).
Expected<void> checkTopLevel(const Json &json, const QString &fileName)
{
    if (!json.is_object())
        return Error{fileName, {}, QStringLiteral("not a notebook: the top level is a JSON %1, not an object")
                                       .arg(QLatin1String(typeName(json)))};

    auto major = json.find("nbformat");
    if (major == json.end())
        return Error{fileName, {}, QStringLiteral("not a notebook: missing required key \"nbformat\"")};
    if (!major->is_number_integer())
        return Error{fileName, QStringLiteral("nbformat"), QStringLiteral("must be an integer")};
    const int version = major->get<int>();
    if (version < 4)
        return Error{fileName, QStringLiteral("nbformat"),
                     QStringLiteral("nbformat %1 notebooks are not supported; upgrade it to version 4 with "
                                    "'jupyter nbconvert --to notebook --nbformat 4 --output NEW.ipynb FILE' or "
                                    "by opening and saving it in a current Jupyter")
                         .arg(version)};
    if (version > 4)
        return Error{fileName, QStringLiteral("nbformat"),
                     QStringLiteral("nbformat %1 is newer than this Sandmark understands (4.0 to 4.5)").arg(version)};

    auto minor = json.find("nbformat_minor");
    if (minor == json.end())
        return Error{fileName, {}, QStringLiteral("missing required key \"nbformat_minor\"")};
    if (!minor->is_number_integer() || minor->get<int>() < 0)
        return Error{fileName, QStringLiteral("nbformat_minor"), QStringLiteral("must be a non-negative integer")};

    auto metadata = json.find("metadata");
    if (metadata == json.end())
        return Error{fileName, {}, QStringLiteral("missing required key \"metadata\"")};
    if (!metadata->is_object())
        return Error{fileName, QStringLiteral("metadata"), QStringLiteral("must be an object")};

    auto cells = json.find("cells");
    if (cells == json.end())
        return Error{fileName, {}, QStringLiteral("missing required key \"cells\"")};
    if (!cells->is_array())
        return Error{fileName, QStringLiteral("cells"), QStringLiteral("must be an array")};

    return {};
}

/// Cell `i` as nbformat 4 requires it: an object with a cell_type, a source, an object as metadata, outputs in a
/// code cell.
Expected<void> checkCell(const Json &cell, size_t i, const QString &fileName)
{
    if (!cell.is_object())
        return Error{fileName, cellPlace(i), QStringLiteral("a cell must be an object")};
    auto type = cell.find("cell_type");
    if (type == cell.end())
        return Error{fileName, cellPlace(i), QStringLiteral("missing required key \"cell_type\"")};
    const std::string t = type->is_string() ? type->get<std::string>() : std::string();
    if (t != "code" && t != "markdown" && t != "raw")
        return Error{fileName, cellPlace(i) + QStringLiteral(".cell_type"),
                     QStringLiteral("must be \"code\", \"markdown\" or \"raw\"")};
    auto source = cell.find("source");
    if (source == cell.end())
        return Error{fileName, cellPlace(i), QStringLiteral("missing required key \"source\"")};
    bool sourceOk = source->is_string();
    if (source->is_array()) {
        sourceOk = true;
        for (const Json &line : *source)
            sourceOk = sourceOk && line.is_string();
    }
    if (!sourceOk)
        return Error{fileName, cellPlace(i) + QStringLiteral(".source"),
                     QStringLiteral("must be a string or a list of strings")};
    auto md = cell.find("metadata");
    if (md != cell.end() && !md->is_object())
        return Error{fileName, cellPlace(i) + QStringLiteral(".metadata"), QStringLiteral("must be an object")};
    if (t == "code") {
        auto outputs = cell.find("outputs");
        if (outputs == cell.end())
            return Error{fileName, cellPlace(i), QStringLiteral("code cell is missing required key \"outputs\"")};
        if (!outputs->is_array())
            return Error{fileName, cellPlace(i) + QStringLiteral(".outputs"), QStringLiteral("must be an array")};
    }
    return {};
}

/// Why `output` is not an nbformat 4 output (an object whose output_type is one of the four the spec names),
/// or an empty string when it is one.
QString malformedOutput(const Json &output)
{
    if (!output.is_object())
        return QStringLiteral("not an object");
    const auto type = output.find("output_type");
    if (type == output.end())
        return QStringLiteral("no output_type");
    static const std::set<std::string> known = {"stream", "display_data", "execute_result", "error"};
    if (!type->is_string() || !known.count(type->get<std::string>()))
        return QStringLiteral("output_type %1 is none of stream, display_data, execute_result, error")
            .arg(QString::fromStdString(type->dump()).left(40));
    return {};
}

/// Repairs that keep a notebook gradable (shared cases C06, C07): a cell without metadata or (code) without
/// execution_count gets an empty or null one; an output that is not an nbformat output is removed (a run
/// replaces every output anyway). Each repair is described in `repairs`.
void repairCells(Json &cells, QStringList &repairs)
{
    for (size_t i = 0; i < cells.size(); ++i) {
        Json &cell = cells[i];
        if (cell.find("metadata") == cell.end()) {
            cell["metadata"] = Json::object();
            repairs << QStringLiteral("%1: missing metadata, added an empty one").arg(cellPlace(i));
        }
        if (cell["cell_type"] != "code")
            continue;
        if (cell.find("execution_count") == cell.end()) {
            cell["execution_count"] = nullptr;
            repairs << QStringLiteral("%1: missing execution_count, set to null").arg(cellPlace(i));
        }
        Json &outputs = cell["outputs"];
        QStringList removed;
        for (size_t k = outputs.size(); k-- > 0;) // from the last: erasing keeps the earlier indices
            if (const QString why = malformedOutput(outputs[k]); !why.isEmpty()) {
                outputs.erase(k);
                removed.prepend(QStringLiteral("%1.outputs[%2]: not an nbformat output (%3), removed").arg(cellPlace(i)).arg(k).arg(why));
            }
        repairs << removed;
    }
}

/// nbformat 4.5 cell ids: a missing, null, invalid or duplicate id is replaced by a valid unique one (an invalid
/// or duplicate one keeps its first 50 characters when it can). Each repair is described in `repairs`.
void repairCellIds(Json &cells, QStringList &repairs)
{
    std::set<std::string> taken;
    for (const Json &cell : cells) {
        auto id = cell.find("id");
        if (id != cell.end() && id->is_string() && isValidCellId(id->get<std::string>()))
            taken.insert(id->get<std::string>());
    }
    std::set<std::string> seen;
    for (size_t i = 0; i < cells.size(); ++i) {
        Json &cell = cells[i];
        auto id = cell.find("id");
        if (id == cell.end() || id->is_null() || !id->is_string()) {
            const std::string fresh = freshId(taken);
            taken.insert(fresh);
            const bool wasNull = id != cell.end();
            cell["id"] = fresh;
            repairs << QStringLiteral("%1: %2 id, assigned '%3'")
                           .arg(cellPlace(i), wasNull ? QStringLiteral("null or non-string")
                                                      : QStringLiteral("missing"),
                                qs(fresh));
            seen.insert(fresh);
            continue;
        }
        const std::string value = id->get<std::string>();
        if (!isValidCellId(value) || seen.count(value)) {
            std::string fresh = value.substr(0, 50);
            if (!isValidCellId(fresh))
                fresh = freshId(taken);
            for (int n = 2; taken.count(fresh) || seen.count(fresh); ++n)
                fresh = value.substr(0, 50) + "-" + std::to_string(n);
            if (!isValidCellId(fresh))
                fresh = freshId(taken);
            taken.insert(fresh);
            cell["id"] = fresh;
            repairs << QStringLiteral("%1: %2 id '%3', renamed to '%4'")
                           .arg(cellPlace(i), seen.count(value) ? QStringLiteral("duplicate")
                                                                : QStringLiteral("invalid"),
                                qs(value), qs(fresh));
            seen.insert(fresh);
            continue;
        }
        seen.insert(value);
    }
}

} // namespace

Expected<Notebook> Notebook::parse(const QByteArray &rawBytes, const QString &fileName)
{
    QByteArray bytes = rawBytes;
    if (bytes.startsWith("\xEF\xBB\xBF"))
        bytes.remove(0, 3); // a UTF-8 byte-order mark is accepted (Windows editors write one)
    if (auto ok = checkText(bytes, bytes.size() != rawBytes.size(), fileName); !ok)
        return ok.error();
    if (bytes.trimmed().isEmpty() && bytes.size() != rawBytes.size())
        return Error{fileName, {}, QStringLiteral("the file holds nothing but a UTF-8 byte-order mark (%1 bytes): not a notebook")
                                       .arg(rawBytes.size())};
    qint64 constantLine = 0;
    const int constants = jsonutil::replacePythonConstants(bytes, &constantLine);
    auto parsed = jsonutil::parse(bytes, fileName);
    if (!parsed)
        return parsed.error();
    Json json = std::move(parsed).value();
    if (auto ok = checkTopLevel(json, fileName); !ok)
        return ok.error();
    const Json &cells = json["cells"];
    for (size_t i = 0; i < cells.size(); ++i)
        if (auto ok = checkCell(cells[i], i, fileName); !ok)
            return ok.error();

    Notebook nb = NotebookEditor::fromJson(std::move(json));
    Json &j = NotebookEditor::json(nb);
    // Language: only Python notebooks can be graded (shared case C20b).
    const QString language = nb.language();
    if (language.compare(QLatin1String("python"), Qt::CaseInsensitive) != 0
        && !language.startsWith(QLatin1String("python"), Qt::CaseInsensitive))
        return Error{fileName,
                     stringAt(j, {"metadata", "kernelspec", "language"}).isEmpty()
                         ? QStringLiteral("metadata.language_info.name")
                         : QStringLiteral("metadata.kernelspec"),
                     QStringLiteral("notebook language is %1; only Python is supported").arg(language)};

    if (constants > 0)
        nb.d->repairs << QStringLiteral("line %1: %2 NaN or Infinity value(s) (Python's JSON, as nbformat writes it; not "
                                        "JSON) read as null")
                             .arg(constantLine)
                             .arg(constants);
    repairCells(j["cells"], nb.d->repairs);
    if (nb.hasCellIds())
        repairCellIds(j["cells"], nb.d->repairs);
    return nb;
}

QByteArray Notebook::toJson() const
{
    std::string text = d->json.dump(1, ' ', false, Json::error_handler_t::replace);
    text += '\n';
    return QByteArray::fromStdString(text);
}

Expected<void> Notebook::save(const QString &path) const
{
    QSaveFile file(path);
    // Unbuffered: a full disk fails write() itself rather than a late flush.
    if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        return Error{path, {}, QStringLiteral("cannot write: %1").arg(file.errorString())};
    const QByteArray data = toJson();
    if (file.write(data) != data.size() || file.error() != QFileDevice::NoError || !file.commit())
        return Error{path, {}, QStringLiteral("cannot write: %1").arg(file.errorString())};
    return {};
}

int Notebook::nbformatMinor() const
{
    auto it = d->json.find("nbformat_minor");
    return it != d->json.end() && it->is_number_integer() ? it->get<int>() : 0;
}

bool Notebook::hasCellIds() const
{
    return nbformatMinor() >= 5;
}


QString Notebook::kernelName() const
{
    return stringAt(d->json, {"metadata", "kernelspec", "name"});
}

QString Notebook::language() const
{
    QString lang = stringAt(d->json, {"metadata", "kernelspec", "language"});
    if (lang.isEmpty())
        lang = stringAt(d->json, {"metadata", "language_info", "name"});
    return lang.isEmpty() ? QStringLiteral("python") : lang;
}

int Notebook::cellCount() const
{
    auto it = d->json.find("cells");
    return it != d->json.end() && it->is_array() ? int(it->size()) : 0;
}

CellType Notebook::cellType(int index) const
{
    const Json &t = d->json["cells"][size_t(index)]["cell_type"];
    if (t == "code")
        return CellType::Code;
    if (t == "markdown")
        return CellType::Markdown;
    return CellType::Raw;
}

QString Notebook::cellSource(int index) const
{
    return qs(joinedSource(d->json["cells"][size_t(index)]));
}

QString Notebook::cellId(int index) const
{
    return stringAt(d->json["cells"][size_t(index)], {"id"});
}

QStringList Notebook::cellTags(int index) const
{
    QStringList tags;
    const Json *t = findPath(d->json["cells"][size_t(index)], {"metadata", "tags"});
    if (t && t->is_array())
        for (const Json &tag : *t)
            if (tag.is_string())
                tags << qs(tag.get<std::string>());
    return tags;
}

QVariantMap Notebook::nbgraderMetadata(int index) const
{
    const Json *n = findPath(d->json["cells"][size_t(index)], {"metadata", "nbgrader"});
    return n && n->is_object() ? jsonutil::toVariant(*n).toMap() : QVariantMap();
}

InjectedKind Notebook::injectedKind(int index) const
{
    const std::string name = injectedName(d->json["cells"][size_t(index)]);
    if (name == "redirect")
        return InjectedKind::Redirect;
    if (name == "probe")
        return InjectedKind::Probe;
    if (name == "test")
        return InjectedKind::Test;
    return InjectedKind::None;
}

QVariantMap Notebook::sandmarkMetadata(int index) const
{
    const Json *n = findPath(d->json["cells"][size_t(index)], {"metadata", "sandmark"});
    return n && n->is_object() ? jsonutil::toVariant(*n).toMap() : QVariantMap();
}

QByteArray Notebook::cellJson(int index) const
{
    return QByteArray::fromStdString(d->json["cells"][size_t(index)].dump(-1, ' ', false, Json::error_handler_t::replace));
}

int Notebook::outputCount(int index) const
{
    const Json *o = findPath(d->json["cells"][size_t(index)], {"outputs"});
    return o && o->is_array() ? int(o->size()) : 0;
}

QStringList Notebook::repairs() const
{
    return d->repairs;
}

int Notebook::findAnchor(const QString &anchor, bool *ambiguous) const
{
    // An answer cell is named by nbgrader grade_id, then cell id, then tag. Students copy cells with their
    // metadata (shared case C06), so a name may be on several cells: the last one wins and the caller warns.
    if (ambiguous)
        *ambiguous = false;
    if (anchor.isEmpty()) // an empty name would match every cell without a grade_id, id or tag
        return -1;
    const int n = cellCount();
    const std::function<bool(int)> matchers[] = {
        [&](int i) { return nbgraderText(*this, i, "grade_id") == anchor; },
        [&](int i) { return cellId(i) == anchor; },
        [&](int i) { return cellTags(i).contains(anchor); },
    };
    for (const auto &matches : matchers) {
        int found = -1;
        int count = 0;
        for (int i = 0; i < n; ++i) {
            if (injectedKind(i) == InjectedKind::None && matches(i)) {
                found = i;
                ++count;
            }
        }
        if (found >= 0) {
            if (ambiguous)
                *ambiguous = count > 1;
            return found;
        }
    }
    if (ambiguous)
        *ambiguous = false;
    return -1;
}

} // namespace sandmark
