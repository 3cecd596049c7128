// sandmark: the desktop app. Arguments: [ASSIGNMENT] to open at start.
#include "mainwindow.h"
#include "util/paths.h"

#include <QApplication>
#include <QCommandLineParser>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Sandmark"));
    QApplication::setOrganizationName(QStringLiteral("Sandmark"));
    QApplication::setApplicationVersion(sandmark::paths::version());

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "Grade Python notebook assignments in a local sandbox."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("ASSIGNMENT"), QApplication::translate("main", "Assignment folder to open."));
    parser.process(app);

    sandmark::MainWindow window;
    if (!parser.positionalArguments().isEmpty())
        window.openAssignment(parser.positionalArguments().constFirst());
    window.show();
    return app.exec();
}
