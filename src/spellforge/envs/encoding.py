"""The legacy action space and observation vector under their first module name (see ``envs.legacy``)."""

from __future__ import annotations

from .legacy import ActionCodec, ObservationEncoder, _stack_ranks

__all__ = ["ActionCodec", "ObservationEncoder", "_stack_ranks"]
