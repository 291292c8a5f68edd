"""belote-docs: the generator of the Belote app's rules help site."""
