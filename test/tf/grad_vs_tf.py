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

Prints a line per program and engine with --verbose, then
  grad vs tf: N runs, A agree, F failed
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
LITERT_NATIVE = os.path.join(HERE, "..", "..", "python", "sluice", "engines",
                             "litert_native.py")
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
    rtol = tfcorpus.TOLERANCES["gradient"]["rtol"]
    atol = tfcorpus.TOLERANCES["gradient"]["atol"]
    runs = agree = failed = 0
    for name, (forward, gradient_index, forward_shape) in CASES.items():
        spec_path = os.path.join(HERE, "corpus", "tf1_gradient", name + ".json")
        with open(spec_path) as f:
            spec = json.load(f)
        graph = spec_path[:-5] + ".pbtxt"
        grad = os.path.join(workdir, name + ".grad.mlir")
        # main_grad as lite IR (sluice-run's engines) and as the .tflite
        # sluicec --grad writes (native LiteRT through the corpus harness).
        model = os.path.join(workdir, name + ".grad.tflite")
        common = [tool("sluicec"), graph, "--grad", "--feeds=" + ",".join(spec["feeds"]),
                  "--fetches=" + forward]
        prepared = subprocess.run(common + ["--emit=mlir", "-o", grad],
                                  capture_output=True, text=True)
        if prepared.returncode == 0 and "tflite" in args.engines:
            prepared = subprocess.run(common + ["--emit=tflite", "-o", model],
                                      capture_output=True, text=True)
        if prepared.returncode != 0:
            print("FAIL %s: %s" % (name, prepared.stderr.strip().splitlines()[0]))
            failed += 1
            continue
        commands = {"tflite": [sys.executable, LITERT_NATIVE, model]}
        for engine in ("interpreter", "native"):
            commands[engine] = [tool("sluice-run"), grad, "--function=main_grad",
                                "--engine=" + engine]
        for engine in args.engines.split(","):
            for index, run in enumerate(spec["runs"]):
                runs += 1
                inputs = [run["inputs"][feed] for feed in spec["feeds"]]
                x = np.array(run["inputs"]["x"]["data"], dtype=np.float32).reshape(
                    run["inputs"]["x"]["shape"])
                expected = run["expected"][gradient_index]
                path = os.path.join(workdir, "%s.%d.in.json" % (name, index))
                shape = list(x.shape) if forward_shape is None else forward_shape
                seed = {"dtype": "float32", "shape": shape,
                        "data": [1.0] * int(np.prod(shape))}
                with open(path, "w") as f:
                    json.dump(inputs + [seed], f)
                label = "%s/%s run %d" % (name, engine, index)
                done = subprocess.run(commands[engine] + ["--inputs=" + path],
                                      capture_output=True, text=True)
                if done.returncode != 0:
                    print("FAIL %s: %s" % (label, (done.stderr or done.stdout).strip()))
                    failed += 1
                    continue
                outputs = json.loads(done.stdout.splitlines()[0])["outputs"]
                got = np.array(outputs[-1]["data"], dtype=np.float64)
                want = np.array(expected["data"], dtype=np.float64)
                if got.shape == want.shape and np.allclose(got, want, rtol=rtol, atol=atol):
                    agree += 1
                    if args.verbose:
                        print("agree %s" % label)
                else:
                    failed += 1
                    print("FAIL %s: Sluice %s, TensorFlow %s" % (label, got.tolist(),
                                                                  want.tolist()))
    print("grad vs tf: %d runs, %d agree, %d failed" % (runs, agree, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
