#!/usr/bin/env python3
"""Derives which (builtin, element type) pairs native LiteRT refuses.

For every lite op with a TFLite builtin and every TFLite element type the op's
definition accepts, writes a one-op lite program, exports it with
sluice-translate, and prepares and runs it in native LiteRT (ai_edge_litert,
the pinned version in utils/requirements.txt; each model in a process of its
own, so a crash stays with its model). The pairs LiteRT refuses after
export's legalisations (-lite-decompose-for-tflite: SCATTER_ND's int64
indices are narrowed, for one), with its message, become
lib/Target/TFLite/LiteRTKernels.inc, which the exporter reads
to refuse them with a diagnostic instead of writing a model LiteRT cannot
prepare. Refresh it after changing ops or the LiteRT pin:

    .venv/bin/python utils/gen_litert_kernels.py --bin build/bin

Prints one line per pair tried and a summary; --check compares with the
checked-in table instead of writing it (exit 1 when they differ).
"""
import argparse
import json
import multiprocessing
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
TABLE = os.path.join(ROOT, "lib", "Target", "TFLite", "LiteRTKernels.inc")
TYPES = ["f32", "f16", "f64", "i8", "ui8", "i16", "i32", "i64", "i1"]


def t(shape, ty):
    return "tensor<%s%s>" % ("".join("%dx" % d for d in shape), ty)


def binary(op, result=None):
    def make(ty):
        r = result or ty
        return ([t([4], ty), t([4], ty)],
                "%%r = lite.%s %%arg0, %%arg1 : (%s, %s) -> %s" % (op, t([4], ty), t([4], ty), t([4], r)),
                t([4], r))
    return make


def unary(op, attributes=""):
    def make(ty):
        return ([t([4], ty)], "%%r = lite.%s %%arg0 %s: %s" % (op, attributes, t([4], ty)), t([4], ty))
    return make


def attribute_text(attributes):
    """An attribute dictionary giving each of an op's attributes a value."""
    values = {"::mlir::FloatAttr": "0.5 : f32"}
    return "{%s} " % ", ".join("%s = %s" % (name, values[kind])
                               for name, kind in sorted(attributes.items())) if attributes else ""


def elementwise_ops():
    """The elementwise op records that are one TFLite builtin
    (docs/generated/lite-ops.json, from LiteOps.td): builtin -> maker."""
    with open(os.path.join(ROOT, "docs", "generated", "lite-ops.json")) as f:
        records = json.load(f)["ops"]
    ops = {}
    for record in records:
        if record["tflite"] != "builtin" or record["kind"] not in ("unary", "binary", "compare"):
            continue
        if record["kind"] == "unary":
            maker = unary(record["mnemonic"], attribute_text(record["attributes"]))
        else:
            maker = binary(record["mnemonic"], "i1" if record["kind"] == "compare" else None)
        ops[record["tflite_builtin"]] = maker
    return ops


def reduce(op):
    def make(ty):
        return ([t([2, 3], ty)],
                "%%axes = lite.constant dense<[1]> : tensor<1xi32>\n  "
                "%%r = lite.%s %%arg0, %%axes : (%s, tensor<1xi32>) -> %s" % (op, t([2, 3], ty), t([2], ty)),
                t([2], ty))
    return make


def shaped(body, result_shape, arg_shape=(2, 3), extra=""):
    """An op on one (2, 3) tensor with constant index operands."""
    def make(ty):
        text = extra + body.format(arg=t(list(arg_shape), ty), res=t(list(result_shape), ty), ty=ty)
        return ([t(list(arg_shape), ty)], text, t(list(result_shape), ty))
    return make


# One entry per builtin: the element type the support depends on is the
# type of the program's first argument (CAST: its input; FILL: its value).
# The elementwise ops' entries come from their records (elementwise_ops).
OPS = {
    "SUM": reduce("sum"), "MEAN": reduce("mean"), "REDUCE_MAX": reduce("reduce_max"),
    "REDUCE_MIN": reduce("reduce_min"), "REDUCE_PROD": reduce("reduce_prod"),
    "REVERSE_V2": shaped("%a = lite.constant dense<[1]> : tensor<1xi32>\n  "
                         "%r = lite.reverse_v2 %arg0, %a : ({arg}, tensor<1xi32>) -> {res}", (2, 3)),
    "BROADCAST_TO": shaped("%s = lite.constant dense<[2, 2, 3]> : tensor<3xi32>\n  "
                           "%r = lite.broadcast_to %arg0, %s : ({arg}, tensor<3xi32>) -> {res}",
                           (2, 2, 3)),
    "CUMSUM": shaped("%a = lite.constant dense<1> : tensor<i32>\n  "
                     "%r = lite.cumsum %arg0, %a : ({arg}, tensor<i32>) -> {res}", (2, 3)),
    "SOFTMAX": shaped("%r = lite.softmax %arg0 : {arg}", (2, 3)),
    "LOG_SOFTMAX": shaped("%r = lite.log_softmax %arg0 : {arg}", (2, 3)),
    "PADV2": lambda ty: ([t([2, 3], ty), t([], ty)],
                         "%%p = lite.constant dense<[[1, 0], [0, 1]]> : tensor<2x2xi32>\n  "
                         "%%r = lite.pad %%arg0, %%p, %%arg1 : (%s, tensor<2x2xi32>, %s) -> %s"
                         % (t([2, 3], ty), t([], ty), t([3, 4], ty)), t([3, 4], ty)),
    "ARG_MAX": lambda ty: ([t([2, 3], ty)],
                           "%%a = lite.constant dense<1> : tensor<i32>\n  "
                           "%%r = lite.arg_max %%arg0, %%a : (%s, tensor<i32>) -> tensor<2xi64>"
                           % t([2, 3], ty), "tensor<2xi64>"),
    "ARG_MIN": lambda ty: ([t([2, 3], ty)],
                           "%%a = lite.constant dense<1> : tensor<i32>\n  "
                           "%%r = lite.arg_min %%arg0, %%a : (%s, tensor<i32>) -> tensor<2xi64>"
                           % t([2, 3], ty), "tensor<2xi64>"),
    "CONV_2D": lambda ty: ([t([1, 4, 4, 2], ty), t([3, 2, 2, 2], ty)],
                           "%%r = lite.conv_2d %%arg0, %%arg1 {padding = #lite.padding<SAME>, "
                           "stride_h = 1 : i32, stride_w = 1 : i32} : (%s, %s) -> %s"
                           % (t([1, 4, 4, 2], ty), t([3, 2, 2, 2], ty), t([1, 4, 4, 3], ty)),
                           t([1, 4, 4, 3], ty)),
    "DEPTHWISE_CONV_2D": lambda ty: ([t([1, 4, 4, 2], ty), t([1, 2, 2, 4], ty)],
                                     "%%r = lite.depthwise_conv_2d %%arg0, %%arg1 "
                                     "{depth_multiplier = 2 : i32, padding = #lite.padding<VALID>, "
                                     "stride_h = 1 : i32, stride_w = 1 : i32} : (%s, %s) -> %s"
                                     % (t([1, 4, 4, 2], ty), t([1, 2, 2, 4], ty),
                                        t([1, 3, 3, 4], ty)), t([1, 3, 3, 4], ty)),
    "MAX_POOL_2D": shaped("%r = lite.max_pool_2d %arg0 {{filter_height = 2 : i32, "
                          "filter_width = 2 : i32, padding = #lite.padding<VALID>, "
                          "stride_h = 2 : i32, stride_w = 2 : i32}} : ({arg}) -> {res}",
                          (1, 2, 2, 3), (1, 4, 4, 3)),
    "AVERAGE_POOL_2D": shaped("%r = lite.average_pool_2d %arg0 {{filter_height = 2 : i32, "
                              "filter_width = 2 : i32, padding = #lite.padding<VALID>, "
                              "stride_h = 2 : i32, stride_w = 2 : i32}} : ({arg}) -> {res}",
                              (1, 2, 2, 3), (1, 4, 4, 3)),
    "MIRROR_PAD": shaped("%p = lite.constant dense<[[1, 0], [0, 1]]> : tensor<2x2xi32>\n  "
                         "%r = lite.mirror_pad %arg0, %p {{mode = #lite.mirror_pad_mode<REFLECT>}} "
                         ": ({arg}, tensor<2x2xi32>) -> {res}", (3, 4)),
    "REVERSE_SEQUENCE": shaped("%n = lite.constant dense<[2, 3]> : tensor<2xi32>\n  "
                               "%r = lite.reverse_sequence %arg0, %n {{seq_dim = 1 : i32}} "
                               ": ({arg}, tensor<2xi32>) -> {res}", (2, 3)),
    "ONE_HOT": lambda ty: ([t([], ty), t([], ty)],
                           "%%i = lite.constant dense<[0, 2]> : tensor<2xi32>\n  "
                           "%%d = lite.constant dense<3> : tensor<i32>\n  "
                           "%%r = lite.one_hot %%i, %%d, %%arg0, %%arg1 : (tensor<2xi32>, "
                           "tensor<i32>, %s, %s) -> %s" % (t([], ty), t([], ty), t([2, 3], ty)),
                           t([2, 3], ty)),
    "TOPK_V2": lambda ty: ([t([2, 3], ty)],
                           "%%k = lite.constant dense<2> : tensor<i32>\n  "
                           "%%r, %%i = lite.top_k %%arg0, %%k : (%s, tensor<i32>) -> (%s, "
                           "tensor<2x2xi32>)" % (t([2, 3], ty), t([2, 2], ty)), t([2, 2], ty)),
    "NON_MAX_SUPPRESSION_V4": lambda ty: ([t([3, 4], ty), t([3], ty)],
                                          "%%m = lite.constant dense<2> : tensor<i32>\n  "
                                          "%%t = lite.constant dense<0.5> : tensor<f32>\n  "
                                          "%%r, %%n = lite.non_max_suppression_v4 %%arg0, %%arg1, "
                                          "%%m, %%t, %%t : (%s, %s, tensor<i32>, tensor<f32>, "
                                          "tensor<f32>) -> (tensor<2xi32>, tensor<i32>)"
                                          % (t([3, 4], ty), t([3], ty)), "tensor<2xi32>"),
    "SPLIT": lambda ty: ([t([2, 4], ty)],
                         "%%a = lite.constant dense<1> : tensor<i32>\n  "
                         "%%r:2 = lite.split %%a, %%arg0 : (tensor<i32>, %s) -> (%s, %s)"
                         % (t([2, 4], ty), t([2, 2], ty), t([2, 2], ty)), t([2, 2], ty)),
    "SELECT_V2": lambda ty: ([t([4], "i1"), t([4], ty), t([4], ty)],
                             "%%r = lite.select_v2 %%arg0, %%arg1, %%arg2 : (%s, %s, %s) -> %s"
                             % (t([4], "i1"), t([4], ty), t([4], ty), t([4], ty)), t([4], ty)),
    "RESHAPE": shaped("%s = lite.constant dense<[3, 2]> : tensor<2xi32>\n  "
                      "%r = lite.reshape %arg0, %s : ({arg}, tensor<2xi32>) -> {res}", (3, 2)),
    "EXPAND_DIMS": shaped("%a = lite.constant dense<0> : tensor<i32>\n  "
                          "%r = lite.expand_dims %arg0, %a : ({arg}, tensor<i32>) -> {res}", (1, 2, 3)),
    "SQUEEZE": shaped("%r = lite.squeeze %arg0 : ({arg}) -> {res}", (3,), (1, 3)),
    "CONCATENATION": shaped("%r = lite.concatenation %arg0, %arg0 {{axis = 0 : i32}} : ({arg}, {arg}) -> {res}",
                            (4, 3)),
    "PACK": shaped("%r = lite.pack %arg0, %arg0 {{axis = 0 : i32}} : ({arg}, {arg}) -> {res}", (2, 2, 3)),
    "UNPACK": lambda ty: ([t([2, 3], ty)],
                          "%%r:2 = lite.unpack %%arg0 {axis = 0 : i32} : (%s) -> (%s, %s)"
                          % (t([2, 3], ty), t([3], ty), t([3], ty)), t([3], ty)),
    "SLICE": shaped("%b = lite.constant dense<[0, 1]> : tensor<2xi32>\n  "
                    "%s = lite.constant dense<[2, 2]> : tensor<2xi32>\n  "
                    "%r = lite.slice %arg0, %b, %s : ({arg}, tensor<2xi32>, tensor<2xi32>) -> {res}", (2, 2)),
    "STRIDED_SLICE": shaped("%b = lite.constant dense<[0, 1]> : tensor<2xi32>\n  "
                            "%e = lite.constant dense<[2, 3]> : tensor<2xi32>\n  "
                            "%s = lite.constant dense<[1, 1]> : tensor<2xi32>\n  "
                            "%r = lite.strided_slice %arg0, %b, %e, %s : ({arg}, tensor<2xi32>, tensor<2xi32>, "
                            "tensor<2xi32>) -> {res}", (2, 2)),
    "DYNAMIC_UPDATE_SLICE": lambda ty: ([t([2, 3], ty), t([1, 2], ty)],
                                        "%%i = lite.constant dense<[1, 1]> : tensor<2xi32>\n  "
                                        "%%r = lite.dynamic_update_slice %%arg0, %%arg1, %%i : (%s, %s, tensor<2xi32>) -> %s"
                                        % (t([2, 3], ty), t([1, 2], ty), t([2, 3], ty)), t([2, 3], ty)),
    # Keyed by the indices' type (scatter_nd's first operand).
    "SCATTER_ND": lambda ty: ([t([2, 1], ty), t([2, 3], "f32")],
                              "%%s = lite.constant dense<[4, 3]> : tensor<2x%s>\n  "
                              "%%r = lite.scatter_nd %%arg0, %%arg1, %%s : (%s, %s, "
                              "tensor<2x%s>) -> %s"
                              % (ty, t([2, 1], ty), t([2, 3], "f32"), ty, t([4, 3], "f32")),
                              t([4, 3], "f32")),
    "GATHER": shaped("%i = lite.constant dense<[1, 0]> : tensor<2xi32>\n  "
                     "%r = lite.gather %arg0, %i {{axis = 0 : i32}} : ({arg}, tensor<2xi32>) -> {res}", (2, 3)),
    "TRANSPOSE": shaped("%p = lite.constant dense<[1, 0]> : tensor<2xi32>\n  "
                        "%r = lite.transpose %arg0, %p : ({arg}, tensor<2xi32>) -> {res}", (3, 2)),
    "FILL": lambda ty: ([t([], ty)],
                        "%%d = lite.constant dense<[2, 3]> : tensor<2xi32>\n  "
                        "%%r = lite.fill %%d, %%arg0 : (tensor<2xi32>, %s) -> %s" % (t([], ty), t([2, 3], ty)),
                        t([2, 3], ty)),
    "TILE": shaped("%m = lite.constant dense<[2, 1]> : tensor<2xi32>\n  "
                   "%r = lite.tile %arg0, %m : ({arg}, tensor<2xi32>) -> {res}", (4, 3)),
    "RANGE": lambda ty: ([t([], ty), t([], ty), t([], ty)],
                         "%%r = lite.range %%arg0, %%arg1, %%arg2 : (%s, %s, %s) -> %s"
                         % (t([], ty), t([], ty), t([], ty), "tensor<?x%s>" % ty), "tensor<?x%s>" % ty),
    "FULLY_CONNECTED": lambda ty: ([t([2, 3], ty), t([4, 3], ty)],
                                   "%%r = lite.fully_connected %%arg0, %%arg1 : (%s, %s) -> %s"
                                   % (t([2, 3], ty), t([4, 3], ty), t([2, 4], ty)), t([2, 4], ty)),
    "BATCH_MATMUL": lambda ty: ([t([2, 3], ty), t([3, 2], ty)],
                                "%%r = lite.batch_matmul %%arg0, %%arg1 : (%s, %s) -> %s"
                                % (t([2, 3], ty), t([3, 2], ty), t([2, 2], ty)), t([2, 2], ty)),
}
# CAST depends on both types: one entry per (input, output) pair.
CASTS = [(a, b) for a in TYPES for b in TYPES if a != b]


def program(args, body, result):
    params = ", ".join("%%arg%d: %s" % (i, a) for i, a in enumerate(args))
    return "func.func @main(%s) -> %s {\n  %s\n  return %%r : %s\n}\n" % (params, result, body, result)


def clean(message):
    """LiteRT's message without its source position and node suffix."""
    message = " ".join(message.split())
    stage = re.search(r"Node number \d+ \(\w+\) failed to (\w+)", message)
    message = re.sub(r"Node number \d+ \(\w+\) failed to \w+\.?", "", message)
    message = re.sub(r"tflite/kernels/[\w/]+\.cc:\d+ ", "", message)
    message = message.strip().rstrip(".")[:160]
    return message or "fails to " + (stage.group(1) if stage else "run")


def run_model(path, queue):
    """Prepares and runs `path` with zero inputs; reports "ok" or the error."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), 2)
    try:
        import numpy as np
        from ai_edge_litert.interpreter import Interpreter
        interpreter = Interpreter(model_path=path)
        interpreter.allocate_tensors()
        for detail in interpreter.get_input_details():
            shape = [d if d > 0 else 2 for d in detail["shape"]]
            value = np.ones(shape, dtype=detail["dtype"])
            interpreter.resize_tensor_input(detail["index"], shape)
            interpreter.allocate_tensors()
            interpreter.set_tensor(detail["index"], value)
        interpreter.invoke()
        queue.put("ok")
    except Exception as error:  # LiteRT reports refusals as RuntimeError
        queue.put(clean(str(error)))


def try_pair(sluice_translate, directory, name, text):
    """None when lite cannot express it, "ok", or LiteRT's refusal."""
    source = os.path.join(directory, name + ".mlir")
    model = os.path.join(directory, name + ".tflite")
    with open(source, "w") as f:
        f.write(text)
    # Written whatever the table says now: measuring is what makes it.
    export = subprocess.run([sluice_translate, "--mlir-to-tflite",
                             "--require-litert-kernels=false", source, "-o", model],
                            capture_output=True, text=True)
    if export.returncode != 0:
        return None
    queue = multiprocessing.Queue()
    process = multiprocessing.Process(target=run_model, args=(model, queue))
    process.start()
    process.join(60)
    if process.is_alive():
        process.kill()
        return "timed out"
    if process.exitcode != 0:
        return "aborts (exit status %s)" % process.exitcode
    return queue.get() if not queue.empty() else "no result"


def table(refusals):
    lines = ["//===- LiteRTKernels.inc - what native LiteRT refuses -----------*- C++ -*-===//",
             "//",
             "// Generated by utils/gen_litert_kernels.py (do not edit): the (builtin,",
             "// element type) pairs native LiteRT, as pinned in utils/requirements.txt,",
             "// refuses to prepare or run, with its message. CAST: input->output.",
             "//",
             "//===----------------------------------------------------------------------===//",
             ""]
    for builtin, ty, why in refusals:
        lines.append('SLUICE_LITERT_REFUSES(%s, "%s", "%s")' % (builtin, ty, why.replace('"', "'")))
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    sluice_translate = os.path.join(args.bin, "sluice-translate")
    tried, refusals = 0, []
    with tempfile.TemporaryDirectory() as directory:
        ops = dict(elementwise_ops(), **OPS)
        cases = [(b, ty, make(ty)) for b, make in ops.items() for ty in TYPES]
        cases += [("CAST", "%s->%s" % (a, b), ([t([4], a)], "%%r = lite.cast %%arg0 : %s -> %s"
                                              % (t([4], a), t([4], b)), t([4], b))) for a, b in CASTS]
        for index, (builtin, ty, (arguments, body, result)) in enumerate(cases):
            outcome = try_pair(sluice_translate, directory, "m%d" % index,
                               program(arguments, body, result))
            if outcome is None:
                continue
            tried += 1
            print("%-16s %-9s %s" % (builtin, ty, outcome))
            if outcome != "ok":
                refusals.append((builtin, ty, outcome))
    # By builtin, then element type: adding an op adds its own rows only.
    order = {ty: i for i, ty in enumerate(TYPES)}
    refusals.sort(key=lambda r: (r[0], [order.get(part, 0) for part in r[1].split("->")]))
    text = table(refusals)
    print("litert kernels: %d pairs exported, %d refused by native LiteRT" % (tried, len(refusals)))
    if args.check:
        with open(TABLE) as f:
            if f.read() != text:
                print("gen_litert_kernels: %s is stale; run utils/gen_litert_kernels.py" % TABLE)
                return 1
        return 0
    with open(TABLE, "w") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
