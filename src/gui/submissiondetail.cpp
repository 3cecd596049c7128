#include "submissiondetail.h"

#include "checkresultsmodel.h"
#include "notebookpreview.h"

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace sandmark {

SubmissionDetail::SubmissionDetail(QWidget *parent)
    : QWidget(parent),
      m_summary(new QLabel(this)),
      m_tabs(new QTabWidget(this)),
      m_checks(new CheckResultsModel(this)),
      m_record(new RecordCellsModel(this)),
      m_checksTable(new QTableView(this)),
      m_recordTable(new QTableView(this)),
      m_messages(new QLabel(this)),
      m_notebook(new NotebookPreview(this)),
      m_log(new QPlainTextEdit(this))
{
    auto *layout = new QVBoxLayout(this);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setAccessibleName(tr("Grade summary"));
    layout->addWidget(m_summary);

    auto *checksTab = new QWidget(this);
    auto *checksLayout = new QVBoxLayout(checksTab);
    m_checksTable->setModel(m_checks);
    m_checksTable->setAccessibleName(tr("Check results"));
    m_checksTable->verticalHeader()->hide();
    m_checksTable->horizontalHeader()->setStretchLastSection(true);
    m_checksTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_checksTable->setWordWrap(true);
    checksLayout->addWidget(m_checksTable, 1);
    auto *override = new QGroupBox(tr("Manual override"), checksTab);
    auto *form = new QFormLayout(override);
    auto *points = new QDoubleSpinBox(override);
    points->setAccessibleName(tr("Override points"));
    auto *comment = new QLineEdit(override);
    comment->setAccessibleName(tr("Override comment"));
    comment->setPlaceholderText(tr("why the grade differs (kept with the override)"));
    auto *apply = new QPushButton(tr("Apply Override"), override);
    form->addRow(tr("Points:"), points);
    form->addRow(tr("Comment:"), comment);
    form->addRow(apply);
    const QString why = tr("Overrides are stored in the gradebook, which is not part of this build yet.");
    for (QWidget *w : {static_cast<QWidget *>(points), static_cast<QWidget *>(comment), static_cast<QWidget *>(apply)}) {
        w->setEnabled(false);
        w->setToolTip(why);
    }
    auto *note = new QLabel(why, override);
    note->setWordWrap(true);
    form->addRow(note);
    checksLayout->addWidget(override);
    m_tabs->addTab(checksTab, tr("Checks"));

    m_notebook->setAccessibleName(tr("Executed notebook"));
    m_tabs->addTab(m_notebook, tr("Executed notebook"));

    auto *recordTab = new QWidget(this);
    auto *recordLayout = new QVBoxLayout(recordTab);
    m_messages->setWordWrap(true);
    m_messages->setTextInteractionFlags(Qt::TextSelectableByMouse);
    recordLayout->addWidget(m_messages);
    m_recordTable->setModel(m_record);
    m_recordTable->setAccessibleName(tr("Execution record"));
    m_recordTable->verticalHeader()->hide();
    m_recordTable->horizontalHeader()->setStretchLastSection(true);
    recordLayout->addWidget(m_recordTable, 1);
    m_tabs->addTab(recordTab, tr("Execution record"));

    m_log->setReadOnly(true);
    m_log->setAccessibleName(tr("Run log"));
    m_log->setFont(QFont(QStringLiteral("monospace")));
    m_tabs->addTab(m_log, tr("Log"));
    layout->addWidget(m_tabs, 1);
}

void SubmissionDetail::setResult(const QString &student, const GradeResult &result, const QJsonObject &record,
                                 const QString &executedNotebook, const QString &log)
{
    QString summary = tr("%1: %2, %3 of %4 points")
                          .arg(student, gradeStatusName(result.status), QLocale().toString(result.score, 'g', 6),
                               QLocale().toString(result.maxScore, 'g', 6));
    if (result.status == GradeStatus::GraderError)
        summary = tr("%1: grader error — the run failed on the grader's side; this is not a grade.").arg(student);
    for (const QString &reason : result.reasons)
        summary += QLatin1Char('\n') + reason;
    m_summary->setText(summary);
    m_checks->setResults(result.checks);
    m_checksTable->resizeColumnsToContents();
    m_record->setRecord(record);
    m_recordTable->resizeColumnsToContents();
    QStringList messages;
    messages << tr("Run status: %1, %2 s").arg(record.value(QLatin1String("status")).toString(),
                                               QLocale().toString(record.value(QLatin1String("duration_s")).toDouble(), 'f', 2));
    if (record.value(QLatin1String("unsafe")).toBool())
        messages << tr("UNSAFE: this run had no sandbox (local-unsafe).");
    const QJsonArray limits = record.value(QLatin1String("limits_hit")).toArray();
    for (const QJsonValue &l : limits)
        messages << tr("Limit hit: %1").arg(l.toString());
    const QJsonArray msgs = record.value(QLatin1String("messages")).toArray();
    for (const QJsonValue &m : msgs)
        messages << m.toString();
    m_messages->setText(messages.join(QLatin1Char('\n')));
    m_log->setPlainText(log);
    m_tabs->setTabEnabled(1, !executedNotebook.isEmpty());
    if (!executedNotebook.isEmpty())
        m_notebook->showNotebook(executedNotebook);
}

QString SubmissionDetail::summaryText() const
{
    return m_summary->text();
}

} // namespace sandmark
