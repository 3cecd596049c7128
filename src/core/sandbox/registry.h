#pragma once
// The registry of sandbox backends: the one list of what `--sandbox`, assignment.json's `sandbox`, the app's
// preferences and the self-test can name. A new backend is its files plus one line in registry.cpp.

#include "sandbox/sandboxkind.h"
#include "util/expected.h"

#include <QList>
#include <QString>

#include <memory>
#include <optional>

namespace sandmark {

class SandboxBackend;
struct BackendOptions;

/// Every registered backend's key, in registration order (the order help texts and lists show). Pure.
QList<SandboxKind> sandboxKinds();

/// The backend for `kind`, configured by `options`. Never null for a registered kind. Any thread.
std::unique_ptr<SandboxBackend> createBackend(SandboxKind kind, const BackendOptions &options);
std::unique_ptr<SandboxBackend> createBackend(SandboxKind kind);

/// The backend's name as the CLI, assignment.json and the preferences spell it ("bwrap"). Pure.
QString sandboxKindName(SandboxKind kind);

/// The backend named `name` ("bwrap", "docker", "local-unsafe"); empty when no backend has that name. Pure.
std::optional<SandboxKind> parseSandboxKind(const QString &name);

/// parseSandboxKind() with an Error (place "--sandbox") naming the valid names otherwise.
Expected<SandboxKind> parseSandboxName(const QString &name);

/// The registered names in order, joined by ", " — the last one by `lastSeparator` ("bwrap, docker, local-unsafe";
/// with " or ": "bwrap, docker or local-unsafe"). For help texts and errors. Pure.
QString sandboxNameList(const QString &lastSeparator = QStringLiteral(", "));

/// Whether `name` names a backend that runs student code without isolation (local-unsafe); false for the others
/// and for a name no backend has. Pure.
bool sandboxNameIsUnsafe(const QString &name);

/// The backend used when neither the command line, the preferences nor assignment.json name one:
/// `docker` on macOS (bubblewrap is Linux-only), `bwrap` elsewhere. Fail closed: never one that does not
/// isolate.
SandboxKind defaultSandboxKind();

} // namespace sandmark
