#include "pages.h"

#include "checksmodel.h"

#include <QHeaderView>
#include <QLabel>
#include <QListView>
#include <QLocale>
#include <QPushButton>
#include <QStringListModel>
#include <QTableView>
#include <QVBoxLayout>

namespace sandmark {

namespace {
QLabel *heading(const QString &text, QWidget *parent)
{
    auto *l = new QLabel(text, parent);
    QFont f = l->font();
    f.setPointSizeF(f.pointSizeF() * 1.3);
    f.setBold(true);
    l->setFont(f);
    return l;
}

QLabel *note(const QString &text, QWidget *parent)
{
    auto *l = new QLabel(text, parent);
    l->setWordWrap(true);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return l;
}

// Explains, on the page itself, which part of the core a control is waiting for.
QLabel *pendingNote(const QString &text, QWidget *parent)
{
    QLabel *l = note(text, parent);
    l->setStyleSheet(QStringLiteral("QLabel { color: #5a4a00; background: #fff8d6; border: 1px solid #e6d38a; "
                                    "padding: 6px; }"));
    return l;
}
} // namespace

PlaceholderPage::PlaceholderPage(const QString &title, const QString &text, QWidget *parent) : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(heading(title, this));
    m_text = pendingNote(text, this);
    m_text->setAccessibleName(tr("%1: not available yet").arg(title));
    layout->addWidget(m_text);
    layout->addStretch(1);
}

QString PlaceholderPage::text() const
{
    return m_text->text();
}

ChecksPage::ChecksPage(QWidget *parent)
    : QWidget(parent), m_model(new ChecksModel(this)), m_table(new QTableView(this)), m_total(new QLabel(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(heading(tr("Checks"), this));
    m_table->setModel(m_model);
    m_table->setAccessibleName(tr("Checks of the assignment"));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    layout->addWidget(m_table, 1);
    m_total->setAccessibleName(tr("Total points"));
    layout->addWidget(m_total);
    layout->addWidget(pendingNote(tr("Adding a value check by picking a variable from the reference run, and "
                                     "editing points and tolerances, need the grading core (reference runs), "
                                     "which is not part of this build yet. Until then, edit the \"checks\" "
                                     "list of assignment.json and press F5 to reload."),
                                  this));
    setAssignment(std::nullopt);
}

void ChecksPage::setAssignment(const std::optional<Assignment> &assignment)
{
    m_model->setChecks(assignment ? assignment->checks() : QList<Check>{});
    m_table->resizeColumnsToContents();
    m_total->setText(assignment ? tr("%n check(s), %1 points in total", nullptr, m_model->rowCount())
                                      .arg(QLocale().toString(m_model->totalPoints(), 'g', 6))
                                : tr("No assignment open."));
}

QString ChecksPage::totalText() const
{
    return m_total->text();
}

DataPage::DataPage(QWidget *parent)
    : QWidget(parent),
      m_files(new DataFilesModel(this)),
      m_datasets(new QStringListModel(this)),
      m_filesTable(new QTableView(this)),
      m_datasetList(new QListView(this)),
      m_noDatasets(new QLabel(tr("None: assignment.json lists no \"required_datasets\"."), this)),
      m_summary(new QLabel(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(heading(tr("Supplied data files"), this));
    layout->addWidget(note(tr("Copied into every run's working directory. A data URL whose file name matches "
                              "reads the local copy; any other URL fails as it would offline."),
                           this));
    m_filesTable->setModel(m_files);
    m_filesTable->setAccessibleName(tr("Supplied data files"));
    m_filesTable->verticalHeader()->hide();
    m_filesTable->horizontalHeader()->setStretchLastSection(true);
    m_filesTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    layout->addWidget(m_filesTable, 1);
    layout->addWidget(m_summary);

    layout->addWidget(heading(tr("Required datasets"), this));
    m_datasetList->setModel(m_datasets);
    m_datasetList->setAccessibleName(tr("Required datasets"));
    m_datasetList->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_datasetList->setMaximumHeight(160);
    layout->addWidget(m_datasetList);
    layout->addWidget(m_noDatasets);
    auto *buttons = new QHBoxLayout;
    const QString why = tr("Needs the datasets core, which is not part of this build yet");
    for (const QString &label : {tr("Scan Notebook"), tr("Warm Cache"), tr("Check Cache")}) {
        auto *b = new QPushButton(label, this);
        b->setEnabled(false);
        b->setToolTip(why);
        b->setAccessibleName(label);
        buttons->addWidget(b);
    }
    buttons->addStretch(1);
    layout->addLayout(buttons);
    layout->addWidget(pendingNote(tr("Scanning the instructor notebook for dataset calls, warming the dataset "
                                     "cache with per-file progress and checking it offline need the datasets "
                                     "core (src/core/datasets), which is not part of this build yet. The list "
                                     "above is \"required_datasets\" as assignment.json writes it."),
                                  this));
    layout->addStretch(0);
    setAssignment(std::nullopt, {});
}

void DataPage::setAssignment(const std::optional<Assignment> &assignment, QList<DataFilesModel::Row> rows)
{
    m_files->setRows(std::move(rows));
    m_filesTable->resizeColumnsToContents();
    m_datasets->setStringList(assignment ? assignment->requiredDatasets() : QStringList{});
    m_datasetList->setVisible(m_datasets->rowCount() > 0);
    m_noDatasets->setVisible(m_datasets->rowCount() == 0);
    m_summary->setText(assignment ? tr("%n file(s), %1 in total", nullptr, m_files->rowCount())
                                        .arg(QLocale().formattedDataSize(m_files->totalBytes()))
                                  : tr("No assignment open."));
}

} // namespace sandmark
