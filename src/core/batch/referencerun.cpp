#include "batch/referencerun.h"

#include "checks/registry.h"

#include "batch/batch_log.h"
#include "batch/regrade.h"
#include "datasets/missingdataset.h"
#include "env/environment.h"
#include "grading/value.h"
#include "notebook/instrument.h"
#include "notebook/release.h"
#include "util/json_p.h"
#include "util/paths.h"

#include <QCryptographicHash>
#include <algorithm>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
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


} // namespace

QString referenceKey(const Assignment &assignment, const QString &environmentKey)
{
    QCryptographicHash h(QCryptographicHash::Sha256);
    // 2: a timing file goes with each payload; 3: payloads carry the namespace listing; 4: the execution key
    // (checks' grading left out), outcomes keep their probe labels, probes capture every name
    addField(h, QByteArrayLiteral("sandmark-reference-4"));
    addField(h, paths::version().toUtf8());
    if (!assignment.notebooks().isEmpty())
        addFile(h, assignment.notebooks().first(), assignment.absolute(assignment.notebooks().first()));
    // A problem set: every notebook, and which notebook each check grades (a single notebook's key is as it was,
    // so the runs recorded before problem sets are not stale).
    if (assignment.isProblemSet())
        for (qsizetype i = 1; i < assignment.notebooks().size(); ++i)
            addFile(h, assignment.notebooks().at(i), assignment.absolute(assignment.notebooks().at(i)));
    for (const DataFile &d : assignment.dataFiles()) {
        addFile(h, d.path, assignment.absolute(d.path));
        addField(h, d.urls.join(QLatin1Char('\n')).toUtf8());
    }
    addField(h, environmentKey.toUtf8());
    // assignment.json without its checks: limits, dependencies, datasets, settings. Keys sorted (nlohmann::json) and
    // written compactly, so rewriting the file in another layout or key order (an editor, the app) changes nothing.
    if (QFile f(assignment.jsonPath()); f.open(QIODevice::ReadOnly)) {
        if (Expected<nlohmann::json> json = jsonutil::parse<nlohmann::json>(f.readAll(), assignment.jsonPath()); json && json->is_object()) {
            json->erase("checks");
            addField(h, QByteArray::fromStdString(json->dump()));
        }
    }
    // What each check injects as cells (a test's code and placement), in check order; not its probes: whether a
    // run's payload holds a probed name is decided from the payload (batch/regrade.h).
    for (const Check &c : assignment.checks()) {
        InstrumentOptions o;
        checkKind(c).instrument(c, o);
        for (const TestCellSpec &t : std::as_const(o.tests))
            addField(h, QStringList{t.checkId, t.code, t.gradeId, t.after, t.afterCheckCall, c.notebook}.join(QChar(0)).toUtf8());
    }
    const Limits l = assignment.limits();
    addField(h, QStringLiteral("%1 %2 %3 %4 %5").arg(l.wallTimeoutS).arg(l.cellTimeoutS).arg(l.memoryBytes).arg(l.probeBytes).arg(l.captureBytes).toUtf8());
    if (assignment.isProblemSet())
        addField(h, QByteArray::number(setTimeoutFor(l, assignment.notebooks().size())));
    return QString::fromLatin1(h.result().toHex());
}

QByteArray notebookPayload(const QByteArray &payload, const QString &notebook)
{
    if (!payload.startsWith("{\"sandmark_problem_set\""))
        return payload;
    const Expected<nlohmann::ordered_json> root = jsonutil::parse(payload, QStringLiteral("reference payload"));
    if (!root || !root->contains("sandmark_problem_set"))
        return QByteArrayLiteral("null");
    const nlohmann::ordered_json &set = (*root)["sandmark_problem_set"];
    const std::string key = notebook.toStdString();
    if (!set.is_object() || !set.contains(key))
        return QByteArrayLiteral("null");
    return QByteArray::fromStdString(set[key].dump());
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

namespace {

QString normalizedSource(const QString &source)
{
    static const QRegularExpression trailing(QStringLiteral("[ \\t\\r]+(?=\\n|$)"));
    QString s = source;
    s.replace(trailing, QString());
    return s.trimmed();
}

QString errorText(const QString &ename, const QString &evalue)
{
    return evalue.isEmpty() ? ename : QStringLiteral("%1: %2").arg(ename, evalue);
}

/// A value check whose name the notebook leaves undefined (a noted error, a typo in the check) has no expected
/// value: broken, named with the errors that may explain it. `payload` is one notebook's; `checks` its checks.
void addBrokenValueChecks(const QList<Check> &checks, const QByteArray &payload, ReferenceOutcome &outcome)
{
    const QSet<QString> names = probedNames(checks); // only what the checks read is decoded
    const Expected<ProbePayload> decoded = decodeProbePayload(payload, QStringLiteral("reference payload"), &names);
    QStringList raised;
    for (const ReferenceOutcome::NotedError &e : std::as_const(outcome.notedErrors))
        raised << QStringLiteral("cells[%1] raised %2").arg(e.cell).arg(errorText(e.ename, e.evalue));
    const QString errorsNote = raised.isEmpty() ? QString() : QStringLiteral(", where ") + raised.join(QLatin1String("; "));
    for (const Check &c : checks) {
        const std::optional<ProbedName> probed = checkKind(c).probed(c);
        if (!probed)
            continue;
        const QString label = probed->label();
        const ProbeValue *value = decoded ? decoded->find(label, probed->variable) : nullptr;
        if (value && value->kind != ProbeValue::Kind::Missing)
            continue;
        const QString where = probed->anchor.isEmpty()
                                  ? QStringLiteral("at the end of the instructor notebook")
                                  : QStringLiteral("after answer cell '%1' of the instructor notebook").arg(probed->anchor);
        outcome.brokenChecks.insert(c.id, decoded && decoded->hasLabel(label)
                                              ? QStringLiteral("`%1` is not defined %2%3").arg(probed->variable, where, errorsNote)
                                              : QStringLiteral("the probe %1 produced no values%2").arg(where, errorsNote));
    }
}

/// With nothing left to grade automatically, the reference run has failed: the error, or none.
std::optional<Error> nothingToGrade(const Assignment &assignment, const ReferenceOutcome &outcome)
{
    const QList<Check> checks = assignment.checks();
    const qsizetype automatic = std::count_if(checks.cbegin(), checks.cend(), [](const Check &c) { return !checkKind(c).gradedByHand(); });
    if (automatic == 0 || outcome.brokenChecks.size() < automatic)
        return std::nullopt;
    QStringList why;
    for (auto it = outcome.brokenChecks.cbegin(); it != outcome.brokenChecks.cend(); ++it)
        why << QStringLiteral("checks '%1': %2").arg(it.key(), it.value());
    return Error{assignment.jsonPath(), QStringLiteral("checks"),
                 QStringLiteral("no check can be graded: %1").arg(why.join(QLatin1String("; ")))};
}

/// A cached reference payload under today's checks (its key is the execution key, so the checks may have changed
/// since it ran): why it cannot serve them (a value check reads a name or probe point it lacks), or empty. Then
/// `outcome` gets today's broken checks: those of checks that inject cells as the run found them (their cells are
/// in the key), the value checks' found again from the payload.
QString reuseCachedOutcome(const Assignment &assignment, const QByteArray &payload, ReferenceOutcome &outcome)
{
    const QStringList notebooks = assignment.isProblemSet() ? assignment.notebooks() : assignment.notebooks().mid(0, 1);
    for (const QString &rel : notebooks) {
        const QByteArray part = notebookPayload(payload, rel);
        const QList<Check> checks = assignment.checksOf(rel);
        const QSet<QString> names = probedNames(checks);
        const Expected<ProbePayload> decoded = decodeProbePayload(part, QStringLiteral("reference payload"), &names);
        if (!decoded)
            return decoded.error().toString();
        const QString missing = missingStoredValue(checks, *decoded, outcome.probeLabels.value(rel));
        if (!missing.isEmpty())
            return missing;
    }
    QMap<QString, QString> kept;
    for (const Check &c : assignment.checks())
        if (!checkKind(c).probed(c) && outcome.brokenChecks.contains(c.id))
            kept.insert(c.id, outcome.brokenChecks.value(c.id));
    outcome.brokenChecks = kept;
    for (const QString &rel : notebooks)
        addBrokenValueChecks(assignment.checksOf(rel), notebookPayload(payload, rel), outcome);
    return {};
}

} // namespace

QString ReferenceOutcome::NotedError::describe() const
{
    return QStringLiteral("cells[%1] raised %2 (%3)")
        .arg(cell)
        .arg(errorText(ename, evalue), tagged ? QStringLiteral("tagged raises-exception: expected")
                                              : QStringLiteral("not an answer or test cell: noted, not a failure"));
}

QStringList ReferenceOutcome::notes() const
{
    QStringList out;
    for (const NotedError &e : notedErrors)
        out << e.describe();
    return out;
}

namespace {

/// The strings of a JSON array (anything else in it as an empty string, as Qt's toString() read it).
QStringList stringList(const nlohmann::json &array)
{
    QStringList out;
    for (const nlohmann::json &v : array)
        out << QString::fromStdString(jsonutil::stringOf(v));
    return out;
}

/// `outcome` as its `<key>.outcome.json` holds it: keys sorted (nlohmann::json), written by jsonutil::qtCompact().
nlohmann::json outcomeJson(const ReferenceOutcome &outcome)
{
    nlohmann::json broken = nlohmann::json::object();
    for (auto it = outcome.brokenChecks.cbegin(); it != outcome.brokenChecks.cend(); ++it)
        broken[it.key().toStdString()] = it.value().toStdString();
    nlohmann::json results = nlohmann::json::object();
    for (auto it = outcome.testResults.cbegin(); it != outcome.testResults.cend(); ++it)
        results[it.key().toStdString()] = it.value().toStdString();
    nlohmann::json noted = nlohmann::json::array();
    for (const ReferenceOutcome::NotedError &e : outcome.notedErrors)
        noted.push_back({{"cell", e.cell}, {"source", e.source.toStdString()}, {"ename", e.ename.toStdString()},
                         {"evalue", e.evalue.toStdString()}, {"tagged", e.tagged}});
    nlohmann::json labels = nlohmann::json::object();
    for (auto it = outcome.probeLabels.cbegin(); it != outcome.probeLabels.cend(); ++it) {
        nlohmann::json list = nlohmann::json::array();
        for (const QString &label : it.value())
            list.push_back(label.toStdString());
        labels[it.key().toStdString()] = std::move(list);
    }
    nlohmann::json modules = nlohmann::json::array();
    for (const QString &m : outcome.missingModules)
        modules.push_back(m.toStdString());
    return {{"broken_checks", std::move(broken)}, {"test_results", std::move(results)}, {"noted_errors", std::move(noted)},
            {"missing_modules", std::move(modules)}, {"probe_labels", std::move(labels)}};
}

/// outcomeJson() read back; tolerant of missing keys and values of other types (an empty outcome).
ReferenceOutcome outcomeFromJson(const nlohmann::json &o)
{
    ReferenceOutcome out;
    const nlohmann::json broken = jsonutil::objectOr(o, "broken_checks");
    for (const auto &[key, value] : broken.items())
        out.brokenChecks.insert(QString::fromStdString(key), QString::fromStdString(jsonutil::stringOf(value)));
    const nlohmann::json results = jsonutil::objectOr(o, "test_results");
    for (const auto &[key, value] : results.items())
        out.testResults.insert(QString::fromStdString(key), QString::fromStdString(jsonutil::stringOf(value)));
    out.missingModules = stringList(jsonutil::arrayOr(o, "missing_modules"));
    const nlohmann::json labels = jsonutil::objectOr(o, "probe_labels");
    for (const auto &[key, value] : labels.items())
        out.probeLabels.insert(QString::fromStdString(key), stringList(value.is_array() ? value : nlohmann::json::array()));
    for (const nlohmann::json &e : jsonutil::arrayOr(o, "noted_errors"))
        out.notedErrors << ReferenceOutcome::NotedError{int(jsonutil::intOr(e, "cell", -1)),
                                                        QString::fromStdString(jsonutil::stringOr(e, "source")),
                                                        QString::fromStdString(jsonutil::stringOr(e, "ename")),
                                                        QString::fromStdString(jsonutil::stringOr(e, "evalue")),
                                                        jsonutil::boolOr(e, "tagged", false)};
    return out;
}

} // namespace

QHash<int, QString> expectedErrors(const ReferenceOutcome &outcome, const Notebook &submission)
{
    QHash<int, QString> out;
    if (outcome.notedErrors.isEmpty())
        return out;
    QHash<QString, QString> bySource;
    for (const ReferenceOutcome::NotedError &e : outcome.notedErrors)
        bySource.insert(normalizedSource(e.source), e.ename);
    for (int i = 0; i < submission.cellCount(); ++i)
        if (submission.cellType(i) == CellType::Code)
            if (auto it = bySource.constFind(normalizedSource(submission.cellSource(i))); it != bySource.cend())
                out.insert(i, *it);
    return out;
}

std::optional<CachedReference> cachedReference(const Assignment &assignment, const QString &cacheDir, const QString &key,
                                               QString *whyNot)
{
    const QString base = QDir(cacheDir).filePath(key);
    QFile cached(base + QLatin1String(".json"));
    if (key.isEmpty() || !cached.open(QIODevice::ReadOnly))
        return std::nullopt;
    CachedReference out;
    out.payload = cached.readAll();
    // An array or an object, as Qt's parser (which refused any other value) required of the payload.
    const Expected<nlohmann::json> payload = jsonutil::parse<nlohmann::json>(out.payload, cached.fileName());
    if (QFile o(base + QLatin1String(".outcome.json")); o.open(QIODevice::ReadOnly))
        if (const Expected<nlohmann::json> j = jsonutil::parse<nlohmann::json>(o.readAll(), o.fileName()); j && j->is_object())
            out.outcome = outcomeFromJson(*j);
    if (QFile t(base + QLatin1String(".timing.json")); t.open(QIODevice::ReadOnly))
        out.timing = ReferenceTiming::fromJsonText(t.readAll());
    QString lacks = payload && payload->is_structured()
                        ? reuseCachedOutcome(assignment, out.payload, out.outcome)
                        : QStringLiteral("not a JSON document");
    // A problem set's times cached before each notebook's were kept hold the first notebook's cells only: the
    // reference runs again (and caches them all) rather than show them as the set's.
    if (lacks.isEmpty() && assignment.isProblemSet() && (!out.timing || out.timing->notebooks.size() != assignment.notebooks().size()))
        lacks = QStringLiteral("the cache holds the times of the set's first notebook only");
    if (!lacks.isEmpty()) {
        if (whyNot)
            *whyNot = lacks;
        return std::nullopt;
    }
    return out;
}

namespace {

QString defaultReferenceCacheDir(const QString &cacheDir)
{
    return cacheDir.isEmpty() ? paths::cacheDir() + QLatin1String("/reference") : cacheDir;
}

/// The file naming an assignment's latest reference run: one per assignment.json path.
QString latestPointerPath(const QString &cacheDir, const Assignment &assignment)
{
    const QByteArray id = QCryptographicHash::hash(QDir::cleanPath(assignment.jsonPath()).toUtf8(), QCryptographicHash::Sha256).toHex();
    return QDir(cacheDir).filePath(QStringLiteral("latest-%1.json").arg(QString::fromLatin1(id.left(32))));
}

} // namespace

QString referenceNotebookPath(const QString &cacheDir, const QString &key, const QString &notebook)
{
    QString name = notebook;
    name.replace(QLatin1Char('/'), QLatin1Char('_'));
    return QDir(cacheDir).filePath(key + QLatin1String(".executed.") + name);
}

std::optional<ReferenceNotebook> latestReferenceNotebook(const Assignment &assignment, const QString &notebook,
                                                         const QString &cacheDir)
{
    const QString dir = defaultReferenceCacheDir(cacheDir);
    QFile f(latestPointerPath(dir, assignment));
    if (!f.open(QIODevice::ReadOnly) || f.size() > 64 * 1024)
        return std::nullopt;
    const Expected<nlohmann::json> latest = jsonutil::parse<nlohmann::json>(f.readAll(), f.fileName());
    if (!latest)
        return std::nullopt;
    const QString key = QString::fromStdString(jsonutil::stringOr(*latest, "key"));
    static const QRegularExpression hex(QStringLiteral("^[0-9a-f]{64}$"));
    if (!hex.match(key).hasMatch())
        return std::nullopt;
    const QFileInfo executed(referenceNotebookPath(dir, key, notebook));
    if (!executed.isFile())
        return std::nullopt;
    ReferenceNotebook out;
    out.path = executed.absoluteFilePath();
    out.ranAt = executed.lastModified();
    out.current = referenceKey(assignment, QString::fromStdString(jsonutil::stringOr(*latest, "environment_key"))) == key;
    return out;
}

ReferenceRun::ReferenceRun(Assignment assignment, ReferenceRunOptions options, QObject *parent)
    : QObject(parent), m_assignment(std::move(assignment)), m_options(std::move(options))
{
    m_options.cacheDir = defaultReferenceCacheDir(m_options.cacheDir);
    m_options.run.listNamespace = true; // the checks editor picks variables from it
}

ReferenceRun::~ReferenceRun() = default;

void ReferenceRun::keepAsLatest() const
{
    const QString path = latestPointerPath(m_options.cacheDir, m_assignment);
    const QByteArray bytes = QByteArray::fromStdString(
        jsonutil::qtCompact(nlohmann::json{{"key", m_key.toStdString()}, {"environment_key", m_environmentKey.toStdString()}}));
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit())
        qCWarning(lcBatch) << "cannot note the latest reference run" << path << f.errorString();
    paths::makePrivateFile(path);
}

QString ReferenceRun::cachePath() const
{
    return QDir(m_options.cacheDir).filePath(m_key + QLatin1String(".json"));
}

QString ReferenceRun::timingPath() const
{
    return QDir(m_options.cacheDir).filePath(m_key + QLatin1String(".timing.json"));
}

QString ReferenceRun::outcomePath() const
{
    return QDir(m_options.cacheDir).filePath(m_key + QLatin1String(".outcome.json"));
}

void ReferenceRun::start()
{
    if (m_assignment.notebooks().isEmpty()) {
        QMetaObject::invokeMethod(
            this, [this]() { fail(Error{m_assignment.jsonPath(), QStringLiteral("notebooks"), QStringLiteral("no instructor notebook")}); },
            Qt::QueuedConnection);
        return;
    }
    // The environment the submissions get, from the backend that runs them (SubmissionRun asks the same backend
    // with the same request and reuses it): its key is the runs' environment key.
    m_provision = createBackend(m_options.run.kind, m_options.run.backendOptions)
                      ->provision(provisionRequestFor(m_assignment, m_options.run), this);
    connect(m_provision, &EnvironmentProvision::progress, this, &ReferenceRun::progress);
    connect(m_provision, &EnvironmentProvision::finished, this, &ReferenceRun::onEnvironment);
    connect(m_provision, &EnvironmentProvision::failed, this, &ReferenceRun::fail);
    m_provision->start();
}

void ReferenceRun::cancel()
{
    if (m_done)
        return;
    if (m_run) {
        m_run->cancel();
        return;
    }
    if (m_provision) {
        m_provision->cancel();
        return;
    }
    fail(Error{m_assignment.jsonPath(), QStringLiteral("reference run"), QStringLiteral("cancelled")});
}

void ReferenceRun::onEnvironment(const Environment &env)
{
    m_environmentKey = env.key;
    m_environment = env;
    m_key = referenceKey(m_assignment, env.key);
    // The reference payloads are the answers: private to the grading user, also those an older version wrote
    // world-readable (a local-unsafe run, or any local account, read them: security report F8).
    if (Expected<void> p = paths::makePrivateFolder(m_options.cacheDir); !p)
        qCWarning(lcBatch) << p.error().toString();
    for (const QFileInfo &fi : QDir(m_options.cacheDir).entryInfoList(QDir::Files | QDir::Hidden))
        paths::makePrivateFile(fi.filePath());
    QString lacks;
    // A cached run that kept no executed notebooks (an older cache entry) runs again: the preview shows them.
    const bool notebooksKept = std::all_of(m_assignment.notebooks().cbegin(), m_assignment.notebooks().cend(), [this](const QString &rel) {
        return QFileInfo(referenceNotebookPath(m_options.cacheDir, m_key, rel)).isFile();
    });
    std::optional<CachedReference> cached = cachedReference(m_assignment, m_options.cacheDir, m_key, &lacks);
    if (cached && notebooksKept) {
        if (const std::optional<Error> nothing = nothingToGrade(m_assignment, cached->outcome)) {
            fail(*nothing);
            return;
        }
        m_cacheHit = true;
        m_done = true;
        m_timing = cached->timing;
        m_outcome = cached->outcome;
        m_missingModules = m_outcome.missingModules;
        keepAsLatest();
        qCDebug(lcBatch) << "reference cache hit" << cachePath();
        Q_EMIT progress(QStringLiteral("reference values from the cache (%1)").arg(cachePath()));
        Q_EMIT finished(cached->payload, m_key);
        return;
    }
    if (!lacks.isEmpty()) {
        qCInfo(lcBatch) << "the cached reference values cannot serve today's checks:" << lacks << "- running again";
        Q_EMIT progress(QStringLiteral("the cached reference values cannot serve (%1): running the instructor notebook again").arg(lacks));
    }
    SubmissionRunOptions run = m_options.run;
    run.environment = env; // resolved just now: the run does not ask the backend again
    if (m_assignment.isProblemSet()) {
        QList<NotebookToRun> notebooks;
        for (const QString &rel : m_assignment.notebooks())
            notebooks << NotebookToRun{rel, m_assignment.absolute(rel)};
        Q_EMIT progress(QStringLiteral("running the instructor notebooks %1").arg(m_assignment.notebooks().join(QLatin1String(", "))));
        QList<SuppliedFile> files; // the instructor notebooks at their places in the assignment folder
        for (const QString &rel : m_assignment.notebooks())
            files << SuppliedFile{m_assignment.absolute(rel), rel};
        m_run = new SubmissionRun(m_assignment, notebooks, files, run, this);
    } else {
        const QString notebook = m_assignment.absolute(m_assignment.notebooks().first());
        Q_EMIT progress(QStringLiteral("running the instructor notebook %1").arg(notebook));
        m_run = new SubmissionRun(m_assignment, notebook, run, this);
    }
    connect(m_run, &SubmissionRun::progress, this, &ReferenceRun::progress);
    connect(m_run, &SubmissionRun::finished, this, &ReferenceRun::onRunFinished);
    connect(m_run, &SubmissionRun::failed, this, &ReferenceRun::fail);
    m_runClock.start();
    m_run->start();
}

bool ReferenceRun::analyse(const QString &rel, const NotebookRunResult &result, ReferenceOutcome &outcome,
                           QByteArray &payload)
{
    const QString notebook = m_assignment.displayPath(rel);
    if (!result.notRun.isEmpty()) {
        fail(Error{notebook, QStringLiteral("reference run"), QStringLiteral("the instructor notebook %1").arg(result.notRun)});
        return false;
    }
    const QString status = result.run.status();
    if (status != QLatin1String("completed") && status != QLatin1String("errors")) {
        fail(Error{notebook, QStringLiteral("reference run"),
                   QStringLiteral("the instructor notebook did not run to the end (%1); see %2")
                       .arg(status.isEmpty() ? QStringLiteral("no execution record") : status, result.artifacts)});
        return false;
    }
    const QList<Check> checks = m_assignment.checksOf(rel);
    // Which cells are answers: an error there makes the expected values wrong. Without the notebook (it changed
    // on disk meanwhile) every cell counts as one.
    const Expected<Notebook> source = Notebook::load(m_assignment.absolute(rel));
    auto isAnswer = [&](int i) {
        if (!source || i < 0 || i >= source->cellCount())
            return true;
        if (isSolutionCell(*source, i))
            return true;
        return std::any_of(checks.cbegin(), checks.cend(), [&](const Check &c) {
            const QString answer = checkKind(c).answerCell(c);
            return !answer.isEmpty() && source->findAnchor(answer) == i;
        });
    };
    for (const CellRecord &c : result.run.record.cells()) {
        if (!c.index) {
            // A check the solution itself fails (a test with a typo, a wrong expected value, a module the
            // environment lacks) would cost every student its points: that check is broken, not graded for anyone.
            const QString &checkId = c.check;
            const auto check = std::find_if(checks.cbegin(), checks.cend(), [&](const Check &k) { return k.id == checkId; });
            if (c.testResult == QLatin1String("pass") && !c.resultText.isEmpty())
                outcome.testResults.insert(checkId, c.resultText);
            const auto failure = check != checks.cend() ? checkKind(*check).failsOnReference(*check, c) : std::nullopt;
            if (failure) {
                const QString why = failure->why.isEmpty() ? errorText(failure->ename, failure->evalue) : failure->why;
                const QString module = missingModuleName(failure->ename, failure->evalue);
                if (!module.isEmpty() && !m_missingModules.contains(module))
                    m_missingModules << module;
                const QString kind = checkKind(*check).name();
                outcome.brokenChecks.insert(checkId, module.isEmpty()
                                                         ? QStringLiteral("the %1 check fails on the instructor notebook (%2); "
                                                                          "fix the %1 or the solution")
                                                               .arg(kind, why)
                                                         : QStringLiteral("the %1 check fails on the instructor notebook (%2): %3")
                                                               .arg(kind, why, missingModuleFix(module)));
            }
            continue;
        }
        const QString &st = c.status;
        if (st == QLatin1String("ok") || st == QLatin1String("not-run"))
            continue;
        const int index = *c.index;
        const QString ename = c.error ? c.error->ename : QString(), evalue = c.error ? c.error->evalue : QString();
        const bool tagged = c.raisesException;
        QString what = !c.error ? st : QStringLiteral("raised %1").arg(errorText(ename, evalue));
        // The environment's problems fail the run wherever they surface (unless the cell says it raises): every
        // submission would hit them too.
        const QString module = missingModuleName(ename, evalue);
        const std::optional<QString> dataset = missingDatasetMessage(ename, evalue);
        if (st == QLatin1String("error") && !tagged && !module.isEmpty()) {
            what += QStringLiteral("; ") + missingModuleFix(module);
            if (!m_missingModules.contains(module))
                m_missingModules << module;
        }
        else if (st == QLatin1String("error") && !tagged && dataset)
            what += QStringLiteral("; ") + *dataset;
        else if (st == QLatin1String("error") && (tagged || !isAnswer(index))) {
            // A teaching example that raises on purpose (nbgrader runs notebooks with errors allowed): a note.
            outcome.notedErrors << ReferenceOutcome::NotedError{index, source ? source->cellSource(index) : QString(),
                                                                ename, evalue, tagged};
            continue;
        }
        fail(Error{notebook, QStringLiteral("cells[%1]").arg(index),
                   QStringLiteral("the instructor notebook failed in the reference run: %1").arg(what)});
        return false;
    }
    // An assignment with test and manual checks only (an nbgrader import) probes nothing: "null" is its payload.
    payload = result.run.payloadJson.isEmpty() ? QByteArray("null") : result.run.payloadJson;
    outcome.probeLabels.insert(rel, recordProbeLabels(result.run.record));
    addBrokenValueChecks(checks, payload, outcome);
    return true;
}

void ReferenceRun::onRunFinished(const SubmissionRunResult &result)
{
    const QList<Check> checks = m_assignment.checks();
    ReferenceOutcome outcome;
    QByteArray payload;
    if (!m_assignment.isProblemSet()) {
        if (!analyse(m_assignment.notebooks().first(), result.notebooks.value(0), outcome, payload))
            return;
    } else {
        // Each notebook's payload under its name: grading takes its notebook's (notebookPayload()).
        // Composed as text: each payload stays byte for byte as its run wrote it.
        payload = QByteArrayLiteral("{\"sandmark_problem_set\":{");
        for (qsizetype i = 0; i < result.notebooks.size(); ++i) {
            const NotebookRunResult &n = result.notebooks.at(i);
            QByteArray one;
            if (!analyse(n.notebook, n, outcome, one))
                return;
            payload += (i > 0 ? "," : "") + QByteArray::fromStdString(nlohmann::json(n.notebook.toStdString()).dump()) + ':' + one;
        }
        payload += "}}";
    }
    // With nothing left to grade automatically, the reference run has failed.
    if (const std::optional<Error> nothing = nothingToGrade(m_assignment, outcome)) {
        fail(*nothing);
        return;
    }
    outcome.missingModules = m_missingModules;
    m_outcome = outcome;
    for (auto it = outcome.brokenChecks.cbegin(); it != outcome.brokenChecks.cend(); ++it)
        qCWarning(lcBatch) << "broken check" << it.key() << it.value();
    if (result.notebooks.size() > 1) { // a problem set: every notebook's cells and time
        m_timing = ReferenceTiming{};
        for (const NotebookRunResult &n : result.notebooks)
            m_timing->addNotebook(n.notebook, n.run.record, n.run.durationS);
    } else {
        m_timing = ReferenceTiming::fromRecord(result.run.record);
        if (m_timing->durationS <= 0)
            m_timing->durationS = result.run.durationS;
    }
    // What a submission's run costs (the batch's estimate): the whole run with its sandboxes and kernels, of which
    // the record's times (cells and checks) are only a part.
    m_timing->runS = double(m_runClock.elapsed()) / 1000.0;
    for (const NotebookRunResult &n : result.notebooks)
        m_timing->addKernelStart(n.run.profile);
    if (Expected<void> p = paths::makePrivateFolder(m_options.cacheDir); !p) {
        fail(p.error());
        return;
    }
    // The executed instructor notebooks (the preview's Instructor view shows their outputs), the timing and outcome
    // first: a payload without them is still a valid (older-style) cache entry.
    for (qsizetype i = 0; i < result.notebooks.size(); ++i) {
        const NotebookRunResult &n = result.notebooks.at(i);
        if (n.run.notebookJson.isEmpty())
            continue;
        // A single notebook's run does not name it; a problem set's each does.
        const QString rel = n.notebook.isEmpty() ? m_assignment.notebooks().value(i) : n.notebook;
        const QString path = referenceNotebookPath(m_options.cacheDir, m_key, rel);
        QSaveFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(n.run.notebookJson) != n.run.notebookJson.size() || !f.commit())
            qCWarning(lcBatch) << "cannot keep the reference run's notebook" << path << f.errorString();
        paths::makePrivateFile(path);
    }
    const QByteArray timing = m_timing->toJsonText();
    const QByteArray outcomeBytes = QByteArray::fromStdString(jsonutil::qtCompact(outcomeJson(m_outcome)));
    for (const auto &[path, bytes] : {std::pair{timingPath(), timing}, std::pair{outcomePath(), outcomeBytes},
                                      std::pair{cachePath(), payload}}) {
        QSaveFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit())
            qCWarning(lcBatch) << "cannot write the reference cache" << path << f.errorString();
        paths::makePrivateFile(path);
    }
    keepAsLatest();
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

HealthInputs::Reference referenceHealth(const ReferenceRun &run, const std::optional<Error> &failure)
{
    HealthInputs::Reference r;
    r.missingModules = run.missingModules();
    if (failure) {
        r.message = failure->toString();
        return r;
    }
    const ReferenceOutcome outcome = run.outcome();
    r.ok = true;
    r.cached = run.cacheHit();
    r.timing = run.timing();
    r.brokenChecks = outcome.brokenChecks;
    r.notes = outcome.notes();
    r.untaggedNotes = int(std::count_if(outcome.notedErrors.cbegin(), outcome.notedErrors.cend(),
                                        [](const ReferenceOutcome::NotedError &e) { return !e.tagged; }));
    return r;
}

} // namespace sandmark
