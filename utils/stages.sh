# Stage times of the test command, sourced by utils/setup.sh and
# utils/run-tests.sh. Each stage's wall time is appended to
# $SLUICE_STAGE_TIMES (default build/stage-times.tsv) as a line
#     NAME<TAB>SECONDS
# and bench/ci-time prints the table; utils/run-tests.sh fails the run when
# a stage it expects has no line.
#
#   stage_begin NAME    prints "== NAME" and starts the clock
#   stage_end           appends NAME's time
: "${SLUICE_STAGE_TIMES:=build/stage-times.tsv}"
export SLUICE_STAGE_TIMES

stage_begin() {
  stage_name=$1
  stage_started=$EPOCHREALTIME
  echo "== $1"
}

stage_end() {
  mkdir -p "$(dirname "$SLUICE_STAGE_TIMES")"
  awk -v name="$stage_name" -v from="$stage_started" -v to="$EPOCHREALTIME" \
    'BEGIN { printf "%s\t%.1f\n", name, to - from }' >>"$SLUICE_STAGE_TIMES"
}
