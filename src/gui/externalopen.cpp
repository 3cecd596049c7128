#include "externalopen.h"

#include <QCoreApplication>
#include <QDesktopServices>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QUrl>

namespace sandmark {

QString openInJupyter(const QString &notebookPath)
{
    const QString jupyter = QStandardPaths::findExecutable(QStringLiteral("jupyter"));
    if (jupyter.isEmpty())
        return QCoreApplication::translate("sandmark::ExternalOpen", "Jupyter is not installed (no 'jupyter' on PATH).");
    const QFileInfo info(notebookPath);
    if (!QProcess::startDetached(jupyter, {QStringLiteral("notebook"), info.absoluteFilePath()}, info.absolutePath()))
        return QCoreApplication::translate("sandmark::ExternalOpen", "Jupyter could not be started.");
    return {};
}

QString openWithSystem(const QString &path)
{
    if (!QDesktopServices::openUrl(QUrl::fromLocalFile(QFileInfo(path).absoluteFilePath())))
        return QCoreApplication::translate("sandmark::ExternalOpen", "No program is set up to open this file.");
    return {};
}

QString revealInFileManager(const QString &path)
{
    if (!QDesktopServices::openUrl(QUrl::fromLocalFile(QFileInfo(path).absolutePath())))
        return QCoreApplication::translate("sandmark::ExternalOpen", "No file manager could be opened.");
    return {};
}

} // namespace sandmark
