#pragma once
// What a binary was built with: the optional parts that `--version --verbose` lists, one line each.

#include <QList>
#include <QString>

namespace sandmark {

/// One optional part of the build.
struct BuildFeature
{
    QString name;   ///< "QtKeychain", "Qt Charts"
    bool present = false;
    QString detail; ///< the version linked, or what stands in for a missing part; may be empty
};

/// The core's parts, as linked into this binary: QtKeychain (the keychain behind SecretStore; version from its
/// CMake package) and libarchive (zip import; version reported by the library at run time). Any thread.
QList<BuildFeature> coreBuildFeatures();

/// One "name: yes (detail)" or "name: no (detail)" line per feature, each ending in '\n'.
QString formatBuildFeatures(const QList<BuildFeature> &features);

} // namespace sandmark
