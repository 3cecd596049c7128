#include "submissionspage.h"

#include "jobtracker.h"
#include "roles.h"
#include "submissionsmodel.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace sandmark {

SubmissionsPage::SubmissionsPage(QWidget *parent)
    : QWidget(parent),
      m_model(new SubmissionsModel(this)),
      m_proxy(new QSortFilterProxyModel(this)),
      m_table(new QTableView(this)),
      m_filter(new QLineEdit(this)),
      m_count(new QLabel(this)),
      m_tracker(new JobTracker(this)),
      m_checkTracker(new JobTracker(this))
{
    auto *layout = new QVBoxLayout(this);
    auto *title = new QLabel(tr("Submissions"), this);
    QFont f = title->font();
    f.setPointSizeF(f.pointSizeF() * 1.3);
    f.setBold(true);
    title->setFont(f);
    layout->addWidget(title);

    auto *bar = new QHBoxLayout;
    auto *import = new QPushButton(tr("&Import Folder…"), this);
    import->setAccessibleName(tr("Import a folder of submissions"));
    import->setToolTip(tr("A folder with one sub-folder per student, each holding the student's notebook"));
    connect(import, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Import Submissions Folder"),
                                                              m_assignment ? m_assignment->folder() : QString());
        if (!dir.isEmpty())
            importFolder(dir);
    });
    bar->addWidget(import);
    m_filter->setPlaceholderText(tr("Filter by student"));
    m_filter->setAccessibleName(tr("Filter submissions by student"));
    m_filter->setClearButtonEnabled(true);
    bar->addWidget(m_filter, 1);
    const QString why = tr("Running submissions needs the batch queue and grading parts of the core, which are "
                           "not part of this build yet");
    for (const QString &label : {tr("Run &All"), tr("Run &Selected"), tr("Run &Failed")}) {
        auto *b = new QPushButton(label, this);
        b->setEnabled(false);
        b->setToolTip(why);
        b->setAccessibleName(label);
        bar->addWidget(b);
    }
    layout->addLayout(bar);

    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(SortRole);
    m_proxy->setFilterKeyColumn(SubmissionsModel::StudentColumn);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(SubmissionsModel::StudentColumn, Qt::AscendingOrder);
    m_table->setAccessibleName(tr("Submissions"));
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->setToolTip(tr("Double-click a submission to preview its notebook"));
    layout->addWidget(m_table, 1);
    m_count->setAccessibleName(tr("Number of submissions"));
    layout->addWidget(m_count);
    auto *pending = new QLabel(why + QLatin1Char('.') + QLatin1Char(' ')
                                   + tr("Meanwhile, double-click a submission to see it in the Notebook preview, "
                                        "including its instrumented form."),
                               this);
    pending->setWordWrap(true);
    pending->setStyleSheet(QStringLiteral("QLabel { color: #5a4a00; background: #fff8d6; border: 1px solid #e6d38a; "
                                          "padding: 6px; }"));
    layout->addWidget(pending);

    connect(m_filter, &QLineEdit::textChanged, m_proxy, &QSortFilterProxyModel::setFilterFixedString);
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
        const QString path = index.data(NotebookPathRole).toString();
        if (!path.isEmpty())
            Q_EMIT previewRequested(path);
    });
    setAssignment(std::nullopt);
}

void SubmissionsPage::setAssignment(const std::optional<Assignment> &assignment)
{
    const bool same = assignment && m_assignment && assignment->folder() == m_assignment->folder();
    m_assignment = assignment;
    if (same)
        return;
    m_model->setRows({});
    m_count->setText(assignment ? tr("No submissions imported. Use Import Folder….") : tr("No assignment open."));
    if (assignment && QFileInfo(assignment->absolute(QStringLiteral("submissions"))).isDir())
        importFolder(assignment->absolute(QStringLiteral("submissions")));
}

void SubmissionsPage::importFolder(const QString &folder)
{
    const QString preferred = m_assignment && !m_assignment->notebooks().isEmpty() ? m_assignment->notebooks().constFirst()
                                                                                    : QString();
    m_count->setText(tr("Reading %1…").arg(QDir::toNativeSeparators(folder)));
    m_tracker->run([folder, preferred] { return findSubmissions(folder, preferred); },
                   [this, folder](QList<SubmissionsModel::Row> rows) {
                       int missing = 0;
                       for (const SubmissionsModel::Row &r : std::as_const(rows))
                           missing += r.notebookPath.isEmpty() ? 1 : 0;
                       m_model->setRows(std::move(rows));
                       m_table->resizeColumnsToContents();
                       QString text = tr("%n submission(s) in %1", nullptr, m_model->rowCount())
                                          .arg(QDir::toNativeSeparators(folder));
                       if (missing)
                           text += QLatin1String("; ") + tr("%n without a notebook", nullptr, missing);
                       m_count->setText(text);
                       Q_EMIT submissionsListed();
                       m_checkTracker->run([rows = m_model->rows()] { return checkNotebooks(rows); },
                                           [this](QHash<QString, QString> problems) {
                                               m_model->setProblems(problems);
                                               Q_EMIT notebooksChecked();
                                           });
                   });
}

} // namespace sandmark
