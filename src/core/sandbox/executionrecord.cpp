#include "sandbox/executionrecord.h"

#include "sandbox/executionrecord_p.h"
#include "util/json_p.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sandmark {

using json = nlohmann::json;

struct ExecutionRecord::Data
{
    json doc = json::object(); ///< always an object
};

namespace {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

/// The member `key` of object `j`, or nullptr (never throws).
const json *member(const json &j, const char *key)
{
    if (!j.is_object())
        return nullptr;
    const auto it = j.find(key);
    return it != j.end() ? &*it : nullptr;
}

/// QJsonValue::toString(): the string, else empty.
QString stringAt(const json &j, const char *key)
{
    return qs(jsonutil::stringOr(j, key));
}

std::optional<QString> optionalString(const json &j, const char *key)
{
    const json *v = member(j, key);
    return v && v->is_string() ? std::optional<QString>(qs(v->get<std::string>())) : std::nullopt;
}

/// QJsonValue::toBool(fallback): the boolean, else `fallback`.
bool boolAt(const json &j, const char *key, bool fallback = false)
{
    return jsonutil::boolOr(j, key, fallback);
}

std::optional<double> optionalDouble(const json &j, const char *key)
{
    const json *v = member(j, key);
    return v && v->is_number() ? std::optional<double>(v->get<double>()) : std::nullopt;
}

/// QJsonValue::toDouble(fallback).
double doubleAt(const json &j, const char *key, double fallback = 0)
{
    return optionalDouble(j, key).value_or(fallback);
}

/// The integer a number holds when it is integral and fits an int (QJsonValue::toInt()'s rule), else nullopt.
std::optional<int> optionalInt(const json &j, const char *key)
{
    const std::optional<double> d = optionalDouble(j, key);
    if (!d || std::trunc(*d) != *d || *d < double(std::numeric_limits<int>::min()) || *d > double(std::numeric_limits<int>::max()))
        return std::nullopt;
    return int(*d);
}

/// QJsonValue::toInteger(fallback): an integral number in the range of qint64, else `fallback`.
qint64 integerAt(const json &j, const char *key, qint64 fallback = 0)
{
    const json *v = member(j, key);
    if (!v || !v->is_number())
        return fallback;
    if (v->is_number_integer() && !v->is_number_unsigned())
        return v->get<qint64>();
    const double d = v->get<double>();
    return std::trunc(d) == d && d >= -9223372036854775808.0 && d < 9223372036854775808.0 ? qint64(d) : fallback;
}

/// The strings of the array at `key` (another element reads as an empty string, as QJsonValue::toString()).
QStringList stringsAt(const json &j, const char *key)
{
    QStringList out;
    const json *v = member(j, key);
    if (!v || !v->is_array())
        return out;
    for (const json &e : *v)
        out << (e.is_string() ? qs(e.get<std::string>()) : QString());
    return out;
}

std::optional<CellError> errorAt(const json &j, const char *key)
{
    const json *v = member(j, key);
    if (!v || !v->is_object())
        return std::nullopt;
    return CellError{stringAt(*v, "ename"), stringAt(*v, "evalue")};
}

json stringArray(const QStringList &list)
{
    json a = json::array();
    for (const QString &s : list)
        a.push_back(s.toStdString());
    return a;
}

/// The array at `key` of `doc`, made one when missing or of another type.
json &arrayAt(json &doc, const char *key)
{
    json &v = doc[key];
    if (!v.is_array())
        v = json::array();
    return v;
}

} // namespace

ExecutionRecord ExecutionRecordAccess::fromObject(json object)
{
    ExecutionRecord r;
    if (object.is_object())
        r.d->doc = std::move(object);
    return r;
}

const json &ExecutionRecordAccess::document(const ExecutionRecord &record)
{
    return record.d->doc;
}

ExecutionRecord::ExecutionRecord() : d(std::make_unique<Data>()) {}
ExecutionRecord::~ExecutionRecord() = default;
ExecutionRecord::ExecutionRecord(const ExecutionRecord &other) : d(std::make_unique<Data>(*other.d)) {}
ExecutionRecord::ExecutionRecord(ExecutionRecord &&other) noexcept : d(std::make_unique<Data>())
{
    std::swap(d, other.d);
}

ExecutionRecord &ExecutionRecord::operator=(const ExecutionRecord &other)
{
    if (this != &other)
        *d = *other.d;
    return *this;
}

ExecutionRecord &ExecutionRecord::operator=(ExecutionRecord &&other) noexcept
{
    std::swap(d, other.d);
    return *this;
}

Expected<ExecutionRecord> ExecutionRecord::fromJson(const QByteArray &text, const QString &file)
{
    Expected<nlohmann::json> doc = jsonutil::parse<nlohmann::json>(text, file);
    if (!doc)
        return doc.error();
    if (!doc->is_object())
        return Error{file, {}, QStringLiteral("the execution record is not a JSON object")};
    return ExecutionRecordAccess::fromObject(std::move(*doc));
}

ExecutionRecord ExecutionRecord::withoutAnswer(const QString &status, const QString &reason, bool killed, double durationS)
{
    ExecutionRecord r;
    r.d->doc = json{
        {"status", status.toStdString()},
        {"duration_s", jsonutil::number(durationS)},
        {"cells", json::array()},
        {"kernel", json{{"died", true}, {"killed", killed}, {"cell", nullptr}, {"exit_status", nullptr}, {"reason", reason.toStdString()}}},
        {"messages", json::array({reason.toStdString()})},
    };
    return r;
}

QByteArray ExecutionRecord::toJsonText(Format format) const
{
    return QByteArray::fromStdString(format == Format::Indented ? jsonutil::qtIndented(d->doc) : jsonutil::qtCompact(d->doc));
}

bool ExecutionRecord::isEmpty() const
{
    return d->doc.empty();
}

bool ExecutionRecord::operator==(const ExecutionRecord &other) const
{
    return d->doc == other.d->doc;
}

QString ExecutionRecord::status() const
{
    return stringAt(d->doc, "status");
}

double ExecutionRecord::durationS() const
{
    return doubleAt(d->doc, "duration_s");
}

bool ExecutionRecord::unsafe() const
{
    return boolAt(d->doc, "unsafe");
}

QString ExecutionRecord::sandbox() const
{
    return stringAt(d->doc, "sandbox");
}

QStringList ExecutionRecord::limitsHit() const
{
    return stringsAt(d->doc, "limits_hit");
}

KernelRecord ExecutionRecord::kernel() const
{
    KernelRecord k;
    const json *o = member(d->doc, "kernel");
    if (!o || !o->is_object())
        return k;
    k.died = boolAt(*o, "died");
    k.killed = boolAt(*o, "killed");
    k.cell = optionalInt(*o, "cell");
    k.reason = optionalString(*o, "reason");
    return k;
}

QStringList ExecutionRecord::messages() const
{
    return stringsAt(d->doc, "messages");
}

QStringList ExecutionRecord::warnings() const
{
    return stringsAt(d->doc, "warnings");
}

QStringList ExecutionRecord::interference() const
{
    return stringsAt(d->doc, "interference");
}

std::optional<TransformersChange> ExecutionRecord::transformersChanged() const
{
    const json *o = member(d->doc, "transformers_changed");
    if (!o || !o->is_object() || o->empty())
        return std::nullopt;
    TransformersChange t;
    t.where = optionalString(*o, "where");
    const json *lists = member(*o, "lists");
    if (!lists || !lists->is_object())
        return t;
    if (const json *u = member(*lists, "unreadable"); u && *u != json(false)) {
        t.unreadable = true;
        if (u->is_string())
            t.unreadableWhy = qs(u->get<std::string>());
    }
    for (auto it = lists->begin(); it != lists->end(); ++it)
        t.lists.append({qs(it.key()), stringsAt(*it, "added"), stringsAt(*it, "removed")});
    return t;
}

std::optional<WallClockRecord> ExecutionRecord::wallClock() const
{
    const json *o = member(d->doc, "wall_clock");
    if (!o || !o->is_object())
        return std::nullopt;
    WallClockRecord w;
    w.timeoutS = optionalDouble(*o, "timeout_s");
    w.cell = optionalInt(*o, "cell");
    w.where = stringAt(*o, "where");
    w.during = boolAt(*o, "during", true);
    w.stoppedS = optionalDouble(*o, "stopped_s");
    return w;
}

QList<CellRecord> ExecutionRecord::cells() const
{
    QList<CellRecord> out;
    const json *cells = member(d->doc, "cells");
    if (!cells || !cells->is_array())
        return out;
    static const json empty = json::object();
    for (const json &element : *cells) {
        const json &c = element.is_object() ? element : empty;
        CellRecord r;
        r.index = optionalInt(c, "index");
        r.notebook = stringAt(c, "notebook");
        r.injected = stringAt(c, "injected");
        r.label = stringAt(c, "label");
        r.check = stringAt(c, "check");
        r.cellType = stringAt(c, "cell_type");
        r.status = stringAt(c, "status");
        if (member(c, "duration_s"))
            r.durationS = doubleAt(c, "duration_s");
        r.fallback = boolAt(c, "fallback");
        r.raisesException = boolAt(c, "raises_exception");
        r.truncated = boolAt(c, "truncated");
        r.resultText = stringAt(c, "result_text");
        const std::optional<QString> testResult = optionalString(c, "test_result");
        r.testResult = testResult.value_or(QString());
        r.hasTestResult = testResult.has_value();
        r.error = errorAt(c, "error");
        r.errorText = stringAt(c, "error");
        r.testError = errorAt(c, "test_error");
        out << r;
    }
    return out;
}

std::optional<CgroupStats> ExecutionRecord::cgroup() const
{
    const json *o = member(d->doc, "cgroup");
    if (!o || !o->is_object())
        return std::nullopt;
    CgroupStats s;
    s.version = stringAt(*o, "version");
    s.memoryMax = integerAt(*o, "memory_max", -1);
    s.memoryPeak = integerAt(*o, "memory_peak", -1);
    s.oomKills = integerAt(*o, "oom_kills", -1);
    s.memoryFailures = integerAt(*o, "memory_failures", -1);
    s.pidsMax = integerAt(*o, "pids_max", -1);
    s.pidsRefused = integerAt(*o, "pids_refused", -1);
    s.cpus = doubleAt(*o, "cpus", -1);
    s.cpuThrottled = integerAt(*o, "cpu_throttled", -1);
    s.cpuUsageS = doubleAt(*o, "cpu_usage_s", -1);
    return s;
}

QString ExecutionRecord::cgroupMode() const
{
    const json *o = member(d->doc, "cgroup");
    return o ? stringAt(*o, "mode") : QString();
}

QList<ProbeCheckRecord> ExecutionRecord::probeChecks() const
{
    QList<ProbeCheckRecord> out;
    const json *checks = member(d->doc, "checks");
    if (!checks || !checks->is_array())
        return out;
    for (const json &c : *checks)
        out.append({stringAt(c, "name"), boolAt(c, "ok"), stringAt(c, "detail")});
    return out;
}

std::optional<LimitsProbeRecord> ExecutionRecord::limitsProbe() const
{
    const json *o = member(d->doc, "probe");
    if (!o || !o->is_object() || o->empty())
        return std::nullopt;
    static const json empty = json::object();
    const auto object = [o](const char *key) -> const json & {
        const json *v = member(*o, key);
        return v && v->is_object() ? *v : empty;
    };
    LimitsProbeRecord p;
    p.memoryWritten = integerAt(object("memory"), "written");
    p.memorySignal = optionalInt(object("memory"), "signal").value_or(0);
    p.memoryErrno = optionalInt(object("memory"), "errno").value_or(0);
    p.pidsForked = optionalInt(object("pids"), "forked").value_or(0);
    p.pidsErrno = optionalInt(object("pids"), "errno").value_or(0);
    p.cpuWallS = doubleAt(object("cpu"), "wall_s");
    p.cpuS = doubleAt(object("cpu"), "cpu_s");
    return p;
}

void ExecutionRecord::setStatus(const QString &status)
{
    d->doc["status"] = status.toStdString();
}

void ExecutionRecord::setUnsafe(bool unsafe)
{
    d->doc["unsafe"] = unsafe;
}

void ExecutionRecord::setSandbox(const QString &backend)
{
    d->doc["sandbox"] = backend.toStdString();
}

void ExecutionRecord::setCgroup(const std::optional<CgroupStats> &stats, const QString &mode, const QString &note)
{
    json o = json::object();
    if (stats) {
        // Every counter a number (written as Qt wrote the doubles), left out when negative (unknown); a limit of "max" too.
        const auto put = [&o](const char *key, double v) {
            if (v >= 0)
                o[key] = jsonutil::number(v);
        };
        o["version"] = stats->version.toStdString();
        put("memory_max", stats->memoryMax == std::numeric_limits<qint64>::max() ? -1 : double(stats->memoryMax));
        put("memory_peak", double(stats->memoryPeak));
        put("oom_kills", double(stats->oomKills));
        put("memory_failures", double(stats->memoryFailures));
        put("pids_max", stats->pidsMax == std::numeric_limits<qint64>::max() ? -1 : double(stats->pidsMax));
        put("pids_refused", double(stats->pidsRefused));
        put("cpus", stats->cpus);
        put("cpu_throttled", double(stats->cpuThrottled));
        put("cpu_usage_s", stats->cpuUsageS);
    }
    o["mode"] = mode.toStdString();
    if (!note.isEmpty())
        o["note"] = note.toStdString();
    d->doc["cgroup"] = std::move(o);
}

void ExecutionRecord::addLimitHit(const QString &limit)
{
    json &hit = arrayAt(d->doc, "limits_hit");
    const json value = limit.toStdString();
    if (std::find(hit.begin(), hit.end(), value) == hit.end())
        hit.push_back(value);
}

void ExecutionRecord::setKernelReason(const QString &reason)
{
    json &kernel = d->doc["kernel"];
    if (!kernel.is_object())
        kernel = json::object();
    kernel["reason"] = reason.toStdString();
}

void ExecutionRecord::appendMessage(const QString &message, bool unique)
{
    json &messages = arrayAt(d->doc, "messages");
    const json value = message.toStdString();
    if (!unique || std::find(messages.begin(), messages.end(), value) == messages.end())
        messages.push_back(value);
}

void ExecutionRecord::prependMessage(const QString &message)
{
    json &messages = arrayAt(d->doc, "messages");
    messages.insert(messages.begin(), message.toStdString());
}

void ExecutionRecord::setInterference(const QStringList &texts)
{
    d->doc["interference"] = stringArray(texts);
}

void ExecutionRecord::setWallClockKilled(double timeoutS)
{
    d->doc["wall_clock"] = json{{"timeout_s", jsonutil::number(timeoutS)}, {"cell", nullptr}, {"where", ""}, {"during", true}};
}

void ExecutionRecord::setShadowedDataFiles(const QStringList &files)
{
    d->doc["workdir"] = json{{"shadowed_data_files", stringArray(files)}};
}

} // namespace sandmark
