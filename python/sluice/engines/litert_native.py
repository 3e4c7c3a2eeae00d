#!/usr/bin/env python3
"""Runs .tflite models in native LiteRT and prints sluice-run's JSON.

The native counterpart of test/e2e/litert/run_tflite.mjs (LiteRT.js), for
sluice-run --compare (Program.compare), test/e2e/tflite_differential.py and
test/tf/tf_differential.py: it needs the Python package ai_edge_litert (the
repository's .venv has it), so it runs under that Python, in a process of
its own (a crash in LiteRT ends this process, not the caller's).

    PYTHON litert_native.py MODEL.tflite [--inputs=IN.json] [--time]
    PYTHON litert_native.py --batch FILE|- [--isolate]
                                                lines "MODEL [IN.json]"

Inputs and outputs are sluice-run's JSON: the inputs an object keyed by input
name or an array in argument order, each a nested list or an object with
dtype, shape and data (floats may be "nan", "inf", "-inf"); the output line
{"outputs":[{"data":[...],"dtype":D,"name":N,"shape":[...]}]} with dtypes
bool, int8, uint8, int32, int64, float32, float64. As in run_tflite.mjs,
inputs and outputs are the entry subgraph's (subgraph 0) in order, named by
the signature's names where the model has a signature, else by their tensor
names ("argN"/"outputN" where unnamed).

Unlike LiteRT.js, native LiteRT resizes inputs: each input tensor is resized
to the shape of its value (resize_tensor_input(..., strict=False), then
allocate_tensors()), so models whose entry takes or returns dynamically
shaped tensors run too. One interpreter thread, the default op resolver.

--time (sluice-run --compare) adds "seconds" to the output line: the wall
time of the one invoke(). Without ai_edge_litert the exit status is 3.

Batch mode prints one line per entry, flushed at once (from standard input,
"-", entries are read as they come, so the process can serve a caller), {"error": ...} for an
entry that failed; the exit status is 1 if any entry failed. A single run
exits 1 with a message on failure; its output line is printed before the
interpreter is destroyed.

With --isolate (tflite_differential.py's mode), each batch entry runs in a
process forked for it, so that a crash, or a heap LiteRT corrupted, stays
with its model; the entry's output line is followed by a status line:
  released            the interpreter was freed and the process ended normally;
  crashed: "WHY"      the process died after printing the outputs, freeing the
                      interpreter (a JSON string: the signal or exit status and
                      the last lines of its stderr). LiteRT 2.3's IF kernel
                      makes free() abort there on some valid models (see
                      tflite-differential.test).
An entry whose process died before printing its outputs gets an
{"error": ...} line (and `released`).
"""
import gc
import json
import os
import sys
import tempfile
import time

try:  # sluice-run --compare: without these, the engine is unavailable
    import numpy as np
    from ai_edge_litert.interpreter import Interpreter
    from tensor_json import DTYPES, HarnessError, array_from_json, json_value
except ImportError as e:
    sys.stderr.write(f"litert_native: unavailable: {e}\n")
    sys.exit(3)


def model_io(interpreter):
    """(inputs, outputs) of the entry subgraph: lists of (name, details)."""
    inputs = interpreter.get_input_details()
    outputs = interpreter.get_output_details()
    in_names = {d["index"]: d["name"] for d in inputs}
    out_names = {d["index"]: d["name"] for d in outputs}
    signatures = interpreter._get_full_signature_list()  # name -> tensor index
    if signatures:
        # As run_tflite.mjs: the first signature, which must be subgraph 0's.
        signature = next(iter(signatures.values()))
        sig_in = {index: name for name, index in signature["inputs"].items()}
        sig_out = {index: name for name, index in signature["outputs"].items()}
        if set(sig_in) != set(in_names) or set(sig_out) != set(out_names):
            raise HarnessError("the model's signature is not that of subgraph 0, "
                               "which this harness runs")
        in_names.update(sig_in)
        out_names.update(sig_out)
    return ([(in_names[d["index"]] or f"arg{k}", d) for k, d in enumerate(inputs)],
            [(out_names[d["index"]] or f"output{k}", d) for k, d in enumerate(outputs)])


def read_inputs(text, inputs):
    """One numpy array per model input, from the inputs JSON text."""
    if text is None or not text.strip():
        if inputs:
            raise HarnessError(f"the model takes {len(inputs)} input(s) but no inputs "
                               "were given (--inputs=FILE.json)")
        return []
    try:
        value = json.loads(text)
    except ValueError as e:
        raise HarnessError(f"inputs are not valid JSON: {e}") from None
    names = [name for name, _ in inputs]
    if isinstance(value, list):
        if len(value) != len(inputs):
            raise HarnessError(f"the model takes {len(inputs)} input(s), the inputs "
                               f"array has {len(value)}")
        values = value
    elif isinstance(value, dict):
        for key in value:
            if key not in names:
                raise HarnessError(f"unknown input '{key}' (inputs: {', '.join(names)})")
        missing = [name for name in names if name not in value]
        if missing:
            raise HarnessError(f"missing input '{missing[0]}'")
        values = [value[name] for name in names]
    else:
        raise HarnessError("inputs must be a JSON object keyed by input name or an array")
    arrays = []
    for (name, details), v in zip(inputs, values):
        dtype = np.dtype(details["dtype"]).name
        if dtype not in DTYPES:
            raise HarnessError(f"input '{name}' has type {dtype}, which the harness "
                               "does not support")
        try:
            arrays.append(array_from_json(v, dtype))
        except HarnessError as e:
            raise HarnessError(f"input '{name}' {e}") from None
    return arrays


def run(model_path, inputs_text, timed=False):
    """The output JSON line of one run and the interpreter (to be released
    by the caller after printing the line). With `timed`, the line also has
    "seconds": the wall time of invoke()."""
    try:
        interpreter = Interpreter(model_path=model_path, num_threads=1)
    except (ValueError, RuntimeError) as e:
        raise HarnessError(f"{model_path}: {e}") from None
    inputs, outputs = model_io(interpreter)
    arrays = read_inputs(inputs_text, inputs)
    for (_, details), array in zip(inputs, arrays):
        interpreter.resize_tensor_input(details["index"], list(array.shape), strict=False)
    interpreter.allocate_tensors()
    for (_, details), array in zip(inputs, arrays):
        interpreter.set_tensor(details["index"], array)
    start = time.perf_counter()
    interpreter.invoke()
    seconds = time.perf_counter() - start
    printed = []
    for name, details in outputs:
        value = np.asarray(interpreter.get_tensor(details["index"]))
        dtype = value.dtype.name
        if dtype not in DTYPES:
            raise HarnessError(f"output '{name}' has type {dtype}, which the harness "
                               "does not support")
        printed.append({"data": [json_value(x, dtype) for x in value.reshape(-1).tolist()],
                        "dtype": dtype, "name": name, "shape": list(value.shape)})
    line = {"outputs": printed}
    if timed:
        line["seconds"] = seconds
    return json.dumps(line, separators=(",", ":"), sort_keys=True), interpreter


def run_entry(model_path, inputs_path, timed=False):
    text = None
    if inputs_path is not None:
        try:
            with open(inputs_path) as f:
                text = f.read()
        except OSError as e:
            raise HarnessError(f"cannot read {inputs_path}: {e}") from None
    return run(model_path, text, timed)


def run_forked(model_path, inputs_path):
    """Runs one entry in a forked process: (its output line or None if it
    died first, None or why it did not end normally)."""
    sys.stdout.flush()
    sys.stderr.flush()
    read_end, write_end = os.pipe()
    with tempfile.TemporaryFile() as err:
        pid = os.fork()
        if pid == 0:  # the child: run, print, free, exit
            os.close(read_end)
            os.dup2(err.fileno(), 2)
            status = 0
            try:
                line, interpreter = run_entry(model_path, inputs_path)
            except Exception as e:  # noqa: BLE001 - LiteRT raises several kinds
                status, line, interpreter = 1, json.dumps({"error": str(e)}), None
            data = (line + "\n").encode()
            while data:
                data = data[os.write(write_end, data):]
            del interpreter
            gc.collect()
            os._exit(status)
        os.close(write_end)
        chunks = []
        while True:
            chunk = os.read(read_end, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
        os.close(read_end)
        _, wait_status = os.waitpid(pid, 0)
        code = os.waitstatus_to_exitcode(wait_status)
        err.seek(0)
        messages = [m for m in err.read().decode(errors="replace").splitlines()
                    if not m.startswith("INFO: ")]
    for m in messages:
        sys.stderr.write(m + "\n")
    text = b"".join(chunks).decode(errors="replace").strip()
    if code in (0, 1):
        return text or None, None
    why = f"killed by signal {-code}" if code < 0 else f"exit status {code}"
    return text or None, why + "".join("\n  " + m for m in messages[-5:])


USAGE = ("usage: litert_native.py MODEL.tflite [--inputs=IN.json] [--time]\n"
         "       litert_native.py --batch FILE|- [--isolate]   "
         "(lines \"MODEL [IN.json]\")")


def main(argv):
    model = inputs = batch = None
    isolate = timed = False
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg.startswith("--inputs="):
            inputs = arg[len("--inputs="):]
        elif arg.startswith("--batch="):
            batch = arg[len("--batch="):]
        elif arg in ("--inputs", "--batch") and i + 1 < len(argv):
            i += 1
            if arg == "--inputs":
                inputs = argv[i]
            else:
                batch = argv[i]
        elif arg == "--isolate":
            isolate = True
        elif arg == "--time":
            timed = True
        elif arg in ("-h", "--help"):
            print(USAGE)
            return 0
        elif not arg.startswith("-") and model is None:
            model = arg
        else:
            sys.stderr.write(f"litert_native: unexpected argument '{arg}'\n{USAGE}\n")
            return 2
        i += 1
    if (batch is None) == (model is None) or (batch is not None and inputs is not None) or (
            isolate and batch is None) or (timed and batch is not None):
        sys.stderr.write(USAGE + "\n")
        return 2
    if batch is None:
        try:
            line, interpreter = run_entry(model, inputs, timed)
        except Exception as e:  # noqa: BLE001 - LiteRT raises several kinds
            sys.stderr.write(f"litert_native: {e}\n")
            return 1
        print(line, flush=True)
        del interpreter
        return 0
    # Standard input is read a line at a time: a caller may keep this
    # process and send each entry once it has the answer to the last.
    try:
        lines = sys.stdin if batch == "-" else open(batch).read().splitlines()
    except OSError as e:
        sys.stderr.write(f"litert_native: cannot read {batch}: {e}\n")
        return 1
    status = 0
    for line in lines:
        fields = line.split()
        if not fields or fields[0].startswith("#"):
            continue
        if len(fields) > 2:
            status = 1
            print(json.dumps({"error": f"batch line has {len(fields)} fields: {line}"}))
            if isolate:
                print("released")
            sys.stdout.flush()
            continue
        model_path, inputs_path = fields[0], fields[1] if len(fields) > 1 else None
        if isolate:
            result, crash = run_forked(model_path, inputs_path)
            if result is None:
                result = json.dumps({"error": f"LiteRT crashed running the model: {crash}"})
                crash = None
            if result.startswith('{"error"') or crash:
                status = 1
            print(result)
            print(f"crashed: {json.dumps(crash)}" if crash else "released")
            sys.stdout.flush()
            continue
        interpreter = None
        try:
            result, interpreter = run_entry(model_path, inputs_path)
        except Exception as e:  # noqa: BLE001 - LiteRT raises several kinds
            status = 1
            result = json.dumps({"error": str(e)})
        sys.stdout.write(result + "\n")
        sys.stdout.flush()
        del interpreter
        gc.collect()
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
