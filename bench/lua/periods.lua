-- The whole league's table for a different period each request, so that no cache of a table can
-- answer one: wrk -t N -c N -s periods.lua URL -- FIRST_DAY DAYS START N
-- URL is the table's (/api/v1/leagues/ID/standings/); FIRST_DAY (YYYY-MM-DD) is the day of the
-- league's first finished game and DAYS the number of days to its last one. Request k asks for
-- ?as_of=FIRST_DAY + DAYS + k days: a day after the last game, so every table is the whole
-- league, and every period is new. Thread t makes requests k = START + t - 1, START + t - 1 + N,
-- ..., so no two threads ask for the same day; a run given another START (the caller leaves
-- room enough between them) asks for none of the periods of this one.

dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "report.lua")

local path, year, month, day, days, index, stride

function init(args)
   local y, m, d = string.match(args[1] or "", "^(%d+)-(%d+)-(%d+)$")
   year, month, day = assert(tonumber(y), "FIRST_DAY is YYYY-MM-DD"), tonumber(m), tonumber(d)
   days = assert(tonumber(args[2]), "DAYS is a number")
   index = assert(tonumber(args[3]), "START is a number") + thread_number - 1
   stride = assert(tonumber(args[4]), "N is a number")
   path = wrk.path
end

-- FIRST_DAY + offset days, as YYYY-MM-DD (at noon, so that a change of summer time never moves
-- the day; os.time normalises a day of the month out of range).
local function day_after(offset)
   return os.date("%Y-%m-%d", os.time({year = year, month = month, day = day + offset, hour = 12}))
end

function request()
   local k = index
   index = index + stride
   return wrk.format("GET", path .. "?as_of=" .. day_after(days + k))
end
