#!/bin/sh
# make check: the integration tests through Apache httpd with mod_fcgid (Apache manages the responder processes).
FRONT=apache exec "$(dirname "$0")/run.sh"
