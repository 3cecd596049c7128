#include "notebookpreview.h"

#include "boundedtext.h"
#include "injectedcellfilter.h"
#include "jobtracker.h"
#include "notebookcelldelegate.h"
#include "notebookcellmodel.h"
#include "notebookview.h"
#include "roles.h"
#include "wrappinglabel.h"
#include "batch/referencerun.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QLoggingCategory>
#include <QPushButton>
#include <QTabBar>
#include <QToolButton>
#include <QVBoxLayout>

Q_LOGGING_CATEGORY(lcPreview, "sandmark.gui.preview")

namespace sandmark {

NotebookPreview::NotebookPreview(Role role, QWidget *parent)
    : QWidget(parent),
      m_role(role),
      m_switcher(new QTabBar(this)),
      m_kinds(new QButtonGroup(this)),
      m_showInjected(new QCheckBox(tr("Show in&jected cells"), this)),
      m_caption(new QLabel(this)),
      m_status(new WrappingLabel(this)),
      m_model(new NotebookCellModel(this)),
      m_filter(new InjectedCellFilter(this)),
      m_view(new NotebookView(this)),
      m_referenceLookup(new JobTracker(this))
{
    auto *layout = new QVBoxLayout(this);
    auto *bar = new QHBoxLayout;
    auto *openFile = new QPushButton(tr("Open &Notebook File…"), this);
    openFile->setAccessibleName(tr("Preview another notebook file"));
    openFile->setToolTip(tr("Preview any notebook, for example a student's submission"));
    bar->addWidget(openFile);
    bar->addSpacing(12);
    m_caption->setAccessibleName(tr("Notebook shown"));
    m_caption->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_caption->setVisible(false);
    bar->addWidget(m_caption, 1);
    bar->addStretch(1);

    const QList<QPair<PreviewKind, QString>> kinds = {
        {PreviewKind::Instructor, tr("Instructor")},
        {PreviewKind::Release, tr("Release")},
        {PreviewKind::Instrumented, tr("Instrumented")},
    };
    const QStringList tips = {tr("The instructor notebook as written, with solutions and hidden tests"),
                              tr("The student copy: solutions replaced by stubs, hidden tests removed, outputs cleared"),
                              tr("The notebook as the sandbox runs it, with Sandmark's injected cells")};
    for (int i = 0; i < kinds.size(); ++i) {
        auto *b = new QToolButton(this);
        b->setText(kinds.at(i).second);
        b->setCheckable(true);
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        b->setAccessibleName(tr("%1 view").arg(kinds.at(i).second));
        b->setToolTip(tips.at(i));
        b->setShortcut(QKeySequence(QStringLiteral("Alt+%1").arg(i + 1)));
        m_kinds->addButton(b, int(kinds.at(i).first));
        bar->addWidget(b);
    }
    m_kinds->button(int(PreviewKind::Instructor))->setChecked(true);
    if (m_role == Role::RunArtifact) {
        // A run's notebook is only ever shown as itself: nothing to choose, nothing else to open.
        openFile->setVisible(false);
        for (QAbstractButton *b : m_kinds->buttons())
            b->setVisible(false);
        m_caption->setVisible(true);
    }
    bar->addSpacing(12);
    m_showInjected->setChecked(true);
    m_showInjected->setAccessibleName(tr("Show injected cells"));
    m_showInjected->setToolTip(tr("Show or hide the cells Sandmark injects (URL redirect, probes, tests)"));
    bar->addWidget(m_showInjected);
    layout->addLayout(bar);

    // The one way to switch notebooks: a tab per instructor notebook, in the order they run, then one per other
    // file opened (closable).
    m_switcher->setAccessibleName(tr("Notebooks"));
    m_switcher->setToolTip(tr("The assignment's notebooks, in the order they run, then other files opened; each is "
                              "shown in the view chosen"));
    m_switcher->setExpanding(false);
    m_switcher->setTabsClosable(true);
    m_switcher->setUsesScrollButtons(true);
    m_switcher->setVisible(false);
    layout->addWidget(m_switcher);

    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setAccessibleName(tr("Preview status"));
    layout->addWidget(m_status);

    m_filter->setSourceModel(m_model);
    m_view->setModel(m_filter);
    m_view->setAccessibleName(tr("Notebook cells"));
    layout->addWidget(m_view, 1);
    m_status->setText(tr("No notebook shown. Open an assignment or a notebook file."));

    connect(m_switcher, &QTabBar::currentChanged, this, [this](int i) {
        if (const QString path = m_switcher->tabData(i).toString(); i >= 0 && !path.isEmpty() && path != m_path)
            showNotebook(path);
    });
    connect(m_switcher, &QTabBar::tabCloseRequested, this, [this](int i) {
        if (i >= instructorTabs())
            m_switcher->removeTab(i); // the tab shown next is shown by currentChanged
        m_switcher->setVisible(m_switcher->count() > 0);
    });
    connect(openFile, &QPushButton::clicked, this, &NotebookPreview::chooseNotebookFile);
    connect(m_kinds, &QButtonGroup::idClicked, this, [this](int id) { setKind(PreviewKind(id)); });
    connect(m_showInjected, &QCheckBox::toggled, this, [this](bool show) {
        m_filter->setShowInjected(show);
        Q_EMIT showInjectedChanged(show);
    });
}

NotebookPreview::~NotebookPreview()
{
    if (m_watcher)
        m_watcher->cancel();
}

void NotebookPreview::setAssignment(const std::optional<Assignment> &assignment)
{
    m_assignment = assignment;
    {
        const QSignalBlocker block(m_switcher);
        while (m_switcher->count() > 0)
            m_switcher->removeTab(0);
        if (assignment && m_role == Role::Assignment)
            for (const QString &rel : assignment->notebooks()) {
                const int t = m_switcher->addTab(boundedLine(rel));
                m_switcher->setTabToolTip(t, boundedText(rel));
                m_switcher->setTabData(t, QDir::cleanPath(assignment->absolute(rel)));
                m_switcher->setTabButton(t, QTabBar::RightSide, nullptr); // an instructor notebook stays
                m_switcher->setTabButton(t, QTabBar::LeftSide, nullptr);
            }
    }
    m_switcher->setVisible(m_switcher->count() > 0);
    if (!assignment) {
        m_referenceLookup->cancel();
        if (m_watcher) {
            m_watcher->disconnect(this);
            m_watcher->cancel();
            m_watcher->deleteLater();
            m_watcher = nullptr;
        }
        m_loading = false;
        m_model->clear();
        m_path.clear();
        m_status->setText(tr("No notebook shown. Open an assignment or a notebook file."));
        return;
    }
    if (!assignment->notebooks().isEmpty())
        showNotebook(assignment->absolute(assignment->notebooks().constFirst()));
    else
        updateKindButtons();
}

void NotebookPreview::showNotebook(const QString &path)
{
    const QString clean = QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    m_path = clean;
    if (m_role == Role::Assignment) {
        int t = 0;
        while (t < m_switcher->count() && m_switcher->tabData(t).toString() != clean)
            ++t;
        const QSignalBlocker block(m_switcher);
        if (t == m_switcher->count()) {
            // Another file (a student's): a tab of its own after the instructor notebooks, named by its path relative
            // to the assignment ("submissions/bob/iris.ipynb") so two files of one name never look alike.
            QString label = QDir::toNativeSeparators(clean);
            if (m_assignment) {
                const QString rel = QDir(m_assignment->folder()).relativeFilePath(clean);
                if (!rel.startsWith(QLatin1String("..")))
                    label = QDir::toNativeSeparators(rel);
            }
            t = m_switcher->addTab(boundedLine(label));
            m_switcher->setTabData(t, clean);
            m_switcher->setTabToolTip(t, tr("%1 (not one of the assignment's notebooks)").arg(boundedText(QDir::toNativeSeparators(clean))));
        }
        m_switcher->setCurrentIndex(t);
        m_switcher->setVisible(true);
    }
    if (!isKindAvailable(m_kind))
        m_kind = PreviewKind::Instructor;
    updateKindButtons();
    reload();
}

void NotebookPreview::showRunArtifact(const QString &path, const QString &caption)
{
    m_caption->setText(caption);
    m_caption->setToolTip(QDir::toNativeSeparators(path));
    m_path = QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    m_kind = PreviewKind::Instructor; // as written
    reload();
}

bool NotebookPreview::isNotebookSwitcherShown() const
{
    return !m_switcher->isHidden();
}

bool NotebookPreview::showsInstructorNotebook() const
{
    if (!m_assignment || m_path.isEmpty())
        return false;
    for (const QString &rel : m_assignment->notebooks())
        if (QDir::cleanPath(m_assignment->absolute(rel)) == m_path)
            return true;
    return false;
}

QString NotebookPreview::notebookLabel() const
{
    return m_role == Role::RunArtifact ? m_caption->text() : m_switcher->tabText(m_switcher->currentIndex());
}

QStringList NotebookPreview::notebookEntries() const
{
    QStringList entries;
    for (int i = 0; i < m_switcher->count(); ++i)
        entries << m_switcher->tabText(i);
    return entries;
}

int NotebookPreview::instructorTabs() const
{
    return m_assignment && m_role == Role::Assignment ? int(m_assignment->notebooks().size()) : 0;
}

bool NotebookPreview::isKindAvailable(PreviewKind kind) const
{
    if (m_role == Role::RunArtifact)
        return kind == PreviewKind::Instructor;
    // A release is made from an instructor notebook; of any other file it would be meaningless.
    return kind != PreviewKind::Release || m_path.isEmpty() || showsInstructorNotebook();
}

void NotebookPreview::updateKindButtons()
{
    const bool instructor = m_path.isEmpty() || showsInstructorNotebook();
    QAbstractButton *asWritten = m_kinds->button(int(PreviewKind::Instructor));
    asWritten->setText(instructor ? tr("Instructor") : tr("As Written"));
    asWritten->setAccessibleName(tr("%1 view").arg(asWritten->text()));
    asWritten->setToolTip(instructor ? tr("The instructor notebook as written, with solutions and hidden tests")
                                     : tr("The file as it is on disk"));
    QAbstractButton *release = m_kinds->button(int(PreviewKind::Release));
    release->setEnabled(isKindAvailable(PreviewKind::Release));
    release->setToolTip(release->isEnabled()
                            ? tr("The student copy: solutions replaced by stubs, hidden tests removed, outputs cleared")
                            : tr("The release is made from the instructor notebooks; choose one of their tabs"));
    if (QAbstractButton *b = m_kinds->button(int(m_kind)))
        b->setChecked(true);
}

void NotebookPreview::setKind(PreviewKind kind)
{
    if (!isKindAvailable(kind)) {
        updateKindButtons();
        return;
    }
    if (QAbstractButton *b = m_kinds->button(int(kind)))
        b->setChecked(true);
    if (m_kind == kind)
        return;
    m_kind = kind;
    reload();
}

bool NotebookPreview::showInjected() const
{
    return m_showInjected->isChecked();
}

void NotebookPreview::setShowInjected(bool show)
{
    m_showInjected->setChecked(show);
}

QString NotebookPreview::statusText() const
{
    return m_status->text();
}

void NotebookPreview::referenceRunChanged()
{
    if (m_role == Role::Assignment && m_kind == PreviewKind::Instructor && showsInstructorNotebook())
        reload();
}

void NotebookPreview::reload()
{
    if (m_path.isEmpty())
        return;
    if (m_watcher) { // superseded: stop it and never look at its chunks again
        m_watcher->disconnect(this);
        m_watcher->cancel();
        m_watcher->deleteLater();
        m_watcher = nullptr;
    }
    m_pendingCell = -1; // a cell of the notebook shown before
    m_status->setText(tr("Loading %1…").arg(QFileInfo(m_path).fileName()));
    m_loading = true;
    m_referenceNote.clear();
    if (m_role != Role::Assignment || m_kind != PreviewKind::Instructor || !showsInstructorNotebook()) {
        m_referenceLookup->cancel();
        startStream(m_path);
        return;
    }
    // The instructor notebook with the outputs of its latest reference run, when there is one for it as it is now.
    const Assignment assignment = *m_assignment;
    QString rel; // as assignment.json lists it, as the reference run keeps it
    for (const QString &n : assignment.notebooks())
        if (QDir::cleanPath(assignment.absolute(n)) == m_path)
            rel = n;
    m_referenceLookup->run([assignment, rel] { return latestReferenceNotebook(assignment, rel); },
                           [this, path = m_path](const std::optional<ReferenceNotebook> &reference) {
                               if (path != m_path || m_kind != PreviewKind::Instructor)
                                   return;
                               const QString when = reference ? QLocale().toString(reference->ranAt, QLocale::ShortFormat) : QString();
                               if (reference && reference->current)
                                   m_referenceNote = tr("Outputs from the reference run of %1.").arg(when);
                               else if (reference)
                                   m_referenceNote = tr("No outputs: the last reference run (%1) ran an earlier version of the "
                                                        "assignment. Run Reference on the Checks page to see them.")
                                                         .arg(when);
                               else
                                   m_referenceNote = tr("No outputs: no reference run yet. Run Reference on the Checks page to "
                                                        "see the instructor notebook's outputs here.");
                               startStream(reference && reference->current ? reference->path : path);
                           });
}

void NotebookPreview::startStream(const QString &file)
{
    const QString path = file;
    const PreviewKind kind = m_kind;
    QElapsedTimer timer;
    timer.start();
    m_loadStarted = timer.msecsSinceReference();
    m_watcher = new QFutureWatcher<PreviewChunk>(this);
    connect(m_watcher, &QFutureWatcherBase::resultsReadyAt, this, [this, watcher = m_watcher](int begin, int end) {
        for (int i = begin; i < end && watcher == m_watcher; ++i)
            takeChunk(watcher->resultAt(i));
    });
    m_watcher->setFuture(QtConcurrent::run(
        backgroundPool(), [path, kind, assignment = m_assignment](QPromise<PreviewChunk> &promise) { streamPreview(promise, path, kind, assignment); }));
}

void NotebookPreview::takeChunk(const PreviewChunk &chunk)
{
    const QString name = QFileInfo(m_path).fileName();
    if (chunk.error) {
        m_view->cellDelegate()->clearCache();
        m_model->clear();
        m_loading = false;
        const QString message = chunk.error->toString();
        m_status->setText(boundedText(tr("This notebook cannot be shown: %1").arg(message)));
        Q_EMIT loadFailed(message);
        return;
    }
    if (chunk.first) {
        m_view->cellDelegate()->clearCache();
        m_notes = chunk.notes;
        m_model->setCells(chunk.cells);
        Q_EMIT firstCellsShown();
    } else {
        m_model->appendCells(chunk.cells);
    }
    if (m_pendingCell >= 0 && !applyPendingCell() && chunk.last)
        m_pendingCell = -1; // the notebook has no such cell
    if (!chunk.last) {
        m_status->setText(tr("Loading %1… %n cell(s) so far", nullptr, m_model->rowCount()).arg(name));
        return;
    }
    m_loading = false;
    QElapsedTimer now;
    now.start();
    qCDebug(lcPreview) << "showed" << m_model->rowCount() << "cells of" << m_path << "in"
                       << now.msecsSinceReference() - m_loadStarted << "ms";
    int injected = 0;
    for (const CellData &c : m_model->cells())
        injected += c.injected != InjectedKind::None ? 1 : 0;
    QString status = tr("%1: %n cell(s)", nullptr, m_model->rowCount()).arg(name);
    if (injected > 0)
        status += QLatin1Char(' ') + tr("(%n injected by Sandmark)", nullptr, injected);
    if (!m_referenceNote.isEmpty())
        status += QLatin1Char('\n') + m_referenceNote;
    for (const QString &note : std::as_const(m_notes))
        status += QLatin1Char('\n') + note;
    m_status->setText(status);
    Q_EMIT loaded();
}

bool NotebookPreview::showCell(int index)
{
    m_pendingCell = index;
    if (applyPendingCell())
        return true;
    if (m_loading)
        return true; // applied when the cell arrives
    m_pendingCell = -1;
    return false;
}

bool NotebookPreview::applyPendingCell()
{
    for (int row = 0; row < m_filter->rowCount(); ++row) {
        const QModelIndex at = m_filter->index(row, 0);
        if (at.data(CellDataRole).value<CellData>().index != m_pendingCell)
            continue;
        m_pendingCell = -1;
        m_view->setCurrentIndex(at);
        m_view->scrollTo(at, QAbstractItemView::PositionAtTop);
        return true;
    }
    return false;
}

int NotebookPreview::selectedCell() const
{
    const QModelIndex at = m_view->currentIndex();
    return at.isValid() && m_view->selectionModel()->isSelected(at) ? at.data(CellDataRole).value<CellData>().index : -1;
}

void NotebookPreview::chooseNotebookFile()
{
    const QString start = m_assignment ? m_assignment->folder() : QString();
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Preview Notebook"), start, tr("Jupyter notebooks (*.ipynb)"));
    if (!path.isEmpty())
        showNotebook(path);
}

} // namespace sandmark
