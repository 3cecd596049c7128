// The environment of the backends that run the host's Python (bwrap, local-unsafe): a venv built by
// EnvironmentBuilder.
#include "env/environment.h"
#include "sandbox/backends_p.h"

namespace sandmark::detail {

namespace {

class VenvProvision final : public EnvironmentProvision
{
public:
    VenvProvision(EnvironmentSpec spec, QObject *parent)
        : EnvironmentProvision(parent), m_builder(new EnvironmentBuilder(std::move(spec), this))
    {
        connect(m_builder, &EnvironmentBuilder::progress, this, &EnvironmentProvision::progress);
        connect(m_builder, &EnvironmentBuilder::finished, this, &EnvironmentProvision::finished);
        connect(m_builder, &EnvironmentBuilder::failed, this, &EnvironmentProvision::failed);
    }
    void start() override { m_builder->start(); }
    void cancel() override { m_builder->cancel(); }

private:
    EnvironmentBuilder *m_builder;
};

} // namespace

EnvironmentProvision *provisionVenv(const ProvisionRequest &request, QObject *parent)
{
    EnvironmentSpec spec;
    spec.basePython = request.basePython;
    spec.requirements = request.requirements;
    spec.systemSitePackages = request.systemSitePackages;
    spec.wheelhouse = request.wheelhouse;
    spec.envsRoot = request.envsRoot;
    return new VenvProvision(std::move(spec), parent);
}

EnvironmentProvision *BwrapBackend::provision(const ProvisionRequest &request, QObject *parent) const
{
    return provisionVenv(request, parent);
}

EnvironmentProvision *LocalUnsafeBackend::provision(const ProvisionRequest &request, QObject *parent) const
{
    return provisionVenv(request, parent);
}

} // namespace sandmark::detail
