"""The rulebook of a variant in plain English, generated from the rules model.

Every option of the model has one sentence template per value (the table
:data:`RULES`): ``following.trump_when_void: if_can_head`` reads "A player who
cannot follow suit must trump if a trump would head the trick ...". A rulebook
is those sentences, in numbered sections (players and pack, the deal,
declaring, the play, special hands, settlement, the session), leaving out what
does not apply to the game (no flush rules when flushes do not count, no
challenges in Loo), the sections that remain numbered in turn. Each rule cites
where ``docs/sources.md`` states it for this game and this value (a rule number
such as 1.1.12.3, or a disagreement between the old texts such as D17), from the
table of :mod:`cardrules.rules.citations` (Hearts and Spades cite ``docs/families.md`` the same
way, ``[families.md 1.2.5, H4]``; :mod:`cardrules.rules.passages` finds each passage); a
rule that a house rule, an override or the file itself (against the game it ``extends``)
changed is marked so. Those citations are the bundled games' own: a rule that a file of
one's own states (every rule of a game of one's own, an option a file sets over the bundled
game it extends, what a house rule of one's own changes) cites that file, ``[polignac.yaml]``,
the preamble naming the file's own ``sources:``.
:mod:`cardrules.tools.rulediff` uses the same table to state the differences
between two variants.

``python -m cardrules.tools.rulebook --write docs/rules`` writes the rulebook of
every bundled game, alone and with each house rule written for it.

The package's modules, in the order data flows through them:

- :mod:`~cardrules.tools.rulebook.rule`: the :class:`Rule` record and the section numbers;
- :mod:`~cardrules.tools.rulebook.words`: the words templates are filled with (when a
  rule applies is :mod:`cardrules.rules.applies`'s to say, as for the engine);
  :mod:`~cardrules.tools.rulebook.terms`: the game's own words (the rule file's
  ``words``: Loo's stand and pool, Bourré's play and pot) in every form a sentence uses;
- :mod:`~cardrules.tools.rulebook.players_and_deal`, :mod:`~cardrules.tools.rulebook.declaring`,
  :mod:`~cardrules.tools.rulebook.play`, :mod:`~cardrules.tools.rulebook.special_hands`,
  :mod:`~cardrules.tools.rulebook.settlement`, :mod:`~cardrules.tools.rulebook.session`:
  the sentence table, one module per section, with the rules for bids
  (:mod:`~cardrules.tools.rulebook.bidding`), for hand sizes that vary
  (:mod:`~cardrules.tools.rulebook.handsizes`), for passing cards before the play
  (:mod:`~cardrules.tools.rulebook.passing`) and for the points of the cards taken
  (:mod:`~cardrules.tools.rulebook.card_points`), and the rules that state the game's words
  where something changed them (:mod:`~cardrules.tools.rulebook.vocabulary`), put together
  in :mod:`~cardrules.tools.rulebook.table`;
- :mod:`~cardrules.tools.rulebook.summary`: a game's one-line summary, from its rules;
- :mod:`~cardrules.tools.rulebook.owners`: who states each rule, the bundled game or a file
  of one's own, read from where the resolution set each value;
- :mod:`~cardrules.tools.rulebook.render`: sentences, citations and numbered rulebooks;
- :mod:`~cardrules.tools.rulebook.writer`: the files of ``docs/rules`` and the command
  (run by ``__main__``).

>>> from cardrules.rules.model import Rules
>>> print(option_sentence("following.trump_when_void", Rules()))  # doctest: +NORMALIZE_WHITESPACE
A player who cannot follow suit must trump if a trump would head the trick (overtrumping
if the trick is already trumped); otherwise he may play any card.
>>> text = describe_variant("five-card-loo", ["club-law"])
>>> marked = [line for line in text.splitlines() if "house rule: club-law" in line]
>>> len(marked), marked[0].startswith("**3.3** Club Law: whenever a club is turned up")
(1, True)
"""

from __future__ import annotations

from cardrules.tools.rulebook.render import (
    citation,
    describe_variant,
    option_sentence,
    render,
    rulebook,
    value_of,
)
from cardrules.tools.rulebook.rule import SECTION_TITLES, Rule
from cardrules.tools.rulebook.table import RULES
from cardrules.tools.rulebook.writer import rulebooks, stale

__all__ = [
    "RULES",
    "SECTION_TITLES",
    "Rule",
    "citation",
    "describe_variant",
    "option_sentence",
    "render",
    "rulebook",
    "rulebooks",
    "stale",
    "value_of",
]
