"""Game sheets: start a game, keep its score, share it, export it.

Thin views: parse the request, call `games.services` (writes) or `games.sheet` (arithmetic),
render. Every write is a POST with a CSRF token and the sheet version the form was rendered
from, and ends in a redirect (PRG); a stale or invalid POST changes nothing and says why.

- `sheets`: start a game; the sheet and the read-only sheet.
- `rounds`: record the next round, or correct one, through the calculator.
- `buttons`: the sheet's redeal and undo buttons.
- `export`: the sheet as a CSV file.
- `access`: what they share: a game by its secret, the headers of every page that carries
  one, the way back to the sheet after a write.
- `kept`: the sheets' ETags and the copies this process keeps of them.
"""
