#pragma once
// Secrets (the Hugging Face token, later LMS tokens) live in the OS keychain, never in a file or a log.

#include "util/expected.h"

#include <QObject>
#include <QString>

#include <functional>

namespace sandmark {

/// A narrow, asynchronous secret store. Calls return at once; the callback runs later in the calling
/// thread's event loop (no nested event loop), exactly once, unless `context` is destroyed first.
/// Secret values are never logged.
class SecretStore
{
public:
    using ReadCallback = std::function<void(const Expected<QString> &value)>; ///< empty string: not stored
    using DoneCallback = std::function<void(const Expected<void> &result)>;

    virtual ~SecretStore() = default;
    virtual void read(const QString &key, QObject *context, ReadCallback cb) = 0;
    virtual void write(const QString &key, const QString &value, QObject *context, DoneCallback cb) = 0;
    /// Removing a key that is not stored succeeds.
    virtual void remove(const QString &key, QObject *context, DoneCallback cb) = 0;
};

/// The OS keychain through QtKeychain (Secret Service on Linux, Keychain on macOS), service "Sandmark".
/// No plaintext fallback: where no keychain is available, every call fails with a message that says so
/// and suggests the environment variable (HF_TOKEN for the Hub token).
class KeychainSecretStore : public SecretStore
{
public:
    explicit KeychainSecretStore(QString service = QStringLiteral("Sandmark"));
    void read(const QString &key, QObject *context, ReadCallback cb) override;
    void write(const QString &key, const QString &value, QObject *context, DoneCallback cb) override;
    void remove(const QString &key, QObject *context, DoneCallback cb) override;

private:
    QString m_service;
};

/// The keychain key of the Hugging Face Hub token.
inline QString hubTokenKey()
{
    return QStringLiteral("huggingface-token");
}

/// The Hub token: HF_TOKEN from the environment when set (it overrides the keychain), else the keychain's
/// entry; an empty string when neither has one. A keychain error is passed on only when HF_TOKEN is unset.
void readHubToken(SecretStore &store, QObject *context, SecretStore::ReadCallback cb);

/// The user-facing text for "no keychain": names the problem and the HF_TOKEN alternative.
QString noKeychainMessage(const QString &detail);

} // namespace sandmark
