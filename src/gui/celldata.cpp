#include "celldata.h"

#include "ansi.h"
#include "assignment/plan.h"
#include "batch/notebookmatch.h"
#include "notebook/instrument.h"
#include "notebook/release.h"

#include <QBuffer>
#include <QDir>
#include <QFileInfo>
#include <QFile>
#include <QJsonDocument>
#include <QCoreApplication>
#include <QImageReader>
#include <QJsonArray>
#include <QJsonObject>
#include <QElapsedTimer>
#include <QLoggingCategory>
#include <QPromise>

#include <atomic>
#include <cstring>

Q_DECLARE_LOGGING_CATEGORY(lcPreview)

namespace sandmark {

namespace {

std::atomic<quint64> g_nextKey{1};

// nbformat multiline strings: a string or a list of strings.
QString joined(const QJsonValue &v)
{
    if (v.isString())
        return v.toString();
    QString out;
    const QJsonArray parts = v.toArray();
    for (const QJsonValue &p : parts)
        out += p.toString();
    return out;
}

int countLines(const QString &text)
{
    if (text.isEmpty())
        return 0;
    int n = int(text.count(QLatin1Char('\n')));
    return text.endsWith(QLatin1Char('\n')) ? n : n + 1;
}

// Keeps the first kPreviewMaxOutputLines lines; returns the number cut.
int truncateLines(QString &text)
{
    qsizetype pos = 0;
    for (int i = 0; i < kPreviewMaxOutputLines; ++i) {
        pos = text.indexOf(QLatin1Char('\n'), pos);
        if (pos < 0)
            return 0;
        ++pos;
    }
    if (pos >= text.size())
        return 0;
    const int hidden = countLines(text.mid(pos));
    text.truncate(pos);
    return hidden;
}

OutputData textOutput(QString text, bool isStderr, bool isResult, OutputData::Kind kind = OutputData::Kind::Text)
{
    OutputData o;
    o.kind = kind;
    o.isStderr = isStderr;
    o.isResult = isResult;
    // Carriage returns (progress bars): keep what the terminal would show last on each line.
    if (text.contains(QLatin1Char('\r'))) {
        QStringList lines = text.split(QLatin1Char('\n'));
        for (QString &line : lines) {
            QString l = line;
            if (l.endsWith(QLatin1Char('\r')))
                l.chop(1);
            const qsizetype cr = l.lastIndexOf(QLatin1Char('\r'));
            line = cr >= 0 ? l.mid(cr + 1) : l;
        }
        text = lines.join(QLatin1Char('\n'));
    }
    o.hiddenLines = truncateLines(text);
    o.lines = countLines(text);
    o.plainText = stripAnsi(text);
    o.html = ansiToHtml(text);
    return o;
}

std::optional<OutputData> imageOutput(const QJsonValue &data, const char *format, bool isResult)
{
    OutputData o;
    o.kind = OutputData::Kind::Image;
    o.isResult = isResult;
    o.imageBytes = QByteArray::fromBase64(joined(data).toLatin1());
    QBuffer buffer(&o.imageBytes);
    buffer.open(QIODevice::ReadOnly);
    QImageReader reader(&buffer, format);
    o.imageSize = reader.size(); // header only
    if (!o.imageSize.isValid())
        return std::nullopt;
    return o;
}

QList<OutputData> outputsOf(const QJsonArray &outputs)
{
    QList<OutputData> out;
    // Consecutive chunks of the same stream read as one block, as in Jupyter.
    QString pending;
    int pendingStream = -1; // -1 none, 0 stdout, 1 stderr
    auto flush = [&] {
        if (pendingStream >= 0)
            out.append(textOutput(pending, pendingStream == 1, false));
        pending.clear();
        pendingStream = -1;
    };
    for (const QJsonValue &v : outputs) {
        const QJsonObject o = v.toObject();
        const QString type = o.value(QLatin1String("output_type")).toString();
        if (type == QLatin1String("stream")) {
            const int stream = o.value(QLatin1String("name")).toString() == QLatin1String("stderr") ? 1 : 0;
            if (stream != pendingStream)
                flush();
            pendingStream = stream;
            pending += joined(o.value(QLatin1String("text")));
            continue;
        }
        flush();
        if (type == QLatin1String("execute_result") || type == QLatin1String("display_data")) {
            const bool isResult = type == QLatin1String("execute_result");
            const QJsonObject data = o.value(QLatin1String("data")).toObject();
            if (data.contains(QLatin1String("text/html"))) {
                OutputData h;
                h.kind = OutputData::Kind::Html;
                h.isResult = isResult;
                h.html = joined(data.value(QLatin1String("text/html")));
                h.plainText = joined(data.value(QLatin1String("text/plain")));
                h.lines = qMax(1, countLines(h.plainText));
                out.append(h);
                continue;
            }
            std::optional<OutputData> image;
            if (data.contains(QLatin1String("image/png")))
                image = imageOutput(data.value(QLatin1String("image/png")), "png", isResult);
            if (!image && data.contains(QLatin1String("image/jpeg")))
                image = imageOutput(data.value(QLatin1String("image/jpeg")), "jpeg", isResult);
            if (image) {
                out.append(*image);
                continue;
            }
            if (data.contains(QLatin1String("text/plain")))
                out.append(textOutput(joined(data.value(QLatin1String("text/plain"))), false, isResult));
        } else if (type == QLatin1String("error")) {
            QStringList tb;
            const QJsonArray frames = o.value(QLatin1String("traceback")).toArray();
            for (const QJsonValue &f : frames)
                tb << f.toString();
            QString text = tb.isEmpty() ? QStringLiteral("%1: %2").arg(o.value(QLatin1String("ename")).toString(),
                                                                      o.value(QLatin1String("evalue")).toString())
                                        : tb.join(QLatin1Char('\n'));
            out.append(textOutput(text, false, false, OutputData::Kind::Error));
        }
    }
    flush();
    return out;
}

} // namespace

namespace {

// One cell of nbformat 4 JSON to preview data (the same fields Notebook reads: cell_type, source,
// execution_count, outputs, metadata.sandmark).
CellData cellFromJson(const QJsonObject &json, int index)
{
    CellData c;
    c.key = g_nextKey.fetch_add(1);
    c.index = index;
    const QString type = json.value(QLatin1String("cell_type")).toString();
    c.type = type == QLatin1String("code") ? CellType::Code : type == QLatin1String("markdown") ? CellType::Markdown : CellType::Raw;
    c.source = joined(json.value(QLatin1String("source")));
    c.sourceLines = qMax(1, countLines(c.source));
    const QJsonObject meta = json.value(QLatin1String("metadata")).toObject().value(QLatin1String("sandmark")).toObject();
    const QString injected = meta.value(QLatin1String("injected")).toString();
    c.injected = injected == QLatin1String("redirect") ? InjectedKind::Redirect
                 : injected == QLatin1String("probe")  ? InjectedKind::Probe
                 : injected == QLatin1String("test")   ? InjectedKind::Test
                                                       : InjectedKind::None;
    if (c.injected != InjectedKind::None) {
        c.injectedDetail = meta.value(QLatin1String("label")).toString();
        if (c.injectedDetail.isEmpty())
            c.injectedDetail = meta.value(QLatin1String("check")).toString();
    }
    if (c.type == CellType::Code) {
        const QJsonValue count = json.value(QLatin1String("execution_count"));
        c.executionCount = count.isDouble() ? count.toInt() : -1;
        c.outputs = outputsOf(json.value(QLatin1String("outputs")).toArray());
    }
    return c;
}

// The fast path for showing a notebook as it is: Qt's JSON parser, no copy through the core's model.
// Returns nullopt when the file is not a readable nbformat 4 notebook; the caller then loads it with
// Notebook::load() for the precise error (line and column, byte offset, nbformat version).
std::optional<QList<CellData>> quickCells(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly) || f.size() > Notebook::DefaultMaxBytes)
        return std::nullopt;
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return std::nullopt;
    const QJsonObject root = doc.object();
    if (root.value(QLatin1String("nbformat")).toInt() != 4 || !root.value(QLatin1String("cells")).isArray())
        return std::nullopt;
    const QJsonArray cells = root.value(QLatin1String("cells")).toArray();
    QList<CellData> out;
    out.reserve(cells.size());
    for (qsizetype i = 0; i < cells.size(); ++i) {
        if (!cells.at(i).isObject())
            return std::nullopt;
        out.append(cellFromJson(cells.at(i).toObject(), int(i)));
    }
    return out;
}

// Where the cells of an nbformat 4 file are: the byte range of each cell object, and the document with an
// empty cells array (the "skeleton", checked with Qt's parser). Scans the structure only (strings, brackets,
// the keys of the top-level object); values are parsed per cell later, so the first cells can be shown before
// the rest of a large file is parsed.
struct CellRanges
{
    QList<std::pair<qsizetype, qsizetype>> cells; // [begin, end) of each cell object
    QByteArray skeleton;
};

std::optional<CellRanges> scanCells(const QByteArray &json)
{
    const char *p = json.constData();
    const qsizetype n = json.size();
    CellRanges out;
    int depth = 0;
    bool inString = false;
    bool inCells = false;
    qsizetype stringStart = -1;
    QByteArray lastKey, currentKey;
    qsizetype cellsOpen = -1, cellsClose = -1, cellStart = -1;
    for (qsizetype i = 0; i < n; ++i) {
        if (inString) {
            // Jump to the closing quote (memchr: base64 images make up most of a large notebook); a quote
            // preceded by an odd number of backslashes is escaped.
            const void *q = std::memchr(p + i, '"', size_t(n - i));
            if (!q)
                return std::nullopt;
            i = static_cast<const char *>(q) - p;
            qsizetype backslashes = 0;
            while (i - 1 - backslashes >= stringStart && p[i - 1 - backslashes] == '\\')
                ++backslashes;
            if (backslashes % 2 == 1)
                continue;
            inString = false;
            if (depth == 1)
                lastKey = QByteArray(p + stringStart, i - stringStart);
            continue;
        }
        const char c = p[i];
        switch (c) {
        case '"':
            if (inCells && depth == 2)
                return std::nullopt; // a cell that is not an object
            inString = true;
            stringStart = i + 1;
            break;
        case ':':
            if (depth == 1)
                currentKey = lastKey;
            break;
        case ',':
            if (depth == 1)
                currentKey.clear();
            break;
        case '{':
        case '[':
            if (depth == 0 && c != '{')
                return std::nullopt;
            if (depth == 1 && currentKey == "cells") {
                if (c != '[' || cellsOpen >= 0)
                    return std::nullopt;
                inCells = true;
                cellsOpen = i;
            } else if (inCells && depth == 2) {
                if (c != '{')
                    return std::nullopt;
                cellStart = i;
            }
            ++depth;
            break;
        case '}':
        case ']':
            --depth;
            if (depth < 0)
                return std::nullopt;
            if (inCells && depth == 2)
                out.cells.append({cellStart, i + 1});
            else if (inCells && depth == 1) {
                inCells = false;
                cellsClose = i;
            }
            break;
        case ' ':
        case '\n':
        case '\r':
        case '\t':
            break;
        default:
            if (inCells && depth == 2)
                return std::nullopt; // a number or literal where a cell should be
            break;
        }
    }
    if (depth != 0 || inString || cellsOpen < 0 || cellsClose < 0)
        return std::nullopt;
    out.skeleton = json.left(cellsOpen + 1) + json.mid(cellsClose);
    return out;
}

} // namespace

QList<CellData> buildCellData(const Notebook &notebook)
{
    QList<CellData> cells;
    const int n = notebook.cellCount();
    cells.reserve(n);
    for (int i = 0; i < n; ++i)
        cells.append(cellFromJson(QJsonDocument::fromJson(notebook.cellJson(i)).object(), i));
    return cells;
}

Expected<PreviewData> loadPreview(const QString &path, PreviewKind kind, const std::optional<Assignment> &assignment)
{
    QElapsedTimer timer;
    timer.start();
    if (kind == PreviewKind::Instructor) {
        // Shown as it is: no transformation needs the core's model, so skip building it.
        if (auto cells = quickCells(path)) {
            qCDebug(lcPreview) << "built the cell data of" << path << "in" << timer.elapsed() << "ms (direct)";
            return PreviewData{std::move(*cells), {}};
        }
    }
    auto nb = Notebook::load(path);
    if (!nb)
        return nb.error();
    qCDebug(lcPreview) << "loaded" << path << "in" << timer.restart() << "ms";
    PreviewData data;
    data.notes = nb->repairs();
    switch (kind) {
    case PreviewKind::Instructor:
        data.cells = buildCellData(*nb);
        break;
    case PreviewKind::Release: {
        auto released = makeRelease(*nb, path);
        if (!released)
            return released.error();
        data.notes += released->warnings;
        data.cells = buildCellData(released->notebook);
        break;
    }
    case PreviewKind::Instrumented: {
        if (!assignment)
            return Error{path, {},
                         QCoreApplication::translate("sandmark::NotebookPreview",
                                                     "the instrumented view needs an assignment; open one first")};
        // A problem set's notebook gets its own checks only, as in a run: an instructor notebook its own, another
        // file (a student's) those of the instructor notebook the matching rule gives it.
        QString notebook;
        if (assignment->isProblemSet()) {
            for (const QString &rel : assignment->notebooks())
                if (QDir::cleanPath(assignment->absolute(rel)) == QDir::cleanPath(path))
                    notebook = rel;
            if (notebook.isEmpty()) {
                const QString name = QFileInfo(path).fileName();
                const ProblemSetMatch match =
                    matchNotebooks(instructorNotebooks(*assignment), {name}, {{name, notebookCellIds(path)}});
                for (const NotebookMatch &m : match.notebooks)
                    if (m.matched())
                        notebook = m.notebook;
            }
            if (notebook.isEmpty())
                return Error{path, {},
                             QCoreApplication::translate("sandmark::NotebookPreview",
                                                         "the problem set's checks belong to its notebooks, and this file "
                                                         "matches none of them by name or cell ids; show it as written")};
            data.notes << QCoreApplication::translate("sandmark::NotebookPreview", "Instrumented with the checks of %1.")
                              .arg(notebook);
        }
        auto instrumented = instrument(*nb, instrumentOptionsFor(*assignment, QStringLiteral("/sandmark/runtime"),
                                                                 makeNonce(), notebook));
        if (!instrumented)
            return instrumented.error();
        data.notes += instrumented->notes;
        data.cells = buildCellData(instrumented->notebook);
        break;
    }
    }
    qCDebug(lcPreview) << "built the cell data in" << timer.elapsed() << "ms";
    return data;
}

namespace {
// Delivers `cells` in chunks (the first one small) through `promise`.
void deliverInChunks(QPromise<PreviewChunk> &promise, QList<CellData> cells, QStringList notes)
{
    PreviewChunk chunk;
    chunk.first = true;
    chunk.notes = std::move(notes);
    int limit = kPreviewFirstChunkCells;
    for (qsizetype i = 0; i < cells.size(); ++i) {
        chunk.cells.append(std::move(cells[i]));
        if (chunk.cells.size() >= limit && i + 1 < cells.size()) {
            promise.addResult(std::move(chunk));
            chunk = {};
            limit = kPreviewChunkCells;
        }
    }
    chunk.last = true;
    promise.addResult(std::move(chunk));
}

void deliverError(QPromise<PreviewChunk> &promise, Error error)
{
    PreviewChunk chunk;
    chunk.first = true;
    chunk.error = std::move(error);
    chunk.last = true;
    promise.addResult(std::move(chunk));
}

// The slow path: the core's model, its precise errors and the transformed views.
void deliverLoaded(QPromise<PreviewChunk> &promise, const QString &path, PreviewKind kind,
                   const std::optional<Assignment> &assignment)
{
    auto data = loadPreview(path, kind, assignment);
    if (promise.isCanceled())
        return;
    if (!data)
        deliverError(promise, data.error());
    else
        deliverInChunks(promise, std::move(data->cells), std::move(data->notes));
}
} // namespace

void streamPreview(QPromise<PreviewChunk> &promise, const QString &path, PreviewKind kind,
                   const std::optional<Assignment> &assignment)
{
    if (kind != PreviewKind::Instructor)
        return deliverLoaded(promise, path, kind, assignment);
    QElapsedTimer timer;
    timer.start();
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly) || f.size() > Notebook::DefaultMaxBytes)
        return deliverLoaded(promise, path, kind, assignment);
    const QByteArray bytes = f.readAll();
    f.close();
    const std::optional<CellRanges> ranges = scanCells(bytes);
    if (!ranges)
        return deliverLoaded(promise, path, kind, assignment);
    QJsonParseError error;
    const QJsonDocument skeleton = QJsonDocument::fromJson(ranges->skeleton, &error);
    if (error.error != QJsonParseError::NoError || !skeleton.isObject()
        || skeleton.object().value(QLatin1String("nbformat")).toInt() != 4)
        return deliverLoaded(promise, path, kind, assignment);
    qCDebug(lcPreview) << "scanned" << ranges->cells.size() << "cells of" << path << "in" << timer.elapsed() << "ms";

    PreviewChunk chunk;
    chunk.first = true;
    int limit = kPreviewFirstChunkCells;
    const qsizetype n = ranges->cells.size();
    for (qsizetype i = 0; i < n; ++i) {
        if (promise.isCanceled())
            return;
        const auto [begin, end] = ranges->cells.at(i);
        const QJsonDocument cell = QJsonDocument::fromJson(QByteArray::fromRawData(bytes.constData() + begin, end - begin), &error);
        if (error.error != QJsonParseError::NoError || !cell.isObject())
            return deliverLoaded(promise, path, kind, assignment); // Notebook::load names the place
        chunk.cells.append(cellFromJson(cell.object(), int(i)));
        if (chunk.cells.size() >= limit && i + 1 < n) {
            promise.addResult(std::move(chunk));
            chunk = {};
            limit = kPreviewChunkCells;
        }
    }
    chunk.last = true;
    promise.addResult(std::move(chunk));
    qCDebug(lcPreview) << "built the cells of" << path << "in" << timer.elapsed() << "ms (streamed)";
}

} // namespace sandmark
