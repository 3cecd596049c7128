#include "env/environment.h"

#include "util/json_p.h"
#include "util/paths.h"
#include "util/processgroup.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSet>

#include <functional>

Q_LOGGING_CATEGORY(lcEnv, "sandmark.env")

namespace sandmark {

namespace {

using namespace Qt::Literals::StringLiterals;

constexpr char kMarker[] = "sandmark-env.json";

QString lastLines(const QByteArray &out, int n)
{
    QStringList lines = QString::fromUtf8(out).trimmed().split(QLatin1Char('\n'));
    lines.removeAll(QString());
    return lines.mid(std::max<qsizetype>(0, lines.size() - n)).join(QLatin1String(" | "));
}

/// Whether `text` is a PEP 508 environment marker (packaging's grammar: `marker_var marker_op marker_var`
/// comparisons, joined by `and`/`or`, in parentheses at will; a marker_var is one of PEP 508's environment names or
/// a quoted string). Pure.
bool isEnvironmentMarker(const QString &text)
{
    static const QSet<QString> names = {
        u"python_version"_s, u"python_full_version"_s, u"os_name"_s, u"sys_platform"_s, u"platform_release"_s,
        u"platform_system"_s, u"platform_version"_s, u"platform_machine"_s, u"platform_python_implementation"_s,
        u"implementation_name"_s, u"implementation_version"_s, u"extra"_s, u"os.name"_s, u"sys.platform"_s,
        u"platform.version"_s, u"platform.machine"_s, u"platform.python_implementation"_s, u"python_implementation"_s};
    static const QRegularExpression token(
        uR"(\s*(\(|\)|'[^']*'|"[^"]*"|===|~=|==|!=|<=|>=|<|>|[A-Za-z_][A-Za-z0-9_.]*))"_s);
    QStringList tokens;
    qsizetype at = 0;
    while (at < text.size()) {
        const QRegularExpressionMatch m = token.match(text, at, QRegularExpression::NormalMatch,
                                                      QRegularExpression::AnchorAtOffsetMatchOption);
        if (!m.hasMatch()) {
            if (!text.mid(at).trimmed().isEmpty())
                return false; // a character no token starts with: `rm -rf /`'s '-'
            break;
        }
        tokens << m.captured(1);
        at = m.capturedEnd(0);
    }
    qsizetype i = 0;
    const auto peek = [&]() { return i < tokens.size() ? tokens.at(i) : QString(); };
    const auto isVar = [&](const QString &t) {
        return t.startsWith(QLatin1Char('\'')) || t.startsWith(QLatin1Char('"')) || names.contains(t);
    };
    static const QSet<QString> comparisons = {u"==="_s, u"~="_s, u"=="_s, u"!="_s, u"<="_s, u">="_s, u"<"_s, u">"_s, u"in"_s};
    std::function<bool()> orExpr;
    const auto atom = [&]() -> bool {
        if (peek() == QLatin1String("(")) {
            ++i;
            if (!orExpr() || peek() != QLatin1String(")"))
                return false;
            ++i;
            return true;
        }
        if (!isVar(peek()))
            return false;
        ++i;
        if (peek() == QLatin1String("not"))
            ++i; // "not in"
        else if (!comparisons.contains(peek()))
            return false;
        if (tokens.value(i - 1) == QLatin1String("not") && peek() != QLatin1String("in"))
            return false;
        ++i;
        if (!isVar(peek()))
            return false;
        ++i;
        return true;
    };
    // `part` ('and'|'or' `part`)*: and binds tighter than or.
    const auto joined = [&](QLatin1String word, const std::function<bool()> &part) {
        if (!part())
            return false;
        while (peek() == word) {
            ++i;
            if (!part())
                return false;
        }
        return true;
    };
    const std::function<bool()> andExpr = [&]() { return joined(QLatin1String("and"), atom); };
    orExpr = [&]() { return joined(QLatin1String("or"), andExpr); };
    return orExpr() && i == tokens.size();
}

} // namespace

QStringList normalizeRequirements(const QStringList &lines)
{
    static const QRegularExpression name(QStringLiteral("^([A-Za-z0-9][A-Za-z0-9._-]*)(.*)$"));
    static const QRegularExpression sep(QStringLiteral("[-_.]+"));
    QStringList out;
    for (QString line : lines) {
        const qsizetype hash = line.indexOf(QLatin1Char('#'));
        if (hash >= 0)
            line.truncate(hash);
        line = line.trimmed();
        if (line.isEmpty())
            continue;
        line.remove(QLatin1Char(' '));
        line.remove(QLatin1Char('\t'));
        const QRegularExpressionMatch m = name.match(line);
        if (m.hasMatch()) {
            QString project = m.captured(1).toLower();
            project.replace(sep, QStringLiteral("-"));
            line = project + m.captured(2);
        }
        if (!out.contains(line))
            out << line;
    }
    out.sort();
    return out;
}

QString requirementProblem(const QString &entry)
{
    QString line = entry;
    // A comment starts at '#' at the start or after white space (a URL's #fragment stays).
    static const QRegularExpression comment(QStringLiteral("(^|\\s)#.*$"));
    line.remove(comment);
    line = line.trimmed();
    if (line.isEmpty())
        return QStringLiteral("an empty requirement; write a package such as \"numpy>=1.24\"");
    static const QRegularExpression head(
        QStringLiteral("^([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\\s*(\\[[^\\]]*\\])?\\s*(.*)$"));
    const QRegularExpressionMatch m = head.match(line);
    if (!m.hasMatch())
        return {}; // a URL or a path: pip's business
    const QString name = m.captured(1);
    QString rest = m.captured(3);
    if (rest.startsWith(QLatin1Char('@')))
        return rest.mid(1).trimmed().isEmpty() ? QStringLiteral("'%1': '@' must be followed by a URL").arg(entry) : QString();
    QString spec = rest;
    const qsizetype semicolon = rest.indexOf(QLatin1Char(';'));
    if (semicolon >= 0) {
        spec = rest.left(semicolon);
        const QString marker = rest.mid(semicolon + 1).trimmed();
        if (marker.isEmpty())
            return QStringLiteral("'%1': ';' must be followed by an environment marker such as python_version >= \"3.9\"").arg(entry);
        if (!isEnvironmentMarker(marker))
            return QStringLiteral("'%1': '%2' is not an environment marker (PEP 508: such as python_version >= \"3.9\" "
                                  "or sys_platform == \"linux\")")
                .arg(entry, marker);
    }
    spec = spec.trimmed();
    if (spec.contains(QLatin1Char('/')) || spec.contains(QLatin1Char('\\')) || spec.contains(QLatin1String("://")))
        return {}; // a path or URL that starts like a name ("wheels/x.whl"): pip's business
    if (spec.startsWith(QLatin1Char('(')) && spec.endsWith(QLatin1Char(')')))
        spec = spec.mid(1, spec.size() - 2).trimmed();
    if (spec.isEmpty())
        return {};
    static const QRegularExpression op(QStringLiteral("^(~=|===|==|!=|<=|>=|<|>)\\s*(.*)$"));
    static const QRegularExpression version(QStringLiteral("^[A-Za-z0-9_.*+!-]+$"));
    for (const QString &piece : spec.split(QLatin1Char(','))) {
        const QString clause = piece.trimmed();
        if (clause.isEmpty())
            return QStringLiteral("'%1': an empty version specifier (a stray ',')").arg(entry);
        const QRegularExpressionMatch om = op.match(clause);
        if (!om.hasMatch())
            return QStringLiteral("'%1': '%2' is not a version specifier (such as %3>=1.24 or %3==2.0.*)").arg(entry, clause, name);
        if (om.captured(2).isEmpty())
            return QStringLiteral("'%1': '%2' must be followed by a version (such as %3%2%4)")
                .arg(entry, om.captured(1), name, om.captured(1) == QLatin1String("==") ? QStringLiteral("2.0.*") : QStringLiteral("1.24"));
        if (!version.match(om.captured(2)).hasMatch())
            return QStringLiteral("'%1': '%2' is not a version").arg(entry, om.captured(2));
    }
    return {};
}

QString environmentKey(const QStringList &normalizedRequirements, const QString &basePythonPath,
                       const QString &basePythonVersion, bool systemSitePackages, const QString &wheelhouse,
                       const QString &runnerVersion)
{
    QCryptographicHash h(QCryptographicHash::Sha256);
    auto add = [&](const QString &s) {
        h.addData(s.toUtf8());
        h.addData(QByteArrayView("\n", 1));
    };
    add(QStringLiteral("sandmark-env/1"));
    add(basePythonPath);
    add(basePythonVersion);
    add(systemSitePackages ? QStringLiteral("system-site") : QStringLiteral("isolated"));
    add(wheelhouse);
    add(runnerVersion);
    for (const QString &r : normalizedRequirements)
        add(r);
    return QString::fromLatin1(h.result().toHex().left(24));
}

EnvironmentBuilder::EnvironmentBuilder(EnvironmentSpec spec, QObject *parent) : QObject(parent), m_spec(std::move(spec))
{
    if (m_spec.basePython.isEmpty())
        m_spec.basePython = paths::defaultPython();
    m_envsRoot = m_spec.envsRoot.isEmpty() ? paths::cacheDir() + QLatin1String("/envs") : m_spec.envsRoot;
    m_lockPoll.setInterval(250);
    connect(&m_lockPoll, &QTimer::timeout, this, &EnvironmentBuilder::tryLock);
}

EnvironmentBuilder::~EnvironmentBuilder()
{
    if (m_process && m_process->state() != QProcess::NotRunning) {
        m_process->disconnect(this);
        killProcessGroup(m_process); // the interpreter or pip, and what it started
        m_process->waitForFinished(2000);
    }
    cleanupTemp();
}

void EnvironmentBuilder::start()
{
    probeBase();
}

void EnvironmentBuilder::cancel()
{
    if (m_done)
        return;
    if (m_process) {
        m_process->disconnect(this);
        killProcessGroup(m_process); // the interpreter or pip, and what it started
    }
    fail(QStringLiteral("the environment build was cancelled"));
}

void EnvironmentBuilder::probeBase()
{
    m_process = new QProcess(this);
    connect(m_process, &QProcess::finished, this, &EnvironmentBuilder::onProbed);
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart)
            failBase(QStringLiteral("cannot start the base interpreter %1%2: %3%4")
                         .arg(m_spec.basePython, baseFromVariable() ? QStringLiteral(" (SANDMARK_PYTHON)") : QString(),
                              m_process->errorString(),
                              baseFromVariable() ? QStringLiteral("; point SANDMARK_PYTHON at an installed Python 3, or unset it "
                                                                  "(then /usr/bin/python3 runs the notebooks)")
                                                 : QString()));
    });
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    startInOwnProcessGroup(m_process); // cancel kills what it starts too
    m_process->start(m_spec.basePython,
                     {QStringLiteral("-I"), QStringLiteral("-c"),
                      QStringLiteral("import sys, importlib.util as u\n"
                                     "print(sys.version.split()[0])\n"
                                     "print(int(all(u.find_spec(m) for m in ('nbclient', 'ipykernel'))))\n"
                                     "print(int(u.find_spec('pip') is not None))")});
}

void EnvironmentBuilder::onProbed(int exitCode, QProcess::ExitStatus status)
{
    const QByteArray out = m_process->readAll();
    m_process->deleteLater();
    m_process = nullptr;
    if (m_done)
        return;
    const QList<QByteArray> lines = out.trimmed().split('\n');
    if (status != QProcess::NormalExit || exitCode != 0 || lines.size() < 3) {
        // A program that exits at once and says nothing (SANDMARK_PYTHON=/bin/false) left the reason empty.
        const QString said = lastLines(out, 2).trimmed();
        const QString why = !said.isEmpty() ? said
                            : status != QProcess::NormalExit ? QStringLiteral("it crashed and printed nothing")
                            : exitCode != 0 ? QStringLiteral("it exited with status %1 and printed nothing").arg(exitCode)
                                            : QStringLiteral("it is not a Python interpreter (it printed nothing)");
        failBase(QStringLiteral("the base interpreter %1%2 does not run: %3")
                     .arg(m_spec.basePython, baseFromVariable() ? QStringLiteral(" (SANDMARK_PYTHON)") : QString(), why));
        return;
    }
    m_baseVersion = QString::fromLatin1(lines.at(0).trimmed());
    m_baseHasKernel = lines.at(1).trimmed() == "1";
    m_baseHasPip = lines.at(2).trimmed() == "1";

    m_requirements = normalizeRequirements(m_spec.requirements);
    if (!m_spec.systemSitePackages) {
        for (const char *needed : {"ipykernel", "nbclient"}) {
            bool present = false;
            for (const QString &r : std::as_const(m_requirements))
                present = present || r == QLatin1String(needed) || r.startsWith(QLatin1String(needed) + QLatin1Char('='))
                          || r.startsWith(QLatin1String(needed) + QLatin1Char('<'))
                          || r.startsWith(QLatin1String(needed) + QLatin1Char('>'));
            if (!present)
                m_requirements << QLatin1String(needed);
        }
        m_requirements.sort();
    }
    const QString resolved = QFileInfo(m_spec.basePython).absoluteFilePath();
    m_env.key = environmentKey(m_requirements, resolved, m_baseVersion, m_spec.systemSitePackages,
                               m_spec.wheelhouse, paths::version());

    if (m_requirements.isEmpty() && m_spec.systemSitePackages) {
        if (!m_baseHasKernel) {
            // What is wrong and the fix first (fresh-user finding: the line began with the environments folder).
            if (baseFromVariable())
                failBase(QStringLiteral("SANDMARK_PYTHON names %1, which has no nbclient/ipykernel to run the notebooks: "
                                        "install both into it (%1 -m pip install nbclient ipykernel), point "
                                        "SANDMARK_PYTHON at a Python that has them, or unset it (then /usr/bin/python3 "
                                        "runs the notebooks)")
                             .arg(m_spec.basePython));
            else
                failBase(QStringLiteral("the base interpreter %1 has no nbclient/ipykernel to run the notebooks: install "
                                        "them (apt install python3-nbclient python3-ipykernel) or list them as dependencies")
                             .arg(m_spec.basePython));
            return;
        }
        m_env.python = m_spec.basePython;
        m_env.reused = true;
        m_done = true;
        Q_EMIT finished(m_env);
        return;
    }

    m_target = m_envsRoot + QLatin1Char('/') + m_env.key;
    if (QFileInfo::exists(m_target + QLatin1Char('/') + QLatin1String(kMarker))) {
        m_env.prefix = m_target;
        m_env.python = m_target + QLatin1String("/bin/python");
        m_env.reused = true;
        m_done = true;
        Q_EMIT finished(m_env);
        return;
    }
    if (!QDir().mkpath(m_envsRoot)) {
        fail(QStringLiteral("cannot create the environments folder %1").arg(m_envsRoot));
        return;
    }
    m_lock = std::make_unique<QLockFile>(m_envsRoot + QLatin1Char('/') + m_env.key + QLatin1String(".lock"));
    m_lock->setStaleLockTime(0); // stale only when the process holding it is gone: builds take minutes
    m_lockWait.start();
    tryLock();
}

void EnvironmentBuilder::tryLock()
{
    if (m_done)
        return;
    if (!m_lock->tryLock(0)) {
        if (m_lockWait.elapsed() > qint64(m_spec.lockTimeoutS) * 1000) {
            m_lockPoll.stop();
            fail(QStringLiteral("another process has been building this environment for %1 s (lock %2)")
                     .arg(m_spec.lockTimeoutS)
                     .arg(m_lock->fileName()));
            return;
        }
        if (!m_lockPoll.isActive()) {
            Q_EMIT progress(QStringLiteral("waiting for another build of environment %1").arg(m_env.key));
            m_lockPoll.start();
        }
        return;
    }
    m_lockPoll.stop();
    // Somebody may have finished it while we waited.
    if (QFileInfo::exists(m_target + QLatin1Char('/') + QLatin1String(kMarker))) {
        m_lock->unlock();
        m_env.prefix = m_target;
        m_env.python = m_target + QLatin1String("/bin/python");
        m_env.reused = true;
        m_done = true;
        Q_EMIT finished(m_env);
        return;
    }
    QDir(m_target).removeRecursively(); // a folder without a marker is not an environment
    createVenv();
}

void EnvironmentBuilder::runStep(const QString &program, const QStringList &args, void (EnvironmentBuilder::*next)(),
                                 const QString &what)
{
    Q_EMIT progress(what);
    qCInfo(lcEnv) << what;
    m_output.clear();
    m_process = new QProcess(this);
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("PIP_DISABLE_PIP_VERSION_CHECK"), QStringLiteral("1"));
    env.insert(QStringLiteral("PYTHONDONTWRITEBYTECODE"), QStringLiteral("1"));
    env.remove(QStringLiteral("PYTHONPATH"));
    env.remove(QStringLiteral("PIP_USER"));
    m_process->setProcessEnvironment(env);
    connect(m_process, &QProcess::readyRead, this, [this]() {
        const QByteArray chunk = m_process->readAll();
        m_output += chunk;
        if (m_output.size() > 256 * 1024)
            m_output = m_output.right(128 * 1024);
        for (const QByteArray &l : chunk.split('\n')) {
            if (!l.trimmed().isEmpty())
                Q_EMIT progress(QString::fromUtf8(l.trimmed()));
        }
    });
    connect(m_process, &QProcess::errorOccurred, this, [this, program](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart)
            fail(QStringLiteral("cannot start %1: %2").arg(program, m_process->errorString()));
    });
    connect(m_process, &QProcess::finished, this, [this, next, what](int code, QProcess::ExitStatus st) {
        m_output += m_process->readAll();
        m_process->deleteLater();
        m_process = nullptr;
        if (m_done)
            return;
        if (st != QProcess::NormalExit || code != 0) {
            fail(QStringLiteral("%1 failed (exit status %2): %3").arg(what).arg(code).arg(lastLines(m_output, 3)));
            return;
        }
        (this->*next)();
    });
    startInOwnProcessGroup(m_process); // cancel kills what it starts too (pip's build subprocesses)
    m_process->start(program, args);
}

void EnvironmentBuilder::createVenv()
{
    m_temp = m_envsRoot + QLatin1String("/.tmp-") + m_env.key + QLatin1Char('-')
             + QString::number(QRandomGenerator::system()->generate(), 16);
    QStringList args = {QStringLiteral("-I"), QStringLiteral("-m"), QStringLiteral("venv")};
    if (m_spec.systemSitePackages)
        args << QStringLiteral("--system-site-packages");
    // The base's pip (seen through the system site-packages) installs into the venv: no ensurepip copy.
    if (m_spec.systemSitePackages && m_baseHasPip)
        args << QStringLiteral("--without-pip");
    args << m_temp;
    runStep(m_spec.basePython, args, &EnvironmentBuilder::installRequirements,
            QStringLiteral("creating the environment %1 (python -m venv)").arg(m_env.key));
}

void EnvironmentBuilder::installRequirements()
{
    if (m_requirements.isEmpty()) {
        finalize();
        return;
    }
    const QString reqFile = m_temp + QLatin1String("/requirements.txt");
    QSaveFile f(reqFile);
    const QByteArray content = m_requirements.join(QLatin1Char('\n')).toUtf8() + '\n';
    if (!f.open(QIODevice::WriteOnly) || f.write(content) != content.size() || !f.commit()) {
        fail(QStringLiteral("cannot write %1").arg(reqFile));
        return;
    }
    QStringList args = {QStringLiteral("-I"), QStringLiteral("-m"), QStringLiteral("pip"), QStringLiteral("install"),
                        QStringLiteral("--no-input"), QStringLiteral("--disable-pip-version-check"),
                        QStringLiteral("--no-warn-script-location")};
    if (!m_spec.wheelhouse.isEmpty())
        args << QStringLiteral("--no-index") << QStringLiteral("--find-links") << m_spec.wheelhouse;
    args << QStringLiteral("-r") << reqFile;
    runStep(m_temp + QLatin1String("/bin/python"), args, &EnvironmentBuilder::finalize,
            QStringLiteral("installing %1 (pip install)").arg(m_requirements.join(QLatin1String(", "))));
}

void EnvironmentBuilder::finalize()
{
    nlohmann::json requirements = nlohmann::json::array();
    for (const QString &r : std::as_const(m_requirements))
        requirements.push_back(r.toStdString());
    const nlohmann::json marker{
        {"format", "sandmark-env/1"},
        {"key", m_env.key.toStdString()},
        {"base_python", m_spec.basePython.toStdString()},
        {"base_version", m_baseVersion.toStdString()},
        {"system_site_packages", m_spec.systemSitePackages},
        {"requirements", std::move(requirements)},
        {"wheelhouse", m_spec.wheelhouse.toStdString()},
        {"runner_version", paths::version().toStdString()},
        {"created", QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toStdString()},
    };
    QSaveFile f(m_temp + QLatin1Char('/') + QLatin1String(kMarker));
    const QByteArray data = QByteArray::fromStdString(jsonutil::qtIndented(marker));
    if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size() || !f.commit()) {
        fail(QStringLiteral("cannot write the environment marker in %1").arg(m_temp));
        return;
    }
    if (!QDir().rename(m_temp, m_target)) {
        fail(QStringLiteral("cannot move the new environment into place at %1").arg(m_target));
        return;
    }
    m_temp.clear();
    m_lock->unlock();
    m_env.prefix = m_target;
    m_env.python = m_target + QLatin1String("/bin/python");
    m_env.reused = false;
    m_done = true;
    Q_EMIT finished(m_env);
}

void EnvironmentBuilder::cleanupTemp()
{
    if (!m_temp.isEmpty()) {
        QDir(m_temp).removeRecursively();
        m_temp.clear();
    }
}

bool EnvironmentBuilder::baseFromVariable() const
{
    return !qEnvironmentVariableIsEmpty("SANDMARK_PYTHON") && m_spec.basePython == paths::defaultPython();
}

void EnvironmentBuilder::failBase(const QString &message)
{
    m_baseFailed = true;
    fail(message);
}

void EnvironmentBuilder::fail(const QString &message)
{
    if (m_done)
        return;
    m_done = true;
    m_lockPoll.stop();
    cleanupTemp();
    if (m_lock && m_lock->isLocked())
        m_lock->unlock();
    if (m_baseFailed) {
        Q_EMIT failed(Error{{}, {}, message});
        return;
    }
    const QString where = m_target.isEmpty() ? m_envsRoot : m_target;
    Q_EMIT failed(Error{where, QStringLiteral("environment"), message});
}

QString missingModuleName(const QString &ename, const QString &evalue)
{
    if (ename != QLatin1String("ModuleNotFoundError") && ename != QLatin1String("ImportError"))
        return {};
    static const QRegularExpression re(QStringLiteral(R"(^No module named '([^']+)')"));
    const QRegularExpressionMatch m = re.match(evalue.trimmed());
    return m.hasMatch() ? m.captured(1).section(QLatin1Char('.'), 0, 0) : QString();
}

QString missingModuleFix(const QString &module)
{
    return QStringLiteral("the environment has no module '%1': add the package that provides it to \"dependencies\" in "
                          "assignment.json (its pip name, often the same as the module's)")
        .arg(module);
}

} // namespace sandmark
