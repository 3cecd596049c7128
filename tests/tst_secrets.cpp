// SecretStore against a real Secret Service (gnome-keyring in a private D-Bus session, tests/keyring-session.sh),
// the HF_TOKEN override, and the clear message where no keychain exists.
#include "secrets/secretstore.h"

#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace sandmark;

namespace {

template <typename T>
T wait(const std::function<void(QObject *, std::function<void(const T &)>)> &call)
{
    QObject ctx;
    std::optional<T> result;
    call(&ctx, [&](const T &v) { result = v; });
    for (int i = 0; i < 300 && !result; ++i)
        QTest::qWait(100);
    if (!result)
        return T(Error{{}, {}, QStringLiteral("timed out")});
    return *result;
}

} // namespace

class TestSecrets : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void storeReadDelete()
    {
        if (qEnvironmentVariableIsSet("SANDMARK_NO_KEYRING"))
            QSKIP("dbus-run-session or gnome-keyring-daemon is not installed (scripts/bootstrap installs them)");
        qunsetenv("HF_TOKEN");
        KeychainSecretStore store;
        const QString token = QStringLiteral("hf_secret_%1").arg(QCoreApplication::applicationPid());

        auto wrote = wait<Expected<void>>([&](QObject *c, auto cb) { store.write(hubTokenKey(), token, c, cb); });
        QVERIFY2(wrote, wrote ? "" : qPrintable(wrote.error().toString()));
        auto read = wait<Expected<QString>>([&](QObject *c, auto cb) { readHubToken(store, c, cb); });
        QVERIFY2(read, read ? "" : qPrintable(read.error().toString()));
        QCOMPARE(*read, token);

        // Never in a plain file: the keyring home holds only gnome-keyring's encrypted files.
        const QString home = qEnvironmentVariable("SANDMARK_KEYRING_HOME");
        QVERIFY(!home.isEmpty());
        QDirIterator it(home, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile f(it.next());
            if (f.open(QIODevice::ReadOnly))
                QVERIFY2(!f.readAll().contains(token.toUtf8()), qPrintable(f.fileName()));
        }

        // HF_TOKEN overrides the keychain.
        qputenv("HF_TOKEN", "hf_from_env");
        auto env = wait<Expected<QString>>([&](QObject *c, auto cb) { readHubToken(store, c, cb); });
        QCOMPARE(*env, QStringLiteral("hf_from_env"));
        qunsetenv("HF_TOKEN");

        auto removed = wait<Expected<void>>([&](QObject *c, auto cb) { store.remove(hubTokenKey(), c, cb); });
        QVERIFY2(removed, removed ? "" : qPrintable(removed.error().toString()));
        auto gone = wait<Expected<QString>>([&](QObject *c, auto cb) { store.read(hubTokenKey(), c, cb); });
        QVERIFY(gone);
        QCOMPARE(*gone, QString());
        // Removing again is not an error.
        auto again = wait<Expected<void>>([&](QObject *c, auto cb) { store.remove(hubTokenKey(), c, cb); });
        QVERIFY(again);
    }

    void callbackNeverRunsInsideTheCall()
    {
        qputenv("HF_TOKEN", "hf_env");
        KeychainSecretStore store;
        QObject ctx;
        bool ran = false;
        readHubToken(store, &ctx, [&](const Expected<QString> &) { ran = true; });
        QVERIFY(!ran);
        QTRY_VERIFY_WITH_TIMEOUT(ran, 30000);
        qunsetenv("HF_TOKEN");
    }

    // No Secret Service on the bus: the CLI says so, suggests HF_TOKEN, and stores nothing anywhere.
    void noKeychainIsAClearError()
    {
        const QString cli = QCoreApplication::applicationDirPath() + QLatin1String("/sandmark-cli");
        // tests/CMakeLists.txt builds it before this test: missing means a broken build, not a skip.
        QVERIFY2(QFile::exists(cli), qPrintable(cli + QLatin1String(" is not built")));
        QTemporaryDir home;
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"), QStringLiteral("unix:path=%1/no-bus").arg(home.path()));
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("HF_TOKEN"));
        env.insert(QStringLiteral("HOME"), home.path());
        env.insert(QStringLiteral("XDG_DATA_HOME"), home.path() + QLatin1String("/data"));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.path() + QLatin1String("/config"));
        p.setProcessEnvironment(env);
        p.start(cli, {QStringLiteral("datasets"), QStringLiteral("token"), QStringLiteral("set")});
        p.write("hf_nowhere\n");
        p.closeWriteChannel();
        QVERIFY(p.waitForFinished(60000));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QCOMPARE(p.exitCode(), 3);
        QVERIFY2(err.contains(QStringLiteral("no OS keychain is available")), qPrintable(err));
        QVERIFY2(err.contains(QStringLiteral("HF_TOKEN")), qPrintable(err));
        QDirIterator it(home.path(), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile f(it.next());
            if (f.open(QIODevice::ReadOnly))
                QVERIFY2(!f.readAll().contains("hf_nowhere"), qPrintable(f.fileName()));
        }
    }
};

QTEST_GUILESS_MAIN(TestSecrets)
#include "tst_secrets.moc"
