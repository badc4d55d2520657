-- Hand entry: wrk -t N -c N -s hand.lua URL -- TOKEN GAME_1,GAME_2,...,GAME_N
-- One connection per thread, each thread owns one in-progress game (its thread_number-th id)
-- and PUTs hand 1, 2, 3, ... of it, one request after another: every request is a new hand.
-- The hand number moves on when the previous one was stored (2xx): wrk calls request() once
-- more than it sends (to check the script), and a failed hand is retried rather than skipped.
-- The points vary from hand to hand; each row is a valid hand of the standard deck (26
-- points, the Q♠'s 13 within one seat, no moon).

dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "report.lua")

local POINTS = {
   {13, 5, 4, 4},
   {4, 16, 3, 3},
   {2, 6, 18, 0},
   {1, 2, 3, 20},
   {0, 13, 0, 13},
   {7, 1, 13, 5},
}

local token, game, stored, sending

function init(args)
   token = args[1]
   local games = {}
   for id in string.gmatch(args[2], "%d+") do
      games[#games + 1] = id
   end
   game = assert(games[thread_number], "fewer games than threads")
   stored = 0
end

local count_status = response

function response(status, headers, body)
   count_status(status, headers, body)
   if status >= 200 and status < 300 then
      stored = sending
   end
end

function request()
   sending = stored + 1
   local number = sending
   local p = POINTS[(number - 1) % #POINTS + 1]
   return wrk.format(
      "PUT",
      "/api/v1/games/" .. game .. "/hands/" .. number .. "/",
      {
         ["Authorization"] = "Token " .. token,
         ["Content-Type"] = "application/json",
      },
      string.format('{"points": [%d, %d, %d, %d]}', p[1], p[2], p[3], p[4])
   )
end
