"""`python -m sluice VERB ...`: Sluice's command-line tools from the package.

    python -m sluice compile ARGS...     sluicec: lift, export .tflite, compile
    python -m sluice run ARGS...         sluice-run: run, --compare engines
    python -m sluice translate ARGS...   sluice-translate: the importers alone
    python -m sluice opt ARGS...         sluice-opt: Sluice's passes

(`sluice VERB ...` is the same, as a command pip installs.)
Each verb runs the tool of that name that comes with the package (its bin/
directory in an installed wheel, the build tree's bin/ for
PYTHONPATH=build/python) with the remaining arguments; `VERB --help` lists
its options.
"""
import os
import sys

VERBS = {"compile": "sluicec", "run": "sluice-run",
         "translate": "sluice-translate", "opt": "sluice-opt"}


def tool_path(tool):
    """The tool next to the package (wheel) or in the build tree, or None."""
    here = os.path.dirname(os.path.abspath(__file__))
    for directory in (os.path.join(here, "bin"),
                      os.path.join(here, "..", "..", "bin")):
        path = os.path.normpath(os.path.join(directory, tool))
        if os.access(path, os.X_OK):
            return path
    return None


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        sys.stdout.write(__doc__)
        return 0 if argv else 2
    verb, arguments = argv[0], argv[1:]
    if verb not in VERBS:
        sys.stderr.write(f"python -m sluice: unknown verb '{verb}' "
                         f"(verbs: {', '.join(VERBS)})\n")
        return 2
    path = tool_path(VERBS[verb])
    if path is None:
        sys.stderr.write(f"python -m sluice: {VERBS[verb]} is not installed "
                         "with this package\n")
        return 1
    sys.stdout.flush()
    os.execv(path, [VERBS[verb]] + arguments)


def console_main():
    """The `sluice` command a pip install adds: `sluice VERB ...`."""
    sys.exit(main(sys.argv[1:]))


if __name__ == "__main__":
    console_main()
