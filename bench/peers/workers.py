#!/usr/bin/env python3
"""One system of bench/peers over a list of programs, in a process of its own.

    .venv-peers/bin/python bench/peers/workers.py SYSTEM --work DIR < TASKS

TASKS is one JSON object per line, a corpus program (tfcorpus's format:
{"name", "pbtxt", "json"} paths). For each, this process prints
    {"start": NAME}
then, when done,
    {"result": {...}}
with the outcome of SYSTEM on that program:
    converted  bool, or null for a system that runs the graph as it is
    ran        bool: every recorded run produced outputs
    agrees     bool: ... equal to TensorFlow's recorded outputs (dtype, shape
               and data within the program's tolerance)
    error      the first line of why not, when not
    load_s     conversion + compilation + loading, seconds
    run_s      median wall time of one run of the first recorded inputs,
               loading excluded (null when it did not run)
    runs       how many timed runs the median is of
The driver (peers.py) reads these lines with a time limit per program and
restarts this process after the task it was on if it crashes or hangs, so a
converter that aborts costs one cell, not the table.

Every system runs single-threaded (TensorFlow's intra/inter-op pools, ONNX
Runtime's and OpenVINO's threads, LiteRT's interpreter, IREE's local-sync
driver; Sluice is single-threaded): the table compares code, not cores.

Systems (conversion artefacts are written to and read from --work, so the
TFLite models TF's converter and Sluice wrote are the ones IREE imports):
  tf              TensorFlow runs the GraphDef (tf.compat.v1.Session): the
                  reference; also freezes variables for the converters
                  (NAME.frozen.pb)
  tf-tflite       TF's TFLite converter (from_session for v1 graphs,
                  from_concrete_functions for v2), builtin ops only, tensor
                  lists lowered (the converter's default), run in native
                  LiteRT (ai-edge-litert)
  tf-tflite-flex  the same with SELECT_TF_OPS and
                  experimental_lower_tensor_list_ops=False
  tf2onnx-ort     tf2onnx on the frozen graph, run in ONNX Runtime
  openvino        OpenVINO's TensorFlow frontend on the frozen graph, CPU
  iree-tf-tflite  IREE: TF's .tflite imported (iree-import-tflite; it cannot
                  run with TF 2.21: see iree_import), compiled for
                  llvm-cpu (host CPU), run with iree.runtime (local-sync)
  iree-sluice-tflite  the same on the .tflite Sluice exported
  iree-onnx       the same on tf2onnx's model (iree-import-onnx)
  sluice-executor the GraphDef in Sluice's v1 executor (frames, deadness)
  sluice-tflite   Sluice's exported .tflite (NAME.sluice.tflite) in native
                  LiteRT
  sluice-native   Sluice's native code (LLVM, compiled in process)
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "test", "tf"))
sys.path.insert(0, os.path.join(ROOT, "build", "python"))
sys.dont_write_bytecode = True
import numpy as np  # noqa: E402
import tfcorpus  # noqa: E402

# Timed runs: at least MIN_RUNS, then more until MIN_SECONDS have passed or
# MAX_RUNS were made.
MIN_RUNS, MAX_RUNS, MIN_SECONDS = 3, 50, 0.5


class Refused(Exception):
    """The system refused the program: conversion or loading failed."""


def first_line(error):
    text = str(error).strip() or type(error).__name__
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("Traceback"):
            return f"{type(error).__name__}: {line}"[:300]
    return type(error).__name__


def inputs_of(meta, run):
    """The run's inputs as {feed: numpy array}, in feed order."""
    return {feed: tfcorpus.from_json(run["inputs"][feed]) for feed in meta["feeds"]}


def signature(meta):
    """{feed: (dtype, shape)} over the recorded runs: the rank every run
    has, a dimension None where runs differ."""
    result = {}
    for feed in meta["feeds"]:
        shapes = [tuple(run["inputs"][feed]["shape"]) for run in meta["runs"]]
        dtype = meta["runs"][0]["inputs"][feed]["dtype"]
        shape = list(shapes[0])
        for other in shapes[1:]:
            if len(other) != len(shape):
                raise Refused(f"input {feed} changes rank between runs")
            shape = [a if a == b else None for a, b in zip(shape, other)]
        result[feed] = (dtype, shape)
    return result


def timed(call):
    """(median seconds, count) of repeated calls."""
    times = []
    start = time.perf_counter()
    while len(times) < MIN_RUNS or (time.perf_counter() - start < MIN_SECONDS
                                    and len(times) < MAX_RUNS):
        begin = time.perf_counter()
        call()
        times.append(time.perf_counter() - begin)
    return statistics.median(times), len(times)


def stateful(meta, paths):
    """Whether a run changes what the next run computes: variables (an
    initializer to run) or random ops. TensorFlow recorded each run in a
    fresh session, so such programs get a fresh instance per checked run."""
    if meta.get("init"):
        return True
    with open(paths["pbtxt"]) as f:
        text = f.read()
    return "op: \"Random" in text or "op: \"StatelessRandom" in text


def evaluate(meta, fresh, instantiate):
    """Checks the runners `instantiate()` makes (`runner(inputs) -> [numpy
    outputs]`) on every recorded run (a fresh runner per run when `fresh`: a
    stateful program): TF's outputs where TF computed some, an error where
    TF raised one. Then times one on the first run with outputs: the result
    dict's ran / agrees / error / run_s / runs."""
    checked = [run for run in meta["runs"] if "expected" in run]
    if not checked:
        return {"ran": False, "agrees": False, "error": "TensorFlow refuses every run"}
    runner = None
    for index, run in enumerate(meta["runs"]):
        try:
            if runner is None or fresh:
                runner = instantiate()
            outputs = runner(inputs_of(meta, run))
        except Exception as e:  # noqa: BLE001 -- any peer failure is a cell
            if "expected" not in run:
                continue  # TensorFlow refuses this run too
            return {"ran": False, "agrees": False, "error": f"run {index}: {first_line(e)}"}
        if "expected" not in run:
            # TF is the judge: a value where TF raises is a wrong answer.
            return {"ran": True, "agrees": False,
                    "error": f"run {index}: returns outputs where TensorFlow raises "
                             f"({run['tf_error'][:120]})"}
        actual = [tfcorpus.to_json(np.asarray(o)) for o in outputs]
        why = tfcorpus.compare(run["expected"], actual, meta["tolerance"])
        if why:
            return {"ran": True, "agrees": False, "error": f"run {index}: {why}"}
    feed = inputs_of(meta, checked[0])
    run_s, runs = timed(lambda: runner(feed))
    return {"ran": True, "agrees": True, "run_s": run_s, "runs": runs}


def system(prepare, converted=True, compiles_on_first_run=False):
    """A system from `prepare(meta, paths, work) -> instantiate`: prepare
    converts and compiles (a Refused exception when the system refuses the
    program); instantiate() loads the result and returns a runner. load_s is
    prepare and the first instantiate, and the first run for a system that
    compiles then (Sluice's native engine)."""

    def run(meta, paths, work):
        start = time.perf_counter()
        instantiate = prepare(meta, paths, work)
        checked = [r for r in meta["runs"] if "expected" in r]
        first = {"runner": None}
        try:
            first["runner"] = instantiate()
            if checked and compiles_on_first_run:
                first["runner"](inputs_of(meta, checked[0]))
        except Exception as e:  # noqa: BLE001
            return {"converted": converted, "ran": False, "agrees": False,
                    "error": first_line(e), "load_s": time.perf_counter() - start}
        load_s = time.perf_counter() - start
        fresh = stateful(meta, paths)
        if compiles_on_first_run and fresh:
            first["runner"] = None  # its run changed the state

        def instances():
            runner, first["runner"] = first["runner"], None
            return runner or instantiate()

        result = evaluate(meta, fresh, instances)
        result.update(converted=converted, load_s=load_s)
        return result

    return run


# --- TensorFlow ---------------------------------------------------------

_tf = None


def tensorflow():
    global _tf
    if _tf is None:
        os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
        import tensorflow as tf
        tf.get_logger().setLevel("ERROR")
        tf.config.threading.set_intra_op_parallelism_threads(1)
        tf.config.threading.set_inter_op_parallelism_threads(1)
        _tf = tf
    return _tf


def session_config(meta):
    """One thread; without grappler where TensorFlow recorded that its
    grappler passes break the graph (tf_grappler_error: TF's own bug, see
    docs/tensorflow.md), as the corpus' expected outputs were computed."""
    tf = tensorflow()
    config = tf.compat.v1.ConfigProto(intra_op_parallelism_threads=1,
                                      inter_op_parallelism_threads=1)
    if any("tf_grappler_error" in run for run in meta["runs"]):
        config.graph_options.rewrite_options.disable_meta_optimizer = True
    return config


def read_graph_def(path, meta):
    """The stored GraphDef, each fed Placeholder's shape set to the runs'
    signature (the converters need a rank; Session does not care)."""
    tf = tensorflow()
    from google.protobuf import text_format
    graph_def = tf.compat.v1.GraphDef()
    with open(path) as f:
        text_format.Parse(f.read(), graph_def)
    shapes = signature(meta)
    for node in graph_def.node:
        if node.op == "Placeholder" and node.name in shapes:
            proto = tf.TensorShape(shapes[node.name][1]).as_proto()
            node.attr["shape"].shape.CopyFrom(proto)
    return graph_def


def with_output_identities(graph_def, meta):
    """The graph with an Identity `peers_output_K` on each fetch, and those
    as the fetches: TF's converter functionalizes v1 control flow first and
    loses fetched Exit and Merge nodes ("Graph does not contain node:
    while/Exit_1"); an Identity after them survives (the usual workaround)."""
    tf = tensorflow()
    wrapped = tf.compat.v1.GraphDef()
    wrapped.CopyFrom(graph_def)
    graph = tf.Graph()
    with graph.as_default():
        tf.compat.v1.import_graph_def(graph_def, name="")
    fetches = []
    for k, fetch in enumerate(meta["fetches"]):
        node = wrapped.node.add()
        node.name, node.op = f"peers_output_{k}", "Identity"
        node.input.append(fetch if not fetch.endswith(":0") else fetch[:-2])
        node.attr["T"].type = graph.get_tensor_by_name(fetch).dtype.as_datatype_enum
        fetches.append(node.name + ":0")
    return wrapped, fetches


def session_for(graph_def, meta):
    tf = tensorflow()
    graph = tf.Graph()
    with graph.as_default():
        tf.compat.v1.import_graph_def(graph_def, name="")
    sess = tf.compat.v1.Session(graph=graph, config=session_config(meta))
    if meta.get("init"):
        sess.run([graph.get_operation_by_name(n) for n in meta["init"]])
    return sess


def prepare_tf(meta, paths, work):
    graph_def = read_graph_def(paths["pbtxt"], meta)

    def instantiate():
        sess = session_for(graph_def, meta)
        feeds = [sess.graph.get_tensor_by_name(f + ":0") for f in meta["feeds"]]
        fetches = [sess.graph.get_tensor_by_name(t) for t in meta["fetches"]]

        def runner(inputs):
            return sess.run(fetches, {t: inputs[f] for t, f in zip(feeds, meta["feeds"])})

        return runner

    return instantiate


def freeze(graph_def, meta, work):
    """Writes NAME.frozen.pb, the graph the ONNX and OpenVINO converters
    read: variables replaced by their initial values, only what the fetches
    need. Not written when TF cannot freeze it (those converters then refuse
    the program)."""
    tf = tensorflow()
    try:
        sess = session_for(graph_def, meta)
        nodes = sorted({t.split(":")[0] for t in meta["fetches"]})
        frozen = tf.compat.v1.graph_util.convert_variables_to_constants(
            sess, sess.graph.as_graph_def(), nodes)
    except Exception as e:  # noqa: BLE001
        print(f"{meta['name']}: not frozen: {first_line(e)}", file=sys.stderr)
        return
    with open(os.path.join(work, meta["name"] + ".frozen.pb"), "wb") as f:
        f.write(frozen.SerializeToString())


def convert_tflite(meta, paths, flex):
    """TF's converter on the program: bytes of the .tflite."""
    tf = tensorflow()
    graph_def = read_graph_def(paths["pbtxt"], meta)
    if meta["api"] == "tf1":
        graph_def, fetches = with_output_identities(graph_def, meta)
        sess = session_for(graph_def, meta)
        graph = sess.graph
        converter = tf.compat.v1.lite.TFLiteConverter.from_session(
            sess, [graph.get_tensor_by_name(f + ":0") for f in meta["feeds"]],
            [graph.get_tensor_by_name(t) for t in fetches])
    else:
        rename_functions(graph_def, "_" + meta["name"])

        def body():
            tf.compat.v1.import_graph_def(graph_def, name="")
        wrapped = tf.compat.v1.wrap_function(body, [])
        if meta.get("init"):
            wrapped.prune([], [wrapped.graph.get_operation_by_name(n)
                               for n in meta["init"]])()
        function = wrapped.prune(
            [wrapped.graph.get_tensor_by_name(f + ":0") for f in meta["feeds"]],
            [wrapped.graph.get_tensor_by_name(t) for t in meta["fetches"]])
        converter = tf.lite.TFLiteConverter.from_concrete_functions([function], wrapped)
    return finish_conversion(converter, flex)


def rename_functions(graph_def, suffix):
    """Gives every library function of `graph_def` a name ending in `suffix`,
    and every reference to it (node attributes, nested): functions imported
    into tf.function graphs are registered process-wide, and corpus programs
    written by different tf.functions share names (cond_true_0, ...)."""
    names = {f.signature.name for f in graph_def.library.function}

    def fix(attr):
        if attr.HasField("func") and attr.func.name in names:
            attr.func.name += suffix
            for value in attr.func.attr.values():
                fix(value)
        if attr.HasField("list"):
            for function in attr.list.func:
                if function.name in names:
                    function.name += suffix

    def fix_nodes(nodes):
        for node in nodes:
            if node.op in names:
                node.op += suffix
            for value in node.attr.values():
                fix(value)

    fix_nodes(graph_def.node)
    for function in graph_def.library.function:
        function.signature.name += suffix
        fix_nodes(function.node_def)
    for gradient in graph_def.library.gradient:
        if gradient.function_name in names:
            gradient.function_name += suffix


def finish_conversion(converter, flex):
    tf = tensorflow()
    if flex:
        converter.target_spec.supported_ops = [tf.lite.OpsSet.TFLITE_BUILTINS,
                                               tf.lite.OpsSet.SELECT_TF_OPS]
        converter._experimental_lower_tensor_list_ops = False
    try:
        return converter.convert()
    except Exception as e:  # noqa: BLE001
        raise Refused(first_line_of_converter(e)) from None


def first_line_of_converter(error):
    """The converter's error names the first failing op after a preamble."""
    message = error_message(str(error))
    return "ConverterError: " + message if message else first_line(error)


def litert_instances(model, meta):
    """Runners over a .tflite (bytes) in native LiteRT, one thread, inputs
    resized to each run's shapes, outputs in the entry's order."""
    from ai_edge_litert.interpreter import Interpreter

    def instantiate():
        interpreter = Interpreter(model_content=model, num_threads=1)
        details = interpreter.get_input_details()
        if len(details) != len(meta["feeds"]):
            raise Refused(f"the model has {len(details)} inputs, the graph "
                          f"{len(meta['feeds'])}")
        outputs = interpreter.get_output_details()
        state = {"shapes": None}

        def runner(inputs):
            arrays = [inputs[f] for f in meta["feeds"]]
            shapes = [a.shape for a in arrays]
            if shapes != state["shapes"]:
                for d, a in zip(details, arrays):
                    interpreter.resize_tensor_input(d["index"], a.shape, strict=False)
                interpreter.allocate_tensors()
                state["shapes"] = shapes
            for d, a in zip(details, arrays):
                interpreter.set_tensor(d["index"], a)
            interpreter.invoke()
            return [interpreter.get_tensor(o["index"]) for o in outputs]

        return runner

    return instantiate


def prepare_tf_tflite(meta, paths, work, flex=False):
    model = convert_tflite(meta, paths, flex)
    if not flex:
        with open(os.path.join(work, meta["name"] + ".tf.tflite"), "wb") as f:
            f.write(model)
    return litert_instances(model, meta)


def frozen_path(meta, work):
    path = os.path.join(work, meta["name"] + ".frozen.pb")
    if not os.path.exists(path):
        raise Refused("no frozen graph (TensorFlow could not freeze it)")
    return path


# --- tf2onnx + ONNX Runtime ----------------------------------------------

def prepare_tf2onnx(meta, paths, work):
    tf = tensorflow()
    import onnxruntime
    import tf2onnx
    graph_def = tf.compat.v1.GraphDef()
    with open(frozen_path(meta, work), "rb") as f:
        graph_def.ParseFromString(f.read())
    try:
        model, _ = tf2onnx.convert.from_graph_def(
            graph_def, input_names=[f + ":0" for f in meta["feeds"]],
            output_names=list(meta["fetches"]))
    except Exception as e:  # noqa: BLE001
        raise Refused(first_line(e)) from None
    serialized = model.SerializeToString()
    with open(os.path.join(work, meta["name"] + ".onnx"), "wb") as f:
        f.write(serialized)

    def instantiate():
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        session = onnxruntime.InferenceSession(serialized, options,
                                               providers=["CPUExecutionProvider"])
        names = [i.name for i in session.get_inputs()]

        def runner(inputs):
            return session.run(None, {n: inputs[f] for n, f in zip(names, meta["feeds"])})

        return runner

    return instantiate


# --- OpenVINO -----------------------------------------------------------

def prepare_openvino(meta, paths, work):
    import openvino as ov
    path = frozen_path(meta, work)
    try:
        # The frozen graph's Placeholders carry the runs' signature already.
        model = ov.convert_model(path, output=list(meta["fetches"]))
        compiled = ov.Core().compile_model(model, "CPU", {"INFERENCE_NUM_THREADS": 1,
                                                          "INFERENCE_PRECISION_HINT": "f32"})
    except Exception as e:  # noqa: BLE001
        raise Refused(first_line(e)) from None

    def instantiate():
        request = compiled.create_infer_request()

        def runner(inputs):
            results = request.infer({f + ":0": inputs[f] for f in meta["feeds"]})
            return [results[o] for o in compiled.outputs]

        return runner

    return instantiate


# --- IREE ---------------------------------------------------------------

def iree_import(meta, work, which):
    """MLIR bytecode (TOSA) of a .tflite, or of tf2onnx's .onnx.

    IREE's TFLite importer (iree-tools-tflite) converts with TensorFlow's
    tflite_to_tosa_bytecode, whose C++ binding (ExperimentalTFLiteToTosaBytecode)
    is in no tensorflow-cpu wheel from 2.19.1 to 2.21.0 (their _pywrap_mlir
    has no TOSA entry), and IREE says TF <= 2.18 writes a TOSA older than
    iree-base-compiler 3.13 reads: the two iree-*-tflite systems record that
    error, and IREE runs through ONNX (iree-onnx)."""
    source = os.path.join(work, f"{meta['name']}.{which}")
    if not os.path.exists(source):
        raise Refused(f"no {which} model (its converter refused the program)")
    target = source + ".mlirbc"
    if which.endswith("tflite"):
        tensorflow()  # the importer is TensorFlow: load it quietly, once
        from iree.tools.tflite.scripts.iree_import_tflite import __main__ as importer
        try:
            importer.tflite_to_tosa(flatbuffer=source, bytecode=target)
        except Exception as e:  # noqa: BLE001
            raise Refused("import: " + first_line(e)) from None
        return target
    cmd = [os.path.join(os.path.dirname(sys.executable), "iree-import-onnx"),
           source, "-o", target]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise Refused("import: " + first_error_line(proc.stderr))
    return target


def prepare_iree(meta, paths, work, which):
    import iree.compiler.tools as ireec
    import iree.runtime as ireert
    imported = iree_import(meta, work, which)
    try:
        flatbuffer = ireec.compile_file(
            imported, input_type="tosa" if which.endswith("tflite") else "onnx",
            target_backends=["llvm-cpu"], extra_args=["--iree-llvmcpu-target-cpu=host"])
    except Exception as e:  # noqa: BLE001
        raise Refused("compile: " + first_error_line(str(e))) from None

    def instantiate():
        config = ireert.Config("local-sync")
        context = ireert.SystemContext(config=config)
        vm_module = ireert.VmModule.copy_buffer(context.instance, flatbuffer)
        context.add_vm_module(vm_module)
        module = getattr(context.modules, vm_module.name)
        # The entry: not the module initializer, not the async variant.
        names = [str(f) for f in vm_module.function_names
                 if f != "__init" and not str(f).endswith("$async")]
        if len(names) != 1:
            raise Refused(f"no single entry function among {names}")
        function = module[names[0]]

        def runner(inputs):
            outputs = function(*[inputs[f] for f in meta["feeds"]])
            if not isinstance(outputs, (list, tuple)):
                outputs = [outputs]
            return [np.asarray(o.to_host()) if hasattr(o, "to_host") else np.asarray(o)
                    for o in outputs]

        return runner

    return instantiate


def error_message(text):
    """What follows "error:" on the first line of `text` that has it, else
    None (MLIR-style diagnostics from TF's converter and IREE's tools)."""
    for line in text.splitlines():
        if "error:" in line:
            return line.split("error:", 1)[1].strip()[:280]
    return None


def first_error_line(text):
    """A tool's error message, else its last line."""
    message = error_message(text)
    if message:
        return message
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    return lines[-1][:280] if lines else "(no message)"


# --- Sluice -------------------------------------------------------------

def sluice_program(meta, paths):
    import sluice
    try:
        return sluice.load(paths["pbtxt"], feeds=meta["feeds"] or None,
                           fetches=meta["fetches"], init=meta.get("init", []))
    except sluice.SluiceError as e:
        raise Refused(first_line(e)) from None


def prepare_sluice(meta, paths, work, engine):
    import sluice
    program = sluice_program(meta, paths)
    if engine == "native":
        try:
            program = program.lift()
        except sluice.SluiceError as e:
            raise Refused(first_line(e)) from None
    first = {"program": program}

    def instantiate():
        # A fresh Program per instance: a Program keeps its variables'
        # values from one run to the next. The native engine compiles on
        # the first run and keeps the code.
        current = first.pop("program", None) or sluice_program(meta, paths)
        if engine == "native" and current is not program:
            current = current.lift()
        names = [spec.name for spec in current.inputs()]
        outputs = [spec.name for spec in current.outputs()]

        def runner(inputs):
            values = current.run({n: inputs[f] for n, f in zip(names, meta["feeds"])},
                                 engine=engine)
            return [values[o] for o in outputs]

        return runner

    return instantiate


def prepare_sluice_tflite(meta, paths, work):
    import sluice
    try:
        model = sluice_program(meta, paths).to_tflite()
    except sluice.SluiceError as e:
        raise Refused(first_line(e)) from None
    with open(os.path.join(work, meta["name"] + ".sluice.tflite"), "wb") as f:
        f.write(model)
    return litert_instances(model, meta)


def run_tf(meta, paths, work):
    result = system(prepare_tf, converted=None)(meta, paths, work)
    freeze(read_graph_def(paths["pbtxt"], meta), meta, work)
    return result


SYSTEMS = {
    "tf": run_tf,
    "tf-tflite": system(prepare_tf_tflite),
    "tf-tflite-flex": system(lambda m, p, w: prepare_tf_tflite(m, p, w, flex=True)),
    "tf2onnx-ort": system(prepare_tf2onnx),
    "openvino": system(prepare_openvino),
    "iree-tf-tflite": system(lambda m, p, w: prepare_iree(m, p, w, "tf.tflite")),
    "iree-sluice-tflite": system(lambda m, p, w: prepare_iree(m, p, w, "sluice.tflite")),
    "iree-onnx": system(lambda m, p, w: prepare_iree(m, p, w, "onnx")),
    "sluice-executor": system(lambda m, p, w: prepare_sluice(m, p, w, "interpreter"),
                              converted=None),
    "sluice-tflite": system(prepare_sluice_tflite),
    "sluice-native": system(lambda m, p, w: prepare_sluice(m, p, w, "native"),
                            compiles_on_first_run=True),
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("system", choices=sorted(SYSTEMS))
    parser.add_argument("--work", required=True)
    args = parser.parse_args()
    out = sys.stdout
    # Peers print to stdout too (tf2onnx's logging, OpenVINO): the protocol
    # gets a descriptor of its own.
    protocol = os.fdopen(os.dup(out.fileno()), "w", buffering=1)
    os.dup2(sys.stderr.fileno(), out.fileno())
    for line in sys.stdin:
        task = json.loads(line)
        with open(task["json"]) as f:
            meta = json.load(f)
        protocol.write(json.dumps({"start": meta["name"]}) + "\n")
        try:
            result = SYSTEMS[args.system](meta, task, args.work)
        except Refused as e:
            result = {"converted": False, "ran": False, "agrees": False, "error": str(e)}
        except Exception as e:  # noqa: BLE001
            traceback.print_exc()
            result = {"converted": False, "ran": False, "agrees": False,
                      "error": first_line(e)}
        result.setdefault("converted", None)
        protocol.write(json.dumps({"result": result}) + "\n")


if __name__ == "__main__":
    main()
