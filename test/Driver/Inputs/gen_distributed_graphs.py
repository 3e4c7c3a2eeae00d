#!/usr/bin/env python3
"""Writes the TF 1.x GraphDefs with device placements that
test/Driver/sluice-run-distributed.test and sluice-run-mpi.test run.

  while_two_tasks.pbtxt   a while loop (i < n: i += 1, acc = acc * 2 + i)
                          whose body is split over /job:worker/task:0 and
                          task:1, with a cond inside the body on task:1.

usage: .venv/bin/python gen_distributed_graphs.py OUTDIR
"""
import os
import sys

import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()
tf.disable_control_flow_v2()


def while_two_tasks():
    graph = tf.Graph()
    with graph.as_default():
        with tf.device("/job:worker/task:0"):
            n = tf.placeholder(tf.int32, [], name="n")
            acc0 = tf.placeholder(tf.float32, [2], name="acc")

        def cond(i, acc):
            return i < n

        def body(i, acc):
            with tf.device("/job:worker/task:0"):
                i1 = i + 1
            with tf.device("/job:worker/task:1"):
                doubled = acc * 2.0
                bumped = tf.cond(tf.equal(i1 % 2, 0), lambda: doubled + tf.cast(i1, tf.float32),
                                 lambda: doubled - 1.0)
            return i1, bumped

        with tf.device("/job:worker/task:0"):
            tf.while_loop(cond, body, [tf.constant(0), acc0], name="loop")
    return graph.as_graph_def()


def main():
    out = sys.argv[1]
    with open(os.path.join(out, "while_two_tasks.pbtxt"), "w") as f:
        f.write(str(while_two_tasks()))


if __name__ == "__main__":
    main()
