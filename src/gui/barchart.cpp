#include "barchart.h"

#if SANDMARK_HAVE_QTCHARTS
#include <QtCharts/QBarCategoryAxis>
#include <QtCharts/QBarSeries>
#include <QtCharts/QBarSet>
#include <QtCharts/QChart>
#include <QtCharts/QHorizontalBarSeries>
#include <QtCharts/QValueAxis>

#include <QCoreApplication>
#include <QLocale>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace sandmark {

QChartView *makeChartView(const QString &accessibleName, bool horizontal, QWidget *parent)
{
    auto *chart = new QChart;
    chart->legend()->hide();
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setLocalizeNumbers(true); // the application's locale: "78,6 %" in German, as the tables beside the charts
    chart->addAxis(new QBarCategoryAxis(chart), horizontal ? Qt::AlignLeft : Qt::AlignBottom);
    chart->addAxis(new QValueAxis(chart), horizontal ? Qt::AlignBottom : Qt::AlignLeft);
    auto *view = new QChartView(chart, parent);
    view->setRenderHint(QPainter::Antialiasing);
    view->setAccessibleName(accessibleName);
    view->setMinimumHeight(220);
    return view;
}

void setBars(QChartView *view, const QString &title, const QString &setName, const QStringList &labels,
             const QList<qreal> &values, qreal maxY, bool counts, const QColor &color)
{
    QChart *chart = view->chart();
    chart->setTitle(title);
    chart->removeAllSeries();
    QBarCategoryAxis *categories = nullptr;
    QValueAxis *valueAxis = nullptr;
    for (QAbstractAxis *axis : chart->axes()) {
        if (auto *c = qobject_cast<QBarCategoryAxis *>(axis))
            categories = c;
        else if (auto *v = qobject_cast<QValueAxis *>(axis))
            valueAxis = v;
    }
    if (!categories || !valueAxis)
        return;
    const bool horizontal = categories->alignment() == Qt::AlignLeft;
    categories->clear();
    // A horizontal chart lists the first category at the top.
    QStringList shown = labels;
    QList<qreal> shownValues = values;
    if (horizontal) {
        std::reverse(shown.begin(), shown.end());
        std::reverse(shownValues.begin(), shownValues.end());
    }
    categories->append(shown);
    if (counts) {
        const int top = qMax(1, int(std::ceil(maxY)));
        const int rounded = top <= 10 ? top : (top + 4) / 5 * 5;
        valueAxis->setRange(0, rounded);
        valueAxis->setTickCount(top <= 10 ? top + 1 : 6);
        valueAxis->setLabelFormat(QStringLiteral("%.0f")); // a localized chart formats f, not d
    } else {
        valueAxis->setRange(0, qMax<qreal>(1, maxY));
        valueAxis->setTickCount(6);
        valueAxis->setLabelFormat(QStringLiteral("%.0f %")); // localized: the text around the number is kept as it is
    }
    if (labels.isEmpty())
        return;
    auto *set = new QBarSet(setName);
    set->setColor(color);
    set->setBorderColor(color.darker(130));
    for (qreal v : std::as_const(shownValues))
        *set << v;
    QAbstractBarSeries *series = horizontal ? static_cast<QAbstractBarSeries *>(new QHorizontalBarSeries)
                                            : static_cast<QAbstractBarSeries *>(new QBarSeries);
    series->append(set);
    series->setBarWidth(0.8);
    series->setLabelsVisible(true);
    series->setLabelsPosition(QAbstractBarSeries::LabelsInsideEnd);
    series->setLabelsFormat(counts ? QStringLiteral("@value") : QStringLiteral("@value %"));
    chart->addSeries(series);
    series->attachAxis(categories);
    series->attachAxis(valueAxis);
}

void setDistributionBars(QChartView *view, const QList<ResultsSummary::Bin> &bins)
{
    QStringList ranges;
    QList<qreal> counts;
    qreal maxCount = 0;
    for (const ResultsSummary::Bin &b : bins) {
        ranges << QLocale().toString(b.fromPercent, 'g', 3);
        counts << b.count;
        maxCount = qMax<qreal>(maxCount, b.count);
    }
    setBars(view, QCoreApplication::translate("sandmark::ResultsPage", "Submissions per score range (%, lower bound)"),
            QCoreApplication::translate("sandmark::ResultsPage", "Submissions"), ranges, counts, maxCount, true,
            QColor(0x3b, 0x6e, 0xa5));
}

} // namespace sandmark
#endif
