"""Generated engines: output of `rulebook build`, never edited by hand."""
