#!/usr/bin/env python3
"""Writes the hostile programs the resource-limit tests feed to Sluice.

  gen_hostile.py fill OUT.pbtxt DIM0 DIM1   a GraphDef: Fill of [DIM0, DIM1]
                                            float32 ones (dims fed as a Const)
  gen_hostile.py doubling OUT.pbtxt         a v1 while loop concatenating its
                                            state with itself each iteration
  gen_hostile.py conds-v1 OUT.pbtxt DEPTH   DEPTH v1 conds nested one in the
                                            true branch of the other
  gen_hostile.py conds-v2 OUT.pbtxt DEPTH   DEPTH functional Ifs, each branch
                                            function holding the next If
  gen_hostile.py ifs-mlir OUT.mlir DEPTH    DEPTH lite.if nested in MLIR
  gen_hostile.py chain OUT.pb NODES         NODES nodes: a chain of AddV2,
                                            binary GraphDef (protoc-free:
                                            encoded here)
Inputs are written by this script, not stored: the largest is tens of MB.
"""
import sys

F32 = 'attr { key: "T" value { type: DT_FLOAT } }'


def const_i32(name, values):
    vals = " ".join(f"int_val: {v}" for v in values)
    return (f'node {{ name: "{name}" op: "Const" '
            f'attr {{ key: "dtype" value {{ type: DT_INT32 }} }} '
            f'attr {{ key: "value" value {{ tensor {{ dtype: DT_INT32 '
            f'tensor_shape {{ dim {{ size: {len(values)} }} }} {vals} }} }} }} }}\n')


def const_f32_scalar(name, value):
    return (f'node {{ name: "{name}" op: "Const" '
            f'attr {{ key: "dtype" value {{ type: DT_FLOAT }} }} '
            f'attr {{ key: "value" value {{ tensor {{ dtype: DT_FLOAT '
            f'tensor_shape {{}} float_val: {value} }} }} }} }}\n')


def placeholder(name, dtype, shape="shape {}"):
    return (f'node {{ name: "{name}" op: "Placeholder" '
            f'attr {{ key: "dtype" value {{ type: {dtype} }} }} '
            f'attr {{ key: "shape" value {{ {shape} }} }} }}\n')


def node(name, op, inputs, attrs=F32):
    ins = " ".join(f'input: "{i}"' for i in inputs)
    return f'node {{ name: "{name}" op: "{op}" {ins} {attrs} }}\n'


def fill(out, d0, d1):
    with open(out, "w") as f:
        f.write(const_i32("dims", [d0, d1]))
        f.write(const_f32_scalar("one", 1.0))
        f.write(node("y", "Fill", ["dims", "one"],
                     'attr { key: "T" value { type: DT_FLOAT } } '
                     'attr { key: "index_type" value { type: DT_INT32 } }'))


def doubling(out):
    """x = [1.]; while True: x = concat([x, x])  (i < n never turns false
    for a large n)."""
    frame = 'attr { key: "frame_name" value { s: "w" } }'
    with open(out, "w") as f:
        f.write(placeholder("n", "DT_INT32"))
        f.write(const_i32("x0", [1]))
        f.write(const_i32("zero", [0]).replace("dim { size: 1 }", ""))
        f.write(const_i32("one", [1]).replace("dim { size: 1 }", ""))
        f.write(const_i32("axis", [0]).replace("dim { size: 1 }", ""))
        i32 = 'attr { key: "T" value { type: DT_INT32 } }'
        f.write(node("w/Enter", "Enter", ["x0"], i32 + frame))
        f.write(node("w/Enter_1", "Enter", ["zero"], i32 + frame))
        f.write(node("w/Enter_n", "Enter", ["n"], i32 + frame +
                     ' attr { key: "is_constant" value { b: true } }'))
        f.write(node("w/Merge", "Merge", ["w/Enter", "w/NextIteration"],
                     i32 + ' attr { key: "N" value { i: 2 } }'))
        f.write(node("w/Merge_1", "Merge", ["w/Enter_1", "w/NextIteration_1"],
                     i32 + ' attr { key: "N" value { i: 2 } }'))
        f.write(node("w/Less", "Less", ["w/Merge_1", "w/Enter_n"], i32))
        f.write(node("w/LoopCond", "LoopCond", ["w/Less"], ""))
        f.write(node("w/Switch", "Switch", ["w/Merge", "w/LoopCond"], i32))
        f.write(node("w/Switch_1", "Switch", ["w/Merge_1", "w/LoopCond"], i32))
        f.write(node("w/Identity", "Identity", ["w/Switch:1"], i32))
        f.write(node("w/Identity_1", "Identity", ["w/Switch_1:1"], i32))
        f.write(node("w/one", "Const", ["^w/Identity"],
                     'attr { key: "dtype" value { type: DT_INT32 } } '
                     'attr { key: "value" value { tensor { dtype: DT_INT32 '
                     'tensor_shape {} int_val: 1 } } }'))
        f.write(node("w/axis", "Const", ["^w/Identity"],
                     'attr { key: "dtype" value { type: DT_INT32 } } '
                     'attr { key: "value" value { tensor { dtype: DT_INT32 '
                     'tensor_shape {} int_val: 0 } } }'))
        f.write(node("w/concat", "ConcatV2",
                     ["w/Identity", "w/Identity", "w/axis"],
                     i32 + ' attr { key: "N" value { i: 2 } } '
                     'attr { key: "Tidx" value { type: DT_INT32 } }'))
        f.write(node("w/add", "AddV2", ["w/Identity_1", "w/one"], i32))
        f.write(node("w/NextIteration", "NextIteration", ["w/concat"], i32))
        f.write(node("w/NextIteration_1", "NextIteration", ["w/add"], i32))
        f.write(node("w/Exit", "Exit", ["w/Switch"], i32))
        f.write(node("w/Exit_1", "Exit", ["w/Switch_1"], i32))


def conds_v1(out, depth):
    """x_{k+1} = Switch(x_k, x > k):1; m_k = Merge(Switch(x_k, x > k):0,
    m_{k+1}): the innermost true branch adds one, so the result is x + 1
    when x > depth - 1, else x. Each level has a predicate of its own (one
    shared predicate would let canonicalization fold the nest)."""
    with open(out, "w") as f:
        f.write(placeholder("x", "DT_FLOAT"))
        value = "x"
        for k in range(depth):
            f.write(const_f32_scalar(f"c{k}/k", k))
            f.write(node(f"c{k}/p", "Greater", ["x", f"c{k}/k"]))
            f.write(node(f"c{k}/Switch", "Switch", [value, f"c{k}/p"]))
            f.write(node(f"c{k}/Switch_p", "Switch", [f"c{k}/p", f"c{k}/p"],
                         'attr { key: "T" value { type: DT_BOOL } }'))
            f.write(node(f"c{k}/pivot_t", "Identity", [f"c{k}/Switch_p:1"],
                         'attr { key: "T" value { type: DT_BOOL } }'))
            value = f"c{k}/Switch:1"
        f.write(node("inner/one", "Const", [f"^c{depth - 1}/pivot_t"],
                     'attr { key: "dtype" value { type: DT_FLOAT } } '
                     'attr { key: "value" value { tensor { dtype: DT_FLOAT '
                     'tensor_shape {} float_val: 1 } } }'))
        f.write(node("inner/add", "AddV2", [value, "inner/one"]))
        result = "inner/add"
        for k in reversed(range(depth)):
            f.write(node(f"c{k}/Merge", "Merge", [f"c{k}/Switch:0", result],
                         F32 + ' attr { key: "N" value { i: 2 } }'))
            result = f"c{k}/Merge"


def conds_v2(out, depth):
    """main: If(p, x) -> f0; f_k: If(p, x) -> f_{k+1} (then), identity (else);
    the last then-branch adds one."""
    def fn(name, body, ret):
        return (f'function {{ signature {{ name: "{name}" '
                f'input_arg {{ name: "p" type: DT_BOOL }} '
                f'input_arg {{ name: "x" type: DT_FLOAT }} '
                f'output_arg {{ name: "y" type: DT_FLOAT }} }} '
                f'{body} ret {{ key: "y" value: "{ret}" }} }}\n')

    def if_node(name, cond, inp, then, els, in_function):
        kind = "node_def" if in_function else "node"
        return (f'{kind} {{ name: "{name}" op: "If" input: "{cond}" '
                f'input: "{cond}" input: "{inp}" '
                f'attr {{ key: "Tcond" value {{ type: DT_BOOL }} }} '
                f'attr {{ key: "Tin" value {{ list {{ type: DT_BOOL type: DT_FLOAT }} }} }} '
                f'attr {{ key: "Tout" value {{ list {{ type: DT_FLOAT }} }} }} '
                f'attr {{ key: "then_branch" value {{ func {{ name: "{then}" }} }} }} '
                f'attr {{ key: "else_branch" value {{ func {{ name: "{els}" }} }} }} }}')

    with open(out, "w") as f:
        f.write(placeholder("x", "DT_FLOAT"))
        f.write(placeholder("p", "DT_BOOL"))
        f.write(if_node("if", "p", "x", "f0", "keep", False) + "\n")
        f.write("library {\n")
        f.write(fn("keep", "", "x"))
        for k in range(depth - 1):
            f.write(fn(f"f{k}", if_node("if", "p", "x", f"f{k + 1}", "keep",
                                        True), "if:output:0"))
        f.write(fn(f"f{depth - 1}",
                   'node_def { name: "one" op: "Const" '
                   'attr { key: "dtype" value { type: DT_FLOAT } } '
                   'attr { key: "value" value { tensor { dtype: DT_FLOAT '
                   'tensor_shape {} float_val: 1 } } } } '
                   'node_def { name: "add" op: "AddV2" input: "x" '
                   'input: "one:output:0" ' + F32 + ' }', "add:z:0"))
        f.write("}\n")


def ifs_mlir(out, depth):
    """@main(%p, %x): DEPTH lite.ifs, level k taken when x > k; the
    innermost adds one. Each level has a predicate of its own, computed
    where it is used, so that nothing folds the nest away."""
    with open(out, "w") as f:
        f.write("func.func @main(%p: tensor<i1>, %x: tensor<f32>) -> tensor<f32> {\n")
        for k in range(depth):
            f.write(f"%c{k} = lite.constant dense<{k}.0> : tensor<f32>\n"
                    f"%p{k} = lite.greater %x, %c{k} : (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
                    f"%r{k} = lite.if %p{k} -> (tensor<f32>) {{\n")
        f.write("%one = lite.constant dense<1.0> : tensor<f32>\n"
                "%y = lite.add %x, %one : (tensor<f32>, tensor<f32>) -> tensor<f32>\n"
                "lite.yield %y : tensor<f32>\n")
        for k in reversed(range(depth)):
            f.write("} else {\nlite.yield %x : tensor<f32>\n}\n")
            if k > 0:
                f.write(f"lite.yield %r{k} : tensor<f32>\n")
        f.write("return %r0 : tensor<f32>\n}\n")


def varint(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


def field(number, payload):
    """A length-delimited protobuf field."""
    return varint(number << 3 | 2) + varint(len(payload)) + payload


def chain(out, count):
    """GraphDef.node (1): NodeDef name (1), op (2), input (3), attr (5)."""
    def attr_type(key, dtype):  # AttrValue.type (6), DT_FLOAT = 1
        return field(5, field(1, key.encode()) +
                     field(2, varint(6 << 3) + varint(dtype)))
    parts = [field(1, field(1, b"x") + field(2, b"Placeholder") +
                   attr_type("dtype", 1))]
    previous = b"x"
    for k in range(count - 1):
        name = b"n%d" % k
        parts.append(field(1, field(1, name) + field(2, b"AddV2") +
                           field(3, previous) + field(3, b"x") +
                           attr_type("T", 1)))
        previous = name
    with open(out, "wb") as f:
        f.write(b"".join(parts))


def main():
    kind, out, *rest = sys.argv[1:]
    numbers = [int(r) for r in rest]
    {"fill": fill, "doubling": doubling, "conds-v1": conds_v1,
     "conds-v2": conds_v2, "ifs-mlir": ifs_mlir, "chain": chain}[kind](out, *numbers)


if __name__ == "__main__":
    main()
