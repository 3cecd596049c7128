#pragma once
// The key naming a sandbox backend. Everything else about a backend (its name as `--sandbox` and
// assignment.json spell it, what it does, how it runs) is the backend's own: sandbox/backend.h, and the
// registry of backends: sandbox/registry.h.

namespace sandmark {

/// One value per registered backend (sandbox/registry.cpp). Code outside the registry and the backends
/// never branches on it: it asks the backend (createBackend()) instead.
enum class SandboxKind { Bwrap, Docker, Podman, LocalUnsafe };

} // namespace sandmark
