#include "assignment/release_writer.h"

#include "assignment/otter_import.h"
#include "checks/registry.h"
#include "notebook/release.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>

namespace sandmark {

Expected<Notebook> releaseNotebook(const Assignment &assignment, const QString &rel, ReleaseReport *report)
{
    const QString path = assignment.displayPath(rel); // named as the user named the assignment
    auto nb = Notebook::load(assignment.absolute(rel));
    if (!nb) {
        Error e = nb.error();
        e.file = path;
        return e;
    }
    if (report)
        for (const QString &r : nb->repairs())
            report->warnings << QStringLiteral("%1: %2").arg(path, r);
    if (assignment.fromOtter()) {
        // As `otter assign` makes it: Otter's stubs, the init and check cells (docs/otter.md): a `grader.check` cell
        // for each group of checks (an Otter question) after the cell its feedback is shown at (its answer cell).
        QMap<QString, QStringList> checkAfter;
        for (const Check &c : assignment.checks()) {
            const CheckKind &kind = checkKind(c);
            const QString group = kind.group(c);
            const QString after = group.isEmpty() ? QString() : kind.feedbackCell(c);
            if (!after.isEmpty() && !checkAfter.value(after).contains(group))
                checkAfter[after] << group;
        }
        int replaced = 0;
        auto released = makeOtterRelease(nb->toJson(), path, checkAfter, &replaced);
        if (!released)
            return released.error();
        if (report)
            report->solutionRegions += replaced;
        return Notebook::parse(*released, path);
    }
    auto released = makeRelease(*nb, path);
    if (!released)
        return released.error();
    if (report) {
        report->warnings << released->warnings;
        report->solutionRegions += released->solutionRegions;
        report->hiddenTestRegions += released->hiddenTestRegions;
    }
    return released->notebook;
}

Expected<NotebookDiff> diffAgainstRelease(const Assignment &assignment, const QString &rel, const QString &studentNotebook)
{
    auto release = releaseNotebook(assignment, rel);
    if (!release)
        return release.error();
    auto student = Notebook::load(studentNotebook);
    if (!student)
        return student.error();
    QStringList anchors;
    for (const Check &c : assignment.checksOf(rel))
        if (const QString a = checkKind(c).answerCell(c); !a.isEmpty())
            anchors << a;
    return diffNotebooks(*release, *student, anchors);
}

Expected<ReleaseReport> writeRelease(const Assignment &assignment, const QString &outDir)
{
    ReleaseReport report;
    // Everything is made in memory first: a marker error in the last notebook writes nothing.
    QList<QPair<QString, QByteArray>> outputs;
    for (const QString &rel : assignment.notebooks()) {
        auto released = releaseNotebook(assignment, rel, &report);
        if (!released)
            return released.error();
        outputs.append({rel, released->toJson()});
    }

    // What each check kind adds (Otter: its public tests, for the students' own `grader.check`).
    for (const CheckKind *kind : checkKinds()) {
        QList<Check> ofKind;
        for (const Check &c : assignment.checks())
            if (&checkKind(c) == kind)
                ofKind << c;
        const QMap<QString, QByteArray> files = ofKind.isEmpty() ? QMap<QString, QByteArray>() : kind->releaseFiles(ofKind);
        for (auto it = files.cbegin(); it != files.cend(); ++it)
            outputs.append({it.key(), it.value()});
    }
    if (outDir.isEmpty())
        return Error{assignment.folder(), {}, QStringLiteral("no output folder given for the release")};
    if (!QDir().mkpath(outDir))
        return Error{outDir, {}, QStringLiteral("cannot create the output folder")};
    const QString target = QDir::cleanPath(QDir(outDir).absoluteFilePath(assignment.releaseName()));
    // The old release folder is removed wholesale below: it must not be the assignment folder or hold it
    // (`"release": "hw"` next to the folder hw, or an assignment kept under a folder named "release").
    {
        const auto canonicalOrClean = [](const QString &p) {
            const QString c = QFileInfo(p).canonicalFilePath();
            return c.isEmpty() ? QDir::cleanPath(QFileInfo(p).absoluteFilePath()) : c;
        };
        const QString t = canonicalOrClean(target);
        const QString folder = canonicalOrClean(assignment.folder());
        if (folder == t || folder.startsWith(t + QLatin1Char('/')) || t == QLatin1String("/"))
            return Error{target, {},
                         QStringLiteral("the release folder would replace the assignment folder %1; choose another "
                                        "output folder or release name")
                             .arg(assignment.folder())};
    }
    // A staging folder beside the target, made with mkdir's usual mode (umask applied) — QTemporaryDir's
    // 0700 would make the published release unreadable to students and other staff. Removed on any error.
    struct Staging
    {
        QString dir;
        bool keep = false;
        ~Staging()
        {
            if (!keep && !dir.isEmpty())
                QDir(dir).removeRecursively();
        }
        QString filePath(const QString &rel) const { return dir + QLatin1Char('/') + rel; }
    } staging;
    for (int attempt = 0; attempt < 16 && staging.dir.isEmpty(); ++attempt) {
        const QString candidate = QDir(outDir).absoluteFilePath(
            QStringLiteral(".release-%1").arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0')));
        if (QDir().mkdir(candidate))
            staging.dir = candidate;
    }
    if (staging.dir.isEmpty())
        return Error{outDir, {}, QStringLiteral("cannot create a temporary folder in it")};

    auto writeFile = [&](const QString &rel, const QByteArray &data) -> Expected<void> {
        const QString dst = staging.filePath(rel);
        QDir().mkpath(QFileInfo(dst).absolutePath());
        QFile f(dst);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Unbuffered) || f.write(data) != data.size() || !f.flush())
            return Error{dst, {}, QStringLiteral("cannot write: %1").arg(f.errorString())};
        return {};
    };
    for (const auto &[rel, data] : outputs) {
        if (auto w = writeFile(rel, data); !w)
            return w.error();
        report.files << rel;
    }
    for (const DataFile &df : assignment.dataFiles()) {
        const QString dst = staging.filePath(df.path);
        QDir().mkpath(QFileInfo(dst).absolutePath());
        if (!QFile::copy(assignment.absolute(df.path), dst))
            return Error{assignment.displayPath(df.path), {}, QStringLiteral("cannot copy into the release")};
        report.files << df.path;
    }

    // Swap into place: old release aside, new one in, old one removed.
    const QString old = target + QStringLiteral(".old");
    QDir(old).removeRecursively();
    if (QFileInfo::exists(target) && !QDir().rename(target, old))
        return Error{target, {}, QStringLiteral("cannot replace the existing release folder")};
    if (!QDir().rename(staging.dir, target)) {
        QDir().rename(old, target);
        return Error{target, {}, QStringLiteral("cannot move the new release into place")};
    }
    staging.keep = true;
    QDir(old).removeRecursively();
    report.folder = target;
    return report;
}

} // namespace sandmark
