"""Game secrets stay out of the logs.

Whoever holds a sheet's edit link may change its scores, and the link is nothing but the secret
in the path. Django logs the path of every failed request (`Not Found: /en/games/<secret>/…`,
`Forbidden (CSRF cookie not set.): /de/spiele/<secret>/eintragen/`), so every log record is
passed through `RedactSecrets` (settings.LOGGING) before a handler writes it. For gunicorn's
access log see `kutsite.gunicorn_logging`.
"""

from __future__ import annotations

import logging
import re

# A secret follows the games prefix, perhaps after the read-only word: /en/games/<secret>/,
# /de/spiele/ansehen/<secret>/ (games/urls.py, SecretConverter).
SECRET_IN_PATH = re.compile(
    r"(/(?:games|spiele)/(?:view/|ansehen/)?)[A-Za-z0-9_-]{22,64}(?![A-Za-z0-9_-])"
)
REDACTED = "[secret]"


def redact(text: str) -> str:
    return SECRET_IN_PATH.sub(rf"\1{REDACTED}", text)


class RedactSecrets(logging.Filter):
    """Rewrite the record's message with every game secret blanked out (never drops one)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = redact(message)
        if cleaned != message:
            record.msg = cleaned
            record.args = None
        return True
