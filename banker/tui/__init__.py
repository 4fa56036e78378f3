"""The banker's terminal app: the whole table on one screen, every action a few keys away."""
