#pragma once
// What a sandbox backend contributes to the self-test (`doctor`, sandbox/doctor.h): its rows and their fixes
// (and DoctorStepRequest in sandbox/backend.h).

#include <QObject>
#include <QString>

namespace sandmark {

/// One line of the doctor's table.
struct DoctorCheck
{
    QString name;   ///< "network: host loopback unreachable"
    bool ok = false;
    QString detail; ///< what was observed
    QString fix;    ///< what to do when !ok (empty when ok); alternatives one per line, from the second on "or: ..."
};

/// A backend's check that runs before the probe, asynchronously (bwrap's seed: an empty sandbox runs /bin/true;
/// Docker's: the daemon answers and has the image). Created by SandboxBackend::createDoctorStep(), owned by its
/// parent, lives in the creating thread; emits finished() exactly once (possibly inside start(), when its
/// program cannot start). Its destructor stops whatever it started.
class DoctorStep : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;
    virtual void start() = 0;

Q_SIGNALS:
    /// `row` goes into the report; the probe runs only when `row.ok`.
    void finished(const sandmark::DoctorCheck &row);
};

} // namespace sandmark
