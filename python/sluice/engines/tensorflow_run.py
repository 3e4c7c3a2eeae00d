#!/usr/bin/env python3
"""Runs a TensorFlow GraphDef in TensorFlow itself and prints sluice-run's JSON.

TensorFlow as one engine of sluice-run --compare (Program.compare): it runs
under a Python that has TensorFlow (the repository's .venv), in a process of
its own, so that a comparison needs TensorFlow only in that Python, not in
the one that runs Sluice.

    PYTHON tensorflow_run.py GRAPH.pb|GRAPH.pbtxt [--inputs=IN.json]
        [--feeds=a,b] --fetches=x,y:1 [--init=auto|none|n1,n2]

The graph is imported into a tf.Graph and run by tf.compat.v1.Session, the
way TF 1.x runs v1 control flow (functional If/While and their function
library run the same way). Inputs are sluice-run's JSON (an object keyed by
feed name, or an array in --feeds order); a feed or fetch "node" means
"node:0". --init names the nodes run once before the fetches (variable
initialisers); "auto" (the default) runs the node `init` when the graph has
one, as Sluice's --init does. Device requests and dangling colocation
constraints are dropped first (they place nodes, they do not change values).

Prints one line: {"outputs": [...], "load_seconds": S, "seconds": S}, the
second the wall time of the one session.run of the fetches (the first run:
it includes TF's graph optimisation). A failure prints {"error": "...",
"phase": "load"|"run"} and exits 1: "run" when TensorFlow raised while
running (an assertion, an index out of range), "load" when it refused the
graph, feeds or fetches. Without TensorFlow the exit status is 3.
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
try:  # numpy: without it, the engine is unavailable (exit status 3)
    from tensor_json import DTYPES, HarnessError, array_from_json, json_value
    MISSING = None
except ImportError as e:
    MISSING = e


def tensor_name(name):
    """A feed or fetch as a TF tensor name: "node" is "node:0"."""
    return name if ":" in name else name + ":0"


def prepare(graph_def):
    """The graph as TF's session on this machine can take it: device
    requests (a TPU, say) and colocation constraints (`_class: loc:@node`)
    naming nodes the dump left out are dropped. They place nodes and don't
    change values; TF refuses a device it lacks and a dangling constraint."""
    names = {n.name for n in graph_def.node}
    for node in graph_def.node:
        node.device = ""
        if "_class" in node.attr:
            wanted = [c for c in node.attr["_class"].list.s
                      if not c.startswith(b"loc:@") or c[5:].decode() in names]
            if len(wanted) != len(node.attr["_class"].list.s):
                del node.attr["_class"]
    return graph_def


def tf_fetch(graph_def, name):
    """The TF tensor for a Sluice fetch: a _Retval node (a function's
    result, which has no output in a session) stands for its input."""
    for node in graph_def.node:
        if node.name == name.split(":")[0] and node.op == "_Retval" and node.input:
            return tensor_name(node.input[0])
    return tensor_name(name)


def read_graph(tf, path):
    from google.protobuf import text_format
    graph_def = tf.compat.v1.GraphDef()
    with open(path, "rb") as f:
        data = f.read()
    if path.endswith(".pbtxt"):
        text_format.Parse(data.decode(), graph_def)
    else:
        graph_def.ParseFromString(data)
    return prepare(graph_def)


def describe(error):
    """TF's exception as one line: its type and first two lines of text."""
    lines = [l.strip() for l in str(error).splitlines()
             if l.strip() and l.strip() != "Graph execution error:"]
    return f"{type(error).__name__}: {' '.join(lines[:2])[:500]}"


def to_json(value):
    import numpy as np
    array = np.asarray(value)
    dtype = array.dtype.name
    if dtype not in DTYPES:
        raise HarnessError(f"an output has dtype {dtype}, which Sluice's JSON "
                           "does not carry")
    return {"data": [json_value(x, dtype) for x in array.reshape(-1).tolist()],
            "dtype": dtype, "shape": list(array.shape)}


def run(tf, path, inputs_text, feeds, fetches, init):
    """The output line, or raises (phase, message)."""
    start = time.perf_counter()
    try:
        graph_def = read_graph(tf, path)
        graph = tf.Graph()
        with graph.as_default():
            tf.compat.v1.import_graph_def(graph_def, name="")
        values = json.loads(inputs_text) if inputs_text else {}
        if isinstance(values, list):
            if len(values) != len(feeds):
                raise HarnessError(f"{len(values)} inputs for {len(feeds)} feeds")
            values = dict(zip(feeds, values))
        feed = {}
        for name, value in values.items():
            tensor = graph.get_tensor_by_name(tensor_name(name))
            feed[tensor] = array_from_json(value, tensor.dtype.as_numpy_dtype().dtype.name)
        targets = [tf_fetch(graph_def, f) for f in fetches]
        if init == ["auto"]:
            init = ["init"] if any(n.name == "init" for n in graph_def.node) else []
        session = tf.compat.v1.Session(graph=graph)
        if init:
            session.run(init)
    except Exception as e:  # noqa: BLE001 - TF raises many kinds
        raise RuntimeError("load", describe(e)) from None
    load_seconds = time.perf_counter() - start
    start = time.perf_counter()
    try:
        outputs = session.run(targets, feed)
    except Exception as e:  # noqa: BLE001
        raise RuntimeError("run", describe(e)) from None
    seconds = time.perf_counter() - start
    session.close()
    return {"outputs": [to_json(v) for v in outputs], "load_seconds": load_seconds,
            "seconds": seconds}


USAGE = ("usage: tensorflow_run.py GRAPH.pb|GRAPH.pbtxt [--inputs=IN.json] "
         "[--feeds=a,b] --fetches=x,y:1 [--init=auto|none|n1,n2]")


def main(argv):
    options = {"inputs": None, "feeds": "", "fetches": None, "init": "auto"}
    graph = None
    for arg in argv:
        key, _, value = arg.partition("=")
        if arg in ("-h", "--help"):
            print(USAGE)
            return 0
        if key.startswith("--") and key[2:] in options and value:
            options[key[2:]] = value
        elif not arg.startswith("-") and graph is None:
            graph = arg
        else:
            sys.stderr.write(f"tensorflow_run: unexpected argument '{arg}'\n{USAGE}\n")
            return 2
    if graph is None or options["fetches"] is None:
        sys.stderr.write(USAGE + "\n")
        return 2
    try:
        if MISSING:
            raise MISSING
        os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
        import tensorflow as tf
    except ImportError as e:
        sys.stderr.write(f"tensorflow_run: unavailable: {e}\n")
        return 3
    tf.get_logger().setLevel("ERROR")
    split = lambda text: [s for s in text.split(",") if s]  # noqa: E731
    init = {"auto": ["auto"], "none": []}.get(options["init"], split(options["init"]))
    inputs_text = None
    if options["inputs"]:
        with open(options["inputs"]) as f:
            inputs_text = f.read()
    try:
        line = run(tf, graph, inputs_text, split(options["feeds"]),
                   split(options["fetches"]), init)
    except RuntimeError as e:
        phase, message = e.args
        print(json.dumps({"error": message, "phase": phase}))
        return 1
    except HarnessError as e:
        print(json.dumps({"error": str(e), "phase": "load"}))
        return 1
    print(json.dumps(line, separators=(",", ":"), sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
