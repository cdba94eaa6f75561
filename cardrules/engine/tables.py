"""The rules compiled into lookup tables, once per rules model.

The engine plays from these tables rather than from the model: for each
possible trump suit, every card's *effective suit* (the promoted card belongs
to the trump suit) and its *power* within that suit; the pack in dealing
order; and the procedures that options select (the price of a loo), mapped to
functions here, once, so that play never re-tests an option.

>>> from cardrules.rules.model import Rules, Promoted
>>> t = Tables(Rules(promoted=Promoted(card="JC")))
>>> from cardrules.cards import parse_card
>>> t.suit[1][parse_card("JC")], t.power[1][parse_card("JC")] > t.power[1][parse_card("AH")]
(1, True)
"""

from __future__ import annotations

from collections.abc import Callable

from cardrules.cards import NO_TRUMP as NO_TRUMP
from cardrules.cards import RANKS, card, pack_cards, parse_card, rank_of, suit_of
from cardrules.engine.actions import civil_id
from cardrules.engine.bars import card_bars
from cardrules.engine.duties import chained, play_duty
from cardrules.engine.tricks import follow_rule, lead_rule, verdict_table
from cardrules.rules.applies import (
    civil_call_needed,
    exchange_cap,
    exchanges_after_declarations,
    exchanges_made,
    flush_shown_after_declarations,
    flush_shown_at_once,
    rank_only,
    single_loo_fine,
    turn_up_held,
)
from cardrules.rules.bounds import MAX_TABLE
from cardrules.rules.model import EqualRanks, LooMode, MixedFloor, Restock, Rules

PROMOTED_POWER = 100
#: The suit of the same colour as each suit (S H D C): spades and clubs, hearts and diamonds.
SAME_COLOUR = (3, 2, 1, 0)


class Tables:
    """Everything the engine looks up while playing, built from a :class:`Rules`."""

    __slots__ = (
        "ace_of",
        "binding_turnups",
        "called_follow",
        "caps",
        "civil_call",
        "declarations",
        "draw_after",
        "duty",
        "exchanges",
        "first_card",
        "flush_after_declarations",
        "flush_at_once",
        "follow",
        "kept_turnup",
        "king_of",
        "lead",
        "loo_amount",
        "max_players",
        "pack",
        "plans",
        "power",
        "promoted",
        "rank_only",
        "restock",
        "rules",
        "single_loo_fine",
        "suit",
        "tie_equal",
        "verdicts",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        #: ``rules.max_players``, worked out once (every new session checks its table by it).
        self.max_players = rules.max_players
        pack = rules.pack
        self.pack: tuple[int, ...] = pack_cards(pack.cards.value, pack.ranks, "".join(pack.suits))
        order = [RANKS.index(r) for r in rules.pack.ranks]
        base = [0] * 52
        for c in self.pack:
            base[c] = len(order) - order.index(rank_of(c))
        self.rank_only = rank_only(rules)
        #: ``suit[t][c]``: the suit card ``c`` belongs to when ``t`` is trumps (4: none).
        self.suit: list[list[int]] = []
        #: ``power[t][c]``: its strength within that suit; the promoted card is above all.
        self.power: list[list[int]] = []
        #: ``promoted[t]``: the promoted card when ``t`` is trumps, or -1.
        self.promoted: list[int] = []
        promoted = rules.promoted.card
        for t in range(5):
            suits = [0 if self.rank_only else suit_of(c) for c in range(52)]
            power = list(base)
            p = -1
            if promoted == "jack_of_trumps":
                p = card("J", "SHDC"[t]) if t < NO_TRUMP else -1
            elif promoted:
                p = parse_card(promoted)
            if p >= 0 and p in self.pack:
                if t < NO_TRUMP:
                    suits[p] = t
                power[p] = PROMOTED_POWER
            else:
                p = -1
            if rules.trumps.bowers and t < NO_TRUMP:
                # The right bower above the ace, the left bower (the knave of the suit of
                # the same colour: S and C, H and D) next, and of the trump suit (F3.1.8).
                right, left = card("J", "SHDC"[t]), card("J", "SHDC"[SAME_COLOUR[t]])
                if left in self.pack:
                    suits[left] = t
                    power[left] = len(order) + 1
                if right in self.pack:
                    power[right] = len(order) + 2
            self.suit.append(suits)
            self.power.append(power)
            self.promoted.append(p)
        # The ace and king of each trump suit, by the pack's ranking (highest two ranks).
        top = [RANKS.index(r) for r in rules.pack.ranks[:2]]
        self.ace_of = [t * 13 + top[0] for t in range(4)] + [-1]
        self.king_of = [t * 13 + top[1] for t in range(4)] + [-1]
        self.loo_amount = loo_pricing(rules)
        #: The single loo, in counters (1.1.4, D4).
        self.single_loo_fine = single_loo_fine(rules)
        self.tie_equal = self.rank_only and rules.tricks.equal_ranks is EqualRanks.TIE
        self.lead = lead_rule(self)
        self.follow = follow_rule(self)
        #: The followers' duties once the leader called "Pam, be civil" (1.2.8).
        self.called_follow = follow_rule(self, called=True)
        #: Whether the leader of the ace of trumps may make that call (civility owed only
        #: with it: :func:`~cardrules.rules.applies.civil_call_needed`).
        self.civil_call = civil_call_needed(rules)
        #: ``verdicts[t][best * 52 + c]``: whether ``c`` beats (1), ties (0) or loses to
        #: (-1) ``best`` when ``t`` is trumps (:func:`~cardrules.engine.tricks.verdict_table`).
        self.verdicts = [verdict_table(self, t) for t in range(5)]
        #: The duties that read the deal so far (the cinch...), or None
        #: (:func:`~cardrules.engine.duties.play_duty`).
        self.duty = chained(play_duty(self), card_bars(self))
        #: The card whose holder leads to the first trick (``leads.first_card``), or -1.
        self.first_card = parse_card(rules.leads.first_card) if rules.leads.first_card else -1
        #: Plans worked out once for the deals of one kind at one table, by their makers'
        #: keys (:func:`~cardrules.engine.dealing.dealing_plan`).
        self.plans: dict[tuple[int, bool, bool], object] = {}
        #: The declarations open, as the deal asks for them, by what they depend on (at
        #: most a few thousand: see :meth:`~cardrules.engine.deal.Deal.legal_actions`).
        self.declarations: dict[
            tuple[bool, bool, int, bool, int, int, bool, int], tuple[list[int], int]
        ] = {}
        ex = rules.exchange
        #: Whether the rules let a declarer exchange at all (else his declarations read
        #: nothing of the stock, his hand or the draw).
        self.exchanges = exchanges_made(rules)
        #: Whether the exchanges follow the declarations, the standers in turn (D78).
        self.draw_after = exchanges_after_declarations(rules)
        #: Whether a flush is shown at once (D32, D33), or once everybody has declared.
        self.flush_at_once = flush_shown_at_once(rules)
        self.flush_after_declarations = flush_shown_after_declarations(rules)
        held = turn_up_held(rules)
        #: The turn-ups that oblige the dealer to stand: the aces, where the rules say so.
        self.binding_turnups = frozenset(
            t * 13 + 12 for t in range(4) if held and rules.declarations.dealer_plays_on_ace
        )
        #: Whether the dealer may not exchange the turn-up he holds (1.8.5, D77).
        self.kept_turnup = held and not rules.exchange.dealer_may_discard_turnup
        #: What is gathered when the stock runs out (D80), or None where nothing is.
        self.restock = None if ex.restock is Restock.NONE else ex.restock
        #: ``caps[n]``: the most cards one may exchange at a table of ``n`` (1.8.7, D79;
        #: :func:`~cardrules.rules.applies.exchange_cap`), read on every declaration.
        self.caps = [exchange_cap(rules, n) for n in range(MAX_TABLE + 1)]

    def extremes(self, hand: list[int], *, low: bool) -> list[int]:
        """The lowest (``low``) or highest cards of ``hand`` by rank alone, suits aside."""
        pw = self.power[NO_TRUMP]
        target = min(pw[c] for c in hand) if low else max(pw[c] for c in hand)
        return [c for c in hand if pw[c] == target]

    def civil_lead(self, trump: int, cards: list[int]) -> list[int]:
        """The call the leader may make as he leads: ``[id]`` of leading the ace of trumps
        calling "Pam, be civil" when ``cards`` (those he may lead) hold it and Pam is in the
        pack, else ``[]``; asked only where :attr:`civil_call` (1.2.8).

        >>> from cardrules.rules.model import Promoted
        >>> Tables(Rules(promoted=Promoted(card="JC"))).civil_lead(1, [parse_card("AH")])
        [9]
        """
        ace = self.ace_of[trump]
        if ace >= 0 and self.promoted[trump] >= 0 and ace in cards and ace % 13 == 12:
            return [civil_id(ace)]
        return []


_CACHE: dict[Rules, Tables] = {}


def tables_for(rules: Rules) -> Tables:
    """The tables of a rules model, built once and kept (rules are immutable values)."""
    tb = _CACHE.get(rules)
    if tb is None:
        if len(_CACHE) > 256:
            _CACHE.clear()
        tb = _CACHE[rules] = Tables(rules)
    return tb


def loo_pricing(rules: Rules) -> Callable[[int], int]:
    """The price of a loo as a function of the pool played for (1.4.2, 1.4.3, D19, D20).

    >>> from cardrules.rules.model import Wagers
    >>> price = loo_pricing(Rules(wagers=Wagers(loo=LooMode.MIXED, mixed_cap=20)))
    >>> price(9), price(45)
    (9, 20)
    """
    w = rules.wagers
    fixed = w.stake_loo
    if w.loo is LooMode.LIMITED:
        return lambda pool: fixed
    if w.loo is LooMode.UNLIMITED:
        return lambda pool: pool
    cap = w.mixed_cap
    if w.mixed_floor is MixedFloor.ORDINARY_LOO:
        return lambda pool: max(fixed, min(pool, cap))
    return lambda pool: min(pool, cap)
