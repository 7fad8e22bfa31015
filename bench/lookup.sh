#!/bin/sh
# lookup.sh [N]: reader speed.  Writes a table of N direct calls (default
# 200000) with gas-support/calltab.inc, links it, and prints the time to
# open it and the cost of calltab_lookup per address against a linear
# scan of the same entries measured in the same run.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-200000}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
make -s -C "$top" libcalltab/libcalltab.a
{
    echo '.include "calltab.inc"'
    echo '.text'
    echo '.globl main'
    echo 'main: ret'
    echo 'g: ret'
    echo 'f:'
    i=0
    while [ $i -lt "$n" ]; do
        echo "call g"
        echo ".Lr$i:"
        i=$((i + 1))
    done
    echo 'ret'
    echo '.section .debug_info,"",@progbits'
    echo '.Lcu: .long .Lcu_end-.Lcu_start'
    echo '.Lcu_start: .value 4'
    echo '.long .Labbrev'
    echo '.byte 8'
    echo '.uleb128 1'
    echo '.string "calltab bench"'
    echo '.Lg: .uleb128 2'
    echo '.string "g"'
    echo '.byte 0'
    echo '.Lcu_end:'
    echo '.section .debug_abbrev,"",@progbits'
    echo '.Labbrev: .uleb128 1, 0x11, 1, 0x25, 0x08'
    echo '.byte 0, 0'
    echo '.uleb128 2, 0x2e, 0, 0x03, 0x08, 0x3c, 0x19'
    echo '.byte 0, 0, 0'
    echo '.section .debug_dcall,"",@progbits'
    echo 'ct_dcall_unit all, .Lcu'
    i=0
    while [ $i -lt "$n" ]; do
        echo "ct_entry .Lr$i, .Lg-.Lcu"
        i=$((i + 1))
    done
    echo 'ct_unit_end all'
} > "$dir/t.s"
as -I "$top/gas-support" -o "$dir/t.o" "$dir/t.s"
gcc -nostartfiles -Wl,-e,main -no-pie -o "$dir/t" "$dir/t.o"
gcc -std=c11 -D_GNU_SOURCE -O2 -I"$top/libcalltab/include" -o "$dir/bench" \
    "$top/bench/lookup-bench.c" "$top/libcalltab/libcalltab.a" -ldw -lelf -liberty
"$dir/bench" "$dir/t"
