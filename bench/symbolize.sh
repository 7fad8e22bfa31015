#!/bin/sh
# symbolize.sh: `calltab where` as a symbolizer against `addr2line -i -f`
# and `llvm-symbolizer --inlining` on the same addresses of a large
# program in the same run (the ratios are the result), and `calltab
# inlines` on a large debug binary against `llvm-dwarfdump --debug-info`
# of the same file.  Goals (issue 17): where at least as fast as
# addr2line and within 2x of llvm-symbolizer on 100,000 addresses;
# inlines on a 100 MB debug binary in seconds.  Not a test.
#
#   bench/symbolize.sh [NADDRS [NFILES [NFUNCS]]]
#       NADDRS addresses (default 100000) of a googletest program
#       (gtest-all.cc, gtest_main.cc, sample1: -O2 -g), drawn at random
#       (fixed seed) over its function symbols weighted by size; the
#       debug binary from NFILES generated C files of NFUNCS functions
#       (default 8 x 2000: about 107 MB, 5 levels of always_inline
#       helpers, -O2 -g; 13.3 MB per 2000 functions).  KEEP=DIR keeps
#       the scratch files.
#
# 2 CPUs shared with other jobs, 100,000 addresses, 5.4 MB program:
# calltab where 0.588 s, --json 0.863 s, addr2line -i -f 5.668 s
# (where/addr2line 0.10), llvm-symbolizer --inlining 2.190 s (0.27).
# 16 x 2000 functions, 213 MB: calltab inlines h0 3.1 s (768,000
# copies), h3 2.0 s (64,000), llvm-dwarfdump --debug-info 9.3 s (0.33,
# 0.21).
set -eu
cd "$(dirname "$0")/.."
. bench/lib.sh
naddrs=${1:-100000}
nfiles=${2:-8}
nfuncs=${3:-2000}
GCC=${GCC:-gcc}
GXX=${GXX:-g++}
G=${GTEST:-/usr/src/googletest/googletest}
calltab=$PWD/libcalltab/tools/calltab
[ -x "$calltab" ] || make -s all
bench_workdir

symbolizer=
for s in llvm-symbolizer llvm-symbolizer-19 llvm-symbolizer-16 \
	 llvm-symbolizer-15 llvm-symbolizer-14; do
    if command -v "$s" > /dev/null 2>&1; then symbolizer=$s; break; fi
done

now () { date +%s.%N; }
# Seconds between two now's, 3 decimals.
span () { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }
ratio () { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }

# ---- 1. where vs addr2line vs llvm-symbolizer -------------------------------

if [ -f "$G/src/gtest-all.cc" ]; then
    for src in src/gtest-all.cc src/gtest_main.cc samples/sample1.cc \
	       samples/sample1_unittest.cc; do
	"$GXX" -O2 -g -I"$G/include" -I"$G" -c "$G/$src" \
	       -o "$dir/$(basename "$src" .cc).o" &
	# Two at a time.
	[ "$src" = src/gtest_main.cc ] && wait
    done
    wait
    "$GXX" -o "$dir/gt" "$dir"/gtest-all.o "$dir"/gtest_main.o \
	   "$dir"/sample1.o "$dir"/sample1_unittest.o -lpthread
    nm -S --defined-only "$dir/gt" | awk -v n="$naddrs" '
	function hex(s,   v, i) {
	    v = 0
	    for (i = 1; i <= length(s); i++)
		v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
	    return v
	}
	NF == 4 && $3 ~ /^[tTwW]$/ && hex($2) > 0 {
	    k++; a[k] = hex($1); s[k] = hex($2); total += s[k]; cum[k] = total
	}
	END {
	    srand(17)
	    for (j = 0; j < n; j++) {
		r = rand() * total
		lo = 1; hi = k
		while (lo < hi) { m = int((lo + hi) / 2); if (cum[m] > r) hi = m; else lo = m + 1 }
		printf "0x%x\n", a[lo] + int(rand() * s[lo])
	    }
	}' > "$dir/addrs"
    size=$(stat -c %s "$dir/gt")
    t0=$(now); "$calltab" where "$dir/gt" < "$dir/addrs" > "$dir/where.out" || true; t1=$(now)
    "$calltab" where --json "$dir/gt" < "$dir/addrs" > /dev/null || true; t2=$(now)
    addr2line -i -f -e "$dir/gt" < "$dir/addrs" > "$dir/a2l.out"; t3=$(now)
    tw=$(span "$t0" "$t1"); tj=$(span "$t1" "$t2"); ta=$(span "$t2" "$t3")
    echo "program: googletest sample1 -O2 -g, $size bytes; $naddrs addresses"
    echo "calltab where          $tw s ($(wc -l < "$dir/where.out") lines)"
    echo "calltab where --json   $tj s"
    echo "addr2line -i -f        $ta s   where/addr2line $(ratio "$tw" "$ta")"
    if [ -n "$symbolizer" ]; then
	t4=$(now)
	"$symbolizer" --inlining --obj="$dir/gt" < "$dir/addrs" > /dev/null
	t5=$(now)
	tl=$(span "$t4" "$t5")
	echo "$symbolizer --inlining $tl s   where/llvm-symbolizer $(ratio "$tw" "$tl")"
    else
	echo "llvm-symbolizer: not installed"
    fi
else
    echo "googletest sources not found at $G: symbolizer comparison skipped"
fi

# ---- 2. inlines on a large debug binary --------------------------------------

f=0
while [ "$f" -lt "$nfiles" ]; do
    awk -v f="$f" -v n="$nfuncs" 'BEGIN {
	print "extern long ext (long);"
	print "static inline __attribute__((always_inline)) long h0 (long x) { return ext (x * 3 + (x >> 2)); }"
	for (k = 1; k < 5; k++)
	    printf "static inline __attribute__((always_inline)) long h%d (long x) { long s = h%d (x + %d); return s ^ h%d (s - %d); }\n", k, k - 1, k, k - 1, k
	for (i = 0; i < n; i++)
	    printf "long f_%d_%d (long x) { long r = h4 (x + %d); if (__builtin_expect (r == %d, 0)) r = h2 (r) + h1 (x); return r + h1 (x * %d); }\n", f, i, i, i, i
    }' > "$dir/gen$f.c"
    "$GCC" -O2 -g -c "$dir/gen$f.c" -o "$dir/gen$f.o" &
    f=$((f + 1))
    [ $((f % 2)) -eq 0 ] && wait
done
wait
printf 'long ext (long x) { return x + 1; }\nint main (void) { return 0; }\n' \
    > "$dir/m.c"
"$GCC" -O2 -g -c "$dir/m.c" -o "$dir/m.o"
"$GCC" -o "$dir/big" "$dir"/gen*.o "$dir/m.o"
size=$(stat -c %s "$dir/big")
echo "debug binary: $nfiles x $nfuncs functions, $size bytes"
t0=$(now); n0=$("$calltab" inlines h0 "$dir/big" | grep -c '^inlined'); t1=$(now)
n3=$("$calltab" inlines h3 "$dir/big" | grep -c '^inlined'); t2=$(now)
llvm-dwarfdump --debug-info "$dir/big" > /dev/null; t3=$(now)
th0=$(span "$t0" "$t1"); th3=$(span "$t1" "$t2"); td=$(span "$t2" "$t3")
echo "calltab inlines h0     $th0 s ($n0 copies)   inlines/dwarfdump $(ratio "$th0" "$td")"
echo "calltab inlines h3     $th3 s ($n3 copies)   inlines/dwarfdump $(ratio "$th3" "$td")"
echo "llvm-dwarfdump --debug-info $td s"
