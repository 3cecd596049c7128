// sandmark-cli doctor [--sandbox NAME] [--json]: proves a sandbox backend isolates what it must.
#include "cli_util.h"
#include "commands.h"
#include "sandbox/doctor.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace sandmark::cli {

int cmdDoctor(const QStringList &args)
{
    QCommandLineParser parser;
    const QCommandLineOption sandbox = sandboxOption(QStringLiteral("Backend: %1 (default: %2)."), sandboxKindName(defaultSandboxKind()));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print the report as JSON."));
    const QCommandLineOption python(QStringLiteral("python"), QStringLiteral("Interpreter used inside the sandbox."),
                                    QStringLiteral("PATH"));
    const QCommandLineOption image(QStringLiteral("docker-image"), QStringLiteral("Docker image to probe."),
                                   QStringLiteral("IMAGE"));
    parser.addOptions({sandbox, json, python, image});
    if (int rc = parseOrExit(parser, args, QStringLiteral("Run a probe inside the sandbox: network unreachable, system "
                                                          "folders read-only, home and assignment invisible, limits in force."), 0);
        rc != ExitOk)
        return rc < 0 ? ExitOk : rc;
    Expected<SandboxKind> kind = parseSandboxName(parser.value(sandbox));
    if (!kind) {
        printError(kind.error());
        return ExitUsage;
    }
    DoctorOptions opt;
    opt.python = parser.value(python);
    opt.dockerImage = parser.value(image);
    Doctor doctor(*kind, opt);
    DoctorReport report;
    QEventLoop loop;
    QObject::connect(&doctor, &Doctor::finished, &loop, [&](const DoctorReport &r) {
        report = r;
        loop.quit();
    });
    doctor.start();
    loop.exec();

    if (parser.isSet(json)) {
        QJsonArray checks;
        for (const DoctorCheck &c : report.checks)
            checks << QJsonObject{{QStringLiteral("name"), c.name}, {QStringLiteral("ok"), c.ok},
                                  {QStringLiteral("detail"), c.detail}, {QStringLiteral("fix"), c.fix}};
        out() << QJsonDocument(QJsonObject{{QStringLiteral("backend"), report.backend},
                                           {QStringLiteral("ok"), report.allOk()},
                                           {QStringLiteral("checks"), checks}})
                     .toJson();
    } else {
        out() << "sandbox backend: " << report.backend << '\n';
        for (const DoctorCheck &c : report.checks) {
            const QString &detail = c.detail;
            out() << (c.ok ? "PASS  " : "FAIL  ") << (detail.isEmpty() ? c.name : c.name.leftJustified(58) + QLatin1Char(' ') + detail)
                  << '\n';
            if (!c.ok && !c.fix.isEmpty()) // alternatives follow on lines of their own ("or: ...")
                out() << "      fix: " << QString(c.fix).replace(QLatin1Char('\n'), QLatin1String("\n      ")) << '\n';
        }
        out() << (report.allOk() ? "all checks passed\n" : "some checks FAILED\n");
    }
    out().flush();
    if (report.allOk())
        return ExitOk;
    // The backend could not even start: a grader-side problem; otherwise a failed check.
    return report.checks.size() <= 2 ? ExitGraderError : ExitBadInput;
}

} // namespace sandmark::cli
