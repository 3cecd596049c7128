// sandmark-cli assignment set ASSIGNMENT KEY VALUE...
//                         unset ASSIGNMENT KEY
//                         add ASSIGNMENT LIST ITEM [--url URL]...
//                         remove ASSIGNMENT LIST ITEM
//                         urls ASSIGNMENT DATA_FILE [URL...]
// The app's assignment settings on the command line: the same core calls (assignment/edit.h).
#include "assignment/edit.h"
#include "cli_util.h"
#include "commands.h"

#include <QCommandLineParser>
#include <QFile>

namespace sandmark::cli {

namespace {

QByteArray readFileBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

int cmdAssignment(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("ACTION"), QStringLiteral("set, unset, add, remove, or urls"));
    parser.addPositionalArgument(QStringLiteral("ASSIGNMENT"), QStringLiteral("Assignment folder or its assignment.json."));
    parser.addPositionalArgument(QStringLiteral("KEY"),
                                 QStringLiteral("set/unset: %1; add/remove: notebooks, data_files, dependencies, "
                                                "required_datasets; urls: the data file's path")
                                     .arg(editableAssignmentKeys().join(QStringLiteral(", "))));
    parser.addPositionalArgument(QStringLiteral("VALUE"),
                                 QStringLiteral("set: the value (a list: one argument per entry); add/remove: the entry; "
                                                "urls: the URLs the data file serves (none: no redirect)"),
                                 QStringLiteral("[VALUE...]"));
    const QCommandLineOption url(QStringLiteral("url"), QStringLiteral("add data_files: a URL the notebook reads that this file serves instead "
                                                                       "(repeatable)."),
                                 QStringLiteral("URL"));
    parser.addOption(url);
    if (int rc = parseOrExit(parser, args,
                             QStringLiteral("Change an assignment's own fields in assignment.json: the title, notebooks, data "
                                            "files and their URL redirects, dependencies, required datasets, limits, sandbox "
                                            "and Docker image. The edited file is read as every command reads it before it is "
                                            "written: a value it would refuse is refused, naming the field, and nothing is "
                                            "written. Written atomically; every other key, the key order and the formatting "
                                            "of unchanged lines are kept."),
                             -1);
        rc != ExitOk)
        return rc < 0 ? ExitOk : rc;
    const QStringList pos = parser.positionalArguments();
    auto usage = [](const QString &text) {
        err() << "sandmark-cli: assignment: " << text << " (see 'sandmark-cli assignment --help')" << Qt::endl;
        return int(ExitUsage);
    };
    const QString action = pos.value(0);
    static const QStringList actions{QStringLiteral("set"), QStringLiteral("unset"), QStringLiteral("add"),
                                     QStringLiteral("remove"), QStringLiteral("urls")};
    if (!actions.contains(action))
        return usage(QStringLiteral("usage: assignment set|unset|add|remove|urls ASSIGNMENT KEY [VALUE...]"));
    const bool takesValues = action == QLatin1String("set") || action == QLatin1String("urls");
    const qsizetype needed = action == QLatin1String("unset") || action == QLatin1String("urls") ? 3 : 4;
    if (pos.size() < needed || (!takesValues && pos.size() > needed))
        return usage(QStringLiteral("%1 takes %2 after the action")
                         .arg(action, action == QLatin1String("unset")  ? QStringLiteral("ASSIGNMENT KEY")
                                      : action == QLatin1String("set")  ? QStringLiteral("ASSIGNMENT KEY VALUE...")
                                      : action == QLatin1String("urls") ? QStringLiteral("ASSIGNMENT DATA_FILE [URL...]")
                                                                        : QStringLiteral("ASSIGNMENT LIST ITEM")));
    if (parser.isSet(url) && action != QLatin1String("add"))
        return usage(QStringLiteral("--url does not apply to '%1'").arg(action));
    const QString jsonPath = jsonPathOf(pos.at(1));
    const QString key = pos.at(2);
    const QStringList values = pos.mid(3);

    const QByteArray before = readFileBytes(jsonPath);
    Expected<void> done;
    QString what;
    if (action == QLatin1String("set")) {
        Expected<QVariant> value = parseAssignmentValue(jsonPath, key, values.join(QLatin1Char('\n')));
        if (!value) {
            return failWith(value.error());
        }
        if (value->typeId() != QMetaType::QStringList && values.size() > 1)
            return usage(QStringLiteral("%1 takes one value").arg(key));
        AssignmentEdit edit;
        edit.set(key, *value);
        done = editAssignment(jsonPath, edit);
        what = QStringLiteral("set %1").arg(key);
    } else if (action == QLatin1String("unset")) {
        AssignmentEdit edit;
        edit.unset(key);
        done = editAssignment(jsonPath, edit);
        what = QStringLiteral("removed %1 (its default applies)").arg(key);
    } else if (action == QLatin1String("add")) {
        done = addAssignmentItem(jsonPath, key, values.first(), parser.values(url));
        what = QStringLiteral("added '%1' to %2").arg(values.first(), key);
    } else if (action == QLatin1String("remove")) {
        done = removeAssignmentItem(jsonPath, key, values.first());
        what = QStringLiteral("removed '%1' from %2").arg(values.first(), key);
    } else {
        done = setDataFileUrls(jsonPath, key, values);
        what = values.isEmpty() ? QStringLiteral("data file '%1' redirects no URL").arg(key)
                                : QStringLiteral("data file '%1' serves %2").arg(key, values.join(QStringLiteral(", ")));
    }
    if (!done) {
        return failWith(done.error());
    }
    if (readFileBytes(jsonPath) == before) // an edit that changes nothing writes nothing
        out() << "nothing to change: " << jsonPath << " already has " << (action == QLatin1String("unset") ? "no " : "")
              << key << (action == QLatin1String("set") ? QStringLiteral(" = ") + values.join(QLatin1Char(' ')) : QString())
              << "; nothing written\n";
    else
        out() << what << " in " << jsonPath << '\n';
    return ExitOk;
}

} // namespace sandmark::cli
