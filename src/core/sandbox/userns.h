#pragma once
// Why bubblewrap cannot create its user namespace here, and how to fix it: the kernel's switches (Debian's
// kernel.unprivileged_userns_clone, user.max_user_namespaces, Ubuntu's AppArmor restriction) read against
// bwrap's own error message. `doctor`, the app's Sandbox Self-Test and `grade`/`run` all say the same.

#include <QString>
#include <QStringList>

#include <optional>

namespace sandmark {

/// The kernel switches that decide whether an unprivileged process may create a user namespace, as found
/// under /proc/sys (proc(5)). std::nullopt: this kernel has no such file (apparmor_restrict_unprivileged_userns
/// exists with AppArmor's user-namespace mediation, Ubuntu 23.10 and later; unprivileged_userns_clone only on
/// Debian-patched kernels) or its content is not a number.
struct UserNamespaceSysctls
{
    std::optional<qint64> apparmorRestrictUnprivilegedUserns; ///< kernel.apparmor_restrict_unprivileged_userns (1: restricted)
    std::optional<qint64> unprivilegedUsernsClone;            ///< kernel.unprivileged_userns_clone (0: forbidden)
    std::optional<qint64> maxUserNamespaces;                  ///< user.max_user_namespaces (0: none at all)
};

/// Reads the three switches from `procSysDir` laid out as /proc/sys is (kernel/apparmor_restrict_unprivileged_userns,
/// kernel/unprivileged_userns_clone, user/max_user_namespaces). Tests pass a folder of their own. Never fails:
/// a missing or unreadable file is std::nullopt. Any thread.
UserNamespaceSysctls readUserNamespaceSysctls(const QString &procSysDir = QStringLiteral("/proc/sys"));

/// What keeps bwrap from creating its namespaces, in the order the kernel checks them.
enum class UserNamespaceBlock {
    None,                   ///< nothing known blocks it (or bwrap failed for an unrelated reason)
    MaxUserNamespacesZero,  ///< user.max_user_namespaces = 0: no user namespaces for anyone
    UnprivilegedCloneOff,   ///< kernel.unprivileged_userns_clone = 0 (Debian's switch)
    AppArmorRestriction,    ///< kernel.apparmor_restrict_unprivileged_userns = 1 and no profile allows bwrap
    Unexplained,            ///< bwrap's namespace setup failed though every switch allows it (a container's policy)
};

/// The cause and its fixes. `fixes` are alternatives, the preferred first; each is complete (the commands to
/// run, how to keep a sysctl after a reboot).
struct UserNamespaceDiagnosis
{
    UserNamespaceBlock cause = UserNamespaceBlock::None;
    QString sysctl;      ///< the switch at fault ("kernel.unprivileged_userns_clone"); empty when none is
    QString explanation; ///< one sentence naming the cause and the switch's value; empty for None
    QStringList fixes;   ///< empty for None

    bool blocked() const { return cause != UserNamespaceBlock::None; }
    /// "explanation; fix: A; or: B" on one line (an Error message); empty for None.
    QString oneLine() const;
    /// The fixes one per line, the second and later starting with "or: " (a doctor row's fix).
    QString fixLines() const;
};

/// Pure: the diagnosis from the switches and bwrap's stderr (`bwrapError`, empty when bwrap has not run).
/// `bwrapPath` is the bwrap binary the AppArmor profile must name (Ubuntu's own profile covers
/// /usr/bin/bwrap only).
/// - bwrap not run yet: only switches that stop every unprivileged bwrap count (max_user_namespaces = 0,
///   unprivileged_userns_clone = 0); AppArmor's restriction does not, since a profile may allow bwrap.
/// - bwrap's error is one of its namespace-setup failures (bubblewrap 0.8–0.11: "setting up uid map",
///   "No permissions to create(ing) a new namespace", "Creating new namespace failed", "loopback: Failed
///   RTM_NEWADDR", ...): the first switch that forbids it, in the kernel's order (max_user_namespaces,
///   unprivileged_userns_clone, AppArmor); none: Unexplained.
/// - any other bwrap error: None (the error speaks for itself; no advice about namespaces).
UserNamespaceDiagnosis diagnoseUserNamespaces(const UserNamespaceSysctls &sysctls, const QString &bwrapError,
                                              const QString &bwrapPath = QStringLiteral("/usr/bin/bwrap"));

/// Does `bwrapError` (bwrap's stderr) report a failure to set up its namespaces? See diagnoseUserNamespaces().
bool isBwrapNamespaceFailure(const QString &bwrapError);

/// When `bwrapError` says this bubblewrap does not know --disable-userns (it is older than 0.8; every sandbox
/// runs with it, so no nested user namespace can be made inside), the sentence saying so and how to fix it;
/// else empty. Pure.
QString bwrapTooOld(const QString &bwrapError);

} // namespace sandmark
