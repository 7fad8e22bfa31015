#!/bin/sh
# reject-as.sh: an assembler that lacks one feature (probe.exp): when the
# input (the last argument) matches the extended regexp in REJECT, it
# fails as an assembler does; otherwise it runs the real as.
for input; do :; done
if [ -n "${REJECT-}" ] && grep -Eq -- "$REJECT" "$input"; then
    echo "$input: Assembler messages:" >&2
    echo "$input:1: Error: reject-as.sh: unknown directive" >&2
    exit 1
fi
exec as "$@"
