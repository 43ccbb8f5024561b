"""Log filters that keep a record short where its traceback tells nothing new."""

import logging


class WithoutTraceback(logging.Filter):
    """Keep the record's message, drop its traceback.

    For requests refused for a reason the message already names: a request for a host the site
    does not serve is "Invalid HTTP_HOST header: 'x.example'", and the traceback under it is
    Django's own, the same twenty lines for every scanner that tries one."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.exc_info = None
        record.exc_text = None
        return True
