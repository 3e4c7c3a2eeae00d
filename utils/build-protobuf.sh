#!/usr/bin/env bash
# Builds the protobuf runtime Sluice links: libprotobuf from Debian 12's own
# source package (the version of Debian's protoc, which generates Sluice's
# code), as a static, position-independent library whose symbols are hidden.
#
# Why not Debian's libprotobuf: its shared library exports its symbols, and
# TensorFlow's libraries export their own protobuf (another version) into the
# process; whichever loads first serves both, so `import tensorflow; import
# sluice` aborted in Sluice's descriptor registration running on TF's
# runtime. Debian's libprotobuf.a is not position-independent and cannot go
# into the Python extension. Linked statically with hidden symbols, Sluice's
# protobuf is its own: it neither binds to TF's nor serves TF.
#
# Installs into .deps/protobuf (CMake finds it there, CMakeLists.txt); does
# nothing when the installed version is Debian's current one. Needs the
# source entries of Debian's archive (added here when missing).
#
# usage: utils/build-protobuf.sh
set -euo pipefail
cd "$(dirname "$0")/.."

version=$(dpkg-query -W -f='${Version}' libprotobuf-dev)
prefix=$PWD/.deps/protobuf
if [[ -f $prefix/.version && $(cat "$prefix/.version") == "$version" ]]; then
  exit 0
fi

if ! grep -rqs "^Types: *deb-src" /etc/apt/sources.list.d/ &&
   ! grep -qs "^deb-src" /etc/apt/sources.list; then
  echo "== adding Debian's source entries (/etc/apt/sources.list.d/debian-src.sources)"
  sed 's/^Types: *deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources \
    >/etc/apt/sources.list.d/debian-src.sources
  apt-get update -qq
fi
command -v dpkg-source >/dev/null || apt-get install -y -qq --no-install-recommends dpkg-dev >/dev/null

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "== building protobuf $version (static, PIC, hidden symbols) into .deps/protobuf"
(cd "$work" && apt-get source -qq --download-only "protobuf=$version" >/dev/null 2>&1 &&
  dpkg-source -x --no-check ./*.dsc src >/dev/null)
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -G Ninja -S "$work/src" -B "$work/build" \
  -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 "${launcher[@]}" \
  -DCMAKE_INSTALL_PREFIX="$prefix" \
  -DCMAKE_POSITION_INDEPENDENT_CODE=ON \
  -DCMAKE_CXX_VISIBILITY_PRESET=hidden -DCMAKE_VISIBILITY_INLINES_HIDDEN=ON \
  -Dprotobuf_BUILD_SHARED_LIBS=OFF -Dprotobuf_BUILD_TESTS=OFF \
  -Dprotobuf_BUILD_PROTOC_BINARIES=OFF -Dprotobuf_WITH_ZLIB=OFF >/dev/null
rm -rf "$prefix"
ninja -C "$work/build" install >/dev/null
echo "$version" >"$prefix/.version"
