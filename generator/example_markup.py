"""The examples' markup, built in Python: the setup line, an auction's calls, a play's table and
hand, a deal's tricks, tally and outcome. These are the macros a page calls most (a Jinja macro call
costs more than the markup it makes), so the pages call these functions instead.

Each function gives the bytes of the macro of the same name in ``templates/blocks.html`` or
``templates/deal.html``, which stays as its reference (and as the source of its messages for
``i18n extract``); ``tests/test_example_markup.py`` renders both on every example. Every value is
escaped (``escape``; what the renderer returns as Markup, a translated message, a face, a name, is
markup already), as the templates' autoescape does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from markupsafe import Markup, escape

from .deal_views import DealView
from .rules import Card, Seat, rule_sets_differ
from .rules.scoring import BELOTE
from .views import AuctionView, PlayView, only_here
from .words import scoring
from .words.terms import Message

if TYPE_CHECKING:
    from .render import LocaleRenderer


def nobreak_sum(text: Markup) -> Markup:
    """A sum that never breaks across lines: "11 + 10 + 0 + 20 = 41" joined by no-break spaces."""
    return Markup(str(text).replace(" + ", "\u00a0+\u00a0").replace(" = ", "\u00a0=\u00a0"))


class ExampleMarkup:
    """The example macros of one locale's renderer as Python functions returning Markup."""

    def __init__(self, renderer: LocaleRenderer) -> None:
        self.r = renderer

    def globals(self) -> dict[str, object]:
        """The functions under the names the templates call them by (each macro's name + ``_html``)."""
        return {
            "setup_html": self.setup,
            "auction_html": self.auction,
            "play_html": self.play,
            "table_html": self.table,
            "deal_setup_html": self.deal_setup,
            "tricks_html": self.tricks,
            "tally_html": self.tally,
            "said_html": self.said,
        }

    # -- blocks.html ------------------------------------------------------------------------------

    def setup(self, view: AuctionView | PlayView) -> Markup:
        """An auction's or a play's setup line: the game, the dealer and turned card, or the trump (``setup``)."""
        r = self.r
        parts = ['<p class="setup">']
        if isinstance(view, AuctionView):
            if view.turned is not None:
                parts += [
                    r.gettext(
                        "%(game)s; the dealer is %(dealer)s, the turned card is %(suit)s.",
                        game=r.game_name(view.game),
                        dealer=r.seat_name(view.dealer),
                        suit=r.turned_name(view.turned),
                    ),
                    ' <span class="face turned s',
                    escape(view.turned.code()),
                    '" data-i="',
                    escape(r.card_corner(view.turned_card.rank)) if view.turned_card is not None else "",
                    '" aria-hidden="true"></span>',
                ]
            else:
                parts.append(
                    r.gettext(
                        "%(game)s; the dealer is %(dealer)s.",
                        game=r.game_name(view.game),
                        dealer=r.seat_name(view.dealer),
                    )
                )
        elif view.trump is not None:
            parts.append(
                r.gettext("%(game)s; trump: %(suit)s.", game=r.game_name(view.game), suit=r.trump_name(view.trump))
            )
        else:
            parts.append(r.gettext("%(game)s.", game=r.game_name(view.game)))
        if rule_sets_differ(view.game):
            parts += [' <span class="rules">', r.rules_name(view.rules), "</span>"]
        parts.append("</p>")
        return Markup("".join(parts))

    def auction(self, view: AuctionView) -> Markup:
        """An auction's calls, numbered, the refused ones with why, and its outcome (``auction``)."""
        r = self.r
        parts = ['<ol class="calls">\n']
        for row in view.calls:
            parts += ['  <li class="refused">' if row.refused else "  <li>", '<span class="num">', escape(row.number)]
            parts.append(".</span> ")
            if row.second_round:
                parts += ['<span class="round">', r.gettext("Second round"), "</span> "]
            if row.dealer:
                parts += ['<span class="dealer" data-mark="', r.gettext("dealer"), '"></span> ']
            parts += ['<span class="seat">', escape(r.seat_name(row.seat)), "</span>&nbsp;"]
            parts += ['<span class="what"><span class="call">', r.call_name(row.call), "</span>"]
            if row.refused:
                parts += [' <span class="verdict">', r.gettext("(refused)"), "</span>"]
            parts.append("</span>")
            if row.reason:
                parts += [' <span class="because">', r.say(row.reason), "</span>"]
            parts.append("</li>\n")
        parts += ['</ol>\n<p class="outcome">', r.say(view.said), "</p>"]
        return Markup("".join(parts))

    def _role_name(self, role: str, played: bool) -> Markup:
        """A seat's role seen from the seat to play (``role_name``)."""
        r = self.r
        if role == "partner":
            return r.gettext("partner")
        if role == "opponent":
            return r.gettext("opponent")
        return r.gettext("you") if played else r.gettext("your turn")

    def table(self, view: PlayView) -> Markup:
        """The table seen from above alone, as the practice page shows it (the ``table`` macro)."""
        return Markup(self._table(view))

    def _table(self, view: PlayView) -> str:
        """The table seen from above: each seat, its card, its role; the led suit, trump, the turn (``table``)."""
        r = self.r
        parts = ['<div class="felt done"' if view.winner is not None else '<div class="felt"']
        parts += [' role="group" aria-label="', r.gettext("The table seen from above"), '">\n']
        for spot in view.table:
            parts += ['  <div class="spot at', escape(spot.seat.code()), " ", escape(spot.role)]
            parts.append(' winning">\n' if spot.winning else '">\n')
            parts.append('    <span class="who">')
            if spot.order:
                parts += ['<span class="num">', escape(spot.order), ".</span> "]
            parts += ['<span class="seat">', escape(r.seat_name(spot.seat)), "</span></span>\n"]
            if spot.card is not None:
                parts.append(r.face(spot.card, "win" if spot.winning else ""))
            else:
                parts.append('<span class="face empty" aria-hidden="true"></span>')
            parts += ['    <span class="role">', self._role_name(spot.role, spot.card is not None), "</span>\n"]
            if spot.winning:
                mark = r.gettext("wins the trick") if view.winner is not None else r.gettext("winning")
                parts += ['<span class="mark">', mark, "</span>"]
            if spot.points is not None:
                points = r.ngettext("%(num)s point", "%(num)s points", spot.points)
                parts += ['<span class="pts">', points, "</span>"]
            parts.append("  </div>\n")
        parts.append('  <p class="center">')
        if view.led is not None:
            parts += ['<span class="led"><span class="sym s', escape(view.led.code()), '" aria-hidden="true"></span>']
            parts += [r.gettext("Led: %(suit)s", suit=r.trump_name(view.led)), "</span> "]
        parts.append('<span class="trump">')
        if view.trump is not None:
            parts += ['<span class="sym s', escape(view.trump.code()), '" aria-hidden="true"></span>']
            parts.append(r.gettext("Trump: %(suit)s", suit=r.trump_name(view.trump)))
        else:
            parts.append(r.gettext("No trump"))
        start = view.trick[0].seat if view.trick else view.seat
        parts += ['</span></p>\n  <p class="turn">', r.gettext("Turn: %(order)s", order=r.turn_order(start))]
        parts.append("</p>\n</div>")
        return "".join(parts)

    def _card(self, card: Card, state: str = "", name: str | None = None) -> str:
        """A card chip: its suit a class, its name the text (``card``)."""
        parts = ['<span class="card s', escape(card.suit.code()), " " + escape(state) if state else "", '">']
        parts += [escape(name or self.r.card_name(card)), "</span>"]
        return "".join(parts)

    def _names(self, cards: tuple[Card, ...] | list[Card], state: str = "") -> Markup:
        """Card chips in a row (``names``)."""
        return Markup('<span class="names">' + "".join(self._card(card, state) for card in cards) + "</span>")

    def play(self, view: PlayView, other: PlayView | None = None) -> Markup:
        """A play: the table, the hand with each card's verdict, the reasons, the allowed cards, the
        played card and the trick's value; ``other`` is its pair under the other rule set (``play``)."""
        r = self.r
        only = only_here(view, other)
        parts = [self._table(view), '\n<p class="hand"><span class="label">', escape(r.hand_label(view.seat))]
        parts.append('</span></p>\n<ul class="hand-cards">\n')
        for entry in view.hand:
            if entry.allowed:
                verdict = r.gettext(
                    "%(card)s: allowed. %(reason)s", card=r.card_name(entry.card), reason=r.say(entry.allows)
                )
                parts.append('  <li class="ok only">' if entry.card in only else '  <li class="ok">')
                parts += [r.face(entry.card, "ok", verdict), "</li>\n"]
            else:
                verdict = r.gettext(
                    "%(card)s: not allowed. %(reason)s", card=r.card_name(entry.card), reason=r.say(entry.reason)
                )
                parts.append('  <li class="no only">' if entry.card in only else '  <li class="no">')
                parts += [r.face(entry.card, "no", verdict), "</li>\n"]
        parts.append("</ul>\n")
        if view.refused:
            parts.append('<ul class="reasons">\n')
            for group, phrase in view.reasons:
                parts += ['  <li data-cards="', escape(" ".join(map(str, group))), '">']
                parts += [r.fill("reason", "%(card)s: %(reason)s", card=self._names(group), reason=r.say(phrase))]
                parts.append("</li>\n")
            parts.append("</ul>\n")
        if only:
            parts += ['<p class="only-line"><span class="label">', r.gettext("Allowed only under these rules:")]
            parts += ["</span> ", self._names([card for card in view.allowed if card in only], "only"), "</p>\n"]
        parts += ['<p class="allowed"><span class="label">', r.gettext("Allowed cards:"), "</span> "]
        parts += [self._names(view.allowed), "</p>\n"]
        if view.play:
            played = view.play
            card = Markup(self._card(played.card, "win" if played.wins else "", r.played_name(played.card)))
            parts += [
                '<p class="played">',
                r.gettext("%(seat)s plays %(card)s.", seat=r.seat_name(played.seat), card=card),
            ]
            assert view.winner is not None  # a played card completes the trick
            parts += ["\n", r.gettext("Winner: %(seat)s.", seat=r.seat_name(view.winner)), "\n"]
            if view.points:
                value = r.ngettext(
                    "Trick value: %(sum)s = %(num)s point.",
                    "Trick value: %(sum)s = %(num)s points.",
                    view.total,
                    sum=" + ".join(map(str, view.points)),
                )
                parts.append(nobreak_sum(value))
            parts.append("</p>\n")
        return Markup("".join(parts))

    # -- deal.html --------------------------------------------------------------------------------

    def _trick_card(self, card: Card, order: int, wins: bool, belote: str) -> str:
        """One card of a trick: its place in the trick, its face, if it leads, wins, is the belote (``trick_card``)."""
        r = self.r
        parts = [
            '<td class="',
            "led" if order == 1 else "",
            " won" if wins else "",
            '"><span class="ord" aria-hidden="true">',
        ]
        parts += [escape(order), "</span>", r.face(card, "win" if wins else "")]
        if order == 1:
            parts += ['<span class="sr">', r.gettext("(leads)"), "</span>"]
        if wins:
            parts += ['<span class="sr">', r.gettext("(wins the trick)"), "</span>"]
        if belote == "belote":
            parts += ['<span class="bel"><span aria-hidden="true">', r.foreign_marked(r.gettext("Belote"))]
            parts += ['</span><span class="sr">', r.gettext("(belote)"), "</span></span>"]
        elif belote:
            parts += ['<span class="bel"><span aria-hidden="true">+', escape(BELOTE), '</span><span class="sr">']
            parts += [r.gettext("(rebelote: %(num)s points for the team)", num=BELOTE), "</span></span>"]
        parts.append("</td>")
        return "".join(parts)

    def _team_name(self, team: scoring.Team) -> Markup:
        """A team's name as page text (``term("team", team_msgid(team))``)."""
        return self.r.named(Message("team", scoring.team(team).msgid))

    def tricks(self, view: DealView) -> Markup:
        """A deal's eight tricks, folded: a column per seat, each card's place and the winner; each
        trick's points and who won it (``tricks``). Each card's cell is built once per locale."""
        r = self.r
        parts = ['<details class="fold">\n<summary>', r.gettext("The eight tricks"), "</summary>\n"]
        parts += ['<div class="deal-tricks" role="region" tabindex="0" aria-label="', r.gettext("The eight tricks")]
        parts += ['">\n<table class="tricks">\n<caption>']
        parts.append(
            r.gettext(
                "The eight tricks. Each column is a player; the small number is the order of play, "
                "and the framed card wins the trick."
            )
        )
        parts += ['</caption>\n<thead><tr><th scope="col"><span class="sr">', r.gettext("Trick"), "</span></th>"]
        for seat in Seat:
            parts += ['<th scope="col">', escape(r.seat_name(seat)), "</th>"]
        parts += ['<th scope="col">', r.gettext("Points"), "</th></tr></thead>\n<tbody>\n"]
        for row in view.tricks:
            parts += ['<tr><th scope="row">', escape(row.number), "</th>"]
            for entry in row.cards:
                parts.append(
                    r.per_locale("trick card", self._trick_card, entry.card, entry.order, entry.wins, entry.belote)
                )
            parts += ['<td class="pts">', escape(row.points)]
            if row.last:
                parts += ['<span class="dix">+&nbsp;', escape(row.last), "</span>"]
            parts += ['<span class="by ', "ns" if row.winner.team.code() == "NS" else "ew", '">']
            parts += [self._team_name(row.winner.team), "</span></td></tr>\n"]
        parts += ["</tbody>\n</table>\n</div>\n</details>\n", '<p class="last-note">']
        parts += [r.gettext("The last trick (“dix de der”) adds %(last)s.", last=view.tricks[-1].last), "</p>"]
        return Markup("".join(parts))

    def tally(self, view: DealView, others: tuple[DealView, ...] | list[DealView] = ()) -> Markup:
        """Each team's tricks, card points, belote and total, then the score of ``view`` and of each
        of ``others`` (its pair's, scored under the other rule set) (``tally``)."""
        r = self.r
        parts = ['<table class="tally">\n<thead><tr><td></td>']
        for entry in view.teams:
            parts += ['<th scope="col">', self._team_name(entry.team)]
            if entry.takers:
                parts += [' <span class="takers">', r.gettext("(takers)"), "</span>"]
            parts.append("</th>")
        parts += ['</tr></thead>\n<tbody>\n<tr><th scope="row">', r.gettext("Tricks won"), "</th>"]
        parts += [f"<td>{escape(entry.tricks)}</td>" for entry in view.teams]
        parts += ['</tr>\n<tr><th scope="row">', r.gettext("Cards and last trick"), "</th>"]
        parts += [f"<td>{escape(entry.card_points)}</td>" for entry in view.teams]
        parts += ['</tr>\n<tr><th scope="row">', r.foreign_marked(r.gettext("Belote")), "</th>"]
        parts += [f"<td>{escape(entry.belote) if entry.belote else '—'}</td>" for entry in view.teams]
        parts += ['</tr>\n<tr class="total"><th scope="row">', r.gettext("Total"), "</th>"]
        parts += [f"<td>{escape(entry.total)}</td>" for entry in view.teams]
        parts.append("</tr>\n</tbody>\n")
        for scored in [view, *others]:
            parts.append('<tbody class="score">\n<tr><th scope="row">')
            if others:
                parts.append(r.gettext("Score: %(rules)s", rules=r.rules_name(scored.rules)))
            else:
                parts.append(r.gettext("Score"))
            parts.append("</th>")
            for entry in scored.teams:
                parts += ["<td><strong>", escape(entry.score), "</strong>"]
                if entry.sum:
                    parts += ['<span class="sum">= ', escape(entry.sum), "</span>"]
                parts.append("</td>")
            parts.append("</tr>\n")
            if scored.carries:
                parts += ['<tr><th scope="row">', r.gettext("Carried to the next deal"), "</th>"]
                parts += [f"<td>{escape(scored.carried_out) if e.takers else '—'}</td>" for e in scored.teams]
                parts.append("</tr>")
            parts.append("</tbody>\n")
        parts.append("</table>")
        return Markup("".join(parts))

    def deal_setup(self, view: DealView, with_rules: bool = True) -> Markup:
        """A deal's setup line: the game and trump, who deals and leads, the contract; its rule set
        unless ``with_rules`` is false (a pair names each) (deal.html's ``setup``)."""
        r = self.r
        if view.trump is not None:
            game = r.gettext("%(game)s; trump: %(suit)s.", game=r.game_name(view.game), suit=r.trump_name(view.trump))
        else:
            game = r.gettext("%(game)s.", game=r.game_name(view.game))
        deals = r.gettext(
            "%(dealer)s deals; %(seat)s leads the first trick.",
            dealer=r.seat_name(view.dealer),
            seat=r.seat_name(view.leader),
        )
        parts = ['<p class="setup">', game, " ", deals, " ", r.say(view.contract_said)]
        if with_rules and rule_sets_differ(view.game, scoring=True):
            parts += [' <span class="rules">', r.rules_name(view.rules), "</span>"]
        parts.append("</p>")
        return Markup("".join(parts))

    def said(self, view: DealView) -> Markup:
        """A deal's outcome and what it gives, as sentences (``said``)."""
        said = " ".join(self.r.say(phrase) for phrase in view.said)
        return Markup(f'<p class="outcome {escape(view.outcome.value)}">{said}</p>')
