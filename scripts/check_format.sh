#!/usr/bin/env bash
# Fails when a C++ file (*.h, *.cpp) is not formatted as the root .clang-format says (clang-format
# 14, Debian's clang-format package), naming each such file; results/ (records of past runs) and
# the fuzz corpora stay as written. The files are git's tracked ones, or without git every such
# file outside build trees. Run by scripts/test.sh before it builds and by ctest
# (source_format). Fix: clang-format -i <file>. Usage: check_format.sh [root].
set -euo pipefail
cd "${1:-$(dirname "$0")/..}"
format=$(command -v clang-format-14 || command -v clang-format || true)
if [ -z "$format" ]; then
  echo "check_format: clang-format not found (apt-get install clang-format)" >&2
  exit 1
fi
version=$("$format" --version | sed 's/.*version /clang-format /')
case "$version" in
  "clang-format 14."*) ;;
  *) echo "check_format: warning: $version, the tree is formatted by clang-format 14" >&2 ;;
esac
files=()
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -d '' files < <(git ls-files -z -- '*.h' '*.cpp' ':!:results/' ':!:tests/fuzz/corpus/')
else
  mapfile -d '' files < <(find . \( -type d \( -name 'build*' -o -name .git \) -o -path ./results -o -path ./tests/fuzz/corpus \) \
                                 -prune -o -type f \( -name '*.h' -o -name '*.cpp' \) -print0 | sort -z)
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
[ ${#files[@]} -eq 0 ] || "$format" --dry-run --Werror "${files[@]}" 2>"$log" || status=$?
bad=$(grep -oE '^[^ :]+:[0-9]+:[0-9]+: error' "$log" | cut -d: -f1 | sort -u || true)
if [ "$status" -ne 0 ] || [ -n "$bad" ]; then
  head -n 40 "$log" >&2
  echo "check_format: not formatted by $version:" >&2
  [ -n "$bad" ] && printf '  %s\n' $bad >&2
  echo "check_format: fix with clang-format -i <file>" >&2
  exit 1
fi
echo "check_format: ${#files[@]} files formatted ($version)"
