#!/usr/bin/env bash
# The test command as CI meets it on a machine whose caches are cold: a
# fresh clone of HEAD in DIR (default: ../cold-test, beside shared/ so the
# corpus tests run), run with an empty ccache and an empty pip cache (both
# in temporary directories: the user's are left alone) and without build*/
# or .venv, Debian's packages staying installed. Prints the run's stage
# table (bench/ci-time) and its wall time, and keeps DIR/build/stage-times.tsv.
#
#   utils/cold-test.sh [DIR]
# Exit status: that of `bash .ci/run`.
set -uo pipefail
cd "$(dirname "$0")/.."
dir=${1:-$(dirname "$PWD")/cold-test}
rm -rf "$dir"
git clone -q "$PWD" "$dir" || exit 1
caches=$(mktemp -d)
trap 'rm -rf "$caches"' EXIT
export CCACHE_DIR=$caches/ccache PIP_CACHE_DIR=$caches/pip npm_config_cache=$caches/npm
started=$SECONDS
(cd "$dir" && CI=true bash .ci/run </dev/null) >"$dir.log" 2>&1
status=$?
echo "cold test of $(git rev-parse --short HEAD) in $dir: exit $status, $((SECONDS - started)) s wall (log: $dir.log)"
tail -30 "$dir.log" | sed -n '/^== stage times/,$p'
exit $status
