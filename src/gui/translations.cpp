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

QString scoreText(double points)
{
    return QLocale().toString(points, 'g', 6);
}

QString NumberSpinBox::textFromValue(double value) const
{
    return numberText(value, 10);
}

std::optional<double> NumberSpinBox::parse(const QString &text) const
{
    QString t = text;
    if (!prefix().isEmpty() && t.startsWith(prefix()))
        t.remove(0, prefix().size());
    if (!suffix().isEmpty() && t.endsWith(suffix()))
        t.chop(suffix().size());
    t = t.trimmed();
    // No group separators: German's "." would read "0.001" as 1.
    QLocale l = locale();
    l.setNumberOptions(l.numberOptions() | QLocale::RejectGroupSeparator);
    bool ok = false;
    double v = l.toDouble(t, &ok);
    if (!ok)
        v = QLocale::c().toDouble(t, &ok);
    return ok ? std::optional<double>(v) : std::nullopt;
}

double NumberSpinBox::valueFromText(const QString &text) const
{
    return parse(text).value_or(value());
}

QValidator::State NumberSpinBox::validate(QString &input, int &) const
{
    if (const std::optional<double> v = parse(input))
        return *v >= minimum() && *v <= maximum() ? QValidator::Acceptable : QValidator::Intermediate;
    // Half typed ("1e-", "0,"): only what a number of either style can hold.
    const QString allowed = QStringLiteral("0123456789eE+-.,") + locale().decimalPoint();
    QString t = input;
    if (!prefix().isEmpty() && t.startsWith(prefix()))
        t.remove(0, prefix().size());
    if (!suffix().isEmpty() && t.endsWith(suffix()))
        t.chop(suffix().size());
    for (const QChar c : std::as_const(t))
        if (!allowed.contains(c) && !c.isSpace())
            return QValidator::Invalid;
    return QValidator::Intermediate;
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
