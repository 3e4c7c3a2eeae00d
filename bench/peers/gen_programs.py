#!/usr/bin/env python3
"""The performance programs of bench/native, as TensorFlow writes them.

bench/native times four programs written as lite IR; for bench/peers they
are TF 1.x graphs (tf.compat.v1.while_loop / cond: Enter, Merge, Switch,
NextIteration, Exit), so that every peer starts from the same GraphDef.
TensorFlow builds each, runs it and records its outputs, in the corpus
format of test/tf (tfcorpus.py), into bench/peers/programs/perf/:
  perf_counting   a scalar int32 loop of 100000 iterations:
                  i += 1; acc = acc * 1664525 + i (wrapping)
  perf_rnn        100 steps of h = tanh(h W + b), h [1, 128], W [128, 128]
                  and b constants (seeded)
  perf_nested_if  two nested loops (300 x 300) with a cond inside:
                  acc += i * j where (i + j) mod 3 == 0, else acc -= 1
  perf_ping_pong  1000 iterations over two [1024] float32 vectors that trade
                  places: (a, b) -> (b, 0.5 a + 0.25 b)
The loop bounds are inputs, so no system folds the loops away.

usage: .venv/bin/python bench/peers/gen_programs.py [--out DIR]
"""
import argparse
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "test", "tf"))
sys.dont_write_bytecode = True
import gen_corpus  # noqa: E402  (sets TF's environment before TF loads)
import numpy as np  # noqa: E402

RNN_SIZE, RNN_STEPS = 128, 100


def programs(tf, writer):
    ph, i32 = gen_corpus.ph, gen_corpus.i32

    def add(name, description, build, inputs, tolerance):
        _, graph_def, feeds, fetches, init = gen_corpus.tf1_graph(build)
        writer.write(name, "perf", "tf1", description, graph_def, feeds, fetches, [inputs],
                     tolerance, init)

    def counting():
        n = ph(tf.int32, [], "n")
        _, acc = tf.compat.v1.while_loop(
            lambda i, acc: i < n,
            lambda i, acc: (i + 1, acc * 1664525 + (i + 1)), [0, 0])
        return [n], [acc]
    add("perf_counting", "a scalar int32 while loop: acc = acc * 1664525 + i",
        counting, {"n": i32(100000)}, "exact")

    def rnn():
        steps = ph(tf.int32, [], "steps")
        rng = np.random.RandomState(7)
        weights = tf.constant(rng.uniform(-0.1, 0.1, (RNN_SIZE, RNN_SIZE)).astype(np.float32))
        bias = tf.constant(rng.uniform(-0.1, 0.1, (1, RNN_SIZE)).astype(np.float32))
        h0 = tf.constant(rng.uniform(-1, 1, (1, RNN_SIZE)).astype(np.float32))
        _, h = tf.compat.v1.while_loop(
            lambda t, h: t < steps,
            lambda t, h: (t + 1, tf.tanh(tf.matmul(h, weights) + bias)), [0, h0])
        return [steps], [h]
    add("perf_rnn", f"{RNN_STEPS} steps of h = tanh(h W + b), h [1, {RNN_SIZE}]",
        rnn, {"steps": i32(RNN_STEPS)}, "transcendental")

    def nested_if():
        n = ph(tf.int32, [], "n")

        def outer(i, acc):
            def inner(j, acc):
                acc = tf.compat.v1.cond(tf.equal(tf.math.floormod(i + j, 3), 0),
                                        lambda: acc + i * j, lambda: acc - 1)
                return j + 1, acc
            _, acc = tf.compat.v1.while_loop(lambda j, acc: j < n, inner, [0, acc])
            return i + 1, acc
        _, acc = tf.compat.v1.while_loop(lambda i, acc: i < n, outer, [0, 0])
        return [n], [acc]
    add("perf_nested_if", "nested while loops (n x n) around a cond on (i + j) mod 3",
        nested_if, {"n": i32(300)}, "exact")

    def ping_pong():
        n = ph(tf.int32, [], "n")
        a0 = ph(tf.float32, [1024], "a")
        b0 = ph(tf.float32, [1024], "b")
        _, a, b = tf.compat.v1.while_loop(
            lambda i, a, b: i < n, lambda i, a, b: (i + 1, b, 0.5 * a + 0.25 * b),
            [0, a0, b0])
        return [n, a0, b0], [a, b]
    rng = np.random.RandomState(3)
    add("perf_ping_pong", "two [1024] vectors trading places: (a, b) -> (b, 0.5 a + 0.25 b)",
        ping_pong, {"n": i32(1000), "a": rng.uniform(-1, 1, 1024).astype(np.float32),
                    "b": rng.uniform(-1, 1, 1024).astype(np.float32)}, "exact")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.join(HERE, "programs"))
    args = parser.parse_args()
    import tensorflow as tf
    tf.get_logger().setLevel("ERROR")
    tf.compat.v1.disable_control_flow_v2()
    gen_corpus.tf = tf
    if os.path.isdir(args.out):
        shutil.rmtree(args.out)
    writer = gen_corpus.Writer(args.out)
    programs(tf, writer)
    print(f"wrote {writer.count} programs to {args.out}")


if __name__ == "__main__":
    main()
