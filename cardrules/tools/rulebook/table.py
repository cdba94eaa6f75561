"""The sentence table :data:`RULES`: every rule of a rulebook, section by section.

Each section's rules live in a module of their own, and the rules of the game's own
words (:mod:`~cardrules.tools.rulebook.vocabulary`) head the sections that speak them; a
rulebook numbers them in this order, and :mod:`cardrules.tools.rulediff` lists
differences in it.

>>> RULES[0].topic, RULES[-1].topic
('Players', 'The end')
>>> sorted({rule.section for rule in RULES})
[1, 2, 3, 4, 5, 6, 7]
"""

from __future__ import annotations

from cardrules.tools.rulebook.bidding import BIDDING, CONTRACT
from cardrules.tools.rulebook.card_points import CARD_POINTS
from cardrules.tools.rulebook.declaring import DECLARING
from cardrules.tools.rulebook.handsizes import HAND_SIZES
from cardrules.tools.rulebook.passing import PASSING
from cardrules.tools.rulebook.play import THE_PLAY
from cardrules.tools.rulebook.players_and_deal import PLAYERS_AND_PACK, THE_DEAL
from cardrules.tools.rulebook.rule import Rule
from cardrules.tools.rulebook.session import THE_SESSION
from cardrules.tools.rulebook.settlement import SETTLEMENT
from cardrules.tools.rulebook.special_hands import SPECIAL_HANDS
from cardrules.tools.rulebook.vocabulary import DECLARING_WORDS, SETTLEMENT_WORDS

#: Every rule, in the order of the rulebook.
RULES: tuple[Rule, ...] = (
    *PLAYERS_AND_PACK,
    *THE_DEAL,
    *HAND_SIZES,
    *DECLARING_WORDS,
    *DECLARING,
    *PASSING,
    *BIDDING,
    *THE_PLAY,
    *SPECIAL_HANDS,
    *SETTLEMENT_WORDS,
    *SETTLEMENT,
    *CARD_POINTS,
    *CONTRACT,
    *THE_SESSION,
)
