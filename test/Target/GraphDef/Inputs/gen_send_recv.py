#!/usr/bin/env python3
"""Writes graphs TensorFlow partitioned itself, with the _Send/_Recv pairs
it put on the edges between devices, for test/Target/GraphDef/send-recv.test.

A TF 1.x session with two CPU devices runs each graph with
RunOptions(output_partition_graphs=True); the partition graphs it reports
(one per device, their node names distinct) are merged into one GraphDef:

  send-recv-cond.pbtxt   a cond (v1 control flow) whose true branch runs on
                         /cpu:1, its false branch and the merge on /cpu:0.
  send-recv-while.pbtxt  a while loop (v1) whose body spans /cpu:0 and
                         /cpu:1; TF's partitioning added a control-loop state
                         machine (_cloop*: enter/merge/switch/next_iteration)
                         on each device that receives inside the loop.

Next to each, NAME.json: the feeds and fetches, and per run the inputs (by
the feeds' names in the partition graphs: a session feeds through _Arg
nodes, `_arg_<placeholder>_0_<index>`) and TF's outputs, in the form
`sluice-run` prints them.

usage: .venv/bin/python gen_send_recv.py OUTDIR
"""
import json
import os
import sys

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()
tf.disable_control_flow_v2()


def cond_graph():
    graph = tf.Graph()
    with graph.as_default():
        with tf.device("/cpu:0"):
            x = tf.placeholder(tf.float32, [2], name="x")
            p = tf.placeholder(tf.bool, [], name="p")

        def then_branch():
            with tf.device("/cpu:1"):
                return x * 3.0

        def else_branch():
            with tf.device("/cpu:0"):
                return x - 1.0

        with tf.device("/cpu:0"):
            r = tf.cond(p, then_branch, else_branch, name="cond")
            out = tf.identity(r, name="out")
    runs = [{x: [1.0, 2.0], p: True}, {x: [1.0, 2.0], p: False}]
    return graph, [x, p], [out], runs


def while_graph():
    graph = tf.Graph()
    with graph.as_default():
        with tf.device("/cpu:0"):
            n = tf.placeholder(tf.int32, [], name="n")
            a = tf.placeholder(tf.float32, [2], name="a")

        def cond(i, acc):
            return i < n

        def body(i, acc):
            with tf.device("/cpu:0"):
                i1 = i + 1
            with tf.device("/cpu:1"):
                acc1 = acc * 2.0 + tf.cast(i1, tf.float32)
            return i1, acc1

        with tf.device("/cpu:0"):
            i, acc = tf.while_loop(cond, body, [tf.constant(0), a],
                                   name="loop")
            out = tf.identity(acc, name="out")
            count = tf.identity(i, name="count")
    runs = [{n: 3, a: [1.0, 2.0]}, {n: 0, a: [1.0, 2.0]}]
    return graph, [n, a], [out, count], runs


def tensor_json(name, value):
    value = np.asarray(value)
    return {"data": value.reshape(-1).tolist(), "dtype": value.dtype.name,
            "name": name, "shape": list(value.shape)}


def partition_and_run(graph, feeds, fetches, runs):
    config = tf.ConfigProto(device_count={"CPU": 2})
    options = tf.RunOptions(output_partition_graphs=True)
    merged = None
    results = []
    with tf.Session(graph=graph, config=config) as session:
        for feed_dict in runs:
            metadata = tf.RunMetadata()
            values = session.run(fetches, feed_dict, options=options,
                                 run_metadata=metadata)
            if merged is None:
                merged = tf.GraphDef()
                merged.versions.CopyFrom(metadata.partition_graphs[0].versions)
                names = set()
                for partition in metadata.partition_graphs:
                    for node in partition.node:
                        assert node.name not in names, node.name
                        names.add(node.name)
                    merged.node.extend(partition.node)
            results.append((feed_dict, values))
    # The session feeds x through the _Arg `_arg_x_0_<index>`.
    args = {node.name.rsplit("_0_", 1)[0][len("_arg_"):]: node.name
            for node in merged.node if node.op == "_Arg"}
    fetch_names = [t.name for t in fetches]
    record = {
        "feeds": [args[t.op.name] for t in feeds],
        "fetches": fetch_names,
        "runs": [{
            "inputs": {args[t.op.name]: tensor_json(args[t.op.name],
                                                   np.asarray(v, t.dtype.as_numpy_dtype))
                       for t, v in feed_dict.items()},
            "outputs": [tensor_json(name, v)
                        for name, v in zip(fetch_names, values)],
        } for feed_dict, values in results],
    }
    for run in record["runs"]:
        for value in run["inputs"].values():
            del value["name"]
    return merged, record


def main():
    out = sys.argv[1]
    for name, build in [("send-recv-cond", cond_graph),
                        ("send-recv-while", while_graph)]:
        graph, record = partition_and_run(*build())
        with open(os.path.join(out, name + ".pbtxt"), "w") as f:
            f.write(str(graph))
        with open(os.path.join(out, name + ".json"), "w") as f:
            json.dump(record, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
