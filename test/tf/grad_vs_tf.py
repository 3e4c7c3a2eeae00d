#!/usr/bin/env python3
"""Sluice's reverse mode against TensorFlow's tf.gradients, on TF's programs.

The gradient family of the TF-written corpus (test/tf/corpus/tf1_gradient)
records, for each program, TensorFlow's gradient of a loss with respect to
x. Here Sluice imports only the forward part (the tensor the gradient is
of), lifts it, builds @main_grad (sluicec --grad: -lite-reverse-mode after
shape inference and constant folding), and runs it with
a seed of ones (tf.gradients' implicit one for every element of y) in each
engine: the interpreter, native code, and the model `sluicec --grad
--emit=tflite` writes, in native LiteRT (python/sluice/engines/litert_native.py, as
tf_differential.py runs models). Its gradient with
respect to x must equal TF's within the family's tolerance
(test/tf/tfcorpus.py: gradient).

The same for one program per elementwise op record with a gradient rule
(test/tf/op_gradients, written by gen_op_cases.py: TF's gradient with
respect to each operand, one of them broadcast). Prints a line per program
and engine with --verbose, then
  grad vs tf: N runs, A agree, F failed
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
LITERT_NATIVE = os.path.join(HERE, "..", "..", "python", "sluice", "engines",
                             "litert_native.py")
# TF's gradients of each op record with a rule (gen_op_cases.py), and the
# op table that says which records TFLite cannot hold.
OP_GRADIENTS = os.path.join(HERE, "op_gradients", "ops")
OP_TABLE = os.path.join(HERE, "..", "..", "docs", "generated", "lite-ops.json")
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True
import tfcorpus  # noqa: E402

# program: (the tensor TF's gradient is of, the expected output that is the
# gradient with respect to x, the shape of that tensor: None for x's)
CASES = {
    "tf1_gradient_cond": ("cond/Merge:0", 0, None),
    "tf1_gradient_while": ("while/Exit_1:0", 1, None),
    "tf1_gradient_while_cond": ("while/Exit_1:0", 0, None),
    "tf1_gradient_nested_while": ("while/Exit_1:0", 1, None),
    "tf1_gradient_maximum_iterations": ("while/Exit_2:0", 1, None),
    # dynamic_rnn: TensorArrays read and written in the loop, a scalar loss
    "tf1_gradient_rnn_input_frozen": ("Sum:0", 1, []),
}


def judge(args, tool, workdir, name, graph, spec, forward, gradient_indices, forward_shape,
          engines, tally):
    """Runs Sluice's gradient of `forward` on every run of `spec` in each
    engine and compares outputs 1.. of main_grad (the gradients with respect
    to the feeds, in order) with `spec`'s expected outputs at
    `gradient_indices`."""
    rtol = tfcorpus.TOLERANCES["gradient"]["rtol"]
    atol = tfcorpus.TOLERANCES["gradient"]["atol"]
    grad = os.path.join(workdir, name + ".grad.mlir")
    # main_grad as lite IR (sluice-run's engines) and as the .tflite
    # sluicec --grad writes (native LiteRT through the corpus harness).
    model = os.path.join(workdir, name + ".grad.tflite")
    common = [tool("sluicec"), graph, "--grad", "--feeds=" + ",".join(spec["feeds"]),
              "--fetches=" + forward]
    prepared = subprocess.run(common + ["--emit=mlir", "-o", grad], capture_output=True, text=True)
    if prepared.returncode == 0 and "tflite" in engines:
        prepared = subprocess.run(common + ["--emit=tflite", "-o", model],
                                  capture_output=True, text=True)
    if prepared.returncode != 0:
        print("FAIL %s: %s" % (name, prepared.stderr.strip().splitlines()[0]))
        tally["failed"] += 1
        return
    commands = {"tflite": [sys.executable, LITERT_NATIVE, model]}
    for engine in ("interpreter", "native"):
        commands[engine] = [tool("sluice-run"), grad, "--function=main_grad",
                            "--engine=" + engine]
    for engine in engines:
        for index, run in enumerate(spec["runs"]):
            tally["runs"] += 1
            inputs = [run["inputs"][feed] for feed in spec["feeds"]]
            shape = list(run["inputs"][spec["feeds"][0]]["shape"]) if forward_shape is None \
                else forward_shape
            seed = {"dtype": "float32", "shape": shape, "data": [1.0] * int(np.prod(shape))}
            path = os.path.join(workdir, "%s.%d.in.json" % (name, index))
            with open(path, "w") as f:
                json.dump(inputs + [seed], f)
            label = "%s/%s run %d" % (name, engine, index)
            done = subprocess.run(commands[engine] + ["--inputs=" + path],
                                  capture_output=True, text=True)
            if done.returncode != 0:
                print("FAIL %s: %s" % (label, (done.stderr or done.stdout).strip()))
                tally["failed"] += 1
                continue
            outputs = json.loads(done.stdout.splitlines()[0])["outputs"]
            gradients = outputs[len(outputs) - len(gradient_indices):]
            wrong = []
            for output, expected_index in zip(gradients, gradient_indices):
                got = np.array(output["data"], dtype=np.float64)
                want = np.array(run["expected"][expected_index]["data"], dtype=np.float64)
                if got.shape != want.shape or not np.allclose(got, want, rtol=rtol, atol=atol,
                                                                 equal_nan=True):
                    wrong.append("Sluice %s, TensorFlow %s" % (got.tolist(), want.tolist()))
            if wrong:
                tally["failed"] += 1
                print("FAIL %s: %s" % (label, "; ".join(wrong)))
            else:
                tally["agree"] += 1
                if args.verbose:
                    print("agree %s" % label)


def tflite_refused(tf_op):
    """Whether the op record TF's `tf_op` imports as has no TFLite form."""
    with open(OP_TABLE) as f:
        for op in json.load(f)["ops"]:
            if tf_op in op["tf_ops"]:
                return op["tflite"] == "refused"
    return False


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", required=True, help="the build's bin directory")
    parser.add_argument("--engines", default="interpreter,native,tflite")
    parser.add_argument("--workdir")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    workdir = args.workdir or tempfile.mkdtemp(prefix="sluice-grad-tf-")
    os.makedirs(workdir, exist_ok=True)
    tool = lambda name: os.path.join(args.bin, name)  # noqa: E731
    engines = args.engines.split(",")
    tally = {"runs": 0, "agree": 0, "failed": 0}
    for name, (forward, gradient_index, forward_shape) in CASES.items():
        spec_path = os.path.join(HERE, "corpus", "tf1_gradient", name + ".json")
        with open(spec_path) as f:
            spec = json.load(f)
        # These programs feed x alone; the seed has x's shape unless given.
        judge(args, tool, workdir, name, spec_path[:-5] + ".pbtxt", spec, forward,
              [gradient_index], forward_shape, engines, tally)
    # One program per op record with a gradient rule (gen_op_cases.py): the
    # gradients with respect to every feed, fetches 1.. after the forward
    # output; the seed has the forward output's shape.
    for spec_path in sorted(glob.glob(os.path.join(OP_GRADIENTS, "*.json"))):
        with open(spec_path) as f:
            spec = json.load(f)
        tf_op = spec["name"][:-len("_gradient")]
        op_engines = [e for e in engines if not (e == "tflite" and tflite_refused(tf_op))]
        shape = spec["runs"][0]["expected"][0]["shape"]
        judge(args, tool, workdir, spec["name"], spec_path[:-5] + ".pbtxt", spec,
              spec["fetches"][0], list(range(1, len(spec["fetches"]))), shape, op_engines,
              tally)
    print("grad vs tf: %d runs, %d agree, %d failed" % (tally["runs"], tally["agree"],
                                                        tally["failed"]))
    return 1 if tally["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
