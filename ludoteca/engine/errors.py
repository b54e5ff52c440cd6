"""The errors the contract promises: every refusal is a ValueError with a message a person can act on."""


class IllegalAction(ValueError):
    """An action the rules do not allow now. The state is left exactly as it was."""


class RecordError(ValueError):
    """A record or saved state that does not belong to this game or engine version."""
