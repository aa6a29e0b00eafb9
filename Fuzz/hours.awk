# Sums Fuzz/HOURS.md's run lines per target: CPU time, executions, the latest coverage and corpus.
$2 ~ /^ 20/ {
  t = $3; gsub(/ /, "", t)
  cpu[t] += $4; execs[t] += $5; cov[t] = $6 + 0; ft[t] = $7 + 0; corp[t] = $8 + 0
  if (!(t in seen)) { order[++n] = t; seen[t] = 1 }
}
END {
  printf "%-15s %9s %12s %6s %7s %7s\n", "target", "CPU h", "executions", "cov", "ft", "corpus"
  for (i = 1; i <= n; i++) {
    t = order[i]
    printf "%-15s %9.2f %12d %6d %7d %7d\n", t, cpu[t] / 3600, execs[t], cov[t], ft[t], corp[t]
  }
}
