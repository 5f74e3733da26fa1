# Sourced by the build scripts: `stage NAME LOG CMD...` runs CMD with its output in LOG
# and prints one progress line with the elapsed time; on failure it names the stage and
# the log and shows the log's tail.
stage() {
    local name=$1 log=$2 start=$SECONDS
    shift 2
    if "$@" > "$log" 2>&1; then
        printf '[janus] %-10s done in %ds\n' "$name" $((SECONDS - start))
    else
        local rc=$?
        tail -n 30 "$log" >&2
        printf '[janus] %-10s FAILED after %ds (exit %d); full log: %s\n' \
            "$name" $((SECONDS - start)) "$rc" "$log" >&2
        return "$rc"
    fi
}
