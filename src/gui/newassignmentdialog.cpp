#include "newassignmentdialog.h"

#include "boundedtext.h"
#include "jobtracker.h"
#include "wrappinglabel.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace sandmark {

NewAssignmentDialog::NewAssignmentDialog(const QString &notebookPath, QWidget *parent)
    : QDialog(parent)
    , m_notebook(notebookPath)
    , m_tracker(new JobTracker(this))
{
    setObjectName(QStringLiteral("newAssignmentDialog"));
    setBoundedWindowTitle(this, tr("New Assignment from %1"), QFileInfo(notebookPath).fileName());
    auto *form = new QFormLayout;
    m_title = new QLineEdit;
    form->addRow(tr("&Title:"), m_title);
    auto *folderRow = new QHBoxLayout;
    m_folder = new QLineEdit(QDir::toNativeSeparators(QFileInfo(notebookPath).absolutePath()));
    auto *browse = new QPushButton(tr("&Browse…"));
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Assignment Folder"), m_folder->text());
        if (!dir.isEmpty())
            m_folder->setText(QDir::toNativeSeparators(dir));
    });
    folderRow->addWidget(m_folder, 1);
    folderRow->addWidget(browse);
    auto *folderLabel = new QLabel(tr("&Folder:"));
    folderLabel->setBuddy(m_folder);
    form->addRow(folderLabel, folderRow);
    m_files = new QListWidget;
    form->addRow(tr("&Data files:"), m_files);
    auto *filesHint = new WrappingLabel(tr("Ticked files beside the notebook are supplied to every run (and copied when the "
                                    "folder is another)."));
    form->addRow(QString(), filesHint);
    m_nbgrader = new QCheckBox(tr("Turn the notebook's &nbgrader cells into checks (as Import nbgrader does)"));
    m_nbgrader->setEnabled(false);
    form->addRow(QString(), m_nbgrader);

    m_urlWarning = new WrappingLabel;
    m_urlWarning->setObjectName(QStringLiteral("urlWarning"));
    m_urlWarning->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_urlWarning->hide();
    m_status = new WrappingLabel(tr("Reading the notebook…"));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel);
    m_create = buttons->addButton(tr("&Create"), QDialogButtonBox::AcceptRole);
    m_create->setEnabled(false);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_files, &QListWidget::itemChanged, this, &NewAssignmentDialog::updateUrlWarning);
    connect(m_folder, &QLineEdit::textChanged, this, &NewAssignmentDialog::updateCreateState);
    connect(m_nbgrader, &QCheckBox::toggled, this, &NewAssignmentDialog::updateCreateState);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form, 1);
    layout->addWidget(m_urlWarning);
    layout->addWidget(m_status);
    layout->addWidget(buttons);
    resize(640, 480);

    m_tracker->run([notebookPath] { return surveyNotebook(notebookPath); }, [this](Expected<NotebookSurvey> survey) {
        if (!survey) {
            m_status->setText(boundedText(survey.error().toString()));
        } else {
            showSurvey(*survey);
        }
        Q_EMIT surveyed();
    });
}

void NewAssignmentDialog::showSurvey(const NotebookSurvey &survey)
{
    m_status->clear();
    m_status->hide();
    m_title->setText(survey.title);
    m_urls = survey.urls;
    const QSignalBlocker block(m_files);
    for (const QString &f : survey.nearbyFiles) {
        auto *item = new QListWidgetItem(f, m_files);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        // A file a URL of the notebook names is what the notebook will read: ticked.
        const bool named = std::any_of(m_urls.cbegin(), m_urls.cend(), [&](const QString &u) {
            return unservedUrls({u}, {DataFile{f, {}}}).isEmpty();
        });
        item->setCheckState(named ? Qt::Checked : Qt::Unchecked);
    }
    m_nbgrader->setEnabled(survey.nbgraderCells > 0);
    m_nbgrader->setChecked(survey.nbgraderCells > 0);
    if (survey.nbgraderCells > 0) // the import copies the notebook: a folder of its own, beside the notebook
        m_folder->setText(QDir::toNativeSeparators(QFileInfo(m_notebook).absoluteDir().filePath(survey.slug + QStringLiteral("-assignment"))));
    m_nbgrader->setText(survey.nbgraderCells > 0
                            ? tr("Turn the notebook's %n nbgrader cell(s) into checks (as Import nbgrader does)", nullptr,
                                 survey.nbgraderCells)
                            : tr("The notebook has no nbgrader cells"));
    m_surveyed = true;
    updateCreateState();
    updateUrlWarning();
}

void NewAssignmentDialog::updateCreateState()
{
    const bool sameFolder = QDir::cleanPath(QFileInfo(QDir::fromNativeSeparators(m_folder->text().trimmed())).absoluteFilePath())
                            == QFileInfo(m_notebook).absolutePath();
    const bool conflict = m_nbgrader->isEnabled() && m_nbgrader->isChecked() && sameFolder;
    m_create->setEnabled(m_surveyed && !conflict && !m_folder->text().trimmed().isEmpty());
    m_status->setVisible(conflict);
    if (conflict)
        m_status->setText(tr("Turning nbgrader cells into checks copies the notebook: choose another folder."));
}

void NewAssignmentDialog::updateUrlWarning()
{
    QList<DataFile> files;
    for (const QString &f : options().dataFiles)
        files << DataFile{f, {}};
    const QStringList unserved = unservedUrls(m_urls, files);
    m_urlWarning->setVisible(!unserved.isEmpty());
    m_urlWarning->setText(unserved.isEmpty()
                              ? QString()
                              : tr("The notebook reads %n URL(s) that no supplied file serves; runs have no network, so "
                                   "these reads fail unless you add the file (Assignment Settings, Data Files):",
                                   nullptr, int(unserved.size()))
                                    + QLatin1Char('\n') + unserved.join(QLatin1Char('\n')));
}

NewAssignmentOptions NewAssignmentDialog::options() const
{
    NewAssignmentOptions o;
    o.title = m_title->text().trimmed();
    o.folder = QDir::fromNativeSeparators(m_folder->text().trimmed());
    for (int i = 0; i < m_files->count(); ++i)
        if (m_files->item(i)->checkState() == Qt::Checked)
            o.dataFiles << m_files->item(i)->text();
    o.nbgraderChecks = m_nbgrader->isEnabled() && m_nbgrader->isChecked();
    return o;
}

} // namespace sandmark
