"""The play widgets and drills, driven in plain Python by clicking, as a learner would."""

from __future__ import annotations

from typing import Any

import pytest

from kit.hongkong import Rules as HongKongRules
from kit.mahjong.actions import Discard, Pass
from kit.mahjong.tiles import TILES, Tile
from kit.nylonppong.coach import advise as nylonppong_advise
from kit.nylonppong.game import Discard as CardDiscard
from kit.nylonppong.game import Draw, Stop
from kit.render.spoken import said_by, spoken_html
from kit.widgets.hongkong import Drill as HongKongDrill
from kit.widgets.hongkong import PlayDeal as HongKongDeal
from kit.widgets.nylonppong import PlayRound
from kit.widgets.sichuan import Drill as SichuanDrill
from kit.widgets.sichuan import PlayDeal as SichuanDeal


def follow_the_coach(game: Any, limit: int = 200) -> int:
    """Click the coach's recommended action until the deal is over; the clicks made."""
    clicks = 0
    while not game.over and clicks < limit:
        assert game.your_move, game.prompt.value
        legal = game.view.legal_actions()
        advice = game.coach.advice
        action = advice.action if advice is not None else legal[0]
        assert action in legal
        game.button_for(action).click()
        assert game.error.value == "", game.error.value
        clicks += 1
    return clicks


def test_a_whole_sichuan_deal_played_by_clicking_the_coachs_choice() -> None:
    game = SichuanDeal(seed=11, pace=0)
    assert game.table.phase == "void"
    assert {c[0].suit for c in game._choices if c} == {"m", "p", "s"}
    clicks = follow_the_coach(game)
    assert game.over
    summary = game.summary.value
    assert "kit-deal-summary" in summary
    assert "kit-deal" in summary  # the ledger
    assert "kit-review-table" in summary
    assert len(game.review.lines) == clicks  # every click was a choice
    assert game.review.agreed == clicks
    for win in game.table.wins:
        assert f"{win.score.fan} fan" in summary


def test_a_whole_hong_kong_two_player_deal_played_by_clicking() -> None:
    game = HongKongDeal(rules=HongKongRules(players=2), seed=4, pace=0)
    assert game.players == 2 and len(game.opponents) == 1
    assert "South" in game.table_view.value
    follow_the_coach(game)
    assert game.over
    assert "kit-deal-summary" in game.summary.value
    if game.table.wins:
        assert "kit-score" in game.summary.value


def test_a_four_player_hong_kong_deal_shows_winds_and_ends() -> None:
    game = HongKongDeal(seed=2, pace=0, bots="coach")
    board = game.table_view.value
    assert all(wind in board for wind in ("East", "South", "West", "North"))
    follow_the_coach(game)
    assert game.over and "kit-review" in game.summary.value


def test_an_illegal_click_shows_an_error_and_keeps_the_state() -> None:
    game = SichuanDeal(seed=5, pace=0)
    before = list(game.table.history)
    game.act(Discard(0, Tile.parse("1m")))
    assert "not allowed" in game.error.value
    assert "Traceback" not in game.error.value
    assert game.table.history == before
    game.button_for(game.view.legal_actions()[0]).click()  # a void; the error clears
    assert game.error.value == ""
    discard = next(a for a in game.view.legal_actions() if isinstance(a, Discard))
    absent = next(t for t in TILES[:27] if t not in game.view.concealed)
    history = list(game.table.history)
    game.act(Discard(0, absent))
    assert "not allowed" in game.error.value
    assert game.table.history == history
    game.button_for(discard).click()
    assert game.error.value == ""


def test_claim_buttons_show_only_when_legal() -> None:
    game = HongKongDeal(seed=3, pace=0)
    for _ in range(60):
        if game.over:
            break
        legal = game.view.legal_actions()
        shown = [choice[0] for choice in game._choices if choice is not None]
        assert all(action in legal for action in shown)
        visible = [b for b in game.choice_buttons if b.layout.display != "none"]
        assert len(visible) == len(shown)
        if game.table.phase == "claim":
            assert Pass(0) in shown
        else:
            assert not any(isinstance(a, Pass) for a in shown)
        faces = [b for b in game.hand_buttons if b.layout.display != "none"]
        assert all(b.disabled == (game.table.phase != "discard") for b in faces)
        advice = game.coach.advice
        game.button_for(advice.action if advice else legal[0]).click()


def test_hints_step_through_three_levels() -> None:
    game = HongKongDeal(seed=8, pace=0)
    advice = game.coach.advice
    assert advice is not None
    texts = [game.hint() for _ in range(4)]
    assert texts[0] == advice.hint(1)
    assert texts[1] == advice.hint(2)
    assert texts[2] == texts[3] == advice.hint(3)
    assert game.coach.level == 3
    assert "Answer" in game.coach.hint_text.value
    game.coach.hint_button.click()  # stays at the reveal
    assert game.coach.level == 3
    game.button_for(advice.action).click()
    assert game.coach.level == 0 and game.coach.hint_text.value == ""
    assert game.hints[0] == 3


def test_the_coach_panel_shows_the_ranked_table() -> None:
    game = SichuanDeal(seed=9, pace=0)
    assert game.coach.panel.value == ""
    game.coach.panel_toggle.value = True
    assert "kit-coach-table" in game.coach.panel.value
    first = game.coach.advice.options[0].label
    assert spoken_html(first) in game.coach.panel.value  # its tiles by picture and name
    game.coach.panel_toggle.value = False
    assert game.coach.panel.value == ""


def test_the_review_has_one_row_per_decision_and_names_a_loss() -> None:
    game = SichuanDeal(seed=12, pace=0)
    decisions = 0
    worst_taken = False
    while not game.over:
        advice = game.coach.advice
        legal = game.view.legal_actions()
        if advice is None:
            game.button_for(legal[0]).click()
            continue
        decisions += 1
        action = advice.action
        if not worst_taken and len(advice.options) > 1 and advice.decision == "discard":
            worst = advice.options[-1]
            if not advice.is_best(worst.action):
                action, worst_taken = worst.action, True
        game.button_for(action).click()
    assert len(game.review.lines) == decisions
    assert game.summary.value.count("<tr>") >= decisions
    if worst_taken:
        assert game.review.agreed == decisions - 1
        bad = next(line for line in game.review.lines if not line.good)
        assert bad.lost


def test_a_new_deal_with_the_same_seed_is_the_same_deal() -> None:
    game = HongKongDeal(seed=21, pace=0)
    hand = list(game.table.concealed[0])
    game.new_button.click()
    assert game.seed.value == 22
    game.seed.value = 21
    game.replay_button.click()
    assert game.table.concealed[0] == hand
    assert game.review.lines == []


def test_opponents_are_chosen_by_name_for_the_next_deal() -> None:
    game = SichuanDeal(seed=1, pace=0, bots=("coach", "random"))
    assert game.bot_names == ["coach", "random", "coach"]
    game.opponents[2].value = "efficient"
    game.new_button.click()
    assert game.bot_names == ["coach", "efficient", "coach"]
    with pytest.raises(ValueError, match="unknown bot"):
        SichuanDeal(bots="clever")


def test_tile_faces_carry_stable_classes() -> None:
    game = SichuanDeal(seed=3, pace=0)
    for tile, button in zip(game._hand_tiles(), game.hand_buttons, strict=False):
        assert f"kit-play-tile-{tile.notation()}" in button._dom_classes
        assert f"kit-face-{tile.notation()}" in button._dom_classes
    assert "kit-face-5p{" in "".join(child.value for child in game.faces.children)


def test_pace_is_checked() -> None:
    with pytest.raises(ValueError, match="pace"):
        SichuanDeal(pace=-1)


@pytest.mark.parametrize("drill_class", [SichuanDrill, HongKongDrill])
def test_a_drill_counts_right_and_wrong_answers(drill_class: Any) -> None:
    drill = drill_class(seed=5)
    best = drill.advice.action.tile
    drill.button_for(best).click()
    assert (drill.right, drill.tried) == (1, 1)
    assert "Right" in drill.answer.value and "kit-coach-table" in drill.answer.value
    drill.button_for(best).click()  # answered already: refused, not counted
    assert drill.tried == 1 and "already answered" in drill.error.value
    for _ in range(10):
        drill.next_button.click()
        wrong = [t for t in drill.tiles if not drill.advice.is_best(Discard(drill.seat, t))]
        if wrong:
            break
    drill.button_for(wrong[0]).click()
    assert (drill.right, drill.tried) == (1, 2)
    assert "Not the best" in drill.answer.value
    assert "1</b> right of <b>2" in drill.score.value


def test_a_drill_position_is_a_discard_from_fourteen_tiles() -> None:
    drill = HongKongDrill(rules=HongKongRules(players=2), seed=2)
    for _ in range(3):
        view = drill.view
        assert len(view.concealed) + 3 * len(view.melds) == 14
        assert drill.advice.decision == "discard"
        drill.next_button.click()


def test_said_by_speaks_to_you() -> None:
    assert said_by("seat 0 draws", 0) == "you draw"
    assert said_by("seat 0 declares a concealed kong of 5p", 0) == (
        "you declare a concealed kong of 5p"
    )
    assert said_by("seat 2 pungs seat 0's 9m", 0) == "Seat 2 pungs your 9m"


# --- Nylon-ppong ----------------------------------------------------------------------------


def test_nylonppong_round_played_to_the_end_by_clicking_card_faces() -> None:
    game = PlayRound(seed=6, pace=0, bots="coach")
    faces_clicked = 0
    for _ in range(200):
        if game.round.result is not None:
            break
        view = game.round.view(0)
        legal = view.legal_actions()
        action = nylonppong_advise(view).action if len(legal) > 1 else legal[0]
        if isinstance(action, Stop) and faces_clicked == 0:
            action = Draw(0)  # play on, to click some faces first
        button = game.button_for(action)
        if isinstance(action, CardDiscard):
            assert "kit-face-button" in button._dom_classes
            faces_clicked += 1
        button.click()
        assert game.error.value == "", game.error.value
    assert game.round.result is not None
    assert faces_clicked > 0
    assert "kit-round-result" in game.summary.value
    assert "kit-review-table" in game.summary.value
    assert not any(" you draws" in e or "you discards" in e for e in game.events)
    assert any(e.startswith("you ") for e in game.events)


def test_nylonppong_hint_panel_and_opponents() -> None:
    game = PlayRound(seed=2, pace=0)
    assert "coach" in game.opponents[1].options
    for _ in range(20):  # reach a real choice
        view = game.round.view(0)
        if len(view.legal_actions()) > 1:
            break
        game.button_for(view.legal_actions()[0]).click()
    advice = game.coach.advice
    assert advice is not None
    assert [game.hint() for _ in range(3)] == [advice.hint(level) for level in (1, 2, 3)]
    game.coach.panel_toggle.value = True
    assert "kit-coach-table" in game.coach.panel.value
    game.opponents[1].value = "coach"
    game.buttons["new"].disabled = False
    game.new_round()
    assert game.bot_names[0] == "coach"


# --- the play loop: what the page is told, and clicks made on an older moment ----------------


def decision_count(game: Any) -> dict[str, str]:
    """The data attributes of the hidden ``kit-decision-count`` element."""
    import re

    return dict(re.findall(r'data-([a-z]+)="([^"]*)"', game.loop.count.value))


def test_the_page_is_told_the_decisions_recorded_after_each_learner_move() -> None:
    game = SichuanDeal(seed=11, pace=0)
    assert "kit-decision-count" in game.loop.count._dom_classes
    assert decision_count(game) == {
        "decisions": "0", "moment": str(game.loop.moment), "turn": "you",
    }  # fmt: skip
    before = game.loop.moment
    advice = game.coach.advice
    assert advice is not None
    game.button_for(advice.action).click()
    assert decision_count(game)["decisions"] == "1" == str(len(game.review.lines))
    assert game.loop.moment > before
    assert game.loop.shown.value == game.loop.moment


@pytest.mark.parametrize(
    "make", [lambda: SichuanDeal(seed=11, pace=0), lambda: PlayRound(seed=4, pace=0)]
)
def test_a_click_made_on_an_older_moment_is_refused_with_a_message(make: Any) -> None:
    game = make()
    while not game.your_move:
        game.new_round() if hasattr(game, "new_round") else game.new_deal()
    # The page answers with the moment it has drawn; one behind, its buttons are old.
    game.loop.drawn.value = game.loop.shown.value - 1
    recorded, moment = len(game.review.lines), game.loop.moment
    if isinstance(game, PlayRound):
        legal = game.round.view(0).legal_actions()
    else:
        legal = game.view.legal_actions()
    game.button_for(legal[0]).click()
    assert "the game has moved on" in game.error.value
    assert (len(game.review.lines), game.loop.moment) == (recorded, moment)
    # Once the page has drawn the latest moment, the same click plays.
    game.loop.drawn.value = game.loop.shown.value
    game.button_for(legal[0]).click()
    assert game.error.value == ""
    assert game.loop.moment > moment


@pytest.mark.parametrize(
    "make",
    [
        lambda: SichuanDeal(rules=HongKongRules()),
        lambda: SichuanDrill(rules=HongKongRules()),
        lambda: HongKongDeal(rules=SichuanDeal.GAME.default_rules()),
        lambda: HongKongDrill(rules=SichuanDeal.GAME.default_rules()),
        lambda: PlayRound(rules=HongKongRules()),  # type: ignore[arg-type]
    ],
)
def test_another_games_rules_are_refused_naming_rules_and_the_game(make: Any) -> None:
    with pytest.raises(TypeError, match=r"rules must be a (Sichuan|Hong Kong|Nylon-ppong)"):
        make()


def test_the_widgets_read_their_game_from_the_registry() -> None:
    from kit.games import game

    assert SichuanDeal.GAME is game("sichuan") and HongKongDrill.GAME is game("hongkong")
    opponents = game("hongkong").opponents
    assert HongKongDeal(seed=1, pace=0).bot_names == [*opponents, opponents[0]]
    assert PlayRound(seed=1, pace=0).bot_names == list(game("nylonppong").opponents)


def test_greyed_out_hint_and_finish_buttons_say_why() -> None:
    """Whenever *Hint* or *Finish the deal* is greyed out, its tooltip says why; enabled, what
    it does."""
    game = SichuanDeal(seed=11, pace=0)
    hint, finish = game.coach.hint_button, game.finish_button
    assert game.your_move and not hint.disabled and "nudge" in hint.tooltip  # the void step
    assert finish.disabled and "your move" in finish.tooltip.lower()
    game.table.apply(game.coach.advice.action)  # your void
    game.table.apply(game.table.legal_actions(0)[0])  # your first discard, the bots to answer
    game._show()
    assert not game.your_move
    assert hint.disabled and hint.tooltip == "No decision of yours to hint at: the bots are playing"
    assert not finish.disabled and "play out" in finish.tooltip
    game.finish()
    follow_the_coach(game)
    assert game.over
    assert hint.disabled and "The deal is over" in hint.tooltip
    assert finish.disabled and "The deal is over" in finish.tooltip


def test_a_hint_greyed_out_for_a_single_move_says_so() -> None:
    game = PlayRound(seed=6, pace=0, bots="coach")
    hint, seen = game.coach.hint_button, set()
    for _ in range(200):
        if game.round.result is not None:
            break
        legal = game.round.view(0).legal_actions()
        if len(legal) == 1:
            assert hint.disabled and hint.tooltip.startswith("Only one move is open to you (you ")
            seen.add("one")
        else:
            assert not hint.disabled and "nudge" in hint.tooltip
            seen.add("many")
        action = nylonppong_advise(game.round.view(0)).action if len(legal) > 1 else legal[0]
        game.button_for(action).click()
    assert seen == {"one", "many"}
    assert hint.disabled and "The round is over" in hint.tooltip
