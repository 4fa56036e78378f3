"""Translation catalogues (.po) for Malay and Thai."""
