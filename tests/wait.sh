# Sourced by the test scripts (sh and bash): a bounded wait on the condition itself, in place of a sleep
# that guesses how long something takes (a slow machine would fail the guess, a fast one hide a race).

# wait_until SECONDS COMMAND...: true as soon as COMMAND succeeds (polled every 50 ms), false once
# SECONDS have passed without.
wait_until() {
	_end=$(($(date +%s) + $1))
	shift
	until "$@"; do
		[ "$(date +%s)" -lt "$_end" ] || return 1
		sleep 0.05
	done
}

# gone PID: the process has ended.
gone() {
	! kill -0 "$1" 2>/dev/null
}

# closed PORT: nothing accepts connections on 127.0.0.1:PORT (bash only).
closed() {
	! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}
