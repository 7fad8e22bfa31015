-- Training workload for the Lua interpreter (bench/fdo.sh): recursion,
-- tables, strings and closures.  Timing uses time.lua, a different program.
local N = tonumber(arg and arg[1]) or 1

local function fib(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end

local function tree(d)
  if d == 0 then return {} end
  return { tree(d - 1), tree(d - 1) }
end
local function check(t)
  if t[1] == nil then return 1 end
  return 1 + check(t[1]) + check(t[2])
end

local function words(n)
  local parts = {}
  for i = 1, n do
    parts[#parts + 1] = string.format("w%d:%s", i % 97, string.rep("ab", i % 5))
  end
  local s = table.concat(parts, " ")
  local count = 0
  for w in s:gmatch("%a+") do count = count + #w end
  return count
end

local function sieve(n)
  local composite, primes = {}, 0
  for i = 2, n do
    if not composite[i] then
      primes = primes + 1
      for j = i * i, n, i do composite[j] = true end
    end
  end
  return primes
end

local function closures(n)
  local acc = 0
  local function make(k) return function(x) return x * k + 1 end end
  local fs = {}
  for i = 1, 16 do fs[i] = make(i) end
  for i = 1, n do acc = (acc + fs[i % 16 + 1](i)) % 1000003 end
  return acc
end

local total = 0
for _ = 1, N do
  total = total + fib(24)
  total = total + check(tree(13))
  total = total + words(20000)
  total = total + sieve(200000)
  total = total + closures(300000)
  local t = {}
  for i = 1, 10000 do t[i] = (i * 7919) % 10007 end
  table.sort(t)
  total = total + t[1] + t[#t]
end
print("train", total)
