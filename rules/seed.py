"""The content the data migrations seed: the 20 rounds and the glossary, in both languages.

The rounds' contracts, examples and indicators come from the engine's `DEFAULT_ROUNDS`
(ROUNDS.md's list); only their titles and notes are written here. The seeding functions take
the model class, so a migration passes its historical model and a test fixture the real one.
"""

from __future__ import annotations

from rules.engine.contracts import DEFAULT_ROUNDS
from rules.engine.notation import format_melds, format_tile

# number: (title_en, title_de, notes_en, notes_de)
ROUND_TEXT: dict[int, tuple[str, str, str, str]] = {
    1: (
        "The first group",
        "Die erste Gruppe",
        "One number in three different colours. Holding the fourth colour as well? Keep it "
        "on your rack and add it from your next turn on.",
        "Eine Zahl in drei verschiedenen Farben. Hast du auch die vierte Farbe, behalte sie "
        "auf dem Steinhalter und lege sie ab deinem nächsten Zug an.",
    ),
    2: (
        "The first run",
        "Die erste Reihe",
        "Three numbers in a row in one colour. 12-13-1 counts as a run; 13-1-2 does not.",
        "Drei aufeinanderfolgende Zahlen in einer Farbe. 12-13-1 ist eine Reihe, 13-1-2 nicht.",
    ),
    3: (
        "Two groups",
        "Zwei Gruppen",
        "Both groups may even show the same number: the set holds every tile twice, and only "
        "within one group must the colours differ.",
        "Beide Gruppen dürfen sogar dieselbe Zahl zeigen: Jeden Stein gibt es zweimal, nur "
        "innerhalb einer Gruppe müssen die Farben verschieden sein.",
    ),
    4: (
        "Two runs",
        "Zwei Reihen",
        "Each run goes down with exactly three tiles. Holding a longer run? Lay down three of "
        "its tiles and add the rest on a later turn.",
        "Jede Reihe kommt mit genau drei Steinen auf den Tisch. Hast du eine längere Reihe, "
        "legst du drei davon aus und den Rest in einem späteren Zug an.",
    ),
    5: (
        "One of each",
        "Gruppe und Reihe",
        "A group and a run at the same time. An Okey can fill the gap in either of them.",
        "Eine Gruppe und eine Reihe zugleich. Ein Okey kann die Lücke in beiden füllen.",
    ),
    6: (
        "Three groups",
        "Drei Gruppen",
        "Nine tiles go down at once, so after melding and discarding you usually hold only "
        "five tiles.",
        "Neun Steine gehen auf einmal weg; nach dem Auslegen und Abwerfen hältst du meist nur "
        "noch fünf Steine.",
    ),
    7: (
        "Three runs",
        "Drei Reihen",
        "Three runs of exactly three. Runs in the same colour are fine as long as they are "
        "separate runs.",
        "Drei Reihen aus genau drei Steinen. Reihen in derselben Farbe sind erlaubt, solange "
        "es getrennte Reihen sind.",
    ),
    8: (
        "Two groups and a run",
        "Zwei Gruppen und eine Reihe",
        "Nine tiles in three melds. Finished melds beyond the contract stay on your rack until "
        "your next turn.",
        "Neun Steine in drei Kombinationen. Weitere fertige Kombinationen bleiben bis zu deinem "
        "nächsten Zug auf dem Steinhalter.",
    ),
    9: (
        "A group and two runs",
        "Eine Gruppe und zwei Reihen",
        "The mirror image of round 8: one group, two runs, nine tiles in all.",
        "Das Spiegelbild von Runde 8: eine Gruppe, zwei Reihen, insgesamt neun Steine.",
    ),
    10: (
        "Three pairs",
        "Drei Paare",
        "A pair is two identical tiles: same number, same colour. Nothing can ever be added "
        "to a pair.",
        "Ein Paar besteht aus zwei gleichen Steinen: gleiche Zahl, gleiche Farbe. An ein Paar "
        "kann nie etwas angelegt werden.",
    ),
    11: (
        "A full group",
        "Eine volle Gruppe",
        "A group of four shows all four colours; an Okey may stand in for one of them. No "
        "group ever has a fifth tile.",
        "Eine Vierergruppe zeigt alle vier Farben; ein Okey darf eine davon ersetzen. Einen "
        "fünften Stein hat keine Gruppe.",
    ),
    12: (
        "A long run",
        "Eine lange Reihe",
        "Exactly five tiles when you meld. The run may grow at either end afterwards.",
        "Genau fünf Steine beim Auslegen. Danach darf die Reihe an beiden Enden wachsen.",
    ),
    13: (
        "Full group and long run",
        "Volle Gruppe und lange Reihe",
        "Nine tiles: a group of four and a run of five, each exactly that long.",
        "Neun Steine: eine Vierergruppe und eine Fünferreihe, jede genau so lang.",
    ),
    14: (
        "Two full groups",
        "Zwei volle Gruppen",
        "Eight tiles, every colour twice. Okeys help most here.",
        "Acht Steine, jede Farbe zweimal. Hier helfen Okeys besonders.",
    ),
    15: (
        "Two long runs",
        "Zwei lange Reihen",
        "Ten tiles in two runs of five. The two runs may share a colour.",
        "Zehn Steine in zwei Fünferreihen. Beide Reihen dürfen dieselbe Farbe haben.",
    ),
    16: (
        "Four pairs",
        "Vier Paare",
        "Eight tiles in four pairs. An Okey may be the partner in a pair.",
        "Acht Steine in vier Paaren. Ein Okey darf der zweite Stein eines Paars sein.",
    ),
    17: (
        "Two full groups and a run",
        "Zwei volle Gruppen und eine Reihe",
        "Eleven tiles. Only a few stay on your rack, so plan your discards.",
        "Elf Steine. Auf dem Steinhalter bleiben nur wenige, also plane deine Abwürfe.",
    ),
    18: (
        "A bit of everything",
        "Von allem etwas",
        "The only contract with all three kinds of meld: a group of four, a run of five and a "
        "pair, eleven tiles in all.",
        "Der einzige Kontrakt mit allen drei Arten: eine Vierergruppe, eine Fünferreihe und "
        "ein Paar, insgesamt elf Steine.",
    ),
    19: (
        "Three full groups",
        "Drei volle Gruppen",
        "Twelve tiles, the most any contract asks for, so you still keep tiles to discard.",
        "Zwölf Steine, mehr verlangt kein Kontrakt; so bleiben dir noch Steine zum Abwerfen.",
    ),
    20: (
        "All at once",
        "Alles auf einmal",
        "No contract and no meld on the way: the first player to lay down the whole rack as "
        "valid melds in one go ends the round, without a final discard. Pairs count, and "
        "finishing with Okey does not.",
        "Kein Kontrakt und kein Auslegen vorher: Wer als Erstes den ganzen Steinhalter auf "
        "einmal als gültige Kombinationen auslegt, beendet die Runde, ohne abzuwerfen. Paare "
        "zählen, das Beenden mit Okey zählt nicht.",
    ),
}


def round_rows() -> list[dict]:
    """One dict of model field values per default round."""
    rows = []
    for r in DEFAULT_ROUNDS:
        c = r.contract
        title_en, title_de, notes_en, notes_de = ROUND_TEXT[r.number]
        rows.append(
            {
                "number": r.number,
                "groups": c.groups,
                "group_size": c.group_size,
                "runs": c.runs,
                "run_size": c.run_size,
                "pairs": c.pairs,
                "is_final": c.is_final,
                "example": format_melds(r.example),
                "indicator": format_tile(r.indicator),
                "title": title_en,
                "title_en": title_en,
                "title_de": title_de,
                "notes": notes_en,
                "notes_en": notes_en,
                "notes_de": notes_de,
            }
        )
    return rows


# slug: (term_en, term_de, also_en, also_de, definition_en, definition_de, rules, section)
GLOSSARY: dict[str, tuple[str, str, str, str, str, str, str, str]] = {
    "kut": (
        "Küt",
        "Küt",
        "American Okey, Amerikano",
        "American Okey, Amerikano",
        "A game for four players with the 106 tiles of Okey, played over 20 rounds. Every "
        "round but the last sets a contract that you must lay down before you may play to the "
        "table. After the last round the lowest total wins.",
        "Ein Spiel zu viert mit den 106 Steinen des Okey, gespielt über 20 Runden. Jede Runde "
        "außer der letzten hat einen Kontrakt, den du auslegen musst, bevor du weitere Steine "
        "auf den Tisch legen darfst. Nach der letzten Runde gewinnt die niedrigste Summe.",
        "C3 S6",
        "at-a-glance",
    ),
    "tile": (
        "tile",
        "Stein",
        "",
        "",
        "One of the 106 playing pieces: the numbers 1 to 13 in red, black, blue and yellow, "
        "two of each, plus two false jokers.",
        "Einer der 106 Spielsteine: die Zahlen 1 bis 13 in Rot, Schwarz, Blau und Gelb, "
        "jeweils zweimal, dazu zwei falsche Joker.",
        "T1",
        "okey",
    ),
    "colours": (
        "colours",
        "Farben",
        "red, black, blue, yellow",
        "Rot, Schwarz, Blau, Gelb",
        "The four colours of the tiles. The Okey's colour sets the score multiplier: ×5 when "
        "it is red or black, ×2 when it is blue or yellow. On this site every tile also shows "
        "its number and a letter (R, K, B, Y), so colour is never the only cue.",
        "Die vier Farben der Steine. Die Farbe des Okey bestimmt den Multiplikator beim "
        "Zählen: ×5 bei Rot oder Schwarz, ×2 bei Blau oder Gelb. Auf dieser Website zeigt "
        "jeder Stein auch seine Zahl und einen Buchstaben (R, S, B, G), damit die Farbe nie "
        "das einzige Merkmal ist.",
        "T1 S3",
        "okey",
    ),
    "tile-rack": (
        "tile rack",
        "Steinhalter",
        "",
        "",
        "The stand in front of you that holds your tiles so that only you can see them. "
        "Whatever is left on it when the round ends counts against you.",
        "Die Leiste vor dir, auf der deine Steine stehen, sodass nur du sie siehst. Was am "
        "Ende der Runde noch darauf steht, zählt gegen dich.",
        "S3",
        "deal",
    ),
    "draw-pile": (
        "draw pile",
        "Nachziehstapel",
        "",
        "",
        "The face-down tiles left over after the deal. You draw from it at the start of your "
        "turn, and penalty tiles come from it too.",
        "Die verdeckten Steine, die nach dem Austeilen übrig bleiben. Zu Beginn deines Zugs "
        "ziehst du davon, und auch Strafsteine kommen von dort.",
        "D1 P1",
        "deal",
    ),
    "indicator": (
        "indicator tile",
        "Anzeigestein",
        "",
        "",
        "The tile turned face up after the deal. The Okey of the round has the same colour "
        "and the next number up; after 13 comes 1.",
        "Der Stein, der nach dem Austeilen aufgedeckt wird. Der Okey der Runde hat "
        "dieselbe Farbe und die nächsthöhere Zahl; nach der 13 kommt die 1.",
        "T2",
        "okey",
    ),
    "okey": (
        "Okey",
        "Okey",
        "wild tile; plural Okeys",
        "Plural: Okeys",
        "The wild tile of the round: the two tiles showing the colour and number that the "
        "indicator points to. An Okey can stand in for any tile in a meld. Left on your rack, "
        "it counts 25 points.",
        "Der frei einsetzbare Stein der Runde: die beiden Steine mit der Farbe und Zahl, auf "
        "die der Anzeigestein zeigt. Ein Okey kann in einer Kombination jeden Stein ersetzen. "
        "Bleibt er auf deinem Steinhalter, zählt er 25 Punkte.",
        "T2 T3 S3",
        "okey",
    ),
    "false-joker": (
        "false joker",
        "falscher Joker",
        "",
        "",
        "One of the two special tiles of the set. It is not wild: it counts only as the "
        "Okey's own colour and number. Left on your rack, it counts 25 points.",
        "Einer der beiden Sondersteine im Spiel. Er ist nicht frei einsetzbar, sondern zählt "
        "nur als Farbe und Zahl des Okey. Bleibt er auf deinem Steinhalter, zählt er 25 Punkte.",
        "T4 M5 S3",
        "false-joker",
    ),
    "meld": (
        "meld",
        "Kombination",
        "group",
        "Gruppe",
        "Any valid set of tiles on the table: a Küt group, a run or a pair. Many players "
        "simply call all three “groups”.",
        "Jede gültige Zusammenstellung von Steinen auf dem Tisch: eine Küt-Gruppe, eine Reihe "
        "oder ein Paar. Viele sagen zu allen dreien einfach „Gruppe“.",
        "M1 M2 M3",
        "melds",
    ),
    "kut-group": (
        "Küt group",
        "Küt-Gruppe",
        "",
        "",
        "Three or four tiles of the same number, each in a different colour.",
        "Drei oder vier Steine mit derselben Zahl, jeder in einer anderen Farbe.",
        "M1",
        "groups",
    ),
    "run": (
        "run",
        "Reihe",
        "",
        "",
        "Three or more consecutive numbers in one colour. The 1 is the lowest tile and may "
        "also follow 13 (12-13-1), but a run never goes on past that 1: 13-1-2 is not a run.",
        "Drei oder mehr aufeinanderfolgende Zahlen in einer Farbe. Die 1 ist der niedrigste "
        "Stein und darf auch auf die 13 folgen (12-13-1), aber nach dieser 1 geht keine Reihe "
        "weiter: 13-1-2 ist keine Reihe.",
        "M2",
        "runs",
    ),
    "pair": (
        "pair",
        "Paar",
        "",
        "",
        "Two identical tiles: same number, same colour. Pairs count only in contracts that "
        "ask for them and in the last round, and nothing can be added to a pair.",
        "Zwei gleiche Steine: gleiche Zahl, gleiche Farbe. Paare zählen nur in Kontrakten, "
        "die sie verlangen, und in der letzten Runde; an ein Paar kann nichts angelegt werden.",
        "M3 P6",
        "pairs",
    ),
    "contract": (
        "contract",
        "Kontrakt",
        "task",
        "Aufgabe",
        "The opening task of a round: exactly which melds, and how long, you must lay down "
        "before you may play to the table, for example “two runs of three”. The last round "
        "has none.",
        "Die Eröffnungsaufgabe einer Runde: genau welche Kombinationen in welcher Länge du "
        "auslegen musst, bevor du weitere Steine auf den Tisch legen darfst, z. B. „zwei "
        "Reihen aus je drei Steinen“. Die letzte Runde hat keinen.",
        "C1 C2",
        "contracts",
    ),
    "round": (
        "round",
        "Runde",
        "",
        "",
        "Everything from one deal until someone goes out. A game has 20 rounds, each with its "
        "own contract; the last one is the all-at-once round.",
        "Alles vom Austeilen, bis jemand die Runde beendet. Eine Partie hat 20 Runden mit "
        "jeweils eigenem Kontrakt; die letzte ist die Alles-auf-einmal-Runde.",
        "C3",
        "contracts",
    ),
    "to-meld": (
        "to meld",
        "auslegen",
        "",
        "",
        "To lay your contract down on the table. You lay down exactly the contract, nothing "
        "more, and on that turn you play nothing else to the table.",
        "Deinen Kontrakt offen auf den Tisch legen. Du legst genau den Kontrakt aus, nicht "
        "mehr, und legst in diesem Zug sonst nichts auf den Tisch.",
        "C2 P2 P3",
        "melding",
    ),
    "to-add": (
        "to add tiles",
        "anlegen",
        "",
        "",
        "To put tiles from your rack onto a meld already on the table, yours or another "
        "player's: extend a run at either end, or give a group of three its fourth colour. "
        "Allowed from the turn after you melded.",
        "Steine von deinem Steinhalter an eine Kombination auf dem Tisch legen, an deine "
        "oder an die der anderen: eine Reihe an einem Ende verlängern oder einer "
        "Dreiergruppe die vierte Farbe geben. Erlaubt ab dem Zug nach deinem Auslegen.",
        "P4 P5 P6",
        "adding",
    ),
    "discard": (
        "discard",
        "abwerfen, abgeworfener Stein",
        "",
        "",
        "To end your turn by laying one tile face up in front of the player on your right; "
        "the tile itself is a discard too. That player may take it instead of drawing.",
        "Du beendest deinen Zug, indem du einen Stein offen vor den Platz rechts von dir "
        "legst – den abgeworfenen Stein. Wer dort sitzt, darf ihn nehmen, statt vom "
        "Nachziehstapel zu ziehen.",
        "P1",
        "turn",
    ),
    "buying": (
        "to buy a discard out of turn",
        "einen abgelegten Stein außer der Reihe kaufen",
        "",
        "",
        "To take a discard when it is not your turn, after the next player has passed on it. "
        "You also draw one penalty tile, and the turn order stays as it was. In KÜT each "
        "player may buy up to 5 times a round.",
        "Einen abgeworfenen Stein nehmen, obwohl du nicht an der Reihe bist – nachdem ihn, "
        "wer als Nächstes dran ist, liegen gelassen hat. Dazu ziehst du einen Strafstein, und "
        "die Reihenfolge bleibt, wie sie war. In KÜT darf man bis zu fünfmal pro Runde kaufen.",
        "B1 B2",
        "buying",
    ),
    "penalty-tile": (
        "penalty tile",
        "Strafstein",
        "",
        "",
        "A tile you must draw from the pile as a penalty: two after discarding an Okey or a "
        "playable tile, one when you buy a discard out of turn.",
        "Ein Stein, den du zur Strafe vom Nachziehstapel ziehen musst: zwei, wenn du einen Okey "
        "oder einen anlegbaren Stein abwirfst, einen, wenn du einen abgeworfenen Stein außer "
        "der Reihe kaufst.",
        "X1 X2 B1",
        "penalties",
    ),
    "going-out": (
        "to end the round",
        "die Runde beenden",
        "to go out",
        "fertig werden",
        "To discard your last tile. Play stops at once, you score 0, and everyone else counts "
        "what is left on their rack. In the last round you go out by laying your whole rack "
        "down in one go.",
        "Deinen letzten Stein abwerfen. Das Spiel stoppt sofort, du bekommst 0 Punkte, und "
        "alle anderen zählen, was noch auf ihrem Steinhalter steht. In der letzten Runde "
        "beendest du sie, indem du den ganzen Steinhalter auf einmal auslegst.",
        "E1 S1 C4",
        "ending",
    ),
    "okey-finish": (
        "finished with Okey",
        "mit Okey beendet",
        "",
        "",
        "A round that ends with an actual Okey as the last discard. Every penalty is doubled: "
        "1,000 instead of 500, and a melded rack counts twice. This does not apply in the "
        "last round.",
        "Eine Runde, die mit einem echten Okey als letztem abgeworfenem Stein endet. Alle "
        "Strafpunkte verdoppeln sich: 1.000 statt 500, und ein ausgelegter Steinhalter zählt "
        "doppelt. In der letzten Runde gilt das nicht.",
        "X6 S4",
        "ending",
    ),
    "all-at-once-round": (
        "all-at-once round",
        "Alles-auf-einmal-Runde",
        "the last round",
        "die letzte Runde",
        "The last round of a game. It has no contract and nobody melds on the way: the first "
        "player who lays the whole rack down as valid melds in one go ends the round, without "
        "a final discard.",
        "Die letzte Runde einer Partie. Sie hat keinen Kontrakt, und vorher legt niemand aus: "
        "Wer als Erstes den ganzen Steinhalter auf einmal als gültige Kombinationen auslegt, "
        "beendet die Runde, ohne abzuwerfen.",
        "C4 S7",
        "ending",
    ),
    "team-table": (
        "team table (TEAM)",
        "Team-Tisch (TEAM)",
        "",
        "",
        "A table where the two players sitting opposite each other are partners. When one of "
        "them ends the round, the partner scores 0 too, even without having melded.",
        "Ein Tisch, an dem die beiden, die sich gegenübersitzen, ein Team bilden. Beendet "
        "jemand aus dem Team die Runde, bekommt auch das Gegenüber 0 Punkte, selbst ohne "
        "ausgelegt zu haben.",
        "S5",
        "team",
    ),
    "kut-app-ruling": (
        "the KÜT app's ruling",
        "Regel in der KÜT-App",
        "",
        "",
        "How the KÜT app settles a disputed question. The referee page shows it next to the "
        "written table rule.",
        "Wie die KÜT-App eine strittige Frage entscheidet. Die Schiedsrichter-Seite zeigt sie "
        "neben der schriftlichen Tischregel.",
        "",
        "faq",
    ),
    "written-table-rule": (
        "written table rule",
        "schriftliche Tischregel",
        "",
        "",
        "What the written Okey rules that many tables follow say about a question. If your "
        "table has agreed on something else, your agreement stands.",
        "Was die schriftlichen Okey-Regeln, nach denen viele Tische spielen, zu einer Frage "
        "sagen. Habt ihr am Tisch etwas anderes vereinbart, gilt eure Vereinbarung.",
        "",
        "faq",
    ),
    "not-covered": (
        "not covered in the sources",
        "in der Quelle nicht erwähnt",
        "",
        "",
        "The written rules say nothing about the question, so whatever your table agreed on "
        "stands.",
        "Die schriftlichen Regeln sagen nichts zu der Frage; es gilt, was euer Tisch "
        "vereinbart hat.",
        "",
        "faq",
    ),
    "score-calculator": (
        "score calculator",
        "Punkterechner",
        "",
        "",
        "The page of this site that works out every player's score for a round from the tiles "
        "left on their racks, and shows the working.",
        "Die Seite dieser Website, die aus den Steinen auf den Steinhaltern die Punkte aller "
        "für eine Runde ausrechnet und den Rechenweg zeigt.",
        "S1 S2 S3 S4 S5",
        "scoring",
    ),
    "referee": (
        "referee",
        "Schiedsrichter",
        "",
        "",
        "The page of this site with rulings on the nine questions tables argue about most, "
        "each with a link you can send to everyone at the table.",
        "Die Seite dieser Website mit Entscheidungen zu den neun Fragen, über die an Tischen "
        "am meisten gestritten wird, jede mit einem Link, den du allen am Tisch schicken "
        "kannst.",
        "",
        "faq",
    ),
}


def glossary_rows() -> list[dict]:
    rows = []
    for slug, (
        term_en,
        term_de,
        also_en,
        also_de,
        def_en,
        def_de,
        rules,
        section,
    ) in GLOSSARY.items():
        rows.append(
            {
                "slug": slug,
                "term": term_en,
                "term_en": term_en,
                "term_de": term_de,
                "also": also_en,
                "also_en": also_en,
                "also_de": also_de,
                "definition": def_en,
                "definition_en": def_en,
                "definition_de": def_de,
                "rules": rules,
                "section": section,
            }
        )
    return rows


def seed_rounds(model) -> None:
    """Create the default rounds (skipping numbers that exist)."""
    existing = set(model.objects.values_list("number", flat=True))
    model.objects.bulk_create(
        [model(**row) for row in round_rows() if row["number"] not in existing]
    )


def seed_glossary(model) -> None:
    """Create the glossary entries (skipping slugs that exist)."""
    existing = set(model.objects.values_list("slug", flat=True))
    model.objects.bulk_create(
        [model(**row) for row in glossary_rows() if row["slug"] not in existing]
    )
