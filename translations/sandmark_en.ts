<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>sandmark::AddValueCheckDialog</name>
    <message numerus="yes">
        <source>%n variable(s) in the reference run.</source>
        <translation>
            <numerusform>%n variable in the reference run.</numerusform>
            <numerusform>%n variables in the reference run.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n variable(s) from the cached reference run.</source>
        <translation>
            <numerusform>%n variable from the cached reference run.</numerusform>
            <numerusform>%n variables from the cached reference run.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n variable(s) from a fresh reference run.</source>
        <translation>
            <numerusform>%n variable from a fresh reference run.</numerusform>
            <numerusform>%n variables from a fresh reference run.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n more not listed.</source>
        <translation>
            <numerusform>%n more not listed.</numerusform>
            <numerusform>%n more not listed.</numerusform>
        </translation>
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
… (%n character not shown) …
</numerusform>
            <numerusform>
… (%n characters not shown) …
</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sandmark::ChecksModel</name>
    <message numerus="yes">
        <source>%Ln point(s)</source>
        <translation>
            <numerusform>%Ln point</numerusform>
            <numerusform>%Ln points</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %Ln point(s)</source>
        <comment>earned points of the most there are</comment>
        <translation>
            <numerusform>%1 of %Ln point</numerusform>
            <numerusform>%1 of %Ln points</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sandmark::ChecksPage</name>
    <message numerus="yes">
        <source>%n check(s), %1 in total</source>
        <translation>
            <numerusform>%n check, %1 in total</numerusform>
            <numerusform>%n checks, %1 in total</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n would run again.</source>
        <translation>
            <numerusform>%n would run again.</numerusform>
            <numerusform>%n would run again.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n regraded from stored values without running</source>
        <translation>
            <numerusform>%n regraded from stored values without running</numerusform>
            <numerusform>%n regraded from stored values without running</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n grade(s) change),</source>
        <translation>
            <numerusform>(%n grade changes),</numerusform>
            <numerusform>(%n grades change),</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Grades with these checks: mean %1, median %2 over %n submission(s) with a score (now: mean %3).</source>
        <translation>
            <numerusform>Grades with these checks: mean %1, median %2 over %n submission with a score (now: mean %3).</numerusform>
            <numerusform>Grades with these checks: mean %1, median %2 over %n submissions with a score (now: mean %3).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cannot run (recorded as needs review or grader error),</source>
        <translation>
            <numerusform>%n cannot run (recorded as needs review or grader error),</numerusform>
            <numerusform>%n cannot run (recorded as needs review or grader error),</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sandmark::DataPage</name>
    <message numerus="yes">
        <source>%n file(s), %1 in total</source>
        <translation>
            <numerusform>%n file, %1 in total</numerusform>
            <numerusform>%n files, %1 in total</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n dataset call(s) found</source>
        <translation>
            <numerusform>%n dataset call found</numerusform>
            <numerusform>%n dataset calls found</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n with computed arguments: list their files with Add…</source>
        <translation>
            <numerusform>%n with computed arguments: list their files with Add…</numerusform>
            <numerusform>%n with computed arguments: list their files with Add…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sandmark::Health</name>
    <message numerus="yes">
        <source>%1 passed all %n check(s) of the self-test.</source>
        <translation>
            <numerusform>%1 passed all %n check of the self-test.</numerusform>
            <numerusform>%1 passed all %n checks of the self-test.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n error</numerusform>
            <numerusform>%n errors</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n warning</numerusform>
            <numerusform>%n warnings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n check(s), %1 points in total</source>
        <translation>
            <numerusform>%n check, %1 points in total</numerusform>
            <numerusform>%n checks, %1 points in total</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n fail(s) on the instructor notebook: </source>
        <translation>
            <numerusform>%n fail on the instructor notebook: </numerusform>
            <numerusform>%n fails on the instructor notebook: </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s), %1 in total</source>
        <translation>
            <numerusform>%n file, %1 in total</numerusform>
            <numerusform>%n files, %1 in total</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of %1 file(s) missing from the cache</source>
        <translation>
            <numerusform>%n of %1 files missing from the cache</numerusform>
            <numerusform>%n of %1 files missing from the cache</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All %n file(s) in the cache</source>
        <translation>
            <numerusform>All %n file in the cache</numerusform>
            <numerusform>All %n files in the cache</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the reference run&apos;s slowest notebook, %1, used %2 s (%3 % of the run limit, which holds each notebook); its %n notebook(s) together used %4 s (%5 % of the problem set&apos;s limit of %6 s)</source>
        <translation>
            <numerusform>the reference run&apos;s slowest notebook, %1, used %2 s (%3 % of the run limit, which holds each notebook); its %n notebook together used %4 s (%5 % of the problem set&apos;s limit of %6 s)</numerusform>
            <numerusform>the reference run&apos;s slowest notebook, %1, used %2 s (%3 % of the run limit, which holds each notebook); its %n notebooks together used %4 s (%5 % of the problem set&apos;s limit of %6 s)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Ready; the notebook&apos;s %n import(s) start under the limits, taking %1 of the %2 of address space.</source>
        <translation>
            <numerusform>Ready; the notebook&apos;s %n import starts under the limits, taking %1 of the %2 of address space.</numerusform>
            <numerusform>Ready; the notebook&apos;s %n imports start under the limits, taking %1 of the %2 of address space.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Ready; the notebook&apos;s %n import(s) start under the limits.</source>
        <translation>
            <numerusform>Ready; the notebook&apos;s %n import starts under the limits.</numerusform>
            <numerusform>Ready; the notebook&apos;s %n imports start under the limits.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n sandbox(es) at once</source>
        <translation>
            <numerusform>%n sandbox at once</numerusform>
            <numerusform>%n sandboxes at once</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 s per submission (%2); %n submission(s) take about %3 min with %4 at once</source>
        <translation>
            <numerusform>%1 s per submission (%2); %n submission takes about %3 min with %4 at once</numerusform>
            <numerusform>%1 s per submission (%2); %n submissions take about %3 min with %4 at once</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the reference run of its %n notebook(s): %1</source>
        <translation>
            <numerusform>the reference run of its %n notebook: %1</numerusform>
            <numerusform>the reference run of its %n notebooks: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>at least %1 s per submission (%2); %n submission(s) take at least %3 min with %4 at once</source>
        <translation>
            <numerusform>at least %1 s per submission (%2); %n submission takes at least %3 min with %4 at once</numerusform>
            <numerusform>at least %1 s per submission (%2); %n submissions take at least %3 min with %4 at once</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sandmark::MainWindow</name>
    <message numerus="yes">
        <source>This assignment cannot be opened: %1 (and %n more problem(s) in the Problems panel)</source>
        <translation>
            <numerusform>This assignment cannot be opened: %1 (and %n more problem in the Problems panel)</numerusform>
            <numerusform>This assignment cannot be opened: %1 (and %n more problems in the Problems panel)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n error</numerusform>
            <numerusform>%n errors</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n warning</numerusform>
            <numerusform>%n warnings</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sandmark::NewAssignmentDialog</name>
    <message numerus="yes">
        <source>Turn the notebook&apos;s %n nbgrader cell(s) into checks (as Import nbgrader does)</source>
        <translation>
            <numerusform>Turn the notebook&apos;s %n nbgrader cell into a check (as Import nbgrader does)</numerusform>
            <numerusform>Turn the notebook&apos;s %n nbgrader cells into checks (as Import nbgrader does)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The notebook reads %n URL(s) that no supplied file serves; runs have no network, so these reads fail unless you add the file (Assignment Settings, Data Files):</source>
        <translation>
            <numerusform>The notebook reads %n URL that no supplied file serves; runs have no network, so this read fails unless you add the file (Assignment Settings, Data Files):</numerusform>
            <numerusform>The notebook reads %n URLs that no supplied file serves; runs have no network, so these reads fail unless you add the files (Assignment Settings, Data Files):</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sandmark::NotebookCellDelegate</name>
    <message numerus="yes">
        <source>… %n more line(s) not shown in the preview</source>
        <translation>
            <numerusform>… %n more line not shown in the preview</numerusform>
            <numerusform>… %n more lines not shown in the preview</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sandmark::NotebookPreview</name>
    <message numerus="yes">
        <source>Loading %1… %n cell(s) so far</source>
        <translation>
            <numerusform>Loading %1… %n cell so far</numerusform>
            <numerusform>Loading %1… %n cells so far</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n cell(s)</source>
        <translation>
            <numerusform>%1: %n cell</numerusform>
            <numerusform>%1: %n cells</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n injected by Sandmark)</source>
        <translation>
            <numerusform>(%n injected by Sandmark)</numerusform>
            <numerusform>(%n injected by Sandmark)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sandmark::OverrideDialog</name>
    <message numerus="yes">
        <source>The same override for %n selected submission(s); each keeps it through regrades. Submissions without a run are skipped.</source>
        <translation>
            <numerusform>An override for %n selected submission, kept through regrades. Submissions without a run are skipped.</numerusform>
            <numerusform>The same override for %n selected submissions; each keeps it through regrades. Submissions without a run are skipped.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sandmark::ReleaseDiffView</name>
    <message numerus="yes">
        <source>%1 against its release: %n cell(s) changed</source>
        <translation>
            <numerusform>%1 against its release: %n cell changed</numerusform>
            <numerusform>%1 against its release: %n cells changed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n answer(s) among them</source>
        <translation>
            <numerusform>%n answer among them</numerusform>
            <numerusform>%n answers among them</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n added</source>
        <translation>
            <numerusform>%n added</numerusform>
            <numerusform>%n added</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n deleted</source>
        <translation>
            <numerusform>%n deleted</numerusform>
            <numerusform>%n deleted</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sandmark::ResultsPage</name>
    <message numerus="yes">
        <source>%n student(s) written to %1</source>
        <translation>
            <numerusform>%n student written to %1</numerusform>
            <numerusform>%n students written to %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n feedback page(s) written to %1</source>
        <translation>
            <numerusform>%n feedback page written to %1</numerusform>
            <numerusform>%n feedback pages written to %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n with the scores only (see the tooltip)</source>
        <translation>
            <numerusform>%n with the scores only (see the tooltip)</numerusform>
            <numerusform>%n with the scores only (see the tooltip)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n submission(s) with results: %1 graded, %2 await manual grading, %3 need review, %4 grader error(s). Mean %5, median %6 (over %7 with a score).</source>
        <translation>
            <numerusform>%n submission with results: %1 graded, %2 await manual grading, %3 need review, %4 grader error(s). Mean %5, median %6 (over %7 with a score).</numerusform>
            <numerusform>%n submissions with results: %1 graded, %2 await manual grading, %3 need review, %4 grader error(s). Mean %5, median %6 (over %7 with a score).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n left empty: a person has still to finish them (needs manual grading, or needs review and not marked reviewed); see the tooltip</source>
        <translation>
            <numerusform>%n left empty: a person has still to finish it (needs manual grading, or needs review and not marked reviewed); see the tooltip</numerusform>
            <numerusform>%n left empty: a person has still to finish them (needs manual grading, or needs review and not marked reviewed); see the tooltip</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n gradebook row(s) left out: the submission folder is gone (the grades stay in the gradebook); see the tooltip</source>
        <translation>
            <numerusform>%n gradebook row left out: its submission folder is gone (the grades stay in the gradebook); see the tooltip</numerusform>
            <numerusform>%n gradebook rows left out: their submission folder is gone (the grades stay in the gradebook); see the tooltip</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sandmark::SelfTestDialog</name>
    <message numerus="yes">
        <source>%1 passed all %n check(s): it isolates what it must.</source>
        <translation>
            <numerusform>%1 passed all %n check: it isolates what it must.</numerusform>
            <numerusform>%1 passed all %n checks: it isolates what it must.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 failed %n check(s); each failed row says what to do.</source>
        <translation>
            <numerusform>%1 failed %n check; each failed row says what to do.</numerusform>
            <numerusform>%1 failed %n checks; each failed row says what to do.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sandmark::SubmissionDetail</name>
    <message numerus="yes">
        <source>Grading by hand (%n open)</source>
        <translation>
            <numerusform>Grading by hand (%n open)</numerusform>
            <numerusform>Grading by hand (%n open)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sandmark::SubmissionsPage</name>
    <message numerus="yes">
        <source>about %n second(s) left</source>
        <translation>
            <numerusform>about %n second left</numerusform>
            <numerusform>about %n seconds left</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>about %n minute(s) left</source>
        <translation>
            <numerusform>about %n minute left</numerusform>
            <numerusform>about %n minutes left</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n submission(s) in %1</source>
        <translation>
            <numerusform>%n submission in %1</numerusform>
            <numerusform>%n submissions in %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cannot be graded as handed in</source>
        <translation>
            <numerusform>%n cannot be graded as handed in</numerusform>
            <numerusform>%n cannot be graded as handed in</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Imported %n student(s) from %1</source>
        <translation>
            <numerusform>Imported %n student from %1</numerusform>
            <numerusform>Imported %n students from %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Imported %n student(s)</source>
        <translation>
            <numerusform>Imported %n student</numerusform>
            <numerusform>Imported %n students</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Grading %n submission(s), %1 at once…</source>
        <translation>
            <numerusform>Grading %n submission, %1 at once…</numerusform>
            <numerusform>Grading %n submissions, %1 at once…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n graded</source>
        <translation>
            <numerusform>%n graded</numerusform>
            <numerusform>%n graded</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n await manual grading</source>
        <translation>
            <numerusform>%n awaits manual grading</numerusform>
            <numerusform>%n await manual grading</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n need review</source>
        <translation>
            <numerusform>%n needs review</numerusform>
            <numerusform>%n need review</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n grader error(s)</source>
        <translation>
            <numerusform>%n grader error</numerusform>
            <numerusform>%n grader errors</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unchanged (kept)</source>
        <translation>
            <numerusform>%n unchanged (kept)</numerusform>
            <numerusform>%n unchanged (kept)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not run</source>
        <translation>
            <numerusform>%n not run</numerusform>
            <numerusform>%n not run</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Saving the override of %n submission(s)…</source>
        <translation>
            <numerusform>Saving the override of %n submission…</numerusform>
            <numerusform>Saving the override of %n submissions…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Override saved for %n submission(s).</source>
        <translation>
            <numerusform>Override saved for %n submission.</numerusform>
            <numerusform>Override saved for %n submissions.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n entry(ies) flagged</source>
        <translation>
            <numerusform>%n entry flagged</numerusform>
            <numerusform>%n entries flagged</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n folder(s) whose names look like another&apos;s</source>
        <translation>
            <numerusform>%n folder whose name looks like another&apos;s</numerusform>
            <numerusform>%n folders whose names look like another&apos;s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n entry(ies) flagged by the import</source>
        <translation>
            <numerusform>%n entry flagged by the import</numerusform>
            <numerusform>%n entries flagged by the import</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n submission(s) marked reviewed.</source>
        <translation>
            <numerusform>%n submission marked reviewed.</numerusform>
            <numerusform>%n submissions marked reviewed.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Review mark removed from %n submission(s).</source>
        <translation>
            <numerusform>Review mark removed from %n submission.</numerusform>
            <numerusform>Review mark removed from %n submissions.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Filter: %1 of %n shown.</source>
        <translation>
            <numerusform>Filter: %1 of %n shown.</numerusform>
            <numerusform>Filter: %1 of %n shown.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n submission(s)</source>
        <translation>
            <numerusform>%n submission</numerusform>
            <numerusform>%n submissions</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sandmark::ValuesDialog</name>
    <message numerus="yes">
        <source>Cells the comparator finds different (with this check&apos;s tolerances) are marked: %n in the student&apos;s value.</source>
        <translation>
            <numerusform>Cells the comparator finds different (with this check&apos;s tolerances) are marked: %n in the student&apos;s value.</numerusform>
            <numerusform>Cells the comparator finds different (with this check&apos;s tolerances) are marked: %n in the student&apos;s value.</numerusform>
        </translation>
    </message>
</context>
</TS>
