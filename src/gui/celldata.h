#pragma once
// Render-ready data of notebook cells for the preview, built off the GUI thread.

#include "assignment/assignment.h"
#include "notebook/notebook.h"
#include "util/expected.h"

#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <QSize>
#include <QString>

#include <optional>

template <typename T>
class QPromise;

namespace sandmark {

/// One output of a code cell, reduced to what the preview draws. Output types and MIME bundles follow
/// nbformat 4 (stream, execute_result, display_data, error); a bundle is shown by the first of text/html,
/// image/png, image/jpeg, text/plain it holds (Jupyter's display priority, minus what we cannot render).
struct OutputData
{
    enum class Kind { Text, Html, Image, Error };
    Kind kind = Kind::Text;
    bool isResult = false; ///< execute_result: shown with an "Out[n]:" prompt
    bool isStderr = false; ///< stream "stderr": drawn on a tinted background
    QString html;          ///< Text/Error: HTML made from the ANSI text; Html: the HTML as given
    QString plainText;     ///< Text/Error: the text without escape sequences (tests, copy, tooltips)
    QByteArray imageBytes; ///< Image: the encoded file (base64-decoded), decoded only when visible
    QSize imageSize;       ///< Image: natural size in pixels, read from the header only
    int lines = 0;         ///< lines shown, for cheap height estimates
    int hiddenLines = 0;   ///< lines cut from a long text output (the preview shows the first ones)
};

/// One cell as the preview shows it. Plain value; `key` is unique per built cell in this process, so render
/// caches can key on it whatever filtering the view applies.
struct CellData
{
    quint64 key = 0;
    int index = 0; ///< position in the notebook (cells[index])
    CellType type = CellType::Code;
    QString source;
    int sourceLines = 1;
    int executionCount = -1; ///< -1: never executed (null in the file)
    InjectedKind injected = InjectedKind::None;
    QString injectedDetail; ///< the probe label or the test check id of an injected cell
    QList<OutputData> outputs;
};

/// Text outputs longer than this many lines are cut in the preview (the rest is counted in hiddenLines).
constexpr int kPreviewMaxOutputLines = 400;

/// Builds the preview rows of `notebook`. Decodes base64 image data and reads image headers (not pixels).
/// Pure function; thread-safe; meant for a worker thread. Cost grows with the notebook's size.
QList<CellData> buildCellData(const Notebook &notebook);

/// The three views of an instructor notebook the preview offers.
enum class PreviewKind { Instructor, Release, Instrumented };

struct PreviewData
{
    QList<CellData> cells;
    QStringList notes; ///< release warnings, instrumentation notes, repairs made while loading
};

/// Loads `path` and builds the `kind` view of it: the notebook itself, its student release (makeRelease),
/// or the notebook instrumented for `assignment` (instrumentOptionsFor with the sandbox's runtime folder
/// /sandmark/runtime). Without an assignment the instrumented view is an Error. The instructor view of a
/// well-formed nbformat 4 file is read with Qt's JSON parser directly (nothing to transform; the core's
/// model, which keeps key order for saving, costs more for tens of MB); anything else goes through
/// Notebook::load() and its errors. Repairs made while loading are listed in `notes` for the other views
/// (the Problems panel lists them for the assignment's notebooks). Blocking file I/O: call it on a worker
/// thread. Errors name the file and the place (cells[i]).
Expected<PreviewData> loadPreview(const QString &path, PreviewKind kind,
                                  const std::optional<Assignment> &assignment);

/// A batch of preview rows, in notebook order, as streamPreview() delivers them.
struct PreviewChunk
{
    QList<CellData> cells;      ///< appended after the rows of earlier chunks, or replacing them when `first`
    bool first = false;         ///< replaces every row delivered before (the start of a (re)load)
    QStringList notes;          ///< as PreviewData::notes (first chunk only)
    std::optional<Error> error; ///< loading failed: drop the rows delivered so far and show this
    bool last = false;          ///< no chunk follows
};

/// Cells in the first chunk of streamPreview(): more than one screen of the smallest cells, so the first
/// paint does not wait for the rest of the notebook.
constexpr int kPreviewFirstChunkCells = 12;
/// Cells per later chunk.
constexpr int kPreviewChunkCells = 48;

/// As loadPreview(), but delivers the rows in chunks through `promise` (QtConcurrent::run with a QPromise):
/// for the instructor view it scans the file's JSON structure once (cell boundaries, no values), checks the
/// rest of the document with Qt's parser, then parses and builds the cells one by one, so the first
/// kPreviewFirstChunkCells rows arrive before the rest of a large notebook is parsed. The other views need
/// the whole notebook transformed first and arrive as one chunk. Stops early when the promise is cancelled.
/// A file that does not scan as a complete nbformat 4 notebook, or a cell that does not parse, ends with a
/// chunk carrying Notebook::load()'s precise error. Blocking file I/O: run it on a worker thread.
void streamPreview(QPromise<PreviewChunk> &promise, const QString &path, PreviewKind kind,
                   const std::optional<Assignment> &assignment);

} // namespace sandmark

Q_DECLARE_METATYPE(sandmark::CellData)
Q_DECLARE_METATYPE(sandmark::PreviewChunk)
