#pragma once
// Private: the JSON behind a Notebook, for the core's own notebook transformations (release, instrument).
// Never include from a public header: it brings in nlohmann_json.

#include "notebook/notebook.h"

#include <QSharedData>
#include <nlohmann/json.hpp>

#include <optional>

namespace sandmark {

using Json = nlohmann::ordered_json;

class Notebook::Private : public QSharedData
{
public:
    Json json = Json::object();
    QStringList repairs;
};

/// Access to the JSON of a Notebook for transformations inside sandmark_core.
class NotebookEditor
{
public:
    static Json &json(Notebook &nb) { return nb.d->json; } // detaches
    static const Json &json(const Notebook &nb) { return nb.d->json; }
    static Notebook fromJson(Json json);
};

/// nbformat's multiline string (a string, or a list of strings joined; other elements count as empty) as one
/// UTF-8 string; empty for any other value.
std::string joinedText(const Json &v);
/// The source of a cell JSON object joined into one UTF-8 string (joinedText() of its "source").
std::string joinedSource(const Json &cell);
/// A cell's execution_count when it is a number, as Qt's QJsonValue::toInt() read it (0 for a number that is
/// not an int); none when it is null (never run) or absent.
std::optional<int> executionCount(const Json &cell);
/// Splits text into nbformat's list-of-lines form (each line keeps its "\n").
Json splitLines(const std::string &text);
/// Sets a cell's source, keeping its form: a list of lines if it was a list, else a string.
void setSource(Json &cell, const std::string &text);
/// The metadata.sandmark.injected value of a cell, or empty.
std::string injectedName(const Json &cell);
/// metadata.nbgrader.<key> of cell `index` of `nb` when it is a string, else empty (as QJsonValue::toString() read
/// it: a grade_id of 5 names no cell). Core's readers of nbgrader metadata use these, not the QVariantMap of
/// Notebook::nbgraderMetadata(), whose toString()/toBool() convert across types.
QString nbgraderText(const Notebook &nb, int index, const char *key);
/// metadata.nbgrader.<key> of cell `index` of `nb` when it is true; false for anything else ("solution": "yes" too,
/// as QJsonValue::toBool() and nbgraderCells() read it).
bool nbgraderFlag(const Notebook &nb, int index, const char *key);

inline QString qs(const std::string &s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}
inline std::string ss(const QString &s)
{
    return s.toStdString();
}

} // namespace sandmark
