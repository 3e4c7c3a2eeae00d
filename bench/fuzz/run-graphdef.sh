#!/usr/bin/env bash
# Builds the GraphDef-import fuzzer (libFuzzer + ASan, clang-22) in
# build-fuzz/ and runs it for SECONDS (default 180) from the corpus graphs, in
# text form and encoded as binary with protoc. Findings land in
# build-fuzz/findings/; the script exits non-zero if the fuzzer found one.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-180}
if [[ ! -f build-fuzz/build.ninja ]]; then
  cmake -G Ninja -S . -B build-fuzz -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DLLVM_USE_LINKER=lld-22 -DSLUICE_ENABLE_FUZZERS=ON >/dev/null
fi
ninja -C build-fuzz sluice-fuzz-graphdef
seeds=build-fuzz/seeds
mkdir -p "$seeds" build-fuzz/findings
for f in ../shared/corpus/graphdef/*.pbtxt; do
  cp "$f" "$seeds/"
  protoc --encode=tensorflow.GraphDef lib/Target/GraphDef/graph.proto \
    <"$f" >"$seeds/$(basename "$f" .pbtxt).pb"
done
build-fuzz/bin/sluice-fuzz-graphdef "$seeds" -max_total_time="$seconds" \
  -timeout=10 -rss_limit_mb=4096 -artifact_prefix=build-fuzz/findings/ \
  -print_final_stats=1
