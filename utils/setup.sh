#!/usr/bin/env bash
# Installs what Sluice needs from Debian 12's packages (only what is missing),
# creates the Python virtual environment .venv (TensorFlow, native LiteRT,
# pinned in utils/requirements.txt) and Sluice's protobuf runtime
# (utils/build-protobuf.sh), then configures and builds Sluice into build/.
# Run as root on a fresh machine; safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."
source utils/stages.sh

packages=(
  cmake ninja-build ccache clang-22 lld-22
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
  libflatbuffers-dev flatbuffers-compiler
  # protoc; libprotobuf-dev's version names the source package
  # utils/build-protobuf.sh builds Sluice's static runtime from
  libprotobuf-dev protobuf-compiler dpkg-dev
  pybind11-dev python3-dev python3-numpy python3-pytest python3-venv
  libgtest-dev libclang-rt-22-dev
  # dot: sluicec --emit=svg|png, Program.to_svg()
  graphviz
  # mpirun and MPI: distributed runs (sluice-run --distributed)
  openmpi-bin libopenmpi-dev
  # native code for other machines (sluicec --target-triple), run under
  # qemu-user by test/e2e/cross-differential.test
  gcc-aarch64-linux-gnu gcc-arm-linux-gnueabihf gcc-riscv64-linux-gnu
  # their C libraries (only recommended by the compilers, and recommends
  # are not installed here): the harness includes <math.h>
  libc6-dev-arm64-cross libc6-dev-armhf-cross libc6-dev-riscv64-cross
  qemu-user-static
)
stage_begin "setup: Debian packages"
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$p")
done
# Node.js runs the e2e tests' LiteRT harness (test/e2e/litert).
command -v node >/dev/null || missing+=(nodejs npm)
if ((${#missing[@]})); then
  echo "== installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
stage_end

stage_begin "setup: npm and .venv"
# The harness's pinned @litertjs/core, again whenever package-lock.json changes.
litert=test/e2e/litert
if [[ ! -f $litert/node_modules/.package-lock.json ||
      $litert/package-lock.json -nt $litert/node_modules/.package-lock.json ]]; then
  echo "== installing $litert/node_modules (npm ci)"
  npm ci --prefix "$litert" --no-audit --no-fund >/dev/null
fi

# .venv: Debian's python3 (the interpreter the Python package is built for)
# with TensorFlow, ai-edge-litert and the rest of utils/requirements.txt;
# again whenever the requirements change. tf-keras (TF1's RNN cells, used by
# test/tf/gen_corpus.py) depends on the GPU 'tensorflow' package, which
# would replace tensorflow-cpu: it is installed without its dependencies.
if [[ ! -f .venv/.requirements || utils/requirements.txt -nt .venv/.requirements ]]; then
  echo "== creating .venv (pip install -r utils/requirements.txt)"
  rm -rf .venv
  /usr/bin/python3 -m venv .venv
  .venv/bin/pip install -q --disable-pip-version-check -r utils/requirements.txt
  .venv/bin/pip install -q --disable-pip-version-check --no-deps tf-keras==2.21.0
  cp utils/requirements.txt .venv/.requirements
fi
stage_end

stage_begin "setup: protobuf runtime (.deps/protobuf)"
utils/build-protobuf.sh
stage_end

stage_begin "setup: build/"
if [[ ! -f build/build.ninja ]]; then
  echo "== configuring build/"
  cmake -G Ninja -S . -B build \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DLLVM_USE_LINKER=lld-22 >/dev/null
fi
ninja -C build "$@"
stage_end
