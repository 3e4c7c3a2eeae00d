#!/usr/bin/env python3
"""The lite dialect's TFLite enums, from Sluice's TFLite schema.

Reads lib/Target/TFLite/schema.fbs (TFLite's codes of every classic builtin
operator, the BuiltinOptions union) and writes, at build time:
  - LiteBuiltinOperators.td: the I32EnumAttrs BuiltinOperator and
    BuiltinOptions that LiteDialect.td includes, so that an op record can
    name any builtin and options table (TFLiteBuiltin<"SIN", "CosOptions">)
    without another file changing;
  - LiteEmptyOptions.inc (--empty-options): SLUICE_EMPTY_OPTIONS(Name) per
    options table without fields, which the options writer writes empty
    (tables marked sluice_unmodelled have fields Sluice leaves out and are
    not listed).
The schema is the one home of the codes; this copies them.

usage: gen_lite_builtins.py schema.fbs -o LiteBuiltinOperators.td
           [--empty-options LiteEmptyOptions.inc]
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


def empty_tables(text):
    """Names of tables without fields, not marked sluice_unmodelled."""
    return [m.group(1) for m in re.finditer(r"table\s+(\w+)\s*(\(([^)]*)\))?\s*\{([^}]*)\}", text)
            if not m.group(4).strip() and "sluice_unmodelled" not in (m.group(3) or "")]


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
    parser.add_argument("--empty-options")
    args = parser.parse_args()
    with open(args.schema) as f:
        text = strip_comments(f.read())
    operators = members(block(text, "enum BuiltinOperator"))
    options = [("NONE", 0)] + members(block(text, "union BuiltinOptions"))
    header = "// Generated from lib/Target/TFLite/schema.fbs by utils/gen_lite_builtins.py.\n\n"
    with open(args.output, "w") as f:
        f.write(header)
        f.write(enum_td("BuiltinOperator", "TFLite builtin operator code", operators))
        f.write("\n")
        f.write(enum_td("BuiltinOptions", "TFLite BuiltinOptions union member", options))
    if args.empty_options:
        union = {name for name, _ in options}
        with open(args.empty_options, "w") as f:
            f.write(header)
            for table in empty_tables(text):
                if table in union:
                    f.write(f"SLUICE_EMPTY_OPTIONS({table})\n")


if __name__ == "__main__":
    main()
