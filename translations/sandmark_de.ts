<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <source>&amp;Backend:</source>
        <translation>&amp;Backend:</translation>
    </message>
    <message>
        <source>Sandbox backend</source>
        <translation>Sandbox-Backend</translation>
    </message>
    <message>
        <source>UNSAFE: local-unsafe runs student code directly on this machine, with your user&apos;s rights, your files and the network. Use it only for notebooks you trust, never for a batch of submissions.</source>
        <translation>UNSICHER: local-unsafe führt den Code der Studierenden direkt auf diesem Rechner aus – mit Ihren Benutzerrechten, Ihren Dateien und dem Netzwerk. Nur für vertrauenswürdige Notebooks verwenden, niemals für einen Stapel von Abgaben.</translation>
    </message>
    <message>
        <source>Unsafe backend warning</source>
        <translation>Warnung: unsicheres Backend</translation>
    </message>
    <message>
        <source>Default limits (an assignment&apos;s own limits win)</source>
        <translation>Standardgrenzen (die Grenzen einer Aufgabe haben Vorrang)</translation>
    </message>
    <message>
        <source>&amp;Whole run timeout:</source>
        <translation>Zeitlimit für den &amp;ganzen Lauf:</translation>
    </message>
    <message>
        <source>Whole run timeout in seconds</source>
        <translation>Zeitlimit für den ganzen Lauf in Sekunden</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>&amp;Cell timeout:</source>
        <translation>&amp;Zeitlimit pro Zelle:</translation>
    </message>
    <message>
        <source>Cell timeout in seconds</source>
        <translation>Zeitlimit pro Zelle in Sekunden</translation>
    </message>
    <message>
        <source>&amp;Memory (address space):</source>
        <translation>&amp;Speicher (Adressraum):</translation>
    </message>
    <message>
        <source>Memory limit in gibibytes</source>
        <translation>Speichergrenze in Gibibyte</translation>
    </message>
    <message>
        <source> GiB</source>
        <translation> GiB</translation>
    </message>
    <message>
        <source>&amp;Parallel runs:</source>
        <translation>&amp;Parallele Läufe:</translation>
    </message>
    <message>
        <source>Number of sandboxes run at once</source>
        <translation>Anzahl gleichzeitig laufender Sandboxen</translation>
    </message>
    <message>
        <source>Python and cache folders</source>
        <translation>Python und Cache-Ordner</translation>
    </message>
    <message>
        <source>P&amp;ython interpreter:</source>
        <translation>P&amp;ython-Interpreter:</translation>
    </message>
    <message>
        <source>Python interpreter</source>
        <translation>Python-Interpreter</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Choose the Python interpreter</source>
        <translation>Python-Interpreter auswählen</translation>
    </message>
    <message>
        <source>&amp;Cache folder:</source>
        <translation>&amp;Cache-Ordner:</translation>
    </message>
    <message>
        <source>Cache folder for environments and runs</source>
        <translation>Cache-Ordner für Umgebungen und Läufe</translation>
    </message>
    <message>
        <source>Choose the cache folder</source>
        <translation>Cache-Ordner auswählen</translation>
    </message>
    <message>
        <source>&amp;Dataset cache (HF_HOME):</source>
        <translation>&amp;Datensatz-Cache (HF_HOME):</translation>
    </message>
    <message>
        <source>Dataset cache folder</source>
        <translation>Ordner des Datensatz-Caches</translation>
    </message>
    <message>
        <source>Choose the dataset cache folder</source>
        <translation>Ordner des Datensatz-Caches auswählen</translation>
    </message>
    <message>
        <source>Hugging Face Hub</source>
        <translation>Hugging Face Hub</translation>
    </message>
    <message>
        <source>Access &amp;token:</source>
        <translation>Zugriffs&amp;token:</translation>
    </message>
    <message>
        <source>Hugging Face Hub access token</source>
        <translation>Zugriffstoken für den Hugging Face Hub</translation>
    </message>
    <message>
        <source>enter a new token to store it in the keychain</source>
        <translation>neues Token eingeben, um es im Schlüsselbund zu speichern</translation>
    </message>
    <message>
        <source>&amp;Remove Stored Token</source>
        <translation>Gespeichertes Token &amp;entfernen</translation>
    </message>
    <message>
        <source>Remove the stored Hub token from the keychain</source>
        <translation>Das gespeicherte Hub-Token aus dem Schlüsselbund entfernen</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Grade Python notebook assignments in a local sandbox.</source>
        <translation>Python-Notebook-Aufgaben in einer lokalen Sandbox bewerten.</translation>
    </message>
    <message>
        <source>Assignment folder to open.</source>
        <translation>Zu öffnender Aufgabenordner.</translation>
    </message>
    <message>
        <source>Save a screenshot of every screen into DIR, then quit.</source>
        <translation>Von jeder Ansicht ein Bildschirmfoto in DIR speichern, dann beenden.</translation>
    </message>
    <message>
        <source>Show the window, then quit (for tests).</source>
        <translation>Fenster zeigen, dann beenden (für Tests).</translation>
    </message>
    <message>
        <source>With --version: list the optional parts this build has.</source>
        <translation>Mit --version: die optionalen Bestandteile dieses Builds auflisten.</translation>
    </message>
</context>
<context>
    <name>sandmark::AddTestCheckDialog</name>
    <message>
        <source>Add Test Check</source>
        <translation>Testprüfung hinzufügen</translation>
    </message>
    <message>
        <source>Assertion code run after the student&apos;s code, in the student&apos;s namespace, inside the sandbox. The check passes when it raises nothing; the exception&apos;s message becomes the feedback.</source>
        <translation>Assertion-Code, der nach dem Code der Studierenden in deren Namensraum in der Sandbox läuft. Die Prüfung ist bestanden, wenn er nichts auslöst; die Meldung der Ausnahme wird zur Rückmeldung.</translation>
    </message>
    <message>
        <source>Assertion code</source>
        <translation>Assertion-Code</translation>
    </message>
    <message>
        <source>&amp;Code:</source>
        <translation>&amp;Code:</translation>
    </message>
    <message>
        <source>Add Check</source>
        <translation>Prüfung hinzufügen</translation>
    </message>
    <message>
        <source>Add the test check to assignment.json</source>
        <translation>Die Testprüfung zu assignment.json hinzufügen</translation>
    </message>
</context>
<context>
    <name>sandmark::AddValueCheckDialog</name>
    <message>
        <source>An id is 1–64 letters, digits, &apos;.&apos;, &apos;_&apos; or &apos;-&apos;, starting with a letter or digit.</source>
        <translation>Eine ID besteht aus 1–64 Buchstaben, Ziffern, &apos;.&apos;, &apos;_&apos; oder &apos;-&apos; und beginnt mit einem Buchstaben oder einer Ziffer.</translation>
    </message>
    <message>
        <source>Another check already has the id &apos;%1&apos;.</source>
        <translation>Eine andere Prüfung hat bereits die ID &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>&amp;Cancel Run</source>
        <translation>Lauf &amp;abbrechen</translation>
    </message>
    <message>
        <source>&amp;Relative tolerance (rtol):</source>
        <translation>&amp;Relative Toleranz (rtol):</translation>
    </message>
    <message>
        <source>A&amp;bsolute tolerance (atol):</source>
        <translation>A&amp;bsolute Toleranz (atol):</translation>
    </message>
    <message>
        <source>Add Value Check</source>
        <translation>Wertprüfung hinzufügen</translation>
    </message>
    <message>
        <source>Pick a variable of the instructor notebook&apos;s reference run. Submissions are graded by comparing the same variable in the student&apos;s notebook with this value.</source>
        <translation>Wählen Sie eine Variable aus dem Referenzlauf des Notebooks der Lehrkraft. Abgaben werden bewertet, indem dieselbe Variable im Notebook der Studierenden mit diesem Wert verglichen wird.</translation>
    </message>
    <message>
        <source>Reference run status</source>
        <translation>Status des Referenzlaufs</translation>
    </message>
    <message>
        <source>Reference run progress</source>
        <translation>Fortschritt des Referenzlaufs</translation>
    </message>
    <message>
        <source>Cancel the reference run</source>
        <translation>Den Referenzlauf abbrechen</translation>
    </message>
    <message>
        <source>Filter variables by name, type or value</source>
        <translation>Variablen nach Name, Typ oder Wert filtern</translation>
    </message>
    <message>
        <source>Filter variables</source>
        <translation>Variablen filtern</translation>
    </message>
    <message>
        <source>&amp;Filter:</source>
        <translation>&amp;Filter:</translation>
    </message>
    <message>
        <source>Variables of the reference run</source>
        <translation>Variablen des Referenzlaufs</translation>
    </message>
    <message>
        <source>Reference &amp;value:</source>
        <translation>Referenz&amp;wert:</translation>
    </message>
    <message>
        <source>Reference value of the selected variable</source>
        <translation>Referenzwert der ausgewählten Variablen</translation>
    </message>
    <message>
        <source>Check id</source>
        <translation>Prüfungs-ID</translation>
    </message>
    <message>
        <source>Check &amp;id:</source>
        <translation>Prüfungs-&amp;ID:</translation>
    </message>
    <message>
        <source>Problem with the check id</source>
        <translation>Problem mit der Prüfungs-ID</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>Punkte</translation>
    </message>
    <message>
        <source>&amp;Points:</source>
        <translation>&amp;Punkte:</translation>
    </message>
    <message>
        <source>Relative tolerance</source>
        <translation>Relative Toleranz</translation>
    </message>
    <message>
        <source>Absolute tolerance</source>
        <translation>Absolute Toleranz</translation>
    </message>
    <message>
        <source>optional: grade_id, cell id or tag of the answer cell</source>
        <translation>optional: grade_id, Zellen-ID oder Tag der Antwortzelle</translation>
    </message>
    <message>
        <source>Answer cell the probe runs after</source>
        <translation>Antwortzelle, nach der die Sonde läuft</translation>
    </message>
    <message>
        <source>&amp;Answer cell:</source>
        <translation>A&amp;ntwortzelle:</translation>
    </message>
    <message>
        <source>Unchecked tolerances: the comparator&apos;s default applies. Without an answer cell the variable is probed at the end of the notebook.</source>
        <translation>Nicht angehakte Toleranzen: Es gilt die Standardtoleranz des Vergleichs. Ohne Antwortzelle wird die Variable am Ende des Notebooks erfasst.</translation>
    </message>
    <message>
        <source>Add Check</source>
        <translation>Prüfung hinzufügen</translation>
    </message>
    <message>
        <source>Add the value check to assignment.json</source>
        <translation>Die Wertprüfung zu assignment.json hinzufügen</translation>
    </message>
    <message>
        <source>The reference run&apos;s namespace holds no variables.</source>
        <translation>Der Namensraum des Referenzlaufs enthält keine Variablen.</translation>
    </message>
    <message numerus="yes">
        <source>%n variable(s) in the reference run.</source>
        <translation>
            <numerusform>%n Variable im Referenzlauf.</numerusform>
            <numerusform>%n Variablen im Referenzlauf.</numerusform>
        </translation>
    </message>
    <message>
        <source>Running the instructor notebook in the sandbox (%1)…</source>
        <translation>Das Notebook der Lehrkraft läuft in der Sandbox (%1)…</translation>
    </message>
    <message>
        <source>Reading the reference values…</source>
        <translation>Die Referenzwerte werden gelesen…</translation>
    </message>
    <message>
        <source>The reference payload lists no variables.</source>
        <translation>Die Referenzdaten enthalten keine Variablenliste.</translation>
    </message>
    <message numerus="yes">
        <source>%n variable(s) from the cached reference run.</source>
        <translation>
            <numerusform>%n Variable aus dem zwischengespeicherten Referenzlauf.</numerusform>
            <numerusform>%n Variablen aus dem zwischengespeicherten Referenzlauf.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n variable(s) from a fresh reference run.</source>
        <translation>
            <numerusform>%n Variable aus einem neuen Referenzlauf.</numerusform>
            <numerusform>%n Variablen aus einem neuen Referenzlauf.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n more not listed.</source>
        <translation>
            <numerusform>%n weitere nicht aufgeführt.</numerusform>
            <numerusform>%n weitere nicht aufgeführt.</numerusform>
        </translation>
    </message>
    <message>
        <source>The reference run failed: %1</source>
        <translation>Der Referenzlauf ist fehlgeschlagen: %1</translation>
    </message>
</context>
<context>
    <name>sandmark::AssignmentSettingsDialog</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>nicht gesetzt</translation>
    </message>
    <message>
        <source>%1 CPUs</source>
        <translation>%1 CPUs</translation>
    </message>
    <message>
        <source>Assignment Settings — %1</source>
        <translation>Aufgabeneinstellungen — %1</translation>
    </message>
    <message>
        <source>&amp;General</source>
        <translation>&amp;Allgemein</translation>
    </message>
    <message>
        <source>&amp;Data Files</source>
        <translation>&amp;Datendateien</translation>
    </message>
    <message>
        <source>&amp;Environment</source>
        <translation>&amp;Umgebung</translation>
    </message>
    <message>
        <source>&amp;Limits</source>
        <translation>&amp;Grenzen</translation>
    </message>
    <message>
        <source>Save writes %1; lines you do not change stay as written.</source>
        <translation>Speichern schreibt %1; Zeilen, die Sie nicht ändern, bleiben wie geschrieben.</translation>
    </message>
    <message>
        <source>&amp;Title:</source>
        <translation>&amp;Titel:</translation>
    </message>
    <message>
        <source>Add…</source>
        <translation>Hinzufügen…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Add Instructor Notebook</source>
        <translation>Notebook der Lehrkraft hinzufügen</translation>
    </message>
    <message>
        <source>Notebooks (*.ipynb)</source>
        <translation>Notebooks (*.ipynb)</translation>
    </message>
    <message>
        <source>Several notebooks make a problem set: each check then names its notebook.</source>
        <translation>Mehrere Notebooks bilden ein Aufgabenblatt: Jede Prüfung nennt dann ihr Notebook.</translation>
    </message>
    <message>
        <source>&amp;Notebooks:</source>
        <translation>&amp;Notebooks:</translation>
    </message>
    <message>
        <source>Files copied into every run&apos;s folder. A URL listed with a file is served from it: the notebook&apos;s download of that URL reads the file instead of the network (separate several URLs with spaces).</source>
        <translation>Dateien, die in den Ordner jedes Laufs kopiert werden. Eine bei einer Datei eingetragene URL wird aus ihr bedient: Lädt das Notebook diese URL, liest es die Datei statt des Netzwerks (mehrere URLs durch Leerzeichen trennen).</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>URLs it serves</source>
        <translation>URLs, die sie bedient</translation>
    </message>
    <message>
        <source>Add Data Files</source>
        <translation>Datendateien hinzufügen</translation>
    </message>
    <message>
        <source>De&amp;pendencies:</source>
        <translation>Abhängigkei&amp;ten:</translation>
    </message>
    <message>
        <source>pip requirements, one per line.</source>
        <translation>pip-Anforderungen, eine pro Zeile.</translation>
    </message>
    <message>
        <source>Re&amp;quired datasets:</source>
        <translation>Benötigte Datensät&amp;ze:</translation>
    </message>
    <message>
        <source>Hugging Face Hub files, one per line: [type:]org/name[@revision] file. A revision (tag or commit) keeps every grading machine on the same data.</source>
        <translation>Dateien vom Hugging Face Hub, eine pro Zeile: [Typ:]org/name[@Revision] Datei. Eine Revision (Tag oder Commit) hält jeden Bewertungsrechner auf denselben Daten.</translation>
    </message>
    <message>
        <source>Your default (Preferences)</source>
        <translation>Ihre Vorgabe (Einstellungen)</translation>
    </message>
    <message>
        <source>Sand&amp;box:</source>
        <translation>Sand&amp;box:</translation>
    </message>
    <message>
        <source>your default image</source>
        <translation>Ihr Standard-Image</translation>
    </message>
    <message>
        <source>Docker &amp;image:</source>
        <translation>Docker-&amp;Image:</translation>
    </message>
    <message>
        <source>Each run&apos;s limits (docs/assignment-format.md). An empty value is not written: the default applies. Sizes in bytes, times in seconds.</source>
        <translation>Die Grenzen jedes Laufs (docs/assignment-format.md). Ein leerer Wert wird nicht geschrieben: Es gilt die Vorgabe. Größen in Bytes, Zeiten in Sekunden.</translation>
    </message>
    <message>
        <source>Limit</source>
        <translation>Grenze</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Vorgabe</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>Nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>the smaller of %1 and the time per notebook: %2</source>
        <translation>der kleinere Wert von %1 und der Zeit je Notebook: %2</translation>
    </message>
    <message>
        <source>Time per notebook</source>
        <translation>Zeit je Notebook</translation>
    </message>
    <message>
        <source>Time per problem set</source>
        <translation>Zeit je Aufgabenblatt</translation>
    </message>
    <message>
        <source>Time per cell</source>
        <translation>Zeit je Zelle</translation>
    </message>
    <message>
        <source>Grace after an interrupt</source>
        <translation>Frist nach einer Unterbrechung</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Arbeitsspeicher</translation>
    </message>
    <message>
        <source>Processes and threads</source>
        <translation>Prozesse und Threads</translation>
    </message>
    <message>
        <source>Open files</source>
        <translation>Offene Dateien</translation>
    </message>
    <message>
        <source>Largest file written</source>
        <translation>Größte geschriebene Datei</translation>
    </message>
    <message>
        <source>Disk space written</source>
        <translation>Geschriebener Speicherplatz</translation>
    </message>
    <message>
        <source>Text output kept per cell</source>
        <translation>Behaltene Textausgabe je Zelle</translation>
    </message>
    <message>
        <source>Text output kept per notebook</source>
        <translation>Behaltene Textausgabe je Notebook</translation>
    </message>
    <message>
        <source>Largest image kept</source>
        <translation>Größtes behaltenes Bild</translation>
    </message>
    <message>
        <source>Images kept per notebook</source>
        <translation>Behaltene Bilder je Notebook</translation>
    </message>
    <message>
        <source>Probe value size</source>
        <translation>Größe eines Sondenwerts</translation>
    </message>
    <message>
        <source>Captured names per notebook</source>
        <translation>Mitgeschnittene Namen je Notebook</translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation>CPUs</translation>
    </message>
    <message>
        <source>%1 in assignment.json&apos;s &quot;limits&quot;</source>
        <translation>%1 in „limits“ der assignment.json</translation>
    </message>
</context>
<context>
    <name>sandmark::BoundedText</name>
    <message numerus="yes">
        <source>
… (%n character(s) not shown) …
</source>
        <translation>
            <numerusform>
… (%n Zeichen nicht angezeigt) …
</numerusform>
            <numerusform>
… (%n Zeichen nicht angezeigt) …
</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sandmark::CellDiffModel</name>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>answer</source>
        <translation>Antwort</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>unverändert</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>geändert</translation>
    </message>
    <message>
        <source>added by the student</source>
        <translation>von der Person hinzugefügt</translation>
    </message>
    <message>
        <source>deleted by the student</source>
        <translation>von der Person gelöscht</translation>
    </message>
    <message>
        <source>… the other lines are not shown here (%1 of %2 shown; sandmark-cli diff prints them all)</source>
        <translation>… die übrigen Zeilen werden hier nicht angezeigt (%1 von %2 angezeigt; sandmark-cli diff gibt alle aus)</translation>
    </message>
    <message>
        <source>Too large to compare line by line (over %1 characters or %2 lines). Release: %3 characters, %4 lines; student: %5 characters, %6 lines. The first lines of each:</source>
        <translation>Zu groß für einen zeilenweisen Vergleich (über %1 Zeichen oder %2 Zeilen). Studierendenfassung: %3 Zeichen, %4 Zeilen; Abgabe: %5 Zeichen, %6 Zeilen. Die ersten Zeilen beider Seiten:</translation>
    </message>
</context>
<context>
    <name>sandmark::CheckEditDialog</name>
    <message>
        <source>Edit Check %1</source>
        <translation>Prüfung %1 bearbeiten</translation>
    </message>
    <message>
        <source>A %1 check. Fields left at their default are not written to assignment.json.</source>
        <translation>Eine Prüfung der Art %1. Felder mit ihrer Vorgabe werden nicht in assignment.json geschrieben.</translation>
    </message>
    <message>
        <source>set</source>
        <translation>setzen</translation>
    </message>
    <message>
        <source>Unchecked: the default (%1) applies.</source>
        <translation>Nicht angehakt: die Vorgabe (%1) gilt.</translation>
    </message>
    <message>
        <source>Set %1</source>
        <translation>%1 setzen</translation>
    </message>
    <message>
        <source>Default (%1)</source>
        <translation>Vorgabe (%1)</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>nicht gesetzt</translation>
    </message>
    <message>
        <source>Hover over a field for what it does.</source>
        <translation>Mit der Maus über ein Feld fahren, um zu sehen, was es bewirkt.</translation>
    </message>
    <message>
        <source>Default (from the assignment)</source>
        <translation>Vorgabe (aus der Aufgabe)</translation>
    </message>
</context>
<context>
    <name>sandmark::CheckField</name>
    <message>
        <source>Answer cell</source>
        <translation>Antwortzelle</translation>
    </message>
    <message>
        <source>The cell a person grades (grade_id, cell id or tag).</source>
        <translation>Die Zelle, die eine Person bewertet (grade_id, Zell-ID oder Tag).</translation>
    </message>
    <message>
        <source>Test code</source>
        <translation>Testcode</translation>
    </message>
    <message>
        <source>Assertion code run after the student&apos;s code; the check passes when it raises nothing.</source>
        <translation>Assertion-Code, der nach dem Code der Studierenden läuft; die Prüfung besteht, wenn er keine Ausnahme auslöst.</translation>
    </message>
    <message>
        <source>Replaces cell</source>
        <translation>Ersetzt Zelle</translation>
    </message>
    <message>
        <source>nbgrader: the test cell (grade_id) this code replaces in place.</source>
        <translation>nbgrader: die Testzelle (grade_id), die dieser Code an ihrer Stelle ersetzt.</translation>
    </message>
    <message>
        <source>After cell</source>
        <translation>Nach Zelle</translation>
    </message>
    <message>
        <source>nbgrader: where the code runs when the student deleted the test cell.</source>
        <translation>nbgrader: wo der Code läuft, wenn die Testzelle gelöscht wurde.</translation>
    </message>
    <message>
        <source>Variable</source>
        <translation>Variable</translation>
    </message>
    <message>
        <source>The Python name probed in the student&apos;s notebook and compared with the reference run&apos;s value.</source>
        <translation>Der Python-Name, der im Notebook der Studierenden ausgelesen und mit dem Wert des Referenzlaufs verglichen wird.</translation>
    </message>
    <message>
        <source>The probe runs right after this cell (grade_id, cell id or tag); empty: at the end of the notebook.</source>
        <translation>Die Sonde läuft direkt nach dieser Zelle (grade_id, Zell-ID oder Tag); leer: am Ende des Notebooks.</translation>
    </message>
    <message>
        <source>Show the expected value</source>
        <translation>Erwarteten Wert zeigen</translation>
    </message>
    <message>
        <source>Whether the feedback names the reference value; default: the assignment&apos;s show_expected.</source>
        <translation>Ob die Rückmeldung den Referenzwert nennt; Vorgabe: show_expected der Aufgabe.</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>Punkte</translation>
    </message>
    <message>
        <source>What the check is worth; default 1.</source>
        <translation>Was die Prüfung wert ist; Vorgabe 1.</translation>
    </message>
    <message>
        <source>Relative tolerance (rtol)</source>
        <translation>Relative Toleranz (rtol)</translation>
    </message>
    <message>
        <source>Numbers pass when |actual - expected| &lt;= atol + rtol * |expected|.</source>
        <translation>Zahlen bestehen, wenn |Ist - Soll| &lt;= atol + rtol * |Soll|.</translation>
    </message>
    <message>
        <source>Absolute tolerance (atol)</source>
        <translation>Absolute Toleranz (atol)</translation>
    </message>
    <message>
        <source>A reference of 0.0 accepts values within ±atol.</source>
        <translation>Eine Referenz von 0.0 akzeptiert Werte innerhalb von ±atol.</translation>
    </message>
    <message>
        <source>Exact type</source>
        <translation>Exakter Typ</translation>
    </message>
    <message>
        <source>int, float, numpy scalars and list/ndarray of equal value differ.</source>
        <translation>int, float, numpy-Skalare und list/ndarray gleichen Werts unterscheiden sich.</translation>
    </message>
    <message>
        <source>Check dtype</source>
        <translation>dtype prüfen</translation>
    </message>
    <message>
        <source>Arrays, Series and DataFrame columns need the reference&apos;s dtype.</source>
        <translation>Arrays, Series und DataFrame-Spalten brauchen den dtype der Referenz.</translation>
    </message>
    <message>
        <source>Check column order</source>
        <translation>Spaltenreihenfolge prüfen</translation>
    </message>
    <message>
        <source>DataFrame columns in the reference&apos;s order (names always must match).</source>
        <translation>DataFrame-Spalten in der Reihenfolge der Referenz (die Namen müssen immer übereinstimmen).</translation>
    </message>
    <message>
        <source>Check index</source>
        <translation>Index prüfen</translation>
    </message>
    <message>
        <source>Series/DataFrame index labels must match.</source>
        <translation>Die Indexbeschriftungen von Series/DataFrame müssen übereinstimmen.</translation>
    </message>
    <message>
        <source>Check row order</source>
        <translation>Zeilenreihenfolge prüfen</translation>
    </message>
    <message>
        <source>Off: rows are aligned by index label, or compared as a multiset when the index is not checked either.</source>
        <translation>Aus: Zeilen werden nach Indexbeschriftung zugeordnet oder als Multimenge verglichen, wenn auch der Index nicht geprüft wird.</translation>
    </message>
    <message>
        <source>Check names</source>
        <translation>Namen prüfen</translation>
    </message>
    <message>
        <source>Series / Index name must match.</source>
        <translation>Der Name von Series / Index muss übereinstimmen.</translation>
    </message>
    <message>
        <source>Ignore whitespace</source>
        <translation>Leerraum ignorieren</translation>
    </message>
    <message>
        <source>Strings compared trimmed, with whitespace runs collapsed to one space.</source>
        <translation>Zeichenketten werden gekürzt verglichen, Leerraumfolgen zu einem Leerzeichen zusammengefasst.</translation>
    </message>
    <message>
        <source>Ignore case</source>
        <translation>Groß-/Kleinschreibung ignorieren</translation>
    </message>
    <message>
        <source>Strings compared case-folded.</source>
        <translation>Zeichenketten werden ohne Beachtung der Groß-/Kleinschreibung verglichen.</translation>
    </message>
    <message>
        <source>Allow subclass</source>
        <translation>Unterklasse erlauben</translation>
    </message>
    <message>
        <source>Accept a subclass of the expected type (OrderedDict, namedtuple, numpy.matrix).</source>
        <translation>Eine Unterklasse des erwarteten Typs akzeptieren (OrderedDict, namedtuple, numpy.matrix).</translation>
    </message>
    <message>
        <source>Notebook</source>
        <translation>Notebook</translation>
    </message>
    <message>
        <source>The notebook the check grades (a problem set&apos;s check names it; default: the first notebook).</source>
        <translation>Das Notebook, das die Prüfung bewertet (die Prüfung eines Aufgabenblatts nennt es; Standard: das erste Notebook).</translation>
    </message>
</context>
<context>
    <name>sandmark::CheckKind</name>
    <message>
        <source>value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>test</source>
        <translation>Test</translation>
    </message>
    <message>
        <source>manual</source>
        <translation>manuell</translation>
    </message>
    <message>
        <source>Otter test</source>
        <translation>Otter-Test</translation>
    </message>
</context>
<context>
    <name>sandmark::CheckPassRateModel</name>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>Pass rate</source>
        <translation>Bestehensquote</translation>
    </message>
    <message>
        <source>Passed</source>
        <translation>Bestanden</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Nicht bestanden</translation>
    </message>
    <message>
        <source>Not graded</source>
        <translation>Nicht bewertet</translation>
    </message>
    <message>
        <source>Mean points</source>
        <translation>Mittlere Punkte</translation>
    </message>
</context>
<context>
    <name>sandmark::CheckResultsModel</name>
    <message>
        <source>Question</source>
        <translation>Frage</translation>
    </message>
    <message>
        <source>%1: not graded</source>
        <translation>%1: nicht bewertet</translation>
    </message>
    <message>
        <source>%1: %2 / %3</source>
        <translation>%1: %2 / %3</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>bestanden</translation>
    </message>
    <message>
        <source>fail</source>
        <translation>nicht bestanden</translation>
    </message>
    <message>
        <source>not graded</source>
        <translation>nicht bewertet</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>Punkte</translation>
    </message>
    <message>
        <source>Expected</source>
        <translation>Erwartet</translation>
    </message>
    <message>
        <source>Actual</source>
        <translation>Tatsächlich</translation>
    </message>
    <message>
        <source>Feedback</source>
        <translation>Rückmeldung</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Override</source>
        <translation>Korrektur</translation>
    </message>
</context>
<context>
    <name>sandmark::ChecksModel</name>
    <message>
        <source>Question</source>
        <translation>Frage</translation>
    </message>
    <message>
        <source>%1

The test code nbgrader generated from it:
%2</source>
        <translation>%1

Der Testcode, den nbgrader daraus erzeugt hat:
%2</translation>
    </message>
    <message>
        <source>end of notebook</source>
        <translation>Ende des Notebooks</translation>
    </message>
    <message>
        <source>default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Variable / test</source>
        <translation>Variable / Test</translation>
    </message>
    <message>
        <source>Probed after</source>
        <translation>Abgefragt nach</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>Punkte</translation>
    </message>
    <message>
        <source>Tolerance</source>
        <translation>Toleranz</translation>
    </message>
    <message>
        <source>Reference value</source>
        <translation>Referenzwert</translation>
    </message>
    <message>
        <source>Notebook</source>
        <translation>Notebook</translation>
    </message>
    <message numerus="yes">
        <source>%Ln point(s)</source>
        <translation>
            <numerusform>%Ln Punkt</numerusform>
            <numerusform>%Ln Punkte</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 points</source>
        <translation>%1 Punkte</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <comment>a check or question with its points</comment>
        <translation>%1 (%2)</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %Ln point(s)</source>
        <comment>earned points of the most there are</comment>
        <translation>
            <numerusform>%1 von %Ln Punkt</numerusform>
            <numerusform>%1 von %Ln Punkten</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 points</source>
        <comment>earned points of a fractional most</comment>
        <translation>%1 von %2 Punkten</translation>
    </message>
</context>
<context>
    <name>sandmark::ChecksPage</name>
    <message>
        <source>Checks</source>
        <translation>Prüfungen</translation>
    </message>
    <message>
        <source>Checks of the assignment</source>
        <translation>Prüfungen der Aufgabe</translation>
    </message>
    <message>
        <source>Total points</source>
        <translation>Gesamtpunktzahl</translation>
    </message>
    <message>
        <source>No assignment open.</source>
        <translation>Keine Aufgabe geöffnet.</translation>
    </message>
    <message>
        <source>&amp;Edit Check…</source>
        <translation>Prüfung &amp;bearbeiten…</translation>
    </message>
    <message>
        <source>Edit the points and tolerances of the selected check</source>
        <translation>Punkte und Toleranzen der ausgewählten Prüfung bearbeiten</translation>
    </message>
    <message>
        <source>Check editing status</source>
        <translation>Status der Prüfungsbearbeitung</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>Wird gespeichert…</translation>
    </message>
    <message>
        <source>assignment.json updated.</source>
        <translation>assignment.json aktualisiert.</translation>
    </message>
    <message>
        <source>Run &amp;Reference</source>
        <translation>&amp;Referenzlauf</translation>
    </message>
    <message>
        <source>Run the instructor notebook in the sandbox and show the reference values</source>
        <translation>Das Notebook der Lehrkraft in der Sandbox ausführen und die Referenzwerte zeigen</translation>
    </message>
    <message>
        <source>Reference run status</source>
        <translation>Status des Referenzlaufs</translation>
    </message>
    <message>
        <source>Run Reference shows each value check&apos;s expected value from the instructor notebook&apos;s own run.</source>
        <translation>„Referenzlauf“ zeigt für jede Wertprüfung den erwarteten Wert aus dem Lauf des Notebooks der Lehrkraft.</translation>
    </message>
    <message>
        <source>Running the instructor notebook in the sandbox (%1)…</source>
        <translation>Das Notebook der Lehrkraft läuft in der Sandbox (%1)…</translation>
    </message>
    <message>
        <source>not in the reference payload</source>
        <translation>nicht in den Referenzdaten</translation>
    </message>
    <message>
        <source>Reference values from the cached reference run (the notebook, data, environment and checks are unchanged).</source>
        <translation>Referenzwerte aus dem zwischengespeicherten Referenzlauf (Notebook, Daten, Umgebung und Prüfungen sind unverändert).</translation>
    </message>
    <message>
        <source>Reference values from a fresh reference run.</source>
        <translation>Referenzwerte aus einem neuen Referenzlauf.</translation>
    </message>
    <message>
        <source>The reference run failed: %1</source>
        <translation>Der Referenzlauf ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Add V&amp;alue Check…</source>
        <translation>Wert&amp;prüfung hinzufügen…</translation>
    </message>
    <message>
        <source>Add Te&amp;st Check…</source>
        <translation>&amp;Testprüfung hinzufügen…</translation>
    </message>
    <message>
        <source>Re&amp;move Check…</source>
        <translation>Prüfung ent&amp;fernen…</translation>
    </message>
    <message>
        <source>Add a value check by picking a variable from the reference run</source>
        <translation>Eine Wertprüfung hinzufügen, indem eine Variable aus dem Referenzlauf gewählt wird</translation>
    </message>
    <message>
        <source>Add a test check with assertion code</source>
        <translation>Eine Testprüfung mit Assertion-Code hinzufügen</translation>
    </message>
    <message>
        <source>Remove the selected check</source>
        <translation>Die ausgewählte Prüfung entfernen</translation>
    </message>
    <message>
        <source>Remove the selected check (Delete)</source>
        <translation>Die ausgewählte Prüfung entfernen (Entf)</translation>
    </message>
    <message>
        <source>Check &apos;%1&apos; added to assignment.json.</source>
        <translation>Prüfung &apos;%1&apos; zu assignment.json hinzugefügt.</translation>
    </message>
    <message>
        <source>Remove Check</source>
        <translation>Prüfung entfernen</translation>
    </message>
    <message>
        <source>Check &apos;%1&apos; removed from assignment.json.</source>
        <translation>Prüfung &apos;%1&apos; aus assignment.json entfernt.</translation>
    </message>
    <message numerus="yes">
        <source>%n check(s), %1 in total</source>
        <translation>
            <numerusform>%n Prüfung, insgesamt %1</numerusform>
            <numerusform>%n Prüfungen, insgesamt %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Remove the check %1 from assignment.json?</source>
        <translation>Die Prüfung %1 aus assignment.json entfernen?</translation>
    </message>
    <message>
        <source>&apos;%1&apos;</source>
        <translation>&apos;%1&apos;</translation>
    </message>
    <message>
        <source>Remove the selected checks</source>
        <translation>Die ausgewählten Prüfungen entfernen</translation>
    </message>
    <message>
        <source>&amp;Cancel Run</source>
        <translation>&amp;Lauf abbrechen</translation>
    </message>
    <message>
        <source>Stop the running reference run</source>
        <translation>Den laufenden Referenzlauf abbrechen</translation>
    </message>
    <message>
        <source>Reference run in progress</source>
        <translation>Referenzlauf läuft</translation>
    </message>
    <message>
        <source>The reference run was cancelled.</source>
        <translation>Der Referenzlauf wurde abgebrochen.</translation>
    </message>
    <message>
        <source>Grades with these checks</source>
        <translation>Noten mit diesen Prüfungen</translation>
    </message>
    <message>
        <source>Grade distribution with these checks</source>
        <translation>Notenverteilung mit diesen Prüfungen</translation>
    </message>
    <message>
        <source>Grades with these checks: computing…</source>
        <translation>Noten mit diesen Prüfungen: werden berechnet…</translation>
    </message>
    <message>
        <source>Grades with these checks: %1</source>
        <translation>Noten mit diesen Prüfungen: %1</translation>
    </message>
    <message>
        <source>Grades with these checks appear here once submissions are graded.</source>
        <translation>Die Noten mit diesen Prüfungen erscheinen hier, sobald Abgaben bewertet sind.</translation>
    </message>
    <message>
        <source>Grades with these checks: known after the next run — %1. Run Reference, then grade on the Submissions page.</source>
        <translation>Noten mit diesen Prüfungen: bekannt nach dem nächsten Lauf – %1. Referenz ausführen, dann auf der Seite „Abgaben“ bewerten.</translation>
    </message>
    <message numerus="yes">
        <source>%n would run again.</source>
        <translation>
            <numerusform>%n würde erneut laufen.</numerusform>
            <numerusform>%n würden erneut laufen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing is recorded until you grade on the Submissions page.</source>
        <translation>Nichts wird gespeichert, bis Sie auf der Seite „Abgaben“ bewerten.</translation>
    </message>
    <message numerus="yes">
        <source>%n regraded from stored values without running</source>
        <translation>
            <numerusform>%n aus gespeicherten Werten ohne Lauf neu bewertet</numerusform>
            <numerusform>%n aus gespeicherten Werten ohne Lauf neu bewertet</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n grade(s) change),</source>
        <translation>
            <numerusform>(%n Note ändert sich),</numerusform>
            <numerusform>(%n Noten ändern sich),</numerusform>
        </translation>
    </message>
    <message>
        <source>fails on the reference run: %1</source>
        <translation>scheitert im Referenzlauf: %1</translation>
    </message>
    <message>
        <source>passes on the reference run</source>
        <translation>besteht im Referenzlauf</translation>
    </message>
    <message numerus="yes">
        <source>Grades with these checks: mean %1, median %2 over %n submission(s) with a score (now: mean %3).</source>
        <translation>
            <numerusform>Noten mit diesen Prüfungen: Mittel %1, Median %2 über %n Abgabe mit Punktzahl (jetzt: Mittel %3).</numerusform>
            <numerusform>Noten mit diesen Prüfungen: Mittel %1, Median %2 über %n Abgaben mit Punktzahl (jetzt: Mittel %3).</numerusform>
        </translation>
    </message>
    <message>
        <source>The check already has these values: nothing changed.</source>
        <translation>Die Prüfung hat bereits diese Werte: nichts geändert.</translation>
    </message>
    <message numerus="yes">
        <source>%n cannot run (recorded as needs review or grader error),</source>
        <translation>
            <numerusform>%n kann nicht laufen (erfasst als „zu prüfen“ oder Bewerterfehler),</numerusform>
            <numerusform>%n können nicht laufen (erfasst als „zu prüfen“ oder Bewerterfehler),</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sandmark::CodeSyntaxLabel</name>
    <message>
        <source>Problem with the code</source>
        <translation>Problem mit dem Code</translation>
    </message>
    <message>
        <source>Does not compile: line %1, column %2: %3</source>
        <translation>Kompiliert nicht: Zeile %1, Spalte %2: %3</translation>
    </message>
    <message>
        <source>Does not compile: %1</source>
        <translation>Kompiliert nicht: %1</translation>
    </message>
    <message>
        <source>The code could not be checked: %1</source>
        <translation>Der Code konnte nicht geprüft werden: %1</translation>
    </message>
</context>
<context>
    <name>sandmark::CoreText</name>
    <message>
        <source>`%1` is not defined</source>
        <translation>`%1` ist nicht definiert</translation>
    </message>
    <message>
        <source>(not defined)</source>
        <translation>(nicht definiert)</translation>
    </message>
    <message>
        <source>`%1`: not the expected value (yours: %2)</source>
        <translation>`%1`: nicht der erwartete Wert (abgegeben: %2)</translation>
    </message>
    <message>
        <source>`%1`: not the expected length (yours: %2)</source>
        <translation>`%1`: nicht die erwartete Länge (abgegeben: %2)</translation>
    </message>
    <message>
        <source>`%1`: not the expected shape (yours: %2)</source>
        <translation>`%1`: nicht die erwartete Form (abgegeben: %2)</translation>
    </message>
    <message>
        <source>`%1`: not the expected dtype (yours: %2)</source>
        <translation>`%1`: nicht der erwartete dtype (abgegeben: %2)</translation>
    </message>
    <message>
        <source>`%1`: not the expected columns (yours: %2)</source>
        <translation>`%1`: nicht die erwarteten Spalten (abgegeben: %2)</translation>
    </message>
    <message>
        <source>`%1`: not the expected index (yours: %2)</source>
        <translation>`%1`: nicht der erwartete Index (abgegeben: %2)</translation>
    </message>
    <message>
        <source>`%1`: not the expected keys (yours: %2)</source>
        <translation>`%1`: nicht die erwarteten Schlüssel (abgegeben: %2)</translation>
    </message>
    <message>
        <source>`%1`: not the expected name (yours: %2)</source>
        <translation>`%1`: nicht der erwartete Name (abgegeben: %2)</translation>
    </message>
    <message>
        <source>this check does not show the expected value</source>
        <translation>diese Prüfung zeigt den erwarteten Wert nicht</translation>
    </message>
    <message>
        <source>%1: raised %2</source>
        <translation>%1: löste %2 aus</translation>
    </message>
    <message>
        <source>%1: cell timed out</source>
        <translation>%1: Zeitlimit der Zelle überschritten</translation>
    </message>
    <message>
        <source>the notebook cannot be read: %1</source>
        <translation>das Notebook kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>the probe did not run</source>
        <translation>die Sonde lief nicht</translation>
    </message>
    <message>
        <source>the probe did not run: %1</source>
        <translation>die Sonde lief nicht: %1</translation>
    </message>
    <message>
        <source>not graded: %1</source>
        <translation>nicht bewertet: %1</translation>
    </message>
    <message>
        <source>check &apos;%1&apos; not graded</source>
        <translation>Prüfung „%1“ nicht bewertet</translation>
    </message>
    <message>
        <source>the test did not run</source>
        <translation>der Test lief nicht</translation>
    </message>
    <message>
        <source>the test did not run (%1)</source>
        <translation>der Test lief nicht (%1)</translation>
    </message>
    <message>
        <source>the kernel died during the test</source>
        <translation>der Kernel ist während des Tests abgestürzt</translation>
    </message>
    <message>
        <source>the test timed out (the student&apos;s code it called did not finish)</source>
        <translation>Zeitlimit des Tests überschritten (der aufgerufene Code der Studierenden endete nicht)</translation>
    </message>
    <message>
        <source>partial credit: %1 of %2 points</source>
        <translation>Teilpunkte: %1 von %2 Punkten</translation>
    </message>
    <message>
        <source>%1: timeout after %2 s</source>
        <translation>%1: Zeitlimit nach %2 s überschritten</translation>
    </message>
    <message>
        <source>kernel died while executing %1 (%2)</source>
        <translation>Kernel beim Ausführen von %1 abgestürzt (%2)</translation>
    </message>
    <message>
        <source>exit status %1</source>
        <translation>Exit-Status %1</translation>
    </message>
    <message>
        <source>killed by %1</source>
        <translation>beendet durch %1</translation>
    </message>
    <message>
        <source>killed by %1; out of memory?</source>
        <translation>beendet durch %1; Speicher erschöpft?</translation>
    </message>
    <message>
        <source>grader error: %1</source>
        <translation>Fehler des Bewerters: %1</translation>
    </message>
    <message>
        <source>check &apos;%1&apos; not graded: grader error: %2</source>
        <translation>Prüfung „%1“ nicht bewertet: Fehler des Bewerters: %2</translation>
    </message>
    <message>
        <source>the kernel died</source>
        <translation>der Kernel ist abgestürzt</translation>
    </message>
    <message>
        <source>%1: kernel died</source>
        <translation>%1: Kernel abgestürzt</translation>
    </message>
    <message>
        <source>%1: %2 and ignored the interrupt; kernel killed</source>
        <translation>%1: %2 und die Unterbrechung ignoriert; Kernel beendet</translation>
    </message>
    <message>
        <source>the notebook interfered with grading: %1</source>
        <translation>das Notebook hat in die Bewertung eingegriffen: %1</translation>
    </message>
    <message>
        <source>the run ended with status %1</source>
        <translation>der Lauf endete mit Status %1</translation>
    </message>
    <message>
        <source>the kernel could not start: %1</source>
        <translation>der Kernel konnte nicht starten: %1</translation>
    </message>
    <message>
        <source>the probe cell failed (%1)</source>
        <translation>die Sondenzelle schlug fehl (%1)</translation>
    </message>
    <message>
        <source>not handed in</source>
        <translation>nicht abgegeben</translation>
    </message>
    <message>
        <source>timeout after %1 s</source>
        <translation>Zeitlimit nach %1 s überschritten</translation>
    </message>
    <message>
        <source>Series %1, %2 values (%3), index %4</source>
        <translation>Series %1, %2 Werte (%3), Index %4</translation>
    </message>
    <message>
        <source>DataFrame %1×%2, columns %3</source>
        <translation>DataFrame %1×%2, Spalten %3</translation>
    </message>
    <message>
        <source>(could not be captured: %1)</source>
        <translation>(nicht erfassbar: %1)</translation>
    </message>
    <message>
        <source>`%1`: %2</source>
        <translation>`%1`: %2</translation>
    </message>
    <message>
        <source>expected a %1, got a %2: %3</source>
        <translation>erwartet: %1, erhalten: %2: %3</translation>
    </message>
    <message>
        <source>expected a %1, got an %2: %3</source>
        <translation>erwartet: %1, erhalten: %2: %3</translation>
    </message>
    <message>
        <source>expected an %1, got a %2: %3</source>
        <translation>erwartet: %1, erhalten: %2: %3</translation>
    </message>
    <message>
        <source>expected an %1, got an %2: %3</source>
        <translation>erwartet: %1, erhalten: %2: %3</translation>
    </message>
    <message>
        <source>is a %1, a subclass of %2; this check accepts only %3 (set &quot;allow_subclass&quot;: true to accept subclasses)</source>
        <translation>ist ein %1, eine Unterklasse von %2; diese Prüfung akzeptiert nur %3 (mit &quot;allow_subclass&quot;: true werden Unterklassen akzeptiert)</translation>
    </message>
    <message>
        <source>type %1 ≠ %2 (the check requires the exact type)</source>
        <translation>Typ %1 ≠ %2 (die Prüfung verlangt den exakten Typ)</translation>
    </message>
    <message>
        <source>the reference run did not define it</source>
        <translation>der Referenzlauf hat ihn nicht definiert</translation>
    </message>
    <message>
        <source>not defined</source>
        <translation>nicht definiert</translation>
    </message>
    <message>
        <source>the reference value could not be captured (%1)</source>
        <translation>der Referenzwert konnte nicht erfasst werden (%1)</translation>
    </message>
    <message>
        <source>the value could not be captured (%1)</source>
        <translation>der Wert konnte nicht erfasst werden (%1)</translation>
    </message>
    <message>
        <source>the reference value is too large to capture (%1 bytes, limit %2)</source>
        <translation>der Referenzwert ist zu groß zum Erfassen (%1 Bytes, Grenze %2)</translation>
    </message>
    <message>
        <source>the value is too large to capture (%1 bytes, limit %2)</source>
        <translation>der Wert ist zu groß zum Erfassen (%1 Bytes, Grenze %2)</translation>
    </message>
    <message>
        <source>the reference value is too large to capture (%1 bytes)</source>
        <translation>der Referenzwert ist zu groß zum Erfassen (%1 Bytes)</translation>
    </message>
    <message>
        <source>the value is too large to capture (%1 bytes)</source>
        <translation>der Wert ist zu groß zum Erfassen (%1 Bytes)</translation>
    </message>
    <message>
        <source>the reference value is nested too deeply to capture (more than 32 levels)</source>
        <translation>der Referenzwert ist zu tief verschachtelt zum Erfassen (mehr als 32 Ebenen)</translation>
    </message>
    <message>
        <source>the value is nested too deeply to capture (more than 32 levels)</source>
        <translation>der Wert ist zu tief verschachtelt zum Erfassen (mehr als 32 Ebenen)</translation>
    </message>
    <message>
        <source>the reference value was truncated by the probe (length %1), so it cannot be compared</source>
        <translation>der Referenzwert wurde von der Sonde gekürzt (Länge %1) und kann daher nicht verglichen werden</translation>
    </message>
    <message>
        <source>the value was truncated by the probe (length %1), so it cannot be compared</source>
        <translation>der Wert wurde von der Sonde gekürzt (Länge %1) und kann daher nicht verglichen werden</translation>
    </message>
    <message>
        <source>the reference value was truncated by the probe, so it cannot be compared</source>
        <translation>der Referenzwert wurde von der Sonde gekürzt und kann daher nicht verglichen werden</translation>
    </message>
    <message>
        <source>the value was truncated by the probe, so it cannot be compared</source>
        <translation>der Wert wurde von der Sonde gekürzt und kann daher nicht verglichen werden</translation>
    </message>
    <message>
        <source>value %1 ≠ %2</source>
        <translation>Wert %1 ≠ %2</translation>
    </message>
    <message>
        <source>value %1 ≠ %2 (NaN equals only a NaN reference)</source>
        <translation>Wert %1 ≠ %2 (NaN ist nur einer NaN-Referenz gleich)</translation>
    </message>
    <message>
        <source>value %1 ≠ %2 (difference %3, relative %4; allowed: atol %5 + rtol %6 × |expected|)</source>
        <translation>Wert %1 ≠ %2 (Differenz %3, relativ %4; erlaubt: atol %5 + rtol %6 × |erwartet|)</translation>
    </message>
    <message>
        <source>value %1 ≠ %2 (difference %3; allowed: atol %4 + rtol %5 × |expected|)</source>
        <translation>Wert %1 ≠ %2 (Differenz %3; erlaubt: atol %4 + rtol %5 × |erwartet|)</translation>
    </message>
    <message>
        <source>the value is a numpy %1, which keeps only about %2 significant digits: compare with rtol &gt;= 1e-6 or convert it with float()</source>
        <translation>der Wert ist ein numpy-%1, das nur etwa %2 signifikante Stellen hat: mit rtol &gt;= 1e-6 vergleichen oder mit float() umwandeln</translation>
    </message>
    <message>
        <source>a %1 whose repr() raised cannot be compared</source>
        <translation>ein %1, dessen repr() eine Ausnahme auslöste, kann nicht verglichen werden</translation>
    </message>
    <message>
        <source>strings differ at character %1: %2 ≠ %3 (length %4, expected %5)</source>
        <translation>Zeichenketten unterscheiden sich bei Zeichen %1: %2 ≠ %3 (Länge %4, erwartet %5)</translation>
    </message>
    <message>
        <source>strings differ at character %1 (after folding case and whitespace): %2 ≠ %3 (length %4, expected %5)</source>
        <translation>Zeichenketten unterscheiden sich bei Zeichen %1 (ohne Groß-/Kleinschreibung und Leerraum): %2 ≠ %3 (Länge %4, erwartet %5)</translation>
    </message>
    <message>
        <source>strings differ at character %1 (after folding case): %2 ≠ %3 (length %4, expected %5)</source>
        <translation>Zeichenketten unterscheiden sich bei Zeichen %1 (ohne Groß-/Kleinschreibung): %2 ≠ %3 (Länge %4, erwartet %5)</translation>
    </message>
    <message>
        <source>strings differ at character %1 (after collapsing whitespace): %2 ≠ %3 (length %4, expected %5)</source>
        <translation>Zeichenketten unterscheiden sich bei Zeichen %1 (Leerraum zusammengefasst): %2 ≠ %3 (Länge %4, erwartet %5)</translation>
    </message>
    <message>
        <source>length %1 ≠ %2</source>
        <translation>Länge %1 ≠ %2</translation>
    </message>
    <message>
        <source>missing %1</source>
        <translation>fehlend: %1</translation>
    </message>
    <message>
        <source>unexpected %1</source>
        <translation>unerwartet: %1</translation>
    </message>
    <message>
        <source>set elements differ: %1</source>
        <translation>Elemente der Menge unterscheiden sich: %1</translation>
    </message>
    <message>
        <source>missing key %1</source>
        <translation>fehlender Schlüssel %1</translation>
    </message>
    <message>
        <source>missing keys %1</source>
        <translation>fehlende Schlüssel %1</translation>
    </message>
    <message>
        <source>unexpected key %1</source>
        <translation>unerwarteter Schlüssel %1</translation>
    </message>
    <message>
        <source>unexpected keys %1</source>
        <translation>unerwartete Schlüssel %1</translation>
    </message>
    <message>
        <source>element %1: %2</source>
        <translation>Element %1: %2</translation>
    </message>
    <message>
        <source>element %1: %2 ≠ %3 — %4 of %5 elements differ</source>
        <translation>Element %1: %2 ≠ %3 — %4 von %5 Elementen verschieden</translation>
    </message>
    <message>
        <source>element %1: %2 ≠ %3 (difference %4, relative %5; allowed: atol %6 + rtol %7 × |expected|) — %8 of %9 elements differ</source>
        <translation>Element %1: %2 ≠ %3 (Differenz %4, relativ %5; erlaubt: atol %6 + rtol %7 × |erwartet|) — %8 von %9 Elementen verschieden</translation>
    </message>
    <message>
        <source>element %1: %2 ≠ %3 (difference %4; allowed: atol %5 + rtol %6 × |expected|) — %7 of %8 elements differ</source>
        <translation>Element %1: %2 ≠ %3 (Differenz %4; erlaubt: atol %5 + rtol %6 × |erwartet|) — %7 von %8 Elementen verschieden</translation>
    </message>
    <message>
        <source>element %1: %2 — %3 of %4 elements differ</source>
        <translation>Element %1: %2 — %3 von %4 Elementen verschieden</translation>
    </message>
    <message>
        <source>value at index %1: %2</source>
        <translation>Wert bei Index %1: %2</translation>
    </message>
    <message>
        <source>value at index %1: %2 ≠ %3 — %4 of %5 values differ</source>
        <translation>Wert bei Index %1: %2 ≠ %3 — %4 von %5 Werten verschieden</translation>
    </message>
    <message>
        <source>value at index %1: %2 ≠ %3 (difference %4, relative %5; allowed: atol %6 + rtol %7 × |expected|) — %8 of %9 values differ</source>
        <translation>Wert bei Index %1: %2 ≠ %3 (Differenz %4, relativ %5; erlaubt: atol %6 + rtol %7 × |erwartet|) — %8 von %9 Werten verschieden</translation>
    </message>
    <message>
        <source>value at index %1: %2 ≠ %3 (difference %4; allowed: atol %5 + rtol %6 × |expected|) — %7 of %8 values differ</source>
        <translation>Wert bei Index %1: %2 ≠ %3 (Differenz %4; erlaubt: atol %5 + rtol %6 × |erwartet|) — %7 von %8 Werten verschieden</translation>
    </message>
    <message>
        <source>value at index %1: %2 — %3 of %4 values differ</source>
        <translation>Wert bei Index %1: %2 — %3 von %4 Werten verschieden</translation>
    </message>
    <message>
        <source>value at row %1: %2</source>
        <translation>Wert in Zeile %1: %2</translation>
    </message>
    <message>
        <source>value at row %1: %2 ≠ %3 — %4 of %5 values differ</source>
        <translation>Wert in Zeile %1: %2 ≠ %3 — %4 von %5 Werten verschieden</translation>
    </message>
    <message>
        <source>value at row %1: %2 ≠ %3 (difference %4, relative %5; allowed: atol %6 + rtol %7 × |expected|) — %8 of %9 values differ</source>
        <translation>Wert in Zeile %1: %2 ≠ %3 (Differenz %4, relativ %5; erlaubt: atol %6 + rtol %7 × |erwartet|) — %8 von %9 Werten verschieden</translation>
    </message>
    <message>
        <source>value at row %1: %2 ≠ %3 (difference %4; allowed: atol %5 + rtol %6 × |expected|) — %7 of %8 values differ</source>
        <translation>Wert in Zeile %1: %2 ≠ %3 (Differenz %4; erlaubt: atol %5 + rtol %6 × |erwartet|) — %7 von %8 Werten verschieden</translation>
    </message>
    <message>
        <source>value at row %1: %2 — %3 of %4 values differ</source>
        <translation>Wert in Zeile %1: %2 — %3 von %4 Werten verschieden</translation>
    </message>
    <message>
        <source>the reference array was truncated by the probe (more than 1,000,000 elements), so it cannot be compared</source>
        <translation>das Referenz-Array wurde von der Sonde gekürzt (mehr als 1.000.000 Elemente) und kann daher nicht verglichen werden</translation>
    </message>
    <message>
        <source>the array was truncated by the probe (more than 1,000,000 elements), so it cannot be compared</source>
        <translation>das Array wurde von der Sonde gekürzt (mehr als 1.000.000 Elemente) und kann daher nicht verglichen werden</translation>
    </message>
    <message>
        <source>dtype %1 ≠ %2</source>
        <translation>dtype %1 ≠ %2</translation>
    </message>
    <message>
        <source>shape %1 ≠ %2</source>
        <translation>Form %1 ≠ %2</translation>
    </message>
    <message>
        <source>index name %1 ≠ %2</source>
        <translation>Indexname %1 ≠ %2</translation>
    </message>
    <message>
        <source>Series name %1 ≠ %2</source>
        <translation>Series-Name %1 ≠ %2</translation>
    </message>
    <message>
        <source>labels %1 ≠ %2 (length %3, expected %4)</source>
        <translation>Beschriftungen %1 ≠ %2 (Länge %3, erwartet %4)</translation>
    </message>
    <message>
        <source>index %1 ≠ %2 (length %3, expected %4)</source>
        <translation>Index %1 ≠ %2 (Länge %3, erwartet %4)</translation>
    </message>
    <message>
        <source>same labels in a different order: %1, expected %2</source>
        <translation>dieselben Beschriftungen in anderer Reihenfolge: %1, erwartet %2</translation>
    </message>
    <message>
        <source>same index in a different order: %1, expected %2</source>
        <translation>derselbe Index in anderer Reihenfolge: %1, erwartet %2</translation>
    </message>
    <message>
        <source>same index in a different order: %1, expected %2 (sort_index() would match; the check can allow this with &quot;check_row_order&quot;: false)</source>
        <translation>derselbe Index in anderer Reihenfolge: %1, erwartet %2 (nach sort_index() gleich; die Prüfung kann das mit &quot;check_row_order&quot;: false erlauben)</translation>
    </message>
    <message>
        <source>labels %1 ≠ %2 (first difference at position %3: %4 ≠ %5)</source>
        <translation>Beschriftungen %1 ≠ %2 (erster Unterschied an Position %3: %4 ≠ %5)</translation>
    </message>
    <message>
        <source>index %1 ≠ %2 (first difference at position %3: %4 ≠ %5)</source>
        <translation>Index %1 ≠ %2 (erster Unterschied an Position %3: %4 ≠ %5)</translation>
    </message>
    <message>
        <source>columns %1 ≠ %2: %3</source>
        <translation>Spalten %1 ≠ %2: %3</translation>
    </message>
    <message>
        <source>columns %1 ≠ %2 (duplicate column names)</source>
        <translation>Spalten %1 ≠ %2 (doppelte Spaltennamen)</translation>
    </message>
    <message>
        <source>same columns in a different order: %1, expected %2</source>
        <translation>dieselben Spalten in anderer Reihenfolge: %1, erwartet %2</translation>
    </message>
    <message>
        <source>column %1 was not captured</source>
        <translation>Spalte %1 wurde nicht erfasst</translation>
    </message>
    <message>
        <source>column %1: dtype %2 ≠ %3</source>
        <translation>Spalte %1: dtype %2 ≠ %3</translation>
    </message>
    <message>
        <source>column %1, %2</source>
        <translation>Spalte %1, %2</translation>
    </message>
    <message>
        <source>%1 rows ≠ %2</source>
        <translation>%1 Zeilen ≠ %2</translation>
    </message>
    <message>
        <source>row %1: %2</source>
        <translation>Zeile %1: %2</translation>
    </message>
    <message>
        <source>%1 of %2 values differ (compared in any order, index ignored): %3</source>
        <translation>%1 von %2 Werten verschieden (in beliebiger Reihenfolge verglichen, Index ignoriert): %3</translation>
    </message>
    <message>
        <source>%1 of %2 rows differ (compared in any order, index ignored): %3</source>
        <translation>%1 von %2 Zeilen verschieden (in beliebiger Reihenfolge verglichen, Index ignoriert): %3</translation>
    </message>
    <message>
        <source>refused: absolute path</source>
        <translation>abgelehnt: absoluter Pfad</translation>
    </message>
    <message>
        <source>refused: path leads outside the archive (..)</source>
        <translation>abgelehnt: Pfad führt aus dem Archiv heraus (..)</translation>
    </message>
    <message>
        <source>refused: empty path</source>
        <translation>abgelehnt: leerer Pfad</translation>
    </message>
    <message>
        <source>skipped: Jupyter&apos;s autosave folder .ipynb_checkpoints</source>
        <translation>übersprungen: Jupyters Ordner für automatische Sicherungen .ipynb_checkpoints</translation>
    </message>
    <message>
        <source>skipped: Python&apos;s cache folder __pycache__</source>
        <translation>übersprungen: Pythons Cache-Ordner __pycache__</translation>
    </message>
    <message>
        <source>skipped: hidden file or folder (the name %1 starts with &apos;.&apos;)</source>
        <translation>übersprungen: versteckte Datei oder versteckter Ordner (der Name %1 beginnt mit &apos;.&apos;)</translation>
    </message>
    <message>
        <source>refused: a name in its path is %1 bytes long; file systems allow at most %2 bytes per name (ask the student to rename the file)</source>
        <translation>abgelehnt: ein Name in seinem Pfad ist %1 Bytes lang; Dateisysteme erlauben höchstens %2 Bytes pro Name (bitten Sie die Person, die Datei umzubenennen)</translation>
    </message>
    <message>
        <source>refused: its path would be %1 bytes long; file systems allow at most %2 (ask the student to use shorter folder names)</source>
        <translation>abgelehnt: sein Pfad wäre %1 Bytes lang; Dateisysteme erlauben höchstens %2 (bitten Sie die Person um kürzere Ordnernamen)</translation>
    </message>
    <message>
        <source>refused: cannot read the entry&apos;s data</source>
        <translation>abgelehnt: die Daten des Eintrags können nicht gelesen werden</translation>
    </message>
    <message>
        <source>refused: %1 bytes, over the per-file cap of %2 bytes</source>
        <translation>abgelehnt: %1 Bytes, über der Grenze von %2 Bytes pro Datei</translation>
    </message>
    <message>
        <source>refused: over the per-file cap of %1 bytes</source>
        <translation>abgelehnt: über der Grenze von %1 Bytes pro Datei</translation>
    </message>
    <message>
        <source>refused: the import would exceed the total cap of %1 bytes</source>
        <translation>abgelehnt: der Import würde die Gesamtgrenze von %1 Bytes überschreiten</translation>
    </message>
    <message>
        <source>ambiguous: %1 handed in %2 times (%3); not guessed</source>
        <translation>mehrdeutig: %1 wurde %2-mal abgegeben (%3); nicht geraten</translation>
    </message>
    <message>
        <source>ambiguous: %1 notebooks (%2); not guessed</source>
        <translation>mehrdeutig: %1 Notebooks (%2); nicht geraten</translation>
    </message>
    <message>
        <source>no notebook (*.ipynb) handed in</source>
        <translation>kein Notebook (*.ipynb) abgegeben</translation>
    </message>
    <message>
        <source>refused: %1 is both a file and a folder in this archive</source>
        <translation>abgelehnt: %1 ist in diesem Archiv sowohl Datei als auch Ordner</translation>
    </message>
    <message>
        <source>not named like a Canvas (name_id_submission_file) or Moodle (Full Name_id_assignsubmission_file_/) submission</source>
        <translation>nicht wie eine Abgabe aus Canvas (name_id_submission_file) oder Moodle (Full Name_id_assignsubmission_file_/) benannt</translation>
    </message>
    <message>
        <source>refused: symbolic link</source>
        <translation>abgelehnt: symbolischer Link</translation>
    </message>
    <message>
        <source>refused: hard link</source>
        <translation>abgelehnt: harter Link</translation>
    </message>
    <message>
        <source>refused: not a regular file (device, fifo or socket)</source>
        <translation>abgelehnt: keine reguläre Datei (Gerät, FIFO oder Socket)</translation>
    </message>
    <message>
        <source>refused: the entry cannot be read (%1); ask the student to hand the file in again</source>
        <translation>abgelehnt: der Eintrag kann nicht gelesen werden (%1); bitten Sie die Person, die Datei erneut abzugeben</translation>
    </message>
    <message>
        <source>the zip&apos;s record of it is damaged</source>
        <translation>sein Eintrag im Zip ist beschädigt</translation>
    </message>
    <message>
        <source>refused: its data cannot be decompressed (%1: %2); download the export again, or ask the student to hand the file in again</source>
        <translation>abgelehnt: seine Daten können nicht entpackt werden (%1: %2); laden Sie den Export erneut herunter oder bitten Sie die Person, die Datei erneut abzugeben</translation>
    </message>
    <message>
        <source>damaged or cut short</source>
        <translation>beschädigt oder abgeschnitten</translation>
    </message>
    <message>
        <source>refused: cannot read: %1</source>
        <translation>abgelehnt: nicht lesbar: %1</translation>
    </message>
    <message>
        <source>ignored: %1 macOS metadata entry (resource forks, Finder data)</source>
        <translation>ignoriert: %1 macOS-Metadateneintrag (Resource Forks, Finder-Daten)</translation>
    </message>
    <message>
        <source>ignored: %1 macOS metadata entries (resource forks, Finder data)</source>
        <translation>ignoriert: %1 macOS-Metadateneinträge (Resource Forks, Finder-Daten)</translation>
    </message>
    <message>
        <source>already in %1 (left unchanged)</source>
        <translation>bereits in %1 (unverändert gelassen)</translation>
    </message>
    <message>
        <source>backend available</source>
        <translation>Backend verfügbar</translation>
    </message>
    <message>
        <source>probe available</source>
        <translation>Sonde verfügbar</translation>
    </message>
    <message>
        <source>%1 is missing</source>
        <translation>%1 fehlt</translation>
    </message>
    <message>
        <source>reinstall Sandmark (the Python runtime is incomplete) or set SANDMARK_DATA_DIR</source>
        <translation>Sandmark neu installieren (die Python-Laufzeit ist unvollständig) oder SANDMARK_DATA_DIR setzen</translation>
    </message>
    <message>
        <source>probe: host listener</source>
        <translation>Sonde: Listener auf dem Host</translation>
    </message>
    <message>
        <source>probe: run folder</source>
        <translation>Sonde: Laufordner</translation>
    </message>
    <message>
        <source>probe: runs inside the sandbox</source>
        <translation>Sonde: läuft in der Sandbox</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>network: host listener saw no connection</source>
        <translation>Netzwerk: Listener auf dem Host sah keine Verbindung</translation>
    </message>
    <message>
        <source>a connection reached the host&apos;s port</source>
        <translation>eine Verbindung erreichte den Port des Hosts</translation>
    </message>
    <message>
        <source>network: host loopback unreachable</source>
        <translation>Netzwerk: Loopback des Hosts unerreichbar</translation>
    </message>
    <message>
        <source>network: DNS fails fast</source>
        <translation>Netzwerk: DNS schlägt sofort fehl</translation>
    </message>
    <message>
        <source>network: only the loopback interface</source>
        <translation>Netzwerk: nur die Loopback-Schnittstelle</translation>
    </message>
    <message>
        <source>filesystem: / read-only</source>
        <translation>Dateisystem: / schreibgeschützt</translation>
    </message>
    <message>
        <source>filesystem: /usr read-only</source>
        <translation>Dateisystem: /usr schreibgeschützt</translation>
    </message>
    <message>
        <source>filesystem: /etc read-only</source>
        <translation>Dateisystem: /etc schreibgeschützt</translation>
    </message>
    <message>
        <source>filesystem: working directory writable</source>
        <translation>Dateisystem: Arbeitsverzeichnis beschreibbar</translation>
    </message>
    <message>
        <source>visibility: home, assignment folder and other runs hidden</source>
        <translation>Sichtbarkeit: Home, Aufgabenordner und andere Läufe verborgen</translation>
    </message>
    <message>
        <source>limits: address space (RLIMIT_AS)</source>
        <translation>Grenzen: Adressraum (RLIMIT_AS)</translation>
    </message>
    <message>
        <source>limits: processes (RLIMIT_NPROC)</source>
        <translation>Grenzen: Prozesse (RLIMIT_NPROC)</translation>
    </message>
    <message>
        <source>limits: open files (RLIMIT_NOFILE)</source>
        <translation>Grenzen: offene Dateien (RLIMIT_NOFILE)</translation>
    </message>
    <message>
        <source>limits: file size (RLIMIT_FSIZE)</source>
        <translation>Grenzen: Dateigröße (RLIMIT_FSIZE)</translation>
    </message>
    <message>
        <source>limits: cgroup memory</source>
        <translation>Grenzen: cgroup-Speicher</translation>
    </message>
    <message>
        <source>limits: cgroup processes (pids)</source>
        <translation>Grenzen: cgroup-Prozesse (pids)</translation>
    </message>
    <message>
        <source>limits: cgroup CPUs</source>
        <translation>Grenzen: cgroup-CPUs</translation>
    </message>
    <message>
        <source>limits: no core dumps (RLIMIT_CORE)</source>
        <translation>Grenzen: keine Core-Dumps (RLIMIT_CORE)</translation>
    </message>
    <message>
        <source>privileges: no capabilities</source>
        <translation>Rechte: keine Capabilities</translation>
    </message>
    <message>
        <source>privileges: not root on the host</source>
        <translation>Rechte: nicht root auf dem Host</translation>
    </message>
    <message>
        <source>privileges: no nested user namespaces</source>
        <translation>Rechte: keine verschachtelten User-Namespaces</translation>
    </message>
    <message>
        <source>%1 after %2 s</source>
        <translation>%1 nach %2 s</translation>
    </message>
    <message>
        <source>connected to the host&apos;s port %1</source>
        <translation>mit dem Port %1 des Hosts verbunden</translation>
    </message>
    <message>
        <source>resolved</source>
        <translation>aufgelöst</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>written</source>
        <translation>geschrieben</translation>
    </message>
    <message>
        <source>%1: written</source>
        <translation>%1: geschrieben</translation>
    </message>
    <message>
        <source>visible: %1</source>
        <translation>sichtbar: %1</translation>
    </message>
    <message>
        <source>%1 paths hidden</source>
        <translation>%1 Pfade verborgen</translation>
    </message>
    <message>
        <source>soft limit %1, expected &lt;= %2</source>
        <translation>weiche Grenze %1, erwartet &lt;= %2</translation>
    </message>
    <message>
        <source>soft limit %1</source>
        <translation>weiche Grenze %1</translation>
    </message>
    <message>
        <source>%1, expected &lt;= %2</source>
        <translation>%1, erwartet &lt;= %2</translation>
    </message>
    <message>
        <source>unlimited</source>
        <translation>unbegrenzt</translation>
    </message>
    <message>
        <source>created</source>
        <translation>erstellt</translation>
    </message>
    <message>
        <source>refused (%1)</source>
        <translation>abgelehnt (%1)</translation>
    </message>
    <message>
        <source>refused (no unshare() on this system)</source>
        <translation>abgelehnt (kein unshare() auf diesem System)</translation>
    </message>
    <message>
        <source>the run folder must be writable by the sandbox uid (root: the sandmark-sandbox user)</source>
        <translation>der Laufordner muss für die UID der Sandbox beschreibbar sein (als root: der Benutzer sandmark-sandbox)</translation>
    </message>
    <message>
        <source>only the run&apos;s working folder may be bound into the sandbox; keep the cache folder (SANDMARK_CACHE_DIR) separate from assignment and home folders</source>
        <translation>nur der Arbeitsordner des Laufs darf in die Sandbox eingebunden werden; halten Sie den Cache-Ordner (SANDMARK_CACHE_DIR) getrennt von Aufgaben- und Home-Ordnern</translation>
    </message>
    <message>
        <source>RLIMIT_NPROC is not enforced for root: create the sandbox user (useradd --system sandmark-sandbox, scripts/bootstrap does it)</source>
        <translation>RLIMIT_NPROC gilt nicht für root: legen Sie den Sandbox-Benutzer an (useradd --system sandmark-sandbox, scripts/bootstrap erledigt das)</translation>
    </message>
    <message>
        <source>the limits are set in the child before exec (setrlimit); a container runtime may cap or override them</source>
        <translation>die Grenzen werden im Kindprozess vor exec gesetzt (setrlimit); eine Container-Laufzeit kann sie begrenzen oder überschreiben</translation>
    </message>
    <message>
        <source>seed: bwrap with all namespaces unshared runs /bin/true</source>
        <translation>Vorlauf: bwrap mit allen Namespaces getrennt führt /bin/true aus</translation>
    </message>
    <message>
        <source>bwrap must run with --unshare-all (network namespace); check that nothing wraps bwrap with a shared network</source>
        <translation>bwrap muss mit --unshare-all laufen (Netzwerk-Namespace); prüfen Sie, dass nichts bwrap mit gemeinsamem Netzwerk umhüllt</translation>
    </message>
    <message>
        <source>system folders must be bound with --ro-bind and / remounted read-only</source>
        <translation>Systemordner müssen mit --ro-bind eingebunden und / schreibgeschützt neu eingehängt werden</translation>
    </message>
    <message>
        <source>bwrap must run with --disable-userns (bubblewrap 0.8 or newer)</source>
        <translation>bwrap muss mit --disable-userns laufen (bubblewrap 0.8 oder neuer)</translation>
    </message>
    <message>
        <source>run Sandmark as a normal user, or as root with the sandmark-sandbox user; bwrap must use --unshare-user --cap-drop ALL</source>
        <translation>Sandmark als normaler Benutzer ausführen oder als root mit dem Benutzer sandmark-sandbox; bwrap muss --unshare-user --cap-drop ALL verwenden</translation>
    </message>
    <message>
        <source>see the error; `sandmark-cli doctor` must pass before grading</source>
        <translation>siehe den Fehler; `sandmark-cli doctor` muss vor dem Bewerten bestehen</translation>
    </message>
    <message>
        <source>install bubblewrap (apt install bubblewrap)</source>
        <translation>bubblewrap installieren (apt install bubblewrap)</translation>
    </message>
    <message>
        <source>bwrap could not start the sandbox; see the error</source>
        <translation>bwrap konnte die Sandbox nicht starten; siehe den Fehler</translation>
    </message>
    <message>
        <source>%1: the daemon answers and has the image</source>
        <translation>%1: der Daemon antwortet und hat das Image</translation>
    </message>
    <message>
        <source>%1: the engine has the image</source>
        <translation>%1: die Engine hat das Image</translation>
    </message>
    <message>
        <source>no answer within %1 s</source>
        <translation>keine Antwort innerhalb von %1 s</translation>
    </message>
    <message>
        <source>the image %1 is not available: build it with %2, or name another with --docker-image / SANDMARK_DOCKER_IMAGE</source>
        <translation>das Image %1 ist nicht verfügbar: mit %2 bauen oder ein anderes mit --docker-image / SANDMARK_DOCKER_IMAGE angeben</translation>
    </message>
    <message>
        <source>%1 run must use --network none</source>
        <translation>%1 run muss --network none verwenden</translation>
    </message>
    <message>
        <source>%1 run must use --read-only</source>
        <translation>%1 run muss --read-only verwenden</translation>
    </message>
    <message>
        <source>%1 run must keep its default seccomp profile (it refuses unshare)</source>
        <translation>%1 run muss sein Standard-seccomp-Profil behalten (es verweigert unshare)</translation>
    </message>
    <message>
        <source>%1 run must use --cap-drop ALL --user 65534:65534</source>
        <translation>%1 run muss --cap-drop ALL --user 65534:65534 verwenden</translation>
    </message>
    <message>
        <source>%1 run must use --cap-drop ALL --userns keep-id</source>
        <translation>%1 run muss --cap-drop ALL --userns keep-id verwenden</translation>
    </message>
    <message>
        <source>the %1 engine must enforce --memory, --cpus and --pids-limit: it needs the memory, cpu and pids cgroup controllers (rootless: cgroup v2 with them delegated to the user); or choose --sandbox bwrap</source>
        <translation>die Engine %1 muss --memory, --cpus und --pids-limit durchsetzen: dazu braucht sie die cgroup-Controller memory, cpu und pids (rootless: cgroup v2, an den Benutzer delegiert); oder wählen Sie --sandbox bwrap</translation>
    </message>
    <message>
        <source>local-unsafe does not isolate anything; use --sandbox bwrap or docker</source>
        <translation>local-unsafe isoliert nichts; verwenden Sie --sandbox bwrap oder docker</translation>
    </message>
    <message>
        <source>no OS keychain is available (%1); Sandmark never stores tokens in plain files: start a Secret Service (gnome-keyring, KWallet) or set HF_TOKEN in the environment</source>
        <translation>kein Schlüsselbund des Betriebssystems verfügbar (%1); Sandmark speichert Tokens nie in einfachen Dateien: starten Sie einen Secret Service (gnome-keyring, KWallet) oder setzen Sie HF_TOKEN in der Umgebung</translation>
    </message>
    <message>
        <source>no backend</source>
        <translation>kein Backend</translation>
    </message>
    <message>
        <source>the keychain denied access: %1</source>
        <translation>der Schlüsselbund verweigerte den Zugriff: %1</translation>
    </message>
    <message>
        <source>keychain error: %1</source>
        <translation>Fehler des Schlüsselbunds: %1</translation>
    </message>
    <message>
        <source>exit %1</source>
        <translation>Exit-Status %1</translation>
    </message>
    <message>
        <source>exit %1 as uid %2</source>
        <translation>Exit-Status %1 als UID %2</translation>
    </message>
    <message>
        <source>exit %1: %2</source>
        <translation>Exit-Status %1: %2</translation>
    </message>
    <message>
        <source>exit %1 as uid %2: %3</source>
        <translation>Exit-Status %1 als UID %2: %3</translation>
    </message>
    <message>
        <source>uid %1</source>
        <translation>UID %1</translation>
    </message>
    <message>
        <source>`%1`: not of the expected type (yours is a %2)</source>
        <translation>`%1`: nicht vom erwarteten Typ (abgegeben: ein Wert vom Typ %2)</translation>
    </message>
    <message>
        <source>`%1`: not of the expected type (yours is an %2)</source>
        <translation>`%1`: nicht vom erwarteten Typ (abgegeben: ein Wert vom Typ %2)</translation>
    </message>
    <message>
        <source>%1 (at index %2)</source>
        <translation>%1 (Index %2)</translation>
    </message>
    <message>
        <source>%1 (at index %2), %3 (at index %4)</source>
        <translation>%1 (Index %2), %3 (Index %4)</translation>
    </message>
    <message>
        <source>%1 (at index %2), %3 (at index %4), %5 (at index %6)</source>
        <translation>%1 (Index %2), %3 (Index %4), %5 (Index %6)</translation>
    </message>
    <message>
        <source>%1 (at index %2), %3 (at index %4), %5 (at index %6), … (%7 more)</source>
        <translation>%1 (Index %2), %3 (Index %4), %5 (Index %6), … (noch %7)</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: the name is not valid UTF-8 (rename it)</source>
        <translation>&apos;%1&apos;: der Name ist kein gültiges UTF-8 (bitte umbenennen)</translation>
    </message>
    <message>
        <source>%1 is a symbolic link (refused)</source>
        <translation>%1 ist ein symbolischer Link (abgelehnt)</translation>
    </message>
    <message>
        <source>%1 is not a regular file (refused)</source>
        <translation>%1 ist keine reguläre Datei (abgelehnt)</translation>
    </message>
    <message>
        <source>no notebook (*.ipynb) in the folder</source>
        <translation>kein Notebook (*.ipynb) im Ordner</translation>
    </message>
    <message>
        <source>ambiguous: %1 notebooks (%2); keep one, or grade the one meant by its path (sandmark-cli grade ASSIGNMENT %3/&lt;notebook&gt;)</source>
        <translation>mehrdeutig: %1 Notebooks (%2); nur eines behalten oder das gemeinte über seinen Pfad bewerten (sandmark-cli grade ASSIGNMENT %3/&lt;notebook&gt;)</translation>
    </message>
    <message>
        <source>duplicate student id &apos;%1&apos; (a folder and a notebook?)</source>
        <translation>doppelte Personen-ID &apos;%1&apos; (ein Ordner und ein Notebook?)</translation>
    </message>
    <message>
        <source>bwrap runs need a cgroup of their own for the memory, process and CPU limits: run Sandmark as root with the cgroup file system writable (/sys/fs/cgroup; in a container: --cgroupns=private with a writable cgroup mount, or --privileged), or as a user whose systemd user manager has the memory, pids and cpu controllers delegated (cgroup v2; systemd-run --user --scope); or set %1=off to run with rlimits only (the memory limit then does not count /tmp, /dev/shm or the page cache, and the CPU is not capped)</source>
        <translation>bwrap-Läufe brauchen eine eigene cgroup für die Speicher-, Prozess- und CPU-Grenzen: starten Sie Sandmark als root mit beschreibbarem cgroup-Dateisystem (/sys/fs/cgroup; in einem Container: --cgroupns=private mit beschreibbarem cgroup-Mount, oder --privileged) oder als Benutzer, an dessen systemd-Benutzerinstanz die Controller memory, pids und cpu delegiert sind (cgroup v2; systemd-run --user --scope); oder setzen Sie %1=off, um nur mit rlimits zu laufen (die Speichergrenze zählt dann /tmp, /dev/shm und den Seitencache nicht mit, und die CPU wird nicht begrenzt)</translation>
    </message>
    <message>
        <source>cannot create the run&apos;s cgroup (memory, processes and CPU limits): %1; %2</source>
        <translation>die cgroup des Laufs (Speicher-, Prozess- und CPU-Grenzen) kann nicht angelegt werden: %1; %2</translation>
    </message>
    <message>
        <source>cannot give the run a cgroup of its own through systemd (%1); %2</source>
        <translation>der Lauf kann über systemd keine eigene cgroup erhalten (%1); %2</translation>
    </message>
    <message>
        <source>the run reached its memory limit (memory_bytes = %1, counting /tmp, /dev/shm and the page cache): the kernel&apos;s OOM killer ended %2 of its processes</source>
        <translation>der Lauf hat seine Speichergrenze erreicht (memory_bytes = %1, /tmp, /dev/shm und Seitencache mitgezählt): der OOM-Killer des Kernels hat %2 seiner Prozesse beendet</translation>
    </message>
    <message>
        <source>limits: run cgroup</source>
        <translation>Grenzen: cgroup des Laufs</translation>
    </message>
    <message>
        <source>off (SANDMARK_CGROUPS=off): rlimits only; the memory limit does not count /tmp, /dev/shm or the page cache, and the CPU is not capped</source>
        <translation>aus (SANDMARK_CGROUPS=off): nur rlimits; die Speichergrenze zählt /tmp, /dev/shm und den Seitencache nicht mit, und die CPU wird nicht begrenzt</translation>
    </message>
    <message>
        <source>limits: run cgroup memory (counts /tmp and the page cache)</source>
        <translation>Grenzen: Speicher der cgroup des Laufs (zählt /tmp und den Seitencache mit)</translation>
    </message>
    <message>
        <source>memory.max %1 bytes: a process writing /tmp was stopped after %2 MiB (%3); OOM kills: %4</source>
        <translation>memory.max %1 Bytes: ein Prozess, der nach /tmp schrieb, wurde nach %2 MiB gestoppt (%3); OOM-Kills: %4</translation>
    </message>
    <message>
        <source>limits: run cgroup processes (pids.max)</source>
        <translation>Grenzen: Prozesse der cgroup des Laufs (pids.max)</translation>
    </message>
    <message>
        <source>pids.max %1: fork refused after %2 processes (errno %3); refusals counted: %4</source>
        <translation>pids.max %1: fork nach %2 Prozessen verweigert (errno %3); gezählte Verweigerungen: %4</translation>
    </message>
    <message>
        <source>limits: run cgroup CPU</source>
        <translation>Grenzen: CPU der cgroup des Laufs</translation>
    </message>
    <message>
        <source>quota %1 CPUs: a busy loop got %2 s of CPU in %3 s (%4 CPUs); throttled %5 times</source>
        <translation>Kontingent %1 CPUs: eine Endlosschleife erhielt %2 s CPU-Zeit in %3 s (%4 CPUs); %5-mal gedrosselt</translation>
    </message>
    <message>
        <source>refused: the name holds a control character (%1)</source>
        <translation>abgelehnt: der Name enthält ein Steuerzeichen (%1)</translation>
    </message>
    <message>
        <source>partial credit: %1 of 1 point</source>
        <translation>Teilpunkte: %1 von 1 Punkt</translation>
    </message>
    <message>
        <source>the submission folders %1 and %2 have ids that look the same in the file (the same once Unicode-normalized)</source>
        <translation>die Abgabeordner %1 und %2 haben Kennungen, die in der Datei gleich aussehen (nach Unicode-Normalisierung gleich)</translation>
    </message>
    <message>
        <source>%1 ← %2</source>
        <translation>%1 ← %2</translation>
    </message>
    <message>
        <source>%1 ← %2 (same name, case and copy suffix ignored)</source>
        <translation>%1 ← %2 (gleicher Name, ohne Groß-/Kleinschreibung und Kopie-Zusatz)</translation>
    </message>
    <message>
        <source>%1 ← %2 (carries its cell ids)</source>
        <translation>%1 ← %2 (trägt seine Zell-IDs)</translation>
    </message>
    <message>
        <source>%1 ← %2 (settled by the instructor)</source>
        <translation>%1 ← %2 (von der Lehrkraft festgelegt)</translation>
    </message>
    <message>
        <source>%1: not handed in</source>
        <translation>%1: nicht abgegeben</translation>
    </message>
    <message>
        <source>%1: the kernel sent no result for the cell (its error display may be broken, as when IPython&apos;s showtraceback is replaced, or an interrupt arrived outside its code)</source>
        <translation>%1: Der Kernel lieferte kein Ergebnis für die Zelle (ihre Fehleranzeige ist womöglich defekt, etwa wenn IPythons showtraceback ersetzt wurde, oder eine Unterbrechung kam außerhalb ihres Codes an)</translation>
    </message>
    <message>
        <source>no notebook (*.ipynb) in the folder: %1 is a folder, not a notebook</source>
        <translation>kein Notebook (*.ipynb) im Ordner: %1 ist ein Ordner, kein Notebook</translation>
    </message>
    <message>
        <source>SANDMARK_DATA_DIR names %1: point it at Sandmark&apos;s share folder (the one holding python/, such as /usr/share/sandmark), or unset it</source>
        <translation>SANDMARK_DATA_DIR nennt %1: Lassen Sie die Variable auf den share-Ordner von Sandmark zeigen (den mit python/, etwa /usr/share/sandmark), oder entfernen Sie sie</translation>
    </message>
    <message>
        <source>the output of %1 was cut (over output_cell_bytes or output_total_bytes)</source>
        <translation>die Ausgabe von %1 wurde gekürzt (über output_cell_bytes oder output_total_bytes)</translation>
    </message>
    <message>
        <source>the run reached its process limit (processes %1): %2 process(es) or thread(s) could not start</source>
        <translation>der Lauf erreichte seine Prozessgrenze (processes %1): %2 Prozess(e) oder Thread(s) konnten nicht starten</translation>
    </message>
    <message>
        <source>graded by hand: answer cell &apos;%1&apos;</source>
        <translation>von Hand bewertet: Antwortzelle &apos;%1&apos;</translation>
    </message>
    <message>
        <source>graded by hand: task cell &apos;%1&apos;</source>
        <translation>von Hand bewertet: Aufgabenzelle &apos;%1&apos;</translation>
    </message>
    <message>
        <source>graded by hand: answer cell &apos;%1&apos; is missing from the submission</source>
        <translation>von Hand bewertet: Antwortzelle &apos;%1&apos; fehlt in der Abgabe</translation>
    </message>
    <message>
        <source>graded by hand: task cell &apos;%1&apos; is missing from the submission</source>
        <translation>von Hand bewertet: Aufgabenzelle &apos;%1&apos; fehlt in der Abgabe</translation>
    </message>
    <message>
        <source>not answered: answer cell &apos;%1&apos; still holds the release&apos;s text</source>
        <translation>nicht beantwortet: Antwortzelle &apos;%1&apos; enthält noch den Text der Studierendenfassung</translation>
    </message>
</context>
<context>
    <name>sandmark::DataFilesModel</name>
    <message>
        <source>missing</source>
        <translation>fehlt</translation>
    </message>
    <message>
        <source>any URL ending in /%1</source>
        <translation>jede URL, die auf /%1 endet</translation>
    </message>
    <message>
        <source>Supplied file</source>
        <translation>Mitgelieferte Datei</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Data URLs that read it</source>
        <translation>Daten-URLs, die sie lesen</translation>
    </message>
</context>
<context>
    <name>sandmark::DataPage</name>
    <message>
        <source>Ca&amp;ncel</source>
        <translation>Abbre&amp;chen</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>Supplied data files</source>
        <translation>Mitgelieferte Datendateien</translation>
    </message>
    <message>
        <source>Copied into every run&apos;s working directory. A data URL whose file name matches reads the local copy; any other URL fails as it would offline.</source>
        <translation>Werden in das Arbeitsverzeichnis jedes Laufs kopiert. Eine Daten-URL mit passendem Dateinamen liest die lokale Kopie; jede andere URL schlägt fehl wie ohne Netzwerk.</translation>
    </message>
    <message>
        <source>Required datasets</source>
        <translation>Benötigte Datensätze</translation>
    </message>
    <message>
        <source>&amp;Scan Notebooks</source>
        <translation>Notebooks d&amp;urchsuchen</translation>
    </message>
    <message>
        <source>Find dataset calls in the instructor notebooks</source>
        <translation>Datensatzaufrufe in den Lehrenden-Notebooks finden</translation>
    </message>
    <message>
        <source>&amp;Warm Cache</source>
        <translation>Cache &amp;füllen</translation>
    </message>
    <message>
        <source>Download every listed file and run every literal call, outside the sandbox</source>
        <translation>Jede aufgeführte Datei herunterladen und jeden literalen Aufruf ausführen, außerhalb der Sandbox</translation>
    </message>
    <message>
        <source>Chec&amp;k Cache</source>
        <translation>Cache &amp;prüfen</translation>
    </message>
    <message>
        <source>Read the cache offline, as the sandbox will; download nothing</source>
        <translation>Den Cache offline lesen, wie die Sandbox es tut; nichts herunterladen</translation>
    </message>
    <message>
        <source>Cancel the dataset job</source>
        <translation>Den Datensatz-Auftrag abbrechen</translation>
    </message>
    <message>
        <source>&amp;Add…</source>
        <translation>Hin&amp;zufügen…</translation>
    </message>
    <message>
        <source>Add a required dataset file</source>
        <translation>Eine benötigte Datensatzdatei hinzufügen</translation>
    </message>
    <message>
        <source>Remove the selected required dataset files</source>
        <translation>Die ausgewählten benötigten Datensatzdateien entfernen</translation>
    </message>
    <message>
        <source>Dataset job progress</source>
        <translation>Fortschritt des Datensatz-Auftrags</translation>
    </message>
    <message>
        <source>Dataset job status</source>
        <translation>Status des Datensatz-Auftrags</translation>
    </message>
    <message>
        <source>Dataset calls in the instructor notebooks</source>
        <translation>Datensatzaufrufe in den Lehrenden-Notebooks</translation>
    </message>
    <message>
        <source>Dataset calls found by the scan</source>
        <translation>Beim Durchsuchen gefundene Datensatzaufrufe</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s), %1 in total</source>
        <translation>
            <numerusform>%n Datei, insgesamt %1</numerusform>
            <numerusform>%n Dateien, insgesamt %1</numerusform>
        </translation>
    </message>
    <message>
        <source>No assignment open.</source>
        <translation>Keine Aufgabe geöffnet.</translation>
    </message>
    <message>
        <source>assignment.json lists no required datasets. Scan the notebooks to find dataset calls.</source>
        <translation>assignment.json nennt keine benötigten Datensätze. Durchsuchen Sie die Notebooks, um Datensatzaufrufe zu finden.</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
    <message>
        <source>Scanning the instructor notebooks…</source>
        <translation>Die Lehrenden-Notebooks werden durchsucht…</translation>
    </message>
    <message>
        <source>Warming the dataset cache…</source>
        <translation>Der Datensatz-Cache wird gefüllt…</translation>
    </message>
    <message>
        <source>Checking the dataset cache offline…</source>
        <translation>Der Datensatz-Cache wird offline geprüft…</translation>
    </message>
    <message numerus="yes">
        <source>%n dataset call(s) found</source>
        <translation>
            <numerusform>%n Datensatzaufruf gefunden</numerusform>
            <numerusform>%n Datensatzaufrufe gefunden</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n with computed arguments: list their files with Add…</source>
        <translation>
            <numerusform>%n mit berechneten Argumenten: deren Dateien mit „Hinzufügen…“ aufführen</numerusform>
            <numerusform>%n mit berechneten Argumenten: deren Dateien mit „Hinzufügen…“ aufführen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 in the dataset cache.</source>
        <translation>%1 im Datensatz-Cache.</translation>
    </message>
    <message>
        <source>The datasets are large; every grading machine needs this much disk.</source>
        <translation>Die Datensätze sind groß; jeder Bewertungsrechner braucht so viel Plattenplatz.</translation>
    </message>
    <message>
        <source>Everything the notebooks need is in the cache.</source>
        <translation>Alles, was die Notebooks brauchen, ist im Cache.</translation>
    </message>
    <message>
        <source>Missing or failing:</source>
        <translation>Fehlend oder fehlerhaft:</translation>
    </message>
    <message>
        <source>Add Required Dataset File</source>
        <translation>Benötigte Datensatzdatei hinzufügen</translation>
    </message>
    <message>
        <source>assignment.json updated.</source>
        <translation>assignment.json aktualisiert.</translation>
    </message>
    <message>
        <source>assignment.json lists no required datasets.</source>
        <translation>assignment.json nennt keine benötigten Datensätze.</translation>
    </message>
    <message>
        <source>assignment.json lists no required datasets: nothing to warm</source>
        <translation>assignment.json führt keine benötigten Datensätze auf: nichts vorzuwärmen</translation>
    </message>
    <message>
        <source>assignment.json lists no required datasets: nothing to check</source>
        <translation>assignment.json führt keine benötigten Datensätze auf: nichts zu prüfen</translation>
    </message>
    <message>
        <source>Repository and file, separated by a space, the repository at a
revision when you give one (for example: &quot;org/dataset data/train.csv&quot;
or &quot;org/dataset@v1.0 data/train.csv&quot;):</source>
        <translation>Repository und Datei, durch ein Leerzeichen getrennt, das Repository bei einer
Revision, wenn Sie eine angeben (zum Beispiel: „org/dataset data/train.csv“
oder „org/dataset@v1.0 data/train.csv“):</translation>
    </message>
    <message>
        <source>Already listed: %1</source>
        <translation>Bereits aufgeführt: %1</translation>
    </message>
    <message>
        <source>The dataset job was cancelled.</source>
        <translation>Der Datensatz-Auftrag wurde abgebrochen.</translation>
    </message>
</context>
<context>
    <name>sandmark::DatasetCallsModel</name>
    <message>
        <source>literal: warmed by running it</source>
        <translation>literal: wird durch Ausführen vorgeladen</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>Wo</translation>
    </message>
    <message>
        <source>Dataset call</source>
        <translation>Datensatzaufruf</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <source>computed argument (%1): list its files with Add…</source>
        <translation>berechnetes Argument (%1): die Dateien mit „Hinzufügen…“ aufführen</translation>
    </message>
</context>
<context>
    <name>sandmark::DatasetEntriesModel</name>
    <message>
        <source>not checked</source>
        <translation>nicht geprüft</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>ausstehend</translation>
    </message>
    <message>
        <source>in the cache</source>
        <translation>im Cache</translation>
    </message>
    <message>
        <source>downloaded</source>
        <translation>heruntergeladen</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>fehlt</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>Dataset file (repo and file name)</source>
        <translation>Datensatzdatei (Repository und Dateiname)</translation>
    </message>
    <message>
        <source>Cache</source>
        <translation>Cache</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Fortschritt</translation>
    </message>
</context>
<context>
    <name>sandmark::ExternalOpen</name>
    <message>
        <source>Jupyter is not installed (no &apos;jupyter&apos; on PATH).</source>
        <translation>Jupyter ist nicht installiert (kein „jupyter“ im PATH).</translation>
    </message>
    <message>
        <source>Jupyter could not be started.</source>
        <translation>Jupyter konnte nicht gestartet werden.</translation>
    </message>
    <message>
        <source>No program is set up to open this file.</source>
        <translation>Kein Programm ist zum Öffnen dieser Datei eingerichtet.</translation>
    </message>
    <message>
        <source>No file manager could be opened.</source>
        <translation>Kein Dateimanager konnte geöffnet werden.</translation>
    </message>
</context>
<context>
    <name>sandmark::GradeDistributionModel</name>
    <message>
        <source>%1–%2 %</source>
        <translation>%1–%2 %</translation>
    </message>
    <message>
        <source>Score (% of maximum)</source>
        <translation>Punktzahl (% des Maximums)</translation>
    </message>
    <message>
        <source>Submissions</source>
        <translation>Abgaben</translation>
    </message>
</context>
<context>
    <name>sandmark::GradebookAccess</name>
    <message>
        <source>an override needs a comment saying why</source>
        <translation>eine Korrektur braucht einen Kommentar mit der Begründung</translation>
    </message>
    <message>
        <source>no gradebook yet: grade the submission first</source>
        <translation>noch kein Notenbuch: zuerst die Abgabe bewerten</translation>
    </message>
    <message>
        <source>the student is not in the gradebook</source>
        <translation>die Person ist nicht im Notenbuch</translation>
    </message>
    <message>
        <source>cannot write: %1</source>
        <translation>kann nicht geschrieben werden: %1</translation>
    </message>
</context>
<context>
    <name>sandmark::Health</name>
    <message>
        <source>Sandbox self-test</source>
        <translation>Sandbox-Selbsttest</translation>
    </message>
    <message>
        <source>Running the sandbox self-test for %1…</source>
        <translation>Sandbox-Selbsttest für %1 läuft…</translation>
    </message>
    <message>
        <source>local-unsafe starts but isolates nothing (UNSAFE).</source>
        <translation>local-unsafe startet, isoliert aber nichts (UNSICHER).</translation>
    </message>
    <message>
        <source>Choose bwrap or docker (Preferences, or --sandbox) before grading submissions.</source>
        <translation>Vor dem Bewerten bwrap oder docker wählen (Einstellungen oder --sandbox).</translation>
    </message>
    <message>
        <source>%1: %2 — %3</source>
        <translation>%1: %2 — %3</translation>
    </message>
    <message>
        <source>Tools → Sandbox Self-Test (sandmark-cli doctor) shows every check.</source>
        <translation>Werkzeuge → Sandbox-Selbsttest (sandmark-cli doctor) zeigt jede Prüfung.</translation>
    </message>
    <message numerus="yes">
        <source>%1 passed all %n check(s) of the self-test.</source>
        <translation>
            <numerusform>%1 hat die %n Prüfung des Selbsttests bestanden.</numerusform>
            <numerusform>%1 hat alle %n Prüfungen des Selbsttests bestanden.</numerusform>
        </translation>
    </message>
    <message>
        <source>assignment.json and notebooks</source>
        <translation>assignment.json und Notebooks</translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n Fehler</numerusform>
            <numerusform>%n Fehler</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n Warnung</numerusform>
            <numerusform>%n Warnungen</numerusform>
        </translation>
    </message>
    <message>
        <source>Each problem names its field (Problems panel, or sandmark-cli validate).</source>
        <translation>Jedes Problem nennt sein Feld (Problemliste oder sandmark-cli validate).</translation>
    </message>
    <message>
        <source>Checks</source>
        <translation>Prüfungen</translation>
    </message>
    <message numerus="yes">
        <source>%n check(s), %1 points in total</source>
        <translation>
            <numerusform>%n Prüfung, insgesamt %1 Punkte</numerusform>
            <numerusform>%n Prüfungen, insgesamt %1 Punkte</numerusform>
        </translation>
    </message>
    <message>
        <source>Add checks (Checks page, or sandmark-cli checks add); without them every submission scores 0 of 0.</source>
        <translation>Prüfungen hinzufügen (Seite Prüfungen oder sandmark-cli checks add); ohne sie erhält jede Abgabe 0 von 0 Punkten.</translation>
    </message>
    <message>
        <source>Supplied data size</source>
        <translation>Größe der mitgelieferten Daten</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s), %1 in total</source>
        <translation>
            <numerusform>%n Datei, insgesamt %1</numerusform>
            <numerusform>%n Dateien, insgesamt %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Large supplied files slow every run; consider a smaller sample for grading.</source>
        <translation>Große mitgelieferte Dateien verlangsamen jeden Lauf; für die Bewertung eine kleinere Stichprobe erwägen.</translation>
    </message>
    <message>
        <source>Dataset cache complete</source>
        <translation>Datensatz-Cache vollständig</translation>
    </message>
    <message>
        <source>No required datasets listed.</source>
        <translation>Keine benötigten Datensätze aufgeführt.</translation>
    </message>
    <message>
        <source>Not checked yet.</source>
        <translation>Noch nicht geprüft.</translation>
    </message>
    <message>
        <source>Data page → Check Cache (or sandmark-cli datasets check).</source>
        <translation>Seite Daten → Cache prüfen (oder sandmark-cli datasets check).</translation>
    </message>
    <message numerus="yes">
        <source>%n of %1 file(s) missing from the cache</source>
        <translation>
            <numerusform>%n von %1 Datei fehlt im Cache</numerusform>
            <numerusform>%n von %1 Dateien fehlen im Cache</numerusform>
        </translation>
    </message>
    <message>
        <source>Warm the cache (Data page → Warm Cache, or sandmark-cli datasets warm); files behind a login need the Hub token.</source>
        <translation>Den Cache füllen (Seite Daten → Cache füllen oder sandmark-cli datasets warm); Dateien hinter einer Anmeldung brauchen das Hub-Token.</translation>
    </message>
    <message numerus="yes">
        <source>All %n file(s) in the cache</source>
        <translation>
            <numerusform>Die %n Datei ist im Cache</numerusform>
            <numerusform>Alle %n Dateien sind im Cache</numerusform>
        </translation>
    </message>
    <message>
        <source>Limits</source>
        <translation>Grenzen</translation>
    </message>
    <message>
        <source>%1 s per run, %2 s per cell, %3 memory</source>
        <translation>%1 s pro Lauf, %2 s pro Zelle, %3 Speicher</translation>
    </message>
    <message numerus="yes">
        <source>the reference run&apos;s slowest notebook, %1, used %2 s (%3 % of the run limit, which holds each notebook); its %n notebook(s) together used %4 s (%5 % of the problem set&apos;s limit of %6 s)</source>
        <translation>
            <numerusform>das langsamste Notebook des Referenzlaufs, %1, brauchte %2 s (%3 % der Laufgrenze, die für jedes Notebook gilt); sein %n Notebook brauchte %4 s (%5 % der Grenze des Aufgabenblatts von %6 s)</numerusform>
            <numerusform>das langsamste Notebook des Referenzlaufs, %1, brauchte %2 s (%3 % der Laufgrenze, die für jedes Notebook gilt); seine %n Notebooks brauchten zusammen %4 s (%5 % der Grenze des Aufgabenblatts von %6 s)</numerusform>
        </translation>
    </message>
    <message>
        <source>Student code is often slower than the solution: raise limits.timeout_s (each notebook) and limits.set_timeout_s (the notebooks together) to at least twice the reference run&apos;s times, or make the notebooks faster.</source>
        <translation>Code von Studierenden ist oft langsamer als die Lösung: limits.timeout_s (jedes Notebook) und limits.set_timeout_s (die Notebooks zusammen) auf mindestens das Doppelte der Zeiten des Referenzlaufs erhöhen oder die Notebooks beschleunigen.</translation>
    </message>
    <message>
        <source>the reference run used %1 s (%2 % of the run limit)</source>
        <translation>der Referenzlauf brauchte %1 s (%2 % der Laufgrenze)</translation>
    </message>
    <message>
        <source>Student code is often slower than the solution: raise limits.timeout_s to at least twice the reference run, or make the notebook faster.</source>
        <translation>Code von Studierenden ist oft langsamer als die Lösung: limits.timeout_s auf mindestens das Doppelte des Referenzlaufs erhöhen oder das Notebook beschleunigen.</translation>
    </message>
    <message>
        <source>Environment built</source>
        <translation>Umgebung erstellt</translation>
    </message>
    <message>
        <source>Run the reference (Checks page → Run Reference) to build the environment.</source>
        <translation>Den Referenzlauf starten (Seite Prüfungen → Referenzlauf), um die Umgebung zu erstellen.</translation>
    </message>
    <message>
        <source>Ready.</source>
        <translation>Bereit.</translation>
    </message>
    <message>
        <source>Reference run</source>
        <translation>Referenzlauf</translation>
    </message>
    <message>
        <source>Not run yet.</source>
        <translation>Noch nicht ausgeführt.</translation>
    </message>
    <message>
        <source>Run the reference (Checks page → Run Reference); it is cached until the notebook, data, environment or checks change.</source>
        <translation>Den Referenzlauf starten (Seite Prüfungen → Referenzlauf); er bleibt zwischengespeichert, bis sich Notebook, Daten, Umgebung oder Prüfungen ändern.</translation>
    </message>
    <message>
        <source>The instructor notebook must run cleanly in the sandbox: fix the cell named above.</source>
        <translation>Das Notebook der Lehrkraft muss in der Sandbox fehlerfrei laufen: die oben genannte Zelle korrigieren.</translation>
    </message>
    <message>
        <source>Succeeded in %1 s (cached result).</source>
        <translation>Erfolgreich in %1 s (zwischengespeichertes Ergebnis).</translation>
    </message>
    <message>
        <source>Succeeded in %1 s.</source>
        <translation>Erfolgreich in %1 s.</translation>
    </message>
    <message>
        <source>Succeeded (cached result).</source>
        <translation>Erfolgreich (zwischengespeichertes Ergebnis).</translation>
    </message>
    <message>
        <source>Slowest cells against the cell limit</source>
        <translation>Langsamste Zellen vs. Zellgrenze</translation>
    </message>
    <message>
        <source>Known after the reference run.</source>
        <translation>Nach dem Referenzlauf bekannt.</translation>
    </message>
    <message>
        <source>Not known for a cached result from an older version; run the reference again.</source>
        <translation>Für ein zwischengespeichertes Ergebnis einer älteren Version unbekannt; den Referenzlauf wiederholen.</translation>
    </message>
    <message>
        <source>cells[%1] %2 s</source>
        <translation>cells[%1] %2 s</translation>
    </message>
    <message>
        <source>No code cells ran.</source>
        <translation>Keine Code-Zelle lief.</translation>
    </message>
    <message>
        <source>%1 (limit %2 s per cell)</source>
        <translation>%1 (Grenze %2 s pro Zelle)</translation>
    </message>
    <message>
        <source>cells[%1] reaches the per-cell limit already in the solution: raise limits.cell_timeout_s or make that cell faster.</source>
        <translation>cells[%1] erreicht die Zellengrenze schon in der Lösung: limits.cell_timeout_s erhöhen oder die Zelle beschleunigen.</translation>
    </message>
    <message>
        <source>cells[%1] uses over half the per-cell limit; students&apos; slower code will time out. Raise limits.cell_timeout_s or make that cell faster.</source>
        <translation>cells[%1] braucht über die Hälfte der Zellengrenze; langsamerer Code von Studierenden wird sie überschreiten. limits.cell_timeout_s erhöhen oder die Zelle beschleunigen.</translation>
    </message>
    <message>
        <source>Batch grading time at the current parallelism</source>
        <translation>Stapeldauer (parallel wie jetzt)</translation>
    </message>
    <message numerus="yes">
        <source>%n sandbox(es) at once</source>
        <translation>
            <numerusform>%n Sandbox gleichzeitig</numerusform>
            <numerusform>%n Sandboxen gleichzeitig</numerusform>
        </translation>
    </message>
    <message>
        <source>Grade a few submissions, or run the reference, to estimate the time per submission.</source>
        <translation>Einige Abgaben bewerten oder den Referenzlauf starten, um die Zeit je Abgabe zu schätzen.</translation>
    </message>
    <message>
        <source>measured on graded submissions</source>
        <translation>an bewerteten Abgaben gemessen</translation>
    </message>
    <message>
        <source>%1 s kernel start-up, %2 s cells and checks, %3 s sandbox and run set-up</source>
        <translation>%1 s Kernelstart, %2 s Zellen und Prüfungen, %3 s Sandbox und Vorbereitung des Laufs</translation>
    </message>
    <message numerus="yes">
        <source>the reference run of its %n notebook(s): %1</source>
        <translation>
            <numerusform>der Referenzlauf seines %n Notebooks: %1</numerusform>
            <numerusform>der Referenzlauf seiner %n Notebooks: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>the reference run: %1</source>
        <translation>der Referenzlauf: %1</translation>
    </message>
    <message>
        <source>the reference run&apos;s cells and checks only: its cached timing, from an older version, lacks the kernel start-up and the sandbox, which often take most of a run</source>
        <translation>nur Zellen und Prüfungen des Referenzlaufs: seiner zwischengespeicherten Zeitmessung einer älteren Version fehlen Kernelstart und Sandbox, die oft den Großteil eines Laufs ausmachen</translation>
    </message>
    <message numerus="yes">
        <source>%1 s per submission (%2); %n submission(s) take about %3 min with %4 at once</source>
        <translation>
            <numerusform>%1 s je Abgabe (%2); %n Abgabe dauert etwa %3 min mit %4 gleichzeitig</numerusform>
            <numerusform>%1 s je Abgabe (%2); %n Abgaben dauern etwa %3 min mit %4 gleichzeitig</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>at least %1 s per submission (%2); %n submission(s) take at least %3 min with %4 at once</source>
        <translation>
            <numerusform>mindestens %1 s je Abgabe (%2); %n Abgabe dauert mindestens %3 min mit %4 gleichzeitig</numerusform>
            <numerusform>mindestens %1 s je Abgabe (%2); %n Abgaben dauern mindestens %3 min mit %4 gleichzeitig</numerusform>
        </translation>
    </message>
    <message>
        <source>Over a minute per submission: make the notebook&apos;s slowest cells faster or use smaller data for grading.</source>
        <translation>Über eine Minute je Abgabe: die langsamsten Zellen des Notebooks beschleunigen oder zum Bewerten kleinere Daten verwenden.</translation>
    </message>
    <message>
        <source>checks &apos;%1&apos;: %2</source>
        <translation>checks &apos;%1&apos;: %2</translation>
    </message>
    <message numerus="yes">
        <source>%n fail(s) on the instructor notebook: </source>
        <translation>
            <numerusform>%n schlägt im Notebook der Lehrkraft fehl: </numerusform>
            <numerusform>%n schlagen im Notebook der Lehrkraft fehl: </numerusform>
        </translation>
    </message>
    <message>
        <source>Fix each named check or the solution, then run the reference again. Until then such a check is not graded for anyone (a grader error, never charged to a student); the other checks are graded.</source>
        <translation>Jede genannte Prüfung oder die Lösung korrigieren, dann die Referenz erneut ausführen. Bis dahin wird eine solche Prüfung für niemanden bewertet (ein Fehler des Bewerters, nie zulasten der Studierenden); die anderen Prüfungen werden bewertet.</translation>
    </message>
    <message>
        <source>Add the package that provides each to &quot;dependencies&quot; in assignment.json (its pip name, often the module&apos;s), then run the reference again.</source>
        <translation>Das Paket, das jedes Modul bereitstellt, zu &quot;dependencies&quot; in assignment.json hinzufügen (sein pip-Name, oft der des Moduls), dann die Referenz erneut ausführen.</translation>
    </message>
    <message>
        <source>The environment lacks the module(s) %1.</source>
        <translation>Der Umgebung fehlen die Module %1.</translation>
    </message>
    <message>
        <source>The kernel does not start under the limits (%1)</source>
        <translation>Der Kernel startet unter den Grenzen nicht (%1)</translation>
    </message>
    <message>
        <source>`%1` fails under the limits (%2)</source>
        <translation>`%1` schlägt unter den Grenzen fehl (%2)</translation>
    </message>
    <message>
        <source>%1, and runs with %2 of memory: the memory limit of %3 is too small for the environment&apos;s imports%4.</source>
        <translation>%1 und läuft mit %2 Speicher: Die Speichergrenze von %3 ist zu klein für die Importe der Umgebung%4.</translation>
    </message>
    <message>
        <source> (they take %1 of address space)</source>
        <translation> (sie belegen %1 Adressraum)</translation>
    </message>
    <message>
        <source>Raise limits.memory_bytes in assignment.json to at least %1 (%2 bytes); a correct answer fails under the current limit.</source>
        <translation>limits.memory_bytes in assignment.json auf mindestens %1 (%2 Bytes) erhöhen; unter der jetzigen Grenze schlägt eine richtige Antwort fehl.</translation>
    </message>
    <message>
        <source>Fix the environment (assignment.json &quot;dependencies&quot;, &quot;python&quot;) until the instructor notebook&apos;s imports run in the sandbox.</source>
        <translation>Die Umgebung korrigieren (&quot;dependencies&quot;, &quot;python&quot; in assignment.json), bis die Importe des Notebooks der Lehrkraft in der Sandbox laufen.</translation>
    </message>
    <message numerus="yes">
        <source>Ready; the notebook&apos;s %n import(s) start under the limits, taking %1 of the %2 of address space.</source>
        <translation>
            <numerusform>Bereit; der %n Import des Notebooks startet unter den Grenzen und belegt %1 von %2 Adressraum.</numerusform>
            <numerusform>Bereit; die %n Importe des Notebooks starten unter den Grenzen und belegen %1 von %2 Adressraum.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Ready; the notebook&apos;s %n import(s) start under the limits.</source>
        <translation>
            <numerusform>Bereit; der %n Import des Notebooks startet unter den Grenzen.</numerusform>
            <numerusform>Bereit; die %n Importe des Notebooks starten unter den Grenzen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Little room is left for the students&apos; code: raise limits.memory_bytes in assignment.json.</source>
        <translation>Für den Code der Studierenden bleibt wenig Platz: limits.memory_bytes in assignment.json erhöhen.</translation>
    </message>
    <message>
        <source>Noted, not failures: %1.</source>
        <translation>Vermerkt, keine Fehlschläge: %1.</translation>
    </message>
    <message>
        <source>A cell that raises on purpose can be tagged raises-exception (Jupyter&apos;s convention); otherwise fix it. Its error is not a failure, but names it leaves undefined cannot be checked.</source>
        <translation>Eine Zelle, die absichtlich einen Fehler auslöst, kann mit raises-exception markiert werden (Jupyters Konvention); sonst korrigieren. Ihr Fehler ist kein Fehlschlag, aber Namen, die sie undefiniert lässt, können nicht geprüft werden.</translation>
    </message>
    <message>
        <source>; at most %1 min if every submission ran to its time limit (%2 s each)</source>
        <translation>; höchstens %1 min, wenn jede Abgabe bis zu ihrem Zeitlimit liefe (je %2 s)</translation>
    </message>
    <message>
        <source>; at most %1 min if every submission ran to its time limit (%2 s each, with the start-up)</source>
        <translation>; höchstens %1 min, wenn jede Abgabe bis zu ihrem Zeitlimit liefe (je %2 s, mit dem Start)</translation>
    </message>
</context>
<context>
    <name>sandmark::HealthModel</name>
    <message>
        <source>ok</source>
        <translation>in Ordnung</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>Before publishing</source>
        <translation>Vor der Veröffentlichung</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Einzelheiten</translation>
    </message>
    <message>
        <source>Fix</source>
        <translation>Abhilfe</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>ausstehend</translation>
    </message>
</context>
<context>
    <name>sandmark::HealthPage</name>
    <message>
        <source>Assignment health</source>
        <translation>Zustand der Aufgabe</translation>
    </message>
    <message>
        <source>Check these before publishing: an assignment that takes minutes per submission makes the deadline hour miserable, and the fix is usually in the assignment.</source>
        <translation>Prüfen Sie dies vor der Veröffentlichung: Eine Aufgabe, die pro Abgabe Minuten braucht, macht die Stunde vor der Abgabefrist zur Qual – und die Abhilfe liegt meist in der Aufgabe.</translation>
    </message>
    <message>
        <source>Unknown sandbox backend &apos;%1&apos;.</source>
        <translation>Unbekanntes Sandbox-Backend „%1“.</translation>
    </message>
    <message>
        <source>Choose bwrap or docker in Preferences.</source>
        <translation>Wählen Sie bwrap oder docker in den Einstellungen.</translation>
    </message>
    <message>
        <source>backend</source>
        <translation>Backend</translation>
    </message>
    <message>
        <source>&amp;Check Again</source>
        <translation>Erneut &amp;prüfen</translation>
    </message>
    <message>
        <source>Run the sandbox self-test again and the reference run (read from its cache when nothing changed); the imports check follows it</source>
        <translation>Führt den Sandbox-Selbsttest und den Referenzlauf erneut aus (aus dem Cache gelesen, wenn sich nichts geändert hat); die Importprüfung folgt</translation>
    </message>
    <message>
        <source>Check the assignment&apos;s health again</source>
        <translation>Den Zustand der Aufgabe erneut prüfen</translation>
    </message>
    <message>
        <source>The selected row in full</source>
        <translation>Die ausgewählte Zeile vollständig</translation>
    </message>
    <message>
        <source>Select a row to read its detail and fix in full.</source>
        <translation>Wählen Sie eine Zeile, um Einzelheiten und Abhilfe vollständig zu lesen.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (%2): %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; (%2): %3</translation>
    </message>
    <message>
        <source>Fix: %1</source>
        <translation>Abhilfe: %1</translation>
    </message>
</context>
<context>
    <name>sandmark::ImportFlagsModel</name>
    <message>
        <source>%1; settled: %2 is graded</source>
        <translation>%1; entschieden: %2 wird bewertet</translation>
    </message>
    <message>
        <source>late; %1</source>
        <translation>verspätet; %1</translation>
    </message>
    <message>
        <source>late: the LMS marked it late</source>
        <translation>verspätet: das LMS hat die Abgabe als verspätet markiert</translation>
    </message>
    <message>
        <source>%1
Double-click to choose the notebook that is graded.</source>
        <translation>%1
Doppelklicken, um das bewertete Notebook zu wählen.</translation>
    </message>
    <message>
        <source>Entry</source>
        <translation>Eintrag</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Flagged because</source>
        <translation>Markiert, weil</translation>
    </message>
    <message>
        <source>ambiguous: several notebooks in the folder</source>
        <translation>mehrdeutig: mehrere Notebooks im Ordner</translation>
    </message>
    <message>
        <source>%1; rename one folder and grade it again</source>
        <translation>%1; benennen Sie einen Ordner um und bewerten Sie ihn erneut</translation>
    </message>
</context>
<context>
    <name>sandmark::MainWindow</name>
    <message>
        <source>Submissions</source>
        <translation>Abgaben</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>Ergebnisse</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Probleme</translation>
    </message>
    <message>
        <source>Sandmark</source>
        <translation>Sandmark</translation>
    </message>
    <message>
        <source>Notebook preview</source>
        <translation>Notebook-Vorschau</translation>
    </message>
    <message>
        <source>Checks</source>
        <translation>Prüfungen</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>Daten</translation>
    </message>
    <message>
        <source>Health</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>%1 (Ctrl+%2)</source>
        <translation>%1 (Strg+%2)</translation>
    </message>
    <message>
        <source>Pages</source>
        <translation>Seiten</translation>
    </message>
    <message>
        <source>Problems of the assignment</source>
        <translation>Probleme der Aufgabe</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Open an assignment folder (Ctrl+O), drop one on this window, or create one from an instructor notebook (Ctrl+N).</source>
        <translation>Einen Aufgabenordner öffnen (Strg+O), ihn auf dieses Fenster ziehen oder eine Aufgabe aus einem Lehrenden-Notebook erstellen (Strg+N).</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Open Assignment…</source>
        <translation>Aufgabe ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open an assignment folder</source>
        <translation>Einen Aufgabenordner öffnen</translation>
    </message>
    <message>
        <source>&amp;New Assignment from Notebook…</source>
        <translation>&amp;Neue Aufgabe aus Notebook…</translation>
    </message>
    <message>
        <source>&amp;Import Otter Master Notebook…</source>
        <translation>Otter-Master-Notebook &amp;importieren…</translation>
    </message>
    <message>
        <source>Create an assignment from an Otter-Grader (Otter Assign) master notebook</source>
        <translation>Eine Aufgabe aus einem Otter-Grader-Master-Notebook (Otter Assign) erstellen</translation>
    </message>
    <message>
        <source>Importing the Otter master %1…</source>
        <translation>Otter-Master %1 wird importiert…</translation>
    </message>
    <message>
        <source>Import &amp;nbgrader Assignment…</source>
        <translation>&amp;nbgrader-Aufgabe importieren…</translation>
    </message>
    <message>
        <source>Create an assignment from an nbgrader course&apos;s source folder (AUTOTEST lines are expanded in the sandbox)</source>
        <translation>Eine Aufgabe aus dem source-Ordner eines nbgrader-Kurses erstellen (AUTOTEST-Zeilen werden in der Sandbox ausgewertet)</translation>
    </message>
    <message>
        <source>Importing the nbgrader assignment %1…</source>
        <translation>nbgrader-Aufgabe %1 wird importiert…</translation>
    </message>
    <message>
        <source>Import nbgrader Assignment (source/&lt;assignment&gt;)</source>
        <translation>nbgrader-Aufgabe importieren (source/&lt;Aufgabe&gt;)</translation>
    </message>
    <message>
        <source>Course Header</source>
        <translation>Kurskopf</translation>
    </message>
    <message>
        <source>%1 is beside the assignment folder. Use it as the course header (left out of the problem set, as nbgrader&apos;s header)?</source>
        <translation>%1 liegt neben dem Aufgabenordner. Als Kurskopf verwenden (nicht Teil der Aufgabenserie, wie der Header in nbgrader)?</translation>
    </message>
    <message>
        <source>Import Otter Master Notebook</source>
        <translation>Otter-Master-Notebook importieren</translation>
    </message>
    <message>
        <source>Folder to Create the Assignment In</source>
        <translation>Ordner, in dem die Aufgabe erstellt wird</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>Re&amp;load Assignment</source>
        <translation>Aufgabe neu &amp;laden</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>Show &amp;Injected Cells</source>
        <translation>&amp;Eingefügte Zellen anzeigen</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>&amp;Werkzeuge</translation>
    </message>
    <message>
        <source>Sandbox &amp;Self-Test</source>
        <translation>Sandbox-&amp;Selbsttest</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About Sandmark</source>
        <translation>&amp;Über Sandmark</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Haupt</translation>
    </message>
    <message>
        <source>No recent assignments</source>
        <translation>Keine zuletzt geöffneten Aufgaben</translation>
    </message>
    <message>
        <source>&amp;Clear List</source>
        <translation>Liste &amp;leeren</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>%1 wird geöffnet…</translation>
    </message>
    <message>
        <source>This assignment cannot be opened: %1</source>
        <translation>Diese Aufgabe kann nicht geöffnet werden: %1</translation>
    </message>
    <message>
        <source>%1 — Sandmark</source>
        <translation>%1 — Sandmark</translation>
    </message>
    <message>
        <source>%1: %2, %3.</source>
        <translation>%1: %2, %3.</translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n Fehler</numerusform>
            <numerusform>%n Fehler</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n Warnung</numerusform>
            <numerusform>%n Warnungen</numerusform>
        </translation>
    </message>
    <message>
        <source>Creating an assignment from %1…</source>
        <translation>Aufgabe aus %1 wird erstellt…</translation>
    </message>
    <message>
        <source>No assignment was created: %1</source>
        <translation>Es wurde keine Aufgabe erstellt: %1</translation>
    </message>
    <message>
        <source>Open Assignment Folder</source>
        <translation>Aufgabenordner öffnen</translation>
    </message>
    <message>
        <source>New Assignment from Instructor Notebook</source>
        <translation>Neue Aufgabe aus Lehrenden-Notebook</translation>
    </message>
    <message>
        <source>Jupyter notebooks (*.ipynb)</source>
        <translation>Jupyter-Notebooks (*.ipynb)</translation>
    </message>
    <message>
        <source>About Sandmark</source>
        <translation>Über Sandmark</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Sandmark %1&lt;/h3&gt;&lt;p&gt;Grades Python notebook assignments in a local sandbox.&lt;/p&gt;&lt;p&gt;Syntax highlighting: %2.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Sandmark %1&lt;/h3&gt;&lt;p&gt;Bewertet Python-Notebook-Aufgaben in einer lokalen Sandbox.&lt;/p&gt;&lt;p&gt;Syntaxhervorhebung: %2.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Check whether each sandbox backend can start on this machine</source>
        <translation>Prüfen, ob jedes Sandbox-Backend auf diesem Rechner starten kann</translation>
    </message>
    <message numerus="yes">
        <source>This assignment cannot be opened: %1 (and %n more problem(s) in the Problems panel)</source>
        <translation>
            <numerusform>Diese Aufgabe kann nicht geöffnet werden: %1 (und %n weiteres Problem im Bereich „Probleme“)</numerusform>
            <numerusform>Diese Aufgabe kann nicht geöffnet werden: %1 (und %n weitere Probleme im Bereich „Probleme“)</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>List every keyboard shortcut of the window</source>
        <translation>Alle Tastenkürzel des Fensters auflisten</translation>
    </message>
    <message>
        <source>Create an assignment from an instructor notebook: title, folder, data files, checks</source>
        <translation>Eine Aufgabe aus einem Notebook der Lehrkraft erstellen: Titel, Ordner, Datendateien, Prüfungen</translation>
    </message>
    <message>
        <source>Assignment &amp;Settings…</source>
        <translation>Auf&amp;gabeneinstellungen…</translation>
    </message>
    <message>
        <source>Edit the assignment&apos;s title, notebooks, data files, dependencies, datasets, limits and sandbox</source>
        <translation>Titel, Notebooks, Datendateien, Abhängigkeiten, Datensätze, Grenzen und Sandbox der Aufgabe bearbeiten</translation>
    </message>
    <message>
        <source>No notebook is shown.</source>
        <translation>Es wird kein Notebook angezeigt.</translation>
    </message>
    <message>
        <source>Open Notebook in &amp;Jupyter</source>
        <translation>Notebook in &amp;Jupyter öffnen</translation>
    </message>
    <message>
        <source>Open Notebook in &amp;Editor</source>
        <translation>Notebook im E&amp;ditor öffnen</translation>
    </message>
    <message>
        <source>Show Notebook in File &amp;Manager</source>
        <translation>Notebook im Datei&amp;manager zeigen</translation>
    </message>
    <message>
        <source>Open an assignment first.</source>
        <translation>Öffnen Sie zuerst eine Aufgabe.</translation>
    </message>
    <message>
        <source>%1 menu</source>
        <translation>Menü %1</translation>
    </message>
    <message>
        <source>&amp;User Guide</source>
        <translation>&amp;Benutzerhandbuch</translation>
    </message>
    <message>
        <source>Read Sandmark&apos;s documentation: the assignment format, grading, review, sandboxes</source>
        <translation>Die Dokumentation von Sandmark lesen: Aufgabenformat, Bewertung, Durchsicht, Sandboxes</translation>
    </message>
</context>
<context>
    <name>sandmark::ManualGradingPanel</name>
    <message>
        <source>This submission has no answers to grade by hand.</source>
        <translation>Diese Abgabe hat keine Antworten, die von Hand zu bewerten sind.</translation>
    </message>
    <message>
        <source>Manual grading status</source>
        <translation>Status der Bewertung von Hand</translation>
    </message>
    <message>
        <source>Answer of %1</source>
        <translation>Antwort zu %1</translation>
    </message>
    <message>
        <source>Answer:</source>
        <translation>Antwort:</translation>
    </message>
    <message>
        <source>Points for %1</source>
        <translation>Punkte für %1</translation>
    </message>
    <message>
        <source>Points:</source>
        <translation>Punkte:</translation>
    </message>
    <message>
        <source>Comment on %1</source>
        <translation>Kommentar zu %1</translation>
    </message>
    <message>
        <source>feedback for the student (optional; exported with the grade)</source>
        <translation>Rückmeldung für die Person (optional; wird mit der Note exportiert)</translation>
    </message>
    <message>
        <source>Comment:</source>
        <translation>Kommentar:</translation>
    </message>
    <message>
        <source>Save Grade</source>
        <translation>Note speichern</translation>
    </message>
    <message>
        <source>Save the grade of %1</source>
        <translation>Die Note zu %1 speichern</translation>
    </message>
    <message>
        <source>Stored in the gradebook like a manual grade imported from CSV; it survives regrades</source>
        <translation>Wird im Notenbuch gespeichert wie eine aus CSV importierte Note von Hand; sie bleibt bei Neubewertungen erhalten</translation>
    </message>
    <message>
        <source>Remove Grade</source>
        <translation>Note entfernen</translation>
    </message>
    <message>
        <source>Remove the grade of %1</source>
        <translation>Die Note zu %1 entfernen</translation>
    </message>
    <message>
        <source>The answer awaits grading by hand again</source>
        <translation>Die Antwort wartet wieder auf Bewertung von Hand</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>(no answer)</source>
        <translation>(keine Antwort)</translation>
    </message>
    <message>
        <source>awaits grading (at most %1)</source>
        <translation>wartet auf Bewertung (höchstens %1)</translation>
    </message>
    <message>
        <source>%1 (%2) — %3</source>
        <translation>%1 (%2) — %3</translation>
    </message>
    <message>
        <source>0 to %1</source>
        <translation>0 bis %1</translation>
    </message>
    <message>
        <source>graded by hand: %1</source>
        <translation>von Hand bewertet: %1</translation>
    </message>
    <message>
        <source>%1 automatically: %2</source>
        <translation>automatisch %1: %2</translation>
    </message>
</context>
<context>
    <name>sandmark::NamespaceModel</name>
    <message>
        <source>Variable</source>
        <translation>Variable</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Reference value</source>
        <translation>Referenzwert</translation>
    </message>
    <message>
        <source>Checked by</source>
        <translation>Geprüft von</translation>
    </message>
</context>
<context>
    <name>sandmark::NewAssignmentDialog</name>
    <message>
        <source>New Assignment from %1</source>
        <translation>Neue Aufgabe aus %1</translation>
    </message>
    <message>
        <source>&amp;Title:</source>
        <translation>&amp;Titel:</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Durchsuchen…</translation>
    </message>
    <message>
        <source>Assignment Folder</source>
        <translation>Aufgabenordner</translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation>&amp;Ordner:</translation>
    </message>
    <message>
        <source>&amp;Data files:</source>
        <translation>Date&amp;ndateien:</translation>
    </message>
    <message>
        <source>Ticked files beside the notebook are supplied to every run (and copied when the folder is another).</source>
        <translation>Angehakte Dateien neben dem Notebook werden jedem Lauf mitgegeben (und kopiert, wenn der Ordner ein anderer ist).</translation>
    </message>
    <message>
        <source>Turn the notebook&apos;s &amp;nbgrader cells into checks (as Import nbgrader does)</source>
        <translation>Die nbgrader-Zellen des Notebooks in Prüfungen &amp;umwandeln (wie der nbgrader-Import)</translation>
    </message>
    <message>
        <source>Reading the notebook…</source>
        <translation>Das Notebook wird gelesen…</translation>
    </message>
    <message>
        <source>&amp;Create</source>
        <translation>&amp;Erstellen</translation>
    </message>
    <message numerus="yes">
        <source>Turn the notebook&apos;s %n nbgrader cell(s) into checks (as Import nbgrader does)</source>
        <translation>
            <numerusform>Die %n nbgrader-Zelle des Notebooks in eine Prüfung umwandeln (wie der nbgrader-Import)</numerusform>
            <numerusform>Die %n nbgrader-Zellen des Notebooks in Prüfungen umwandeln (wie der nbgrader-Import)</numerusform>
        </translation>
    </message>
    <message>
        <source>The notebook has no nbgrader cells</source>
        <translation>Das Notebook hat keine nbgrader-Zellen</translation>
    </message>
    <message numerus="yes">
        <source>The notebook reads %n URL(s) that no supplied file serves; runs have no network, so these reads fail unless you add the file (Assignment Settings, Data Files):</source>
        <translation>
            <numerusform>Das Notebook liest %n URL, die keine mitgelieferte Datei bedient; Läufe haben kein Netzwerk, daher schlägt dieses Lesen fehl, bis Sie die Datei hinzufügen (Aufgabeneinstellungen, Datendateien):</numerusform>
            <numerusform>Das Notebook liest %n URLs, die keine mitgelieferte Datei bedient; Läufe haben kein Netzwerk, daher schlägt dieses Lesen fehl, bis Sie die Dateien hinzufügen (Aufgabeneinstellungen, Datendateien):</numerusform>
        </translation>
    </message>
    <message>
        <source>Turning nbgrader cells into checks copies the notebook: choose another folder.</source>
        <translation>Das Umwandeln von nbgrader-Zellen in Prüfungen kopiert das Notebook: Wählen Sie einen anderen Ordner.</translation>
    </message>
</context>
<context>
    <name>sandmark::NotebookCellDelegate</name>
    <message>
        <source>Injected by Sandmark: %1</source>
        <translation>Von Sandmark eingefügt: %1</translation>
    </message>
    <message numerus="yes">
        <source>… %n more line(s) not shown in the preview</source>
        <translation>
            <numerusform>… %n weitere Zeile wird in der Vorschau nicht gezeigt</numerusform>
            <numerusform>… %n weitere Zeilen werden in der Vorschau nicht gezeigt</numerusform>
        </translation>
    </message>
    <message>
        <source>Loading image…</source>
        <translation>Bild wird geladen…</translation>
    </message>
</context>
<context>
    <name>sandmark::NotebookCellModel</name>
    <message>
        <source>URL redirect</source>
        <translation>URL-Umleitung</translation>
    </message>
    <message>
        <source>probe</source>
        <translation>Sonde</translation>
    </message>
    <message>
        <source>test</source>
        <translation>Test</translation>
    </message>
    <message>
        <source>code</source>
        <translation>Code</translation>
    </message>
    <message>
        <source>markdown</source>
        <translation>Markdown</translation>
    </message>
    <message>
        <source>raw</source>
        <translation>Rohtext</translation>
    </message>
    <message>
        <source>cell %1 (%2): %3</source>
        <translation>Zelle %1 (%2): %3</translation>
    </message>
    <message>
        <source>injected %1 cell: %2</source>
        <translation>eingefügte %1-Zelle: %2</translation>
    </message>
    <message>
        <source>probe at the end</source>
        <translation>Sonde am Ende</translation>
    </message>
</context>
<context>
    <name>sandmark::NotebookPreview</name>
    <message>
        <source>the instrumented view needs an assignment; open one first</source>
        <translation>die instrumentierte Ansicht braucht eine Aufgabe; bitte zuerst eine öffnen</translation>
    </message>
    <message>
        <source>Open &amp;Notebook File…</source>
        <translation>&amp;Notebook-Datei öffnen…</translation>
    </message>
    <message>
        <source>Preview another notebook file</source>
        <translation>Eine andere Notebook-Datei in der Vorschau zeigen</translation>
    </message>
    <message>
        <source>Preview any notebook, for example a student&apos;s submission</source>
        <translation>Beliebiges Notebook in der Vorschau zeigen, zum Beispiel die Abgabe einer Studentin oder eines Studenten</translation>
    </message>
    <message>
        <source>Instructor</source>
        <translation>Lehrende</translation>
    </message>
    <message>
        <source>Release</source>
        <translation>Studierendenfassung</translation>
    </message>
    <message>
        <source>Instrumented</source>
        <translation>Instrumentiert</translation>
    </message>
    <message>
        <source>The instructor notebook as written, with solutions and hidden tests</source>
        <translation>Das Lehrenden-Notebook wie geschrieben, mit Lösungen und versteckten Tests</translation>
    </message>
    <message>
        <source>The student copy: solutions replaced by stubs, hidden tests removed, outputs cleared</source>
        <translation>Die Fassung für Studierende: Lösungen durch Platzhalter ersetzt, versteckte Tests entfernt, Ausgaben gelöscht</translation>
    </message>
    <message>
        <source>The notebook as the sandbox runs it, with Sandmark&apos;s injected cells</source>
        <translation>Das Notebook, wie die Sandbox es ausführt, mit den von Sandmark eingefügten Zellen</translation>
    </message>
    <message>
        <source>%1 view</source>
        <translation>Ansicht %1</translation>
    </message>
    <message>
        <source>Show injected cells</source>
        <translation>Eingefügte Zellen anzeigen</translation>
    </message>
    <message>
        <source>Show or hide the cells Sandmark injects (URL redirect, probes, tests)</source>
        <translation>Die von Sandmark eingefügten Zellen (URL-Umleitung, Sonden, Tests) zeigen oder verbergen</translation>
    </message>
    <message>
        <source>Preview status</source>
        <translation>Status der Vorschau</translation>
    </message>
    <message>
        <source>Notebook cells</source>
        <translation>Notebook-Zellen</translation>
    </message>
    <message>
        <source>No notebook shown. Open an assignment or a notebook file.</source>
        <translation>Kein Notebook angezeigt. Öffnen Sie eine Aufgabe oder eine Notebook-Datei.</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>%1 wird geladen…</translation>
    </message>
    <message>
        <source>This notebook cannot be shown: %1</source>
        <translation>Dieses Notebook kann nicht angezeigt werden: %1</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n cell(s)</source>
        <translation>
            <numerusform>%1: %n Zelle</numerusform>
            <numerusform>%1: %n Zellen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n injected by Sandmark)</source>
        <translation>
            <numerusform>(%n von Sandmark eingefügt)</numerusform>
            <numerusform>(%n von Sandmark eingefügt)</numerusform>
        </translation>
    </message>
    <message>
        <source>Preview Notebook</source>
        <translation>Notebook-Vorschau</translation>
    </message>
    <message>
        <source>Jupyter notebooks (*.ipynb)</source>
        <translation>Jupyter-Notebooks (*.ipynb)</translation>
    </message>
    <message numerus="yes">
        <source>Loading %1… %n cell(s) so far</source>
        <translation>
            <numerusform>%1 wird geladen… bisher %n Zelle</numerusform>
            <numerusform>%1 wird geladen… bisher %n Zellen</numerusform>
        </translation>
    </message>
    <message>
        <source>Notebook shown</source>
        <translation>Angezeigtes Notebook</translation>
    </message>
    <message>
        <source>As Written</source>
        <translation>Wie gespeichert</translation>
    </message>
    <message>
        <source>The file as it is on disk</source>
        <translation>Die Datei, wie sie auf dem Datenträger liegt</translation>
    </message>
    <message>
        <source>The release is made from the instructor notebooks; choose one of their tabs</source>
        <translation>Die Studierendenfassung entsteht aus den Notebooks der Lehrenden; wählen Sie einen ihrer Reiter</translation>
    </message>
    <message>
        <source>Notebooks</source>
        <translation>Notebooks</translation>
    </message>
    <message>
        <source>%1 (not one of the assignment&apos;s notebooks)</source>
        <translation>%1 (keines der Notebooks der Aufgabe)</translation>
    </message>
    <message>
        <source>The assignment&apos;s notebooks, in the order they run, then other files opened; each is shown in the view chosen</source>
        <translation>Die Notebooks der Aufgabe in der Reihenfolge, in der sie laufen, dann weitere geöffnete Dateien; jedes wird in der gewählten Ansicht gezeigt</translation>
    </message>
    <message>
        <source>the problem set&apos;s checks belong to its notebooks, and this file matches none of them by name or cell ids; show it as written</source>
        <translation>die Prüfungen des Aufgabenblatts gehören zu seinen Notebooks, und diese Datei passt weder nach Name noch nach Zell-IDs zu einem davon; zeigen Sie sie wie geschrieben</translation>
    </message>
    <message>
        <source>Instrumented with the checks of %1.</source>
        <translation>Instrumentiert mit den Prüfungen von %1.</translation>
    </message>
    <message>
        <source>Show in&amp;jected cells</source>
        <translation>&amp;Eingefügte Zellen anzeigen</translation>
    </message>
    <message>
        <source>Outputs from the reference run of %1.</source>
        <translation>Ausgaben aus dem Referenzlauf vom %1.</translation>
    </message>
    <message>
        <source>No outputs: the last reference run (%1) ran an earlier version of the assignment. Run Reference on the Checks page to see them.</source>
        <translation>Keine Ausgaben: Der letzte Referenzlauf (%1) lief mit einer früheren Fassung der Aufgabe. „Referenzlauf“ auf der Seite „Prüfungen“ zeigt sie.</translation>
    </message>
    <message>
        <source>No outputs: no reference run yet. Run Reference on the Checks page to see the instructor notebook&apos;s outputs here.</source>
        <translation>Keine Ausgaben: noch kein Referenzlauf. „Referenzlauf“ auf der Seite „Prüfungen“ zeigt hier die Ausgaben des Notebooks der Lehrenden.</translation>
    </message>
</context>
<context>
    <name>sandmark::OverrideDialog</name>
    <message>
        <source>Override Selected Submissions</source>
        <translation>Ausgewählte Abgaben korrigieren</translation>
    </message>
    <message numerus="yes">
        <source>The same override for %n selected submission(s); each keeps it through regrades. Submissions without a run are skipped.</source>
        <translation>
            <numerusform>Dieselbe Korrektur für %n ausgewählte Abgabe; sie bleibt bei Neubewertungen erhalten. Abgaben ohne Lauf werden übersprungen.</numerusform>
            <numerusform>Dieselbe Korrektur für %n ausgewählte Abgaben; jede behält sie bei Neubewertungen. Abgaben ohne Lauf werden übersprungen.</numerusform>
        </translation>
    </message>
    <message>
        <source>What the override replaces</source>
        <translation>Was die Korrektur ersetzt</translation>
    </message>
    <message>
        <source>Replaces:</source>
        <translation>Ersetzt:</translation>
    </message>
    <message>
        <source>Override points</source>
        <translation>Punkte der Korrektur</translation>
    </message>
    <message>
        <source>Points:</source>
        <translation>Punkte:</translation>
    </message>
    <message>
        <source>Override comment</source>
        <translation>Kommentar zur Korrektur</translation>
    </message>
    <message>
        <source>why the grade differs (required; kept with the override and exported)</source>
        <translation>warum die Note abweicht (Pflicht; wird mit der Korrektur gespeichert und exportiert)</translation>
    </message>
    <message>
        <source>Comment:</source>
        <translation>Kommentar:</translation>
    </message>
    <message>
        <source>&amp;Override</source>
        <translation>&amp;Korrigieren</translation>
    </message>
    <message>
        <source>the whole submission&apos;s score (%1)</source>
        <translation>die Punktzahl der ganzen Abgabe (%1)</translation>
    </message>
    <message>
        <source>check %1 (%2)</source>
        <translation>Prüfung %1 (%2)</translation>
    </message>
    <message>
        <source>0 to %1</source>
        <translation>0 bis %1</translation>
    </message>
</context>
<context>
    <name>sandmark::PreferencesDialog</name>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Runs student code without any isolation</source>
        <translation>Führt den Code der Studierenden ohne jede Isolation aus</translation>
    </message>
    <message>
        <source>Asking the keychain…</source>
        <translation>Der Schlüsselbund wird abgefragt…</translation>
    </message>
    <message>
        <source>No token is stored in the keychain. Public datasets need none.</source>
        <translation>Im Schlüsselbund ist kein Token gespeichert. Öffentliche Datensätze brauchen keines.</translation>
    </message>
    <message>
        <source>A token is stored in the keychain. Enter a new one to replace it.</source>
        <translation>Im Schlüsselbund ist ein Token gespeichert. Geben Sie ein neues ein, um es zu ersetzen.</translation>
    </message>
    <message>
        <source>HF_TOKEN is set in the environment and takes precedence.</source>
        <translation>HF_TOKEN ist in der Umgebung gesetzt und hat Vorrang.</translation>
    </message>
    <message>
        <source>Storing the token in the keychain…</source>
        <translation>Das Token wird im Schlüsselbund gespeichert…</translation>
    </message>
    <message>
        <source>Choose the Python Interpreter</source>
        <translation>Python-Interpreter auswählen</translation>
    </message>
    <message>
        <source>Choose a Folder</source>
        <translation>Ordner auswählen</translation>
    </message>
</context>
<context>
    <name>sandmark::ProblemListModel</name>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>Schweregrad</translation>
    </message>
    <message>
        <source>Field / place</source>
        <translation>Feld / Stelle</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problem</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
</context>
<context>
    <name>sandmark::RecordCellsModel</name>
    <message>
        <source>injected %1</source>
        <translation>eingefügt: %1</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Cell</source>
        <translation>Zelle</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
</context>
<context>
    <name>sandmark::ReleaseDiffView</name>
    <message>
        <source>Show &amp;unchanged cells</source>
        <translation>Unveränderte Z&amp;ellen zeigen</translation>
    </message>
    <message>
        <source>Diff summary</source>
        <translation>Zusammenfassung des Vergleichs</translation>
    </message>
    <message>
        <source>Unchanged cells show their first line only unless this is ticked</source>
        <translation>Unveränderte Zellen zeigen nur ihre erste Zeile, solange dies nicht angehakt ist</translation>
    </message>
    <message>
        <source>Cells changed from the release</source>
        <translation>Gegenüber der Studierendenfassung geänderte Zellen</translation>
    </message>
    <message numerus="yes">
        <source>%1 against its release: %n cell(s) changed</source>
        <translation>
            <numerusform>%1 gegenüber der Studierendenfassung: %n Zelle geändert</numerusform>
            <numerusform>%1 gegenüber der Studierendenfassung: %n Zellen geändert</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n answer(s) among them</source>
        <translation>
            <numerusform>davon %n Antwort</numerusform>
            <numerusform>davon %n Antworten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n added</source>
        <translation>
            <numerusform>%n hinzugefügt</numerusform>
            <numerusform>%n hinzugefügt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n deleted</source>
        <translation>
            <numerusform>%n gelöscht</numerusform>
            <numerusform>%n gelöscht</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sandmark::ResultsPage</name>
    <message>
        <source>Results</source>
        <translation>Ergebnisse</translation>
    </message>
    <message>
        <source>Results summary</source>
        <translation>Zusammenfassung der Ergebnisse</translation>
    </message>
    <message>
        <source>student, score, max, status, one column per check, override comments (UTF-8, spreadsheet-safe)</source>
        <translation>Person, Punkte, Maximum, Status, eine Spalte je Prüfung, Kommentare der Korrekturen (UTF-8, sicher für Tabellenkalkulationen)</translation>
    </message>
    <message>
        <source>Refre&amp;sh</source>
        <translation>A&amp;ktualisieren</translation>
    </message>
    <message>
        <source>Read the gradebook again</source>
        <translation>Das Notenbuch neu lesen</translation>
    </message>
    <message>
        <source>Export status</source>
        <translation>Exportstatus</translation>
    </message>
    <message>
        <source>Grade distribution</source>
        <translation>Notenverteilung</translation>
    </message>
    <message>
        <source>Pass rate per check</source>
        <translation>Bestehensquote je Prüfung</translation>
    </message>
    <message>
        <source>Grade distribution chart</source>
        <translation>Diagramm der Notenverteilung</translation>
    </message>
    <message>
        <source>Pass rate per check chart</source>
        <translation>Diagramm der Bestehensquote je Prüfung</translation>
    </message>
    <message>
        <source>No assignment open.</source>
        <translation>Keine Aufgabe geöffnet.</translation>
    </message>
    <message>
        <source>The gradebook cannot be read: %1</source>
        <translation>Das Notenbuch kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>No results yet: run submissions on the Submissions page.</source>
        <translation>Noch keine Ergebnisse: Abgaben auf der Seite „Abgaben“ ausführen.</translation>
    </message>
    <message>
        <source>Submissions</source>
        <translation>Abgaben</translation>
    </message>
    <message>
        <source>Submissions per score range (%, lower bound)</source>
        <translation>Abgaben je Punktebereich (%, Untergrenze)</translation>
    </message>
    <message>
        <source>Pass rate</source>
        <translation>Bestehensquote</translation>
    </message>
    <message>
        <source>Submissions passing each check (%)</source>
        <translation>Abgaben, die jede Prüfung bestehen (%)</translation>
    </message>
    <message>
        <source>Export Grades as CSV</source>
        <translation>Noten als CSV exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>Exporting…</source>
        <translation>Wird exportiert…</translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation>Export fehlgeschlagen: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n student(s) written to %1</source>
        <translation>
            <numerusform>%n Person nach %1 geschrieben</numerusform>
            <numerusform>%n Personen nach %1 geschrieben</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>&amp;Exportieren</translation>
    </message>
    <message>
        <source>Grades &amp;CSV…</source>
        <translation>Noten als &amp;CSV…</translation>
    </message>
    <message>
        <source>C&amp;anvas Gradebook CSV…</source>
        <translation>C&amp;anvas-Notenbuch-CSV…</translation>
    </message>
    <message>
        <source>HTML &amp;Feedback Pages…</source>
        <translation>HTML-&amp;Feedbackseiten…</translation>
    </message>
    <message>
        <source>Export the effective grades</source>
        <translation>Die gültigen Noten exportieren</translation>
    </message>
    <message>
        <source>Grades as CSV or as a Canvas gradebook import, or one HTML feedback page per student</source>
        <translation>Noten als CSV oder als Canvas-Notenbuch-Import, oder eine HTML-Feedbackseite pro Person</translation>
    </message>
    <message>
        <source>Canvas&apos;s gradebook import: one column for the assignment, the student id as Canvas&apos;s ID</source>
        <translation>Canvas-Notenbuch-Import: eine Spalte für die Aufgabe, die Personen-ID als Canvas-ID</translation>
    </message>
    <message>
        <source>One self-contained HTML page per graded submission: the executed notebook with each check&apos;s score and feedback</source>
        <translation>Eine eigenständige HTML-Seite pro bewerteter Abgabe: das ausgeführte Notebook mit Punkten und Feedback jeder Prüfung</translation>
    </message>
    <message>
        <source>Canvas Column</source>
        <translation>Canvas-Spalte</translation>
    </message>
    <message>
        <source>The Canvas assignment column the grades go into, as Canvas&apos;s gradebook export names it (e.g. &quot;HW1 (4711)&quot;):</source>
        <translation>Die Canvas-Spalte der Aufgabe, in die die Noten kommen, wie der Notenbuch-Export von Canvas sie nennt (z. B. „HW1 (4711)“):</translation>
    </message>
    <message>
        <source>Export Grades for Canvas</source>
        <translation>Noten für Canvas exportieren</translation>
    </message>
    <message>
        <source>Folder for the Feedback Pages</source>
        <translation>Ordner für die Feedbackseiten</translation>
    </message>
    <message numerus="yes">
        <source>%n feedback page(s) written to %1</source>
        <translation>
            <numerusform>%n Feedbackseite nach %1 geschrieben</numerusform>
            <numerusform>%n Feedbackseiten nach %1 geschrieben</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n with the scores only (see the tooltip)</source>
        <translation>
            <numerusform>%n nur mit den Punkten (siehe Tooltip)</numerusform>
            <numerusform>%n nur mit den Punkten (siehe Tooltip)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n submission(s) with results: %1 graded, %2 await manual grading, %3 need review, %4 grader error(s). Mean %5, median %6 (over %7 with a score).</source>
        <translation>
            <numerusform>%n Abgabe mit Ergebnis: %1 bewertet, %2 warten auf Bewertung von Hand, %3 zu prüfen, %4 Bewerterfehler. Mittelwert %5, Median %6 (über %7 mit Punktzahl).</numerusform>
            <numerusform>%n Abgaben mit Ergebnis: %1 bewertet, %2 warten auf Bewertung von Hand, %3 zu prüfen, %4 Bewerterfehler. Mittelwert %5, Median %6 (über %7 mit Punktzahl).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n left empty: a person has still to finish them (needs manual grading, or needs review and not marked reviewed); see the tooltip</source>
        <translation>
            <numerusform>%n leer gelassen: eine Person muss sie noch abschließen (Bewertung von Hand oder Durchsicht ausstehend, nicht als durchgesehen markiert); siehe Tooltip</numerusform>
            <numerusform>%n leer gelassen: eine Person muss sie noch abschließen (Bewertung von Hand oder Durchsicht ausstehend, nicht als durchgesehen markiert); siehe Tooltip</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n gradebook row(s) left out: the submission folder is gone (the grades stay in the gradebook); see the tooltip</source>
        <translation>
            <numerusform>%n Notenbuchzeile ausgelassen: ihr Abgabeordner ist nicht mehr da (die Noten bleiben im Notenbuch); siehe Tooltip</numerusform>
            <numerusform>%n Notenbuchzeilen ausgelassen: ihr Abgabeordner ist nicht mehr da (die Noten bleiben im Notenbuch); siehe Tooltip</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sandmark::RunRecord</name>
    <message>
        <source>completed</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>errors</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>cell-timeout</source>
        <translation>Zeitlimit einer Zelle</translation>
    </message>
    <message>
        <source>wall-timeout</source>
        <translation>Zeitlimit des Laufs</translation>
    </message>
    <message>
        <source>kernel-died</source>
        <translation>Kernel abgestürzt</translation>
    </message>
    <message>
        <source>interrupt-ignored</source>
        <translation>Unterbrechung ignoriert</translation>
    </message>
    <message>
        <source>kernel-start-failed</source>
        <translation>Kernelstart fehlgeschlagen</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>timeout</source>
        <translation>Zeitlimit</translation>
    </message>
    <message>
        <source>not-run</source>
        <translation>nicht ausgeführt</translation>
    </message>
    <message>
        <source>interrupted-ignored</source>
        <translation>Unterbrechung ignoriert</translation>
    </message>
    <message>
        <source>redirect</source>
        <translation>Umleitung</translation>
    </message>
    <message>
        <source>probe</source>
        <translation>Sonde</translation>
    </message>
    <message>
        <source>test</source>
        <translation>Test</translation>
    </message>
    <message>
        <source>values</source>
        <translation>Werte</translation>
    </message>
    <message>
        <source>code</source>
        <translation>Code</translation>
    </message>
    <message>
        <source>markdown</source>
        <translation>Markdown</translation>
    </message>
    <message>
        <source>raw</source>
        <translation>Rohtext</translation>
    </message>
</context>
<context>
    <name>sandmark::SandboxBackend</name>
    <message>
        <source>bubblewrap namespaces (Linux)</source>
        <translation>Bubblewrap-Namensräume (Linux)</translation>
    </message>
    <message>
        <source>NO SANDBOX (unsafe)</source>
        <translation>KEINE SANDBOX (unsicher)</translation>
    </message>
    <message>
        <source>a container per run</source>
        <translation>ein Container pro Lauf</translation>
    </message>
    <message>
        <source>a daemonless container per run, rootless as a user</source>
        <translation>ein Container pro Lauf ohne Daemon, als Benutzer ohne Root-Rechte</translation>
    </message>
</context>
<context>
    <name>sandmark::SelfTestDialog</name>
    <message>
        <source>Run &amp;Again</source>
        <translation>&amp;Erneut ausführen</translation>
    </message>
    <message>
        <source>Sandbox Self-Test</source>
        <translation>Sandbox-Selbsttest</translation>
    </message>
    <message>
        <source>Sandbox self-test results</source>
        <translation>Ergebnisse des Sandbox-Selbsttests</translation>
    </message>
    <message>
        <source>Self-test status</source>
        <translation>Status des Selbsttests</translation>
    </message>
    <message>
        <source>Run the self-test again</source>
        <translation>Den Selbsttest erneut ausführen</translation>
    </message>
    <message>
        <source>Runs a probe inside the sandbox and checks what it must isolate: no network, system folders read-only, your home and the assignment invisible, limits in force. Sandmark never falls back to another backend by itself.</source>
        <translation>Führt eine Sonde in der Sandbox aus und prüft, was sie isolieren muss: kein Netzwerk, Systemordner schreibgeschützt, Ihr Home-Ordner und die Aufgabe unsichtbar, Limits in Kraft. Sandmark weicht nie von selbst auf ein anderes Backend aus.</translation>
    </message>
    <message>
        <source>&amp;Backend:</source>
        <translation>&amp;Backend:</translation>
    </message>
    <message>
        <source>%1 (UNSAFE: no isolation)</source>
        <translation>%1 (UNSICHER: keine Isolation)</translation>
    </message>
    <message>
        <source>%1 — selected in Preferences</source>
        <translation>%1 — in den Einstellungen gewählt</translation>
    </message>
    <message>
        <source>Sandbox backend to test</source>
        <translation>Zu testendes Sandbox-Backend</translation>
    </message>
    <message>
        <source>local-unsafe runs student code without any isolation.</source>
        <translation>local-unsafe führt Code der Studierenden ganz ohne Isolation aus.</translation>
    </message>
    <message numerus="yes">
        <source>%1 passed all %n check(s): it isolates what it must.</source>
        <translation>
            <numerusform>%1 hat die %n Prüfung bestanden: es isoliert, was es muss.</numerusform>
            <numerusform>%1 hat alle %n Prüfungen bestanden: es isoliert, was es muss.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 failed %n check(s); each failed row says what to do.</source>
        <translation>
            <numerusform>%1 hat %n Prüfung nicht bestanden; die Zeile sagt, was zu tun ist.</numerusform>
            <numerusform>%1 hat %n Prüfungen nicht bestanden; jede dieser Zeilen sagt, was zu tun ist.</numerusform>
        </translation>
    </message>
    <message>
        <source>Running the probe inside %1…</source>
        <translation>Sonde läuft in %1…</translation>
    </message>
    <message>
        <source>Ca&amp;ncel</source>
        <translation>Abbre&amp;chen</translation>
    </message>
    <message>
        <source>Self-test running</source>
        <translation>Selbsttest läuft</translation>
    </message>
    <message>
        <source>Stop the running self-test</source>
        <translation>Den laufenden Selbsttest abbrechen</translation>
    </message>
    <message>
        <source>Self-test of %1 cancelled.</source>
        <translation>Selbsttest von %1 abgebrochen.</translation>
    </message>
</context>
<context>
    <name>sandmark::SelfTestModel</name>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>What to do</source>
        <translation>Was zu tun ist</translation>
    </message>
    <message>
        <source>local-unsafe isolates nothing</source>
        <translation>local-unsafe isoliert nichts</translation>
    </message>
    <message>
        <source>student code runs with your rights, your files and the network</source>
        <translation>Code der Studierenden läuft mit Ihren Rechten, Ihren Dateien und dem Netzwerk</translation>
    </message>
    <message>
        <source>Use it only for notebooks you trust; choose bwrap or docker in Preferences for submissions.</source>
        <translation>Nur für vertrauenswürdige Notebooks verwenden; für Abgaben bwrap oder docker in den Einstellungen wählen.</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>bestanden</translation>
    </message>
    <message>
        <source>FAILED</source>
        <translation>NICHT BESTANDEN</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>Observed</source>
        <translation>Beobachtet</translation>
    </message>
</context>
<context>
    <name>sandmark::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>Wo</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tasten</translation>
    </message>
</context>
<context>
    <name>sandmark::SubmissionDetail</name>
    <message>
        <source>%1: %2, no score: nothing could be graded (exported blank, never 0)</source>
        <translation>%1: %2, keine Punktzahl: nichts konnte bewertet werden (wird leer exportiert, nie als 0)</translation>
    </message>
    <message>
        <source>Grade summary</source>
        <translation>Zusammenfassung der Bewertung</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>Hinweis: %1</translation>
    </message>
    <message>
        <source>Check results</source>
        <translation>Ergebnisse der Prüfungen</translation>
    </message>
    <message>
        <source>Manual override</source>
        <translation>Manuelle Korrektur</translation>
    </message>
    <message>
        <source>Override points</source>
        <translation>Punkte der Korrektur</translation>
    </message>
    <message>
        <source>Override comment</source>
        <translation>Kommentar zur Korrektur</translation>
    </message>
    <message>
        <source>Points:</source>
        <translation>Punkte:</translation>
    </message>
    <message>
        <source>Comment:</source>
        <translation>Kommentar:</translation>
    </message>
    <message>
        <source>Checks</source>
        <translation>Prüfungen</translation>
    </message>
    <message>
        <source>Executed notebook</source>
        <translation>Ausgeführtes Notebook</translation>
    </message>
    <message>
        <source>Execution record</source>
        <translation>Ausführungsprotokoll</translation>
    </message>
    <message>
        <source>Run log</source>
        <translation>Lauf-Log</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Log</translation>
    </message>
    <message>
        <source>%1: grader error — the run failed on the grader&apos;s side; this is not a grade.</source>
        <translation>%1: Bewertungsfehler — der Lauf scheiterte auf Seiten der Bewertung; dies ist keine Note.</translation>
    </message>
    <message>
        <source>Run status: %1, %2 s</source>
        <translation>Laufstatus: %1, %2 s</translation>
    </message>
    <message>
        <source>UNSAFE: this run had no sandbox (local-unsafe).</source>
        <translation>UNSICHER: Dieser Lauf hatte keine Sandbox (local-unsafe).</translation>
    </message>
    <message>
        <source>Limit hit: %1</source>
        <translation>Grenze erreicht: %1</translation>
    </message>
    <message>
        <source>What the override replaces</source>
        <translation>Was die Korrektur ersetzt</translation>
    </message>
    <message>
        <source>why the grade differs (required; kept with the override and exported)</source>
        <translation>warum die Note abweicht (Pflicht; wird mit der Korrektur gespeichert und exportiert)</translation>
    </message>
    <message>
        <source>Apply the override</source>
        <translation>Die Korrektur anwenden</translation>
    </message>
    <message>
        <source>Override status</source>
        <translation>Status der Korrektur</translation>
    </message>
    <message>
        <source>Replaces:</source>
        <translation>Ersetzt:</translation>
    </message>
    <message>
        <source>Automatic maximum: %1</source>
        <translation>Automatisches Maximum: %1</translation>
    </message>
    <message>
        <source>the whole submission&apos;s score</source>
        <translation>die Punktzahl der ganzen Abgabe</translation>
    </message>
    <message>
        <source>check %1</source>
        <translation>Prüfung %1</translation>
    </message>
    <message>
        <source>no score</source>
        <translation>keine Punktzahl</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Override: %1</source>
        <translation>Korrektur: %1</translation>
    </message>
    <message>
        <source>Run the submission first: overrides are stored with its results in the gradebook.</source>
        <translation>Zuerst die Abgabe ausführen: Korrekturen werden mit ihren Ergebnissen im Notenbuch gespeichert.</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>Wird gespeichert…</translation>
    </message>
    <message>
        <source>Saved in the gradebook; it survives regrades.</source>
        <translation>Im Notenbuch gespeichert; bleibt bei Neubewertungen erhalten.</translation>
    </message>
    <message>
        <source>Run artifacts status</source>
        <translation>Status der Lauf-Artefakte</translation>
    </message>
    <message>
        <source>The gradebook keeps no run artifacts for this result (no sandbox ran because the submission could not be run as handed in, a grader error, or a run recorded by an older Sandmark): there is no executed notebook, record or log to show.</source>
        <translation>Das Notenbuch enthält zu diesem Ergebnis keine Lauf-Artefakte (keine Sandbox lief, weil die Abgabe so, wie sie eingereicht wurde, nicht ausgeführt werden konnte, ein Bewerterfehler oder ein Lauf, den eine ältere Sandmark-Version aufgezeichnet hat): Es gibt kein ausgeführtes Notebook, kein Protokoll und kein Log.</translation>
    </message>
    <message>
        <source>Reading the run&apos;s artifacts…</source>
        <translation>Die Artefakte des Laufs werden gelesen…</translation>
    </message>
    <message>
        <source>The run&apos;s artifacts folder %1 has since been deleted (for example by a cache cleanup). The grade stays in the gradebook; run the submission again to see its executed notebook, record and log.</source>
        <translation>Der Artefakt-Ordner %1 des Laufs wurde inzwischen gelöscht (zum Beispiel beim Aufräumen des Caches). Die Bewertung bleibt im Notenbuch; führen Sie die Abgabe erneut aus, um ihr ausgeführtes Notebook, das Ausführungsprotokoll und das Log zu sehen.</translation>
    </message>
    <message>
        <source>Executed notebook of %1</source>
        <translation>Ausgeführtes Notebook von %1</translation>
    </message>
    <message>
        <source>Executed notebook of %1, from the run of %2</source>
        <translation>Ausgeführtes Notebook von %1, aus dem Lauf vom %2</translation>
    </message>
    <message>
        <source>Re&amp;move Override</source>
        <translation>Korrektur entfe&amp;rnen</translation>
    </message>
    <message>
        <source>Remove the override</source>
        <translation>Die Korrektur entfernen</translation>
    </message>
    <message>
        <source>Remove the override of what is chosen in Replaces: the automatic points count again</source>
        <translation>Die Korrektur dessen entfernen, was unter „Ersetzt“ gewählt ist: Die automatischen Punkte zählen wieder</translation>
    </message>
    <message>
        <source>Override removed: the automatic points count again.</source>
        <translation>Korrektur entfernt: Die automatischen Punkte zählen wieder.</translation>
    </message>
    <message>
        <source>Notebook of the problem set</source>
        <translation>Notebook des Aufgabenblatts</translation>
    </message>
    <message>
        <source>The problem set&apos;s notebooks: the checks, executed notebook, record and log below are the chosen notebook&apos;s</source>
        <translation>Die Notebooks des Aufgabenblatts: Prüfungen, ausgeführtes Notebook, Protokoll und Log darunter gehören zum gewählten Notebook</translation>
    </message>
    <message>
        <source>Which file was graded for this notebook</source>
        <translation>Welche Datei für dieses Notebook bewertet wurde</translation>
    </message>
    <message>
        <source>%1 (%2 / %3)</source>
        <translation>%1 (%2 / %3)</translation>
    </message>
    <message>
        <source>%1 did not run in this run (%2): there is no executed notebook, record or log of it.</source>
        <translation>%1 lief in diesem Lauf nicht (%2): es gibt kein ausgeführtes Notebook, Ausführungsprotokoll oder Log davon.</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>nicht ausgeführt</translation>
    </message>
    <message>
        <source>Executed %1 of %2, from the run of %3</source>
        <translation>Ausgeführtes %1 von %2, aus dem Lauf vom %3</translation>
    </message>
    <message>
        <source>Executed %1 of %2</source>
        <translation>Ausgeführtes %1 von %2</translation>
    </message>
    <message>
        <source>Change…</source>
        <translation>Ändern…</translation>
    </message>
    <message>
        <source>Settle which of the student&apos;s notebooks is graded for this notebook (kept in the gradebook; Run Selected applies it)</source>
        <translation>Festlegen, welches Notebook des Studierenden für dieses Notebook bewertet wird (im Notenbuch gespeichert; „Ausgewählte ausführen“ wendet es an)</translation>
    </message>
    <message>
        <source>Grading by hand</source>
        <translation>Bewertung von Hand</translation>
    </message>
    <message>
        <source>Grade of %1 removed: the answer awaits grading by hand again.</source>
        <translation>Note zu %1 entfernt: Die Antwort wartet wieder auf Bewertung von Hand.</translation>
    </message>
    <message>
        <source>Awaiting grading by hand: %1 (enter the points in the Grading by hand tab).</source>
        <translation>Wartet auf Bewertung von Hand: %1 (die Punkte im Reiter „Bewertung von Hand“ eintragen).</translation>
    </message>
    <message>
        <source>Grade of %1 saved in the gradebook; it survives regrades.</source>
        <translation>Note zu %1 im Notenbuch gespeichert; sie bleibt bei Neubewertungen erhalten.</translation>
    </message>
    <message numerus="yes">
        <source>Grading by hand (%n open)</source>
        <translation>
            <numerusform>Bewertung von Hand (%n offen)</numerusform>
            <numerusform>Bewertung von Hand (%n offen)</numerusform>
        </translation>
    </message>
    <message>
        <source>Click a cell named in a reason or a note to see it in the executed notebook</source>
        <translation>Klicken Sie auf eine in einem Grund oder Hinweis genannte Zelle, um sie im ausgeführten Notebook zu sehen</translation>
    </message>
    <message>
        <source>The selected value check&apos;s full expected and actual values (or double-click the check)</source>
        <translation>Die vollständigen erwarteten und tatsächlichen Werte der gewählten Wertprüfung (oder Doppelklick auf die Prüfung)</translation>
    </message>
    <message>
        <source>Click a cell to see it in the executed notebook</source>
        <translation>Klicken Sie auf eine Zelle, um sie im ausgeführten Notebook zu sehen</translation>
    </message>
    <message>
        <source>Diff against the release</source>
        <translation>Vergleich mit der Studierendenfassung</translation>
    </message>
    <message>
        <source>The student&apos;s notebook against the release, cell by cell; answer cells highlighted</source>
        <translation>Das Notebook der Person gegenüber der Studierendenfassung, Zelle für Zelle; Antwortzellen hervorgehoben</translation>
    </message>
    <message>
        <source>The values cannot be shown: %1</source>
        <translation>Die Werte können nicht gezeigt werden: %1</translation>
    </message>
    <message>
        <source>No executed notebook to compare with the release.</source>
        <translation>Kein ausgeführtes Notebook zum Vergleich mit der Studierendenfassung.</translation>
    </message>
    <message>
        <source>Comparing with the release…</source>
        <translation>Vergleich mit der Studierendenfassung…</translation>
    </message>
    <message>
        <source>A&amp;pply Override</source>
        <translation>K&amp;orrektur anwenden</translation>
    </message>
    <message>
        <source>Show Valu&amp;es…</source>
        <translation>Wer&amp;te anzeigen…</translation>
    </message>
    <message>
        <source>Diff &amp;with Release</source>
        <translation>&amp;Vergleich</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>%1: %2, %3</source>
        <translation>%1: %2, %3</translation>
    </message>
    <message>
        <source>With overrides: %1 (automatic: %2).</source>
        <translation>Mit Korrekturen: %1 (automatisch: %2).</translation>
    </message>
    <message>
        <source>Show or hide the form that replaces a check&apos;s or the whole submission&apos;s points</source>
        <translation>Das Formular zeigen oder verbergen, das die Punkte einer Prüfung oder der ganzen Abgabe ersetzt</translation>
    </message>
</context>
<context>
    <name>sandmark::SubmissionsModel</name>
    <message>
        <source>No sandbox ran for this result: the submission could not be run as handed in.</source>
        <translation>Für dieses Ergebnis lief keine Sandbox: Die Abgabe konnte so, wie sie eingereicht wurde, nicht ausgeführt werden.</translation>
    </message>
    <message>
        <source>no notebook found</source>
        <translation>kein Notebook gefunden</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>nicht ausgeführt</translation>
    </message>
    <message>
        <source>Student</source>
        <translation>Studierende(r)</translation>
    </message>
    <message>
        <source>Notebook</source>
        <translation>Notebook</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Punkte</translation>
    </message>
    <message>
        <source>cannot be graded: %1</source>
        <translation>nicht bewertbar: %1</translation>
    </message>
    <message>
        <source>no notebook in the folder</source>
        <translation>kein Notebook im Ordner</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>in der Warteschlange</translation>
    </message>
    <message>
        <source>running…</source>
        <translation>läuft…</translation>
    </message>
    <message>
        <source>graded</source>
        <translation>bewertet</translation>
    </message>
    <message>
        <source>needs-manual</source>
        <translation>Bewertung von Hand offen</translation>
    </message>
    <message>
        <source>Awaiting grading by hand: %1</source>
        <translation>Wartet auf Bewertung von Hand: %1</translation>
    </message>
    <message>
        <source>needs-review</source>
        <translation>zu prüfen</translation>
    </message>
    <message>
        <source>grader-error</source>
        <translation>Bewerterfehler</translation>
    </message>
    <message>
        <source>no score</source>
        <translation>keine Punktzahl</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>* includes a manual override</source>
        <translation>* enthält eine manuelle Korrektur</translation>
    </message>
    <message>
        <source>%1 (stale)</source>
        <translation>%1 (veraltet)</translation>
    </message>
    <message>
        <source>Stale: this result was graded under other checks, reference notebook, data or limits than the assignment&apos;s current ones. Grade again to update it.</source>
        <translation>Veraltet: Dieses Ergebnis wurde mit anderen Prüfungen, einem anderen Referenz-Notebook, anderen Daten oder Grenzen bewertet als den aktuellen der Aufgabe. Erneut bewerten, um es zu aktualisieren.</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Backend</source>
        <translation>Backend</translation>
    </message>
    <message>
        <source>%1 (late)</source>
        <translation>%1 (verspätet)</translation>
    </message>
    <message>
        <source>The name in the LMS&apos;s file names; the LMS marked this submission late.</source>
        <translation>Der Name in den Dateinamen des LMS; das LMS hat diese Abgabe als verspätet markiert.</translation>
    </message>
    <message>
        <source>The name in the LMS&apos;s file names</source>
        <translation>Der Name in den Dateinamen des LMS</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>%1 ✓ reviewed</source>
        <translation>%1 ✓ durchgesehen</translation>
    </message>
    <message>
        <source>%1 (reviewed; the grade changed since)</source>
        <translation>%1 (durchgesehen; die Bewertung hat sich seither geändert)</translation>
    </message>
    <message>
        <source>unknown: the gradebook cannot be read</source>
        <translation>unbekannt: das Notenbuch kann nicht gelesen werden</translation>
    </message>
</context>
<context>
    <name>sandmark::SubmissionsPage</name>
    <message>
        <source>Submissions</source>
        <translation>Abgaben</translation>
    </message>
    <message>
        <source>&amp;Import Folder…</source>
        <translation>Ordner &amp;importieren…</translation>
    </message>
    <message>
        <source>Import a folder of submissions</source>
        <translation>Einen Ordner mit Abgaben importieren</translation>
    </message>
    <message>
        <source>Import Submissions Folder</source>
        <translation>Abgabenordner importieren</translation>
    </message>
    <message>
        <source>Run &amp;All</source>
        <translation>Alle a&amp;usführen</translation>
    </message>
    <message>
        <source>Run &amp;Selected</source>
        <translation>Aus&amp;gewählte ausführen</translation>
    </message>
    <message>
        <source>Run Faile&amp;d</source>
        <translation>&amp;Fehlgeschlagene ausführen</translation>
    </message>
    <message>
        <source>Number of submissions</source>
        <translation>Anzahl der Abgaben</translation>
    </message>
    <message>
        <source>No submissions imported. Use Import Folder….</source>
        <translation>Keine Abgaben importiert. „Ordner importieren…“ verwenden.</translation>
    </message>
    <message>
        <source>No assignment open.</source>
        <translation>Keine Aufgabe geöffnet.</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>%1 wird gelesen…</translation>
    </message>
    <message numerus="yes">
        <source>%n submission(s) in %1</source>
        <translation>
            <numerusform>%n Abgabe in %1</numerusform>
            <numerusform>%n Abgaben in %1</numerusform>
        </translation>
    </message>
    <message>
        <source>estimating the time left…</source>
        <translation>Restzeit wird geschätzt…</translation>
    </message>
    <message numerus="yes">
        <source>about %n second(s) left</source>
        <translation>
            <numerusform>noch etwa %n Sekunde</numerusform>
            <numerusform>noch etwa %n Sekunden</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>about %n minute(s) left</source>
        <translation>
            <numerusform>noch etwa %n Minute</numerusform>
            <numerusform>noch etwa %n Minuten</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>A&amp;bbrechen</translation>
    </message>
    <message>
        <source>Filter by student, status or backend</source>
        <translation>Nach Person, Status oder Backend filtern</translation>
    </message>
    <message>
        <source>Filter submissions</source>
        <translation>Abgaben filtern</translation>
    </message>
    <message>
        <source>Grade every submission; unchanged ones keep their grade</source>
        <translation>Jede Abgabe bewerten; unveränderte behalten ihre Note</translation>
    </message>
    <message>
        <source>Grade the selected submissions again</source>
        <translation>Die ausgewählten Abgaben neu bewerten</translation>
    </message>
    <message>
        <source>Grade again the submissions that need review, had a grader error or never ran</source>
        <translation>Die Abgaben neu bewerten, die zu prüfen sind, einen Bewerterfehler hatten oder nie liefen</translation>
    </message>
    <message>
        <source>Cancel the batch (results so far are kept)</source>
        <translation>Den Stapel abbrechen (bisherige Ergebnisse bleiben erhalten)</translation>
    </message>
    <message>
        <source>Batch progress</source>
        <translation>Fortschritt des Stapels</translation>
    </message>
    <message>
        <source>%v of %m</source>
        <translation>%v von %m</translation>
    </message>
    <message>
        <source>Batch status</source>
        <translation>Status des Stapels</translation>
    </message>
    <message>
        <source>Slurm status</source>
        <translation>Slurm-Status</translation>
    </message>
    <message>
        <source>Slurm status unavailable: %1</source>
        <translation>Slurm-Status nicht verfügbar: %1</translation>
    </message>
    <message>
        <source>Shard %1/%2: %3</source>
        <translation>Teil %1/%2: %3</translation>
    </message>
    <message>
        <source>Slurm: %1 of %2 graded; shards: %3 done, %4 running, %5 failed or stopped</source>
        <translation>Slurm: %1 von %2 bewertet; Teile: %3 fertig, %4 laufen, %5 fehlgeschlagen oder angehalten</translation>
    </message>
    <message>
        <source>; ETA %1:%2</source>
        <translation>; fertig in etwa %1:%2</translation>
    </message>
    <message>
        <source>Select a submission to see its result; double-click to preview its notebook</source>
        <translation>Eine Abgabe auswählen, um ihr Ergebnis zu sehen; Doppelklick zeigt ihr Notebook in der Vorschau</translation>
    </message>
    <message numerus="yes">
        <source>%n cannot be graded as handed in</source>
        <translation>
            <numerusform>%n ist so, wie abgegeben, nicht bewertbar</numerusform>
            <numerusform>%n sind so, wie abgegeben, nicht bewertbar</numerusform>
        </translation>
    </message>
    <message>
        <source>Every submission is graded.</source>
        <translation>Jede Abgabe ist bewertet.</translation>
    </message>
    <message>
        <source>Preparing: the reference run of the instructor notebook…</source>
        <translation>Vorbereitung: Referenzlauf des Notebooks der Lehrkraft…</translation>
    </message>
    <message numerus="yes">
        <source>Grading %n submission(s), %1 at once…</source>
        <translation>
            <numerusform>%n Abgabe wird bewertet, %1 gleichzeitig…</numerusform>
            <numerusform>%n Abgaben werden bewertet, %1 gleichzeitig…</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 graded; %3</source>
        <translation>%1 von %2 bewertet; %3</translation>
    </message>
    <message numerus="yes">
        <source>%n graded</source>
        <translation>
            <numerusform>%n bewertet</numerusform>
            <numerusform>%n bewertet</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n await manual grading</source>
        <translation>
            <numerusform>%n wartet auf Bewertung von Hand</numerusform>
            <numerusform>%n warten auf Bewertung von Hand</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n need review</source>
        <translation>
            <numerusform>%n zu prüfen</numerusform>
            <numerusform>%n zu prüfen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n grader error(s)</source>
        <translation>
            <numerusform>%n Bewerterfehler</numerusform>
            <numerusform>%n Bewerterfehler</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unchanged (kept)</source>
        <translation>
            <numerusform>%n unverändert (beibehalten)</numerusform>
            <numerusform>%n unverändert (beibehalten)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not run</source>
        <translation>
            <numerusform>%n nicht ausgeführt</numerusform>
            <numerusform>%n nicht ausgeführt</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled after %1 s: %2.</source>
        <translation>Nach %1 s abgebrochen: %2.</translation>
    </message>
    <message>
        <source>Done in %1 s: %2.</source>
        <translation>Fertig in %1 s: %2.</translation>
    </message>
    <message>
        <source>The batch failed: %1</source>
        <translation>Der Stapel ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
    <message>
        <source>Import &amp;Zip…</source>
        <translation>&amp;Zip importieren…</translation>
    </message>
    <message>
        <source>Import a Canvas or Moodle zip of submissions</source>
        <translation>Ein Canvas- oder Moodle-Zip mit Abgaben importieren</translation>
    </message>
    <message>
        <source>A Canvas &quot;Download Submissions&quot; or Moodle &quot;Download all submissions&quot; zip; each student gets a folder in the assignment&apos;s submissions folder</source>
        <translation>Ein Zip aus Canvas („Abgaben herunterladen“) oder Moodle („Alle Abgaben herunterladen“); jede Person erhält einen Ordner im Abgabenordner der Aufgabe</translation>
    </message>
    <message>
        <source>Import Submissions Zip</source>
        <translation>Zip mit Abgaben importieren</translation>
    </message>
    <message>
        <source>Zip archives (*.zip)</source>
        <translation>Zip-Archive (*.zip)</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>%1 wird importiert…</translation>
    </message>
    <message>
        <source>Import failed: %1</source>
        <translation>Import fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message numerus="yes">
        <source>Imported %n student(s) from %1</source>
        <translation>
            <numerusform>%n Person aus %1 importiert</numerusform>
            <numerusform>%n Personen aus %1 importiert</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Imported %n student(s)</source>
        <translation>
            <numerusform>%n Person importiert</numerusform>
            <numerusform>%n Personen importiert</numerusform>
        </translation>
    </message>
    <message>
        <source>(let the matching rule decide)</source>
        <translation>(die Zuordnungsregel entscheiden lassen)</translation>
    </message>
    <message>
        <source>Graded for %1</source>
        <translation>Bewertet für %1</translation>
    </message>
    <message>
        <source>Which notebook of %1 is graded for %2?</source>
        <translation>Welches Notebook von %1 wird für %2 bewertet?</translation>
    </message>
    <message>
        <source>%1: %2: settled match removed (the rule decides); Run Selected applies it</source>
        <translation>%1: %2: festgelegte Zuordnung entfernt (die Regel entscheidet); „Ausgewählte ausführen“ wendet es an</translation>
    </message>
    <message>
        <source>%1: %2 ← %3 settled; Run Selected applies it</source>
        <translation>%1: %2 ← %3 festgelegt; „Ausgewählte ausführen“ wendet es an</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Nächste</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>Vorherige</translation>
    </message>
    <message>
        <source>A&amp;ll submissions</source>
        <translation>A&amp;lle Abgaben</translation>
    </message>
    <message>
        <source>Review status</source>
        <translation>Stand der Durchsicht</translation>
    </message>
    <message>
        <source>Show the previous submission that awaits a person (needs review or manual grading)</source>
        <translation>Die vorherige Abgabe zeigen, die auf eine Person wartet (zu prüfen oder Bewertung von Hand offen)</translation>
    </message>
    <message>
        <source>Show the next submission that awaits a person (needs review or manual grading)</source>
        <translation>Die nächste Abgabe zeigen, die auf eine Person wartet (zu prüfen oder Bewertung von Hand offen)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Previous and Next walk every submission, not only those awaiting a person</source>
        <translation>Vorherige und Nächste gehen durch alle Abgaben, nicht nur die, die auf eine Person warten</translation>
    </message>
    <message>
        <source>No submission is listed.</source>
        <translation>Keine Abgabe aufgelistet.</translation>
    </message>
    <message>
        <source>No listed submission awaits a person.</source>
        <translation>Keine aufgelistete Abgabe wartet auf eine Person.</translation>
    </message>
    <message>
        <source>%1 is the last submission listed.</source>
        <translation>%1 ist die letzte aufgelistete Abgabe.</translation>
    </message>
    <message>
        <source>No submission after %1 awaits a person.</source>
        <translation>Nach %1 wartet keine Abgabe mehr auf eine Person.</translation>
    </message>
    <message>
        <source>%1 is the first submission listed.</source>
        <translation>%1 ist die erste aufgelistete Abgabe.</translation>
    </message>
    <message>
        <source>No submission before %1 awaits a person.</source>
        <translation>Vor %1 wartet keine Abgabe auf eine Person.</translation>
    </message>
    <message>
        <source>%1: %2 of %3</source>
        <translation>%1: %2 von %3</translation>
    </message>
    <message>
        <source>%1: %2 of %3 awaiting a person</source>
        <translation>%1: %2 von %3, die auf eine Person warten</translation>
    </message>
    <message>
        <source>&amp;Override Selected…</source>
        <translation>Ausgewählte &amp;korrigieren…</translation>
    </message>
    <message>
        <source>Give the selected submissions the same override (a score or one check&apos;s points, with a comment)</source>
        <translation>Den ausgewählten Abgaben dieselbe Korrektur geben (eine Punktzahl oder die Punkte einer Prüfung, mit Kommentar)</translation>
    </message>
    <message>
        <source>Override the selected submissions</source>
        <translation>Die ausgewählten Abgaben korrigieren</translation>
    </message>
    <message numerus="yes">
        <source>Saving the override of %n submission(s)…</source>
        <translation>
            <numerusform>Die Korrektur von %n Abgabe wird gespeichert…</numerusform>
            <numerusform>Die Korrektur von %n Abgaben wird gespeichert…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Override saved for %n submission(s).</source>
        <translation>
            <numerusform>Korrektur für %n Abgabe gespeichert.</numerusform>
            <numerusform>Korrektur für %n Abgaben gespeichert.</numerusform>
        </translation>
    </message>
    <message>
        <source>Skipped (no graded run to override): %1.</source>
        <translation>Übersprungen (kein bewerteter Lauf zum Korrigieren): %1.</translation>
    </message>
    <message>
        <source>Copies a folder&apos;s submissions into the assignment&apos;s submissions folder: one notebook or sub-folder per student, or a Canvas or Moodle export unpacked into a folder</source>
        <translation>Kopiert die Abgaben eines Ordners in den Abgabenordner der Aufgabe: ein Notebook oder Unterordner pro Person, oder ein in einen Ordner entpackter Canvas- oder Moodle-Export</translation>
    </message>
    <message>
        <source>Choose which of the selected student&apos;s notebooks is graded (as sandmark-cli match)</source>
        <translation>Wählen, welches Notebook der ausgewählten Person bewertet wird (wie sandmark-cli match)</translation>
    </message>
    <message>
        <source>Entries flagged by the import</source>
        <translation>Vom Import markierte Einträge</translation>
    </message>
    <message numerus="yes">
        <source>%n entry(ies) flagged</source>
        <translation>
            <numerusform>%n Eintrag markiert</numerusform>
            <numerusform>%n Einträge markiert</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n entry(ies) flagged by the import</source>
        <translation>
            <numerusform>%n Eintrag vom Import markiert</numerusform>
            <numerusform>%n Einträge vom Import markiert</numerusform>
        </translation>
    </message>
    <message>
        <source>The import&apos;s record cannot be read: %1</source>
        <translation>Die Aufzeichnung des Imports kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Choose &amp;Notebook…</source>
        <translation>&amp;Notebook wählen…</translation>
    </message>
    <message>
        <source>Import when the batch has ended (or cancel it).</source>
        <translation>Erst importieren, wenn der Stapel beendet ist (oder ihn abbrechen).</translation>
    </message>
    <message>
        <source>Mark Re&amp;viewed</source>
        <translation>Als durchgese&amp;hen markieren</translation>
    </message>
    <message>
        <source>Mark the selected submissions reviewed: you looked at the grade; Next passes over them while it stands (again: remove the marks) (%1)</source>
        <translation>Die ausgewählten Abgaben als durchgesehen markieren: Sie haben die Bewertung angesehen; Weiter überspringt sie, solange sie gilt (erneut: Markierungen entfernen) (%1)</translation>
    </message>
    <message>
        <source>Mark the selected submissions reviewed</source>
        <translation>Die ausgewählten Abgaben als durchgesehen markieren</translation>
    </message>
    <message numerus="yes">
        <source>%n submission(s) marked reviewed.</source>
        <translation>
            <numerusform>%n Abgabe als durchgesehen markiert.</numerusform>
            <numerusform>%n Abgaben als durchgesehen markiert.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Review mark removed from %n submission(s).</source>
        <translation>
            <numerusform>Markierung „durchgesehen“ von %n Abgabe entfernt.</numerusform>
            <numerusform>Markierung „durchgesehen“ von %n Abgaben entfernt.</numerusform>
        </translation>
    </message>
    <message>
        <source>The gradebook cannot be read: %1</source>
        <translation>Das Notenbuch kann nicht gelesen werden: %1</translation>
    </message>
    <message numerus="yes">
        <source>Filter: %1 of %n shown.</source>
        <translation>
            <numerusform>Filter: %1 von %n angezeigt.</numerusform>
            <numerusform>Filter: %1 von %n angezeigt.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n folder(s) whose names look like another&apos;s</source>
        <translation>
            <numerusform>%n Ordner, dessen Name wie ein anderer aussieht</numerusform>
            <numerusform>%n Ordner, deren Namen wie andere aussehen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n submission(s)</source>
        <translation>
            <numerusform>%n Abgabe</numerusform>
            <numerusform>%n Abgaben</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sandmark::UserGuideDialog</name>
    <message>
        <source>Sandmark User Guide</source>
        <translation>Sandmark-Benutzerhandbuch</translation>
    </message>
    <message>
        <source>&amp;Back</source>
        <translation>&amp;Zurück</translation>
    </message>
    <message>
        <source>&amp;Forward</source>
        <translation>&amp;Vorwärts</translation>
    </message>
    <message>
        <source>C&amp;ontents</source>
        <translation>&amp;Inhalt</translation>
    </message>
    <message>
        <source>User guide</source>
        <translation>Benutzerhandbuch</translation>
    </message>
    <message>
        <source>The user guide is not installed here: %1 does not exist. The same documents are in the docs folder of Sandmark&apos;s source.</source>
        <translation>Das Benutzerhandbuch ist hier nicht installiert: %1 existiert nicht. Dieselben Dokumente liegen im Ordner docs der Quellen von Sandmark.</translation>
    </message>
</context>
<context>
    <name>sandmark::ValuesDialog</name>
    <message>
        <source>Values of check %1 — %2</source>
        <translation>Werte der Prüfung %1 — %2</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>bestanden</translation>
    </message>
    <message>
        <source>fail</source>
        <translation>nicht bestanden</translation>
    </message>
    <message>
        <source>not graded</source>
        <translation>nicht bewertet</translation>
    </message>
    <message>
        <source>`%1` at probe &apos;%2&apos;: %3</source>
        <translation>`%1` an der Sonde &apos;%2&apos;: %3</translation>
    </message>
    <message numerus="yes">
        <source>Cells the comparator finds different (with this check&apos;s tolerances) are marked: %n in the student&apos;s value.</source>
        <translation>
            <numerusform>Zellen, die der Vergleich (mit den Toleranzen dieser Prüfung) als verschieden ansieht, sind markiert: %n im Wert der Person.</numerusform>
            <numerusform>Zellen, die der Vergleich (mit den Toleranzen dieser Prüfung) als verschieden ansieht, sind markiert: %n im Wert der Person.</numerusform>
        </translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Urteil</translation>
    </message>
    <message>
        <source>Expected (reference): %1</source>
        <translation>Erwartet (Referenz): %1</translation>
    </message>
    <message>
        <source>Actual (student): %1</source>
        <translation>Tatsächlich (Person): %1</translation>
    </message>
    <message>
        <source>Actual (student): not defined</source>
        <translation>Tatsächlich (Person): nicht definiert</translation>
    </message>
</context>
</TS>
