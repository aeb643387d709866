#!/usr/bin/env bash
# Fails when a source file cites "seed 00N" or "SPEC.md": names that mean nothing inside the
# repository. Cite a post by author, topic and year as README's Sources table lists it, and a
# fact by the file or README section that holds it. Dated reports under results/ are records
# of past runs and stay as written. Run by ctest (source_citations).
set -euo pipefail
cd "${1:-$(dirname "$0")/..}"
if grep -rnIE '[Ss]eed 00[0-9]|SPEC\.md|SPEC §' \
     --include='*.h' --include='*.cpp' --include='*.py' --include='*.sh' --include='*.md' \
     --include='*.txt' --include='*.cmake' --include='*.in' --include='CMakeLists.txt' \
     --exclude-dir='build*' --exclude-dir=.git --exclude=check_citations.sh . |
   grep -vE '^\./results/20[0-9]{2}-'; then
  echo "check_citations: cite the source by author and topic (README, Sources), not by seed or SPEC.md" >&2
  exit 1
fi
