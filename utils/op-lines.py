#!/usr/bin/env python3
"""Lines of hand-written code per lite op, at one or more git revisions.

For each op that exists at every revision given, counts
  - the lines of its ODS record (`def Lite_XOp` to its closing brace) other
    than its summary and description (documentation), and
  - the lines of the files that define what an op does beyond its record
    (DEFINITIONS: shape rules, verifiers, the TF import table, kernels,
    lowering patterns, gradient rules, the kind enums) that name the op: its
    class `XOp`, or its stem `X` as a whole word (enum cases such as
    `UnaryKind::Tanh`, table rows). Comments are not counted.
The second figure is the proxy for edit sites: where adding the op touched
code outside its record. Also printed: the total size of those files and of
the generator (tools/sluice-tblgen), the code that now serves every record.
Used for issue 37's "lines per op before and after"
(docs/architecture.md, "Adding an op").

  utils/op-lines.py d6c9d26 HEAD
"""

import re
import subprocess
import sys

DEFINITIONS = re.compile(
    r"^(lib/Dialect/Lite/Transforms/ShapeRules\.cpp"
    r"|lib/Dialect/Lite/IR/(TypeInference|LiteOps|LiteListOps|LiteGradients)"
    r"\.cpp|lib/Target/GraphDef/OpTable\.cpp|lib/Kernels/\w+\.cpp"
    r"|lib/Conversion/LiteToLinalg/\w+\.cpp"
    r"|include/sluice/Dialect/Lite/IR/LiteDialect\.td)$")


def git(*args):
    return subprocess.run(["git", *args], check=True, capture_output=True,
                          text=True).stdout


def records(rev):
    """{stem: record line count} for the ops of LiteOps.td and its includes."""
    counts = {}
    for path in git("ls-tree", "-r", "--name-only", rev,
                    "include/sluice/Dialect/Lite/IR").split():
        if not path.endswith(".td"):
            continue
        lines = git("show", f"{rev}:{path}").splitlines()
        i = 0
        while i < len(lines):
            m = re.match(r"def Lite_(\w+)Op\b", lines[i])
            if not m:
                i += 1
                continue
            depth, docs, in_docs = 0, 0, False
            start = i
            while True:
                line = lines[i]
                if re.match(r"\s*let (summary|description)\b", line):
                    in_docs = not line.rstrip().endswith(";")
                    docs += 1
                elif in_docs:
                    docs += 1
                    in_docs = not line.rstrip().endswith("}];")
                else:
                    depth += line.count("{") - line.count("}")
                if depth <= 0 and not in_docs and (
                        "}" in line or line.rstrip().endswith(";")):
                    break
                i += 1
            counts[m.group(1)] = i - start + 1 - docs
            i += 1
    return counts


def source_lines(rev, pattern):
    files = [p for p in git("ls-tree", "-r", "--name-only", rev, "lib",
                            "include", "tools").split() if pattern.search(p)]
    return {p: git("show", f"{rev}:{p}").splitlines() for p in files}


def main():
    revs = sys.argv[1:] or ["HEAD"]
    per_rev = {}
    for rev in revs:
        recs = records(rev)
        sources = source_lines(rev, DEFINITIONS)
        stats = {}
        for stem, record in recs.items():
            word = re.compile(rf"\b{stem}(Op)?\b")
            sites = sum(1 for lines in sources.values() for line in lines
                        if word.search(line) and not line.lstrip()
                        .startswith("//"))
            stats[stem] = (record, sites)
        per_rev[rev] = stats
    common = sorted(set.intersection(*(set(s) for s in per_rev.values())))
    print(f"{'op':24}" + "".join(f"{rev[:12]:>22}" for rev in revs))
    print(f"{'':24}" + "".join(f"{'record+code=total':>22}" for _ in revs))
    totals = {rev: [0, 0] for rev in revs}
    for stem in common:
        row = f"{stem:24}"
        for rev in revs:
            record, sites = per_rev[rev][stem]
            totals[rev][0] += record
            totals[rev][1] += sites
            row += f"{f'{record}+{sites}={record + sites}':>22}"
        print(row)
    print(f"{'all ' + str(len(common)) + ' ops':24}" + "".join(
        f"{f'{t[0]}+{t[1]}={t[0] + t[1]}':>22}" for t in totals.values()))
    print(f"{'per op':24}" + "".join(
        f"{(t[0] + t[1]) / len(common):>22.1f}" for t in totals.values()))
    print(f"{'definition files':24}" + "".join(
        f"{sum(map(len, source_lines(rev, DEFINITIONS).values())):>22}"
        for rev in revs))
    generator = re.compile(r"^tools/sluice-tblgen/.*\.(cpp|h)$")
    print(f"{'sluice-tblgen':24}" + "".join(
        f"{sum(map(len, source_lines(rev, generator).values())):>22}"
        for rev in revs))


if __name__ == "__main__":
    main()
