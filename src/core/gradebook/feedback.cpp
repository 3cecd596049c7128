#include "gradebook/feedback.h"

#include "notebook/notebook_p.h"
#include "sandbox/submissionrun.h"
#include "util/displaytext.h"
#include "util/json_p.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

#include <QSet>

#include "checks/registry.h"

#include <QRegularExpression>

namespace sandmark {

namespace {

/// Text as HTML text or a double- or single-quoted attribute value.
QString esc(const QString &text)
{
    QString out;
    out.reserve(text.size() + text.size() / 8);
    for (const QChar c : text) {
        switch (c.unicode()) {
        case '&': out += QLatin1String("&amp;"); break;
        case '<': out += QLatin1String("&lt;"); break;
        case '>': out += QLatin1String("&gt;"); break;
        case '"': out += QLatin1String("&quot;"); break;
        case '\'': out += QLatin1String("&#39;"); break;
        case 0: out += QChar::ReplacementCharacter; break;
        default: out += c;
        }
    }
    return out;
}

QString stripAnsi(QString text)
{
    static const QRegularExpression ansi(QStringLiteral("\\x1b\\[[0-9;?]*[A-Za-z]"));
    return text.remove(ansi);
}

/// The base64 of an image output, or empty when it is not plain base64 (nothing else may reach an attribute).
QString imageData(const Json &v)
{
    static const QRegularExpression base64(QStringLiteral("^[A-Za-z0-9+/=\\s]*$"));
    QString s = qs(joinedText(v));
    if (s.isEmpty() || !base64.match(s).hasMatch())
        return {};
    s.remove(QRegularExpression(QStringLiteral("\\s")));
    return s;
}

QString outcomeText(const EffectiveCheck &c)
{
    if (c.override_)
        return QStringLiteral("graded by hand");
    switch (c.result.outcome) {
    case Outcome::Pass: return QStringLiteral("passed");
    case Outcome::Fail: return QStringLiteral("failed");
    case Outcome::NotGraded:
        return checkKind(c.result.type).gradedByHand() ? QStringLiteral("awaiting grading") : QStringLiteral("not graded");
    }
    return {};
}

QString outcomeClass(const EffectiveCheck &c)
{
    if (c.override_)
        return QStringLiteral("manual");
    switch (c.result.outcome) {
    case Outcome::Pass: return c.result.points < c.result.maxPoints ? QStringLiteral("partial") : QStringLiteral("pass");
    case Outcome::Fail: return QStringLiteral("fail");
    case Outcome::NotGraded: return QStringLiteral("pending");
    }
    return {};
}

QString pointsText(const EffectiveCheck &c)
{
    if (c.result.outcome == Outcome::NotGraded && !c.override_)
        return QStringLiteral("– / %1").arg(formatPoints(c.result.maxPoints));
    return QStringLiteral("%1 / %2").arg(formatPoints(c.points()), formatPoints(c.result.maxPoints));
}

/// The check `id` of the assignment, or null (a check removed from assignment.json since the run).
const Check *specOf(const FeedbackInput &in, const QString &id)
{
    const auto it = std::find_if(in.checks.begin(), in.checks.end(), [&](const Check &k) { return k.id == id; });
    return it == in.checks.end() ? nullptr : &*it;
}

/// What the student may see of `c`'s feedback: the kind decides (a hidden test's message is not shown); a manual
/// check a person graded shows the person's comment instead.
QString studentFeedback(const EffectiveCheck &c, const Check *spec)
{
    const CheckKind &kind = checkKind(c.result.type);
    if (kind.gradedByHand() && c.override_)
        return {};
    Check unknown; // no spec: the kind must assume the worst (its code is not known)
    unknown.type = c.result.type;
    return kind.studentFeedback(spec ? *spec : unknown, c.result);
}

/// The points of some checks as the total counts them, and whether any of them was graded.
struct Tally
{
    double points = 0, max = 0;
    bool graded = false;
    void add(const EffectiveCheck &c)
    {
        max += c.result.maxPoints;
        points += c.points();
        graded = graded || c.override_ || c.result.outcome != Outcome::NotGraded;
    }
    /// "3 of 5 points", "1 of 1 point", "not graded (5 points)".
    QString text() const
    {
        return graded ? QStringLiteral("%1 of %2").arg(formatPoints(points), pointsPhrase(max))
                      : QStringLiteral("not graded (%1)").arg(pointsPhrase(max));
    }
    /// nbgrader's "Score: 3 / 5" of a graded cell ("–" for the earned points while none is graded).
    QString score() const
    {
        return QStringLiteral("Score: %1 / %2").arg(graded ? formatPoints(points) : QStringLiteral("–"), formatPoints(max));
    }
};

/// `showExpected`: the check's Check::showExpected — the page goes to the student, and a hidden reference
/// value is the answer.
QString checkBox(const EffectiveCheck &c, const Check *spec)
{
    const bool showExpected = spec && spec->showExpected;
    QString h = QStringLiteral("<div class=\"check %1\"><span class=\"id\">%2</span> <span class=\"pts\">%3</span> "
                               "<span class=\"outcome\">%4</span>")
                    .arg(outcomeClass(c), esc(c.result.checkId), esc(pointsText(c)), esc(outcomeText(c)));
    if (c.override_ && c.override_->points != c.result.points && c.result.outcome != Outcome::NotGraded)
        h += QStringLiteral(" <span class=\"auto\">(automatic: %1)</span>").arg(formatPoints(c.result.points));
    if (const QString fb = studentFeedback(c, spec); !fb.isEmpty())
        h += QStringLiteral("<div class=\"fb\">%1</div>").arg(esc(fb));
    if ((!c.result.expected.isEmpty() || !c.result.actual.isEmpty()) && checkKind(c.result.type).comparesValues()) {
        if (showExpected)
            h += QStringLiteral("<div class=\"fb\">expected: <code>%1</code> · yours: <code>%2</code></div>")
                     .arg(esc(c.result.expected), esc(c.result.actual));
        else if (!c.result.actual.isEmpty())
            h += QStringLiteral("<div class=\"fb\">yours: <code>%1</code></div>").arg(esc(c.result.actual));
    }
    // nbgrader's "Comments:" of a graded cell: the person's words where the answer is.
    if (c.override_ && !c.override_->comment.isEmpty())
        h += QStringLiteral("<div class=\"comment\"><strong>Comment:</strong> %1</div>").arg(esc(c.override_->comment));
    h += QLatin1String("</div>\n");
    return h;
}

QString renderOutput(const Json &o)
{
    const std::string type = jsonutil::stringOr(o, "output_type");
    if (type == "stream") {
        const bool err = jsonutil::stringOr(o, "name") == "stderr";
        return QStringLiteral("<pre class=\"out%1\">%2</pre>\n")
            .arg(err ? QStringLiteral(" stderr") : QString(), esc(stripAnsi(qs(joinedText(o.value("text", Json()))))));
    }
    if (type == "error") {
        QStringList lines;
        for (const Json &l : jsonutil::arrayOr(o, "traceback"))
            lines << stripAnsi(qs(jsonutil::stringOf(l)));
        if (lines.isEmpty())
            lines << qs(jsonutil::stringOr(o, "ename") + ": " + jsonutil::stringOr(o, "evalue"));
        return QStringLiteral("<pre class=\"out error\">%1</pre>\n").arg(esc(lines.join(QLatin1Char('\n'))));
    }
    if (type == "execute_result" || type == "display_data") {
        const Json data = jsonutil::objectOr(o, "data");
        // Images inline; HTML, SVG, JavaScript and widgets are never rendered (they would run in the page).
        for (const char *mime : {"image/png", "image/jpeg", "image/gif"}) {
            const QString b64 = imageData(data.value(mime, Json()));
            if (!b64.isEmpty())
                return QStringLiteral("<div class=\"out\"><img alt=\"output image\" src=\"data:%1;base64,%2\"></div>\n")
                    .arg(QLatin1String(mime), b64);
        }
        if (data.contains("text/plain"))
            return QStringLiteral("<pre class=\"out\">%1</pre>\n").arg(esc(stripAnsi(qs(joinedText(data["text/plain"])))));
        if (!data.empty()) {
            QStringList types; // sorted, as they were listed when read with Qt
            for (auto it = data.begin(); it != data.end(); ++it)
                types << qs(it.key());
            types.sort();
            return QStringLiteral("<p class=\"out note\">(an output of type %1, not shown here)</p>\n")
                .arg(esc(types.join(QLatin1String(", "))));
        }
    }
    return {};
}

const char *const kStyle = R"(
body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}
h1{font-size:1.4rem}table{border-collapse:collapse;width:100%;margin:1rem 0}
td,th{border:1px solid #ccc;padding:.3rem .5rem;text-align:left;vertical-align:top}
.total{font-size:1.2rem;font-weight:600}.cell{border-left:3px solid #ddd;margin:1rem 0;padding-left:.6rem}
.cell.code .src{background:#f6f8fa}pre{white-space:pre-wrap;word-wrap:break-word;margin:.3rem 0;padding:.4rem}
.md{white-space:pre-wrap}.out{margin:.2rem 0}.stderr{background:#fff6e5}.error{background:#fdecea}
.check{border:1px solid #ccc;border-radius:4px;padding:.4rem .6rem;margin:.4rem 0}
.check.pass{border-color:#2e7d32;background:#edf7ee}.check.partial{border-color:#b26a00;background:#fff6e5}
.check.fail{border-color:#c62828;background:#fdecea}.check.pending{border-color:#666;background:#f2f2f2}
.check.manual{border-color:#1565c0;background:#e8f0fb}.id{font-weight:600}.auto,.note{color:#555}
.comment{font-style:italic;margin-top:.2rem}img{max-width:100%}.fb{margin-top:.2rem}
.cell.graded{border-left-color:#1565c0}.cellscore{font-weight:600;color:#1565c0;margin:.2rem 0}
.toc{margin:.3rem 0 1rem}
)";

} // namespace

QString feedbackFileName(const QString &studentId)
{
    // Letters and digits of every script are kept ("Jürgen Süß" → Jürgen_Süß.html, not J_rgen_S__.html: fresh-user
    // finding), with the marks that complete them (Devanagari's vowel signs); composed (NFC) first, so one name is
    // spelt one way on disk. Everything else — separators, control and format characters, spaces, punctuation — is
    // '_', safe on every file system.
    const QString id = studentId.normalized(QString::NormalizationForm_C);
    QString name;
    constexpr qsizetype maxUtf8 = 120; // of a file system's 255 bytes: room for "-NNN.html" and to spare
    qsizetype utf8 = 0;
    for (const char32_t c : id.toUcs4()) {
        const bool ok = QChar::isLetterOrNumber(c) || (QChar::isMark(c) && !name.isEmpty()) || c == U'.' || c == U'_'
                        || c == U'-';
        const QString piece = ok ? QString::fromUcs4(&c, 1) : QStringLiteral("_");
        const qsizetype bytes = piece.toUtf8().size();
        if (utf8 + bytes > maxUtf8)
            break; // bounded, cut between characters; feedbackFileNames() keeps cut names apart
        name += piece;
        utf8 += bytes;
    }
    if (name.isEmpty() || name.startsWith(QLatin1Char('.')))
        name.replace(0, 1, QLatin1Char('_'));
    if (name.isEmpty())
        name = QStringLiteral("_");
    // Windows' device names take any extension ("CON.html" is the console): never one of them.
    static const QRegularExpression device(QStringLiteral("^(CON|PRN|AUX|NUL|COM[0-9]|LPT[0-9])$"),
                                           QRegularExpression::CaseInsensitiveOption);
    if (device.match(name).hasMatch())
        name.prepend(QLatin1Char('_'));
    return name + QStringLiteral(".html");
}

/// One notebook's section, laid out as nbgrader's generate_feedback lays out a notebook (its feedback template,
/// read, not copied): a heading with the notebook's own score, a list of its graded cells with their scores, then
/// every cell, a graded one headed by its score line and followed by its checks (feedback, comments). `notebook`:
/// the instructor notebook of a problem set (empty: the only one); `nb`: what the student's notebook became when it
/// ran, or null when none ran for it (not handed in, not matched): then its checks are listed without cells.
static QString renderSection(const FeedbackInput &in, const Notebook *nb, const QString &notebook)
{
    const EffectiveGrade &g = in.grade;
    const bool problemSet = !notebook.isEmpty();
    const QString prefix = problemSet ? esc(notebook) + QLatin1Char('-') : QString();
    // This notebook's checks, and which belong after which cell: a test check at the cell with its grade_id, a
    // manual or anchored value check at its answer cell; the others after the last cell.
    QList<const EffectiveCheck *> unplaced;
    QMap<int, QList<const EffectiveCheck *>> after;
    Tally total;
    for (const EffectiveCheck &c : g.checks) {
        const Check *spec = specOf(in, c.result.checkId);
        if (problemSet && (!spec || spec->notebook != notebook))
            continue;
        total.add(c);
        const QString name = spec ? checkKind(*spec).feedbackCell(*spec) : QString();
        const int at = nb && !name.isEmpty() ? nb->findAnchor(name) : -1;
        if (at >= 0)
            after[at] << &c;
        else
            unplaced << &c;
    }
    QString h;
    const QString anchor = problemSet ? QStringLiteral(" id=\"%1notebook\"").arg(prefix) : QString();
    if (problemSet)
        h += QStringLiteral("<h2%1>%2 — %3</h2>\n").arg(anchor, esc(notebook), esc(total.text()));
    else
        h += QStringLiteral("<h2>Your notebook — %1</h2>\n").arg(esc(total.text()));
    if (!nb) {
        // Why nothing ran is the checks' own feedback ("not handed in", "no notebook matches it …").
        h += QStringLiteral("<p class=\"note\">No executed notebook to show for %1; its checks:</p>\n")
                 .arg(problemSet ? esc(notebook) : QStringLiteral("this assignment"));
    }
    // The graded cells with their scores, each a link to its cell (nbgrader's table of contents).
    if (!after.isEmpty()) {
        h += QLatin1String("<ol class=\"toc\">\n");
        for (auto it = after.cbegin(); it != after.cend(); ++it) {
            Tally cell;
            QStringList ids;
            for (const EffectiveCheck *c : it.value()) {
                cell.add(*c);
                ids << esc(c->result.checkId);
            }
            h += QStringLiteral("<li><a href=\"#%1cell-%2\">cell %2</a> (%3): %4</li>\n")
                     .arg(prefix)
                     .arg(it.key())
                     .arg(ids.join(QStringLiteral(", ")), esc(cell.score()));
        }
        h += QLatin1String("</ol>\n");
    }
    for (int i = 0; nb && i < nb->cellCount(); ++i) {
        const Json &cell = NotebookEditor::json(*nb)["cells"][size_t(i)];
        const CellType type = nb->cellType(i);
        const QString kind = type == CellType::Code ? QStringLiteral("code") : type == CellType::Markdown ? QStringLiteral("markdown") : QStringLiteral("raw");
        const QList<const EffectiveCheck *> checks = after.value(i);
        h += QStringLiteral("<div class=\"cell %1%2\" id=\"%3cell-%4\">\n").arg(kind, checks.isEmpty() ? QString() : QStringLiteral(" graded"), prefix).arg(i);
        if (!checks.isEmpty()) {
            Tally score;
            for (const EffectiveCheck *c : checks)
                score.add(*c);
            h += QStringLiteral("<div class=\"cellscore\">%1</div>\n").arg(esc(score.score()));
        }
        if (type == CellType::Code) {
            const std::optional<int> count = executionCount(cell);
            h += QStringLiteral("<pre class=\"src\" title=\"In [%1]\">%2</pre>\n")
                     .arg(count ? QString::number(*count) : QStringLiteral(" "), esc(nb->cellSource(i)));
            for (const Json &o : jsonutil::arrayOr(cell, "outputs"))
                h += renderOutput(o);
        } else {
            h += QStringLiteral("<div class=\"md\">%1</div>\n").arg(esc(nb->cellSource(i)));
        }
        for (const EffectiveCheck *c : checks)
            h += checkBox(*c, specOf(in, c->result.checkId));
        h += QLatin1String("</div>\n");
    }
    if (!unplaced.isEmpty()) {
        if (nb)
            h += QLatin1String("<p class=\"note\">Checks of the notebook as a whole:</p>\n");
        for (const EffectiveCheck *c : std::as_const(unplaced))
            h += checkBox(*c, specOf(in, c->result.checkId));
    }
    return h;
}

QByteArray renderFeedbackHtml(const FeedbackInput &in)
{
    const EffectiveGrade &g = in.grade;
    QString h;
    h += QLatin1String("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                       "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:; "
                       "style-src 'unsafe-inline'\">\n"
                       "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    h += QStringLiteral("<title>%1 — %2</title>\n<style>%3</style>\n</head>\n<body>\n")
             .arg(esc(in.assignmentTitle), esc(g.studentId), QLatin1String(kStyle));
    h += QStringLiteral("<h1>%1</h1>\n<p>Feedback for <strong>%2</strong></p>\n").arg(esc(in.assignmentTitle), esc(g.studentId));

    const std::optional<double> score = g.score();
    h += QStringLiteral("<p class=\"total\">Total: %1 / %2</p>\n")
             .arg(score ? formatPoints(*score) : QStringLiteral("not graded"), formatPoints(g.maxScore));
    if (g.submissionOverride) {
        h += QStringLiteral("<p class=\"comment\">Score set by hand (automatic: %1)%2</p>\n")
                 .arg(g.automaticScore() ? formatPoints(*g.automaticScore()) : QStringLiteral("none"),
                      g.submissionOverride->comment.isEmpty() ? QString() : QStringLiteral(": ") + esc(g.submissionOverride->comment));
    }
    h += QStringLiteral("<p class=\"status\">Status: %1</p>\n").arg(gradeStatusName(g.status));
    if (const qsizetype pending = g.awaiting().size(); pending > 0)
        h += QStringLiteral("<p class=\"note\">%1 answer(s) still await grading by hand; the total counts them as 0 "
                            "for now.</p>\n")
                 .arg(pending);
    if (g.status == GradeStatus::GraderError)
        h += QLatin1String("<p class=\"note\">The grader could not run this submission; it will be graded again. "
                           "This is not your mistake.</p>\n");

    // What the grader noticed without changing the grade (an edited test cell, an ignored kernelspec, …).
    if (!g.notes.isEmpty()) {
        h += QLatin1String("<p class=\"note\">Noticed while grading (this does not change the grade):</p>\n<ul class=\"notes\">\n");
        for (const QString &n : g.notes)
            h += QStringLiteral("<li>%1</li>\n").arg(esc(n));
        h += QLatin1String("</ul>\n");
    }
    const QList<CheckGroup> groups = checkGroups(in.checks);
    h += QLatin1String("<table>\n<tr><th>check</th><th>points</th><th>result</th><th>feedback</th></tr>\n");
    for (const EffectiveCheck &c : g.checks) {
        QString fb = studentFeedback(c, specOf(in, c.result.checkId));
        if (c.override_ && !c.override_->comment.isEmpty())
            fb = fb.isEmpty() ? c.override_->comment : fb + QStringLiteral(" — ") + c.override_->comment;
        h += QStringLiteral("<tr class=\"%1\"><td>%2</td><td>%3</td><td>%4</td><td>%5</td></tr>\n")
                 .arg(outcomeClass(c), esc(c.result.checkId), esc(pointsText(c)), esc(outcomeText(c)), esc(fb));
        // After a group's last check (an Otter question's cases), the group's total.
        for (const CheckGroup &group : groups)
            if (group.checkIds.last() == c.result.checkId) {
                const std::optional<double> total = g.pointsOf(group.checkIds);
                h += QStringLiteral("<tr class=\"group\"><td><strong>%1 total</strong></td><td><strong>%2 / %3</strong></td><td></td><td></td></tr>\n")
                         .arg(esc(group.name), total ? formatPoints(*total) : QStringLiteral("not graded"), formatPoints(group.maxPoints));
            }
    }
    h += QLatin1String("</table>\n");

    if (!in.notebooks.isEmpty()) {
        // A problem set: a section per notebook, in the assignment's order, each with its own score.
        for (const QString &notebook : in.notebooks) {
            const auto ran = std::find_if(in.executedNotebooks.begin(), in.executedNotebooks.end(),
                                          [&](const auto &e) { return e.first == notebook; });
            h += renderSection(in, ran == in.executedNotebooks.end() ? nullptr : &ran->second, notebook);
        }
    } else if (in.executed) {
        h += renderSection(in, &*in.executed, QString());
    }
    h += QLatin1String("</body>\n</html>\n");
    return h.toUtf8();
}

QHash<QString, QString> feedbackFileNames(const QStringList &studentIds)
{
    QHash<QString, QString> names;
    QSet<QString> used; // case-folded: case-insensitive file systems (macOS, Windows)
    for (const QString &id : studentIds) // the ids that are their own safe name first: theirs, whatever the order
        if (const QString name = feedbackFileName(id); name == id + QStringLiteral(".html") && !used.contains(name.toCaseFolded())) {
            names.insert(id, name);
            used.insert(name.toCaseFolded());
        }
    for (const QString &id : studentIds) {
        if (names.contains(id))
            continue;
        const QString base = feedbackFileName(id).chopped(5);
        QString name = base + QStringLiteral(".html");
        for (int n = 2; used.contains(name.toCaseFolded()); ++n)
            name = base + QStringLiteral("-%1.html").arg(n);
        names.insert(id, name);
        used.insert(name.toCaseFolded());
    }
    return names;
}

Expected<FeedbackFolderReport> writeFeedbackFolder(const Assignment &assignment, const QList<EffectiveGrade> &grades,
                                                   const QString &folder, const QStringList &students)
{
    if (!QDir().mkpath(folder))
        return Error{folder, {}, QStringLiteral("cannot create the folder")};
    QStringList everyone;
    for (const EffectiveGrade &g : grades)
        everyone << g.studentId;
    const QHash<QString, QString> names = feedbackFileNames(everyone); // the same name whichever pages are written
    FeedbackFolderReport report;
    for (const EffectiveGrade &g : grades) {
        if (!students.isEmpty() && !students.contains(g.studentId))
            continue;
        FeedbackInput in;
        in.assignmentTitle = assignment.title();
        in.grade = g;
        in.checks = assignment.checks();
        const QString executed = g.artifacts.isEmpty() ? QString() : QDir(g.artifacts).filePath(QStringLiteral("executed.ipynb"));
        if (assignment.isProblemSet()) {
            in.notebooks = assignment.notebooks();
            // Each notebook that ran, in its folder of the run's artifacts (SubmissionRun).
            for (const QString &notebook : assignment.notebooks()) {
                const QString path = notebookArtifactsFolder(g.artifacts, notebook, true) + QStringLiteral("/executed.ipynb");
                if (g.artifacts.isEmpty() || !QFileInfo::exists(path))
                    continue;
                if (auto nb = Notebook::load(path))
                    in.executedNotebooks.append({notebook, *nb});
                else
                    report.notes << displayText(nb.error().toString());
            }
            if (in.executedNotebooks.isEmpty())
                report.notes << QStringLiteral("no executed notebook for %1; the page shows the scores only").arg(displayText(g.studentId));
        } else if (!executed.isEmpty() && QFileInfo::exists(executed)) {
            if (auto nb = Notebook::load(executed))
                in.executed = *nb;
            else
                report.notes << QStringLiteral("%1; the page for %2 shows the scores only")
                                    .arg(displayText(nb.error().toString()), displayText(g.studentId));
        } else {
            // What is missing: the record of a folder, the folder (run folders are a cache), or only the notebook in it
            // (a run killed before the runner wrote it).
            const QString why = g.artifacts.isEmpty()               ? QStringLiteral("run folder not recorded")
                                : !QFileInfo(g.artifacts).isDir()   ? QStringLiteral("run folder %1 is gone").arg(g.artifacts)
                                                                    : QStringLiteral("%1 holds no executed.ipynb").arg(g.artifacts);
            report.notes << QStringLiteral("no executed notebook for %1 (%2); the page shows the scores only")
                                .arg(displayText(g.studentId), displayText(why));
        }
        QSaveFile f(QDir(folder).absoluteFilePath(names.value(g.studentId)));
        if (!f.open(QIODevice::WriteOnly) || f.write(renderFeedbackHtml(in)) < 0 || !f.commit())
            return Error{f.fileName(), {}, QStringLiteral("cannot write: %1").arg(f.errorString())};
        report.pages << FeedbackPage{g.studentId, f.fileName(), g.score(), g.maxScore};
    }
    return report;
}

} // namespace sandmark
