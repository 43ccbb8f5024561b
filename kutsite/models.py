from django.db import models


class ContentVersion(models.Model):
    """One row: a random token that changes with every edit of the content (rules, referee).

    It lives in the database, beside the content it describes, so every process and every
    host sees an edit the moment it commits, and it can never disagree with the rows.
    """

    token = models.CharField(max_length=32)

    def __str__(self) -> str:
        return self.token
