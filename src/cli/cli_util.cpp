#include "cli_util.h"

#include "commands.h"

#include "assignment/assignment.h"
#include "datasets/assignmentdatasets.h"
#include "datasets/hubcache.h"
#include "gradebook/export.h"
#include "gradebook/gradebook.h"
#include "gradebook/studentids.h"
#include "util/displaytext.h"

#include <QEventLoop>
#include <QDir>
#include <QRegularExpression>
#include <QFileInfo>

#include <QCoreApplication>
#include <QSaveFile>
#include <QStorageInfo>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <unistd.h>

namespace sandmark::cli {

QTextStream &out()
{
    static QTextStream s(stdout);
    return s;
}

QTextStream &err()
{
    static QTextStream s(stderr);
    return s;
}

void printError(const Error &error)
{
    out().flush();
    err() << "sandmark-cli: " << displayText(error.toString()) << Qt::endl; // names may come from students
}

bool cannotWriteThere(const Error &error)
{
    // Only a failed write is asked about: a bad file that merely sits on read-only media stays bad input.
    if (!error.message.startsWith(QLatin1String("cannot write")) && !error.message.startsWith(QLatin1String("cannot create")))
        return false;
    // The standard output, which writeOutput() writes without -o, could not take it: a full device, a closed pipe.
    if (error.file == QLatin1String("<stdout>"))
        return true;
    if (error.file.isEmpty())
        return false;
    // The place as it is now: the file or folder named, else the deepest folder above it that exists.
    const QFileInfo named(QDir::cleanPath(QFileInfo(error.file).absoluteFilePath()));
    // Nothing can be written into a folder that does not exist; a failed write to a device or a FIFO (/dev/full) is
    // the device's.
    if (!named.exists() && !QFileInfo(named.absolutePath()).isDir())
        return true;
    if (named.exists() && !named.isFile() && !named.isDir())
        return true;
    QString place = named.filePath();
    while (!QFileInfo::exists(place) && place != QLatin1String("/"))
        place = QFileInfo(place).absolutePath();
    const QStorageInfo storage(QFileInfo(place).isDir() ? place : QFileInfo(place).absolutePath());
    if (storage.isValid() && storage.isReadOnly())
        return true;
    // The kernel's own file systems take no new files, whatever access() says to root.
    static const QList<QByteArray> kernelFileSystems = {"sysfs", "proc", "cgroup", "cgroup2", "debugfs", "securityfs",
                                                        "tracefs", "configfs"};
    if (storage.isValid() && kernelFileSystems.contains(storage.fileSystemType()))
        return true;
    constexpr qint64 lowSpace = qint64(1) << 20; // paths::checkWritableFolder()'s "the disk is full"
    if (storage.isValid() && storage.bytesTotal() > 0 && storage.bytesAvailable() >= 0 && storage.bytesAvailable() < lowSpace)
        return true;
    return ::access(QFile::encodeName(place).constData(), W_OK) != 0;
}

int exitCodeFor(const Error &error)
{
    return Gradebook::isBusy(error) || cannotWriteThere(error) ? ExitGraderError : ExitBadInput;
}

int failWith(const Error &error)
{
    printError(error);
    return exitCodeFor(error);
}

QString jsonPathOf(const QString &assignment)
{
    return QFileInfo(assignment).isDir() ? QDir(assignment).filePath(QStringLiteral("assignment.json")) : assignment;
}

int parseOrExit(QCommandLineParser &parser, const QStringList &args, const QString &description, int positional)
{
    parser.setApplicationDescription(description);
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("Show this help."));
    parser.addOption(help);
    if (!parser.parse(args)) {
        // "-5" reads as the option -5: a negative value goes after "--", which ends the options.
        static const QRegularExpression negative(QStringLiteral("^-[0-9.]"));
        const qsizetype end = args.indexOf(QStringLiteral("--"));
        const auto first = std::find_if(args.cbegin() + 1, end < 0 ? args.cend() : args.cbegin() + end,
                                        [](const QString &a) { return negative.match(a).hasMatch(); });
        err() << "sandmark-cli: " << args.value(0) << ": " << parser.errorText();
        if (first != (end < 0 ? args.cend() : args.cbegin() + end))
            err() << " (a negative value such as " << *first << " goes after --, which ends the options: sandmark-cli "
                  << args.value(0) << " … -- " << *first << ")";
        err() << " (see 'sandmark-cli " << args.value(0) << " --help')" << Qt::endl;
        return ExitUsage;
    }
    if (parser.isSet(help)) {
        QString text = parser.helpText();
        // QCommandLineParser names the program by the path it was started with (argv[0]), not args[0].
        const QString program = QCoreApplication::arguments().value(0);
        if (text.startsWith(QLatin1String("Usage: ") + program + QLatin1Char(' ')))
            text.replace(0, 7 + program.size(), QLatin1String("Usage: sandmark-cli ") + args.value(0));
        out() << text;
        out().flush();
        return -1;
    }
    if (positional >= 0 && parser.positionalArguments().size() != positional) {
        err() << "sandmark-cli: " << args.value(0) << ": expected " << positional << " argument(s), got "
              << parser.positionalArguments().size() << " (see 'sandmark-cli " << args.value(0) << " --help')"
              << Qt::endl;
        return ExitUsage;
    }
    return ExitOk;
}

bool outputIsAFolder(const QString &command, const QString &path)
{
    if (path.isEmpty() || path == QLatin1String("-") || !QFileInfo(path).isDir())
        return false;
    err() << "sandmark-cli: " << command << ": -o " << displayText(path)
          << " is a folder; give the name of the file to write (a path in it)" << Qt::endl;
    return true;
}

bool outputIsNotAFolder(const QString &command, const QString &path)
{
    if (path.isEmpty())
        return false;
    QString at = QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    while (!QFileInfo::exists(at) && at != QLatin1String("/")) // a broken symbolic link counts as absent, as mkpath sees it
        at = QFileInfo(at).absolutePath();
    if (QFileInfo(at).isDir())
        return false;
    err() << "sandmark-cli: " << command << ": -o " << displayText(path) << ": " << displayText(at)
          << " is a file; give a folder to write into" << Qt::endl;
    return true;
}

Expected<void> writeOutput(const QString &path, const QByteArray &data)
{
    if (path.isEmpty() || path == QLatin1String("-")) {
        out().flush();
        const size_t written = std::fwrite(data.constData(), 1, size_t(data.size()), stdout);
        if (written != size_t(data.size()) || std::fflush(stdout) != 0 || std::ferror(stdout))
            return Error{QStringLiteral("<stdout>"), {}, QStringLiteral("cannot write the output (disk full?)")};
        return {};
    }
    const QFileInfo target(path);
    // A folder is no output file: the user's mistake, said as such, not Qt's "Filename refers to a directory" (the
    // commands refuse it as a usage error before any work: outputFileIsAFolder()).
    if (target.isDir())
        return Error{path, {}, QStringLiteral("is a folder; give the name of the file to write (a path in it)")};
    if (!QFileInfo(target.absolutePath()).isDir())
        return Error{path, {}, QStringLiteral("cannot write: its folder %1 does not exist").arg(QDir::toNativeSeparators(target.absolutePath()))};
    // An existing file that is not a regular one (a device such as /dev/full or /dev/null, a FIFO) is written in place:
    // an atomic write would rename a new file over it (as root, /dev/full became a regular file holding the export).
    if (target.exists() && !target.isFile()) {
        QFile device(path);
        if (!device.open(QIODevice::WriteOnly | QIODevice::Unbuffered) || device.write(data) != data.size()
            || device.error() != QFileDevice::NoError)
            return Error{path, {}, QStringLiteral("cannot write: %1").arg(device.errorString())};
        device.close();
        if (device.error() != QFileDevice::NoError)
            return Error{path, {}, QStringLiteral("cannot write: %1").arg(device.errorString())};
        return {};
    }
    // Unbuffered, so a full disk fails the write itself instead of a flush QSaveFile may not report.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered) || file.write(data) != data.size()
        || file.error() != QFileDevice::NoError || !file.commit())
        return Error{path, {}, QStringLiteral("cannot write: %1").arg(file.errorString())};
    return {};
}

QCommandLineOption gradebookPathOption()
{
    return QCommandLineOption(QStringLiteral("gradebook"),
                              QStringLiteral("Gradebook file (default: ASSIGNMENT/.sandmark/gradebook.sqlite)."),
                              QStringLiteral("PATH"));
}

Expected<std::unique_ptr<Gradebook>> openExistingGradebook(const Assignment &assignment, const QString &explicitPath,
                                                           bool forReading)
{
    const QString path = explicitPath.isEmpty() ? Gradebook::defaultPath(assignment.folder()) : explicitPath;
    if (!QFileInfo::exists(path))
        return Error{path, {}, QStringLiteral("no gradebook yet (grade the submissions first)")};
    return forReading ? Gradebook::openForReading(path) : Gradebook::open(path);
}

Expected<QStringList> gradebookStudentIds(Gradebook &book, const QStringList &typed)
{
    Expected<QHash<QString, LatestRuns>> runs = book.latestRuns();
    if (!runs)
        return runs.error();
    const StudentIds stored(runs->keys());
    QStringList ids;
    for (const QString &name : typed) {
        const QStringList alike = stored.find(name);
        if (alike.size() > 1)
            return Error{book.path(), {},
                         QStringLiteral("student '%1' is %2 students of the gradebook once Unicode-normalized (%3): type it "
                                        "as one of them is stored")
                             .arg(name)
                             .arg(alike.size())
                             .arg(alike.join(QLatin1String(", ")))};
        ids << (alike.isEmpty() ? name : alike.constFirst());
    }
    return ids;
}

bool mayReadAsInput(const QString &input, const QString &gradebookPath, const QString &expected)
{
    const std::optional<Error> problem = Gradebook::inputIsGradebook(input, gradebookPath, expected);
    if (problem)
        printError(*problem);
    return !problem;
}

Expected<AssignmentGradebook> openAssignmentGradebook(const QString &assignmentPath, const QString &gradebookOption,
                                                      bool forReading)
{
    Expected<Assignment> assignment = Assignment::load(assignmentPath);
    if (!assignment)
        return assignment.error();
    Expected<std::unique_ptr<Gradebook>> gb = openExistingGradebook(*assignment, gradebookOption, forReading);
    if (!gb)
        return gb.error();
    return AssignmentGradebook{std::move(*assignment), std::move(*gb)};
}

QString optionNotTaken(const QCommandLineParser &parser, const QList<const QCommandLineOption *> &options,
                       const QList<const QCommandLineOption *> &taken)
{
    for (const QCommandLineOption *option : options)
        if (parser.isSet(*option) && !taken.contains(option))
            return option->names().constFirst();
    return {};
}

QCommandLineOption sandboxOption(const QString &help, const QString &defaultValue)
{
    QString text = help;
    text.replace(QLatin1String("%1"), sandboxNameList()).replace(QLatin1String("%2"), sandboxKindName(defaultSandboxKind()));
    return QCommandLineOption(QStringLiteral("sandbox"), text, QStringLiteral("NAME"), defaultValue);
}

bool readSandboxOption(const QCommandLineParser &parser, const QCommandLineOption &option, std::optional<SandboxKind> &kind)
{
    if (!parser.isSet(option))
        return true;
    Expected<SandboxKind> k = parseSandboxName(parser.value(option));
    if (!k) {
        printError(k.error());
        return false;
    }
    kind = *k;
    return true;
}

RunChoices commandLineRunChoices(std::optional<SandboxKind> sandbox, const QString &datasetCache, std::optional<QString> dockerImage)
{
    RunChoices choices;
    choices.sandbox = sandbox;
    choices.datasetCache = datasetCache;
    choices.defaultDatasetCache = HubCache::defaultHome();
    choices.dockerImage = std::move(dockerImage);
    return choices;
}

void warnIfUnsafe(const SubmissionRunOptions &options, const QString &what)
{
    if (!options.notice.isEmpty())
        err() << "sandmark-cli: warning: " << options.notice << Qt::endl;
    const auto backend = createBackend(options.kind);
    if (!backend->isolates())
        err() << "sandmark-cli: UNSAFE: " << backend->name() << " runs the " << what
              << " WITHOUT a sandbox (resource limits only)" << Qt::endl;
}

void warnLookalikeIds(const QString &command, const QList<Submission> &submissions)
{
    QStringList ids;
    for (const Submission &s : submissions)
        ids << s.studentId;
    for (const QStringList &group : exportIdCollisions(ids))
        err() << "sandmark-cli: warning: " << command << ": " << exportIdCollisionText(group)
              << ": each is graded apart, but an export cannot tell their rows apart (sandmark-cli export leaves their "
                 "Canvas scores empty); rename one folder"
              << Qt::endl;
}

bool readPositiveIntOption(const QCommandLineParser &parser, const QCommandLineOption &option, const QString &command,
                           int &value, int max)
{
    if (!parser.isSet(option))
        return true;
    bool ok = false;
    const QString text = parser.value(option);
    const qlonglong v = text.toLongLong(&ok);
    if (!ok || v < 1) {
        err() << "sandmark-cli: " << command << ": --" << option.names().constFirst() << " must be a positive number, not '"
              << text << "'" << Qt::endl;
        return false;
    }
    if (v > max) {
        err() << "sandmark-cli: " << command << ": --" << option.names().constFirst() << " must be at most " << max
              << ", not '" << text << "'" << Qt::endl;
        return false;
    }
    value = int(v);
    return true;
}

bool readJobsOption(const QCommandLineParser &parser, const QCommandLineOption &option, const QString &command, int &value)
{
    return readPositiveIntOption(parser, option, command, value, MaxJobs);
}

namespace {
int g_interruptPipe[2] = {-1, -1};
struct sigaction g_oldInt {}, g_oldTerm {};

void onInterruptSignal(int)
{
    const char c = 1;
    [[maybe_unused]] const ssize_t n = ::write(g_interruptPipe[1], &c, 1);
}
} // namespace

InterruptWatch::InterruptWatch(std::function<void()> onInterrupt) : m_onInterrupt(std::move(onInterrupt))
{
    if (::pipe2(g_interruptPipe, O_CLOEXEC | O_NONBLOCK) != 0)
        return;
    struct sigaction sa {};
    sa.sa_handler = onInterruptSignal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    ::sigaction(SIGINT, &sa, &g_oldInt);
    ::sigaction(SIGTERM, &sa, &g_oldTerm);
    m_installed = true;
    m_notifier = std::make_unique<QSocketNotifier>(g_interruptPipe[0], QSocketNotifier::Read);
    QObject::connect(m_notifier.get(), &QSocketNotifier::activated, m_notifier.get(), [this] {
        char buf[16];
        while (::read(g_interruptPipe[0], buf, sizeof buf) > 0) {
        }
        m_interrupted = true;
        m_onInterrupt();
    });
}

InterruptWatch::~InterruptWatch()
{
    m_notifier.reset();
    if (!m_installed)
        return;
    ::sigaction(SIGINT, &g_oldInt, nullptr);
    ::sigaction(SIGTERM, &g_oldTerm, nullptr);
    ::close(g_interruptPipe[0]);
    ::close(g_interruptPipe[1]);
}

Expected<ScanResult> scanNotebook(const QString &python, const QString &path)
{
    Expected<QList<CodeCell>> cells = readCodeCells(path);
    if (!cells)
        return cells.error();
    DatasetScanner scanner;
    QEventLoop loop;
    std::optional<Expected<ScanResult>> result;
    QObject::connect(&scanner, &DatasetScanner::finished, &loop, [&](const ScanResult &r) {
        result = r;
        loop.quit();
    });
    QObject::connect(&scanner, &DatasetScanner::failed, &loop, [&](const Error &e) {
        result = e;
        loop.quit();
    });
    scanner.start(python, QFileInfo(path).fileName(), *cells, {});
    loop.exec();
    return *result;
}

} // namespace sandmark::cli
