#!/usr/bin/env python3
"""TensorFlow-judged op cases: one corpus program per TF op and element type.

For every op of the op table (docs/generated/lite-ops.json, which
sluice-tblgen writes from the op records in LiteOps.td) that names the TF
ops it imports from (`tf_ops`), and every element type its kernel takes
(`kernel_types`: float32; int32 too for "numeric"; int32 and int8 for
"integer"; bool; float32, int32 and bool for "any") for which TF has a CPU
kernel, this writes test/tf/op_cases/ops_<kind>/<TfOp>_<dtype>.{pbtxt,json}
in the corpus format (tfcorpus.py): a GraphDef with one placeholder per
operand feeding the TF op (its attributes, such as LeakyRelu's alpha, set
to values other than TF's defaults), and TF's outputs on
  * the edge values: NaN, +-Inf, -0, values at which ops switch (0, +-1);
    for a binary op every pair of them;
  * the extremes of the type (pairs of them);
  * denormals, whose values are not judged (TF's CPU kernels flush them to
    zero, Sluice's engines do not: docs/tensorflow.md) beyond the dtype and
    shape of the result;
  * an empty tensor, a scalar and a 2-D tensor of seeded random values; for
    a binary op also operands that broadcast ([2, 3] with [3], [2, 1] with
    [1, 3], [0, 3] with [3]).
For every op with a gradient rule, test/tf/op_gradients/ops/<TfOp>_gradient
holds TF's tf.gradients of it at random points (operands [2, 3] and [3]:
the gradient of a broadcast operand is summed), which test/tf/grad_vs_tf.py
judges Sluice's reverse mode against. Each TF op's random values come from a
seed of its own name, so adding an op changes no other op's cases.
tf_differential.py judges every engine (executor, lifted, native, TFLite in
native LiteRT) against TF on them, within the op's tolerance class
(`tf_tolerance`: tfcorpus.TOLERANCES). Signs of zero are not compared.

A new op is covered the day its record names its TF op: run
    .venv/bin/python test/tf/gen_op_cases.py
and check in test/tf/op_cases. The program fuzzer reads the same table.
"""
import argparse
import json
import os
import shutil
import sys
import zlib

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True
import gen_corpus  # noqa: E402

OP_TABLE = os.path.join(HERE, "..", "..", "docs", "generated", "lite-ops.json")
OUT = os.path.join(HERE, "op_cases")
# Not a corpus of tf_differential.py: TF's gradient graphs use TF's gradient
# ops (EluGrad, BroadcastGradientArgs, ...), which Sluice does not import.
OUT_GRADIENTS = os.path.join(HERE, "op_gradients")

DTYPES = {"float": ["float32"], "numeric": ["float32", "int32"], "integer": ["int32", "int8"],
          "bool": ["bool"], "any": ["float32", "int32", "bool"]}
# The value each kind of attribute gets (not TF's default, so that a lost
# attribute shows).
ATTRIBUTE_VALUES = {"::mlir::FloatAttr": 0.375}


def edge_values(dtype):
    """The values at which elementwise ops go wrong: (ordinary edges,
    extremes, denormals), each a vector (None where the type has none)."""
    if dtype == "bool":
        return np.array([True, False, False, True]), None, None
    if dtype == "float32":
        return (np.array([np.nan, np.inf, -np.inf, -0.0, 0.0, 1.0, -1.0, 0.5,
                          -2.5, 3.0, 88.7, -103.0, 1e-7], dtype=np.float32),
                np.array([3.4e38, -3.4e38, 1e30, 1e-30, -1e-30], dtype=np.float32),
                np.array([1e-45, -1e-40, 1e-39], dtype=np.float32))
    info = np.iinfo(dtype)
    # 31: a shift by all but one bit; 46341: its square overflows int32.
    large = 46341 if info.max > 46341 else 100
    return (np.array([0, 1, -1, 2, -7, 31, large], dtype=dtype),
            np.array([info.max, info.min, info.max - 1, info.min + 1], dtype=dtype), None)


def random_values(dtype, shape, seed):
    rng = np.random.RandomState(seed)
    if dtype == "bool":
        return rng.randint(0, 2, shape).astype(bool)
    if dtype == "float32":
        return (rng.standard_normal(shape) * 3).astype(np.float32)
    return rng.randint(-1000, 1000, shape).astype(dtype)


# TF's CPU kernels flush denormal inputs to zero (denormals-are-zero), and
# Sluice's engines compute on them: on a run of denormals only the dtype and
# shape are judged (tf_differential.py's `unjudged`; docs/tensorflow.md).
DENORMALS = "TF flushes denormal inputs to zero; Sluice's engines compute on them"


def scalar_value(dtype):
    return np.array({"float32": 0.75, "bool": True}.get(dtype, 5), dtype=dtype)


def unary_runs(dtype, seed):
    """The runs of a unary op's program: ({feed: array}, unjudged reason) each."""
    edges, extremes, denormals = edge_values(dtype)
    runs = [({"x": edges}, None)]
    if extremes is not None:
        runs.append(({"x": extremes}, None))
    if denormals is not None:
        runs.append(({"x": denormals}, DENORMALS))
    runs += [({"x": random_values(dtype, (2, 3), seed)}, None),
             ({"x": np.zeros((0,), dtype=dtype)}, None),
             ({"x": scalar_value(dtype)}, None)]
    return runs


def pairs(xs, ys):
    """Every (x, y) of the two vectors, as two vectors."""
    return np.repeat(xs, len(ys)), np.tile(ys, len(xs))


def binary_runs(dtype, seed):
    """The runs of a binary op's program: every pair of edge values, of
    extremes and of denormals with edges; random operands that broadcast;
    empty and scalar operands."""
    edges, extremes, denormals = edge_values(dtype)
    x, y = pairs(edges, edges)
    runs = [({"x": x, "y": y}, None)]
    if extremes is not None:
        x, y = pairs(extremes, extremes)
        runs.append(({"x": x, "y": y}, None))
    if denormals is not None:
        x, y = pairs(denormals, edges)
        runs.append(({"x": np.concatenate([x, y]), "y": np.concatenate([y, x])}, DENORMALS))
    random = lambda shape, k: random_values(dtype, shape, seed + k)  # noqa: E731
    runs += [({"x": random((2, 3), 0), "y": random((3,), 1)}, None),
             ({"x": random((2, 1), 2), "y": random((1, 3), 3)}, None),
             ({"x": np.zeros((0, 3), dtype=dtype), "y": random((3,), 4)}, None),
             ({"x": scalar_value(dtype), "y": scalar_value(dtype)}, None)]
    return runs


def input_names(tf_op):
    """The names of the TF op's input arguments (x, features, ...)."""
    from tensorflow.python.framework import op_def_registry
    return [arg.name for arg in op_def_registry.get(tf_op).input_arg]


def op_graph(tf, tf_op, dtype, operands, attributes):
    """The GraphDef of y = TfOp(x[, y]) for placeholders of unknown shape."""
    graph = tf.Graph()
    with graph.as_default():
        feeds = [tf.compat.v1.placeholder(dtype, shape=None, name=name) for name in operands]
        getattr(tf.raw_ops, tf_op)(**dict(zip(input_names(tf_op), feeds)), **attributes, name="out")
    return graph.as_graph_def()


def tf_has_kernel(tf, tf_op, dtype, operands, attributes):
    """Whether TF builds and runs TfOp on this dtype (its CPU kernels do not
    cover every type the op definition allows)."""
    graph = tf.Graph()
    try:
        with graph.as_default():
            # Ones: a value every op takes (a zero divisor is an error of
            # integer Div, not a missing kernel).
            feeds = [tf.constant(np.ones((1,), dtype=dtype)) for _ in operands]
            out = getattr(tf.raw_ops, tf_op)(**dict(zip(input_names(tf_op), feeds)), **attributes)
        with tf.compat.v1.Session(graph=graph) as session:
            session.run(out)
    except Exception:  # no kernel (or no such op) for this type
        return False
    return True


def stable_seed(name):
    """A seed of the TF op's own: adding an op changes no other op's cases."""
    return zlib.crc32(name.encode()) % (2**31 - 8)


def gradient_graph(tf, tf_op, shapes, attributes):
    """The GraphDef of out = TfOp(x[, y]) on placeholders of static shapes and
    tf.gradients(out, operands): TF's gradient with respect to each operand
    of the sum of out (a seed of ones)."""
    graph = tf.Graph()
    with graph.as_default():
        feeds = [tf.compat.v1.placeholder("float32", shape=shape, name=name)
                 for name, shape in shapes]
        out = getattr(tf.raw_ops, tf_op)(**dict(zip(input_names(tf_op), feeds)), **attributes,
                                         name="out")
        gradients = tf.compat.v1.gradients(out, feeds)
        fetches = [tf.identity(g, name="d" + name).name for g, (name, _) in zip(gradients, shapes)]
    return graph.as_graph_def(), fetches


def gradient_runs(op, shapes, seed):
    """Random operands of the gradient program (divisors with a zero in
    them: div_no_nan's gradient is 0 there)."""
    rng = np.random.RandomState(seed)
    inputs = {name: (rng.standard_normal(shape) * 2).astype(np.float32) for name, shape in shapes}
    if "y" in inputs:
        inputs["y"].flat[0] = 0.0
    return [inputs]


# Structured ops (shapes, data movement, reductions, scans): their cases are
# written out per TF op, as no rule derives them from a record. Each variant
# is one program: the TF op on placeholders for its data operands (`data`:
# input argument names; of unknown shape, or the variant's `placeholder`
# shape where the import needs a rank or a size: one for every operand, or
# a dict of them by name) and constants for the
# operands a TFLite builtin needs constant (`constants`: axes, paddings,
# ...), with `attributes`. Its runs feed `shapes` (a tuple of shapes, one per
# data operand, per run) of seeded random values, plus (`edges`) the dtype's
# edge values as a [1, n] tensor; or (`values`) the given arrays alone (or
# those a function of the dtype gives).
# `empty_not_on` keeps the runs with an empty input off engines that crash
# on them. A run TF refuses records TF's error, which every engine must give
# too.
# Op pairs that take the same cases.
ARG_REDUCTION = {
    "dtypes": ["float32", "int32"],
    "data": ["input"],
    "variants": {
        "axis0": {"constants": {"dimension": np.int32(0)},
                  "shapes": [((5,),), ((3, 4),), ((4, 0),), ((2, 3, 2),)], "edges": True},
        "last_int32": {"constants": {"dimension": np.int32(-1)},
                       "attributes": {"output_type": "int32"},
                       "shapes": [((2, 3),), ((3, 1, 4),), ((1,),)], "edges": True},
        "ties": {"constants": {"dimension": np.int32(1)}, "shapes": [((2, 3),)],
                 "values": [np.array([[1, 1, 0], [2, 0, 2]])]},
        "empty_axis": {"constants": {"dimension": np.int32(0)}, "shapes": [((0, 3),)]},
    },
}

SCAN = {
    "dtypes": ["float32", "int32"],
    "data": ["x"],
    "variants": {
        "axis1": {"constants": {"axis": np.int32(1)},
                  "shapes": [((2, 5),), ((0, 3),), ((3, 0),), ((1, 4, 2),)], "edges": True},
        "exclusive_reverse": {"constants": {"axis": np.int32(-1)},
                              "attributes": {"exclusive": True, "reverse": True},
                              "shapes": [((2, 5),), ((7,),)], "edges": True},
        "exclusive": {"constants": {"axis": np.int32(0)}, "attributes": {"exclusive": True},
                      "shapes": [((4, 3),), ((1,),)]},
        "reverse": {"constants": {"axis": np.int32(0)}, "attributes": {"reverse": True},
                    "shapes": [((4, 3),), ((2, 2, 2),)]},
    },
}

SOFTMAX = {
    "dtypes": ["float32"],
    "data": ["logits"],
    "tolerance": "transcendental",
    "variants": {
        # LiteRT 2.3 crashes on an empty LOG_SOFTMAX and its XNNPack
        # delegate refuses an empty SOFTMAX.
        "rows": {"shapes": [((2, 5),), ((1,),), ((2, 3, 4),), ((0, 3),), ((3, 0),)],
                 "empty_not_on": {"tflite": "LiteRT crashes on (or refuses) an empty input"}},
        "edges": {"shapes": [], "edges": True},
    },
}

# Convolutions: an NHWC image and a filter of the placeholder's shape,
# strides, dilations and paddings as TF takes them; TF refuses a VALID
# window larger than the image (every engine must too).
def convolution_gradient_cases(sizes_name, known, unknown, depthwise=False):
    """Conv2DBackpropInput (`known` the filter, `unknown` out_backprop) and
    Conv2DBackpropFilter (`known` the input): TF's CPU kernels take NHWC
    and no dilations (those are checked by test/Interpreter/conv-gradient.mlir).
    Each variant: (image sizes, filter sizes, out_backprop sizes, attributes)."""
    variants = {
        "same_stride2": ([1, 5, 5, 2], [3, 3, 2, 3], [1, 3, 3, 3],
                         {"strides": [1, 2, 2, 1], "padding": "SAME"}),
        "valid": ([2, 6, 5, 1], [2, 3, 1, 2], [2, 5, 3, 2],
                  {"strides": [1, 1, 1, 1], "padding": "VALID"}),
        "valid_leftover": ([1, 7, 8, 1], [3, 3, 1, 1], [1, 2, 2, 1],
                           {"strides": [1, 3, 3, 1], "padding": "VALID"}),
        "explicit": ([1, 4, 4, 1], [3, 3, 1, 1], [1, 5, 3, 1],
                     {"strides": [1, 1, 1, 1], "padding": "EXPLICIT",
                      "explicit_paddings": [0, 0, 1, 2, 0, 1, 0, 0]}),
        "mismatch": ([1, 4, 4, 1], [3, 3, 1, 1], [1, 3, 4, 1],
                     {"strides": [1, 1, 1, 1], "padding": "SAME"}),
    }
    if depthwise:  # a [h, w, in, multiplier] filter: 2 x 3 output channels
        variants["same_stride2"] = ([1, 5, 5, 2], [3, 3, 2, 3], [1, 3, 3, 6],
                                    {"strides": [1, 2, 2, 1], "padding": "SAME"})
    cases = {"dtypes": ["float32"], "data": [known, "out_backprop"], "tolerance": "matmul",
             "variants": {}}
    for name, (image, filter_sizes, out, attributes) in variants.items():
        sizes = image if sizes_name == "input_sizes" else filter_sizes
        data_shape = filter_sizes if known == "filter" else image
        cases["variants"][name] = {
            "constants": {sizes_name: np.int32(sizes)}, "attributes": attributes,
            "placeholder": {known: data_shape, "out_backprop": [None] * 4},
            "shapes": [(tuple(data_shape), tuple(out))]}
    return cases


def max_pool_grad(tf, inputs, attributes):
    pooled = tf.raw_ops.MaxPool(input=inputs["orig_input"], **attributes)
    tf.raw_ops.MaxPoolGrad(orig_input=inputs["orig_input"], orig_output=pooled,
                           grad=inputs["grad"], **attributes, name="out")


def pool_gradient_cases(op):
    """MaxPoolGrad (of the MaxPool of orig_input: ties among small integers
    go to the window's first) and AvgPoolGrad (SAME's padding not counted).
    Each variant: (image sizes, grad sizes, ksize, strides, padding)."""
    variants = {
        "same_stride2": ([1, 5, 5, 2], [1, 3, 3, 2], [1, 3, 3, 1], [1, 2, 2, 1], "SAME"),
        "valid": ([2, 6, 5, 1], [2, 3, 2, 1], [1, 2, 2, 1], [1, 2, 2, 1], "VALID"),
        "overlapping": ([1, 4, 4, 1], [1, 4, 4, 1], [1, 3, 3, 1], [1, 1, 1, 1], "SAME"),
        "mismatch": ([1, 4, 4, 1], [1, 3, 4, 1], [1, 2, 2, 1], [1, 1, 1, 1], "SAME"),
    }
    cases = {"dtypes": ["float32"], "variants": {}}
    rng = np.random.RandomState(11)
    for name, (image, grad, ksize, strides, padding) in variants.items():
        if name == "mismatch" and op == "AvgPoolGrad":
            continue  # TF's AvgPoolGrad does not check grad (docs/tensorflow.md)
        attributes = {"ksize": ksize, "strides": strides, "padding": padding}
        if op == "MaxPoolGrad":
            cases["data"] = ["orig_input", "grad"]
            cases["build"] = max_pool_grad
            # Small integers: windows with tied maxima.
            values = [rng.randint(0, 3, image).astype(np.float32),
                      rng.randint(-3, 4, grad).astype(np.float32)]
            cases["variants"][name] = {"attributes": attributes,
                                       "placeholder": {"orig_input": image,
                                                       "grad": [None] * 4},
                                       "values": values}
        else:
            cases["data"] = ["grad"]
            cases["variants"][name] = {"constants": {"orig_input_shape": np.int32(image)},
                                       "attributes": attributes,
                                       "placeholder": [None] * 4,
                                       "shapes": [(tuple(grad),)]}
    return cases


def convolution_cases(filter_shape, multiplier_filter_shape, depthwise):
    """TF's CPU DepthwiseConv2dNative takes equal strides only and no
    dilations (tf.nn.depthwise_conv2d dilates through space_to_batch)."""
    cases = {
        "dtypes": ["float32"],
        "data": ["input", "filter"],
        "tolerance": "matmul",
        "variants": {
            "same": {"attributes": {"strides": [1, 1, 1, 1], "padding": "SAME"},
                     "placeholder": {"input": [None, None, None, 3], "filter": filter_shape},
                     "shapes": [((1, 5, 5, 3), filter_shape), ((2, 4, 7, 3), filter_shape),
                                ((1, 1, 1, 3), filter_shape), ((0, 3, 3, 3), filter_shape)]},
            "valid_stride2": {"attributes": {"strides": [1, 2, 2, 1], "padding": "VALID"},
                              "placeholder": {"input": [None, None, None, 3],
                                              "filter": filter_shape},
                              "shapes": [((1, 7, 6, 3), filter_shape),
                                         ((2, 3, 4, 3), filter_shape)]},
            "same_stride2": {"attributes": {"strides": [1, 2, 2 if depthwise else 3, 1],
                                            "padding": "SAME"},
                             "placeholder": {"input": [None, None, None, 3],
                                             "filter": filter_shape},
                             "shapes": [((1, 6, 7, 3), filter_shape),
                                        ((1, 5, 2, 3), filter_shape)]},
            "dilated": {"attributes": {"strides": [1, 1, 1, 1], "padding": "SAME",
                                       "dilations": [1, 2, 3, 1]},
                        "placeholder": {"input": [None, None, None, 3], "filter": filter_shape},
                        "shapes": [((1, 6, 8, 3), filter_shape), ((1, 2, 2, 3), filter_shape)]},
            "multiplier": {"attributes": {"strides": [1, 1, 1, 1], "padding": "VALID"},
                           "placeholder": {"input": [None, None, None, 3],
                                           "filter": multiplier_filter_shape},
                           "shapes": [((1, 4, 5, 3), multiplier_filter_shape)]},
            "window_too_big": {"attributes": {"strides": [1, 1, 1, 1], "padding": "VALID"},
                               "placeholder": {"input": [None, None, None, 3],
                                               "filter": filter_shape},
                               "shapes": [((1, 1, 5, 3), filter_shape),
                                          ((1, 2, 5, 3), filter_shape)]},
        },
    }
    if depthwise:
        del cases["variants"]["dilated"]
    return cases


def pool_edges(dtype):
    """Windows of two: NaN first and second, infinities, zeros' signs (the
    type's extremes for integers)."""
    if dtype == "int32":
        low, high = np.iinfo(np.int32).min, np.iinfo(np.int32).max
        return np.array([low, 1, 1, low, low, low, high, 3, 0, 0, 2, -2], np.int32)
    return np.array([np.nan, 1, 1, np.nan, -np.inf, -np.inf, np.inf, 3, -0.0, 0.0, 2, -2],
                    np.float32)


def pool_cases(dtypes, data):
    """`data`: the name of TF's image argument (MaxPool's input, AvgPool's
    value)."""
    image = {data: [None, None, None, 2]}
    return {
        "dtypes": dtypes,
        "data": [data],
        "tolerance": "matmul",
        "variants": {
            "valid_2x2": {"attributes": {"ksize": [1, 2, 2, 1], "strides": [1, 2, 2, 1],
                                         "padding": "VALID"},
                          "placeholder": image,
                          "shapes": [((1, 4, 4, 2),), ((2, 5, 3, 2),), ((0, 2, 2, 2),)],
                          "empty_not_on": {"tflite": "LiteRT's XNNPack pools give garbage "
                                                     "shapes (or refuse) an empty batch"}},
            "same_3x2_stride2": {"attributes": {"ksize": [1, 3, 2, 1],
                                                "strides": [1, 2, 1, 1], "padding": "SAME"},
                                 "placeholder": image,
                                 "shapes": [((1, 5, 4, 2),), ((1, 1, 1, 2),), ((2, 6, 3, 2),)]},
            "edges": {"attributes": {"ksize": [1, 2, 1, 1], "strides": [1, 2, 1, 1],
                                     "padding": "VALID"},
                      "placeholder": image,
                      "values": lambda dtype: [pool_edges(dtype).reshape(1, 6, 1, 2)]},
            # TF's VALID rule: no output for a window one row larger, an
            # error for two.
            "window_too_big": {"attributes": {"ksize": [1, 3, 3, 1], "strides": [1, 1, 1, 1],
                                              "padding": "VALID"},
                               "placeholder": image,
                               "shapes": [((1, 2, 4, 2),), ((1, 1, 4, 2),)]},
        },
    }


# Boxes as [y1, x1, y2, x2]: 0 and 1 overlap by IoU 0.81, 2 is 1 flipped
# (corners in the other order), 3 has no area, 4 and 5 are apart, 6 touches
# 5 along an edge.
NMS_BOXES = np.array([[0, 0, 1, 1], [0, 0.1, 1, 1.1], [1, 1.1, 0, 0.1], [2, 2, 2, 3],
                      [3, 3, 4, 4], [5, 5, 6, 6], [5, 6, 6, 7]], np.float32)
NMS_SCORES = np.array([0.9, 0.9, 0.75, 0.8, 0.1, 0.6, 0.6], np.float32)


def nms_constants(max_outputs, iou, score):
    return {"max_output_size": np.int32(max_outputs), "iou_threshold": np.float32(iou),
            "score_threshold": np.float32(score)}


def top_k_extremes(dtype):
    """A row of the dtype's extremes (and, for floats, infinities and both
    zeros; no NaN)."""
    if np.issubdtype(np.dtype(dtype), np.floating):
        info = np.finfo(dtype)
        return np.array([[0.0, -np.inf, info.max, -0.0, np.inf, info.min, info.tiny]],
                        dtype=dtype)
    info = np.iinfo(dtype)
    return np.array([[0, info.min, info.max, -1, info.max, info.min]], dtype=dtype)


def gradient_op(data):
    """A TF gradient op of two float operands (the forward op's output or
    input, and the incoming gradient): every pair of edge values, random
    and empty operands."""
    edges = edge_values("float32")[0]
    return {
        "dtypes": ["float32"],
        "data": data,
        "variants": {
            "pairs": {"values": list(pairs(edges, edges))},
            "random": {"shapes": [((2, 3), (2, 3)), ((0, 2), (0, 2))]},
        },
    }


# Logits with ties, -inf, large values; labels that sum to 1 and not.
XENT_LOGITS = np.array([[1, 2, 3, 4], [0, 0, 0, 0], [-np.inf, 1, 2, 1], [80, 90, -90, 0]],
                       np.float32)


def batch_norm(version):
    """FusedBatchNorm, V2 or V3: inference with given statistics, training
    (Bessel's correction, a running average), channels first."""
    shapes = [((2, 3, 2, 4), (4,), (4,), (4,), (4,)), ((1, 1, 1, 4), (4,), (4,), (4,), (4,))]
    nchw = [((2, 4, 3, 2), (4,), (4,), (4,), (4,))]
    variants = {
        "inference": {"attributes": {"is_training": False, "epsilon": 0.01},
                      "values": [np.arange(24, dtype=np.float32).reshape(1, 2, 3, 4) / 7,
                                 np.float32([1, 2, -1, 0.5]), np.float32([0, 1, 2, 3]),
                                 np.float32([0.5, 1, 1.5, 2]), np.float32([1, 4, 0.25, 0])]},
        "training": {"attributes": {"is_training": True, "epsilon": 0.001}, "shapes": shapes},
        "channels_first": {"attributes": {"is_training": True, "data_format": "NCHW"},
                           "shapes": nchw},
    }
    if version != "FusedBatchNorm":
        variants["running_average"] = {"attributes": {"is_training": True,
                                                      "exponential_avg_factor": 0.25},
                                       "shapes": shapes[:1]}
    return {"dtypes": ["float32"], "data": ["x", "scale", "offset", "mean", "variance"],
            "ranked": True,
            "fetches": ["out:0", "out:1", "out:2"], "variants": variants,
            "tolerance": "transcendental"}


def resize_cases(dtypes):
    image = [None, None, None, 2]
    return {
        "dtypes": dtypes,
        "data": ["images"],
        "variants": {
            "legacy_up": {"constants": {"size": np.int32([5, 7])}, "placeholder": image,
                          "shapes": [((1, 2, 3, 2),), ((2, 3, 3, 2),)]},
            "legacy_down": {"constants": {"size": np.int32([2, 3])}, "placeholder": image,
                            "shapes": [((1, 5, 7, 2),)]},
            "align_corners": {"constants": {"size": np.int32([5, 4])},
                              "attributes": {"align_corners": True}, "placeholder": image,
                              "shapes": [((1, 3, 3, 2),), ((1, 4, 7, 2),)]},
            "half_pixel": {"constants": {"size": np.int32([7, 3])},
                           "attributes": {"half_pixel_centers": True}, "placeholder": image,
                           "shapes": [((1, 3, 5, 2),), ((1, 9, 2, 2),)]},
            "one_pixel": {"constants": {"size": np.int32([1, 1])},
                          "attributes": {"align_corners": True}, "placeholder": image,
                          "shapes": [((1, 3, 3, 2),)]},
            "both_rules": {"constants": {"size": np.int32([2, 2])},
                           "attributes": {"align_corners": True, "half_pixel_centers": True},
                           "placeholder": image, "shapes": [((1, 3, 3, 2),)]},
        },
        "tolerance": "transcendental",
    }


def einsum(tf, inputs, attributes):
    operands = [inputs[name] for name in ("a", "b") if name in inputs]
    tf.raw_ops.Einsum(inputs=operands, name="out", **attributes)


def einsum_case(equation, *shapes):
    return {"attributes": {"equation": equation},
            "placeholder": {name: [None] * len(shape)
                            for name, shape in zip("ab", shapes[0])},
            "shapes": list(shapes)}


def unsorted_segment_spec(op):
    rows = {"constants": {"segment_ids": np.int32([0, 2, -1, 0]),
                          "num_segments": np.int32(4)},
            "placeholder": [4, None], "shapes": [((4, 3),), ((4, 0),)]}
    if op == "UnsortedSegmentSum":
        rows["empty_not_on"] = {"tflite": "LiteRT's SCATTER_ND refuses empty "
                                          "updates (Invalid tensor size)"}
    return {
        "dtypes": ["float32", "int32"],
        "data": ["data"],
        "variants": {
            "rows": rows,
            "elements": {"constants": {"segment_ids": np.int64([[1, 1], [0, -3]]),
                                       "num_segments": np.int64(3)},
                         "placeholder": [2, 2], "shapes": [((2, 2),)]},
            "past_segments": {"constants": {"segment_ids": np.int32([0, 3]),
                                            "num_segments": np.int32(3)},
                              "placeholder": [2], "shapes": [((2,),)]},
            "prefix_mismatch": {"constants": {"segment_ids": np.int32([[0, 1, 1]]),
                                              "num_segments": np.int32(2)},
                                "placeholder": [None, None], "shapes": [((3, 1),)]},
        },
    }


def dynamic_stitch(op):
    def build(tf, inputs, attributes):
        getattr(tf.raw_ops, op)(indices=[inputs["i"], inputs["j"]],
                                data=[inputs["a"], inputs["b"]], name="out")
    return build


def identity_n(tf, inputs, attributes):
    tf.raw_ops.IdentityN(input=[inputs["a"], tf.cast(inputs["b"], tf.int32), inputs["b"]],
                         name="out")


def concat_v1(tf, inputs, attributes):
    tf.raw_ops.Concat(concat_dim=inputs["concat_dim"], values=[inputs["a"], inputs["b"]],
                      name="out")


COMPOSITIONS = {
    "SigmoidGrad": gradient_op(["y", "dy"]),
    "TanhGrad": gradient_op(["y", "dy"]),
    "ReciprocalGrad": gradient_op(["y", "dy"]),
    "InvGrad": gradient_op(["y", "dy"]),
    "SqrtGrad": gradient_op(["y", "dy"]),
    "RsqrtGrad": gradient_op(["y", "dy"]),
    "ReluGrad": gradient_op(["gradients", "features"]),
    "Relu6Grad": gradient_op(["gradients", "features"]),
    "LeakyReluGrad": gradient_op(["gradients", "features"]),
    "EluGrad": gradient_op(["gradients", "outputs"]),
    "SeluGrad": gradient_op(["gradients", "outputs"]),
    "SoftplusGrad": gradient_op(["gradients", "features"]),
    "SoftsignGrad": gradient_op(["gradients", "features"]),
    "MulNoNan": {
        "dtypes": ["float32"],
        "data": ["x", "y"],
        "variants": {
            "pairs": {"values": list(pairs(edge_values("float32")[0],
                                           edge_values("float32")[0]))},
            "broadcast": {"shapes": [((2, 3), (3,)), ((2, 1), (1, 3)), ((0, 3), (3,))]},
        },
    },
    "IsInf": {
        "dtypes": ["float32"],
        "data": ["x"],
        "variants": {"edges": {"values": lambda dtype: [edge_values(dtype)[0]]},
                     "extremes": {"values": lambda dtype: [edge_values(dtype)[1]]},
                     "random": {"shapes": [((2, 3),), ((0,),), ((),)]}},
    },
    "OnesLike": {
        "dtypes": ["float32", "int32", "bool"],
        "data": ["x"],
        "variants": {"of": {"placeholder": None, "shapes": [((2, 3),), ((0,),), ((),)]}},
    },
    "L2Loss": {
        "dtypes": ["float32"],
        "data": ["t"],
        "variants": {"of": {"shapes": [((2, 3),), ((0,),), ((),), ((2, 2, 2),)],
                            "edges": True}},
        "tolerance": "transcendental",
    },
    "Empty": {
        "dtypes": ["float32"],
        "data": [],
        "variants": {"init": {"constants": {"shape": np.int32([2, 3])},
                              "attributes": {"dtype": "float32", "init": True},
                              "values": []}},
    },
    "Gather": {
        "dtypes": ["float32", "int32"],
        "data": ["params"],
        "variants": {
            "rows": {"constants": {"indices": np.int32([[2, 0], [2, 1]])},
                     "placeholder": [None, None], "shapes": [((3, 2),), ((4, 0),)]},
            "int64": {"constants": {"indices": np.int64([1])}, "shapes": [((2,),)]},
            "out_of_range": {"constants": {"indices": np.int32([3])}, "shapes": [((3, 2),)]},
        },
    },
    "Concat": {
        "dtypes": ["float32", "int32"],
        "data": ["a", "b"],
        "build": concat_v1,
        "variants": {
            "columns": {"constants": {"concat_dim": np.int32(1)},
                        "shapes": [((2, 3), (2, 1)), ((0, 2), (0, 3))]},
            "negative": {"constants": {"concat_dim": np.int32(-1)},
                         "shapes": [((2, 2, 3), (2, 2, 1))]},
        },
    },
    "BatchMatMul": {
        "dtypes": ["float32", "int32"],
        "data": ["x", "y"],
        "variants": {
            "plain": {"shapes": [((2, 2, 3), (2, 3, 4)), ((1, 0, 3), (1, 3, 2))],
                      "empty_not_on": {"tflite": "LiteRT's BATCH_MATMUL (XNNPack) fails to "
                                                 "reshape for an empty operand"}},
            "adjoint": {"attributes": {"adj_x": True, "adj_y": True},
                        "shapes": [((3, 3, 2), (3, 4, 3))]},
        },
    },
    "BatchMatMulV3": {
        "dtypes": ["float32"],
        "data": ["x", "y"],
        "variants": {
            "broadcast": {"attributes": {"Tout": "float32"},
                          "shapes": [((2, 2, 3), (3, 4)), ((1, 2, 3), (4, 3, 2))]},
            "adjoint": {"attributes": {"Tout": "float32", "adj_y": True},
                        "shapes": [((2, 3), (2, 4, 3))]},
        },
    },
    "BiasAdd": {
        "dtypes": ["float32", "int32"],
        "data": ["value", "bias"],
        "variants": {
            "channels_last": {"shapes": [((2, 3, 4), (4,)), ((0, 4), (4,))]},
            "channels_first": {"attributes": {"data_format": "NCHW"},
                               "placeholder": {"value": [None] * 4, "bias": [None]},
                               "shapes": [((2, 3, 4, 5), (3,)), ((1, 2, 0, 1), (2,))]},
            "channels_first_rank3": {"attributes": {"data_format": "NCHW"},
                                     "placeholder": {"value": [None] * 3, "bias": [None]},
                                     "shapes": [((1, 2, 3), (2,))]},
        },
    },
    "BiasAddV1": {
        "dtypes": ["float32"],
        "data": ["value", "bias"],
        "variants": {"of": {"shapes": [((2, 3, 4), (4,)), ((3, 2), (2,))]}},
    },
    # Several axes, one axis twice, shifts past the size and negative, an
    # empty dimension, an int64 shift past int32.
    "Roll": {
        "ranked": True,
        "dtypes": ["float32", "int32"],
        "data": ["input"],
        "variants": {
            "one_axis": {"constants": {"shift": np.int32(2), "axis": np.int32(1)},
                         "placeholder": [None, None],
                         "shapes": [((2, 5),), ((3, 1),), ((2, 0),)]},
            "axes": {"constants": {"shift": np.int32([1, -7, 3]), "axis": np.int32([0, 1, 0])},
                     "shapes": [((3, 4),)]},
            "negative_axis": {"constants": {"shift": np.int32([-1]), "axis": np.int32([-1])},
                              "shapes": [((2, 3, 4),)]},
            "large_shift": {"constants": {"shift": np.int64(2 ** 40 + 3),
                                          "axis": np.int64(0)},
                            "shapes": [((7,),)]},
        },
    },
    # Bands below, above, both; a whole triangle (-1); a band past the
    # rows TF refuses.
    "MatrixBandPart": {
        "ranked": True,
        "dtypes": ["float32", "int32"],
        "data": ["input"],
        "variants": {
            "lower": {"constants": {"num_lower": np.int32(1), "num_upper": np.int32(0)},
                      "placeholder": [None, None, None],
                      "shapes": [((2, 3, 4),), ((1, 4, 2),), ((2, 0, 3),)]},
            "triangle": {"constants": {"num_lower": np.int64(-1), "num_upper": np.int64(0)},
                         "shapes": [((4, 4),)]},
            "upper": {"constants": {"num_lower": np.int32(0), "num_upper": np.int32(-1)},
                      "shapes": [((3, 5),)]},
            "past_rows": {"constants": {"num_lower": np.int32(3), "num_upper": np.int32(0)},
                          "shapes": [((2, 2),)]},
        },
    },
    # The older forms of NonMaxSuppressionV4 (unpadded, the indices alone):
    # V3 with a score threshold, V2 without (TF's is the lowest float), V1
    # with the IoU threshold as an attribute.
    "NonMaxSuppressionV3": {
        "dtypes": ["float32"],
        "data": ["boxes", "scores"],
        "variants": {
            "overlaps": {"constants": nms_constants(4, 0.5, 0.1),
                         "values": [NMS_BOXES, NMS_SCORES]},
            "random": {"constants": nms_constants(5, 0.4, 0.2),
                       "placeholder": {"boxes": [None, 4], "scores": [None]},
                       "shapes": [((12, 4), (12,)), ((0, 4), (0,))],
                       "empty_not_on": {"tflite": "LiteRT's NON_MAX_SUPPRESSION_V4 refuses "
                                                  "no boxes (Invalid tensor size)"}},
        },
    },
    # V5 without Soft-NMS (sigma 0): V4 and the selected scores, padded
    # with zeros; a non-zero sigma Sluice refuses (Soft-NMS).
    "NonMaxSuppressionV5": {
        "dtypes": ["float32"],
        "data": ["boxes", "scores"],
        "fetches": ["out:0", "out:1", "out:2"],
        "variants": {
            "padded": {"constants": dict(nms_constants(5, 0.4, 0.2),
                                         soft_nms_sigma=np.float32(0)),
                       "attributes": {"pad_to_max_output_size": True},
                       "placeholder": {"boxes": [None, 4], "scores": [None]},
                       "shapes": [((12, 4), (12,)), ((3, 4), (3,))]},
            "unpadded": {"constants": dict(nms_constants(4, 0.5, 0.1),
                                           soft_nms_sigma=np.float32(0)),
                         "values": [NMS_BOXES[[0, 1, 4, 5, 6]], NMS_SCORES[[0, 1, 4, 5, 6]]]},
        },
    },
    "NonMaxSuppressionV2": {
        "dtypes": ["float32"],
        "data": ["boxes", "scores"],
        "variants": {
            "random": {"constants": {"max_output_size": np.int32(6),
                                     "iou_threshold": np.float32(0.3)},
                       "placeholder": {"boxes": [None, 4], "scores": [None]},
                       "shapes": [((10, 4), (10,)), ((2, 4), (2,))]},
            "lowest_score": {"constants": {"max_output_size": np.int32(3),
                                           "iou_threshold": np.float32(0.5)},
                             "values": [np.float32([[0, 0, 1, 1], [2, 2, 3, 3], [4, 4, 5, 5]]),
                                        np.float32([-np.inf, np.finfo(np.float32).min, 0])]},
        },
    },
    "NonMaxSuppression": {
        "dtypes": ["float32"],
        "data": ["boxes", "scores"],
        "variants": {
            "attribute": {"constants": {"max_output_size": np.int32(4)},
                          "attributes": {"iou_threshold": 0.25},
                          "values": [NMS_BOXES, NMS_SCORES]},
        },
    },
    # Blocks of 2 and 3, batches and empty ones; SpaceToDepth of a height
    # the block does not divide TF refuses.
    "DepthToSpace": {
        "dtypes": ["float32", "int32"],
        "data": ["input"],
        "variants": {
            "block2": {"attributes": {"block_size": 2}, "placeholder": [None, None, None, 8],
                       "shapes": [((1, 2, 3, 8),), ((2, 1, 1, 8),), ((0, 2, 2, 8),)]},
            "block3": {"attributes": {"block_size": 3}, "placeholder": [None, None, None, 9],
                       "shapes": [((1, 2, 2, 9),)]},
        },
    },
    "SpaceToDepth": {
        "dtypes": ["float32", "int32"],
        "data": ["input"],
        "variants": {
            "block2": {"attributes": {"block_size": 2}, "placeholder": [None, None, None, 3],
                       "shapes": [((1, 4, 6, 3),), ((2, 2, 2, 3),), ((1, 0, 2, 3),)]},
            "block3": {"attributes": {"block_size": 3}, "placeholder": [None, None, None, 1],
                       "shapes": [((1, 3, 6, 1),)]},
            "indivisible": {"attributes": {"block_size": 2},
                            "placeholder": [None, None, None, 2], "shapes": [((1, 3, 4, 2),)]},
        },
    },
    # Blocks of one and two dimensions, paddings and crops, a dimension
    # after the blocked ones; a padded size the block does not divide and a
    # batch it does not divide TF refuses.
    "SpaceToBatchND": {
        "dtypes": ["float32", "int32"],
        "data": ["input"],
        "ranked": True,
        "variants": {
            "two": {"constants": {"block_shape": np.int32([2, 3]),
                                  "paddings": np.int32([[1, 1], [0, 2]])},
                    "shapes": [((1, 4, 4, 2),), ((2, 2, 1, 1),)]},
            "one": {"constants": {"block_shape": np.int64([2]),
                                  "paddings": np.int64([[0, 1]])},
                    "shapes": [((3, 5, 2),), ((1, 1, 4),)]},
            "indivisible": {"constants": {"block_shape": np.int32([2]),
                                          "paddings": np.int32([[0, 0]])},
                            "shapes": [((1, 3),)]},
        },
    },
    "BatchToSpaceND": {
        "dtypes": ["float32", "int32"],
        "data": ["input"],
        "ranked": True,
        "variants": {
            "two": {"constants": {"block_shape": np.int32([2, 3]),
                                  "crops": np.int32([[1, 0], [0, 2]])},
                    "shapes": [((6, 2, 2, 2),), ((12, 1, 1, 1),)]},
            "one": {"constants": {"block_shape": np.int32([2]),
                                  "crops": np.int32([[0, 0]])},
                    "shapes": [((4, 3, 2),)]},
            "indivisible": {"constants": {"block_shape": np.int32([2]),
                                          "crops": np.int32([[0, 0]])},
                            "shapes": [((3, 2),)]},
            "crops_past": {"constants": {"block_shape": np.int32([2]),
                                         "crops": np.int32([[2, 1]])},
                           "shapes": [((2, 1),)]},
        },
    },
    "SpaceToBatch": {
        "dtypes": ["float32"],
        "data": ["input"],
        "ranked": True,
        "variants": {"square": {"constants": {"paddings": np.int32([[0, 1], [1, 0]])},
                                "attributes": {"block_size": 2},
                                "shapes": [((1, 3, 3, 2),)]}},
    },
    "BatchToSpace": {
        "dtypes": ["float32"],
        "data": ["input"],
        "ranked": True,
        "variants": {"square": {"constants": {"crops": np.int32([[0, 1], [1, 0]])},
                                "attributes": {"block_size": 2},
                                "shapes": [((4, 2, 2, 1),)]}},
    },
    # Values on, between and beyond the boundaries, NaN and infinities;
    # integers compared as floats; no boundaries.
    "Bucketize": {
        "dtypes": ["float32", "int32"],
        "data": ["input"],
        "variants": {
            "edges": {"attributes": {"boundaries": [-2.5, 0.0, 0.5, 3.0]},
                      "values": lambda dtype: [edge_values(dtype)[0]]},
            "random": {"attributes": {"boundaries": [-1.0, 1.0, 1.0, 100.0]},
                       "shapes": [((2, 3),), ((0,),), ((),)]},
            "none": {"attributes": {"boundaries": []}, "shapes": [((3,),)]},
        },
    },
    "BroadcastArgs": {
        "dtypes": ["int32", "int64"],
        "data": ["s0", "s1"],
        "variants": {
            "shapes": {"placeholder": {"s0": [3], "s1": [2]},
                       "values": [np.array([2, 1, 3]), np.array([4, 3])]},
            "ones": {"placeholder": {"s0": [2], "s1": [2]},
                     "values": [np.array([1, 5]), np.array([1, 1])]},
            "incompatible": {"placeholder": {"s0": [2], "s1": [1]},
                             "values": [np.array([2, 3]), np.array([4])]},
        },
    },
    "MatrixSetDiag": {
        "dtypes": ["float32", "int32"],
        "data": ["input", "diagonal"],
        "variants": {
            "wide": {"placeholder": {"input": [None, 2, 3], "diagonal": [None, 2]},
                     "shapes": [((2, 2, 3), (2, 2)), ((0, 2, 3), (0, 2))]},
            "tall": {"placeholder": {"input": [3, 2], "diagonal": [2]},
                     "shapes": [((3, 2), (2,))]},
        },
    },
    "MatrixSetDiagV3": {
        "dtypes": ["float32"],
        "data": ["input", "diagonal"],
        "variants": {
            "square": {"constants": {"k": np.int32(0)},
                       "placeholder": {"input": [None, 3, 3], "diagonal": [None, 3]},
                       "shapes": [((2, 3, 3), (2, 3))]},
        },
    },
    # TF's defaults (radius 5, beta 0.5), beta 1 and another beta.
    "LRN": {
        "dtypes": ["float32"],
        "data": ["input"],
        "ranked": True,
        "variants": {
            "defaults": {"shapes": [((1, 2, 2, 12),), ((2, 1, 1, 3),)]},
            "beta_one": {"attributes": {"depth_radius": 1, "bias": 2.0, "alpha": 0.5,
                                        "beta": 1.0},
                         "shapes": [((1, 2, 3, 4),)]},
            "beta": {"attributes": {"depth_radius": 2, "alpha": 0.25, "beta": 0.75},
                     "shapes": [((1, 1, 2, 6),)]},
        },
        "tolerance": "transcendental",
    },
    # Up and down, to one pixel, with each of TF's coordinate rules
    # (legacy, align_corners, half_pixel_centers); both set TF refuses.
    "ResizeNearestNeighbor": resize_cases(["float32", "int32"]),
    "ResizeBilinear": resize_cases(["float32", "int32"]),
    # Whole elements, rows, slices; int64 indices; an empty batch of
    # indices; an index past its dimension (TF refuses it).
    "GatherNd": {
        "dtypes": ["float32", "int32", "bool"],
        "data": ["params"],
        "variants": {
            "elements": {"constants": {"indices": np.int32([[1, 2], [0, 0], [1, 0]])},
                         "placeholder": [None, None], "shapes": [((2, 3),), ((3, 4),)]},
            "rows": {"constants": {"indices": np.int64([[[1]], [[0]]])},
                     "placeholder": [None, None, None], "shapes": [((2, 3, 2),)]},
            "empty": {"constants": {"indices": np.zeros((0, 2), np.int32)},
                      "placeholder": [None, None, None], "shapes": [((2, 3, 4),)]},
            "out_of_range": {"constants": {"indices": np.int32([[0, 3]])},
                             "placeholder": [None, None], "shapes": [((2, 3),)]},
        },
    },
    # Repeated tuples (they add up), slices, an index outside the shape
    # (TF refuses it).
    "ScatterNd": {
        "dtypes": ["float32", "int32"],
        "data": ["updates"],
        "variants": {
            "elements": {"constants": {"indices": np.int32([[1, 2], [0, 0], [1, 2]]),
                                       "shape": np.int32([2, 3])},
                         "placeholder": [3], "shapes": [((3,),)]},
            "rows": {"constants": {"indices": np.int64([[3], [0], [3]]),
                                   "shape": np.int64([5, 2])},
                     "placeholder": [3, 2], "shapes": [((3, 2),)]},
            "out_of_range": {"constants": {"indices": np.int32([[2]]),
                                           "shape": np.int32([2, 2])},
                             "placeholder": [1, 2], "shapes": [((1, 2),)]},
        },
    },
    "TensorScatterSub": {
        "dtypes": ["float32"],
        "data": ["tensor", "updates"],
        "variants": {
            "elements": {"constants": {"indices": np.int32([[0, 1], [1, 0]])},
                         "placeholder": {"tensor": [2, 2], "updates": [2]},
                         "shapes": [((2, 2), (2,))]},
        },
    },
    # Negative ids (dropped), repeated ids, empty segments (0 for Sum, TF's
    # lowest() / max() / 1 for Max / Min / Prod), an id past num_segments
    # and ids whose shape is not a prefix of data's (TF refuses both).
    **{op: unsorted_segment_spec(op) for op in (
        "UnsortedSegmentSum", "UnsortedSegmentProd", "UnsortedSegmentMax",
        "UnsortedSegmentMin")},
    # Sorted ids with a gap (an empty segment is 0, 1 for Prod), no ids,
    # unsorted and negative ids (TF refuses both).
    **{op: {
        "dtypes": ["float32", "int32"],
        "data": ["data"],
        "variants": {
            "rows": {"constants": {"segment_ids": np.int32([0, 0, 2, 3, 3])},
                     "placeholder": [5, None], "shapes": [((5, 3),), ((5, 0),)]},
            "vector": {"constants": {"segment_ids": np.int64([1, 1, 1])},
                       "placeholder": [3], "shapes": [((3,),)]},
            "no_ids": {"constants": {"segment_ids": np.zeros(0, np.int32)},
                       "placeholder": [0, 2], "shapes": [((0, 2),)]},
            "unsorted": {"constants": {"segment_ids": np.int32([1, 0])},
                         "placeholder": [2], "shapes": [((2,),)]},
            "negative": {"constants": {"segment_ids": np.int32([-1, 0])},
                         "placeholder": [2], "shapes": [((2,),)]},
        },
    } for op in ("SegmentSum", "SegmentProd", "SegmentMax", "SegmentMin", "SegmentMean")},
    # Repeated tuples (they add up; the last update wins; the maximum or
    # minimum of the tensor and all of them), slices, an index outside the
    # tensor.
    **{op: {
        "dtypes": ["float32", "int32"],
        "data": ["tensor", "updates"],
        "variants": {
            "rows": {"constants": {"indices": np.int32([[0], [2], [0]])},
                     "placeholder": {"tensor": [None, 2], "updates": [3, 2]},
                     "shapes": [((3, 2), (3, 2)), ((4, 2), (3, 2))]},
            "elements": {"constants": {"indices": np.int64([[0, 1], [1, 0], [0, 1]])},
                         "placeholder": {"tensor": [2, 2], "updates": [3]},
                         "shapes": [((2, 2), (3,))]},
            "out_of_range": {"constants": {"indices": np.int32([[0], [3]])},
                             "placeholder": {"tensor": [3], "updates": [2]},
                             "shapes": [((3,), (2,))]},
        },
    } for op in ("TensorScatterAdd", "TensorScatterUpdate", "TensorScatterMax",
                 "TensorScatterMin")},
    # The coordinates of the true (non-zero) elements, row-major.
    "Where": {
        "dtypes": ["bool", "float32", "int32"],
        "data": ["condition"],
        "ranked": True,
        "variants": {
            "matrix": {"values": lambda dtype: [np.array([[1, 0, 0, 2], [0, 0, 3, 0],
                                                          [4, 5, 0, 0]])]},
            "cube": {"values": lambda dtype: [np.array([[[0, 1], [1, 1]], [[0, 0], [1, 0]]])]},
            "none": {"values": lambda dtype: [np.zeros((2, 3))]},
            "empty": {"values": lambda dtype: [np.zeros((0, 3))]},
            "scalar": {"values": lambda dtype: [np.array(1)]},
        },
    },
    # Two index lists, a later index over an earlier one, rows of a matrix.
    **{op: {
        "dtypes": ["float32", "int32"],
        "data": ["a", "b"],
        "build": dynamic_stitch(op),
        "variants": {
            "overlap": {"constants": {"i": np.int32([0, 2, 1]), "j": np.int32([[3], [1]])},
                        "placeholder": {"a": [3], "b": [2, 1]}, "shapes": [((3,), (2, 1))]},
            "rows": {"constants": {"i": np.int32([[1, 0]]), "j": np.int32([2])},
                     "placeholder": {"a": [1, 2, None], "b": [1, None]},
                     "shapes": [((1, 2, 3), (1, 3))]},
            "negative": {"constants": {"i": np.int32([0, -1]), "j": np.int32([1])},
                         "placeholder": {"a": [2], "b": [1]}, "shapes": [((2,), (1,))]},
        },
    } for op in ("DynamicStitch", "ParallelDynamicStitch")},
    # Tuples, a vector's indices, a scalar value, indices out of order
    # (refused with validate_indices, the last wins without).
    "SparseToDense": {
        "dtypes": ["float32", "int32"],
        "data": ["sparse_values", "default_value"],
        "variants": {
            "tuples": {"constants": {"sparse_indices": np.int64([[0, 1], [1, 0], [1, 2]]),
                                     "output_shape": np.int64([2, 3])},
                       "placeholder": {"sparse_values": [3], "default_value": []},
                       "shapes": [((3,), ())]},
            "vector": {"constants": {"sparse_indices": np.int32([1, 3]),
                                     "output_shape": np.int32([5])},
                       "placeholder": {"sparse_values": [], "default_value": []},
                       "shapes": [((), ())]},
            "out_of_order": {"constants": {"sparse_indices": np.int32([[1, 0], [0, 1]]),
                                           "output_shape": np.int32([2, 2])},
                             "placeholder": {"sparse_values": [2], "default_value": []},
                             "shapes": [((2,), ())]},
            "unvalidated": {"constants": {"sparse_indices": np.int32([[1, 0], [0, 1], [1, 0]]),
                                          "output_shape": np.int32([2, 2])},
                            "attributes": {"validate_indices": False},
                            "placeholder": {"sparse_values": [3], "default_value": []},
                            "shapes": [((3,), ())]},
            "out_of_bounds": {"constants": {"sparse_indices": np.int32([[0, 2]]),
                                            "output_shape": np.int32([2, 2])},
                              "placeholder": {"sparse_values": [1], "default_value": []},
                              "shapes": [((1,), ())]},
        },
    },
    # Repeats, NaNs (each its own), -0 and 0 (one), no elements.
    **{op: {
        "dtypes": ["float32", "int32"],
        "data": ["x"],
        "fetches": ["out:0", "out:1"] + (["out:2"] if op == "UniqueWithCounts" else []),
        "ranked": True,
        "variants": {
            "repeats": {"values": lambda dtype: [np.array([3, 1, 3, 7, 1, 1, 0])],
                        "attributes": {"out_idx": "int64"}},
            "nan_zero": {"values": lambda dtype: [np.array([np.nan, 2, np.nan, -0.0, 0.0, 2])]
                         if dtype == "float32" else [np.array([5, 5, 5])]},
            "random": {"placeholder": [None], "shapes": [((6,),), ((0,),)]},
        },
    } for op in ("Unique", "UniqueWithCounts")},
    # TF's Max and Min start from -inf / +inf and propagate NaN (TFLite's
    # REDUCE_MAX/MIN start from lowest()/max() and skip NaN): rows with NaN,
    # only infinities, nothing; keep_dims and a negative axis.
    **{op: {
        "dtypes": ["float32", "int32"],
        "data": ["input"],
        "ranked": True,
        "variants": {
            "edges": {"constants": {"axis": np.int32([1])},
                      "values": lambda dtype: [
                          np.array([[np.nan, 1], [-np.inf, -np.inf], [np.inf, np.inf],
                                    [2, -3]]) if dtype == "float32"
                          else np.array([[5, 1], [-7, 0], [2, 2], [2, -3]])]},
            "keep_dims": {"constants": {"axis": np.int32([-1, 0])},
                          "attributes": {"keep_dims": True},
                          "placeholder": [None, None, None],
                          "shapes": [((2, 3, 4),)]},
            "empty": {"constants": {"axis": np.int32([1])},
                      "placeholder": [None, None], "shapes": [((3, 0),)]},
        },
    } for op in ("Max", "Min")},
    # Each output its own input's type (a cast one among them).
    "IdentityN": {
        "dtypes": ["float32"],
        "data": ["a", "b"],
        "build": identity_n,
        "fetches": ["out:0", "out:1", "out:2"],
        "variants": {"mixed": {"shapes": [((2, 3), (4,))]}},
    },
    # Keras' attention equations (batch, free and contracted labels in
    # several orders), a matmul, an outer product, a label summed away, one
    # operand (transpose, sum).
    "Einsum": {
        "dtypes": ["float32"],
        "data": ["a", "b"],
        "build": einsum,
        "variants": {
            "matmul": dict(einsum_case("ij,jk->ik", ((2, 3), (3, 4)), ((0, 3), (3, 2))),
                           empty_not_on={"tflite": "LiteRT's BATCH_MATMUL (XNNPack) fails to "
                                                   "reshape for an empty operand"}),
            "attention_scores": einsum_case("aecd,abcd->acbe", ((2, 3, 4, 5), (2, 6, 4, 5))),
            "attention_values": einsum_case("acbe,aecd->abcd", ((2, 4, 6, 3), (2, 3, 4, 5))),
            "projection": einsum_case("abc,cde->abde", ((2, 3, 4), (4, 2, 5))),
            "outer": einsum_case("i,j->ij", ((3,), (4,))),
            "summed": einsum_case("ij,kj->i", ((2, 3), (4, 3))),
        },
        "tolerance": "transcendental",
    },
    "EinsumUnary": {
        "dtypes": ["float32"],
        "data": ["a"],
        "build": einsum,
        "variants": {
            "transpose": einsum_case("abc->cab", ((2, 3, 4),)),
            "sum": einsum_case("abc->b", ((2, 3, 4),)),
        },
    },
    "FusedBatchNorm": batch_norm("FusedBatchNorm"),
    "FusedBatchNormV2": batch_norm("FusedBatchNormV2"),
    "FusedBatchNormV3": batch_norm("FusedBatchNormV3"),
    "CheckNumerics": {
        "dtypes": ["float32"],
        "data": ["tensor"],
        "variants": {
            "finite": {"attributes": {"message": "checked"}, "shapes": [((2, 3),), ((0,),)]},
            "nan": {"attributes": {"message": "checked"},
                    "values": [np.float32([1, np.nan, 2])]},
            "inf": {"attributes": {"message": "checked"},
                    "values": [np.float32([[1, -np.inf]])]},
        },
    },
    "EnsureShape": {
        "dtypes": ["float32"],
        "data": ["input"],
        "variants": {
            "rows": {"attributes": {"shape": [2, None]}, "placeholder": [None, None],
                     "shapes": [((2, 3),), ((2, 0),)]},
            "wrong_rows": {"attributes": {"shape": [2, None]}, "placeholder": [None, None],
                           "shapes": [((3, 3),)]},
        },
    },
    "SoftmaxCrossEntropyWithLogits": {
        "ranked": True,
        "dtypes": ["float32"],
        "data": ["features", "labels"],
        "fetches": ["out:0", "out:1"],
        "variants": {
            "edges": {"values": [XENT_LOGITS,
                                 np.float32([[0, 0, 0, 1], [0.5, 0.5, 0, 0], [0, 1, 0, 0],
                                             [0.25, 0.25, 0.25, 0.25]])]},
            "random": {"shapes": [((3, 5), (3, 5)), ((0, 5), (0, 5))]},
            "broadcast": {"shapes": [((1, 4), (3, 4)), ((3, 4), (1, 4))]},
        },
        "tolerance": "transcendental",
    },
    "SparseSoftmaxCrossEntropyWithLogits": {
        "ranked": True,
        "dtypes": ["float32"],
        "data": ["features"],
        "fetches": ["out:0", "out:1"],
        "variants": {
            "edges": {"constants": {"labels": np.int32([3, 0, 1, 2])},
                      "values": [XENT_LOGITS]},
            "int64": {"constants": {"labels": np.int64([4, 0])}, "shapes": [((2, 5),)]},
            "past_classes": {"constants": {"labels": np.int32([1, 4])},
                             "shapes": [((2, 4),)]},
            "negative": {"constants": {"labels": np.int32([-1])}, "shapes": [((1, 3),)]},
        },
        "tolerance": "transcendental",
    },
}


STRUCTURED = {
    "ArgMax": ARG_REDUCTION,
    "ArgMin": ARG_REDUCTION,
    "BroadcastTo": {
        "dtypes": ["float32", "int32", "bool"],
        "data": ["input"],
        "variants": {
            "rows": {"constants": {"shape": np.int32([4, 3])},
                     "shapes": [((3,),), ((1, 3),), ((4, 1),), ((4, 3),), ((2, 3),)]},
            "rank3": {"constants": {"shape": np.int32([2, 0, 3])},
                      "shapes": [((1, 1, 3),), ((3,),)]},
            "scalar": {"constants": {"shape": np.int32([2, 2])}, "shapes": [((),)],
                       "edges": False},
            "fewer_dims": {"constants": {"shape": np.int32([3])}, "shapes": [((2, 3),)]},
        },
    },
    "Conv2D": convolution_cases([3, 2, 3, 4], [2, 2, 3, 6], depthwise=False),
    "Conv2DBackpropInput": convolution_gradient_cases("input_sizes", "filter", "out_backprop"),
    "Conv2DBackpropFilter": convolution_gradient_cases("filter_sizes", "input", "out_backprop"),
    "DepthwiseConv2dNativeBackpropInput": convolution_gradient_cases(
        "input_sizes", "filter", "out_backprop", depthwise=True),
    "DepthwiseConv2dNativeBackpropFilter": convolution_gradient_cases(
        "filter_sizes", "input", "out_backprop", depthwise=True),
    "MaxPoolGrad": pool_gradient_cases("MaxPoolGrad"),
    "AvgPoolGrad": pool_gradient_cases("AvgPoolGrad"),
    "DepthwiseConv2dNative": convolution_cases([3, 2, 3, 2], [2, 2, 3, 3], depthwise=True),
    "MaxPool": pool_cases(["float32", "int32"], "input"),
    "AvgPool": pool_cases(["float32"], "value"),
    "Cumsum": SCAN,
    "Cumprod": SCAN,
    "Softmax": SOFTMAX,
    "LogSoftmax": SOFTMAX,
    "Pad": {
        "dtypes": ["float32", "int32", "bool"],
        "data": ["input"],
        "variants": {
            "both_sides": {"constants": {"paddings": np.int32([[1, 0], [2, 1]])},
                           "placeholder": [None, None],
                           "shapes": [((2, 3),), ((1, 1),), ((0, 2),)], "edges": True},
            "none": {"constants": {"paddings": np.zeros((1, 2), np.int32)},
                     "placeholder": [None], "shapes": [((4,),)]},
        },
    },
    "PadV2": {
        "dtypes": ["float32", "int32"],
        "data": ["input"],
        "variants": {
            "value": {"constants": {"paddings": np.int32([[0, 2], [1, 1], [0, 0]]),
                                    "constant_values": np.float32(-7)},
                      "placeholder": [None, None, None],
                      "shapes": [((1, 2, 3),), ((2, 0, 1),)]},
        },
    },
    # REFLECT takes paddings up to the size less one, SYMMETRIC up to the
    # size; TF refuses more (the last shape of each variant).
    "MirrorPad": {
        "dtypes": ["float32", "int32"],
        "data": ["input"],
        "variants": {
            "reflect": {"constants": {"paddings": np.int32([[2, 1], [0, 2]])},
                        "attributes": {"mode": "REFLECT"}, "placeholder": [None, None],
                        "shapes": [((3, 4),), ((5, 3),), ((2, 3),)]},
            "symmetric": {"constants": {"paddings": np.int32([[1, 2], [2, 0]])},
                          "attributes": {"mode": "SYMMETRIC"}, "placeholder": [None, None],
                          "shapes": [((2, 2),), ((3, 5),), ((1, 2),)]},
        },
    },
    # Lengths up to the sequence's size (the last shape of the first
    # variant is shorter than a length: TF refuses it).
    "ReverseSequence": {
        "dtypes": ["float32", "int32", "bool"],
        "data": ["input"],
        "variants": {
            "rows": {"constants": {"seq_lengths": np.int64([2, 0, 4])},
                     "attributes": {"seq_dim": 1, "batch_dim": 0},
                     "placeholder": [3, None],
                     "shapes": [((3, 4),), ((3, 6),), ((3, 3),)]},
            "batch_last": {"constants": {"seq_lengths": np.int32([3, 1])},
                           "attributes": {"seq_dim": 0, "batch_dim": 2},
                           "placeholder": [None, 4, 2],
                           "shapes": [((3, 4, 2),), ((5, 4, 2),)]},
        },
    },
    # Indices in range, negative and past the depth.
    "OneHot": {
        "dtypes": ["int32", "int64"],
        "data": ["indices"],
        "variants": {
            "last": {"constants": {"depth": np.int32(4), "on_value": np.float32(2.5),
                                   "off_value": np.float32(-1)},
                     "values": [np.array([[0, 3, -1], [4, 1, 2]])]},
            "axis0": {"constants": {"depth": np.int32(3), "on_value": np.float32(1),
                                    "off_value": np.float32(0)},
                      "attributes": {"axis": 0},
                      "values": [np.array([2, 0, 5, 1])]},
            "empty_depth": {"constants": {"depth": np.int32(0), "on_value": np.float32(1),
                                          "off_value": np.float32(0)},
                            "values": [np.array([1, 0])]},
        },
    },
    # Ties (the lower index first), k = 1 (TF's own path), k = n and k = 0,
    # extremes and -0 (NaN's order is TF's sort's accident:
    # docs/tensorflow.md); k past the row TF refuses.
    "TopKV2": {
        "dtypes": ["float32", "int32", "int64"],
        "data": ["input"],
        "fetches": ["out:0", "out:1"],
        "variants": {
            "ties": {"constants": {"k": np.int32(4)},
                     "values": [np.array([[1, 3, 2, 3, 0, 3], [5, -1, 5, 5, -7, 2]])]},
            "k_one": {"constants": {"k": np.int32(1)},
                      "values": [np.array([[2, 7, 7, 1], [0, 0, 0, 0], [-3, -9, -3, -4]])]},
            "whole_row": {"constants": {"k": np.int32(5)},
                          "values": [np.array([4, 1, 4, 0, 1])]},
            "random": {"constants": {"k": np.int32(3)}, "placeholder": [None, None, None],
                       "shapes": [((2, 2, 5),), ((1, 1, 3),)]},
            # LiteRT's TOPK_V2 refuses empty rows ("Invalid tensor size").
            "empty": {"constants": {"k": np.int32(3)}, "placeholder": [None, None, None],
                      "shapes": [((0, 2, 4),)]},
            "k_past_row": {"constants": {"k": np.int32(3)}, "placeholder": [None, None, None],
                           "shapes": [((1, 2, 2),)]},
            "zero_k": {"constants": {"k": np.int32(0)}, "shapes": [((2, 3),)]},
            "extremes": {"constants": {"k": np.int32(4)},
                         "values": lambda dtype: [top_k_extremes(dtype)]},
            "index_int64": {"constants": {"k": np.int64(2)},
                            "attributes": {"index_type": "int64"},
                            "values": [np.array([[3, 9, 1], [2, 2, 8]])]},
        },
    },
    # Overlapping, flipped and empty boxes, tied scores, scores at the
    # threshold; padded and not; nothing above the threshold; an IoU
    # threshold outside [0, 1] TF refuses.
    "NonMaxSuppressionV4": {
        "dtypes": ["float32"],
        "data": ["boxes", "scores"],
        "fetches": ["out:0", "out:1"],
        "variants": {
            "overlaps": {"constants": nms_constants(4, 0.5, 0.1),
                         "values": [NMS_BOXES, NMS_SCORES]},
            "padded": {"constants": nms_constants(7, 0.3, 0.0),
                       "attributes": {"pad_to_max_output_size": True},
                       "values": [NMS_BOXES, NMS_SCORES]},
            "few_outputs": {"constants": nms_constants(2, 0.0, -1.0),
                            "values": [NMS_BOXES, NMS_SCORES]},
            "none_above": {"constants": nms_constants(3, 0.5, 0.95),
                           "attributes": {"pad_to_max_output_size": True},
                           "values": [NMS_BOXES, NMS_SCORES]},
            "random": {"constants": nms_constants(5, 0.4, 0.2),
                       "placeholder": {"boxes": [None, 4], "scores": [None]},
                       "shapes": [((12, 4), (12,)), ((3, 4), (3,))]},
            "iou_outside": {"constants": nms_constants(3, 1.5, 0.0),
                            "values": [NMS_BOXES, NMS_SCORES]},
        },
    },
    "Prod": {
        "dtypes": ["float32", "int32"],
        "data": ["input"],
        "variants": {
            "axis1": {"constants": {"axis": np.int32([1])},
                      "shapes": [((2, 3),), ((0, 3),), ((4, 0),), ((1, 5, 2),)], "edges": True},
            "axes_keep_dims": {"constants": {"axis": np.int32([-1, 0])},
                               "attributes": {"keep_dims": True},
                               "shapes": [((2, 3),), ((3, 1, 4),), ((0, 2),)], "edges": True},
            "scalar_axis": {"constants": {"axis": np.int32(0)},
                            "shapes": [((3,),), ((2, 2),)]},
        },
    },
    "Rank": {
        "dtypes": ["float32", "int32"],
        "data": ["input"],
        "variants": {"of": {"shapes": [((2, 3),), ((),), ((0, 4, 1),), ((1, 1, 1, 1, 2),)]}},
    },
    "ReverseV2": {
        "dtypes": ["float32", "int32", "bool"],
        "data": ["tensor"],
        "variants": {
            "axis0": {"constants": {"axis": np.int32([0])},
                      "shapes": [((5,),), ((2, 3),), ((0, 2),), ((1, 4, 2),)], "edges": True},
            # LiteRT 2.3's REVERSE_V2 crashes (SIGSEGV) on an empty tensor.
            "negative_axes": {"constants": {"axis": np.int32([-1, 0])},
                              "empty_not_on": {"tflite": "LiteRT's REVERSE_V2 crashes on an empty tensor"},
                              "placeholder": [None, None],
                              "shapes": [((2, 3),), ((2, 0),)], "edges": True},
            "apart": {"constants": {"axis": np.int32([2, 0])},
                      "shapes": [((3, 1, 4),), ((2, 2, 2, 2),)]},
            "no_axes": {"constants": {"axis": np.zeros((0,), np.int32)},
                        "shapes": [((2, 3),), ((),)]},
            "repeated_axis": {"constants": {"axis": np.int32([1, -1])},
                              "shapes": [((2, 3),)]},
        },
    },
    "Size": {
        "dtypes": ["float32"],
        "data": ["input"],
        "variants": {
            "int32": {"shapes": [((2, 3),), ((),), ((0, 4, 1),)]},
            "int64": {"attributes": {"out_type": "int64"}, "shapes": [((2, 3),), ((5,),)]},
        },
    },
    # TF's Split through lite.split, along dimensions known only at run
    # time (the last shape of "dynamic" does not divide: TF refuses it).
    "Split": {
        "dtypes": ["float32", "int32"],
        "data": ["value"],
        "fetches": ["out:0", "out:1"],
        "variants": {
            "dynamic": {"constants": {"axis": np.int32(1)}, "attributes": {"num_split": 2},
                        "placeholder": [None, None],
                        "shapes": [((2, 6),), ((1, 2),), ((3, 0),)]},
            "indivisible": {"constants": {"axis": np.int32(1)}, "attributes": {"num_split": 2},
                            "placeholder": [None, None], "shapes": [((2, 3),)]},
            "negative_axis": {"constants": {"axis": np.int32(-3)},
                              "attributes": {"num_split": 2}, "placeholder": [4, None, None],
                              "shapes": [((4, 2, 3),)]},
        },
    },
    "SplitV": {
        "dtypes": ["float32", "int32"],
        "data": ["value"],
        "fetches": ["out:0", "out:1", "out:2"],
        "variants": {
            "sizes": {"constants": {"size_splits": np.int32([1, 3, 2]), "axis": np.int32(1)},
                      "attributes": {"num_split": 3}, "placeholder": [None, 6],
                      "shapes": [((2, 6),), ((3, 6),)]},
            # LiteRT refuses an empty tensor through SLICE ("Invalid tensor
            # size"): the empty input and the empty part are their own cases.
            "empty": {"constants": {"size_splits": np.int32([1, 3, 2]), "axis": np.int32(1)},
                      "attributes": {"num_split": 3}, "placeholder": [None, 6],
                      "shapes": [((0, 6),)]},
            "empty_part": {"constants": {"size_splits": np.int32([0, 2, -1]), "axis": np.int32(0)},
                           "attributes": {"num_split": 3}, "placeholder": [4],
                           "shapes": [((4,),)]},
            "rest_negative_axis": {"constants": {"size_splits": np.int32([2, -1, 1]),
                                                 "axis": np.int32(-2)},
                                   "attributes": {"num_split": 3}, "placeholder": [None, 5, None],
                                   "shapes": [((1, 5, 2),), ((3, 5, 1),)]},
        },
    },
}

STRUCTURED.update(COMPOSITIONS)


def structured_graph(tf, tf_op, dtype, spec, variant):
    graph = tf.Graph()
    with graph.as_default():
        shape = variant.get("placeholder")
        if shape is None and spec.get("ranked"):
            # Placeholders of the runs' ranks, every size unknown.
            values = variant.get("values")
            values = values(dtype) if callable(values) else values
            ranks = ([np.ndim(v) for v in values] if values is not None
                     else [len(s) for s in variant["shapes"][0]])
            shape = {name: [None] * rank for name, rank in zip(spec["data"], ranks)}
        inputs = {name: tf.compat.v1.placeholder(
                      dtype, shape=shape.get(name) if isinstance(shape, dict) else shape,
                      name=name)
                  for name in spec["data"]}
        for name, value in variant.get("constants", {}).items():
            # A padding value takes the op's element type.
            inputs[name] = tf.constant(value.astype(dtype) if name == "constant_values"
                                       else value, name=name)
        if "build" in spec:  # an op whose operands are not all named (a list)
            spec["build"](tf, inputs, variant.get("attributes", {}))
        else:
            getattr(tf.raw_ops, tf_op)(**inputs, **variant.get("attributes", {}), name="out")
    return graph.as_graph_def()


def structured_runs(spec, variant, dtype, seed):
    runs = []
    if "values" in variant:
        values = variant["values"]
        if callable(values):  # values of the dtype's own
            values = values(dtype)
        return [{name: value.astype(dtype) for name, value in zip(spec["data"], values)}]
    for k, shapes in enumerate(variant["shapes"]):
        runs.append({name: random_values(dtype, shape, seed + 16 * k + i)
                     for i, (name, shape) in enumerate(zip(spec["data"], shapes))})
    if variant.get("edges") and dtype != "bool":
        edges, _, _ = edge_values(dtype)
        runs.append({name: edges.reshape(1, -1) for name in spec["data"]})
    return runs


def write_structured(tf, writer):
    for tf_op, spec in sorted(STRUCTURED.items()):
        for dtype in spec["dtypes"]:
            for variant_name, variant in spec["variants"].items():
                name = f"{tf_op}_{dtype}_{variant_name}"
                described = "".join(f", {k}={v}" for k, v in variant.get("attributes", {}).items())
                writer.write(name, "ops_structured", "tf1",
                             f"TF's {tf_op} on {dtype} ({variant_name.replace('_', ' ')}{described})",
                             structured_graph(tf, tf_op, dtype, spec, variant), spec["data"],
                             spec.get("fetches", ["out:0"]),
                             structured_runs(spec, variant, dtype, stable_seed(name)),
                             spec.get("tolerance", "exact"))
                if variant.get("empty_not_on"):
                    mark_empty_not_run_on(
                        os.path.join(writer.out, "ops_structured", name + ".json"),
                        variant["empty_not_on"])


def mark_empty_not_run_on(path, engines):
    """Keeps the runs with an empty input off `engines` ({engine: why}):
    tf_differential.py neither runs nor judges them there."""
    with open(path) as f:
        meta = json.load(f)
    for run in meta["runs"]:
        if any(0 in value["shape"] for value in run["inputs"].values()):
            run["not_run_on"] = engines
    with open(path, "w") as f:
        json.dump(meta, f, indent=1)
        f.write("\n")


def mark_unjudged(path, reasons):
    """Records on each run of a written program why its values are not
    judged, where they are not."""
    with open(path) as f:
        meta = json.load(f)
    for run, reason in zip(meta["runs"], reasons):
        if reason:
            run["unjudged"] = reason
    with open(path, "w") as f:
        json.dump(meta, f, indent=1)
        f.write("\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops", default=OP_TABLE, help="the op table (lite-ops.json)")
    parser.add_argument("--out", default=OUT)
    parser.add_argument("--out-gradients", default=OUT_GRADIENTS)
    args = parser.parse_args()
    import tensorflow as tf
    tf.get_logger().setLevel("ERROR")
    gen_corpus.tf = tf
    with open(args.ops) as f:
        table = json.load(f)["ops"]
    if os.path.isdir(args.out):
        shutil.rmtree(args.out)
    writer = gen_corpus.Writer(args.out)
    skipped = []
    for op in table:
        if op["kind"] not in ("unary", "predicate", "binary", "compare") or not op["tf_ops"]:
            continue
        two = op["kind"] in ("binary", "compare")
        operands = ["x", "y"] if two else ["x"]
        attributes = {name: ATTRIBUTE_VALUES[kind] for name, kind in op.get("attributes", {}).items()}
        directory = "ops_binary" if two else "ops_unary"
        for tf_op in op["tf_ops"]:
            for dtype in DTYPES.get(op["kernel_types"], []):
                if not tf_has_kernel(tf, tf_op, dtype, operands, attributes):
                    skipped.append(f"{tf_op} {dtype}")
                    continue
                seed = stable_seed(tf_op)
                runs = (binary_runs if two else unary_runs)(dtype, seed)
                name = f"{tf_op}_{dtype}"
                described = "".join(f", {k}={v}" for k, v in attributes.items())
                writer.write(name, directory, "tf1",
                             f"lite.{op['mnemonic']} from TF's {tf_op} on {dtype}{described}: "
                             + ("edge value pairs, extremes, denormals, broadcast random, empty, scalar"
                                if two else
                                "edge values, extremes, denormals, random, empty, scalar"),
                             op_graph(tf, tf_op, dtype, operands, attributes), operands, ["out:0"],
                             [inputs for inputs, _ in runs], op["tf_tolerance"])
                mark_unjudged(os.path.join(args.out, directory, name + ".json"),
                              [reason for _, reason in runs])
    write_structured(tf, writer)
    # The gradients: TF's tf.gradients of each op with a gradient rule, at
    # random points, with operands that broadcast (test/tf/grad_vs_tf.py
    # runs sluicec --grad on the forward part and compares).
    if os.path.isdir(args.out_gradients):
        shutil.rmtree(args.out_gradients)
    gradients = gen_corpus.Writer(args.out_gradients)
    for op in table:
        if not op["gradient"] or not op["tf_ops"] or op["kernel_types"] not in ("float", "numeric"):
            continue
        shapes = [("x", [2, 3]), ("y", [3])] if op["kind"] == "binary" else [("x", [2, 3])]
        attributes = {name: ATTRIBUTE_VALUES[kind] for name, kind in op["attributes"].items()}
        for tf_op in op["tf_ops"]:
            graph_def, fetches = gradient_graph(tf, tf_op, shapes, attributes)
            gradients.write(f"{tf_op}_gradient", "ops", "tf1",
                         f"tf.gradients of TF's {tf_op} (lite.{op['mnemonic']}) at random points",
                         graph_def, [name for name, _ in shapes], ["out:0"] + fetches,
                         gradient_runs(op, shapes, stable_seed(tf_op + "_gradient")), "gradient")
    print(f"wrote {writer.count} op cases to {args.out}, {gradients.count} gradients to "
          f"{args.out_gradients}"
          + (f"; TF has no CPU kernel for: {', '.join(skipped)}" if skipped else ""))


if __name__ == "__main__":
    main()
