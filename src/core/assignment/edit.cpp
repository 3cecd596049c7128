#include "assignment/edit.h"

#include <QFile>
#include <QSaveFile>

#include <nlohmann/json.hpp>

#include <cmath>

namespace sandmark {

Expected<void> editCheck(const QString &jsonPath, int index, const CheckEdit &edit)
{
    QFile f(jsonPath);
    if (!f.open(QIODevice::ReadOnly))
        return Error{jsonPath, {}, QStringLiteral("cannot read: %1").arg(f.errorString())};
    const QByteArray bytes = f.readAll();
    f.close();
    nlohmann::ordered_json root;
    try {
        root = nlohmann::ordered_json::parse(bytes.constData(), bytes.constData() + bytes.size());
    } catch (const nlohmann::json::parse_error &e) {
        return Error{jsonPath, {}, QStringLiteral("invalid JSON: %1").arg(QString::fromUtf8(e.what()))};
    }
    const QString field = QStringLiteral("checks[%1]").arg(index);
    if (!root.is_object() || !root.contains("checks") || !root["checks"].is_array() || index < 0
        || size_t(index) >= root["checks"].size() || !root["checks"][size_t(index)].is_object())
        return Error{jsonPath, field, QStringLiteral("no such check")};
    auto &check = root["checks"][size_t(index)];
    const bool isTest = check.contains("type") && check["type"] == "test";

    auto setNumber = [&](const char *key, const std::optional<double> &v) -> Expected<void> {
        if (!v)
            return {};
        if (!std::isfinite(*v) || *v < 0)
            return Error{jsonPath, field + QLatin1Char('.') + QLatin1String(key), QStringLiteral("must be at least 0")};
        check[key] = *v;
        return {};
    };
    if ((edit.rtol || edit.atol) && isTest)
        return Error{jsonPath, field, QStringLiteral("a test check has no tolerance")};
    for (auto r : {setNumber("points", edit.points), setNumber("rtol", edit.rtol), setNumber("atol", edit.atol)})
        if (!r)
            return r.error();
    if (edit.clearRtol)
        check.erase("rtol");
    if (edit.clearAtol)
        check.erase("atol");

    const std::string text = root.dump(2) + "\n";
    QSaveFile out(jsonPath);
    if (!out.open(QIODevice::WriteOnly))
        return Error{jsonPath, {}, QStringLiteral("cannot write: %1").arg(out.errorString())};
    out.write(text.data(), qint64(text.size()));
    if (!out.commit())
        return Error{jsonPath, {}, QStringLiteral("cannot write: %1").arg(out.errorString())};
    return {};
}

} // namespace sandmark
