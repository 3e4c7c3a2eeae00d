#!/usr/bin/env python3
"""The runs of export-flag-loop.test: a program's input sets and the
outputs TensorFlow computed on them, recorded by test/tf/gen_flag_loop.py in
Inputs/flag-loop-NAME.json, and the outputs of each engine, as lines
"DTYPE[SHAPE]=DATA ..." for FileCheck (one line per run, floats that are
integers written as integers: engines print 4, 4.0 or 4.0e0 alike).

  flag_loop_runs.py inputs PROGRAM.json PREFIX
      writes PREFIX.K.json (run K's inputs) and prints the batch lines
      "PREFIX.tflite PREFIX.K.json" of litert_native.py / run_tflite.mjs
  flag_loop_runs.py expected PROGRAM.json
      TensorFlow's outputs
  flag_loop_runs.py run PROGRAM.json PREFIX COMMAND...
      COMMAND --inputs=PREFIX.K.json for each run (sluice-run)
  flag_loop_runs.py format < JSON lines
      an engine's sluice-run JSON lines
"""
import json
import subprocess
import sys


def line(outputs):
    def value(v):
        return int(v) if isinstance(v, float) and v.is_integer() else v
    return " ".join("%s%s=%s" % (o["dtype"], o["shape"], json.dumps([value(v) for v in o["data"]]))
                    for o in outputs)


def main(mode, *args):
    if mode == "format":
        for text in sys.stdin:
            print(line(json.loads(text)["outputs"]))
        return 0
    with open(args[0]) as f:
        runs = json.load(f)["runs"]
    for k, run in enumerate(runs):
        inputs = "%s.%d.json" % (args[1], k) if len(args) > 1 else None
        if mode == "inputs":
            with open(inputs, "w") as f:
                json.dump(run["inputs"], f)
            print(args[1] + ".tflite", inputs)
        elif mode == "expected":
            print(line(run["expected"]["outputs"]))
        elif mode == "run":
            result = subprocess.run([*args[2:], "--inputs=" + inputs], stdout=subprocess.PIPE,
                                    text=True)
            if result.returncode:
                return result.returncode
            print(line(json.loads(result.stdout)["outputs"]))
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
