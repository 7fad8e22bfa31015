-- Timing workload for the Lua interpreter (bench/fdo.sh): programs the
-- training run (train.lua) does not contain.
local N = tonumber(arg and arg[1]) or 1

-- n-body style floating point on tables with string keys
local function nbody(steps)
  local bodies = {}
  for i = 1, 5 do
    bodies[i] = { x = i, y = 2 * i, z = 0.5 * i, vx = 0, vy = 0, vz = 0, mass = 1 + i / 10 }
  end
  for _ = 1, steps do
    for i = 1, #bodies do
      local bi = bodies[i]
      for j = i + 1, #bodies do
        local bj = bodies[j]
        local dx, dy, dz = bi.x - bj.x, bi.y - bj.y, bi.z - bj.z
        local d2 = dx * dx + dy * dy + dz * dz + 0.01
        local mag = 0.01 / (d2 * math.sqrt(d2))
        bi.vx = bi.vx - dx * bj.mass * mag; bj.vx = bj.vx + dx * bi.mass * mag
        bi.vy = bi.vy - dy * bj.mass * mag; bj.vy = bj.vy + dy * bi.mass * mag
        bi.vz = bi.vz - dz * bj.mass * mag; bj.vz = bj.vz + dz * bi.mass * mag
      end
    end
    for i = 1, #bodies do
      local b = bodies[i]
      b.x = b.x + 0.01 * b.vx; b.y = b.y + 0.01 * b.vy; b.z = b.z + 0.01 * b.vz
    end
  end
  return math.floor(bodies[1].x * 1000)
end

-- fannkuch: small integer arrays, tight loops
local function fannkuch(n)
  local perm, perm1, count = {}, {}, {}
  local maxflips, checksum, r, sign = 0, 0, n, 1
  for i = 0, n - 1 do perm1[i] = i end
  while true do
    while r ~= 1 do count[r - 1] = r; r = r - 1 end
    for i = 0, n - 1 do perm[i] = perm1[i] end
    local flips = 0
    local k = perm[0]
    while k ~= 0 do
      local i, j = 0, k
      while i < j do perm[i], perm[j] = perm[j], perm[i]; i = i + 1; j = j - 1 end
      flips = flips + 1
      k = perm[0]
    end
    if flips > maxflips then maxflips = flips end
    checksum = checksum + sign * flips
    sign = -sign
    while true do
      if r == n then return checksum * 100 + maxflips end
      local p0 = perm1[0]
      for i = 0, r - 1 do perm1[i] = perm1[i + 1] end
      perm1[r] = p0
      count[r] = count[r] - 1
      if count[r] > 0 then break end
      r = r + 1
    end
  end
end

-- object-style method calls through metatables
local function objects(n)
  local Point = {}
  Point.__index = Point
  function Point.new(x, y) return setmetatable({ x = x, y = y }, Point) end
  function Point:add(o) return Point.new(self.x + o.x, self.y + o.y) end
  function Point:norm1() return math.abs(self.x) + math.abs(self.y) end
  local p = Point.new(0, 0)
  local q = Point.new(1, -2)
  local s = 0
  for i = 1, n do
    p = p:add(q)
    if i % 3 == 0 then s = s + p:norm1() % 7 end
  end
  return s
end

-- string building and pattern substitution
local function textwork(n)
  local buf = {}
  for i = 1, n do buf[#buf + 1] = ("key%d=%x;"):format(i, i * 31) end
  local s = table.concat(buf)
  local replaced = s:gsub("key(%d+)", "%1k")
  local n2 = 0
  for a, b in replaced:gmatch("(%d+)k=(%x+)") do n2 = n2 + #a + #b end
  return n2
end

local total = 0
for _ = 1, N do
  total = total + nbody(12000)
  total = total + fannkuch(8)
  total = total + objects(150000)
  total = total + textwork(15000)
end
print("time", total)
