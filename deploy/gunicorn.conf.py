"""gunicorn's settings for an app server (the systemd unit and `make stack` use this file).

Every value can be overridden from the environment (GUNICORN_*) or the command line; the
address comes from GUNICORN_BIND, e.g. 127.0.0.1:8001 behind nginx on the same host.
"""

import os

from kutsite.gunicorn_logging import ACCESS_LOG_FORMAT

wsgi_app = "kutsite.wsgi:application"
bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8001")
# Sync workers: every page is CPU-bound and short (a kept page well under 1 ms, an edited game
# sheet a few ms); nginx buffers slow clients, so a worker never waits for a phone's network.
# A sync worker closes the connection after each answer (it has no keep-alive). On loopback a
# new connection costs less than the threaded worker's hand-off: measured side by side, gthread
# with keep-alive served the static file at 0.75-0.85x sync's rate and a live fragment no faster.
workers = int(os.environ.get("GUNICORN_WORKERS", "3"))
worker_class = "sync"
# The app is loaded, and the content read (kutsite/wsgi.py), once in the master; each worker is
# a fork of it. So a worker started while the database is away (one that crashed, or a HUP)
# still serves the rules, as they were when the master read them, until the database answers
# again. HUP therefore starts workers with the same code: a new version is a restart.
preload_app = True
# A request that takes longer is stuck: the database gives up after DB_TIMEOUT (3 s) already.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "20"))
# On SIGTERM (a restart, a deploy) workers finish the request in hand before they exit.
graceful_timeout = int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT", "15"))
# Game secrets never reach a log (kutsite/gunicorn_logging.py, docs/security.md).
logger_class = "kutsite.gunicorn_logging.RedactingLogger"
# GUNICORN_ACCESS_LOG set but empty: no access log (the benchmark's servers).
accesslog = os.environ.get("GUNICORN_ACCESS_LOG", "-") or None
access_log_format = ACCESS_LOG_FORMAT
errorlog = os.environ.get("GUNICORN_ERROR_LOG", "-")
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "warning")
# No control socket (gunicornc, unused here): by default every instance of a user shares one,
# $HOME/.gunicorn/gunicorn.ctl, so two app servers on a host would take it from each other.
control_socket_disable = True
# nginx on the same host is the only client that may set X-Forwarded-* headers.
forwarded_allow_ips = os.environ.get("GUNICORN_FORWARDED_ALLOW_IPS", "127.0.0.1")
