#include "datasets/datasetentry.h"

#include <QRegularExpression>

namespace sandmark {

namespace {

// huggingface_hub validate_repo_id: "name" or "namespace/name", [\w\-.]{1,96}, no "--" or "..",
// no leading/trailing "-" or ".".
bool validRepoId(const QString &id, QString *why)
{
    static const QRegularExpression re(QStringLiteral("^(?:[\\w\\-.]{1,96}/)?[\\w\\-.]{1,96}$"));
    if (!re.match(id).hasMatch()) {
        *why = QStringLiteral("repo id '%1' is not 'org/name' (letters, digits, '-', '_', '.')").arg(id);
        return false;
    }
    if (id.contains(QLatin1String("--")) || id.contains(QLatin1String(".."))) {
        *why = QStringLiteral("repo id '%1' must not contain '--' or '..'").arg(id);
        return false;
    }
    const QStringList parts = id.split(QLatin1Char('/'));
    for (const QString &p : parts) {
        if (p.startsWith(QLatin1Char('-')) || p.startsWith(QLatin1Char('.')) || p.endsWith(QLatin1Char('-'))
            || p.endsWith(QLatin1Char('.'))) {
            *why = QStringLiteral("repo id '%1' must not start or end a part with '-' or '.'").arg(id);
            return false;
        }
    }
    return true;
}

// A branch, tag or commit name as git check-ref-format accepts it (huggingface_hub passes revisions to the
// Hub unchanged and stores them under refs/<revision>), minus '@', which separates the revision here.
bool validRevision(const QString &revision)
{
    static const QRegularExpression bad(QStringLiteral(R"([\x00-\x20\x7f~^:?*\[\\@]|\.\.|//|^/|/$|^\.|/\.|\.lock$|\.$)"));
    return !bad.match(revision).hasMatch();
}

} // namespace

bool isCommitHash(const QString &revision)
{
    static const QRegularExpression re(QStringLiteral("^[0-9a-f]{40}$"));
    return re.match(revision).hasMatch();
}

QString DatasetEntry::toString() const
{
    QString out;
    if (repoType != QLatin1String("dataset"))
        out += repoType + QLatin1Char(':');
    out += repoId;
    if (revision != QLatin1String("main"))
        out += QLatin1Char('@') + revision;
    return out + QLatin1Char(' ') + filename;
}

Expected<DatasetEntry> DatasetEntry::parse(const QString &text, const QString &file, const QString &location)
{
    auto fail = [&](const QString &msg) { return Error{file, location, msg}; };
    const QString t = text.trimmed();
    const qsizetype sp = t.indexOf(QLatin1Char(' '));
    if (t.isEmpty())
        return fail(QStringLiteral("empty entry; expected \"<repo_id> <filename>\""));
    if (sp < 0)
        return fail(QStringLiteral("'%1' has no file name; expected \"<repo_id> <filename>\"").arg(t));
    QString repo = t.left(sp);
    DatasetEntry e;
    e.filename = t.mid(sp + 1).trimmed();

    const qsizetype colon = repo.indexOf(QLatin1Char(':'));
    if (colon >= 0) {
        e.repoType = repo.left(colon);
        repo = repo.mid(colon + 1);
        if (e.repoType != QLatin1String("dataset") && e.repoType != QLatin1String("model")
            && e.repoType != QLatin1String("space"))
            return fail(QStringLiteral("unknown repo type '%1'; use dataset:, model: or space:").arg(e.repoType));
    }
    const qsizetype at = repo.indexOf(QLatin1Char('@'));
    if (at >= 0) {
        e.revision = repo.mid(at + 1);
        repo = repo.left(at);
        if (e.revision.isEmpty())
            return fail(QStringLiteral("'@' is not followed by a revision"));
        if (!validRevision(e.revision))
            return fail(QStringLiteral("revision '%1' is not a branch, tag or commit name").arg(e.revision));
    }
    e.repoId = repo;
    QString why;
    if (!validRepoId(e.repoId, &why))
        return fail(why);

    if (e.filename.contains(QLatin1Char('\\')))
        return fail(QStringLiteral("file name '%1' must use '/' as separator").arg(e.filename));
    if (e.filename.startsWith(QLatin1Char('/')))
        return fail(QStringLiteral("file name '%1' must be relative to the repository").arg(e.filename));
    const QStringList segs = e.filename.split(QLatin1Char('/'));
    for (const QString &s : segs) {
        if (s.isEmpty() || s == QLatin1String("..") || s == QLatin1String("."))
            return fail(QStringLiteral("file name '%1' has an empty, '.' or '..' part").arg(e.filename));
    }
    return e;
}

Expected<QList<DatasetEntry>> parseDatasetEntries(const QStringList &texts, const QString &file)
{
    QList<DatasetEntry> out;
    for (qsizetype i = 0; i < texts.size(); ++i) {
        auto e = DatasetEntry::parse(texts.at(i), file, QStringLiteral("required_datasets[%1]").arg(i));
        if (!e)
            return e.error();
        out.append(*e);
    }
    return out;
}

} // namespace sandmark
