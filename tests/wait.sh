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

# free_port: a port nothing listens on, picked below the kernel's range for outgoing connections, since a
# port an outgoing connection holds is free to a connect probe yet refused to bind() (bash only).
free_port() {
	_low=32768
	read -r _low _ < /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || true
	[ "$_low" -gt 11024 ] || _low=61000
	for _ in $(seq 1 200); do
		_p=$(( 10000 + RANDOM % (_low - 10000) ))
		if closed "$_p"; then echo "$_p"; return 0; fi
	done
	echo "no free port found" >&2
	return 1
}
