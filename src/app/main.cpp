// sandmark: the desktop app. Arguments: [ASSIGNMENT] to open at start; --screenshot-dir DIR saves a PNG of
// every screen into DIR and quits (scripts/screenshots).
#include "focusringstyle.h"
#include "guifeatures.h"
#include "mainwindow.h"
#include "screenshots.h"
#include "translations.h"
#include "util/paths.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QLocale>
#include <QTextStream>
#include <QTimer>

namespace {
// Qt's and Sandmark's catalogues for the system locale, numbers in the style of its language (translations.h).
void installTranslations(QCoreApplication &app)
{
    QLocale::setDefault(sandmark::numberLocale(QLocale::system(), sandmark::numericLocaleSetting()));
    sandmark::installTranslations(app, QLocale(), sandmark::paths::dataDir() + QStringLiteral("/translations"));
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

void setApplicationNames()
{
    QCoreApplication::setApplicationName(QStringLiteral("Sandmark"));
    QCoreApplication::setOrganizationName(QStringLiteral("Sandmark"));
    QCoreApplication::setApplicationVersion(sandmark::paths::version());
}

struct Options
{
    QCommandLineOption screenshots{QStringLiteral("screenshot-dir"),
                                   QCoreApplication::translate("main", "Save a screenshot of every screen into DIR, then quit."),
                                   QStringLiteral("DIR")};
    // Packaging tests start the installed app offscreen and check that it comes up and quits cleanly.
    QCommandLineOption quitAfterStart{QStringLiteral("quit-after-start"),
                                      QCoreApplication::translate("main", "Show the window, then quit (for tests).")};
    QCommandLineOption verbose{QStringLiteral("verbose"),
                               QCoreApplication::translate("main", "With --version: list the optional parts this build has.")};
};

void setUpParser(QCommandLineParser &parser, Options &options)
{
    parser.setApplicationDescription(QCoreApplication::translate("main", "Grade Python notebook assignments in a local sandbox."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("ASSIGNMENT"), QCoreApplication::translate("main", "Assignment folder to open."));
    parser.addOption(options.screenshots);
    parser.addOption(options.verbose);
    options.quitAfterStart.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(options.quitAfterStart);
}

// --help and --version need no window: they are answered by a QCoreApplication, so they work without a
// display (a terminal over ssh, a packaging test, help2man). Everything else, including Qt's own GUI options
// (-platform, -style) and their errors, goes to the QApplication.
bool answersWithoutDisplay(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg(argv[i]);
        if (arg == "--")
            break;
        if (arg == "-h" || arg == "--help" || arg == "-?" || arg == "--help-all" || arg == "-v" || arg == "--version")
            return true;
    }
    return false;
}
} // namespace

int main(int argc, char **argv)
{
    if (answersWithoutDisplay(argc, argv)) {
        QCoreApplication app(argc, argv);
        setApplicationNames();
        installTranslations(app);
        QCommandLineParser parser;
        Options options;
        setUpParser(parser, options);
        // --version --verbose: the version, then one "part: yes/no" line per optional part (process() would
        // stop at --version).
        if (parser.parse(QCoreApplication::arguments()) && parser.isSet(QStringLiteral("version"))
            && parser.isSet(options.verbose)) {
            QTextStream(stdout) << QCoreApplication::applicationName() << ' ' << QCoreApplication::applicationVersion()
                                << '\n' << sandmark::formatBuildFeatures(sandmark::guiBuildFeatures());
            return 0;
        }
        parser.process(app); // prints the help, the version or the error, and exits
        return 0;
    }
    QApplication app(argc, argv);
#ifndef Q_OS_MACOS
    QApplication::setStyle(new sandmark::FocusRingStyle); // the app owns it; macOS keeps its native ring
#endif
    setApplicationNames();
    installTranslations(app);
    QGuiApplication::setDesktopFileName(QStringLiteral(SANDMARK_APP_ID)); // Wayland: icon and window grouping

    QCommandLineParser parser;
    Options options;
    setUpParser(parser, options);
    parser.process(app);
    const QCommandLineOption &screenshots = options.screenshots;
    const QCommandLineOption &quitAfterStart = options.quitAfterStart;

    sandmark::MainWindow window;
    window.show();
    const QStringList args = parser.positionalArguments();
    if (parser.isSet(screenshots)) {
        if (args.isEmpty())
            parser.showHelp(2);
        auto *driver = new sandmark::ScreenshotDriver(&window, parser.value(screenshots), &window);
        QObject::connect(driver, &sandmark::ScreenshotDriver::finished, &app, [](bool ok) { QApplication::exit(ok ? 0 : 1); });
        // The tour grades and edits: it works on a copy, and the given folder stays as it was.
        QString error;
        const QString copy = driver->copyOf(assignmentFor(args.constFirst()), &error);
        if (copy.isEmpty()) {
            QTextStream(stderr) << "sandmark: --screenshot-dir: " << error << '\n';
            return 1;
        }
        driver->start();
        window.openAssignment(copy);
    } else if (!args.isEmpty()) {
        window.openAssignment(assignmentFor(args.constFirst()));
    }
    if (parser.isSet(quitAfterStart))
        QTimer::singleShot(0, &app, &QCoreApplication::quit);
    return app.exec();
}
