#include "guifeatures.h"

#include "sandmark_gui_config.h"

#if SANDMARK_HAVE_QTCHARTS
#include <QtCharts/qtchartsversion.h>
#endif

namespace sandmark {

QList<BuildFeature> guiBuildFeatures()
{
    QList<BuildFeature> features;
#if SANDMARK_HAVE_QTCHARTS
    features.append({QStringLiteral("Qt Charts"), true, QStringLiteral(QTCHARTS_VERSION_STR)});
#else
    features.append({QStringLiteral("Qt Charts"), false, QStringLiteral("the Results page shows tables")});
#endif
#if SANDMARK_HAVE_KSYNTAXHIGHLIGHTING
    features.append({QStringLiteral("KF6 SyntaxHighlighting"), true, QString()});
#else
    features.append({QStringLiteral("KF6 SyntaxHighlighting"), false, QStringLiteral("the built-in highlighter")});
#endif
    return features + coreBuildFeatures();
}

} // namespace sandmark
