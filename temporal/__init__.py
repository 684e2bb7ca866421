"""The time-expression engine: the one place where time in text is understood.

Public entry point: `resolve(text, ref) -> list[TemporalExpression]` (pure, no I/O).
"""
