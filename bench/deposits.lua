-- wrk script: POST deposits spread over the players listed in PLAYERS (comma separated),
-- each with a unique idempotency key.
local players = {}
for p in string.gmatch(os.getenv("PLAYERS") or "", "([^,]+)") do players[#players + 1] = p end
local key = os.getenv("KEY") or ""
local run = os.getenv("RUN") or tostring(os.time())
local counter = 0
local thread_id = 0
local threads = {}

function setup(thread)
  thread:set("tid", #threads)
  table.insert(threads, thread)
end

function init(args)
  thread_id = tid or 0
end

function request()
  counter = counter + 1
  local player = players[(counter % #players) + 1]
  local body = '{"amount_cents": 100, "idempotency_key": "' .. run .. '-' .. thread_id .. '-' .. counter .. '"}'
  return wrk.format("POST", "/players/" .. player .. "/deposits",
    {["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. key}, body)
end
