"""Tensors in sluice-run's JSON form, for the engine runners of this directory.

A tensor is a nested list or {"dtype", "shape", "data"} (data flat, row
major; floats may be "nan", "inf", "-inf"); dtypes bool, int8, uint8, int32,
int64, float32, float64. Shared by litert_native.py and tensorflow_run.py,
which sluice-run --compare (Program.compare) runs as scripts: they find this
module next to them.
"""
import math

import numpy as np

DTYPES = ("bool", "int8", "uint8", "int32", "int64", "float32", "float64")


class HarnessError(Exception):
    pass


def element(value, dtype, index):
    """One JSON element as sluice-run reads it for `dtype`."""
    floating = dtype in ("float32", "float64")
    if isinstance(value, bool):
        return int(value) if dtype != "bool" else value
    if isinstance(value, str):
        if floating and value in ("nan", "inf", "-inf"):
            return float(value)
        raise HarnessError(f"element #{index} is not a number")
    if isinstance(value, (int, float)):
        if floating or dtype == "bool":
            return value
        if isinstance(value, float) and value != math.floor(value):
            raise HarnessError(f"element #{index} ({value}) is not an integer")
        return int(value)
    raise HarnessError(f"element #{index} is not a number")


def flatten(value, depth, shape, flat):
    """Appends the elements of a nested list to `flat` and its dimensions to
    `shape`; ragged lists are an error."""
    if not isinstance(value, list):
        if depth != len(shape) and shape:
            raise HarnessError("ragged nested array")
        flat.append(value)
        return
    if depth == len(shape):
        if flat:
            raise HarnessError("ragged nested array")
        shape.append(len(value))
    elif depth > len(shape) or shape[depth] != len(value):
        raise HarnessError("ragged nested array")
    for item in value:
        flatten(item, depth + 1, shape, flat)


def array_from_json(value, dtype):
    """The numpy array of one input's JSON value for a tensor of `dtype`."""
    data, declared = value, None
    if isinstance(value, dict):
        name = value.get("dtype")
        if name is not None:
            if name not in DTYPES:
                raise HarnessError(f"unknown dtype '{name}'")
            if name != dtype:
                raise HarnessError(f"has dtype {name} but {dtype} is expected")
        if "shape" in value:
            declared = value["shape"]
            if not isinstance(declared, list) or not all(
                    isinstance(d, int) and not isinstance(d, bool) and d >= 0
                    for d in declared):
                raise HarnessError("shape entries must be non-negative integers")
        if "data" not in value:
            raise HarnessError('missing "data"')
        data = value["data"]
    nested, flat = [], []
    flatten(data, 0, nested, flat)
    shape = declared if declared is not None else nested
    count = math.prod(shape)
    if len(flat) != count:
        raise HarnessError(f"has {len(flat)} values but shape {shape} needs {count}")
    values = [element(v, dtype, i) for i, v in enumerate(flat)]
    return np.array(values, dtype=dtype).reshape(shape)


def json_value(x, dtype):
    if dtype == "bool":
        return bool(x)
    if dtype in ("float32", "float64"):
        x = float(x)
        if math.isnan(x):
            return "nan"
        if math.isinf(x):
            return "inf" if x > 0 else "-inf"
        return x
    return int(x)
