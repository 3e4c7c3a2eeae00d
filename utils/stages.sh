# Stage times of the test command, sourced by utils/setup.sh and
# utils/run-tests.sh. Each stage's wall time is appended to
# $SLUICE_STAGE_TIMES (default build/stage-times.tsv) as a line
#     NAME<TAB>SECONDS
# and bench/ci-time prints the table. Each stage begun is also listed in
# $SLUICE_STAGE_TIMES.begun; utils/run-tests.sh fails the run when a stage
# begun has no time.
#
#   stage_begin NAME    prints "== NAME", lists NAME as begun, starts the clock
#   stage_end           appends NAME's time
#   stages_reset        forgets every stage (the start of a run)
: "${SLUICE_STAGE_TIMES:=build/stage-times.tsv}"
export SLUICE_STAGE_TIMES

stages_reset() {
  rm -f "$SLUICE_STAGE_TIMES" "$SLUICE_STAGE_TIMES.begun"
}

stage_begin() {
  mkdir -p "$(dirname "$SLUICE_STAGE_TIMES")"
  printf '%s\n' "$1" >>"$SLUICE_STAGE_TIMES.begun"
  stage_name=$1
  stage_started=$EPOCHREALTIME
  echo "== $1"
}

stage_end() {
  awk -v name="$stage_name" -v from="$stage_started" -v to="$EPOCHREALTIME" \
    'BEGIN { printf "%s\t%.1f\n", name, to - from }' >>"$SLUICE_STAGE_TIMES"
}
