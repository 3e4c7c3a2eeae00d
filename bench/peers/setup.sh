#!/usr/bin/env bash
# Installs bench/peers' environment: .venv-peers, Debian's python3 (the one
# the sluice Python package is built for) with utils/requirements.txt
# (TensorFlow, native LiteRT) and bench/peers/requirements.txt (tf2onnx,
# ONNX Runtime, OpenVINO, IREE's compiler, runtime and TFLite importer,
# matplotlib); again whenever either file changes. Then builds Sluice and its
# Python package (utils/setup.sh). Not part of the default test run.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash utils/setup.sh sluice-python sluice-run sluicec
venv=.venv-peers
stamp=$venv/.requirements
if [[ ! -f $stamp || utils/requirements.txt -nt $stamp ||
      bench/peers/requirements.txt -nt $stamp ]]; then
  echo "== creating $venv (pip install -r bench/peers/requirements.txt)"
  rm -rf "$venv"
  /usr/bin/python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check \
    -r utils/requirements.txt -r bench/peers/requirements.txt
  touch "$stamp"
fi
