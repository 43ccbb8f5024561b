"""A page's form sent as a browser sends it when a button is tapped: its fields as they are
(checked boxes only, no disabled field), the button's own name and value, and the button's
`formaction` / `formmethod` over the form's."""

from html.parser import HTMLParser


class _Form(HTMLParser):
    def __init__(self, selector_class: str):
        super().__init__()
        self.selector_class = selector_class
        self.form: dict | None = None
        self.inside = False
        self.fields: list[tuple[str, str]] = []
        self.buttons: dict[str, dict] = {}
        self._button: dict | None = None

    def handle_starttag(self, tag, attrs):
        a = {name: value if value is not None else "" for name, value in attrs}
        if tag == "form" and self.selector_class in a.get("class", "").split():
            self.form = a
            self.inside = True
            return
        if not self.inside or "disabled" in a:
            return
        if tag == "input" and a.get("name"):
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio") and "checked" not in a:
                return
            if kind in ("submit", "button", "reset"):
                return
            self.fields.append((a["name"], a.get("value", "on" if kind == "checkbox" else "")))
        elif tag == "button":
            self._button = {**a, "text": ""}
            if a.get("type", "submit") == "submit":
                key = a.get("id") or f"button{len(self.buttons)}"
                self.buttons[key] = self._button

    def handle_data(self, data):
        if self._button is not None:
            self._button["text"] += data

    def handle_endtag(self, tag):
        if tag == "button":
            self._button = None
        elif tag == "form" and self.inside:
            self.inside = False


def entry_form(html: str, form_class: str = "entry-form") -> _Form:
    parser = _Form(form_class)
    parser.feed(html)
    assert parser.form is not None, f"no form.{form_class} on the page"
    for button in parser.buttons.values():
        button["text"] = " ".join(button["text"].split())
    return parser


def tap(client, html: str, button: str, **changes):
    """Tap the submit button with this id (or text) in the page's entry form."""
    form = entry_form(html)
    chosen = form.buttons.get(button) or next(
        (b for b in form.buttons.values() if b["text"] == button), None
    )
    assert chosen is not None, (button, list(form.buttons))
    fields = [(name, value) for name, value in form.fields if name not in changes]
    fields += list(changes.items())
    if chosen.get("name"):
        fields.append((chosen["name"], chosen.get("value", "")))
    method = (chosen.get("formmethod") or form.form.get("method") or "get").lower()
    action = chosen.get("formaction") or form.form["action"]
    data: dict[str, list[str]] = {}
    for name, value in fields:
        data.setdefault(name, []).append(value)
    if method == "post":
        return client.post(action, data)
    return client.get(action, data)
