#pragma once
// Finds dataset calls in instructor notebooks with Python's own `ast` parser (resources/python/sandmark_scan.py).

#include "util/expected.h"
#include "util/scriptprocess.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QVariantList>
#include <QVariantMap>

namespace sandmark {

/// One code cell handed to the scanner: its index in the notebook and its source text.
struct CodeCell
{
    int index = 0;
    QString source;
};

/// One call found by the scan, as written in the notebook.
struct ScannedCall
{
    QString notebook;    ///< notebook file name, as the caller labelled the scan
    int cell = 0;        ///< index of the code cell in the notebook
    int line = 0;        ///< 1-based line of the call's start inside the cell
    int endLine = 0;     ///< 1-based last line (multi-line calls)
    QString function;    ///< the callee as imported, e.g. "course.localizer.get_file"
    QString matched;     ///< the configured function name it matched, e.g. "localizer.get_file"
    QString callee;      ///< the callee as written, e.g. "L.get_file"
    QString source;      ///< the call's source text (may span lines)
    QVariantList args;   ///< literal positional arguments; null where computed
    QVariantMap kwargs;  ///< literal keyword arguments; null where computed
    QStringList computed; ///< why the call is not literal ("argument 1 is the variable 'session'"); empty if literal

    bool isComputed() const { return !computed.isEmpty(); }
    /// "notebook.ipynb cells[3] line 2"
    QString where() const;
};

/// An import statement of the notebook, replayed before the calls when warming.
struct ScannedImport
{
    int cell = 0;
    int line = 0;
    QString source;
};

/// A top-level module the notebook imports (absolute imports), as the Python that ran the scan sees it.
struct ScannedModule
{
    QString name;         ///< "numpy" (the top-level name of `import numpy.linalg`)
    int cell = 0;         ///< where it is first imported
    int line = 0;
    bool stdlib = false;  ///< part of that Python's standard library
    bool found = false;   ///< that Python finds it (importlib.util.find_spec; nothing is imported)
    QString distribution; ///< the pip name that installs it ("scikit-learn" for sklearn), when known
};

/// A name a cell binds at the notebook's top level (assignment, for/with target, :=, import, def, class).
struct AssignedName
{
    QString name;
    int cell = 0; ///< index of the code cell in the notebook
    int line = 0; ///< 1-based line inside the cell
};

/// Everything one scan found.
struct ScanResult
{
    QList<ScannedCall> calls;
    QList<ScannedImport> imports;
    QList<ScannedModule> modules; ///< in order of first import
    QList<AssignedName> assigned; ///< in cell and line order
    QStringList warnings; ///< cells that do not parse, "looks like a release" — user-facing, one line each
    int stubCells = 0;    ///< cells holding `raise NotImplementedError()` / `# YOUR CODE HERE`
};

/// The functions scanned for when an assignment configures none.
QStringList defaultDatasetFunctions();

/// Runs sandmark_scan.py with a Python (>= 3.9, stdlib only) as an asynchronous QProcess. One scan per
/// object at a time. Lives in the thread that created it; emits exactly one of finished/failed per start().
class DatasetScanner : public QObject
{
    Q_OBJECT
public:
    explicit DatasetScanner(QObject *parent = nullptr);
    ~DatasetScanner() override;

    /// Scans `cells` of `notebook` (a label used in results and warnings) for calls to `functions`
    /// ("module.func" or a bare name). `python` is the interpreter; `scriptPath` defaults to
    /// paths::pythonRuntimeDir()/sandmark_scan.py.
    void start(const QString &python, const QString &notebook, const QList<CodeCell> &cells,
               const QStringList &functions, const QString &scriptPath = {});
    /// Kills the process; no signal is emitted afterwards.
    void cancel();

Q_SIGNALS:
    void finished(const sandmark::ScanResult &result);
    void failed(const sandmark::Error &error);

private:
    void onFinished(int exitCode, QProcess::ExitStatus status, const QByteArray &out, const QByteArray &err);
    ScriptProcess m_script;
    QString m_notebook;
    QString m_python;
};

/// Parses the scanner's JSON output (exposed for tests). `notebook` labels the calls.
Expected<ScanResult> parseScanOutput(const QByteArray &json, const QString &notebook);

} // namespace sandmark
