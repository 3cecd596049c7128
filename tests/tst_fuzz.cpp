// Mutation fuzzing of every reader of outside input (security report F1: a number outside the double range
// aborted the process): notebooks, assignment.json, probe payloads, the runner's answer (execution record),
// zip imports and the gradebook's JSON. Each reader gets a fixed number of mutations of the seeds in
// tests/data/fuzz/<reader>/ from a fixed seed — never a time limit, so a run is the same everywhere — and
// every call must return a value or an Error that names the file, never throw or abort.
//
// A failure names the iteration and writes the input to fuzz-failures/ in the working directory; keep it as
// tests/data/fuzz/<reader>/crash-<what>.<ext> (every file there is also read unmutated, as a regression).
// A crash (abort, segfault) ends the process before that: rerun with SANDMARK_FUZZ_TRACE=1, which writes each
// input to fuzz-current.bin before its call, so the file left behind is the crashing one.
// SANDMARK_FUZZ_SCALE=N runs N times the iterations (a longer local campaign; the seed stays fixed).
#include "assignment/assignment.h"
#include "assignment/autotest.h"
#include "assignment/edit.h"
#include "batch/health.h"
#include "batch/lmsimport.h"
#include "gradebook/feedback.h"
#include "gradebook/gradebook.h"
#include "grading/result.h"
#include "grading/value.h"
#include "notebook/instrument.h"
#include "notebook/nbgrader.h"
#include "notebook/notebook.h"
#include "notebook/release.h"
#include "sandbox/sandboxrun.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <cctype>
#include <cstring>
#include <functional>
#include <iterator>
#include <random>

using namespace sandmark;
using namespace Qt::Literals::StringLiterals;

namespace {

/// A small autotests.yml section (hash, setup and success included), so fuzzed notebooks with directives go through
/// the whole planner.
const sandmark::AutotestConfig &fuzzAutotestConfig()
{
    static const sandmark::AutotestConfig config = [] {
        sandmark::AutotestConfig c;
        c.file = u"autotests.yml"_s;
        c.kernel = u"python3"_s;
        c.setup = u"from hashlib import sha1"_s;
        c.hash = u"sha1({{snippet}}.encode()+b\"{{salt}}\").hexdigest()"_s;
        c.dispatch = u"type({{snippet}})"_s;
        c.normalize = u"str({{snippet}})"_s;
        c.check = u"assert {{snippet}} == \"{{value}}\", \"{{message}}\""_s;
        c.success = u"print('Success!')"_s;
        c.templates = {{u"default"_s, {{u"{{snippet}}"_s, u"value of {{snippet}}"_s}}}};
        return c;
    }();
    return config;
}

QString seedDir(const QString &reader)
{
    return QStringLiteral(SANDMARK_TEST_DATA_DIR "/fuzz/") + reader;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeAll(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

/// Deterministic byte- and token-level mutations (std::mt19937 with a fixed seed: the same inputs on every
/// machine and every run).
class Mutator
{
public:
    explicit Mutator(quint32 seed) : m_rng(seed) {}

    int below(int n) { return n <= 1 ? 0 : std::uniform_int_distribution<int>(0, n - 1)(m_rng); }

    /// Half the time a change of the JSON tree (a value of another type, a key removed or added, an element
    /// repeated, a subtree copied elsewhere), which keeps the text JSON so the reader gets past the parser,
    /// then maybe a byte change too; else byte changes only.
    QByteArray mutateJson(const QByteArray &in, const QList<QByteArray> &others)
    {
        using J = nlohmann::ordered_json;
        J doc = J::parse(in.constData(), in.constData() + in.size(), nullptr, false);
        if (doc.is_discarded() || below(2) == 0)
            return mutate(in, others);
        const int rounds = 1 + below(3);
        for (int r = 0; r < rounds; ++r) {
            std::vector<J *> nodes;
            collect(doc, nodes);
            J &node = *nodes[size_t(below(int(nodes.size())))];
            const J donor = *nodes[size_t(below(int(nodes.size())))];
            static const J scalars[] = {nullptr, true, false, 0, -1, 1.5, std::uint64_t(18446744073709551615ULL),
                                        std::int64_t(-9223372036854775807LL - 1), 9.9e307, -0.0, "", "x", "\u202e",
                                        "../../etc/passwd", std::string(20000, 'A'), J::array(), J::object(),
                                        J::array({nullptr, 1, "a"}), "1e999", "NaN"};
            switch (below(6)) {
            case 0:
                node = scalars[below(int(std::size(scalars)))];
                break;
            case 1:
                if (node.is_object() && !node.empty()) {
                    auto it = node.begin();
                    std::advance(it, below(int(node.size())));
                    node.erase(it.key());
                } else if (node.is_array() && !node.empty()) {
                    node.erase(node.begin() + below(int(node.size())));
                }
                break;
            case 2:
                if (node.is_array())
                    node.insert(node.begin() + below(int(node.size()) + 1), donor);
                break;
            case 3:
                if (node.is_object())
                    node[below(2) ? std::string("x") : std::string("source")] = donor;
                break;
            case 4:
                node = donor;
                break;
            default:
                if (node.is_string())
                    node = scalars[8 + below(8)];
                else if (node.is_number())
                    node = scalars[3 + below(6)];
                break;
            }
        }
        QByteArray text = QByteArray::fromStdString(doc.dump(below(2) ? -1 : 1, ' ', false, J::error_handler_t::replace));
        return below(4) == 0 ? once(std::move(text), others) : text;
    }

    QByteArray mutate(QByteArray in, const QList<QByteArray> &others)
    {
        const int rounds = 1 + below(4);
        for (int r = 0; r < rounds; ++r)
            in = once(std::move(in), others);
        if (in.size() > 4 * 1024 * 1024)
            in.truncate(4 * 1024 * 1024);
        return in;
    }

private:
    template <typename J>
    static void collect(J &j, std::vector<J *> &out)
    {
        out.push_back(&j);
        if (j.is_structured())
            for (auto &child : j)
                collect(child, out);
    }

    QByteArray once(QByteArray in, const QList<QByteArray> &others)
    {
        static const QList<QByteArray> tokens = {
            "1e999", "-1e999", "1e400", "-1e400", "1e-400", "18446744073709551616", "-9223372036854775809",
            "9223372036854775807", "4294967296", "-0", "-0.0", "0e0", "NaN", "Infinity", "-Infinity", "null", "true",
            "false", "\"\"", "\"\\ud800\"", "\"\\udc00\\ud800\"", "\"\\u0000\"", "\"\\u202e\"", "\"../../x\"", "\"/etc/passwd\"",
            "{}", "[]", "[[]]", "{\"\":{}}", "\"cells\"", "\"metadata\"", "\"source\"", "\"outputs\"", "\"nbgrader\"",
            "\"checks\"", "\"limits\"", "\"values\"", "\"probes\"", "\"record\"", "\"t\"", "\"items\"", "\"shape\"",
            "\"values\": [1e999]", ",", ":", "\"", "\\", "{", "}", "[", "]", "\xEF\xBB\xBF", QByteArray("\0", 1),
            "\xFF", "\xC3", "\xED\xA0\x80", "\n", "\r\n", "\t"};
        static const quint32 ints[] = {0, 1, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff, 0x7fffffff, 0x80000000, 0xffffffff};
        const qsizetype n = in.size();
        const auto pos = [&]() { return qsizetype(below(int(n + 1))); };
        switch (below(13)) {
        case 0: // flip a bit
            if (n > 0) {
                const qsizetype i = below(int(n));
                in[i] = char(in[i] ^ (1 << below(8)));
            }
            break;
        case 1: // an interesting byte
            if (n > 0)
                in[below(int(n))] = "\0\xff\x7f\x80\"\\{}[]:,0-e."[below(15)];
            break;
        case 2: { // delete a range
            const qsizetype at = pos();
            in.remove(at, 1 + below(16));
            break;
        }
        case 3: { // duplicate a range elsewhere
            if (n == 0)
                break;
            const qsizetype from = below(int(n));
            const QByteArray chunk = in.mid(from, 1 + below(64));
            in.insert(pos(), chunk);
            break;
        }
        case 4: // insert a token
            in.insert(pos(), tokens.at(below(int(tokens.size()))));
            break;
        case 5: { // replace a number with an extreme one
            qsizetype i = n > 0 ? below(int(n)) : 0;
            while (i < n && !std::isdigit(static_cast<unsigned char>(in.at(i))))
                ++i;
            qsizetype end = i;
            while (end < n && (std::isdigit(static_cast<unsigned char>(in.at(end))) || in.at(end) == '.' || in.at(end) == 'e'))
                ++end;
            if (i < n)
                in.replace(i, end - i, tokens.at(below(10)));
            break;
        }
        case 6: { // replace a string's content
            const qsizetype q = n > 0 ? in.indexOf('"', below(int(n))) : -1;
            const qsizetype close = q >= 0 ? in.indexOf('"', q + 1) : -1;
            if (close > q) {
                static const QList<QByteArray> texts = {"", "x", QByteArray(70000, 'A'), "\\ud800", "\\u0000", "a\\nb",
                                                        "\xE2\x80\xAE", "../../../etc", "..", "/", "1e999"};
                in.replace(q + 1, close - q - 1, texts.at(below(int(texts.size()))));
            }
            break;
        }
        case 7: // truncate
            in.truncate(pos());
            break;
        case 8: // splice a chunk of another seed
            if (!others.isEmpty()) {
                const QByteArray &o = others.at(below(int(others.size())));
                if (!o.isEmpty())
                    in.insert(pos(), o.mid(below(int(o.size())), 1 + below(256)));
            }
            break;
        case 9: { // swap container types or literals
            const char *from[] = {"[", "{", "true", "null", "\"", "0"};
            const char *to[] = {"{", "[", "null", "[]", "'", "\"0\""};
            const int k = below(6);
            const qsizetype at = n > 0 ? in.indexOf(from[k], below(int(n))) : -1;
            if (at >= 0)
                in.replace(at, qsizetype(strlen(from[k])), to[k]);
            break;
        }
        case 10: { // deep nesting
            const int depth = 900 + below(300);
            in.insert(pos(), QByteArray(depth, '[') + QByteArray(depth, ']'));
            break;
        }
        case 11: { // a 16- or 32-bit field (zip headers: sizes, offsets, name lengths, methods)
            if (n >= 4) {
                const quint32 v = ints[below(int(std::size(ints)))];
                const qsizetype at = below(int(n - 3));
                const int width = below(2) ? 4 : 2;
                for (int b = 0; b < width; ++b)
                    in[at + b] = char((v >> (8 * b)) & 0xff);
            }
            break;
        }
        default: // repeat a chunk many times
            if (n > 0) {
                const QByteArray chunk = in.mid(below(int(n)), 1 + below(16));
                in.insert(pos(), chunk.repeated(1 + below(2000)));
            }
            break;
        }
        return in;
    }

    std::mt19937 m_rng;
};

/// Library internals that must never reach a person: an exception's text, a bare error code, an empty reason
/// ("not a zip archive ()"). (Error messages may quote the input, so only these exact forms are looked for.)
bool looksInternal(const QString &message)
{
    for (const char *bad : {"[json.exception", "basic_string", "std::", "unknown error", "archive ()", "entry ()"})
        if (message.contains(QLatin1String(bad)))
            return true;
    return message.trimmed().isEmpty();
}

int scaled(int iterations)
{
    const int scale = qEnvironmentVariableIntValue("SANDMARK_FUZZ_SCALE");
    return iterations * (scale > 0 ? scale : 1);
}

} // namespace

/// A temporary folder on a memory file system when there is one: the zip and gradebook campaigns create and
/// remove thousands of files, which a loaded disk makes slow; what is tested is the same anywhere.
QString fastTempBase()
{
    const QFileInfo shm(u"/dev/shm"_s);
    return shm.isDir() && shm.isWritable() ? u"/dev/shm/tst_fuzz-XXXXXX"_s : QDir::tempPath() + u"/tst_fuzz-XXXXXX"_s;
}

class TestFuzz : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_tmp{fastTempBase()};
    int m_values = 0; ///< inputs of the current campaign that a reader accepted (the rest gave an Error)

    /// Runs `call` on every seed of `reader` as it is, then on `iterations` mutations of them. `call` returns
    /// an empty string when the reader's answer was well-formed, else what was wrong.
    void campaign(const QString &reader, quint32 seed, int iterations, const std::function<QString(const QByteArray &)> &call,
                  bool json = true)
    {
        QList<QByteArray> seeds;
        QStringList names;
        for (const QFileInfo &fi : QDir(seedDir(reader)).entryInfoList(QDir::Files, QDir::Name)) {
            seeds << readAll(fi.filePath());
            names << fi.fileName();
        }
        QVERIFY2(!seeds.isEmpty(), qPrintable(u"no seeds in "_s + seedDir(reader)));
        const bool trace = qEnvironmentVariableIntValue("SANDMARK_FUZZ_TRACE") == 1;
        m_values = 0;
        Mutator m(seed);
        const int total = scaled(iterations);
        for (int i = -int(seeds.size()); i < total; ++i) {
            const QByteArray &from = seeds.at(m.below(int(seeds.size())));
            const QByteArray input = i < 0 ? seeds.at(seeds.size() + i) : json ? m.mutateJson(from, seeds) : m.mutate(from, seeds);
            if (trace)
                writeAll(u"fuzz-current.bin"_s, input);
            QString problem;
            try {
                problem = call(input);
            } catch (const std::exception &e) {
                problem = u"threw: "_s + QString::fromUtf8(e.what());
            } catch (...) {
                problem = u"threw a non-standard exception"_s;
            }
            if (!problem.isEmpty()) {
                QDir().mkpath(u"fuzz-failures"_s);
                const QString kept = QDir(u"fuzz-failures"_s).absoluteFilePath(u"%1-%2.bin"_s.arg(reader).arg(i));
                writeAll(kept, input);
                QFAIL(qPrintable(u"%1, %2: %3 (input kept in %4)"_s.arg(reader, i < 0 ? names.at(names.size() + i)
                                                                                        : u"iteration %1"_s.arg(i),
                                                                         problem, kept)));
            }
        }
        qInfo("%s: %d inputs (%d seeds), %d read as a value, the others refused with an error", qPrintable(reader),
              int(seeds.size()) + total, int(seeds.size()), m_values);
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_tmp.isValid()); }

    // Notebook::parse, and what reads a parsed notebook further: instrument, strip, release, nbgrader
    // comparison, manual answers, the feedback page.
    void notebook()
    {
        InstrumentOptions opt;
        opt.nonce = QStringLiteral("0123456789abcdef0123456789abcdef");
        opt.probes = {ProbeSpec{u"q1"_s, u"q1"_s, {u"x"_s}}, ProbeSpec{u"end"_s, {}, {u"y"_s}}};
        opt.tests = {TestCellSpec{.checkId = u"t1"_s, .code = u"assert x"_s, .gradeId = u"t1"_s, .after = u"q1"_s},
                     TestCellSpec{.checkId = u"t2"_s, .code = u"assert y"_s}};
        opt.redirectNames = {{u"iris.csv"_s, u"data/iris.csv"_s}};
        Check manual;
        manual.id = u"essay"_s;
        manual.type = Check::Type::Manual;
        manual.anchor = u"q1"_s;
        const Notebook reference = *Notebook::load(seedDir(u"notebook"_s) + u"/outputs.ipynb"_s);
        campaign(u"notebook"_s, 20261201, 3000, [&](const QByteArray &bytes) -> QString {
            const Expected<Notebook> nb = Notebook::parse(bytes, u"fuzz.ipynb"_s);
            if (!nb) {
                if (nb.error().file != u"fuzz.ipynb"_s || looksInternal(nb.error().message))
                    return u"unclear error: "_s + nb.error().toString();
                return {};
            }
            ++m_values;
            (void)nb->toJson();
            if (const Expected<InstrumentResult> inst = instrument(*nb, opt)) {
                (void)strip(inst->notebook).toJson();
                (void)fallbackAnchors(inst->notebook);
            } else if (looksInternal(inst.error().message)) {
                return u"unclear instrument error: "_s + inst.error().toString();
            }
            if (const Expected<ReleaseResult> rel = makeRelease(*nb, u"fuzz.ipynb"_s); !rel && looksInternal(rel.error().message))
                return u"unclear release error: "_s + rel.error().toString();
            (void)nbgraderCells(*nb);
            (void)compareWithRelease(reference, *nb);
            (void)manualAnswers({manual}, *nb, reference);
            if (hasAutotest(*nb))
                (void)planAutotests(*nb, u"fuzz.ipynb"_s, nullptr, fuzzAutotestConfig());
            for (int i = 0; i < nb->cellCount(); ++i)
                (void)nb->cellJson(i);
            FeedbackInput in;
            in.checks = {manual};
            in.executed = *nb;
            (void)renderFeedbackHtml(in);
            return {};
        });
    }

    // Assignment::load (every field), and the editors that read the same file.
    void assignment()
    {
        const QString dir = m_tmp.filePath(u"assignment"_s);
        QVERIFY(QDir().mkpath(dir + u"/data"_s));
        for (const char *f : {"hw.ipynb", "data/extra.csv", "data/iris.csv"})
            QVERIFY(QFile::copy(QStringLiteral(SANDMARK_TEST_DATA_DIR "/assignments/good/") + QLatin1String(f),
                                dir + u"/"_s + QLatin1String(f)));
        QVERIFY(QFile::copy(QStringLiteral(SANDMARK_TEST_DATA_DIR "/assignments/minimal/nb.ipynb"), dir + u"/nb.ipynb"_s));
        const QString json = dir + u"/assignment.json"_s;
        int iteration = 0;
        campaign(u"assignment"_s, 20261202, 3000, [&](const QByteArray &bytes) -> QString {
            if (!writeAll(json, bytes))
                return u"cannot write the input"_s;
            QList<Error> all;
            const Expected<Assignment> a = Assignment::load(dir, &all);
            if (!a) {
                if (a.error().file != json || looksInternal(a.error().message))
                    return u"unclear error: "_s + a.error().toString();
            } else {
                ++m_values;
                (void)a->maxPoints();
            }
            for (const Error &e : std::as_const(all))
                if (looksInternal(e.message))
                    return u"unclear error: "_s + e.toString();
            (void)checkIds(json);
            if (++iteration % 10 == 0) { // the editors write the file: now and then
                NewCheck nc;
                nc.id = u"fuzz-added"_s;
                nc.variable = u"fuzz_added"_s;
                const Expected<int> added = addCheck(json, nc);
                if (!added && looksInternal(added.error().message))
                    return u"unclear addCheck error: "_s + added.error().toString();
                // Written against the fuzzed text: what is written must read back, with the new check where it was put.
                if (added) {
                    const Expected<QStringList> ids = checkIds(json);
                    if (!ids || ids->size() != *added + 1 || ids->constLast() != nc.id)
                        return u"addCheck wrote a file that does not read back: "_s + QString::fromUtf8(readAll(json).left(300));
                }
            }
            return {};
        });
    }

    // decodeProbePayload / decodeProbeValue, and grade() against the decoded reference.
    void payload()
    {
        const QByteArray reference = readAll(seedDir(u"payload"_s) + u"/C02-ref.json"_s);
        QList<Check> checks;
        for (const char *v : {"count", "total", "double", "df_small", "series_ab", "arr_2x3", "dict_ab"}) {
            Check c;
            c.id = c.variable = QLatin1String(v);
            checks << c;
        }
        campaign(u"payload"_s, 20261203, 3000, [&](const QByteArray &bytes) -> QString {
            const Expected<ProbePayload> p = decodeProbePayload(bytes, u"fuzz payload"_s);
            if (!p && (p.error().file != u"fuzz payload"_s || looksInternal(p.error().message)))
                return u"unclear error: "_s + p.error().toString();
            const Expected<ProbeValue> v = decodeProbeValue(bytes, u"fuzz value"_s);
            if (!v && (v.error().file != u"fuzz value"_s || looksInternal(v.error().message)))
                return u"unclear error: "_s + v.error().toString();
            if (v)
                (void)v->summary();
            m_values += p ? 1 : 0;
            GradeInput in;
            in.checks = checks;
            in.referencePayload = reference;
            in.studentPayload = bytes;
            (void)grade(in);
            in.referencePayload = bytes; // the student's payload as the reference: both sides decoded
            in.studentPayload = reference;
            (void)grade(in);
            return {};
        });
    }

    // The runner's answer (sandmark-result/1: record, payload, notebook) as SandboxRun reads it, and what
    // reads a record: grade(), the reference timing.
    void record()
    {
        const QByteArray reference = readAll(seedDir(u"payload"_s) + u"/C02-ref.json"_s);
        QList<Check> checks;
        for (const char *v : {"count", "total", "double"}) {
            Check c;
            c.id = c.variable = QLatin1String(v);
            c.anchor = v[0] == 'c' ? u"q1"_s : QString();
            checks << c;
        }
        Check test;
        test.id = u"t1"_s;
        test.type = Check::Type::Test;
        checks << test;
        campaign(u"record"_s, 20261204, 3000, [&](const QByteArray &bytes) -> QString {
            RunResult r;
            const Expected<void> read = readRunnerAnswer(bytes, r);
            if (!read) {
                if (read.error().file != u"the runner's answer"_s || looksInternal(read.error().message))
                    return u"unclear error: "_s + read.error().toString();
                return {};
            }
            ++m_values;
            GradeInput in;
            in.checks = checks;
            in.referencePayload = reference;
            in.studentPayload = r.payloadJson;
            in.record = r.record;
            (void)grade(in);
            (void)ReferenceTiming::fromRecord(r.record);
            if (!r.notebookJson.isEmpty())
                (void)Notebook::parse(r.notebookJson, u"executed.ipynb"_s);
            return {};
        });
    }

    // importSubmissions() of mutated zips: a value or an Error naming the zip, nothing written outside OUT.
    void zip()
    {
        const QString zipPath = m_tmp.filePath(u"fuzz.zip"_s);
        const QString out = m_tmp.filePath(u"zip-out/submissions"_s);
        ImportLimits limits;
        limits.maxFileBytes = 1 << 20;
        limits.maxTotalBytes = 4 << 20;
        campaign(u"zip"_s, 20261205, 1500, [&](const QByteArray &bytes) -> QString {
            QDir(m_tmp.filePath(u"zip-out"_s)).removeRecursively();
            if (!writeAll(zipPath, bytes))
                return u"cannot write the input"_s;
            const Expected<ImportReport> r = importSubmissions(zipPath, out, limits);
            if (!r) {
                if (r.error().file != zipPath && !r.error().file.startsWith(out))
                    return u"error names another file: "_s + r.error().toString();
                if (looksInternal(r.error().message))
                    return u"unclear error: "_s + r.error().toString();
            } else {
                ++m_values;
                for (const FlaggedEntry &f : r->flagged)
                    if (looksInternal(f.reason))
                        return u"unclear reason for %1: %2"_s.arg(f.entry, f.reason);
            }
            // Nothing beside OUT: zip-out/ holds only OUT, the temporary folder only the zip and zip-out/.
            for (const QString &e : QDir(m_tmp.filePath(u"zip-out"_s)).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot))
                if (e != u"submissions"_s)
                    return u"wrote outside OUT: zip-out/"_s + e;
            const QStringList top = QDir(m_tmp.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
            for (const QString &e : top)
                if (e != u"fuzz.zip"_s && e != u"zip-out"_s && e != u"assignment"_s && e != u"gradebook.sqlite"_s
                    && !e.startsWith(u"gradebook.sqlite-"_s))
                    return u"wrote outside OUT: "_s + e;
            return {};
        }, false);
    }

    // The gradebook's own JSON (a run's reasons), read back through effectiveGrades() and gradeSummaries():
    // a gradebook is a file one may be handed (a shard to merge).
    void gradebook()
    {
        const QString path = m_tmp.filePath(u"gradebook.sqlite"_s);
        {
            auto gb = Gradebook::open(path);
            QVERIFY(gb);
            RunRecord run;
            run.studentId = u"alice"_s;
            run.filesHash = u"f"_s;
            run.inputsHash = u"i"_s;
            run.started = run.finished = QDateTime::currentDateTimeUtc();
            run.result.status = GradeStatus::NeedsReview;
            run.result.reasons = {u"cells[2]: cell timed out"_s};
            QVERIFY((*gb)->recordRun(run));
        }
        auto gb = Gradebook::open(path);
        QVERIFY(gb);
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"fuzz-writer"_s);
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery(db).exec(u"PRAGMA synchronous=OFF"_s); // the writer's commits need not reach the disk
        campaign(u"gradebook"_s, 20261206, 3000, [&](const QByteArray &bytes) -> QString {
            QSqlQuery q(db);
            q.prepare(u"UPDATE runs SET reasons = ?"_s);
            q.addBindValue(QString::fromUtf8(bytes));
            if (!q.exec())
                return u"cannot write the input: "_s + q.lastQuery();
            const auto grades = (*gb)->effectiveGrades();
            if (!grades)
                return u"effectiveGrades failed: "_s + grades.error().toString();
            // What SQLite kept (text stops at a NUL) must not read as "no reasons" unless it is an empty list.
            QSqlQuery back(db);
            if (!back.exec(u"SELECT reasons FROM runs"_s) || !back.next())
                return u"cannot read the input back"_s;
            const QString stored = back.value(0).toString();
            QJsonParseError pe;
            const QJsonDocument doc = QJsonDocument::fromJson(stored.toUtf8(), &pe);
            const bool emptyList = pe.error == QJsonParseError::NoError && doc.isArray() && doc.array().isEmpty();
            if (!stored.isEmpty() && !emptyList && grades->value(0).reasons.isEmpty())
                return u"reasons lost: '%1' read as none"_s.arg(stored.left(80));
            m_values += emptyList ? 0 : 1;
            if (const auto s = (*gb)->gradeSummaries(); !s)
                return u"gradeSummaries failed: "_s + s.error().toString();
            return {};
        });
        db.close();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(u"fuzz-writer"_s);
    }
};

QTEST_GUILESS_MAIN(TestFuzz)
#include "tst_fuzz.moc"
