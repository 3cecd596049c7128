#include "manualgradingpanel.h"

#include "checks/registry.h"
#include "checksmodel.h"
#include "coretranslation.h"
#include "gradebook/manual.h"
#include "translations.h"
#include "wrappinglabel.h"

#include <QDoubleSpinBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

namespace sandmark {

ManualGradingPanel::ManualGradingPanel(QWidget *parent)
    : QWidget(parent), m_rows(nullptr), m_empty(new WrappingLabel(this)), m_status(new WrappingLabel(this))
{
    auto *layout = new QVBoxLayout(this);
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto *content = new QWidget(scroll);
    m_rows = new QVBoxLayout(content);
    m_empty->setText(tr("This submission has no answers to grade by hand."));
    m_rows->addWidget(m_empty);
    m_rows->addStretch(1);
    scroll->setWidget(content);
    layout->addWidget(scroll, 1);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setAccessibleName(tr("Manual grading status"));
    layout->addWidget(m_status);
}

ManualGradingPanel::Row ManualGradingPanel::makeRow(const QString &checkId)
{
    Row r;
    r.box = new QGroupBox(this);
    auto *form = new QFormLayout(r.box);
    r.answer = new QPlainTextEdit(r.box);
    r.answer->setReadOnly(true);
    r.answer->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    r.answer->setAccessibleName(tr("Answer of %1").arg(checkId));
    form->addRow(tr("Answer:"), r.answer);
    r.comment = new QPlainTextEdit(r.box);
    r.comment->setAccessibleName(tr("Comment on %1").arg(checkId));
    r.comment->setPlaceholderText(tr("feedback for the student (optional; exported with the grade)"));
    r.comment->setTabChangesFocus(true);
    r.comment->setFixedHeight(r.comment->fontMetrics().lineSpacing() * 3 + 2 * r.comment->frameWidth() + 8);
    form->addRow(tr("Comment:"), r.comment);
    auto *buttons = new QHBoxLayout;
    r.points = new QDoubleSpinBox(r.box);
    r.points->setDecimals(2);
    r.points->setAccessibleName(tr("Points for %1").arg(checkId));
    buttons->addWidget(r.points);
    buttons->addSpacing(12);
    r.save = new QPushButton(tr("Save Grade"), r.box);
    r.save->setAccessibleName(tr("Save the grade of %1").arg(checkId));
    r.save->setToolTip(tr("Stored in the gradebook like a manual grade imported from CSV; it survives regrades"));
    r.remove = new QPushButton(tr("Remove Grade"), r.box);
    r.remove->setAccessibleName(tr("Remove the grade of %1").arg(checkId));
    r.remove->setToolTip(tr("The answer awaits grading by hand again"));
    buttons->addWidget(r.save);
    buttons->addWidget(r.remove);
    buttons->addStretch(1);
    form->addRow(tr("Points:"), buttons);
    auto edited = [this, checkId] {
        if (auto it = m_widgets.find(checkId); it != m_widgets.end())
            it->edited = true;
    };
    connect(r.points, &QDoubleSpinBox::valueChanged, this, edited);
    connect(r.comment, &QPlainTextEdit::textChanged, this, edited);
    // Once asked to save or remove, the grade that comes back is shown as it is.
    connect(r.save, &QPushButton::clicked, this, [this, checkId] {
        Row &row = m_widgets[checkId];
        row.edited = false;
        Q_EMIT saveRequested(checkId, row.points->value(), row.comment->toPlainText().trimmed());
    });
    connect(r.remove, &QPushButton::clicked, this, [this, checkId] {
        m_widgets[checkId].edited = false;
        Q_EMIT removeRequested(checkId);
    });
    return r;
}

void ManualGradingPanel::setGrade(const EffectiveGrade &grade, const QHash<QString, QString> &notebookOf)
{
    QStringList ids;
    for (const EffectiveCheck &c : grade.checks)
        if (checkKind(c.result.type).gradedByHand())
            ids << c.result.checkId;
    QStringList awaiting;
    for (const PendingManual &p : pendingManualChecks({grade}))
        awaiting << p.checkId;
    // Another student, or other checks: new rows. The same ones: edits not yet saved stay.
    if (grade.studentId != m_student || ids != m_order) {
        clear();
        m_student = grade.studentId;
        m_order = ids;
        for (const QString &id : ids) {
            m_widgets.insert(id, makeRow(id));
            m_rows->insertWidget(m_rows->count() - 1, m_widgets.value(id).box);
        }
    }
    m_awaiting = int(awaiting.size());
    m_empty->setVisible(ids.isEmpty());
    const QLocale l;
    for (const EffectiveCheck &c : grade.checks) {
        auto it = m_widgets.find(c.result.checkId);
        if (it == m_widgets.end())
            continue;
        Row &r = *it;
        const QString max = scoreText(c.result.maxPoints);
        QString state;
        if (c.override_)
            state = tr("graded by hand: %1").arg(ChecksModel::ofPointsText(scoreText(c.override_->points), c.result.maxPoints));
        else if (awaiting.contains(c.result.checkId))
            state = tr("awaits grading (at most %1)").arg(max);
        else
            state = tr("%1 automatically: %2")
                        .arg(ChecksModel::ofPointsText(scoreText(c.result.points), c.result.maxPoints), translatedCoreText(c.result.feedback));
        const QString notebook = notebookOf.value(c.result.checkId);
        r.box->setTitle(notebook.isEmpty() ? tr("%1 — %2").arg(c.result.checkId, state)
                                           : tr("%1 (%2) — %3").arg(c.result.checkId, notebook, state));
        r.answer->setPlainText(c.result.actual); // plain text: the student's answer is never interpreted
        // As tall as the answer, from two to twelve lines; a longer one scrolls.
        const int lines = qBound(2, int(c.result.actual.count(QLatin1Char('\n'))) + 1, 12);
        r.answer->setFixedHeight(r.answer->fontMetrics().lineSpacing() * lines + 2 * r.answer->frameWidth() + 8);
        r.answer->setPlaceholderText(tr("(no answer)"));
        r.points->setRange(0, c.result.maxPoints);
        r.points->setToolTip(tr("0 to %1").arg(ChecksModel::pointsText(c.result.maxPoints)));
        r.graded = c.override_.has_value();
        if (!r.edited) {
            r.points->setValue(c.override_ ? c.override_->points : c.result.points);
            r.comment->setPlainText(c.override_ ? c.override_->comment : QString());
            r.edited = false; // the setters above are not the user's edits
        }
    }
    updateButtons();
}

void ManualGradingPanel::clear()
{
    for (const Row &r : std::as_const(m_widgets))
        delete r.box;
    m_widgets.clear();
    m_order.clear();
    m_student.clear();
    m_awaiting = 0;
    m_empty->setVisible(true);
    m_status->clear();
}

void ManualGradingPanel::setBusy(bool busy)
{
    m_busy = busy;
    updateButtons();
}

void ManualGradingPanel::updateButtons()
{
    for (const Row &r : std::as_const(m_widgets)) {
        r.save->setEnabled(!m_busy);
        r.remove->setEnabled(!m_busy && r.graded);
    }
}

void ManualGradingPanel::setStatusText(const QString &text)
{
    m_status->setText(text);
}

QString ManualGradingPanel::statusText() const
{
    return m_status->text();
}

QGroupBox *ManualGradingPanel::box(const QString &checkId) const
{
    return m_widgets.value(checkId).box;
}

QPlainTextEdit *ManualGradingPanel::answerView(const QString &checkId) const
{
    return m_widgets.value(checkId).answer;
}

QDoubleSpinBox *ManualGradingPanel::pointsBox(const QString &checkId) const
{
    return m_widgets.value(checkId).points;
}

QPlainTextEdit *ManualGradingPanel::commentEdit(const QString &checkId) const
{
    return m_widgets.value(checkId).comment;
}

QPushButton *ManualGradingPanel::saveButton(const QString &checkId) const
{
    return m_widgets.value(checkId).save;
}

QPushButton *ManualGradingPanel::removeButton(const QString &checkId) const
{
    return m_widgets.value(checkId).remove;
}

} // namespace sandmark
