#include "assignment/assignment.h"
#include "assignment/fieldreader_p.h"
#include "checks/checkjson_p.h"
#include "checks/registry.h"
#include "datasets/datasetentry.h"
#include "env/environment.h"
#include "notebook/instrument.h"
#include "sandbox/registry.h"
#include "util/inputfile.h"
#include "util/json_p.h"

#include <algorithm>
#include <cmath>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <nlohmann/json.hpp>

namespace sandmark {

using detail::Json;
using detail::qs;
using detail::shownValue;

double Assignment::maxPoints() const
{
    double total = 0;
    for (const Check &c : m_checks)
        total += c.points;
    return total;
}

QList<Check> Assignment::checksOf(const QString &notebook) const
{
    QList<Check> out;
    for (const Check &c : m_checks)
        if (c.notebook == notebook)
            out << c;
    return out;
}

QString Assignment::displayPath(const QString &relative) const
{
    return QDir::cleanPath(m_shownFolder + QLatin1Char('/') + relative);
}

QString Assignment::absolute(const QString &relative) const
{
    return QDir::cleanPath(m_folder + QLatin1Char('/') + relative);
}

Expected<QString> resolveInside(const QString &folder, const QString &relative, const QString &file,
                                const QString &field)
{
    if (relative.isEmpty())
        return Error{file, field, QStringLiteral("must not be empty")};
    // Before any file system call: Qt refuses a name with a NUL ("Broken filename passed to function" on stderr) and
    // says "does not exist"; no file name of an assignment holds a control character.
    if (std::any_of(relative.cbegin(), relative.cend(), [](QChar c) { return c.unicode() < 0x20 || c.unicode() == 0x7f; }))
        return Error{file, field, QStringLiteral("'%1' holds a control character, which no file name of an assignment may hold")
                                      .arg(shownValue(relative))};
    if (QDir::isAbsolutePath(relative) || relative.startsWith(QLatin1Char('~')))
        return Error{file, field, QStringLiteral("'%1' must be relative to the assignment folder").arg(shownValue(relative))};
    const QString base = QDir::cleanPath(QFileInfo(folder).absoluteFilePath());
    const QString joined = QDir::cleanPath(base + QLatin1Char('/') + relative);
    if (joined != base && !joined.startsWith(base + QLatin1Char('/')))
        return Error{file, field, QStringLiteral("'%1' leads outside the assignment folder").arg(shownValue(relative))};
    // Symlinks: the canonical path must stay inside the canonical folder.
    const QString canonicalBase = QFileInfo(base).canonicalFilePath();
    const QString canonical = QFileInfo(joined).canonicalFilePath();
    if (!canonical.isEmpty() && !canonicalBase.isEmpty() && canonical != canonicalBase
        && !canonical.startsWith(canonicalBase + QLatin1Char('/')))
        return Error{file, field,
                     QStringLiteral("'%1' is a link that leads outside the assignment folder").arg(shownValue(relative))};
    return joined;
}

QMap<QString, QString> Assignment::runEnvironment() const
{
    QMap<QString, QString> env;
    if (m_fromNbgrader)
        env.insert(QStringLiteral("NBGRADER_EXECUTION"), QStringLiteral("autograde"));
    if (m_fromOtter) {
        // The runner puts the offline `otter` stand-in on the kernel's path and applies the seed (docs/otter.md).
        env.insert(QStringLiteral("SANDMARK_OTTER"), QStringLiteral("1"));
        if (!m_otterSeed.isEmpty())
            env.insert(QStringLiteral("SANDMARK_OTTER_SEED"), m_otterSeed);
        if (!m_otterSeedVariable.isEmpty())
            env.insert(QStringLiteral("SANDMARK_OTTER_SEED_VARIABLE"), m_otterSeedVariable);
    }
    return env;
}

const QStringList &assignmentFieldKeys()
{
    static const QStringList keys = {
        QStringLiteral("format"), QStringLiteral("slug"), QStringLiteral("title"), QStringLiteral("notebooks"),
        QStringLiteral("release"), QStringLiteral("data_files"), QStringLiteral("dependencies"),
        QStringLiteral("python"), QStringLiteral("system_site_packages"), QStringLiteral("required_datasets"),
        QStringLiteral("dataset_functions"), QStringLiteral("limits"), QStringLiteral("sandbox"), QStringLiteral("docker_image"),
        QStringLiteral("show_expected"), QStringLiteral("checks"), QStringLiteral("nbgrader"),
        QStringLiteral("otter")};
    return keys;
}

bool isCheckId(const QString &id)
{
    static const QRegularExpression re(QStringLiteral("^[\\p{L}\\p{N}][\\p{L}\\p{N}\\p{M}._-]{0,63}$"));
    return re.match(id).hasMatch();
}

namespace detail {

/// Reads assignment.json's top-level fields into an Assignment, one field (or group of fields) per function. Each
/// returns its field's first problem, so that one load reports every field's first problem.
struct AssignmentLoader
{
    const FieldReader &r;
    const Json &root;
    Assignment &a;
    QString file;              ///< as errors name it
    bool showExpected = false; ///< the assignment's "show_expected", the value checks' default

    QList<Error> readAll();
    Expected<void> readFormat();
    Expected<void> readSlug();
    Expected<void> readTitle();
    Expected<void> readNotebooks();
    Expected<void> readRelease();
    Expected<void> readDataFiles();
    Expected<void> readDependencies();
    Expected<void> readPython();
    Expected<void> readSystemSitePackages();
    Expected<void> readRequiredDatasets();
    Expected<void> readDatasetFunctions();
    Expected<void> readLimits();
    Expected<void> readSandbox();
    Expected<void> readShowExpected();
    Expected<void> readChecks();
    /// The check's "notebook" (format 1: optional, the first notebook by default; format 2 with several
    /// notebooks: required), one of "notebooks".
    Expected<void> readCheckNotebook(const CheckSource &in, Check &c) const;
};

QList<Error> AssignmentLoader::readAll()
{
    using Read = Expected<void> (AssignmentLoader::*)();
    // In file-format order; show_expected before checks, whose default it is.
    static constexpr Read fields[] = {
        &AssignmentLoader::readFormat, &AssignmentLoader::readSlug, &AssignmentLoader::readTitle,
        &AssignmentLoader::readNotebooks, &AssignmentLoader::readRelease, &AssignmentLoader::readDataFiles,
        &AssignmentLoader::readDependencies, &AssignmentLoader::readPython, &AssignmentLoader::readSystemSitePackages,
        &AssignmentLoader::readRequiredDatasets, &AssignmentLoader::readDatasetFunctions, &AssignmentLoader::readLimits,
        &AssignmentLoader::readSandbox, &AssignmentLoader::readShowExpected, &AssignmentLoader::readChecks,
    };
    QList<Error> errors;
    for (Read read : fields)
        if (Expected<void> ok = (this->*read)(); !ok)
            errors << ok.error();
    return errors;
}

Expected<void> AssignmentLoader::readFormat()
{
    if (root.contains("format")) {
        const Json &fmt = root["format"];
        if (!fmt.is_number_integer() || fmt.get<int>() < 1 || fmt.get<int>() > kAssignmentFormat)
            return r.error(QStringLiteral("format"),
                           QStringLiteral("must be 1 or 2 (this Sandmark reads formats 1 and 2)"));
        a.m_format = fmt.get<int>();
    }
    return {};
}

Expected<void> AssignmentLoader::readSlug()
{
    if (!root.contains("slug"))
        return r.error({}, QStringLiteral("missing required field \"slug\""));
    auto slug = r.string(root["slug"], QStringLiteral("slug"));
    if (!slug)
        return slug.error();
    static const QRegularExpression slugRe(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"));
    if (!slugRe.match(*slug).hasMatch())
        return r.error(QStringLiteral("slug"),
                       QStringLiteral("'%1' must be 1-64 letters, digits, '.', '_' or '-', starting with a letter "
                                      "or digit").arg(shownValue(*slug)));
    a.m_slug = *slug;
    a.m_title = a.m_slug;
    return {};
}

Expected<void> AssignmentLoader::readTitle()
{
    if (root.contains("title")) {
        auto t = r.string(root["title"], QStringLiteral("title"));
        if (!t)
            return t.error();
        // The title heads the window, feedback pages and exports: one line of text (or no "title": the slug).
        if (t->trimmed().isEmpty())
            return r.error(QStringLiteral("title"), QStringLiteral("must not be empty (remove \"title\" to use the slug)"));
        if (std::any_of(t->cbegin(), t->cend(), [](QChar c) { return c.unicode() < 0x20 || c.unicode() == 0x7f; }))
            return r.error(QStringLiteral("title"),
                           QStringLiteral("'%1' holds a control character (a line break, a tab): a title is one line of text")
                               .arg(shownValue(*t)));
        a.m_title = *t;
    }
    return {};
}

Expected<void> AssignmentLoader::readNotebooks()
{
    if (!root.contains("notebooks"))
        return r.error({}, QStringLiteral("missing required field \"notebooks\" (the instructor notebooks)"));
    auto notebooks = r.strings(root["notebooks"], QStringLiteral("notebooks"));
    if (!notebooks)
        return notebooks.error();
    if (notebooks->isEmpty())
        return r.error(QStringLiteral("notebooks"), QStringLiteral("must name at least one instructor notebook"));
    for (int i = 0; i < notebooks->size(); ++i) {
        const QString field = QStringLiteral("notebooks[%1]").arg(i);
        const QString rel = notebooks->at(i);
        auto abs = resolveInside(a.m_folder, rel, file, field);
        if (!abs)
            return abs.error();
        if (!rel.endsWith(QLatin1String(".ipynb")))
            return r.error(field, QStringLiteral("'%1' is not a notebook (.ipynb)").arg(shownValue(rel)));
        if (!QFileInfo(*abs).isFile())
            return r.error(field, QFileInfo(*abs).isDir()      ? QStringLiteral("'%1' is a folder, not a notebook").arg(shownValue(rel))
                                  : QFileInfo::exists(*abs) ? QStringLiteral("'%1' is not a regular file (a FIFO, a device or a socket)").arg(shownValue(rel))
                                                             : QStringLiteral("'%1' does not exist").arg(shownValue(rel)));
        a.m_notebooks << QDir::cleanPath(rel);
    }
    return {};
}

Expected<void> AssignmentLoader::readRelease()
{
    if (root.contains("release")) {
        auto rel = r.string(root["release"], QStringLiteral("release"));
        if (!rel)
            return rel.error();
        if (rel->isEmpty() || rel->contains(QLatin1Char('/')) || *rel == QLatin1String("..")
            || *rel == QLatin1String("."))
            return r.error(QStringLiteral("release"), QStringLiteral("must be a plain folder name"));
        a.m_releaseName = *rel;
    }
    return {};
}

Expected<void> AssignmentLoader::readDataFiles()
{
    if (root.contains("data_files")) {
        const Json &files = root["data_files"];
        if (!files.is_array())
            return r.error(QStringLiteral("data_files"), QStringLiteral("must be a list"));
        for (size_t i = 0; i < files.size(); ++i) {
            const QString field = QStringLiteral("data_files[%1]").arg(i);
            DataFile df;
            const Json &entry = files[i];
            if (entry.is_string()) {
                df.path = qs(entry.get<std::string>());
            } else if (entry.is_object()) {
                if (!entry.contains("path"))
                    return r.error(field, QStringLiteral("missing required field \"path\""));
                auto p = r.string(entry["path"], field + QStringLiteral(".path"));
                if (!p)
                    return p.error();
                df.path = *p;
                if (entry.contains("urls")) {
                    auto urls = r.strings(entry["urls"], field + QStringLiteral(".urls"));
                    if (!urls)
                        return urls.error();
                    for (int u = 0; u < urls->size(); ++u)
                        if (!urls->at(u).contains(QLatin1String("://")))
                            return r.error(QStringLiteral("%1.urls[%2]").arg(field).arg(u),
                                           QStringLiteral("'%1' is not a URL").arg(shownValue(urls->at(u))));
                    df.urls = *urls;
                }
            } else {
                return r.error(field, QStringLiteral("must be a path or an object with \"path\" and \"urls\""));
            }
            auto abs = resolveInside(a.m_folder, df.path, file, entry.is_object() ? field + QStringLiteral(".path")
                                                                                   : field);
            if (!abs)
                return abs.error();
            if (!QFileInfo(*abs).isFile())
                return r.error(field, QFileInfo(*abs).isDir()
                                          ? QStringLiteral("'%1' is a folder; list the files in it").arg(shownValue(df.path))
                                      : QFileInfo::exists(*abs)
                                          ? QStringLiteral("'%1' is not a regular file (a FIFO, a device or a socket)").arg(shownValue(df.path))
                                          : QStringLiteral("'%1' does not exist").arg(shownValue(df.path)));
            // Every run copies it into its folder: one this machine cannot read would fail every submission's run.
            if (const std::optional<Error> unreadable = cannotOpenForReading(*abs))
                return r.error(field, QStringLiteral("'%1': %2; every run copies it into its folder, so every submission "
                                                     "would be a grader error: make it readable by the user who runs Sandmark")
                                          .arg(shownValue(df.path), unreadable->message));
            // Data files are copied into the student release: never the grading material itself.
            const QString canonical = QFileInfo(*abs).canonicalFilePath();
            if (canonical == QFileInfo(a.m_jsonPath).canonicalFilePath())
                return r.error(field, QStringLiteral("'%1' is assignment.json itself: its checks and hidden tests would be "
                                                     "copied to the students").arg(df.path));
            for (const QString &nb : std::as_const(a.m_notebooks))
                if (canonical == QFileInfo(QDir(a.m_folder).filePath(nb)).canonicalFilePath())
                    return r.error(field, QStringLiteral("'%1' is an instructor notebook: its solutions would be copied to "
                                                         "the students (the release has its own copy without them)")
                                              .arg(df.path));
            df.path = QDir::cleanPath(df.path);
            a.m_dataFiles << df;
        }
    }
    return {};
}

Expected<void> AssignmentLoader::readDependencies()
{
    if (root.contains("dependencies")) {
        auto deps = r.strings(root["dependencies"], QStringLiteral("dependencies"));
        if (!deps)
            return deps.error();
        for (int i = 0; i < deps->size(); ++i) {
            if (deps->at(i).trimmed().isEmpty() || deps->at(i).trimmed().startsWith(QLatin1Char('-')))
                return r.error(QStringLiteral("dependencies[%1]").arg(i),
                               QStringLiteral("must be a pip requirement such as \"numpy>=1.24\""));
            // The requirement syntax belongs to the environment module (pip reads these lines).
            if (const QString why = requirementProblem(deps->at(i)); !why.isEmpty())
                return r.error(QStringLiteral("dependencies[%1]").arg(i), why);
        }
        a.m_dependencies = *deps;
    }
    return {};
}

Expected<void> AssignmentLoader::readPython()
{
    return r.optionalString(root, "python", QStringLiteral("python"), a.m_python);
}

Expected<void> AssignmentLoader::readSystemSitePackages()
{
    return r.optionalBool(root, "system_site_packages", QStringLiteral("system_site_packages"), a.m_systemSitePackages);
}

Expected<void> AssignmentLoader::readRequiredDatasets()
{
    if (root.contains("required_datasets")) {
        auto ds = r.strings(root["required_datasets"], QStringLiteral("required_datasets"));
        if (!ds)
            return ds.error();
        for (int i = 0; i < ds->size(); ++i) {
            // The entry format belongs to the datasets module (docs/datasets.md).
            auto entry = DatasetEntry::parse(ds->at(i));
            if (!entry)
                return r.error(QStringLiteral("required_datasets[%1]").arg(i), entry.error().message);
        }
        a.m_requiredDatasets = *ds;
    }
    return {};
}

Expected<void> AssignmentLoader::readDatasetFunctions()
{
    a.m_datasetFunctions = {QStringLiteral("localizer.get_file"), QStringLiteral("localizer.download"),
                            QStringLiteral("hf_hub_download")};
    return r.optionalStrings(root, "dataset_functions", QStringLiteral("dataset_functions"), a.m_datasetFunctions);
}

Expected<void> AssignmentLoader::readLimits()
{
    if (root.contains("limits")) {
        const Json &limits = root["limits"];
        if (!limits.is_object())
            return r.error(QStringLiteral("limits"), QStringLiteral("must be an object"));
        Limits &l = a.m_limits;
        for (auto &[key, value] : limits.items()) {
            const QString where = QStringLiteral("limits.") + qs(key);
            const LimitField *field = findLimitField(key);
            if (!field) {
                QStringList known;
                for (const LimitField &candidate : kLimitFields)
                    known << QLatin1String(candidate.key);
                return r.error(where, QStringLiteral("unknown limit (known: %1)").arg(known.join(QLatin1String(", "))));
            }
            auto v = r.number(value, where, 0, true);
            if (!v)
                return v.error();
            if (field->real) {
                if (*v > field->max)
                    return r.error(where, QStringLiteral("must be at most %1").arg(field->max));
                l.*field->real = *v;
            } else {
                if (!value.is_number_integer())
                    return r.error(where, QStringLiteral("must be a whole number"));
                // get<qint64>() would wrap 2^64-1 around to -1, which setrlimit reads as RLIM_INFINITY.
                if (value.is_number_unsigned()
                    && value.get<std::uint64_t>() > std::uint64_t(std::numeric_limits<qint64>::max()))
                    return r.error(where, QStringLiteral("is too large"));
                if (field->bytes)
                    l.*field->bytes = value.get<qint64>();
                else
                    l.*field->count = int(std::min<qint64>(value.get<qint64>(), 1 << 30));
            }
        }
        // cell_timeout_s not given: 60 s, or the whole run's limit when that is shorter (timeout_s 45 alone is valid).
        // Given and longer than the run: the message says which of the two the file set, and the fix.
        const bool cellSet = limits.contains("cell_timeout_s");
        if (!cellSet)
            l.cellTimeoutS = std::min(Limits().cellTimeoutS, l.wallTimeoutS);
        else if (l.cellTimeoutS > l.wallTimeoutS)
            return r.error(QStringLiteral("limits.cell_timeout_s"),
                           limits.contains("timeout_s")
                               ? QStringLiteral("is %1 s, longer than limits.timeout_s (%2 s), both set here: lower "
                                                "cell_timeout_s to at most %2, or remove it (then it is the smaller of "
                                                "60 s and timeout_s), or raise timeout_s")
                                     .arg(l.cellTimeoutS)
                                     .arg(l.wallTimeoutS)
                               : QStringLiteral("is %1 s, longer than limits.timeout_s (%2 s, its default): set "
                                                "timeout_s to at least %1, or lower cell_timeout_s to at most %2")
                                     .arg(l.cellTimeoutS)
                                     .arg(l.wallTimeoutS));
        if (l.diskBytes < 1024LL * 1024)
            return r.error(QStringLiteral("limits.disk_bytes"),
                           QStringLiteral("must be at least 1048576 (1 MiB): the run writes its notebook and record"));
        if (l.memoryBytes < 256LL * 1024 * 1024)
            return r.error(QStringLiteral("limits.memory_bytes"),
                           QStringLiteral("must be at least 268435456 (256 MiB): a Python kernel needs more "
                                          "address space than that to start"));
    }
    return {};
}

Expected<void> AssignmentLoader::readSandbox()
{
    if (root.contains("sandbox")) {
        auto s = r.string(root["sandbox"], QStringLiteral("sandbox"));
        if (!s)
            return s.error();
        a.m_sandbox = parseSandboxKind(*s);
        if (!a.m_sandbox)
            return r.error(QStringLiteral("sandbox"),
                           QStringLiteral("'%1' is not a sandbox backend (%2)").arg(*s, sandboxNameList()));
        if (sandboxNameIsUnsafe(*s)) // runOptionsFor() never takes it from the file alone
            a.m_warnings << QStringLiteral("%1: sandbox: '%2' runs student code WITHOUT a sandbox; it is used only when you "
                                           "choose it yourself (--sandbox %2, or the app's preference), otherwise your "
                                           "sandbox runs the notebooks")
                                .arg(file, *s);
    }
    if (root.contains("docker_image")) {
        auto img = r.string(root["docker_image"], QStringLiteral("docker_image"));
        if (!img)
            return img.error();
        if (img->trimmed().isEmpty() || img->contains(QLatin1Char(' ')))
            return r.error(QStringLiteral("docker_image"), QStringLiteral("must be an image name such as sandmark-base:latest"));
        a.m_dockerImage = *img;
    }
    if (root.contains("nbgrader")) {
        if (!root["nbgrader"].is_object())
            return r.error(QStringLiteral("nbgrader"), QStringLiteral("must be an object (written by import nbgrader)"));
        a.m_fromNbgrader = true;
    }
    if (root.contains("otter")) {
        // Written by `import otter` (docs/otter.md): Otter's seed, applied before every cell as Otter does.
        const Json &o = root["otter"];
        if (!o.is_object())
            return r.error(QStringLiteral("otter"), QStringLiteral("must be an object (written by import otter)"));
        a.m_fromOtter = true;
        if (o.contains("seed") && !o["seed"].is_null()) {
            if (!o["seed"].is_number_integer())
                return r.error(QStringLiteral("otter.seed"), QStringLiteral("must be an integer"));
            a.m_otterSeed = QString::number(o["seed"].get<qint64>());
        }
        if (auto v = r.optionalString(o, "seed_variable", QStringLiteral("otter.seed_variable"), a.m_otterSeedVariable); !v)
            return v;
    }
    return {};
}

Expected<void> AssignmentLoader::readShowExpected()
{
    return r.optionalBool(root, "show_expected", QStringLiteral("show_expected"), showExpected);
}

Expected<void> AssignmentLoader::readChecks()
{
    if (root.contains("checks")) {
        const Json &checks = root["checks"];
        if (!checks.is_array())
            return r.error(QStringLiteral("checks"), QStringLiteral("must be a list"));
        QStringList ids;
        for (size_t i = 0; i < checks.size(); ++i) {
            const QString field = QStringLiteral("checks[%1]").arg(i);
            const Json &cj = checks[i];
            if (!cj.is_object())
                return r.error(field, QStringLiteral("must be an object"));
            auto parsed = readCheckEntry(r, cj, field, i, showExpected);
            if (!parsed)
                return parsed.error();
            Check &c = *parsed;
            if (auto ok = readCheckNotebook(CheckSource{r, cj, field, showExpected}, c); !ok)
                return ok.error();
            if (ids.contains(c.id))
                return r.error(field + QStringLiteral(".id"),
                               a.m_notebooks.size() > 1
                                   ? QStringLiteral("'%1' is already the id of checks[%2] (check ids are unique across "
                                                    "the problem set's notebooks: one gradebook and CSV column each)")
                                         .arg(c.id)
                                         .arg(ids.indexOf(c.id))
                                   : QStringLiteral("'%1' is already the id of checks[%2]").arg(c.id).arg(ids.indexOf(c.id)));
            ids << c.id;
            a.m_checks << c;
        }
        // Each check is capped, so this holds; it stays an error should the cap ever change: an infinite total
        // would be written as "inf" by the exports and as null (nothing graded) by `grade --json`.
        if (!std::isfinite(a.maxPoints()))
            return r.error(QStringLiteral("checks"), QStringLiteral("the checks' points add up to more than a number "
                                                                    "can hold"));
    }
    return {};
}

Expected<void> AssignmentLoader::readCheckNotebook(const CheckSource &in, Check &c) const
{
    if (auto ok = in.optionalString("notebook", c.notebook); !ok)
        return ok.error();
    if (a.m_notebooks.isEmpty()) // "notebooks" has its own error
        return {};
    if (c.notebook.isEmpty()) {
        // Format 1 (migrated in memory): a check without "notebook" belongs to the first notebook. Format 2: a
        // problem set's check must say which notebook it grades.
        if (a.m_format >= 2 && a.m_notebooks.size() > 1)
            return in.error(nullptr, QStringLiteral("missing \"notebook\": this problem set has %1 notebooks (%2); "
                                                    "name the one this check grades")
                                         .arg(a.m_notebooks.size())
                                         .arg(a.m_notebooks.join(QLatin1String(", "))));
        c.notebook = a.m_notebooks.first();
        return {};
    }
    const QString clean = QDir::cleanPath(c.notebook);
    if (!a.m_notebooks.contains(clean))
        return in.error("notebook", QStringLiteral("'%1' is not one of the assignment's notebooks (%2)")
                                        .arg(c.notebook, a.m_notebooks.join(QLatin1String(", "))));
    c.notebook = clean;
    return {};
}

Expected<Check> readCheckEntry(const FieldReader &r, const Json &cj, const QString &field, size_t i, bool showExpected)
{
    const CheckSource in{r, cj, field, showExpected};
    Check c;
    auto type = in.requiredString("type", QStringLiteral("missing required field \"type\" (%1)").arg(checkKindNameList()));
    if (!type)
        return type.error();
    const CheckKind *kind = findCheckKind(*type);
    if (!kind)
        return in.error("type", QStringLiteral("'%1' is not a check type (%2)").arg(*type, checkKindNameList()));
    c.type = kind->type();
    if (auto ok = kind->read(in, c); !ok)
        return ok.error();
    if (auto ok = in.optionalString("id", c.id); !ok)
        return ok.error();
    if (c.id.isEmpty())
        c.id = kind->defaultId(c, qsizetype(i));
    if (!isCheckId(c.id))
        return in.error("id", QStringLiteral("'%1' must be 1-64 letters, digits, '.', '_' or '-'").arg(shownValue(c.id)));
    if (in.contains("points")) {
        auto p = r.number(cj["points"], in.path("points"), 0, false);
        if (!p)
            return p.error();
        if (*p > kMaxCheckPoints)
            return in.error("points", QStringLiteral("must be at most %1 (the most one check may be worth)")
                                          .arg(qint64(kMaxCheckPoints)));
        c.points = *p;
    }
    c.options = jsonutil::toVariant(cj).toMap();
    return c;
}

namespace {

/// Every key written twice: whichever value the reader keeps would be a guess.
QList<Error> duplicateKeyErrors(const FieldReader &r, const QByteArray &bytes)
{
    QList<Error> errors;
    for (const jsonutil::DuplicateKey &d : jsonutil::duplicateKeys(bytes))
        errors << r.error(d.path, QStringLiteral("line %1: duplicate key (also on line %2); JSON keeps only one of "
                                                 "the values, so remove one")
                                      .arg(d.line)
                                      .arg(d.firstLine));
    return errors;
}

/// "file: key: unknown field, ignored" for each top-level key the format does not have (kept in the file).
QStringList unknownFieldWarnings(const Json &root, const QString &file)
{
    const QStringList &known = assignmentFieldKeys();
    QStringList warnings;
    for (auto &[key, value] : root.items())
        if (!known.contains(qs(key)))
            warnings << QStringLiteral("%1: %2: unknown field, ignored").arg(file, qs(key));
    return warnings;
}

/// The number of single-character insertions, deletions and substitutions that turn `a` into `b`. Pure.
qsizetype editDistance(const QString &a, const QString &b)
{
    QList<qsizetype> row(b.size() + 1);
    for (qsizetype j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (qsizetype i = 1; i <= a.size(); ++i) {
        qsizetype diagonal = row[0];
        row[0] = i;
        for (qsizetype j = 1; j <= b.size(); ++j) {
            const qsizetype above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

/// "file: checks[2].rtoll: unknown field, ignored (did you mean rtol?)" for each key of a check that its kind
/// does not read (CheckKind::fields(), otherKeys(), and the keys every check has); a misspelt option would
/// otherwise leave its default in force unnoticed. Entries with an unknown type have their own error.
QStringList unknownCheckKeyWarnings(const Json &root, const QString &file)
{
    QStringList warnings;
    const auto checks = root.find("checks");
    if (checks == root.end() || !checks->is_array())
        return warnings;
    for (size_t i = 0; i < checks->size(); ++i) {
        const Json &cj = (*checks)[i];
        const auto type = cj.is_object() ? cj.find("type") : cj.end();
        const CheckKind *kind = type != cj.end() && type->is_string() ? findCheckKind(qs(type->get<std::string>())) : nullptr;
        if (!kind)
            continue;
        QStringList known{QStringLiteral("id"), QStringLiteral("type"), QStringLiteral("points"), QStringLiteral("notebook")};
        for (const CheckField &f : kind->fields())
            known << f.key;
        known << kind->otherKeys();
        for (auto &[key, value] : cj.items()) {
            const QString k = qs(key);
            if (known.contains(k))
                continue;
            QString warning = QStringLiteral("%1: checks[%2].%3: unknown field of a %4 check, ignored").arg(file).arg(i).arg(k, kind->name());
            const auto closest = std::min_element(known.cbegin(), known.cend(), [&](const QString &x, const QString &y) {
                return editDistance(k, x) < editDistance(k, y);
            });
            if (editDistance(k, *closest) <= 2)
                warning += QStringLiteral(" (did you mean %1?)").arg(*closest);
            warnings << warning;
        }
    }
    return warnings;
}

} // namespace

} // namespace detail

Expected<Assignment> Assignment::load(const QString &path, QList<Error> *allErrors)
{
    auto fail = [&](Error e) -> Expected<Assignment> {
        if (allErrors)
            *allErrors = {e};
        return e;
    };
    QFileInfo info(path);
    QString jsonPath = info.isDir() ? QDir(path).filePath(QStringLiteral("assignment.json")) : path;
    QFileInfo jsonInfo(jsonPath);
    if (!jsonInfo.exists())
        return fail(Error{jsonPath, {}, info.isDir() ? QStringLiteral("no assignment.json in this folder")
                                                     : QStringLiteral("no such file")});
    // A notebook given where the assignment is meant (`validate hw1/hw1.ipynb`): say what is expected.
    if (!info.isDir() && jsonPath.endsWith(QLatin1String(".ipynb"), Qt::CaseInsensitive))
        return fail(Error{jsonPath, {}, QStringLiteral("a notebook, not an assignment: give the assignment's folder or its "
                                                       "assignment.json (sandmark-cli import nbgrader|otter, or New Assignment "
                                                       "from Notebook in the app, makes one from a notebook)")});
    const Expected<QByteArray> read = readInputFile(jsonPath, kMaxInputFileBytes);
    if (!read)
        return fail(read.error());
    return fromBytes(path, *read, allErrors);
}

Expected<Assignment> Assignment::fromBytes(const QString &path, const QByteArray &bytes, QList<Error> *allErrors)
{
    auto fail = [&](Error e) -> Expected<Assignment> {
        if (allErrors)
            *allErrors = {e};
        return e;
    };
    QFileInfo info(path);
    QString jsonPath = info.isDir() ? QDir(path).filePath(QStringLiteral("assignment.json")) : path;
    QFileInfo jsonInfo(jsonPath);

    Assignment a;
    a.m_jsonPath = QDir::cleanPath(jsonInfo.absoluteFilePath());
    a.m_folder = QDir::cleanPath(jsonInfo.absolutePath());
    a.m_shownFolder = info.isDir() ? path : QFileInfo(path).path();
    const QString file = path.endsWith(QLatin1String(".json")) ? path : jsonPath;
    const detail::FieldReader r{file};

    auto parsedJson = jsonutil::parse(bytes, file);
    if (!parsedJson)
        return fail(parsedJson.error());
    const detail::Json root = std::move(parsedJson).value();
    if (!root.is_object())
        return fail(r.error({}, QStringLiteral("the top level must be a JSON object")));
    QList<Error> errors = detail::duplicateKeyErrors(r, bytes);
    a.m_warnings = detail::unknownFieldWarnings(root, file) + detail::unknownCheckKeyWarnings(root, file);
    detail::AssignmentLoader loader{r, root, a, file};
    errors << loader.readAll();
    if (!errors.isEmpty()) {
        if (allErrors)
            *allErrors = errors;
        return errors.first();
    }
    return a;
}

} // namespace sandmark
