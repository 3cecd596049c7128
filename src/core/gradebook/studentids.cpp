#include "gradebook/studentids.h"

#include <algorithm>

namespace sandmark {

StudentIds::StudentIds(const QStringList &stored) : m_exact(stored.cbegin(), stored.cend())
{
    for (const QString &id : stored)
        m_byNfc[id.normalized(QString::NormalizationForm_C)] << id;
    for (QStringList &ids : m_byNfc)
        std::sort(ids.begin(), ids.end());
}

QStringList StudentIds::find(const QString &typed) const
{
    if (m_exact.contains(typed))
        return {typed};
    return m_byNfc.value(typed.normalized(QString::NormalizationForm_C));
}

} // namespace sandmark
