#include "mainwindow.h"

#include "assignment/assignment.h"
#include "notebooklistmodel.h"

#include <QAction>
#include <QFileDialog>
#include <QLabel>
#include <QListView>
#include <QMenuBar>
#include <QVBoxLayout>

namespace sandmark {

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent), m_model(new NotebookListModel(this))
{
    setWindowTitle(tr("Sandmark"));
    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    m_status = new QLabel(tr("Open an assignment folder to begin (File → Open Assignment…)."), central);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_list = new QListView(central);
    m_list->setModel(m_model);
    m_list->setAccessibleName(tr("Instructor notebooks"));
    layout->addWidget(m_status);
    layout->addWidget(m_list);
    setCentralWidget(central);

    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(tr("&Open Assignment…"));
    open->setShortcut(QKeySequence::Open);
    connect(open, &QAction::triggered, this, &MainWindow::chooseAssignment);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"));
    quit->setShortcut(QKeySequence::Quit);
    connect(quit, &QAction::triggered, this, &QWidget::close);
    resize(720, 480);
}

void MainWindow::chooseAssignment()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open Assignment Folder"));
    if (!dir.isEmpty())
        openAssignment(dir);
}

bool MainWindow::openAssignment(const QString &path)
{
    auto assignment = Assignment::load(path);
    if (!assignment) {
        m_model->setRows({});
        m_status->setText(tr("This assignment cannot be opened:\n%1").arg(assignment.error().toString()));
        return false;
    }
    m_model->setAssignment(*assignment);
    setWindowTitle(tr("%1 — Sandmark").arg(assignment->title()));
    m_status->setText(tr("Assignment %1: %n check(s)", nullptr, int(assignment->checks().size()))
                          .arg(assignment->slug()));
    return true;
}

QString MainWindow::statusText() const
{
    return m_status->text();
}

} // namespace sandmark
