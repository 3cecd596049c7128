#pragma once
// Helpers shared by the core test suites: fixture paths, order-preserving JSON comparison and the check of a
// written notebook against the system Python's nbformat. Header-only; test code only (uses nlohmann_json).

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QMap>
#include <QProcess>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

namespace sandmark::test {

using OJson = nlohmann::ordered_json;

/// Absolute path of a file under tests/data.
inline QString dataPath(const QString &relative)
{
    return QStringLiteral(SANDMARK_TEST_DATA_DIR) + QLatin1Char('/') + relative;
}

/// Copies the folder `src` (recursively, hidden files included) to `dest`; a file that cannot be copied ends the
/// test program (a fixture is missing).
inline void copyTree(const QString &src, const QString &dest)
{
    QDirIterator it(src, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString file = it.next();
        const QString to = dest + QLatin1Char('/') + QDir(src).relativeFilePath(file);
        QDir().mkpath(QFileInfo(to).absolutePath());
        if (!QFile::copy(file, to))
            qFatal("cannot copy %s", qPrintable(file));
    }
}

inline QByteArray readAll(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

/// Writes `bytes` to `path` (its folder made first, an existing file replaced). False when it cannot.
inline bool writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

/// Parses JSON keeping key order (ordered_json: object equality is then order-sensitive). A leading UTF-8
/// byte-order mark is skipped. Returns a discarded value when the bytes are not JSON.
inline OJson parseOrdered(QByteArray bytes)
{
    if (bytes.startsWith("\xEF\xBB\xBF"))
        bytes.remove(0, 3);
    return OJson::parse(bytes.constData(), bytes.constData() + bytes.size(), nullptr, false);
}

inline OJson readOrdered(const QString &path)
{
    return parseOrdered(readAll(path));
}

/// Every .ipynb fixture under tests/data/cases (recursively), sorted, as paths relative to tests/data.
inline QStringList caseNotebooks()
{
    QStringList out;
    const QDir data(dataPath(QString()));
    QDirIterator it(dataPath(QStringLiteral("cases")), {QStringLiteral("*.ipynb")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        out << data.relativeFilePath(it.next());
    out.sort();
    return out;
}

/// The Python used to validate produced notebooks (the system one, which has nbformat from apt).
inline QString systemPython()
{
    return QStringLiteral("/usr/bin/python3");
}

/// True when systemPython() can import nbformat.
inline bool haveNbformat()
{
    static const bool ok = [] {
        QProcess p;
        p.start(systemPython(), {QStringLiteral("-c"), QStringLiteral("import nbformat")});
        return p.waitForFinished(30000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
    }();
    return ok;
}

/// Validates the raw JSON of each of `paths` with nbformat.validate, as written: no conversion and no repair.
/// Any warning (nbformat 5.5 "repairs" duplicate ids with a warning) or any change validate() makes to the
/// document counts as a failure; cell ids must be unique, present in 4.5 and absent before. One Python
/// process for all files (importing nbformat takes most of a second). Returns path -> reason for the invalid
/// ones; a failure of Python itself is reported under the key "".
inline QMap<QString, QString> nbformatProblems(const QStringList &paths)
{
    static const QString script = QStringLiteral(
        "import copy, json, sys, warnings\n"
        "import nbformat\n"
        "def check(path):\n"
        "    with open(path, encoding='utf-8') as f:\n"
        "        nb = json.load(f)\n"
        "    orig = copy.deepcopy(nb)\n"
        "    with warnings.catch_warnings():\n"
        "        warnings.simplefilter('error')\n"
        "        nbformat.validate(nb)\n"
        "    assert nb == orig, 'nbformat.validate changed the notebook (repairs)'\n"
        "    ids = [c['id'] for c in nb['cells'] if 'id' in c]\n"
        "    assert len(ids) == len(set(ids)), 'duplicate cell ids: %r' % ids\n"
        "    if nb['nbformat'] == 4 and nb['nbformat_minor'] >= 5:\n"
        "        assert len(ids) == len(nb['cells']), 'a cell has no id in a 4.5 notebook'\n"
        "    else:\n"
        "        assert not ids, 'cell ids in a notebook older than 4.5'\n"
        "problems = {}\n"
        "for path in sys.argv[1:]:\n"
        "    try:\n"
        "        check(path)\n"
        "    except Exception as e:\n"
        "        problems[path] = '%s: %s' % (type(e).__name__, str(e).splitlines()[0] if str(e) else '')\n"
        "sys.stdout.write(json.dumps(problems))\n");
    QMap<QString, QString> out;
    QProcess p;
    p.start(systemPython(), QStringList{QStringLiteral("-c"), script} + paths);
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        out.insert(QString(), QString::fromUtf8(p.readAllStandardError()).trimmed());
        return out;
    }
    const OJson problems = parseOrdered(p.readAllStandardOutput());
    if (!problems.is_object()) {
        out.insert(QString(), QStringLiteral("unreadable output from python"));
        return out;
    }
    for (auto &[path, why] : problems.items())
        out.insert(QString::fromStdString(path), QString::fromStdString(why.get<std::string>()));
    return out;
}

/// The test code injected test cell `index` of `nb` carries (instrument(): in its metadata only, `sandmark.code`;
/// the kernel never sees it); empty when the cell is not an injected test cell. `Notebook` is a template parameter
/// so that suites without the notebook library can include this header.
template <typename Notebook>
QString injectedTestCode(const Notebook &nb, int index)
{
    return nb.sandmarkMetadata(index).value(QStringLiteral("code")).toString();
}

#ifdef SANDMARK_CLI
/// What one sandmark-cli run printed and returned.
struct CliRun
{
    QByteArray out;
    QByteArray err;
    int code = -1; ///< the exit code; -1 when it crashed or was killed
};

/// Runs sandmark-cli (SANDMARK_CLI) with `args`, LC_ALL=C.UTF-8 and `extraEnv`, in `workDir` (tests/data by
/// default; empty: the test's own working directory). A run that does not end within `timeoutMs` is killed
/// and reported as "timed out" with code -1.
inline CliRun runCli(const QStringList &args, const QMap<QString, QString> &extraEnv = {},
                     const QString &workDir = QStringLiteral(SANDMARK_TEST_DATA_DIR), int timeoutMs = 300000)
{
    QProcess p;
    if (!workDir.isEmpty())
        p.setWorkingDirectory(workDir);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    for (auto it = extraEnv.cbegin(); it != extraEnv.cend(); ++it)
        env.insert(it.key(), it.value());
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(SANDMARK_CLI), args);
    CliRun r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        r.err = "timed out";
        return r;
    }
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    return r;
}
#endif

} // namespace sandmark::test
