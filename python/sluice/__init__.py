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
    Program      .mlir(), .lift(), .run_pipeline(pipeline), .to_tflite(),
                 .compile(path), .run(inputs), .inputs(), .outputs()
    TensorSpec   name, dtype, shape and MLIR type of an input or output
    SluiceError  raised on every failure, carrying the diagnostics as text

dtypes map both ways exactly: numpy bool, int8, uint8, int32, int64, float32
and float64; inputs of another dtype, or of the wrong one, are errors.

The package is built by the project's CMake into build/python/sluice, for
Debian's /usr/bin/python3: ``PYTHONPATH=build/python python3 -c "import
sluice"``.
"""

from ._sluice import Program, SluiceError, TensorSpec, load

__all__ = ["Program", "SluiceError", "TensorSpec", "load"]
