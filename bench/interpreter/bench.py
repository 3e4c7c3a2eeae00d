#!/usr/bin/env python3
"""Executor interpreter vs lite interpreter on the same loop.

Runs sum(3 * i for i in range(N)) (N = 100000 by default) twice in
sluice-run: as a v1 dataflow graph (enter/merge/switch/next_iteration/exit,
interpreted by frames, tags and deadness) and as a lite.while (interpreted
structurally). Prints time per executor node execution and the ratio of the
two engines' times per loop iteration, measured in this invocation.

usage: bench/interpreter/bench.py [--iterations N] [--repeat R] [--build DIR]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

EXECUTOR = """
func.func @main(%n: tensor<i32>) -> tensor<i32> {
  %r = executor.graph {
    %c:2, %kc = executor.island {
      %zero = lite.constant dense<0> : tensor<i32>
      %k = lite.constant dense<3> : tensor<i32>
      executor.yield %zero, %k : tensor<i32>, tensor<i32>
    }
    %ei, %kei = executor.enter %c#0 frame "L" : tensor<i32>
    %eacc, %keacc = executor.enter %c#0 frame "L" : tensor<i32>
    %en, %ken = executor.enter %n frame "L" constant : tensor<i32>
    %ek, %kek = executor.enter %c#1 frame "L" constant : tensor<i32>
    %mi, %ii, %kmi = executor.merge %ei, %ni : tensor<i32>
    %macc, %iacc, %kmacc = executor.merge %eacc, %nacc : tensor<i32>
    %p, %kp = executor.island {
      %0 = lite.less %mi, %en : (tensor<i32>, tensor<i32>) -> tensor<i1>
      executor.yield %0 : tensor<i1>
    }
    %lc, %klc = executor.loop_cond %p
    %fi, %ti, %ksi = executor.switch %mi, %lc : tensor<i32>
    %facc, %tacc, %ksacc = executor.switch %macc, %lc : tensor<i32>
    %b:2, %kb = executor.island(%ksi) {
      %one = lite.constant dense<1> : tensor<i32>
      %0 = lite.add %ti, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %1 = lite.mul %ti, %ek : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %2 = lite.add %tacc, %1 : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %0, %2 : tensor<i32>, tensor<i32>
    }
    %ni, %kni = executor.next_iteration %b#0 : tensor<i32>
    %nacc, %knacc = executor.next_iteration %b#1 : tensor<i32>
    %xacc, %kxacc = executor.exit %facc : tensor<i32>
    executor.fetch %xacc : tensor<i32>
  }
  return %r : tensor<i32>
}
"""

LITE = """
func.func @main(%n: tensor<i32>) -> tensor<i32> {
  %zero = lite.constant dense<0> : tensor<i32>
  %k = lite.constant dense<3> : tensor<i32>
  %r:2 = lite.while (%i = %zero, %acc = %zero) : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>) cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %one = lite.constant dense<1> : tensor<i32>
    %0 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %1 = lite.mul %i, %k : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %2 = lite.add %acc, %1 : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %0, %2 : tensor<i32>, tensor<i32>
  }
  return %r#1 : tensor<i32>
}
"""


def run(tool, program, inputs, workdir, name):
    path = os.path.join(workdir, name + ".mlir")
    with open(path, "w") as f:
        f.write(program)
    proc = subprocess.run(
        [tool, path, "--inputs=" + inputs, "--print-stats"],
        capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        sys.exit(f"{name}: sluice-run failed:\n{proc.stderr}")
    stats = json.loads(proc.stderr.strip().splitlines()[-1])
    output = json.loads(proc.stdout)["outputs"][0]["data"][0]
    return stats, output


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=100000)
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs per engine; the fastest counts")
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    args = parser.parse_args()
    tool = os.path.join(args.build, "bin", "sluice-run")
    n = args.iterations
    expected = (3 * n * (n - 1) // 2 + 2**31) % 2**32 - 2**31  # int32 wraps

    with tempfile.TemporaryDirectory() as workdir:
        inputs = os.path.join(workdir, "n.json")
        with open(inputs, "w") as f:
            json.dump([n], f)
        best = {}
        for name, program in (("executor", EXECUTOR), ("lite", LITE)):
            for _ in range(args.repeat):
                stats, output = run(tool, program, inputs, workdir, name)
                if output != expected:
                    sys.exit(f"{name}: computed {output}, expected {expected}")
                if name not in best or stats["seconds"] < best[name]["seconds"]:
                    best[name] = stats

    ex, li = best["executor"], best["lite"]
    print(f"loop of {n} iterations, best of {args.repeat} runs each")
    print(f"executor interpreter: {ex['seconds']:.3f} s, "
          f"{ex['node_executions']} node executions, "
          f"{1e9 * ex['seconds'] / ex['node_executions']:.0f} ns/node execution, "
          f"{1e9 * ex['seconds'] / n:.0f} ns/iteration")
    print(f"lite interpreter:     {li['seconds']:.3f} s, "
          f"{li['kernel_executions']} kernel executions, "
          f"{1e9 * li['seconds'] / li['kernel_executions']:.0f} ns/kernel execution, "
          f"{1e9 * li['seconds'] / n:.0f} ns/iteration")
    print(f"ratio executor/lite per iteration: {ex['seconds'] / li['seconds']:.2f}")


if __name__ == "__main__":
    main()
