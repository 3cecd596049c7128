#include "sandbox/userns.h"

#include <QFile>

namespace sandmark {

namespace {

std::optional<qint64> readNumber(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return std::nullopt;
    bool ok = false;
    const qint64 v = f.read(64).trimmed().toLongLong(&ok);
    return ok ? std::optional<qint64>(v) : std::nullopt;
}

// How to set a sysctl now and keep it after a reboot (sysctl.d(5): files in /etc/sysctl.d are applied at boot).
QString sysctlFix(const QString &name, const QString &value, const QString &file)
{
    return QStringLiteral("sudo sysctl -w %1=%2, and to keep it after a reboot: echo '%1 = %2' | sudo tee "
                          "/etc/sysctl.d/%3")
        .arg(name, value, file);
}

} // namespace

UserNamespaceSysctls readUserNamespaceSysctls(const QString &procSysDir)
{
    UserNamespaceSysctls s;
    s.apparmorRestrictUnprivilegedUserns = readNumber(procSysDir + QLatin1String("/kernel/apparmor_restrict_unprivileged_userns"));
    s.unprivilegedUsernsClone = readNumber(procSysDir + QLatin1String("/kernel/unprivileged_userns_clone"));
    s.maxUserNamespaces = readNumber(procSysDir + QLatin1String("/user/max_user_namespaces"));
    return s;
}

bool isBwrapNamespaceFailure(const QString &bwrapError)
{
    // bubblewrap's own messages (bubblewrap.c, network.c of 0.8 to 0.11) for the steps that need the user
    // namespace or the capabilities it grants. Ubuntu's AppArmor restriction lets the namespace be created
    // but strips its capabilities, so the uid map, the loopback setup or the first mount fails.
    static const char *const kMarkers[] = {
        "setting up uid map",           "setting up gid map",
        "error writing to setgroups",   "No permissions to creat", // "creating" (0.8) and "create a new" (0.11)
        "Creating new namespace failed", "loopback: Failed",
        "Failed to make / slave",       "unshare user ns",
    };
    for (const char *m : kMarkers) {
        if (bwrapError.contains(QLatin1String(m), Qt::CaseInsensitive))
            return true;
    }
    return false;
}

QString bwrapTooOld(const QString &bwrapError)
{
    // bubblewrap before 0.8: "bwrap: Unknown option --disable-userns".
    if (!bwrapError.contains(QLatin1String("--disable-userns")))
        return {};
    return QStringLiteral("this bubblewrap is older than 0.8 and cannot forbid user namespaces inside the sandbox "
                          "(--disable-userns): upgrade bubblewrap (Debian 12 and Ubuntu 24.04 ship 0.8 or newer), or "
                          "choose --sandbox docker");
}

UserNamespaceDiagnosis diagnoseUserNamespaces(const UserNamespaceSysctls &sysctls, const QString &bwrapError,
                                              const QString &bwrapPath)
{
    UserNamespaceDiagnosis d;
    const bool bwrapRan = !bwrapError.trimmed().isEmpty();
    if (bwrapRan && !isBwrapNamespaceFailure(bwrapError))
        return d;

    if (sysctls.maxUserNamespaces == 0) {
        d.cause = UserNamespaceBlock::MaxUserNamespacesZero;
        d.sysctl = QStringLiteral("user.max_user_namespaces");
        d.explanation = QStringLiteral("user namespaces are disabled for everyone (user.max_user_namespaces = 0), "
                                       "and bwrap needs one");
        d.fixes << sysctlFix(d.sysctl, QStringLiteral("15000"), QStringLiteral("60-sandmark-max-user-namespaces.conf"));
        return d;
    }
    if (sysctls.unprivilegedUsernsClone == 0) {
        d.cause = UserNamespaceBlock::UnprivilegedCloneOff;
        d.sysctl = QStringLiteral("kernel.unprivileged_userns_clone");
        d.explanation = QStringLiteral("unprivileged user namespaces are disabled "
                                       "(kernel.unprivileged_userns_clone = 0), and bwrap needs one");
        d.fixes << sysctlFix(d.sysctl, QStringLiteral("1"), QStringLiteral("60-sandmark-unprivileged-userns-clone.conf"));
        return d;
    }
    if (!bwrapRan)
        return d; // AppArmor's restriction may be lifted for bwrap by a profile: only bwrap's failure tells

    if (sysctls.apparmorRestrictUnprivilegedUserns == 1) {
        // Ubuntu's documented ways (ubuntu.com/blog/ubuntu-23-10-restricted-unprivileged-user-namespaces):
        // a profile granting `userns` to the program, or the sysctl for everything. Ubuntu 24.04 ships a
        // profile for /usr/bin/bwrap in apparmor-profiles (extra-profiles/bwrap-userns-restrict) that
        // grants it and strips the capabilities of what bwrap starts; the sandbox drops them anyway.
        d.cause = UserNamespaceBlock::AppArmorRestriction;
        d.sysctl = QStringLiteral("kernel.apparmor_restrict_unprivileged_userns");
        d.explanation = QStringLiteral("AppArmor restricts unprivileged user namespaces "
                                       "(kernel.apparmor_restrict_unprivileged_userns = 1, the default since "
                                       "Ubuntu 24.04) and no AppArmor profile allows them for %1")
                            .arg(bwrapPath);
        if (bwrapPath == QLatin1String("/usr/bin/bwrap"))
            d.fixes << QStringLiteral("load Ubuntu's AppArmor profile for bwrap: sudo apt install apparmor-profiles "
                                      "&& sudo install -m 644 /usr/share/apparmor/extra-profiles/bwrap-userns-restrict "
                                      "/etc/apparmor.d/ && sudo apparmor_parser -r "
                                      "/etc/apparmor.d/bwrap-userns-restrict");
        d.fixes << QStringLiteral("a profile of your own that allows user namespaces for %1%2: printf 'abi <abi/4.0>,\\n"
                                  "include <tunables/global>\\nprofile sandmark-bwrap %1 flags=(unconfined) {\\n  userns,\\n}\\n' "
                                  "| sudo tee /etc/apparmor.d/sandmark-bwrap && sudo apparmor_parser -r "
                                  "/etc/apparmor.d/sandmark-bwrap")
                       .arg(bwrapPath, d.fixes.isEmpty() ? QString()
                                                         : QStringLiteral(" (never with Ubuntu's: two profiles for one "
                                                                          "program attach neither)"));
        d.fixes << QStringLiteral("lift the restriction for every program (weakens Ubuntu's hardening): ")
                       + sysctlFix(d.sysctl, QStringLiteral("0"), QStringLiteral("60-sandmark-apparmor-userns.conf"));
        return d;
    }

    d.cause = UserNamespaceBlock::Unexplained;
    d.explanation = QStringLiteral("bwrap could not set up its namespaces although the kernel's switches allow them "
                                   "(user.max_user_namespaces, kernel.unprivileged_userns_clone, "
                                   "kernel.apparmor_restrict_unprivileged_userns): the policy of a container Sandmark "
                                   "runs in probably forbids them");
    d.fixes << QStringLiteral("inside Docker or Podman, start the container with --security-opt seccomp=unconfined "
                              "--security-opt apparmor=unconfined (or --privileged)")
            << QStringLiteral("grade with --sandbox docker on the host instead");
    return d;
}

QString UserNamespaceDiagnosis::oneLine() const
{
    if (!blocked())
        return {};
    return explanation + QLatin1String("; fix: ") + fixes.join(QLatin1String("; or: "));
}

QString UserNamespaceDiagnosis::fixLines() const
{
    return fixes.join(QLatin1String("\nor: "));
}

} // namespace sandmark
