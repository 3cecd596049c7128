// The "otter" check kind: Otter-Grader test cases (OK-format doctests) of one question, run as a test check.
// Format and the differences from `otter grade`: docs/otter.md.
#include "checks/checkjson_p.h"
#include "checks/kinds_p.h"

#include "grading/checkgrading_p.h"
#include "notebook/instrument.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace sandmark::detail {

namespace {

const TestCheckKind kAsTest; // the execution path and verdict rules every test check has

/// The test check code that runs `cases` ([{name, code, hidden, success_message?, failure_message?}]) the way
/// Otter's OK-format runner does (otter/test_files/ok_test.py: each case's doctest examples, Python's doctest
/// with its default output checker, run on a copy of the notebook's globals). The cases travel as base64 of
/// JSON, so no text of theirs can break the code. Raises AssertionError with each failed case's failure
/// message and, for public cases only, doctest's report (hidden cases never show their expected output).
QString caseRunnerCode(const Json &cases)
{
    const QByteArray b64 = QByteArray::fromStdString(cases.dump()).toBase64();
    // The names the cases' examples may read, written out where the test process's name analysis sees them (it
    // fetches the notebook's values a test reads; the examples themselves travel as data). Never executed.
    static const QRegularExpression identifier(QStringLiteral("[^\\W\\d]\\w*"));
    static const QStringList keywords = {
        QStringLiteral("False"), QStringLiteral("None"), QStringLiteral("True"), QStringLiteral("and"), QStringLiteral("as"),
        QStringLiteral("assert"), QStringLiteral("async"), QStringLiteral("await"), QStringLiteral("break"),
        QStringLiteral("class"), QStringLiteral("continue"), QStringLiteral("def"), QStringLiteral("del"),
        QStringLiteral("elif"), QStringLiteral("else"), QStringLiteral("except"), QStringLiteral("finally"),
        QStringLiteral("for"), QStringLiteral("from"), QStringLiteral("global"), QStringLiteral("if"),
        QStringLiteral("import"), QStringLiteral("in"), QStringLiteral("is"), QStringLiteral("lambda"),
        QStringLiteral("nonlocal"), QStringLiteral("not"), QStringLiteral("or"), QStringLiteral("pass"),
        QStringLiteral("raise"), QStringLiteral("return"), QStringLiteral("try"), QStringLiteral("while"),
        QStringLiteral("with"), QStringLiteral("yield")};
    QStringList names;
    for (const Json &c : cases)
        for (const QString &line : QString::fromStdString(c.value("code", std::string())).split(QLatin1Char('\n'))) {
            const QString t = line.trimmed();
            if (!t.startsWith(QLatin1String(">>>")) && !t.startsWith(QLatin1String("...")))
                continue;
            for (auto it = identifier.globalMatch(t.mid(3)); it.hasNext();) {
                const QString n = it.next().captured();
                if (!keywords.contains(n) && !n.startsWith(QLatin1String("__")) && !names.contains(n))
                    names << n;
            }
        }
    const QString reads = names.isEmpty() ? QString()
                                          : QStringLiteral("if False:  # the names the cases read\n    (%1,)\n").arg(names.join(QLatin1String(", ")));
    return reads + QStringLiteral(
               "# Otter test cases, run as Otter's OK-format runner runs them (Python's doctest)\n"
               "def __sandmark_otter_cases(__globals):\n"
               "    import base64, contextlib, doctest, io, json\n"
               "    failed = []\n"
               "    for case in json.loads(base64.b64decode('%1').decode('utf-8')):\n"
               "        parser = doctest.DocTestParser()\n"
               "        examples = [e for e in parser.parse(case['code'], case['name']) if isinstance(e, doctest.Example)]\n"
               "        test = doctest.DocTest(examples, __globals, case['name'], None, None, case['code'])\n"
               "        report = io.StringIO()\n"
               "        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):\n"
               "            outcome = doctest.DocTestRunner(verbose=False).run(test, out=report.write, clear_globs=False)\n"
               "        if outcome.failed:\n"
               "            text = case.get('failure_message') or ''\n"
               "            if case.get('hidden'):\n"
               "                text = text or 'hidden test %s failed' % case['name']\n"
               "            else:\n"
               "                text = (text + '\\n' if text else '') + report.getvalue().strip()\n"
               "            failed.append(text)\n"
               "    if failed:\n"
               "        raise AssertionError('\\n'.join(failed))\n"
               "try:\n"
               "    __sandmark_otter_cases(globals())\n"
               "finally:\n"
               "    del __sandmark_otter_cases\n")
        .arg(QString::fromLatin1(b64));
}

} // namespace

Check::Type OtterCheckKind::type() const
{
    return Check::Type::Otter;
}

QString OtterCheckKind::name() const
{
    return QStringLiteral("otter");
}

const char *OtterCheckKind::displayName() const
{
    return QT_TRANSLATE_NOOP("sandmark::CheckKind", "Otter test");
}

Expected<void> OtterCheckKind::read(const CheckSource &in, Check &c) const
{
    auto question = in.requiredString("question", QStringLiteral("missing required field \"question\" (the Otter "
                                                                  "question's name)"));
    if (!question)
        return question.error();
    if (question->trimmed().isEmpty())
        return in.error("question", QStringLiteral("must not be empty"));
    c.question = *question;
    if (!in.contains("cases"))
        return in.error(nullptr, QStringLiteral("missing required field \"cases\" (the Otter test cases)"));
    const Json &cases = in.object["cases"];
    if (!cases.is_array() || cases.empty())
        return in.error("cases", QStringLiteral("must be a non-empty list of test cases"));
    Json run = Json::array();
    for (size_t i = 0; i < cases.size(); ++i) {
        const Json &tc = cases[i];
        const QString at = in.path("cases") + QStringLiteral("[%1]").arg(i);
        if (!tc.is_object())
            return in.reader.error(at, QStringLiteral("must be an object {\"name\", \"code\", \"hidden\"}"));
        Json one = Json::object();
        for (const char *key : {"name", "code"}) {
            if (!tc.contains(key))
                return in.reader.error(at, QStringLiteral("missing \"%1\"").arg(QLatin1String(key)));
            auto s = in.reader.string(tc[key], at + QLatin1Char('.') + QLatin1String(key));
            if (!s)
                return s.error();
            one[key] = s->toStdString();
        }
        if (tc.contains("hidden") && !tc["hidden"].is_boolean())
            return in.reader.error(at + QStringLiteral(".hidden"), QStringLiteral("must be true or false"));
        one["hidden"] = tc.value("hidden", false);
        for (const char *key : {"success_message", "failure_message"}) {
            if (!tc.contains(key) || tc[key].is_null())
                continue;
            auto s = in.reader.string(tc[key], at + QLatin1Char('.') + QLatin1String(key));
            if (!s)
                return s.error();
            one[key] = s->toStdString();
        }
        run.push_back(std::move(one));
    }
    c.code = caseRunnerCode(run);
    return in.optionalString("after", c.after);
}

QString OtterCheckKind::defaultId(const Check &check, qsizetype index) const
{
    return check.question + QStringLiteral("-%1").arg(index + 1);
}

void OtterCheckKind::instrument(const Check &c, InstrumentOptions &o) const
{
    TestCellSpec spec;
    spec.checkId = c.id;
    spec.code = c.code;
    spec.after = c.after;
    spec.afterCheckCall = c.question;
    o.tests.append(spec);
}

QString OtterCheckKind::feedbackCell(const Check &check) const
{
    return check.after;
}

void OtterCheckKind::grade(const Check &check, const CheckEvidence &e, CheckResult &r) const
{
    kAsTest.grade(check, e, r);
    const QJsonArray cases = check.options.value(QLatin1String("cases")).toArray();
    if (r.outcome == Outcome::Pass) {
        // Otter shows each passed case's success message.
        QStringList messages;
        for (const QJsonValue &tc : cases)
            if (const QString m = tc.toObject().value(QLatin1String("success_message")).toString(); !m.isEmpty())
                messages << m;
        r.feedback = messages.join(QLatin1Char('\n'));
    } else if (r.outcome == Outcome::Fail && r.feedback.startsWith(QLatin1String("AssertionError: "))) {
        r.feedback = r.feedback.mid(16); // the failure messages and doctest's report, as Otter shows them
    }
}

std::optional<CheckKind::ReferenceFailure> OtterCheckKind::failsOnReference(const Check &check, const QJsonObject &cell) const
{
    return kAsTest.failsOnReference(check, cell);
}

QString OtterCheckKind::describe(const Check &c) const
{
    const QJsonArray cases = c.options.value(QLatin1String("cases")).toArray();
    int hidden = 0;
    for (const QJsonValue &tc : cases)
        hidden += tc.toObject().value(QLatin1String("hidden")).toBool() ? 1 : 0;
    const QString &question = c.question;
    if (cases.size() == 1)
        return QStringLiteral("Otter %1: %2%3").arg(question, cases.at(0).toObject().value(QLatin1String("name")).toString(),
                                                    hidden ? QStringLiteral(" (hidden)") : QString());
    return QStringLiteral("Otter %1: %2 cases, all or nothing (%3 hidden)").arg(question).arg(cases.size()).arg(hidden);
}

} // namespace sandmark::detail
