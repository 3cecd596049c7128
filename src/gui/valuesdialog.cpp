#include "valuesdialog.h"

#include "boundedtext.h"
#include "coretranslation.h"
#include "roles.h"
#include "util/displaytext.h"
#include "wrappinglabel.h"

#include <QColor>
#include <QDialogButtonBox>
#include <QFont>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace sandmark {

ValueTableModel::ValueTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void ValueTableModel::setTable(ValueTable table)
{
    beginResetModel();
    m_table = std::move(table);
    endResetModel();
}

int ValueTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_table.rows.size());
}

int ValueTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() || m_table.rows.isEmpty() ? 0 : int(m_table.columns.size());
}

QVariant ValueTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const bool differs = m_table.differs.value(index.row()).value(index.column());
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        return m_table.cells.value(index.row()).value(index.column());
    case Qt::BackgroundRole:
        return differs ? QVariant(QColor(0xfd, 0xc8, 0xc8)) : QVariant();
    case Qt::TextAlignmentRole:
        return int(Qt::AlignRight | Qt::AlignVCenter);
    case DifferRole:
        return differs;
    default:
        return {};
    }
}

QVariant ValueTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    const QStringList &labels = orientation == Qt::Horizontal ? m_table.columns : m_table.rows;
    if (section < 0 || section >= labels.size())
        return {};
    return labels.at(section);
}

ValuesDialog::ValuesDialog(const QString &student, const ValuesComparison &values, QWidget *parent)
    : QDialog(parent), m_expected(new ValueTableModel(this)), m_actual(new ValueTableModel(this)), m_verdict(new WrappingLabel(this))
{
    setAttribute(Qt::WA_DeleteOnClose);
    setWindowTitle(tr("Values of check %1 — %2").arg(boundedLine(values.checkId), boundedLine(student)));
    auto *layout = new QVBoxLayout(this);
    const QString outcome = values.comparison.outcome == Outcome::Pass   ? tr("pass")
                            : values.comparison.outcome == Outcome::Fail ? tr("fail")
                                                                         : tr("not graded");
    QString verdict = tr("`%1` at probe '%2': %3").arg(values.variable, values.probe, outcome);
    if (!values.comparison.feedback.isEmpty())
        verdict += QLatin1Char('\n') + translatedCoreText(values.comparison.feedback);
    if (values.expected.tabular || values.actual.tabular)
        verdict += QLatin1Char('\n')
                   + tr("Cells the comparator finds different (with this check's tolerances) are marked: %n in the student's value.",
                        nullptr, values.actual.differing);
    m_verdict->setText(verdict);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_verdict->setAccessibleName(tr("Verdict"));
    layout->addWidget(m_verdict);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->setChildrenCollapsible(false);
    split->addWidget(sidePane(tr("Expected (reference): %1").arg(values.expected.type), values.expected, m_expected, m_expectedText));
    split->addWidget(sidePane(values.actualDefined ? tr("Actual (student): %1").arg(values.actual.type)
                                                   : tr("Actual (student): not defined"),
                              values.actual, m_actual, m_actualText));
    layout->addWidget(split, 1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(900, 560);
}

QWidget *ValuesDialog::sidePane(const QString &title, const ValueTable &table, ValueTableModel *model, QPlainTextEdit *&text)
{
    auto *pane = new QWidget(this);
    auto *layout = new QVBoxLayout(pane);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *label = new WrappingLabel(title, pane);
    layout->addWidget(label);
    if (table.tabular) {
        model->setTable(table);
        auto *view = new QTableView(pane);
        view->setModel(model);
        view->setAccessibleName(title);
        view->setEditTriggers(QAbstractItemView::NoEditTriggers);
        view->resizeColumnsToContents();
        view->horizontalHeader()->setStretchLastSection(true);
        layout->addWidget(view, 1);
    } else {
        text = new QPlainTextEdit(pane);
        text->setReadOnly(true);
        text->setAccessibleName(title);
        text->setFont(QFont(QStringLiteral("monospace")));
        text->setPlainText(table.text);
        layout->addWidget(text, 1);
    }
    return pane;
}

QString ValuesDialog::expectedText() const
{
    return m_expectedText ? m_expectedText->toPlainText() : QString();
}

QString ValuesDialog::actualText() const
{
    return m_actualText ? m_actualText->toPlainText() : QString();
}

QString ValuesDialog::verdictText() const
{
    return m_verdict->text();
}

} // namespace sandmark
