#!/usr/bin/env bash
# Runs every test suite against an existing build/ and ends with the line
# "N passed, N failed" summed over all suites. Exit status: 0 iff all passed.
set -uo pipefail
cd "$(dirname "$0")/.."

passed=0
failed=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT

echo "== lit (check-sluice)"
ninja -C build >/dev/null || exit 1
/usr/lib/llvm-22/bin/lit -sv build/test | tee "$log"
lit_status=${PIPESTATUS[0]}
read -r p f < <(python3 - "$log" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
def count(label):
    m = re.search(r"^\s*" + label + r"\s*:\s*(\d+)", text, re.M)
    return int(m.group(1)) if m else 0
passed = count("Passed") + count("Expectedly Failed")
failed = (count("Failed") + count("Unexpectedly Passed") + count("Unresolved")
          + count("Timed Out"))
print(passed, failed)
PY
)
passed=$((passed + p))
failed=$((failed + f))
if [[ $lit_status -ne 0 && $f -eq 0 ]]; then failed=$((failed + 1)); fi

echo "== unit tests (GoogleTest)"
for binary in build/unittests/*Tests; do
  [[ -x $binary ]] || continue
  "$binary" --gtest_color=no | tee "$log"
  status=${PIPESTATUS[0]}
  read -r p f < <(python3 - "$log" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
p = re.search(r"^\[  PASSED  \] (\d+) test", text, re.M)
f = re.search(r"^\[  FAILED  \] (\d+) test", text, re.M)
print(int(p.group(1)) if p else 0, int(f.group(1)) if f else 0)
PY
)
  passed=$((passed + p))
  failed=$((failed + f))
  if [[ $status -ne 0 && $f -eq 0 ]]; then failed=$((failed + 1)); fi
done

echo "== python package (pytest)"
# .venv's python (Debian's python3, for which CMake builds the package, with
# TensorFlow beside it); each pytest test counts.
PYTHONPATH=build/python PYTHONDONTWRITEBYTECODE=1 .venv/bin/python -m pytest \
  -q -p no:cacheprovider test/python 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
read -r p f < <(python3 - "$log" <<'PY'
import re, sys
lines = open(sys.argv[1]).read().splitlines()
summary = next((l for l in reversed(lines) if re.search(r"\d+ (passed|failed|error)", l)), "")
def count(*labels):
    return sum(int(n) for n, label in re.findall(r"(\d+) (\w+)", summary) if label in labels)
print(count("passed", "xfailed"), count("failed", "error", "errors", "xpassed"))
PY
)
passed=$((passed + p))
failed=$((failed + f))
if [[ $status -ne 0 && $f -eq 0 ]]; then failed=$((failed + 1)); fi

echo "== TensorFlow-judged differential (test/tf)"
# Every engine against TensorFlow's outputs on the TF-written corpus; each
# program counts once (agree or expected diagnostic: passed).
.venv/bin/python test/tf/tf_differential.py --bin build/bin --table | tee "$log"
status=${PIPESTATUS[0]}
read -r p f < <(python3 - "$log" <<'PY'
import re, sys
m = re.search(r"^tf differential: (\d+) programs, (\d+) agree, (\d+) expected diagnostics, "
              r"(\d+) failed", open(sys.argv[1]).read(), re.M)
print(int(m.group(2)) + int(m.group(3)), int(m.group(4))) if m else print(0, 0)
PY
)
passed=$((passed + p))
failed=$((failed + f))
if [[ $status -ne 0 && $f -eq 0 ]]; then failed=$((failed + 1)); fi

echo "== the external corpus in TensorFlow (test/tf/shared_corpus_in_tf.py)"
# Each run of ../shared/corpus/graphdef (when present) in TF's session and in
# Sluice's executor; each run counts (agree or a documented refusal: passed).
.venv/bin/python test/tf/shared_corpus_in_tf.py --sluice-run build/bin/sluice-run \
  2>/dev/null | tee "$log"
status=${PIPESTATUS[0]}
read -r p f < <(python3 - "$log" <<'PY'
import re, sys
m = re.search(r"^shared corpus in TF: (\d+) runs, .* (\d+) failed$", open(sys.argv[1]).read(), re.M)
print(int(m.group(1)) - int(m.group(2)), int(m.group(2))) if m else print(0, 0)
PY
)
passed=$((passed + p))
failed=$((failed + f))
if [[ $status -ne 0 && $f -eq 0 ]]; then failed=$((failed + 1)); fi

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
