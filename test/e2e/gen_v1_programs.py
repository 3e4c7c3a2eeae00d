#!/usr/bin/env python3
# Seeded random generator of TensorFlow control-flow-v1 programs (executor
# dialect) for the lifting pass's differential test and benchmark.
"""Random TensorFlow v1 control-flow programs as executor-dialect MLIR.

generate(seed, max_depth=4, target_nodes=None) -> (mlir_text, inputs_json)
builds one `func.func @main` whose body is one `executor.graph`, laid out the
way TensorFlow's Python tf.cond / tf.while_loop (control flow v1) and the
tf.case lowering emit graphs (shared/seeds/tf-control-flow-implementation.txt):

  cond      switch(pred, pred) -> identity pivots; pred_id = identity(pred);
            one switch per captured tensor; branch constants hang off the
            pivot by a control edge; one merge per output, (false, true).
  while     enter per loop var, merge(enter, next_iteration), the cond on the
            merges, loop_cond, switch(merge, loop_cond), identity of the true
            side feeding the body, next_iteration, exit of the false side;
            outer tensors enter as constants; cond constants hang off the
            first merge, body constants off the first identity; an op fed
            only by loop invariants gets a control edge from the pivot.
  case      switch_n(idx, idx) -> identity pivots, switch_n per captured
            tensor, an N-input merge per output.

and, at random, the shapes users report as hard to lift (see SHAPES). Every
loop runs at most 6 iterations (a counter from >= 0 while < min(n, <= 6)),
values are clamped to [-100, 100] wherever they could grow, and only ops that
cannot fail at run time are used. The fetched values are all in the root
frame outside every branch, hence live on every input.

CLI: gen_v1_programs.py --seed S [--depth D] [--nodes N] -o prog.mlir
                        [--inputs in.json] [--stats]
"""
import argparse
import itertools
import json
import os
import random
import sys

I32 = ("i32", 0)
F32 = ("f32", 0)
I1 = ("i1", 0)

# Hard shapes, counted per program (the harness sums them).
SHAPES = (
    "two_pred_merge",       # a merge whose inputs sit under two predicates
    "switch_out_reused",    # a cond consuming another cond's switch output
    "pred_reused",          # one predicate tensor steering two conds
    "empty_branch",         # a branch with no node: merge fed by switches
    "exit_into_loop",       # a loop exit entering a later loop
    "identity_chain",       # identity of identity of ...
    "multi_exit",           # several exits of one loop value
    "unused_loop_var",      # a loop-carried value nobody reads
    "switch_n",             # a lowered tf.case (_SwitchN + N-input merge)
    "zero_trip_loop",       # a loop whose bound is a constant <= its start
    "loop_in_loop_cond",    # a cond/loop nested in a loop's cond part
    "invariant_next",       # next_iteration of a loop invariant (+ pivot)
    "invariant_pivot_edge", # an op fed only by loop invariants (an inner
                            # enter, say) gets a control edge from the pivot
    "shuffled_nodes",       # the graph's nodes in random order
)


def tstr(ty):
    elem, n = ty
    return f"tensor<{n}x{elem}>" if n else f"tensor<{elem}>"


def literal(elem, v):
    if elem == "i1":
        return "true" if v else "false"
    if elem == "f32":
        return repr(float(v))
    return str(int(v))


def dense(ty, values):
    elem, n = ty
    if not n:
        return f"dense<{literal(elem, values[0])}>"
    if all(v == values[0] for v in values):
        return f"dense<{literal(elem, values[0])}>"
    return "dense<[" + ", ".join(literal(elem, v) for v in values) + "]>"


class Val:
    """One SSA value; `uid` names its node, `key` is the value's own."""
    __slots__ = ("uid", "key", "ref", "ty", "ctx", "kind", "uses")
    _keys = itertools.count()

    def __init__(self, uid, ref, ty, ctx, kind):
        self.uid, self.ref, self.ty, self.ctx, self.kind = uid, ref, ty, ctx, kind
        self.key = next(Val._keys)
        self.uses = 0


class Ctx:
    """A control-flow context: the root, a branch, or a loop's cond/body."""

    def __init__(self, kind, parent, level, pivot=None, captures=None):
        self.kind = kind  # root | branch | loop_cond | loop_body
        self.parent = parent
        self.level = level
        self.pivot = pivot  # control token for constants and free ops
        self.by_ty = {}
        self.captures = {} if captures is None else captures
        self.cond = None  # CondInfo of a branch
        self.branch = None
        self.cond_preds = []  # (pred, CondInfo) of conds built here
        self.exits = []  # loop exits defined here

    def add(self, v):
        self.by_ty.setdefault(v.ty, []).append(v)
        return v


class CondInfo:
    def __init__(self, kind, pred_sw, shared_switch):
        self.kind = kind  # cond | case
        self.pred_sw = pred_sw
        self.shared_switch = shared_switch
        self.switches = {}  # outer uid -> list of outputs per branch
        self.ctxs = []
        self.reused_switch = False


class Body:
    """The lite ops of one island body."""

    def __init__(self):
        self.lines = []
        self.n = 0

    def _name(self):
        self.n += 1
        return f"%t{self.n - 1}"

    def const(self, ty, values):
        name = self._name()
        self.lines.append(f"{name} = lite.constant {dense(ty, values)} : {tstr(ty)}")
        return name

    def binary(self, op, a, aty, b, bty, rty):
        name = self._name()
        self.lines.append(f"{name} = lite.{op} {a}, {b} : ({tstr(aty)}, {tstr(bty)}) -> {tstr(rty)}")
        return name

    def unary(self, op, a, ty):
        name = self._name()
        self.lines.append(f"{name} = lite.{op} {a} : {tstr(ty)}")
        return name

    def cast(self, a, aty, rty):
        name = self._name()
        self.lines.append(f"{name} = lite.cast {a} : {tstr(aty)} -> {tstr(rty)}")
        return name

    def select(self, c, cty, a, b, ty):
        name = self._name()
        self.lines.append(f"{name} = lite.select_v2 {c}, {a}, {b} : ({tstr(cty)}, {tstr(ty)}, {tstr(ty)}) -> {tstr(ty)}")
        return name


class Generator:
    def __init__(self, seed, max_depth=4, target_nodes=None):
        self.rng = random.Random(seed)
        self.max_depth = max_depth
        self.target = target_nodes
        self.uid = 0
        self.nodes = []  # node texts
        self.stats = {s: 0 for s in SHAPES}
        self.stats.update(cond=0, loop=0, max_level=0)
        self.loops = 0
        self.vlen = self.rng.choice((2, 3, 4))
        self.data_tys = [I32, F32, ("i32", self.vlen), ("f32", self.vlen)]
        self.window = 12 if target_nodes else None
        self.budget = 0

    # ---------------------------------------------------------------- utils
    def next(self):
        self.uid += 1
        return self.uid

    def rand_data_ty(self):
        return self.rng.choice(self.data_tys)

    def rand_values(self, ty):
        elem, n = ty
        count = max(n, 1)
        if elem == "i32":
            return [self.rng.randint(-5, 9) for _ in range(count)]
        if elem == "f32":
            return [self.rng.randint(-8, 8) / 2 for _ in range(count)]
        return [self.rng.random() < 0.5 for _ in range(count)]

    def can_nest(self, ctx, extra=1):
        return (ctx.level + extra <= self.max_depth
                and len(self.nodes) < self.budget)

    def use(self, vals):
        for v in vals:
            v.uses += 1

    def controls_for(self, ctx, inputs, controls=()):
        """TensorFlow's WhileContext._MaybeAddControlDependency: an op whose
        inputs are all loop invariants gets a control edge from the pivot."""
        controls = list(controls)
        if (not controls and ctx.kind in ("loop_cond", "loop_body") and inputs
                and all(v.kind == "enter_const" for v in inputs)):
            controls.append(ctx.pivot)
            self.stats["invariant_pivot_edge"] += 1
        return controls

    @staticmethod
    def ctl(controls):
        return "(" + ", ".join(controls) + ")" if controls else ""

    def note_level(self, level):
        self.stats["max_level"] = max(self.stats["max_level"], level)

    # ----------------------------------------------------------- node kinds
    def island(self, ctx, inputs, body, yields, kind="island", controls=()):
        """yields: [(name, ty)]; returns (values, control)."""
        u = self.next()
        self.use(inputs)
        c = self.ctl(self.controls_for(ctx, inputs, controls))
        n = len(yields)
        if n == 0:
            head, refs = f"%k{u}", []
        elif n == 1:
            head, refs = f"%v{u}, %k{u}", [f"%v{u}"]
        else:
            head, refs = f"%v{u}:{n}, %k{u}", [f"%v{u}#{i}" for i in range(n)]
        lines = [f"    {head} = executor.island{c} {{"]
        lines += ["      " + line for line in body.lines] if body else []
        if yields:
            lines.append("      executor.yield " + ", ".join(y for y, _ in yields)
                         + " : " + ", ".join(tstr(t) for _, t in yields))
        else:
            lines.append("      executor.yield")
        lines.append("    }")
        self.nodes.append("\n".join(lines))
        vals = [Val(u, r, t, ctx, kind) for r, (_, t) in zip(refs, yields)]
        return vals, f"%k{u}"

    def const(self, ctx, ty, values=None):
        body = Body()
        name = body.const(ty, values if values is not None else self.rand_values(ty))
        controls = [ctx.pivot] if ctx.pivot else []
        (v,), _ = self.island(ctx, [], body, [(name, ty)], "const", controls)
        return ctx.add(v)

    def identity(self, ctx, v, register=True):
        (r,), k = self.island(ctx, [v], None, [(v.ref, v.ty)], "identity")
        if register:
            ctx.add(r)
        return r, k

    def switch(self, ctx, data, pred):
        u = self.next()
        self.use([data, pred])
        c = self.ctl(self.controls_for(ctx, [data, pred]))
        self.nodes.append(f"    %sf{u}, %st{u}, %k{u} = executor.switch{c} {data.ref}, {pred.ref} : {tstr(data.ty)}")
        return (Val(u, f"%sf{u}", data.ty, None, "switch"),
                Val(u, f"%st{u}", data.ty, None, "switch"))

    def switch_n(self, ctx, data, index, count):
        u = self.next()
        self.use([data, index])
        c = self.ctl(self.controls_for(ctx, [data, index]))
        self.nodes.append(f"    %sn{u}:{count}, %k{u} = executor.switch_n{c} {data.ref}, {index.ref} outputs {count} : {tstr(data.ty)}")
        return [Val(u, f"%sn{u}#{i}", data.ty, None, "switch") for i in range(count)]

    def merge(self, ctx, inputs, register=True):
        u = self.next()
        self.use(inputs)
        self.nodes.append(f"    %m{u}, %i{u}, %k{u} = executor.merge " + ", ".join(v.ref for v in inputs)
                          + f" : {tstr(inputs[0].ty)}")
        v = Val(u, f"%m{u}", inputs[0].ty, ctx, "merge")
        if register:
            ctx.add(v)
        return v, f"%k{u}"

    def enter(self, ctx, v, frame, pi, constant, inner):
        """An enter created from `ctx` into frame; its value lives in `inner`."""
        u = self.next()
        self.use([v])
        if v.kind == "exit":
            self.stats["exit_into_loop"] += 1
        c = self.ctl(self.controls_for(ctx, [v]))
        const = " constant" if constant else ""
        self.nodes.append(f"    %e{u}, %k{u} = executor.enter{c} {v.ref} frame \"{frame}\"{const} parallel_iterations {pi} : {tstr(v.ty)}")
        return Val(u, f"%e{u}", v.ty, inner, "enter_const" if constant else "enter")

    # ------------------------------------------------------------- captures
    def capture(self, v, ctx):
        """v as seen from ctx: through a switch per branch, an enter per loop."""
        if v.ctx is ctx:
            return v
        hit = ctx.captures.get(v.key)
        if hit is not None:
            val, owner = hit
            if ctx.kind == "branch" and owner is not ctx.cond and not ctx.cond.reused_switch:
                ctx.cond.reused_switch = True
                self.stats["switch_out_reused"] += 1
            return val
        outer = self.capture(v, ctx.parent)
        if ctx.kind == "branch":
            info = ctx.cond
            outs = info.switches.get(outer.key)
            if outs is None or outs[ctx.branch] is None:
                if info.kind == "case":
                    new = self.switch_n(ctx.parent, outer, info.pred_sw, len(info.ctxs))
                else:
                    new = list(self.switch(ctx.parent, outer, info.pred_sw))
                    if not info.shared_switch:  # one switch per branch context
                        new = [o if i == ctx.branch else None for i, o in enumerate(new)]
                outs = [o if o is not None else old for o, old in zip(new, outs or new)]
                info.switches[outer.key] = outs
                for i, o in enumerate(new):
                    if o is not None:
                        o.ctx = info.ctxs[i]
                        # Contexts sharing this cache see the output as theirs.
                        info.ctxs[i].captures[v.key] = info.ctxs[i].captures[o.key] = (o, info)
            val = outs[ctx.branch]
        else:
            loop = ctx.loop
            val = self.enter(ctx.parent, outer, loop["frame"], loop["pi"], True, ctx)
            for part in loop["parts"]:
                part.captures[v.key] = part.captures[val.key] = (val, loop)
            val.ctx = ctx
        return val

    def pick(self, ctx, tys, local=0.65):
        """A visible value of one of tys, captured into ctx, or None."""
        found = []
        c = ctx
        while c is not None:
            cands = [t for t in tys if c.by_ty.get(t)]
            if cands:
                found.append((c, cands))
            c = c.parent
        if not found:
            return None
        for i, (c, cands) in enumerate(found):
            if i == len(found) - 1 or self.rng.random() < local:
                lst = c.by_ty[self.rng.choice(cands)]
                if self.window and c.kind == "root":
                    v = lst[-1 - self.rng.randrange(min(self.window, len(lst)))]
                else:
                    v = self.rng.choice(lst)
                return self.capture(v, ctx)
        return None

    def ensure(self, ctx, ty):
        v = self.pick(ctx, [ty])
        return v if v is not None else self.const(ctx, ty)

    # ---------------------------------------------------------- computation
    def operand(self, body, v, ty):
        """v's ref converted to ty's element type (shape kept)."""
        if v.ty[0] != ty[0]:
            return body.cast(v.ref, v.ty, (ty[0], v.ty[1])), (ty[0], v.ty[1])
        return v.ref, v.ty

    def compute(self, ctx, ty, first=None, register=True, steps=None):
        """One island computing a value of ty from visible values."""
        elem, n = ty
        other_elem = "f32" if elem == "i32" else "i32"
        compat = [ty, (elem, 0), (other_elem, n), (other_elem, 0)]
        compat = list(dict.fromkeys(t for t in compat))
        inputs = []
        body = Body()
        if first is None:
            first = self.pick(ctx, compat) or self.const(ctx, ty)
        inputs.append(first)
        cur, cty = self.operand(body, first, ty)
        if cty[1] != n:  # broadcast a scalar up to the vector type
            zeros = body.const(ty, [0] * n)
            cur = body.binary("add", cur, cty, zeros, ty, ty)
        cty = ty
        grew = False
        for _ in range(steps if steps is not None else self.rng.choice((1, 1, 2, 2, 3))):
            r = self.rng.random()
            if r < 0.15:
                cur = body.unary(self.rng.choice(("neg", "abs")), cur, ty)
                continue
            if r < 0.75:
                o = self.pick(ctx, compat)
            else:
                o = None
            if o is not None:
                inputs.append(o)
                oref, oty = self.operand(body, o, ty)
            else:
                oty = self.rng.choice((ty, (elem, 0)))
                oref = body.const(oty, self.rand_values(oty))
            if r < 0.25:  # select between the two by a comparison
                cmp_ty = ("i1", max(n, oty[1]))
                c = body.binary(self.rng.choice(("less", "greater", "equal")), cur, ty, oref, oty, cmp_ty)
                if oty != ty:
                    oref = body.binary("add", oref, oty, body.const(ty, [0] * max(n, 1)), ty, ty)
                a, b = (cur, oref) if self.rng.random() < 0.5 else (oref, cur)
                cur = body.select(c, cmp_ty, a, b, ty)
                continue
            op = self.rng.choice(("add", "add", "sub", "sub", "mul", "maximum", "minimum"))
            if op in ("add", "sub", "mul"):
                grew = True
            if self.rng.random() < 0.5:
                cur = body.binary(op, cur, ty, oref, oty, ty)
            else:
                cur = body.binary(op, oref, oty, cur, ty, ty)
        if grew:
            lo = body.const((elem, 0), [-100])
            hi = body.const((elem, 0), [100])
            cur = body.binary("maximum", cur, ty, lo, (elem, 0), ty)
            cur = body.binary("minimum", cur, ty, hi, (elem, 0), ty)
        (v,), _ = self.island(ctx, inputs, body, [(cur, ty)])
        return ctx.add(v) if register else v

    def pred_compute(self, ctx):
        elem = self.rng.choice(("i32", "f32"))
        sty = (elem, 0)
        a = self.pick(ctx, [sty]) or self.const(ctx, sty)
        body = Body()
        inputs = [a]
        b = self.pick(ctx, [sty]) if self.rng.random() < 0.5 else None
        if b is not None and b is not a:
            inputs.append(b)
            bref = b.ref
        else:
            bref = body.const(sty, self.rand_values(sty))
        op = self.rng.choice(("less", "greater", "less_equal", "greater_equal", "equal", "not_equal"))
        p = body.binary(op, a.ref, sty, bref, sty, I1)
        r = self.rng.random()
        if r < 0.2:
            q = self.pick(ctx, [I1])
            if q is not None:
                inputs.append(q)
                p = body.binary(self.rng.choice(("logical_and", "logical_or")), p, I1, q.ref, I1, I1)
        elif r < 0.3:
            p = body.unary("logical_not", p, I1)
        (v,), _ = self.island(ctx, inputs, body, [(p, I1)], "pred")
        return ctx.add(v)

    def get_pred(self, ctx):
        r = self.rng.random()
        if r < 0.15 and ctx.cond_preds:
            self.stats["pred_reused"] += 1
            return self.rng.choice(ctx.cond_preds)[0]
        if r < 0.35:
            v = self.pick(ctx, [I1])
            if v is not None:
                return v
        return self.pred_compute(ctx)

    # ------------------------------------------------------------ statements
    def block_size(self, ctx):
        if ctx.kind == "root":
            return self.rng.randint(2, 5)
        return self.rng.choice((0, 1, 1, 1, 2, 2, 3))

    def block(self, ctx, n=None):
        for _ in range(self.block_size(ctx) if n is None else n):
            self.statement(ctx)

    def statement(self, ctx):
        choices = [("compute", 3.0), ("pred", 0.5), ("ident", 0.5)]
        if self.can_nest(ctx):
            choices += [("cond", 2.2), ("while", 2.2), ("case", 0.6), ("pair", 0.6)]
            if self.can_nest(ctx, 2):
                choices += [("flat", 0.6)]
        kind = self.rng.choices([c for c, _ in choices], [w for _, w in choices])[0]
        self.construct(ctx, kind)

    def construct(self, ctx, kind):
        if kind == "compute":
            self.compute(ctx, self.rand_data_ty())
        elif kind == "pred":
            self.pred_compute(ctx)
        elif kind == "ident":
            self.identity_chain(ctx)
        elif kind == "cond":
            self.cond(ctx)
        elif kind == "while":
            self.while_loop(ctx)
        elif kind == "case":
            self.case(ctx)
        elif kind == "pair":
            self.cond_pair(ctx)
        elif kind == "flat":
            self.flat_nested_cond(ctx)

    def identity_chain(self, ctx):
        v = self.ensure(ctx, self.rand_data_ty())
        for _ in range(self.rng.randint(2, 4)):
            v, _ = self.identity(ctx, v, register=False)
        ctx.add(v)
        self.stats["identity_chain"] += 1
        return v

    # ------------------------------------------------------------------ cond
    def cond_setup(self, ctx, pred, share=None):
        """Pivots, pred_id and the two branch contexts of tf.cond(pred)."""
        level = ctx.level + 1
        self.note_level(level)
        self.stats["cond"] += 1
        # TensorFlow: p_2, p_1 = switch(pred, pred); pivots are identities.
        f, t = self.switch(ctx, pred, pred)
        pt, kt = self.identity(ctx, t, register=False)
        pf, kf = self.identity(ctx, f, register=False)
        if share is not None:
            info = CondInfo("cond", share.pred_sw, share.shared_switch)
            info.switches = share.switches
            caps = [share.ctxs[0].captures, share.ctxs[1].captures]
        else:
            pred_sw = pred
            if self.rng.random() < 0.6:  # pred_id = identity(pred)
                pred_sw, _ = self.identity(ctx, pred, register=False)
            info = CondInfo("cond", pred_sw, self.rng.random() < 0.5)
            caps = [None, None]
        for b, k in ((0, kf), (1, kt)):
            bctx = Ctx("branch", ctx, level, k, caps[b])
            bctx.cond, bctx.branch = info, b
            info.ctxs.append(bctx)
        ctx.cond_preds.append((pred, info))
        return info

    def results(self, bctx, tys, empty, forced=None):
        """A branch's values of tys; `forced` (a switch output of another
        cond on the same predicate) becomes or feeds the first."""
        res = []
        for ty in tys:
            r = self.rng.random()
            if forced is not None and not res:
                res.append(forced if empty or forced.ty == ty and r < 0.3
                           else self.compute(bctx, ty, first=forced))
            elif empty or r < 0.12:
                res.append(self.pass_through(bctx, ty))
            elif r < 0.27:
                res.append(self.pick(bctx, [ty]) or self.compute(bctx, ty))
            elif r < 0.35:
                res.append(self.const(bctx, ty))
            else:
                res.append(self.compute(bctx, ty))
        if not empty and res:
            i = self.rng.randrange(len(res))
            res[i] = self.absorb(bctx, res[i].ty, res[i])
        return res

    def pass_through(self, bctx, ty):
        v = self.pick(bctx.parent, [ty]) or self.const(bctx.parent, ty)
        return self.capture(v, bctx)

    def empties(self):
        if self.rng.random() < 0.2:
            e = self.rng.choice(((True, False), (False, True), (True, True)))
            self.stats["empty_branch"] += 1
            return e
        return (False, False)

    def cond(self, ctx, pred=None, share=None):
        if pred is None:
            pred = self.get_pred(ctx)
        info = self.cond_setup(ctx, pred, share)
        tys = [self.rand_data_ty() for _ in range(self.rng.choice((1, 1, 2, 2, 3)))]
        empty = self.empties()
        res = [None, None]
        for b in (1, 0):  # TensorFlow builds the true branch first
            bctx = info.ctxs[b]
            forced = None
            if share is not None:  # consume the other cond's switch outputs
                caps = [v for v, _ in bctx.captures.values()
                        if v.ty == tys[0] or not empty[b] and v.ty[1] in (0, tys[0][1])]
                if caps:
                    forced = self.rng.choice(caps)
                    if not info.reused_switch:
                        info.reused_switch = True
                        self.stats["switch_out_reused"] += 1
            if not empty[b]:
                self.block(bctx)
            res[b] = self.results(bctx, tys, empty[b], forced)
        return [self.merge(ctx, [fv, tv])[0] for fv, tv in zip(res[0], res[1])]

    def cond_pair(self, ctx):
        """Two conds on one predicate tensor; maybe sharing switch outputs."""
        pred = self.pred_compute(ctx)
        self.cond(ctx, pred)
        first = ctx.cond_preds[-1][1]
        self.stats["pred_reused"] += 1
        self.cond(ctx, pred, share=first if self.rng.random() < 0.6 else None)

    def flat_nested_cond(self, ctx):
        """Outer cond on p with an inner cond on q inside one branch, whose
        branch values feed the outer merge directly: a 3-input merge."""
        outer = self.cond_setup(ctx, self.get_pred(ctx))
        side = self.rng.randint(0, 1)
        host, other = outer.ctxs[side], outer.ctxs[1 - side]
        self.block(host, self.rng.randint(0, 1))
        inner = self.cond_setup(host, self.get_pred(host))
        flat_tys = [self.rand_data_ty() for _ in range(self.rng.randint(1, 2))]
        norm_tys = [self.rand_data_ty() for _ in range(self.rng.randint(0, 1))]
        tys = flat_tys + norm_tys
        inner_res = []
        for b in (1, 0):
            self.block(inner.ctxs[b], self.rng.randint(0, 1))
        for b in (0, 1):
            inner_res.append(self.results(inner.ctxs[b], tys, self.rng.random() < 0.15))
        host_norm = [self.merge(host, [f, t], register=False)[0]
                     for f, t in zip(inner_res[0][len(flat_tys):], inner_res[1][len(flat_tys):])]
        if host_norm:
            host_norm[0] = self.absorb(host, host_norm[0].ty, host_norm[0])
        self.block(other, self.rng.randint(0, 1))
        other_res = self.results(other, tys, False)
        outs = []
        for i in range(len(flat_tys)):
            inner_vals = [inner_res[0][i], inner_res[1][i]]
            ins = ([other_res[i]] + inner_vals) if side == 1 else (inner_vals + [other_res[i]])
            if self.rng.random() < 0.3:
                self.rng.shuffle(ins)
            outs.append(self.merge(ctx, ins)[0])
            self.stats["two_pred_merge"] += 1
        for i, hv in enumerate(host_norm):
            ov = other_res[len(flat_tys) + i]
            pair = [ov, hv] if side == 1 else [hv, ov]
            outs.append(self.merge(ctx, pair)[0])
        return outs

    # ------------------------------------------------------------------ case
    def case(self, ctx):
        """tf.case lowered: _SwitchN on a branch index, N-input merges."""
        level = ctx.level + 1
        self.note_level(level)
        self.stats["switch_n"] += 1
        count = self.rng.randint(2, 4)
        if self.rng.random() < 0.7:
            idx = self.pick(ctx, [I32]) or self.const(ctx, I32, [self.rng.randint(-1, count)])
        else:
            idx = self.const(ctx, I32, [self.rng.randint(-1, count)])
        pivots = self.switch_n(ctx, idx, idx, count)
        info = CondInfo("case", idx, True)
        for b in range(count):
            _, k = self.identity(ctx, pivots[b], register=False)
            bctx = Ctx("branch", ctx, level, k)
            bctx.cond, bctx.branch = info, b
            info.ctxs.append(bctx)
        tys = [self.rand_data_ty() for _ in range(self.rng.randint(1, 2))]
        res = []
        for b in range(count):
            empty = self.rng.random() < 0.12
            if not empty:
                self.block(info.ctxs[b], self.rng.choice((0, 1, 1, 2)))
            res.append(self.results(info.ctxs[b], tys, empty))
        return [self.merge(ctx, [r[i] for r in res])[0] for i in range(len(tys))]

    # ----------------------------------------------------------------- while
    def while_loop(self, ctx):
        rng = self.rng
        level = ctx.level + 1
        self.note_level(level)
        self.stats["loop"] += 1
        self.loops += 1
        frame = f"while_{self.loops}/while_context"
        pi = rng.choice((10, 10, 10, 10, 1, 32))
        loop = {"frame": frame, "pi": pi, "parts": []}
        caps = {}
        cctx = Ctx("loop_cond", ctx, level, None, caps)
        bctx = Ctx("loop_body", ctx, level, None, caps)
        cctx.loop = bctx.loop = loop
        loop["parts"] = [cctx, bctx]

        # Loop variables: a bounded counter plus others; some never read.
        extra = rng.choice((0, 1, 1, 2, 2, 3))
        specs = []  # (ty, init, unused)
        for _ in range(extra):
            ty = self.rand_data_ty()
            if ctx.exits and rng.random() < 0.3:
                init = rng.choice(ctx.exits)
                ty = init.ty
            else:
                init = self.ensure(ctx, ty) if rng.random() < 0.75 else self.const(ctx, ty)
            specs.append([ty, init, False])
        if rng.random() < 0.2:
            ty = self.rand_data_ty()
            specs.append([ty, self.ensure(ctx, ty), True])
            self.stats["unused_loop_var"] += 1
        if rng.random() < 0.75:
            cinit = self.const(ctx, I32, [rng.choice((0, 0, 0, 1, 2))])
        else:
            v = self.pick(ctx, [I32]) or self.const(ctx, I32, [0])
            body = Body()
            z = body.const(I32, [0])
            (cinit,), _ = self.island(ctx, [v], body, [(body.binary("maximum", v.ref, I32, z, I32, I32), I32)])
        ci = rng.randint(0, len(specs))
        specs.insert(ci, [I32, cinit, False])

        enters = [self.enter(ctx, init, frame, pi, False, cctx) for _, init, _ in specs]
        next_ids = [self.next() for _ in specs]
        merges = []
        for e, nid in zip(enters, next_ids):
            e.uses += 1
            u = self.next()
            self.nodes.append(f"    %m{u}, %i{u}, %k{u} = executor.merge {e.ref}, %n{nid} : {tstr(e.ty)}")
            merges.append(Val(u, f"%m{u}", e.ty, cctx, "merge"))
        cctx.pivot = f"%k{merges[0].uid}"
        for (ty, _, unused), m in zip(specs, merges):
            if not unused:
                cctx.add(m)

        # The cond: i < min(n, c) [and q].
        if rng.random() < 0.1 and self.can_nest(cctx):
            self.stats["loop_in_loop_cond"] += 1
            self.construct(cctx, rng.choice(("cond", "while", "case")))
        if rng.random() < 0.15:
            n = self.const(cctx, I32, [rng.randint(-2, 0)])  # the counter starts >= 0
            self.stats["zero_trip_loop"] += 1
        elif rng.random() < 0.6:
            n = self.pick(cctx, [I32]) or self.const(cctx, I32, [rng.randint(0, 6)])
        else:
            n = self.const(cctx, I32, [rng.randint(0, 6)])
        c = self.const(cctx, I32, [rng.randint(2, 6)])
        body = Body()
        lim = body.binary("minimum", n.ref, I32, c.ref, I32, I32)
        p = body.binary("less", merges[ci].ref, I32, lim, I32, I1)
        (pv,), _ = self.island(cctx, [n, c, merges[ci]], body, [(p, I1)], "pred")
        csinks = self.sinks(cctx)
        if csinks or rng.random() < 0.3:
            if csinks:
                sty = rng.choice((I32, F32))
                a = self.absorb(cctx, sty, self.const(cctx, sty))
                body = Body()
                bound = body.const(sty, self.rand_values(sty))
                (q,), _ = self.island(cctx, [a], body, [(body.binary(
                    rng.choice(("less", "greater_equal")), a.ref, sty, bound, sty, I1), I1)], "pred")
            else:
                q = self.pred_compute(cctx)
            body = Body()
            (pv,), _ = self.island(cctx, [pv, q], body,
                                   [(body.binary("logical_and", pv.ref, I1, q.ref, I1, I1), I1)], "pred")
        u = self.next()
        self.use([pv])
        self.nodes.append(f"    %lc{u}, %k{u} = executor.loop_cond {pv.ref}")
        lc = Val(u, f"%lc{u}", I1, cctx, "loop_cond")

        # Switches, the body's identities, the body.
        switches = [self.switch(cctx, m, lc) for m in merges]
        ids = []
        for (ty, _, unused), (f, t) in zip(specs, switches):
            v, k = self.identity(bctx, t, register=False)
            v.ctx = bctx
            ids.append(v)
            if bctx.pivot is None:
                bctx.pivot = k
            if not unused:
                bctx.add(v)
        self.block(bctx)
        results = []
        for j, (ty, _, unused) in enumerate(specs):
            r = rng.random()
            if j == ci:
                one = self.const(bctx, I32, [1])
                if not [k for k, (_, _, unused) in enumerate(specs) if k != ci and not unused]:
                    # No other variable to carry the body's values: fold them
                    # into the step, clamped to [1, 1].
                    mixed = self.absorb(bctx, I32, one)
                    if mixed is not one:
                        body = Body()
                        c1 = body.const(I32, [1])
                        step = body.binary("minimum", body.binary("maximum", mixed.ref, I32, c1, I32, I32),
                                           I32, c1, I32, I32)
                        (one,), _ = self.island(bctx, [mixed], body, [(step, I32)])
                body = Body()
                (res,), _ = self.island(bctx, [ids[j], one], body,
                                        [(body.binary("add", ids[j].ref, I32, one.ref, I32, I32), I32)])
            elif unused or r < 0.15:
                res = ids[j]
            elif r < 0.25:
                outer = self.pick(ctx, [ty])
                if outer is None:
                    res = ids[j]
                else:
                    res = self.capture(outer, bctx)
                    self.stats["invariant_next"] += 1
            elif r < 0.4:
                res = self.pick(bctx, [ty]) or ids[j]
            else:
                first = ids[j]
                if ctx.exits and rng.random() < 0.2:  # an earlier exit, entered as a constant
                    ex = rng.choice(ctx.exits)
                    if ex.ty[1] in (0, ty[1]):
                        first = self.capture(ex, bctx)
                res = self.compute(bctx, ty, first=first, register=False)
                if first is not ids[j] and rng.random() < 0.8:
                    body = Body()
                    (res,), _ = self.island(bctx, [res, ids[j]], body,
                                            [(self._mix(body, res, ids[j], ty), ty)])
            results.append(res)
        keep = [j for j, (_, _, unused) in enumerate(specs) if j != ci and not unused]
        if keep:
            j = rng.choice(keep)
            results[j] = self.absorb(bctx, specs[j][0], results[j])
        for nid, res in zip(next_ids, results):
            self.use([res])
            c = self.ctl(self.controls_for(bctx, [res]))
            self.nodes.append(f"    %n{nid}, %k{nid} = executor.next_iteration{c} {res.ref} : {tstr(res.ty)}")

        # Exits.
        exits = []
        multi = rng.randrange(len(specs)) if rng.random() < 0.15 else -1
        for j, ((ty, _, unused), (f, t)) in enumerate(zip(specs, switches)):
            if unused and rng.random() < 0.3:
                continue  # no exit at all
            for _ in range(2 if j == multi else 1):
                u = self.next()
                self.use([f])
                self.nodes.append(f"    %x{u}, %k{u} = executor.exit {f.ref} : {tstr(ty)}")
                x = Val(u, f"%x{u}", ty, ctx, "exit")
                if not unused:
                    ctx.add(x)
                    ctx.exits.append(x)
                    exits.append(x)
            if j == multi:
                self.stats["multi_exit"] += 1
        return exits

    def _mix(self, body, a, b, ty):
        """A clamped a + b (keeps a loop var depending on itself)."""
        elem = ty[0]
        s = body.binary(self.rng.choice(("add", "sub", "maximum")), a.ref, a.ty, b.ref, b.ty, ty)
        lo = body.const((elem, 0), [-100])
        hi = body.const((elem, 0), [100])
        s = body.binary("maximum", s, ty, lo, (elem, 0), ty)
        return body.binary("minimum", s, ty, hi, (elem, 0), ty)

    def sinks(self, ctx):
        """Values computed in ctx that nothing reads yet (constants aside)."""
        return [v for vs in ctx.by_ty.values() for v in vs
                if v.uses == 0 and v.kind not in ("const", "arg")]

    def absorb(self, ctx, ty, first, limit=12):
        """first combined with ctx's unread values, so that the code of a
        branch or loop body reaches the fetched results instead of being
        dead (a lifting bug there would go unseen)."""
        sinks = [v for v in self.sinks(ctx) if v is not first][:limit]
        if not sinks:
            return first
        elem, n = ty
        body = Body()
        cur, cty = self.operand(body, first, ty)
        if cty[1] != n:
            cur = body.binary("add", cur, cty, body.const(ty, [0] * n), ty, ty)
        for v in sinks:
            if v.ty[0] == "i1":
                neg = body.unary("neg", cur, ty)
                cur = body.select(v.ref, v.ty, cur, neg, ty) if v.ty[1] in (0, n) else cur
                continue
            ref, vty = v.ref, v.ty
            if vty[1] and vty[1] != n:  # a vector into a scalar: reduce it
                axes = body.const(("i32", 1), [0])
                ref = body.binary("reduce_max", ref, vty, axes, ("i32", 1), (vty[0], 0))
                vty = (vty[0], 0)
            if vty[0] != elem:
                ref = body.cast(ref, vty, (elem, vty[1]))
                vty = (elem, vty[1])
            op = self.rng.choice(("add", "sub", "maximum", "minimum"))
            cur = body.binary(op, cur, ty, ref, vty, ty)
        lo = body.const((elem, 0), [-100])
        hi = body.const((elem, 0), [100])
        cur = body.binary("maximum", cur, ty, lo, (elem, 0), ty)
        cur = body.binary("minimum", cur, ty, hi, (elem, 0), ty)
        (r,), _ = self.island(ctx, [first] + sinks, body, [(cur, ty)])
        return r

    # --------------------------------------------------------------- program
    def program(self):
        rng = self.rng
        root = Ctx("root", None, 0)
        self.root = root
        arg_tys = [I32] + [rng.choice(self.data_tys + [I1]) for _ in range(rng.randint(1, 4))]
        args = []
        placeholders = rng.random() < 0.3
        for i, ty in enumerate(arg_tys):
            v = Val(self.next(), f"%arg{i}", ty, root, "arg")
            args.append(v)
            if placeholders:
                self.identity(root, v)
            else:
                root.add(v)
        if self.target:
            self.budget = 0
            kinds = ["cond", "while", "while", "case", "pair", "flat", "compute"]
            while len(self.nodes) < self.target:
                self.budget = len(self.nodes) + rng.randint(20, 120)
                self.construct(root, rng.choice(kinds))
        else:
            self.budget = rng.choice((60, 120, 200, 300, 450))
            self.block(root)
            # At least one construct at the root.
            if not self.stats["cond"] and not self.stats["loop"] and not self.stats["switch_n"]:
                self.budget = max(self.budget, len(self.nodes) + 60)
                self.construct(root, rng.choice(("cond", "while", "case")))

        # Fetch every unread construct output at the root (all live).
        fetch = self.sinks(root)
        fetch.sort(key=lambda v: v.uid)
        if self.target:
            fetch = fetch[-8:]
        elif len(fetch) > 16:  # fold them into one result
            first = next((v for v in fetch if v.ty[0] != "i1"), None) or self.const(root, I32)
            fetch = [self.absorb(root, first.ty, first, limit=len(fetch))]
        if not fetch:
            allv = [v for vs in root.by_ty.values() for v in vs if v.kind != "arg"]
            fetch = [max(allv, key=lambda v: v.uid)] if allv else [args[0]]
        if not self.target and rng.random() < 0.1:
            rng.shuffle(self.nodes)
            self.stats["shuffled_nodes"] += 1

        params = ", ".join(f"{a.ref}: {tstr(a.ty)}" for a in args)
        rtys = ", ".join(tstr(v.ty) for v in fetch)
        out = [f"func.func @main({params}) -> ({rtys}) {{"]
        res = "%r" if len(fetch) == 1 else f"%r:{len(fetch)}"
        out.append(f"  {res} = executor.graph {{")
        out.extend(self.nodes)
        out.append("    executor.fetch " + ", ".join(v.ref for v in fetch) + f" : {rtys}")
        out.append("  }")
        refs = "%r" if len(fetch) == 1 else ", ".join(f"%r#{i}" for i in range(len(fetch)))
        out.append(f"  return {refs} : {rtys}")
        out.append("}")
        mlir = "\n".join(out) + "\n"

        inputs = []
        dtypes = {"i32": "int32", "f32": "float32", "i1": "bool"}
        for a in args:
            elem, n = a.ty
            data = self.rand_values(a.ty)
            if a is args[0]:
                data = [rng.randint(-1, 7)]
            inputs.append({"dtype": dtypes[elem], "shape": [n] if n else [], "data": data})
        self.stats["nodes"] = len(self.nodes)
        return mlir, json.dumps(inputs) + "\n"


def generate_with_stats(seed, max_depth=4, target_nodes=None):
    """(mlir_text, inputs_json_text, stats): stats counts SHAPES and more."""
    gen = Generator(seed, max_depth, target_nodes)
    mlir, inputs = gen.program()
    return mlir, inputs, gen.stats


def generate(seed, max_depth=4, target_nodes=None):
    """(mlir_text, inputs_json_text) of the program of this seed."""
    mlir, inputs, _ = generate_with_stats(seed, max_depth, target_nodes)
    return mlir, inputs


def write(seed, directory):
    """Writes the program of this seed and its inputs as
    DIRECTORY/seed-S.mlir and seed-S.json (what the differential tests run
    and keep when a program fails); returns their paths."""
    mlir, inputs = generate(seed)
    program = os.path.join(directory, f"seed-{seed}.mlir")
    inputs_path = os.path.join(directory, f"seed-{seed}.json")
    with open(program, "w") as f:
        f.write(mlir)
    with open(inputs_path, "w") as f:
        f.write(inputs)
    return program, inputs_path


def add_sample_argument(parser):
    """--every N: the differentials' sample of their generated programs."""
    parser.add_argument(
        "--every", type=int, default=1, metavar="N",
        help="run every N-th of the --count generated programs only, from the "
             "first (the test command's sample; default 1: all of them)")


def sampled(count, every):
    """The indices (0-based, seed = --seed + index) of the generated programs
    a differential runs: every `every`-th of its `count`, from the first."""
    return range(0, count, max(1, every))


def describe_sample(count, every):
    """The line a differential prints to say how much of its generated set it
    ran: 'sample: 120 of 240 generated programs (every 2nd; ...)'."""
    ran = len(sampled(count, every))
    if every <= 1:
        return f"sample: {ran} of {count} generated programs (all)"
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(every % 10 if every % 100 not in (11, 12, 13) else 0, "th")
    return (f"sample: {ran} of {count} generated programs (every {every}{suffix}; "
            "SLUICE_FULL=1 runs all)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--depth", type=int, default=4, help="maximum nesting of cond/while/case")
    parser.add_argument("--nodes", type=int, default=None,
                        help="keep adding top-level constructs until about this many executor nodes")
    parser.add_argument("-o", "--output", default="-", help="the program (default: stdout)")
    parser.add_argument("--inputs", help="write the inputs JSON here")
    parser.add_argument("--stats", action="store_true", help="print the shape counts to stderr")
    args = parser.parse_args()
    mlir, inputs, stats = generate_with_stats(args.seed, args.depth, args.nodes)
    if args.output == "-":
        sys.stdout.write(mlir)
    else:
        with open(args.output, "w") as f:
            f.write(mlir)
    if args.inputs:
        with open(args.inputs, "w") as f:
            f.write(inputs)
    if args.stats:
        print(json.dumps(stats, sort_keys=True), file=sys.stderr)


if __name__ == "__main__":
    main()
