#!/usr/bin/env bash
# make check: the fault suite's short version; it fails on any lost request where the goal is 0.
exec env FAULTS_SHORT=1 "${AUTOPLAN_SRCDIR:?}/tests/faults/faults.sh"
