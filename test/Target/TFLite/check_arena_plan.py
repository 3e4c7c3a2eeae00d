#!/usr/bin/env python3
"""Checks the "OfflineMemoryAllocation" arena plan of an exported .tflite.

Decodes the model with flatc (--json --raw-binary --strict-json against
lib/Target/TFLite/schema.fbs), then recomputes everything from the JSON,
independently of the planner (lib/Target/TFLite/ArenaPlan.cpp):

  * one entry per subgraph with plannable tensors: words version 1,
    subgraph index, tensor count == len(tensors), one offset per tensor;
  * offsets are -1 exactly for constants (buffer != 0), dynamically shaped
    or unranked tensors and empty ones, 16-byte aligned otherwise;
  * no two tensors that can be live at the same time overlap in memory.
    Lifetimes come from a timeline of the whole run: the call tree of
    IF/WHILE subgraphs is unrolled from subgraph 0, each op gets an
    interval and the subgraphs it calls run, one after the other, strictly
    inside it; a tensor lives from the start of the op defining it (the
    subgraph's start for inputs) to the end of its last use (the
    subgraph's end for outputs). Every pair of tensor instances whose
    intervals intersect must have disjoint [offset, offset + bytes).

Prints
    arena plan ok: S subgraphs, P planned tensors, global peak G bytes,
    sum of subgraph peaks L bytes, ratio R
where a subgraph's peak is max(offset + bytes) - min(offset) over its
planned tensors (the planner places each subgraph's largest tensor at its
base), rounded up to 16 bytes as an arena of its own would be. Exits 1 with one line per problem otherwise. With --no-plan: checks
that the model has no such entry. With --collapse (to test this checker):
every planned offset is set to 0 before checking, which must fail on any
model where two planned tensors live at the same time.

usage: check_arena_plan.py MODEL.tflite|MODEL.json [--schema FBS] [--flatc P]
                           [--no-plan | --collapse]
"""
import argparse
import json
import os
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SCHEMA = os.path.normpath(os.path.join(HERE, "..", "..", "..", "lib", "Target",
                                       "TFLite", "schema.fbs"))
ALIGNMENT = 16
MAX_INSTANCES = 1 << 20
BYTES = {"FLOAT32": 4, "FLOAT16": 2, "INT32": 4, "UINT8": 1, "INT64": 8,
         "BOOL": 1, "INT16": 2, "COMPLEX64": 8, "INT8": 1, "FLOAT64": 8,
         "COMPLEX128": 16, "UINT64": 8, "UINT32": 4, "UINT16": 2, "BFLOAT16": 2}


def load_model(path, schema=SCHEMA, flatc="flatc"):
    if path.endswith(".json"):
        with open(path) as f:
            return json.load(f)
    with tempfile.TemporaryDirectory() as out:
        subprocess.run([flatc, "--json", "--raw-binary", "--strict-json",
                        "-o", out, schema, "--", path],
                       check=True, capture_output=True)
        name = os.path.splitext(os.path.basename(path))[0] + ".json"
        with open(os.path.join(out, name)) as f:
            return json.load(f)


def tensor_bytes(tensor):
    """Bytes of a plannable tensor, None when the runtime must plan it."""
    if tensor.get("buffer", 0) != 0 or not tensor.get("has_rank", False):
        return None
    if -1 in tensor.get("shape_signature", []):
        return None
    width = BYTES.get(tensor.get("type", "FLOAT32"))
    if width is None:
        return None
    count = 1
    for dim in tensor.get("shape", []):
        count *= dim
    return count * width if count > 0 else None


def callees(op):
    options = op.get("builtin_options") or {}
    kind = op.get("builtin_options_type")
    if kind == "IfOptions":
        return [options.get("then_subgraph_index", 0),
                options.get("else_subgraph_index", 0)]
    if kind == "WhileOptions":
        return [options.get("cond_subgraph_index", 0),
                options.get("body_subgraph_index", 0)]
    return []


def read_plans(model, problems):
    plans = {}
    buffers = model.get("buffers", [])
    for entry in model.get("metadata", []):
        if entry.get("name") != "OfflineMemoryAllocation":
            continue
        data = bytes(buffers[entry.get("buffer", 0)].get("data", []))
        if len(data) % 4 or len(data) < 12:
            problems.append("metadata buffer %d: %d bytes, not >= 3 words"
                            % (entry.get("buffer", 0), len(data)))
            continue
        words = struct.unpack("<%di" % (len(data) // 4), data)
        version, subgraph, count = words[:3]
        if version != 1:
            problems.append("subgraph %d: version %d, not 1" % (subgraph, version))
        if subgraph in plans:
            problems.append("subgraph %d: planned twice" % subgraph)
        if count != len(words) - 3:
            problems.append("subgraph %d: count %d but %d offsets"
                            % (subgraph, count, len(words) - 3))
        plans[subgraph] = list(words[3:])
    return plans


def check(model, collapse=False):
    problems = []
    subgraphs = model.get("subgraphs", [])
    plans = read_plans(model, problems)
    if collapse:
        plans = {i: [0 if o >= 0 else o for o in p] for i, p in plans.items()}
    sizes = [[tensor_bytes(t) for t in sg.get("tensors", [])] for sg in subgraphs]
    for index, plan in plans.items():
        if not 0 <= index < len(subgraphs):
            problems.append("plan for subgraph %d of %d" % (index, len(subgraphs)))
            continue
        if len(plan) != len(sizes[index]):
            problems.append("subgraph %d: %d offsets for %d tensors"
                            % (index, len(plan), len(sizes[index])))
            continue
        for tensor, (offset, size) in enumerate(zip(plan, sizes[index])):
            if size is None and offset != -1:
                problems.append("subgraph %d tensor %d: not plannable but at %d"
                                % (index, tensor, offset))
            if size is not None and (offset < 0 or offset % ALIGNMENT):
                problems.append("subgraph %d tensor %d: offset %d"
                                % (index, tensor, offset))
    for index, sg_sizes in enumerate(sizes):
        if index not in plans and any(s is not None for s in sg_sizes):
            problems.append("subgraph %d: plannable tensors but no plan" % index)
    if problems:
        return problems, None

    # The timeline of the whole run, and every tensor instance in it.
    clock = [0]
    instances = []

    def tick():
        clock[0] += 1
        return clock[0]

    def run(index, depth):
        if depth > len(subgraphs):
            problems.append("the call graph is cyclic")
            return
        sg = subgraphs[index]
        begin = tick()
        start, end = {}, {}
        for tensor in sg.get("inputs", []):
            start.setdefault(tensor, begin)
        for op in sg.get("operators", []):
            a = tick()
            for callee in callees(op):
                run(callee, depth + 1)
            b = tick()
            for tensor in op.get("inputs", []) + op.get("outputs", []):
                if tensor >= 0:
                    start.setdefault(tensor, a)
                    end[tensor] = b
        finish = tick()
        for tensor in sg.get("outputs", []):
            start.setdefault(tensor, begin)
            end[tensor] = finish
        plan = plans.get(index, [])
        for tensor, first in start.items():
            if tensor < len(plan) and plan[tensor] >= 0:
                instances.append((first, end.get(tensor, first), plan[tensor],
                                  plan[tensor] + sizes[index][tensor],
                                  index, tensor))
        if len(instances) > MAX_INSTANCES:
            problems.append("too many tensor instances to check")

    run(0, 0)
    if problems:
        return problems, None
    instances.sort()
    active = []
    for inst in instances:
        active = [a for a in active if a[1] >= inst[0]]
        for other in active:
            if other[2] < inst[3] and inst[2] < other[3]:
                problems.append(
                    "subgraph %d tensor %d [%d, %d) and subgraph %d tensor %d "
                    "[%d, %d) are live together and overlap"
                    % (other[4], other[5], other[2], other[3], inst[4], inst[5],
                       inst[2], inst[3]))
                if len(problems) > 20:
                    return problems, None
        active.append(inst)

    stats = {"subgraphs": len(plans), "planned": 0, "global": 0, "sum": 0}
    for index, plan in plans.items():
        spans = [(o, o + sizes[index][t]) for t, o in enumerate(plan) if o >= 0]
        stats["planned"] += len(spans)
        if spans:
            stats["global"] = max(stats["global"], max(e for _, e in spans))
            # Its own arena, aligned as the global one's subgraph bases are.
            peak = max(e for _, e in spans) - min(b for b, _ in spans)
            stats["sum"] += -(-peak // ALIGNMENT) * ALIGNMENT
    return problems, stats


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model")
    parser.add_argument("--schema", default=SCHEMA)
    parser.add_argument("--flatc", default="flatc")
    parser.add_argument("--no-plan", action="store_true")
    parser.add_argument("--collapse", action="store_true")
    args = parser.parse_args()
    model = load_model(args.model, args.schema, args.flatc)
    if args.no_plan:
        names = [m.get("name") for m in model.get("metadata", [])]
        if "OfflineMemoryAllocation" in names:
            print("FAIL: the model has an OfflineMemoryAllocation entry")
            return 1
        print("no arena plan")
        return 0
    problems, stats = check(model, args.collapse)
    if not stats and not problems:
        problems = ["nothing checked"]
    if problems:
        for problem in problems:
            print("FAIL: " + problem)
        return 1
    if stats["planned"] == 0:
        print("FAIL: no planned tensor")
        return 1
    ratio = stats["global"] / stats["sum"] if stats["sum"] else 0.0
    print("arena plan ok: %d subgraphs, %d planned tensors, global peak %d "
          "bytes, sum of subgraph peaks %d bytes, ratio %.2f"
          % (stats["subgraphs"], stats["planned"], stats["global"],
             stats["sum"], ratio))
    return 0


if __name__ == "__main__":
    sys.exit(main())
