# Reads `go tool pprof -traces` of the server's CPU profile and prints where a request's time
# went, by part: each sample goes to the part of the innermost frame that names one (so a
# middleware's part is its own work and what it calls, not the middleware after it).
#   go tool pprof -traces server cpu.pprof | awk -v requests=N -f bench/profile_parts.awk
function part(f) {
  if (f ~ /^syscall\.write$|^internal\/poll\.\(\*FD\)\.Write/) return "write syscalls"
  if (f ~ /^syscall\.read$|^internal\/poll\.\(\*FD\)\.Read/) return "read syscalls"
  if (f ~ /chunkWriter\)\.writeHeader|net\/http\.Header\.(writeSubset|sortedKeyValues|Clone)|keyValues/) return "net/http: header block"
  if (f ~ /net\/http\.(\(\*conn\)\.readRequest|readRequest)|net\/textproto\.\(\*Reader\)/) return "net/http: request parsing"
  if (f ~ /gcBgMarkWorker|runtime\.bgsweep|runtime\.bgscavenge|runtime\.gcAssist/) return "Go GC"
  if (f ~ /readcache\./) return "read cache: look-up and answer"
  if (f ~ /routes\.keyAuth|routes\.checkKey|hooks\/keys\./) return "key check"
  if (f ~ /keyRouteAuthToken/) return "pbLoadAuthToken (key routes)"
  if (f ~ /memberAccess|readerAccess|hooks\/members\./) return "member access"
  if (f ~ /routes\.cacheHeaders|routes\.varyAccept/) return "cache headers"
  if (f ~ /routes\.markdownOr|routes\.prefersMarkdown/) return "Markdown or JSON"
  if (f ~ /httpsOnly/) return "HTTPS check"
  if (f ~ /routes\.requestID/) return "request id, key redaction"
  if (f ~ /requestlog\./) return "request log (policy, rows)"
  if (f ~ /routes\.errorEnvelope/) return "error envelope"
  if (f ~ /refuseUncleanPaths|routes\.cleanPath/) return "clean path check"
  if (f ~ /metrics\./) return "metrics"
  if (f ~ /pocketbase\/apis\./) return "PocketBase's middlewares"
  if (f ~ /pocketbase\/tools\/hook\.|pocketbase\/tools\/router\./) return "PocketBase: hook chain, router"
  if (f ~ /^net\/http\./ && f !~ /^net\/http\.Header\./) return "net/http: other" # a Header's methods: their caller's
  return ""
}
function flush(   i, got) {
  if (!n) return
  got = ""
  for (i = 1; i <= n && got == ""; i++) got = part(fr[i])
  if (got == "") got = "other (scheduler, runtime)"
  sum[got] += v; total += v; n = 0
}
/^-+\+-+/ { flush(); next }
/^ +[0-9.]+(ms|s|us) / {
  v = $1; u = v; sub(/^[0-9.]+/, "", u); sub(/[a-z]+$/, "", v)
  v *= (u == "s" ? 1000 : (u == "us" ? 0.001 : 1)) # ms
  n = 1; fr[1] = $2; next
}
n > 0 && NF > 0 { fr[++n] = $1 }
END {
  flush()
  for (k in sum) printf "  %5.1f %%  %6.1f µs  %s\n", 100 * sum[k] / total, sum[k] * 1000 / requests, k | "sort -rn"
}
