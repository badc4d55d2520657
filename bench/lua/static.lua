-- The same request every time: wrk -s static.lua URL -- METHOD [BODY_FILE]
-- Headers come from wrk's -H options (Content-Type, If-None-Match, ...).

dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "report.lua")

function init(args)
   wrk.method = args[1] or "GET"
   if args[2] and args[2] ~= "" then
      local file = assert(io.open(args[2], "rb"))
      wrk.body = file:read("*a")
      file:close()
   end
end
