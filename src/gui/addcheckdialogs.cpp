#include "addcheckdialogs.h"

#include "boundedtext.h"
#include "grading/compare.h"

#include "codesyntaxlabel.h"
#include "jobtracker.h"
#include "namespacemodel.h"
#include "pythonhighlighter.h"
#include "translations.h"
#include "wrappinglabel.h"

#include <QCheckBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace sandmark {

namespace {

/// OK (labelled `okText`, for `okName` screen readers; returned in `ok`) and Cancel, wired to accept/reject.
QDialogButtonBox *addCheckButtons(QDialog *dialog, const QString &okText, const QString &okName, QPushButton *&ok)
{
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, dialog);
    ok = buttons->button(QDialogButtonBox::Ok);
    ok->setText(okText);
    ok->setAccessibleName(okName);
    QObject::connect(buttons, &QDialogButtonBox::accepted, dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    return buttons;
}

/// Why `id` cannot be used, or an empty string (the rule of docs/assignment-format.md, "Checks").
QString idProblem(const QString &id, const QStringList &taken)
{
    if (!isCheckId(id))
        return QCoreApplication::translate("sandmark::AddValueCheckDialog",
                                           "An id is 1–64 letters, digits, '.', '_' or '-', starting with a letter or digit.");
    if (taken.contains(id))
        return QCoreApplication::translate("sandmark::AddValueCheckDialog", "Another check already has the id '%1'.").arg(id);
    return {};
}

/// Shows what is wrong with `id`'s text under it in `problemLabel` (nothing while it is empty); returns the problem.
QString showIdProblem(const QLineEdit *id, QLabel *problemLabel, const QStringList &taken)
{
    const QString problem = idProblem(id->text(), taken);
    problemLabel->setText(id->text().isEmpty() ? QString() : problem);
    return problem;
}

/// The rows every Add dialog starts with: the check's id, what is wrong with it, and its points (1 by default).
void addIdAndPointsRows(QFormLayout *form, QLineEdit *id, QLabel *idProblem, QDoubleSpinBox *points)
{
    id->setAccessibleName(QCoreApplication::translate("sandmark::AddValueCheckDialog", "Check id"));
    form->addRow(QCoreApplication::translate("sandmark::AddValueCheckDialog", "Check &id:"), id);
    idProblem->setAccessibleName(QCoreApplication::translate("sandmark::AddValueCheckDialog", "Problem with the check id"));
    form->addRow(QString(), idProblem);
    points->setRange(0, 10000);
    points->setDecimals(2);
    points->setValue(1);
    points->setAccessibleName(QCoreApplication::translate("sandmark::AddValueCheckDialog", "Points"));
    form->addRow(QCoreApplication::translate("sandmark::AddValueCheckDialog", "&Points:"), points);
}

/// A tolerance: the box that sets it and its value, disabled until ticked, starting from `defaultValue`.
void addToleranceRow(QFormLayout *form, QCheckBox *use, QDoubleSpinBox *spin, double defaultValue, const QString &name)
{
    spin->setDecimals(10);
    spin->setRange(0, 1e9);
    spin->setSingleStep(0.001);
    spin->setValue(defaultValue);
    spin->setAccessibleName(name);
    spin->setEnabled(false);
    QObject::connect(use, &QCheckBox::toggled, spin, &QWidget::setEnabled);
    form->addRow(use, spin);
}

} // namespace

AddValueCheckDialog::AddValueCheckDialog(QStringList takenIds, QHash<QString, QStringList> checkedBy, QWidget *parent)
    : QDialog(parent),
      m_taken(std::move(takenIds)),
      m_checkedBy(std::move(checkedBy)),
      m_model(new NamespaceModel(this)),
      m_proxy(new QSortFilterProxyModel(this)),
      m_filter(new QLineEdit(this)),
      m_table(new QTableView(this)),
      m_status(new WrappingLabel(this)),
      m_progress(new QProgressBar(this)),
      m_cancelRun(new QPushButton(tr("&Cancel Run"), this)),
      m_value(new QPlainTextEdit(this)),
      m_id(new QLineEdit(this)),
      m_idProblem(new WrappingLabel(this)),
      m_points(new QDoubleSpinBox(this)),
      m_useRtol(new QCheckBox(tr("&Relative tolerance (rtol):"), this)),
      m_rtol(new NumberSpinBox(this)),
      m_useAtol(new QCheckBox(tr("A&bsolute tolerance (atol):"), this)),
      m_atol(new NumberSpinBox(this)),
      m_anchor(new QLineEdit(this)),
      m_ok(nullptr),
      m_tracker(new JobTracker(this))
{
    setWindowTitle(tr("Add Value Check"));
    resize(720, 560);
    auto *layout = new QVBoxLayout(this);
    auto *intro = new WrappingLabel(tr("Pick a variable of the instructor notebook's reference run. Submissions are graded by "
                                "comparing the same variable in the student's notebook with this value."),
                             this);
    layout->addWidget(intro);
    layout->addLayout(createRunRow());
    layout->addLayout(createFilterRow());
    setUpVariableTable();
    layout->addWidget(m_table, 2);
    auto *valueLabel = new QLabel(tr("Reference &value:"), this);
    valueLabel->setBuddy(m_value);
    layout->addWidget(valueLabel);
    m_value->setReadOnly(true);
    m_value->setAccessibleName(tr("Reference value of the selected variable"));
    m_value->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_value->setMaximumHeight(90);
    layout->addWidget(m_value);
    layout->addLayout(createCheckForm());
    layout->addWidget(addCheckButtons(this, tr("Add Check"), tr("Add the value check to assignment.json"), m_ok));
    m_filter->setFocus();
    updateOk();
}

QHBoxLayout *AddValueCheckDialog::createRunRow()
{
    auto *runRow = new QHBoxLayout;
    m_status->setAccessibleName(tr("Reference run status"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    runRow->addWidget(m_status, 1);
    m_progress->setRange(0, 0); // busy: the run reports lines, not fractions
    m_progress->setAccessibleName(tr("Reference run progress"));
    m_progress->setMaximumWidth(160);
    m_progress->hide();
    runRow->addWidget(m_progress);
    m_cancelRun->setAccessibleName(tr("Cancel the reference run"));
    m_cancelRun->hide();
    connect(m_cancelRun, &QPushButton::clicked, this, &AddValueCheckDialog::cancelReference);
    runRow->addWidget(m_cancelRun);
    return runRow;
}

QHBoxLayout *AddValueCheckDialog::createFilterRow()
{
    m_filter->setPlaceholderText(tr("Filter variables by name, type or value"));
    m_filter->setAccessibleName(tr("Filter variables"));
    m_filter->setClearButtonEnabled(true);
    auto *filterLabel = new QLabel(tr("&Filter:"), this);
    filterLabel->setBuddy(m_filter);
    auto *filterRow = new QHBoxLayout;
    filterRow->addWidget(filterLabel);
    filterRow->addWidget(m_filter, 1);
    return filterRow;
}

void AddValueCheckDialog::setUpVariableTable()
{
    m_proxy->setSourceModel(m_model);
    m_proxy->setFilterKeyColumn(-1);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    connect(m_filter, &QLineEdit::textChanged, m_proxy, &QSortFilterProxyModel::setFilterFixedString);
    m_table->setModel(m_proxy);
    m_table->setAccessibleName(tr("Variables of the reference run"));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setSortingEnabled(false);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    m_table->setAlternatingRowColors(true);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &AddValueCheckDialog::selectionChanged);
}

QFormLayout *AddValueCheckDialog::createCheckForm()
{
    auto *form = new QFormLayout;
    connect(m_id, &QLineEdit::textEdited, this, [this] { m_idEdited = true; });
    connect(m_id, &QLineEdit::textChanged, this, &AddValueCheckDialog::updateOk);
    addIdAndPointsRows(form, m_id, m_idProblem, m_points);
    // Ticking a tolerance starts from the comparator's documented default (docs/grading.md).
    addToleranceRow(form, m_useRtol, m_rtol, CompareOptions{}.rtol, tr("Relative tolerance"));
    addToleranceRow(form, m_useAtol, m_atol, CompareOptions{}.atol, tr("Absolute tolerance"));
    m_anchor->setPlaceholderText(tr("optional: grade_id, cell id or tag of the answer cell"));
    m_anchor->setAccessibleName(tr("Answer cell the probe runs after"));
    form->addRow(tr("&Answer cell:"), m_anchor);
    auto *hint = new WrappingLabel(tr("Unchecked tolerances: the comparator's default applies. Without an answer cell the "
                               "variable is probed at the end of the notebook."),
                            this);
    form->addRow(hint);
    return form;
}

AddValueCheckDialog::~AddValueCheckDialog()
{
    cancelReference();
}

void AddValueCheckDialog::setListing(const QList<NamespaceEntry> &listing)
{
    m_model->setListing(listing, m_checkedBy);
    m_table->resizeColumnsToContents();
    m_table->setColumnWidth(NamespaceModel::ValueColumn, qMin(m_table->columnWidth(NamespaceModel::ValueColumn), 380));
    if (m_status->text().isEmpty() || !m_run)
        m_status->setText(listing.isEmpty() ? tr("The reference run's namespace holds no variables.")
                                            : tr("%n variable(s) in the reference run.", nullptr, int(listing.size())));
    Q_EMIT listingReady(listing);
    updateOk();
}

void AddValueCheckDialog::startReference(const Assignment &assignment, const ReferenceRunOptions &options)
{
    if (m_run)
        return;
    m_run = new ReferenceRun(assignment, options, this);
    const QString firstNotebook = assignment.notebooks().value(0); // a problem set: its first notebook's namespace
    m_progress->show();
    m_cancelRun->show();
    m_status->setText(tr("Running the instructor notebook in the sandbox (%1)…").arg(sandboxKindName(options.run.kind)));
    connect(m_run, &ReferenceRun::progress, this, [this](const QString &line) { m_status->setText(boundedText(line)); });
    connect(m_run, &ReferenceRun::finished, this, [this, firstNotebook](const QByteArray &payload, const QString &) {
        const bool cached = m_run->cacheHit();
        Q_EMIT referenceEnded(referenceHealth(*m_run, std::nullopt));
        m_run->deleteLater();
        m_run = nullptr;
        m_status->setText(tr("Reading the reference values…"));
        m_tracker->run([payload, firstNotebook] {
                           return decodeProbePayload(notebookPayload(payload, firstNotebook), QStringLiteral("reference payload"));
                       },
                       [this, cached](Expected<ProbePayload> decoded) {
                           m_progress->hide();
                           m_cancelRun->hide();
                           if (!decoded || !decoded->hasNamespace) {
                               const QString message = decoded ? tr("The reference payload lists no variables.")
                                                               : decoded.error().toString();
                               m_status->setText(boundedText(message));
                               Q_EMIT referenceFailed(message);
                               return;
                           }
                           setListing(decoded->namespaceListing);
                           m_status->setText(
                               (cached ? tr("%n variable(s) from the cached reference run.", nullptr, int(decoded->namespaceListing.size()))
                                       : tr("%n variable(s) from a fresh reference run.", nullptr, int(decoded->namespaceListing.size())))
                               + (decoded->namespaceOmitted > 0 ? QLatin1Char(' ') + tr("%n more not listed.", nullptr, int(decoded->namespaceOmitted))
                                                                : QString()));
                       });
    });
    connect(m_run, &ReferenceRun::failed, this, [this](const Error &error) {
        const HealthInputs::Reference health = referenceHealth(*m_run, error);
        m_run->deleteLater();
        m_run = nullptr;
        m_progress->hide();
        m_cancelRun->hide();
        const QString message = tr("The reference run failed: %1").arg(error.toString());
        Q_EMIT referenceEnded(health);
        m_status->setText(boundedText(message));
        Q_EMIT referenceFailed(message);
    });
    m_run->start();
}

void AddValueCheckDialog::cancelReference()
{
    if (m_run)
        m_run->cancel(); // failed("cancelled") follows
}

void AddValueCheckDialog::done(int result)
{
    cancelReference();
    QDialog::done(result);
}

bool AddValueCheckDialog::selectVariable(const QString &name)
{
    const int row = m_model->rowOf(name);
    if (row < 0)
        return false;
    QModelIndex proxied = m_proxy->mapFromSource(m_model->index(row, 0));
    if (!proxied.isValid()) {
        m_filter->clear();
        proxied = m_proxy->mapFromSource(m_model->index(row, 0));
    }
    m_table->selectionModel()->select(proxied, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_table->setCurrentIndex(proxied);
    m_table->scrollTo(proxied);
    return true;
}

QString AddValueCheckDialog::selectedVariable() const
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    return rows.isEmpty() ? QString() : rows.constFirst().data(Qt::UserRole).toString();
}

void AddValueCheckDialog::selectionChanged()
{
    const QString name = selectedVariable();
    const int row = m_model->rowOf(name);
    if (row < 0) {
        m_value->clear();
        updateOk();
        return;
    }
    const ProbeValue &v = m_model->entries().at(row).value;
    m_value->setPlainText(QStringLiteral("%1 = %2\n(%3)").arg(name, v.summary(4000), v.pythonType()));
    if (!m_idEdited)
        m_id->setText(uniqueCheckId(name, m_taken));
    updateOk();
}

void AddValueCheckDialog::updateOk()
{
    const QString problem = showIdProblem(m_id, m_idProblem, m_taken);
    m_ok->setEnabled(!selectedVariable().isEmpty() && problem.isEmpty());
}

NewCheck AddValueCheckDialog::newCheck() const
{
    NewCheck c;
    c.type = Check::Type::Value;
    c.id = m_id->text();
    c.variable = selectedVariable();
    c.points = m_points->value();
    if (m_useRtol->isChecked())
        c.rtol = m_rtol->value();
    if (m_useAtol->isChecked())
        c.atol = m_atol->value();
    c.anchor = m_anchor->text().trimmed();
    return c;
}

QString AddValueCheckDialog::referenceValueText() const
{
    return m_value->toPlainText();
}

QString AddValueCheckDialog::statusText() const
{
    return m_status->text();
}

AddTestCheckDialog::AddTestCheckDialog(QStringList takenIds, const QString &python, QWidget *parent)
    : QDialog(parent),
      m_taken(std::move(takenIds)),
      m_id(new QLineEdit(this)),
      m_idProblem(new WrappingLabel(this)),
      m_points(new QDoubleSpinBox(this)),
      m_code(new QPlainTextEdit(this)),
      m_syntax(nullptr),
      m_ok(nullptr)
{
    setWindowTitle(tr("Add Test Check"));
    resize(640, 480);
    auto *form = new QFormLayout(this);
    auto *intro = new WrappingLabel(tr("Assertion code run after the student's code, in the student's namespace, inside the "
                                "sandbox. The check passes when it raises nothing; the exception's message becomes the "
                                "feedback."),
                             this);
    form->addRow(intro);
    m_id->setText(uniqueCheckId(QStringLiteral("test-%1").arg(m_taken.size() + 1), m_taken));
    connect(m_id, &QLineEdit::textChanged, this, &AddTestCheckDialog::updateOk);
    addIdAndPointsRows(form, m_id, m_idProblem, m_points);
    m_code->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_code->setAccessibleName(tr("Assertion code"));
    m_code->setPlaceholderText(QStringLiteral("assert abs(corr - 0.9629) < 1e-3, \"corr is the Pearson correlation\""));
    m_code->setTabChangesFocus(false);
    m_code->setLineWrapMode(QPlainTextEdit::NoWrap);
    new PythonHighlighter(m_code->document());
    connect(m_code, &QPlainTextEdit::textChanged, this, &AddTestCheckDialog::updateOk);
    auto *codeLabel = new QLabel(tr("&Code:"), this);
    codeLabel->setBuddy(m_code);
    form->addRow(codeLabel);
    form->addRow(m_code);
    m_syntax = new CodeSyntaxLabel(m_code, python, m_id->text(), this);
    connect(m_syntax, &CodeSyntaxLabel::stateChanged, this, &AddTestCheckDialog::updateOk);
    form->addRow(m_syntax);
    form->addRow(addCheckButtons(this, tr("Add Check"), tr("Add the test check to assignment.json"), m_ok));
    m_code->setFocus();
    updateOk();
}

void AddTestCheckDialog::updateOk()
{
    const QString problem = showIdProblem(m_id, m_idProblem, m_taken);
    m_ok->setEnabled(problem.isEmpty() && !m_code->toPlainText().trimmed().isEmpty() && m_syntax->acceptable());
}

NewCheck AddTestCheckDialog::newCheck() const
{
    NewCheck c;
    c.type = Check::Type::Test;
    c.id = m_id->text();
    c.points = m_points->value();
    c.code = m_code->toPlainText();
    return c;
}

} // namespace sandmark
