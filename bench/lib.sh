# shellcheck shell=sh
# bench/lib.sh: what the bench scripts share (sourced, POSIX sh).

# bench_workdir: set $dir to the scripts' scratch directory: $KEEP when
# given (created, kept afterwards), else a temporary one removed at exit.
bench_workdir () {
    if [ -n "${KEEP:-}" ]; then
        dir=$KEEP
        mkdir -p "$dir"
    else
        dir=$(mktemp -d)
        trap 'rm -rf "$dir"' EXIT
    fi
}
