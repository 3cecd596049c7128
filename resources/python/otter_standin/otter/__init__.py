"""Sandmark's offline stand-in for Otter-Grader's student API (``import otter``; ``otter.Notebook``).

Put on the kernel's path by Sandmark's runner for assignments imported from Otter (docs/otter.md). A student's
notebook calls ``grader = otter.Notebook(...)``, ``grader.check("q1")``, ``grader.check_all()``,
``grader.export(...)`` and ``grader.to_pdf(...)`` as it would under Otter; here each call prints one short note
and returns, and never raises: Sandmark runs the course's tests itself (as test checks, after the question's
cells) and grades from their signed verdicts, so nothing these calls do or return counts. No network, no files
written, no real Otter needed in the environment.
"""

__version__ = "sandmark-standin"

_NOTE = "Sandmark: %s — Otter's checks run when Sandmark grades this notebook (nothing is checked here)."


class _Result:
    """What ``grader.check`` returns: shown as the note; the grade is Sandmark's."""

    def __init__(self, text):
        self._text = text

    def __repr__(self):
        return self._text

    def _repr_html_(self):
        return "<p>%s</p>" % self._text.replace("&", "&amp;").replace("<", "&lt;")


class Notebook:
    """Stand-in for ``otter.Notebook``: takes Otter's arguments and ignores them."""

    def __init__(self, nb_path=None, tests_dir="./tests", tests_url_prefix=None, colab=None, jupyterlite=None,
                 **kwargs):
        self._nb_path = nb_path

    def check(self, question, global_env=None):
        return _Result(_NOTE % ("grader.check(%r)" % (question,)))

    def check_all(self):
        return _Result(_NOTE % "grader.check_all()")

    def export(self, *args, **kwargs):
        print("Sandmark: grader.export() — the notebook itself is what Sandmark grades; no zip is written.")

    def to_pdf(self, *args, **kwargs):
        print("Sandmark: grader.to_pdf() — no PDF is written when Sandmark grades.")

    def submit(self, *args, **kwargs):
        print("Sandmark: grader.submit() — nothing is sent when Sandmark grades.")

    def run_plugin(self, *args, **kwargs):
        print("Sandmark: grader.run_plugin() — plugins do not run when Sandmark grades.")

    def add_plugin_files(self, *args, **kwargs):
        pass

    def __getattr__(self, name):
        # Any other method of otter.Notebook: a no-op with the note, never an AttributeError in a student cell.
        if name.startswith("__"):
            raise AttributeError(name)

        def call(*args, **kwargs):
            print("Sandmark: grader.%s() — not needed when Sandmark grades." % name)
        return call
