#!/usr/bin/env bash
# ab.sh A B [ROUNDS]: harness binaries A and B alternating, ROUNDS processes each (default 8);
# each process reports the minimum of 300 start d4 and 200 matsuri d3 perfts. Prints each
# binary's minimum over the processes and every process's figure.
set -euo pipefail
for _ in $(seq "${3:-8}"); do
  for h in "$1" "$2"; do
    echo "$h $("$h" start 4 300 | awk '{print $4}') $("$h" matsuri 3 200 | awk '{print $4}')"
  done
done | awk '{s[$1] = s[$1] " " $2; m[$1] = m[$1] " " $3
             if (!($1 in a) || $2 < a[$1]) a[$1] = $2
             if (!($1 in b) || $3 < b[$1]) b[$1] = $3}
            END {for (k in s) print k, "start d4 min", a[k], "ms, matsuri d3 min", b[k], "ms |" s[k], "|" m[k]}'
