"""Every limit of what a game, an event and the files a person hands in may hold,
declared once: the rules' checks, the files' readers, the command language, the phones'
requests, the director's table views and the event's results all read them here.

A limit is a typing mistake or a runaway script caught before anything is written,
never a rule of the game: no table comes near one.
"""

from __future__ import annotations

# Money.
MAX_AMOUNT = 1_000_000_000
"""The most one movement of money may be (a payment, a price, a bid, a rent): larger
numbers are typing mistakes, and a house rule or a file may not set one either."""
MAX_HOLDING = 10**12
"""The most one player or the Free Parking pot may hold, and so the most any worth can
be: a thousand times the largest single amount. Past it a house rule or a script has
run away, and the command is refused before anything is written; a table's result
beyond it is not a table's."""

# The table.
MIN_PLAYERS = 2
MAX_PLAYERS = 8
"""The most players a game seats, and so the most a tournament's table holds (RULES.md,
"Players' names")."""
MAX_NAME = 24
"""The longest player's name, in characters."""
MIN_DICE = 2
MAX_DICE = 12
"""What two dice can throw."""

MAX_SEQ = 2**63 - 1
"""The highest entry number a journal can have (SQLite's largest integer)."""

# House rules.
MAX_PIECES = 1000
"""The most houses or hotels a house rule may put in the bank."""
MAX_MINUTES = 7 * 24 * 60
"""The longest time limit a game may have: a week."""

# What is typed and handed in.
MAX_LINE = 1000
"""The longest line the bank reads, in characters. The largest trade there can be (two
24-character names, every deed of the board named in full, about 470 characters, and cash
both ways) is under 600, so a thousand leaves room to spare; a longer line is a paste gone
wrong, refused at once instead of read."""
MAX_EDITION_BYTES = 1 << 20
"""An edition is a few kilobytes; a megabyte is far more than any could need."""
MAX_RULES_BYTES = 64 << 10
"""A house-rules file is a few hundred bytes; anything past this is not one."""
MAX_SCRIPT_BYTES = 4 << 20
"""A script of about 80,000 commands: more than any game is played with."""
