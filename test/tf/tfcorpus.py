"""Shared pieces of the TensorFlow-written corpus (test/tf/corpus).

A corpus program is two files side by side:
  NAME.pbtxt   the GraphDef exactly as TensorFlow wrote it (text format),
  NAME.json    what TensorFlow computed on it:
    {"name", "family", "api": "tf1"|"tf2", "description",
     "feeds":   [placeholder node names, in argument order],
     "fetches": [tensor names "node:k", in result order],
     "init":    [nodes TF runs once before the fetches (variable
                 initialisers), possibly empty],
     "tolerance": {"rtol": r, "atol": a},
     "runs": [{"inputs": {feed: tensor}, "expected": [tensor, ...]}
              or {"inputs": ..., "tf_error": "first line"}]}
  A run may carry "unjudged": why its values are not compared with TF's
  (only the outputs' dtypes and shapes are; gen_op_cases.py's denormals).
  where a tensor is sluice-run's JSON form {"dtype", "shape", "data"}
  (floats "nan"/"inf"/"-inf" as strings).

This module only reads and writes that format and compares tensors; it needs
numpy but not TensorFlow, so the differential runner can use it anywhere.
"""
import json
import math
import os

# Tolerances per op family (relative, absolute), and why:
#  exact: elementwise +,-,*,max,min,select, integer ops and data movement.
#    Every engine computes each element with the same IEEE operations in the
#    same order; only LLVM's FMA contraction in native code can change the
#    last bit, so 1e-6 relative.
#  transcendental: tanh/sigmoid/exp (RNN cells). LiteRT's and the native
#    back end's tanh/logistic are polynomial approximations, a few ulp from
#    TF's (Eigen's own approximations); errors add up over the time steps.
#  matmul: dot products sum in an order each engine picks (blocked, vectorised
#    with FMA), so the rounding differs by ~K ulp for K terms.
#  gradient: the backward loop accumulates products of the forward values
#    over every iteration; combine the two above.
TOLERANCES = {
    "exact": {"rtol": 1e-6, "atol": 1e-6},
    "transcendental": {"rtol": 1e-5, "atol": 1e-5},
    "matmul": {"rtol": 1e-5, "atol": 1e-5},
    "gradient": {"rtol": 1e-4, "atol": 1e-5},
}

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus")
# One program per op and element type (gen_op_cases.py).
OP_CASES = os.path.join(HERE, "op_cases")
# Programs Keras and TF library code writes (gen_library_programs.py).
LIBRARY = os.path.join(HERE, "library")


def programs(corpus=CORPUS):
    """(name, pbtxt path, metadata) for every program, in name order."""
    result = []
    for root, _, files in os.walk(corpus):
        for f in files:
            if f.endswith(".json"):
                path = os.path.join(root, f)
                with open(path) as handle:
                    meta = json.load(handle)
                result.append((meta["name"], path[:-len(".json")] + ".pbtxt", meta))
    result.sort(key=lambda entry: entry[0])
    return result


def encode_float(v):
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    return v


def to_json(array):
    """sluice-run's JSON form of a numpy array."""
    import numpy as np
    array = np.asarray(array)
    dtype = str(array.dtype)
    flat = array.reshape(-1).tolist()
    if dtype in ("float32", "float64", "float16"):
        flat = [encode_float(float(v)) for v in flat]
    elif dtype == "bool":
        flat = [bool(v) for v in flat]
    else:
        flat = [int(v) for v in flat]
    return {"dtype": dtype, "shape": list(array.shape), "data": flat}


def from_json(tensor):
    import numpy as np
    data = [float(v) if isinstance(v, str) else v for v in tensor["data"]]
    return np.array(data, dtype=tensor["dtype"]).reshape(tensor["shape"])


def describe_tf_error(error, limit=None):
    """TensorFlow's refusal as one line: the exception's type and its first
    two lines of text without TF's "Graph execution error:" header (at most
    `limit` characters of text)."""
    lines = [l.strip() for l in str(error).splitlines()
             if l.strip() and l.strip() != "Graph execution error:"]
    return f"{type(error).__name__}: {' '.join(lines[:2])[:limit]}"


def _close(a, b, rtol, atol):
    if isinstance(a, str) or isinstance(b, str):
        return a == b
    if isinstance(a, bool) or isinstance(b, bool) or (isinstance(a, int) and
                                                      isinstance(b, int)):
        return a == b
    return abs(a - b) <= atol + rtol * abs(b)


def compare_types(expected, actual):
    """Why `actual` differs from `expected` in count, dtypes or shapes, or
    None (a run whose values are not judged: "unjudged" in its record)."""
    if len(expected) != len(actual):
        return f"{len(expected)} outputs expected, {len(actual)} produced"
    for index, (want, got) in enumerate(zip(expected, actual)):
        for key in ("dtype", "shape"):
            if want[key] != got[key]:
                return f"output {index}: {key} {want[key]} (TF) vs {got[key]}"
    return None


def compare(expected, actual, tolerance):
    """Why `actual` (a list of tensors) differs from `expected`, or None."""
    why = compare_types(expected, actual)
    if why:
        return why
    for index, (want, got) in enumerate(zip(expected, actual)):
        bad = [(i, w, g) for i, (w, g) in enumerate(zip(want["data"], got["data"]))
               if not _close(g, w, tolerance["rtol"], tolerance["atol"])]
        if len(want["data"]) != len(got["data"]):
            return f"output {index}: {len(want['data'])} elements vs {len(got['data'])}"
        if bad:
            i, w, g = bad[0]
            return (f"output {index}: {len(bad)} of {len(want['data'])} elements differ, "
                    f"first at {i}: {w} (TF) vs {g}")
    return None
