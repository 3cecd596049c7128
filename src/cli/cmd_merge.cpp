// sandmark-cli merge OUT.sqlite IN.sqlite…: joins gradebooks (shards) into OUT.
#include "cli_util.h"
#include "commands.h"
#include "gradebook/gradebook.h"

namespace sandmark::cli {

int cmdMerge(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("OUT"), QStringLiteral("The gradebook to merge into (created when missing)."));
    parser.addPositionalArgument(QStringLiteral("IN"), QStringLiteral("Gradebooks to merge (e.g. one per shard)."),
                                 QStringLiteral("IN…"));
    if (int rc = parseOrExit(parser, args,
                             QStringLiteral("Merge gradebooks: every run and override of each IN that OUT lacks is added; "
                                            "merging the same file twice adds nothing."),
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
        printError(stats.error());
        return ExitBadInput;
    }
    QStringList lines;
    for (qsizetype i = 0; i < inputs.size(); ++i) {
        const MergeStats &s = stats->at(i);
        lines << QStringLiteral("%1: %2 run(s) added, %3 already present; %4 override(s) added, %5 already present")
                     .arg(inputs.at(i))
                     .arg(s.runsAdded)
                     .arg(s.runsPresent)
                     .arg(s.overridesAdded)
                     .arg(s.overridesPresent);
    }
    for (const QString &l : std::as_const(lines))
        out() << l << '\n';
    out().flush();
    return ExitOk;
}

} // namespace sandmark::cli
