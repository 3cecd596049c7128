"""Otter's seed, applied the way ``otter grade`` applies it (Otter's GradingPreprocessor.add_seeds): before every
code cell that does not start with ``%%``, ``numpy.random.seed(SEED)`` and ``random.seed(SEED)`` — or, when the
assignment names a seed variable, ``VARIABLE = SEED`` in the cell's namespace. Loaded by the kernel at start
(the runner's ``exec_lines``) when SANDMARK_OTTER_SEED is set; docs/otter.md.
"""

import os as _os


def _install():
    seed_text = _os.environ.get("SANDMARK_OTTER_SEED", "")
    if not seed_text:
        return
    seed = int(seed_text)
    variable = _os.environ.get("SANDMARK_OTTER_SEED_VARIABLE", "")
    from IPython import get_ipython
    ip = get_ipython()
    if ip is None:
        return

    def before(info):
        if (getattr(info, "raw_cell", "") or "").startswith("%%"):
            return
        if variable:
            ip.user_ns[variable] = seed
            return
        import random
        random.seed(seed)
        try:
            import numpy
        except ImportError:  # Otter would fail here; without numpy there is nothing of numpy's to seed
            return
        numpy.random.seed(seed)

    ip.events.register("pre_run_cell", before)


_install()
