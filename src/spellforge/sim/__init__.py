"""Simulation: batches of bot games, benchmarks."""

from .simulate import BatchResult, GameResult, play_game, simulate

__all__ = ["BatchResult", "GameResult", "play_game", "simulate"]
