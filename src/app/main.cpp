// sandmark: the desktop app. Arguments: [ASSIGNMENT] to open at start; --screenshot-dir DIR saves a PNG of
// every screen into DIR and quits (scripts/screenshots).
#include "mainwindow.h"
#include "screenshots.h"
#include "util/paths.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QLibraryInfo>
#include <QLocale>
#include <QTimer>
#include <QTranslator>

namespace {
// Loads Sandmark's translation for the system locale from <dataDir>/translations, and Qt's own.
void installTranslations(QApplication &app)
{
    const QLocale locale;
    auto *qt = new QTranslator(&app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(qt);
    auto *own = new QTranslator(&app);
    if (own->load(locale, QStringLiteral("sandmark"), QStringLiteral("_"),
                  sandmark::paths::dataDir() + QStringLiteral("/translations")))
        QApplication::installTranslator(own);
}

// What the desktop hands over (MIME types in packaging/linux): an assignment folder, its assignment.json,
// or a notebook. A notebook opens the nearest enclosing folder that holds an assignment.json.
QString assignmentFor(const QString &path)
{
    const QFileInfo info(path);
    if (info.isDir() || !path.endsWith(QLatin1String(".ipynb"), Qt::CaseInsensitive))
        return path;
    QDir dir = info.absoluteDir();
    do {
        if (dir.exists(QStringLiteral("assignment.json")))
            return dir.path();
    } while (dir.cdUp());
    return path; // Assignment::load reports what is wrong with it
}
} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Sandmark"));
    QApplication::setOrganizationName(QStringLiteral("Sandmark"));
    QApplication::setApplicationVersion(sandmark::paths::version());
    installTranslations(app);
    QGuiApplication::setDesktopFileName(QStringLiteral(SANDMARK_APP_ID)); // Wayland: icon and window grouping

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "Grade Python notebook assignments in a local sandbox."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("ASSIGNMENT"), QApplication::translate("main", "Assignment folder to open."));
    const QCommandLineOption screenshots(QStringLiteral("screenshot-dir"),
                                         QApplication::translate("main", "Save a screenshot of every screen into DIR, then quit."),
                                         QStringLiteral("DIR"));
    parser.addOption(screenshots);
    // Packaging tests start the installed app offscreen and check that it comes up and quits cleanly.
    QCommandLineOption quitAfterStart(QStringLiteral("quit-after-start"),
                                      QApplication::translate("main", "Show the window, then quit (for tests)."));
    quitAfterStart.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(quitAfterStart);
    parser.process(app);

    sandmark::MainWindow window;
    window.show();
    const QStringList args = parser.positionalArguments();
    if (parser.isSet(screenshots)) {
        if (args.isEmpty())
            parser.showHelp(2);
        auto *driver = new sandmark::ScreenshotDriver(&window, parser.value(screenshots), &window);
        QObject::connect(driver, &sandmark::ScreenshotDriver::finished, &app, [](bool ok) { QApplication::exit(ok ? 0 : 1); });
        driver->start();
    }
    if (!args.isEmpty())
        window.openAssignment(assignmentFor(args.constFirst()));
    if (parser.isSet(quitAfterStart))
        QTimer::singleShot(0, &app, &QCoreApplication::quit);
    return app.exec();
}
