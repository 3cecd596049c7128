#include "secrets/secretstore.h"

#include <qt6keychain/keychain.h>

#include <QLoggingCategory>
#include <QPointer>

Q_LOGGING_CATEGORY(lcSecrets, "sandmark.secrets")

namespace sandmark {

namespace {

Error jobError(const QKeychain::Job *job, const QString &key)
{
    const QString detail = job->errorString();
    switch (job->error()) {
    case QKeychain::NoBackendAvailable:
    case QKeychain::NotImplemented:
        return Error{{}, key, noKeychainMessage(detail)};
    case QKeychain::OtherError:
        // libsecret/QtDBus without a reachable Secret Service (no session bus, no gnome-keyring or KWallet)
        // reports OtherError with varying texts ("Could not connect", "Cannot autolaunch D-Bus", …).
        return Error{{}, key, noKeychainMessage(detail)};
    case QKeychain::AccessDenied:
    case QKeychain::AccessDeniedByUser:
        return Error{{}, key, QStringLiteral("the keychain denied access: %1").arg(detail)};
    default:
        return Error{{}, key, QStringLiteral("keychain error: %1").arg(detail)};
    }
}

} // namespace

QString noKeychainMessage(const QString &detail)
{
    return QStringLiteral("no OS keychain is available (%1); Sandmark never stores tokens in plain files: "
                          "start a Secret Service (gnome-keyring, KWallet) or set HF_TOKEN in the environment")
        .arg(detail.isEmpty() ? QStringLiteral("no backend") : detail);
}

KeychainSecretStore::KeychainSecretStore(QString service) : m_service(std::move(service)) {}

void KeychainSecretStore::read(const QString &key, QObject *context, ReadCallback cb)
{
    auto *job = new QKeychain::ReadPasswordJob(m_service);
    job->setAutoDelete(true);
    job->setInsecureFallback(false);
    job->setKey(key);
    QObject::connect(job, &QKeychain::Job::finished, context, [cb, key](QKeychain::Job *j) {
        if (j->error() == QKeychain::EntryNotFound) {
            cb(QString());
            return;
        }
        if (j->error() != QKeychain::NoError) {
            cb(jobError(j, key));
            return;
        }
        cb(static_cast<QKeychain::ReadPasswordJob *>(j)->textData());
    });
    job->start();
}

void KeychainSecretStore::write(const QString &key, const QString &value, QObject *context, DoneCallback cb)
{
    auto *job = new QKeychain::WritePasswordJob(m_service);
    job->setAutoDelete(true);
    job->setInsecureFallback(false);
    job->setKey(key);
    job->setTextData(value);
    QObject::connect(job, &QKeychain::Job::finished, context, [cb, key](QKeychain::Job *j) {
        if (j->error() != QKeychain::NoError)
            cb(jobError(j, key));
        else
            cb(Expected<void>());
    });
    job->start();
}

void KeychainSecretStore::remove(const QString &key, QObject *context, DoneCallback cb)
{
    auto *job = new QKeychain::DeletePasswordJob(m_service);
    job->setAutoDelete(true);
    job->setInsecureFallback(false);
    job->setKey(key);
    QObject::connect(job, &QKeychain::Job::finished, context, [cb, key](QKeychain::Job *j) {
        if (j->error() != QKeychain::NoError && j->error() != QKeychain::EntryNotFound)
            cb(jobError(j, key));
        else
            cb(Expected<void>());
    });
    job->start();
}

void readHubToken(SecretStore &store, QObject *context, SecretStore::ReadCallback cb)
{
    const QString env = qEnvironmentVariable("HF_TOKEN");
    if (!env.isEmpty()) {
        // Keep the asynchronous contract: the callback never runs inside the call.
        QMetaObject::invokeMethod(context, [cb, env] { cb(env); }, Qt::QueuedConnection);
        return;
    }
    store.read(hubTokenKey(), context, std::move(cb));
}

} // namespace sandmark
