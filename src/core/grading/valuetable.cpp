#include "grading/valuetable.h"

#include "checks/registry.h"

#include <QHash>

#include <functional>

namespace sandmark {

namespace {

using K = ProbeValue::Kind;

/// Python's text of an element, whole.
QString elementText(const NdArray &a, qsizetype i)
{
    return a.element(i).summary(1 << 20);
}

/// A value as rows and columns of array elements: which array holds cell (r, c) and at which flat position.
struct Grid
{
    QStringList columns, columnKeys, rows, rowKeys;
    std::vector<const NdArray *> columnArrays; ///< per column
    std::function<qsizetype(qsizetype, qsizetype)> flat;
};

std::optional<Grid> gridOf(const QString &name, const ProbeValue &v)
{
    Grid g;
    auto positions = [](qsizetype n, QStringList &labels, QStringList &keys) {
        for (qsizetype i = 0; i < n; ++i) {
            labels << QString::number(i);
            keys << QString::number(i);
        }
    };
    auto indexLabels = [](const PandasIndex &index, QStringList &labels, QStringList &keys) {
        for (qsizetype i = 0; i < index.size(); ++i) {
            const ProbeValue l = index.label(i);
            labels << l.summary(1 << 10);
            keys << l.canonicalKey();
        }
    };
    if (v.kind == K::DataFrame && v.columns && v.index) {
        indexLabels(*v.columns, g.columns, g.columnKeys);
        indexLabels(*v.index, g.rows, g.rowKeys);
        for (qsizetype c = 0; c < g.columns.size(); ++c)
            g.columnArrays.push_back(size_t(c) < v.frameData.size() ? &v.frameData[size_t(c)] : nullptr);
        g.flat = [](qsizetype r, qsizetype) { return r; };
        return g;
    }
    if (v.kind == K::Series && v.array && v.index) {
        const QString seriesName = v.items.empty() || v.items.front().kind == K::None ? name : v.items.front().summary(1 << 10);
        g.columns << seriesName;
        g.columnKeys << QStringLiteral("series");
        indexLabels(*v.index, g.rows, g.rowKeys);
        g.columnArrays.push_back(v.array.get());
        g.flat = [](qsizetype r, qsizetype) { return r; };
        return g;
    }
    if (v.kind == K::NdArray && v.array) {
        const NdArray &a = *v.array;
        if (a.shape.size() == 2) {
            const qsizetype cols = qsizetype(a.shape[1]);
            positions(qsizetype(a.shape[0]), g.rows, g.rowKeys);
            positions(cols, g.columns, g.columnKeys);
            g.columnArrays.assign(size_t(cols), &a);
            g.flat = [cols](qsizetype r, qsizetype c) { return r * cols + c; };
            return g;
        }
        g.columns << name;
        g.columnKeys << QStringLiteral("array");
        for (qsizetype i = 0; i < a.size(); ++i) {
            g.rows << (a.shape.size() == 1 ? QString::number(i) : a.indexText(i));
            g.rowKeys << g.rows.last();
        }
        g.columnArrays.push_back(&a);
        g.flat = [](qsizetype r, qsizetype) { return r; };
        return g;
    }
    return std::nullopt;
}

ValueTable tableOf(const ProbeValue &v, const std::optional<Grid> &g)
{
    ValueTable t;
    t.type = v.pythonType();
    if (!g) {
        t.text = v.kind == K::Str ? v.text : v.summary(1 << 24);
        return t;
    }
    t.tabular = true;
    t.columns = g->columns;
    t.rows = g->rows;
    for (qsizetype r = 0; r < g->rows.size(); ++r) {
        QStringList row;
        for (qsizetype c = 0; c < g->columns.size(); ++c) {
            const NdArray *a = g->columnArrays[size_t(c)];
            const qsizetype at = g->flat(r, c);
            row << (a && at < a->size() ? elementText(*a, at) : QString());
        }
        t.cells << row;
        t.differs << QList<bool>(g->columns.size(), false);
    }
    return t;
}

/// Position in `keys` of each key of `from` (by label: the first unused match), or by position; -1: none.
QList<qsizetype> match(const QStringList &from, const QStringList &keys, bool byLabel)
{
    QList<qsizetype> out;
    QHash<QString, QList<qsizetype>> at;
    for (qsizetype i = keys.size() - 1; i >= 0; --i)
        at[keys[i]].append(i);
    for (qsizetype i = 0; i < from.size(); ++i) {
        if (!byLabel) {
            out << (i < keys.size() ? i : -1);
            continue;
        }
        QList<qsizetype> &free = at[from[i]];
        out << (free.isEmpty() ? -1 : free.takeLast());
    }
    return out;
}

} // namespace

ValuesComparison layOutValues(const QString &name, const ProbeValue &expected, const ProbeValue &actual,
                              const CompareOptions &options)
{
    ValuesComparison out;
    out.variable = name;
    out.comparison = compareValues(name, expected, actual, options);
    out.actualDefined = actual.kind != K::Missing;
    const std::optional<Grid> eg = gridOf(name, expected), ag = out.actualDefined ? gridOf(name, actual) : std::nullopt;
    out.expected = tableOf(expected, eg);
    out.actual = out.actualDefined ? tableOf(actual, ag) : ValueTable{};
    if (!eg || !ag)
        return out;
    // Columns by label (a DataFrame's; an array's positions, a Series' one column), rows by index label where the
    // comparator aligns them so, else by position.
    const bool frames = expected.kind == K::DataFrame && actual.kind == K::DataFrame;
    const bool rowsByLabel = (expected.kind == K::DataFrame || expected.kind == K::Series) && !options.checkRowOrder && options.checkIndex;
    const QList<qsizetype> colOf = match(eg->columnKeys, ag->columnKeys, frames);
    const QList<qsizetype> rowOf = match(eg->rowKeys, ag->rowKeys, rowsByLabel);
    QList<QList<bool>> matched(ag->rows.size(), QList<bool>(ag->columns.size(), false));
    for (qsizetype r = 0; r < eg->rows.size(); ++r) {
        for (qsizetype c = 0; c < eg->columns.size(); ++c) {
            const NdArray *ea = eg->columnArrays[size_t(c)];
            const qsizetype ar = rowOf[r], ac = colOf[c];
            const NdArray *aa = ar >= 0 && ac >= 0 ? ag->columnArrays[size_t(ac)] : nullptr;
            const qsizetype ei = eg->flat(r, c), ai = aa ? ag->flat(ar, ac) : -1;
            const bool same = ea && aa && ei < ea->size() && ai < aa->size() && elementMatches(*ea, ei, *aa, ai, options);
            if (!same) {
                out.expected.differs[r][c] = true;
                ++out.expected.differing;
            }
            if (aa) {
                matched[ar][ac] = true;
                if (!same) {
                    out.actual.differs[ar][ac] = true;
                    ++out.actual.differing;
                }
            }
        }
    }
    // The student's cells with no counterpart (an extra row or column) differ too.
    for (qsizetype r = 0; r < matched.size(); ++r)
        for (qsizetype c = 0; c < matched[r].size(); ++c)
            if (!matched[r][c]) {
                out.actual.differs[r][c] = true;
                ++out.actual.differing;
            }
    return out;
}

Expected<ValuesComparison> checkValues(const Check &check, const QByteArray &referencePayload, const QByteArray &studentPayload,
                                       const QString &where)
{
    if (!checkKind(check).comparesValues())
        return Error{{}, {}, QStringLiteral("check '%1' is a %2 check: only a value check compares values")
                                 .arg(check.id, checkKind(check).name())};
    const QString place = where.isEmpty() ? QStringLiteral("check '%1'").arg(check.id) : where;
    const QString label = check.anchor.isEmpty() ? QStringLiteral("end") : check.anchor;
    const QSet<QString> names{check.variable};
    auto options = CompareOptions::fromJson(check.options);
    if (!options)
        return options.error();
    auto reference = decodeProbePayload(referencePayload, QStringLiteral("reference payload"), &names);
    if (!reference)
        return reference.error();
    auto student = decodeProbePayload(studentPayload, QStringLiteral("student payload"), &names);
    if (!student)
        return student.error();
    const ProbeValue *expected = reference->find(label, check.variable);
    if (!expected)
        return Error{place, {}, QStringLiteral("the reference run has no value for `%1` at probe '%2'").arg(check.variable, label)};
    ProbeValue missing;
    missing.kind = K::Missing;
    const ProbeValue *actual = student->find(label, check.variable);
    ValuesComparison out = layOutValues(check.variable, *expected, actual ? *actual : missing, *options);
    out.checkId = check.id;
    out.probe = label;
    return out;
}

} // namespace sandmark
