#!/usr/bin/env python3
"""Checks the "OfflineMemoryAllocation" arena plan of an exported .tflite.

Decodes the model with flatc (--json --raw-binary --strict-json against
lib/Target/TFLite/schema.fbs), then recomputes everything from the JSON,
independently of the planner (lib/Target/TFLite/ArenaPlan.cpp):

  * one entry per subgraph with plannable tensors: words version 1,
    subgraph index, tensor count == len(tensors), one offset per tensor;
  * offsets are -1 exactly for constants (buffer != 0), dynamically shaped
    or unranked tensors and empty ones, 16-byte aligned otherwise;
  * the plan is sound: a simulation of the run over the planned arena
    (class Simulation) writes a token for every tensor a kernel defines or
    a control-flow operator copies, and checks that every read finds its
    tensor's token in all of its bytes and that no kernel writes over its
    inputs. The call tree is unrolled from subgraph 0 with every WHILE
    running 0, 1 and 2 times and the IFs alternating their branches,
    starting with then and with else. Tensors that share an offset are
    fine exactly when the run never needs both at once.

Prints
    arena plan ok: S subgraphs, P planned tensors, global peak G bytes,
    sum of subgraph peaks L bytes, ratio R; control-flow moves ...
where the global peak is the arena the plan needs (rounded up to 16
bytes), a subgraph's peak the least arena it could have alone, the most
16-byte-aligned bytes live at once in it (no aliasing), and the moves are
the copies IF/WHILE make between tensors in the run with loops run twice:
those between two tensors at one offset move nothing (elided). Exits 1 with
one line per problem otherwise. With --moves, then prints each distinct
move of all runs ("op K of subgraph S (WHILE): body.in[1] := r elided").
With --no-plan: checks that the model has
no such entry. With --collapse (to test this checker): every planned
offset is set to 0 before checking, which must fail on any model where two
planned tensors live at the same time.

usage: check_arena_plan.py MODEL.tflite|MODEL.json [--schema FBS] [--flatc P]
                           [--no-plan | --collapse] [--moves]
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

    log = []
    for iterations in (0, 1, 2):
        for then_first in (True, False):
            simulation = Simulation(model, plans, sizes, problems)
            simulation.run(iterations, then_first)
            if problems:
                return problems, None
            if iterations == 2 and then_first:
                moves = simulation.moves
            log += [line for line in simulation.log if line not in log]

    stats = {"subgraphs": len(plans), "planned": 0, "global": 0, "sum": 0,
             "moves": moves, "log": log}
    for index, plan in plans.items():
        spans = [(o, o + sizes[index][t]) for t, o in enumerate(plan) if o >= 0]
        stats["planned"] += len(spans)
        if spans:
            stats["global"] = max(stats["global"],
                                  align(max(e for _, e in spans)))
        stats["sum"] += alone_lower_bound(subgraphs[index], sizes[index])
    return problems, stats


def align(value):
    return -(-value // ALIGNMENT) * ALIGNMENT


def alone_lower_bound(subgraph, sizes):
    """The least arena any plan of `subgraph` alone can have: the most
    aligned bytes live at once (aligned tensors cannot share a 16-byte
    line), over operator positions (inputs from -1, outputs to the end)."""
    ops = subgraph.get("operators", [])
    start, end = {}, {}

    def live(tensor, position):
        if tensor < 0 or sizes[tensor] is None:
            return
        start[tensor] = min(start.get(tensor, position), position)
        end[tensor] = max(end.get(tensor, position), position)
    for tensor in subgraph.get("inputs", []):
        live(tensor, -1)
    for position, op in enumerate(ops):
        for tensor in op.get("inputs", []) + op.get("outputs", []):
            live(tensor, position)
    for tensor in subgraph.get("outputs", []):
        live(tensor, len(ops))
    best = 0
    for position in range(-1, len(ops) + 1):
        best = max(best, sum(align(sizes[t]) for t in start
                             if start[t] <= position <= end[t]))
    return best


class Simulation:
    """Runs the model's data movement over the planned arena: every tensor
    write stores a token (who wrote it) in its bytes, every read checks
    that its bytes still hold the token the tensor should hold. Kernels
    read their inputs and write fresh outputs (and must not write over an
    input); IF and WHILE move values between the caller's and the callees'
    tensors, slot by slot in order, as TFLite Micro's kernels do:
      WHILE: cond.in := x; run cond; r := x;
             each iteration: body.in := r; run body; r := body.out;
                             cond.in := r; run cond
      IF:    branch.in := inputs[1:]; run branch; r := branch.out
    Each WHILE runs `iterations` times; IFs alternate their branches."""

    def __init__(self, model, plans, sizes, problems):
        self.subgraphs = model.get("subgraphs", [])
        self.plans, self.sizes, self.problems = plans, sizes, problems
        peak = max([o + sizes[i][t] for i, p in plans.items()
                    for t, o in enumerate(p) if o >= 0] + [0])
        self.memory = [None] * peak
        self.logical = {}
        self.count = 0
        self.ifs = 0
        # Moves between tensors: [moved, moved bytes, elided, elided bytes]
        # (elided: both at one offset, so the copy moves nothing).
        self.moves = [0, 0, 0, 0]
        # Each distinct move, in order: "where: what copied|elided".
        self.log = []
        for index, sg in enumerate(self.subgraphs):
            for tensor, info in enumerate(sg.get("tensors", [])):
                if info.get("buffer", 0) != 0:
                    self.logical[(index, tensor)] = (index, tensor, "constant")

    def offset(self, sg, tensor):
        plan = self.plans.get(sg, [])
        if 0 <= tensor < len(plan) and plan[tensor] >= 0:
            return plan[tensor]
        return None

    def fail(self, message):
        if len(self.problems) < 20:
            self.problems.append(message)

    def write(self, sg, tensor, token):
        self.logical[(sg, tensor)] = token
        offset = self.offset(sg, tensor)
        if offset is not None:
            size = self.sizes[sg][tensor]
            self.memory[offset:offset + size] = [token] * size

    def read(self, sg, tensor, reader):
        if tensor < 0:
            return
        token = self.logical.get((sg, tensor))
        offset = self.offset(sg, tensor)
        if offset is None:
            return
        if token is None:
            self.fail("subgraph %d tensor %d read by %s before it is written"
                      % (sg, tensor, reader))
            return
        for held in self.memory[offset:offset + self.sizes[sg][tensor]]:
            if held != token:
                self.fail("subgraph %d tensor %d [%d, %d), read by %s, holds "
                          "%s instead"
                          % (sg, tensor, offset,
                             offset + self.sizes[sg][tensor], reader,
                             "nothing" if held is None else
                             "subgraph %d tensor %d's data" % held[:2]))
                return

    def move(self, src, dst, reader, what):
        """dst := src (pairs of subgraph, tensor); `what` names it."""
        if src[1] < 0 or dst[1] < 0:
            return
        self.read(src[0], src[1], reader)
        token = self.logical.get(src)
        if token is None:
            return
        source, target = self.offset(*src), self.offset(*dst)
        size = self.sizes[dst[0]][dst[1]] or 0
        elided = source is not None and source == target
        if elided:
            self.moves[2] += 1
            self.moves[3] += size
        else:
            self.moves[0] += 1
            self.moves[1] += size
        line = "%s: %s %s" % (reader, what, "elided" if elided else "copied")
        if line not in self.log:
            self.log.append(line)
        self.write(dst[0], dst[1], token)

    def fresh(self, sg, tensor):
        self.count += 1
        return (sg, tensor, self.count)

    def run(self, iterations, then_first):
        self.iterations, self.then_first = iterations, then_first
        main = self.subgraphs[0] if self.subgraphs else {}
        for tensor in main.get("inputs", []):
            self.write(0, tensor, self.fresh(0, tensor))
        self.call(0, 0)
        for tensor in main.get("outputs", []):
            self.read(0, tensor, "the model's outputs")

    def call(self, index, depth):
        if depth > len(self.subgraphs):
            self.fail("the call graph is cyclic")
            return
        sg = self.subgraphs[index]
        for position, op in enumerate(sg.get("operators", [])):
            if self.problems:
                return
            where = "op %d of subgraph %d" % (position, index)
            inputs, outputs = op.get("inputs", []), op.get("outputs", [])
            kind = op.get("builtin_options_type")
            if kind == "WhileOptions":
                self.run_while(index, op, inputs, outputs, where, depth)
            elif kind == "IfOptions":
                self.run_if(index, op, inputs, outputs, where, depth)
            else:
                self.run_kernel(index, inputs, outputs, where)

    def run_kernel(self, index, inputs, outputs, where):
        for tensor in inputs:
            self.read(index, tensor, where)
        for out in outputs:
            if out < 0 or self.offset(index, out) is None:
                continue
            begin = self.offset(index, out)
            for tensor in inputs:
                other = self.offset(index, tensor) if tensor >= 0 else None
                if tensor != out and other is not None and \
                        other < begin + self.sizes[index][out] and \
                        begin < other + self.sizes[index][tensor]:
                    self.fail("%s writes tensor %d over its input %d"
                              % (where, out, tensor))
        for tensor in outputs:
            if tensor >= 0:
                self.write(index, tensor, self.fresh(index, tensor))

    def run_cond(self, cond, depth, where):
        self.call(cond, depth + 1)
        for tensor in self.subgraphs[cond].get("outputs", []):
            self.read(cond, tensor, where + " (its condition)")

    def run_while(self, index, op, inputs, outputs, where, depth):
        cond, body = callees(op)
        cond_graph, body_graph = self.subgraphs[cond], self.subgraphs[body]
        where += " (WHILE)"
        for slot, (x, c) in enumerate(zip(inputs, cond_graph.get("inputs", []))):
            self.move((index, x), (cond, c), where, "cond.in[%d] := x" % slot)
        self.run_cond(cond, depth, where)
        for slot, (x, r) in enumerate(zip(inputs, outputs)):
            self.move((index, x), (index, r), where, "r[%d] := x" % slot)
        for _ in range(self.iterations):
            for slot, (r, b) in enumerate(
                    zip(outputs, body_graph.get("inputs", []))):
                self.move((index, r), (body, b), where,
                          "body.in[%d] := r" % slot)
            self.call(body, depth + 1)
            for slot, (y, r) in enumerate(
                    zip(body_graph.get("outputs", []), outputs)):
                self.move((body, y), (index, r), where,
                          "r[%d] := body.out" % slot)
            for slot, (r, c) in enumerate(
                    zip(outputs, cond_graph.get("inputs", []))):
                self.move((index, r), (cond, c), where,
                          "cond.in[%d] := r" % slot)
            self.run_cond(cond, depth, where)

    def run_if(self, index, op, inputs, outputs, where, depth):
        if inputs:
            self.read(index, inputs[0], where)
        then_branch, else_branch = callees(op)
        take_then = (self.ifs % 2 == 0) == self.then_first
        self.ifs += 1
        branch = then_branch if take_then else else_branch
        graph = self.subgraphs[branch]
        name = "then" if take_then else "else"
        where += " (IF)"
        for slot, (a, b) in enumerate(zip(inputs[1:], graph.get("inputs", []))):
            self.move((index, a), (branch, b), where,
                      "%s.in[%d] := input" % (name, slot))
        self.call(branch, depth + 1)
        for slot, (y, r) in enumerate(zip(graph.get("outputs", []), outputs)):
            self.move((branch, y), (index, r), where,
                      "r[%d] := %s.out" % (slot, name))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model")
    parser.add_argument("--schema", default=SCHEMA)
    parser.add_argument("--flatc", default="flatc")
    parser.add_argument("--no-plan", action="store_true")
    parser.add_argument("--collapse", action="store_true")
    parser.add_argument("--moves", action="store_true",
                        help="print each distinct control-flow move")
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
    moved, moved_bytes, elided, elided_bytes = stats["moves"]
    print("arena plan ok: %d subgraphs, %d planned tensors, global peak %d "
          "bytes, sum of subgraph peaks %d bytes, ratio %.2f; control-flow "
          "moves (loops run twice): %d copied (%d bytes), %d elided (%d bytes)"
          % (stats["subgraphs"], stats["planned"], stats["global"],
             stats["sum"], ratio, moved, moved_bytes, elided, elided_bytes))
    if args.moves:
        for line in stats["log"]:
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
