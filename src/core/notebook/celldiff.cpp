#include "notebook/celldiff.h"

#include "notebook/notebook_p.h"

#include <QHash>
#include <QSet>

#include <vector>

namespace sandmark {

namespace {

/// Line diff by the longest common subsequence. Each side has at most kCellDiffMaxLines lines (a larger cell is
/// not diffed line by line, cellDiff()), so the table has at most 2,000 × 2,000 entries.
QStringList lineDiff(const QString &before, const QString &after)
{
    const QStringList a = before.isEmpty() ? QStringList() : before.split(QLatin1Char('\n'));
    const QStringList b = after.isEmpty() ? QStringList() : after.split(QLatin1Char('\n'));
    QStringList out;
    const size_t n = size_t(a.size()), m = size_t(b.size());
    std::vector<std::vector<int>> lcs(n + 1, std::vector<int>(m + 1, 0));
    for (size_t i = n; i-- > 0;)
        for (size_t j = m; j-- > 0;)
            lcs[i][j] = a[qsizetype(i)] == b[qsizetype(j)] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
    size_t i = 0, j = 0;
    while (i < n || j < m) {
        if (i < n && j < m && a[qsizetype(i)] == b[qsizetype(j)]) {
            out << QLatin1Char(' ') + a[qsizetype(i)];
            ++i, ++j;
        } else if (i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1])) {
            out << QLatin1Char('-') + a[qsizetype(i++)]; // what was removed first, as unified diffs show it
        } else {
            out << QLatin1Char('+') + b[qsizetype(j++)];
        }
    }
    return out;
}

/// The keys that match cells: nbgrader grade_id first, then the cell id.
QString keyOf(const Notebook &nb, int i, bool gradeId)
{
    if (gradeId) {
        const QString g = nbgraderText(nb, i, "grade_id");
        return g.isEmpty() ? QString() : g;
    }
    return nb.cellId(i);
}

/// Cells whose key is unique on each side, matched: release index → student index.
QHash<int, int> uniqueKeyMatches(const Notebook &release, const Notebook &submission, bool gradeId, const QHash<int, int> &taken,
                                 QHash<int, QString> &how)
{
    auto unique = [gradeId](const Notebook &nb, const QSet<int> &skip) {
        QHash<QString, int> at;
        QSet<QString> dup;
        for (int i = 0; i < nb.cellCount(); ++i) {
            if (skip.contains(i))
                continue;
            const QString k = keyOf(nb, i, gradeId);
            if (k.isEmpty())
                continue;
            if (at.contains(k))
                dup << k;
            at.insert(k, i);
        }
        for (const QString &k : dup)
            at.remove(k);
        return at;
    };
    QSet<int> takenRelease, takenStudent;
    for (auto it = taken.cbegin(); it != taken.cend(); ++it) {
        takenRelease << it.key();
        takenStudent << it.value();
    }
    const QHash<QString, int> r = unique(release, takenRelease), s = unique(submission, takenStudent);
    QHash<int, int> out;
    for (auto it = r.cbegin(); it != r.cend(); ++it)
        if (const auto other = s.constFind(it.key()); other != s.cend()) {
            out.insert(it.value(), *other);
            how.insert(it.value(), gradeId ? QStringLiteral("grade_id '%1'").arg(it.key()) : QStringLiteral("id '%1'").arg(it.key()));
        }
    return out;
}

qsizetype lineCount(const QString &source)
{
    return source.isEmpty() ? 0 : source.count(QLatin1Char('\n')) + 1;
}

/// The head of `source` a tooLarge cell shows: its first kCellDiffHeadLines lines, each cut after
/// kCellDiffHeadLineChars characters ("…"), at most kCellDiffHeadChars characters in all. Reads no further than it
/// shows, but for the end of a cut line.
QStringList headLines(const QString &source)
{
    QStringList out;
    if (source.isEmpty())
        return out;
    qsizetype from = 0, total = 0;
    while (out.size() < kCellDiffHeadLines && total < kCellDiffHeadChars) {
        const QStringView rest = QStringView(source).mid(from);
        const qsizetype room = qMin(kCellDiffHeadLineChars, kCellDiffHeadChars - total);
        const qsizetype nl = rest.left(room + 1).indexOf(u'\n');
        if (nl >= 0) {
            out << rest.left(nl).toString();
            total += nl;
            from += nl + 1;
            continue;
        }
        if (rest.size() <= room) { // the last line, whole
            out << rest.toString();
            break;
        }
        out << rest.left(room).toString() + QChar(0x2026);
        total += room;
        const qsizetype next = rest.indexOf(u'\n', room);
        if (next < 0)
            break;
        from += next + 1;
    }
    return out;
}

CellDiff cellDiff(const Notebook &release, int r, const Notebook &submission, int s)
{
    CellDiff d;
    d.releaseIndex = r;
    d.studentIndex = s;
    if (r >= 0)
        d.releaseSource = release.cellSource(r);
    if (s >= 0)
        d.studentSource = submission.cellSource(s);
    d.type = s >= 0 ? submission.cellType(s) : release.cellType(r);
    d.change = r < 0                                                                    ? CellDiff::Change::Added
               : s < 0                                                                  ? CellDiff::Change::Removed
               : d.releaseSource == d.studentSource && release.cellType(r) == d.type ? CellDiff::Change::Unchanged
                                                                                        : CellDiff::Change::Changed;
    d.releaseChars = d.releaseSource.size();
    d.studentChars = d.studentSource.size();
    d.releaseLines = lineCount(d.releaseSource);
    d.studentLines = lineCount(d.studentSource);
    d.tooLarge = qMax(d.releaseChars, d.studentChars) > kCellDiffMaxChars || qMax(d.releaseLines, d.studentLines) > kCellDiffMaxLines;
    if (d.tooLarge) {
        // Compared whole (above); kept and shown as heads only, so the diff stays small whatever the cell's size.
        const QStringList releaseHead = headLines(d.releaseSource), studentHead = headLines(d.studentSource);
        if (d.change != CellDiff::Change::Unchanged) {
            for (const QString &l : releaseHead)
                d.lines << QLatin1Char('-') + l;
            for (const QString &l : studentHead)
                d.lines << QLatin1Char('+') + l;
        }
        d.releaseSource = releaseHead.join(QLatin1Char('\n'));
        d.studentSource = studentHead.join(QLatin1Char('\n'));
    } else if (d.change != CellDiff::Change::Unchanged) {
        d.lines = lineDiff(d.releaseSource, d.studentSource);
    }
    return d;
}

} // namespace

NotebookDiff diffNotebooks(const Notebook &release, const Notebook &submission, const QStringList &answerAnchors)
{
    QHash<int, QString> how;
    QHash<int, int> matched = uniqueKeyMatches(release, submission, true, {}, how);
    const QHash<int, int> byId = uniqueKeyMatches(release, submission, false, matched, how);
    for (auto it = byId.cbegin(); it != byId.cend(); ++it)
        matched.insert(it.key(), it.value());
    // Keep the matches that keep the order (in the release's order, each student index after the last kept one).
    QList<std::pair<int, int>> anchors;
    for (int r = 0; r < release.cellCount(); ++r)
        if (const auto s = matched.constFind(r); s != matched.cend() && (anchors.isEmpty() || *s > anchors.last().second))
            anchors << std::pair{r, *s};
    anchors << std::pair{release.cellCount(), submission.cellCount()}; // the end

    QSet<int> answers;
    for (int r = 0; r < release.cellCount(); ++r)
        if (nbgraderFlag(release, r, "solution"))
            answers << r;
    for (const QString &a : answerAnchors)
        if (const int r = release.findAnchor(a); r >= 0)
            answers << r;

    NotebookDiff out;
    int r = 0, s = 0;
    for (const auto &[ar, as] : anchors) {
        // The gap before this anchor: pair by position, then what one side has more.
        while (r < ar && s < as)
            out.cells << cellDiff(release, r++, submission, s++);
        while (r < ar)
            out.cells << cellDiff(release, r++, submission, -1);
        while (s < as)
            out.cells << cellDiff(release, -1, submission, s++);
        if (ar < release.cellCount()) {
            out.cells << cellDiff(release, ar, submission, as);
            out.cells.last().matchedBy = how.value(ar);
            r = ar + 1;
            s = as + 1;
        }
    }
    for (CellDiff &d : out.cells) {
        d.answer = d.releaseIndex >= 0 && answers.contains(d.releaseIndex);
        out.changed += d.change == CellDiff::Change::Changed ? 1 : 0;
        out.added += d.change == CellDiff::Change::Added ? 1 : 0;
        out.removed += d.change == CellDiff::Change::Removed ? 1 : 0;
        out.answersChanged += d.answer && d.change != CellDiff::Change::Unchanged ? 1 : 0;
    }
    return out;
}

QString unifiedCellDiff(const NotebookDiff &diff, const QString &releaseName, const QString &studentName, bool context)
{
    QString out = QStringLiteral("--- %1\n+++ %2\n").arg(releaseName, studentName);
    auto place = [](int i) { return i < 0 ? QStringLiteral("(none)") : QStringLiteral("cells[%1]").arg(i); };
    for (const CellDiff &d : diff.cells) {
        if (d.change == CellDiff::Change::Unchanged) {
            if (context)
                out += QStringLiteral("= %1\n").arg(place(d.studentIndex));
            continue;
        }
        QStringList what;
        if (d.answer)
            what << QStringLiteral("answer");
        if (d.change == CellDiff::Change::Added)
            what << QStringLiteral("added");
        if (d.change == CellDiff::Change::Removed)
            what << QStringLiteral("removed");
        if (!d.matchedBy.isEmpty())
            what << d.matchedBy;
        out += QStringLiteral("@@ %1 → %2%3 @@\n")
                   .arg(place(d.releaseIndex), place(d.studentIndex),
                        what.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(what.join(QLatin1String(", "))));
        if (d.tooLarge)
            out += QStringLiteral("\\ too large to diff line by line (over %1 characters or %2 lines): release %3 characters, "
                                  "%4 lines; student %5 characters, %6 lines; the first lines of each follow, cut after %7 "
                                  "characters\n")
                       .arg(kCellDiffMaxChars)
                       .arg(kCellDiffMaxLines)
                       .arg(d.releaseChars)
                       .arg(d.releaseLines)
                       .arg(d.studentChars)
                       .arg(d.studentLines)
                       .arg(kCellDiffHeadLineChars);
        for (const QString &l : d.lines)
            out += l + QLatin1Char('\n');
    }
    return out;
}

} // namespace sandmark
