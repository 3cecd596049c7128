#include "healthmodel.h"

#include "coretranslation.h"

#include <QApplication>
#include <QColor>
#include <QRegularExpression>
#include <QStyle>

#include <algorithm>

namespace sandmark {

namespace {

/// The sandbox row's detail when a doctor check failed, "backend: check — observed" (health.cpp's
/// "sandmark::Health" text, already in the app's language), with the doctor's English check and observation in
/// the app's language too; anything else as it is.
QString sandboxDetail(const QString &detail)
{
    const QString format = QCoreApplication::translate("sandmark::Health", "%1: %2 — %3");
    static const QRegularExpression marker(QStringLiteral("%([1-3])"));
    QString re;
    QList<int> order;
    qsizetype at = 0;
    for (auto it = marker.globalMatch(format); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        re += QRegularExpression::escape(format.mid(at, m.capturedStart() - at)) + QLatin1String("(.+?)");
        order << m.captured(1).toInt();
        at = m.capturedEnd();
    }
    re += QRegularExpression::escape(format.mid(at));
    const QRegularExpressionMatch m = QRegularExpression(QRegularExpression::anchoredPattern(re)).match(detail);
    if (order.size() != 3 || !m.hasMatch())
        return detail;
    QStringList args(4);
    for (qsizetype i = 0; i < order.size(); ++i)
        args[order.at(i)] = order.at(i) == 1 ? m.captured(int(i) + 1) : translatedCoreText(m.captured(int(i) + 1));
    return format.arg(args.at(1), args.at(2), args.at(3));
}

} // namespace

HealthModel::HealthModel(QObject *parent) : RowTableModel(ColumnCount, parent) {}

void HealthModel::setItems(QList<HealthItem> items)
{
    const bool sameRows = items.size() == rows().size()
                          && std::equal(items.cbegin(), items.cend(), rows().cbegin(),
                                        [](const HealthItem &a, const HealthItem &b) { return a.id == b.id; });
    if (!sameRows) {
        resetRows(std::move(items));
        return;
    }
    qsizetype i = 0;
    changeRows(0, -1, [&](HealthItem &r) { r = std::move(items[i++]); });
}

const HealthItem *HealthModel::item(const QString &id) const
{
    for (const HealthItem &i : rows())
        if (i.id == id)
            return &i;
    return nullptr;
}

QVariant HealthModel::cellData(const HealthItem &r, int column, int role) const
{
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        switch (column) {
        case ItemColumn:
            return r.title;
        case StateColumn:
            switch (r.state) {
            case State::Ok:
                return tr("ok");
            case State::Warning:
                return tr("warning");
            case State::Failed:
                return tr("failed");
            case State::Pending:
                return tr("pending");
            }
            return {};
        // The sandbox row carries the doctor's English texts: shown in the app's language.
        case DetailColumn:
            return r.id == QLatin1String("sandbox") && r.state == State::Failed ? sandboxDetail(r.detail) : r.detail;
        case FixColumn:
            return r.id == QLatin1String("sandbox") ? translatedCoreText(r.fix) : r.fix;
        default:
            return {};
        }
    case Qt::DecorationRole: {
        if (column != StateColumn || !qobject_cast<QApplication *>(QCoreApplication::instance()))
            return {};
        // Made once: the style reads and decodes its PNGs on every standardIcon() call, and resizing the rows to
        // their contents asks for every row's icon (tens of ms per update of the page).
        auto icon = [this](int which, QStyle::StandardPixmap pixmap) -> QVariant {
            if (m_icons[which].isNull())
                m_icons[which] = QApplication::style()->standardIcon(pixmap);
            return m_icons[which];
        };
        switch (r.state) {
        case State::Ok:
            return icon(0, QStyle::SP_DialogApplyButton);
        case State::Warning:
            return icon(1, QStyle::SP_MessageBoxWarning);
        case State::Failed:
            return icon(2, QStyle::SP_MessageBoxCritical);
        default:
            return {};
        }
    }
    case Qt::ForegroundRole:
        if (r.state == State::Failed)
            return QColor(0x8a, 0x00, 0x16);
        return {};
    default:
        return {};
    }
}

QVariant HealthModel::columnTitle(int column) const
{
    switch (column) {
    case ItemColumn:
        return tr("Before publishing");
    case StateColumn:
        return tr("State");
    case DetailColumn:
        return tr("Detail");
    case FixColumn:
        return tr("Fix");
    default:
        return {};
    }
}

} // namespace sandmark
