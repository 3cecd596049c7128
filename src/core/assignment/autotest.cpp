#include "assignment/autotest.h"

#include "notebook/nbgrader.h"
#include "notebook/notebook_p.h"
#include "util/json_p.h"
#include "util/inputfile.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <nlohmann/json.hpp>
#include <yaml-cpp/yaml.h>

#include <cctype>

namespace sandmark {

namespace {

constexpr QLatin1String kDelimiter("AUTOTEST");
constexpr QLatin1String kHashed("HASHED");
constexpr QLatin1String kMarker("SANDMARK_AUTOTEST ");
constexpr QChar kExpressionSlot(0x01);

QString markPlace(const YAML::Node &n, const QString &key)
{
    const YAML::Mark m = n.Mark();
    if (m.is_null())
        return key;
    return QStringLiteral("line %1, column %2 (%3)").arg(m.line + 1).arg(m.column + 1).arg(key);
}

/// A quoted scalar ("…" or '…') of a YAML text as a scan finds it: where it starts (0-based line and column,
/// byte offset) and the offset after its closing quote; `closed` false when the text ends inside it.
struct QuotedScalar
{
    int line = 0, column = 0;
    std::size_t start = 0, end = 0;
    bool closed = false;
};

/// The quoted scalars of `text`, found the way a YAML reader starts them: a quote at the start of a token (at the
/// line's start, after "key: ", "- ", "[", "{" or ","), outside comments and block scalars (`|`, `>`), which
/// hold quotes as plain text. Just enough YAML to name where an unclosed quote starts: yaml-cpp notices one only
/// where the text after it stops making sense (a line or more later), or not at all at the end of the file.
QList<QuotedScalar> quotedScalars(const std::string &text)
{
    QList<QuotedScalar> out;
    int line = 0;
    std::size_t lineStart = 0, i = 0;
    int blockIndent = -1; // > -1: skipping a block scalar's lines, indented deeper than this
    const std::size_t n = text.size();
    while (i < n) {
        // At a line's start.
        std::size_t j = i;
        while (j < n && text[j] == ' ')
            ++j;
        const int indent = static_cast<int>(j - i);
        const bool blank = j >= n || text[j] == '\n' || text[j] == '\r';
        if (blockIndent >= 0 && (blank || indent > blockIndent)) {
            while (i < n && text[i] != '\n')
                ++i;
            if (i < n) {
                ++i;
                ++line;
                lineStart = i;
            }
            continue;
        }
        blockIndent = -1;
        char prev = 0; // the last significant character on the line; 0 at its start
        i = j;
        while (i < n && text[i] != '\n') {
            const char c = text[i];
            const bool afterSpace = i == lineStart || text[i - 1] == ' ' || text[i - 1] == '\t';
            if (c == '#' && afterSpace) {
                while (i < n && text[i] != '\n')
                    ++i;
                break;
            }
            const bool tokenStart = prev == 0 || ((prev == ':' || prev == '-' || prev == '?') && afterSpace)
                                    || prev == '[' || prev == '{' || prev == ',';
            if ((c == '"' || c == '\'') && tokenStart) {
                QuotedScalar q;
                q.line = line;
                q.column = static_cast<int>(i - lineStart);
                q.start = i++;
                while (i < n) {
                    if (c == '"' && text[i] == '\\' && i + 1 < n) {
                        i += 2;
                        continue;
                    }
                    if (text[i] == c) {
                        if (c == '\'' && i + 1 < n && text[i + 1] == '\'') { // '' is a quote inside '…'
                            i += 2;
                            continue;
                        }
                        q.closed = true;
                        ++i;
                        break;
                    }
                    if (text[i] == '\n') {
                        ++line;
                        lineStart = i + 1;
                    }
                    ++i;
                }
                q.end = i;
                out << q;
                prev = c;
                continue;
            }
            if ((c == '|' || c == '>') && tokenStart) {
                // A block scalar when only indicators (and a comment) follow on the line.
                std::size_t k = i + 1;
                while (k < n && (std::isdigit(static_cast<unsigned char>(text[k])) || text[k] == '+' || text[k] == '-'))
                    ++k;
                while (k < n && (text[k] == ' ' || text[k] == '\t' || text[k] == '\r'))
                    ++k;
                if (k >= n || text[k] == '\n' || text[k] == '#')
                    blockIndent = indent;
            }
            if (c != ' ' && c != '\t')
                prev = c;
            ++i;
        }
        if (i < n) {
            ++i; // the newline
            ++line;
            lineStart = i;
        }
    }
    return out;
}

/// The location of a YAML error yaml-cpp reported at `mark`: where the quoted scalar it ran into starts when that
/// is what went wrong (it notices an unclosed quote only where the text after it stops making sense), else
/// "near" yaml-cpp's place.
QString yamlErrorPlace(const std::string &text, const YAML::Mark &mark)
{
    const auto noticed = QStringLiteral("line %1, column %2").arg(mark.line + 1).arg(mark.column + 1);
    if (mark.is_null() || mark.pos < 0)
        return QStringLiteral("near ") + noticed;
    const std::size_t at = static_cast<std::size_t>(mark.pos);
    const QList<QuotedScalar> quoted = quotedScalars(text);
    for (qsizetype k = quoted.size() - 1; k >= 0; --k) {
        const QuotedScalar &q = quoted[k];
        if (q.start >= at)
            continue;
        // The scalar yaml-cpp was inside, or one spanning lines that ended just before the mark on its line: its
        // closing quote was meant to be on its first line.
        const bool inside = !q.closed || q.end > at;
        const bool justBefore = q.line < mark.line && text.find('\n', q.end) >= at;
        if (inside || justBefore)
            return QStringLiteral("line %1, column %2 (a quoted text starts here and is not closed on its line; "
                                  "noticed at %3)")
                .arg(q.line + 1)
                .arg(q.column + 1)
                .arg(noticed);
        break;
    }
    return QStringLiteral("near ") + noticed;
}

/// The first Jinja construct of `text` that renderAutotestTemplate() does not read: its offset and its first 40
/// characters; nullopt when there is none.
std::optional<std::pair<qsizetype, QString>> unreadableJinja(const QString &text)
{
    static const QRegularExpression variable(QStringLiteral(R"(\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\})"));
    qsizetype at = 0;
    auto plain = [&](qsizetype from, qsizetype to) -> std::optional<std::pair<qsizetype, QString>> {
        const QString part = text.mid(from, to - from);
        qsizetype first = -1;
        for (const char *open : {"{{", "{%", "{#"})
            if (const qsizetype k = part.indexOf(QLatin1String(open)); k >= 0 && (first < 0 || k < first))
                first = k;
        if (first < 0)
            return std::nullopt;
        return std::pair{from + first, part.mid(first).left(40).section(QLatin1Char('\n'), 0, 0)};
    };
    QRegularExpressionMatchIterator it = variable.globalMatch(text);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        if (auto bad = plain(at, m.capturedStart()))
            return bad;
        at = m.capturedEnd();
    }
    return plain(at, text.size());
}

QString jinjaMessage(const QString &construct)
{
    return QStringLiteral("'%1' is Jinja that Sandmark does not read; autotests.yml templates may use "
                          "{{ snippet }}, {{ value }}, {{ message }} and {{ salt }} only")
        .arg(construct);
}

/// A template text read from autotests.yml and where its node is (for errors found after reading).
struct TemplateText
{
    QString text;
    YAML::Mark mark;
    QString key;
};

/// The location of the Jinja construct at `offset` of a template's text: its own line inside a literal block
/// scalar (`|`, whose lines are the text's lines), else the line and column where the template's text starts.
QString jinjaPlace(const std::string &yaml, const TemplateText &t, qsizetype offset)
{
    const YAML::Mark &m = t.mark;
    if (m.is_null() || m.pos < 0)
        return t.key;
    if (static_cast<std::size_t>(m.pos) < yaml.size() && yaml[static_cast<std::size_t>(m.pos)] == '|') {
        const int line = m.line + 2 + static_cast<int>(t.text.left(offset).count(QLatin1Char('\n')));
        return QStringLiteral("line %1 (%2)").arg(line).arg(t.key);
    }
    return QStringLiteral("line %1, column %2 (%3)").arg(m.line + 1).arg(m.column + 1).arg(t.key);
}

/// A string value of the section: absent or null → nullopt; a sequence or map is an error.
Expected<std::optional<QString>> stringField(const YAML::Node &section, const char *name, const QString &file,
                                             const QString &kernel, bool required)
{
    const QString key = QStringLiteral("%1.%2").arg(kernel, QLatin1String(name));
    const YAML::Node n = section[name];
    if (!n.IsDefined() || n.IsNull()) {
        if (required)
            return Error{file, markPlace(section, kernel), QStringLiteral("no '%1' template (nbgrader requires it)").arg(QLatin1String(name))};
        return std::optional<QString>();
    }
    if (!n.IsScalar())
        return Error{file, markPlace(n, key), QStringLiteral("must be a text (a Jinja template)")};
    return std::optional<QString>(qs(n.Scalar()));
}

/// The Python that evaluates one expression in the kernel as nbgrader's InstantiateTests does with its own
/// kernel client: each code runs as a cell would, its result is the text/plain the kernel would show (IPython's
/// display formatter), with nbgrader's Python sanitizer (quotes stripped from both ends). Defined once, first.
const char *const kDriverCell = R"PY(def _sandmark_autotest(spec):
    import ast, json
    ip = get_ipython()
    def evaluate(code):
        tree = ast.parse(code)
        last = None
        if tree.body and isinstance(tree.body[-1], ast.Expr):
            last = ast.Expression(tree.body.pop().value)
        if tree.body:
            exec(compile(tree, '<autotest>', 'exec'), ip.user_ns)
        if last is None:
            return None
        value = eval(compile(last, '<autotest>', 'eval'), ip.user_ns)
        if value is None:
            return None
        text = ip.display_formatter.format(value)[0].get('text/plain')
        return None if text is None else text.strip('"').strip("'")
    spec = json.loads(spec)
    out = {'n': spec['n']}
    try:
        kind = evaluate(spec['dispatch'])
        out['type'] = kind
        codes = spec['tests'].get(kind, spec['tests'].get('default'))
        if codes is not None:
            out['values'] = [evaluate(code) for code in codes]
    except Exception as e:
        out['error'] = '%s: %s' % (type(e).__name__, e)
    print('SANDMARK_AUTOTEST', json.dumps(out))
)PY";

Json codeCell(const QString &source)
{
    Json c = Json::object();
    c["cell_type"] = "code";
    c["execution_count"] = nullptr;
    c["metadata"] = Json::object();
    c["outputs"] = Json::array();
    c["source"] = ss(source);
    return c;
}

} // namespace

const QList<AutotestTemplate> *AutotestConfig::templatesFor(const QString &type) const
{
    const QList<AutotestTemplate> *fallback = nullptr;
    for (const auto &[name, list] : templates) {
        if (name == type)
            return &list;
        if (name == QLatin1String("default"))
            fallback = &list;
    }
    return fallback;
}

Expected<AutotestConfig> loadAutotestConfig(const QString &path, const QString &kernel)
{
    const Expected<QByteArray> read = readInputFile(path, kMaxInputFileBytes);
    if (!read)
        return read.error();
    const QByteArray &bytes = *read;
    AutotestConfig config;
    config.file = path;
    config.kernel = kernel;
    const std::string yaml = bytes.toStdString();
    // yaml-cpp takes a quote left open at the end of the file as a scalar running to the end: an error here.
    if (const QList<QuotedScalar> quoted = quotedScalars(yaml); !quoted.isEmpty() && !quoted.last().closed)
        return Error{path, QStringLiteral("line %1, column %2").arg(quoted.last().line + 1).arg(quoted.last().column + 1),
                     QStringLiteral("invalid YAML: the quoted text that starts here is never closed")};
    QList<TemplateText> marks; // where each template text of `config` is in the file
    try {
        const YAML::Node root = YAML::Load(yaml);
        if (!root.IsMap())
            return Error{path, {}, QStringLiteral("must be YAML sections per kernel (\"python3:\" with setup, hash, dispatch, "
                                                  "normalize, check, success and templates)")};
        const YAML::Node section = root[ss(kernel)];
        if (!section.IsDefined() || section.IsNull())
            return Error{path, {}, QStringLiteral("no section '%1' (the notebook's kernel); nbgrader needs one per kernel").arg(kernel)};
        if (!section.IsMap())
            return Error{path, markPlace(section, kernel), QStringLiteral("must hold keys (setup, hash, dispatch, normalize, check, success, templates)")};
        struct Field
        {
            const char *name;
            bool required;
            std::optional<QString> *optional;
            QString *value;
        };
        const Field fields[] = {{"setup", false, &config.setup, nullptr},     {"hash", false, &config.hash, nullptr},
                                {"success", false, &config.success, nullptr}, {"dispatch", true, nullptr, &config.dispatch},
                                {"normalize", true, nullptr, &config.normalize}, {"check", true, nullptr, &config.check}};
        for (const Field &field : fields) {
            Expected<std::optional<QString>> v = stringField(section, field.name, path, kernel, field.required);
            if (!v)
                return v.error();
            if (field.optional)
                *field.optional = *v;
            else
                *field.value = **v;
            if (*v)
                marks << TemplateText{**v, section[field.name].Mark(),
                                      QStringLiteral("%1.%2").arg(kernel, QLatin1String(field.name))};
        }
        const YAML::Node templates = section["templates"];
        if (!templates.IsDefined() || templates.IsNull())
            return Error{path, markPlace(section, kernel), QStringLiteral("no 'templates' (the tests per type, with a 'default')")};
        if (!templates.IsMap())
            return Error{path, markPlace(templates, kernel + QStringLiteral(".templates")),
                         QStringLiteral("must map type names to lists of test/fail pairs")};
        for (const auto &kv : templates) {
            const QString type = qs(kv.first.Scalar());
            const QString key = QStringLiteral("%1.templates.%2").arg(kernel, type);
            if (!kv.second.IsSequence())
                return Error{path, markPlace(kv.second, key), QStringLiteral("must be a list of test/fail pairs (\"- test: ...\")")};
            QList<AutotestTemplate> list;
            int i = 0;
            for (const YAML::Node &pair : kv.second) {
                const QString place = QStringLiteral("%1[%2]").arg(key).arg(i++);
                if (!pair.IsMap() || !pair["test"].IsDefined() || !pair["fail"].IsDefined() || !pair["test"].IsScalar()
                    || !pair["fail"].IsScalar())
                    return Error{path, markPlace(pair, place), QStringLiteral("each entry needs a 'test' and a 'fail' text")};
                list << AutotestTemplate{qs(pair["test"].Scalar()), qs(pair["fail"].Scalar())};
            }
            int k = 0;
            for (const YAML::Node &pair : kv.second) {
                const QString place = QStringLiteral("%1[%2]").arg(key).arg(k);
                marks << TemplateText{list.at(k).test, pair["test"].Mark(), place + QStringLiteral(".test")}
                      << TemplateText{list.at(k).fail, pair["fail"].Mark(), place + QStringLiteral(".fail")};
                ++k;
            }
            config.templates.push_back({type, list});
        }
    } catch (const YAML::Exception &e) {
        return Error{path, yamlErrorPlace(yaml, e.mark), QStringLiteral("invalid YAML: %1").arg(qs(e.msg))};
    }
    // Every template is checked now, so a Jinja construct Sandmark does not read is named, with its line, before
    // anything runs.
    for (const TemplateText &t : std::as_const(marks))
        if (const auto bad = unreadableJinja(t.text))
            return Error{path, jinjaPlace(yaml, t, bad->first), jinjaMessage(bad->second)};
    return config;
}

QString findAutotestsFile(const QString &assignmentFolder)
{
    const QDir folder(assignmentFolder);
    const QString own = folder.filePath(QStringLiteral("autotests.yml"));
    if (QFileInfo(own).isFile())
        return own;
    QDir parent(QFileInfo(folder.absolutePath()).absolutePath());
    if (parent.dirName() == QLatin1String("source") && parent.cdUp()) {
        const QString course = parent.filePath(QStringLiteral("autotests.yml"));
        if (QFileInfo(course).isFile())
            return course;
    }
    return {};
}

Expected<QString> renderAutotestTemplate(const QString &text, const QList<std::pair<QString, QString>> &vars,
                                         const QString &file, const QString &place)
{
    if (const auto bad = unreadableJinja(text))
        return Error{file, place, jinjaMessage(bad->second)};
    static const QRegularExpression variable(QStringLiteral(R"(\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\})"));
    QString out;
    qsizetype at = 0;
    QRegularExpressionMatchIterator it = variable.globalMatch(text);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        out += text.mid(at, m.capturedStart() - at);
        for (const auto &[name, value] : vars)
            if (name == m.captured(1)) {
                out += value;
                break;
            }
        at = m.capturedEnd();
    }
    out += text.mid(at);
    // Jinja drops one trailing newline of the template (keep_trailing_newline is off), never of a value.
    if (text.endsWith(QLatin1Char('\n')) && out.endsWith(QLatin1Char('\n')))
        out.chop(1);
    return out;
}

int autotestCellSalt(const QString &source, int index)
{
    const QByteArray digest =
        QCryptographicHash::hash((source + QString::number(index)).toUtf8(), QCryptographicHash::Sha256).toHex();
    int salt = 0;
    for (char c : digest) // the digest as one big number, modulo 10^6, digit by digit
        salt = int((qint64(salt) * 16 + QByteArray(1, c).toInt(nullptr, 16)) % 1000000);
    return salt;
}

bool hasAutotest(const Notebook &notebook)
{
    for (int i = 0; i < notebook.cellCount(); ++i)
        if (notebook.cellType(i) == CellType::Code && notebook.cellSource(i).contains(kDelimiter))
            return true;
    return false;
}

namespace {

/// The expressions of an AUTOTEST directive line, split as nbgrader splits them: the text after the delimiter,
/// ';' stripped from its ends, split at ';', each stripped; the first empty one dropped (any other empty one is
/// left for the caller to report).
QStringList directiveSnippets(const QString &line)
{
    QString rest = line.mid(line.indexOf(kDelimiter) + kDelimiter.size());
    while (rest.startsWith(QLatin1Char(';')))
        rest.remove(0, 1);
    while (rest.endsWith(QLatin1Char(';')))
        rest.chop(1);
    QStringList snippets;
    for (const QString &s : rest.split(QLatin1Char(';')))
        snippets << s.trimmed();
    snippets.removeOne(QString());
    return snippets;
}

/// The code of the evaluation cell of expression `n`: a call of the driver cell's function with the expression's
/// dispatch and every type's test codes.
QString evaluationCall(const AutotestExpression &e, qsizetype n)
{
    Json spec = Json::object();
    spec["n"] = n;
    spec["dispatch"] = ss(e.dispatch);
    spec["tests"] = Json::object();
    for (const auto &[type, tests] : e.tests) {
        Json codes = Json::array();
        for (const AutotestTemplate &t : tests)
            codes.push_back(ss(t.test));
        spec["tests"][ss(type)] = std::move(codes);
    }
    // The spec as a JSON string literal, which Python reads as its own string literal.
    return QStringLiteral("_sandmark_autotest(%1)").arg(qs(Json(spec.dump()).dump()));
}

/// Builds an AutotestPlan cell by cell: the instructor's code, cut at each directive, goes into the evaluation
/// notebook, and after each cut one evaluation cell per expression of the directive.
class AutotestPlanner
{
public:
    AutotestPlanner(const QString &path, const AutotestConfig &config)
        : m_config(config), m_name(QFileInfo(path).fileName())
    {
        m_plan.notebookPath = path;
        m_cells.push_back(codeCell(QLatin1String(kDriverCell)));
        m_plan.origins << QStringLiteral("Sandmark's AUTOTEST evaluation");
    }

    /// Plans cell `index` of `nb`, which is the course header when `inHeader`; `combined` is the cell's index
    /// counting the header's cells first, as nbgrader's salt does.
    Expected<void> planCell(const Notebook &nb, int index, int combined, bool inHeader);

    /// The plan, with the evaluation notebook of the cells planned.
    AutotestPlan finish() &&;

private:
    /// A cell while its lines are read.
    struct Cell
    {
        int index = 0;
        bool inHeader = false;
        bool grade = false;   ///< an autograder test cell
        QString place;        ///< "problem1.ipynb cells[4]" (origins)
        QStringList pending;  ///< instructor lines not yet run
        QStringList newLines; ///< the expanded source so far
        bool setupInserted = false;
        bool directiveFound = false;
        int salt = 0; ///< nbgrader's salt, counted up by each HASHED expression
    };

    Expected<void> planDirective(Cell &cell, const QString &line, int lineNumber);
    Expected<AutotestExpression> renderExpression(const QString &snippet, const QString &salt) const;
    Expected<QList<AutotestTemplate>> renderTests(const QString &type, const QList<AutotestTemplate> &list,
                                                  const QString &snippet, const QString &salt) const;
    Expected<QString> render(const QString &text, const QList<std::pair<QString, QString>> &vars,
                             const QString &place) const
    {
        return renderAutotestTemplate(text, vars, m_config.file, place);
    }
    /// Appends a cell running `code` (unless blank) to the evaluation notebook.
    void run(const QString &code, const QString &origin)
    {
        if (code.trimmed().isEmpty())
            return;
        m_cells.push_back(codeCell(code));
        m_plan.origins << origin;
    }

    const AutotestConfig &m_config;
    const QString m_name; ///< the notebook's file name (origins)
    AutotestPlan m_plan;
    Json m_cells = Json::array(); ///< the evaluation notebook's cells
};

Expected<void> AutotestPlanner::planCell(const Notebook &nb, int index, int combined, bool inHeader)
{
    const QString source = nb.cellSource(index);
    if (nb.cellType(index) != CellType::Code || source.isEmpty())
        return {};
    Cell cell;
    cell.index = index;
    cell.inHeader = inHeader;
    cell.grade = nbgraderFlag(nb, index, "grade");
    cell.place = QStringLiteral("%1 cells[%2]").arg(inHeader ? QStringLiteral("the header") : m_name).arg(index);
    cell.salt = autotestCellSalt(source, combined);
    const QStringList lines = source.split(QLatin1Char('\n'));
    for (int l = 0; l < lines.size(); ++l) {
        const QString &line = lines.at(l);
        if (line.contains(kDelimiter) && line.trimmed().startsWith(QLatin1Char('#'))) {
            if (Expected<void> planned = planDirective(cell, line, l + 1); !planned)
                return planned;
            continue;
        }
        cell.newLines << line;
        cell.pending << line;
    }
    // nbgrader adds the success code to a test cell whose source names the delimiter anywhere.
    if (cell.grade && source.contains(kDelimiter) && m_config.success) {
        cell.newLines << *m_config.success;
        cell.pending << *m_config.success;
    }
    run(cell.pending.join(QLatin1Char('\n')), cell.place);
    if (!inHeader && (cell.directiveFound || cell.newLines.join(QLatin1Char('\n')) != source))
        m_plan.cells.push_back({index, cell.newLines});
    return {};
}

/// A directive line (the `lineNumber`th of `cell`): runs the instructor's code before it, the setup code once per
/// cell, then one evaluation cell per expression; the expanded source gets a slot per expression.
Expected<void> AutotestPlanner::planDirective(Cell &cell, const QString &line, int lineNumber)
{
    const QString &path = m_plan.notebookPath;
    const QString linePlace = QStringLiteral("cells[%1], line %2").arg(cell.index).arg(lineNumber);
    if (cell.inHeader)
        return Error{path, linePlace, QStringLiteral("the course header holds an AUTOTEST directive; nbgrader requires them in "
                                                     "autograder test cells")};
    run(cell.pending.join(QLatin1Char('\n')), cell.place);
    cell.pending.clear();
    if (!cell.grade)
        return Error{path, linePlace, QStringLiteral("AUTOTEST directive in a cell that is not an autograder test cell "
                                                     "(nbgrader requires grade: true); make the cell a test cell")};
    cell.directiveFound = true;
    ++m_plan.directives;
    if (m_config.setup && !cell.setupInserted) {
        cell.newLines << *m_config.setup;
        cell.setupInserted = true;
        run(*m_config.setup, QStringLiteral("%1: the setup code of %2").arg(cell.place, m_config.file));
    }
    const bool hashed = line.left(line.indexOf(kDelimiter)).contains(kHashed);
    if (hashed && !m_config.hash)
        return Error{path, linePlace, QStringLiteral("HASHED AUTOTEST, but %1 has no 'hash' template for %2").arg(m_config.file, m_config.kernel)};
    const QString origin = QStringLiteral("%1, line %2: %3").arg(cell.place).arg(lineNumber).arg(line.trimmed());
    for (const QString &snippet : directiveSnippets(line)) {
        if (snippet.isEmpty())
            return Error{path, linePlace, QStringLiteral("an empty expression between ';' in the AUTOTEST directive")};
        Expected<AutotestExpression> e = renderExpression(snippet, hashed ? QString::number(++cell.salt, 16) : QString());
        if (!e)
            return e.error();
        e->cell = cell.index;
        e->line = lineNumber;
        const qsizetype n = m_plan.expressions.size();
        run(evaluationCall(*e, n), origin);
        cell.newLines << QString(kExpressionSlot) + QString::number(n) << QString();
        m_plan.expressions << *e;
    }
    return {};
}

/// `snippet` with its dispatch and every type's tests rendered; `salt` is set for a HASHED directive only.
Expected<AutotestExpression> AutotestPlanner::renderExpression(const QString &snippet, const QString &salt) const
{
    AutotestExpression e;
    e.expression = snippet;
    e.salt = salt;
    auto dispatch =
        render(m_config.dispatch, {{QStringLiteral("snippet"), snippet}}, m_config.kernel + QStringLiteral(".dispatch"));
    if (!dispatch)
        return dispatch.error();
    e.dispatch = *dispatch;
    for (const auto &[type, list] : m_config.templates) {
        auto tests = renderTests(type, list, snippet, salt);
        if (!tests)
            return tests.error();
        e.tests.push_back({type, *tests});
    }
    return e;
}

/// One type's test/fail pairs instantiated for `snippet`: the test normalized, hashed when `salt` is set, then
/// rendered with the snippet; the fail message rendered with the snippet and its '"' escaped.
Expected<QList<AutotestTemplate>> AutotestPlanner::renderTests(const QString &type, const QList<AutotestTemplate> &list,
                                                               const QString &snippet, const QString &salt) const
{
    const QList<std::pair<QString, QString>> withSnippet = {{QStringLiteral("snippet"), snippet}};
    QList<AutotestTemplate> tests;
    for (qsizetype t = 0; t < list.size(); ++t) {
        const QString place = QStringLiteral("%1.templates.%2[%3]").arg(m_config.kernel, type).arg(t);
        auto fail = render(list[t].fail, withSnippet, place + QStringLiteral(".fail"));
        if (!fail)
            return fail.error();
        auto normalized = render(m_config.normalize, {{QStringLiteral("snippet"), list[t].test}},
                                 m_config.kernel + QStringLiteral(".normalize"));
        if (!normalized)
            return normalized.error();
        auto processed = salt.isEmpty()
                             ? normalized
                             : render(*m_config.hash, {{QStringLiteral("snippet"), *normalized}, {QStringLiteral("salt"), salt}},
                                      m_config.kernel + QStringLiteral(".hash"));
        if (!processed)
            return processed.error();
        auto test = render(*processed, withSnippet, place + QStringLiteral(".test"));
        if (!test)
            return test.error();
        QString message = *fail;
        message.replace(QLatin1Char('"'), QLatin1String("\\\""));
        tests << AutotestTemplate{*test, message};
    }
    return tests;
}

AutotestPlan AutotestPlanner::finish() &&
{
    Json nb = Json::object();
    nb["cells"] = std::move(m_cells);
    nb["metadata"] = Json::object();
    nb["metadata"]["kernelspec"] = {{"display_name", "Python 3"}, {"language", "python"}, {"name", "python3"}};
    nb["nbformat"] = 4;
    nb["nbformat_minor"] = 4;
    m_plan.evaluationNotebook = QByteArray::fromStdString(nb.dump(1));
    return std::move(m_plan);
}

} // namespace

Expected<AutotestPlan> planAutotests(const Notebook &notebook, const QString &path, const Notebook *header,
                                     const AutotestConfig &config)
{
    AutotestPlanner planner(path, config);
    const int headerCells = header ? header->cellCount() : 0;
    for (int combined = 0; combined < headerCells + notebook.cellCount(); ++combined) {
        const bool inHeader = combined < headerCells;
        const int index = inHeader ? combined : combined - headerCells;
        if (Expected<void> planned = planner.planCell(inHeader ? *header : notebook, index, combined, inHeader); !planned)
            return planned.error();
    }
    return std::move(planner).finish();
}

Expected<QList<AutotestValues>> readAutotestValues(const AutotestPlan &plan, const QByteArray &executedJson,
                                                   const ExecutionRecord &record, const AutotestConfig &config)
{
    const QString path = plan.notebookPath;
    // An instructor cell or the setup code that raised: nbgrader stops there too.
    for (const CellRecord &c : record.cells()) {
        const QString &status = c.status;
        if (!c.index || status == QLatin1String("ok"))
            continue;
        const int index = *c.index;
        if (status == QLatin1String("not-run"))
            continue;
        const QString what = !c.error ? status
                                      : QStringLiteral("%1: %2").arg(c.error->ename, c.error->evalue.section(QLatin1Char('\n'), 0, 0));
        return Error{path, {}, QStringLiteral("evaluating the AUTOTEST directives: %1 failed (%2)").arg(plan.origins.value(index, QStringLiteral("a cell")), what)};
    }
    QList<std::optional<AutotestValues>> found(plan.expressions.size());
    // A Python value as the marker line gives it: None for null, "" for what is not a string.
    const auto text = [](const Json &v) { return v.is_null() ? QStringLiteral("None") : v.is_string() ? qs(v.get<std::string>()) : QString(); };
    const Expected<Json> executed = jsonutil::parse<Json>(executedJson, path); // empty when the run stopped early
    for (const Json &cell : executed ? jsonutil::arrayOr(*executed, "cells") : Json::array())
        for (const Json &o : jsonutil::arrayOr(cell, "outputs")) {
            std::string t = jsonutil::stringOr(o, "text");
            for (const Json &part : jsonutil::arrayOr(o, "text"))
                t += part.is_string() ? part.get<std::string>() : std::string();
            for (const QString &line : qs(t).split(QLatin1Char('\n'))) {
                if (!line.startsWith(kMarker))
                    continue;
                const Expected<Json> r = jsonutil::parse<Json>(line.mid(kMarker.size()).toUtf8(), path);
                const qint64 n = r ? jsonutil::intOr(*r, "n", -1) : -1;
                if (n < 0 || n >= plan.expressions.size())
                    continue;
                const AutotestExpression &e = plan.expressions[n];
                const QString place = QStringLiteral("cells[%1], line %2").arg(e.cell).arg(e.line);
                if (r->contains("error"))
                    return Error{path, place, QStringLiteral("AUTOTEST %1 raised %2 in the instructor's notebook")
                                                  .arg(e.expression, qs(jsonutil::stringOr(*r, "error")))};
                AutotestValues values;
                values.type = r->contains("type") ? text((*r)["type"]) : QString();
                if (!r->contains("values") || !config.templatesFor(values.type))
                    return Error{path, place, QStringLiteral("AUTOTEST %1 is of type '%2', which %3 has no templates for, and it "
                                                             "has no 'default' templates")
                                                  .arg(e.expression, values.type, config.file)};
                for (const Json &x : jsonutil::arrayOr(*r, "values"))
                    values.values << text(x);
                found[n] = values;
            }
        }
    QList<AutotestValues> out;
    for (qsizetype n = 0; n < found.size(); ++n) {
        if (!found[n]) {
            const AutotestExpression &e = plan.expressions[n];
            return Error{path, QStringLiteral("cells[%1], line %2").arg(e.cell).arg(e.line),
                         QStringLiteral("AUTOTEST %1 was not evaluated (the run stopped before it)").arg(e.expression)};
        }
        out << *found[n];
    }
    return out;
}

Expected<Notebook> expandAutotests(const Notebook &notebook, const AutotestPlan &plan, const QList<AutotestValues> &values,
                                   const AutotestConfig &config)
{
    if (values.size() != plan.expressions.size())
        return Error{plan.notebookPath, {}, QStringLiteral("%1 AUTOTEST values for %2 expressions").arg(values.size()).arg(plan.expressions.size())};
    Notebook expanded = notebook;
    Json &cells = NotebookEditor::json(expanded)["cells"];
    for (const auto &[cell, lines] : plan.cells) {
        QStringList out;
        for (const QString &line : lines) {
            if (!line.startsWith(kExpressionSlot)) {
                out << line;
                continue;
            }
            const int n = line.mid(1).toInt();
            const AutotestExpression &e = plan.expressions[n];
            const AutotestValues &v = values[n];
            const QList<AutotestTemplate> *tests = nullptr;
            for (const auto &[type, list] : e.tests)
                if (type == v.type)
                    tests = &list;
            if (!tests)
                for (const auto &[type, list] : e.tests)
                    if (type == QLatin1String("default"))
                        tests = &list;
            if (!tests || tests->size() != v.values.size())
                return Error{plan.notebookPath, QStringLiteral("cells[%1], line %2").arg(e.cell).arg(e.line),
                             QStringLiteral("AUTOTEST %1: the values do not match the templates of type '%2'").arg(e.expression, v.type)};
            for (qsizetype t = 0; t < tests->size(); ++t) {
                auto check = renderAutotestTemplate(config.check,
                                                    {{QStringLiteral("snippet"), tests->at(t).test},
                                                     {QStringLiteral("value"), v.values[t]},
                                                     {QStringLiteral("message"), tests->at(t).fail}},
                                                    config.file, config.kernel + QStringLiteral(".check"));
                if (!check)
                    return check.error();
                out << *check;
            }
        }
        setSource(cells[size_t(cell)], ss(out.join(QLatin1Char('\n'))));
    }
    return expanded;
}

} // namespace sandmark
