#!/usr/bin/env bash
# Newsletter send speed and memory: 10,000 confirmed subscribers mailed through the real server
# to a local SMTP sink, against a bare sender (go-mail's SMTP client sending the server's own
# message from memory over as many connections); then the server's peak RSS over a send to
# 100,000 subscribers. Targets: >= 500 msg/s, >= 0.5 x bare, <= 150 MiB.
#   bench/newsletter.sh [SUBSCRIBERS=10000] [BIG=100000] [CONCURRENCY=8]
source "$(dirname "$0")/lib.sh"
n=${1:-10000}
big=${2:-100000}
conc=${3:-8}
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port=$(free_port)
sink_port=$(free_port)

build_server
go build -o "$work/nlbench" ./bench/newsletterbench
"$work/nlbench" sink "127.0.0.1:$sink_port" "$work/count" &
cca migrate up >/dev/null

# seed N subscribers, reader<from>..reader<to-1>, straight into data.db
seed() {
  sqlite3 "$data/data.db" "WITH RECURSIVE i(x) AS (SELECT $1 UNION ALL SELECT x + 1 FROM i WHERE x < $2 - 1)
    INSERT INTO newsletter_subscribers (id, email, status, confirmed, unsubscribe_token, created, updated)
    SELECT printf('s%014d', x), printf('reader%d@example.org', x), 'confirmed', 1, lower(hex(randomblob(16))),
      strftime('%Y-%m-%d %H:%M:%fZ'), strftime('%Y-%m-%d %H:%M:%fZ') FROM i;"
}
seed 0 "$n"

serve() {
  start_server "$port" --rate-limits=off --newsletter-smtp="smtp://127.0.0.1:$sink_port" \
    --newsletter-rate=1000000 --newsletter-concurrency="$conc"
}
serve
base="http://127.0.0.1:$port"
token=$(owner_token "$base")
api() { curl -fs -X "$1" "$base$2" -H "Authorization: $token" -H 'Content-Type: application/json' ${3:+-d "$3"}; }
api PATCH /api/settings '{"meta":{"appName":"Bench Notes","appURL":"https://api.example.com","senderName":"Bench","senderAddress":"news@example.com"}}' >/dev/null
post=$(api POST /api/collections/posts/records '{"title":"A bench letter","visibility":"public","content":"<p>Some <b>words</b> and <a href=\"/about\">a link</a>, as a real post has.</p>"}' | sed 's/.*"id":"\([^"]*\)".*/\1/')

# send [resend] queues the post and waits until the send is finished; prints its status
send() {
  local id
  id=$(api POST /api/admin/newsletters "{\"post\":\"$post\"${1:+,\"resend\":true}}" | sed 's/.*"id":"\([^"]*\)".*/\1/')
  for _ in $(seq 6000); do # 20 minutes at most
    status=$(api GET "/api/admin/newsletters/$id")
    case "$status" in *'"state":"finished"'*) break ;; esac
    sleep 0.2
  done
  echo "$status"
}
status=$(send)
ours=$(echo "$status" | sed 's/.*"rate":\([0-9.]*\).*/\1/')
echo "ours: $n messages: $(printf '%.0f' "$ours") msg/s ($status)"

bare=$("$work/nlbench" bare "127.0.0.1:$sink_port" "$work/count.eml" "$n" "$conc")
echo "bare: $n messages of $(wc -c <"$work/count.eml") bytes over $conc connections: $bare msg/s"
echo "ratio ours/bare: $(awk -v a="$ours" -v b="$bare" 'BEGIN { printf "%.2f", a / b }')"

# peak RSS over a send to BIG subscribers, on a fresh process
stop_server
seed "$n" "$big"
serve
token=$(owner_token "$base")
status=$(send resend)
rss=$(awk '/VmHWM/ { printf "%.1f", $2 / 1024 }' "/proc/$server/status")
echo "$big subscribers: $(echo "$status" | sed 's/.*"rate":\([0-9.]*\).*/\1/' | xargs printf '%.0f') msg/s, peak RSS ${rss} MiB"
