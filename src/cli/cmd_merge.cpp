// sandmark-cli merge OUT.sqlite IN.sqlite…: joins gradebooks (shards) into OUT.
#include "cli_util.h"
#include "commands.h"
#include "gradebook/gradebook.h"
#include "util/displaytext.h"

namespace sandmark::cli {

int cmdMerge(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("OUT"), QStringLiteral("The gradebook to merge into (created when missing)."));
    parser.addPositionalArgument(QStringLiteral("IN"), QStringLiteral("Gradebooks to merge (e.g. one per shard)."),
                                 QStringLiteral("IN…"));
    if (int rc = parseOrExit(parser, args,
                             QStringLiteral("Merge gradebooks: every run, override and settled notebook match of each IN "
                                            "that OUT lacks is added; merging the same file twice adds nothing. A match "
                                            "settled differently in OUT and IN keeps OUT's and is reported."),
                             -1);
        rc != ExitOk)
        return rc < 0 ? ExitOk : rc;
    const QStringList positional = parser.positionalArguments();
    if (positional.size() < 2) {
        err() << "sandmark-cli: merge: expected OUT IN… (see 'sandmark-cli merge --help')" << Qt::endl;
        return ExitUsage;
    }
    const QStringList inputs = positional.mid(1);
    Expected<QList<MergeStats>> stats = mergeGradebooks(positional.at(0), inputs);
    if (!stats) {
        // A batch holding OUT is the grader side's state, as for grade (exit 3); the inputs are not bad.
        return failWith(stats.error());
    }
    QStringList lines, conflicts;
    for (qsizetype i = 0; i < inputs.size(); ++i) {
        const MergeStats &s = stats->at(i);
        QString line = QStringLiteral("%1: %2 run(s) added, %3 already present; %4 override(s) added, %5 already present")
                           .arg(inputs.at(i))
                           .arg(s.runsAdded)
                           .arg(s.runsPresent)
                           .arg(s.overridesAdded)
                           .arg(s.overridesPresent);
        // Problem sets' settled matches: said only where there are any (a single notebook's gradebook has none).
        if (s.matchesAdded + s.matchesPresent + s.matchConflicts.size() > 0)
            line += QStringLiteral("; %1 settled match(es) added, %2 already present, %3 in conflict")
                        .arg(s.matchesAdded)
                        .arg(s.matchesPresent)
                        .arg(s.matchConflicts.size());
        if (s.reviewsAdded + s.reviewsPresent > 0) // said only where a person marked submissions reviewed
            line += QStringLiteral("; %1 review mark(s) added, %2 kept as the output had them").arg(s.reviewsAdded).arg(s.reviewsPresent);
        lines << line;
        conflicts << matchConflictLines(s, inputs.at(i));
    }
    for (const QString &l : std::as_const(lines))
        out() << l << '\n';
    out().flush();
    for (const QString &c : std::as_const(conflicts))
        err() << "sandmark-cli: warning: " << displayText(c) << Qt::endl;
    // Inputs graded under other checks, reference or limits than the newest results: merged, and said.
    for (const QString &w : gradedUnderWarnings(*stats, inputs))
        err() << "sandmark-cli: warning: " << displayText(w) << Qt::endl;
    return ExitOk;
}

} // namespace sandmark::cli
