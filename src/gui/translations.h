#pragma once
// Which message catalogues the desktop app loads for a locale: Qt's own (qtbase: the standard buttons and
// dialogs, from Debian's qt6-translations-l10n) and Sandmark's (translations/sandmark_<lang>.qm).

#include <QDoubleSpinBox>
#include <QList>
#include <QLocale>
#include <QString>

#include <optional>

class QCoreApplication;
class QTranslator;

namespace sandmark {

/// Installs into @p app, for @p locale: Qt's qtbase catalogue from Qt's translations folder
/// (QLibraryInfo::TranslationsPath) when one exists, and Sandmark's catalogue from @p sandmarkDir — the locale's
/// (sandmark_de.qm) or else the English plural forms (sandmark_en.qm, "1 point" for "%n point(s)"). A catalogue
/// that is missing is left out (the text stays English). Returns the translators installed; @p app owns them
/// (remove and delete them to undo). Main thread, before the first window.
QList<QTranslator *> installTranslations(QCoreApplication &app, const QLocale &locale, const QString &sandmarkDir);

/// The locale the app writes numbers in (QLocale::setDefault() at start): @p system, unless the environment takes
/// its numbers from the C/POSIX locale (@p numericSetting, the first set of LC_ALL, LC_NUMERIC and LANG, is "C",
/// "C.UTF-8" or "POSIX") while its language is another (LANG=de_DE.UTF-8 with LC_NUMERIC=C, or LANGUAGE=de): then
/// that language's own locale. Qt's system locale mixes the two there (German's "1E-06" beside C's "4.0 GiB");
/// the app's numbers — spin boxes, tables, durations — then follow its language ("4,0 GiB", "0,17 s"). An explicit
/// numeric locale (LC_NUMERIC=en_US.UTF-8 under LANG=de_DE.UTF-8) is kept. Pure; any thread.
QLocale numberLocale(const QLocale &system, const QString &numericSetting);

/// @p value as the app writes a tolerance or another number that may be tiny or huge, in the default locale:
/// up to @p significant significant digits, the locale's decimal separator, no group separator, and a lower-case
/// "e" exponent as Python and assignment.json write it — "1e-06", "0,001", "2,5e-07" in German ("1e-06", "0.001",
/// "2.5e-07" in English). One style for the checks table and the check editor. Any thread.
QString numberText(double value, int significant = 6);

/// @p points (a check's, a score, a maximum) as every view of the app writes it: up to 6 significant digits in the
/// default locale — "6", "2,5" in German, "0.333333" — the app's counterpart of core's formatPoints() (grading/result.h),
/// which the CLI and feedback pages use. Texts with a unit go through ChecksModel::pointsText() / ofPointsText().
/// Any thread.
QString scoreText(double points);

/// A spin box for tolerances and other numbers that may be tiny: shows its value as numberText() does ("1e-06",
/// "0,001" in German, not "0,0000010000") and reads what it shows, a number in the locale's style or in C's
/// ("1e-6", "0.001"). Keeps QDoubleSpinBox's decimals (values round to them) and range. GUI thread only.
class NumberSpinBox : public QDoubleSpinBox
{
public:
    explicit NumberSpinBox(QWidget *parent = nullptr) : QDoubleSpinBox(parent) {}
    QString textFromValue(double value) const override;
    double valueFromText(const QString &text) const override;
    QValidator::State validate(QString &input, int &pos) const override;

private:
    /// The number `text` stands for (prefix and suffix removed), or nothing.
    std::optional<double> parse(const QString &text) const;
};

/// The environment's numeric locale setting: LC_ALL, else LC_NUMERIC, else LANG (empty when none is set). Any thread.
QString numericLocaleSetting();

} // namespace sandmark
