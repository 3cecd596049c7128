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

QLocale numberLocale(const QLocale &system, const QString &numericSetting)
{
    const QString setting = numericSetting.section(QLatin1Char('.'), 0, 0).section(QLatin1Char('@'), 0, 0);
    const bool cNumbers = setting == QLatin1String("C") || setting == QLatin1String("POSIX");
    if (!cNumbers || system.language() == QLocale::C)
        return system;
    return QLocale(system.language(), system.territory());
}

QString numberText(double value, int significant)
{
    QLocale l;
    l.setNumberOptions(l.numberOptions() | QLocale::OmitGroupSeparator);
    return l.toString(value, 'g', significant).replace(l.exponential(), QLatin1String("e"));
}

QString numericLocaleSetting()
{
    for (const char *name : {"LC_ALL", "LC_NUMERIC", "LANG"}) {
        const QString value = qEnvironmentVariable(name);
        if (!value.isEmpty())
            return value;
    }
    return {};
}

} // namespace sandmark
