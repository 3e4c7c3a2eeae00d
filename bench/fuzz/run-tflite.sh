#!/usr/bin/env bash
# Builds the TFLite import/export fuzzer (tools/sluice-fuzz-tflite: libFuzzer
# + ASan + UBSan where clang-22 has them, else ASan alone) in
# build-fuzz-tflite/ and runs it for SECONDS (default 120) on one core.
#
#   bench/fuzz/run-tflite.sh [SECONDS]
#
# Each input is imported with importTFLite; a module that imports is verified
# and exported again with exportTFLite. With SLUICE_FUZZ_TFLITE_ROUNDTRIP=1 in
# the environment, a module that exports must also import again and export
# to the same bytes (a finding otherwise). Seeds (build-fuzz-tflite/seeds): the
# corpus models (../shared/corpus/tflite/*.tflite), the examples exported by
# Sluice's own tools (needs build/bin from the main build), and every .tflite
# the lit tests left in build/test (the invalid.test and roundtrip.test
# models, the e2e differential cases) when they have run. New inputs go to
# build-fuzz-tflite/corpus, kept from run to run; crashes, timeouts and OOMs
# to build-fuzz-tflite/findings/. libFuzzer's log is
# build-fuzz-tflite/fuzz-0.log (the parent process's output: fuzz.out). The
# script prints executions, execs/s and the findings of this run, and exits
# non-zero if there were any.
#
# Reproduce a finding:  build-fuzz-tflite/bin/sluice-fuzz-tflite FILE
# Minimize it:          build-fuzz-tflite/bin/sluice-fuzz-tflite -minimize_crash=1 \
#                         -runs=10000 -exact_artifact_path=min.tflite FILE
#
# Builds take /tmp/sluice-build.lock (shared with the other builds on the
# machine); the fuzzer runs without it.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-120}
dir=build-fuzz-tflite
lock=/tmp/sluice-build.lock

# libFuzzer and the sanitizer runtimes are Debian's libclang-rt-22-dev.
if ! dpkg-query -W -f='${Status}' libclang-rt-22-dev 2>/dev/null |
  grep -q "install ok installed"; then
  echo "== installing libclang-rt-22-dev (libFuzzer, sanitizer runtimes)"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    libclang-rt-22-dev >/dev/null
fi

# UBSan next to ASan if the toolchain links it with libFuzzer.
sanitizers=address
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
echo 'extern "C" int LLVMFuzzerTestOneInput(const char *, unsigned long) { return 0; }' \
  >"$probe/probe.cpp"
if clang++-22 -fsanitize=fuzzer,address,undefined "$probe/probe.cpp" \
  -o "$probe/probe" 2>/dev/null; then
  sanitizers=address,undefined
fi
echo "sanitizers: $sanitizers"

if [[ ! -f $dir/build.ninja ]]; then
  flock "$lock" cmake -G Ninja -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DLLVM_USE_LINKER=lld-22 -DSLUICE_ENABLE_FUZZERS=ON \
    -DSLUICE_FUZZ_SANITIZERS="$sanitizers" >/dev/null
else
  flock "$lock" cmake "$dir" -DSLUICE_FUZZ_SANITIZERS="$sanitizers" >/dev/null
fi
flock "$lock" ninja -C "$dir" sluice-fuzz-tflite

seeds=$dir/seeds corpus=$dir/corpus findings=$dir/findings
mkdir -p "$seeds" "$corpus" "$findings"
cp ../shared/corpus/tflite/*.tflite "$seeds/"
if [[ -x build/bin/sluicec && -x build/bin/sluice-translate ]]; then
  for f in examples/*.pbtxt; do
    build/bin/sluicec "$f" --emit=tflite -o "$seeds/$(basename "$f" .pbtxt).tflite" ||
      echo "warning: sluicec could not export $f" >&2
  done
  for f in examples/*_lite.mlir; do
    build/bin/sluice-translate --mlir-to-tflite "$f" \
      -o "$seeds/$(basename "$f" .mlir).tflite" ||
      echo "warning: sluice-translate could not export $f" >&2
  done
else
  echo "warning: no build/bin/sluicec; seeding from the corpus only" >&2
fi
# Test outputs, named after their directory so that cases do not collide.
if [[ -d build/test ]]; then
  while IFS= read -r -d '' f; do
    name=${f#build/test/}
    cp "$f" "$seeds/${name//\//_}"
  done < <(find build/test -name '*.tflite' -print0)
fi
echo "seeds: $(ls "$seeds" | wc -l) files; corpus: $(ls "$corpus" | wc -l) files"

before=$(ls "$findings" | wc -l)
# -jobs=1 -workers=1: one fuzzing process, logging to fuzz-0.log (which the
# parent echoes; that goes to fuzz.out, not the terminal).
log=$dir/fuzz-0.log
rm -f "$log"
echo "fuzzing for ${seconds}s (log: $log)"
(cd "$dir" && bin/sluice-fuzz-tflite corpus seeds -jobs=1 -workers=1 \
  -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
  -artifact_prefix=findings/ -print_final_stats=1 >fuzz.out 2>&1) || true

grep -E '^#[0-9]+' "$log" | tail -n 3 || true
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
units=$(sed -n 's/^stat::new_units_added: *//p' "$log" | tail -n 1)
rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -n 1)
echo "executions: ${execs:-?}, ${rate:-?} execs/s, ${units:-?} new units," \
  "peak RSS ${rss:-?} MB; corpus: $(ls "$corpus" | wc -l) files"
new=$(($(ls "$findings" | wc -l) - before))
if ((new > 0)); then
  echo "findings: $new new in $findings/:"
  ls -t "$findings" | head -n "$new"
  grep -E '==[0-9]+==ERROR|SUMMARY|runtime error|ALARM|out-of-memory' "$log" |
    head -n 10 || true
  exit 1
fi
echo "findings: none"
