"""The nine rulings as first published: seeded by a data migration, edited in the admin after.

Facts come from spec/RULES.md (rules digest) and the sources it names; every sentence here is
our own. Examples hold only the situation — the engine gives their verdicts on every page view.
`seed(apps)` takes an app registry (a migration's, or `django.apps.apps` in tests) and is
idempotent: it creates only the rulings whose key is missing.
"""

from __future__ import annotations

from typing import Any

TRANSLATED = ("question", "short_answer", "app_ruling", "table_rule")

RULINGS: list[dict[str, Any]] = [
    {
        "key": "run-12-13-1",
        "rules": "M2",
        "featured": 2,
        "question": ("Is 12-13-1 a valid run?", "Ist 12-13-1 eine gültige Reihe?"),
        "short_answer": ("Yes – but 13-1-2 is not.", "Ja – 13-1-2 dagegen nicht."),
        "app_ruling": (
            "The 1 is the lowest tile and may also follow the 13, so 12-13-1 and 11-12-13-1 "
            "are runs. A run stops at that 1, though: it never carries on to the 2, which "
            "rules out 13-1-2.",
            "Die 1 ist der niedrigste Stein und darf zugleich auf die 13 folgen. 12-13-1 und "
            "11-12-13-1 sind also Reihen. Nach dieser 1 ist aber Schluss – weiter zur 2 geht "
            "es nicht, deshalb ist 13-1-2 keine Reihe.",
        ),
        "table_rule": (
            "Pagat’s Okey rules agree: 12-13-1 counts, 13-1-2 does not. No written source "
            "makes an exception for Küt.",
            "Die Okey-Regeln bei Pagat sehen es genauso: 12-13-1 zählt, 13-1-2 nicht. Eine "
            "Ausnahme für Küt steht in keiner schriftlichen Quelle.",
        ),
        "examples": [
            {"kind": "meld", "tiles": "r12 r13 r1"},
            {"kind": "meld", "tiles": "r13 r1 r2"},
            {"kind": "meld", "tiles": "y11 y12 y13 y1"},
        ],
    },
    {
        "key": "take-the-okey",
        "rules": "P7",
        "question": (
            "Can I take the Okey from a meld on the table?",
            "Darf ich den Okey aus einer Kombination auf dem Tisch nehmen?",
        ),
        "short_answer": (
            "Yes, if you put in the real tile it stands for.",
            "Ja, wenn du den echten Stein einsetzt, für den er steht.",
        ),
        "app_ruling": (
            "Only once you have melded, and not on the turn you meld. Lay the real tile that "
            "the Okey replaces into the meld and take the Okey onto your rack; the meld must "
            "still be valid afterwards. A Küt group gives up its Okey only when it has four "
            "tiles. Taking the Okey counts as playing to the table.",
            "Erst wenn du ausgelegt hast, und nicht in dem Zug, in dem du auslegst. Leg den "
            "echten Stein, für den der Okey steht, in die Kombination und nimm den Okey auf "
            "deinen Steinhalter; die Kombination muss danach gültig bleiben. Aus einer "
            "Küt-Gruppe gibt es den Okey erst, wenn sie vier Steine hat. Den Okey zu nehmen "
            "gilt als Spielzug auf dem Tisch.",
        ),
        "table_rule": (
            "The written table rule matches: whoever lays down the tile the Okey represents "
            "may take the Okey.",
            "Die schriftliche Tischregel deckt sich damit: Wer den Stein anlegt, für den der "
            "Okey steht, darf den Okey nehmen.",
        ),
        "examples": [
            {"kind": "swap", "tiles": "k3 ok k5", "tile": "k4", "stage": "melded"},
            {"kind": "swap", "tiles": "k3 ok k5", "tile": "k4", "stage": "melding-turn"},
            {"kind": "swap", "tiles": "r7 ok k7", "tile": "y7", "stage": "melded"},
        ],
    },
    {
        "key": "add-on-melding-turn",
        "rules": "P3 P4",
        "question": (
            "Can I add tiles on the turn I meld?",
            "Darf ich in dem Zug, in dem ich auslege, auch anlegen?",
        ),
        "short_answer": (
            "No – your next turn is your first chance.",
            "Nein – das geht frühestens in deinem nächsten Zug.",
        ),
        "app_ruling": (
            "The turn on which you lay down your contract is for the contract alone: no adding "
            "to melds, no extra melds, no taking an Okey. All of that opens up when your turn "
            "comes round again.",
            "Der Zug, in dem du den Kontrakt auslegst, gehört allein dem Kontrakt: kein "
            "Anlegen, keine zusätzlichen Kombinationen, kein Okey-Tausch. Das alles darfst du, "
            "sobald du wieder an der Reihe bist.",
        ),
        "table_rule": (
            "The written table rule treats melding as a step of its own: the contract goes "
            "down first, and the round can be finished only on a later turn. Adding tiles on "
            "the melding turn itself is not addressed.",
            "Nach der schriftlichen Tischregel ist das Auslegen ein eigener Schritt: Erst kommt "
            "der Kontrakt auf den Tisch, beenden lässt sich die Runde frühestens im nächsten "
            "Zug. Ob man im Zug des Auslegens anlegen darf, wird dort nicht eigens behandelt.",
        ),
        "examples": [
            {"kind": "add", "tiles": "r10 r11 r12", "tile": "r13", "stage": "melding-turn"},
            {"kind": "add", "tiles": "r10 r11 r12", "tile": "r13", "stage": "melded"},
        ],
    },
    {
        "key": "add-before-melding",
        "rules": "P5 P4",
        "question": (
            "Can I add tiles before I have melded?",
            "Darf ich anlegen, bevor ich selbst ausgelegt habe?",
        ),
        "short_answer": (
            "No – lay down your contract first.",
            "Nein – zuerst musst du deinen Kontrakt auslegen.",
        ),
        "app_ruling": (
            "Adding to melds on the table is only for players who have already laid down this "
            "round’s contract. After that you may add to any meld, your own or an opponent’s.",
            "Anlegen darf nur, wer den Kontrakt dieser Runde schon ausgelegt hat. Danach legst "
            "du an jede Kombination an – an deine eigenen genauso wie an die der anderen.",
        ),
        "sources_silent": True,
        "examples": [
            {"kind": "add", "tiles": "k7 b7 y7", "tile": "r7", "stage": "not-melded"},
            {"kind": "add", "tiles": "k7 b7 y7", "tile": "r7", "stage": "melded"},
        ],
    },
    {
        "key": "discard-playable-tile",
        "rules": "X2 X3 X4 X5",
        "question": (
            "What if I discard a playable tile?",
            "Was passiert, wenn ich einen anlegbaren Stein abwerfe?",
        ),
        "short_answer": ("You draw 2 penalty tiles.", "Du ziehst 2 Strafsteine."),
        "app_ruling": (
            "Discarding a tile that could be added to any meld on the table costs 2 penalty "
            "tiles from the draw pile – even before you have melded, and even on the turn you "
            "meld. There is no penalty when every tile on your rack is playable or an Okey "
            "(you had no choice), when the tile ends the round, or when fewer than two tiles "
            "are left in the draw pile.",
            "Wirfst du einen Stein ab, der an eine Kombination auf dem Tisch passen würde, "
            "ziehst du 2 Strafsteine vom Nachziehstapel – auch wenn du noch nicht ausgelegt "
            "hast und auch im Zug des Auslegens. Straffrei bleibt es, wenn jeder Stein auf "
            "deinem Steinhalter anlegbar oder ein Okey ist (du hattest keine Wahl), wenn der "
            "Stein die Runde beendet oder wenn weniger als zwei Steine im Nachziehstapel "
            "liegen.",
        ),
        "sources_silent": True,
        "examples": [
            {"kind": "discard", "tiles": "b4 b5 b6", "tile": "b3"},
            {"kind": "discard", "tiles": "b4 b5 b6|r7 k7 b7", "tile": "b3", "rack": "b3 y7"},
            {
                "kind": "discard",
                "tiles": "b4 b5 b6|r7 k7 b7",
                "tile": "b3",
                "rack": "b3",
                "final": True,
            },
            {"kind": "discard", "tiles": "b4 b5 b6|r7 k7 b7", "tile": "y7", "pile": 1},
        ],
    },
    {
        "key": "discard-okey",
        "rules": "X1 X6 S4",
        "question": ("What if I discard an Okey?", "Was passiert, wenn ich einen Okey abwerfe?"),
        "short_answer": (
            "2 penalty tiles – unless it is your final tile.",
            "2 Strafsteine – außer es ist dein letzter Stein.",
        ),
        "app_ruling": (
            "Throwing away an Okey during the round costs 2 penalty tiles. An Okey discarded "
            "as the final tile that ends the round costs nothing: the round is finished with "
            "Okey, and every other player’s penalty points for that round are doubled.",
            "Ein Okey, den du mitten in der Runde abwirfst, kostet 2 Strafsteine. Beendest du "
            "die Runde mit einem Okey als letztem Stein, kostet er nichts: Die Runde ist mit "
            "Okey beendet, und die Strafpunkte aller anderen zählen in dieser Runde doppelt.",
        ),
        "table_rule": (
            "At the table, too, penalty points are doubled when someone finishes with Okey. "
            "A penalty for discarding an Okey in the middle of a round is not mentioned in "
            "the sources.",
            "Auch am Tisch zählen die Strafpunkte doppelt, wenn jemand mit Okey beendet. Eine "
            "Strafe für einen Okey, der mitten in der Runde abgeworfen wird, erwähnen die "
            "Quellen nicht.",
        ),
        "examples": [
            {"kind": "discard", "tiles": "b4 b5 b6", "tile": "ok"},
            {"kind": "discard", "tiles": "b4 b5 b6", "tile": "ok", "rack": "ok", "final": True},
        ],
    },
    {
        "key": "buy-discard",
        "rules": "B1 B2 B3",
        "question": (
            "Can I buy a discard out of turn?",
            "Darf ich einen abgelegten Stein außer der Reihe kaufen?",
        ),
        "short_answer": ("Yes, with one penalty tile.", "Ja, mit einem Strafstein dazu."),
        "app_ruling": (
            "The next player in turn has first claim. If they pass, another player may buy the "
            "tile out of turn and also draws one penalty tile from the draw pile; play then "
            "carries on in the usual order. Each player may buy up to 5 times a round, before "
            "or after melding.",
            "Zuerst darf zugreifen, wer als Nächstes an der Reihe ist. Bleibt der Stein dort "
            "liegen, darf ihn jemand anderes außer der Reihe kaufen und zieht dazu einen "
            "Strafstein vom Nachziehstapel; danach geht es in der gewohnten Reihenfolge weiter. "
            "Pro Runde darf man bis zu fünfmal kaufen, vor oder nach dem Auslegen.",
        ),
        "table_rule": (
            "If the player in turn leaves the discard, the others may take it by drawing one "
            "penalty tile. When two players want the same tile, it goes to the one whose turn "
            "comes first.",
            "Lässt ihn liegen, wer an der Reihe ist, dürfen ihn die anderen gegen einen "
            "Strafstein nehmen. Wollen ihn zwei, bekommt ihn, wer früher an der Reihe ist.",
        ),
        "examples": [
            {"kind": "buy", "tile": "r5", "discarder": 1, "wanting": "3"},
            {"kind": "buy", "tile": "r5", "discarder": 1, "wanting": "3 4"},
            {"kind": "buy", "tile": "r5", "discarder": 1, "wanting": "2 3"},
        ],
    },
    {
        "key": "group-size",
        "rules": "M1",
        "question": (
            "How many tiles can a Küt group have?",
            "Wie viele Steine darf eine Küt-Gruppe haben?",
        ),
        "short_answer": ("Three or four – never five.", "Drei oder vier – niemals fünf."),
        "app_ruling": (
            "A Küt group is one number in different colours. With four colours there is room "
            "for four tiles at most: no colour may appear twice, and an Okey cannot be "
            "squeezed in as a fifth tile either.",
            "Eine Küt-Gruppe ist eine Zahl in verschiedenen Farben. Bei vier Farben passen "
            "höchstens vier Steine hinein: Keine Farbe darf doppelt vorkommen, und auch ein "
            "Okey lässt sich nicht als fünfter Stein dazulegen.",
        ),
        "table_rule": (
            "The written table rule defines the group the same way – one number, different "
            "colours – so there, too, it ends at four tiles.",
            "Die schriftliche Tischregel beschreibt die Gruppe genauso – eine Zahl, "
            "verschiedene Farben – und kommt deshalb ebenfalls auf höchstens vier Steine.",
        ),
        "examples": [
            {"kind": "meld", "tiles": "r7 k7 b7 y7"},
            {"kind": "meld", "tiles": "r7 k7 b7 y7 ok"},
            {"kind": "meld", "tiles": "r7 r7 b7"},
            {"kind": "add", "tiles": "r7 k7 b7 y7", "tile": "ok", "stage": "melded"},
        ],
    },
    {
        "key": "pile-runs-out",
        "rules": "E2",
        "question": (
            "What if the draw pile runs out?",
            "Was passiert, wenn der Nachziehstapel leer ist?",
        ),
        "short_answer": (
            "The round is dealt again, with no score.",
            "Die Runde wird neu gegeben, ohne Punkte.",
        ),
        "app_ruling": (
            "If nobody has gone out by the time the draw pile is empty, nobody scores and the "
            "same round is dealt again. That can happen up to three times in a row; the "
            "fourth time, the round is scored as usual.",
            "Ist der Nachziehstapel leer, bevor jemand die Runde beendet hat, bekommt niemand "
            "Punkte, und dieselbe Runde wird neu gegeben. Das geht höchstens dreimal "
            "hintereinander; beim vierten Mal wird die Runde ganz normal gewertet.",
        ),
        "sources_silent": True,
        "examples": [],
    },
]


def seed(apps: Any) -> None:
    """Create every ruling of `RULINGS` whose key is not in the database yet."""
    Ruling = apps.get_model("referee", "Ruling")
    Example = apps.get_model("referee", "RulingExample")
    existing = set(Ruling.objects.values_list("key", flat=True))
    for order, data in enumerate(RULINGS, start=1):
        if data["key"] in existing:
            continue
        values: dict[str, Any] = {}
        for name in TRANSLATED:
            en, de = data.get(name, ("", ""))
            values[name] = en
            values[f"{name}_en"] = en
            values[f"{name}_de"] = de
        ruling = Ruling(
            key=data["key"],
            order=order,
            rules=data["rules"],
            sources_silent=data.get("sources_silent", False),
        )
        for name, value in values.items():
            # Set the language columns after the plain field: with modeltranslation's
            # descriptors (the live registry) the plain field writes the active language.
            if name in TRANSLATED:
                setattr(ruling, name, value)
        for name, value in values.items():
            if name not in TRANSLATED:
                setattr(ruling, name, value)
        ruling.save()
        featured = data.get("featured", 1)
        for index, example in enumerate(data["examples"], start=1):
            Example.objects.create(
                ruling=ruling, order=index, featured=index <= featured, **example
            )


def unseed(apps: Any) -> None:
    Ruling = apps.get_model("referee", "Ruling")
    Ruling.objects.filter(key__in=[r["key"] for r in RULINGS]).delete()
