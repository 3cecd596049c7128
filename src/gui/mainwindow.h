#pragma once
// The main window of the desktop app.

#include <QMainWindow>

class QLabel;
class QListView;

namespace sandmark {

class NotebookListModel;

/// Opens an assignment folder and lists its instructor notebooks; load errors appear in the window, never
/// as a crash. Lives on the GUI thread.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);

    /// Opens the assignment at `path` (folder or assignment.json). Returns false and shows the problem when
    /// it does not load.
    bool openAssignment(const QString &path);

    NotebookListModel *notebookModel() const { return m_model; }
    QString statusText() const;

private:
    void chooseAssignment();

    NotebookListModel *m_model = nullptr;
    QListView *m_list = nullptr;
    QLabel *m_status = nullptr;
};

} // namespace sandmark
