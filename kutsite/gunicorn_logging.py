"""gunicorn's access log without game secrets.

The secret of a game sheet is part of its path, so even a log format without the query string
(`%(q)s`) and the referrer (`%(f)s`) would write edit links. This logger class blanks secrets
out of every atom before the line is formatted. Start gunicorn with it and with the format
documented in docs/security.md:

    gunicorn kutsite.wsgi --logger-class kutsite.gunicorn_logging.RedactingLogger \\
        --access-logfile - --access-logformat '%(h)s %(t)s "%(m)s %(U)s" %(s)s %(b)s %(L)s'
"""

from __future__ import annotations

from gunicorn.glogging import Logger

from kutsite.redaction import redact

ACCESS_LOG_FORMAT = '%(h)s %(t)s "%(m)s %(U)s" %(s)s %(b)s %(L)s'


class RedactingLogger(Logger):
    def atoms(self, resp, req, environ, request_time):
        atoms = super().atoms(resp, req, environ, request_time)
        return {
            key: redact(value) if isinstance(value, str) else value for key, value in atoms.items()
        }
