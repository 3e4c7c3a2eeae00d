#!/usr/bin/env bash
# Runs Sluice's libFuzzer targets (tools/sluice-fuzz), built with ASan and
# UBSan in build-asan/ (utils/sanitize.sh --build-only builds them), for
# SECONDS each, from the seeds test/fuzz/README.md lists.
#
#   utils/fuzz.sh [SECONDS] [TARGET...]   SECONDS: default 60; TARGET:
#                                         graphdef, tflite, inputs, mlir,
#                                         savedmodel (default: all five)
#
# Targets run side by side, one per core (SLUICE_FUZZ_JOBS=N for another
# count); a long campaign is the same command with more seconds:
#   SLUICE_FUZZ_JOBS=4 utils/fuzz.sh 1800
# Each target's corpus grows in build-asan/fuzz/TARGET/corpus (kept between
# runs); what it crashes, leaks or times out on lands in
# build-asan/fuzz/TARGET/findings/. One line per target:
#   fuzz TARGET: N runs in S s, coverage C (features F), corpus K, findings X
# (coverage: the edges libFuzzer's instrumentation saw, in Sluice's sources;
# S counts loading the seeds too).
# Exit status: 0 iff no target found anything.
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=(graphdef tflite inputs mlir savedmodel)

# SLUICE_FUZZ_SKIP_BUILD=1: build-asan/ is built already (several fuzz.sh
# running at once must not run ninja on it together).
if [[ ${SLUICE_FUZZ_SKIP_BUILD:-0} != 1 ]]; then
  utils/sanitize.sh --build-only || exit 1
fi
bin=build-asan/bin
export ASAN_OPTIONS=detect_leaks=1:allow_user_poisoning=0:strict_string_checks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export ASAN_SYMBOLIZER_PATH=/usr/lib/llvm-22/bin/llvm-symbolizer

# seeds TARGET DIR: copies the target's seeds from the repository into DIR.
seeds() {
  local target=$1 dir=$2 f
  mkdir -p "$dir"
  case $target in
  graphdef)
    # (the op cases: one graph per TF op the importer composes or maps)
    for f in examples/*.pbtxt test/Target/GraphDef/Inputs/*.pbtxt \
      test/tf/corpus/*/*.pbtxt test/tf/op_cases/ops_structured/*.pbtxt; do
      [[ $(stat -c %s "$f") -le 65536 ]] || continue
      local name
      name=$(echo "$f" | tr / _)
      cp "$f" "$dir/$name"
      protoc --encode=sluice.tf.GraphDef lib/Target/GraphDef/sluice_graph.proto \
        <"$f" >"$dir/${name%.pbtxt}.pb" 2>/dev/null || rm -f "$dir/${name%.pbtxt}.pb"
    done ;;
  savedmodel)
    # The first byte says which file the rest is (the target's header).
    for f in test/tf/saved_models/*/saved_model.pb; do
      { printf '\x00'; cat "$f"; } >"$dir/$(basename "$(dirname "$f")").pb"
    done
    for f in test/tf/saved_models/*/variables/variables.index; do
      { printf '\x01'; cat "$f"; } >"$dir/$(basename "$(dirname "$(dirname "$f")")").index"
    done
    ;;
  tflite)
    cp test/tf/tflite/*.tflite "$dir/"
    for f in test/e2e/programs/*.mlir examples/*.pbtxt; do
      "$bin/sluicec" "$f" --emit=tflite -o "$dir/$(basename "$f").tflite" \
        2>/dev/null || true
    done ;;
  inputs)
    find test examples -name '*.json' -size -4k -not -path '*/node_modules/*' |
      while read -r f; do cp "$f" "$dir/$(echo "$f" | tr / _)"; done ;;
  mlir)
    for f in test/e2e/programs/*.mlir examples/*.mlir test/Interpreter/*.mlir; do
      cp "$f" "$dir/$(echo "$f" | tr / _)"
    done ;;
  esac
  cp test/fuzz/"$target"/* "$dir/" 2>/dev/null || true
}

# fuzz_target TARGET: runs one fuzzer for $seconds, prints its summary line
# and returns non-zero when it found something or tested nothing.
fuzz_target() {
  local target=$1 binary=$bin/sluice-fuzz-$1 work=build-asan/fuzz/$1
  if [[ ! -x $binary ]]; then
    echo "fuzz $target: no $binary" >&2
    return 1
  fi
  mkdir -p "$work/corpus" "$work/findings"
  seeds "$target" "$work/seeds"
  local log=$work/last.log started=$SECONDS code
  "$binary" "$work/corpus" "$work/seeds" -max_total_time="$seconds" \
    -timeout=10 -rss_limit_mb=4096 -malloc_limit_mb=4096 \
    -artifact_prefix="$work/findings/" -print_final_stats=1 >"$log" 2>&1
  code=$?
  local elapsed=$((SECONDS - started)) runs done_line cov ft corpus findings
  # libFuzzer's log holds the inputs' bytes where it prints them: read it
  # as text (-a), or grep calls it binary and the figures are lost.
  runs=$(grep -ao 'stat::number_of_executed_units: [0-9]*' "$log" | grep -o '[0-9]*$')
  done_line=$(grep -aE '^#[0-9]+\s+DONE' "$log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' <<<"$done_line" | grep -o '[0-9]*')
  ft=$(grep -o 'ft: [0-9]*' <<<"$done_line" | grep -o '[0-9]*')
  corpus=$(find "$work/corpus" -type f | wc -l)
  findings=$(find "$work/findings" -type f | wc -l)
  echo "fuzz $target: ${runs:-0} runs in $elapsed s, coverage ${cov:-?} (features ${ft:-?}), corpus $corpus, findings $findings"
  if [[ $code -ne 0 || $findings -ne 0 ]]; then
    grep -aE 'ERROR|SUMMARY|==[0-9]+==|#[0-9]+ in ' "$log" | head -30 >&2
    return 1
  fi
  if [[ ${runs:-0} -eq 0 || -z $cov ]]; then
    # A fuzzer that ran nothing, or whose log says nothing of it, tested
    # nothing: that fails like a finding.
    echo "fuzz $target: no runs or no coverage in $log" >&2
    return 1
  fi
}

# One fuzzer per core at a time (SLUICE_FUZZ_JOBS, default nproc): each gets
# its whole SECONDS of a core, and four take two minutes on two cores.
jobs=${SLUICE_FUZZ_JOBS:-$(nproc)}
status=0
running=()
for target in "${targets[@]}"; do
  if ((${#running[@]} >= jobs)); then
    wait "${running[0]}" || status=1
    running=("${running[@]:1}")
  fi
  fuzz_target "$target" &
  running+=($!)
done
for pid in "${running[@]}"; do
  wait "$pid" || status=1
done
exit $status
