#include "batch/referencerun.h"

#include "batch/batch_log.h"
#include "util/paths.h"

#include <QCryptographicHash>
#include <algorithm>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

namespace sandmark {

namespace {

void addField(QCryptographicHash &h, const QByteArray &bytes)
{
    h.addData(QByteArray::number(bytes.size()) + ':');
    h.addData(bytes);
}

void addFile(QCryptographicHash &h, const QString &label, const QString &path)
{
    addField(h, label.toUtf8());
    QFile f(path);
    if (f.open(QIODevice::ReadOnly)) {
        addField(h, QByteArray::number(f.size()));
        h.addData(&f);
    } else {
        addField(h, QByteArrayLiteral("unreadable"));
    }
}

QString checkTypeName(Check::Type t)
{
    switch (t) {
    case Check::Type::Value: return QStringLiteral("value");
    case Check::Type::Test: return QStringLiteral("test");
    case Check::Type::Manual: return QStringLiteral("manual");
    }
    return {};
}

} // namespace

QString referenceKey(const Assignment &assignment, const QString &environmentKey)
{
    QCryptographicHash h(QCryptographicHash::Sha256);
    // 2: a timing file goes with each payload; 3: payloads carry the namespace listing
    addField(h, QByteArrayLiteral("sandmark-reference-3"));
    addField(h, paths::version().toUtf8());
    if (!assignment.notebooks().isEmpty())
        addFile(h, assignment.notebooks().first(), assignment.absolute(assignment.notebooks().first()));
    for (const DataFile &d : assignment.dataFiles()) {
        addFile(h, d.path, assignment.absolute(d.path));
        addField(h, d.urls.join(QLatin1Char('\n')).toUtf8());
    }
    addField(h, environmentKey.toUtf8());
    for (const Check &c : assignment.checks()) {
        QJsonObject o = c.options;
        o.insert(QStringLiteral("#id"), c.id);
        o.insert(QStringLiteral("#type"), checkTypeName(c.type));
        o.insert(QStringLiteral("#variable"), c.variable);
        o.insert(QStringLiteral("#anchor"), c.anchor);
        o.insert(QStringLiteral("#code"), c.code);
        o.insert(QStringLiteral("#grade_id"), c.gradeId);
        o.insert(QStringLiteral("#after"), c.after);
        addField(h, QJsonDocument(o).toJson(QJsonDocument::Compact)); // QJsonObject keys are sorted
    }
    const Limits l = assignment.limits();
    addField(h, QStringLiteral("%1 %2 %3 %4").arg(l.wallTimeoutS).arg(l.cellTimeoutS).arg(l.memoryBytes).arg(l.probeBytes).toUtf8());
    return QString::fromLatin1(h.result().toHex());
}

QString assignmentInputsKey(const Assignment &assignment, const QString &refKey)
{
    QCryptographicHash h(QCryptographicHash::Sha256);
    addField(h, refKey.toUtf8());
    addFile(h, QStringLiteral("assignment.json"), assignment.jsonPath());
    return QString::fromLatin1(h.result().toHex());
}

CurrentInputs::CurrentInputs(Assignment assignment) : m_assignment(std::move(assignment)) {}

bool CurrentInputs::isStale(GradeStatus runStatus, const QString &filesHash, const QString &inputsHash,
                            const QString &environmentKey)
{
    if (runStatus == GradeStatus::GraderError)
        return false;
    auto it = m_inputsKeyByEnvironment.constFind(environmentKey);
    if (it == m_inputsKeyByEnvironment.constEnd())
        it = m_inputsKeyByEnvironment.insert(environmentKey,
                                             assignmentInputsKey(m_assignment, referenceKey(m_assignment, environmentKey)));
    return Gradebook::inputsHash(filesHash, *it) != inputsHash;
}

void markStale(QList<EffectiveGrade> &grades, const Assignment &assignment)
{
    CurrentInputs current(assignment);
    for (EffectiveGrade &g : grades)
        g.stale = current.isStale(g.runStatus, g.filesHash, g.inputsHash, g.environmentKey);
}

void markStale(QList<GradeSummary> &summaries, const Assignment &assignment)
{
    CurrentInputs current(assignment);
    for (GradeSummary &g : summaries)
        g.stale = current.isStale(g.runStatus, g.filesHash, g.inputsHash, g.environmentKey);
}

ReferenceRun::ReferenceRun(Assignment assignment, ReferenceRunOptions options, QObject *parent)
    : QObject(parent), m_assignment(std::move(assignment)), m_options(std::move(options))
{
    if (m_options.cacheDir.isEmpty())
        m_options.cacheDir = paths::cacheDir() + QLatin1String("/reference");
    m_options.run.listNamespace = true; // the checks editor picks variables from it
}

ReferenceRun::~ReferenceRun() = default;

QString ReferenceRun::cachePath() const
{
    return QDir(m_options.cacheDir).filePath(m_key + QLatin1String(".json"));
}

QString ReferenceRun::timingPath() const
{
    return QDir(m_options.cacheDir).filePath(m_key + QLatin1String(".timing.json"));
}

void ReferenceRun::start()
{
    if (m_assignment.notebooks().isEmpty()) {
        QMetaObject::invokeMethod(
            this, [this]() { fail(Error{m_assignment.jsonPath(), QStringLiteral("notebooks"), QStringLiteral("no instructor notebook")}); },
            Qt::QueuedConnection);
        return;
    }
    // The same environment the submissions get (SubmissionRun builds it from the same spec; it is reused).
    EnvironmentSpec spec;
    spec.basePython = m_assignment.python();
    spec.requirements = m_assignment.dependencies();
    spec.systemSitePackages = m_assignment.systemSitePackages();
    spec.wheelhouse = m_options.run.wheelhouse;
    spec.envsRoot = m_options.run.envsRoot;
    m_envBuilder = new EnvironmentBuilder(spec, this);
    connect(m_envBuilder, &EnvironmentBuilder::progress, this, &ReferenceRun::progress);
    connect(m_envBuilder, &EnvironmentBuilder::finished, this, &ReferenceRun::onEnvironment);
    connect(m_envBuilder, &EnvironmentBuilder::failed, this, &ReferenceRun::fail);
    m_envBuilder->start();
}

void ReferenceRun::cancel()
{
    if (m_done)
        return;
    if (m_run) {
        m_run->cancel();
        return;
    }
    if (m_envBuilder) {
        m_envBuilder->cancel();
        return;
    }
    fail(Error{m_assignment.jsonPath(), QStringLiteral("reference run"), QStringLiteral("cancelled")});
}

void ReferenceRun::onEnvironment(const Environment &env)
{
    m_environmentKey = env.key;
    m_key = referenceKey(m_assignment, env.key);
    // The reference payloads are the answers: private to the grading user, also those an older version wrote
    // world-readable (a local-unsafe run, or any local account, read them: security report F8).
    if (Expected<void> p = paths::makePrivateFolder(m_options.cacheDir); !p)
        qCWarning(lcBatch) << p.error().toString();
    for (const QFileInfo &fi : QDir(m_options.cacheDir).entryInfoList(QDir::Files | QDir::Hidden))
        paths::makePrivateFile(fi.filePath());
    QFile cached(cachePath());
    if (cached.open(QIODevice::ReadOnly)) {
        const QByteArray payload = cached.readAll();
        QJsonParseError pe;
        QJsonDocument::fromJson(payload, &pe);
        if (pe.error == QJsonParseError::NoError && !payload.isEmpty()) {
            m_cacheHit = true;
            m_done = true;
            if (QFile t(timingPath()); t.open(QIODevice::ReadOnly))
                if (const QJsonDocument d = QJsonDocument::fromJson(t.readAll()); d.isObject())
                    m_timing = ReferenceTiming::fromJson(d.object());
            qCDebug(lcBatch) << "reference cache hit" << cachePath();
            Q_EMIT progress(QStringLiteral("reference values from the cache (%1)").arg(cachePath()));
            Q_EMIT finished(payload, m_key);
            return;
        }
    }
    const QString notebook = m_assignment.absolute(m_assignment.notebooks().first());
    Q_EMIT progress(QStringLiteral("running the instructor notebook %1").arg(notebook));
    m_run = new SubmissionRun(m_assignment, notebook, m_options.run, this);
    connect(m_run, &SubmissionRun::progress, this, &ReferenceRun::progress);
    connect(m_run, &SubmissionRun::finished, this, &ReferenceRun::onRunFinished);
    connect(m_run, &SubmissionRun::failed, this, &ReferenceRun::fail);
    m_run->start();
}

void ReferenceRun::onRunFinished(const SubmissionRunResult &result)
{
    const QString notebook = m_assignment.displayPath(m_assignment.notebooks().first());
    const QString status = result.run.status();
    if (status != QLatin1String("completed") && status != QLatin1String("errors")) {
        fail(Error{notebook, QStringLiteral("reference run"),
                   QStringLiteral("the instructor notebook did not run to the end (%1); see %2")
                       .arg(status.isEmpty() ? QStringLiteral("no execution record") : status, result.folder.artifacts)});
        return;
    }
    // Errors of the instructor's own cells make the expected values wrong.
    const QJsonArray cells = result.run.record.value(QLatin1String("cells")).toArray();
    for (const QJsonValue &v : cells) {
        const QJsonObject c = v.toObject();
        if (c.value(QLatin1String("index")).isNull() || c.value(QLatin1String("index")).isUndefined()) {
            // A test check the solution itself does not pass (a typo, a wrong expected value) would cost every
            // student its points: it is the assignment's error, reported before anyone is graded.
            if (c.value(QLatin1String("injected")).toString() == QLatin1String("test")
                && c.value(QLatin1String("test_result")).toString() != QLatin1String("pass")) {
                const QJsonObject e = c.value(QLatin1String("test_error")).toObject();
                const QString why = e.isEmpty() ? c.value(QLatin1String("test_result")).toString(QStringLiteral("not run"))
                                                : QStringLiteral("%1: %2").arg(e.value(QLatin1String("ename")).toString(),
                                                                               e.value(QLatin1String("evalue")).toString());
                fail(Error{m_assignment.jsonPath(), QStringLiteral("checks '%1'").arg(c.value(QLatin1String("check")).toString()),
                           QStringLiteral("the test check fails on the instructor notebook (%1); fix the test or the "
                                          "solution")
                               .arg(why)});
                return;
            }
            continue;
        }
        if (c.value(QLatin1String("status")).toString() == QLatin1String("ok"))
            continue;
        const QJsonObject e = c.value(QLatin1String("error")).toObject();
        const QString st = c.value(QLatin1String("status")).toString();
        const QString what = e.isEmpty() ? st
                                         : QStringLiteral("raised %1: %2").arg(e.value(QLatin1String("ename")).toString(),
                                                                              e.value(QLatin1String("evalue")).toString());
        fail(Error{notebook, QStringLiteral("cells[%1]").arg(c.value(QLatin1String("index")).toInt()),
                   QStringLiteral("the instructor notebook failed in the reference run: %1").arg(what)});
        return;
    }
    QByteArray payload = result.run.payloadJson;
    // An assignment with test and manual checks only (an nbgrader import) probes nothing: "null" is its payload.
    const bool probes = std::any_of(m_assignment.checks().cbegin(), m_assignment.checks().cend(),
                                    [](const Check &c) { return c.type == Check::Type::Value; });
    if (!probes && (payload.isEmpty() || payload == "null"))
        payload = "null";
    else if (payload.isEmpty() || payload == "null") {
        fail(Error{notebook, QStringLiteral("reference run"), QStringLiteral("no probe payload")});
        return;
    }
    m_timing = ReferenceTiming::fromRecord(result.run.record);
    if (m_timing->durationS <= 0)
        m_timing->durationS = result.run.durationS;
    if (Expected<void> p = paths::makePrivateFolder(m_options.cacheDir); !p) {
        fail(p.error());
        return;
    }
    // The timing first: a payload without its timing file is still a valid (older-style) cache entry.
    const QByteArray timing = QJsonDocument(m_timing->toJson()).toJson(QJsonDocument::Compact);
    for (const auto &[path, bytes] : {std::pair{timingPath(), timing}, std::pair{cachePath(), payload}}) {
        QSaveFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit())
            qCWarning(lcBatch) << "cannot write the reference cache" << path << f.errorString();
        paths::makePrivateFile(path);
    }
    m_done = true;
    Q_EMIT finished(payload, m_key);
}

void ReferenceRun::fail(const Error &error)
{
    if (m_done)
        return;
    m_done = true;
    Q_EMIT failed(error);
}

} // namespace sandmark
