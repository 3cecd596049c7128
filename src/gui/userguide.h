#pragma once
// Help → User Guide: the Markdown documentation installed with Sandmark, read in the app.

#include <QDialog>
#include <QString>

class QLabel;
class QTextBrowser;

namespace sandmark {

/// The folder the user guide is installed in: `paths::dataDir()/doc`, holding README.md and docs/*.md with their
/// screenshots (cmake/Packaging.cmake installs it; the build tree has a copy). Thread-safe.
QString userGuideDir();

/// A modeless window showing the user guide's Markdown (README.md first) in a QTextBrowser: links between the
/// documents follow within it, with Back, Forward and Contents; web links open in the system's browser. When
/// the guide is not installed, the window says where it was looked for. GUI thread only.
class UserGuideDialog : public QDialog
{
    Q_OBJECT
public:
    /// Opens @p document (a path relative to userGuideDir(); README.md by default).
    explicit UserGuideDialog(QWidget *parent = nullptr, const QString &document = QStringLiteral("README.md"));
    /// The browser (read-only), for tests.
    QTextBrowser *browser() const { return m_browser; }

private:
    QTextBrowser *m_browser;
    QLabel *m_missing;
};

} // namespace sandmark
