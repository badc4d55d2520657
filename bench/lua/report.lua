-- Loaded by every bench/http_load.py script: counts the status of every response in each thread
-- and, when the run ends, prints the run as one JSON line (prefixed BENCH_JSON) that
-- bench/http_load.py reads. Latencies are in microseconds, as wrk keeps them.

local threads = {}

function setup(thread)
   table.insert(threads, thread)
   thread:set("thread_number", #threads) -- 1, 2, ...: seen by init() in that thread
end

statuses = {}

function response(status, headers, body)
   statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
   local counts = {}
   for _, thread in ipairs(threads) do
      for status, n in pairs(thread:get("statuses") or {}) do
         counts[status] = (counts[status] or 0) + n
      end
   end
   local seen = {}
   for status, n in pairs(counts) do
      seen[#seen + 1] = string.format('"%d": %d', status, n)
   end
   local e = summary.errors
   io.write(string.format(
      'BENCH_JSON {"requests": %d, "duration_us": %d, "bytes": %d, ' ..
      '"errors": {"connect": %d, "read": %d, "write": %d, "status": %d, "timeout": %d}, ' ..
      '"latency_us": {"p50": %d, "p90": %d, "p99": %d, "mean": %.1f, "max": %d}, ' ..
      '"statuses": {%s}}\n',
      summary.requests, summary.duration, summary.bytes,
      e.connect, e.read, e.write, e.status, e.timeout,
      latency:percentile(50), latency:percentile(90), latency:percentile(99),
      latency.mean, latency.max,
      table.concat(seen, ", ")))
end
