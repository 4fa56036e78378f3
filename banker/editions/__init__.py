"""The boards that ship with Banker, as TOML edition files."""
