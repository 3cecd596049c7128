#include "util/profile.h"

#include "util/json_p.h"

#include <QFile>
#include <QMutex>

#include <chrono>

namespace sandmark::profile {

namespace {

struct Sink
{
    QMutex mutex;
    QFile file{qEnvironmentVariable("SANDMARK_PROFILE")};
    bool open = !file.fileName().isEmpty() && file.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Unbuffered);
};

Sink &sink()
{
    static Sink s;
    return s;
}

} // namespace

bool enabled()
{
    return sink().open;
}

double now()
{
    using namespace std::chrono;
    return double(duration_cast<microseconds>(system_clock::now().time_since_epoch()).count()) / 1e6;
}

void span(const QString &run, const QString &stage, double start, double end)
{
    Sink &s = sink();
    if (!s.open)
        return;
    const nlohmann::json line{{"run", run.toStdString()}, {"stage", stage.toStdString()}, {"start", start}, {"end", end}};
    const QByteArray text = QByteArray::fromStdString(jsonutil::qtCompact(line) + '\n');
    QMutexLocker lock(&s.mutex);
    s.file.write(text);
}

void runnerSpans(const QString &run, const QList<RunnerStage> &stages)
{
    if (!enabled())
        return;
    for (const RunnerStage &t : stages)
        span(run, QStringLiteral("runner:") + t.stage, t.start, t.end);
}

Scope::Scope(QString run, QString stage) : m_run(std::move(run)), m_stage(std::move(stage))
{
    if (enabled())
        m_start = now();
}

Scope::~Scope()
{
    if (enabled())
        span(m_run, m_stage, m_start);
}

} // namespace sandmark::profile
