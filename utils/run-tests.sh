#!/usr/bin/env bash
# Runs every test suite against an existing build/ and ends with the line
# "N passed, N failed" summed over all suites. Exit status: 0 iff all passed.
# Suites: lit (with the layering and docs checks and the e2e differentials),
# the GoogleTest binaries, the Python package's pytest suite (in .venv), the
# package installed by `pip install .` in a fresh venv (utils/test-wheel.sh), the
# TensorFlow-judged differential (test/tf), Sluice's reverse mode against
# tf.gradients (test/tf/grad_vs_tf.py), the external corpus in TensorFlow,
# the sanitizer run (utils/sanitize.sh: unit tests and lit under ASan and
# UBSan) and 60 s of each fuzzer (utils/fuzz.sh). SLUICE_SKIP_SANITIZERS=1
# leaves out the last three stages (the build of build-asan/, its tests, the
# fuzzers: about 17 minutes cold).
#
# Each stage's wall time goes to build/stage-times.tsv (utils/stages.sh) and
# the run ends with their table (bench/ci-time); a stage begun that reported
# no time fails the run. Under utils/quickstart.sh the setup's stages (packages,
# .venv, the build of build/) are in the table too.
set -uo pipefail
cd "$(dirname "$0")/.."
source utils/stages.sh
if [[ ${SLUICE_EXPECT_SETUP_STAGES:-0} != 1 ]]; then
  stages_reset
fi

passed=0
failed=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT

# count STATUS KIND: adds the passed and failed counts that the suite output
# in $log reports (read the way KIND prints them) to the totals; a suite
# that exited non-zero without reporting a failure counts as one failure.
count() {
  local status=$1 kind=$2 p f
  read -r p f < <(python3 - "$kind" "$log" <<'PY'
import re, sys
kind, text = sys.argv[1], open(sys.argv[2]).read()
def number(pattern, group=1):
    m = re.search(pattern, text, re.M)
    return int(m.group(group)) if m else 0
if kind == "lit":
    label = lambda l: number(r"^\s*" + l + r"\s*:\s*(\d+)")
    p = label("Passed") + label("Expectedly Failed")
    f = (label("Failed") + label("Unexpectedly Passed") + label("Unresolved")
         + label("Timed Out"))
elif kind == "gtest":
    p = number(r"^\[  PASSED  \] (\d+) test")
    f = number(r"^\[  FAILED  \] (\d+) test")
elif kind == "pytest":
    lines = text.splitlines()
    summary = next((l for l in reversed(lines)
                    if re.search(r"\d+ (passed|failed|error)", l)), "")
    pairs = re.findall(r"(\d+) (\w+)", summary)
    p = sum(int(n) for n, l in pairs if l in ("passed", "xfailed"))
    f = sum(int(n) for n, l in pairs if l in ("failed", "error", "errors", "xpassed"))
elif kind == "tf":
    # Each program once: agree or an expected diagnostic passes.
    p = (number(r"^tf differential: \d+ programs, (\d+) agree")
         + number(r"^tf differential: .*, (\d+) expected diagnostics"))
    f = number(r"^tf differential: .*, (\d+) failed")
elif kind == "grad-tf":
    # Each run of Sluice's reverse mode against TF's tf.gradients.
    p = number(r"^grad vs tf: \d+ runs, (\d+) agree")
    f = number(r"^grad vs tf: .*, (\d+) failed")
elif kind == "sanitize":
    # utils/sanitize.sh: GoogleTest binaries (brief) and lit, summed.
    p = sum(int(n) for n in re.findall(r"^\[  PASSED  \] (\d+) test", text, re.M))
    f = sum(int(n) for n in re.findall(r"^\[  FAILED  \] (\d+) test", text, re.M))
    label = lambda l: number(r"^\s*" + l + r"\s*:\s*(\d+)")
    p += label("Passed") + label("Expectedly Failed")
    f += (label("Failed") + label("Unexpectedly Passed") + label("Unresolved")
          + label("Timed Out"))
elif kind == "fuzz":
    # One line per fuzzer; it passes when it ran, saw coverage and found
    # nothing.
    lines = re.findall(r"^fuzz \S+: (\d+) runs in .*, coverage (\S+) .*findings (\d+)$",
                       text, re.M)
    p = sum(1 for r, c, n in lines if int(r) > 0 and c != "?" and int(n) == 0)
    f = len(lines) - p
elif kind == "wheel":
    # utils/test-wheel.sh: each check of the installed package.
    p = number(r"^wheel: (\d+) passed")
    f = number(r"^wheel: \d+ passed, (\d+) failed")
elif kind == "shared-tf":
    # Each run: agreement or a documented refusal passes.
    runs = number(r"^shared corpus in TF: (\d+) runs")
    f = number(r"^shared corpus in TF: .* (\d+) failed$")
    p = runs - f
print(p, f)
PY
  )
  passed=$((passed + p))
  failed=$((failed + f))
  if [[ $status -ne 0 && $f -eq 0 ]]; then failed=$((failed + 1)); fi
}

stage_begin "lit (check-sluice)"
ninja -C build >/dev/null || exit 1
/usr/lib/llvm-22/bin/lit -sv build/test | tee "$log"
count "${PIPESTATUS[0]}" lit
stage_end

stage_begin "unit tests (GoogleTest)"
for binary in build/unittests/*Tests; do
  [[ -x $binary ]] || continue
  "$binary" --gtest_color=no | tee "$log"
  count "${PIPESTATUS[0]}" gtest
done
stage_end

stage_begin "python package (pytest)"
# .venv's python (Debian's python3, for which CMake builds the package, with
# TensorFlow beside it); each pytest test counts.
PYTHONPATH=build/python PYTHONDONTWRITEBYTECODE=1 .venv/bin/python -m pytest \
  -q -p no:cacheprovider test/python 2>&1 | tee "$log"
count "${PIPESTATUS[0]}" pytest
stage_end

stage_begin "pip install . in a fresh venv (utils/test-wheel.sh)"
utils/test-wheel.sh 2>&1 | tee "$log"
count "${PIPESTATUS[0]}" wheel
stage_end

stage_begin "TensorFlow-judged differential (test/tf)"
# Every engine against TensorFlow's outputs on the TF-written corpus.
.venv/bin/python test/tf/tf_differential.py --bin build/bin --table | tee "$log"
count "${PIPESTATUS[0]}" tf
stage_end

stage_begin "reverse mode against tf.gradients (test/tf/grad_vs_tf.py)"
.venv/bin/python test/tf/grad_vs_tf.py --bin build/bin | tee "$log"
count "${PIPESTATUS[0]}" grad-tf
stage_end

stage_begin "the external corpus in TensorFlow (test/tf/shared_corpus_in_tf.py)"
# Each run of ../shared/corpus/graphdef (when present) in TF's session and in
# Sluice's executor.
.venv/bin/python test/tf/shared_corpus_in_tf.py --sluice-run build/bin/sluice-run \
  2>/dev/null | tee "$log"
count "${PIPESTATUS[0]}" shared-tf
stage_end

if [[ ${SLUICE_SKIP_SANITIZERS:-0} != 1 ]]; then
  stage_begin "sanitizers: build build-asan/ (utils/sanitize.sh --build-only)"
  utils/sanitize.sh --build-only 2>&1 | tee "$log"
  count "${PIPESTATUS[0]}" sanitize
  stage_end

  stage_begin "sanitizers: unit tests and lit under ASan + UBSan (utils/sanitize.sh)"
  SLUICE_SANITIZE_SKIP_BUILD=1 utils/sanitize.sh 2>&1 | tee "$log"
  count "${PIPESTATUS[0]}" sanitize
  stage_end

  stage_begin "fuzzing (utils/fuzz.sh: 60 s per fuzzer, one per core)"
  SLUICE_FUZZ_SKIP_BUILD=1 utils/fuzz.sh 60 2>&1 | tee "$log"
  count "${PIPESTATUS[0]}" fuzz
  stage_end
fi

# The stage table; every stage this run (and its setup) began must be in it.
mapfile -t expected <"$SLUICE_STAGE_TIMES.begun"
echo "== stage times ($SLUICE_STAGE_TIMES)"
if ! .venv/bin/python bench/ci-time "$SLUICE_STAGE_TIMES" --expect "${expected[@]}"; then
  failed=$((failed + 1))
fi

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
