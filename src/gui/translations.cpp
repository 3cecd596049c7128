#include "translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

namespace sandmark {

QList<QTranslator *> installTranslations(QCoreApplication &app, const QLocale &locale, const QString &sandmarkDir)
{
    QList<QTranslator *> installed;
    const auto install = [&](auto &&load) {
        auto *t = new QTranslator(&app);
        if (load(*t) && QCoreApplication::installTranslator(t))
            installed.append(t);
        else
            delete t;
    };
    install([&](QTranslator &t) {
        return t.load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath));
    });
    install([&](QTranslator &t) {
        return t.load(locale, QStringLiteral("sandmark"), QStringLiteral("_"), sandmarkDir)
            || t.load(QStringLiteral("sandmark_en"), sandmarkDir);
    });
    return installed;
}

} // namespace sandmark
