#pragma once
// Result type for synchronous operations that can fail with a user-facing Error.

#include <QString>

#include <optional>
#include <utility>
#include <variant>

namespace sandmark {

/// A user-facing problem: which file, where in it, and what is wrong.
/// `location` is free-form but specific: "line 7, column 13", "cells[2]", "checks[0].points".
struct Error
{
    QString file;     ///< path as the user gave it (may be empty for errors not tied to a file)
    QString location; ///< place inside the file; empty when the whole file is meant
    QString message;  ///< one sentence, no trailing newline

    /// "file: location: message", omitting empty parts. Suitable for one line on stderr.
    QString toString() const
    {
        QString out;
        if (!file.isEmpty())
            out += file + QLatin1String(": ");
        if (!location.isEmpty())
            out += location + QLatin1String(": ");
        return out + message;
    }
};

/// Either a value or an Error (std::expected is C++23; this is the subset we need).
/// Not thread-safe beyond the usual value semantics.
template <typename T>
class [[nodiscard]] Expected
{
public:
    Expected(T value) : m_v(std::in_place_index<0>, std::move(value)) {}
    Expected(Error error) : m_v(std::in_place_index<1>, std::move(error)) {}

    bool hasValue() const { return m_v.index() == 0; }
    explicit operator bool() const { return hasValue(); }

    T &value() & { return std::get<0>(m_v); }
    const T &value() const & { return std::get<0>(m_v); }
    T &&value() && { return std::get<0>(std::move(m_v)); }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }
    T &operator*() & { return value(); }
    const T &operator*() const & { return value(); }

    const Error &error() const { return std::get<1>(m_v); }

private:
    std::variant<T, Error> m_v;
};

/// Expected<void>: success or an Error.
template <>
class [[nodiscard]] Expected<void>
{
public:
    Expected() = default;
    Expected(Error error) : m_error(std::move(error)) {}
    bool hasValue() const { return !m_error.has_value(); }
    explicit operator bool() const { return hasValue(); }
    const Error &error() const { return *m_error; }

private:
    std::optional<Error> m_error;
};

} // namespace sandmark
