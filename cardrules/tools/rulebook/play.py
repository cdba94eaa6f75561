"""The sentence table, section 4: the play (leading, following, winning tricks, challenges).

>>> THE_PLAY[0].topic, THE_PLAY[-1].topic
('The first leader', 'A point')
"""

from __future__ import annotations

from cardrules.rules.applies import (
    challenges_made,
    civility_owed,
    civility_possible,
    first_card_named,
    first_lead_duties,
    first_trick_bars,
    lead_barred,
    lead_barred_until_broken,
    lead_duties,
    must_follow_suit,
    promoted_in_play,
    rank_only,
    trumps_in_play,
)
from cardrules.rules.model import (
    BeCivil,
    Breaking,
    ChallengeModel,
    Cinch,
    CivilCall,
    EqualRanks,
    FirstLeader,
    HeadWhenTrumped,
    HonourTrump,
    OneTrickTwoTies,
    OthersVoid,
    PamAndAce,
    PlayedOutValue,
    Rules,
    TrickAndTie,
    TrickWinner,
    TrumpAfterTrick,
    TrumpAfterTrickScope,
    TrumpWhenVoid,
    TwoOrMoreTrumps,
)
from cardrules.tools.rulebook.rule import PLAY, Phrase, Rule
from cardrules.tools.rulebook.words import card_or_suit_words, join_words, suit_name


def _first_card(r: Rules) -> Phrase:
    if not first_card_named(r):
        return "none", "No card is named for the first lead."
    card = r.leads.first_card or ""
    if r.leads.first_card_suit:
        return (
            "{first_card}, or {first_suit_card}",
            "The holder of {first_card} leads to the first trick, whoever deals, and may lead "
            "it or {first_suit_card}.",
        )
    return (
        card,
        "The holder of {first_card} leads to the first trick, whoever deals, and must lead it.",
    )


def _unbroken(r: Rules) -> Phrase:
    if not lead_barred_until_broken(r):
        return "none", "Any suit may be led from the first trick on: none waits to be broken."
    suit = suit_name(r.leads.unbroken or "")
    exempt = [card_or_suit_words(c) for c in r.leads.unbroken_exempt]
    also = f", or nothing but {suit} and {join_words(exempt)}" if exempt else ""
    return (
        f"{suit}, once broken",
        f"{suit} may not be led until they are broken (see the next rule), unless the leader "
        f"holds nothing but {suit}{also}.",
    )


def _exempt(r: Rules) -> Phrase:
    exempt = [card_or_suit_words(c) for c in r.leads.unbroken_exempt]
    if not exempt:
        return (
            "none",
            "A leader who holds a card of another suit may not lead {unbroken_suit} before "
            "{unbroken_them} {unbroken_are} broken.",
        )
    return (
        join_words(exempt),
        f"A leader whose only cards of other suits are {join_words(exempt, 'or')} may lead "
        "{unbroken_suit} before {unbroken_them} {unbroken_are} broken.",
    )


def _first_trick(r: Rules) -> Phrase:
    barred = [card_or_suit_words(c) for c in r.following.first_trick_barred]
    if not barred:
        return "nothing barred", "Any card may be played to the first trick that the rules allow."
    what = join_words(barred, "or")
    return (
        f"not {what}",
        f"{what} may not be played to the first trick, unless the player holds nothing else he "
        "may play.",
    )


def _point(r: Rules) -> Phrase:
    return (
        "{point}",
        "A throw-up, a declined lead or a refused put scores {point} to the opponent.",
    )


#: Section 4, the play.
THE_PLAY: tuple[Rule, ...] = (
    Rule(
        PLAY,
        "The first leader",
        ("leads.first_leader",),
        {
            FirstLeader.ELDER_HAND: ("the elder hand", "{elder_in_play} leads to the first trick."),
            FirstLeader.MISS_HOLDER: (
                "the holder of the miss",
                "The player who took the miss leads to the first trick; if nobody took it, "
                "{elder_in_play} leads.",
            ),
        },
        applies=lambda r: not first_card_named(r),
    ),
    Rule(
        PLAY,
        "The first card led",
        ("leads.first_card",),
        _first_card,
        quiet=lambda r: not first_card_named(r),
        also_marks=("leads.first_card_suit",),
        cites=lambda r: (
            ("leads.first_card", "leads.first_card_suit")
            if first_card_named(r)
            else ("leads.first_card",)
        ),
    ),
    Rule(
        PLAY,
        "Another card of the first card's suit",
        ("leads.first_card_suit",),
        {
            False: (
                "not allowed",
                "The first leader must lead {first_card} itself, not another card of its suit.",
            ),
            True: ("allowed", "The first leader may lead {first_card} or {first_suit_card}."),
        },
        applies=first_card_named,
        in_book=False,  # the sentence of the first card led says it
    ),
    Rule(
        PLAY,
        "Duties of the leader",
        ("leads.enforced",),
        {
            True: (
                "bound by the rules of leading",
                "The leader is bound by the rules of leading that follow.",
            ),
            False: ("free", "The leader is free: any card may be led."),
        },
        applies=lambda r: not lead_barred(r),
        quiet=lambda r: r.leads.enforced,
    ),
    Rule(
        PLAY,
        "A suit barred from the lead",
        ("leads.unbroken",),
        _unbroken,
        quiet=lambda r: not lead_barred_until_broken(r),
        also_marks=("leads.unbroken_exempt",),
        cites=lambda r: (
            ("leads.unbroken", "leads.unbroken_exempt")
            if lead_barred_until_broken(r)
            else ("leads.unbroken",)
        ),
    ),
    Rule(
        PLAY,
        "Leading the barred suit with nothing else",
        ("leads.unbroken_exempt",),
        _exempt,
        applies=lead_barred_until_broken,
        in_book=False,  # the sentence of the suit barred from the lead says it
    ),
    Rule(
        PLAY,
        "Breaking the barred suit",
        ("leads.breaking", "leads.breakers"),
        {
            Breaking.ON_PLAY: (
                "once a card of it is played",
                "{unbroken_suit} {unbroken_are} broken as soon as a {unbroken_card}"
                "{breakers_too} has been played to a trick.",
            ),
            Breaking.NEVER: (
                "never",
                "{unbroken_suit} {unbroken_are} never broken: only a leader who holds nothing "
                "else may lead {unbroken_them}.",
            ),
        },
        applies=lead_barred_until_broken,
        cites=lambda r: (
            ("leads.breaking", "leads.breakers")
            if r.leads.breaking is Breaking.ON_PLAY
            else ("leads.breaking",)
        ),
    ),
    Rule(
        PLAY,
        "Cassell's first lead",
        ("leads.cassell_highest",),
        {
            True: (
                "highest trump, or highest card",
                "The leader to the first trick must lead his highest trump, or with no trump his "
                "highest card.",
            ),
            False: (
                "not required",
                "The leader to the first trick need not lead his highest card.",
            ),
        },
        applies=lead_duties,
        quiet=lambda r: not r.leads.cassell_highest,
    ),
    Rule(
        PLAY,
        "The ace of trumps on the first lead",
        ("leads.ace_compulsory",),
        {
            True: (
                "must be led",
                "Holding the ace of trumps, the leader to the first trick must lead it.",
            ),
            False: (
                "need not be led",
                "The leader to the first trick need not lead the ace of trumps.",
            ),
        },
        applies=first_lead_duties,
        quiet=lambda r: not r.leads.ace_compulsory,  # no game's duty: one says so if changed
    ),
    Rule(
        PLAY,
        "The king when the ace is turned up",
        ("leads.king_if_ace_turned",),
        {
            True: (
                "must be led",
                "If the ace of trumps is the turn-up, the holder of the king of "
                "trumps must lead it to the first trick.",
            ),
            False: (
                "need not be led",
                "If the ace of trumps is the turn-up, the holder of the king need not lead it.",
            ),
        },
        applies=first_lead_duties,
        quiet=lambda r: not r.leads.king_if_ace_turned,
    ),
    Rule(
        PLAY,
        "The promoted card with the ace",
        ("leads.pam_and_ace",),
        {
            PamAndAce.PAM_IS_HIGHEST: (
                "{pam}, the highest trump",
                "Holding both {pam} and the ace of trumps, the leader to the first trick leads "
                "{pam}, his highest trump.",
            ),
            PamAndAce.ACE_COMPULSORY: (
                "the ace",
                "Holding both {pam} and the ace of trumps, the leader to the first trick must lead "
                "the ace.",
            ),
        },
        applies=lambda r: (
            first_lead_duties(r)
            and promoted_in_play(r)
            and r.leads.ace_compulsory
            and r.leads.two_or_more_trumps is TwoOrMoreTrumps.HIGHEST
        ),
    ),
    Rule(
        PLAY,
        "Two or more trumps on the first lead",
        ("leads.two_or_more_trumps",),
        {
            TwoOrMoreTrumps.HIGHEST: (
                "the highest",
                "{otherwise_holding} two or more trumps, the leader to the first trick must lead "
                "the highest of them; with one trump or none he may lead any card.",
            ),
            TwoOrMoreTrumps.ANY_TRUMP: (
                "any trump",
                "{otherwise_holding} two or more trumps, the leader to the first trick must lead "
                "one of them, any one he chooses; with one trump or none he may lead any card.",
            ),
            TwoOrMoreTrumps.FREE: (
                "any card",
                "{otherwise_the} leader to the first trick may lead any card, however many trumps "
                "he holds.",
            ),
        },
        applies=first_lead_duties,
    ),
    Rule(
        PLAY,
        "Trump after trick",
        ("leads.trump_after_trick",),
        {
            TrumpAfterTrick.HIGHEST_TRUMP: (
                "his highest trump",
                "{trick_winner}, if he still holds a trump, must lead a trump to the next "
                "trick, the highest if he holds more than one{later_leads}.",
            ),
            TrumpAfterTrick.ANY_TRUMP: (
                "any trump",
                "{trick_winner}, if he still holds a trump, must lead a trump to the next "
                "trick, any one he chooses{later_leads}.",
            ),
            TrumpAfterTrick.NONE: (
                "any card",
                "The winner of a trick may lead any card to the next.",
            ),
        },
        applies=lead_duties,
        also_marks=("leads.trump_after_trick_scope",),
        cites=lambda r: (
            ("leads.trump_after_trick",)
            if r.leads.trump_after_trick is TrumpAfterTrick.NONE
            else ("leads.trump_after_trick", "leads.trump_after_trick_scope")
        ),
    ),
    Rule(
        PLAY,
        "Who must lead trumps",
        ("leads.trump_after_trick_scope",),
        {
            TrumpAfterTrickScope.FIRST_TRICK: (
                "the winner of the first trick",
                "The duty to lead trumps binds only the winner of the first trick; later leads "
                "are free.",
            ),
            TrumpAfterTrickScope.EVERY_TRICK: (
                "the winner of every trick",
                "The duty to lead trumps binds the winner of every trick.",
            ),
        },
        applies=lambda r: lead_duties(r) and r.leads.trump_after_trick is not TrumpAfterTrick.NONE,
        in_book=False,  # the sentence of "Trump after trick" says whom the duty binds
    ),
    Rule(
        PLAY,
        "The honour lead",
        ("leads.honour_trump",),
        {
            HonourTrump.OFF: (
                "not required",
                "Holding the ace, king or queen of trumps, the leader need not lead a trump.",
            ),
            HonourTrump.FIRST_LEAD_HIGHEST: (
                "his highest trump",
                "Holding the ace, king or queen of trumps, the leader to the first trick must "
                "lead his highest trump; later leads are not bound by it.",
            ),
            HonourTrump.FIRST_LEAD_ANY_HONOUR: (
                "one of them",
                "Holding the ace, king or queen of trumps, the leader to the first trick must "
                "lead one of them, any one he chooses; later leads are not bound by it.",
            ),
        },
        applies=lead_duties,
        quiet=lambda r: r.leads.honour_trump is HonourTrump.OFF,
    ),
    Rule(
        PLAY,
        "Leading trumps when the others have none",
        ("leads.trump_if_others_void",),
        {
            OthersVoid.NONE: (
                "not required",
                "A leader need not lead a trump when the others have none.",
            ),
            OthersVoid.PUBLIC: (
                "once they have shown it",
                "A leader holding a trump must lead one once every other player still in the "
                "play has shown that he holds none, by playing another card where a trump was "
                "led or where the rules would have had him trump, or once every trump is "
                "accounted for: in the leader's hand, played, or seen face up out of the play.",
            ),
            OthersVoid.ACTUAL: (
                "whenever they hold none",
                "A leader holding a trump must lead one whenever no other player still in the "
                "play holds a trump, whether or not they have shown it (more than a player at "
                "the table can know: a rule for trying hands, not for play).",
            ),
        },
        applies=lead_duties,
        quiet=lambda r: r.leads.trump_if_others_void is OthersVoid.NONE,
    ),
    Rule(
        PLAY,
        "A cinch",
        ("leads.cinch",),
        {
            Cinch.NONE: ("no duty", "A player sure of his tricks plays as he likes."),
            Cinch.GUARANTEED: (
                "sure of {majority} tricks",
                "A player has a cinch when the tricks he has won and his master trumps make "
                "{majority} or more, a master trump being higher than every trump not played, "
                "not in his hand and not seen face up out of the play. While he has a cinch he "
                "must lead his highest trump, and, playing to a trick another led, if he is not "
                "the last to play to it and the rules let him play a trump, he must play his "
                "highest trump. The duty lasts as long as the cinch, after he has made his "
                "tricks too.",
            ),
            Cinch.AKQ: (
                "the ace, king and queen of trumps",
                "A player who was dealt or drew the ace, king and queen of trumps has a cinch "
                "while he holds those of them he has not played. While he has a cinch he must "
                "lead his highest trump, so that he leads the three in that order, and, "
                "playing to a trick another led, if he is not the last to play to it and the "
                "rules let him play a trump, he must play his highest trump.",
            ),
        },
        applies=trumps_in_play,
        quiet=lambda r: r.leads.cinch is Cinch.NONE,
    ),
    Rule(
        PLAY,
        "Following suit",
        ("following.follow_suit",),
        {
            True: ("required", "Each player must follow suit if he can{otherwise_any}."),
            False: (
                "not required",
                "Suits need not be followed: any card may be played to a trick.",
            ),
        },
    ),
    Rule(
        PLAY,
        "Heading the trick",
        ("following.head_trick",),
        {
            True: (
                "required",
                "A player following suit must head the trick if he can, that is, play a card "
                "higher than the best card of the suit led so far{unless_trumped}; when trumps "
                "are led, each must beat the highest trump so far if he can.",
            ),
            False: (
                "not required",
                "A player following suit may play any card of the suit; he "
                "need not head the trick.",
            ),
        },
        applies=must_follow_suit,
    ),
    Rule(
        PLAY,
        "The first trick",
        ("following.first_trick_barred",),
        _first_trick,
        quiet=lambda r: not first_trick_bars(r),
    ),
    Rule(
        PLAY,
        "Heading a trumped trick",
        ("following.head_when_trumped",),
        {
            HeadWhenTrumped.FREE: (
                "any card of the suit",
                "Once the trick has been trumped no card of the suit led can head it: a player "
                "following suit may play any card of the suit.",
            ),
            HeadWhenTrumped.BEAT_BEST_OF_SUIT: (
                "beat the best card of the suit",
                "Once the trick has been trumped, a player following suit must still play a card "
                "higher than the best card of the suit led so far, if he can.",
            ),
        },
        applies=lambda r: must_follow_suit(r) and r.following.head_trick and trumps_in_play(r),
        quiet=lambda r: r.following.head_when_trumped is HeadWhenTrumped.FREE,
    ),
    Rule(
        PLAY,
        "Trumping when void",
        ("following.trump_when_void",),
        {
            TrumpWhenVoid.IF_CAN_HEAD: (
                "only to head the trick",
                "A player who cannot follow suit must trump if a trump would head the trick "
                "(overtrumping if the trick is already trumped); otherwise he may play any card.",
            ),
            TrumpWhenVoid.ALWAYS: (
                "always",
                "A player who cannot follow suit must play a trump if he holds one, overtrumping "
                "if the trick is already trumped and he can; a trump that cannot head the trick "
                "must still be played.",
            ),
            TrumpWhenVoid.ANY_TRUMP: (
                "any trump",
                "A player who cannot follow suit must play a trump if he holds one, any trump he "
                "chooses: he need not overtrump a trick already trumped.",
            ),
            TrumpWhenVoid.HIGHEST_TRUMP: (
                "his highest trump",
                "A player who cannot follow suit must play his highest trump if he holds one, "
                "whether or not it can head the trick.",
            ),
            TrumpWhenVoid.NEVER: (
                "never required",
                "A player who cannot follow suit may play any card; he need not trump.",
            ),
        },
        applies=lambda r: must_follow_suit(r) and trumps_in_play(r),
    ),
    Rule(
        PLAY,
        '"Pam, be civil"',
        ("following.be_civil",),
        {
            BeCivil.UNLESS_REVOKE: (
                "unless it would be a revoke",
                '"{pam}, be civil": when civility is owed on the lead of the ace of trumps (see '
                "the next rule), the holder of {pam} must not win the trick with {pam} if he holds "
                "another trump; if {pam} is his only trump he may play it.",
            ),
            BeCivil.STRICT: (
                "strictly",
                '"{pam}, be civil": when civility is owed on the lead of the ace of trumps (see '
                "the next rule), the holder of {pam} must let the ace pass, playing any other "
                "card, even when {pam} is his only trump; he plays {pam} only if it is his last "
                "card.",
            ),
            BeCivil.OFF: (
                "not required",
                "{pam} need not be civil: when the ace of trumps is led, the holder of {pam} may "
                "win the trick with it.",
            ),
        },
        applies=civility_possible,
    ),
    Rule(
        PLAY,
        'The call "Pam, be civil"',
        ("following.civil_call",),
        {
            CivilCall.REQUIRED: (
                "needed",
                'It is usual, not a duty, for the leader of the ace of trumps to say "{pam}, be '
                'civil"; {pam} owes civility only when he says it. Led without the call, the ace '
                "binds the holder of {pam} only as any trump lead does.",
            ),
            CivilCall.NOT_NEEDED: (
                "not needed",
                "{pam} owes civility whenever the ace of trumps is led: the call goes without "
                "saying.",
            ),
        },
        applies=civility_owed,
    ),
    Rule(
        PLAY,
        "Winning a trick",
        ("tricks.winner",),
        {
            TrickWinner.SUIT_AND_TRUMPS: (
                "{trick_won_short}",
                "A trick is won by {trick_won_by}; the winner leads to the next trick.",
            ),
            TrickWinner.RANK_ONLY: (
                "by rank alone",
                "A trick is won by the card of highest rank, whatever its suit; the winner leads "
                "to the next trick.",
            ),
        },
    ),
    Rule(
        PLAY,
        "Equal ranks",
        ("tricks.equal_ranks",),
        {
            EqualRanks.TIE: (
                "a tie",
                "If the two highest cards are of equal rank, the trick is "
                "tied and belongs to neither.",
            ),
            EqualRanks.FIRST_PLAYED_WINS: (
                "the first played wins",
                "Of two cards of equal rank, the one played first wins.",
            ),
        },
        applies=rank_only,
    ),
    Rule(
        PLAY,
        "After a tied trick",
        (),
        lambda r: ("the same leader", "After a tied trick, the player who led to it leads again."),
        applies=lambda r: rank_only(r) and r.tricks.equal_ranks is EqualRanks.TIE,
        in_diff=False,
        cites=lambda r: ("one_way.after_a_tied_trick",),
    ),
    Rule(
        PLAY,
        "Challenges",
        ("challenges.enabled",),
        {
            True: (
                "made",
                'Throwing up and putting ("I put") are challenges made during the '
                "play, as follows.",
            ),
            False: (
                "not made",
                "There are no challenges: nobody throws up or puts during the play.",
            ),
        },
        quiet=lambda r: not r.challenges.enabled,
    ),
    Rule(
        PLAY,
        "Who may challenge, and when",
        ("challenges.model",),
        {
            ChallengeModel.HOYLE: (
                "Hoyle's",
                "Before leading to the first trick {non_dealer} may throw up his cards, and "
                "{dealer_player} scores {point}. Once the first trick is played, {non_dealer} "
                'must either say "I put" or throw up, {dealer_player} then scoring {point}; a put '
                "that {dealer_player} refuses scores {point} to {non_dealer}, and a put he sees "
                "is played out.",
            ),
            ChallengeModel.ENQUIRE_WITHIN: (
                "Enquire Within's",
                'The adversary of the first leader may say "I put" before playing to the lead. '
                'Once the first trick is played, {non_dealer} either says "I put" or throws '
                "his cards on the pack, his adversary then scoring {point}. A put refused scores "
                "{point} to the putter; a put seen is played out.",
            ),
            ChallengeModel.PARLETT: (
                "Parlett's",
                "Either player, when about to lead to a trick, may throw in his cards (his "
                'opponent scoring {point}), lead in silence, or say "I put": his opponent then '
                "refuses, the putter scoring {point}, or sees it and the deal is played out.",
            ),
            ChallengeModel.COTTON: (
                "Cotton's",
                'Only {non_dealer} may say "I put", before his first lead: his opponent '
                "refuses, the putter scoring {point}, or sees it and the deal is played out.",
            ),
        },
        applies=challenges_made,
        also_marks=("challenges.point",),
    ),
    Rule(
        PLAY,
        "Declining a lead",
        ("challenges.follower_may_concede",),
        {
            True: (
                "allowed",
                "A player may decline to play to his opponent's lead, conceding {point}.",
            ),
            False: ("not allowed", "A player must play to his opponent's lead."),
        },
        applies=challenges_made,
        also_marks=("challenges.point",),
    ),
    Rule(
        PLAY,
        "Abiding a put",
        ("challenges.put_binding",),
        {
            True: (
                "binding",
                "Once a put is seen, neither player may throw up: both must abide "
                "the event of the deal.",
            ),
            False: (
                "not binding",
                "Even after a put is seen, a player may throw up, conceding the game.",
            ),
        },
        applies=challenges_made,
    ),
    Rule(
        PLAY,
        "A deal played out",
        ("challenges.played_out_value",),
        {
            PlayedOutValue.GAME: (
                "the game",
                "A deal played to its end is won by the player who takes more tricks than his "
                "opponent, and it wins him the game ({target} points).",
            ),
            PlayedOutValue.ONE_POINT: (
                "one point, or the game after a put",
                "A deal played to its end is won by the player who takes more tricks than his "
                "opponent and scores him one point; if a put was seen, it wins him the game "
                "({target} points).",
            ),
        },
        applies=challenges_made,
    ),
    Rule(
        PLAY,
        "Trick and tie",
        ("challenges.trick_and_tie",),
        {
            TrickAndTie.NO_SCORE: (
                "no score",
                'One trick each and a tie ("trick and tie"): neither scores.',
            ),
            TrickAndTie.RESTART_GAME: (
                "the game begins anew",
                'One trick each and a tie ("trick and tie") after a put has been seen: the whole '
                "goes for nothing and the game begins anew, all scores returning to nothing; "
                "without a put neither scores.",
            ),
        },
        applies=challenges_made,
    ),
    Rule(
        PLAY,
        "One trick and two ties",
        ("challenges.one_trick_two_ties",),
        {
            OneTrickTwoTies.WINS: (
                "wins",
                "One trick won and the other two tied: the winner of the one trick wins the deal.",
            ),
            OneTrickTwoTies.NO_SCORE: (
                "no score",
                "One trick won and the other two tied: neither scores.",
            ),
        },
        applies=challenges_made,
    ),
    Rule(
        PLAY,
        "Every trick tied",
        (),
        lambda r: ("no score", "Every trick tied: neither scores."),
        applies=challenges_made,
        in_diff=False,
        cites=lambda r: ("one_way.every_trick_tied",),
    ),
    # Each challenge's sentence above gives its point: this one states the option for
    # differences only, so that the rulebook does not say it twice.
    Rule(PLAY, "A point", ("challenges.point",), _point, applies=challenges_made, in_book=False),
)
