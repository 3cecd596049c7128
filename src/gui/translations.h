#pragma once
// Which message catalogues the desktop app loads for a locale: Qt's own (qtbase: the standard buttons and
// dialogs, from Debian's qt6-translations-l10n) and Sandmark's (translations/sandmark_<lang>.qm).

#include <QList>
#include <QLocale>
#include <QString>

class QCoreApplication;
class QTranslator;

namespace sandmark {

/// Installs into @p app, for @p locale: Qt's qtbase catalogue from Qt's translations folder
/// (QLibraryInfo::TranslationsPath) when one exists, and Sandmark's catalogue from @p sandmarkDir — the locale's
/// (sandmark_de.qm) or else the English plural forms (sandmark_en.qm, "1 point" for "%n point(s)"). A catalogue
/// that is missing is left out (the text stays English). Returns the translators installed; @p app owns them
/// (remove and delete them to undo). Main thread, before the first window.
QList<QTranslator *> installTranslations(QCoreApplication &app, const QLocale &locale, const QString &sandmarkDir);

} // namespace sandmark
