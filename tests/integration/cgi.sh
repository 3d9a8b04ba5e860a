#!/bin/sh
# make check: the integration tests through Apache httpd with mod_cgid (the responder as classic CGI).
FRONT=cgi exec "$(dirname "$0")/run.sh"
