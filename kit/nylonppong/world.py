"""Worlds a Nylon-ppong seat cannot tell apart: full rounds consistent with its view.

A search (or a curious learner) asks "what if the hidden cards lay like this?".
:func:`sample_world` answers with a whole :class:`~kit.nylonppong.game.Round`:
the seat's own hand, the discards, the laid-out pairs and every count stay as
the view shows them; the cards the seat cannot see are shuffled into the other
hands (each keeping its size) and the draw pile.

>>> from kit.nylonppong.game import Draw, Round
>>> round_ = Round.deal(dealer=0, seed=4)
>>> round_.apply(Draw(0))
>>> view = round_.view(1)
>>> world = sample_world(view, random.Random(1))
>>> world.view(1) == view, world.hands[1] == round_.hands[1], world.cards_in_play()
(True, True, 48)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence

from kit.hwatu import DECK, Card
from kit.nylonppong.game import Round
from kit.nylonppong.observation import SeatView

__all__ = ["sample_world", "unseen_cards"]


def unseen_cards(view: SeatView) -> list[Card]:
    """The cards ``view``'s seat cannot see (other hands and the draw pile), in deck order."""
    seen = Counter(view.hand)
    seen.update(card for card, _ in view.discards)
    seen.update(card for cards in view.laid for card in cards)
    return [card for card in DECK if not seen[card]]


def sample_world(
    observation: SeatView,
    rng: random.Random,
    *,
    dealt: Mapping[int, Sequence[Card]] | None = None,
) -> Round:
    """A full round consistent with ``observation``, its hidden cards dealt at random by ``rng``.

    Every arrangement of the unseen cards among the other hands and the pile is
    equally likely; the same ``rng`` state gives the same world. The seat's
    view of the world equals ``observation``. Out-of-turn claims follow the
    dealt cards: a seat that now holds a pair of the top discard may claim it,
    except the observing seat, whose view says whether it still may.

    ``dealt`` reads something into the other seats' play: seat → the cards
    assumed in its hand (unseen cards, as many as it holds); the other cards
    are dealt at random round them.
    """
    if not isinstance(observation, SeatView):
        raise TypeError(f"observation must be a Nylon-ppong SeatView, not {observation!r:.60}")
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random, not {rng!r:.60}")
    if observation.round_phase == "over":
        raise ValueError("the round is over: its result shows every hand, nothing is hidden")
    seat = observation.seat
    hidden = unseen_cards(observation)
    sizes = observation.hand_sizes
    expected = sum(sizes) - sizes[seat] + observation.pile_count
    if len(hidden) != expected:
        raise ValueError(
            f"observation hides {len(hidden)} cards but its hands and pile hold {expected}"
        )
    rng.shuffle(hidden)
    capped = {other: list(cards) for other, cards in (dealt or {}).items()}
    if capped:
        _check_dealt(capped, hidden, sizes, seat)
        taken_cards = {card for cards in capped.values() for card in cards}
        hidden = [card for card in hidden if card not in taken_cards]
    hands: list[list[Card]] = []
    taken = 0
    for other, size in enumerate(sizes):
        if other == seat:
            hands.append(list(observation.hand))
        elif other in capped:
            hands.append(capped[other])
        else:
            hands.append(hidden[taken : taken + size])
            taken += size
    world = Round(
        rules=observation.rules,
        hands=hands,
        pile=hidden[taken:],
        dealer=observation.dealer,
        turn=observation.turn,
        laid=observation.laid,
        discards=list(observation.discards),
        phase=observation.round_phase,
        drew=observation.drew,
        turns=observation.turns,
        chance=observation.chance,
        moves=observation.history_length,
    )
    world.claim = _claim(world, observation)
    return world


def _check_dealt(
    dealt: Mapping[int, list[Card]], hidden: list[Card], sizes: Sequence[int], seat: int
) -> None:
    """A ValueError naming ``dealt`` unless it gives other seats unseen cards, as many as
    each holds, no card twice."""
    cards = [card for hand in dealt.values() for card in hand]
    for other, hand in dealt.items():
        if other == seat or not 0 <= other < len(sizes) or len(hand) != sizes[other]:
            raise ValueError(f"dealt: seat {other!r} cannot be dealt {len(hand)} cards")
    if len(set(cards)) != len(cards) or not set(cards) <= set(hidden):
        raise ValueError("dealt must name unseen cards, each once")


def _claim(world: Round, observation: SeatView) -> int | None:
    """Who may still ppong the top discard out of turn in ``world``."""
    if observation.phase == "claim":
        return observation.seat
    top = world.top()
    if world.phase != "draw" or top is None:
        return None
    card, discarder = top
    claimant = world.out_of_turn_claimant(card.month, discarder)
    return None if claimant == observation.seat else claimant
