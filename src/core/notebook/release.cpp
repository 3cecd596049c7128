#include "notebook/release.h"

#include "notebook/notebook_p.h"

#include <QRegularExpression>

#include <algorithm>

namespace sandmark {

namespace {

enum class Marker { None, BeginSolution, EndSolution, BeginHidden, EndHidden };

Marker markerOf(const QString &line)
{
    static const QRegularExpression re(
        QStringLiteral(R"(^\s*#+\s*(BEGIN|END)\s+(SOLUTION|HIDDEN\s+TESTS)\b)"));
    const QRegularExpressionMatch m = re.match(line);
    if (!m.hasMatch())
        return Marker::None;
    const bool begin = m.captured(1) == QLatin1String("BEGIN");
    const bool solution = m.captured(2) == QLatin1String("SOLUTION");
    if (solution)
        return begin ? Marker::BeginSolution : Marker::EndSolution;
    return begin ? Marker::BeginHidden : Marker::EndHidden;
}

bool mentionsMarker(const QString &line)
{
    return line.contains(QLatin1String("BEGIN SOLUTION")) || line.contains(QLatin1String("END SOLUTION"))
           || line.contains(QLatin1String("BEGIN HIDDEN TESTS")) || line.contains(QLatin1String("END HIDDEN TESTS"));
}

QString leadingWhitespace(const QString &line)
{
    qsizetype i = 0;
    while (i < line.size() && (line.at(i) == QLatin1Char(' ') || line.at(i) == QLatin1Char('\t')))
        ++i;
    return line.left(i);
}

struct CellRewrite
{
    QString text;
    bool changed = false;
    int solutions = 0;
    int hidden = 0;
};

// Rewrites one cell's source. Lines are split on '\n'; a trailing '\r' is dropped from lines of a cell that
// changes (the stub must not inherit CRLF, shared case C30a q2).
Expected<CellRewrite> rewriteSource(const QString &source, bool markdown, const QString &place,
                                    const QString &fileName, const ReleaseOptions &options,
                                    QStringList &warnings)
{
    const QStringList lines = source.split(QLatin1Char('\n'));
    QStringList out;
    CellRewrite result;
    // 1-based lines of the open BEGIN SOLUTION / BEGIN HIDDEN TESTS; 0 when none is open. Plain ints: GCC's
    // -Wmaybe-uninitialized cannot follow std::optional<int> through the switch at -O2.
    int solutionStart = 0;
    int hiddenStart = 0;
    for (int i = 0; i < lines.size(); ++i) {
        QString line = lines.at(i);
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
        const int lineNo = i + 1;
        const Marker m = markerOf(line);
        const auto fail = [&](const QString &msg) {
            return Error{fileName, place, msg};
        };
        switch (m) {
        case Marker::BeginSolution:
            if (solutionStart)
                return fail(QStringLiteral("nested BEGIN SOLUTION on line %1").arg(lineNo));
            if (hiddenStart)
                return fail(QStringLiteral("BEGIN SOLUTION on line %1 inside the HIDDEN TESTS block opened on "
                                           "line %2").arg(lineNo).arg(hiddenStart));
            solutionStart = lineNo;
            ++result.solutions;
            if (markdown) {
                out << leadingWhitespace(line) + options.markdownStub;
            } else {
                for (const QString &stub : options.codeStub)
                    out << leadingWhitespace(line) + stub;
            }
            continue;
        case Marker::EndSolution:
            if (!solutionStart)
                return fail(QStringLiteral("END SOLUTION on line %1 has no matching BEGIN SOLUTION").arg(lineNo));
            solutionStart = 0;
            continue;
        case Marker::BeginHidden:
            if (hiddenStart)
                return fail(QStringLiteral("nested BEGIN HIDDEN TESTS on line %1").arg(lineNo));
            if (solutionStart)
                return fail(QStringLiteral("BEGIN HIDDEN TESTS on line %1 inside the SOLUTION block opened on "
                                           "line %2").arg(lineNo).arg(solutionStart));
            hiddenStart = lineNo;
            ++result.hidden;
            continue;
        case Marker::EndHidden:
            if (!hiddenStart)
                return fail(QStringLiteral("END HIDDEN TESTS on line %1 has no matching BEGIN HIDDEN TESTS")
                                .arg(lineNo));
            hiddenStart = 0;
            continue;
        case Marker::None:
            break;
        }
        if (mentionsMarker(line))
            warnings << QStringLiteral("%1: %2: line %3 mentions a marker but is not a marker line; kept as is")
                            .arg(fileName, place)
                            .arg(lineNo);
        if (!solutionStart && !hiddenStart)
            out << lines.at(i);
    }
    if (solutionStart)
        return Error{fileName, place,
                     QStringLiteral("BEGIN SOLUTION on line %1 has no matching END SOLUTION").arg(solutionStart)};
    if (hiddenStart)
        return Error{fileName, place,
                     QStringLiteral("BEGIN HIDDEN TESTS on line %1 has no matching END HIDDEN TESTS")
                         .arg(hiddenStart)};
    result.changed = result.solutions > 0 || result.hidden > 0;
    if (result.changed) {
        for (QString &l : out)
            if (l.endsWith(QLatin1Char('\r')))
                l.chop(1);
        // A cell ending in a marker line without a newline ends without one; keep the original ending.
        result.text = out.join(QLatin1Char('\n'));
    } else {
        result.text = source;
    }
    return result;
}

// Drops attachments that the (new) source no longer references as `attachment:NAME`.
void pruneAttachments(Json &cell)
{
    auto it = cell.find("attachments");
    if (it == cell.end() || !it->is_object())
        return;
    const std::string source = joinedSource(cell);
    Json kept = Json::object();
    for (auto &[name, value] : it->items())
        if (source.find("attachment:" + name) != std::string::npos)
            kept[name] = value;
    if (kept.empty())
        cell.erase("attachments");
    else
        *it = std::move(kept);
}

bool isSolutionCell(const Json &cell)
{
    auto md = cell.find("metadata");
    if (md == cell.end() || !md->is_object())
        return false;
    auto nb = md->find("nbgrader");
    if (nb == md->end() || !nb->is_object())
        return false;
    auto sol = nb->find("solution");
    return sol != nb->end() && sol->is_boolean() && sol->get<bool>();
}

} // namespace

bool hasHiddenTests(const QString &source)
{
    const QStringList lines = source.split(QLatin1Char('\n'));
    return std::any_of(lines.begin(), lines.end(), [](const QString &line) { return markerOf(line) == Marker::BeginHidden; });
}

bool isSolutionCell(const Notebook &source, int index)
{
    if (nbgraderFlag(source, index, "solution"))
        return true;
    const QStringList lines = source.cellSource(index).split(QLatin1Char('\n'));
    return std::any_of(lines.cbegin(), lines.cend(), [](const QString &l) { return markerOf(l) == Marker::BeginSolution; });
}

Expected<ReleaseResult> makeRelease(const Notebook &source, const QString &fileName, const ReleaseOptions &options)
{
    ReleaseResult result;
    Json json = NotebookEditor::json(source);
    Json &cells = json["cells"];
    for (size_t i = 0; i < cells.size(); ++i) {
        Json &cell = cells[i];
        const bool code = cell["cell_type"] == "code";
        const bool markdown = cell["cell_type"] == "markdown";
        const QString place = QStringLiteral("cells[%1]").arg(i);
        if (code || markdown) {
            auto rewritten = rewriteSource(qs(joinedSource(cell)), markdown, place, fileName, options,
                                           result.warnings);
            if (!rewritten)
                return rewritten.error();
            if (rewritten->changed) {
                setSource(cell, ss(rewritten->text));
            } else if (isSolutionCell(cell)) {
                // nbgrader replaces a marker-less solution cell whole.
                const QString stub = markdown ? options.markdownStub : options.codeStub.join(QLatin1Char('\n'));
                setSource(cell, ss(stub));
                rewritten->solutions = 1;
            }
            result.solutionRegions += rewritten->solutions;
            result.hiddenTestRegions += rewritten->hidden;
            pruneAttachments(cell);
        }
        if (code) {
            cell["outputs"] = Json::array();
            cell["execution_count"] = nullptr;
        }
    }
    result.notebook = NotebookEditor::fromJson(std::move(json));
    return result;
}

} // namespace sandmark
