#pragma once
// Saves a screenshot of every screen of the main window (scripts/screenshots, docs/screenshots/).

#include <QObject>
#include <QString>

#include <functional>
#include <memory>

class QTemporaryDir;

namespace sandmark {

class MainWindow;
class SubmissionDetail;

/// Drives `window` through its pages once the assignment is open and saves `NN-name.png` files into `dir`
/// with QWidget::grab(): each page, the preview's instructor/release/instrumented views, the Preferences
/// dialog and the sandbox self-test. On the way it runs the reference run (Checks page) and grades every
/// submission in the sandbox (Submissions page), so the Results page shows real grades: open the copy copyOf()
/// makes (the gradebook is written into the assignment folder, and the tour edits assignment.json); the window
/// adds no assignment it opens to the recent list while a driver drives it. Emits
/// finished(ok) when done. Asynchronous (waits for background loads with the event loop); GUI thread only.
class ScreenshotDriver : public QObject
{
    Q_OBJECT
public:
    ScreenshotDriver(MainWindow *window, const QString &dir, QObject *parent = nullptr);
    ~ScreenshotDriver() override;
    /// Starts after the window's assignment has opened (call right after MainWindow::openAssignment()).
    void start();
    /// A copy of the assignment at `path` (its folder, or its assignment.json) in a temporary folder this driver
    /// removes when it ends, without the folder's `.sandmark/` (its gradebook): the tour grades, runs the reference
    /// and edits assignment.json there, and leaves the given folder as it was. Returns the path to open, the same
    /// kind as `path`; empty (with `error` set) when it cannot be copied.
    QString copyOf(const QString &path, QString *error);

Q_SIGNALS:
    void finished(bool ok);

private:
    void shootAll();
    bool save(QWidget *widget, const QString &name);
    /// Makes `change` to the preview (its view or notebook) and waits until the notebook shown has loaded.
    void changePreview(const std::function<void()> &change);
    /// The preview's instructor, release and instrumented views; a problem set's second notebook (01-03, 12).
    bool shootPreview(bool problemSet);
    /// Each page after the work that fills it: reference run (and the Instructor view with its outputs, 22), data
    /// scan, grading, results, health (04-08).
    bool shootPages(bool problemSet);
    /// Grades every submission in the sandbox and selects one student, shooting that student's detail.
    bool gradeAndShowStudent(bool problemSet);
    /// A problem set's detail on its second notebook, and an answer being graded by hand (13, 15).
    bool shootProblemSetDetail(SubmissionDetail *detail);
    /// The submission detail's Diff tab and a failing value check's values view (19-diff, 20-values).
    bool shootReview(SubmissionDetail *detail);
    /// Review mode's Next from the student shown (14-review).
    bool shootReviewMode();
    bool shootSelfTest();
    /// The check editor on the first value check (11-edit-check).
    bool shootCheckEditor();
    /// Assignment Settings' data files and limits, New Assignment from Notebook (16-18).
    bool shootAssignmentDialogs();
    /// The Checks page's "Grades with these checks" after a tolerance is tightened (21-checks-preview).
    bool shootChecksPreview();
    bool shootPreferences();

    MainWindow *m_window;
    QString m_dir;
    std::unique_ptr<QTemporaryDir> m_copy; ///< the assignment the tour works on
    int m_saved = 0;
};

} // namespace sandmark
