// The registry: one line per backend.
#include "sandbox/registry.h"

#include "sandbox/backends_p.h"

namespace sandmark {

namespace {

struct Registration
{
    SandboxKind kind;
    std::unique_ptr<SandboxBackend> (*create)(const BackendOptions &options);
};

template<typename Backend>
std::unique_ptr<SandboxBackend> make(const BackendOptions &options)
{
    return std::make_unique<Backend>(options);
}

// The registered backends, in the order lists show them. A new backend: its files and one line here.
const Registration kBackends[] = {
    {SandboxKind::Bwrap, &make<detail::BwrapBackend>},
    {SandboxKind::Docker, &make<detail::DockerBackend>},
    {SandboxKind::Podman, &make<detail::PodmanBackend>},
    {SandboxKind::LocalUnsafe, &make<detail::LocalUnsafeBackend>},
};

} // namespace

QList<SandboxKind> sandboxKinds()
{
    QList<SandboxKind> out;
    for (const Registration &r : kBackends)
        out << r.kind;
    return out;
}

std::unique_ptr<SandboxBackend> createBackend(SandboxKind kind, const BackendOptions &options)
{
    for (const Registration &r : kBackends) {
        if (r.kind == kind)
            return r.create(options);
    }
    return nullptr;
}

std::unique_ptr<SandboxBackend> createBackend(SandboxKind kind)
{
    return createBackend(kind, BackendOptions{});
}

QString sandboxKindName(SandboxKind kind)
{
    const auto backend = createBackend(kind);
    return backend ? backend->name() : QString();
}

std::optional<SandboxKind> parseSandboxKind(const QString &name)
{
    for (const Registration &r : kBackends) {
        if (r.create({})->name() == name)
            return r.kind;
    }
    return std::nullopt;
}

Expected<SandboxKind> parseSandboxName(const QString &name)
{
    if (const auto k = parseSandboxKind(name))
        return *k;
    return Error{QString(), QStringLiteral("--sandbox"),
                 QStringLiteral("unknown sandbox backend '%1' (use %2)").arg(name, sandboxNameList(QStringLiteral(" or ")))};
}

QString sandboxNameList(const QString &lastSeparator)
{
    QString out;
    const qsizetype n = std::size(kBackends);
    for (qsizetype i = 0; i < n; ++i) {
        if (i > 0)
            out += i == n - 1 ? lastSeparator : QStringLiteral(", ");
        out += kBackends[i].create({})->name();
    }
    return out;
}

bool sandboxNameIsUnsafe(const QString &name)
{
    const auto kind = parseSandboxKind(name);
    return kind && !createBackend(*kind)->isolates();
}

SandboxKind defaultSandboxKind()
{
#ifdef Q_OS_MACOS
    return SandboxKind::Docker; // bubblewrap needs Linux namespaces; Docker Desktop runs a Linux VM
#else
    return SandboxKind::Bwrap;
#endif
}

} // namespace sandmark
