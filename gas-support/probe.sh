#!/bin/sh
# probe.sh: check that the assembler accepts what the calltab plugin and
# gas-support's macros write (gas-support/README.md, "Assembler probes").
#
#   gas-support/probe.sh [--cache FILE]
#
# AS is the assembler (default: the one GCC runs, `$GCC -print-prog-name=as',
# GCC default gcc).  One line per feature on stdout:
#
#   checking as: FEATURE ... yes
#
# On the first feature AS rejects: "checking as: FEATURE ... no", then on
# stderr "calltab: AS does not support FEATURE: GNU as from binutils
# VERSION or later is needed" and the assembler's own messages, and exit
# status 1.
#
# --cache FILE: a success is remembered in FILE, keyed by AS's path and
# `--version' line and by this script; while the key holds, the lines are
# printed from FILE ("yes (cached)") without running AS on the probes.

set -u

AS=${AS:-$(${GCC:-gcc} -print-prog-name=as 2>/dev/null)}
: "${AS:=as}"
cache=
if [ "${1-}" = --cache ] && [ -n "${2-}" ]; then
    cache=$2
elif [ $# -gt 0 ]; then
    echo "usage: [AS=as] $0 [--cache FILE]" >&2
    exit 2
fi

version=$("$AS" --version 2>/dev/null | head -n 1)
self=$(cksum < "$0")
key="probe key: $(command -v "$AS" || echo "$AS") | $version | $self"
if [ -n "$cache" ] && [ -f "$cache" ] && [ "$(head -n 1 "$cache")" = "$key" ]; then
    sed -n 's/ yes$/ yes (cached)/p' "$cache"
    exit 0
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/calltab-probe.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
out=$tmp/out
results=

# probe FEATURE VERSION: assemble stdin with AS.
probe() {
    cat > "$tmp/probe.s"
    if "$AS" -o "$tmp/probe.o" "$tmp/probe.s" > "$tmp/log" 2>&1; then
	line="checking as: $1 ... yes"
	echo "$line"
	results="$results$line
"
    else
	echo "checking as: $1 ... no"
	echo "calltab: $AS does not support $1: GNU as from binutils $2 or later is needed" >&2
	sed 's/^/  /' "$tmp/log" >&2
	exit 1
    fi
}

# GCC's line table rows (the plugin's discriminators): view numbers came
# with binutils 2.30, discriminators with 2.20.
probe ".loc ... discriminator N view V" 2.30 <<'EOF'
	.file 1 "probe.c"
	.text
	.loc 1 1 1 view -0
	nop
	.loc 1 2 3 is_stmt 0 discriminator 2 view .LVU1
	.loc 1 2 5 discriminator 3 view .LVU2
	nop
EOF

# callee_die: a ULEB128 difference of .debug_info labels written in
# .debug_dcall, also to labels defined later (rs_leb128: binutils 2.9).
probe ".uleb128 of label differences across sections" 2.9 <<'EOF'
	.section .debug_info,"",@progbits
.Lcu:
	.long 0
.Ldie:
	.byte 1
	.section .debug_dcall,"",@progbits
	.uleb128 .Ldie-.Lcu
	.uleb128 .Llater-.Lcu
	.section .debug_info,"",@progbits
	.skip 200
.Llater:
	.byte 2
EOF

# A COMDAT caller's units in its group (",comdat" groups: binutils 2.13).
probe ".section with G (comdat) for .debug_*" 2.13 <<'EOF'
	.section .text.probe,"axG",@progbits,probe,comdat
	ret
	.section .debug_info,"G",@progbits,probe,comdat
	.byte 0
	.section .debug_dcall,"G",@progbits,probe,comdat
	.byte 0
	.section .debug_vcall,"G",@progbits,probe,comdat
	.byte 0
EOF

# The plugin's sections, and the macros' numbered subsections
# (.pushsection NAME, SUBSECTION, FLAGS, TYPE: binutils 2.19).
probe ".pushsection with a subsection" 2.19 <<'EOF'
	.text
	.pushsection .debug_info, 2, "", @progbits
	.byte 2
	.popsection
	.pushsection .debug_info, 1, "", @progbits
	.byte 1
	.popsection
	.pushsection .debug_dcall,"",@progbits
	.byte 0
	.popsection
EOF

if [ -n "$cache" ]; then
    mkdir -p "$(dirname "$cache")" &&
	printf '%s\n%s' "$key" "$results" > "$cache.tmp" &&
	mv "$cache.tmp" "$cache"
fi
exit 0
