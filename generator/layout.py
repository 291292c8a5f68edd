"""The project's layout: the folders and the file every command on a project (``-C DIR``) finds
there. A module of its own so that the command line can tell a project from another folder
without importing the loader."""

CONTENT, TEMPLATES, ASSETS = "content", "templates", "assets"
SITE_FILE = f"{CONTENT}/site.yaml"
