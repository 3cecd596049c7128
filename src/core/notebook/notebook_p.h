#pragma once
// Private: the JSON behind a Notebook, for the core's own notebook transformations (release, instrument).
// Never include from a public header: it brings in nlohmann_json.

#include "notebook/notebook.h"

#include <QSharedData>
#include <nlohmann/json.hpp>

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

/// The source of a cell JSON object joined into one UTF-8 string.
std::string joinedSource(const Json &cell);
/// Splits text into nbformat's list-of-lines form (each line keeps its "\n").
Json splitLines(const std::string &text);
/// Sets a cell's source, keeping its form: a list of lines if it was a list, else a string.
void setSource(Json &cell, const std::string &text);
/// The metadata.sandmark.injected value of a cell, or empty.
std::string injectedName(const Json &cell);

inline QString qs(const std::string &s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}
inline std::string ss(const QString &s)
{
    return s.toStdString();
}

} // namespace sandmark
