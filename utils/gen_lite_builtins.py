#!/usr/bin/env python3
"""The lite dialect's BuiltinOperator enum, from Sluice's TFLite schema.

Reads lib/Target/TFLite/schema.fbs (TFLite's codes of every classic builtin
operator) and writes, at build time, LiteBuiltinOperators.td: the
I32EnumAttr BuiltinOperator that LiteDialect.td includes, so that an op
record can name any builtin (TFLiteBuiltin<"SIN", ...>) without another
file changing. The schema is the one home of the codes; this copies them.

usage: gen_lite_builtins.py schema.fbs -o LiteBuiltinOperators.td
"""
import argparse
import re
import sys


def strip_comments(text):
    return re.sub(r"//[^\n]*", "", text)


def block(text, header):
    """The body between the braces after `header`."""
    match = re.search(re.escape(header) + r"[^{]*\{(.*?)\}", text, re.S)
    if not match:
        sys.exit(f"gen_lite_builtins: no '{header}' in the schema")
    return match.group(1)


def members(body):
    """(name, value) of `NAME = N,` entries."""
    return [(m.group(1), int(m.group(2)))
            for m in re.finditer(r"(\w+)\s*=\s*(\d+)", body)]


def enum_td(name, description, cases):
    lines = ",\n".join(f'  I32EnumAttrCase<"{case}", {value}>' for case, value in cases)
    return (f'def Lite_{name} : I32EnumAttr<"{name}",\n    "{description}", [\n'
            f"{lines}\n  ]> {{\n"
            '  let cppNamespace = "::sluice::lite";\n'
            "  let genSpecializedAttr = 0;\n}\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("schema")
    parser.add_argument("-o", "--output", required=True)
    args = parser.parse_args()
    with open(args.schema) as f:
        text = strip_comments(f.read())
    operators = members(block(text, "enum BuiltinOperator"))
    with open(args.output, "w") as f:
        f.write("// Generated from lib/Target/TFLite/schema.fbs by "
                "utils/gen_lite_builtins.py.\n\n")
        f.write(enum_td("BuiltinOperator", "TFLite builtin operator code", operators))


if __name__ == "__main__":
    main()
