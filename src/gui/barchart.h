#pragma once
// Bar charts of the app's pages (Qt Charts, when the build has it: SANDMARK_HAVE_QTCHARTS): the Results page's
// grade distribution and pass rates, the Checks page's distribution with the checks as edited. GUI thread only.

#include "sandmark_gui_config.h"

#if SANDMARK_HAVE_QTCHARTS
#include <QtCharts/QChartView>

#include "gradebook/summary.h"

#include <QColor>
#include <QList>
#include <QString>
#include <QStringList>

namespace sandmark {

/// A chart with one category axis and one value axis, created once; setBars() replaces only the series.
/// `horizontal`: categories down the left side, bars to the right — for named categories (check ids), whose
/// names then read left to right at full length instead of being elided under narrow columns. Owned by `parent`.
QChartView *makeChartView(const QString &accessibleName, bool horizontal, QWidget *parent);

/// Shows one bar set: `labels` as categories, `values` on a 0..`maxY` axis; `counts` get whole-number ticks,
/// otherwise the axis reads in percent.
void setBars(QChartView *view, const QString &title, const QString &setName, const QStringList &labels,
             const QList<qreal> &values, qreal maxY, bool counts, const QColor &color);

/// The grade distribution of `bins` (summarizeResults()) as bars of submissions per score range, labelled by each
/// range's lower bound in percent: the Results page's chart and the Checks page's "Grades with these checks".
void setDistributionBars(QChartView *view, const QList<ResultsSummary::Bin> &bins);

} // namespace sandmark
#endif
