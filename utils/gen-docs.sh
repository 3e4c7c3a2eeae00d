#!/usr/bin/env bash
# Regenerates docs/generated from the ODS definitions (dialects: -gen-op-doc)
# and the Passes.td files (-gen-pass-doc) through the build's mlir-doc
# target. test/Docs/generated-docs.test fails while they differ.
set -euo pipefail
cd "$(dirname "$0")/.."
ninja -C build mlir-doc >/dev/null
rm -rf docs/generated
mkdir -p docs/generated
cp -r build/docs/Dialects build/docs/Passes docs/generated/
# The op table sluice-tblgen writes from the op records, for Python.
ninja -C build SluiceLiteIncGen >/dev/null
cp build/include/sluice/Dialect/Lite/IR/lite-ops.json docs/generated/
echo "docs/generated: $(find docs/generated -name '*.md' | wc -l) files"

# The pictures docs/usage.md shows (the build's sluicec --emit=dot|svg; svg
# needs Graphviz's dot): examples/while_cond.pbtxt's executor graph with
# the nodes a run on n = 1 left dead greyed, and its lifted program. Each
# SVG's DOT text is kept beside it; test/Docs/pictures.test fails while the
# DOT text differs from what sluicec draws.
images=docs/images
example=examples/while_cond.pbtxt
for picture in executor lifted; do
  args=(--picture="$picture")
  [[ $picture == executor ]] && args+=(--inputs="$images/while_cond_n1.json")
  for format in dot svg; do
    build/bin/sluicec "$example" --emit="$format" "${args[@]}" \
      -o "$images/while_cond-$picture.$format"
  done
done
echo "docs/images: while_cond-{executor,lifted}.{dot,svg}"
