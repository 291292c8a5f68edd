"""What a translator needs to know of each message of the templates: where the player sees it and
what it says there. The extractor gives each its note as the catalogs' translator comment (``#.``),
as the content's messages have theirs; a test fails when a template's message has none, or a note
is left for a message no template says. (Babel's template comments cannot do this: a line often
holds several messages, and a comment reaches only the first.)"""

from __future__ import annotations

NOTES: dict[str, str] = {
    # base.html: every page
    "Four playing cards, one of each suit, on the green of a card table.": (
        "Description of the picture of a page's link preview when it is shared (for those who cannot see "
        "it); not shown on the page."
    ),
    "Skip to the content": "A link for keyboard and screen-reader users, first on every page: jump over the menus.",
    "Language": "Name of the list of languages at the top of every page (read by screen readers).",
    "Draft: this translation is not published yet.": (
        "A banner on every page of a language that is not published yet (a draft)."
    ),
    "Help pages": "Name of the list of help pages in the footer (read by screen readers).",
    "Every example on these pages is computed by the app's rules engine.": (
        "A line in the footer of every page: the examples are checked by the app, not typed by hand."
    ),
    # search.html: the search box in the header of every page
    "Search the help": "Label of the search box at the top of every page (type words, see the pages that have them).",
    "Searching…": "Shown under the search box while the pages are searched (a moment).",
    "Pages that match:": "Shown under the search box above the list of pages that have the words typed.",
    "No page matches these words.": "Shown under the search box when no page has the words typed.",
    "The search could not load: reload the page to try again.": (
        "Shown under the search box when the search does not work (the connection was lost, for example)."
    ),
    # blocks.html: an example's setup line
    "%(game)s; the dealer is %(dealer)s, the turned card is %(suit)s.": (
        "The first line of a bidding example of the trump game: the game's name (such as “Trump game”), "
        "the dealer (a seat: North, East…) and the turned card's suit, said as “a heart” (the card's "
        "picture follows)."
    ),
    "%(game)s; the dealer is %(dealer)s.": (
        "The first line of a bidding example without a turned card (the no-trump game, Coinche): the "
        "game's name and the dealer (a seat)."
    ),
    "%(game)s; trump: %(suit)s.": "The first line of a play example or a scored deal: the game and the trump suit.",
    "%(game)s.": "The first line of a play example or a scored deal of the no-trump game: the game's name alone.",
    # blocks.html: an auction
    "Second round": "A tag before a call of an auction made in the second round of bidding.",
    "dealer": "A small tag beside the seat of the dealer in an auction.",
    "(refused)": "After a call the rules do not allow, in an auction (the reason follows).",
    # blocks.html: the table of a play example
    "partner": "Under a seat of the table drawing: this player is your partner.",
    "opponent": "Under a seat of the table drawing: this player is an opponent.",
    "you": "Under your seat of the table drawing, once you have played.",
    "your turn": (
        "Under your seat of the table drawing, when it is your turn to play (the example asks which card you may play)."
    ),
    "The table seen from above": "Name of the drawing of the table and its four seats (read by screen readers).",
    "wins the trick": "A tag on the card that has won the trick, once all four cards are played.",
    "you win the trick": (
        "The same tag under the player's own seat (its role reads “you”), when the player's card has won the "
        "trick: say it of “you”."
    ),
    "winning": "A tag on the card that wins the trick so far, while the trick is still being played.",
    "%(num)s point": "Beside a card played on the table: what the card is worth.",
    "Led: %(suit)s": "In the middle of the table drawing: the suit of the first card of the trick.",
    "Trump: %(suit)s": "In the middle of the table drawing: the trump suit.",
    "No trump": "In the middle of the table drawing, in the no-trump game: there is no trump suit.",
    "In the app, play goes round the table %(order)s, then South again: clockwise on the drawings of the table.": (
        "Once per page, above the card order table: the direction of play in the app (%(order)s: the four seats "
        "joined by arrows, “South → West → North → East”); the drawings put South at the bottom, West on the left."
    ),
    "Turn: %(order)s": (
        "At the bottom of the table drawing: the order of play from the seat that led, as seats joined by arrows "
        "(such as “West → North → …”)."
    ),
    # blocks.html: the hand
    "%(card)s: allowed. %(reason)s": (
        "In “Try it” mode, shown under the hand when the player taps a card that may be played (a card's "
        "name, such as “king of spades”), then why, one of the 'card allowed' sentences."
    ),
    "%(card)s: not allowed. %(reason)s": (
        "In “Try it” mode, shown under the hand when the player taps a card that may not be played; the "
        "reason is a sentence of the rules."
    ),
    "Allowed only under these rules:": (
        "Before the cards that one rule set allows and the other does not (the example is shown under both)."
    ),
    "Allowed cards:": "Before the list of the cards of your hand that you may play.",
    "%(seat)s plays %(card)s.": "After the hand, when the example plays a card: who plays, and which card.",
    "Winner: %(seat)s.": "After the card played: the seat that wins the trick.",
    "Trick value: %(sum)s = %(num)s point.": (
        "After the winner: what the trick is worth, the cards' points added up (such as “11 + 10 + 0 + 4 = 25”)."
    ),
    # blocks.html: practice and links
    "Try it": "A button on a play example: hide the answers and try choosing a card yourself.",
    "Show the answer": "A button in “Try it” mode: show again which cards are allowed, and why.",
    "Choose a card of the hand: the page tells you whether you may play it.": (
        "The instruction shown in “Try it” mode, under the hand."
    ),
    "Link to this example: %(title)s": (
        "The link icon beside an example (read by screen readers): its address, to share; %(title)s is the "
        "example's title."
    ),
    "Compare: %(rules)s": (
        "A link from an example to the same example under the other rule set (“House rules” or “Official rules”)."
    ),
    # blocks.html: the tables of facts
    "Card order and points": "Heading of the table of the cards' order and points, on the pages with play examples.",
    "From the strongest card to the weakest; beside each card, its points.": (
        "Caption of the table of the cards' order: one column for the trump suit, one for the other "
        "suits, one for the no-trump game."
    ),
    "House and Official rules: what differs": "Heading of the table of the differences between the two rule sets.",
    "%(rules)s: %(value)s": (
        "A cell of that table: a rule set's name and what it says of the rule (“Official rules: No”, or a sentence)."
    ),
    "Every other rule is the same under both rule sets. An example names its rules when the rules of play or "
    "bidding differ for its game.": "Under the table of the differences between the two rule sets.",
    # index.html, chooser-locale.html
    "The rules of the game, with examples checked by the app's rules engine.": (
        "What the site is, in one line: under the site's name on the home of a language, in the page's "
        "description for search engines, and beside the language's name on the language chooser."
    ),
    # deal.html: the eight tricks
    "(leads)": "Read by screen readers after the card that leads (is played first in) a trick of a scored deal.",
    "(wins the trick)": "Read by screen readers after the card that wins a trick of a scored deal.",
    "(belote)": "Read by screen readers after the trump queen or king announced as “belote” in a scored deal.",
    "(rebelote: %(num)s points for the team)": (
        "Read by screen readers after the second card of the belote (the “rebelote”): the points it gives the team."
    ),
    "The eight tricks": "Name of the scrolling table of a deal's eight tricks (read by screen readers).",
    "The eight tricks. Each column is a player; the small number is the order of play, and the framed card "
    "wins the trick.": "Caption of the table of a deal's eight tricks: how to read it.",
    "Trick": "Heading of the column of the tricks' numbers (read by screen readers).",
    "Points": "Heading of the column of each trick's points.",
    "Capot: the last trick adds %(last)s instead of the %(usual)s of the dix de der.": (
        "Under the table of tricks of a deal where one team took all eight tricks (a capot): its last trick "
        "adds %(last)s (100) where it usually adds %(usual)s (10), the “dix de der” (the French name, kept "
        "as such). The usual 10 is said once, in the recap at the top of the page."
    ),
    # deal.html: the tally
    "(takers)": "After a team's name in the score table: the team that took the contract.",
    "Tricks won": "A row of the score table: how many tricks each team won.",
    "Cards and last trick": "A row of the score table: the points of each team's cards, with the last trick's bonus.",
    "Belote": (
        "A row of the score table: the belote's points (the French word, as the game's name for it); also a small "
        "tag under the trump queen or king that announces the belote in a trick of a scored deal."
    ),
    "Total": "A row of the score table: each team's points added up.",
    "Score: %(rules)s": "A row of the score table, one per rule set when a deal is scored under both.",
    "Score": "A row of the score table: what each team scores for the deal.",
    "Carried to the next deal": (
        "A row of the score table under rules that carry a tie's points over: the points the winner of "
        "the next deal gets (none unless the deal is a tie)."
    ),
    "%(dealer)s deals; %(seat)s leads the first trick.": "The setup line of a scored deal: two seats (North, East…).",
    # glossary.html
    "Link to this entry: %(term)s": (
        "The link icon beside a glossary word (read by screen readers): its address, to share; %(term)s is the word."
    ),
    "See: %(title)s": "Under a glossary word's definition: a link to the section or example that shows it (its title).",
    # index.html, missing-locale.html
    "Help": (
        "The title of a language's home page: its browser tab, its link in the footer and in the link to "
        "the previous page, and its link on the page-not-found page."
    ),
    "Page not found": "Heading of the page shown for an address that does not exist (one part per language).",
    "There is no page at this address. The help pages in this language:": (
        "On the page-not-found page, before the links to this language's help pages."
    ),
    # page.html, pager.html
    "On this page": "Heading of a page's table of contents.",
    "In brief": "Heading of a page's summary, before its sections.",
    "How a deal is scored": (
        "Heading of the recap at the top of the scoring page: what a made or failed contract, a tie, a capot, "
        "the belote, the last trick and a coinche score, game by game."
    ),
    "The app offers two rule sets, %(first)s and %(second)s; they differ on %(num)s point.": (
        "Under the title of each rules page: the app's two rule sets by name (such as “House rules”) and how many "
        "rules differ between them (a number); a link to the table of those differences follows."
    ),
    # page.html: the list of refusal reasons at the top of a page (the app links its refusals there)
    "Why was my card refused?": (
        "Heading of the list, near the top of the card-play page, of every reason the app gives for refusing a "
        "card (the player comes here from the app after a refusal)."
    ),
    "Why was my call refused?": (
        "Heading of the list, near the top of the bidding page, of every reason the app gives for refusing a call."
    ),
    "Refused in:": (
        "Before the games (and rule sets) in which the app can refuse a card or a call for the reason above, "
        "such as “Refused in: Trump game, Coinche”."
    ),
    "Example:": "Before the title of the example, on the same page, that shows the reason above (a link).",
    "In your game:": (
        "Above a reason of that list, when the app has linked the player here with their own case: before the "
        "sentence that says why their card (or call) was refused, with their cards and seats, such as “In your "
        "game: King of hearts: you hold spades, the suit led…”."
    ),
    "Link to this section: %(title)s": (
        "The link icon beside a section's heading (read by screen readers): its address, to share; %(title)s "
        "is the heading."
    ),
    "Practise this rule": (
        "A link under each reason of the list “Why was my card (call) refused?”: it opens the practice page "
        "on the questions where the app gives that reason."
    ),
    "Previous and next page": (
        "Name of the links to the previous and next page, at the top of every page (read by screen readers)."
    ),
    "All languages": "A link at the top of every page, back to the choice of a language.",
    "Previous:": "Before the title of the previous page, at the top of a page.",
    "Next:": "Before the title of the next page, at the top of a page.",
    # practice.html: the practice page (also linked from the footer and the home)
    "Practice": (
        "Title of the practice page (and its link in the footer and on the home page): positions to try "
        "oneself, the answers hidden until one has chosen."
    ),
    "Positions drawn by the app's rules engine: choose the cards you may play and the calls the app accepts, "
    "then check.": "The first line of the practice page (and its line on the home page): what one does there.",
    "Game": "Label of the list that chooses which game's positions the practice page shows.",
    "All games": "The first choice of the list of games on the practice page: positions of every game.",
    "Rules": "Label of the list that chooses under which rule set (House or Official) the positions are.",
    "Both rule sets": "The first choice of the list of rule sets on the practice page: positions under both.",
    "Which cards may you play?": "Heading of the practice page's part on card play.",
    "Choose every card of the hand you may play, then check.": (
        "The instruction above each practice position: tap each card you think allowed, then press “Check”."
    ),
    "Which of these calls does the app accept?": (
        "Heading of the practice page's part on bidding: at a turn of an auction, several calls are offered, "
        "and the player marks each one the app would accept."
    ),
    "Choose every call the app accepts at this turn, then check.": (
        "The instruction above each bidding question of the practice page: tap each call the app would accept, "
        "then press “Check”."
    ),
    "to speak": "Read by screen readers for the question mark in the table of calls: the seat whose turn it is.",
    "You are %(seat)s, and it is your turn to speak.": (
        "Under the table of calls of a bidding question: the player sits at %(seat)s (North, East…), whose "
        "turn it is; the calls offered follow. Speak to the player as the reasons do."
    ),
    "Accepted: %(reason)s": (
        "Shown after “Check” under a call the app accepts: %(reason)s is why, a sentence such as “In the first "
        "round, you may take the turned suit: hearts.” (the call itself is the button just before)."
    ),
    "Refused: %(reason)s": (
        "Shown after “Check” under a call the app refuses: %(reason)s is why, a sentence such as “A bid must be "
        "higher than the standing contract: 90 in hearts.” (the call itself is the button just before)."
    ),
    "Question %(k)s of %(n)s": (
        "Above a practice question: where the player is, %(k)s and %(n)s numbers (of the questions the filter shows)."
    ),
    "You have seen every question of this set: here they are again, from the first.": (
        "Said when “Next” has gone past the last question the filter shows and starts again from the first."
    ),
    "Every question": (
        "A button beside the rule being practised (after a link “Practise this rule”): show the questions on "
        "every rule again."
    ),
    "Practising one rule:": (
        "Above the practice questions, after a link “Practise this rule”: the rule's sentence follows, and only "
        "the questions where the app gives that reason are shown."
    ),
    "In this game, both rule sets play and bid alike.": (
        "Beside the practice page's filter, when the chosen game is played and bid the same way under the House "
        "and the Official rules (so the list of rule sets is greyed out)."
    ),
    "Right answers: %(right)s of %(asked)s": (
        "The count of the practice page: %(right)s questions answered right out of %(asked)s answered (numbers)."
    ),
    "Check": (
        "A button of the practice page: see whether the cards (or calls) chosen are exactly those one may play "
        "(that the app accepts)."
    ),
    "Next": "A button of the practice page: go to the next question.",
    "Right: these are exactly the cards you may play.": "Said after “Check” when the cards chosen are right.",
    "Not quite.": (
        "Said after “Check” when a card (or call) was misjudged; what follows names them (“You may also play: …”), "
        "and ✓ and ✕ then show under each, with the reasons below."
    ),
    "You may also play: %(names)s.": (
        "After “Not quite.”: the allowed cards the player left out; %(names)s is their names, separated by commas "
        "(“9 of spades, Ace of hearts”)."
    ),
    "You may not play: %(names)s.": (
        "After “Not quite.”: the refused cards the player chose; %(names)s is their names, separated by commas."
    ),
    "Right: these are exactly the calls the app accepts.": "Said after “Check” when the calls chosen are right.",
    "The app also accepts: %(names)s.": (
        "After “Not quite.” on a bidding question: the accepted calls the player left out; %(names)s is the calls, "
        "separated by commas."
    ),
    "The app refuses: %(names)s.": (
        "After “Not quite.” on a bidding question: the refused calls the player chose; %(names)s is the calls, "
        "separated by commas."
    ),
}
"""Each template message's note, by its English (a plural by its singular)."""
