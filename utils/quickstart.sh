#!/usr/bin/env bash
# The README's two commands.
#   utils/quickstart.sh demo   install, build, lift and run the shipped examples
#   utils/quickstart.sh test   install, build, run every test suite
set -euo pipefail
cd "$(dirname "$0")/.."

case "${1:-}" in
demo)
  utils/setup.sh sluicec sluice-opt sluice-run sluice-translate sluice-python
  graph=examples/while_cond.pbtxt
  inputs=examples/while_cond_inputs.json
  echo "== sluicec $graph (TensorFlow v1 while loop with a cond, lifted)"
  build/bin/sluicec "$graph"
  echo "== sluice-run $graph (v1 executor: frames, tags, deadness)"
  build/bin/sluice-run "$graph" --inputs="$inputs"
  echo "== sluice-run $graph --lift (the lifted lite.while/lite.if program)"
  build/bin/sluice-run "$graph" --inputs="$inputs" --lift
  echo "== sluicec $graph --emit=tflite, run in LiteRT (@litertjs/core)"
  build/bin/sluicec "$graph" --emit=tflite -o build/while_cond.tflite
  node test/e2e/litert/run_tflite.mjs build/while_cond.tflite --inputs="$inputs"
  echo "== the same .tflite in native LiteRT (ai-edge-litert, in .venv)"
  .venv/bin/python python/sluice/engines/litert_native.py build/while_cond.tflite --inputs="$inputs" 2>/dev/null
  echo "== sluice-run build/while_cond.tflite (imported back)"
  build/bin/sluice-run build/while_cond.tflite --inputs="$inputs"
  echo "== sluicec $graph --emit=obj --header: native code with a C header"
  build/bin/sluicec "$graph" --emit=obj -o build/while_cond.o --header build/while_cond.h
  grep -A3 '^int32_t' build/while_cond.h
  echo "== examples/native/while_cond_main.c linked with build/while_cond.o, n = 7"
  clang-22 -std=c99 -Ibuild examples/native/while_cond_main.c build/while_cond.o \
    -o build/while_cond
  build/while_cond 7
  echo "== sluice-run $graph --engine=native (compiled in process)"
  build/bin/sluice-run "$graph" --inputs="$inputs" --engine=native
  echo "== sluice-run $graph --compare: every engine against TensorFlow"
  build/bin/sluice-run "$graph" --inputs="$inputs" --compare
  echo "== sluicec $graph --emit=svg --picture=executor: the v1 graph, drawn"
  build/bin/sluicec "$graph" --emit=svg --picture=executor -o build/while_cond.svg
  echo "build/while_cond.svg ($(wc -c <build/while_cond.svg) bytes)"
  for example in examples/*.mlir; do
    echo "== sluice-run $example"
    build/bin/sluice-run "$example"
  done
  ;;
test)
  # Every stage's time, the setup's included, in one table at the end.
  export SLUICE_STAGE_TIMES=$PWD/build/stage-times.tsv
  source utils/stages.sh
  stages_reset
  utils/setup.sh
  SLUICE_EXPECT_SETUP_STAGES=1 utils/run-tests.sh
  ;;
*)
  echo "usage: $0 demo|test" >&2
  exit 2
  ;;
esac
