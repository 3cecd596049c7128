#pragma once
// Students a person typed (on the command line, in a grades CSV) found among the ids a gradebook stores.

#include <QHash>
#include <QSet>
#include <QString>
#include <QStringList>

namespace sandmark {

/// The stored student ids (submission folder names) a person may type in either Unicode form: "Zoë" typed composed,
/// as a keyboard or a spreadsheet writes it, names the id stored decomposed, as macOS writes folder names, and the other
/// way round (NFC equality; nothing looser: no case folding, no trimming). Built once over the stored ids, then
/// asked per typed name. A plain value; any thread.
class StudentIds
{
public:
    explicit StudentIds(const QStringList &stored);
    /// The stored ids `typed` names: {typed} when it is stored as typed, else every stored id equal to it once
    /// NFC-normalized — none, one, or several (ids that differ only in their Unicode form: the caller says which
    /// to type, never picks one).
    QStringList find(const QString &typed) const;

private:
    QSet<QString> m_exact;
    QHash<QString, QStringList> m_byNfc; // NFC form → stored ids, sorted
};

} // namespace sandmark
