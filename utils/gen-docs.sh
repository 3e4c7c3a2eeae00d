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
echo "docs/generated: $(find docs/generated -name '*.md' | wc -l) files"
