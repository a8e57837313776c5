"""Are forecasts true? Reliability tables, Brier scores and the bias of expected values.

A forecast of 30% is calibrated if, of all the times it was made, about 30% came
true. :func:`reliability` groups forecasts by tenths of probability and sets the
share that happened beside the mean forecast, with the binomial standard error
that says how far apart the two may be by chance. :func:`brier` scores a set of
forecasts (0 is perfect); :func:`base_rate_brier` is the score of always
forecasting how often things happened, the bar a useful forecaster must clear.
:func:`mean_error` does the same for expected values, such as expected money.

>>> brier([0.9, 0.2, 0.7], [1, 0, 1])
0.0467
>>> base_rate_brier([1, 0, 1])
0.2222
>>> mean_error([1.0, 2.0, 3.0], [2.0, 2.0, 2.0])
(0.0, 0.5774)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from numbers import Real
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["base_rate_brier", "brier", "mean_error", "reliability", "reliability_by"]


def _numbers(values: object, name: str) -> list[float]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise TypeError(f"{name} must be a sequence of numbers, not {values!r:.60}")
    found: list[float] = []
    for value in values:
        if isinstance(value, bool) or not isinstance(value, Real):
            raise TypeError(f"{name} must hold numbers, not {value!r:.60}")
        number = float(value)
        if not math.isfinite(number):
            raise ValueError(f"{name} must hold finite numbers, not {value!r}")
        found.append(number)
    return found


def _probabilities(predicted: object, name: str = "predicted") -> list[float]:
    values = _numbers(predicted, name)
    for value in values:
        if not 0.0 <= value <= 1.0:
            raise ValueError(f"{name} must hold probabilities between 0 and 1, not {value}")
    return values


def _happened(observed: object) -> list[int]:
    if isinstance(observed, (str, bytes)) or not isinstance(observed, Iterable):
        raise TypeError(f"observed must be a sequence of 0/1 or booleans, not {observed!r:.60}")
    found: list[int] = []
    for value in observed:
        if isinstance(value, (bool, Real)) and value in (0, 1):
            found.append(1 if value else 0)
        else:
            raise ValueError(f"observed must hold 0, 1, True or False, not {value!r:.60}")
    return found


def _paired(predicted: object, observed: object) -> tuple[list[float], list[int]]:
    p, o = _probabilities(predicted), _happened(observed)
    if len(p) != len(o):
        raise ValueError(
            f"predicted and observed must be the same length, not {len(p)} and {len(o)}"
        )
    if not p:
        raise ValueError("predicted and observed must not be empty")
    return p, o


def brier(predicted: Sequence[float], observed: Sequence[int | bool]) -> float:
    """The Brier score: the mean squared gap between forecast and outcome (0 is perfect),
    rounded to four places."""
    p, o = _paired(predicted, observed)
    return round(sum((f - y) ** 2 for f, y in zip(p, o, strict=True)) / len(p), 4)


def base_rate_brier(observed: Sequence[int | bool]) -> float:
    """The Brier score of always forecasting the share that happened: the bar to clear."""
    o = _happened(observed)
    if not o:
        raise ValueError("observed must not be empty")
    rate = sum(o) / len(o)
    return round(rate * (1 - rate), 4)


def reliability(
    predicted: Sequence[float],
    observed: Sequence[int | bool],
    bins: int = 10,
    groups: Sequence[object] | None = None,
) -> pd.DataFrame:
    """One row per non-empty bin of forecasts: the mean forecast, the share that happened,
    how many, the standard error, and whether the two agree within three errors (or
    within one case, so a tiny bin forecast near 0 or 1 is not failed for one surprise).

    Forecasts made in one deal share its result, so they are not independent: with
    ``groups`` (one label per forecast, such as its deal), the error is the
    cluster-robust one (the gaps summed per group) when it is the larger, else the
    binomial error.

    >>> reliability([0.15, 0.12, 0.81], [0, 0, 1])[["bin", "count", "within"]]
           bin  count  within
    0  0.1–0.2      2    True
    1  0.8–0.9      1    True
    """
    import pandas as pd

    if not isinstance(bins, int) or isinstance(bins, bool):
        raise TypeError(f"bins must be a whole number, not {bins!r}")
    if not 1 <= bins <= 100:
        raise ValueError(f"bins must be between 1 and 100, not {bins}")
    p, o = _paired(predicted, observed)
    labels: Sequence[object] = list(range(len(p))) if groups is None else list(groups)
    if len(labels) != len(p):
        raise ValueError(f"groups must name one group per forecast, not {len(labels)}")
    binned: dict[int, list[tuple[float, int, object]]] = {}
    for f, y, g in zip(p, o, labels, strict=True):
        binned.setdefault(min(int(f * bins), bins - 1), []).append((f, y, g))
    places = _places(bins)
    rows = [
        {
            "bin": f"{index / bins:.{places}f}–{(index + 1) / bins:.{places}f}",
            **_agreement(binned[index], clustered=groups is not None),
        }
        for index in sorted(binned)
    ]
    return pd.DataFrame(rows, columns=["bin", *AGREEMENT])


AGREEMENT = ("predicted", "observed", "count", "error", "within")
"""The columns of a reliability table after its label (see :func:`_agreement`)."""


def _places(bins: int) -> int:
    """Decimal places that show every bin edge of ``bins`` bins exactly enough."""
    return 1 if 10 % bins == 0 else 2


def _agreement(pairs: Sequence[tuple[float, int, object]], *, clustered: bool) -> dict[str, Any]:
    """A reliability table's row, but its label: how forecasts ``pairs`` of (forecast,
    happened, group) agree with what happened."""
    n = len(pairs)
    mean = sum(f for f, _, _ in pairs) / n
    share = sum(y for _, y, _ in pairs) / n
    error = math.sqrt(mean * (1 - mean) / n)
    if clustered:
        # never below the binomial error: when the event is rare, the gaps summed per
        # group can all but vanish by chance, and would understate the error
        gaps: dict[object, float] = {}
        for f, y, g in pairs:
            gaps[g] = gaps.get(g, 0.0) + (y - f)
        error = max(error, math.sqrt(sum(v * v for v in gaps.values())) / n)
    return {
        "predicted": round(mean, 4),
        "observed": round(share, 4),
        "count": n,
        "error": round(error, 4),
        "within": abs(share - mean) <= max(3 * error, 1 / n),
    }


def reliability_by(
    predicted: Sequence[float],
    observed: Sequence[int | bool],
    kinds: Sequence[str],
    groups: Sequence[object] | None = None,
) -> pd.DataFrame:
    """As :func:`reliability`, with one row per kind of forecast (``kinds``, one name per
    forecast, in the order they first appear) instead of per bin: a table that agrees bin by
    bin can still be off for one kind of position, made up by another.

    >>> reliability_by([0.2, 0.4, 0.9], [0, 1, 1], ["far", "far", "ready"])[["kind", "count"]]
        kind  count
    0    far      2
    1  ready      1
    """
    import pandas as pd

    p, o = _paired(predicted, observed)
    labels: Sequence[object] = list(range(len(p))) if groups is None else list(groups)
    if len(kinds) != len(p) or len(labels) != len(p):
        raise ValueError(f"kinds and groups must name one per forecast ({len(p)})")
    split: dict[str, list[tuple[float, int, object]]] = {}
    for f, y, g, kind in zip(p, o, labels, kinds, strict=True):
        split.setdefault(kind, []).append((f, y, g))
    rows = [
        {"kind": kind, **_agreement(split[kind], clustered=groups is not None)} for kind in split
    ]
    return pd.DataFrame(rows, columns=["kind", *AGREEMENT])


def mean_error(
    predicted_means: Sequence[float],
    realised: Sequence[float],
    groups: Sequence[object] | None = None,
) -> tuple[float, float]:
    """(bias, standard error) of expected values against what happened: the mean of
    realised − predicted, and its standard error (cluster-robust with ``groups``, as in
    :func:`reliability`), each rounded to four places."""
    p = _numbers(predicted_means, "predicted_means")
    r = _numbers(realised, "realised")
    if len(p) != len(r):
        raise ValueError(
            f"predicted_means and realised must be the same length, not {len(p)} and {len(r)}"
        )
    if not p:
        raise ValueError("predicted_means and realised must not be empty")
    gaps = [y - f for f, y in zip(p, r, strict=True)]
    n = len(gaps)
    bias = sum(gaps) / n
    if n < 2:
        return round(bias, 4), 0.0
    if groups is not None:
        if len(groups) != n:
            raise ValueError(f"groups must name one group per value, not {len(groups)}")
        summed: dict[object, float] = {}
        for g, gap in zip(groups, gaps, strict=True):
            summed[g] = summed.get(g, 0.0) + (gap - bias)
        return round(bias, 4), round(math.sqrt(sum(v * v for v in summed.values())) / n, 4)
    variance = sum((g - bias) ** 2 for g in gaps) / (n - 1)
    return round(bias, 4), round(math.sqrt(variance / n), 4)
