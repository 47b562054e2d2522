-- wrk script: every request of every thread gets a URL of its own (a `miss` parameter, which the
-- API ignores), so that none is answered from the read cache: run.sh's "miss" rows.
local threads = 0

function setup(thread)
  threads = threads + 1
  thread:set("id", threads)
end

local n = 0

function request()
  n = n + 1
  local sep = wrk.path:find("?", 1, true) and "&" or "?"
  return wrk.format(nil, wrk.path .. sep .. "miss=" .. id .. "-" .. n)
end
