#!/usr/bin/env python3
"""Which TF ops TensorFlow's own TFLite converter maps to TFLite builtins.

A measurement, not a belief: for every op of a curated table of TF compute
ops (raw op names, as in tf.raw_ops: elementwise math of tf.math, casts,
comparisons, bitwise ops, reductions, scans and segment ops, array ops,
nn and image ops, linear algebra, FFTs, random ops, the gradient ops of
training graphs) this builds one concrete example,

    tf.function(lambda *operands: tf.raw_ops.Op(...), input_signature=...)

with static shapes and a sensible element type (float32 unless the op needs
integers, booleans or complex numbers), and converts it with the installed
TensorFlow's converter,

    tf.lite.TFLiteConverter.from_concrete_functions([cf], trackable)
    target_spec.supported_ops = [tf.lite.OpsSet.TFLITE_BUILTINS]

(builtins only, no Select TF ops, no optimizations). Data operands are
placeholders (function arguments), so that nothing folds; operands that an
op needs constant (axes, paddings, sizes, shapes, k) and the weights of a
trained model (a convolution's filter, MatMul's b, batch norm's statistics)
are constants. Shape, ShapeN, Size and Rank take operands of unknown
dimensions (of unknown rank for Rank): on static shapes the converter
folds them. The function returns every result of the op, except where a
model uses only some (FusedBatchNorm's y: the converter lowers it only
then).

test/tf/data/tf_converter_builtins.json records, per TF op (sorted by name):
  * "builtins": the TFLite builtin operators of the converted model, in the
    order of their first use ([] with "folded": "constant" when the model
    has no operator and computes a constant, "folded": "identity" when it
    passes an input through, as for Identity);
  * or "error": the converter's refusal (its first meaningful line) and
    "error_code" (ERROR_NEEDS_FLEX_OPS, ERROR_NEEDS_CUSTOM_OPS, ...); such
    an op is converted again with Select TF ops allowed: "flex": true and
    "flex_ops" (the operators of that model, FlexOp names and builtins)
    when it then converts (the op needs the flex delegate), "flex": false
    when it does not either (only a custom op would do);
  * "dtype": the element type the example computes on (its first fed
    operand's unless the example says, as for Select's data; its first
    result's when nothing is fed);
  * for a model that converted: "runs": whether LiteRT
    (ai_edge_litert.interpreter.Interpreter, num_threads=1, its default
    delegates) allocates and invokes it on inputs of ones (or of the values
    the example gives, where ones are not valid, such as permutations and
    batch indices), with "run_error" where it does not.
The script prints "N ops: M map to builtins, K refused" (and how many
folded).

usage:
    .venv/bin/python utils/measure_tf_builtins.py [--out PATH] [--only Op1,Op2]
--only measures the named ops and merges them into the existing output
(written by the same TensorFlow version); --verbose keeps the converter's
and LiteRT's own logging on stderr. One process, one thread of LiteRT,
about 0.1 s an op (0.3 s for a refused one): under a minute in all.
"""
import argparse
import contextlib
import inspect
import json
import os
import re
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.normpath(os.path.join(HERE, "..", "test", "tf", "data", "tf_converter_builtins.json"))

F, I, B, C = "float32", "int32", "bool", "complex64"


class Input:
    """An operand fed at run time: an argument of the function. `value` is
    what LiteRT is fed (ones unless given); a dynamic operand's TensorSpec
    has the shape `signature` (None: unknown rank), and LiteRT resizes it
    to `shape`."""

    def __init__(self, shape, dtype=F, value=None, signature=None, dynamic=False):
        self.shape = tuple(shape)
        self.dtype = dtype
        self.value = value
        self.dynamic = dynamic
        self.signature = signature if dynamic else self.shape

    def feed(self):
        if self.value is not None:
            return np.array(self.value, dtype=self.dtype).reshape(self.shape)
        return np.ones(self.shape, dtype=self.dtype)


class Const:
    """An operand that is a constant of the graph."""

    def __init__(self, value, dtype=I):
        self.value = np.array(value, dtype=dtype)


def P(*shape, dtype=F, value=None):
    """A placeholder operand."""
    return Input(shape, dtype, value)


def D(signature, shape, dtype=F):
    """A placeholder operand of unknown dimensions (fed `shape`)."""
    return Input(shape, dtype, signature=signature, dynamic=True)


def K(value, dtype=I):
    """A constant operand (int32 unless told)."""
    return Const(value, dtype)


def W(*shape):
    """A constant float32 weight of seeded values."""
    return Const(np.random.RandomState(len(shape) * 31 + sum(shape)).uniform(-1, 1, shape), F)


def eye(n):
    """An invertible, positive definite n x n matrix."""
    return np.eye(n) * 2 + 0.25


class Example:
    """One concrete use of a TF op: operands (Input, Const or lists of them)
    in the order of the op's input arguments or by name, attributes, and
    the element type it computes on where that is not its first fed
    operand's (`_dtype`: Select's data, not its condition), and the results
    the function returns where not all (`_outputs`: indices; an inference
    graph uses only FusedBatchNormV3's y, and the converter lowers it only
    then)."""

    def __init__(self, op, args, kwargs):
        self.op = op
        self.dtype = kwargs.pop("_dtype", None)
        self.outputs = kwargs.pop("_outputs", None)
        self.args = list(args)
        self.inputs = {k: v for k, v in kwargs.items() if is_operand(v)}
        self.attrs = {k: v for k, v in kwargs.items() if not is_operand(v)}

    def placeholders(self):
        """(name, Input) of every fed operand, in argument order."""
        found = []
        for value in self.args + list(self.inputs.values()):
            for item in value if isinstance(value, list) else [value]:
                if isinstance(item, Input):
                    found.append((f"in{len(found)}", item))
        return found


def is_operand(value):
    if isinstance(value, list):
        return bool(value) and all(isinstance(v, (Input, Const)) for v in value)
    return isinstance(value, (Input, Const))


EXAMPLES = {}


def op(name, *args, **kwargs):
    """Adds the example of TF op `name`: tf.raw_ops.name(*args, **kwargs)."""
    assert name not in EXAMPLES, name
    EXAMPLES[name] = Example(name, args, kwargs)


# --- Elementwise ---------------------------------------------------------
UNARY_FLOAT = """Abs Acos Acosh Asin Asinh Atan Atanh BesselI0 BesselI0e BesselI1 BesselI1e
    BesselJ0 BesselJ1 BesselK0 BesselK0e BesselK1 BesselK1e BesselY0 BesselY1 Ceil Cos Cosh
    Dawsn Digamma Elu Erf Erfc Erfinv Exp Expint Expm1 Floor FresnelCos FresnelSin Inv IsFinite
    IsInf IsNan Lgamma Log Log1p Ndtri Neg OnesLike Reciprocal Relu Relu6 Rint Round Rsqrt Selu
    Sigmoid Sign Sin Sinh Softplus Softsign Spence Sqrt Square Tan Tanh ZerosLike""".split()
BINARY_FLOAT = """Add AddV2 Atan2 Div DivNoNan Equal FloorDiv FloorMod Greater GreaterEqual Igamma
    Igammac Less LessEqual Maximum Minimum Mod Mul MulNoNan NextAfter NotEqual Polygamma Pow
    RealDiv SquaredDifference Sub Xdivy Xlog1py Xlogy Zeta""".split()
BINARY_INT = "BitwiseAnd BitwiseOr BitwiseXor LeftShift RightShift TruncateDiv TruncateMod".split()
GRADIENTS = """ReluGrad Relu6Grad EluGrad SeluGrad SoftplusGrad SoftsignGrad LeakyReluGrad
    SigmoidGrad TanhGrad RsqrtGrad SqrtGrad ReciprocalGrad InvGrad""".split()

for _name in UNARY_FLOAT:
    op(_name, P(2, 3))
op("LeakyRelu", P(2, 3), alpha=0.2)
op("Invert", P(2, 3, dtype=I))
op("PopulationCount", P(2, 3, dtype=I))
op("LogicalNot", P(2, 3, dtype=B))
for _name in BINARY_FLOAT:
    op(_name, P(2, 3), P(2, 3))
op("ApproximateEqual", P(2, 3), P(2, 3), tolerance=0.01)
for _name in BINARY_INT:
    op(_name, P(2, 3, dtype=I), P(2, 3, dtype=I))
op("LogicalAnd", P(2, 3, dtype=B), P(2, 3, dtype=B))
op("LogicalOr", P(2, 3, dtype=B), P(2, 3, dtype=B))
op("Betainc", P(2, 3), P(2, 3), P(2, 3, value=[0.5] * 6))
op("Select", P(2, 3, dtype=B), P(2, 3), P(2, 3), _dtype=F)
op("SelectV2", P(2, 3, dtype=B), P(2, 3), P(3), _dtype=F)
op("ClipByValue", P(2, 3), K(0.0, F), K(0.5, F))
op("AddN", [P(2, 3), P(2, 3), P(2, 3)])
op("Cast", P(2, 3), DstT="int32")
op("Bitcast", P(2, 3), type="int32")
for _name in ["ComplexAbs", "Real", "Imag", "Angle", "Conj"]:
    op(_name, P(2, 3, dtype=C))
op("Complex", P(2, 3), P(2, 3))
for _name in GRADIENTS:
    op(_name, P(2, 3), P(2, 3))

# --- Reductions, scans, segments -------------------------------------------
for _name in ["Sum", "Prod", "Mean", "Max", "Min", "EuclideanNorm"]:
    op(_name, P(2, 3), K([1]))
op("All", P(2, 3, dtype=B), K([1]))
op("Any", P(2, 3, dtype=B), K([1]))
op("ArgMax", P(2, 3), K(1))
op("ArgMin", P(2, 3), K(1))
for _name in ["Cumsum", "Cumprod", "CumulativeLogsumexp"]:
    op(_name, P(2, 3), K(1))
op("L2Loss", P(2, 3))
for _name in ["SegmentSum", "SegmentProd", "SegmentMax", "SegmentMin", "SegmentMean"]:
    op(_name, P(3, 2), P(3, dtype=I, value=[0, 1, 1]))
for _name in ["UnsortedSegmentSum", "UnsortedSegmentMax", "UnsortedSegmentMin",
              "UnsortedSegmentProd"]:
    op(_name, P(3, 2), P(3, dtype=I, value=[1, 0, 1]), K(2))
for _name in ["SparseSegmentSum", "SparseSegmentMean", "SparseSegmentSqrtN"]:
    op(_name, P(3, 2), P(2, dtype=I, value=[0, 2]), P(2, dtype=I, value=[0, 1]))
op("SparseSegmentSumWithNumSegments", P(3, 2), P(2, dtype=I, value=[0, 2]),
   P(2, dtype=I, value=[0, 1]), K(3))

# --- Array ops -------------------------------------------------------------
op("Reshape", P(2, 3), K([3, 2]))
op("Squeeze", P(2, 1, 3), axis=[1])
op("ExpandDims", P(2, 3), K(1))
op("Transpose", P(2, 3, 4), K([2, 0, 1]))
op("ConjugateTranspose", P(2, 3), K([1, 0]))
op("ConcatV2", [P(2, 3), P(2, 2)], K(1))
op("Concat", K(1), [P(2, 3), P(2, 2)])
op("Pack", [P(2, 3), P(2, 3)], axis=1)
op("Unpack", P(2, 3), num=2)
op("Split", K(1), P(2, 4), num_split=2)
op("SplitV", P(2, 5), K([2, 3]), K(1), num_split=2)
op("Slice", P(3, 4), K([1, 0]), K([2, 3]))
op("StridedSlice", P(3, 4), K([0, 1]), K([3, 4]), K([2, 1]))
op("TensorStridedSliceUpdate", P(4, 3), K([1, 0]), K([3, 3]), K([1, 1]), P(2, 3))
op("Tile", P(2, 3), K([2, 1]))
op("Pad", P(2, 3), K([[1, 0], [0, 2]]))
op("PadV2", P(2, 3), K([[1, 0], [0, 2]]), K(0.5, F))
op("MirrorPad", P(3, 4), K([[1, 1], [2, 1]]), mode="REFLECT")
op("Fill", K([2, 3]), P())
op("Range", P(dtype=I, value=0), P(dtype=I, value=5), P(dtype=I, value=1))
op("LinSpace", P(value=0.0), P(value=1.0), K(5))
op("Shape", D([None, 3], [2, 3]))
op("ShapeN", [D([None, 3], [2, 3]), D([2, None], [2, 4])])
op("Size", D([None, 3], [2, 3]))
op("Rank", D(None, [2, 3]))
op("BroadcastTo", P(1, 3), K([2, 3]))
op("BroadcastArgs", P(2, dtype=I, value=[2, 1]), P(2, dtype=I, value=[1, 3]))
op("BroadcastGradientArgs", P(2, dtype=I, value=[2, 1]), P(2, dtype=I, value=[1, 3]))
op("ReverseV2", P(2, 3), K([1]))
op("Reverse", P(2, 3), K([False, True], B))
op("ReverseSequence", P(2, 3), P(2, dtype=I, value=[3, 2]), seq_dim=1, batch_dim=0)
op("Roll", P(2, 3), K(1), K(1))
op("Gather", P(3, 2), P(2, dtype=I))
op("GatherV2", P(3, 2), P(2, dtype=I), K(0))
op("GatherNd", P(3, 2), P(2, 2, dtype=I))
op("ScatterNd", P(2, 1, dtype=I, value=[0, 2]), P(2, 3), K([4, 3]), _dtype=F)
for _name in ["TensorScatterUpdate", "TensorScatterAdd", "TensorScatterSub", "TensorScatterMax",
              "TensorScatterMin"]:
    op(_name, P(4, 3), P(2, 1, dtype=I, value=[0, 2]), P(2, 3))
op("SparseToDense", K([[0], [2]]), K([4]), P(2), K(0.0, F))
op("DynamicStitch", [K([0, 2]), K([1])], [P(2), P(1)])
op("ParallelDynamicStitch", [K([0, 2]), K([1])], [P(2), P(1)])
op("DynamicPartition", P(4), P(4, dtype=I, value=[0, 1, 0, 1]), num_partitions=2)
op("Where", P(2, 3, dtype=B))
op("OneHot", P(3, dtype=I), K(4), K(1.0, F), K(0.0, F))
op("SpaceToDepth", P(1, 4, 4, 1), block_size=2)
op("DepthToSpace", P(1, 2, 2, 4), block_size=2)
op("SpaceToBatchND", P(1, 4, 4, 1), K([2, 2]), K([[0, 0], [0, 0]]))
op("BatchToSpaceND", P(4, 2, 2, 1), K([2, 2]), K([[0, 0], [0, 0]]))
op("SpaceToBatch", P(1, 4, 4, 1), K([[0, 0], [0, 0]]), block_size=2)
op("BatchToSpace", P(4, 2, 2, 1), K([[0, 0], [0, 0]]), block_size=2)
op("Diag", P(3))
op("DiagPart", P(3, 3))
op("MatrixDiag", P(2, 3))
op("MatrixDiagV2", P(2, 3), K(0), K(-1), K(-1), K(0.0, F))
op("MatrixDiagV3", P(2, 3), K(0), K(-1), K(-1), K(0.0, F))
op("MatrixDiagPart", P(3, 3))
op("MatrixDiagPartV2", P(3, 3), K(0), K(0.0, F))
op("MatrixDiagPartV3", P(3, 3), K(0), K(0.0, F))
op("MatrixSetDiag", P(3, 3), P(3))
op("MatrixSetDiagV2", P(3, 3), P(3), K(0))
op("MatrixSetDiagV3", P(3, 3), P(3), K(0))
op("MatrixBandPart", P(3, 3), K(1), K(0))
op("Unique", P(5))
op("UniqueV2", P(5), K([0]))
op("UniqueWithCounts", P(5))
op("ListDiff", P(5), P(2, value=[1.0, 3.0]))
op("InvertPermutation", P(3, dtype=I, value=[2, 0, 1]))
op("TopKV2", P(2, 3), K(2))
op("InTopKV2", P(2, 3), P(2, dtype=I), K(1))
op("NthElement", P(2, 3), K(1))
op("Bincount", P(4, dtype=I), K(3), K(np.zeros(0), F))
op("DenseBincount", P(4, dtype=I), K(3), K(np.zeros(0), F))
op("Bucketize", P(2, 3), boundaries=[0.0, 0.5, 2.0])
op("HistogramFixedWidth", P(6), K([0.0, 2.0], F), K(3))
op("LowerBound", P(2, 3, value=[1, 2, 3, 1, 2, 3]), P(2, 2))
op("UpperBound", P(2, 3, value=[1, 2, 3, 1, 2, 3]), P(2, 2))
op("UnravelIndex", P(3, dtype=I), K([2, 3]))
op("Identity", P(2, 3))
op("IdentityN", [P(2, 3), P(3)])
op("Snapshot", P(2, 3))
op("StopGradient", P(2, 3))
op("PreventGradient", P(2, 3))
op("EnsureShape", P(2, 3), shape=[2, 3])
op("CheckNumerics", P(2, 3), message="x")
op("Empty", K([2, 3]), dtype="float32", init=True)
op("DataFormatDimMap", P(4, dtype=I))
op("DataFormatVecPermute", P(4, dtype=I))
op("ConcatOffset", K(1), [P(2, dtype=I, value=[2, 3]), P(2, dtype=I, value=[2, 5])])
# Assert has no result: the function returns none, the GraphDef fetches ^out.
op("Assert", P(dtype=B, value=True), [P(2, 3)], summarize=3, _outputs=[])

# --- Linear algebra ------------------------------------------------------------
op("MatMul", P(2, 3), W(3, 4))
op("BatchMatMul", P(2, 2, 3), P(2, 3, 4))
op("BatchMatMulV2", P(2, 2, 3), P(3, 4))
op("BatchMatMulV3", P(2, 2, 3), P(3, 4), Tout="float32")
op("Einsum", [P(2, 3), P(3, 4)], equation="ij,jk->ik")
op("Cross", P(2, 3), P(2, 3))
op("Cholesky", P(3, 3, value=eye(3)))
op("MatrixInverse", P(3, 3, value=eye(3)))
op("MatrixDeterminant", P(3, 3))
op("LogMatrixDeterminant", P(3, 3, value=eye(3)))
op("MatrixTriangularSolve", P(3, 3, value=eye(3)), P(3, 2))
op("MatrixSolve", P(3, 3, value=eye(3)), P(3, 2))
op("MatrixSolveLs", P(3, 3, value=eye(3)), P(3, 2), K(0.0, "float64"))
op("MatrixSquareRoot", P(3, 3, value=eye(3)))
op("Qr", P(3, 3))
op("Svd", P(3, 3))
op("SelfAdjointEigV2", P(3, 3, value=eye(3)))
op("Lu", P(3, 3, value=eye(3)))
op("TridiagonalSolve", P(3, 3, value=[0, 1, 1, 2, 2, 2, 1, 1, 0]), P(3, 2))
op("TridiagonalMatMul", P(1, 3), P(1, 3), P(1, 3), P(3, 2))

# --- nn ----------------------------------------------------------------------
SAME1 = dict(strides=[1, 1, 1, 1], padding="SAME")
op("Conv2D", P(1, 5, 5, 2), W(3, 3, 2, 4), **SAME1)
op("Conv", P(1, 5, 5, 2), W(3, 3, 2, 4), **SAME1)
op("DepthwiseConv2dNative", P(1, 5, 5, 2), W(3, 3, 2, 2), **SAME1)
op("Conv2DBackpropInput", K([1, 4, 4, 2]), W(3, 3, 2, 3), P(1, 4, 4, 3), **SAME1)
op("DepthwiseConv2dNativeBackpropInput", K([1, 4, 4, 2]), W(3, 3, 2, 1), P(1, 4, 4, 2), **SAME1)
op("Conv2DBackpropFilter", P(1, 4, 4, 2), K([3, 3, 2, 3]), P(1, 4, 4, 3), **SAME1)
op("DepthwiseConv2dNativeBackpropFilter", P(1, 4, 4, 2), K([3, 3, 2, 1]), P(1, 4, 4, 2),
   **SAME1)
op("Conv3D", P(1, 4, 4, 4, 2), W(2, 2, 2, 2, 3), strides=[1] * 5, padding="SAME")
op("Conv3DBackpropInputV2", K([1, 4, 4, 4, 2]), W(2, 2, 2, 2, 3), P(1, 4, 4, 4, 3),
   strides=[1] * 5, padding="SAME")
op("Dilation2D", P(1, 5, 5, 2), W(3, 3, 2), strides=[1] * 4, rates=[1] * 4, padding="SAME")
POOL = dict(ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="VALID")
op("MaxPool", P(1, 4, 4, 2), **POOL)
op("AvgPool", P(1, 4, 4, 2), **POOL)
op("MaxPoolV2", P(1, 4, 4, 2), K([1, 2, 2, 1]), K([1, 2, 2, 1]), padding="VALID")
op("MaxPoolWithArgmax", P(1, 4, 4, 2), **POOL)
op("MaxPool3D", P(1, 4, 4, 4, 2), ksize=[1, 2, 2, 2, 1], strides=[1, 2, 2, 2, 1], padding="VALID")
op("AvgPool3D", P(1, 4, 4, 4, 2), ksize=[1, 2, 2, 2, 1], strides=[1, 2, 2, 2, 1], padding="VALID")
op("FractionalMaxPool", P(1, 4, 4, 2), pooling_ratio=[1.0, 1.5, 1.5, 1.0], seed=1, seed2=2,
   _outputs=[0])
op("FractionalAvgPool", P(1, 4, 4, 2), pooling_ratio=[1.0, 1.5, 1.5, 1.0], seed=1, seed2=2,
   _outputs=[0])
op("MaxPoolGrad", P(1, 4, 4, 2), P(1, 2, 2, 2), P(1, 2, 2, 2), **POOL)
op("AvgPoolGrad", K([1, 4, 4, 2]), P(1, 2, 2, 2), **POOL)
op("BiasAdd", P(2, 3), W(3))
op("BiasAddV1", P(2, 3), W(3))
op("BiasAddGrad", P(2, 3))
op("LRN", P(1, 2, 2, 4), depth_radius=2)
op("Softmax", P(2, 3))
op("LogSoftmax", P(2, 3))
BN_STATS = [W(3), W(3), W(3), K([0.5, 1.0, 2.0], F)]
op("FusedBatchNorm", P(1, 2, 2, 3), *BN_STATS, is_training=False, _outputs=[0])
op("FusedBatchNormV2", P(1, 2, 2, 3), *BN_STATS, is_training=False, _outputs=[0])
op("FusedBatchNormV3", P(1, 2, 2, 3), *BN_STATS, is_training=False, _outputs=[0])
op("FusedBatchNormGradV3", P(1, 2, 2, 3), P(1, 2, 2, 3), W(3), W(3),
   K([0.5, 1.0, 2.0], F), K(np.zeros(0), F), is_training=False)
op("SparseSoftmaxCrossEntropyWithLogits", P(2, 3), P(2, dtype=I))
op("SoftmaxCrossEntropyWithLogits", P(2, 3), P(2, 3))
op("ExtractImagePatches", P(1, 4, 4, 2), ksizes=[1, 2, 2, 1], strides=[1, 2, 2, 1],
   rates=[1, 1, 1, 1], padding="VALID")
op("ExtractVolumePatches", P(1, 4, 4, 4, 2), ksizes=[1, 2, 2, 2, 1], strides=[1, 2, 2, 2, 1],
   padding="VALID")
op("FakeQuantWithMinMaxArgs", P(2, 3), min=-1.0, max=1.0)
op("FakeQuantWithMinMaxVars", P(2, 3), K(-1.0, F), K(1.0, F))
op("FakeQuantWithMinMaxVarsPerChannel", P(2, 3), K([-1.0] * 3, F), K([1.0] * 3, F))
op("QuantizeAndDequantizeV2", P(2, 3), K(-1.0, F), K(1.0, F), range_given=True)
op("QuantizeAndDequantizeV4", P(2, 3), K(-1.0, F), K(1.0, F), range_given=True)

# --- Images --------------------------------------------------------------------
for _name in ["ResizeBilinear", "ResizeNearestNeighbor", "ResizeBicubic", "ResizeArea"]:
    op(_name, P(1, 2, 2, 1), K([4, 4]))
op("CropAndResize", P(1, 4, 4, 1), P(2, 4, value=[0, 0, 1, 1, 0, 0, 0.5, 0.5]),
   P(2, dtype=I, value=[0, 0]), K([2, 2]))
BOXES = [0, 0, 1, 1, 0, 0.1, 1, 1.1, 0, 2, 1, 3, 0, 4, 1, 5]
op("NonMaxSuppression", P(4, 4, value=BOXES), P(4), K(2))
op("NonMaxSuppressionV2", P(4, 4, value=BOXES), P(4), K(2), K(0.5, F))
op("NonMaxSuppressionV3", P(4, 4, value=BOXES), P(4), K(2), K(0.5, F), K(0.0, F))
op("NonMaxSuppressionV4", P(4, 4, value=BOXES), P(4), K(2), K(0.5, F), K(0.0, F))
op("NonMaxSuppressionV5", P(4, 4, value=BOXES), P(4), K(2), K(0.5, F), K(0.0, F), K(0.0, F))
op("NonMaxSuppressionWithOverlaps", P(4, 4), P(4), K(2), K(0.5, F), K(0.0, F))
op("CombinedNonMaxSuppression", P(1, 4, 1, 4, value=BOXES), P(1, 4, 2), K(2), K(3), K(0.5, F),
   K(0.0, F))
op("AdjustContrastv2", P(1, 2, 2, 3), K(1.5, F))
op("AdjustHue", P(1, 2, 2, 3), K(0.1, F))
op("AdjustSaturation", P(1, 2, 2, 3), K(1.5, F))
op("RGBToHSV", P(2, 2, 3))
op("HSVToRGB", P(2, 2, 3))
op("ImageProjectiveTransformV3", P(1, 4, 4, 1), K([[1, 0, 0, 0, 1, 0, 0, 0]], F), K([4, 4]),
   K(0.0, F), interpolation="BILINEAR")
op("ScaleAndTranslate", P(1, 4, 4, 1), K([8, 8]), K([2.0, 2.0], F), K([0.0, 0.0], F))
op("DrawBoundingBoxesV2", P(1, 4, 4, 3), K([[[0, 0, 1, 1]]], F), K([[1, 0, 0, 1]], F))
op("ExtractGlimpseV2", P(1, 4, 4, 1), K([2, 2]), K([[0.0, 0.0]], F))

# --- Signal -------------------------------------------------------------------
op("RFFT", P(8), K([8]))
op("RFFT2D", P(4, 4), K([4, 4]))
op("IRFFT", P(5, dtype=C), K([8]))
op("FFT", P(4, dtype=C))
op("IFFT", P(4, dtype=C))

# --- Random ---------------------------------------------------------------
SEEDS = dict(seed=1, seed2=2)
op("RandomUniform", K([2, 3]), dtype="float32", **SEEDS)
op("RandomStandardNormal", K([2, 3]), dtype="float32", **SEEDS)
op("TruncatedNormal", K([2, 3]), dtype="float32", **SEEDS)
op("RandomUniformInt", K([2, 3]), K(0), K(10), **SEEDS)
op("Multinomial", P(2, 3), K(4), **SEEDS)
op("RandomShuffle", P(4, 2), **SEEDS)
op("StatelessRandomUniform", K([2, 3]), P(2, dtype=I), _dtype=F)
op("StatelessRandomNormal", K([2, 3]), P(2, dtype=I), _dtype=F)
op("StatelessTruncatedNormal", K([2, 3]), P(2, dtype=I), _dtype=F)
op("StatelessRandomUniformInt", K([2, 3]), P(2, dtype=I), K(0), K(10), _dtype=I)
op("StatelessMultinomial", P(2, 3), K(4), P(2, dtype=I))
op("StatelessRandomUniformV2", K([2, 3]), P(1, dtype="uint64"), P(2, dtype="uint64"), K(1), _dtype=F)
op("StatelessRandomNormalV2", K([2, 3]), P(1, dtype="uint64"), P(2, dtype="uint64"), K(1), _dtype=F)


# --- Measuring ---------------------------------------------------------------
@contextlib.contextmanager
def quiet(enabled):
    """Sends file descriptor 2 (the converter's and LiteRT's C++ logging)
    to /dev/null."""
    if not enabled:
        yield
        return
    sys.stderr.flush()
    saved = os.dup(2)
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 2)
    try:
        yield
    finally:
        sys.stderr.flush()
        os.dup2(saved, 2)
        os.close(saved)
        os.close(null)


def op_inputs(tf, example, arg_names, fed):
    """The keyword arguments of the example's raw op: its fed operands from
    `fed` in order, the others as constants (lists element by element)."""
    fed = iter(fed)

    def operand(value):
        if isinstance(value, list):
            return [operand(v) for v in value]
        if isinstance(value, Input):
            return next(fed)
        return tf.constant(value.value)

    inputs = dict(zip(arg_names, (operand(v) for v in example.args)))
    inputs.update({k: operand(v) for k, v in example.inputs.items()})
    return inputs


def concrete_function(tf, example):
    """The tf.function of the example and its concrete function."""
    raw_op = getattr(tf.raw_ops, example.op)
    # Its Python names of the inputs, in order (some differ from the op
    # definition's: Sum's reduction_indices is axis).
    arg_names = list(inspect.signature(raw_op).parameters)
    placeholders = example.placeholders()
    signature = [tf.TensorSpec(p.signature, p.dtype, name=name) for name, p in placeholders]

    def body(*fed):
        inputs = op_inputs(tf, example, arg_names, fed)
        results = tf.nest.flatten(raw_op(**inputs, **example.attrs))
        return results if example.outputs is None else [results[i] for i in example.outputs]

    function = tf.function(body, input_signature=signature)
    return function, function.get_concrete_function()


def graph_def(tf, name):
    """The example of TF op `name` as a frozen v1 GraphDef: a placeholder
    in0, in1, ... per fed operand (of the shape of its signature), constants
    for the rest, the op named "out". Returns (GraphDef, feeds, fetches,
    values): fetches are out:i of the results the example returns ("^out"
    for an op without results, such as Assert), values {feed: the array
    LiteRT is fed}. utils/gen-op-table.py runs Sluice's tools on it."""
    example = EXAMPLES[name]
    raw_op = getattr(tf.raw_ops, example.op)
    arg_names = list(inspect.signature(raw_op).parameters)
    placeholders = example.placeholders()
    graph = tf.Graph()
    with graph.as_default():
        fed = [tf.compat.v1.placeholder(p.dtype, shape=p.signature, name=n)
               for n, p in placeholders]
        raw_op(**op_inputs(tf, example, arg_names, fed), **example.attrs, name="out")
        results = len(graph.get_operation_by_name("out").outputs)
    indices = range(results) if example.outputs is None else example.outputs
    fetches = [f"out:{i}" for i in indices] or ["^out"]
    return (graph.as_graph_def(), [n for n, _ in placeholders], fetches,
            {n: p.feed() for n, p in placeholders})


def convert(tf, function, concrete, select_tf_ops=False):
    converter = tf.lite.TFLiteConverter.from_concrete_functions([concrete], function)
    converter.target_spec.supported_ops = [tf.lite.OpsSet.TFLITE_BUILTINS]
    if select_tf_ops:
        converter.target_spec.supported_ops.append(tf.lite.OpsSet.SELECT_TF_OPS)
    converter.optimizations = []
    return converter.convert()


def model_operators(model):
    """The operator names of a TFLite flatbuffer in the order of their first
    use (builtins by their BuiltinOperator name, custom ops by their code),
    and whether its outputs are its inputs."""
    from tensorflow.lite.python import schema_py_generated as schema
    names = {v: k for k, v in vars(schema.BuiltinOperator).items() if not k.startswith("_")}
    root = schema.Model.GetRootAs(model, 0)
    codes = []
    for i in range(root.OperatorCodesLength()):
        code = root.OperatorCodes(i)
        # Codes past 127 live in builtin_code; deprecated_builtin_code then
        # holds PLACEHOLDER_FOR_GREATER_OP_CODES.
        builtin = max(code.BuiltinCode(), code.DeprecatedBuiltinCode())
        if builtin == schema.BuiltinOperator.CUSTOM:
            codes.append(code.CustomCode().decode())
        else:
            codes.append(names[builtin])
    used = []
    passthrough = False
    for s in range(root.SubgraphsLength()):
        subgraph = root.Subgraphs(s)
        for i in range(subgraph.OperatorsLength()):
            name = codes[subgraph.Operators(i).OpcodeIndex()]
            if name not in used:
                used.append(name)
        if s == 0:
            inputs = set(subgraph.InputsAsNumpy().tolist()) if subgraph.InputsLength() else set()
            passthrough = any(subgraph.Outputs(i) in inputs for i in range(subgraph.OutputsLength()))
    return used, passthrough


def first_line(text):
    """The first meaningful line of an error: no MLIR location prefixes,
    no paths of this machine."""
    text = text.replace("Could not translate MLIR to FlatBuffer.", "")
    for line in text.splitlines():
        line = re.sub(r"^(loc\(.*?\):\s*|\S*:\d+:\d+:\s*|<unknown>:\d+:\s*)", "", line).strip()
        line = re.sub(r"^error:\s*", "", line)
        line = line.replace(os.path.dirname(os.path.dirname(np.__file__)) + os.sep, "")
        if line and not line.startswith("^"):
            return line
    return text.strip()


def last_line(text):
    """The last line of a traced function's error (the first says "in user
    code")."""
    return [line.strip() for line in text.splitlines() if line.strip()][-1]


def error_record(error):
    """The record of a converter's refusal: its message and error code."""
    from tensorflow.compiler.mlir.lite.metrics import converter_error_data_pb2 as error_data
    record = {}
    details = [e for e in getattr(error, "errors", []) if e.error_message]
    if details:
        record["error"] = first_line(details[0].error_message)
        codes = sorted({error_data.ConverterErrorData.ErrorCode.Name(e.error_code)
                        for e in details if e.error_code})
        if codes:
            record["error_code"] = ",".join(codes)
    else:
        record["error"] = first_line(f"{type(error).__name__}: {error}")
    return record


def run(model, placeholders):
    """Allocates and invokes the model in LiteRT on the example's feeds:
    None, or the error."""
    from ai_edge_litert.interpreter import Interpreter
    try:
        interpreter = Interpreter(model_content=model, num_threads=1)
        details = interpreter.get_input_details()
        by_name = dict(placeholders)
        feeds = []
        for i, detail in enumerate(details):
            placeholder = by_name.get(detail["name"], placeholders[i][1])
            if placeholder.dynamic:
                interpreter.resize_tensor_input(detail["index"], list(placeholder.shape))
            feeds.append((detail["index"], placeholder.feed()))
        interpreter.allocate_tensors()
        for index, value in feeds:
            interpreter.set_tensor(index, value)
        interpreter.invoke()
        for detail in interpreter.get_output_details():
            interpreter.get_tensor(detail["index"])
    except Exception as error:  # LiteRT refuses: recorded
        return first_line(f"{type(error).__name__}: {error}")
    return None


def measure(tf, example, verbose):
    """The record of one TF op."""
    placeholders = example.placeholders()
    try:
        function, concrete = concrete_function(tf, example)
    except Exception as error:  # TF refuses the example while tracing it
        return {"dtype": example.dtype or (placeholders[0][1].dtype if placeholders else None),
                "error": last_line(f"{type(error).__name__}: {error}"), "error_code": "TF_TRACING"}
    dtype = example.dtype or (placeholders[0][1].dtype if placeholders
                              else concrete.structured_outputs[0].dtype.name)
    record = {"dtype": dtype}
    with quiet(not verbose):
        try:
            model = convert(tf, function, concrete)
        except Exception as error:  # the converter refuses: recorded
            model = None
            record.update(error_record(error))
        if model is None:
            try:
                flex, _ = model_operators(convert(tf, function, concrete, select_tf_ops=True))
                record["flex"] = True
                record["flex_ops"] = flex
            except Exception:  # not even with Select TF ops
                record["flex"] = False
            return record
        operators, passthrough = model_operators(model)
        record["builtins"] = operators
        if not operators:
            record["folded"] = "identity" if passthrough else "constant"
        failure = run(model, placeholders)
    record["runs"] = failure is None
    if failure:
        record["run_error"] = failure
    return record


def write(path, version, records):
    """One op a line, sorted by op name."""
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    lines = [f"  {json.dumps(name)}: {json.dumps(records[name], sort_keys=True)}"
             for name in sorted(records)]
    with open(path, "w") as f:
        f.write('{\n "tensorflow": %s,\n "ops": {\n' % json.dumps(version))
        f.write(",\n".join(lines))
        f.write("\n }\n}\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=OUT)
    parser.add_argument("--only", help="comma-separated TF op names: measure these, merge into --out")
    parser.add_argument("--verbose", action="store_true",
                        help="keep the converter's and LiteRT's logging on stderr")
    args = parser.parse_args()
    names = sorted(EXAMPLES)
    if args.only:
        names = args.only.split(",")
        unknown = [n for n in names if n not in EXAMPLES]
        if unknown:
            sys.exit(f"measure_tf_builtins: no example of {', '.join(unknown)}")
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    with quiet(not args.verbose):  # oneDNN's notice
        import tensorflow as tf
    tf.get_logger().setLevel("ERROR")
    records = {}
    for name in names:
        records[name] = measure(tf, EXAMPLES[name], args.verbose)
        if args.only or args.verbose:
            print(name, json.dumps(records[name], sort_keys=True))
    mapped = sum(1 for r in records.values() if r.get("builtins"))
    refused = sum(1 for r in records.values() if "error" in r)
    folded = sum(1 for r in records.values() if "folded" in r)
    print(f"{len(records)} ops: {mapped} map to builtins, {refused} refused"
          + (f", {folded} folded" if folded else ""))
    if args.only and os.path.exists(args.out):
        with open(args.out) as f:
            existing = json.load(f)
        if existing["tensorflow"] != tf.__version__:
            sys.exit(f"measure_tf_builtins: {args.out} is of TensorFlow {existing['tensorflow']}, "
                     f"this is {tf.__version__}: measure every op")
        records = {**existing["ops"], **records}
    write(args.out, tf.__version__, records)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
