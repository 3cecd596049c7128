#pragma once
// Help → Keyboard Shortcuts: every shortcut of the window, read from the widgets themselves (menu actions,
// page actions, buttons with a shortcut or mnemonic, QShortcut objects), so the list cannot drift from the app.

#include <QDialog>
#include <QKeySequence>
#include <QList>
#include <QString>

class QAbstractButton;
class QMenu;
class QWidget;

namespace sandmark {

/// One shortcut: where it works (a menu or a page), what it does (the action's or button's text without its
/// mnemonic marker, or a QShortcut's whatsThis), and its key sequences in the platform's notation.
struct ShortcutEntry
{
    QString where;
    QString what;
    QString keys;
};

/// The shortcuts of @p menu and its submenus, all under @p where. GUI thread.
QList<ShortcutEntry> menuShortcuts(const QString &where, const QMenu *menu);
/// The shortcuts of @p root and its descendants, under @p where: actions (added to a widget or owned by one),
/// buttons (their shortcut: an explicit one, or the Alt+letter of their text), and QShortcut objects that carry
/// a whatsThis. Each (what, keys) once. GUI thread.
QList<ShortcutEntry> widgetShortcuts(const QString &where, const QWidget *root);

/// Gives @p button the extra shortcut @p keys while keeping the Alt+letter mnemonic of its text, which
/// QAbstractButton::setShortcut() would replace: a QShortcut owned by the button (so it is active only while the
/// button is visible and enabled) that clicks it, listed by widgetShortcuts() under the button's text. GUI thread.
void addButtonShortcut(QAbstractButton *button, const QKeySequence &keys);

/// A read-only, sortable table of @p entries with a Close button. GUI thread.
class ShortcutsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ShortcutsDialog(const QList<ShortcutEntry> &entries, QWidget *parent = nullptr);
};

} // namespace sandmark
