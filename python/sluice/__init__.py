# Sluice's Python package: the compiler library from Python, numpy in and out.
"""Sluice: a compiler for TensorFlow dataflow programs with control flow.

Load a TensorFlow GraphDef (.pb/.pbtxt, v1 control flow or functional
If/While), a TFLite model or an MLIR file, lift its v1 control flow to
lite.if/lite.while, export it as a .tflite, compile it to an object file
with a C header, and run it -- in the reference interpreter or as native
code compiled in process -- on numpy arrays::

    import numpy as np
    import sluice

    program = sluice.load("examples/while_cond.pbtxt")
    outputs = program.run({"n": np.array(7, dtype=np.int32)}, engine="native")
    # {'while/Exit': array(7, dtype=int32), 'while/Exit_1': array(9, dtype=int32)}
    with open("while_cond.tflite", "wb") as f:
        f.write(program.to_tflite())

Contents:
    load(path, feeds=None, fetches=None) -> Program
    link({name: Program, ...}) -> Program: several programs' @main as one
                 Program's functions (a SavedModel's signatures), sharing
                 their variables
    from_saved_model(dir), from_keras_model(model),
    from_concrete_functions([f]), from_session(sess, inputs, outputs),
    from_frozen_graph(file, inputs, outputs) -> Program: TF's converter's
                 entry points, in the process that holds TensorFlow
    TFLiteConverter  a drop-in for tf.lite.TFLiteConverter (from_saved_model,
                 from_keras_model, from_concrete_functions; .convert())
    Program      .mlir(), .lift(), .run_pipeline(pipeline), .to_tflite(),
                 .compile(path), .run(inputs), .inputs(), .outputs(),
                 .compare(inputs) -> Comparison (every engine side by side),
                 .to_dot(), .to_svg() (pictures of the control flow; a
                 Program shows as its picture in Jupyter),
                 .memory_report(), .partition(ranks), .run_ranks(inputs)
    TensorSpec   name, dtype, shape and MLIR type of an input or output
    SluiceError  raised on every failure, carrying the diagnostics as text

dtypes map both ways exactly: numpy bool, int8, uint8, int32, int64, float32
and float64; inputs of another dtype, or of the wrong one, are errors.

The package is built by the project's CMake into build/python/sluice, for
Debian's /usr/bin/python3: ``PYTHONPATH=build/python python3 -c "import
sluice"``; or ``pip install .`` from the source tree installs it into any
virtual environment (``python -m sluice VERB`` runs the bundled tools).
"""

import json as _json
import os as _os
import sys as _sys


def _load_extension():
    """Imports the _sluice extension bound to its own libraries.

    TensorFlow, once imported, puts its own copies of LLVM, MLIR and
    protobuf (other versions) into the process's global symbol scope, and
    the dynamic linker resolves a later library's references there first:
    Sluice's calls into Debian's shared libMLIR/libLLVM would land in TF's
    MLIR. RTLD_DEEPBIND makes the extension and the libraries it loads look
    in their own scope first, so either import order works. Protobuf needs
    no such help: the extension links a static copy whose symbols are hidden
    (utils/build-protobuf.sh), under its own package (sluice.tf).
    """
    flags = _sys.getdlopenflags()
    deepbind = getattr(_os, "RTLD_DEEPBIND", 0)
    try:
        _sys.setdlopenflags(_os.RTLD_NOW | _os.RTLD_LOCAL | deepbind)
        from . import _sluice
    finally:
        _sys.setdlopenflags(flags)
    return _sluice


_load_extension()
from ._sluice import Program, SluiceError, TensorSpec, link, load  # noqa: E402
from ._from_tensorflow import (TFLiteConverter, from_concrete_functions,  # noqa: E402
                               from_frozen_graph, from_keras_model, from_saved_model,
                               from_session)

__all__ = ["Comparison", "Program", "SluiceError", "TFLiteConverter", "TensorSpec",
           "from_concrete_functions",
           "from_frozen_graph", "from_keras_model", "from_saved_model", "from_session", "link",
           "load"]


class Comparison:
    """What Program.compare() found: one program on every engine.

    str(comparison) is the table sluice-run --compare prints; `agrees` is
    False when an engine differs from the reference; `reference` names the
    engine the others were compared with; `engines` is a list of dicts
    (engine, title, verdict -- reference, agree, differs, refused, skipped
    --, message, raised, differences per output as max_abs/max_rel,
    prepare_seconds, run_seconds, and outputs as numpy arrays when it ran).
    """

    def __init__(self, table, data):
        import numpy as np
        self.table = table
        self.function = data["function"]
        self.output_names = data["outputs"]
        self.reference = data["reference"]
        self.agrees = data["agree"]
        self.engines = data["engines"]
        for engine in self.engines:
            if "outputs" in engine:
                engine["outputs"] = [
                    np.array([float(x) if isinstance(x, str) else x
                              for x in tensor["data"]],
                             dtype=tensor["dtype"]).reshape(tensor["shape"])
                    for tensor in engine["outputs"]]

    def __str__(self):
        return self.table

    def __repr__(self):
        return (f"<sluice.Comparison of @{self.function}: "
                f"{'agrees' if self.agrees else 'differs'}, reference "
                f"{self.reference or 'none'}>")

    def __bool__(self):
        return self.agrees


def _compare(self, inputs=None, seed=0, engines=None, function="main",
             python=None, rtol=1e-5, atol=1e-5, max_iterations=None):
    """Runs `function` on every engine that applies and compares them.

    The engines: TensorFlow (for a program loaded from a GraphDef, run by
    the first Python with tensorflow among `python`, $SLUICE_PYTHON, this
    interpreter and python3), the v1 executor, the
    lifted interpreter, native code, and the exported .tflite in native
    LiteRT (a Python with ai_edge_litert) and LiteRT.js (Node, with the
    runner $SLUICE_LITERT_JS names). The
    reference is TensorFlow when it ran, else the executor, else the
    interpreter. inputs: as for run(); None draws them from `seed`
    (floats in [-1, 1), integers in [0, 10), a dynamic size is 2).
    engines: a list or comma-separated str of engine names (tensorflow,
    executor, interpreter, native, litert, litert-js), None for all.
    Float outputs agree within atol + rtol * |reference|.

    Returns a Comparison: print() it for the table; it is false when an
    engine differs. TensorFlow and LiteRT run in processes of their own,
    so this works in a process without TensorFlow.
    """
    pythons = []
    if python is not None:
        pythons.append(_os.fspath(python))
    if _os.environ.get("SLUICE_PYTHON"):
        pythons.append(_os.environ["SLUICE_PYTHON"])
    if _sys.executable:
        pythons.append(_sys.executable)
    runners = _os.path.join(_os.path.dirname(_os.path.abspath(__file__)),
                            "engines")
    table, data = self._compare(inputs, seed, engines, function, pythons,
                                runners, rtol, atol, max_iterations)
    return Comparison(table, _json.loads(data))


Program.compare = _compare
