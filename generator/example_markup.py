"""The examples' markup: the setup line, an auction's calls, a play's table and hand, a deal's
tricks, tally and outcome, which the templates call as ``markup.setup(view)`` and so on. It is the
markup a page repeats most, so it is written here once, in Python, rather than as Jinja macros: a
macro call costs more than the markup it makes (a full render of the real site took 13-20 % more
CPU with macros, at 32 pages and at 200 pages per locale alike: ``bench/``).

``i18n extract`` reads this module's messages (``w.gettext``, ``w.ngettext``) as it reads the
templates'. Every value is escaped (``escape``; what :class:`~generator.page_text.Words` returns as
Markup, a translated message, a face, a name, is markup already), as the templates' autoescape does.
"""

from __future__ import annotations

from markupsafe import Markup, escape

from .deal_views import DealView
from .page_text import Words
from .positions import sorted_hand
from .rules import Card, Seat, rule_sets_differ
from .rules.scoring import BELOTE, LAST_TRICK, LAST_TRICK_CAPOT
from .views import AuctionView, PlayView

PLACES = ("below", "left", "above", "right")
"""Where a seat is drawn on the table, by how many turns after the seat to play it plays: the seat to
play at the bottom, the next on its left, its partner at the top (play goes clockwise)."""


class ExampleMarkup:
    """The examples' markup in one locale, named with its :class:`Words` (the templates' ``markup``)."""

    def __init__(self, words: Words) -> None:
        self.words = words

    # -- auctions and plays -----------------------------------------------------------------------

    def setup(self, view: AuctionView | PlayView) -> Markup:
        """An auction's or a play's setup line: the game, the dealer and turned card, or the trump."""
        w = self.words
        parts = ['<p class="setup">']
        if isinstance(view, AuctionView):
            if view.turned is not None:
                parts += [
                    w.gettext(
                        "%(game)s; the dealer is %(dealer)s, the turned card is %(suit)s.",
                        game=w.game(view.game),
                        dealer=w.seat(view.dealer),
                        suit=w.turned(view.turned),
                    ),
                    ' <span class="face turned s',
                    escape(view.turned.code()),
                    '" data-i="',
                    escape(w.corner(view.turned_card.rank)) if view.turned_card is not None else "",
                    '" aria-hidden="true"></span>',
                ]
            else:
                parts.append(
                    w.gettext(
                        "%(game)s; the dealer is %(dealer)s.",
                        game=w.game(view.game),
                        dealer=w.seat(view.dealer),
                    )
                )
        elif view.trump is not None:
            parts.append(w.gettext("%(game)s; trump: %(suit)s.", game=w.game(view.game), suit=w.trump(view.trump)))
        else:
            parts.append(w.gettext("%(game)s.", game=w.game(view.game)))
        if rule_sets_differ(view.game):
            parts += ['&nbsp;<span class="rules">', w.rules(view.rules), "</span>"]  # never alone on a line
        parts.append("</p>")
        return Markup("".join(parts))

    def auction(self, view: AuctionView) -> Markup:
        """An auction's calls, numbered, the refused ones with why, and its outcome."""
        w = self.words
        parts = ['<ol class="calls">\n']
        for row in view.calls:
            parts += ['  <li class="refused">' if row.refused else "  <li>", '<span class="num">', escape(row.number)]
            parts.append(".</span> ")
            if row.second_round:
                parts += ['<span class="round">', w.gettext("Second round"), "</span> "]
            if row.dealer:
                parts += ['<span class="dealer" data-mark="', w.gettext("dealer"), '"></span> ']
            parts += ['<span class="seat">', escape(w.seat(row.seat)), "</span>&nbsp;"]
            parts += ['<span class="what"><span class="call">', w.call(row.call), "</span>"]
            if row.refused:
                parts += [' <span class="verdict">', w.gettext("(refused)"), "</span>"]
            parts.append("</span>")
            if row.reason:
                parts += [' <span class="because">', w.say(row.reason), "</span>"]
            parts.append("</li>\n")
        parts += ['</ol>\n<p class="outcome">', w.say(view.said), "</p>"]
        return Markup("".join(parts))

    def _role_name(self, role: str, played: bool) -> Markup:
        """A seat's role seen from the seat to play."""
        w = self.words
        if role == "partner":
            return w.gettext("partner")
        if role == "opponent":
            return w.gettext("opponent")
        return w.gettext("you") if played else w.gettext("your turn")

    def table(self, view: PlayView) -> Markup:
        """The table seen from above, the seat to play at the bottom (as the app shows the player's
        own seat) and the others round it in the order of play, clockwise: each seat named, its card,
        its role; the led suit, trump, the turn (alone on the practice page, atop a play's hand)."""
        w = self.words
        parts = ['<div class="felt done"' if view.winner is not None else '<div class="felt"']
        parts += [' role="group" aria-label="', w.gettext("The table seen from above"), '">\n']
        for spot in view.table:
            place = PLACES[(spot.seat - view.seat) % len(PLACES)]  # a seat's value is its place in the turn order
            parts += ['  <div class="spot at', escape(spot.seat.code()), " ", place, " ", escape(spot.role)]
            parts.append(' winning">\n' if spot.winning else '">\n')
            parts.append('    <span class="who">')
            if spot.order:
                parts += ['<span class="num">', escape(spot.order), ".</span> "]
            parts += ['<span class="seat">', escape(w.seat(spot.seat)), "</span></span>\n"]
            if spot.card is not None:
                parts.append(w.face(spot.card, "win" if spot.winning else ""))
            else:
                parts.append('<span class="face empty" aria-hidden="true"></span>')
            parts += ['    <span class="role">', self._role_name(spot.role, spot.card is not None), "</span>\n"]
            if spot.winning:
                if view.winner is None:
                    mark = w.gettext("winning")
                elif spot.role == "to-play":
                    mark = w.gettext("you win the trick")
                else:
                    mark = w.gettext("wins the trick")
                parts += ['<span class="mark">', mark, "</span>"]
            if spot.points is not None:
                points = w.ngettext("%(num)s point", "%(num)s points", spot.points)
                parts += ['<span class="pts">', points, "</span>"]
            parts.append("  </div>\n")
        parts.append('  <p class="center">')
        if view.led is not None:
            parts += ['<span class="led"><span class="sym s', escape(view.led.code()), '" aria-hidden="true"></span>']
            parts += [w.gettext("Led: %(suit)s", suit=w.trump(view.led)), "</span> "]
        parts.append('<span class="trump">')
        if view.trump is not None:
            parts += ['<span class="sym s', escape(view.trump.code()), '" aria-hidden="true"></span>']
            parts.append(w.gettext("Trump: %(suit)s", suit=w.trump(view.trump)))
        else:
            parts.append(w.gettext("No trump"))
        start = view.trick[0].seat if view.trick else view.seat
        parts += ['</span></p>\n  <p class="turn">', w.gettext("Turn: %(order)s", order=w.turn_order(start))]
        parts.append("</p>\n</div>")
        return Markup("".join(parts))

    def _card(self, card: Card, state: str = "", name: str | None = None) -> str:
        """A card chip: its suit a class, its name the text."""
        parts = ['<span class="card s', escape(card.suit.code()), " " + escape(state) if state else "", '">']
        parts += [escape(name or self.words.card(card)), "</span>"]
        return "".join(parts)

    def _names(self, cards: tuple[Card, ...] | list[Card], state: str = "") -> Markup:
        """Card chips in a row."""
        return Markup('<span class="names">' + "".join(self._card(card, state) for card in cards) + "</span>")

    def play(self, view: PlayView, other: PlayView | None = None) -> Markup:
        """A play: the table, the hand with each card's verdict, the reasons, the allowed cards, the
        played card and the trick's value; ``other`` is its pair under the other rule set."""
        w = self.words
        # the cards allowed here and refused in its pair under the other rule set
        only = frozenset(view.allowed) - frozenset(other.allowed) if other else frozenset()
        parts = [self.table(view), '\n<p class="hand"><span class="label">', escape(w.hand(view.seat))]
        parts.append('</span></p>\n<ul class="hand-cards">\n')
        cards = [entry.card for entry in view.hand]
        shown = sorted_hand(cards, view.trump)
        for entry in view.hand:
            state = "ok" if entry.allowed else "no"
            parts += ['  <li class="', state, " only" if entry.card in only else "", '"']
            if shown != tuple(cards):  # drawn sorted by suit; the text keeps the example's order
                parts += [' style="order:', str(shown.index(entry.card)), '"']
            if entry.allowed:
                verdict = w.gettext(
                    "%(card)s: allowed. %(reason)s", card=w.card(entry.card), reason=w.say(entry.allows)
                )
            else:
                verdict = w.gettext(
                    "%(card)s: not allowed. %(reason)s", card=w.card(entry.card), reason=w.say(entry.reason)
                )
            parts += [">", w.face(entry.card, state, verdict), "</li>\n"]
        parts.append("</ul>\n")
        if view.refused:
            parts.append('<ul class="reasons">\n')
            for group, phrase in view.reasons:
                parts += ['  <li data-cards="', escape(" ".join(map(str, group))), '">']
                parts += [w.fill("reason", "%(card)s: %(reason)s", card=self._names(group), reason=w.say(phrase))]
                parts.append("</li>\n")
            parts.append("</ul>\n")
        if only:
            parts += ['<p class="only-line"><span class="label">', w.gettext("Allowed only under these rules:")]
            parts += ["</span> ", self._names([card for card in view.allowed if card in only], "only"), "</p>\n"]
        parts += ['<p class="allowed"><span class="label">', w.gettext("Allowed cards:"), "</span> "]
        parts += [self._names(view.allowed), "</p>\n"]
        if view.play:
            played = view.play
            card = Markup(self._card(played.card, "win" if played.wins else "", w.played(played.card)))
            parts += [
                '<p class="played">',
                w.gettext("%(seat)s plays %(card)s.", seat=w.seat(played.seat), card=card),
            ]
            assert view.winner is not None  # a played card completes the trick
            parts += ["\n", w.gettext("Winner: %(seat)s.", seat=w.seat(view.winner)), "\n"]
            if view.points:
                value = w.ngettext(
                    "Trick value: %(sum)s = %(num)s point.",
                    "Trick value: %(sum)s = %(num)s points.",
                    view.total,
                    sum=" + ".join(map(str, view.points)),
                )
                # the sum never breaks across lines: "11 + 10 + 0 + 20 = 41" joined by no-break spaces
                parts.append(Markup(str(value).replace(" + ", "\u00a0+\u00a0").replace(" = ", "\u00a0=\u00a0")))
            parts.append("</p>\n")
        return Markup("".join(parts))

    # -- deals -----------------------------------------------------------------------------------

    def _trick_card(self, card: Card, order: int, wins: bool, belote: str) -> str:
        """One card of a trick: its place in the trick, its face, if it leads, wins, is the belote."""
        w = self.words
        parts = [
            '<td class="',
            "led" if order == 1 else "",
            " won" if wins else "",
            '"><span class="ord" aria-hidden="true">',
        ]
        parts += [escape(order), "</span>", w.face(card, "win" if wins else "")]
        if order == 1:
            parts += ['<span class="sr">', w.gettext("(leads)"), "</span>"]
        if wins:
            parts += ['<span class="sr">', w.gettext("(wins the trick)"), "</span>"]
        if belote == "belote":
            parts += ['<span class="bel"><span aria-hidden="true">', w.gettext("Belote")]
            parts += ['</span><span class="sr">', w.gettext("(belote)"), "</span></span>"]
        elif belote:
            parts += ['<span class="bel"><span aria-hidden="true">+', escape(BELOTE), '</span><span class="sr">']
            parts += [w.gettext("(rebelote: %(num)s points for the team)", num=BELOTE), "</span></span>"]
        parts.append("</td>")
        return "".join(parts)

    def tricks(self, view: DealView) -> Markup:
        """A deal's eight tricks, folded: a column per seat, each card's place and the winner; each
        trick's points and who won it. Each card's cell is built once per locale."""
        w = self.words
        parts = ['<details class="fold">\n<summary>', w.gettext("The eight tricks"), "</summary>\n"]
        parts += ['<p class="tricks-caption" id="tricks-', escape(view.id), '">']
        parts.append(
            w.gettext(
                "The eight tricks. Each column is a player; the small number is the order of play, "
                "and the framed card wins the trick."
            )
        )
        parts += [
            '</p>\n<div class="deal-tricks" role="region" tabindex="0" aria-label="',
            w.gettext("The eight tricks"),
        ]
        parts += ['">\n<table class="tricks" aria-describedby="tricks-', escape(view.id), '">\n']
        parts += ['<thead><tr><th scope="col"><span class="sr">', w.gettext("Trick"), "</span></th>"]
        for seat in Seat:
            parts += ['<th scope="col">', escape(w.seat(seat)), "</th>"]
        parts += ['<th scope="col">', w.gettext("Points"), "</th></tr></thead>\n<tbody>\n"]
        for row in view.tricks:
            parts += ['<tr><th scope="row">', escape(row.number), "</th>"]
            for entry in row.cards:
                parts.append(w.once("trick card", self._trick_card, entry.card, entry.order, entry.wins, entry.belote))
            parts += ['<td class="pts">', escape(row.points)]
            if row.last:
                parts += ['<span class="dix">+&nbsp;', escape(row.last), "</span>"]
            parts += ['<span class="by ', "ns" if row.winner.team.code() == "NS" else "ew", '">']
            parts += [self.words.team(row.winner.team), "</span></td></tr>\n"]
        parts.append("</tbody>\n</table>\n</div>\n</details>")
        if view.tricks[-1].last == LAST_TRICK_CAPOT:  # the usual dix de der is said once, in the recap
            parts += [
                '\n<p class="last-note">',
                w.gettext(
                    "Capot: the last trick adds %(last)s instead of the %(usual)s of the dix de der.",
                    last=LAST_TRICK_CAPOT,
                    usual=LAST_TRICK,
                ),
                "</p>",
            ]
        return Markup("".join(parts))

    def tally(self, view: DealView, others: tuple[DealView, ...] | list[DealView] = ()) -> Markup:
        """Each team's tricks, card points, belote and total, then the score of ``view`` and of each
        of ``others`` (its pair's, scored under the other rule set)."""
        w = self.words
        parts = ['<table class="tally">\n<thead><tr><td></td>']
        for entry in view.teams:
            parts += ['<th scope="col">', self.words.team(entry.team)]
            if entry.takers:
                parts += [' <span class="takers">', w.gettext("(takers)"), "</span>"]
            parts.append("</th>")
        parts += ['</tr></thead>\n<tbody>\n<tr><th scope="row">', w.gettext("Tricks won"), "</th>"]
        parts += [f"<td>{escape(entry.tricks)}</td>" for entry in view.teams]
        parts += ['</tr>\n<tr><th scope="row">', w.gettext("Cards and last trick"), "</th>"]
        parts += [f"<td>{escape(entry.card_points)}</td>" for entry in view.teams]
        parts += ['</tr>\n<tr><th scope="row">', w.gettext("Belote"), "</th>"]
        parts += [f"<td>{escape(entry.belote) if entry.belote else '—'}</td>" for entry in view.teams]
        parts += ['</tr>\n<tr class="total"><th scope="row">', w.gettext("Total"), "</th>"]
        parts += [f"<td>{escape(entry.total)}</td>" for entry in view.teams]
        parts.append("</tr>\n</tbody>\n")
        for scored in [view, *others]:
            parts.append('<tbody class="score">\n<tr><th scope="row">')
            parts.append(w.gettext("Score: %(rules)s", rules=w.rules(scored.rules)) if others else w.gettext("Score"))
            parts.append("</th>")
            for entry in scored.teams:
                parts += ["<td><strong>", escape(entry.score), "</strong>"]
                if entry.sum:
                    parts += ['<span class="sum">= ', escape(entry.sum), "</span>"]
                parts.append("</td>")
            parts.append("</tr>\n")
            if scored.carries:
                parts += ['<tr><th scope="row">', w.gettext("Carried to the next deal"), "</th>"]
                parts += [f"<td>{escape(scored.carried_out) if e.takers else '—'}</td>" for e in scored.teams]
                parts.append("</tr>")
            parts.append("</tbody>\n")
        parts.append("</table>")
        return Markup("".join(parts))

    def deal_setup(self, view: DealView, with_rules: bool = True) -> Markup:
        """A deal's setup line: the game and trump, who deals and leads, the contract; its rule set
        unless ``with_rules`` is false (a pair names each)."""
        w = self.words
        if view.trump is not None:
            game = w.gettext("%(game)s; trump: %(suit)s.", game=w.game(view.game), suit=w.trump(view.trump))
        else:
            game = w.gettext("%(game)s.", game=w.game(view.game))
        deals = w.gettext(
            "%(dealer)s deals; %(seat)s leads the first trick.",
            dealer=w.seat(view.dealer),
            seat=w.seat(view.leader),
        )
        parts = ['<p class="setup">', game, " ", deals, " ", w.say(view.contract_said)]
        if with_rules and rule_sets_differ(view.game, scoring=True):
            parts += [' <span class="rules">', w.rules(view.rules), "</span>"]
        parts.append("</p>")
        return Markup("".join(parts))

    def said(self, view: DealView) -> Markup:
        """A deal's outcome and what it gives, as sentences."""
        said = " ".join(self.words.say(phrase) for phrase in view.said)
        return Markup(f'<p class="outcome {escape(view.outcome.value)}">{said}</p>')
