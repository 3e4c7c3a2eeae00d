#!/usr/bin/env bash
# The README's two commands.
#   utils/quickstart.sh demo   install, build, run the main job on the shipped examples
#   utils/quickstart.sh test   install, build, run every test suite
set -euo pipefail
cd "$(dirname "$0")/.."

case "${1:-}" in
demo)
  utils/setup.sh sluice-opt
  for example in examples/*.mlir; do
    echo "== sluice-opt $example (parsed, verified, printed)"
    build/bin/sluice-opt "$example"
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
