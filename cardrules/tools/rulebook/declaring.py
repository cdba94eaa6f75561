"""The sentence table, section 3: declaring, and exchanging or passing to a partner.

>>> DECLARING[0].topic, DECLARING[-1].topic
('Declaring', "The receiver's discard")
"""

from __future__ import annotations

from cardrules.rules.applies import (
    card_points_counted,
    declarations_made,
    exchange_cap,
    exchanges_made,
    miss_may_be_taken,
    miss_played_for_pool,
    partnerships_play,
    sides_play,
    throwing_up_allowed,
    turn_up_held,
)
from cardrules.rules.model import (
    ExchangeMode,
    ExchangeTiming,
    LoneStander,
    PassCard,
    ReceiverDiscard,
    Restock,
    Rules,
)
from cardrules.tools.rulebook.rule import DECL, Phrase, Rule
from cardrules.tools.rulebook.terms import terms
from cardrules.tools.rulebook.words import join_words, plural, suit_name


def _forced(r: Rules) -> Phrase:
    suits = r.declarations.forced_play.turn_up_suits
    t = terms(r)
    if not suits:
        return "never", f"No turn-up obliges every player to {t.stand}."
    names = join_words([suit_name(s)[:-1] for s in suits], "or")
    label = "Club Law: w" if tuple(suits) == ("C",) else "W"
    article = "an" if names[0] in "aeiou" else "a"
    return (
        f"when {article} {names} is turned up",
        f"{label}henever {article} {names} is turned up, every player must {t.stand} on his "
        f"own cards: nobody may {t.throw_up}{_no_miss_no_exchange(r)}.",
    )


def _no_miss_no_exchange(r: Rules) -> str:
    parts = []
    if r.deal.miss:
        parts.append("the miss is withdrawn and put with the undealt cards unexposed")
    if exchanges_made(r):
        parts.append(f"nobody {terms(r).exchanges}")
    return "".join((", and " if i == len(parts) - 1 else ", ") + p for i, p in enumerate(parts))


def _on_single(r: Rules) -> Phrase:
    if not r.declarations.forced_play.on_single:
        return "declared as usual", "A single is declared like any other deal."
    t = terms(r)
    return (
        f"everyone {t.stands}",
        f"In a single (a deal whose {t.pool} is only the dealer's stake) every player must "
        f"{t.stand} on his own cards: nobody may {t.throw_up}{_no_miss_no_exchange(r)}.",
    )


def _take_miss(r: Rules) -> Phrase:
    t = terms(r)
    return (
        "may be taken",
        f"Instead of {t.standing} on his own cards, a player may take the miss: he lays his "
        "own hand aside face down, unexposed, and takes up the miss sight unseen; he must "
        f"then play. Once the miss is taken, later players may only {t.stand} or "
        f"{t.throw_up}; a miss nobody takes is set aside unexposed.",
    )


def _declaring(r: Rules) -> Phrase:
    if declarations_made(r):
        return (
            "in turn before the play",
            "Beginning with the elder hand and ending with the dealer, each player in turn "
            "looks at his cards and declares whether he will {will_stand}. No declaration may "
            "be altered, and whoever {stands} must play the deal out.",
        )
    if partnerships_play(r):
        return (
            "none",
            "Nobody declares before the play: on each side one partner plays for both, as follows.",
        )
    if r.bidding.enabled:
        return (
            "none",
            "Nobody declares or throws up his hand: every player bids, as follows, and plays "
            "every deal.",
        )
    if r.challenges.enabled:
        return (
            "none",
            "Nobody declares before the play: every player receives his cards and the deal "
            "begins with the first lead; a player gives up a deal only by the challenges of "
            "the play.",
        )
    return "none", "Nobody declares before the play: every player takes part in every deal."


def _exchange_cap(r: Rules) -> Phrase:
    """The most cards one may exchange, and the cap at a large table."""
    large_from = r.exchange.max_cards_from
    most = exchange_cap(r, r.players.min if large_from is None else large_from - 1)
    first = f"A player may {terms(r).exchange} at most {plural(most, 'card')}"
    if large_from is None:
        return f"at most {most}", first + "."
    large = exchange_cap(r, large_from)
    return (
        f"at most {most}, {large} from {large_from} players",
        f"{first}; with {large_from} or more players, at most {plural(large, 'card')}.",
    )


#: Where the stock is never made up again (``exchange.restock: none``).
_STOCK_LIMIT = "Nobody may {exchange} more cards than the stock still holds."


def _unrestocked(r: Rules, sentence: str) -> str:
    """``sentence``, and where the stock is never made up again, that nobody may exchange
    more cards than it holds; else that the turn-up is never gathered when it is."""
    if r.exchange.restock is Restock.NONE:
        return f"{sentence} {_STOCK_LIMIT}"
    return f"{sentence} The turn-up is never gathered when the stock is made up again."


def _turnup_drawable(r: Rules) -> Phrase:
    """Whether the turn-up may be drawn in exchange (D43)."""
    if r.exchange.turnup_drawable:
        return (
            "may be drawn",
            "The turn-up goes to the bottom of the stock and may be drawn{in_exchange} "
            "when the cards above it are gone.",
        )
    if r.exchange.restock is Restock.NONE:
        return (
            "never drawn",
            "The turn-up is never drawn{in_exchange}, and nobody may "
            "{exchange} more cards than the stock still holds.",
        )
    return "never drawn", (
        "The turn-up is never drawn{in_exchange}, nor gathered when the stock is made up again."
    )


def _dealer_turnup(r: Rules) -> Phrase:
    """Whether the dealer may change the turn-up he holds (1.8.5, D77)."""
    if r.exchange.dealer_may_discard_turnup:
        return (
            "may be changed",
            _unrestocked(
                r,
                "The dealer may change the turn-up like any other card; it is then laid aside "
                "face up, and trumps stay as they were.",
            ),
        )
    return "kept", _unrestocked(r, "The dealer may not change the turn-up: it stays in his hand.")


#: Section 3, declaring (and exchanging, or passing).
DECLARING: tuple[Rule, ...] = (
    Rule(
        DECL,
        "Declaring",
        ("declarations.enabled",),
        _declaring,
        # A game scored by the cards taken, or played by sides of partners who all play, has
        # no declaring to speak of.
        quiet=lambda r: not r.declarations.enabled and (card_points_counted(r) or sides_play(r)),
    ),
    Rule(
        DECL,
        "Throwing up",
        ("declarations.allow_throw_up",),
        {
            True: (
                "allowed",
                "Instead of {standing}, a player may {throw_up_hand}: he takes no "
                "part in the deal, paying and receiving nothing{beyond_stake}.",
            ),
            False: ("not allowed", "Nobody may {throw_up_hand}: every player must play."),
        },
        applies=declarations_made,
    ),
    Rule(
        DECL,
        "An ace turned",
        ("declarations.dealer_plays_on_ace",),
        {
            True: ("the dealer plays", "When the turn-up is an ace, the dealer must play."),
            False: ("no duty", "An ace turned up lays no duty on the dealer."),
        },
        applies=lambda r: throwing_up_allowed(r) and turn_up_held(r),
        quiet=lambda r: not r.declarations.dealer_plays_on_ace,
    ),
    Rule(
        DECL,
        "The miss",
        ("deal.miss",),
        lambda r: _take_miss(r),
        applies=miss_may_be_taken,
        in_diff=False,
        cites=lambda r: ("declarations.enabled",),  # taking the miss is a declaration (1.1.7)
    ),
    Rule(
        DECL,
        "Forced play",
        ("declarations.forced_play.turn_up_suits",),
        _forced,
        applies=lambda r: declarations_made(r) and r.trumps.turn_up,
        quiet=lambda r: not r.declarations.forced_play.turn_up_suits,
    ),
    Rule(
        DECL,
        "Forced play in a single",
        ("declarations.forced_play.on_single",),
        _on_single,
        applies=declarations_made,
        quiet=lambda r: not r.declarations.forced_play.on_single,
    ),
    Rule(
        DECL,
        "Everyone throws up",
        (),
        lambda r: (
            "the dealer takes the {pool}",
            "If every player before the dealer {throws_up}{miss_untaken}, the dealer takes "
            "the {pool} without play, whatever his cards{dealer_out_all_pass}.",
        ),
        applies=throwing_up_allowed,
        in_diff=False,
        cites=lambda r: ("one_way.everyone_throws_up",),
    ),
    Rule(
        DECL,
        "A lone stander",
        ("declarations.lone_stander",),
        {
            LoneStander.DEALER_PLAYS_MISS_FOR_POOL: (
                "the dealer must play the miss for the {pool}",
                "If only one player {stands} on his own hand, all the others before the dealer "
                "having {thrown_up} and the miss being untaken, the dealer may {stand}, or take "
                "the miss and play it as his own; if he will do neither, he must play the miss "
                "against the lone player for the benefit of the {pool}: what the miss wins stays "
                "in the {pool} for the next deal, and the dealer neither receives nor "
                "pays{dealer_out_lone}.",
            ),
            LoneStander.DEALER_MAY_CONCEDE: (
                "the dealer may give up the stakes",
                "If only one player {stands}, all the others before the dealer having {thrown_up}, "
                "the dealer may play against him or give up the stakes: the lone player then "
                "takes the {pool} without play{dealer_out_lone}.",
            ),
            LoneStander.STANDER_TAKES_POOL_IF_DEALER_THROWS_UP: (
                "the {stander} takes the {pool} if the dealer {throws_up}",
                "If only one player {stands}, all the others before the dealer having {thrown_up}, "
                "the dealer may {stand_and_play} against him; if the dealer {throws_up}, the lone "
                "{stander} takes the {pool} without play{dealer_out_lone}.",
            ),
        },
        applies=throwing_up_allowed,
    ),
    Rule(
        DECL,
        "The miss played for the pool",
        ("declarations.miss_for_pool_looed",),
        {
            True: (
                "{looed}",
                "If the miss played for the {pool} wins no trick, the dealer pays {a_loo} "
                "for it into the {pool}.",
            ),
            False: (
                "not {looed}",
                "The miss played for the {pool} is not {looed} when it wins no trick.",
            ),
        },
        applies=lambda r: throwing_up_allowed(r) and miss_played_for_pool(r),
    ),
    Rule(
        DECL,
        "The holder of the miss unopposed",
        (),
        lambda r: (
            "takes the {pool}",
            "If all the others before the dealer have {thrown_up} except one who took the "
            "miss, and the dealer {throws_up} too{dealer_out_miss}, the holder of the miss "
            "takes the {pool} without play.",
        ),
        applies=lambda r: throwing_up_allowed(r) and r.deal.miss,
        in_diff=False,
        cites=lambda r: ("one_way.miss_holder_unopposed",),
    ),
    Rule(
        DECL,
        "Exchanging",
        ("exchange.mode",),
        {
            ExchangeMode.NONE: ("none", "Nobody {exchanges} cards with the stock."),
            ExchangeMode.ONCE_ANY_NUMBER: (
                "once, any number of cards",
                "A player who {stands} may {exchange_once}: he {lays_out} face down and the "
                "dealer gives him as many from the top of the stock. There is no second "
                "{exchange}, and a card {laid_out} cannot be taken back.",
            ),
        },
        applies=declarations_made,
        quiet=lambda r: not exchanges_made(r) and not r.deal.miss,
    ),
    Rule(
        DECL,
        "After exchanging",
        ("exchange.exchanger_must_play",),
        {
            True: (
                "must play",
                "Having {exchanged}, a player may not {throw_up}: he must play.",
            ),
            False: (
                "may still {throw_up}",
                "Having {exchanged}, a player may still {throw_up_hand}.",
            ),
        },
        applies=exchanges_made,
    ),
    Rule(
        DECL,
        "The turn-up in exchange",
        ("exchange.turnup_drawable",),
        lambda r: _turnup_drawable(r),
        applies=lambda r: exchanges_made(r) and r.trumps.turn_up,
        quiet=turn_up_held,
    ),
    Rule(
        DECL,
        "When the exchanges are made",
        ("exchange.timing",),
        {
            ExchangeTiming.WITH_DECLARATION: (
                "with the declaration",
                "A player who {stands} says at once how many cards he {exchanges}, and draws "
                "them before the next player declares.",
            ),
            ExchangeTiming.AFTER_DECLARATIONS: (
                "after all have declared",
                "Nobody {exchanges} while declaring. Once everybody has declared, the players "
                "who {stand}, in turn from the dealer's left, each {exchange} or stand pat; a "
                "player left alone takes the {pool} without play and draws nothing.",
            ),
        },
        applies=exchanges_made,
        quiet=lambda r: r.exchange.timing is ExchangeTiming.WITH_DECLARATION,
    ),
    Rule(
        DECL,
        "How many may be exchanged",
        ("exchange.max_cards", "exchange.max_cards_from", "exchange.max_cards_large"),
        lambda r: _exchange_cap(r),
        applies=exchanges_made,
        quiet=lambda r: r.exchange.max_cards is None and r.exchange.max_cards_from is None,
    ),
    Rule(
        DECL,
        "The dealer's turn-up in exchange",
        ("exchange.dealer_may_discard_turnup",),
        lambda r: _dealer_turnup(r),
        applies=lambda r: exchanges_made(r) and turn_up_held(r),
    ),
    Rule(
        DECL,
        "When the stock runs out",
        ("exchange.restock",),
        {
            Restock.NONE: ("not made up again", _STOCK_LIMIT),
            Restock.DISCARDS_AND_FOLDS: (
                "the discards and the folded hands",
                "When the stock runs out, the dealer gathers the cards discarded and the hands "
                "of the players who have {thrown_up} since it was last made up, but not the "
                "discards of the player he is serving, shuffles them and deals on.",
            ),
            Restock.FOLDS_FIRST: (
                "the folded hands, then the discards",
                "When the stock runs out, the dealer shuffles the hands of the players who have "
                "{thrown_up} and deals on from them; when none are left to gather, the cards "
                "discarded, but not the discards of the player he is serving.",
            ),
            Restock.DISCARDS_ONLY: (
                "the discards",
                "When the stock runs out, the dealer gathers the cards discarded, but not the "
                "discards of the player he is serving, shuffles them and deals on; the hands "
                "of the players who have {thrown_up} stay where they lie.",
            ),
        },
        applies=exchanges_made,
        # Without restocking, the rule on the turn-up in exchange says so already.
        quiet=lambda r: r.exchange.restock is Restock.NONE,
    ),
    Rule(
        DECL,
        "Passing to a partner",
        ("partnerships.pass_card",),
        {
            PassCard.BEST: (
                "his best card",
                "Before the play the partners on each side settle which of them is to play; the "
                "other gives him his best card by the ranking above, lays his other cards face "
                "down and takes no further part.",
            ),
            PassCard.ANY: (
                "any card",
                "Before the play the partners on each side settle which of them is to play; the "
                "other gives him any one of his cards, lays the rest face down and takes no "
                "further part.",
            ),
        },
        applies=partnerships_play,
    ),
    Rule(
        DECL,
        "The receiver's discard",
        ("partnerships.receiver_discard",),
        {
            ReceiverDiscard.ANY: (
                "any card",
                "The player who receives the card lays out any one of his own in lieu of it.",
            ),
            ReceiverDiscard.WORST: (
                "his worst card",
                "The player who receives the card lays out his worst card in lieu of it.",
            ),
        },
        applies=partnerships_play,
    ),
)
