#!/usr/bin/env python3
"""Imports every Python script of the given directories as a module, without
running its main: a script whose module-level imports no longer resolve (a
helper renamed in a sibling script) fails here rather than only on the run
that reaches it (shared_corpus_in_tf.py, say, runs its graphs only where the
external corpus is present).

Prints one line per script that fails and the summary
  imported N scripts, N failed
Exit status 1 on any failure.

usage: import_scripts.py DIR...
"""
import importlib.util
import os
import sys
import traceback

sys.dont_write_bytecode = True
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")


def main(directories):
    scripts = sorted(os.path.join(d, name) for d in directories
                     for name in os.listdir(d) if name.endswith(".py"))
    failed = 0
    for path in scripts:
        directory = os.path.dirname(os.path.abspath(path))
        if directory not in sys.path:
            sys.path.insert(0, directory)
        name = "imported_" + os.path.splitext(os.path.basename(path))[0]
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(module)
        except BaseException:  # SystemExit and ImportError alike
            failed += 1
            print(f"FAIL: {path}: {traceback.format_exc(limit=0).strip()}")
    print(f"imported {len(scripts)} scripts, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
