"""The pieces of the ledger: players, deeds by colour group, the bank, the history."""
