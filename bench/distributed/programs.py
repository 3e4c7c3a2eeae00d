"""The executor-dialect programs of bench/distributed/bench.py.

Each function returns a Program: the MLIR text of one `func.func @main`
whose body is one `executor.graph` laid out the way tf.while_loop (control
flow v1) builds loops -- enter per loop variable, merge(enter,
next_iteration), the condition on the merges, loop_cond, switch, identity
of the true side, the body, next_iteration, exit of the false side -- every
node named by a NameLoc (its TF node name), so that `--placement=SCOPE=RANK`
places it. Trip counts are constants of the program (a program per trip
count); float arguments come from `sluice-run --random-inputs=SEED`.
Everything here is deterministic.
"""


class Program:
    def __init__(self, text, placement, ranks, random_inputs):
        self.text = text
        # --placement=... (SCOPE=RANK,...): the rest is on rank 0.
        self.placement = placement
        self.ranks = ranks
        # Whether the program takes (float) arguments: --random-inputs=1.
        self.random_inputs = random_inputs


def tensor(shape, elem):
    if not shape:
        return f"tensor<{elem}>"
    return "tensor<" + "x".join(str(d) for d in shape) + f"x{elem}>"


I32 = tensor((), "i32")
I1 = tensor((), "i1")


class Graph:
    """Emits the nodes of one executor.graph, in order."""

    def __init__(self):
        self.lines = []
        self.count = 0

    def fresh(self, stem="v"):
        self.count += 1
        return f"%{stem}{self.count}"

    def emit(self, text, name):
        self.lines.append(f"    {text} loc(\"{name}\")")

    def island(self, name, body, results, controls=()):
        """`body`: lines computing the yielded values; `results`: a list of
        (ssa name inside the island, type). Returns the island's values."""
        outs = [self.fresh() for _ in results]
        ctl = self.fresh("k")
        head = (", ".join(outs) + ", " if outs else "") + ctl
        operands = f"({', '.join(controls)})" if controls else ""
        lines = [f"{head} = executor.island{operands} {{"]
        lines += [f"      {line}" for line in body]
        if results:
            lines.append("      executor.yield " +
                         ", ".join(v for v, _ in results) + " : " +
                         ", ".join(t for _, t in results))
        else:
            lines.append("      executor.yield")
        lines.append("    }")
        self.lines.append("    " + "\n".join(lines) + f" loc(\"{name}\")")
        return outs

    def const(self, name, ty, value):
        return self.island(name, [f"%c = lite.constant dense<{value}> : {ty}"],
                           [("%c", ty)])[0]

    def op(self, name, text, ty, controls=()):
        """One lite op `%r = <text>` of result type `ty` in an island."""
        return self.island(name, [f"%r = {text}"], [("%r", ty)], controls)[0]

    def identity(self, name, value, ty):
        return self.island(name, [], [(value, ty)])[0]

    def enter(self, name, value, ty, frame, constant=False, parallel=None):
        out, ctl = self.fresh(), self.fresh("k")
        extra = (" constant" if constant else "") + \
            (f" parallel_iterations {parallel}" if parallel else "")
        self.emit(f"{out}, {ctl} = executor.enter {value} frame \"{frame}\""
                  f"{extra} : {ty}", name)
        return out

    def merge(self, name, first, second, ty):
        out, index, ctl = self.fresh(), self.fresh(), self.fresh("k")
        self.emit(f"{out}, {index}, {ctl} = executor.merge {first}, {second} "
                  f": {ty}", name)
        return out

    def loop_cond(self, name, pred):
        out, ctl = self.fresh(), self.fresh("k")
        self.emit(f"{out}, {ctl} = executor.loop_cond {pred}", name)
        return out

    def switch(self, name, value, pred, ty):
        false, true, ctl = self.fresh(), self.fresh(), self.fresh("k")
        self.emit(f"{false}, {true}, {ctl} = executor.switch {value}, {pred} "
                  f": {ty}", name)
        return false, true

    def next_iteration(self, name, value, ty, out=None):
        out, ctl = out or self.fresh(), self.fresh("k")
        self.emit(f"{out}, {ctl} = executor.next_iteration {value} : {ty}",
                  name)
        return out

    def exit(self, name, value, ty):
        out, ctl = self.fresh(), self.fresh("k")
        self.emit(f"{out}, {ctl} = executor.exit {value} : {ty}", name)
        return out

    def while_loop(self, frame, variables, cond, body, parallel=None):
        """tf.while_loop: `variables` is a list of (scope, value, type), each
        variable's enter/merge/switch/identity/next_iteration/exit named
        under its scope (so its scope places them); `cond(merges)` returns
        (loop_cond scope, predicate), `body(identities)` the next values.
        Returns the exits."""
        entered = [self.enter(f"{scope}/enter", value, ty, frame,
                              parallel=parallel)
                   for scope, value, ty in variables]
        backs = [self.fresh("next") for _ in variables]
        merges = [self.merge(f"{scope}/merge", e, b, ty)
                  for (scope, _, ty), e, b in zip(variables, entered, backs)]
        scope, pred = cond(merges)
        lc = self.loop_cond(f"{scope}/loop_cond", pred)
        switched = [self.switch(f"{s}/switch", m, lc, ty)
                    for (s, _, ty), m in zip(variables, merges)]
        ids = [self.identity(f"{s}/identity", t, ty)
               for (s, _, ty), (_, t) in zip(variables, switched)]
        nexts = body(ids)
        for (s, _, ty), n, back in zip(variables, nexts, backs):
            self.next_iteration(f"{s}/next_iteration", n, ty, out=back)
        return [self.exit(f"{s}/exit", f, ty)
                for (s, _, ty), (f, _) in zip(variables, switched)]

    def function(self, args, fetched):
        """`args`: (name, type); `fetched`: (value, type)."""
        types = [t for _, t in fetched]
        signature = ", ".join(f"%{n}: {t}" for n, t in args)
        result = f"%r:{len(fetched)}" if len(fetched) > 1 else "%r"
        returned = ", ".join(f"%r#{i}" if len(fetched) > 1 else "%r"
                             for i in range(len(fetched)))
        return "\n".join(
            [f"func.func @main({signature}) -> ({', '.join(types)}) {{",
             f"  {result} = executor.graph {{"] + self.lines +
            ["    executor.fetch " + ", ".join(v for v, _ in fetched) +
             " : " + ", ".join(types),
             "  }",
             f"  return {returned} : {', '.join(types)}",
             "}", ""])


def counter(g, scope, limit_value):
    """The condition of a counting loop: i < limit (first variable)."""
    def cond(merges):
        return scope, g.op(f"{scope}/less",
                           f"lite.less {merges[0]}, {limit_value} : "
                           f"({I32}, {I32}) -> {I1}", I1)
    return cond


def increment(g, name, value):
    return g.island(name, ["%one = lite.constant dense<1> : tensor<i32>",
                           f"%r = lite.add {value}, %one : "
                           f"({I32}, {I32}) -> {I32}"], [("%r", I32)])[0]


def count_loop(n):
    """for i in range(n): i += 1, the add on rank 1 (scope `add`), the rest
    of the loop (scope `while`) on rank 0."""
    g = Graph()
    zero = g.const("init/zero", I32, 0)
    limit = g.const("init/n", I32, n)

    # The bound enters as a loop invariant.
    limit_in = g.enter("while/n", limit, I32, "while", constant=True)

    def body(ids):
        return [increment(g, "add", ids[0])]
    exits = g.while_loop("while", [("while/i", zero, I32)],
                         counter(g, "while", limit_in), body)
    return Program(g.function([], [(exits[0], I32)]), "add=1", 2, False)


def invariant_loop(n):
    """count_loop whose add (rank 1) also reads a loop invariant entered on
    rank 0: i += step, with step = 1 a constant of rank 0 entered into the
    loop by `while/step` (a constant enter, rank 0)."""
    g = Graph()
    zero = g.const("init/zero", I32, 0)
    limit = g.const("init/n", I32, n)
    step = g.const("init/step", I32, 1)
    limit_in = g.enter("while/n", limit, I32, "while", constant=True)
    step_in = g.enter("while/step", step, I32, "while", constant=True)

    def body(ids):
        return [g.op("add", f"lite.add {ids[0]}, {step_in} : "
                     f"({I32}, {I32}) -> {I32}", I32)]
    exits = g.while_loop("while", [("while/i", zero, I32)],
                         counter(g, "while", limit_in), body)
    return Program(g.function([], [(exits[0], I32)]), "add=1", 2, False)


def span_loop(n, k, width=64):
    """A loop whose body spans 2 ranks over k data edges: rank 0 iterates
    i and x (x = x * 0.5 + 1, tensor<width x f32>) and computes y_j = x + j,
    j < k; rank 1 keeps acc += y_0 + ... + y_{k-1} (its merge, switch,
    identity, add, next_iteration and exit: scope `acc`)."""
    g = Graph()
    vec = tensor((width,), "f32")
    zero = g.const("init/zero", I32, 0)
    limit = g.const("init/n", I32, n)
    x0 = g.const("init/x", vec, "1.0")
    acc0 = g.const("init/acc", vec, "0.0")
    limit_in = g.enter("while/n", limit, I32, "while", constant=True)

    def body(ids):
        i, x, acc = ids
        x1 = g.island("while/x_next", [
            "%half = lite.constant dense<0.5> : tensor<f32>",
            "%one = lite.constant dense<1.0> : tensor<f32>",
            f"%m = lite.mul {x}, %half : ({vec}, tensor<f32>) -> {vec}",
            f"%r = lite.add %m, %one : ({vec}, tensor<f32>) -> {vec}"],
            [("%r", vec)])[0]
        ys = [g.island(f"while/y{j}", [
            f"%c = lite.constant dense<{float(j)}> : tensor<f32>",
            f"%r = lite.add {x1}, %c : ({vec}, tensor<f32>) -> {vec}"],
            [("%r", vec)])[0] for j in range(k)]
        body_lines, last = [], acc
        for j, y in enumerate(ys):
            body_lines.append(f"%s{j} = lite.add {last}, {y} : "
                              f"({vec}, {vec}) -> {vec}")
            last = f"%s{j}"
        acc1 = g.island("acc/add", body_lines, [(last, vec)])[0]
        return [increment(g, "while/i/add", i), x1, acc1]

    exits = g.while_loop("while", [("while/i", zero, I32),
                                   ("while/x", x0, vec),
                                   ("acc", acc0, vec)],
                         counter(g, "while", limit_in), body)
    return Program(g.function([], [(exits[0], I32), (exits[1], vec),
                                   (exits[2], vec)]), "acc=1", 2, False)


def nested_loop(n, m, width=16):
    """Nested loops over 3 ranks: rank 0 runs the outer loop (i < n, and
    acc += inner's result: scope `outer`); rank 1 the inner loop (j < m,
    and h, which starts at the outer acc: scope `inner`); rank 2 the inner
    body's work on h (h = h * 0.5 + 1: scope `work`)."""
    g = Graph()
    vec = tensor((width,), "f32")
    zero = g.const("init/zero", I32, 0)
    limit = g.const("init/n", I32, n)
    inner_limit = g.const("init/m", I32, m)
    acc0 = g.const("init/acc", vec, "0.0")
    limit_in = g.enter("outer/n", limit, I32, "outer", constant=True)
    m_outer = g.enter("inner/m_outer", inner_limit, I32, "outer",
                      constant=True)

    def outer_body(ids):
        i, acc = ids
        # The inner loop's initial values, once per outer iteration.
        h0, j0 = g.island("inner/init", [
            "%z = lite.constant dense<0> : tensor<i32>"],
            [(acc, vec), ("%z", I32)])
        m_in = g.enter("inner/m", m_outer, I32, "outer/inner", constant=True)

        def inner_body(inner_ids):
            j, h = inner_ids
            h1 = g.island("work/h", [
                "%half = lite.constant dense<0.5> : tensor<f32>",
                "%one = lite.constant dense<1.0> : tensor<f32>",
                f"%m = lite.mul {h}, %half : ({vec}, tensor<f32>) -> {vec}",
                f"%r = lite.add %m, %one : ({vec}, tensor<f32>) -> {vec}"],
                [("%r", vec)])[0]
            return [increment(g, "inner/j/add", j), h1]

        _, h_out = g.while_loop("outer/inner", [("inner/j", j0, I32),
                                                ("inner/h", h0, vec)],
                                counter(g, "inner", m_in), inner_body)
        acc1 = g.op("outer/acc/add",
                    f"lite.add {acc}, {h_out} : ({vec}, {vec}) -> {vec}", vec)
        return [increment(g, "outer/i/add", i), acc1]

    exits = g.while_loop("outer", [("outer/i", zero, I32),
                                   ("outer/acc", acc0, vec)],
                         counter(g, "outer", limit_in), outer_body)
    return Program(g.function([], [(exits[0], I32), (exits[1], vec)]),
                   "inner=1,work=2", 3, False)


def heavy_loop(n, size, depth, parallel=None):
    """for i in range(n): a = chainA(a); b = chainB(b), each chain `depth`
    times (matmul by its own weights, tanh) on size x size f32: chain A and
    the loop on rank 0, chain B (its loop variable and ops, scope `chainB`)
    on rank 1. Arguments a, wa, b, wb (--random-inputs); results: i and
    the sums of a and b."""
    g = Graph()
    mat = tensor((size, size), "f32")
    scalar = tensor((), "f32")
    zero = g.const("init/zero", I32, 0)
    limit = g.const("init/n", I32, n)
    limit_in = g.enter("while/n", limit, I32, "while", constant=True)
    wa = g.enter("chainA/w", "%wa", mat, "while", constant=True)
    wb = g.enter("chainB/w", "%wb", mat, "while", constant=True)

    def chain(scope, x, w):
        for d in range(depth):
            x = g.op(f"{scope}/mm{d}", f"lite.batch_matmul {x}, {w} : "
                     f"({mat}, {mat}) -> {mat}", mat)
            x = g.op(f"{scope}/tanh{d}", f"lite.tanh {x} : {mat}", mat)
        return x

    def body(ids):
        i, a, b = ids
        return [increment(g, "while/i/add", i), chain("chainA", a, wa),
                chain("chainB", b, wb)]

    exits = g.while_loop("while", [("while/i", zero, I32),
                                   ("chainA/a", "%a", mat),
                                   ("chainB/b", "%b", mat)],
                         counter(g, "while", limit_in), body,
                         parallel=parallel)
    axes = "%axes = lite.constant dense<[0, 1]> : tensor<2xi32>"
    sums = [g.island(f"{scope}/sum", [
        axes, f"%r = lite.sum {x}, %axes : ({mat}, tensor<2xi32>) -> {scalar}"],
        [("%r", scalar)])[0] for scope, x in (("chainA", exits[1]),
                                              ("chainB", exits[2]))]
    args = [("a", mat), ("wa", mat), ("b", mat), ("wb", mat)]
    return Program(g.function(args, [(exits[0], I32), (sums[0], scalar),
                                     (sums[1], scalar)]),
                   "chainB=1", 2, True)
