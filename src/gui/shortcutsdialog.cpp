#include "shortcutsdialog.h"

#include <QAbstractButton>
#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMenu>
#include <QSet>
#include <QShortcut>
#include <QTableWidget>
#include <QVBoxLayout>

namespace sandmark {

namespace {
// "Add V&alue Check…" → "Add Value Check"; "&&" stays one "&".
QString plainText(QString text)
{
    text.replace(QLatin1String("&&"), QStringLiteral("\x01"));
    text.remove(QLatin1Char('&'));
    text.replace(QLatin1Char('\x01'), QLatin1Char('&'));
    if (text.endsWith(QChar(0x2026)))
        text.chop(1);
    return text.trimmed();
}

QString keysText(const QList<QKeySequence> &keys)
{
    QStringList parts;
    for (const QKeySequence &k : keys)
        if (!k.isEmpty())
            parts.append(k.toString(QKeySequence::NativeText));
    return parts.join(QStringLiteral(", "));
}

void addAction(QList<ShortcutEntry> &out, QSet<QString> &seen, const QString &where, const QAction *a)
{
    const QString keys = keysText(a->shortcuts());
    const QString what = plainText(a->text());
    if (keys.isEmpty() || what.isEmpty() || seen.contains(what + keys))
        return;
    seen.insert(what + keys);
    out.append({where, what, keys});
}
} // namespace

void addButtonShortcut(QAbstractButton *button, const QKeySequence &keys)
{
    auto *shortcut = new QShortcut(keys, button);
    shortcut->setWhatsThis(plainText(button->text()));
    QObject::connect(shortcut, &QShortcut::activated, button, [button] { button->animateClick(); });
}

QList<ShortcutEntry> menuShortcuts(const QString &where, const QMenu *menu)
{
    QList<ShortcutEntry> out;
    QSet<QString> seen;
    for (const QAction *a : menu->actions()) {
        if (a->menu())
            out += menuShortcuts(where, a->menu());
        else
            addAction(out, seen, where, a);
    }
    return out;
}

QList<ShortcutEntry> widgetShortcuts(const QString &where, const QWidget *root)
{
    QList<ShortcutEntry> out;
    QSet<QString> seen;
    QList<const QWidget *> widgets{root};
    for (const QWidget *w : root->findChildren<QWidget *>())
        widgets.append(w);
    for (const QWidget *w : widgets) {
        for (const QAction *a : w->actions())
            addAction(out, seen, where, a);
        const auto *b = qobject_cast<const QAbstractButton *>(w);
        if (!b || b->shortcut().isEmpty())
            continue;
        const QString what = plainText(b->text().isEmpty() ? b->toolTip() : b->text());
        const QString keys = keysText({b->shortcut()});
        if (!what.isEmpty() && !seen.contains(what + keys)) {
            seen.insert(what + keys);
            out.append({where, what, keys});
        }
    }
    for (const QShortcut *s : root->findChildren<QShortcut *>()) {
        const QString keys = keysText({s->key()});
        if (!s->whatsThis().isEmpty() && !seen.contains(s->whatsThis() + keys)) {
            seen.insert(s->whatsThis() + keys);
            out.append({where, s->whatsThis(), keys});
        }
    }
    return out;
}

ShortcutsDialog::ShortcutsDialog(const QList<ShortcutEntry> &entries, QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Keyboard Shortcuts"));
    auto *table = new QTableWidget(int(entries.size()), 3, this);
    table->setObjectName(QStringLiteral("shortcutsTable"));
    table->setAccessibleName(tr("Keyboard shortcuts"));
    table->setHorizontalHeaderLabels({tr("Where"), tr("Action"), tr("Keys")});
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setTabKeyNavigation(false);
    table->verticalHeader()->hide();
    for (int row = 0; row < entries.size(); ++row) {
        const ShortcutEntry &e = entries.at(row);
        table->setItem(row, 0, new QTableWidgetItem(e.where));
        table->setItem(row, 1, new QTableWidgetItem(e.what));
        table->setItem(row, 2, new QTableWidgetItem(e.keys));
    }
    table->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder); // as listed (menus, then pages) until a click
    table->setSortingEnabled(true);
    table->resizeColumnsToContents();
    table->horizontalHeader()->setStretchLastSection(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(table);
    layout->addWidget(buttons);
    resize(640, 480);
}

} // namespace sandmark
