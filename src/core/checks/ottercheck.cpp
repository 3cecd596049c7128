// The "otter" check kind: Otter-Grader test cases (OK-format doctests) of one question, run as a test check.
// Format and the differences from `otter grade`: docs/otter.md.
#include "checks/checkjson_p.h"
#include "checks/kinds_p.h"

#include "grading/checkgrading_p.h"
#include "notebook/instrument.h"
#include "util/json_p.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QVariantList>
#include <QVariantMap>

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
    bool fromReference = false;
    for (const Json &c : cases)
        fromReference = fromReference || c.value("from_reference", false);
    // A case of an un-run master (`from_reference`) has no expected output: its examples' printed outputs are
    // captured (doctest's own normalisation of whitespace-only lines applied) and given back as a short digest per
    // case, the test's result ("sandmark-otter-outputs <digest> …"); grade() compares them with the reference run's.
    // An example that raises fails the case, as in Otter. Without such cases the code is as it always was.
    const QString capture = fromReference ? QStringLiteral(
                                                "    import hashlib, re\n"
                                                "    class Capture(doctest.OutputChecker):\n"
                                                "        def __init__(self):\n"
                                                "            self.got = []\n"
                                                "        def check_output(self, want, got, optionflags):\n"
                                                "            self.got.append(re.sub(r'(?m)^[^\\S\\n]+$', '', got))\n"
                                                "            return True\n"
                                                "    digests = []\n")
                                          : QString();
    const QString runner = fromReference ? QStringLiteral(
                                               "        checker = Capture() if case.get('from_reference') else None\n"
                                               "        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):\n"
                                               "            outcome = doctest.DocTestRunner(checker=checker, verbose=False).run(test, out=report.write, clear_globs=False)\n"
                                               "        if checker is not None and not outcome.failed:\n"
                                               "            digests.append(hashlib.sha256(json.dumps(checker.got).encode('utf-8')).hexdigest()[:12])\n")
                                         : QStringLiteral(
                                               "        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):\n"
                                               "            outcome = doctest.DocTestRunner(verbose=False).run(test, out=report.write, clear_globs=False)\n");
    const QString tail = fromReference ? QStringLiteral(
                                             "    return 'sandmark-otter-outputs ' + ' '.join(digests)\n"
                                             "try:\n"
                                             "    __sandmark_otter_outputs = __sandmark_otter_cases(globals())\n"
                                             "finally:\n"
                                             "    del __sandmark_otter_cases\n"
                                             "__sandmark_otter_outputs\n")
                                       : QStringLiteral(
                                             "try:\n"
                                             "    __sandmark_otter_cases(globals())\n"
                                             "finally:\n"
                                             "    del __sandmark_otter_cases\n");
    return reads + QStringLiteral(
               "# Otter test cases, run as Otter's OK-format runner runs them (Python's doctest)\n"
               "def __sandmark_otter_cases(__globals):\n"
               "    import base64, contextlib, doctest, io, json\n"
               "    failed = []\n")
        + capture
        + QStringLiteral(
               "    for case in json.loads(base64.b64decode('%1').decode('utf-8')):\n"
               "        parser = doctest.DocTestParser()\n"
               "        examples = [e for e in parser.parse(case['code'], case['name']) if isinstance(e, doctest.Example)]\n"
               "        test = doctest.DocTest(examples, __globals, case['name'], None, None, case['code'])\n"
               "        report = io.StringIO()\n")
              .arg(QString::fromLatin1(b64))
        + runner
        + QStringLiteral(
               "        if outcome.failed:\n"
               "            text = case.get('failure_message') or ''\n"
               "            if case.get('hidden'):\n"
               "                text = text or 'hidden test %s failed' % case['name']\n"
               "            else:\n"
               "                text = (text + '\\n' if text else '') + report.getvalue().strip()\n"
               "            failed.append(text)\n"
               "    if failed:\n"
               "        raise AssertionError('\\n'.join(failed))\n")
        + tail;
}

/// The cases of `check` whose expected output comes from the reference run (an un-run master's), in order.
QList<QVariantMap> referenceCases(const Check &check)
{
    QList<QVariantMap> out;
    for (const QVariant &tc : check.options.value(QLatin1String("cases")).toList())
        if (tc.toMap().value(QLatin1String("from_reference")).toBool())
            out << tc.toMap();
    return out;
}

/// The digests a test result text holds ("'sandmark-otter-outputs 1a2b… 3c4d…'", the repr of the runner code's
/// result), or none when it holds none.
std::optional<QStringList> outputDigests(const QString &resultText)
{
    static const QRegularExpression re(QStringLiteral("^'sandmark-otter-outputs ?([0-9a-f ]*)'$"));
    const auto m = re.match(resultText.trimmed());
    if (!m.hasMatch())
        return std::nullopt;
    return m.captured(1).split(QLatin1Char(' '), Qt::SkipEmptyParts);
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
        if (tc.contains("from_reference")) {
            if (!tc["from_reference"].is_boolean())
                return in.reader.error(at + QStringLiteral(".from_reference"), QStringLiteral("must be true or false"));
            if (tc["from_reference"].get<bool>())
                one["from_reference"] = true;
        }
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

QString OtterCheckKind::group(const Check &check) const
{
    return check.question;
}

void OtterCheckKind::grade(const Check &check, const CheckEvidence &e, CheckResult &r) const
{
    kAsTest.grade(check, e, r);
    const QVariantList cases = check.options.value(QLatin1String("cases")).toList();
    const QList<QVariantMap> fromReference = referenceCases(check);
    if (r.outcome == Outcome::Pass && !fromReference.isEmpty()) {
        // The cases of an un-run master: the student's printed outputs against the reference run's. The reference
        // run left a digest per case, or the check is broken (failsOnReference()) and not graded at all.
        const CellInfo *cell = e.testCell(check.id);
        const std::optional<QStringList> got = outputDigests(cell ? cell->resultText : QString());
        const std::optional<QStringList> want = outputDigests(e.input.referenceTestResults.value(check.id));
        if (!want || want->size() != fromReference.size()) {
            r.outcome = Outcome::NotGraded;
            r.feedback = QStringLiteral("not graded: grader error: the reference run left no expected output for case "
                                        "'%1'")
                             .arg(fromReference.first().value(QLatin1String("name")).toString());
            return;
        }
        if (!got || got->size() != fromReference.size()) {
            r.outcome = Outcome::NotGraded;
            r.feedback = QStringLiteral("not graded: the test produced no outputs to compare (the notebook interfered "
                                        "with its values or its process; see the reasons)");
            return;
        }
        QStringList failed;
        for (qsizetype i = 0; i < fromReference.size(); ++i) {
            if (got->at(i) == want->at(i))
                continue;
            const QVariantMap tc = fromReference.at(i);
            const QString name = tc.value(QLatin1String("name")).toString();
            QString text = tc.value(QLatin1String("failure_message")).toString();
            if (tc.value(QLatin1String("hidden")).toBool())
                text = text.isEmpty() ? QStringLiteral("hidden test %1 failed").arg(name) : text;
            else
                text = (text.isEmpty() ? QString() : text + QLatin1Char('\n'))
                       + QStringLiteral("test %1 failed: it printed something else than the instructor's solution").arg(name);
            failed << text;
        }
        if (!failed.isEmpty()) {
            r.outcome = Outcome::Fail;
            r.points = 0;
            r.feedback = failed.join(QLatin1Char('\n'));
            return;
        }
    }
    if (r.outcome == Outcome::Pass) {
        // Otter shows each passed case's success message.
        QStringList messages;
        for (const QVariant &tc : cases)
            if (const QString m = tc.toMap().value(QLatin1String("success_message")).toString(); !m.isEmpty())
                messages << m;
        r.feedback = messages.join(QLatin1Char('\n'));
    } else if (r.outcome == Outcome::Fail && r.feedback.startsWith(QLatin1String("AssertionError: "))) {
        r.feedback = r.feedback.mid(16); // the failure messages and doctest's report, as Otter shows them
    }
}

std::optional<CheckKind::ReferenceFailure> OtterCheckKind::failsOnReference(const Check &check, const CellRecord &cell) const
{
    if (auto failure = kAsTest.failsOnReference(check, cell))
        return failure;
    // An un-run master's cases: the reference run must give each its expected output.
    const QList<QVariantMap> fromReference = referenceCases(check);
    if (fromReference.isEmpty())
        return std::nullopt;
    const std::optional<QStringList> got = outputDigests(cell.resultText);
    if (got && got->size() == fromReference.size())
        return std::nullopt;
    // The digests travel as the test's result text, at most 200 characters: 13 digests.
    const bool tooMany = fromReference.size() > 13;
    QStringList names;
    for (const QVariantMap &tc : fromReference)
        names << QStringLiteral("'%1'").arg(tc.value(QLatin1String("name")).toString());
    ReferenceFailure f;
    f.why = QStringLiteral("the expected output of case %1 is unknown: the master's test cell has no saved output and "
                           "the reference run gave none%2")
                .arg(names.join(QLatin1String(", ")),
                     tooMany ? QStringLiteral(" (a question of more than 13 such cases: run the master and import it again)")
                             : QString());
    return f;
}

QString OtterCheckKind::describe(const Check &c) const
{
    const QVariantList cases = c.options.value(QLatin1String("cases")).toList();
    int hidden = 0;
    for (const QVariant &tc : cases)
        hidden += tc.toMap().value(QLatin1String("hidden")).toBool() ? 1 : 0;
    const QString &question = c.question;
    if (cases.size() == 1)
        return QStringLiteral("Otter %1: %2%3").arg(question, cases.at(0).toMap().value(QLatin1String("name")).toString(),
                                                    hidden ? QStringLiteral(" (hidden)") : QString());
    return QStringLiteral("Otter %1: %2 cases, all or nothing (%3 hidden)").arg(question).arg(cases.size()).arg(hidden);
}

QMap<QString, QByteArray> OtterCheckKind::releaseFiles(const QList<Check> &checks) const
{
    // The public tests, for the students' own `grader.check` with the real Otter.
    // A Python string literal: the string as JSON writes it (Python reads JSON's escapes the same way).
    const auto py = [](const QString &text) {
        return QString::fromStdString(jsonutil::qtCompact(nlohmann::json(text.toStdString())));
    };
    QMap<QString, QStringList> cases;
    QMap<QString, bool> allOrNothing;
    for (const Check &c : checks) {
        const QVariantList list = c.options.value(QLatin1String("cases")).toList();
        allOrNothing[c.question] = allOrNothing.value(c.question) || list.size() > 1;
        for (const QVariant &v : list) {
            const QVariantMap tc = v.toMap();
            if (tc.value(QLatin1String("hidden")).toBool())
                continue;
            const double points = list.size() > 1 ? c.points / list.size() : c.points;
            cases[c.question] << QStringLiteral("{'name': %1, 'code': %2, 'hidden': False, 'locked': False, 'points': %3}")
                                     .arg(py(tc.value(QLatin1String("name")).toString()), py(tc.value(QLatin1String("code")).toString()))
                                     .arg(points);
        }
    }
    QMap<QString, QByteArray> files;
    for (auto it = cases.cbegin(); it != cases.cend(); ++it)
        files.insert(QStringLiteral("tests/%1.py").arg(it.key()),
                     QStringLiteral("OK_FORMAT = True\n\ntest = {'name': %1, 'points': None, 'all_or_nothing': %2,\n"
                                    "        'suites': [{'cases': [%3],\n"
                                    "                    'scored': True, 'setup': '', 'teardown': '', 'type': 'doctest'}]}\n")
                         .arg(py(it.key()), allOrNothing.value(it.key()) ? QStringLiteral("True") : QStringLiteral("False"),
                              it.value().join(QStringLiteral(",\n                              ")))
                         .toUtf8());
    return files;
}

} // namespace sandmark::detail
