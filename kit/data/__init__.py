"""Data the kit ships: precomputed tables and simulation results (see each module)."""
