"""The app's screens: the ledger, the new game form, and the dialogs of each action."""
