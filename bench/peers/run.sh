#!/usr/bin/env bash
# One command for bench/peers: installs what is missing (setup.sh), runs every
# system on every program and writes docs/peers.md with its tables and
# docs/images/peers-speedup.png. Extra arguments go to peers.py (--filter,
# --systems, --timeout, ...).
set -euo pipefail
cd "$(dirname "$0")/../.."
bash bench/peers/setup.sh
exec .venv-peers/bin/python bench/peers/peers.py --docs "$@"
