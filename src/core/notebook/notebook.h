#pragma once
// The nbformat 4 notebook model: load, inspect, edit, save without losing unknown content.
// Format source: the nbformat 4 JSON schema (nbformat/v4/nbformat.v4.*.schema.json) and
// https://nbformat.readthedocs.io/en/latest/format_description.html

#include "util/expected.h"

#include <QByteArray>
#include <QSharedDataPointer>
#include <QString>
#include <QStringList>
#include <QVariantMap>

namespace sandmark {

/// What kind of cell, per nbformat 4's `cell_type`.
enum class CellType { Code, Markdown, Raw };

/// Which of Sandmark's own cells this is (metadata `sandmark.injected`); None for the notebook's own cells.
enum class InjectedKind { None, Redirect, Probe, Test };

/// QStringLiteral names used in metadata: "redirect", "probe", "test"; empty for None.
QString injectedKindName(InjectedKind kind);

/// An nbformat 4 (4.0 to 4.5) notebook.
///
/// The JSON is kept as read (key order, unknown metadata, outputs), so load-then-save changes nothing but
/// what was edited and what loading repaired (listed by repairs()). Implicitly shared value type; not
/// thread-safe for concurrent mutation, but copies may be used from different threads.
class Notebook
{
public:
    /// Files larger than this are refused (bytes). Real notebooks with many images reach tens of MB.
    static constexpr qint64 DefaultMaxBytes = 200LL * 1024 * 1024;

    Notebook();
    Notebook(const Notebook &);
    Notebook &operator=(const Notebook &);
    ~Notebook();

    /// Reads and validates `path`. Errors name the file and the place: invalid JSON (line and column),
    /// bytes that are not UTF-8 (byte offset, line, column), nbformat 3 or older (with how to upgrade),
    /// missing required keys (as `cells[3]`), a non-Python kernel, a file over `maxBytes`.
    static Expected<Notebook> load(const QString &path, qint64 maxBytes = DefaultMaxBytes);

    /// As load(), from bytes; `fileName` is used in error messages only.
    static Expected<Notebook> parse(const QByteArray &bytes, const QString &fileName);

    /// nbformat's on-disk style: UTF-8, one-space indent, original key order, trailing newline.
    QByteArray toJson() const;

    /// Writes toJson() atomically (QSaveFile): the target is either the old file or the new one.
    Expected<void> save(const QString &path) const;

    int nbformatMinor() const;
    /// True when cells carry ids (nbformat 4.5 and later).
    bool hasCellIds() const;
    /// metadata.kernelspec.name, or empty.
    QString kernelName() const;
    /// The language from metadata (kernelspec.language, else language_info.name), or "python" if absent.
    QString language() const;

    int cellCount() const;
    CellType cellType(int index) const;
    /// The source joined into one string (nbformat allows a string or a list of lines).
    QString cellSource(int index) const;
    /// The cell's id, empty for notebooks before 4.5.
    QString cellId(int index) const;
    QStringList cellTags(int index) const;
    /// metadata.nbgrader as JSON in a QVariantMap (jsonutil::toVariant(); empty when absent or not an object). Unknown
    /// keys are kept. QVariant's toBool()/toString() convert across types ("grade": 1 reads true): core's own readers
    /// use nbgraderText()/nbgraderFlag() (notebook_p.h), which take only a string or a true, as nbgraderCells() does.
    QVariantMap nbgraderMetadata(int index) const;
    InjectedKind injectedKind(int index) const;
    /// metadata.sandmark of an injected cell (e.g. "label", "check") as JSON in a QVariantMap (as nbgraderMetadata()),
    /// empty otherwise.
    QVariantMap sandmarkMetadata(int index) const;
    /// The cell as compact JSON text (UTF-8; outputs included, invalid UTF-8 replaced), for display: the GUI reads it
    /// with the same Qt JSON reader as the cells it reads from a file (gui/celldata.cpp), at its edge.
    QByteArray cellJson(int index) const;
    /// Number of outputs of a code cell (0 for others).
    int outputCount(int index) const;

    /// What loading repaired, one human-readable line each ("cells[2]: missing id, assigned 'a1b2c3d4'").
    QStringList repairs() const;

    /// Index of the notebook's own cell named `anchor` by nbgrader grade_id, else cell id, else tag; -1 if
    /// none. When the name is on several cells the *last* one is returned and `ambiguous` is set (case C06).
    int findAnchor(const QString &anchor, bool *ambiguous = nullptr) const;

    class Private;

private:
    friend class NotebookEditor;
    QSharedDataPointer<Private> d;
};

} // namespace sandmark
