"""Development tools: the README's screenshots and the catalogues' sentences, one command each
(`python -m tools.screenshots`, `python -m tools.i18n_extract`). Not part of the app."""
