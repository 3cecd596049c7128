#pragma once
// Saves a screenshot of every screen of the main window (scripts/screenshots, docs/screenshots/).

#include <QObject>
#include <QString>

namespace sandmark {

class MainWindow;
class SubmissionDetail;

/// Drives `window` through its pages once the assignment is open and saves `NN-name.png` files into `dir`
/// with QWidget::grab(): each page, the preview's instructor/release/instrumented views, the Preferences
/// dialog and the sandbox self-test. On the way it runs the reference run (Checks page) and grades every
/// submission in the sandbox (Submissions page), so the Results page shows real grades: give it a copy of
/// the assignment (the gradebook is written into the assignment folder). Emits finished(ok) when done. Asynchronous (waits for background loads with the event loop);
/// GUI thread only.
class ScreenshotDriver : public QObject
{
    Q_OBJECT
public:
    ScreenshotDriver(MainWindow *window, const QString &dir, QObject *parent = nullptr);
    /// Starts after the window's assignment has opened (call right after MainWindow::openAssignment()).
    void start();

Q_SIGNALS:
    void finished(bool ok);

private:
    void shootAll();
    bool save(QWidget *widget, const QString &name);
    /// The submission detail's Diff tab and a failing value check's values view (19-diff, 20-values).
    bool shootReview(SubmissionDetail *detail);

    MainWindow *m_window;
    QString m_dir;
    int m_saved = 0;
};

} // namespace sandmark
