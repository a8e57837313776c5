"""Reliability tables, Brier scores and the bias of expected values, on synthetic forecasts."""

from __future__ import annotations

import random

import pytest

from kit.calibration import base_rate_brier, brier, mean_error, reliability


def _forecasts(seed: int, n: int = 4000) -> tuple[list[float], list[int]]:
    """Forecasts drawn at random and outcomes drawn from those very forecasts."""
    rng = random.Random(seed)
    predicted = [rng.random() for _ in range(n)]
    observed = [int(rng.random() < p) for p in predicted]
    return predicted, observed


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_honest_forecasts_are_reliable_and_beat_the_base_rate(seed: int) -> None:
    predicted, observed = _forecasts(seed)
    table = reliability(predicted, observed)
    assert list(table.columns) == ["bin", "predicted", "observed", "count", "error", "within"]
    assert len(table) == 10 and table["count"].sum() == len(predicted)
    assert table["within"].all(), table
    assert table["bin"].iloc[2] == "0.2–0.3"
    assert brier(predicted, observed) < base_rate_brier(observed)


def test_overconfident_forecasts_are_caught() -> None:
    predicted, observed = _forecasts(4)
    bold = [min(1.0, max(0.0, 0.5 + 1.8 * (p - 0.5))) for p in predicted]
    table = reliability(bold, observed)
    assert not table["within"].all(), table


def test_empty_bins_are_left_out_and_tiny_bins_are_not_failed_for_one_surprise() -> None:
    table = reliability([0.0, 0.01, 0.95], [1, 0, True])
    assert list(table["bin"]) == ["0.0–0.1", "0.9–1.0"]
    assert table["within"].all()
    assert list(table["count"]) == [2, 1]


def test_brier_and_base_rate() -> None:
    assert brier([1.0, 0.0], [1, 0]) == 0.0
    assert brier([0.0, 1.0], [True, False]) == 1.0
    assert base_rate_brier([1, 1, 1, 1]) == 0.0
    assert base_rate_brier([0, 1]) == 0.25


def test_mean_error_is_the_bias_of_expected_values_and_its_standard_error() -> None:
    rng = random.Random(5)
    means = [rng.uniform(-10, 10) for _ in range(2000)]
    realised = [m + 2 + rng.gauss(0, 3) for m in means]
    bias, error = mean_error(means, realised)
    assert abs(bias - 2) < 4 * error
    assert 0 < error < 0.2
    assert mean_error([1.0], [3]) == (2.0, 0.0)


@pytest.mark.parametrize(
    ("call", "kind", "words"),
    [
        (lambda: brier([0.5], [1, 0]), ValueError, "predicted and observed"),
        (lambda: brier([1.5], [1]), ValueError, "predicted"),
        (lambda: brier([0.5], [2]), ValueError, "observed"),
        (lambda: brier(["0.5"], [1]), TypeError, "predicted"),  # type: ignore[list-item]
        (lambda: brier("0.5", [1]), TypeError, "predicted"),  # type: ignore[arg-type]
        (lambda: brier([], []), ValueError, "must not be empty"),
        (lambda: base_rate_brier([0.5]), ValueError, "observed"),  # type: ignore[list-item]
        (lambda: reliability([0.5], [1], bins=0), ValueError, "bins"),
        (lambda: reliability([0.5], [1], bins=2.5), TypeError, "bins"),  # type: ignore[arg-type]
        (lambda: mean_error([1.0], [1.0, 2.0]), ValueError, "predicted_means and realised"),
        (lambda: mean_error([float("nan")], [1.0]), ValueError, "predicted_means"),
        (lambda: mean_error([1.0], [None]), TypeError, "realised"),  # type: ignore[list-item]
    ],
)
def test_bad_input_is_refused_by_name(call: object, kind: type[Exception], words: str) -> None:
    with pytest.raises(kind, match=words):
        call()  # type: ignore[operator]
