#!/usr/bin/env bash
# The README's two commands.
#   utils/quickstart.sh demo   install, build, check and run the shipped examples
#   utils/quickstart.sh test   install, build, run every test suite
set -euo pipefail
cd "$(dirname "$0")/.."

case "${1:-}" in
demo)
  utils/setup.sh sluice-opt sluice-run
  for example in examples/*.mlir; do
    echo "== sluice-opt $example (parsed, verified, printed)"
    build/bin/sluice-opt "$example"
    echo "== sluice-run $example (reference interpreter)"
    build/bin/sluice-run "$example"
  done
  ;;
test)
  utils/setup.sh
  utils/run-tests.sh
  ;;
*)
  echo "usage: $0 demo|test" >&2
  exit 2
  ;;
esac
