"""The kernel the runner starts: ipykernel's IPython kernel, with an interrupt that only ever stops code.

ipykernel installs Python's default SIGINT handler (raise KeyboardInterrupt) for the whole time it handles a
shell message, not only while the cell's code runs. An interrupt that arrives at the edges of that time — after
the cell's code and its user expressions have finished, while ipykernel sends the reply or restores its
handler — raises KeyboardInterrupt in ipykernel's own message loop, which ends the event loop, and the kernel
exits with status 0: the namespace is lost and the run needs review, for a cell that had finished in time. A
per-cell deadline falls there often (the runner interrupts when the deadline passes, whatever the kernel is
doing at that instant).

Here the handler raises KeyboardInterrupt only while IPython runs the notebook's code or evaluates user
expressions (InteractiveShell.run_code / user_expressions are on the stack: both catch it and report it as the
cell's error); elsewhere the interrupt is dropped, as ipykernel drops it between messages. Student code that
installs its own SIGINT handler is unaffected: the runner escalates an ignored interrupt to a kill.

Launched as ``python sandmark_kernel.py -f CONNECTION_FILE [ipykernel options]``, like ipykernel_launcher.
"""
import os
import signal
import sys

# The frames, in IPython's InteractiveShell, inside which an interrupt stops the notebook's code.
_STOPPABLE = frozenset(("run_code", "user_expressions"))
_SHELL_FILE = os.sep + "interactiveshell.py"


def _running_code(frame):
    while frame is not None:
        code = frame.f_code
        if code.co_name in _STOPPABLE and code.co_filename.endswith(_SHELL_FILE):
            return True
        frame = frame.f_back
    return False


def _interrupt(signum, frame):
    if _running_code(frame):
        raise KeyboardInterrupt


def main():
    # As ipykernel_launcher: the script's own folder is not on the kernel's path (IPython puts the working
    # folder back, as it does for any kernel).
    if sys.path and os.path.abspath(sys.path[0] or ".") == os.path.dirname(os.path.abspath(__file__)):
        del sys.path[0]
    # ipykernel's debugger (debugpy) and IPython's completion engine (jedi) stay unloaded: nobody debugs or completes
    # in a graded run, and they are about a third of the kernel's start-up. Hidden only while ipykernel loads (it
    # then runs without them, as where they are not installed), so the notebook's own `import debugpy` works.
    hidden = [m for m in ("debugpy", "jedi") if m not in sys.modules]
    sys.modules.update(dict.fromkeys(hidden))
    try:
        from ipykernel.ipkernel import IPythonKernel
        from ipykernel.kernelapp import IPKernelApp
    finally:
        for m in hidden:
            if sys.modules.get(m, 0) is None:
                del sys.modules[m]

    class SandmarkKernel(IPythonKernel):
        def pre_handler_hook(self):
            self.saved_sigint_handler = signal.signal(signal.SIGINT, _interrupt)

    IPKernelApp.launch_instance(kernel_class=SandmarkKernel)


if __name__ == "__main__":
    main()
