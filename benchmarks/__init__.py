"""Speed figures for the kit, printed by ``make bench`` (``python -m benchmarks``)."""
