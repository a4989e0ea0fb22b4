#!/usr/bin/env bash
# Diffs a server's tool contract on a base ref (the main branch) with the working tree (the
# change under review), with `agent-input diff`, and prints its report. Two forms:
#
#   contract-diff.sh BASE_REF PATH [DIFF OPTIONS...]
#       PATH is the contract as the repository keeps it: a saved tools/list (tools.json), a
#       tool spec, or a directory of specs. The base's copy is taken with `git archive`.
#   contract-diff.sh BASE_REF --server "COMMAND" [DIFF OPTIONS...]
#       the server itself: COMMAND starts it on stdio in a worktree of BASE_REF and in the
#       working tree, and the two live listings are compared.
#
# DIFF OPTIONS go to `agent-input diff` (--format markdown, --accept FILE, --fail-on LEVEL, ...);
# its exit status is the script's (0 clean, 1 warnings, 3 breaking, 2 misuse, 4 unreachable).
# AGENT_INPUT names the binary (default: agent-input on PATH).
set -euo pipefail

if [ $# -lt 2 ]; then
    echo "usage: contract-diff.sh BASE_REF (PATH | --server COMMAND) [DIFF OPTIONS...]" >&2
    exit 2
fi
base="$1"
shift
bin="${AGENT_INPUT:-agent-input}"
root="$(git rev-parse --show-toplevel)"
old="$(mktemp -d)"
cleanup() {
    git -C "${root}" worktree remove --force "${old}/tree" >/dev/null 2>&1 || true
    rm -rf "${old}"
}
trap cleanup EXIT

if [ "$1" = "--server" ]; then
    command="$2"
    shift 2
    git -C "${root}" worktree add --detach --quiet "${old}/tree" "${base}"
    "${bin}" diff --old-server "cd '${old}/tree/${PWD#"${root}"}' && ${command}" --server "${command}" "$@"
else
    path="$1"
    shift
    prefix="$(git rev-parse --show-prefix)"
    git -C "${root}" archive "${base}" -- "${prefix}${path}" | tar -x -C "${old}"
    "${bin}" diff "${old}/${prefix}${path}" "${path}" "$@"
fi
