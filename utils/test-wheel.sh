#!/usr/bin/env bash
# `pip install .` in a fresh virtual environment and `pip wheel .`, then
# checks the installed package there, away from the source tree's build/:
# the wheel's contents, the extension imports
# and runs natively, `python -m sluice` runs the tools it installed, a
# comparison finds TensorFlow in the source tree's .venv, and the pytest
# files on threads and comparison pass against the installed package.
# Prints one line per check and ends with
#     wheel: N passed, N failed
# pip builds in the test run's build/ (--config-settings build-dir=build,
# the one place CMake has compiled everything already) for the Python build/
# is configured for, Debian's /usr/bin/python3, which the fresh venv is made
# from; so nothing is compiled twice. A user's `pip install .` builds in
# build-wheel/ for the Python that runs pip (pyproject.toml). The pip cache
# keeps scikit-build-core and numpy.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
# Into build/, without scikit-build-core's Python hints (build/ keeps its
# own Python, /usr/bin/python3).
settings=(--config-settings=build-dir=build
          --config-settings=cmake.python-hints=false)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
check() {  # check NAME COMMAND...: runs COMMAND in $work, counts it
  local name=$1
  shift
  if (cd "$work" && "$@") >"$work/log" 2>&1; then
    passed=$((passed + 1))
    echo "ok: $name"
  else
    failed=$((failed + 1))
    echo "FAIL: $name"
    tail -20 "$work/log" | sed 's/^/    /'
  fi
}

venv=$work/venv
/usr/bin/python3 -m venv "$venv"
python=$venv/bin/python
start=$SECONDS
check "pip install . (fresh venv)" "$python" -m pip install -q \
  --disable-pip-version-check "${settings[@]}" "$root"
echo "   (installed in $((SECONDS - start)) s)"
start=$SECONDS
check "pip wheel . (the wheel, one command)" "$python" -m pip wheel -q \
  --disable-pip-version-check --no-deps "${settings[@]}" -w "$work/dist" "$root"
echo "   (built in $((SECONDS - start)) s)"
check "the wheel holds the extension, the tools and the runners" "$python" -c "
import glob, zipfile
names = zipfile.ZipFile(glob.glob('$work/dist/sluice-*.whl')[0]).namelist()
for want in ('sluice/__init__.py', 'sluice/__main__.py', 'sluice/bin/sluicec',
             'sluice/bin/sluice-run', 'sluice/engines/tensorflow_run.py',
             'sluice/engines/litert_native.py'):
    assert want in names, want
assert any(n.startswith('sluice/_sluice') and n.endswith('.so') for n in names), names"

check "the package is installed, not the build tree's" "$python" -c "
import sluice, sys
assert sluice.__file__.startswith(sys.prefix), sluice.__file__"

check "load, lift, run natively and export" "$python" -c "
import numpy as np, sluice
program = sluice.load('$root/examples/while_cond.pbtxt')
out = program.run({'n': np.array(7, dtype=np.int32)}, engine='native')
assert {k: v.item() for k, v in out.items()} == {'while/Exit': 7, 'while/Exit_1': 9}, out
assert program.to_tflite()[4:8] == b'TFL3'"

echo '{"n": 7}' >"$work/n7.json"
check "python -m sluice run" bash -c "
'$python' -m sluice run '$root/examples/while_cond.pbtxt' --inputs='$work/n7.json' |
  grep -q '\"data\":\[9\]'"
check "python -m sluice compile --emit=tflite" bash -c "
'$python' -m sluice compile '$root/examples/while_cond.pbtxt' --emit=tflite -o m.tflite &&
  test -s m.tflite"
check "the sluice command" bash -c "'$venv/bin/sluice' run --help | grep -q -- --compare"
check "python -m sluice with an unknown verb fails" bash -c "
! '$python' -m sluice frobnicate 2>err && grep -q 'unknown verb' err"

# TensorFlow is not in this venv: compare() finds it in the source tree's
# .venv (SLUICE_PYTHON), and runs the rest from the installed package.
check "compare from the installed package" env SLUICE_PYTHON="$root/.venv/bin/python" \
  "$python" -c "
import numpy as np, sluice
c = sluice.load('$root/examples/while_cond.pbtxt').compare(
    {'n': np.array(7, dtype=np.int32)}, engines='tensorflow,executor,native,litert')
print(c)
assert c.agrees and c.reference == 'tensorflow', c
assert [e['verdict'] for e in c.engines] == ['reference', 'agree', 'agree', 'agree']"

check "pip install pytest" "$python" -m pip install -q --disable-pip-version-check \
  pytest
check "pytest test_threads.py test_compare.py (installed package)" env \
  SLUICE_PYTHON="$root/.venv/bin/python" "$python" -m pytest -q -p no:cacheprovider \
  "$root/test/python/test_threads.py" "$root/test/python/test_compare.py"

# The wheel in the environment that holds TensorFlow (the source tree's
# .venv, the same Python): Sluice and TF in one process, both import
# orders, and TF's converter entry points.
check "the wheel beside TensorFlow (.venv): one process, either import order" bash -c "
'$root/.venv/bin/python' -m pip install -q --disable-pip-version-check --no-deps \
  --target '$work/with-tf' '$work'/dist/sluice-*.whl &&
PYTHONPATH='$work/with-tf' TF_CPP_MIN_LOG_LEVEL=2 '$root/.venv/bin/python' -m pytest -q \
  -p no:cacheprovider '$root/test/python/test_tensorflow_interop.py' \
  '$root/test/python/test_from_tensorflow.py' &&
PYTHONPATH='$work/with-tf' '$root/.venv/bin/python' -c '
import tensorflow, sluice
assert sluice.__file__.startswith(\"$work/with-tf\"), sluice.__file__'"

echo "wheel: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
